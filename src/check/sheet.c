/*
 * sheet.c - reads homework sheets: the tables of sg values or P/N
 * letters that students write, in whichever of the usual layouts they chose.
 *
 * Students write the worked example's two rows ("x 0 1 2" over "sg 0 1 0"),
 * one "x value" pair a line ("sg(4) = 2"), a CSV file with a header, a bare
 * list of values, or P/N letters.  The reader detects the layout from the
 * first lines, reads every entry with the place it was written, and refuses
 * anything doubtful (a duplicate x, a gap in x, rows of different lengths)
 * with FILE:LINE:COLUMN, because a guess about a misaligned table would
 * grade the student for the reader's mistake.
 *
 * The text may be any bytes at all: it is checked to be UTF-8 without NUL
 * bytes before anything else, every line and every count is bounded, and
 * nothing is allocated in proportion to a number written in the file.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

struct sg_sheet {
    char *origin;
    sg_sheet_form form;
    sg_sheet_entry *entries;
    size_t count;
    size_t cap;
    int has_values;
};

/* What a word at the start of a row or in a header names. */
enum { LABEL_NONE, LABEL_X, LABEL_SG, LABEL_PN };

/* What an answer must be where it is written. */
enum { EXPECT_EITHER, EXPECT_VALUE, EXPECT_LETTER };

/* The kinds of sheet: values (letters optional), or letters alone. */
enum { KIND_UNKNOWN, KIND_VALUES, KIND_LETTERS };

typedef struct token {
    const char *p;
    size_t len;
    unsigned long col; /* 1-based, in characters */
} token;

typedef struct line_view {
    const char *p;     /* the line without its comment and line end */
    size_t len;
    unsigned long no;  /* 1-based */
    bool assign;       /* holds '=' or ':' outside brackets */
} line_view;

typedef struct reader {
    sg_ctx *ctx;
    const sg_game *game;
    const char *origin;
    bool named;              /* positions have names (else numbers) */
    uint64_t last;           /* the largest x allowed; UINT64_MAX: no -n */
    const char *text;
    size_t len;
    size_t pos;              /* where the next line starts */
    unsigned long lineno;    /* the number of the line last read */
    sg_sheet *sheet;
    int kind;
    unsigned long kind_line; /* the line that decided the kind */
    token *toks;             /* the tokens of the current line */
    size_t ntoks;
    size_t tokcap;
    bool csv_commas;         /* split on commas only, keeping empty fields */
} reader;

/* ------------------------------------------------------------------------ */
/* Small helpers                                                            */
/* ------------------------------------------------------------------------ */

static unsigned long column_at(const char *start, const char *p)
{
    unsigned long col = 1;
    for (const char *q = start; q < p; q++)
        if (((unsigned char)*q & 0xC0) != 0x80)
            col++;
    return col;
}

static bool lower_equal(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (len != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return false;
    }
    return true;
}

