/*
 * hackenbush.c - Green Hackenbush: pictures of edges standing on the
 * ground; a move deletes one edge, and whatever no longer reaches the
 * ground falls away; whoever cannot move loses.
 *
 * Values by the two principles of Winning Ways (ch. 7):
 * - the colon principle: a vertex's branches may be replaced by one stalk
 *   whose length is the nim-sum of theirs, so in a tree a vertex's stalk
 *   is the nim-sum of (child's stalk + 1) over its children;
 * - the fusion principle: the vertices of a cycle may be fused into one
 *   without changing the value, each edge of the cycle becoming a loop
 *   there, and a loop is a stalk of one edge.
 * Fusing every cycle fuses each 2-edge-connected part of the picture (the
 * vertices that no single deletion separates) into one vertex, with one
 * loop for each of its edges; the bridges that remain form a tree, and the
 * colon principle finishes it.  Finding the bridges (Tarjan's lowpoints)
 * and the tree takes one pass over the edges.
 *
 * The positions are pictures.  When every picture has at most 64 edges and
 * the pictures their deletions reach are few, they are every such picture
 * (an edge set, pruned to what reaches the ground), numbered by their
 * number of edges so that every deletion goes to a smaller number, and
 * the engine computes their values by the mex of the deletions themselves:
 * the traces show the definition and the principles side by side.
 * Otherwise they are each file's picture and the pictures one deletion
 * from it, whose values come from the principles alone; table, value,
 * solve and the picture's drawing work on them, and what would need every
 * picture's moves says so.
 */
#include "games/hackenbush.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sg_picture_free(sg_picture *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nverts; i++)
        free(p->vnames ? p->vnames[i] : NULL);
    free(p->vnames);
    free(p->eu);
    free(p->ev);
    free(p->name);
    free(p);
}

/* ------------------------------------------------------------------------ */
/* The principles                                                           */
/* ------------------------------------------------------------------------ */

/* Scratch space for one picture's value. */
typedef struct work {
    size_t V, E;
    size_t *adj_start;  /* vertex v's incidences: adj[adj_start[v] .. +1) */
    size_t *adj_edge;
    uint32_t *adj_to;
    int32_t *disc, *low; /* DFS discovery order and lowpoints, -1 unseen */
    size_t *stack_v, *stack_it, *stack_pe;
    unsigned char *bridge, *live;
    size_t *comp;        /* the fused vertex (part) of each vertex */
    size_t ncomps;
    size_t *loops;       /* non-bridge edges of each part */
    size_t *members;     /* vertices of each part, for names */
    size_t *member_start;
    size_t *tree_start, *tree_to, *parent, *order;
    sg_value *stalk;
} work;

static void work_free(work *w)
{
    free(w->adj_start);
    free(w->adj_edge);
    free(w->adj_to);
    free(w->disc);
    free(w->low);
    free(w->stack_v);
    free(w->stack_it);
    free(w->stack_pe);
    free(w->bridge);
    free(w->live);
    free(w->comp);
    free(w->loops);
    free(w->members);
    free(w->member_start);
    free(w->tree_start);
    free(w->tree_to);
    free(w->parent);
    free(w->order);
    free(w->stalk);
}

static bool work_alloc(work *w, size_t V, size_t E)
{
    memset(w, 0, sizeof *w);
    w->V = V;
    w->E = E;
    size_t n = V + 1, m = 2 * E + 1;
    w->adj_start = calloc(n + 1, sizeof *w->adj_start);
    w->adj_edge = malloc(m * sizeof *w->adj_edge);
    w->adj_to = malloc(m * sizeof *w->adj_to);
    w->disc = malloc(n * sizeof *w->disc);
    w->low = malloc(n * sizeof *w->low);
    w->stack_v = malloc(n * sizeof *w->stack_v);
    w->stack_it = malloc(n * sizeof *w->stack_it);
    w->stack_pe = malloc(n * sizeof *w->stack_pe);
    w->bridge = calloc(E + 1, 1);
    w->live = calloc(E + 1, 1);
    w->comp = malloc(n * sizeof *w->comp);
    w->loops = calloc(n, sizeof *w->loops);
    w->members = malloc(n * sizeof *w->members);
    w->member_start = calloc(n + 1, sizeof *w->member_start);
    w->tree_start = calloc(n + 1, sizeof *w->tree_start);
    w->tree_to = malloc(m * sizeof *w->tree_to);
    w->parent = malloc(n * sizeof *w->parent);
    w->order = malloc(n * sizeof *w->order);
    w->stalk = calloc(n, sizeof *w->stalk);
    return w->adj_start && w->adj_edge && w->adj_to && w->disc && w->low &&
           w->stack_v && w->stack_it && w->stack_pe && w->bridge && w->live &&
           w->comp && w->loops && w->members && w->member_start &&
           w->tree_start && w->tree_to && w->parent && w->order && w->stalk;
}

