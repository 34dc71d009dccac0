/*
 * test_practice.c - the practice page: what the library writes into it.
 * The page's data is decoded here (base64, then the XOR stream, written
 * again from its description) and every step must be in it with the value
 * and the moves a brute force written here gives; no answer may stand in
 * the page's own text; the looks, options and words are checked, and so
 * are the refusals.  The steps of a game whose moves split a heap
 * (Kayles) keep every heap a move leaves.
 */
#define _DEFAULT_SOURCE /* open_memstream, strndup */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "steps/page.h"

static sg_ctx *ctx;

static int setup(void **state)
{
    (void)state;
    ctx = sg_ctx_new();
    return ctx ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_ctx_free(ctx);
    return 0;
}

static sg_game *spec_game(const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

static sg_steps *make_steps(const sg_game *g, uint64_t last,
                            const sg_steps_opts *opts)
{
    sg_steps *s = sg_steps_new(ctx, g, last, opts);
    if (!s)
        fail_msg("steps: %s", sg_ctx_message(ctx));
    return s;
}

/* The practice page of S, or NULL with the status in *STATUS. */
static char *practice(sg_steps *s, const sg_practice_opts *o,
                      sg_status *status)
{
    char *page = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&page, &len);
    assert_non_null(out);
    *status = sg_steps_write_practice(ctx, s, o, out);
    fclose(out);
    if (*status != SG_OK) {
        assert_int_equal(len, 0);
        free(page);
        return NULL;
    }
    return page;
}

static char *good_practice(sg_steps *s, const sg_practice_opts *o)
{
    sg_status status;
    char *page = practice(s, o, &status);
    if (!page)
        fail_msg("practice page: %s", sg_ctx_message(ctx));
    return page;
}

static size_t count(const char *text, const char *needle)
{
    size_t c = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        c++;
    return c;
}

/* The page's data, decoded: the text of <script id="sg-data">, read as
 * base64 (line breaks skipped), each byte XOR-ed with the top byte of the
 * state of the generator s = s * 1103515245 + 12345 (mod 2^32), started at
 * 0x53477669 and stepped before each byte.  A new string. */
static char *page_data(const char *page)
{
    const char *start = strstr(page, "<script type=\"text/plain\" id=\"sg-data\">");
    assert_non_null(start);
    start = strchr(start, '>') + 1;
    const char *end = strstr(start, "</script>");
    assert_non_null(end);
    char *out = malloc((size_t)(end - start) + 1);
    size_t n = 0;
    unsigned bits = 0, have = 0;
    uint32_t s = 0x53477669u;
    for (const char *p = start; p < end; p++) {
        const char *digits =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char *d = *p ? strchr(digits, *p) : NULL;
        if (*p == '\n' || *p == '=')
            continue;
        assert_non_null(d);
        bits = (bits << 6) | (unsigned)(d - digits);
        have += 6;
        if (have >= 8) {
            have -= 8;
            s = s * 1103515245u + 12345u;
            out[n++] = (char)(((bits >> have) & 0xFF) ^ (s >> 24));
        }
    }
    out[n] = '\0';
    return out;
}

/* Every step of S up to N is in the data with its value and moves, as the
 * brute force and the set give them: {"x": "4", "sg": 2, "m": [[3],[1],[0]]. */
static void check_steps(const char *data, const unsigned *amounts, size_t k,
                        size_t n)
{
    unsigned *sg = brute_force(amounts, k, n);
    for (size_t x = 0; x <= n; x++) {
        char want[512];
        int len = snprintf(want, sizeof want, "{\"x\": \"%zu\", \"sg\": %u, "
                           "\"m\": [", x, sg[x]);
        bool first = true;
        for (size_t i = 0; i < k; i++) {
            if (amounts[i] > x)
                continue;
            len += snprintf(want + len, sizeof want - (size_t)len, "%s[%zu]",
                            first ? "" : ",", x - amounts[i]);
            first = false;
        }
        snprintf(want + len, sizeof want - (size_t)len, "]");
        if (!strstr(data, want))
            fail_msg("step %zu: no %s in the data", x, want);
    }
    free(sg);
}

/* ---- what the page holds ------------------------------------------------ */

