/*
 * test_rules.c - games whose rules a Lua file gives (sg_game_from_rules()):
 * Wythoff's game against the closed form of its P-positions, Kayles (whose
 * moves split a row into a sum) against a brute force written here, with
 * the moves asked of the file again through the engine; starts, labels
 * and names; every bad input with its message; the sandbox, which refuses
 * every way out of it; and the budget and the ceiling, which stop a loop
 * and a memory bomb.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
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

static sg_game *rules(const char *text, const sg_rules_opts *o)
{
    sg_ctx_clear(ctx);
    return sg_game_from_rules(ctx, text, strlen(text), "t.lua", o);
}

/* The values of every position of GAME, by the engine's fast path. */
static sg_values *all_values(const sg_game *game)
{
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, game,
                                sg_game_position_count(game) - 1, NULL, &v),
                     SG_OK);
    return v;
}

/* The value of the position named NAME. */
static sg_value value_of(const sg_game *game, const sg_values *v,
                         const char *name)
{
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, game, name, "test", &x),
                     SG_OK);
    return sg_values_get(v, x);
}

/* ---- Wythoff's game --------------------------------------------------- */

static const char *const wythoff =
    "name = \"Wythoff's game\"\n"
    "start = { {30, 30} }\n"
    "function moves(a, b)\n"
    "  local t = {}\n"
    "  for k = 1, a do t[#t + 1] = {a - k, b} end\n"
    "  for k = 1, b do t[#t + 1] = {a, b - k} end\n"
    "  for k = 1, math.min(a, b) do t[#t + 1] = {a - k, b - k} end\n"
    "  return t\n"
    "end\n";

/* The P-positions of Wythoff's game are (floor(k phi), floor(k phi^2))
 * and their mirror images, k = 0, 1, 2, ... */
static bool wythoff_p(int64_t a, int64_t b)
{
    const double phi = (1.0 + sqrt(5.0)) / 2.0;
    for (int64_t k = 0; k <= 40; k++) {
        int64_t lo = (int64_t)floor((double)k * phi);
        int64_t hi = (int64_t)floor((double)k * phi * phi);
        if ((a == lo && b == hi) || (a == hi && b == lo))
            return true;
    }
    return false;
}

static void wythoff_closed_form(void **state)
{
    (void)state;
    sg_game *g = rules(wythoff, NULL);
    assert_non_null(g);
    assert_int_equal(sg_game_kind_of(g), SG_GAME_RULES);
    assert_int_equal(sg_game_position_count(g), 31 * 31);
    assert_string_equal(sg_game_spec(g), "Wythoff's game");
    sg_values *v = all_values(g);
    size_t p = 0;
    for (uint64_t x = 0; x < sg_game_position_count(g); x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(sg_game_rules_position(g, x, t), 2);
        bool want = wythoff_p(t[0], t[1]);
        assert_int_equal(sg_values_get(v, x) == 0, want);
        p += want;
    }
    /* (0,0), and two of each pair (k phi, k phi^2) with k phi^2 <= 30:
     * k = 1..11. */
    assert_int_equal(p, 1 + 2 * 11);
    /* sg(1,2) = 0; sg(1,1) = 2, as the mex of {1, 1, 0}. */
    assert_int_equal(value_of(g, v, "1,2"), 0);
    assert_int_equal(value_of(g, v, "1,1"), 2);
    sg_values_free(v);
    sg_game_free(g);
}

/* The same game with its options flat, {a1, b1, a2, b2, ...}: every value
 * against the closed form, as above; and a flat list that goes wrong is
 * named by the option and its place in the list. */
static const char *const wythoff_flat =
    "start = { {30, 30} }\n"
    "function moves(a, b)\n"
    "  local t, n = {}, 0\n"
    "  for k = 1, a do t[n + 1] = a - k; t[n + 2] = b; n = n + 2 end\n"
    "  for k = 1, b do t[n + 1] = a; t[n + 2] = b - k; n = n + 2 end\n"
    "  for k = 1, math.min(a, b) do\n"
    "    t[n + 1] = a - k; t[n + 2] = b - k; n = n + 2\n"
    "  end\n"
    "  return t\n"
    "end\n";

