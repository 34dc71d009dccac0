/*
 * test_check_read.c - the reader of homework sheets: every layout students
 * write, detection, DAG node names, every bad input with its place, and
 * random bytes that must never crash it.
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

/* ---- helpers ---------------------------------------------------------- */

static sg_game *game_134(sg_ctx *ctx)
{
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    assert_non_null(g);
    return g;
}

/* A DAG game: a -> b -> c, a -> c, d -> a (the example of examples/). */
static sg_game *dag_game(sg_ctx *ctx)
{
    char path[] = "/tmp/sgviz-test-dag-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("digraph { a -> b -> c; a -> c; d -> a }\n", f);
    fclose(f);
    sg_game *g = sg_game_read_dot(ctx, path);
    remove(path);
    if (!g)
        fail_msg("dot: %s", sg_ctx_message(ctx));
    return g;
}

static sg_sheet *parse(sg_ctx *ctx, const sg_game *g, const char *text,
                       sg_sheet_form form, uint64_t last)
{
    (void)last;
    sg_sheet_opts o = {.form = form};
    return sg_sheet_parse(ctx, g, text, strlen(text), "hw.txt", &o);
}

/* Parses TEXT and checks that the values are WANT[0..n) for x = first.. */
static void expect_values(const char *text, sg_sheet_form want_form,
                          uint64_t first, const sg_value *want, size_t n)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet *s = parse(ctx, g, text, SG_SHEET_AUTO, UINT64_MAX);
    if (!s)
        fail_msg("%s: %s", text, sg_ctx_message(ctx));
    assert_int_equal(sg_sheet_form_of(s), want_form);
    assert_true(sg_sheet_has_values(s));
    size_t count;
    const sg_sheet_entry *e = sg_sheet_entries(s, &count);
    assert_int_equal(count, n);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(e[i].x, first + i);
        assert_true(e[i].has_value);
        assert_int_equal(e[i].value, want[i]);
    }
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Parses TEXT (as FORM) and checks that it fails with MESSAGE exactly. */
static void expect_error(const char *text, size_t len, sg_sheet_form form,
                         uint64_t last, const char *message)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    (void)last;
    sg_sheet_opts o = {.form = form};
    sg_sheet *s = sg_sheet_parse(ctx, g, text, len, "hw.txt", &o);
    if (s)
        fail_msg("accepted: %s", text);
    assert_true(sg_ctx_status(ctx) < 0);
    assert_string_equal(sg_ctx_message(ctx), message);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

#define ERR(text, message)                                                     \
    expect_error(text, sizeof text - 1, SG_SHEET_AUTO, UINT64_MAX, message)

static const sg_value worked[] = {0, 1, 0, 1, 2, 3, 2, 0, 1};

/* ---- the layouts -------------------------------------------------------- */

static void two_rows(void **state)
{
    (void)state;
    expect_values("x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 2 0 1\n",
                  SG_SHEET_ROWS, 0, worked, 9);
    /* Other names of the sg row, a colon, tabs, and a comment. */
    expect_values("# homework 3\nx:\t0 1 2 3 4\nSG[x]: 0 1 0 1 2 # done\n",
                  SG_SHEET_ROWS, 0, worked, 5);
    expect_values("X 0 1 2\nSG 0 1 0\n", SG_SHEET_ROWS, 0, worked, 3);
    /* Several blocks, as a wrapped table is written, with P/N rows (the
     * text output of `sgviz table`). */
    expect_values("x    0 1 2 3 4\nsg   0 1 0 1 2\nP/N  P N P N N\n\n"
                  "x    5 6 7 8\nsg   3 2 0 1\nP/N  N N P N\n",
                  SG_SHEET_ROWS, 0, worked, 9);
}

