/*
 * custom.c - games defined in C (sg_game_define()): positions are small
 * tuples of whole numbers, and the user's function lists the options of
 * each.
 *
 * The game is explored once, depth first from its start positions, with
 * an explicit stack (a chain of a million positions needs no deep
 * recursion).  A position is numbered when its last option's positions
 * are, so every move goes to a smaller number, and its moves are written
 * then, in that order: the moves come out already in compressed rows,
 * position by position.  A position reached again while it is still on the
 * stack closes a cycle, which is named.
 *
 * Afterwards the game is what a DOT game is -- a finite graph of numbered
 * positions -- and answers through the same questions of game.h, with
 * names made from its tuples and an index from tuples back to numbers.
 */
#include "games/game.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Long names are kept in a few buffers of the game's own when the caller's
 * buffer is too small, each valid until as many more names were made. */
#define NAME_RING 8

typedef struct custom {
    sg_game base;
    /* The game's own copy of the kind's table: how many positions one
     * move leaves is the game's own. */
    sg_game_ops ops;
    sg_game_def def;
    size_t arity;
    uint64_t count;
    int64_t *tuples;     /* position x: tuples[x * arity ...] */
    uint32_t *slots;     /* index: slot holds x + 1 for a tuple near it */
    uint64_t mask;
    uint64_t *first;     /* moves of x: first[x] .. first[x + 1] */
    /* The positions the moves leave, move after move: with plen NULL (no
     * move leaves several) move m leaves parts[m] alone; otherwise move m
     * leaves plen[m] positions, and the moves of x start at
     * parts[pfirst[x]].  A byte per move, since moves are read position by
     * position, and a game of a million positions has tens of millions. */
    uint8_t *plen;
    uint64_t *pfirst;
    uint32_t *parts;
    uint64_t max_degree;
    char (*ring)[SG_DEFINE_NAME_MAX];
    unsigned *ring_next;
} custom;

static const custom *cu(const sg_game *game) { return (const custom *)game; }

/* ------------------------------------------------------------------------ */
/* Tuples: hashing, names                                                   */
/* ------------------------------------------------------------------------ */

static uint64_t tuple_hash(const int64_t *t, size_t arity)
{
    uint64_t h = UINT64_C(0x9E3779B97F4A7C15);
    for (size_t i = 0; i < arity; i++) {
        h ^= (uint64_t)t[i];
        h *= UINT64_C(0xBF58476D1CE4E5B9);
        h ^= h >> 31;
    }
    return h;
}

