/*
 * test_render_read.c - games read from DOT files: values against a
 * recursive brute force written here, positions shared by several paths,
 * a chain deep enough to overflow any recursion, sums of tokens on a graph
 * against a win/lose search, and every kind of bad file.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sgviz.h"
#include "render_gv.h"
#include "dot_split.h"

/* ---- helpers ---------------------------------------------------------- */

static char dir[64];
static int file_count;

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sgviz-test-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Writes TEXT to a new file in the test directory; returns its path in a
 * static buffer of a ring, so that a few can be alive at once. */
static const char *write_file(const char *text)
{
    static char paths[4][128];
    char *p = paths[file_count % 4];
    snprintf(p, sizeof paths[0], "%s/g%d.dot", dir, file_count++);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return p;
}

/* The same for LEN bytes that may hold NULs. */
static const char *write_bytes(const char *text, size_t len)
{
    const char *p = write_file("");
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
    return p;
}

static sg_game *read_ok(sg_ctx *ctx, const char *text)
{
    sg_game *g = sg_game_read_dot(ctx, write_file(text));
    if (!g)
        fail_msg("%s: %s", text, sg_ctx_message(ctx));
    return g;
}

static sg_value value_of(sg_ctx *ctx, const sg_game *g,
                         const sg_lookup *l, const char *name)
{
    uint64_t x;
    if (sg_game_find_position(ctx, g, name, "test", &x) != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    return sg_lookup_get(l, x);
}

/* Expects reading TEXT to fail with STATUS and the message WANT, in which
 * "%s" stands for the file's path. */
static void expect_refusal(const char *text, sg_status status,
                           const char *want)
{
    sg_ctx *ctx = sg_ctx_new();
    const char *path = write_file(text);
    sg_game *read = sg_game_read_dot(ctx, path);
    if (read)
        fail_msg("%s: read, but expected \"%s\"", path, want);
    assert_int_equal(sg_ctx_status(ctx), status);
    char msg[512];
    const char *at = strstr(want, "%s");
    assert_non_null(at);
    snprintf(msg, sizeof msg, "%.*s%s%s", (int)(at - want), want, path,
             at + 2);
    assert_string_equal(sg_ctx_message(ctx), msg);
    sg_ctx_free(ctx);
}

/* Every move goes to a smaller position number: the order in which the
 * engine computes is one where targets come first. */
static int check_order(void *user, const sg_step *s)
{
    (void)user;
    for (size_t i = 0; i < s->nmoves; i++)
        if (s->targets[i] >= s->x)
            fail_msg("move %llu -> %llu goes forward",
                     (unsigned long long)s->x,
                     (unsigned long long)s->targets[i]);
    return 0;
}

static void expect_topological(sg_ctx *ctx, const sg_game *g)
{
    sg_compute_opts o = {.with_moves = 1, .on_step = check_order};
    assert_int_equal(sg_compute(ctx, g, UINT64_MAX, &o, NULL), SG_OK);
}

/* ---- values ----------------------------------------------------------- */

/* Positions reached along several paths are one position, computed once,
 * checked by hand: end 0; bottom {end} 1; left, right {bottom} 0; top
 * {left, right, bottom} = mex{0,0,1} = 2; start {top, left} = mex{2,0} = 1. */
static void shared_positions(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "digraph {\n"
                              "  start -> top; start -> left\n"
                              "  top -> left; top -> right; top -> bottom\n"
                              "  left -> bottom; right -> bottom\n"
                              "  bottom -> end\n"
                              "}\n");
    assert_int_equal(sg_game_position_count(g), 6);
    assert_true(sg_game_is_finite(g));
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    assert_non_null(l);
    assert_int_equal(sg_lookup_max(l), 5);
    assert_int_equal(value_of(ctx, g, l, "end"), 0);
    assert_int_equal(value_of(ctx, g, l, "bottom"), 1);
    assert_int_equal(value_of(ctx, g, l, "left"), 0);
    assert_int_equal(value_of(ctx, g, l, "right"), 0);
    assert_int_equal(value_of(ctx, g, l, "top"), 2);
    assert_int_equal(value_of(ctx, g, l, "start"), 1);
    expect_topological(ctx, g);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A random DAG, its nodes and edges written in a shuffled order. */
#define RN 60
typedef struct rdag {
    int n;
    int deg[RN];
    int out[RN][RN]; /* out[v][0..deg[v]): targets in the file's order */
} rdag;

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)(rng_state % (uint64_t)n);
}

