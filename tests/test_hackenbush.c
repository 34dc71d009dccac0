/*
 * test_hackenbush.c - Green Hackenbush against a brute force of the game's
 * own definition, written here: a picture is a set of edges, a move deletes
 * one, everything no longer connected to the ground falls away, and the
 * value is the mex over the deletions.  Random trees, random graphs with
 * cycles, loops and repeated edges are written as DOT files and read back
 * through the library, whose values come from the colon and fusion
 * principles; the bad pictures the reader refuses are checked too.
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
#include <unistd.h>

#include "sgviz.h"

static sg_ctx *ctx;
static char dir[] = "/tmp/sgviz-hackenbush-XXXXXX";

static int setup(void **state)
{
    (void)state;
    ctx = sg_ctx_new();
    return ctx && mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_ctx_free(ctx);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* ---- the brute force -------------------------------------------------- */

#define MAXE 14
typedef struct bpic {
    int nv, ne;
    int u[MAXE], v[MAXE]; /* vertex 0 is the ground */
} bpic;

/* The edges of MASK that still reach the ground. */
static unsigned reaching(const bpic *p, unsigned mask)
{
    bool seen[2 * MAXE + 2] = {true};
    unsigned live = 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (int e = 0; e < p->ne; e++) {
            if (!(mask >> e & 1) || (live >> e & 1) ||
                !(seen[p->u[e]] || seen[p->v[e]]))
                continue;
            live |= 1u << e;
            seen[p->u[e]] = seen[p->v[e]] = true;
            grew = true;
        }
    }
    return live;
}

static int memo[1 << MAXE];

/* sg of the picture of the edges MASK (already pruned). */
static int brute(const bpic *p, unsigned mask)
{
    if (memo[mask] >= 0)
        return memo[mask];
    bool seen[MAXE + 2] = {false};
    for (int e = 0; e < p->ne; e++)
        if (mask >> e & 1) {
            int g = brute(p, reaching(p, mask & ~(1u << e)));
            if (g <= MAXE)
                seen[g] = true;
        }
    int m = 0;
    while (seen[m])
        m++;
    return memo[mask] = m;
}

static unsigned long long rng = 0x2545F4914F6CDD1Dull;

static int rnd(int n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (unsigned long long)n);
}

/* A random tree on NV vertices (each hangs from an earlier one), with
 * EXTRA more edges anywhere: cycles, loops and repeated edges; and
 * FLOATING edges between vertices that need not reach the ground. */
static bpic random_picture(int nv, int extra, int floating)
{
    bpic p = {nv, 0, {0}, {0}};
    for (int i = 1; i < nv; i++) {
        p.u[p.ne] = rnd(i);
        p.v[p.ne++] = i;
    }
    for (int i = 0; i < extra && p.ne < MAXE; i++) {
        p.u[p.ne] = rnd(nv);
        p.v[p.ne++] = rnd(nv);
    }
    for (int i = 0; i < floating && p.ne < MAXE; i++) {
        p.u[p.ne] = nv + rnd(2);
        p.v[p.ne++] = nv + rnd(2);
        p.nv = nv + 2;
    }
    return p;
}

/* Writes P as DOT (vertex 0 named NAME_OF_GROUND, the others v1, v2, ...,
 * edges shuffled in the file in the order given) and returns the path. */
static void write_dot(const bpic *p, const char *ground, const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "graph {\n  %s;\n", ground);
    for (int e = 0; e < p->ne; e++) {
        char a[16], b[16];
        snprintf(a, sizeof a, "v%d", p->u[e]);
        snprintf(b, sizeof b, "v%d", p->v[e]);
        fprintf(f, "  %s -- %s;\n", p->u[e] ? a : ground,
                p->v[e] ? b : ground);
    }
    fputs("}\n", f);
    fclose(f);
}

/* Keeps the value of the position asked for, as the engine's mex of the
 * listed deletions finds it. */
typedef struct mex_seen {
    uint64_t x;
    sg_value v;
} mex_seen;

static int keep_step(void *user, const sg_step *s)
{
    mex_seen *m = user;
    if (s->x == m->x)
        m->v = s->sg;
    return 0;
}

