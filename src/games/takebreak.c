/*
 * takebreak.c - take-and-break games given by their codes, in the notation
 * of CGSuite: d0.d1d2d3..., where bit i of digit d_k says that taking k
 * tokens from a heap may leave exactly i non-empty heaps (takebreak.h).
 * Kayles is 0.77, Dawson's Kayles 0.07, Lasker's Nim 4.[3], Grundy's game
 * 4!.0.
 *
 * A move that leaves two or three heaps is a move to their sum, whose
 * value is the nim-sum of theirs; the kind lists such a move as its heaps
 * (sg_moves_add_split()), each option once, as a multiset in increasing
 * order, so that traces, drawings and checks show the sum itself.
 */
#include "games/game.h"
#include "games/takebreak.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most digits after the point: published codes have a few dozen at
 * most, and every digit adds moves to every heap. */
#define CODE_MAX_DIGITS 1024

typedef struct takebreak {
    sg_game base;
    sg_code code;
    const sg_theorem *theorem; /* a proven closed form, or NULL */
} takebreak;

static const takebreak *tb(const sg_game *game)
{
    return (const takebreak *)game;
}

static const sg_game_ops takebreak_ops;

/* ------------------------------------------------------------------------ */
/* Reading a code                                                           */
/* ------------------------------------------------------------------------ */

/* The games known by name, with their codes as written canonically. */
typedef struct named_code {
    const char *name;
    const char *code;
    const char *title;
} named_code;

static const named_code named[] = {
    {"kayles", "0.77", "Kayles"},
    {"dawson", "0.07", "Dawson's Kayles"},
    {"dawson-chess", "0.137", "Dawson's Chess"},
    {"lasker", "4.[3]", "Lasker's Nim"},
    {"grundy", "4!.0", "Grundy's game"},
    {"nim", "0.[3]", "Nim"},
};
#define NNAMED (sizeof named / sizeof named[0])

/* Where messages about one code come from: `--code "0.79": ...`. */
typedef struct code_where {
    sg_ctx *ctx;
    const char *origin;
    char quoted[96];
} code_where;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static sg_status code_fail(code_where *w, sg_status st, const char *fmt, ...)
{
    char text[SG_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return sg_ctx_fail(w->ctx, st, "%s \"%s\": %s", w->origin, w->quoted,
                       text);
}

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* A character as a message shows it: 'x', or \xNN for a byte that is not
 * printable. */
static const char *shown_char(char c, char buf[8])
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "\\x%02X", u);
    return buf;
}

/* Reads TEXT[0..len) (no names, no surrounding spaces) into CODE, whose
 * arrays hold CODE_MAX_DIGITS + 1 digits.  Places in messages count
 * characters from 1. */
