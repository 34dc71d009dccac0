/*
 * test_takebreak.c - take-and-break codes: values and options against a
 * brute force written here (which reads the code itself and enumerates
 * every way to leave heaps), CGSuite's published sequences, the closed
 * forms the kind claims as theorems, the names and canonical forms, every
 * bad code, and the modules that meet splits: traces, sums and checks.
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

/* ---- the brute force -------------------------------------------------- */

/* A code as the brute force reads it: the digits, which of them carry a
 * '!', and where a repeating tail starts (ndigits when there is none). */
typedef struct bcode {
    int digit[64];
    bool bang[64];
    int ndigits, tail;
} bcode;

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return c - 'a' + 10;
}

/* Reads a valid code, written out in full (no names). */
static bcode bparse(const char *s)
{
    bcode c;
    memset(&c, 0, sizeof c);
    c.tail = -1;
    if (*s == '.')
        c.digit[c.ndigits++] = 0;
    for (; *s; s++) {
        if (*s == '.' || *s == ']')
            continue;
        if (*s == '[')
            c.tail = c.ndigits;
        else if (*s == '!')
            c.bang[c.ndigits - 1] = true;
        else
            c.digit[c.ndigits++] = hexval(*s);
    }
    if (c.tail < 0)
        c.tail = c.ndigits;
    return c;
}

static int bdigit(const bcode *c, int k, bool *bang)
{
    int i = k;
    if (k >= c->ndigits) {
        if (c->tail == c->ndigits) {
            *bang = false;
            return 0;
        }
        i = c->tail + (k - c->tail) % (c->ndigits - c->tail);
    }
    *bang = c->bang[i];
    return c->digit[i];
}

/* Every option of heap X, as "k:a+b" (k the amount, then the heaps left,
 * increasing; "k:0" when nothing is left), in a list of strings. */
typedef struct options {
    char text[4096][40];
    unsigned value[4096];
    int n;
} options;

static void add_option(options *o, int k, const int *h, int nh,
                       const unsigned *sg)
{
    assert_true(o->n < 4096);
    char *t = o->text[o->n];
    int used = sprintf(t, "%d:", k);
    unsigned v = 0;
    if (nh == 0)
        sprintf(t + used, "0");
    for (int i = 0; i < nh; i++) {
        used += sprintf(t + used, "%s%d", i ? "+" : "", h[i]);
        v ^= sg[h[i]];
    }
    o->value[o->n++] = v;
}

/* Every way to write R as NH - FROM more heaps, each at least MIN (more
 * than the one before when BANG), after H[0..FROM). */
static void partitions(options *o, int k, int *h, int from, int nh, int r,
                       int min, bool bang, const unsigned *sg)
{
    if (from == nh) {
        if (r == 0)
            add_option(o, k, h, nh, sg);
        return;
    }
    for (int a = min; a * (nh - from) <= r; a++) {
        h[from] = a;
        partitions(o, k, h, from + 1, nh, r - a, bang ? a + 1 : a, bang,
                   sg);
    }
}

static void options_of(const bcode *c, int x, const unsigned *sg,
                       options *o)
{
    o->n = 0;
    int h[3];
    for (int k = 0; k <= x; k++) {
        bool bang;
        int d = bdigit(c, k, &bang);
        for (int nh = 0; nh <= 3; nh++) {
            if (!(d & (1 << nh)))
                continue;
            if (nh == 0) {
                if (k == x)
                    add_option(o, k, h, 0, sg);
                continue;
            }
            partitions(o, k, h, 0, nh, x - k, 1, bang, sg);
        }
    }
}

static unsigned mex(const unsigned *v, int n)
{
    for (unsigned m = 0;; m++) {
        bool found = false;
        for (int i = 0; i < n && !found; i++)
            found = v[i] == m;
        if (!found)
            return m;
    }
}

/* sg(0..n) of CODE, by the definition. */
static unsigned *brute(const char *code, int n)
{
    bcode c = bparse(code);
    unsigned *sg = calloc((size_t)n + 1, sizeof *sg);
    options *o = malloc(sizeof *o);
    assert_non_null(sg);
    assert_non_null(o);
    for (int x = 0; x <= n; x++) {
        options_of(&c, x, sg, o);
        sg[x] = mex(o->value, o->n);
    }
    free(o);
    return sg;
}

/* ---- helpers ---------------------------------------------------------- */

static sg_game *code_game(sg_ctx *ctx, const char *code)
{
    sg_game *g = sg_game_from_code(ctx, code, "--code");
    if (!g)
        fail_msg("code %s: %s", code, sg_ctx_message(ctx));
    return g;
}