static void every_step_encoded(void **state)
{
    (void)state;
    static const unsigned s134[] = {1, 3, 4}, s257[] = {2, 5, 7};
    struct {
        const char *spec;
        const unsigned *amounts;
        size_t k, n;
    } games[] = {{"1,3,4", s134, 3, 12}, {"2,5,7", s257, 3, 30}};
    for (size_t g = 0; g < 2; g++) {
        sg_game *game = spec_game(games[g].spec);
        sg_steps *s = make_steps(game, games[g].n, NULL);
        char *page = good_practice(s, NULL);
        char *data = page_data(page);
        check_steps(data, games[g].amounts, games[g].k, games[g].n);
        /* One step per position, each with its lines. */
        assert_int_equal(count(data, "\"caption\": "), games[g].n + 1);
        assert_int_equal(count(data, "\"trace\": "), games[g].n + 1);
        /* The defaults. */
        assert_non_null(strstr(data, "{\"ask\": \"sg\", \"from\": 0, "
                                     "\"shuffle\": false, \"hide\": false"));
        free(data);
        free(page);
        sg_steps_free(s);
        sg_game_free(game);
    }
}

static void no_answer_in_plain_view(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 12, NULL);
    char *page = good_practice(s, NULL);
    char *data = page_data(page);
    /* The data holds the lines of the steps ... */
    assert_non_null(strstr(data, "\"caption\": \"sg(4) = mex{1,1,0} = 2\""));
    /* ... the page's text none of them, nor any value: in its pictures
     * position x shows no value (sg=?), 0 (every position P) or 2x + 1
     * (every position N), which the script replaces with the student's. */
    assert_null(strstr(page, "mex{1,1,0}"));
    assert_null(strstr(page, "\"sg\": "));
    assert_null(strstr(page, "\"caption\""));
    size_t groups = 0;
    for (const char *at = strstr(page, "<g id=\"p"); at;
         at = strstr(at + 1, "<g id=\"p")) {
        int x = atoi(at + 8);
        const char *end = strstr(at, "</g>"), *label = strstr(at, ">sg=");
        assert_true(label && label < end);
        char odd[32];
        snprintf(odd, sizeof odd, ">sg=%d<", 2 * x + 1);
        if (strncmp(label, ">sg=?<", 6) && strncmp(label, ">sg=0<", 6) &&
            strncmp(label, odd, strlen(odd)))
            fail_msg("position %d shows %.12s", x, label);
        groups++;
    }
    /* The picture and the six looks. */
    assert_int_equal(groups, 7 * 13);
    /* Nor in the classes: no move is a winning one in a picture that
     * shows no values. */
    const char *unknown = strstr(page, "<template id=\"sg-unknown\">");
    assert_non_null(unknown);
    char *look = strndup(unknown, (size_t)(strstr(unknown, "</template>") -
                                           unknown));
    assert_int_equal(count(look, "class=\"node pending\""), 13);
    assert_int_equal(count(look, "class=\"edge win"), 0);
    free(look);
    free(data);
    free(page);
    sg_steps_free(s);
    sg_game_free(g);
}

