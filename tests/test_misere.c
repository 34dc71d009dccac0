/*
 * test_misere.c - misère play (the last player to move loses) against a
 * brute force written here: the outcome of a position is found from its
 * moves' outcomes (a position without moves is won by the player to move),
 * over whole sums, memoized on the sorted list of their parts, knowing
 * nothing of g- or of misère Nim's rule.  Subtraction games and random
 * game graphs, sums of up to four parts; Nim against the same search.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sgviz.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rnd(uint64_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % n;
}

/* ---- the brute force -------------------------------------------------- */

/* A game for the brute force: the moves of each position as a list of
 * the positions they lead to (at most 32 positions, 32 moves each). */
typedef struct bgame {
    int n;
    int moves[32][32];
    int nmoves[32];
} bgame;

/* A sum of up to 4 parts, each below 32, packed sorted into 20 bits plus
 * its size: the brute force's memo key. */
static uint32_t pack(const int *parts, int k)
{
    int s[4];
    memcpy(s, parts, (size_t)k * sizeof *s);
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            int t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    uint32_t key = (uint32_t)k;
    for (int i = 0; i < k; i++)
        key |= (uint32_t)s[i] << (3 + 5 * i);
    return key;
}

/* 0 unknown, 1 the player to move wins, 2 loses. */
static unsigned char memo[1u << 23];

/* Whether the player to move wins the sum PARTS[0..k) under misère play. */
static bool brute_wins(const bgame *g, const int *parts, int k)
{
    uint32_t key = pack(parts, k);
    if (memo[key])
        return memo[key] == 1;
    bool any = false, wins = false;
    int next[4];
    for (int i = 0; i < k && !wins; i++) {
        for (int j = 0; j < g->nmoves[parts[i]] && !wins; j++) {
            any = true;
            memcpy(next, parts, (size_t)k * sizeof *next);
            next[i] = g->moves[parts[i]][j];
            wins = !brute_wins(g, next, k);
        }
    }
    /* No move: the other player made the last one, and lost. */
    if (!any)
        wins = true;
    memo[key] = wins ? 1 : 2;
    return wins;
}

/* g- of part X by its definition: the least m for which X + *m is a
 * misère P-position, with *m played as its own nim-heap.  Nim-heaps are
 * added to the brute force's game as positions 31, 30, ..., 16 (*0 is
 * 31, *1 30, ...), which the games here never use. */
static unsigned brute_gminus(bgame *g, int x)
{
    for (unsigned m = 0; m < 16; m++) {
        int heap[2] = {x, 31 - (int)m};
        if (!brute_wins(g, heap, 2))
            return m;
    }
    fail_msg("g- of %d is beyond 15", x);
    return 0;
}

/* Adds nim-heaps *0..*15 as positions 31..16 of G. */
static void add_nim_heaps(bgame *g)
{
    for (int m = 0; m < 16; m++) {
        g->nmoves[31 - m] = m;
        for (int j = 0; j < m; j++)
            g->moves[31 - m][j] = 31 - j;
    }
}

/* ---- games ------------------------------------------------------------ */

/* The subtraction game of the amounts A[0..k), heaps 0..n-1, for the brute
 * force. */
static void subtraction(bgame *g, const unsigned *a, size_t k, int n)
{
    memset(g, 0, sizeof *g);
    memset(memo, 0, sizeof memo);
    g->n = n;
    for (int x = 0; x < n; x++)
        for (size_t i = 0; i < k; i++)
            if ((int)a[i] <= x)
                g->moves[x][g->nmoves[x]++] = x - (int)a[i];
    add_nim_heaps(g);
}

/* A random game graph of N positions for the brute force and as a DOT
 * file PATH: position x moves to some positions below it.  Returns the
 * game as sgviz reads it. */
