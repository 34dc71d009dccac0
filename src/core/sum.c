/*
 * sum.c - sums of games: the nim-sum of the parts' values, who wins, every
 * winning move; and the reader that answers lines of positions, one sum a
 * line, as the online-judge problems give them.
 *
 * Values always come from an sg_lookup, never from the engine directly, so
 * that a lookup that answers for astronomically large heaps (from a proven
 * period, say) serves sums unchanged.
 */
#define _POSIX_C_SOURCE 200809L
#include "core/tokens.h"
#include "games/game.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The most moves sg_sum_new() examines when it lists winning moves; a sum
 * of ten thousand heaps of a game with a million amounts would otherwise
 * keep the machine busy for an hour before printing a word. */
#define SUM_WORK_MAX 1000000000.0

/* The largest heap size a sum accepts: what a signed 64-bit integer holds,
 * as in the judges' own solutions. */
#define HEAP_MAX SG_POSITION_MAX

/* Lookups for lines of input start at least this large, so that a judge's
 * input of heaps up to 1000 computes its values once. */
#define BATCH_FIRST_MAX 1023

/* Bytes read from a file descriptor at a time, and answers buffered before
 * they are handed to the output stream. */
#define READ_CHUNK ((size_t)1 << 16)
#define OUT_CHUNK ((size_t)1 << 16)

/* The longest line of a kind that writes a sum as one word: a row of 2^21
 * coins. */
#define SUM_WORD_LINE_MAX ((size_t)1 << 21)
/* The longest such line an answer repeats. */
#define ECHO_MAX 72

sg_status sg_sum_parse_position(sg_ctx *ctx, const sg_game *game,
                                const char *text, size_t len,
                                const char *origin, uint64_t *x)
{
    return sg_game_parse_position(ctx, game, text, len, origin, true, x);
}

sg_status sg_sum_parse_parts(sg_ctx *ctx, const sg_game *game,
                             const char *text, const char *origin,
                             uint64_t **parts, size_t *n)
{
    *parts = NULL;
    *n = 0;
    size_t len = strlen(text);
    sg_status st;
    if (game->ops->read_sum &&
        game->ops->read_sum(ctx, game, text, len, origin, parts, n, &st))
        return st;
    /* Heaps joined by + are a sum; a node's name may hold a + itself. */
    if (sg_game_numbered(game) && memchr(text, '+', len))
        return sg_position_parse(ctx, game, text, origin, parts, n);
    uint64_t *x = sg_alloc_raw(ctx, 1, sizeof *x);
    if (!x)
        return ctx->status;
    st = sg_sum_parse_position(ctx, game, text, len, origin, x);
    if (st != SG_OK) {
        free(x);
        return st;
    }
    *parts = x;
    *n = 1;
    return SG_OK;
}

sg_value sg_nim_sum(const sg_lookup *lookup, const uint64_t *positions,
                    size_t n)
{
    sg_value s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= sg_lookup_get(lookup, positions[i]);
    return s;
}

/* ------------------------------------------------------------------------ */
/* One sum, analysed                                                        */
/* ------------------------------------------------------------------------ */

struct sg_sum {
    size_t n;
    uint64_t *positions;
    sg_value *values;
    sg_value nimsum;
    sg_sum_move *moves;
    size_t nmoves, cap;
    /* The positions each move leaves: move i's are
     * left[left_start[i] .. left_start[i + 1]). */
    uint64_t *left;
    size_t *left_start;
    size_t nleft, left_cap;
};

/* Records a winning move of part PART from FROM, taking AMOUNT and leaving
 * the K positions LEFT (TO is the one position, or SG_NO_POSITION). */
static bool add_move(sg_ctx *ctx, sg_sum *s, size_t part, uint64_t from,
                     uint64_t to, uint64_t amount, const uint64_t *left,
                     size_t k)
{
    if (s->nmoves == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        sg_sum_move *m = sg_grow(ctx, s->moves, cap, sizeof *m);
        size_t *st = m ? sg_grow(ctx, s->left_start, cap + 1, sizeof *st)
                       : NULL;
        if (m)
            s->moves = m;
        if (!st)
            return false;
        s->left_start = st;
        s->cap = cap;
    }
    if (s->nleft + k > s->left_cap) {
        size_t cap = s->left_cap ? s->left_cap : 16;
        while (cap < s->nleft + k)
            cap *= 2;
        uint64_t *l = sg_grow(ctx, s->left, cap, sizeof *l);
        if (!l)
            return false;
        s->left = l;
        s->left_cap = cap;
    }
    s->left_start[s->nmoves] = s->nleft;
    for (size_t i = 0; i < k; i++)
        s->left[s->nleft++] = left[i];
    s->left_start[s->nmoves + 1] = s->nleft;
    s->moves[s->nmoves++] = (sg_sum_move){part, from, to, amount};
    return true;
}

/* The number of amounts at most H in the ascending list A[0..k). */
static size_t amounts_upto(const uint64_t *a, size_t k, uint64_t h)
{
    size_t lo = 0, hi = k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] <= h)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static sg_status too_much_work(sg_ctx *ctx, double work)
{
    return sg_ctx_fail(ctx, SG_ELIMIT, "listing the winning moves would "
                       "examine about %.1e moves, more than the %.0e sgviz "
                       "allows; use fewer or smaller parts (--names tells "
                       "who wins without them)", work, SUM_WORK_MAX);
}

/* Winning moves of a game of amounts: each amount a <= h with
 * sg(h - a) = target. */
