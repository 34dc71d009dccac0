/*
 * grade.c - one student's files graded against an assignment: finding
 * each question's answers wherever the student put them, reading them for
 * that question's game, and saying what a human must look at.
 *
 * A file becomes one or more documents (a text file is one; a workbook is
 * one per sheet; an archive is one per file inside), and a document
 * becomes pieces, each placed under a question or under none:
 *   - a JSON object whose keys name questions ({"q1": [...]}) gives one
 *     piece per key;
 *   - a table whose header names questions (x | Q1 | Q2) one per column;
 *   - headings ("Q1", "Question 2", "Aufgabe 3", "第4题", "5.") split the
 *     text between them;
 *   - otherwise the whole document is one piece, placed by its name
 *     (q1.txt, hw3_q2.csv, a sheet called "Q2"), or by nothing when the
 *     assignment has one question.
 * A piece keeps every line where it was (the rest blanked), so that a
 * message's FILE:LINE:COLUMN still points where the student looks.
 *
 * Nothing is guessed: a piece that names no question, two pieces for one
 * question, a file that cannot be read, values of another game -- each is
 * a line in the "needs a human" list, naming the file to open.
 */
#include "check/check.h"
#include "check/reader.h"
#include "check/grade.h"
#include "games/game.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------------ */
/* Which question a word names                                              */
/* ------------------------------------------------------------------------ */

/* The question numbered N, or -1. */
static int question_numbered(const sg_assignment *a, unsigned long n)
{
    for (size_t i = 0; i < sg_assignment_count(a); i++)
        if (sg_assignment_question(a, i)->number == n)
            return (int)i;
    return -1;
}

/* The question that WORD[0..len) names as a heading or a label: "Q1",
 * "q1", "Question 1", "Aufgabe 1", "Problem 1", "Task 1", "Exercise 1",
 * "第1题", "题1", or the section's own name; with BARE, also "1." and
 * "1)".  *USED receives the bytes the label takes.  Returns the question's
 * index or -1. */
static int question_of(const sg_assignment *a, const char *word, size_t len,
                       bool bare, size_t *used)
{
    static const char *const words[] = {
        "question", "aufgabe", "problem", "exercise", "task", "frage",
        "q", NULL};
    /* The section's own name, as written. */
    for (size_t i = 0; i < sg_assignment_count(a); i++) {
        const char *k = sg_assignment_question(a, i)->key;
        size_t kl = strlen(k);
        if (len >= kl && strncasecmp(word, k, kl) == 0 &&
            (len == kl || !((word[kl] >= '0' && word[kl] <= '9') ||
                            (word[kl] >= 'a' && word[kl] <= 'z') ||
                            (word[kl] >= 'A' && word[kl] <= 'Z')))) {
            *used = kl;
            return (int)i;
        }
    }
    size_t i = 0;
    if (len >= 3 && strncmp(word, "第", 3) == 0) {
        /* 第1题, 第 1 题 */
        i = 3;
        while (i < len && word[i] == ' ')
            i++;
        size_t d = i;
        while (i < len && word[i] >= '0' && word[i] <= '9')
            i++;
        if (i == d)
            return -1;
        unsigned long n = strtoul(word + d, NULL, 10);
        while (i < len && word[i] == ' ')
            i++;
        if (i + 3 <= len && (strncmp(word + i, "题", 3) == 0 ||
                             strncmp(word + i, "問", 3) == 0)) {
            *used = i + 3;
            return question_numbered(a, n);
        }
        return -1;
    }
    if (len >= 3 && strncmp(word, "题", 3) == 0) {
        i = 3;
        while (i < len && word[i] == ' ')
            i++;
    } else {
        for (int w = 0; words[w]; w++) {
            size_t wl = strlen(words[w]);
            if (len > wl && strncasecmp(word, words[w], wl) == 0) {
                size_t k = wl;
                while (k < len && (word[k] == ' ' || word[k] == '.' ||
                                   word[k] == '_' || word[k] == '-'))
                    k++;
                if (k < len && word[k] >= '0' && word[k] <= '9') {
                    i = k;
                    break;
                }
            }
        }
        if (i == 0 && !bare)
            return -1;
    }
    size_t d = i;
    while (i < len && word[i] >= '0' && word[i] <= '9')
        i++;
    if (i == d || i - d > 3)
        return -1;
    unsigned long n = strtoul(word + d, NULL, 10);
    if (d == 0) {
        /* "1." or "1)" alone, then nothing or words. */
        if (i >= len || (word[i] != '.' && word[i] != ')'))
            return -1;
        i++;
        if (i < len && word[i] != ' ' && word[i] != '\t')
            return -1;
    } else if (i < len && ((word[i] >= '0' && word[i] <= '9') ||
                           (word[i] >= 'a' && word[i] <= 'z') ||
                           (word[i] >= 'A' && word[i] <= 'Z'))) {
        /* "q1a", "task12x": no label. */
        return -1;
    }
    *used = i;
    return question_numbered(a, n);
}