/* The incidence lists of the kept edges. */
static void build_adjacency(work *w, const sg_picture *p,
                            const unsigned char *keep)
{
    memset(w->adj_start, 0, (w->V + 2) * sizeof *w->adj_start);
    for (size_t e = 0; e < p->nedges; e++) {
        if (keep && !keep[e])
            continue;
        w->adj_start[p->eu[e] + 1]++;
        if (p->ev[e] != p->eu[e])
            w->adj_start[p->ev[e] + 1]++;
    }
    for (size_t v = 0; v < w->V; v++)
        w->adj_start[v + 1] += w->adj_start[v];
    /* stack_it serves as the fill pointer here. */
    for (size_t v = 0; v < w->V; v++)
        w->stack_it[v] = w->adj_start[v];
    for (size_t e = 0; e < p->nedges; e++) {
        if (keep && !keep[e])
            continue;
        uint32_t a = p->eu[e], b = p->ev[e];
        w->adj_edge[w->stack_it[a]] = e;
        w->adj_to[w->stack_it[a]++] = b;
        if (a != b) {
            w->adj_edge[w->stack_it[b]] = e;
            w->adj_to[w->stack_it[b]++] = a;
        }
    }
}

/* Depth-first search from the ground, without recursion: discovery
 * numbers, lowpoints and the bridges among the edges that reach the
 * ground (marked live).  A loop is never a bridge; of two parallel edges
 * neither is, since the search skips only the edge it came by. */
static void find_bridges(work *w)
{
    for (size_t v = 0; v < w->V; v++)
        w->disc[v] = w->low[v] = -1;
    int32_t time = 0;
    size_t top = 0;
    w->stack_v[0] = 0;
    w->stack_it[0] = w->adj_start[0];
    w->stack_pe[0] = SIZE_MAX;
    w->disc[0] = w->low[0] = time++;
    top = 1;
    while (top) {
        size_t v = w->stack_v[top - 1];
        size_t it = w->stack_it[top - 1];
        if (it < w->adj_start[v + 1]) {
            w->stack_it[top - 1]++;
            size_t e = w->adj_edge[it];
            size_t u = w->adj_to[it];
            w->live[e] = 1;
            if (e == w->stack_pe[top - 1] || u == v)
                continue;
            if (w->disc[u] < 0) {
                w->disc[u] = w->low[u] = time++;
                w->stack_v[top] = u;
                w->stack_it[top] = w->adj_start[u];
                w->stack_pe[top] = e;
                top++;
            } else if (w->disc[u] < w->low[v]) {
                w->low[v] = w->disc[u];
            }
            continue;
        }
        top--;
        if (top) {
            size_t parent = w->stack_v[top - 1];
            if (w->low[v] < w->low[parent])
                w->low[parent] = w->low[v];
            if (w->low[v] > w->disc[parent])
                w->bridge[w->stack_pe[top]] = 1;
        }
    }
}

/* The parts that the fusion principle fuses: the vertices joined by
 * non-bridge edges, each numbered, and the loops each part gets. */
static void fuse(work *w, const sg_picture *p)
{
    for (size_t v = 0; v < w->V; v++)
        w->comp[v] = SIZE_MAX;
    w->ncomps = 0;
    /* Parts are found from the ground outwards, so part 0 holds it. */
    for (size_t s = 0; s < w->V; s++) {
        if (w->disc[s] < 0 || w->comp[s] != SIZE_MAX)
            continue;
        size_t c = w->ncomps++;
        size_t top = 0;
        w->stack_v[top++] = s;
        w->comp[s] = c;
        while (top) {
            size_t v = w->stack_v[--top];
            for (size_t i = w->adj_start[v]; i < w->adj_start[v + 1]; i++) {
                size_t e = w->adj_edge[i], u = w->adj_to[i];
                if (w->bridge[e] || w->comp[u] != SIZE_MAX)
                    continue;
                w->comp[u] = c;
                w->stack_v[top++] = u;
            }
        }
    }
    memset(w->loops, 0, w->ncomps * sizeof *w->loops);
    for (size_t e = 0; e < p->nedges; e++)
        if (w->live[e] && !w->bridge[e])
            w->loops[w->comp[p->eu[e]]]++;
    /* Members of each part, in vertex order. */
    memset(w->member_start, 0, (w->ncomps + 1) * sizeof *w->member_start);
    for (size_t v = 0; v < w->V; v++)
        if (w->comp[v] != SIZE_MAX)
            w->member_start[w->comp[v] + 1]++;
    for (size_t c = 0; c < w->ncomps; c++)
        w->member_start[c + 1] += w->member_start[c];
    for (size_t c = 0; c < w->ncomps; c++)
        w->stack_it[c] = w->member_start[c];
    for (size_t v = 0; v < w->V; v++)
        if (w->comp[v] != SIZE_MAX)
            w->members[w->stack_it[w->comp[v]]++] = v;
}

/* The tree of parts joined by bridges, from part 0 (the ground's) down:
 * each part's parent and an order in which children come before parents
 * when read backwards. */
static void bridge_tree(work *w, const sg_picture *p)
{
    size_t C = w->ncomps;
    memset(w->tree_start, 0, (C + 1) * sizeof *w->tree_start);
    for (size_t e = 0; e < p->nedges; e++)
        if (w->live[e] && w->bridge[e]) {
            w->tree_start[w->comp[p->eu[e]] + 1]++;
            w->tree_start[w->comp[p->ev[e]] + 1]++;
        }
    for (size_t c = 0; c < C; c++)
        w->tree_start[c + 1] += w->tree_start[c];
    for (size_t c = 0; c < C; c++)
        w->stack_it[c] = w->tree_start[c];
    for (size_t e = 0; e < p->nedges; e++)
        if (w->live[e] && w->bridge[e]) {
            size_t a = w->comp[p->eu[e]], b = w->comp[p->ev[e]];
            w->tree_to[w->stack_it[a]++] = b;
            w->tree_to[w->stack_it[b]++] = a;
        }
    for (size_t c = 0; c < C; c++)
        w->parent[c] = SIZE_MAX;
    size_t n = 0;
    w->order[n++] = 0;
    w->parent[0] = 0;
    for (size_t i = 0; i < n; i++) {
        size_t c = w->order[i];
        for (size_t j = w->tree_start[c]; j < w->tree_start[c + 1]; j++) {
            size_t d = w->tree_to[j];
            if (w->parent[d] != SIZE_MAX)
                continue;
            w->parent[d] = c;
            w->order[n++] = d;
        }
    }
}

