/*
 * book.c - a class's grades for an assignment: one record per student, in
 * sgviz's own forms (text, CSV, JSON) and in the gradebook CSV that each
 * learning platform imports as it is.
 *
 * A student whose files could not be read scores 0, never an empty cell:
 * an empty cell imports as "not graded", and the student would look as if
 * nobody had looked.  Every text cell goes through sg_buf_csv_field(),
 * which writes formula-like text the OWASP way.
 */
#include "check/check.h"
#include "check/grade.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct book_row {
    char *id, *name;
    char **files;
    size_t nfiles;
    int late;
    char *excluded;
    char **human;
    size_t nhuman;
    sg_graded_question *q;   /* a copy per question (origin copied too) */
    double points, max;
} book_row;

struct sg_assignment_book {
    sg_ctx *ctx;
    const sg_assignment *a;
    const char *lang;
    book_row *rows;
    size_t n, cap;
};

sg_status sg_book_form_parse(sg_ctx *ctx, const char *name, sg_book_form *form)
{
    static const char *const names[] = {"moodle", "canvas", "blackboard",
                                        NULL};
    int i = sg_pick_name(ctx, name, names, "--gradebook", "gradebook");
    if (i < 0)
        return ctx->status;
    *form = (sg_book_form)(SG_BOOK_MOODLE + i);
    return SG_OK;
}

sg_assignment_book *sg_assignment_book_new(sg_ctx *ctx, const sg_assignment *a,
                                           const char *lang)
{
    sg_assignment_book *b = sg_alloc(ctx, 1, sizeof *b);
    if (!b)
        return NULL;
    b->ctx = ctx;
    b->a = a;
    b->lang = lang && strcmp(lang, "zh") == 0 ? "zh" : "en";
    return b;
}

static void row_free(const sg_assignment *a, book_row *r)
{
    free(r->id);
    free(r->name);
    for (size_t i = 0; i < r->nfiles; i++)
        free(r->files[i]);
    free(r->files);
    free(r->excluded);
    for (size_t i = 0; i < r->nhuman; i++)
        free(r->human[i]);
    free(r->human);
    if (r->q)
        for (size_t i = 0; i < sg_assignment_count(a); i++)
            free((char *)r->q[i].origin);
    free(r->q);
}

void sg_assignment_book_free(sg_assignment_book *book)
{
    if (!book)
        return;
    for (size_t i = 0; i < book->n; i++)
        row_free(book->a, &book->rows[i]);
    free(book->rows);
    free(book);
}

static char *dup_or_null(sg_ctx *ctx, const char *s, bool *failed)
{
    if (!s)
        return NULL;
    char clean[600];
    char *c = sg_strdup(ctx, sg_clean_text(s, strlen(s), clean, sizeof clean));
    if (!c)
        *failed = true;
    return c;
}

