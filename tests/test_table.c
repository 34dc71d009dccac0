/*
 * test_table.c - tables in every format, wrapping, windows, and errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

static char *table_of(const char *set, uint64_t from, uint64_t to,
                      sg_table_format format, unsigned width, unsigned cols)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, set, "--set");
    assert_non_null(g);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sg_table_opts o = {.format = format, .width = width, .columns = cols};
    if (sg_table_write(ctx, g, from, to, &o, f) != SG_OK)
        fail_msg("table: %s", sg_ctx_message(ctx));
    fclose(f);
    sg_game_free(g);
    sg_ctx_free(ctx);
    return out;
}

static void text_layout(void **state)
{
    (void)state;
    char *out = table_of("1,3,4", 0, 12, SG_TABLE_TEXT, 80, 0);
    assert_string_equal(out,
                        "x    0 1 2 3 4 5 6 7 8 9 10 11 12\n"
                        "sg   0 1 0 1 2 3 2 0 1 0  1  2  3\n"
                        "P/N  P N P N N N N P N P  N  N  N\n");
    free(out);
}

static void text_wraps(void **state)
{
    (void)state;
    char *out = table_of("1,3,4", 0, 500, SG_TABLE_TEXT, 30, 0);
    /* No line longer than the width; every position exactly once. */
    int blocks = 0;
    long next = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        assert_true(strlen(line) <= 30);
        if (strncmp(line, "x ", 2) == 0) {
            blocks++;
            char *p = line + 2;
            char *end;
            long v;
            while ((v = strtol(p, &end, 10)), end != p) {
                assert_int_equal(v, next);
                next++;
                p = end;
            }
        }
    }
    assert_int_equal(next, 501);
    assert_true(blocks > 50);
    free(out);
}

static void csv_md_json(void **state)
{
    (void)state;
    char *csv = table_of("1,3,4", 5, 7, SG_TABLE_CSV, 0, 0);
    assert_string_equal(csv, "x,sg,pn\n5,3,N\n6,2,N\n7,0,P\n");
    char *md = table_of("1,3,4", 6, 7, SG_TABLE_MD, 0, 0);
    assert_string_equal(md, "| x | sg(x) | P/N |\n|--:|--:|:-:|\n"
                            "| 6 | 2 | N |\n| 7 | 0 | P |\n");
    char *json = table_of("1,3,4", 6, 8, SG_TABLE_JSON, 0, 0);
    assert_string_equal(json, "{\"game\": \"S = {1,3,4}\", \"set\": \"1,3,4\", "
                              "\"from\": 6, \"to\": 8, \"sg\": [2,0,1], "
                              "\"pn\": \"NPN\"}\n");
    char *none = table_of("1,3,4", 0, 1000000, SG_TABLE_NONE, 0, 0);
    assert_string_equal(none, "");
    free(csv);
    free(md);
    free(json);
    free(none);
}

static void latex_blocks(void **state)
{
    (void)state;
    char *tex = table_of("1,3,4", 0, 4, SG_TABLE_LATEX, 0, 3);
    assert_string_equal(tex,
                        "% S = \\{1,3,4\\}\n"
                        "\\begin{tabular}{r|*{3}{c}}\n"
                        "$x$ & 0 & 1 & 2 \\\\ \\hline\n"
                        "$\\operatorname{sg}(x)$ & 0 & 1 & 0 \\\\\n"
                        "P/N & P & N & P \\\\\n"
                        "\\end{tabular}\n"
                        "\n\\medskip\n\n"
                        "\\begin{tabular}{r|*{2}{c}}\n"
                        "$x$ & 3 & 4 \\\\ \\hline\n"
                        "$\\operatorname{sg}(x)$ & 1 & 2 \\\\\n"
                        "P/N & N & N \\\\\n"
                        "\\end{tabular}\n");
    free(tex);
}

static void format_names(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_table_format f;
    assert_int_equal(sg_table_format_parse(ctx, "latex", &f), SG_OK);
    assert_int_equal(f, SG_TABLE_LATEX);
    assert_int_equal(sg_table_format_parse(ctx, "xml", &f), SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "--format \"xml\": unknown table "
                        "format (known: text, csv, md, latex, json, none, c)");
    sg_ctx_free(ctx);
}

static void nothing_written_on_refusal(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sg_table_opts o = {.format = SG_TABLE_CSV};
    assert_int_equal(sg_table_write(ctx, g, 0, UINT64_C(1) << 61, &o, f),
                     SG_ELIMIT);
    assert_int_equal(sg_table_write(ctx, g, 9, 3, &o, f), SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "--from 9 is after --to 3");
    fclose(f);
    assert_int_equal(len, 0);
    free(out);
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        assert_int_equal(sg_table_write(ctx, g, 0, 1000000, &o, full), SG_EIO);
        fclose(full);
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Options can grow without breaking programs built against an older
 * libsgviz: the first field says how large the caller's struct is (0: the
 * layout of 0.2).  A program built against a later libsgviz, whose struct
 * is larger, works here as long as the fields this version does not know
 * are zero; a size no version had is refused. */
static void options_that_grow(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    /* A later caller's struct: this version's fields, then one more. */
    struct later {
        sg_table_opts known;
        uint64_t added_later;
    } later;
    static const size_t sizes[] = {0, sizeof(sg_table_opts),
                                   sizeof(struct later)};
    for (size_t i = 0; i < 3; i++) {
        memset(&later, 0, sizeof later);
        later.known.size = sizes[i];
        later.known.format = SG_TABLE_CSV;
        char *out = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);
        assert_int_equal(sg_table_write(ctx, g, 0, 2, &later.known, f), SG_OK);
        fclose(f);
        assert_string_equal(out, "x,sg,pn\n0,0,P\n1,1,N\n2,0,P\n");
        free(out);
    }
    /* A field of the later version set: refused, since it would be
     * ignored without a word. */
    later.known.size = sizeof later;
    later.added_later = 1;
    assert_int_equal(sg_table_write(ctx, g, 0, 2, &later.known, stdout),
                     SG_EUNSUPPORTED);
    assert_non_null(strstr(sg_ctx_message(ctx), "sg_table_opts has fields "
                                                "that this libsgviz"));
    /* A size smaller than the struct ever was. */
    later.known.size = 3;
    assert_int_equal(sg_table_write(ctx, g, 0, 2, &later.known, stdout),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "sg_table_opts.size is 3"));
    /* Every function that takes options reads them the same way. */
    sg_drawing_opts d = {.size = 5};
    assert_null(sg_drawing_new(ctx, g, 4, &d));
    assert_non_null(strstr(sg_ctx_message(ctx), "sg_drawing_opts.size is 5"));
    sg_compute_opts c = {.size = 2};
    assert_int_equal(sg_compute(ctx, g, 4, &c, NULL), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "sg_compute_opts.size is 2"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_layout),
        cmocka_unit_test(text_wraps),
        cmocka_unit_test(csv_md_json),
        cmocka_unit_test(latex_blocks),
        cmocka_unit_test(format_names),
        cmocka_unit_test(nothing_written_on_refusal),
        cmocka_unit_test(options_that_grow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
