/*
 * misere.c - misère play, where the player who makes the last move loses.
 *
 * The misère Grundy value g-(G) is the least m for which G + *m is a
 * misère P-position.  It obeys a recursion of its own: g-(G) = 1 when G has
 * no moves, else the mex of its options' g- (by induction on G + *m: the
 * position G + *g-(G) has no move to a P-position, and G + *m for any other
 * m has one).  So g-(G) = 0 exactly at the misère P-positions.
 *
 * Sums do not follow the XOR rule in misère play, so the outcome of a sum
 * is found one of three ways:
 *
 *  - Nim (a game whose moves reach every smaller heap): misère Nim's rule
 *    on the heap sizes, for heaps of any size.
 *  - A game without splitting moves whose every position up to the largest
 *    part plays like a nim-heap: sg 0 with g- 1, sg 1 with g- 0, or
 *    g- = sg >= 2 (checked position by position).  Then misère Nim's rule
 *    holds on the sg values, by the same induction as for Nim: call a part
 *    large when its sg is 2 or more; a sum with a large part is a
 *    P-position exactly when its nim-sum is 0, a sum of small parts exactly
 *    when its nim-sum is 1.
 *  - Otherwise (Kayles, where heap 5 has sg 4 but g- 1, a pair no sum of
 *    nim-heaps has) a search over the positions reachable, each a multiset
 *    of the game's positions (a position with no moves is left out: it is
 *    the game 0), memoized, with a bound on the positions it examines.
 */
#include "core/quotient.h"
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

/* The largest position the search lists the moves of: every position up
 * to the largest part has its moves kept. */
#define MISERE_MAX_HEAP UINT64_C(100000)
/* The positions a search examines before the quotient is tried (at most
 * a quarter of the bound, which leaves the learning room). */
#define MISERE_QUICK_POSITIONS UINT64_C(100000)
/* The misère quotient is learned for sums of positions below this. */
#define MISERE_QUOTIENT_PARTS 256u
/* The most moves the search keeps for all those positions together. */
#define MISERE_MAX_OPTIONS ((size_t)20000000)
/* The least memory one position kept by the search takes: its entry of
 * 16 bytes in a table at most half full, which doubles (so up to four
 * entries' room), and its length and a part in the arena. */
#define MISERE_BYTES_PER_POSITION UINT64_C(72)

/* A value the table holds when only the outcome of a position is known. */
#define ONLY_N UINT32_C(0xFFFFFFFF)
#define ONLY_P UINT32_C(0xFFFFFFFE)
#define NO_VALUE UINT32_C(0xFFFFFFFD)

/* ------------------------------------------------------------------------ */
/* The moves of each single position                                        */
/* ------------------------------------------------------------------------ */

/* Position x's options: option j leaves the non-terminal positions
 * part[opt_part[opt_first[x] + j] ...].  A position without options is
 * terminal. */
typedef struct options {
    uint64_t count;       /* positions 0..count-1 are listed */
    size_t *first;        /* options of x: first[x] .. first[x + 1] */
    size_t *part_start;   /* option o leaves part[part_start[o] ..
                             part_start[o + 1]) */
    uint32_t *part;
    sg_value *xor_plus;   /* the nim-sum of the sg values option o leaves */
    size_t nopt, opt_cap, npart, part_cap;
    /* For each position: its key in the hash of a multiset, and its sg. */
    uint64_t *key;
    sg_value *plus;
    /* The first position that plays like *1 (one move, to nothing), or
     * NO_ONE.  Two such parts cancel: *1 + *1 has the misère outcome of 0
     * in every sum, since G + *1 + *1 is a P-position exactly when G is
     * (by induction on G: its move to G + *1 is one to a P-position only
     * when G is an N-position, and G + *1 + *1 = *1 + *1 when G = 0).  So
     * every such part is written as this one, and pairs of it are dropped:
     * a multiset holds it at most once. */
    uint32_t one;
} options;

#define NO_ONE UINT32_MAX

/* ------------------------------------------------------------------------ */
/* The table of positions searched                                          */
/* ------------------------------------------------------------------------ */

typedef struct entry {
    uint64_t hash;    /* 0: empty slot */
    uint32_t at;      /* the position in the arena: its length, then parts */
    uint32_t value;   /* g-, or ONLY_N / ONLY_P */
} entry;

struct sg_misere {
    const sg_game *game;
    uint64_t limit;       /* the most positions the table holds */
    bool nim;             /* moves reach every smaller heap */
    bool splits;          /* moves may leave several positions */
    /* sg and g- of single positions 0..known-1 (games without splits) */
    uint64_t known;
    sg_values *plus;
    sg_value *minus;
    uint64_t wild_at;     /* the first of them that is not nim-like, or
                             SG_NO_POSITION */
    /* The search. */
    options opt;
    sg_lookup *lookup;    /* sg of positions, to order the moves */
    entry *slots;
    size_t mask, used;
    uint32_t *arena;
    size_t arena_len, arena_cap;
    uint64_t searched;    /* new positions examined by the last question */
    /* The misère quotient, proved for every sum of positions up to its
     * level; built when a search alone needs too many positions. */
    sg_quotient *quotient;
    bool quotient_failed;  /* it could not be built within its bounds */
};

