/*
 * subtraction.c - the subtraction games: a heap of tokens, and a move takes
 * an amount from a set S.  The set is explicit ("1,3,4", "1..m"), or one of
 * the infinite families pow2, fib and all (Nim).
 *
 * Every move of x is x - a for an amount a <= x, so the kind gives the
 * engine its amounts and the engine runs its word-sized loops on them.  An
 * explicit set reaches back at most max S positions, which bounds a
 * streaming window and certifies periods; pow2 and all have closed forms.
 */
#include "games/game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum sg_set_family {
    SG_SET_EXPLICIT, /* a finite list of amounts */
    SG_SET_POW2,
    SG_SET_FIB,
    SG_SET_ALL       /* every amount: Nim */
} sg_set_family;

typedef struct subtraction {
    sg_game base;
    sg_set_family family;
    uint64_t *amounts;  /* explicit sets: the amounts, ascending */
    size_t namounts;
    /* An explicit set's closed form, when the residue theorem gives one
     * (see find_residue_theorem): sg(x) = floor(x / divisor) mod modulus. */
    bool has_theorem;
    uint64_t divisor, modulus;
    sg_theorem residue;
    char residue_text[96];
    char residue_why[512];
    char residue_text_zh[96];
    char residue_why_zh[768];
} subtraction;

static const subtraction *sub(const sg_game *game)
{
    return (const subtraction *)game;
}

static const sg_game_ops subtraction_ops;

/* An amount of an explicit set, with the item of the spec it came from, so
 * that a duplicate can be reported by naming both items. */
typedef struct amount_item {
    uint64_t amount;
    size_t item;
} amount_item;

static int compare_items(const void *a, const void *b)
{
    const amount_item *x = a, *y = b;
    if (x->amount != y->amount)
        return x->amount < y->amount ? -1 : 1;
    return x->item < y->item ? -1 : (x->item > y->item);
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

static void trim(const char **s, size_t *len)
{
    while (*len && is_space(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && is_space((*s)[*len - 1]))
        (*len)--;
}

static bool word_is(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (len != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != word[i])
            return false;
    return true;
}

/* Context for messages about one spec: "--set "1,x,4": ...". */
typedef struct spec_where {
    sg_ctx *ctx;
    const char *origin;
    char quoted[128];
} spec_where;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static sg_status spec_fail(spec_where *w, sg_status st, const char *fmt, ...)
{
    char text[SG_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return sg_ctx_fail(w->ctx, st, "%s \"%s\": %s", w->origin, w->quoted,
                       text);
}

/* Parses one number of an item; ITEM is its 1-based place in the spec. */
static sg_status parse_amount(spec_where *w, const char *s, size_t len,
                              size_t item, bool allow_zero, uint64_t *out)
{
    char tok[96];
    sg_quote(s, len, tok, sizeof tok);
    if (len == 0)
        return spec_fail(w, SG_EINPUT, "item %zu has an empty bound", item);
    if (s[0] == '-' || s[0] == '+') {
        uint64_t v;
        if (s[0] == '-' && sg_parse_u64(s + 1, len - 1, UINT64_MAX, &v) != -1)
            return spec_fail(w, SG_EINPUT,
                             "item %zu \"%s\" is negative; amounts are whole "
                             "numbers from 1 up",
                             item, tok);
        if (s[0] == '+' && sg_parse_u64(s + 1, len - 1, UINT64_MAX, &v) != -1)
            return spec_fail(w, SG_EINPUT,
                             "item %zu \"%s\": write amounts without a sign",
                             item, tok);
    }
    int r = sg_parse_u64(s, len, SG_AMOUNT_MAX, out);
    if (r == -1)
        return spec_fail(w, SG_EINPUT,
                         "item %zu \"%s\" is not a whole number (expected "
                         "amounts like 1,3,4, a range 1..m, pow2, fib or all)",
                         item, tok);
    if (r == -2)
        return spec_fail(w, SG_ELIMIT,
                         "item %zu \"%s\" is too large (amounts go up to 10^18)",
                         item, tok);
    if (*out == 0 && !allow_zero)
        return spec_fail(w, SG_EINPUT,
                         "item %zu \"%s\": an amount must be at least 1 (taking "
                         "nothing is not a move)",
                         item, tok);
    return SG_OK;
}

/* Finds ".." in S[0..len); returns its offset or SIZE_MAX. */
static size_t find_dots(const char *s, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++)
        if (s[i] == '.' && s[i + 1] == '.')
            return i;
    return SIZE_MAX;
}

/* Writes the amounts in set notation, folding runs of three or more
 * consecutive amounts into ranges: 1,2,3,7 -> "1..3,7". */
static void write_amounts(sg_buf *b, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && a[j + 1] == a[j] + 1)
            j++;
        if (i)
            sg_buf_putc(b, ',');
        sg_buf_u64(b, a[i]);
        if (j >= i + 2) {
            sg_buf_puts(b, "..");
            sg_buf_u64(b, a[j]);
            i = j + 1;
        } else {
            i++;
        }
    }
}