static sg_status amount_moves(sg_ctx *ctx, sg_sum *s, const sg_game *game,
                              const sg_lookup *lookup)
{
    uint64_t largest = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->positions[i] > largest)
            largest = s->positions[i];
    size_t k;
    uint64_t *a = sg_game_amounts_upto(ctx, game, largest, &k);
    if (!a)
        return ctx->status;
    double work = 0;
    for (size_t i = 0; i < s->n; i++)
        work += (double)amounts_upto(a, k, s->positions[i]);
    if (work > SUM_WORK_MAX) {
        free(a);
        return too_much_work(ctx, work);
    }
    for (size_t i = 0; i < s->n; i++) {
        uint64_t h = s->positions[i];
        sg_value t = s->values[i] ^ s->nimsum;
        for (size_t j = 0; j < k && a[j] <= h; j++) {
            uint64_t y = h - a[j];
            if (sg_lookup_get(lookup, y) == t &&
                !add_move(ctx, s, i, h, y, a[j], &y, 1)) {
                free(a);
                return ctx->status;
            }
        }
    }
    free(a);
    return SG_OK;
}

/* Winning moves of Nim: the value of a heap is its size, so the one
 * position of value t that a heap of h > t can reach is the heap of t.
 * Looking it up (rather than at all h smaller heaps) keeps a sum of heaps
 * of a billion instant. */
static sg_status every_amount_moves(sg_ctx *ctx, sg_sum *s,
                                    const sg_lookup *lookup)
{
    for (size_t i = 0; i < s->n; i++) {
        uint64_t h = s->positions[i];
        sg_value t = s->values[i] ^ s->nimsum;
        if (t < h && sg_lookup_get(lookup, t) == t &&
            !add_move(ctx, s, i, h, t, h - t, &t, 1))
            return ctx->status;
    }
    return SG_OK;
}

/* The moves of one part listed so far, found by a hash of what they leave,
 * so that a position of a million moves (a DOT node of a million edges)
 * costs no more than its moves: comparing each move with every one listed
 * before it took minutes.  A slot holds a move's index plus one, or 0. */
typedef struct listed_set {
    size_t *slot;
    size_t size; /* a power of two, at least twice the part's moves */
} listed_set;

static size_t hash_left(const uint64_t *left, size_t k)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (size_t p = 0; p < k; p++) {
        h ^= left[p];
        h *= 0xbf58476d1ce4e5b9u;
        h ^= h >> 31;
    }
    return (size_t)h;
}

/* Empties SET and makes room for N moves.  Returns false (recorded) when
 * memory runs out. */
static bool listed_reset(sg_ctx *ctx, listed_set *set, size_t n)
{
    size_t want = 16;
    while (want < 2 * n)
        want *= 2;
    if (want > set->size) {
        size_t *slot = sg_grow(ctx, set->slot, want, sizeof *slot);
        if (!slot)
            return false;
        set->slot = slot;
        set->size = want;
    }
    memset(set->slot, 0, set->size * sizeof *set->slot);
    return true;
}

/* The slot of the move of S in SET that leaves exactly LEFT[0..k), or the
 * empty slot where it belongs. */
static size_t *listed_slot(const listed_set *set, const sg_sum *s,
                           const uint64_t *left, size_t k)
{
    size_t mask = set->size - 1, i = hash_left(left, k) & mask;
    for (;; i = (i + 1) & mask) {
        size_t m = set->slot[i];
        if (m == 0)
            return &set->slot[i];
        size_t at = s->left_start[m - 1], n = s->left_start[m] - at;
        if (n == k && memcmp(&s->left[at], left, k * sizeof *left) == 0)
            return &set->slot[i];
    }
}

/* Winning moves of any game, through the moves its kind lists: each move
 * whose result has value target.  Two moves to one result (parallel edges
 * of a multigraph) are one move to the player, so a result is listed
 * once, at its first move. */
static sg_status general_moves(sg_ctx *ctx, sg_sum *s, const sg_game *game,
                               const sg_lookup *lookup)
{
    uint64_t largest = 0;
    double most = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (s->positions[i] > largest)
            largest = s->positions[i];
        most += (double)sg_game_max_moves(game, s->positions[i]);
    }
    /* Heaps of a splitting game have about as many moves as tokens: a
     * heap of 10^12 is refused before its moves are listed. */
    if (most > SUM_WORK_MAX)
        return too_much_work(ctx, most);
    size_t cap = (size_t)sg_game_max_moves(game, largest) + 1;
    size_t parts = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    sg_moves list = {0, sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                     sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                     parts ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t)) : NULL,
                     parts ? sg_alloc_raw(ctx, parts, sizeof(uint64_t)) : NULL};
    sg_status st = SG_OK;
    if (!list.amounts || !list.targets ||
        (parts && (!list.part_start || !list.parts))) {
        st = ctx->status;
        goto done;
    }
    double work = 0;
    listed_set seen = {NULL, 0};
    for (size_t i = 0; i < s->n && st == SG_OK; i++) {
        uint64_t x = s->positions[i];
        sg_value t = s->values[i] ^ s->nimsum;
        if (game->ops->check_moves &&
            (st = game->ops->check_moves(ctx, game, x, false)) != SG_OK)
            break;
        sg_moves_clear(&list);
        game->ops->moves(game, x, &list);
        work += (double)list.n;
        if (work > SUM_WORK_MAX) {
            st = too_much_work(ctx, work);
            break;
        }
        if (!listed_reset(ctx, &seen, list.n)) {
            st = ctx->status;
            break;
        }
        for (size_t j = 0; j < list.n; j++) {
            const uint64_t *left = &list.targets[j];
            size_t k = 1;
            if (list.part_start) {
                left = &list.parts[list.part_start[j]];
                k = list.part_start[j + 1] - list.part_start[j];
            }
            sg_value v = 0;
            for (size_t p = 0; p < k; p++)
                v ^= sg_lookup_get(lookup, left[p]);
            if (v != t)
                continue;
            size_t *slot = listed_slot(&seen, s, left, k);
            if (*slot)
                continue;
            uint64_t amount = game->ops->takes_amounts ? list.amounts[j] : 0;
            if (!add_move(ctx, s, i, x, list.targets[j], amount, left, k)) {
                st = ctx->status;
                break;
            }
            *slot = s->nmoves;
        }
    }
    free(seen.slot);
