/*
 * sequence.c - the apparent pattern of a plain sequence of values: a
 * period, or a period with a saltus (arithmetic periodicity), as far as the
 * values given show one.
 *
 * Read backwards, the values r(i) = v(n - 1 - i) give, for every shift p,
 * Z(p): the length of the longest run r(0..L) = r(p..p + L), i.e. of the
 * last values that equal the ones p places before them.  So v(x + p) = v(x)
 * holds exactly for n - p - Z(p) <= x < n - p: the smallest preperiod for
 * p is n0 = n - p - Z(p), found for every p at once by one pass of the Z
 * algorithm, O(n) time and memory.
 *
 * A saltus d, v(x + p) = v(x) + d, is a plain period of the differences
 * u(x) = v(x + 1) - v(x): if u(x + p) = u(x) for x >= n0, then v(x + p) -
 * v(x), a sum of p differences in a row, is the same for every x >= n0.  So
 * the same search on the differences finds it, and d is v(n0 + p) - v(n0).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Values per line in a text report, unless every value is asked for. */
#define SHOW_VALUES 32

/* The Z algorithm over A[0..n) read backwards: z[p] = the longest L with
 * a[n-1-i] == a[n-1-i-p] for i < L (z[0] = n). */
static void z_backwards(const uint64_t *a, size_t n, size_t *z)
{
#define R(i) a[n - 1 - (i)]
    if (n == 0)
        return;
    z[0] = n;
    size_t l = 0, r = 0; /* the rightmost match found: R[l..r) */
    for (size_t i = 1; i < n; i++) {
        size_t k = 0;
        if (i < r)
            k = z[i - l] < r - i ? z[i - l] : r - i;
        while (i + k < n && R(k) == R(i + k))
            k++;
        z[i] = k;
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
#undef R
}

/* The smallest period that A[0..n) shows by the rules of sg_sequence_find()
 * (two whole blocks, a repeating part at least as long as what comes
 * before it), with its smallest preperiod.  Returns 0 when none shows. */
static size_t smallest_period(const uint64_t *a, size_t n, size_t *z,
                              size_t *n0)
{
    z_backwards(a, n, z);
    for (size_t p = 1; p < n; p++) {
        size_t run = z[p] + p; /* the values from n0 to the end */
        if (z[p] >= p && 2 * run >= n) {
            *n0 = n - run;
            return p;
        }
    }
    return 0;
}

sg_status sg_sequence_find(sg_ctx *ctx, const sg_value *values, size_t n,
                           sg_sequence_info *info)
{
    memset(info, 0, sizeof *info);
    info->count = n;
    if (n < 2)
        return SG_OK;
    size_t *z = sg_alloc_raw(ctx, n, sizeof *z);
    uint64_t *diff = sg_alloc_raw(ctx, n - 1, sizeof *diff);
    if (!z || !diff) {
        free(z);
        free(diff);
        return ctx->status;
    }
    size_t n0 = 0, p = smallest_period(values, n, z, &n0);
    if (p) {
        info->found = 1;
    } else {
        /* Differences, as two's complement words: only equality counts. */
        for (size_t i = 0; i + 1 < n; i++)
            diff[i] = values[i + 1] - values[i];
        p = smallest_period(diff, n - 1, z, &n0);
        /* A run of differences from n0 makes v arithmetic-periodic from
         * n0 on; its saltus is never 0, or the plain search above would
         * have found the period. */
        if (p && n0 + p < n) {
            info->found = 1;
            info->saltus = (int64_t)(values[n0 + p] - values[n0]);
        }
    }
    if (info->found) {
        info->preperiod = n0;
        info->period = p;
        info->blocks = (n - n0) / p;
    }
    free(z);
    free(diff);
    return SG_OK;
}

/* ---- reading ------------------------------------------------------------ */

sg_status sg_sequence_parse(sg_ctx *ctx, const char *text, size_t len,
                            const char *origin, sg_value **values, size_t *n)
{
    *values = NULL;
    *n = 0;
    sg_value *v = NULL;
    size_t count = 0, cap = 0;
    unsigned long line = 1, column = 1;
    int braces = 0; /* 0 none yet, 1 open, 2 closed */
    const char *p = text, *end = text + len;
    while (p < end) {
        char c = *p;
        if (c == '\n') {
            line++;
            column = 1;
            p++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' ||
            c == ',') {
            column++;
            p++;
            continue;
        }
        if ((c == '{' && braces == 0 && count == 0) ||
            (c == '}' && braces == 1)) {
            braces++;
            column++;
            p++;
            continue;
        }
        const char *w = p;
        while (p < end && *p != ',' && *p != '}' && *p != '{' && *p != ' ' &&
               *p != '\t' && *p != '\n' && *p != '\r' && *p != '\v' &&
               *p != '\f')
            p++;
        size_t wlen = (size_t)(p - w);
        if (wlen == 0) /* a brace out of place */
            wlen = 1, p++;
        uint64_t x;
        int r = braces == 2 ? -1 : sg_parse_u64(w, wlen, UINT64_MAX / 2, &x);
        if (r != 0) {
            char quoted[96];
            sg_quote(w, wlen, quoted, sizeof quoted);
            free(v);
            if (braces == 2)
                return sg_fail_at(ctx, SG_EINPUT, origin, line, column,
                                  "\"%s\" comes after the closing brace",
                                  quoted);
            return sg_fail_at(ctx, r == -2 ? SG_ELIMIT : SG_EINPUT, origin,
                              line, column, "\"%s\" is not a value (a whole "
                              "number from 0 up; values are separated by "
                              "spaces or commas)", quoted);
        }
        if (count == SG_SEQUENCE_MAX) {
            free(v);
            return sg_fail_at(ctx, SG_ELIMIT, origin, line, column, "more "
                              "than %llu values",
                              (unsigned long long)SG_SEQUENCE_MAX);
        }
        if (count == cap) {
            size_t grown = cap ? cap * 2 : 1024;
            sg_value *g = sg_grow(ctx, v, grown, sizeof *g);
            if (!g) {
                free(v);
                return ctx->status;
            }
            v = g;
            cap = grown;
        }
        v[count++] = x;
        column += wlen;
    }
    if (braces == 1) {
        free(v);
        return sg_fail_at(ctx, SG_EINPUT, origin, line, column, "the "
                          "opening brace has no closing brace");
    }
    if (count == 0) {
        free(v);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: no values; give whole numbers "
                           "separated by spaces or commas, e.g. \"0 1 0 1 2\"",
                           origin);
    }
    *values = v;
    *n = count;
    return SG_OK;
}