static void rows_with_letters(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet *s = parse(ctx, g, "x 0 1 2\nsg 0 1 0\nP/N P N P\n",
                        SG_SHEET_AUTO, UINT64_MAX);
    assert_non_null(s);
    size_t n;
    const sg_sheet_entry *e = sg_sheet_entries(s, &n);
    assert_int_equal(n, 3);
    assert_int_equal(e[1].pn, 'N');
    assert_int_equal(e[2].pn, 'P');
    assert_int_equal(e[2].value, 0);
    sg_sheet_free(s);
    /* A P/N row alone gives a sheet of letters. */
    s = parse(ctx, g, "x 0 1 2\npn P N P\n", SG_SHEET_AUTO, UINT64_MAX);
    assert_non_null(s);
    assert_false(sg_sheet_has_values(s));
    e = sg_sheet_entries(s, &n);
    assert_int_equal(e[0].pn, 'P');
    assert_false(e[0].has_value);
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void pairs(void **state)
{
    (void)state;
    expect_values("0 0\n1 1\n2 0\n3 1\n", SG_SHEET_PAIRS, 0, worked, 4);
    expect_values("sg(0) = 0\nsg(1)=1\nSG[2]: 0\n3,1\n4\t2\n5 = 3\n"
                  "sg( 6 ) = 2\n",
                  SG_SHEET_PAIRS, 0, worked, 7);
    /* One line with an '=' is a pair, not a list of two values. */
    expect_values("5 = 3\n", SG_SHEET_PAIRS, 5, worked + 5, 1);
    /* Any order: the entries come back sorted. */
    expect_values("2 0\n0 0\n1 1\n", SG_SHEET_PAIRS, 0, worked, 3);
    /* Windows line ends and a byte order mark. */
    expect_values("\xEF\xBB\xBF" "0 0\r\n1 1\r\n", SG_SHEET_PAIRS, 0, worked,
                  2);
    /* Pairs whose first answer is wrong, "0 1" over "1 1", are no x row
     * over its values. */
    static const sg_value wrong_first[] = {1, 1, 0, 1};
    expect_values("0 1\n1 1\n2 0\n3 1\n", SG_SHEET_PAIRS, 0, wrong_first, 4);
}

static void csv(void **state)
{
    (void)state;
    expect_values("x,sg,pn\n0,0,P\n1,1,N\n2,0,P\n", SG_SHEET_CSV, 0, worked,
                  3);
    expect_values("position, \"sg(x)\"\n0, 0\n1, 1\n", SG_SHEET_CSV, 0,
                  worked, 2);
    /* Columns in any order, separated by spaces. */
    expect_values("sg x\n0 0\n1 1\n0 2\n", SG_SHEET_CSV, 0, worked, 3);
    expect_values("x sg\n0 0\n1 1\n", SG_SHEET_CSV, 0, worked, 2);
}

static void lists(void **state)
{
    (void)state;
    expect_values("0 1 0 1 2 3 2 0 1\n", SG_SHEET_LIST, 0, worked, 9);
    expect_values("0, 1, 0,\n1, 2\n3 2 0 1", SG_SHEET_LIST, 0, worked, 9);
    expect_values("sg: 0 1 0 1 2\n", SG_SHEET_LIST, 0, worked, 5);
    expect_values("0\n", SG_SHEET_LIST, 0, worked, 1);
    /* Two values on one line are a list; it takes two such lines to make
     * pairs. */
    expect_values("0 1\n", SG_SHEET_LIST, 0, worked, 2);
}

static void letters(void **state)
{
    (void)state;
    static const char *const texts[] = {"P N P N N N N P N\n",
                                        "PNPNNNNPN\n", "p n p\nn nnnpn\n",
                                        "P/N: P N P N N N N P N\n"};
    for (size_t t = 0; t < 4; t++) {
        sg_ctx *ctx = sg_ctx_new();
        sg_game *g = game_134(ctx);
        sg_sheet *s = parse(ctx, g, texts[t], SG_SHEET_AUTO, UINT64_MAX);
        if (!s)
            fail_msg("%s: %s", texts[t], sg_ctx_message(ctx));
        assert_int_equal(sg_sheet_form_of(s), SG_SHEET_PN);
        assert_false(sg_sheet_has_values(s));
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        assert_int_equal(n, 9);
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(e[i].x, i);
            assert_int_equal(e[i].pn, "PNPNNNNPN"[i]);
        }
        sg_sheet_free(s);
        sg_game_free(g);
        sg_ctx_free(ctx);
    }
    /* Letters in pairs. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet *s = parse(ctx, g, "0 P\n1 N\n2 P\n", SG_SHEET_AUTO, UINT64_MAX);
    assert_non_null(s);
    assert_int_equal(sg_sheet_form_of(s), SG_SHEET_PAIRS);
    assert_false(sg_sheet_has_values(s));
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void forced_forms(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    /* "0 0 / 1 1" read as a list is four values. */
    sg_sheet *s = parse(ctx, g, "0 0\n1 1\n", SG_SHEET_LIST, UINT64_MAX);
    assert_non_null(s);
    size_t n;
    sg_sheet_entries(s, &n);
    assert_int_equal(n, 4);
    sg_sheet_free(s);
    s = parse(ctx, g, "0 0\n1 1\n", SG_SHEET_AUTO, UINT64_MAX);
    assert_non_null(s);
    sg_sheet_entries(s, &n);
    assert_int_equal(n, 2);
    sg_sheet_free(s);
    sg_sheet_form f;
    static const char *const names[] = {"auto", "rows", "pairs", "csv",
                                        "list", "pn"};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(sg_sheet_form_parse(ctx, "--input-format", names[i],
                                             &f), SG_OK);
        assert_int_equal(f, i);
        assert_string_equal(sg_sheet_form_name(f), names[i]);
    }
    assert_int_equal(sg_sheet_form_parse(ctx, "--input-format", "xls", &f),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "\"xls\""));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void dag_names(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "a 2\nb 1\nc 0\nd 0\n",
        "sg(a) = 2\nsg(b) = 1\nsg(c) = 0\nsg(d) = 0\n",
        "x c b a d\nsg 0 1 2 0\n",
        "node,sg\nd,0\nc,0\nb,1\na,2\n"};
    for (size_t t = 0; t < 4; t++) {
        sg_ctx *ctx = sg_ctx_new();
        sg_game *g = dag_game(ctx);
        sg_sheet *s = parse(ctx, g, texts[t], SG_SHEET_AUTO, UINT64_MAX);
        if (!s)
            fail_msg("%s: %s", texts[t], sg_ctx_message(ctx));
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        assert_int_equal(n, 4);
        for (size_t i = 0; i < n; i++) {
            char buf[24];
            const char *name = sg_game_position_name(g, e[i].x, buf,
                                                     sizeof buf);
            sg_value want = strcmp(name, "a") == 0 ? 2
                            : strcmp(name, "b") == 0 ? 1 : 0;
            assert_int_equal(e[i].value, want);
        }
        sg_sheet_free(s);
        sg_game_free(g);
        sg_ctx_free(ctx);
    }
}