done:
    free(list.amounts);
    free(list.targets);
    free(list.part_start);
    free(list.parts);
    return st;
}

sg_sum *sg_sum_new(sg_ctx *ctx, const sg_game *game, const sg_lookup *lookup,
                   const uint64_t *positions, size_t n)
{
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "a sum needs at least one part");
        return NULL;
    }
    if (n > SG_SUM_MAX_PARTS) {
        sg_ctx_fail(ctx, SG_ELIMIT, "a sum of %zu parts; sgviz takes at most "
                    "%d", n, SG_SUM_MAX_PARTS);
        return NULL;
    }
    uint64_t max = sg_lookup_max(lookup);
    for (size_t i = 0; i < n; i++) {
        if (positions[i] > max) {
            sg_ctx_fail(ctx, SG_EINPUT, "part %zu: position %llu is beyond the "
                        "values computed (up to %llu)", i + 1,
                        (unsigned long long)positions[i],
                        (unsigned long long)max);
            return NULL;
        }
    }
    sg_sum *s = sg_alloc(ctx, 1, sizeof *s);
    if (!s)
        return NULL;
    s->n = n;
    s->positions = sg_alloc_raw(ctx, n, sizeof *s->positions);
    s->values = sg_alloc_raw(ctx, n, sizeof *s->values);
    if (!s->positions || !s->values) {
        sg_sum_free(s);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        s->positions[i] = positions[i];
        s->values[i] = sg_lookup_get(lookup, positions[i]);
        s->nimsum ^= s->values[i];
    }
    if (s->nimsum == 0)
        return s;
    sg_status st;
    switch (game->ops->shape(game)) {
    case SG_SHAPE_AMOUNTS: st = amount_moves(ctx, s, game, lookup); break;
    case SG_SHAPE_EVERY_AMOUNT: st = every_amount_moves(ctx, s, lookup); break;
    default: st = general_moves(ctx, s, game, lookup); break;
    }
    if (st != SG_OK) {
        sg_sum_free(s);
        return NULL;
    }
    return s;
}

size_t sg_sum_parts(const sg_sum *sum) { return sum->n; }

uint64_t sg_sum_position(const sg_sum *sum, size_t i)
{
    return sum->positions[i];
}

sg_value sg_sum_value(const sg_sum *sum, size_t i) { return sum->values[i]; }

sg_value sg_sum_nimsum(const sg_sum *sum) { return sum->nimsum; }

int sg_sum_first_player_wins(const sg_sum *sum) { return sum->nimsum != 0; }

size_t sg_sum_move_count(const sg_sum *sum) { return sum->nmoves; }

const sg_sum_move *sg_sum_move_at(const sg_sum *sum, size_t i)
{
    return &sum->moves[i];
}

const uint64_t *sg_sum_move_left(const sg_sum *sum, size_t i, size_t *count)
{
    *count = sum->left_start[i + 1] - sum->left_start[i];
    return &sum->left[sum->left_start[i]];
}

void sg_sum_free(sg_sum *sum)
{
    if (!sum)
        return;
    free(sum->positions);
    free(sum->values);
    free(sum->moves);
    free(sum->left);
    free(sum->left_start);
    free(sum);
}

/* ------------------------------------------------------------------------ */
/* Lines of input                                                           */
/* ------------------------------------------------------------------------ */

struct sg_batch {
    const sg_game *game;
    bool names;            /* answer with a name only */
    bool stop_at_zero;
    char *first_answer;    /* "NAME\n" for each winner, when names is set */
    char *second_answer;
    size_t first_len, second_len;
    char *origin;
    FILE *out;
    sg_lookup *lookup;     /* values up to the largest heap so far */
    uint64_t line;         /* the number of the last line begun */
    uint64_t answered;
    sg_status status;      /* SG_OK, SG_STOP, or the error that ended it */
    char *carry;           /* the start of a line that a feed cut short */
    size_t carry_len, carry_cap;
    uint64_t *parts;       /* the parts of the current line */
    size_t parts_cap;
    sg_buf answers;        /* answers not yet handed to OUT */
    char *chunk;           /* sg_batch_read_fd's buffer */

    /* The counted layout reads words, each wherever it is, and keeps the
     * place of each for its messages. */
    sg_batch_layout layout;
    sg_misere *misere;     /* misère play: outcomes from here, not XOR */
    sg_every *every;       /* Every-SG: steps up to the largest part so far,
                              outcomes from their largest, not XOR */
    bool every_mode;
    unsigned long column;  /* the column of the word at fault (0: none) */
    sg_words words;
    enum { WANT_T, WANT_N, WANT_PART, WANT_END } want;
    uint64_t cases;        /* T */
    uint64_t case_no;      /* the sum being read, from 1 */
    uint64_t nparts;       /* its N */
    size_t have;           /* its parts read so far */
    uint64_t largest;      /* its largest heap, and where that was read */
    uint64_t largest_line, largest_column;
    /* The longest line read: longer for kinds that write a sum as one
     * word (a row of a million coins). */
    size_t line_max;
    /* The current line as written, echoed in the answer when a word of it
     * was a sum in the kind's notation (a row, rather than its heads). */
    const char *line_text;
    size_t line_len;
    bool echo_line;
};