static sg_status parse_code(code_where *w, const char *s, size_t len,
                            sg_code *code)
{
    char ch[8];
    size_t nd = 0;        /* digits read, d0 included */
    bool point = false;   /* the point has been read */
    size_t open = 0;      /* the place of '[' (0: none yet) */
    bool closed = false;  /* ']' has been read */
    code->tail = SIZE_MAX;
    for (size_t i = 0; i < len; i++) {
        size_t at = i + 1;
        char c = s[i];
        if (closed)
            return code_fail(w, SG_EINPUT, "character %zu, %s, comes after "
                             "the repeating tail's closing bracket; the tail "
                             "ends the code (e.g. 4.[3])", at,
                             shown_char(c, ch));
        if (c == '.') {
            if (point)
                return code_fail(w, SG_EINPUT, "character %zu is a second "
                                 "point; a code has one (e.g. 0.77)", at);
            if (nd > 1)
                return code_fail(w, SG_EINPUT, "character %zu: %zu digits "
                                 "before the point; only d0 goes there "
                                 "(0, 4, 8 or C, e.g. 4.[3])", at, nd);
            if (nd == 0) {
                /* ".77" is "0.77". */
                code->digits[0] = 0;
                code->distinct[0] = 0;
                nd = 1;
            }
            point = true;
            continue;
        }
        if (c == '!') {
            if (i > 0 && s[i - 1] == '!')
                return code_fail(w, SG_EINPUT, "character %zu is a second "
                                 "'!' for one digit", at);
            if (nd == 0 || s[i - 1] == '.' || s[i - 1] == '[')
                return code_fail(w, SG_EINPUT, "character %zu, '!', follows "
                                 "no digit; it goes right after the digit "
                                 "whose heaps must be unequal (e.g. 4!.0)",
                                 at);
            code->distinct[nd - 1] = 1;
            continue;
        }
        if (c == '[') {
            if (!point)
                return code_fail(w, SG_EINPUT, "character %zu, '[', comes "
                                 "before the point; the repeating tail comes "
                                 "after it (e.g. 4.[3])", at);
            if (open)
                return code_fail(w, SG_EINPUT, "character %zu is a second "
                                 "'['; a code has one repeating tail", at);
            open = at;
            code->tail = nd;
            continue;
        }
        if (c == ']') {
            if (!open)
                return code_fail(w, SG_EINPUT, "character %zu, ']', closes "
                                 "no '['", at);
            if (code->tail == nd)
                return code_fail(w, SG_EINPUT, "the repeating tail at "
                                 "character %zu is empty; put the digits "
                                 "that repeat in it (e.g. 0.[3])", open);
            closed = true;
            continue;
        }
        int d = digit_value(c);
        if (d < 0)
            return code_fail(w, SG_EINPUT, "character %zu, %s, is not a "
                             "digit of a code (0-9, A-F; codes read "
                             "d0.d1d2..., e.g. 0.77)", at, shown_char(c, ch));
        if (nd > CODE_MAX_DIGITS)
            return code_fail(w, SG_ELIMIT, "character %zu: more than %d "
                             "digits after the point; sgviz takes at most "
                             "%d", at, CODE_MAX_DIGITS, CODE_MAX_DIGITS);
        if (!point && nd == 1)
            return code_fail(w, SG_EINPUT, "character %zu: a second digit "
                             "before the point; only d0 goes there (0, 4, 8 "
                             "or C, e.g. 4.[3])", at);
        code->digits[nd] = (uint8_t)d;
        code->distinct[nd] = 0;
        nd++;
    }
    if (!point)
        return code_fail(w, SG_EINPUT, "no point; a code is written "
                         "d0.d1d2... (e.g. 0.77), or is a name (kayles, "
                         "dawson, dawson-chess, lasker, grundy, nim)");
    if (open && !closed)
        return code_fail(w, SG_EINPUT, "the '[' at character %zu is never "
                         "closed; end the repeating tail with ']' (e.g. "
                         "4.[3])", open);
    if (nd == 1)
        return code_fail(w, SG_EINPUT, "no digit after the point (character "
                         "%zu); write at least one (e.g. 0.77, or 4.0 for "
                         "splitting alone)", len);
    /* d0 takes nothing: leaving no heap or the same heap is no move. */
    if (code->digits[0] & (SG_CODE_NONE | SG_CODE_ONE))
        return code_fail(w, SG_EINPUT, "the digit before the point, %X, "
                         "would let a move take nothing and leave no heap "
                         "or the same heap; d0 only splits a heap (4: into "
                         "two, 8: into three, C: either), so it is 0, 4, 8 "
                         "or C", code->digits[0]);
    code->ndigits = nd;
    if (code->tail == SIZE_MAX)
        code->tail = nd;
    return SG_OK;
}

static bool same_digit(const sg_code *c, size_t i, size_t j)
{
    return c->digits[i] == c->digits[j] && c->distinct[i] == c->distinct[j];
}

/* Writes CODE in one form for every way of writing the same game: the
 * tail as short as it repeats and started as early as it can be, a tail
 * of zeros and zeros at the end of a finite code left out, '!' only where
 * it restricts something (on a digit that may leave two or three heaps). */
static void normalize(sg_code *c)
{
    for (size_t k = 0; k < c->ndigits; k++)
        if (!(c->digits[k] & (SG_CODE_TWO | SG_CODE_THREE)))
            c->distinct[k] = 0;
    if (c->tail < c->ndigits) {
        size_t len = c->ndigits - c->tail;
        for (size_t p = 1; p < len; p++) {
            if (len % p)
                continue;
            bool repeats = true;
            for (size_t i = c->tail + p; i < c->ndigits && repeats; i++)
                repeats = same_digit(c, i, i - p);
            if (repeats) {
                c->ndigits = c->tail + p;
                break;
            }
        }
        len = c->ndigits - c->tail;
        while (c->tail > 1 && same_digit(c, c->tail - 1, c->ndigits - 1)) {
            c->tail--;
            c->ndigits--;
        }
        bool zero = true;
        for (size_t i = c->tail; i < c->ndigits; i++)
            zero = zero && c->digits[i] == 0;
        if (zero)
            c->ndigits = c->tail;
    }
    if (c->tail >= c->ndigits) {
        while (c->ndigits > 1 && c->digits[c->ndigits - 1] == 0)
            c->ndigits--;
        c->tail = c->ndigits;
    }
}