/* ---- what students hand in ------------------------------------------- */

/* Parses TEXT[0..len) (bytes, NULs allowed) as a sheet of S = {1,3,4} and
 * checks the values at x = 0..n-1 against the worked example. */
static void expect_worked(const char *what, const char *text, size_t len,
                          size_t n)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet *s = sg_sheet_parse(ctx, g, text, len, "hw.txt", NULL);
    if (!s)
        fail_msg("%s: %s", what, sg_ctx_message(ctx));
    size_t count;
    const sg_sheet_entry *e = sg_sheet_entries(s, &count);
    if (count != n)
        fail_msg("%s: %zu entries, expected %zu", what, count, n);
    for (size_t i = 0; i < n; i++) {
        if (e[i].x != i || !e[i].has_value || e[i].value != worked[i])
            fail_msg("%s: entry %zu is x = %llu, %llu", what, i,
                     (unsigned long long)e[i].x,
                     (unsigned long long)e[i].value);
    }
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

#define WORKED(what, text, n) expect_worked(what, text, sizeof text - 1, n)

static void spreadsheets(void **state)
{
    (void)state;
    WORKED("quoted header, semicolons",
           "\"x\";\"SG(x)\";\"P/N\"\n\"0\";\"0\";\"P\"\n\"1\";\"1\";\"N\"\n"
           "\"2\";\"0\";\"P\"\n", 3);
    WORKED("trailing empty columns", "x,sg,,\n0,0,,\n1,1,,\n2,0,,\n", 3);
    WORKED("pandas index", ",x,sg\n0,0,0\n1,1,1\n2,2,0\n3,3,1\n", 4);
    WORKED("R write.csv", "\"\",\"x\",\"sg\"\n\"1\",0,0\n\"2\",1,1\n"
           "\"3\",2,0\n", 3);
    WORKED("sep=;", "sep=;\nx;sg\n0;0\n1;1\n2;0\n", 3);
    WORKED("pandas printed", "   x  sg\n0  0   0\n1  1   1\n2  2   0\n", 3);
    WORKED("floats as spreadsheets write them", "x,sg\n0,0.0\n1,1.0\n"
           "2,0.0\n", 3);
    WORKED("rows across, as a spreadsheet's row", "x,0,1,2,3\nsg,0,1,0,1\n",
           4);
    WORKED("every cell quoted, as Google Sheets writes",
           "x,sg\n\"0\",\"0\"\n\"1\",\"1\"\n\"2\",\"0\"\n", 3);
    WORKED("a byte order mark, tabs and CRLF, as Excel saves text",
           "\xEF\xBB\xBFx\tsg(x)\tP/N\r\n0\t0\tP\r\n1\t1\tN\r\n", 2);
    WORKED("decimal commas between semicolons, as Excel writes 2.0 in "
           "much of Europe", "x;sg\n0;0,0\n1;1,0\n2;0,00\n", 3);
    WORKED("decimal commas between tabs", "x\tsg\n0\t0,0\n1\t1,0\n", 2);
    WORKED("tabs of a grid", "x\tsg\tP/N\n0\t0\tP\n1\t1\t\n2\t0\tP\n", 3);
    /* A blank cell is a missing answer, not a reason to refuse. */
    WORKED("blank cell at the end", "x,sg\n0,0\n1,1\n2,\n", 2);
}