sg_status sg_assignment_book_add(sg_assignment_book *book, const char *id,
                                 const char *name, const char *const *files,
                                 size_t nfiles, int late, const sg_graded *g,
                                 const char *excluded)
{
    sg_ctx *ctx = book->ctx;
    if (book->n == book->cap) {
        size_t cap = book->cap ? book->cap * 2 : 64;
        book_row *grown = sg_grow(ctx, book->rows, cap, sizeof *grown);
        if (!grown)
            return SG_ENOMEM;
        book->rows = grown;
        book->cap = cap;
    }
    book_row *r = &book->rows[book->n++];
    memset(r, 0, sizeof *r);
    bool failed = false;
    size_t nq = sg_assignment_count(book->a);
    r->id = dup_or_null(ctx, id, &failed);
    if (!name && g)
        name = sg_graded_student(g);
    r->name = dup_or_null(ctx, name, &failed);
    r->late = late;
    r->excluded = dup_or_null(ctx, excluded, &failed);
    r->files = sg_alloc(ctx, nfiles ? nfiles : 1, sizeof *r->files);
    r->q = sg_alloc(ctx, nq, sizeof *r->q);
    if (!r->files || !r->q)
        return SG_ENOMEM;
    for (size_t i = 0; i < nfiles; i++) {
        r->files[i] = dup_or_null(ctx, files[i], &failed);
        r->nfiles += r->files[i] != NULL;
    }
    if (g) {
        r->human = sg_alloc(ctx, sg_graded_human_count(g) + 1,
                            sizeof *r->human);
        if (!r->human)
            return SG_ENOMEM;
        for (size_t i = 0; i < sg_graded_human_count(g); i++) {
            r->human[i] = dup_or_null(ctx, sg_graded_human(g, i), &failed);
            r->nhuman += r->human[i] != NULL;
        }
        for (size_t i = 0; i < nq; i++) {
            r->q[i] = *sg_graded_get(g, i);
            r->q[i].origin = dup_or_null(ctx, r->q[i].origin, &failed);
        }
        sg_graded_total(g, &r->points, &r->max);
    }
    return failed ? sg_ctx_fail(ctx, SG_ENOMEM, "out of memory") : SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

static void put_points(sg_buf *b, double v)
{
    char t[32];
    sg_points_text(v, t, sizeof t);
    sg_buf_puts(b, t);
}

static void json_str(sg_buf *b, const char *s)
{
    if (!s) {
        sg_buf_puts(b, "null");
        return;
    }
    sg_escape_add(b, SG_ESCAPE_JSON, s, strlen(s), true);
}

/* The most points of the assignment (every student's row has the same
 * maximum; a book of students none of whom was graded has the questions'
 * own). */
static double book_max(const sg_assignment_book *book)
{
    for (size_t i = 0; i < book->n; i++)
        if (!book->rows[i].excluded && book->rows[i].max > 0)
            return book->rows[i].max;
    return 0;
}

static void write_json(const sg_assignment_book *book, sg_buf *b)
{
    size_t nq = sg_assignment_count(book->a);
    sg_buf_puts(b, "[\n");
    for (size_t i = 0; i < book->n; i++) {
        const book_row *r = &book->rows[i];
        sg_buf_puts(b, i ? ",\n{\"id\": " : "{\"id\": ");
        json_str(b, r->id);
        sg_buf_puts(b, ", \"name\": ");
        json_str(b, r->name);
        sg_buf_puts(b, ", \"files\": [");
        for (size_t f = 0; f < r->nfiles; f++) {
            if (f)
                sg_buf_puts(b, ", ");
            json_str(b, r->files[f]);
        }
        sg_buf_printf(b, "], \"late\": %s, \"needs_human\": [",
                      r->late ? "true" : "false");
        for (size_t h = 0; h < r->nhuman; h++) {
            if (h)
                sg_buf_puts(b, ", ");
            json_str(b, r->human[h]);
        }
        sg_buf_puts(b, "], \"excluded\": ");
        if (r->excluded)
            json_str(b, r->excluded);
        else
            sg_buf_puts(b, "false");
        sg_buf_puts(b, ", \"total\": ");
        put_points(b, r->points);
        sg_buf_puts(b, ", \"max\": ");
        put_points(b, r->excluded ? 0 : book_max(book));
        sg_buf_puts(b, ", \"questions\": {");
        for (size_t q = 0; q < nq && !r->excluded; q++) {
            const sg_graded_question *g = &r->q[q];
            if (q)
                sg_buf_puts(b, ", ");
            json_str(b, sg_assignment_question(book->a, q)->key);
            sg_buf_printf(b, ": {\"right\": %llu, \"total\": %llu, "
                             "\"points\": ",
                          (unsigned long long)g->right,
                          (unsigned long long)g->total);
            put_points(b, g->points);
            sg_buf_puts(b, ", \"max\": ");
            put_points(b, g->max);
            sg_buf_puts(b, ", \"read\": ");
            json_str(b, g->read ? g->origin : NULL);
            sg_buf_putc(b, '}');
        }
        sg_buf_puts(b, "}}");
    }
    sg_buf_puts(b, book->n ? "\n]\n" : "]\n");
}

static void csv_points(sg_buf *b, double v)
{
    char t[32];
    sg_points_text(v, t, sizeof t);
    sg_buf_csv_field(b, t);
}

/* The list of a row's reasons for a human, one cell. */
static void csv_joined(sg_buf *b, char *const *items, size_t n,
                       const char *sep)
{
    sg_buf j;
    sg_buf_init(&j);
    for (size_t i = 0; i < n; i++) {
        if (i)
            sg_buf_puts(&j, sep);
        sg_buf_puts(&j, items[i]);
    }
    sg_buf_putc(&j, '\0');
    sg_buf_csv_field(b, j.failed ? "" : j.data);
    if (j.failed)
        b->failed = true;
    sg_buf_free(&j);
}

static void write_csv(const sg_assignment_book *book, sg_buf *b)
{
    size_t nq = sg_assignment_count(book->a);
    sg_buf_puts(b, "id,name,files,late,needs_human,excluded,total,max");
    for (size_t q = 0; q < nq; q++) {
        const char *k = sg_assignment_question(book->a, q)->key;
        static const char *const parts[] = {"right", "total", "points",
                                            "read"};
        for (int p = 0; p < 4; p++) {
            char h[128];
            snprintf(h, sizeof h, "%s %s", k, parts[p]);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, h);
        }
    }
    sg_buf_putc(b, '\n');
    for (size_t i = 0; i < book->n; i++) {
        const book_row *r = &book->rows[i];
        sg_buf_csv_field(b, r->id ? r->id : "");
        sg_buf_putc(b, ',');
        sg_buf_csv_field(b, r->name ? r->name : "");
        sg_buf_putc(b, ',');
        csv_joined(b, r->files, r->nfiles, "; ");
        sg_buf_puts(b, r->late ? ",yes," : ",no,");
        csv_joined(b, r->human, r->nhuman, "; ");
        sg_buf_putc(b, ',');
        sg_buf_csv_field(b, r->excluded ? r->excluded : "");
        sg_buf_putc(b, ',');
        csv_points(b, r->points);
        sg_buf_putc(b, ',');
        csv_points(b, r->excluded ? 0 : book_max(book));
        for (size_t q = 0; q < nq; q++) {
            const sg_graded_question *g = &r->q[q];
            sg_buf_printf(b, ",%llu,%llu,", (unsigned long long)g->right,
                          (unsigned long long)g->total);
            csv_points(b, g->points);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, g->read && g->origin ? g->origin : "");
        }
        sg_buf_putc(b, '\n');
    }
}