/* The question a file's or a sheet's NAME names: a part of it between
 * '_', '-', ' ' or '.' that is a label ("hw3_q2.csv", "Q1 answers.txt",
 * "Aufgabe 3.txt"), else -1. */
static int question_of_name(const sg_assignment *a, const char *name)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    size_t n = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot > base)
        n = (size_t)(dot - base);
    int found = -1;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && !strchr("_- .([", base[i - 1]))
            continue;
        size_t used;
        int q = question_of(a, base + i, n - i, false, &used);
        if (q >= 0 && (i + used == n || strchr("_- .)]", base[i + used]))) {
            if (found >= 0 && found != q)
                return -1; /* names two questions: no placing by name */
            found = q;
        }
    }
    return found;
}

/* ------------------------------------------------------------------------ */
/* Pieces                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct piece {
    int question;         /* -1: placed nowhere */
    char *origin;         /* the file, and the sheet or key: "hw.json [q2]" */
    char *text;           /* UTF-8, lines where they were */
    size_t len;
    bool by_name;         /* placed by the file's or sheet's name */
} piece;

typedef struct pieces {
    piece *p;
    size_t n, cap;
} pieces;

static void pieces_free(pieces *ps)
{
    for (size_t i = 0; i < ps->n; i++) {
        free(ps->p[i].origin);
        free(ps->p[i].text);
    }
    free(ps->p);
    memset(ps, 0, sizeof *ps);
}

/* Adds a piece (TEXT is taken over). */
static sg_status add_piece(sg_ctx *ctx, pieces *ps, int question,
                           const char *origin, const char *label, char *text,
                           size_t len)
{
    if (ps->n == ps->cap) {
        size_t cap = ps->cap ? ps->cap * 2 : 8;
        piece *grown = sg_grow(ctx, ps->p, cap, sizeof *grown);
        if (!grown) {
            free(text);
            return SG_ENOMEM;
        }
        ps->p = grown;
        ps->cap = cap;
    }
    piece *p = &ps->p[ps->n];
    memset(p, 0, sizeof *p);
    p->question = question;
    p->text = text;
    p->len = len;
    sg_buf b;
    sg_buf_init(&b);
    sg_buf_puts(&b, origin);
    if (label) {
        sg_buf_puts(&b, " [");
        sg_buf_puts(&b, label);
        sg_buf_putc(&b, ']');
    }
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        free(text);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    p->origin = b.data;
    ps->n++;
    return SG_OK;
}

/* A copy of TEXT with every byte outside [from, to) blanked, line ends
 * kept, so that positions inside stay where they were. */
static char *keep_range(sg_ctx *ctx, const char *text, size_t len,
                        size_t from, size_t to)
{
    char *c = sg_alloc_raw(ctx, len + 1, 1);
    if (!c)
        return NULL;
    for (size_t i = 0; i < len; i++)
        c[i] = (i >= from && i < to) || text[i] == '\n' ? text[i] : ' ';
    c[len] = '\0';
    return c;
}

/* The line starts of TEXT: *STARTS[i] is where line i+1 starts; the last
 * entry is LEN. */
static size_t *line_starts(sg_ctx *ctx, const char *text, size_t len,
                           size_t *nlines)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    size_t *s = sg_alloc(ctx, n + 1, sizeof *s);
    if (!s)
        return NULL;
    size_t k = 0;
    s[k++] = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            s[k++] = i + 1;
    s[k] = len;
    *nlines = n;
    return s;
}

/* Line K of TEXT (LS from line_starts()) and, in *N, its length without
 * its line end. */
static const char *line_at(const char *text, const size_t *ls, size_t k,
                           size_t *n)
{
    const char *l = text + ls[k];
    size_t len = ls[k + 1] - ls[k];
    while (len && (l[len - 1] == '\n' || l[len - 1] == '\r'))
        len--;
    *n = len;
    return l;
}

