/*
 * test_sequence.c - the apparent pattern of a plain sequence: values of
 * games computed here by brute force whose preperiod, period and saltus
 * are known (subtraction games, CGSuite's Kayles, Lasker's Nim, Nim),
 * sequences without a pattern, the rules that keep a coincidence among the
 * last values from counting, the reading of values, and the report.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

#define N 600

/* sg(0..n-1) of the subtraction game of the K amounts A, by the mex. */
static void subtraction(const unsigned *a, size_t k, sg_value *v, size_t n)
{
    for (size_t x = 0; x < n; x++) {
        unsigned char seen[64] = {0};
        for (size_t i = 0; i < k; i++)
            if (a[i] <= x)
                seen[v[x - a[i]]] = 1;
        v[x] = 0;
        while (seen[v[x]])
            v[x]++;
    }
}

/* Kayles: knock down one pin or two side by side; a row may split. */
static void kayles(sg_value *v, size_t n)
{
    for (size_t x = 0; x < n; x++) {
        unsigned char seen[256] = {0};
        for (size_t take = 1; take <= 2; take++)
            for (size_t left = 0; left + take <= x; left++)
                seen[v[left] ^ v[x - take - left]] = 1;
        v[x] = 0;
        while (seen[v[x]])
            v[x]++;
    }
}

static sg_sequence_info find(const sg_value *v, size_t n)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_sequence_info info;
    assert_int_equal(sg_sequence_find(ctx, v, n, &info), SG_OK);
    sg_ctx_free(ctx);
    return info;
}

static void expect(const sg_value *v, size_t n, uint64_t n0, uint64_t p,
                   int64_t d)
{
    sg_sequence_info i = find(v, n);
    if (!i.found || i.preperiod != n0 || i.period != p || i.saltus != d)
        fail_msg("want %llu/%llu/%lld, got found %d %llu/%llu/%lld",
                 (unsigned long long)n0, (unsigned long long)p, (long long)d,
                 i.found, (unsigned long long)i.preperiod,
                 (unsigned long long)i.period, (long long)i.saltus);
    assert_int_equal(i.count, n);
    assert_int_equal(i.blocks, (n - n0) / p);
}

static void known_periods(void **state)
{
    (void)state;
    sg_value v[N];
    /* The worked example and the preperiod of the design notes. */
    subtraction((unsigned[]){1, 3, 4}, 3, v, N);
    expect(v, N, 0, 7, 0);
    subtraction((unsigned[]){2, 4, 7}, 3, v, N);
    expect(v, N, 8, 3, 0);
    /* Two amounts x < y: period x + y, or 2x when y/x is odd. */
    for (unsigned x = 1; x <= 6; x++)
        for (unsigned y = x + 1; y <= 14; y++) {
            subtraction((unsigned[]){x, y}, 2, v, N);
            unsigned p = y % x == 0 && (y / x) % 2 == 1 ? 2 * x : x + y;
            expect(v, N, 0, p, 0);
        }
    /* Kayles: CGSuite's preperiod 71 and period 12. */
    kayles(v, N);
    expect(v, N, 71, 12, 0);
}

static void known_saltus(void **state)
{
    (void)state;
    sg_value v[N];
    /* Lasker's Nim: sg(4k+1) = 4k+1, sg(4k+2) = 4k+2, sg(4k+3) = 4k+4,
     * sg(4k+4) = 4k+3; sg(0) = 0.  So sg(x + 4) = sg(x) + 4 from x = 1. */
    v[0] = 0;
    for (size_t x = 1; x < N; x++) {
        size_t r = x % 4;
        v[x] = r == 1 || r == 2 ? x : r == 3 ? x + 1 : x - 1;
    }
    expect(v, N, 1, 4, 4);
    /* Nim: sg(x) = x, saltus 1 with period 1. */
    for (size_t x = 0; x < N; x++)
        v[x] = x;
    expect(v, N, 0, 1, 1);
    /* A period 3 with saltus 5 after an irregular start of 4. */
    sg_value start[] = {9, 0, 7, 7};
    for (size_t x = 0; x < 60; x++)
        v[x] = x < 4 ? start[x] : 5 * ((x - 4) / 3) + (sg_value[]){2, 0, 1}[(x - 4) % 3];
    expect(v, 60, 4, 3, 5);
}