/* The options of each step, as the brute force writes them, compared
 * with the brute force's own. */
typedef struct step_check {
    const bcode *c;
    unsigned *sg;
    options *o;
    int checked;
} step_check;

static int compare_options(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static int check_step(void *user, const sg_step *s)
{
    step_check *sc = user;
    int x = (int)s->x;
    options_of(sc->c, x, sc->sg, sc->o);
    assert_int_equal(s->nmoves, sc->o->n);
    static char listed[4096][40];
    for (size_t i = 0; i < s->nmoves; i++) {
        size_t k;
        const uint64_t *left = sg_step_parts(s, i, &k);
        int used = sprintf(listed[i], "%llu:",
                           (unsigned long long)s->amounts[i]);
        for (size_t j = 0; j < k; j++)
            used += sprintf(listed[i] + used, "%s%llu", j ? "+" : "",
                            (unsigned long long)left[j]);
        /* A move that leaves one heap names it as its target too. */
        assert_true(k == 1 ? s->targets[i] == left[0]
                           : s->targets[i] == SG_NO_POSITION);
        unsigned v = 0;
        for (size_t j = 0; j < k; j++)
            v ^= sc->sg[left[j]];
        assert_int_equal(s->values[i], v);
    }
    qsort(listed, s->nmoves, sizeof listed[0], compare_options);
    qsort(sc->o->text, (size_t)sc->o->n, sizeof sc->o->text[0],
          compare_options);
    for (size_t i = 0; i < s->nmoves; i++) {
        /* Each option once: no two moves leave the same heaps. */
        if (i)
            assert_true(strcmp(listed[i - 1], listed[i]) != 0);
        assert_string_equal(listed[i], sc->o->text[i]);
    }
    assert_int_equal(s->sg, sc->sg[x]);
    sc->checked++;
    return 0;
}

/* Checks CODE's values and every step's options for heaps 0..N against
 * the brute force. */
static void against_brute(const char *code, int n)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, code);
    assert_int_equal(sg_game_kind_of(g), SG_GAME_TAKEBREAK);
    unsigned *want = brute(code, n);
    sg_values *v = NULL;
    assert_int_equal(sg_compute(ctx, g, (uint64_t)n, NULL, &v), SG_OK);
    for (int x = 0; x <= n; x++)
        if (sg_values_get(v, (uint64_t)x) != want[x])
            fail_msg("%s: sg(%d) = %llu, the brute force says %u", code, x,
                     (unsigned long long)sg_values_get(v, (uint64_t)x),
                     want[x]);
    sg_values_free(v);
    bcode c = bparse(code);
    step_check sc = {&c, want, malloc(sizeof(options)), 0};
    sg_compute_opts o = {.with_moves = 1, .on_step = check_step,
                         .user = &sc};
    assert_int_equal(sg_compute(ctx, g, (uint64_t)n, &o, NULL), SG_OK);
    assert_int_equal(sc.checked, n + 1);
    free(sc.o);
    free(want);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* ---- values and options ----------------------------------------------- */

