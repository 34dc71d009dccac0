/*
 * position.c - positions of several parts, written 3+4+5, and the game of
 * every position reachable from one: the product of the parts' own games,
 * as textbooks draw it for two heaps.
 *
 * Each part keeps its place.  A part's states are the positions its own
 * start reaches; where moves split a heap, a state is the sequence of
 * heaps the part has become (3 -> 1+1 stays in the part's place), so the
 * whole position is the parts' states side by side.  The parts change
 * independently, one move in one part at a time, so the reachable
 * positions are exactly every combination of the parts' states, and the
 * moves of a combination are the moves of each part with the others kept.
 *
 * The result is a game kind like any other (games/game.h): its positions
 * are numbered so that every move leads to a smaller number, so the engine
 * computes its values (the mex of each combination, which the
 * Sprague-Grundy theorem says is the nim-sum of the parts' values), and the
 * drawings, steps and traces work on it unchanged.  It also tells the
 * drawing where each position sits in the textbook's grid.
 */
#include "games/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Reading 3+4+5                                                            */
/* ------------------------------------------------------------------------ */

sg_status sg_position_parse(sg_ctx *ctx, const sg_game *game,
                            const char *text, const char *origin,
                            uint64_t **parts, size_t *n)
{
    *parts = NULL;
    *n = 0;
    char shown[96];
    size_t len = strlen(text);
    sg_status st;
    if (game->ops->read_sum &&
        game->ops->read_sum(ctx, game, text, len, origin, parts, n, &st))
        return st;
    sg_quote(text, len, shown, sizeof shown);
    size_t count = 1;
    for (const char *p = text; *p; p++)
        count += *p == '+';
    const char *noun = game->ops->noun;
    if (count > SG_POSITION_MAX_PARTS)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s \"%s\": %zu %ss; a position "
                           "has at most %d", origin, shown, count, noun,
                           SG_POSITION_MAX_PARTS);
    uint64_t *x = sg_alloc_raw(ctx, count, sizeof *x);
    if (!x)
        return ctx->status;
    const char *p = text;
    for (size_t i = 0; i < count; i++) {
        const char *end = strchr(p, '+');
        size_t plen = end ? (size_t)(end - p) : strlen(p);
        if (plen == 0) {
            free(x);
            return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": %s %zu is empty; "
                               "write the %ss with + between them, e.g. "
                               "%s", origin, shown, noun, i + 1, noun,
                               sg_game_numbered(game) ? "3+4+5" : "a+b");
        }
        char where[200];
        snprintf(where, sizeof where, "%s \"%s\": %s %zu", origin, shown,
                 noun, i + 1);
        if (sg_game_parse_position(ctx, game, p, plen, where, true, &x[i]) !=
            SG_OK) {
            free(x);
            return ctx->status;
        }
        p = end ? end + 1 : p + plen;
    }
    *parts = x;
    *n = count;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* One part: the states its start reaches                                   */
/* ------------------------------------------------------------------------ */

/* The states of one part and the moves between them.  State s is the
 * sequence of positions pieces[piece_start[s] .. piece_start[s + 1]); its
 * moves lead to target[first[s] .. first[s + 1]), each state once. */
typedef struct part_graph {
    size_t n, cap;
    size_t *piece_start;
    uint64_t *pieces;
    size_t npieces, pieces_cap;
    size_t *first;
    size_t *target;
    size_t nmoves, moves_cap;
    /* An open-addressing index of the states: slot i holds s + 1. */
    size_t *slots;
    size_t mask;
} part_graph;

static void part_free(part_graph *g)
{
    free(g->piece_start);
    free(g->pieces);
    free(g->first);
    free(g->target);
    free(g->slots);
    memset(g, 0, sizeof *g);
}

static uint64_t seq_hash(const uint64_t *s, size_t k)
{
    uint64_t h = UINT64_C(14695981039346656037) ^ k;
    for (size_t i = 0; i < k; i++) {
        h ^= s[i];
        h *= UINT64_C(1099511628211);
        h ^= h >> 29;
    }
    return h;
}

