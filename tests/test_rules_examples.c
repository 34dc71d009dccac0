/*
 * test_rules_examples.c - the rules files of examples/rules/, each read
 * through sg_game_read_rules() and every position it explores compared with
 * an independent computation written here: a closed form where the game has
 * one (Wythoff's golden ratio, kiki's parities, Euclid's golden ratio,
 * Northcott's gaps as Nim, staircase Nim's odd steps, Moore's binary digit
 * sums, Cram's mirror strategies) and a brute force by the definition of
 * sg in C otherwise (Kayles, the Cutting Game, Chomp, Cram, and Wythoff's
 * and kiki's values beyond P and N).
 *
 * The brute forces do not share the files' encodings: Chomp is played on a
 * set of squares rather than column heights, Cram on a board numbered by
 * columns rather than rows, so that a slip in a file's arithmetic cannot
 * be repeated here.
 *
 * The suite runs from the top of the tree (as `make test` runs it), where
 * examples/rules/ is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sgviz.h>

#define DIR "examples/rules/"

/* A game read from a rules file, with the value of every position. */
typedef struct explored {
    sg_ctx *ctx;
    sg_game *game;
    sg_lookup *lookup;
    uint64_t count;
} explored;

static explored explore_text(const char *text, size_t len, const char *name,
                             const char *start)
{
    explored e = {sg_ctx_new(), NULL, NULL, 0};
    assert_non_null(e.ctx);
    sg_rules_opts o = {.size = sizeof o, .start = start};
    e.game = text ? sg_game_from_rules(e.ctx, text, len, name, &o)
                  : sg_game_read_rules(e.ctx, name, &o);
    if (!e.game)
        fail_msg("%s: %s", name, sg_ctx_message(e.ctx));
    e.lookup = sg_lookup_new(e.ctx, e.game, UINT64_MAX);
    if (!e.lookup)
        fail_msg("%s: %s", name, sg_ctx_message(e.ctx));
    e.count = sg_game_position_count(e.game);
    return e;
}

/* Explores examples/rules/FILE from START (NULL: the file's own start). */
static explored explore(const char *file, const char *start)
{
    char path[256];
    snprintf(path, sizeof path, DIR "%s", file);
    return explore_text(NULL, 0, path, start);
}

static void done(explored *e)
{
    sg_lookup_free(e->lookup);
    sg_game_free(e->game);
    sg_ctx_free(e->ctx);
}

/* The numbers of position X, and their count. */
static size_t numbers(const explored *e, uint64_t x, int64_t *p)
{
    size_t n = sg_game_rules_position(e->game, x, p);
    assert_true(n >= 1 && n <= SG_DEFINE_MAX_ARITY);
    return n;
}

/* The value of the position whose numbers NAME lists ("3,5"), found among
 * the positions by its numbers rather than by its name, which a file's
 * label may change. */
static sg_value value_of(const explored *e, const char *name)
{
    int64_t want[SG_DEFINE_MAX_ARITY];
    size_t n = 0;
    for (const char *p = name; *p; n++) {
        char *end;
        want[n] = strtoll(p, &end, 10);
        p = *end == ',' ? end + 1 : end;
    }
    for (uint64_t x = 0; x < e->count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        if (numbers(e, x, t) == n && memcmp(t, want, n * sizeof *t) == 0)
            return sg_lookup_get(e->lookup, x);
    }
    fail_msg("no position %s", name);
    return 0;
}

/* The mex of the first N entries of SEEN (flags by value), clearing them. */
static unsigned mex_clear(unsigned char *seen, size_t n)
{
    unsigned m = 0;
    while (m < n && seen[m])
        m++;
    memset(seen, 0, n);
    return m;
}

/* Reads a whole file into a new string. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4096 > cap) {
            cap = 2 * cap + 4096;
            buf = realloc(buf, cap + 1);
            assert_non_null(buf);
        }
        size_t got = fread(buf + n, 1, 4096, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* ---- Wythoff's game ---------------------------------------------------- */

#define WY 40

