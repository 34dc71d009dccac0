/*
 * engine.c - computes Sprague-Grundy values and hands every mex step to a
 * consumer as it is made.
 *
 * The classic template clears an N-sized "seen" array for every position,
 * which costs O(N^2) in all.  Here a mex costs O(moves): the mex of m values
 * is at most m, so only values up to m need marking.  With fewer than 64
 * moves the marks fit in one machine word and the mex is a single
 * count-trailing-zeros; with more, marks are "stamps" (the position number)
 * in an array that never needs clearing.
 *
 * Consumers (traces, tables, checks, pictures) all read the same steps.  A
 * step carries its move lists only when the consumer asks for them, and the
 * lists live in buffers reused from step to step, so nothing grows with N
 * except, when asked for, the table of values itself.
 */
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

/* Positions computed between two rounds of value-only steps in the fast
 * path. */
#define CHUNK 4096

/* Positions a streaming window holds beyond the values later steps need.
 * Large enough that carrying those values to the front of the window is
 * rare, small enough that the window stays in the processor's cache. */
#define WINDOW_SPAN 65536

typedef struct engine {
    sg_ctx *ctx;
    const sg_game *game;
    sg_compute_opts o;
    uint64_t last;
    unsigned width;
    /* Values live in data[x - base] for base <= x < base + slots.  When the
     * whole table is kept, base is 0 and slots is last + 1.  When streaming,
     * the window slides: once x reaches its end, the last `carry` values
     * (all that later moves can reach) move to the front and base advances,
     * so indexing stays a plain subtraction, with no wrap-around test. */
    void *data;
    uint64_t base;
    uint64_t slots;
    uint64_t carry;
    uint64_t stopped;         /* positions computed when a consumer stopped */
    /* Subtraction games with a finite list of amounts up to `last`. */
    uint64_t *amounts;
    size_t namounts;
    /* Step buffers, sized for the most moves any position has (and, for
     * games whose moves split, the most positions they leave). */
    uint64_t *step_amounts;
    uint64_t *step_targets;
    sg_value *step_values;
    size_t *step_part_start;
    uint64_t *step_parts;
    bool has_amounts;
    /* Stamps for the mex of many values: stamp[v] == x + 1 marks value v as
     * seen while computing position x. */
    uint64_t *stamp;
    size_t max_moves;
    /* A value of 64 or more has been written: the hot loop for 64 to 255
     * amounts then marks with stamps. */
    bool wide_values;
} engine;

static inline sg_value get(const engine *e, uint64_t x)
{
    return sg_load(e->data, e->width, x - e->base);
}

/* Makes room for position X in a streaming window. */
static inline void slide(engine *e, uint64_t x)
{
    if (x - e->base < e->slots)
        return;
    uint64_t shift = e->slots - e->carry;
    memmove(e->data, (char *)e->data + shift * e->width,
            (size_t)(e->carry * e->width));
    e->base += shift;
}

static inline void put(engine *e, uint64_t x, sg_value v)
{
    sg_store(e->data, e->width, x - e->base, v);
}

/* The mex of fewer than 64 values: the marks fit in one word, and the mex
 * is its lowest clear bit.  A value of 64 or more cannot be the mex (it
 * would need 64 smaller values present) and is left unmarked. */
static inline sg_value mex_word(const sg_value *values, size_t n)
{
    uint64_t marks = 0;
    for (size_t i = 0; i < n; i++)
        if (values[i] < 64)
            marks |= UINT64_C(1) << values[i];
    return (sg_value)__builtin_ctzll(~marks);
}

sg_value sg_mex(const sg_value *values, size_t n, unsigned char *scratch)
{
    if (n < 64)
        return mex_word(values, n);
    memset(scratch, 0, n + 1);
    for (size_t i = 0; i < n; i++)
        if (values[i] <= n)
            scratch[values[i]] = 1;
    sg_value m = 0;
    while (scratch[m])
        m++;
    return m;
}

/* The mex of VALUES[0..n): in one word for fewer than 64 values, with
 * stamps for more. */
