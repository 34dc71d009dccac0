/*
 * test_quotient.c - the misère quotient (core/quotient.c) against a brute
 * force written here.
 *
 * The games are octal games whose moves are generated here from their
 * codes, digit by digit, knowing nothing of sgviz's own take-and-break
 * module, and tokens on random game graphs.  The brute force finds the misère outcome of a sum of heaps from
 * its moves' outcomes (a sum without moves is won by the player to move),
 * memoized on the counts of each heap size, with no rule and no shortcut.
 * It is also the teacher the quotient learns from; a teacher that lies
 * now and then checks that only the proof makes an answer trusted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/quotient.h"

#define MAX_HEAP 24
#define MAX_OPTIONS 4096
#define MAX_PARTS 8192

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(uint64_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % n;
}

/* ---- an octal game's moves ---------------------------------------------- */

/* The options of heaps 0..MAX_HEAP in the quotient's layout: each option
 * the heaps it leaves, sorted, without empty heaps and without heaps that
 * have no move (for these codes, only the empty heap). */
typedef struct octal {
    size_t first[MAX_HEAP + 2];
    size_t part_start[MAX_OPTIONS + 1];
    uint32_t part[MAX_PARTS];
    size_t nopt, npart;
} octal;

/* Whether heap H (already listed) has a move. */
static bool playable(const octal *g, uint32_t h)
{
    return g->first[h + 1] > g->first[h];
}

static void add_option(octal *g, uint32_t a, uint32_t b)
{
    uint32_t p[2];
    size_t k = 0;
    if (a && playable(g, a))
        p[k++] = a;
    if (b && playable(g, b))
        p[k++] = b;
    if (k == 2 && p[0] > p[1]) {
        uint32_t t = p[0];
        p[0] = p[1];
        p[1] = t;
    }
    assert_true(g->nopt < MAX_OPTIONS && g->npart + k <= MAX_PARTS);
    for (size_t i = 0; i < k; i++)
        g->part[g->npart++] = p[i];
    g->part_start[++g->nopt] = g->npart;
}

/* DIGITS[j] is the code's digit for taking j + 1 tokens: bit 1 lets the
 * move take the whole heap, bit 2 leave one heap, bit 4 leave two. */
static void octal_moves(octal *g, const char *digits)
{
    memset(g, 0, sizeof *g);
    for (uint32_t n = 0; n <= MAX_HEAP; n++) {
        g->first[n] = g->nopt;
        g->first[n + 1] = g->nopt; /* none yet: heap n leaves smaller ones */
        for (uint32_t j = 0; digits[j]; j++) {
            uint32_t take = j + 1, d = (uint32_t)(digits[j] - '0');
            if ((d & 1) && n == take)
                add_option(g, 0, 0);
            if ((d & 2) && n > take)
                add_option(g, n - take, 0);
            if (d & 4)
                for (uint32_t a = 1; take + 2 * a <= n; a++)
                    add_option(g, a, n - take - a);
        }
        g->first[n + 1] = g->nopt;
    }
    g->first[MAX_HEAP + 1] = g->nopt;
}

/* A random game graph on positions 0..MAX_HEAP, each move going to a
 * smaller position (tokens on a DAG, as a DOT game gives them): a move to
 * a position without moves leaves nothing. */
static void random_graph(octal *g)
{
    memset(g, 0, sizeof *g);
    for (uint32_t n = 0; n <= MAX_HEAP; n++) {
        g->first[n] = g->nopt;
        g->first[n + 1] = g->nopt;
        uint32_t moves = n ? (uint32_t)rnd(5) : 0;
        uint32_t seen = 0;
        for (uint32_t j = 0; j < moves; j++) {
            uint32_t to = n > 8 ? n - 1 - (uint32_t)rnd(8) : (uint32_t)rnd(n);
            if (seen & (1u << (n - 1 - to)))
                continue;
            seen |= 1u << (n - 1 - to);
            add_option(g, to, 0);
        }
        g->first[n + 1] = g->nopt;
    }
}

static sg_quotient_moves view(const octal *g)
{
    return (sg_quotient_moves){MAX_HEAP + 1, g->first, g->part_start,
                               g->part};
}

/* ---- the brute force ----------------------------------------------------- */

/* A sum as the count of each heap size 1..MAX_HEAP, five bits each. */
typedef struct counts {
    uint64_t w[2];
} counts;

static unsigned count_of(const counts *c, uint32_t h)
{
    unsigned i = h - 1;
    return (unsigned)((c->w[i / 12] >> (5 * (i % 12))) & 31);
}

static void add_heap(counts *c, uint32_t h, int by)
{
    unsigned i = h - 1;
    assert_true(by > 0 ? count_of(c, h) < 31 : count_of(c, h) > 0);
    if (by > 0)
        c->w[i / 12] += UINT64_C(1) << (5 * (i % 12));
    else
        c->w[i / 12] -= UINT64_C(1) << (5 * (i % 12));
}