static uint64_t mix(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

/* The hash of a multiset is the sum of its members' keys, so that a move
 * updates it by a subtraction and an addition.  0 is kept for "empty". */
static uint64_t key(uint64_t p) { return mix(p) | 1; }

static uint64_t hash_of(const uint32_t *m, size_t k)
{
    uint64_t h = 0;
    for (size_t i = 0; i < k; i++)
        h += key(m[i]);
    return h ? h : 1;
}

static entry *find(sg_misere *m, uint64_t h, const uint32_t *ms, size_t k)
{
    if (!m->slots)
        return NULL;
    for (size_t i = (size_t)h & m->mask; m->slots[i].hash;
         i = (i + 1) & m->mask) {
        entry *e = &m->slots[i];
        if (e->hash == h && m->arena[e->at] == k &&
            memcmp(&m->arena[e->at + 1], ms, k * sizeof *ms) == 0)
            return e;
    }
    return NULL;
}

static sg_status grow_table(sg_ctx *ctx, sg_misere *m)
{
    size_t slots = m->mask ? 2 * (m->mask + 1) : 1 << 16;
    entry *t = sg_alloc(ctx, slots, sizeof *t);
    if (!t)
        return ctx->status;
    for (size_t i = 0; m->mask && i <= m->mask; i++) {
        entry *e = &m->slots[i];
        if (!e->hash)
            continue;
        size_t j = (size_t)e->hash & (slots - 1);
        while (t[j].hash)
            j = (j + 1) & (slots - 1);
        t[j] = *e;
    }
    free(m->slots);
    m->slots = t;
    m->mask = slots - 1;
    return SG_OK;
}

/* Stores the multiset MS[0..k) with VALUE.  Returns SG_OK, SG_ENOMEM, or
 * SG_ELIMIT (no message) when the table is full. */
static sg_status store(sg_ctx *ctx, sg_misere *m, uint64_t h,
                       const uint32_t *ms, size_t k, uint32_t value)
{
    entry *e = find(m, h, ms, k);
    if (e) {
        if (e->value == ONLY_N || e->value == ONLY_P)
            e->value = value;
        return SG_OK;
    }
    if (m->used >= m->limit)
        return SG_ELIMIT;
    if (2 * (m->used + 1) > m->mask + 1 && grow_table(ctx, m) != SG_OK)
        return ctx->status;
    if (m->arena_len + k + 1 > m->arena_cap) {
        size_t cap = m->arena_cap ? m->arena_cap * 2 : 1 << 16;
        while (cap < m->arena_len + k + 1)
            cap *= 2;
        if (cap > UINT32_MAX)
            return SG_ELIMIT;
        uint32_t *a = sg_grow(ctx, m->arena, cap, sizeof *a);
        if (!a)
            return ctx->status;
        m->arena = a;
        m->arena_cap = cap;
    }
    size_t at = m->arena_len;
    m->arena[at] = (uint32_t)k;
    if (k) /* the empty position may come with no array at all */
        memcpy(&m->arena[at + 1], ms, k * sizeof *ms);
    m->arena_len += k + 1;
    size_t i = (size_t)h & m->mask;
    while (m->slots[i].hash)
        i = (i + 1) & m->mask;
    m->slots[i] = (entry){h, (uint32_t)at, value};
    m->used++;
    m->searched++;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Life                                                                     */
/* ------------------------------------------------------------------------ */

sg_misere *sg_misere_new(sg_ctx *ctx, const sg_game *game,
                         uint64_t max_positions)
{
    /* Misère play of a sum needs its parts to be games of their own; the
     * heads of one row of coins are parts only by normal play's theorem. */
    if (game->ops->parts_by_theorem) {
        sg_ctx_fail(ctx, SG_EINPUT, "--misere: %s: a row's heads are one "
                    "game, not parts of their own (that a row's value is "
                    "the nim-sum of its heads' holds in normal play only), "
                    "so misère play of rows is not their heads' misère "
                    "play", game->describe);
        return NULL;
    }
    if (game->ops->check_moves &&
        game->ops->check_moves(ctx, game,
                               sg_game_is_finite(game)
                                   ? sg_game_position_count(game) - 1
                                   : 0,
                               true) != SG_OK)
        return NULL;
    uint64_t limit = max_positions ? max_positions : SG_MISERE_MAX_POSITIONS;
    /* Each position kept takes a slot of the table (which doubles, so up
     * to four times its entry while at most half full) and its parts in
     * the arena: at least MISERE_BYTES_PER_POSITION.  A bound whose table
     * could not fit is refused now, before any search fills memory. */
    uint64_t phys = sg_physical_memory();
    if (limit > UINT64_MAX / MISERE_BYTES_PER_POSITION ||
        (phys && limit * MISERE_BYTES_PER_POSITION > phys / 4 * 3)) {
        char need[32] = "more than 16 EiB", have[32];
        if (limit <= UINT64_MAX / MISERE_BYTES_PER_POSITION)
            sg_format_bytes(limit * MISERE_BYTES_PER_POSITION, need,
                            sizeof need);
        sg_format_bytes(phys, have, sizeof have);
        sg_ctx_fail(ctx, SG_ELIMIT, "--search-limit %llu: a misère search "
                    "that keeps %llu positions needs at least %s, but this "
                    "machine has %s of memory",
                    (unsigned long long)limit, (unsigned long long)limit,
                    need, have);
        return NULL;
    }
    sg_misere *m = sg_alloc(ctx, 1, sizeof *m);
    if (!m)
        return NULL;
    m->game = game;
    m->limit = limit;
    m->nim = game->ops->shape(game) == SG_SHAPE_EVERY_AMOUNT;
    m->splits = game->ops->max_parts > 1;
    m->wild_at = SG_NO_POSITION;
    return m;
}

void sg_misere_free(sg_misere *m)
{
    if (!m)
        return;
    sg_values_free(m->plus);
    free(m->minus);
    free(m->opt.first);
    free(m->opt.part_start);
    free(m->opt.part);
    free(m->opt.xor_plus);
    free(m->opt.key);
    free(m->opt.plus);
    sg_lookup_free(m->lookup);
    free(m->slots);
    free(m->arena);
    sg_quotient_free(m->quotient);
    free(m);
}

/* ------------------------------------------------------------------------ */
/* Games without splits: sg and g- of every position up to a bound         */
/* ------------------------------------------------------------------------ */

/* Whether sg S and g- G are those of a nim-heap: 0 and 1, 1 and 0, or
 * equal and at least 2. */
static bool nim_like(sg_value s, sg_value g)
{
    return s <= 1 ? g == (s ^ 1) : g == s;
}

/* Computes sg and g- of positions 0..LAST of a game without splits (for a
 * finite game, all of them), by the mex of the moves' values with a
 * terminal position's g- 1.  Returns SG_OK or an error naming the bound. */
static sg_status singles(sg_ctx *ctx, sg_misere *m, uint64_t last)
{
    const sg_game *game = m->game;
    last = sg_game_clamp(game, last);
    if (m->known > last)
        return SG_OK;
    sg_status st = sg_check_range(ctx, game, last);
    if (st != SG_OK)
        return st;
    double work = game->ops->work ? game->ops->work(game, last)
                                  : (double)sg_game_max_moves(game, last) *
                                        ((double)last + 1);
    if (work > SG_WORK_MAX)
        return sg_ctx_fail(ctx, SG_ELIMIT, "misère values of positions "
                           "0..%llu would examine about %.1e moves, more than "
                           "the %.0e sgviz allows",
                           (unsigned long long)last, work, SG_WORK_MAX);
    sg_values *plus = NULL;
    st = sg_compute(ctx, game, last, NULL, &plus);
    if (st != SG_OK)
        return st;
    sg_value *minus = sg_alloc_raw(ctx, (size_t)last + 1, sizeof *minus);
    size_t cap = (size_t)sg_game_max_moves(game, last) + 1;
    sg_moves list = {0, NULL, sg_alloc_raw(ctx, cap, sizeof(uint64_t)), NULL,
                     NULL};
    unsigned char *seen = sg_alloc(ctx, cap + 1, 1);
    if (!minus || !list.targets || !seen) {
        st = ctx->status;
        goto done;
    }
    m->wild_at = SG_NO_POSITION;
    for (uint64_t x = 0; x <= last; x++) {
        sg_moves_clear(&list);
        game->ops->moves(game, x, &list);
        sg_value g = 1;
        if (list.n) {
            memset(seen, 0, list.n + 1);
            for (size_t j = 0; j < list.n; j++)
                if (minus[list.targets[j]] <= list.n)
                    seen[minus[list.targets[j]]] = 1;
            g = 0;
            while (seen[g])
                g++;
        }
        minus[x] = g;
        if (m->wild_at == SG_NO_POSITION &&
            !nim_like(sg_values_get(plus, x), g))
            m->wild_at = x;
    }
    sg_values_free(m->plus);
    free(m->minus);
    m->plus = plus;
    m->minus = minus;
    m->known = last + 1;
    plus = NULL;
    minus = NULL;
done:
    sg_values_free(plus);
    free(minus);
    free(list.targets);
    free(seen);
    return st;
}

/* ------------------------------------------------------------------------ */
/* The search                                                               */
/* ------------------------------------------------------------------------ */

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Whether listed position X plays like *1: one move, which leaves
 * nothing. */
static bool plays_one(const options *o, uint64_t x)
{
    return o->first[x + 1] - o->first[x] == 1 &&
           o->part_start[o->first[x] + 1] == o->part_start[o->first[x]];
}

/* Writes the parts MS[0..k) below BELOW that play like *1 as one part,
 * once if they were odd in number and not at all if even, and sorts the
 * rest; returns the new length.  (Parts from BELOW on are not listed yet,
 * so whether they play like *1 is not known.) */
static size_t fold_ones(const options *o, uint32_t *ms, size_t k,
                        uint64_t below)
{
    size_t kept = 0, ones = 0;
    for (size_t i = 0; i < k; i++) {
        if (o->one != NO_ONE && ms[i] < below && plays_one(o, ms[i]))
            ones++;
        else
            ms[kept++] = ms[i];
    }
    if (ones % 2)
        ms[kept++] = o->one;
    qsort(ms, kept, sizeof *ms, compare_u32);
    return kept;
}

/* Lists the options of every position 0..LAST, each option's parts
 * without the terminal ones, sorted, and each different option once. */
static sg_status list_options(sg_ctx *ctx, sg_misere *m, uint64_t last)
{
    const sg_game *game = m->game;
    last = sg_game_clamp(game, last);
    options *o = &m->opt;
    if (o->count > last)
        return SG_OK;
    if (last > MISERE_MAX_HEAP)
        return sg_ctx_fail(ctx, SG_ELIMIT, "the misère search lists the "
                           "moves of every %s up to the largest part, and "
                           "%llu is more than the %llu it takes",
                           game->ops->noun, (unsigned long long)last,
                           (unsigned long long)MISERE_MAX_HEAP);
    sg_status st = sg_check_range(ctx, game, last);
    if (st != SG_OK)
        return st;
    if (!m->lookup || sg_lookup_max(m->lookup) < last) {
        /* Twice as far as asked when it must grow, so that a listing that
         * grows heap by heap computes the values a few times, not once a
         * heap. */
        uint64_t want = m->lookup ? 2 * sg_lookup_max(m->lookup) : last;
        if (want < last || want > MISERE_MAX_HEAP)
            want = last;
        sg_lookup *l = sg_lookup_new(ctx, game, want);
        if (!l)
            return ctx->status;
        sg_lookup_free(m->lookup);
        m->lookup = l;
    }
    size_t cap = (size_t)sg_game_max_moves(game, last) + 1;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    sg_moves list = {0, NULL, sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                     pcap ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t)) : NULL,
                     pcap ? sg_alloc_raw(ctx, pcap, sizeof(uint64_t)) : NULL};
    size_t *first = sg_grow(ctx, o->first, (size_t)last + 2, sizeof *first);
    uint64_t *keys = first ? sg_grow(ctx, o->key, (size_t)last + 1,
                                     sizeof *keys) : NULL;
    if (first)
        o->first = first;
    if (keys)
        o->key = keys;
    sg_value *plus = keys ? sg_grow(ctx, o->plus, (size_t)last + 1,
                                    sizeof *plus) : NULL;
    if (plus)
        o->plus = plus;
    uint32_t buf[64];
    if (!plus || !list.targets ||
        (pcap && (!list.part_start || !list.parts))) {
        st = ctx->status;
        goto done;
    }
    if (o->count == 0) {
        o->one = NO_ONE;
        o->first[0] = 0;
        o->part_start = sg_alloc_raw(ctx, 1, sizeof *o->part_start);
        if (!o->part_start) {
            st = ctx->status;
            goto done;
        }
        o->part_start[0] = 0;
    }
    for (uint64_t x = o->count; x <= last && st == SG_OK; x++) {
        o->key[x] = key(x);
        o->plus[x] = sg_lookup_get(m->lookup, x);
        sg_moves_clear(&list);
        game->ops->moves(game, x, &list);
        size_t begin = o->nopt;
        for (size_t j = 0; j < list.n; j++) {
            const uint64_t *lp = &list.targets[j];
            size_t k = 1;
            if (list.part_start) {
                lp = &list.parts[list.part_start[j]];
                k = list.part_start[j + 1] - list.part_start[j];
            }
            size_t kept = 0;
            sg_value xp = 0;
            for (size_t p = 0; p < k && kept < 64; p++) {
                xp ^= sg_lookup_get(m->lookup, lp[p]);
                if (o->first[lp[p] + 1] > o->first[lp[p]])
                    buf[kept++] = (uint32_t)lp[p];
            }
            kept = fold_ones(o, buf, kept, x);
            /* Two moves to one multiset are one move. */
            bool again = false;
            for (size_t q = begin; q < o->nopt && !again; q++) {
                size_t qk = o->part_start[q + 1] - o->part_start[q];
                /* Moves that keep no parts are alike, and the list of
                 * parts may not exist yet. */
                again = qk == kept &&
                        (kept == 0 ||
                         memcmp(&o->part[o->part_start[q]], buf,
                                kept * sizeof *buf) == 0);
            }
            if (again)
                continue;
            if (o->nopt + 1 >= o->opt_cap) {
                size_t c = o->opt_cap ? 2 * o->opt_cap : 1024;
                size_t *ps = sg_grow(ctx, o->part_start, c + 1, sizeof *ps);
                sg_value *xv = ps ? sg_grow(ctx, o->xor_plus, c, sizeof *xv)
                                  : NULL;
                if (ps)
                    o->part_start = ps;
                if (!xv) {
                    st = ctx->status;
                    break;
                }
                o->xor_plus = xv;
                o->opt_cap = c;
            }
            if (o->npart + kept > o->part_cap) {
                size_t c = o->part_cap ? 2 * o->part_cap : 1024;
                while (c < o->npart + kept)
                    c *= 2;
                uint32_t *pp = sg_grow(ctx, o->part, c, sizeof *pp);
                if (!pp) {
                    st = ctx->status;
                    break;
                }
                o->part = pp;
                o->part_cap = c;
            }
            /* A move that leaves nothing keeps no parts, and the list of
             * parts may not exist yet. */
            if (kept)
                memcpy(&o->part[o->npart], buf, kept * sizeof *buf);
            o->npart += kept;
            o->xor_plus[o->nopt] = xp;
            o->part_start[++o->nopt] = o->npart;
            if (o->nopt > MISERE_MAX_OPTIONS) {
                st = sg_ctx_fail(ctx, SG_ELIMIT, "the misère search lists "
                                 "the moves of every %s up to %llu, more "
                                 "than the %zu moves it keeps",
                                 game->ops->noun, (unsigned long long)last,
                                 MISERE_MAX_OPTIONS);
                break;
            }
        }
        o->first[x + 1] = o->nopt;
        o->count = x + 1;
        if (o->one == NO_ONE && o->nopt - begin == 1 &&
            o->part_start[o->nopt] == o->part_start[o->nopt - 1])
            o->one = (uint32_t)x;
    }
done:
    free(list.targets);
    free(list.part_start);
    free(list.parts);
    return st;
}

