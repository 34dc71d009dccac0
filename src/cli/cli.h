/*
 * cli.h - the command-line front end's shared helpers.
 *
 * The front end uses only the library's public header.  Every command is a
 * function that returns the exit status and, when it fails, leaves one line
 * of text in the context; main() prints that line, and nothing else prints
 * errors.
 */
#ifndef SGVIZ_CLI_H
#define SGVIZ_CLI_H

#include "../sgviz.h"
#include "output.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit statuses: success, a negative verdict (e.g. homework with errors),
 * bad input or usage. */
enum { EXIT_OK = 0, EXIT_VERDICT = 1, EXIT_BAD = 2, EXIT_IO = 3 };

struct cli_game_args;

/* One kind of game the commands take (the registry is games.c). */
typedef struct cli_game_kind {
    const char *option;        /* the long option, e.g. "set" */
    int letter;                /* the short option, e.g. 's' */
    const char *metavar;       /* its value in the option list: "SPEC" */
    const char *usage_metavar; /* its value in the usage line: "FILE.dot" */
    const char *help;          /* one line for --help */
    const char *hint;          /* for "no game: give ...": "a subtraction set
                                  with -s (e.g. -s 1,3,4, -s pow2)" */
    bool reads_file;           /* the value is an input file's path */
    sg_game *(*open)(sg_ctx *ctx, const char *arg);
    /* Optional, in place of open: makes the game from all of ARGS (the
     * kind's value, --ground, and the operands that name more files). */
    sg_game *(*open_args)(sg_ctx *ctx, const struct cli_game_args *args,
                          size_t kind);
    /* The operands of value and solve are more files of this kind, each
     * a part of the sum (solve -H a.dot b.dot). */
    bool operand_files;
    /* The game is explored from the positions the command names: -n N,
     * the operands of value and solve, --position and --start (rules
     * files).  -n then says where to explore from, not a window. */
    bool explores;
} cli_game_kind;

extern const cli_game_kind cli_game_kinds[];
extern const size_t cli_game_kind_count;

/* The most kinds and options a command has, for fixed-size tables. */
#define CLI_MAX_KINDS 8
#define CLI_MAX_OPTIONS 48

/* The positions a command works on, from the options that name them. */
typedef struct cli_game_args {
    const char *game[CLI_MAX_KINDS]; /* each kind's option value, or NULL */
    const char *ground;   /* --ground NAME (Hackenbush), or NULL */
    /* The operands that name more files of a kind with operand_files. */
    char **operands;
    size_t noperands;
    const char *max;   /* -n/--max N, as typed */
    const char *from;  /* --from */
    const char *to;    /* --to */
    const char *position; /* --position 3+4+5 */
    const char *dot_max;  /* --dot-max SIZE, as typed */
    /* Rules files: --start, --lua-steps, --lua-memory, --explore-max,
     * as typed. */
    const char *start;
    const char *lua_steps;
    const char *lua_memory;
    const char *max_positions;
    /* solve's standard input, read whole, for a rules file's read(): NULL
     * when it is read as it comes. */
    const char *input;
    size_t input_len;
} cli_game_args;

/* getopt_long()'s value for --dot-max, which every command takes with the
 * game kinds' options. */
#define CLI_DOT_MAX 0x4d58
/* ... and for --ground. */
#define CLI_GROUND 0x4d59
/* ... and for the options of rules files. */
#define CLI_START 0x4d5a
#define CLI_LUA_STEPS 0x4d5b
#define CLI_LUA_MEMORY 0x4d5c
#define CLI_MAX_POSITIONS 0x4d5d

/* One option met on the command line: its getopt_long() value, how it was
 * spelt ("-s" or "--set") and its value (NULL for a flag). */
typedef struct cli_seen_option {
    int c;
    char spelt[40];
    const char *arg;
} cli_seen_option;

/* A command's options together with one per game kind, as getopt_long()
 * takes them, and the options met so far. */
typedef struct cli_options {
    struct option longs[CLI_MAX_OPTIONS];
    char shorts[2 * CLI_MAX_OPTIONS + 2];
    cli_seen_option seen[CLI_MAX_OPTIONS];
    size_t nseen;
    /* The value of the command's --format ('f' or 'T'), which both -f and
     * -T give; 0 when it has none. */
    int format;
    /* Whether the command line was looked at for a set the shell split. */
    bool scanned;
} cli_options;

/* Fills O with SHORTS and OWN (ending in a zero entry), followed by the
 * options of every game kind and --dot-max. */
void cli_options_init(cli_options *o, const char *shorts,
                      const struct option *own);

/* What cli_next_option() returns after recording an error of its own;
 * cli_bad_option() then keeps that message. */
#define CLI_FAILED (-2)

