/*
 * fuzz_coins.c - libFuzzer harness for rows of coins: the first byte picks
 * a rule, the rest is a row as a command line or a line of input gives it
 * (H, T, + and anything else).  A row must read as a sum of heads or be
 * refused with a message, and its value must be the nim-sum of its
 * heads'.
 */
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const rules[] = {"turtles", "mock-turtles", "ruler",
                                        "twins", "ruler-3", "ruler-64"};
    if (!ctx)
        ctx = sg_ctx_new();
    if (size == 0 || size > 4096)
        return 0;
    sg_ctx_clear(ctx);
    sg_game *g = sg_game_from_coins(ctx, rules[data[0] % 6], "fuzz");
    if (!g)
        abort();
    char *text = malloc(size);
    if (!text)
        abort();
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    uint64_t *parts = NULL;
    size_t n = 0;
    if (sg_sum_parse_parts(ctx, g, text, "fuzz", &parts, &n) == SG_OK) {
        uint64_t largest = 0;
        for (size_t i = 0; i < n; i++)
            largest = parts[i] > largest ? parts[i] : largest;
        /* A head named by a large number costs ruler-K a value for every
         * coin before it (within the work bound, but slowly): the reader
         * is what is fuzzed, the values are the tests' business. */
        sg_lookup *l = largest <= 1000000 ? sg_lookup_new(ctx, g, largest)
                                          : NULL;
        if (l) {
            sg_value v = sg_nim_sum(l, parts, n), w = 0;
            for (size_t i = 0; i < n; i++)
                w ^= sg_lookup_get(l, parts[i]);
            if (v != w)
                abort();
            sg_lookup_free(l);
        }
        free(parts);
    } else if (sg_ctx_message(ctx)[0] == '\0' || parts) {
        abort();
    }
    free(text);
    sg_game_free(g);
    return 0;
}