static void flat_options(void **state)
{
    (void)state;
    sg_game *g = rules(wythoff_flat, NULL);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 31 * 31);
    sg_values *v = all_values(g);
    size_t p = 0;
    for (uint64_t x = 0; x < sg_game_position_count(g); x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(sg_game_rules_position(g, x, t), 2);
        bool want = wythoff_p(t[0], t[1]);
        assert_int_equal(sg_values_get(v, x) == 0, want);
        p += want;
    }
    assert_int_equal(p, 1 + 2 * 11);
    assert_int_equal(value_of(g, v, "1,1"), 2);
    sg_values_free(v);
    sg_game_free(g);

    sg_rules_opts o = {.size = sizeof o, .positions = "2,2"};
    assert_null(rules("function moves(a, b)\n"
                      "  if a + b == 0 then return {} end\n"
                      "  return {0, 0, 1, \"x\"} end\n", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua:1: moves(2,2): option 2 (numbers 3 to 4 of "
                        "the flat list): number 2 is the string \"x\"");
    /* An odd count is no flat list: the first number is read as an
     * option, and refused as one. */
    assert_null(rules("function moves(a, b) return {0, 0, 1} end\n", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua:1: moves(2,2): option 1 is the number 0, but a "
                        "position of this game has 2 numbers");
}

/* A position asked alone explores only what it reaches. */
static void explores_what_is_asked(void **state)
{
    (void)state;
    sg_rules_opts o = {.size = sizeof o, .positions = "3,5"};
    sg_game *g = rules(wythoff, &o);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 4 * 6);
    sg_values *v = all_values(g);
    assert_int_equal(value_of(g, v, "3,5"), 0);
    sg_values_free(v);
    sg_game_free(g);
    /* -n N: (N, N) for a game of two numbers. */
    o = (sg_rules_opts){.size = sizeof o, .has_max = 1, .max = 4};
    g = rules(wythoff, &o);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 25);
    sg_game_free(g);
    /* --start with several positions and a sum. */
    o = (sg_rules_opts){.size = sizeof o, .start = "2,0  0,3+1,1"};
    g = rules(wythoff, &o);
    assert_non_null(g);
    /* 2,0 reaches 1,0 and 0,0; 0,3 adds 0,2 and 0,1; 1,1 only itself. */
    assert_int_equal(sg_game_position_count(g), 3 + 3 + 1);
    sg_game_free(g);
}

/* ---- Kayles, whose moves leave sums ------------------------------------ */

static const char *const kayles =
    "name = 'Kayles'\n"
    "function moves(n)\n"
    "  local t = {}\n"
    "  for take = 1, 2 do\n"
    "    for left = 0, n - take do\n"
    "      local right = n - take - left\n"
    "      if left == 0 or right == 0 then t[#t + 1] = left + right\n"
    "      else t[#t + 1] = sum({left}, right) end\n"
    "    end\n"
    "  end\n"
    "  return t\n"
    "end\n";

/* Kayles by brute force: every way to knock down one pin or two side by
 * side, the two rows left played as a sum. */
static unsigned kayles_brute(unsigned n, unsigned *memo)
{
    if (memo[n] != UINT32_MAX)
        return memo[n];
    bool seen[256] = {false};
    for (unsigned take = 1; take <= 2 && take <= n; take++)
        for (unsigned left = 0; left + take <= n; left++) {
            unsigned right = n - take - left;
            unsigned v = kayles_brute(left, memo) ^ kayles_brute(right, memo);
            if (v < 256)
                seen[v] = true;
        }
    unsigned mex = 0;
    while (seen[mex])
        mex++;
    return memo[n] = mex;
}

/* Counts the engine's steps and checks each value. */
typedef struct steps_seen {
    const unsigned *want;
    uint64_t n;
    size_t most_moves;
} steps_seen;

static int check_step(void *user, const sg_step *s)
{
    steps_seen *seen = user;
    assert_int_equal(s->sg, seen->want[s->x]);
    if (s->nmoves > seen->most_moves)
        seen->most_moves = s->nmoves;
    seen->n++;
    return 0;
}

static void kayles_against_brute_force(void **state)
{
    (void)state;
    enum { N = 80 };
    unsigned memo[N + 1];
    for (unsigned i = 0; i <= N; i++)
        memo[i] = UINT32_MAX;
    sg_rules_opts o = {.size = sizeof o, .has_max = 1, .max = N};
    sg_game *g = rules(kayles, &o);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), N + 1);
    sg_values *v = all_values(g);
    unsigned want[N + 1];
    for (unsigned n = 0; n <= N; n++) {
        char name[8];
        snprintf(name, sizeof name, "%u", n);
        want[n] = kayles_brute(n, memo);
        assert_int_equal(value_of(g, v, name), want[n]);
    }
    /* The numbers of the positions, in the order of exploring, are the
     * heaps' own here: each heap is reached from a larger one. */
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, g, "37", "t", &x), SG_OK);
    /* Through the engine's moves, asked of the file again. */
    steps_seen seen = {NULL, 0, 0};
    unsigned by_x[N + 1];
    for (uint64_t i = 0; i <= N; i++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(sg_game_rules_position(g, i, t), 1);
        by_x[i] = want[t[0]];
    }
    seen.want = by_x;
    sg_compute_opts co = {.on_step = check_step, .user = &seen,
                          .with_moves = 1};
    assert_int_equal(sg_compute(ctx, g, N, &co, NULL), SG_OK);
    assert_int_equal(seen.n, N + 1);
    /* Row 80: 80 ways to take one pin, 79 to take two. */
    assert_int_equal(seen.most_moves, 80 + 79);
    sg_values_free(v);
    sg_game_free(g);
}

