/*
 * fuzz_picture.c - libFuzzer harness for Green Hackenbush pictures read
 * from DOT files: any bytes must give a game or one clear message, and a
 * game's whole picture must have the value of the mex of its deletions
 * where the pictures they reach were explored.
 */
#include "fuzz_file.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;

/* Keeps the mex the engine finds for the position asked for. */
typedef struct seen {
    uint64_t x;
    sg_value v;
} seen;

static int keep(void *user, const sg_step *s)
{
    seen *w = user;
    if (s->x == w->x)
        w->v = s->sg;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        ctx = sg_ctx_new();
    const char *path = fuzz_file("dot", data, size);
    if (!path)
        return 0;
    sg_ctx_clear(ctx);
    const char *paths[1] = {path};
    sg_game *g = sg_game_read_hackenbush(ctx, paths, 1, NULL);
    if (!g) {
        if (sg_ctx_message(ctx)[0] == '\0')
            abort();
        return 0;
    }
    uint64_t x;
    if (sg_game_find_position(ctx, g, path, "fuzz", &x) != SG_OK)
        abort();
    sg_lookup *l = sg_lookup_new(ctx, g, x);
    if (l) {
        seen w = {x, SG_VALUE_UNKNOWN};
        sg_compute_opts o = {.with_moves = 1, .on_step = keep, .user = &w};
        sg_ctx_clear(ctx);
        /* Pictures too large to explore refuse the mex steps, with a
         * message. */
        if (sg_compute(ctx, g, x, &o, NULL) == SG_OK) {
            if (w.v != sg_lookup_get(l, x))
                abort();
        } else if (sg_ctx_message(ctx)[0] == '\0') {
            abort();
        }
        sg_lookup_free(l);
    }
    char *working = sg_game_working(ctx, g, "en");
    free(working);
    sg_game_free(g);
    return 0;
}
