/*
 * theme.c - themes: DOT files whose attributes style a drawing.
 *
 * A theme is read with cgraph like any graph.  Its graph, node and edge
 * defaults style the whole drawing; nodes with special names (P, N, pending,
 * current, target, legend) and edges between them (N -> P, ...) hold the
 * styles of particular positions and moves.  Writing the styles in DOT
 * itself means a theme can say anything Graphviz can draw, and a user edits
 * it with the same knowledge as a DOT file of their own.
 *
 * Everything is copied out of the cgraph graph into plain strings, so a
 * theme holds no Graphviz object and a drawing can keep its own copy.
 */
#include "render/fonts.h"
#include "render/render_draw.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names that the node styles and the ends of the edge styles go by,
 * in the order of sg_node_style_id and sg_edge_style_id. */
static const char *const node_style_names[NODE_STYLE_COUNT] = {
    "P", "N", "pending", "current", "target", "legend"};
static const char *const edge_style_ends[EDGE_STYLE_COUNT][2] = {
    {"N", "P"},           {"N", "N"},         {"P", "N"},
    {"dense", "dense"},   {"current", "target"}, {"pending", "pending"}};

/* Attributes a theme may not set: sgviz decides labels, coordinates and
 * sizes itself (sizes are fixed so that restyling never moves anything),
 * and the graph's own label and layout would fight the legend and the
 * layouts. */
static bool blocked(int kind, const char *name)
{
    static const char *const node_blocked[] = {
        "label", "pos", "width", "height", "fixedsize", "id", NULL};
    static const char *const edge_blocked[] = {
        "label", "pos", "lp", "id", "key", "head_lp", "tail_lp", NULL};
    static const char *const graph_blocked[] = {
        "label", "bb", "layout", "lp", "lwidth", "lheight", "_draw_",
        "_ldraw_", NULL};
    const char *const *list = kind == AGNODE   ? node_blocked
                              : kind == AGEDGE ? edge_blocked
                                               : graph_blocked;
    for (; *list; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

const char *sg_attr_find(const sg_attr_list *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->items[i].name, name) == 0)
            return l->items[i].value;
    return NULL;
}

double sg_theme_number(const sg_attr_list *l, const char *name,
                       double fallback)
{
    const char *v = sg_attr_find(l, name);
    if (!v || !*v)
        return fallback;
    char *end;
    double d = strtod(v, &end);
    return end != v && d > 0 && d < 1000 ? d : fallback;
}

static sg_status attr_add(sg_ctx *ctx, sg_attr_list *l, const char *name,
                          const char *value)
{
    sg_attr *items = sg_grow(ctx, l->items, l->n + 1, sizeof *items);
    if (!items)
        return ctx->status;
    l->items = items;
    items[l->n].name = sg_strdup(ctx, name);
    items[l->n].value = sg_strdup(ctx, value);
    if (!items[l->n].name || !items[l->n].value) {
        free(items[l->n].name);
        free(items[l->n].value);
        return ctx->status;
    }
    l->n++;
    return SG_OK;
}

/* Sets NAME to VALUE in L, in place of its old value or added. */
static sg_status attr_put(sg_ctx *ctx, sg_attr_list *l, const char *name,
                          const char *value)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->items[i].name, name) == 0) {
            char *v = sg_strdup(ctx, value);
            if (!v)
                return ctx->status;
            free(l->items[i].value);
            l->items[i].value = v;
            return SG_OK;
        }
    return attr_add(ctx, l, name, value);
}

/* Multiplies the font size L sets, if any, by FACTOR. */
static sg_status scale_font(sg_ctx *ctx, sg_attr_list *l, double factor)
{
    double fs = sg_theme_number(l, "fontsize", 0);
    if (fs <= 0)
        return SG_OK;
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", fs * factor);
    return attr_put(ctx, l, "fontsize", buf);
}

sg_status sg_theme_set_font_size(sg_ctx *ctx, sg_theme *theme, double points)
{
    if (!(points >= 4 && points <= 144))
        return sg_ctx_fail(ctx, SG_EINPUT, "font size %g: give 4 to 144 "
                           "points", points);
    /* Every size keeps its proportion to the positions' labels. */
    double factor = points / sg_theme_number(&theme->node, "fontsize", 14);
    sg_status st = scale_font(ctx, &theme->edge, factor);
    for (int i = 0; st == SG_OK && i < NODE_STYLE_COUNT; i++)
        st = scale_font(ctx, &theme->node_style[i], factor);
    for (int i = 0; st == SG_OK && i < EDGE_STYLE_COUNT; i++)
        st = scale_font(ctx, &theme->edge_style[i], factor);
    if (st != SG_OK)
        return st;
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", points);
    return attr_put(ctx, &theme->node, "fontsize", buf);
}