static bool has_newline(const char *s)
{
    return strchr(s, '\n') || strchr(s, '\r');
}

sg_batch *sg_batch_new(sg_ctx *ctx, const sg_game *game,
                       const sg_batch_opts *opts, const char *origin,
                       FILE *out)
{
    sg_batch_opts o = {.layout = SG_BATCH_LINES};
    if (opts && sg_opts_take(ctx, &o, sizeof o, opts,
                             SG_OPTS_V0(sg_batch_opts, misere_limit), "sg_batch_opts") != SG_OK)
        return NULL;
    if (o.layout != SG_BATCH_LINES && o.layout != SG_BATCH_COUNTED) {
        sg_ctx_fail(ctx, SG_EINPUT, "unknown input layout %d", (int)o.layout);
        return NULL;
    }
    if (o.layout == SG_BATCH_COUNTED && o.stop_at_zero) {
        sg_ctx_fail(ctx, SG_EINPUT, "a line of zeros cannot end input that "
                    "counts its sums (T, then N and N heaps for each)");
        return NULL;
    }
    if (!o.first_name != !o.second_name) {
        sg_ctx_fail(ctx, SG_EINPUT, "give both names, the first player's and "
                    "the second's, or neither");
        return NULL;
    }
    if (o.first_name && (has_newline(o.first_name) ||
                         has_newline(o.second_name))) {
        sg_ctx_fail(ctx, SG_EINPUT, "a player's name cannot hold a line "
                    "break (each answer is one line)");
        return NULL;
    }
    /* In a game with names, a line of zeros is a line of nodes named "0":
     * when there is such a node, the line is a question about it, and
     * taking it for the end would leave it unanswered. */
    uint64_t zero;
    if (o.stop_at_zero && !sg_game_numbered(game) &&
        game->ops->find_position(game, "0", 1, &zero)) {
        sg_ctx_fail(ctx, SG_EINPUT, "a line of zeros cannot end the input: "
                    "%s has a node named \"0\", so such a line asks about "
                    "it", game->spec);
        return NULL;
    }
    sg_batch *b = sg_alloc(ctx, 1, sizeof *b);
    if (!b)
        return NULL;
    b->game = game;
    b->out = out;
    b->stop_at_zero = o.stop_at_zero != 0;
    b->layout = o.layout;
    b->status = SG_OK;
    b->line_max = game->ops->read_sum ? SUM_WORD_LINE_MAX : SG_LINE_MAX_LEN;
    sg_buf_init(&b->answers);
    b->origin = sg_strdup(ctx, origin ? origin : "input");
    if (!b->origin)
        goto fail;
    sg_words_init(&b->words, b->origin);
    if (o.first_name) {
        b->names = true;
        b->first_len = strlen(o.first_name) + 1;
        b->second_len = strlen(o.second_name) + 1;
        b->first_answer = sg_alloc_raw(ctx, b->first_len + 1, 1);
        b->second_answer = sg_alloc_raw(ctx, b->second_len + 1, 1);
        if (!b->first_answer || !b->second_answer)
            goto fail;
        snprintf(b->first_answer, b->first_len + 1, "%s\n", o.first_name);
        snprintf(b->second_answer, b->second_len + 1, "%s\n", o.second_name);
    }
    if (o.misere && o.every) {
        sg_ctx_fail(ctx, SG_EINPUT, "misère play and Every-SG are two play "
                    "rules; give one");
        goto fail;
    }
    if (o.misere) {
        b->misere = sg_misere_new(ctx, game, o.misere_limit);
        if (!b->misere)
            goto fail;
    }
    b->every_mode = o.every != 0;
    if (b->every_mode && sg_game_is_finite(game)) {
        b->every = sg_every_new(ctx, game, UINT64_MAX);
        if (!b->every)
            goto fail;
    } else if (b->every_mode && game->ops->parts_by_theorem) {
        /* Refused with its reason now, before any line is read. */
        b->every = sg_every_new(ctx, game, 0);
        goto fail;
    }
    /* A DAG game is finite: all its values at once, before the first line. */
    if (sg_game_is_finite(game) && !b->misere && !b->every_mode) {
        b->lookup = sg_lookup_new(ctx, game, UINT64_MAX);
        if (!b->lookup)
            goto fail;
    }
    return b;
fail:
    sg_batch_free(b);
    return NULL;
}

void sg_batch_free(sg_batch *batch)
{
    if (!batch)
        return;
    free(batch->first_answer);
    free(batch->second_answer);
    free(batch->origin);
    sg_misere_free(batch->misere);
    sg_every_free(batch->every);
    sg_lookup_free(batch->lookup);
    free(batch->carry);
    sg_words_free(&batch->words);
    free(batch->parts);
    sg_buf_free(&batch->answers);
    free(batch->chunk);
    free(batch);
}

uint64_t sg_batch_answered(const sg_batch *batch) { return batch->answered; }

/* Records an error at the current line and makes it the batch's final
 * status. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static sg_status batch_fail(sg_ctx *ctx, sg_batch *b, sg_status st,
                            const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    b->status = sg_vfail_at(ctx, st, b->origin, (unsigned long)b->line,
                            b->column, fmt, ap);
    va_end(ap);
    return b->status;
}

/* Makes the lookup answer for heaps up to MAX.  A table of values grows to
 * at least twice its size when that fits, so that heaps that creep upwards
 * line by line cost O(log) rebuilds, not one per line.  Each lookup is
 * asked for no more than the table it would otherwise be: a period found
 * within it, or a theorem, answers for every heap from then on (the
 * lookup's maximum says so), and a period that would show only further
 * out is never searched for before a table answers the line at hand. */