static sg_game *random_dag(sg_ctx *ctx, bgame *g, int n, const char *path)
{
    memset(g, 0, sizeof *g);
    memset(memo, 0, sizeof memo);
    g->n = n;
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("digraph {\n", f);
    for (int x = 0; x < n; x++) {
        fprintf(f, "  p%d;\n", x);
        for (int y = 0; y < x; y++)
            if (rnd(3) == 0) {
                g->moves[x][g->nmoves[x]++] = y;
                fprintf(f, "  p%d -> p%d;\n", x, y);
            }
    }
    fputs("}\n", f);
    fclose(f);
    add_nim_heaps(g);
    sg_game *game = sg_game_read_dot(ctx, path);
    if (!game)
        fail_msg("%s: %s", path, sg_ctx_message(ctx));
    return game;
}

/* sgviz's number of the brute force's position X of a DOT game. */
static uint64_t node(sg_ctx *ctx, const sg_game *game, int x)
{
    char name[16];
    snprintf(name, sizeof name, "p%d", x);
    uint64_t p;
    assert_int_equal(sg_game_find_position(ctx, game, name, "test", &p),
                     SG_OK);
    return p;
}

/* Checks every sum of up to 3 parts below N (and random sums of 4) of
 * GAME against the brute force G: the outcome, g- of the sum, and the
 * winning moves.  TO_SG maps the brute force's positions to sgviz's. */
static void check_sums(sg_ctx *ctx, const sg_game *game, bgame *g, int n,
                       uint64_t *to_sg)
{
    sg_misere *m = sg_misere_new(ctx, game, 0);
    assert_non_null(m);
    /* Single positions: g- against its definition. */
    sg_values *v = NULL;
    uint64_t last = sg_game_is_finite(game) ? UINT64_MAX : (uint64_t)n - 1;
    assert_int_equal(sg_misere_values(ctx, m, last, &v), SG_OK);
    for (int x = 0; x < n; x++)
        assert_int_equal(sg_values_get(v, to_sg[x]), brute_gminus(g, x));
    sg_values_free(v);
    for (int round = 0; round < 300; round++) {
        int k = 1 + (int)rnd(4), parts[4];
        uint64_t sgp[4];
        for (int i = 0; i < k; i++) {
            parts[i] = (int)rnd((uint64_t)n);
            sgp[i] = to_sg[parts[i]];
        }
        bool wins = brute_wins(g, parts, k);
        sg_misere_answer a;
        assert_int_equal(sg_misere_solve(ctx, m, sgp, (size_t)k, 0, &a),
                         SG_OK);
        assert_int_equal(a.first_player_wins, wins);
        sg_misere_answer av;
        assert_int_equal(sg_misere_solve(ctx, m, sgp, (size_t)k, 1, &av),
                         SG_OK);
        assert_true(av.has_value);
        assert_int_equal(av.value != 0, wins);
        /* The winning moves: exactly the moves to a position the player
         * to move then loses. */
        sg_misere_moves *mv = sg_misere_moves_new(ctx, m, sgp, (size_t)k, 0);
        assert_non_null(mv);
        size_t want = 0;
        for (int i = 0; i < k; i++)
            for (int j = 0; j < g->nmoves[parts[i]]; j++) {
                int next[4];
                memcpy(next, parts, (size_t)k * sizeof *next);
                next[i] = g->moves[parts[i]][j];
                want += !brute_wins(g, next, k);
            }
        assert_int_equal(sg_misere_moves_count(mv), want);
        for (size_t t = 0; t < sg_misere_moves_count(mv); t++) {
            const uint64_t *left;
            size_t nleft;
            int won;
            const sg_sum_move *mo = sg_misere_moves_at(mv, t, &won, &left,
                                                       &nleft);
            assert_true(won);
            assert_int_equal(nleft, 1);
            int next[4];
            memcpy(next, parts, (size_t)k * sizeof *next);
            int y = -1;
            for (int z = 0; z < n; z++)
                if (to_sg[z] == left[0])
                    y = z;
            assert_true(y >= 0);
            next[mo->part] = y;
            assert_false(brute_wins(g, next, k));
        }
        sg_misere_moves_free(mv);
    }
    sg_misere_free(m);
}

