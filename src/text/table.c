/*
 * table.c - tables of x, sg(x) and P/N: the two-row layout of the worked
 * example for terminals, and CSV, Markdown, LaTeX and JSON for everything
 * else.  Every format streams: a table of 10^8 positions never holds more
 * than one wrapped block of columns.
 */
#include "games/game.h"
#include "text/latex.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

sg_status sg_table_format_parse(sg_ctx *ctx, const char *name,
                                sg_table_format *format)
{
    /* In the order of sg_table_format. */
    static const char *const names[] = {"text", "csv", "md", "latex", "json",
                                        "none", "c", NULL};
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
    bool started;      /* the head is written */
    size_t c_line;     /* C: characters on the current line */
    const struct table_words *words;
} table_writer;

/* The words a table writes in each language, as its traces write them. */
typedef struct table_words {
    const char *lang;
    int misere;          /* the words of the misère table, of g-(x) */
    const char *text_sg; /* the text table's row of values */
    const char *md_head; /* the Markdown table's head */
    const char *latex_sg;
} table_words;

static const table_words all_words[] = {
    {"en", 0, "sg", "| x | sg(x) | P/N |", "$\\operatorname{sg}(x)$"},
    {"zh", 0, "SG", "| x | SG[x] | P/N |", "$\\operatorname{SG}[x]$"},
    {"en", 1, "g\u207b", "| x | g\u207b(x) | P/N |", "$g^{-}(x)$"},
    {"zh", 1, "SG\u207b", "| x | SG\u207b[x] | P/N |", "$\\operatorname{SG}^{-}[x]$"},
};

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
    const char *const labels[] = {"x", w->words->text_sg, "P/N"};
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
    sg_latex_add(b, s, strlen(s), false);
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
    const char *const labels[] = {"$x$", w->words->latex_sg, "P/N"};
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
        if (w->opts.p_only) {
            if (w->named)
                sg_escape_add(b, SG_ESCAPE_JSON, name, strlen(name), true);
            else
                sg_buf_puts(b, name);
        } else if (w->named) {
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

/* ---- C: an array literal, wrapped to the width ---- */

/* Whether NAME is two whole numbers, "a,b" or "(a,b)" (or with brackets,
 * spaces, ';' or 'x' between them); stores them in *A and *B. */
static bool pair_of(const char *name, uint64_t *a, uint64_t *b)
{
    const char *p = name;
    char close = 0;
    if (*p == '(' || *p == '[')
        close = *p++ == '(' ? ')' : ']';
    const char *d = p;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == d || sg_parse_u64(d, (size_t)(p - d), SG_POSITION_MAX, a) != 0)
        return false;
    const char *sep = p;
    while (*p == ',' || *p == ' ' || *p == ';' || *p == 'x')
        p++;
    if (p == sep)
        return false;
    d = p;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == d || sg_parse_u64(d, (size_t)(p - d), SG_POSITION_MAX, b) != 0)
        return false;
    if (close && *p++ != close)
        return false;
    return *p == '\0';
}

/* Appends one item of the C array, breaking the line before it would
 * pass the width. */
static void c_item(table_writer *w, const char *text, size_t len)
{
    sg_buf *b = &w->buf;
    size_t width = w->opts.width ? w->opts.width : 80;
    if (w->rows) {
        sg_buf_putc(b, ',');
        w->c_line++;
        if (w->c_line + len + 1 > width) {
            sg_buf_puts(b, "\n ");
            w->c_line = 1;
        }
    }
    sg_buf_add(b, text, len);
    w->c_line += len;
}