/* The infinite families, by the word that names them. */
typedef struct family_def {
    sg_set_family family;
    const char *spec;
    const char *describe;
} family_def;

static const family_def families[] = {
    {SG_SET_POW2, "pow2", "S = {1,2,4,8,...} (powers of two)"},
    {SG_SET_FIB, "fib", "S = {1,2,3,5,8,...} (Fibonacci numbers)"},
    {SG_SET_ALL, "all", "S = {1,2,3,...} (any amount: Nim)"},
};

static sg_game *family_game(sg_ctx *ctx, const family_def *f)
{
    subtraction *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g)
        return NULL;
    g->family = f->family;
    if (sg_game_init(ctx, &g->base, &subtraction_ops, f->spec,
                     f->describe) != SG_OK) {
        sg_game_free(&g->base);
        return NULL;
    }
    return &g->base;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Appends WORDS to the why of G's theorem, wrapped so that report lines
 * stay within 78 characters (later lines start with two spaces, as the
 * reports expect). */
static void why_words(subtraction *g, const char *words)
{
    char *out = g->residue_why;
    size_t len = strlen(out), cap = sizeof g->residue_why;
    size_t col = 0;
    for (size_t i = len; i > 0 && out[i - 1] != '\n'; i--)
        col++;
    if (len == 0)
        col = 0;
    const char *p = words;
    while (*p) {
        const char *e = strchr(p, ' ');
        size_t w = e ? (size_t)(e - p) : strlen(p);
        const char *sep = col == 0 && len == 0 ? ""
                          : col + 1 + w > 76    ? "\n  "
                                                : " ";
        int n = snprintf(out + len, cap - len, "%s%.*s", sep, (int)w, p);
        if (n < 0 || (size_t)n >= cap - len)
            return;
        len += (size_t)n;
        col = sep[0] == '\n' ? 2 + w : col + strlen(sep) + w;
        p += w;
        while (*p == ' ')
            p++;
    }
}

/* The Chinese words of the residue theorem of G, for S/d written SET and
 * the run 1..M: the same argument as the English, in lines the reports
 * take as they are (a Chinese sentence has no spaces to wrap at). */
