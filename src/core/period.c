/*
 * period.c - the period of a subtraction game, with its proof.
 *
 * With k = max S, every amount is a move from x >= k, so sg(x) is a function
 * of the k values before it.  If sg(x + p) = sg(x) for the k positions
 * n0 <= x < n0 + k, the next value on both sides is the same function of the
 * same k values, and by induction sg(x + p) = sg(x) for every x >= n0.
 *
 * The search computes values in growing rounds and, after each, asks the
 * values held so far a[0..L) for the smallest p >= 1 whose certificate lies
 * among them.  Such a run of k equal pairs ends at the latest at the end of
 * the values, and a run that holds for ever reaches that end, so it is enough
 * to look for the last k values occurring again p places earlier:
 *
 *     a[L-k-p .. L-p) == a[L-k .. L).
 *
 * Reading the values backwards this is the first occurrence, after the
 * start, of a pattern (the last k values, reversed) in a text (all values,
 * reversed): one Knuth-Morris-Pratt scan, O(L) time and O(k) memory.
 *
 * Why the smallest such p is the smallest period: every shift found is a
 * true period (its certificate holds), so a multiple of the smallest one,
 * p*; and if some multiple m * p* has its run in a[0..L), the run for p*,
 * which starts at the same preperiod and needs fewer values, is there too.
 * Why the preperiod that comes out is the smallest: walking back from the
 * run while a[x] == a[x + p] stops at the first x where they differ, and a
 * preperiod cannot lie at or below a position where they differ.
 *
 * The rounds double the number of values, so the scans cost O(L) in all and
 * the values computed are at most about twice the n0 + p + k needed.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

/* The most values one search may hold: counts then fit the 32-bit failure
 * table of the pattern search, and the values alone already take 4 GiB. */
#define PERIOD_MAX_LIMIT (UINT64_C(0xffffffff) - 1)

/* The first round computes at least this many values. */
#define FIRST_ROUND 32

/* The first round of a search under a theorem whose certificate grows
 * with the preperiod: long enough for the small games of the textbooks. */
#define FIRST_SPAN_ROUND 1024

/* A closed form that repeats answers a period search from one block of
 * at most this many values, and is checked against at most
 * THEOREM_CHECK_LIMIT values computed directly, with about
 * THEOREM_CHECK_WORK moves examined at most. */
#define THEOREM_BLOCK_MAX (UINT64_C(1) << 24)
#define THEOREM_CHECK_LIMIT UINT64_C(100000)
#define THEOREM_CHECK_WORK 1e7

/* Values per line in a text report, unless every value is asked for. */
#define SHOW_VALUES 32

/* The default run of a game that is only observed: about this many moves
 * listed, and never fewer values than OBSERVE_MIN_LIMIT. */
#define OBSERVE_DEFAULT_WORK 1e8
#define OBSERVE_MIN_LIMIT UINT64_C(1000)

/* The default run of a code proved by the Guy-Smith theorem: 2^20 values
 * reach the long periods of the published tables (0.16's proof needs
 * 509,622 values, 0.56's 653,570) in well under a second, while a code
 * with no period known (0.6) takes some seconds; ten times as many would
 * take minutes, which a larger --limit asks for knowingly. */
#define SPAN_DEFAULT_LIMIT (UINT64_C(1) << 20)

struct sg_period {
    sg_period_info info;
    const sg_theorem *theorem; /* the game's closed form, or NULL */
    /* The closed form's words, copied: a period does not refer to its game,
     * and the words of some closed forms live in the game. */
    char theorem_text[128];
    char theorem_why[512];
    char theorem_text_zh[192]; /* the Chinese words, for --lang zh */
    char theorem_why_zh[1024];
    int by_theorem; /* the period is the closed form's, proved by it */
    /* Certified: sg(0 .. n0 + p - 1), enough for any x.  Otherwise every
     * value computed, sg(0 .. computed - 1). */
    void *values;
    unsigned width;
    uint64_t held;
    int theorem_checked; /* see sg_period_theorem_checked() */
};

static inline sg_value held_value(const sg_period *r, uint64_t x)
{
    return sg_load(r->values, r->width, x);
}

sg_value sg_period_value(const sg_period *period, uint64_t x)
{
    const sg_period_info *i = &period->info;
    if (x >= period->held && i->applies && i->found)
        x = i->preperiod + (x - i->preperiod) % i->period;
    return held_value(period, x);
}

const sg_period_info *sg_period_info_of(const sg_period *period)
{
    return &period->info;
}

const char *sg_period_theorem(const sg_period *period)
{
    return period->theorem ? period->theorem_text : NULL;
}

int sg_period_theorem_checked(const sg_period *period)
{
    return period->theorem_checked;
}

void sg_period_free(sg_period *period)
{
    if (!period)
        return;
    free(period->values);
    free(period);
}

/* ---- the search -------------------------------------------------------- */

/* The smallest p >= 1 such that the last M values of A[0..len) occur again
 * p places earlier, a[len-m-p .. len-p) == a[len-m .. len); 0 when there is
 * none with p + m <= len.  FAIL has room for M entries. */
static uint64_t last_window_shift(const void *a, unsigned width, uint64_t len,
                                  uint64_t m, uint32_t *fail)
{
    if (m == 0 || m >= len)
        return 0;
    /* The pattern is P[j] = a[len-1-j] and the text T[i] = a[len-1-i]. */
    const uint64_t end = len - 1;
    fail[0] = 0;
    uint64_t q = 0;
    for (uint64_t j = 1; j < m; j++) {
        sg_value c = sg_load(a, width, end - j);
        while (q > 0 && sg_load(a, width, end - q) != c)
            q = fail[q - 1];
        if (sg_load(a, width, end - q) == c)
            q++;
        fail[j] = (uint32_t)q;
    }
    q = 0;
    for (uint64_t i = 1; i < len; i++) {
        sg_value c = sg_load(a, width, end - i);
        while (q > 0 && sg_load(a, width, end - q) != c)
            q = fail[q - 1];
        if (sg_load(a, width, end - q) == c && ++q == m)
            return i - m + 1;
    }
    return 0;
}

