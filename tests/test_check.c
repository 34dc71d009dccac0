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
    sg_check_opts o = {last != UINT64_MAX, last, NULL, 0};
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
        sg_gradebook_opts go = {"en", formats[i], NULL, 1};
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
    sg_gradebook_opts fr = {"fr", SG_REPORT_TEXT, NULL, 0};
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
    sg_check_opts o = {1, 2, NULL, 0};
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
