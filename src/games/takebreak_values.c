/*
 * takebreak_values.c - the values of a take-and-break code, fast: the
 * rare-value method of Gangolli and Plambeck, as Flammenkamp's solvers use
 * it.
 *
 * A heap of n has about n/2 ways to be split in two, so the plain method
 * (the mex over every option) is quadratic in the number of heaps.  Most of
 * that work is wasted: the mex only needs the least value that no option
 * reaches, and in most octal games the values fall into two classes of very
 * different size.
 *
 * Fix a mask m.  Call a value v rare (class R) when v & m has an even number
 * of bits, common (class C) otherwise; 0 is always rare.  The XOR of two
 * values is common exactly when one of them is rare and the other common.
 * So every common value a split can reach comes from a split with a rare
 * part, and a scan over the (few) heaps of rare value finds the least common
 * value c that no option reaches, exactly.  The mex is then c, unless a rare
 * value below c is missed; those are few and small, and a scan over all
 * splits usually finds every one of them within its first steps.  Only a
 * heap whose own value is rare needs the whole scan, and those are rare by
 * the choice of m: among all masks, the one under which the fewest heaps so
 * far have rare values, found for every mask at once by a Walsh-Hadamard
 * transform of how often each value occurs.  The mask is chosen again as
 * the heaps double, since the values' structure settles as they grow.
 *
 * Any mask gives the right values; a poor one only costs time.  When no
 * mask makes rare heaps rare (early on, or in a game without that
 * structure), the method falls back to the plain scan, and the work is
 * counted either way, so that a game that does not thin out is refused
 * with a clear message rather than left running.
 *
 * Splits into three heaps (hexadecimal digits) are scanned plainly.
 * Values are stored in 16 bits, and in 32 should one ever need more.
 */
#include "games/takebreak.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mask is first chosen at this many heaps, then at every doubling. */
#define FIRST_MASK_AT 64

/* A mask is used only while at most one heap in this many has a rare
 * value; beyond that, scanning the rare heaps costs about as much as
 * scanning everything. */
#define RARE_SHARE 4

/* Values are looked at for a period this far back from the newest. */
#define PERIOD_WINDOW 4096

uint64_t sg_code_last_digit(const sg_code *code)
{
    uint64_t t = 0;
    for (size_t k = 1; k < code->ndigits; k++)
        if (code->digits[k])
            t = k;
    return t;
}

unsigned sg_code_heaps(const sg_code *code)
{
    unsigned r = 1;
    for (size_t k = 0; k < code->ndigits; k++) {
        unsigned d = code->digits[k];
        if (d & SG_CODE_THREE)
            r = 3;
        else if ((d & SG_CODE_TWO) && r < 2)
            r = 2;
    }
    return r;
}

bool sg_code_certifiable(const sg_code *code)
{
    if (!sg_code_finite(code))
        return false;
    for (size_t k = 0; k < code->ndigits; k++)
        if (code->distinct[k])
            return false;
    return true;
}

/*
 * Why r max(n0, 1) + (r - 1) p + t is enough (for r = 2 this is the
 * Guy-Smith theorem).  Suppose sg(x + p) = sg(x) for n0 <= x < N, with
 * N >= r n1 + (r - 1) p + t and n1 = max(n0, 1); compare the options of N
 * and N + p.  No move takes more than t tokens and N > t, so neither heap
 * can be taken whole.  A move taking k to one heap leaves N - k >= n1 and
 * N + p - k: equal values.  A move leaving several heaps of N, its largest
 * c >= (N - k) / r >= n1, has the same value with c + p in its place, an
 * option of N + p; one of N + p, its largest c >= (N + p - k) / r >= n1 + p,
 * has the same value with c - p >= n1 in its place (non-empty because of
 * n1), an option of N.  So the options have the same values, and
 * sg(N + p) = sg(N).  Heaps that must be unequal break the second
 * direction (c - p may equal another part), so '!' codes are not covered.
 */
uint64_t sg_code_certificate_end(const sg_code *code, uint64_t n0,
                                 uint64_t p)
{
    if (!sg_code_certifiable(code))
        return UINT64_MAX;
    uint64_t r = sg_code_heaps(code), n1 = n0 ? n0 : 1;
    uint64_t t = sg_code_last_digit(code);
    if (n1 > (UINT64_MAX / 4) / r || p > (UINT64_MAX / 4) / r)
        return UINT64_MAX;
    return r * n1 + (r - 1) * p + t;
}

