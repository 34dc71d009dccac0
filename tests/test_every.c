/*
 * test_every.c - Every-SG against a brute force of the game itself, written
 * here: a position is the multiset of its components (heaps), a turn picks
 * one move in every component that has one (every combination of them),
 * and the player who cannot move loses.  The library decides a sum by the
 * largest step count; the tests play every joint move of random sums of
 * subtraction games and of take-and-break games (whose moves split a
 * component into more), and check the step recurrence itself against the
 * definition computed anew.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

static sg_ctx *ctx;

static int setup(void **state)
{
    (void)state;
    ctx = sg_ctx_new();
    return ctx ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_ctx_free(ctx);
    return 0;
}

/* ---- the brute force -------------------------------------------------- */

/* A game as the brute force knows it: the moves of a heap, each leaving up
 * to two heaps (0 for none). */
typedef struct bgame {
    unsigned amounts[8];
    int namounts;
    bool kayles; /* Kayles: take 1 or 2 from anywhere in a row */
} bgame;

typedef struct bmove {
    int left[2];
    int n;
} bmove;

/* The moves of heap H. */
static int heap_moves(const bgame *g, int h, bmove *out)
{
    int n = 0;
    if (g->kayles) {
        for (int take = 1; take <= 2; take++)
            for (int a = 0; a + take <= h; a++) {
                int b = h - take - a;
                if (a > b)
                    continue; /* each split once */
                bmove m = {{0, 0}, 0};
                if (a)
                    m.left[m.n++] = a;
                if (b)
                    m.left[m.n++] = b;
                out[n++] = m;
            }
        return n;
    }
    for (int i = 0; i < g->namounts; i++)
        if ((int)g->amounts[i] <= h) {
            bmove m = {{h - (int)g->amounts[i], 0}, 1};
            if (m.left[0] == 0)
                m.n = 0;
            out[n++] = m;
        }
    return n;
}

/* Positions: sorted multisets of at most MAXC heaps below MAXH.  A sum
 * of three rows of at most 8 in Kayles holds at most 24 tokens, so it
 * never has more than 24 heaps, however it is split. */
#define MAXC 24
#define MAXH 13

typedef struct bpos {
    int h[MAXC];
    int n;
} bpos;

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* A memo of outcomes by position, in a small hash table. */
typedef struct memo_entry {
    bpos p;
    int win; /* 0 unknown, 1 the player to move wins, 2 loses */
} memo_entry;

#define MEMO (1 << 16)
static memo_entry memo[MEMO];
static size_t memo_used; /* kept below half the table, so probes end */

static unsigned hash_pos(const bpos *p)
{
    unsigned h = 2166136261u ^ (unsigned)p->n;
    for (int i = 0; i < p->n; i++)
        h = (h ^ (unsigned)p->h[i]) * 16777619u;
    return h;
}

static bool same_pos(const bpos *a, const bpos *b)
{
    return a->n == b->n && memcmp(a->h, b->h, (size_t)a->n * sizeof a->h[0]) == 0;
}

/* Whether the player to move wins P: some turn (a move in every heap that
 * has one) leaves a position the other loses.  Heaps without moves drop
 * out; a position none of whose heaps can move is lost. */
static bool wins(const bgame *g, const bpos *p);

/* Tries every choice of moves for heaps I.. of P, the heaps built so far in
 * NEXT: true when one of them leaves a lost position. */
static bool try_turns(const bgame *g, const bpos *p, int i, bpos *next)
{
    if (i == p->n) {
        bpos sorted = *next;
        qsort(sorted.h, (size_t)sorted.n, sizeof sorted.h[0], cmp_int);
        return !wins(g, &sorted);
    }
    bmove ms[64];
    int k = heap_moves(g, p->h[i], ms);
    if (k == 0) /* a heap without moves is over */
        return try_turns(g, p, i + 1, next);
    for (int j = 0; j < k; j++) {
        int before = next->n;
        assert_true(next->n + ms[j].n <= MAXC);
        for (int q = 0; q < ms[j].n; q++)
            next->h[next->n++] = ms[j].left[q];
        bool w = try_turns(g, p, i + 1, next);
        next->n = before;
        if (w)
            return true;
    }
    return false;
}

static bool wins(const bgame *g, const bpos *p)
{
    unsigned slot = hash_pos(p) & (MEMO - 1);
    while (memo[slot].win && !same_pos(&memo[slot].p, p))
        slot = (slot + 1) & (MEMO - 1);
    if (memo[slot].win)
        return memo[slot].win == 1;
    bool any = false;
    for (int i = 0; i < p->n && !any; i++) {
        bmove ms[64];
        any = heap_moves(g, p->h[i], ms) > 0;
    }
    bpos next = {{0}, 0};
    bool w = any && try_turns(g, p, 0, &next);
    /* Recursion may have filled the slot's neighbourhood: look again. */
    slot = hash_pos(p) & (MEMO - 1);
    while (memo[slot].win && !same_pos(&memo[slot].p, p))
        slot = (slot + 1) & (MEMO - 1);
    assert_true(++memo_used < MEMO / 2);
    memo[slot].p = *p;
    memo[slot].win = w ? 1 : 2;
    return w;
}