static bool terminal(const sg_misere *m, uint64_t x)
{
    return m->opt.first[x + 1] == m->opt.first[x];
}

/* A child of the multiset on the work stack: member I replaced by option
 * O's parts, and the child's hash. */
typedef struct child {
    uint64_t hash;
    uint32_t member;
    uint32_t opt;
    uint32_t rank;    /* among the guesses: how many different positions the
                         child holds (fewer first) */
} child;

/* One position being searched. */
typedef struct frame {
    size_t at, len;       /* its members: work[at .. at + len) */
    uint64_t hash;
    size_t kids, nkids;   /* its children: kid[kids .. kids + nkids) */
    size_t next;          /* the next child to try */
    size_t vals;          /* value mode: its children's values, vals[..] */
    bool value;           /* value mode: every child is needed */
} frame;

typedef struct search {
    sg_ctx *ctx;
    sg_misere *m;
    uint32_t *work;
    size_t work_len, work_cap;
    child *kid;
    size_t nkid, kid_cap;
    uint32_t *val;
    size_t nval, val_cap;
    frame *stack;
    size_t depth, stack_cap;
} search;

/* The multiset a frame searches, in the work area; none (NULL) for the
 * empty position searched before the work area is first grown. */
static const uint32_t *work_at(const search *s, size_t at)
{
    return s->work ? s->work + at : NULL;
}