#define MEMO (1u << 21)
static counts memo_key[MEMO];
static unsigned char memo_val[MEMO]; /* 0 unknown, 1 P, 2 N */
static const octal *memo_game;

static const octal *agree_game;
static size_t memo_used;

static void memo_reset(const octal *g)
{
    memset(memo_val, 0, sizeof memo_val);
    memo_used = 0;
    memo_game = g;
    agree_game = g;
}

/* Whether the sum C is a misère P-position. */
static bool brute_p(const counts *c)
{
    uint64_t h = (c->w[0] * UINT64_C(0x9E3779B97F4A7C15)) ^
                 (c->w[1] * UINT64_C(0xC2B2AE3D27D4EB4F));
    size_t i = (size_t)(h >> 40) & (MEMO - 1);
    while (memo_val[i] && (memo_key[i].w[0] != c->w[0] ||
                           memo_key[i].w[1] != c->w[1]))
        i = (i + 1) & (MEMO - 1);
    if (memo_val[i])
        return memo_val[i] == 1;
    const octal *g = memo_game;
    bool any = false, to_p = false;
    for (uint32_t x = 1; x <= MAX_HEAP && !to_p; x++) {
        if (!count_of(c, x))
            continue;
        for (size_t o = g->first[x]; o < g->first[x + 1] && !to_p; o++) {
            counts next = *c;
            add_heap(&next, x, -1);
            for (size_t p = g->part_start[o]; p < g->part_start[o + 1]; p++)
                add_heap(&next, g->part[p], 1);
            any = true;
            to_p = brute_p(&next);
        }
    }
    bool p = any && !to_p;
    /* The recursion may have moved entries; find the slot again. */
    i = (size_t)(h >> 40) & (MEMO - 1);
    while (memo_val[i] && (memo_key[i].w[0] != c->w[0] ||
                           memo_key[i].w[1] != c->w[1]))
        i = (i + 1) & (MEMO - 1);
    /* A full table would make the probing above run forever. */
    assert_true(++memo_used < MEMO / 2);
    memo_key[i] = *c;
    memo_val[i] = p ? 1 : 2;
    return p;
}

static bool brute_p_of(const uint32_t *ms, size_t k)
{
    counts c = {{0, 0}};
    for (size_t i = 0; i < k; i++)
        add_heap(&c, ms[i], 1);
    return brute_p(&c);
}

/* The teacher: the brute force, lying on one question in LIE_EVERY when
 * that is set. */
typedef struct teacher {
    unsigned lie_every;
    unsigned asked, lies;
} teacher;

static sg_status teach(void *user, const uint32_t *ms, size_t k, bool *is_p)
{
    teacher *t = user;
    for (size_t i = 1; i < k; i++)
        assert_true(ms[i - 1] <= ms[i]); /* sorted, as promised */
    *is_p = brute_p_of(ms, k);
    t->asked++;
    if (t->lie_every && rnd(t->lie_every) == 0) {
        *is_p = !*is_p;
        t->lies++;
    }
    return SG_OK;
}

/* ---- checks -------------------------------------------------------------- */

/* The quotient's answer for the sum MS[0..k) (sorted): heaps without a
 * move are left out, as the quotient takes sums. */
static bool quotient_p(const sg_quotient *q, const uint32_t *ms, size_t k)
{
    uint32_t kept[8];
    size_t n = 0;
    for (size_t i = 0; i < k; i++)
        if (playable(agree_game, ms[i]))
            kept[n++] = ms[i];
    assert_true(sg_quotient_covers(q, kept, n));
    return sg_quotient_is_p(q, kept, n);
}

/* Every sum of up to three heaps of 1..TOP, and random sums of four to
 * seven heaps of 1..SMALL, answered by the quotient as by the brute
 * force. */
static void agree(const sg_quotient *q, uint32_t top, uint32_t small)
{
    uint32_t ms[8];
    for (uint32_t a = 1; a <= top; a++)
        for (uint32_t b = a; b <= top; b++)
            for (uint32_t c = b; c <= top; c++) {
                ms[0] = a;
                assert_int_equal(quotient_p(q, ms, 1), brute_p_of(ms, 1));
                ms[1] = b;
                assert_int_equal(quotient_p(q, ms, 2), brute_p_of(ms, 2));
                ms[2] = c;
                assert_int_equal(quotient_p(q, ms, 3), brute_p_of(ms, 3));
            }
    for (int round = 0; round < 400; round++) {
        size_t k = 4 + (size_t)rnd(4);
        for (size_t i = 0; i < k; i++)
            ms[i] = 1 + (uint32_t)rnd(small);
        for (size_t i = 1; i < k; i++)
            for (size_t j = i; j > 0 && ms[j - 1] > ms[j]; j--) {
                uint32_t t = ms[j];
                ms[j] = ms[j - 1];
                ms[j - 1] = t;
            }
        assert_int_equal(quotient_p(q, ms, k), brute_p_of(ms, k));
    }
    uint32_t none = 0;
    assert_false(sg_quotient_is_p(q, &none, 0)); /* the empty sum is N */
}