/* The library's verdict on the sum of heaps H[0..n). */
static bool library_wins(const sg_every *e, const int *h, int n)
{
    uint64_t parts[MAXC];
    for (int i = 0; i < n; i++)
        parts[i] = (uint64_t)h[i];
    return sg_every_sum_step(e, parts, (size_t)n) % 2 == 1;
}

static unsigned long long rng = 88172645463325252ull;

static unsigned next_rand(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* Random sums of one to three heaps of GAME (the library's) and G (the
 * brute force's): the same winner. */
static void check_sums(const sg_game *game, const bgame *g, int sums)
{
    memset(memo, 0, sizeof memo);
    memo_used = 0;
    sg_every *e = sg_every_new(ctx, game, MAXH);
    assert_non_null(e);
    for (int t = 0; t < sums; t++) {
        int n = 1 + (int)next_rand(3);
        bpos p = {{0}, n};
        for (int i = 0; i < n; i++)
            p.h[i] = 1 + (int)next_rand(g->kayles ? 8 : MAXH - 1);
        qsort(p.h, (size_t)n, sizeof p.h[0], cmp_int);
        if (wins(g, &p) != library_wins(e, p.h, n))
            fail_msg("%s: sum %d%s%d%s%d: brute force %s, steps %s",
                     sg_game_describe(game), p.h[0], n > 1 ? "+" : "",
                     n > 1 ? p.h[1] : 0, n > 2 ? "+" : "",
                     n > 2 ? p.h[2] : 0, wins(g, &p) ? "wins" : "loses",
                     library_wins(e, p.h, n) ? "wins" : "loses");
    }
    sg_every_free(e);
}

static void subtraction_sums(void **state)
{
    (void)state;
    for (int trial = 0; trial < 12; trial++) {
        bgame g = {{0}, 0, false};
        char spec[64] = "";
        unsigned used = 0;
        int k = 1 + (int)next_rand(4);
        for (int i = 0; i < k; i++) {
            unsigned a = 1 + next_rand(6);
            if (used & (1u << a))
                continue;
            used |= 1u << a;
            g.amounts[g.namounts++] = a;
            snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%u",
                     g.namounts > 1 ? "," : "", a);
        }
        sg_game *game = sg_game_from_spec(ctx, spec, "test");
        assert_non_null(game);
        check_sums(game, &g, 300);
        sg_game_free(game);
    }
}

/* Kayles splits a row: the parts become components of their own, each of
 * which must then be moved in, so a split's step is its longest part's. */
static void kayles_sums(void **state)
{
    (void)state;
    bgame g = {{0}, 0, true};
    sg_game *game = sg_game_from_code(ctx, "kayles", "test");
    assert_non_null(game);
    check_sums(game, &g, 150);
    /* A row of 3 is won in normal play (sg 3), and lost under Every-SG:
     * every move leaves parts the opponent ends at once. */
    bpos three = {{3}, 1};
    assert_false(wins(&g, &three));
    int h = 3;
    sg_every *e = sg_every_new(ctx, game, 3);
    assert_false(library_wins(e, &h, 1));
    sg_every_free(e);
    sg_game_free(game);
}

/* The step recurrence on S = {1,3,4} against values worked by hand from
 * the definition (and the strategy move each step follows). */
static void steps_by_hand(void **state)
{
    (void)state;
    static const uint64_t want[] = {0, 1, 2, 3, 1, 3, 3, 2, 3, 4, 5};
    sg_game *game = sg_game_from_spec(ctx, "1,3,4", "test");
    sg_every *e = sg_every_new(ctx, game, 10);
    assert_non_null(e);
    for (uint64_t x = 0; x <= 10; x++)
        assert_int_equal(sg_every_step(e, x), want[x]);
    /* From 3 (N, step 3) the move to 2 (P, step 2) keeps it long; from 7
     * (P, step 2) the move to 4 (step 1) ends it soonest. */
    uint64_t *left;
    size_t k;
    assert_int_equal(sg_every_move(ctx, e, 3, &left, &k, NULL), SG_OK);
    assert_int_equal(k, 1);
    assert_int_equal(left[0], 2);
    free(left);
    assert_int_equal(sg_every_move(ctx, e, 7, &left, &k, NULL), SG_OK);
    assert_int_equal(left[0], 4);
    free(left);
    assert_int_equal(sg_every_move(ctx, e, 0, &left, &k, NULL), SG_OK);
    assert_null(left);
    sg_every_free(e);
    sg_game_free(game);
}

/* The batch reader answers lines by the largest step. */
static void batch_answers(void **state)
{
    (void)state;
    sg_game *game = sg_game_from_spec(ctx, "1,3,4", "test");
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    sg_batch_opts o = {.size = sizeof(sg_batch_opts), .layout = SG_BATCH_LINES,
                       .every = 1};
    sg_batch *b = sg_batch_new(ctx, game, &o, "stdin", out);
    assert_non_null(b);
    const char *in = "3 5 7\n2 7\n";
    assert_int_equal(sg_batch_feed(ctx, b, in, strlen(in)), SG_OK);
    assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
    fclose(out);
    assert_string_equal(text, "3 5 7: largest step 3, first player wins\n"
                              "2 7: largest step 2, second player wins\n");
    free(text);
    sg_batch_free(b);
    sg_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(subtraction_sums),
        cmocka_unit_test(kayles_sums),
        cmocka_unit_test(steps_by_hand),
        cmocka_unit_test(batch_answers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