static bool same_tuple(const int64_t *a, const int64_t *b, size_t arity)
{
    for (size_t i = 0; i < arity; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* The slot of tuple T in an index of TUPLES: the one that holds it, or the
 * empty one where it would go. */
static uint64_t slot_of(const uint32_t *slots, uint64_t mask,
                        const int64_t *tuples, size_t arity, const int64_t *t)
{
    uint64_t i = tuple_hash(t, arity) & mask;
    for (uint32_t v; (v = slots[i]) != 0; i = (i + 1) & mask)
        if (same_tuple(&tuples[(size_t)(v - 1) * arity], t, arity))
            break;
    return i;
}

/* The name of tuple T under DEF, into BUF of SG_DEFINE_NAME_MAX bytes. */
static void name_tuple(const sg_game_def *def, size_t arity, const int64_t *t,
                       char *buf)
{
    buf[0] = '\0';
    if (def->name_of)
        def->name_of(def->user, t, buf, SG_DEFINE_NAME_MAX);
    else
        sg_tuple_text(t, arity, buf, SG_DEFINE_NAME_MAX);
    buf[SG_DEFINE_NAME_MAX - 1] = '\0';
}

/* ------------------------------------------------------------------------ */
/* Exploring                                                                */
/* ------------------------------------------------------------------------ */

enum { NEW, OPEN, DONE };

/* A position on the stack: its options are opt_len[opt_begin ..] and
 * their positions opt_parts[part_begin ..], up to the top of the stacks;
 * CURSOR is the next of those positions to visit. */
typedef struct frame {
    uint32_t id;
    bool opened;
    size_t opt_begin, part_begin, cursor;
} frame;

typedef struct explore {
    sg_ctx *ctx;
    const sg_game_def *def;
    size_t arity;
    uint64_t max_positions;
    sg_status status;      /* the first error, recorded by the option list */
    /* Positions by the order they were reached (their ids). */
    int64_t *tuples;
    uint8_t *state;
    uint32_t *number;      /* the final number of each id */
    size_t n, cap;
    /* The index of the tuples while exploring: cell i is cells[i *
     * (arity + 1) ...], its id + 1 (0: empty) and then the tuple itself,
     * so that finding a tuple reads one place of memory, not two: a game
     * of a million positions looks tuples up tens of millions of times. */
    int64_t *cells;
    uint64_t mask;
    /* The options of the positions on the stack. */
    uint32_t *opt_parts;
    size_t nparts, parts_cap;
    uint32_t *opt_len;
    size_t nopts, opts_cap;
    frame *frames;
    size_t nframes, frames_cap;
    /* The moves written so far, by final number. */
    uint64_t done;
    uint64_t *first;
    size_t first_cap;
    uint32_t *parts;
    size_t nmoves_parts, mparts_cap;
    uint8_t *plen;         /* NULL until a move leaves several positions */
    size_t nmoves, plen_cap;
    uint64_t *pfirst;      /* with plen: where each position's parts start */
    uint64_t max_degree, max_parts;
} explore;

struct sg_options {
    explore *e;
};

/* Grows *ARRAY (of *CAP entries of SIZE bytes) to hold N + EXTRA. */
static bool grow(explore *e, void **array, size_t *cap, size_t n,
                 size_t extra, size_t size)
{
    if (n + extra <= *cap)
        return true;
    size_t c = *cap ? *cap : 256;
    while (c < n + extra)
        c *= 2;
    void *a = sg_grow(e->ctx, *array, c, size);
    if (!a) {
        e->status = e->ctx->status;
        return false;
    }
    *array = a;
    *cap = c;
    return true;
}

static sg_status too_many(explore *e)
{
    return e->status = sg_ctx_fail(e->ctx, SG_ELIMIT, "%s: more than %llu "
                                   "positions are reachable from the start "
                                   "(the definition's max_positions)",
                                   e->def->name ? e->def->name : "the game",
                                   (unsigned long long)e->max_positions);
}

/* The cell of tuple T in the index of E: the one that holds it, or the
 * empty one where it would go. */
static int64_t *cell_of(const explore *e, const int64_t *t)
{
    size_t stride = e->arity + 1;
    uint64_t i = tuple_hash(t, e->arity) & e->mask;
    for (;;) {
        int64_t *c = &e->cells[i * stride];
        if (c[0] == 0 || same_tuple(c + 1, t, e->arity))
            return c;
        i = (i + 1) & e->mask;
    }
}

/* Makes an index of SLOTS cells (a power of 2) holding every tuple. */
static bool reindex(explore *e, uint64_t slots)
{
    size_t stride = e->arity + 1;
    int64_t *cells = sg_alloc(e->ctx, (size_t)slots, stride * sizeof *cells);
    if (!cells) {
        e->status = e->ctx->status;
        return false;
    }
    free(e->cells);
    e->cells = cells;
    e->mask = slots - 1;
    for (size_t id = 0; id < e->n; id++) {
        int64_t *c = cell_of(e, &e->tuples[id * e->arity]);
        c[0] = (int64_t)id + 1;
        memcpy(c + 1, &e->tuples[id * e->arity], e->arity * sizeof *c);
    }
    return true;
}

/* The id of the position T, reached now for the first time or again.
 * Returns UINT32_MAX after recording an error. */
static uint32_t id_of(explore *e, const int64_t *t)
{
    int64_t *cell = cell_of(e, t);
    if (cell[0])
        return (uint32_t)(cell[0] - 1);
    if (e->n >= e->max_positions) {
        too_many(e);
        return UINT32_MAX;
    }
    size_t n = e->n;
    if (n == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 256;
        int64_t *t2 = sg_grow(e->ctx, e->tuples, cap * e->arity,
                              sizeof *t2);
        if (t2)
            e->tuples = t2;
        uint8_t *s2 = t2 ? sg_grow(e->ctx, e->state, cap, 1) : NULL;
        if (s2)
            e->state = s2;
        uint32_t *n2 = s2 ? sg_grow(e->ctx, e->number, cap, sizeof *n2)
                          : NULL;
        if (!n2) {
            e->status = e->ctx->status;
            return UINT32_MAX;
        }
        e->number = n2;
        e->cap = cap;
    }
    memcpy(&e->tuples[n * e->arity], t, e->arity * sizeof *t);
    e->state[n] = NEW;
    e->n++;
    cell[0] = (int64_t)n + 1;
    memcpy(cell + 1, t, e->arity * sizeof *t);
    if (e->n * 2 > e->mask + 1 && !reindex(e, (e->mask + 1) * 2))
        return UINT32_MAX;
    return (uint32_t)n;
}

void sg_options_add_sum(sg_options *out, const int64_t *positions,
                        size_t count)
{
    explore *e = out->e;
    if (e->status != SG_OK)
        return;
    if (count == 0 || count > SG_DEFINE_MAX_PARTS) {
        e->status = sg_ctx_fail(e->ctx, SG_EINPUT, "%s: an option leaves "
                                "%zu positions; an option leaves 1 to %d",
                                e->def->name ? e->def->name : "the game",
                                count, SG_DEFINE_MAX_PARTS);
        return;
    }
    if (!grow(e, (void **)&e->opt_parts, &e->parts_cap, e->nparts, count,
              sizeof *e->opt_parts) ||
        !grow(e, (void **)&e->opt_len, &e->opts_cap, e->nopts, 1,
              sizeof *e->opt_len))
        return;
    for (size_t k = 0; k < count; k++) {
        uint32_t id = id_of(e, &positions[k * e->arity]);
        if (id == UINT32_MAX)
            return;
        e->opt_parts[e->nparts + k] = id;
    }
    e->nparts += count;
    e->opt_len[e->nopts++] = (uint32_t)count;
}

void sg_options_add(sg_options *out, const int64_t *position)
{
    sg_options_add_sum(out, position, 1);
}

/* Names the cycle closed by a move to ID, which is on the stack. */
static sg_status report_cycle(explore *e, uint32_t id)
{
    size_t from = e->nframes - 1;
    while (e->frames[from].id != id)
        from--;
    sg_buf b;
    sg_buf_init(&b);
    char name[SG_DEFINE_NAME_MAX];
    size_t len = e->nframes - from;
    for (size_t i = 0; i <= len; i++) {
        if (len > 12 && i == 6) {
            sg_buf_printf(&b, " -> ... (%zu more)", len - 11);
            i = len - 5;
        }
        uint32_t at = i == len ? id : e->frames[from + i].id;
        name_tuple(e->def, e->arity, &e->tuples[(size_t)at * e->arity], name);
        char quoted[96];
        sg_buf_printf(&b, "%s%s", i ? " -> " : "",
                      sg_quote(name, strlen(name), quoted, sizeof quoted));
    }
    e->status = sg_ctx_fail(e->ctx, SG_EINPUT, "%s: the moves go round in a "
                            "cycle: %s", e->def->name ? e->def->name
                                                      : "the game",
                            b.data ? b.data : "");
    sg_buf_free(&b);
    return e->status;
}

/* Writes the moves of the position on top of the stack, numbered now. */
static bool write_moves(explore *e, const frame *f)
{
    size_t cap = e->first_cap;
    if (!grow(e, (void **)&e->first, &cap, e->done, 2, sizeof *e->first))
        return false;
    if (cap != e->first_cap && e->pfirst) {
        uint64_t *grown = sg_grow(e->ctx, e->pfirst, cap, sizeof *grown);
        if (!grown) {
            e->status = e->ctx->status;
            return false;
        }
        e->pfirst = grown;
    }
    e->first_cap = cap;
    e->first[e->done] = e->nmoves;
    if (e->pfirst)
        e->pfirst[e->done] = e->nmoves_parts;
    uint64_t degree = e->nopts - f->opt_begin;
    if (degree > e->max_degree)
        e->max_degree = degree;
    /* No option has been listed yet in a game whose first positions have
     * no moves, and then there is no array to point into. */
    const uint32_t *p = e->opt_parts ? e->opt_parts + f->part_begin : NULL;
    for (size_t o = f->opt_begin; o < e->nopts; o++) {
        size_t k = e->opt_len[o];
        if (k > e->max_parts)
            e->max_parts = k;
        if (k > 1 && !e->plen) {
            /* The first move that leaves several positions: every move
             * before it left one, and each position's parts started at its
             * first move. */
            e->plen_cap = e->nmoves + 256;
            e->plen = sg_alloc_raw(e->ctx, e->plen_cap, 1);
            e->pfirst = sg_alloc_raw(e->ctx, e->first_cap, sizeof *e->pfirst);
            if (!e->plen || !e->pfirst) {
                e->status = e->ctx->status;
                return false;
            }
            memset(e->plen, 1, e->nmoves);
            memcpy(e->pfirst, e->first, (e->done + 1) * sizeof *e->pfirst);
        }
        if (!grow(e, (void **)&e->parts, &e->mparts_cap, e->nmoves_parts, k,
                  sizeof *e->parts))
            return false;
        if (e->plen) {
            if (!grow(e, (void **)&e->plen, &e->plen_cap, e->nmoves, 1, 1))
                return false;
            e->plen[e->nmoves] = (uint8_t)k;
        }
        for (size_t j = 0; j < k; j++)
            e->parts[e->nmoves_parts++] = e->number[p[j]];
        p += k;
        e->nmoves++;
    }
    e->first[e->done + 1] = e->nmoves;
    if (e->pfirst)
        e->pfirst[e->done + 1] = e->nmoves_parts;
    return true;
}

/* Explores everything reachable from the position ID. */
static sg_status visit(explore *e, uint32_t id)
{
    if (e->state[id] != NEW)
        return SG_OK;
    e->nframes = 0;
    if (!grow(e, (void **)&e->frames, &e->frames_cap, 0, 1, sizeof *e->frames))
        return e->status;
    e->frames[e->nframes++] = (frame){id, false, 0, 0, 0};
    sg_options list = {e};
    int64_t pos[SG_DEFINE_MAX_ARITY];
    while (e->nframes) {
        frame *f = &e->frames[e->nframes - 1];
        if (!f->opened) {
            f->opened = true;
            e->state[f->id] = OPEN;
            f->opt_begin = e->nopts;
            f->part_begin = f->cursor = e->nparts;
            /* The tuples may move while options are listed: the callback
             * reads a copy. */
            memcpy(pos, &e->tuples[(size_t)f->id * e->arity],
                   e->arity * sizeof *pos);
            e->def->options(e->def->user, pos, &list);
            if (e->status != SG_OK)
                return e->status;
        }
        uint32_t next = UINT32_MAX;
        while (f->cursor < e->nparts) {
            uint32_t c = e->opt_parts[f->cursor++];
            if (e->state[c] == NEW) {
                next = c;
                break;
            }
            if (e->state[c] == OPEN)
                return report_cycle(e, c);
        }
        if (next != UINT32_MAX) {
            if (!grow(e, (void **)&e->frames, &e->frames_cap, e->nframes, 1,
                      sizeof *e->frames))
                return e->status;
            e->frames[e->nframes++] = (frame){next, false, 0, 0, 0};
            continue;
        }
        e->number[f->id] = (uint32_t)e->done;
        if (!write_moves(e, f))
            return e->status;
        e->done++;
        e->state[f->id] = DONE;
        e->nparts = f->part_begin;
        e->nopts = f->opt_begin;
        e->nframes--;
    }
    return SG_OK;
}

static void explore_free(explore *e)
{
    free(e->tuples);
    free(e->state);
    free(e->number);
    free(e->cells);
    free(e->opt_parts);
    free(e->opt_len);
    free(e->frames);
    free(e->first);
    free(e->parts);
    free(e->plen);
    free(e->pfirst);
}

/* ------------------------------------------------------------------------ */
/* The kind                                                                 */
/* ------------------------------------------------------------------------ */

static uint64_t count(const sg_game *game) { return cu(game)->count; }

/* A value is a mex, so at most the number of moves. */
static sg_value value_bound(const sg_game *game, uint64_t last)
{
    (void)last;
    return cu(game)->max_degree;
}

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    (void)last;
    return cu(game)->max_degree;
}

static double work(const sg_game *game, uint64_t last)
{
    (void)last;
    const custom *c = cu(game);
    return (double)(c->pfirst ? c->pfirst[c->count] : c->first[c->count]);
}

static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const custom *c = cu(game);
    if (!c->plen) {
        for (uint64_t m = c->first[x]; m < c->first[x + 1]; m++)
            sg_moves_add(out, 0, c->parts[m]);
        return;
    }
    const uint32_t *p = &c->parts[c->pfirst[x]];
    for (uint64_t m = c->first[x]; m < c->first[x + 1]; m++) {
        uint64_t parts[SG_DEFINE_MAX_PARTS];
        size_t k = c->plen[m];
        for (size_t j = 0; j < k; j++)
            parts[j] = *p++;
        sg_moves_add_split(out, 0, parts, k);
    }
}