/* How far the batch's values or steps should reach to answer a part of
 * MAX, having reached OLD (HAVE: anything yet): twice as far each time,
 * so that a growing input costs linear work in all. */
static uint64_t grown_reach(bool have, uint64_t old, uint64_t max)
{
    uint64_t want = have ? (old > HEAP_MAX / 2 ? HEAP_MAX : 2 * old + 1)
                         : BATCH_FIRST_MAX;
    return want < max ? max : want;
}

/* Ends the batch with the reason the values or steps of the part at WHERE
 * could not be had. */
static sg_status cover_failed(sg_ctx *ctx, sg_batch *b, const char *where)
{
    char reason[SG_MESSAGE_MAX];
    snprintf(reason, sizeof reason, "%s", sg_ctx_message(ctx));
    return batch_fail(ctx, b, sg_ctx_status(ctx), "%s: %s", where, reason);
}

/* Every-SG: makes sure the batch's steps reach MAX, as cover() does for
 * values. */
static sg_status cover_steps(sg_ctx *ctx, sg_batch *b, uint64_t max,
                             const char *where)
{
    uint64_t old = b->every ? sg_every_last(b->every) : 0;
    if (b->every && max <= old)
        return SG_OK;
    uint64_t want = grown_reach(b->every != NULL, old, max);
    sg_every *e = sg_every_new(ctx, b->game, want);
    if (!e && want > max) {
        sg_ctx_clear(ctx);
        e = sg_every_new(ctx, b->game, max);
    }
    if (!e)
        return cover_failed(ctx, b, where);
    sg_every_free(b->every);
    b->every = e;
    return SG_OK;
}

/* Whether the batch's values (or steps) already reach MAX: the common case,
 * tested before the words of a failure are written, which would otherwise
 * cost more than the line's answer. */
static bool covered(const sg_batch *b, uint64_t max)
{
    if (b->every_mode)
        return b->every && max <= sg_every_last(b->every);
    return b->lookup && max <= sg_lookup_max(b->lookup);
}

