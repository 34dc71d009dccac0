/*
 * every.c - Every-SG: each turn the player to move must move in every
 * component that still has a move, and whoever cannot move loses.
 *
 * The game ends when its last component ends, so what matters of a
 * component is how long it lasts, and the player who wins it wants it long,
 * the one who loses it short.  The step count says how long under that
 * play: step(v) = 0 at a terminal position; at an N-position, 1 + the
 * largest step among its options that are P-positions (the winner moves to
 * a losing position for the other, and the longest one); at a P-position,
 * 1 + the smallest step among all its options (the loser cannot win, and
 * ends it soonest).  By induction a position is a P-position exactly when
 * its step is even, so the recurrence needs the steps alone.  The first
 * player wins a sum when the largest step over its components is odd: the
 * component that lasts longest decides who moves last (the 2009 Chinese
 * training-team survey of SG variants; HDU 3595 is the classic problem).
 *
 * A move that splits a component leaves several, each played under the
 * same rule, so the option it leaves lasts as long as its longest part:
 * its step is the largest of theirs.
 */
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

struct sg_every {
    const sg_game *game;
    uint64_t last;
    uint64_t *step; /* step[x] for x = 0..last */
};

/* The step of the option that leaves PARTS[0..k): its longest part's. */
static uint64_t option_step(const uint64_t *step, const uint64_t *parts,
                            size_t k)
{
    uint64_t s = 0;
    for (size_t i = 0; i < k; i++)
        if (step[parts[i]] > s)
            s = step[parts[i]];
    return s;
}

/* The moves list of GAME for positions up to LAST, sized from the kind's
 * bounds, or false after recording an error.  Freed by moves_free(). */
static bool moves_alloc(sg_ctx *ctx, const sg_game *game, uint64_t last,
                        sg_moves *m)
{
    size_t cap = (size_t)sg_game_max_moves(game, last) + 1;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    memset(m, 0, sizeof *m);
    m->targets = sg_alloc_raw(ctx, cap, sizeof *m->targets);
    if (pcap) {
        m->part_start = sg_alloc_raw(ctx, cap + 1, sizeof *m->part_start);
        m->parts = sg_alloc_raw(ctx, pcap, sizeof *m->parts);
    }
    return m->targets && (!pcap || (m->part_start && m->parts));
}

static void moves_free(sg_moves *m)
{
    free(m->targets);
    free(m->part_start);
    free(m->parts);
}

/* The parts move J of M leaves, *K of them. */
static const uint64_t *move_parts(const sg_moves *m, size_t j, size_t *k)
{
    if (!m->part_start) {
        *k = 1;
        return &m->targets[j];
    }
    *k = m->part_start[j + 1] - m->part_start[j];
    return &m->parts[m->part_start[j]];
}

/* Refuses games whose sums are one game split by a theorem of normal play
 * (a row of coins): Every-SG needs components that are games of their
 * own. */
static sg_status check_components(sg_ctx *ctx, const sg_game *game)
{
    if (!game->ops->parts_by_theorem)
        return SG_OK;
    return sg_ctx_fail(ctx, SG_EINPUT, "--every: %s: a row's heads are one "
                       "game, not components of their own (that a row's "
                       "value is the nim-sum of its heads' holds in normal "
                       "play only), so Every-SG, which moves in every "
                       "component, does not apply", game->describe);
}

