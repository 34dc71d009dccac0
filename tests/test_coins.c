/*
 * test_coins.c - coin-turning games against a brute force of the game's own
 * definition, written here: a row of coins is a bitmask, a move turns over
 * an allowed set whose rightmost coin is heads, and the value of a row is
 * the mex over every such move.  The library answers rows through the
 * theorem (the nim-sum of the single heads' values) and the closed forms;
 * the tests check both against the brute force, and the closed forms
 * against the published sequences (the odious numbers, the ruler
 * function).
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

/* ---- the brute force -------------------------------------------------- */

/* The sets a rule turns: at most MOST coins (exactly MOST with EXACT), or
 * runs of consecutive coins of at most MOST (0: any length) with RUN. */
typedef struct brule {
    const char *name;
    int most;
    bool exact, run;
} brule;

/* Rows of up to ROW_COINS coins: bit i is coin i + 1, set for heads. */
#define ROW_COINS 12
#define ROWS (1u << ROW_COINS)

static int popcount(unsigned x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

/* Whether the set SET (rightmost coin R, a bit index) is one RULE turns. */
static bool allowed(const brule *r, unsigned set, int right)
{
    int k = popcount(set);
    if (r->run) {
        /* Consecutive: the set is the bits right-k+1 .. right. */
        unsigned want = ((1u << k) - 1) << (right - k + 1);
        return set == want && (r->most == 0 || k <= r->most);
    }
    return r->exact ? k == r->most : k >= 1 && k <= r->most;
}

/* sg of every row of ROW_COINS coins, in a new array indexed by bitmask:
 * each row's options are the rows its moves leave, each smaller than it
 * (the rightmost turned coin goes from heads to tails). */
static unsigned *brute_rows(const brule *r)
{
    unsigned *sg = calloc(ROWS, sizeof *sg);
    bool *seen = calloc(ROWS + 1, sizeof *seen);
    assert_non_null(sg);
    assert_non_null(seen);
    for (unsigned row = 1; row < ROWS; row++) {
        memset(seen, 0, (ROWS + 1) * sizeof *seen);
        for (int right = 0; right < ROW_COINS; right++) {
            if (!(row >> right & 1))
                continue;
            /* Every set whose highest bit is RIGHT. */
            unsigned below = 1u << right;
            for (unsigned low = 0; low < below; low++) {
                unsigned set = below | low;
                if (allowed(r, set, right))
                    seen[sg[row ^ set]] = true;
            }
        }
        unsigned m = 0;
        while (seen[m])
            m++;
        sg[row] = m;
    }
    free(seen);
    return sg;
}

/* The row of bitmask ROW written with H and T, NCOINS long. */
static void row_text(unsigned row, int ncoins, char *out)
{
    for (int i = 0; i < ncoins; i++)
        out[i] = row >> i & 1 ? 'H' : 'T';
    out[ncoins] = '\0';
}

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

static const brule rules[] = {
    {"turtles", 2, false, false},
    {"mock-turtles", 3, false, false},
    {"ruler", 0, false, true},
    {"twins", 2, true, false},
    {"ruler-1", 1, false, true},
    {"ruler-3", 3, false, true},
    {"ruler-5", 5, false, true},
};

/* The value the library gives the row TEXT: the nim-sum of its heads. */
static sg_value library_row(const sg_game *game, const char *text)
{
    uint64_t *parts = NULL;
    size_t n = 0;
    assert_int_equal(sg_sum_parse_parts(ctx, game, text, "row", &parts, &n),
                     SG_OK);
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        largest = parts[i] > largest ? parts[i] : largest;
    sg_lookup *l = sg_lookup_new(ctx, game, largest);
    assert_non_null(l);
    sg_value v = sg_nim_sum(l, parts, n);
    sg_lookup_free(l);
    free(parts);
    return v;
}

/* Every row of up to ROW_COINS coins: the library's value (the theorem and
 * the closed form, or the single values' mex) is the brute force's. */
static void rows_match_brute_force(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        unsigned *sg = brute_rows(&rules[i]);
        sg_game *game = sg_game_from_coins(ctx, rules[i].name, "test");
        assert_non_null(game);
        for (unsigned row = 0; row < ROWS; row++) {
            char text[ROW_COINS + 1];
            row_text(row, ROW_COINS, text);
            if (library_row(game, text) != sg[row])
                fail_msg("%s: row %s: library %llu, brute force %u",
                         rules[i].name, text,
                         (unsigned long long)library_row(game, text),
                         sg[row]);
        }
        sg_game_free(game);
        free(sg);
    }
}

/* Collects the values the engine finds by the mex of the listed moves. */
static int keep_step(void *user, const sg_step *s)
{
    sg_value *v = user;
    v[s->x] = s->sg;
    return 0;
}

/* The engine's mex over the kind's moves of single heads agrees with the
 * closed form the kind answers from (so the moves and the theorem are two
 * computations), and both with the brute force's single heads. */
