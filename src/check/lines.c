/*
 * lines.c - the homework reader's lines: markup taken off, cells and words
 * split apart, each word with the column where the student wrote it.
 *
 * Tables come as plain text, CSV (commas or semicolons, quoted as
 * spreadsheets quote), tab-separated text (Excel's "Unicode text"),
 * Markdown and pipe tables, and LaTeX tabulars and align* environments
 * (as `sgviz table --format latex` and `sgviz trace --format latex` write
 * them).  Each line is cleaned into a copy that keeps, for every byte, the
 * column it came from: "\mathrm{sg}(4)" reads as "sg(4)", yet a message
 * about it points at the column of the backslash's line where the student
 * typed it.
 */
#include "check/reader.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Growing the line's buffers                                               */
/* ------------------------------------------------------------------------ */

void sg_line_free(sheet_line *l)
{
    free(l->text);
    free(l->cols);
    free(l->ctext);
    free(l->ccols);
    free(l->toks);
    free(l->cells);
    memset(l, 0, sizeof *l);
}

/* Makes room for N more bytes in a text and its columns. */
static bool reserve(char **text, unsigned long **cols, size_t len,
                    size_t *cap, size_t n)
{
    if (len + n + 1 <= *cap)
        return true;
    size_t c = *cap ? *cap : 256;
    while (c < len + n + 1)
        c *= 2;
    char *t = realloc(*text, c);
    if (!t)
        return false;
    *text = t;
    unsigned long *k = realloc(*cols, c * sizeof *k);
    if (!k)
        return false;
    *cols = k;
    *cap = c;
    return true;
}

/* ------------------------------------------------------------------------ */
/* Cleaning                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct cleaner {
    sheet_line *l;
    bool failed;
} cleaner;

static void put(cleaner *c, const char *s, size_t n, unsigned long col)
{
    sheet_line *l = c->l;
    if (c->failed || !reserve(&l->text, &l->cols, l->len, &l->cap, n)) {
        c->failed = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        l->text[l->len] = s[i];
        l->cols[l->len++] = col;
    }
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Skips a LaTeX argument group "{...}" or "[...]" at S[*i], nested. */
static void skip_group(const char *s, size_t len, size_t *i)
{
    char open = s[*i], close = open == '{' ? '}' : ']';
    int depth = 0;
    while (*i < len) {
        if (s[*i] == '\\' && *i + 1 < len) {
            *i += 2;
            continue;
        }
        if (s[*i] == open)
            depth++;
        else if (s[*i] == close && --depth == 0) {
            (*i)++;
            return;
        }
        (*i)++;
    }
}

static bool command_in(const char *name, size_t n, const char *const *list)
{
    for (size_t k = 0; list[k]; k++)
        if (strlen(list[k]) == n && strncmp(list[k], name, n) == 0)
            return true;
    return false;
}

/* Cleans RAW[0..len) into r->cur.text: comments cut, LaTeX commands
 * replaced by what they show, Markdown emphasis and code marks removed,
 * arrows written "->". */