/* Given that a[x] == a[x + p] for FROM <= x < len - p, the first x from
 * which that holds, walking back while it does. */
static uint64_t walk_back(const void *a, unsigned width, uint64_t from,
                          uint64_t p)
{
    uint64_t x = from;
    while (x > 0 && sg_load(a, width, x - 1) == sg_load(a, width, x - 1 + p))
        x--;
    return x;
}

/* Fills in why the period is the smallest: for each prime r dividing it, a
 * position x >= n0 where p / r fails.  Every period is a multiple of the
 * smallest, so if no p / r is a period, no proper divisor of p is one. */
static sg_status find_witnesses(sg_ctx *ctx, sg_period *r)
{
    sg_period_info *i = &r->info;
    uint64_t p = i->period, rest = p;
    i->nwitnesses = 0;
    for (uint64_t f = 2; rest > 1; f++) {
        if (f > rest / f)
            f = rest; /* what is left is prime */
        if (rest % f)
            continue;
        while (rest % f == 0)
            rest /= f;
        uint64_t d = p / f, x = i->preperiod;
        /* Within one period a failure of d must show, or d would repeat the
         * block and be a period itself. */
        while (x < i->preperiod + p &&
               sg_period_value(r, x) == sg_period_value(r, x + d))
            x++;
        if (x == i->preperiod + p)
            return sg_ctx_fail(ctx, SG_EINTERNAL, "period %llu: %llu would be "
                               "a smaller period", (unsigned long long)p,
                               (unsigned long long)d);
        i->witness_shift[i->nwitnesses] = d;
        i->witness_x[i->nwitnesses] = x;
        i->nwitnesses++;
    }
    return SG_OK;
}

typedef struct search {
    sg_ctx *ctx;
    sg_period *r;
    uint64_t k;          /* max S: the length of the certificate */
    uint64_t count;      /* values received */
    uint64_t next;       /* the end of the current round */
    uint64_t last;       /* the limit: positions 0..last */
    uint32_t *fail;      /* k entries, for the pattern search */
} search;

/* Looks for the certificate among the values held; returns 1 when found. */
static int certify(search *s)
{
    sg_period *r = s->r;
    uint64_t p = last_window_shift(r->values, r->width, s->count, s->k,
                                   s->fail);
    if (!p)
        return 0;
    sg_period_info *i = &r->info;
    i->found = 1;
    i->period = p;
    i->preperiod = walk_back(r->values, r->width, s->count - s->k - p, p);
    i->cert_from = i->preperiod;
    i->cert_to = i->preperiod + s->k - 1;
    return 1;
}

/* The engine's step consumer: keeps each value, and at the end of each round
 * looks for the certificate, stopping the engine when it is found. */
static int collect(void *user, const sg_step *step)
{
    search *s = user;
    sg_period *r = s->r;
    sg_store(r->values, r->width, s->count++, step->sg);
    if (step->sg > r->info.max_value)
        r->info.max_value = step->sg;
    if (s->count < s->next)
        return 0;
    if (s->count > s->k && certify(s))
        return 1;
    if (s->count > s->last)
        return 0; /* the last value: the engine stops by itself */
    uint64_t next = s->next > s->last / 2 ? s->last + 1 : s->next * 2;
    void *grown = sg_grow(s->ctx, r->values, (size_t)next, r->width);
    if (!grown)
        return SG_ENOMEM;
    r->values = grown;
    s->next = next;
    return 0;
}

/* The values of an infinite family up to the limit, and what they show. */
static sg_status observe(sg_ctx *ctx, sg_period *r, const sg_game *game)
{
    sg_period_info *i = &r->info;
    sg_values *v = NULL;
    sg_status st = sg_compute(ctx, game, i->limit, NULL, &v);
    if (st != SG_OK)
        return st;
    r->values = v->data;
    r->width = v->width;
    r->held = i->computed = v->count;
    i->max_value = v->max;
    v->data = NULL;
    sg_values_free(v);

    uint64_t n = r->held;
    r->theorem_checked = -1;
    if (r->theorem) {
        r->theorem_checked = 1;
        for (uint64_t x = 0; x < n; x++)
            if (held_value(r, x) != sg_game_theorem_value(game, r->theorem,
                                                          x))
                r->theorem_checked = 0;
    }
    /* A repetition is reported when the last half of the values occurs
     * again p places earlier, for a p no longer than that half, so that at
     * least two whole blocks are seen. */
    uint64_t m = (n + 1) / 2;
    uint32_t *fail = sg_alloc_raw(ctx, (size_t)m, sizeof *fail);
    if (!fail)
        return ctx->status;
    uint64_t p = last_window_shift(r->values, r->width, n, m, fail);
    free(fail);
    if (p && p <= m) {
        i->found = 1;
        i->period = p;
        i->preperiod = walk_back(r->values, r->width, n - m - p, p);
        return find_witnesses(ctx, r);
    }
    return SG_OK;
}

static uint64_t span_end(const void *user, uint64_t n0, uint64_t p)
{
    const sg_game *game = user;
    return game->ops->certificate_end(game, n0, p);
}

/* The search of a game whose theorem's certificate grows with n0 and p
 * (SG_PERIOD_SPAN): values in rounds that double, each round asked for the
 * smallest period it proves (util/certify.c).  A round that would pass the
 * work bound ends the search with what the rounds before it showed. */