static void encodings(void **state)
{
    (void)state;
    /* UTF-16 as Excel saves "Unicode text": a byte order mark, tabs. */
    static const char utf16le[] = "\xFF\xFE" "x\0\t\0s\0g\0\n\0" "0\0\t\0"
                                  "0\0\n\0" "1\0\t\0" "1\0\n\0";
    WORKED("UTF-16LE", utf16le, 2);
    static const char utf16be[] = "\xFE\xFF" "\0x\0 \0" "0\0 \0" "1\0\n"
                                  "\0s\0g\0 \0" "0\0 \0" "1\0\n";
    WORKED("UTF-16BE", utf16be, 2);
    static const char utf16nobom[] = "0\0 \0" "1\0 \0" "0\0 \0" "1\0\n\0";
    WORKED("UTF-16LE without a byte order mark", utf16nobom, 4);
    /* GBK: "姓名：张三" then the table, with a full-width colon. */
    WORKED("GBK", "\xD0\xD5\xC3\xFB\xA3\xBA\xD5\xC5\xC8\xFD\n"
           "x\xA3\xBA" "0 1 2\nsg\xA3\xBA" "0 1 0\n", 3);
    WORKED("Windows-1252", "Name: Ren\xE9 M\xFCller\nx 0 1 2\nsg 0 1 0\n", 3);
    WORKED("UTF-8 with a byte order mark", "\xEF\xBB\xBFx 0 1\nsg 0 1\n", 2);
    WORKED("CR line ends", "x 0 1 2\rsg 0 1 0\r", 3);
    WORKED("CRLF line ends", "x 0 1 2\r\nsg 0 1 0\r\n", 3);
    WORKED("Ctrl-Z at the end", "0 1 0\n\x1A", 3);
    /* Characters that only look different from ASCII. */
    WORKED("full-width digits and Chinese punctuation",
           "x\xEF\xBC\x9A\xEF\xBC\x90 \xEF\xBC\x91 \xEF\xBC\x92\n"
           "SG\xEF\xBC\x9A\xEF\xBC\x90\xEF\xBC\x8C\xEF\xBC\x91\xE3\x80\x81"
           "\xEF\xBC\x90\n", 3);
    WORKED("full-width equals", "sg(0)\xEF\xBC\x9D" "0\nsg(1)\xEF\xBC\x9D"
           "1\n", 2);
    WORKED("no-break spaces", "x 0\xC2\xA0" "1 2\nsg 0 1\xC2\xA0" "0\n", 3);
    WORKED("ideographic spaces", "x\xE3\x80\x80" "0 1\nsg 0\xE3\x80\x80"
           "1\n", 2);
    WORKED("a zero-width space beside a space", "0 \xE2\x80\x8B" "1 0\n", 3);
    /* The encoding is named. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet *s = sg_sheet_parse(ctx, g, utf16le, sizeof utf16le - 1, "hw",
                                 NULL);
    assert_non_null(s);
    assert_string_equal(sg_sheet_encoding(s), "UTF-16LE");
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void markup(void **state)
{
    (void)state;
    WORKED("Markdown", "# Homework 3\n\n| x | sg(x) | P/N |\n|--:|--:|:-:|\n"
           "| 0 | 0 | P |\n| 1 | 1 | N |\n| **2** | `0` | P |\n", 3);
    WORKED("pipes", "x | 0 | 1 | 2\nsg | 0 | 1 | 0\n", 3);
    WORKED("ASCII grid", "+---+----+\n| x | sg |\n+---+----+\n| 0 | 0  |\n"
           "| 1 | 1  |\n+---+----+\n", 2);
    WORKED("LaTeX tabular", "\\begin{tabular}{r|ccc}\n$x$ & 0 & 1 & 2 \\\\ "
           "\\hline\n$\\mathrm{sg}(x)$ & 0 & 1 & 0 \\\\\n\\end{tabular}\n", 3);
    WORKED("LaTeX columns", "\\begin{tabular}{cc}\nx & SG(x)\\\\\\hline\n"
           "0 & 0\\\\\n1 & 1\\\\\n\\end{tabular} % done\n", 2);
    WORKED("Markdown in a code fence, a remark after it",
           "# HW3\n\n```\n| x | sg |\n|---|----|\n| 0 | 0 |\n| 1 | 1 |\n"
           "| 2 | 0 |\n```\n\nThe period is 7.\n", 3);
    WORKED("LaTeX array across, values in math",
           "\\[\\begin{array}{c|ccc}\nx & 0 & 1 & 2 \\\\\\hline\n"
           "\\operatorname{sg}(x) & $0$ & $1$ & $0$\n\\end{array}\\]\n", 3);
    WORKED("HTML paragraphs", "<html><body><p>Name: Li Wei</p><p>x 0 1 2</p>"
           "<p>sg 0&nbsp;1 0</p></body></html>", 3);
    WORKED("HTML table", "<table><tr><th>x</th><th>SG</th></tr><tr><td>0</td>"
           "<td>0</td></tr><tr><td>1</td><td>1</td></tr></table>", 2);
    WORKED("Markdown quote and bullets", "> - sg(0) = 0\n> - sg(1) = 1\n", 2);
}

static void words_of_students(void **state)
{
    (void)state;
    WORKED("n and Grundy value", "n  Grundy value\n0  0\n1  1\n2  0\n", 3);
    WORKED("SG value", "x, SG value\n0, 0\n1, 1\n", 2);
    WORKED("Win/Lose", "Position,Grundy,Win/Lose\n0,0,L\n1,1,W\n2,0,L\n", 3);
    WORKED("values after a Chinese label, between enumeration commas",
           "SG值如下：\n0、1、0、1\n", 4);
    WORKED("Chinese headers", "局面,SG值,胜负\n0,0,必败\n1,1,必胜\n", 2);
    WORKED("SG(0) = 0 (P)", "SG(0) = 0 (P)\nSG(1) = 1 (N)\nSG(2) = 0 (P)\n",
           3);
    WORKED("x=0, sg=0", "x=0, sg=0\nx=1, sg=1\nx=2, sg=0\n", 3);
    WORKED("0 -> 0", "0 -> 0\n1 -> 1\n2 -> 0\n", 3);
    WORKED("several on a line", "sg(0)=0, sg(1)=1, sg(2)=0\nsg(3)=1\n", 4);
    WORKED("a name line", "Name: Anna Schmidt\nx 0 1 2\nsg 0 1 0\n", 3);
    WORKED("a name starting with N", "Nora Park\nP/N\n0 0\n1 1\n", 2);
    WORKED("the question and remarks around",
           "Homework 3, question 2: S = {1,3,4}, x = 0..2\nN = 2\n"
           "0 1 0\nThat is all.\n", 3);
    WORKED("unlabelled x row", "0 1 2 3\n0 1 0 1\n", 4);
    WORKED("unlabelled sg row", "x 0 1 2\n  0 1 0\n", 3);
    WORKED("sg row first", "sg 0 1 0\nx 0 1 2\n", 3);
    WORKED("blocks in either order", "sg 0 1\nx 0 1\nsg 0 1\nx 2 3\n", 4);
    WORKED("a trace", "sg(0) = mex{} = 0\nsg(1) = mex{sg(0)} = mex{0} = 1\n"
           "sg(2) = mex{sg(1)} = mex{1} = 0\n", 3);
    WORKED("a trace in Chinese", "x=0 时，SG[0] = mex{} = 0;\nx=1 时，所以 "
           "SG[1] = mex{SG[0]} = mex{0} = 1;\n", 2);
    WORKED("steps without sg(x)", "0: mex{} = 0\n1: mex{0} = 1\n", 2);

    /* Letters of other courses, and the student's name and id. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    static const char *const texts[] = {
        "x 0 1 2 3\nW/L L W L W\n", "x 0 1 2 3\n胜负 必败 必胜 必败 必胜\n",
        "0 lose\n1 win\n2 lose\n3 win\n",
        "0: P-position\n1: N-position\n2: P-position\n3: N-position\n"};
    for (size_t t = 0; t < 4; t++) {
        sg_sheet *s = parse(ctx, g, texts[t], SG_SHEET_AUTO, 0);
        if (!s)
            fail_msg("%s: %s", texts[t], sg_ctx_message(ctx));
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        assert_int_equal(n, 4);
        for (size_t i = 0; i < n; i++)
            assert_int_equal(e[i].pn, "PNPN"[i]);
        sg_sheet_free(s);
    }
    sg_sheet *s = parse(ctx, g, "姓名：张三  学号：2021001\n0 1 0\n",
                        SG_SHEET_AUTO, 0);
    assert_non_null(s);
    assert_string_equal(sg_sheet_student(s), "张三");
    assert_string_equal(sg_sheet_student_id(s), "2021001");
    sg_sheet_free(s);
    s = parse(ctx, g, "Name: Anna Schmidt, Student ID: 123456\n0 1 0\n",
              SG_SHEET_AUTO, 0);
    assert_non_null(s);
    assert_string_equal(sg_sheet_student(s), "Anna Schmidt");
    assert_string_equal(sg_sheet_student_id(s), "123456");
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void blanks_and_gaps(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    static const char *const texts[] = {
        "x 0 1 2 3 4\nsg 0 ? - 1 2\n", "0 1 0 1 2\n",
        "0 0\n3 1\n4 2\n", "x,sg\n0,0\n1,\n2,?\n3,1\n4,2\n",
        "0 _ n/a 1 2\n"};
    static const size_t counts[] = {3, 5, 3, 3, 3};
    for (size_t t = 0; t < 5; t++) {
        sg_sheet *s = parse(ctx, g, texts[t], SG_SHEET_AUTO, 0);
        if (!s)
            fail_msg("%s: %s", texts[t], sg_ctx_message(ctx));
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        assert_int_equal(n, counts[t]);
        for (size_t i = 0; i < n; i++)
            assert_int_equal(e[i].value, worked[e[i].x]);
        /* The positions named reach x = 4, answered or not. */
        assert_int_equal(sg_sheet_last_x(s), 4);
        sg_sheet_free(s);
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void json_forms(void **state)
{
    (void)state;
    WORKED("a list", "[0, 1, 0]", 3);
    WORKED("records", "[{\"x\": 0, \"sg\": 0}, {\"x\": 1, \"sg\": 1}]", 2);
    WORKED("pairs", "[[0, 0], [1, 1], [2, 0]]", 3);
    WORKED("pandas' columns", "{\"x\": {\"0\": 0, \"1\": 1}, \"sg\": "
           "{\"0\": 0, \"1\": 1.0}}", 2);
    WORKED("an object from x to the value", "{\"0\": 0, \"1\": 1, \"2\": 0}",
           3);
    WORKED("numbers as strings", "{\"sg\": [\"0\", \"1\", \"0\"]}", 3);
    /* null is a blank: x = 2 is missing. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet *s = parse(ctx, g, "{\"sg\": [0, 1, null, 1]}", SG_SHEET_AUTO, 0);
    assert_non_null(s);
    size_t n;
    const sg_sheet_entry *e = sg_sheet_entries(s, &n);
    assert_int_equal(n, 3);
    assert_int_equal(e[2].x, 3);
    assert_int_equal(sg_sheet_last_x(s), 3);
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* The tables and traces sgviz writes read back as the values they hold:
 * for the powers of two, sg(x) = x mod 3. */
static void own_outputs(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "pow2", "--set");
    static const sg_table_format tables[] = {SG_TABLE_TEXT, SG_TABLE_CSV,
                                             SG_TABLE_MD, SG_TABLE_LATEX,
                                             SG_TABLE_JSON};
    static const char *const traces[] = {"text", "md", "latex", "json"};
    for (int k = 0; k < 5 + 8; k++) {
        char *text;
        size_t len;
        FILE *f = open_memstream(&text, &len);
        if (k < 5) {
            sg_table_opts o = {.format = tables[k], .width = 40, .columns = 7};
            assert_int_equal(sg_table_write(ctx, g, 0, 40, &o, f), SG_OK);
        } else {
            int t = (k - 5) % 4;
            const char *lang = k - 5 < 4 ? "en" : "zh";
            sg_template *tpl = sg_template_builtin(ctx, lang, traces[t]);
            assert_non_null(tpl);
            assert_int_equal(sg_trace_write(ctx, tpl, g, 0, 40, f), SG_OK);
            sg_template_free(tpl);
        }
        fclose(f);
        sg_sheet *s = sg_sheet_parse(ctx, g, text, len, "out", NULL);
        if (!s)
            fail_msg("output %d: %s\n%s", k, sg_ctx_message(ctx), text);
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        if (n != 41)
            fail_msg("output %d: %zu entries\n%s", k, n, text);
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(e[i].x, i);
            assert_int_equal(e[i].value, i % 3);
        }
        sg_sheet_free(s);
        free(text);
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- bad input ---------------------------------------------------------- */

static void bad_inputs(void **state)
{
    (void)state;
    ERR("0 1 x 1\n",
        "hw.txt:1:5: \"x\" is not a number (sg values are whole numbers from "
        "0 up)");
    ERR("0 1 -1\n",
        "hw.txt:1:5: \"-1\" is negative: sg values are whole numbers from 0 "
        "up");
    ERR("x;sg\n0;0\n1;1,5\n", "hw.txt:3:3: \"1,5\" is not a whole number: sg "
                                "values are whole numbers from 0 up");
    ERR("0 1 2.5\n", "hw.txt:1:5: \"2.5\" is not a whole number: sg values "
                     "are whole numbers from 0 up");
    ERR("0 1 0 1 O 2\n", "hw.txt:1:9: \"O\": the letter \"O\" is no digit; "
                         "write 0 for it");
    ERR("0 1 l0\n", "hw.txt:1:5: \"l0\": the letter \"l\" is no digit; write "
                    "1 for it");
    ERR("0 0\n1 1\n1 0\n", "hw.txt:3:1: x = 1 has two different answers: 0 "
                           "here and 1 at line 2");
    ERR("x 0 1 2\nsg 0 1 0 1\n",
        "hw.txt:2:10: the sg row is longer than the x row at line 1 (4 "
        "entries here, 3 positions there)");
    ERR("x,0,1,2\nsg,0,1\n", "hw.txt:2:7: the sg row is shorter than the x "
                             "row at line 1 (2 entries here, 3 positions "
                             "there)");
    ERR("P N Q N\n", "hw.txt:1:5: \"Q\" is neither P nor N (nor W/L, "
                     "必败/必胜)");
    ERR("PNPXN\n", "hw.txt:1:4: \"X\" is neither P nor N (nor W/L, 必败/必胜)");
    ERR("x 0 1 2\npn P N Q\n", "hw.txt:2:8: \"Q\" is neither P nor N (nor "
                               "W/L, 必败/必胜)");
    ERR("P N P\0N\n", "hw.txt:1: a NUL byte: this is not a text file (save "
                      "the table as plain text or CSV)");
    ERR("0 1 0\n0 \x01 1\n", "hw.txt:2:3: U+0001, a control character: text "
                             "holds no such character; this is not a text "
                             "file (save the table as plain text or CSV)");
    ERR("0 1\xE2\x80\x8B" "2 0\n", "hw.txt:1:3: U+200B zero-width space "
        "inside \"1<U+200B>2\": an invisible character that breaks the entry; "
        "delete it and type the entry again");
    ERR("", "hw.txt:1:1: the file is empty: nothing was handed in");
    ERR("# nothing yet\n\nName: Anna\n",
        "hw.txt: no table found: the file holds no sg values or P/N letters; "
        "write x and sg(x) one pair a line (\"4 2\"), or the two rows \"x 0 1 "
        "2 ...\" and \"sg 0 1 0 ...\"");
    ERR("x,sg\n", "hw.txt: only a header: the table has no rows under it");
    ERR("x,foo\n0,0\n", "hw.txt:1:3: the header has no sg or P/N column "
                        "(name it sg, SG(x), Grundy value, or P/N)");
    ERR("x,sg,sg\n0,0,0\n", "hw.txt:1:6: a second sg column in the header");
    ERR("x,sg\n0,0\n1,1,3\n", "hw.txt:3:5: this row has more fields (3) than "
                              "the header at line 1 (2)");
    ERR("x 0 1 2\n", "hw.txt:1:1: the x row has no sg or P/N row with it");
    ERR("x 0 1\nsg 0 1\nsg 0 1\n", "hw.txt:3:1: a second sg row for the x "
                                   "row at line 1 (the first is at line 2)");
    ERR("x 0 1 2\nsg 0 N 0\n", "hw.txt:2:6: \"N\" is not a number (sg values "
                               "are whole numbers from 0 up)");
    ERR("x,0,,2\nsg,0,1,0\n", "hw.txt:2:6: \"1\" stands under an empty cell "
                              "of the x row at line 1");
    ERR("0 P\n1 2\n", "hw.txt:2:1: an sg value here, but the table gives only "
                      "P/N letters from line 1 on; give a value for every "
                      "position, or only letters");
    ERR("0 0\n1 N\n", "hw.txt:2:1: only a P/N letter here, but the table "
                      "gives sg values from line 1 on; give a value for every "
                      "position, or only letters");
    ERR("0 1 0 99999999999999999999\n",
        "hw.txt:1:7: \"99999999999999999999\" is too large for an sg value");
    ERR("0 0\n5000000 1\n", "hw.txt:2:1: x = 5000000 is too large: a "
                            "homework sheet holds positions 0..999999 at "
                            "most");
    ERR("sg(0) = 0\nsg(1) = 1 2 3\n", "hw.txt:2:11: unexpected \"2\": one "
                                      "position and its answer a line, e.g. "
                                      "\"4 2\", \"sg(4) = 2\" or \"4 N\"");
    /* Columns count characters, not bytes. */
    ERR("# 例子\n0 1\n0 例 1\n",
        "hw.txt:3:3: \"例\" is not a number (sg values are whole numbers from "
        "0 up)");
    ERR("[1, 2, ]\n", "hw.txt:1:8: not valid JSON: expected a value");
    ERR("{\"game\": \"S\"}\n", "hw.txt:1:1: JSON without sg values: expected "
        "{\"sg\": [0, 1, 0, ...]}, a list of values, or a list of {\"x\": 0, "
        "\"sg\": 0}");
    ERR("{\"sg\": [0, -1]}", "hw.txt:1:12: \"-1\" is negative: sg values are "
                             "whole numbers from 0 up");
}

/* Files that are not text are named, with how to hand in the table. */
static void not_text(void **state)
{
    (void)state;
    static const struct {
        const char *bytes;
        size_t len;
        const char *message;
    } files[] = {
        {"PK\x03\x04\x14\0\0\0[Content_Types].xml xl/workbook.xml", 44,
         "an Excel workbook (.xlsx), not text: save the sheet as CSV"},
        {"PK\x03\x04\x14\0\0\0word/document.xml", 25,
         "a Word document (.docx), not text"},
        {"PK\x03\x04\x14\0\0\0mimetypeapplication/vnd.oasis.opendocument."
         "spreadsheet", 65, "an OpenDocument spreadsheet (.ods)"},
        {"PK\x03\x04\x14\0\0\0notes.txt", 17, "a ZIP archive, not text"},
        {"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\0\0W\0o\0r\0k\0b\0o\0o\0k\0", 26,
         "an old Excel workbook (.xls)"},
        {"%PDF-1.7\n", 9, "a PDF, not text"},
        {"{\\rtf1\\ansi 0 1 0}", 18, "an RTF document"},
        {"\x89PNG\r\n\x1A\n\0\0", 10, "a picture (PNG), not text"},
        {"\xFF\xD8\xFF\xE0\0\x10JFIF", 10, "a picture (JPEG)"},
        {"\x1F\x8B\x08\0", 4, "a compressed gzip archive"},
    };
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        assert_null(sg_sheet_parse(ctx, g, files[i].bytes, files[i].len,
                                   "hw.bin", NULL));
        if (!strstr(sg_ctx_message(ctx), files[i].message))
            fail_msg("file %zu: %s", i, sg_ctx_message(ctx));
        /* Nothing of the file is quoted. */
        assert_memory_equal(sg_ctx_message(ctx), "hw.bin: ", 8);
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Messages in the report's language. */
static void chinese_messages(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    sg_sheet_opts o = {.form = SG_SHEET_AUTO, .lang = "zh"};
    assert_null(sg_sheet_parse(ctx, g, "0 1 x\n", 6, "hw.txt", &o));
    assert_string_equal(sg_ctx_message(ctx), "hw.txt:1:5: \"x\" 不是数字（SG "
                                             "值是从 0 开始的整数）");
    assert_null(sg_sheet_parse(ctx, g, "%PDF-1.4", 8, "hw.pdf", &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "这是 PDF，不是文本"));
    o.lang = "fr";
    assert_null(sg_sheet_parse(ctx, g, "0 1\n", 4, "hw.txt", &o));
    assert_string_equal(sg_ctx_message(ctx), "--lang: --lang \"fr\": unknown "
                                             "language (known: en, zh)");
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void bad_dag_inputs(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = dag_game(ctx);
    assert_null(parse(ctx, g, "a 2\nq 1\n", SG_SHEET_AUTO, UINT64_MAX));
    assert_memory_equal(sg_ctx_message(ctx), "hw.txt:2:1: ", 12);
    assert_non_null(strstr(sg_ctx_message(ctx), " has no node \"q\""));
    assert_null(parse(ctx, g, "2 1 0 0\n", SG_SHEET_LIST, UINT64_MAX));
    assert_non_null(strstr(sg_ctx_message(ctx), "hw.txt:1:1: a bare list"));
    assert_null(parse(ctx, g, "a 2\nb 1\na 1\n", SG_SHEET_AUTO, UINT64_MAX));
    assert_string_equal(sg_ctx_message(ctx), "hw.txt:3:1: a has two different "
                                             "answers: 1 here and 2 at line 1");
    /* Node names in another case. */
    sg_sheet *s = parse(ctx, g, "A 2\nB 1\nc 0\nD 0\n", SG_SHEET_AUTO, 0);
    if (!s)
        fail_msg("%s", sg_ctx_message(ctx));
    size_t n;
    sg_sheet_entries(s, &n);
    assert_int_equal(n, 4);
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void long_line(void **state)
{
    (void)state;
    size_t n = 70000;
    char *text = malloc(n + 2);
    memset(text, '0', n);
    text[n] = '\n';
    text[n + 1] = '\0';
    expect_error(text, n + 1, SG_SHEET_AUTO, UINT64_MAX,
                 "hw.txt:1:65537: the line is longer than 65536 characters");
    /* A long line of prose is as bounded as one of numbers. */
    memset(text, 'a', n);
    expect_error(text, n + 1, SG_SHEET_AUTO, UINT64_MAX,
                 "hw.txt:1:65537: the line is longer than 65536 characters");
    free(text);
}

static void too_many_entries(void **state)
{
    (void)state;
    /* 1000001 values, 2 bytes each, in lines of 1000. */
    size_t n = 1000001;
    char *text = malloc(2 * n + 1);
    for (size_t i = 0; i < n; i++) {
        text[2 * i] = '0';
        text[2 * i + 1] = (i + 1) % 1000 == 0 ? '\n' : ' ';
    }
    text[2 * n] = '\0';
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    assert_null(sg_sheet_parse(ctx, g, text, 2 * n, "hw.txt", NULL));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx),
                        "hw.txt:1001:1: more than 1000000 entries: a homework "
                        "sheet holds positions 0..999999 at most");
    sg_game_free(g);
    sg_ctx_free(ctx);
    free(text);
}

static void reading_files(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game_134(ctx);
    /* A name that leads to no file is bad input (exit 2), not a failed
     * read (SG_EIO, exit 3). */
    assert_null(sg_sheet_read(ctx, g, "/nonexistent/hw.txt", NULL));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "/nonexistent/hw.txt"));
    char path[] = "/tmp/sgviz-test-hw-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs("x 0 1 2\nsg 0 1 0\n", f);
    fclose(f);
    sg_sheet *s = sg_sheet_read(ctx, g, path, NULL);
    assert_non_null(s);
    assert_string_equal(sg_sheet_origin(s), path);
    sg_sheet_free(s);
    remove(path);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- random bytes ------------------------------------------------------- */

static uint64_t rng_state = 88172645463325252ULL;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Every outcome is either a sheet or one message that starts with the
 * file's name; nothing may crash, hang or leak (the suite runs under
 * valgrind too). */
static void try_bytes(sg_ctx *ctx, const sg_game *g, const char *text,
                      size_t len, sg_sheet_form form)
{
    sg_ctx_clear(ctx);
    sg_sheet_opts o = {.form = form, .lang = rnd() % 2 ? "en" : "zh"};
    sg_sheet *s = sg_sheet_parse(ctx, g, text, len, "fz", &o);
    if (s) {
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        for (size_t i = 1; i < n; i++)
            assert_true(e[i].x > e[i - 1].x);
        sg_sheet_free(s);
    } else {
        assert_true(sg_ctx_status(ctx) < 0);
        assert_memory_equal(sg_ctx_message(ctx), "fz", 2);
    }
}

static void random_bytes(void **state)
{
    (void)state;
    static const char *const seeds[] = {
        "x 0 1 2 3\nsg 0 1 0 1\nP/N P N P N\n", "sg(0) = 0\nsg(1) = 1\n",
        "x,sg,pn\n0,0,P\n1,1,N\n", "0 1 0 1 2 3\n", "P N P N N\n",
        "a 2\nb 1\n", "x c b a\nsg 0 1 2\n"};
    static const char alphabet[] = "0123456789 ,:=\n\t#xsgPNpn()[]\"\r\xff\xe4"
                                   "abcd-";
    sg_ctx *ctx = sg_ctx_new();
    sg_game *games[2] = {game_134(ctx), dag_game(ctx)};
    char buf[256];
    for (int round = 0; round < 20000; round++) {
        const char *seed = seeds[rnd() % (sizeof seeds / sizeof seeds[0])];
        size_t len = strlen(seed);
        memcpy(buf, seed, len);
        int edits = (int)(rnd() % 6);
        for (int k = 0; k < edits; k++) {
            size_t at = len ? rnd() % len : 0;
            switch (rnd() % 3) {
            case 0: /* replace */
                if (len)
                    buf[at] = alphabet[rnd() % (sizeof alphabet - 1)];
                break;
            case 1: /* insert */
                if (len < sizeof buf - 1) {
                    memmove(buf + at + 1, buf + at, len - at);
                    buf[at] = alphabet[rnd() % (sizeof alphabet - 1)];
                    len++;
                }
                break;
            default: /* delete */
                if (len) {
                    memmove(buf + at, buf + at + 1, len - at - 1);
                    len--;
                }
                break;
            }
        }
        if (rnd() % 50 == 0) { /* pure noise, NUL bytes included */
            len = rnd() % 64;
            for (size_t i = 0; i < len; i++)
                buf[i] = (char)(rnd() & 0xFF);
        }
        /* The reader gets exactly LEN bytes, with no terminating NUL
         * after them, so that reading past the end would show. */
        char *exact = malloc(len ? len : 1);
        memcpy(exact, buf, len);
        try_bytes(ctx, games[rnd() % 2], exact, len,
                  (sg_sheet_form)(rnd() % 6));
        free(exact);
    }
    sg_game_free(games[0]);
    sg_game_free(games[1]);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_rows),
        cmocka_unit_test(rows_with_letters),
        cmocka_unit_test(pairs),
        cmocka_unit_test(csv),
        cmocka_unit_test(lists),
        cmocka_unit_test(letters),
        cmocka_unit_test(forced_forms),
        cmocka_unit_test(dag_names),
        cmocka_unit_test(spreadsheets),
        cmocka_unit_test(encodings),
        cmocka_unit_test(markup),
        cmocka_unit_test(words_of_students),
        cmocka_unit_test(blanks_and_gaps),
        cmocka_unit_test(json_forms),
        cmocka_unit_test(own_outputs),
        cmocka_unit_test(bad_inputs),
        cmocka_unit_test(not_text),
        cmocka_unit_test(chinese_messages),
        cmocka_unit_test(bad_dag_inputs),
        cmocka_unit_test(long_line),
        cmocka_unit_test(too_many_entries),
        cmocka_unit_test(reading_files),
        cmocka_unit_test(random_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