static void residue_words_zh(subtraction *g, const char *set, uint64_t m)
{
    unsigned long long d = g->divisor, mod = g->modulus,
                       run = (unsigned long long)m;
    char *out = g->residue_why_zh;
    size_t cap = sizeof g->residue_why_zh;
    int n = 0;
    if (d == 1) {
        snprintf(g->residue_text_zh, sizeof g->residue_text_zh,
                 "SG(x) = x mod %llu", mod);
    } else {
        snprintf(g->residue_text_zh, sizeof g->residue_text_zh,
                 "SG(x) = floor(x/%llu) mod %llu", d, mod);
        n = snprintf(out, cap, "每个数都是 %llu 的倍数，所以一步不改变 x mod "
                     "%llu，\n  而在 floor(x/%llu) 上玩 %s 的游戏；\n  ", d, d, d,
                     set);
        if (n < 0 || (size_t)n >= cap)
            n = 0;
    }
    if (m == 1)
        snprintf(out + n, cap - (size_t)n, "%s 含有 1 且只含奇数，所以每一步都"
                 "改变奇偶性，\n  而取走 1 个可以到达另一种奇偶性", set);
    else
        snprintf(out + n, cap - (size_t)n, "%s 含有从 1 到 %llu 的每个数，不含 "
                 "%llu 的倍数，所以任何一步都改变模 %llu\n  的余数，而取走 1 "
                 "到 %llu 个可以到达每个更小的余数", set, run, mod, mod, run);
}

/* The residue theorem: if S holds every amount from 1 to m and no multiple
 * of m + 1, then sg(x) = x mod (m + 1).  By induction on x, with r = x mod
 * (m + 1): no amount is a multiple of m + 1, so no move keeps the residue
 * and no option has the value r; taking 1, ..., r reaches the residues
 * r - 1, ..., 0, so every smaller value is an option's.  When every amount
 * is a multiple of d, a move keeps x mod d and plays S/d on floor(x / d),
 * so sg(x) = sg_{S/d}(floor(x / d)).  {1..m}, the odd sets with 1 and
 * {2,4} are cases; only m = the length of the run 1, 2, ... in S/d can
 * work, since a longer m would put m + 1 itself in S. */
static void find_residue_theorem(subtraction *g)
{
    uint64_t d = 0;
    for (size_t i = 0; i < g->namounts; i++)
        d = gcd_u64(g->amounts[i], d);
    uint64_t m = 0;
    while (m < g->namounts && g->amounts[m] / d == m + 1)
        m++;
    if (m == 0)
        return;
    uint64_t mod = m + 1;
    for (size_t i = m; i < g->namounts; i++)
        if (g->amounts[i] / d % mod == 0)
            return;
    g->has_theorem = true;
    g->divisor = d;
    g->modulus = mod;
    char words[256];
    if (d == 1) {
        snprintf(g->residue_text, sizeof g->residue_text,
                 "sg(x) = x mod %llu", (unsigned long long)mod);
    } else {
        snprintf(g->residue_text, sizeof g->residue_text,
                 "sg(x) = floor(x/%llu) mod %llu", (unsigned long long)d,
                 (unsigned long long)mod);
        snprintf(words, sizeof words, "every amount is a multiple of %llu, "
                 "so a move keeps x mod %llu and plays S/%llu on "
                 "floor(x/%llu);", (unsigned long long)d,
                 (unsigned long long)d, (unsigned long long)d,
                 (unsigned long long)d);
        why_words(g, words);
    }
    char set[32] = "S";
    if (d > 1)
        snprintf(set, sizeof set, "S/%llu", (unsigned long long)d);
    if (m == 1)
        snprintf(words, sizeof words, "%s holds 1 and only odd amounts, so "
                 "every move changes the parity, and taking 1 reaches the "
                 "other one", set);
    else
        snprintf(words, sizeof words, "%s holds every amount from 1 to %llu "
                 "and no multiple of %llu, so no move keeps the residue mod "
                 "%llu, and taking 1 to %llu reaches the smaller residues",
                 set, (unsigned long long)m, (unsigned long long)mod,
                 (unsigned long long)mod, (unsigned long long)m);
    why_words(g, words);
    g->residue.text = g->residue_text;
    g->residue.why = g->residue_why;
    g->residue.value = NULL;
    residue_words_zh(g, set, m);
    g->residue.text_zh = g->residue_text_zh;
    g->residue.why_zh = g->residue_why_zh;
}

/* Makes the game of AMOUNTS[0..n) (n >= 1, ascending, each once), taking
 * ownership of the array, which is freed on failure too. */