static char *random_dag(rdag *d)
{
    d->n = 2 + rnd(RN - 1);
    int rank[RN], order[RN];
    for (int i = 0; i < d->n; i++)
        rank[i] = order[i] = i;
    for (int i = d->n - 1; i > 0; i--) { /* a hidden topological order */
        int j = rnd(i + 1), t = rank[i];
        rank[i] = rank[j];
        rank[j] = t;
    }
    for (int i = d->n - 1; i > 0; i--) { /* the order nodes are declared */
        int j = rnd(i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fputs("digraph random {\n", f);
    for (int i = 0; i < d->n; i++)
        fprintf(f, "  \"v %d\";\n", order[i]);
    for (int v = 0; v < d->n; v++)
        d->deg[v] = 0;
    int edges = rnd(d->n * 4);
    for (int e = 0; e < edges; e++) {
        int a = rnd(d->n), b = rnd(d->n);
        if (rank[a] == rank[b])
            continue;
        if (rank[a] < rank[b]) {
            int t = a;
            a = b;
            b = t;
        }
        if (d->deg[a] == RN)
            continue;
        d->out[a][d->deg[a]++] = b; /* parallel edges are allowed */
        fprintf(f, "  \"v %d\" -> \"v %d\"\n", a, b);
    }
    fputs("}\n", f);
    fclose(f);
    return text;
}

/* The memoized recursion of the classic template, on the test's own
 * adjacency lists. */
static int brute_sg(const rdag *d, int v, int *memo)
{
    if (memo[v] >= 0)
        return memo[v];
    char seen[RN + 2] = {0};
    for (int i = 0; i < d->deg[v]; i++)
        seen[brute_sg(d, d->out[v][i], memo)] = 1;
    int m = 0;
    while (seen[m])
        m++;
    return memo[v] = m;
}

/* Two tokens on the graph; a move moves one of them along an edge.  A
 * win/lose search that knows nothing of values. */
static signed char pair_memo[RN][RN];
static int pair_wins(const rdag *d, int a, int b)
{
    if (pair_memo[a][b])
        return pair_memo[a][b] > 0;
    int win = 0;
    for (int i = 0; i < d->deg[a] && !win; i++)
        win = !pair_wins(d, d->out[a][i], b);
    for (int i = 0; i < d->deg[b] && !win; i++)
        win = !pair_wins(d, a, d->out[b][i]);
    pair_memo[a][b] = win ? 1 : -1;
    return win;
}

static void random_dags(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (int trial = 0; trial < 150; trial++) {
        rdag d;
        char *text = random_dag(&d);
        sg_game *g = read_ok(ctx, text);
        assert_int_equal(sg_game_position_count(g), d.n);
        expect_topological(ctx, g);
        sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
        int memo[RN];
        for (int v = 0; v < d.n; v++)
            memo[v] = -1;
        uint64_t x[RN];
        for (int v = 0; v < d.n; v++) {
            char name[16];
            snprintf(name, sizeof name, "v %d", v);
            assert_int_equal(sg_game_find_position(ctx, g, name, "t", &x[v]),
                             SG_OK);
            if (sg_lookup_get(l, x[v]) != (sg_value)brute_sg(&d, v, memo))
                fail_msg("trial %d, v %d: sgviz %llu, brute force %d\n%s",
                         trial, v,
                         (unsigned long long)sg_lookup_get(l, x[v]),
                         brute_sg(&d, v, memo), text);
        }
        /* Sums of two tokens: the winner and every winning move, in the
         * order of the file's edges, each target once. */
        memset(pair_memo, 0, sizeof pair_memo);
        for (int k = 0; k < 20; k++) {
            int a = rnd(d.n), b = rnd(d.n);
            uint64_t pos[2] = {x[a], x[b]};
            sg_sum *s = sg_sum_new(ctx, g, l, pos, 2);
            assert_non_null(s);
            assert_int_equal(sg_sum_first_player_wins(s),
                             pair_wins(&d, a, b));
            size_t next = 0;
            int tok[2] = {a, b};
            for (int p = 0; p < 2; p++) {
                int v = tok[p];
                for (int i = 0; i < d.deg[v]; i++) {
                    int w = d.out[v][i];
                    bool dup = false;
                    for (int j = 0; j < i; j++)
                        dup |= d.out[v][j] == w;
                    int good = p == 0 ? !pair_wins(&d, w, b)
                                      : !pair_wins(&d, a, w);
                    if (dup || !good)
                        continue;
                    assert_true(next < sg_sum_move_count(s));
                    const sg_sum_move *m = sg_sum_move_at(s, next++);
                    assert_int_equal(m->part, p);
                    assert_int_equal(m->from, x[v]);
                    assert_int_equal(m->to, x[w]);
                    assert_int_equal(m->amount, 0);
                }
            }
            assert_int_equal(next, sg_sum_move_count(s));
            sg_sum_free(s);
        }
        sg_lookup_free(l);
        sg_game_free(g);
        free(text);
    }
    sg_ctx_free(ctx);
}

/* A chain of 10^5 positions: a recursive search would need 10^5 frames.
 * Written forwards (the search goes deep from the first node) and
 * backwards. */
static void deep_chain(void **state)
{
    (void)state;
    const int n = 100000;
    sg_ctx *ctx = sg_ctx_new();
    for (int backwards = 0; backwards < 2; backwards++) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        fputs("digraph chain {\n", f);
        for (int i = 0; i < n - 1; i++) {
            int k = backwards ? n - 2 - i : i;
            fprintf(f, "n%d -> n%d\n", k, k + 1);
        }
        fputs("}\n", f);
        fclose(f);
        sg_game *g = read_ok(ctx, text);
        free(text);
        assert_int_equal(sg_game_position_count(g), n);
        sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
        for (int k = 0; k < n; k++) {
            char name[16];
            snprintf(name, sizeof name, "n%d", k);
            /* n(n-1) is the end; from n(k) the last move wins exactly when
             * an odd number of moves remain. */
            assert_int_equal(value_of(ctx, g, l, name), (n - 1 - k) % 2);
        }
        expect_topological(ctx, g);
        sg_lookup_free(l);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* Names are found by a hash index: every one of many, and names with
 * spaces, quotes and Chinese characters; a missing one is named. */
/* The name every output gives position NAME of G. */
static const char *shown(sg_ctx *ctx, const sg_game *g, const char *name)
{
    static char buf[8];
    uint64_t x;
    if (sg_game_find_position(ctx, g, name, "test", &x) != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    return sg_game_position_name(g, x, buf, sizeof buf);
}

/* A node's label names it, as the picture shows it: escapes expanded,
 * line breaks and runs of white space made one space; an HTML-like label,
 * an empty one or one that says the name leaves the name.  Input finds a
 * node by its name, or by a label that no other node has. */
static void labels_name_positions(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx,
        "digraph G {\n"
        "  h22 [label=\"(2,2)\"]; h21 [label=\"(2,1)\"];\n"
        "  a [label=\"\\N:\\n  top\\l\"]; b [label=\"in \\G\"];\n"
        "  c [label=<<b>bold</b>>]; d [label=\"\"]; e [label=\"\\N\"];\n"
        "  f [label=\"f\"]; u [label=\"same\"]; v [label=\"same\"];\n"
        "  w [label=\"h22\"];\n"
        "  h22 -> h21 -> a -> b -> c -> d -> e -> f -> u -> v -> w\n"
        "}\n");
    assert_string_equal(shown(ctx, g, "h22"), "(2,2)");
    assert_string_equal(shown(ctx, g, "(2,1)"), "(2,1)");
    assert_string_equal(shown(ctx, g, "a"), "a: top");
    assert_string_equal(shown(ctx, g, "a: top"), "a: top");
    assert_string_equal(shown(ctx, g, "b"), "in G");
    assert_string_equal(shown(ctx, g, "c"), "c");
    assert_string_equal(shown(ctx, g, "d"), "d");
    assert_string_equal(shown(ctx, g, "e"), "e");
    assert_string_equal(shown(ctx, g, "f"), "f");
    assert_string_equal(shown(ctx, g, "u"), "same");
    /* Two nodes share "same": only their names find them.  A label that is
     * another node's name does not hide that node. */
    uint64_t x, y;
    assert_int_equal(sg_game_find_position(ctx, g, "same", "t", &x),
                     SG_EINPUT);
    assert_int_equal(sg_game_find_position(ctx, g, "h22", "t", &x), SG_OK);
    assert_int_equal(sg_game_find_position(ctx, g, "(2,2)", "t", &y), SG_OK);
    assert_true(x == y);
    assert_string_equal(shown(ctx, g, "w"), "h22");
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void names(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "digraph { \"a b\" -> \"\xe7\x94\xb2\" -> "
                              "\"say \\\"hi\\\"\"; x -> \"a b\" }");
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, g, "a b", "t", &x), SG_OK);
    char buf[8];
    assert_string_equal(sg_game_position_name(g, x, buf, sizeof buf), "a b");
    assert_int_equal(sg_game_find_position(ctx, g, "\xe7\x94\xb2", "t", &x),
                     SG_OK);
    assert_int_equal(sg_game_find_position(ctx, g, "say \"hi\"", "t", &x),
                     SG_OK);
    assert_int_equal(sg_game_find_position(ctx, g, "a", "--from", &x),
                     SG_EINPUT);
    char want[256];
    snprintf(want, sizeof want, "--from \"a\": %s has no node of that name",
             sg_game_spec(g));
    assert_string_equal(sg_ctx_message(ctx), want);
    /* The same through the reader of sums, with a length. */
    assert_int_equal(sg_sum_parse_position(ctx, g, "a bc", 3, "position 1",
                                           &x), SG_OK);
    assert_int_equal(sg_sum_parse_position(ctx, g, "a b", 1, "position 1",
                                           &x), SG_EINPUT);
    sg_game_free(g);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fputs("digraph {\n", f);
    for (int i = 1; i < 20000; i++)
        fprintf(f, "p%d -> p%d\n", i, i / 2);
    fputs("}\n", f);
    fclose(f);
    g = read_ok(ctx, text);
    free(text);
    for (int i = 0; i < 20000; i++) {
        char name[16];
        snprintf(name, sizeof name, "p%d", i);
        assert_int_equal(sg_game_find_position(ctx, g, name, "t", &x), SG_OK);
        assert_string_equal(sg_game_position_name(g, x, buf, sizeof buf),
                            name);
    }
    assert_int_equal(sg_game_find_position(ctx, g, "p20000", "t", &x),
                     SG_EINPUT);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Every kind of name a DOT file holds goes through the reader's own ID
 * discipline: the graph's, subgraphs' (named, anonymous, clusters), nodes'
 * (plain, quoted, HTML-like, numerals), edges' keys, and names given after
 * attributes.  Values checked by hand: c and n2 end; b -> c: 1; a -> {b,
 * c, "x y"}: mex{1,0,1} = 2; "x y" -> n2: 1; 7 -> a: 0; <h> -> 7: 1. */
static void names_of_every_kind(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "strict digraph \"the game\" {\n"
                              "  node [shape=box]\n"
                              "  subgraph cluster_one { a -> b [key=k1] }\n"
                              "  subgraph { b -> c; a -> c }\n"
                              "  { rank=same; a -> \"x y\" }\n"
                              "  \"x y\" -> n2 [label=<<b>move</b>>]\n"
                              "  7 -> a\n"
                              "  <h> -> 7\n"
                              "  a -> b [key=k1]\n"
                              "}\n");
    assert_int_equal(sg_game_position_count(g), 7);
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    assert_int_equal(value_of(ctx, g, l, "c"), 0);
    assert_int_equal(value_of(ctx, g, l, "n2"), 0);
    assert_int_equal(value_of(ctx, g, l, "b"), 1);
    assert_int_equal(value_of(ctx, g, l, "a"), 2);
    assert_int_equal(value_of(ctx, g, l, "x y"), 1);
    assert_int_equal(value_of(ctx, g, l, "7"), 0);
    assert_int_equal(value_of(ctx, g, l, "h"), 1);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Parallel edges are two moves to one position: the value is unchanged and
 * the winning move is listed once. */
static void parallel_edges(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "digraph { a -> b; a -> b; a -> c; c -> b }");
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    assert_int_equal(value_of(ctx, g, l, "a"), 2); /* mex{0,0,1} */
    uint64_t a;
    sg_game_find_position(ctx, g, "a", "t", &a);
    sg_sum *s = sg_sum_new(ctx, g, l, &a, 1);
    assert_int_equal(sg_sum_move_count(s), 1);
    uint64_t b;
    sg_game_find_position(ctx, g, "b", "t", &b);
    assert_int_equal(sg_sum_move_at(s, 0)->to, b);
    sg_sum_free(s);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Lines of sums of a DAG game: node names, and a line of zeros ending the
 * input, which a game with a node named 0 cannot have.  Values: 0 ends;
 * a -> 0: 1; b -> a: 0. */
static void lines_of_positions(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "digraph { a -> 0; b -> a }");
    char *out = NULL;
    size_t len = 0;
    sg_batch_opts o = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 1, .layout = SG_BATCH_LINES};
    assert_null(sg_batch_new(ctx, g, &o, "stdin", stdout));
    assert_non_null(strstr(sg_ctx_message(ctx), "a line of zeros cannot end "
                           "the input: "));
    assert_non_null(strstr(sg_ctx_message(ctx), ".dot has a node named \"0\", "
                           "so such a line asks about it"));
    FILE *f = open_memstream(&out, &len);
    sg_batch *b = sg_batch_new(ctx, g, NULL, "stdin", f);
    const char *in = "a\nb 0\n0 0\n";
    assert_int_equal(sg_batch_feed(ctx, b, in, strlen(in)), SG_OK);
    assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
    sg_batch_free(b);
    fclose(f);
    assert_string_equal(out, "a: nim-sum 1, first player wins\n"
                             "b 0: nim-sum 0, second player wins\n"
                             "0 0: nim-sum 0, second player wins\n");
    free(out);
    /* Without a node named 0, a line of zeros ends the input; a 0 among
     * names is a name the game lacks. */
    sg_game *h = read_ok(ctx, "digraph { a -> z }");
    f = open_memstream(&out, &len);
    b = sg_batch_new(ctx, h, &o, "stdin", f);
    assert_non_null(b);
    in = "a\n0 0\na\n";
    assert_int_equal(sg_batch_feed(ctx, b, in, strlen(in)), SG_STOP);
    assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
    sg_batch_free(b);
    fclose(f);
    assert_string_equal(out, "a: nim-sum 1, first player wins\n");
    free(out);
    f = open_memstream(&out, &len);
    b = sg_batch_new(ctx, h, &o, "stdin", f);
    in = "a 0 z\n";
    assert_int_equal(sg_batch_feed(ctx, b, in, strlen(in)), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "stdin:1: position 2 \"0\": "));
    assert_non_null(strstr(sg_ctx_message(ctx), ".dot has no node of that name"));
    sg_batch_free(b);
    fclose(f);
    free(out);
    sg_game_free(h);
    /* A name the game lacks, on line 2. */
    f = open_memstream(&out, &len);
    b = sg_batch_new(ctx, g, NULL, "stdin", f);
    in = "a b\nb c\n";
    assert_int_equal(sg_batch_feed(ctx, b, in, strlen(in)), SG_EINPUT);
    sg_batch_free(b);
    fclose(f);
    assert_string_equal(out, "a b: nim-sum 1, first player wins\n");
    char want[256];
    snprintf(want, sizeof want, "stdin:2: position 2 \"c\": %s has no node "
             "of that name", sg_game_spec(g));
    assert_string_equal(sg_ctx_message(ctx), want);
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- refusals --------------------------------------------------------- */

