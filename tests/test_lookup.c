/*
 * test_lookup.c - sg(x) in any order: huge heaps against the period read off
 * a brute force written here, moderate heaps against the brute force itself,
 * the theorems of pow2 and Nim, and clear refusals where neither a period
 * nor memory can serve.
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

#include "brute.h"
#include "sgviz.h"

#define HUGE_X UINT64_C(1000000000000000000) /* 10^18 */
#define TOP (UINT64_MAX / 2)                  /* 2^63 - 1 */

static sg_game *game(sg_ctx *ctx, const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

static sg_lookup *lookup(sg_ctx *ctx, const sg_game *g, uint64_t max)
{
    sg_lookup *l = sg_lookup_new(ctx, g, max);
    if (!l)
        fail_msg("lookup %s up to %llu: %s", sg_game_spec(g),
                 (unsigned long long)max, sg_ctx_message(ctx));
    return l;
}

/* sg(x) for any x from N brute-force values: the least shift q that repeats
 * the second half, and the first position from which it does. */
static uint64_t brute_far(const unsigned *sg, size_t n, uint64_t x)
{
    for (size_t q = 1; q < n / 2; q++) {
        size_t y = n / 2;
        while (y + q < n && sg[y] == sg[y + q])
            y++;
        if (y + q < n)
            continue;
        y = n / 2;
        while (y > 0 && sg[y - 1] == sg[y - 1 + q])
            y--;
        return x < y ? sg[x] : sg[y + (x - y) % q];
    }
    fail_msg("no period in %zu values", n);
    return 0;
}

/* sg(10^18) and sg(2^63 - 1) of several sets, against the brute force's
 * period; and every heap up to 20000 against the brute force directly. */
static void huge_heaps(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static const struct {
        const char *spec;
        unsigned amounts[10];
        size_t k;
    } sets[] = {{"2,5,7", {2, 5, 7}, 3},
                {"1,3,4", {1, 3, 4}, 3},
                {"2,4,7", {2, 4, 7}, 3},
                {"3,9", {3, 9}, 2},
                {"5,44,49", {5, 44, 49}, 3},
                {"1..9", {1, 2, 3, 4, 5, 6, 7, 8, 9}, 9},
                {"4,7,15,16", {4, 7, 15, 16}, 4}};
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        const unsigned *amounts = sets[s].amounts;
        size_t k = sets[s].k;
        const size_t n = 20000;
        unsigned *sg = brute_force(amounts, k, n - 1);
        sg_game *g = game(ctx, sets[s].spec);

        sg_lookup *l = lookup(ctx, g, TOP);
        assert_int_equal(sg_lookup_max(l), TOP);
        uint64_t xs[] = {HUGE_X, TOP, TOP - 1, HUGE_X + 1, HUGE_X + 2,
                         UINT64_C(1) << 62, 123456789012345, 19999, 0};
        for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
            if (sg_lookup_get(l, xs[i]) != brute_far(sg, n, xs[i]))
                fail_msg("%s: sg(%llu) = %llu, brute force %llu",
                         sets[s].spec, (unsigned long long)xs[i],
                         (unsigned long long)sg_lookup_get(l, xs[i]),
                         (unsigned long long)brute_far(sg, n, xs[i]));
        for (uint64_t x = 0; x < n; x++)
            assert_int_equal(sg_lookup_get(l, x), sg[x]);
        sg_lookup_free(l);

        /* A moderate bound gives the same values. */
        l = lookup(ctx, g, n - 1);
        for (uint64_t x = 0; x < n; x++)
            assert_int_equal(sg_lookup_get(l, x), sg[x]);
        sg_lookup_free(l);
        free(sg);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* The worked example's closed form, from the notes: 0 1 0 1 2 3 2 repeating. */
static void worked_example_far(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_lookup *l = lookup(ctx, g, TOP);
    for (uint64_t x = TOP - 100; x < TOP; x++)
        assert_int_equal(sg_lookup_get(l, x), "0101232"[x % 7] - '0');
    assert_int_equal(sg_lookup_get(l, TOP), "0101232"[TOP % 7] - '0');
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Powers of two and Nim by their theorems, for any heap. */
static void theorems(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    sg_lookup *l = lookup(ctx, g, TOP);
    assert_int_equal(sg_lookup_get(l, HUGE_X), HUGE_X % 3);
    assert_int_equal(sg_lookup_get(l, TOP), TOP % 3);
    sg_lookup_free(l);
    /* ...which agree with the values computed directly. */
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, g, 5000, NULL, &v), SG_OK);
    l = lookup(ctx, g, 5000);
    for (uint64_t x = 0; x <= 5000; x++)
        assert_int_equal(sg_lookup_get(l, x), sg_values_get(v, x));
    sg_lookup_free(l);
    sg_values_free(v);
    sg_game_free(g);

    g = game(ctx, "all");
    l = lookup(ctx, g, TOP);
    assert_int_equal(sg_lookup_get(l, HUGE_X), HUGE_X);
    assert_int_equal(sg_lookup_get(l, TOP), TOP);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Sets whose period does not show soon are computed directly while memory
 * lasts: here max S lies beyond every heap asked for, so the values are
 * those of {3}. */
static void direct_when_no_period(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "3,20000000");
    sg_lookup *l = lookup(ctx, g, 50000);
    for (uint64_t x = 0; x <= 50000; x++)
        assert_int_equal(sg_lookup_get(l, x), (x / 3) % 2);
    sg_lookup_free(l);
    sg_game_free(g);

    /* Fibonacci amounts: no period, no theorem, values by the engine. */
    unsigned fib[32];
    size_t k = 0;
    for (unsigned a = 1, b = 2; a <= 30000; k++) {
        fib[k] = a;
        unsigned c = a + b;
        a = b;
        b = c;
    }
    unsigned *sg = brute_force(fib, k, 30000);
    g = game(ctx, "fib");
    l = lookup(ctx, g, 30000);
    for (uint64_t x = 0; x <= 30000; x++)
        assert_int_equal(sg_lookup_get(l, x), sg[x]);
    sg_lookup_free(l);
    free(sg);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    /* No period within the search's limit, and far too many values. */
    sg_game *g = game(ctx, "1,1000000000000000");
    assert_null(sg_lookup_new(ctx, g, HUGE_X));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "no period found up to"));
    assert_non_null(strstr(sg_ctx_message(ctx), "need"));
    assert_non_null(strstr(sg_ctx_message(ctx), "memory"));
    sg_game_free(g);

    g = game(ctx, "fib");
    sg_ctx_clear(ctx);
    assert_null(sg_lookup_new(ctx, g, HUGE_X));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "need"));
    /* Within memory but not within the work bound, which holds for sets of
     * any size (the Fibonacci set has 44 amounts up to 10^9). */
    sg_ctx_clear(ctx);
    assert_null(sg_lookup_new(ctx, g, 1000000000));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "about 4.1e+10 moves to "
                           "examine, more than the 1e+10 sgviz allows"));
    sg_game_free(g);

    /* Beyond 2^63 - 1 nothing is accepted, period or not. */
    g = game(ctx, "2,5,7");
    sg_ctx_clear(ctx);
    assert_null(sg_lookup_new(ctx, g, TOP + 1));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "2^63-1"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A heap just below the default search's limit of a large set is answered
 * as one above it is: the search stops where the work bound stops the
 * default search, which is long after the period shows, instead of being
 * refused for the work a search up to the heap would take.  S = {1..m} has
 * sg(x) = x mod (m + 1). */
