/*
 * assignment.c - the assignment file: a homework of several questions,
 * each a game, a range and its points, in an INI file that a teaching
 * assistant writes by hand.
 *
 *     title = Homework 3
 *     [Q1]
 *     game = -s 1,3,4
 *     n = 19
 *     points = value=1,pn=0.5
 *
 * libinih reads the file.  It calls back once per key without saying on
 * which line the key stands, so the file is handed to it a line at a time
 * through a reader that counts them: every message then names the file,
 * the line and the key, as a TA needs to fix it.  The game is kept as the
 * text written: which kinds of game exist is the front end's registry, so
 * a new kind works here the day it is registered.
 */
#include "internal.h"

#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds: an assignment is a page of text. */
#define ASSIGNMENT_MAX_BYTES ((size_t)1 << 20)
#define ASSIGNMENT_MAX_QUESTIONS 64
/* libinih's own line buffer; a longer line is refused before it. */
#define ASSIGNMENT_MAX_LINE 199

struct sg_assignment {
    char *origin;
    char *dir;                /* the folder of the file, for relative paths */
    char *title;
    sg_question *q;
    size_t n;
    bool has_points;          /* points = before the first section */
    sg_points points;
    bool has_n;
    uint64_t last;
};

/* A section's header line: its name in the text, and its line. */
typedef struct header {
    const char *p;
    size_t n;
    unsigned long line;
} header;

/* The state of one reading. */
typedef struct ini_state {
    sg_ctx *ctx;
    sg_assignment *a;
    const char *text;
    size_t len, at;
    unsigned long line;       /* the line last handed to libinih */
    bool failed;              /* an error is recorded: keep the first */
    bool seen_title, seen_top_points, seen_top_n;
    header headers[ASSIGNMENT_MAX_QUESTIONS];
    size_t nheaders;
    char section[64];
} ini_state;

/* libinih's reader: the next line, as fgets() gives it. */
static char *next_line(char *str, int num, void *stream)
{
    ini_state *st = stream;
    if (st->at >= st->len || num < 2)
        return NULL;
    size_t n = 0;
    while (st->at < st->len && n + 1 < (size_t)num) {
        char c = st->text[st->at++];
        str[n++] = c;
        if (c == '\n')
            break;
    }
    str[n] = '\0';
    st->line++;
    return str;
}