static sg_status cover(sg_ctx *ctx, sg_batch *b, uint64_t max,
                       const char *where)
{
    if (b->every_mode)
        return cover_steps(ctx, b, max, where);
    uint64_t old = b->lookup ? sg_lookup_max(b->lookup) : 0;
    if (b->lookup && max <= old)
        return SG_OK;
    uint64_t want = grown_reach(b->lookup != NULL, old, max);
    if (sg_check_range(ctx, b->game, want) != SG_OK)
        want = max;
    sg_ctx_clear(ctx);
    sg_lookup *l = sg_lookup_new(ctx, b->game, want);
    if (!l)
        return cover_failed(ctx, b, where);
    sg_lookup_free(b->lookup);
    b->lookup = l;
    return SG_OK;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Appends the answer to the sum of the N parts b->parts[0..n): the
 * winner's name, or the line's parts (the case's number, in the counted
 * layout) with the nim-sum and the winner; under misère play, with the
 * outcome alone.  Returns SG_OK, or the error of a misère search that
 * found no answer within its bound. */
static sg_status answer(sg_ctx *ctx, sg_batch *b, size_t n)
{
    sg_value nimsum = 0;
    bool first = false;
    if (b->misere) {
        sg_misere_answer a = {0};
        if (n && sg_misere_solve(ctx, b->misere, b->parts, n, 0, &a) != SG_OK) {
            char reason[SG_MESSAGE_MAX];
            snprintf(reason, sizeof reason, "%s", sg_ctx_message(ctx));
            if (b->layout == SG_BATCH_COUNTED)
                return batch_fail(ctx, b, sg_ctx_status(ctx), "case %llu: %s",
                                  (unsigned long long)b->case_no, reason);
            return batch_fail(ctx, b, sg_ctx_status(ctx), "%s", reason);
        }
        /* A sum without parts: the player to move cannot move, and so has
         * won under misère play. */
        first = n ? a.first_player_wins != 0 : true;
    } else if (b->every_mode) {
        nimsum = n ? sg_every_sum_step(b->every, b->parts, n) : 0;
        first = nimsum % 2 != 0;
    } else {
        nimsum = n ? sg_nim_sum(b->lookup, b->parts, n) : 0;
        first = nimsum != 0;
    }
    sg_buf *out = &b->answers;
    b->answered++;
    if (b->names) {
        if (first)
            sg_buf_add(out, b->first_answer, b->first_len);
        else
            sg_buf_add(out, b->second_answer, b->second_len);
        return SG_OK;
    }
    if (b->layout == SG_BATCH_COUNTED) {
        sg_buf_puts(out, "case ");
        sg_buf_u64(out, b->case_no);
    }
    if (b->echo_line && b->layout == SG_BATCH_LINES) {
        const char *t = b->line_text, *e = t + b->line_len;
        while (t < e && is_blank(*t))
            t++;
        while (e > t && is_blank(e[-1]))
            e--;
        /* A row of a million coins is told by its length. */
        if (e - t <= ECHO_MAX) {
            sg_buf_add(out, t, (size_t)(e - t));
        } else {
            sg_buf_puts(out, "(a line of ");
            sg_buf_u64(out, (uint64_t)(e - t));
            sg_buf_puts(out, " characters)");
        }
    }
    for (size_t i = 0; b->layout == SG_BATCH_LINES && !b->echo_line && i < n;
         i++) {
        char tmp[24];
        if (i)
            sg_buf_putc(out, ' ');
        sg_buf_puts(out, sg_game_position_name(b->game, b->parts[i], tmp,
                                               sizeof tmp));
    }
    if (b->misere) {
        sg_buf_puts(out, first ? ": misère, first player wins\n"
                               : ": misère, second player wins\n");
        return SG_OK;
    }
    sg_buf_puts(out, b->every_mode ? ": largest step " : ": nim-sum ");
    sg_buf_u64(out, nimsum);
    sg_buf_puts(out, first ? ", first player wins\n"
                           : ", second player wins\n");
    return SG_OK;
}

/* Reads part number INDEX (from 1) of the current sum, TOK[0..len), into
 * *X.  Returns SG_OK, or an error naming the part and its place. */
static sg_status read_part(sg_ctx *ctx, sg_batch *b, const char *tok,
                           size_t len, size_t index, uint64_t *x)
{
    const sg_game *game = b->game;
    bool good = sg_game_numbered(game)
                    ? sg_parse_u64(tok, len, HEAP_MAX, x) == 0
                    : game->ops->find_position(game, tok, len, x);
    if (good)
        return SG_OK;
    /* The message (and the place it names) is made only for a bad part: a
     * judge's input has millions of good ones. */
    char where[160];
    if (b->layout == SG_BATCH_COUNTED)
        snprintf(where, sizeof where, "%s:%llu:%lu: case %llu: %s %zu",
                 b->origin, (unsigned long long)b->line, b->column,
                 (unsigned long long)b->case_no, game->ops->noun, index);
    else
        snprintf(where, sizeof where, "%s:%llu: %s %zu", b->origin,
                 (unsigned long long)b->line, game->ops->noun, index);
    return b->status = sg_sum_parse_position(ctx, game, tok, len, where, x);
}

/* Stores X as part N (from 0) of the current sum. */
static sg_status keep_part(sg_ctx *ctx, sg_batch *b, size_t n, uint64_t x)
{
    if (n == b->parts_cap) {
        size_t cap = b->parts_cap ? b->parts_cap * 2 : 16;
        uint64_t *grown = sg_grow(ctx, b->parts, cap, sizeof *grown);
        if (!grown)
            return b->status = ctx->status;
        b->parts = grown;
        b->parts_cap = cap;
    }
    b->parts[n] = x;
    return SG_OK;
}

/* Reads TOK[0..len) when it is a sum in the game's own notation (a row of
 * coins) and keeps its parts after the N parts of the line so far,
 * raising *LARGEST.  Returns SG_OK, SG_STOP when the word is not in that
 * notation, or an error naming the word's place. */
static sg_status row_parts(sg_ctx *ctx, sg_batch *b, const char *tok,
                           size_t len, size_t *n, uint64_t *largest)
{
    char where[160];
    snprintf(where, sizeof where, "%s:%llu: %s %zu", b->origin,
             (unsigned long long)b->line, b->game->ops->noun, *n + 1);
    uint64_t *x = NULL;
    size_t k = 0;
    sg_status st;
    if (!b->game->ops->read_sum(ctx, b->game, tok, len, where, &x, &k, &st))
        return SG_STOP;
    if (st != SG_OK)
        return b->status = st;
    for (size_t i = 0; i < k && st == SG_OK; i++) {
        st = keep_part(ctx, b, (*n)++, x[i]);
        if (x[i] > *largest)
            *largest = x[i];
    }
    free(x);
    b->echo_line = true;
    return st;
}

/* Answers one line, S[0..len) without its newline. */
static sg_status batch_line(sg_ctx *ctx, sg_batch *b, const char *s,
                            size_t len)
{
    b->line++;
    const sg_game *game = b->game;
    const bool named = !sg_game_numbered(game);
    const char *word = game->ops->noun;
    const char *p = s, *end = s + len;
    while (p < end && is_blank(*p))
        p++;
    if (p == end)
        return batch_fail(ctx, b, SG_EINPUT, "an empty line; each line is one "
                          "sum, its %ss separated by spaces (e.g. \"%s\")",
                          word, named ? "a c" : "1 4 1");
    size_t n = 0;
    uint64_t largest = 0;
    bool zeros = true;
    /* With stop_at_zero no node is named "0" (sg_batch_new() saw to it), so
     * in a game with names a part "0" is kept aside until the line proves
     * to be more than zeros, and then reported as the name it is not. */
    size_t first_zero = SIZE_MAX;
    b->line_text = s;
    b->line_len = len;
    b->echo_line = false;
    for (;;) {
        while (p < end && is_blank(*p))
            p++;
        if (p == end)
            break;
        const char *tok = p;
        while (p < end && !is_blank(*p))
            p++;
        size_t tlen = (size_t)(p - tok);
        if (game->ops->read_sum && !(*tok >= '0' && *tok <= '9')) {
            sg_status st = row_parts(ctx, b, tok, tlen, &n, &largest);
            if (st == SG_OK) {
                zeros = false;
                continue;
            }
            if (st != SG_STOP)
                return b->status;
        }
        if (n == SG_SUM_MAX_PARTS)
            return batch_fail(ctx, b, SG_ELIMIT, "more than %d %ss on one "
                              "line", SG_SUM_MAX_PARTS, word);
        uint64_t x = 0;
        bool zero = named ? tlen == 1 && *tok == '0' : false;
        if (zero && b->stop_at_zero) {
            if (first_zero == SIZE_MAX)
                first_zero = n;
        } else if (read_part(ctx, b, tok, tlen, n + 1, &x) != SG_OK) {
            return b->status;
        }
        if (!named)
            zero = x == 0;
        if (keep_part(ctx, b, n, x) != SG_OK)
            return b->status;
        n++;
        if (!zero)
            zeros = false;
        if (x > largest)
            largest = x;
    }
    if (b->stop_at_zero && zeros)
        return b->status = SG_STOP;
    uint64_t ignored;
    if (first_zero != SIZE_MAX)
        return read_part(ctx, b, "0", 1, first_zero + 1, &ignored);
    if (!sg_game_is_finite(game) && !b->misere && !covered(b, largest)) {
        char where[64];
        snprintf(where, sizeof where, "%s %llu", word,
                 (unsigned long long)largest);
        if (!b->misere && cover(ctx, b, largest, where) != SG_OK)
            return b->status;
    }
    return answer(ctx, b, n);
    return SG_OK;
}

/* Hands the buffered answers to OUT. */
static sg_status flush_answers(sg_ctx *ctx, sg_batch *b, bool all)
{
    sg_buf *a = &b->answers;
    if (a->failed) {
        sg_buf_free(a);
        b->status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the "
                                "answers");
        return b->status;
    }
    if (a->len && (all || a->len >= OUT_CHUNK)) {
        if (fwrite(a->data, 1, a->len, b->out) != a->len) {
            b->status = sg_ctx_fail(ctx, SG_EIO, "cannot write the answers");
            return b->status;
        }
        a->len = 0;
    }
    if (all && fflush(b->out) != 0) {
        b->status = sg_ctx_fail(ctx, SG_EIO, "cannot write the answers");
        return b->status;
    }
    return SG_OK;
}

