/*
 * lms.c - what the names in a learning platform's download say: whose
 * submission a file or folder is, by the platform's own id, which attempt,
 * whether it came late, and whether it is a submission at all.
 *
 * Moodle gives one folder per submission, "Full Name_PARTICIPANT_
 * assignsubmission_file_" (and "_onlinetext_" for text typed in the
 * browser).  Canvas gives flat files, "lastfirst_USERID_SUBMISSIONID_
 * original-name", with "_LATE_" after the name when late and "-1", "-2"
 * before the extension on resubmissions.  Blackboard gives
 * "Assignment_USERNAME_attempt_DATE_original-name" and, per attempt, a
 * receipt "Assignment_USERNAME_attempt_DATE.txt" that names the student
 * and is never a submission.
 */
#include "check/read.h"

#include <stdlib.h>
#include <string.h>

void sg_lms_name_clear(sg_lms_name *n)
{
    if (!n)
        return;
    free(n->id);
    free(n->name);
    free(n->original);
    free(n->attempt);
    memset(n, 0, sizeof *n);
}

static bool digits(const char *s, size_t n)
{
    uint64_t v;
    return n > 0 && sg_parse_u64(s, n, UINT64_MAX, &v) != -1;
}

/* A copy of S[0..n) with bidirectional controls and control characters
 * shown escaped, as every name that reaches a gradebook is. */
static char *copy_name(sg_ctx *ctx, const char *s, size_t n)
{
    char clean[512];
    sg_clean_text(s, n < 300 ? n : 300, clean, sizeof clean);
    return sg_strdup(ctx, clean);
}

/* Canvas's resubmission number: "hw3-2.txt" is attempt 2 of "hw3.txt".
 * Cuts it off ORIGINAL (in place) and returns it, or 0. */
static unsigned long resubmission(char *original)
{
    char *dot = strrchr(original, '.');
    size_t end = dot && dot > original ? (size_t)(dot - original)
                                       : strlen(original);
    size_t b = end;
    while (b > 0 && original[b - 1] >= '0' && original[b - 1] <= '9')
        b--;
    if (b == end || b < 2 || original[b - 1] != '-' || end - b > 3)
        return 0;
    unsigned long v = strtoul(original + b, NULL, 10);
    memmove(original + b - 1, original + end, strlen(original + end) + 1);
    return v;
}

static sg_status canvas(sg_ctx *ctx, const char *s, size_t n,
                        sg_lms_name *out)
{
    const char *u1 = memchr(s, '_', n);
    if (!u1 || u1 == s)
        return SG_OK;
    const char *p = u1 + 1;
    size_t rest = n - (size_t)(p - s);
    int late = 0;
    if (rest > 5 && (strncmp(p, "LATE_", 5) == 0 || strncmp(p, "late_", 5) == 0)) {
        late = 1;
        p += 5;
        rest -= 5;
    }
    const char *u2 = memchr(p, '_', rest);
    if (!u2 || !digits(p, (size_t)(u2 - p)))
        return SG_OK;
    const char *q = u2 + 1;
    size_t rest2 = n - (size_t)(q - s);
    const char *u3 = memchr(q, '_', rest2);
    if (!u3 || !digits(q, (size_t)(u3 - q)) || (size_t)(u3 + 1 - s) >= n)
        return SG_OK;
    out->lms = SG_LMS_CANVAS;
    out->late = late;
    out->name = copy_name(ctx, s, (size_t)(u1 - s));
    out->id = sg_strndup(ctx, p, (size_t)(u2 - p));
    out->original = sg_strndup(ctx, u3 + 1, n - (size_t)(u3 + 1 - s));
    if (!out->name || !out->id || !out->original)
        return SG_ENOMEM;
    char num[24];
    snprintf(num, sizeof num, "%04lu", resubmission(out->original));
    out->attempt = sg_strdup(ctx, num);
    /* Canvas's student view is "Test Student", written last name first. */
    out->test_student = strcmp(out->name, "studenttest") == 0 ||
                        strcmp(out->name, "teststudent") == 0;
    return out->attempt ? SG_OK : SG_ENOMEM;
}

