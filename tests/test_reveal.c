/*
 * test_reveal.c - the staged reveal of the steps: the stages read from
 * their words, each step's stages and their lines, and in each stage's
 * picture which positions show their value, against values computed here
 * by brute force; the Beamer frame's slides; every bad input.
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

/* sg of S = {1,3,4} by brute force: the mex of the values one move away. */
static unsigned sg134(unsigned x)
{
    static const unsigned moves[] = {1, 3, 4};
    unsigned seen = 0;
    for (int i = 0; i < 3; i++)
        if (moves[i] <= x)
            seen |= 1u << sg134(x - moves[i]);
    unsigned v = 0;
    while (seen & (1u << v))
        v++;
    return v;
}

static void parse(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        unsigned mask;
    } good[] = {{"options,values,mex", SG_REVEAL_OPTIONS | SG_REVEAL_VALUES},
                {"options,mex", SG_REVEAL_OPTIONS},
                {"values,mex", SG_REVEAL_VALUES},
                {"mex", 0}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        unsigned m = 99;
        assert_int_equal(sg_reveal_parse(ctx, good[i].text, &m), SG_OK);
        assert_int_equal(m, good[i].mask);
    }
    static const struct {
        const char *text, *message;
    } bad[] = {{"", "a reveal is stages"},
               {"options", "ends with the mex"},
               {"options,values", "ends with the mex"},
               {"values,options,mex", "in that order"},
               {"options,options,mex", "in that order"},
               {"mex,options", "the mex is the last"},
               {"mex,", "the mex is the last"},
               {"options,,mex", "a reveal is stages"},
               {"Options,mex", "\"Options\""},
               {"options, mex", "\" mex\""}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        unsigned m = 7;
        assert_int_equal(sg_reveal_parse(ctx, bad[i].text, &m), SG_EINPUT);
        assert_int_equal(m, 7);
        if (!strstr(sg_ctx_message(ctx), bad[i].message))
            fail_msg("%s: %s", bad[i].text, sg_ctx_message(ctx));
        sg_ctx_clear(ctx);
    }
}

static sg_steps *steps_134(unsigned reveal, sg_game **game)
{
    *game = sg_game_from_spec(ctx, "1,3,4", "test");
    assert_non_null(*game);
    sg_steps_opts o = {.size = sizeof o, .reveal = reveal};
    sg_steps *st = sg_steps_new(ctx, *game, 8, &o);
    assert_non_null(st);
    return st;
}

/* The text of the node of position X in SVG: what its label shows. */
static bool shows_value(const char *svg, unsigned x, unsigned *value)
{
    char id[32];
    snprintf(id, sizeof id, "<g id=\"p%u\"", x);
    const char *p = strstr(svg, id);
    assert_non_null(p);
    const char *end = strstr(p, "</g>");
    assert_non_null(end);
    const char *t = strstr(p, ">sg=");
    assert_true(t && t < end);
    if (t[4] == '?')
        return false;
    *value = (unsigned)strtoul(t + 4, NULL, 10);
    return true;
}

/* Step 6 of S = {1,3,4} up to 8 in three stages: its moves lead to 5, 3
 * and 2.  The options hide the values of 6 and of its targets, the values
 * show the targets', the mex shows 6's; every other computed position
 * shows its value throughout. */
static void stages_of_a_step(void **state)
{
    (void)state;
    sg_game *game;
    sg_steps *st = steps_134(SG_REVEAL_OPTIONS | SG_REVEAL_VALUES, &game);
    assert_int_equal(sg_steps_stage_count(st), 3);
    for (size_t stage = 0; stage < 3; stage++) {
        char *svg = NULL;
        size_t len = 0;
        assert_int_equal(sg_steps_stage_frame(ctx, st, 6, stage, "svg", &svg,
                                              &len),
                         SG_OK);
        char caption[64];
        unsigned a = sg134(5), b = sg134(3), c = sg134(2), v = sg134(6);
        if (stage == 0)
            snprintf(caption, sizeof caption, "sg(6) = mex{?,?,?} = ?");
        else if (stage == 1)
            snprintf(caption, sizeof caption, "sg(6) = mex{%u,%u,%u} = ?", a,
                     b, c);
        else
            snprintf(caption, sizeof caption, "sg(6) = mex{%u,%u,%u} = %u",
                     a, b, c, v);
        if (!strstr(svg, caption))
            fail_msg("stage %zu: no caption \"%s\"", stage, caption);
        for (unsigned x = 0; x <= 6; x++) {
            bool target = x == 5 || x == 3 || x == 2;
            bool hidden = (x == 6 && stage < 2) || (target && stage == 0);
            unsigned shown = 99;
            bool has = shows_value(svg, x, &shown);
            if (has == hidden)
                fail_msg("stage %zu: position %u %s its value", stage, x,
                         has ? "shows" : "hides");
            if (has)
                assert_int_equal(shown, sg134(x));
        }
        free(svg);
    }
    char *svg = NULL;
    size_t len = 0;
    assert_int_equal(sg_steps_stage_frame(ctx, st, 6, 3, "svg", &svg, &len),
                     SG_EINPUT);
    assert_null(svg);
    sg_ctx_clear(ctx);
    sg_steps_free(st);
    sg_game_free(game);
}

/* Without a reveal a step is one stage, the frame sg_steps_frame() paints. */
static void no_reveal_is_one_stage(void **state)
{
    (void)state;
    sg_game *game;
    sg_steps *st = steps_134(0, &game);
    assert_int_equal(sg_steps_stage_count(st), 1);
    char *a = NULL, *b = NULL;
    size_t la = 0, lb = 0;
    assert_int_equal(sg_steps_frame(ctx, st, 4, "svg", &a, &la), SG_OK);
    assert_int_equal(sg_steps_stage_frame(ctx, st, 4, 0, "svg", &b, &lb),
                     SG_OK);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    free(a);
    free(b);
    sg_steps_free(st);
    sg_game_free(game);
}

/* The Beamer frame has a slide per stage: nine steps in two stages are
 * eighteen captions, the first of each step with the values hidden. */
static void beamer_slides(void **state)
{
    (void)state;
    sg_game *game;
    sg_steps *st = steps_134(SG_REVEAL_VALUES, &game);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(sg_steps_write_beamer(ctx, st, f), SG_OK);
    fclose(f);
    for (unsigned k = 0; k <= 8; k++) {
        char want[96];
        snprintf(want, sizeof want, "\\only<%u| handout:0>{sg(%u) = mex\\{",
                 2 * k + 1, k);
        assert_non_null(strstr(text, want));
        snprintf(want, sizeof want, "\\only<%u| handout:%d>{sg(%u) = mex",
                 2 * k + 2, k == 8, k);
        assert_non_null(strstr(text, want));
    }
    assert_null(strstr(text, "\\only<19"));
    free(text);
    sg_steps_free(st);
    sg_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse),
        cmocka_unit_test(stages_of_a_step),
        cmocka_unit_test(no_reveal_is_one_stage),
        cmocka_unit_test(beamer_slides),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