static void looks_and_words(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 8, NULL);
    char *page = good_practice(s, NULL);
    assert_int_equal(strncmp(page, "<!DOCTYPE html>", 15), 0);
    /* Self-contained: nothing is loaded or sent. */
    assert_null(strstr(page, "src="));
    assert_null(strstr(page, "href=\"http"));
    assert_null(strstr(page, "@import"));
    assert_null(strstr(page, "url("));
    assert_null(strstr(page, "fetch("));
    assert_null(strstr(page, "${"));
    /* The six looks; in each, every position in its state. */
    static const struct {
        const char *name, *node;
    } looks[] = {{"unknown", "pending"},        {"asked", "pending current"},
                 {"P", "P"},                    {"N", "N"},
                 {"target-P", "P target"},      {"target-N", "N target"}};
    assert_int_equal(count(page, "<template id=\"sg-"), 6);
    for (size_t i = 0; i < 6; i++) {
        char id[64], cls[64];
        snprintf(id, sizeof id, "<template id=\"sg-%s\">", looks[i].name);
        const char *start = strstr(page, id);
        assert_non_null(start);
        char *look = strndup(start, (size_t)(strstr(start, "</template>") -
                                             start));
        snprintf(cls, sizeof cls, "class=\"node %s\"", looks[i].node);
        if (count(look, cls) != 9)
            fail_msg("look %s: %zu of 9 positions %s", looks[i].name,
                     count(look, cls), cls);
        free(look);
    }
    /* The picture before the script runs: nothing answered. */
    const char *pic = strstr(page, "<div id=\"picture\">");
    assert_non_null(pic);
    assert_non_null(strstr(pic, "<g id=\"p0\" class=\"node pending\">"));
    /* The words: the page's in its HTML, the script's in the data, with
     * their placeholders marked for the script. */
    assert_non_null(strstr(page, "<title>S = {1,3,4}: work out sg(x)</title>"));
    assert_non_null(strstr(page, ">show me (?)</button>"));
    char *data = page_data(page);
    assert_non_null(strstr(data, "\"wrong\": \"Not right: sg(\\u0001x\\u0002) "
                                 "is not \\u0001given\\u0002.\""));
    assert_non_null(strstr(data, "\"sheet-line\": \"sg(\\u0001x\\u0002) = "
                                 "\\u0001sg\\u0002\""));
    assert_non_null(strstr(data, "\"tableWords\": {\"rowx\": \"x\", "
                                 "\"rowsg\": \"sg(x)\", \"rowpn\": \"P/N\"}"));
    /* The hints, one step of the mex at a time, and the mark of an answer
     * the page showed, a comment that check reads past. */
    assert_non_null(strstr(page, ">another hint</button>"));
    assert_non_null(strstr(page, "<h2>corrections</h2>"));
    assert_non_null(strstr(data, "\"hint-reach\": \"Which positions can you "
                                 "reach from \\u0001x\\u0002 in one move?\""));
    assert_non_null(strstr(data, "\"hint-mex\": \"What is "
                                 "mex{\\u0001values\\u0002}, the least value "
                                 "that is not among them?\""));
    assert_non_null(strstr(data, "\"sheet-mark-shown\": \"# shown by the "
                                 "page\""));
    free(data);
    free(page);
    sg_steps_free(s);

    /* In Chinese. */
    sg_steps_opts zh = {.lang = "zh"};
    s = make_steps(g, 8, &zh);
    page = good_practice(s, NULL);
    assert_non_null(strstr(page, "<html lang=\"zh\">"));
    assert_non_null(strstr(page, "自己计算 SG 值"));
    data = page_data(page);
    assert_non_null(strstr(data, "\"sheet-line\": \"SG[\\u0001x\\u0002] = "
                                 "\\u0001sg\\u0002\""));
    assert_non_null(strstr(data, "\"caption\": \"SG[4] = mex{1,1,0} = 2\""));
    assert_non_null(strstr(data, "\"hint-reach\": \"从 \\u0001x\\u0002 "
                                 "走一步可以到达哪些局面？\""));
    assert_non_null(strstr(page, ">再给一个提示</button>"));
    free(data);
    free(page);
    sg_steps_free(s);
    sg_game_free(g);
}

static void options(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 12, NULL);
    sg_practice_opts o = {.ask = SG_PRACTICE_BOTH, .first = 5, .shuffle = 1,
                          .hide_picture = 1,
                          .check_command = "sgviz check -s 1,3,4 -n 12"};
    char *page = good_practice(s, &o);
    char *data = page_data(page);
    assert_non_null(strstr(data, "{\"ask\": \"both\", \"from\": 5, "
                                 "\"shuffle\": true, \"hide\": true, "
                                 "\"game\": \"S = {1,3,4}\", \"command\": "
                                 "\"sgviz check -s 1,3,4 -n 12\""));
    free(data);
    free(page);
    o = (sg_practice_opts){.ask = SG_PRACTICE_PN};
    page = good_practice(s, &o);
    data = page_data(page);
    assert_non_null(strstr(data, "{\"ask\": \"pn\""));
    free(data);
    free(page);

    sg_practice_ask ask;
    assert_int_equal(sg_practice_ask_parse(ctx, "both", &ask), SG_OK);
    assert_int_equal(ask, SG_PRACTICE_BOTH);
    assert_int_equal(sg_practice_ask_parse(ctx, "pn", &ask), SG_OK);
    assert_int_equal(ask, SG_PRACTICE_PN);
    assert_int_equal(sg_practice_ask_parse(ctx, "value", &ask), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "\"value\""));
    sg_steps_free(s);
    sg_game_free(g);
}

static void refusals(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 8, NULL);
    sg_status status;
    sg_practice_opts o = {.first = 9};
    assert_null(practice(s, &o, &status));
    assert_int_equal(status, SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "step 9"));
    o.first = 8; /* the last position alone is fine */
    char *page = good_practice(s, &o);
    free(page);
    sg_steps_free(s);
    /* Winning moves would show which positions are P. */
    sg_steps_opts wins = {.highlight_wins = 1};
    s = make_steps(g, 8, &wins);
    assert_null(practice(s, NULL, &status));
    assert_int_equal(status, SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "--highlight-wins"));
    sg_steps_free(s);
    sg_game_free(g);
}

