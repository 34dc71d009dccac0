/*
 * sgviz/core.h - libsgviz's core: the context and its errors, games and
 * their positions, the engine and its mex steps, lookups, periods, sums,
 * misère play and online judges' problems.
 *
 * Part of the public interface of libsgviz; include <sgviz.h>, which
 * includes every part, or this file alone.
 *
 * Conventions that hold for every function of libsgviz, in every part:
 *
 *  - Objects are opaque handles created by a `_new` (or a named constructor)
 *    and released by the matching `_free`.  Every `_free` accepts NULL.
 *  - Every fallible function takes an `sg_ctx *`.  On failure it returns a
 *    negative `sg_status` (or NULL), and the context holds one line of text
 *    that says what went wrong, naming the bad value and its place
 *    (`FILE:LINE:COLUMN: ...` for files).  The text never starts with
 *    "sgviz:" and never ends with a newline: the caller adds both.
 *  - Strings returned as `const char *` stay owned by the object they came
 *    from and live as long as it does.  Strings returned as `char *` are the
 *    caller's, to be released with free().
 *  - Options come in structs (sg_table_opts, sg_drawing_opts, ...) whose
 *    first field, size, says how large the caller's struct is: set it to
 *    sizeof the struct, or leave it 0 (zeroed options) for the fields of
 *    libsgviz 0.2.  Fields are only ever added at the end, so a program
 *    built against an older libsgviz keeps working with a newer one, and
 *    a newer program's fields that an older library does not know are
 *    refused (SG_EUNSUPPORTED) unless they are zero.  A NULL options
 *    pointer means every default.
 *  - Positions are numbered 0, 1, 2, ...  For a subtraction game the number
 *    is the heap size.  For a game read from a DOT file the numbering is a
 *    topological order: every move goes from a position to one with a
 *    smaller number, so values can be computed in increasing order.
 */
#ifndef SGVIZ_CORE_H
#define SGVIZ_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of libsgviz, the one place it is written: the Makefile
 * (the shared library's name, sgviz.pc, the man pages) and
 * `sgviz --version` read it from here. */
#define SGVIZ_VERSION "0.2.0"

/* Marks the functions of the public interface.  The library is built
 * with hidden visibility, so that only these are exported from
 * libsgviz.so, and the functions its modules share among themselves
 * stay private. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define SG_API __attribute__((visibility("default")))
#else
#define SG_API
#endif

/* ------------------------------------------------------------------------ */
/* Status and context                                                       */
/* ------------------------------------------------------------------------ */

typedef enum sg_status {
    SG_OK = 0,
    SG_STOP = 1,          /* a step consumer asked to stop early; not an error */
    SG_EINPUT = -1,       /* bad input: a spec, an option value, a file's text */
    SG_ENOMEM = -2,       /* an allocation failed */
    SG_EIO = -3,          /* reading or writing a file failed */
    SG_ELIMIT = -4,       /* valid input beyond a documented bound */
    SG_EUNSUPPORTED = -5, /* the machine lacks something, e.g. a Graphviz plugin */
    SG_EINTERNAL = -6     /* a library (Graphviz) failed in a way we cannot name */
} sg_status;

typedef struct sg_ctx sg_ctx;

/* Creates a context.  Returns NULL only when memory is exhausted.  One context
 * serves a whole program; it is not safe to share it between threads. */
SG_API sg_ctx *sg_ctx_new(void);

/* Releases the context and everything it holds.  (The Graphviz context
 * that drawings use is the process's, and stays: see sgviz/draw.h.) */
SG_API void sg_ctx_free(sg_ctx *ctx);

/* The status of the last failure, or SG_OK when nothing failed since the
 * last sg_ctx_clear(). */
SG_API sg_status sg_ctx_status(const sg_ctx *ctx);

/* The message of the last failure ("" when none).  Owned by the context. */
SG_API const char *sg_ctx_message(const sg_ctx *ctx);

/* Forgets the last failure. */
SG_API void sg_ctx_clear(sg_ctx *ctx);

/* Records a failure with a printf-style message and returns `status`, so
 * that callers can write `return sg_ctx_fail(ctx, SG_EINPUT, ...)`.  The front
 * end uses this for its own errors, so that all of them travel one way. */
SG_API sg_status sg_ctx_fail(sg_ctx *ctx, sg_status status,
                             const char *fmt, ...)
#if defined(__GNUC__)
           __attribute__((format(printf, 3, 4)))
#endif
           ;

/* The index of the name among NAMES[0..n) that WORD most likely misspells
 * (a name WORD begins, or one a slip or two of letters away), or -1 when
 * none is close: for messages that end "did you mean kayles?". */
SG_API int sg_nearest_word(const char *word, const char *const *names,
                           size_t n);

/* ------------------------------------------------------------------------ */
/* Games                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct sg_game sg_game;

typedef enum sg_game_kind {
    SG_GAME_SUBTRACTION, /* a heap; a move takes an amount from a set S */
    SG_GAME_DAG,         /* any finite acyclic game graph */
    SG_GAME_SUM,         /* every position reachable from a position of
                            several parts (sg_sum_game_new()) */
    SG_GAME_TAKEBREAK,   /* a heap; a move takes tokens and may split what
                            is left (a take-and-break code) */
    SG_GAME_DEFINED,     /* a game defined in C (sg_game_define()) */
    SG_GAME_COINS,       /* a row of coins; a move turns a set of them, the
                            rightmost from heads to tails */
    SG_GAME_HACKENBUSH,  /* Green Hackenbush: pictures of edges on the
                            ground; a move deletes an edge */
    SG_GAME_RULES        /* a game whose rules a Lua file gives
                            (sg_game_read_rules()) */
} sg_game_kind;

/* Parses a subtraction set.  SPEC is one of
 *   "1,3,4"   an explicit set (any order, optional braces and spaces);
 *             items may also be ranges "a..b", e.g. "1..3,7";
 *   "1..m"    every amount from 1 to m;
 *   "pow2"    every power of two 1, 2, 4, 8, ...;
 *   "fib"     the Fibonacci numbers 1, 2, 3, 5, 8, ...;
 *   "all"     any amount (Nim).
 * ORIGIN names where SPEC came from (e.g. "--set") for messages.
 * Returns a new game, or NULL on error (SG_EINPUT, SG_ELIMIT or SG_ENOMEM).
 * The caller frees it with sg_game_free(). */
SG_API sg_game *sg_game_from_spec(sg_ctx *ctx, const char *spec,
                                  const char *origin);

/* A subtraction game of the amounts AMOUNTS[0..n), in any order; an amount
 * given more than once counts once (the set is the set), as online judges'
 * inputs often repeat them.  Returns a new game, or NULL on error: no
 * amounts or an amount 0 (SG_EINPUT), an amount above 10^18 or more than
 * 2^20 of them (SG_ELIMIT), SG_ENOMEM.  The caller frees it with
 * sg_game_free(); AMOUNTS stays the caller's. */
SG_API sg_game *sg_game_from_amounts(sg_ctx *ctx, const uint64_t *amounts,
                                     size_t n);

/* Parses a take-and-break code in CGSuite's notation, d0.d1d2d3...: bit i
 * of digit d_k (0-9, A-F) set means that taking k tokens from a heap may
 * leave exactly i non-empty heaps (i = 0..3); d0 splits without taking,
 * so it is 0, 4, 8 or C.  ".77" is "0.77"; a tail in brackets repeats for
 * ever ("4.[3]"); '!' after a digit asks the heaps it leaves to be
 * pairwise unequal ("4!.0").  At most 1024 digits follow the point.  The
 * names kayles (0.77), dawson (0.07), dawson-chess (0.137), lasker
 * (4.[3]), grundy (4!.0) and nim (0.[3]) are codes too.  ORIGIN names
 * where CODE came from (e.g. "--code") for messages, which name the
 * character at fault and its place.  Returns a new game, or NULL on error
 * (SG_EINPUT, SG_ELIMIT or SG_ENOMEM).  The caller frees it with
 * sg_game_free(). */
SG_API sg_game *sg_game_from_code(sg_ctx *ctx, const char *code,
                                  const char *origin);