static sg_game *explicit_game(sg_ctx *ctx, uint64_t *amounts, size_t n)
{
    subtraction *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g) {
        free(amounts);
        return NULL;
    }
    g->family = SG_SET_EXPLICIT;
    g->amounts = amounts;
    g->namounts = n;
    find_residue_theorem(g);
    sg_buf canonical, describe;
    sg_buf_init(&canonical);
    sg_buf_init(&describe);
    write_amounts(&canonical, g->amounts, g->namounts);
    sg_buf_puts(&describe, "S = {");
    if (canonical.data)
        sg_buf_puts(&describe, canonical.data);
    sg_buf_puts(&describe, "}");
    sg_status st = canonical.failed || describe.failed
                       ? sg_ctx_fail(ctx, SG_ENOMEM, "out of memory")
                       : sg_game_init(ctx, &g->base, &subtraction_ops,
                                      canonical.data, describe.data);
    sg_buf_free(&canonical);
    sg_buf_free(&describe);
    if (st != SG_OK) {
        sg_game_free(&g->base);
        return NULL;
    }
    return &g->base;
}

sg_game *sg_game_from_spec(sg_ctx *ctx, const char *spec, const char *origin)
{
    spec_where w = {ctx, origin ? origin : "set", ""};
    size_t len = strlen(spec);
    sg_quote(spec, len, w.quoted, sizeof w.quoted);
    if (len > SG_SPEC_MAX_LEN) {
        spec_fail(&w, SG_ELIMIT, "the set is %zu characters long; at most %zu "
                  "are accepted", len, SG_SPEC_MAX_LEN);
        return NULL;
    }
    const char *s = spec;
    trim(&s, &len);

    enum { NFAMILIES = sizeof families / sizeof families[0] };
    for (size_t i = 0; i < NFAMILIES; i++)
        if (word_is(s, len, families[i].spec))
            return family_game(ctx, &families[i]);
    /* A word that starts with a letter is no list of amounts: most likely
     * a slip in a family's name. */
    if (len >= 2 && len < 32 && ((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z')) {
        bool word = true;
        for (size_t i = 0; i < len; i++)
            word &= ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') ||
                    (s[i] >= '0' && s[i] <= '9');
        const char *names[NFAMILIES];
        for (size_t i = 0; i < NFAMILIES; i++)
            names[i] = families[i].spec;
        char typed[32];
        snprintf(typed, sizeof typed, "%.*s", (int)len, s);
        for (char *p = typed; *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        int near = word ? sg_nearest_word(typed, names, NFAMILIES) : -1;
        if (near >= 0) {
            spec_fail(&w, SG_EINPUT, "no set is called \"%s\"; did you mean "
                      "%s? (expected amounts like 1,3,4, a range 1..m, pow2, "
                      "fib or all)", typed, names[near]);
            return NULL;
        }
    }

    if (len && s[0] == '{') {
        if (s[len - 1] != '}') {
            spec_fail(&w, SG_EINPUT, "the opening brace has no closing brace");
            return NULL;
        }
        s++;
        len -= 2;
        trim(&s, &len);
    }
    if (len == 0) {
        spec_fail(&w, SG_EINPUT, "the set is empty; give at least one amount "
                  "(e.g. 1,3,4) or pow2, fib, all");
        return NULL;
    }

    amount_item *items = NULL;
    size_t nitems = 0, cap = 0;
    size_t item = 0;
    const char *p = s, *end = s + len;
    while (p <= end) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        const char *stop = comma ? comma : end;
        const char *t = p;
        size_t tlen = (size_t)(stop - p);
        item++;
        trim(&t, &tlen);
        if (tlen == 0) {
            spec_fail(&w, SG_EINPUT, "item %zu is empty (two commas in a row, "
                      "or a comma at an end)", item);
            goto fail;
        }
        uint64_t lo, hi;
        size_t dots = find_dots(t, tlen);
        if (dots != SIZE_MAX) {
            const char *a = t, *b = t + dots + 2;
            size_t alen = dots, blen = tlen - dots - 2;
            trim(&a, &alen);
            trim(&b, &blen);
            /* Bounds may be 0 here so that "1..0" is reported as the empty
             * range it is; a range from 0 is refused just below. */
            if (parse_amount(&w, a, alen, item, true, &lo) != SG_OK ||
                parse_amount(&w, b, blen, item, true, &hi) != SG_OK)
                goto fail;
            char tok[96];
            sg_quote(t, tlen, tok, sizeof tok);
            if (hi < lo) {
                spec_fail(&w, SG_EINPUT, "item %zu \"%s\" is an empty range",
                          item, tok);
                goto fail;
            }
            if (lo == 0) {
                spec_fail(&w, SG_EINPUT, "item %zu \"%s\": amounts start at 1 "
                          "(taking nothing is not a move)", item, tok);
                goto fail;
            }
        } else {
            if (parse_amount(&w, t, tlen, item, false, &lo) != SG_OK)
                goto fail;
            hi = lo;
        }
        if (hi - lo >= SG_SET_MAX_ITEMS - nitems) {
            spec_fail(&w, SG_ELIMIT, "the set has more than %zu amounts; use "
                      "\"all\" for any amount", SG_SET_MAX_ITEMS);
            goto fail;
        }
        size_t need = nitems + (size_t)(hi - lo) + 1;
        if (need > cap) {
            size_t ncap = cap ? cap : 16;
            while (ncap < need)
                ncap *= 2;
            amount_item *grown = sg_grow(ctx, items, ncap, sizeof *items);
            if (!grown)
                goto fail;
            items = grown;
            cap = ncap;
        }
        for (uint64_t a = lo;; a++) {
            items[nitems].amount = a;
            items[nitems].item = item;
            nitems++;
            if (a == hi)
                break;
        }
        if (!comma)
            break;
        p = comma + 1;
    }

    qsort(items, nitems, sizeof *items, compare_items);
    for (size_t i = 1; i < nitems; i++) {
        if (items[i].amount == items[i - 1].amount) {
            if (items[i].item == items[i - 1].item)
                continue; /* cannot happen: a range has distinct amounts */
            spec_fail(&w, SG_EINPUT,
                      "amount %llu appears twice (items %zu and %zu); a set "
                      "lists each amount once",
                      (unsigned long long)items[i].amount, items[i - 1].item,
                      items[i].item);
            goto fail;
        }
    }

    uint64_t *amounts = sg_alloc_raw(ctx, nitems, sizeof *amounts);
    if (!amounts)
        goto fail;
    for (size_t i = 0; i < nitems; i++)
        amounts[i] = items[i].amount;
    free(items);
    return explicit_game(ctx, amounts, nitems);

fail:
    free(items);
    return NULL;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

sg_game *sg_game_from_amounts(sg_ctx *ctx, const uint64_t *amounts, size_t n)
{
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "the set is empty; give at least one "
                    "amount");
        return NULL;
    }
    if (n > SG_SET_MAX_ITEMS) {
        sg_ctx_fail(ctx, SG_ELIMIT, "the set has more than %zu amounts",
                    SG_SET_MAX_ITEMS);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        if (amounts[i] == 0) {
            sg_ctx_fail(ctx, SG_EINPUT, "amount %zu is 0; an amount must be "
                        "at least 1 (taking nothing is not a move)", i + 1);
            return NULL;
        }
        if (amounts[i] > SG_AMOUNT_MAX) {
            sg_ctx_fail(ctx, SG_ELIMIT, "amount %zu, %llu, is too large "
                        "(amounts go up to 10^18)", i + 1,
                        (unsigned long long)amounts[i]);
            return NULL;
        }
    }
    uint64_t *a = sg_alloc_raw(ctx, n, sizeof *a);
    if (!a)
        return NULL;
    memcpy(a, amounts, n * sizeof *a);
    qsort(a, n, sizeof *a, compare_u64);
    size_t k = 1;
    for (size_t i = 1; i < n; i++)
        if (a[i] != a[k - 1])
            a[k++] = a[i];
    return explicit_game(ctx, a, k);
}

/* The amounts of an infinite family up to LIMIT, written to OUT (which
 * holds FAMILY_MAX): the powers of two, or the Fibonacci amounts 1, 2, 3,
 * 5, 8, ... (each the sum of the two before it, starting from 1 and 2, so
 * that no amount appears twice).  Returns how many there are. */
#define FAMILY_MAX 128
static size_t family_amounts(sg_set_family family, uint64_t limit,
                             uint64_t out[FAMILY_MAX])
{
    size_t k = 0;
    if (family == SG_SET_POW2) {
        for (uint64_t a = 1; a <= limit; a *= 2) {
            out[k++] = a;
            if (a > UINT64_MAX / 2)
                break;
        }
    } else {
        uint64_t a = 1, b = 2;
        while (a <= limit) {
            out[k++] = a;
            if (b > UINT64_MAX - a)
                break;
            uint64_t c = a + b;
            a = b;
            b = c;
        }
        /* Limits never exceed 2^63-1, so the overflow test above is only a
         * guard: every Fibonacci amount up to the limit is recorded. */
    }
    return k;
}

/* How many amounts of an explicit set are at most LIMIT (they ascend). */
static size_t explicit_upto(const subtraction *s, uint64_t limit)
{
    size_t k = 0;
    while (k < s->namounts && s->amounts[k] <= limit)
        k++;
    return k;
}

static uint64_t *amounts_upto(sg_ctx *ctx, const sg_game *game,
                              uint64_t limit, size_t *n)
{
    const subtraction *s = sub(game);
    *n = 0;
    switch (s->family) {
    case SG_SET_EXPLICIT:
    case SG_SET_POW2:
    case SG_SET_FIB: {
        uint64_t family[FAMILY_MAX];
        const uint64_t *from = s->amounts;
        size_t k;
        if (s->family == SG_SET_EXPLICIT) {
            k = explicit_upto(s, limit);
        } else {
            k = family_amounts(s->family, limit, family);
            from = family;
        }
        uint64_t *out = sg_alloc_raw(ctx, k, sizeof *out);
        if (!out)
            return NULL;
        memcpy(out, from, k * sizeof *out);
        *n = k;
        return out;
    }
    case SG_SET_ALL: {
        if (limit > SIZE_MAX / sizeof(uint64_t)) {
            sg_ctx_fail(ctx, SG_ELIMIT, "too many amounts");
            return NULL;
        }
        uint64_t *out = sg_alloc_raw(ctx, (size_t)limit, sizeof *out);
        if (!out)
            return NULL;
        for (uint64_t a = 1; a <= limit; a++)
            out[a - 1] = a;
        *n = (size_t)limit;
        return out;
    }
    }
    return NULL;
}

/* The number of amounts at most LAST: the moves of a position up to LAST,
 * and so a bound on its value. */
static uint64_t amounts_count(const sg_game *game, uint64_t last)
{
    const subtraction *s = sub(game);
    uint64_t family[FAMILY_MAX];
    switch (s->family) {
    case SG_SET_EXPLICIT: return explicit_upto(s, last);
    case SG_SET_POW2:
    case SG_SET_FIB: return family_amounts(s->family, last, family);
    case SG_SET_ALL: return last;
    }
    return last;
}

static sg_value value_bound(const sg_game *game, uint64_t last)
{
    return amounts_count(game, last);
}

/* The general path's moves, for callers that list the moves of a single
 * position (the engine itself runs on the amounts). */
static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const subtraction *s = sub(game);
    if (s->family == SG_SET_ALL) {
        for (uint64_t a = 1; a <= x; a++)
            sg_moves_add(out, a, x - a);
        return;
    }
    uint64_t family[FAMILY_MAX];
    const uint64_t *a = s->amounts;
    size_t k = s->namounts;
    if (s->family != SG_SET_EXPLICIT) {
        k = family_amounts(s->family, x, family);
        a = family;
    }
    for (size_t i = 0; i < k && a[i] <= x; i++)
        sg_moves_add(out, a[i], x - a[i]);
}

