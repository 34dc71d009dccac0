/*
 * test_judge.c - judges' problems through the library: input fed in pieces
 * of every size gives the answers of the whole (a word cut by the end of a
 * feed is one word), the list of problems, refusals; and subtraction games
 * made from amounts that repeat.  The expected answers are the problems'
 * own sample outputs, and a table of sg values computed here by the plain
 * mex definition.
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

/* S-Nim's sample input and output, as the problem gives them. */
static const char snim_in[] = "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n"
                              "5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n"
                              "0\n";
static const char snim_out[] = "LWW\nWWL\n";

/* Runs problem NAME on IN fed in pieces of PIECE bytes; returns the
 * answers (a new string) and the final status in *ST. */
static char *run(sg_ctx *ctx, const char *name, const char *in, size_t piece,
                 sg_status *st)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sg_judge *j = sg_judge_new(ctx, name, "test", f);
    assert_non_null(j);
    size_t n = strlen(in);
    *st = SG_OK;
    for (size_t at = 0; at < n && *st == SG_OK; at += piece) {
        size_t k = n - at < piece ? n - at : piece;
        *st = sg_judge_feed(ctx, j, in + at, k);
    }
    if (*st == SG_OK || *st == SG_STOP)
        *st = sg_judge_finish(ctx, j);
    sg_judge_free(j);
    fclose(f);
    return out;
}

static void pieces_of_every_size(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (size_t piece = 1; piece <= sizeof snim_in; piece++) {
        sg_status st;
        char *out = run(ctx, "hdu1536", snim_in, piece, &st);
        assert_int_equal(st, SG_OK);
        assert_string_equal(out, snim_out);
        free(out);
    }
    sg_status st;
    char *out = run(ctx, "hdu1848", "1 1 1\n1 4 1\n0 0 0\n5 5 5\n", 3, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, "Fibo\nNacci\n");
    free(out);
    sg_ctx_free(ctx);
}

/* Amounts that repeat count once: S-Nim with S = {2,5} given as 5 2 5 2
 * answers as the sample's first case. */
static void repeated_amounts(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu1536",
                    "4 5 2 5 2 3 2 5 12 3 2 4 7 4 2 3 7 12", 7, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, "LWW\n");
    free(out);

    uint64_t a[] = {5, 2, 5, 2, 9};
    sg_game *g = sg_game_from_amounts(ctx, a, 5);
    assert_non_null(g);
    assert_string_equal(sg_game_describe(g), "S = {2,5,9}");
    assert_int_equal(sg_game_max_amount(g), 9);
    /* Against the mex definition. */
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, g, 200, NULL, &v), SG_OK);
    unsigned sg[201];
    for (unsigned x = 0; x <= 200; x++) {
        unsigned seen = 0;
        for (int i = 0; i < 5; i++)
            if (a[i] <= x)
                seen |= 1u << sg[x - a[i]];
        sg[x] = 0;
        while (seen & (1u << sg[x]))
            sg[x]++;
        assert_int_equal(sg_values_get(v, x), sg[x]);
    }
    sg_values_free(v);
    sg_game_free(g);

    uint64_t zero[] = {3, 0};
    assert_null(sg_game_from_amounts(ctx, zero, 2));
    assert_string_equal(sg_ctx_message(ctx), "amount 2 is 0; an amount must "
                        "be at least 1 (taking nothing is not a move)");
    assert_null(sg_game_from_amounts(ctx, zero, 0));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_ctx_free(ctx);
}

static void problems_and_refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    assert_true(sg_judge_count() >= 3);
    for (size_t i = 0; i < sg_judge_count(); i++) {
        assert_non_null(sg_judge_name(i));
        assert_true(strlen(sg_judge_summary(i)) < 70);
    }
    assert_null(sg_judge_name(sg_judge_count()));
    assert_null(sg_judge_new(ctx, "hdu0", "test", stdout));
    assert_non_null(strstr(sg_ctx_message(ctx), "unknown judge problem "
                                                "\"hdu0\" (known: hdu1847"));
    /* A bad word: the case before it is answered, and the error stays. */
    sg_status st;
    char *out = run(ctx, "hdu1536", "1 1 1 1 3\n1 1 1 1 x", 4, &st);
    assert_int_equal(st, SG_EINPUT);
    assert_string_equal(out, "W\n");
    assert_string_equal(sg_ctx_message(ctx), "test:2:9: case 2: game 1: "
                        "heap 1 \"x\" is not a whole number (a heap size is a "
                        "whole number from 0 up)");
    free(out);
    out = run(ctx, "hdu1536", "1 1 2\n", 100, &st);
    assert_int_equal(st, SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "test: the input ends in case 1, "
                        "after 0 of its 2 games");
    free(out);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pieces_of_every_size),
        cmocka_unit_test(repeated_amounts),
        cmocka_unit_test(problems_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