static void cycles(void **state)
{
    (void)state;
    expect_refusal("digraph { a -> b -> c -> a }", SG_EINPUT,
                   "%s: not acyclic: a -> b -> c -> a");
    expect_refusal("digraph { a -> a }", SG_EINPUT, "%s: not acyclic: a -> a");
    /* A cycle behind an acyclic part is named alone. */
    expect_refusal("digraph { s -> t -> x; x -> y; y -> z; z -> x; s -> z }",
                   SG_EINPUT, "%s: not acyclic: x -> y -> z -> x");
    /* A long cycle is cut short, with its length. */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fputs("digraph {\n", f);
    for (int i = 0; i < 30; i++)
        fprintf(f, "n%d -> n%d\n", i, (i + 1) % 30);
    fputs("}\n", f);
    fclose(f);
    expect_refusal(text, SG_EINPUT,
                   "%s: not acyclic: n0 -> n1 -> n2 -> n3 -> n4 -> n5 -> n6 "
                   "-> n7 -> n8 -> n9 -> n10 -> ... -> n29 -> n0 (a cycle of "
                   "30 positions)");
    free(text);
    /* Names with control bytes are shown safely. */
    expect_refusal("digraph { \"a\001\" -> \"a\001\" }", SG_EINPUT,
                   "%s: not acyclic: a\\x01 -> a\\x01");
}

