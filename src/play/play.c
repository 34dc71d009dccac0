/*
 * play.c - a game against sgviz: whose turn it is, the moves of a position
 * of several parts, the computer's choice, what is said about each move,
 * hints in steps, and taking moves back (see sgviz/play.h).
 *
 * A position is a list of positions of the game played, its parts, kept in
 * the order the player sees them: a move replaces one part by what the
 * move leaves (one position, or the heaps of a split), in its place.  Two
 * positions whose parts are the same multiset are the same position, and
 * a heap of 0 in a game of heaps counts for nothing, so that what the
 * player types is compared as a multiset without its zeros.
 *
 * Values come from one lookup over the parts (sg of the game played) or,
 * in misère play, from the misère solver, whose rule also gives the words.
 * Every word comes from templates/play/LANG.text.
 */
#include "play/play.h"
#include "games/game.h"
#include "text/template.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The most moves listed from one position: a game is played move by
 * move, so a position with more is no game to play at a keyboard. */
#define PLAY_MAX_MOVES UINT64_C(1000000)

/* The most positions the search for the longest game examines before the
 * computer falls back on leaving the most. */
#define PLAY_LENGTH_MAX_STATES 20000u

/* ------------------------------------------------------------------------ */
/* Wording                                                                  */
/* ------------------------------------------------------------------------ */

enum {
    W_START_YOU, W_START_COMPUTER, W_START_TWO, W_HOWTO, W_HOWTO_POSITIONS, W_MISERE, W_RULE_NIM,
    W_RULE_TAME, W_RULE_SEARCH, W_RULE_QUOTIENT, W_PROMPT, W_PROMPT_PLAYER,
    W_EXAMPLE_POSITION, W_EXAMPLE_AMOUNT, W_YOU_MOVED, W_COMPUTER_MOVED,
    W_PLAYER_MOVED, W_SUM, W_SUM_VALUES, W_ONE, W_MISERE_IS_N,
    W_MISERE_IS_P, W_DETAIL_LARGE, W_DETAIL_SMALL, W_P_NORMAL, W_N_NORMAL,
    W_P_MISERE, W_N_MISERE, W_TAKE, W_SPLIT, W_MOVE_TO, W_HEAP, W_NODE,
    W_COMPUTER_WINS, W_COMPUTER_LOSES, W_COMPUTER_LOSES_N, W_KEPT, W_THREW,
    W_LOST_ANYWAY, W_KEPT_TWO, W_THREW_TWO, W_HINT_1, W_HINT_1_MISERE,
    W_HINT_2, W_HINT_2_LOST, W_HINT_3, W_HINT_3_PLAIN, W_HINT_3_LOST,
    W_HINT_4, W_HINT_4_LOST, W_HINT_AGAIN, W_HINTS_OFF, W_UNREADABLE,
    W_NOT_ONE_MOVE, W_NOT_ONE_MOVE_SPLIT, W_NOT_ONE_MOVE_DAG, W_SAME,
    W_NOT_IN_GAME, W_NO_HEAP, W_NO_AMOUNT, W_AMBIGUOUS, W_NO_AMOUNTS,
    W_OVER, W_EMPTY, W_UNDO, W_UNDO_NONE, W_END, W_END_MISERE, W_WIN_YOU,
    W_WIN_COMPUTER, W_WIN_PLAYER, W_RECORD_HEADING, W_RECORD_YOU,
    W_RECORD_COMPUTER, W_RECORD_PLAYER, W_RECORD_VALUE, W_RECORD_TRACE, W_PAGE_TITLE,
    W_PAGE_NEW, W_PAGE_TWO, W_PAGE_COMPUTER, W_PAGE_YOU_FIRST,
    W_PAGE_COMPUTER_FIRST, W_PAGE_HINT, W_PAGE_UNDO, W_PAGE_GO, W_PAGE_KEYS,
    W_PAGE_VALUES, W_PAGE_LOG, W_NSECTIONS
};

static const char *const word_sections[] = {
    "start-you", "start-computer", "start-two", "howto", "howto-positions", "misere", "rule-nim",
    "rule-tame", "rule-search", "rule-quotient", "prompt", "prompt-player",
    "example-position", "example-amount", "you-moved", "computer-moved",
    "player-moved", "sum", "sum-values", "one", "misere-is-n",
    "misere-is-p", "detail-large", "detail-small", "p-normal", "n-normal",
    "p-misere", "n-misere", "take", "split", "move-to", "heap", "node",
    "computer-wins", "computer-loses", "computer-loses-n", "kept", "threw",
    "lost-anyway", "kept-two", "threw-two", "hint-1", "hint-1-misere",
    "hint-2", "hint-2-lost", "hint-3", "hint-3-plain", "hint-3-lost",
    "hint-4", "hint-4-lost", "hint-again", "hints-off", "unreadable",
    "not-one-move", "not-one-move-split", "not-one-move-dag", "same",
    "not-in-game", "no-heap", "no-amount", "ambiguous", "no-amounts",
    "over", "empty", "undo", "undo-none", "end", "end-misere", "win-you",
    "win-computer", "win-player", "record-heading", "record-you",
    "record-computer", "record-player", "record-value", "record-trace", "page-title",
    "page-new", "page-two", "page-computer", "page-you-first",
    "page-computer-first", "page-hint", "page-undo", "page-go",
    "page-keys", "page-values", "page-log", NULL};

_Static_assert(sizeof word_sections / sizeof *word_sections ==
                   W_NSECTIONS + 1,
               "one name for every section of the play wording");
_Static_assert(W_NSECTIONS <= SG_TPL_MAX_SECTIONS,
               "the play wording fits in a template");

enum {
    V_GAME, V_POSITION, V_FROM, V_TO, V_GIVEN, V_HEAP, V_PART, V_AMOUNT,
    V_TARGET, V_LIST, V_XOR, V_NIMSUM, V_REASON, V_VALUE, V_MOVE, V_BEST,
    V_PWORD, V_NWORD, V_RULE, V_DETAIL, V_EXAMPLE, V_N, V_PLAYER, V_NVARS
};

static const char *const word_vars[] = {
    "game", "position", "from", "to", "given", "heap", "part", "amount",
    "target", "list", "xor", "nimsum", "reason", "value", "move", "best",
    "pword", "nword", "rule", "detail", "example", "n", "player", NULL};

_Static_assert(sizeof word_vars / sizeof *word_vars == V_NVARS + 1,
               "one name for every placeholder of the play wording");

/* Built in, never a user's file: every placeholder may appear anywhere. */
static uint64_t word_allowed[W_NSECTIONS];
static const char *const no_settings[] = {NULL};
static const sg_tpl_schema word_schema = {"play wording", word_sections,
                                          word_vars, word_allowed,
                                          no_settings};

/* ------------------------------------------------------------------------ */
/* Positions and their moves                                                */
/* ------------------------------------------------------------------------ */

typedef struct play_pos {
    uint64_t *p;
    size_t n;
} play_pos;

/* One move of a position: it changes part PART, taking AMOUNT (0 in games
 * without amounts) and leaving the position TO. */
typedef struct play_move {
    size_t part;
    uint64_t amount;
    play_pos to;
    size_t left_at, nleft; /* the parts it puts in PART's place: to.p[left_at
                              .. left_at + nleft) */
} play_move;

typedef struct move_list {
    play_move *m;
    size_t n, cap;
} move_list;

/* One move made: who made it, and the position it left. */
typedef struct made {
    int player;
    play_pos to;
} made;

/* The remaining length of the game from a position, memoized on its parts
 * sorted. */
typedef struct length_memo {
    uint64_t *keys;   /* every key's parts, one after another */
    size_t nkeys, keys_cap;
    struct length_slot {
        size_t at, n; /* the key: keys[at .. at + n) */
        int64_t length;
        bool used;
    } *slots;
    size_t nslots, count;
    bool full;        /* the bound was reached: the search gave up */
} length_memo;

struct sg_play {
    const sg_game *game;
    sg_play_opts opts;
    char lang[8];
    sg_template *words;
    char *title;
    sg_lookup *lookup;
    sg_misere *misere;
    sg_ctx *quiet;       /* for messages that become words: a typed part
                            that is no position, a search that gave up */
    bool drop_zeros;     /* heaps of 0 leave the position (moves split) */
    sg_moves scratch;    /* the game's moves of one part */
    made *hist;          /* hist[0]: the start, by nobody */
    size_t nhist, hist_cap;
    char **names;        /* the name of each position of hist */
    unsigned hint_level; /* hints given since the last move */
    int winner;
    length_memo memo;
    sg_play_event *ev;
    size_t nev, ev_cap;
    char **strings;      /* the events' texts, freed at the next call */
    size_t nstrings, strings_cap;
    char *prompt;
};

