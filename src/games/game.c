/*
 * game.c - game definitions: subtraction sets parsed from a spec, and the
 * common questions every game kind answers (names of positions, bounds).
 *
 * The engine sees a game only through "positions 0..last" and "the moves from
 * x", so a new kind of game plugs in here and every command works on it.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static sg_game *game_new(sg_ctx *ctx, sg_game_kind kind)
{
    sg_game *g = sg_alloc(ctx, 1, sizeof *g);
    if (g)
        g->kind = kind;
    return g;
}

static sg_game *family_game(sg_ctx *ctx, sg_set_family family,
                            const char *spec, const char *describe)
{
    sg_game *g = game_new(ctx, SG_GAME_SUBTRACTION);
    if (!g)
        return NULL;
    g->family = family;
    g->spec = sg_strdup(ctx, spec);
    g->describe = sg_strdup(ctx, describe);
    if (!g->spec || !g->describe) {
        sg_game_free(g);
        return NULL;
    }
    return g;
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

    if (word_is(s, len, "pow2"))
        return family_game(ctx, SG_SET_POW2, "pow2",
                           "S = {1,2,4,8,...} (powers of two)");
    if (word_is(s, len, "fib"))
        return family_game(ctx, SG_SET_FIB, "fib",
                           "S = {1,2,3,5,8,...} (Fibonacci numbers)");
    if (word_is(s, len, "all"))
        return family_game(ctx, SG_SET_ALL, "all",
                           "S = {1,2,3,...} (any amount: Nim)");

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
    sg_game *g = NULL;
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

    g = game_new(ctx, SG_GAME_SUBTRACTION);
    if (!g)
        goto fail;
    g->family = SG_SET_EXPLICIT;
    g->amounts = sg_alloc_raw(ctx, nitems, sizeof *g->amounts);
    if (!g->amounts)
        goto fail;
    for (size_t i = 0; i < nitems; i++)
        g->amounts[i] = items[i].amount;
    g->namounts = nitems;
    free(items);
    items = NULL;

    sg_buf b;
    sg_buf_init(&b);
    write_amounts(&b, g->amounts, g->namounts);
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto fail;
    }
    g->spec = b.data;
    sg_buf_init(&b);
    sg_buf_puts(&b, "S = {");
    sg_buf_puts(&b, g->spec);
    sg_buf_puts(&b, "}");
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto fail;
    }
    g->describe = b.data;
    return g;

fail:
    free(items);
    sg_game_free(g);
    return NULL;
}

void sg_dag_free(sg_dag *dag)
{
    if (!dag)
        return;
    if (dag->names)
        for (uint64_t i = 0; i < dag->count; i++)
            free(dag->names[i]);
    free(dag->names);
    free(dag->name_slots);
    free(dag->first);
    free(dag->targets);
    free(dag);
}

/* FNV-1a: short names, as DOT files have, hash well with it, and it needs
 * no table or seed. */
static uint64_t name_hash(const char *s, size_t len)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= UINT64_C(1099511628211);
    }
    return h;
}

/* Builds the name index with at least twice as many slots as names, so
 * that probe sequences stay short. */
static sg_status index_names(sg_ctx *ctx, sg_dag *dag)
{
    if (dag->count >= UINT32_MAX)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%llu positions; a game read from "
                           "a file has fewer than 2^32",
                           (unsigned long long)dag->count);
    uint64_t slots = 16;
    while (slots < 2 * dag->count)
        slots *= 2;
    dag->name_slots = sg_alloc(ctx, (size_t)slots, sizeof *dag->name_slots);
    if (!dag->name_slots)
        return ctx->status;
    dag->name_mask = slots - 1;
    for (uint64_t x = 0; x < dag->count; x++) {
        const char *n = dag->names[x];
        uint64_t i = name_hash(n, strlen(n)) & dag->name_mask;
        while (dag->name_slots[i])
            i = (i + 1) & dag->name_mask;
        dag->name_slots[i] = (uint32_t)(x + 1);
    }
    return SG_OK;
}

bool sg_dag_find(const sg_dag *dag, const char *name, size_t len, uint64_t *x)
{
    if (!dag->name_slots)
        return false;
    uint64_t i = name_hash(name, len) & dag->name_mask;
    for (uint32_t v; (v = dag->name_slots[i]) != 0;
         i = (i + 1) & dag->name_mask) {
        const char *n = dag->names[v - 1];
        /* NAME may hold a NUL byte (from a line of input), so compare
         * lengths first and then bytes. */
        if (strnlen(n, len + 1) == len && memcmp(n, name, len) == 0) {
            *x = v - 1;
            return true;
        }
    }
    return false;
}