static void bad_files(void **state)
{
    (void)state;
    expect_refusal("digraph { }", SG_EINPUT,
                   "%s: the graph has no nodes, so the game has no positions");
    expect_refusal("", SG_EINPUT, "%s: no graph in the file (expected "
                   "\"digraph { a -> b; ... }\")");
    expect_refusal("digraph {\n  a -> b\n  b -> \n}\n", SG_EINPUT,
                   "%s:4: syntax error near '}'");
    expect_refusal("\n\n\xff\xfe digraph { a -> b }", SG_EINPUT,
                   "%s:3: syntax error near '\\xFF\\xFE'");
    expect_refusal("graph { a -- b }", SG_EINPUT,
                   "%s: the graph is undirected; a game needs moves with a "
                   "direction (\"digraph\", edges a -> b)");
    expect_refusal("digraph { a -> b } digraph { c -> d }", SG_EINPUT,
                   "%s: holds more than one graph; a game is one digraph");
    expect_refusal("digraph { a -> b }\n}\n", SG_EINPUT,
                   "%s:2: syntax error near '}'");

    sg_ctx *ctx = sg_ctx_new();
    /* A name that leads to no file is bad input (exit 2), not a failed
     * read (SG_EIO, exit 3). */
    assert_null(sg_game_read_dot(ctx, "/nonexistent/game.dot"));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "/nonexistent/game.dot: cannot "
                        "open: No such file or directory");
    assert_null(sg_game_read_dot(ctx, dir));
    char want[128];
    snprintf(want, sizeof want, "%s: is a directory, not a DOT file", dir);
    assert_string_equal(sg_ctx_message(ctx), want);
    sg_ctx_free(ctx);
}

