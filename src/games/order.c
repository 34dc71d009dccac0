/*
 * order.c - a finite game's positions in an order people read them by:
 * the order tables follow (the kind's own, or the numbers' order), the
 * order of names that are whole numbers, or an order written in a file.
 * Periods of game graphs (`sgviz period -g`) read their values in one.
 */
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

void sg_sort_positions(uint64_t *a, size_t n,
                       int (*cmp)(const void *data, uint64_t a, uint64_t b),
                       const void *data)
{
    uint64_t *tmp = n > 1 ? malloc(n * sizeof *tmp) : NULL;
    if (!tmp)
        return;
    /* Bottom-up: runs of WIDTH merged in pairs, from SRC into DST. */
    uint64_t *src = a, *dst = tmp;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = cmp(data, src[j], src[i]) < 0 ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, n * sizeof *a);
    free(tmp);
}

/* The whole number position X is named by, or UINT64_MAX. */
static uint64_t name_number(const sg_game *game, uint64_t x)
{
    char buf[32];
    const char *name = sg_game_position_name(game, x, buf, sizeof buf);
    uint64_t v;
    if (sg_parse_u64(name, strlen(name), UINT64_MAX - 1, &v) != 0)
        return UINT64_MAX;
    return v;
}

static int compare_numbers(const void *game, uint64_t a, uint64_t b)
{
    uint64_t x = name_number(game, a), y = name_number(game, b);
    return x < y ? -1 : x > y;
}

bool sg_game_order_by_number(const sg_game *game, uint64_t *out)
{
    uint64_t n = sg_game_position_count(game);
    for (uint64_t x = 0; x < n; x++) {
        if (name_number(game, x) == UINT64_MAX)
            return false;
        out[x] = x;
    }
    sg_sort_positions(out, (size_t)n, compare_numbers, game);
    return true;
}

/* A new array for the COUNT positions of a finite game. */
static uint64_t *positions_array(sg_ctx *ctx, const sg_game *game,
                                 size_t *count)
{
    if (!sg_game_is_finite(game)) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: positions without end have no "
                    "order to list them in but their numbers", game->spec);
        return NULL;
    }
    *count = (size_t)sg_game_position_count(game);
    return sg_alloc_raw(ctx, *count ? *count : 1, sizeof(uint64_t));
}

uint64_t *sg_game_order(sg_ctx *ctx, const sg_game *game, size_t *n)
{
    uint64_t *out = positions_array(ctx, game, n);
    if (!out)
        return NULL;
    if (game->ops->order)
        game->ops->order(game, out);
    else
        for (size_t i = 0; i < *n; i++)
            out[i] = i;
    return out;
}

uint64_t *sg_game_numeric_order(sg_ctx *ctx, const sg_game *game, size_t *n)
{
    /* Names are looked at in the game's own order, so that a message names
     * the first position of the file (say) that is not a number. */
    uint64_t *out = sg_game_order(ctx, game, n);
    if (!out)
        return NULL;
    for (size_t i = 0; i < *n; i++) {
        uint64_t x = out[i];
        if (name_number(game, x) != UINT64_MAX)
            continue;
        char buf[32], quoted[96];
        const char *name = sg_game_position_name(game, x, buf, sizeof buf);
        sg_ctx_fail(ctx, SG_EINPUT, "%s: position \"%s\" is not named by a "
                    "whole number, so the positions have no order of "
                    "numbers; give the order with --order FILE", game->spec,
                    sg_quote(name, strlen(name), quoted, sizeof quoted));
        free(out);
        return NULL;
    }
    sg_game_order_by_number(game, out);
    for (size_t i = 1; i < *n; i++) {
        uint64_t a = name_number(game, out[i - 1]);
        uint64_t b = name_number(game, out[i]);
        if (b == a + 1)
            continue;
        if (b == a)
            sg_ctx_fail(ctx, SG_EINPUT, "%s: two positions are named by the "
                        "number %llu; give the order with --order FILE",
                        game->spec, (unsigned long long)a);
        else
            sg_ctx_fail(ctx, SG_EINPUT, "%s: the positions are named by "
                        "numbers from %llu to %llu, but none by %llu; a "
                        "sequence needs every number between, or an order "
                        "given with --order FILE", game->spec,
                        (unsigned long long)name_number(game, out[0]),
                        (unsigned long long)name_number(game, out[*n - 1]),
                        (unsigned long long)(a + 1));
        free(out);
        return NULL;
    }
    return out;
}

/* Files of orders are read whole, up to this size. */
#define ORDER_MAX_BYTES ((size_t)1 << 30)

uint64_t *sg_game_read_order(sg_ctx *ctx, const sg_game *game,
                             const char *path, size_t *n)
{
    size_t count, len;
    const char *origin = strcmp(path, "-") == 0 ? "stdin" : path;
    uint64_t *out = positions_array(ctx, game, &count);
    uint8_t *seen = out ? sg_alloc(ctx, count ? count : 1, 1) : NULL;
    char *text = seen ? sg_read_file(ctx, path, "order", ORDER_MAX_BYTES,
                                     &len)
                      : NULL;
    if (!text) {
        free(seen);
        free(out);
        return NULL;
    }
    size_t k = 0;
    unsigned long line = 1, column = 1;
    const char *p = text, *end = text + len;
    while (p < end) {
        if (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r') {
            if (*p == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
            p++;
            continue;
        }
        const char *w = p;
        while (p < end && *p != '\n' && *p != ' ' && *p != '\t' && *p != '\r')
            p++;
        size_t wlen = (size_t)(p - w);
        uint64_t x;
        char quoted[96];
        if (!game->ops->find_position ||
            !game->ops->find_position(game, w, wlen, &x)) {
            sg_fail_at(ctx, SG_EINPUT, origin, line, column, "\"%s\": %s has "
                       "no position of that name",
                       sg_quote(w, wlen, quoted, sizeof quoted), game->spec);
            goto fail;
        }
        if (seen[x]) {
            sg_fail_at(ctx, SG_EINPUT, origin, line, column, "\"%s\" is named "
                       "twice; an order names each position once",
                       sg_quote(w, wlen, quoted, sizeof quoted));
            goto fail;
        }
        seen[x] = 1;
        out[k++] = x;
        column += wlen;
    }
    if (k == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: no positions; an order is the names "
                    "of positions separated by spaces or lines", origin);
        goto fail;
    }
    free(seen);
    free(text);
    *n = k;
    return out;
fail:
    free(seen);
    free(text);
    free(out);
    return NULL;
}