static void large_sets_below_the_default_limit(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        uint64_t m, x;
    } cases[] = {{"1..1001", 1001, 9999999}, {"1..1001", 1001, 10000000},
                 {"1..5000", 5000, 3000000}, {"1..5000", 5000, 1999998},
                 {"1..5000", 5000, HUGE_X}};
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_game *g = game(ctx, cases[i].spec);
        sg_lookup *l = lookup(ctx, g, cases[i].x);
        assert_int_equal(sg_lookup_get(l, cases[i].x),
                         cases[i].x % (cases[i].m + 1));
        sg_lookup_free(l);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* Game graphs are looked up as before: every position computed. */
static void game_graphs(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[] = "/tmp/sgviz-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char dot[] = "digraph { a -> b -> c; a -> c; d -> a }\n";
    assert_int_equal(write(fd, dot, sizeof dot - 1), (ssize_t)(sizeof dot - 1));
    close(fd);
    sg_game *g = sg_game_read_dot(ctx, path);
    unlink(path);
    assert_non_null(g);
    sg_lookup *l = lookup(ctx, g, TOP);
    assert_int_equal(sg_lookup_max(l), 3);
    uint64_t a, d;
    assert_int_equal(sg_game_find_position(ctx, g, "a", "test", &a), SG_OK);
    assert_int_equal(sg_game_find_position(ctx, g, "d", "test", &d), SG_OK);
    assert_int_equal(sg_lookup_get(l, a), 2);
    assert_int_equal(sg_lookup_get(l, d), 0);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Heap sizes up to 2^63 - 1 are accepted by name, beyond are not. */
static void position_bounds(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "2,5,7");
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, g, "9223372036854775807",
                                           "heap", &x),
                     SG_OK);
    assert_int_equal(x, TOP);
    assert_int_equal(sg_game_find_position(ctx, g, "9223372036854775808",
                                           "heap", &x),
                     SG_ELIMIT);
    /* Direct computation is still bounded by memory. */
    assert_int_equal(sg_check_range(ctx, g, TOP), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "memory"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(huge_heaps),
        cmocka_unit_test(worked_example_far),
        cmocka_unit_test(theorems),
        cmocka_unit_test(direct_when_no_period),
        cmocka_unit_test(refusals),
        cmocka_unit_test(large_sets_below_the_default_limit),
        cmocka_unit_test(game_graphs),
        cmocka_unit_test(position_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
