/*
 * judge.c - online judges' problems, their input and output exactly as the
 * problems give them: `sgviz solve --judge NAME`.
 *
 * Problems whose input is one sum a line (or T counted sums) are the batch
 * reader of sum.c with the problem's game, names and layout.  The others
 * have formats of their own -- a set, then games on it (S-Nim); a graph,
 * then queries on it (A Chess Game); T cases of piles played misère (John);
 * pairs of piles of Wythoff's game; strings of digits (Digital Deletions)
 * -- and are read here word by word
 * through the same word reader as the counted layout, each word handed to
 * the problem's state machine with its line and column.  A problem's
 * answers for one case are written when its last word is read.
 */
#define _POSIX_C_SOURCE 200809L
#include "core/tokens.h"
#include "games/game.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Bytes read from a file descriptor at a time. */
#define READ_CHUNK ((size_t)1 << 16)

/* The most heaps (or chessmen) one case may hold in all, as the counted
 * layout allows. */
#define CASE_MAX_PARTS ((uint64_t)SG_BATCH_MAX_COUNTED_PARTS)

typedef struct judge_def judge_def;

/* Where a word-by-word problem is in its input. */
typedef enum want {
    WANT_K,       /* S-Nim: k, the size of S (0 ends the input) */
    WANT_AMOUNT,  /* S-Nim: the amounts of S */
    WANT_M,       /* S-Nim: m, the number of games on S */
    WANT_L,       /* S-Nim: l, the number of heaps of a game */
    WANT_HEAP,    /* S-Nim: the heaps of a game */
    WANT_END,     /* after the closing 0: nothing more */
    WANT_N,       /* A Chess Game: N, the number of positions */
    WANT_X,       /* A Chess Game: X, the out-positions of position i */
    WANT_TARGET,  /* A Chess Game: those out-positions */
    WANT_QUERY,   /* A Chess Game: M, the chessmen of a query (0 ends) */
    WANT_CHESS,   /* A Chess Game: their positions */
    WANT_T,       /* misère Nim: T, the number of cases */
    WANT_PILES,   /* misère Nim: N, the piles of a case */
    WANT_PILE     /* misère Nim: the piles */
} want;

struct sg_judge {
    const judge_def *def;
    char *origin;
    FILE *out;
    sg_status status;      /* SG_OK, or the error that ended the input */
    char *chunk;           /* sg_judge_read_fd's buffer */

    /* Problems that are the batch reader. */
    sg_game *game;
    sg_batch *batch;

    /* Problems read word by word. */
    sg_words words;
    sg_buf answers;        /* answers not yet handed to OUT */
    want want;
    bool any;              /* a word has been read */
    uint64_t case_no;      /* the case being read, from 1 */
    uint64_t k;            /* S-Nim: the size of S as given */
    uint64_t *amounts;     /* ... and its amounts read so far */
    size_t namounts, amounts_cap;
    uint64_t games;        /* m */
    uint64_t game_no;      /* the game being read, from 1 */
    uint64_t nheaps;       /* its l */
    uint64_t have;         /* its heaps read so far */
    uint64_t *heaps;       /* every heap of the case, game after game */
    size_t nall, heaps_cap;
    uint64_t *starts;      /* game g's heaps: heaps[starts[g] .. starts[g+1]) */
    size_t starts_cap;
    uint64_t largest;      /* the case's largest heap, and where it is */
    uint64_t largest_line, largest_column;

    /* A Chess Game: the graph of the case being read, its out-positions
     * in compressed rows (position i's: adj[first[i] .. first[i + 1])), and
     * once it is complete the value of each position. */
    uint64_t n;            /* N */
    uint64_t node;         /* the position whose out-positions are read */
    uint64_t *first;
    uint64_t *adj;
    size_t nadj, adj_cap;
    sg_value *node_sg;
    uint64_t query_no;     /* the query being read, from 1 */
    sg_value nim_sum;      /* of the query's chessmen so far */

    /* Misère Nim: the cases left to read (with a count T), and of the case
     * being read the nim-sum of its piles and whether one exceeds 1. */
    uint64_t cases_left;
    bool big_pile;

    /* Digital Deletions: won (1) or lost (0) for every string, by its
     * code, once the first string is read. */
    uint8_t *dd_win;

    /* GG and MM: the first pile of the game being read, and the largest
     * step of the case's games so far. */
    uint64_t pile_a;
    uint64_t max_step;
};

/* One problem. */
struct judge_def {
    const char *name;
    const char *summary;
    /* A problem of the batch reader: its game and options. */
    sg_game *(*game)(sg_ctx *ctx);
    sg_batch_opts batch;
    /* A problem read word by word: its handler of one word, and of the end
     * of the input. */
    sg_status (*word)(sg_ctx *ctx, sg_judge *j, const char *tok, size_t len,
                      uint64_t line, uint64_t column);
    sg_status (*end)(sg_ctx *ctx, sg_judge *j);
    /* Where the input starts, and the words of a problem that names its
     * winner (the first player's, the second player's). */
    want start;
    const char *first_word, *second_word;
};

/* Records an error ST at LINE:COLUMN (0:0 for none) and makes it the
 * judge's final status. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
static sg_status judge_fail(sg_ctx *ctx, sg_judge *j, sg_status st,
                            uint64_t line, uint64_t column, const char *fmt,
                            ...)
{
    va_list ap;
    va_start(ap, fmt);
    j->status = sg_vfail_at(ctx, st, j->origin, (unsigned long)line,
                            (unsigned long)column, fmt, ap);
    va_end(ap);
    return j->status;
}

/* What a word of a case is, for messages. */
typedef enum word_kind {
    WORD_K,        /* "k" */
    WORD_AMOUNT,   /* "amount A of S" */
    WORD_M,        /* "m" */
    WORD_L,        /* "game A: l" */
    WORD_HEAP,     /* "game A: heap B" */
    WORD_N,        /* "N" */
    WORD_X,        /* "position A: X" */
    WORD_TARGET,   /* "position A: out-position B" */
    WORD_QUERY_M,  /* "query A: M" */
    WORD_CHESS,    /* "query A: chessman B" */
    WORD_T,        /* "T" */
    WORD_PILE      /* "pile A" */
} word_kind;

