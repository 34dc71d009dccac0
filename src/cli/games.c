/*
 * games.c - the registry of game kinds: the option that names each kind on
 * the command line, its help, and the library call that makes the game.
 *
 * Every command takes every kind listed here; a new kind of game is one
 * line in this table (and its file under src/games/).
 */
#include "cli.h"

#include <stdlib.h>

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

const cli_game_kind cli_game_kinds[] = {
    {"set", 's', "SPEC", "SPEC",
     "subtraction set: 1,3,4 | 1..m | pow2 | fib | all",
     "a subtraction set with -s (e.g. -s 1,3,4, -s pow2)", false, open_set,
     NULL, false},
    {"graph", 'g', "FILE", "FILE.dot",
     "a game as a DOT digraph (- for standard input)", "a DOT file with -g",
     true, sg_game_read_dot, NULL, false},
    {"code", 't', "CODE", "CODE",
     "take-and-break code: 0.77 | 4.[3] | 4!.0 | kayles | lasker | ...",
     "a take-and-break code with -t (e.g. -t 0.77, -t kayles)", false,
     open_code, NULL, false},
    {"coins", 'c', "RULE", "RULE",
     "coin turning: turtles | mock-turtles | ruler | twins | ruler-K",
     "a coin-turning rule with -c (e.g. -c mock-turtles)", false,
     open_coins, NULL, false},
    {"hackenbush", 'H', "FILE", "FILE.dot",
     "Green Hackenbush: a picture as an undirected DOT graph on its ground",
     "a Hackenbush picture with -H (e.g. -H tree.dot)", true, NULL,
     open_hackenbush, true},
};

const size_t cli_game_kind_count =
    sizeof cli_game_kinds / sizeof cli_game_kinds[0];