/* The first word of a line after its markup: "## Q1", "**Question 2**",
 * "\section{Aufgabe 3}", "| Q1 |".  Returns where it starts. */
static size_t after_markup(const char *l, size_t n)
{
    size_t i = 0;
    for (;;) {
        while (i < n && strchr(" \t#*=>|_", l[i]))
            i++;
        if (i < n && l[i] == '\\') {
            size_t b = i + 1;
            while (b < n && ((l[b] >= 'a' && l[b] <= 'z') || l[b] == '*'))
                b++;
            if (b < n && l[b] == '{') {
                i = b + 1;
                continue;
            }
        }
        if (i + 3 <= n && strncmp(l + i, "<h", 2) == 0) {
            const char *gt = memchr(l + i, '>', n - i);
            if (gt) {
                i = (size_t)(gt - l) + 1;
                continue;
            }
        }
        return i;
    }
}

/* Whether a person line ("Name: ...", "学号：...") stands at L. */
static bool person_line(const char *l, size_t n)
{
    size_t i = 0;
    while (i < n && (l[i] == ' ' || l[i] == '\t'))
        i++;
    size_t e = i;
    while (e < n && l[e] != ':' && l[e] != '=' &&
           !(e + 3 <= n && strncmp(l + e, "：", 3) == 0))
        e++;
    return e < n && e > i && sg_word_person(l + i, e - i) != 0;
}

/* Splits TEXT at headings.  Returns 1 when it has any (the pieces are
 * added), 0 when it has none, or a negative status. */
static int split_headings(sg_ctx *ctx, const sg_assignment *a,
                          const char *origin, const char *text, size_t len,
                          pieces *ps)
{
    size_t nl;
    size_t *ls = line_starts(ctx, text, len, &nl);
    if (!ls)
        return -SG_ENOMEM;
    int *head = sg_alloc(ctx, nl ? nl : 1, sizeof *head);
    if (!head) {
        free(ls);
        return -SG_ENOMEM;
    }
    size_t nheads = 0, nbare = 0;
    for (size_t k = 0; k < nl; k++) {
        head[k] = -1;
        size_t n;
        const char *l = line_at(text, ls, k, &n);
        size_t at = after_markup(l, n);
        size_t used;
        int q = question_of(a, l + at, n - at, true, &used);
        if (q < 0)
            continue;
        /* "1. 0 1 0 1" is no heading: the rest of a bare number's line
         * holds words, not a table. */
        bool bare = at + used <= n && l[at] >= '0' && l[at] <= '9';
        if (bare) {
            bool digit = false;
            for (size_t i = at + used; i < n; i++)
                digit |= l[i] >= '0' && l[i] <= '9';
            if (digit)
                continue;
            nbare++;
        }
        head[k] = q;
        nheads++;
    }
    /* Bare numbers head questions only when there are two or more. */
    if (nheads == nbare && nbare < 2)
        nheads = 0;
    int rc = 0;
    if (nheads > 0) {
        rc = 1;
        for (size_t k = 0; k < nl && rc == 1; k++) {
            if (head[k] < 0)
                continue;
            size_t end = k + 1;
            while (end < nl && head[end] < 0)
                end++;
            /* The heading's line goes in blanked up to the label's end:
             * "Q1: 0 1 0 1" keeps its table. */
            size_t n;
            const char *l = line_at(text, ls, k, &n);
            size_t at = after_markup(l, n), used = 0;
            question_of(a, l + at, n - at, true, &used);
            char *c = keep_range(ctx, text, len, ls[k] + at + used, ls[end]);
            if (!c) {
                rc = -SG_ENOMEM;
                break;
            }
            /* Lines naming the student, above the first heading, stay. */
            for (size_t j = 0; j < k; j++)
                if (person_line(text + ls[j], ls[j + 1] - ls[j]))
                    memcpy(c + ls[j], text + ls[j], ls[j + 1] - ls[j]);
            char label[64];
            snprintf(label, sizeof label, "%s",
                     sg_assignment_question(a, (size_t)head[k])->key);
            char where[96];
            snprintf(where, sizeof where, "line %zu", k + 1);
            if (add_piece(ctx, ps, head[k], origin, where, c, len) != SG_OK)
                rc = -SG_ENOMEM;
        }
    }
    free(head);
    free(ls);
    return rc;
}

