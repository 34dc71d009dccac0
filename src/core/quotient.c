/*
 * quotient.c - the misère quotient of a heap game as a proved automaton.
 *
 * See quotient.h for what is proved and why that suffices.  The learning
 * follows the classic way of finding an automaton from questions: each
 * state keeps an access word (the parts read from the empty sum to reach
 * it, so its representative sum) and a row, the outcomes of that sum plus
 * each of a list of test sums.  A state's move on part g goes to the state
 * whose row equals the row of its representative plus g; a row met for the
 * first time makes a new state.  Distinct states always have distinct
 * rows, and two sums with distinct rows are in distinct classes, so there
 * are never more states than classes.
 *
 * When the automaton fails a check, a sum is found whose outcome it
 * predicts wrongly; walking along that sum's parts, the place where the
 * prediction turns gives a test that tells two sums apart which the rows
 * had merged, and the learning goes on with that test.
 */
#include "core/quotient.h"

#include <stdlib.h>
#include <string.h>

/* Bounds: a quotient larger than these is left to the caller's search. */
#define MAX_CLASSES 512
#define MAX_TESTS 512
#define TEST_WORDS (MAX_TESTS / 64)
#define MAX_PAIRS ((size_t)1 << 20)

/* How a move (state s, part g) is found.  Only asked moves cost outcomes;
 * the others are what a commutative monoid would have, checked by the
 * proof like everything else, and asked after all when a counterexample
 * turns at one of them. */
enum {
    ASKED,    /* from the row of s's representative plus g */
    LIKE,     /* g acts like the class like[g]: read its access word */
    COMMUTE,  /* s = p.v: s.g = (p.g).v */
    SQUARE,   /* s = p.g: s.g = p.(g.g), where g.g is an earlier class */
    KEPT      /* asked once and proved; kept as it is while the proofs that
                 follow hold, so that new tests need not be asked of it */
};

struct sg_quotient {
    /* The automaton being learned.  State s was reached from parent[s] by
     * reading part via[s] (state 0, the empty sum, has no parent). */
    size_t n, cap;
    uint32_t *parent, *via;
    uint64_t *row;          /* TEST_WORDS words per state */
    uint16_t *delta;        /* stride per state */
    uint64_t *trow;         /* TEST_WORDS words per (state, part) */
    size_t stride;          /* parts 0..stride-1 have room */
    uint32_t built;         /* parts below built have moves listed */
    size_t closed;          /* states whose moves are all known */
    /* For a part taken to act like an earlier class, that class (its
     * moves then read the class's access word); SIZE_MAX for a part whose
     * moves come from rows. */
    size_t *like;
    /* How each move (state, part) is found: asked (from its row) or
     * derived from other moves by one of the recipes above. */
    unsigned char *how;     /* stride per state */
    /* The tests, each a sorted sum in the arena: its size, then parts. */
    size_t ntests;
    size_t *test_at;
    uint32_t *arena;
    size_t arena_len, arena_cap;
    /* States by row. */
    uint32_t *slot;         /* state + 1, or 0 for an empty slot */
    size_t mask;
    /* The proved automaton, a copy of the learned one at its last proof. */
    uint32_t level;         /* every sum of parts below it is proved, */
    unsigned copies;        /* and with up to this many of part level */
    size_t pn, pstride;
    uint16_t *pdelta;
    unsigned char *pin_p;
    uint64_t pairs;
    /* What the learning asks, during sg_quotient_extend(). */
    sg_ctx *ctx;
    const sg_quotient_moves *mv;
    sg_quotient_truth truth;
    void *user;
    uint32_t *scratch;
    size_t scratch_cap;
};

sg_quotient *sg_quotient_new(sg_ctx *ctx)
{
    return sg_alloc(ctx, 1, sizeof(sg_quotient));
}

void sg_quotient_free(sg_quotient *q)
{
    if (!q)
        return;
    free(q->parent);
    free(q->via);
    free(q->row);
    free(q->delta);
    free(q->trow);
    free(q->like);
    free(q->how);
    free(q->test_at);
    free(q->arena);
    free(q->slot);
    free(q->pdelta);
    free(q->pin_p);
    free(q->scratch);
    free(q);
}

uint32_t sg_quotient_level(const sg_quotient *q) { return q->level; }
unsigned sg_quotient_copies(const sg_quotient *q) { return q->copies; }
size_t sg_quotient_classes(const sg_quotient *q) { return q->pn; }
uint64_t sg_quotient_pairs(const sg_quotient *q) { return q->pairs; }

bool sg_quotient_covers(const sg_quotient *q, const uint32_t *ms, size_t k)
{
    if (!q->pdelta || k == 0)
        return q->pdelta != NULL;
    size_t i = k;
    while (i > 0 && ms[i - 1] == q->level)
        i--;
    return k - i <= q->copies && (i == 0 || ms[i - 1] < q->level);
}

bool sg_quotient_is_p(const sg_quotient *q, const uint32_t *ms, size_t k)
{
    size_t s = 0;
    for (size_t i = 0; i < k; i++)
        s = q->pdelta[s * q->pstride + ms[i]];
    return q->pin_p[s] != 0;
}

/* ------------------------------------------------------------------------ */
/* Small helpers                                                            */
/* ------------------------------------------------------------------------ */