/* Files of values are read whole, up to this size. */
#define VALUES_MAX_BYTES ((size_t)1 << 30)

sg_status sg_sequence_read(sg_ctx *ctx, const char *path, sg_value **values,
                           size_t *n)
{
    size_t len;
    char *text = sg_read_file(ctx, path, "values", VALUES_MAX_BYTES, &len);
    if (!text)
        return ctx->status;
    sg_status st = sg_sequence_parse(ctx, text, len,
                                     strcmp(path, "-") ? path : "stdin",
                                     values, n);
    free(text);
    return st;
}

/* ---- reports ------------------------------------------------------------ */

typedef struct writer {
    const sg_value *v;
    size_t n;
    const char *const *names;
    const char *label;   /* "sg" for a game's values, "v" for plain ones */
    int full;
    sg_buf b;
} writer;

/* Position I: its name, or its index. */
static void put_x(writer *w, size_t i)
{
    if (w->names)
        sg_buf_puts(&w->b, w->names[i]);
    else
        sg_buf_u64(&w->b, i);
}

/* "sg(a..b)", or "sg(a)" when they are the same. */
static void put_range(writer *w, size_t a, size_t b)
{
    sg_buf_printf(&w->b, "%s(", w->label);
    put_x(w, a);
    if (b != a) {
        sg_buf_puts(&w->b, "..");
        put_x(w, b);
    }
    sg_buf_putc(&w->b, ')');
}

/* Values FROM..FROM+COUNT-1 separated by SEP; in text at most SHOW_VALUES
 * of them unless FULL or ALL. */