static sg_status span_search(sg_ctx *ctx, sg_period *r, const sg_game *game)
{
    sg_period_info *i = &r->info;
    const sg_value_rounds *rounds = game->ops->rounds;
    void *run = rounds ? rounds->start(ctx, game) : NULL;
    if (rounds && !run)
        return ctx->status;
    sg_status st = SG_OK;
    uint64_t len = FIRST_SPAN_ROUND;
    for (;;) {
        if (len > i->limit + 1)
            len = i->limit + 1;
        /* The kind's rounds extend one table, which is read in place;
         * without them each round computes its values anew. */
        const void *a;
        unsigned width;
        sg_value max;
        if (run) {
            st = rounds->extend(ctx, run, len - 1);
            a = rounds->values(run, &width, &max);
        } else {
            sg_values *v = NULL;
            st = sg_compute(ctx, game, len - 1, NULL, &v);
            if (st == SG_OK) {
                free(r->values);
                r->values = v->data;
                r->width = v->width;
                max = v->max;
                v->data = NULL;
                sg_values_free(v);
            }
            a = r->values;
            width = r->width;
        }
        if (st == SG_ELIMIT && i->computed) {
            sg_ctx_clear(ctx);
            i->stopped = 1;
            st = SG_OK;
            break;
        }
        if (st != SG_OK)
            break;
        r->held = i->computed = len;
        i->max_value = max;
        uint32_t *fail = sg_alloc_raw(ctx, (size_t)len, sizeof *fail);
        if (!fail) {
            st = ctx->status;
            break;
        }
        uint64_t n0, p, want;
        int found = sg_certified_period(a, width, len, span_end, game, fail,
                                        &n0, &p, &want);
        free(fail);
        if (found) {
            i->found = 1;
            i->preperiod = n0;
            i->period = p;
            i->cert_from = n0;
            i->cert_to = span_end(game, n0, p) - 1;
            /* sg(0 .. n0 + p - 1) answer for every position. */
            r->held = n0 + p;
            break;
        }
        if (len > i->limit)
            break;
        /* The next round doubles, unless a period that the values show
         * needs fewer to be proved (if it holds up). */
        uint64_t next = len > i->limit / 2 ? i->limit + 1 : 2 * len;
        len = want > len && want < next ? want : next;
    }
    if (run) {
        /* The table of the rounds becomes the period's. */
        free(r->values);
        r->values = rounds->take(run, &r->width);
        rounds->end(run);
    }
    if (st != SG_OK)
        return st;
    if (i->found) {
        void *shrunk = realloc(r->values, (size_t)(r->held * r->width));
        if (shrunk)
            r->values = shrunk;
        return find_witnesses(ctx, r);
    }
    return SG_OK;
}

/* A period that the game's closed form proves: one block from the closed
 * form, answering for every position, and the values up to a small bound
 * computed directly to check it against (their number is held to about
 * THEOREM_CHECK_WORK moves, so the report comes in milliseconds however
 * long the block is). */
static sg_status theorem_search(sg_ctx *ctx, sg_period *r, const sg_game *game,
                                uint64_t p)
{
    sg_period_info *i = &r->info;
    r->by_theorem = 1;
    i->applies = 1;
    i->found = 1;
    i->preperiod = 0;
    i->period = p;
    sg_value top = 0;
    for (uint64_t x = 0; x < p; x++) {
        sg_value v = sg_game_theorem_value(game, r->theorem, x);
        if (v > top)
            top = v;
    }
    r->width = sg_width_for(top);
    r->values = sg_alloc_raw(ctx, (size_t)p, r->width);
    if (!r->values)
        return ctx->status;
    for (uint64_t x = 0; x < p; x++)
        sg_store(r->values, r->width, x,
                 sg_game_theorem_value(game, r->theorem, x));
    r->held = p;
    i->max_value = top;

    uint64_t last = i->limit < THEOREM_CHECK_LIMIT ? i->limit
                                                   : THEOREM_CHECK_LIMIT;
    while (last > 0 && (double)sg_game_max_moves(game, last) *
                               (double)(last + 1) > THEOREM_CHECK_WORK)
        last /= 2;
    sg_values *v = NULL;
    sg_status st = sg_compute(ctx, game, last, NULL, &v);
    if (st != SG_OK)
        return st;
    r->theorem_checked = 1;
    for (uint64_t x = 0; x < v->count; x++)
        if (sg_values_get(v, x) != sg_period_value(r, x))
            r->theorem_checked = 0;
    i->computed = v->count;
    sg_values_free(v);
    return find_witnesses(ctx, r);
}

/* Checks that a search up to LIMIT fits in memory and in the engine's work
 * bound before anything is computed. */
static sg_status check_limit(sg_ctx *ctx, const sg_game *game, uint64_t limit,
                             uint64_t k, unsigned width)
{
    if (limit > PERIOD_MAX_LIMIT)
        return sg_ctx_fail(ctx, SG_ELIMIT, "a period search computes at most "
                           "sg(0..%llu)", (unsigned long long)PERIOD_MAX_LIMIT);
    bool window = game->ops->period_rule(game) == SG_PERIOD_WINDOW;
    /* The values, and the failure table of the pattern: k entries for a
     * finite set, half the values for an infinite one. */
    uint64_t count = limit + 1;
    bool span = game->ops->period_rule(game) == SG_PERIOD_SPAN;
    uint64_t table = window ? (k <= limit ? k : 0)
                     : span ? count
                            : (count + 1) / 2;
    uint64_t bytes = count * width + table * sizeof(uint32_t);
    uint64_t phys = sg_physical_memory();
    if (phys && bytes > phys / 4 * 3) {
        char need[32], have[32];
        sg_format_bytes(bytes, need, sizeof need);
        sg_format_bytes(phys, have, sizeof have);
        return sg_ctx_fail(ctx, SG_ELIMIT, "a period search up to %llu needs "
                           "%s, but this machine has %s of memory",
                           (unsigned long long)limit, need, have);
    }
    if (window) {
        uint64_t moves = sg_game_max_moves(game, limit);
        double work = (double)moves * (double)count;
        if (work > SG_WORK_MAX)
            return sg_ctx_fail(ctx, SG_ELIMIT, "a period search up to %llu "
                               "examines about %.1e moves (%llu amounts per "
                               "position), more than the %.0e sgviz allows",
                               (unsigned long long)limit, work,
                               (unsigned long long)moves, SG_WORK_MAX);
    }
    return SG_OK;
}

/* The default limit: SG_PERIOD_DEFAULT_LIMIT, or less for a large set, so
 * that the engine's work stays within its bound; SPAN_DEFAULT_LIMIT for a
 * code proved by the Guy-Smith theorem. */