static void word_name(char *buf, size_t size, word_kind kind, uint64_t a,
                      uint64_t b)
{
    unsigned long long x = a, y = b;
    switch (kind) {
    case WORD_K: snprintf(buf, size, "k"); break;
    case WORD_AMOUNT: snprintf(buf, size, "amount %llu of S", x); break;
    case WORD_M: snprintf(buf, size, "m"); break;
    case WORD_L: snprintf(buf, size, "game %llu: l", x); break;
    case WORD_HEAP: snprintf(buf, size, "game %llu: heap %llu", x, y); break;
    case WORD_N: snprintf(buf, size, "N"); break;
    case WORD_X: snprintf(buf, size, "position %llu: X", x); break;
    case WORD_TARGET:
        snprintf(buf, size, "position %llu: out-position %llu", x, y);
        break;
    case WORD_QUERY_M: snprintf(buf, size, "query %llu: M", x); break;
    case WORD_CHESS: snprintf(buf, size, "query %llu: chessman %llu", x, y); break;
    case WORD_T: snprintf(buf, size, "T"); break;
    case WORD_PILE: snprintf(buf, size, "pile %llu", x); break;
    }
}

/* Reads the whole number TOK[0..len) into *V, at most MAX.  On error the
 * message names the word as the current case's word KIND (A and B its
 * numbers) and HINT says what the input holds there.  The name is made
 * only then: a judge's input has millions of good words. */
static sg_status read_number(sg_ctx *ctx, sg_judge *j, const char *tok,
                             size_t len, uint64_t line, uint64_t column,
                             uint64_t max, const char *hint, uint64_t *v,
                             word_kind kind, uint64_t a, uint64_t b)
{
    int r = sg_parse_u64(tok, len, max, v);
    if (r == 0)
        return SG_OK;
    char name[96], quoted[96];
    word_name(name, sizeof name, kind, a, b);
    sg_quote(tok, len, quoted, sizeof quoted);
    if (r == -2)
        return judge_fail(ctx, j, SG_ELIMIT, line, column, "case %llu: %s "
                          "\"%s\" is more than sgviz takes (at most %llu)",
                          (unsigned long long)j->case_no, name, quoted,
                          (unsigned long long)max);
    return judge_fail(ctx, j, SG_EINPUT, line, column, "case %llu: %s \"%s\" "
                      "is not a whole number (%s)",
                      (unsigned long long)j->case_no, name, quoted, hint);
}

/* Makes room for one more entry in *ARRAY of *CAP entries. */
static bool room(sg_ctx *ctx, uint64_t **array, size_t *cap, size_t n)
{
    if (n < *cap)
        return true;
    size_t grown = *cap ? *cap * 2 : 64;
    uint64_t *a = sg_grow(ctx, *array, grown, sizeof *a);
    if (!a)
        return false;
    *array = a;
    *cap = grown;
    return true;
}

/* ------------------------------------------------------------------------ */
/* HDU 1536, S-Nim                                                          */
/* ------------------------------------------------------------------------ */

/*
 * Cases, each a set S then games on it: "k s1 .. sk", then m, then m lines
 * "l h1 .. hl"; a case whose k is 0 ends the input.  Each case is answered
 * with one line, a letter per game: W when the player to move wins (the
 * nim-sum of the heaps' values is not 0), L otherwise.  The set may repeat
 * an amount; it counts once.  All of a case's games are read before any is
 * answered, so that one lookup up to the case's largest heap serves them
 * all.
 */

static sg_status snim_answer(sg_ctx *ctx, sg_judge *j)
{
    sg_game *game = sg_game_from_amounts(ctx, j->amounts, j->namounts);
    if (!game)
        return j->status = ctx->status;
    sg_lookup *lookup = sg_lookup_new(ctx, game, j->largest);
    if (!lookup) {
        char reason[SG_MESSAGE_MAX];
        snprintf(reason, sizeof reason, "%s", ctx->message);
        judge_fail(ctx, j, ctx->status, j->largest_line, j->largest_column,
                   "case %llu: heap %llu: %s", (unsigned long long)j->case_no,
                   (unsigned long long)j->largest, reason);
        sg_game_free(game);
        return j->status;
    }
    for (uint64_t g = 0; g < j->games; g++) {
        sg_value s = 0;
        for (uint64_t i = j->starts[g]; i < j->starts[g + 1]; i++)
            s ^= sg_lookup_get(lookup, j->heaps[i]);
        sg_buf_putc(&j->answers, s ? 'W' : 'L');
    }
    sg_buf_putc(&j->answers, '\n');
    sg_lookup_free(lookup);
    sg_game_free(game);
    j->want = WANT_K;
    return SG_OK;
}

/* The game just read is complete: its heaps end here. */
static sg_status snim_game_done(sg_ctx *ctx, sg_judge *j)
{
    j->starts[j->game_no] = j->nall;
    if (j->game_no == j->games)
        return snim_answer(ctx, j);
    j->want = WANT_L;
    return SG_OK;
}