/* The code as CGSuite writes it: "0.77", "4.[3]", "4!.0". */
static void write_code(sg_buf *b, const sg_code *c)
{
    static const char hex[] = "0123456789ABCDEF";
    for (size_t k = 0; k < c->ndigits || k < 2; k++) {
        if (k == 1)
            sg_buf_putc(b, '.');
        if (k == c->tail && k < c->ndigits)
            sg_buf_putc(b, '[');
        sg_buf_putc(b, k < c->ndigits ? hex[c->digits[k]] : '0');
        if (k < c->ndigits && c->distinct[k])
            sg_buf_putc(b, '!');
    }
    if (c->tail < c->ndigits)
        sg_buf_putc(b, ']');
}

/* ------------------------------------------------------------------------ */
/* Theorems                                                                 */
/* ------------------------------------------------------------------------ */

static sg_value identity(uint64_t x) { return x; }

static sg_value minus_one(uint64_t x) { return x ? x - 1 : 0; }

/* Lasker's Nim: x as it is for x = 1, 2 mod 4; 4k+3 and 4k+4 swapped. */
static sg_value lasker(uint64_t x)
{
    switch (x % 4) {
    case 3: return x + 1;
    case 0: return x ? x - 1 : 0;
    default: return x;
    }
}

static const sg_theorem nim_like_theorem = {
    "sg(x) = x",
    "every move may leave one heap or none, so every smaller heap is one\n"
    "  move away; a split leaves heaps of fewer than x tokens in all, whose\n"
    "  nim-sum is at most their total, so no option has the value x",
    identity, "SG(x) = x",
    "每一步可以留下一堆或不留，所以每个更小的堆都一步可达；分堆留下的\n"
    "  各堆共少于 x 个，它们的异或和不超过总数，所以没有后继的值是 x"};

static const sg_theorem minus_one_theorem = {
    "sg(x) = x - 1 for x >= 1, sg(0) = 0",
    "every move must leave a heap, and may leave one, so every smaller\n"
    "  non-empty heap is one move away; a split leaves heaps a, b (, c) of\n"
    "  at most x - 1 tokens in all, and the nim-sum of their values is at\n"
    "  most (a - 1) + (b - 1) (+ (c - 1)) < x - 1",
    minus_one, "x >= 1 时 SG(x) = x - 1，SG(0) = 0",
    "每一步必须留下一堆，也可以只留一堆，所以每个更小的非空堆都一步可达；\n"
    "  分堆留下的 a、b（、c）共至多 x - 1 个，它们的值的异或和至多为\n"
    "  (a - 1) + (b - 1) (+ (c - 1)) < x - 1"};

static const sg_theorem lasker_theorem = {
    "sg(4k+1) = 4k+1, sg(4k+2) = 4k+2, sg(4k+3) = 4k+4, sg(4k+4) = 4k+3",
    "by induction: the smaller heaps reach every value below the one\n"
    "  claimed (for 4k+4, all but 4k+3); with the values claimed,\n"
    "  sg(a) xor sg(b) mod 4 depends on a and b mod 4 alone, and for no\n"
    "  split a + b = x is it the residue claimed for x (1, 2, 0, 3 for\n"
    "  x = 1, 2, 3, 0 mod 4), so no split reaches the value claimed",
    lasker,
    "SG(4k+1) = 4k+1，SG(4k+2) = 4k+2，SG(4k+3) = 4k+4，SG(4k+4) = 4k+3",
    "归纳：更小的堆可以到达所断言的值以下的每个值（对 4k+4，除 4k+3\n"
    "  以外）；按所断言的值，SG(a) xor SG(b) mod 4 只取决于 a、b mod 4，\n"
    "  而对任何分法 a + b = x，它都不是 x 所断言的余数（x = 1, 2, 3, 0\n"
    "  mod 4 时为 1, 2, 0, 3），所以分堆到达不了所断言的值"};

/* Whether every digit d_k, k >= 1, has the bits MASK (and the code goes on
 * for ever, so that every amount is a move). */
static bool every_digit_has(const sg_code *c, unsigned mask, unsigned exact)
{
    if (sg_code_finite(c))
        return false;
    for (size_t k = 1; k < c->ndigits; k++)
        if ((c->digits[k] & mask) != exact)
            return false;
    return true;
}