void sg_code_certificate_words(const sg_code *code, const char *lang,
                               sg_buf *b)
{
    unsigned r = sg_code_heaps(code);
    uint64_t t = sg_code_last_digit(code);
    /* The formula is written without spaces, so that a report wrapping
     * the sentence never breaks it. */
    const char *bound = r == 1   ? "max(n0,1)+t"
                        : r == 2 ? "2max(n0,1)+p+t"
                                 : "3max(n0,1)+2p+t";
    if (lang && strcmp(lang, "zh") == 0) {
        sg_buf_printf(b, "%s：任何一步至多取走 t = %llu 个，至多留下 %u 堆，"
                      "所以只要对 n0 <= x < %s 都有 SG(x+p) = SG(x)，"
                      "就对每个 x >= n0 都成立",
                      r == 2 ? "Guy-Smith 定理" : "Guy-Smith 定理的论证",
                      (unsigned long long)t, r, bound);
        return;
    }
    sg_buf_printf(b, "%sno move takes more than t = %llu token%s or leaves "
                  "more than %u heap%s, so sg(x+p) = sg(x) for n0 <= x < %s "
                  "proves it for every x >= n0",
                  r == 2 ? "the Guy-Smith theorem: "
                         : "the argument of the Guy-Smith theorem: ",
                  (unsigned long long)t, t == 1 ? "" : "s", r,
                  r == 1 ? "" : "s", bound);
}

/* The amounts k whose digit has one bit, ascending. */
typedef struct klist {
    uint64_t *k;
    size_t n;
} klist;

typedef struct tb {
    sg_ctx *ctx;
    const sg_code *code;
    uint64_t last;
    /* The values so far: v16 while every value fits 16 bits, v32 after. */
    uint16_t *v16;
    uint32_t *v32;
    sg_value max_value;
    /* The amounts that may leave one, two or three heaps. */
    klist one, two, three;
    /* stamp[v] == n + 1 marks value v as reached by an option of heap n. */
    uint64_t *stamp;
    size_t stamp_cap;
    /* The rare-value method: the mask (0: not in use), the heaps whose
     * value is rare under it, and how often each value occurs. */
    uint64_t mask;
    /* 1 when the heap's parity is folded into the classes, which every
     * amount that splits in two having the parity KPAR allows. */
    unsigned fold, kpar;
    bool fold_ok;
    uint32_t *rare;
    uint32_t *rare_value; /* the value of each rare heap */
    size_t nrare, rare_cap;
    /* The rare values below the candidate not reached yet, as bits; as
     * many words as the marks have values. */
    uint64_t *need;
    /* count[2v + c]: the heaps x >= 1 of value v with (x + kpar) mod 2 = c. */
    uint64_t *count;
    size_t count_cap;
    uint64_t next_mask_at;
    double work;
    /* The next heap to compute: sg(0..next - 1) are held.  A run is
     * extended round after round from here, keeping the values, the rare
     * list, the counts and the mask. */
    uint64_t next;
    /* Once follow_period() has proved a period, every later value is the
     * one this far back (0: none yet). */
    uint64_t proved_period;
} tb;

static inline sg_value value_at(const tb *t, uint64_t x)
{
    return t->v16 ? t->v16[x] : t->v32[x];
}

/* Whether heap X, of value V, is rare: the parity of v & mask is 0, or
 * with the heap's parity folded in (see choose_mask), the parity of
 * x + kpar. */
static inline bool is_rare(const tb *t, uint64_t x, sg_value v)
{
    unsigned want = t->fold & (unsigned)((x + t->kpar) & 1);
    return (unsigned)(__builtin_popcountll(v & t->mask) & 1) == want;
}

