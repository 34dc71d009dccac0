/*
 * gradebook.c - a class's gradebook: one row per student's sheet, the
 * summary a teaching assistant reads out in class (the N every sheet was
 * checked to, sheets that cover other ranges, a histogram of scores, the x
 * most often first wrong), the same fields as CSV or JSON for other
 * programs, and the students' names as learning platforms write them into
 * the names of folders and files.
 */
#include "check/check.h"
#include "games/game.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The wording: templates/check/class.LANG.text                             */
/* ------------------------------------------------------------------------ */

enum {
    GS_COLUMNS,
    GS_FIRST_AT,
    GS_UNREADABLE,
    GS_FOOTER,
    GS_N_OPTION,
    GS_N_SHEETS,
    GS_RANGE_SHORT,
    GS_RANGE_LONG,
    GS_RANGE_ITEM,
    GS_SCORES_CORRECT,
    GS_SCORES_POINTS,
    GS_FIRST_WRONG,
    GS_FIRST_WRONG_ITEM,
    GS_FIRST_WRONG_NONE,
    GS_CHART_SCORES,
    GS_CHART_FIRST_WRONG,
    GS_CHART_STUDENTS,
    GS_FEEDBACK_UNREADABLE,
    GS_FEEDBACK_OTHERS,
    GS_SEPARATOR,
    GS_FEEDBACK_PLACE,
    GS_FEEDBACK_LINE,
    GS_N_SUGGEST,
    GS_NSECTIONS
};

static const char *const class_sections[] = {
    "columns", "first-at", "unreadable", "footer", "n-option", "n-sheets",
    "range-short", "range-long", "range-item", "scores-correct",
    "scores-points", "first-wrong", "first-wrong-item", "first-wrong-none",
    "chart-scores", "chart-first-wrong", "chart-students",
    "feedback-unreadable", "feedback-others", "separator", "feedback-place", "feedback-line",
    "n-suggest", NULL};

_Static_assert(sizeof class_sections / sizeof class_sections[0] ==
                   GS_NSECTIONS + 1,
               "one name per section of the class wording");

enum {
    GV_FILE,
    GV_X,
    GV_ERROR,
    GV_FILES,
    GV_ALL_CORRECT,
    GV_WITH_ERRORS,
    GV_UNREADABLE,
    GV_N,
    GV_COUNT,
    GV_LIST,
    GV_MAX,
    GV_NVARS
};

static const char *const class_vars[] = {
    "file", "x", "error", "files", "all-correct", "with-errors",
    "unreadable", "n", "count", "list", "max", NULL};

#define ALL_GV ((UINT64_C(1) << GV_NVARS) - 1)
static const uint64_t class_allowed[] = {
    ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV,
    ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV,
    ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV, ALL_GV};
_Static_assert(sizeof class_allowed / sizeof class_allowed[0] ==
                   GS_NSECTIONS,
               "a mask for every section");

static const char *const class_settings[] = {NULL};

static const sg_tpl_schema class_schema = {"class wording", class_sections,
                                           class_vars, class_allowed,
                                           class_settings};

static sg_template *class_wording(sg_ctx *ctx, const char *lang)
{
    char name[64];
    snprintf(name, sizeof name, "check/class.%s.text", lang ? lang : "en");
    return sg_tpl_builtin(ctx, &class_schema, name);
}

/* Appends section ID with VARS, without a newline. */
static void say(sg_buf *b, const sg_template *tpl, int id,
                const char *const vars[GV_NVARS])
{
    sg_tpl_say(b, tpl, id, vars);
}

/* ------------------------------------------------------------------------ */
/* Students' names, as learning platforms write them                        */
/* ------------------------------------------------------------------------ */

void sg_student_clear(sg_student *s)
{
    if (!s)
        return;
    free(s->name);
    free(s->id);
    s->name = s->id = NULL;
}

static bool all_digits(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

/* An id: at least three digits, perhaps after one or two letters
 * ("s1234567"). */
static bool is_id(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < 2 && ((s[i] >= 'a' && s[i] <= 'z') ||
                              (s[i] >= 'A' && s[i] <= 'Z')))
        i++;
    return n - i >= 3 && all_digits(s + i, n - i);
}

static char *copy_trimmed(sg_ctx *ctx, const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '_' || *s == '-' || *s == ',')) {
        s++;
        n--;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '_' || s[n - 1] == '-' ||
                 s[n - 1] == ','))
        n--;
    if (n == 0)
        return NULL;
    char clean[256];
    sg_clean_text(s, n < 200 ? n : 200, clean, sizeof clean);
    return sg_strdup(ctx, clean);
}

