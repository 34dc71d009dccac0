/*
 * test_trace.c - traces in the built-in wordings: the worked example of the
 * teaching notes word for word, windows, DAG games, escaping, and errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sgviz.h"

static char *trace_of(sg_game *g, const char *lang, const char *format,
                      uint64_t from, uint64_t to)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_template *t = sg_template_builtin(ctx, lang, format);
    assert_non_null(t);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (sg_trace_write(ctx, t, g, from, to, f) != SG_OK)
        fail_msg("trace: %s", sg_ctx_message(ctx));
    fclose(f);
    sg_template_free(t);
    sg_ctx_free(ctx);
    return out;
}

static sg_game *spec(const char *s)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, s, "--set");
    assert_non_null(g);
    sg_ctx_free(ctx);
    return g;
}

static sg_game *dot(sg_ctx *ctx, const char *text)
{
    char path[] = "/tmp/sgviz-trace-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    sg_game *g = sg_game_read_dot(ctx, path);
    if (!g)
        fail_msg("dot: %s", sg_ctx_message(ctx));
    unlink(path);
    return g;
}

static void worked_example_english(void **state)
{
    (void)state;
    sg_game *g = spec("1,3,4");
    char *out = trace_of(g, "en", "text", 0, 8);
    assert_string_equal(
        out,
        "S = {1,3,4}: sg(x) = mex{sg(y) : y is one move from x}\n"
        "sg(0): no moves, a terminal position; mex{} = 0  (P)\n"
        "sg(1): 1-{1} -> {0}; mex{sg(0)} = mex{0} = 1  (N)\n"
        "sg(2): 2-{1} -> {1}; mex{sg(1)} = mex{1} = 0  (P)\n"
        "sg(3): 3-{1,3} -> {2,0}; mex{sg(2),sg(0)} = mex{0,0} = 1  (N)\n"
        "sg(4): 4-{1,3,4} -> {3,1,0}; mex{sg(3),sg(1),sg(0)} = mex{1,1,0} = 2"
        "  (N)\n"
        "sg(5): 5-{1,3,4} -> {4,2,1}; mex{sg(4),sg(2),sg(1)} = mex{2,0,1} = 3"
        "  (N)\n"
        "sg(6): 6-{1,3,4} -> {5,3,2}; mex{sg(5),sg(3),sg(2)} = mex{3,1,0} = 2"
        "  (N)\n"
        "sg(7): 7-{1,3,4} -> {6,4,3}; mex{sg(6),sg(4),sg(3)} = mex{2,2,1} = 0"
        "  (P)\n"
        "sg(8): 8-{1,3,4} -> {7,5,4}; mex{sg(7),sg(5),sg(4)} = mex{0,3,2} = 1"
        "  (N)\n"
        "P-positions (sg = 0, the player to move loses): 0,2,7\n"
        "N-positions (sg > 0, the player to move wins): 1,3,4,5,6,8\n");
    free(out);
    sg_game_free(g);
}

/* The lines of the source notes, character for character. */
static void worked_example_chinese(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "x=1 时，可以取走1-f{1}个石子，剩余{0}个，所以 SG[1] = mex{SG[0]} = "
        "mex{0} = 1;",
        "x=2 时，可以取走2-f{1}个石子，剩余{1}个，所以 SG[2] = mex{SG[1]} = "
        "mex{1} = 0;",
        "x=3 时，可以取走3-f{1,3}个石子，剩余{2,0}个，所以 SG[3] = "
        "mex{SG[2],SG[0]} = mex{0,0} = 1;",
        "x=4 时，可以取走4-f{1,3,4}个石子，剩余{3,1,0}个，所以 SG[4] = "
        "mex{SG[3],SG[1],SG[0]} = mex{1,1,0} = 2;",
        "x=5 时，可以取走5-f{1,3,4}个石子，剩余{4,2,1}个，所以 SG[5] = "
        "mex{SG[4],SG[2],SG[1]} = mex{2,0,1} = 3;",
        "x=6 时，可以取走6-f{1,3,4}个石子，剩余{5,3,2}个，所以 SG[6] = "
        "mex{SG[5],SG[3],SG[2]} = mex{3,1,0} = 2;",
        "x=7 时，可以取走7-f{1,3,4}个石子，剩余{6,4,3}个，所以 SG[7] = "
        "mex{SG[6],SG[4],SG[3]} = mex{2,2,1} = 0;",
        "x=8 时，可以取走8-f{1,3,4}个石子，剩余{7,5,4}个，所以 SG[8] = "
        "mex{SG[7],SG[5],SG[4]} = mex{0,3,2} = 1;",
    };
    sg_game *g = spec("1,3,4");
    char *out = trace_of(g, "zh", "text", 0, 8);
    /* Each line appears whole, in order. */
    const char *at = out;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const char *hit = strstr(at, lines[i]);
        if (!hit)
            fail_msg("missing: %s\nin:\n%s", lines[i], out);
        assert_true(hit == out || hit[-1] == '\n');
        assert_int_equal(hit[strlen(lines[i])], '\n');
        at = hit + strlen(lines[i]);
    }
    assert_non_null(strstr(out, "P 局面（SG = 0，先手必败）：0,2,7\n"));
    free(out);
    sg_game_free(g);
}