static sg_status build_lists(tb *t)
{
    const sg_code *c = t->code;
    free(t->one.k);
    free(t->two.k);
    free(t->three.k);
    t->one = t->two = t->three = (klist){NULL, 0};
    /* A finite code has no digit past its last; a repeating tail has one
     * for every amount up to the largest heap. */
    uint64_t kmax = sg_code_finite(c) ? (uint64_t)c->ndigits - 1 : t->last;
    if (kmax > t->last)
        kmax = t->last;
    klist *lists[3] = {&t->one, &t->two, &t->three};
    for (int bit = 1; bit < 4; bit++) {
        klist *l = lists[bit - 1];
        l->k = sg_alloc_raw(t->ctx, (size_t)kmax + 1, sizeof *l->k);
        if (!l->k)
            return t->ctx->status;
        for (uint64_t k = 0; k <= kmax; k++) {
            /* Taking nothing can only split the heap: bit 1 of d0 would
             * be a pass. */
            if (k == 0 && bit < 2)
                continue;
            if (sg_code_digit(c, k) & (1u << bit))
                l->k[l->n++] = k;
        }
    }
    t->fold_ok = t->two.n > 0;
    for (size_t i = 1; i < t->two.n; i++)
        if ((t->two.k[i] ^ t->two.k[0]) & 1)
            t->fold_ok = false;
    unsigned kpar = t->two.n ? (unsigned)(t->two.k[0] & 1) : 0;
    /* A run that grows may gain amounts (a repeating tail, or a first
     * round shorter than the code): the counts follow a new parity, and a
     * mask that folds the parity in is dropped when the amounts no longer
     * allow it, until the next choice. */
    if (kpar != t->kpar) {
        for (size_t v = 0; 2 * v + 1 < t->count_cap; v++) {
            uint64_t even = t->count[2 * v];
            t->count[2 * v] = t->count[2 * v + 1];
            t->count[2 * v + 1] = even;
        }
        t->kpar = kpar;
        if (t->fold) {
            t->mask = 0;
            t->fold = 0;
            t->nrare = 0;
        }
    }
    if (t->fold && !t->fold_ok) {
        t->mask = 0;
        t->fold = 0;
        t->nrare = 0;
    }
    return SG_OK;
}

/* Adds heap X, of rare value V, to the rare list. */
static sg_status add_rare(tb *t, uint64_t x, sg_value v)
{
    if (t->nrare == t->rare_cap) {
        size_t cap = t->rare_cap ? 2 * t->rare_cap : 256;
        uint32_t *r = sg_grow(t->ctx, t->rare, cap, sizeof *r);
        if (r)
            t->rare = r;
        uint32_t *rv = r ? sg_grow(t->ctx, t->rare_value, cap, sizeof *rv)
                         : NULL;
        if (!rv)
            return t->ctx->status;
        t->rare_value = rv;
        t->rare_cap = cap;
    }
    t->rare[t->nrare] = (uint32_t)x;
    t->rare_value[t->nrare] = (uint32_t)v;
    t->nrare++;
    return SG_OK;
}

/* Makes room for marks of values up to V. */
static sg_status stamp_room(tb *t, sg_value v)
{
    if (v < t->stamp_cap)
        return SG_OK;
    size_t cap = t->stamp_cap ? t->stamp_cap : 256;
    while (cap <= v)
        cap *= 2;
    uint64_t *s = sg_grow(t->ctx, t->stamp, cap, sizeof *s);
    if (s)
        t->stamp = s;
    uint64_t *need = s ? sg_grow(t->ctx, t->need, cap / 64 + 1, sizeof *need)
                       : NULL;
    if (!need)
        return t->ctx->status;
    memset(s + t->stamp_cap, 0, (cap - t->stamp_cap) * sizeof *s);
    size_t words = t->stamp_cap ? t->stamp_cap / 64 + 1 : 0;
    memset(need + words, 0, (cap / 64 + 1 - words) * sizeof *need);
    t->need = need;
    t->stamp_cap = cap;
    return SG_OK;
}

/* Marks V as reached for the heap stamped ID.  The stamp array always has
 * room for twice the largest value so far, and an option's value is the
 * XOR of values held, which never exceeds that. */
static inline void mark(tb *t, sg_value v, uint64_t id)
{
    t->stamp[v] = id;
}

/* The least value not marked for ID. */
static sg_value least_unmarked(const tb *t, uint64_t id)
{
    sg_value v = 0;
    while (t->stamp[v] == id)
        v++;
    return v;
}

static sg_status too_much(tb *t, uint64_t n, double work);

/* Counts an operation; past the bound the computation is refused. */
static sg_status spend(tb *t, double ops, uint64_t n)
{
    t->work += ops;
    if (t->work <= SG_WORK_MAX)
        return SG_OK;
    return too_much(t, n, t->work);
}

