/*
 * test_game_kind.c - a fourth kind of game, defined here and nowhere in the
 * library, driven through tables, traces, sums, checks and drawings: the
 * proof that the game interface (games/game.h) is all a kind needs.
 *
 * The halving game: a heap of x tokens; a move takes a proper divisor d of
 * x (1 <= d < x, d | x), or splits an even heap into two equal halves.  The
 * split leaves two heaps of equal value, so its value is 0, and a heap of 2
 * (take 1, or split into 1+1) shows both kinds of move at once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"

/* ---- the kind --------------------------------------------------------- */

/* What sg_game_kind_of() reports for a kind the library does not know. */
#define HALVES_KIND ((sg_game_kind)100)

static uint64_t divisors_bound(uint64_t last)
{
    /* Every d < x may divide x, and an even heap splits once more. */
    return last + 1;
}

static sg_value value_bound(const sg_game *game, uint64_t last)
{
    (void)game;
    return divisors_bound(last);
}

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    (void)game;
    return divisors_bound(last);
}

static double work(const sg_game *game, uint64_t last)
{
    (void)game;
    return (double)last * (double)last;
}

/* The split first (it takes nothing), then the divisors, ascending. */
static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    (void)game;
    if (x >= 2 && x % 2 == 0) {
        uint64_t halves[2] = {x / 2, x / 2};
        sg_moves_add_split(out, 0, halves, 2);
    }
    for (uint64_t d = 1; d < x; d++)
        if (x % d == 0)
            sg_moves_add(out, d, x - d);
}

static sg_move_shape shape(const sg_game *game)
{
    (void)game;
    return SG_SHAPE_GENERAL;
}

static uint64_t reach(const sg_game *game)
{
    (void)game;
    return 0;
}

static sg_period_rule period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_OBSERVE;
}

static void no_certificate_words(const sg_game *game, const char *lang,
                                 sg_buf *b)
{
    (void)game;
    (void)lang;
    sg_buf_puts(b, "no theorem is known for the halving game");
}

static const sg_game_ops halves_ops = {
    .name = "halves",
    .id = HALVES_KIND,
    .noun = "heap",
    .wording = SG_WORDING_SPLITS,
    .max_parts = 2,
    .takes_amounts = true,
    .value_bound = value_bound,
    .max_moves = max_moves,
    .work = work,
    .moves = moves,
    .shape = shape,
    .reach = reach,
    .period_rule = period_rule,
    .no_certificate_words = no_certificate_words,
};

static sg_game *halves_game(sg_ctx *ctx)
{
    sg_game *g = sg_alloc(ctx, 1, sizeof *g);
    assert_non_null(g);
    assert_int_equal(sg_game_init(ctx, g, &halves_ops, "halves",
                                  "the halving game"),
                     SG_OK);
    return g;
}

/* ---- its values by the definition ------------------------------------- */

/* sg(0..n), written from the rules above and nothing else. */
static unsigned *brute(unsigned n)
{
    unsigned *sg = calloc(n + 1, sizeof *sg);
    assert_non_null(sg);
    for (unsigned x = 0; x <= n; x++) {
        unsigned char seen[512] = {0};
        if (x >= 2 && x % 2 == 0)
            seen[sg[x / 2] ^ sg[x / 2]] = 1;
        for (unsigned d = 1; d < x; d++)
            if (x % d == 0 && sg[x - d] < sizeof seen)
                seen[sg[x - d]] = 1;
        unsigned m = 0;
        while (seen[m])
            m++;
        sg[x] = m;
    }
    return sg;
}

/* Runs WRITE into memory and returns what it wrote. */
typedef struct memout {
    char *text;
    size_t len;
    FILE *f;
} memout;

static FILE *mem_open(memout *m)
{
    m->text = NULL;
    m->len = 0;
    m->f = open_memstream(&m->text, &m->len);
    assert_non_null(m->f);
    return m->f;
}