static sg_status line_too_long(sg_ctx *ctx, sg_batch *b)
{
    b->line++;
    return batch_fail(ctx, b, SG_ELIMIT, "the line is longer than %zu "
                      "characters", b->line_max);
}

/* Keeps DATA[0..len) as the start of a line to be continued. */
static sg_status keep(sg_ctx *ctx, sg_batch *b, const char *data, size_t len)
{
    if (len > b->line_max - b->carry_len)
        return line_too_long(ctx, b);
    if (b->carry_len + len > b->carry_cap) {
        size_t cap = b->carry_cap ? b->carry_cap : 256;
        while (cap < b->carry_len + len)
            cap *= 2;
        char *grown = sg_grow(ctx, b->carry, cap, 1);
        if (!grown)
            return b->status = ctx->status;
        b->carry = grown;
        b->carry_cap = cap;
    }
    memcpy(b->carry + b->carry_len, data, len);
    b->carry_len += len;
    return SG_OK;
}

/* ---- The counted layout ------------------------------------------------- */

/* Reads the count TOK[0..len) (T or an N) into *N, at most MAX; WHAT names
 * it in messages. */
static sg_status read_count(sg_ctx *ctx, sg_batch *b, const char *tok,
                            size_t len, const char *what, uint64_t max,
                            uint64_t *n)
{
    int r = sg_parse_u64(tok, len, max, n);
    if (r == 0)
        return SG_OK;
    char quoted[96];
    sg_quote(tok, len, quoted, sizeof quoted);
    if (r == -2)
        return batch_fail(ctx, b, SG_ELIMIT, "%s \"%s\" is more than sgviz "
                          "takes (at most %llu)", what, quoted,
                          (unsigned long long)max);
    return batch_fail(ctx, b, SG_EINPUT, "%s \"%s\" is not a whole number%s",
                      what, quoted,
                      b->want == WANT_T ? " (the input starts with T, the "
                                          "number of cases)"
                                        : " (each case is N, then N "
                                          "heap sizes)");
}

/* Answers the sum just completed and moves on to the next case. */
static sg_status counted_answer(sg_ctx *ctx, sg_batch *b)
{
    if (b->have && !sg_game_is_finite(b->game) && !b->misere &&
        !covered(b, b->largest)) {
        char where[96];
        snprintf(where, sizeof where, "case %llu: %s %llu",
                 (unsigned long long)b->case_no, b->game->ops->noun,
                 (unsigned long long)b->largest);
        b->line = b->largest_line;
        b->column = (unsigned long)b->largest_column;
        if (cover(ctx, b, b->largest, where) != SG_OK)
            return b->status;
    }
    if (answer(ctx, b, b->have) != SG_OK)
        return b->status;
    b->want = b->case_no == b->cases ? WANT_END : WANT_N;
    return SG_OK;
}

/* Takes the word TOK[0..len), which starts at LINE:COLUMN. */
static sg_status counted_take(sg_ctx *ctx, sg_batch *b, const char *tok,
                              size_t len, uint64_t line, uint64_t column)
{
    b->line = line;
    b->column = (unsigned long)column;
    switch (b->want) {
    case WANT_T:
        if (read_count(ctx, b, tok, len, "the number of cases", HEAP_MAX,
                       &b->cases) != SG_OK)
            return b->status;
        b->want = b->cases ? WANT_N : WANT_END;
        return SG_OK;
    case WANT_N: {
        char what[64];
        b->case_no++;
        snprintf(what, sizeof what, "case %llu: the number of %ss",
                 (unsigned long long)b->case_no, b->game->ops->noun);
        if (read_count(ctx, b, tok, len, what, SG_BATCH_MAX_COUNTED_PARTS,
                       &b->nparts) != SG_OK)
            return b->status;
        b->have = 0;
        b->largest = 0;
        b->largest_line = line;
        b->largest_column = column;
        if (b->nparts == 0)
            return counted_answer(ctx, b);
        b->want = WANT_PART;
        return SG_OK;
    }
    case WANT_PART: {
        uint64_t x;
        if (read_part(ctx, b, tok, len, b->have + 1, &x) != SG_OK ||
            keep_part(ctx, b, b->have, x) != SG_OK)
            return b->status;
        b->have++;
        if (x > b->largest) {
            b->largest = x;
            b->largest_line = line;
            b->largest_column = column;
        }
        return b->have == b->nparts ? counted_answer(ctx, b) : SG_OK;
    }
    case WANT_END:
        break;
    }
    char quoted[96];
    sg_quote(tok, len, quoted, sizeof quoted);
    return batch_fail(ctx, b, SG_EINPUT, "\"%s\" comes after the last case "
                      "(the input announced %llu)", quoted,
                      (unsigned long long)b->cases);
}