/* Whether the font FAMILY (a Graphviz fontname) is sans serif: the
 * built-in themes' Helvetica and its like, which a script of its own must
 * keep sans. */
static bool sans_font(const char *family)
{
    static const char *const sans[] = {"Helvetica", "Arial", "sans",
                                       "Sans", "Verdana", NULL};
    for (size_t i = 0; sans[i]; i++)
        if (strstr(family, sans[i]))
            return !strstr(family, "Serif") || strstr(family, "sans-Serif");
    return false;
}

/* Sets every sans fontname of L to FAMILY after it ("Helvetica,FAMILY,
 * sans-Serif"),
 * so that Latin letters keep their font and the script's characters come
 * from FAMILY; SVG names both in its font-family. */
static sg_status font_for_script(sg_ctx *ctx, sg_attr_list *l,
                                 const char *family)
{
    const char *old = sg_attr_find(l, "fontname");
    if (!old || !sans_font(old) || strstr(old, family))
        return SG_OK;
    /* A viewer of the SVG without FAMILY still takes a sans font. */
    char buf[256];
    snprintf(buf, sizeof buf, "%s,%s%s", old, family,
             strstr(old, "sans-") ? "" : ",sans-Serif");
    return attr_put(ctx, l, "fontname", buf);
}

sg_status sg_theme_for_lang(sg_ctx *ctx, sg_theme *theme, const char *lang)
{
    const char *family = sg_font_sans_for_lang(lang);
    if (!family)
        return SG_OK;
    sg_status st = font_for_script(ctx, &theme->graph, family);
    if (st == SG_OK)
        st = font_for_script(ctx, &theme->node, family);
    if (st == SG_OK)
        st = font_for_script(ctx, &theme->edge, family);
    for (int i = 0; st == SG_OK && i < NODE_STYLE_COUNT; i++)
        st = font_for_script(ctx, &theme->node_style[i], family);
    for (int i = 0; st == SG_OK && i < EDGE_STYLE_COUNT; i++)
        st = font_for_script(ctx, &theme->edge_style[i], family);
    return st;
}

sg_status sg_theme_set_dpi(sg_ctx *ctx, sg_theme *theme, double dpi)
{
    if (!(dpi >= 36 && dpi <= 1200))
        return sg_ctx_fail(ctx, SG_EINPUT, "resolution %g: give 36 to 1200 "
                           "dots per inch", dpi);
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", dpi);
    return attr_put(ctx, &theme->graph, "dpi", buf);
}

static void attr_list_free(sg_attr_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].name);
        free(l->items[i].value);
    }
    free(l->items);
    l->items = NULL;
    l->n = 0;
}

void sg_theme_free(sg_theme *theme)
{
    if (!theme)
        return;
    attr_list_free(&theme->graph);
    attr_list_free(&theme->node);
    attr_list_free(&theme->edge);
    attr_list_free(&theme->node_names);
    attr_list_free(&theme->edge_names);
    for (int i = 0; i < NODE_STYLE_COUNT; i++)
        attr_list_free(&theme->node_style[i]);
    for (int i = 0; i < EDGE_STYLE_COUNT; i++)
        attr_list_free(&theme->edge_style[i]);
    free(theme->origin);
    free(theme);
}

/* Adds NAME = VALUE to L when the attribute may style a drawing and its
 * value is of the right form (attr.c); a bad value is an error
 * naming OWNER in the theme ORIGIN. */
static sg_status attr_add_checked(sg_ctx *ctx, sg_attr_list *l, int kind,
                                  const char *name, const char *value,
                                  const char *origin, const char *owner)
{
    bool keep;
    char *cleaned;
    if (blocked(kind, name))
        return SG_OK;
    if (sg_attr_check(ctx, kind, name, value, false, origin, owner, &keep,
                      &cleaned) != SG_OK)
        return ctx->status;
    sg_status st = keep ? attr_add(ctx, l, name, cleaned ? cleaned : value)
                        : SG_OK;
    free(cleaned);
    return st;
}