static sg_status fail_at(ini_state *st, unsigned long line, const char *key,
                         const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static sg_status fail_at(ini_state *st, unsigned long line, const char *key,
                         const char *fmt, ...)
{
    if (st->failed)
        return SG_EINPUT;
    st->failed = true;
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char shown[96];
    sg_clean_text(st->a->origin, strlen(st->a->origin), shown, sizeof shown);
    if (key)
        return sg_ctx_fail(st->ctx, SG_EINPUT, "%s:%lu: %s: %s", shown, line,
                           key, what);
    return sg_ctx_fail(st->ctx, SG_EINPUT, "%s:%lu: %s", shown, line, what);
}

/* The number a section's name gives its question: the digits in it ("Q1",
 * "Question 2", "Aufgabe 3"), else 0. */
static unsigned section_number(const char *name)
{
    const char *d = name + strcspn(name, "0123456789");
    if (!*d)
        return 0;
    unsigned long v = strtoul(d, NULL, 10);
    return v > 0 && v < 1000 ? (unsigned)v : 0;
}

static sg_status set_number(ini_state *st, const char *key, const char *value,
                            uint64_t *out)
{
    uint64_t v;
    int rc = sg_parse_u64(value, strlen(value), SG_SHEET_MAX_POSITIONS - 1,
                          &v);
    if (rc != 0) {
        char shown[96];
        sg_quote(value, strlen(value), shown, sizeof shown);
        return fail_at(st, st->line, key, rc == -2
                           ? "\"%s\" is too large (at most %llu)"
                           : "\"%s\" is not a whole number",
                       shown,
                       (unsigned long long)(SG_SHEET_MAX_POSITIONS - 1));
    }
    *out = v;
    return SG_OK;
}

static sg_status set_points(ini_state *st, const char *key, const char *value,
                            sg_points *out)
{
    if (sg_points_parse(st->ctx, value, out) == SG_OK)
        return SG_OK;
    char why[512];
    snprintf(why, sizeof why, "%s", sg_ctx_message(st->ctx));
    sg_ctx_clear(st->ctx);
    /* The message names --points; here the key is the option. */
    const char *m = why;
    if (strncmp(m, "--points", 8) == 0)
        m += 8;
    while (*m == ':' || *m == ' ')
        m++;
    return fail_at(st, st->line, key, "%s", m);
}

/* Starts the question of section NAME. */
static sg_status new_question(ini_state *st, const char *name)
{
    sg_assignment *a = st->a;
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->q[i].key, name) == 0)
            return fail_at(st, st->line, NULL, "[%s] a second time (the first "
                           "is at line %lu)", name, a->q[i].line);
    if (a->n >= ASSIGNMENT_MAX_QUESTIONS)
        return fail_at(st, st->line, NULL, "[%s]: more than %d questions",
                       name, ASSIGNMENT_MAX_QUESTIONS);
    sg_question *grown = sg_grow(st->ctx, a->q, a->n + 1, sizeof *grown);
    if (!grown)
        return SG_ENOMEM;
    a->q = grown;
    sg_question *q = &a->q[a->n];
    memset(q, 0, sizeof *q);
    q->key = sg_strdup(st->ctx, name);
    if (!q->key)
        return SG_ENOMEM;
    q->line = st->line;
    a->n++;
    q->number = section_number(name);
    if (q->number == 0)
        q->number = (unsigned)a->n;
    return SG_OK;
}

static int on_key(void *user, const char *section, const char *name,
                  const char *value)
{
    ini_state *st = user;
    if (st->failed)
        return 0;
    sg_assignment *a = st->a;
    /* libinih reports a section only through its keys: a new name starts
     * a question.  (A section without keys is found afterwards.) */
    if (*section && (a->n == 0 || strcmp(a->q[a->n - 1].key, section) != 0)) {
        if (new_question(st, section) != SG_OK)
            return 0;
    }
    if (!*section) {
        if (strcmp(name, "title") == 0) {
            if (st->seen_title) {
                fail_at(st, st->line, name, "given twice");
                return 0;
            }
            st->seen_title = true;
            free(a->title);
            a->title = sg_strdup(st->ctx, value);
            return a->title != NULL;
        }
        if (strcmp(name, "points") == 0) {
            if (st->seen_top_points) {
                fail_at(st, st->line, name, "given twice");
                return 0;
            }
            st->seen_top_points = a->has_points = true;
            return set_points(st, name, value, &a->points) == SG_OK;
        }
        if (strcmp(name, "n") == 0) {
            if (st->seen_top_n) {
                fail_at(st, st->line, name, "given twice");
                return 0;
            }
            st->seen_top_n = a->has_n = true;
            return set_number(st, name, value, &a->last) == SG_OK;
        }
        fail_at(st, st->line, name, "unknown key before the first question "
                "(known there: title, n, points; a question starts with "
                "[Q1])");
        return 0;
    }
    sg_question *q = &a->q[a->n - 1];
    if (strcmp(name, "game") == 0) {
        if (q->game) {
            fail_at(st, st->line, name, "given twice in [%s]", q->key);
            return 0;
        }
        if (!*value) {
            fail_at(st, st->line, name, "empty: give a game as on the "
                    "command line, e.g. game = -s 1,3,4");
            return 0;
        }
        q->game = sg_strdup(st->ctx, value);
        q->game_line = st->line;
        return q->game != NULL;
    }
    if (strcmp(name, "n") == 0) {
        if (q->has_n) {
            fail_at(st, st->line, name, "given twice in [%s]", q->key);
            return 0;
        }
        q->has_n = true;
        return set_number(st, name, value, &q->last) == SG_OK;
    }
    if (strcmp(name, "points") == 0) {
        if (q->has_points) {
            fail_at(st, st->line, name, "given twice in [%s]", q->key);
            return 0;
        }
        q->has_points = true;
        return set_points(st, name, value, &q->points) == SG_OK;
    }
    fail_at(st, st->line, name, "unknown key in [%s] (known: game, n, "
            "points)", section);
    return 0;
}