static bool bit(const uint64_t *w, size_t i)
{
    return (w[i / 64] >> (i % 64)) & 1;
}

static void set_bit(uint64_t *w, size_t i, bool on)
{
    if (on)
        w[i / 64] |= UINT64_C(1) << (i % 64);
    else
        w[i / 64] &= ~(UINT64_C(1) << (i % 64));
}

static uint64_t *row_of(const sg_quotient *q, size_t s)
{
    return &q->row[s * TEST_WORDS];
}

static uint64_t *trow_of(const sg_quotient *q, size_t s, uint32_t g)
{
    return &q->trow[(s * q->stride + g) * TEST_WORDS];
}

static bool terminal(const sg_quotient_moves *mv, uint32_t g)
{
    return mv->first[g + 1] == mv->first[g];
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint64_t row_hash(const uint64_t *r)
{
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    for (size_t i = 0; i < TEST_WORDS; i++) {
        h ^= r[i];
        h *= UINT64_C(0x100000001B3);
        h ^= h >> 29;
    }
    return h;
}

/* Makes room for N parts in the scratch sum. */
static bool scratch_room(sg_quotient *q, size_t n)
{
    if (n <= q->scratch_cap)
        return true;
    size_t c = q->scratch_cap ? q->scratch_cap : 64;
    while (c < n)
        c *= 2;
    uint32_t *p = sg_grow(q->ctx, q->scratch, c, sizeof *p);
    if (!p)
        return false;
    q->scratch = p;
    q->scratch_cap = c;
    return true;
}

/* The number of parts in the access word of state S. */
static size_t depth_of(const sg_quotient *q, size_t s)
{
    size_t len = 0;
    for (size_t t = s; t != 0; t = q->parent[t])
        len++;
    return len;
}

/* The access word of state S into OUT (room for the depth of S): the
 * parts from the empty sum to S, in reading order.  Returns its length. */
static size_t word_of(const sg_quotient *q, size_t s, uint32_t *out)
{
    size_t len = depth_of(q, s), i = len;
    for (size_t t = s; t != 0; t = q->parent[t])
        out[--i] = q->via[t];
    return len;
}

/* The true outcome of the sum of PARTS[0..k) (any order; sorted in place):
 * from the proved automaton when every part is within its level, else
 * from the caller. */
static sg_status outcome(sg_quotient *q, uint32_t *parts, size_t k,
                         bool *is_p)
{
    qsort(parts, k, sizeof *parts, compare_u32);
    if (sg_quotient_covers(q, parts, k)) {
        *is_p = sg_quotient_is_p(q, parts, k);
        return SG_OK;
    }
    return q->truth(q->user, parts, k, is_p);
}

/* No part, for outcome_of(). */
#define NO_PART UINT32_MAX

/* The outcome of state S's representative plus part G (none when G is
 * NO_PART) plus test T (none when T is SIZE_MAX). */
static sg_status outcome_of(sg_quotient *q, size_t s, uint32_t g, size_t t,
                            bool *is_p)
{
    size_t d = depth_of(q, s);
    size_t tk = t == SIZE_MAX ? 0 : q->arena[q->test_at[t]];
    if (!scratch_room(q, d + 1 + tk))
        return q->ctx->status;
    size_t k = word_of(q, s, q->scratch);
    if (g != NO_PART)
        q->scratch[k++] = g;
    if (tk) {
        memcpy(&q->scratch[k], &q->arena[q->test_at[t] + 1],
               tk * sizeof *q->scratch);
        k += tk;
    }
    return outcome(q, q->scratch, k, is_p);
}

/* The state the automaton being learned reaches from S reading W[0..k). */
static size_t read_from(const sg_quotient *q, size_t s, const uint32_t *w,
                        size_t k)
{
    for (size_t i = 0; i < k; i++)
        s = q->delta[s * q->stride + w[i]];
    return s;
}

/* ------------------------------------------------------------------------ */
/* States, rows and tests                                                   */
/* ------------------------------------------------------------------------ */

static sg_status rehash(sg_quotient *q)
{
    size_t slots = 64;
    while (slots < 4 * q->n)
        slots *= 2;
    if (slots - 1 != q->mask || !q->slot) {
        uint32_t *t = sg_alloc(q->ctx, slots, sizeof *t);
        if (!t)
            return q->ctx->status;
        free(q->slot);
        q->slot = t;
        q->mask = slots - 1;
    } else {
        memset(q->slot, 0, slots * sizeof *q->slot);
    }
    for (size_t s = 0; s < q->n; s++) {
        size_t i = (size_t)row_hash(row_of(q, s)) & q->mask;
        while (q->slot[i])
            i = (i + 1) & q->mask;
        q->slot[i] = (uint32_t)s + 1;
    }
    return SG_OK;
}

/* The state whose row is R, or SIZE_MAX. */
static size_t find_row(const sg_quotient *q, const uint64_t *r)
{
    for (size_t i = (size_t)row_hash(r) & q->mask; q->slot[i];
         i = (i + 1) & q->mask) {
        size_t s = q->slot[i] - 1;
        if (memcmp(row_of(q, s), r, TEST_WORDS * sizeof *r) == 0)
            return s;
    }
    return SIZE_MAX;
}

/* Room for state arrays of CAP states with STRIDE parts each; the moves
 * and rows known are kept in place. */
static sg_status layout(sg_quotient *q, size_t cap, size_t stride)
{
    sg_ctx *ctx = q->ctx;
    uint32_t *parent = sg_grow(ctx, q->parent, cap, sizeof *parent);
    if (!parent)
        return ctx->status;
    q->parent = parent;
    uint32_t *via = sg_grow(ctx, q->via, cap, sizeof *via);
    if (!via)
        return ctx->status;
    q->via = via;
    uint64_t *row = sg_grow(ctx, q->row, cap * TEST_WORDS, sizeof *row);
    if (!row)
        return ctx->status;
    q->row = row;
    uint16_t *delta = sg_alloc(ctx, cap * stride, sizeof *delta);
    uint64_t *trow = sg_alloc(ctx, cap * stride * TEST_WORDS, sizeof *trow);
    unsigned char *how = sg_alloc(ctx, cap * stride, 1);
    if (!delta || !trow || !how) {
        free(delta);
        free(trow);
        free(how);
        return ctx->status;
    }
    for (size_t s = 0; s < q->n; s++)
        for (size_t g = 0; g < q->stride; g++) {
            delta[s * stride + g] = q->delta[s * q->stride + g];
            how[s * stride + g] = q->how[s * q->stride + g];
            memcpy(&trow[(s * stride + g) * TEST_WORDS], trow_of(q, s, g),
                   TEST_WORDS * sizeof *trow);
        }
    free(q->delta);
    free(q->trow);
    free(q->how);
    q->delta = delta;
    q->trow = trow;
    q->how = how;
    q->cap = cap;
    q->stride = stride;
    return SG_OK;
}

/* Adds a state reached from PARENT by part VIA, with row R. */
static sg_status add_state(sg_quotient *q, size_t parent, uint32_t via,
                           const uint64_t *r, size_t *out)
{
    if (q->n >= MAX_CLASSES)
        return SG_ELIMIT;
    if (q->n == q->cap) {
        sg_status st = layout(q, q->cap ? 2 * q->cap : 64, q->stride);
        if (st != SG_OK)
            return st;
    }
    size_t s = q->n++;
    q->parent[s] = (uint32_t)parent;
    q->via[s] = via;
    memcpy(row_of(q, s), r, TEST_WORDS * sizeof *r);
    if (4 * q->n > q->mask + 1) {
        sg_status st = rehash(q);
        if (st != SG_OK)
            return st;
    } else {
        size_t i = (size_t)row_hash(r) & q->mask;
        while (q->slot[i])
            i = (i + 1) & q->mask;
        q->slot[i] = (uint32_t)s + 1;
    }
    *out = s;
    return SG_OK;
}

/* Finds the row of S's representative plus part G on every test. */
static sg_status fill_trow(sg_quotient *q, size_t s, uint32_t g)
{
    uint64_t *r = trow_of(q, s, g);
    memset(r, 0, TEST_WORDS * sizeof *r);
    for (size_t t = 0; t < q->ntests; t++) {
        bool p;
        sg_status st = outcome_of(q, s, g, t, &p);
        if (st != SG_OK)
            return st;
        set_bit(r, t, p);
    }
    return SG_OK;
}

/* Points the move of S on G at the state with the same row, made anew if
 * there is none. */
static sg_status resolve(sg_quotient *q, size_t s, uint32_t g)
{
    size_t to = find_row(q, trow_of(q, s, g));
    if (to == SIZE_MAX) {
        uint64_t r[TEST_WORDS];
        memcpy(r, trow_of(q, s, g), sizeof r);
        sg_status st = add_state(q, s, g, r, &to);
        if (st != SG_OK)
            return st;
    }
    q->delta[s * q->stride + g] = (uint16_t)to;
    return SG_OK;
}

/* Whether a move of this kind came from a row. */
static bool from_row(unsigned char how) { return how == ASKED || how == KEPT; }

/* The class of part G read twice from the empty sum when its access word
 * has only parts below G, else SIZE_MAX. */
static size_t square_of(const sg_quotient *q, uint32_t g)
{
    size_t c = q->delta[g];
    if (c == 0 || !from_row(q->how[g]) || c >= q->closed ||
        !from_row(q->how[c * q->stride + g]))
        return SIZE_MAX;
    size_t z = q->delta[c * q->stride + g];
    for (size_t t = z; t != 0; t = q->parent[t])
        if (q->via[t] >= g)
            return SIZE_MAX;
    return z;
}

/* Chooses how the move of the new state S on part G is found. */
static unsigned char recipe(const sg_quotient *q, size_t s, uint32_t g)
{
    if (s == 0)
        return ASKED; /* no parent to derive from */
    if (g != q->via[s])
        return COMMUTE;
    if (q->like[g] != SIZE_MAX)
        return LIKE;
    if (q->parent[s] != 0 && square_of(q, g) != SIZE_MAX)
        return SQUARE;
    return ASKED;
}

/* Lists the moves of every state not yet closed, on parts below built:
 * asked ones from their rows now, the others at the next derive(). */
static sg_status close_states(sg_quotient *q)
{
    while (q->closed < q->n) {
        size_t s = q->closed;
        for (uint32_t g = 0; g < q->built; g++) {
            if (terminal(q->mv, g))
                continue;
            unsigned char h = recipe(q, s, g);
            q->how[s * q->stride + g] = h;
            if (h != ASKED)
                continue;
            sg_status st = fill_trow(q, s, g);
            if (st == SG_OK)
                st = resolve(q, s, g);
            if (st != SG_OK)
                return st;
        }
        q->closed++;
    }
    return SG_OK;
}

/* Finds every derived move from the others.  A recipe may read moves
 * derived later in the same pass, so passes repeat until nothing moves;
 * a cycle among recipes leaves some move wrong, which the proof finds. */
static sg_status derive(sg_quotient *q)
{
    uint32_t *w = sg_alloc_raw(q->ctx, MAX_CLASSES + 1, sizeof *w);
    if (!w)
        return q->ctx->status;
    bool moved = true;
    for (int pass = 0; moved && pass < 16; pass++) {
        moved = false;
        for (uint32_t g = 0; g < q->built; g++) {
            if (terminal(q->mv, g))
                continue;
            size_t lk = 0, zk = 0;
            uint32_t *lw = w, *zw = NULL;
            if (q->like[g] != SIZE_MAX)
                lk = word_of(q, q->like[g], lw);
            size_t z = square_of(q, g);
            uint32_t zbuf[64];
            if (z != SIZE_MAX && depth_of(q, z) <= 64) {
                zw = zbuf;
                zk = word_of(q, z, zw);
            }
            for (size_t s = 0; s < q->n; s++) {
                unsigned char h = q->how[s * q->stride + g];
                size_t to;
                if (s >= q->closed || h == ASKED || h == KEPT)
                    continue;
                if (h == LIKE)
                    to = read_from(q, s, lw, lk);
                else if (h == COMMUTE)
                    to = q->delta[q->delta[q->parent[s] * q->stride + g] *
                                      q->stride +
                                  q->via[s]];
                else if (zw)
                    to = read_from(q, q->parent[s], zw, zk);
                else
                    continue;
                if (q->delta[s * q->stride + g] != to) {
                    q->delta[s * q->stride + g] = (uint16_t)to;
                    moved = true;
                }
            }
        }
    }
    free(w);
    return SG_OK;
}

/* Asks for the move of S on G after all, and for the moves of any state
 * that makes. */
static sg_status materialize(sg_quotient *q, size_t s, uint32_t g)
{
    q->how[s * q->stride + g] = ASKED;
    sg_status st = fill_trow(q, s, g);
    if (st == SG_OK)
        st = resolve(q, s, g);
    if (st == SG_OK)
        st = close_states(q);
    return st == SG_OK ? derive(q) : st;
}

/* Adds the sorted sum Z[0..k) as a test: every row learns its outcome
 * with Z added, and the moves are pointed again. */
static sg_status add_test(sg_quotient *q, const uint32_t *z, size_t k)
{
    sg_ctx *ctx = q->ctx;
    if (q->ntests >= MAX_TESTS)
        return SG_ELIMIT;
    /* A test already kept cannot tell apart what the rows merged: the
     * learning has gone wrong, and the caller searches instead. */
    for (size_t t = 0; t < q->ntests; t++) {
        const uint32_t *a = &q->arena[q->test_at[t]];
        if (a[0] == k && memcmp(a + 1, z, k * sizeof *z) == 0)
            return SG_ELIMIT;
    }
    size_t *at = sg_grow(ctx, q->test_at, q->ntests + 1, sizeof *at);
    if (!at)
        return ctx->status;
    q->test_at = at;
    if (q->arena_len + k + 1 > q->arena_cap) {
        size_t c = q->arena_cap ? q->arena_cap : 256;
        while (c < q->arena_len + k + 1)
            c *= 2;
        uint32_t *a = sg_grow(ctx, q->arena, c, sizeof *a);
        if (!a)
            return ctx->status;
        q->arena = a;
        q->arena_cap = c;
    }
    q->test_at[q->ntests] = q->arena_len;
    q->arena[q->arena_len] = (uint32_t)k;
    if (k) /* the empty test comes with no array */
        memcpy(&q->arena[q->arena_len + 1], z, k * sizeof *z);
    q->arena_len += k + 1;
    size_t t = q->ntests++;
    for (size_t s = 0; s < q->n; s++) {
        bool p;
        sg_status st = outcome_of(q, s, NO_PART, t, &p);
        if (st != SG_OK)
            return st;
        set_bit(row_of(q, s), t, p);
        for (uint32_t g = 0; s < q->closed && g < q->built; g++) {
            if (terminal(q->mv, g) || q->how[s * q->stride + g] != ASKED)
                continue;
            st = outcome_of(q, s, g, t, &p);
            if (st != SG_OK)
                return st;
            set_bit(trow_of(q, s, g), t, p);
        }
    }
    sg_status st = rehash(q);
    for (size_t s = 0; st == SG_OK && s < q->closed; s++)
        for (uint32_t g = 0; st == SG_OK && g < q->built; g++)
            if (!terminal(q->mv, g) && q->how[s * q->stride + g] == ASKED)
                st = resolve(q, s, g);
    if (st == SG_OK)
        st = close_states(q);
    return st == SG_OK ? derive(q) : st;
}

/* ------------------------------------------------------------------------ */
/* Counterexamples                                                          */
/* ------------------------------------------------------------------------ */

/* W[0..k) is a sum read in that order, and HI (at most k) a place where
 * the outcome of the state reached after W[0..hi) plus the rest W[hi..k),
 * V_HI, differs from the true outcome of the whole sum.  Finds the place
 * where the two turn and adds the rest after it as a test. */
static sg_status refine(sg_quotient *q, const uint32_t *w, size_t k,
                        size_t hi, bool v_hi)
{
    sg_ctx *ctx = q->ctx;
    uint32_t *buf = sg_alloc_raw(ctx, k + MAX_CLASSES + 1, sizeof *buf);
    if (!buf)
        return ctx->status;
    memcpy(buf, w, k * sizeof *w);
    bool v_lo;
    sg_status st = outcome(q, buf, k, &v_lo);
    size_t lo = 0;
    if (st == SG_OK && v_lo == v_hi)
        st = SG_ELIMIT; /* not a counterexample: the learning has failed */
    while (st == SG_OK && hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        size_t s = read_from(q, 0, w, mid);
        size_t d = word_of(q, s, buf);
        memcpy(&buf[d], &w[mid], (k - mid) * sizeof *w);
        bool v;
        st = outcome(q, buf, d + k - mid, &v);
        if (st != SG_OK)
            break;
        if (v != v_lo)
            hi = mid;
        else
            lo = mid;
    }
    size_t at = st == SG_OK ? read_from(q, 0, w, lo) : 0;
    unsigned char *how = st == SG_OK ? &q->how[at * q->stride + w[lo]] : NULL;
    size_t was = st == SG_OK ? q->delta[at * q->stride + w[lo]] : 0;
    if (how && *how == KEPT && at != 0 && q->via[at] != w[lo]) {
        /* The turn is at a move kept from an earlier proof: first let it
         * follow the monoid from moves already known, which costs no
         * outcome at all. */
        *how = COMMUTE;
        st = derive(q);
        if (st == SG_OK && q->delta[at * q->stride + w[lo]] != was)
            lo = SIZE_MAX;
    }
    if (st == SG_OK && lo != SIZE_MAX && *how != ASKED) {
        /* The turn is at a derived move: ask for it.  If its row leads
         * where the recipe did, the rest tells two rows apart as below. */
        st = materialize(q, at, w[lo]);
        if (st == SG_OK && q->delta[at * q->stride + w[lo]] != was)
            lo = SIZE_MAX;
    }
    if (st == SG_OK && lo != SIZE_MAX) {
        /* The representative of the state after W[0..lo) plus W[lo] has
         * the row of the state after W[0..lo], but the rest after it
         * tells the two apart. */
        size_t z = k - hi;
        memcpy(buf, &w[hi], z * sizeof *w);
        qsort(buf, z, sizeof *buf, compare_u32);
        st = add_test(q, buf, z);
    }
    free(buf);
    return st;
}

/* Reading A then B from state S (reached by reading PREFIX[0..plen))
 * leads elsewhere than B then A: the two states have different rows, so
 * one of them says wrongly of the sum PREFIX + A + B plus a test that
 * tells them apart.  Refines on that one. */
static sg_status commute_fail(sg_quotient *q, const uint32_t *prefix,
                              size_t plen, size_t s, uint32_t a, uint32_t b)
{
    size_t ab = q->delta[q->delta[s * q->stride + a] * q->stride + b];
    size_t ba = q->delta[q->delta[s * q->stride + b] * q->stride + a];
    size_t t = 0;
    while (bit(row_of(q, ab), t) == bit(row_of(q, ba), t))
        t++;
    const uint32_t *test = &q->arena[q->test_at[t]];
    size_t k = plen + 2 + test[0];
    uint32_t *w = sg_alloc_raw(q->ctx, k + 1, sizeof *w);
    uint32_t *copy = sg_alloc_raw(q->ctx, k + 1, sizeof *copy);
    sg_status st = w && copy ? SG_OK : q->ctx->status;
    if (st == SG_OK) {
        memcpy(w, prefix, plen * sizeof *w);
        w[plen] = a;
        w[plen + 1] = b;
        memcpy(&w[plen + 2], test + 1, test[0] * sizeof *w);
        memcpy(copy, w, k * sizeof *w);
        bool truth;
        st = outcome(q, copy, k, &truth);
        if (st == SG_OK) {
            /* Read in the order whose state says wrongly. */
            bool said = bit(row_of(q, ab), t);
            if (said == truth) {
                w[plen] = b;
                w[plen + 1] = a;
                said = bit(row_of(q, ba), t);
            }
            st = refine(q, w, k, plen + 2, said);
        }
    }
    free(w);
    free(copy);
    return st;
}

/* ------------------------------------------------------------------------ */
/* The proof                                                                */
/* ------------------------------------------------------------------------ */

typedef struct walk {
    size_t words;        /* words of a set of states */
    size_t n, cap;
    uint16_t *state;
    unsigned char *copies; /* copies of the newest part in the sum */
    uint64_t *set;       /* WORDS per pair */
    uint32_t *from;      /* the pair it was reached from, and by */
    uint32_t *by;        /* which part */
    uint32_t *slot;      /* pair + 1, or 0 */
    size_t mask;
} walk;

static void walk_free(walk *wk)
{
    free(wk->state);
    free(wk->copies);
    free(wk->set);
    free(wk->from);
    free(wk->by);
    free(wk->slot);
}

static uint64_t pair_hash(const walk *wk, size_t s, unsigned c,
                          const uint64_t *set)
{
    uint64_t h = ((uint64_t)s * 4 + c) * UINT64_C(0x9E3779B97F4A7C15);
    for (size_t i = 0; i < wk->words; i++) {
        h ^= set[i] + UINT64_C(0x632BE59BD9B4E019) + (h << 6) + (h >> 2);
    }
    return h ^ (h >> 31);
}

/* Adds the pair (S, SET) of a sum with C copies of the newest part unless
 * known; *FRESH tells which. */
static sg_status walk_add(sg_ctx *ctx, walk *wk, size_t s, unsigned c,
                          const uint64_t *set, uint32_t from, uint32_t by,
                          bool *fresh)
{
    *fresh = false;
    if (2 * (wk->n + 1) > wk->mask + 1) {
        size_t slots = wk->mask ? 2 * (wk->mask + 1) : 1024;
        uint32_t *t = sg_alloc(ctx, slots, sizeof *t);
        if (!t)
            return ctx->status;
        for (size_t i = 0; i < wk->n; i++) {
            size_t j = (size_t)pair_hash(wk, wk->state[i], wk->copies[i],
                                         &wk->set[i * wk->words]) &
                       (slots - 1);
            while (t[j])
                j = (j + 1) & (slots - 1);
            t[j] = (uint32_t)i + 1;
        }
        free(wk->slot);
        wk->slot = t;
        wk->mask = slots - 1;
    }
    size_t j = (size_t)pair_hash(wk, s, c, set) & wk->mask;
    for (; wk->slot[j]; j = (j + 1) & wk->mask) {
        size_t i = wk->slot[j] - 1;
        if (wk->state[i] == s && wk->copies[i] == c &&
            memcmp(&wk->set[i * wk->words], set,
                   wk->words * sizeof *set) == 0)
            return SG_OK;
    }
    if (wk->n >= MAX_PAIRS)
        return SG_ELIMIT;
    if (wk->n == wk->cap) {
        size_t c2 = wk->cap ? 2 * wk->cap : 1024;
        uint16_t *st = sg_grow(ctx, wk->state, c2, sizeof *st);
        if (!st)
            return ctx->status;
        wk->state = st;
        unsigned char *cp = sg_grow(ctx, wk->copies, c2, 1);
        if (!cp)
            return ctx->status;
        wk->copies = cp;
        uint64_t *se = sg_grow(ctx, wk->set, c2 * wk->words, sizeof *se);
        if (!se)
            return ctx->status;
        wk->set = se;
        uint32_t *fr = sg_grow(ctx, wk->from, c2, sizeof *fr);
        if (!fr)
            return ctx->status;
        wk->from = fr;
        uint32_t *b = sg_grow(ctx, wk->by, c2, sizeof *b);
        if (!b)
            return ctx->status;
        wk->by = b;
        wk->cap = c2;
    }
    size_t i = wk->n++;
    wk->state[i] = (uint16_t)s;
    wk->copies[i] = (unsigned char)c;
    memcpy(&wk->set[i * wk->words], set, wk->words * sizeof *set);
    wk->from[i] = from;
    wk->by[i] = by;
    wk->slot[j] = (uint32_t)i + 1;
    *fresh = true;
    return SG_OK;
}

/* The access path of walk pair I (its parts in reading order) into OUT;
 * returns its length. */
static size_t path_of(const walk *wk, size_t i, uint32_t *out)
{
    size_t k = 0;
    for (size_t j = i; j != 0; j = wk->from[j])
        k++;
    size_t at = k;
    for (size_t j = i; j != 0; j = wk->from[j])
        out[--at] = wk->by[j];
    return k;
}

/* When the pair reached by the sum X (pair I, then part G) breaks the
 * rule, X or one of its options is predicted wrongly: finds which and
 * refines on it. */
static sg_status broken(sg_quotient *q, const walk *wk, size_t i, uint32_t g)
{
    sg_ctx *ctx = q->ctx;
    size_t k = 1;
    for (size_t j = i; j != 0; j = wk->from[j])
        k++;
    size_t most = 0;
    /* Room for X with a part replaced by the largest option. */
    for (uint32_t p = 0; p < q->built; p++)
        for (size_t o = q->mv->first[p]; o < q->mv->first[p + 1]; o++) {
            size_t len = q->mv->part_start[o + 1] - q->mv->part_start[o];
            if (len > most)
                most = len;
        }
    uint32_t *x = sg_alloc_raw(ctx, k + 1, sizeof *x);
    uint32_t *y = sg_alloc_raw(ctx, k + most + 1, sizeof *y);
    sg_status st = x && y ? SG_OK : ctx->status;
    if (st == SG_OK)
        x[path_of(wk, i, x)] = g;
    bool done = false;
    /* X itself, then each option of X (one copy of each part replaced). */
    if (st == SG_OK) {
        bool truth;
        memcpy(y, x, k * sizeof *x);
        st = outcome(q, y, k, &truth);
        bool said = q->row[read_from(q, 0, x, k) * TEST_WORDS] & 1;
        if (st == SG_OK && truth != said) {
            st = refine(q, x, k, k, said);
            done = true;
        }
    }
    for (size_t r = 0; st == SG_OK && !done && r < k; r++) {
        bool again = false;
        for (size_t e = 0; e < r; e++)
            again |= x[e] == x[r];
        if (again)
            continue;
        for (size_t o = q->mv->first[x[r]];
             st == SG_OK && !done && o < q->mv->first[x[r] + 1]; o++) {
            size_t n = 0;
            for (size_t e = 0; e < k; e++)
                if (e != r)
                    y[n++] = x[e];
            for (size_t p = q->mv->part_start[o]; p < q->mv->part_start[o + 1];
                 p++)
                y[n++] = q->mv->part[p];
            bool said = q->row[read_from(q, 0, y, n) * TEST_WORDS] & 1;
            uint32_t *copy = sg_alloc_raw(ctx, n + 1, sizeof *copy);
            if (!copy) {
                st = ctx->status;
                break;
            }
            memcpy(copy, y, n * sizeof *y);
            bool truth;
            st = outcome(q, copy, n, &truth);
            free(copy);
            if (st == SG_OK && truth != said) {
                st = refine(q, y, n, n, said);
                done = true;
            }
        }
    }
    if (st == SG_OK && !done)
        st = SG_ELIMIT; /* every prediction true: cannot be */
    free(x);
    free(y);
    return st;
}

/* A copy count that means "any number". */
#define ANY_COPIES 255u

/* Walks over every pair (phi(X), R(X)) of sums X of parts below built
 * that hold at most CAP copies of part NEWEST (ANY_COPIES: no bound), and
 * checks at each that reading is commutative on the parts that may still
 * be added and that the rule holds.  Such sums are closed under moves, so
 * the induction covers them.  *OK tells whether all held; when not, the
 * learning has been refined. */
static sg_status prove(sg_quotient *q, uint32_t newest, unsigned cap,
                       bool *ok)
{
    sg_ctx *ctx = q->ctx;
    *ok = false;
    walk wk = {.words = (q->n + 63) / 64};
    size_t words = wk.words;
    /* The states of each state's options through each part. */
    uint64_t *opts = sg_alloc(ctx, q->n * q->stride * words, sizeof *opts);
    uint64_t *p_set = sg_alloc(ctx, words, sizeof *p_set);
    uint64_t *next = sg_alloc(ctx, words, sizeof *next);
    unsigned char *checked = sg_alloc(ctx, q->n, 2);
    sg_status st = opts && p_set && next && checked ? SG_OK : ctx->status;
    for (size_t s = 0; st == SG_OK && s < q->n; s++) {
        if (bit(row_of(q, s), 0))
            set_bit(p_set, s, true);
        for (uint32_t g = 0; g < q->built; g++) {
            uint64_t *o = &opts[(s * q->stride + g) * words];
            for (size_t op = q->mv->first[g]; op < q->mv->first[g + 1];
                 op++) {
                size_t t = s;
                for (size_t p = q->mv->part_start[op];
                     p < q->mv->part_start[op + 1]; p++)
                    t = q->delta[t * q->stride + q->mv->part[p]];
                set_bit(o, t, true);
            }
        }
    }
    bool fresh;
    if (st == SG_OK)
        st = walk_add(ctx, &wk, 0, 0, next, 0, 0, &fresh);
    if (st == SG_OK && bit(row_of(q, 0), 0))
        st = SG_ELIMIT; /* the empty sum is an N-position */
    bool held = true;
    for (size_t i = 0; st == SG_OK && held && i < wk.n; i++) {
        size_t s = wk.state[i];
        unsigned c = wk.copies[i];
        /* Whether part G may still be added to the sums of this pair. */
#define MAY_ADD(g) ((g) != newest || cap == ANY_COPIES || c < cap)
        /* Commutation is checked once per state, and once more for a
         * state reached with the one copy a capped walk allows. */
        unsigned bucket = cap == ANY_COPIES ? 0 : c;
        if (!checked[s * 2 + bucket]) {
            checked[s * 2 + bucket] = 1;
            for (uint32_t a = 1; held && a < q->built; a++) {
                if (terminal(q->mv, a) || !MAY_ADD(a))
                    continue;
                for (uint32_t b = 0; held && b < a; b++) {
                    if (terminal(q->mv, b) || !MAY_ADD(b))
                        continue;
                    if (q->delta[q->delta[s * q->stride + a] * q->stride +
                                 b] ==
                        q->delta[q->delta[s * q->stride + b] * q->stride + a])
                        continue;
                    held = false;
                    uint32_t *path = sg_alloc_raw(ctx, i + 1, sizeof *path);
                    if (!path) {
                        st = ctx->status;
                        break;
                    }
                    size_t plen = path_of(&wk, i, path);
                    st = commute_fail(q, path, plen, s, a, b);
                    free(path);
                }
            }
            if (!held)
                break;
        }
        for (uint32_t g = 0; st == SG_OK && g < q->built; g++) {
            if (terminal(q->mv, g) || !MAY_ADD(g))
                continue;
            const uint64_t *set = &wk.set[i * words];
            memcpy(next, &opts[(s * q->stride + g) * words],
                   words * sizeof *next);
            for (size_t w = 0; w < words; w++)
                for (uint64_t b = set[w]; b; b &= b - 1) {
                    size_t r = w * 64 + (size_t)__builtin_ctzll(b);
                    set_bit(next, q->delta[r * q->stride + g], true);
                }
            size_t to = q->delta[s * q->stride + g];
            bool meets_p = false;
            for (size_t w = 0; w < words; w++)
                meets_p |= (next[w] & p_set[w]) != 0;
            if (bit(p_set, to) == meets_p) {
                /* P with a move to P, or N without one. */
                held = false;
                st = broken(q, &wk, i, g);
                break;
            }
            unsigned c2 = c + (g == newest && cap != ANY_COPIES);
            st = walk_add(ctx, &wk, to, c2, next, (uint32_t)i, g, &fresh);
        }
#undef MAY_ADD
    }
    if (st == SG_OK && held) {
        *ok = true;
        q->pairs = wk.n;
    }
    walk_free(&wk);
    free(opts);
    free(p_set);
    free(next);
    free(checked);
    return st;
}

/* Keeps the learned automaton as the proved one, for sums of parts below
 * LEVEL with at most COPIES copies of part LEVEL. */
static sg_status keep(sg_quotient *q, uint32_t level, unsigned copies)
{
    uint16_t *d = sg_alloc_raw(q->ctx, q->n * q->stride, sizeof *d);
    unsigned char *in_p = sg_alloc_raw(q->ctx, q->n, 1);
    if (!d || !in_p) {
        free(d);
        free(in_p);
        return q->ctx->status;
    }
    memcpy(d, q->delta, q->n * q->stride * sizeof *d);
    for (size_t s = 0; s < q->n; s++)
        in_p[s] = bit(row_of(q, s), 0);
    free(q->pdelta);
    free(q->pin_p);
    q->pdelta = d;
    q->pin_p = in_p;
    q->pn = q->n;
    q->pstride = q->stride;
    q->level = level;
    q->copies = copies;
    return SG_OK;
}

/* Keeps every asked move as it is: the proof has just held with them,
 * and a move that a later test would change is asked again only when a
 * counterexample turns at it. */
static void freeze(sg_quotient *q)
{
    for (size_t s = 0; s < q->closed; s++)
        for (uint32_t g = 0; g < q->built; g++)
            if (q->how[s * q->stride + g] == ASKED)
                q->how[s * q->stride + g] = KEPT;
}

/* Learns until the proof holds for sums with at most CAP copies of part
 * G. */
static sg_status learn(sg_quotient *q, uint32_t g, unsigned cap)
{
    bool ok = false;
    sg_status st = SG_OK;
    while (st == SG_OK && !ok)
        st = prove(q, g, cap, &ok);
    return st;
}

sg_status sg_quotient_extend(sg_ctx *ctx, sg_quotient *q,
                             const sg_quotient_moves *moves, uint32_t level,
                             sg_quotient_truth truth, void *user)
{
    if (q->pdelta && level < q->level)
        return SG_OK;
    q->ctx = ctx;
    q->mv = moves;
    q->truth = truth;
    q->user = user;
    sg_status st = SG_OK;
    if (q->stride < (size_t)level + 1)
        st = layout(q, q->cap ? q->cap : 64, (size_t)level + 1);
    if (st == SG_OK && q->n == 0) {
        /* The empty sum: the player to move has no move and wins. */
        uint64_t r[TEST_WORDS] = {0};
        size_t s;
        q->ntests = 0;
        st = rehash(q);
        if (st == SG_OK)
            st = add_state(q, 0, 0, r, &s);
        if (st == SG_OK)
            st = add_test(q, NULL, 0);
        if (st == SG_OK)
            st = keep(q, 0, 0);
    }
    if (st == SG_OK) {
        size_t *like = sg_grow(ctx, q->like, (size_t)level + 1, sizeof *like);
        if (like) {
            for (size_t g = q->built; g <= level; g++)
                like[g] = SIZE_MAX;
            q->like = like;
        } else {
            st = ctx->status;
        }
    }
    while (st == SG_OK && q->built <= level) {
        uint32_t g = q->built++;
        if (!terminal(moves, g)) {
            /* The part alone first: when its row is a class's, it is taken
             * to act like that class everywhere, which the proof checks
             * without asking anything more.  Otherwise the states known
             * before ask for their moves on it, and the states it makes
             * derive theirs where a recipe allows. */
            st = fill_trow(q, 0, g);
            size_t c = st == SG_OK ? find_row(q, trow_of(q, 0, g)) : SIZE_MAX;
            if (c != SIZE_MAX)
                q->like[g] = c;
            size_t before = q->closed;
            for (size_t s = 0; st == SG_OK && s < before; s++) {
                q->how[s * q->stride + g] = s && c != SIZE_MAX ? LIKE : ASKED;
                if (q->how[s * q->stride + g] != ASKED)
                    continue;
                if (s)
                    st = fill_trow(q, s, g);
                if (st == SG_OK)
                    st = resolve(q, s, g);
            }
            if (st == SG_OK)
                st = close_states(q);
            if (st == SG_OK)
                st = derive(q);
            /* Sums with one copy of the part first: once they are proved,
             * every position with two copies breaks one of them into what
             * the proof covers, so the outcomes asked next are cheap. */
            if (st == SG_OK)
                st = learn(q, g, 1);
            if (st == SG_OK)
                st = keep(q, g, 1);
            freeze(q);
            if (st == SG_OK)
                st = learn(q, g, ANY_COPIES);
            freeze(q);
        }
        if (st == SG_OK)
            st = keep(q, q->built, 0);
    }
    q->ctx = NULL;
    q->mv = NULL;
    q->truth = NULL;
    q->user = NULL;
    return st;
}