/* The closed form of CODE, when it is one of the proven ones. */
static const sg_theorem *find_theorem(const sg_code *c)
{
    unsigned low = SG_CODE_NONE | SG_CODE_ONE;
    if (c->digits[0] == 0 && every_digit_has(c, low, low))
        return &nim_like_theorem;
    if (c->digits[0] == 0 && every_digit_has(c, low, SG_CODE_ONE))
        return &minus_one_theorem;
    if (c->digits[0] == SG_CODE_TWO && !c->distinct[0] &&
        every_digit_has(c, 0xF, low))
        return &lasker_theorem;
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Making the game                                                          */
/* ------------------------------------------------------------------------ */

static bool word_is(const char *s, size_t len, const char *word)
{
    if (strlen(word) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (tolower((unsigned char)s[i]) != word[i])
            return false;
    return true;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* What a code is called in headings: its name when it has one, else what
 * kind of code it is. */
static void write_title(sg_buf *b, const sg_code *c, const char *canonical)
{
    for (size_t i = 0; i < NNAMED; i++) {
        if (strcmp(named[i].code, canonical) == 0) {
            sg_buf_printf(b, "%s (%s)", named[i].title, canonical);
            return;
        }
    }
    bool distinct = false, hex = false;
    for (size_t k = 0; k < c->ndigits; k++) {
        distinct |= c->distinct[k] != 0;
        hex |= (c->digits[k] & SG_CODE_THREE) != 0;
    }
    sg_buf_printf(b, "%s game %s",
                  distinct ? "take-and-break" : hex ? "hexadecimal" : "octal",
                  canonical);
}

sg_game *sg_game_from_code(sg_ctx *ctx, const char *text, const char *origin)
{
    code_where w = {ctx, origin ? origin : "code", ""};
    size_t len = strlen(text);
    sg_quote(text, len, w.quoted, sizeof w.quoted);
    const char *s = text;
    while (len && is_space(*s))
        s++, len--;
    while (len && is_space(s[len - 1]))
        len--;
    if (len == 0) {
        code_fail(&w, SG_EINPUT, "the code is empty; write it as d0.d1d2... "
                  "(e.g. 0.77) or name a game (kayles, dawson, "
                  "dawson-chess, lasker, grundy, nim)");
        return NULL;
    }
    bool known = false;
    for (size_t i = 0; i < NNAMED && !known; i++)
        if (word_is(s, len, named[i].name)) {
            s = named[i].code;
            len = strlen(s);
            known = true;
        }
    /* A word of two letters or more is a name, never a code (a code's
     * digits come with a point between them): one not known is most
     * likely a slip in a known one. */
    size_t letters = 0;
    while (letters < len && (((s[letters] | 0x20) >= 'a' &&
                              (s[letters] | 0x20) <= 'z') ||
                             s[letters] == '-'))
        letters++;
    if (!known && len >= 2 && letters == len) {
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), s);
        for (char *p = word; *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        const char *names[NNAMED];
        for (size_t i = 0; i < NNAMED; i++)
            names[i] = named[i].name;
        int near = sg_nearest_word(word, names, NNAMED);
        char hint[64] = "";
        if (near >= 0)
            snprintf(hint, sizeof hint, "; did you mean %s?",
                     names[near]);
        code_fail(&w, SG_EINPUT, "no game is called \"%s\"%s (names: "
                  "kayles, dawson, dawson-chess, lasker, grundy, nim; or a "
                  "code d0.d1d2..., e.g. 0.77)", word, hint);
        return NULL;
    }

    takebreak *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g)
        return NULL;
    /* The table first, so that sg_game_free() releases the digits of a
     * code refused half-way. */
    g->base.ops = &takebreak_ops;
    sg_code *c = &g->code;
    c->digits = sg_alloc(ctx, CODE_MAX_DIGITS + 1, 1);
    c->distinct = sg_alloc(ctx, CODE_MAX_DIGITS + 1, 1);
    if (!c->digits || !c->distinct || parse_code(&w, s, len, c) != SG_OK) {
        sg_game_free(&g->base);
        return NULL;
    }
    normalize(c);
    g->theorem = find_theorem(c);

    sg_buf canonical, title;
    sg_buf_init(&canonical);
    sg_buf_init(&title);
    write_code(&canonical, c);
    if (!canonical.failed)
        write_title(&title, c, canonical.data);
    sg_status st = canonical.failed || title.failed
                       ? sg_ctx_fail(ctx, SG_ENOMEM, "out of memory")
                       : sg_game_init(ctx, &g->base, &takebreak_ops,
                                      canonical.data, title.data);
    sg_buf_free(&canonical);
    sg_buf_free(&title);
    if (st != SG_OK) {
        sg_game_free(&g->base);
        return NULL;
    }
    return &g->base;
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

/* Lists the moves of heap X, amount by amount: for each k, the heap left
 * whole (or nothing), then its splits into two heaps a <= b by increasing
 * a, then into three a <= b <= c.  Each option is a different multiset of
 * heaps (two options of one k differ, and options of different k leave
 * different numbers of tokens), so each is listed once. */
static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const sg_code *c = &tb(game)->code;
    uint64_t last_k = sg_code_finite(c) && c->ndigits - 1 < x ? c->ndigits - 1
                                                             : x;
    for (uint64_t k = 0; k <= last_k; k++) {
        unsigned d = sg_code_digit(c, k);
        if (!d)
            continue;
        bool distinct = sg_code_distinct(c, k);
        uint64_t r = x - k;
        if ((d & SG_CODE_NONE) && r == 0)
            sg_moves_add(out, k, 0);
        if ((d & SG_CODE_ONE) && r >= 1 && k >= 1)
            sg_moves_add(out, k, r);
        if ((d & SG_CODE_TWO) && r >= 2) {
            for (uint64_t a = 1; 2 * a <= r; a++) {
                uint64_t parts[2] = {a, r - a};
                if (distinct && parts[0] == parts[1])
                    continue;
                sg_moves_add_split(out, k, parts, 2);
            }
        }
        if ((d & SG_CODE_THREE) && r >= 3) {
            for (uint64_t a = 1; 3 * a <= r; a++)
                for (uint64_t b2 = a; a + 2 * b2 <= r; b2++) {
                    uint64_t parts[3] = {a, b2, r - a - b2};
                    if (distinct && (a == b2 || b2 == parts[2]))
                        continue;
                    sg_moves_add_split(out, k, parts, 3);
                }
        }
    }
}

/* Sums over the amounts k <= LAST of what a digit's bits give the heap
 * LAST, as real numbers: the count of k with a bit set, and the sums of
 * r = LAST - k and of r^2 over them.  A repeating tail is summed one
 * residue at a time, in closed form, so that heaps up to 2^63 cost no
 * more than small ones. */
typedef struct bit_sums {
    double n[4], r[4], r2[4];
} bit_sums;

static void add_amounts(bit_sums *s, unsigned d, double count, double sum_r,
                        double sum_r2)
{
    for (int b = 0; b < 4; b++) {
        if (d & (1u << b)) {
            s->n[b] += count;
            s->r[b] += sum_r;
            s->r2[b] += sum_r2;
        }
    }
}

static void sum_amounts(const sg_code *c, uint64_t last, bit_sums *s)
{
    memset(s, 0, sizeof *s);
    size_t upto = sg_code_finite(c) ? c->ndigits : c->tail;
    for (size_t k = 0; k < upto && k <= last; k++) {
        double r = (double)(last - k);
        add_amounts(s, c->digits[k], 1, r, r * r);
    }
    if (sg_code_finite(c))
        return;
    uint64_t len = c->ndigits - c->tail;
    for (uint64_t j = 0; j < len && c->tail + j <= last; j++) {
        /* k = tail + j + len * i for i < m: r = top - len * i. */
        double top = (double)(last - c->tail - j);
        double m = floor(top / (double)len) + 1, l = (double)len;
        double sum_i = m * (m - 1) / 2, sum_i2 = (m - 1) * m * (2 * m - 1) / 6;
        add_amounts(s, c->digits[c->tail + j], m, m * top - l * sum_i,
                    m * top * top - 2 * top * l * sum_i + l * l * sum_i2);
    }
}

/* A real number rounded up into a count, saturating. */
static uint64_t count_of(double v)
{
    v = ceil(v * (1 + 1e-9)) + 1;
    return v >= 1.8e19 ? UINT64_MAX : (uint64_t)v;
}

/* The most moves a heap of at most LAST has: at most one option leaving
 * no heap, one leaving one heap per amount, r / 2 splits of the r tokens
 * left into two heaps and r^2 / 12 + 1 into three. */
static double moves_bound(const sg_game *game, uint64_t last)
{
    bit_sums s;
    sum_amounts(&tb(game)->code, last, &s);
    return 1 + s.n[1] + s.r[2] / 2 + s.r2[3] / 12 + s.n[3];
}

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    return count_of(moves_bound(game, last));
}