/* ---- tests ------------------------------------------------------------ */

static void test_subtraction_sums(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (int round = 0; round < 12; round++) {
        unsigned a[3];
        size_t k = 1 + (size_t)rnd(3);
        char spec[32] = "";
        for (size_t i = 0; i < k; i++) {
            bool again;
            do {
                a[i] = 1 + (unsigned)rnd(5);
                again = false;
                for (size_t j = 0; j < i; j++)
                    again |= a[j] == a[i];
            } while (again);
            snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%u",
                     i ? "," : "", a[i]);
        }
        bgame g;
        subtraction(&g, a, k, 15);
        sg_game *game = sg_game_from_spec(ctx, spec, "--set");
        sg_misere *m = sg_misere_new(ctx, game, 0);
        sg_values *v = NULL;
        assert_int_equal(sg_misere_values(ctx, m, 14, &v), SG_OK);
        for (int x = 0; x < 15; x++)
            assert_int_equal(sg_values_get(v, (uint64_t)x),
                             brute_gminus(&g, x));
        sg_values_free(v);
        for (int r = 0; r < 300; r++) {
            int n = 1 + (int)rnd(4), parts[4];
            uint64_t sgp[4];
            for (int i = 0; i < n; i++) {
                parts[i] = (int)rnd(15);
                sgp[i] = (uint64_t)parts[i];
            }
            sg_misere_answer ans;
            assert_int_equal(sg_misere_solve(ctx, m, sgp, (size_t)n, 0, &ans),
                             SG_OK);
            if (ans.first_player_wins != brute_wins(&g, parts, n))
                fail_msg("S = {%s}: %d parts from %d: outcome differs", spec,
                         n, parts[0]);
        }
        sg_misere_free(m);
        sg_game_free(game);
    }
    sg_ctx_free(ctx);
}

static void test_dag_sums(void **state)
{
    (void)state;
    char path[] = "/tmp/sgviz-test-misere-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    sg_ctx *ctx = sg_ctx_new();
    int searched = 0;
    for (int round = 0; round < 10; round++) {
        bgame g;
        int n = 6 + (int)rnd(10);
        sg_game *game = random_dag(ctx, &g, n, path);
        uint64_t to_sg[32];
        for (int x = 0; x < n; x++)
            to_sg[x] = node(ctx, game, x);
        sg_misere *m = sg_misere_new(ctx, game, 0);
        sg_misere_tame t;
        assert_int_equal(sg_misere_tameness(ctx, m, UINT64_MAX, &t), SG_OK);
        searched += !t.tame;
        sg_misere_free(m);
        check_sums(ctx, game, &g, n, to_sg);
        sg_game_free(game);
    }
    /* Random graphs are rarely tame: the search was tried. */
    assert_true(searched > 0);
    sg_ctx_free(ctx);
    remove(path);
}

/* Nim's rule against the brute force, and misère Nim for heaps of any
 * size at once. */