/* ---- The working, in words ---------------------------------------------- */

/* The name of part C: its vertex, or its fused vertices in braces. */
static void part_name(sg_buf *b, const work *w, const sg_picture *p, size_t c)
{
    size_t first = w->member_start[c], n = w->member_start[c + 1] - first;
    if (n == 1) {
        sg_buf_puts(b, p->vnames[w->members[first]]);
        return;
    }
    sg_buf_putc(b, '{');
    for (size_t i = 0; i < n && i < 6; i++) {
        if (i)
            sg_buf_putc(b, ',');
        sg_buf_puts(b, p->vnames[w->members[first + i]]);
    }
    if (n > 6)
        sg_buf_puts(b, ",...");
    sg_buf_putc(b, '}');
}

/* Lines of working past which the rest is summed up. */
#define WORKING_LINES 200

static void write_working(sg_buf *b, const work *w, const sg_picture *p,
                          bool zh)
{
    const char *g = zh ? "SG" : "g";
    size_t fused = 0;
    for (size_t c = 0; c < w->ncomps; c++)
        fused += w->loops[c] > 0;
    if (zh)
        sg_buf_puts(b, "融合原理 (fusion principle)：环上的点可以融合成一点而不"
                       "改变 SG 值，环上的每条边变成该点上的一个自环，\n"
                       "  一个自环相当于一条边（奇环化为一条边，偶环化为一个"
                       "点）：\n");
    else
        sg_buf_puts(b, "Fusion principle: the vertices of a cycle fuse into "
                       "one without changing the value, each edge\n  of the "
                       "cycle becoming a loop there; a loop is worth an edge "
                       "(an odd cycle, one edge;\n  an even cycle, "
                       "nothing):\n");
    if (fused == 0)
        sg_buf_puts(b, zh ? "  没有环和自环：图已经是一片长在地面上的树。\n"
                          : "  no cycles and no loops: the picture is a "
                            "forest on the ground already.\n");
    size_t lines = 0;
    for (size_t c = 0; c < w->ncomps && lines < WORKING_LINES; c++) {
        if (!w->loops[c])
            continue;
        size_t n = w->member_start[c + 1] - w->member_start[c];
        sg_buf_puts(b, "  ");
        part_name(b, w, p, c);
        if (zh)
            sg_buf_printf(b, n > 1 ? "：%zu 个点融合为一点，得到 %zu 个自环\n"
                                   : "：%zu 个点上有 %zu 个自环\n",
                          n, w->loops[c]);
        else
            sg_buf_printf(b, n > 1 ? ": %zu vertices fuse into one, with %zu "
                                     "loop%s\n"
                                   : ": %zu vertex with %zu loop%s\n",
                          n, w->loops[c], w->loops[c] == 1 ? "" : "s");
        lines++;
    }
    if (zh)
        sg_buf_printf(b, "冒号原理 (colon principle)：一个点的 %s 值等于它的每个"
                         "分支的 (%s + 1) 的异或和，\n  各分支化为以它为根的一根"
                         "竹子；自环是 %s = 0 的分支。从叶子往下算：\n",
                      g, g, g);
    else
        sg_buf_puts(b, "Colon principle: a vertex's branches make one stalk, "
                       "g(v) = the nim-sum of (g(child) + 1)\n  over its "
                       "children, a loop a child with g = 0.  From the leaves "
                       "down:\n");
    /* A large picture shows the lines nearest the ground, which end in its
     * value; the others are summed up first. */
    size_t reached = 0;
    for (size_t i = 0; i < w->ncomps; i++)
        reached += w->parent[w->order[i]] != SIZE_MAX;
    size_t skip = reached > WORKING_LINES ? reached - WORKING_LINES : 0;
    if (skip)
        sg_buf_printf(b, zh ? "  ……（离地面较远的 %zu 个点，同样算出）\n"
                            : "  ... (%zu vertices further from the ground, "
                              "worked the same way)\n",
                      skip);
    size_t seen = 0;
    for (size_t i = w->ncomps; i-- > 0;) {
        size_t c = w->order[i];
        if (w->parent[c] == SIZE_MAX)
            continue;
        if (seen++ < skip)
            continue;
        sg_buf_printf(b, "  %s(", g);
        part_name(b, w, p, c);
        sg_buf_puts(b, ") = ");
        size_t nchild = 0;
        for (size_t j = w->tree_start[c]; j < w->tree_start[c + 1]; j++) {
            size_t d = w->tree_to[j];
            if (w->parent[d] != c || d == c)
                continue;
            sg_buf_printf(b, "%s(%s(", nchild++ ? " \xe2\x8a\x95 " : "", g);
            part_name(b, w, p, d);
            sg_buf_puts(b, ") + 1)");
        }
        for (size_t k = 0; k < w->loops[c]; k++)
            sg_buf_printf(b, "%s1", nchild++ ? " \xe2\x8a\x95 " : "");
        if (nchild == 0) {
            sg_buf_puts(b, zh ? "0（叶子）\n" : "0 (a leaf)\n");
            continue;
        }
        if (nchild > 1 || w->loops[c] == 0) {
            sg_buf_puts(b, " = ");
            size_t k = 0;
            for (size_t j = w->tree_start[c]; j < w->tree_start[c + 1]; j++) {
                size_t d = w->tree_to[j];
                if (w->parent[d] != c || d == c)
                    continue;
                sg_buf_printf(b, "%s%llu", k++ ? " \xe2\x8a\x95 " : "",
                              (unsigned long long)w->stalk[d] + 1);
            }
            for (size_t l = 0; l < w->loops[c]; l++)
                sg_buf_printf(b, "%s1", k++ ? " \xe2\x8a\x95 " : "");
        }
        if (nchild > 1)
            sg_buf_printf(b, " = %llu", (unsigned long long)w->stalk[c]);
        sg_buf_putc(b, '\n');
    }
}