/* The attributes of OBJ that differ from their defaults: those written on
 * the node or edge itself. */
static sg_status own_attrs(sg_ctx *ctx, Agraph_t *g, void *obj, int kind,
                           sg_attr_list *out, const char *origin,
                           const char *owner)
{
    for (Agsym_t *sym = agnxtattr(g, kind, NULL); sym;
         sym = agnxtattr(g, kind, sym)) {
        const char *v = agxget(obj, sym);
        if (strcmp(v, sym->defval ? sym->defval : "") != 0 &&
            attr_add_checked(ctx, out, kind, sym->name, v, origin, owner) !=
                SG_OK)
            return ctx->status;
    }
    return SG_OK;
}

static sg_theme *theme_of_graph(sg_ctx *ctx, Agraph_t *g, const char *origin)
{
    sg_theme *t = sg_alloc(ctx, 1, sizeof *t);
    if (!t)
        return NULL;
    t->origin = sg_strdup(ctx, origin);
    if (!t->origin)
        goto fail;
    for (Agsym_t *sym = agnxtattr(g, AGRAPH, NULL); sym;
         sym = agnxtattr(g, AGRAPH, sym)) {
        const char *v = agxget(g, sym);
        if (*v && attr_add_checked(ctx, &t->graph, AGRAPH, sym->name, v,
                                   origin, "the graph") != SG_OK)
            goto fail;
    }
    for (Agsym_t *sym = agnxtattr(g, AGNODE, NULL); sym;
         sym = agnxtattr(g, AGNODE, sym)) {
        if (blocked(AGNODE, sym->name) || !sg_attr_passes(AGNODE, sym->name))
            continue;
        if (attr_add(ctx, &t->node_names, sym->name, "") != SG_OK ||
            (sym->defval && *sym->defval &&
             attr_add_checked(ctx, &t->node, AGNODE, sym->name, sym->defval,
                              origin, "the node defaults") != SG_OK))
            goto fail;
    }
    for (Agsym_t *sym = agnxtattr(g, AGEDGE, NULL); sym;
         sym = agnxtattr(g, AGEDGE, sym)) {
        if (blocked(AGEDGE, sym->name) || !sg_attr_passes(AGEDGE, sym->name))
            continue;
        if (attr_add(ctx, &t->edge_names, sym->name, "") != SG_OK ||
            (sym->defval && *sym->defval &&
             attr_add_checked(ctx, &t->edge, AGEDGE, sym->name, sym->defval,
                              origin, "the edge defaults") != SG_OK))
            goto fail;
    }
    char owner[64];
    for (int i = 0; i < NODE_STYLE_COUNT; i++) {
        Agnode_t *n = agnode(g, SG_GV_STR(node_style_names[i]), 0);
        t->has_node_style[i] = n != NULL;
        snprintf(owner, sizeof owner, "node %s", node_style_names[i]);
        if (n && own_attrs(ctx, g, n, AGNODE, &t->node_style[i], origin,
                           owner) != SG_OK)
            goto fail;
    }
    for (int i = 0; i < EDGE_STYLE_COUNT; i++) {
        Agnode_t *a = agnode(g, SG_GV_STR(edge_style_ends[i][0]), 0);
        Agnode_t *b = agnode(g, SG_GV_STR(edge_style_ends[i][1]), 0);
        Agedge_t *e = a && b ? agedge(g, a, b, NULL, 0) : NULL;
        t->has_edge_style[i] = e != NULL;
        snprintf(owner, sizeof owner, "edge %s -> %s", edge_style_ends[i][0],
                 edge_style_ends[i][1]);
        if (e && own_attrs(ctx, g, e, AGEDGE, &t->edge_style[i], origin,
                           owner) != SG_OK)
            goto fail;
    }
    return t;
fail:
    sg_theme_free(t);
    return NULL;
}

