/*
 * fuzz_assignment.c - a libFuzzer target for the assignment file's reader
 * (libinih underneath): any text either reads, or is refused with one
 * message that names the file.  Seeds are in tests/fuzz/corpus/assignment.
 */
#include "sgviz.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_assignment *a = sg_assignment_parse(ctx, (const char *)data, size,
                                           "fuzz.ini");
    if (!a) {
        const char *m = sg_ctx_message(ctx);
        if (sg_ctx_status(ctx) >= 0 || strncmp(m, "fuzz.ini", 8) != 0 ||
            strchr(m, '\n'))
            abort();
    } else {
        for (size_t i = 0; i < sg_assignment_count(a); i++) {
            const sg_question *q = sg_assignment_question(a, i);
            if (!q->key || !q->game || q->game_line == 0)
                abort();
        }
    }
    sg_assignment_free(a);
    sg_ctx_free(ctx);
    return 0;
}