/* The value of P's edges KEEP in the scratch space W (sized for at least
 * P), with the working appended to WORKING when it is not NULL. */
static sg_value picture_value(work *w, const sg_picture *p,
                              const unsigned char *keep, sg_buf *working,
                              const char *lang)
{
    w->V = p->nverts;
    w->E = p->nedges;
    memset(w->bridge, 0, p->nedges + 1);
    memset(w->live, 0, p->nedges + 1);
    memset(w->stalk, 0, (p->nverts + 1) * sizeof *w->stalk);
    build_adjacency(w, p, keep);
    find_bridges(w);
    fuse(w, p);
    bridge_tree(w, p);
    /* Children before parents: the order read backwards. */
    for (size_t i = w->ncomps; i-- > 0;) {
        size_t c = w->order[i];
        if (w->parent[c] == SIZE_MAX)
            continue;
        sg_value s = w->loops[c] % 2;
        for (size_t j = w->tree_start[c]; j < w->tree_start[c + 1]; j++) {
            size_t d = w->tree_to[j];
            if (w->parent[d] == c && d != c)
                s ^= w->stalk[d] + 1;
        }
        w->stalk[c] = s;
    }
    if (working)
        write_working(working, w, p, lang && strcmp(lang, "zh") == 0);
    return w->stalk[0];
}

sg_value sg_picture_value(const sg_picture *p, const unsigned char *keep,
                          sg_buf *working, const char *lang)
{
    work w;
    if (!work_alloc(&w, p->nverts, p->nedges)) {
        work_free(&w);
        if (working)
            working->failed = true;
        return 0;
    }
    sg_value v = picture_value(&w, p, keep, working, lang);
    work_free(&w);
    return v;
}

/* ------------------------------------------------------------------------ */
/* The game                                                                 */
/* ------------------------------------------------------------------------ */

/* A position: the edges of picture PIC it keeps (a mask of at most 64),
 * or, for pictures valued by the principles alone, the one edge deleted
 * from the whole (SIZE_MAX: none). */
typedef struct hpos {
    size_t pic;
    uint64_t mask;
    size_t deleted;
    size_t nedges;
    char *name;
} hpos;

typedef struct hackenbush {
    sg_game base;
    sg_picture **pics;
    size_t npics;
    bool explored;     /* every reachable picture is a position */
    hpos *pos;
    uint64_t count;
    uint64_t *first;   /* moves of x: targets[first[x] .. first[x + 1]) */
    uint64_t *targets;
    uint64_t max_degree;
    uint64_t *whole;   /* the position of each file's whole picture */
    char *why;         /* why the pictures were not explored */
} hackenbush;

static const hackenbush *hb(const sg_game *game)
{
    return (const hackenbush *)game;
}

/* The edges of MASK in picture P that reach the ground. */
static uint64_t prune(const sg_picture *p, uint64_t mask)
{
    /* At most 2 * 64 + 1 vertices touch 64 edges (the reader keeps no
     * vertex without an edge but the ground). */
    unsigned char seen[2 * SG_PICTURE_EXPLORED_EDGES + 2];
    size_t V = p->nverts;
    memset(seen, 0, V);
    seen[0] = 1;
    bool grew = true;
    uint64_t live = 0;
    while (grew) {
        grew = false;
        for (size_t e = 0; e < p->nedges; e++) {
            if (!(mask >> e & 1) || (live >> e & 1))
                continue;
            uint32_t a = p->eu[e], b = p->ev[e];
            if (seen[a] || seen[b]) {
                live |= UINT64_C(1) << e;
                grew |= !seen[a] || !seen[b];
                seen[a] = seen[b] = 1;
            }
        }
    }
    return live;
}

static unsigned popcount64(uint64_t x)
{
    unsigned c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

static uint64_t count(const sg_game *game) { return hb(game)->count; }

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    (void)last;
    return hb(game)->max_degree;
}

static sg_value value_bound(const sg_game *game, uint64_t last)
{
    const hackenbush *h = hb(game);
    /* A picture's value is at most its number of edges. */
    uint64_t most = 0;
    for (uint64_t x = 0; x <= last && x < h->count; x++)
        if (h->pos[x].nedges > most)
            most = h->pos[x].nedges;
    return most;
}