/* The cells of a row of the text table: the total, each question, late;
 * the student last, so that a name of any length or script leaves the
 * columns aligned. */
static void text_cells(const sg_assignment_book *book, const book_row *r,
                       bool zh, char cells[][80], size_t ncells)
{
    size_t nq = sg_assignment_count(book->a);
    char a[32], m[32];
    sg_points_text(r->points, a, sizeof a);
    sg_points_text(book_max(book), m, sizeof m);
    snprintf(cells[0], sizeof cells[0], "%s/%s", a, m);
    for (size_t q = 0; q < nq && q + 1 < ncells; q++) {
        const sg_graded_question *g = &r->q[q];
        if (g->read)
            snprintf(cells[q + 1], sizeof cells[q + 1], "%llu/%llu",
                     (unsigned long long)g->right,
                     (unsigned long long)g->total);
        else
            snprintf(cells[q + 1], sizeof cells[q + 1], "-");
    }
    snprintf(cells[nq + 1], sizeof cells[nq + 1], "%s",
             r->late ? (zh ? "迟交" : "late") : "-");
}

static void write_text(const sg_assignment_book *book, sg_buf *b)
{
    size_t nq = sg_assignment_count(book->a);
    size_t nc = nq + 2;
    bool zh = strcmp(book->lang, "zh") == 0;
    const char *title = sg_assignment_title(book->a);
    if (*title)
        sg_buf_printf(b, "%s\n", title);
    char (*head)[80] = calloc(nc, sizeof *head);
    char (*cells)[80] = calloc(nc, sizeof *cells);
    size_t *width = calloc(nc, sizeof *width);
    if (!head || !cells || !width) {
        b->failed = true;
        free(head);
        free(cells);
        free(width);
        return;
    }
    snprintf(head[0], sizeof head[0], "%s", zh ? "总分" : "total");
    for (size_t q = 0; q < nq; q++)
        snprintf(head[q + 1], sizeof head[q + 1], "%s",
                 sg_assignment_question(book->a, q)->key);
    snprintf(head[nq + 1], sizeof head[nq + 1], "%s", zh ? "迟交" : "late");
    for (size_t c = 0; c < nc; c++)
        width[c] = sg_display_width(head[c]);
    for (size_t i = 0; i < book->n; i++) {
        if (book->rows[i].excluded)
            continue;
        text_cells(book, &book->rows[i], zh, cells, nc);
        for (size_t c = 0; c < nc; c++)
            if (sg_display_width(cells[c]) > width[c])
                width[c] = sg_display_width(cells[c]);
    }
    for (size_t c = 0; c < nc; c++) {
        sg_put_padded(b, head[c], width[c] + 2);
    }
    sg_buf_puts(b, zh ? "学生\n" : "student\n");
    size_t humans = 0;
    for (size_t i = 0; i < book->n; i++) {
        const book_row *r = &book->rows[i];
        if (r->excluded)
            continue;
        text_cells(book, r, zh, cells, nc);
        for (size_t c = 0; c < nc; c++)
            sg_put_padded(b, cells[c], width[c] + 2);
        sg_buf_printf(b, "%s%s%s%s\n", r->name ? r->name : "?",
                      r->id ? " (" : "", r->id ? r->id : "", r->id ? ")" : "");
        humans += r->nhuman > 0;
    }
    free(head);
    free(cells);
    free(width);
    for (size_t i = 0; i < book->n; i++)
        if (book->rows[i].excluded)
            sg_buf_printf(b, zh ? "未计入：%s（%s）\n" : "left out: %s (%s)\n",
                          book->rows[i].name ? book->rows[i].name : "?",
                          book->rows[i].excluded);
    if (humans) {
        sg_buf_printf(b, zh ? "\n需要人工查看（%zu 名学生）：\n"
                            : "\nneeds a human (%zu students):\n",
                      humans);
        for (size_t i = 0; i < book->n; i++) {
            const book_row *r = &book->rows[i];
            for (size_t h = 0; h < r->nhuman; h++)
                sg_buf_printf(b, "  %s%s%s%s: %s\n", r->name ? r->name : "?",
                              r->id ? " (" : "", r->id ? r->id : "",
                              r->id ? ")" : "", r->human[h]);
        }
    }
}