static void learn_and_check(const char *digits, uint32_t level, uint32_t top,
                            uint32_t small)
{
    sg_ctx *ctx = sg_ctx_new();
    static octal g;
    octal_moves(&g, digits);
    memo_reset(&g);
    sg_quotient_moves mv = view(&g);
    sg_quotient *q = sg_quotient_new(ctx);
    assert_non_null(q);
    teacher t = {0, 0, 0};
    assert_int_equal(sg_quotient_extend(ctx, q, &mv, level, teach, &t),
                     SG_OK);
    assert_int_equal(sg_quotient_level(q), level + 1);
    assert_true(sg_quotient_classes(q) >= 2);
    assert_true(sg_quotient_pairs(q) >= sg_quotient_classes(q));
    agree(q, top, small);
    sg_quotient_free(q);
    sg_ctx_free(ctx);
}

/* Kayles (0.77), Dawson's Kayles (0.07), Dawson's Chess (0.137) and two
 * codes without a name. */
static void test_octal_games(void **state)
{
    (void)state;
    learn_and_check("77", 18, 12, 6);
    learn_and_check("07", 16, 12, 6);
    learn_and_check("137", 14, 12, 6);
    learn_and_check("4", 16, 12, 6);
    learn_and_check("36", 14, 12, 6);
}

/* Tokens on random game graphs of 11 positions: no move splits, but many
 * are wild. */
static void test_game_graphs(void **state)
{
    (void)state;
    static octal g;
    int learned = 0;
    for (int round = 0; round < 12; round++) {
        sg_ctx *ctx = sg_ctx_new();
        random_graph(&g);
        memo_reset(&g);
        sg_quotient_moves mv = view(&g);
        sg_quotient *q = sg_quotient_new(ctx);
        teacher t = {0, 0, 0};
        sg_status st = sg_quotient_extend(ctx, q, &mv, 10, teach, &t);
        /* A graph's quotient may outgrow the bounds; what is proved holds. */
        assert_true(st == SG_OK || st == SG_ELIMIT);
        if (st == SG_OK) {
            learned++;
            agree(q, 10, 8);
        }
        sg_quotient_free(q);
        sg_ctx_free(ctx);
    }
    assert_true(learned > 0);
}

/* Learning may go on from where it stopped, and answers only for what the
 * proof covers. */
static void test_extend_in_steps(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static octal g;
    octal_moves(&g, "77");
    memo_reset(&g);
    sg_quotient_moves mv = view(&g);
    sg_quotient *q = sg_quotient_new(ctx);
    teacher t = {0, 0, 0};
    uint32_t ms[3] = {4, 9, 12};
    assert_int_equal(sg_quotient_extend(ctx, q, &mv, 9, teach, &t), SG_OK);
    assert_int_equal(sg_quotient_level(q), 10);
    assert_true(sg_quotient_covers(q, ms, 2));
    assert_false(sg_quotient_covers(q, ms, 3)); /* 12 is beyond it */
    size_t small = sg_quotient_classes(q);
    unsigned asked = t.asked;
    /* Asking again for what is proved asks the teacher nothing. */
    assert_int_equal(sg_quotient_extend(ctx, q, &mv, 5, teach, &t), SG_OK);
    assert_int_equal(t.asked, asked);
    assert_int_equal(sg_quotient_extend(ctx, q, &mv, 14, teach, &t), SG_OK);
    assert_true(sg_quotient_covers(q, ms, 3));
    assert_true(sg_quotient_classes(q) >= small);
    agree(q, 12, 6);
    sg_quotient_free(q);
    sg_ctx_free(ctx);
}

/* A teacher that lies now and then may keep the learning from finishing,
 * but whatever the proof lets through is right: every answer of a quotient
 * that extend() accepts agrees with the brute force. */
static void test_lying_teacher(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static octal g;
    octal_moves(&g, "77");
    sg_quotient_moves mv = view(&g);
    unsigned accepted = 0, lies = 0;
    for (int round = 0; round < 12; round++) {
        memo_reset(&g);
        sg_quotient *q = sg_quotient_new(ctx);
        teacher t = {8 + (unsigned)round, 0, 0};
        sg_status st = sg_quotient_extend(ctx, q, &mv, 12, teach, &t);
        lies += t.lies;
        assert_true(st == SG_OK || st == SG_ELIMIT);
        if (sg_quotient_level(q) > 0) {
            uint32_t top = sg_quotient_level(q) - 1;
            if (top >= 1) {
                agree(q, top < 10 ? top : 10, top < 6 ? top : 6);
                accepted++;
            }
        }
        sg_ctx_clear(ctx);
        sg_quotient_free(q);
    }
    assert_true(lies > 0);
    assert_true(accepted > 0);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_octal_games),
        cmocka_unit_test(test_game_graphs),
        cmocka_unit_test(test_extend_in_steps),
        cmocka_unit_test(test_lying_teacher),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
