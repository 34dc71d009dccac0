/*
 * test_custom.c - games defined in C (sg_game_define()): values against
 * the subtraction games' engine and against brute forces written here,
 * sums of positions, names and their parsing, cycles, bounds and bad
 * definitions, a chain too deep for recursion, and every library function
 * on such a game: tables, traces, drawings, steps, checks, sums, lines of
 * input.
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

/* One context for the suite: drawings use Graphviz, whose first context
 * must outlive the others (see test_render.c). */
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

/* ---- games ------------------------------------------------------------ */

/* The subtraction game S = {1,3,4} on one number. */
static void take_134(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    static const int64_t s[] = {1, 3, 4};
    for (int i = 0; i < 3; i++)
        if (p[0] >= s[i])
            sg_options_add(out, (int64_t[]){p[0] - s[i]});
}

/* Kayles on rows of pins: knock down one pin or two side by side, which
 * may split the row in two: a sum of two rows. */
static void kayles(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    for (int64_t take = 1; take <= 2; take++)
        for (int64_t left = 0; left + take <= p[0]; left++) {
            int64_t right = p[0] - take - left;
            if (left && right)
                sg_options_add_sum(out, (int64_t[]){left, right}, 2);
            else
                sg_options_add(out, (int64_t[]){left + right});
        }
}

/* A game that goes round: x -> x + 1 mod 5 (or mod *user). */
static void round_five(void *user, const int64_t *p, sg_options *out)
{
    int64_t m = user ? *(const int64_t *)user : 5;
    sg_options_add(out, (int64_t[]){(p[0] + 1) % m});
}

/* A chain: x -> x - 1 down to 0. */
static void chain(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    if (p[0] > 0)
        sg_options_add(out, (int64_t[]){p[0] - 1});
}

/* Positions that go up without end. */
static void upwards(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    sg_options_add(out, (int64_t[]){p[0] + 1});
}

/* An option of COUNT positions, as user says. */
static void bad_count(void *user, const int64_t *p, sg_options *out)
{
    (void)p;
    int64_t parts[2 * (SG_DEFINE_MAX_PARTS + 1)] = {0};
    sg_options_add_sum(out, parts, *(const size_t *)user);
}

/* Pairs whose names are long: a position (a, b) with large numbers. */
static void pair_down(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    if (p[1] > INT64_MAX - 3)
        sg_options_add(out, (int64_t[]){p[0], p[1] - 1});
}

static sg_game *define(sg_game_def def, const int64_t *starts, size_t n)
{
    sg_game *g = sg_game_define(ctx, &def, starts, n);
    if (!g)
        fail_msg("%s: %s", def.name ? def.name : "game", sg_ctx_message(ctx));
    return g;
}

static sg_value value_of(const sg_game *g, const sg_lookup *l,
                         const char *name)
{
    uint64_t x;
    if (sg_game_find_position(ctx, g, name, "test", &x) != SG_OK)
        fail_msg("%s: %s", name, sg_ctx_message(ctx));
    return sg_lookup_get(l, x);
}

/* ---- values ----------------------------------------------------------- */

static void values_as_the_engine(void **state)
{
    (void)state;
    sg_game *g = define((sg_game_def){.name = "take 1, 3 or 4", .arity = 1,
                                      .options = take_134},
                        (int64_t[]){200}, 1);
    assert_int_equal(sg_game_position_count(g), 201);
    assert_int_equal(sg_game_kind_of(g), SG_GAME_DEFINED);
    assert_string_equal(sg_game_describe(g), "take 1, 3 or 4");
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    sg_game *s = sg_game_from_spec(ctx, "1,3,4", "test");
    sg_lookup *ls = sg_lookup_new(ctx, s, 200);
    for (int x = 0; x <= 200; x++) {
        char name[16];
        snprintf(name, sizeof name, "%d", x);
        assert_int_equal(value_of(g, l, name), sg_lookup_get(ls, (uint64_t)x));
    }
    /* Every move goes to a smaller number. */
    for (uint64_t x = 0; x < 201; x++) {
        const int64_t *t = sg_game_defined_position(g, x);
        assert_non_null(t);
        for (uint64_t y = 0; y < 201; y++)
            if (sg_game_defined_position(g, y)[0] < t[0] &&
                (t[0] - sg_game_defined_position(g, y)[0] == 1 ||
                 t[0] - sg_game_defined_position(g, y)[0] == 3 ||
                 t[0] - sg_game_defined_position(g, y)[0] == 4))
                assert_true(y < x);
    }
    assert_null(sg_game_defined_position(g, 201));
    assert_null(sg_game_defined_position(s, 0));
    sg_lookup_free(ls);
    sg_game_free(s);
    sg_lookup_free(l);
    sg_game_free(g);
}