static const uint64_t *state_pieces(const part_graph *g, size_t s, size_t *k)
{
    *k = g->piece_start[s + 1] - g->piece_start[s];
    return &g->pieces[g->piece_start[s]];
}

/* The state holding the sequence SEQ[0..k), added when new (its number in
 * *S, *ADDED set).  Returns SG_OK, SG_ENOMEM, or SG_ELIMIT beyond LIMIT
 * states. */
static sg_status part_state(sg_ctx *ctx, part_graph *g, const uint64_t *seq,
                            size_t k, size_t limit, size_t *s, bool *added)
{
    *added = false;
    size_t i = (size_t)seq_hash(seq, k) & g->mask;
    for (; g->slots[i]; i = (i + 1) & g->mask) {
        size_t t = g->slots[i] - 1, tk;
        const uint64_t *have = state_pieces(g, t, &tk);
        if (tk == k && memcmp(have, seq, k * sizeof *seq) == 0) {
            *s = t;
            return SG_OK;
        }
    }
    if (g->n >= limit)
        return SG_ELIMIT;
    if (g->n + 1 >= g->cap) {
        size_t cap = g->cap * 2;
        size_t *ps = sg_grow(ctx, g->piece_start, cap + 1, sizeof *ps);
        if (!ps)
            return ctx->status;
        g->piece_start = ps;
        g->cap = cap;
    }
    if (g->npieces + k > g->pieces_cap) {
        size_t cap = g->pieces_cap * 2;
        while (cap < g->npieces + k)
            cap *= 2;
        uint64_t *pc = sg_grow(ctx, g->pieces, cap, sizeof *pc);
        if (!pc)
            return ctx->status;
        g->pieces = pc;
        g->pieces_cap = cap;
    }
    memcpy(&g->pieces[g->npieces], seq, k * sizeof *seq);
    g->npieces += k;
    *s = g->n++;
    g->piece_start[g->n] = g->npieces;
    g->slots[i] = *s + 1;
    *added = true;
    return SG_OK;
}

/* The most states one part may have: its product with the other parts is
 * bounded anyway, and the index is sized for it once. */
#define PART_MAX_STATES SG_SUM_GAME_MAX_POSITIONS

/* Removes the empty heaps (0) from SEQ[0..k), keeping one when all are;
 * returns the new length. */
static size_t drop_empty(uint64_t *seq, size_t k)
{
    size_t kept = 0;
    for (size_t i = 0; i < k; i++)
        if (seq[i])
            seq[kept++] = seq[i];
    if (kept == 0)
        seq[kept++] = 0;
    return kept;
}

/* Lists every state reachable from the position START and the moves among
 * them, into G (states numbered in the order found, START first).  LIST is
 * the caller's buffer for the game's moves.  Returns SG_OK, SG_ENOMEM, or
 * SG_ELIMIT (no message) beyond PART_MAX_STATES states. */
