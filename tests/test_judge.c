/*
 * test_judge.c - judges' problems through the library: input fed in pieces
 * of every size gives the answers of the whole (a word cut by the end of a
 * feed is one word), the list of problems, refusals; and subtraction games
 * made from amounts that repeat.  The expected answers are the problems'
 * own sample outputs, a table of sg values computed here by the plain mex
 * definition, and for random cases of A Chess Game and misère Nim a
 * search of won and lost positions that knows nothing of sg values.
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

#include "sgviz.h"

/* S-Nim's sample input and output, as the problem gives them. */
static const char snim_in[] = "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n"
                              "5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n"
                              "0\n";
static const char snim_out[] = "LWW\nWWL\n";

/* Runs problem NAME on IN fed in pieces of PIECE bytes; returns the
 * answers (a new string) and the final status in *ST. */
static char *run(sg_ctx *ctx, const char *name, const char *in, size_t piece,
                 sg_status *st)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sg_judge *j = sg_judge_new(ctx, name, "test", f);
    assert_non_null(j);
    size_t n = strlen(in);
    *st = SG_OK;
    for (size_t at = 0; at < n && *st == SG_OK; at += piece) {
        size_t k = n - at < piece ? n - at : piece;
        *st = sg_judge_feed(ctx, j, in + at, k);
    }
    if (*st == SG_OK || *st == SG_STOP)
        *st = sg_judge_finish(ctx, j);
    sg_judge_free(j);
    fclose(f);
    return out;
}

static void pieces_of_every_size(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (size_t piece = 1; piece <= sizeof snim_in; piece++) {
        sg_status st;
        char *out = run(ctx, "hdu1536", snim_in, piece, &st);
        assert_int_equal(st, SG_OK);
        assert_string_equal(out, snim_out);
        free(out);
    }
    sg_status st;
    char *out = run(ctx, "hdu1848", "1 1 1\n1 4 1\n0 0 0\n5 5 5\n", 3, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, "Fibo\nNacci\n");
    free(out);
    sg_ctx_free(ctx);
}

/* Amounts that repeat count once: S-Nim with S = {2,5} given as 5 2 5 2
 * answers as the sample's first case. */
static void repeated_amounts(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu1536",
                    "4 5 2 5 2 3 2 5 12 3 2 4 7 4 2 3 7 12", 7, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, "LWW\n");
    free(out);

    uint64_t a[] = {5, 2, 5, 2, 9};
    sg_game *g = sg_game_from_amounts(ctx, a, 5);
    assert_non_null(g);
    assert_string_equal(sg_game_describe(g), "S = {2,5,9}");
    assert_int_equal(sg_game_max_amount(g), 9);
    /* Against the mex definition. */
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, g, 200, NULL, &v), SG_OK);
    unsigned sg[201];
    for (unsigned x = 0; x <= 200; x++) {
        unsigned seen = 0;
        for (int i = 0; i < 5; i++)
            if (a[i] <= x)
                seen |= 1u << sg[x - a[i]];
        sg[x] = 0;
        while (seen & (1u << sg[x]))
            sg[x]++;
        assert_int_equal(sg_values_get(v, x), sg[x]);
    }
    sg_values_free(v);
    sg_game_free(g);

    uint64_t zero[] = {3, 0};
    assert_null(sg_game_from_amounts(ctx, zero, 2));
    assert_string_equal(sg_ctx_message(ctx), "amount 2 is 0; an amount must "
                        "be at least 1 (taking nothing is not a move)");
    assert_null(sg_game_from_amounts(ctx, zero, 0));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_ctx_free(ctx);
}

