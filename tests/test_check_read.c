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
    return sg_sheet_parse(ctx, g, text, strlen(text), "hw.txt", form, last);
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
    sg_sheet *s = sg_sheet_parse(ctx, g, text, len, "hw.txt", form, last);
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

/* ---- bad input ---------------------------------------------------------- */

static void bad_inputs(void **state)
{
    (void)state;
    ERR("0 1 x 1\n",
        "hw.txt:1:5: \"x\" is not a number (sg values are whole numbers from "
        "0 up)");
    ERR("0 1 -1\n",
        "hw.txt:1:5: \"-1\" is not a number (sg values are whole numbers "
        "from 0 up)");
    ERR("0 0\n1 1\n1 0\n", "hw.txt:3:1: x = 1 appears twice (first at line 2)");
    ERR("x 0 1 2 1\nsg 0 1 0 1\n",
        "hw.txt:1:9: x = 1 appears twice (first at line 1)");
    ERR("0 0\n1 1\n3 1\n",
        "hw.txt:3:1: a gap in x: x = 3 follows x = 1, and x = 2 is missing");
    ERR("0 0\n1 1\n5 1\n",
        "hw.txt:3:1: a gap in x: x = 5 follows x = 1, and x = 2..4 are "
        "missing");
    ERR("x 0 1 2\nsg 0 1 0 1\n",
        "hw.txt:2:10: the sg row is longer than the x row at line 1 (4 "
        "entries here, 3 positions there)");
    ERR("x 0 1 2\nsg 0 1\n",
        "hw.txt:2:7: the sg row is shorter than the x row at line 1 (2 "
        "entries here, 3 positions there)");
    expect_error("0 1 0 1 2\n", 10, SG_SHEET_AUTO, 3,
                 "hw.txt:1:9: x = 4 is beyond N = 3 (the -n given)");
    expect_error("0 0\n9 1\n", 8, SG_SHEET_AUTO, 3,
                 "hw.txt:2:1: x = 9 is beyond N = 3 (the -n given)");
    ERR("P N Q N\n", "hw.txt:1:5: \"Q\" is neither P nor N");
    ERR("PNPXN\n", "hw.txt:1:4: \"X\" is neither P nor N");
    ERR("x 0 1 2\npn P N Q\n", "hw.txt:2:8: \"Q\" is neither P nor N");
    ERR("P N P\0N\n", "hw.txt:1:6: a NUL byte: this is a binary file, not a "
                      "table written as text");
    ERR("0 1\n0 \xff 1\n",
        "hw.txt:2:3: byte 0xFF is not UTF-8 text: this looks like a binary "
        "file (save the table as plain text)");
    ERR("", "hw.txt:1:1: the file is empty");
    ERR("# nothing yet\n\n",
        "hw.txt:2:1: no entries: the file holds only blank lines and "
        "comments");
    ERR("x,sg\n", "hw.txt:1:1: no entries: the file holds only a header, "
                  "blank lines and comments");
    ERR("x,foo\n0,0\n", "hw.txt:1:3: unknown column \"foo\" in the header "
                        "(columns are x, sg and P/N)");
    ERR("x,sg\n0,0\n1\n", "hw.txt:3:2: this row has fewer fields (1) than "
                          "the header at line 1 (2)");
    ERR("x,sg\n0,0\n1,,\n", "hw.txt:3:4: this row has more fields (3) than "
                            "the header at line 1 (2)");
    ERR("x,sg\n0,0\n1,\n", "hw.txt:3:3: an empty field where an sg value "
                           "belongs");
    ERR("x 0 1 2\n", "hw.txt:1:1: the x row has no sg or P/N row under it");
    ERR("x 0 1\nsg 0 1\nsg 0 1\n", "hw.txt:3:1: a second sg row for the x "
                                   "row at line 1 (the first is at line 2)");
    ERR("x 0 1\nfoo 0 1\n", "hw.txt:2:1: \"foo\" starts no row: each line of "
                            "this table starts with x, sg or P/N");
    ERR("x 0 1 2\nsg 0 N 0\n", "hw.txt:2:6: \"N\" is not a number: this row "
                               "holds sg values, not P/N letters");
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
    ERR("sg(0) = 0\nsg(1) = 1 2 3\n", "hw.txt:2:13: unexpected \"3\": one "
                                      "position and its answer a line");
    ERR("0 = 0\n1 =\n", "hw.txt:2:4: expected a position and its answer on "
                        "this line, e.g. \"4 2\", \"sg(4) = 2\" or \"4 N\"");
    /* Columns count characters, not bytes. */
    ERR("# 例子\n0 1\n0 例 1\n",
        "hw.txt:3:3: \"例\" is not a number (sg values are whole numbers from "
        "0 up)");
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
    assert_null(parse(ctx, g, "a 2\nb 1\na 2\n", SG_SHEET_AUTO, UINT64_MAX));
    assert_string_equal(sg_ctx_message(ctx), "hw.txt:3:1: node a appears "
                                             "twice (first at line 1)");
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
    assert_null(sg_sheet_parse(ctx, g, text, 2 * n, "hw.txt", SG_SHEET_AUTO,
                               UINT64_MAX));
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
    assert_null(sg_sheet_read(ctx, g, "/nonexistent/hw.txt", SG_SHEET_AUTO,
                              UINT64_MAX));
    assert_int_equal(sg_ctx_status(ctx), SG_EIO);
    assert_non_null(strstr(sg_ctx_message(ctx), "/nonexistent/hw.txt"));
    char path[] = "/tmp/sgviz-test-hw-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs("x 0 1 2\nsg 0 1 0\n", f);
    fclose(f);
    sg_sheet *s = sg_sheet_read(ctx, g, path, SG_SHEET_AUTO, UINT64_MAX);
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
    sg_sheet *s = sg_sheet_parse(ctx, g, text, len, "fz", form,
                                 rnd() % 3 ? UINT64_MAX : rnd() % 40);
    if (s) {
        size_t n;
        const sg_sheet_entry *e = sg_sheet_entries(s, &n);
        assert_true(n >= 1);
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
        cmocka_unit_test(bad_inputs),
        cmocka_unit_test(bad_dag_inputs),
        cmocka_unit_test(long_line),
        cmocka_unit_test(too_many_entries),
        cmocka_unit_test(reading_files),
        cmocka_unit_test(random_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