static sg_status explore_part(sg_ctx *ctx, const sg_game *game,
                              uint64_t start, sg_moves *list, part_graph *g)
{
    g->cap = 64;
    g->pieces_cap = 64;
    g->moves_cap = 256;
    size_t slots = 1;
    while (slots < 2 * PART_MAX_STATES)
        slots *= 2;
    g->mask = slots - 1;
    g->piece_start = sg_alloc_raw(ctx, g->cap + 1, sizeof *g->piece_start);
    g->pieces = sg_alloc_raw(ctx, g->pieces_cap, sizeof *g->pieces);
    g->first = sg_alloc_raw(ctx, g->cap + 1, sizeof *g->first);
    g->target = sg_alloc_raw(ctx, g->moves_cap, sizeof *g->target);
    g->slots = sg_alloc(ctx, slots, sizeof *g->slots);
    uint64_t *seq = NULL;
    size_t seq_cap = 0;
    bool heaps = sg_game_numbered(game);
    if (!g->piece_start || !g->pieces || !g->first || !g->target || !g->slots)
        return ctx->status;
    g->piece_start[0] = 0;
    size_t s;
    bool added;
    sg_status st = part_state(ctx, g, &start, 1, PART_MAX_STATES, &s, &added);
    /* States are explored in the order found; each one's moves are listed
     * when its turn comes, so first[] grows with the exploration. */
    for (size_t cur = 0; st == SG_OK && cur < g->n; cur++) {
        /* first[] keeps the size of piece_start[], which part_state()
         * grows. */
        size_t *f = sg_grow(ctx, g->first, g->cap + 1, sizeof *f);
        if (!f) {
            st = ctx->status;
            break;
        }
        g->first = f;
        g->first[cur] = g->nmoves;
        size_t k;
        const uint64_t *have = state_pieces(g, cur, &k);
        for (size_t j = 0; j < k && st == SG_OK; j++) {
            sg_moves_clear(list);
            game->ops->moves(game, have[j], list);
            for (size_t m = 0; m < list->n && st == SG_OK; m++) {
                size_t left = 1;
                const uint64_t *lp = &list->targets[m];
                if (list->part_start) {
                    left = list->part_start[m + 1] - list->part_start[m];
                    lp = &list->parts[list->part_start[m]];
                }
                /* The new sequence: the piece replaced in its place by what
                 * the move leaves.  In a game of heaps an emptied heap
                 * leaves the sequence, except that a part emptied whole
                 * stays as the heap 0, so that it keeps its place. */
                size_t nk = k - 1 + left;
                if (nk == 0)
                    nk = 1;
                if (nk > seq_cap) {
                    seq_cap = nk * 2;
                    uint64_t *grown = sg_grow(ctx, seq, seq_cap, sizeof *seq);
                    if (!grown) {
                        st = ctx->status;
                        break;
                    }
                    seq = grown;
                }
                /* The state's pieces may move when part_state() grows
                 * the array, so they are read again each time. */
                have = state_pieces(g, cur, &k);
                memcpy(seq, have, j * sizeof *seq);
                memcpy(seq + j, lp, left * sizeof *seq);
                memcpy(seq + j + left, have + j + 1,
                       (k - j - 1) * sizeof *seq);
                if (k - 1 + left == 0)
                    seq[0] = 0;
                if (heaps && nk > 1)
                    nk = drop_empty(seq, nk);
                size_t t;
                st = part_state(ctx, g, seq, nk, PART_MAX_STATES, &t, &added);
                if (st != SG_OK)
                    break;
                /* Two moves to one state are one move of the part. */
                bool seen = false;
                for (size_t e = g->first[cur]; e < g->nmoves && !seen; e++)
                    seen = g->target[e] == t;
                if (seen)
                    continue;
                if (g->nmoves == g->moves_cap) {
                    size_t cap = g->moves_cap * 2;
                    size_t *grown = sg_grow(ctx, g->target, cap, sizeof *grown);
                    if (!grown) {
                        st = ctx->status;
                        break;
                    }
                    g->target = grown;
                    g->moves_cap = cap;
                }
                g->target[g->nmoves++] = t;
            }
            have = state_pieces(g, cur, &k);
        }
    }
    if (st == SG_OK)
        g->first[g->n] = g->nmoves;
    free(seq);
    return st;
}

/* The order of a part's states in the sum's numbering: every move must
 * lead to a smaller number.  A move replaces one position by positions
 * numbered below it, so the multiset of a state's positions, sorted from
 * the largest down, decreases lexicographically; states of equal multisets
 * (one part's pieces in another order) have no moves between them and go
 * by their sequences.  For parts that never split, this is the order of
 * the game's own positions: heaps 0, 1, 2, ... */
typedef struct state_key {
    size_t state;
    uint64_t *sorted; /* the pieces from the largest down */
    const uint64_t *seq;
    size_t k;
} state_key;

static int compare_u64_down(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x < y) - (x > y);
}

