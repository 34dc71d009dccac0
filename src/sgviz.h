/*
 * sgviz.h - the public interface of libsgviz.
 *
 * libsgviz computes Sprague-Grundy values of impartial games while recording
 * every mex step, and turns those steps into traces, tables and pictures.
 *
 * Conventions that hold for every function below:
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
 *  - Positions are numbered 0, 1, 2, ...  For a subtraction game the number
 *    is the heap size.  For a game read from a DOT file the numbering is a
 *    topological order: every move goes from a position to one with a
 *    smaller number, so values can be computed in increasing order.
 */
#ifndef SGVIZ_H
#define SGVIZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SGVIZ_VERSION "0.1.0"

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
sg_ctx *sg_ctx_new(void);

/* Releases the context and everything it holds (including the Graphviz
 * context, if one was created). */
void sg_ctx_free(sg_ctx *ctx);

/* The status of the last failure, or SG_OK when nothing failed since the
 * last sg_ctx_clear(). */
sg_status sg_ctx_status(const sg_ctx *ctx);

/* The message of the last failure ("" when none).  Owned by the context. */
const char *sg_ctx_message(const sg_ctx *ctx);

/* Forgets the last failure. */
void sg_ctx_clear(sg_ctx *ctx);

/* Records a failure with a printf-style message and returns `status`, so
 * that callers can write `return sg_ctx_fail(ctx, SG_EINPUT, ...)`.  The front
 * end uses this for its own errors, so that all of them travel one way. */