/* A coin-turning game.  A position is a row of coins, numbered 1, 2, ...
 * from the left and written with H (heads) and T (tails), e.g. THHTH; a
 * move turns over a set of coins whose rightmost goes from heads to tails.
 * RULE names the sets that may be turned:
 *   "turtles"       one or two coins;
 *   "mock-turtles"  one, two or three coins;
 *   "ruler"         any run of consecutive coins;
 *   "twins"         exactly two coins;
 *   "ruler-K"       a run of at most K consecutive coins (K = 1..64).
 * A row's value is the nim-sum of the values of its single heads, so the
 * game's positions are numbered by the coin of a single head (0: no head),
 * and a row such as THHTH reads as the sum of its heads (2+3+5) wherever
 * positions are read.  ORIGIN names where RULE came from (e.g. "--coins").
 * Returns a new game, or NULL on error (SG_EINPUT naming the rule, with
 * the rules known; SG_ENOMEM).  The caller frees it with sg_game_free(). */
SG_API sg_game *sg_game_from_coins(sg_ctx *ctx, const char *rule,
                                   const char *origin);

/* Green Hackenbush on the pictures of the DOT files PATHS[0..n) ("-" is
 * standard input), summed: each an undirected multigraph (loops and
 * repeated edges allowed) standing on the node named GROUND (NULL:
 * "ground").  A move deletes an edge, and whatever no longer reaches the
 * ground falls away.  A position is a picture: a whole file's is named by
 * the file's name, "FILE:1,2,5" is the picture keeping edges 1, 2 and 5
 * (numbered in the file's order), "FILE:-5" the whole picture without edge
 * 5 (pictures too large to explore), "ground" the empty one.  Values come
 * from the colon and fusion principles; pictures of at most 64 edges whose
 * deletions reach few pictures have every such picture as a position, so
 * that mex steps, tables and drawings of them can be made.  Returns a new
 * game or NULL on error: a file that cannot be read or is not DOT, a
 * directed graph, no ground node, more than 5000 edges (each naming the
 * file).  The caller frees it with sg_game_free(). */
SG_API sg_game *sg_game_read_hackenbush(sg_ctx *ctx, const char *const *paths,
                                        size_t n, const char *ground);

/* Reads a directed acyclic game graph in the DOT language from PATH ("-" is
 * standard input): each node is a position and each edge a move, a
 * position's moves in the order of their edges in the file.  Returns a
 * new game or NULL on error (unreadable file, invalid DOT, an undirected or
 * empty graph, a cycle).  The caller frees it with sg_game_free(). */
SG_API sg_game *sg_game_read_dot(sg_ctx *ctx, const char *path);

/* The default of the most bytes of DOT that sg_game_read_dot() reads. */
#define SG_DOT_MAX_DEFAULT ((uint64_t)256 << 20)

/* Sets the most bytes of DOT that later sg_game_read_dot() calls on CTX
 * read (0 restores SG_DOT_MAX_DEFAULT).  The memory Graphviz may hold for
 * the graph (2 GiB at the default) and the most edges (10^7) follow in
 * proportion, so that a larger bound admits a larger game whole.  Returns
 * SG_OK, or SG_EINPUT (recorded) for a bound under 1 KiB or over 1 TiB. */
SG_API sg_status sg_ctx_set_dot_max(sg_ctx *ctx, uint64_t bytes);

SG_API void sg_game_free(sg_game *game);

SG_API sg_game_kind sg_game_kind_of(const sg_game *game);

/* The kind's own theorem worked for GAME, in LANG ("en" or "zh"), as lines
 * ending in newlines: where the values of a coin game's single heads come
 * from, the colon and fusion principles on a Hackenbush picture.  A new
 * string the caller frees, or NULL: when the kind has none (nothing
 * recorded), or out of memory (SG_ENOMEM recorded). */
SG_API char *sg_game_working(sg_ctx *ctx, const sg_game *game,
                             const char *lang);

/* Whether GAME's sums written in its own notation (a row of coins, whose
 * heads are parts) are one game that a theorem of normal play splits,
 * rather than games of their own: misère play and Every-SG need the
 * latter, and refuse such games. */
SG_API int sg_game_sums_by_theorem(const sg_game *game);

/* Whether the moves of every position 0..LAST of GAME can be listed, as
 * mex steps need them.  Returns SG_OK, or SG_ELIMIT with the reason (a
 * Hackenbush picture too large to explore, Ruler past 256 coins). */
SG_API sg_status sg_game_check_moves(sg_ctx *ctx, const sg_game *game,
                                     uint64_t last);

/* The move from position X that leaves LEFT[0..k), in the words of the
 * kind's own board ("turn coins 2, 3 and 5", "delete edge 2, a -- b"),
 * written into BUF of SIZE bytes.  Returns 1, or 0 (BUF untouched) when
 * the kind has no such words. */
SG_API int sg_game_move_words(const sg_game *game, uint64_t x,
                              const uint64_t *left, size_t k, char *buf,
                              size_t size);

/* A short description for headings and legends, e.g. "S = {1,3,4}",
 * "S = powers of two", or the DOT file's name.  Owned by the game. */
SG_API const char *sg_game_describe(const sg_game *game);

/* The set in the notation of the worked example, e.g. "1,3,4" or "pow2";
 * for a DAG game, its file name.  Owned by the game. */
SG_API const char *sg_game_spec(const sg_game *game);

/* What one position is called: "heap" for games played on heaps of tokens,
 * whose positions are heap sizes, "position" for games whose positions
 * have names.  Static. */
SG_API const char *sg_game_position_noun(const sg_game *game);

/* Whether the game has a fixed, finite number of positions (DAG games).  A
 * subtraction game has positions 0..N for whatever N is asked for. */
SG_API int sg_game_is_finite(const sg_game *game);

/* The number of positions of a finite game; 0 for a subtraction game. */
SG_API uint64_t sg_game_position_count(const sg_game *game);

/* The largest amount in a finite subtraction set; 0 when the set is
 * infinite (pow2, fib, all) or the game is not a subtraction game. */
SG_API uint64_t sg_game_max_amount(const sg_game *game);

/* Writes the name of position X into BUF (of SIZE bytes) and returns BUF,
 * or returns the game's own copy of the name (owned by the game).  For a
 * subtraction game the name is the heap size in decimal. */
SG_API const char *sg_game_position_name(const sg_game *game, uint64_t x,
                                         char *buf, size_t size);

/* Finds the position called NAME (a decimal heap size for a subtraction
 * game, a node name for a DAG game) and stores its number in *X.  ORIGIN
 * names the source of NAME for messages.  Returns SG_OK or SG_EINPUT. */
SG_API sg_status sg_game_find_position(sg_ctx *ctx, const sg_game *game,
                                       const char *name, const char *origin,
                                       uint64_t *x);

/* ---- Orders of positions ------------------------------------------------ */

/* The positions of finite GAME in the order people list them, which tables
 * follow: by their names where every name is a whole number, otherwise in
 * the order a DOT file names its nodes, or, for a game defined in C, its
 * tuples in increasing order.  Returns a new array of *N positions the
 * caller frees with free(), or NULL on error (a game without end:
 * SG_EINPUT; SG_ENOMEM). */
SG_API uint64_t *sg_game_order(sg_ctx *ctx, const sg_game *game, size_t *n);

/* The positions of finite GAME by their names read as whole numbers, which
 * must be every number from the least to the largest once (a, a + 1, ...,
 * b), so that the values in this order are a sequence.  Returns a new
 * array of *N positions (freed with free()), or NULL on error: a name that
 * is not a whole number, a number named twice or missing (SG_EINPUT,
 * naming it), SG_ENOMEM. */
SG_API uint64_t *sg_game_numeric_order(sg_ctx *ctx, const sg_game *game,
                                       size_t *n);

/* The positions of finite GAME named in the file PATH ("-" is standard
 * input; names separated by spaces or line breaks), in that order.  Not
 * every position need be named.  Returns a new array of *N positions
 * (freed with free()), or NULL on error: a name the game lacks, a name
 * given twice (SG_EINPUT with FILE:LINE:COLUMN), no names, an unreadable
 * file (SG_EIO), SG_ENOMEM. */
SG_API uint64_t *sg_game_read_order(sg_ctx *ctx, const sg_game *game,
                                    const char *path, size_t *n);

/* ---- Games defined in C ------------------------------------------------ */