static void problems_and_refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    assert_true(sg_judge_count() >= 3);
    for (size_t i = 0; i < sg_judge_count(); i++) {
        assert_non_null(sg_judge_name(i));
        assert_true(strlen(sg_judge_summary(i)) < 70);
    }
    assert_null(sg_judge_name(sg_judge_count()));
    assert_null(sg_judge_new(ctx, "hdu0", "test", stdout));
    assert_non_null(strstr(sg_ctx_message(ctx), "unknown judge problem "
                                                "\"hdu0\" (known: hdu1847"));
    /* A bad word: the case before it is answered, and the error stays. */
    sg_status st;
    char *out = run(ctx, "hdu1536", "1 1 1 1 3\n1 1 1 1 x", 4, &st);
    assert_int_equal(st, SG_EINPUT);
    assert_string_equal(out, "W\n");
    assert_string_equal(sg_ctx_message(ctx), "test:2:9: case 2: game 1: "
                        "heap 1 \"x\" is not a whole number (a heap size is a "
                        "whole number from 0 up)");
    free(out);
    out = run(ctx, "hdu1536", "1 1 2\n", 100, &st);
    assert_int_equal(st, SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "test: the input ends in case 1, "
                        "after 0 of its 2 games");
    free(out);
    sg_ctx_free(ctx);
}

/* The samples of the other problems, as the problems give them, and a
 * few cases of our own. */
static const struct {
    const char *name, *in, *out;
} samples[] = {
    {"hdu1524", "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n"
                "2 0 1\n2 1 1\n3 0 1 3\n0\n",
     "WIN\nWIN\nWIN\nLOSE\nWIN\n"},
    {"hdu3032", "2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob\n"},
    {"hdu1907", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n"},
    {"hdu2509", "2\n2 2\n1\n3\n", "No\nYes\n"},
    {"hdu1527", "2 1\n8 4\n4 7\n", "0\n1\n0\n"},
    {"hdu1404", "0\n00\n1\n20\n", "Yes\nYes\nNo\nNo\n"},
    /* A graph whose first position has no moves (sanitizers once found a
     * pointer made from no array in exploring it). */
    {"hdu1524", "1\n0\n1 0\n0\n3\n0\n1 0\n0\n2 1 2\n0\n", "LOSE\nWIN\n"},
};

static void other_samples(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (size_t k = 0; k < sizeof samples / sizeof samples[0]; k++)
        for (size_t piece = 1; piece <= strlen(samples[k].in); piece++) {
            sg_status st;
            char *out = run(ctx, samples[k].name, samples[k].in, piece, &st);
            if (st != SG_OK || strcmp(out, samples[k].out) != 0)
                fail_msg("%s, pieces of %zu: %s%s", samples[k].name, piece,
                         out, sg_ctx_message(ctx));
            free(out);
        }
    sg_ctx_free(ctx);
}

/* A buffer that grows, for random inputs and their answers. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    if (!t->s) {
        t->cap = 4096;
        t->s = malloc(t->cap);
        assert_non_null(t->s);
    }
    for (;;) {
        va_start(ap, fmt);
        /* No offset is applied to a buffer not yet made (undefined). */
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->cap - t->len, fmt,
                          ap);
        va_end(ap);
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)n + 64;
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
}

/* HDU 1847 (take a power of two) and HDU 1848 (three heaps, take a
 * Fibonacci number) on random lines whose heaps grow past what the values
 * held so far reach, fed in random pieces: the answers are those of a win
 * table and an sg table computed here by the definitions. */