/* The P-positions by the golden ratio, in integers: for each k,
 * a_k = floor(k phi) is the least number not yet used, and b_k = a_k + k. */
static void wythoff_p(unsigned char p[WY + 1][WY + 1])
{
    unsigned char used[3 * WY] = {0};
    memset(p, 0, (WY + 1) * (WY + 1));
    int a = 0;
    for (int k = 0; a <= WY; k++) {
        while (used[a])
            a++;
        int b = a + k;
        used[a] = 1;
        if (b < 3 * WY)
            used[b] = 1;
        if (a <= WY && b <= WY)
            p[a][b] = p[b][a] = 1;
    }
}

static void wythoff(void **state)
{
    (void)state;
    static unsigned char p[WY + 1][WY + 1];
    wythoff_p(p);
    /* The formula's first pairs, as every text on the game lists them. */
    assert_true(p[0][0] && p[1][2] && p[3][5] && p[4][7] && p[6][10] &&
                p[8][13] && p[9][15] && p[11][18]);
    /* The values by the definition. */
    static unsigned sg[WY + 1][WY + 1];
    static unsigned char seen[3 * WY + 3];
    for (int a = 0; a <= WY; a++)
        for (int b = 0; b <= WY; b++) {
            for (int k = 1; k <= a; k++)
                seen[sg[a - k][b]] = 1;
            for (int k = 1; k <= b; k++)
                seen[sg[a][b - k]] = 1;
            for (int k = 1; k <= a && k <= b; k++)
                seen[sg[a - k][b - k]] = 1;
            sg[a][b] = mex_clear(seen, sizeof seen);
        }
    explored e = explore("wythoff.lua", "40,40");
    assert_int_equal(e.count, (WY + 1) * (WY + 1));
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 2);
        sg_value v = sg_lookup_get(e.lookup, x);
        assert_int_equal(v == 0, p[t[0]][t[1]]);
        assert_int_equal(v, sg[t[0]][t[1]]);
    }
    done(&e);
}

/* ---- Kayles ------------------------------------------------------------- */

#define KY 100

static void kayles(void **state)
{
    (void)state;
    /* A row of n: knock down 1 or 2 pins at any place, leaving a and b. */
    static unsigned sg[KY + 1];
    static unsigned char seen[256];
    for (int n = 0; n <= KY; n++) {
        for (int take = 1; take <= 2 && take <= n; take++)
            for (int a = 0; a <= n - take; a++)
                seen[sg[a] ^ sg[n - take - a]] = 1;
        sg[n] = mex_clear(seen, sizeof seen);
    }
    /* Kayles' values start 0 1 2 3 1 4 3 2 1 4 2 6, with period 12 from
     * 72 on (Guy and Smith). */
    static const unsigned start[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6};
    for (int n = 0; n < 12; n++)
        assert_int_equal(sg[n], start[n]);
    for (int n = 72; n + 12 <= KY; n++)
        assert_int_equal(sg[n], sg[n + 12]);
    explored e = explore("kayles.lua", "100");
    assert_int_equal(e.count, KY + 1);
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 1);
        assert_int_equal(sg_lookup_get(e.lookup, x), sg[t[0]]);
    }
    done(&e);
}

/* ---- the Cutting Game ------------------------------------------------- */

#define CU 40

static void cutting(void **state)
{
    (void)state;
    /* sg of a w x h sheet, the cuts leaving sheets of at least 2 x 2. */
    static unsigned sg[CU + 1][CU + 1];
    static unsigned char seen[4 * CU];
    for (int w = 2; w <= CU; w++)
        for (int h = 2; h <= CU; h++) {
            for (int i = 2; i <= w - 2; i++)
                seen[sg[i][h] ^ sg[w - i][h]] = 1;
            for (int j = 2; j <= h - 2; j++)
                seen[sg[w][j] ^ sg[w][h - j]] = 1;
            sg[w][h] = mex_clear(seen, sizeof seen);
        }
    /* POJ 2311's sample: 2 x 2 and 3 x 2 lose, 4 x 2 wins. */
    assert_int_equal(sg[2][2], 0);
    assert_int_equal(sg[3][2], 0);
    assert_true(sg[4][2] != 0);
    /* Every sheet from 2 x 2 up: start from each, as a judge asks. */
    char *start = malloc(16 * CU * CU);
    assert_non_null(start);
    start[0] = '\0';
    for (int w = 2; w <= CU; w++)
        for (int h = 2; h <= CU; h++)
            sprintf(start + strlen(start), "%d,%d ", w, h);
    explored e = explore("cutting.lua", start);
    free(start);
    assert_int_equal(e.count, (CU - 1) * (CU - 1));
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 2);
        assert_true(t[0] >= 2 && t[0] <= CU && t[1] >= 2 && t[1] <= CU);
        assert_int_equal(sg_lookup_get(e.lookup, x), sg[t[0]][t[1]]);
    }
    done(&e);
}

