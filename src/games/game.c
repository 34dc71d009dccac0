/*
 * game.c - what every game answers, whatever its kind: the public questions
 * of sgviz.h, asked through the kind's table (game.h), and the reading of
 * positions by name or number.
 */
#include "games/game.h"

#include <inttypes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sg_status sg_game_init(sg_ctx *ctx, sg_game *game, const sg_game_ops *ops,
                       const char *spec, const char *describe)
{
    game->ops = ops;
    game->spec = sg_strdup(ctx, spec);
    game->describe = sg_strdup(ctx, describe);
    return game->spec && game->describe ? SG_OK : ctx->status;
}

void sg_game_free(sg_game *game)
{
    if (!game)
        return;
    /* A kind's constructor may fail before it set the table. */
    if (game->ops && game->ops->destroy)
        game->ops->destroy(game);
    free(game->describe);
    free(game->spec);
    if (game->extra && game->extra_free)
        game->extra_free(game->extra);
    free(game);
}

sg_game_kind sg_game_kind_of(const sg_game *game) { return game->ops->id; }

char *sg_game_working(sg_ctx *ctx, const sg_game *game, const char *lang)
{
    if (!game->ops->working)
        return NULL;
    sg_buf b;
    sg_buf_init(&b);
    game->ops->working(game, lang, &b);
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    sg_buf_putc(&b, '\0');
    return b.data;
}

int sg_game_move_words(const sg_game *game, uint64_t x, const uint64_t *left,
                       size_t k, char *buf, size_t size)
{
    if (!game->ops->move_words || size == 0)
        return 0;
    return game->ops->move_words(game, x, left, k, buf, size);
}

sg_status sg_game_check_moves(sg_ctx *ctx, const sg_game *game,
                              uint64_t last)
{
    if (!game->ops->check_moves)
        return SG_OK;
    return game->ops->check_moves(ctx, game, sg_game_clamp(game, last), true);
}

int sg_game_sums_by_theorem(const sg_game *game)
{
    return game->ops->parts_by_theorem;
}

const char *sg_game_describe(const sg_game *game) { return game->describe; }

const char *sg_game_spec(const sg_game *game) { return game->spec; }

const char *sg_game_position_noun(const sg_game *game)
{
    return game->ops->noun;
}

int sg_game_is_finite(const sg_game *game) { return game->ops->count != NULL; }

uint64_t sg_game_position_count(const sg_game *game)
{
    return game->ops->count ? game->ops->count(game) : 0;
}

uint64_t sg_game_max_amount(const sg_game *game)
{
    return game->ops->reach(game);
}

sg_move_shape sg_game_shape_general(const sg_game *game)
{
    (void)game;
    return SG_SHAPE_GENERAL;
}

uint64_t sg_game_no_reach(const sg_game *game)
{
    (void)game;
    return 0;
}

uint64_t sg_game_clamp(const sg_game *game, uint64_t last)
{
    if (game->ops->count) {
        uint64_t n = game->ops->count(game);
        if (n && last >= n)
            return n - 1;
    }
    return last;
}

uint64_t *sg_game_amounts_upto(sg_ctx *ctx, const sg_game *game,
                               uint64_t limit, size_t *n)
{
    *n = 0;
    if (!game->ops->amounts)
        return NULL;
    return game->ops->amounts(ctx, game, limit, n);
}

const char *sg_game_position_name(const sg_game *game, uint64_t x, char *buf,
                                  size_t size)
{
    if (game->ops->position_name && x < sg_game_position_count(game))
        return game->ops->position_name(game, x, buf, size);
    char tmp[24];
    sg_u64_to_str(x, tmp);
    snprintf(buf, size, "%s", tmp);
    return buf;
}

void sg_game_sum_text(const sg_game *game, const uint64_t *parts, size_t n,
                      char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used + 1 < size; i++) {
        char tmp[64];
        int w = snprintf(buf + used, size - used, "%s%s", i ? "+" : "",
                         sg_game_position_name(game, parts[i], tmp,
                                               sizeof tmp));
        if (w < 0)
            break;
        used += (size_t)w;
    }
    if (used + 1 >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
}

sg_status sg_game_parse_position(sg_ctx *ctx, const sg_game *game,
                                 const char *text, size_t len,
                                 const char *origin, bool say_negative,
                                 uint64_t *x)
{
    /* The name is quoted only when it is bad, so that a lookup costs a hash
     * and a comparison: a judge's input has millions of good ones. */
    char quoted[96];
    if (game->ops->find_position) {
        if (game->ops->find_position(game, text, len, x))
            return SG_OK;
        return sg_ctx_fail(ctx, SG_EINPUT, SG_GAME_MSG_NO_NODE, origin,
                           sg_quote(text, len, quoted, sizeof quoted),
                           game->spec);
    }
    int r = sg_parse_u64(text, len, SG_POSITION_MAX, x);
    if (r == 0)
        return SG_OK;
    sg_quote(text, len, quoted, sizeof quoted);
    uint64_t ignored;
    if (say_negative && r == -1 && len > 1 && text[0] == '-' &&
        sg_parse_u64(text + 1, len - 1, UINT64_MAX, &ignored) != -1)
        return sg_ctx_fail(ctx, SG_EINPUT, SG_GAME_MSG_NEGATIVE, origin,
                           quoted);
    if (r == -1)
        return sg_ctx_fail(ctx, SG_EINPUT, SG_GAME_MSG_NOT_SIZE, origin,
                           quoted);
    return sg_ctx_fail(ctx, SG_ELIMIT, SG_GAME_MSG_TOO_LARGE, origin, quoted);
}

sg_status sg_game_find_position(sg_ctx *ctx, const sg_game *game,
                                const char *name, const char *origin,
                                uint64_t *x)
{
    return sg_game_parse_position(ctx, game, name, strlen(name), origin,
                                  false, x);
}

/* Positions of several numbers (games defined in C, rules files): their
 * names and back. */

void sg_tuple_text(const int64_t *t, size_t arity, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < arity && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%" PRId64,
                                 i ? "," : "", t[i]);
}

/* Reads "a,b,c" (ARITY whole numbers, each optionally signed) into T. */
bool sg_tuple_parse(const char *s, size_t len, size_t arity, int64_t *t)
{
    const char *p = s, *end = s + len;
    for (size_t i = 0; i < arity; i++) {
        if (i && (p == end || *p++ != ','))
            return false;
        bool neg = p < end && *p == '-';
        if (neg)
            p++;
        const char *digits = p;
        uint64_t v = 0;
        while (p < end && *p >= '0' && *p <= '9') {
            unsigned d = (unsigned)(*p++ - '0');
            if (v > (UINT64_C(9223372036854775808) - d) / 10)
                return false;
            v = v * 10 + d;
        }
        if (p == digits || (!neg && v > (uint64_t)INT64_MAX))
            return false;
        t[i] = neg ? (v == UINT64_C(9223372036854775808) ? INT64_MIN
                                                          : -(int64_t)v)
                   : (int64_t)v;
    }
    return p == end;
}
