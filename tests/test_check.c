/*
 * test_check.c - the verdicts (correct, consistent, slips and what follows
 * from them) against a brute force written here, and the reports and
 * gradebooks built from them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

/* ---- an independent model of a student's table ------------------------ */

#define MAXN 400

typedef struct model {
    unsigned amounts[8];
    size_t k;
    size_t n;                 /* positions 0..n-1 */
    unsigned truth[MAXN];
    unsigned student[MAXN];
} model;

static unsigned mex_of(const unsigned *vals, size_t n)
{
    for (unsigned m = 0;; m++) {
        size_t i = 0;
        while (i < n && vals[i] != m)
            i++;
        if (i == n)
            return m;
    }
}

/* The mex of TABLE at the targets of x. */
static unsigned mex_at(const model *m, const unsigned *table, size_t x)
{
    unsigned vals[8];
    size_t n = 0;
    for (size_t i = 0; i < m->k; i++)
        if (m->amounts[i] <= x)
            vals[n++] = table[x - m->amounts[i]];
    return mex_of(vals, n);
}

/* Fills the truth, and a student's table that follows the student's own
 * values everywhere except at the slips SLIPS[i], where it writes
 * WRONG[i] instead. */
static void build(model *m, const size_t *slips, const unsigned *wrong,
                  size_t nslips)
{
    for (size_t x = 0; x < m->n; x++) {
        m->truth[x] = mex_at(m, m->truth, x);
        m->student[x] = mex_at(m, m->student, x);
        for (size_t i = 0; i < nslips; i++)
            if (slips[i] == x)
                m->student[x] = wrong[i];
    }
}

static char *spec_of(const model *m)
{
    static char buf[64];
    size_t o = 0;
    for (size_t i = 0; i < m->k; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%u", i ? "," : "",
                              m->amounts[i]);
    return buf;
}

/* The student's table as a bare list. */
static char *list_of(const model *m)
{
    char *text = malloc(m->n * 8 + 2);
    size_t o = 0;
    for (size_t x = 0; x < m->n; x++)
        o += (size_t)sprintf(text + o, "%u%c", m->student[x],
                             x + 1 == m->n ? '\n' : ' ');
    text[o] = '\0';
    return text;
}

static sg_check *check_text(sg_ctx *ctx, const sg_game *g, const char *text,
                            uint64_t last)
{
    sg_sheet *s = sg_sheet_parse(ctx, g, text, strlen(text), "hw.txt", NULL);
    if (!s)
        fail_msg("sheet: %s", sg_ctx_message(ctx));
    sg_check_opts o = {.has_last = last != UINT64_MAX, .last = last};
    sg_check *c = sg_check_new(ctx, g, s, &o);
    sg_sheet_free(s);
    if (!c)
        fail_msg("check: %s", sg_ctx_message(ctx));
    return c;
}

/* Compares every verdict with the model's own definitions: correct,
 * consistent, slips, the cause of each follower (found by following wrong
 * targets back, as sets of slips), and the counts of followers. */
static void compare(const model *m, const sg_check *c)
{
    bool wrong[MAXN], slip[MAXN];
    /* reach[x]: the slips a wrong consistent x leads back to, as a bit set
     * over the first 64 positions (the tests keep slips below 64). */
    uint64_t reach[MAXN];
    size_t correct = 0, consistent = 0, slips = 0;
    uint64_t first = SG_NO_POSITION;
    for (size_t x = 0; x < m->n; x++) {
        unsigned own = mex_at(m, m->student, x);
        wrong[x] = m->student[x] != m->truth[x];
        slip[x] = wrong[x] && m->student[x] != own;
        reach[x] = 0;
        if (slip[x]) {
            assert_true(x < 64);
            reach[x] = UINT64_C(1) << x;
        } else if (wrong[x]) {
            for (size_t i = 0; i < m->k; i++)
                if (m->amounts[i] <= x && wrong[x - m->amounts[i]])
                    reach[x] |= reach[x - m->amounts[i]];
        }
        sg_verdict v;
        sg_check_get_verdict(c, x, &v);
        assert_int_equal(v.x, x);
        assert_true(v.given);
        assert_int_equal(v.correct, !wrong[x]);
        assert_int_equal(v.consistent, m->student[x] == own);
        assert_int_equal(v.right, m->truth[x]);
        assert_int_equal(v.own, own);
        assert_int_equal(v.value, m->student[x]);
        correct += !wrong[x];
        consistent += m->student[x] == own;
        slips += slip[x];
        if (wrong[x] && first == SG_NO_POSITION)
            first = x;
        if (wrong[x] && !slip[x]) {
            uint64_t r = reach[x];
            uint64_t want = r && !(r & (r - 1))
                                ? (uint64_t)__builtin_ctzll(r)
                                : SG_NO_POSITION;
            assert_int_equal(v.cause, want);
        }
    }
    /* Followers of each slip, and those that come right after it. */
    for (size_t s = 0; s < m->n; s++) {
        if (!slip[s])
            continue;
        uint64_t followers = 0, next = 0;
        bool run = true;
        for (size_t x = s + 1; x < m->n; x++) {
            if (!wrong[x])
                continue;
            bool mine = !slip[x] && reach[x] == (UINT64_C(1) << s);
            followers += mine;
            if (run && mine)
                next++;
            else
                run = false;
        }
        sg_verdict v;
        sg_check_get_verdict(c, s, &v);
        assert_int_equal(v.followers, followers);
        assert_int_equal(v.followers_next, next);
    }
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.total, m->n);
    assert_int_equal(sum.correct, correct);
    assert_int_equal(sum.consistent, consistent);
    assert_int_equal(sum.slips, slips);
    assert_int_equal(sum.missing, 0);
    assert_int_equal(sum.first_error, first);
}