/* Finds every section header and its line, which libinih does not
 * report, and refuses what libinih would take differently from a TA: a
 * line it would cut, a header without its ']', a section given twice
 * (libinih joins the two).  Returns SG_OK or an error. */
static sg_status scan_lines(ini_state *st)
{
    unsigned long line = 0;
    size_t i = 0;
    while (i < st->len) {
        size_t e = i;
        while (e < st->len && st->text[e] != '\n')
            e++;
        line++;
        if (e - i > ASSIGNMENT_MAX_LINE)
            return fail_at(st, line, NULL, "the line is longer than %d "
                           "characters", ASSIGNMENT_MAX_LINE);
        if (memchr(st->text + i, '\0', e - i))
            return fail_at(st, line, NULL, "a NUL byte: not a text file");
        size_t k = i;
        while (k < e && (st->text[k] == ' ' || st->text[k] == '\t'))
            k++;
        const char *close = k < e && st->text[k] == '['
                                ? memchr(st->text + k, ']', e - k)
                                : NULL;
        if (k < e && st->text[k] == '[' && !close)
            return fail_at(st, line, NULL, "a [section] without its ]");
        if (close) {
            /* The name as libinih takes it: without its outer spaces. */
            const char *p = st->text + k + 1;
            size_t n = (size_t)(close - p);
            while (n && *p == ' ')
                p++, n--;
            while (n && p[n - 1] == ' ')
                n--;
            for (size_t h = 0; h < st->nheaders; h++)
                if (st->headers[h].n == n &&
                    memcmp(st->headers[h].p, p, n) == 0)
                    return fail_at(st, line, NULL, "[%.*s] a second time (the "
                                   "first is at line %lu)", (int)n, p,
                                   st->headers[h].line);
            if (st->nheaders == ASSIGNMENT_MAX_QUESTIONS)
                return fail_at(st, line, NULL, "[%.*s]: more than %d "
                               "questions", (int)n, p,
                               ASSIGNMENT_MAX_QUESTIONS);
            st->headers[st->nheaders].p = p;
            st->headers[st->nheaders].n = n;
            st->headers[st->nheaders++].line = line;
        }
        i = e + 1;
    }
    return SG_OK;
}

/* The header of section NAME, or NULL. */
static const header *header_of(const ini_state *st, const char *name)
{
    for (size_t h = 0; h < st->nheaders; h++)
        if (st->headers[h].n == strlen(name) &&
            memcmp(st->headers[h].p, name, st->headers[h].n) == 0)
            return &st->headers[h];
    return NULL;
}

/* A section without any key is no question: libinih never reports it. */
static sg_status check_sections(ini_state *st)
{
    for (size_t h = 0; h < st->nheaders; h++) {
        bool known = false;
        for (size_t q = 0; q < st->a->n && !known; q++)
            known = strlen(st->a->q[q].key) == st->headers[h].n &&
                    memcmp(st->a->q[q].key, st->headers[h].p,
                           st->headers[h].n) == 0;
        if (!known)
            return fail_at(st, st->headers[h].line, NULL, "[%.*s] has no "
                           "game = line", (int)st->headers[h].n,
                           st->headers[h].p);
    }
    return SG_OK;
}

