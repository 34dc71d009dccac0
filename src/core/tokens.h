/*
 * core/tokens.h - whitespace-separated words of input that arrives in
 * pieces, each with its line and column (private).
 *
 * Judges' inputs are words wherever they fall on their lines: the counted
 * layout of the batch reader (sum.c) and the judges' own formats (judge.c)
 * read them through one reader, so that a word cut in two by the end of a
 * read and the place a message names come out the same in both.
 */
#ifndef SGVIZ_CORE_TOKENS_H
#define SGVIZ_CORE_TOKENS_H

#include "internal.h"

/* Receives one whole word, WORD[0..len), which starts at LINE:COLUMN
 * (both from 1).  Returns SG_OK to go on, or an error (recorded in CTX)
 * that ends the reading. */
typedef sg_status (*sg_word_fn)(sg_ctx *ctx, void *user, const char *word,
                                size_t len, uint64_t line, uint64_t column);

typedef struct sg_words {
    const char *origin;   /* names the input in messages; the caller's */
    uint64_t at_line;     /* the line of the next byte, from 1 */
    uint64_t at_column;   /* bytes before the next byte on its line */
    uint64_t word_line, word_column; /* where the carried word starts */
    char *carry;          /* a word that a feed cut short */
    size_t carry_len, carry_cap;
} sg_words;

/* Starts a reader of the input called ORIGIN (kept, not copied). */
void sg_words_init(sg_words *w, const char *origin);

void sg_words_free(sg_words *w);

/* Calls FN for every word DATA[0..len) completes, in order; a word that
 * the end of DATA may cut short waits for the next feed.  Words are
 * separated by spaces, tabs, line breaks (a "\r" before "\n" too), "\v"
 * and "\f".  Returns SG_OK, the first error FN returns, SG_ELIMIT for a
 * word longer than SG_LINE_MAX_LEN characters ("ORIGIN:LINE:COLUMN: a word
 * longer than ..."), or SG_ENOMEM. */
sg_status sg_words_feed(sg_ctx *ctx, sg_words *w, const char *data,
                        size_t len, sg_word_fn fn, void *user);

/* Ends the input: hands FN the word it ends with, if any.  Returns what
 * FN returns, or SG_OK. */
sg_status sg_words_finish(sg_ctx *ctx, sg_words *w, sg_word_fn fn,
                          void *user);

#endif /* SGVIZ_CORE_TOKENS_H */
