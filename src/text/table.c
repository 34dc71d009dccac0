/*
 * table.c - tables of x, sg(x) and P/N: the two-row layout of the worked
 * example for terminals, and CSV, Markdown, LaTeX and JSON for everything
 * else.  Every format streams: a table of 10^8 positions never holds more
 * than one wrapped block of columns.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

sg_status sg_table_format_parse(sg_ctx *ctx, const char *name,
                                sg_table_format *format)
{
    /* In the order of sg_table_format. */
    static const char *const names[] = {"text", "csv", "md", "latex", "json",
                                        "none", NULL};
    int i = sg_pick_name(ctx, name, names, "--format", "table format");
    if (i < 0)
        return SG_EINPUT;
    *format = (sg_table_format)i;
    return SG_OK;
}

typedef struct table_writer {
    sg_ctx *ctx;
    const sg_game *game;
    sg_table_opts opts;
    uint64_t from, to;
    FILE *out;
    bool named;        /* positions have names (else they are numbers) */
    uint64_t rows;     /* positions written */
    /* A block of columns (text and LaTeX layouts). */
    char (*names)[24]; /* subtraction games: the x of each column */
    uint64_t *xs;
    sg_value *vals;
    size_t ncols, cap;
    size_t line_used;  /* text: width taken by the columns so far */
    uint64_t blocks;
    sg_buf buf;
    sg_buf pn;         /* JSON: the P/N letters, written after the values */
} table_writer;

static const char *pos_name(table_writer *w, uint64_t x, char *tmp, size_t n)
{
    return sg_game_position_name(w->game, x, tmp, n);
}