static int compare_seq(const uint64_t *a, size_t ka, const uint64_t *b,
                       size_t kb)
{
    for (size_t i = 0; i < ka && i < kb; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return (ka > kb) - (ka < kb);
}

static int compare_keys(const void *a, const void *b)
{
    const state_key *x = a, *y = b;
    int c = compare_seq(x->sorted, x->k, y->sorted, y->k);
    return c ? c : compare_seq(x->seq, x->k, y->seq, y->k);
}

/* Renumbers G's states in the order above.  Returns SG_OK or SG_ENOMEM. */
static sg_status order_part(sg_ctx *ctx, part_graph *g)
{
    size_t n = g->n;
    state_key *keys = sg_alloc(ctx, n, sizeof *keys);
    uint64_t *sorted = sg_alloc_raw(ctx, g->npieces + 1, sizeof *sorted);
    size_t *rank = sg_alloc_raw(ctx, n, sizeof *rank);
    size_t *ps = sg_alloc_raw(ctx, n + 1, sizeof *ps);
    uint64_t *pieces = sg_alloc_raw(ctx, g->npieces + 1, sizeof *pieces);
    size_t *first = sg_alloc_raw(ctx, n + 1, sizeof *first);
    size_t *target = sg_alloc_raw(ctx, g->nmoves + 1, sizeof *target);
    sg_status st = ctx->status;
    if (!keys || !sorted || !rank || !ps || !pieces || !first || !target)
        goto done;
    memcpy(sorted, g->pieces, g->npieces * sizeof *sorted);
    for (size_t s = 0; s < n; s++) {
        keys[s].state = s;
        keys[s].seq = state_pieces(g, s, &keys[s].k);
        keys[s].sorted = sorted + g->piece_start[s];
        qsort(keys[s].sorted, keys[s].k, sizeof *sorted, compare_u64_down);
    }
    qsort(keys, n, sizeof *keys, compare_keys);
    for (size_t r = 0; r < n; r++)
        rank[keys[r].state] = r;
    size_t np = 0, nm = 0;
    for (size_t r = 0; r < n; r++) {
        size_t s = keys[r].state;
        ps[r] = np;
        memcpy(&pieces[np], keys[r].seq, keys[r].k * sizeof *pieces);
        np += keys[r].k;
        first[r] = nm;
        for (size_t e = g->first[s]; e < g->first[s + 1]; e++)
            target[nm++] = rank[g->target[e]];
    }
    ps[n] = np;
    first[n] = nm;
    free(g->piece_start);
    free(g->pieces);
    free(g->first);
    free(g->target);
    g->piece_start = ps;
    g->pieces = pieces;
    g->first = first;
    g->target = target;
    ps = NULL;
    pieces = NULL;
    first = NULL;
    target = NULL;
    st = SG_OK;
done:
    free(keys);
    free(sorted);
    free(rank);
    free(ps);
    free(pieces);
    free(first);
    free(target);
    return st;
}

/* ------------------------------------------------------------------------ */
/* The sum: every combination of the parts' states                          */
/* ------------------------------------------------------------------------ */

typedef struct sum_game {
    sg_game base;
    const sg_game *game; /* the game every part is played in */
    size_t nparts;
    part_graph *part;
    /* Position x is the combination whose part i is in state
     * (x / stride[i]) % part[i].n: part 1 varies fastest, so a move in any
     * part lowers the number. */
    uint64_t *stride;
    uint64_t count;
    uint64_t max_degree;
    uint64_t total_moves;
    /* Every position's name, "3+4+5": name[name_start[x] ..]. */
    char *names;
    size_t *name_start;
    /* Where the parts' states go in the textbook's grid: the odd-numbered
     * parts (1st, 3rd, ...) across, the even-numbered ones up, each later
     * part in blocks of the earlier ones' width, a gap between blocks. */
    uint64_t *cell_stride;
} sum_game;

static const sum_game *sum_of(const sg_game *game)
{
    return (const sum_game *)game;
}

static void sum_destroy(sg_game *game)
{
    sum_game *s = (sum_game *)game;
    if (s->part)
        for (size_t i = 0; i < s->nparts; i++)
            part_free(&s->part[i]);
    free(s->part);
    free(s->stride);
    free(s->names);
    free(s->name_start);
    free(s->cell_stride);
}

static uint64_t sum_count(const sg_game *game) { return sum_of(game)->count; }

static sg_value sum_value_bound(const sg_game *game, uint64_t last)
{
    (void)last;
    return sum_of(game)->max_degree;
}

static uint64_t sum_max_moves(const sg_game *game, uint64_t last)
{
    (void)last;
    return sum_of(game)->max_degree;
}

static double sum_work(const sg_game *game, uint64_t last)
{
    (void)last;
    return (double)sum_of(game)->total_moves;
}

static size_t state_of(const sum_game *s, uint64_t x, size_t i)
{
    return (size_t)(x / s->stride[i] % s->part[i].n);
}

static void sum_moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const sum_game *s = sum_of(game);
    for (size_t i = 0; i < s->nparts; i++) {
        const part_graph *g = &s->part[i];
        size_t from = state_of(s, x, i);
        uint64_t base = x - (uint64_t)from * s->stride[i];
        for (size_t e = g->first[from]; e < g->first[from + 1]; e++)
            sg_moves_add(out, 0, base + (uint64_t)g->target[e] * s->stride[i]);
    }
}