/* The options that leave no heap, one heap or three heaps. */
static void mark_simple(tb *t, uint64_t n, uint64_t id)
{
    if (n > 0 && (sg_code_digit(t->code, n) & SG_CODE_NONE))
        mark(t, 0, id);
    for (size_t i = 0; i < t->one.n && t->one.k[i] < n; i++)
        mark(t, value_at(t, n - t->one.k[i]), id);
    for (size_t i = 0; i < t->three.n && t->three.k[i] + 3 <= n; i++) {
        uint64_t k = t->three.k[i], m = n - k;
        bool distinct = sg_code_distinct(t->code, k);
        for (uint64_t a = 1; 3 * a <= m; a++) {
            sg_value va = value_at(t, a);
            for (uint64_t b = a + distinct; a + 2 * b <= m; b++) {
                uint64_t c = m - a - b;
                if (distinct && c == b)
                    continue;
                mark(t, va ^ value_at(t, b) ^ value_at(t, c), id);
            }
        }
    }
}

/* The plain scan over every split into two heaps. */
static void mark_all_pairs(tb *t, uint64_t n, uint64_t id)
{
    for (size_t i = 0; i < t->two.n && t->two.k[i] + 2 <= n; i++) {
        uint64_t k = t->two.k[i], m = n - k;
        uint64_t top = sg_code_distinct(t->code, k) ? (m - 1) / 2 : m / 2;
        for (uint64_t a = 1; a <= top; a++)
            mark(t, value_at(t, a) ^ value_at(t, m - a), id);
    }
}

/* The work of the options of heap N other than splits in two, and of a
 * plain scan of its splits in two. */
static double simple_work(const tb *t, uint64_t n)
{
    double w = 1.0 + (double)t->one.n;
    for (size_t i = 0; i < t->three.n && t->three.k[i] + 3 <= n; i++) {
        double m = (double)(n - t->three.k[i]);
        w += m * m / 12.0;
    }
    return w;
}

static double pair_work(const tb *t, uint64_t n)
{
    double w = 0;
    for (size_t i = 0; i < t->two.n && t->two.k[i] + 2 <= n; i++)
        w += (double)(n - t->two.k[i]) / 2.0;
    return w;
}

/* Scans the splits a + (M - a), 1 <= a <= TOP, of values held in V, for
 * the values whose bits are set in NEED, clearing each as it is found,
 * until *LEFT of them are found or the splits run out.  Returns the splits
 * scanned.  The hot loop of the method, so written once per width.  It
 * starts from a = 1: the part a then takes few values, so the values
 * wanted, those of the other part's class, turn up as the other part
 * runs down the recent heaps (from the even splits, which once looked
 * better, 0.127 took five times as long, 0.6 half again as long). */
#define SCAN_SPLITS(NAME, TYPE)                                               \
    static uint64_t NAME(const TYPE *v, uint64_t m, uint64_t top,            \
                         uint64_t *need, size_t *left)                       \
    {                                                                        \
        for (uint64_t a = 1; a <= top; a++) {                                \
            uint64_t x = (uint64_t)(v[a] ^ v[m - a]);                        \
            uint64_t bit = UINT64_C(1) << (x & 63);                          \
            if (need[x >> 6] & bit) {                                        \
                need[x >> 6] &= ~bit;                                        \
                if (--*left == 0)                                            \
                    return a;                                                \
            }                                                                \
        }                                                                    \
        return top;                                                          \
    }
SCAN_SPLITS(scan16, uint16_t)
SCAN_SPLITS(scan32, uint32_t)
#undef SCAN_SPLITS