/*
 * A game of one's own, described in C: a position is a small tuple of
 * whole numbers (one for a heap, two for Wythoff's (a,b) or a W x H sheet
 * of paper, a bitmask for a board), and a function lists the options of a
 * position.  An option leaves one position, or a sum of several (a move
 * that cuts a game into independent parts, as the Cutting Game's cut
 * does), whose value is the nim-sum of theirs.
 *
 * sg_game_define() explores the game from its start positions, asking for
 * the options of each position it reaches once, and numbers the positions
 * itself so that every move goes to a smaller number, as the engine needs.
 * Why sgviz numbers them rather than asking for such a numbering: a tuple
 * has no natural number that every move decreases (a move in Wythoff's
 * game lowers a, b or both; a move on a board fills a square, which a
 * bitmask's value need not follow), and finding one would be the hard part
 * of every game.  Exploring finds one for any game without cycles, and
 * finds the cycle when there is one.  The moves are kept, so the game then
 * answers every question as a DOT game does: tables, traces, drawings,
 * steps, checks, lookups, sums and solve all work on it, positions named
 * "7" or "3,5" (or as name_of() names them).
 */

/* The most numbers in a position, and the most positions an option may
 * leave. */
#define SG_DEFINE_MAX_ARITY 8
#define SG_DEFINE_MAX_PARTS 64
/* The room name_of() has, terminating NUL included. */
#define SG_DEFINE_NAME_MAX 128
/* The most positions a game may have unless its definition says more. */
#define SG_DEFINE_MAX_POSITIONS UINT64_C(100000000)

/* Where options() lists the options of a position.  Owned by the library,
 * valid during the call. */
typedef struct sg_options sg_options;

/* Lists an option that leaves the position POSITION (ARITY numbers, read
 * during the call). */
SG_API void sg_options_add(sg_options *out, const int64_t *position);

/* Lists an option that leaves the COUNT positions POSITIONS[0 .. COUNT *
 * ARITY), played side by side as a sum: its value is the nim-sum of theirs.
 * COUNT is 1 to SG_DEFINE_MAX_PARTS; sg_game_define() reports any other. */
SG_API void sg_options_add_sum(sg_options *out, const int64_t *positions,
                               size_t count);

typedef struct sg_game_def {
    /* What the game is called in headings and messages, e.g. "Wythoff's
     * game"; NULL for "a game defined in C".  Copied. */
    const char *name;
    /* Numbers per position, 1 to SG_DEFINE_MAX_ARITY. */
    size_t arity;
    /* Lists every option of POSITION through sg_options_add() and
     * sg_options_add_sum(), in the order traces show them.  It must be a
     * function of the position alone; it is called once per position,
     * during sg_game_define() only. */
    void (*options)(void *user, const int64_t *position, sg_options *out);
    /* Optional: writes the name of POSITION (non-empty, one per position)
     * into BUF of SIZE = SG_DEFINE_NAME_MAX bytes.  NULL: the numbers in
     * decimal separated by commas, "7", "3,5". */
    void (*name_of)(void *user, const int64_t *position, char *buf,
                    size_t size);
    /* Optional: reads the position NAME[0..len) names into POSITION;
     * returns 1, or 0 when NAME is no position's name.  NULL: numbers
     * separated by commas, as name_of's default writes them. */
    int (*parse)(void *user, const char *name, size_t len,
                 int64_t *position);
    /* Handed to the functions above.  When name_of or parse is given, it
     * must outlive the game, which calls them whenever a position is named
     * or read; otherwise it is used during sg_game_define() only. */
    void *user;
    /* The most positions to explore; 0 means SG_DEFINE_MAX_POSITIONS. */
    uint64_t max_positions;
} sg_game_def;

/* Explores the game DEF defines from the NSTARTS positions STARTS[0 ..
 * nstarts * arity), depth first, and returns it as a game of every
 * position reached, numbered so that every move goes to a smaller number.
 * Returns NULL on error: a definition without options() or with an arity
 * out of range, no start position, an option of no positions or of more
 * than SG_DEFINE_MAX_PARTS (SG_EINPUT); moves that go round in a cycle
 * (SG_EINPUT, naming the positions of the cycle); more positions than
 * max_positions or than memory holds (SG_ELIMIT); SG_ENOMEM.  DEF and
 * STARTS are read during the call only (see user above).  The caller frees
 * the game with sg_game_free(). */
SG_API sg_game *sg_game_define(sg_ctx *ctx, const sg_game_def *def,
                               const int64_t *starts, size_t nstarts);

/* The numbers of position X of a game made by sg_game_define(), X below
 * its number of positions, owned by the game; NULL for any other game. */
SG_API const int64_t *sg_game_defined_position(const sg_game *game, uint64_t x);

/* ------------------------------------------------------------------------ */
/* Games whose rules a file gives                                           */
/* ------------------------------------------------------------------------ */

/*
 * A rules file is a Lua 5.4 script that sets globals: `moves(a, b, ...)`,
 * one argument per number of a position, returns the options of a
 * position as a table, each option a table of numbers, a plain integer
 * for games of one number, or `sum(p1, p2, ...)`, a sum of positions;
 * optionally `start` (the positions to explore from), `name`, `describe`
 * and `label(a, b, ...)` (the name a position is shown by).  The script
 * runs in a sandbox: Lua's base functions that cannot reach the system,
 * string, table, math and utf8, and nothing else (no io, os, require,
 * load, dofile, loadfile, debug, string.dump or binary chunks); each call
 * into it has a budget of Lua instructions, and the whole of it a ceiling
 * on memory.
 *
 * The game is every position reachable from the start, numbered so that
 * every move goes to a smaller number; values are computed as positions
 * are explored, and the moves of a position are asked of the file again
 * whenever they are needed rather than kept, so a game of millions of
 * positions costs a few words of memory for each.
 */

/* The defaults of sg_rules_opts. */
#define SG_RULES_STEPS UINT64_C(100000000)         /* per call */
#define SG_RULES_MEMORY (UINT64_C(256) << 20)      /* bytes */
#define SG_RULES_MAX_POSITIONS (UINT64_C(1) << 24)

typedef struct sg_rules_opts {
    size_t size; /* sizeof(sg_rules_opts), or 0 */
    /* Where to explore from, in place of the file's `start`: positions
     * apart by spaces, each its numbers apart by commas ("9,9 3,5"); a
     * sum "3,5+2,7" explores from each of its parts.  NULL: none. */
    const char *start;
    /* More positions to explore from, written as START is, which
     * messages call positions rather than --start (a command's operands):
     * NULL for none. */
    const char *positions;
    /* With HAS_MAX: explore from every position 0..MAX of a game of one
     * number, or from (MAX, ..., MAX) (with START, from both). */
    int has_max;
    uint64_t max;
    /* The most Lua instructions one call into the file may run, 0 for
     * SG_RULES_STEPS.  While the game is explored, a budget of 2^24 or
     * more is counted from a call's first hundredth of a second of CPU
     * time, so that the thousands of short calls run without a count
     * hook: a clock of the thread's CPU time (a timer signal, SIGRTMAX -
     * 4, whose action is set only while exploring and then given back)
     * sets the hook on a call that is still running.  A program that
     * handles that signal itself keeps its handler, and every call is
     * counted from its first instruction, as smaller budgets are; so is
     * every call in a thread that blocks the signal. */
    uint64_t steps;
    /* The most bytes the file's Lua state may hold, 0 for
     * SG_RULES_MEMORY. */
    uint64_t memory;
    /* The most positions to explore, 0 for SG_RULES_MAX_POSITIONS. */
    uint64_t max_positions;
    /* Judges' input, INPUT[0..input_len), for a file that defines
     * read(line): each line is handed to it, and the positions of the sum
     * it returns (nil: no sum on that line) are explored too; the lines
     * as sums of positions are then sg_game_rules_input()'s.  Messages
     * call the input INPUT_NAME ("stdin").  A file without read() is
     * explored from every word of INPUT that is a position ("3,5").
     * NULL: none. */
    const char *input;
    size_t input_len;
    const char *input_name;
} sg_rules_opts;