static char *report(sg_ctx *ctx, const sg_check *c, const char *lang,
                    sg_report_format format);

/* ---- the verdicts ------------------------------------------------------- */

static void classic_slip(void **state)
{
    (void)state;
    model m = {{1, 3, 4}, 3, 20, {0}, {0}};
    size_t at = 6;
    unsigned one = 1;
    build(&m, &at, &one, 1);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    char *text = list_of(&m);
    assert_string_equal(text, "0 1 0 1 2 3 1 0 1 0 2 3 2 1 0 1 0 2 3 2\n");
    sg_check *c = check_text(ctx, g, text, UINT64_MAX);
    compare(&m, c);
    /* The figures of the worked example's slip, by hand. */
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.correct, 12);
    assert_int_equal(sum.consistent, 19);
    assert_int_equal(sum.first_error, 6);
    sg_verdict v;
    sg_check_get_verdict(c, 6, &v);
    assert_false(v.correct);
    assert_false(v.consistent);
    assert_int_equal(v.right, 2);
    assert_int_equal(v.own, 2);
    assert_int_equal(v.followers, 7);
    assert_int_equal(v.followers_next, 7);
    static const uint64_t followers[] = {10, 11, 12, 13, 17, 18, 19};
    for (size_t i = 0; i < 7; i++) {
        sg_check_get_verdict(c, followers[i], &v);
        assert_false(v.correct);
        assert_true(v.consistent);
        assert_int_equal(v.cause, 6);
    }
    sg_check_free(c);
    free(text);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static uint64_t rng_state = 2463534242ULL;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random sets, random slips (one to three, below 64), and students who
 * then follow their own values: every verdict as the model says. */