/* The cells of line L split by DELIM: their starts and ends. */
static size_t split_cells(const char *l, size_t n, char delim, size_t *b,
                          size_t *e, size_t max)
{
    size_t k = 0, i = 0;
    if (delim == '|' && i < n && l[i] == '|')
        i++;
    while (i <= n && k < max) {
        size_t s = i;
        while (i < n && l[i] != delim)
            i++;
        size_t x = i;
        while (s < x && (l[s] == ' ' || l[s] == '\t' || l[s] == '"'))
            s++;
        while (x > s && (l[x - 1] == ' ' || l[x - 1] == '\t' ||
                         l[x - 1] == '"' || l[x - 1] == '\r'))
            x--;
        if (!(delim == '|' && i >= n && s == x))
            b[k] = s, e[k++] = x;
        i++;
    }
    return k;
}

#define MAX_COLUMNS 32

/* Splits a wide table whose header names questions (x | Q1 | Q2 | Q3)
 * into one piece per question column.  Returns 1, 0 when there is none,
 * or a negative status. */
static int split_columns(sg_ctx *ctx, const sg_assignment *a,
                         const char *origin, const char *text, size_t len,
                         pieces *ps)
{
    size_t nl;
    size_t *ls = line_starts(ctx, text, len, &nl);
    if (!ls)
        return -SG_ENOMEM;
    int rc = 0;
    for (size_t k = 0; k < nl && rc == 0; k++) {
        size_t n;
        const char *l = line_at(text, ls, k, &n);
        static const char delims[] = {'\t', ';', ',', '|'};
        for (size_t d = 0; d < sizeof delims && rc == 0; d++) {
            if (!memchr(l, delims[d], n))
                continue;
            size_t b[MAX_COLUMNS], e[MAX_COLUMNS];
            size_t nc = split_cells(l, n, delims[d], b, e, MAX_COLUMNS);
            int col_q[MAX_COLUMNS];
            size_t named = 0;
            for (size_t c = 0; c < nc; c++) {
                size_t used;
                col_q[c] = question_of(a, l + b[c], e[c] - b[c], false, &used);
                if (col_q[c] >= 0 && used != e[c] - b[c])
                    col_q[c] = -1;
                named += col_q[c] >= 0;
            }
            if (named < 2 || col_q[0] >= 0)
                continue;
            /* The x column is the first; each question's piece holds it
             * and that question's column, line for line. */
            rc = 1;
            for (size_t c = 1; c < nc && rc == 1; c++) {
                if (col_q[c] < 0)
                    continue;
                sg_buf out;
                sg_buf_init(&out);
                for (size_t j = 0; j < nl; j++) {
                    size_t nj;
                    const char *lj = line_at(text, ls, j, &nj);
                    if (j == k) {
                        sg_buf_printf(&out, "%.*s\tsg", (int)(e[0] - b[0]),
                                      l + b[0]);
                    } else if (j > k) {
                        size_t bj[MAX_COLUMNS], ej[MAX_COLUMNS];
                        size_t ncj = split_cells(lj, nj, delims[d], bj, ej,
                                                 MAX_COLUMNS);
                        bool rule = nj > 0 && strspn(lj, "|-: \t") == nj;
                        if (ncj > c && !rule)
                            sg_buf_printf(&out, "%.*s\t%.*s",
                                          (int)(ej[0] - bj[0]), lj + bj[0],
                                          (int)(ej[c] - bj[c]), lj + bj[c]);
                        else if (ncj > 0 && !rule)
                            sg_buf_printf(&out, "%.*s\t", (int)(ej[0] - bj[0]),
                                          lj + bj[0]);
                    } else if (person_line(lj, nj)) {
                        sg_buf_add(&out, lj, nj);
                    }
                    sg_buf_putc(&out, '\n');
                }
                sg_buf_putc(&out, '\0');
                if (out.failed) {
                    sg_buf_free(&out);
                    rc = -SG_ENOMEM;
                    break;
                }
                char label[96];
                snprintf(label, sizeof label, "column %.*s",
                         (int)(e[c] - b[c]), l + b[c]);
                if (add_piece(ctx, ps, col_q[c], origin, label, out.data,
                              out.len - 1) != SG_OK)
                    rc = -SG_ENOMEM;
            }
        }
    }
    free(ls);
    return rc;
}

/* Splits a JSON object keyed by questions.  Returns 1, 0, or a negative
 * status. */