static void test_nim(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = sg_game_from_spec(ctx, "all", "--set");
    bgame g;
    unsigned all[12];
    for (unsigned i = 0; i < 12; i++)
        all[i] = i + 1;
    subtraction(&g, all, 12, 13);
    uint64_t to_sg[13];
    for (int x = 0; x < 13; x++)
        to_sg[x] = (uint64_t)x;
    check_sums(ctx, game, &g, 13, to_sg);

    sg_misere *m = sg_misere_new(ctx, game, 0);
    uint64_t big[3] = {UINT64_C(1) << 62, 5, (UINT64_C(1) << 62) ^ 5};
    sg_misere_answer a;
    assert_int_equal(sg_misere_solve(ctx, m, big, 3, 0, &a), SG_OK);
    assert_int_equal(a.rule, SG_MISERE_BY_NIM);
    assert_false(a.first_player_wins);
    big[1] = 1;
    big[2] = 1;
    /* One heap of 2^62 with two 1-heaps: take it down to 1. */
    sg_misere_moves *mv = sg_misere_moves_new(ctx, m, big, 3, 0);
    assert_int_equal(sg_misere_moves_count(mv), 1);
    assert_int_equal(sg_misere_moves_at(mv, 0, NULL, NULL, NULL)->to, 1);
    sg_misere_moves_free(mv);
    sg_misere_free(m);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

/* The misère values of S = {1,3,4} and whether its heaps are tame. */
static void test_values_and_tameness(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_misere *m = sg_misere_new(ctx, game, 0);
    sg_values *v = NULL;
    assert_int_equal(sg_misere_values(ctx, m, 13, &v), SG_OK);
    /* By hand: g-(0) = 1, then the mex of the options' g-. */
    static const unsigned want[] = {1, 0, 1, 0, 2, 3, 2, 1, 0, 1, 0, 2, 3, 2};
    for (uint64_t x = 0; x < 14; x++)
        assert_int_equal(sg_values_get(v, x), want[x]);
    sg_values_free(v);
    sg_misere_tame t;
    assert_int_equal(sg_misere_tameness(ctx, m, 1000, &t), SG_OK);
    assert_true(t.tame);
    assert_int_equal(t.witness, SG_NO_POSITION);
    sg_misere_free(m);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

/* A position too large to search is refused, naming the sum and the
 * bound. */
static void test_bound(void **state)
{
    (void)state;
    char path[] = "/tmp/sgviz-test-misere-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = NULL;
    sg_misere *m = NULL;
    /* Random graphs until one is not tame, so that the search decides. */
    for (int round = 0; round < 50 && !m; round++) {
        bgame g;
        sg_game_free(game);
        game = random_dag(ctx, &g, 30, path);
        sg_misere *probe = sg_misere_new(ctx, game, 0);
        sg_misere_tame t;
        assert_int_equal(sg_misere_tameness(ctx, probe, UINT64_MAX, &t),
                         SG_OK);
        sg_misere_free(probe);
        if (!t.tame)
            m = sg_misere_new(ctx, game, 10);
    }
    assert_non_null(m);
    uint64_t parts[4];
    for (int i = 0; i < 4; i++)
        parts[i] = node(ctx, game, 29 - i);
    sg_misere_answer a;
    assert_int_equal(sg_misere_solve(ctx, m, parts, 4, 1, &a), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "examined 10 positions"));
    assert_non_null(strstr(sg_ctx_message(ctx), "p29+p28+p27+p26"));
    sg_misere_free(m);
    sg_game_free(game);
    sg_ctx_free(ctx);
    remove(path);
}

/* CGSuite's misère values (MisereNimValue) of heaps 0..20. */
static void test_cgsuite_values(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        unsigned want[21];
    } games[] = {
        {"0.77", {1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2,
                  0}},
        {"0.07", {1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1,
                  3}},
        {"4!.0", {1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1,
                  2}},
    };
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        sg_game *game = sg_game_from_code(ctx, games[i].code, "--code");
        assert_non_null(game);
        sg_misere *m = sg_misere_new(ctx, game, 0);
        sg_values *v = NULL;
        assert_int_equal(sg_misere_values(ctx, m, 20, &v), SG_OK);
        for (uint64_t x = 0; x <= 20; x++)
            if (sg_values_get(v, x) != games[i].want[x])
                fail_msg("%s: g-(%llu) = %llu, CGSuite says %u",
                         games[i].code, (unsigned long long)x,
                         (unsigned long long)sg_values_get(v, x),
                         games[i].want[x]);
        sg_values_free(v);
        sg_misere_free(m);
        sg_game_free(game);
    }
    sg_ctx_free(ctx);
}