static int c_add(table_writer *w, uint64_t x, sg_value v)
{
    w->buf.len = 0;
    char item[160];
    if (!w->opts.p_only) {
        c_item(w, item, sg_u64_to_str(v, item));
    } else {
        char tmp[24];
        const char *name = pos_name(w, x, tmp, sizeof tmp);
        uint64_t a, b;
        if (!w->named)
            c_item(w, name, strlen(name));
        else if (sg_parse_u64(name, strlen(name), UINT64_MAX, &a) == 0)
            c_item(w, name, strlen(name));
        else if (pair_of(name, &a, &b))
            c_item(w, item, (size_t)snprintf(item, sizeof item, "{%llu,%llu}",
                                             (unsigned long long)a,
                                             (unsigned long long)b));
        else {
            sg_buf q;
            sg_buf_init(&q);
            sg_buf_putc(&q, '"');
            for (const unsigned char *c = (const unsigned char *)name; *c;
                 c++) {
                if (*c == '"' || *c == '\\')
                    sg_buf_putc(&q, '\\');
                if (*c < 0x20 || *c == 0x7f)
                    sg_buf_printf(&q, "\\%03o", *c);
                else
                    sg_buf_putc(&q, (char)*c);
            }
            sg_buf_putc(&q, '"');
            if (q.failed)
                w->buf.failed = true;
            else
                c_item(w, q.data, q.len);
            sg_buf_free(&q);
        }
    }
    if (w->buf.data)
        fwrite(w->buf.data, 1, w->buf.len, w->out);
    return 0;
}

static void write_head(table_writer *w);

/* Adds position X of value V to the table (unless only P-positions are
 * asked for and V is not 0). */
static int add_row(table_writer *w, uint64_t x, sg_value v)
{
    if (w->opts.p_only && v != 0)
        return 0;
    /* The head waits for the first row: nothing is written before the
     * engine has accepted the request, so a refusal (say, N too large for
     * memory) leaves the output empty. */
    if (!w->started) {
        write_head(w);
        w->started = true;
    }
    int r;
    switch (w->opts.format) {
    case SG_TABLE_TEXT:
        if (w->opts.p_only) {
            /* A list of names, one a line, to read down or paste. */
            char tmp[24];
            fprintf(w->out, "%s\n", pos_name(w, x, tmp, sizeof tmp));
            r = 0;
        } else {
            r = text_add(w, x, v);
        }
        break;
    case SG_TABLE_C: r = c_add(w, x, v); break;
    case SG_TABLE_LATEX: {
        size_t cols = w->opts.columns ? w->opts.columns : 12;
        w->xs[w->ncols] = x;
        w->vals[w->ncols] = v;
        if (++w->ncols >= cols)
            flush_latex_block(w);
        r = 0;
        break;
    }
    default: r = row_add(w, x, v); break;
    }
    w->rows++;
    if (w->buf.failed || w->pn.failed)
        return sg_ctx_fail(w->ctx, SG_ENOMEM, "out of memory writing the "
                           "table");
    if (ferror(w->out))
        return sg_write_failed(w->ctx, "the table");
    return r;
}

static int table_step(void *user, const sg_step *step)
{
    table_writer *w = user;
    if (step->x > w->to)
        return 1;
    int r = add_row(w, step->x, step->sg);
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
        sg_buf_printf(b, "%s\n|--:|--:|:-:|\n", w->words->md_head);
        break;
    case SG_TABLE_LATEX: {
        sg_buf name;
        sg_buf_init(&name);
        sg_describe_add(&name, w->game->describe, w->words->lang);
        const char *d = name.failed ? w->game->describe : name.data;
        sg_buf_puts(b, "% ");
        sg_escape_add(b, SG_ESCAPE_LATEX, d, strlen(d), false);
        sg_buf_puts(b, "\n");
        sg_buf_free(&name);
        break;
    }
    case SG_TABLE_C:
        sg_buf_putc(b, '{');
        w->c_line = 1;
        break;
    case SG_TABLE_JSON: {
        const char *d = w->game->describe, *s = w->game->spec;
        sg_buf_puts(b, "{\"game\": ");
        sg_escape_add(b, SG_ESCAPE_JSON, d, strlen(d), true);
        sg_buf_puts(b, ", \"set\": ");
        sg_escape_add(b, SG_ESCAPE_JSON, s, strlen(s), true);
        if (w->opts.p_only)
            sg_buf_puts(b, ", \"p_positions\": [");
        else if (w->named)
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
    case SG_TABLE_C: fputs("}\n", w->out); break;
    case SG_TABLE_JSON:
        if (w->opts.p_only)
            fputs("]}\n", w->out);
        else if (w->named)
            fputs("\n]}\n", w->out);
        else
            fprintf(w->out, "], \"pn\": \"%s\"}\n", w->pn.data ? w->pn.data : "");
        break;
    default: break;
    }
}

