/*
 * games/game.h - the game interface: what every kind of game tells the rest
 * of the library (private).
 *
 * A kind of game is one file under src/games/ that fills in one
 * sg_game_ops table, plus one line in the registry (registry.c).  The
 * engine, traces, tables, drawings, steps, checks, periods, lookups and sums
 * ask a game only through this table; none of them asks which kind it is.
 *
 * The model every kind shares: positions are numbered 0, 1, 2, ..., and
 * every move from position x leaves one position, or several (a heap split
 * in two), each numbered below x.  So the values can be computed in
 * increasing order of position, and the value of a move that leaves several
 * positions is the nim-sum (XOR) of theirs.
 *
 * A kind's own struct embeds sg_game as its first member, so that a
 * `const sg_game *` is also a pointer to the kind's struct (the way SQLite's
 * VFS and module objects work).
 */
#ifndef SGVIZ_GAMES_GAME_H
#define SGVIZ_GAMES_GAME_H

#include "internal.h"

/* ------------------------------------------------------------------------ */
/* The moves of one position                                                */
/* ------------------------------------------------------------------------ */

/* Where a kind lists the moves of one position.  The arrays belong to the
 * caller, which sizes them from max_moves() and max_parts, so a kind only
 * writes through sg_moves_add() and sg_moves_add_split(). */
typedef struct sg_moves {
    size_t n;            /* moves listed so far */
    uint64_t *amounts;   /* what move i takes; NULL when not wanted */
    uint64_t *targets;   /* the one position move i leaves, or
                            SG_NO_POSITION when it leaves several */
    /* For kinds whose moves may leave several positions (max_parts > 1):
     * move i leaves parts[part_start[i] .. part_start[i + 1]).  NULL for
     * the others, whose moves are targets[] alone. */
    size_t *part_start;
    uint64_t *parts;
} sg_moves;

/* Starts an empty list. */
static inline void sg_moves_clear(sg_moves *m)
{
    m->n = 0;
    if (m->part_start)
        m->part_start[0] = 0;
}

/* Lists a move that takes AMOUNT (0 for kinds without amounts) and leaves
 * the one position TARGET. */
static inline void sg_moves_add(sg_moves *m, uint64_t amount, uint64_t target)
{
    if (m->amounts)
        m->amounts[m->n] = amount;
    m->targets[m->n] = target;
    if (m->part_start) {
        size_t at = m->part_start[m->n];
        m->parts[at] = target;
        m->part_start[m->n + 1] = at + 1;
    }
    m->n++;
}

/* Lists a move that takes AMOUNT and leaves the K positions PARTS (K at
 * most the kind's max_parts, which must be above 1).  A move that leaves
 * one position is listed as by sg_moves_add(). */
static inline void sg_moves_add_split(sg_moves *m, uint64_t amount,
                                      const uint64_t *parts, size_t k)
{
    if (m->amounts)
        m->amounts[m->n] = amount;
    m->targets[m->n] = k == 1 ? parts[0] : SG_NO_POSITION;
    size_t at = m->part_start[m->n];
    for (size_t i = 0; i < k; i++)
        m->parts[at + i] = parts[i];
    m->part_start[m->n + 1] = at + k;
    m->n++;
}

/* ------------------------------------------------------------------------ */
/* What a kind declares                                                     */
/* ------------------------------------------------------------------------ */

/* How a trace words the moves of a position. */
typedef enum sg_wording {
    SG_WORDING_AMOUNTS, /* "4-{1,3,4} -> {3,1,0}": amounts taken from a heap */
    SG_WORDING_TARGETS, /* "a -> {b,c}": moves to named positions */
    /* "take 1 leaves 3 or 1+2": amounts taken from a heap, each leaving
     * one heap or a sum of heaps (moves that split) */
    SG_WORDING_SPLITS
} sg_wording;

/* What the period module may assume about the values of a kind. */
typedef enum sg_period_rule {
    /* Finitely many positions: there is no period to look for. */
    SG_PERIOD_NONE,
    /* sg(x) is a function of the `reach` values before x (reach() > 0):
     * sg(x + p) = sg(x) for reach positions in a row proves the period. */
    SG_PERIOD_WINDOW,
    /* No criterion is known: the values computed show what they show. */
    SG_PERIOD_OBSERVE,
    /* A theorem of the kind proves periods: sg(x + p) = sg(x) for
     * n0 <= x < certificate_end(n0, p) proves it for every x >= n0 (the
     * Guy-Smith theorem for take-and-break codes). */
    SG_PERIOD_SPAN
} sg_period_rule;