/* Kayles written here (a move knocks down one pin or two adjacent ones,
 * leaving the pins to either side), with a brute force over sums of rows
 * of pins: outcomes of random sums and every winning move against
 * sgviz's search. */
typedef struct krow {
    int k;
    int h[32];
} krow;

/* Appends the row of N pins to R, unless it is empty. */
static void kput(krow *r, int n)
{
    if (n)
        r->h[r->k++] = n;
}

static uint64_t kkey(const krow *r)
{
    int s[32];
    int n = 0;
    for (int i = 0; i < r->k; i++)
        if (r->h[i])
            s[n++] = r->h[i];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            int t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    uint64_t key = 0;
    for (int i = 0; i < n; i++)
        key = key * 13 + (uint64_t)s[i];
    return key;
}

#define KMEMO (1u << 22)
static uint64_t kslot_key[KMEMO];
static unsigned char kslot_val[KMEMO];

static bool kayles_wins(const krow *r)
{
    uint64_t key = kkey(r);
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 42) &
               (KMEMO - 1);
    while (kslot_val[i] && kslot_key[i] != key)
        i = (i + 1) & (KMEMO - 1);
    if (kslot_val[i])
        return kslot_val[i] == 1;
    bool any = false, wins = false;
    for (int p = 0; p < r->k && !wins; p++) {
        int n = r->h[p];
        for (int take = 1; take <= 2 && take <= n && !wins; take++)
            for (int a = 0; a + take <= n && !wins; a++) {
                krow next = {0, {0}};
                for (int q = 0; q < r->k; q++)
                    if (q != p)
                        kput(&next, r->h[q]);
                kput(&next, a);
                kput(&next, n - take - a);
                any = true;
                wins = !kayles_wins(&next);
            }
    }
    if (!any)
        wins = true;
    kslot_key[i] = key;
    kslot_val[i] = wins ? 1 : 2;
    return wins;
}

/* Every move of the sum R (its heaps also in PARTS) wins exactly when the
 * brute force says the sum it leaves is a P-position. */
static void assert_moves_right(sg_ctx *ctx, sg_misere *m, const krow *r,
                               const uint64_t *parts)
{
    sg_misere_moves *mv = sg_misere_moves_new(ctx, m, parts, (size_t)r->k, 1);
    assert_non_null(mv);
    for (size_t t = 0; t < sg_misere_moves_count(mv); t++) {
        const uint64_t *left;
        size_t nleft;
        int wins;
        const sg_sum_move *mo = sg_misere_moves_at(mv, t, &wins, &left,
                                                   &nleft);
        krow next = {0, {0}};
        for (int q = 0; q < r->k; q++)
            if (q != (int)mo->part)
                kput(&next, r->h[q]);
        for (size_t q = 0; q < nleft; q++)
            kput(&next, (int)left[q]);
        assert_int_equal(wins, !kayles_wins(&next));
    }
    sg_misere_moves_free(mv);
}

