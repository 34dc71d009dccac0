/*
 * test_position.c - positions of several parts (3+4+5) and the game of
 * every position reachable from one, against counts written here: the
 * positions each heap reaches on its own (a search in this file), their
 * product, and the P-positions among the combinations by the XOR of values
 * from the classic template (brute.h).
 */
#define _POSIX_C_SOURCE 200809L
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
#include "brute.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(uint64_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % n;
}

/* The heaps a heap of H reaches with the K AMOUNTS, itself included, as
 * flags reach[0..h]; returns how many. */
static size_t reachable(const unsigned *amounts, size_t k, size_t h,
                        char *reach)
{
    memset(reach, 0, h + 1);
    reach[h] = 1;
    size_t count = 1;
    for (size_t x = h + 1; x-- > 0;) {
        if (!reach[x])
            continue;
        for (size_t i = 0; i < k; i++)
            if (amounts[i] <= x && !reach[x - amounts[i]]) {
                reach[x - amounts[i]] = 1;
                count++;
            }
    }
    return count;
}

typedef struct counted {
    uint64_t positions, p;
} counted;

/* Counts the combinations of the heaps each part reaches, and those whose
 * values XOR to 0, by walking every combination. */
static counted count_sum(const unsigned *amounts, size_t k, const size_t *h,
                         size_t n, const unsigned *sg)
{
    char reach[4][64];
    for (size_t i = 0; i < n; i++)
        reachable(amounts, k, h[i], reach[i]);
    counted c = {0, 0};
    size_t x[4] = {0, 0, 0, 0};
    for (;;) {
        bool all = true;
        unsigned v = 0;
        for (size_t i = 0; i < n; i++) {
            all = all && reach[i][x[i]];
            v ^= sg[x[i]];
        }
        if (all) {
            c.positions++;
            c.p += v == 0;
        }
        size_t i = 0;
        while (i < n && x[i] == h[i])
            x[i++] = 0;
        if (i == n)
            break;
        x[i]++;
    }
    return c;
}

static sg_game *sum_of(sg_ctx *ctx, const sg_game *g, const char *text)
{
    uint64_t *parts;
    size_t n;
    if (sg_position_parse(ctx, g, text, "--position", &parts, &n) != SG_OK)
        fail_msg("%s: %s", text, sg_ctx_message(ctx));
    sg_game *sum = sg_sum_game_new(ctx, g, parts, n);
    free(parts);
    return sum;
}

/* Every sum of up to 4 heaps of random sets: the number of positions and
 * of P-positions, and every position's value, which must be the XOR of its
 * parts' values read back from its name. */
static void test_counts_against_brute_force(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (int round = 0; round < 60; round++) {
        unsigned amounts[3];
        size_t k = 1 + (size_t)rnd(3);
        char spec[64] = "";
        for (size_t i = 0; i < k; i++) {
            bool again;
            do {
                amounts[i] = 1 + (unsigned)rnd(5);
                again = false;
                for (size_t j = 0; j < i; j++)
                    again |= amounts[j] == amounts[i];
            } while (again);
            snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%u",
                     i ? "," : "", amounts[i]);
        }
        size_t n = 1 + (size_t)rnd(4), h[4];
        char text[64] = "";
        uint64_t product = 1;
        for (size_t i = 0; i < n; i++) {
            h[i] = (size_t)rnd(n <= 2 ? 60 : 8);
            char reach[64];
            product *= reachable(amounts, k, h[i], reach);
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%zu",
                     i ? "+" : "", h[i]);
        }
        unsigned *sg = brute_force(amounts, k, 63);
        counted want = count_sum(amounts, k, h, n, sg);
        assert_int_equal(want.positions, product);

        sg_game *g = sg_game_from_spec(ctx, spec, "--set");
        assert_non_null(g);
        sg_game *sum = sum_of(ctx, g, text);
        if (product > SG_SUM_GAME_MAX_POSITIONS) {
            assert_null(sum);
            assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
            char count[32];
            snprintf(count, sizeof count, "%llu positions",
                     (unsigned long long)product);
            assert_non_null(strstr(sg_ctx_message(ctx), count));
            sg_ctx_clear(ctx);
        } else {
            if (!sum)
                fail_msg("S = {%s}, %s: %s", spec, text, sg_ctx_message(ctx));
            assert_int_equal(sg_game_position_count(sum), want.positions);
            sg_values *v = NULL;
            assert_int_equal(sg_compute(ctx, sum, UINT64_MAX, NULL, &v),
                             SG_OK);
            uint64_t p = 0;
            for (uint64_t x = 0; x < sg_values_count(v); x++) {
                char buf[64];
                const char *name = sg_game_position_name(sum, x, buf,
                                                         sizeof buf);
                unsigned xor_ = 0;
                for (const char *q = name; *q;) {
                    xor_ ^= sg[strtoul(q, (char **)&q, 10)];
                    if (*q == '+')
                        q++;
                }
                assert_int_equal(sg_values_get(v, x), xor_);
                p += sg_values_get(v, x) == 0;
            }
            assert_int_equal(p, want.p);
            /* The start is the last position, named as written. */
            char buf[64];
            assert_string_equal(sg_game_position_name(
                                    sum, sg_game_position_count(sum) - 1, buf,
                                    sizeof buf),
                                text);
            sg_values_free(v);
        }
        sg_game_free(sum);
        sg_game_free(g);
        free(sg);
    }
    sg_ctx_free(ctx);
}