static void pos_free(play_pos *q)
{
    free(q->p);
    q->p = NULL;
    q->n = 0;
}

static void moves_free(move_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        pos_free(&l->m[i].to);
    free(l->m);
    l->m = NULL;
    l->n = l->cap = 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The parts of Q sorted, without the zeros of a game of heaps, into a new
 * array *OUT of *N; false when out of memory. */
static bool canonical(const sg_play *pl, const uint64_t *p, size_t n,
                      uint64_t **out, size_t *count)
{
    uint64_t *c = malloc((n ? n : 1) * sizeof *c);
    if (!c)
        return false;
    size_t k = 0;
    bool heaps = sg_game_numbered(pl->game);
    for (size_t i = 0; i < n; i++)
        if (!heaps || p[i] != 0)
            c[k++] = p[i];
    qsort(c, k, sizeof *c, cmp_u64);
    *out = c;
    *count = k;
    return true;
}

static bool same_multiset(const sg_play *pl, const uint64_t *a, size_t na,
                          const uint64_t *b, size_t nb, bool *same)
{
    uint64_t *ca, *cb;
    size_t ka, kb;
    if (!canonical(pl, a, na, &ca, &ka))
        return false;
    if (!canonical(pl, b, nb, &cb, &kb)) {
        free(ca);
        return false;
    }
    *same = ka == kb && (ka == 0 || memcmp(ca, cb, ka * sizeof *ca) == 0);
    free(ca);
    free(cb);
    return true;
}

/* Lists every move of Q into OUT (emptied first): part by part, a part
 * equal to an earlier one skipped (its moves lead to the same positions),
 * each part's moves in the order the game lists them. */
static sg_status list_moves(sg_ctx *ctx, sg_play *pl, const uint64_t *p,
                            size_t n, move_list *out)
{
    for (size_t i = 0; i < out->n; i++)
        pos_free(&out->m[i].to);
    out->n = 0;
    const sg_game *g = pl->game;
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = p[j] == p[i];
        if (seen)
            continue;
        sg_moves_clear(&pl->scratch);
        g->ops->moves(g, p[i], &pl->scratch);
        const sg_moves *ms = &pl->scratch;
        for (size_t j = 0; j < ms->n; j++) {
            const uint64_t *left = &ms->targets[j];
            size_t k = 1;
            if (ms->part_start) {
                left = &ms->parts[ms->part_start[j]];
                k = ms->part_start[j + 1] - ms->part_start[j];
            }
            if (out->n == out->cap) {
                size_t cap = out->cap ? 2 * out->cap : 16;
                play_move *m = sg_grow(ctx, out->m, cap, sizeof *m);
                if (!m)
                    return ctx->status;
                out->m = m;
                out->cap = cap;
            }
            play_move *mv = &out->m[out->n];
            uint64_t *q = sg_alloc_raw(ctx, n + k, sizeof *q);
            if (!q)
                return ctx->status;
            size_t c = 0;
            for (size_t a = 0; a < i; a++)
                q[c++] = p[a];
            size_t at = c;
            for (size_t a = 0; a < k; a++)
                if (!pl->drop_zeros || left[a] != 0)
                    q[c++] = left[a];
            size_t nleft = c - at;
            for (size_t a = i + 1; a < n; a++)
                q[c++] = p[a];
            mv->part = i;
            mv->amount = g->ops->takes_amounts && ms->amounts ? ms->amounts[j]
                                                              : 0;
            mv->to = (play_pos){q, c};
            mv->left_at = at;
            mv->nleft = nleft;
            out->n++;
        }
    }
    return SG_OK;
}

static sg_value nim_value(const sg_play *pl, const uint64_t *p, size_t n)
{
    sg_value v = 0;
    for (size_t i = 0; i < n; i++)
        v ^= sg_lookup_get(pl->lookup, p[i]);
    return v;
}

/* Whether the player to move from P loses with best play: *LOSES, and in
 * misère play the solver's answer *ANSWER (may be NULL). */
static sg_status outcome(sg_ctx *ctx, sg_play *pl, const uint64_t *p,
                         size_t n, bool *loses, sg_misere_answer *answer)
{
    if (!pl->opts.misere) {
        *loses = nim_value(pl, p, n) == 0;
        return SG_OK;
    }
    sg_misere_answer a;
    if (!answer)
        answer = &a;
    memset(answer, 0, sizeof *answer);
    uint64_t *c;
    size_t k;
    if (!canonical(pl, p, n, &c, &k))
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    sg_status st = SG_OK;
    if (k == 0) {
        /* Nothing left to move: in misère play the player to move has
         * won, since the other made the last move. */
        answer->first_player_wins = 1;
        answer->rule = sg_game_numbered(pl->game) ? SG_MISERE_BY_NIM
                                                  : SG_MISERE_BY_SEARCH;
    } else {
        st = sg_misere_solve(ctx, pl->misere, c, k, 0, answer);
    }
    free(c);
    *loses = !answer->first_player_wins;
    return st;
}

/* The name of a position: its parts' names joined by +, or "0" for a game
 * of heaps with none left.  A new string, or NULL when out of memory. */
static char *pos_name(const sg_play *pl, const uint64_t *p, size_t n)
{
    sg_buf b;
    sg_buf_init(&b);
    char tmp[32];
    for (size_t i = 0; i < n; i++) {
        if (i)
            sg_buf_putc(&b, '+');
        sg_buf_puts(&b, sg_game_position_name(pl->game, p[i], tmp,
                                              sizeof tmp));
    }
    if (n == 0)
        sg_buf_putc(&b, '0');
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* ------------------------------------------------------------------------ */
/* The length of the game                                                   */
/* ------------------------------------------------------------------------ */

static uint64_t hash_key(const uint64_t *k, size_t n)
{
    uint64_t h = UINT64_C(1469598103934665603) ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= k[i];
        h *= UINT64_C(1099511628211);
        h ^= h >> 29;
    }
    return h;
}

static struct length_slot *memo_find(length_memo *m, const uint64_t *k,
                                     size_t n)
{
    if (!m->nslots)
        return NULL;
    size_t mask = m->nslots - 1;
    for (size_t i = (size_t)hash_key(k, n) & mask;; i = (i + 1) & mask) {
        struct length_slot *s = &m->slots[i];
        if (!s->used)
            return s;
        if (s->n == n && memcmp(&m->keys[s->at], k, n * sizeof *k) == 0)
            return s;
    }
}

/* Keeps LENGTH for the key K[0..n).  False when out of memory. */
static bool memo_put(length_memo *m, const uint64_t *k, size_t n,
                     int64_t length)
{
    if (2 * (m->count + 1) > m->nslots) {
        size_t ns = m->nslots ? 2 * m->nslots : 256;
        struct length_slot *old = m->slots;
        size_t on = m->nslots;
        m->slots = calloc(ns, sizeof *m->slots);
        if (!m->slots) {
            m->slots = old;
            return false;
        }
        m->nslots = ns;
        for (size_t i = 0; i < on; i++)
            if (old[i].used)
                *memo_find(m, &m->keys[old[i].at], old[i].n) = old[i];
        free(old);
    }
    if (m->nkeys + n > m->keys_cap) {
        size_t cap = m->keys_cap ? m->keys_cap : 1024;
        while (cap < m->nkeys + n)
            cap *= 2;
        uint64_t *keys = realloc(m->keys, cap * sizeof *keys);
        if (!keys)
            return false;
        m->keys = keys;
        m->keys_cap = cap;
    }
    memcpy(&m->keys[m->nkeys], k, n * sizeof *k);
    struct length_slot *s = memo_find(m, k, n);
    *s = (struct length_slot){m->nkeys, n, length, true};
    m->nkeys += n;
    m->count++;
    return true;
}

/* The number of moves left from P when the player who wins from there
 * wins as soon as possible and the other holds out as long as possible:
 * 0 without a move; from a position the player to move wins, one more
 * than the least over the moves to losing positions; from a losing one,
 * one more than the most over every move.  -1 when the positions are more
 * than the search examines (or a misère search or memory fails): the
 * caller then falls back on another rule. */