/* ---- kiki's corner game ---------------------------------------------- */

#define KI 100

static void kiki(void **state)
{
    (void)state;
    static unsigned sg[KI + 1][KI + 1];
    static unsigned char seen[8];
    for (int x = 0; x <= KI; x++)
        for (int y = 0; y <= KI; y++) {
            if (x > 0)
                seen[sg[x - 1][y]] = 1;
            if (y > 0)
                seen[sg[x][y - 1]] = 1;
            if (x > 0 && y > 0)
                seen[sg[x - 1][y - 1]] = 1;
            sg[x][y] = mex_clear(seen, sizeof seen);
        }
    explored e = explore("kiki.lua", "100,100");
    assert_int_equal(e.count, (KI + 1) * (KI + 1));
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 2);
        sg_value v = sg_lookup_get(e.lookup, x);
        /* HDU 2147: an n x m board, n - 1 and m - 1 to go, is lost for
         * kiki exactly when n and m are both odd. */
        assert_int_equal(v == 0, t[0] % 2 == 0 && t[1] % 2 == 0);
        assert_int_equal(v, sg[t[0]][t[1]]);
    }
    /* The problem's sample: 5 x 3 lost, 5 x 4 and 6 x 6 won. */
    assert_int_equal(value_of(&e, "2,4"), 0);
    assert_true(value_of(&e, "3,4") != 0);
    assert_true(value_of(&e, "5,5") != 0);
    done(&e);
}

/* ---- Euclid's game ---------------------------------------------------- */

#define EU 60

static void euclid(void **state)
{
    (void)state;
    char *start = malloc(16 * EU * EU);
    assert_non_null(start);
    start[0] = '\0';
    for (int a = 1; a <= EU; a++)
        for (int b = 1; b <= EU; b++)
            sprintf(start + strlen(start), "%d,%d ", a, b);
    explored e = explore("euclid.lua", start);
    free(start);
    int64_t seen_zero = 0;
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 2);
        int64_t hi = t[0] > t[1] ? t[0] : t[1];
        int64_t lo = t[0] > t[1] ? t[1] : t[0];
        int first_wins;
        if (lo == 0) {
            /* A 0 is written: the player before has won. */
            first_wins = 0;
            seen_zero++;
        } else {
            /* hi / lo > phi, in integers: hi^2 - hi lo - lo^2 > 0. */
            first_wins = hi == lo || hi * hi - hi * lo - lo * lo > 0;
        }
        assert_int_equal(sg_lookup_get(e.lookup, x) != 0, first_wins);
    }
    assert_true(seen_zero > 0);
    assert_true(e.count >= EU * EU);
    /* POJ 2348's sample: Stan wins 34 12, Ollie wins 15 24. */
    assert_true(value_of(&e, "34,12") != 0);
    assert_int_equal(value_of(&e, "15,24"), 0);
    done(&e);
}

/* ---- Northcott's game --------------------------------------------------- */

static void northcott(void **state)
{
    (void)state;
    explored e = explore("northcott.lua", "60");
    assert_int_equal(e.count, 61);
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 1);
        assert_int_equal(sg_lookup_get(e.lookup, x), t[0]);
    }
    done(&e);
}

/* ---- staircase Nim ---------------------------------------------------- */