static sg_status clean(reader *r, const char *raw, size_t len)
{
    static const char *const wrappers[] = {
        "mathrm", "text", "textrm", "textbf", "textit", "mathit", "mathbf",
        "operatorname", "texttt", "emph", "mathsf", "textsf", "boldsymbol",
        "mbox", "hbox", "underline", "textup", "mathtt", "textnormal", NULL};
    static const char *const dropped[] = {
        "begin", "end", "cline", "vspace", "hspace", "label", "setlength",
        "caption", "multicolumn", "arraystretch", "renewcommand", NULL};
    static const char *const arrows[] = {
        "to", "rightarrow", "Rightarrow", "longrightarrow", "mapsto",
        "implies", "Longrightarrow", NULL};
    sheet_line *l = &r->cur;
    l->len = 0;
    cleaner c = {l, false};

    /* Where the line's comment starts. */
    size_t start = 0;
    while (start < len && (raw[start] == ' ' || raw[start] == '\t'))
        start++;
    size_t end = len;
    if (end - start >= 2 && raw[start] == '/' && raw[start + 1] == '/')
        end = start;
    bool pipe_table = start < len && raw[start] == '|';
    for (size_t i = start; i < end; i++) {
        if (raw[i] == '#' && !pipe_table) {
            end = i;
            break;
        }
        if (raw[i] == '%' && r->latex && (i == 0 || raw[i - 1] != '\\')) {
            end = i;
            break;
        }
    }
    bool latex = false;
    for (size_t i = start; i < end && !latex; i++)
        latex = raw[i] == '\\' || raw[i] == '$';

    /* Columns count characters, not bytes. */
    unsigned long col = 1;
    for (size_t i = 0; i < start; i++)
        col += ((unsigned char)raw[i] & 0xC0) != 0x80;
    bool wrapper[64];
    int depth = 0;
    bool quote_prefix = true;
    size_t i = start;
    while (i < end) {
        unsigned long here = col;
        char ch = raw[i];
        size_t n = 1;
        while (i + n < end && ((unsigned char)raw[i + n] & 0xC0) == 0x80)
            n++;
        size_t next = i + n;
        /* A Markdown quotation's '>' at the start. */
        if (quote_prefix && ch == '>') {
            i = next;
            col++;
            continue;
        }
        if (ch != ' ' && ch != '\t' && quote_prefix) {
            quote_prefix = false;
            /* A list's bullet ("- sg(4) = 2", "* x 0 1 2", "• ..."), but
             * not the "-" of a blank answer before a number. */
            size_t blen = (ch == '-' || ch == '*' || ch == '+') ? 1
                          : (n == 3 && memcmp(raw + i, "\xE2\x80\xA2", 3) == 0)
                              ? 3 : 0;
            if (blen && i + blen < end && raw[i + blen] == ' ') {
                size_t k = i + blen;
                while (k < end && raw[k] == ' ')
                    k++;
                if (k < end && !(raw[k] >= '0' && raw[k] <= '9') &&
                    raw[k] != '-' && raw[k] != '?' && raw[k] != '_') {
                    for (size_t q = i; q < k; q++)
                        col += ((unsigned char)raw[q] & 0xC0) != 0x80;
                    i = k;
                    continue;
                }
            }
        }
        if (latex && ch == '\\' && next < end) {
            size_t j = next;
            if (is_letter(raw[j])) {
                while (j < end && is_letter(raw[j]))
                    j++;
                const char *name = raw + next;
                size_t nl = j - next;
                if (command_in(name, nl, wrappers) && j < end &&
                    raw[j] == '{' && depth < 64) {
                    wrapper[depth++] = true;
                    j++;
                } else if (command_in(name, nl, dropped)) {
                    while (j < end && (raw[j] == '{' || raw[j] == '['))
                        skip_group(raw, end, &j);
                    put(&c, " ", 1, here);
                } else if (command_in(name, nl, arrows)) {
                    put(&c, " -> ", 4, here);
                } else if (nl == 5 && strncmp(name, "oplus", 5) == 0) {
                    put(&c, "^", 1, here);
                } else if ((nl == 8 && strncmp(name, "emptyset", 8) == 0) ||
                           (nl == 10 && strncmp(name, "varnothing", 10) == 0)) {
                    put(&c, "{}", 2, here);
                } else if ((nl == 5 && strncmp(name, "ldots", 5) == 0) ||
                           (nl == 4 && strncmp(name, "dots", 4) == 0) ||
                           (nl == 5 && strncmp(name, "cdots", 5) == 0)) {
                    put(&c, "...", 3, here);
                } else {
                    put(&c, " ", 1, here);
                }
            } else {
                char e = raw[j];
                j++;
                if (e == '{' || e == '}' || e == '_' || e == '%' || e == '#')
                    put(&c, &e, 1, here);
                else
                    put(&c, " ", 1, here);
            }
            for (size_t k = i; k < j; k++)
                col += ((unsigned char)raw[k] & 0xC0) != 0x80;
            i = j;
            continue;
        }
        col++;
        i = next;
        if (latex && ch == '$')
            continue;
        if (latex && ch == '~') {
            put(&c, " ", 1, here);
            continue;
        }
        if (latex && ch == '{') {
            if (depth < 64)
                wrapper[depth++] = false;
            put(&c, "{", 1, here);
            continue;
        }
        if (latex && ch == '}') {
            if (depth > 0 && wrapper[--depth])
                continue;
            put(&c, "}", 1, here);
            continue;
        }
        if ((ch == '*' || ch == '_') && next < end && raw[next] == ch) {
            /* Markdown's **bold** and __bold__. */
            i++;
            col++;
            continue;
        }
        if (ch == '`')
            continue;
        if (n == 3 && ((unsigned char)raw[next - 3] == 0xE2)) {
            /* Arrows and the circled plus, written as ASCII. */
            const unsigned char *u = (const unsigned char *)raw + next - 3;
            if ((u[1] == 0x86 && (u[2] == 0x92 || u[2] == 0xA6)) ||
                (u[1] == 0x87 && u[2] == 0x92) ||
                (u[1] == 0x9F && (u[2] == 0xB6 || u[2] == 0xB9))) {
                put(&c, " -> ", 4, here);
                continue;
            }
            if (u[1] == 0x8A && u[2] == 0x95) {
                put(&c, "^", 1, here);
                continue;
            }
        }
        put(&c, raw + next - n, n, here);
    }
    while (l->len && (l->text[l->len - 1] == ' ' || l->text[l->len - 1] == '\t'))
        l->len--;
    if (c.failed || !reserve(&l->text, &l->cols, l->len, &l->cap, 0))
        return sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory");
    l->text[l->len] = '\0';
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Cells and words                                                          */
/* ------------------------------------------------------------------------ */

static bool push_tok(sheet_line *l, const char *p, size_t len, unsigned long col,
                     size_t cell)
{
    if (l->ntoks == l->tokcap) {
        size_t cap = l->tokcap ? l->tokcap * 2 : 64;
        tok *t = realloc(l->toks, cap * sizeof *t);
        if (!t)
            return false;
        l->toks = t;
        l->tokcap = cap;
    }
    l->toks[l->ntoks++] = (tok){p, len, col, cell};
    return true;
}

static bool push_cell(sheet_line *l, const char *p, size_t len, unsigned long col)
{
    if (l->ncells == l->cellcap) {
        size_t cap = l->cellcap ? l->cellcap * 2 : 32;
        cellv *c = realloc(l->cells, cap * sizeof *c);
        if (!c)
            return false;
        l->cells = c;
        l->cellcap = cap;
    }
    l->cells[l->ncells++] = (cellv){l->ntoks, 0, p, len, col};
    return true;
}

static bool is_open(char c) { return c == '(' || c == '[' || c == '{'; }
static bool is_close(char c) { return c == ')' || c == ']' || c == '}'; }

/* Splits the cell text T[0..n) (columns K) into words: spaces, tabs, '=',
 * ':', ',', ';' and arrows separate; a bracket keeps what it holds in one
 * word ("sg( 4 )", "{1, 3, 4}", "mex{1,1,0}"); surrounding quotes go. */
static bool split_words(sheet_line *l, const char *t, size_t n,
                        const unsigned long *k, size_t cell)
{
    size_t i = 0;
    bool any = false;
    while (i < n) {
        char ch = t[i];
        bool arrow = i + 1 < n && (ch == '-' || ch == '=') && t[i + 1] == '>';
        if (ch == ' ' || ch == '\t' || ch == '=' || ch == ':' || ch == ',' ||
            ch == ';' || arrow) {
            if (any && (ch == '=' || ch == ':' || arrow))
                l->assign = true;
            i += arrow ? 2 : 1;
            continue;
        }
        size_t s = i;
        int depth = 0;
        while (i < n) {
            char d = t[i];
            if (is_open(d)) {
                depth++;
            } else if (is_close(d)) {
                if (depth > 0)
                    depth--;
            } else if (depth == 0 &&
                       (d == ' ' || d == '\t' || d == '=' || d == ':' ||
                        d == ',' || d == ';' ||
                        (d == '-' && i + 1 < n && t[i + 1] == '>' && i > s))) {
                break;
            }
            i++;
        }
        size_t e = i;
        if (e - s >= 2 && ((t[s] == '"' && t[e - 1] == '"') ||
                           (t[s] == '\'' && t[e - 1] == '\''))) {
            s++;
            e--;
        }
        if (!push_tok(l, t + s, e - s, k[s < n ? s : n - 1], cell))
            return false;
        any = true;
    }
    return true;
}

/* Appends S[0..n) with columns K to the cells' text. */
static bool cput(sheet_line *l, const char *s, const unsigned long *k, size_t n)
{
    if (!reserve(&l->ctext, &l->ccols, l->clen, &l->ccap, n))
        return false;
    memcpy(l->ctext + l->clen, s, n);
    memcpy(l->ccols + l->clen, k, n * sizeof *k);
    l->clen += n;
    return true;
}

/* The delimiter of the cleaned line: the file's "sep=" one, else '|', '&',
 * a tab (in files whose tabs make a grid), ';' or ',' when one stands
 * outside quotes and brackets; 0 when words are separated by spaces. */
static char pick_delim(const reader *r, const sheet_line *l)
{
    if (r->sep)
        return r->sep;
    bool has[5] = {false, false, false, false, false};
    const char *order = "|&\t;,";
    int depth = 0;
    bool quoted = false;
    for (size_t i = 0; i < l->len; i++) {
        char c = l->text[i];
        if (c == '"') {
            quoted = !quoted;
            continue;
        }
        if (quoted)
            continue;
        if (is_open(c))
            depth++;
        else if (is_close(c) && depth > 0)
            depth--;
        else if (depth == 0) {
            const char *at = strchr(order, c);
            if (at && c)
                has[at - order] = true;
        }
    }
    if (has[0])
        return '|';
    if (has[1])
        return '&';
    if (has[2] && r->tab_grid)
        return '\t';
    if (has[3])
        return ';';
    if (has[4])
        return ',';
    return 0;
}

sg_status sg_reader_resplit(reader *r)
{
    sheet_line *l = &r->cur;
    l->clen = 0;
    l->ntoks = 0;
    l->ncells = 0;
    l->assign = false;
    l->delim = pick_delim(r, l);
    const char *t = l->text;
    size_t n = l->len;
    if (!reserve(&l->ctext, &l->ccols, 0, &l->ccap, n + 1))
        goto nomem;
    if (l->delim == 0) {
        /* One cell per word. */
        if (!cput(l, t, l->cols, n))
            goto nomem;
        if (!split_words(l, l->ctext, l->clen, l->ccols, 0))
            goto nomem;
        for (size_t i = 0; i < l->ntoks; i++) {
            if (!push_cell(l, l->toks[i].p, l->toks[i].len, l->toks[i].col))
                goto nomem;
            l->cells[l->ncells - 1].first = i;
            l->cells[l->ncells - 1].n = 1;
            l->toks[i].cell = i;
        }
        return SG_OK;
    }
    size_t i = 0;
    if (l->delim == '|') {
        /* A pipe table's outer pipes open and close the row. */
        while (i < n && (t[i] == ' ' || t[i] == '\t'))
            i++;
        if (i < n && t[i] == '|')
            i++;
        while (n > i && (t[n - 1] == ' ' || t[n - 1] == '\t'))
            n--;
        if (n > i && t[n - 1] == '|')
            n--;
    }
    /* Cells are stored one after another in ctext; their words point into
     * it, so nothing may move it once a cell is in: it was sized above. */
    for (;;) {
        while (i < n && (t[i] == ' ' || (t[i] == '\t' && l->delim != '\t')))
            i++;
        size_t cstart = l->clen;
        unsigned long ccol = i < n ? l->cols[i] : (n ? l->cols[n - 1] + 1 : 1);
        int depth = 0;
        if (i < n && t[i] == '"') {
            /* A quoted cell, quotes doubled inside. */
            i++;
            while (i < n) {
                if (t[i] == '"') {
                    if (i + 1 < n && t[i + 1] == '"') {
                        cput(l, t + i, l->cols + i, 1);
                        i += 2;
                        continue;
                    }
                    i++;
                    break;
                }
                cput(l, t + i, l->cols + i, 1);
                i++;
            }
        }
        while (i < n && !(t[i] == l->delim && depth == 0)) {
            if (is_open(t[i]))
                depth++;
            else if (is_close(t[i]) && depth > 0)
                depth--;
            cput(l, t + i, l->cols + i, 1);
            i++;
        }
        size_t cend = l->clen;
        while (cend > cstart && (l->ctext[cend - 1] == ' ' ||
                                 l->ctext[cend - 1] == '\t'))
            cend--;
        l->clen = cend;
        if (!push_cell(l, l->ctext + cstart, cend - cstart, ccol))
            goto nomem;
        size_t before = l->ntoks;
        if (!split_words(l, l->ctext + cstart, cend - cstart,
                         l->ccols + cstart, l->ncells - 1))
            goto nomem;
        if (l->ntoks == before &&
            !push_tok(l, l->ctext + cstart, 0, ccol, l->ncells - 1))
            goto nomem;
        l->cells[l->ncells - 1].n = l->ntoks - before;
        if (i >= n)
            break;
        i++; /* the delimiter */
    }
    /* Trailing empty cells ("x,sg,,") are no part of the table. */
    while (l->ncells && l->cells[l->ncells - 1].len == 0) {
        l->ntoks = l->cells[l->ncells - 1].first;
        l->ncells--;
    }
    return SG_OK;
nomem:
    return sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory");
}

bool sg_reader_blank(const reader *r)
{
    for (size_t i = 0; i < r->cur.ntoks; i++)
        if (r->cur.toks[i].len)
            return false;
    return true;
}

int sg_reader_next(reader *r)
{
    if (r->pos >= r->text.len)
        return 0;
    size_t start = r->pos;
    const char *p = r->text.data + r->pos;
    const char *nl = memchr(p, '\n', r->text.len - r->pos);
    size_t len = nl ? (size_t)(nl - p) : r->text.len - r->pos;
    r->pos += len + (nl ? 1 : 0);
    r->lineno++;
    sheet_line *l = &r->cur;
    l->no = r->lineno;
    l->start = start;
    l->raw = p;
    l->rawlen = len;
    if (clean(r, p, len) != SG_OK || sg_reader_resplit(r) != SG_OK)
        return r->ctx->status;
    return 1;
}

void sg_reader_again(reader *r)
{
    r->pos = r->cur.start;
    r->lineno = r->cur.no - 1;
}

unsigned long sg_reader_file_line(const reader *r, unsigned long no)
{
    if (r->text.line_of && no >= 1 && no <= r->text.nlines)
        return r->text.line_of[no - 1];
    return no;
}

unsigned long sg_reader_file_col(const reader *r, unsigned long col)
{
    return r->text.line_of ? 0 : col;
}