/* Kayles' values, moves that split a row into a sum of two, against
 * CGSuite's sequence for rows 1..20 and a brute force of its own. */
static void sums_of_positions(void **state)
{
    (void)state;
    static const unsigned cgsuite[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,
                                       4, 1, 2, 7, 1, 4, 3, 2, 1};
    sg_game *g = define((sg_game_def){.name = "Kayles", .arity = 1,
                                      .options = kayles},
                        (int64_t[]){80}, 1);
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    unsigned brute[81];
    for (int n = 0; n <= 80; n++) {
        unsigned char seen[256] = {0};
        for (int take = 1; take <= 2; take++)
            for (int left = 0; left + take <= n; left++)
                seen[brute[left] ^ brute[n - take - left]] = 1;
        brute[n] = 0;
        while (seen[brute[n]])
            brute[n]++;
        char name[16];
        snprintf(name, sizeof name, "%d", n);
        assert_int_equal(value_of(g, l, name), brute[n]);
        if (n <= 20)
            assert_int_equal(brute[n], cgsuite[n]);
    }
    /* A winning move of a row of 7 (value 2): knock down the middle pin,
     * which leaves two rows of 3, a sum of value 0. */
    uint64_t seven;
    sg_game_find_position(ctx, g, "7", "test", &seven);
    sg_sum *s = sg_sum_new(ctx, g, l, &seven, 1);
    assert_non_null(s);
    bool found = false;
    for (size_t i = 0; i < sg_sum_move_count(s); i++) {
        size_t k;
        const uint64_t *left = sg_sum_move_left(s, i, &k);
        char a[24], b[24];
        if (k == 2 &&
            strcmp(sg_game_position_name(g, left[0], a, sizeof a), "3") == 0 &&
            strcmp(sg_game_position_name(g, left[1], b, sizeof b), "3") == 0)
            found = true;
    }
    assert_true(found);
    sg_sum_free(s);

    /* A trace names a sum by its rows and XORs their references; in JSON
     * the sum is an array of names. */
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    uint64_t four;
    sg_game_find_position(ctx, g, "4", "test", &four);
    assert_int_equal(sg_trace_write(ctx, tpl, g, four, four, f), SG_OK);
    fclose(f);
    /* Knock down one pin: 3 (an end), 1+2, 2+1, 3; two: 2, 1+1, 2. */
    assert_non_null(strstr(buf, "sg(4): 4 -> {3; 1+2; 2+1; 3; 2; 1+1; 2}; "
                                "mex{sg(3); sg(1)\xe2\x8a\x95sg(2); "
                                "sg(2)\xe2\x8a\x95sg(1); sg(3); sg(2); "
                                "sg(1)\xe2\x8a\x95sg(1); sg(2)} = "
                                "mex{3,3,3,3,2,0,2} = 1  (N)\n"));
    free(buf);
    sg_template_free(tpl);
    tpl = sg_template_builtin(ctx, "en", "json");
    f = open_memstream(&buf, &len);
    assert_int_equal(sg_trace_write(ctx, tpl, g, four, four, f), SG_OK);
    fclose(f);
    assert_non_null(strstr(buf, "\"targets\": [\"3\",[\"1\",\"2\"],"
                                "[\"2\",\"1\"],\"3\",\"2\",[\"1\",\"1\"],"
                                "\"2\"]"));
    free(buf);
    sg_template_free(tpl);
    sg_lookup_free(l);
    sg_game_free(g);
}

/* ---- names ------------------------------------------------------------ */

