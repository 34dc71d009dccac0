/*
 * util.c - small helpers: a growable string, decimal numbers, quoting of
 * untrusted text for messages, and byte counts for people.
 */
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sg_buf_init(sg_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->failed = false;
}

void sg_buf_free(sg_buf *b)
{
    free(b->data);
    sg_buf_init(b);
}

/* Makes room for N more bytes plus a terminating NUL.  On failure the buffer
 * remembers it, so that callers can append freely and check once. */
static bool sg_buf_reserve(sg_buf *b, size_t n)
{
    if (b->failed)
        return false;
    if (n > SIZE_MAX - b->len - 1) {
        b->failed = true;
        return false;
    }
    size_t need = b->len + n + 1;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void sg_buf_add(sg_buf *b, const char *s, size_t n)
{
    if (!sg_buf_reserve(b, n))
        return;
    /* memcpy from NULL is undefined even for no bytes, and an empty
     * buffer's data is NULL. */
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void sg_buf_puts(sg_buf *b, const char *s) { sg_buf_add(b, s, strlen(s)); }

void sg_buf_putc(sg_buf *b, char c) { sg_buf_add(b, &c, 1); }

void sg_buf_utf8(sg_buf *b, uint32_t cp)
{
    char s[4];
    if (cp < 0x80) {
        sg_buf_putc(b, (char)cp);
    } else if (cp < 0x800) {
        s[0] = (char)(0xC0 | (cp >> 6));
        s[1] = (char)(0x80 | (cp & 0x3F));
        sg_buf_add(b, s, 2);
    } else if (cp < 0x10000) {
        s[0] = (char)(0xE0 | (cp >> 12));
        s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[2] = (char)(0x80 | (cp & 0x3F));
        sg_buf_add(b, s, 3);
    } else {
        s[0] = (char)(0xF0 | (cp >> 18));
        s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[3] = (char)(0x80 | (cp & 0x3F));
        sg_buf_add(b, s, 4);
    }
}

void sg_buf_printf(sg_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        sg_buf_add(b, small, (size_t)n);
        return;
    }
    if (!sg_buf_reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sg_buf_csv_field(sg_buf *b, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        sg_buf_puts(b, s);
        return;
    }
    sg_buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"')
            sg_buf_putc(b, '"');
        sg_buf_putc(b, *s);
    }
    sg_buf_putc(b, '"');
}

int sg_pick_name(sg_ctx *ctx, const char *name, const char *const *names,
                 const char *option, const char *what)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    sg_buf known;
    sg_buf_init(&known);
    for (int i = 0; names[i]; i++) {
        if (i)
            sg_buf_puts(&known, ", ");
        sg_buf_puts(&known, names[i]);
    }
    char shown[96];
    sg_quote(name, strlen(name), shown, sizeof shown);
    const char *list = known.data && !known.failed ? known.data : "";
    size_t n = 0;
    while (names[n])
        n++;
    int near = sg_nearest_word(name, names, n);
    char hint[80] = "";
    if (near >= 0)
        snprintf(hint, sizeof hint, "; did you mean %s?", names[near]);
    if (option)
        sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": unknown %s%s (known: %s)",
                    option, shown, what, hint, list);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "unknown %s \"%s\"%s (known: %s)", what,
                    shown, hint, list);
    sg_buf_free(&known);
    return -1;
}

size_t sg_u64_to_str(uint64_t v, char *buf)
{
    char tmp[24];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

void sg_buf_u64(sg_buf *b, uint64_t v)
{
    char tmp[24];
    size_t n = sg_u64_to_str(v, tmp);
    sg_buf_add(b, tmp, n);
}

int sg_parse_u64(const char *s, size_t len, uint64_t max, uint64_t *out)
{
    if (len == 0)
        return -1;
    uint64_t v = 0;
    bool too_big = false;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            too_big = true;
        else
            v = v * 10 + d;
    }
    if (too_big || v > max)
        return -2;
    *out = v;
    return 0;
}