/* A value is a mex, so at most the number of options. */
static sg_value value_bound(const sg_game *game, uint64_t last)
{
    return max_moves(game, last);
}

/* The moves of every heap up to LAST: summing the moves of heap x over x
 * adds one power of r to each term. */
static double work(const sg_game *game, uint64_t last)
{
    bit_sums s;
    sum_amounts(&tb(game)->code, last, &s);
    return s.n[0] + s.r[1] + s.r2[2] / 4 + s.r2[3] * (double)last / 36 +
           s.n[2] + s.n[3];
}

static sg_move_shape shape(const sg_game *game)
{
    (void)game;
    return SG_SHAPE_GENERAL;
}

/* A split leaves small heaps, however large the heap split: no bound on
 * how far back a move reaches. */
static uint64_t reach(const sg_game *game)
{
    (void)game;
    return 0;
}

static const sg_theorem *theorem(const sg_game *game)
{
    return tb(game)->theorem;
}

/* A finite code without '!' has its periods proved by the Guy-Smith
 * theorem (takebreak_values.c); the others show what they show. */
static sg_period_rule period_rule(const sg_game *game)
{
    return sg_code_certifiable(&tb(game)->code) ? SG_PERIOD_SPAN
                                                : SG_PERIOD_OBSERVE;
}