static sg_status snim_word(sg_ctx *ctx, sg_judge *j, const char *tok,
                           size_t len, uint64_t line, uint64_t column)
{
    uint64_t v;
    switch (j->want) {
    case WANT_K:
        j->case_no++;
        if (read_number(ctx, j, tok, len, line, column, SG_SET_MAX_ITEMS,
                        "each case starts with k, the size of S, then its k "
                        "amounts; 0 ends the input", &j->k, WORD_K, 0, 0))
            return j->status;
        j->namounts = 0;
        j->want = j->k ? WANT_AMOUNT : WANT_END;
        return SG_OK;
    case WANT_AMOUNT:
        if (read_number(ctx, j, tok, len, line, column, SG_AMOUNT_MAX,
                        "S is k amounts, each at least 1", &v,
                        WORD_AMOUNT, j->namounts + 1, 0))
            return j->status;
        if (v == 0)
            return judge_fail(ctx, j, SG_EINPUT, line, column, "case %llu: "
                              "amount %zu of S is 0; an amount must be at "
                              "least 1 (taking nothing is not a move)",
                              (unsigned long long)j->case_no,
                              j->namounts + 1);
        if (!room(ctx, &j->amounts, &j->amounts_cap, j->namounts))
            return j->status = ctx->status;
        j->amounts[j->namounts++] = v;
        if (j->namounts == j->k)
            j->want = WANT_M;
        return SG_OK;
    case WANT_M:
        if (read_number(ctx, j, tok, len, line, column, CASE_MAX_PARTS,
                        "after S comes m, the number of games", &j->games,
                        WORD_M, 0, 0))
            return j->status;
        j->starts = sg_grow(ctx, j->starts, (size_t)j->games + 1,
                            sizeof *j->starts);
        if (!j->starts)
            return j->status = ctx->status;
        j->starts[0] = 0;
        j->nall = 0;
        j->game_no = 0;
        j->largest = 0;
        j->largest_line = line;
        j->largest_column = column;
        if (j->games == 0)
            return snim_answer(ctx, j);
        j->want = WANT_L;
        return SG_OK;
    case WANT_L:
        j->game_no++;
        if (read_number(ctx, j, tok, len, line, column, CASE_MAX_PARTS,
                        "each game is l, the number of heaps, then l heap "
                        "sizes", &j->nheaps, WORD_L, j->game_no, 0))
            return j->status;
        if (j->nheaps > CASE_MAX_PARTS - j->nall)
            return judge_fail(ctx, j, SG_ELIMIT, line, column, "case %llu: "
                              "more than %llu heaps in all",
                              (unsigned long long)j->case_no,
                              (unsigned long long)CASE_MAX_PARTS);
        j->have = 0;
        if (j->nheaps == 0)
            return snim_game_done(ctx, j);
        j->want = WANT_HEAP;
        return SG_OK;
    case WANT_HEAP:
        if (read_number(ctx, j, tok, len, line, column, SG_POSITION_MAX,
                        "a heap size is a whole number from 0 up", &v,
                        WORD_HEAP, j->game_no, j->have + 1))
            return j->status;
        if (!room(ctx, &j->heaps, &j->heaps_cap, j->nall))
            return j->status = ctx->status;
        j->heaps[j->nall++] = v;
        if (v > j->largest) {
            j->largest = v;
            j->largest_line = line;
            j->largest_column = column;
        }
        if (++j->have == j->nheaps)
            return snim_game_done(ctx, j);
        return SG_OK;
    default: /* WANT_END */
        break;
    }
    char quoted[96];
    sg_quote(tok, len, quoted, sizeof quoted);
    return judge_fail(ctx, j, SG_EINPUT, line, column, "\"%s\" comes after "
                      "the 0 that ends the input", quoted);
}

static sg_status snim_end(sg_ctx *ctx, sg_judge *j)
{
    uint64_t c = j->case_no;
    switch (j->want) {
    case WANT_K:
    case WANT_END:
        if (!j->any)
            return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input is empty; "
                              "each case is k and the k amounts of S, then "
                              "m and m games, each l and l heap sizes");
        return SG_OK;
    case WANT_AMOUNT:
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, after %zu of the %llu amounts of S",
                          (unsigned long long)c, j->namounts,
                          (unsigned long long)j->k);
    case WANT_M:
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu before m, the number of games",
                          (unsigned long long)c);
    case WANT_L:
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, after %llu of its %llu games",
                          (unsigned long long)c,
                          (unsigned long long)j->game_no,
                          (unsigned long long)j->games);
    default: /* WANT_HEAP */
        break;
    }
    return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case %llu, "
                      "game %llu, after %llu of its %llu heaps",
                      (unsigned long long)c, (unsigned long long)j->game_no,
                      (unsigned long long)j->have,
                      (unsigned long long)j->nheaps);
}

/* ------------------------------------------------------------------------ */
/* HDU 1524, A Chess Game                                                   */
/* ------------------------------------------------------------------------ */

/*
 * Cases until the input ends, each a graph and then queries on it: N, then
 * N lines "X t1 .. tX", the out-positions of positions 0..N-1; then query
 * lines "M c1 .. cM", chessmen on those positions, which move along the
 * edges, one chessman a turn; "0" ends the case.  Each query is answered
 * WIN when the player to move wins (the nim-sum of the chessmen's
 * positions' values is not 0), LOSE otherwise.  The graph becomes a game
 * defined through sg_game_define(), which numbers its positions so that
 * every move goes to a smaller one and names a cycle if the input has one;
 * its values are computed once per case, when its last line is read.
 */

/* The options of position P[0]: its out-positions as the input gave
 * them. */
static void chess_options(void *user, const int64_t *p, sg_options *out)
{
    const sg_judge *j = user;
    for (uint64_t e = j->first[p[0]]; e < j->first[p[0] + 1]; e++) {
        int64_t t = (int64_t)j->adj[e];
        sg_options_add(out, &t);
    }
}

