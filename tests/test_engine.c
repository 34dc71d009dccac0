/*
 * test_engine.c - the engine against closed forms and against a plain brute
 * force written here, independently of the engine's code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "sgviz.h"

/* ---- helpers ---------------------------------------------------------- */

static sg_game *game(sg_ctx *ctx, const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

static sg_values *values_of(sg_ctx *ctx, const sg_game *g, uint64_t last)
{
    sg_values *v = NULL;
    sg_status st = sg_compute(ctx, g, last, NULL, &v);
    if (st != SG_OK)
        fail_msg("compute: %s", sg_ctx_message(ctx));
    assert_int_equal(sg_values_count(v), last + 1);
    return v;
}

/* ---- the worked example and closed forms ------------------------------ */

static void worked_example(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_values *v = values_of(ctx, g, 8);
    static const sg_value want[] = {0, 1, 0, 1, 2, 3, 2, 0, 1};
    for (uint64_t x = 0; x <= 8; x++)
        assert_int_equal(sg_values_get(v, x), want[x]);
    assert_int_equal(sg_values_max(v), 3);
    assert_int_equal(sg_values_width(v), 1);
    sg_values_free(v);
    /* And its period 7 (0 1 0 1 2 3 2) for N well beyond 1000. */
    v = values_of(ctx, g, 5000);
    for (uint64_t x = 0; x <= 5000; x++)
        assert_int_equal(sg_values_get(v, x), "0101232"[x % 7] - '0');
    sg_values_free(v);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void closed_forms(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    const uint64_t n = 3000;
    struct {
        const char *spec;
        uint64_t mod; /* sg(x) = x mod this; 0 means sg(x) = x */
    } cases[] = {{"1,2,3", 4}, {"1..7", 8}, {"1", 2}, {"pow2", 3}, {"all", 0},
                 {"{1, 2, 3, 4, 5}", 6},
                 /* Values up to 300: two bytes each, many amounts. */
                 {"1..300", 301}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        sg_game *g = game(ctx, cases[c].spec);
        sg_values *v = values_of(ctx, g, n);
        for (uint64_t x = 0; x <= n; x++) {
            uint64_t want = cases[c].mod ? x % cases[c].mod : x;
            if (sg_values_get(v, x) != want)
                fail_msg("%s: sg(%llu) = %llu, want %llu", cases[c].spec,
                         (unsigned long long)x,
                         (unsigned long long)sg_values_get(v, x),
                         (unsigned long long)want);
        }
        sg_values_free(v);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

static void fibonacci_start(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "fib");
    sg_values *v = values_of(ctx, g, 1000);
    static const sg_value want[] = {0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0};
    for (uint64_t x = 0; x <= 10; x++)
        assert_int_equal(sg_values_get(v, x), want[x]);
    /* The rest against the brute force with the Fibonacci amounts. */
    unsigned fib[32];
    size_t k = 0;
    for (unsigned a = 1, b = 2; a <= 1000; k++) {
        fib[k] = a;
        unsigned c = a + b;
        a = b;
        b = c;
    }
    unsigned *bf = brute_force(fib, k, 1000);
    for (uint64_t x = 0; x <= 1000; x++)
        assert_int_equal(sg_values_get(v, x), bf[x]);
    free(bf);
    sg_values_free(v);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Random sets against the brute force: small and large sets, so that both
 * the one-word mex and the stamped mex (64 moves or more) are exercised. */
static void random_sets(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    srand(12345);
    for (int round = 0; round < 60; round++) {
        size_t k = round < 40 ? 1 + (size_t)rand() % 9 : 60 + (size_t)rand() % 80;
        unsigned maxa = round < 40 ? 40 : 400;
        unsigned amounts[256];
        size_t have = 0;
        char spec[4096] = "";
        while (have < k) {
            unsigned a = 1 + (unsigned)rand() % maxa;
            int dup = 0;
            for (size_t i = 0; i < have; i++)
                dup |= amounts[i] == a;
            if (dup)
                continue;
            amounts[have++] = a;
            char item[16];
            snprintf(item, sizeof item, "%s%u", have > 1 ? "," : "", a);
            strcat(spec, item);
        }
        const size_t n = 2000;
        unsigned *bf = brute_force(amounts, k, n);
        sg_game *g = game(ctx, spec);
        sg_values *v = values_of(ctx, g, n);
        for (uint64_t x = 0; x <= n; x++)
            if (sg_values_get(v, x) != bf[x])
                fail_msg("S = {%s}: sg(%llu) = %llu, brute force %u", spec,
                         (unsigned long long)x,
                         (unsigned long long)sg_values_get(v, x), bf[x]);
        sg_values_free(v);
        sg_game_free(g);
        free(bf);
    }
    sg_ctx_free(ctx);
}

/* ---- steps -------------------------------------------------------------- */

typedef struct recorder {
    uint64_t steps;
    uint64_t first_x, last_x;
    int checked;
    const unsigned *truth;
    uint64_t stop_at; /* stop after this position (0: never) */
} recorder;

static int record(void *user, const sg_step *s)
{
    recorder *r = user;
    if (r->steps == 0)
        r->first_x = s->x;
    r->last_x = s->x;
    r->steps++;
    if (s->targets) {
        /* Every target is x minus its amount, its value is the truth, and the
         * mex is the least value missing. */
        char seen[300] = {0};
        for (size_t i = 0; i < s->nmoves; i++) {
            assert_int_equal(s->targets[i], s->x - s->amounts[i]);
            assert_int_equal(s->values[i], r->truth[s->targets[i]]);
            if (i)
                assert_true(s->amounts[i] > s->amounts[i - 1]);
            seen[s->values[i]] = 1;
        }
        sg_value m = 0;
        while (seen[m])
            m++;
        assert_int_equal(s->sg, m);
        r->checked++;
    }
    assert_int_equal(s->sg, r->truth[s->x]);
    return r->stop_at && s->x == r->stop_at ? 1 : 0;
}

static void steps_are_complete(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    unsigned amounts[] = {2, 5, 7};
    unsigned *bf = brute_force(amounts, 3, 20000);
    sg_game *g = game(ctx, "2,5,7");
    for (int with_moves = 0; with_moves <= 1; with_moves++) {
        /* Streaming (no values kept) and kept, from 0 and from a window. */
        for (int keep = 0; keep <= 1; keep++) {
            recorder r = {0, 0, 0, 0, bf, 0};
            sg_compute_opts o = {.first = 300, .with_moves = with_moves,
                                 .on_step = record, .user = &r};
            sg_values *v = NULL;
            assert_int_equal(sg_compute(ctx, g, 20000, &o, keep ? &v : NULL),
                             SG_OK);
            assert_int_equal(r.steps, 20000 - 300 + 1);
            assert_int_equal(r.first_x, 300);
            assert_int_equal(r.last_x, 20000);
            assert_int_equal(r.checked, with_moves ? (int)r.steps : 0);
            if (keep) {
                for (uint64_t x = 0; x <= 20000; x++)
                    assert_int_equal(sg_values_get(v, x), bf[x]);
                sg_values_free(v);
            }
        }
    }
    sg_game_free(g);
    free(bf);
    sg_ctx_free(ctx);
}

/* The hot loops run between consecutive amounts too (the moves are a
 * fixed count there) and for sets of 64 to 255 amounts (one word of
 * marks while the values stay below 64, stamps after).  Against the brute
 * force: the infinite families, random sets of every size up to 255 with
 * amounts spread out (long segments before the largest), sets whose values
 * pass 64 early (1..m), kept and streamed, and steps handed to a consumer
 * from a position inside a segment, with moves and without. */
static void segments_and_wide_sets(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    srand(3007);
    const size_t n = 30000;
    for (int round = 0; round < 40; round++) {
        unsigned amounts[300];
        size_t k = 0;
        char *spec = calloc(300, 8);
        assert_non_null(spec);
        if (round == 0 || round == 1) {
            for (unsigned a = 1, b = 2; a <= n; k++) {
                amounts[k] = a;
                unsigned c = round == 0 ? 2 * a : a + b;
                if (round == 1) {
                    a = b;
                    b = c;
                } else {
                    a = c;
                }
            }
            strcpy(spec, round == 0 ? "pow2" : "fib");
        } else {
            size_t want = round < 10   ? 1 + (size_t)rand() % 63
                          : round < 30 ? 64 + (size_t)rand() % 192
                                       : 64 + (size_t)(round - 30) * 19;
            unsigned spread = round % 3 == 0 ? 20000 : 1000;
            unsigned char used[20001] = {0};
            if (round >= 30) {
                /* 1..m less one amount: values up to m, past 64. */
                for (unsigned a = 1; k < want; a++)
                    if (a != 7)
                        used[a] = 1, k++;
            } else {
                while (k < want) {
                    unsigned a = 1 + (unsigned)rand() % spread;
                    if (!used[a])
                        used[a] = 1, k++;
                }
            }
            k = 0;
            for (unsigned a = 1; a <= 20000; a++) {
                if (!used[a])
                    continue;
                amounts[k++] = a;
                char item[16];
                snprintf(item, sizeof item, "%s%u", k > 1 ? "," : "", a);
                strcat(spec, item);
            }
        }
        unsigned *bf = brute_force(amounts, k, n);
        sg_game *g = game(ctx, spec);
        sg_values *v = values_of(ctx, g, n);
        for (uint64_t x = 0; x <= n; x++)
            if (sg_values_get(v, x) != bf[x])
                fail_msg("S = {%.60s...} (%zu amounts): sg(%llu) = %llu, "
                         "brute force %u", spec, k, (unsigned long long)x,
                         (unsigned long long)sg_values_get(v, x), bf[x]);
        sg_values_free(v);
        /* Steps from a position inside a segment, streamed. */
        uint64_t first = amounts[k / 2] + 3 <= n ? amounts[k / 2] + 3 : n / 2;
        for (int with_moves = 0; with_moves <= 1; with_moves++) {
            recorder r = {0, 0, 0, 0, bf, 0};
            sg_compute_opts o = {.first = first, .with_moves = with_moves,
                                 .on_step = record, .user = &r};
            assert_int_equal(sg_compute(ctx, g, n, &o, NULL), SG_OK);
            assert_int_equal(r.steps, n - first + 1);
            assert_int_equal(r.checked, with_moves ? (int)r.steps : 0);
        }
        sg_game_free(g);
        free(bf);
        free(spec);
    }
    sg_ctx_free(ctx);
}

static void consumer_can_stop(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    unsigned amounts[] = {1, 3, 4};
    unsigned *bf = brute_force(amounts, 3, 100);
    sg_game *g = game(ctx, "1,3,4");
    recorder r = {0, 0, 0, 0, bf, 42};
    sg_compute_opts o = {.with_moves = 1, .on_step = record, .user = &r};
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, g, 100, &o, &v), SG_STOP);
    assert_int_equal(r.last_x, 42);
    assert_non_null(v);
    assert_int_equal(sg_values_count(v), 43);
    sg_values_free(v);
    sg_game_free(g);
    free(bf);
    sg_ctx_free(ctx);
}

static int fail_at_five(void *user, const sg_step *s)
{
    sg_ctx *ctx = user;
    if (s->x == 5)
        return sg_ctx_fail(ctx, SG_EIO, "disk full at %llu",
                           (unsigned long long)s->x);
    return 0;
}

static void consumer_errors_pass_through(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_compute_opts o = {.on_step = fail_at_five, .user = ctx};
    assert_int_equal(sg_compute(ctx, g, 100, &o, NULL), SG_EIO);
    assert_string_equal(sg_ctx_message(ctx), "disk full at 5");
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- storage and bounds ------------------------------------------------ */

static void values_are_compact(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "all");
    sg_values *v = values_of(ctx, g, 70000);
    /* Nim's values reach 70000: four bytes each, and still right. */
    assert_int_equal(sg_values_width(v), 4);
    assert_int_equal(sg_values_get(v, 70000), 70000);
    assert_int_equal(sg_values_max(v), 70000);
    sg_values_free(v);
    v = values_of(ctx, g, 300);
    assert_int_equal(sg_values_width(v), 2);
    sg_values_free(v);
    sg_game_free(g);
    g = game(ctx, "pow2");
    v = values_of(ctx, g, 100000);
    assert_int_equal(sg_values_width(v), 1);
    sg_values_free(v);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void too_large_for_memory(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    assert_int_equal(sg_check_range(ctx, g, UINT64_C(1) << 61), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "need 2.0 EiB"));
    sg_ctx_clear(ctx);
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, g, UINT64_C(1) << 61, NULL, &v),
                     SG_ELIMIT);
    assert_null(v);
    assert_int_equal(sg_compute(ctx, g, UINT64_MAX, NULL, NULL), SG_ELIMIT);
    assert_int_equal(sg_check_range(ctx, g, 1000), SG_OK);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* The work bound holds for every set, those under 64 amounts (whose mex
 * fits a machine word) too; and a computation that streams (no values
 * kept) is judged on its moves, never on the memory that all its values
 * would take. */
static void work_bound_for_every_set(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static const struct {
        const char *spec;
        uint64_t last;
        const char *want;
    } cases[] = {
        {"fib", 1000000000, "about 4.1e+10 moves"},
        {"1..63", UINT64_C(17000000000), "about 1.1e+12 moves"},
        {"1,3,4", UINT64_C(30000000000), "about 9.0e+10 moves"},
        {"1", UINT64_C(1) << 61, "about 2.3e+18 moves"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_game *g = game(ctx, cases[i].spec);
        sg_ctx_clear(ctx);
        assert_int_equal(sg_compute(ctx, g, cases[i].last, NULL, NULL),
                         SG_ELIMIT);
        if (!strstr(sg_ctx_message(ctx), cases[i].want) ||
            strstr(sg_ctx_message(ctx), "memory"))
            fail_msg("%s up to %llu: %s", cases[i].spec,
                     (unsigned long long)cases[i].last, sg_ctx_message(ctx));
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

static void mex_function(void **state)
{
    (void)state;
    sg_value a[] = {0, 1, 2, 4};
    assert_int_equal(sg_mex(a, 4, NULL), 3);
    sg_value b[] = {2, 3, 5};
    assert_int_equal(sg_mex(b, 3, NULL), 0);
    assert_int_equal(sg_mex(NULL, 0, NULL), 0);
    sg_value big[100];
    for (int i = 0; i < 100; i++)
        big[i] = (sg_value)(i == 70 ? 1000 : i);
    unsigned char scratch[101];
    assert_int_equal(sg_mex(big, 100, scratch), 70);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_example),
        cmocka_unit_test(closed_forms),
        cmocka_unit_test(fibonacci_start),
        cmocka_unit_test(random_sets),
        cmocka_unit_test(steps_are_complete),
        cmocka_unit_test(segments_and_wide_sets),
        cmocka_unit_test(consumer_can_stop),
        cmocka_unit_test(consumer_errors_pass_through),
        cmocka_unit_test(values_are_compact),
        cmocka_unit_test(too_large_for_memory),
        cmocka_unit_test(work_bound_for_every_set),
        cmocka_unit_test(mex_function),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