static sg_value mex_stamped(engine *e, const sg_value *values, size_t n,
                            uint64_t x)
{
    if (n < 64)
        return mex_word(values, n);
    uint64_t s = x + 1;
    for (size_t i = 0; i < n; i++)
        if (values[i] <= n)
            e->stamp[values[i]] = s;
    sg_value m = 0;
    while (e->stamp[m] == s)
        m++;
    return m;
}

/* Hands the step at X to the consumer.  FILLED says whether the move arrays
 * hold this step's moves. */
static int emit(engine *e, uint64_t x, size_t n, sg_value mex, bool filled)
{
    sg_step s;
    s.x = x;
    s.nmoves = n;
    s.amounts = filled && e->has_amounts ? e->step_amounts : NULL;
    s.targets = filled ? e->step_targets : NULL;
    s.values = filled ? e->step_values : NULL;
    s.sg = mex;
    s.part_start = filled ? e->step_part_start : NULL;
    s.parts = filled ? e->step_parts : NULL;
    int r = e->o.on_step(e->o.user, &s);
    if (r)
        e->stopped = x + 1;
    return r;
}

static bool reports(const engine *e, uint64_t x)
{
    return e->o.on_step && x >= e->o.first;
}

/* Turns a consumer's answer into the engine's status. */
static sg_status consumer_status(engine *e, int r)
{
    if (r > 0)
        return SG_STOP;
    if (e->ctx->status == SG_OK)
        sg_ctx_fail(e->ctx, SG_EINTERNAL, "a step consumer failed (%d)", r);
    return (sg_status)r;
}

/* One position of a list game, the slow and general way: the first P amounts
 * are the legal moves (all at most x). */
static int step_list(engine *e, uint64_t x, size_t p)
{
    slide(e, x);
    bool filled = reports(e, x) && e->o.with_moves;
    sg_value mex;
    if (!filled && p >= 64) {
        /* Many amounts and no one to show them to: stamp the values as
         * they are read, without listing the moves first, so that a set
         * of a hundred amounts costs what a hand-written loop costs. */
        uint64_t s = x + 1;
        if (e->width == 1) {
            const uint8_t *v = e->data;
            for (size_t i = 0; i < p; i++) {
                uint8_t t = v[x - e->amounts[i] - e->base];
                if (t <= p)
                    e->stamp[t] = s;
            }
        } else {
            for (size_t i = 0; i < p; i++) {
                sg_value t = get(e, x - e->amounts[i]);
                if (t <= p)
                    e->stamp[t] = s;
            }
        }
        mex = 0;
        while (e->stamp[mex] == s)
            mex++;
    } else if (filled) {
        for (size_t i = 0; i < p; i++) {
            uint64_t t = x - e->amounts[i];
            e->step_amounts[i] = e->amounts[i];
            e->step_targets[i] = t;
            e->step_values[i] = get(e, t);
        }
        mex = mex_stamped(e, e->step_values, p, x);
    } else {
        uint64_t marks = 0;
        for (size_t i = 0; i < p; i++)
            marks |= UINT64_C(1) << get(e, x - e->amounts[i]);
        mex = (sg_value)__builtin_ctzll(~marks);
    }
    put(e, x, mex);
    if (mex >= 64)
        e->wide_values = true;
    if (reports(e, x))
        return emit(e, x, p, mex, filled);
    return 0;
}

/*
 * The hot loop: positions FROM..TO of a game with K < 64 amounts, all legal
 * (from >= largest amount), values one byte wide, all in the window.  Each
 * K has its own loop with the amounts in local variables and the marks
 * written out, so that the compiler keeps the amounts in registers.
 *
 * When 1 is an amount (the common case: {1,3,4}, {1..m}, pow2, fib), every
 * value depends on the one just computed.  Reading it back from memory would
 * put a store-to-load round trip on that chain, so the loop keeps it in a
 * register instead, as a one-bit mark: the next mark is then the lowest
 * clear bit of the marks, ~m & (m + 1), two instructions with no shift.
 */