/* The textbook's 3+4 of S = {1,3,4}: 4 x 5 positions, 8 of them P. */
static void test_worked_example(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_game *sum = sum_of(ctx, g, "3+4");
    assert_non_null(sum);
    assert_int_equal(sg_game_position_count(sum), 20);
    assert_int_equal(sg_game_kind_of(sum), SG_GAME_SUM);
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, sum, "1+3", "--from", &x),
                     SG_OK);
    char buf[32];
    assert_string_equal(sg_game_position_name(sum, x, buf, sizeof buf), "1+3");
    assert_int_equal(sg_game_find_position(ctx, sum, "4+3", "--from", &x),
                     SG_EINPUT);
    sg_game_free(sum);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Two tokens on a DOT game: the product of the positions each reaches. */
static void test_dot_tokens(void **state)
{
    (void)state;
    char path[] = "/tmp/sgviz-test-position-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    /* a reaches b, c, d; b reaches d; c reaches d: 4 and 2 positions. */
    fputs("digraph { a -> b; a -> c; b -> d; c -> d; e -> d }\n", f);
    fclose(f);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_read_dot(ctx, path);
    assert_non_null(g);
    sg_game *sum = sum_of(ctx, g, "a+b");
    assert_non_null(sum);
    assert_int_equal(sg_game_position_count(sum), 8);
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, sum, UINT64_MAX, NULL, &v), SG_OK);
    /* sg: d 0, b 1, c 1, a mex{1,1} = 0.  P: the combinations whose values
     * are equal: {a,d} x {d} and {b,c} x {b}: a+d, d+d, b+b, c+b. */
    uint64_t p = 0;
    for (uint64_t x = 0; x < sg_values_count(v); x++)
        p += sg_values_get(v, x) == 0;
    assert_int_equal(p, 4);
    sg_values_free(v);
    sg_game_free(sum);
    uint64_t *parts;
    size_t n;
    assert_int_equal(sg_position_parse(ctx, g, "a+zz", "--position", &parts,
                                       &n),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "position 2 \"zz\""));
    sg_game_free(g);
    sg_ctx_free(ctx);
    remove(path);
}

