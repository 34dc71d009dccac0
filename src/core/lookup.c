/*
 * lookup.c - sg(x) for positions asked for in any order, as `value` and
 * `solve` need.
 *
 * Heaps may be astronomically large, so a table of every value up to the
 * largest one is the last resort.  A finite subtraction set is eventually
 * periodic, and its certified period (period.c) answers for any heap from
 * the few values before and in one block.  For powers of two, for Nim and
 * for the sets of the residue theorem ({1..m}: x mod (m + 1)) theorems give
 * every value.  Only the rest (Fibonacci amounts, sets whose
 * period does not show soon, game graphs) are computed directly, within
 * memory.
 */
#include "games/game.h"

#include <stdlib.h>

typedef enum lookup_kind {
    LOOKUP_TABLE,    /* values: sg(0..max) */
    LOOKUP_PERIOD,   /* period: certified, or holding sg(0..max) itself */
    LOOKUP_THEOREM   /* a closed form, e.g. sg(x) = x mod 3 for pow2 */
} lookup_kind;

struct sg_lookup {
    uint64_t max;
    lookup_kind kind;
    sg_values *values;
    sg_period *period;
    const sg_theorem *theorem;
    const sg_game *game; /* for the theorem's value; it outlives the lookup */
};

/* Computes sg(0..max) of GAME into L's table.  WHY, when not NULL, says why
 * no period served, and goes in front of any refusal. */
static sg_status compute_directly(sg_ctx *ctx, const sg_game *game,
                                  sg_lookup *l, const char *why)
{
    sg_status st = sg_check_range(ctx, game, l->max);
    if (st == SG_OK)
        st = sg_compute(ctx, game, l->max, NULL, &l->values);
    if (st != SG_OK && why) {
        char copy[SG_MESSAGE_MAX];
        snprintf(copy, sizeof copy, "%s", ctx->message);
        sg_ctx_fail(ctx, st, "%s; computing sg(0..%llu) directly: %s", why,
                    (unsigned long long)l->max, copy);
    }
    return st;
}

/* A game with a criterion for periods: its period when one is certified
 * within the search's limit, or the search's own values when they reach
 * MAX, or else a table. */
static sg_status prepare_periodic(sg_ctx *ctx, const sg_game *game,
                                  sg_lookup *l)
{
    /* The search goes no further than MAX needs, nor than the work bound
     * lets the default search go: a period shows after a few blocks, so a
     * search that stops where the default does answers as far as one up
     * to MAX would, without being refused for the work that MAX would
     * take if no period showed. */
    l->period = sg_period_find(ctx, game, sg_period_limit_for(game, l->max));
    if (!l->period)
        return ctx->status;
    const sg_period_info *i = sg_period_info_of(l->period);
    if (i->found || i->computed > l->max) {
        l->kind = LOOKUP_PERIOD;
        /* A certified period answers for every position, however far the
         * caller asked: one that asks again for more then asks no more. */
        if (i->applies && i->found)
            l->max = SG_POSITION_MAX;
        return SG_OK;
    }
    if (i->stopped) {
        /* Computing the values directly costs at least as much as the
         * search that the work bound stopped. */
        sg_status st = sg_ctx_fail(ctx, SG_ELIMIT, "%s: no period found in "
                                   "sg(0..%llu), and more values would pass "
                                   "the work bound; no heap beyond %llu can "
                                   "be answered",
                                   game->describe,
                                   (unsigned long long)(i->computed - 1),
                                   (unsigned long long)(i->computed - 1));
        sg_period_free(l->period);
        l->period = NULL;
        return st;
    }
    char why[256];
    snprintf(why, sizeof why, "%s: no period found up to %llu",
             game->describe, (unsigned long long)i->limit);
    sg_period_free(l->period);
    l->period = NULL;
    l->kind = LOOKUP_TABLE;
    return compute_directly(ctx, game, l, why);
}

sg_lookup *sg_lookup_new(sg_ctx *ctx, const sg_game *game,
                         uint64_t max_position)
{
    max_position = sg_game_clamp(game, max_position);
    if (!sg_game_is_finite(game) && max_position > SG_POSITION_MAX) {
        sg_ctx_fail(ctx, SG_ELIMIT, "position %llu is beyond 2^63-1, the "
                    "largest sgviz accepts",
                    (unsigned long long)max_position);
        return NULL;
    }
    sg_lookup *l = sg_alloc(ctx, 1, sizeof *l);
    if (!l)
        return NULL;
    l->max = max_position;
    sg_status st = SG_OK;
    l->theorem = sg_game_theorem(game);
    l->game = game;
    if (sg_game_is_finite(game)) {
        l->kind = LOOKUP_TABLE;
        st = compute_directly(ctx, game, l, NULL);
    } else if (l->theorem) {
        l->kind = LOOKUP_THEOREM;
        l->max = SG_POSITION_MAX;
    } else if (game->ops->period_rule(game) != SG_PERIOD_OBSERVE) {
        st = prepare_periodic(ctx, game, l);
    } else {
        char why[256];
        snprintf(why, sizeof why, "%s: no period is known", game->describe);
        l->kind = LOOKUP_TABLE;
        st = compute_directly(ctx, game, l, why);
    }
    if (st != SG_OK) {
        sg_lookup_free(l);
        return NULL;
    }
    return l;
}

sg_value sg_lookup_get(const sg_lookup *lookup, uint64_t x)
{
    switch (lookup->kind) {
    case LOOKUP_PERIOD: return sg_period_value(lookup->period, x);
    case LOOKUP_THEOREM:
        return sg_game_theorem_value(lookup->game, lookup->theorem, x);
    case LOOKUP_TABLE: break;
    }
    return sg_values_get(lookup->values, x);
}

uint64_t sg_lookup_max(const sg_lookup *lookup) { return lookup->max; }

void sg_lookup_free(sg_lookup *lookup)
{
    if (!lookup)
        return;
    sg_values_free(lookup->values);
    sg_period_free(lookup->period);
    free(lookup);
}