/* The graph of the case is complete: the value of each position. */
static sg_status chess_values(sg_ctx *ctx, sg_judge *j)
{
    sg_status st = SG_ENOMEM;
    int64_t *starts = sg_alloc_raw(ctx, (size_t)j->n, sizeof *starts);
    sg_value *vals = sg_grow(ctx, j->node_sg, (size_t)j->n, sizeof *vals);
    if (!starts || !vals) {
        free(starts);
        return j->status = ctx->status;
    }
    j->node_sg = vals;
    for (uint64_t i = 0; i < j->n; i++)
        starts[i] = (int64_t)i;
    sg_game_def def = {"the graph", 1, chess_options, NULL, NULL, j, 0};
    sg_game *game = sg_game_define(ctx, &def, starts, (size_t)j->n);
    sg_values *values = NULL;
    if (game)
        st = sg_compute(ctx, game, sg_game_position_count(game) - 1, NULL,
                        &values);
    if (!game || st != SG_OK) {
        char reason[SG_MESSAGE_MAX];
        snprintf(reason, sizeof reason, "%s", ctx->message);
        judge_fail(ctx, j, ctx->status, 0, 0, "case %llu: %s",
                   (unsigned long long)j->case_no, reason);
    } else {
        for (uint64_t i = 0; i < j->n; i++) {
            char name[24];
            uint64_t x = 0;
            size_t len = (size_t)snprintf(name, sizeof name, "%llu",
                                          (unsigned long long)i);
            game->ops->find_position(game, name, len, &x);
            vals[i] = sg_values_get(values, x);
        }
    }
    sg_values_free(values);
    sg_game_free(game);
    free(starts);
    return j->status;
}

/* Position j->node's out-positions are read. */
static sg_status chess_node_done(sg_ctx *ctx, sg_judge *j)
{
    j->first[++j->node] = j->nadj;
    if (j->node < j->n) {
        j->want = WANT_X;
        return SG_OK;
    }
    j->query_no = 0;
    j->want = WANT_QUERY;
    return chess_values(ctx, j);
}

static sg_status chess_word(sg_ctx *ctx, sg_judge *j, const char *tok,
                            size_t len, uint64_t line, uint64_t column)
{
    uint64_t v;
    switch (j->want) {
    case WANT_N:
        j->case_no++;
        if (read_number(ctx, j, tok, len, line, column, CASE_MAX_PARTS,
                        "each case starts with N, the number of positions",
                        &j->n, WORD_N, 0, 0))
            return j->status;
        if (j->n == 0)
            return judge_fail(ctx, j, SG_EINPUT, line, column, "case %llu: N "
                              "is 0; a graph has at least one position",
                              (unsigned long long)j->case_no);
        j->first = sg_grow(ctx, j->first, (size_t)j->n + 1, sizeof *j->first);
        if (!j->first)
            return j->status = ctx->status;
        j->first[0] = 0;
        j->nadj = 0;
        j->node = 0;
        j->want = WANT_X;
        return SG_OK;
    case WANT_X:
        if (read_number(ctx, j, tok, len, line, column,
                        CASE_MAX_PARTS - j->nadj, "each position's line is X, "
                        "the number of its out-positions, then the X "
                        "out-positions", &j->nheaps, WORD_X, j->node, 0))
            return j->status;
        j->have = 0;
        if (j->nheaps == 0)
            return chess_node_done(ctx, j);
        j->want = WANT_TARGET;
        return SG_OK;
    case WANT_TARGET:
        if (read_number(ctx, j, tok, len, line, column, UINT64_MAX - 1,
                        "an out-position is a position's number", &v,
                        WORD_TARGET, j->node, j->have + 1))
            return j->status;
        if (v >= j->n)
            return judge_fail(ctx, j, SG_EINPUT, line, column, "case %llu: "
                              "position %llu: out-position %llu is %llu, but "
                              "the positions are 0 to %llu",
                              (unsigned long long)j->case_no,
                              (unsigned long long)j->node,
                              (unsigned long long)j->have + 1,
                              (unsigned long long)v,
                              (unsigned long long)j->n - 1);
        if (!room(ctx, &j->adj, &j->adj_cap, j->nadj))
            return j->status = ctx->status;
        j->adj[j->nadj++] = v;
        if (++j->have == j->nheaps)
            return chess_node_done(ctx, j);
        return SG_OK;
    case WANT_QUERY:
        j->query_no++;
        if (read_number(ctx, j, tok, len, line, column, CASE_MAX_PARTS,
                        "each query is M, the number of chessmen, then their "
                        "M positions; 0 ends the case", &j->nheaps,
                        WORD_QUERY_M, j->query_no, 0))
            return j->status;
        j->have = 0;
        j->nim_sum = 0;
        j->want = j->nheaps ? WANT_CHESS : WANT_N;
        return SG_OK;
    case WANT_CHESS:
        if (read_number(ctx, j, tok, len, line, column, UINT64_MAX - 1,
                        "a chessman stands on a position's number", &v,
                        WORD_CHESS, j->query_no, j->have + 1))
            return j->status;
        if (v >= j->n)
            return judge_fail(ctx, j, SG_EINPUT, line, column, "case %llu: "
                              "query %llu: chessman %llu stands on %llu, but "
                              "the positions are 0 to %llu",
                              (unsigned long long)j->case_no,
                              (unsigned long long)j->query_no,
                              (unsigned long long)j->have + 1,
                              (unsigned long long)v,
                              (unsigned long long)j->n - 1);
        j->nim_sum ^= j->node_sg[v];
        if (++j->have == j->nheaps) {
            sg_buf_puts(&j->answers, j->nim_sum ? j->def->first_word
                                                : j->def->second_word);
            sg_buf_putc(&j->answers, '\n');
            j->want = WANT_QUERY;
        }
        return SG_OK;
    default:
        return SG_OK;
    }
}