static double work_of(const sg_game *game, uint64_t last)
{
    const hackenbush *h = hb(game);
    return (double)h->first[(last < h->count ? last : h->count - 1) + 1];
}

static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const hackenbush *h = hb(game);
    for (uint64_t j = h->first[x]; j < h->first[x + 1]; j++)
        sg_moves_add(out, 0, h->targets[j]);
}

static const char *position_name(const sg_game *game, uint64_t x, char *buf,
                                 size_t size)
{
    (void)buf;
    (void)size;
    return hb(game)->pos[x].name;
}

static bool find_position(const sg_game *game, const char *name, size_t len,
                          uint64_t *x)
{
    const hackenbush *h = hb(game);
    /* A file names its whole picture, even one with no edge on the ground
     * (which is the position "ground"). */
    for (size_t i = 0; i < h->npics; i++)
        if (strlen(h->pics[i]->name) == len &&
            memcmp(h->pics[i]->name, name, len) == 0) {
            *x = h->whole[i];
            return true;
        }
    for (uint64_t i = 0; i < h->count; i++)
        if (strlen(h->pos[i].name) == len &&
            memcmp(h->pos[i].name, name, len) == 0) {
            *x = i;
            return true;
        }
    return false;
}

static sg_period_rule period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_NONE;
}

/* The keep-array of position X's edges. */
static void keep_of(const hackenbush *h, const hpos *q, unsigned char *keep)
{
    const sg_picture *p = h->pics[q->pic];
    for (size_t e = 0; e < p->nedges; e++)
        keep[e] = h->explored ? (unsigned char)(q->mask >> e & 1)
                              : (unsigned char)(e != q->deleted);
}

/* Values by the principles, for every position up to LAST. */
static sg_status values(sg_ctx *ctx, const sg_game *game, uint64_t last,
                        sg_values **out)
{
    const hackenbush *h = hb(game);
    size_t most = 0, most_v = 0;
    for (size_t i = 0; i < h->npics; i++) {
        most = h->pics[i]->nedges > most ? h->pics[i]->nedges : most;
        most_v = h->pics[i]->nverts > most_v ? h->pics[i]->nverts : most_v;
    }
    /* One scratch space for every picture: a deletion's value is one pass
     * over the edges, without allocating. */
    work w;
    bool have = work_alloc(&w, most_v, most);
    unsigned char *keep = have ? sg_alloc_raw(ctx, most + 1, 1) : NULL;
    sg_values *v = keep ? sg_alloc(ctx, 1, sizeof *v) : NULL;
    uint32_t *data = v ? sg_alloc_raw(ctx, (size_t)last + 1, sizeof *data)
                       : NULL;
    if (!data) {
        if (!have)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        work_free(&w);
        free(keep);
        free(v);
        return ctx->status;
    }
    for (uint64_t x = 0; x <= last; x++) {
        const hpos *q = &h->pos[x];
        if (q->nedges == 0) {
            data[x] = 0;
            continue;
        }
        keep_of(h, q, keep);
        data[x] = (uint32_t)picture_value(&w, h->pics[q->pic], keep, NULL,
                                          NULL);
        if (data[x] > v->max)
            v->max = data[x];
    }
    work_free(&w);
    free(keep);
    v->count = last + 1;
    v->width = 4;
    v->data = data;
    *out = v;
    return SG_OK;
}

static sg_status check_moves(sg_ctx *ctx, const sg_game *game, uint64_t x,
                             bool below)
{
    const hackenbush *h = hb(game);
    /* A whole picture's deletions are listed; a picture one deletion from
     * it has its value from the principles alone. */
    if (h->explored || x == 0 || (!below && h->pos[x].deleted == SIZE_MAX))
        return SG_OK;
    return sg_ctx_fail(ctx, SG_ELIMIT, "%s: the mex steps need every picture "
                       "that deletions reach, and %s; value, solve and graph "
                       "answer by the colon and fusion principles instead",
                       h->base.spec, h->why);
}

static void working(const sg_game *game, const char *lang, sg_buf *b)
{
    const hackenbush *h = hb(game);
    bool zh = lang && strcmp(lang, "zh") == 0;
    for (size_t i = 0; i < h->npics; i++) {
        const sg_picture *p = h->pics[i];
        sg_buf_printf(b, zh ? "\n绿色 Hackenbush，%s：%zu 条边\n"
                            : "\nGreen Hackenbush, %s: %zu edges\n",
                      p->name, p->nedges);
        sg_value v = sg_picture_value(p, NULL, b, lang);
        sg_buf_printf(b, zh ? "SG(%s) = %llu（%s）\n" : "sg(%s) = %llu  (%s)\n",
                      p->name, (unsigned long long)v, v ? "N" : "P");
    }
}

static const sg_picture *picture(const sg_game *game, size_t i)
{
    const hackenbush *h = hb(game);
    return i < h->npics ? h->pics[i] : NULL;
}

static void destroy(sg_game *game)
{
    hackenbush *h = (hackenbush *)game;
    for (size_t i = 0; i < h->npics; i++)
        sg_picture_free(h->pics[i]);
    free(h->pics);
    for (uint64_t x = 0; h->pos && x < h->count; x++)
        free(h->pos[x].name);
    free(h->pos);
    free(h->first);
    free(h->targets);
    free(h->whole);
    free(h->why);
}