/* The shape of a game's moves.  The engine has a loop for each. */
typedef enum sg_move_shape {
    /* Moves as moves() lists them. */
    SG_SHAPE_GENERAL,
    /* The moves of x are "take a" for each amount a <= x of one fixed
     * ascending list (amounts()): the engine runs word-sized loops. */
    SG_SHAPE_AMOUNTS,
    /* Every amount is a move (Nim): the moves of x reach every smaller
     * heap, and the engine keeps a running mex. */
    SG_SHAPE_EVERY_AMOUNT
} sg_move_shape;

/* A closed form that gives every value, proven. */
typedef struct sg_theorem {
    const char *text;              /* e.g. "sg(x) = x mod 3" */
    const char *why;               /* the proof in a sentence or two, for
                                      reports (lines after the first start
                                      with two spaces) */
    sg_value (*value)(uint64_t x);
    /* The same in Chinese, in the words of the teaching notes (SG(x)),
     * for reports in --lang zh; text_zh NULL means the formula TEXT. */
    const char *text_zh;
    const char *why_zh;
} sg_theorem;

/* Values computed in rounds, each extending the table of the round before,
 * for a period search whose rounds double: every value is computed once.
 * start() makes a run, extend() computes up to LAST (a failed extension
 * leaves the values of the rounds before it), values() reads the table
 * (WIDTH 2 or 4 bytes a value, valid until the next extension), take()
 * hands the table to the caller, who frees it, and end() frees the run. */
typedef struct sg_value_rounds {
    void *(*start)(sg_ctx *ctx, const sg_game *game);
    sg_status (*extend)(sg_ctx *ctx, void *run, uint64_t last);
    const void *(*values)(const void *run, unsigned *width, sg_value *max);
    void *(*take)(void *run, unsigned *width);
    void (*end)(void *run);
} sg_value_rounds;