static void staircase(void **state)
{
    (void)state;
    explored e = explore("staircase.lua", "4,4,4,4");
    uint64_t with_even = 0;
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, t), 4);
        assert_int_equal(t[0] + t[1] + t[2] + t[3] <= 16, 1);
        assert_int_equal(sg_lookup_get(e.lookup, x), t[0] ^ t[2]);
        with_even += t[1] != 0 || t[3] != 0;
    }
    /* Coins pile up on the low steps: step 1 may hold all sixteen. */
    assert_int_equal(value_of(&e, "16,0,0,0"), 16);
    assert_true(with_even > 0);
    done(&e);
}

/* ---- Chomp -------------------------------------------------------------- */

#define CH 5 /* a CH x CH bar */

/* The brute force plays on sets of squares: bit r * CH + c is the square in
 * column c at height r, and a bite at (c, r) removes every square (c', r')
 * with c' >= c and r' >= r.  Every set reachable from the full bar is
 * closed under going left and down, and the bite at (0, 0) is not allowed. */
static unsigned char chomp_known[1u << (CH * CH)];
static unsigned char chomp_sg[1u << (CH * CH)];

static unsigned chomp_brute(uint32_t set)
{
    if (chomp_known[set])
        return chomp_sg[set];
    unsigned char seen[CH * CH + 2] = {0};
    for (int c = 0; c < CH; c++)
        for (int r = 0; r < CH; r++) {
            if (!(set >> (r * CH + c) & 1) || (c == 0 && r == 0))
                continue;
            uint32_t after = set;
            for (int c2 = c; c2 < CH; c2++)
                for (int r2 = r; r2 < CH; r2++)
                    after &= ~(UINT32_C(1) << (r2 * CH + c2));
            seen[chomp_brute(after)] = 1;
        }
    unsigned m = mex_clear(seen, sizeof seen);
    chomp_known[set] = 1;
    chomp_sg[set] = (unsigned char)m;
    return m;
}

static void chomp(void **state)
{
    (void)state;
    explored e = explore("chomp.lua", "5,5,5,5,5");
    /* The staircases within 5 x 5: C(10, 5) = 252, less the empty bar,
     * which no move reaches (the poisoned square stays). */
    assert_int_equal(e.count, 251);
    for (uint64_t x = 0; x < e.count; x++) {
        int64_t h[SG_DEFINE_MAX_ARITY];
        assert_int_equal(numbers(&e, x, h), CH);
        uint32_t set = 0;
        for (int c = 0; c < CH; c++) {
            if (c > 0)
                assert_true(h[c] <= h[c - 1]);
            for (int r = 0; r < h[c]; r++)
                set |= UINT32_C(1) << (r * CH + c);
        }
        assert_int_equal(sg_lookup_get(e.lookup, x), chomp_brute(set));
    }
    /* Every rectangle but 1 x 1 is won by the first player. */
    assert_int_equal(value_of(&e, "1,0,0,0,0"), 0);
    static const char *const rectangles[] = {"2,0,0,0,0", "2,2,0,0,0",
                                             "3,3,3,0,0", "5,5,5,5,5",
                                             "1,1,1,1,1", "4,4,4,4,0"};
    for (size_t i = 0; i < sizeof rectangles / sizeof *rectangles; i++)
        assert_true(value_of(&e, rectangles[i]) != 0);
    /* A square's first bite at (1, 1) leaves an L of equal arms, which
     * the second player wins by answering each bite with its mirror. */
    assert_int_equal(value_of(&e, "5,1,1,1,1"), 0);
    done(&e);
}

/* ---- Moore's Nim_2 ---------------------------------------------------- */

/* Moore's theorem: P exactly when each binary place's digits add up to a
 * multiple of k + 1 = 3. */
static int moore_p(const int64_t *h, size_t n)
{
    for (int bit = 0; bit < 8; bit++) {
        int64_t s = 0;
        for (size_t i = 0; i < n; i++)
            s += h[i] >> bit & 1;
        if (s % 3)
            return 0;
    }
    return 1;
}