static uint64_t default_limit(const sg_game *game)
{
    uint64_t limit = SG_PERIOD_DEFAULT_LIMIT;
    if (game->ops->period_rule(game) == SG_PERIOD_SPAN)
        return SPAN_DEFAULT_LIMIT;
    uint64_t moves = sg_game_max_moves(game, SG_POSITION_MAX);
    if (game->ops->period_rule(game) == SG_PERIOD_WINDOW && moves > 0) {
        uint64_t cap = (uint64_t)(SG_WORK_MAX / (double)moves) - 1;
        if (cap < limit)
            limit = cap;
    }
    /* A game without a certificate is only observed, and the values of
     * some (Lasker's Nim's grow with the heap) never thin out enough for a
     * fast method: the default run then stops, at a round number, where
     * listing the moves would take about a second. */
    if (game->ops->period_rule(game) == SG_PERIOD_OBSERVE &&
        game->ops->shape(game) == SG_SHAPE_GENERAL && game->ops->work) {
        /* 10^7, 5*10^6, 2*10^6, 10^6, 5*10^5, ... */
        static const unsigned times[] = {1, 2, 1}, over[] = {2, 5, 2};
        for (unsigned i = 0; limit > OBSERVE_MIN_LIMIT &&
             game->ops->work(game, limit) > OBSERVE_DEFAULT_WORK;
             i = (i + 1) % 3)
            limit = limit / over[i] * times[i];
    }
    return limit;
}

uint64_t sg_period_limit_for(const sg_game *game, uint64_t max)
{
    uint64_t limit = default_limit(game);
    return max == 0 ? 1 : max < limit ? max : limit;
}

static sg_period *find_period(sg_ctx *ctx, const sg_game *game,
                              uint64_t limit, bool use_theorem);

/* Copies the words of THEOREM into R, in both languages. */
static void copy_theorem(sg_period *r, const sg_theorem *theorem)
{
    snprintf(r->theorem_text, sizeof r->theorem_text, "%s", theorem->text);
    snprintf(r->theorem_why, sizeof r->theorem_why, "%s", theorem->why);
    snprintf(r->theorem_text_zh, sizeof r->theorem_text_zh, "%s",
             theorem->text_zh ? theorem->text_zh : theorem->text);
    snprintf(r->theorem_why_zh, sizeof r->theorem_why_zh, "%s",
             theorem->why_zh ? theorem->why_zh : theorem->why);
}

sg_period *sg_period_find(sg_ctx *ctx, const sg_game *game, uint64_t limit)
{
    return find_period(ctx, game, limit, true);
}

sg_period *sg_period_find_searching(sg_ctx *ctx, const sg_game *game,
                                    uint64_t limit)
{
    return find_period(ctx, game, limit, false);
}

static sg_period *find_period(sg_ctx *ctx, const sg_game *game,
                              uint64_t limit, bool use_theorem)
{
    sg_period_rule rule = game->ops->period_rule(game);
    const sg_theorem *theorem = sg_game_theorem(game);
    uint64_t theorem_p = theorem ? sg_game_theorem_period(game) : 0;
    if (rule == SG_PERIOD_NONE) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: a game graph has finitely many "
                    "positions and no period; periods belong to subtraction "
                    "games (-s)", game->spec);
        return NULL;
    }
    if (limit == 0)
        limit = default_limit(game);
    uint64_t k = game->ops->reach(game);
    if (use_theorem && theorem_p && theorem_p <= THEOREM_BLOCK_MAX) {
        sg_period *r = sg_alloc(ctx, 1, sizeof *r);
        if (!r)
            return NULL;
        r->theorem = theorem;
        copy_theorem(r, theorem);
        r->info.limit = limit;
        r->info.max_amount = k;
        if (theorem_search(ctx, r, game, theorem_p) != SG_OK) {
            sg_period_free(r);
            return NULL;
        }
        return r;
    }
    unsigned width = sg_width_for(game->ops->value_bound(game, limit));
    if (check_limit(ctx, game, limit, k, width) != SG_OK)
        return NULL;

    sg_period *r = sg_alloc(ctx, 1, sizeof *r);
    if (!r)
        return NULL;
    r->theorem = theorem;
    if (theorem) {
        copy_theorem(r, theorem);
    }
    r->width = width;
    r->theorem_checked = -1;
    r->info.limit = limit;
    r->info.max_amount = k;
    r->info.applies = rule == SG_PERIOD_WINDOW || rule == SG_PERIOD_SPAN;

    if (rule == SG_PERIOD_SPAN) {
        if (span_search(ctx, r, game) != SG_OK) {
            sg_period_free(r);
            return NULL;
        }
        return r;
    }
    if (!r->info.applies) {
        if (observe(ctx, r, game) != SG_OK) {
            sg_period_free(r);
            return NULL;
        }
        return r;
    }
    /* A certificate needs k values and at least one more: with k beyond the
     * limit there is nothing to compute. */
    if (k > limit)
        return r;

    search s = {ctx, r, k, 0, 0, limit, NULL};
    s.next = 2 * (k + 1) > FIRST_ROUND ? 2 * (k + 1) : FIRST_ROUND;
    if (s.next > limit + 1 || s.next < k)
        s.next = limit + 1;
    r->values = sg_alloc_raw(ctx, (size_t)s.next, width);
    s.fail = sg_alloc_raw(ctx, (size_t)k, sizeof *s.fail);
    if (!r->values || !s.fail) {
        free(s.fail);
        sg_period_free(r);
        return NULL;
    }
    sg_compute_opts opts = {.on_step = collect, .user = &s};
    sg_status st = sg_compute(ctx, game, limit, &opts, NULL);
    free(s.fail);
    if (st < 0) {
        sg_period_free(r);
        return NULL;
    }
    r->info.computed = s.count;
    r->held = s.count;
    if (r->info.found) {
        /* sg(0 .. n0 + p - 1) answer for every position; the rest goes. */
        uint64_t keep = r->info.preperiod + r->info.period;
        void *shrunk = realloc(r->values, (size_t)(keep * width));
        if (shrunk)
            r->values = shrunk;
        r->held = keep;
        if (find_witnesses(ctx, r) != SG_OK) {
            sg_period_free(r);
            return NULL;
        }
    }
    return r;
}

/* ---- reports ----------------------------------------------------------- */