sg_status sg_student_from_name(sg_ctx *ctx, const char *name, int is_file,
                               sg_student *out)
{
    memset(out, 0, sizeof *out);
    size_t n = strlen(name);
    /* A file's extension is no part of a name. */
    if (is_file) {
        const char *dot = strrchr(name, '.');
        if (dot && dot > name)
            n = (size_t)(dot - name);
    }
    const char *s = name;
    /* Moodle: "Anna Schmidt_123456_assignsubmission_file_" */
    const char *mark = strstr(s, "_assignsubmission_");
    if (mark && (size_t)(mark - s) < n) {
        const char *us = mark;
        while (us > s && us[-1] != '_')
            us--;
        if (us > s && all_digits(us, (size_t)(mark - us))) {
            out->id = copy_trimmed(ctx, us, (size_t)(mark - us));
            out->name = copy_trimmed(ctx, s, (size_t)(us - 1 - s));
            return SG_OK;
        }
    }
    /* Blackboard: "Homework 3_jsmith_attempt_2024-03-01-10-00-00_..." */
    mark = strstr(s, "_attempt_");
    if (mark && (size_t)(mark - s) < n) {
        const char *us = mark;
        while (us > s && us[-1] != '_')
            us--;
        if (us > s && mark > us) {
            out->id = copy_trimmed(ctx, us, (size_t)(mark - us));
            out->name = copy_trimmed(ctx, us, (size_t)(mark - us));
            return SG_OK;
        }
    }
    /* Canvas: "schmidtanna_123456_7890123_answers" (or "_late_"). */
    const char *u1 = memchr(s, '_', n);
    if (u1 && is_file) {
        const char *p = u1 + 1;
        size_t rest = n - (size_t)(p - s);
        if (rest > 5 && strncmp(p, "late_", 5) == 0) {
            p += 5;
            rest -= 5;
        }
        const char *u2 = memchr(p, '_', rest);
        if (u2 && all_digits(p, (size_t)(u2 - p))) {
            const char *u3 = memchr(u2 + 1, '_', rest - (size_t)(u2 + 1 - p));
            if (u3 && all_digits(u2 + 1, (size_t)(u3 - u2 - 1))) {
                out->name = copy_trimmed(ctx, s, (size_t)(u1 - s));
                out->id = copy_trimmed(ctx, p, (size_t)(u2 - p));
                return SG_OK;
            }
        }
    }
    /* "2021001_张三", "张三-2021001", "Schmidt, Anna (12345)": an id of
     * digits at one end, the name the rest. */
    size_t b = 0, e = n;
    if (e > 0 && s[e - 1] == ')') {
        const char *open = NULL;
        for (size_t i = e - 1; i > 0; i--)
            if (s[i - 1] == '(') {
                open = s + i;
                break;
            }
        if (open && is_id(open, (size_t)(s + e - 1 - open))) {
            out->id = copy_trimmed(ctx, open, (size_t)(s + e - 1 - open));
            out->name = copy_trimmed(ctx, s, (size_t)(open - 1 - s));
            return SG_OK;
        }
    }
    while (b < n && s[b] != '_' && s[b] != '-' && s[b] != ' ')
        b++;
    if (b < n && is_id(s, b)) {
        out->id = copy_trimmed(ctx, s, b);
        out->name = copy_trimmed(ctx, s + b + 1, n - b - 1);
        return SG_OK;
    }
    while (e > 0 && s[e - 1] != '_' && s[e - 1] != '-' && s[e - 1] != ' ')
        e--;
    if (e > 0 && is_id(s + e, n - e)) {
        out->id = copy_trimmed(ctx, s + e, n - e);
        out->name = copy_trimmed(ctx, s, e - 1);
        return SG_OK;
    }
    /* A folder names its student; a file's name alone says nothing. */
    if (!is_file)
        out->name = copy_trimmed(ctx, s, n);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Rows                                                                     */
/* ------------------------------------------------------------------------ */

/* The most rows a gradebook takes: far more than a class, few enough that
 * a mistaken directory (say, a home directory) is refused quickly. */
#define GRADEBOOK_MAX_ROWS 100000

/* The histogram's buckets: 0-9%, 10-19%, ..., 90-99%, 100%. */
#define BUCKETS 11

typedef struct grade_row {
    char *file;
    char *student;
    char *id;
    char *error;          /* NULL when the file was read */
    sg_check_summary sum;
    char *first;          /* the first error's position, or NULL */
    char *hints;          /* the hints' text, one a line, or NULL */
    double earned, max;
} grade_row;

struct sg_gradebook {
    sg_ctx *ctx;
    const sg_game *game;
    sg_template *tpl;      /* the class wording */
    sg_template *report;   /* the report wording, for hints */
    sg_report_format format;
    sg_points points;
    bool has_points;
    bool n_from_sheets;
    const char *lang;
    FILE *out;
    grade_row *rows;
    size_t n;
    size_t cap;
    uint64_t total;        /* positions checked in each sheet */
};

sg_gradebook *sg_gradebook_new(sg_ctx *ctx, const sg_game *game,
                               const sg_gradebook_opts *opts, FILE *out)
{
    sg_gradebook_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_gradebook_opts, n_from_sheets), "sg_gradebook_opts") != SG_OK)
            return NULL;
        opts = &taken;
    }
    sg_gradebook *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g)
        return NULL;
    g->ctx = ctx;
    g->game = game;
    g->out = out;
    g->lang = opts && opts->lang ? opts->lang : "en";
    g->format = opts ? opts->format : SG_REPORT_TEXT;
    g->n_from_sheets = opts && opts->n_from_sheets;
    if (opts && opts->points) {
        g->points = *opts->points;
        g->has_points = true;
    }
    if (sg_check_wording(ctx, g->lang, &g->report, NULL) != SG_OK) {
        free(g);
        return NULL;
    }
    g->tpl = class_wording(ctx, g->lang);
    if (!g->tpl) {
        sg_template_free(g->report);
        free(g);
        return NULL;
    }
    return g;
}

static void row_free(grade_row *r)
{
    free(r->file);
    free(r->student);
    free(r->id);
    free(r->error);
    free(r->first);
    free(r->hints);
}

void sg_gradebook_free(sg_gradebook *book)
{
    if (!book)
        return;
    for (size_t i = 0; i < book->n; i++)
        row_free(&book->rows[i]);
    free(book->rows);
    sg_template_free(book->tpl);
    sg_template_free(book->report);
    free(book);
}