/* The library's value of the picture in PATH. */
static sg_value library_value(const char *path, const char *ground)
{
    const char *paths[1] = {path};
    sg_game *game = sg_game_read_hackenbush(ctx, paths, 1, ground);
    if (!game)
        fail_msg("%s: %s", path, sg_ctx_message(ctx));
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, game, path, "test", &x),
                     SG_OK);
    sg_lookup *l = sg_lookup_new(ctx, game, x);
    assert_non_null(l);
    sg_value v = sg_lookup_get(l, x);
    sg_lookup_free(l);
    /* The same picture's value by the mex of its deletions, over every
     * picture they reach, as traces show it. */
    mex_seen m = {x, SG_VALUE_UNKNOWN};
    sg_compute_opts o = {.with_moves = 1, .on_step = keep_step, .user = &m};
    assert_int_equal(sg_compute(ctx, game, x, &o, NULL), SG_OK);
    assert_int_equal(m.v, v);
    sg_game_free(game);
    return v;
}

static void check_random(int trials, int nv_most, int extra_most,
                         int floating)
{
    char path[96];
    snprintf(path, sizeof path, "%s/p.dot", dir);
    for (int t = 0; t < trials; t++) {
        bpic p = random_picture(1 + rnd(nv_most), rnd(extra_most + 1),
                                floating ? rnd(3) : 0);
        memset(memo, -1, sizeof memo);
        int want = brute(&p, reaching(&p, (1u << p.ne) - 1));
        write_dot(&p, "ground", path);
        sg_value got = library_value(path, NULL);
        if (got != (sg_value)want) {
            char cmd[160];
            snprintf(cmd, sizeof cmd, "cat %s >&2", path);
            if (system(cmd) != 0)
                fail_msg("cannot show %s", path);
            fail_msg("the principles give %llu, deleting edges %d",
                     (unsigned long long)got, want);
        }
    }
}

/* Trees: the colon principle alone. */
static void random_trees(void **state)
{
    (void)state;
    check_random(300, 12, 0, 0);
}

/* Graphs with cycles, loops and repeated edges: the fusion principle. */
static void random_graphs(void **state)
{
    (void)state;
    check_random(600, 9, 5, 0);
}

/* Edges that never reach the ground are no part of the game. */
static void floating_edges(void **state)
{
    (void)state;
    check_random(200, 6, 3, 1);
}

/* Worked by hand: a stalk of n edges is *n; an odd cycle on the ground is
 * worth an edge, an even one nothing; two loops cancel. */
static void known_pictures(void **state)
{
    (void)state;
    static const struct {
        const char *dot;
        sg_value want;
    } cases[] = {
        {"graph { ground -- a; a -- b; b -- c }", 3},
        {"graph { ground -- a; a -- b; b -- ground }", 1},
        {"graph { ground -- a; a -- b; b -- c; c -- ground }", 0},
        {"graph { ground -- a; a -- a; a -- a }", 1},
        {"graph { ground -- ground }", 1},
        {"graph { ground -- a; ground -- a }", 0},
        {"graph { ground }", 0},
        {"graph { ground -- a; a -- b; a -- c; c -- d; ground -- e }", 5},
    };
    char path[96];
    snprintf(path, sizeof path, "%s/k.dot", dir);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(cases[i].dot, f);
        fclose(f);
        if (library_value(path, NULL) != cases[i].want)
            fail_msg("%s: %llu, want %llu", cases[i].dot,
                     (unsigned long long)library_value(path, NULL),
                     (unsigned long long)cases[i].want);
    }
}

/* A large picture (more than 64 edges) is valued by the principles alone:
 * a star of k stalks of lengths 1..k is the nim-sum 1 ^ 2 ^ ... ^ k; its
 * deletions are moves (solve's winning moves), and mex steps are refused
 * with the reason. */