static void cet4_and_fibonacci_against_search(void **state)
{
    (void)state;
    enum { TOP = 60000 };
    static unsigned char win[TOP + 1];
    static unsigned sg[TOP + 1];
    unsigned fib[40], nfib = 0;
    for (unsigned a = 1, b = 2; a <= TOP; nfib++) {
        fib[nfib] = a;
        unsigned c = a + b;
        a = b;
        b = c;
    }
    for (unsigned x = 0; x <= TOP; x++) {
        win[x] = 0;
        for (unsigned a = 1; a <= x && !win[x]; a *= 2)
            win[x] = !win[x - a];
        unsigned char seen[64] = {0};
        for (unsigned i = 0; i < nfib && fib[i] <= x; i++)
            seen[sg[x - fib[i]]] = 1;
        unsigned v = 0;
        while (seen[v])
            v++;
        sg[x] = v;
    }
    sg_ctx *ctx = sg_ctx_new();
    srand(1847);
    text in1 = {0}, want1 = {0}, in2 = {0}, want2 = {0};
    for (int line = 0; line < 3000; line++) {
        unsigned top = line < 1000 ? 1000 : line < 2000 ? 10000 : TOP;
        unsigned n = 1 + (unsigned)rand() % top;
        put(&in1, "%u\n", n);
        put(&want1, "%s\n", win[n] ? "Kiki" : "Cici");
        unsigned m = 1 + (unsigned)rand() % top, k = 1 + (unsigned)rand() % top,
                 q = 1 + (unsigned)rand() % top;
        put(&in2, "%u %u %u\n", m, k, q);
        put(&want2, "%s\n", sg[m] ^ sg[k] ^ sg[q] ? "Fibo" : "Nacci");
    }
    put(&in2, "0 0 0\n");
    for (int round = 0; round < 3; round++) {
        size_t piece = round == 0 ? 1 : 1 + (size_t)rand() % 5000;
        sg_status st;
        char *out = run(ctx, "hdu1847", in1.s, piece, &st);
        assert_int_equal(st, SG_OK);
        assert_string_equal(out, want1.s);
        free(out);
        out = run(ctx, "hdu1848", in2.s, piece, &st);
        assert_int_equal(st, SG_OK);
        assert_string_equal(out, want2.s);
        free(out);
    }
    free(in1.s);
    free(want1.s);
    free(in2.s);
    free(want2.s);
    sg_ctx_free(ctx);
}

/* A Chess Game, won or lost by search: chessmen on a random graph of at
 * most 7 positions (each edge to a smaller number, listed in any order),
 * up to 3 of them, a state their positions in base 8; the player to move
 * wins when some move leaves a lost state. */
static int chess_win(int adj[8][8], const int *deg, int m, int st,
                     signed char *memo)
{
    if (memo[st] >= 0)
        return memo[st];
    int win = 0, p = 1;
    for (int i = 0; i < m && !win; i++, p *= 8) {
        int at = st / p % 8;
        for (int e = 0; e < deg[at] && !win; e++)
            win = !chess_win(adj, deg, m, st + (adj[at][e] - at) * p, memo);
    }
    return memo[st] = (signed char)win;
}