/* Parses theme TEXT (NUL-terminated) read from ORIGIN. */
static sg_theme *theme_parse(sg_ctx *ctx, const char *text, const char *origin)
{
    if (!sg_gv_context(ctx))
        return NULL;
    /* cgraph's scanner keeps what it read beyond a graph (at least the
     * last newline) for the next read, which then counts its lines wrong.
     * So whatever an earlier read (ours or the caller's) left is read away
     * first, and after the theme the scanner is read to the end, which
     * also finds a second graph, which a theme must not have. */
    sg_gv_errors_begin(origin);
    Agraph_t *stale = agmemread(SG_GV_STR(""));
    if (stale)
        agclose(stale);
    sg_gv_errors_begin(origin);
    agsetfile(SG_GV_STR(origin));
    Agraph_t *g = agmemread(text);
    int errors = agerrors();
    Agraph_t *rest = agmemread(SG_GV_STR(""));
    if (!g || errors)
        sg_gv_scanner_reset();
    char message[600];
    sg_gv_errors_end(message, sizeof message);
    g = sg_gv_one_graph(ctx, g, rest, errors, message, origin, "theme",
                        "digraph { node [...]; P [...]; N [...] }");
    if (!g)
        return NULL;
    sg_theme *t = theme_of_graph(ctx, g, origin);
    agclose(g);
    return t;
}

/* Adds to L every attribute of BASE whose name is neither in L nor, when
 * MENTIONED is not NULL, among the names the theme mentions. */
static sg_status list_fill(sg_ctx *ctx, sg_attr_list *l,
                           const sg_attr_list *base,
                           const sg_attr_list *mentioned)
{
    for (size_t i = 0; i < base->n; i++) {
        const char *name = base->items[i].name;
        if (sg_attr_find(l, name) || (mentioned && sg_attr_find(mentioned, name)))
            continue;
        if (attr_add(ctx, l, name, base->items[i].value))
            return ctx->status;
    }
    return SG_OK;
}

/* Completes theme T from the built-in classic.  An attribute T never
 * mentions takes classic's value, in the defaults and in each style T
 * names; a style T does not name at all comes whole from classic.  So a
 * theme of one's own needs only what it changes: "P [fillcolor=green]"
 * keeps classic's double border for P-positions, and --highlight-wins
 * still works.  The built-in themes mention every attribute classic sets,
 * so nothing of classic leaks into them. */