/* Reads the rules file PATH and explores its game from the start (OPTS
 * may be NULL).  A PATH ending in ".so" is a shared object that exports
 * `const sg_game_def sgviz_game` (see sg_game_define()), explored from
 * OPTS's start, which it then needs.  Returns NULL on error, one line
 * naming the file: Lua's own "FILE:LINE: ..." for errors of syntax and
 * at run time, and for an option that is not a position (naming the
 * position and the option), a position of the wrong count of numbers, a
 * cycle (naming its positions), more positions than the bound, the
 * budget or the ceiling (SG_EINPUT or SG_ELIMIT).  The caller frees the
 * game with sg_game_free(). */
SG_API sg_game *sg_game_read_rules(sg_ctx *ctx, const char *path,
                                   const sg_rules_opts *opts);

/* As sg_game_read_rules(), from the Lua text TEXT[0..len), which messages
 * call NAME. */
SG_API sg_game *sg_game_from_rules(sg_ctx *ctx, const char *text, size_t len,
                                   const char *name,
                                   const sg_rules_opts *opts);

/* The numbers of position X of a game made by sg_game_read_rules() into
 * OUT (room for SG_DEFINE_MAX_ARITY), and their count; 0 when X is not a
 * position of such a game. */
SG_API size_t sg_game_rules_position(const sg_game *game, uint64_t x,
                                     int64_t *out);

/* The judges' input of sg_rules_opts.input as the file's read() read it:
 * one line of positions (written with commas, apart by spaces) for each
 * line that holds a sum, owned by the game, its length in *LEN; NULL when
 * GAME is not a rules game given input, or its file defines no read(). */
SG_API const char *sg_game_rules_input(const sg_game *game, size_t *len);

/* ------------------------------------------------------------------------ */
/* The engine: values and mex steps                                         */
/* ------------------------------------------------------------------------ */

typedef uint64_t sg_value;

/* One mex step, as the engine makes it.  The arrays belong to the engine and
 * are valid only during the call that receives the step; consumers copy what
 * they keep.  The arrays are filled only when the consumer asked for moves;
 * otherwise they are NULL, and `nmoves` is the number of moves where the
 * engine knows it without listing them (0 for games whose values come from
 * a fast method of their own).
 *
 * A move leaves one position, or, in games whose moves split a heap,
 * several, whose values are XOR-ed (the move's value is a nim-sum).  Read a
 * move's positions with sg_step_parts(), which serves both. */
typedef struct sg_step {
    uint64_t x;               /* the position */
    size_t nmoves;            /* the number of moves from x */
    const uint64_t *amounts;  /* the amount each move takes (subtraction games),
                                 or NULL */
    const uint64_t *targets;  /* the position each move leads to, or
                                 SG_NO_POSITION for a move that leaves
                                 several */
    const sg_value *values;   /* the value of each move's result */
    sg_value sg;              /* mex of values: sg(x) */
    /* Where some move leaves several positions: move i leaves
     * parts[part_start[i] .. part_start[i + 1]).  NULL when every move
     * leaves one position, targets[i]. */
    const size_t *part_start;
    const uint64_t *parts;
} sg_step;

/* A position that is none: no first error, a wrong entry that follows from
 * more than one slip, or the target of a move that leaves several
 * positions. */
#define SG_NO_POSITION UINT64_MAX

/* The positions move I of STEP leaves: *COUNT of them (1 unless the move
 * splits a heap), owned by the step. */
static inline const uint64_t *sg_step_parts(const sg_step *step, size_t i,
                                            size_t *count)
{
    if (!step->part_start) {
        *count = 1;
        return &step->targets[i];
    }
    *count = step->part_start[i + 1] - step->part_start[i];
    return &step->parts[step->part_start[i]];
}

/* A step consumer.  Returns 0 to go on, a positive value to stop early (the
 * engine then returns SG_STOP), or a negative sg_status after recording the
 * failure in the context (the engine then returns that status). */
typedef int (*sg_step_fn)(void *user, const sg_step *step);

typedef struct sg_compute_opts {
    /* sizeof (sg_compute_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    uint64_t first;     /* report steps from this position on; 0 = from the start */
    int with_moves;     /* fill the moves, targets and values of each step */
    sg_step_fn on_step; /* NULL: compute only */
    void *user;         /* passed to on_step */
} sg_compute_opts;

typedef struct sg_values sg_values;

/* Checks, without computing anything, that positions 0..LAST of GAME can be
 * computed here: LAST within bounds and the table of values within memory
 * (the message then names the memory it would need).  For a finite game,
 * LAST must be below its number of positions.  Returns SG_OK or SG_ELIMIT. */
SG_API sg_status sg_check_range(sg_ctx *ctx, const sg_game *game,
                                uint64_t last);

/* Computes sg(0..last) of GAME in increasing order of position, handing each
 * step from opts->first on to opts->on_step as it is made (OPTS may be NULL).
 * For a finite game LAST is clamped to its last position (pass UINT64_MAX for
 * "all of them").
 *
 * When VALUES is not NULL, every value is kept and *VALUES receives a new
 * table (one byte per position wherever every value fits), which the caller
 * frees with sg_values_free().  When VALUES is NULL the engine keeps only what
 * later steps need, so a long trace streams in constant memory.
 *
 * Before starting, the engine estimates the moves it will examine (and list)
 * and refuses (SG_ELIMIT) more than 10^10, then checks that the values it
 * keeps (all of them, or a window when it streams) fit in this machine's
 * memory and refuses (SG_ELIMIT, naming the size) if not.  Returns SG_OK,
 * SG_STOP when the consumer stopped early, or an error. */
SG_API sg_status sg_compute(sg_ctx *ctx, const sg_game *game, uint64_t last,
                            const sg_compute_opts *opts, sg_values **values);

/* The number of positions whose values are held (last + 1). */
SG_API uint64_t sg_values_count(const sg_values *values);

/* sg(x); X must be below sg_values_count(). */
SG_API sg_value sg_values_get(const sg_values *values, uint64_t x);

/* The largest value held. */
SG_API sg_value sg_values_max(const sg_values *values);

/* Bytes used per position (1, 2, 4 or 8). */
SG_API unsigned sg_values_width(const sg_values *values);

SG_API void sg_values_free(sg_values *values);

/* ------------------------------------------------------------------------ */
/* Lookups: sg(x) for positions asked for in any order                      */
/* ------------------------------------------------------------------------ */

typedef struct sg_lookup sg_lookup;

/* Prepares sg(x) for every position x <= MAX_POSITION of GAME (for a finite
 * game, MAX_POSITION is clamped to its last position), computing each value
 * once.  A finite subtraction set uses its certified period when one shows
 * within SG_PERIOD_DEFAULT_LIMIT values, so that MAX_POSITION may be anything
 * up to 2^63 - 1 and costs milliseconds; pow2 and all use their theorems
 * (x mod 3, x).  Otherwise the values are computed directly.  Returns NULL on
 * error, e.g. SG_ELIMIT when the values would not fit in memory (the message
 * names the memory needed).  The caller frees the lookup with
 * sg_lookup_free(); GAME must outlive it. */
SG_API sg_lookup *sg_lookup_new(sg_ctx *ctx, const sg_game *game,
                                uint64_t max_position);

/* sg(x) for x <= the lookup's MAX_POSITION. */
SG_API sg_value sg_lookup_get(const sg_lookup *lookup, uint64_t x);

/* The largest position the lookup answers for. */
SG_API uint64_t sg_lookup_max(const sg_lookup *lookup);

SG_API void sg_lookup_free(sg_lookup *lookup);

/* The mex (minimum excludant) of N values: the least non-negative integer
 * not among them.  Uses SCRATCH, which must hold n + 1 bytes; scratch may be
 * NULL when n < 64. */
SG_API sg_value sg_mex(const sg_value *values, size_t n,
                       unsigned char *scratch);

/* ------------------------------------------------------------------------ */
/* Periodicity of subtraction games                                         */
/* ------------------------------------------------------------------------ */

/*
 * A subtraction game with a finite set S is eventually periodic: with
 * k = max S, sg(x) for x >= k depends only on the k values before it, so once
 * sg(x + p) = sg(x) holds for k positions in a row, n0 <= x < n0 + k, it holds
 * for every x >= n0.  sg_period_find() computes values until such a run
 * appears (in rounds that double, so at most about twice the n0 + p + k
 * values the run needs), and reports the smallest period p and, for it, the
 * smallest preperiod n0, with that run as the certificate.
 *
 * For the infinite sets (pow2, fib, all) the criterion does not apply; the
 * result then records what the values up to the limit show.
 */