static int split_json(sg_ctx *ctx, const sg_assignment *a, const char *lang,
                      const char *origin, const char *text, size_t len,
                      pieces *ps)
{
    size_t i = 0;
    while (i < len && strchr(" \t\r\n", text[i]))
        i++;
    if (i >= len || text[i] != '{')
        return 0;
    reader r;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    r.lang = lang;
    r.origin = origin;
    r.text.data = (char *)text;
    r.text.len = len;
    sg_json_member *m;
    size_t n;
    if (sg_json_members(&r, &m, &n) != SG_OK) {
        if (sg_ctx_status(ctx) == SG_ENOMEM)
            return -SG_ENOMEM;
        sg_ctx_clear(ctx); /* the sheet reader will say what is wrong */
        return 0;
    }
    size_t named = 0;
    for (size_t k = 0; k < n; k++) {
        size_t used;
        int q = question_of(a, m[k].key, strlen(m[k].key), false, &used);
        named += q >= 0 && used == strlen(m[k].key);
    }
    int rc = 0;
    if (named > 0) {
        rc = 1;
        for (size_t k = 0; k < n && rc == 1; k++) {
            size_t used;
            int q = question_of(a, m[k].key, strlen(m[k].key), false, &used);
            if (q < 0 || used != strlen(m[k].key))
                continue;
            char *c = keep_range(ctx, text, len, m[k].begin, m[k].end);
            if (!c || add_piece(ctx, ps, q, origin, m[k].key, c, len) != SG_OK)
                rc = -SG_ENOMEM;
        }
    }
    for (size_t k = 0; k < n; k++)
        free(m[k].key);
    free(m);
    return rc;
}

/* Splits one document (UTF-8 TEXT named ORIGIN; LABEL a workbook's sheet
 * name, or NULL; NAME the file's own name) into pieces.  TEXT is taken
 * over. */
static sg_status split_document(sg_ctx *ctx, const sg_assignment *a,
                                const char *lang, const char *origin,
                                const char *label, const char *name,
                                char *text, size_t len, pieces *ps)
{
    int rc = split_json(ctx, a, lang, origin, text, len, ps);
    if (rc == 0)
        rc = split_columns(ctx, a, origin, text, len, ps);
    if (rc == 0)
        rc = split_headings(ctx, a, origin, text, len, ps);
    if (rc < 0) {
        free(text);
        return (sg_status)-rc;
    }
    if (rc > 0) {
        free(text);
        return SG_OK;
    }
    /* One table: placed by the sheet's name, the file's name, or, for an
     * assignment of one question, by that. */
    int q = label ? question_of_name(a, label) : -1;
    if (q < 0)
        q = question_of_name(a, name);
    bool by_name = q >= 0;
    if (q < 0 && sg_assignment_count(a) == 1)
        q = 0;
    sg_status st = add_piece(ctx, ps, q, origin, label, text, len);
    if (st == SG_OK)
        ps->p[ps->n - 1].by_name = by_name;
    return st;
}

/* ------------------------------------------------------------------------ */
/* The result                                                               */
/* ------------------------------------------------------------------------ */

struct sg_graded {
    const sg_assignment *a;
    const char *lang;
    sg_graded_question *q;
    sg_check **checks;       /* per question: the check, or NULL */
    char **why;              /* per question: why it has no grade, or NULL */
    char **human;
    size_t nhuman, human_cap;
    char **read;             /* the files read, for the feedback */
    size_t nread;
    char *student;
};

void sg_graded_free(sg_graded *g)
{
    if (!g)
        return;
    size_t n = sg_assignment_count(g->a);
    for (size_t i = 0; i < n; i++) {
        free((char *)g->q[i].origin);
        sg_check_free(g->checks[i]);
        free(g->why[i]);
    }
    for (size_t i = 0; i < g->nhuman; i++)
        free(g->human[i]);
    for (size_t i = 0; i < g->nread; i++)
        free(g->read[i]);
    free(g->read);
    free(g->human);
    free(g->q);
    free(g->checks);
    free(g->why);
    free(g->student);
    free(g);
}

const sg_graded_question *sg_graded_get(const sg_graded *g, size_t i)
{
    return i < sg_assignment_count(g->a) ? &g->q[i] : NULL;
}

void sg_graded_total(const sg_graded *g, double *points, double *max)
{
    *points = *max = 0;
    for (size_t i = 0; i < sg_assignment_count(g->a); i++) {
        *points += g->q[i].points;
        *max += g->q[i].max;
    }
}