sg_status sg_period_format_parse(sg_ctx *ctx, const char *name,
                                 sg_period_format *format)
{
    static const char *const names[] = {"text", "json", NULL};
    int i = sg_pick_name(ctx, name, names, "--format", "period format");
    if (i < 0)
        return SG_EINPUT;
    *format = i == 0 ? SG_PERIOD_TEXT : SG_PERIOD_JSON;
    return SG_OK;
}

/* The sections of templates/period/LANG.text, the words of the text
 * report. */
enum {
    PW_RANGE,
    PW_RANGE_ONE,
    PW_MORE,
    PW_FOUND,
    PW_BLOCK_CERTIFIED,
    PW_BLOCK_OBSERVED,
    PW_BEFORE,
    PW_SO_FROM_START,
    PW_SO_FROM,
    PW_PROOF_THEOREM,
    PW_PROOF_THEOREM_CONTRADICTED,
    PW_CERTIFICATE_SPAN,
    PW_CERTIFICATE_WINDOW,
    PW_CERTIFICATE_WINDOW_ONE,
    PW_HENCE,
    PW_SMALLEST_PREPERIOD_ZERO,
    PW_SMALLEST_PREPERIOD,
    PW_SMALLEST_PERIOD_ONE,
    PW_SMALLEST_PERIOD,
    PW_NOT_A_PERIOD,
    PW_NONE_SPAN,
    PW_NONE_SPAN_STOPPED,
    PW_NONE_WINDOW_LARGE,
    PW_NONE_WINDOW,
    PW_NO_CERTIFICATE,
    PW_THEOREM_CHECKED,
    PW_THEOREM_CONTRADICTED,
    PW_OBSERVED,
    PW_OBSERVED_UNPROVED,
    PW_OBSERVED_NONE,
    PW_COMPUTED_THEOREM,
    PW_COMPUTED_PROOF,
    PW_COMPUTED,
    PW_COMPUTED_NONE,
    PW_NSECTIONS
};

static const char *const period_sections[] = {
    "range", "range-one", "more", "found", "block-certified",
    "block-observed", "before", "so-from-start", "so-from", "proof-theorem",
    "proof-theorem-contradicted", "certificate-span", "certificate-window",
    "certificate-window-one", "hence", "smallest-preperiod-zero",
    "smallest-preperiod", "smallest-period-one", "smallest-period",
    "not-a-period", "none-span", "none-span-stopped", "none-window-large",
    "none-window", "no-certificate", "theorem-checked",
    "theorem-contradicted", "observed", "observed-unproved",
    "observed-none", "computed-theorem", "computed-proof", "computed",
    "computed-none", NULL};

enum {
    PV_N0,
    PV_P,
    PV_K,
    PV_VALUES,
    PV_RANGE,
    PV_A,
    PV_B,
    PV_X,
    PV_Y,
    PV_D,
    PV_FROM,
    PV_TO,
    PV_LAST,
    PV_USES,
    PV_LIMIT,
    PV_MAX,
    PV_N,
    PV_RULE,
    PV_WHY,
    PV_THEOREM,
    PV_NVARS
};

static const char *const period_vars[] = {
    "n0", "p", "k", "values", "range", "a", "b", "x", "y", "d", "from",
    "to", "last", "uses", "limit", "max", "n", "rule", "why", "theorem",
    NULL};

/* Every placeholder may stand in every section: a translation is free to
 * say a number where the English leaves it out. */
#define PERIOD_ALL ((UINT64_C(1) << PV_NVARS) - 1)
static const uint64_t period_allowed[PW_NSECTIONS] = {
    PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL,
    PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL,
    PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL,
    PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL,
    PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL,
    PERIOD_ALL, PERIOD_ALL, PERIOD_ALL, PERIOD_ALL};

static const char *const period_settings[] = {NULL};

static const sg_tpl_schema period_schema = {
    "period wording", period_sections, period_vars, period_allowed,
    period_settings};

/* Stands for the values in a section while it is said, so that the values,
 * which may be millions, go straight to the output. */
#define VALUES_MARK "\x01"

typedef struct writer {
    const sg_period *r;
    const sg_period_info *i;
    sg_buf b;
    sg_buf scratch; /* words written before they are escaped or wrapped */
    sg_buf said;    /* one section, said before its values are put in */
    FILE *out;
    int full;
    const char *lang;          /* "en" or "zh" */
    const sg_template *words;  /* templates/period/LANG.text */
    const char *vars[PV_NVARS];
    char num[PV_NVARS][24];    /* the numbers among the vars */
} writer;

static void flush(writer *w)
{
    if (w->b.len)
        fwrite(w->b.data, 1, w->b.len, w->out);
    w->b.len = 0;
}

static void put_u64(writer *w, uint64_t v) { sg_buf_u64(&w->b, v); }

/* Forgets the placeholders of the section said before. */
static void clear_vars(writer *w)
{
    for (int v = 0; v < PV_NVARS; v++)
        w->vars[v] = NULL;
}

/* Sets placeholder V to the number N. */
static void set_num(writer *w, int v, uint64_t n)
{
    sg_u64_to_str(n, w->num[v]);
    w->vars[v] = w->num[v];
}

/* Appends section ID, with the placeholders set, to B. */
static void say_to(writer *w, sg_buf *b, int id)
{
    sg_tpl_say(b, w->words, id, w->vars);
}

/* Appends section ID and a newline to the report, and forgets the
 * placeholders. */
static void say_line(writer *w, int id)
{
    say_to(w, &w->b, id);
    sg_buf_putc(&w->b, '\n');
    clear_vars(w);
}

/* Text reports are at most this wide where sentences are wrapped. */
#define REPORT_WIDTH 80

/* The columns a word of UTF-8 text takes: one for each character, two for
 * the wide ones (the Chinese characters and punctuation, three bytes and
 * more in UTF-8). */
static size_t columns(const char *s, size_t len)
{
    size_t col = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c & 0xc0) != 0x80)
            col += c >= 0xe0 ? 2 : 1;
    }
    return col;
}

/* Appends the sentence in w->scratch, wrapped at spaces into lines of at
 * most REPORT_WIDTH columns, the later ones indented by two spaces,
 * and a newline. */