static const char *position_name(const sg_game *game, uint64_t x, char *buf,
                                  size_t size)
{
    const custom *c = cu(game);
    char name[SG_DEFINE_NAME_MAX];
    name_tuple(&c->def, c->arity, &c->tuples[x * c->arity], name);
    if (name[0] == '\0')
        snprintf(name, sizeof name, "#%llu", (unsigned long long)x);
    size_t len = strlen(name);
    if (len < size) {
        memcpy(buf, name, len + 1);
        return buf;
    }
    unsigned at = (*c->ring_next)++ % NAME_RING;
    memcpy(c->ring[at], name, len + 1);
    return c->ring[at];
}

static bool find_position(const sg_game *game, const char *name, size_t len,
                          uint64_t *x)
{
    const custom *c = cu(game);
    int64_t t[SG_DEFINE_MAX_ARITY];
    bool ok = c->def.parse ? c->def.parse(c->def.user, name, len, t) != 0
                           : sg_tuple_parse(name, len, c->arity, t);
    if (!ok)
        return false;
    uint64_t i = slot_of(c->slots, c->mask, c->tuples, c->arity, t);
    if (!c->slots[i])
        return false;
    *x = c->slots[i] - 1;
    return true;
}

static sg_period_rule period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_NONE;
}

/* A position of two numbers, both from 0, has its cell in a picture's
 * grid: (a, b) at column a, row b. */