/* "-" reads standard input, and messages call it stdin. */
static void from_stdin(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    assert_non_null(freopen(write_file("digraph { p -> q }"), "r", stdin));
    sg_game *g = sg_game_read_dot(ctx, "-");
    assert_non_null(g);
    assert_string_equal(sg_game_spec(g), "stdin");
    assert_int_equal(sg_game_position_count(g), 2);
    sg_game_free(g);
    assert_non_null(freopen(write_file("digraph {\n p -> \n"), "r", stdin));
    assert_null(sg_game_read_dot(ctx, "-"));
    assert_string_equal(sg_ctx_message(ctx), "stdin:3: syntax error");
    sg_ctx_free(ctx);
}

/* Names are shown cleaned in every output: bytes that are no UTF-8 read
 * as Latin-1 (as Graphviz draws them), characters that act on a terminal
 * as \xNN; a position is found by its name or by what outputs show. */
static void names_shown_cleaned(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "digraph { \"caf\xe9\" -> \"esc\x1b[31mred\" "
                              "-> \"cr\rx\" -> \"rlo\xe2\x80\xaex\" -> "
                              "\"\xc3\xa9t\xc3\xa9\" }");
    static const char *const raw[] = {"\xc3\xa9t\xc3\xa9", "rlo\xe2\x80\xaex",
                                      "cr\rx", "esc\x1b[31mred", "caf\xe9"};
    static const char *const shown[] = {"\xc3\xa9t\xc3\xa9",
                                        "rlo\\xE2\\x80\\xAEx", "cr\\x0Dx",
                                        "esc\\x1B[31mred", "caf\xc3\xa9"};
    char buf[64];
    for (uint64_t x = 0; x < 5; x++) {
        assert_string_equal(sg_game_position_name(g, x, buf, sizeof buf),
                            shown[x]);
        uint64_t y = 99;
        assert_int_equal(sg_game_find_position(ctx, g, raw[x], "test", &y),
                         SG_OK);
        assert_int_equal(y, x);
        assert_int_equal(sg_game_find_position(ctx, g, shown[x], "test", &y),
                         SG_OK);
        assert_int_equal(y, x);
    }
    /* JSON holds UTF-8 only, whatever the names were. */
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sg_table_opts o = {.format = SG_TABLE_JSON};
    assert_int_equal(sg_table_write(ctx, g, 0, 4, &o, f), SG_OK);
    fclose(f);
    assert_non_null(strstr(out, "\"x\": \"caf\xc3\xa9\""));
    assert_non_null(strstr(out, "\"x\": \"esc\\\\x1B[31mred\""));
    for (size_t i = 0; i < len; i++)
        assert_true((unsigned char)out[i] >= 0x20 || out[i] == '\n');
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- hostile files ----------------------------------------------------- */

/* A byte order mark at the start is skipped; a NUL byte is refused with its
 * line (cgraph would drop the rest of that line without a word); a name
 * that begins with '%', which cgraph replaces by an ID of its own, is
 * refused; nesting deeper than the parser's stack is said in those words,
 * not as "memory exhausted". */
static void odd_bytes(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, "\xEF\xBB\xBF" "digraph { a -> b -> c }");
    sg_lookup *l = sg_lookup_new(ctx, g, UINT64_MAX);
    assert_int_equal(value_of(ctx, g, l, "a"), 0);
    assert_int_equal(value_of(ctx, g, l, "b"), 1);
    sg_lookup_free(l);
    sg_game_free(g);

    static const char nul[] = "digraph {\n a -> b\n b -> c\0 c -> a\n}\n";
    const char *path = write_bytes(nul, sizeof nul - 1);
    assert_null(sg_game_read_dot(ctx, path));
    char want[256];
    snprintf(want, sizeof want, "%s:3: a NUL byte; a DOT file is text",
             path);
    assert_string_equal(sg_ctx_message(ctx), want);
    sg_ctx_free(ctx);

    expect_refusal("digraph { a -> \"%1\" -> b }", SG_EINPUT,
                   "%s: a node name begins with '%'; Graphviz keeps such "
                   "names for itself (it shows this one as \"%3\"), so "
                   "rename it");

    sg_buf deep;
    sg_buf_init(&deep);
    sg_buf_puts(&deep, "digraph { a -> ");
    for (int i = 0; i < 12000; i++)
        sg_buf_putc(&deep, '{');
    sg_buf_putc(&deep, 'b');
    for (int i = 0; i < 12000; i++)
        sg_buf_putc(&deep, '}');
    sg_buf_puts(&deep, " }\n");
    expect_refusal(deep.data, SG_EINPUT, "%s:1: too deeply nested (the DOT "
                   "parser takes about 3300 levels of braces, or a chain of "
                   "about 2500 edges through subgraphs; chains of plain "
                   "nodes may be of any length) near '{'");
    sg_buf_free(&deep);
}