/* Takes the word TOK[0..len), which starts at LINE:COLUMN, and hands the
 * answers it completes on. */
static sg_status counted_word(sg_ctx *ctx, void *user, const char *tok,
                              size_t len, uint64_t line, uint64_t column)
{
    sg_batch *b = user;
    sg_status st = counted_take(ctx, b, tok, len, line, column);
    return st == SG_OK ? flush_answers(ctx, b, false) : st;
}

/* Reads the words of DATA[0..len), carrying one that the end cuts short to
 * the next feed. */
static void counted_feed(sg_ctx *ctx, sg_batch *b, const char *data,
                         size_t len)
{
    sg_status st = sg_words_feed(ctx, &b->words, data, len, counted_word, b);
    if (st != SG_OK && b->status == SG_OK)
        b->status = st;
}

/* Ends counted input: the word the input ends with, then whether every
 * case announced is complete. */
static void counted_finish(sg_ctx *ctx, sg_batch *b)
{
    if (b->status == SG_OK) {
        sg_status st = sg_words_finish(ctx, &b->words, counted_word, b);
        if (st != SG_OK && b->status == SG_OK)
            b->status = st;
    }
    if (b->status != SG_OK)
        return;
    b->line = 0;
    b->column = 0;
    switch (b->want) {
    case WANT_T:
        batch_fail(ctx, b, SG_EINPUT, "the input is empty; it starts with T, "
                   "the number of cases, then each case as N and N heap "
                   "sizes");
        break;
    case WANT_N:
        batch_fail(ctx, b, SG_EINPUT, "the input ends after %llu of the %llu "
                   "cases it announced", (unsigned long long)b->case_no,
                   (unsigned long long)b->cases);
        break;
    case WANT_PART:
        batch_fail(ctx, b, SG_EINPUT, "the input ends in case %llu, after "
                   "%zu of its %llu %s%s", (unsigned long long)b->case_no,
                   b->have, (unsigned long long)b->nparts,
                   b->game->ops->noun, b->nparts == 1 ? "" : "s");
        break;
    case WANT_END:
        break;
    }
}

/* Answers the lines that DATA[0..len) completes, carrying the start of
 * one that it cuts short to the next feed. */
static void lines_feed(sg_ctx *ctx, sg_batch *b, const char *data, size_t len)
{
    const char *p = data, *end = data + len;
    while (p < end && b->status == SG_OK) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) {
            keep(ctx, b, p, (size_t)(end - p));
            break;
        }
        size_t n = (size_t)(nl - p);
        if (b->carry_len) {
            if (keep(ctx, b, p, n) == SG_OK) {
                size_t whole = b->carry_len;
                b->carry_len = 0;
                batch_line(ctx, b, b->carry, whole);
            }
        } else if (n > b->line_max) {
            line_too_long(ctx, b);
        } else {
            batch_line(ctx, b, p, n);
        }
        if (b->status == SG_OK && flush_answers(ctx, b, false) != SG_OK)
            break;
        p = nl + 1;
    }
}

sg_status sg_batch_feed(sg_ctx *ctx, sg_batch *batch, const char *data,
                        size_t len)
{
    sg_batch *b = batch;
    if (b->status != SG_OK)
        return b->status;
    if (b->layout == SG_BATCH_COUNTED)
        counted_feed(ctx, b, data, len);
    else
        lines_feed(ctx, b, data, len);
    /* The answers before a bad line are written before it is reported; a
     * failure to write them is reported instead. */
    sg_status st = b->status;
    if (flush_answers(ctx, b, true) != SG_OK)
        return b->status;
    return st;
}

sg_status sg_batch_finish(sg_ctx *ctx, sg_batch *batch)
{
    sg_batch *b = batch;
    if (b->layout == SG_BATCH_COUNTED) {
        counted_finish(ctx, b);
    } else if (b->status == SG_OK && b->carry_len) {
        size_t n = b->carry_len;
        b->carry_len = 0;
        batch_line(ctx, b, b->carry, n);
    }
    if (b->status == SG_OK && b->answered == 0 &&
        b->layout == SG_BATCH_LINES)
        batch_fail(ctx, b, SG_EINPUT, "no positions to answer; give each sum "
                   "on a line of its own, e.g. \"%s\"",
                   sg_game_numbered(b->game) ? "1 4 1" : "a c");
    sg_status st = b->status;
    if (flush_answers(ctx, b, true) != SG_OK)
        return b->status;
    return st == SG_STOP ? SG_OK : st;
}

sg_status sg_batch_read_fd(sg_ctx *ctx, sg_batch *batch, int fd)
{
    if (!batch->chunk) {
        batch->chunk = sg_alloc_raw(ctx, READ_CHUNK, 1);
        if (!batch->chunk)
            return ctx->status;
    }
    for (;;) {
        ssize_t got = read(fd, batch->chunk, READ_CHUNK);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return sg_ctx_fail(ctx, SG_EIO, "%s: cannot read: %s",
                               batch->origin, strerror(errno));
        }
        if (got == 0)
            break;
        sg_status st = sg_batch_feed(ctx, batch, batch->chunk, (size_t)got);
        if (st == SG_STOP)
            break;
        if (st != SG_OK)
            return st;
    }
    return sg_batch_finish(ctx, batch);
}