static uint64_t reach(const sg_game *game)
{
    const subtraction *s = sub(game);
    return s->family == SG_SET_EXPLICIT ? s->amounts[s->namounts - 1] : 0;
}

static sg_value mod3(uint64_t x) { return x % 3; }
static sg_value identity(uint64_t x) { return x; }

static const sg_theorem pow2_theorem = {
    "sg(x) = x mod 3",
    "no power of two is a multiple of 3, so no move keeps x mod 3, and "
    "taking\n  1 or 2 reaches the smaller residues",
    mod3, "SG(x) = x mod 3",
    "2 的幂都不是 3 的倍数，所以任何一步都改变 x mod 3，而取走 1 或 2 个\n"
    "  可以到达每个更小的余数"};
static const sg_theorem nim_theorem = {
    "sg(x) = x",
    "every smaller heap is one move away, so sg(x) = mex{0, ..., x - 1}",
    identity, "SG(x) = x",
    "每个更小的堆都一步可达，所以 SG(x) = mex{0, ..., x - 1}"};

static const sg_theorem *theorem(const sg_game *game)
{
    const subtraction *s = sub(game);
    switch (s->family) {
    case SG_SET_POW2: return &pow2_theorem;
    case SG_SET_ALL: return &nim_theorem;
    case SG_SET_EXPLICIT: return s->has_theorem ? &s->residue : NULL;
    default: return NULL;
    }
}