static sg_move_shape sum_shape(const sg_game *game)
{
    (void)game;
    return SG_SHAPE_GENERAL;
}

static uint64_t sum_reach(const sg_game *game)
{
    (void)game;
    return 0;
}

static const char *sum_position_name(const sg_game *game, uint64_t x,
                                     char *buf, size_t size)
{
    (void)buf;
    (void)size;
    const sum_game *s = sum_of(game);
    return &s->names[s->name_start[x]];
}

static bool sum_find_position(const sg_game *game, const char *name,
                              size_t len, uint64_t *x)
{
    const sum_game *s = sum_of(game);
    for (uint64_t i = 0; i < s->count; i++) {
        const char *have = &s->names[s->name_start[i]];
        if (strlen(have) == len && memcmp(have, name, len) == 0) {
            *x = i;
            return true;
        }
    }
    return false;
}

static sg_period_rule sum_period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_NONE;
}

static bool sum_cell(const sg_game *game, uint64_t x, uint64_t *col,
                     uint64_t *row)
{
    const sum_game *s = sum_of(game);
    uint64_t c = 0, r = 0;
    for (size_t i = 0; i < s->nparts; i++) {
        uint64_t v = (uint64_t)state_of(s, x, i) * s->cell_stride[i];
        if (i % 2 == 0)
            c += v;
        else
            r += v;
    }
    *col = c;
    *row = r;
    return true;
}

static const sg_game_ops sum_ops = {
    .name = "sum",
    .id = SG_GAME_SUM,
    .noun = "position",
    .wording = SG_WORDING_TARGETS,
    .max_parts = 1,
    .takes_amounts = false,
    .destroy = sum_destroy,
    .count = sum_count,
    .value_bound = sum_value_bound,
    .max_moves = sum_max_moves,
    .work = sum_work,
    .moves = sum_moves,
    .shape = sum_shape,
    .reach = sum_reach,
    .position_name = sum_position_name,
    .find_position = sum_find_position,
    .period_rule = sum_period_rule,
    .cell = sum_cell,
};

/* Writes the name of part state S of G into B: its pieces joined by +. */
static void state_name(sg_buf *b, const sg_game *game, const part_graph *g,
                       size_t s)
{
    size_t k;
    const uint64_t *p = state_pieces(g, s, &k);
    for (size_t i = 0; i < k; i++) {
        char tmp[32];
        if (i)
            sg_buf_putc(b, '+');
        sg_buf_puts(b, sg_game_position_name(game, p[i], tmp, sizeof tmp));
    }
}