static sg_status chess_end(sg_ctx *ctx, sg_judge *j)
{
    unsigned long long c = j->case_no;
    switch (j->want) {
    case WANT_N:
        if (!j->any)
            return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input is empty; "
                              "each case is N, N lines of out-positions, "
                              "then queries, each M and M positions, and 0");
        return SG_OK;
    case WANT_QUERY:
        /* The last case's closing 0 may be left out: nothing follows. */
        return SG_OK;
    case WANT_X:
    case WANT_TARGET:
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, after the out-positions of %llu of its %llu "
                          "positions", c, (unsigned long long)j->node,
                          (unsigned long long)j->n);
    default:
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, query %llu, after %llu of its %llu "
                          "chessmen", c, (unsigned long long)j->query_no,
                          (unsigned long long)j->have,
                          (unsigned long long)j->nheaps);
    }
}

/* ------------------------------------------------------------------------ */
/* Misère Nim: HDU 1907 (John), HDU 2509 (Be the Winner)                    */
/* ------------------------------------------------------------------------ */

/*
 * Cases of piles, each "N a1 .. aN", played misère: whoever takes the last
 * one loses.  John gives the number of cases T first; Be the Winner reads
 * cases until the input ends.  Bouton's rule for misère Nim answers each:
 * while some pile holds more than 1, the player to move wins exactly when
 * the nim-sum is not 0, as in normal play (the winner plays as in Nim
 * until the move that would leave only piles of 1, and there leaves an odd
 * number of them); when every pile holds at most 1, exactly when the
 * nim-sum is 0 (an even number of piles of 1).  Be the Winner's move takes
 * apples in a row from the middle of a pile too, splitting it; a row of n
 * then has the value n (its options reach every smaller nim-sum, none
 * reaches n), and only the empty row has the value 0, so the anti-SG
 * theorem gives the same rule (test_judge checks it against a search of
 * the game itself).
 */

static sg_status misere_answer(sg_judge *j)
{
    bool first_wins = j->big_pile ? j->nim_sum != 0 : j->nim_sum == 0;
    sg_buf_puts(&j->answers, first_wins ? j->def->first_word
                                        : j->def->second_word);
    sg_buf_putc(&j->answers, '\n');
    if (j->def->start == WANT_T && --j->cases_left == 0)
        j->want = WANT_END;
    else
        j->want = WANT_PILES;
    return SG_OK;
}

static sg_status misere_word(sg_ctx *ctx, sg_judge *j, const char *tok,
                             size_t len, uint64_t line, uint64_t column)
{
    uint64_t v;
    switch (j->want) {
    case WANT_T:
        if (read_number(ctx, j, tok, len, line, column, UINT64_MAX - 1,
                        "the input starts with T, the number of cases",
                        &j->cases_left, WORD_T, 0, 0))
            return j->status;
        j->want = j->cases_left ? WANT_PILES : WANT_END;
        return SG_OK;
    case WANT_PILES:
        j->case_no++;
        if (read_number(ctx, j, tok, len, line, column, CASE_MAX_PARTS,
                        "each case is N, the number of piles, then the N "
                        "piles", &j->nheaps, WORD_N, 0, 0))
            return j->status;
        j->have = 0;
        j->nim_sum = 0;
        j->big_pile = false;
        if (j->nheaps == 0)
            return misere_answer(j);
        j->want = WANT_PILE;
        return SG_OK;
    case WANT_PILE:
        if (read_number(ctx, j, tok, len, line, column, SG_POSITION_MAX,
                        "a pile is a whole number from 0 up", &v, WORD_PILE,
                        j->have + 1, 0))
            return j->status;
        j->nim_sum ^= v;
        j->big_pile |= v > 1;
        if (++j->have == j->nheaps)
            return misere_answer(j);
        return SG_OK;
    default:
        break;
    }
    char quoted[96];
    sg_quote(tok, len, quoted, sizeof quoted);
    return judge_fail(ctx, j, SG_EINPUT, line, column, "\"%s\" comes after "
                      "the %llu cases that T announced", quoted,
                      (unsigned long long)j->case_no);
}

static sg_status misere_end(sg_ctx *ctx, sg_judge *j)
{
    if (!j->any)
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input is empty; %s"
                          "each case is N and the N piles",
                          j->def->start == WANT_T ? "it is T, the number of "
                                                    "cases, then T cases; "
                                                  : "");
    switch (j->want) {
    case WANT_PILE:
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, after %llu of its %llu piles",
                          (unsigned long long)j->case_no,
                          (unsigned long long)j->have,
                          (unsigned long long)j->nheaps);
    case WANT_PILES:
        if (j->def->start == WANT_T)
            return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends after "
                              "%llu of the %llu cases that T announced",
                              (unsigned long long)j->case_no,
                              (unsigned long long)(j->case_no +
                                                   j->cases_left));
        return SG_OK;
    default:
        return SG_OK;
    }
}

/* ------------------------------------------------------------------------ */
/* HDU 1527, Wythoff's game                                                 */
/* ------------------------------------------------------------------------ */

/*
 * Lines "a b" until the input ends, two piles each: a move takes any
 * number from one pile, or the same number from both.  Each is answered 1
 * when the player to move wins, 0 otherwise.  Wythoff's theorem: with a <=
 * b and k = b - a, the player to move loses exactly when a = floor(k phi),
 * phi the golden ratio.  k phi = (k + sqrt(5 k^2)) / 2, and since k is a
 * whole number, floor(k phi) = floor((k + isqrt(5 k^2)) / 2) -- exact in
 * 64 bits while 5 k^2 fits, which piles up to WYTHOFF_MAX ensure.
 */