/* A DOT game's names reach the data escaped, and the page's text holds no
 * name unescaped. */
static void dag_names(void **state)
{
    (void)state;
    char path[] = "/tmp/sgviz-practice-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("digraph { \"a<b\" -> \"c&d\" -> end; \"a<b\" -> \"say \\\"hi\\\"\" "
          "-> end; top -> \"a<b\" }\n", f);
    fclose(f);
    sg_game *g = sg_game_read_dot(ctx, path);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    sg_steps *s = make_steps(g, UINT64_MAX, NULL);
    char *page = good_practice(s, NULL);
    assert_null(strstr(page, "a<b"));
    char *data = page_data(page);
    /* end, c&d, say "hi", a<b, top: a<b moves to c&d and say "hi". */
    assert_non_null(strstr(data, "{\"x\": \"a\\u003cb\", \"sg\": 0, "
                                 "\"m\": [[1],[2]]"));
    assert_non_null(strstr(data, "{\"x\": \"say \\\"hi\\\"\", \"sg\": 1, "
                                 "\"m\": [[0]]"));
    free(data);
    free(page);
    sg_steps_free(s);
    sg_game_free(g);
    remove(path);
}

/* ---- moves that split a heap --------------------------------------------- */

/* Kayles (0.77): take one token or two adjacent ones from a row, which may
 * leave two rows.  The steps keep every row a move leaves, the data lists
 * them, and the pictures show every sum of two different rows N in the N
 * looks (so that a sum the student's values make N can look N) and P in
 * the P looks. */
static void split_moves(void **state)
{
    (void)state;
    sg_game *g = sg_game_from_code(ctx, "kayles", "--code");
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    sg_steps *s = make_steps(g, 12, NULL);
    /* The published values of Kayles, rows 0..12. */
    static const unsigned want[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4};
    char *page = good_practice(s, NULL);
    char *data = page_data(page);
    for (size_t n = 0; n <= 12; n++) {
        assert_int_equal(s->sg[n], want[n]);
        /* Every move, with every row it leaves: take 1 or 2, leaving a
         * and b = n - take - a rows, a = 0 .. (n - take) / 2. */
        char line[1024];
        int len = snprintf(line, sizeof line, "{\"x\": \"%zu\", \"sg\": "
                           "%u, \"m\": [", n, want[n]);
        size_t i = s->first[n];
        for (size_t take = 1; take <= 2 && take <= n; take++)
            for (size_t a = 0; a <= (n - take) / 2; a++, i++) {
                size_t b = n - take - a;
                size_t from = s->part_first[i], to = s->part_first[i + 1];
                assert_int_equal(to - from, a ? 2 : 1);
                if (a)
                    assert_int_equal(s->parts[from], a);
                assert_int_equal(s->parts[to - 1], b);
                len += a ? snprintf(line + len, sizeof line - (size_t)len,
                                    "%s[%zu,%zu]", i > s->first[n] ? "," : "",
                                    a, b)
                         : snprintf(line + len, sizeof line - (size_t)len,
                                    "%s[%zu]", i > s->first[n] ? "," : "", b);
            }
        assert_int_equal(i, s->first[n + 1]);
        snprintf(line + len, sizeof line - (size_t)len, "]");
        if (!strstr(data, line))
            fail_msg("row %zu: no %s in the data", n, line);
    }
    for (int look = 0; look < 2; look++) {
        char id[64];
        snprintf(id, sizeof id, "<template id=\"sg-%s\">", look ? "N" : "P");
        const char *start = strstr(page, id);
        assert_non_null(start);
        char *pic = strndup(start, (size_t)(strstr(start, "</template>") -
                                            start));
        /* Sums of rows a + b with 1 <= a <= b, a + b <= 10. */
        for (int a = 1; a <= 5; a++)
            for (int b = a; a + b <= 10; b++) {
                char want_class[96];
                snprintf(want_class, sizeof want_class, "<g id=\"s%d_%d\" "
                         "class=\"node sum %s\">", a, b,
                         look && a != b ? "N" : "P");
                if (!strstr(pic, want_class))
                    fail_msg("look %s: no %s", look ? "N" : "P", want_class);
            }
        free(pic);
    }
    free(data);
    free(page);
    sg_steps_free(s);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_step_encoded),
        cmocka_unit_test(no_answer_in_plain_view),
        cmocka_unit_test(looks_and_words),
        cmocka_unit_test(options),
        cmocka_unit_test(refusals),
        cmocka_unit_test(dag_names),
        cmocka_unit_test(split_moves),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