static void put_wrapped(writer *w)
{
    const char *s = w->scratch.data ? w->scratch.data : "";
    size_t len = w->scratch.len, col = 0, i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && s[j] != ' ')
            j++;
        size_t word = j - i, width = columns(s + i, word);
        if (col > 0 && col + 1 + width > REPORT_WIDTH) {
            sg_buf_puts(&w->b, "\n  ");
            col = 2;
        } else if (col > 0) {
            sg_buf_putc(&w->b, ' ');
            col++;
        }
        sg_buf_add(&w->b, s + i, word);
        col += width;
        i = j + 1;
    }
    sg_buf_putc(&w->b, '\n');
    w->scratch.len = 0;
}

/* Says section ID into w->scratch and appends it wrapped. */
static void say_wrapped(writer *w, int id)
{
    w->scratch.len = 0;
    say_to(w, &w->scratch, id);
    clear_vars(w);
    put_wrapped(w);
}

/* sg(from .. from + n - 1) separated by SEP; in text, at most SHOW_VALUES of
 * them unless every value was asked for. */
static void put_values(writer *w, uint64_t from, uint64_t n, const char *sep,
                       bool all)
{
    uint64_t shown = all || w->full || n <= SHOW_VALUES ? n : SHOW_VALUES;
    for (uint64_t j = 0; j < shown; j++) {
        if (j)
            sg_buf_puts(&w->b, sep);
        put_u64(w, sg_period_value(w->r, from + j));
        if (w->b.len > 65536)
            flush(w);
    }
    if (shown < n) {
        const char *saved[PV_NVARS];
        memcpy(saved, w->vars, sizeof saved);
        clear_vars(w);
        char more[24];
        sg_u64_to_str(n - shown, more);
        w->vars[PV_N] = more;
        say_to(w, &w->b, PW_MORE);
        memcpy(w->vars, saved, sizeof saved);
    }
}

/* Appends section ID and a newline, with sg(FROM .. FROM + N - 1) where
 * its ${values} stand. */
static void say_values(writer *w, int id, uint64_t from, uint64_t n)
{
    w->vars[PV_VALUES] = VALUES_MARK;
    w->said.len = 0;
    say_to(w, &w->said, id);
    clear_vars(w);
    const char *s = w->said.data ? w->said.data : "";
    const char *mark = memchr(s, VALUES_MARK[0], w->said.len);
    size_t before = mark ? (size_t)(mark - s) : w->said.len;
    sg_buf_add(&w->b, s, before);
    if (mark) {
        put_values(w, from, n, " ", false);
        sg_buf_add(&w->b, mark + 1, w->said.len - before - 1);
    }
    sg_buf_putc(&w->b, '\n');
}

/* "sg(a..b)", or "sg(a)" when they are the same, in the words of the
 * report, into OUT. */
static void range_words(writer *w, char *out, size_t size, uint64_t a,
                        uint64_t b)
{
    const char *saved[PV_NVARS];
    memcpy(saved, w->vars, sizeof saved);
    clear_vars(w);
    char na[24], nb[24];
    sg_u64_to_str(a, na);
    sg_u64_to_str(b, nb);
    w->vars[PV_A] = na;
    w->vars[PV_B] = nb;
    w->said.len = 0;
    say_to(w, &w->said, a == b ? PW_RANGE_ONE : PW_RANGE);
    snprintf(out, size, "%s", w->said.data && !w->said.failed ? w->said.data
                                                              : "");
    memcpy(w->vars, saved, sizeof saved);
}

/* The block and the values before it.  ID says how far the block repeats:
 * for ever (certified), or as far as the values computed (observed). */
static void put_block_lines(writer *w, int id)
{
    const sg_period_info *i = w->i;
    uint64_t n0 = i->preperiod, p = i->period;
    char range[96];
    range_words(w, range, sizeof range, n0, n0 + p - 1);
    w->vars[PV_RANGE] = range;
    say_values(w, id, n0, p);
    if (n0 > 0) {
        range_words(w, range, sizeof range, 0, n0 - 1);
        w->vars[PV_RANGE] = range;
        say_values(w, PW_BEFORE, 0, n0);
    }
}

static void put_smallest(writer *w)
{
    const sg_period_info *i = w->i;
    uint64_t n0 = i->preperiod, p = i->period;
    if (n0 == 0) {
        say_line(w, PW_SMALLEST_PREPERIOD_ZERO);
    } else {
        uint64_t x = n0 - 1;
        set_num(w, PV_X, x);
        set_num(w, PV_A, sg_period_value(w->r, x));
        set_num(w, PV_Y, x + p);
        set_num(w, PV_B, sg_period_value(w->r, x + p));
        set_num(w, PV_N0, n0);
        say_line(w, PW_SMALLEST_PREPERIOD);
    }
    if (i->nwitnesses == 0) {
        say_line(w, PW_SMALLEST_PERIOD_ONE);
        return;
    }
    set_num(w, PV_P, p);
    say_line(w, PW_SMALLEST_PERIOD);
    for (size_t j = 0; j < i->nwitnesses; j++) {
        uint64_t d = i->witness_shift[j], x = i->witness_x[j];
        set_num(w, PV_D, d);
        set_num(w, PV_X, x);
        set_num(w, PV_A, sg_period_value(w->r, x));
        set_num(w, PV_Y, x + d);
        set_num(w, PV_B, sg_period_value(w->r, x + d));
        say_line(w, PW_NOT_A_PERIOD);
    }
}

/* The two runs of values the certificate compares, sg(FROM..TO) and
 * sg(FROM + p..TO + p), labelled alike so that the values stand in
 * columns. */
static void put_runs(writer *w, uint64_t from, uint64_t to)
{
    uint64_t p = w->i->period, n = to - from + 1;
    char left[96], right[96];
    range_words(w, left, sizeof left, from, to);
    range_words(w, right, sizeof right, from + p, to + p);
    int pad = (int)(strlen(left) > strlen(right) ? strlen(left) : strlen(right));
    sg_buf_printf(&w->b, "  %-*s = ", pad, left);
    put_values(w, from, n, " ", false);
    sg_buf_printf(&w->b, "\n  %-*s = ", pad, right);
    put_values(w, from + p, n, " ", false);
    sg_buf_putc(&w->b, '\n');
    set_num(w, PV_P, p);
    set_num(w, PV_FROM, from);
    say_line(w, PW_HENCE);
}