typedef struct sg_game_ops {
    /* The kind's name, as the registry and messages know it. */
    const char *name;
    /* What sg_game_kind_of() reports. */
    sg_game_kind id;
    /* What one position is called in sums and messages: "heap" for games
     * played on heaps of tokens, whose positions are their sizes, or
     * "position" for games whose positions have names. */
    const char *noun;
    sg_wording wording;
    /* The most positions one move leaves (1 unless moves split). */
    size_t max_parts;
    /* Whether a move takes an amount (shown in traces and on edges). */
    bool takes_amounts;

    /* Frees the kind's own data; sg_game_free() then frees the rest. */
    void (*destroy)(sg_game *game);

    /* The number of positions of a finite game, or NULL for a game of
     * heaps 0, 1, 2, ... without end. */
    uint64_t (*count)(const sg_game *game);

    /* An upper bound on sg of positions 0..LAST (a value is a mex, so at
     * most the number of moves), from which the engine sizes its table. */
    sg_value (*value_bound)(const sg_game *game, uint64_t last);

    /* The most moves any position 0..LAST has. */
    uint64_t (*max_moves)(const sg_game *game, uint64_t last);

    /* About how many moves listing every move of positions 0..LAST
     * examines, so that hopeless requests are refused before they start.
     * Needed for SG_SHAPE_GENERAL only; the engine knows the cost of its
     * own fast paths. */
    double (*work)(const sg_game *game, uint64_t last);

    /* Lists the moves of position X into OUT (cleared by the caller), each
     * move once, in the order traces show them. */
    void (*moves)(const sg_game *game, uint64_t x, sg_moves *out);

    /* The shape of the moves, for which the engine has fast paths. */
    sg_move_shape (*shape)(const sg_game *game);

    /* Optional fast path: computes sg(0..LAST) by the kind's own method
     * into a new table *OUT, without listing moves, or returns an error
     * (the kind checks its own bounds on memory and work).  The engine
     * uses it whenever its consumer wants values only. */
    sg_status (*values)(sg_ctx *ctx, const sg_game *game, uint64_t last,
                        sg_values **out);

    /* Optional, beside values: the same values in rounds that extend the
     * table instead of starting again from 0 (see sg_value_rounds). */
    const struct sg_value_rounds *rounds;

    /* With SG_SHAPE_AMOUNTS: the amounts up to LIMIT, ascending, in a new
     * array (*N its length), or NULL after recording an error. */
    uint64_t *(*amounts)(sg_ctx *ctx, const sg_game *game, uint64_t limit,
                         size_t *n);

    /* How far back a move reaches: every move from x leaves positions of
     * at least x - reach.  0 when there is no such bound. */
    uint64_t (*reach)(const sg_game *game);

    /* Optional: the name of position X, into BUF of SIZE bytes or the
     * game's own copy.  NULL: the position's number in decimal. */
    const char *(*position_name)(const sg_game *game, uint64_t x, char *buf,
                                 size_t size);

    /* Optional: the position called NAME[0..len), which need not end in a
     * NUL.  NULL: positions are named by their numbers. */
    bool (*find_position)(const sg_game *game, const char *name, size_t len,
                          uint64_t *x);

    /* Optional: another name find_position() knows X by (a DAG node's id,
     * when its label names it), or NULL.  Readers that forgive a name in
     * another case look through both. */
    const char *(*position_alias)(const sg_game *game, uint64_t x);

    /* Optional: a proven closed form, or NULL when there is none. */
    const sg_theorem *(*theorem)(const sg_game *game);

    /* Optional, for a closed form whose value function is NULL because it
     * depends on the game (x mod (m + 1) for S = {1..m}): sg(x). */
    sg_value (*theorem_value)(const sg_game *game, uint64_t x);

    /* Optional: the smallest period of the closed form's values, which
     * then repeat from x = 0 on; 0 (or NULL) when they do not repeat.  A
     * period search answers from it at once. */
    uint64_t (*theorem_period)(const sg_game *game);

    /* What the period module may assume. */
    sg_period_rule (*period_rule)(const sg_game *game);

    /* With SG_PERIOD_SPAN: the end of the range that proves period P from
     * N0 (increasing in both), and the theorem in one sentence for
     * reports (which wrap it), written to B in language LANG ("zh", else
     * English). */
    uint64_t (*certificate_end)(const sg_game *game, uint64_t n0,
                                uint64_t p);
    void (*certificate_words)(const sg_game *game, const char *lang,
                              sg_buf *b);

    /* With SG_PERIOD_OBSERVE: why no theorem proves periods of this game,
     * one sentence for reports (which wrap it), in language LANG ("zh",
     * else English). */
    void (*no_certificate_words)(const sg_game *game, const char *lang,
                                 sg_buf *b);

    /* Optional: the cell of a grid where position X belongs in a picture
     * (column *COL across, row *ROW up), for kinds whose positions have a
     * natural grid, such as the positions of a sum of two heaps.  NULL:
     * the drawing's layout places every position. */
    bool (*cell)(const sg_game *game, uint64_t x, uint64_t *col,
                 uint64_t *row);

    /* Optional, for a finite game: writes its positions to OUT (count()
     * of them) in the order people list them -- a DOT file's order of
     * nodes, tuples in increasing order -- which tables follow.  NULL: the
     * order of their numbers. */
    void (*order)(const sg_game *game, uint64_t *out);

    /* Optional: reads TEXT[0..len) when it is written in the kind's own
     * notation for a sum of positions (a row of coins, THHTH, is the sum
     * of its single heads) into a new array *PARTS of *N positions, which
     * the caller frees, and returns true with the status in *ST (an error
     * is recorded, naming ORIGIN).  Returns false, touching nothing, when
     * TEXT is not in that notation, so that it is read as one position. */
    bool (*read_sum)(sg_ctx *ctx, const sg_game *game, const char *text,
                     size_t len, const char *origin, uint64_t **parts,
                     size_t *n, sg_status *st);

    /* Optional: the kind's own theorem, worked for this game, in LANG
     * ("en" or "zh"), as lines that end in newlines, appended to B: where
     * the values come from and why (the single coins' values of a coin
     * game; the colon and fusion principles on a Hackenbush picture).
     * Traces write it after the mex steps that check it. */
    void (*working)(const sg_game *game, const char *lang, sg_buf *b);

    /* Whether the parts that read_sum() makes are one game that a theorem
     * of normal play splits (the heads of one row of coins), rather than
     * games of their own.  Play rules that need games of their own, such
     * as misère play and Every-SG, refuse such sums. */
    bool parts_by_theorem;

    /* Optional: whether the moves of position X -- with BELOW, of every
     * position 0..X -- can be listed whole, recording why not when they
     * cannot (a Hackenbush picture too large to explore has values from
     * its principles, not from its moves; Ruler lists runs of at most 256
     * coins).  NULL: they always can.  Whatever lists moves asks it
     * first: mex steps with BELOW, the winning moves of a sum without. */
    sg_status (*check_moves)(sg_ctx *ctx, const sg_game *game, uint64_t x,
                             bool below);

    /* Optional: picture I of a game played on drawings of its own
     * (Hackenbush), which `graph` draws instead of the state graph, or
     * NULL beyond the last. */
    const struct sg_picture *(*picture)(const sg_game *game, size_t i);

    /* Optional: the move from X that leaves LEFT[0..k) in the words of the
     * kind's own board ("turn coins 2, 3 and 5", "delete edge 2, a -- b"),
     * into BUF of SIZE bytes; false when there are none. */
    bool (*move_words)(const sg_game *game, uint64_t x, const uint64_t *left,
                       size_t k, char *buf, size_t size);
} sg_game_ops;