static void chess_against_search(void **state)
{
    (void)state;
    srand(1524);
    text in = {0}, want = {0};
    for (int c = 0; c < 200; c++) {
        int n = 1 + rand() % 7, adj[8][8], deg[8] = {0};
        /* Position i's out-positions, numbered backwards half the time so
         * that the numbers do not follow the moves. */
        int flip = rand() % 2;
        for (int i = 0; i < n; i++) {
            int from = flip ? n - 1 - i : i;
            for (int t = 0; t < i; t++)
                if (rand() % 3 == 0)
                    adj[from][deg[from]++] = flip ? n - 1 - t : t;
        }
        put(&in, "%d\n", n);
        for (int x = 0; x < n; x++) {
            put(&in, "%d", deg[x]);
            for (int e = 0; e < deg[x]; e++)
                put(&in, " %d", adj[x][e]);
            put(&in, "\n");
        }
        for (int q = rand() % 4; q > 0; q--) {
            int m = 1 + rand() % 3, st = 0, p = 1;
            put(&in, "%d", m);
            for (int i = 0; i < m; i++, p *= 8) {
                int at = rand() % n;
                put(&in, " %d", at);
                st += at * p;
            }
            put(&in, "\n");
            signed char memo[512];
            memset(memo, -1, sizeof memo);
            put(&want, "%s\n", chess_win(adj, deg, m, st, memo) ? "WIN"
                                                                 : "LOSE");
        }
        put(&in, "0\n");
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu1524", in.s, 4096, &st);
    if (st != SG_OK) fail_msg("%s", sg_ctx_message(ctx));
    assert_string_equal(out, want.s ? want.s : "");
    free(out);
    free(in.s);
    free(want.s);
    sg_ctx_free(ctx);
}

/* Misère Nim won or lost by search: up to 3 piles of at most 4, a state
 * their sizes in base 5; the player to move with nothing left has won
 * (the other took the last one). */
static int misere_win(int st, signed char *memo)
{
    if (st == 0)
        return 1;
    if (memo[st] >= 0)
        return memo[st];
    int win = 0;
    for (int p = 1; p < 125 && !win; p *= 5)
        for (int take = 1; take <= st / p % 5 && !win; take++)
            win = !misere_win(st - take * p, memo);
    return memo[st] = (signed char)win;
}

static void misere_against_search(void **state)
{
    (void)state;
    srand(1907);
    signed char memo[125];
    memset(memo, -1, sizeof memo);
    text john = {0}, john_want = {0}, winner = {0}, winner_want = {0};
    put(&john, "300\n");
    for (int c = 0; c < 300; c++) {
        int k = 1 + rand() % 3, st = 0;
        put(&john, "%d\n", k);
        put(&winner, "%d\n", k);
        for (int i = 0, p = 1; i < k; i++, p *= 5) {
            int a = 1 + rand() % 4;
            put(&john, "%d ", a);
            put(&winner, "%d ", a);
            st += a * p;
        }
        put(&john, "\n");
        put(&winner, "\n");
        int win = misere_win(st, memo);
        put(&john_want, "%s\n", win ? "John" : "Brother");
        put(&winner_want, "%s\n", win ? "Yes" : "No");
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu1907", john.s, 333, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, john_want.s);
    free(out);
    out = run(ctx, "hdu2509", winner.s, 333, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, winner_want.s);
    free(out);
    free(john.s);
    free(john_want.s);
    free(winner.s);
    free(winner_want.s);
    sg_ctx_free(ctx);
}

/* Be the Winner won or lost by search: rows of apples, a move takes any
 * number of apples in a row from one row (which may split it in two), and
 * whoever takes the last apple loses.  Rows of at most 4 apples, a state
 * the number of rows of each length 1..4 (at most 12 each), in base 13. */
static int rows_win(int st, signed char *memo)
{
    if (st == 0)
        return 1;
    if (memo[st] >= 0)
        return memo[st];
    int c[5] = {0}, win = 0;
    for (int l = 1, p = 1; l <= 4; l++, p *= 13)
        c[l] = st / p % 13;
    for (int l = 1; l <= 4 && !win; l++) {
        if (!c[l])
            continue;
        /* Take T apples starting after the first I: rows I and L - I - T
         * are left. */
        for (int i = 0; i < l && !win; i++)
            for (int t = 1; i + t <= l && !win; t++) {
                int d[5];
                memcpy(d, c, sizeof d);
                d[l]--;
                if (i)
                    d[i]++;
                if (l - i - t)
                    d[l - i - t]++;
                int next = 0;
                for (int k = 4; k >= 1; k--)
                    next = next * 13 + d[k];
                win = !rows_win(next, memo);
            }
    }
    return memo[st] = (signed char)win;
}

static void be_the_winner_against_search(void **state)
{
    (void)state;
    srand(2509);
    static signed char memo[13 * 13 * 13 * 13];
    memset(memo, -1, sizeof memo);
    text in = {0}, want = {0};
    for (int c = 0; c < 300; c++) {
        int k = 1 + rand() % 3, st = 0;
        put(&in, "%d\n", k);
        for (int i = 0; i < k; i++) {
            int a = 1 + rand() % 4, p = 1;
            for (int l = 1; l < a; l++)
                p *= 13;
            put(&in, "%d ", a);
            st += p;
        }
        put(&in, "\n");
        put(&want, "%s\n", rows_win(st, memo) ? "Yes" : "No");
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu2509", in.s, 100, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, want.s);
    free(out);
    free(in.s);
    free(want.s);
    sg_ctx_free(ctx);
}

/* Lasker's Nim (take any number from a heap, or split it in two): values
 * by the mex of every move for heaps up to 100, and answers for random
 * cases of T counted sums against their nim-sums. */
static void lasker_against_mex(void **state)
{
    (void)state;
    enum { TOP = 100 };
    unsigned sg[TOP + 1];
    for (unsigned x = 0; x <= TOP; x++) {
        unsigned char seen[512] = {0};
        for (unsigned y = 0; y < x; y++)
            seen[sg[y]] = 1;
        for (unsigned a = 1; a < x; a++)
            seen[sg[a] ^ sg[x - a]] = 1;
        sg[x] = 0;
        while (seen[sg[x]])
            sg[x]++;
    }
    srand(3032);
    text in = {0}, want = {0};
    put(&in, "500\n");
    for (int c = 0; c < 500; c++) {
        int n = 1 + rand() % 4;
        unsigned s = 0;
        put(&in, "%d\n", n);
        for (int i = 0; i < n; i++) {
            unsigned h = 1 + (unsigned)rand() % TOP;
            put(&in, "%u%s", h, i + 1 < n ? " " : "\n");
            s ^= sg[h];
        }
        put(&want, "%s\n", s ? "Alice" : "Bob");
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu3032", in.s, 1000, &st);
    assert_int_equal(st, SG_OK);
    assert_string_equal(out, want.s);
    free(out);
    free(in.s);
    free(want.s);
    sg_ctx_free(ctx);
}

/* Wythoff's game: won and lost by search for piles up to 40, and the
 * lost positions far out by their construction (a_k the least number not
 * yet used, b_k = a_k + k), which knows nothing of the golden ratio. */
static void wythoff_against_search(void **state)
{
    (void)state;
    enum { SMALL = 40, K = 300000 };
    static signed char win[SMALL + 1][SMALL + 1];
    text in = {0}, want = {0};
    for (int a = 0; a <= SMALL; a++)
        for (int b = 0; b <= SMALL; b++) {
            int w = 0;
            for (int t = 1; t <= a && !w; t++)
                w = !win[a - t][b];
            for (int t = 1; t <= b && !w; t++)
                w = !win[a][b - t];
            for (int t = 1; t <= a && t <= b && !w; t++)
                w = !win[a - t][b - t];
            win[a][b] = (signed char)w;
            put(&in, "%d %d\n", a, b);
            put(&want, "%d\n", w);
        }
    /* The construction: used[] marks the numbers taken by earlier pairs. */
    unsigned char *used = calloc(3 * (size_t)K, 1);
    assert_non_null(used);
    uint64_t a = 0;
    for (uint64_t k = 0; k < K; k++) {
        while (used[a])
            a++;
        uint64_t b = a + k;
        used[a] = used[b] = 1;
        if (k % 997 == 0 || k + 1 == K) {
            put(&in, "%llu %llu\n%llu %llu\n%llu %llu\n",
                (unsigned long long)b, (unsigned long long)a,
                (unsigned long long)a, (unsigned long long)b + 1,
                (unsigned long long)a + 1, (unsigned long long)b);
            put(&want, "0\n1\n1\n");
        }
    }
    free(used);
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu1527", in.s, 777, &st);
    if (st != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    assert_string_equal(out, want.s);
    free(out);
    free(in.s);
    free(want.s);
    sg_ctx_free(ctx);
}

/* GG and MM: every case of up to three Euclid games on piles up to 24,
 * against the step recurrence run over every move of every game (a brute
 * force that knows nothing of Euclid's recursion), and the Every-SG rule
 * checked on the sums themselves by playing every joint move. */
enum { GG_MAX = 24 };
static int gg_step[GG_MAX + 1][GG_MAX + 1];

/* Every joint move of the games (a[i], b[i]), i < n: whether the player to
 * move wins. */
static bool gg_wins(const int *a, const int *b, int n)
{
    int na[3], nb[3];
    /* The games still going, and each one's moves: (a - k b, b) or
     * (a, b - k a) with the smaller pile taken k >= 1 times. */
    int live[3], nl = 0;
    for (int i = 0; i < n; i++)
        if (a[i] && b[i])
            live[nl++] = i;
    if (nl == 0)
        return false;
    int choice[3] = {1, 1, 1};
    for (;;) {
        bool ok = true;
        for (int i = 0; i < n; i++) {
            na[i] = a[i];
            nb[i] = b[i];
        }
        for (int q = 0; q < nl && ok; q++) {
            int i = live[q], k = choice[q];
            if (a[i] >= b[i]) {
                ok = a[i] - k * b[i] >= 0;
                na[i] = a[i] - k * b[i];
            } else {
                ok = b[i] - k * a[i] >= 0;
                nb[i] = b[i] - k * a[i];
            }
        }
        if (ok && !gg_wins(na, nb, n))
            return true;
        /* The next combination of multiples. */
        int q = 0;
        while (q < nl) {
            int i = live[q];
            int most = a[i] >= b[i] ? a[i] / b[i] : b[i] / a[i];
            if (++choice[q] <= most)
                break;
            choice[q++] = 1;
        }
        if (q == nl)
            return false;
    }
}

static void every_sg_against_search(void **state)
{
    (void)state;
    /* The recurrence of every.c written out on the game's own moves. */
    for (int s = 0; s <= 2 * GG_MAX; s++)
        for (int a = 0; a <= GG_MAX; a++) {
            int b = s - a;
            if (b < 0 || b > GG_MAX)
                continue;
            if (a == 0 || b == 0) {
                gg_step[a][b] = 0;
                continue;
            }
            int longest_even = -1, shortest = 1 << 30;
            int big = a >= b ? a : b, small = a >= b ? b : a;
            for (int k = 1; k * small <= big; k++) {
                int na = a >= b ? a - k * b : a, nb = a >= b ? b : b - k * a;
                int t = gg_step[na][nb];
                if (t % 2 == 0 && t > longest_even)
                    longest_even = t;
                if (t < shortest)
                    shortest = t;
            }
            gg_step[a][b] = longest_even >= 0 ? longest_even + 1 : shortest + 1;
        }
    for (int a = 0; a <= GG_MAX; a++)
        for (int b = 0; b <= GG_MAX; b++)
            assert_int_equal(sg_euclid_every_step((uint64_t)a, (uint64_t)b),
                             gg_step[a][b]);
    text in = {0}, want = {0};
    unsigned seed = 7;
    for (int c = 0; c < 300; c++) {
        int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 3;
        int a[3], b[3], top = 0;
        put(&in, "%d\n", n);
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = 1 + (int)(seed >> 16) % 9;
            seed = seed * 1103515245u + 12345u;
            b[i] = 1 + (int)(seed >> 16) % 9;
            put(&in, "%d %d\n", a[i], b[i]);
            top = gg_step[a[i]][b[i]] > top ? gg_step[a[i]][b[i]] : top;
        }
        bool first = gg_wins(a, b, n);
        assert_int_equal(first, top % 2 == 1);
        put(&want, first ? "MM\n" : "GG\n");
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu3595", in.s, 5, &st);
    if (st != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    assert_string_equal(out, want.s);
    free(out);
    free(in.s);
    free(want.s);
    out = run(ctx, "hdu3595", "2\n3 2\n", 100, &st);
    assert_int_equal(st, SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "the input ends in case 1, "
                                                "after 2 of the 4 piles"));
    free(out);
    sg_ctx_free(ctx);
}

/* Digital Deletions: every string of 1 to 6 digits, and how many of each
 * length are lost for the player to move -- the counts that
 * examples/c/digital_deletions.c finds through sg_game_define() and a
 * brute force of its own, and that make test checks there. */
static void digital_deletions_counts(void **state)
{
    (void)state;
    text in = {0};
    for (int len = 1; len <= 6; len++) {
        int top = 1;
        for (int i = 0; i < len; i++)
            top *= 10;
        for (int v = 0; v < top; v++)
            put(&in, "%0*d\n", len, v);
    }
    sg_ctx *ctx = sg_ctx_new();
    sg_status st;
    char *out = run(ctx, "hdu1404", in.s, 1 << 16, &st);
    if (st != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    static const int lost[7] = {0, 1, 9, 81, 772, 7397, 71384};
    int count[7] = {0};
    const char *a = out;
    for (int len = 1; len <= 6; len++) {
        int top = 1;
        for (int i = 0; i < len; i++)
            top *= 10;
        for (int v = 0; v < top; v++) {
            count[len] += strncmp(a, "No\n", 3) == 0;
            a = strchr(a, '\n') + 1;
        }
        assert_int_equal(count[len], lost[len]);
    }
    assert_string_equal(a, "");
    free(out);
    free(in.s);
    sg_ctx_free(ctx);
}

/* The other problems' bad inputs: each named with its place. */
static void other_refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static const struct {
        const char *name, *in, *out, *message;
    } bad[] = {
        {"hdu1524", "2\n1 1\n1 0\n1 0\n", "",
         "test: case 1: the graph: the moves go round in a cycle: 0 -> 1 -> 0"},
        {"hdu1524", "2\n1 5\n0\n", "",
         "test:2:3: case 1: position 0: out-position 1 is 5, but the "
         "positions are 0 to 1"},
        {"hdu1524", "2\n1 1\n0\n1 0\n2 0 2\n", "WIN\n",
         "test:5:5: case 1: query 2: chessman 2 stands on 2, but the "
         "positions are 0 to 1"},
        {"hdu1524", "2\n1 1\n", "",
         "test: the input ends in case 1, after the out-positions of 1 of "
         "its 2 positions"},
        {"hdu1524", "0\n", "", "test:1:1: case 1: N is 0"},
        {"hdu1524", "", "", "test: the input is empty"},
        {"hdu1907", "2\n1 1\n", "Brother\n",
         "test: the input ends after 1 of the 2 cases that T announced"},
        {"hdu1907", "1\n1 1\n3\n", "Brother\n",
         "test:3:1: \"3\" comes after the 1 cases that T announced"},
        {"hdu1907", "1\n2 1 x\n", "",
         "test:2:5: case 1: pile 2 \"x\" is not a whole number"},
        {"hdu2509", "2 1\n", "",
         "test: the input ends in case 1, after 1 of its 2 piles"},
        {"hdu3032", "2\n1 1\n", "Alice\n", "test"},
        {"hdu1404", "12\n1234567\n", "Yes\n",
         "test:2:1: case 2: \"1234567\" is not a string of 1 to 6 digits"},
        {"hdu1404", "-1\n", "", "test:1:1: case 1: \"-1\" is not a string"},
        {"hdu1404", " \n", "", "test: the input is empty"},
        {"hdu1527", "1 2\n3\n", "0\n",
         "test: the input ends in case 2, after its first pile"},
        {"hdu1527", "1 1900000001\n", "",
         "test:1:3: case 1: pile 2 \"1900000001\" is more than sgviz takes"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sg_status st;
        char *out = run(ctx, bad[k].name, bad[k].in, 3, &st);
        if (st == SG_OK || strcmp(out, bad[k].out) != 0 ||
            strncmp(sg_ctx_message(ctx), bad[k].message,
                    strlen(bad[k].message)) != 0)
            fail_msg("%s on \"%s\": status %d, out \"%s\", message %s",
                     bad[k].name, bad[k].in, st, out, sg_ctx_message(ctx));
        free(out);
    }
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pieces_of_every_size),
        cmocka_unit_test(repeated_amounts),
        cmocka_unit_test(cet4_and_fibonacci_against_search),
        cmocka_unit_test(problems_and_refusals),
        cmocka_unit_test(other_samples),
        cmocka_unit_test(chess_against_search),
        cmocka_unit_test(misere_against_search),
        cmocka_unit_test(be_the_winner_against_search),
        cmocka_unit_test(lasker_against_mex),
        cmocka_unit_test(wythoff_against_search),
        cmocka_unit_test(every_sg_against_search),
        cmocka_unit_test(digital_deletions_counts),
        cmocka_unit_test(other_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
