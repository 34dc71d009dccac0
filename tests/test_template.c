/*
 * test_template.c - the template language: sections, settings,
 * placeholders, and every mistake reported with its line and column.
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

/* Parses TEXT and expects a refusal with exactly MESSAGE. */
static void refuses(const char *text, size_t len, const char *message)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_template *t = sg_template_parse(ctx, text, len, "t.tpl");
    if (t)
        fail_msg("template accepted: %s", text);
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), message);
    sg_ctx_free(ctx);
}

#define REFUSES(text, message) refuses(text, sizeof(text) - 1, message)

static const char minimal[] = "preamble, ignored: [step] ${nonsense}\n"
                              "[terminal]\n"
                              "T ${x}\n"
                              "[step]\n"
                              "S ${x} ${sg}\n";

/* Renders the trace of 1,3,4 from 0 to 4 with template TEXT into a string. */
static char *render(const char *text)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_template *t = sg_template_parse(ctx, text, strlen(text), "t.tpl");
    if (!t)
        fail_msg("template refused: %s", sg_ctx_message(ctx));
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_int_equal(sg_trace_write(ctx, t, g, 0, 4, f), SG_OK);
    fclose(f);
    sg_game_free(g);
    sg_template_free(t);
    sg_ctx_free(ctx);
    return out;
}

static void preamble_and_sections(void **state)
{
    (void)state;
    char *out = render(minimal);
    assert_string_equal(out, "T 0\nS 1 1\nS 2 0\nS 3 1\nS 4 2\n");
    free(out);
}

static void items_settings_and_frames(void **state)
{
    (void)state;
    char *out = render("[settings]\n"
                       "# a comment line\n"
                       "list-separator = \" | \"\n"
                       "p-label = lose\n"
                       "n-label = win\n"
                       "[header]\n"
                       "begin ${game} ${from}..${to} (${count})\n"
                       "[terminal]\n"
                       "${x}=${sg} ${pn}\n"
                       "[step]\n"
                       "${x}: ${amounts} / ${targets} / ${refs} / ${values} "
                       "n=${n} ${pn}\n"
                       "[between]\n"
                       "--\n"
                       "[ref]\n"
                       "SG[${t}]\n"
                       "[value]\n"
                       "<${v}@${t}>\n"
                       "[footer]\n"
                       "P: ${p-positions} (${p-count}); N: ${n-positions} "
                       "(${n-count})\n");
    assert_string_equal(
        out, "begin S = {1,3,4} 0..4 (5)\n"
             "0=0 lose--\n"
             "1: 1 / 0 / SG[0] / <0@0> n=1 win--\n"
             "2: 1 / 1 / SG[1] / <1@1> n=1 lose--\n"
             "3: 1 | 3 / 2 | 0 / SG[2] | SG[0] / <0@2> | <0@0> n=2 win--\n"
             "4: 1 | 3 | 4 / 3 | 1 | 0 / SG[3] | SG[1] | SG[0] / <1@3> | "
             "<1@1> | <0@0> n=3 win\n"
             "P: 0 | 2 (2); N: 1 | 3 | 4 (3)\n");
    free(out);
}

static void literal_dollar_and_blank_lines(void **state)
{
    (void)state;
    /* $${ is a literal ${; a lone $ is itself; trailing blank lines of a
     * body are dropped, inner ones kept; CRLF reads as LF. */
    char *out = render("[terminal]\r\n"
                       "$${x} costs $5\r\n"
                       "\r\n"
                       "[step]\r\n"
                       "a\r\n"
                       "\r\n"
                       "b ${x}\r\n"
                       "\r\n"
                       "\r\n");
    assert_string_equal(out, "${x} costs $5\na\n\nb 1\na\n\nb 2\na\n\nb 3\n"
                             "a\n\nb 4\n");
    free(out);
}