/* The one comment a platform's feedback column holds: the points of each
 * question. */
static void comment(const sg_assignment_book *book, const book_row *r,
                    sg_buf *out)
{
    for (size_t q = 0; q < sg_assignment_count(book->a); q++) {
        if (q)
            sg_buf_puts(out, "; ");
        sg_buf_printf(out, "%s: ", sg_assignment_question(book->a, q)->key);
        put_points(out, r->q[q].points);
        sg_buf_putc(out, '/');
        put_points(out, r->q[q].max);
    }
}

static void write_lms(const sg_assignment_book *book, sg_book_form form,
                      sg_buf *b)
{
    const char *title = sg_assignment_title(book->a);
    if (!*title)
        title = "Assignment";
    char head[600];
    if (form == SG_BOOK_MOODLE) {
        /* Moodle's grading worksheet: its import matches "Identifier". */
        sg_buf_puts(b, "Identifier,Full name,Grade,Maximum Grade,"
                       "Feedback comments\n");
    } else if (form == SG_BOOK_CANVAS) {
        sg_buf_puts(b, "Student,ID,SIS User ID,SIS Login ID,Section,");
        sg_buf_csv_field(b, title);
        sg_buf_puts(b, "\n    Points Possible,,,,,");
        put_points(b, book_max(book));
        sg_buf_putc(b, '\n');
    } else {
        sg_buf_puts(b, "Last Name,First Name,Username,");
        char pts[32];
        sg_points_text(book_max(book), pts, sizeof pts);
        snprintf(head, sizeof head, "%s [Total Pts: %s Score]", title, pts);
        sg_buf_csv_field(b, head);
        sg_buf_puts(b, ",Feedback to Learner\n");
    }
    for (size_t i = 0; i < book->n; i++) {
        const book_row *r = &book->rows[i];
        if (r->excluded)
            continue;
        const char *name = r->name ? r->name : "";
        const char *id = r->id ? r->id : "";
        sg_buf note;
        sg_buf_init(&note);
        comment(book, r, &note);
        sg_buf_putc(&note, '\0');
        const char *fb = note.failed ? "" : note.data;
        if (form == SG_BOOK_MOODLE) {
            char ident[300];
            snprintf(ident, sizeof ident, "Participant %s", id);
            sg_buf_csv_field(b, ident);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, name);
            sg_buf_putc(b, ',');
            csv_points(b, r->points);
            sg_buf_putc(b, ',');
            csv_points(b, book_max(book));
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, fb);
        } else if (form == SG_BOOK_CANVAS) {
            sg_buf_csv_field(b, name);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, id);
            sg_buf_puts(b, ",,,,");
            csv_points(b, r->points);
        } else {
            /* Blackboard names a student by last and first name apart;
             * the receipt's name is "First Last". */
            const char *sp = strrchr(name, ' ');
            char first[300] = "", last[300] = "";
            if (sp) {
                snprintf(first, sizeof first, "%.*s", (int)(sp - name), name);
                snprintf(last, sizeof last, "%s", sp + 1);
            } else {
                snprintf(last, sizeof last, "%s", name);
            }
            sg_buf_csv_field(b, last);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, first);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, id);
            sg_buf_putc(b, ',');
            csv_points(b, r->points);
            sg_buf_putc(b, ',');
            sg_buf_csv_field(b, fb);
        }
        sg_buf_putc(b, '\n');
        sg_buf_free(&note);
    }
}

sg_status sg_assignment_book_write(sg_ctx *ctx, const sg_assignment_book *book,
                                   sg_book_form form, FILE *out)
{
    sg_buf b;
    sg_buf_init(&b);
    switch (form) {
    case SG_BOOK_TEXT: write_text(book, &b); break;
    case SG_BOOK_CSV: write_csv(book, &b); break;
    case SG_BOOK_JSON: write_json(book, &b); break;
    default: write_lms(book, form, &b); break;
    }
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    if (b.len)
        fwrite(b.data, 1, b.len, out);
    sg_buf_free(&b);
    if (fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the grades: %s",
                           strerror(errno ? errno : EIO));
    return SG_OK;
}