static void names_and_parsing(void **state)
{
    (void)state;
    int64_t start[] = {-3, INT64_MAX};
    sg_game *g = define((sg_game_def){.arity = 2, .options = pair_down},
                        start, 1);
    assert_string_equal(sg_game_describe(g), "a game defined in C");
    /* (-3, MAX), (-3, MAX - 1), (-3, MAX - 2), (-3, MAX - 3), the start
     * numbered last. */
    assert_int_equal(sg_game_position_count(g), 4);
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, g, "-3,9223372036854775807",
                                           "test", &x), SG_OK);
    assert_int_equal(x, 3);
    /* A name longer than the caller's buffer comes from the game. */
    char small[8];
    const char *name = sg_game_position_name(g, x, small, sizeof small);
    assert_string_equal(name, "-3,9223372036854775807");
    assert_string_equal(sg_game_position_name(g, 0, small, sizeof small) ==
                                small
                            ? "no"
                            : "yes",
                        "yes");
    /* Names that are no position's. */
    const char *bad[] = {"-3", "-3,", "3,9223372036854775807", "a,b",
                         "-3,9223372036854775808", "-3,9223372036854775807,1",
                         " -3,9223372036854775807", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(sg_game_find_position(ctx, g, bad[i], "position 1",
                                               &x), SG_EINPUT);
        assert_non_null(strstr(sg_ctx_message(ctx), "has no node of that "
                                                    "name"));
    }
    sg_game_free(g);
}

/* ---- refusals --------------------------------------------------------- */

static void cycles_and_bounds(void **state)
{
    (void)state;
    sg_game_def def = {.name = "round", .arity = 1, .options = round_five};
    int64_t two[] = {2};
    assert_null(sg_game_define(ctx, &def, two, 1));
    assert_string_equal(sg_ctx_message(ctx), "round: the moves go round in "
                        "a cycle: 2 -> 3 -> 4 -> 0 -> 1 -> 2");
    /* A long cycle is named by its ends. */
    int64_t twenty = 20;
    def.user = &twenty;
    assert_null(sg_game_define(ctx, &def, (int64_t[]){0}, 1));
    assert_string_equal(sg_ctx_message(ctx), "round: the moves go round in "
                        "a cycle: 0 -> 1 -> 2 -> 3 -> 4 -> 5 -> ... (9 more) "
                        "-> 15 -> 16 -> 17 -> 18 -> 19 -> 0");
    def = (sg_game_def){.name = "up", .arity = 1, .options = upwards,
                        .max_positions = 1000};
    assert_null(sg_game_define(ctx, &def, two, 1));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "up: more than 1000 positions "
                        "are reachable from the start (the definition's "
                        "max_positions)");
    /* A chain of 10^5: depth first without recursion. */
    def = (sg_game_def){.arity = 1, .options = chain};
    int64_t top[] = {99999};
    sg_game *g = define(def, top, 1);
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    assert_int_equal(value_of(g, l, "99999"), 1);
    assert_int_equal(value_of(g, l, "99998"), 0);
    sg_lookup_free(l);
    sg_game_free(g);
}

static void bad_definitions(void **state)
{
    (void)state;
    int64_t one[] = {1};
    sg_game_def def = {.arity = 1};
    assert_null(sg_game_define(ctx, &def, one, 1));
    assert_non_null(strstr(sg_ctx_message(ctx), "needs options()"));
    def.options = chain;
    def.arity = 0;
    assert_null(sg_game_define(ctx, &def, one, 1));
    assert_string_equal(sg_ctx_message(ctx), "a position has 1 to 8 numbers, "
                        "not 0");
    def.arity = SG_DEFINE_MAX_ARITY + 1;
    assert_null(sg_game_define(ctx, &def, one, 1));
    def.arity = 1;
    assert_null(sg_game_define(ctx, &def, one, 0));
    assert_non_null(strstr(sg_ctx_message(ctx), "at least one start"));
    size_t counts[] = {0, SG_DEFINE_MAX_PARTS + 1};
    for (int i = 0; i < 2; i++) {
        def = (sg_game_def){.name = "bad", .arity = 1, .options = bad_count,
                            .user = &counts[i]};
        assert_null(sg_game_define(ctx, &def, one, 1));
        char want[128];
        snprintf(want, sizeof want, "bad: an option leaves %zu positions; an "
                 "option leaves 1 to 64", counts[i]);
        assert_string_equal(sg_ctx_message(ctx), want);
    }
}

