/*
 * fuzz_rules.c - libFuzzer harness for rules files: any bytes as a rules
 * file, after a first line that is the --start of the run and the judges'
 * input of its read(), must give a
 * game or one clear message naming the file, never a crash, a hang or a
 * leak.  The budget, the ceiling and the bound on positions are small, so
 * that a runaway file ends fast.  A game it gives must trace, and the
 * values kept while exploring must equal the mex of the moves the file is
 * asked for again, position by position (unless the file answered
 * otherwise the second time, which must then be reported).
 */
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct compare {
    const sg_values *kept;
    int differ;
} compare;

static int same_value(void *user, const sg_step *s)
{
    compare *c = user;
    if (sg_values_get(c->kept, s->x) != s->sg)
        c->differ = 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nl = memchr(data, '\n', size);
    size_t first = nl ? (size_t)(nl - data) : 0;
    if (first > 200)
        first = 200;
    char start[201];
    memcpy(start, data, first);
    start[first] = '\0';
    size_t skip = nl ? (size_t)(nl - data) + 1 : 0;
    sg_ctx *ctx = sg_ctx_new();
    sg_rules_opts o = {.size = sizeof o,
                       .start = first && !memchr(start, '\0', first) ? start
                                                                      : NULL,
                       .steps = 20000,
                       .memory = 4 << 20,
                       .max_positions = 3000,
                       /* The first line is judges' input too, for a
                        * file's read(). */
                       .input = start,
                       .input_len = first,
                       .input_name = "stdin"};
    sg_game *g = sg_game_from_rules(ctx, (const char *)data + skip,
                                    size - skip, "f.lua", &o);
    if (g) {
        /* Every position read() gave is a position of the game. */
        size_t ilen;
        const char *in = sg_game_rules_input(g, &ilen);
        for (const char *w = in, *end = in ? in + ilen : NULL; w && w < end;) {
            size_t wl = strcspn(w, " \n");
            uint64_t x;
            char word[200];
            if (wl && wl < sizeof word) {
                memcpy(word, w, wl);
                word[wl] = '\0';
                if (sg_game_find_position(ctx, g, word, "read", &x) != SG_OK)
                    abort();
            }
            w += wl + 1;
        }
        uint64_t n = sg_game_position_count(g);
        sg_values *v = NULL;
        if (n == 0 || sg_compute(ctx, g, n - 1, NULL, &v) != SG_OK)
            abort(); /* the values were made while exploring */
        compare c = {v, 0};
        sg_compute_opts co = {.on_step = same_value, .user = &c,
                              .with_moves = 1};
        sg_status st = sg_compute(ctx, g, n - 1, &co, NULL);
        /* Values that differ from the moves asked again are the file's
         * fault, which must have been seen. */
        if (st == SG_OK && c.differ &&
            sg_game_check_moves(ctx, g, n - 1) == SG_OK)
            abort();
        sg_values_free(v);
        sg_template *t = sg_template_builtin(ctx, "en", "text");
        FILE *null = fopen("/dev/null", "w");
        if (t && null)
            sg_trace_write(ctx, t, g, 0, n - 1 < 40 ? n - 1 : 40, null);
        if (null)
            fclose(null);
        sg_template_free(t);
    } else if (strncmp(sg_ctx_message(ctx), "f.lua", 5) != 0 &&
               strncmp(sg_ctx_message(ctx), "--start", 7) != 0 &&
               strncmp(sg_ctx_message(ctx), "stdin:", 6) != 0) {
        abort(); /* a refusal names the file, the start or the input */
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
    return 0;
}
