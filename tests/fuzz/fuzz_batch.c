/*
 * fuzz_batch.c - a libFuzzer target for the reader of judges' input (lines
 * of sums, or counted sums).  The first byte chooses the game, the options,
 * the layout and the size of the pieces the rest is fed in; the rest is fed once whole and once in
 * pieces, and both runs must agree byte for byte, in status and message.
 * A failure must leave one message naming "stdin"; a success, one answer
 * per line answered.
 *
 *   make fuzz-build && build-fuzz/fuzz_batch -max_total_time=60 \
 *       tests/fuzz/corpus/batch
 *
 * Only games whose lookup answers from a period or a theorem (and a small
 * DOT game) are used, so that a line of huge heaps costs no memory: the
 * Fibonacci game would rightly compute a table of gigabytes for one.
 * Seeds are in tests/fuzz/corpus/batch.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream, mkstemp, fdopen */
#include "sgviz.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NGAMES 5
static sg_ctx *ctx;
static sg_game *games[NGAMES];

static void setup(void)
{
    ctx = sg_ctx_new();
    static const char *const specs[] = {"1,3,4", "pow2", "all", "2,5,7"};
    for (int i = 0; i < 4; i++)
        games[i] = sg_game_from_spec(ctx, specs[i], "fuzz");
    char path[] = "/tmp/sgviz-fuzz-batch-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs("digraph { a -> b -> c; a -> c; d -> a; 0 -> a }\n", f);
    fclose(f);
    games[4] = sg_game_read_dot(ctx, path);
    remove(path);
    for (int i = 0; i < NGAMES; i++)
        if (!games[i])
            abort();
}

typedef struct result {
    sg_status status;
    char message[1024];
    char *out;
    size_t len;
    uint64_t answered;
    bool refused; /* the options, before any input */
} result;

/* Feeds DATA[0..size) in pieces of PIECE bytes (0: whole). */
static void run(const sg_game *g, const sg_batch_opts *o, const uint8_t *data,
                size_t size, size_t piece, result *r)
{
    r->out = NULL;
    r->len = 0;
    r->refused = false;
    FILE *f = open_memstream(&r->out, &r->len);
    if (!f)
        abort();
    sg_ctx_clear(ctx);
    sg_batch *b = sg_batch_new(ctx, g, o, "stdin", f);
    if (!b) {
        /* Options the game cannot take (--stop-at-zero with the DOT game,
         * which has a node named 0) are refused with a message. */
        if (sg_ctx_message(ctx)[0] == '\0')
            abort();
        r->status = sg_ctx_status(ctx);
        r->answered = 0;
        r->refused = true;
        snprintf(r->message, sizeof r->message, "%s", sg_ctx_message(ctx));
        fclose(f);
        return;
    }
    sg_status st = SG_OK;
    const char *text = (const char *)data;
    if (piece == 0) {
        st = sg_batch_feed(ctx, b, text, size);
    } else {
        for (size_t i = 0; i < size && st == SG_OK; i += piece)
            st = sg_batch_feed(ctx, b, text + i,
                               size - i < piece ? size - i : piece);
    }
    if (st == SG_OK || st == SG_STOP)
        st = sg_batch_finish(ctx, b);
    r->status = st;
    r->answered = sg_batch_answered(b);
    snprintf(r->message, sizeof r->message, "%s",
             st == SG_OK ? "" : sg_ctx_message(ctx));
    sg_batch_free(b);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        setup();
    if (size < 1)
        return 0;
    unsigned sel = data[0];
    data++;
    size--;
    const sg_game *g = games[sel % NGAMES];
    /* Bit 3 asks for a line of zeros to stop the input when the pieces'
     * selector (bits 5-7) is odd, for the counted layout when it is even
     * (the two do not go together). */
    bool odd = (sel >> 5) & 1;
    sg_batch_opts o = {.stop_at_zero = (sel >> 3) & odd,
                       .layout = (sel & 8) && !odd ? SG_BATCH_COUNTED
                                                   : SG_BATCH_LINES};
    if (sel & 16) {
        o.first_name = "First";
        o.second_name = "Second";
    }
    size_t piece = 1 + (sel >> 5) * 3;

    result whole, cut;
    run(g, &o, data, size, 0, &whole);
    run(g, &o, data, size, piece, &cut);
    if (whole.status != cut.status || whole.len != cut.len ||
        memcmp(whole.out, cut.out, whole.len) != 0 ||
        strcmp(whole.message, cut.message) != 0 ||
        whole.answered != cut.answered || whole.refused != cut.refused)
        abort();
    if (whole.status != SG_OK && !whole.refused &&
        strncmp(whole.message, "stdin", 5) != 0)
        abort();
    size_t lines = 0;
    for (size_t i = 0; i < whole.len; i++)
        lines += whole.out[i] == '\n';
    if (lines != whole.answered)
        abort();
    free(whole.out);
    free(cut.out);
    return 0;
}
