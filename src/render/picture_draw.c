/*
 * picture_draw.c - a Green Hackenbush picture drawn as itself: the ground a
 * line along the bottom, the edges standing on it, each marked with the
 * value that deleting it leaves and the winning deletions (those that
 * leave 0) in red, as a lecturer draws it on the board.
 *
 * A picture is small and its shape is the point, so it is laid out by
 * dot (bottom to top, each edge leading away from the ground), not by the
 * fixed layouts of the state graphs.
 */
#include "games/hackenbush.h"
#include "render/render_gv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sg_game_draws_pictures(const sg_game *game)
{
    return sg_game_picture(game, 0) != NULL;
}

/* The distance of each vertex from the ground along the edges, SIZE_MAX
 * for those that do not reach it, into DEPTH. */
static void depths(const sg_picture *p, size_t *depth)
{
    for (size_t v = 0; v < p->nverts; v++)
        depth[v] = SIZE_MAX;
    depth[0] = 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t e = 0; e < p->nedges; e++) {
            size_t a = p->eu[e], b = p->ev[e];
            if (depth[a] != SIZE_MAX && depth[a] + 1 < depth[b]) {
                depth[b] = depth[a] + 1;
                grew = true;
            }
            if (depth[b] != SIZE_MAX && depth[b] + 1 < depth[a]) {
                depth[a] = depth[b] + 1;
                grew = true;
            }
        }
    }
}

/* Builds the graph of picture P; VALUE is its value, LEFT[e] the value
 * deleting edge e leaves (SG_VALUE_UNKNOWN for an edge that does not reach
 * the ground). */
static Agraph_t *build(const sg_picture *p, sg_value value,
                       const sg_value *left, const size_t *depth, bool zh)
{
    Agraph_t *g = agopen(SG_GV_STR("picture"), Agundirected, NULL);
    if (!g)
        return NULL;
    agattr(g, AGRAPH, SG_GV_STR("rankdir"), SG_GV_STR("BT"));
    agattr(g, AGRAPH, SG_GV_STR("bgcolor"), SG_GV_STR("white"));
    agattr(g, AGRAPH, SG_GV_STR("pad"), SG_GV_STR("0.25"));
    agattr(g, AGRAPH, SG_GV_STR("nodesep"), SG_GV_STR("0.45"));
    agattr(g, AGRAPH, SG_GV_STR("ranksep"), SG_GV_STR("0.55"));
    agattr(g, AGRAPH, SG_GV_STR("labelloc"), SG_GV_STR("t"));
    agattr(g, AGRAPH, SG_GV_STR("fontname"), SG_GV_STR("Helvetica"));
    agattr(g, AGRAPH, SG_GV_STR("fontsize"), SG_GV_STR("13"));
    char caption[512];
    size_t wins = 0;
    for (size_t e = 0; e < p->nedges; e++)
        wins += left[e] == 0;
    if (zh)
        snprintf(caption, sizeof caption, "%s：SG = %llu（%s）\n每条边标出删去"
                 "它后的 SG 值；红色：必胜的删法（%zu 种）", p->name,
                 (unsigned long long)value, value ? "N" : "P", wins);
    else
        snprintf(caption, sizeof caption, "%s: sg = %llu (%s)\neach edge: "
                 "the value its deletion leaves; red: the %zu winning "
                 "deletion%s", p->name, (unsigned long long)value,
                 value ? "N" : "P", wins, wins == 1 ? "" : "s");
    agattr(g, AGRAPH, SG_GV_STR("label"), SG_GV_STR(caption));
    Agsym_t *shape = agattr(g, AGNODE, SG_GV_STR("shape"), SG_GV_STR("circle"));
    Agsym_t *width = agattr(g, AGNODE, SG_GV_STR("width"), SG_GV_STR("0.3"));
    Agsym_t *height = agattr(g, AGNODE, SG_GV_STR("height"), SG_GV_STR("0.3"));
    Agsym_t *fixed = agattr(g, AGNODE, SG_GV_STR("fixedsize"),
                            SG_GV_STR("false"));
    Agsym_t *style = agattr(g, AGNODE, SG_GV_STR("style"), SG_GV_STR("filled"));
    Agsym_t *fill = agattr(g, AGNODE, SG_GV_STR("fillcolor"),
                           SG_GV_STR("#f4f1e8"));
    Agsym_t *nlabel = agattr(g, AGNODE, SG_GV_STR("label"), SG_GV_STR(""));
    agattr(g, AGNODE, SG_GV_STR("fontname"), SG_GV_STR("Helvetica"));
    agattr(g, AGNODE, SG_GV_STR("fontsize"), SG_GV_STR("10"));
    agattr(g, AGNODE, SG_GV_STR("margin"), SG_GV_STR("0.02"));
    Agsym_t *ecolor = agattr(g, AGEDGE, SG_GV_STR("color"),
                             SG_GV_STR("#2e7d32"));
    Agsym_t *pen = agattr(g, AGEDGE, SG_GV_STR("penwidth"), SG_GV_STR("2.5"));
    Agsym_t *elabel = agattr(g, AGEDGE, SG_GV_STR("label"), SG_GV_STR(""));
    Agsym_t *efont = agattr(g, AGEDGE, SG_GV_STR("fontcolor"),
                            SG_GV_STR("#222222"));
    Agsym_t *estyle = agattr(g, AGEDGE, SG_GV_STR("style"), SG_GV_STR(""));
    agattr(g, AGEDGE, SG_GV_STR("fontname"), SG_GV_STR("Helvetica"));
    agattr(g, AGEDGE, SG_GV_STR("fontsize"), SG_GV_STR("11"));

    Agnode_t **node = malloc((p->nverts + 1) * sizeof *node);
    if (!node) {
        agclose(g);
        return NULL;
    }
    /* The ground: a wide, flat bar under everything. */
    size_t on_ground = 0;
    for (size_t e = 0; e < p->nedges; e++)
        on_ground += (p->eu[e] == 0) + (p->ev[e] == 0);
    Agraph_t *bottom = agsubg(g, SG_GV_STR("ground_rank"), 1);
    agsafeset(bottom, SG_GV_STR("rank"), SG_GV_STR("min"), SG_GV_STR(""));
    node[0] = agnode(bottom, SG_GV_STR("ground"), 1);
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f",
             on_ground > 3 ? 0.6 * (double)on_ground : 2.0);
    agxset(node[0], shape, SG_GV_STR("box"));
    agxset(node[0], width, buf);
    agxset(node[0], height, SG_GV_STR("0.08"));
    agxset(node[0], fixed, SG_GV_STR("true"));
    agxset(node[0], fill, SG_GV_STR("#5d4037"));
    agxset(node[0], style, SG_GV_STR("filled"));
    for (size_t v = 1; v < p->nverts; v++) {
        char id[32];
        snprintf(id, sizeof id, "v%zu", v);
        node[v] = agnode(g, id, 1);
        agxset(node[v], nlabel, p->vnames[v]);
    }
    for (size_t e = 0; e < p->nedges; e++) {
        /* Each edge leads away from the ground, so that dot stands the
         * picture on it. */
        size_t a = p->eu[e], b = p->ev[e];
        if (depth[b] < depth[a]) {
            size_t t = a;
            a = b;
            b = t;
        }
        char id[32];
        snprintf(id, sizeof id, "e%zu", e + 1);
        Agedge_t *edge = agedge(g, node[a], node[b], id, 1);
        char label[48];
        if (left[e] == SG_VALUE_UNKNOWN) {
            agxset(edge, ecolor, SG_GV_STR("#9e9e9e"));
            agxset(edge, estyle, SG_GV_STR("dashed"));
            agxset(edge, pen, SG_GV_STR("1"));
            snprintf(label, sizeof label, "#%zu", e + 1);
        } else {
            snprintf(label, sizeof label, "#%zu \xe2\x86\x92 %llu", e + 1,
                     (unsigned long long)left[e]);
            if (left[e] == 0) {
                agxset(edge, ecolor, SG_GV_STR("#d32f2f"));
                agxset(edge, efont, SG_GV_STR("#d32f2f"));
                agxset(edge, pen, SG_GV_STR("4"));
            }
        }
        agxset(edge, elabel, label);
    }
    free(node);
    return g;
}

