/*
 * test_takebreak_values.c - the fast values of take-and-break codes (the
 * rare-value method) against the definition, enumerated plainly in
 * brute.h, for many codes and long enough ranges that the method chooses
 * its masks several times; and against published sequences.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "games/takebreak.h"

/* A code, read by the tests' own reader (brute.h). */
typedef struct test_code {
    unsigned char digits[64];
    unsigned char distinct[64];
    size_t n, tail;
    sg_code code;
} test_code;

static void read_code(const char *text, test_code *c)
{
    memset(c, 0, sizeof *c);
    brute_read_code(text, c->digits, c->distinct, &c->n, &c->tail);
    c->code.ndigits = c->n;
    c->code.digits = c->digits;
    c->code.distinct = c->distinct;
    c->code.tail = c->tail;
}

static sg_values *fast(sg_ctx *ctx, const test_code *c, uint64_t last)
{
    sg_values *v = NULL;
    if (sg_code_values(ctx, &c->code, last, &v) != SG_OK)
        fail_msg("values: %s", sg_ctx_message(ctx));
    return v;
}

/* The fast values of CODE for heaps 0..n against the brute force. */
static void agrees(const char *text, size_t n)
{
    test_code c;
    read_code(text, &c);
    sg_ctx *ctx = sg_ctx_new();
    sg_values *v = fast(ctx, &c, n);
    unsigned *want = brute_code(c.digits, c.distinct, c.n, c.tail, n);
    assert_int_equal(sg_values_count(v), n + 1);
    for (size_t x = 0; x <= n; x++)
        if (sg_values_get(v, x) != want[x])
            fail_msg("%s: sg(%zu) = %llu, expected %u", text, x,
                     (unsigned long long)sg_values_get(v, x), want[x]);
    free(want);
    sg_values_free(v);
    sg_ctx_free(ctx);
}

/* The published sequence SEQ for heaps FROM, FROM + 1, ... */
static void starts(const char *text, size_t from, const unsigned *seq,
                   size_t n)
{
    test_code c;
    read_code(text, &c);
    sg_ctx *ctx = sg_ctx_new();
    sg_values *v = fast(ctx, &c, from + n);
    for (size_t i = 0; i < n; i++)
        if (sg_values_get(v, from + i) != seq[i])
            fail_msg("%s: sg(%zu) = %llu, published %u", text, from + i,
                     (unsigned long long)sg_values_get(v, from + i), seq[i]);
    sg_values_free(v);
    sg_ctx_free(ctx);
}