/* The largest pile: 5 k^2 < 2^64 for every k up to it. */
#define WYTHOFF_MAX UINT64_C(1900000000)

/* The largest r with r * r <= n. */
static uint64_t isqrt64(uint64_t n)
{
    uint64_t r = (uint64_t)sqrt((double)n);
    while (r > 0 && r * r > n)
        r--;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

static sg_status wythoff_word(sg_ctx *ctx, sg_judge *j, const char *tok,
                              size_t len, uint64_t line, uint64_t column)
{
    uint64_t v;
    if (j->want == WANT_PILES)
        j->case_no++;
    if (read_number(ctx, j, tok, len, line, column, WYTHOFF_MAX,
                    "each line is a and b, the two piles", &v, WORD_PILE,
                    j->want == WANT_PILES ? 1 : 2, 0))
        return j->status;
    if (j->want == WANT_PILES) {
        j->nim_sum = v; /* the first pile, kept until the second comes */
        j->want = WANT_PILE;
        return SG_OK;
    }
    uint64_t a = j->nim_sum < v ? j->nim_sum : v;
    uint64_t k = (j->nim_sum < v ? v : j->nim_sum) - a;
    bool lost = a == (k + isqrt64(5 * k * k)) / 2;
    sg_buf_puts(&j->answers, lost ? j->def->second_word : j->def->first_word);
    sg_buf_putc(&j->answers, '\n');
    j->want = WANT_PILES;
    return SG_OK;
}

static sg_status wythoff_end(sg_ctx *ctx, sg_judge *j)
{
    if (!j->any)
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input is empty; "
                          "each line is a and b, the two piles");
    if (j->want == WANT_PILE)
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, after its first pile",
                          (unsigned long long)j->case_no);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* HDU 3595, GG and MM (Every-SG)                                           */
/* ------------------------------------------------------------------------ */

/*
 * Cases until the input ends, each N, then N games of two piles p q.  A
 * move in one game takes a positive multiple of the smaller pile from the
 * larger (Euclid's game; a game with an empty pile is over), and each turn
 * the player moves in every game that is not over: Every-SG, won by who
 * moves last in the game that lasts longest.  MM moves first: each case is
 * answered "MM" when MM wins, "GG" otherwise.  The largest step count of
 * the case's games decides (every.c; odd: the first player wins), and the
 * step of one game follows Euclid's own recursion: with a = q b + r,
 * 0 < r < b, and t the step of (b, r), the only move of a game with q = 1
 * leads to (b, r), so its step is t + 1; with q >= 2 the game is won (it
 * reaches both (b, r) and (b + r, b), whose outcomes differ), and the
 * winner takes the longer of the two that is lost for the other: t + 1
 * when t is even ((b, r) is lost), t + 2 when t is odd ((b + r, b), whose
 * step is t + 1, is).  With r = 0 the winner empties the pile: step 1.
 * test_judge checks this against the step recurrence over every move.
 */

/* The largest pile: the steps are worked in 64 bits on any piles. */
#define GGMM_MAX SG_POSITION_MAX

static uint64_t euclid_step(uint64_t a, uint64_t b)
{
    if (a < b) {
        uint64_t t = a;
        a = b;
        b = t;
    }
    if (b == 0)
        return 0;
    if (a % b == 0)
        return 1;
    uint64_t t = euclid_step(b, a % b);
    if (a / b == 1)
        return t + 1;
    return t % 2 ? t + 2 : t + 1;
}

uint64_t sg_euclid_every_step(uint64_t a, uint64_t b)
{
    return euclid_step(a, b);
}

static sg_status ggmm_answer(sg_judge *j)
{
    sg_buf_puts(&j->answers, j->max_step % 2 ? j->def->first_word
                                             : j->def->second_word);
    sg_buf_putc(&j->answers, '\n');
    j->want = WANT_PILES;
    return SG_OK;
}

static sg_status ggmm_word(sg_ctx *ctx, sg_judge *j, const char *tok,
                           size_t len, uint64_t line, uint64_t column)
{
    uint64_t v;
    if (j->want == WANT_PILES) {
        j->case_no++;
        if (read_number(ctx, j, tok, len, line, column, CASE_MAX_PARTS,
                        "each case is N, the number of games, then N pairs "
                        "of piles p q", &j->nheaps, WORD_N, 0, 0))
            return j->status;
        j->have = 0;
        j->max_step = 0;
        if (j->nheaps == 0)
            return ggmm_answer(j);
        j->want = WANT_PILE;
        return SG_OK;
    }
    uint64_t game = j->have / 2 + 1, pile = j->have % 2 + 1;
    if (read_number(ctx, j, tok, len, line, column, GGMM_MAX,
                    "each game is two piles p q, whole numbers from 0 up", &v,
                    WORD_HEAP, game, pile))
        return j->status;
    if (pile == 1) {
        j->pile_a = v;
    } else {
        uint64_t s = euclid_step(j->pile_a, v);
        if (s > j->max_step)
            j->max_step = s;
    }
    if (++j->have == 2 * j->nheaps)
        return ggmm_answer(j);
    return SG_OK;
}

static sg_status ggmm_end(sg_ctx *ctx, sg_judge *j)
{
    if (!j->any)
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input is empty; "
                          "each case is N, then N games of two piles p q");
    if (j->want == WANT_PILE)
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input ends in case "
                          "%llu, after %llu of the %llu piles of its %llu "
                          "games", (unsigned long long)j->case_no,
                          (unsigned long long)j->have,
                          (unsigned long long)(2 * j->nheaps),
                          (unsigned long long)j->nheaps);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* HDU 1404, Digital Deletions                                              */