/* ---- long chains of edges ------------------------------------------------ */

/* The graph read from TEXT written out by cgraph, in a new string; NULL
 * when it is refused (*MESSAGE then holds the reason). */
static char *graph_text(const char *text, char *message, size_t size)
{
    sg_ctx *ctx = sg_ctx_new();
    Agraph_t *g = sg_dot_read_graph(ctx, write_file(text), "game", "x");
    char *out = NULL;
    if (g) {
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);
        assert_non_null(f);
        assert_int_equal(agwrite(g, f), 0);
        fclose(f);
        agclose(g);
    } else {
        snprintf(message, size, "%s", sg_ctx_message(ctx));
    }
    sg_ctx_free(ctx);
    return out;
}

/* A flat chain n0 -> n1 -> ... -> n19999 was refused as "too deeply
 * nested", though it has no braces: cgraph's parser takes about 2500 links
 * of a chain.  Long chains are cut into pieces it can take, and every cut
 * must give the same graph: the same nodes and edges in the same order with
 * the same attributes, as cgraph writes them out.  With a piece of one
 * link, every text below is cut wherever it can be, and compared with the
 * text read whole. */
static void long_chains(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "digraph { a -> b -> c -> d -> e [color=red, label=\"x\"] }",
        "digraph { a -> b -> c -> d [color=red] [style=bold]; f -> g -> h }",
        "digraph { a:p -> b -> c:q:n -> d -> e }",
        "digraph { a, b -> c -> d, e -> f -> g }",
        "digraph { a -> {b c} -> d -> e -> f }",
        "digraph { a /* x */ -> b // y\n -> c\n# 7\n -> d -> e [w=1]\n"
        "f -> g -> h }",
        "digraph { \"a b\" -> \"c\\\"d\" -> <x<b>y</b>> -> e -> f }",
        "digraph { \"a\" + \"b\" -> c -> d -> e }",
        "graph { a -- b -- c -- d -- e }",
        "digraph { subgraph s { a -> b -> c -> d } -> e; x -> y -> z -> w }",
        "digraph { a -> b -> c -> d [label=\"x\ny\"]; e -> f -> g }",
        "digraph { edge [color=blue]; a [shape=box]; a -> b -> c -> d; "
        "g = 1; node [color=red] b -> c -> e }",
        "strict digraph { a -> b -> c -> b -> c -> d }",
        "digraph { a -> b -> c -> d [key=k] a -> b -> c [key=k] }",
        "digraph { 1 -> -2 -> .5 -> 3.0 -> 4 }",
        "digraph { a -> b -> c -> d -> }",
        "digraph { a -> b -> c -> d [color=red }",
        "digraph { a -> b -> c; -> d }",
        "\xEF\xBB\xBF" "digraph { a -> b -> c -> d }",
        "digraph { subgraph { a -> b -> c } b -> subgraph t { d } -> e -> f }",
        "digraph { A -> B -> C -> D [label=<<b>x</b>>] }",
        /* A file that ends inside a chain's attribute list: cut, it was
         * once refused a line earlier than whole (found by libFuzzer). */
        "digraph { a -> \x84 b -> c -> d [color=rdKKKKKKK\n",
        "digraph { a -> b -> c -> d [color=red\n\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char whole_msg[512] = "", cut_msg[512] = "";
        sg_dot_set_split_links(1000000);
        char *whole = graph_text(texts[i], whole_msg, sizeof whole_msg);
        sg_dot_set_split_links(1);
        char *cut = graph_text(texts[i], cut_msg, sizeof cut_msg);
        sg_dot_set_split_links(0);
        if (!whole != !cut)
            fail_msg("%s: read %s whole, %s cut (%s%s)", texts[i],
                     whole ? "" : "not", cut ? "" : "not", whole_msg,
                     cut_msg);
        if (whole && strcmp(whole, cut) != 0)
            fail_msg("%s: cut into another graph:\n%s\n---\n%s", texts[i],
                     whole, cut);
        /* A refusal names the same line either way. */
        if (!whole) {
            const char *a = strchr(whole_msg, ':'), *b = strchr(cut_msg, ':');
            assert_non_null(a);
            assert_non_null(b);
            assert_int_equal(atoi(a + 1), atoi(b + 1));
        }
        free(whole);
        free(cut);
    }

    /* Flat chains of 20000 and 100000 nodes, with the chain's attributes:
     * n(k) has the value (n - 1 - k) mod 2, and every edge is red. */
    static const int lengths[] = {20000, 100000};
    sg_ctx *ctx = sg_ctx_new();
    for (size_t li = 0; li < 2; li++) {
        int n = lengths[li];
        uint64_t cuts_before = sg_dot_chains_split();
        sg_buf b;
        sg_buf_init(&b);
        sg_buf_puts(&b, "digraph {\n");
        for (int k = 0; k < n - 1; k++)
            sg_buf_printf(&b, "n%d -> ", k);
        sg_buf_printf(&b, "n%d [color=red]\n}\n", n - 1);
        sg_buf_putc(&b, '\0');
        Agraph_t *g = sg_dot_read_graph(ctx, write_file(b.data), "game", "x");
        if (!g)
            fail_msg("a chain of %d: %s", n, sg_ctx_message(ctx));
        int edges = 0;
        for (Agnode_t *v = agfstnode(g); v; v = agnxtnode(g, v))
            for (Agedge_t *e = agfstout(g, v); e; e = agnxtout(g, e)) {
                edges++;
                assert_string_equal(agget(e, SG_GV_STR("color")), "red");
            }
        assert_int_equal(edges, n - 1);
        agclose(g);
        assert_int_equal(sg_dot_chains_split(), cuts_before + 1);
        sg_game *game = read_ok(ctx, b.data);
        sg_buf_free(&b);
        assert_int_equal(sg_game_position_count(game), n);
        sg_lookup *l = sg_lookup_new(ctx, game, UINT64_MAX);
        for (int k = 0; k < n; k += 997) {
            char name[16];
            snprintf(name, sizeof name, "n%d", k);
            assert_int_equal(value_of(ctx, game, l, name), (n - 1 - k) % 2);
        }
        expect_topological(ctx, game);
        sg_lookup_free(l);
        sg_game_free(game);
    }
    /* A chain of SG_DOT_SPLIT_LINKS links passes as it is. */
    uint64_t before = sg_dot_chains_split();
    sg_buf b;
    sg_buf_init(&b);
    sg_buf_puts(&b, "digraph { ");
    for (unsigned k = 0; k < SG_DOT_SPLIT_LINKS; k++)
        sg_buf_printf(&b, "n%u -> ", k);
    sg_buf_printf(&b, "n%u }\n", SG_DOT_SPLIT_LINKS);
    sg_buf_putc(&b, '\0');
    sg_game *game = read_ok(ctx, b.data);
    sg_buf_free(&b);
    assert_int_equal(sg_dot_chains_split(), before);
    sg_game_free(game);
    sg_ctx_free(ctx);
}