static bool cell(const sg_game *game, uint64_t x, uint64_t *col,
                 uint64_t *row)
{
    const custom *c = cu(game);
    const int64_t *t = &c->tuples[x * c->arity];
    if (c->arity != 2 || t[0] < 0 || t[1] < 0)
        return false;
    *col = (uint64_t)t[0];
    *row = (uint64_t)t[1];
    return true;
}

/* Tuples in increasing order, first number first. */
static int compare_tuples(const void *game, uint64_t a, uint64_t b)
{
    const custom *c = game;
    const int64_t *s = &c->tuples[a * c->arity];
    const int64_t *t = &c->tuples[b * c->arity];
    for (size_t i = 0; i < c->arity; i++)
        if (s[i] != t[i])
            return s[i] < t[i] ? -1 : 1;
    return 0;
}

static void order(const sg_game *game, uint64_t *out)
{
    const custom *c = cu(game);
    for (uint64_t x = 0; x < c->count; x++)
        out[x] = x;
    sg_sort_positions(out, (size_t)c->count, compare_tuples, c);
}

static void destroy(sg_game *game)
{
    custom *c = (custom *)game;
    free(c->tuples);
    free(c->slots);
    free(c->first);
    free(c->plen);
    free(c->pfirst);
    free(c->parts);
    free(c->ring);
    free(c->ring_next);
}

