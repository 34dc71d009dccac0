/*
 * lookup.c - sg(x) for positions asked for in any order, as `value` and
 * `solve` need: the values are computed once, up to the largest position
 * asked for, and then read.
 */
#include "internal.h"

#include <stdlib.h>

struct sg_lookup {
    uint64_t max;
    sg_values *values;
};

sg_lookup *sg_lookup_new(sg_ctx *ctx, const sg_game *game,
                         uint64_t max_position)
{
    if (game->kind == SG_GAME_DAG && max_position >= game->dag->count)
        max_position = game->dag->count - 1;
    if (sg_check_range(ctx, game, max_position) != SG_OK)
        return NULL;
    sg_lookup *l = sg_alloc(ctx, 1, sizeof *l);
    if (!l)
        return NULL;
    l->max = max_position;
    if (sg_compute(ctx, game, max_position, NULL, &l->values) != SG_OK) {
        free(l);
        return NULL;
    }
    return l;
}

sg_value sg_lookup_get(const sg_lookup *lookup, uint64_t x)
{
    return sg_values_get(lookup->values, x);
}

uint64_t sg_lookup_max(const sg_lookup *lookup) { return lookup->max; }

void sg_lookup_free(sg_lookup *lookup)
{
    if (!lookup)
        return;
    sg_values_free(lookup->values);
    free(lookup);
}
