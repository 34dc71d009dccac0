/*
 * test_period.c - the period search against the known facts and against a
 * brute force written here: values by the classic definition, and the
 * period read off a long prefix by trying every shift, sharing no code with
 * the library.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.h"
#include "games/game.h"
#include "sgviz.h"

/* ---- helpers ---------------------------------------------------------- */

static sg_game *game(sg_ctx *ctx, const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

static sg_period *find(sg_ctx *ctx, const sg_game *g, uint64_t limit)
{
    sg_period *p = sg_period_find(ctx, g, limit);
    if (!p)
        fail_msg("period of %s: %s", sg_game_spec(g), sg_ctx_message(ctx));
    return p;
}

/* The period of the second half of sg[0..n): the least q with
 * sg[x + q] == sg[x] for n/2 <= x < n - q, and the first x from which that
 * holds all the way.  Tries every shift in turn. */
static void brute_period(const unsigned *sg, size_t n, size_t *n0, size_t *q)
{
    for (size_t p = 1; p < n / 2; p++) {
        size_t x = n / 2;
        while (x + p < n && sg[x] == sg[x + p])
            x++;
        if (x + p < n)
            continue;
        x = n / 2;
        while (x > 0 && sg[x - 1] == sg[x - 1 + p])
            x--;
        *n0 = x;
        *q = p;
        return;
    }
    fail_msg("no period in the second half of %zu values", n);
}

static size_t parse_set(const char *spec, unsigned *amounts)
{
    size_t k = 0;
    for (const char *p = spec; *p;) {
        amounts[k++] = (unsigned)strtoul(p, (char **)&p, 10);
        if (*p == ',')
            p++;
    }
    return k;
}

static unsigned largest(const unsigned *amounts, size_t k)
{
    unsigned m = 0;
    for (size_t i = 0; i < k; i++)
        if (amounts[i] > m)
            m = amounts[i];
    return m;
}

/*
 * Checks everything the library claims about SPEC against the brute force
 * over N values: the preperiod and period equal the brute force's; the
 * certificate holds; the preperiod fails one earlier; no smaller shift is a
 * period from n0 on; every witness is a real failure of p / r; every value,
 * near and far, agrees; and the search computed no more than about twice
 * what the certificate needs.
 */
static void check_result(const char *spec, sg_period *r, const unsigned *sg,
                         size_t n, size_t bn0, size_t bp, unsigned kmax,
                         bool by_theorem);

/* The residue theorem, written here: S/d holds 1..m and no multiple of
 * m + 1, where d divides every amount.  Returns m + 1 (and D), or 0. */
static unsigned residue_modulus(const unsigned *amounts, size_t k,
                                unsigned *d)
{
    unsigned g = 0;
    for (size_t i = 0; i < k; i++) {
        unsigned a = amounts[i], b = g;
        while (b) {
            unsigned t = a % b;
            a = b;
            b = t;
        }
        g = a;
    }
    *d = g;
    unsigned m = 0;
    for (;;) {
        bool has = false;
        for (size_t i = 0; i < k; i++)
            has |= amounts[i] == (m + 1) * g;
        if (!has)
            break;
        m++;
    }
    if (m == 0)
        return 0;
    for (size_t i = 0; i < k; i++)
        if ((amounts[i] / g) % (m + 1) == 0)
            return 0;
    return m + 1;
}

static void check_against_brute(sg_ctx *ctx, const char *spec, size_t n)
{
    unsigned amounts[1024];
    size_t k = parse_set(spec, amounts);
    unsigned kmax = largest(amounts, k);
    unsigned *sg = brute_force(amounts, k, n - 1);
    size_t bn0 = 0, bp = 0;
    brute_period(sg, n, &bn0, &bp);
    if (bn0 + bp + kmax > n / 2)
        fail_msg("S = {%s}: %zu values are too few to judge (n0 %zu, p %zu)",
                 spec, n, bn0, bp);

    sg_game *g = game(ctx, spec);
    /* The default search, which a closed form may answer, and the search
     * with its certificate, which must agree with it. */
    unsigned d = 0, mod = residue_modulus(amounts, k, &d);
    sg_period *r = find(ctx, g, 0);
    if (mod) {
        assert_non_null(sg_period_theorem(r));
        assert_int_equal(sg_period_theorem_checked(r), 1);
        for (size_t x = 0; x < n; x++)
            assert_int_equal(sg[x], (x / d) % mod);
    } else {
        assert_null(sg_period_theorem(r));
    }
    check_result(spec, r, sg, n, bn0, bp, kmax, mod != 0);
    sg_period_free(r);
    r = sg_period_find_searching(ctx, g, 0);
    if (!r)
        fail_msg("period of %s: %s", spec, sg_ctx_message(ctx));
    check_result(spec, r, sg, n, bn0, bp, kmax, false);
    sg_period_free(r);
    sg_game_free(g);
    free(sg);
}

static void check_result(const char *spec, sg_period *r, const unsigned *sg,
                         size_t n, size_t bn0, size_t bp, unsigned kmax,
                         bool by_theorem)
{
    const sg_period_info *i = sg_period_info_of(r);
    if (!i->applies || !i->found || i->preperiod != bn0 || i->period != bp)
        fail_msg("S = {%s}: found %d, n0 %llu, p %llu; brute force n0 %zu, "
                 "p %zu", spec, i->found, (unsigned long long)i->preperiod,
                 (unsigned long long)i->period, bn0, bp);
    size_t n0 = bn0, p = bp;
    assert_int_equal(i->max_amount, kmax);
    if (!by_theorem) {
        assert_int_equal(i->cert_from, n0);
        assert_int_equal(i->cert_to, n0 + kmax - 1);
        for (size_t x = i->cert_from; x <= i->cert_to; x++)
            assert_int_equal(sg[x], sg[x + p]);
    }
    if (n0 > 0)
        assert_int_not_equal(sg[n0 - 1], sg[n0 - 1 + p]);
    for (size_t q = 1; q < p; q++) {
        size_t x = n0;
        while (x + q < n && sg[x] == sg[x + q])
            x++;
        if (x + q >= n)
            fail_msg("S = {%s}: %zu is a smaller period than %zu", spec, q, p);
    }
    /* One witness per prime factor of p. */
    size_t primes = 0, rest = p;
    for (size_t f = 2; f <= rest; f++) {
        if (rest % f)
            continue;
        primes++;
        while (rest % f == 0)
            rest /= f;
    }
    assert_int_equal(i->nwitnesses, primes);
    for (size_t w = 0; w < i->nwitnesses; w++) {
        uint64_t d = i->witness_shift[w], x = i->witness_x[w];
        assert_int_equal(p % d, 0);
        assert_true(x >= n0 && x + d < n);
        assert_int_not_equal(sg[x], sg[x + d]);
    }
    for (size_t x = 0; x < n; x++)
        if (sg_period_value(r, x) != sg[x])
            fail_msg("S = {%s}: sg(%zu) = %llu, brute force %u", spec, x,
                     (unsigned long long)sg_period_value(r, x), sg[x]);
    uint64_t far = UINT64_C(1000000000000000000) + 12345;
    assert_int_equal(sg_period_value(r, far), sg[n0 + (far - n0) % p]);
    if (by_theorem)
        return;
    /* Rounds double, so at most twice the n0 + p + k values needed, and
     * never fewer than needed. */
    uint64_t need = n0 + p + kmax;
    assert_true(i->computed >= need);
    assert_true(i->computed <= 2 * need || i->computed <= 32 ||
                i->computed <= 2 * (uint64_t)(kmax + 1));
}

/* ---- the listed facts ------------------------------------------------- */

static void worked_example(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_period *r = find(ctx, g, 0);
    const sg_period_info *i = sg_period_info_of(r);
    assert_true(i->applies && i->found);
    assert_int_equal(i->preperiod, 0);
    assert_int_equal(i->period, 7);
    static const sg_value block[] = {0, 1, 0, 1, 2, 3, 2};
    for (uint64_t x = 0; x < 7; x++)
        assert_int_equal(sg_period_value(r, x), block[x]);
    assert_int_equal(i->cert_from, 0);
    assert_int_equal(i->cert_to, 3);
    assert_null(sg_period_theorem(r));
    assert_int_equal(sg_period_theorem_checked(r), -1);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void preperiod_eight(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "2,4,7");
    sg_period *r = find(ctx, g, 0);
    const sg_period_info *i = sg_period_info_of(r);
    assert_true(i->found);
    assert_int_equal(i->preperiod, 8);
    assert_int_equal(i->period, 3);
    assert_int_equal(sg_period_value(r, 8), 1);
    assert_int_equal(sg_period_value(r, 9), 0);
    assert_int_equal(sg_period_value(r, 10), 2);
    assert_int_equal(i->cert_from, 8);
    assert_int_equal(i->cert_to, 14);
    assert_int_equal(i->nwitnesses, 1);
    assert_int_equal(i->witness_shift[0], 1);
    sg_period_free(r);
    sg_game_free(g);
    check_against_brute(ctx, "2,4,7", 2000);
    sg_ctx_free(ctx);
}

/* {1..k}: sg(x) = x mod (k + 1), preperiod 0, period k + 1; past k = 255
 * the values need two bytes each. */
static void one_to_k(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (unsigned k = 1; k <= 300; k += k < 40 ? 1 : 37) {
        char spec[32];
        snprintf(spec, sizeof spec, "1..%u", k);
        sg_game *g = game(ctx, spec);
        sg_period *r = find(ctx, g, 0);
        const sg_period_info *i = sg_period_info_of(r);
        if (!i->found || i->preperiod != 0 || i->period != k + 1)
            fail_msg("{1..%u}: n0 %llu, p %llu", k,
                     (unsigned long long)i->preperiod,
                     (unsigned long long)i->period);
        for (uint64_t x = 0; x < 3 * (k + 1); x++)
            assert_int_equal(sg_period_value(r, x), x % (k + 1));
        sg_period_free(r);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* {x, y}, x < y: preperiod 0, period 2x when y/x is an odd integer, else
 * x + y. */
static void two_elements(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (unsigned x = 1; x <= 40; x++) {
        for (unsigned y = x + 1; y <= 80; y++) {
            char spec[32];
            snprintf(spec, sizeof spec, "%u,%u", x, y);
            sg_game *g = game(ctx, spec);
            sg_period *r = find(ctx, g, 0);
            const sg_period_info *i = sg_period_info_of(r);
            uint64_t want = y % x == 0 && (y / x) % 2 == 1 ? 2 * x : x + y;
            if (!i->found || i->preperiod != 0 || i->period != want)
                fail_msg("{%u,%u}: n0 %llu, p %llu, want 0 and %llu", x, y,
                         (unsigned long long)i->preperiod,
                         (unsigned long long)i->period,
                         (unsigned long long)want);
            sg_period_free(r);
            sg_game_free(g);
        }
    }
    check_against_brute(ctx, "3,9", 2000);
    check_against_brute(ctx, "4,7", 2000);
    sg_ctx_free(ctx);
}

/* ---- against the brute force ------------------------------------------ */

/* Every non-empty subset of {1..11}. */
static void every_small_set(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    for (unsigned mask = 1; mask < (1u << 11); mask++) {
        char spec[64] = "";
        for (unsigned a = 1; a <= 11; a++) {
            if (!(mask & (1u << (a - 1))))
                continue;
            char item[8];
            snprintf(item, sizeof item, "%s%u", *spec ? "," : "", a);
            strcat(spec, item);
        }
        check_against_brute(ctx, spec, 3000);
    }
    sg_ctx_free(ctx);
}

/* Random sets of up to 5 amounts below 60, and sets of 64 amounts or more
 * (the engine's other mex): {1..m} with a few amounts left out, for m = 100
 * and for m = 300 (values past 255, two bytes wide).  Dense random sets of
 * that size have periods in the hundreds of thousands, too long for this
 * brute force; the bench measures those. */
static void random_sets(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    srand(4242);
    for (int round = 0; round < 80; round++) {
        unsigned used[400] = {0};
        char *spec = calloc(400, 8);
        if (round < 60) {
            size_t k = 1 + (size_t)rand() % 5, have = 0;
            while (have < k) {
                unsigned a = 1 + (unsigned)rand() % 60;
                if (used[a])
                    continue;
                used[a] = 1;
                have++;
                char item[8];
                snprintf(item, sizeof item, "%s%u", have > 1 ? "," : "", a);
                strcat(spec, item);
            }
        } else {
            unsigned m = round < 74 ? 100 : 300;
            for (int d = 0; d < 5; d++)
                used[1 + (unsigned)rand() % m] = 1;
            for (unsigned a = 1; a <= m; a++) {
                if (used[a])
                    continue;
                char item[8];
                snprintf(item, sizeof item, "%s%u", *spec ? "," : "", a);
                strcat(spec, item);
            }
        }
        check_against_brute(ctx, spec, 20000);
        free(spec);
    }
    sg_ctx_free(ctx);
}

/* Random sets that the residue theorem covers, d * ({1..m} and amounts
 * that are no multiple of m + 1), and near misses that one multiple spoils:
 * the closed form, the search and the brute force agree, and a lookup
 * answers huge heaps from the formula written here. */
static void residue_theorem_sets(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    srand(2626);
    for (int round = 0; round < 120; round++) {
        unsigned d = 1 + (unsigned)rand() % 4, m = 1 + (unsigned)rand() % 6;
        unsigned mod = m + 1, used[64] = {0};
        for (unsigned a = 1; a <= m; a++)
            used[a] = 1;
        for (int e = rand() % 4; e > 0; e--) {
            unsigned a = m + 2 + (unsigned)rand() % 20;
            if (a % mod || round % 3 == 0)
                used[a] = 1;
        }
        char spec[256] = "";
        bool spoiled = false;
        for (unsigned a = 1; a < 64; a++) {
            if (!used[a])
                continue;
            spoiled |= a % mod == 0;
            char item[16];
            snprintf(item, sizeof item, "%s%u", *spec ? "," : "", a * d);
            strcat(spec, item);
        }
        check_against_brute(ctx, spec, 3000);
        if (spoiled)
            continue;
        sg_game *g = game(ctx, spec);
        uint64_t far = UINT64_C(4611686018427387903) - (uint64_t)round;
        sg_lookup *l = sg_lookup_new(ctx, g, far);
        if (!l)
            fail_msg("lookup of %s: %s", spec, sg_ctx_message(ctx));
        assert_int_equal(sg_lookup_get(l, far), far / d % mod);
        sg_lookup_free(l);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* ---- the limit -------------------------------------------------------- */

static sg_period *search(sg_ctx *ctx, const sg_game *g, uint64_t limit)
{
    sg_period *p = sg_period_find_searching(ctx, g, limit);
    if (!p)
        fail_msg("period of %s: %s", sg_game_spec(g), sg_ctx_message(ctx));
    return p;
}

/* The certificate for {1..1000} needs sg(0..2000): n0 + p + k = 2001
 * values.  One fewer, and the search finds no period up to the limit;
 * the residue theorem needs no values at all. */
static void limit_is_exact(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1..1000");
    sg_period *r = find(ctx, g, 1999);
    assert_true(sg_period_info_of(r)->found);
    assert_int_equal(sg_period_info_of(r)->period, 1001);
    assert_string_equal(sg_period_theorem(r), "sg(x) = x mod 1001");
    sg_period_free(r);
    r = search(ctx, g, 1999);
    const sg_period_info *i = sg_period_info_of(r);
    assert_true(i->applies);
    assert_false(i->found);
    assert_int_equal(i->computed, 2000);
    assert_int_equal(i->limit, 1999);
    /* The values computed are still there to read. */
    for (uint64_t x = 0; x < 2000; x++)
        assert_int_equal(sg_period_value(r, x), x % 1001);
    sg_period_free(r);
    r = search(ctx, g, 2000);
    i = sg_period_info_of(r);
    assert_true(i->found);
    assert_int_equal(i->period, 1001);
    assert_int_equal(i->computed, 2001);
    sg_period_free(r);
    sg_game_free(g);

    /* The same edge for {2,4,7}: n0 + p + k = 8 + 3 + 7 = 18 values. */
    g = game(ctx, "2,4,7");
    r = find(ctx, g, 16);
    assert_false(sg_period_info_of(r)->found);
    sg_period_free(r);
    r = find(ctx, g, 17);
    assert_true(sg_period_info_of(r)->found);
    assert_int_equal(sg_period_info_of(r)->preperiod, 8);
    sg_period_free(r);
    sg_game_free(g);

    /* With max S beyond the limit no certificate can fit: nothing is
     * computed. */
    g = game(ctx, "1,1000000");
    r = find(ctx, g, 100);
    i = sg_period_info_of(r);
    assert_false(i->found);
    assert_int_equal(i->computed, 0);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void default_limit(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_period *r = find(ctx, g, 0);
    assert_int_equal(sg_period_info_of(r)->limit, SG_PERIOD_DEFAULT_LIMIT);
    sg_period_free(r);
    sg_game_free(g);
    /* 1000 amounts: the default shrinks so that the engine examines at most
     * about 10^10 moves. */
    g = game(ctx, "1..1000");
    r = find(ctx, g, 0);
    assert_true(sg_period_info_of(r)->limit * 1000 <= UINT64_C(10000000000));
    assert_int_equal(sg_period_info_of(r)->period, 1001);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- infinite sets ---------------------------------------------------- */

static void infinite_sets(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "pow2");
    /* The theorem proves the period; the search only observes it. */
    sg_period *r = find(ctx, g, 3000);
    const sg_period_info *i = sg_period_info_of(r);
    assert_true(i->applies);
    assert_true(i->found);
    assert_int_equal(i->preperiod, 0);
    assert_int_equal(i->period, 3);
    assert_int_equal(i->computed, 3001);
    assert_int_equal(sg_period_theorem_checked(r), 1);
    assert_int_equal(sg_period_value(r, UINT64_C(1) << 62), (UINT64_C(1) << 62) % 3);
    sg_period_free(r);
    r = search(ctx, g, 3000);
    i = sg_period_info_of(r);
    assert_false(i->applies);
    assert_true(i->found);
    assert_int_equal(i->preperiod, 0);
    assert_int_equal(i->period, 3);
    assert_int_equal(i->computed, 3001);
    assert_string_equal(sg_period_theorem(r), "sg(x) = x mod 3");
    assert_int_equal(sg_period_theorem_checked(r), 1);
    for (uint64_t x = 0; x <= 3000; x++)
        assert_int_equal(sg_period_value(r, x), x % 3);
    sg_period_free(r);
    sg_game_free(g);

    g = game(ctx, "all");
    r = find(ctx, g, 3000);
    i = sg_period_info_of(r);
    assert_false(i->applies);
    assert_false(i->found);
    assert_string_equal(sg_period_theorem(r), "sg(x) = x");
    assert_int_equal(sg_period_theorem_checked(r), 1);
    assert_int_equal(sg_period_value(r, 2999), 2999);
    sg_period_free(r);
    sg_game_free(g);

    /* Fibonacci amounts: no theorem; the values are the brute force's. */
    unsigned fib[32];
    size_t k = 0;
    for (unsigned a = 1, b = 2; a <= 5000; k++) {
        fib[k] = a;
        unsigned c = a + b;
        a = b;
        b = c;
    }
    unsigned *sg = brute_force(fib, k, 5000);
    g = game(ctx, "fib");
    r = find(ctx, g, 5000);
    i = sg_period_info_of(r);
    assert_false(i->applies);
    assert_null(sg_period_theorem(r));
    assert_int_equal(sg_period_theorem_checked(r), -1);
    for (uint64_t x = 0; x <= 5000; x++)
        assert_int_equal(sg_period_value(r, x), sg[x]);
    /* What is observed is what the brute force sees: a repetition of the
     * last half, or none. */
    if (i->found) {
        for (uint64_t x = i->preperiod; x + i->period <= 5000; x++)
            assert_int_equal(sg[x], sg[x + i->period]);
    }
    free(sg);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- errors ----------------------------------------------------------- */

static void refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[] = "/tmp/sgviz-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char dot[] = "digraph { a -> b }\n";
    assert_int_equal(write(fd, dot, sizeof dot - 1), (ssize_t)(sizeof dot - 1));
    close(fd);
    sg_game *g = sg_game_read_dot(ctx, path);
    unlink(path);
    assert_non_null(g);
    assert_null(sg_period_find(ctx, g, 0));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "subtraction"));
    sg_game_free(g);

    g = game(ctx, "1,3,4");
    sg_ctx_clear(ctx);
    assert_null(sg_period_find(ctx, g, UINT64_C(1) << 40));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "at most"));
    sg_game_free(g);

    /* {1..100} is answered by its theorem at any limit; {2..101}, with no
     * closed form, is refused for its work. */
    g = game(ctx, "1..100");
    sg_period *r = find(ctx, g, 1000000000);
    assert_int_equal(sg_period_info_of(r)->period, 101);
    sg_period_free(r);
    sg_game_free(g);
    g = game(ctx, "2..101");
    sg_ctx_clear(ctx);
    assert_null(sg_period_find(ctx, g, 1000000000));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "moves"));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- reports ---------------------------------------------------------- */

static char *report(sg_ctx *ctx, const char *spec, uint64_t limit,
                    sg_period_format format, int full)
{
    sg_game *g = game(ctx, spec);
    sg_period *r = find(ctx, g, limit);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(sg_period_write(ctx, r, g, format, full, out), SG_OK);
    fclose(out);
    sg_period_free(r);
    sg_game_free(g);
    return text;
}

static void reports(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char *t = report(ctx, "2,4,7", 0, SG_PERIOD_JSON, 0);
    assert_string_equal(
        t, "{\"game\": \"S = {2,4,7}\", \"set\": \"2,4,7\", \"applies\": true, "
           "\"k\": 7, \"found\": true, \"preperiod\": 8, \"period\": 3, "
           "\"block\": [1,0,2], \"before\": [0,0,1,1,2,2,0,3], "
           "\"certificate\": {\"from\": 8, \"to\": 14, \"shift\": 3, "
           "\"needs\": 18}, "
           "\"preperiod_fails_at\": 7, \"not_periods\": [{\"shift\": 1, "
           "\"x\": 8}], \"computed\": 32, \"limit\": 10000000, "
           "\"max_value\": 3}\n");
    free(t);
    t = report(ctx, "2,4,7", 0, SG_PERIOD_TEXT, 0);
    assert_non_null(strstr(t, "preperiod: 8\nperiod:    3\n"));
    assert_non_null(strstr(t, "block:     1 0 2  (sg(8..10)"));
    assert_non_null(strstr(t, "sg(7) = 3 but sg(10) = 2"));
    free(t);
    /* Long blocks are cut in text unless every value is asked for. */
    t = report(ctx, "1..99", 0, SG_PERIOD_TEXT, 0);
    assert_non_null(strstr(t, "... (68 more)"));
    free(t);
    t = report(ctx, "1..99", 0, SG_PERIOD_TEXT, 1);
    assert_null(strstr(t, "more)"));
    assert_non_null(strstr(t, " 98 99  (sg(0..99)"));
    free(t);
    t = report(ctx, "2,4,7", 16, SG_PERIOD_TEXT, 0);
    assert_non_null(strstr(t, "no period found up to 16"));
    free(t);
    t = report(ctx, "pow2", 100, SG_PERIOD_TEXT, 0);
    assert_non_null(strstr(t, "proof:    the theorem sg(x) = x mod 3 "
                              "(checked against sg(0..100)):"));
    free(t);
    /* A set of the residue theorem names it, in text and in JSON, and
     * holds no certificate. */
    t = report(ctx, "2,4", 0, SG_PERIOD_TEXT, 0);
    assert_non_null(strstr(t, "period:    6\n"));
    assert_non_null(strstr(t, "the theorem sg(x) = floor(x/2) mod 3"));
    assert_null(strstr(t, "certificate"));
    free(t);
    t = report(ctx, "1..5", 0, SG_PERIOD_JSON, 0);
    assert_non_null(strstr(t, "\"proof\": \"theorem\", \"theorem\": "
                              "\"sg(x) = x mod 6\", \"theorem_checked\": true"));
    assert_null(strstr(t, "certificate"));
    free(t);
    sg_period_format f;
    assert_int_equal(sg_period_format_parse(ctx, "json", &f), SG_OK);
    assert_int_equal(f, SG_PERIOD_JSON);
    assert_int_equal(sg_period_format_parse(ctx, "xml", &f), SG_EINPUT);
    sg_ctx_free(ctx);
}

/* ---- take-and-break codes: the Guy-Smith theorem ----------------------- */

static sg_game *code_game(sg_ctx *ctx, const char *code)
{
    sg_game *g = sg_game_from_code(ctx, code, "--code");
    if (!g)
        fail_msg("code %s: %s", code, sg_ctx_message(ctx));
    return g;
}

/* The certificate's end as the theorem states it, computed from the
 * test's own reading of the code: r max(n0,1) + (r-1) p + t. */
static size_t theorem_end(const unsigned char *digits, size_t ndigits,
                          size_t n0, size_t p)
{
    size_t t = 0, r = 1;
    for (size_t k = 0; k < ndigits; k++) {
        if (k > 0 && digits[k])
            t = k;
        if ((digits[k] & 8) && r < 3)
            r = 3;
        if ((digits[k] & 4) && r < 2)
            r = 2;
    }
    return r * (n0 ? n0 : 1) + (r - 1) * p + t;
}

/*
 * Checks what the library proves about CODE against the definition over N
 * values: when the values show a period (the second half repeating) whose
 * certificate fits in them, the library finds exactly it, with a run that
 * holds, a preperiod that fails one earlier and a witness for each prime
 * factor of the period; and it never claims a period the values deny.
 */
static int check_code(sg_ctx *ctx, const char *code, size_t n)
{
    unsigned char digits[64], distinct[64];
    size_t nd, tail;
    brute_read_code(code, digits, distinct, &nd, &tail);
    unsigned *sg = brute_code(digits, distinct, nd, tail, n - 1);
    sg_game *g = code_game(ctx, code);
    sg_period *r = find(ctx, g, n - 1);
    const sg_period_info *i = sg_period_info_of(r);
    size_t bn0 = 0, bp = 0;
    int shows = 0;
    for (size_t p = 1; p < n / 2 && !shows; p++) {
        size_t x = n / 2;
        while (x + p < n && sg[x] == sg[x + p])
            x++;
        if (x + p < n)
            continue;
        x = n / 2;
        while (x > 0 && sg[x - 1] == sg[x - 1 + p])
            x--;
        bn0 = x;
        bp = p;
        shows = theorem_end(digits, nd, bn0, bp) + bp <= n;
    }
    assert_true(i->applies);
    if (shows && !i->found)
        fail_msg("%s: the values show n0 %zu, p %zu within %zu, not found",
                 code, bn0, bp, n);
    if (i->found) {
        size_t n0 = i->preperiod, p = i->period;
        if (shows && (n0 != bn0 || p != bp))
            fail_msg("%s: found n0 %zu, p %zu; the values show n0 %zu, p %zu",
                     code, n0, p, bn0, bp);
        assert_int_equal(i->cert_from, n0);
        assert_int_equal(i->cert_to, theorem_end(digits, nd, n0, p) - 1);
        for (size_t x = n0; x + p < n; x++)
            assert_int_equal(sg[x], sg[x + p]);
        if (n0 > 0)
            assert_int_not_equal(sg[n0 - 1], sg[n0 - 1 + p]);
        for (size_t w = 0; w < i->nwitnesses; w++) {
            uint64_t d = i->witness_shift[w], x = i->witness_x[w];
            assert_int_equal(p % d, 0);
            assert_int_not_equal(sg[x], sg[x + d]);
        }
        for (size_t x = 0; x < n; x++)
            assert_int_equal(sg_period_value(r, x), sg[x]);
    }
    int found = i->found;
    sg_period_free(r);
    sg_game_free(g);
    free(sg);
    return found;
}

static void codes_published(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static const struct {
        const char *code;
        uint64_t n0, p;
    } known[] = {
        /* Kayles, Dawson's Kayles, Dawson's Chess: the figures and
         * Winning Ways'. */
        {"0.77", 71, 12},
        {"0.07", 53, 34},
        {"0.137", 52, 34},
        /* The last exceptions and periods of OEIS A071453, A071434,
         * A071435, A071452 and A125829. */
        {"0.117", 47, 48},
        {"0.1377", 141, 24},
        {"0.177", 497, 20},
        {"0.11377", 187, 32},
        {"0.115", 1, 14},
        /* The long ones of the rare-value papers. */
        {"0.16", 105351, 149459},
        {"0.56", 326640, 144},
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        sg_game *g = code_game(ctx, known[k].code);
        sg_period *r = find(ctx, g, 0);
        const sg_period_info *i = sg_period_info_of(r);
        if (!i->found || i->preperiod != known[k].n0 ||
            i->period != known[k].p)
            fail_msg("%s: found %d, n0 %llu, p %llu; published %llu, %llu",
                     known[k].code, i->found,
                     (unsigned long long)i->preperiod,
                     (unsigned long long)i->period,
                     (unsigned long long)known[k].n0,
                     (unsigned long long)known[k].p);
        sg_period_free(r);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

static void codes_against_brute(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    static const char *const codes[] = {"0.77", "0.07", "0.137", "0.117",
                                        "0.115", "0.3", "0.33", "0.1",
                                        "0.13", "0.14", "4.0", "0.4",
                                        "0.8", "0.F", "0.04", "0.007"};
    for (size_t k = 0; k < sizeof codes / sizeof codes[0]; k++)
        check_code(ctx, codes[k], 1200);
    /* Random octal codes; most show their period within the range. */
    uint64_t seed = 88172645463325252ULL;
    int found = 0;
    for (int k = 0; k < 120; k++) {
        char code[16];
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        snprintf(code, sizeof code, "0.%u%u", (unsigned)(seed % 8),
                 (unsigned)((seed >> 3) % 8));
        found += check_code(ctx, code, 1500);
    }
    assert_true(found > 60);
    sg_ctx_free(ctx);
}

/* No certificate for tails or unequal heaps: only what the values show. */
static void codes_without_certificate(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, "4!.0");
    sg_period *r = find(ctx, g, 2000);
    assert_false(sg_period_info_of(r)->applies);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A code proved by the Guy-Smith theorem: 2^20 values by default, which
 * hold the proofs of the long published periods, and the short ones still
 * take only what their proof needs. */
static void codes_default_limit(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, "0.77");
    sg_period *r = find(ctx, g, 0);
    assert_int_equal(sg_period_info_of(r)->limit, UINT64_C(1) << 20);
    assert_int_equal(sg_period_info_of(r)->preperiod, 71);
    assert_int_equal(sg_period_info_of(r)->period, 12);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- reports in Chinese ------------------------------------------------ */

/* The report on GAME up to LIMIT in language LANG, written through
 * sg_period_write_opts(). */
static char *report_in(sg_ctx *ctx, sg_game *g, uint64_t limit,
                       sg_period_format format, const char *lang)
{
    sg_period *r = find(ctx, g, limit);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    sg_period_opts opts = {.size = sizeof opts, .format = format,
                           .lang = lang};
    assert_int_equal(sg_period_write_opts(ctx, r, g, &opts, out), SG_OK);
    fclose(out);
    sg_period_free(r);
    return text;
}

/* The ASCII words that a Chinese report may hold: the words of formulas
 * (mod, max, floor, xor, mex) and names (the Guy-Smith theorem, Nim, the
 * book Winning Ways).  The first line, the game's name as the name list
 * gives it, is not read. */
static void assert_no_english(const char *text)
{
    static const char *const allowed[] = {
        "mod", "max", "floor", "xor", "mex", "Guy", "Smith", "Nim",
        "Winning", "Ways", NULL};
    const char *s = strchr(text, '\n');
    assert_non_null(s);
    while (*s) {
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) {
            s++;
            continue;
        }
        size_t n = 0;
        while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z'))
            n++;
        if (n >= 3) {
            bool ok = false;
            for (size_t i = 0; allowed[i] && !ok; i++)
                ok = strlen(allowed[i]) == n && memcmp(allowed[i], s, n) == 0;
            if (!ok)
                fail_msg("English word \"%.*s\" in the Chinese report:\n%s",
                         (int)n, s, text);
        }
        s += n;
    }
}

static void chinese_reports(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    /* S = {1,3,4}: sg = 0 1 0 1 2 3 2, repeating from 0 with period 7, by
     * the window of k = 4 values. */
    sg_game *g = game(ctx, "1,3,4");
    char *t = report_in(ctx, g, 0, SG_PERIOD_TEXT, "zh");
    assert_non_null(strstr(t, "预周期：0\n周期：  7\n"));
    assert_non_null(strstr(t, "循环节：  0 1 0 1 2 3 2（SG(0..6)，此后永远重复）\n"));
    assert_non_null(strstr(t, "所以对每个 x，SG(x) = 循环节[x mod 7]；"
                              "SG(x) = 0 时先手必败，否则先手必胜\n"));
    assert_non_null(strstr(t, "证据：k = max S = 4；"));
    assert_non_null(strstr(t, "  SG(0..3)  = 0 1 0 1\n"
                              "  SG(7..10) = 0 1 0 1\n"
                              "  因此对每个 x >= 0，SG(x + 7) = SG(x)。\n"));
    assert_non_null(strstr(t, "最小预周期：0，这些值从一开始就重复。\n"));
    assert_non_null(strstr(t, "  1：SG(0) = 0，但 SG(1) = 1\n"));
    assert_no_english(t);
    free(t);
    /* JSON is the same in every language. */
    char *en = report_in(ctx, g, 0, SG_PERIOD_JSON, "en");
    t = report_in(ctx, g, 0, SG_PERIOD_JSON, "zh");
    assert_string_equal(t, en);
    free(t);
    free(en);
    /* No options, or no language, is the English report. */
    en = report(ctx, "1,3,4", 0, SG_PERIOD_TEXT, 0);
    t = report_in(ctx, g, 0, SG_PERIOD_TEXT, NULL);
    assert_string_equal(t, en);
    free(t);
    free(en);
    sg_period *r = find(ctx, g, 0);
    FILE *out = tmpfile();
    sg_period_opts fr = {.size = sizeof fr, .lang = "fr"};
    assert_int_equal(sg_period_write_opts(ctx, r, g, &fr, out), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "unknown language \"fr\""));
    assert_int_equal(ftell(out), 0);
    fclose(out);
    sg_period_free(r);
    sg_game_free(g);

    /* pow2: the theorem sg(x) = x mod 3, in Chinese. */
    g = game(ctx, "pow2");
    t = report_in(ctx, g, 100, SG_PERIOD_TEXT, "zh");
    assert_non_null(strstr(t, "证明：  定理 SG(x) = x mod 3（已与 SG(0..100) "
                              "核对）：\n  2 的幂都不是 3 的倍数"));
    assert_non_null(strstr(t, "已算的值：SG(0..100)，用来核对定理（界限 100）\n"));
    assert_no_english(t);
    free(t);
    sg_game_free(g);

    /* Kayles, 0.77: preperiod 71, period 12 (Guy and Smith), by the
     * Guy-Smith theorem with t = 2 and two heaps: 71 <= x <= 2*71+12+2-1. */
    g = code_game(ctx, "0.77");
    t = report_in(ctx, g, 0, SG_PERIOD_TEXT, "zh");
    assert_non_null(strstr(t, "预周期：71\n周期：  12\n"));
    assert_non_null(strstr(t, "证据：由 Guy-Smith 定理："));
    assert_non_null(strstr(t, "71 <= x <= 155："));
    assert_non_null(strstr(t, "所以对 x >= 71，SG(x) = 循环节[(x - 71) mod 12]"));
    assert_non_null(strstr(t, "……（还有 39 个）（SG(0..70)）\n"));
    assert_non_null(strstr(t, "最小预周期：SG(70) = 6，但 SG(82) = 2，所以预周期"
                              "不小于 71。\n"));
    assert_no_english(t);
    free(t);
    sg_game_free(g);

    /* An infinite set with no period: the Fibonacci numbers. */
    g = game(ctx, "fib");
    t = report_in(ctx, g, 2000, SG_PERIOD_TEXT, "zh");
    assert_non_null(strstr(t, "证据不适用：这个集合是无限的，所以没有 k = max S "
                              "限制 SG(x) 往回看多远。\n"));
    assert_non_null(strstr(t, "观察：  SG(0..2000) 中没有周期"));
    assert_no_english(t);
    free(t);
    sg_game_free(g);

    /* Every other closed form, and the residue theorem's words built for
     * the set, speak Chinese too; so do the other sentences of the kinds. */
    static const char *const sets[] = {"all", "2,4", "3", "1", "1..5",
                                       "100,200", "2,4,7"};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        g = game(ctx, sets[i]);
        t = report_in(ctx, g, i == 6 ? 16 : 100, SG_PERIOD_TEXT, "zh");
        assert_no_english(t);
        free(t);
        sg_game_free(g);
    }
    static const char *const codes[] = {"0.[3]", "0.[2]", "4.[3]", "0.4!",
                                        "0.6", "4.07"};
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
        g = code_game(ctx, codes[i]);
        t = report_in(ctx, g, 200, SG_PERIOD_TEXT, "zh");
        assert_no_english(t);
        free(t);
        sg_game_free(g);
    }
    static const char *const coins[] = {"turtles", "mock-turtles", "ruler",
                                        "twins"};
    for (size_t i = 0; i < sizeof coins / sizeof *coins; i++) {
        g = sg_game_from_coins(ctx, coins[i], "--coins");
        assert_non_null(g);
        t = report_in(ctx, g, 100, SG_PERIOD_TEXT, "zh");
        assert_non_null(strstr(t, "定理：  SG(n) = "));
        assert_no_english(t);
        free(t);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* sg_period_opts grows as every options struct does: a size of 0 or of a
 * later struct whose new fields are zero is read, a later field set is
 * refused, and a size no version had is an error. */
static void period_options_grow(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = game(ctx, "1,3,4");
    sg_period *r = find(ctx, g, 0);
    char *en = report(ctx, "1,3,4", 0, SG_PERIOD_TEXT, 0);
    struct later {
        sg_period_opts known;
        uint64_t added_later;
    } later;
    static const size_t sizes[] = {0, sizeof(sg_period_opts),
                                   sizeof(struct later)};
    for (size_t i = 0; i < 3; i++) {
        memset(&later, 0, sizeof later);
        later.known.size = sizes[i];
        later.known.lang = "en";
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        assert_int_equal(sg_period_write_opts(ctx, r, g, &later.known, out),
                         SG_OK);
        fclose(out);
        assert_string_equal(text, en);
        free(text);
    }
    later.known.size = sizeof later;
    later.added_later = 1;
    assert_int_equal(sg_period_write_opts(ctx, r, g, &later.known, stdout),
                     SG_EUNSUPPORTED);
    assert_non_null(strstr(sg_ctx_message(ctx), "sg_period_opts has fields"));
    later.known.size = 3;
    assert_int_equal(sg_period_write_opts(ctx, r, g, &later.known, stdout),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "sg_period_opts.size is 3"));
    /* NULL options: the English text. */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(sg_period_write_opts(ctx, r, g, NULL, out), SG_OK);
    fclose(out);
    assert_string_equal(text, en);
    free(text);
    free(en);
    sg_period_free(r);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_example),
        cmocka_unit_test(preperiod_eight),
        cmocka_unit_test(one_to_k),
        cmocka_unit_test(two_elements),
        cmocka_unit_test(every_small_set),
        cmocka_unit_test(random_sets),
        cmocka_unit_test(residue_theorem_sets),
        cmocka_unit_test(limit_is_exact),
        cmocka_unit_test(default_limit),
        cmocka_unit_test(infinite_sets),
        cmocka_unit_test(refusals),
        cmocka_unit_test(reports),
        cmocka_unit_test(codes_published),
        cmocka_unit_test(codes_against_brute),
        cmocka_unit_test(codes_without_certificate),
        cmocka_unit_test(codes_default_limit),
        cmocka_unit_test(chinese_reports),
        cmocka_unit_test(period_options_grow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