sg_status sg_gradebook_add(sg_gradebook *book, const char *file,
                           const char *student, const char *id,
                           const sg_check *check, const char *error)
{
    sg_ctx *ctx = book->ctx;
    if (book->n >= GRADEBOOK_MAX_ROWS)
        return sg_ctx_fail(ctx, SG_ELIMIT, "more than %d files in one "
                           "gradebook", GRADEBOOK_MAX_ROWS);
    if (book->n == book->cap) {
        size_t cap = book->cap ? book->cap * 2 : 32;
        grade_row *grown = sg_grow(ctx, book->rows, cap, sizeof *grown);
        if (!grown)
            return ctx->status;
        book->rows = grown;
        book->cap = cap;
    }
    grade_row row;
    memset(&row, 0, sizeof row);
    char clean[512];
    row.file = sg_strdup(ctx, sg_clean_text(file, strlen(file), clean,
                                            sizeof clean));
    /* The sheet's own "Name:" line names a student no folder names. */
    if (!student && check)
        student = check->student;
    if (!id && check)
        id = check->student_id;
    if (student)
        row.student = sg_strdup(ctx, sg_clean_text(student, strlen(student),
                                                   clean, sizeof clean));
    if (id)
        row.id = sg_strdup(ctx, sg_clean_text(id, strlen(id), clean,
                                              sizeof clean));
    if (!row.file || (student && !row.student) || (id && !row.id))
        goto fail;
    if (!check) {
        row.error = sg_strdup(ctx, error ? error : "unreadable");
        if (!row.error)
            goto fail;
    } else {
        row.sum = check->sum;
        if (book->total < check->sum.total)
            book->total = check->sum.total;
        if (check->sum.first_error != SG_NO_POSITION) {
            char tmp[24];
            row.first = sg_strdup(ctx, sg_game_position_name(
                                           check->game, check->sum.first_error,
                                           tmp, sizeof tmp));
            if (!row.first)
                goto fail;
        }
        if (check->nhints) {
            sg_buf b;
            sg_buf_init(&b);
            for (size_t i = 0; i < check->nhints; i++) {
                if (i)
                    sg_buf_putc(&b, '\n');
                sg_check_hint_text(check, &check->hints[i], book->report, &b);
            }
            sg_buf_putc(&b, '\0');
            if (b.failed) {
                sg_buf_free(&b);
                goto fail;
            }
            row.hints = b.data;
        }
        if (book->has_points)
            sg_check_points(check, &book->points, &row.earned, &row.max);
    }
    book->rows[book->n++] = row;
    return SG_OK;
fail:
    row_free(&row);
    return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
}

/* ------------------------------------------------------------------------ */
/* The summary                                                              */
/* ------------------------------------------------------------------------ */

/* A row's score from 0 to 1: its points, or its correct answers. */
static double score(const sg_gradebook *g, const grade_row *r)
{
    if (g->has_points)
        return r->max > 0 ? r->earned / r->max : 1;
    return r->sum.total ? (double)r->sum.correct / (double)r->sum.total : 1;
}

static int bucket_of(double s)
{
    if (s >= 1)
        return BUCKETS - 1;
    int b = (int)floor(s * 10 + 1e-9);
    return b < 0 ? 0 : b > 9 ? 9 : b;
}

/* The positions most often first wrong, most frequent first. */
typedef struct first_count {
    const char *x;
    uint64_t n;
    uint64_t order; /* for equal counts: the smaller position first */
} first_count;

static int compare_first(const void *a, const void *b)
{
    const first_count *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Counts the first wrong positions of the readable rows into a new array
 * (*N entries, most frequent first), or NULL. */
static first_count *count_first(const sg_gradebook *g, size_t *n)
{
    *n = 0;
    first_count *f = malloc((g->n + 1) * sizeof *f);
    if (!f)
        return NULL;
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        if (r->error || !r->first)
            continue;
        size_t k = 0;
        while (k < *n && strcmp(f[k].x, r->first) != 0)
            k++;
        if (k == *n)
            f[(*n)++] = (first_count){r->first, 0, r->sum.first_error};
        f[k].n++;
    }
    qsort(f, *n, sizeof *f, compare_first);
    return f;
}

static void format_points(double v, char *buf, size_t size)
{
    if (fabs(v - round(v)) < 1e-9)
        snprintf(buf, size, "%.0f", v);
    else
        snprintf(buf, size, "%.2f", v);
    /* "2.50" reads as 2.5 */
    char *dot = strchr(buf, '.');
    if (dot) {
        size_t l = strlen(buf);
        while (l > 0 && buf[l - 1] == '0')
            buf[--l] = '\0';
        if (l > 0 && buf[l - 1] == '.')
            buf[--l] = '\0';
    }
}

static void row_label(const grade_row *r, char *buf, size_t size);

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* When no -n was given and most sheets end at one x below N (a few went
 * beyond the question), the question's N is most likely that x: says so,
 * with the option that grades every sheet to it. */
