/*
 * games.c - the registry of game kinds: the option that names each kind on
 * the command line, its help, and the library call that makes the game.
 *
 * Every command takes every kind listed here; a new kind of game is one
 * line in this table (and its file under src/games/).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static sg_game *open_set(sg_ctx *ctx, const char *arg)
{
    return sg_game_from_spec(ctx, arg, "--set");
}

static sg_game *open_code(sg_ctx *ctx, const char *arg)
{
    return sg_game_from_code(ctx, arg, "--code");
}

static sg_game *open_coins(sg_ctx *ctx, const char *arg)
{
    return sg_game_from_coins(ctx, arg, "--coins");
}

/* A Hackenbush game is every picture given: -H's own and the operands that
 * name more (solve -H a.dot b.dot). */
static sg_game *open_hackenbush(sg_ctx *ctx, const cli_game_args *args,
                                size_t kind)
{
    const char **paths = malloc((args->noperands + 1) * sizeof *paths);
    if (!paths) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    paths[0] = args->game[kind];
    for (size_t i = 0; i < args->noperands; i++)
        paths[i + 1] = args->operands[i];
    sg_game *game = sg_game_read_hackenbush(ctx, paths, args->noperands + 1,
                                            args->ground);
    free(paths);
    return game;
}

/* Joins the operands of ARGS and --position into one list of positions,
 * a new string (NULL when there are none; *FAILED on no memory). */
static char *named_positions(const cli_game_args *args, bool *failed)
{
    size_t len = args->position ? strlen(args->position) : 0;
    for (size_t i = 0; i < args->noperands; i++)
        len += strlen(args->operands[i]) + 1;
    *failed = false;
    if (len == 0 && !args->position)
        return NULL;
    /* Each operand and the space after it, --position, the NUL. */
    char *text = malloc(len + 1);
    if (!text) {
        *failed = true;
        return NULL;
    }
    text[0] = '\0';
    for (size_t i = 0; i < args->noperands; i++) {
        strcat(text, args->operands[i]);
        strcat(text, " ");
    }
    if (args->position)
        strcat(text, args->position);
    return text;
}

/* A rules file (or shared object), explored from what the command names:
 * --start, -n, the operands and --position; else from the file's start. */
static sg_game *open_rules_args(sg_ctx *ctx, const cli_game_args *args,
                                size_t kind)
{
    sg_rules_opts o = {.size = sizeof o, .start = args->start};
    /* An empty --start would leave the file's start in its place, which
     * the command line did not ask for. */
    if (args->start && args->start[strspn(args->start, " \t\n")] == '\0') {
        sg_ctx_fail(ctx, SG_EINPUT, "--start \"%s\": no position in it (give "
                    "positions as 9,9 3,5)", args->start);
        return NULL;
    }
    /* A negative budget or bound is said as what it must be, not as a
     * number that must be 0 or more, 0 being refused too. */
    if (args->lua_steps && args->lua_steps[0] == '-') {
        sg_ctx_fail(ctx, SG_EINPUT, "--lua-steps %s: a budget is at least 1 "
                    "step", args->lua_steps);
        return NULL;
    }
    if (args->max_positions && args->max_positions[0] == '-') {
        sg_ctx_fail(ctx, SG_EINPUT, "--explore-max %s: a game has at least 1 "
                    "position", args->max_positions);
        return NULL;
    }
    if (args->max) {
        if (cli_parse_number(ctx, "-n", args->max, INT64_MAX, &o.max) !=
            SG_OK)
            return NULL;
        o.has_max = 1;
    }
    if (args->lua_steps &&
        (cli_parse_number(ctx, "--lua-steps", args->lua_steps, INT64_MAX,
                          &o.steps) != SG_OK ||
         (o.steps == 0 &&
          sg_ctx_fail(ctx, SG_EINPUT, "--lua-steps 0: a budget is at least "
                      "1 step") != SG_OK)))
        return NULL;
    if (args->lua_memory &&
        cli_parse_size(ctx, "--lua-memory", args->lua_memory, &o.memory) !=
            SG_OK)
        return NULL;
    if (args->max_positions &&
        (cli_parse_number(ctx, "--explore-max", args->max_positions,
                          UINT32_MAX - 1, &o.max_positions) != SG_OK ||
         (o.max_positions == 0 &&
          sg_ctx_fail(ctx, SG_EINPUT, "--explore-max 0: a game has at "
                      "least 1 position") != SG_OK)))
        return NULL;
    bool failed;
    char *named = named_positions(args, &failed);
    if (failed) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    o.positions = named;
    o.input = args->input;
    o.input_len = args->input_len;
    o.input_name = "stdin";
    sg_game *game = sg_game_read_rules(ctx, args->game[kind], &o);
    free(named);
    return game;
}

static sg_game *open_rules(sg_ctx *ctx, const char *arg)
{
    return sg_game_read_rules(ctx, arg, NULL);
}

const cli_game_kind cli_game_kinds[] = {
    {"set", 's', "SPEC", "SPEC",
     "subtraction set: 1,3,4 | 1..m | pow2 | fib | all",
     "a subtraction set with -s (e.g. -s 1,3,4, -s pow2)", false, open_set,
     NULL, false, false},
    {"graph", 'g', "FILE", "FILE.dot",
     "a game as a DOT digraph (- for standard input)", "a DOT file with -g",
     true, sg_game_read_dot, NULL, false, false},
    {"code", 't', "CODE", "CODE",
     "take-and-break code: 0.77 | 4.[3] | 4!.0 | kayles | lasker | ...",
     "a take-and-break code with -t (e.g. -t 0.77, -t kayles)", false,
     open_code, NULL, false, false},
    {"coins", 'c', "RULE", "RULE",
     "coin turning: turtles | mock-turtles | ruler | twins | ruler-K",
     "a coin-turning rule with -c (e.g. -c mock-turtles)", false,
     open_coins, NULL, false, false},
    {"hackenbush", 'H', "FILE", "FILE.dot",
     "Green Hackenbush: a picture as an undirected DOT graph on its ground",
     "a Hackenbush picture with -H (e.g. -H tree.dot)", true, NULL,
     open_hackenbush, true, false},
    {"rules", 'r', "FILE", "FILE.lua",
     "a game whose rules a Lua file gives (or a compiled FILE.so)",
     "a rules file with -r (e.g. -r wythoff.lua)", true, open_rules,
     open_rules_args, false, true},
};

const size_t cli_game_kind_count =
    sizeof cli_game_kinds / sizeof cli_game_kinds[0];
