/*
 * fuzz_spec.c - libFuzzer harness for the subtraction set reader: any bytes
 * as a -s SPEC must give a game or one clear message, never a crash, and a
 * game it gives must compute and trace.
 */
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *spec = malloc(size + 1);
    if (!spec)
        return 0;
    memcpy(spec, data, size);
    spec[size] = '\0';
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (g) {
        sg_values *v = NULL;
        if (sg_compute(ctx, g, 300, NULL, &v) == SG_OK) {
            /* Every value is a mex of at most |S| values. */
            for (uint64_t x = 0; x <= 300; x++)
                if (sg_values_get(v, x) > 300)
                    abort();
        }
        sg_values_free(v);
        sg_template *t = sg_template_builtin(ctx, "en", "text");
        FILE *null = fopen("/dev/null", "w");
        if (t && null)
            sg_trace_write(ctx, t, g, 0, 40, null);
        if (null)
            fclose(null);
        sg_template_free(t);
    } else if (sg_ctx_message(ctx)[0] == '\0') {
        abort(); /* a refusal must say why */
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
    free(spec);
    return 0;
}