static sg_theme *complete(sg_ctx *ctx, sg_theme *t)
{
    if (!t)
        return NULL;
    const char *text = sg_builtin_file("themes/classic.dot", NULL);
    if (!text) {
        sg_theme_free(t);
        sg_ctx_fail(ctx, SG_EINTERNAL, "the built-in theme classic is missing");
        return NULL;
    }
    sg_theme *base = theme_parse(ctx, text, "classic");
    bool ok = base && list_fill(ctx, &t->graph, &base->graph, NULL) == SG_OK &&
              list_fill(ctx, &t->node, &base->node, &t->node_names) == SG_OK &&
              list_fill(ctx, &t->edge, &base->edge, &t->edge_names) == SG_OK;
    for (int i = 0; ok && i < NODE_STYLE_COUNT; i++) {
        ok = list_fill(ctx, &t->node_style[i], &base->node_style[i],
                       t->has_node_style[i] ? &t->node_names : NULL) == SG_OK;
        t->has_node_style[i] = true;
    }
    for (int i = 0; ok && i < EDGE_STYLE_COUNT; i++) {
        ok = list_fill(ctx, &t->edge_style[i], &base->edge_style[i],
                       t->has_edge_style[i] ? &t->edge_names : NULL) == SG_OK;
        t->has_edge_style[i] = true;
    }
    sg_theme_free(base);
    if (!ok) {
        sg_theme_free(t);
        return NULL;
    }
    return t;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

const char *sg_theme_names(void)
{
    /* Built once from the embedded files, so that a theme added under
     * templates/themes/ is listed without touching this code. */
    static char names[256];
    if (names[0])
        return names;
    size_t used = 0;
    for (size_t i = 0; i < sg_builtin_count; i++) {
        const char *f = sg_builtin_files[i].name;
        if (strncmp(f, "themes/", 7) != 0 || !ends_with(f, ".dot"))
            continue;
        int w = snprintf(names + used, sizeof names - used, "%s%.*s",
                         used ? ", " : "", (int)(strlen(f) - 11), f + 7);
        if (w < 0 || (size_t)w >= sizeof names - used)
            break;
        used += (size_t)w;
    }
    return names;
}

sg_theme *sg_theme_load(sg_ctx *ctx, const char *name)
{
    bool is_file = strchr(name, '/') || ends_with(name, ".dot") ||
                   ends_with(name, ".gv");
    if (!is_file) {
        char path[128];
        const char *text = NULL;
        if (*name && strlen(name) < 64) {
            snprintf(path, sizeof path, "themes/%s.dot", name);
            text = sg_builtin_file(path, NULL);
        }
        if (!text) {
            char quoted[96];
            sg_quote(name, strlen(name), quoted, sizeof quoted);
            static const char *const themes[] = {"classic", "dark", "print"};
            int near = sg_nearest_word(name, themes, 3);
            char hint[48] = "";
            if (near >= 0)
                snprintf(hint, sizeof hint, "; did you mean %s?",
                         themes[near]);
            sg_ctx_fail(ctx, SG_EINPUT, "unknown theme \"%s\"%s (built in: "
                        "%s; or give a FILE.dot of your own)", quoted, hint,
                        sg_theme_names());
            return NULL;
        }
        sg_theme *t = theme_parse(ctx, text, name);
        return strcmp(name, "classic") == 0 ? t : complete(ctx, t);
    }

    FILE *f = fopen(name, "rb");
    if (!f) {
        sg_ctx_fail(ctx, sg_open_status(errno), "%s: cannot open theme: %s",
                    name, strerror(errno));
        return NULL;
    }
    sg_buf b;
    sg_buf_init(&b);
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.len + got > SG_TEMPLATE_MAX_LEN) {
            fclose(f);
            sg_buf_free(&b);
            sg_ctx_fail(ctx, SG_ELIMIT, "%s: a theme of more than %zu bytes "
                        "is not a theme", name, (size_t)SG_TEMPLATE_MAX_LEN);
            return NULL;
        }
        sg_buf_add(&b, chunk, got);
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_EIO, "%s: cannot read theme", name);
        return NULL;
    }
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory reading %s", name);
        return NULL;
    }
    /* cgraph reads a theme up to its first NUL byte and would drop the
     * rest without a word. */
    const char *nul = b.data ? memchr(b.data, '\0', b.len) : NULL;
    if (nul) {
        unsigned long line = 1;
        for (const char *p = b.data; p < nul; p++)
            line += *p == '\n';
        sg_buf_free(&b);
        sg_fail_at(ctx, SG_EINPUT, name, line, 0, "a NUL byte; a theme is "
                   "text");
        return NULL;
    }
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory reading %s", name);
        return NULL;
    }
    /* A byte order mark at the start is no part of the DOT text. */
    const char *text = b.data;
    if (b.len >= 4 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        text += 3;
    sg_theme *t = theme_parse(ctx, text, name);
    sg_buf_free(&b);
    return complete(ctx, t);
}

static sg_status list_copy(sg_ctx *ctx, sg_attr_list *to,
                           const sg_attr_list *from)
{
    for (size_t i = 0; i < from->n; i++)
        if (attr_add(ctx, to, from->items[i].name, from->items[i].value))
            return ctx->status;
    return SG_OK;
}

sg_theme *sg_theme_clone(sg_ctx *ctx, const sg_theme *theme)
{
    sg_theme *t = sg_alloc(ctx, 1, sizeof *t);
    if (!t)
        return NULL;
    t->origin = sg_strdup(ctx, theme->origin);
    bool ok = t->origin && list_copy(ctx, &t->graph, &theme->graph) == SG_OK &&
              list_copy(ctx, &t->node, &theme->node) == SG_OK &&
              list_copy(ctx, &t->edge, &theme->edge) == SG_OK &&
              list_copy(ctx, &t->node_names, &theme->node_names) == SG_OK &&
              list_copy(ctx, &t->edge_names, &theme->edge_names) == SG_OK;
    for (int i = 0; ok && i < NODE_STYLE_COUNT; i++) {
        ok = list_copy(ctx, &t->node_style[i], &theme->node_style[i]) == SG_OK;
        t->has_node_style[i] = theme->has_node_style[i];
    }
    for (int i = 0; ok && i < EDGE_STYLE_COUNT; i++) {
        ok = list_copy(ctx, &t->edge_style[i], &theme->edge_style[i]) == SG_OK;
        t->has_edge_style[i] = theme->has_edge_style[i];
    }
    if (!ok) {
        sg_theme_free(t);
        return NULL;
    }
    return t;
}