/* The next option of ARGV (ARGV[0] is the command's name) that is not a
 * game kind's, as getopt_long() returns it (optarg holds its value), or -1
 * when the options end.  A game kind's option is recorded in ARGS (the
 * registry is games.c).  Every command reads its options through this one
 * function, so that each rule holds for all of them: an option given
 * twice is refused, naming both (a game given twice would otherwise
 * silently be the second one); a long option must be spelt out, since an
 * abbreviation that works today becomes ambiguous or changes meaning when
 * an option is added; an unknown option is named with the nearest known
 * one.  Returns CLI_FAILED after recording such an error, or '?' (with
 * optopt set, nothing recorded) for an unknown "-DIGIT...", which a
 * command may take for a negative number. */
int cli_next_option(sg_ctx *ctx, cli_options *o, cli_game_args *args,
                    int argc, char **argv);

/* The input file the game is read from (a kind whose value is a path), or
 * NULL. */
const char *cli_game_file(const cli_game_args *args);

/* Writes USAGE to OUT, with "@GAME@" replaced by the choice of game kinds
 * ("(-s SPEC | -g FILE.dot)") and each line "@GAMES:N@" by one line per
 * kind and one for --dot-max, its help starting at column N. */
void cli_print_usage(FILE *out, const char *usage);

/* For value and solve: the positions that ARGV[FIRST..argc), their
 * operands, name.  For a kind whose operands are more files (-H a.dot
 * b.dot), records them in ARGS, and *POSITIONS lists every file, the
 * kind's own first (in ARGV's slot FIRST - 1, which the options left);
 * otherwise *POSITIONS is the operands. */
void cli_operand_positions(cli_game_args *args, int argc, char **argv,
                           int first, char ***positions, int *n);

/* Loads the game of the one game kind given, a DOT game under the bound
 * of --dot-max.  A kind that explores from -n (rules files) takes -n out
 * of ARGS, since it said where to explore from and is no window.  Returns
 * NULL after recording an error. */
sg_game *cli_load_game(sg_ctx *ctx, cli_game_args *args);

/* Whether the game of ARGS is one that explores (a rules file). */
bool cli_game_explores(const cli_game_args *args);

/* Works out the window FROM..TO of positions: --from and --to where given,
 * otherwise 0 and N (-n, or DEFAULT_N, or every position of a finite game).
 * Whether it can be computed here (work and memory) the library checks
 * when it computes.  Returns SG_OK or an error naming the option. */
sg_status cli_window(sg_ctx *ctx, const sg_game *game,
                     const cli_game_args *args, uint64_t default_n,
                     uint64_t *from, uint64_t *to);

/* Reads --position P of ARGS (e.g. 3+4+5) into a new array *PARTS of *N
 * positions of GAME, which the caller frees; COMMAND names the command for
 * the options that do not go with --position (-n, --from, --to).  Returns
 * SG_OK or an error naming --position or the option. */
sg_status cli_position_parts(sg_ctx *ctx, const char *command,
                             const sg_game *game, const cli_game_args *args,
                             uint64_t **parts, size_t *n);

/* With --position P in ARGS: the game of every position reachable from P
 * in GAME (sg_sum_game_new()), which the caller frees and which GAME must
 * outlive; COMMAND names the command for the options that do not go with
 * --position (-n, --from, --to).  Returns NULL after recording an error
 * naming --position. */
sg_game *cli_sum_game(sg_ctx *ctx, const char *command, const sg_game *game,
                      const cli_game_args *args);

/* The command line that runs COMMAND on the game of ARGS, e.g.
 * "sgviz trace -s 1,3,4" or "sgviz trace -g 'my game.dot'" (a value that a
 * shell would read otherwise is quoted), with the options given that make
 * the same game ("-r w.lua --start 40,40 --lua-steps 1e6").  A new string the caller frees,
 * or NULL when out of memory. */
char *cli_game_command(const cli_game_args *args, const char *command);

/* Reads SIZE, the value of option OPT: a whole number of bytes, or of
 * KiB, MiB, GiB or TiB with K, M, G or T after it, from 1 KiB to 1 TiB.
 * Returns SG_OK or SG_EINPUT naming OPT and SIZE. */
sg_status cli_parse_size(sg_ctx *ctx, const char *opt, const char *size,
                         uint64_t *out);

/* Parses a whole number for option OPT.  Returns SG_OK or SG_EINPUT. */
sg_status cli_parse_number(sg_ctx *ctx, const char *opt, const char *arg,
                           uint64_t max, uint64_t *out);

/* Parses the shape of option OPT, "W:H" (16:9) or a number (1.78), width
 * over height, from 1:4 to 4:1.  Returns SG_OK or SG_EINPUT. */
/* Reads ARG, the value of option OPT, as a number from LO to HI into
 * *OUT.  Returns SG_OK or SG_EINPUT naming OPT and ARG. */
sg_status cli_parse_real(sg_ctx *ctx, const char *opt, const char *arg,
                         double lo, double hi, double *out);

sg_status cli_parse_aspect(sg_ctx *ctx, const char *opt, const char *arg,
                           double *aspect);