/* The value of heap N by the rare-value method (the mask is in use). */
static sg_value rare_mex(tb *t, uint64_t n, uint64_t id)
{
    const uint64_t mask = t->mask;
    /* A split of m = a + b with exactly one rare part reaches exactly the
     * values whose parity under the mask is COMPLETE: 1, or with the heap
     * parity folded in, 1 + parity(m), since parity(a) + parity(b) =
     * parity(m), the same for every split as every k has one parity. */
    const unsigned complete =
        1u ^ (t->fold & (unsigned)((n + t->kpar) & 1));
    /* Every split with a rare part: all the common values splits reach.
     * The rare heaps ascend, so the loop ends at the first one too large;
     * with values of 16 bits (the usual case) the loop reads them
     * directly. */
    const uint32_t *rare = t->rare, *rare_value = t->rare_value;
    uint64_t *stamp = t->stamp;
    const size_t nrare = t->nrare;
    for (size_t i = 0; i < t->two.n && t->two.k[i] + 2 <= n; i++) {
        uint64_t k = t->two.k[i], m = n - k;
        if (sg_code_distinct(t->code, k)) {
            for (size_t j = 0; j < nrare && rare[j] < m; j++) {
                uint64_t a = rare[j];
                if (2 * a != m)
                    mark(t, rare_value[j] ^ value_at(t, m - a), id);
            }
        } else if (t->v16) {
            const uint16_t *v = t->v16 + m;
            for (size_t j = 0; j < nrare && rare[j] < m; j++)
                stamp[rare_value[j] ^ *(v - rare[j])] = id;
        } else {
            for (size_t j = 0; j < nrare && rare[j] < m; j++)
                stamp[rare_value[j] ^ value_at(t, m - rare[j])] = id;
        }
    }
    /* The least value of that class that no option reaches (the mask is
     * not 0 and below the power of two above every value, so one exists
     * below twice that). */
    sg_value c = 0;
    while ((unsigned)(__builtin_popcountll(c & mask) & 1) != complete ||
           t->stamp[c] == id)
        c++;
    /* The values of the other class below it that no option has reached
     * yet. */
    size_t need = 0;
    for (sg_value v = 0; v < c; v++) {
        if (t->stamp[v] != id) {
            t->need[v / 64] |= UINT64_C(1) << (v % 64);
            need++;
        }
    }
    if (need == 0)
        return c;
    uint64_t steps = 0;
    for (size_t i = 0; i < t->two.n && t->two.k[i] + 2 <= n && need; i++) {
        uint64_t k = t->two.k[i], m = n - k;
        uint64_t top = sg_code_distinct(t->code, k) ? (m - 1) / 2 : m / 2;
        steps += t->v16 ? scan16(t->v16, m, top, t->need, &need)
                        : scan32(t->v32, m, top, t->need, &need);
    }
    t->work += (double)steps;
    if (need == 0)
        return c;
    /* Some rare value below c is reached by no option: the least is the
     * value.  The bits left are cleared for the next heap. */
    sg_value v = 0;
    while (!(t->need[v / 64] & (UINT64_C(1) << (v % 64))))
        v++;
    memset(t->need, 0, (c / 64 + 1) * sizeof *t->need);
    return v;
}

/* Chooses the mask under which the fewest heaps 1..n have rare values
 * (Walsh-Hadamard transform of the counts of each value), and lists those
 * heaps.  Without a mask that makes them rare, the method is not used. */
static void walsh_hadamard(int64_t *h, size_t size)
{
    for (size_t len = 1; len < size; len *= 2)
        for (size_t i = 0; i < size; i += 2 * len)
            for (size_t j = i; j < i + len; j++) {
                int64_t a = h[j], b = h[j + len];
                h[j] = a + b;
                h[j + len] = a - b;
            }
}

static sg_status choose_mask(tb *t, uint64_t n)
{
    size_t size = 1;
    while (size <= t->max_value)
        size *= 2;
    uint64_t *w = sg_alloc(t->ctx, 2 * size, sizeof *w);
    if (!w)
        return t->ctx->status;
    /* h0, h1: the counts of the heaps with (x + kpar) even and odd. */
    int64_t *h0 = (int64_t *)w, *h1 = h0 + size;
    for (size_t v = 0; v < size && 2 * v + 1 < t->count_cap; v++) {
        h0[v] = (int64_t)t->count[2 * v];
        h1[v] = (int64_t)t->count[2 * v + 1];
    }
    /* h[m] becomes sum over v of count[v] * (-1)^popcount(v & m): the heaps
     * with rare values under m minus those with common ones. */
    walsh_hadamard(h0, size);
    walsh_hadamard(h1, size);
    int64_t total0 = h0[0], total1 = h1[0];
    uint64_t best = 0;
    unsigned best_fold = 0;
    int64_t best_rare = total0 + total1;
    for (size_t m = 1; m < size; m++) {
        /* Values alone: rare when v & m has even parity. */
        int64_t rare = (total0 + total1 + h0[m] + h1[m]) / 2;
        if (rare < best_rare) {
            best_rare = rare;
            best = m;
            best_fold = 0;
        }
        /* With the heap's parity folded in: rare when the parity of v & m
         * is that of x + kpar (0.127's rare heaps: 1 + the heap's
         * parity). */
        if (!t->fold_ok)
            continue;
        rare = (total0 + h0[m]) / 2 + (total1 - h1[m]) / 2;
        if (rare < best_rare) {
            best_rare = rare;
            best = m;
            best_fold = 1;
        }
    }
    free(w);
    t->mask = (uint64_t)best_rare * RARE_SHARE <= n ? best : 0;
    t->fold = t->mask ? best_fold : 0;
    t->nrare = 0;
    if (!t->mask)
        return SG_OK;
    for (uint64_t x = 1; x <= n; x++)
        if (is_rare(t, x, value_at(t, x)) &&
            add_rare(t, x, value_at(t, x)) != SG_OK)
            return t->ctx->status;
    return SG_OK;
}