typedef struct sg_period sg_period;

/* The number of values sg_period_find() computes at most when given a limit
 * of 0: sg(0..SG_PERIOD_DEFAULT_LIMIT). */
#define SG_PERIOD_DEFAULT_LIMIT UINT64_C(10000000)

/* Room for one witness per distinct prime factor of a period: a number
 * below 2^64 has at most 15 of them. */
#define SG_PERIOD_MAX_WITNESSES 16

/* What sg_period_find() established.  All positions are heap sizes. */
typedef struct sg_period_info {
    /* 1 for a finite set, where the certificate applies; 0 for pow2, fib
     * and all, where only observations are reported. */
    int applies;
    /* applies: 1 when a period is certified, 0 when none was found up to
     * the limit.  !applies: 1 when the values computed repeat (the last half
     * of them is p-periodic, p at most half their number), else 0. */
    int found;
    uint64_t preperiod;   /* n0: the first x from which sg(x + p) = sg(x) */
    uint64_t period;      /* p, the smallest period (0 when none found) */
    uint64_t max_amount;  /* k = max S (0 for infinite sets) */
    /* The certificate: sg(x + period) = sg(x) was checked for
     * cert_from <= x <= cert_to, i.e. n0 <= x < n0 + k. */
    uint64_t cert_from, cert_to;
    /* Why n0 is the smallest preperiod: when n0 > 0, sg(n0 - 1) differs
     * from sg(n0 - 1 + p).  Why p is the smallest period: every period is a
     * multiple of the smallest, so it is enough that p / r is none for each
     * prime r dividing p; for each, sg(x + shift) != sg(x) at an x >= n0. */
    size_t nwitnesses;
    uint64_t witness_shift[SG_PERIOD_MAX_WITNESSES]; /* p / r */
    uint64_t witness_x[SG_PERIOD_MAX_WITNESSES];
    uint64_t computed;    /* values computed: sg(0..computed - 1) */
    uint64_t limit;       /* the bound: at most sg(0..limit) */
    sg_value max_value;   /* the largest value computed */
    /* 1 when the search stopped before the limit because computing more
     * values would pass the work bound (the values do not thin out). */
    int stopped;
} sg_period_info;

/* Looks for the period of GAME (a subtraction game, or a take-and-break
 * code, whose certificate is the Guy-Smith theorem), computing at most
 * sg(0..LIMIT) (LIMIT 0 means SG_PERIOD_DEFAULT_LIMIT; for sets of 64 amounts
 * or more the default shrinks so that the work stays bounded).  Not finding
 * a period is a result, not an error.  Returns NULL on error: a DAG game
 * (SG_EINPUT), a LIMIT whose values would not fit in memory or would take
 * too long (SG_ELIMIT, naming what it would need), or SG_ENOMEM.  The caller
 * frees the result with sg_period_free(); it does not refer to GAME. */
SG_API sg_period *sg_period_find(sg_ctx *ctx, const sg_game *game,
                                 uint64_t limit);

/* The facts found.  Owned by PERIOD. */
SG_API const sg_period_info *sg_period_info_of(const sg_period *period);

/* sg(x).  With a certified period, any x; otherwise x must be below
 * info->computed. */
SG_API sg_value sg_period_value(const sg_period *period, uint64_t x);

/* A theorem that gives every value, else NULL: "sg(x) = x" for Nim,
 * "sg(x) = x mod 3" for pow2 and "sg(x) = x mod (m + 1)" for {1..m} and
 * the other sets of the residue theorem, whose period it then proves
 * (info->applies and info->found, with no certificate).  Owned by PERIOD. */
SG_API const char *sg_period_theorem(const sg_period *period);

/* Whether the theorem holds for every value computed: 1 yes, 0 no (which
 * would be a bug), -1 when there is no theorem. */
SG_API int sg_period_theorem_checked(const sg_period *period);

SG_API void sg_period_free(sg_period *period);

typedef enum sg_period_format {
    SG_PERIOD_TEXT, /* for people: the facts, the certificate, the proof of
                       minimality */
    SG_PERIOD_JSON  /* one object, every value of the block included */
} sg_period_format;

/* Parses "text" or "json"; returns SG_OK or SG_EINPUT naming NAME. */
SG_API sg_status sg_period_format_parse(sg_ctx *ctx, const char *name,
                                        sg_period_format *format);

/* Writes the report on PERIOD (found for GAME) to OUT.  Text lists at most
 * a few dozen values per line unless FULL is set; JSON lists them all.
 * Returns SG_OK, SG_EIO when writing fails, or SG_ENOMEM. */
SG_API sg_status sg_period_write(sg_ctx *ctx, const sg_period *period,
                                 const sg_game *game, sg_period_format format,
                                 int full, FILE *out);

/* How a period report is written, for sg_period_write_opts(). */
typedef struct sg_period_opts {
    /* sizeof(sg_period_opts) as the caller knows it.  See "Options" at the
     * top of this header. */
    size_t size;
    sg_period_format format;
    int full;          /* text: every value, not the first few dozen */
    /* "en" (NULL) or "zh": the words of the text report, from
     * templates/period/LANG.text, and the game's own sentences in the same
     * language.  JSON is the same in every language. */
    const char *lang;
} sg_period_opts;

/* sg_period_write() with OPTS (NULL: text, in English).  Returns what
 * sg_period_write() does, and SG_EINPUT for an unknown language. */
SG_API sg_status sg_period_write_opts(sg_ctx *ctx, const sg_period *period,
                                      const sg_game *game,
                                      const sg_period_opts *opts, FILE *out);

/* ---- Patterns in a plain sequence of values ---------------------------- */

/*
 * Where no theorem bounds how far back a value looks (a game graph, a
 * table a program printed), a finite sequence of values can only show a
 * pattern, not prove it.  sg_sequence_find() reports the pattern the
 * values show, labelled apparent: the smallest period p, and for it the
 * smallest preperiod n0, such that v(x + p) = v(x) for every x >= n0 the
 * values reach; or, failing that, arithmetic periodicity, v(x + p) = v(x)
 * + d for a saltus d != 0 (Lasker's Nim: p = 4, d = 4).
 *
 * A pattern counts only when the values show it: at least two whole blocks
 * after the preperiod, and at least as many values in the repeating part
 * as before it, so that a coincidence among the last few values is not
 * taken for a period.  The search is one pass of the Z algorithm over the
 * values read backwards, O(n).
 */

typedef struct sg_sequence_info {
    uint64_t count;      /* values given */
    int found;           /* 1 when a pattern shows, else 0 */
    uint64_t preperiod;  /* n0 */
    uint64_t period;     /* p */
    int64_t saltus;      /* d: v(x + p) = v(x) + d; 0 for a plain period */
    uint64_t blocks;     /* whole blocks from n0 to the end: (count - n0) / p */
} sg_sequence_info;

/* Looks for the apparent pattern of VALUES[0..n) and fills *INFO.  Not
 * finding one is a result, not an error.  Returns SG_OK or SG_ENOMEM. */
SG_API sg_status sg_sequence_find(sg_ctx *ctx, const sg_value *values,
                                  size_t n, sg_sequence_info *info);

/* Reads values from TEXT[0..len), named ORIGIN in messages: whole numbers
 * from 0 up separated by white space or commas, optionally inside one pair
 * of braces, as `sgviz table --format c` writes them.  *VALUES receives a
 * new array of *N values, which the caller frees with free().  Returns
 * SG_OK, or SG_EINPUT naming the bad word with ORIGIN:LINE:COLUMN (no
 * values at all is an error too), SG_ELIMIT beyond SG_SEQUENCE_MAX values,
 * SG_ENOMEM. */
#define SG_SEQUENCE_MAX UINT64_C(100000000)
SG_API sg_status sg_sequence_parse(sg_ctx *ctx, const char *text, size_t len,
                                   const char *origin, sg_value **values,
                                   size_t *n);

/* Reads values from the file PATH ("-" is standard input, called "stdin"
 * in messages), as sg_sequence_parse() does.  Returns SG_OK, an error of
 * sg_sequence_parse(), SG_EIO or SG_ELIMIT for a file that cannot be read
 * or is larger than 1 GiB. */