#define MARK(i) (UINT64_C(1) << v[x - a##i - base])
#define LOAD(i) const uint64_t a##i = am[i]
#define FIXED_LOOP(K, LOADS, REST)                                             \
    static void fixed_loop_##K(uint8_t *v, uint64_t base, const uint64_t *am,  \
                               uint64_t from, uint64_t to)                     \
    {                                                                          \
        LOAD(0);                                                               \
        LOADS;                                                                 \
        if (a0 == 1) {                                                         \
            uint64_t prev = UINT64_C(1) << v[from - 1 - base];                 \
            for (uint64_t x = from; x <= to; x++) {                            \
                uint64_t m = prev | (REST);                                    \
                prev = ~m & (m + 1);                                           \
                v[x - base] = (uint8_t)__builtin_ctzll(prev);                  \
            }                                                                  \
        } else {                                                               \
            for (uint64_t x = from; x <= to; x++)                              \
                v[x - base] = (uint8_t)__builtin_ctzll(~(MARK(0) | (REST)));   \
        }                                                                      \
    }
FIXED_LOOP(1, (void)0, 0)
FIXED_LOOP(2, LOAD(1), MARK(1))
FIXED_LOOP(3, LOAD(1); LOAD(2), MARK(1) | MARK(2))
FIXED_LOOP(4, LOAD(1); LOAD(2); LOAD(3), MARK(1) | MARK(2) | MARK(3))
FIXED_LOOP(5, LOAD(1); LOAD(2); LOAD(3); LOAD(4),
           MARK(1) | MARK(2) | MARK(3) | MARK(4))
FIXED_LOOP(6, LOAD(1); LOAD(2); LOAD(3); LOAD(4); LOAD(5),
           MARK(1) | MARK(2) | MARK(3) | MARK(4) | MARK(5))
FIXED_LOOP(7, LOAD(1); LOAD(2); LOAD(3); LOAD(4); LOAD(5); LOAD(6),
           MARK(1) | MARK(2) | MARK(3) | MARK(4) | MARK(5) | MARK(6))
FIXED_LOOP(8, LOAD(1); LOAD(2); LOAD(3); LOAD(4); LOAD(5); LOAD(6); LOAD(7),
           MARK(1) | MARK(2) | MARK(3) | MARK(4) | MARK(5) | MARK(6) |
               MARK(7))
#undef MARK
#undef LOAD
#undef FIXED_LOOP

/* Any K below 64.  With 1 an amount, the marks of the other amounts are
 * gathered first and only then joined with the mark of the value just
 * computed, so that their ORs do not wait for the position before (pow2 at
 * 3*10^7, 25 amounts: a tenth less time; two words taking the amounts in
 * turn were faster still for pow2 but slower for fib). */
static void fixed_loop_any(uint8_t *v, uint64_t base, const uint64_t *a,
                           size_t k, uint64_t from, uint64_t to)
{
    if (a[0] == 1) {
        uint64_t prev = UINT64_C(1) << v[from - 1 - base];
        for (uint64_t x = from; x <= to; x++) {
            const uint8_t *w = v + (x - base);
            uint64_t rest = 0;
            for (size_t i = 1; i < k; i++)
                rest |= UINT64_C(1) << *(w - a[i]);
            uint64_t m = prev | rest;
            prev = ~m & (m + 1);
            v[x - base] = (uint8_t)__builtin_ctzll(prev);
        }
        return;
    }
    for (uint64_t x = from; x <= to; x++) {
        uint64_t marks = 0;
        for (size_t i = 0; i < k; i++)
            marks |= UINT64_C(1) << v[x - a[i] - base];
        v[x - base] = (uint8_t)__builtin_ctzll(~marks);
    }
}

/* The hot loop for 64 to 255 amounts while every value so far is below
 * 64, as it stays for many such sets (a value needs as many smaller ones
 * among the options): the marks are one word in a register, as in the
 * loop for fewer amounts, rather than stamps in memory.  Returns the
 * position after the first value of 64 or more it writes, setting
 * *PASSED (the options of later positions may then hold values a word
 * cannot mark), or TO + 1.
 * (Two words, with a branch or without, cost more than the stamps once
 * values pass 64: the branch is mispredicted, and the shifts add up.) */
