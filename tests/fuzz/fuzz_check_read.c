/*
 * fuzz_check_read.c - a libFuzzer target for the reader of homework sheets.
 * It reads the input as a sheet for a subtraction game and for a DAG game,
 * in every layout, and checks what it reads.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc -Ibuild/gen \
 *       tests/fuzz/fuzz_check_read.c src/[a-z]*.c build/gen/builtin.c \
 *       $(pkg-config --cflags --libs libgvc) -o build/fuzz_check_read
 *   ASAN_OPTIONS=detect_leaks=0 build/fuzz_check_read -max_total_time=60
 *
 * (Leak detection is off because Graphviz keeps a few kilobytes for good
 * at its first context; the cmocka suites and valgrind check our leaks.)
 * Seeds are in tests/fuzz/corpus/check_read.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include "sgviz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;
static sg_game *games[2];

static void setup(void)
{
    ctx = sg_ctx_new();
    games[0] = sg_game_from_spec(ctx, "1,3,4", "fuzz");
    char path[] = "/tmp/sgviz-fuzz-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs("digraph { a -> b -> c; a -> c; d -> a; 0 -> a }\n", f);
    fclose(f);
    games[1] = sg_game_read_dot(ctx, path);
    remove(path);
    if (!games[0] || !games[1])
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        setup();
    for (int g = 0; g < 2; g++) {
        for (int form = 0; form <= SG_SHEET_PN; form++) {
            sg_ctx_clear(ctx);
            sg_sheet_opts so = {.form = (sg_sheet_form)form,
                                .lang = size % 3 ? "en" : "zh"};
            sg_sheet *s = sg_sheet_parse(ctx, games[g], (const char *)data,
                                         size, "fuzz", &so);
            if (!s) {
                if (sg_ctx_status(ctx) >= 0 ||
                    strncmp(sg_ctx_message(ctx), "fuzz", 4) != 0)
                    abort();
                continue;
            }
            /* A sheet may name x up to 999999; checking that many
             * positions is right but slow, so the fuzzer checks only the
             * sheets that stay small and spends its time on reading. */
            uint64_t last = sg_sheet_last_x(s);
            sg_check *c = NULL;
            if (last == SG_NO_POSITION || last <= 10000) {
                sg_check_opts co = {.has_last = size % 2 == 0 && !g,
                                    .last = size % 50};
                c = sg_check_new(ctx, games[g], s, &co);
            }
            if (c) {
                FILE *null = fopen("/dev/null", "w");
                sg_check_write_report(ctx, c, "en", SG_REPORT_TEXT, null);
                sg_check_write_report(ctx, c, "zh", SG_REPORT_JSON, null);
                fclose(null);
            }
            sg_check_free(c);
            sg_sheet_free(s);
        }
    }
    return 0;
}