/* ------------------------------------------------------------------------ */

/*
 * Strings of up to 6 digits, one a word, until the input ends.  A move
 * lowers one digit, or erases a 0 with every digit to its right; whoever
 * erases the last digit wins.  Each string is answered Yes when the player
 * to move wins, No otherwise.  A string is the number "1" followed by its
 * digits (the empty string is 1), and every move makes that number
 * smaller, so one pass in increasing order decides all 1,111,111 strings
 * when the first one is asked about: a string is won when some move
 * leaves a lost one.  (examples/c/digital_deletions.c defines the same
 * game through sg_game_define(), which keeps every move for traces and
 * drawings and so takes seconds; a judge needs only won and lost.)
 */

#define DD_DIGITS 6
#define DD_CODES 2000000 /* 1 .. 1999999 */

static sg_status dd_table(sg_ctx *ctx, sg_judge *j)
{
    uint8_t *win = sg_alloc(ctx, DD_CODES, 1);
    if (!win)
        return j->status = ctx->status;
    for (uint32_t c = 10; c < DD_CODES; c++) {
        /* The digits of c after its leading 1, and their place values. */
        uint32_t place = 1, len = 0;
        while (c / place >= 10) {
            place *= 10;
            len++;
        }
        uint32_t p = place / 10, prefix = 1;
        for (uint32_t i = 0; i < len && !win[c]; i++, p /= 10) {
            uint32_t d = c / p % 10;
            /* Lower digit i to any of 0 .. d - 1. */
            for (uint32_t e = 1; e <= d && !win[c]; e++)
                win[c] = !win[c - e * p];
            /* Erase a 0 and what follows it: the digits before it stay. */
            if (d == 0 && !win[prefix])
                win[c] = 1;
            prefix = prefix * 10 + d;
        }
    }
    j->dd_win = win;
    return SG_OK;
}

static sg_status dd_word(sg_ctx *ctx, sg_judge *j, const char *tok,
                         size_t len, uint64_t line, uint64_t column)
{
    j->case_no++;
    size_t digits = 0;
    while (digits < len && tok[digits] >= '0' && tok[digits] <= '9')
        digits++;
    if (digits != len || len > DD_DIGITS) {
        char quoted[96];
        sg_quote(tok, len, quoted, sizeof quoted);
        return judge_fail(ctx, j, SG_EINPUT, line, column, "case %llu: "
                          "\"%s\" is not a string of 1 to %d digits",
                          (unsigned long long)j->case_no, quoted, DD_DIGITS);
    }
    if (!j->dd_win && dd_table(ctx, j) != SG_OK)
        return j->status;
    uint32_t code = 1;
    for (size_t i = 0; i < len; i++)
        code = code * 10 + (uint32_t)(tok[i] - '0');
    sg_buf_puts(&j->answers, j->dd_win[code] ? j->def->first_word
                                             : j->def->second_word);
    sg_buf_putc(&j->answers, '\n');
    return SG_OK;
}