static void octal_codes(void **state)
{
    (void)state;
    static const char *const codes[] = {
        "0.07",  "0.77",  "0.137", "0.16",  "0.56",  "0.6",   "0.4",
        "0.51",  "0.33",  "0.71",  "0.31",  "0.44",  "0.123", "0.754",
        "0.26",  "0.35",  "0.53",  "0.007", "0.104", "0.7",   "0.37",
        "4.07",  "4.7",   "4.0",   "4.1",   "4.33",  "0.0",   "4.04"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        against_brute(codes[i], 60);
}

static void hexadecimal_codes(void **state)
{
    (void)state;
    static const char *const codes[] = {
        "0.F", "0.8", "0.9", "0.B", "0.AF", "0.8F", "0.79", "8.0", "C.0",
        "0.F8", "0.D", "0.E1", "C.1", "0.1C", "8.37"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        against_brute(codes[i], 34);
}

static void repeating_tails(void **state)
{
    (void)state;
    static const char *const codes[] = {
        "0.[3]", "4.[3]", "0.[7]", "0.1[2]", "0.[12]", "0.3[14]", "4.0[7]",
        "0.[2]", "0.[1]", "0.[6]", "0.[F]", "0.5[31]", "0.[4]", "0.2[05]"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        against_brute(codes[i], 40);
}

static void unequal_heaps(void **state)
{
    (void)state;
    static const char *const codes[] = {
        "4!.0", "0.4!", "0.7!7", "0.[7!]", "8!.0", "C!.1", "0.F!", "4!.[3]",
        "0.6!4", "0.4!4!", "C!.0"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        against_brute(codes[i], 40);
}

/* CGSuite's values for heaps 1..20, and Dawson's Chess as Dawson's Kayles
 * one heap further on (Dawson's Chess on a board of n files is Dawson's
 * Kayles on n + 1 pins). */
static void published_sequences(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        unsigned sg[20];
    } known[] = {
        {"kayles", {1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}},
        {"dawson", {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3}},
        {"grundy", {0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}},
    };
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        sg_game *g = code_game(ctx, known[i].code);
        sg_values *v = NULL;
        assert_int_equal(sg_compute(ctx, g, 20, NULL, &v), SG_OK);
        for (uint64_t x = 1; x <= 20; x++)
            if (sg_values_get(v, x) != known[i].sg[x - 1])
                fail_msg("%s: sg(%llu) = %llu, CGSuite says %u",
                         known[i].code, (unsigned long long)x,
                         (unsigned long long)sg_values_get(v, x),
                         known[i].sg[x - 1]);
        sg_values_free(v);
        sg_game_free(g);
    }
    sg_game *chess = code_game(ctx, "dawson-chess");
    sg_game *kayles = code_game(ctx, "dawson");
    sg_values *a = NULL, *b = NULL;
    assert_int_equal(sg_compute(ctx, chess, 300, NULL, &a), SG_OK);
    assert_int_equal(sg_compute(ctx, kayles, 301, NULL, &b), SG_OK);
    for (uint64_t n = 0; n <= 300; n++)
        assert_int_equal(sg_values_get(a, n), sg_values_get(b, n + 1));
    sg_values_free(a);
    sg_values_free(b);
    sg_game_free(chess);
    sg_game_free(kayles);
    sg_ctx_free(ctx);
}

/* ---- theorems: computed values and huge heaps ------------------------- */

static uint64_t lasker_form(uint64_t x)
{
    switch (x % 4) {
    case 3: return x + 1;
    case 0: return x ? x - 1 : 0;
    default: return x;
    }
}

static uint64_t nim_form(uint64_t x) { return x; }
static uint64_t minus_one_form(uint64_t x) { return x ? x - 1 : 0; }

static uint64_t rng_state = 88172645463325252u;
static uint64_t rnd(uint64_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % n;
}

static void closed_forms(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        uint64_t (*form)(uint64_t);
    } forms[] = {
        {"lasker", lasker_form},  {"4.3[3]", lasker_form},
        {"nim", nim_form},        {"0.[7]", nim_form},
        {"0.3[F]", nim_form},     {"0.[3!]", nim_form},
        {"0.[2]", minus_one_form}, {"0.[6]", minus_one_form},
        {"0.2[E]", minus_one_form},
    };
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        sg_game *g = code_game(ctx, forms[i].code);
        /* The values the engine computes move by move agree with the
         * form... */
        sg_values *v = NULL;
        assert_int_equal(sg_compute(ctx, g, 400, NULL, &v), SG_OK);
        for (uint64_t x = 0; x <= 400; x++)
            if (sg_values_get(v, x) != forms[i].form(x))
                fail_msg("%s: sg(%llu) = %llu, the form says %llu",
                         forms[i].code, (unsigned long long)x,
                         (unsigned long long)sg_values_get(v, x),
                         (unsigned long long)forms[i].form(x));
        sg_values_free(v);
        /* ...and a lookup answers heaps up to 2^63 - 1 from it at once. */
        uint64_t top = UINT64_C(9223372036854775807);
        sg_lookup *l = sg_lookup_new(ctx, g, top);
        assert_non_null(l);
        for (int j = 0; j < 1000; j++) {
            uint64_t x = j == 0 ? top : j == 1 ? top - 1 : rnd(top);
            assert_int_equal(sg_lookup_get(l, x), forms[i].form(x));
        }
        sg_lookup_free(l);
        sg_game_free(g);
    }
    /* Codes the theorems do not cover have none: a digit without the
     * whole-heap move, a split without taking.  (Finite codes answer huge
     * heaps through their proven periods; test_period.c checks those.) */
    static const char *const none[] = {"0.1[3]", "8.[3]", "4!.[3]",
                                       "4.[7]"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        sg_game *g = code_game(ctx, none[i]);
        sg_lookup *l = sg_lookup_new(ctx, g, UINT64_C(1) << 40);
        if (l)
            fail_msg("%s: a lookup of heaps up to 2^40 was made", none[i]);
        sg_ctx_clear(ctx);
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}

/* ---- reading codes ---------------------------------------------------- */

static void accepts(const char *code, const char *spec, const char *describe)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, code, "--code");
    if (!g)
        fail_msg("\"%s\" refused: %s", code, sg_ctx_message(ctx));
    assert_string_equal(sg_game_spec(g), spec);
    assert_string_equal(sg_game_describe(g), describe);
    assert_string_equal(sg_game_position_noun(g), "heap");
    assert_int_equal(sg_game_is_finite(g), 0);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