static void suggest_n(sg_gradebook *g, sg_buf *b, uint64_t readable)
{
    uint64_t *last = malloc(readable * sizeof *last);
    if (!last)
        return; /* only a suggestion: nothing is lost without it */
    size_t n = 0;
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        if (!r->error && r->sum.last_in_sheet != SG_NO_POSITION)
            last[n++] = r->sum.last_in_sheet;
    }
    qsort(last, n, sizeof *last, compare_u64);
    size_t best = 0, run = 0;
    uint64_t mode = 0;
    for (size_t i = 0; i < n; i++) {
        run = i && last[i] == last[i - 1] ? run + 1 : 1;
        if (run > best) {
            best = run;
            mode = last[i];
        }
    }
    free(last);
    if (best * 2 <= readable || mode + 1 >= g->total)
        return;
    char x[24], count[24], files[24];
    snprintf(x, sizeof x, "%llu", (unsigned long long)mode);
    snprintf(count, sizeof count, "%zu", best);
    snprintf(files, sizeof files, "%llu", (unsigned long long)readable);
    const char *vars[GV_NVARS] = {0};
    vars[GV_X] = x;
    vars[GV_COUNT] = count;
    vars[GV_FILES] = files;
    say(b, g->tpl, GS_N_SUGGEST, vars);
    sg_buf_putc(b, '\n');
}

/* The lines after the rows: N, sheets of other ranges, the histogram and
 * the x most often first wrong. */
static void write_summary(sg_gradebook *g, sg_buf *b)
{
    const char *vars[GV_NVARS] = {0};
    char n[24], count[24], files[24], maxs[32];
    uint64_t readable = 0;
    for (size_t i = 0; i < g->n; i++)
        readable += !g->rows[i].error;
    if (!readable)
        return;
    bool numbered = sg_game_numbered(g->game);
    if (numbered && g->total) {
        snprintf(n, sizeof n, "%llu", (unsigned long long)(g->total - 1));
        vars[GV_N] = n;
        say(b, g->tpl, g->n_from_sheets ? GS_N_SHEETS : GS_N_OPTION, vars);
        sg_buf_putc(b, '\n');
        /* Sheets that stop early, or go beyond N. */
        for (int longer = 0; longer < 2; longer++) {
            sg_buf list;
            sg_buf_init(&list);
            uint64_t k = 0;
            for (size_t i = 0; i < g->n; i++) {
                const grade_row *r = &g->rows[i];
                if (r->error)
                    continue;
                uint64_t last = r->sum.last_in_sheet;
                bool off = longer ? last != SG_NO_POSITION &&
                                        last + 1 > g->total
                                  : last == SG_NO_POSITION ||
                                        last + 1 < g->total;
                if (!off)
                    continue;
                if (k++ < 10) {
                    char x[24];
                    if (last == SG_NO_POSITION)
                        snprintf(x, sizeof x, "-");
                    else
                        snprintf(x, sizeof x, "%llu",
                                 (unsigned long long)last);
                    char who[640];
                    row_label(r, who, sizeof who);
                    const char *iv[GV_NVARS] = {0};
                    iv[GV_FILE] = who;
                    iv[GV_X] = x;
                    if (list.len)
                        say(&list, g->tpl, GS_SEPARATOR, iv);
                    say(&list, g->tpl, GS_RANGE_ITEM, iv);
                }
            }
            if (k > 10) {
                say(&list, g->tpl, GS_SEPARATOR, vars);
                sg_buf_puts(&list, "...");
            }
            sg_buf_putc(&list, '\0');
            if (k) {
                snprintf(count, sizeof count, "%llu", (unsigned long long)k);
                snprintf(files, sizeof files, "%llu",
                         (unsigned long long)readable);
                vars[GV_COUNT] = count;
                vars[GV_FILES] = files;
                vars[GV_LIST] = list.data;
                say(b, g->tpl, longer ? GS_RANGE_LONG : GS_RANGE_SHORT, vars);
                sg_buf_putc(b, '\n');
            }
            sg_buf_free(&list);
        }
        if (g->n_from_sheets)
            suggest_n(g, b, readable);
    }
    /* The histogram. */
    uint64_t hist[BUCKETS] = {0};
    for (size_t i = 0; i < g->n; i++)
        if (!g->rows[i].error)
            hist[bucket_of(score(g, &g->rows[i]))]++;
    uint64_t most = 0;
    for (int i = 0; i < BUCKETS; i++)
        if (hist[i] > most)
            most = hist[i];
    double max_points = 0;
    for (size_t i = 0; i < g->n; i++)
        if (!g->rows[i].error && g->rows[i].max > max_points)
            max_points = g->rows[i].max;
    if (g->has_points)
        format_points(max_points, maxs, sizeof maxs);
    else
        snprintf(maxs, sizeof maxs, "%llu", (unsigned long long)g->total);
    vars[GV_MAX] = maxs;
    say(b, g->tpl, g->has_points ? GS_SCORES_POINTS : GS_SCORES_CORRECT,
        vars);
    sg_buf_putc(b, '\n');
    /* Bars of at most 40 marks, so that a large class fits a terminal. */
    for (int i = 0; i < BUCKETS; i++) {
        char range[16];
        if (i == BUCKETS - 1)
            snprintf(range, sizeof range, "100%%");
        else
            snprintf(range, sizeof range, "%d-%d%%", i * 10, i * 10 + 9);
        sg_buf_printf(b, "  %7s", range);
        uint64_t marks = most > 40 ? (hist[i] * 40 + most - 1) / most
                                   : hist[i];
        if (marks)
            sg_buf_puts(b, "  ");
        for (uint64_t k = 0; k < marks; k++)
            sg_buf_putc(b, '#');
        if (hist[i])
            sg_buf_printf(b, " %llu", (unsigned long long)hist[i]);
        sg_buf_putc(b, '\n');
    }
    /* The x most often first wrong. */
    size_t nf;
    first_count *f = count_first(g, &nf);
    if (!f) {
        b->failed = true;
        return;
    }
    if (nf == 0) {
        say(b, g->tpl, GS_FIRST_WRONG_NONE, vars);
    } else {
        sg_buf list;
        sg_buf_init(&list);
        for (size_t i = 0; i < nf && i < 5; i++) {
            char c[24];
            snprintf(c, sizeof c, "%llu", (unsigned long long)f[i].n);
            const char *iv[GV_NVARS] = {0};
            iv[GV_X] = f[i].x;
            iv[GV_COUNT] = c;
            if (i)
                say(&list, g->tpl, GS_SEPARATOR, iv);
            say(&list, g->tpl, GS_FIRST_WRONG_ITEM, iv);
        }
        sg_buf_putc(&list, '\0');
        vars[GV_LIST] = list.data;
        say(b, g->tpl, GS_FIRST_WRONG, vars);
        sg_buf_free(&list);
    }
    sg_buf_putc(b, '\n');
    free(f);
}