static uint64_t wide_loop(uint8_t *v, uint64_t base, const uint64_t *a,
                          size_t k, uint64_t from, uint64_t to, bool *passed)
{
    for (uint64_t x = from; x <= to; x++) {
        const uint8_t *w = v + (x - base);
        uint64_t marks = 0;
        for (size_t i = 0; i < k; i++)
            marks |= UINT64_C(1) << *(w - a[i]);
        if (!~marks) {
            v[x - base] = 64;
            *passed = true;
            return x + 1;
        }
        v[x - base] = (uint8_t)__builtin_ctzll(~marks);
    }
    return to + 1;
}

/* The same positions with stamps, for values of any size. */
static void stamp_loop(engine *e, uint8_t *v, uint64_t base, const uint64_t *a,
                       size_t k, uint64_t from, uint64_t to)
{
    for (uint64_t x = from; x <= to; x++) {
        const uint8_t *w = v + (x - base);
        uint64_t s = x + 1;
        for (size_t i = 0; i < k; i++)
            e->stamp[*(w - a[i])] = s;
        sg_value mex = 0;
        while (e->stamp[mex] == s)
            mex++;
        v[x - base] = (uint8_t)mex;
    }
}

/* Runs the hot loop with the first K amounts over FROM..TO (from <= to,
 * every one of those amounts a move of each), sliding the window as it
 * fills. */
static void fast_span(engine *e, uint64_t from, uint64_t to, size_t k)
{
    const uint64_t *a = e->amounts;
    while (from <= to) {
        slide(e, from);
        uint64_t end = e->base + e->slots - 1;
        if (end > to)
            end = to;
        uint8_t *v = e->data;
        uint64_t b = e->base;
        switch (k) {
        case 1: fixed_loop_1(v, b, a, from, end); break;
        case 2: fixed_loop_2(v, b, a, from, end); break;
        case 3: fixed_loop_3(v, b, a, from, end); break;
        case 4: fixed_loop_4(v, b, a, from, end); break;
        case 5: fixed_loop_5(v, b, a, from, end); break;
        case 6: fixed_loop_6(v, b, a, from, end); break;
        case 7: fixed_loop_7(v, b, a, from, end); break;
        case 8: fixed_loop_8(v, b, a, from, end); break;
        default:
            if (k < 64) {
                fixed_loop_any(v, b, a, k, from, end);
            } else {
                uint64_t at = from;
                if (!e->wide_values)
                    at = wide_loop(v, b, a, k, from, end, &e->wide_values);
                if (at <= end)
                    stamp_loop(e, v, b, a, k, at, end);
            }
            break;
        }
        from = end + 1;
    }
}

/* Positions X..TO, each with the first K amounts as its moves, at the hot
 * loop's speed, handing steps to the consumer as it asks: value-only steps
 * in chunks computed at full speed, steps with moves one by one.  Returns
 * the consumer's answer (0: go on). */
static int run_fixed(engine *e, uint64_t x, uint64_t to, size_t k)
{
    while (x <= to) {
        if (!e->o.on_step || e->o.first > to) {
            fast_span(e, x, to, k);
            return 0;
        }
        if (x < e->o.first) {
            fast_span(e, x, e->o.first - 1, k);
            x = e->o.first;
            continue;
        }
        if (e->o.with_moves) {
            int r = step_list(e, x, k);
            if (r)
                return r;
            x++;
            continue;
        }
        /* The chunk ends with the window, so its values are all still
         * there when they are reported. */
        slide(e, x);
        uint64_t end = to - x < CHUNK - 1 ? to : x + CHUNK - 1;
        if (end > e->base + e->slots - 1)
            end = e->base + e->slots - 1;
        fast_span(e, x, end, k);
        for (; x <= end; x++) {
            int r = emit(e, x, k, get(e, x), false);
            if (r)
                return r;
        }
    }
    return 0;
}