/* Kayles written as rules against -t kayles. */
static void kayles_against_its_code(void **state)
{
    (void)state;
    sg_rules_opts o = {.size = sizeof o, .has_max = 1, .max = 200};
    sg_game *g = rules(kayles, &o);
    assert_non_null(g);
    sg_game *code = sg_game_from_code(ctx, "kayles", "test");
    assert_non_null(code);
    sg_values *v = all_values(g), *w = NULL;
    assert_int_equal(sg_compute(ctx, code, 200, NULL, &w), SG_OK);
    for (uint64_t x = 0; x <= 200; x++) {
        char name[8];
        snprintf(name, sizeof name, "%u", (unsigned)x);
        assert_int_equal(value_of(g, v, name), sg_values_get(w, x));
    }
    sg_values_free(v);
    sg_values_free(w);
    sg_game_free(code);
    sg_game_free(g);
}

/* ---- names, starts, labels ------------------------------------------- */

static void labels_and_starts(void **state)
{
    (void)state;
    sg_game *g = rules("start = {3, 5}\n"
                       "function moves(a, b)\n"
                       "  if a == 0 then return {} end\n"
                       "  return {{a - 1, b}}\n"
                       "end\n"
                       "function label(a, b) return a .. ' of ' .. b end\n",
                       NULL);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 4);
    char buf[64];
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, g, "2,5", "t", &x), SG_OK);
    assert_string_equal(sg_game_position_name(g, x, buf, sizeof buf),
                        "2 of 5");
    /* ... and found by its label too. */
    uint64_t y;
    assert_int_equal(sg_game_find_position(ctx, g, "2 of 5", "t", &y), SG_OK);
    assert_int_equal(y, x);
    assert_int_not_equal(sg_game_find_position(ctx, g, "9 of 5", "t", &y),
                         SG_OK);
    sg_game_free(g);

    /* A game of one number, the start a plain number, and a vararg moves
     * whose count of numbers the start gives. */
    g = rules("start = 4\n"
              "function moves(...)\n"
              "  local n = ...\n"
              "  if n == 0 then return {} end\n"
              "  return {n - 1}\n"
              "end\n", NULL);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 5);
    sg_game_free(g);
    /* Several positions as starts, a float that is a whole number. */
    g = rules("start = {1, 2, 6}\n"
              "function moves(n)\n"
              "  if n == 0 then return {} end\n"
              "  return {n / 2 // 1, n - 1}\n"
              "end\n", NULL);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 7);
    sg_game_free(g);
}

/* ---- bad input ------------------------------------------------------- */

typedef struct bad_case {
    const char *text;
    const char *start; /* --start, or NULL */
    const char *message;
} bad_case;

