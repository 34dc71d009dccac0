/*
 * fuzz_dot.c - libFuzzer harness for games read from DOT files (cgraph's
 * parser plus sgviz's own checks: direction, emptiness, cycles): any bytes
 * must give a game or one clear message, and a game must compute.
 */
#include "fuzz_file.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        ctx = sg_ctx_new();
    const char *path = fuzz_file("dot", data, size);
    if (!path)
        return 0;
    sg_ctx_clear(ctx);
    sg_game *g = sg_game_read_dot(ctx, path);
    if (g) {
        sg_values *v = NULL;
        if (sg_compute(ctx, g, UINT64_MAX, NULL, &v) == SG_OK) {
            uint64_t n = sg_game_position_count(g);
            if (sg_values_count(v) != n)
                abort();
        }
        sg_values_free(v);
        sg_game_free(g);
    } else if (sg_ctx_message(ctx)[0] == '\0') {
        abort();
    }
    return 0;
}
