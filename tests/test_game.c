/*
 * test_game.c - subtraction set specs: every accepted form, every refusal
 * with its message, and the questions games answer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

/* Parses SPEC and checks its canonical form and description. */
static void accepts(const char *spec, const char *canonical,
                    const char *describe)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("\"%s\" refused: %s", spec, sg_ctx_message(ctx));
    assert_int_equal(sg_game_kind_of(g), SG_GAME_SUBTRACTION);
    assert_string_equal(sg_game_spec(g), canonical);
    assert_string_equal(sg_game_describe(g), describe);
    assert_int_equal(sg_ctx_status(ctx), SG_OK);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Parses SPEC, expects a refusal with STATUS and exactly MESSAGE. */
static void refuses(const char *spec, sg_status status, const char *message)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (g)
        fail_msg("\"%s\" accepted as %s", spec, sg_game_spec(g));
    assert_int_equal(sg_ctx_status(ctx), status);
    assert_string_equal(sg_ctx_message(ctx), message);
    sg_ctx_free(ctx);
}

static void explicit_sets(void **state)
{
    (void)state;
    accepts("1,3,4", "1,3,4", "S = {1,3,4}");
    accepts("4,1,3", "1,3,4", "S = {1,3,4}");
    accepts(" { 1, 3 ,4 } ", "1,3,4", "S = {1,3,4}");
    accepts("7", "7", "S = {7}");
    accepts("1..5", "1..5", "S = {1..5}");
    accepts("1..3,7", "1..3,7", "S = {1..3,7}");
    accepts("2..3", "2,3", "S = {2,3}");
    accepts("5,1,2,3,4", "1..5", "S = {1..5}");
    accepts("1000000000000000000", "1000000000000000000",
            "S = {1000000000000000000}");
}

static void families(void **state)
{
    (void)state;
    accepts("pow2", "pow2", "S = {1,2,4,8,...} (powers of two)");
    accepts("POW2", "pow2", "S = {1,2,4,8,...} (powers of two)");
    accepts(" fib ", "fib", "S = {1,2,3,5,8,...} (Fibonacci numbers)");
    accepts("all", "all", "S = {1,2,3,...} (any amount: Nim)");
}

static void bad_specs(void **state)
{
    (void)state;
    refuses("1,x,4", SG_EINPUT,
            "--set \"1,x,4\": item 2 \"x\" is not a whole number (expected "
            "amounts like 1,3,4, a range 1..m, pow2, fib or all)");
    refuses("1,0,4", SG_EINPUT,
            "--set \"1,0,4\": item 2 \"0\": an amount must be at least 1 "
            "(taking nothing is not a move)");
    refuses("-2", SG_EINPUT,
            "--set \"-2\": item 1 \"-2\" is negative; amounts are whole "
            "numbers from 1 up");
    refuses("1,3,3", SG_EINPUT,
            "--set \"1,3,3\": amount 3 appears twice (items 2 and 3); a set "
            "lists each amount once");
    refuses("1..4,3", SG_EINPUT,
            "--set \"1..4,3\": amount 3 appears twice (items 1 and 2); a set "
            "lists each amount once");
    refuses("1,,4", SG_EINPUT,
            "--set \"1,,4\": item 2 is empty (two commas in a row, or a "
            "comma at an end)");
    refuses("1,3,", SG_EINPUT,
            "--set \"1,3,\": item 3 is empty (two commas in a row, or a "
            "comma at an end)");
    refuses("", SG_EINPUT,
            "--set \"\": the set is empty; give at least one amount (e.g. "
            "1,3,4) or pow2, fib, all");
    refuses("{ }", SG_EINPUT,
            "--set \"{ }\": the set is empty; give at least one amount (e.g. "
            "1,3,4) or pow2, fib, all");
    refuses("{1,3", SG_EINPUT,
            "--set \"{1,3\": the opening brace has no closing brace");
    refuses("1..0", SG_EINPUT, "--set \"1..0\": item 1 \"1..0\" is an empty "
            "range");
    refuses("0..3", SG_EINPUT, "--set \"0..3\": item 1 \"0..3\": amounts start "
            "at 1 (taking nothing is not a move)");
    refuses("1..", SG_EINPUT, "--set \"1..\": item 1 has an empty bound");
    refuses("+3", SG_EINPUT,
            "--set \"+3\": item 1 \"+3\": write amounts without a sign");
    refuses("1.5", SG_EINPUT,
            "--set \"1.5\": item 1 \"1.5\" is not a whole number (expected "
            "amounts like 1,3,4, a range 1..m, pow2, fib or all)");
    refuses("1000000000000000001", SG_ELIMIT,
            "--set \"1000000000000000001\": item 1 \"1000000000000000001\" is "
            "too large (amounts go up to 10^18)");
    refuses("99999999999999999999999", SG_ELIMIT,
            "--set \"99999999999999999999999\": item 1 "
            "\"99999999999999999999999\" is too large (amounts go up to "
            "10^18)");
    refuses("1..2000000", SG_ELIMIT,
            "--set \"1..2000000\": the set has more than 1048576 amounts; use "
            "\"all\" for any amount");
    /* Control bytes in a spec are shown escaped, never raw. */
    refuses("1,\x1b[31m", SG_EINPUT,
            "--set \"1,\\x1B[31m\": item 2 \"\\x1B[31m\" is not a whole number "
            "(expected amounts like 1,3,4, a range 1..m, pow2, fib or all)");
}

static void long_spec_is_refused(void **state)
{
    (void)state;
    size_t n = 70000;
    char *spec = malloc(n + 1);
    memset(spec, '1', n);
    spec[n] = '\0';
    sg_ctx *ctx = sg_ctx_new();
    assert_null(sg_game_from_spec(ctx, spec, "--set"));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "70000 characters long"));
    sg_ctx_free(ctx);
    free(spec);
}

static void positions(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    char buf[32];
    assert_string_equal(sg_game_position_name(g, 12345, buf, sizeof buf),
                        "12345");
    uint64_t x = 0;
    assert_int_equal(sg_game_find_position(ctx, g, "42", "--from", &x), SG_OK);
    assert_int_equal(x, 42);
    assert_int_equal(sg_game_find_position(ctx, g, "4x", "--from", &x),
                     SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "--from \"4x\" is not a heap size "
                        "(a whole number from 0 up)");
    assert_int_equal(sg_game_is_finite(g), 0);
    assert_int_equal(sg_game_position_count(g), 0);
    assert_int_equal(sg_game_max_amount(g), 4);
    sg_game_free(g);
    g = sg_game_from_spec(ctx, "pow2", "--set");
    assert_int_equal(sg_game_max_amount(g), 0);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(explicit_sets),
        cmocka_unit_test(families),
        cmocka_unit_test(bad_specs),
        cmocka_unit_test(long_spec_is_refused),
        cmocka_unit_test(positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