static void bad_inputs(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        /* Lua's own errors, with the file and the line. */
        {"function moves(a)\n  return {a - 1\nend\n", "3",
         "t.lua:3: '}' expected (to close '{' at line 2) near 'end'"},
        {"function moves(a)\n  local x\n  return x.y\nend\n", "3",
         "t.lua:3: attempt to index a nil value (local 'x')"},
        {"function moves(a) error('no moves here') end", "3",
         "t.lua:1: no moves here"},
        {"function moves(a) error({}) end", "3",
         "t.lua: the rules raised an error that is not a string (a table)"},
        {"x = ", "3", "t.lua:1: unexpected symbol near <eof>"},
        {"error('at load')", "3", "t.lua:1: at load"},
        /* An option that is not a position. */
        {"function moves(a)\n  return {'x'}\nend\n", "3",
         "t.lua:1: moves(3): option 1 is the string \"x\", not a position"},
        {"function moves(a) if a == 0 then return {} end return {0, 2.5} "
         "end", "3", "t.lua:1: moves(3): option 2 is 2.5, not a whole number"},
        {"function moves(a) return {true} end", "3",
         "t.lua:1: moves(3): option 1 is boolean, not a position"},
        {"function moves(a) return {{}} end", "3",
         "t.lua:1: moves(3): option 1 has 0 numbers, but a position of this "
         "game has 1"},
        {"function moves(a) return 7 end", "3",
         "t.lua:1: moves(3) returned the number 7, not a table of options"},
        {"function moves(a) return {sum(0, 'y')} end", "3",
         "t.lua:1: moves(3): option 1 is a sum whose part 2 is the string "
         "\"y\", not a position"},
        {"function moves(a) return {sum()} end", "3",
         "t.lua:1: sum() takes 1 to 64 positions, not 0"},
        /* The wrong count of numbers. */
        {"function moves(a, b) return {{a, b, 1}} end", "3,4",
         "t.lua:1: moves(3,4): option 1 has 3 numbers, but a position of "
         "this game has 2"},
        {"function moves(a, b) return {a} end", "3,4",
         "t.lua:1: moves(3,4): option 1 is the number 3, but a position of "
         "this game has 2 numbers"},
        {"function moves(a, b) return {} end", "3",
         "--start \"3\": a position of t.lua has 2 numbers, not 1"},
        {"function moves(a) return {} end", "3,x",
         "--start \"3,x\": a position of t.lua has 1 number, not 2"},
        {"function moves(a) return {} end", "x",
         "--start \"x\": not a position (whole numbers apart by commas, such "
         "as 3,5)"},
        {"function moves() return {} end", "3",
         "t.lua:1: moves() takes no numbers; give it one argument per number "
         "of a position, as in function moves(a, b)"},
        {"function moves(a,b,c,d,e,f,g,h,i) return {} end", "3",
         "t.lua:1: moves() takes 9 numbers; a position has 1 to 8"},
        {"function moves(...) return {} end", NULL,
         "t.lua:1: moves(...) takes any numbers, and no start says how many "
         "a position has; name them, as in function moves(a, b)"},
        /* The file's globals. */
        {"x = 1", "3", "t.lua: no moves function: define function moves(a, "
                       "b, ...) returning the options of a position"},
        {"moves = 5", "3", "t.lua: moves is the number 5, not a function"},
        {"name = {} function moves(a) return {} end", "3",
         "t.lua: name is table, not a string"},
        {"function moves(a) return {} end", NULL,
         "t.lua: no position to explore from: set start in the file, or "
         "give --start, -n N or positions"},
        {"start = 'x' function moves(a) return {} end", NULL,
         "t.lua: start is the string \"x\", not a list of positions such as "
         "{ {9, 9}, {3, 5} }"},
        {"start = {{1, 2}} function moves(a) return {} end", NULL,
         "t.lua: start position 1 has 2 numbers, but a position of this game "
         "has 1"},
        {"start = 2 function moves(a) return {} end\n"
         "function label(a) return {} end", NULL,
         "t.lua:2: label(2) returned table, not a string"},
        /* Every label is read: one that fails late, one that two
         * positions share, one with a line break. */
        {"start = 4 function moves(a) if a > 0 then return {a - 1} end "
         "return {} end\n"
         "function label(a) if a == 3 then error('no name') end "
         "return 'p' .. a end", NULL, "t.lua:2: no name"},
        {"start = 4 function moves(a) if a > 0 then return {a - 1} end "
         "return {} end\n"
         "function label(a) return 'p' .. a % 2 end", NULL,
         "t.lua:2: label(0) and label(2) both return \"p0\"; each position "
         "needs a name of its own"},
        {"start = 1 function moves(a) if a > 0 then return {a - 1} end "
         "return {} end\n"
         "function label(a) return 'p\\t' .. a end", NULL,
         "t.lua:2: label(0) returned a name with a control character (a "
         "line break, a tab), which would break the lines of tables and "
         "traces"},
        {"start = 1 function moves(a) return {} end\n"
         "function label(a) return '' end", NULL,
         "t.lua:2: label(1) returned an empty string"},
        /* Tables with metatables are not read raw behind Lua's back. */
        {"function moves(a) if a == 0 then return {} end\n"
         "return setmetatable({}, {__index = function() return a - 1 end, "
         "__len = function() return 1 end}) end", "3",
         "t.lua:1: moves(3) returned a table with a metatable; the options "
         "are a plain table"},
        {"function moves(a, b) if a == 0 then return {} end\n"
         "return {setmetatable({}, {__index = function(t, k) return 0 end, "
         "__len = function() return 2 end})} end", "1,1",
         "t.lua:1: moves(1,1): option 1 is a table with a metatable; a "
         "position is a plain table of numbers"},
        /* Cycles, named. */
        {"function moves(a) return {(a + 1) % 3} end", "0",
         "t.lua: the moves go round in a cycle: 0 -> 1 -> 2 -> 0"},
        {"function moves(a, b) return {{b, a}} end", "1,2",
         "t.lua: the moves go round in a cycle: 1,2 -> 2,1 -> 1,2"},
        {"function moves(a) return {sum(a)} end", "4",
         "t.lua: the moves go round in a cycle: 4 -> 4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_rules_opts o = {.size = sizeof o, .start = cases[i].start};
        sg_game *g = rules(cases[i].text, &o);
        if (g)
            fail_msg("case %zu was taken: %s", i, cases[i].text);
        if (strcmp(sg_ctx_message(ctx), cases[i].message) != 0)
            fail_msg("case %zu: \"%s\", not \"%s\"", i, sg_ctx_message(ctx),
                     cases[i].message);
    }
}