/* Names every position and records the grid's strides. */
static sg_status name_positions(sg_ctx *ctx, sum_game *s)
{
    /* Each part's states' names, then every combination of them. */
    sg_buf *part_names = sg_alloc(ctx, s->nparts, sizeof *part_names);
    size_t **starts = sg_alloc(ctx, s->nparts, sizeof *starts);
    sg_buf all;
    sg_buf_init(&all);
    sg_status st = ctx->status;
    if (!part_names || !starts)
        goto done;
    for (size_t i = 0; i < s->nparts; i++) {
        const part_graph *g = &s->part[i];
        sg_buf_init(&part_names[i]);
        starts[i] = sg_alloc_raw(ctx, g->n + 1, sizeof **starts);
        if (!starts[i])
            goto done;
        for (size_t t = 0; t < g->n; t++) {
            starts[i][t] = part_names[i].len;
            state_name(&part_names[i], s->game, g, t);
        }
        starts[i][g->n] = part_names[i].len;
        if (part_names[i].failed) {
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory naming positions");
            goto done;
        }
    }
    s->name_start = sg_alloc_raw(ctx, (size_t)s->count, sizeof *s->name_start);
    if (!s->name_start)
        goto done;
    for (uint64_t x = 0; x < s->count; x++) {
        s->name_start[x] = all.len;
        for (size_t i = 0; i < s->nparts; i++) {
            size_t t = state_of(s, x, i);
            if (i)
                sg_buf_putc(&all, '+');
            sg_buf_add(&all, part_names[i].data + starts[i][t],
                       starts[i][t + 1] - starts[i][t]);
        }
        sg_buf_putc(&all, '\0');
    }
    if (all.failed) {
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory naming positions");
        goto done;
    }
    s->names = all.data;
    all.data = NULL;
    s->cell_stride = sg_alloc_raw(ctx, s->nparts, sizeof *s->cell_stride);
    if (!s->cell_stride)
        goto done;
    uint64_t across = 1, up = 1;
    for (size_t i = 0; i < s->nparts; i++) {
        uint64_t *w = i % 2 == 0 ? &across : &up;
        s->cell_stride[i] = *w;
        /* The block of this part and those before it on its axis, plus
         * one empty cell between blocks. */
        *w = *w * (s->part[i].n + 1);
    }
    st = SG_OK;
done:
    if (part_names)
        for (size_t i = 0; i < s->nparts; i++)
            sg_buf_free(&part_names[i]);
    if (starts)
        for (size_t i = 0; i < s->nparts; i++)
            free(starts[i]);
    free(part_names);
    free(starts);
    sg_buf_free(&all);
    return st;
}

/* Records that part I of the position TEXT reaches too many positions on
 * its own. */
static void part_too_large(sg_ctx *ctx, const sg_game *game, const char *text,
                           const uint64_t *parts, size_t n, size_t i)
{
    char tmp[32];
    const char *name = sg_game_position_name(game, parts[i], tmp, sizeof tmp);
    if (n == 1)
        sg_ctx_fail(ctx, SG_ELIMIT, "%s alone reaches more than %u "
                    "positions; sgviz draws a sum of at most %u", text,
                    (unsigned)PART_MAX_STATES,
                    (unsigned)SG_SUM_GAME_MAX_POSITIONS);
    else
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: %s %zu (%s) alone reaches more "
                    "than %u positions; sgviz draws a sum of at most %u",
                    text, game->ops->noun, i + 1, name,
                    (unsigned)PART_MAX_STATES,
                    (unsigned)SG_SUM_GAME_MAX_POSITIONS);
}