static sg_status run_list(engine *e)
{
    size_t k = e->namounts;
    size_t p = 0; /* amounts at most x */
    uint64_t x = 0;
    while (x <= e->last) {
        while (p < k && e->amounts[p] <= x)
            p++;
        /* Up to the next amount the moves are the first p amounts, a fixed
         * count: the hot loop serves that segment as it serves the
         * positions past the largest amount, which for pow2 and fib
         * (amounts up to the largest position) would be too late to help. */
        if (p > 0 && p < 256 && e->width == 1) {
            uint64_t to = p < k && e->amounts[p] - 1 < e->last
                              ? e->amounts[p] - 1
                              : e->last;
            int r = run_fixed(e, x, to, p);
            if (r)
                return consumer_status(e, r);
            x = to + 1;
            continue;
        }
        int r = step_list(e, x, p);
        if (r)
            return consumer_status(e, r);
        x++;
    }
    return SG_OK;
}

/* Nim: every smaller heap is a target, so sg(x) is the mex of all values
 * before it.  That set only grows, so a running mex costs O(1) amortised per
 * position instead of O(x). */
static sg_status run_all(engine *e)
{
    uint64_t n = e->last + 2;
    uint8_t *present = sg_alloc(e->ctx, (size_t)(n / 8 + 1), 1);
    if (!present)
        return e->ctx->status;
    sg_value running = 0;
    sg_status st = SG_OK;
    for (uint64_t x = 0; x <= e->last; x++) {
        sg_value mex = running;
        bool filled = reports(e, x) && e->o.with_moves;
        if (filled) {
            for (uint64_t a = 1; a <= x; a++) {
                e->step_amounts[a - 1] = a;
                e->step_targets[a - 1] = x - a;
                e->step_values[a - 1] = get(e, x - a);
            }
        }
        put(e, x, mex);
        present[mex / 8] |= (uint8_t)(1u << (mex % 8));
        while (present[running / 8] & (1u << (running % 8)))
            running++;
        if (reports(e, x)) {
            int r = emit(e, x, (size_t)x, mex, filled);
            if (r) {
                st = consumer_status(e, r);
                break;
            }
        }
    }
    free(present);
    return st;
}

/* Any game, through the moves its kind lists: a move's value is the
 * nim-sum of the values of the positions it leaves. */
static sg_status run_general(engine *e)
{
    const sg_game *g = e->game;
    sg_moves list = {0, e->has_amounts ? e->step_amounts : NULL,
                     e->step_targets, e->step_part_start, e->step_parts};
    for (uint64_t x = 0; x <= e->last; x++) {
        sg_moves_clear(&list);
        g->ops->moves(g, x, &list);
        size_t n = list.n;
        if (list.part_start) {
            for (size_t i = 0; i < n; i++) {
                sg_value v = 0;
                for (size_t j = list.part_start[i]; j < list.part_start[i + 1];
                     j++)
                    v ^= get(e, list.parts[j]);
                e->step_values[i] = v;
            }
        } else {
            for (size_t i = 0; i < n; i++)
                e->step_values[i] = get(e, list.targets[i]);
        }
        sg_value mex = mex_stamped(e, e->step_values, n, x);
        put(e, x, mex);
        if (reports(e, x)) {
            int r = emit(e, x, n, mex, e->o.with_moves);
            if (r)
                return consumer_status(e, r);
        }
    }
    return SG_OK;
}

/* Estimates the moves the engine will examine, and list to a consumer, to
 * refuse hopeless requests before starting them.  Every move counts, those
 * of the word-sized mex too: each costs less there (about 0.5 to 1 ns
 * against 2 ns on this machine), but not the orders of magnitude that a
 * game's positions add: sg(10^9) of the Fibonacci game alone examines
 * 4.3e10 moves. */
static double estimate_work(const engine *e, sg_move_shape shape)
{
    double last = (double)e->last;
    bool listing = e->o.on_step && e->o.with_moves && e->o.first <= e->last;
    double first = (double)e->o.first;
    if (shape == SG_SHAPE_GENERAL)
        return e->game->ops->work(e->game, e->last);
    if (shape == SG_SHAPE_EVERY_AMOUNT)
        return listing ? (last * last - first * first) / 2.0 + last : last;
    double work = 0;
    for (size_t i = 0; i < e->namounts; i++)
        work += last - (double)e->amounts[i] + 1;
    if (listing)
        work += (last - first + 1) * (double)e->namounts;
    return work;
}

