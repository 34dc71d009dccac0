/*
 * fuzz_draw.c - libFuzzer harness for drawing games read from DOT files
 * with their own attributes (sgviz graph -g): any bytes must give a picture
 * or one clear message.  Graphviz trusts the attributes it is given, so
 * this is where a value that would crash it must be stopped.
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
    const char *path = fuzz_file("draw", data, size);
    if (!path)
        return 0;
    sg_ctx_clear(ctx);
    sg_game *g = sg_game_read_dot(ctx, path);
    if (!g)
        return 0;
    sg_drawing_opts opts = {0};
    opts.highlight_wins = 1;
    sg_drawing *d = sg_drawing_new(ctx, g, 40, &opts);
    if (d) {
        char *svg = NULL;
        size_t len = 0;
        if (sg_drawing_render_data(ctx, d, "svg", &svg, &len) == SG_OK &&
            len == 0)
            abort();
        free(svg);
        sg_drawing_free(d);
    } else if (sg_ctx_message(ctx)[0] == '\0') {
        abort();
    }
    sg_game_free(g);
    return 0;
}