SG_API sg_status sg_sequence_read(sg_ctx *ctx, const char *path,
                                  sg_value **values, size_t *n);

/* Writes the report on INFO (found in VALUES[0..n)) to OUT.  NAMES, when
 * not NULL, names each value's position (a game's positions in the order
 * the values were taken); otherwise value i is "x = i".  HEADING, when not
 * NULL, is the report's first line.  Text lists at most a few dozen values
 * per line unless FULL is set; JSON lists them all.  Returns SG_OK,
 * SG_EIO when writing fails, or SG_ENOMEM. */
SG_API sg_status sg_sequence_write(sg_ctx *ctx, const sg_value *values,
                                   size_t n, const sg_sequence_info *info,
                                   const char *const *names,
                                   const char *heading,
                                   sg_period_format format, int full,
                                   FILE *out);

/* ------------------------------------------------------------------------ */
/* Sums of games                                                            */
/* ------------------------------------------------------------------------ */

/* A sum of games is several parts (heaps of a subtraction game, or tokens
 * on positions of a DAG game); a move is a move in one part.  Its value is
 * the XOR (nim-sum) of the parts' values, and the player to move wins
 * exactly when that is not 0. */

/* The most parts one sum may have, on a command line or on one line of
 * input. */
#define SG_SUM_MAX_PARTS 10000

/* Reads one part of a sum from TEXT[0..len) (which need not end in a NUL):
 * for a subtraction game a heap size, a whole number from 0 to 2^63 - 1
 * (whether its value can be computed is for sg_lookup_new() to say); for a
 * DAG game the name of a node.  ORIGIN starts the message, e.g. "heap 2" or
 * "stdin:3: heap 2".  Stores the position in *X and returns SG_OK, or
 * returns SG_EINPUT (SG_ELIMIT for a number above 2^63 - 1). */
SG_API sg_status sg_sum_parse_position(sg_ctx *ctx, const sg_game *game,
                                       const char *text, size_t len,
                                       const char *origin, uint64_t *x);

/* Reads TEXT as sg_sum_parse_position() reads one position, or, for a kind
 * with a notation of its own for sums (a row of coins, THHTH, is the sum of
 * its heads 2+3+5), as the sum it writes, of any length; heaps joined by +
 * are a sum too.  A new array *PARTS of *N positions, which the caller
 * frees.  Returns SG_OK or an error naming ORIGIN. */
SG_API sg_status sg_sum_parse_parts(sg_ctx *ctx, const sg_game *game,
                                    const char *text, const char *origin,
                                    uint64_t **parts, size_t *n);

/* The nim-sum of the values of POSITIONS[0..n), every one of which LOOKUP
 * must answer for (at most sg_lookup_max()).  Cannot fail. */
SG_API sg_value sg_nim_sum(const sg_lookup *lookup, const uint64_t *positions,
                           size_t n);

/* One move of a sum: part PART (counted from 0) goes from position FROM to
 * position TO.  AMOUNT is what it takes in a subtraction game (FROM - TO);
 * it is 0 in a DAG game, where a move is an edge. */
typedef struct sg_sum_move {
    size_t part;
    uint64_t from;
    uint64_t to;
    uint64_t amount;
} sg_sum_move;

typedef struct sg_sum sg_sum;

/* Analyses the sum of the positions POSITIONS[0..n) of GAME, whose values
 * LOOKUP holds (it must answer for the largest of them): each part's value,
 * the nim-sum, and, when the player to move wins, every winning move.  A
 * winning move takes a part of value g to a position of value g XOR the
 * nim-sum, which makes the nim-sum 0.  They are listed part by part, and
 * within a part by increasing amount (subtraction games) or in the order of
 * the file's edges (DAG games; a target reached by several edges is listed
 * once).  Returns NULL on error: no parts or more than SG_SUM_MAX_PARTS, a
 * position LOOKUP does not cover (SG_EINPUT), more than 10^9 moves to
 * examine (SG_ELIMIT), or SG_ENOMEM.  The caller frees the result with
 * sg_sum_free(); it keeps no pointer to GAME, LOOKUP or POSITIONS. */
SG_API sg_sum *sg_sum_new(sg_ctx *ctx, const sg_game *game,
                          const sg_lookup *lookup, const uint64_t *positions,
                          size_t n);

/* The number of parts, the position and the value of part I (I below the
 * number of parts), and the nim-sum of the values. */
SG_API size_t sg_sum_parts(const sg_sum *sum);
SG_API uint64_t sg_sum_position(const sg_sum *sum, size_t i);
SG_API sg_value sg_sum_value(const sg_sum *sum, size_t i);
SG_API sg_value sg_sum_nimsum(const sg_sum *sum);

/* 1 when the player to move (the first player) wins, that is when the
 * nim-sum is not 0; else 0. */
SG_API int sg_sum_first_player_wins(const sg_sum *sum);

/* The number of winning moves (0 when the first player loses) and the I-th
 * of them (I below that number), owned by the sum. */
SG_API size_t sg_sum_move_count(const sg_sum *sum);
SG_API const sg_sum_move *sg_sum_move_at(const sg_sum *sum, size_t i);

/* The positions the I-th winning move leaves in its part: *COUNT of them,
 * one (the move's TO) unless the move splits a heap, in which case TO is
 * SG_NO_POSITION.  Owned by the sum. */
SG_API const uint64_t *sg_sum_move_left(const sg_sum *sum, size_t i,
                                        size_t *count);

SG_API void sg_sum_free(sg_sum *sum);

/* ---- Positions of several parts, written 3+4+5 ------------------------ */

/* The most parts a position written with + may have. */
#define SG_POSITION_MAX_PARTS 64

/* Reads a position of several parts, TEXT such as "3+4+5" (heap sizes) or
 * "a+b" (nodes of a DAG game; a node whose name holds a + cannot be a
 * part), into a new array *PARTS of *N positions, which the caller frees.
 * ORIGIN starts messages, e.g. "--position".  Returns SG_OK, SG_EINPUT
 * naming the bad part (an empty one, a bad heap, an unknown node), or
 * SG_ELIMIT for more than SG_POSITION_MAX_PARTS parts or a heap above
 * 2^63 - 1.  A coin row ("THHTH") is the sum of its single heads, one part
 * a head, and may have more parts than that bound. */
SG_API sg_status sg_position_parse(sg_ctx *ctx, const sg_game *game,
                                   const char *text, const char *origin,
                                   uint64_t **parts, size_t *n);

/* The bounds on the game of a sum that sg_sum_game_new() makes: drawings
 * and steps of more positions or moves are no longer pictures. */
#define SG_SUM_GAME_MAX_POSITIONS 2000u
#define SG_SUM_GAME_MAX_MOVES 40000u

/* The game whose positions are every position reachable from the sum of
 * PARTS[0..n) of GAME, each part keeping its place: the product of the
 * parts' games, in which 3+4 and 4+3 are different positions, and a heap
 * that splits stays in its part's place (3+4 -> 3+1+2).  A position's name
 * is its parts' names joined by + ("3+4+5"); positions are numbered so
 * that every move leads to a smaller number, and the start is the last.
 * Its values, computed by the engine like any game's, are the nim-sums of
 * the parts' values; drawings place its positions in the textbook's grid
 * (the first part across, the second up; a third and fourth in blocks).
 * Returns a new game, or NULL on error: SG_ELIMIT naming the number of
 * positions (and each part's) beyond SG_SUM_GAME_MAX_POSITIONS positions
 * or SG_SUM_GAME_MAX_MOVES moves, SG_EINPUT for no parts or a part that
 * is not a position of GAME, SG_ENOMEM.  GAME must outlive the result,
 * which the caller frees with sg_game_free(). */
SG_API sg_game *sg_sum_game_new(sg_ctx *ctx, const sg_game *game,
                                const uint64_t *parts, size_t n);

/* ------------------------------------------------------------------------ */
/* Misère play: the player who makes the last move loses                    */
/* ------------------------------------------------------------------------ */