/* An extension of -o's file name and the format it asks for:
 * {"csv", "csv"}.  Lists end with {NULL, NULL}. */
typedef struct cli_ext_format {
    const char *ext;
    const char *format;
} cli_ext_format;

/* The format of COMMAND's output into OUTPUT (-o; NULL or "-" for standard
 * output), in every command the same way: FORMAT when one was given (-f
 * or -T); else the format EXTS gives OUTPUT's extension (".csv" a CSV
 * table); else FALLBACK.  An extension of a kind of file that COMMAND does
 * not write (".png" for a table) is refused, naming what it writes.
 * Returns SG_OK with *CHOSEN set, or SG_EINPUT. */
sg_status cli_output_format(sg_ctx *ctx, const char *command,
                            const char *format, const char *output,
                            const cli_ext_format *exts, const char *fallback,
                            const char **chosen);

/* Returns EXIT_BAD for an option C that cli_next_option() refused (its
 * error is recorded already), or records that C is not an option of
 * COMMAND. */
int cli_bad_option(sg_ctx *ctx, const char *command, int c, char **argv);

/* Reads --slide [SHAPE]: optarg, or the next word of ARGV when it is a
 * shape (it starts with a digit), which it then takes.  Returns SG_OK or
 * SG_EINPUT naming the shape. */
sg_status cli_slide_option(sg_ctx *ctx, int argc, char **argv,
                           sg_slide *slide);

/* Folds the full-width forms of ASCII characters (a Chinese keyboard's
 * "１，３，４" and "３＋４") and the ideographic space and comma in S into
 * ASCII, in place: a game's spec and positions mean the same whichever
 * keyboard typed them. */
void cli_fold_fullwidth(char *s);

/* For commands that take positions as operands (value, solve): warns when
 * the command line read "-s 1 3 4", which is how bash passes -s {1,3,4}
 * unquoted (a set of one amount, then positions, which may be meant). */
void cli_warn_split_set(const char *command);

/* Records an error for a command that takes no operands but got one
 * (naming a set the shell split into words, when that is why). */
int cli_extra_operand(sg_ctx *ctx, const char *command, const char *arg);

/* Refuses to write OUTPUT over INPUT (both may be NULL; INPUT "-" is
 * standard input, which may be a redirected file). */
sg_status cli_check_not_input(sg_ctx *ctx, const char *output,
                              const char *input);

/* Commits the output *OUT and sets *OUT to NULL (so that a later
 * cli_output_abort(*OUT) does nothing).  Returns EXIT_OK, or EXIT_BAD with
 * the error in the context. */
int cli_commit(sg_ctx *ctx, cli_output **out);

/* Loads the theme of --theme NAME, naming the option when it is unknown.
 * Returns NULL after recording an error. */
sg_theme *cli_load_theme(sg_ctx *ctx, const char *name);

/* The width of the terminal on standard output, or 80. */
unsigned cli_terminal_width(void);

/* Prepends "PREFIX: " to the context's message. */
void cli_prefix_error(sg_ctx *ctx, const char *prefix);

/* Warns on standard error, naming the package that brings one, when this
 * machine has no font for language LANG (see sg_font_for_lang()): the
 * picture is still made, but its words would show as empty boxes. */
void cli_warn_font(const char *command, const char *lang);

/* Reads the positions ARGS[0..n) (heap sizes, or node names of a DAG game;
 * an argument "3+4+5" is a sum of its parts, as a sum is written
 * everywhere) into a new array *POSITIONS of *COUNT parts, which the
 * caller frees, and makes *LOOKUP, a lookup that answers for all of them
 * (freed with sg_lookup_free()).  With STARTS, *STARTS receives a new array
 * of n + 1 indexes (freed by the caller): argument i is the parts
 * (*POSITIONS)[starts[i] .. starts[i + 1]).  Returns SG_OK, or an error
 * naming the bad argument. */
sg_status cli_positions(sg_ctx *ctx, const sg_game *game, char **args,
                        int n, uint64_t **positions, size_t *count,
                        size_t **starts, sg_lookup **lookup);

/* The commands.  Each takes its own argv (argv[0] is the command name) and
 * returns an exit status. */
int cmd_table(sg_ctx *ctx, int argc, char **argv);
int cmd_graph(sg_ctx *ctx, int argc, char **argv);
int cmd_trace(sg_ctx *ctx, int argc, char **argv);
int cmd_period(sg_ctx *ctx, int argc, char **argv);
int cmd_check(sg_ctx *ctx, int argc, char **argv);
int cmd_value(sg_ctx *ctx, int argc, char **argv);
int cmd_solve(sg_ctx *ctx, int argc, char **argv);
int cmd_steps(sg_ctx *ctx, int argc, char **argv);
int cmd_plot(sg_ctx *ctx, int argc, char **argv);
int cmd_play(sg_ctx *ctx, int argc, char **argv);

#endif /* SGVIZ_CLI_H */