static bool is_digits(const char *s, size_t len)
{
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static char letter_of(const char *s, size_t len)
{
    if (len != 1)
        return 0;
    if (s[0] == 'P' || s[0] == 'p')
        return 'P';
    if (s[0] == 'N' || s[0] == 'n')
        return 'N';
    return 0;
}

/* Whether a token is a run of P/N letters such as "PNPNN". */
static bool is_letter_run(const token *t)
{
    if (t->len == 0)
        return false;
    for (size_t i = 0; i < t->len; i++)
        if (!letter_of(t->p + i, 1))
            return false;
    return true;
}

static int label_of(const token *t)
{
    static const char *const xs[] = {"x", "position", "pos", "heap", "node",
                                     NULL};
    static const char *const sgs[] = {"sg", "sg(x)", "sg[x]", "sg(n)",
                                      "sg[n]", "g(x)", "grundy", "value",
                                      NULL};
    static const char *const pns[] = {"p/n", "pn", "outcome", NULL};
    for (int i = 0; xs[i]; i++)
        if (lower_equal(t->p, t->len, xs[i]))
            return LABEL_X;
    for (int i = 0; sgs[i]; i++)
        if (lower_equal(t->p, t->len, sgs[i]))
            return LABEL_SG;
    for (int i = 0; pns[i]; i++)
        if (lower_equal(t->p, t->len, pns[i]))
            return LABEL_PN;
    return LABEL_NONE;
}

static const char *label_name(int label)
{
    return label == LABEL_X ? "x" : label == LABEL_SG ? "sg" : "P/N";
}

/* "sg(4)", "SG[4]", "g(4)" -> "4"; anything else is left as it is. */
static void strip_decoration(const char **s, size_t *len)
{
    const char *p = *s;
    size_t n = *len;
    size_t skip = 0;
    if (n >= 4 && lower_equal(p, 2, "sg"))
        skip = 2;
    else if (n >= 3 && (p[0] == 'g' || p[0] == 'G'))
        skip = 1;
    else
        return;
    char open = p[skip], close = p[n - 1];
    if (!((open == '(' && close == ')') || (open == '[' && close == ']')))
        return;
    p += skip + 1;
    n -= skip + 2;
    while (n && (*p == ' ' || *p == '\t')) {
        p++;
        n--;
    }
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    *s = p;
    *len = n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static sg_status fail_at(reader *r, unsigned long line, unsigned long col,
                         const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sg_status st = sg_vfail_at(r->ctx, SG_EINPUT, r->origin, line, col, fmt,
                               ap);
    va_end(ap);
    return st;
}

static const char *quoted(const token *t, char *buf, size_t size)
{
    return sg_quote(t->p, t->len, buf, size);
}

/* ------------------------------------------------------------------------ */
/* Text, lines and tokens                                                   */
/* ------------------------------------------------------------------------ */

/* Refuses text that is not UTF-8, or holds a NUL byte: a binary file, or a
 * spreadsheet saved in its own format instead of as text. */
static sg_status check_text(reader *r)
{
    const unsigned char *u = (const unsigned char *)r->text;
    unsigned long line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < r->len;) {
        if (u[i] == 0)
            return fail_at(r, line,
                           column_at(r->text + line_start, r->text + i),
                           "a NUL byte: this is a binary file, not a table "
                           "written as text");
        if (u[i] == '\n') {
            line++;
            line_start = ++i;
            continue;
        }
        size_t n = 1;
        if (u[i] >= 0x80) {
            n = (u[i] & 0xE0) == 0xC0 ? 2 : (u[i] & 0xF0) == 0xE0 ? 3
                : (u[i] & 0xF8) == 0xF0 ? 4 : 0;
            bool ok = n && i + n <= r->len && u[i] >= 0xC2 && u[i] <= 0xF4;
            for (size_t j = 1; ok && j < n; j++)
                ok = (u[i + j] & 0xC0) == 0x80;
            if (!ok)
                return fail_at(r, line,
                               column_at(r->text + line_start, r->text + i),
                               "byte 0x%02X is not UTF-8 text: this looks "
                               "like a binary file (save the table as plain "
                               "text)",
                               u[i]);
        }
        i += n;
    }
    return SG_OK;
}

/* Reads the next line into *LV, without its line end and its comment.
 * Returns 1 for a line, 0 at the end, or a negative status. */
static int next_line(reader *r, line_view *lv)
{
    if (r->pos >= r->len)
        return 0;
    const char *p = r->text + r->pos;
    const char *nl = memchr(p, '\n', r->len - r->pos);
    size_t len = nl ? (size_t)(nl - p) : r->len - r->pos;
    r->pos += len + (nl ? 1 : 0);
    r->lineno++;
    if (len > SG_LINE_MAX_LEN)
        return fail_at(r, r->lineno, SG_LINE_MAX_LEN + 1,
                       "the line is longer than %zu characters",
                       SG_LINE_MAX_LEN);
    if (len && p[len - 1] == '\r')
        len--;
    const char *hash = memchr(p, '#', len);
    if (hash)
        len = (size_t)(hash - p);
    lv->p = p;
    lv->len = len;
    lv->no = r->lineno;
    lv->assign = false;
    return 1;
}

static bool is_blank(const line_view *lv)
{
    for (size_t i = 0; i < lv->len; i++)
        if (lv->p[i] != ' ' && lv->p[i] != '\t' && lv->p[i] != '\v' &&
            lv->p[i] != '\f' && lv->p[i] != '\r')
            return false;
    return true;
}

/* Reads lines up to the next one with content.  Returns 1, 0 at the end,
 * or a negative status. */
static int next_content_line(reader *r, line_view *lv)
{
    int got;
    while ((got = next_line(r, lv)) == 1)
        if (!is_blank(lv))
            return 1;
    return got;
}

static sg_status tokenize(reader *r, line_view *lv);

/* Reads the next line that holds at least one token ("," alone holds
 * none) and splits it.  Returns 1, 0 at the end, or a negative status. */
static int next_tokens(reader *r, line_view *lv)
{
    int got;
    while ((got = next_content_line(r, lv)) == 1) {
        if (tokenize(r, lv) != SG_OK)
            return r->ctx->status;
        if (r->ntoks)
            return 1;
    }
    return got;
}

static bool is_separator(char c)
{
    return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '=' ||
           c == ':' || c == '\v' || c == '\f' || c == '\r';
}

/* Where the tokenizer is in the line: columns are counted as it goes, so
 * that a long line costs time in proportion to its length. */
typedef struct cursor {
    const char *p;
    unsigned long col;
} cursor;

static unsigned long column_from(cursor *c, const char *p)
{
    for (; c->p < p; c->p++)
        if (((unsigned char)*c->p & 0xC0) != 0x80)
            c->col++;
    return c->col;
}

static sg_status push_token(reader *r, cursor *cur, const char *p,
                            size_t len)
{
    if (r->ntoks == r->tokcap) {
        size_t cap = r->tokcap ? r->tokcap * 2 : 64;
        token *grown = sg_grow(r->ctx, r->toks, cap, sizeof *grown);
        if (!grown)
            return r->ctx->status;
        r->toks = grown;
        r->tokcap = cap;
    }
    token *t = &r->toks[r->ntoks++];
    t->p = p;
    t->len = len;
    t->col = column_from(cur, p);
    return SG_OK;
}

/* Splits a line into tokens.  Spaces, tabs, commas, semicolons, '=' and ':'
 * all separate, so that "4 2", "4,2", "4: 2" and "sg(4) = 2" read alike; a
 * bracket keeps what it encloses in one token ("sg( 4 )").  In CSV files
 * whose header has commas, only commas separate and empty fields count. */
static sg_status tokenize(reader *r, line_view *lv)
{
    r->ntoks = 0;
    const char *p = lv->p, *end = lv->p + lv->len;
    cursor cur = {lv->p, 1};
    if (r->csv_commas) {
        while (p <= end) {
            const char *comma = memchr(p, ',', (size_t)(end - p));
            const char *stop = comma ? comma : end;
            const char *a = p, *b = stop;
            while (a < b && (*a == ' ' || *a == '\t'))
                a++;
            while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
                b--;
            if (b - a >= 2 && *a == '"' && b[-1] == '"') {
                a++;
                b--;
            }
            if (push_token(r, &cur, a, (size_t)(b - a)) != SG_OK)
                return r->ctx->status;
            if (!comma)
                break;
            p = comma + 1;
        }
        return SG_OK;
    }
    while (p < end) {
        if (is_separator(*p)) {
            if (*p == '=' || *p == ':')
                lv->assign = true;
            p++;
            continue;
        }
        const char *start = p;
        char close = 0;
        while (p < end && (close || !is_separator(*p))) {
            if (!close && (*p == '(' || *p == '['))
                close = *p == '(' ? ')' : ']';
            else if (close && *p == close)
                close = 0;
            p++;
        }
        if (push_token(r, &cur, start, (size_t)(p - start)) != SG_OK)
            return r->ctx->status;
    }
    return SG_OK;
}

/* The column just past the end of a line, for "something is missing". */
static unsigned long end_column(const line_view *lv)
{
    size_t n = lv->len;
    while (n && (lv->p[n - 1] == ' ' || lv->p[n - 1] == '\t'))
        n--;
    return column_at(lv->p, lv->p + n);
}

/* ------------------------------------------------------------------------ */
/* Positions and answers                                                    */
/* ------------------------------------------------------------------------ */

static bool find_name(const reader *r, const char *s, size_t len,
                      uint64_t *x)
{
    return r->game->ops->find_position(r->game, s, len, x);
}

/* Reads the position a token names: a heap size ("4", "sg(4)") or, for a
 * game read from a DOT file, a node's name. */
static sg_status parse_position(reader *r, const token *t, unsigned long line,
                                uint64_t *x)
{
    char shown[96];
    if (t->len == 0)
        return fail_at(r, line, t->col, "an empty field where a position "
                       "belongs");
    if (r->named) {
        if (find_name(r, t->p, t->len, x))
            return SG_OK;
        const char *s = t->p;
        size_t len = t->len;
        strip_decoration(&s, &len);
        if (len != t->len && find_name(r, s, len, x))
            return SG_OK;
        return fail_at(r, line, t->col, "%s has no node \"%s\"",
                       r->game->spec, quoted(t, shown, sizeof shown));
    }
    const char *s = t->p;
    size_t len = t->len;
    strip_decoration(&s, &len);
    if (!is_digits(s, len))
        return fail_at(r, line, t->col, "\"%s\" is not a position (x is a "
                       "whole number from 0 up)",
                       quoted(t, shown, sizeof shown));
    uint64_t v;
    if (sg_parse_u64(s, len, SG_SHEET_MAX_POSITIONS - 1, &v) != 0)
        return sg_fail_at(r->ctx, SG_ELIMIT, r->origin, line, t->col,
                          "x = %s is too large: a homework sheet holds "
                          "positions 0..%llu at most",
                          sg_quote(s, len, shown, sizeof shown),
                          (unsigned long long)(SG_SHEET_MAX_POSITIONS - 1));
    if (r->last != UINT64_MAX && v > r->last)
        return fail_at(r, line, t->col, "x = %llu is beyond N = %llu (the "
                       "-n given)", (unsigned long long)v,
                       (unsigned long long)r->last);
    *x = v;
    return SG_OK;
}

/* Reads an answer: an sg value, or a P/N letter.  EXPECT says which the
 * place allows. */
static sg_status parse_answer(reader *r, const token *t, unsigned long line,
                              int expect, bool *has_value, sg_value *value,
                              char *pn)
{
    char shown[96];
    *has_value = false;
    *value = 0;
    *pn = 0;
    if (t->len == 0)
        return fail_at(r, line, t->col, "an empty field where %s belongs",
                       expect == EXPECT_LETTER ? "P or N" : "an sg value");
    char letter = letter_of(t->p, t->len);
    if (letter && expect != EXPECT_VALUE) {
        *pn = letter;
        return SG_OK;
    }
    if (is_digits(t->p, t->len) && expect != EXPECT_LETTER) {
        if (sg_parse_u64(t->p, t->len, SG_AMOUNT_MAX, value) != 0)
            return fail_at(r, line, t->col, "\"%s\" is too large for an sg "
                           "value", quoted(t, shown, sizeof shown));
        *has_value = true;
        return SG_OK;
    }
    quoted(t, shown, sizeof shown);
    if (expect == EXPECT_LETTER || (expect == EXPECT_EITHER &&
                                    r->kind == KIND_LETTERS))
        return fail_at(r, line, t->col, "\"%s\" is neither P nor N", shown);
    if (letter)
        return fail_at(r, line, t->col, "\"%s\" is not a number: this row "
                       "holds sg values, not P/N letters", shown);
    if (expect == EXPECT_VALUE || r->kind == KIND_VALUES)
        return fail_at(r, line, t->col, "\"%s\" is not a number (sg values "
                       "are whole numbers from 0 up)", shown);
    return fail_at(r, line, t->col, "\"%s\" is neither a number (an sg "
                   "value) nor P or N", shown);
}

static sg_status add_entry(reader *r, uint64_t x, bool has_value,
                           sg_value value, char pn, unsigned long line,
                           unsigned long col)
{
    int kind = has_value ? KIND_VALUES : KIND_LETTERS;
    if (r->kind == KIND_UNKNOWN) {
        r->kind = kind;
        r->kind_line = line;
    } else if (r->kind != kind) {
        return fail_at(r, line, col,
                       kind == KIND_LETTERS
                           ? "only a P/N letter here, but the table gives sg "
                             "values from line %lu on; give a value for every "
                             "position, or only letters"
                           : "an sg value here, but the table gives only P/N "
                             "letters from line %lu on; give a value for every "
                             "position, or only letters",
                       r->kind_line);
    }
    sg_sheet *s = r->sheet;
    if (s->count >= SG_SHEET_MAX_POSITIONS)
        return sg_fail_at(r->ctx, SG_ELIMIT, r->origin, line, col,
                          "more than %llu entries: a homework sheet holds "
                          "positions 0..%llu at most",
                          (unsigned long long)SG_SHEET_MAX_POSITIONS,
                          (unsigned long long)(SG_SHEET_MAX_POSITIONS - 1));
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        sg_sheet_entry *grown = sg_grow(r->ctx, s->entries, cap,
                                        sizeof *grown);
        if (!grown)
            return r->ctx->status;
        s->entries = grown;
        s->cap = cap;
    }
    sg_sheet_entry *e = &s->entries[s->count++];
    e->x = x;
    e->has_value = has_value;
    e->value = value;
    e->pn = pn;
    e->line = line;
    e->column = col;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The layouts                                                              */
/* ------------------------------------------------------------------------ */

/* One block of the row layout: an x row and the answers under it. */
typedef struct block {
    uint64_t *xs;
    unsigned long *xcols;
    sg_value *values;
    char *pns;
    size_t n;
    size_t cap;
    unsigned long x_line;
    unsigned long sg_line, pn_line; /* 0: no such row yet */
} block;

static void block_free(block *b)
{
    free(b->xs);
    free(b->xcols);
    free(b->values);
    free(b->pns);
}

static sg_status block_reserve(reader *r, block *b, size_t n)
{
    if (n <= b->cap)
        return SG_OK;
    uint64_t *xs = sg_grow(r->ctx, b->xs, n, sizeof *xs);
    if (!xs)
        return r->ctx->status;
    b->xs = xs;
    unsigned long *xcols = sg_grow(r->ctx, b->xcols, n, sizeof *xcols);
    if (!xcols)
        return r->ctx->status;
    b->xcols = xcols;
    sg_value *values = sg_grow(r->ctx, b->values, n, sizeof *values);
    if (!values)
        return r->ctx->status;
    b->values = values;
    char *pns = sg_grow(r->ctx, b->pns, n, 1);
    if (!pns)
        return r->ctx->status;
    b->pns = pns;
    b->cap = n;
    return SG_OK;
}

/* Turns a complete block into entries. */
static sg_status block_close(reader *r, block *b)
{
    if (!b->x_line)
        return SG_OK;
    if (!b->sg_line && !b->pn_line)
        return fail_at(r, b->x_line, 1, "the x row has no sg or P/N row "
                       "under it");
    for (size_t i = 0; i < b->n; i++) {
        sg_status st = add_entry(r, b->xs[i], b->sg_line != 0, b->values[i],
                                 b->pn_line ? b->pns[i] : 0, b->x_line,
                                 b->xcols[i]);
        if (st != SG_OK)
            return st;
    }
    b->x_line = b->sg_line = b->pn_line = 0;
    b->n = 0;
    return SG_OK;
}

static sg_status parse_rows(reader *r)
{
    block b;
    memset(&b, 0, sizeof b);
    line_view lv;
    int got;
    sg_status st = SG_OK;
    char shown[96];
    while ((got = next_tokens(r, &lv)) == 1) {
        const token *label = &r->toks[0];
        int kind = label_of(label);
        size_t items = r->ntoks - 1;
        if (kind == LABEL_NONE) {
            st = fail_at(r, lv.no, label->col, "\"%s\" starts no row: each "
                         "line of this table starts with x, sg or P/N",
                         quoted(label, shown, sizeof shown));
            goto done;
        }
        if (kind == LABEL_X) {
            if ((st = block_close(r, &b)) != SG_OK)
                goto done;
            if (items == 0) {
                st = fail_at(r, lv.no, end_column(&lv), "the x row is empty");
                goto done;
            }
            if ((st = block_reserve(r, &b, items)) != SG_OK)
                goto done;
            for (size_t i = 0; i < items; i++) {
                const token *t = &r->toks[i + 1];
                if ((st = parse_position(r, t, lv.no, &b.xs[i])) != SG_OK)
                    goto done;
                b.xcols[i] = t->col;
                b.pns[i] = 0;
                b.values[i] = 0;
            }
            b.n = items;
            b.x_line = lv.no;
            continue;
        }
        const char *row = label_name(kind);
        if (!b.x_line) {
            st = fail_at(r, lv.no, label->col, "the %s row has no x row above "
                         "it", row);
            goto done;
        }
        unsigned long *seen = kind == LABEL_SG ? &b.sg_line : &b.pn_line;
        if (*seen) {
            st = fail_at(r, lv.no, label->col, "a second %s row for the x row "
                         "at line %lu (the first is at line %lu)", row,
                         b.x_line, *seen);
            goto done;
        }
        if (items > b.n) {
            st = fail_at(r, lv.no, r->toks[b.n + 1].col, "the %s row is "
                         "longer than the x row at line %lu (%zu entries "
                         "here, %zu positions there)", row, b.x_line, items,
                         b.n);
            goto done;
        }
        if (items < b.n) {
            st = fail_at(r, lv.no, end_column(&lv), "the %s row is shorter "
                         "than the x row at line %lu (%zu entries here, %zu "
                         "positions there)", row, b.x_line, items, b.n);
            goto done;
        }
        for (size_t i = 0; i < items; i++) {
            const token *t = &r->toks[i + 1];
            bool has_value;
            sg_value v;
            char pn;
            st = parse_answer(r, t, lv.no, kind == LABEL_SG ? EXPECT_VALUE
                                                            : EXPECT_LETTER,
                              &has_value, &v, &pn);
            if (st != SG_OK)
                goto done;
            if (kind == LABEL_SG)
                b.values[i] = v;
            else
                b.pns[i] = pn;
        }
        *seen = lv.no;
    }
    if (got < 0) {
        st = r->ctx->status;
        goto done;
    }
    st = block_close(r, &b);
done:
    block_free(&b);
    return st;
}

static sg_status parse_pairs(reader *r)
{
    line_view lv;
    int got;
    char shown[96];
    while ((got = next_tokens(r, &lv)) == 1) {
        if (r->ntoks < 2)
            return fail_at(r, lv.no, end_column(&lv), "expected a "
                           "position and its answer on this line, e.g. \"4 "
                           "2\", \"sg(4) = 2\" or \"4 N\"");
        if (r->ntoks > 3)
            return fail_at(r, lv.no, r->toks[3].col, "unexpected \"%s\": one "
                           "position and its answer a line",
                           quoted(&r->toks[3], shown, sizeof shown));
        uint64_t x;
        if (parse_position(r, &r->toks[0], lv.no, &x) != SG_OK)
            return r->ctx->status;
        bool has_value;
        sg_value v;
        char pn;
        if (parse_answer(r, &r->toks[1], lv.no,
                         r->ntoks == 3 ? EXPECT_VALUE : EXPECT_EITHER,
                         &has_value, &v, &pn) != SG_OK)
            return r->ctx->status;
        if (r->ntoks == 3) {
            bool unused;
            sg_value ignored;
            if (parse_answer(r, &r->toks[2], lv.no, EXPECT_LETTER, &unused,
                             &ignored, &pn) != SG_OK)
                return r->ctx->status;
        }
        if (add_entry(r, x, has_value, v, pn, lv.no, r->toks[0].col) != SG_OK)
            return r->ctx->status;
    }
    return got < 0 ? r->ctx->status : SG_OK;
}

static sg_status parse_csv(reader *r)
{
    line_view lv;
    char shown[96];
    int got = next_tokens(r, &lv);
    if (got < 0)
        return r->ctx->status;
    if (got == 0)
        return SG_OK;
    r->csv_commas = memchr(lv.p, ',', lv.len) != NULL;
    if (tokenize(r, &lv) != SG_OK)
        return r->ctx->status;
    size_t ncols = r->ntoks;
    size_t xcol = SIZE_MAX, sgcol = SIZE_MAX, pncol = SIZE_MAX;
    for (size_t i = 0; i < ncols; i++) {
        const token *t = &r->toks[i];
        int kind = label_of(t);
        size_t *slot = kind == LABEL_X ? &xcol : kind == LABEL_SG ? &sgcol
                       : kind == LABEL_PN ? &pncol : NULL;
        if (!slot)
            return fail_at(r, lv.no, t->col, "unknown column \"%s\" in the "
                           "header (columns are x, sg and P/N)",
                           quoted(t, shown, sizeof shown));
        if (*slot != SIZE_MAX)
            return fail_at(r, lv.no, t->col, "a second %s column in the "
                           "header", label_name(kind));
        *slot = i;
    }
    if (xcol == SIZE_MAX)
        return fail_at(r, lv.no, 1, "the header has no x column");
    if (sgcol == SIZE_MAX && pncol == SIZE_MAX)
        return fail_at(r, lv.no, end_column(&lv), "the header has no sg or "
                       "P/N column");
    unsigned long header = lv.no;
    while ((got = next_tokens(r, &lv)) == 1) {
        if (r->ntoks > ncols)
            return fail_at(r, lv.no, r->toks[ncols].col, "this row has more "
                           "fields (%zu) than the header at line %lu (%zu)",
                           r->ntoks, header, ncols);
        if (r->ntoks < ncols)
            return fail_at(r, lv.no, end_column(&lv), "this row has fewer "
                           "fields (%zu) than the header at line %lu (%zu)",
                           r->ntoks, header, ncols);
        uint64_t x;
        if (parse_position(r, &r->toks[xcol], lv.no, &x) != SG_OK)
            return r->ctx->status;
        bool has_value = false, unused;
        sg_value v = 0, ignored;
        char pn = 0, no_letter;
        if (sgcol != SIZE_MAX &&
            parse_answer(r, &r->toks[sgcol], lv.no, EXPECT_VALUE, &has_value,
                         &v, &no_letter) != SG_OK)
            return r->ctx->status;
        if (pncol != SIZE_MAX &&
            parse_answer(r, &r->toks[pncol], lv.no, EXPECT_LETTER, &unused,
                         &ignored, &pn) != SG_OK)
            return r->ctx->status;
        if (add_entry(r, x, has_value, v, pn, lv.no, r->toks[xcol].col) !=
            SG_OK)
            return r->ctx->status;
    }
    return got < 0 ? r->ctx->status : SG_OK;
}

/* A bare list of values (LETTERS false) or of P/N letters for x = 0, 1,
 * 2, ...  The first line may start with a label ("sg:", "P/N"). */
static sg_status parse_list(reader *r, bool letters)
{
    line_view lv;
    int got;
    bool first = true;
    uint64_t x = 0;
    char shown[96];
    while ((got = next_tokens(r, &lv)) == 1) {
        size_t i = 0;
        if (first) {
            if (r->named)
                return fail_at(r, lv.no, r->toks[0].col, "a bare list gives "
                               "answers for x = 0, 1, 2, ...; for %s, name "
                               "each node with its answer (\"a 2\", a line "
                               "each)", r->game->spec);
            int label = label_of(&r->toks[0]);
            if (label == (letters ? LABEL_PN : LABEL_SG))
                i = 1;
            first = false;
        }
        for (; i < r->ntoks; i++) {
            const token *t = &r->toks[i];
            if (letters && is_letter_run(t)) {
                for (size_t k = 0; k < t->len; k++, x++) {
                    if (r->last != UINT64_MAX && x > r->last)
                        return fail_at(r, lv.no, t->col + k, "x = %llu is "
                                       "beyond N = %llu (the -n given)",
                                       (unsigned long long)x,
                                       (unsigned long long)r->last);
                    if (add_entry(r, x, false, 0, letter_of(t->p + k, 1),
                                  lv.no, t->col + k) != SG_OK)
                        return r->ctx->status;
                }
                continue;
            }
            if (letters) {
                /* Point at the first character that is not a letter. */
                size_t k = 0;
                while (k < t->len && letter_of(t->p + k, 1))
                    k++;
                size_t n = 1;
                while (k + n < t->len &&
                       ((unsigned char)t->p[k + n] & 0xC0) == 0x80)
                    n++;
                return fail_at(r, lv.no, column_at(lv.p, t->p + k),
                               "\"%s\" is neither P nor N",
                               sg_quote(t->p + k, n, shown, sizeof shown));
            }
            bool has_value;
            sg_value v;
            char pn;
            if (parse_answer(r, t, lv.no, EXPECT_VALUE, &has_value, &v,
                             &pn) != SG_OK)
                return r->ctx->status;
            if (r->last != UINT64_MAX && x > r->last)
                return fail_at(r, lv.no, t->col, "x = %llu is beyond N = %llu "
                               "(the -n given)", (unsigned long long)x,
                               (unsigned long long)r->last);
            if (add_entry(r, x, true, v, 0, lv.no, t->col) != SG_OK)
                return r->ctx->status;
            x++;
        }
    }
    return got < 0 ? r->ctx->status : SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Detection                                                                */
/* ------------------------------------------------------------------------ */

/* Whether the tokens of a line have the shape of an "x value" pair: two
 * tokens, or three with a P/N letter last. */
static bool pair_shape(const reader *r)
{
    if (!r->named && r->ntoks && !is_digits(r->toks[0].p, r->toks[0].len)) {
        const char *s = r->toks[0].p;
        size_t len = r->toks[0].len;
        strip_decoration(&s, &len);
        if (!is_digits(s, len))
            return false;
    }
    return r->ntoks == 2 ||
           (r->ntoks == 3 && letter_of(r->toks[2].p, r->toks[2].len));
}

/* Looks at the first lines and picks a layout.  Errors while looking (a
 * line too long) are left for the real reading to report. */
static sg_status detect(reader *r, sg_sheet_form *form)
{
    line_view first, second;
    size_t start = r->pos;
    unsigned long start_line = r->lineno;
    *form = SG_SHEET_LIST;
    int got = next_tokens(r, &first);
    if (got <= 0)
        goto out;
    int label = label_of(&r->toks[0]);
    bool all_labels = r->ntoks >= 2, any_number = false, has_x = false;
    for (size_t i = 0; i < r->ntoks; i++) {
        int l = label_of(&r->toks[i]);
        if (l == LABEL_NONE && i > 0)
            all_labels = false;
        has_x |= l == LABEL_X;
        if (i > 0 && is_digits(r->toks[i].p, r->toks[i].len))
            any_number = true;
    }
    if (all_labels && has_x && label != LABEL_NONE) {
        *form = SG_SHEET_CSV;
        goto out;
    }
    const char *s = r->toks[0].p;
    size_t len = r->toks[0].len;
    strip_decoration(&s, &len);
    bool decorated = len != r->toks[0].len;
    /* "PNPXN" is a slip of the pen in a list of letters, not a list of
     * values that starts with a word. */
    bool letters = letter_of(r->toks[0].p, 1) != 0;
    bool first_pair = pair_shape(r);
    size_t ntoks = r->ntoks;
    if (label == LABEL_X) {
        /* "x 0 1 2" starts the rows of the worked example; "x,sg,pn" is a
         * header.  Node names after "x" start rows when the next line is
         * an sg or P/N row. */
        if (all_labels) {
            *form = SG_SHEET_CSV;
            goto out;
        }
        if (!r->named) {
            *form = any_number ? SG_SHEET_ROWS : SG_SHEET_CSV;
            goto out;
        }
        got = next_tokens(r, &second);
        if (got == 1 &&
            (label_of(&r->toks[0]) == LABEL_SG ||
             label_of(&r->toks[0]) == LABEL_PN)) {
            *form = SG_SHEET_ROWS;
            goto out;
        }
    }
    if (label == LABEL_SG && ntoks >= 2) {
        *form = SG_SHEET_LIST;
        goto out;
    }
    if (label == LABEL_PN && ntoks >= 2) {
        *form = SG_SHEET_PN;
        goto out;
    }
    /* A game read from a DOT file names its positions, so its sheets are
     * pairs; a long first line is a bare list, which the reader refuses
     * with a word on naming the nodes. */
    if (r->named && ntoks > 3) {
        *form = letters ? SG_SHEET_PN : SG_SHEET_LIST;
        goto out;
    }
    if (r->named || decorated || (first.assign && first_pair)) {
        *form = SG_SHEET_PAIRS;
        goto out;
    }
    /* Two numbers a line could also be a list written two values a line;
     * two such lines in a row are taken as pairs, which the duplicate and
     * gap checks then confirm or refuse. */
    if (first_pair) {
        got = next_tokens(r, &second);
        if (got == 1 && pair_shape(r)) {
            *form = SG_SHEET_PAIRS;
            goto out;
        }
    }
    *form = letters ? SG_SHEET_PN : SG_SHEET_LIST;
out:
    r->pos = start;
    r->lineno = start_line;
    sg_ctx_clear(r->ctx);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Checks on the whole sheet                                                */
/* ------------------------------------------------------------------------ */

static int compare_entries(const void *a, const void *b)
{
    const sg_sheet_entry *x = a, *y = b;
    if (x->x != y->x)
        return x->x < y->x ? -1 : 1;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->column < y->column ? -1 : (x->column > y->column);
}

static void describe_position(const reader *r, uint64_t x, char *buf,
                              size_t size)
{
    char tmp[24];
    if (r->named)
        snprintf(buf, size, "node %s", sg_game_position_name(r->game, x,
                                                             tmp, sizeof tmp));
    else
        snprintf(buf, size, "x = %llu", (unsigned long long)x);
}

/* Sorts the entries by position and refuses duplicates and gaps, naming
 * the first one in the file. */
static sg_status check_entries(reader *r)
{
    sg_sheet *s = r->sheet;
    qsort(s->entries, s->count, sizeof *s->entries, compare_entries);
    /* After sorting, equal positions are neighbours; of all the repeated
     * entries, the one written first in the file is reported. */
    const sg_sheet_entry *dup = NULL, *dup_first = NULL;
    for (size_t i = 1; i < s->count; i++) {
        const sg_sheet_entry *a = &s->entries[i - 1], *b = &s->entries[i];
        if (a->x != b->x)
            continue;
        if (!dup || b->line < dup->line ||
            (b->line == dup->line && b->column < dup->column)) {
            dup = b;
            dup_first = a;
            /* The first of a run of equal positions is its first in the
             * file too (the sort breaks ties by place). */
            while (dup_first > s->entries && dup_first[-1].x == b->x)
                dup_first--;
        }
    }
    if (dup) {
        char what[160];
        describe_position(r, dup->x, what, sizeof what);
        return fail_at(r, dup->line, dup->column, "%s appears twice (first "
                       "at line %lu)", what, dup_first->line);
    }
    if (r->named)
        return SG_OK;
    for (size_t i = 1; i < s->count; i++) {
        const sg_sheet_entry *a = &s->entries[i - 1], *b = &s->entries[i];
        if (b->x == a->x + 1)
            continue;
        if (b->x == a->x + 2)
            return fail_at(r, b->line, b->column, "a gap in x: x = %llu "
                           "follows x = %llu, and x = %llu is missing",
                           (unsigned long long)b->x, (unsigned long long)a->x,
                           (unsigned long long)(a->x + 1));
        return fail_at(r, b->line, b->column, "a gap in x: x = %llu follows "
                       "x = %llu, and x = %llu..%llu are missing",
                       (unsigned long long)b->x, (unsigned long long)a->x,
                       (unsigned long long)(a->x + 1),
                       (unsigned long long)(b->x - 1));
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The public face                                                          */
/* ------------------------------------------------------------------------ */

static const char *const form_names[] = {"auto", "rows", "pairs", "csv",
                                         "list", "pn", NULL};

sg_status sg_sheet_form_parse(sg_ctx *ctx, const char *option,
                              const char *name, sg_sheet_form *form)
{
    int i = sg_pick_name(ctx, name, form_names, option, "layout");
    if (i < 0)
        return SG_EINPUT;
    *form = (sg_sheet_form)i;
    return SG_OK;
}

const char *sg_sheet_form_name(sg_sheet_form form)
{
    /* The last entry of form_names is the NULL that ends the list. */
    if ((size_t)form < sizeof form_names / sizeof form_names[0] - 1)
        return form_names[form];
    return "?";
}

void sg_sheet_free(sg_sheet *sheet)
{
    if (!sheet)
        return;
    free(sheet->origin);
    free(sheet->entries);
    free(sheet);
}

sg_sheet *sg_sheet_parse(sg_ctx *ctx, const sg_game *game, const char *text,
                         size_t len, const char *origin, sg_sheet_form form,
                         uint64_t last)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    r.game = game;
    r.origin = origin;
    r.named = !sg_game_numbered(game);
    r.last = last;
    if (len > SG_SHEET_MAX_BYTES) {
        char lim[32];
        sg_format_bytes(SG_SHEET_MAX_BYTES, lim, sizeof lim);
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: the file is larger than %s, more "
                    "than a homework sheet holds", origin, lim);
        return NULL;
    }
    if (len == 0) {
        sg_fail_at(ctx, SG_EINPUT, origin, 1, 1, "the file is empty");
        return NULL;
    }
    r.text = text;
    r.len = len;
    if (check_text(&r) != SG_OK)
        return NULL;
    /* A byte order mark, as some editors write, is no part of the table. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.pos = 3;

    sg_sheet *s = sg_alloc(ctx, 1, sizeof *s);
    if (!s)
        return NULL;
    r.sheet = s;
    s->origin = sg_strdup(ctx, origin);
    if (!s->origin)
        goto fail;
    if (form == SG_SHEET_AUTO && detect(&r, &form) != SG_OK)
        goto fail;
    s->form = form;
    sg_status st;
    switch (form) {
    case SG_SHEET_ROWS: st = parse_rows(&r); break;
    case SG_SHEET_PAIRS: st = parse_pairs(&r); break;
    case SG_SHEET_CSV: st = parse_csv(&r); break;
    case SG_SHEET_PN: st = parse_list(&r, true); break;
    default: st = parse_list(&r, false); break;
    }
    if (st != SG_OK)
        goto fail;
    if (s->count == 0) {
        sg_fail_at(ctx, SG_EINPUT, origin, r.lineno ? r.lineno : 1, 1,
                   "no entries: the file holds only %s",
                   form == SG_SHEET_CSV ? "a header, blank lines and comments"
                                        : "blank lines and comments");
        goto fail;
    }
    if (check_entries(&r) != SG_OK)
        goto fail;
    s->has_values = r.kind == KIND_VALUES;
    free(r.toks);
    return s;
fail:
    free(r.toks);
    sg_sheet_free(s);
    return NULL;
}

sg_sheet *sg_sheet_read(sg_ctx *ctx, const sg_game *game, const char *path,
                        sg_sheet_form form, uint64_t last)
{
    size_t len;
    char *text = sg_read_file(ctx, path, "homework sheet", SG_SHEET_MAX_BYTES,
                              &len);
    if (!text)
        return NULL;
    sg_sheet *s = sg_sheet_parse(ctx, game, text, len,
                                 strcmp(path, "-") == 0 ? "(standard input)"
                                                        : path,
                                 form, last);
    free(text);
    return s;
}

sg_sheet_form sg_sheet_form_of(const sg_sheet *sheet) { return sheet->form; }

const sg_sheet_entry *sg_sheet_entries(const sg_sheet *sheet, size_t *count)
{
    *count = sheet->count;
    return sheet->entries;
}

int sg_sheet_has_values(const sg_sheet *sheet) { return sheet->has_values; }

const char *sg_sheet_origin(const sg_sheet *sheet) { return sheet->origin; }