/* ------------------------------------------------------------------------ */
/* Text                                                                     */
/* ------------------------------------------------------------------------ */

/* Columns a character takes on a terminal: two for the wide characters of
 * Chinese, Japanese and Korean, so that the columns of a Chinese gradebook
 * line up. */
static size_t display_width(const char *s)
{
    size_t w = 0;
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        unsigned cp;
        size_t n;
        if (*u < 0x80) {
            cp = *u;
            n = 1;
        } else if ((*u & 0xE0) == 0xC0) {
            cp = *u & 0x1F;
            n = 2;
        } else if ((*u & 0xF0) == 0xE0) {
            cp = *u & 0x0F;
            n = 3;
        } else {
            cp = *u & 0x07;
            n = 4;
        }
        for (size_t i = 1; i < n && u[i]; i++)
            cp = (cp << 6) | (u[i] & 0x3F);
        for (size_t i = 0; i < n && *u; i++)
            u++;
        bool wide = (cp >= 0x1100 && cp <= 0x115F) ||
                    (cp >= 0x2E80 && cp <= 0xA4CF) ||
                    (cp >= 0xAC00 && cp <= 0xD7A3) ||
                    (cp >= 0xF900 && cp <= 0xFAFF) ||
                    (cp >= 0xFE30 && cp <= 0xFE4F) ||
                    (cp >= 0xFF00 && cp <= 0xFF60) ||
                    (cp >= 0xFFE0 && cp <= 0xFFE6);
        w += wide ? 2 : 1;
    }
    return w;
}

static void put_padded(sg_buf *b, const char *s, size_t width)
{
    sg_buf_puts(b, s);
    for (size_t w = display_width(s); w < width; w++)
        sg_buf_putc(b, ' ');
}

/* The label of a row in the text: the student's name (and id), or the
 * file. */
static void row_label(const grade_row *r, char *buf, size_t size)
{
    if (r->student && r->id)
        snprintf(buf, size, "%s (%s)", r->student, r->id);
    else if (r->student)
        snprintf(buf, size, "%s", r->student);
    else if (r->id)
        snprintf(buf, size, "%s (%s)", r->file, r->id);
    else
        snprintf(buf, size, "%s", r->file);
}

static void grade_text(const grade_row *r, char *buf, size_t size)
{
    char e[32], m[32];
    format_points(r->earned, e, sizeof e);
    format_points(r->max, m, sizeof m);
    snprintf(buf, size, "%s/%s", e, m);
}