static void moves_agree_with_closed_form(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        unsigned *sg = brute_rows(&rules[i]);
        sg_game *game = sg_game_from_coins(ctx, rules[i].name, "test");
        assert_non_null(game);
        enum { LAST = 40 };
        sg_value by_moves[LAST + 1];
        sg_compute_opts o = {.with_moves = 1, .on_step = keep_step, .user = by_moves};
        assert_int_equal(sg_compute(ctx, game, LAST, &o, NULL), SG_OK);
        sg_lookup *l = sg_lookup_new(ctx, game, LAST);
        assert_non_null(l);
        for (uint64_t n = 0; n <= LAST; n++) {
            assert_int_equal(by_moves[n], sg_lookup_get(l, n));
            if (n >= 1 && n <= ROW_COINS)
                assert_int_equal(by_moves[n], sg[1u << (n - 1)]);
        }
        sg_lookup_free(l);
        sg_game_free(game);
        free(sg);
    }
}

/* The published sequences: Mock Turtles' single heads are the odious
 * numbers (OEIS A000069), Ruler's the ruler function (A006519), Turtles'
 * n itself. */
static void published_values(void **state)
{
    (void)state;
    static const unsigned odious[] = {1,  2,  4,  7,  8,  11, 13, 14, 16, 19,
                                      21, 22, 25, 26, 28, 31, 32, 35, 37, 38};
    static const unsigned ruler[] = {1, 2, 1, 4, 1, 2, 1, 8, 1, 2,
                                     1, 4, 1, 2, 1, 16, 1, 2, 1, 4};
    const char *names[] = {"mock-turtles", "ruler", "turtles"};
    for (int r = 0; r < 3; r++) {
        sg_game *game = sg_game_from_coins(ctx, names[r], "test");
        assert_non_null(game);
        sg_lookup *l = sg_lookup_new(ctx, game, 20);
        assert_non_null(l);
        for (uint64_t n = 1; n <= 20; n++) {
            unsigned want = r == 0 ? odious[n - 1] : r == 1 ? ruler[n - 1]
                                                            : (unsigned)n;
            assert_int_equal(sg_lookup_get(l, n), want);
        }
        sg_lookup_free(l);
        sg_game_free(game);
    }
}

/* A row of a million coins is answered through the single heads' closed
 * form; its value is the nim-sum written out here. */
static void long_rows(void **state)
{
    (void)state;
    enum { N = 1000000 };
    char *row = malloc(N + 1);
    assert_non_null(row);
    unsigned long long want = 0, seed = 12345;
    for (size_t i = 0; i < N; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        row[i] = seed >> 62 ? 'T' : 'H';
        if (row[i] == 'H')
            want ^= (unsigned long long)((i + 1) & (~(i + 1) + 1));
    }
    row[N] = '\0';
    sg_game *game = sg_game_from_coins(ctx, "ruler", "test");
    assert_non_null(game);
    assert_int_equal(library_row(game, row), want);
    sg_game_free(game);
    free(row);
}

/* A row joined to another with + is their sum; a row of tails is 0. */
static void sums_of_rows(void **state)
{
    (void)state;
    sg_game *game = sg_game_from_coins(ctx, "mock-turtles", "test");
    assert_non_null(game);
    assert_int_equal(library_row(game, "THHTH"), 2 ^ 4 ^ 8);
    assert_int_equal(library_row(game, "THH+TH"), 2 ^ 4 ^ 2);
    assert_int_equal(library_row(game, "TTTT"), 0);
    assert_int_equal(library_row(game, "hthh"), 1 ^ 4 ^ 7);
    sg_game_free(game);
}

static void expect_refused(const char *rule, const char *row,
                           const char *words)
{
    sg_ctx_clear(ctx);
    sg_game *game = sg_game_from_coins(ctx, rule, "--coins");
    if (!row) {
        assert_null(game);
    } else {
        assert_non_null(game);
        uint64_t *parts = NULL;
        size_t n = 0;
        assert_int_equal(sg_sum_parse_parts(ctx, game, row, "position 1",
                                            &parts, &n),
                         SG_EINPUT);
        assert_null(parts);
        sg_game_free(game);
    }
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    if (!strstr(sg_ctx_message(ctx), words))
        fail_msg("\"%s\" does not say \"%s\"", sg_ctx_message(ctx), words);
}

static void bad_rules_and_rows(void **state)
{
    (void)state;
    expect_refused("mock", NULL, "--coins \"mock\": no such rule");
    expect_refused("ruler-0", NULL, "K must be a whole number from 1 to 64");
    expect_refused("ruler-65", NULL, "from 1 to 64");
    expect_refused("ruler-x", NULL, "K must be");
    expect_refused("turtles", "THXH", "coin 3 is 'X'");
    expect_refused("turtles", "TH+", "a row is missing after the +");
    /* Every-SG needs components of their own; a row's heads are not. */
    sg_ctx_clear(ctx);
    sg_game *game = sg_game_from_coins(ctx, "turtles", "--coins");
    assert_null(sg_every_new(ctx, game, 10));
    assert_non_null(strstr(sg_ctx_message(ctx), "not components"));
    sg_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_match_brute_force),
        cmocka_unit_test(moves_agree_with_closed_form),
        cmocka_unit_test(published_values),
        cmocka_unit_test(long_rows),
        cmocka_unit_test(sums_of_rows),
        cmocka_unit_test(bad_rules_and_rows),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
