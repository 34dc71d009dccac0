/*
 * test_sum.c - sums of games and the reader of judges' input, against
 * brute forces written here: a win/lose search over whole sums (which knows
 * nothing of Sprague-Grundy values), and the two online-judge problems'
 * reference solutions written from scratch.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

/* ---- helpers ---------------------------------------------------------- */

static sg_game *game(sg_ctx *ctx, const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

/* A small deterministic generator, so that failures can be replayed. */
static uint64_t rng_state = 88172645463325252u;
static uint64_t rnd(uint64_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % n;
}

/* Output of a batch, caught in memory. */
typedef struct caught {
    char *text;
    size_t len;
    FILE *f;
} caught;

static void catch_open(caught *c)
{
    c->text = NULL;
    c->len = 0;
    c->f = open_memstream(&c->text, &c->len);
    assert_non_null(c->f);
}

static void catch_close(caught *c)
{
    fclose(c->f);
    c->f = NULL;
}

/* Runs INPUT through a batch of GAME in one feed; returns the status and
 * leaves the output in *OUT (freed by the caller). */
static sg_status run_batch(sg_ctx *ctx, const sg_game *g,
                           const sg_batch_opts *opts, const char *input,
                           size_t len, char **out)
{
    caught c;
    catch_open(&c);
    sg_batch *b = sg_batch_new(ctx, g, opts, "stdin", c.f);
    assert_non_null(b);
    sg_status st = sg_batch_feed(ctx, b, input, len);
    if (st == SG_OK || st == SG_STOP)
        st = sg_batch_finish(ctx, b);
    sg_batch_free(b);
    catch_close(&c);
    *out = c.text;
    return st;
}

/* ---- the judges' problems --------------------------------------------- */

/* HDU 1847 from scratch: n cards, take a power of two, the player who
 * takes the last card wins.  A plain win/lose recursion with a memo: n is a
 * win when some move leads to a loss. */
static signed char hdu1847_memo[1001];
static int hdu1847_wins(int n)
{
    if (hdu1847_memo[n])
        return hdu1847_memo[n] > 0;
    int win = 0;
    for (int k = 1; k <= n && !win; k *= 2)
        if (!hdu1847_wins(n - k))
            win = 1;
    hdu1847_memo[n] = win ? 1 : -1;
    return win;
}

static void hdu1847_sample(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    sg_batch_opts o = {.first_name = "Kiki", .second_name = "Cici", .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    char *out;
    assert_int_equal(run_batch(ctx, g, &o, "1\n3\n", 4, &out), SG_OK);
    assert_string_equal(out, "Kiki\nCici\n");
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Every valid input, n = 1..1000, in one run as a judge would give it. */
static void hdu1847_every_input(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    char *in = NULL;
    size_t inlen = 0;
    FILE *f = open_memstream(&in, &inlen);
    for (int n = 1; n <= 1000; n++)
        fprintf(f, "%d\n", n);
    fclose(f);
    sg_batch_opts o = {.first_name = "Kiki", .second_name = "Cici", .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    char *out;
    assert_int_equal(run_batch(ctx, g, &o, in, inlen, &out), SG_OK);
    char *line = out;
    for (int n = 1; n <= 1000; n++) {
        char *nl = strchr(line, '\n');
        assert_non_null(nl);
        *nl = '\0';
        const char *want = hdu1847_wins(n) ? "Kiki" : "Cici";
        if (strcmp(line, want) != 0)
            fail_msg("n = %d: sgviz says %s, the brute force %s", n, line,
                     want);
        line = nl + 1;
    }
    assert_string_equal(line, "");
    free(in);
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* HDU 1848's reference solution from scratch: SG values of one heap by the
 * classic template (clear a mark array, mark the successors' values, scan),
 * with the Fibonacci amounts 1, 2, 3, 5, 8, ...; the first player (Fibo)
 * wins when the XOR of the three values is not 0. */
static int fib_sg[1001];
static void hdu1848_reference(void)
{
    int f[32], k = 0;
    f[k++] = 1;
    f[k++] = 2;
    while (f[k - 1] + f[k - 2] <= 1000) {
        f[k] = f[k - 1] + f[k - 2];
        k++;
    }
    for (int x = 0; x <= 1000; x++) {
        char seen[40] = {0};
        for (int i = 0; i < k && f[i] <= x; i++)
            seen[fib_sg[x - f[i]]] = 1;
        int m = 0;
        while (seen[m])
            m++;
        fib_sg[x] = m;
    }
}

static void hdu1848_sample(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "fib");
    sg_batch_opts o = {.first_name = "Fibo", .second_name = "Nacci", .stop_at_zero = 1, .layout = SG_BATCH_LINES};
    char *out;
    const char *in = "1 1 1\n1 4 1\n0 0 0\n";
    assert_int_equal(run_batch(ctx, g, &o, in, strlen(in), &out), SG_OK);
    assert_string_equal(out, "Fibo\nNacci\n");
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A win/lose search over whole sums of three heaps of the Fibonacci game,
 * knowing nothing of SG values: a position is a win when some move leads to
 * a loss.  Heaps up to SMALL, in every combination. */
#define SMALL 40
static signed char triple_memo[SMALL + 1][SMALL + 1][SMALL + 1];
static int triple_wins(int h[3])
{
    signed char *m = &triple_memo[h[0]][h[1]][h[2]];
    if (*m)
        return *m > 0;
    int win = 0;
    for (int i = 0; i < 3 && !win; i++) {
        for (int a = 1, b = 2; a <= h[i] && !win;) {
            h[i] -= a;
            win = !triple_wins(h);
            h[i] += a;
            int c = a + b;
            a = b;
            b = c;
        }
    }
    *m = win ? 1 : -1;
    return win;
}

static void hdu1848_inputs(void **state)
{
    (void)state;
    hdu1848_reference();
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "fib");
    /* The input: every triple of heaps up to SMALL, checked against the
     * search; edge cases; and random triples up to 1000, checked against
     * the reference solution.  It ends with 0 0 0, as the problem's does. */
    char *in = NULL;
    size_t inlen = 0;
    FILE *f = open_memstream(&in, &inlen);
    int (*triples)[3] = malloc(sizeof(int[3]) * 200000);
    size_t n = 0;
    for (int x = 1; x <= SMALL; x++)
        for (int y = 1; y <= SMALL; y++)
            for (int z = 1; z <= SMALL; z += 3) {
                triples[n][0] = x;
                triples[n][1] = y;
                triples[n][2] = z;
                n++;
            }
    static const int edges[][3] = {{1, 1, 1},       {1000, 1000, 1000},
                                   {1, 1, 1000},    {987, 610, 377},
                                   {986, 988, 1},   {999, 1000, 998},
                                   {4, 4, 4},       {1, 4, 1}};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        memcpy(triples[n], edges[i], sizeof triples[n]);
        n++;
    }
    while (n < 200000) {
        for (int j = 0; j < 3; j++)
            triples[n][j] = 1 + (int)rnd(1000);
        n++;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%d %d %d\n", triples[i][0], triples[i][1], triples[i][2]);
    fputs("0 0 0\nthis line is never read\n", f);
    fclose(f);

    sg_batch_opts o = {.first_name = "Fibo", .second_name = "Nacci", .stop_at_zero = 1, .layout = SG_BATCH_LINES};
    char *out;
    assert_int_equal(run_batch(ctx, g, &o, in, inlen, &out), SG_OK);
    char *line = out;
    for (size_t i = 0; i < n; i++) {
        int *t = triples[i];
        char *nl = strchr(line, '\n');
        assert_non_null(nl);
        *nl = '\0';
        int ref = (fib_sg[t[0]] ^ fib_sg[t[1]] ^ fib_sg[t[2]]) != 0;
        const char *want = ref ? "Fibo" : "Nacci";
        if (strcmp(line, want) != 0)
            fail_msg("%d %d %d: sgviz says %s, the reference %s", t[0], t[1],
                     t[2], line, want);
        if (t[0] <= SMALL && t[1] <= SMALL && t[2] <= SMALL) {
            int h[3] = {t[0], t[1], t[2]};
            if (triple_wins(h) != ref)
                fail_msg("%d %d %d: the search and the reference disagree",
                         t[0], t[1], t[2]);
        }
        line = nl + 1;
    }
    assert_string_equal(line, "");
    free(triples);
    free(in);
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- winning moves against a search over the whole sum ---------------- */

/* A sum of up to 3 heaps of at most 24, as one number in base 25. */
#define HMAX 24
static signed char sum_memo[25 * 25 * 25];
static const uint64_t *cur_amounts;
static size_t cur_k;

static int code_of(const int *h, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c = c * 25 + h[i];
    return c;
}

static int sum_wins(int *h, int n)
{
    signed char *m = &sum_memo[code_of(h, n)];
    if (*m)
        return *m > 0;
    int win = 0;
    for (int i = 0; i < n && !win; i++)
        for (size_t j = 0; j < cur_k && cur_amounts[j] <= (uint64_t)h[i] &&
                           !win; j++) {
            h[i] -= (int)cur_amounts[j];
            win = !sum_wins(h, n);
            h[i] += (int)cur_amounts[j];
        }
    *m = win ? 1 : -1;
    return win;
}

static void winning_moves_of_sums(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        uint64_t amounts[24];
        size_t k;
    } sets[] = {
        {"1,3,4", {1, 3, 4}, 3},
        {"2,5,7", {2, 5, 7}, 3},
        {"fib", {1, 2, 3, 5, 8, 13, 21}, 7},
        {"pow2", {1, 2, 4, 8, 16}, 5},
        {"all", {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}, 24},
    };
    sg_ctx *ctx = sg_ctx_new();
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        sg_game *g = game(ctx, sets[s].spec);
        sg_lookup *l = sg_lookup_new(ctx, g, HMAX);
        assert_non_null(l);
        cur_amounts = sets[s].amounts;
        cur_k = sets[s].k;
        for (int n = 1; n <= 3; n++) {
            memset(sum_memo, 0, sizeof sum_memo);
            for (int trial = 0; trial < 300; trial++) {
                int h[3];
                uint64_t pos[3];
                for (int i = 0; i < n; i++) {
                    h[i] = (int)rnd(HMAX + 1);
                    pos[i] = (uint64_t)h[i];
                }
                sg_sum *sum = sg_sum_new(ctx, g, l, pos, (size_t)n);
                assert_non_null(sum);
                int win = sum_wins(h, n);
                assert_int_equal(sg_sum_first_player_wins(sum), win);
                assert_int_equal(sg_sum_nimsum(sum) != 0, win);
                /* Every move the search calls winning, and no other, in
                 * the promised order: part by part, amounts ascending. */
                size_t next = 0;
                for (int i = 0; i < n; i++) {
                    for (size_t j = 0; j < cur_k &&
                                       cur_amounts[j] <= (uint64_t)h[i];
                         j++) {
                        h[i] -= (int)cur_amounts[j];
                        int good = !sum_wins(h, n);
                        h[i] += (int)cur_amounts[j];
                        if (!good)
                            continue;
                        if (next >= sg_sum_move_count(sum))
                            fail_msg("%s: a winning move is missing",
                                     sets[s].spec);
                        const sg_sum_move *m = sg_sum_move_at(sum, next++);
                        assert_int_equal(m->part, i);
                        assert_int_equal(m->from, h[i]);
                        assert_int_equal(m->amount, cur_amounts[j]);
                        assert_int_equal(m->to, h[i] - cur_amounts[j]);
                    }
                }
                assert_int_equal(next, sg_sum_move_count(sum));
                sg_sum_free(sum);
            }
        }
        sg_lookup_free(l);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* The example of the README, checked by hand: S = {1,3,4}, heaps 3 5 7 have
 * values 1 3 0 and nim-sum 2; the winning moves are 5 -> 1 (value 1),
 * 7 -> 6 and 7 -> 4 (value 2). */
static void worked_sum(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_lookup *l = sg_lookup_new(ctx, g, 7);
    uint64_t pos[] = {3, 5, 7};
    sg_sum *s = sg_sum_new(ctx, g, l, pos, 3);
    assert_non_null(s);
    assert_int_equal(sg_sum_parts(s), 3);
    assert_int_equal(sg_sum_value(s, 0), 1);
    assert_int_equal(sg_sum_value(s, 1), 3);
    assert_int_equal(sg_sum_value(s, 2), 0);
    assert_int_equal(sg_sum_position(s, 1), 5);
    assert_int_equal(sg_sum_nimsum(s), 2);
    assert_int_equal(sg_sum_move_count(s), 3);
    static const sg_sum_move want[] = {
        {1, 5, 1, 4}, {2, 7, 6, 1}, {2, 7, 4, 3}};
    for (size_t i = 0; i < 3; i++) {
        const sg_sum_move *m = sg_sum_move_at(s, i);
        assert_int_equal(m->part, want[i].part);
        assert_int_equal(m->from, want[i].from);
        assert_int_equal(m->to, want[i].to);
        assert_int_equal(m->amount, want[i].amount);
    }
    sg_sum_free(s);
    /* 2 and 7 are both P-positions: the second player wins, no moves. */
    uint64_t lose[] = {2, 7};
    s = sg_sum_new(ctx, g, l, lose, 2);
    assert_int_equal(sg_sum_first_player_wins(s), 0);
    assert_int_equal(sg_sum_move_count(s), 0);
    sg_sum_free(s);
    /* Nim 3 4 5: nim-sum 2, one winning move, 3 -> 1. */
    sg_game *nim = game(ctx, "all");
    sg_lookup *nl = sg_lookup_new(ctx, nim, 5);
    uint64_t heaps[] = {3, 4, 5};
    assert_int_equal(sg_nim_sum(nl, heaps, 3), 2);
    s = sg_sum_new(ctx, nim, nl, heaps, 3);
    assert_int_equal(sg_sum_move_count(s), 1);
    assert_int_equal(sg_sum_move_at(s, 0)->to, 1);
    assert_int_equal(sg_sum_move_at(s, 0)->amount, 2);
    sg_sum_free(s);
    sg_lookup_free(nl);
    sg_game_free(nim);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A position's winning moves are its distinct results: a DOT node with
 * every edge drawn twice, and thousands of them, lists each leaf once, in
 * the order of the first edges (found by a hash of the results, since
 * comparing each with those listed before it took minutes for a node of a
 * million edges). */
static void winning_moves_of_a_wide_node(void **state)
{
    (void)state;
    enum { LEAVES = 20000 };
    char path[] = "/tmp/test_sum_wideXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    /* r's moves: every leaf twice (value 0), and x (value 1) twice;
     * sg(r) = mex{0, 1} = 2, so in the sum r + x (nim-sum 3) the winning
     * moves of r are those to value 2 ^ 3 = 1: x alone, once; and alone,
     * those to value 0: each leaf once. */
    fputs("digraph { r -> x; x -> y\n", f);
    for (int i = 0; i < LEAVES; i++)
        fprintf(f, "r -> l%d; r -> l%d\n", i, i);
    fputs("r -> x }\n", f);
    assert_int_equal(fclose(f), 0);
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_read_dot(ctx, path);
    remove(path);
    assert_non_null(g);
    uint64_t r, x;
    assert_int_equal(sg_game_find_position(ctx, g, "r", "test", &r), SG_OK);
    assert_int_equal(sg_game_find_position(ctx, g, "x", "test", &x), SG_OK);
    sg_lookup *l = sg_lookup_new(ctx, g, sg_game_position_count(g) - 1);
    assert_non_null(l);
    uint64_t pair[] = {r, x};
    sg_sum *s = sg_sum_new(ctx, g, l, pair, 2);
    assert_non_null(s);
    assert_int_equal(sg_sum_nimsum(s), 3);
    assert_int_equal(sg_sum_move_count(s), 1);
    assert_int_equal(sg_sum_move_at(s, 0)->to, x);
    sg_sum_free(s);
    s = sg_sum_new(ctx, g, l, &r, 1);
    assert_non_null(s);
    assert_int_equal(sg_sum_move_count(s), LEAVES);
    char name[64], buf[64];
    for (size_t i = 0; i < LEAVES; i++) {
        snprintf(name, sizeof name, "l%zu", i);
        assert_string_equal(sg_game_position_name(
                                g, sg_sum_move_at(s, i)->to, buf, sizeof buf),
                            name);
    }
    sg_sum_free(s);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void sum_refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    /* The Fibonacci game has no period to answer from: its lookup holds
     * sg(0..10) and no more. */
    sg_game *g = game(ctx, "fib");
    sg_lookup *l = sg_lookup_new(ctx, g, 10);
    assert_int_equal(sg_lookup_max(l), 10);
    uint64_t pos[] = {3, 11};
    assert_null(sg_sum_new(ctx, g, l, pos, 0));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_null(sg_sum_new(ctx, g, l, pos, 2));
    assert_non_null(strstr(sg_ctx_message(ctx), "position 11 is beyond"));
    uint64_t *many = calloc(SG_SUM_MAX_PARTS + 1, sizeof *many);
    assert_null(sg_sum_new(ctx, g, l, many, SG_SUM_MAX_PARTS + 1));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    sg_sum *s = sg_sum_new(ctx, g, l, many, SG_SUM_MAX_PARTS);
    assert_non_null(s);
    assert_int_equal(sg_sum_nimsum(s), 0);
    sg_sum_free(s);
    free(many);
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void parse_positions(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    uint64_t x = 0;
    assert_int_equal(sg_sum_parse_position(ctx, g, "42 junk", 2, "heap 1",
                                           &x), SG_OK);
    assert_int_equal(x, 42);
    assert_int_equal(sg_sum_parse_position(ctx, g, "9223372036854775807", 19,
                                           "heap 1", &x), SG_OK);
    assert_int_equal(x, UINT64_C(9223372036854775807));
    assert_int_equal(sg_sum_parse_position(ctx, g, "9223372036854775808", 19,
                                           "heap 1", &x), SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "heap 1 \"9223372036854775808\" "
                        "is too large (at most 2^63-1)");
    assert_int_equal(sg_sum_parse_position(ctx, g, "-3", 2, "heap 2", &x),
                     SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "heap 2 \"-3\" is negative; a "
                        "heap size is a whole number from 0 up");
    assert_int_equal(sg_sum_parse_position(ctx, g, "x\001", 2, "heap 3", &x),
                     SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "heap 3 \"x\\x01\" is not a heap "
                        "size (a whole number from 0 up)");
    assert_int_equal(sg_sum_parse_position(ctx, g, "", 0, "heap 4", &x),
                     SG_EINPUT);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- the reader: lines, errors, pieces -------------------------------- */

/* Runs INPUT (a C string) and checks status, output and message. */
static void expect_batch(const char *spec, const sg_batch_opts *o,
                         const char *input, sg_status want_st,
                         const char *want_out, const char *want_msg)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, spec);
    char *out;
    sg_status st = run_batch(ctx, g, o, input, strlen(input), &out);
    if (st != want_st)
        fail_msg("input \"%s\": status %d, expected %d (%s)", input, st,
                 want_st, sg_ctx_message(ctx));
    assert_string_equal(out, want_out);
    if (want_msg)
        assert_string_equal(sg_ctx_message(ctx), want_msg);
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void batch_lines(void **state)
{
    (void)state;
    sg_batch_opts plain = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    sg_batch_opts judge = {.first_name = "Kiki", .second_name = "Cici", .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    sg_batch_opts zero = {.first_name = "F", .second_name = "N", .stop_at_zero = 1, .layout = SG_BATCH_LINES};
    /* The plain answer names the parts, the nim-sum and the winner. */
    expect_batch("all", &plain, "3 4 5\n1 1\n", SG_OK,
                 "3 4 5: nim-sum 2, first player wins\n"
                 "1 1: nim-sum 0, second player wins\n", NULL);
    /* Spaces, tabs, carriage returns (files from Windows), leading zeros,
     * no newline at the end. */
    expect_batch("all", &plain, "  3\t 004  5 \r\n7", SG_OK,
                 "3 4 5: nim-sum 2, first player wins\n"
                 "7: nim-sum 7, first player wins\n", NULL);
    /* An empty line is a sum without parts, even at the end. */
    expect_batch("pow2", &judge, "1\n3\n \r\n", SG_EINPUT, "Kiki\nCici\n",
                 "stdin:3: an empty line; each line is one sum, its heaps "
                 "separated by spaces (e.g. \"1 4 1\")");
    /* A line of zeros stops the input; without the option it is a sum. */
    expect_batch("fib", &zero, "1 1 1\n0 0 0\n1 4 1\n", SG_OK, "F\n", NULL);
    expect_batch("fib", &zero, "0\n", SG_OK, "", NULL);
    expect_batch("fib", &judge, "0 0 0\n", SG_OK, "Cici\n", NULL);
    /* Without a line of zeros the input simply ends. */
    expect_batch("fib", &zero, "1 4 1\n", SG_OK, "N\n", NULL);
}

static void batch_bad_lines(void **state)
{
    (void)state;
    sg_batch_opts judge = {.first_name = "Kiki", .second_name = "Cici", .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    /* The good lines before a bad one are answered, then it is reported
     * with its line number. */
    expect_batch("pow2", &judge, "1\n2\nthree\n4\n", SG_EINPUT, "Kiki\nKiki\n",
                 "stdin:3: heap 1 \"three\" is not a heap size (a whole "
                 "number from 0 up)");
    expect_batch("pow2", &judge, "1\n5 -2\n", SG_EINPUT, "Kiki\n",
                 "stdin:2: heap 2 \"-2\" is negative; a heap size is a whole "
                 "number from 0 up");
    expect_batch("pow2", &judge, "1\n\n3\n", SG_EINPUT, "Kiki\n",
                 "stdin:2: an empty line; each line is one sum, its heaps "
                 "separated by spaces (e.g. \"1 4 1\")");
    expect_batch("pow2", &judge, "1 2\xff\n", SG_EINPUT, "",
                 "stdin:1: heap 2 \"2\\xFF\" is not a heap size (a whole "
                 "number from 0 up)");
    expect_batch("pow2", &judge, "", SG_EINPUT, "",
                 "stdin: no positions to answer; give each sum on a line of "
                 "its own, e.g. \"1 4 1\"");
    expect_batch("pow2", &judge, "\n\n", SG_EINPUT, "",
                 "stdin:1: an empty line; each line is one sum, its heaps "
                 "separated by spaces (e.g. \"1 4 1\")");
    /* The Fibonacci game has no period to answer from: its values are
     * computed, within memory. */
    expect_batch("fib", &judge, "1\n100000000000000\n", SG_ELIMIT, "Kiki\n",
                 NULL);
    expect_batch("pow2", &judge, "99999999999999999999\n", SG_ELIMIT, "",
                 "stdin:1: heap 1 \"99999999999999999999\" is too large (at "
                 "most 2^63-1)");
    /* A NUL byte is part of a word, and shown as such. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    char *out;
    assert_int_equal(run_batch(ctx, g, &judge, "1 2\0003\n", 6, &out),
                     SG_EINPUT);
    assert_string_equal(out, "");
    assert_string_equal(sg_ctx_message(ctx), "stdin:1: heap 2 \"2\\x003\" is "
                        "not a heap size (a whole number from 0 up)");
    free(out);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void batch_limits(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_batch_opts judge = {.first_name = "A", .second_name = "B", .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    /* A line of 65536 characters is accepted, one more is refused, whether
     * it arrives whole or in pieces. */
    size_t max = 65536;
    char *in = malloc(max + 64);
    memset(in, ' ', max + 64);
    memcpy(in, "7 1", 3);
    in[max] = '\n';
    char *out;
    assert_int_equal(run_batch(ctx, g, &judge, in, max + 1, &out), SG_OK);
    assert_string_equal(out, "A\n"); /* 7 1: values 0 and 1 */
    free(out);
    in[max] = ' ';
    in[max + 1] = '\n';
    assert_int_equal(run_batch(ctx, g, &judge, in, max + 2, &out),
                     SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "stdin:1: the line is longer "
                        "than 65536 characters");
    free(out);
    caught c;
    catch_open(&c);
    sg_batch *b = sg_batch_new(ctx, g, &judge, "stdin", c.f);
    assert_int_equal(sg_batch_feed(ctx, b, "1\n", 2), SG_OK);
    sg_status st = SG_OK;
    for (size_t i = 0; i < max + 2 && st == SG_OK; i += 1000)
        st = sg_batch_feed(ctx, b, in + i,
                           max + 2 - i < 1000 ? max + 2 - i : 1000);
    assert_int_equal(st, SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "stdin:2: the line is longer "
                        "than 65536 characters");
    /* The error is final: later input is not read. */
    assert_int_equal(sg_batch_feed(ctx, b, "1\n", 2), SG_ELIMIT);
    assert_int_equal(sg_batch_finish(ctx, b), SG_ELIMIT);
    assert_int_equal(sg_batch_answered(b), 1);
    sg_batch_free(b);
    catch_close(&c);
    assert_string_equal(c.text, "A\n");
    free(c.text);
    free(in);

    /* SG_SUM_MAX_PARTS heaps on a line, and one more. */
    char *line = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&line, &len);
    for (int i = 0; i < SG_SUM_MAX_PARTS; i++)
        fputs("1 ", f);
    fputs("\n", f);
    for (int i = 0; i <= SG_SUM_MAX_PARTS; i++)
        fputs("1 ", f);
    fputs("\n", f);
    fclose(f);
    assert_int_equal(run_batch(ctx, g, &judge, line, len, &out), SG_ELIMIT);
    assert_string_equal(out, "B\n"); /* an even number of heaps of value 1 */
    assert_string_equal(sg_ctx_message(ctx), "stdin:2: more than 10000 heaps "
                        "on one line");
    free(out);
    free(line);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Input cut into pieces anywhere gives the same answers as input fed
 * whole, and values grow with the heaps. */
static void batch_in_pieces(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    char *in = NULL;
    size_t inlen = 0;
    FILE *f = open_memstream(&in, &inlen);
    /* Heaps that climb past the first table (1023) several times. */
    for (uint64_t h = 1; h < 3000000; h = h * 3 / 2 + 1)
        fprintf(f, "%llu %llu\r\n", (unsigned long long)h,
                (unsigned long long)(h / 2));
    fclose(f);
    sg_batch_opts plain = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    char *whole;
    assert_int_equal(run_batch(ctx, g, &plain, in, inlen, &whole), SG_OK);
    /* Against x mod 3, the closed form of the powers-of-two game. */
    char *line = whole;
    for (uint64_t h = 1; h < 3000000; h = h * 3 / 2 + 1) {
        char want[96];
        uint64_t ns = (h % 3) ^ ((h / 2) % 3);
        snprintf(want, sizeof want, "%llu %llu: nim-sum %llu, %s player wins\n",
                 (unsigned long long)h, (unsigned long long)(h / 2),
                 (unsigned long long)ns, ns ? "first" : "second");
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    assert_string_equal(line, "");
    for (size_t piece = 1; piece <= 7; piece += 3) {
        caught c;
        catch_open(&c);
        sg_batch *b = sg_batch_new(ctx, g, &plain, "stdin", c.f);
        for (size_t i = 0; i < inlen; i += piece)
            assert_int_equal(sg_batch_feed(ctx, b, in + i,
                                           inlen - i < piece ? inlen - i
                                                             : piece),
                             SG_OK);
        assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
        sg_batch_free(b);
        catch_close(&c);
        assert_string_equal(c.text, whole);
        free(c.text);
    }
    free(whole);
    free(in);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Heaps up to 2^63 - 1: the lookup answers from a theorem (pow2: x mod 3)
 * or a certified period ({1,3,4}: 0 1 0 1 2 3 2 again and again), so lines
 * of astronomically large heaps are answered at once. */
static void batch_huge_heaps(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        const char *cycle; /* sg(x) = cycle[x mod its length] */
    } games[] = {{"pow2", "012"}, {"1,3,4", "0101232"}};
    sg_ctx *ctx = sg_ctx_new();
    for (size_t gi = 0; gi < 2; gi++) {
        sg_game *g = game(ctx, games[gi].spec);
        uint64_t p = strlen(games[gi].cycle);
        char *in = NULL, *want = NULL;
        size_t inlen = 0, wantlen = 0;
        FILE *fi = open_memstream(&in, &inlen);
        FILE *fw = open_memstream(&want, &wantlen);
        for (int i = 0; i < 2000; i++) {
            uint64_t h[2] = {rnd(UINT64_C(9223372036854775807)) + 1, rnd(100)};
            if (i == 0)
                h[0] = UINT64_C(9223372036854775807);
            uint64_t ns = (uint64_t)(games[gi].cycle[h[0] % p] - '0') ^
                          (uint64_t)(games[gi].cycle[h[1] % p] - '0');
            fprintf(fi, "%llu %llu\n", (unsigned long long)h[0],
                    (unsigned long long)h[1]);
            fprintf(fw, "%llu %llu: nim-sum %llu, %s player wins\n",
                    (unsigned long long)h[0], (unsigned long long)h[1],
                    (unsigned long long)ns, ns ? "first" : "second");
            /* The winning moves of a huge heap, against the cycle. */
            if (i < 20) {
                sg_lookup *l = sg_lookup_new(ctx, g, h[0]);
                assert_non_null(l);
                sg_sum *s = sg_sum_new(ctx, g, l, h, 2);
                assert_non_null(s);
                assert_int_equal(sg_sum_nimsum(s), ns);
                for (size_t m = 0; m < sg_sum_move_count(s); m++) {
                    const sg_sum_move *mv = sg_sum_move_at(s, m);
                    uint64_t other = h[1 - mv->part];
                    assert_int_equal((games[gi].cycle[mv->to % p] - '0') ^
                                         (games[gi].cycle[other % p] - '0'),
                                     0);
                }
                assert_int_equal(sg_sum_move_count(s) > 0, ns != 0);
                sg_sum_free(s);
                sg_lookup_free(l);
            }
        }
        fclose(fi);
        fclose(fw);
        sg_batch_opts plain = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 0, .layout = SG_BATCH_LINES};
        char *out;
        assert_int_equal(run_batch(ctx, g, &plain, in, inlen, &out), SG_OK);
        assert_string_equal(out, want);
        free(out);
        free(in);
        free(want);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

static void batch_reads_a_file(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "fib");
    FILE *in = tmpfile();
    fputs("1 1 1\n1 4 1\n0 0 0\n", in);
    rewind(in);
    caught c;
    catch_open(&c);
    sg_batch_opts o = {.first_name = "Fibo", .second_name = "Nacci", .stop_at_zero = 1, .layout = SG_BATCH_LINES};
    sg_batch *b = sg_batch_new(ctx, g, &o, "stdin", c.f);
    assert_int_equal(sg_batch_read_fd(ctx, b, fileno(in)), SG_OK);
    sg_batch_free(b);
    catch_close(&c);
    assert_string_equal(c.text, "Fibo\nNacci\n");
    free(c.text);
    fclose(in);
    /* An unreadable descriptor is an I/O error. */
    catch_open(&c);
    b = sg_batch_new(ctx, g, &o, "stdin", c.f);
    assert_int_equal(sg_batch_read_fd(ctx, b, -1), SG_EIO);
    sg_batch_free(b);
    catch_close(&c);
    free(c.text);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void batch_names(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "fib");
    sg_batch_opts one = {.first_name = "Fibo", .second_name = NULL, .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    assert_null(sg_batch_new(ctx, g, &one, "stdin", stdout));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_batch_opts nl = {.first_name = "Fi\nbo", .second_name = "Nacci", .stop_at_zero = 0, .layout = SG_BATCH_LINES};
    assert_null(sg_batch_new(ctx, g, &nl, "stdin", stdout));
    assert_non_null(strstr(sg_ctx_message(ctx), "line break"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- the counted layout: T, then N and N heaps for each sum ----------- */

static void batch_counted(void **state)
{
    (void)state;
    sg_batch_opts plain = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 0, .layout = SG_BATCH_COUNTED};
    sg_batch_opts judge = {.first_name = "Alice", .second_name = "Bob", .stop_at_zero = 0, .layout = SG_BATCH_COUNTED};
    /* Words anywhere: a case split over lines, two cases on one line, tabs,
     * carriage returns, no newline at the end; N = 0 is an empty sum. */
    expect_batch("all", &plain, "4\n3\n1 2\n3\n2 5 5 0\t\r\n\n1\n\n7", SG_OK,
                 "case 1: nim-sum 0, second player wins\n"
                 "case 2: nim-sum 0, second player wins\n"
                 "case 3: nim-sum 0, second player wins\n"
                 "case 4: nim-sum 7, first player wins\n", NULL);
    expect_batch("all", &judge, "2 2 3 4 1 9\n", SG_OK, "Alice\nAlice\n",
                 NULL);
    expect_batch("all", &judge, "0\n", SG_OK, "", NULL);
    /* The place of a bad word: its line and column. */
    expect_batch("all", &judge, "2\n1 5\n2 4\n  x\n", SG_EINPUT, "Alice\n",
                 "stdin:4:3: case 2: heap 2 \"x\" is not a heap size (a whole "
                 "number from 0 up)");
    expect_batch("all", &judge, "2\n1 5\n2 4 -1\n", SG_EINPUT, "Alice\n",
                 "stdin:3:5: case 2: heap 2 \"-1\" is negative; a heap size "
                 "is a whole number from 0 up");
    expect_batch("all", &judge, "two\n1 5\n", SG_EINPUT, "",
                 "stdin:1:1: the number of cases \"two\" is not a whole "
                 "number (the input starts with T, the number of cases)");
    expect_batch("all", &judge, "2 1 1\n -3 1 2 3\n", SG_EINPUT, "Alice\n",
                 "stdin:2:2: case 2: the number of heaps \"-3\" is not a "
                 "whole number (each case is N, then N heap sizes)");
    expect_batch("all", &judge, "1 10000001 1", SG_ELIMIT, "",
                 "stdin:1:3: case 1: the number of heaps \"10000001\" is "
                 "more than sgviz takes (at most 10000000)");
    expect_batch("all", &judge, "99999999999999999999", SG_ELIMIT, "",
                 "stdin:1:1: the number of cases \"99999999999999999999\" is "
                 "more than sgviz takes (at most 9223372036854775807)");
    /* Input after the last case, and input that ends too soon. */
    expect_batch("all", &judge, "1\n1 4\n\n 1 4\n", SG_EINPUT, "Alice\n",
                 "stdin:4:2: \"1\" comes after the last case (the input "
                 "announced 1)");
    expect_batch("all", &judge, "3\n1 4\n", SG_EINPUT, "Alice\n",
                 "stdin: the input ends after 1 of the 3 cases it announced");
    expect_batch("all", &judge, "3\n1 4\n2 1", SG_EINPUT, "Alice\n",
                 "stdin: the input ends in case 2, after 1 of its 2 heaps");
    expect_batch("all", &judge, " \n\t", SG_EINPUT, "",
                 "stdin: the input is empty; it starts with T, the number of "
                 "cases, then each case as N and N heap sizes");
    /* A line of zeros means nothing here, so the two are refused together. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "all");
    sg_batch_opts both = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 1, .layout = SG_BATCH_COUNTED};
    assert_null(sg_batch_new(ctx, g, &both, "stdin", stdout));
    assert_non_null(strstr(sg_ctx_message(ctx), "a line of zeros"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Random cases of many heaps, cut into pieces of every size (so that words
 * are split between feeds), against the nim-sum worked out here: heaps of
 * the powers-of-two game have the values x mod 3. */
static void batch_counted_in_pieces(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    char *in = NULL, *want = NULL;
    size_t inlen = 0, wantlen = 0;
    FILE *fi = open_memstream(&in, &inlen);
    FILE *fw = open_memstream(&want, &wantlen);
    static const char *const spaces[] = {" ", "\n", "\t", "\r\n", "  \n "};
    int cases = 60;
    fprintf(fi, "%d", cases);
    for (int c = 1; c <= cases; c++) {
        uint64_t n = c == 1 ? 0 : rnd(c < 50 ? 40 : 3000);
        fprintf(fi, "%s%llu", spaces[rnd(5)], (unsigned long long)n);
        uint64_t ns = 0;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t h = rnd(2) ? rnd(10) : rnd(UINT64_C(9223372036854775807));
            fprintf(fi, "%s%llu", spaces[rnd(5)], (unsigned long long)h);
            ns ^= h % 3;
        }
        fprintf(fw, "case %d: nim-sum %llu, %s player wins\n", c,
                (unsigned long long)ns, ns ? "first" : "second");
    }
    fputc('\n', fi);
    fclose(fi);
    fclose(fw);
    sg_batch_opts plain = {.first_name = NULL, .second_name = NULL, .stop_at_zero = 0, .layout = SG_BATCH_COUNTED};
    char *out;
    assert_int_equal(run_batch(ctx, g, &plain, in, inlen, &out), SG_OK);
    assert_string_equal(out, want);
    free(out);
    for (size_t piece = 1; piece <= 13; piece += 3) {
        caught c;
        catch_open(&c);
        sg_batch *b = sg_batch_new(ctx, g, &plain, "stdin", c.f);
        for (size_t i = 0; i < inlen; i += piece)
            assert_int_equal(sg_batch_feed(ctx, b, in + i,
                                           inlen - i < piece ? inlen - i
                                                             : piece),
                             SG_OK);
        assert_int_equal(sg_batch_finish(ctx, b), SG_OK);
        assert_int_equal(sg_batch_answered(b), (uint64_t)cases);
        sg_batch_free(b);
        catch_close(&c);
        assert_string_equal(c.text, want);
        free(c.text);
    }
    /* A bad word cut between feeds keeps its place. */
    static const char bad[] = "2\n1 1\n3 1 12x4 5\n";
    caught c;
    catch_open(&c);
    sg_batch *b = sg_batch_new(ctx, g, &plain, "stdin", c.f);
    sg_status st = SG_OK;
    for (size_t i = 0; i < sizeof bad - 1 && st == SG_OK; i++)
        st = sg_batch_feed(ctx, b, bad + i, 1);
    assert_int_equal(st, SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "stdin:3:5: case 2: heap 2 "
                        "\"12x4\" is not a heap size (a whole number from 0 "
                        "up)");
    sg_batch_free(b);
    catch_close(&c);
    assert_string_equal(c.text, "case 1: nim-sum 1, first player wins\n");
    free(c.text);
    /* A word of 65537 characters is refused, whole or in pieces. */
    size_t long_len = 65537 + 2;
    char *longw = malloc(long_len + 1);
    memset(longw, '7', long_len);
    longw[0] = '1';
    longw[1] = ' ';
    longw[long_len] = '\0';
    assert_int_equal(run_batch(ctx, g, &plain, longw, long_len, &out),
                     SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "stdin:1:3: a word longer than "
                        "65536 characters");
    free(out);
    catch_open(&c);
    b = sg_batch_new(ctx, g, &plain, "stdin", c.f);
    st = SG_OK;
    for (size_t i = 0; i < long_len && st == SG_OK; i += 1000)
        st = sg_batch_feed(ctx, b, longw + i,
                           long_len - i < 1000 ? long_len - i : 1000);
    assert_int_equal(st, SG_ELIMIT);
    assert_string_equal(sg_ctx_message(ctx), "stdin:1:3: a word longer than "
                        "65536 characters");
    sg_batch_free(b);
    catch_close(&c);
    free(c.text);
    free(longw);
    free(in);
    free(want);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hdu1847_sample),
        cmocka_unit_test(hdu1847_every_input),
        cmocka_unit_test(hdu1848_sample),
        cmocka_unit_test(hdu1848_inputs),
        cmocka_unit_test(winning_moves_of_sums),
        cmocka_unit_test(worked_sum),
        cmocka_unit_test(winning_moves_of_a_wide_node),
        cmocka_unit_test(sum_refusals),
        cmocka_unit_test(parse_positions),
        cmocka_unit_test(batch_lines),
        cmocka_unit_test(batch_bad_lines),
        cmocka_unit_test(batch_limits),
        cmocka_unit_test(batch_in_pieces),
        cmocka_unit_test(batch_huge_heaps),
        cmocka_unit_test(batch_reads_a_file),
        cmocka_unit_test(batch_names),
        cmocka_unit_test(batch_counted),
        cmocka_unit_test(batch_counted_in_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