static size_t digits(uint64_t v)
{
    size_t n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

/* Whether code point C takes two columns on a terminal: the East Asian
 * wide and full-width ranges, where the Chinese names of positions in a DOT
 * game fall. */
static bool is_wide(uint32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

/* Display width of UTF-8 text: one column per character, two for a wide
 * one. */
static size_t text_width(const char *s)
{
    size_t n = 0;
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        uint32_t c = *u++;
        int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        if (more)
            c &= 0x3Fu >> more;
        for (; more && (*u & 0xC0) == 0x80; more--)
            c = (c << 6) | (*u++ & 0x3Fu);
        n += is_wide(c) ? 2 : 1;
    }
    return n;
}

static void pad(sg_buf *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sg_buf_putc(b, ' ');
}

/* ---- text: rows "x", "sg" and "P/N", wrapped to the width ---- */

static size_t column_width(table_writer *w, size_t i)
{
    char tmp[24];
    size_t nx = text_width(pos_name(w, w->xs[i], tmp, sizeof tmp));
    size_t nv = digits(w->vals[i]);
    return nx > nv ? nx : nv;
}

static void flush_text_block(table_writer *w)
{
    if (!w->ncols)
        return;
    sg_buf *b = &w->buf;
    b->len = 0;
    if (w->blocks++)
        sg_buf_putc(b, '\n');
    const char *labels[] = {"x", w->opts.misere ? "g\u207b" : "sg", "P/N"};
    for (int row = 0; row < 3; row++) {
        sg_buf_puts(b, labels[row]);
        pad(b, 4 - text_width(labels[row]));
        for (size_t i = 0; i < w->ncols; i++) {
            size_t cw = column_width(w, i);
            char tmp[24];
            const char *cell;
            char num[24];
            if (row == 0) {
                cell = pos_name(w, w->xs[i], tmp, sizeof tmp);
            } else if (row == 1) {
                sg_u64_to_str(w->vals[i], num);
                cell = num;
            } else {
                cell = w->vals[i] ? "N" : "P";
            }
            /* Right-align numbers, as a column of figures reads best. */
            sg_buf_putc(b, ' ');
            pad(b, cw - text_width(cell));
            sg_buf_puts(b, cell);
        }
        sg_buf_putc(b, '\n');
    }
    if (b->data)
        fwrite(b->data, 1, b->len, w->out);
    w->ncols = 0;
    w->line_used = 4;
}

static int text_add(table_writer *w, uint64_t x, sg_value v)
{
    size_t limit = w->opts.width ? w->opts.width : 80;
    w->xs[w->ncols] = x;
    w->vals[w->ncols] = v;
    size_t cw = column_width(w, w->ncols) + 1;
    if (w->ncols > 0 && w->line_used + cw > limit) {
        flush_text_block(w);
        w->xs[0] = x;
        w->vals[0] = v;
    }
    w->ncols++;
    w->line_used += cw;
    if (w->ncols == w->cap)
        flush_text_block(w);
    return 0;
}

/* ---- LaTeX: horizontal tabulars of opts.columns positions ---- */

static void latex_escape(table_writer *w, sg_buf *b, const char *s)
{
    sg_escape_add(b, SG_ESCAPE_LATEX, s, strlen(s), false);
    (void)w;
}

static void flush_latex_block(table_writer *w)
{
    if (!w->ncols)
        return;
    sg_buf *b = &w->buf;
    b->len = 0;
    if (w->blocks++)
        sg_buf_puts(b, "\n\\medskip\n\n");
    sg_buf_printf(b, "\\begin{tabular}{r|*{%zu}{c}}\n", w->ncols);
    const char *labels[] = {"$x$",
                            w->opts.misere ? "$g^-(x)$" : "$\\mathrm{sg}(x)$",
                            "P/N"};
    for (int row = 0; row < 3; row++) {
        sg_buf_puts(b, labels[row]);
        for (size_t i = 0; i < w->ncols; i++) {
            sg_buf_puts(b, " & ");
            if (row == 0) {
                char tmp[24];
                latex_escape(w, b, pos_name(w, w->xs[i], tmp, sizeof tmp));
            } else if (row == 1) {
                sg_buf_u64(b, w->vals[i]);
            } else {
                sg_buf_puts(b, w->vals[i] ? "N" : "P");
            }
        }
        sg_buf_puts(b, row == 0 ? " \\\\ \\hline\n" : " \\\\\n");
    }
    sg_buf_puts(b, "\\end{tabular}\n");
    if (b->data)
        fwrite(b->data, 1, b->len, w->out);
    w->ncols = 0;
}

/* ---- one row per position: CSV, Markdown, JSON ---- */

static int row_add(table_writer *w, uint64_t x, sg_value v)
{
    sg_buf *b = &w->buf;
    b->len = 0;
    char tmp[24];
    const char *name = pos_name(w, x, tmp, sizeof tmp);
    switch (w->opts.format) {
    case SG_TABLE_CSV:
        sg_buf_csv_field(b, name);
        sg_buf_printf(b, ",%llu,%c\n", (unsigned long long)v, v ? 'N' : 'P');
        break;
    case SG_TABLE_MD:
        sg_buf_puts(b, "| ");
        sg_escape_add(b, SG_ESCAPE_MD, name, strlen(name), false);
        sg_buf_printf(b, " | %llu | %c |\n", (unsigned long long)v,
                      v ? 'N' : 'P');
        break;
    case SG_TABLE_JSON:
        if (w->rows)
            sg_buf_putc(b, ',');
        if (w->named) {
            sg_buf_puts(b, "\n  {\"x\": ");
            sg_escape_add(b, SG_ESCAPE_JSON, name, strlen(name), true);
            sg_buf_printf(b, ", \"%s\": %llu, \"pn\": \"%c\"}",
                          w->opts.misere ? "misere" : "sg",
                          (unsigned long long)v, v ? 'N' : 'P');
        } else {
            sg_buf_u64(b, v);
            sg_buf_putc(&w->pn, v ? 'N' : 'P');
        }
        break;
    default:
        break;
    }
    if (b->data)
        fwrite(b->data, 1, b->len, w->out);
    return 0;
}

static void write_head(table_writer *w);

static int table_step(void *user, const sg_step *step)
{
    table_writer *w = user;
    if (step->x > w->to)
        return 1;
    /* The head waits for the first step: nothing is written before the
     * engine has accepted the request, so a refusal (say, N too large for
     * memory) leaves the output empty. */
    if (w->rows == 0)
        write_head(w);
    int r;
    switch (w->opts.format) {
    case SG_TABLE_TEXT: r = text_add(w, step->x, step->sg); break;
    case SG_TABLE_LATEX: {
        size_t cols = w->opts.columns ? w->opts.columns : 12;
        w->xs[w->ncols] = step->x;
        w->vals[w->ncols] = step->sg;
        if (++w->ncols >= cols)
            flush_latex_block(w);
        r = 0;
        break;
    }
    default: r = row_add(w, step->x, step->sg); break;
    }
    w->rows++;
    if (w->buf.failed || w->pn.failed)
        return sg_ctx_fail(w->ctx, SG_ENOMEM, "out of memory writing the "
                           "table");
    if (ferror(w->out))
        return sg_write_failed(w->ctx, "the table");
    if (r)
        return r;
    return step->x == w->to ? 1 : 0;
}

static void write_head(table_writer *w)
{
    sg_buf *b = &w->buf;
    b->len = 0;
    switch (w->opts.format) {
    case SG_TABLE_CSV:
        sg_buf_puts(b, w->opts.misere ? "x,misere,pn\n" : "x,sg,pn\n");
        break;
    case SG_TABLE_MD:
        sg_buf_puts(b, w->opts.misere ? "| x | g\u207b(x) | P/N |\n"
                                        "|--:|--:|:-:|\n"
                                      : "| x | sg(x) | P/N |\n"
                                        "|--:|--:|:-:|\n");
        break;
    case SG_TABLE_LATEX:
        sg_buf_puts(b, "% ");
        sg_escape_add(b, SG_ESCAPE_LATEX, w->game->describe,
                      strlen(w->game->describe), false);
        sg_buf_puts(b, "\n");
        break;
    case SG_TABLE_JSON: {
        const char *d = w->game->describe, *s = w->game->spec;
        sg_buf_puts(b, "{\"game\": ");
        sg_escape_add(b, SG_ESCAPE_JSON, d, strlen(d), true);
        sg_buf_puts(b, ", \"set\": ");
        sg_escape_add(b, SG_ESCAPE_JSON, s, strlen(s), true);
        if (w->named)
            sg_buf_puts(b, ", \"positions\": [");
        else
            sg_buf_printf(b, ", \"from\": %llu, \"to\": %llu, \"%s\": [",
                          (unsigned long long)w->from,
                          (unsigned long long)w->to,
                          w->opts.misere ? "misere" : "sg");
        break;
    }
    default:
        break;
    }
    if (b->data)
        fwrite(b->data, 1, b->len, w->out);
}

static void write_tail(table_writer *w)
{
    switch (w->opts.format) {
    case SG_TABLE_TEXT: flush_text_block(w); break;
    case SG_TABLE_LATEX: flush_latex_block(w); break;
    case SG_TABLE_JSON:
        if (w->named)
            fputs("\n]}\n", w->out);
        else
            fprintf(w->out, "], \"pn\": \"%s\"}\n", w->pn.data ? w->pn.data : "");
        break;
    default: break;
    }
}

/* The rows of the misère table: g- of FROM..TO, handed to the writer as
 * the engine's steps are. */
static sg_status misere_rows(sg_ctx *ctx, table_writer *w)
{
    sg_misere *m = sg_misere_new(ctx, w->game, 0);
    sg_values *v = NULL;
    sg_status st = m ? sg_misere_values(ctx, m, w->to, &v) : ctx->status;
    for (uint64_t x = w->from; st == SG_OK && x < sg_values_count(v); x++) {
        sg_step step = {.x = x, .sg = sg_values_get(v, x)};
        int r = w->opts.format == SG_TABLE_NONE ? 0 : table_step(w, &step);
        if (r < 0)
            st = ctx->status;
        else if (r > 0)
            break;
    }
    sg_values_free(v);
    sg_misere_free(m);
    return st;
}

sg_status sg_table_write(sg_ctx *ctx, const sg_game *game, uint64_t from,
                         uint64_t to, const sg_table_opts *opts, FILE *out)
{
    if (from > to)
        return sg_ctx_fail(ctx, SG_EINPUT, "--from %llu is after --to %llu",
                           (unsigned long long)from, (unsigned long long)to);
    table_writer w;
    memset(&w, 0, sizeof w);
    w.ctx = ctx;
    w.game = game;
    w.opts = *opts;
    w.from = from;
    w.to = to;
    w.out = out;
    w.named = !sg_game_numbered(game);
    w.line_used = 4;
    sg_buf_init(&w.buf);
    sg_buf_init(&w.pn);

    if (opts->format == SG_TABLE_NONE && !opts->misere)
        return sg_compute(ctx, game, to, NULL, NULL);

    /* A block never holds more columns than fit a line of 64K characters
     * (text) or the requested tabular width (LaTeX). */
    w.cap = opts->format == SG_TABLE_LATEX
                ? (opts->columns ? opts->columns : 12)
                : (opts->width ? opts->width : 80) / 2 + 1;
    w.xs = sg_alloc_raw(ctx, w.cap, sizeof *w.xs);
    w.vals = sg_alloc_raw(ctx, w.cap, sizeof *w.vals);
    sg_status st = ctx->status;
    if (!w.xs || !w.vals)
        goto done;

    if (opts->misere) {
        st = misere_rows(ctx, &w);
    } else {
        sg_compute_opts o = {from, 0, table_step, &w};
        st = sg_compute(ctx, game, to, &o, NULL);
    }
    if (st == SG_STOP)
        st = SG_OK;
    if (st == SG_OK && w.rows)
        write_tail(&w);
    if (st == SG_OK && (w.buf.failed || fflush(out) != 0 || ferror(out)))
        st = w.buf.failed ? sg_ctx_fail(ctx, SG_ENOMEM, "out of memory")
                          : sg_write_failed(ctx, "the table");
done:
    free(w.xs);
    free(w.vals);
    sg_buf_free(&w.buf);
    sg_buf_free(&w.pn);
    return st;
}