/* ---- every library function ------------------------------------------ */

static char *text_of(FILE *f, char **buf)
{
    fclose(f);
    return *buf;
}

static void every_library_function(void **state)
{
    (void)state;
    sg_game *g = define((sg_game_def){.name = "take 1, 3 or 4", .arity = 1,
                                      .options = take_134},
                        (int64_t[]){8}, 1);
    char *buf = NULL;
    size_t len = 0;

    /* A table, in computation order: 0, 1, ..., 8 (each move lowers the
     * number, so exploring from 8 numbers them so). */
    FILE *f = open_memstream(&buf, &len);
    sg_table_opts to = {.format = SG_TABLE_CSV};
    assert_int_equal(sg_table_write(ctx, g, 0, 8, &to, f), SG_OK);
    assert_non_null(strstr(text_of(f, &buf), "x,sg,pn\n0,0,P\n1,1,N\n2,0,P\n"
                                             "3,1,N\n4,2,N\n5,3,N\n6,2,N\n"
                                             "7,0,P\n8,1,N\n"));
    free(buf);

    /* A trace, worded by the targets' names. */
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    f = open_memstream(&buf, &len);
    assert_int_equal(sg_trace_write(ctx, tpl, g, 0, 8, f), SG_OK);
    assert_non_null(strstr(text_of(f, &buf), "sg(4): 4 -> {3; 1; 0}; "
                                             "mex{sg(3); sg(1); sg(0)} = "
                                             "mex{1,1,0} = 2  (N)\n"));
    free(buf);
    sg_template_free(tpl);

    /* A drawing, as SVG. */
    sg_drawing *d = sg_drawing_new(ctx, g, 8, NULL);
    assert_non_null(d);
    assert_int_equal(sg_drawing_node_count(d), 9);
    char *svg = NULL;
    assert_int_equal(sg_drawing_render_data(ctx, d, "svg", &svg, &len), SG_OK);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    sg_drawing_free(d);

    /* Steps. */
    sg_steps *st = sg_steps_new(ctx, g, 8, NULL);
    assert_non_null(st);
    assert_int_equal(sg_steps_count(st), 9);
    assert_string_equal(sg_steps_caption(st, 7), "sg(7) = mex{2,2,1} = 0");
    sg_steps_free(st);

    /* A homework sheet, one mistake at 5. */
    const char *sheet_text = "0 0\n1 1\n2 0\n3 1\n4 2\n5 2\n6 2\n7 0\n8 1\n";
    sg_sheet *sh = sg_sheet_parse(ctx, g, sheet_text, strlen(sheet_text),
                                  "hw", NULL);
    assert_non_null(sh);
    sg_check *ck = sg_check_new(ctx, g, sh, NULL);
    assert_non_null(ck);
    sg_check_summary sum;
    sg_check_get_summary(ck, &sum);
    assert_int_equal(sum.total, 9);
    assert_int_equal(sum.correct, 8);
    assert_int_equal(sum.first_error, 5);
    sg_check_free(ck);
    sg_sheet_free(sh);

    /* Lines of sums, as solve reads them. */
    f = open_memstream(&buf, &len);
    sg_batch_opts bo = {.first_name = "First", .second_name = "Second",
                        .layout = SG_BATCH_LINES};
    sg_batch *b = sg_batch_new(ctx, g, &bo, "stdin", f);
    assert_non_null(b);
    const char *in = "7\n4 6\n5 8 2\n";
    assert_int_equal(sg_batch_feed(ctx, b, in, strlen(in)), SG_OK);
    assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
    sg_batch_free(b);
    assert_string_equal(text_of(f, &buf), "Second\nSecond\nFirst\n");
    free(buf);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_as_the_engine),
        cmocka_unit_test(sums_of_positions),
        cmocka_unit_test(names_and_parsing),
        cmocka_unit_test(cycles_and_bounds),
        cmocka_unit_test(bad_definitions),
        cmocka_unit_test(every_library_function),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