/* The part every kind's struct starts with. */
struct sg_game {
    const sg_game_ops *ops;
    char *describe; /* e.g. "S = {1,3,4}" */
    char *spec;     /* e.g. "1,3,4" */
    /* Opaque data a reader keeps with the game (e.g. the DOT graph, for
     * drawing with the file's own attributes), released by extra_free. */
    void *extra;
    void (*extra_free)(void *extra);
};

/* Fills the common part of a kind's new game: OPS, and copies of SPEC and
 * DESCRIBE.  Returns SG_OK, or SG_ENOMEM (the caller then frees the game
 * with sg_game_free()). */
sg_status sg_game_init(sg_ctx *ctx, sg_game *game, const sg_game_ops *ops,
                       const char *spec, const char *describe);

/* ------------------------------------------------------------------------ */
/* Questions every module asks of a game                                    */
/* ------------------------------------------------------------------------ */

/* Whether positions are heap sizes, named by their numbers (the game has
 * no names of its own). */
static inline bool sg_game_numbered(const sg_game *game)
{
    return game->ops->find_position == NULL;
}

/* The shape and reach of the kinds whose moves are listed one by one and
 * may reach any smaller position: SG_SHAPE_GENERAL and 0, for their
 * tables. */
sg_move_shape sg_game_shape_general(const sg_game *game);
uint64_t sg_game_no_reach(const sg_game *game);

/* The largest position 0..LAST asks for: LAST, or for a finite game its
 * last position when LAST is beyond it. */
uint64_t sg_game_clamp(const sg_game *game, uint64_t last);

/* The most moves any position 0..LAST has. */
static inline uint64_t sg_game_max_moves(const sg_game *game, uint64_t last)
{
    return game->ops->max_moves(game, last);
}

/* The proven closed form of GAME, or NULL. */
/* Whether LANG asks for the Chinese words of a game's sentences (any other
 * language gets the English ones). */
static inline bool sg_lang_is_zh(const char *lang)
{
    return lang && lang[0] == 'z' && lang[1] == 'h' && lang[2] == '\0';
}

static inline const sg_theorem *sg_game_theorem(const sg_game *game)
{
    return game->ops->theorem ? game->ops->theorem(game) : NULL;
}

/* sg(x) by THEOREM, GAME's closed form. */
static inline sg_value sg_game_theorem_value(const sg_game *game,
                                             const sg_theorem *theorem,
                                             uint64_t x)
{
    return theorem->value ? theorem->value(x)
                          : game->ops->theorem_value(game, x);
}

/* sg_period_find() without the shortcut of a closed form that repeats:
 * the search and its certificate, as for any other game, so that tests can
 * check the one against the other. */
sg_period *sg_period_find_searching(sg_ctx *ctx, const sg_game *game,
                                    uint64_t limit);

/* The smallest period of GAME's closed form from x = 0, or 0. */
static inline uint64_t sg_game_theorem_period(const sg_game *game)
{
    return game->ops->theorem_period ? game->ops->theorem_period(game) : 0;
}

/* The amounts of GAME up to LIMIT (see sg_game_ops.amounts), or NULL with
 * no error recorded when the kind has none. */
uint64_t *sg_game_amounts_upto(sg_ctx *ctx, const sg_game *game,
                               uint64_t limit, size_t *n);

/* Writes the sum of PARTS[0..n) as "3+4+5" into BUF of SIZE bytes, for
 * messages: cut short with "..." when it does not fit. */