sg_game *sg_sum_game_new(sg_ctx *ctx, const sg_game *game,
                         const uint64_t *parts, size_t n)
{
    char text[160];
    sg_game_sum_text(game, parts, n, text, sizeof text);
    const char *noun = game->ops->noun;
    if (n == 0 || n > SG_POSITION_MAX_PARTS) {
        sg_ctx_fail(ctx, SG_EINPUT, "a position has 1 to %d %ss, not %zu",
                    SG_POSITION_MAX_PARTS, noun, n);
        return NULL;
    }
    /* A part with more moves than the bound on positions reaches more
     * positions than that, whatever else happens. */
    for (size_t i = 0; i < n; i++) {
        if (game->ops->count && parts[i] >= game->ops->count(game)) {
            sg_ctx_fail(ctx, SG_EINPUT, "%s: %s %zu is not a position of %s",
                        text, noun, i + 1, game->spec);
            return NULL;
        }
        if (sg_game_max_moves(game, parts[i]) >= PART_MAX_STATES) {
            part_too_large(ctx, game, text, parts, n, i);
            return NULL;
        }
    }
    sum_game *s = sg_alloc(ctx, 1, sizeof *s);
    if (!s)
        return NULL;
    char describe[400];
    snprintf(describe, sizeof describe, "%s, %s", game->describe, text);
    if (sg_game_init(ctx, &s->base, &sum_ops, describe, describe) != SG_OK)
        goto fail;
    s->game = game;
    s->nparts = n;
    s->part = sg_alloc(ctx, n, sizeof *s->part);
    s->stride = sg_alloc_raw(ctx, n, sizeof *s->stride);
    if (!s->part || !s->stride)
        goto fail;

    /* The buffers for the game's moves, sized for the largest part (every
     * piece a part becomes is smaller than it). */
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        if (parts[i] > largest)
            largest = parts[i];
    size_t cap = (size_t)sg_game_max_moves(game, largest) + 1;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    sg_moves list = {0, NULL, sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                     pcap ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t)) : NULL,
                     pcap ? sg_alloc_raw(ctx, pcap, sizeof(uint64_t)) : NULL};
    sg_status st = SG_OK;
    if (!list.targets || (pcap && (!list.part_start || !list.parts)))
        st = ctx->status;
    double count = 1, moves = 0;
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        st = explore_part(ctx, game, parts[i], &list, &s->part[i]);
        if (st == SG_ELIMIT)
            part_too_large(ctx, game, text, parts, n, i);
        if (st == SG_OK)
            st = order_part(ctx, &s->part[i]);
        if (st == SG_OK)
            count *= (double)s->part[i].n;
    }
    free(list.targets);
    free(list.part_start);
    free(list.parts);
    if (st != SG_OK)
        goto fail;
    /* Moves of the sum: part i's moves, once for each combination of the
     * other parts' states. */
    for (size_t i = 0; i < n; i++)
        moves += (double)s->part[i].nmoves * (count / (double)s->part[i].n);
    if (count > SG_SUM_GAME_MAX_POSITIONS || moves > SG_SUM_GAME_MAX_MOVES) {
        char sizes[200] = "";
        size_t used = 0;
        for (size_t i = 0; i < n && n > 1 && used + 24 < sizeof sizes; i++)
            used += (size_t)snprintf(sizes + used, sizeof sizes - used,
                                     "%s%zu", i ? " x " : " (",
                                     s->part[i].n);
        if (n > 1 && used + 2 < sizeof sizes)
            snprintf(sizes + used, sizeof sizes - used, ")");
        if (count > SG_SUM_GAME_MAX_POSITIONS)
            sg_ctx_fail(ctx, SG_ELIMIT, "%s reaches %.0f positions%s; sgviz "
                        "draws a sum of at most %u positions; choose smaller "
                        "%ss", text, count, sizes,
                        (unsigned)SG_SUM_GAME_MAX_POSITIONS, noun);
        else
            sg_ctx_fail(ctx, SG_ELIMIT, "%s reaches %.0f positions with %.0f "
                        "moves between them; sgviz draws a sum of at most %u "
                        "moves; choose smaller %ss", text, count, moves,
                        (unsigned)SG_SUM_GAME_MAX_MOVES, noun);
        goto fail;
    }
    s->count = (uint64_t)count;
    s->total_moves = (uint64_t)moves;
    uint64_t stride = 1;
    for (size_t i = 0; i < n; i++) {
        s->stride[i] = stride;
        stride *= s->part[i].n;
        uint64_t most = 0;
        const part_graph *g = &s->part[i];
        for (size_t t = 0; t < g->n; t++)
            if (g->first[t + 1] - g->first[t] > most)
                most = g->first[t + 1] - g->first[t];
        s->max_degree += most;
    }
    if (name_positions(ctx, s) != SG_OK)
        goto fail;
    return &s->base;
fail:
    sg_game_free(&s->base);
    return NULL;
}