/* Bad positions: one message each, naming the part and the bound. */
static void test_bad_positions(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    uint64_t *parts;
    size_t n;
    static const struct {
        const char *text, *says;
        sg_status st;
    } bad[] = {
        {"3+x", "heap 2 \"x\" is not a heap size", SG_EINPUT},
        {"3++4", "heap 2 is empty", SG_EINPUT},
        {"+4", "heap 1 is empty", SG_EINPUT},
        {"4+", "heap 2 is empty", SG_EINPUT},
        {"3+-4", "heap 2 \"-4\" is negative", SG_EINPUT},
        {"99999999999999999999", "too large", SG_ELIMIT},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(sg_position_parse(ctx, g, bad[i].text, "--position",
                                           &parts, &n),
                         bad[i].st);
        if (!strstr(sg_ctx_message(ctx), bad[i].says))
            fail_msg("%s: %s", bad[i].text, sg_ctx_message(ctx));
        assert_null(parts);
    }
    char many[256] = "1";
    for (int i = 1; i < SG_POSITION_MAX_PARTS + 1; i++)
        strcat(many, "+1");
    assert_int_equal(sg_position_parse(ctx, g, many, "--position", &parts,
                                       &n),
                     SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "65 heaps"));
    assert_non_null(strstr(sg_ctx_message(ctx), "at most 64"));

    sg_game *sum = sum_of(ctx, g, "40+40+40");
    assert_null(sum);
    assert_non_null(strstr(sg_ctx_message(ctx),
                           "68921 positions (41 x 41 x 41)"));
    assert_non_null(strstr(sg_ctx_message(ctx), "at most 2000"));
    sum = sum_of(ctx, g, "100000");
    assert_null(sum);
    assert_non_null(strstr(sg_ctx_message(ctx), "more than 2000"));
    sg_game_free(g);

    g = sg_game_from_spec(ctx, "all", "--set");
    sum = sum_of(ctx, g, "40+40");
    assert_null(sum);
    assert_non_null(strstr(sg_ctx_message(ctx), "67240 moves"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* The working of a sum against the classic template's values: the column
 * addition's rows and total in binary, the verdict, and every winning move
 * exactly once (a move is winning when the XOR of the values it leaves is
 * 0), for random sets and sums of 1 to 4 heaps. */
static void bits_of(unsigned v, unsigned width, char *out)
{
    for (unsigned i = 0; i < width; i++)
        out[i] = (v >> (width - 1 - i)) & 1 ? '1' : '0';
    out[width] = '\0';
}

static void test_sum_trace(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (int round = 0; round < 200; round++) {
        unsigned amounts[3];
        size_t k = 1 + (size_t)rnd(3);
        char spec[64] = "";
        for (size_t i = 0; i < k; i++) {
            bool again;
            do {
                amounts[i] = 1 + (unsigned)rnd(7);
                again = false;
                for (size_t j = 0; j < i; j++)
                    again |= amounts[j] == amounts[i];
            } while (again);
            snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%u",
                     i ? "," : "", amounts[i]);
        }
        unsigned *sg = brute_force(amounts, k, 60);
        size_t n = 1 + (size_t)rnd(4);
        uint64_t h[4];
        unsigned x = 0, width = 1;
        for (size_t i = 0; i < n; i++) {
            h[i] = rnd(61);
            x ^= sg[h[i]];
        }
        for (size_t i = 0; i < n; i++)
            while ((1u << width) <= sg[h[i]] || (1u << width) <= x)
                width++;
        sg_game *g = sg_game_from_spec(ctx, spec, "--set");
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        sg_sum_trace_opts o = {.lang = "en", .command = "sgviz trace -s S"};
        assert_int_equal(sg_sum_trace_write(ctx, g, h, n, &o, f), SG_OK);
        fclose(f);
        /* The rows: each value in binary beside its heap, the last after
         * XOR (with more than one heap), then the total. */
        for (size_t i = 0; i < n; i++) {
            char row[128], bits[40];
            bits_of(sg[h[i]], width, bits);
            snprintf(row, sizeof row, "%s %s   sg(%llu) = %u\n",
                     i + 1 == n && n > 1 ? "XOR" : "   ", bits,
                     (unsigned long long)h[i], sg[h[i]]);
            if (!strstr(text, row))
                fail_msg("S = {%s}: no row \"%s\" in:\n%s", spec, row, text);
        }
        char total[128], bits[40];
        bits_of(x, width, bits);
        snprintf(total, sizeof total, "    %s   = %u\n", bits, x);
        assert_non_null(strstr(text, total));
        assert_int_equal(strstr(text, "The nim-sum is 0: the player to move "
                                      "loses") != NULL,
                         x == 0);
        /* Every winning move, by the brute force, appears once. */
        size_t wins = 0;
        for (size_t i = 0; i < n && x; i++) {
            for (size_t a = 0; a < k; a++) {
                if (amounts[a] > h[i] ||
                    (sg[h[i] - amounts[a]] ^ sg[h[i]] ^ x) != 0)
                    continue;
                char move[96];
                snprintf(move, sizeof move, "take %u (%llu -> %llu)",
                         amounts[a], (unsigned long long)h[i],
                         (unsigned long long)(h[i] - amounts[a]));
                wins++;
                if (!strstr(text, move))
                    fail_msg("S = {%s}: no move %s in:\n%s", spec, move, text);
            }
        }
        size_t listed = 0;
        for (const char *p = text; (p = strstr(p, "take ")); p++)
            listed += p[5] >= '0' && p[5] <= '9';
        assert_int_equal(listed, wins);
        free(text);
        sg_game_free(g);
        free(sg);
    }
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_against_brute_force),
        cmocka_unit_test(test_worked_example),
        cmocka_unit_test(test_dot_tokens),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_sum_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