/* The edge a deletion from X to LEFT[0] deletes: the first whose deletion
 * leaves that picture. */
static bool move_words(const sg_game *game, uint64_t x, const uint64_t *left,
                       size_t k, char *buf, size_t size)
{
    const hackenbush *h = hb(game);
    if (k != 1 || x >= h->count)
        return false;
    const hpos *from = &h->pos[x], *to = &h->pos[left[0]];
    const sg_picture *p = h->pics[from->pic];
    size_t edge = SIZE_MAX;
    if (!h->explored) {
        edge = to->deleted;
    } else {
        for (size_t e = 0; e < p->nedges && edge == SIZE_MAX; e++)
            if ((from->mask >> e & 1) &&
                prune(p, from->mask & ~(UINT64_C(1) << e)) == to->mask)
                edge = e;
    }
    if (edge == SIZE_MAX)
        return false;
    snprintf(buf, size, "delete edge %zu, %s -- %s", edge + 1,
             p->vnames[p->eu[edge]], p->vnames[p->ev[edge]]);
    return true;
}

static const sg_game_ops hackenbush_ops = {
    .name = "hackenbush",
    .id = SG_GAME_HACKENBUSH,
    .noun = "picture",
    .wording = SG_WORDING_TARGETS,
    .max_parts = 1,
    .takes_amounts = false,
    .destroy = destroy,
    .count = count,
    .value_bound = value_bound,
    .max_moves = max_moves,
    .work = work_of,
    .moves = moves,
    .shape = sg_game_shape_general,
    .reach = sg_game_no_reach,
    .position_name = position_name,
    .find_position = find_position,
    .period_rule = period_rule,
    .values = values,
    .working = working,
    .check_moves = check_moves,
    .picture = picture,
    .move_words = move_words,
};

const sg_picture *sg_game_picture(const sg_game *game, size_t i)
{
    return game->ops->picture ? game->ops->picture(game, i) : NULL;
}

/* ---- Building the positions ---------------------------------------------- */

/* A growing list of positions, with an index of (picture, mask). */
typedef struct builder {
    sg_ctx *ctx;
    hpos *pos;
    size_t n, cap;
    size_t *slots;
    size_t mask;
} builder;

static size_t hash_key(size_t pic, uint64_t m)
{
    uint64_t h = (m ^ (uint64_t)pic * 0x9E3779B97F4A7C15ull) *
                 0xBF58476D1CE4E5B9ull;
    return (size_t)(h ^ (h >> 31));
}

/* The index of (PIC, M) among the positions, adding it when new; SIZE_MAX
 * when memory ran out. */
static size_t builder_find(builder *b, size_t pic, uint64_t m, bool *added)
{
    *added = false;
    /* The empty picture is one position whatever the file. */
    if (m == 0)
        pic = 0;
    size_t i = hash_key(pic, m) & b->mask;
    while (b->slots[i]) {
        hpos *q = &b->pos[b->slots[i] - 1];
        if (q->mask == m && q->pic == pic)
            return b->slots[i] - 1;
        i = (i + 1) & b->mask;
    }
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 64;
        hpos *grown = sg_grow(b->ctx, b->pos, cap, sizeof *grown);
        if (!grown)
            return SIZE_MAX;
        b->pos = grown;
        b->cap = cap;
    }
    b->pos[b->n] = (hpos){pic, m, SIZE_MAX, popcount64(m), NULL};
    b->slots[i] = ++b->n;
    *added = true;
    return b->n - 1;
}

static int compare_pos(const void *data, uint64_t a, uint64_t b)
{
    const hpos *p = data;
    if (p[a].nedges != p[b].nedges)
        return p[a].nedges < p[b].nedges ? -1 : 1;
    if (p[a].pic != p[b].pic)
        return p[a].pic < p[b].pic ? -1 : 1;
    return p[a].mask < p[b].mask ? -1 : p[a].mask > p[b].mask;
}

/* Explores every picture the deletions reach, within SG_PICTURE_MAX_REACHED
 * in all.  Returns SG_OK, SG_ELIMIT (nothing recorded: the caller falls
 * back to the principles) or SG_ENOMEM. */