/* Records sg(n) = v: in the table (widened to 32 bits when it first does
 * not fit 16), in the counts, and in the rare list. */
static sg_status record(tb *t, uint64_t n, sg_value v)
{
    if (v > UINT32_MAX)
        return sg_ctx_fail(t->ctx, SG_ELIMIT, "sg(%llu) = %llu: values beyond "
                           "2^32 are more than sgviz stores",
                           (unsigned long long)n, (unsigned long long)v);
    if (t->v16 && v > UINT16_MAX) {
        uint32_t *w = sg_alloc_raw(t->ctx, (size_t)t->last + 1, sizeof *w);
        if (!w)
            return t->ctx->status;
        for (uint64_t x = 0; x < n; x++)
            w[x] = t->v16[x];
        free(t->v16);
        t->v16 = NULL;
        t->v32 = w;
    }
    if (t->v16)
        t->v16[n] = (uint16_t)v;
    else
        t->v32[n] = (uint32_t)v;
    if (v > t->max_value) {
        t->max_value = v;
        /* An option XORs values held, so it stays below the next power of
         * two above the largest, TOP; the least common value no option
         * reaches is below 2 TOP, since the mask is below TOP. */
        sg_value top = 1;
        while (top <= v)
            top *= 2;
        if (stamp_room(t, 2 * top) != SG_OK)
            return t->ctx->status;
    }
    if (2 * v + 1 >= t->count_cap) {
        size_t cap = t->count_cap ? t->count_cap : 256;
        while (cap <= 2 * v + 1)
            cap *= 2;
        uint64_t *c = sg_grow(t->ctx, t->count, cap, sizeof *c);
        if (!c)
            return t->ctx->status;
        memset(c + t->count_cap, 0, (cap - t->count_cap) * sizeof *c);
        t->count = c;
        t->count_cap = cap;
    }
    if (n > 0)
        t->count[2 * v + ((n + t->kpar) & 1)]++;
    if (t->mask && n > 0 && is_rare(t, n, v)) {
        if (add_rare(t, n, v) != SG_OK)
            return t->ctx->status;
        /* When rare heaps stop being rare, the mask is chosen again (not at
         * the first sign, so that a share near the limit does not make it
         * chosen at every heap). */
        if (t->nrare * RARE_SHARE > 2 * n)
            t->next_mask_at = n + 1;
    }
    return SG_OK;
}

/* How many amounts k <= LAST may leave BIT heaps (k >= 1, or k >= 0 for
 * splits): the digits as written, then the turns of the repeating tail,
 * counted by residue rather than one by one, since LAST may be huge. */
static uint64_t count_amounts(const sg_code *c, int bit, uint64_t last)
{
    uint64_t n = 0, start = bit >= 2 ? 0 : 1;
    for (uint64_t k = start; k < c->ndigits && k <= last; k++)
        n += (c->digits[k] >> bit) & 1;
    if (sg_code_finite(c) || last < c->ndigits)
        return n;
    /* k in ndigits..last has digit tail + (k - tail) mod len. */
    uint64_t len = c->ndigits - c->tail;
    for (uint64_t r = 0; r < len; r++) {
        if (!((c->digits[c->tail + r] >> bit) & 1))
            continue;
        uint64_t first = c->tail + r; /* the first k of this residue */
        uint64_t upto = last >= first ? (last - first) / len + 1 : 0;
        uint64_t before = c->ndigits - 1 >= first
                              ? (c->ndigits - 1 - first) / len + 1
                              : 0;
        n += upto - before;
    }
    return n;
}

/* At most what listing every option of heaps 0..LAST plainly examines: a
 * heap has fewer than last splits in two for each amount that splits in
 * two, and fewer than last^2 / 12 in three. */
static double plain_work(const sg_code *c, uint64_t last)
{
    double l = (double)last;
    return (l + 1.0) * (1.0 + (double)count_amounts(c, 1, last)) +
           (double)count_amounts(c, 2, last) * l * l / 4.0 +
           (double)count_amounts(c, 3, last) * l * l * l / 36.0;
}

