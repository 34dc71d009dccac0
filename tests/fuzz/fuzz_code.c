/*
 * fuzz_code.c - libFuzzer harness for the reader of take-and-break codes:
 * any bytes as a -t CODE must give a game or one clear message, never a
 * crash.  A game it gives must trace, and the values of its fast method
 * must equal the mex of the options its moves list, heap by heap.
 */
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LAST 40

typedef struct compare {
    const sg_values *fast;
} compare;

/* A step of the listing path: its mex against the fast value. */
static int same_value(void *user, const sg_step *s)
{
    compare *c = user;
    if (sg_values_get(c->fast, s->x) != s->sg)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *code = malloc(size + 1);
    if (!code)
        return 0;
    memcpy(code, data, size);
    code[size] = '\0';
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, code, "--code");
    if (g) {
        sg_values *v = NULL;
        if (sg_compute(ctx, g, LAST, NULL, &v) == SG_OK) {
            compare c = {v};
            sg_compute_opts o = {.with_moves = 1, .on_step = same_value,
                                 .user = &c};
            sg_compute(ctx, g, LAST, &o, NULL);
        }
        sg_values_free(v);
        sg_template *t = sg_template_builtin(ctx, "en", "text");
        FILE *null = fopen("/dev/null", "w");
        if (t && null)
            sg_trace_write(ctx, t, g, 0, 20, null);
        if (null)
            fclose(null);
        sg_template_free(t);
    } else if (strncmp(sg_ctx_message(ctx), "--code \"", 8) != 0) {
        abort(); /* a refusal names the code */
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
    free(code);
    return 0;
}
