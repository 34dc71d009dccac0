/*
 * dag.c - games given as a finite acyclic graph: each node a position, each
 * edge a move (read from a DOT file by the render module's dot_read.c).
 *
 * The positions are numbered in a topological order, so every move goes to
 * a smaller number, and have names, which an index finds in O(1).  A node
 * with a label of its own is called by its label wherever a position is
 * named (traces, tables, captions, pages, reports), as in the picture;
 * input finds it by its name or, where no other node shares it, its
 * label.
 */
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

typedef struct dag_game {
    sg_game base;
    sg_dag *dag;
} dag_game;

static const sg_dag *dag_of(const sg_game *game)
{
    return ((const dag_game *)game)->dag;
}

static const sg_game_ops dag_ops;

void sg_dag_free(sg_dag *dag)
{
    if (!dag)
        return;
    if (dag->names)
        for (uint64_t i = 0; i < dag->count; i++)
            free(dag->names[i]);
    free(dag->names);
    if (dag->labels)
        for (uint64_t i = 0; i < dag->count; i++)
            free(dag->labels[i]);
    free(dag->labels);
    free(dag->name_slots);
    free(dag->label_slots);
    free(dag->first);
    free(dag->file_order);
    free(dag->targets);
    free(dag);
}

/* FNV-1a: short names, as DOT files have, hash well with it, and it needs
 * no table or seed. */
static uint64_t name_hash(const char *s, size_t len)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= UINT64_C(1099511628211);
    }
    return h;
}

/* Fills an index of TEXT[x] (NULL entries left out) with MASK + 1 slots. */
static void index_fill(uint32_t *slots, uint64_t mask, char *const *text,
                       uint64_t count)
{
    for (uint64_t x = 0; x < count; x++) {
        const char *n = text[x];
        if (!n)
            continue;
        uint64_t i = name_hash(n, strlen(n)) & mask;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = (uint32_t)(x + 1);
    }
}

/* Builds the indexes with at least twice as many slots as names, so that
 * probe sequences stay short. */
static sg_status index_names(sg_ctx *ctx, sg_dag *dag)
{
    if (dag->count >= UINT32_MAX)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%llu positions; a game read from "
                           "a file has fewer than 2^32",
                           (unsigned long long)dag->count);
    uint64_t slots = 16;
    while (slots < 2 * dag->count)
        slots *= 2;
    dag->name_slots = sg_alloc(ctx, (size_t)slots, sizeof *dag->name_slots);
    if (!dag->name_slots)
        return ctx->status;
    dag->name_mask = slots - 1;
    index_fill(dag->name_slots, dag->name_mask, dag->names, dag->count);
    if (dag->labels) {
        dag->label_slots = sg_alloc(ctx, (size_t)slots,
                                    sizeof *dag->label_slots);
        if (!dag->label_slots)
            return ctx->status;
        index_fill(dag->label_slots, dag->name_mask, dag->labels, dag->count);
    }
    return SG_OK;
}

/* Whether TEXT is NAME[0..len).  NAME may hold a NUL byte (from a line of
 * input), so lengths are compared first and then bytes. */
static bool same_name(const char *text, const char *name, size_t len)
{
    return text && strnlen(text, len + 1) == len &&
           memcmp(text, name, len) == 0;
}

/* The position whose TEXT (names or labels) is NAME[0..len) in the index
 * SLOTS: *X and true when there is exactly one. */
static bool index_find(const sg_dag *dag, const uint32_t *slots,
                       char *const *text, const char *name, size_t len,
                       uint64_t *x)
{
    bool found = false;
    uint64_t i = name_hash(name, len) & dag->name_mask;
    for (uint32_t v; (v = slots[i]) != 0; i = (i + 1) & dag->name_mask) {
        if (same_name(text[v - 1], name, len)) {
            if (found)
                return false;
            *x = v - 1;
            found = true;
        }
    }
    return found;
}

/* A node's name first (names are unique), then a label that no other node
 * shares. */
static bool find_position(const sg_game *game, const char *name, size_t len,
                          uint64_t *x)
{
    const sg_dag *dag = dag_of(game);
    if (!dag->name_slots)
        return false;
    if (index_find(dag, dag->name_slots, dag->names, name, len, x))
        return true;
    return dag->label_slots &&
           index_find(dag, dag->label_slots, dag->labels, name, len, x);
}


static uint64_t count(const sg_game *game) { return dag_of(game)->count; }

/* A value is a mex, so at most the number of moves. */
static sg_value value_bound(const sg_game *game, uint64_t last)
{
    (void)last;
    return dag_of(game)->max_degree;
}

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    (void)last;
    return dag_of(game)->max_degree;
}

/* Every edge is examined once. */
static double work(const sg_game *game, uint64_t last)
{
    (void)last;
    const sg_dag *d = dag_of(game);
    return (double)d->first[d->count];
}

/* The edges of x in the order of the file; parallel edges stay, as the
 * file has them. */
static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const sg_dag *d = dag_of(game);
    for (uint64_t e = d->first[x]; e < d->first[x + 1]; e++)
        sg_moves_add(out, 0, d->targets[e]);
}

static const char *position_name(const sg_game *game, uint64_t x,
                                 char *buf, size_t size)
{
    (void)buf;
    (void)size;
    const sg_dag *dag = dag_of(game);
    if (dag->labels && dag->labels[x])
        return dag->labels[x];
    return dag->names[x];
}

static const char *position_alias(const sg_game *game, uint64_t x)
{
    const sg_dag *dag = dag_of(game);
    return dag->labels && dag->labels[x] ? dag->names[x] : NULL;
}

/* Positions named by whole numbers are listed by them; others in the
 * order the file names its nodes. */
static void order(const sg_game *game, uint64_t *out)
{
    const sg_dag *dag = dag_of(game);
    if (sg_game_order_by_number(game, out))
        return;
    for (uint64_t i = 0; i < dag->count; i++)
        out[i] = dag->file_order ? dag->file_order[i] : i;
}

static sg_period_rule period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_NONE;
}

static void destroy(sg_game *game) { sg_dag_free(((dag_game *)game)->dag); }

static const sg_game_ops dag_ops = {
    .name = "dag",
    .id = SG_GAME_DAG,
    .noun = "position",
    .wording = SG_WORDING_TARGETS,
    .max_parts = 1,
    .takes_amounts = false,
    .destroy = destroy,
    .count = count,
    .value_bound = value_bound,
    .max_moves = max_moves,
    .work = work,
    .moves = moves,
    .shape = sg_game_shape_general,
    .reach = sg_game_no_reach,
    .position_name = position_name,
    .find_position = find_position,
    .position_alias = position_alias,
    .period_rule = period_rule,
    .order = order,
};

sg_game *sg_game_from_dag(sg_ctx *ctx, sg_dag *dag, const char *name)
{
    if (index_names(ctx, dag) != SG_OK) {
        sg_dag_free(dag);
        return NULL;
    }
    dag_game *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g) {
        sg_dag_free(dag);
        return NULL;
    }
    g->dag = dag;
    if (sg_game_init(ctx, &g->base, &dag_ops, name, name) != SG_OK) {
        sg_game_free(&g->base);
        return NULL;
    }
    return &g->base;
}