static const sg_game_ops custom_ops = {
    .name = "defined",
    .id = SG_GAME_DEFINED,
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
    .period_rule = period_rule,
    .cell = cell,
    .order = order,
};

/* Moves the explored game into C: tuples by number, an index of them by
 * number, the moves. */
static sg_status keep_game(sg_ctx *ctx, explore *e, custom *c)
{
    size_t a = e->arity;
    c->count = e->done;
    c->tuples = sg_alloc_raw(ctx, (size_t)c->count * a, sizeof *c->tuples);
    uint64_t slots = 16;
    while (slots < 2 * c->count)
        slots *= 2;
    c->slots = sg_alloc(ctx, (size_t)slots, sizeof *c->slots);
    if (!c->tuples || !c->slots)
        return ctx->status;
    c->mask = slots - 1;
    for (size_t id = 0; id < e->n; id++) {
        if (e->state[id] != DONE)
            continue;
        uint32_t x = e->number[id];
        memcpy(&c->tuples[(size_t)x * a], &e->tuples[id * a],
               a * sizeof *c->tuples);
    }
    for (uint64_t x = 0; x < c->count; x++) {
        uint64_t i = slot_of(c->slots, c->mask, c->tuples, a,
                             &c->tuples[x * a]);
        c->slots[i] = (uint32_t)(x + 1);
    }
    c->first = e->first;
    c->parts = e->parts;
    c->plen = e->plen;
    c->pfirst = e->pfirst;
    e->first = NULL;
    e->parts = NULL;
    e->plen = NULL;
    e->pfirst = NULL;
    c->max_degree = e->max_degree;
    c->ops.max_parts = e->max_parts > 1 ? (size_t)e->max_parts : 1;
    return SG_OK;
}