/* Refuses, at heap N, a computation whose work would exceed the bound. */
static sg_status too_much(tb *t, uint64_t n, double work)
{
    char seen[64] = "";
    if (n)
        snprintf(seen, sizeof seen, " (judged at heap %llu)",
                 (unsigned long long)n);
    return sg_ctx_fail(t->ctx, SG_ELIMIT, "sg(0..%llu): about %.1e options "
                       "to examine%s, more than the %.0e sgviz allows; the "
                       "values of this game do not thin out enough to skip "
                       "them; choose a smaller -n",
                       (unsigned long long)t->last, work, seen, SG_WORK_MAX);
}

static uint64_t code_end(const void *user, uint64_t n0, uint64_t p)
{
    return sg_code_certificate_end(user, n0, p);
}

/* Whether sg(0..n-1) already prove a period: the newest PERIOD_WINDOW
 * values are looked at for a short period, and if they have one, the run
 * is followed back to its start and checked against the theorem.  When it
 * holds, the rest of the values follow from it and are filled in. */
static bool follow_period(tb *t, uint64_t n)
{
    if (!sg_code_certifiable(t->code) || n < 2 * PERIOD_WINDOW)
        return false;
    uint32_t fail[PERIOD_WINDOW];
    uint64_t per, n0;
    uint64_t first = n - PERIOD_WINDOW;
    /* The window's smallest period, by the failure function of its
     * values. */
    fail[0] = 0;
    uint64_t q = 0;
    for (uint64_t j = 1; j < PERIOD_WINDOW; j++) {
        sg_value c = value_at(t, first + j);
        while (q > 0 && value_at(t, first + q) != c)
            q = fail[q - 1];
        if (value_at(t, first + q) == c)
            q++;
        fail[j] = (uint32_t)q;
    }
    per = PERIOD_WINDOW - fail[PERIOD_WINDOW - 1];
    if (per > PERIOD_WINDOW / 2)
        return false;
    uint64_t x = n - 1 - per;
    while (x > 0 && value_at(t, x - 1) == value_at(t, x - 1 + per))
        x--;
    n0 = x;
    uint64_t end = code_end(t->code, n0, per);
    if (end == UINT64_MAX || end + per > n)
        return false;
    t->proved_period = per;
    return true;
}

/* Fills sg(next..last) from the proved period. */
static void fill_periodic(tb *t)
{
    uint64_t per = t->proved_period;
    for (uint64_t x = t->next; x <= t->last; x++) {
        if (t->v16)
            t->v16[x] = t->v16[x - per];
        else
            t->v32[x] = t->v32[x - per];
    }
    t->next = t->last + 1;
}

static sg_status compute(tb *t)
{
    if (t->proved_period) {
        fill_periodic(t);
        return SG_OK;
    }
    sg_status st = stamp_room(t, 2);
    for (uint64_t n = t->next; n <= t->last && st == SG_OK; n++) {
        uint64_t id = n + 1;
        if (n == t->next_mask_at) {
            if (follow_period(t, n)) {
                t->next = n;
                fill_periodic(t);
                return SG_OK;
            }
            st = choose_mask(t, n - 1);
            if (st != SG_OK)
                break;
            uint64_t end = 2 * n < t->last ? 2 * n : t->last;
            t->next_mask_at = 2 * n;
            /* What the heaps up to the next choice will cost, judged now
             * rather than found out: plainly, every split; by the
             * rare-value method, about the rare heaps' splits for each heap
             * and a whole scan for each heap whose value is rare. */
            double next = 0;
            if (t->mask)
                next = 3.0 * (double)t->nrare * (double)t->two.n *
                       (double)(end - n);
            else
                for (uint64_t m = n; m <= end; m++)
                    next += pair_work(t, m);
            if (t->work + next > SG_WORK_MAX)
                return too_much(t, n, t->work + next);
        }
        st = spend(t, simple_work(t, n), n);
        if (st != SG_OK)
            break;
        mark_simple(t, n, id);
        sg_value v;
        if (t->mask && t->two.n) {
            v = rare_mex(t, n, id);
            st = spend(t, (double)t->nrare * (double)t->two.n, n);
        } else {
            st = spend(t, pair_work(t, n), n);
            mark_all_pairs(t, n, id);
            v = least_unmarked(t, id);
        }
        if (st == SG_OK)
            st = record(t, n, v);
        if (st == SG_OK)
            t->next = n + 1;
    }
    return st;
}