static void write_class_text(sg_gradebook *g, sg_buf *b)
{
    /* The column titles are the lines of [columns]. */
    const sg_section *sec = &g->tpl->sections[GS_COLUMNS];
    sg_buf titles;
    sg_buf_init(&titles);
    for (size_t i = 0; i < sec->nsegs; i++)
        if (sec->segs[i].var < 0)
            sg_buf_add(&titles, sec->segs[i].text, sec->segs[i].len);
    sg_buf_putc(&titles, '\n');
    sg_buf_putc(&titles, '\0');
    const char *title[5] = {"", "", "", "", ""};
    char *p = titles.data;
    for (int i = 0; i < 5 && p && *p; i++) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        title[i] = p;
        p = nl ? nl + 1 : NULL;
    }
    int ncols = g->has_points ? 5 : 4;
    size_t width[5];
    for (int i = 0; i < 5; i++)
        width[i] = display_width(title[i]);
    char tmp[640];
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        row_label(r, tmp, sizeof tmp);
        size_t fw = display_width(tmp);
        if (fw > width[0])
            width[0] = fw;
        if (r->error)
            continue;
        snprintf(tmp, sizeof tmp, "%llu/%llu",
                 (unsigned long long)r->sum.correct,
                 (unsigned long long)r->sum.total);
        if (strlen(tmp) > width[1])
            width[1] = strlen(tmp);
        snprintf(tmp, sizeof tmp, "%llu/%llu",
                 (unsigned long long)r->sum.consistent,
                 (unsigned long long)r->sum.total);
        if (strlen(tmp) > width[2])
            width[2] = strlen(tmp);
        sg_buf cell;
        sg_buf_init(&cell);
        if (r->first) {
            const char *vars[GV_NVARS] = {0};
            vars[GV_X] = r->first;
            say(&cell, g->tpl, GS_FIRST_AT, vars);
        } else {
            sg_buf_putc(&cell, '-');
        }
        sg_buf_putc(&cell, '\0');
        if (cell.data && display_width(cell.data) > width[3])
            width[3] = display_width(cell.data);
        sg_buf_free(&cell);
    }
    sg_buf_puts(b, sg_game_describe(g->game));
    sg_buf_putc(b, '\n');
    for (int i = 0; i < ncols - 1; i++)
        put_padded(b, title[i], width[i] + 2);
    sg_buf_puts(b, title[ncols - 1]);
    sg_buf_putc(b, '\n');
    uint64_t all = 0, errors = 0, unreadable = 0;
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        row_label(r, tmp, sizeof tmp);
        put_padded(b, tmp, width[0] + 2);
        if (r->error) {
            const char *vars[GV_NVARS] = {0};
            vars[GV_ERROR] = r->error;
            say(b, g->tpl, GS_UNREADABLE, vars);
            sg_buf_putc(b, '\n');
            unreadable++;
            continue;
        }
        if (r->sum.correct == r->sum.total)
            all++;
        else
            errors++;
        snprintf(tmp, sizeof tmp, "%llu/%llu",
                 (unsigned long long)r->sum.correct,
                 (unsigned long long)r->sum.total);
        put_padded(b, tmp, width[1] + 2);
        snprintf(tmp, sizeof tmp, "%llu/%llu",
                 (unsigned long long)r->sum.consistent,
                 (unsigned long long)r->sum.total);
        put_padded(b, tmp, width[2] + 2);
        sg_buf cell;
        sg_buf_init(&cell);
        if (r->first) {
            const char *vars[GV_NVARS] = {0};
            vars[GV_X] = r->first;
            say(&cell, g->tpl, GS_FIRST_AT, vars);
        } else {
            sg_buf_putc(&cell, '-');
        }
        sg_buf_putc(&cell, '\0');
        if (g->has_points) {
            put_padded(b, cell.data ? cell.data : "", width[3] + 2);
            grade_text(r, tmp, sizeof tmp);
            sg_buf_puts(b, tmp);
        } else {
            sg_buf_puts(b, cell.data ? cell.data : "");
        }
        sg_buf_free(&cell);
        sg_buf_putc(b, '\n');
        /* A hint explains a row better than its counts. */
        for (const char *h = r->hints; h && *h;) {
            const char *nl = strchr(h, '\n');
            size_t len = nl ? (size_t)(nl - h) : strlen(h);
            sg_buf_puts(b, "  ");
            sg_buf_add(b, h, len);
            sg_buf_putc(b, '\n');
            h += len + (nl ? 1 : 0);
        }
    }
    char files[24], a[24], e[24], u[24];
    snprintf(files, sizeof files, "%zu", g->n);
    snprintf(a, sizeof a, "%llu", (unsigned long long)all);
    snprintf(e, sizeof e, "%llu", (unsigned long long)errors);
    snprintf(u, sizeof u, "%llu", (unsigned long long)unreadable);
    const char *vars[GV_NVARS] = {0};
    vars[GV_FILES] = files;
    vars[GV_ALL_CORRECT] = a;
    vars[GV_WITH_ERRORS] = e;
    vars[GV_UNREADABLE] = u;
    say(b, g->tpl, GS_FOOTER, vars);
    sg_buf_putc(b, '\n');
    write_summary(g, b);
    sg_buf_free(&titles);
}

/* ------------------------------------------------------------------------ */
/* CSV and JSON: the fields of the single-student JSON                      */
/* ------------------------------------------------------------------------ */

static void json_string(sg_buf *b, const char *s)
{
    sg_escape_add(b, SG_ESCAPE_JSON, s, strlen(s), true);
}

static void csv_u64(sg_buf *b, uint64_t v)
{
    sg_buf_putc(b, ',');
    sg_buf_u64(b, v);
}

static void write_class_csv(const sg_gradebook *g, sg_buf *b)
{
    sg_buf_puts(b, "file,student,id,readable,total,correct,consistent,"
                   "missing,slips,contradictions,steps,steps_right,answers,"
                   "answers_right,beyond,first_error,last_x,points,"
                   "max_points,hints,error\n");
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        sg_buf_csv_field(b, r->file);
        sg_buf_putc(b, ',');
        if (r->student)
            sg_buf_csv_field(b, r->student);
        sg_buf_putc(b, ',');
        if (r->id)
            sg_buf_csv_field(b, r->id);
        if (r->error) {
            sg_buf_puts(b, ",no,,,,,,,,,,,,,,,,,");
            sg_buf_csv_field(b, r->error);
            sg_buf_putc(b, '\n');
            continue;
        }
        sg_buf_puts(b, ",yes");
        csv_u64(b, r->sum.total);
        csv_u64(b, r->sum.correct);
        csv_u64(b, r->sum.consistent);
        csv_u64(b, r->sum.missing);
        csv_u64(b, r->sum.slips);
        csv_u64(b, r->sum.contradictions);
        csv_u64(b, r->sum.steps);
        csv_u64(b, r->sum.steps_right);
        csv_u64(b, r->sum.answers);
        csv_u64(b, r->sum.answers_right);
        csv_u64(b, r->sum.beyond);
        sg_buf_putc(b, ',');
        if (r->first)
            sg_buf_csv_field(b, r->first);
        sg_buf_putc(b, ',');
        if (r->sum.last_in_sheet != SG_NO_POSITION)
            sg_buf_u64(b, r->sum.last_in_sheet);
        sg_buf_putc(b, ',');
        if (g->has_points) {
            char e[32], m[32];
            format_points(r->earned, e, sizeof e);
            format_points(r->max, m, sizeof m);
            sg_buf_printf(b, "%s,%s", e, m);
        } else {
            sg_buf_putc(b, ',');
        }
        sg_buf_putc(b, ',');
        if (r->hints)
            sg_buf_csv_field(b, r->hints);
        sg_buf_puts(b, ",\n");
    }
}