size_t sg_utf8_length(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    if (s[0] < 0x80)
        return 1;
    size_t n;
    unsigned min;
    if ((s[0] & 0xE0) == 0xC0) {
        n = 2;
        min = 0x80;
    } else if ((s[0] & 0xF0) == 0xE0) {
        n = 3;
        min = 0x800;
    } else if ((s[0] & 0xF8) == 0xF0) {
        n = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (n > len)
        return 0;
    unsigned cp = s[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* Writes S[0..len) into BUF as sg_quote() does, showing at most SHOWN
 * bytes of it. */
static const char *quote_upto(const char *s, size_t len, size_t shown,
                              char *buf, size_t size)
{
    size_t o = 0;
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len && i < shown) {
        size_t n = sg_utf8_length(s + i, len - i);
        char piece[8];
        size_t plen;
        if (n == 1 && (u[i] < 0x20 || u[i] == 0x7F)) {
            plen = (size_t)snprintf(piece, sizeof piece, "\\x%02X", u[i]);
            n = 1;
        } else if (n == 0) {
            plen = (size_t)snprintf(piece, sizeof piece, "\\x%02X", u[i]);
            n = 1;
        } else {
            memcpy(piece, s + i, n);
            plen = n;
        }
        if (o + plen + 4 >= size)
            break;
        memcpy(buf + o, piece, plen);
        o += plen;
        i += n;
    }
    if (i < len && o + 4 < size) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}

const char *sg_quote(const char *s, size_t len, char *buf, size_t size)
{
    /* Messages name bad input, and bad input may be anything: binary bytes,
     * terminal escapes, a megabyte-long line.  Quote it so that the message
     * stays one readable line. */
    return quote_upto(s, len, 60, buf, size);
}

const char *sg_clean_text(const char *s, size_t len, char *buf, size_t size)
{
    return quote_upto(s, len, len, buf, size);
}

/* The code point of the well-formed UTF-8 sequence S[0..n). */
static unsigned long utf8_code(const unsigned char *s, size_t n)
{
    if (n == 1)
        return s[0];
    unsigned long cp = s[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++)
        cp = (cp << 6) | (s[i] & 0x3F);
    return cp;
}

/* Characters that change how a terminal shows what follows them: C0 and
 * C1 controls, DEL, and the line separators and bidirectional overrides
 * of Unicode (which can make a line read backwards). */
static bool hidden_control(unsigned long cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
           (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

char *sg_display_text(const char *text, bool *failed)
{
    *failed = false;
    const unsigned char *u = (const unsigned char *)text;
    size_t len = strlen(text);
    bool plain = true;
    for (size_t i = 0; i < len && plain;) {
        size_t n = sg_utf8_length(text + i, len - i);
        plain = n && !hidden_control(utf8_code(u + i, n));
        i += n ? n : 1;
    }
    if (plain)
        return NULL;
    sg_buf b;
    sg_buf_init(&b);
    for (size_t i = 0; i < len;) {
        size_t n = sg_utf8_length(text + i, len - i);
        if (n == 0 && u[i] >= 0xA0) {
            /* A byte that is no UTF-8: read as Latin-1, as Graphviz
             * reads it in pictures. */
            char two[2] = {(char)(0xC0 | (u[i] >> 6)),
                           (char)(0x80 | (u[i] & 0x3F))};
            sg_buf_add(&b, two, 2);
            i++;
        } else if (n == 0 || hidden_control(utf8_code(u + i, n))) {
            for (size_t k = 0; k < (n ? n : 1); k++)
                sg_buf_printf(&b, "\\x%02X", u[i + k]);
            i += n ? n : 1;
        } else {
            sg_buf_add(&b, text + i, n);
            i += n;
        }
    }
    if (b.failed) {
        sg_buf_free(&b);
        *failed = true;
        return NULL;
    }
    return b.data;
}

void sg_format_bytes(uint64_t bytes, char *buf, size_t size)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB",
                                        "PiB", "EiB"};
    if (bytes < 1024) {
        snprintf(buf, size, "%llu bytes", (unsigned long long)bytes);
        return;
    }
    double v = (double)bytes;
    size_t u = 0;
    while (v >= 1024.0 && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1024.0;
        u++;
    }
    snprintf(buf, size, "%.1f %s", v, units[u]);
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

/* ------------------------------------------------------------------------ */
/* "Did you mean": the name a word most likely misspells                    */
/* ------------------------------------------------------------------------ */

/* The edit distance of A and B (optimal string alignment: insertions,
 * deletions, substitutions and swaps of neighbours cost 1 each), or a
 * large number for words too long to be option names. */
static size_t edit_distance(const char *a, const char *b)
{
    enum { LONGEST = 63 };
    size_t n = strlen(a), m = strlen(b);
    if (n > LONGEST || m > LONGEST)
        return SIZE_MAX / 2;
    size_t d[LONGEST + 1][LONGEST + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
                a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[n][m];
}

int sg_nearest_word(const char *word, const char *const *names, size_t n)
{
    /* A name that WORD begins is what an abbreviation meant; otherwise a
     * slip of one or two letters (one in three of a long word). */
    size_t len = strlen(word);
    for (size_t i = 0; i < n && len >= 2; i++)
        if (strncmp(names[i], word, len) == 0)
            return (int)i;
    size_t limit = len / 3 > 2 ? len / 3 : 2;
    if (len <= 3)
        limit = 1;
    int best = -1;
    size_t best_d = limit + 1;
    for (size_t i = 0; i < n; i++) {
        size_t dist = edit_distance(word, names[i]);
        /* Of two names as near, the one that starts as WORD does ("zn" is
         * zh before en): the first letter is the one least often
         * mistyped. */
        bool tie_won = dist == best_d && best >= 0 &&
                       names[i][0] == word[0] && names[best][0] != word[0];
        if (dist < best_d || tie_won) {
            best_d = dist;
            best = (int)i;
        }
    }
    return best;
}

/* ------------------------------------------------------------------------ */
/* Options that can grow                                                    */
/* ------------------------------------------------------------------------ */

sg_status sg_opts_take(sg_ctx *ctx, void *local, size_t size,
                       const void *opts, size_t v0, const char *what)
{
    size_t given;
    memcpy(&given, opts, sizeof given);
    if (given == 0)
        given = v0;
    if (given < v0)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s.size is %zu, smaller than "
                           "the struct ever was (%zu bytes in libsgviz 0.2); "
                           "set it to sizeof (%s), or 0", what, given, v0,
                           what);
    /* A newer caller's own fields must be zero: a field this library does
     * not know would otherwise be ignored without a word. */
    const unsigned char *extra = (const unsigned char *)opts;
    for (size_t i = size; i < given; i++)
        if (extra[i])
            return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "%s has fields that "
                               "this libsgviz (%s) does not know set (its "
                               "size is %zu, this version's %zu); build "
                               "against the libsgviz you run with",
                               what, SGVIZ_VERSION, given, size);
    memset(local, 0, size);
    memcpy(local, opts, given < size ? given : size);
    return SG_OK;
}