static void mistakes_have_places(void **state)
{
    (void)state;
    REFUSES("[step]\nx ${bogus}\n[terminal]\nt\n",
            "t.tpl:2:3: unknown placeholder ${bogus} in [step] (it takes: "
            "game, x, sg, pn, n, amounts, targets, refs, values)");
    REFUSES("[dag-step]\n${x} ${amounts}\n[dag-terminal]\nt\n",
            "t.tpl:2:6: unusable placeholder ${amounts} in [dag-step] (it "
            "takes: game, x, sg, pn, n, targets, refs, values)");
    REFUSES("[step]\nab ${sg\n[terminal]\nt\n",
            "t.tpl:2:4: unterminated placeholder: \"${\" must be followed by a "
            "name and \"}\" (write $${ for a literal ${)");
    REFUSES("[step]\n${}\n", "t.tpl:2:1: unknown placeholder ${} in [step] "
            "(it takes: game, x, sg, pn, n, amounts, targets, refs, values)");
    REFUSES("[stepp]\nx\n", "t.tpl:1:1: unknown section [stepp] (known: "
            "settings, header, footer, terminal, step, dag-terminal, "
            "dag-step, between, amount, target, ref, value, split-terminal, "
            "split-step, take, split, option, sum, dag-ref, break)");
    REFUSES("[step]\na\n[terminal]\nb\n[step]\nc\n",
            "t.tpl:5:1: section [step] appears twice");
    REFUSES("[settings]\nescape latex\n",
            "t.tpl:2:1: expected \"key = value\" in [settings]");
    REFUSES("[settings]\n  colour = red\n",
            "t.tpl:2:3: unknown setting \"colour\" (known: escape, "
            "list-separator, p-label, n-label, name-separator, "
            "take-separator, option-separator, heap-separator, "
            "sum-separator, xor, rows, names)");
    REFUSES("[settings]\np-label = a\np-label = b\n",
            "t.tpl:3:1: setting \"p-label\" is given twice");
    REFUSES("[settings]\nescape = rtf\n[step]\na\n[terminal]\nb\n",
            "t.tpl: [settings] escape = \"rtf\" is not one of none, md, latex, "
            "json, html");
    REFUSES("no sections at all\n", "t.tpl:1: no sections: a trace template "
            "needs lines like [step] followed by their text");
    REFUSES("[header]\nonly a header\n",
            "t.tpl: a trace template needs [terminal] and [step] sections "
            "(and [dag-terminal] and [dag-step] for games read from DOT "
            "files, [split-terminal] and [split-step] for take-and-break "
            "games)");
    /* Columns count characters, not bytes. */
    REFUSES("[step]\n中文 ${nope}\n[terminal]\nt\n",
            "t.tpl:2:4: unknown placeholder ${nope} in [step] (it takes: game, "
            "x, sg, pn, n, amounts, targets, refs, values)");
}

static void binary_is_refused(void **state)
{
    (void)state;
    static const char nul[] = "[step]\nab\0cd\n[terminal]\nt\n";
    refuses(nul, sizeof nul - 1, "t.tpl:2:3: a NUL byte: this is not a text "
            "file");
    REFUSES("[step]\nok\n\xff\xfe\n",
            "t.tpl:3:1: byte 0xFF is not UTF-8 text");
    REFUSES("[step]\n\xc3(\n", "t.tpl:2:1: byte 0xC3 is not UTF-8 text");
}

static void bounds(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    size_t big = (1u << 20) + 1;
    char *text = malloc(big);
    memset(text, 'a', big);
    assert_null(sg_template_parse(ctx, text, big, "big.tpl"));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "big.tpl: the trace template is "
                        "larger than 1048576 bytes");
    /* One line of 70000 characters. */
    memcpy(text, "[step]\n", 7);
    assert_null(sg_template_parse(ctx, text, 70007, "long.tpl"));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "long.tpl:2: line longer than "
                        "65536 characters");
    free(text);
    sg_ctx_free(ctx);
}

static void builtins(void **state)
{
    (void)state;
    static const char *const langs[] = {"en", "zh"};
    static const char *const formats[] = {"text", "md", "latex", "json"};
    sg_ctx *ctx = sg_ctx_new();
    for (int l = 0; l < 2; l++) {
        for (int f = 0; f < 4; f++) {
            sg_template *t = sg_template_builtin(ctx, langs[l], formats[f]);
            if (!t)
                fail_msg("%s.%s: %s", langs[l], formats[f],
                         sg_ctx_message(ctx));
            sg_template_free(t);
        }
    }
    assert_null(sg_template_builtin(ctx, "fr", "text"));
    assert_string_equal(sg_ctx_message(ctx), "--lang \"fr\": unknown language "
                        "(known: en, zh)");
    assert_null(sg_template_builtin(ctx, "en", "html"));
    assert_string_equal(sg_ctx_message(ctx), "--format \"html\": unknown trace "
                        "format (known: text, md, latex, json)");
    size_t len = 0;
    assert_non_null(sg_builtin_file("trace/zh.text", &len));
    assert_true(len > 100);
    assert_null(sg_builtin_file("trace/none", &len));
    sg_ctx_free(ctx);
}

static void load_from_file(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    assert_null(sg_template_load(ctx, "/nonexistent/t.tpl"));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT); /* no such file */
    assert_string_equal(sg_ctx_message(ctx), "/nonexistent/t.tpl: cannot open "
                        "template: No such file or directory");
    char path[] = "/tmp/sgviz-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(minimal, f);
    fclose(f);
    sg_template *t = sg_template_load(ctx, path);
    assert_non_null(t);
    sg_template_free(t);
    unlink(path);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(preamble_and_sections),
        cmocka_unit_test(items_settings_and_frames),
        cmocka_unit_test(literal_dollar_and_blank_lines),
        cmocka_unit_test(mistakes_have_places),
        cmocka_unit_test(binary_is_refused),
        cmocka_unit_test(bounds),
        cmocka_unit_test(builtins),
        cmocka_unit_test(load_from_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