static sg_status explore(sg_ctx *ctx, hackenbush *h)
{
    builder b = {ctx, NULL, 0, 0, NULL, 0};
    size_t slots = 1;
    while (slots < 2 * SG_PICTURE_MAX_REACHED)
        slots *= 2;
    b.slots = sg_alloc(ctx, slots, sizeof *b.slots);
    if (!b.slots)
        return ctx->status;
    b.mask = slots - 1;
    sg_status st = SG_OK;
    bool added;
    builder_find(&b, 0, 0, &added);
    for (size_t i = 0; i < h->npics && st == SG_OK; i++) {
        const sg_picture *p = h->pics[i];
        uint64_t all = p->nedges == 64 ? UINT64_MAX
                                       : (UINT64_C(1) << p->nedges) - 1;
        size_t start = b.n;
        if (builder_find(&b, i, prune(p, all), &added) == SIZE_MAX) {
            st = ctx->status;
            break;
        }
        /* Breadth first: each new picture's deletions. */
        for (size_t k = added ? start : b.n; k < b.n; k++) {
            uint64_t m = b.pos[k].mask;
            for (size_t e = 0; e < p->nedges; e++) {
                if (!(m >> e & 1))
                    continue;
                size_t got = builder_find(&b, i, prune(p, m & ~(UINT64_C(1)
                                                                << e)),
                                          &added);
                if (got == SIZE_MAX) {
                    st = ctx->status;
                    break;
                }
                if (b.n > SG_PICTURE_MAX_REACHED) {
                    st = SG_ELIMIT;
                    break;
                }
            }
            if (st != SG_OK)
                break;
        }
    }
    free(b.slots);
    if (st != SG_OK) {
        free(b.pos);
        return st;
    }
    /* Number them by their edges, fewest first. */
    uint64_t *order = sg_alloc_raw(ctx, b.n, sizeof *order);
    uint64_t *rank = sg_alloc_raw(ctx, b.n, sizeof *rank);
    if (!order || !rank) {
        free(order);
        free(rank);
        free(b.pos);
        return ctx->status;
    }
    for (size_t k = 0; k < b.n; k++)
        order[k] = k;
    sg_sort_positions(order, b.n, compare_pos, b.pos);
    h->pos = sg_alloc_raw(ctx, b.n, sizeof *h->pos);
    if (!h->pos) {
        free(order);
        free(rank);
        free(b.pos);
        return ctx->status;
    }
    for (size_t k = 0; k < b.n; k++) {
        h->pos[k] = b.pos[order[k]];
        rank[order[k]] = k;
    }
    h->count = b.n;
    /* Moves: rebuilt with the final numbers, through a fresh index. */
    builder idx = {ctx, h->pos, b.n, b.n, NULL, 0};
    idx.slots = sg_alloc(ctx, slots, sizeof *idx.slots);
    h->first = sg_alloc_raw(ctx, b.n + 1, sizeof *h->first);
    size_t nm = 0;
    for (size_t k = 0; k < b.n; k++)
        nm += h->pos[k].nedges;
    h->targets = sg_alloc_raw(ctx, nm + 1, sizeof *h->targets);
    free(order);
    free(rank);
    free(b.pos);
    if (!idx.slots || !h->first || !h->targets) {
        free(idx.slots);
        return ctx->status;
    }
    idx.mask = slots - 1;
    for (size_t k = 0; k < b.n; k++) {
        const hpos *q = &h->pos[k];
        size_t i = hash_key(q->mask ? q->pic : 0, q->mask) & idx.mask;
        while (idx.slots[i])
            i = (i + 1) & idx.mask;
        idx.slots[i] = k + 1;
    }
    nm = 0;
    for (size_t k = 0; k < b.n; k++) {
        const hpos *q = &h->pos[k];
        const sg_picture *p = h->pics[q->pic];
        h->first[k] = nm;
        for (size_t e = 0; e < p->nedges; e++) {
            if (!(q->mask >> e & 1))
                continue;
            uint64_t m = prune(p, q->mask & ~(UINT64_C(1) << e));
            size_t pic = m ? q->pic : 0;
            size_t i = hash_key(pic, m) & idx.mask;
            while (h->pos[idx.slots[i] - 1].mask != m ||
                   (m && h->pos[idx.slots[i] - 1].pic != pic))
                i = (i + 1) & idx.mask;
            h->targets[nm++] = idx.slots[i] - 1;
        }
        if (nm - h->first[k] > h->max_degree)
            h->max_degree = nm - h->first[k];
    }
    h->first[b.n] = nm;
    free(idx.slots);
    h->explored = true;
    return SG_OK;
}

/* Marks in LIVE the edges of P that reach the ground (all of them kept),
 * and returns how many; SEEN has room for P's vertices. */
static size_t live_edges(const sg_picture *p, unsigned char *live,
                         unsigned char *seen)
{
    memset(live, 0, p->nedges);
    memset(seen, 0, p->nverts);
    seen[0] = 1;
    size_t n = 0;
    /* Each pass adds the edges that touch a vertex reached so far; a
     * picture as read lists its edges in any order, so passes repeat
     * until none is added (few passes for pictures drawn from the ground
     * up, at most one per edge). */
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t e = 0; e < p->nedges; e++) {
            if (live[e] || !(seen[p->eu[e]] || seen[p->ev[e]]))
                continue;
            live[e] = 1;
            n++;
            grew |= !seen[p->eu[e]] || !seen[p->ev[e]];
            seen[p->eu[e]] = seen[p->ev[e]] = 1;
        }
    }
    return n;
}

/* The positions of pictures too large to explore: the ground, each file's
 * picture without one of its edges (those that reach the ground), and each
 * whole picture, whose deletions are its moves. */