static void engine_release(engine *e)
{
    free(e->amounts);
    free(e->step_amounts);
    free(e->step_targets);
    free(e->step_values);
    free(e->step_part_start);
    free(e->step_parts);
    free(e->stamp);
}

/* A kind's own fast path: its table of values, handed on as value-only
 * steps.  Steps that carry no moves do not count them either. */
static sg_status run_values(sg_ctx *ctx, const sg_game *game, uint64_t last,
                            const sg_compute_opts *o, sg_values **values)
{
    sg_values *v = NULL;
    sg_status st = game->ops->values(ctx, game, last, &v);
    if (st != SG_OK)
        return st;
    for (uint64_t x = o->on_step ? o->first : last + 1; x <= last; x++) {
        sg_step s = {x, 0, NULL, NULL, NULL, sg_values_get(v, x), NULL, NULL};
        int r = o->on_step(o->user, &s);
        if (r > 0) {
            st = SG_STOP;
            v->count = x + 1;
            break;
        }
        if (r < 0) {
            if (ctx->status == SG_OK)
                sg_ctx_fail(ctx, SG_EINTERNAL, "a step consumer failed (%d)",
                            r);
            sg_values_free(v);
            return (sg_status)r;
        }
    }
    if (values) {
        v->max = 0;
        for (uint64_t i = 0; i < v->count; i++)
            if (sg_values_get(v, i) > v->max)
                v->max = sg_values_get(v, i);
        *values = v;
    } else {
        sg_values_free(v);
    }
    return st;
}

/* Checks that LAST is a position of GAME (or within 2^63-1). */
static sg_status check_position(sg_ctx *ctx, const sg_game *game,
                                uint64_t last)
{
    if (sg_game_is_finite(game)) {
        if (last >= sg_game_position_count(game))
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s has %llu positions",
                               game->spec,
                               (unsigned long long)
                                   sg_game_position_count(game));
    } else if (last > SG_POSITION_MAX) {
        return sg_ctx_fail(ctx, SG_ELIMIT, "position %llu is beyond 2^63-1, the "
                           "largest sgviz accepts",
                           (unsigned long long)last);
    }
    return SG_OK;
}