void sg_game_sum_text(const sg_game *game, const uint64_t *parts, size_t n,
                      char *buf, size_t size);

/* Reads the position TEXT[0..len) names: a heap size from 0 to 2^63 - 1,
 * or the name of a position.  ORIGIN starts the message.  With
 * SAY_NEGATIVE, "-3" is called negative rather than not a number.  Returns
 * SG_OK, SG_EINPUT or SG_ELIMIT. */
/* Its messages, each filled with ORIGIN, the text quoted (sg_quote()) and,
 * for a name, the game's spec; a page of play says them too (see
 * steps/play_page.c), so they are written once, here. */
#define SG_GAME_MSG_NO_NODE "%s \"%s\": %s has no node of that name"
#define SG_GAME_MSG_NEGATIVE \
    "%s \"%s\" is negative; a heap size is a whole number from 0 up"
#define SG_GAME_MSG_NOT_SIZE \
    "%s \"%s\" is not a heap size (a whole number from 0 up)"
#define SG_GAME_MSG_TOO_LARGE "%s \"%s\" is too large (at most 2^63-1)"
sg_status sg_game_parse_position(sg_ctx *ctx, const sg_game *game,
                                 const char *text, size_t len,
                                 const char *origin, bool say_negative,
                                 uint64_t *x);

/* The name of the position T of ARITY numbers: the numbers in decimal,
 * separated by commas ("3,5"), into BUF (SIZE bytes, cut if too small). */
void sg_tuple_text(const int64_t *t, size_t arity, char *buf, size_t size);

/* Reads "a,b,c" (ARITY whole numbers, each optionally signed) into T;
 * false when S[0..LEN) is not that. */
bool sg_tuple_parse(const char *s, size_t len, size_t arity, int64_t *t);

/* Sorts the positions A[0..n) stably by CMP (negative, 0 or positive as
 * position a comes before, with or after b; DATA is handed to it).  A
 * merge sort, with a scratch array of its own; when that cannot be had,
 * A is left as it is. */
void sg_sort_positions(uint64_t *a, size_t n,
                       int (*cmp)(const void *data, uint64_t a, uint64_t b),
                       const void *data);

/* When every position of finite GAME is named by a whole number (as it is
 * shown), writes the positions to OUT in increasing order of those numbers
 * (positions of one number in the order of their own numbers) and returns
 * true; otherwise returns false, OUT unspecified. */
bool sg_game_order_by_number(const sg_game *game, uint64_t *out);

/* ------------------------------------------------------------------------ */
/* The kinds                                                                */
/* ------------------------------------------------------------------------ */

/* A finite acyclic game graph in compressed sparse row form.  Positions are
 * numbered in a topological order: every target index is smaller than its
 * source's, so one increasing pass computes all values. */
typedef struct sg_dag {
    uint64_t count;       /* positions */
    uint64_t *first;      /* moves of x: targets[first[x] .. first[x+1]) */
    uint64_t *targets;
    char **names;         /* names[x]: the node's name, owned by the dag */
    /* labels[x]: what the node's label shows, as one line of text, or NULL
     * where it shows the name; NULL when no node has a label.  Owned by the
     * dag.  Every output that names a position uses it, as the picture
     * does; input may name a position either way. */
    char **labels;
    /* file_order[i]: the position of the file's i-th node (in the order
     * nodes first appear), or NULL when the order is not known. */
    uint64_t *file_order;
    uint64_t max_degree;  /* the largest number of moves from one position */
    /* Open-addressing hash indexes of the names and of the labels, built
     * by sg_game_from_dag(): slot i holds x + 1 for a position x whose
     * name (label) hashes near i, or 0.  Lookups by name (positions named
     * on a command line or on lines of input) then cost O(1), not
     * O(count). */
    uint32_t *name_slots;
    uint32_t *label_slots; /* NULL without labels */
    uint64_t name_mask;   /* slots - 1; the number of slots is a power of 2 */
} sg_dag;

/* Creates a DAG game that takes ownership of DAG; NAME is the file name.
 * Builds the indexes of the positions' names and labels.  Returns NULL (freeing DAG) on
 * allocation failure, or with SG_ELIMIT when the dag has 2^32 - 1 positions
 * or more (the index numbers them in 32 bits). */
sg_game *sg_game_from_dag(sg_ctx *ctx, sg_dag *dag, const char *name);

void sg_dag_free(sg_dag *dag);

#endif /* SGVIZ_GAMES_GAME_H */