static void write_class_json(const sg_gradebook *g, sg_buf *b)
{
    sg_buf_puts(b, "{\"game\": ");
    json_string(b, sg_game_describe(g->game));
    sg_buf_puts(b, ", \"set\": ");
    json_string(b, sg_game_spec(g->game));
    bool named = !sg_game_numbered(g->game);
    if (!named && g->total)
        sg_buf_printf(b, ", \"n\": %llu, \"n_from\": \"%s\"",
                      (unsigned long long)(g->total - 1),
                      g->n_from_sheets ? "sheets" : "option");
    sg_buf_puts(b, ", \"files\": [");
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        sg_buf_puts(b, i ? ",\n" : "\n");
        sg_buf_puts(b, "{\"file\": ");
        json_string(b, r->file);
        if (r->student) {
            sg_buf_puts(b, ", \"student\": ");
            json_string(b, r->student);
        }
        if (r->id) {
            sg_buf_puts(b, ", \"student_id\": ");
            json_string(b, r->id);
        }
        if (r->error) {
            sg_buf_puts(b, ", \"readable\": false, \"error\": ");
            json_string(b, r->error);
            sg_buf_putc(b, '}');
            continue;
        }
        const sg_check_summary *s = &r->sum;
        sg_buf_printf(b, ", \"readable\": true, \"total\": %llu, "
                      "\"correct\": %llu, \"consistent\": %llu, "
                      "\"missing\": %llu, \"slips\": %llu, "
                      "\"contradictions\": %llu, \"steps\": %llu, "
                      "\"steps_right\": %llu, \"answers\": %llu, "
                      "\"answers_right\": %llu, \"beyond\": %llu, "
                      "\"first_error\": ",
                      (unsigned long long)s->total,
                      (unsigned long long)s->correct,
                      (unsigned long long)s->consistent,
                      (unsigned long long)s->missing,
                      (unsigned long long)s->slips,
                      (unsigned long long)s->contradictions,
                      (unsigned long long)s->steps,
                      (unsigned long long)s->steps_right,
                      (unsigned long long)s->answers,
                      (unsigned long long)s->answers_right,
                      (unsigned long long)s->beyond);
        if (!r->first)
            sg_buf_puts(b, "null");
        else if (named)
            json_string(b, r->first);
        else
            sg_buf_puts(b, r->first);
        if (!named) {
            sg_buf_puts(b, ", \"last_x\": ");
            if (s->last_in_sheet == SG_NO_POSITION)
                sg_buf_puts(b, "null");
            else
                sg_buf_u64(b, s->last_in_sheet);
        }
        if (g->has_points) {
            char e[32], m[32];
            format_points(r->earned, e, sizeof e);
            format_points(r->max, m, sizeof m);
            sg_buf_printf(b, ", \"points\": %s, \"max_points\": %s", e, m);
        }
        sg_buf_puts(b, ", \"hints\": [");
        if (r->hints) {
            const char *p = r->hints;
            bool first = true;
            while (*p) {
                const char *nl = strchr(p, '\n');
                size_t len = nl ? (size_t)(nl - p) : strlen(p);
                if (!first)
                    sg_buf_puts(b, ", ");
                sg_escape_add(b, SG_ESCAPE_JSON, p, len, true);
                first = false;
                p += len + (nl ? 1 : 0);
            }
        }
        sg_buf_puts(b, "]}");
    }
    sg_buf_puts(b, g->n ? "\n]" : "]");
    /* The summary: the histogram and the positions first wrong. */
    uint64_t hist[BUCKETS] = {0};
    for (size_t i = 0; i < g->n; i++)
        if (!g->rows[i].error)
            hist[bucket_of(score(g, &g->rows[i]))]++;
    sg_buf_puts(b, ", \"histogram\": [");
    for (int i = 0; i < BUCKETS; i++)
        sg_buf_printf(b, "%s%llu", i ? ", " : "", (unsigned long long)hist[i]);
    sg_buf_puts(b, "], \"first_wrong\": [");
    size_t nf;
    first_count *f = count_first(g, &nf);
    if (!f) {
        b->failed = true;
        return;
    }
    for (size_t i = 0; i < nf; i++) {
        sg_buf_puts(b, i ? ", {\"x\": " : "{\"x\": ");
        if (named)
            json_string(b, f[i].x);
        else
            sg_buf_puts(b, f[i].x);
        sg_buf_printf(b, ", \"count\": %llu}", (unsigned long long)f[i].n);
    }
    free(f);
    sg_buf_puts(b, "]}\n");
}

sg_status sg_gradebook_finish(sg_gradebook *book)
{
    sg_buf b;
    sg_buf_init(&b);
    switch (book->format) {
    case SG_REPORT_CSV: write_class_csv(book, &b); break;
    case SG_REPORT_JSON: write_class_json(book, &b); break;
    default: write_class_text(book, &b); break;
    }
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(book->ctx, SG_ENOMEM, "out of memory writing the "
                           "gradebook");
    }
    if (b.len)
        fwrite(b.data, 1, b.len, book->out);
    sg_buf_free(&b);
    if (fflush(book->out) != 0 || ferror(book->out))
        return sg_ctx_fail(book->ctx, SG_EIO, "cannot write the gradebook");
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Feedback for a file that could not be read                               */
/* ------------------------------------------------------------------------ */