/*
 * The misère Grundy value g-(G) is the least m for which G + *m is a misère
 * P-position; it is 1 for a position without moves and otherwise the mex of
 * the options' g-, and 0 exactly at misère P-positions.  Sums do not follow
 * the XOR rule, so their outcome comes from misère Nim's rule where it
 * holds (Nim itself, for heaps of any size, and games without splitting
 * moves whose every position up to the largest part plays like a nim-heap:
 * g- = sg, or 0 and 1 exchanged where sg is 0 or 1), and otherwise from a
 * memoized search over the positions reachable (multisets of the game's
 * positions), which examines at most a bounded number of them.
 */

/* The most positions a misère search examines by default. */
#define SG_MISERE_MAX_POSITIONS UINT64_C(2000000)

typedef struct sg_misere sg_misere;

/* Starts answering misère questions about GAME, keeping what each search
 * finds for the next.  MAX_POSITIONS bounds the positions kept (0: the
 * default, SG_MISERE_MAX_POSITIONS).  Returns NULL on SG_ENOMEM, or with
 * SG_ELIMIT when the table of MAX_POSITIONS could not fit in the memory of
 * the machine (the message names what it would need).  GAME
 * must outlive the result, which the caller frees with sg_misere_free(). */
SG_API sg_misere *sg_misere_new(sg_ctx *ctx, const sg_game *game,
                                uint64_t max_positions);

SG_API void sg_misere_free(sg_misere *misere);

/* How a misère outcome was found. */
typedef enum sg_misere_rule {
    SG_MISERE_BY_NIM,    /* misère Nim's rule on the heap sizes */
    SG_MISERE_BY_TAME,   /* misère Nim's rule on the sg values: every
                            position up to the largest part plays like a
                            nim-heap (checked), and no move splits */
    SG_MISERE_BY_SEARCH, /* a search over the positions reachable */
    SG_MISERE_BY_QUOTIENT /* the misère quotient of every sum of positions
                             below quotient_below, learned from a search
                             and proved for all of them */
} sg_misere_rule;

typedef struct sg_misere_answer {
    int first_player_wins;  /* the player to move wins under misère play */
    sg_misere_rule rule;
    /* By a rule: whether some part has a value of 2 or more (then the
     * nim-sum decides as in normal play), and the nim-sum of the parts'
     * values (heap sizes, for Nim). */
    int large;
    sg_value nimsum;
    /* g- of the whole sum, when known: always by a rule; by the search
     * when asked for. */
    int has_value;
    sg_value value;
    uint64_t searched;      /* positions the search examined anew */
    /* By the quotient: its classes, the pairs its proof walked over, and
     * the sums it covers: every sum of positions below quotient_below, and
     * with quotient_one_more also those sums plus one position
     * quotient_below (when the bound stopped the learning of sums with two
     * of it). */
    uint64_t quotient_classes;
    uint64_t quotient_pairs;
    uint64_t quotient_below;
    int quotient_one_more;
} sg_misere_answer;

/* The misère outcome of the sum of PARTS[0..n) (one part: a single
 * position) into *ANSWER; with WANT_VALUE, also its g- (which a search
 * finds by examining every position, where the outcome alone may stop at
 * a winning move).  A sum whose search outgrows a first short bound is
 * decided by the misère quotient when one can be learned (rule
 * SG_MISERE_BY_QUOTIENT): then only the outcome is known, and has_value
 * stays 0 even with WANT_VALUE.  Returns SG_OK, or an error: SG_ELIMIT naming the sum
 * and the bound when the search examines more positions than allowed, or
 * when a part's values would not fit in memory (as sg_check_range()). */
SG_API sg_status sg_misere_solve(sg_ctx *ctx, sg_misere *misere,
                                 const uint64_t *parts, size_t n,
                                 int want_value, sg_misere_answer *answer);

/* g-(0..LAST) of single positions (for a finite game, LAST is clamped)
 * into a new table *OUT, which the caller frees with sg_values_free().
 * Returns SG_OK, or SG_ELIMIT naming the position whose value needs more
 * search than allowed, or what does not fit in memory. */
SG_API sg_status sg_misere_values(sg_ctx *ctx, sg_misere *misere,
                                  uint64_t last, sg_values **out);

/* Whether misère play of GAME reduces to normal play for positions
 * 0..CHECKED. */
typedef struct sg_misere_tame {
    int nim;          /* the game is Nim: misère Nim's rule, any heap */
    int splits;       /* some moves split a heap (the rule is not claimed) */
    int tame;         /* every position 0..checked plays like a nim-heap
                         and no move splits: misère Nim's rule on sg */
    uint64_t checked;
    /* The first position whose sg and g- no sum of nim-heaps has (a
     * nim-heap has them equal, or 0 and 1 exchanged), which shows that the
     * rule cannot hold, with its two values; SG_NO_POSITION when none. */
    uint64_t witness;
    sg_value witness_sg, witness_g;
} sg_misere_tame;

/* Finds out *TAME for positions 0..LAST.  Returns SG_OK or an error of
 * sg_misere_values(). */
SG_API sg_status sg_misere_tameness(sg_ctx *ctx, sg_misere *misere,
                                    uint64_t last, sg_misere_tame *tame);

/* The moves of a sum under misère play. */
typedef struct sg_misere_moves sg_misere_moves;

/* The winning moves of the sum of PARTS[0..n), or with EVERY set every
 * move with whether it wins (not for Nim, whose winning moves are found
 * directly for heaps of any size).  Moves go part by part, in the order
 * the game lists them.  Returns NULL on error: those of sg_misere_solve(),
 * or SG_ELIMIT beyond a million moves.  Free with sg_misere_moves_free(). */
SG_API sg_misere_moves *sg_misere_moves_new(sg_ctx *ctx, sg_misere *misere,
                                            const uint64_t *parts, size_t n,
                                            int every);

SG_API size_t sg_misere_moves_count(const sg_misere_moves *moves);

/* Move I (below the count): its part, from and amount (TO is the one
 * position it leaves, or SG_NO_POSITION); *WINS whether it leaves a misère
 * P-position; *LEFT[0..*NLEFT) the positions it leaves in its part.  WINS
 * and LEFT may be NULL.  Owned by MOVES. */
SG_API const sg_sum_move *sg_misere_moves_at(const sg_misere_moves *moves,
                                             size_t i, int *wins,
                                             const uint64_t **left,
                                             size_t *nleft);

/* The positions the search examined anew to decide move I. */
SG_API uint64_t sg_misere_moves_searched(const sg_misere_moves *moves,
                                         size_t i);

SG_API void sg_misere_moves_free(sg_misere_moves *moves);

/* ---- Every-SG: a move in every component at once ------------------------ */

/*
 * Every-SG: each turn the player must move in every component that still
 * has a move; whoever cannot move loses.  A component's step count decides
 * it: step = 0 at a terminal position; at an N-position 1 + the largest
 * step among its options that are P-positions; at a P-position 1 + the
 * smallest step among all its options (a position is a P-position exactly
 * when its step is even).  The first player wins a sum when the largest
 * step over its components is odd.  An option that splits a component
 * leaves several, and lasts as long as the longest: its step is theirs.
 */
typedef struct sg_every sg_every;

/* The steps of positions 0..LAST of GAME (a finite game: every position
 * up to LAST, or its last).  Returns NULL on error: a game whose sums are
 * one game split by a theorem (a row of coins, SG_EINPUT), a game whose
 * moves cannot all be listed (a large Hackenbush picture), more moves to
 * list than SG_WORK_MAX or no memory for them (SG_ELIMIT), SG_ENOMEM.
 * Free with sg_every_free(). */
SG_API sg_every *sg_every_new(sg_ctx *ctx, const sg_game *game,
                              uint64_t last);

/* The step of position X (0 beyond the last position computed). */
SG_API uint64_t sg_every_step(const sg_every *every, uint64_t x);

/* The last position whose step is known. */
SG_API uint64_t sg_every_last(const sg_every *every);

/* The step of the sum of PARTS[0..n): the largest of theirs. */
SG_API uint64_t sg_every_sum_step(const sg_every *every,
                                  const uint64_t *parts, size_t n);

/* The move from X that its step count follows (to the longest P-position
 * from an N-position, to the shortest option from a P-position): the
 * positions it leaves in a new array *LEFT of *K (freed by the caller),
 * and *AMOUNT what it takes (0 for kinds without amounts; AMOUNT may be
 * NULL).  For a terminal X, *LEFT is NULL and *K 0.  Returns SG_OK or
 * SG_ENOMEM. */