static void published_sequences(void **state)
{
    (void)state;
    /* CGSuite's values for heaps 1..20. */
    static const unsigned kayles[] = {1, 2, 3, 1, 4, 3, 2, 1, 4, 2,
                                      6, 4, 1, 2, 7, 1, 4, 3, 2, 1};
    static const unsigned dawson[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3,
                                      3, 2, 2, 4, 0, 5, 2, 2, 3, 3};
    static const unsigned grundy[] = {0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                      2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
    starts("0.77", 1, kayles, 20);
    starts("0.07", 1, dawson, 20);
    starts("4!.0", 1, grundy, 20);
}

/* Kayles is periodic from 71 with period 12: far out, the block repeats. */
static void kayles_far_out(void **state)
{
    (void)state;
    test_code c;
    read_code("0.77", &c);
    sg_ctx *ctx = sg_ctx_new();
    sg_values *v = fast(ctx, &c, 200000);
    for (uint64_t x = 72; x + 12 <= 200000; x++)
        assert_int_equal(sg_values_get(v, x + 12), sg_values_get(v, x));
    assert_true(sg_values_get(v, 70) != sg_values_get(v, 82));
    assert_int_equal(sg_values_width(v), 1);
    sg_values_free(v);
    sg_ctx_free(ctx);
    /* Values past the point where a period is proved are filled in from
     * it: they still agree with the definition. */
    agrees("0.77", 20000);
    agrees("0.07", 20000);
    agrees("0.137", 20000);
}

static void octal_codes(void **state)
{
    (void)state;
    static const char *const codes[] = {
        "0.77", "0.07", "0.137", "0.16", "0.56", "0.6", "0.4", "0.14",
        "0.15", "0.26", "0.34", "0.35", "0.36", "0.37", "0.44", "0.45",
        "0.51", "0.52", "0.53", "0.54", "0.64", "0.71", "0.72", "0.75",
        "0.106", "0.165", "0.176", "0.351", "0.454", "0.644", "0.724",
        "0.3", "0.33", "0.1", "0.05", "4.", "4.7", "4.07", "0.0007",
        "0.3F", "0.00006", "0.0416", "0.147", "0.7777777777"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        agrees(codes[i], 1500);
}

static void unequal_heaps_and_tails(void **state)
{
    (void)state;
    static const char *const codes[] = {
        "4!.0", "0.4!", "0.6!", "0.7!7", "4!.07", "0.[3]", "4.[3]",
        "0.[7]", "0.1[6]", "0.[13]", "0.[6!]", "0.3[04]"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        agrees(codes[i], 400);
}

static void hexadecimal_codes(void **state)
{
    (void)state;
    static const char *const codes[] = {"0.8", "0.F", "0.9", "0.B", "0.C",
                                        "8.", "0.08", "0.F7", "0.8!",
                                        "C.", "0.E", "0.48"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        agrees(codes[i], 160);
}

/* Random octal codes of up to four digits, over a range where masks are
 * chosen four times. */
static void random_codes(void **state)
{
    (void)state;
    uint64_t seed = 0x2545F4914F6CDD1DULL;
    for (int i = 0; i < 60; i++) {
        char text[16];
        size_t len = 0;
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        text[len++] = seed % 4 == 0 ? '4' : '0';
        text[len++] = '.';
        size_t digits = 1 + (size_t)(seed >> 8) % 4;
        for (size_t d = 0; d < digits; d++)
            text[len++] = (char)('0' + (seed >> (12 + 3 * d)) % 8);
        text[len] = '\0';
        agrees(text, 1100);
    }
}

/* A run extended in rounds of random lengths (as a period search extends
 * it) holds the values of one computation from 0 and of the brute force,
 * through mask choices (with the heap's parity folded in where the
 * amounts that split allow it, as for 0.127), widenings and, for codes
 * whose period shows, the values filled in from it. */
static void rounds_resume(void **state)
{
    (void)state;
    static const char *const codes[] = {"0.07", "0.137", "0.16", "0.56",
                                        "0.127", "0.6", "4.07", "0.26",
                                        "0.3", "0.51", "0.45", "0.644",
                                        /* one amount splits, or amounts of
                                         * one parity: the heap's parity
                                         * may be folded into the mask */
                                        "0.04", "0.007", "0.14", "0.74",
                                        "0.4", "0.0404", "0.0047"};
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        test_code c;
        read_code(codes[i], &c);
        sg_ctx *ctx = sg_ctx_new();
        const size_t n = 9000;
        unsigned *want = brute_code(c.digits, c.distinct, c.n, c.tail, n);
        sg_values *whole = fast(ctx, &c, n);
        sg_code_run *run = sg_code_run_new(ctx, &c.code);
        assert_non_null(run);
        uint64_t last = 0;
        while (last < n) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            last += 1 + seed % 2500;
            if (last > n)
                last = n;
            if (sg_code_run_extend(ctx, run, last) != SG_OK)
                fail_msg("%s: extend to %llu: %s", codes[i],
                         (unsigned long long)last, sg_ctx_message(ctx));
            unsigned width;
            sg_value max;
            const void *a = sg_code_run_values(run, &width, &max);
            for (uint64_t x = 0; x <= last; x++) {
                sg_value v = width == 2 ? ((const uint16_t *)a)[x]
                                        : ((const uint32_t *)a)[x];
                if (v != want[x] || v != sg_values_get(whole, x))
                    fail_msg("%s: round to %llu: sg(%llu) = %llu, brute "
                             "force %u", codes[i], (unsigned long long)last,
                             (unsigned long long)x, (unsigned long long)v,
                             want[x]);
            }
        }
        unsigned width;
        void *taken = sg_code_run_take(run, &width);
        assert_non_null(taken);
        free(taken);
        sg_code_run_free(run);
        sg_values_free(whole);
        free(want);
        sg_ctx_free(ctx);
    }
}

/* A code whose values never thin out is refused once the work bound is
 * spent, with a message naming it. */
static void refusals(void **state)
{
    (void)state;
    test_code c;
    read_code("0.[7]", &c);
    sg_ctx *ctx = sg_ctx_new();
    sg_values *v = NULL;
    assert_int_equal(sg_code_values(ctx, &c.code, 100000, &v), SG_ELIMIT);
    assert_null(v);
    assert_non_null(strstr(sg_ctx_message(ctx), "more than the 1e+10"));
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(published_sequences),
        cmocka_unit_test(kayles_far_out),
        cmocka_unit_test(octal_codes),
        cmocka_unit_test(unequal_heaps_and_tails),
        cmocka_unit_test(hexadecimal_codes),
        cmocka_unit_test(random_codes),
        cmocka_unit_test(rounds_resume),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