static void refuses(const char *code, sg_status status, const char *message)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, code, "--code");
    if (g)
        fail_msg("\"%s\" accepted as %s", code, sg_game_spec(g));
    assert_int_equal(sg_ctx_status(ctx), status);
    assert_string_equal(sg_ctx_message(ctx), message);
    sg_ctx_free(ctx);
}

static void names_and_forms(void **state)
{
    (void)state;
    accepts("kayles", "0.77", "Kayles (0.77)");
    accepts("Kayles", "0.77", "Kayles (0.77)");
    accepts("0.77", "0.77", "Kayles (0.77)");
    accepts(".77", "0.77", "Kayles (0.77)");
    accepts(" 0.770 ", "0.77", "Kayles (0.77)");
    accepts("dawson", "0.07", "Dawson's Kayles (0.07)");
    accepts("dawson-chess", "0.137", "Dawson's Chess (0.137)");
    accepts("lasker", "4.[3]", "Lasker's Nim (4.[3])");
    accepts("4.3[3]", "4.[3]", "Lasker's Nim (4.[3])");
    accepts("grundy", "4!.0", "Grundy's game (4!.0)");
    accepts("nim", "0.[3]", "Nim (0.[3])");
    accepts("0.3[33]", "0.[3]", "Nim (0.[3])");
    accepts("0.16", "0.16", "octal game 0.16");
    accepts("0.f", "0.F", "hexadecimal game 0.F");
    accepts("0.79", "0.79", "hexadecimal game 0.79");
    accepts("0.[0]", "0.0", "octal game 0.0");
    accepts("0.12[12]", "0.[12]", "octal game 0.[12]");
    accepts("0.1[21]", "0.[12]", "octal game 0.[12]");
    accepts("4!.[3]", "4!.[3]", "take-and-break game 4!.[3]");
    /* '!' stays only where a digit may leave two heaps or more. */
    accepts("0.3!", "0.3", "octal game 0.3");
    accepts("0.7!", "0.7!", "take-and-break game 0.7!");
    accepts("C.0", "C.0", "hexadecimal game C.0");
}