sg_game *sg_game_from_dag(sg_ctx *ctx, sg_dag *dag, const char *name)
{
    if (index_names(ctx, dag) != SG_OK) {
        sg_dag_free(dag);
        return NULL;
    }
    sg_game *g = game_new(ctx, SG_GAME_DAG);
    if (!g) {
        sg_dag_free(dag);
        return NULL;
    }
    g->dag = dag;
    g->spec = sg_strdup(ctx, name);
    g->describe = sg_strdup(ctx, name);
    if (!g->spec || !g->describe) {
        sg_game_free(g);
        return NULL;
    }
    return g;
}

void sg_game_free(sg_game *game)
{
    if (!game)
        return;
    free(game->describe);
    free(game->spec);
    free(game->amounts);
    sg_dag_free(game->dag);
    if (game->extra && game->extra_free)
        game->extra_free(game->extra);
    free(game);
}

sg_game_kind sg_game_kind_of(const sg_game *game) { return game->kind; }

const char *sg_game_describe(const sg_game *game) { return game->describe; }

const char *sg_game_spec(const sg_game *game) { return game->spec; }

int sg_game_is_finite(const sg_game *game)
{
    return game->kind == SG_GAME_DAG;
}

uint64_t sg_game_position_count(const sg_game *game)
{
    return game->kind == SG_GAME_DAG ? game->dag->count : 0;
}

uint64_t sg_game_max_amount(const sg_game *game)
{
    if (game->kind != SG_GAME_SUBTRACTION || game->family != SG_SET_EXPLICIT)
        return 0;
    return game->amounts[game->namounts - 1];
}

const char *sg_game_position_name(const sg_game *game, uint64_t x, char *buf,
                                  size_t size)
{
    if (game->kind == SG_GAME_DAG && x < game->dag->count)
        return game->dag->names[x];
    char tmp[24];
    sg_u64_to_str(x, tmp);
    snprintf(buf, size, "%s", tmp);
    return buf;
}

sg_status sg_game_find_position(sg_ctx *ctx, const sg_game *game,
                                const char *name, const char *origin,
                                uint64_t *x)
{
    size_t len = strlen(name);
    if (game->kind == SG_GAME_DAG && sg_dag_find(game->dag, name, len, x))
        return SG_OK;
    /* The name is quoted only when it is bad, so that a lookup by name
     * costs a hash and a comparison. */
    char quoted[96];
    if (game->kind == SG_GAME_DAG)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": %s has no node of that "
                           "name", origin,
                           sg_quote(name, len, quoted, sizeof quoted),
                           game->spec);
    int r = sg_parse_u64(name, len, SG_POSITION_MAX, x);
    if (r == 0)
        return SG_OK;
    sg_quote(name, len, quoted, sizeof quoted);
    if (r == -1)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\" is not a heap size (a "
                           "whole number from 0 up)", origin, quoted);
    if (r == -2)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s \"%s\" is too large (at most "
                           "2^63-1)", origin, quoted);
    return SG_OK;
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
static size_t explicit_upto(const sg_game *game, uint64_t limit)
{
    size_t k = 0;
    while (k < game->namounts && game->amounts[k] <= limit)
        k++;
    return k;
}

uint64_t *sg_game_amounts_upto(sg_ctx *ctx, const sg_game *game,
                               uint64_t limit, size_t *n)
{
    *n = 0;
    switch (game->family) {
    case SG_SET_EXPLICIT:
    case SG_SET_POW2:
    case SG_SET_FIB: {
        uint64_t family[FAMILY_MAX];
        const uint64_t *from = game->amounts;
        size_t k;
        if (game->family == SG_SET_EXPLICIT) {
            k = explicit_upto(game, limit);
        } else {
            k = family_amounts(game->family, limit, family);
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

sg_value sg_game_value_bound(const sg_game *game, uint64_t last)
{
    if (game->kind == SG_GAME_DAG)
        return game->dag->max_degree;
    uint64_t family[FAMILY_MAX];
    switch (game->family) {
    case SG_SET_EXPLICIT:
        return explicit_upto(game, last);
    case SG_SET_POW2:
    case SG_SET_FIB:
        return family_amounts(game->family, last, family);
    case SG_SET_ALL:
        return last;
    }
    return last;
}

unsigned sg_width_for(sg_value bound)
{
    if (bound <= UINT8_MAX)
        return 1;
    if (bound <= UINT16_MAX)
        return 2;
    if (bound <= UINT32_MAX)
        return 4;
    return 8;
}