static char *mem_close(memout *m)
{
    fclose(m->f);
    return m->text;
}

/* ---- every module, through the interface ------------------------------ */

static void table(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = halves_game(ctx);
    assert_int_equal(sg_game_kind_of(g), HALVES_KIND);
    unsigned *want = brute(200);
    memout m;
    sg_table_opts o = {.format = SG_TABLE_CSV};
    assert_int_equal(sg_table_write(ctx, g, 0, 200, &o, mem_open(&m)),
                     SG_OK);
    char *csv = mem_close(&m);
    char *line = strchr(csv, '\n') + 1; /* past the header */
    for (unsigned x = 0; x <= 200; x++) {
        unsigned long px, v;
        char pn;
        assert_int_equal(sscanf(line, "%lu,%lu,%c", &px, &v, &pn), 3);
        assert_int_equal(px, x);
        assert_int_equal(v, want[x]);
        assert_int_equal(pn, want[x] ? 'N' : 'P');
        line = strchr(line, '\n') + 1;
    }
    free(csv);
    free(want);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void trace(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = halves_game(ctx);
    unsigned *sg = brute(12);
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    memout m;
    assert_int_equal(sg_trace_write(ctx, tpl, g, 0, 12, mem_open(&m)),
                     SG_OK);
    char *text = mem_close(&m);
    /* Heap 6: split into 3+3, or take 1, 2 or 3. */
    char want[512];
    snprintf(want, sizeof want,
             "sg(6): split into 3+3, take 1 leaves 5, take 2 leaves 4, take "
             "3 leaves 3; mex{sg(3)\u2295sg(3), sg(5), sg(4), sg(3)} = "
             "mex{0,%u,%u,%u} = %u  (%c)\n",
             sg[5], sg[4], sg[3], sg[6], sg[6] ? 'N' : 'P');
    if (!strstr(text, want))
        fail_msg("no line \"%s\" in\n%s", want, text);
    assert_non_null(strstr(text, "the halving game: sg(x) = mex"));
    assert_non_null(strstr(text, "sg(1): no moves, a terminal position"));
    free(text);
    sg_template_free(tpl);
    free(sg);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void solve(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = halves_game(ctx);
    unsigned *sg = brute(60);
    sg_lookup *l = sg_lookup_new(ctx, g, 60);
    assert_non_null(l);
    for (uint64_t a = 0; a <= 60; a += 3) {
        for (uint64_t b = 1; b <= 60; b += 7) {
            uint64_t h[2] = {a, b};
            sg_sum *s = sg_sum_new(ctx, g, l, h, 2);
            assert_non_null(s);
            unsigned ns = sg[a] ^ sg[b];
            assert_int_equal(sg_sum_nimsum(s), ns);
            /* The winning moves, counted from the rules: a divisor that
             * leaves the right value, or the split when 0 is right. */
            size_t want = 0;
            for (int p = 0; p < 2 && ns; p++) {
                uint64_t x = h[p];
                unsigned target = sg[x] ^ ns;
                want += x >= 2 && x % 2 == 0 && target == 0;
                for (uint64_t d = 1; d < x; d++)
                    want += x % d == 0 && sg[x - d] == target;
            }
            assert_int_equal(sg_sum_move_count(s), want);
            for (size_t i = 0; i < sg_sum_move_count(s); i++) {
                const sg_sum_move *mv = sg_sum_move_at(s, i);
                size_t k;
                const uint64_t *left = sg_sum_move_left(s, i, &k);
                unsigned after = ns ^ sg[h[mv->part]];
                for (size_t j = 0; j < k; j++)
                    after ^= sg[left[j]];
                assert_int_equal(after, 0);
            }
            sg_sum_free(s);
        }
    }
    /* Lines of judges' input, answered through the same interface. */
    memout m;
    sg_batch *b = sg_batch_new(ctx, g, NULL, "stdin", mem_open(&m));
    assert_non_null(b);
    assert_int_equal(sg_batch_feed(ctx, b, "6 4\n9\n", 6), SG_OK);
    assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
    sg_batch_free(b);
    char *out = mem_close(&m);
    char want[256];
    snprintf(want, sizeof want,
             "6 4: nim-sum %u, %s player wins\n9: nim-sum %u, %s player "
             "wins\n",
             sg[6] ^ sg[4], sg[6] ^ sg[4] ? "first" : "second", sg[9],
             sg[9] ? "first" : "second");
    assert_string_equal(out, want);
    free(out);
    sg_lookup_free(l);
    free(sg);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void check(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = halves_game(ctx);
    unsigned *right = brute(16);
    /* The student's own table, with sg(4) written wrong and the rest
     * worked out from the student's values. */
    unsigned own[17];
    char text[256];
    size_t used = 0;
    for (unsigned x = 0; x <= 16; x++) {
        unsigned char seen[64] = {0};
        if (x >= 2 && x % 2 == 0)
            seen[0] = 1;
        for (unsigned d = 1; d < x; d++)
            if (x % d == 0)
                seen[own[x - d]] = 1;
        unsigned v = 0;
        while (seen[v])
            v++;
        own[x] = x == 4 ? right[4] + 1 : v;
        used += (size_t)snprintf(text + used, sizeof text - used, "%u ",
                                 own[x]);
    }
    sg_sheet_opts list = {.form = SG_SHEET_LIST};
    sg_sheet *sheet = sg_sheet_parse(ctx, g, text, used, "hw.txt", &list);
    assert_non_null(sheet);
    sg_check_opts upto16 = {.has_last = 1, .last = 16};
    sg_check *c = sg_check_new(ctx, g, sheet, &upto16);
    assert_non_null(c);
    for (uint64_t x = 0; x <= 16; x++) {
        sg_verdict v;
        sg_check_get_verdict(c, x, &v);
        assert_int_equal(v.right, right[x]);
        assert_int_equal(v.correct, own[x] == right[x]);
        if (!v.correct)
            assert_true(x == 4 ? !v.consistent
                               : v.consistent && v.cause == 4);
    }
    sg_check_summary sum;
    sg_check_get_summary(c, &sum);
    assert_int_equal(sum.slips, 1);
    assert_int_equal(sum.first_error, 4);
    /* The report words each wrong entry's mex step as a trace does. */
    memout m;
    assert_int_equal(sg_check_write_report(ctx, c, "en", SG_REPORT_TEXT,
                                           mem_open(&m)),
                     SG_OK);
    char *report = mem_close(&m);
    assert_non_null(strstr(report, "sg(4): split into 2+2, take 1 leaves 3, "
                                   "take 2 leaves 2;"));
    free(report);
    sg_check_free(c);
    sg_sheet_free(sheet);
    free(right);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void drawing(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = halves_game(ctx);
    sg_drawing *d = sg_drawing_new(ctx, g, 8, NULL);
    assert_non_null(d);
    char *svg = NULL;
    size_t len = 0;
    assert_int_equal(sg_drawing_render_data(ctx, d, "svg", &svg, &len),
                     SG_OK);
    /* Positions 0..8, the sums 1+1 .. 4+4 of the splits, and a move from
     * 8 into 4+4. */
    for (unsigned x = 0; x <= 8; x++) {
        char id[32];
        snprintf(id, sizeof id, "<g id=\"p%u\"", x);
        assert_non_null(strstr(svg, id));
    }
    assert_non_null(strstr(svg, "<g id=\"s4_4\" class=\"node sum P\""));
    assert_non_null(strstr(svg, "<g id=\"m8_s4_4\""));
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table),  cmocka_unit_test(trace),
        cmocka_unit_test(solve),  cmocka_unit_test(check),
        cmocka_unit_test(drawing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