sg_status sg_compute(sg_ctx *ctx, const sg_game *game, uint64_t last,
                     const sg_compute_opts *opts, sg_values **values)
{
    if (values)
        *values = NULL;
    engine e;
    memset(&e, 0, sizeof e);
    e.ctx = ctx;
    e.game = game;
    if (opts && sg_opts_take(ctx, &e.o, sizeof e.o, opts,
                             SG_OPTS_V0(sg_compute_opts, user), "sg_compute_opts") != SG_OK)
        return ctx->status;

    if (sg_game_is_finite(game) && sg_game_position_count(game) == 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: the game has no positions",
                           game->spec);
    last = sg_game_clamp(game, last);
    sg_status st = check_position(ctx, game, last);
    if (st != SG_OK)
        return st;
    if (game->ops->values &&
        !(e.o.on_step && e.o.with_moves && e.o.first <= last))
        return run_values(ctx, game, last, &e.o, values);
    if (game->ops->check_moves &&
        game->ops->check_moves(ctx, game, last, true) != SG_OK)
        return ctx->status;
    e.last = last;
    e.width = sg_width_for(game->ops->value_bound(game, last));
    e.has_amounts = game->ops->takes_amounts;

    /* Moves and step buffers. */
    sg_move_shape shape = game->ops->shape(game);
    size_t parts = 0;
    if (shape == SG_SHAPE_AMOUNTS) {
        e.amounts = sg_game_amounts_upto(ctx, game, last, &e.namounts);
        if (!e.amounts)
            return ctx->status;
        e.max_moves = e.namounts;
    } else if (shape == SG_SHAPE_EVERY_AMOUNT) {
        e.max_moves = e.o.with_moves && e.o.on_step ? (size_t)last : 0;
    } else {
        e.max_moves = (size_t)game->ops->max_moves(game, last);
        if (game->ops->max_parts > 1)
            parts = e.max_moves * game->ops->max_parts;
    }

    double work = estimate_work(&e, shape);
    if (work > SG_WORK_MAX) {
        engine_release(&e);
        return sg_ctx_fail(ctx, SG_ELIMIT,
                           "%s, positions 0..%llu: about %.1e moves to examine, "
                           "more than the %.0e sgviz allows; choose a smaller "
                           "-n or a smaller set",
                           game->describe, (unsigned long long)last, work,
                           SG_WORK_MAX);
    }

    e.step_amounts = sg_alloc_raw(ctx, e.max_moves + 1, sizeof(uint64_t));
    e.step_targets = sg_alloc_raw(ctx, e.max_moves + 1, sizeof(uint64_t));
    e.step_values = sg_alloc_raw(ctx, e.max_moves + 1, sizeof(sg_value));
    if (parts) {
        e.step_part_start = sg_alloc_raw(ctx, e.max_moves + 2, sizeof(size_t));
        e.step_parts = sg_alloc_raw(ctx, parts + 1, sizeof(uint64_t));
    }
    if (!e.step_amounts || !e.step_targets || !e.step_values ||
        (parts && (!e.step_part_start || !e.step_parts))) {
        engine_release(&e);
        return ctx->status;
    }
    if (e.max_moves >= 64) {
        e.stamp = sg_alloc(ctx, e.max_moves + 2, sizeof(uint64_t));
        if (!e.stamp) {
            engine_release(&e);
            return ctx->status;
        }
    }

    /* Storage.  Kept values need the whole table.  Otherwise a game whose
     * moves reach back at most k positions needs only the k values before
     * x, so a window of k + WINDOW_SPAN values streams any N in constant
     * memory. */
    e.slots = last + 1;
    uint64_t k = game->ops->reach(game);
    if (!values && k && k < e.slots && e.slots - k > WINDOW_SPAN) {
        e.carry = k;
        e.slots = k + WINDOW_SPAN;
    }
    /* Only what is kept must fit in memory: a table streamed through a
     * window is not refused for the memory all its values would take. */
    if (sg_check_memory(ctx, e.slots, e.width) != SG_OK) {
        engine_release(&e);
        return ctx->status;
    }
    e.data = sg_alloc_raw(ctx, (size_t)e.slots, e.width);
    if (!e.data) {
        engine_release(&e);
        return ctx->status;
    }

    switch (shape) {
    case SG_SHAPE_AMOUNTS: st = run_list(&e); break;
    case SG_SHAPE_EVERY_AMOUNT: st = run_all(&e); break;
    default: st = run_general(&e); break;
    }

    engine_release(&e);
    if (st < 0 || !values) {
        free(e.data);
        return st;
    }
    sg_values *v = sg_alloc(ctx, 1, sizeof *v);
    if (!v) {
        free(e.data);
        return ctx->status;
    }
    /* After an early stop only the positions computed so far are valid. */
    v->count = st == SG_STOP ? e.stopped : last + 1;
    v->width = e.width;
    v->data = e.data;
    v->max = 0;
    for (uint64_t i = 0; i < v->count; i++) {
        sg_value x = sg_load(v->data, v->width, i);
        if (x > v->max)
            v->max = x;
    }
    *values = v;
    return st;
}

sg_status sg_check_range(sg_ctx *ctx, const sg_game *game, uint64_t last)
{
    if (check_position(ctx, game, last) != SG_OK)
        return ctx->status;
    return sg_check_memory(ctx, last + 1,
                           sg_width_for(game->ops->value_bound(game, last)));
}

uint64_t sg_values_count(const sg_values *values) { return values->count; }

sg_value sg_values_get(const sg_values *values, uint64_t x)
{
    return sg_load(values->data, values->width, x);
}

sg_value sg_values_max(const sg_values *values) { return values->max; }

unsigned sg_values_width(const sg_values *values) { return values->width; }

void sg_values_free(sg_values *values)
{
    if (!values)
        return;
    free(values->data);
    free(values);
}