static void windows(void **state)
{
    (void)state;
    sg_game *g = spec("1,3,4");
    char *out = trace_of(g, "en", "text", 700, 702);
    /* 700 = 7 * 100: a P-position, as the period 7 says. */
    assert_non_null(strstr(out, "\nsg(700): 700-{1,3,4} -> {699,697,696}; "
                                "mex{sg(699),sg(697),sg(696)} = mex{2,2,1} = 0"
                                "  (P)\n"));
    assert_null(strstr(out, "sg(699):"));
    assert_null(strstr(out, "sg(703):"));
    assert_non_null(strstr(out, "P-positions (sg = 0, the player to move "
                                "loses): 700,702\n"));
    free(out);
    sg_game_free(g);
}

static void other_formats(void **state)
{
    (void)state;
    sg_game *g = spec("1,3,4");
    char *md = trace_of(g, "en", "md", 0, 4);
    assert_non_null(strstr(md, "| 4 | 4-{1, 3, 4} | {3, 1, 0} | mex{sg(3), "
                               "sg(1), sg(0)} = mex{1, 1, 0} = 2 | 2 | N |\n"));
    char *tex = trace_of(g, "en", "latex", 0, 4);
    assert_non_null(strstr(tex, "\\begin{align*}\n"));
    assert_non_null(strstr(tex, "\\operatorname{sg}(4) &= \\operatorname{mex}\\{"
                                "\\operatorname{sg}(3),\\operatorname{sg}(1),"
                                "\\operatorname{sg}(0)\\} = \\operatorname{mex}\\{1,1,0\\}"
                                " = 2"));
    /* Every line but the last of the align* ends in \\. */
    assert_non_null(strstr(tex, "\\text{P}\\\\\n"));
    assert_non_null(strstr(tex, "\\text{N}\n\\end{align*}\n"));
    char *json = trace_of(g, "en", "json", 3, 4);
    assert_string_equal(
        json,
        "{\"game\": \"S = {1,3,4}\", \"set\": \"1,3,4\", \"from\": 3, \"to\": 4, "
        "\"lang\": \"en\", \"steps\": [\n"
        "{\"x\": 3, \"moves\": [1,3], \"targets\": [2,0], \"values\": [0,0], "
        "\"mex\": 1, \"pn\": \"N\", \"text\": \"sg(3) = mex{sg(2),sg(0)} = "
        "mex{0,0} = 1\"},\n"
        "{\"x\": 4, \"moves\": [1,3,4], \"targets\": [3,1,0], \"values\": "
        "[1,1,0], \"mex\": 2, \"pn\": \"N\", \"text\": \"sg(4) = "
        "mex{sg(3),sg(1),sg(0)} = mex{1,1,0} = 2\"}\n"
        "], \"p_count\": 0, \"n_count\": 2}\n");
    free(md);
    free(tex);
    free(json);
    sg_game_free(g);
}