static sg_status one_deletion(sg_ctx *ctx, hackenbush *h)
{
    size_t n = 1, most = 0, most_v = 0;
    for (size_t i = 0; i < h->npics; i++) {
        n += h->pics[i]->nedges + 1;
        most = h->pics[i]->nedges > most ? h->pics[i]->nedges : most;
        most_v = h->pics[i]->nverts > most_v ? h->pics[i]->nverts : most_v;
    }
    h->pos = sg_alloc(ctx, n, sizeof *h->pos);
    h->first = sg_alloc(ctx, n + 1, sizeof *h->first);
    h->targets = sg_alloc_raw(ctx, n, sizeof *h->targets);
    size_t *child0 = sg_alloc_raw(ctx, h->npics, sizeof *child0);
    unsigned char *live = sg_alloc_raw(ctx, most + 1, 1);
    unsigned char *seen = sg_alloc_raw(ctx, most_v + 1, 1);
    if (!h->pos || !h->first || !h->targets || !child0 || !live || !seen) {
        free(child0);
        free(live);
        free(seen);
        return ctx->status;
    }
    size_t k = 0, nm = 0;
    h->pos[k++] = (hpos){0, 0, SIZE_MAX, 0, NULL};
    h->first[k] = 0;
    size_t *nlive = sg_alloc_raw(ctx, h->npics, sizeof *nlive);
    if (!nlive) {
        free(child0);
        free(live);
        free(seen);
        return ctx->status;
    }
    for (size_t i = 0; i < h->npics; i++) {
        const sg_picture *p = h->pics[i];
        nlive[i] = live_edges(p, live, seen);
        child0[i] = k;
        for (size_t e = 0; e < p->nedges; e++) {
            if (!live[e])
                continue;
            h->pos[k++] = (hpos){i, 0, e, nlive[i] - 1, NULL};
            h->first[k] = nm;
        }
    }
    for (size_t i = 0; i < h->npics; i++) {
        h->pos[k++] = (hpos){i, 0, SIZE_MAX, nlive[i], NULL};
        for (size_t c = 0; c < nlive[i]; c++)
            h->targets[nm++] = child0[i] + c;
        h->first[k] = nm;
        if (nlive[i] > h->max_degree)
            h->max_degree = nlive[i];
    }
    free(nlive);
    free(child0);
    free(live);
    free(seen);
    h->count = k;
    return SG_OK;
}

/* Names: "ground", a whole picture by its file, "FILE:1,2,5" for the edges
 * a picture keeps, "FILE:-5" for a whole picture without edge 5. */
static sg_status name_positions(sg_ctx *ctx, hackenbush *h)
{
    h->whole = sg_alloc(ctx, h->npics, sizeof *h->whole);
    if (!h->whole)
        return ctx->status;
    for (uint64_t x = 0; x < h->count; x++) {
        hpos *q = &h->pos[x];
        const sg_picture *p = h->pics[q->pic];
        sg_buf b;
        sg_buf_init(&b);
        uint64_t all = h->explored
                           ? prune(p, p->nedges == 64
                                          ? UINT64_MAX
                                          : (UINT64_C(1) << p->nedges) - 1)
                           : 0;
        bool whole = h->explored ? q->mask == all && q->mask
                                 : q->deleted == SIZE_MAX && x > 0;
        if (x == 0) {
            sg_buf_puts(&b, "ground");
        } else if (whole) {
            sg_buf_puts(&b, p->name);
            h->whole[q->pic] = x;
        } else if (!h->explored) {
            sg_buf_printf(&b, "%s:-%zu", p->name, q->deleted + 1);
        } else {
            sg_buf_printf(&b, "%s:", p->name);
            bool first = true;
            for (size_t e = 0; e < p->nedges; e++)
                if (q->mask >> e & 1) {
                    sg_buf_printf(&b, "%s%zu", first ? "" : ",", e + 1);
                    first = false;
                }
        }
        sg_buf_putc(&b, '\0');
        if (b.failed) {
            sg_buf_free(&b);
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        }
        q->name = b.data;
    }
    return SG_OK;
}

sg_game *sg_game_from_pictures(sg_ctx *ctx, sg_picture **pics, size_t n)
{
    hackenbush *h = sg_alloc(ctx, 1, sizeof *h);
    if (!h) {
        for (size_t i = 0; i < n; i++)
            sg_picture_free(pics[i]);
        free(pics);
        return NULL;
    }
    h->base.ops = &hackenbush_ops;
    h->pics = pics;
    h->npics = n;
    sg_buf d;
    sg_buf_init(&d);
    sg_buf_puts(&d, "Green Hackenbush: ");
    for (size_t i = 0; i < n; i++)
        sg_buf_printf(&d, "%s%s", i ? " + " : "", pics[i]->name);
    sg_buf_putc(&d, '\0');
    if (d.failed || sg_game_init(ctx, &h->base, &hackenbush_ops, pics[0]->name,
                                 d.data) != SG_OK) {
        if (d.failed)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        sg_buf_free(&d);
        sg_game_free(&h->base);
        return NULL;
    }
    sg_buf_free(&d);
    size_t most = 0, largest = 0;
    for (size_t i = 0; i < n; i++)
        if (pics[i]->nedges > most) {
            most = pics[i]->nedges;
            largest = i;
        }
    sg_status st = SG_ELIMIT;
    char why[256];
    if (most <= SG_PICTURE_EXPLORED_EDGES) {
        st = explore(ctx, h);
        snprintf(why, sizeof why, "they are more than %u pictures",
                 SG_PICTURE_MAX_REACHED);
    } else {
        snprintf(why, sizeof why, "%s has %zu edges (sgviz explores pictures "
                 "of at most %u)", pics[largest]->name, most,
                 SG_PICTURE_EXPLORED_EDGES);
    }
    if (st == SG_ELIMIT) {
        h->why = sg_strdup(ctx, why);
        st = h->why ? one_deletion(ctx, h) : ctx->status;
    }
    if (st == SG_OK)
        st = name_positions(ctx, h);
    if (st != SG_OK) {
        sg_game_free(&h->base);
        return NULL;
    }
    return &h->base;
}