static void large_pictures(void **state)
{
    (void)state;
    char path[96];
    snprintf(path, sizeof path, "%s/star.dot", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("graph {\n", f);
    sg_value want = 0;
    for (int k = 1; k <= 14; k++) {
        want ^= (sg_value)k;
        fprintf(f, "  ground -- s%d_1;", k);
        for (int j = 1; j < k; j++)
            fprintf(f, " s%d_%d -- s%d_%d;", k, j, k, j + 1);
        fputc('\n', f);
    }
    fputs("}\n", f);
    fclose(f);
    const char *paths[1] = {path};
    sg_game *game = sg_game_read_hackenbush(ctx, paths, 1, NULL);
    assert_non_null(game);
    /* Every deletion's picture is a position, valued by the principles. */
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, game, path, "t", &x), SG_OK);
    sg_lookup *l = sg_lookup_new(ctx, game, x);
    assert_non_null(l);
    assert_int_equal(sg_lookup_get(l, x), want);
    sg_lookup_free(l);
    assert_int_equal(x + 1, sg_game_position_count(game));
    assert_int_equal(x, 1 + 105);
    sg_ctx_clear(ctx);
    assert_int_equal(sg_compute(ctx, game, x,
                                &(sg_compute_opts){.with_moves = 1}, NULL),
                     SG_OK);
    assert_null(sg_every_new(ctx, game, x));
    assert_non_null(strstr(sg_ctx_message(ctx), "colon and fusion"));
    sg_game_free(game);
}

/* The ground by another name, and a sum of two pictures. */
static void ground_and_sums(void **state)
{
    (void)state;
    char a[96], b[96];
    snprintf(a, sizeof a, "%s/a.dot", dir);
    snprintf(b, sizeof b, "%s/b.dot", dir);
    bpic p = random_picture(5, 2, 0);
    write_dot(&p, "floor", a);
    memset(memo, -1, sizeof memo);
    int want = brute(&p, reaching(&p, (1u << p.ne) - 1));
    assert_int_equal(library_value(a, "floor"), want);
    bpic q = random_picture(4, 1, 0);
    write_dot(&q, "floor", b);
    memset(memo, -1, sizeof memo);
    int want_b = brute(&q, reaching(&q, (1u << q.ne) - 1));
    const char *paths[2] = {a, b};
    sg_game *game = sg_game_read_hackenbush(ctx, paths, 2, "floor");
    assert_non_null(game);
    uint64_t x[2];
    assert_int_equal(sg_game_find_position(ctx, game, a, "t", &x[0]), SG_OK);
    assert_int_equal(sg_game_find_position(ctx, game, b, "t", &x[1]), SG_OK);
    sg_lookup *l = sg_lookup_new(ctx, game, UINT64_MAX);
    assert_non_null(l);
    assert_int_equal(sg_nim_sum(l, x, 2), (sg_value)(want ^ want_b));
    sg_lookup_free(l);
    sg_game_free(game);
}

static void expect_refused(const char *dot, const char *words, sg_status st)
{
    char path[96];
    snprintf(path, sizeof path, "%s/bad.dot", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(dot, f);
    fclose(f);
    sg_ctx_clear(ctx);
    const char *paths[1] = {path};
    assert_null(sg_game_read_hackenbush(ctx, paths, 1, NULL));
    assert_int_equal(sg_ctx_status(ctx), st);
    if (!strstr(sg_ctx_message(ctx), words) ||
        !strstr(sg_ctx_message(ctx), path))
        fail_msg("\"%s\" does not say \"%s\" and name the file",
                 sg_ctx_message(ctx), words);
}

static void bad_pictures(void **state)
{
    (void)state;
    expect_refused("graph { a -- b }", "no node named \"ground\"", SG_EINPUT);
    expect_refused("digraph { ground -> a }", "the graph is directed",
                   SG_EINPUT);
    expect_refused("graph { ground -- }", "syntax error", SG_EINPUT);
    /* More edges than the bound. */
    char path[96];
    snprintf(path, sizeof path, "%s/big.dot", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("graph {\n", f);
    for (int i = 0; i < 5001; i++)
        fprintf(f, "ground -- n%d;\n", i);
    fputs("}\n", f);
    fclose(f);
    sg_ctx_clear(ctx);
    const char *paths[1] = {path};
    assert_null(sg_game_read_hackenbush(ctx, paths, 1, NULL));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "5001 edges"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_trees),
        cmocka_unit_test(random_graphs),
        cmocka_unit_test(floating_edges),
        cmocka_unit_test(known_pictures),
        cmocka_unit_test(large_pictures),
        cmocka_unit_test(ground_and_sums),
        cmocka_unit_test(bad_pictures),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