static void dag_games_and_escaping(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = dot(ctx, "digraph { \"a\\\"q\" -> b_1 -> c; \"a\\\"q\" -> c; "
                          "d -> \"a\\\"q\" }");
    char *text = trace_of(g, "en", "text", 0, 3);
    assert_non_null(strstr(text, ": sg(x) = mex{sg(y) : y is one move from "
                                 "x}\n"));
    assert_non_null(strstr(text, "sg(c): no moves, a terminal position; "
                                 "mex{} = 0  (P)\n"));
    assert_non_null(strstr(text, "sg(b_1): b_1 -> {c}; mex{sg(c)} = mex{0} = 1"
                                 "  (N)\n"));
    /* Names are listed with "; " between them, and a name that holds a
     * quote is written in quotes, as DOT writes it. */
    assert_non_null(strstr(text, "sg(\"a\\\"q\"): \"a\\\"q\" -> {b_1; c}; "
                                 "mex{sg(b_1); sg(c)} = mex{1,0} = 2  (N)\n"));
    assert_non_null(strstr(text, "sg(d): d -> {\"a\\\"q\"}; "
                                 "mex{sg(\"a\\\"q\")} = mex{2} = 0  (P)\n"));
    char *json = trace_of(g, "en", "json", 0, 3);
    assert_non_null(strstr(json, "{\"x\": \"a\\\"q\", \"moves\": [\"b_1\",\"c\"], "
                                 "\"targets\": [\"b_1\",\"c\"], \"values\": [1,0], "
                                 "\"mex\": 2, \"pn\": \"N\", \"text\": "
                                 "\"sg(\\\"a\\\\\\\"q\\\") = mex{sg(b_1); sg(c)} = "
                                 "mex{1,0} = 2\"}"));
    char *tex = trace_of(g, "en", "latex", 0, 3);
    assert_non_null(strstr(tex, "\\operatorname{sg}(\\text{b\\_1})"));
    char *md = trace_of(g, "en", "md", 0, 3);
    assert_non_null(strstr(md, "| b\\_1 |"));
    free(text);
    free(json);
    free(tex);
    free(md);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void format_one_step(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = spec("1,3,4");
    sg_template *zh = sg_template_builtin(ctx, "zh", "text");
    uint64_t amounts[] = {1, 3, 4}, targets[] = {3, 1, 0};
    sg_value values[] = {1, 1, 0};
    sg_step s = {.x = 4, .nmoves = 3, .amounts = amounts, .targets = targets,
                 .values = values, .sg = 2, .part_start = NULL, .parts = NULL};
    char *line = sg_trace_format_step(ctx, zh, g, &s);
    assert_string_equal(line, "x=4 时，可以取走4-f{1,3,4}个石子，剩余{3,1,0}个，"
                              "所以 SG[4] = mex{SG[3],SG[1],SG[0]} = "
                              "mex{1,1,0} = 2;");
    free(line);
    sg_template_free(zh);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *d = dot(ctx, "digraph { a -> b }");
    static const char plain[] = "[terminal]\nt\n[step]\ns\n";
    sg_template *t = sg_template_parse(ctx, plain, sizeof plain - 1, "p.tpl");
    assert_null(sg_trace_new(ctx, t, d, 0, 1, stdout));
    assert_string_equal(sg_ctx_message(ctx), "p.tpl: this template has no "
                        "[dag-terminal] and [dag-step] sections, which a trace "
                        "of a game read from a DOT file needs");
    sg_game *g = spec("1,3,4");
    assert_null(sg_trace_new(ctx, t, g, 5, 4, stdout));
    assert_string_equal(sg_ctx_message(ctx), "--from 5 is after --to 4");
    /* A full disk is an error, not a silent truncation. */
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        sg_template *en = sg_template_builtin(ctx, "en", "text");
        assert_int_equal(sg_trace_write(ctx, en, g, 0, 100000, full), SG_EIO);
        fclose(full);
        sg_template_free(en);
    }
    sg_template_free(t);
    sg_game_free(g);
    sg_game_free(d);
    sg_ctx_free(ctx);
}

/* Blocks: a template's [break] after every `rows` steps, never a
 * [between] before it, in any window; sg_template_set_rows() overrides the
 * setting and refuses a template without [break]. */
static void blocks(void **state)
{
    (void)state;
    static const char text[] =
        "[settings]\nrows = 3\n[header]\n<\n[footer]\n>\n"
        "[terminal]\n${x}\n[step]\n${x}\n[between]\n,\n[break]\n|";
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = spec("1,3,4");
    sg_template *t = sg_template_parse(ctx, text, sizeof text - 1, "blocks");
    assert_non_null(t);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_int_equal(sg_trace_write(ctx, t, g, 2, 9, f), SG_OK);
    fclose(f);
    /* Eight steps in blocks of three, counted from the window's start. */
    assert_string_equal(out, "<\n2,\n3,\n4\n|\n5,\n6,\n7\n|\n8,\n9\n>\n");
    free(out);
    assert_int_equal(sg_template_set_rows(ctx, t, 0), SG_OK);
    f = open_memstream(&out, &len);
    assert_int_equal(sg_trace_write(ctx, t, g, 0, 3, f), SG_OK);
    fclose(f);
    assert_string_equal(out, "<\n0,\n1,\n2,\n3\n>\n");
    free(out);
    assert_int_equal(sg_template_set_rows(ctx, t, 2000000), SG_EINPUT);
    sg_template_free(t);

    /* The text format has no blocks to break into. */
    t = sg_template_builtin(ctx, "en", "text");
    assert_int_equal(sg_template_set_rows(ctx, t, 5), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "no [break] section"));
    sg_template_free(t);

    /* LaTeX: 25 positions in blocks of 10, each its own align*. */
    out = trace_of(g, "en", "latex", 0, 24);
    size_t begins = 0, ends = 0;
    for (const char *p = out; (p = strstr(p, "\\begin{align*}")); p++)
        begins++;
    for (const char *p = out; (p = strstr(p, "\\end{align*}")); p++)
        ends++;
    assert_int_equal(begins, 3);
    assert_int_equal(ends, 3);
    assert_null(strstr(out, "\\\\\n\\end{align*}"));
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_example_english),
        cmocka_unit_test(worked_example_chinese),
        cmocka_unit_test(windows),
        cmocka_unit_test(other_formats),
        cmocka_unit_test(dag_games_and_escaping),
        cmocka_unit_test(format_one_step),
        cmocka_unit_test(refusals),
        cmocka_unit_test(blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