static void moore(void **state)
{
    (void)state;
    static const char *const starts[] = {"7,7,7", "5,5,5,5"};
    static const uint64_t counts[] = {8 * 8 * 8, 6 * 6 * 6 * 6};
    for (size_t s = 0; s < 2; s++) {
        explored e = explore("moore.lua", starts[s]);
        assert_int_equal(e.count, counts[s]);
        uint64_t p = 0;
        for (uint64_t x = 0; x < e.count; x++) {
            int64_t t[SG_DEFINE_MAX_ARITY];
            size_t n = numbers(&e, x, t);
            assert_int_equal(n, s == 0 ? 3 : 4);
            int is_p = sg_lookup_get(e.lookup, x) == 0;
            assert_int_equal(is_p, moore_p(t, n));
            p += (uint64_t)is_p;
        }
        assert_true(p > 1);
        done(&e);
    }
}

/* ---- Cram on bitmasks -------------------------------------------------- */

/* The brute force numbers the squares by columns, square (c, r) being bit
 * c * h + r, and fills in sg of every set of covered squares, from the full
 * board down (a move only adds squares). */
static unsigned *cram_brute(int w, int h)
{
    uint32_t all = UINT32_C(1) << (w * h);
    unsigned *sg = calloc(all, sizeof *sg);
    assert_non_null(sg);
    unsigned char seen[64];
    memset(seen, 0, sizeof seen);
    for (uint32_t s = all; s-- > 0;) {
        for (int c = 0; c < w; c++)
            for (int r = 0; r < h; r++) {
                uint32_t a = UINT32_C(1) << (c * h + r);
                if (s & a)
                    continue;
                if (c + 1 < w && !(s & a << h))
                    seen[sg[s | a | a << h]] = 1;
                if (r + 1 < h && !(s & a << 1))
                    seen[sg[s | a | a << 1]] = 1;
            }
        sg[s] = mex_clear(seen, sizeof seen);
    }
    return sg;
}

/* The same covered squares in the file's numbering, square (c, r) being bit
 * r * w + c. */
static uint32_t by_columns(int64_t mask, int w, int h)
{
    uint32_t s = 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            if (mask >> (r * w + c) & 1)
                s |= UINT32_C(1) << (c * h + r);
    return s;
}

static void cram(void **state)
{
    (void)state;
    size_t len;
    char *text = slurp(DIR "bitboard.lua", &len);
    const char *line = strstr(text, "W, H = 3, 4");
    assert_non_null(line);
    static const struct {
        int w, h;
        int first_wins; /* -1: no mirror strategy says */
    } boards[] = {{3, 4, 1}, {2, 2, 0}, {2, 3, 1}, {4, 4, 0},
                  {2, 5, 1}, {3, 3, -1}, {4, 3, 1}, {2, 6, 0}};
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
        int w = boards[b].w, h = boards[b].h;
        /* The file with its board changed, as its comment invites. */
        char *copy = malloc(len + 1);
        assert_non_null(copy);
        memcpy(copy, text, len + 1);
        char *at = copy + (line - text);
        at[7] = (char)('0' + w);
        at[10] = (char)('0' + h);
        explored e = explore_text(copy, len, "bitboard.lua", NULL);
        free(copy);
        unsigned *sg = cram_brute(w, h);
        for (uint64_t x = 0; x < e.count; x++) {
            int64_t t[SG_DEFINE_MAX_ARITY];
            assert_int_equal(numbers(&e, x, t), 1);
            assert_int_equal(sg_lookup_get(e.lookup, x),
                             sg[by_columns(t[0], w, h)]);
        }
        if (boards[b].first_wins >= 0)
            assert_int_equal(value_of(&e, "0") != 0, boards[b].first_wins);
        free(sg);
        done(&e);
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wythoff),   cmocka_unit_test(kayles),
        cmocka_unit_test(cutting),   cmocka_unit_test(kiki),
        cmocka_unit_test(euclid),    cmocka_unit_test(northcott),
        cmocka_unit_test(staircase), cmocka_unit_test(chomp),
        cmocka_unit_test(moore),     cmocka_unit_test(cram),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
