/*
 * say.c - the homework reader's messages, in the language of the report.
 *
 * A teaching assistant who grades in Chinese hands the messages about
 * unreadable files to Chinese-speaking students, so every message the
 * reader gives comes from templates/check/read.LANG.text, one section per
 * message, with named placeholders (a language orders its words its own
 * way).  The wording is loaded only when a message is given: most files
 * read without one.
 */
#include "check/read.h"
#include "text/template.h"

#include <stdarg.h>
#include <string.h>

static const char *const sg_read_messages[] = {
    "empty", "too-large", "xlsx", "xls", "docx", "doc", "ods", "odt",
    "office", "apple", "zip", "archive", "pdf", "rtf", "image", "program",
    "nul", "control", "bad-unicode", "invisible", "line-too-long",
    "no-table", "header-only", "not-number", "looks-like-digit", "negative", "fraction",
    "value-too-large", "not-pn", "not-position", "position-too-large",
    "no-node", "two-nodes", "letter-among-values", "value-among-letters",
    "too-many", "row-longer", "row-shorter", "row-without-x", "x-row-alone",
    "second-row", "value-under-no-x", "pair-extra", "more-fields",
    "second-column", "no-x-column", "no-answer-column", "two-answers",
    "list-for-nodes", "json-syntax", "json-deep", "json-no-table",
    "cannot-open", "cannot-read", "not-regular", "directory", "link-outside",
    "link-dangling", "link-loop", "unknown-language", NULL};

_Static_assert(sizeof sg_read_messages / sizeof sg_read_messages[0] ==
                   RM_NCOUNT + 1,
               "one section name per reader message");
_Static_assert(RM_NCOUNT <= SG_TPL_MAX_SECTIONS,
               "the reader's messages fit in one template");

static const char *const read_vars[] = {
    "text", "what", "line", "count", "expected", "x", "value", "other",
    "limit", "char", "game", "encoding", "reason", NULL};

_Static_assert(sizeof read_vars / sizeof read_vars[0] == RV_NVARS + 1,
               "one name per placeholder");

/* Every placeholder may appear in every message; one a message does not
 * give is empty. */
#define ALL_VARS ((UINT64_C(1) << RV_NVARS) - 1)
#define ALL_8 ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, \
              ALL_VARS, ALL_VARS
static const uint64_t read_allowed[] = {ALL_8, ALL_8, ALL_8, ALL_8,
                                        ALL_8, ALL_8, ALL_8, ALL_8};
_Static_assert(sizeof read_allowed / sizeof read_allowed[0] >= RM_NCOUNT,
               "a mask for every message");
static const char *const read_settings[] = {NULL};

static const sg_tpl_schema read_schema = {"reader wording", sg_read_messages,
                                          read_vars, read_allowed,
                                          read_settings};

bool sg_say_known_language(const char *lang)
{
    return !lang || strcmp(lang, "en") == 0 || strcmp(lang, "zh") == 0;
}

sg_status sg_say(sg_ctx *ctx, sg_status status, const char *lang,
                 const char *origin, unsigned long line, unsigned long column,
                 int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    sg_status st = sg_vsay(ctx, status, lang, origin, line, column, msg, ap);
    va_end(ap);
    return st;
}

sg_status sg_vsay(sg_ctx *ctx, sg_status status, const char *lang,
                  const char *origin, unsigned long line, unsigned long column,
                  int msg, va_list ap)
{
    const char *vars[RV_NVARS] = {0};
    for (;;) {
        int v = va_arg(ap, int);
        if (v < 0 || v >= RV_NVARS)
            break;
        vars[v] = va_arg(ap, const char *);
    }
    /* The wordings are built in and never change, so each is parsed once
     * and kept for the life of the process: a class of files that cannot
     * be read, or a fuzzer, gives messages by the thousand. */
    static sg_template *parsed[2];
    int k = lang && strcmp(lang, "zh") == 0 ? 1 : 0;
    if (!parsed[k]) {
        char name[64];
        snprintf(name, sizeof name, "check/read.%s.text", k ? "zh" : "en");
        parsed[k] = sg_tpl_builtin(ctx, &read_schema, name);
        if (!parsed[k])
            return ctx->status;
    }
    sg_buf b;
    sg_buf_init(&b);
    sg_tpl_say(&b, parsed[k], msg, vars);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    sg_fail_at(ctx, status, origin, line, line ? column : 0, "%s", b.data);
    sg_buf_free(&b);
    return status;
}