static uint64_t certificate_end(const sg_game *game, uint64_t n0, uint64_t p)
{
    return sg_code_certificate_end(&tb(game)->code, n0, p);
}

static void certificate_words(const sg_game *game, const char *lang,
                              sg_buf *b)
{
    sg_code_certificate_words(&tb(game)->code, lang, b);
}

static void no_certificate_words(const sg_game *game, const char *lang,
                                 sg_buf *b)
{
    bool finite = sg_code_finite(&tb(game)->code);
    if (sg_lang_is_zh(lang))
        sg_buf_puts(b, finite ? "这个代码要求留下不相等的堆（'!'），"
                                "Guy-Smith 定理不包括这种情形"
                              : "这个代码永远重复，所以没有一个数 t "
                                "限制一步取走的个数（Guy-Smith 定理需要"
                                "有限的代码）");
    else if (!finite)
        sg_buf_puts(b, "the code repeats for ever, so no number t of "
                       "tokens bounds the moves (the Guy-Smith theorem "
                       "needs a finite code)");
    else
        sg_buf_puts(b, "the code asks for unequal heaps ('!'), which the "
                       "Guy-Smith theorem does not cover");
}

/* Values alone, by the rare-value method. */
static sg_status values(sg_ctx *ctx, const sg_game *game, uint64_t last,
                        sg_values **out)
{
    return sg_code_values(ctx, &tb(game)->code, last, out);
}

static void *rounds_start(sg_ctx *ctx, const sg_game *game)
{
    return sg_code_run_new(ctx, &tb(game)->code);
}

static sg_status rounds_extend(sg_ctx *ctx, void *run, uint64_t last)
{
    return sg_code_run_extend(ctx, run, last);
}

static const void *rounds_values(const void *run, unsigned *width,
                                 sg_value *max)
{
    return sg_code_run_values(run, width, max);
}

static void *rounds_take(void *run, unsigned *width)
{
    return sg_code_run_take(run, width);
}

static void rounds_end(void *run)
{
    sg_code_run_free(run);
}

static const sg_value_rounds rounds = {
    .start = rounds_start,
    .extend = rounds_extend,
    .values = rounds_values,
    .take = rounds_take,
    .end = rounds_end,
};

static void destroy(sg_game *game)
{
    takebreak *g = (takebreak *)game;
    free(g->code.digits);
    free(g->code.distinct);
}

static const sg_game_ops takebreak_ops = {
    .name = "takebreak",
    .id = SG_GAME_TAKEBREAK,
    .noun = "heap",
    .wording = SG_WORDING_SPLITS,
    .max_parts = 3,
    .takes_amounts = true,
    .destroy = destroy,
    .value_bound = value_bound,
    .max_moves = max_moves,
    .work = work,
    .moves = moves,
    .shape = shape,
    .reach = reach,
    .values = values,
    .rounds = &rounds,
    .theorem = theorem,
    .period_rule = period_rule,
    .certificate_end = certificate_end,
    .certificate_words = certificate_words,
    .no_certificate_words = no_certificate_words,
};