size_t sg_graded_human_count(const sg_graded *g) { return g->nhuman; }

const char *sg_graded_human(const sg_graded *g, size_t i)
{
    return i < g->nhuman ? g->human[i] : NULL;
}

const char *sg_graded_student(const sg_graded *g) { return g->student; }

sg_status sg_graded_add_human(sg_ctx *ctx, sg_graded *g, const char *reason)
{
    if (g->nhuman == g->human_cap) {
        size_t cap = g->human_cap ? g->human_cap * 2 : 8;
        char **grown = sg_grow(ctx, g->human, cap, sizeof *grown);
        if (!grown)
            return SG_ENOMEM;
        g->human = grown;
        g->human_cap = cap;
    }
    char clean[1024];
    g->human[g->nhuman] = sg_strdup(ctx, sg_clean_text(reason, strlen(reason),
                                                       clean, sizeof clean));
    if (!g->human[g->nhuman])
        return SG_ENOMEM;
    g->nhuman++;
    return SG_OK;
}

static sg_status human(sg_ctx *ctx, sg_graded *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static sg_status human(sg_ctx *ctx, sg_graded *g, const char *fmt, ...)
{
    char line[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    return sg_graded_add_human(ctx, g, line);
}

/* The words of the list, in the result's language (a macro, so that the
 * compiler still checks each wording's format against its arguments). */
#define SAY(g, en, zh) (strcmp((g)->lang, "zh") == 0 ? (zh) : (en))

/* ------------------------------------------------------------------------ */
/* Grading                                                                  */
/* ------------------------------------------------------------------------ */

/* Reads FILE into documents and splits them into PS.  A file that cannot
 * be read is listed for a human.  Returns SG_OK or SG_ENOMEM. */
static sg_status file_pieces(sg_ctx *ctx, sg_graded *g, const char *file,
                             const char *name, const sg_grade_opts *opts,
                             pieces *ps)
{
    size_t len;
    char *bytes = sg_sheet_file_read(ctx, g->lang, file,
                                     opts ? opts->inside : NULL, &len);
    if (!bytes) {
        if (sg_ctx_status(ctx) == SG_ENOMEM)
            return SG_ENOMEM;
        sg_status st = human(ctx, g, "%s", sg_ctx_message(ctx));
        sg_ctx_clear(ctx);
        return st;
    }
    sg_docs docs;
    memset(&docs, 0, sizeof docs);
    sg_status st = sg_docs_read(ctx, g->lang, file, name,
                                (const unsigned char *)bytes, len, &docs);
    free(bytes);
    if (st != SG_OK) {
        if (st == SG_ENOMEM)
            return st;
        st = human(ctx, g, "%s", sg_ctx_message(ctx));
        sg_ctx_clear(ctx);
        sg_docs_free(&docs);
        return st;
    }
    for (size_t i = 0; i < docs.n && st == SG_OK; i++) {
        sg_doc *d = &docs.d[i];
        if (d->refused) {
            st = human(ctx, g, "%s", d->refused);
            continue;
        }
        st = split_document(ctx, g->a, g->lang, d->origin, d->label,
                            d->name ? d->name : name, d->text, d->len, ps);
        d->text = NULL;
    }
    sg_docs_free(&docs);
    return st;
}

/* The entries of piece P for the question's game: a sheet, or NULL with
 * the reason in the context. */
static sg_sheet *read_piece(sg_ctx *ctx, const sg_graded *g, const piece *p,
                            const sg_game *game)
{
    sg_sheet_opts so = {.size = sizeof so, .lang = g->lang};
    return sg_sheet_parse(ctx, game, p->text, p->len, p->origin, &so);
}

/* The most points question Q offers when nothing of it was read. */
static double unread_max(const sg_question *q, const sg_game *game,
                         uint64_t *total)
{
    *total = q->has_n ? q->last + 1
             : sg_game_is_finite(game) ? sg_game_position_count(game) : 0;
    const sg_points *p = &q->points;
    if (p->scale > 0)
        return p->scale;
    return (p->value + p->method + p->pn + p->steps + p->list) *
           (double)*total;
}

/* Grades question I from the pieces placed under it. */
static sg_status grade_question(sg_ctx *ctx, sg_graded *g, size_t i,
                                const sg_game *game, const pieces *ps)
{
    const sg_question *q = sg_assignment_question(g->a, i);
    sg_graded_question *r = &g->q[i];
    r->max = unread_max(q, game, &r->total);
    const piece *best = NULL;
    sg_check *check = NULL;
    uint64_t best_count = 0;
    size_t candidates = 0;
    const char *other = NULL;
    for (size_t k = 0; k < ps->n; k++) {
        const piece *p = &ps->p[k];
        if (p->question != (int)i)
            continue;
        candidates++;
        sg_sheet *sheet = read_piece(ctx, g, p, game);
        if (!sheet) {
            if (sg_ctx_status(ctx) == SG_ENOMEM)
                return SG_ENOMEM;
            sg_status st = human(ctx, g, "%s: %s", q->key, sg_ctx_message(ctx));
            sg_ctx_clear(ctx);
            if (st != SG_OK)
                return st;
            continue;
        }
        if (!g->student && sg_sheet_student(sheet)) {
            g->student = sg_strdup(ctx, sg_sheet_student(sheet));
            if (!g->student) {
                sg_sheet_free(sheet);
                return SG_ENOMEM;
            }
        }
        size_t count;
        sg_sheet_entries(sheet, &count);
        sg_check_opts co = {.size = sizeof co, .has_last = q->has_n,
                            .last = q->last};
        sg_check *c = sg_check_new(ctx, game, sheet, &co);
        sg_sheet_free(sheet);
        if (!c) {
            if (sg_ctx_status(ctx) == SG_ENOMEM)
                return SG_ENOMEM;
            sg_status st = human(ctx, g, "%s: %s: %s", q->key, p->origin,
                                 sg_ctx_message(ctx));
            sg_ctx_clear(ctx);
            if (st != SG_OK)
                return st;
            continue;
        }
        if (!check || count > best_count) {
            if (best)
                other = best->origin;
            sg_check_free(check);
            check = c;
            best = p;
            best_count = count;
        } else {
            other = p->origin;
            sg_check_free(c);
        }
    }
    if (!check) {
        if (candidates == 0) {
            g->why[i] = sg_strdup(ctx, SAY(g, "no answer found in the files "
                                              "handed in",
                                           "在交上来的文件里没有找到答案"));
            return g->why[i] ? SG_OK : SG_ENOMEM;
        }
        g->why[i] = sg_strdup(ctx, SAY(g, "the answer could not be read",
                                       "答案无法读取"));
        return g->why[i] ? SG_OK : SG_ENOMEM;
    }
    if (other) {
        sg_status st = human(ctx, g, SAY(g, "%s: answered more than once, in "
                                            "%s and in %s; graded: %s",
                                         "%s：答了不止一次，在 %s 和 %s；"
                                         "评分用的是 %s"),
                             q->key, best->origin, other, best->origin);
        if (st != SG_OK) {
            sg_check_free(check);
            return st;
        }
    }
    /* Values of another game: the student answered another question (or
     * another homework), and the grade would be silently wrong. */
    for (size_t h = 0; h < check->nhints; h++) {
        if (check->hints[h].kind != HINT_GAME)
            continue;
        sg_status st = human(ctx, g, SAY(g, "%s: %s: these are the values of "
                                            "%s, not of %s",
                                         "%s：%s：这些是 %s 的值，不是 %s 的"),
                             q->key, best->origin, check->hints[h].game,
                             sg_game_describe(game));
        if (st != SG_OK) {
            sg_check_free(check);
            return st;
        }
    }
    sg_check_summary sum;
    sg_check_get_summary(check, &sum);
    r->read = 1;
    r->origin = sg_strdup(ctx, best->origin);
    r->right = sum.correct;
    r->total = sum.total;
    sg_check_points(check, &q->points, &r->points, &r->max);
    g->checks[i] = check;
    return r->origin ? SG_OK : SG_ENOMEM;
}

sg_graded *sg_assignment_grade(sg_ctx *ctx, const sg_assignment *a,
                               sg_game *const *games, const char *const *files,
                               const char *const *names, size_t n,
                               const sg_grade_opts *opts)
{
    sg_grade_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_grade_opts, inside),
                         "sg_grade_opts") != SG_OK)
            return NULL;
        opts = &taken;
    }
    size_t nq = sg_assignment_count(a);
    sg_graded *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g)
        return NULL;
    g->a = a;
    g->lang = opts && opts->lang && strcmp(opts->lang, "zh") == 0 ? "zh"
                                                                  : "en";
    g->q = sg_alloc(ctx, nq, sizeof *g->q);
    g->checks = sg_alloc(ctx, nq, sizeof *g->checks);
    g->why = sg_alloc(ctx, nq, sizeof *g->why);
    g->read = sg_alloc(ctx, n ? n : 1, sizeof *g->read);
    if (!g->q || !g->checks || !g->why || !g->read) {
        sg_graded_free(g);
        return NULL;
    }
    pieces ps = {0};
    sg_status st = SG_OK;
    for (size_t f = 0; f < n && st == SG_OK; f++) {
        const char *name = names && names[f] ? names[f] : files[f];
        st = file_pieces(ctx, g, files[f], name, opts, &ps);
        g->read[g->nread] = sg_strdup(ctx, files[f]);
        if (!g->read[g->nread])
            st = SG_ENOMEM;
        else
            g->nread++;
    }
    for (size_t k = 0; k < ps.n && st == SG_OK; k++)
        if (ps.p[k].question < 0)
            st = human(ctx, g, SAY(g, "%s: cannot tell which question this "
                                      "answers (head each table with Q1, "
                                      "Question 1, ... or name the file "
                                      "q1.txt, q2.txt, ...)",
                                   "%s：看不出这是哪一题的答案（请在每个表格前"
                                   "写上 Q1、第1题……，或把文件命名为 q1.txt、"
                                   "q2.txt……）"),
                       ps.p[k].origin);
    for (size_t i = 0; i < nq && st == SG_OK; i++)
        st = grade_question(ctx, g, i, games[i], &ps);
    pieces_free(&ps);
    if (st != SG_OK) {
        if (sg_ctx_status(ctx) == SG_OK)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        sg_graded_free(g);
        return NULL;
    }
    return g;
}