sg_status sg_ctx_fail(sg_ctx *ctx, sg_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

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
    SG_GAME_HACKENBUSH   /* Green Hackenbush: pictures of edges on the
                            ground; a move deletes an edge */
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
sg_game *sg_game_from_spec(sg_ctx *ctx, const char *spec, const char *origin);

/* A subtraction game of the amounts AMOUNTS[0..n), in any order; an amount
 * given more than once counts once (the set is the set), as online judges'
 * inputs often repeat them.  Returns a new game, or NULL on error: no
 * amounts or an amount 0 (SG_EINPUT), an amount above 10^18 or more than
 * 2^20 of them (SG_ELIMIT), SG_ENOMEM.  The caller frees it with
 * sg_game_free(); AMOUNTS stays the caller's. */
sg_game *sg_game_from_amounts(sg_ctx *ctx, const uint64_t *amounts, size_t n);

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
sg_game *sg_game_from_code(sg_ctx *ctx, const char *code, const char *origin);

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
sg_game *sg_game_from_coins(sg_ctx *ctx, const char *rule,
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
sg_game *sg_game_read_hackenbush(sg_ctx *ctx, const char *const *paths,
                                 size_t n, const char *ground);

/* Whether GAME is played on pictures of its own (Green Hackenbush), which
 * sg_picture_render() draws. */
int sg_game_draws_pictures(const sg_game *game);

/* Draws GAME's (first) picture itself in FORMAT (svg, png, pdf, dot, tikz)
 * to OUT: the ground as a line, each edge marked with the value its
 * deletion leaves, the winning deletions (leaving 0) in red, a caption in
 * LANG ("en" or NULL, "zh").  Returns SG_OK or an error (SG_EINPUT for a
 * game without pictures or an unknown language, SG_EINTERNAL, SG_EIO). */
sg_status sg_picture_render(sg_ctx *ctx, const sg_game *game,
                            const char *format, const char *lang, FILE *out);

/* Reads a directed acyclic game graph in the DOT language from PATH ("-" is
 * standard input): each node is a position and each edge a move, a
 * position's moves in the order of their edges in the file.  Returns a
 * new game or NULL on error (unreadable file, invalid DOT, an undirected or
 * empty graph, a cycle).  The caller frees it with sg_game_free(). */
sg_game *sg_game_read_dot(sg_ctx *ctx, const char *path);

/* The default of the most bytes of DOT that sg_game_read_dot() reads. */
#define SG_DOT_MAX_DEFAULT ((uint64_t)256 << 20)

/* Sets the most bytes of DOT that later sg_game_read_dot() calls on CTX
 * read (0 restores SG_DOT_MAX_DEFAULT).  The memory Graphviz may hold for
 * the graph (2 GiB at the default) and the most edges (10^7) follow in
 * proportion, so that a larger bound admits a larger game whole.  Returns
 * SG_OK, or SG_EINPUT (recorded) for a bound under 1 KiB or over 1 TiB. */
sg_status sg_ctx_set_dot_max(sg_ctx *ctx, uint64_t bytes);

void sg_game_free(sg_game *game);

sg_game_kind sg_game_kind_of(const sg_game *game);

/* The kind's own theorem worked for GAME, in LANG ("en" or "zh"), as lines
 * ending in newlines: where the values of a coin game's single heads come
 * from, the colon and fusion principles on a Hackenbush picture.  A new
 * string the caller frees, or NULL: when the kind has none (nothing
 * recorded), or out of memory (SG_ENOMEM recorded). */
char *sg_game_working(sg_ctx *ctx, const sg_game *game, const char *lang);

/* Whether GAME's sums written in its own notation (a row of coins, whose
 * heads are parts) are one game that a theorem of normal play splits,
 * rather than games of their own: misère play and Every-SG need the
 * latter, and refuse such games. */
int sg_game_sums_by_theorem(const sg_game *game);

/* A short description for headings and legends, e.g. "S = {1,3,4}",
 * "S = powers of two", or the DOT file's name.  Owned by the game. */
const char *sg_game_describe(const sg_game *game);

/* The set in the notation of the worked example, e.g. "1,3,4" or "pow2";
 * for a DAG game, its file name.  Owned by the game. */
const char *sg_game_spec(const sg_game *game);

/* What one position is called: "heap" for games played on heaps of tokens,
 * whose positions are heap sizes, "position" for games whose positions
 * have names.  Static. */
const char *sg_game_position_noun(const sg_game *game);

/* Whether the game has a fixed, finite number of positions (DAG games).  A
 * subtraction game has positions 0..N for whatever N is asked for. */
int sg_game_is_finite(const sg_game *game);

/* The number of positions of a finite game; 0 for a subtraction game. */
uint64_t sg_game_position_count(const sg_game *game);

/* The largest amount in a finite subtraction set; 0 when the set is
 * infinite (pow2, fib, all) or the game is not a subtraction game. */
uint64_t sg_game_max_amount(const sg_game *game);

/* Writes the name of position X into BUF (of SIZE bytes) and returns BUF,
 * or returns the game's own copy of the name (owned by the game).  For a
 * subtraction game the name is the heap size in decimal. */
const char *sg_game_position_name(const sg_game *game, uint64_t x, char *buf,
                                  size_t size);

/* Finds the position called NAME (a decimal heap size for a subtraction
 * game, a node name for a DAG game) and stores its number in *X.  ORIGIN
 * names the source of NAME for messages.  Returns SG_OK or SG_EINPUT. */
sg_status sg_game_find_position(sg_ctx *ctx, const sg_game *game,
                                const char *name, const char *origin,
                                uint64_t *x);

/* ---- Orders of positions ------------------------------------------------ */

/* The positions of finite GAME in the order people list them, which tables
 * follow: by their names where every name is a whole number, otherwise in
 * the order a DOT file names its nodes, or, for a game defined in C, its
 * tuples in increasing order.  Returns a new array of *N positions the
 * caller frees with free(), or NULL on error (a game without end:
 * SG_EINPUT; SG_ENOMEM). */
uint64_t *sg_game_order(sg_ctx *ctx, const sg_game *game, size_t *n);

/* The positions of finite GAME by their names read as whole numbers, which
 * must be every number from the least to the largest once (a, a + 1, ...,
 * b), so that the values in this order are a sequence.  Returns a new
 * array of *N positions (freed with free()), or NULL on error: a name that
 * is not a whole number, a number named twice or missing (SG_EINPUT,
 * naming it), SG_ENOMEM. */
uint64_t *sg_game_numeric_order(sg_ctx *ctx, const sg_game *game, size_t *n);

/* The positions of finite GAME named in the file PATH ("-" is standard
 * input; names separated by spaces or line breaks), in that order.  Not
 * every position need be named.  Returns a new array of *N positions
 * (freed with free()), or NULL on error: a name the game lacks, a name
 * given twice (SG_EINPUT with FILE:LINE:COLUMN), no names, an unreadable
 * file (SG_EIO), SG_ENOMEM. */
uint64_t *sg_game_read_order(sg_ctx *ctx, const sg_game *game,
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
void sg_options_add(sg_options *out, const int64_t *position);

/* Lists an option that leaves the COUNT positions POSITIONS[0 .. COUNT *
 * ARITY), played side by side as a sum: its value is the nim-sum of theirs.
 * COUNT is 1 to SG_DEFINE_MAX_PARTS; sg_game_define() reports any other. */
void sg_options_add_sum(sg_options *out, const int64_t *positions,
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
sg_game *sg_game_define(sg_ctx *ctx, const sg_game_def *def,
                        const int64_t *starts, size_t nstarts);

/* The numbers of position X of a game made by sg_game_define(), X below
 * its number of positions, owned by the game; NULL for any other game. */
const int64_t *sg_game_defined_position(const sg_game *game, uint64_t x);

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
sg_status sg_check_range(sg_ctx *ctx, const sg_game *game, uint64_t last);

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
sg_status sg_compute(sg_ctx *ctx, const sg_game *game, uint64_t last,
                     const sg_compute_opts *opts, sg_values **values);

/* The number of positions whose values are held (last + 1). */
uint64_t sg_values_count(const sg_values *values);

/* sg(x); X must be below sg_values_count(). */
sg_value sg_values_get(const sg_values *values, uint64_t x);

/* The largest value held. */
sg_value sg_values_max(const sg_values *values);

/* Bytes used per position (1, 2, 4 or 8). */
unsigned sg_values_width(const sg_values *values);

void sg_values_free(sg_values *values);

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
sg_lookup *sg_lookup_new(sg_ctx *ctx, const sg_game *game,
                         uint64_t max_position);

/* sg(x) for x <= the lookup's MAX_POSITION. */
sg_value sg_lookup_get(const sg_lookup *lookup, uint64_t x);

/* The largest position the lookup answers for. */
uint64_t sg_lookup_max(const sg_lookup *lookup);

void sg_lookup_free(sg_lookup *lookup);

/* The mex (minimum excludant) of N values: the least non-negative integer
 * not among them.  Uses SCRATCH, which must hold n + 1 bytes; scratch may be
 * NULL when n < 64. */
sg_value sg_mex(const sg_value *values, size_t n, unsigned char *scratch);

/* ------------------------------------------------------------------------ */
/* Templates                                                                */
/* ------------------------------------------------------------------------ */

typedef struct sg_template sg_template;

/* Loads the built-in trace template for language LANG ("en", "zh") and
 * format FORMAT ("text", "md", "latex", "json").  Built-in templates are
 * compiled into the library, so an installed program needs no other files.
 * Returns NULL on error (unknown language or format: SG_EINPUT). */
sg_template *sg_template_builtin(sg_ctx *ctx, const char *lang,
                                 const char *format);

/* Loads a user's template file.  Returns NULL on error: unreadable file
 * (SG_EIO) or malformed template (SG_EINPUT with FILE:LINE:COLUMN). */
sg_template *sg_template_load(sg_ctx *ctx, const char *path);

/* Parses template text held in memory; ORIGIN names it in messages. */
sg_template *sg_template_parse(sg_ctx *ctx, const char *text, size_t len,
                               const char *origin);

void sg_template_free(sg_template *tpl);

/* Breaks the traces written with TPL into blocks of ROWS steps (0: one
 * block), the template's [break] section between two blocks: the latex
 * format's blocks of 10 are each a slide's height.  Overrides the
 * template's own `rows` setting.  Returns SG_OK, or SG_EINPUT when TPL has
 * no [break] section or ROWS is above 10^6. */
sg_status sg_template_set_rows(sg_ctx *ctx, sg_template *tpl, uint64_t rows);

/* The names of the built-in languages and trace formats, for help texts. */
const char *sg_template_languages(void); /* "en, zh" */
const char *sg_template_formats(void);   /* "text, md, latex, json" */

/* The contents of a file under templates/ as built into the library, e.g.
 * "trace/en.text" or "themes/classic.dot"; NULL if there is none.  The bytes
 * are static; *LEN receives their length. */
const char *sg_builtin_file(const char *name, size_t *len);

/* ------------------------------------------------------------------------ */
/* Traces                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct sg_trace sg_trace;

/* Starts a trace of positions FROM..TO of GAME in the wording of TPL, written
 * to OUT.  The template must suit the game (a DAG game needs the template's
 * dag sections).  Returns NULL on error.  TPL and GAME must outlive the
 * trace; OUT stays the caller's. */
sg_trace *sg_trace_new(sg_ctx *ctx, const sg_template *tpl,
                       const sg_game *game, uint64_t from, uint64_t to,
                       FILE *out);

/* A step consumer (for sg_compute_opts.on_step, with with_moves set and USER
 * the trace) that writes one step. */
int sg_trace_step(void *trace, const sg_step *step);

/* Writes the trace's closing text and checks the output for write errors.
 * Returns SG_OK or SG_EIO. */
sg_status sg_trace_finish(sg_trace *trace);

void sg_trace_free(sg_trace *trace);

/* Computes and writes the whole trace of FROM..TO in one call. */
sg_status sg_trace_write(sg_ctx *ctx, const sg_template *tpl,
                         const sg_game *game, uint64_t from, uint64_t to,
                         FILE *out);

/* Formats one step in the wording of TPL, without the trailing newline.
 * Returns a new string the caller frees, or NULL on error. */
char *sg_trace_format_step(sg_ctx *ctx, const sg_template *tpl,
                           const sg_game *game, const sg_step *step);

/* ------------------------------------------------------------------------ */
/* Tables                                                                   */
/* ------------------------------------------------------------------------ */

typedef enum sg_table_format {
    SG_TABLE_TEXT,  /* rows x / sg / P-N, wrapped to a width */
    SG_TABLE_CSV,
    SG_TABLE_MD,
    SG_TABLE_LATEX,
    SG_TABLE_JSON,
    SG_TABLE_NONE,  /* compute only */
    SG_TABLE_C      /* a C array literal of the values, {0,1,0,...} */
} sg_table_format;

/* Parses a table format name; returns SG_OK or SG_EINPUT naming NAME. */
sg_status sg_table_format_parse(sg_ctx *ctx, const char *name,
                                sg_table_format *format);

typedef struct sg_table_opts {
    sg_table_format format;
    unsigned width;   /* text, c: the line width to wrap to; 0 means 80 */
    unsigned columns; /* latex: positions per tabular; 0 means 12 */
    int misere;       /* the misère table: g-(x) and P/N under misère play
                         (the last player to move loses), as
                         sg_misere_values() gives them; JSON names the
                         values "misere" */
    /* Only the P-positions (sg = 0): in text one name a line, in C an
     * array of the positions (numbers, pairs {a,b} for names "a,b", or
     * strings), in the other formats their rows. */
    int p_only;
    /* Positions named by two whole numbers ("3,5", "(3,5)"): a grid of
     * their values, rows by the first number, columns by the second, each
     * P-position marked (with p_only, a map of P and .).  Text, CSV, JSON
     * and C (a two-dimensional array, -1 where no position is). */
    int grid;
    /* When not NULL, the table lists exactly POSITIONS[0..npositions), in
     * that order (FROM and TO are then unused): a finite game in the order
     * of sg_game_order(), say, or a window of it. */
    const uint64_t *positions;
    size_t npositions;
    /* The words of text, Markdown and LaTeX tables: "en" (NULL) writes
     * sg(x), "zh" writes SG[x] and the game's Chinese name, as the Chinese
     * traces do.  CSV, JSON and C keep their keys. */
    const char *lang;
} sg_table_opts;

/* Computes and writes the table of positions FROM..TO of GAME to OUT (or
 * of opts->positions).  Returns SG_OK or an error: SG_EINPUT for a grid of
 * a game whose positions are not all named by two numbers (naming one),
 * a grid in a format that has none, or an unknown language. */
sg_status sg_table_write(sg_ctx *ctx, const sg_game *game, uint64_t from,
                         uint64_t to, const sg_table_opts *opts, FILE *out);

/* ------------------------------------------------------------------------ */
/* Output files                                                             */
/* ------------------------------------------------------------------------ */

typedef struct sg_output sg_output;

/* Opens an output.  PATH "-" (or NULL) is standard output; any other path is
 * written to a temporary file in the same directory and renamed into place
 * by sg_output_commit(), so a failure never leaves a truncated file nor
 * destroys an old one.  A symbolic link is followed: the file it names is
 * replaced and the link stays.  A device or a FIFO is written to directly
 * (it cannot be replaced).  Returns NULL on error (a missing or unwritable
 * directory: SG_EIO naming it). */
sg_output *sg_output_open(sg_ctx *ctx, const char *path);

/* The stream to write to.  Owned by the output. */
FILE *sg_output_stream(sg_output *out);

/* The temporary file's path (for writers that need a name rather than a
 * stream), or NULL for standard output, a device or a FIFO.  Owned by the
 * output. */
const char *sg_output_temp_path(const sg_output *out);

/* Flushes, closes and renames the file into place, then frees OUT.  Returns
 * SG_OK or SG_EIO; on error the temporary file is removed. */
sg_status sg_output_commit(sg_ctx *ctx, sg_output *out);

/* Discards what was written (removing the temporary file) and frees OUT. */
void sg_output_abort(sg_output *out);

/* Removes the temporary files and directories of every output not yet
 * committed or aborted.  For a handler of SIGTERM, SIGINT, SIGHUP and the
 * like, so that sgviz stopped half-way leaves nothing behind: it calls only
 * unlink() and rmdir(), which are async-signal-safe. */
void sg_output_cleanup(void);

/* Whether PATH names the same existing file as OTHER (same device and inode).
 * Used to refuse writing an output over one of the inputs. */
int sg_same_file(const char *path, const char *other);

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
sg_period *sg_period_find(sg_ctx *ctx, const sg_game *game, uint64_t limit);

/* The facts found.  Owned by PERIOD. */
const sg_period_info *sg_period_info_of(const sg_period *period);

/* sg(x).  With a certified period, any x; otherwise x must be below
 * info->computed. */
sg_value sg_period_value(const sg_period *period, uint64_t x);

/* For pow2 and all, a theorem that gives every value ("sg(x) = x mod 3",
 * "sg(x) = x"), else NULL.  Static text. */
const char *sg_period_theorem(const sg_period *period);

/* Whether the theorem holds for every value computed: 1 yes, 0 no (which
 * would be a bug), -1 when there is no theorem. */
int sg_period_theorem_checked(const sg_period *period);

void sg_period_free(sg_period *period);

typedef enum sg_period_format {
    SG_PERIOD_TEXT, /* for people: the facts, the certificate, the proof of
                       minimality */
    SG_PERIOD_JSON  /* one object, every value of the block included */
} sg_period_format;

/* Parses "text" or "json"; returns SG_OK or SG_EINPUT naming NAME. */
sg_status sg_period_format_parse(sg_ctx *ctx, const char *name,
                                 sg_period_format *format);

/* Writes the report on PERIOD (found for GAME) to OUT.  Text lists at most
 * a few dozen values per line unless FULL is set; JSON lists them all.
 * Returns SG_OK, SG_EIO when writing fails, or SG_ENOMEM. */
sg_status sg_period_write(sg_ctx *ctx, const sg_period *period,
                          const sg_game *game, sg_period_format format,
                          int full, FILE *out);

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
sg_status sg_sequence_find(sg_ctx *ctx, const sg_value *values, size_t n,
                           sg_sequence_info *info);

/* Reads values from TEXT[0..len), named ORIGIN in messages: whole numbers
 * from 0 up separated by white space or commas, optionally inside one pair
 * of braces, as `sgviz table --format c` writes them.  *VALUES receives a
 * new array of *N values, which the caller frees with free().  Returns
 * SG_OK, or SG_EINPUT naming the bad word with ORIGIN:LINE:COLUMN (no
 * values at all is an error too), SG_ELIMIT beyond SG_SEQUENCE_MAX values,
 * SG_ENOMEM. */
#define SG_SEQUENCE_MAX UINT64_C(100000000)
sg_status sg_sequence_parse(sg_ctx *ctx, const char *text, size_t len,
                            const char *origin, sg_value **values, size_t *n);

/* Reads values from the file PATH ("-" is standard input, called "stdin"
 * in messages), as sg_sequence_parse() does.  Returns SG_OK, an error of
 * sg_sequence_parse(), SG_EIO or SG_ELIMIT for a file that cannot be read
 * or is larger than 1 GiB. */
sg_status sg_sequence_read(sg_ctx *ctx, const char *path, sg_value **values,
                           size_t *n);

/* Writes the report on INFO (found in VALUES[0..n)) to OUT.  NAMES, when
 * not NULL, names each value's position (a game's positions in the order
 * the values were taken); otherwise value i is "x = i".  HEADING, when not
 * NULL, is the report's first line.  Text lists at most a few dozen values
 * per line unless FULL is set; JSON lists them all.  Returns SG_OK,
 * SG_EIO when writing fails, or SG_ENOMEM. */
sg_status sg_sequence_write(sg_ctx *ctx, const sg_value *values, size_t n,
                            const sg_sequence_info *info,
                            const char *const *names, const char *heading,
                            sg_period_format format, int full, FILE *out);
/* Homework sheets: tables of sg values or P/N letters as students write   */
/* them                                                                     */
/* ------------------------------------------------------------------------ */

/* Bounds on a sheet, checked before anything is allocated for it. */
#define SG_SHEET_MAX_BYTES ((size_t)16 << 20)     /* bytes in one file */
#define SG_SHEET_MAX_POSITIONS UINT64_C(1000000)  /* x = 0 .. 999999 */

/* The layouts students write.  AUTO detects one from the text (the first
 * six can also be forced; the last three are only recognised). */
typedef enum sg_sheet_form {
    SG_SHEET_AUTO,
    SG_SHEET_ROWS,  /* "x 0 1 2 ..." with "sg 0 1 0 ..." and/or "P/N P N P", */
                    /* in either order; several such blocks may follow */
    SG_SHEET_PAIRS, /* one position a line: "4 2", "4: 2", "sg(4) = 2", "4,N" */
    SG_SHEET_CSV,   /* a header naming the columns (x, sg, P/N), then rows */
    SG_SHEET_LIST,  /* bare values for x = 0, 1, 2, ... */
    SG_SHEET_PN,    /* bare P/N letters for x = 0, 1, 2, ... ("PNPNN" too) */
    SG_SHEET_TRACE, /* a mex step a line: "sg(4) = mex{1,1,0} = 2" */
    SG_SHEET_JSON,  /* JSON: sgviz's own table and trace, lists, records */
    SG_SHEET_PLIST  /* a list of P-positions: "P-positions: 0, 2, 7" */
} sg_sheet_form;

/* Parses a form name (auto, rows, pairs, csv, list, pn) given to OPTION
 * (e.g. "--input-format") for messages.  Returns SG_OK or SG_EINPUT. */
sg_status sg_sheet_form_parse(sg_ctx *ctx, const char *option,
                              const char *name, sg_sheet_form *form);

/* The name of FORM, as sg_sheet_form_parse() accepts it.  Static. */
const char *sg_sheet_form_name(sg_sheet_form form);

/* One entry a student wrote: a position and its value, its P/N letter, or
 * both.  In a sheet either every entry has a value (letters are then
 * optional extras) or none has, and every entry has a letter. */
typedef struct sg_sheet_entry {
    uint64_t x;           /* the position (a node's number for DAG games) */
    int has_value;
    sg_value value;
    char pn;              /* 'P', 'N', or 0 when no letter was written */
    unsigned long line;   /* where the entry's position is written (in a */
    unsigned long column; /* bare list, where its answer is; 0: unknown) */
} sg_sheet_entry;

typedef struct sg_sheet sg_sheet;

/* How a sheet is read. */
typedef struct sg_sheet_opts {
    sg_sheet_form form;   /* SG_SHEET_AUTO (0) detects the layout */
    const char *lang;     /* the language of messages: "en" (NULL), "zh" */
    /* sg_sheet_read() reads only a file that lies in this folder: a
     * symbolic link that leads out of it is refused, never followed.
     * NULL: any file. */
    const char *inside;
} sg_sheet_opts;

/* Reads a sheet from TEXT[0..len), named ORIGIN in messages, for GAME
 * (positions are heap sizes for a subtraction game, node names for a DAG
 * game).  OPTS may be NULL.  The text may be in any encoding students save
 * (UTF-8, UTF-16, GBK/GB18030, Windows-1252), with any line ends, in any of
 * the layouts above, as plain text, CSV, Markdown, LaTeX, HTML or JSON;
 * lines around the table (a name, the question, remarks) are skipped.  A
 * blank, "?" or "-" answer and a gap in x count as missing; entries beyond
 * the question's N are for the check to set aside.  Refused with
 * ORIGIN:LINE:COLUMN (SG_EINPUT), in the language of OPTS: a file that is
 * not text (naming what it is and how to hand in the table instead), a
 * word where a number belongs, two different answers for one position, a
 * row longer than its x row, a node the game does not have; beyond the
 * bounds above with SG_ELIMIT.  Returns a new sheet the caller frees with
 * sg_sheet_free(), or NULL on error.  GAME is only read during the call. */
sg_sheet *sg_sheet_parse(sg_ctx *ctx, const sg_game *game, const char *text,
                         size_t len, const char *origin,
                         const sg_sheet_opts *opts);

/* Reads the sheet in the file PATH ("-" is standard input), as
 * sg_sheet_parse().  Only a regular file is read (a FIFO or a device is
 * refused, never waited on).  Returns NULL on error, SG_EIO when the file
 * cannot be read. */
sg_sheet *sg_sheet_read(sg_ctx *ctx, const sg_game *game, const char *path,
                        const sg_sheet_opts *opts);

void sg_sheet_free(sg_sheet *sheet);

/* The layout the sheet was read as (never SG_SHEET_AUTO). */
sg_sheet_form sg_sheet_form_of(const sg_sheet *sheet);

/* The entries in increasing order of position; *COUNT receives their
 * number (0 when the sheet holds only a list of P-positions, mex steps
 * without results or answers about sums).  Owned by the sheet. */
const sg_sheet_entry *sg_sheet_entries(const sg_sheet *sheet, size_t *count);

/* Whether the entries hold values (1) or only P/N letters (0). */
int sg_sheet_has_values(const sg_sheet *sheet);

/* The largest position the sheet names in its table and its mex steps (in
 * its lists of P-positions when it has neither), or SG_NO_POSITION. */
uint64_t sg_sheet_last_x(const sg_sheet *sheet);

/* The name the sheet was read under.  Owned by the sheet. */
const char *sg_sheet_origin(const sg_sheet *sheet);

/* The student's name and id as a line of the sheet gives them ("Name: Anna
 * Schmidt", "学号：2021001"), or NULL.  Owned by the sheet. */
const char *sg_sheet_student(const sg_sheet *sheet);
const char *sg_sheet_student_id(const sg_sheet *sheet);

/* The encoding the file was read in: "UTF-8", "UTF-16LE", "GB18030", ...
 * Static. */
const char *sg_sheet_encoding(const sg_sheet *sheet);

/* Whether the x row and the sg row (or columns) were read the other way
 * round from their labels, because the x row repeated values and the sg
 * row counted 0, 1, 2, ... */
int sg_sheet_swapped(const sg_sheet *sheet);

/* ------------------------------------------------------------------------ */
/* Checking homework: a sheet against the engine's values                   */
/* ------------------------------------------------------------------------ */

/*
 * Each position gets two verdicts.  It is correct when the student's entry
 * equals the true sg value (and P/N letter, where one is written).  It is
 * consistent when the entry equals what the student's OWN entries at its
 * targets give: the mex of their values, or, in a sheet of letters only, P
 * exactly when none of the targets is marked P; a written letter must also
 * agree with the student's own value.  A target the sheet leaves out counts
 * with its true value, so that a student is never blamed twice for one
 * omission.  A position without an entry is neither correct nor consistent.
 *
 * A wrong entry that is not consistent is a slip: the place where an error
 * starts.  A wrong entry that is consistent follows from slips before it;
 * its cause is the slip that every wrong target leads back to, or
 * SG_NO_POSITION when they lead back to several.
 */
typedef struct sg_verdict {
    uint64_t x;
    int given;             /* the sheet has an entry for x */
    int correct;
    int consistent;
    int has_value;         /* the sheet gives values (else letters only) */
    sg_value value;        /* what the student wrote (has_value) */
    char pn;               /* the letter written, or 0 */
    sg_value right;        /* the true sg(x) */
    sg_value own;          /* the mex of the student's values at the targets */
    char own_pn;           /* 'P' or 'N' as the student's own entries give */
    uint64_t cause;        /* wrong and consistent: the slip it follows from */
    uint64_t followers;    /* a slip: the wrong entries that follow from it */
    uint64_t followers_next; /* of those, how many come right after it, with
                                no other wrong entry between */
    int contradicts;       /* the letter contradicts the value beside it */
    int has_step;          /* a mex step was written for x */
    int step_right;        /* and it has no mistake */
} sg_verdict;

typedef struct sg_check_summary {
    uint64_t total;        /* positions checked */
    uint64_t correct;
    uint64_t consistent;
    uint64_t missing;      /* positions without an entry */
    uint64_t slips;
    uint64_t first_error;  /* the first wrong position, or SG_NO_POSITION */
    uint64_t beyond;       /* entries beyond the question's N, not graded */
    uint64_t contradictions; /* P/N letters that contradict the student's
                                own value beside them */
    uint64_t steps;        /* mex steps written for positions checked */
    uint64_t steps_right;  /* of those, the steps without a mistake */
    uint64_t hints;        /* mistakes of the whole table (see the report) */
    uint64_t answers;      /* lists of P-positions and answers about sums */
    uint64_t answers_right; /* of those, the ones without a mistake */
    uint64_t last_in_sheet; /* the largest x the sheet gives (numbered games;
                               SG_NO_POSITION when it gives none) */
} sg_check_summary;

typedef struct sg_check sg_check;

/* How a sheet is checked. */
typedef struct sg_check_opts {
    int has_last;          /* the question asks for x = 0..LAST (-n); else */
    uint64_t last;         /* the sheet's largest x is taken */
    /* The sums the question asks about ("3+5+7", heaps or node names): an
     * answer that is not there is missing.  NULL: the sums answered. */
    const char *const *sums;
    size_t nsums;
} sg_check_opts;

/* Checks SHEET against GAME.  The positions checked are 0..LAST for a
 * subtraction game (see OPTS, which may be NULL), every position for a DAG
 * game; entries beyond them are set aside as beyond the question.  Also
 * checked: each mex step written (its targets, the values copied into it,
 * its mex), a list of P-positions (against the truth and the student's own
 * table), and answers about sums (who wins, and whether the move given
 * wins).  The values and mex steps come from the engine.  Returns a new
 * check the caller frees with sg_check_free(), or NULL on error (SG_EINPUT
 * for a sum in OPTS that does not parse, SG_ELIMIT when the range cannot be
 * computed here, SG_ENOMEM).  GAME must outlive the check; SHEET need not. */
sg_check *sg_check_new(sg_ctx *ctx, const sg_game *game,
                       const sg_sheet *sheet, const sg_check_opts *opts);

void sg_check_free(sg_check *check);

void sg_check_get_summary(const sg_check *check, sg_check_summary *summary);

/* Points for a grade: each position whose value is right earns VALUE,
 * each that follows from the student's own values METHOD, each whose P/N
 * answer is right (the letter written, or the one the value gives) PN,
 * each mex step without a mistake STEPS, each position a list of
 * P-positions gets right LIST, each sum's winner WINNER and winning move
 * MOVE.  With SCALE above 0, a grade is scaled to SCALE points. */
typedef struct sg_points {
    double value, method, pn, steps, list, winner, move;
    double scale;
} sg_points;

/* Parses "value=1,method=1,pn=0.5" (keys as above, "out-of" for SCALE;
 * a key left out is 0) for --points.  Returns SG_OK or SG_EINPUT naming
 * the bad item. */
sg_status sg_points_parse(sg_ctx *ctx, const char *spec, sg_points *points);

/* The points CHECK earns under POINTS, and the most it could earn; both
 * scaled when POINTS has a scale. */
void sg_check_points(const sg_check *check, const sg_points *points,
                     double *earned, double *max);

/* The verdicts on position X, which must be below the summary's total
 * (positions are numbered as the engine numbers them). */
void sg_check_get_verdict(const sg_check *check, uint64_t x,
                          sg_verdict *verdict);

typedef enum sg_report_format {
    SG_REPORT_TEXT, /* for people: each wrong entry with its mex step */
    SG_REPORT_CSV,  /* one row per position (a class: one row per file) */
    SG_REPORT_JSON
} sg_report_format;

/* Parses a report format name (text, csv, json).  Returns SG_OK or
 * SG_EINPUT naming NAME. */
sg_status sg_report_format_parse(sg_ctx *ctx, const char *name,
                                 sg_report_format *format);

/* Writes the report of one sheet to OUT in FORMAT, in the wording of
 * language LANG ("en", "zh"): for each wrong entry the value given, the
 * right value and the mex step that gives it (as `sgviz trace` words it),
 * whether it is a slip or follows from one, and the summary.  Returns
 * SG_OK, or an error (SG_EINPUT for an unknown language, SG_EIO). */
sg_status sg_check_write_report(sg_ctx *ctx, const sg_check *check,
                                const char *lang, sg_report_format format,
                                FILE *out);

/* A student, as a learning platform's export names them. */
typedef struct sg_student {
    char *name;            /* NULL when unknown */
    char *id;              /* NULL when unknown */
} sg_student;

/* Reads a student's name and id from NAME, the name of a folder (IS_FILE
 * 0) or of a file (IS_FILE 1, its extension ignored) as learning platforms
 * export submissions: Moodle's "Anna Schmidt_123456_assignsubmission_file_",
 * Canvas's "schmidtanna_123456_7890123_hw3.txt", Blackboard's "Homework
 * 3_aschmidt_attempt_2024-03-01-10-00-00_hw3.txt", and "2021001_张三",
 * "张三-2021001", "Schmidt, Anna (12345)".  A folder without an id names
 * the student by itself; a file without one names nobody.  Fills OUT
 * (fields NULL when not found) and returns SG_OK or SG_ENOMEM.  The caller
 * frees the fields with sg_student_clear(). */
sg_status sg_student_from_name(sg_ctx *ctx, const char *name, int is_file,
                               sg_student *out);

void sg_student_clear(sg_student *student);

/* A gradebook: one row per student's sheet. */
typedef struct sg_gradebook sg_gradebook;

typedef struct sg_gradebook_opts {
    const char *lang;         /* "en" (NULL) or "zh" */
    sg_report_format format;  /* text, csv or json */
    const sg_points *points;  /* NULL: no grade column */
    int n_from_sheets;        /* N is the largest x of the sheets (no -n) */
} sg_gradebook_opts;

/* Starts a gradebook for GAME, written to OUT by sg_gradebook_finish().
 * OPTS may be NULL.  Returns NULL on error (unknown language).  GAME must
 * outlive the gradebook; OUT stays the caller's; POINTS is copied. */
sg_gradebook *sg_gradebook_new(sg_ctx *ctx, const sg_game *game,
                               const sg_gradebook_opts *opts, FILE *out);

/* Adds the row of FILE, the sheet of STUDENT with ID (either NULL when not
 * known; the sheet's own "Name:" line is used then): its CHECK, or, when
 * the file could not be read, CHECK NULL and ERROR the message that says
 * why.  Every check of a book must cover the same positions.  Returns
 * SG_OK, SG_ELIMIT beyond 100000 rows, or SG_ENOMEM. */
sg_status sg_gradebook_add(sg_gradebook *book, const char *file,
                           const char *student, const char *id,
                           const sg_check *check, const char *error);

/* Writes every row, a closing count and the class's summary: the N every
 * sheet was checked to (and sheets that stop before it or go beyond it), a
 * histogram of scores, the positions most often first wrong.  CSV and JSON
 * rows carry the fields of a single sheet's JSON report.  Returns SG_OK,
 * SG_EIO or SG_ENOMEM. */
sg_status sg_gradebook_finish(sg_gradebook *book);

/* Draws the class's summary (the histogram of scores and the positions
 * most often first wrong) as a chart in FORMAT ("svg", "png" or "pdf") to
 * OUT.  Returns SG_OK, or an error as sg_drawing_render() gives. */
sg_status sg_gradebook_chart(sg_ctx *ctx, const sg_gradebook *book,
                             const char *format, FILE *out);

void sg_gradebook_free(sg_gradebook *book);

/* Writes, in LANG, the parts of a student's feedback that are not a
 * report: when ERROR is not NULL, that FILE could not be read, the message
 * ERROR and what files sgviz reads; when OTHERS is neither NULL nor "", the
 * other files of the student's folder, which were not read.  Returns SG_OK,
 * SG_EIO or SG_ENOMEM. */
sg_status sg_feedback_write(sg_ctx *ctx, const char *lang, const char *file,
                            const char *error, const char *others, FILE *out);
/* Drawings: the game's state graph through Graphviz                        */
/* ------------------------------------------------------------------------ */

/*
 * A drawing is a picture of positions 0..last of a game and every move
 * between them, each node showing x and sg(x), P- and N-positions styled
 * apart, and a legend that names the game.  Drawing happens in the process
 * through Graphviz's libraries (cgraph and gvc); no program is started.
 *
 * The layout is computed once, by sg_drawing_new().  The drawing then holds
 * every node's position and every move's curve as coordinates, and each
 * render only paints them (Graphviz's "nop2" engine reads coordinates and
 * places nothing).  So a drawing can be restyled and rendered any number of
 * times -- a position greyed, the current one highlighted, a caption changed
 * -- and every node stays exactly where it was, in every frame, at the cost
 * of painting alone.  Styles never change a node's size: nodes have one
 * fixed size, chosen from the longest label when the drawing is made.
 *
 * Use one sg_ctx for all drawings of a program.  Graphviz 2.42's text
 * layout keeps pointers into the first Graphviz context's font names, so a
 * second context made after the first was freed reads freed memory.
 */

typedef struct sg_theme sg_theme;

/* Loads a theme: NAME is a built-in theme ("classic", "print", "dark"; see
 * sg_theme_names()), or a DOT file of one's own when it contains a '/' or
 * ends in ".dot" or ".gv".  Returns NULL on error: an unknown name
 * (SG_EINPUT, listing the built-in ones), an unreadable file (SG_EIO), or a
 * file that is not valid DOT (SG_EINPUT with FILE:LINE).  The caller frees
 * the theme with sg_theme_free(); a drawing keeps its own copy. */
sg_theme *sg_theme_load(sg_ctx *ctx, const char *name);

void sg_theme_free(sg_theme *theme);

/* Sets the positions' labels of THEME to POINTS (4 to 144), every other
 * text (moves, legend, caption) keeping its proportion to them.  Returns
 * SG_OK, SG_EINPUT for a size out of range, or SG_ENOMEM. */
sg_status sg_theme_set_font_size(sg_ctx *ctx, sg_theme *theme, double points);

/* Sets the resolution of THEME's PNG pictures to DPI dots per inch (36 to
 * 1200; without it a PNG has 96, fewer for a very large picture).  Returns
 * SG_OK, SG_EINPUT for a resolution out of range, or SG_ENOMEM. */
sg_status sg_theme_set_dpi(sg_ctx *ctx, sg_theme *theme, double dpi);

/* The names of the built-in themes, e.g. "classic, dark, print".  Static. */
const char *sg_theme_names(void);

typedef enum sg_layout {
    SG_LAYOUT_AUTO, /* chosen by size; never one that takes minutes */
    SG_LAYOUT_LINE, /* positions in one row, moves as arcs (the textbook) */
    SG_LAYOUT_DOT,  /* Graphviz's layered layout; small graphs only */
    SG_LAYOUT_GRID  /* rows of positions placed by sgviz, for large graphs */
} sg_layout;

/* Parses "auto", "line", "dot" or "grid".  Returns SG_OK or SG_EINPUT. */
sg_status sg_layout_parse(sg_ctx *ctx, const char *name, sg_layout *layout);

/* "auto", "line", "dot" or "grid".  Static. */
const char *sg_layout_name(sg_layout layout);

typedef struct sg_drawing_opts {
    sg_layout layout;       /* SG_LAYOUT_AUTO by default */
    const sg_theme *theme;  /* NULL: the built-in "classic" */
    int highlight_wins;     /* winning moves (into P-positions) stand out */
    int edge_labels;        /* label each move with the amount it takes
                               (subtraction games only) */
    int has_root;           /* draw only the positions reachable from root */
    uint64_t root;
    int no_legend;          /* leave the legend out */
    int caption;            /* keep a line under the picture for
                               sg_drawing_set_caption() */
    const char *lang;       /* the legend's language: "en" (NULL) or "zh" */
    int step_legend;        /* the legend also shows the styles of
                               step-by-step pictures: the position being
                               computed, a target, one not computed yet */
    int misere;             /* misère play: each position shows g-(x)
                               (sg_misere_values()) and is styled P or N by
                               its misère outcome */
    double aspect;          /* the shape to aim for, width over height
                               (0: 16/9); the grid layout chooses its
                               columns by it */
    int highlight;          /* position highlight_x and its moves stand out
                               (styled as a step's current position and
                               targets), for "look at this move" slides */
    uint64_t highlight_x;
    int highlight_move;     /* only the move from highlight_x to
                               highlight_y stands out */
    uint64_t highlight_y;
    const char *title;      /* the legend's first line instead of the game
                               and its positions (NULL: a DOT game's own
                               graph label, else the game) */
    int every;              /* Every-SG: each position shows its step
                               count beside its value (sg_every_new()) */
} sg_drawing_opts;

typedef struct sg_drawing sg_drawing;

/* Computes the values and moves of positions 0..LAST of GAME (for a finite
 * game, LAST is clamped to its last position; with opts->has_root, LAST is
 * opts->root), builds the graph and lays it out.  OPTS may be NULL.
 *
 * Returns NULL on error: SG_EINPUT for a root beyond LAST, edge labels on
 * a game without amounts, an unknown language, a highlighted position that
 * is not drawn or a highlighted move the game lacks, or an attribute of a DOT
 * game's file whose value Graphviz cannot take (naming it); SG_ELIMIT,
 * naming the size and a smaller layout or -n, when the graph is too large
 * to draw in reasonable time with the layout asked for; SG_EUNSUPPORTED
 * when Graphviz lacks a layout plugin.
 * GAME must outlive the drawing; the theme need not.  The caller frees the
 * drawing with sg_drawing_free(). */
sg_drawing *sg_drawing_new(sg_ctx *ctx, const sg_game *game, uint64_t last,
                           const sg_drawing_opts *opts);

void sg_drawing_free(sg_drawing *drawing);

/* The layout the drawing uses (never SG_LAYOUT_AUTO). */
sg_layout sg_drawing_layout(const sg_drawing *drawing);

/* The numbers of positions and moves drawn. */
size_t sg_drawing_node_count(const sg_drawing *drawing);
size_t sg_drawing_edge_count(const sg_drawing *drawing);

/* Whether position X is in the drawing (with a root, not every position
 * up to LAST is). */
int sg_drawing_has_position(const sg_drawing *drawing, uint64_t x);

/* How a position is shown.  SG_NODE_VALUE is the default. */
typedef enum sg_node_state {
    SG_NODE_VALUE,   /* styled P or N by its value, labelled x and sg(x) */
    SG_NODE_PENDING, /* not computed yet: greyed, labelled x and "sg=?" */
    SG_NODE_CURRENT, /* being computed: P or N, highlighted */
    SG_NODE_TARGET,  /* a target of the current position's moves */
    SG_NODE_HIDDEN   /* not painted; keeps its place */
} sg_node_state;

/* How a move is shown.  SG_EDGE_NORMAL is the default (winning moves stand
 * out when the drawing was made with highlight_wins). */
typedef enum sg_edge_state {
    SG_EDGE_NORMAL,
    SG_EDGE_PENDING, /* greyed: a move of a position not computed yet */
    SG_EDGE_CURRENT, /* highlighted: a move of the position being computed */
    SG_EDGE_HIDDEN   /* not painted */
} sg_edge_state;

/* Shows position X in STATE.  Returns SG_OK, or SG_EINPUT when X is not in
 * the drawing. */
sg_status sg_drawing_set_node(sg_ctx *ctx, sg_drawing *drawing, uint64_t x,
                              sg_node_state state);

/* Shows every move from position X in STATE.  Returns SG_OK or SG_EINPUT. */
sg_status sg_drawing_set_moves(sg_ctx *ctx, sg_drawing *drawing, uint64_t x,
                               sg_edge_state state);

/* Shows the move from X to Y in STATE.  Returns SG_OK, or SG_EINPUT when
 * there is no such move in the drawing. */
sg_status sg_drawing_set_move(sg_ctx *ctx, sg_drawing *drawing, uint64_t x,
                              uint64_t y, sg_edge_state state);

/* A value a drawing does not know: its position is shown without one. */
#define SG_VALUE_UNKNOWN UINT64_MAX

/* Shows position X as if its value were VALUE (a student's answer, say),
 * or, with SG_VALUE_UNKNOWN, without a value: greyed and labelled "sg=?" as
 * a position not computed yet, and highlighted on top of that when its
 * state is SG_NODE_CURRENT or SG_NODE_TARGET.  The position's P/N style,
 * its label and the styles of the moves into it and out of it follow the
 * value shown.  sg_drawing_reset() shows every true value again.  Returns
 * SG_OK, or SG_EINPUT when X is not in the drawing. */
sg_status sg_drawing_show_value(sg_ctx *ctx, sg_drawing *drawing, uint64_t x,
                                sg_value value);

/* Sets the line under the picture (opts.caption must have been set; TEXT
 * "" clears it).  The text is copied.  Returns SG_OK, SG_EINPUT without a
 * caption line, or SG_ENOMEM. */
sg_status sg_drawing_set_caption(sg_ctx *ctx, sg_drawing *drawing,
                                 const char *text);

/* Puts every node and move back to its default state and clears the
 * caption. */
void sg_drawing_reset(sg_drawing *drawing);

/* The output formats: "svg", "png", "pdf", "dot" (the graph as DOT
 * text, with every coordinate; `neato -n2` paints it as sgviz does) and
 * "tikz" (a tikzpicture for LaTeX, painted by sgviz's own Graphviz
 * renderer from the same layout, its looks TikZ styles named `sgviz P`,
 * `sgviz N`, `sgviz win`, `sgviz current`, ...). */
const char *sg_render_formats(void); /* "svg, png, pdf, dot, tikz" */

/* The format named by PATH's extension (".svg", ".png", ".pdf", ".dot",
 * ".gv", ".tex" for tikz, in any case), or NULL.  Static. */
const char *sg_render_format_of_path(const char *path);

/* Checks that FORMAT is one of sg_render_formats() and that this machine's
 * Graphviz can write it.  Returns SG_OK, SG_EINPUT for an unknown format, or
 * SG_EUNSUPPORTED naming the missing plugin and how to install or register
 * it. */
sg_status sg_render_format_check(sg_ctx *ctx, const char *format);

/* Whether this machine has a font that writes language LANG ("en", "zh";
 * NULL is English), as fontconfig, through which Graphviz finds its fonts,
 * sees it: 1 yes, 0 no (the language's characters would be drawn as empty
 * boxes).  Never fails: where fontconfig cannot answer, it says 1. */
int sg_font_for_lang(const char *lang);

/* Paints the drawing in its current styling as FORMAT to OUT.  Returns SG_OK,
 * SG_EUNSUPPORTED (see sg_render_format_check()), SG_EIO or SG_EINTERNAL.
 * OUT stays the caller's; on error, what was written to it is incomplete. */
sg_status sg_drawing_render(sg_ctx *ctx, sg_drawing *drawing,
                            const char *format, FILE *out);

/* Like sg_drawing_render(), into memory: *DATA receives a new buffer of *LEN
 * bytes followed by a NUL that *LEN does not count; the caller frees it with
 * free().  On error *DATA is NULL. */
sg_status sg_drawing_render_data(sg_ctx *ctx, sg_drawing *drawing,
                                 const char *format, char **data,
                                 size_t *len);

/* ---- Bar charts ---------------------------------------------------------- */

/* One panel of a bar chart: N bars of heights VALUES, each with a label
 * under it, a TITLE above and a UNIT under the labels (each may be NULL). */
typedef struct sg_bar_chart {
    const char *title;
    const char *unit;
    size_t n;                    /* at most 200 */
    const char *const *labels;
    const double *values;
} sg_bar_chart;

/* Draws the N panels CHARTS side by side as FORMAT ("svg", "png" or
 * "pdf") to OUT.  Returns SG_OK, SG_EINPUT for another format, SG_ELIMIT
 * for more than 200 bars in a panel, SG_EUNSUPPORTED (see
 * sg_render_format_check()), SG_EIO or SG_EINTERNAL. */
sg_status sg_chart_render(sg_ctx *ctx, const sg_bar_chart *charts, size_t n,
                          const char *format, FILE *out);

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
sg_status sg_sum_parse_position(sg_ctx *ctx, const sg_game *game,
                                const char *text, size_t len,
                                const char *origin, uint64_t *x);

/* Reads TEXT as sg_sum_parse_position() reads one position, or, for a kind
 * with a notation of its own for sums (a row of coins, THHTH, is the sum of
 * its heads 2+3+5), as the sum it writes, of any length: a new array
 * *PARTS of *N positions, which the caller frees.  Returns SG_OK or an
 * error naming ORIGIN. */
sg_status sg_sum_parse_parts(sg_ctx *ctx, const sg_game *game,
                             const char *text, const char *origin,
                             uint64_t **parts, size_t *n);

/* The nim-sum of the values of POSITIONS[0..n), every one of which LOOKUP
 * must answer for (at most sg_lookup_max()).  Cannot fail. */
sg_value sg_nim_sum(const sg_lookup *lookup, const uint64_t *positions,
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
sg_sum *sg_sum_new(sg_ctx *ctx, const sg_game *game, const sg_lookup *lookup,
                   const uint64_t *positions, size_t n);

/* The number of parts, the position and the value of part I (I below the
 * number of parts), and the nim-sum of the values. */
size_t sg_sum_parts(const sg_sum *sum);
uint64_t sg_sum_position(const sg_sum *sum, size_t i);
sg_value sg_sum_value(const sg_sum *sum, size_t i);
sg_value sg_sum_nimsum(const sg_sum *sum);

/* 1 when the player to move (the first player) wins, that is when the
 * nim-sum is not 0; else 0. */
int sg_sum_first_player_wins(const sg_sum *sum);

/* The number of winning moves (0 when the first player loses) and the I-th
 * of them (I below that number), owned by the sum. */
size_t sg_sum_move_count(const sg_sum *sum);
const sg_sum_move *sg_sum_move_at(const sg_sum *sum, size_t i);

/* The positions the I-th winning move leaves in its part: *COUNT of them,
 * one (the move's TO) unless the move splits a heap, in which case TO is
 * SG_NO_POSITION.  Owned by the sum. */
const uint64_t *sg_sum_move_left(const sg_sum *sum, size_t i, size_t *count);

void sg_sum_free(sg_sum *sum);

/* ---- The working of a sum, as a student writes it out ----------------- */

typedef struct sg_sum_trace_opts {
    const char *lang;    /* "en" (NULL) or "zh": templates/sum/LANG.text */
    /* The command that traces the game, e.g. "sgviz trace -s 1,3,4": each
     * part's line then points to "COMMAND --to X", the mex steps of its
     * own value.  NULL leaves the pointer out. */
    const char *command;
    /* Nonzero: the working under misère play (the last player to move
     * loses): misère Nim's rule and which of its cases applies, where it
     * holds, else why it cannot and the search, with every move and the
     * outcome of the position it leaves. */
    int misere;
    /* The most positions its search examines (0: the default). */
    uint64_t misere_limit;
} sg_sum_trace_opts;

/* Writes the working of the sum of PARTS[0..n) of GAME to OUT: each part's
 * value, the nim-sum as a column addition in binary without carries, who
 * wins, and, when the player to move wins, how each winning move is found
 * (the parts whose value has the nim-sum's highest 1, the value each must
 * go to, its moves there), then any winning move that raises a part's
 * value.  OPTS may be NULL.  The values and moves are sg_sum_new()'s.
 * Returns SG_OK, SG_EINPUT for an unknown language or no parts, an error
 * of sg_lookup_new() or sg_sum_new() (a heap whose value cannot be
 * computed), or SG_EIO.  Nothing is written on error. */
sg_status sg_sum_trace_write(sg_ctx *ctx, const sg_game *game,
                             const uint64_t *parts, size_t n,
                             const sg_sum_trace_opts *opts, FILE *out);

/* ---- Positions of several parts, written 3+4+5 ------------------------ */

/* The most parts a position written with + may have. */
#define SG_POSITION_MAX_PARTS 64

/* Reads a position of several parts, TEXT such as "3+4+5" (heap sizes) or
 * "a+b" (nodes of a DAG game; a node whose name holds a + cannot be a
 * part), into a new array *PARTS of *N positions, which the caller frees.
 * ORIGIN starts messages, e.g. "--position".  Returns SG_OK, SG_EINPUT
 * naming the bad part (an empty one, a bad heap, an unknown node), or
 * SG_ELIMIT for more than SG_POSITION_MAX_PARTS parts or a heap above
 * 2^63 - 1.  A kind with a notation of its own for sums (a row of coins,
 * THHTH) reads TEXT in it, with any number of parts. */
sg_status sg_position_parse(sg_ctx *ctx, const sg_game *game,
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
sg_game *sg_sum_game_new(sg_ctx *ctx, const sg_game *game,
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
 * default, SG_MISERE_MAX_POSITIONS).  Returns NULL only on SG_ENOMEM.  GAME
 * must outlive the result, which the caller frees with sg_misere_free(). */
sg_misere *sg_misere_new(sg_ctx *ctx, const sg_game *game,
                         uint64_t max_positions);

void sg_misere_free(sg_misere *misere);

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
sg_status sg_misere_solve(sg_ctx *ctx, sg_misere *misere,
                          const uint64_t *parts, size_t n, int want_value,
                          sg_misere_answer *answer);

/* g-(0..LAST) of single positions (for a finite game, LAST is clamped)
 * into a new table *OUT, which the caller frees with sg_values_free().
 * Returns SG_OK, or SG_ELIMIT naming the position whose value needs more
 * search than allowed, or what does not fit in memory. */
sg_status sg_misere_values(sg_ctx *ctx, sg_misere *misere, uint64_t last,
                           sg_values **out);

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
sg_status sg_misere_tameness(sg_ctx *ctx, sg_misere *misere, uint64_t last,
                             sg_misere_tame *tame);

/* Writes the misère trace of positions FROM..TO of GAME to OUT in language
 * LANG ("en" or NULL, "zh"): the mex step of each g-(x) (a move that
 * splits a heap leaves a sum, whose g- comes from the search), the P- and
 * N-positions under misère play, and whether misère play of sums reduces
 * to normal play (Nim; every position plays like a nim-heap) or needs a
 * search, with a position that shows why.  Returns SG_OK, SG_EINPUT for an
 * unknown language or FROM after TO, an error of sg_misere_values(), or
 * SG_EIO; nothing is written on error. */
sg_status sg_misere_trace_write(sg_ctx *ctx, const sg_game *game,
                                uint64_t from, uint64_t to, const char *lang,
                                FILE *out);

/* The moves of a sum under misère play. */
typedef struct sg_misere_moves sg_misere_moves;

/* The winning moves of the sum of PARTS[0..n), or with EVERY set every
 * move with whether it wins (not for Nim, whose winning moves are found
 * directly for heaps of any size).  Moves go part by part, in the order
 * the game lists them.  Returns NULL on error: those of sg_misere_solve(),
 * or SG_ELIMIT beyond a million moves.  Free with sg_misere_moves_free(). */
sg_misere_moves *sg_misere_moves_new(sg_ctx *ctx, sg_misere *misere,
                                     const uint64_t *parts, size_t n,
                                     int every);

size_t sg_misere_moves_count(const sg_misere_moves *moves);

/* Move I (below the count): its part, from and amount (TO is the one
 * position it leaves, or SG_NO_POSITION); *WINS whether it leaves a misère
 * P-position; *LEFT[0..*NLEFT) the positions it leaves in its part.  WINS
 * and LEFT may be NULL.  Owned by MOVES. */
const sg_sum_move *sg_misere_moves_at(const sg_misere_moves *moves, size_t i,
                                      int *wins, const uint64_t **left,
                                      size_t *nleft);

/* The positions the search examined anew to decide move I. */
uint64_t sg_misere_moves_searched(const sg_misere_moves *moves, size_t i);

void sg_misere_moves_free(sg_misere_moves *moves);

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
 * one game split by a theorem (a row of coins, SG_EINPUT), more moves to
 * list than SG_WORK_MAX or no memory for them (SG_ELIMIT), SG_ENOMEM.
 * Free with sg_every_free(). */
sg_every *sg_every_new(sg_ctx *ctx, const sg_game *game, uint64_t last);

/* The step of position X (0 beyond the last position computed). */
uint64_t sg_every_step(const sg_every *every, uint64_t x);

/* The last position whose step is known. */
uint64_t sg_every_last(const sg_every *every);

/* The step of the sum of PARTS[0..n): the largest of theirs. */
uint64_t sg_every_sum_step(const sg_every *every, const uint64_t *parts,
                           size_t n);

/* The move from X that its step count follows (to the longest P-position
 * from an N-position, to the shortest option from a P-position): the
 * positions it leaves in a new array *LEFT of *K (freed by the caller),
 * and *AMOUNT what it takes (0 for kinds without amounts; AMOUNT may be
 * NULL).  For a terminal X, *LEFT is NULL and *K 0.  Returns SG_OK or
 * SG_ENOMEM. */
sg_status sg_every_move(sg_ctx *ctx, const sg_every *every, uint64_t x,
                        uint64_t **left, size_t *k, uint64_t *amount);

void sg_every_free(sg_every *every);

/* The Every-SG step count of Euclid's game on piles A and B (a move takes
 * a positive multiple of the smaller pile from the larger; a game with an
 * empty pile is over), as HDU 3595 (solve --judge hdu3595) plays it. */
uint64_t sg_euclid_every_step(uint64_t a, uint64_t b);

/* Writes the Every-SG trace of positions FROM..TO of GAME to OUT in LANG
 * ("en" or NULL, "zh"): each position's value and step, the steps of its
 * options and which rule gives its own, and the rule for sums.  Returns
 * SG_OK or an error (those of sg_every_new(), SG_EINPUT for an unknown
 * language, SG_EIO). */
sg_status sg_every_trace_write(sg_ctx *ctx, const sg_game *game,
                               uint64_t from, uint64_t to, const char *lang,
                               FILE *out);

/* Writes the Every-SG table of GAME to OUT: the rows x, sg, step and P/N,
 * of POSITIONS[0..n) when POSITIONS is not NULL, else of FROM..TO, in
 * FORMAT (text wrapped to WIDTH columns, 0: 80; csv; md; json) and LANG.
 * Returns SG_OK or an error (SG_EINPUT for another format, naming it). */
sg_status sg_every_table_write(sg_ctx *ctx, const sg_game *game,
                               uint64_t from, uint64_t to,
                               const uint64_t *positions, size_t n,
                               const char *format, unsigned width,
                               const char *lang, FILE *out);

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
sg_batch *sg_batch_new(sg_ctx *ctx, const sg_game *game,
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
sg_status sg_batch_feed(sg_ctx *ctx, sg_batch *batch, const char *data,
                        size_t len);

/* Ends the input: answers a last line that had no newline, and refuses
 * (SG_EINPUT) an input that held no position at all, or, in the counted
 * layout, one that ends before the T sums it announced are complete.
 * Returns SG_OK (also after a line of zeros) or an error. */
sg_status sg_batch_finish(sg_ctx *ctx, sg_batch *batch);

/* Feeds everything read from the file descriptor FD, chunk by chunk as it
 * arrives, and finishes.  Returns what sg_batch_finish() returns, the
 * first error of sg_batch_feed(), or SG_EIO when FD cannot be read. */
sg_status sg_batch_read_fd(sg_ctx *ctx, sg_batch *batch, int fd);

/* The number of sums answered so far. */
uint64_t sg_batch_answered(const sg_batch *batch);

void sg_batch_free(sg_batch *batch);

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
size_t sg_judge_count(void);
const char *sg_judge_name(size_t i);
const char *sg_judge_summary(size_t i);

/* Starts answering the input of problem NAME, called ORIGIN in messages,
 * with answers to OUT.  Returns NULL on error: an unknown NAME (SG_EINPUT,
 * naming the known ones), SG_ENOMEM.  OUT stays the caller's; free the
 * judge with sg_judge_free(). */
sg_judge *sg_judge_new(sg_ctx *ctx, const char *name, const char *origin,
                       FILE *out);

/* Feeds LEN bytes of input, in pieces of any size.  Every case completed
 * by them is answered, and OUT is flushed before returning.  Returns
 * SG_OK, SG_STOP once the input's own end mark was read (for problems of
 * the batch reader), or an error (SG_EINPUT for a bad word or line, naming
 * its place; SG_ELIMIT; SG_EIO when OUT cannot be written) after every
 * case before the bad one was answered.  After an error, further calls do
 * nothing and return it again. */
sg_status sg_judge_feed(sg_ctx *ctx, sg_judge *judge, const char *data,
                        size_t len);

/* Ends the input: answers what its last word completes and refuses input
 * that is empty or ends inside a case.  Returns SG_OK or an error. */
sg_status sg_judge_finish(sg_ctx *ctx, sg_judge *judge);

/* Feeds everything read from the file descriptor FD and finishes.  Returns
 * what sg_judge_finish() returns, the first error of sg_judge_feed(), or
 * SG_EIO when FD cannot be read. */
sg_status sg_judge_read_fd(sg_ctx *ctx, sg_judge *judge, int fd);

void sg_judge_free(sg_judge *judge);
/* Step by step: one picture per mex step                                   */
/* ------------------------------------------------------------------------ */

/*
 * The mex steps of a game as pictures, the way the table fills in when it
 * is taught: for step K (position K, in the order values are computed),
 * every position computed so far is styled P or N with its value, K itself
 * and its moves are highlighted, so are its moves' targets with their
 * values, the positions not yet computed are greyed, and the line
 * "sg(4) = mex{1,1,0} = 2" sits under the picture.  One layout serves every
 * frame, so no position moves from one frame to the next.
 *
 * The steps can be written as a directory of frames, step-000.svg,
 * step-001.svg, ... (or .png, .pdf), or as one self-contained HTML page
 * that holds every step (inline SVG, style and script; nothing is loaded
 * from elsewhere) with buttons, arrow keys, a slider, the trace's line
 * beside the picture and the table filling in beneath it; the address
 * PAGE#step=K opens step K.
 *
 * The short line under each frame comes from templates/steps/LANG.text
 * (its [caption] section), the line beside the page's picture from the
 * trace wording templates/trace/LANG.text, the page from
 * templates/steps/page.html.
 */

/* Bounds, checked before anything is drawn.  A page shows at most
 * SG_STEPS_MAX_POSITIONS positions and SG_STEPS_MAX_MOVES moves (it holds
 * four pictures of them).  Frames are each a whole picture, so a directory
 * holds at most SG_STEPS_MAX_FRAMES of them, and the frames times the
 * positions and moves in each stay within SG_STEPS_MAX_FRAME_WORK. */
#define SG_STEPS_MAX_POSITIONS 1000u
#define SG_STEPS_MAX_MOVES 6000u
#define SG_STEPS_MAX_FRAMES 250u
#define SG_STEPS_MAX_FRAME_WORK 300000u

typedef struct sg_steps_opts {
    sg_layout layout;       /* SG_LAYOUT_AUTO by default */
    const sg_theme *theme;  /* NULL: the built-in "classic"; it must outlive
                               the steps */
    int highlight_wins;     /* winning moves stand out once computed */
    int edge_labels;        /* label each move with the amount it takes */
    const char *lang;       /* "en" (NULL) or "zh": the captions, the trace
                               beside the page's picture, the page's words
                               and the legend */
    double aspect;          /* the pictures' shape, as sg_drawing_opts */
    int no_legend;          /* leave the legend out of every picture */
    uint64_t first;         /* the first step the frames and the page show
                               (0 by default); the positions before it are
                               shown computed */
    int every;              /* Every-SG: each position also shows its step
                               count, as sg_drawing_opts.every */
} sg_steps_opts;

typedef struct sg_steps sg_steps;

/* Computes the steps of positions 0..LAST of GAME (for a finite game, LAST
 * is clamped to its last position) with their captions and trace lines.
 * OPTS may be NULL.  Returns NULL on error: SG_EINPUT for an unknown
 * language or a first step after LAST; SG_ELIMIT, naming the size, beyond SG_STEPS_MAX_POSITIONS or
 * SG_STEPS_MAX_MOVES.  GAME (and the theme) must outlive the steps; the
 * caller frees them with sg_steps_free(). */
sg_steps *sg_steps_new(sg_ctx *ctx, const sg_game *game, uint64_t last,
                       const sg_steps_opts *opts);

void sg_steps_free(sg_steps *steps);

/* The number of steps (positions 0..count-1) and of moves among them. */
size_t sg_steps_count(const sg_steps *steps);
size_t sg_steps_move_count(const sg_steps *steps);

/* Step K's line under its picture, e.g. "sg(4) = mex{1,1,0} = 2", and its
 * line of the trace, e.g. "sg(4): 4-{1,3,4} -> {3,1,0}; mex{...} = 2  (N)";
 * NULL when K is not a step.  Owned by the steps. */
const char *sg_steps_caption(const sg_steps *steps, size_t k);
const char *sg_steps_trace(const sg_steps *steps, size_t k);

/* Paints frame K as FORMAT ("svg", "png" or "pdf") into memory: *DATA
 * receives a new buffer of *LEN bytes followed by a NUL that *LEN does not
 * count; the caller frees it with free().  The first frame lays out the
 * drawing that every later one reuses.  Returns SG_OK, SG_EINPUT for a K
 * that is not a step or a format that is not a picture, SG_ELIMIT beyond
 * the bounds of frames, or an error of sg_drawing_render(); on error *DATA
 * is NULL. */
sg_status sg_steps_frame(sg_ctx *ctx, sg_steps *steps, size_t k,
                         const char *format, char **data, size_t *len);

/* Writes every frame as DIR/step-NNN.FORMAT (NNN = 000, 001, ...).  The
 * frames are written in a new directory beside DIR and renamed into place,
 * so that a failure half-way leaves no set of frames that looks complete:
 * when DIR does not exist it appears whole or not at all; when it exists,
 * a failure leaves it as it was, and success moves the frames into it (a
 * matter of renames) and removes frames step-NNN.FORMAT of an earlier,
 * longer run that the new set does not replace.  Other files in DIR are
 * left alone.  Returns SG_OK or an error, as sg_steps_frame() and SG_EIO
 * naming DIR. */
sg_status sg_steps_write_frames(sg_ctx *ctx, sg_steps *steps, const char *dir,
                                const char *format);

/* Writes the steps as one Beamer frame to OUT: one TikZ picture, laid out
 * once, whose overlays step through the steps (slide k + 1 shows step k,
 * the current position, its moves and targets highlighted) with each
 * step's line under it, to be \input into a Beamer deck that loads TikZ.
 * The looks are the TikZ styles of sg_render_formats()' "tikz".  Returns
 * SG_OK, SG_ELIMIT beyond the bounds of frames, SG_EIO, or an error of the
 * drawing.  OUT stays the caller's; nothing is written unless the whole
 * frame was made. */
sg_status sg_steps_write_beamer(sg_ctx *ctx, sg_steps *steps, FILE *out);

/* Writes the HTML page to OUT.  Returns SG_OK, SG_EIO, or an error of the
 * drawing.  OUT stays the caller's; on error, what was written to it is
 * incomplete (nothing is written unless the whole page was made). */
sg_status sg_steps_write_page(sg_ctx *ctx, sg_steps *steps, FILE *out);

/*
 * The practice page: the step page's picture and table with the values
 * hidden.  The student works out each position in turn and is told at once:
 * a right answer fills the position in; a wrong one gets the moves to look
 * at, the student's own values there and the mex they give, and one of the
 * two verdicts of sg_check_new() -- the mistake is in this step (a slip), or
 * the answer follows correctly from earlier answers that are wrong -- and a
 * "show me" button reveals the step.  At the end: the score (right at the
 * first try, right with help, kept wrong) and the answers as a sheet that
 * `sgviz check` reads, to copy or download.  Self-contained like the step
 * page; nothing is sent anywhere, and the answers are held encoded, so that
 * they cannot be read in the page's text (they are not a secret).
 */
typedef enum sg_practice_ask {
    SG_PRACTICE_SG,   /* sg(x) */
    SG_PRACTICE_PN,   /* P or N */
    SG_PRACTICE_BOTH  /* sg(x) and P or N */
} sg_practice_ask;

/* Parses "sg", "pn" or "both".  Returns SG_OK or SG_EINPUT. */
sg_status sg_practice_ask_parse(sg_ctx *ctx, const char *name,
                                sg_practice_ask *ask);

typedef struct sg_practice_opts {
    sg_practice_ask ask;
    /* The first position asked, in the order of computation: those before
     * it are given, filled in by the page. */
    uint64_t first;
    /* Ask in a random order (a new one each time the page is opened, or the
     * one PAGE#seed=N fixes).  A position whose moves lead to positions not
     * answered yet gets their values from the page first, and those are
     * not asked later: a value needs its targets' values. */
    int shuffle;
    int hide_picture;   /* the picture appears only when all is answered */
    /* The command that checks the sheet, for the sheet's header, e.g.
     * "sgviz check -s 1,3,4 -n 8"; NULL for none. */
    const char *check_command;
} sg_practice_opts;

/* Writes the practice page of STEPS to OUT (OPTS may be NULL: every
 * position asked, sg values, in order).  Returns SG_OK; SG_EINPUT when
 * OPTS->first is not a step, or when the steps were made with
 * highlight_wins, whose winning moves would give P-positions away; SG_EIO;
 * or an error of the drawing.  OUT stays the caller's; nothing is written
 * unless the whole page was made. */
sg_status sg_steps_write_practice(sg_ctx *ctx, sg_steps *steps,
                                  const sg_practice_opts *opts, FILE *out);

/* ------------------------------------------------------------------------ */
/* Plots: sg(x) against x over long ranges                                  */
/* ------------------------------------------------------------------------ */

/*
 * A plot shows the large-scale structure of a game's values: one dot per
 * position (dots that would fall on the same spot are one), P-positions in
 * their own colour, and, where the game's kind certifies a period
 * (sg_period_find()), the periods shaded block by block and the end of the
 * preperiod marked.  The page is 960 x 540 points (16:9), its type large
 * enough for a slide.  In the SVG, the dots of N- and P-positions are the
 * paths "n-points" and "p-points", the area's group "plot-area" has its
 * box (x0 y0 x1 y1, y downwards) in data-area and the data ranges it shows
 * in data-x and data-y, and the group "period" the period in
 * data-preperiod and data-period, for scripts.
 */

typedef enum sg_plot_format {
    SG_PLOT_SVG,
    SG_PLOT_PNG, /* 1920 x 1080 pixels */
    SG_PLOT_PDF
} sg_plot_format;

/* The most positions one plot shows. */
#define SG_PLOT_MAX_POSITIONS UINT64_C(100000000)

/* "svg, png, pdf".  Static. */
const char *sg_plot_formats(void);

/* Parses a plot format name.  Returns SG_OK or SG_EINPUT naming NAME. */
sg_status sg_plot_format_parse(sg_ctx *ctx, const char *name,
                               sg_plot_format *format);

/* Plots sg(x) for positions FROM..TO of GAME (for a finite game, TO is
 * clamped to its last position) as FORMAT to OUT.  Returns SG_OK, or
 * SG_EINPUT (FROM after TO), SG_ELIMIT (more than SG_PLOT_MAX_POSITIONS, or
 * values beyond memory), SG_ENOMEM, SG_EINTERNAL (cairo failed) or SG_EIO.
 * OUT stays the caller's; nothing is written unless the whole plot was
 * made. */
sg_status sg_plot_write(sg_ctx *ctx, const sg_game *game, uint64_t from,
                        uint64_t to, sg_plot_format format, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_H */
