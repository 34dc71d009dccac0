/*
 * tokens.c - whitespace-separated words of input that arrives in pieces,
 * each with its line and column (see tokens.h).
 */
#include "core/tokens.h"

#include <stdlib.h>
#include <string.h>

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

void sg_words_init(sg_words *w, const char *origin)
{
    memset(w, 0, sizeof *w);
    w->origin = origin;
    w->at_line = 1;
}

void sg_words_free(sg_words *w)
{
    free(w->carry);
    w->carry = NULL;
    w->carry_len = w->carry_cap = 0;
}

static sg_status too_long(sg_ctx *ctx, const sg_words *w, uint64_t line,
                          uint64_t column)
{
    return sg_fail_at(ctx, SG_ELIMIT, w->origin, (unsigned long)line,
                      (unsigned long)column, "a word longer than %zu "
                      "characters", SG_LINE_MAX_LEN);
}

/* Keeps DATA[0..len) as (more of) the word a feed cut short. */
static sg_status carry(sg_ctx *ctx, sg_words *w, const char *data, size_t len)
{
    if (len > SG_LINE_MAX_LEN - w->carry_len)
        return too_long(ctx, w, w->word_line, w->word_column);
    if (w->carry_len + len > w->carry_cap) {
        size_t cap = w->carry_cap ? w->carry_cap : 64;
        while (cap < w->carry_len + len)
            cap *= 2;
        char *grown = sg_grow(ctx, w->carry, cap, 1);
        if (!grown)
            return ctx->status;
        w->carry = grown;
        w->carry_cap = cap;
    }
    memcpy(w->carry + w->carry_len, data, len);
    w->carry_len += len;
    return SG_OK;
}

/* Hands FN the carried word, if there is one. */
static sg_status flush_carry(sg_ctx *ctx, sg_words *w, sg_word_fn fn,
                             void *user)
{
    if (!w->carry_len)
        return SG_OK;
    size_t n = w->carry_len;
    w->carry_len = 0;
    return fn(ctx, user, w->carry, n, w->word_line, w->word_column);
}

sg_status sg_words_feed(sg_ctx *ctx, sg_words *w, const char *data,
                        size_t len, sg_word_fn fn, void *user)
{
    const char *p = data, *end = data + len;
    sg_status st = SG_OK;
    while (p < end) {
        if (is_space(*p)) {
            if ((st = flush_carry(ctx, w, fn, user)) != SG_OK)
                return st;
            if (*p == '\n') {
                w->at_line++;
                w->at_column = 0;
            } else {
                w->at_column++;
            }
            p++;
            continue;
        }
        const char *word = p;
        while (p < end && !is_space(*p))
            p++;
        size_t n = (size_t)(p - word);
        uint64_t line = w->at_line, column = w->at_column + 1;
        w->at_column += n;
        if (w->carry_len || p == end) {
            /* A word that began in an earlier feed, or that this one may
             * cut short: it is whole only at the next space. */
            if (!w->carry_len) {
                w->word_line = line;
                w->word_column = column;
            }
            if ((st = carry(ctx, w, word, n)) != SG_OK)
                return st;
            continue;
        }
        if (n > SG_LINE_MAX_LEN)
            return too_long(ctx, w, line, column);
        if ((st = fn(ctx, user, word, n, line, column)) != SG_OK)
            return st;
    }
    return SG_OK;
}

sg_status sg_words_finish(sg_ctx *ctx, sg_words *w, sg_word_fn fn,
                          void *user)
{
    return flush_carry(ctx, w, fn, user);
}