sg_status sg_picture_render(sg_ctx *ctx, const sg_game *game,
                            const char *format, const char *lang, FILE *out)
{
    const sg_picture *p = sg_game_picture(game, 0);
    if (!p)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s is not played on pictures",
                           sg_game_spec(game));
    if (lang && strcmp(lang, "en") != 0 && strcmp(lang, "zh") != 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown language \"%.40s\" "
                           "(known: en, zh)", lang);
    GVC_t *gvc = sg_gv_context(ctx);
    if (!gvc)
        return ctx->status;
    sg_value *left = sg_alloc_raw(ctx, p->nedges + 1, sizeof *left);
    unsigned char *keep = sg_alloc_raw(ctx, p->nedges + 1, 1);
    size_t *depth = sg_alloc_raw(ctx, p->nverts + 1, sizeof *depth);
    if (!left || !keep || !depth) {
        free(left);
        free(keep);
        free(depth);
        return ctx->status;
    }
    depths(p, depth);
    memset(keep, 1, p->nedges);
    sg_value value = sg_picture_value(p, keep, NULL, NULL);
    for (size_t e = 0; e < p->nedges; e++) {
        if (depth[p->eu[e]] == SIZE_MAX) {
            left[e] = SG_VALUE_UNKNOWN;
            continue;
        }
        keep[e] = 0;
        left[e] = sg_picture_value(p, keep, NULL, NULL);
        keep[e] = 1;
    }
    free(keep);
    Agraph_t *g = build(p, value, left, depth, lang && strcmp(lang, "zh") == 0);
    free(left);
    free(depth);
    if (!g)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory drawing %s",
                           p->name);
    char message[600];
    sg_gv_errors_begin(p->name);
    sg_status st = SG_OK;
    if (gvLayout(gvc, g, "dot") != 0) {
        sg_gv_errors_end(message, sizeof message);
        st = sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not lay out %s%s%s",
                         p->name, message[0] ? ": " : "", message);
        agclose(g);
        return st;
    }
    char *data = NULL;
    unsigned int len = 0;
    int rc = gvRenderData(gvc, g, SG_GV_STR(format), &data, &len);
    sg_gv_free_layout(gvc, g);
    sg_gv_errors_end(message, sizeof message);
    agclose(g);
    if (rc != 0) {
        if (data)
            gvFreeRenderData(data);
        return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not write %s as "
                           "%s%s%s", p->name, format, message[0] ? ": " : "",
                           message);
    }
    bool bad = len && fwrite(data, 1, len, out) != len;
    gvFreeRenderData(data);
    if (bad || fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the picture");
    return SG_OK;
}
