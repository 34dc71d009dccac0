/*
 * fuzz_theme.c - libFuzzer harness for user themes (--theme FILE.dot): any
 * bytes must give a theme or one clear message, and a theme it gives must
 * draw the worked example to SVG in memory.
 */
#include "fuzz_file.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;
static sg_game *game;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx) {
        ctx = sg_ctx_new();
        game = sg_game_from_spec(ctx, "1,3,4", "fuzz");
    }
    const char *path = fuzz_file("theme", data, size);
    if (!path)
        return 0;
    sg_ctx_clear(ctx);
    sg_theme *theme = sg_theme_load(ctx, path);
    if (!theme) {
        if (sg_ctx_message(ctx)[0] == '\0')
            abort();
        return 0;
    }
    sg_drawing_opts opts = {0};
    opts.theme = theme;
    sg_drawing *d = sg_drawing_new(ctx, game, 6, &opts);
    if (d) {
        char *svg = NULL;
        size_t len = 0;
        if (sg_drawing_render_data(ctx, d, "svg", &svg, &len) == SG_OK &&
            len == 0)
            abort();
        free(svg);
        sg_drawing_free(d);
    }
    sg_theme_free(theme);
    return 0;
}