SG_API sg_status sg_every_move(sg_ctx *ctx, const sg_every *every,
                               uint64_t x, uint64_t **left, size_t *k,
                               uint64_t *amount);

SG_API void sg_every_free(sg_every *every);

/* The Every-SG step count of Euclid's game on piles A and B (a move takes
 * a positive multiple of the smaller pile from the larger; a game with an
 * empty pile is over), as HDU 3595 (solve --judge hdu3595) plays it. */
SG_API uint64_t sg_euclid_every_step(uint64_t a, uint64_t b);

/* ---- Many sums, as online judges give them ----------------------------- */

/* How the sums are laid out in a batch's input. */
typedef enum sg_batch_layout {
    /* One sum a line, its parts separated by spaces or tabs. */
    SG_BATCH_LINES,
    /* The number of sums T, then for each sum its number of parts N and
     * the N parts, separated by any whitespace, line breaks included, as
     * many judges give them (HDU 3032, HDU 1907).  Each sum is answered
     * once its last part has been read. */
    SG_BATCH_COUNTED
} sg_batch_layout;

/* The most parts one sum of the counted layout may have. */
#define SG_BATCH_MAX_COUNTED_PARTS 10000000u

typedef struct sg_batch_opts {
    /* sizeof (sg_batch_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    /* With both names, each line is answered with the winner's name alone:
     * FIRST_NAME when the player to move wins, SECOND_NAME otherwise.
     * Without them, with a line such as "1 4 1: nim-sum 0, second player
     * wins".  The batch keeps copies of the names. */
    const char *first_name;
    const char *second_name;
    /* Nonzero: a line whose parts are all 0 (in a DAG game, all "0") ends
     * the input; it gets no answer, and nothing after it is read.  A game
     * with a node named "0" is refused, since there such a line is a
     * question about that node.  Lines layout only. */
    int stop_at_zero;
    /* SG_BATCH_LINES (the default) or SG_BATCH_COUNTED.  Without names,
     * a counted sum is answered as "case 2: nim-sum 0, second player
     * wins". */
    sg_batch_layout layout;
    /* Nonzero: misère play, where the player who makes the last move
     * loses; each sum's outcome comes from sg_misere_solve() (misère Nim's
     * rule where it holds, else a bounded search), and an answer without
     * names reads "1 4 1: misère, second player wins". */
    int misere;
    /* The most positions the misère search examines (0: the default,
     * SG_MISERE_MAX_POSITIONS). */
    uint64_t misere_limit;
    /* Nonzero: Every-SG, where each turn moves in every part that can
     * move; each sum's outcome is the parity of its largest step count
     * (sg_every_new()), and an answer without names reads "1 4 1: largest
     * step 3, first player wins". */
    int every;
} sg_batch_opts;

typedef struct sg_batch sg_batch;

/* Starts answering sums of GAME read from input in the layout of
 * opts->layout.  Lines: each line one sum, parts separated by spaces or
 * tabs (heap sizes, or node names of a DAG game), a line at most 65536
 * characters and SG_SUM_MAX_PARTS parts; an empty (or blank) line is an
 * error, as a sum needs a part.  Counted: T, then T sums each given as N
 * and N parts (N = 0 is a sum without parts, which the second player
 * wins), every word at most 65536 characters, N at most
 * SG_BATCH_MAX_COUNTED_PARTS.  Answers go to OUT, one line each, in order.
 * Values come from one lookup for every heap when the game has a period or
 * a theorem to answer from (sg_lookup_new()); otherwise they are computed
 * once, up to the largest heap seen so far, and when a larger one comes
 * the table grows to at least twice its size.  ORIGIN names the input in
 * messages, which read "ORIGIN:LINE: ..." (counted: "ORIGIN:LINE:COLUMN:
 * ...", the place of the word at fault).  Returns NULL on error (a name
 * holding a newline, only one of the two names, stop_at_zero with the
 * counted layout or with a node named "0": SG_EINPUT; SG_ENOMEM).  GAME must outlive the batch; OUT stays the
 * caller's.  Free with sg_batch_free(). */
SG_API sg_batch *sg_batch_new(sg_ctx *ctx, const sg_game *game,
                              const sg_batch_opts *opts, const char *origin,
                              FILE *out);

/* Feeds LEN bytes of input, in pieces of any size.  Every sum completed by
 * them is answered, and OUT is flushed before returning, so that a person
 * typing at a terminal gets each answer at once.  Returns SG_OK; SG_STOP
 * once a line of zeros ended the input (later input is ignored); or an
 * error (SG_EINPUT, SG_ELIMIT for a heap beyond memory, SG_EIO when OUT
 * cannot be written) after every line before the bad one was answered.
 * After SG_STOP or an error, further calls do nothing and return the same
 * status. */
SG_API sg_status sg_batch_feed(sg_ctx *ctx, sg_batch *batch, const char *data,
                               size_t len);

/* Ends the input: answers a last line that had no newline, and refuses
 * (SG_EINPUT) an input that held no position at all, or, in the counted
 * layout, one that ends before the T sums it announced are complete.
 * Returns SG_OK (also after a line of zeros) or an error. */
SG_API sg_status sg_batch_finish(sg_ctx *ctx, sg_batch *batch);

/* Feeds everything read from the file descriptor FD, chunk by chunk as it
 * arrives, and finishes.  Returns what sg_batch_finish() returns, the
 * first error of sg_batch_feed(), or SG_EIO when FD cannot be read. */
SG_API sg_status sg_batch_read_fd(sg_ctx *ctx, sg_batch *batch, int fd);

/* The number of sums answered so far. */
SG_API uint64_t sg_batch_answered(const sg_batch *batch);

SG_API void sg_batch_free(sg_batch *batch);

/* ---- Online judges' problems, input and output as they give them ------ */

/*
 * A judge's problem reads its input in its own format and answers in its
 * own words: "hdu1536" (S-Nim) reads cases of a set S and games on it and
 * answers a line of W and L per case; "hdu1847" reads lines of n and
 * answers Kiki or Cici.  sg_judge_name() and sg_judge_summary() list them.
 * Problems whose input is a sum a line, or T counted sums, are the batch
 * reader above with the problem's game, names and layout; the others are
 * read word by word, words separated by any white space, each bad word
 * named with its line and column.
 */

typedef struct sg_judge sg_judge;

/* The number of problems known, and problem I's name (e.g. "hdu1536") and
 * one line on its input and answers (I below sg_judge_count(); NULL
 * otherwise).  Static. */
SG_API size_t sg_judge_count(void);
SG_API const char *sg_judge_name(size_t i);
SG_API const char *sg_judge_summary(size_t i);

/* Starts answering the input of problem NAME, called ORIGIN in messages,
 * with answers to OUT.  Returns NULL on error: an unknown NAME (SG_EINPUT,
 * naming the known ones), SG_ENOMEM.  OUT stays the caller's; free the
 * judge with sg_judge_free(). */
SG_API sg_judge *sg_judge_new(sg_ctx *ctx, const char *name,
                              const char *origin, FILE *out);

/* Feeds LEN bytes of input, in pieces of any size.  Every case completed
 * by them is answered, and OUT is flushed before returning.  Returns
 * SG_OK, SG_STOP once the input's own end mark was read (for problems of
 * the batch reader), or an error (SG_EINPUT for a bad word or line, naming
 * its place; SG_ELIMIT; SG_EIO when OUT cannot be written) after every
 * case before the bad one was answered.  After an error, further calls do
 * nothing and return it again. */
SG_API sg_status sg_judge_feed(sg_ctx *ctx, sg_judge *judge, const char *data,
                               size_t len);

/* Ends the input: answers what its last word completes and refuses input
 * that is empty or ends inside a case.  Returns SG_OK or an error. */
SG_API sg_status sg_judge_finish(sg_ctx *ctx, sg_judge *judge);

/* Feeds everything read from the file descriptor FD and finishes.  Returns
 * what sg_judge_finish() returns, the first error of sg_judge_feed(), or
 * SG_EIO when FD cannot be read. */
SG_API sg_status sg_judge_read_fd(sg_ctx *ctx, sg_judge *judge, int fd);

SG_API void sg_judge_free(sg_judge *judge);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_CORE_H */