/* A file that ends inside a quoted string, an HTML-like string or a
 * comment left cgraph's scanner inside it, and the next file read in the
 * process, however good, was refused (found by fuzzing the cutting of
 * chains, which reads each file twice). */
static void scanner_state_after_a_bad_file(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "digraph { a -> \"b", "digraph { a -> <b<c> }", "digraph { a /* b",
        "\nraph { a ->\"_Ab\256 -> a }\n}\n", "digraph { a -> b } \"c"};
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_null(sg_game_read_dot(ctx, write_file(bad[i])));
        sg_ctx_clear(ctx);
        sg_game *g = read_ok(ctx, "digraph { a -> b -> c }");
        assert_int_equal(sg_game_position_count(g), 3);
        sg_game_free(g);
        /* A theme read after it too. */
        assert_null(sg_game_read_dot(ctx, write_file(bad[i])));
        sg_ctx_clear(ctx);
        sg_theme *t = sg_theme_load(ctx, "dark");
        if (!t)
            fail_msg("%s: then the theme: %s", bad[i], sg_ctx_message(ctx));
        sg_theme_free(t);
    }
    sg_ctx_free(ctx);
}

/* Reads a game with one position of N moves and checks its value; run on
 * a thread with a small stack. */
typedef struct fan {
    const char *path;
    int ok;
} fan;

static void *read_fan(void *arg)
{
    fan *f = arg;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_read_dot(ctx, f->path);
    sg_lookup *l = g ? sg_lookup_new(ctx, g, UINT64_MAX) : NULL;
    uint64_t x;
    f->ok = l && sg_game_find_position(ctx, g, "a", "test", &x) == SG_OK &&
            sg_lookup_get(l, x) == 1;
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
    return NULL;
}

/* A position with 200,000 moves, read on a stack of 256 KiB: cgraph's own
 * count of edges recursed once per level of a tree as deep as a node's
 * edges, and overflowed such a stack at about 100,000 of them. */