static sg_value theorem_value(const sg_game *game, uint64_t x)
{
    const subtraction *s = sub(game);
    return (sg_value)(x / s->divisor % s->modulus);
}

static uint64_t theorem_period(const sg_game *game)
{
    const subtraction *s = sub(game);
    switch (s->family) {
    case SG_SET_POW2: return 3;
    case SG_SET_EXPLICIT: return s->has_theorem ? s->divisor * s->modulus : 0;
    default: return 0;
    }
}

static sg_move_shape shape(const sg_game *game)
{
    return sub(game)->family == SG_SET_ALL ? SG_SHAPE_EVERY_AMOUNT
                                           : SG_SHAPE_AMOUNTS;
}

/* A finite set has its certificate; for the infinite families no criterion
 * is known, and the values computed show what they show. */
static sg_period_rule period_rule(const sg_game *game)
{
    return sub(game)->family == SG_SET_EXPLICIT ? SG_PERIOD_WINDOW
                                                : SG_PERIOD_OBSERVE;
}

static void no_certificate_words(const sg_game *game, const char *lang,
                                 sg_buf *b)
{
    (void)game;
    if (sg_lang_is_zh(lang)) {
        sg_buf_puts(b, "这个集合是无限的，所以没有 k = max S 限制 SG(x) "
                       "往回看多远");
        return;
    }
    sg_buf_puts(b, "the set is infinite, so no k = max S bounds how far back "
                   "sg(x) looks");
}

static void destroy(sg_game *game)
{
    free(((subtraction *)game)->amounts);
}

static const sg_game_ops subtraction_ops = {
    .name = "subtraction",
    .id = SG_GAME_SUBTRACTION,
    .noun = "heap",
    .wording = SG_WORDING_AMOUNTS,
    .max_parts = 1,
    .takes_amounts = true,
    .destroy = destroy,
    .value_bound = value_bound,
    .max_moves = amounts_count,
    .moves = moves,
    .shape = shape,
    .amounts = amounts_upto,
    .reach = reach,
    .theorem = theorem,
    .theorem_value = theorem_value,
    .theorem_period = theorem_period,
    .period_rule = period_rule,
    .no_certificate_words = no_certificate_words,
};