static void test_kayles_sums(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = sg_game_from_code(ctx, "0.77", "--code");
    sg_misere *m = sg_misere_new(ctx, game, 0);
    for (int round = 0; round < 200; round++) {
        krow r = {1 + (int)rnd(3), {0}};
        uint64_t parts[3];
        for (int i = 0; i < r.k; i++) {
            r.h[i] = (int)rnd(9);
            parts[i] = (uint64_t)r.h[i];
        }
        sg_misere_answer a;
        assert_int_equal(sg_misere_solve(ctx, m, parts, (size_t)r.k, 0, &a),
                         SG_OK);
        assert_int_equal(a.rule, SG_MISERE_BY_SEARCH);
        assert_int_equal(a.first_player_wins, kayles_wins(&r));
        assert_moves_right(ctx, m, &r, parts);
    }
    sg_misere_free(m);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

/* A sum too large for the search alone makes sgviz learn and prove the
 * misère quotient of Kayles; every sum it covers is then answered by the
 * quotient, and those small enough for the brute force here agree with
 * it, winning moves included.  Large sums agree with their own moves:
 * the player to move wins exactly when some move leaves a P-position. */
static void test_kayles_quotient(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = sg_game_from_code(ctx, "0.77", "--code");
    sg_misere *m = sg_misere_new(ctx, game, 0);
    uint64_t big[3] = {29, 30, 11};
    sg_misere_answer a;
    assert_int_equal(sg_misere_solve(ctx, m, big, 3, 0, &a), SG_OK);
    assert_int_equal(a.rule, SG_MISERE_BY_QUOTIENT);
    assert_int_equal(a.quotient_below, 31);
    assert_true(a.quotient_classes >= 2 && a.quotient_pairs > 0);
    /* g- of so large a sum is beyond the search: the outcome alone. */
    assert_int_equal(sg_misere_solve(ctx, m, big, 3, 1, &a), SG_OK);
    assert_int_equal(a.rule, SG_MISERE_BY_QUOTIENT);
    assert_int_equal(a.has_value, 0);
    assert_int_equal(a.first_player_wins, 1);
    /* A small sum still gets its g- from the search. */
    uint64_t two[2] = {12, 13};
    assert_int_equal(sg_misere_solve(ctx, m, two, 2, 1, &a), SG_OK);
    assert_int_equal(a.has_value, 1);
    krow r2 = {2, {12, 13}};
    assert_int_equal(a.value != 0, kayles_wins(&r2));
    for (int round = 0; round < 300; round++) {
        krow r = {1 + (int)rnd(4), {0}};
        uint64_t parts[4];
        for (int i = 0; i < r.k; i++) {
            r.h[i] = 1 + (int)rnd(r.k <= 2 ? 12 : 8);
            parts[i] = (uint64_t)r.h[i];
        }
        assert_int_equal(sg_misere_solve(ctx, m, parts, (size_t)r.k, 0, &a),
                         SG_OK);
        assert_int_equal(a.rule, SG_MISERE_BY_QUOTIENT);
        assert_int_equal(a.first_player_wins, kayles_wins(&r));
        assert_moves_right(ctx, m, &r, parts);
    }
    for (int round = 0; round < 40; round++) {
        uint64_t parts[4];
        size_t k = 1 + (size_t)rnd(4);
        for (size_t i = 0; i < k; i++)
            parts[i] = 1 + rnd(30);
        assert_int_equal(sg_misere_solve(ctx, m, parts, k, 0, &a), SG_OK);
        sg_misere_moves *mv = sg_misere_moves_new(ctx, m, parts, k, 1);
        assert_non_null(mv);
        int some = 0;
        for (size_t t = 0; t < sg_misere_moves_count(mv); t++) {
            int wins;
            sg_misere_moves_at(mv, t, &wins, NULL, NULL);
            some |= wins;
        }
        assert_int_equal(a.first_player_wins, some);
        sg_misere_moves_free(mv);
    }
    sg_misere_free(m);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

/* Octal game 0.26 (take one, leaving one heap; take two, leaving one
 * heap or two), written here, with a brute force over sums memoized by
 * the sorted heaps themselves (heap 1 has no move and is left out). */
#define O26_MEMO (1u << 21)
typedef struct o26_slot {
    unsigned char heaps[32]; /* sorted, ended by 0 */
    unsigned char val;       /* 0 empty, 1 first player wins, 2 loses */
} o26_slot;
static o26_slot o26_memo[O26_MEMO];

static bool o26_wins(const krow *r)
{
    unsigned char s[32] = {0};
    int n = 0;
    for (int i = 0; i < r->k; i++)
        if (r->h[i] > 1)
            s[n++] = (unsigned char)r->h[i];
    assert_true(n < 32);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            unsigned char t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    uint64_t h = 0;
    for (int i = 0; i < n; i++)
        h = (h + s[i]) * UINT64_C(0x100000001B3);
    size_t at = (size_t)(h >> 20) & (O26_MEMO - 1);
    while (o26_memo[at].val && memcmp(o26_memo[at].heaps, s, sizeof s) != 0)
        at = (at + 1) & (O26_MEMO - 1);
    if (o26_memo[at].val)
        return o26_memo[at].val == 1;
    bool wins = false; /* no move: the player to move has won */
    bool any = false;
    for (int p = 0; p < n && !wins; p++) {
        int x = s[p];
        for (int take = 1; take <= 2 && take < x && !wins; take++)
            for (int a = 0; a <= (x - take) / 2 && !wins; a++) {
                if (take == 1 && a > 0)
                    break; /* d1 = 2: one heap only */
                krow next = {0, {0}};
                for (int q = 0; q < n; q++)
                    if (q != p)
                        kput(&next, s[q]);
                kput(&next, a);
                kput(&next, x - take - a);
                any = true;
                wins = !o26_wins(&next);
            }
    }
    if (!any)
        wins = true;
    while (o26_memo[at].val)
        at = (at + 1) & (O26_MEMO - 1);
    memcpy(o26_memo[at].heaps, s, sizeof s);
    o26_memo[at].val = wins ? 1 : 2;
    return wins;
}

/* When the short search runs out and the quotient cannot be learned
 * within the bound either, the search resumes with the room learning took
 * and decides what it can decide within the bound: with a bound small
 * enough for the brute force here, sums of 0.26 that need more than the
 * short search are still answered, and rightly. */
static void test_search_resumes(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = sg_game_from_code(ctx, "0.26", "--code");
    int resumed = 0;
    for (int round = 0; round < 30; round++) {
        sg_misere *m = sg_misere_new(ctx, game, 40000);
        assert_non_null(m);
        krow r = {2 + (int)rnd(2), {0}};
        uint64_t parts[3];
        for (int i = 0; i < r.k; i++) {
            r.h[i] = 8 + (int)rnd(14);
            parts[i] = (uint64_t)r.h[i];
        }
        sg_misere_answer a;
        sg_status st = sg_misere_solve(ctx, m, parts, (size_t)r.k, 0, &a);
        if (st == SG_OK) {
            if (a.first_player_wins != o26_wins(&r))
                fail_msg("0.26 %d %d %d: sgviz says the first player %s (rule "
                         "%d)", r.h[0], r.h[1], r.k > 2 ? r.h[2] : 0,
                         a.first_player_wins ? "wins" : "loses", (int)a.rule);
            if (a.rule == SG_MISERE_BY_SEARCH && a.searched > 10000)
                resumed++;
        } else {
            assert_int_equal(st, SG_ELIMIT);
            assert_non_null(strstr(sg_ctx_message(ctx), "40000"));
            sg_ctx_clear(ctx);
        }
        sg_misere_free(m);
    }
    print_message("sums decided past the short search: %d\n", resumed);
    assert_true(resumed > 0);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

/* A bound whose table could not fit in memory is refused at once, naming
 * the memory it would need. */
static void test_bound_too_big(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *game = sg_game_from_code(ctx, "0.77", "--code");
    assert_null(sg_misere_new(ctx, game, UINT64_C(4294967296) * 1024));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "needs at least"));
    assert_non_null(strstr(sg_ctx_message(ctx), "memory"));
    sg_ctx_clear(ctx);
    sg_misere *m = sg_misere_new(ctx, game, 1000000);
    assert_non_null(m);
    sg_misere_free(m);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_subtraction_sums),
        cmocka_unit_test(test_dag_sums),
        cmocka_unit_test(test_nim),
        cmocka_unit_test(test_values_and_tameness),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_cgsuite_values),
        cmocka_unit_test(test_kayles_sums),
        cmocka_unit_test(test_kayles_quotient),
        cmocka_unit_test(test_search_resumes),
        cmocka_unit_test(test_bound_too_big),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