sg_every *sg_every_new(sg_ctx *ctx, const sg_game *game, uint64_t last)
{
    if (check_components(ctx, game) != SG_OK)
        return NULL;
    if (sg_game_is_finite(game) && sg_game_position_count(game) == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: the game has no positions",
                    game->spec);
        return NULL;
    }
    last = sg_game_clamp(game, last);
    if (last > SG_POSITION_MAX) {
        sg_ctx_fail(ctx, SG_ELIMIT, "position %llu is beyond 2^63-1, the "
                    "largest sgviz accepts", (unsigned long long)last);
        return NULL;
    }
    if (game->ops->check_moves &&
        game->ops->check_moves(ctx, game, last, true) != SG_OK)
        return NULL;
    /* Every move of every position is listed once. */
    double work = (double)(last + 1) *
                  (double)sg_game_max_moves(game, last);
    if (work > SG_WORK_MAX) {
        sg_ctx_fail(ctx, SG_ELIMIT, "--every: %s, positions 0..%llu: about "
                    "%.1e moves to examine, more than the %.0e sgviz allows; "
                    "the steps need every move of every position up to the "
                    "largest", game->describe, (unsigned long long)last, work,
                    SG_WORK_MAX);
        return NULL;
    }
    if (sg_check_memory(ctx, last + 1, sizeof(uint64_t)) != SG_OK)
        return NULL;
    sg_every *e = sg_alloc(ctx, 1, sizeof *e);
    if (!e)
        return NULL;
    e->game = game;
    e->last = last;
    e->step = sg_alloc_raw(ctx, (size_t)last + 1, sizeof *e->step);
    sg_moves m;
    if (!e->step || !moves_alloc(ctx, game, last, &m)) {
        if (e->step)
            moves_free(&m);
        sg_every_free(e);
        return NULL;
    }
    for (uint64_t x = 0; x <= last; x++) {
        sg_moves_clear(&m);
        game->ops->moves(game, x, &m);
        bool any_even = false;
        uint64_t longest_even = 0, shortest = UINT64_MAX;
        for (size_t j = 0; j < m.n; j++) {
            size_t k;
            const uint64_t *parts = move_parts(&m, j, &k);
            uint64_t s = option_step(e->step, parts, k);
            if (s % 2 == 0 && (!any_even || s > longest_even)) {
                longest_even = s;
                any_even = true;
            }
            if (s < shortest)
                shortest = s;
        }
        e->step[x] = m.n == 0 ? 0 : any_even ? longest_even + 1 : shortest + 1;
    }
    moves_free(&m);
    return e;
}

uint64_t sg_every_step(const sg_every *every, uint64_t x)
{
    return x <= every->last ? every->step[x] : 0;
}

uint64_t sg_every_last(const sg_every *every) { return every->last; }

uint64_t sg_every_sum_step(const sg_every *every, const uint64_t *parts,
                           size_t n)
{
    return option_step(every->step, parts, n);
}

sg_status sg_every_move(sg_ctx *ctx, const sg_every *every, uint64_t x,
                        uint64_t **left, size_t *k, uint64_t *amount)
{
    *left = NULL;
    *k = 0;
    if (amount)
        *amount = 0;
    const sg_game *game = every->game;
    sg_moves m;
    if (!moves_alloc(ctx, game, x, &m)) {
        moves_free(&m);
        return ctx->status;
    }
    size_t cap = (size_t)sg_game_max_moves(game, x) + 1;
    m.amounts = game->ops->takes_amounts
                    ? sg_alloc_raw(ctx, cap, sizeof *m.amounts)
                    : NULL;
    if (game->ops->takes_amounts && !m.amounts) {
        moves_free(&m);
        return ctx->status;
    }
    sg_moves_clear(&m);
    game->ops->moves(game, x, &m);
    uint64_t want = every->step[x] - 1;
    sg_status st = SG_OK;
    for (size_t j = 0; x <= every->last && every->step[x] && j < m.n; j++) {
        size_t n;
        const uint64_t *parts = move_parts(&m, j, &n);
        if (option_step(every->step, parts, n) != want)
            continue;
        *left = sg_alloc_raw(ctx, n ? n : 1, sizeof **left);
        if (!*left) {
            st = ctx->status;
            break;
        }
        memcpy(*left, parts, n * sizeof **left);
        *k = n;
        if (amount && m.amounts)
            *amount = m.amounts[j];
        break;
    }
    free(m.amounts);
    moves_free(&m);
    return st;
}

void sg_every_free(sg_every *every)
{
    if (!every)
        return;
    free(every->step);
    free(every);
}