static void bad_codes(void **state)
{
    (void)state;
    refuses("", SG_EINPUT, "--code \"\": the code is empty; write it as "
            "d0.d1d2... (e.g. 0.77) or name a game (kayles, dawson, "
            "dawson-chess, lasker, grundy, nim)");
    refuses("0.", SG_EINPUT, "--code \"0.\": no digit after the point "
            "(character 2); write at least one (e.g. 0.77, or 4.0 for "
            "splitting alone)");
    refuses("0.[", SG_EINPUT, "--code \"0.[\": the '[' at character 3 is "
            "never closed; end the repeating tail with ']' (e.g. 4.[3])");
    refuses("0.[]", SG_EINPUT, "--code \"0.[]\": the repeating tail at "
            "character 3 is empty; put the digits that repeat in it (e.g. "
            "0.[3])");
    refuses("0.!7", SG_EINPUT, "--code \"0.!7\": character 3, '!', follows "
            "no digit; it goes right after the digit whose heaps must be "
            "unequal (e.g. 4!.0)");
    refuses("x.1", SG_EINPUT, "--code \"x.1\": character 1, 'x', is not a "
            "digit of a code (0-9, A-F; codes read d0.d1d2..., e.g. 0.77)");
    refuses("0.7G", SG_EINPUT, "--code \"0.7G\": character 4, 'G', is not a "
            "digit of a code (0-9, A-F; codes read d0.d1d2..., e.g. 0.77)");
    refuses("0.7\x01", SG_EINPUT, "--code \"0.7\\x01\": character 4, \\x01, "
            "is not a digit of a code (0-9, A-F; codes read d0.d1d2..., "
            "e.g. 0.77)");
    refuses("1.7", SG_EINPUT, "--code \"1.7\": the digit before the point, "
            "1, would let a move take nothing and leave no heap or the same "
            "heap; d0 only splits a heap (4: into two, 8: into three, C: "
            "either), so it is 0, 4, 8 or C");
    refuses("6.0", SG_EINPUT, "--code \"6.0\": the digit before the point, "
            "6, would let a move take nothing and leave no heap or the same "
            "heap; d0 only splits a heap (4: into two, 8: into three, C: "
            "either), so it is 0, 4, 8 or C");
    refuses("0.7]", SG_EINPUT, "--code \"0.7]\": character 4, ']', closes no "
            "'['");
    refuses("0.[3]7", SG_EINPUT, "--code \"0.[3]7\": character 6, '7', "
            "comes after the repeating tail's closing bracket; the tail ends "
            "the code (e.g. 4.[3])");
    refuses("0..7", SG_EINPUT, "--code \"0..7\": character 3 is a second "
            "point; a code has one (e.g. 0.77)");
    refuses("07.7", SG_EINPUT, "--code \"07.7\": character 2: a second digit "
            "before the point; only d0 goes there (0, 4, 8 or C, e.g. "
            "4.[3])");
    refuses("4!!.0", SG_EINPUT, "--code \"4!!.0\": character 3 is a second "
            "'!' for one digit");
    refuses("77", SG_EINPUT, "--code \"77\": character 2: a second digit "
            "before the point; only d0 goes there (0, 4, 8 or C, e.g. "
            "4.[3])");
    refuses("7", SG_EINPUT, "--code \"7\": no point; a code is written "
            "d0.d1d2... (e.g. 0.77), or is a name (kayles, dawson, "
            "dawson-chess, lasker, grundy, nim)");
    refuses("0.[3[4]", SG_EINPUT, "--code \"0.[3[4]\": character 5 is a "
            "second '['; a code has one repeating tail");
    refuses("[3].0", SG_EINPUT, "--code \"[3].0\": character 1, '[', comes "
            "before the point; the repeating tail comes after it (e.g. "
            "4.[3])");
    refuses("kayle", SG_EINPUT, "--code \"kayle\": no game is called "
            "\"kayle\"; did you mean kayles? (names: kayles, dawson, "
            "dawson-chess, lasker, grundy, nim; or a code d0.d1d2..., e.g. "
            "0.77)");
    /* A word near no name gets the list alone; a word with a digit or a
     * point is read as a code, character by character. */
    refuses("xyzzy", SG_EINPUT, "--code \"xyzzy\": no game is called "
            "\"xyzzy\" (names: kayles, dawson, dawson-chess, lasker, grundy, "
            "nim; or a code d0.d1d2..., e.g. 0.77)");
    refuses("Dawsn", SG_EINPUT, "--code \"Dawsn\": no game is called "
            "\"dawsn\"; did you mean dawson? (names: kayles, dawson, "
            "dawson-chess, lasker, grundy, nim; or a code d0.d1d2..., e.g. "
            "0.77)");
    /* A code of 10,000 digits, and the longest accepted. */
    char *code = malloc(10003);
    memcpy(code, "0.", 2);
    memset(code + 2, '7', 10000);
    code[10002] = '\0';
    /* Messages show the first 60 characters of a long code. */
    char want[256];
    snprintf(want, sizeof want, "--code \"%.60s...\": character 1027: more "
             "than 1024 digits after the point; sgviz takes at most 1024",
             code);
    refuses(code, SG_ELIMIT, want);
    code[2 + 1024] = '\0';
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, code, "--code");
    assert_non_null(g);
    sg_game_free(g);
    sg_ctx_free(ctx);
    free(code);
}

/* ---- traces, sums and checks ------------------------------------------ */

static char *trace_of(const char *code, const char *lang, const char *format,
                      uint64_t from, uint64_t to)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, code);
    sg_template *tpl = sg_template_builtin(ctx, lang, format);
    assert_non_null(tpl);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(sg_trace_write(ctx, tpl, g, from, to, f), SG_OK);
    fclose(f);
    sg_template_free(tpl);
    sg_game_free(g);
    sg_ctx_free(ctx);
    return text;
}

static bool has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
            return true;
    return false;
}