static sg_status dd_end(sg_ctx *ctx, sg_judge *j)
{
    if (!j->any)
        return judge_fail(ctx, j, SG_EINPUT, 0, 0, "the input is empty; "
                          "each case is a string of 1 to %d digits",
                          DD_DIGITS);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The problems                                                             */
/* ------------------------------------------------------------------------ */

static sg_game *pow2_game(sg_ctx *ctx)
{
    return sg_game_from_spec(ctx, "pow2", "hdu1847");
}

static sg_game *fib_game(sg_ctx *ctx)
{
    return sg_game_from_spec(ctx, "fib", "hdu1848");
}

static sg_game *lasker_game(sg_ctx *ctx)
{
    return sg_game_from_code(ctx, "lasker", "hdu3032");
}

static const judge_def judges[] = {
    {"hdu1847", "Good Luck in CET-4 Everybody!: n cards, take 2^k; Kiki/Cici",
     pow2_game,
     {.first_name = "Kiki", .second_name = "Cici", .layout = SG_BATCH_LINES},
     NULL, NULL, WANT_END, NULL, NULL},
    {"hdu1848", "Fibonacci again and again: m n p, 0 0 0 ends; Fibo/Nacci",
     fib_game,
     {.first_name = "Fibo", .second_name = "Nacci", .stop_at_zero = 1,
      .layout = SG_BATCH_LINES},
     NULL, NULL, WANT_END, NULL, NULL},
    {"hdu1536", "S-Nim: sets S, each with games on it; a line of W/L per set",
     NULL, {.layout = SG_BATCH_LINES}, snim_word, snim_end, WANT_K,
     NULL, NULL},
    {"hdu1524", "A Chess Game: a graph, then queries of chessmen; WIN/LOSE",
     NULL, {.layout = SG_BATCH_LINES}, chess_word, chess_end,
     WANT_N, "WIN", "LOSE"},
    {"hdu3032", "Nim or not Nim? (Lasker's Nim): T cases of N heaps; Alice/Bob",
     lasker_game,
     {.first_name = "Alice", .second_name = "Bob", .layout = SG_BATCH_COUNTED},
     NULL, NULL, WANT_END, NULL, NULL},
    {"hdu1907", "John (misere Nim): T cases of N piles; John/Brother",
     NULL, {.layout = SG_BATCH_LINES}, misere_word, misere_end,
     WANT_T, "John", "Brother"},
    {"hdu2509", "Be the Winner (misere Nim): cases of n heaps to the end; Yes/No",
     NULL, {.layout = SG_BATCH_LINES}, misere_word, misere_end,
     WANT_PILES, "Yes", "No"},
    {"hdu1527", "Wythoff's game: lines of two piles a b to the end; 1/0",
     NULL, {.layout = SG_BATCH_LINES}, wythoff_word, wythoff_end,
     WANT_PILES, "1", "0"},
    {"hdu3595", "GG and MM (Every-SG): cases of N Euclid games p q; MM/GG",
     NULL, {.layout = SG_BATCH_LINES}, ggmm_word, ggmm_end,
     WANT_PILES, "MM", "GG"},
    {"hdu1404", "Digital Deletions: strings of up to 6 digits to the end; Yes/No",
     NULL, {.layout = SG_BATCH_LINES}, dd_word, dd_end, WANT_END,
     "Yes", "No"},
};

#define NJUDGES (sizeof judges / sizeof judges[0])

size_t sg_judge_count(void) { return NJUDGES; }

const char *sg_judge_name(size_t i)
{
    return i < NJUDGES ? judges[i].name : NULL;
}

const char *sg_judge_summary(size_t i)
{
    return i < NJUDGES ? judges[i].summary : NULL;
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

sg_judge *sg_judge_new(sg_ctx *ctx, const char *name, const char *origin,
                       FILE *out)
{
    const char *names[NJUDGES + 1];
    for (size_t i = 0; i < NJUDGES; i++)
        names[i] = judges[i].name;
    names[NJUDGES] = NULL;
    int i = sg_pick_name(ctx, name, names, NULL, "judge problem");
    if (i < 0)
        return NULL;
    sg_judge *j = sg_alloc(ctx, 1, sizeof *j);
    if (!j)
        return NULL;
    j->def = &judges[i];
    j->want = j->def->start;
    j->out = out;
    sg_buf_init(&j->answers);
    j->origin = sg_strdup(ctx, origin ? origin : "input");
    if (!j->origin)
        goto fail;
    sg_words_init(&j->words, j->origin);
    if (j->def->game) {
        j->game = j->def->game(ctx);
        if (!j->game)
            goto fail;
        j->batch = sg_batch_new(ctx, j->game, &j->def->batch, j->origin, out);
        if (!j->batch)
            goto fail;
    }
    return j;
fail:
    sg_judge_free(j);
    return NULL;
}

void sg_judge_free(sg_judge *judge)
{
    if (!judge)
        return;
    sg_batch_free(judge->batch);
    sg_game_free(judge->game);
    sg_words_free(&judge->words);
    sg_buf_free(&judge->answers);
    free(judge->amounts);
    free(judge->heaps);
    free(judge->starts);
    free(judge->first);
    free(judge->adj);
    free(judge->node_sg);
    free(judge->dd_win);
    free(judge->origin);
    free(judge->chunk);
    free(judge);
}

/* Hands the answers written so far to OUT. */
static sg_status flush_answers(sg_ctx *ctx, sg_judge *j)
{
    sg_buf *a = &j->answers;
    if (a->failed) {
        sg_buf_free(a);
        return j->status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory "
                                       "writing the answers");
    }
    if (a->len && fwrite(a->data, 1, a->len, j->out) != a->len)
        return j->status = sg_ctx_fail(ctx, SG_EIO, "cannot write the "
                                       "answers");
    a->len = 0;
    if (fflush(j->out) != 0)
        return j->status = sg_ctx_fail(ctx, SG_EIO, "cannot write the "
                                       "answers");
    return SG_OK;
}

static sg_status take_word(sg_ctx *ctx, void *user, const char *tok,
                           size_t len, uint64_t line, uint64_t column)
{
    sg_judge *j = user;
    j->any = true;
    return j->def->word(ctx, j, tok, len, line, column);
}

sg_status sg_judge_feed(sg_ctx *ctx, sg_judge *judge, const char *data,
                        size_t len)
{
    sg_judge *j = judge;
    if (j->batch)
        return sg_batch_feed(ctx, j->batch, data, len);
    if (j->status != SG_OK)
        return j->status;
    sg_status st = sg_words_feed(ctx, &j->words, data, len, take_word, j);
    if (st != SG_OK && j->status == SG_OK)
        j->status = st;
    /* The answers before a bad word are written before it is reported; a
     * failure to write them is reported instead. */
    st = j->status;
    if (flush_answers(ctx, j) != SG_OK)
        return j->status;
    return st;
}

sg_status sg_judge_finish(sg_ctx *ctx, sg_judge *judge)
{
    sg_judge *j = judge;
    if (j->batch)
        return sg_batch_finish(ctx, j->batch);
    if (j->status == SG_OK) {
        sg_status st = sg_words_finish(ctx, &j->words, take_word, j);
        if (st != SG_OK && j->status == SG_OK)
            j->status = st;
    }
    if (j->status == SG_OK)
        j->def->end(ctx, j);
    sg_status st = j->status;
    if (flush_answers(ctx, j) != SG_OK)
        return j->status;
    return st;
}

sg_status sg_judge_read_fd(sg_ctx *ctx, sg_judge *judge, int fd)
{
    if (judge->batch)
        return sg_batch_read_fd(ctx, judge->batch, fd);
    if (!judge->chunk) {
        judge->chunk = sg_alloc_raw(ctx, READ_CHUNK, 1);
        if (!judge->chunk)
            return ctx->status;
    }
    for (;;) {
        ssize_t got = read(fd, judge->chunk, READ_CHUNK);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return sg_ctx_fail(ctx, SG_EIO, "%s: cannot read: %s",
                               judge->origin, strerror(errno));
        }
        if (got == 0)
            break;
        sg_status st = sg_judge_feed(ctx, judge, judge->chunk, (size_t)got);
        if (st != SG_OK)
            return st;
    }
    return sg_judge_finish(ctx, judge);
}