sg_status sg_feedback_write(sg_ctx *ctx, const char *lang, const char *file,
                            const char *error, const char *others, FILE *out)
{
    sg_template *tpl = class_wording(ctx, lang);
    if (!tpl)
        return ctx->status;
    char clean[512];
    const char *vars[GV_NVARS] = {0};
    vars[GV_FILE] = sg_clean_text(file, strlen(file), clean, sizeof clean);
    vars[GV_LIST] = others;
    sg_buf b, why;
    sg_buf_init(&b);
    sg_buf_init(&why);
    /* The message starts with the file's name, which the feedback has
     * said already; its place reads "line 3, column 5". */
    if (error) {
        size_t fl = strlen(file);
        const char *e = error;
        if (strncmp(e, file, fl) == 0 && e[fl] == ':') {
            e += fl + 1;
            unsigned long line = 0, col = 0;
            int used = 0;
            if (sscanf(e, "%lu:%lu:%n", &line, &col, &used) == 2 && used) {
                char l[24], c[24];
                snprintf(l, sizeof l, "%lu", line);
                snprintf(c, sizeof c, "%lu", col);
                const char *pv[GV_NVARS] = {0};
                pv[GV_X] = l;
                pv[GV_N] = c;
                say(&why, tpl, GS_FEEDBACK_PLACE, pv);
                e += used;
            } else if (sscanf(e, "%lu:%n", &line, &used) == 1 && used) {
                char l[24];
                snprintf(l, sizeof l, "%lu", line);
                const char *pv[GV_NVARS] = {0};
                pv[GV_X] = l;
                say(&why, tpl, GS_FEEDBACK_LINE, pv);
                e += used;
            }
            while (*e == ' ')
                e++;
        }
        sg_buf_puts(&why, e);
        sg_buf_putc(&why, '\0');
        vars[GV_ERROR] = why.data;
    }
    if (error) {
        say(&b, tpl, GS_FEEDBACK_UNREADABLE, vars);
        sg_buf_putc(&b, '\n');
    }
    if (others && *others) {
        sg_buf_putc(&b, '\n');
        say(&b, tpl, GS_FEEDBACK_OTHERS, vars);
        sg_buf_putc(&b, '\n');
    }
    sg_template_free(tpl);
    sg_buf_free(&why);
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    fwrite(b.data, 1, b.len, out);
    sg_buf_free(&b);
    if (fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the feedback");
    return SG_OK;
}

sg_status sg_gradebook_chart(sg_ctx *ctx, const sg_gradebook *book,
                             const char *format, FILE *out)
{
    const sg_gradebook *g = book;
    double hist[BUCKETS] = {0};
    for (size_t i = 0; i < g->n; i++)
        if (!g->rows[i].error)
            hist[bucket_of(score(g, &g->rows[i]))] += 1;
    static const char *const ranges[BUCKETS] = {
        "0-9%", "10-19%", "20-29%", "30-39%", "40-49%", "50-59%", "60-69%",
        "70-79%", "80-89%", "90-99%", "100%"};
    size_t nf;
    first_count *f = count_first(g, &nf);
    if (!f)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    /* The twelve positions most often first wrong, in order of position. */
    size_t shown = nf < 12 ? nf : 12;
    const char *labels[12];
    double counts[12];
    char names[12][32];
    first_count top[12];
    memcpy(top, f, shown * sizeof *top);
    for (size_t i = 1; i < shown; i++)
        for (size_t j = i; j > 0 && top[j].order < top[j - 1].order; j--) {
            first_count t = top[j];
            top[j] = top[j - 1];
            top[j - 1] = t;
        }
    for (size_t i = 0; i < shown; i++) {
        const char *vars[GV_NVARS] = {0};
        vars[GV_X] = top[i].x;
        sg_buf b;
        sg_buf_init(&b);
        say(&b, g->tpl, GS_FIRST_AT, vars);
        sg_buf_putc(&b, '\0');
        snprintf(names[i], sizeof names[i], "%s", b.data ? b.data : "");
        sg_buf_free(&b);
        labels[i] = names[i];
        counts[i] = (double)top[i].n;
    }
    free(f);
    sg_buf t1, t2, unit;
    sg_buf_init(&t1);
    sg_buf_init(&t2);
    sg_buf_init(&unit);
    const char *vars[GV_NVARS] = {0};
    say(&t1, g->tpl, GS_CHART_SCORES, vars);
    say(&t2, g->tpl, GS_CHART_FIRST_WRONG, vars);
    say(&unit, g->tpl, GS_CHART_STUDENTS, vars);
    sg_buf_putc(&t1, '\0');
    sg_buf_putc(&t2, '\0');
    sg_buf_putc(&unit, '\0');
    sg_bar_chart charts[2] = {
        {t1.data, unit.data, BUCKETS, ranges, hist},
        {t2.data, unit.data, shown, labels, counts}};
    sg_status st = t1.failed || t2.failed || unit.failed
                       ? sg_ctx_fail(ctx, SG_ENOMEM, "out of memory")
                       : sg_chart_render(ctx, charts, shown ? 2 : 1, format,
                                         out);
    sg_buf_free(&t1);
    sg_buf_free(&t2);
    sg_buf_free(&unit);
    return st;
}