static void put_values(writer *w, size_t from, size_t count, const char *sep,
                       bool all)
{
    size_t shown = all || w->full || count <= SHOW_VALUES ? count
                                                          : SHOW_VALUES;
    for (size_t j = 0; j < shown; j++) {
        if (j)
            sg_buf_puts(&w->b, sep);
        sg_buf_u64(&w->b, w->v[from + j]);
    }
    if (shown < count)
        sg_buf_printf(&w->b, " ... (%zu more)", count - shown);
}

static void text_report(writer *w, const sg_sequence_info *i)
{
    sg_buf *b = &w->b;
    sg_buf_printf(b, "%zu value%s: ", w->n, w->n == 1 ? "" : "s");
    put_range(w, 0, w->n - 1);
    sg_buf_putc(b, '\n');
    if (!i->found) {
        sg_buf_puts(b, "no apparent period: no period, with or without a "
                       "saltus, repeats in two whole\n  blocks over at least "
                       "half of the values\n");
        return;
    }
    size_t n0 = (size_t)i->preperiod, p = (size_t)i->period;
    sg_buf_printf(b, "apparent preperiod: %zu\napparent period:    %zu\n", n0,
                  p);
    if (i->saltus)
        sg_buf_printf(b, "apparent saltus:    %lld, so %s(x + %zu) = %s(x) "
                      "%s %llu\n", (long long)i->saltus, w->label, p,
                      w->label, i->saltus > 0 ? "+" : "-",
                      (unsigned long long)(i->saltus > 0 ? i->saltus
                                                         : -i->saltus));
    sg_buf_puts(b, "block:     ");
    put_values(w, n0, p, " ", false);
    sg_buf_puts(b, "  (");
    put_range(w, n0, n0 + p - 1);
    sg_buf_puts(b, i->saltus ? ", each block after it the same plus the "
                               "saltus)\n"
                             : ", repeating to the end)\n");
    if (n0) {
        sg_buf_puts(b, "before it: ");
        put_values(w, 0, n0, " ", false);
        sg_buf_puts(b, "  (");
        put_range(w, 0, n0 - 1);
        sg_buf_puts(b, ")\n");
    }
    sg_buf_puts(b, "seen:      ");
    put_range(w, n0, w->n - 1);
    sg_buf_printf(b, ", %llu whole block%s; an observation of the values "
                  "given, not a proof\n", (unsigned long long)i->blocks,
                  i->blocks == 1 ? "" : "s");
}

static void json_report(writer *w, const sg_sequence_info *i)
{
    sg_buf *b = &w->b;
    sg_buf_printf(b, "{\"values\": %zu, \"apparent\": true, \"found\": %s",
                  w->n, i->found ? "true" : "false");
    if (i->found) {
        sg_buf_printf(b, ", \"preperiod\": %llu, \"period\": %llu, "
                      "\"saltus\": %lld, \"blocks\": %llu, \"block\": [",
                      (unsigned long long)i->preperiod,
                      (unsigned long long)i->period, (long long)i->saltus,
                      (unsigned long long)i->blocks);
        put_values(w, (size_t)i->preperiod, (size_t)i->period, ",", true);
        sg_buf_puts(b, "], \"before\": [");
        put_values(w, 0, (size_t)i->preperiod, ",", true);
        sg_buf_puts(b, "]");
        if (w->names) {
            sg_buf_puts(b, ", \"from\": ");
            const char *x = w->names[i->preperiod];
            sg_escape_add(b, SG_ESCAPE_JSON, x, strlen(x), true);
        }
    }
    sg_buf_puts(b, "}\n");
}

sg_status sg_sequence_write(sg_ctx *ctx, const sg_value *values, size_t n,
                            const sg_sequence_info *info,
                            const char *const *names, const char *heading,
                            sg_period_format format, int full, FILE *out)
{
    writer w = {values, n, names, names ? "sg" : "v", full, {0}};
    sg_buf_init(&w.b);
    if (format == SG_PERIOD_JSON) {
        json_report(&w, info);
    } else {
        if (heading)
            sg_buf_printf(&w.b, "%s\n", heading);
        text_report(&w, info);
    }
    bool failed = w.b.failed;
    if (!failed && w.b.len)
        fwrite(w.b.data, 1, w.b.len, out);
    sg_buf_free(&w.b);
    if (failed)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the report");
    if (fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the report");
    return SG_OK;
}