static void search_free(search *s)
{
    free(s->work);
    free(s->kid);
    free(s->val);
    free(s->stack);
}

/* Makes room for N more of what *P holds (LEN used of *CAP, SIZE each). */
static bool reserve(sg_ctx *ctx, void **p, size_t *cap, size_t len, size_t n,
                    size_t size)
{
    if (len + n <= *cap)
        return true;
    size_t c = *cap ? *cap : 256;
    while (c < len + n)
        c *= 2;
    void *g = sg_grow(ctx, *p, c, size);
    if (!g)
        return false;
    *p = g;
    *cap = c;
    return true;
}

/* Writes into OUT the child of MS[0..k) where member I is replaced by
 * option O's parts; returns its size. */
static size_t make_child(const sg_misere *m, const uint32_t *ms, size_t k,
                         size_t i, size_t o, uint32_t *out)
{
    const options *op = &m->opt;
    size_t nq = op->part_start[o + 1] - op->part_start[o];
    /* A game whose every option is empty has no parts array at all, nor
     * has a game while its first heaps are listed one by one, and an
     * offset from a null pointer is undefined even when it is 0
     * (UndefinedBehaviorSanitizer, misère Kayles in test_play). */
    const uint32_t *q = nq ? &op->part[op->part_start[o]] : NULL;
    size_t a = 0, b = 0, n = 0;
    while (a < k || b < nq) {
        if (a == i) {
            a++;
            continue;
        }
        if (b == nq || (a < k && ms[a] <= q[b]))
            out[n++] = ms[a++];
        else
            out[n++] = q[b++];
    }
    /* Both sides may hold the part that plays like *1: the pair goes. */
    for (size_t j = 0; j + 1 < n; j++)
        if (out[j] == op->one && out[j + 1] == op->one) {
            memmove(&out[j], &out[j + 2], (n - j - 2) * sizeof *out);
            n -= 2;
            break;
        }
    return n;
}

/* Finds child C of the multiset MS[0..k) in the table.  The child is
 * written into SCRATCH (its size in *CK) only when an entry has its hash,
 * which is all a lookup that fails usually costs. */
static entry *find_child(const sg_misere *m, const child *c,
                         const uint32_t *ms, size_t k, uint32_t *scratch,
                         size_t *ck)
{
    *ck = SIZE_MAX;
    if (!m->slots)
        return NULL;
    for (size_t i = (size_t)c->hash & m->mask; m->slots[i].hash;
         i = (i + 1) & m->mask) {
        entry *e = &m->slots[i];
        if (e->hash != c->hash)
            continue;
        if (*ck == SIZE_MAX)
            *ck = make_child(m, ms, k, c->member, c->opt, scratch);
        if (m->arena[e->at] == *ck &&
            memcmp(&m->arena[e->at + 1], scratch, *ck * sizeof *scratch) == 0)
            return e;
    }
    return NULL;
}

/* Whether P is among MS[0..k) (sorted) other than at index SKIP. */
static bool holds(const uint32_t *ms, size_t k, size_t skip, uint32_t p)
{
    size_t lo = 0, hi = k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ms[mid] < p)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo; i < k && ms[i] == p; i++)
        if (i != skip)
            return true;
    return false;
}

/* How many different positions the child of MS[0..k) (DISTINCT of them)
 * holds when member I is replaced by option O's parts. */
static uint32_t distinct_after(const sg_misere *m, const uint32_t *ms,
                               size_t k, size_t i, size_t o, size_t distinct)
{
    const options *op = &m->opt;
    size_t d = distinct - !holds(ms, k, i, ms[i]);
    for (size_t q = op->part_start[o]; q < op->part_start[o + 1]; q++) {
        uint32_t p = op->part[q];
        bool before = q > op->part_start[o] && op->part[q - 1] == p;
        if (!before && !holds(ms, k, i, p))
            d++;
    }
    return (uint32_t)d;
}