static int64_t game_length(sg_play *pl, const uint64_t *p, size_t n)
{
    length_memo *m = &pl->memo;
    if (m->full)
        return -1;
    uint64_t *c;
    size_t k;
    if (!canonical(pl, p, n, &c, &k))
        return -1;
    struct length_slot *s = memo_find(m, c, k);
    if (s && s->used) {
        free(c);
        return s->length;
    }
    if (m->count >= PLAY_LENGTH_MAX_STATES) {
        m->full = true;
        free(c);
        return -1;
    }
    int64_t result = -1;
    move_list ml = {0};
    bool loses;
    if (list_moves(pl->quiet, pl, c, k, &ml) != SG_OK ||
        outcome(pl->quiet, pl, c, k, &loses, NULL) != SG_OK)
        goto fail;
    if (ml.n == 0) {
        result = 0;
    } else {
        int64_t best = -1;
        for (size_t i = 0; i < ml.n; i++) {
            bool to_loses;
            if (!loses && (outcome(pl->quiet, pl, ml.m[i].to.p, ml.m[i].to.n,
                                   &to_loses, NULL) != SG_OK))
                goto fail;
            if (!loses && !to_loses)
                continue;
            int64_t l = game_length(pl, ml.m[i].to.p, ml.m[i].to.n);
            if (l < 0)
                goto fail;
            if (best < 0 || (loses ? l > best : l < best))
                best = l;
        }
        if (best < 0)
            goto fail;
        result = best + 1;
    }
    if (!memo_put(m, c, k, result))
        result = -1;
fail:
    if (result < 0)
        m->full = true;
    moves_free(&ml);
    free(c);
    return result;
}

/* ------------------------------------------------------------------------ */
/* Saying things                                                            */
/* ------------------------------------------------------------------------ */

/* Section ID with VARS into B. */
static void say(const sg_play *pl, int id, const char *const vars[V_NVARS],
                sg_buf *b)
{
    sg_tpl_say(b, pl->words, id, vars);
}