/* The theorem's words in the report's language. */
static const char *theorem_text(const writer *w)
{
    return sg_lang_is_zh(w->lang) ? w->r->theorem_text_zh
                                  : w->r->theorem_text;
}

static const char *theorem_why(const writer *w)
{
    return sg_lang_is_zh(w->lang) ? w->r->theorem_why_zh : w->r->theorem_why;
}

/* The game's own sentence OP (certificate_words or no_certificate_words)
 * in the report's language, as a string for a placeholder. */
static const char *game_words(writer *w, sg_buf *b, const sg_game *game,
                              bool certificate)
{
    b->len = 0;
    if (certificate)
        game->ops->certificate_words(game, w->lang, b);
    else
        game->ops->no_certificate_words(game, w->lang, b);
    sg_buf_putc(b, '\0');
    b->len--;
    return b->data && !b->failed ? b->data : "";
}

static void text_certified(writer *w, const sg_game *game)
{
    const sg_period_info *i = w->i;
    uint64_t n0 = i->preperiod, p = i->period, k = i->max_amount;
    set_num(w, PV_N0, n0);
    set_num(w, PV_P, p);
    say_line(w, PW_FOUND);
    put_block_lines(w, PW_BLOCK_CERTIFIED);
    set_num(w, PV_N0, n0);
    set_num(w, PV_P, p);
    say_line(w, n0 == 0 ? PW_SO_FROM_START : PW_SO_FROM);
    sg_buf_putc(&w->b, '\n');
    if (w->r->by_theorem) {
        w->vars[PV_THEOREM] = theorem_text(w);
        w->vars[PV_WHY] = theorem_why(w);
        set_num(w, PV_LAST, i->computed - 1);
        say_line(w, w->r->theorem_checked == 1
                        ? PW_PROOF_THEOREM
                        : PW_PROOF_THEOREM_CONTRADICTED);
        put_smallest(w);
        return;
    }
    if (game->ops->period_rule(game) == SG_PERIOD_SPAN) {
        sg_buf rule;
        sg_buf_init(&rule);
        w->vars[PV_RULE] = game_words(w, &rule, game, true);
        set_num(w, PV_N0, n0);
        set_num(w, PV_P, p);
        set_num(w, PV_FROM, i->cert_from);
        set_num(w, PV_TO, i->cert_to);
        say_wrapped(w, PW_CERTIFICATE_SPAN);
        if (rule.failed)
            w->b.failed = true;
        sg_buf_free(&rule);
    } else {
        set_num(w, PV_K, k);
        set_num(w, PV_P, p);
        say_line(w, k == 1 ? PW_CERTIFICATE_WINDOW_ONE
                           : PW_CERTIFICATE_WINDOW);
    }
    put_runs(w, i->cert_from, i->cert_to);
    put_smallest(w);
}

static void text_report(writer *w, const sg_game *game)
{
    const sg_period_info *i = w->i;
    if (sg_lang_is_zh(w->lang))
        sg_describe_add(&w->b, game->describe, w->lang);
    else
        sg_buf_puts(&w->b, game->describe);
    sg_buf_putc(&w->b, '\n');
    if (i->applies && i->found) {
        text_certified(w, game);
    } else if (i->applies && game->ops->period_rule(game) == SG_PERIOD_SPAN) {
        sg_buf rule;
        sg_buf_init(&rule);
        w->vars[PV_RULE] = game_words(w, &rule, game, true);
        set_num(w, PV_LAST, i->computed - 1);
        set_num(w, PV_LIMIT, i->limit);
        say_wrapped(w, i->stopped ? PW_NONE_SPAN_STOPPED : PW_NONE_SPAN);
        if (rule.failed)
            w->b.failed = true;
        sg_buf_free(&rule);
    } else if (i->applies) {
        set_num(w, PV_LIMIT, i->limit);
        set_num(w, PV_K, i->max_amount);
        if (i->max_amount > i->limit) {
            say_line(w, PW_NONE_WINDOW_LARGE);
        } else {
            set_num(w, PV_LAST, i->computed - 1);
            say_line(w, PW_NONE_WINDOW);
        }
    } else {
        sg_buf why;
        sg_buf_init(&why);
        w->vars[PV_WHY] = game_words(w, &why, game, false);
        say_wrapped(w, PW_NO_CERTIFICATE);
        if (why.failed)
            w->b.failed = true;
        sg_buf_free(&why);
        const char *theorem = sg_period_theorem(w->r);
        if (theorem) {
            w->vars[PV_THEOREM] = theorem_text(w);
            w->vars[PV_WHY] = theorem_why(w);
            set_num(w, PV_LAST, i->computed - 1);
            say_line(w, w->r->theorem_checked == 1 ? PW_THEOREM_CHECKED
                                                   : PW_THEOREM_CONTRADICTED);
        }
        set_num(w, PV_LAST, i->computed - 1);
        if (i->found) {
            set_num(w, PV_P, i->period);
            set_num(w, PV_N0, i->preperiod);
            say_line(w, theorem ? PW_OBSERVED : PW_OBSERVED_UNPROVED);
            put_block_lines(w, PW_BLOCK_OBSERVED);
        } else {
            set_num(w, PV_MAX, i->max_value);
            say_line(w, PW_OBSERVED_NONE);
        }
    }
    set_num(w, PV_LIMIT, i->limit);
    if (i->computed)
        set_num(w, PV_LAST, i->computed - 1);
    if (w->r->by_theorem) {
        say_line(w, PW_COMPUTED_THEOREM);
    } else if (i->applies && i->found) {
        set_num(w, PV_USES, i->cert_to + i->period);
        say_line(w, PW_COMPUTED_PROOF);
    } else {
        say_line(w, i->computed ? PW_COMPUTED : PW_COMPUTED_NONE);
    }
}

static void json_values(writer *w, const char *name, uint64_t from,
                        uint64_t n)
{
    sg_buf_printf(&w->b, ", \"%s\": [", name);
    put_values(w, from, n, ",", true);
    sg_buf_puts(&w->b, "]");
}