static void many_moves_small_stack(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fputs("digraph {\n", f);
    for (int i = 0; i < 200000; i++)
        fputs("a -> b\n", f);
    fputs("}\n", f);
    fclose(f);
    fan arg = {write_file(text), 0};
    free(text);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    assert_int_equal(pthread_attr_setstacksize(&attr, 256 * 1024), 0);
    pthread_t t;
    assert_int_equal(pthread_create(&t, &attr, read_fan, &arg), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    assert_true(arg.ok);
}

/* Expects TEXT to be refused under bounds B with a message that holds
 * WANT.  (Where a read stops for memory depends on the C library's
 * allocator, so the line is not part of WANT.) */
static void expect_bound(const sg_dot_bounds *b, const char *text,
                         const char *want)
{
    sg_dot_set_bounds(b);
    sg_ctx *ctx = sg_ctx_new();
    assert_null(sg_game_read_dot(ctx, write_file(text)));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    if (!strstr(sg_ctx_message(ctx), want))
        fail_msg("\"%s\" lacks \"%s\"", sg_ctx_message(ctx), want);
    sg_ctx_free(ctx);
    sg_dot_set_bounds(NULL);
}

/* The three bounds of a read, each lowered so that a small file passes it;
 * a file within them is read. */
static void read_bounds(void **state)
{
    (void)state;
    sg_buf b;
    sg_buf_init(&b);
    sg_buf_puts(&b, "digraph {\n");
    for (int i = 0; i < 2000; i++)
        sg_buf_printf(&b, "n%d -> n%d\n", i + 1, i);
    sg_buf_puts(&b, "}\n");
    size_t size = b.len;

    /* Bytes: the file at the bound is read, one byte less is refused
     * before reading (its size is known), and through a pipe, whose size
     * is not, after reading up to the bound. */
    assert_int_equal(size, 27795);
    sg_dot_bounds at = {size, (uint64_t)1 << 40, 1000000};
    sg_dot_set_bounds(&at);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = read_ok(ctx, b.data);
    assert_int_equal(sg_game_position_count(g), 2001);
    sg_game_free(g);
    at.bytes = 16 << 10;
    expect_bound(&at, b.data, ".dot: 27.1 KiB of DOT; sgviz reads games of "
                 "at most 16.0 KiB");
    sg_dot_set_bounds(&at);
    FILE *pipe = popen("printf 'digraph {\\n'; yes 'a -> b;' | head -n 3000; "
                       "printf '}\\n'", "r");
    assert_non_null(pipe);
    int fd = dup(0);
    assert_int_equal(dup2(fileno(pipe), 0), 0);
    clearerr(stdin);
    assert_null(sg_game_read_dot(ctx, "-"));
    assert_string_equal(sg_ctx_message(ctx), "stdin: more than 16.0 KiB of "
                        "DOT, the most sgviz reads for a game (--dot-max SIZE "
                        "raises it)");
    dup2(fd, 0);
    close(fd);
    pclose(pipe);
    clearerr(stdin);
    sg_dot_set_bounds(NULL);

    /* sg_ctx_set_dot_max() moves the edges with the bytes: 10^7 edges for
     * 256 MiB, so 2 KiB admit 2 * 10^7 / 2^18 = 76 (rounded down), and a
     * chain of 100 edges is stopped at its 77th; 4 KiB admit 152.  The
     * bound is from 1 KiB to 1 TiB, and 0 restores the default. */
    sg_buf chain;
    sg_buf_init(&chain);
    sg_buf_puts(&chain, "digraph {\n");
    for (int i = 0; i < 100; i++)
        sg_buf_printf(&chain, "n%d -> n%d\n", i + 1, i);
    sg_buf_puts(&chain, "}\n");
    const char *chain_path = write_file(chain.data);
    assert_int_equal(sg_ctx_set_dot_max(ctx, 2048), SG_OK);
    assert_null(sg_game_read_dot(ctx, chain_path));
    if (!strstr(sg_ctx_message(ctx), "the graph has more than 76 edges"))
        fail_msg("2 KiB: %s", sg_ctx_message(ctx));
    assert_int_equal(sg_ctx_set_dot_max(ctx, 4096), SG_OK);
    g = sg_game_read_dot(ctx, chain_path);
    assert_non_null(g);
    assert_int_equal(sg_game_position_count(g), 101);
    sg_game_free(g);
    assert_int_equal(sg_ctx_set_dot_max(ctx, 1023), SG_EINPUT);
    assert_int_equal(sg_ctx_set_dot_max(ctx, ((uint64_t)1 << 40) + 1),
                     SG_EINPUT);
    assert_int_equal(sg_ctx_set_dot_max(ctx, 0), SG_OK);
    g = sg_game_read_dot(ctx, chain_path);
    assert_non_null(g);
    sg_game_free(g);
    sg_buf_free(&chain);
    sg_ctx_free(ctx);

    /* Memory: a few kilobytes of "{}" make megabytes of subgraphs; of
     * attributes declared first, every node then takes a slot each. */
    sg_dot_bounds mem = {1000000, 128 << 10, 1000000};
    expect_bound(&mem, "digraph {\n{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}\n"
                 "a -> b }\n",
                 "bytes into the file) the graph takes 128.0 KiB of memory, "
                 "the most sgviz gives a game");
    sg_buf_free(&b);
    sg_buf_init(&b);
    sg_buf_puts(&b, "digraph {\nnode [");
    for (int i = 0; i < 5000; i++)
        sg_buf_printf(&b, "a%d=1 ", i);
    sg_buf_puts(&b, "]\n");
    for (int i = 0; i < 2000; i++)
        sg_buf_printf(&b, "n%d\n", i);
    sg_buf_puts(&b, "}\n");
    mem.memory = 16 << 20;
    expect_bound(&mem, b.data, "KiB into the file) the graph takes 16.0 MiB "
                 "of memory, the most sgviz gives a game");

    /* Edges: one statement asks for every pair of two sets. */
    sg_buf_free(&b);
    sg_buf_init(&b);
    sg_buf_puts(&b, "digraph {\n{");
    for (int i = 0; i < 200; i++)
        sg_buf_printf(&b, " a%d", i);
    sg_buf_puts(&b, " } -> {");
    for (int i = 0; i < 200; i++)
        sg_buf_printf(&b, " b%d", i);
    sg_buf_puts(&b, " }\n}\n");
    sg_dot_bounds edges = {1000000, (uint64_t)1 << 40, 39999};
    expect_bound(&edges, b.data, "the graph has more than "
                 "39999 edges, the most moves sgviz reads for a game");
    edges.edges = 40000;
    sg_dot_set_bounds(&edges);
    ctx = sg_ctx_new();
    g = read_ok(ctx, b.data);
    assert_int_equal(sg_game_position_count(g), 400);
    sg_game_free(g);
    sg_ctx_free(ctx);
    sg_dot_set_bounds(NULL);
    sg_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shared_positions),
        cmocka_unit_test(random_dags),
        cmocka_unit_test(deep_chain),
        cmocka_unit_test(long_chains),
        cmocka_unit_test(scanner_state_after_a_bad_file),
        cmocka_unit_test(names),
        cmocka_unit_test(labels_name_positions),
        cmocka_unit_test(names_of_every_kind),
        cmocka_unit_test(parallel_edges),
        cmocka_unit_test(lines_of_positions),
        cmocka_unit_test(cycles),
        cmocka_unit_test(bad_files),
        cmocka_unit_test(from_stdin),
        cmocka_unit_test(odd_bytes),
        cmocka_unit_test(names_shown_cleaned),
        cmocka_unit_test(many_moves_small_stack),
        cmocka_unit_test(read_bounds),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