/* Section ID with VARS as a new string (NULL when out of memory). */
static char *said(const sg_play *pl, int id, const char *const vars[V_NVARS])
{
    sg_buf b;
    sg_buf_init(&b);
    say(pl, id, vars, &b);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* The list "sg(3) = 3, sg(4) = 4" of P's parts and the chain "3 xor 4"
 * of their values, into LIST and XOR (either may be NULL).  A long sum's
 * chain stops after its first 16 values. */
static void values_text(const sg_play *pl, const uint64_t *p, size_t n,
                        sg_buf *list, sg_buf *xor, bool bare)
{
    char tmp[32];
    for (size_t i = 0; i < n; i++) {
        sg_value v = sg_lookup_get(pl->lookup, p[i]);
        if (list) {
            if (i)
                sg_buf_puts(list, ", ");
            if (!bare)
                sg_buf_printf(list, "sg(%s) = ",
                              sg_game_position_name(pl->game, p[i], tmp,
                                                    sizeof tmp));
            sg_buf_u64(list, v);
        }
        if (xor && i < 16) {
            if (i)
                sg_buf_puts(xor, " xor ");
            sg_buf_u64(xor, v);
        } else if (xor && i == 16) {
            sg_buf_puts(xor, " xor ...");
        }
    }
    if (list && n == 0)
        sg_buf_putc(list, '0');
    if (xor && n == 0)
        sg_buf_putc(xor, '0');
    if (list)
        sg_buf_putc(list, '\0');
    if (xor)
        sg_buf_putc(xor, '\0');
}

static int rule_section(sg_misere_rule rule)
{
    switch (rule) {
    case SG_MISERE_BY_NIM: return W_RULE_NIM;
    case SG_MISERE_BY_TAME: return W_RULE_TAME;
    case SG_MISERE_BY_QUOTIENT: return W_RULE_QUOTIENT;
    case SG_MISERE_BY_SEARCH: break;
    }
    return W_RULE_SEARCH;
}

/* What the values say of P, as a clause: its nim-sum, or in misère play
 * whether it is a misère P- or N-position, and by which rule.  A new
 * string, or NULL when out of memory or (recorded) when the solver fails. */
static char *reason_of(sg_ctx *ctx, sg_play *pl, const uint64_t *p, size_t n)
{
    char *name = pos_name(pl, p, n);
    sg_buf list, xor;
    sg_buf_init(&list);
    sg_buf_init(&xor);
    char nimsum[24];
    sg_u64_to_str(nim_value(pl, p, n), nimsum);
    char *out = NULL;
    if (!name)
        goto done;
    if (!pl->opts.misere) {
        bool bare = sg_game_numbered(pl->game);
        for (size_t i = 0; i < n && bare; i++)
            bare = sg_lookup_get(pl->lookup, p[i]) == p[i];
        values_text(pl, p, n, &list, &xor, true);
        if (list.failed || xor.failed)
            goto done;
        const char *vars[V_NVARS] = {[V_POSITION] = name, [V_LIST] = list.data,
                                     [V_XOR] = xor.data, [V_NIMSUM] = nimsum};
        out = said(pl, n <= 1 ? W_ONE : bare ? W_SUM : W_SUM_VALUES, vars);
        goto done;
    }
    bool loses;
    sg_misere_answer a;
    if (outcome(ctx, pl, p, n, &loses, &a) != SG_OK)
        goto done;
    char *rule = said(pl, rule_section(a.rule), (const char *[V_NVARS]){0});
    char *detail = NULL;
    if (rule && (a.rule == SG_MISERE_BY_NIM || a.rule == SG_MISERE_BY_TAME)) {
        values_text(pl, p, n, NULL, &xor, true);
        char ones[24];
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            k += sg_lookup_get(pl->lookup, p[i]) == 1;
        sg_u64_to_str(k, ones);
        const char *vars[V_NVARS] = {[V_XOR] = xor.data, [V_NIMSUM] = nimsum,
                                     [V_N] = ones};
        if (!xor.failed)
            detail = said(pl, a.large ? W_DETAIL_LARGE : W_DETAIL_SMALL, vars);
    }
    if (rule) {
        const char *vars[V_NVARS] = {[V_POSITION] = name, [V_RULE] = rule,
                                     [V_DETAIL] = detail};
        out = said(pl, loses ? W_MISERE_IS_P : W_MISERE_IS_N, vars);
    }
    free(rule);
    free(detail);
done:
    if (!out && sg_ctx_status(ctx) == SG_OK)
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    sg_buf_free(&list);
    sg_buf_free(&xor);
    free(name);
    return out;
}

/* Makes the clause S about the position NAME start a sentence: a capital
 * for a clause that starts with a word of the wording ("by misère Nim's
 * rule"), never for one that starts with the position's own name. */
static void start_sentence(char *s, const char *name)
{
    if (s && (!name || strncmp(s, name, strlen(name)) != 0) && s[0] >= 'a' &&
        s[0] <= 'z')
        s[0] = (char)(s[0] - 'a' + 'A');
}

/* The move MV from P in words: "taking 2 from the 3". */
static char *move_words(const sg_play *pl, const uint64_t *p,
                        const play_move *mv)
{
    char heap[32], amount[24];
    const char *h = sg_game_position_name(pl->game, p[mv->part], heap,
                                          sizeof heap);
    sg_u64_to_str(mv->amount, amount);
    char *target = pos_name(pl, mv->to.p + mv->left_at, mv->nleft);
    if (!target)
        return NULL;
    const char *vars[V_NVARS] = {[V_HEAP] = h, [V_AMOUNT] = amount,
                                 [V_TARGET] = target};
    int id = !pl->game->ops->takes_amounts ? W_MOVE_TO
             : mv->amount ? W_TAKE : W_SPLIT;
    char *out = said(pl, id, vars);
    free(target);
    return out;
}

/* The part P[i] named in words: "heap of 3", "position a". */
static char *part_words(const sg_play *pl, const uint64_t *p, size_t i)
{
    char tmp[32];
    const char *vars[V_NVARS] = {
        [V_HEAP] = sg_game_position_name(pl->game, p[i], tmp, sizeof tmp)};
    return said(pl, sg_game_numbered(pl->game) ? W_HEAP : W_NODE, vars);
}

/* The move the computer makes from P, whose moves ML lists: the first to
 * a losing position for the player to move then, or, when there is none,
 * the one that keeps the game longest (*LENGTH its length, or -1 when the
 * search gave up and the move leaving the most was chosen).  *INDEX
 * receives the move, *WINS whether it wins. */
static sg_status choose(sg_ctx *ctx, sg_play *pl, const move_list *ml,
                        size_t *index, bool *wins, int64_t *length)
{
    *index = 0;
    *wins = false;
    *length = -1;
    for (size_t i = 0; i < ml->n; i++) {
        bool loses;
        if (outcome(ctx, pl, ml->m[i].to.p, ml->m[i].to.n, &loses, NULL) !=
            SG_OK)
            return ctx->status;
        if (loses) {
            *index = i;
            *wins = true;
            return SG_OK;
        }
    }
    int64_t best = -1;
    for (size_t i = 0; i < ml->n; i++) {
        int64_t l = game_length(pl, ml->m[i].to.p, ml->m[i].to.n);
        if (l < 0) {
            best = -1;
            break;
        }
        if (l > best) {
            best = l;
            *index = i;
        }
    }
    sg_ctx_clear(pl->quiet);
    if (best >= 0) {
        *length = best;
        return SG_OK;
    }
    /* Too many positions to search: the move that leaves the most, the
     * sum of the parts' numbers (heap sizes; a DAG's positions are
     * numbered so that every move lowers the number). */
    long double most = -1;
    for (size_t i = 0; i < ml->n; i++) {
        long double s = 0;
        for (size_t j = 0; j < ml->m[i].to.n; j++)
            s += (long double)ml->m[i].to.p[j];
        if (s > most) {
            most = s;
            *index = i;
        }
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Events                                                                   */
/* ------------------------------------------------------------------------ */

/* Keeps S (a new string, or NULL after a failed allocation) among the
 * texts of the events, to be freed at the next call.  Returns S, or NULL
 * after recording SG_ENOMEM. */
static const char *keep(sg_ctx *ctx, sg_play *pl, char *s)
{
    if (!s) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    if (pl->nstrings == pl->strings_cap) {
        size_t cap = pl->strings_cap ? 2 * pl->strings_cap : 16;
        char **a = sg_grow(ctx, pl->strings, cap, sizeof *a);
        if (!a) {
            free(s);
            return NULL;
        }
        pl->strings = a;
        pl->strings_cap = cap;
    }
    pl->strings[pl->nstrings++] = s;
    return s;
}

static sg_play_event *add_event(sg_ctx *ctx, sg_play *pl,
                                sg_play_event_kind kind)
{
    if (pl->nev == pl->ev_cap) {
        size_t cap = pl->ev_cap ? 2 * pl->ev_cap : 8;
        sg_play_event *e = sg_grow(ctx, pl->ev, cap, sizeof *e);
        if (!e)
            return NULL;
        pl->ev = e;
        pl->ev_cap = cap;
    }
    sg_play_event *e = &pl->ev[pl->nev++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->player = -1;
    return e;
}

/* Adds an event of KIND whose text is S (a new string, or NULL). */
static sg_status note(sg_ctx *ctx, sg_play *pl, sg_play_event_kind kind,
                      char *s, const char *given)
{
    const char *t = keep(ctx, pl, s);
    sg_play_event *e = t ? add_event(ctx, pl, kind) : NULL;
    if (!e)
        return ctx->status;
    e->text = t;
    e->given = given;
    return SG_OK;
}

static void clear_events(sg_play *pl)
{
    for (size_t i = 0; i < pl->nstrings; i++)
        free(pl->strings[i]);
    pl->nstrings = 0;
    pl->nev = 0;
}

/* ------------------------------------------------------------------------ */
/* The game                                                                 */
/* ------------------------------------------------------------------------ */

static const play_pos *current(const sg_play *pl)
{
    return &pl->hist[pl->nhist - 1].to;
}

static int mover(const sg_play *pl)
{
    /* Moves alternate, so who moves follows from the number made. */
    int first = pl->opts.computer_first && !pl->opts.two_players
                    ? SG_PLAY_COMPUTER
                    : SG_PLAY_YOU;
    return (int)((size_t)first ^ ((pl->nhist - 1) & 1));
}

static sg_status push(sg_ctx *ctx, sg_play *pl, int player,
                      const uint64_t *p, size_t n)
{
    if (pl->nhist == pl->hist_cap) {
        size_t cap = pl->hist_cap ? 2 * pl->hist_cap : 16;
        made *h = sg_grow(ctx, pl->hist, cap, sizeof *h);
        if (!h)
            return ctx->status;
        pl->hist = h;
        char **names = sg_grow(ctx, pl->names, cap, sizeof *names);
        if (!names)
            return ctx->status;
        pl->names = names;
        pl->hist_cap = cap;
    }
    uint64_t *q = sg_alloc_raw(ctx, n ? n : 1, sizeof *q);
    char *name = q ? pos_name(pl, p, n) : NULL;
    if (!name) {
        free(q);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    if (n)
        memcpy(q, p, n * sizeof *q);
    pl->hist[pl->nhist] = (made){player, {q, n}};
    pl->names[pl->nhist] = name;
    pl->nhist++;
    return SG_OK;
}

static void pop(sg_play *pl)
{
    pl->nhist--;
    pos_free(&pl->hist[pl->nhist].to);
    free(pl->names[pl->nhist]);
}

sg_status sg_play_first_parse(sg_ctx *ctx, const char *word,
                              const char *origin, int *computer_first)
{
    static const char *const names[] = {"you", "computer", NULL};
    int i = sg_pick_name(ctx, word, names, origin, "player");
    if (i < 0)
        return ctx->status;
    *computer_first = i == 1;
    return SG_OK;
}

sg_play *sg_play_new(sg_ctx *ctx, const sg_game *game, const uint64_t *parts,
                     size_t n, const sg_play_opts *opts)
{
    for (size_t i = 0; i < W_NSECTIONS; i++)
        word_allowed[i] = (UINT64_C(1) << V_NVARS) - 1;
    sg_play_opts o = {0};
    if (opts && sg_opts_take(ctx, &o, sizeof o, opts,
                             SG_OPTS_V0(sg_play_opts, search_limit),
                             "sg_play_opts") != SG_OK)
        return NULL;
    const char *lang = o.lang ? o.lang : "en";
    char file[64];
    snprintf(file, sizeof file, "play/%s.text", lang);
    size_t len;
    if (strlen(lang) >= 8 || !sg_builtin_file(file, &len)) {
        sg_fail_language(ctx, lang);
        return NULL;
    }
    if (n == 0 || n > SG_POSITION_MAX_PARTS) {
        sg_ctx_fail(ctx, SG_EINPUT, "a game starts from 1 to %d parts, not "
                    "%zu", SG_POSITION_MAX_PARTS, n);
        return NULL;
    }
    uint64_t largest = 0;
    double most = 0;
    uint64_t count = sg_game_position_count(game);
    for (size_t i = 0; i < n; i++) {
        if (sg_game_is_finite(game) && parts[i] >= count) {
            sg_ctx_fail(ctx, SG_EINPUT, "position %llu is not one of the "
                        "game's %llu", (unsigned long long)parts[i],
                        (unsigned long long)count);
            return NULL;
        }
        if (parts[i] > largest)
            largest = parts[i];
    }
    for (size_t i = 0; i < n; i++)
        most += (double)sg_game_max_moves(game, parts[i]);
    char shown[96];
    if (most > (double)PLAY_MAX_MOVES) {
        sg_play tmp = {.game = game};
        char *name = pos_name(&tmp, parts, n);
        sg_ctx_fail(ctx, SG_ELIMIT, "%s has about %.0f moves; a game played "
                    "move by move lists at most %llu (choose smaller heaps)",
                    name ? sg_quote(name, strlen(name), shown, sizeof shown)
                         : "the position", most,
                    (unsigned long long)PLAY_MAX_MOVES);
        free(name);
        return NULL;
    }
    sg_play *pl = sg_alloc(ctx, 1, sizeof *pl);
    if (!pl)
        return NULL;
    pl->game = game;
    pl->opts = o;
    snprintf(pl->lang, sizeof pl->lang, "%s", lang);
    pl->opts.lang = pl->lang;
    pl->winner = -1;
    pl->drop_zeros = sg_game_numbered(game) && game->ops->max_parts > 1;
    sg_buf tb;
    sg_buf_init(&tb);
    sg_describe_add(&tb, sg_game_describe(game), lang);
    sg_buf_putc(&tb, '\0');
    pl->title = tb.failed ? NULL : tb.data;
    if (!pl->title)
        sg_buf_free(&tb);
    pl->words = sg_tpl_builtin(ctx, &word_schema, file);
    pl->quiet = sg_ctx_new();
    size_t cap = (size_t)sg_game_max_moves(game, largest) + 1;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    pl->scratch = (sg_moves){0, sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                             sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                             pcap ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t))
                                  : NULL,
                             pcap ? sg_alloc_raw(ctx, pcap, sizeof(uint64_t))
                                  : NULL};
    if (!pl->title || !pl->words || !pl->quiet || !pl->scratch.amounts ||
        !pl->scratch.targets ||
        (pcap && (!pl->scratch.part_start || !pl->scratch.parts))) {
        if (sg_ctx_status(ctx) == SG_OK)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        sg_play_free(pl);
        return NULL;
    }
    pl->lookup = sg_lookup_new(ctx, game, largest);
    if (!pl->lookup || push(ctx, pl, -1, parts, n) != SG_OK) {
        sg_play_free(pl);
        return NULL;
    }
    if (o.misere) {
        bool loses;
        pl->misere = sg_misere_new(ctx, game, o.search_limit);
        if (!pl->misere ||
            outcome(ctx, pl, parts, n, &loses, NULL) != SG_OK) {
            sg_play_free(pl);
            return NULL;
        }
    }
    return pl;
}

void sg_play_free(sg_play *pl)
{
    if (!pl)
        return;
    clear_events(pl);
    free(pl->strings);
    free(pl->ev);
    while (pl->nhist)
        pop(pl);
    free(pl->hist);
    free(pl->names);
    free(pl->memo.keys);
    free(pl->memo.slots);
    free(pl->scratch.amounts);
    free(pl->scratch.targets);
    free(pl->scratch.part_start);
    free(pl->scratch.parts);
    sg_misere_free(pl->misere);
    sg_lookup_free(pl->lookup);
    sg_ctx_free(pl->quiet);
    sg_template_free(pl->words);
    free(pl->title);
    free(pl->prompt);
    free(pl);
}

/* The words for a P- and an N-position. */
static int pword_id(const sg_play *pl)
{
    return pl->opts.misere ? W_P_MISERE : W_P_NORMAL;
}

static int nword_id(const sg_play *pl)
{
    return pl->opts.misere ? W_N_MISERE : W_N_NORMAL;
}

static const char *const no_vars[V_NVARS];

/* Adds the event of the end when no move is left from the position. */
static sg_status check_end(sg_ctx *ctx, sg_play *pl, const move_list *ml)
{
    if (ml->n)
        return SG_OK;
    /* The player to move cannot: in normal play the other wins, in
     * misère play the player to move does. */
    int stuck = mover(pl);
    int winner = pl->opts.misere ? stuck : !stuck;
    pl->winner = winner;
    char num[12];
    snprintf(num, sizeof num, "%d", winner + 1);
    const char *vars[V_NVARS] = {[V_POSITION] = pl->names[pl->nhist - 1],
                                 [V_PLAYER] = num};
    sg_buf b;
    sg_buf_init(&b);
    say(pl, W_END, vars, &b);
    if (pl->opts.misere) {
        sg_buf_putc(&b, ' ');
        say(pl, W_END_MISERE, vars, &b);
    }
    sg_buf_putc(&b, ' ');
    say(pl, pl->opts.two_players ? W_WIN_PLAYER
            : winner == SG_PLAY_YOU ? W_WIN_YOU : W_WIN_COMPUTER,
        vars, &b);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        b.data = NULL;
    }
    const char *t = keep(ctx, pl, b.data);
    sg_play_event *e = t ? add_event(ctx, pl, SG_PLAY_END) : NULL;
    if (!e)
        return ctx->status;
    e->player = winner;
    e->text = t;
    e->to = pl->names[pl->nhist - 1];
    return SG_OK;
}

/* Makes move ML->m[I] for the player to move, with the words WHY (a new
 * string), and adds its event; then the end, when no move is left. */
static sg_status make_move(sg_ctx *ctx, sg_play *pl, const move_list *ml,
                           size_t i, char *why)
{
    const char *t = keep(ctx, pl, why);
    if (!t)
        return ctx->status;
    int player = mover(pl);
    const play_move *mv = &ml->m[i];
    bool loses;
    if (outcome(ctx, pl, mv->to.p, mv->to.n, &loses, NULL) != SG_OK ||
        push(ctx, pl, player, mv->to.p, mv->to.n) != SG_OK)
        return ctx->status;
    pl->hint_level = 0;
    sg_play_event *e = add_event(ctx, pl, SG_PLAY_MOVE);
    if (!e)
        return ctx->status;
    e->player = player;
    e->from = pl->names[pl->nhist - 2];
    e->to = pl->names[pl->nhist - 1];
    e->value = nim_value(pl, mv->to.p, mv->to.n);
    e->p_position = loses;
    e->text = t;
    char num[12];
    snprintf(num, sizeof num, "%d", player + 1);
    const char *vars[V_NVARS] = {[V_FROM] = e->from, [V_TO] = e->to,
                                 [V_PLAYER] = num};
    e->head = keep(ctx, pl, said(pl, pl->opts.two_players ? W_PLAYER_MOVED
                                     : player == SG_PLAY_YOU ? W_YOU_MOVED
                                                             : W_COMPUTER_MOVED,
                                 vars));
    if (!e->head)
        return ctx->status;
    move_list next = {0};
    sg_status st = list_moves(ctx, pl, mv->to.p, mv->to.n, &next);
    if (st == SG_OK)
        st = check_end(ctx, pl, &next);
    moves_free(&next);
    return st;
}

/* The computer's words for its move ML->m[I] from P, which WINS or keeps
 * the game LENGTH moves long (-1: unknown). */
static char *computer_words(sg_ctx *ctx, sg_play *pl, const uint64_t *p,
                            size_t n, const move_list *ml, size_t i,
                            bool wins, int64_t length)
{
    char *reason = reason_of(ctx, pl, p, n);
    char *move = reason ? move_words(pl, p, &ml->m[i]) : NULL;
    char *to = move ? pos_name(pl, ml->m[i].to.p, ml->m[i].to.n) : NULL;
    char *pword = said(pl, pword_id(pl), no_vars);
    char *nword = said(pl, nword_id(pl), no_vars);
    char *out = NULL;
    char len_text[24];
    sg_u64_to_str(length < 0 ? 0 : (uint64_t)length, len_text);
    if (to && pword && nword) {
        /* A sentence starts with a capital: the clause about the position
         * starts with its name or a lower-case word ("by misère ..."). */
        char *name = pos_name(pl, p, n);
        start_sentence(reason, name);
        free(name);
        if (!wins)
            start_sentence(move, NULL);
        const char *vars[V_NVARS] = {[V_REASON] = reason, [V_MOVE] = move,
                                     [V_TO] = to, [V_PWORD] = pword,
                                     [V_NWORD] = nword, [V_N] = len_text};
        out = said(pl, wins ? W_COMPUTER_WINS
                       : length >= 0 ? W_COMPUTER_LOSES_N : W_COMPUTER_LOSES,
                   vars);
    }
    free(reason);
    free(move);
    free(to);
    free(pword);
    free(nword);
    return out;
}

static sg_status computer_move(sg_ctx *ctx, sg_play *pl)
{
    const play_pos *cur = current(pl);
    move_list ml = {0};
    size_t i;
    bool wins;
    int64_t length;
    sg_status st = list_moves(ctx, pl, cur->p, cur->n, &ml);
    if (st == SG_OK && ml.n)
        st = choose(ctx, pl, &ml, &i, &wins, &length);
    if (st == SG_OK && ml.n) {
        char *why = computer_words(ctx, pl, cur->p, cur->n, &ml, i, wins,
                                   length);
        st = why ? make_move(ctx, pl, &ml, i, why) : ctx->status;
        if (!why && st == SG_OK)
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    moves_free(&ml);
    return st;
}

/* Lets the computer move while it is its turn and the game goes on. */
static sg_status computer_turns(sg_ctx *ctx, sg_play *pl)
{
    while (pl->winner < 0 && !pl->opts.two_players &&
           mover(pl) == SG_PLAY_COMPUTER)
        if (computer_move(ctx, pl) != SG_OK)
            return ctx->status;
    return SG_OK;
}

sg_status sg_play_start(sg_ctx *ctx, sg_play *pl)
{
    clear_events(pl);
    const char *vars[V_NVARS] = {[V_GAME] = pl->title,
                                 [V_POSITION] = pl->names[0]};
    int id = pl->opts.two_players ? W_START_TWO
             : pl->opts.computer_first ? W_START_COMPUTER : W_START_YOU;
    if (note(ctx, pl, SG_PLAY_SAY, said(pl, id, vars), NULL) != SG_OK)
        return ctx->status;
    int howto = pl->game->ops->takes_amounts ? W_HOWTO : W_HOWTO_POSITIONS;
    if (note(ctx, pl, SG_PLAY_SAY, said(pl, howto, vars), NULL) != SG_OK)
        return ctx->status;
    if (pl->opts.misere) {
        bool loses;
        sg_misere_answer a;
        const play_pos *s = &pl->hist[0].to;
        if (outcome(ctx, pl, s->p, s->n, &loses, &a) != SG_OK)
            return ctx->status;
        char *rule = said(pl, rule_section(a.rule), no_vars);
        const char *rv[V_NVARS] = {[V_RULE] = rule};
        sg_status st = rule ? note(ctx, pl, SG_PLAY_SAY,
                                   said(pl, W_MISERE, rv), NULL)
                            : sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        free(rule);
        if (st != SG_OK)
            return st;
    }
    move_list ml = {0};
    sg_status st = list_moves(ctx, pl, current(pl)->p, current(pl)->n, &ml);
    if (st == SG_OK)
        st = check_end(ctx, pl, &ml);
    moves_free(&ml);
    if (st == SG_OK)
        st = computer_turns(ctx, pl);
    return st;
}

/* ---- Reading a move ----------------------------------------------------- */

/* Splits TEXT[0..len) at '+' and reads each part, spaces around it
 * allowed, into a new array *OUT of *N positions.  A part that is no
 * position leaves its message in PL->quiet and returns false (*OUT NULL). */
static bool read_parts(sg_play *pl, const char *text, size_t len,
                       uint64_t **out, size_t *n)
{
    size_t count = 1;
    for (size_t i = 0; i < len; i++)
        count += text[i] == '+';
    *out = NULL;
    *n = 0;
    sg_ctx_clear(pl->quiet);
    if (count > SG_PLAY_MAX_TYPED_PARTS) {
        sg_ctx_fail(pl->quiet, SG_EINPUT, SG_PLAY_MSG_TOO_MANY_PARTS, count);
        return false;
    }
    uint64_t *p = malloc(count * sizeof *p);
    if (!p) {
        sg_ctx_fail(pl->quiet, SG_ENOMEM, "out of memory");
        return false;
    }
    const char *s = text, *end = text + len;
    for (size_t i = 0; i < count; i++) {
        const char *e = memchr(s, '+', (size_t)(end - s));
        if (!e)
            e = end;
        const char *a = s, *b = e;
        while (a < b && (*a == ' ' || *a == '\t'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        char what[32];
        snprintf(what, sizeof what, SG_PLAY_PART_ORIGIN, pl->game->ops->noun,
                 i + 1);
        if (a == b) {
            sg_ctx_fail(pl->quiet, SG_EINPUT, SG_PLAY_MSG_EMPTY_PART, what,
                        sg_play_parts_example(pl));
            free(p);
            return false;
        }
        if (sg_game_parse_position(pl->quiet, pl->game, a, (size_t)(b - a),
                                   what, true, &p[i]) != SG_OK) {
            free(p);
            return false;
        }
        s = e + 1;
    }
    *out = p;
    *n = count;
    return true;
}

/* Says why the position TYPED[0..nt), written GIVEN, is no move from P. */
static char *why_not(sg_play *pl, const uint64_t *p, size_t n,
                     const uint64_t *typed, size_t nt, const char *given)
{
    uint64_t *c, *t;
    size_t kc, kt;
    if (!canonical(pl, p, n, &c, &kc))
        return NULL;
    if (!canonical(pl, typed, nt, &t, &kt)) {
        free(c);
        return NULL;
    }
    /* The parts only the position has (R) and only the typed one has (A),
     * by a merge of the two sorted lists. */
    uint64_t *r = malloc((kc ? kc : 1) * sizeof *r);
    uint64_t *a = malloc((kt ? kt : 1) * sizeof *a);
    size_t nr = 0, na = 0;
    char *out = NULL;
    if (!r || !a)
        goto done;
    for (size_t i = 0, j = 0; i < kc || j < kt;) {
        if (j == kt || (i < kc && c[i] < t[j]))
            r[nr++] = c[i++];
        else if (i == kc || t[j] < c[i])
            a[na++] = t[j++];
        else
            i++, j++;
    }
    char *pos = pos_name(pl, p, n);
    char *target = pos_name(pl, a, na);
    char heap[32];
    const char *h = nr ? sg_game_position_name(pl->game, r[0], heap,
                                               sizeof heap) : "";
    const char *vars[V_NVARS] = {[V_GIVEN] = given, [V_POSITION] = pos,
                                 [V_GAME] = pl->title, [V_HEAP] = h,
                                 [V_TARGET] = target};
    bool heaps = sg_game_numbered(pl->game);
    bool split = pl->game->ops->max_parts > 1;
    int id;
    if (nr == 0 && na == 0) {
        id = W_SAME;
    } else if (!heaps) {
        id = nr == 1 && na == 1 ? W_NOT_IN_GAME : W_NOT_ONE_MOVE_DAG;
    } else if (nr == 1 && (split || na <= 1)) {
        long double left = 0;
        for (size_t i = 0; i < na; i++)
            left += (long double)a[i];
        if (left >= (long double)r[0])
            id = split ? W_NOT_ONE_MOVE_SPLIT : W_NOT_ONE_MOVE;
        else
            id = W_NOT_IN_GAME;
    } else {
        id = split ? W_NOT_ONE_MOVE_SPLIT : W_NOT_ONE_MOVE;
    }
    if (pos && target)
        out = said(pl, id, vars);
    free(pos);
    free(target);
done:
    free(r);
    free(a);
    free(c);
    free(t);
    return out;
}

/* Reads "H:A", take A from the heap H, from TEXT[0..colon) and after the
 * colon.  *INDEX receives the move of ML, or the words *WHY say why it is
 * none. */
static bool read_amount(sg_play *pl, const uint64_t *p, size_t n,
                        const move_list *ml, const char *text, size_t len,
                        size_t colon, const char *given, size_t *index,
                        char **why)
{
    *why = NULL;
    const char *vars0[V_NVARS] = {[V_GIVEN] = given, [V_GAME] = pl->title};
    if (!pl->game->ops->takes_amounts) {
        *why = said(pl, W_NO_AMOUNTS, vars0);
        return false;
    }
    const char *hs = text, *he = text + colon, *as = text + colon + 1,
               *ae = text + len;
    while (hs < he && he[-1] == ' ')
        he--;
    while (as < ae && *as == ' ')
        as++;
    uint64_t h, amount;
    sg_ctx_clear(pl->quiet);
    char shown[96];
    if (sg_game_parse_position(pl->quiet, pl->game, hs, (size_t)(he - hs),
                               SG_PLAY_HEAP_ORIGIN, true, &h) != SG_OK) {
        const char *vars[V_NVARS] = {[V_GIVEN] = given,
                                     [V_REASON] = sg_ctx_message(pl->quiet)};
        *why = said(pl, W_UNREADABLE, vars);
        return false;
    }
    if (sg_parse_u64(as, (size_t)(ae - as), SG_POSITION_MAX, &amount) != 0) {
        snprintf(shown, sizeof shown, SG_PLAY_MSG_AMOUNT,
                 sg_quote(as, (size_t)(ae - as), (char[96]){0}, 96));
        const char *vars[V_NVARS] = {[V_GIVEN] = given, [V_REASON] = shown};
        *why = said(pl, W_UNREADABLE, vars);
        return false;
    }
    char heap[32], amount_text[24];
    sg_u64_to_str(h, heap);
    sg_u64_to_str(amount, amount_text);
    char *pos = pos_name(pl, p, n);
    const char *vars[V_NVARS] = {[V_GIVEN] = given, [V_POSITION] = pos,
                                 [V_HEAP] = heap, [V_AMOUNT] = amount_text,
                                 [V_GAME] = pl->title};
    size_t part = n;
    for (size_t i = 0; i < n && part == n; i++)
        if (p[i] == h)
            part = i;
    if (part == n) {
        *why = pos ? said(pl, W_NO_HEAP, vars) : NULL;
        free(pos);
        return false;
    }
    size_t found = 0;
    sg_buf list;
    sg_buf_init(&list);
    for (size_t i = 0; i < ml->n; i++) {
        const play_move *mv = &ml->m[i];
        if (mv->part != part || mv->amount != amount)
            continue;
        if (found++ == 0)
            *index = i;
        char *left = pos_name(pl, mv->to.p + mv->left_at, mv->nleft);
        if (found > 1)
            sg_buf_puts(&list, ", ");
        sg_buf_puts(&list, left ? left : "");
        free(left);
    }
    sg_buf_putc(&list, '\0');
    if (found == 1) {
        sg_buf_free(&list);
        free(pos);
        return true;
    }
    vars[V_LIST] = list.failed ? "" : list.data;
    *why = pos ? said(pl, found ? W_AMBIGUOUS : W_NO_AMOUNT, vars) : NULL;
    sg_buf_free(&list);
    free(pos);
    return false;
}

/* The words about the player's move ML->m[I] from P. */
static char *verdict(sg_ctx *ctx, sg_play *pl, const uint64_t *p, size_t n,
                     const move_list *ml, size_t i)
{
    bool from_loses, to_loses;
    if (outcome(ctx, pl, p, n, &from_loses, NULL) != SG_OK ||
        outcome(ctx, pl, ml->m[i].to.p, ml->m[i].to.n, &to_loses, NULL) !=
            SG_OK)
        return NULL;
    char *reason = reason_of(ctx, pl, p, n);
    char *value = reason ? reason_of(ctx, pl, ml->m[i].to.p, ml->m[i].to.n)
                         : NULL;
    char *pword = said(pl, pword_id(pl), no_vars);
    char *nword = said(pl, nword_id(pl), no_vars);
    char *best = NULL;
    size_t b = 0;
    bool wins = false;
    int64_t length;
    if (value && !from_loses && !to_loses &&
        choose(ctx, pl, ml, &b, &wins, &length) == SG_OK)
        best = move_words(pl, p, &ml->m[b]);
    char num[12];
    snprintf(num, sizeof num, "%d", mover(pl) + 1);
    char *out = NULL;
    if (value && pword && nword && (from_loses || to_loses || best)) {
        if (from_loses) {
            char *name = pos_name(pl, p, n);
            start_sentence(reason, name);
            free(name);
        }
        const char *vars[V_NVARS] = {[V_REASON] = reason, [V_VALUE] = value,
                                     [V_PWORD] = pword, [V_NWORD] = nword,
                                     [V_BEST] = best, [V_PLAYER] = num};
        bool two = pl->opts.two_players;
        int id = from_loses ? W_LOST_ANYWAY
                 : to_loses ? (two ? W_KEPT_TWO : W_KEPT)
                            : (two ? W_THREW_TWO : W_THREW);
        out = said(pl, id, vars);
    }
    free(reason);
    free(value);
    free(pword);
    free(nword);
    free(best);
    if (!out && sg_ctx_status(ctx) == SG_OK)
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    return out;
}

/* ---- Hints -------------------------------------------------------------- */

/* Hint STEP (1 to 4) for the position P, whose moves ML lists. */
static char *hint(sg_ctx *ctx, sg_play *pl, const uint64_t *p, size_t n,
                  const move_list *ml, unsigned step)
{
    bool loses;
    size_t b;
    bool wins;
    int64_t length;
    if (outcome(ctx, pl, p, n, &loses, NULL) != SG_OK ||
        choose(ctx, pl, ml, &b, &wins, &length) != SG_OK)
        return NULL;
    const play_move *mv = &ml->m[b];
    char *out = NULL;
    if (step == 1) {
        sg_buf list;
        sg_buf_init(&list);
        values_text(pl, p, n, &list, NULL, false);
        char *rule = NULL;
        if (pl->opts.misere) {
            sg_misere_answer a;
            if (outcome(ctx, pl, p, n, &loses, &a) != SG_OK) {
                sg_buf_free(&list);
                return NULL;
            }
            rule = said(pl, rule_section(a.rule), no_vars);
        }
        const char *vars[V_NVARS] = {[V_LIST] = list.data, [V_RULE] = rule};
        if (!list.failed)
            out = said(pl, pl->opts.misere ? W_HINT_1_MISERE : W_HINT_1,
                       vars);
        free(rule);
        sg_buf_free(&list);
        return out;
    }
    char *reason = reason_of(ctx, pl, p, n);
    char *nword = said(pl, nword_id(pl), no_vars);
    char *part = part_words(pl, p, mv->part);
    char *best = move_words(pl, p, mv);
    char *to = pos_name(pl, mv->to.p, mv->to.n);
    char value[24], nimsum[24], want[24];
    sg_value v = sg_lookup_get(pl->lookup, p[mv->part]);
    sg_value ns = nim_value(pl, p, n);
    sg_u64_to_str(v, value);
    sg_u64_to_str(ns, nimsum);
    sg_u64_to_str(v ^ ns, want);
    if (reason && nword && part && best && to) {
        const char *vars[V_NVARS] = {
            [V_REASON] = reason, [V_NWORD] = nword, [V_PART] = part,
            [V_BEST] = best,     [V_TO] = to,       [V_TARGET] = value,
            [V_NIMSUM] = nimsum, [V_N] = want};
        int id;
        if (step == 2)
            id = loses ? W_HINT_2_LOST : W_HINT_2;
        else if (step == 3)
            id = loses ? W_HINT_3_LOST
                 : pl->opts.misere || n == 1 ? W_HINT_3_PLAIN : W_HINT_3;
        else if (step == 4)
            id = loses ? W_HINT_4_LOST : W_HINT_4;
        else
            id = W_HINT_AGAIN;
        out = said(pl, id, vars);
    }
    free(reason);
    free(nword);
    free(part);
    free(best);
    free(to);
    return out;
}

/* ---- One line of input -------------------------------------------------- */

static sg_status undo(sg_ctx *ctx, sg_play *pl)
{
    /* Against the computer, a move taken back is the player's own, with
     * the computer's replies after it, so that it is the player's turn
     * again. */
    size_t back = 0;
    if (pl->opts.two_players) {
        back = pl->nhist > 1;
    } else {
        for (size_t k = pl->nhist - 1; k >= 1 && !back; k--)
            if (pl->hist[k].player == SG_PLAY_YOU)
                back = pl->nhist - k;
    }
    if (!back)
        return note(ctx, pl, SG_PLAY_UNDO, said(pl, W_UNDO_NONE, no_vars),
                    NULL);
    while (back--)
        pop(pl);
    pl->winner = -1;
    pl->hint_level = 0;
    const char *vars[V_NVARS] = {[V_POSITION] = pl->names[pl->nhist - 1]};
    if (note(ctx, pl, SG_PLAY_UNDO, said(pl, W_UNDO, vars), NULL) != SG_OK)
        return ctx->status;
    pl->ev[pl->nev - 1].to = pl->names[pl->nhist - 1];
    return SG_OK;
}

sg_status sg_play_input(sg_ctx *ctx, sg_play *pl, const char *text,
                        size_t len)
{
    clear_events(pl);
    while (len && (text[len - 1] == '\n' || text[len - 1] == '\r' ||
                   text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    while (len && (*text == ' ' || *text == '\t')) {
        text++;
        len--;
    }
    /* What was typed, as the words quote it: cut short, with controls and
     * bytes that are no UTF-8 written as \xNN. */
    char shown[96];
    sg_quote(text, len, shown, sizeof shown);
    const char *given = keep(ctx, pl, sg_strdup(ctx, shown));
    if (!given)
        return ctx->status;
    if (len == 1 && (text[0] == 'u' || text[0] == 'U'))
        return undo(ctx, pl);
    if (pl->winner >= 0)
        return note(ctx, pl, SG_PLAY_ILLEGAL, said(pl, W_OVER, no_vars),
                    given);
    if (len == 0)
        return note(ctx, pl, SG_PLAY_ILLEGAL, said(pl, W_EMPTY, no_vars),
                    given);
    const play_pos *cur = current(pl);
    move_list ml = {0};
    sg_status st = list_moves(ctx, pl, cur->p, cur->n, &ml);
    if (st != SG_OK)
        goto done;
    if (len == 1 && text[0] == '?') {
        if (pl->opts.no_hints) {
            st = note(ctx, pl, SG_PLAY_HINT, said(pl, W_HINTS_OFF, no_vars),
                      NULL);
            goto done;
        }
        unsigned step = pl->hint_level < 4 ? ++pl->hint_level : 5;
        st = note(ctx, pl, SG_PLAY_HINT,
                  hint(ctx, pl, cur->p, cur->n, &ml, step), NULL);
        if (st == SG_OK)
            pl->ev[pl->nev - 1].hint_step = step > 4 ? 4 : step;
        goto done;
    }
    size_t index = ml.n;
    char *why = NULL;
    const char *colon = memchr(text, ':', len);
    if (colon) {
        if (!read_amount(pl, cur->p, cur->n, &ml, text, len,
                         (size_t)(colon - text), given, &index, &why))
            index = ml.n;
    } else {
        uint64_t *typed;
        size_t nt;
        if (!read_parts(pl, text, len, &typed, &nt)) {
            if (sg_ctx_status(pl->quiet) == SG_ENOMEM) {
                st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
                goto done;
            }
            const char *vars[V_NVARS] = {[V_GIVEN] = given,
                                         [V_REASON] =
                                             sg_ctx_message(pl->quiet)};
            why = said(pl, W_UNREADABLE, vars);
        } else {
            for (size_t i = 0; i < ml.n && index == ml.n; i++) {
                bool same;
                if (!same_multiset(pl, ml.m[i].to.p, ml.m[i].to.n, typed, nt,
                                   &same)) {
                    free(typed);
                    st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
                    goto done;
                }
                if (same)
                    index = i;
            }
            if (index == ml.n)
                why = why_not(pl, cur->p, cur->n, typed, nt, given);
            free(typed);
        }
    }
    if (index == ml.n) {
        st = note(ctx, pl, SG_PLAY_ILLEGAL, why, given);
        goto done;
    }
    char *words = verdict(ctx, pl, cur->p, cur->n, &ml, index);
    st = words ? make_move(ctx, pl, &ml, index, words) : ctx->status;
    if (st == SG_OK)
        st = computer_turns(ctx, pl);
done:
    moves_free(&ml);
    return st;
}

/* ---- Questions ---------------------------------------------------------- */

size_t sg_play_event_count(const sg_play *pl) { return pl->nev; }

const sg_play_event *sg_play_event_at(const sg_play *pl, size_t i)
{
    return i < pl->nev ? &pl->ev[i] : NULL;
}

int sg_play_over(const sg_play *pl) { return pl->winner >= 0; }

int sg_play_to_move(const sg_play *pl) { return mover(pl); }

int sg_play_winner(const sg_play *pl) { return pl->winner; }

const char *sg_play_position(const sg_play *pl)
{
    return pl->names[pl->nhist - 1];
}

const char *sg_play_start_position(const sg_play *pl) { return pl->names[0]; }

const char *sg_play_prompt(const sg_play *pl)
{
    sg_play *mut = (sg_play *)pl;
    free(mut->prompt);
    mut->prompt = NULL;
    move_list ml = {0};
    const play_pos *cur = current(pl);
    if (list_moves(mut->quiet, mut, cur->p, cur->n, &ml) != SG_OK || !ml.n) {
        moves_free(&ml);
        return "";
    }
    /* The example is the last move listed, so that it is not the winning
     * move that the first often is. */
    const play_move *mv = &ml.m[ml.n - 1];
    char *to = pos_name(pl, mv->to.p, mv->to.n);
    char heap[48];
    char tmp[32];
    snprintf(heap, sizeof heap, "%s:%llu",
             sg_game_position_name(pl->game, cur->p[mv->part], tmp,
                                   sizeof tmp),
             (unsigned long long)mv->amount);
    const char *ev[V_NVARS] = {[V_TO] = to, [V_MOVE] = heap};
    char *example = to ? said(pl, pl->game->ops->takes_amounts && mv->amount
                                      ? W_EXAMPLE_AMOUNT
                                      : W_EXAMPLE_POSITION,
                              ev)
                       : NULL;
    char num[12];
    snprintf(num, sizeof num, "%d", mover(pl) + 1);
    const char *vars[V_NVARS] = {[V_POSITION] = pl->names[pl->nhist - 1],
                                 [V_EXAMPLE] = example, [V_PLAYER] = num};
    if (example)
        mut->prompt = said(pl, pl->opts.two_players ? W_PROMPT_PLAYER
                                                    : W_PROMPT,
                           vars);
    free(example);
    free(to);
    moves_free(&ml);
    return mut->prompt ? mut->prompt : "";
}

size_t sg_play_moves_made(const sg_play *pl) { return pl->nhist - 1; }

int sg_play_move_made(const sg_play *pl, size_t i, const char **from,
                      const char **to)
{
    if (i + 1 >= pl->nhist)
        return -1;
    *from = pl->names[i];
    *to = pl->names[i + 1];
    return pl->hist[i + 1].player;
}

char *sg_play_record(sg_ctx *ctx, const sg_play *pl,
                     const char *trace_command)
{
    sg_buf b;
    sg_buf_init(&b);
    if (pl->nhist > 1)
        say(pl, W_RECORD_HEADING, no_vars, &b);
    for (size_t k = 1; k < pl->nhist; k++) {
        const play_pos *q = &pl->hist[k].to;
        char n[24], nimsum[24], player[12];
        sg_u64_to_str(k, n);
        sg_u64_to_str(nim_value(pl, q->p, q->n), nimsum);
        snprintf(player, sizeof player, "%d", pl->hist[k].player + 1);
        const char *vv[V_NVARS] = {[V_NIMSUM] = nimsum};
        char *value = said(pl, W_RECORD_VALUE, vv);
        const char *vars[V_NVARS] = {[V_N] = n, [V_FROM] = pl->names[k - 1],
                                     [V_TO] = pl->names[k], [V_VALUE] = value,
                                     [V_PLAYER] = player};
        sg_buf_putc(&b, '\n');
        say(pl, pl->opts.two_players ? W_RECORD_PLAYER
                : pl->hist[k].player == SG_PLAY_YOU ? W_RECORD_YOU
                                                    : W_RECORD_COMPUTER,
            vars, &b);
        if (!value)
            b.failed = true;
        free(value);
    }
    if (trace_command) {
        const char *vars[V_NVARS] = {[V_LIST] = trace_command};
        if (b.len)
            sg_buf_putc(&b, '\n');
        say(pl, W_RECORD_TRACE, vars, &b);
    }
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    return b.data;
}

/* ---- For the page -------------------------------------------------------- */

const sg_game *sg_play_game(const sg_play *pl) { return pl->game; }

const uint64_t *sg_play_start_parts(const sg_play *pl, size_t *n)
{
    *n = pl->hist[0].to.n;
    return pl->hist[0].to.p;
}

const sg_play_opts *sg_play_options(const sg_play *pl) { return &pl->opts; }

const char *sg_play_title(const sg_play *pl) { return pl->title; }

void sg_play_info_clear(sg_play_info *info)
{
    free(info->best);
    free(info->best_words);
    free(info->why);
    free(info->reason);
    for (int i = 0; i < 4; i++)
        free(info->hints[i]);
    for (size_t i = 0; i < info->namounts; i++) {
        free(info->amounts[i].to);
        free(info->amounts[i].left);
    }
    free(info->amounts);
    memset(info, 0, sizeof *info);
}

const char *sg_play_parts_example(const sg_play *pl)
{
    return sg_game_numbered(pl->game) ? "3+4+5" : "a+b";
}

/* The moves of ML from P as "heap:amount" names them (read_amount() reads
 * the same list): each with its heap, its amount, the position it leaves
 * and the heaps it leaves in place of the heap. */
static sg_status amounts_of(sg_ctx *ctx, const sg_play *pl, const uint64_t *p,
                            const move_list *ml, sg_play_info *info)
{
    if (!pl->game->ops->takes_amounts || !ml->n)
        return SG_OK;
    info->amounts = sg_alloc(ctx, ml->n, sizeof *info->amounts);
    if (!info->amounts)
        return ctx->status;
    for (size_t i = 0; i < ml->n; i++) {
        const play_move *mv = &ml->m[i];
        sg_play_amount *a = &info->amounts[info->namounts++];
        a->heap = p[mv->part];
        a->amount = mv->amount;
        a->to = pos_name(pl, mv->to.p, mv->to.n);
        a->left = pos_name(pl, mv->to.p + mv->left_at, mv->nleft);
        if (!a->to || !a->left)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    return SG_OK;
}

sg_status sg_play_info_of(sg_ctx *ctx, sg_play *pl, const uint64_t *p,
                          size_t n, sg_play_info *info)
{
    memset(info, 0, sizeof *info);
    move_list ml = {0};
    bool loses;
    sg_status st = list_moves(ctx, pl, p, n, &ml);
    if (st == SG_OK)
        st = outcome(ctx, pl, p, n, &loses, NULL);
    if (st != SG_OK)
        goto done;
    info->value = nim_value(pl, p, n);
    info->p_position = loses;
    info->has_move = ml.n > 0;
    info->reason = reason_of(ctx, pl, p, n);
    if (!info->reason) {
        st = ctx->status;
        goto done;
    }
    if ((st = amounts_of(ctx, pl, p, &ml, info)) != SG_OK)
        goto done;
    if (ml.n) {
        size_t b;
        bool wins;
        int64_t length;
        if (choose(ctx, pl, &ml, &b, &wins, &length) != SG_OK) {
            st = ctx->status;
            goto done;
        }
        info->nbest = ml.m[b].to.n;
        info->best = sg_alloc_raw(ctx, info->nbest ? info->nbest : 1,
                                  sizeof *info->best);
        if (info->best && info->nbest)
            memcpy(info->best, ml.m[b].to.p, info->nbest * sizeof *info->best);
        info->best_words = move_words(pl, p, &ml.m[b]);
        info->why = computer_words(ctx, pl, p, n, &ml, b, wins, length);
        for (unsigned k = 0; k < 4; k++)
            info->hints[k] = hint(ctx, pl, p, n, &ml, k + 1);
        if (!info->best || !info->best_words || !info->why ||
            !info->hints[0] || !info->hints[1] || !info->hints[2] ||
            !info->hints[3])
            st = sg_ctx_status(ctx) != SG_OK
                     ? ctx->status
                     : sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
done:
    moves_free(&ml);
    if (st != SG_OK)
        sg_play_info_clear(info);
    return st;
}

const sg_template *sg_play_words(const sg_play *pl) { return pl->words; }

const char *const *sg_play_word_vars(void) { return word_vars; }

int sg_play_word_id(const char *name)
{
    for (int id = 0; id < W_NSECTIONS; id++)
        if (strcmp(word_sections[id], name) == 0)
            return id;
    return -1;
}