static int compare_rank(const void *a, const void *b)
{
    const child *x = a, *y = b;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Pushes the position MS[0..k) (copied onto the work stack) with its
 * children.  In outcome mode the children whose nim-sum is 0 in normal
 * play come first, as a guess at misère P-positions. */
static sg_status push(search *s, const uint32_t *ms, size_t k, uint64_t h,
                      bool value)
{
    sg_ctx *ctx = s->ctx;
    sg_misere *m = s->m;
    const options *op = &m->opt;
    if (!reserve(ctx, (void **)&s->stack, &s->stack_cap, s->depth, 1,
                 sizeof *s->stack) ||
        !reserve(ctx, (void **)&s->work, &s->work_cap, s->work_len, k,
                 sizeof *s->work))
        return ctx->status;
    frame *f = &s->stack[s->depth++];
    memset(f, 0, sizeof *f);
    f->at = s->work_len;
    f->len = k;
    f->hash = h;
    f->value = value;
    memmove(&s->work[f->at], ms, k * sizeof *ms);
    s->work_len += k;
    const uint32_t *w = &s->work[f->at];
    sg_value x = 0;
    size_t total = 0, distinct = 0;
    for (size_t i = 0; i < k; i++) {
        x ^= op->plus[w[i]];
        if (!i || w[i] != w[i - 1]) {
            total += op->first[w[i] + 1] - op->first[w[i]];
            distinct++;
        }
    }
    /* Twice the room: the guesses of P-positions are gathered after the
     * others, then moved in front. */
    if (!reserve(ctx, (void **)&s->kid, &s->kid_cap, s->nkid, 2 * total,
                 sizeof *s->kid))
        return ctx->status;
    f->kids = s->nkid;
    child *front = &s->kid[s->nkid], *back = front + total;
    size_t nf = 0, nb = 0;
    bool has_one = op->one != NO_ONE && holds(w, k, SIZE_MAX, op->one);
    for (size_t i = 0; i < k; i++) {
        uint32_t p = w[i];
        if (i && p == w[i - 1])
            continue;
        sg_value xp = x ^ op->plus[p];
        uint64_t hp = h - op->key[p];
        bool one_left = has_one && p != op->one;
        for (size_t o = op->first[p]; o < op->first[p + 1]; o++) {
            uint64_t ch = hp;
            for (size_t q = op->part_start[o]; q < op->part_start[o + 1];
                 q++) {
                if (one_left && op->part[q] == op->one)
                    ch -= op->key[op->one]; /* the pair cancels */
                else
                    ch += op->key[op->part[q]];
            }
            child c = {ch ? ch : 1, (uint32_t)i, (uint32_t)o, 0};
            if (!value && (xp ^ op->xor_plus[o]) == 0) {
                c.rank = distinct_after(m, w, k, i, o, distinct);
                front[nf++] = c;
            } else {
                back[nb++] = c;
            }
        }
    }
    /* A guess that leaves pairs of equal positions comes first: the
     * answers to the other player's moves then tend to restore pairs (as
     * in a mirror strategy), so a proof meets few different positions. */
    if (nf > 1)
        qsort(front, nf, sizeof *front, compare_rank);
    memmove(front + nf, back, nb * sizeof *back);
    f->nkids = nf + nb;
    s->nkid += f->nkids;
    f->vals = s->nval;
    return SG_OK;
}

static void pop(search *s)
{
    frame *f = &s->stack[--s->depth];
    s->work_len = f->at;
    s->nkid = f->kids;
    s->nval = f->vals;
}

static sg_value mex_of(const uint32_t *v, size_t n, unsigned char *seen)
{
    memset(seen, 0, n + 1);
    for (size_t i = 0; i < n; i++)
        if (v[i] <= n)
            seen[v[i]] = 1;
    sg_value g = 0;
    while (seen[g])
        g++;
    return g;
}

/* What the table says of a multiset for the question asked: its g- (value
 * mode), its outcome as ONLY_P or ONLY_N, or NO_VALUE. */
static uint32_t known(const entry *e, bool value)
{
    if (!e)
        return NO_VALUE;
    if (e->value == ONLY_N || e->value == ONLY_P)
        return value ? NO_VALUE : e->value;
    if (value)
        return e->value;
    return e->value == 0 ? ONLY_P : ONLY_N;
}

/* Whether the proved quotient answers for the multiset MS[0..k) (sorted):
 * every part within its level. */
static bool by_quotient(const sg_misere *m, const uint32_t *ms, size_t k)
{
    return m->quotient && sg_quotient_covers(m->quotient, ms, k);
}

/* Answers for the multiset MS[0..k) of non-terminal positions: its g-
 * (VALUE) or its outcome (ONLY_P / ONLY_N), into *OUT.  Returns SG_OK,
 * SG_ENOMEM, or SG_ELIMIT (no message) when the table is full. */
static sg_status solve(sg_ctx *ctx, sg_misere *m, const uint32_t *ms,
                       size_t k, bool value, uint32_t *out)
{
    if (k == 0) {
        *out = value ? 1 : ONLY_N;
        return SG_OK;
    }
    if (!value && by_quotient(m, ms, k)) {
        *out = sg_quotient_is_p(m->quotient, ms, k) ? ONLY_P : ONLY_N;
        return SG_OK;
    }
    /* The search keeps multisets with the parts that play like *1 written
     * as one, and without pairs of it. */
    uint32_t *canon = NULL;
    if (m->opt.one != NO_ONE) {
        canon = sg_alloc_raw(ctx, k, sizeof *canon);
        if (!canon)
            return ctx->status;
        memcpy(canon, ms, k * sizeof *canon);
        k = fold_ones(&m->opt, canon, k, m->opt.count);
        ms = canon;
        if (k == 0) {
            free(canon);
            *out = value ? 1 : ONLY_N;
            return SG_OK;
        }
    }
    uint64_t h = hash_of(ms, k);
    uint32_t have = known(find(m, h, ms, k), value);
    if (have != NO_VALUE) {
        free(canon);
        *out = have;
        return SG_OK;
    }
    search s = {.ctx = ctx, .m = m};
    unsigned char *seen = NULL;
    size_t seen_cap = 0;
    uint32_t *scratch = NULL;
    size_t scratch_cap = 0;
    sg_status st = push(&s, ms, k, h, value);
    uint32_t result = NO_VALUE;
    while (st == SG_OK && s.depth) {
        frame *f = &s.stack[s.depth - 1];
        /* A child just finished hands its answer up in RESULT. */
        if (result != NO_VALUE) {
            if (f->value) {
                if (!reserve(ctx, (void **)&s.val, &s.val_cap, s.nval, 1,
                             sizeof *s.val)) {
                    st = ctx->status;
                    break;
                }
                s.val[s.nval++] = result;
            } else if (result == ONLY_P) {
                result = ONLY_N; /* a move to a P-position wins */
                goto finish;
            }
            result = NO_VALUE;
        }
        if (!reserve(ctx, (void **)&scratch, &scratch_cap, 0, f->len + 64,
                     sizeof *scratch)) {
            st = ctx->status;
            break;
        }
        if (f->next == 0 && !f->value) {
            /* A child already known to be a P-position settles it at
             * once, before any is searched. */
            const uint32_t *w = work_at(&s, f->at);
            for (size_t j = 0; m->slots && j < f->nkids; j++)
                __builtin_prefetch(&m->slots[s.kid[f->kids + j].hash &
                                             m->mask]);
            bool won = false;
            for (size_t j = 0; j < f->nkids && !won; j++) {
                size_t ck;
                entry *e = find_child(m, &s.kid[f->kids + j], w, f->len,
                                      scratch, &ck);
                won = known(e, false) == ONLY_P;
            }
            if (won) {
                result = ONLY_N;
                goto finish;
            }
        }
        if (f->next < f->nkids) {
            child c = s.kid[f->kids + f->next++];
            const uint32_t *w = work_at(&s, f->at);
            size_t ck;
            entry *e = find_child(m, &c, w, f->len, scratch, &ck);
            uint32_t v = known(e, f->value);
            if (v != NO_VALUE) {
                result = v;
                continue;
            }
            if (ck == SIZE_MAX)
                ck = make_child(m, w, f->len, c.member, c.opt, scratch);
            if (ck == 0) {
                result = f->value ? 1 : ONLY_N;
                continue;
            }
            if (!f->value && by_quotient(m, scratch, ck)) {
                result = sg_quotient_is_p(m->quotient, scratch, ck) ? ONLY_P
                                                                    : ONLY_N;
                continue;
            }
            st = push(&s, scratch, ck, c.hash, f->value);
            continue;
        }
        /* Every child tried. */
        if (f->value) {
            size_t n = s.nval - f->vals;
            if (!reserve(ctx, (void **)&seen, &seen_cap, 0, n + 1, 1)) {
                st = ctx->status;
                break;
            }
            result = (uint32_t)mex_of(&s.val[f->vals], n, seen);
        } else {
            result = ONLY_P; /* no move to a P-position */
        }
    finish:
        f = &s.stack[s.depth - 1];
        st = store(ctx, m, f->hash, work_at(&s, f->at), f->len, result);
        pop(&s);
    }
    if (st == SG_OK)
        *out = result;
    search_free(&s);
    free(seen);
    free(scratch);
    free(canon);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Questions                                                                */
/* ------------------------------------------------------------------------ */

static uint64_t largest_of(const uint64_t *parts, size_t n)
{
    uint64_t l = 0;
    for (size_t i = 0; i < n; i++)
        if (parts[i] > l)
            l = parts[i];
    return l;
}

static sg_status too_large(sg_ctx *ctx, const sg_misere *m,
                           const uint64_t *parts, size_t n)
{
    char text[120];
    sg_game_sum_text(m->game, parts, n, text, sizeof text);
    if (largest_of(parts, n) >= MISERE_QUOTIENT_PARTS)
        return sg_ctx_fail(ctx, SG_ELIMIT, "the misère search of %s "
                           "examined %llu positions without an answer, the "
                           "most it may examine (%llu), and sgviz learns the "
                           "misère quotient only for sums of %ss below %u; "
                           "ask about fewer or smaller %ss",
                           text,
                           (unsigned long long)m->used,
                           (unsigned long long)m->limit, m->game->ops->noun,
                           MISERE_QUOTIENT_PARTS, m->game->ops->noun);
    return sg_ctx_fail(ctx, SG_ELIMIT, "the misère search of %s examined "
                       "%llu positions without an answer, the most it may "
                       "examine (%llu), and the misère quotient of %s could "
                       "not be learned within that bound either; ask about "
                       "fewer or smaller %ss",
                       text,
                       (unsigned long long)m->used,
                       (unsigned long long)m->limit, m->game->describe,
                       m->game->ops->noun);
}

/* The parts of a sum as the search takes them: the non-terminal ones,
 * sorted, into a new array *OUT of *K. */
static sg_status members(sg_ctx *ctx, sg_misere *m, const uint64_t *parts,
                         size_t n, uint32_t **out, size_t *k)
{
    uint32_t *ms = sg_alloc_raw(ctx, n + 1, sizeof *ms);
    if (!ms)
        return ctx->status;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (!terminal(m, parts[i]))
            ms[kept++] = (uint32_t)parts[i];
    qsort(ms, kept, sizeof *ms, compare_u32);
    *out = ms;
    *k = kept;
    return SG_OK;
}

/* Asks the search for the outcome of a sum the quotient learns from. */
typedef struct teacher {
    sg_ctx *ctx;
    sg_misere *m;
} teacher;

static sg_status teach(void *user, const uint32_t *ms, size_t k, bool *is_p)
{
    teacher *t = user;
    uint32_t r = NO_VALUE;
    sg_status st = solve(t->ctx, t->m, ms, k, false, &r);
    *is_p = r == ONLY_P;
    return st;
}

/* Forgets every position stored since the table held USED of them in
 * ARENA_LEN words of its arena: what learning the quotient stored, when
 * learning failed, so that the search resumes with the room of the bound
 * that learning took.  The entries kept are those whose parts lie before
 * that point of the arena. */
static sg_status forget_since(sg_ctx *ctx, sg_misere *m, size_t used,
                              size_t arena_len)
{
    if (!m->slots || m->used == used)
        return SG_OK;
    entry *t = sg_alloc(ctx, m->mask + 1, sizeof *t);
    if (!t)
        return ctx->status;
    for (size_t i = 0; i <= m->mask; i++) {
        entry *e = &m->slots[i];
        if (!e->hash || e->at >= arena_len)
            continue;
        size_t j = (size_t)e->hash & m->mask;
        while (t[j].hash)
            j = (j + 1) & m->mask;
        t[j] = *e;
    }
    free(m->slots);
    m->slots = t;
    m->used = used;
    m->arena_len = arena_len;
    return SG_OK;
}

/* Builds the quotient for every sum of positions up to LARGEST.  Returns
 * SG_OK, an error with its message, or SG_ELIMIT without one when the
 * quotient or its proof outgrows its bounds or the search its table (then
 * quotient_failed is set, and the search alone goes on). */
static sg_status build_quotient(sg_ctx *ctx, sg_misere *m, uint32_t largest)
{
    /* The automaton keeps a row for every state and part, so parts are
     * bounded (for a DOT game of many nodes, the search alone goes on). */
    if (largest >= MISERE_QUOTIENT_PARTS) {
        m->quotient_failed = true;
        return SG_ELIMIT;
    }
    if (!m->quotient) {
        m->quotient = sg_quotient_new(ctx);
        if (!m->quotient)
            return ctx->status;
    }
    sg_quotient_moves mv = {m->opt.count, m->opt.first, m->opt.part_start,
                            m->opt.part};
    teacher t = {ctx, m};
    size_t used = m->used, arena_len = m->arena_len;
    uint64_t searched = m->searched;
    sg_status st = sg_quotient_extend(ctx, m->quotient, &mv, largest, teach,
                                      &t);
    if (st == SG_ELIMIT) {
        m->quotient_failed = true;
        sg_ctx_clear(ctx);
        /* The sums learning solved were its own; the question's search
         * goes on from where its short search stopped. */
        if (forget_since(ctx, m, used, arena_len) != SG_OK)
            return ctx->status;
        m->searched = searched;
        st = SG_ELIMIT;
    }
    return st;
}

sg_status sg_misere_solve(sg_ctx *ctx, sg_misere *m, const uint64_t *parts,
                          size_t n, int want_value, sg_misere_answer *a)
{
    memset(a, 0, sizeof *a);
    m->searched = 0;
    if (m->nim || !m->splits) {
        sg_value x = 0;
        bool large = false;
        bool rule = m->nim;
        if (!rule) {
            sg_status st = singles(ctx, m, largest_of(parts, n));
            if (st != SG_OK)
                return st;
            rule = m->wild_at == SG_NO_POSITION ||
                   m->wild_at > largest_of(parts, n);
        }
        if (rule) {
            for (size_t i = 0; i < n; i++) {
                sg_value v = m->nim ? parts[i]
                                    : sg_values_get(m->plus, parts[i]);
                x ^= v;
                large |= v >= 2;
            }
            a->rule = m->nim ? SG_MISERE_BY_NIM : SG_MISERE_BY_TAME;
            a->large = large;
            a->nimsum = x;
            a->value = large ? x : x ^ 1;
            a->has_value = 1;
            a->first_player_wins = a->value != 0;
            return SG_OK;
        }
    }
    a->rule = SG_MISERE_BY_SEARCH;
    uint32_t *ms = NULL;
    size_t k = 0;
    sg_status st = list_options(ctx, m, largest_of(parts, n));
    if (st == SG_OK)
        st = members(ctx, m, parts, n, &ms, &k);
    if (st != SG_OK) {
        free(ms);
        return st;
    }
    uint32_t r = NO_VALUE;
    bool value = want_value != 0;
    if (k && (value || !by_quotient(m, ms, k)) && !m->quotient_failed) {
        /* A short search first: small sums are shown position by
         * position.  Past it, the quotient answers for every sum (the
         * outcome only: g- is a mex over every move, which only the
         * search finds). */
        uint64_t limit = m->limit;
        uint64_t quick = MISERE_QUICK_POSITIONS < limit / 4
                             ? MISERE_QUICK_POSITIONS
                             : limit / 4;
        if (m->used + quick < limit)
            m->limit = m->used + quick;
        st = solve(ctx, m, ms, k, value, &r);
        m->limit = limit;
        if (st == SG_ELIMIT) {
            st = build_quotient(ctx, m, ms[k - 1]);
            if (st == SG_ELIMIT)
                st = SG_OK; /* beyond its bounds: the search goes on */
            if (st == SG_OK && value && by_quotient(m, ms, k))
                value = false; /* the outcome alone, from the quotient */
        }
        if (st != SG_OK) {
            free(ms);
            return st;
        }
    }
    if (r == NO_VALUE && !value && k && by_quotient(m, ms, k)) {
        a->rule = SG_MISERE_BY_QUOTIENT;
        a->quotient_classes = sg_quotient_classes(m->quotient);
        a->quotient_pairs = sg_quotient_pairs(m->quotient);
        a->quotient_below = sg_quotient_level(m->quotient);
        a->quotient_one_more = sg_quotient_copies(m->quotient) > 0;
    }
    if (r == NO_VALUE)
        st = solve(ctx, m, ms, k, value, &r);
    free(ms);
    a->searched = m->searched;
    if (st == SG_ELIMIT)
        return too_large(ctx, m, parts, n);
    if (st != SG_OK)
        return st;
    if (value) {
        a->has_value = 1;
        a->value = r;
        a->first_player_wins = r != 0;
    } else {
        a->first_player_wins = r == ONLY_N;
    }
    return SG_OK;
}

sg_status sg_misere_values(sg_ctx *ctx, sg_misere *m, uint64_t last,
                           sg_values **out)
{
    *out = NULL;
    const sg_game *game = m->game;
    last = sg_game_clamp(game, last);
    sg_status st = sg_check_range(ctx, game, last);
    if (st != SG_OK)
        return st;
    if (!m->nim && !m->splits) {
        st = singles(ctx, m, last);
        if (st != SG_OK)
            return st;
    } else if (!m->nim) {
        /* The moves are listed heap by heap as the search reaches them
         * (below), so that a table the bound cuts short is refused after
         * the few heaps it gets to, not after listing the moves of all of
         * them; the bounds of the listing are judged first. */
        if (last > MISERE_MAX_HEAP)
            return list_options(ctx, m, last);
        st = list_options(ctx, m, 0);
        if (st != SG_OK)
            return st;
    }
    /* Nim's g- is x with 0 and 1 exchanged; a split game's comes from the
     * search, one heap at a time, each reusing what the others found. */
    sg_value bound = 1;
    if (m->nim)
        bound = last > 1 ? last : 1;
    else if (!m->splits)
        for (uint64_t x = 0; x <= last; x++)
            if (m->minus[x] > bound)
                bound = m->minus[x];
    sg_value *tmp = NULL;
    if (m->splits && !m->nim) {
        tmp = sg_alloc_raw(ctx, (size_t)last + 1, sizeof *tmp);
        if (!tmp)
            return ctx->status;
        m->searched = 0;
        for (uint64_t x = 0; x <= last; x++) {
            uint32_t one = (uint32_t)x, r = 1;
            st = list_options(ctx, m, x);
            if (st != SG_OK) {
                free(tmp);
                return st;
            }
            if (!terminal(m, x)) {
                st = solve(ctx, m, &one, 1, true, &r);
                if (st == SG_ELIMIT) {
                    char text[64];
                    snprintf(text, sizeof text, "%llu", (unsigned long long)x);
                    free(tmp);
                    return sg_ctx_fail(ctx, SG_ELIMIT, "g\u207b(%s) of %s needs "
                                       "the misère values of more than %llu "
                                       "sums of %ss, the most sgviz "
                                       "examines; ask for fewer %ss",
                                       text, game->describe,
                                       (unsigned long long)m->limit,
                                       game->ops->noun, game->ops->noun);
                }
                if (st != SG_OK) {
                    free(tmp);
                    return st;
                }
            }
            tmp[x] = r;
            if (r > bound)
                bound = r;
        }
    }
    unsigned width = sg_width_for(bound);
    st = sg_check_memory(ctx, last + 1, width);
    sg_values *v = st == SG_OK ? sg_alloc(ctx, 1, sizeof *v) : NULL;
    if (v)
        v->data = sg_alloc_raw(ctx, (size_t)last + 1, width);
    if (!v || !v->data) {
        free(v);
        free(tmp);
        return ctx->status;
    }
    v->count = last + 1;
    v->width = width;
    for (uint64_t x = 0; x <= last; x++) {
        sg_value g = m->nim     ? (x <= 1 ? x ^ 1 : x)
                     : tmp      ? tmp[x]
                                : m->minus[x];
        sg_store(v->data, width, x, g);
        if (g > v->max)
            v->max = g;
    }
    free(tmp);
    *out = v;
    return SG_OK;
}

sg_status sg_misere_tameness(sg_ctx *ctx, sg_misere *m, uint64_t last,
                             sg_misere_tame *t)
{
    memset(t, 0, sizeof *t);
    t->nim = m->nim;
    t->splits = m->splits;
    t->witness = SG_NO_POSITION;
    last = sg_game_clamp(m->game, last);
    t->checked = last;
    if (m->nim) {
        t->tame = 1;
        return SG_OK;
    }
    sg_values *minus = NULL;
    sg_status st;
    if (!m->splits) {
        st = singles(ctx, m, last);
        if (st != SG_OK)
            return st;
        t->tame = m->wild_at == SG_NO_POSITION || m->wild_at > last;
        if (!t->tame) {
            t->witness = m->wild_at;
            t->witness_sg = sg_values_get(m->plus, m->wild_at);
            t->witness_g = m->minus[m->wild_at];
        }
        return SG_OK;
    }
    /* With splits the rule is not claimed; a heap whose two values no sum
     * of nim-heaps has shows that none could be. */
    st = sg_misere_values(ctx, m, last, &minus);
    if (st != SG_OK)
        return st;
    sg_values *plus = NULL;
    st = sg_compute(ctx, m->game, last, NULL, &plus);
    if (st == SG_OK) {
        for (uint64_t x = 0; x <= last; x++) {
            sg_value s = sg_values_get(plus, x), g = sg_values_get(minus, x);
            bool possible = g == s || (s <= 1 && g == (s ^ 1));
            if (!possible) {
                t->witness = x;
                t->witness_sg = s;
                t->witness_g = g;
                break;
            }
        }
    }
    sg_values_free(plus);
    sg_values_free(minus);
    return st;
}


/* ------------------------------------------------------------------------ */
/* The moves of a sum, and which of them win                                */
/* ------------------------------------------------------------------------ */

struct sg_misere_moves {
    size_t n, cap;
    sg_sum_move *move;
    int *wins;               /* whether move i leaves a misère P-position */
    uint64_t *searched;      /* positions the search examined for move i */
    size_t *left_start;      /* move i leaves left[left_start[i] ..] */
    uint64_t *left;
    size_t nleft, left_cap;
};

void sg_misere_moves_free(sg_misere_moves *mv)
{
    if (!mv)
        return;
    free(mv->move);
    free(mv->wins);
    free(mv->searched);
    free(mv->left_start);
    free(mv->left);
    free(mv);
}

static sg_status add(sg_ctx *ctx, sg_misere_moves *mv, size_t part,
                     uint64_t from, uint64_t amount, const uint64_t *left,
                     size_t k, int wins, uint64_t searched)
{
    if (mv->n + 1 >= mv->cap) {
        size_t cap = mv->cap ? 2 * mv->cap : 16;
        sg_sum_move *m = sg_grow(ctx, mv->move, cap, sizeof *m);
        if (m)
            mv->move = m;
        int *w = m ? sg_grow(ctx, mv->wins, cap, sizeof *w) : NULL;
        if (w)
            mv->wins = w;
        uint64_t *sr = w ? sg_grow(ctx, mv->searched, cap, sizeof *sr) : NULL;
        if (sr)
            mv->searched = sr;
        size_t *ls = sr ? sg_grow(ctx, mv->left_start, cap + 1, sizeof *ls)
                        : NULL;
        if (!ls)
            return ctx->status;
        mv->left_start = ls;
        if (mv->n == 0)
            ls[0] = 0;
        mv->cap = cap;
    }
    if (!reserve(ctx, (void **)&mv->left, &mv->left_cap, mv->nleft, k,
                 sizeof *mv->left))
        return ctx->status;
    memcpy(&mv->left[mv->nleft], left, k * sizeof *left);
    mv->nleft += k;
    mv->move[mv->n] = (sg_sum_move){part, from,
                                    k == 1 ? left[0] : SG_NO_POSITION,
                                    amount};
    mv->wins[mv->n] = wins;
    mv->searched[mv->n] = searched;
    mv->left_start[++mv->n] = mv->nleft;
    return SG_OK;
}

/* Misère Nim's winning moves, found directly for heaps of any size: with
 * two or more heaps of 2 or more, the moves of normal Nim; with one, the
 * move that leaves it 0 or 1, whichever leaves an odd number of 1-heaps;
 * with none, taking a 1-heap when their number is even. */
static sg_status nim_moves(sg_ctx *ctx, sg_misere_moves *mv,
                           const uint64_t *h, size_t n)
{
    size_t large = 0, ones = 0, big = 0;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        x ^= h[i];
        if (h[i] >= 2) {
            large++;
            big = i;
        }
        ones += h[i] == 1;
    }
    sg_status st = SG_OK;
    if (large >= 2) {
        for (size_t i = 0; i < n && st == SG_OK && x; i++) {
            uint64_t to = h[i] ^ x;
            if (to < h[i])
                st = add(ctx, mv, i, h[i], h[i] - to, &to, 1, 1, 0);
        }
    } else if (large == 1) {
        uint64_t to = ones % 2 == 0 ? 1 : 0;
        st = add(ctx, mv, big, h[big], h[big] - to, &to, 1, 1, 0);
    } else if (ones % 2 == 0) {
        uint64_t to = 0;
        for (size_t i = 0; i < n && st == SG_OK; i++)
            if (h[i] == 1)
                st = add(ctx, mv, i, 1, 1, &to, 1, 1, 0);
    }
    return st;
}

sg_misere_moves *sg_misere_moves_new(sg_ctx *ctx, sg_misere *m,
                                     const uint64_t *parts, size_t n,
                                     int every)
{
    sg_misere_moves *mv = sg_alloc(ctx, 1, sizeof *mv);
    if (!mv)
        return NULL;
    sg_misere_answer a;
    if (sg_misere_solve(ctx, m, parts, n, 0, &a) != SG_OK)
        goto fail;
    if (a.rule == SG_MISERE_BY_NIM) {
        if (nim_moves(ctx, mv, parts, n) != SG_OK)
            goto fail;
        return mv;
    }
    const sg_game *game = m->game;
    uint64_t largest = largest_of(parts, n);
    size_t cap = (size_t)sg_game_max_moves(game, largest) + 1;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    sg_moves list = {0, sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                     sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                     pcap ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t)) : NULL,
                     pcap ? sg_alloc_raw(ctx, pcap, sizeof(uint64_t)) : NULL};
    uint64_t *after = sg_alloc_raw(ctx, n + pcap + 1, sizeof *after);
    sg_status st = SG_OK;
    if (!list.amounts || !list.targets || !after ||
        (pcap && (!list.part_start || !list.parts)))
        st = ctx->status;
    double work = 0;
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        sg_moves_clear(&list);
        game->ops->moves(game, parts[i], &list);
        work += (double)list.n;
        if (work > 1e6) {
            st = sg_ctx_fail(ctx, SG_ELIMIT, "the misère moves of this sum "
                             "are more than the million sgviz lists one by "
                             "one; ask about smaller %ss", game->ops->noun);
            break;
        }
        for (size_t j = 0; j < list.n && st == SG_OK; j++) {
            const uint64_t *left = &list.targets[j];
            size_t k = 1;
            if (list.part_start) {
                left = &list.parts[list.part_start[j]];
                k = list.part_start[j + 1] - list.part_start[j];
            }
            /* The whole sum after the move, part i replaced in place. */
            size_t c = 0;
            for (size_t p = 0; p < n; p++) {
                if (p != i) {
                    after[c++] = parts[p];
                    continue;
                }
                for (size_t q = 0; q < k; q++)
                    after[c++] = left[q];
            }
            sg_misere_answer ca;
            st = sg_misere_solve(ctx, m, after, c, 0, &ca);
            if (st != SG_OK)
                break;
            int wins = !ca.first_player_wins;
            if (wins || every)
                st = add(ctx, mv, i, parts[i],
                         game->ops->takes_amounts ? list.amounts[j] : 0, left,
                         k, wins, ca.searched);
        }
    }
    free(list.amounts);
    free(list.targets);
    free(list.part_start);
    free(list.parts);
    free(after);
    if (st != SG_OK)
        goto fail;
    return mv;
fail:
    sg_misere_moves_free(mv);
    return NULL;
}

size_t sg_misere_moves_count(const sg_misere_moves *mv) { return mv->n; }

const sg_sum_move *sg_misere_moves_at(const sg_misere_moves *mv, size_t i,
                                      int *wins, const uint64_t **left,
                                      size_t *nleft)
{
    if (wins)
        *wins = mv->wins[i];
    if (left) {
        *left = &mv->left[mv->left_start[i]];
        *nleft = mv->left_start[i + 1] - mv->left_start[i];
    }
    return &mv->move[i];
}

uint64_t sg_misere_moves_searched(const sg_misere_moves *mv, size_t i)
{
    return mv->searched[i];
}