/* ------------------------------------------------------------------------ */
/* Feedback                                                                 */
/* ------------------------------------------------------------------------ */

static void points_text(double v, char *buf, size_t size)
{
    snprintf(buf, size, "%.2f", v);
    /* "0.50" reads "0.5". */
    char *dot = strchr(buf, '.');
    if (dot) {
        size_t n = strlen(buf);
        while (n > 0 && buf[n - 1] == '0')
            buf[--n] = '\0';
        if (n > 0 && buf[n - 1] == '.')
            buf[n - 1] = '\0';
    }
}

void sg_points_text(double v, char *buf, size_t size)
{
    points_text(v, buf, size);
}

sg_status sg_graded_write_feedback(sg_ctx *ctx, const sg_graded *g, FILE *out)
{
    const char *title = sg_assignment_title(g->a);
    double got, most;
    sg_graded_total(g, &got, &most);
    char a[32], b[32];
    points_text(got, a, sizeof a);
    points_text(most, b, sizeof b);
    if (*title)
        fprintf(out, "%s\n", title);
    fprintf(out, SAY(g, "Total: %s of %s points\n", "总分：%s / %s 分\n"), a,
            b);
    for (size_t i = 0; i < sg_assignment_count(g->a); i++) {
        const sg_question *q = sg_assignment_question(g->a, i);
        const sg_graded_question *r = &g->q[i];
        points_text(r->points, a, sizeof a);
        points_text(r->max, b, sizeof b);
        fprintf(out, "\n== %s: ", q->key);
        if (r->read)
            fprintf(out, SAY(g, "%llu of %llu right, %s of %s points (read "
                                "from %s)\n",
                             "答对 %llu / %llu，%s / %s 分（读自 %s）\n"),
                    (unsigned long long)r->right,
                    (unsigned long long)r->total, a, b, r->origin);
        else
            fprintf(out, SAY(g, "0 of %s points: %s\n", "0 / %s 分：%s\n"), b,
                    g->why[i] ? g->why[i] : "");
        if (g->checks[i]) {
            fflush(out);
            if (sg_check_write_report(ctx, g->checks[i], g->lang,
                                      SG_REPORT_TEXT, out) != SG_OK)
                return ctx->status;
        }
    }
    if (g->nread) {
        fputs(SAY(g, "\nFiles read: ", "\n读取的文件："), out);
        for (size_t i = 0; i < g->nread; i++) {
            const char *base = strrchr(g->read[i], '/');
            fprintf(out, "%s%s", i ? ", " : "", base ? base + 1 : g->read[i]);
        }
        fputc('\n', out);
    }
    if (fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the feedback: %s",
                           strerror(errno ? errno : EIO));
    return SG_OK;
}