/* The values of positions 0..LAST into *OUT (the caller frees it): sg, or
 * g- for the misère table. */
static sg_status values_upto(table_writer *w, uint64_t last, sg_values **out)
{
    if (!w->opts.misere)
        return sg_compute(w->ctx, w->game, last, NULL, out);
    sg_misere *m = sg_misere_new(w->ctx, w->game, 0);
    if (!m)
        return w->ctx->status;
    sg_status st = sg_misere_values(w->ctx, m, last, out);
    sg_misere_free(m);
    return st;
}

/* The rows of the misère table: g- of FROM..TO, handed to the writer as
 * the engine's steps are. */
static sg_status misere_rows(table_writer *w)
{
    sg_values *v = NULL;
    sg_status st = values_upto(w, w->to, &v);
    for (uint64_t x = w->from; st == SG_OK && x < sg_values_count(v); x++) {
        sg_step step = {.x = x, .sg = sg_values_get(v, x)};
        int r = w->opts.format == SG_TABLE_NONE ? 0 : table_step(w, &step);
        if (r < 0)
            st = w->ctx->status;
        else if (r > 0)
            break;
    }
    sg_values_free(v);
    return st;
}

/* ---- grids: positions named by two numbers ---- */

/* The row A and column B of position X in a grid: the two numbers of
 * its name, or, where its name is not two numbers (a rules file's label()
 * names it "(3|5)"), the cell its game gives it. */
static bool grid_pair(table_writer *w, uint64_t x, uint64_t *a, uint64_t *b)
{
    /* A rules file's positions are their numbers, whatever label() calls
     * them (even "13,2" for (3,2)). */
    const sg_game *g = w->game;
    if (g->ops->id == SG_GAME_RULES && g->ops->cell)
        return g->ops->cell(g, x, a, b);
    char tmp[24];
    if (pair_of(pos_name(w, x, tmp, sizeof tmp), a, b))
        return true;
    return g->ops->cell && g->ops->cell(g, x, a, b);
}

/* Writes the grid of the positions LIST[0..n) with VALUES: rows by the
 * first number of each name, columns by the second. */