sg_assignment *sg_assignment_parse(sg_ctx *ctx, const char *text, size_t len,
                                   const char *origin)
{
    sg_assignment *a = sg_alloc(ctx, 1, sizeof *a);
    if (!a)
        return NULL;
    a->origin = sg_strdup(ctx, origin ? origin : "(assignment)");
    const char *slash = origin ? strrchr(origin, '/') : NULL;
    a->dir = slash ? sg_strndup(ctx, origin, slash == origin
                                                 ? 1
                                                 : (size_t)(slash - origin))
                   : sg_strdup(ctx, ".");
    if (!a->origin || !a->dir) {
        sg_assignment_free(a);
        return NULL;
    }
    ini_state st = {.ctx = ctx, .a = a, .text = text, .len = len};
    if (len > ASSIGNMENT_MAX_BYTES) {
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: larger than %zu bytes: not an "
                    "assignment file", a->origin, ASSIGNMENT_MAX_BYTES);
        sg_assignment_free(a);
        return NULL;
    }
    if (scan_lines(&st) != SG_OK) {
        sg_assignment_free(a);
        return NULL;
    }
    int rc = ini_parse_stream(next_line, &st, on_key, &st);
    if (!st.failed && rc > 0)
        fail_at(&st, (unsigned long)rc, NULL, "neither \"key = value\" nor "
                "a [section]");
    else if (!st.failed && rc < 0)
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    if (sg_ctx_status(ctx) == SG_ENOMEM) {
        sg_assignment_free(a);
        return NULL;
    }
    for (size_t i = 0; i < a->n && !st.failed; i++) {
        const header *h = header_of(&st, a->q[i].key);
        if (h)
            a->q[i].line = h->line;
        if (!a->q[i].game)
            fail_at(&st, a->q[i].line, NULL, "[%s] has no game = line",
                    a->q[i].key);
    }
    if (!st.failed)
        check_sections(&st);
    if (!st.failed && a->n == 0)
        fail_at(&st, st.line ? st.line : 1, NULL, "no question: each starts "
                "with a section, [Q1], with game = ... under it");
    if (st.failed) {
        sg_assignment_free(a);
        return NULL;
    }
    /* What the top gives, every question takes unless it says otherwise. */
    for (size_t i = 0; i < a->n; i++) {
        if (!a->q[i].has_points && a->has_points) {
            a->q[i].points = a->points;
            a->q[i].has_points = true;
        }
        if (!a->q[i].has_n && a->has_n) {
            a->q[i].last = a->last;
            a->q[i].has_n = true;
        }
        if (!a->q[i].has_points) {
            /* One point an entry right, as a TA counts by default. */
            memset(&a->q[i].points, 0, sizeof a->q[i].points);
            a->q[i].points.value = 1;
        }
    }
    return a;
}

sg_assignment *sg_assignment_read(sg_ctx *ctx, const char *path)
{
    size_t len;
    char *text = sg_read_file(ctx, path, "assignment file",
                              ASSIGNMENT_MAX_BYTES, &len);
    if (!text)
        return NULL;
    sg_assignment *a = sg_assignment_parse(ctx, text, len, path);
    free(text);
    return a;
}

void sg_assignment_free(sg_assignment *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->n; i++) {
        free((char *)a->q[i].key);
        free((char *)a->q[i].game);
    }
    free(a->q);
    free(a->title);
    free(a->dir);
    free(a->origin);
    free(a);
}

const char *sg_assignment_title(const sg_assignment *a)
{
    return a->title ? a->title : "";
}

const char *sg_assignment_origin(const sg_assignment *a) { return a->origin; }

const char *sg_assignment_dir(const sg_assignment *a) { return a->dir; }

size_t sg_assignment_count(const sg_assignment *a) { return a->n; }

const sg_question *sg_assignment_question(const sg_assignment *a, size_t i)
{
    return i < a->n ? &a->q[i] : NULL;
}

sg_status sg_assignment_fail(sg_ctx *ctx, const sg_assignment *a,
                             size_t question, const char *key,
                             const char *message)
{
    const sg_question *q = sg_assignment_question(a, question);
    unsigned long line = q ? (strcmp(key, "game") == 0 ? q->game_line
                                                       : q->line)
                           : 0;
    char shown[96];
    sg_clean_text(a->origin, strlen(a->origin), shown, sizeof shown);
    return sg_ctx_fail(ctx, SG_EINPUT, "%s:%lu: %s: %s", shown, line, key,
                       message);
}