/* Hands the values over as an sg_values, one byte each where they fit. */
static sg_values *finish(tb *t)
{
    sg_values *out = sg_alloc(t->ctx, 1, sizeof *out);
    if (!out)
        return NULL;
    out->count = t->last + 1;
    out->max = t->max_value;
    if (t->v16 && t->max_value <= UINT8_MAX) {
        /* Narrowed in place: byte x is written after bytes 2x and 2x + 1
         * were read. */
        uint8_t *b = (uint8_t *)t->v16;
        for (uint64_t x = 0; x <= t->last; x++)
            b[x] = (uint8_t)t->v16[x];
        void *shrunk = realloc(b, (size_t)t->last + 1);
        out->data = shrunk ? shrunk : b;
        out->width = 1;
        t->v16 = NULL;
    } else if (t->v16) {
        out->data = t->v16;
        out->width = 2;
        t->v16 = NULL;
    } else {
        out->data = t->v32;
        out->width = 4;
        t->v32 = NULL;
    }
    return out;
}

struct sg_code_run {
    tb t;
};

sg_code_run *sg_code_run_new(sg_ctx *ctx, const sg_code *code)
{
    sg_code_run *run = sg_alloc(ctx, 1, sizeof *run);
    if (!run)
        return NULL;
    run->t.ctx = ctx;
    run->t.code = code;
    run->t.next_mask_at = FIRST_MASK_AT;
    return run;
}

sg_status sg_code_run_extend(sg_ctx *ctx, sg_code_run *run, uint64_t last)
{
    tb *t = &run->t;
    t->ctx = ctx;
    if (t->next > last)
        return SG_OK;
    const sg_code *code = t->code;
    sg_status st = sg_check_memory(ctx, last + 1, t->v32 ? 4 : 2);
    /* The rare-value method needs few amounts that split; with a repeating
     * tail or splits into three heaps the plain count is what it costs,
     * and is judged before anything is allocated (a tail lists an amount
     * for every heap). */
    if (st == SG_OK && (!sg_code_finite(code) || count_amounts(code, 3,
                                                               last))) {
        double w = plain_work(code, last);
        if (w > SG_WORK_MAX) {
            uint64_t was = t->last;
            t->last = last;
            st = too_much(t, 0, w);
            t->last = was;
        }
    }
    if (st != SG_OK)
        return st;
    /* The table grows to LAST; values held stay where they are. */
    if (t->v32) {
        uint32_t *w = sg_grow(ctx, t->v32, (size_t)last + 1, sizeof *w);
        if (!w)
            return ctx->status;
        t->v32 = w;
    } else {
        uint16_t *w = sg_grow(ctx, t->v16, (size_t)last + 1, sizeof *w);
        if (!w)
            return ctx->status;
        t->v16 = w;
    }
    t->last = last;
    st = build_lists(t);
    if (st == SG_OK)
        st = compute(t);
    return st;
}

const void *sg_code_run_values(const sg_code_run *run, unsigned *width,
                               sg_value *max)
{
    *width = run->t.v16 ? 2 : 4;
    *max = run->t.max_value;
    return run->t.v16 ? (const void *)run->t.v16 : (const void *)run->t.v32;
}

void *sg_code_run_take(sg_code_run *run, unsigned *width)
{
    *width = run->t.v16 ? 2 : 4;
    void *data = run->t.v16 ? (void *)run->t.v16 : (void *)run->t.v32;
    run->t.v16 = NULL;
    run->t.v32 = NULL;
    return data;
}

void sg_code_run_free(sg_code_run *run)
{
    if (!run)
        return;
    tb *t = &run->t;
    free(t->v16);
    free(t->v32);
    free(t->one.k);
    free(t->two.k);
    free(t->three.k);
    free(t->stamp);
    free(t->rare);
    free(t->rare_value);
    free(t->need);
    free(t->count);
    free(run);
}

sg_status sg_code_values(sg_ctx *ctx, const sg_code *code, uint64_t last,
                         sg_values **out)
{
    *out = NULL;
    sg_code_run *run = sg_code_run_new(ctx, code);
    if (!run)
        return ctx->status;
    sg_status st = sg_code_run_extend(ctx, run, last);
    if (st == SG_OK) {
        *out = finish(&run->t);
        if (!*out)
            st = ctx->status;
    }
    sg_code_run_free(run);
    return st;
}