static void bounds(void **state)
{
    (void)state;
    /* Too many positions, naming the bound. */
    sg_rules_opts o = {.size = sizeof o, .start = "0", .max_positions = 100};
    assert_null(rules("function moves(a) return {a + 1} end", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: more than 100 positions are reachable from "
                        "the start, the bound (--explore-max)");
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    o = (sg_rules_opts){.size = sizeof o, .has_max = 1, .max = 1000,
                        .max_positions = 100};
    assert_null(rules("function moves(a) return {} end", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "-n 1000: more than 100 positions, the bound "
                        "(--explore-max)");
    /* A chain of 200000 positions needs no deep recursion. */
    o = (sg_rules_opts){.size = sizeof o, .start = "200000"};
    sg_game *g = rules("function moves(a) if a == 0 then return {} end "
                       "return {a - 1} end", &o);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 200001);
    sg_game_free(g);
}

/* ---- the sandbox ----------------------------------------------------- */

static void sandbox_refuses(void **state)
{
    (void)state;
    static const char *const escapes[][2] = {
        {"io.open('/etc/passwd')", "attempt to index a nil value (global "
                                   "'io')"},
        {"os.execute('true')", "attempt to index a nil value (global 'os')"},
        {"require('os')", "attempt to call a nil value (global 'require')"},
        {"load('\\27Lua')", "attempt to call a nil value (global 'load')"},
        {"loadfile('/etc/passwd')", "attempt to call a nil value (global "
                                    "'loadfile')"},
        {"dofile('/etc/passwd')", "attempt to call a nil value (global "
                                  "'dofile')"},
        {"string.dump(moves)", "attempt to call a nil value (field 'dump')"},
        {"debug.getinfo(1)", "attempt to index a nil value (global 'debug')"},
        {"package.loadlib('x', 'y')", "attempt to index a nil value (global "
                                      "'package')"},
        {"collectgarbage('stop')", "attempt to call a nil value (global "
                                   "'collectgarbage')"},
        {"print('out')", "attempt to call a nil value (global 'print')"},
        {"coroutine.wrap(moves)", "attempt to index a nil value (global "
                                  "'coroutine')"},
        {"(''):dump()", "attempt to call a nil value (method 'dump')"},
    };
    for (size_t i = 0; i < sizeof escapes / sizeof escapes[0]; i++) {
        char text[256], want[256];
        snprintf(text, sizeof text, "function moves(a)\n  %s\n  return {}\n"
                 "end\n", escapes[i][0]);
        snprintf(want, sizeof want, "t.lua:2: %s", escapes[i][1]);
        sg_rules_opts o = {.size = sizeof o, .start = "1"};
        sg_game *g = rules(text, &o);
        if (g)
            fail_msg("escape %zu was let through: %s", i, escapes[i][0]);
        if (strcmp(sg_ctx_message(ctx), want) != 0)
            fail_msg("escape %zu: \"%s\", not \"%s\"", i,
                     sg_ctx_message(ctx), want);
    }
    /* Finalizers are refused; a metatable of the file's own on _G does
     * not run when sgviz reads the file's globals; an error that is a
     * number is named as such. */
    sg_rules_opts so = {.size = sizeof so, .start = "2", .steps = 100000};
    assert_null(rules("function moves(a) return {} end\n"
                      "keep = setmetatable({}, {__gc = function() "
                      "while true do end end})\n", &so));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua:2: a rules file may not set __gc (finalizers "
                        "run where the budget cannot stop them)");
    sg_game *trap = rules("function moves(a) if a == 0 then return {} end "
                          "return {a - 1} end\n"
                          "keep = setmetatable({}, {__close = function() "
                          "while true do end end})\n"
                          "setmetatable(_G, {__index = function() "
                          "while true do end end})\n", &so);
    if (!trap)
        fail_msg("%s", sg_ctx_message(ctx));
    assert_int_equal(sg_game_position_count(trap), 3);
    sg_game_free(trap);
    assert_null(rules("function moves(a) error(5) end", &so));
    assert_string_equal(sg_ctx_message(ctx), "t.lua: the rules raised an "
                                             "error that is not a string (a "
                                             "number)");
    /* A binary chunk as the file itself. */
    static const char chunk[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n";
    sg_ctx_clear(ctx);
    assert_null(sg_game_from_rules(ctx, chunk, sizeof chunk - 1, "t.lua",
                                   NULL));
    assert_string_equal(sg_ctx_message(ctx), "t.lua: attempt to load a "
                                             "binary chunk (mode is 't')");
    /* What a file may use works. */
    sg_rules_opts o = {.size = sizeof o, .start = "5"};
    sg_game *g = rules("function moves(a)\n"
                       "  local s = string.format('%d', a) .. utf8.char(32)\n"
                       "  local t = {}\n"
                       "  for i = 1, math.min(a, #s) do table.insert(t, a - i) end\n"
                       "  return t\n"
                       "end\n", &o);
    assert_non_null(g);
    sg_game_free(g);
}

static void budget_and_ceiling(void **state)
{
    (void)state;
    /* An endless loop, with a small budget. */
    sg_rules_opts o = {.size = sizeof o, .start = "1", .steps = 100000};
    assert_null(rules("function moves(a)\n  while true do end\nend\n", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: one call ran more than 100000 Lua steps, the "
                        "budget (--lua-steps) at t.lua:2");
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    /* A pcall in the file cannot swallow the budget's error. */
    assert_null(rules("function moves(a)\n"
                      "  while true do pcall(function() while true do end "
                      "end) end\n"
                      "end\n", &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "the budget (--lua-steps)"));
    /* Work that Lua's C functions do out of the hook's sight is charged
     * too: a backtracking pattern, string.rep and table.move over
     * nothing. */
    static const char *const hidden[] = {
        ("  local s = string.rep('a', 40)\n"
         "  s:find(string.rep('a*', 40) .. 'b')\n"),
        "  string.rep('', 1e18)\n",
        "  table.move({}, 1, math.maxinteger - 1, 2)\n",
        "  pcall(string.rep, '', 1e18)\n  while true do end\n",
    };
    for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "function moves(a)\n%s  return {}\nend\n",
                 hidden[i]);
        if (rules(text, &o))
            fail_msg("hidden work %zu ran through", i);
        assert_non_null(strstr(sg_ctx_message(ctx), "the budget (--lua-steps)"));
    }
    /* ... while their ordinary use costs little. */
    sg_game *g = rules("function moves(a)\n"
                       "  local x, y = ('12,34'):match('(%d+),(%d+)')\n"
                       "  assert(x == '12' and y == '34')\n"
                       "  local t = table.move({1, 2, 3}, 1, 3, 2)\n"
                       "  assert(t[4] == 3 and ('ab'):rep(2) == 'abab')\n"
                       "  assert(('a b'):gsub(' ', '') == 'ab')\n"
                       "  return {}\n"
                       "end\n", &o);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    sg_game_free(g);
    /* A loop in the file's main chunk. */
    assert_null(rules("while true do end", &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "the budget (--lua-steps)"));
    /* The default budget stops the loop too. */
    o = (sg_rules_opts){.size = sizeof o, .start = "1"};
    assert_null(rules("function moves(a) while true do end end", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: one call ran more than 100000000 Lua steps, "
                        "the budget (--lua-steps) at t.lua:1");
    /* A memory bomb, under a small ceiling and the default. */
    o = (sg_rules_opts){.size = sizeof o, .start = "1", .memory = 4 << 20};
    assert_null(rules("function moves(a)\n"
                      "  local s = 'x'\n"
                      "  while true do s = s .. s end\n"
                      "end\n", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: the rules used more than 4.0 MiB of memory, "
                        "the ceiling (--lua-memory)");
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_null(rules("function moves(a)\n"
                      "  local t = {}\n"
                      "  for i = 1, 1e9 do t[i] = {i} end\n"
                      "end\n", &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "the ceiling"));
    /* pcall catches the memory error; it stands all the same. */
    assert_null(rules("function moves(a)\n"
                      "  while true do pcall(function() local t = {} for i = "
                      "1, 1e9 do t[i] = i end end) end\n"
                      "end\n", &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "the ceiling"));
    o.memory = 0;
    assert_null(rules("function moves(a) local t = {} for i = 1, 1e9 do "
                      "t[i] = i end end", &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: the rules used more than 256.0 MiB of "
                        "memory, the ceiling (--lua-memory)");
}

/* ---- Positions inside and outside the starts' box ---------------------- */

/* A game whose second number grows: from (a, b), (a - 1, b + 1) when
 * a > 0, and (a, b - 1) when b > 0 (2a + b falls by one each move).  The
 * positions with b past the start's are outside the box that the index
 * keeps for numbers from 0 to the start's (rules.c), and are hashed. */
static unsigned climb_value(int a, int b, unsigned memo[][64])
{
    if (memo[a][b] != UINT32_MAX)
        return memo[a][b];
    bool seen[4] = {false};
    if (a > 0)
        seen[climb_value(a - 1, b + 1, memo)] = true;
    if (b > 0)
        seen[climb_value(a, b - 1, memo)] = true;
    unsigned m = 0;
    while (seen[m])
        m++;
    return memo[a][b] = m;
}

static void box_and_hash(void **state)
{
    (void)state;
    static unsigned memo[16][64];
    memset(memo, 0xff, sizeof memo);
    static const char *const texts[] = {
        ("function moves(a, b)\n"
         "  local t = {}\n"
         "  if a > 0 then t[#t + 1] = {a - 1, b + 1} end\n"
         "  if b > 0 then t[#t + 1] = {a, b - 1} end\n"
         "  return t\n"
         "end\n"),
        ("function moves(a, b)\n"
         "  local t = {}\n"
         "  if a > 0 then t[#t + 1] = a - 1; t[#t + 1] = b + 1 end\n"
         "  if b > 0 then t[#t + 1] = a; t[#t + 1] = b - 1 end\n"
         "  return t\n"
         "end\n"),
    };
    for (size_t f = 0; f < 2; f++) {
        sg_rules_opts o = {.size = sizeof o, .start = "9,4"};
        sg_game *g = rules(texts[f], &o);
        if (!g)
            fail_msg("%s", sg_ctx_message(ctx));
        sg_values *v = all_values(g);
        size_t met = 0;
        for (int a = 0; a <= 9; a++)
            for (int b = 0; b <= 4 + 9 - a; b++) {
                char name[16];
                snprintf(name, sizeof name, "%d,%d", a, b);
                uint64_t x;
                if (sg_game_find_position(ctx, g, name, "test", &x) != SG_OK)
                    continue;
                met++;
                assert_int_equal(sg_values_get(v, x), climb_value(a, b, memo));
                /* The moves asked again find their positions, boxed and
                 * hashed alike. */
                assert_int_equal(sg_game_check_moves(ctx, g, x), SG_OK);
            }
        assert_int_equal(met, sg_game_position_count(g));
        /* (0, 13) is reached, outside the box of 10 x 5. */
        assert_int_equal(value_of(g, v, "0,13"), climb_value(0, 13, memo));
        sg_values_free(v);
        sg_game_free(g);
    }
    /* Negative numbers: no box at all.  Moving n to n + 1 or n + 2 up to
     * 0 is the subtraction game {1, 2} on -n, whose values are -n mod 3. */
    sg_rules_opts o = {.size = sizeof o, .start = "-40"};
    sg_game *g = rules("function moves(n)\n"
                       "  local t = {}\n"
                       "  if n + 1 <= 0 then t[#t + 1] = n + 1 end\n"
                       "  if n + 2 <= 0 then t[#t + 1] = n + 2 end\n"
                       "  return t\n"
                       "end\n", &o);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    assert_int_equal(sg_game_position_count(g), 41);
    sg_values *v = all_values(g);
    for (int n = -40; n <= 0; n++) {
        char name[16];
        snprintf(name, sizeof name, "%d", n);
        assert_int_equal(value_of(g, v, name), (unsigned)(-n % 3));
    }
    sg_values_free(v);
    sg_game_free(g);
}

/* A handler of the clock's signal that must stay the program's own. */
static volatile sig_atomic_t program_ticks;
static void program_handler(int sig)
{
    (void)sig;
    program_ticks++;
}

/* A large budget is counted from a call's first hundredth of a second
 * (rules.c, "The budget's clock"): it still passes a call under it and
 * stops one over it, and gives the clock's signal back as it found it. */
static void budget_on_the_clock(void **state)
{
    (void)state;
    const int tick = SIGRTMAX - 4;
    sg_rules_opts o = {.size = sizeof o, .start = "1", .steps = 1 << 25};
    /* About 4 million instructions in one call, under 33.5 million. */
    sg_game *g = rules("function moves(a)\n"
                       "  local s = 0\n"
                       "  for i = 1, 4e6 do s = s + i end\n"
                       "  return {}\n"
                       "end\n", &o);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    sg_game_free(g);
    const char *loop = "function moves(a)\n  while true do end\nend\n";
    assert_null(rules(loop, &o));
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: one call ran more than 33554432 Lua steps, "
                        "the budget (--lua-steps) at t.lua:2");
    struct sigaction now;
    assert_int_equal(sigaction(tick, NULL, &now), 0);
    assert_true(now.sa_handler == SIG_DFL);
    /* A program that handles the signal itself keeps its handler, and the
     * budget is counted from every call's first instruction instead. */
    struct sigaction mine;
    memset(&mine, 0, sizeof mine);
    mine.sa_handler = program_handler;
    sigemptyset(&mine.sa_mask);
    assert_int_equal(sigaction(tick, &mine, NULL), 0);
    assert_null(rules(loop, &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "the budget (--lua-steps)"));
    assert_int_equal(sigaction(tick, NULL, &now), 0);
    assert_true(now.sa_handler == program_handler);
    assert_int_equal(program_ticks, 0);
    signal(tick, SIG_DFL);
    /* A thread that blocks the signal is counted exactly too: the clock
     * would never reach it. */
    sigset_t block, was;
    sigemptyset(&block);
    sigaddset(&block, tick);
    assert_int_equal(sigprocmask(SIG_BLOCK, &block, &was), 0);
    assert_null(rules(loop, &o));
    assert_non_null(strstr(sg_ctx_message(ctx), "the budget (--lua-steps)"));
    assert_int_equal(sigprocmask(SIG_SETMASK, &was, NULL), 0);
}

/* Judges' input through the file's read(). */
static void read_judges_lines(void **state)
{
    (void)state;
    const char *text =
        "function moves(a, b)\n"
        "  local t = {}\n"
        "  for k = 1, a do t[#t + 1] = {a - k, b} end\n"
        "  for k = 1, b do t[#t + 1] = {a, b - k} end\n"
        "  return t\n"
        "end\n"
        "function read(line)\n"
        "  if line == 'end' then return nil end\n"
        "  local t = {}\n"
        "  for a, b in line:gmatch('(%d+)/(%d+)') do\n"
        "    t[#t + 1] = {tonumber(a), tonumber(b)}\n"
        "  end\n"
        "  return t\n"
        "end\n";
    const char *input = "3/5 12/1\r\nend\n40/2\n";
    sg_rules_opts o = {.size = sizeof o, .input = input,
                       .input_len = strlen(input), .input_name = "stdin"};
    sg_game *g = rules(text, &o);
    assert_non_null(g);
    size_t len;
    const char *got = sg_game_rules_input(g, &len);
    assert_non_null(got);
    assert_int_equal(len, strlen("3,5 12,1\n40,2\n"));
    assert_memory_equal(got, "3,5 12,1\n40,2\n", len);
    /* Explored from what the lines name: (40,2) reaches 41 x 3 positions,
     * and (12,1) and (3,5) add those with b = 3..5 and a <= 3. */
    assert_int_equal(sg_game_position_count(g), 41 * 3 + 4 * 3);
    /* Two heaps without the diagonal move are Nim: a XOR b. */
    sg_values *v = all_values(g);
    assert_int_equal(value_of(g, v, "3,5"), 3 ^ 5);
    assert_int_equal(value_of(g, v, "40,2"), 40 ^ 2);
    sg_values_free(v);
    sg_game_free(g);
    /* What read() returns must be positions. */
    static const char *const bad[][2] = {
        {"return 7", "stdin:1: t.lua: read() returned a value that is the "
                     "number 7, but a position of this game has 2 numbers"},
        {"return {{1}}", "stdin:1: t.lua: read() returned a sum whose "
                         "position 1 has 1 numbers, but a position of this "
                         "game has 2"},
        {"return {}", "stdin:1: t.lua: read() returned a list of 0 "
                      "positions; a sum has 1 to 64"},
        {"error('no')", "t.lua:1: no"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char file[256];
        snprintf(file, sizeof file, "function read(l) %s end\n"
                 "function moves(a, b) return {} end\n", bad[i][0]);
        o = (sg_rules_opts){.size = sizeof o, .input = "1 2\n",
                            .input_len = 4, .input_name = "stdin"};
        assert_null(rules(file, &o));
        assert_string_equal(sg_ctx_message(ctx), bad[i][1]);
    }
    /* Without read(), the words of the input that are positions. */
    o = (sg_rules_opts){.size = sizeof o, .input = "2,1 x\n0,3+1,1\n",
                        .input_len = 14};
    g = rules(wythoff, &o);
    assert_non_null(g);
    assert_null(sg_game_rules_input(g, &len));
    /* 2,1 reaches a <= 2, b <= 1; 0,3 adds 0,2 and 0,3; 1,1 is there. */
    assert_int_equal(sg_game_position_count(g), 3 * 2 + 2);
    sg_game_free(g);
}

/* Moves that differ when asked again are the file's fault, reported. */
static void moves_asked_again(void **state)
{
    (void)state;
    sg_rules_opts o = {.size = sizeof o, .start = "6"};
    sg_game *g = rules("calls = 0\n"
                       "function moves(n)\n"
                       "  calls = calls + 1\n"
                       "  if n == 0 or calls > 7 then return {} end\n"
                       "  return {n - 1}\n"
                       "end\n", &o);
    assert_non_null(g);
    /* The values kept while exploring alternate: 6 is sg 0. */
    sg_values *v = all_values(g);
    assert_int_equal(value_of(g, v, "6"), 0);
    assert_int_equal(value_of(g, v, "5"), 1);
    sg_values_free(v);
    /* Asked again, the file says no position has moves: checking the
     * moves up to 6 asks for them again and names the fault, and a trace
     * is refused before a line of it is written. */
    assert_int_not_equal(sg_game_check_moves(ctx, g, 6), SG_OK);
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    assert_int_not_equal(sg_trace_write(ctx, tpl, g, 0, 6, mem), SG_OK);
    fclose(mem);
    assert_int_equal(len, 0);
    free(text);
    sg_template_free(tpl);
    assert_string_equal(sg_ctx_message(ctx),
                        "t.lua: moves() answered otherwise when asked again "
                        "for the same position; its options must depend on "
                        "the position alone");
    sg_game_free(g);
}

/* Traces and tables of a rules game, through the library. */
static void through_the_library(void **state)
{
    (void)state;
    sg_rules_opts o = {.size = sizeof o, .start = "2,1"};
    sg_game *g = rules(wythoff, &o);
    assert_non_null(g);
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(sg_trace_write(ctx, tpl, g, 0,
                                    sg_game_position_count(g) - 1, f),
                     SG_OK);
    fclose(f);
    assert_non_null(strstr(buf, "sg(2,1): 2,1 -> {1,1; 0,1; 2,0; 1,0}; "
                                "mex{sg(1,1); sg(0,1); sg(2,0); sg(1,0)} = "
                                "mex{2,1,2,1} = 0  (P)\n"));
    free(buf);
    sg_template_free(tpl);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wythoff_closed_form),
        cmocka_unit_test(flat_options),
        cmocka_unit_test(explores_what_is_asked),
        cmocka_unit_test(kayles_against_brute_force),
        cmocka_unit_test(kayles_against_its_code),
        cmocka_unit_test(labels_and_starts),
        cmocka_unit_test(bad_inputs),
        cmocka_unit_test(bounds),
        cmocka_unit_test(sandbox_refuses),
        cmocka_unit_test(budget_and_ceiling),
        cmocka_unit_test(budget_on_the_clock),
        cmocka_unit_test(box_and_hash),
        cmocka_unit_test(read_judges_lines),
        cmocka_unit_test(moves_asked_again),
        cmocka_unit_test(through_the_library),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
