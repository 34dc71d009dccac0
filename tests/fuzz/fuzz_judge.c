/*
 * fuzz_judge.c - a libFuzzer target for the judges' problems (`solve
 * --judge NAME`), whose readers take words of their own formats: S-Nim's
 * sets and games, A Chess Game's graphs and queries, misère Nim's piles,
 * Wythoff's pairs.  The first byte chooses the problem and the size of
 * the pieces the rest is fed in; the rest is fed once whole and once in
 * pieces, and both runs must agree byte for byte, in status and message.
 * A failure must leave one message naming "stdin".
 *
 *   make fuzz-build && build-fuzz/fuzz_judge -max_total_time=60 \
 *       build-fuzz/corpus/judge tests/fuzz/corpus/judge
 *
 * Seeds (the problems' samples, behind their selector byte) are in
 * tests/fuzz/corpus/judge.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "sgviz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;

typedef struct result {
    sg_status status;
    char message[1024];
    char *out;
    size_t len;
} result;

/* Feeds DATA[0..size) to problem NAME in pieces of PIECE bytes (0:
 * whole). */
static void run(const char *name, const uint8_t *data, size_t size,
                size_t piece, result *r)
{
    r->out = NULL;
    r->len = 0;
    FILE *f = open_memstream(&r->out, &r->len);
    if (!f)
        abort();
    sg_ctx_clear(ctx);
    sg_judge *j = sg_judge_new(ctx, name, "stdin", f);
    if (!j)
        abort();
    sg_status st = SG_OK;
    const char *text = (const char *)data;
    if (piece == 0) {
        st = sg_judge_feed(ctx, j, text, size);
    } else {
        for (size_t i = 0; i < size && st == SG_OK; i += piece)
            st = sg_judge_feed(ctx, j, text + i,
                               size - i < piece ? size - i : piece);
    }
    if (st == SG_OK || st == SG_STOP)
        st = sg_judge_finish(ctx, j);
    r->status = st;
    snprintf(r->message, sizeof r->message, "%s",
             st == SG_OK ? "" : sg_ctx_message(ctx));
    sg_judge_free(j);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        ctx = sg_ctx_new();
    if (size < 1)
        return 0;
    unsigned sel = data[0];
    const char *name = sg_judge_name(sel % sg_judge_count());
    /* Left out: Digital Deletions decides all 1,111,111 strings at its
     * first word, a third of a second under the sanitizers, for a reader
     * of one word at a time that test_judge tries; and the Fibonacci
     * game, whose values are a table that a line of huge heaps would
     * rightly make gigabytes (fuzz_batch tries that reader). */
    if (strcmp(name, "hdu1404") == 0 || strcmp(name, "hdu1848") == 0)
        return 0;
    size_t piece = 1 + (sel >> 4) * 2;
    result whole, cut;
    run(name, data + 1, size - 1, 0, &whole);
    run(name, data + 1, size - 1, piece, &cut);
    if (whole.status != cut.status || whole.len != cut.len ||
        memcmp(whole.out, cut.out, whole.len) != 0 ||
        strcmp(whole.message, cut.message) != 0)
        abort();
    if (whole.status != SG_OK && strncmp(whole.message, "stdin", 5) != 0)
        abort();
    free(whole.out);
    free(cut.out);
    return 0;
}