static void traces(void **state)
{
    (void)state;
    char *t = trace_of("kayles", "en", "text", 4, 4);
    if (!has_line(t, "sg(4): take 1 leaves 3 or 1+2, take 2 leaves 2 or 1+1; "
                     "mex{sg(3), sg(1)\u2295sg(2), sg(2), sg(1)\u2295sg(1)} = "
                     "mex{3,3,2,0} = 1  (N)"))
        fail_msg("%s", t);
    free(t);
    t = trace_of("kayles", "zh", "text", 4, 4);
    if (!has_line(t, "x=4 时，取走 1 个石子剩余 3 或 1+2，取走 2 个石子剩余 2 "
                     "或 1+1，所以 SG[4] = mex{SG[3], SG[1]\u2295SG[2], SG[2], "
                     "SG[1]\u2295SG[1]} = mex{3,3,2,0} = 1;"))
        fail_msg("%s", t);
    free(t);
    /* Splitting without taking, and taking the whole heap. */
    t = trace_of("lasker", "en", "text", 2, 2);
    if (!has_line(t, "sg(2): split into 1+1, take 1 leaves 1, take 2 leaves "
                     "0; mex{sg(1)\u2295sg(1), sg(1), sg(0)} = mex{0,1,0} = 2  "
                     "(N)"))
        fail_msg("%s", t);
    free(t);
    t = trace_of("kayles", "en", "json", 3, 3);
    if (!strstr(t, "{\"x\": 3, \"moves\": [1,1,2], \"options\": [{\"take\": "
                   "1, \"heaps\": [2], \"value\": 2},{\"take\": 1, \"heaps\": "
                   "[1,1], \"value\": 0},{\"take\": 2, \"heaps\": [1], "
                   "\"value\": 1}], \"values\": [2,0,1], \"mex\": 3, \"pn\": "
                   "\"N\", \"text\": \"sg(3) = mex{sg(2), sg(1)\u2295sg(1), "
                   "sg(1)} = mex{2,0,1} = 3\"}"))
        fail_msg("%s", t);
    free(t);
    t = trace_of("kayles", "en", "latex", 3, 3);
    if (!strstr(t, "\\operatorname{sg}(3) &= \\operatorname{mex}\\{\\operatorname{sg}(2),"
                   "\\operatorname{sg}(1)\\oplus \\operatorname{sg}(1),\\operatorname{sg}(1)\\} "
                   "= \\operatorname{mex}\\{2,0,1\\} = 3 && \\text{take 1 leaves }2"
                   "\\text{ or }1+1,\\ \\text{take 2 leaves }1,\\ \\text{N}"))
        fail_msg("%s", t);
    free(t);
    t = trace_of("kayles", "en", "md", 3, 3);
    if (!has_line(t, "| 3 | take 1 leaves 2 or 1+1, take 2 leaves 1 | {2, 1+1, "
                     "1} | mex{sg(2), sg(1)\u2295sg(1), sg(1)} = mex{2, 0, 1} "
                     "= 3 | 3 | N |"))
        fail_msg("%s", t);
    free(t);
    /* Chinese in the other formats: the same options and arithmetic. */
    t = trace_of("kayles", "zh", "md", 4, 4);
    if (!has_line(t, "| 4 | 取走 1 个剩余 3 或 1+2，取走 2 个剩余 2 或 1+1 | "
                     "{3, 1+2, 2, 1+1} | mex{SG[3], SG[1]\u2295SG[2], SG[2], "
                     "SG[1]\u2295SG[1]} = mex{3, 3, 2, 0} = 1 | 1 | N |"))
        fail_msg("%s", t);
    free(t);
    t = trace_of("kayles", "zh", "latex", 4, 4);
    if (!strstr(t, "\\operatorname{SG}[4] &= \\operatorname{mex}\\{\\operatorname{SG}[3],"
                   "\\operatorname{SG}[1]\\oplus \\operatorname{SG}[2],\\operatorname{SG}[2],"
                   "\\operatorname{SG}[1]\\oplus \\operatorname{SG}[1]\\} = "
                   "\\operatorname{mex}\\{3,3,2,0\\} = 1 && \\text{取走 1 个，剩余 }3"
                   "\\text{ 或 }1+2\\text{，}\\text{取走 2 个，剩余 }2\\text{ 或 "
                   "}1+1\\text{，N 局面}"))
        fail_msg("%s", t);
    free(t);
    t = trace_of("kayles", "zh", "json", 4, 4);
    if (!strstr(t, "\"options\": [{\"take\": 1, \"heaps\": [3], \"value\": 3},"
                   "{\"take\": 1, \"heaps\": [1,2], \"value\": 3},{\"take\": "
                   "2, \"heaps\": [2], \"value\": 2},{\"take\": 2, \"heaps\": "
                   "[1,1], \"value\": 0}], \"values\": [3,3,2,0], \"mex\": 1, "
                   "\"pn\": \"N\", \"text\": \"SG[4] = mex{SG[3], SG[1]\u2295"
                   "SG[2], SG[2], SG[1]\u2295SG[1]} = mex{3,3,2,0} = 1\"}"))
        fail_msg("%s", t);
    free(t);
    /* Three heaps. */
    t = trace_of("0.8", "en", "text", 4, 4);
    if (!has_line(t, "sg(4): take 1 leaves 1+1+1; mex{sg(1)\u2295sg(1)\u2295"
                     "sg(1)} = mex{0} = 1  (N)"))
        fail_msg("%s", t);
    free(t);
    /* A template of one's own without the sections for splits is refused
     * for a take-and-break game, by name. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, "kayles");
    static const char plain[] = "[step]\na\n[terminal]\nb\n";
    sg_template *tpl = sg_template_parse(ctx, plain, sizeof plain - 1,
                                         "mine.tpl");
    assert_non_null(tpl);
    assert_int_equal(sg_trace_write(ctx, tpl, g, 0, 3, stdout), SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "mine.tpl: this template has no "
                        "[split-terminal] and [split-step] sections, which a "
                        "trace of a take-and-break game needs");
    sg_template_free(tpl);
    /* ...and one with them words each option as it likes. */
    static const char own[] =
        "[split-terminal]\nend\n[split-step]\n${x}: ${takes} | ${sums} | "
        "${options}\n[take]\n-${a}: ${options}\n[option]\n<${heaps}=${v}>\n"
        "[sum]\n${refs}\n[ref]\ng${t}\n[settings]\nxor = \" ^ \"\n"
        "heap-separator = \",\"\noption-separator = \"/\"\n"
        "take-separator = \" ; \"\n";
    tpl = sg_template_parse(ctx, own, sizeof own - 1, "own.tpl");
    assert_non_null(tpl);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(sg_trace_write(ctx, tpl, g, 3, 3, f), SG_OK);
    fclose(f);
    assert_string_equal(text, "3: -1: <2=2>/<1,1=0> ; -2: <1=1> | g2,g1 ^ "
                        "g1,g1 | <2=2>,<1,1=0>,<1=1>\n");
    free(text);
    sg_template_free(tpl);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* Winning moves of sums of Kayles heaps: each leaves a nim-sum of 0 (the
 * values from the brute force), and they are exactly the options of the
 * right value, each once. */
static void winning_splits(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, "kayles");
    unsigned *sg = brute("0.77", 40);
    bcode c = bparse("0.77");
    options *o = malloc(sizeof *o);
    sg_lookup *l = sg_lookup_new(ctx, g, 40);
    assert_non_null(l);
    for (int trial = 0; trial < 300; trial++) {
        uint64_t h[3] = {rnd(41), rnd(41), rnd(41)};
        sg_sum *s = sg_sum_new(ctx, g, l, h, 3);
        assert_non_null(s);
        unsigned ns = sg[h[0]] ^ sg[h[1]] ^ sg[h[2]];
        assert_int_equal(sg_sum_nimsum(s), ns);
        size_t want = 0;
        for (int p = 0; p < 3 && ns; p++) {
            options_of(&c, (int)h[p], sg, o);
            for (int i = 0; i < o->n; i++)
                want += o->value[i] == (sg[h[p]] ^ ns);
        }
        assert_int_equal(sg_sum_move_count(s), want);
        for (size_t m = 0; m < sg_sum_move_count(s); m++) {
            const sg_sum_move *mv = sg_sum_move_at(s, m);
            size_t k;
            const uint64_t *left = sg_sum_move_left(s, m, &k);
            unsigned after = ns ^ sg[h[mv->part]];
            uint64_t tokens = 0;
            for (size_t j = 0; j < k; j++) {
                after ^= sg[left[j]];
                tokens += left[j];
            }
            assert_int_equal(after, 0);
            assert_int_equal(tokens + mv->amount, mv->from);
            assert_true(k == 1 ? mv->to == left[0]
                               : mv->to == SG_NO_POSITION);
        }
        sg_sum_free(s);
    }
    sg_lookup_free(l);
    free(o);
    free(sg);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* A Kayles homework: the student's table is worked out here from the
 * student's own values, with one wrong entry planted.  A slip at a heap
 * that later positions use only as a part of a split makes those later
 * entries follow from it; a wrong mex is a slip of its own. */
static char *own_table(const char *code, int n, int slip_at, unsigned slip,
                       unsigned **values)
{
    bcode c = bparse(code);
    unsigned *own = calloc((size_t)n + 1, sizeof *own);
    options *o = malloc(sizeof *o);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    for (int x = 0; x <= n; x++) {
        options_of(&c, x, own, o);
        own[x] = x == slip_at ? slip : mex(o->value, o->n);
        fprintf(f, "%u%s", own[x], x < n ? " " : "\n");
    }
    fclose(f);
    free(o);
    *values = own;
    return text;
}

/* Sheets read as bare lists of values for x = 0, 1, 2, ... */
static const sg_sheet_opts list_form = {.form = SG_SHEET_LIST};

static void check_kayles(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = code_game(ctx, "kayles");
    unsigned *right = brute("0.77", 30);
    /* Wrong entries whose last two heaps (the only heaps a move of Kayles
     * leaves whole) are right: they follow from the slip through the parts
     * of splits alone. */
    int through_parts = 0;
    for (int slip_at = 1; slip_at <= 12; slip_at++) {
        unsigned *own;
        char *text = own_table("0.77", 30, slip_at, right[slip_at] + 1, &own);
        sg_sheet *sheet = sg_sheet_parse(ctx, g, text, strlen(text), "hw.txt",
                                         &list_form);
        assert_non_null(sheet);
        sg_check_opts upto30 = {.has_last = 1, .last = 30};
        sg_check *ch = sg_check_new(ctx, g, sheet, &upto30);
        assert_non_null(ch);
        uint64_t wrong = 0;
        for (uint64_t x = 0; x <= 30; x++) {
            sg_verdict v;
            sg_check_get_verdict(ch, x, &v);
            assert_int_equal(v.right, right[x]);
            assert_int_equal(v.correct, own[x] == right[x]);
            if (v.correct)
                continue;
            wrong++;
            if (x == (uint64_t)slip_at) {
                /* The planted entry is the slip... */
                assert_int_equal(v.consistent, 0);
                continue;
            }
            /* ...and every other wrong entry follows from it, through
             * single heaps or through the parts of splits. */
            assert_int_equal(v.consistent, 1);
            assert_int_equal(v.cause, (uint64_t)slip_at);
            through_parts += own[x - 1] == right[x - 1] &&
                             own[x - 2] == right[x - 2];
        }
        sg_check_summary sum;
        sg_check_get_summary(ch, &sum);
        assert_int_equal(sum.slips, 1);
        assert_int_equal(sum.correct, 31 - wrong);
        sg_check_free(ch);
        sg_sheet_free(sheet);
        free(text);
        free(own);
    }
    assert_true(through_parts > 0);

    /* sg(7) = 3 for 2 makes sg(10) wrong while sg(8) and sg(9) are right:
     * heap 7 reaches 10 only as a part of 1+7 and 2+7.  The report calls
     * 10 a follower of the slip at 7, and shows the splits' arithmetic. */
    unsigned *own;
    char *text = own_table("0.77", 12, 7, 3, &own);
    assert_true(own[10] != right[10] && own[9] == right[9] &&
                own[8] == right[8]);
    sg_sheet *sheet = sg_sheet_parse(ctx, g, text, strlen(text), "hw.txt",
                                         &list_form);
    sg_check_opts upto12 = {.has_last = 1, .last = 12};
    sg_check *ch = sg_check_new(ctx, g, sheet, &upto12);
    assert_non_null(ch);
    sg_verdict v;
    sg_check_get_verdict(ch, 10, &v);
    assert_true(!v.correct && v.consistent && v.cause == 7);
    char *report = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&report, &len);
    assert_int_equal(sg_check_write_report(ctx, ch, "en", SG_REPORT_TEXT, f),
                     SG_OK);
    fclose(f);
    char line10[96];
    snprintf(line10, sizeof line10, "x = 10: you wrote %u, the right value "
             "is %u", own[10], right[10]);
    if (!has_line(report, "x = 7: you wrote 3, the right value is 2") ||
        !has_line(report, "    sg(7): take 1 leaves 6 or 1+5 or 2+4 or 3+3, "
                          "take 2 leaves 5 or 1+4 or 2+3; mex{sg(6), "
                          "sg(1)\u2295sg(5), sg(2)\u2295sg(4), "
                          "sg(3)\u2295sg(3), sg(5), sg(1)\u2295sg(4), "
                          "sg(2)\u2295sg(3)} = mex{3,5,3,0,4,0,1} = 2  (N)") ||
        !has_line(report, line10))
        fail_msg("%s", report);
    free(report);
    sg_check_free(ch);
    sg_sheet_free(sheet);
    free(text);
    free(own);
    sg_game_free(g);
    free(right);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(octal_codes),
        cmocka_unit_test(hexadecimal_codes),
        cmocka_unit_test(repeating_tails),
        cmocka_unit_test(unequal_heaps),
        cmocka_unit_test(published_sequences),
        cmocka_unit_test(closed_forms),
        cmocka_unit_test(names_and_forms),
        cmocka_unit_test(bad_codes),
        cmocka_unit_test(traces),
        cmocka_unit_test(winning_splits),
        cmocka_unit_test(check_kayles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
