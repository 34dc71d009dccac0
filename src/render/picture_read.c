/*
 * picture_read.c - Green Hackenbush pictures read from DOT files through
 * cgraph: an undirected multigraph (loops and repeated edges allowed) whose
 * node named "ground", or the one --ground names, is the ground.
 *
 * The picture keeps the edges in the file's order (they are numbered so in
 * names and drawings) and the vertices that touch an edge, the ground
 * first; the kind (games/hackenbush.c) does the rest.
 */
#include "games/hackenbush.h"
#include "render/render_gv.h"

#include <stdlib.h>
#include <string.h>

typedef struct seq_edge {
    uint64_t seq;
    Agedge_t *e;
} seq_edge;

static int by_seq(const void *a, const void *b)
{
    const seq_edge *x = a, *y = b;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Reads one picture from PATH.  Returns NULL after recording an error that
 * names the file. */
static sg_picture *read_picture(sg_ctx *ctx, const char *path,
                                const char *ground)
{
    const char *origin = strcmp(path, "-") == 0 ? "stdin" : path;
    Agraph_t *g = sg_dot_read_graph(ctx, path, "picture",
                                    "graph { ground -- a; a -- b; ... }");
    if (!g)
        return NULL;
    sg_picture *p = NULL;
    seq_edge *edges = NULL;
    if (agisdirected(g)) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: the graph is directed; a Hackenbush "
                    "picture is undirected (\"graph\", edges a -- b)", origin);
        goto fail;
    }
    Agnode_t *gn = agnode(g, SG_GV_STR(ground), 0);
    if (!gn) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: no node named \"%.60s\", the ground "
                    "(name the ground node ground, or give --ground NAME)",
                    origin, ground);
        goto fail;
    }
    size_t m = (size_t)agnedges(g);
    if (m > SG_PICTURE_MAX_EDGES) {
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu edges; sgviz plays pictures of "
                    "at most %u edges", origin, m, SG_PICTURE_MAX_EDGES);
        goto fail;
    }
    size_t nv = (size_t)agnnodes(g);
    p = sg_alloc(ctx, 1, sizeof *p);
    edges = sg_alloc_raw(ctx, m + 1, sizeof *edges);
    if (!p || !edges)
        goto fail;
    p->name = sg_strdup(ctx, path);
    p->vnames = sg_alloc(ctx, nv + 1, sizeof *p->vnames);
    p->eu = sg_alloc_raw(ctx, m + 1, sizeof *p->eu);
    p->ev = sg_alloc_raw(ctx, m + 1, sizeof *p->ev);
    if (!p->name || !p->vnames || !p->eu || !p->ev)
        goto fail;
    size_t k = 0;
    for (Agnode_t *v = agfstnode(g); v; v = agnxtnode(g, v))
        for (Agedge_t *e = agfstout(g, v); e; e = agnxtout(g, e))
            edges[k++] = (seq_edge){(uint64_t)AGSEQ(e), e};
    qsort(edges, k, sizeof *edges, by_seq);
    /* Vertices by first appearance, the ground as 0: a node's number is
     * kept in the id of a record-free map, its sequence number. */
    size_t *number = sg_alloc_raw(ctx, nv + 1, sizeof *number);
    Agnode_t **byseq = sg_alloc(ctx, nv + 1, sizeof *byseq);
    if (!number || !byseq) {
        free(number);
        free(byseq);
        goto fail;
    }
    for (size_t i = 0; i <= nv; i++)
        number[i] = SIZE_MAX;
    /* Node sequence numbers run from 0 (or 1) up to below the count. */
    size_t n = 0;
    number[(size_t)AGSEQ(gn) % (nv + 1)] = n;
    byseq[n++] = gn;
    for (size_t i = 0; i < k; i++) {
        Agnode_t *ends[2] = {agtail(edges[i].e), aghead(edges[i].e)};
        for (int j = 0; j < 2; j++) {
            size_t s = (size_t)AGSEQ(ends[j]) % (nv + 1);
            if (number[s] == SIZE_MAX) {
                number[s] = n;
                byseq[n++] = ends[j];
            }
        }
        p->eu[i] = (uint32_t)number[(size_t)AGSEQ(ends[0]) % (nv + 1)];
        p->ev[i] = (uint32_t)number[(size_t)AGSEQ(ends[1]) % (nv + 1)];
    }
    p->nedges = k;
    p->nverts = n;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        p->vnames[i] = sg_strdup(ctx, agnameof(byseq[i]));
        ok = p->vnames[i] != NULL;
    }
    free(number);
    free(byseq);
    if (!ok)
        goto fail;
    free(edges);
    agclose(g);
    return p;
fail:
    free(edges);
    sg_picture_free(p);
    agclose(g);
    return NULL;
}

sg_game *sg_game_read_hackenbush(sg_ctx *ctx, const char *const *paths,
                                 size_t n, const char *ground)
{
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "no picture: give a DOT file with -H");
        return NULL;
    }
    if (!ground)
        ground = "ground";
    sg_picture **pics = sg_alloc(ctx, n, sizeof *pics);
    if (!pics)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        pics[i] = read_picture(ctx, paths[i], ground);
        if (!pics[i]) {
            for (size_t j = 0; j < i; j++)
                sg_picture_free(pics[j]);
            free(pics);
            return NULL;
        }
    }
    return sg_game_from_pictures(ctx, pics, n);
}