sg_game *sg_game_define(sg_ctx *ctx, const sg_game_def *def,
                        const int64_t *starts, size_t nstarts)
{
    if (!def || !def->options) {
        sg_ctx_fail(ctx, SG_EINPUT, "a game's definition needs options(), "
                    "the function that lists the options of a position");
        return NULL;
    }
    if (def->arity < 1 || def->arity > SG_DEFINE_MAX_ARITY) {
        sg_ctx_fail(ctx, SG_EINPUT, "a position has 1 to %d numbers, not %zu",
                    SG_DEFINE_MAX_ARITY, def->arity);
        return NULL;
    }
    if (nstarts == 0 || !starts) {
        sg_ctx_fail(ctx, SG_EINPUT, "a game needs at least one start "
                    "position to explore from");
        return NULL;
    }
    explore e;
    memset(&e, 0, sizeof e);
    e.ctx = ctx;
    e.def = def;
    e.arity = def->arity;
    e.max_positions = def->max_positions ? def->max_positions
                                         : SG_DEFINE_MAX_POSITIONS;
    /* Numbers are 32-bit, with one value left for "none". */
    if (e.max_positions > UINT32_MAX - 1)
        e.max_positions = UINT32_MAX - 1;
    e.status = SG_OK;
    custom *c = NULL;
    if (!reindex(&e, 256))
        goto fail;
    for (size_t i = 0; i < nstarts; i++) {
        uint32_t id = id_of(&e, &starts[i * e.arity]);
        if (id == UINT32_MAX || visit(&e, id) != SG_OK)
            goto fail;
    }
    c = sg_alloc(ctx, 1, sizeof *c);
    if (!c)
        goto fail;
    c->ops = custom_ops;
    c->def = *def;
    c->def.name = NULL;
    c->arity = e.arity;
    c->ring = sg_alloc(ctx, NAME_RING, sizeof *c->ring);
    c->ring_next = sg_alloc(ctx, 1, sizeof *c->ring_next);
    const char *name = def->name ? def->name : "a game defined in C";
    if (!c->ring || !c->ring_next ||
        sg_game_init(ctx, &c->base, &c->ops, name, name) != SG_OK ||
        keep_game(ctx, &e, c) != SG_OK)
        goto fail;
    explore_free(&e);
    return &c->base;
fail:
    explore_free(&e);
    if (c)
        sg_game_free(&c->base);
    return NULL;
}

const int64_t *sg_game_defined_position(const sg_game *game, uint64_t x)
{
    if (game->ops->id != SG_GAME_DEFINED || x >= cu(game)->count)
        return NULL;
    return &cu(game)->tuples[x * cu(game)->arity];
}