static void json_report(writer *w, const sg_game *game)
{
    const sg_period_info *i = w->i;
    sg_buf *b = &w->b;
    sg_buf_puts(b, "{\"game\": ");
    sg_escape_add(b, SG_ESCAPE_JSON, game->describe, strlen(game->describe),
                  true);
    sg_buf_puts(b, ", \"set\": ");
    sg_escape_add(b, SG_ESCAPE_JSON, game->spec, strlen(game->spec), true);
    sg_buf_printf(b, ", \"applies\": %s", i->applies ? "true" : "false");
    if (w->r->by_theorem) {
        if (i->max_amount)
            sg_buf_printf(b, ", \"k\": %llu",
                          (unsigned long long)i->max_amount);
        sg_buf_puts(b, ", \"proof\": \"theorem\", \"theorem\": ");
        sg_escape_add(b, SG_ESCAPE_JSON, w->r->theorem_text,
                      strlen(w->r->theorem_text), true);
        sg_buf_printf(b, ", \"theorem_checked\": %s",
                      w->r->theorem_checked == 1 ? "true" : "false");
    } else if (!i->applies) {
        const char *theorem = sg_period_theorem(w->r);
        sg_buf_puts(b, ", \"theorem\": ");
        if (theorem)
            sg_escape_add(b, SG_ESCAPE_JSON, theorem, strlen(theorem), true);
        else
            sg_buf_puts(b, "null");
        if (theorem)
            sg_buf_printf(b, ", \"theorem_checked\": %s",
                          w->r->theorem_checked == 1 ? "true" : "false");
    } else if (game->ops->period_rule(game) == SG_PERIOD_SPAN) {
        sg_buf *words = &w->scratch;
        words->len = 0;
        game->ops->certificate_words(game, "en", words);
        sg_buf_puts(b, ", \"rule\": ");
        if (words->data)
            sg_escape_add(b, SG_ESCAPE_JSON, words->data, words->len, true);
        sg_buf_printf(b, ", \"stopped\": %s", i->stopped ? "true" : "false");
    } else {
        sg_buf_printf(b, ", \"k\": %llu", (unsigned long long)i->max_amount);
    }
    sg_buf_printf(b, ", \"found\": %s", i->found ? "true" : "false");
    if (i->found) {
        sg_buf_printf(b, ", \"preperiod\": %llu, \"period\": %llu",
                      (unsigned long long)i->preperiod,
                      (unsigned long long)i->period);
        json_values(w, "block", i->preperiod, i->period);
        json_values(w, "before", 0, i->preperiod);
        if (i->applies && !w->r->by_theorem)
            sg_buf_printf(b, ", \"certificate\": {\"from\": %llu, \"to\": "
                          "%llu, \"shift\": %llu, \"needs\": %llu}",
                          (unsigned long long)i->cert_from,
                          (unsigned long long)i->cert_to,
                          (unsigned long long)i->period,
                          (unsigned long long)(i->cert_to + i->period + 1));
        if (i->preperiod)
            sg_buf_printf(b, ", \"preperiod_fails_at\": %llu",
                          (unsigned long long)(i->preperiod - 1));
        else
            sg_buf_puts(b, ", \"preperiod_fails_at\": null");
        sg_buf_puts(b, ", \"not_periods\": [");
        for (size_t j = 0; j < i->nwitnesses; j++)
            sg_buf_printf(b, "%s{\"shift\": %llu, \"x\": %llu}", j ? ", " : "",
                          (unsigned long long)i->witness_shift[j],
                          (unsigned long long)i->witness_x[j]);
        sg_buf_puts(b, "]");
    }
    sg_buf_printf(b, ", \"computed\": %llu, \"limit\": %llu, \"max_value\": "
                  "%llu}\n",
                  (unsigned long long)i->computed,
                  (unsigned long long)i->limit,
                  (unsigned long long)i->max_value);
}

sg_status sg_period_write(sg_ctx *ctx, const sg_period *period,
                          const sg_game *game, sg_period_format format,
                          int full, FILE *out)
{
    sg_period_opts opts = {.size = sizeof opts, .format = format,
                           .full = full};
    return sg_period_write_opts(ctx, period, game, &opts, out);
}

sg_status sg_period_write_opts(sg_ctx *ctx, const sg_period *period,
                               const sg_game *game, const sg_period_opts *opts,
                               FILE *out)
{
    sg_period_opts o = {0};
    if (opts && sg_opts_take(ctx, &o, sizeof o, opts,
                             SG_OPTS_V0(sg_period_opts, lang),
                             "sg_period_opts") != SG_OK)
        return ctx->status;
    if ((unsigned)o.format > SG_PERIOD_JSON)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown period format %d",
                           (int)o.format);
    writer w;
    memset(&w, 0, sizeof w);
    w.r = period;
    w.i = &period->info;
    w.out = out;
    w.full = o.full;
    w.lang = o.lang ? o.lang : "en";
    sg_template *words = NULL;
    if (o.format == SG_PERIOD_TEXT) {
        /* JSON speaks the one language of its keys; the text report reads
         * its words, which must exist before anything is written. */
        char name[32];
        if (strlen(w.lang) > 8)
            return sg_fail_language(ctx, w.lang);
        snprintf(name, sizeof name, "period/%s.text", w.lang);
        if (!sg_builtin_file(name, NULL))
            return sg_fail_language(ctx, w.lang);
        words = sg_tpl_builtin(ctx, &period_schema, name);
        if (!words)
            return ctx->status;
        w.words = words;
    }
    sg_buf_init(&w.b);
    sg_buf_init(&w.scratch);
    sg_buf_init(&w.said);
    if (o.format == SG_PERIOD_JSON)
        json_report(&w, game);
    else
        text_report(&w, game);
    bool failed = w.b.failed || w.scratch.failed || w.said.failed;
    flush(&w);
    sg_buf_free(&w.b);
    sg_buf_free(&w.scratch);
    sg_buf_free(&w.said);
    sg_template_free(words);
    if (failed)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the report");
    if (fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the report");
    return SG_OK;
}