static sg_status blackboard(sg_ctx *ctx, const char *s, size_t n,
                            int is_file, sg_lms_name *out)
{
    const char *mark = NULL;
    for (const char *m = s; (m = strstr(m, "_attempt_")) != NULL &&
                            (size_t)(m - s) < n;
         m++)
        mark = m;
    if (!mark)
        return SG_OK;
    const char *us = mark;
    while (us > s && us[-1] != '_')
        us--;
    if (us == s || us == mark)
        return SG_OK;
    const char *date = mark + 9;
    size_t dl = 0;
    while ((size_t)(date + dl - s) < n && ((date[dl] >= '0' && date[dl] <= '9') ||
                                           date[dl] == '-'))
        dl++;
    if (dl < 8)
        return SG_OK;
    out->lms = SG_LMS_BLACKBOARD;
    out->id = sg_strndup(ctx, us, (size_t)(mark - us));
    out->name = copy_name(ctx, us, (size_t)(mark - us));
    out->attempt = sg_strndup(ctx, date, dl);
    if (!out->id || !out->name || !out->attempt)
        return SG_ENOMEM;
    const char *after = date + dl;
    size_t left = n - (size_t)(after - s);
    if (left == 0 || (left == 4 && strncmp(after, ".txt", 4) == 0)) {
        out->receipt = is_file && left == 4;
        return SG_OK;
    }
    if (*after == '_' && left > 1) {
        out->original = sg_strndup(ctx, after + 1, left - 1);
        if (!out->original)
            return SG_ENOMEM;
    }
    return SG_OK;
}

sg_status sg_lms_name_read(sg_ctx *ctx, const char *name, int is_file,
                           sg_lms_name *out)
{
    memset(out, 0, sizeof *out);
    size_t n = strlen(name);
    const char *mark = strstr(name, "_assignsubmission_");
    if (!is_file && mark) {
        const char *us = mark;
        while (us > name && us[-1] != '_')
            us--;
        if (us > name && digits(us, (size_t)(mark - us))) {
            out->lms = SG_LMS_MOODLE;
            out->id = sg_strndup(ctx, us, (size_t)(mark - us));
            out->name = copy_name(ctx, name, (size_t)(us - 1 - name));
            out->online_text = strstr(mark, "_onlinetext") != NULL;
            if (!out->id || !out->name) {
                sg_lms_name_clear(out);
                return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            }
            return SG_OK;
        }
    }
    sg_status st = SG_OK;
    if (is_file) {
        st = blackboard(ctx, name, n, is_file, out);
        if (st == SG_OK && out->lms == SG_LMS_NONE)
            st = canvas(ctx, name, n, out);
    }
    if (st == SG_OK && out->lms == SG_LMS_NONE) {
        sg_student who;
        st = sg_student_from_name(ctx, name, is_file, &who);
        out->id = who.id;
        out->name = who.name;
    }
    if (st != SG_OK) {
        sg_lms_name_clear(out);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    return SG_OK;
}

char *sg_lms_receipt_name(sg_ctx *ctx, const char *text, size_t len)
{
    /* "Name: Anna Schmidt (aschmidt)", the receipt's first line. */
    size_t i = 0;
    while (i < len) {
        size_t e = i;
        while (e < len && text[e] != '\n' && text[e] != '\r')
            e++;
        if (e - i > 5 && strncmp(text + i, "Name:", 5) == 0) {
            size_t b = i + 5, x = e;
            while (b < x && text[b] == ' ')
                b++;
            /* The user name in brackets is the id, not the name. */
            if (x > b && text[x - 1] == ')') {
                size_t o = x;
                while (o > b && text[o - 1] != '(')
                    o--;
                if (o > b)
                    x = o - 1;
            }
            while (x > b && text[x - 1] == ' ')
                x--;
            return x > b ? copy_name(ctx, text + b, x - b) : NULL;
        }
        i = e + 1;
    }
    return NULL;
}

char *sg_lms_receipt_read(sg_ctx *ctx, const char *path, const char *inside)
{
    /* A receipt is input like a sheet: a regular file inside the class,
     * never a FIFO to wait on nor a link out of the folder. */
    size_t len;
    char *text = sg_sheet_file_read(ctx, "en", path, inside, &len);
    if (!text) {
        sg_ctx_clear(ctx);
        return NULL;
    }
    char *name = sg_lms_receipt_name(ctx, text, len);
    free(text);
    return name;
}