static void random_slips(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (int round = 0; round < 300; round++) {
        model m;
        memset(&m, 0, sizeof m);
        m.n = 60 + (size_t)(rnd() % 300);
        m.k = 1 + (size_t)(rnd() % 5);
        for (size_t i = 0; i < m.k; i++) {
            unsigned a;
            bool dup;
            do {
                a = 1 + (unsigned)(rnd() % 9);
                dup = false;
                for (size_t j = 0; j < i; j++)
                    dup |= m.amounts[j] == a;
            } while (dup);
            m.amounts[i] = a;
        }
        size_t slips[3];
        unsigned wrong[3];
        size_t ns = 1 + (size_t)(rnd() % 3);
        for (size_t i = 0; i < ns; i++) {
            slips[i] = (size_t)(rnd() % 60);
            wrong[i] = (unsigned)(rnd() % 5);
        }
        build(&m, slips, wrong, ns);
        sg_game *g = sg_game_from_spec(ctx, spec_of(&m), "--set");
        assert_non_null(g);
        char *text = list_of(&m);
        sg_check *c = check_text(ctx, g, text, UINT64_MAX);
        compare(&m, c);
        sg_check_free(c);
        free(text);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* Two slips whose errors meet: the entries that depend on both follow from
 * neither alone. */
static void two_causes(void **state)
{
    (void)state;
    model m = {{1, 2}, 2, 12, {0}, {0}};
    size_t at[2] = {3, 4};
    unsigned v[2] = {1, 2};
    build(&m, at, v, 2);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,2", "--set");
    char *text = list_of(&m);
    sg_check *c = check_text(ctx, g, text, UINT64_MAX);
    compare(&m, c);
    sg_verdict ver;
    bool several = false;
    for (uint64_t x = 5; x < 12; x++) {
        sg_check_get_verdict(c, x, &ver);
        several |= !ver.correct && ver.consistent &&
                   ver.cause == SG_NO_POSITION;
    }
    assert_true(several);
    sg_check_free(c);
    free(text);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* P/N letters: P exactly when no target is marked P, by the student's own
 * letters. */
static void letters(void **state)
{
    (void)state;
    /* {1,3,4}: true P N P N N N N P N P N N N N P.  The student marks 6 as
     * P, then follows the rule with their own letters. */
    static const unsigned a[] = {1, 3, 4};
    char truth[16], student[16];
    for (size_t x = 0; x < 15; x++) {
        bool tp = true, sp = true;
        for (size_t i = 0; i < 3; i++) {
            if (a[i] <= x) {
                tp &= truth[x - a[i]] != 'P';
                sp &= student[x - a[i]] != 'P';
            }
        }
        truth[x] = tp ? 'P' : 'N';
        student[x] = x == 6 ? 'P' : sp ? 'P' : 'N';
    }
    truth[15] = student[15] = '\0';
    assert_string_equal(truth, "PNPNNNNPNPNNNNP");
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_check *c = check_text(ctx, g, student, UINT64_MAX);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    size_t correct = 0;
    for (uint64_t x = 0; x < 15; x++) {
        sg_verdict v;
        sg_check_get_verdict(c, x, &v);
        assert_false(v.has_value);
        assert_int_equal(v.pn, student[x]);
        assert_int_equal(v.correct, student[x] == truth[x]);
        correct += student[x] == truth[x];
        /* Consistent everywhere but at the slip. */
        assert_int_equal(v.consistent, x != 6);
        if (x > 6 && student[x] != truth[x])
            assert_int_equal(v.cause, 6);
    }
    assert_int_equal(sum.correct, correct);
    assert_int_equal(sum.slips, 1);
    assert_int_equal(sum.first_error, 6);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A letter written beside a value must be right too, and agree with the
 * student's own value. */
static void values_with_letters(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_check *c = check_text(ctx, g, "x 0 1 2 3\nsg 0 1 0 1\nP/N P N P P\n",
                             UINT64_MAX);
    sg_verdict v;
    sg_check_get_verdict(c, 3, &v);
    assert_false(v.correct);
    assert_false(v.consistent);
    assert_int_equal(v.value, 1);
    assert_int_equal(v.pn, 'P');
    sg_check_get_verdict(c, 2, &v);
    assert_true(v.correct);
    assert_true(v.consistent);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Missing entries are wrong, and missing targets count with their true
 * values. */
static void missing(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    /* x = 3..8 right; 0..2 left out; -n 10 asks for 9 and 10 too. */
    sg_check *c = check_text(ctx, g, "3 1\n4 2\n5 3\n6 2\n7 0\n8 1\n", 10);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.total, 11);
    assert_int_equal(sum.correct, 6);
    assert_int_equal(sum.consistent, 6);
    assert_int_equal(sum.missing, 5);
    assert_int_equal(sum.first_error, 0);
    assert_int_equal(sum.slips, 0);
    sg_verdict v;
    sg_check_get_verdict(c, 3, &v);
    assert_true(v.correct);
    assert_true(v.consistent);
    sg_check_get_verdict(c, 9, &v);
    assert_false(v.given);
    assert_false(v.correct);
    assert_false(v.consistent);
    assert_int_equal(v.right, 0);
    /* The text names each run of missing positions once. */
    char *t = report(ctx, c, "en", SG_REPORT_TEXT);
    assert_non_null(strstr(t, "\nx = 0..2: no entries (3 positions)\n"));
    assert_non_null(strstr(t, "\nx = 9..10: no entries (2 positions)\n"));
    assert_null(strstr(t, "sg(9)"));
    free(t);
    sg_check_free(c);
    /* With a wrong entry beside the gap-free window: 4 written as 1 is a
     * slip judged against the true sg(3), sg(1), sg(0) = 1, 1, 0. */
    c = check_text(ctx, g, "3 1\n4 1\n", UINT64_MAX);
    sg_check_get_verdict(c, 4, &v);
    assert_false(v.correct);
    assert_false(v.consistent);
    assert_int_equal(v.own, 2);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

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
    assert_non_null(g);
    return g;
}

static void dag(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = dag_game(ctx);
    /* True: c 0, b 1, a 2, d 0.  b written as 0 is a slip; a = 1 follows
     * from it (mex{0,0}); d = 0 follows from a (mex{1}) and is right. */
    sg_check *c = check_text(ctx, g, "c 0\nb 0\na 1\nd 0\n", UINT64_MAX);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.total, 4);
    assert_int_equal(sum.correct, 2);
    assert_int_equal(sum.consistent, 3);
    uint64_t a, b;
    assert_int_equal(sg_game_find_position(ctx, g, "a", "test", &a), SG_OK);
    assert_int_equal(sg_game_find_position(ctx, g, "b", "test", &b), SG_OK);
    assert_int_equal(sum.first_error, b);
    sg_verdict v;
    sg_check_get_verdict(c, a, &v);
    assert_false(v.correct);
    assert_true(v.consistent);
    assert_int_equal(v.cause, b);
    sg_check_get_verdict(c, b, &v);
    assert_int_equal(v.followers, 1);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- reports ------------------------------------------------------------ */

static char *report(sg_ctx *ctx, const sg_check *c, const char *lang,
                    sg_report_format format)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(sg_check_write_report(ctx, c, lang, format, f), SG_OK);
    fclose(f);
    return text;
}

static bool has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
            return true;
    return false;
}

static void text_report(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_check *c = check_text(ctx, g, "x 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 "
                             "16 17 18 19\nsg 0 1 0 1 2 3 1 0 1 0 2 3 2 1 0 1 "
                             "0 2 3 2\n", UINT64_MAX);
    char *t = report(ctx, c, "en", SG_REPORT_TEXT);
    static const char *const lines[] = {
        "hw.txt: S = {1,3,4}, x = 0..19",
        "x = 6: you wrote 1, the right value is 2",
        "    sg(6): 6-{1,3,4} -> {5,3,2}; mex{sg(5),sg(3),sg(2)} = mex{3,1,0} "
        "= 2  (N)",
        "    your own values give mex{3,1,0} = 2 here: the error starts at "
        "this entry",
        "    the next 7 wrong entries follow correctly from your sg(6) = 1",
        "x = 10: you wrote 2, the right value is 1",
        "    it follows correctly from your own values: mex{0,0,1} = 2",
        "12/20 correct, first error at x = 6",
        "19/20 consistent with your own answers"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        if (!has_line(t, lines[i]))
            fail_msg("no line \"%s\" in:\n%s", lines[i], t);
    /* Right entries are not listed. */
    assert_null(strstr(t, "x = 7:"));
    free(t);
    t = report(ctx, c, "zh", SG_REPORT_TEXT);
    assert_true(has_line(t, "    x=6 时，可以取走6-f{1,3,4}个石子，剩余{5,3,2}个，"
                            "所以 SG[6] = mex{SG[5],SG[3],SG[2]} = "
                            "mex{3,1,0} = 2;"));
    assert_true(has_line(t, "12/20 正确，第一个错误在 x=6"));
    free(t);
    t = report(ctx, c, "en", SG_REPORT_JSON);
    assert_non_null(strstr(t, "\"total\": 20, \"correct\": 12, "
                              "\"consistent\": 19, \"missing\": 0, "
                              "\"slips\": 1, \"contradictions\": 0, "
                              "\"steps\": 0, \"steps_right\": 0, "
                              "\"answers\": 0, \"answers_right\": 0, "
                              "\"beyond\": 0, \"first_error\": 6"));
    assert_non_null(strstr(t, "{\"x\": 10, \"given\": 2, \"right\": 1, "
                              "\"own\": 2, \"correct\": false, "
                              "\"consistent\": true, \"follows_from\": 6"));
    free(t);
    t = report(ctx, c, "en", SG_REPORT_CSV);
    assert_true(has_line(t, "6,1,2,2,no,no,yes,,no,"));
    assert_true(has_line(t, "10,2,1,2,no,yes,no,6,no,"));
    assert_true(has_line(t, "7,0,0,0,yes,yes,no,,no,"));
    size_t rows = 0;
    for (const char *p = t; *p; p++)
        rows += *p == '\n';
    assert_int_equal(rows, 21);
    free(t);
    FILE *f = tmpfile();
    assert_int_equal(sg_check_write_report(ctx, c, "fr", SG_REPORT_TEXT, f),
                     SG_EINPUT);
    fclose(f);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void all_right_report(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "pow2", "--set");
    /* sg(x) = x mod 3 for the powers of two. */
    char text[400];
    size_t o = 0;
    for (unsigned x = 0; x <= 90; x++)
        o += (size_t)sprintf(text + o, "%u ", x % 3);
    sg_check *c = check_text(ctx, g, text, UINT64_MAX);
    char *t = report(ctx, c, "en", SG_REPORT_TEXT);
    assert_string_equal(t, "hw.txt: S = {1,2,4,8,...} (powers of two), x = "
                           "0..90\n\n91/91 correct\n91/91 consistent with your "
                           "own answers\n");
    free(t);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void gradebook(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_check *right = check_text(ctx, g, "0 1 0 1 2 3 2 0 1\n", UINT64_MAX);
    sg_check *slip = check_text(ctx, g, "0 1 0 1 2 3 1 0 1\n", UINT64_MAX);
    static const sg_report_format formats[] = {SG_REPORT_TEXT, SG_REPORT_CSV,
                                               SG_REPORT_JSON};
    char *out[3];
    for (int i = 0; i < 3; i++) {
        size_t len;
        FILE *f = open_memstream(&out[i], &len);
        sg_gradebook_opts go = {.lang = "en", .format = formats[i],
                                .n_from_sheets = 1};
        sg_gradebook *b = sg_gradebook_new(ctx, g, &go, f);
        assert_non_null(b);
        assert_int_equal(sg_gradebook_add(b, "alice.txt", NULL, NULL, right,
                                          NULL),
                         SG_OK);
        assert_int_equal(sg_gradebook_add(b, "bob.txt", "Bob Li", "2021002",
                                          slip, NULL),
                         SG_OK);
        assert_int_equal(sg_gradebook_add(b, "carol.txt", NULL, NULL, NULL,
                                          "carol.txt:1:3: \"x\" is not a "
                                          "number"),
                         SG_OK);
        assert_int_equal(sg_gradebook_finish(b), SG_OK);
        sg_gradebook_free(b);
        fclose(f);
    }
    assert_string_equal(out[0],
                        "S = {1,3,4}\n"
                        "student           correct  consistent  first error\n"
                        "alice.txt         9/9      9/9         -\n"
                        "Bob Li (2021002)  8/9      8/9         x = 6\n"
                        "carol.txt         unreadable: carol.txt:1:3: \"x\" is "
                        "not a number\n"
                        "3 files: 1 all correct, 1 with errors, 1 unreadable\n"
                        "N = 8, the largest x in any sheet (no -n given): "
                        "x = 0..8 checked in every sheet\n"
                        "scores (correct answers of 9):\n"
                        "     0-9%\n   10-19%\n   20-29%\n   30-39%\n"
                        "   40-49%\n   50-59%\n   60-69%\n   70-79%\n"
                        "   80-89%  # 1\n   90-99%\n     100%  # 1\n"
                        "first wrong most often: x = 6 (1)\n");
    assert_string_equal(out[1],
                        "file,student,id,readable,total,correct,consistent,"
                        "missing,slips,contradictions,steps,steps_right,"
                        "answers,answers_right,beyond,first_error,last_x,"
                        "points,max_points,hints,error\n"
                        "alice.txt,,,yes,9,9,9,0,0,0,0,0,0,0,0,,8,,,,\n"
                        "bob.txt,Bob Li,2021002,yes,9,8,8,0,1,0,0,0,0,0,0,6,"
                        "8,,,,\n"
                        "carol.txt,,,no,,,,,,,,,,,,,,,,,\"carol.txt:1:3: "
                        "\"\"x\"\" is not a number\"\n");
    assert_string_equal(out[2],
                        "{\"game\": \"S = {1,3,4}\", \"set\": \"1,3,4\", "
                        "\"n\": 8, \"n_from\": \"sheets\", \"files\": [\n"
                        "{\"file\": \"alice.txt\", \"readable\": true, "
                        "\"total\": 9, \"correct\": 9, \"consistent\": 9, "
                        "\"missing\": 0, \"slips\": 0, \"contradictions\": 0, "
                        "\"steps\": 0, \"steps_right\": 0, \"answers\": 0, "
                        "\"answers_right\": 0, \"beyond\": 0, "
                        "\"first_error\": null, \"last_x\": 8, "
                        "\"hints\": []},\n"
                        "{\"file\": \"bob.txt\", \"student\": \"Bob Li\", "
                        "\"student_id\": \"2021002\", \"readable\": true, "
                        "\"total\": 9, \"correct\": 8, \"consistent\": 8, "
                        "\"missing\": 0, \"slips\": 1, \"contradictions\": 0, "
                        "\"steps\": 0, \"steps_right\": 0, \"answers\": 0, "
                        "\"answers_right\": 0, \"beyond\": 0, "
                        "\"first_error\": 6, \"last_x\": 8, \"hints\": []},\n"
                        "{\"file\": \"carol.txt\", \"readable\": false, "
                        "\"error\": \"carol.txt:1:3: \\\"x\\\" is not a "
                        "number\"}\n], \"histogram\": [0, 0, 0, 0, 0, 0, 0, 0, "
                        "1, 0, 1], \"first_wrong\": [{\"x\": 6, "
                        "\"count\": 1}]}\n");
    for (int i = 0; i < 3; i++)
        free(out[i]);
    sg_gradebook_opts fr = {.lang = "fr", .format = SG_REPORT_TEXT};
    assert_null(sg_gradebook_new(ctx, g, &fr, stdout));
    sg_report_format f;
    assert_int_equal(sg_report_format_parse(ctx, "json", &f), SG_OK);
    assert_int_equal(f, SG_REPORT_JSON);
    assert_int_equal(sg_report_format_parse(ctx, "xml", &f), SG_EINPUT);
    sg_check_free(right);
    sg_check_free(slip);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void range_errors(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_sheet *s = sg_sheet_parse(ctx, g, "0 1 0 1\n", 8, "hw.txt", NULL);
    assert_non_null(s);
    /* An N below the sheet's entries sets them aside; one beyond the
     * bound is refused. */
    sg_check_opts o = {.has_last = 1, .last = 2};
    sg_check *c = sg_check_new(ctx, g, s, &o);
    assert_non_null(c);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.total, 3);
    assert_int_equal(sum.correct, 3);
    assert_int_equal(sum.beyond, 1);
    assert_int_equal(sum.last_in_sheet, 3);
    sg_check_free(c);
    o.last = SG_SHEET_MAX_POSITIONS;
    assert_null(sg_check_new(ctx, g, s, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    sg_sheet_free(s);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- what else a sheet holds -------------------------------------------- */

/* A written mex step for x of the model's truth, with one part changed:
 * MISTAKE 0 none, 1 a target left out, 2 a value copied wrong, 3 the mex
 * taken wrong.  Appends "sg(x) = mex{sg(t),...} = mex{v,...} = r". */
static void write_step(const model *m, size_t x, int mistake, char *buf,
                       size_t size)
{
    size_t o = (size_t)snprintf(buf, size, "sg(%zu) = mex{", x);
    unsigned vals[8];
    size_t n = 0;
    for (size_t i = 0; i < m->k; i++) {
        if (m->amounts[i] > x)
            continue;
        if (mistake == 1 && n == 0 && i + 1 < m->k &&
            m->amounts[i + 1] <= x) {
            mistake = -1; /* leave the first target out */
            continue;
        }
        o += (size_t)snprintf(buf + o, size - o, "%ssg(%zu)", n ? ", " : "",
                              x - m->amounts[i]);
        vals[n++] = m->truth[x - m->amounts[i]];
    }
    if (mistake == 2 && n)
        vals[0] += 7;
    o += (size_t)snprintf(buf + o, size - o, "} = mex{");
    for (size_t i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, size - o, "%s%u", i ? ", " : "",
                              vals[i]);
    unsigned r = mex_of(vals, n);
    if (mistake == 3)
        r += 1;
    snprintf(buf + o, size - o, "} = %u\n", mistake < 0 || mistake == 2
                                                ? m->truth[x] : r);
}

/* Steps with one mistake each, at places spread over the table: every step
 * flagged exactly when it was given a mistake, against the model's truth.
 * The mistakes planted keep the table's values right (a mex taken wrong
 * would change the value, and every later step that copies the truth
 * would then rightly be flagged too; the report test below has one). */
static void steps(void **state)
{
    (void)state;
    model m = {{1, 3, 4}, 3, 30, {0}, {0}};
    build(&m, NULL, NULL, 0);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    for (int round = 0; round < 40; round++) {
        char *text = malloc(m.n * 160);
        size_t o = 0;
        int mistake[MAXN];
        size_t wrong = 0;
        for (size_t x = 0; x < m.n; x++) {
            mistake[x] = x >= 5 && (x * 7 + (size_t)round) % 5 == 0
                             ? 1 + (int)((x + (size_t)round) % 2) : 0;
            wrong += mistake[x] != 0;
            write_step(&m, x, mistake[x], text + o, 160);
            o += strlen(text + o);
        }
        sg_check *c = check_text(ctx, g, text, UINT64_MAX);
        sg_check_summary sum;
        sg_check_get_summary(c, &sum);
        assert_int_equal(sum.steps, m.n);
        assert_int_equal(sum.steps_right, m.n - wrong);
        for (size_t x = 0; x < m.n; x++) {
            sg_verdict v;
            sg_check_get_verdict(c, x, &v);
            assert_true(v.has_step);
            if (v.step_right != !mistake[x])
                fail_msg("round %d, x = %zu, mistake %d:\n%s", round, x,
                         mistake[x], text);
        }
        sg_check_free(c);
        free(text);
    }
    /* Each kind of mistake in the report's words. */
    static const char *const lines[] = {
        "    your step: the moves of 6 reach {5,3,2}; you wrote {3,2}",
        "    your step uses 10 for sg(5), but your table has sg(5) = 3",
        "    your step: mex{3,1,0} is 2, not 3"};
    for (int k = 1; k <= 3; k++) {
        char text[4096];
        size_t o = 0;
        for (size_t x = 0; x <= 8; x++) {
            write_step(&m, x, x == 6 ? k : 0, text + o, sizeof text - o);
            o += strlen(text + o);
        }
        sg_check *c = check_text(ctx, g, text, UINT64_MAX);
        char *t = report(ctx, c, "en", SG_REPORT_TEXT);
        if (!has_line(t, lines[k - 1]))
            fail_msg("mistake %d: no line \"%s\" in:\n%s", k, lines[k - 1], t);
        free(t);
        sg_check_free(c);
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Letters that contradict their values, and entries beyond N. */
static void contradictions_and_beyond(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_check *c = check_text(ctx, g, "x,sg,pn\n0,0,N\n1,1,N\n2,0,P\n3,1,P\n"
                             "4,2,N\n5,3,N\n6,2,N\n7,0,P\n8,1,N\n", 6);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.total, 7);
    assert_int_equal(sum.contradictions, 2);
    assert_int_equal(sum.correct, 5);
    assert_int_equal(sum.beyond, 2);
    sg_verdict v;
    sg_check_get_verdict(c, 0, &v);
    assert_true(v.contradicts && !v.correct && v.value == 0);
    char *t = report(ctx, c, "en", SG_REPORT_TEXT);
    assert_true(has_line(t, "    your letter N contradicts your own value 0: "
                            "sg = 0 is a P-position"));
    assert_true(has_line(t, "    your letter P contradicts your own value 1: "
                            "sg > 0 is an N-position"));
    assert_true(has_line(t, "x = 7..8: beyond the question (N = 6), not "
                            "graded"));
    free(t);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Lists of P-positions against the truth: alone, and beside a table. */
static void position_lists(void **state)
{
    (void)state;
    model m = {{2, 5, 7}, 3, 40, {0}, {0}};
    build(&m, NULL, NULL, 0);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "2,5,7", "--set");
    /* The true P-positions, one left out and one added. */
    char list[512];
    size_t o = (size_t)snprintf(list, sizeof list, "P-positions: ");
    size_t left_out = SIZE_MAX, ps = 0;
    for (size_t x = 0; x < m.n; x++) {
        if (m.truth[x] != 0)
            continue;
        if (++ps == 3) {
            left_out = x;
            continue;
        }
        o += (size_t)snprintf(list + o, sizeof list - o, "%zu, ", x);
    }
    size_t added = 1; /* sg(1) = 0 for {2,5,7}?  Find an N-position. */
    while (m.truth[added] == 0)
        added++;
    snprintf(list + o, sizeof list - o, "%zu\n", added);
    sg_check *c = check_text(ctx, g, list, m.n - 1);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.total, m.n);
    assert_int_equal(sum.correct, m.n - 2);
    sg_verdict v;
    sg_check_get_verdict(c, left_out, &v);
    assert_false(v.correct);
    assert_int_equal(v.pn, 'N');
    char *t = report(ctx, c, "en", SG_REPORT_TEXT);
    char want[96];
    snprintf(want, sizeof want, "x = %zu: not in your list of P-positions, "
             "but sg(%zu) = 0", left_out, left_out);
    assert_true(has_line(t, want));
    free(t);
    sg_check_free(c);
    /* Beside a right table: the list is a wrong answer of its own. */
    char *table = list_of(&m);
    char *both = malloc(strlen(table) + strlen(list) + 1);
    strcpy(both, table);
    strcat(both, list);
    for (size_t x = 0; x < m.n; x++)
        m.student[x] = m.truth[x];
    c = check_text(ctx, g, both, UINT64_MAX);
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.answers, 1);
    assert_int_equal(sum.answers_right, 0);
    sg_check_free(c);
    free(both);
    free(table);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Answers about sums against a brute force: the winner from the XOR of
 * the model's values, and a move that wins when it is a move of the game
 * and leaves XOR 0. */
static void sums(void **state)
{
    (void)state;
    model m = {{1, 3, 4}, 3, 40, {0}, {0}};
    build(&m, NULL, NULL, 0);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    uint64_t seed = 12345;
    for (int round = 0; round < 200; round++) {
        unsigned h[3];
        for (int i = 0; i < 3; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            h[i] = (unsigned)(seed >> 33) % 40;
        }
        unsigned x = m.truth[h[0]] ^ m.truth[h[1]] ^ m.truth[h[2]];
        bool says_first = (seed >> 20) & 1;
        unsigned from = h[(seed >> 24) % 3];
        unsigned take = (unsigned)((seed >> 28) % 5);
        if (take > from)
            take = from;
        unsigned to = from - take;
        /* The brute force: is the move one of the game's, and does it
         * leave XOR 0? */
        bool legal = take == 1 || take == 3 || take == 4;
        bool wins = legal && (x ^ m.truth[from] ^ m.truth[to]) == 0;
        bool right = says_first == (x != 0) &&
                     (x != 0 ? wins : false);
        char text[160];
        snprintf(text, sizeof text, "%u+%u+%u: the %s player wins, %u -> %u\n",
                 h[0], h[1], h[2], says_first ? "first" : "second", from,
                 to);
        sg_check *c = check_text(ctx, g, text, UINT64_MAX);
        sg_check_summary sum;
        sg_check_get_summary(c, &sum);
        assert_int_equal(sum.answers, 1);
        if (sum.answers_right != right)
            fail_msg("%s XOR %u, legal %d, wins %d", text, x, legal, wins);
        sg_check_free(c);
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Hints about the whole table, each against a table built to need it. */
static void hints(void **state)
{
    (void)state;
    model m = {{1, 3, 4}, 3, 30, {0}, {0}};
    build(&m, NULL, NULL, 0);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    char text[1024];
    /* Shifted: the values of x = 1..30 written from x = 0. */
    size_t o = 0;
    for (size_t x = 1; x < m.n; x++)
        o += (size_t)snprintf(text + o, sizeof text - o, "%u ", m.truth[x]);
    sg_check *c = check_text(ctx, g, text, UINT64_MAX);
    char *t = report(ctx, c, "en", SG_REPORT_TEXT);
    assert_non_null(strstr(t, "hint: your values are shifted by one: your "
                              "list starts at x = 1"));
    free(t);
    sg_check_free(c);
    /* Another game: S = {1,2} gives x mod 3, the powers of two too; the
     * smaller game is named. */
    o = 0;
    for (size_t x = 0; x < 20; x++)
        o += (size_t)snprintf(text + o, sizeof text - o, "%zu ", x % 3);
    c = check_text(ctx, g, text, UINT64_MAX);
    t = report(ctx, c, "en", SG_REPORT_TEXT);
    assert_non_null(strstr(t, "hint: these are the values of S = {1,2} "));
    free(t);
    sg_check_free(c);
    /* P and N swapped. */
    o = 0;
    for (size_t x = 0; x < 12; x++)
        o += (size_t)snprintf(text + o, sizeof text - o, "%c ",
                              m.truth[x] ? 'P' : 'N');
    c = check_text(ctx, g, text, UINT64_MAX);
    t = report(ctx, c, "zh", SG_REPORT_TEXT);
    assert_non_null(strstr(t, "提示：P 和 N 全部写反了（12 个中 12 个）"));
    free(t);
    sg_check_free(c);
    /* A table that is right gets no hint, though other games agree with
     * its first entries. */
    c = check_text(ctx, g, "0 1 0 1 2 3\n", UINT64_MAX);
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.hints, 0);
    sg_check_free(c);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Points: the grade of a table with one slip, against the model's counts
 * of right values and consistent entries. */
static void points(void **state)
{
    (void)state;
    model m = {{1, 3, 4}, 3, 21, {0}, {0}};
    size_t at = 6;
    unsigned one = 1;
    build(&m, &at, &one, 1);
    size_t right = 0, consistent = 0, pn = 0;
    for (size_t x = 0; x < m.n; x++) {
        right += m.student[x] == m.truth[x];
        consistent += m.student[x] == mex_at(&m, m.student, x);
        pn += (m.student[x] == 0) == (m.truth[x] == 0);
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    char *text = list_of(&m);
    sg_check *c = check_text(ctx, g, text, UINT64_MAX);
    sg_points p;
    assert_int_equal(sg_points_parse(ctx, "value=1,method=1,pn=0.5", &p),
                     SG_OK);
    double earned, max;
    sg_check_points(c, &p, &earned, &max);
    assert_true(fabs(earned - (double)(right + consistent) - 0.5 * (double)pn)
                < 1e-9);
    assert_true(fabs(max - 2.5 * (double)m.n) < 1e-9);
    assert_int_equal(sg_points_parse(ctx, "value=2,out-of=10", &p), SG_OK);
    sg_check_points(c, &p, &earned, &max);
    assert_true(fabs(earned - 10.0 * (double)right / (double)m.n) < 1e-9);
    assert_true(fabs(max - 10) < 1e-9);
    sg_check_free(c);
    /* A sheet of letters alone answers no value: its maximum is still that
     * of the question, so that it is not graded as complete. */
    c = check_text(ctx, g, "P N P N N N N\n", UINT64_MAX);
    assert_int_equal(sg_points_parse(ctx, "value=1,pn=0.5", &p), SG_OK);
    sg_check_points(c, &p, &earned, &max);
    assert_true(fabs(max - 1.5 * 7) < 1e-9);
    /* The truth is P N P N N N N: every letter right, no value given. */
    assert_true(fabs(earned - 0.5 * 7) < 1e-9);
    assert_int_equal(sg_points_parse(ctx, "value", &p), SG_EINPUT);
    assert_int_equal(sg_points_parse(ctx, "bonus=1", &p), SG_EINPUT);
    assert_int_equal(sg_points_parse(ctx, "value=x", &p), SG_EINPUT);
    sg_check_free(c);
    free(text);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Students' names as learning platforms write folders and files. */
static void student_names(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int is_file;
        const char *student, *id;
    } cases[] = {
        {"Anna Schmidt_100201_assignsubmission_file_", 0, "Anna Schmidt",
         "100201"},
        {"Anna Schmidt_100201_assignsubmission_onlinetext_", 0,
         "Anna Schmidt", "100201"},
        {"schmidtanna_100201_7890123_hw3.txt", 1, "schmidtanna", "100201"},
        {"schmidtanna_late_100201_7890123_hw3-1.txt", 1, "schmidtanna",
         "100201"},
        {"Homework 3_aschmidt_attempt_2024-03-01-10-00-00_hw3.txt", 1,
         "aschmidt", "aschmidt"},
        {"2021001_张三", 0, "张三", "2021001"},
        {"张三-2021001", 0, "张三", "2021001"},
        {"Schmidt, Anna (12345)", 0, "Schmidt, Anna", "12345"},
        {"Anna Schmidt", 0, "Anna Schmidt", NULL},
        {"answers.txt", 1, NULL, NULL},
    };
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_student st;
        assert_int_equal(sg_student_from_name(ctx, cases[i].name,
                                              cases[i].is_file, &st),
                         SG_OK);
        if ((cases[i].student == NULL) != (st.name == NULL) ||
            (st.name && strcmp(st.name, cases[i].student) != 0) ||
            (cases[i].id == NULL) != (st.id == NULL) ||
            (st.id && strcmp(st.id, cases[i].id) != 0))
            fail_msg("%s: name \"%s\", id \"%s\"", cases[i].name,
                     st.name ? st.name : "(none)", st.id ? st.id : "(none)");
        sg_student_clear(&st);
    }
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_slip),
        cmocka_unit_test(random_slips),
        cmocka_unit_test(two_causes),
        cmocka_unit_test(letters),
        cmocka_unit_test(values_with_letters),
        cmocka_unit_test(missing),
        cmocka_unit_test(dag),
        cmocka_unit_test(text_report),
        cmocka_unit_test(all_right_report),
        cmocka_unit_test(gradebook),
        cmocka_unit_test(range_errors),
        cmocka_unit_test(steps),
        cmocka_unit_test(contradictions_and_beyond),
        cmocka_unit_test(position_lists),
        cmocka_unit_test(sums),
        cmocka_unit_test(hints),
        cmocka_unit_test(points),
        cmocka_unit_test(student_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