static sg_status write_grid(table_writer *w, const uint64_t *list, size_t n,
                            const sg_values *values)
{
    sg_ctx *ctx = w->ctx;
    sg_table_format f = w->opts.format;
    if (f != SG_TABLE_TEXT && f != SG_TABLE_CSV && f != SG_TABLE_JSON &&
        f != SG_TABLE_C)
        return sg_ctx_fail(ctx, SG_EINPUT, "--grid: a grid is written as "
                           "text, csv, json or c");
    uint64_t amin = UINT64_MAX, amax = 0, bmin = UINT64_MAX, bmax = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t a, b;
        if (!grid_pair(w, list[i], &a, &b)) {
            char tmp[24];
            const char *name = pos_name(w, list[i], tmp, sizeof tmp);
            char quoted[96];
            return sg_ctx_fail(ctx, SG_EINPUT, "--grid: position \"%s\" is "
                               "not named by two whole numbers (as \"3,5\" "
                               "or \"(3,5)\")",
                               sg_quote(name, strlen(name), quoted,
                                        sizeof quoted));
        }
        amin = a < amin ? a : amin;
        amax = a > amax ? a : amax;
        bmin = b < bmin ? b : bmin;
        bmax = b > bmax ? b : bmax;
    }
    uint64_t rows = amax - amin + 1, cols = bmax - bmin + 1;
    if (n == 0 || rows > 100000 || cols > 100000 || rows * cols > 10000000)
        return sg_ctx_fail(ctx, SG_ELIMIT, "--grid: rows %llu..%llu and "
                           "columns %llu..%llu make more cells than a grid "
                           "shows (10^7)", (unsigned long long)amin,
                           (unsigned long long)amax, (unsigned long long)bmin,
                           (unsigned long long)bmax);
    /* Cell (a, b) holds its value + 1, or 0 where no position is. */
    uint64_t *cell = sg_alloc(ctx, (size_t)(rows * cols), sizeof *cell);
    if (!cell)
        return ctx->status;
    sg_value top = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t a, b;
        grid_pair(w, list[i], &a, &b);
        sg_value v = sg_values_get(values, list[i]);
        cell[(a - amin) * cols + (b - bmin)] = v + 1;
        top = v > top ? v : top;
    }
    bool p_only = w->opts.p_only != 0;
    sg_buf *out = &w->buf;
    out->len = 0;
    char num[24];
    if (f == SG_TABLE_TEXT) {
        /* Each cell: a space, the value right-aligned as wide as the
         * widest number, and a mark after it ('*' for a P-position), so
         * that values stand in columns under their b. */
        int cw = (int)digits(top > bmax ? top : bmax);
        int lw = digits(amax) > 3 ? (int)digits(amax) : 3;
        const char *v = w->opts.misere ? "g⁻" : "sg";
        sg_buf_printf(out, "%s: %s of (a,b)%s, a down, b across; %s "
                      "a P-position (%s = 0)\n",
                      w->game->describe, v,
                      w->opts.misere ? " under misère play" : "",
                      p_only ? "P marks" : "* marks", v);
        sg_buf_printf(out, "%*s", lw, "a\\b");
        for (uint64_t b = bmin; b <= bmax; b++)
            sg_buf_printf(out, " %*llu ", cw, (unsigned long long)b);
        for (uint64_t a = amin; a <= amax + 1; a++) {
            while (out->len && out->data[out->len - 1] == ' ')
                out->len--; /* no spaces at the ends of lines */
            sg_buf_putc(out, '\n');
            if (a > amax)
                break;
            sg_buf_printf(out, "%*llu", lw, (unsigned long long)a);
            for (uint64_t b = bmin; b <= bmax; b++) {
                uint64_t c = cell[(a - amin) * cols + (b - bmin)];
                if (p_only || c == 0)
                    sg_buf_printf(out, " %*s ", cw,
                                  p_only && c == 1 ? "P" : ".");
                else
                    sg_buf_printf(out, " %*llu%c", cw,
                                  (unsigned long long)(c - 1),
                                  c == 1 ? '*' : ' ');
            }
        }
    } else if (f == SG_TABLE_CSV) {
        sg_buf_puts(out, "a\\b");
        for (uint64_t b = bmin; b <= bmax; b++)
            sg_buf_printf(out, ",%llu", (unsigned long long)b);
        sg_buf_putc(out, '\n');
        for (uint64_t a = amin; a <= amax; a++) {
            sg_buf_u64(out, a);
            for (uint64_t b = bmin; b <= bmax; b++) {
                uint64_t c = cell[(a - amin) * cols + (b - bmin)];
                sg_buf_putc(out, ',');
                if (p_only)
                    sg_buf_puts(out, c == 1 ? "P" : "");
                else if (c)
                    sg_buf_u64(out, c - 1);
            }
            sg_buf_putc(out, '\n');
        }
    } else {
        /* JSON and C: rows of values (null or -1 where no position is;
         * with p_only, 1 for a P-position and 0 for any other). */
        bool json = f == SG_TABLE_JSON;
        if (json) {
            const char *d = w->game->describe;
            sg_buf_puts(out, "{\"game\": ");
            sg_escape_add(out, SG_ESCAPE_JSON, d, strlen(d), true);
            sg_buf_printf(out, ", \"rows\": [%llu, %llu], \"columns\": "
                          "[%llu, %llu], \"%s\": [",
                          (unsigned long long)amin, (unsigned long long)amax,
                          (unsigned long long)bmin, (unsigned long long)bmax,
                          p_only ? "p" : w->opts.misere ? "misere" : "sg");
        } else {
            sg_buf_putc(out, '{');
        }
        for (uint64_t a = amin; a <= amax; a++) {
            sg_buf_puts(out, a > amin ? (json ? ",\n  [" : ",\n {")
                                      : (json ? "\n  [" : "{"));
            for (uint64_t b = bmin; b <= bmax; b++) {
                uint64_t c = cell[(a - amin) * cols + (b - bmin)];
                if (b > bmin)
                    sg_buf_putc(out, ',');
                if (p_only)
                    sg_buf_putc(out, c == 1 ? '1' : '0');
                else if (c)
                    sg_buf_puts(out, (sg_u64_to_str(c - 1, num), num));
                else
                    sg_buf_puts(out, json ? "null" : "-1");
            }
            sg_buf_putc(out, json ? ']' : '}');
        }
        sg_buf_puts(out, json ? "\n]}\n" : "}\n");
    }
    free(cell);
    if (out->failed)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the grid");
    fwrite(out->data, 1, out->len, w->out);
    return SG_OK;
}