/* The values of the Fibonacci subtraction game, which have no period. */
static void no_pattern(void **state)
{
    (void)state;
    sg_value v[N];
    subtraction((unsigned[]){1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233,
                             377},
                13, v, N);
    assert_false(find(v, N).found);
    /* Too few values to show anything. */
    assert_false(find(v, 0).found);
    assert_false(find((sg_value[]){4}, 1).found);
    /* A coincidence among the last values: 3 1 4 1 5 9 2 6 then 5 5 --
     * two blocks of period 1, but after eight values that do not repeat. */
    sg_value pi[] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 5};
    assert_false(find(pi, 10).found);
    /* The same coincidence at its least: the repeating part as long as
     * what comes before it counts, one value shorter does not. */
    sg_value edge[] = {3, 1, 4, 1, 5, 5, 5, 5, 5, 5};
    expect(edge, 10, 4, 1, 0);
    sg_value short_run[] = {3, 1, 4, 1, 5, 9, 5, 5, 5, 5};
    sg_sequence_info i = find(short_run, 10);
    assert_false(i.found);
    /* One block is no pattern: 0 1 2 then 0 1 2 repeats twice, 0 1 2 0
     * does not. */
    expect((sg_value[]){0, 1, 2, 0, 1, 2}, 6, 0, 3, 0);
    assert_false(find((sg_value[]){7, 0, 1, 2, 0}, 5).found);
}

static void reading(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_value *v;
    size_t n;
    const char *good = "{0,1,0, 1\n2,3 , 2}\n";
    assert_int_equal(sg_sequence_parse(ctx, good, strlen(good), "t", &v, &n),
                     SG_OK);
    assert_int_equal(n, 7);
    assert_int_equal(v[5], 3);
    free(v);
    struct {
        const char *text, *message;
    } bad[] = {
        {"0 1 x", "t:1:5: \"x\" is not a value (a whole number from 0 up; "
                  "values are separated by spaces or commas)"},
        {"0\n -1", "t:2:2: \"-1\" is not a value"},
        {"{0,1", "t:1:5: the opening brace has no closing brace"},
        {"{0} 1", "t:1:5: \"1\" comes after the closing brace"},
        {"0 {1}", "t:1:3: \"{\" is not a value"},
        {" , \n", "t: no values; give whole numbers separated by spaces or "
                  "commas, e.g. \"0 1 0 1 2\""},
        {"99999999999999999999", "t:1:1: \"99999999999999999999\" is not a "
                                 "value"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_not_equal(sg_sequence_parse(ctx, bad[k].text,
                                               strlen(bad[k].text), "t", &v,
                                               &n), SG_OK);
        if (strncmp(sg_ctx_message(ctx), bad[k].message,
                    strlen(bad[k].message)) != 0)
            fail_msg("%s: %s", bad[k].text, sg_ctx_message(ctx));
    }
    sg_ctx_free(ctx);
}

static void report(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_value v[13] = {0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11};
    sg_sequence_info info;
    assert_int_equal(sg_sequence_find(ctx, v, 13, &info), SG_OK);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(sg_sequence_write(ctx, v, 13, &info, NULL, NULL,
                                       SG_PERIOD_TEXT, 0, f), SG_OK);
    fclose(f);
    assert_string_equal(buf,
        "13 values: v(0..12)\n"
        "apparent preperiod: 1\n"
        "apparent period:    4\n"
        "apparent saltus:    4, so v(x + 4) = v(x) + 4\n"
        "block:     1 2 4 3  (v(1..4), each block after it the same plus the "
        "saltus)\n"
        "before it: 0  (v(0))\n"
        "seen:      v(1..12), 3 whole blocks; an observation of the values "
        "given, not a proof\n");
    free(buf);
    /* Named positions, and JSON. */
    const char *names[] = {"10", "11", "12", "13", "14", "15", "16", "17",
                           "18", "19", "20", "21", "22"};
    f = open_memstream(&buf, &len);
    assert_int_equal(sg_sequence_write(ctx, v, 13, &info, names, "heading",
                                       SG_PERIOD_JSON, 0, f), SG_OK);
    fclose(f);
    assert_string_equal(buf, "{\"values\": 13, \"apparent\": true, "
                             "\"found\": true, \"preperiod\": 1, \"period\": "
                             "4, \"saltus\": 4, \"blocks\": 3, \"block\": "
                             "[1,2,4,3], \"before\": [0], \"from\": \"11\"}\n");
    free(buf);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_periods),
        cmocka_unit_test(known_saltus),
        cmocka_unit_test(no_pattern),
        cmocka_unit_test(reading),
        cmocka_unit_test(report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