/* The table of the positions LIST[0..n), in that order. */
static sg_status write_list(table_writer *w, const uint64_t *list, size_t n)
{
    uint64_t last = 0;
    for (size_t i = 0; i < n; i++)
        last = list[i] > last ? list[i] : last;
    sg_values *values = NULL;
    sg_status st = values_upto(w, last, &values);
    if (st != SG_OK)
        return st;
    if (w->opts.grid) {
        st = write_grid(w, list, n, values);
    } else {
        for (size_t i = 0; i < n && st == SG_OK; i++)
            if (add_row(w, list[i], sg_values_get(values, list[i])) != 0)
                st = w->ctx->status;
    }
    sg_values_free(values);
    return st;
}

sg_status sg_table_write(sg_ctx *ctx, const sg_game *game, uint64_t from,
                         uint64_t to, const sg_table_opts *opts, FILE *out)
{
    sg_table_opts taken = {0};
    if (opts && sg_opts_take(ctx, &taken, sizeof taken, opts,
                             SG_OPTS_V0(sg_table_opts, lang), "sg_table_opts") != SG_OK)
        return ctx->status;
    opts = &taken;
    if (!opts->positions && from > to)
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
    const char *lang = opts->lang ? opts->lang : "en";
    for (size_t i = 0; i < sizeof all_words / sizeof all_words[0]; i++)
        if (strcmp(all_words[i].lang, lang) == 0 &&
            all_words[i].misere == (opts->misere != 0))
            w.words = &all_words[i];
    if (!w.words) {
        return sg_fail_language(ctx, lang);
    }
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

    uint64_t *all = NULL;
    const uint64_t *list = opts->positions;
    size_t n = opts->npositions;
    if (opts->grid && !list) {
        /* A grid is of positions in any order: every one from..to. */
        n = (size_t)(to - from + 1);
        all = sg_alloc_raw(ctx, n, sizeof *all);
        if (!all) {
            st = ctx->status;
            goto done;
        }
        for (size_t i = 0; i < n; i++)
            all[i] = from + i;
        list = all;
    }
    if (list) {
        st = write_list(&w, list, n);
        free(all);
    } else if (opts->misere) {
        st = misere_rows(&w);
    } else {
        sg_compute_opts o = {.first = from, .on_step = table_step,
                             .user = &w};
        st = sg_compute(ctx, game, to, &o, NULL);
        if (st == SG_STOP)
            st = SG_OK;
    }
    if (st == SG_OK && !opts->grid) {
        /* Every table has its head and tail, even one of no rows (no
         * P-position among those asked for). */
        if (!w.started)
            write_head(&w);
        write_tail(&w);
    }
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
