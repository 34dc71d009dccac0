/*
 * value.c - the line of `sgviz value` for one position, in the words of
 * templates/value/LANG.text.
 */
#include "text/template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VW_VALUE, VW_MISERE, VW_MISERE_QUOTIENT, VW_P, VW_N, VW_NSECTIONS };

static const char *const value_sections[] = {
    "value", "misere", "misere-quotient", "p", "n", NULL};

enum { VV_X, VV_SG, VV_PN, VV_NVARS };

static const char *const value_vars[] = {"x", "sg", "pn", NULL};

#define VALUE_ALL ((UINT64_C(1) << VV_NVARS) - 1)
static const uint64_t value_allowed[VW_NSECTIONS] = {
    VALUE_ALL, VALUE_ALL, VALUE_ALL, 0, 0};

static const char *const no_settings[] = {NULL};

static const sg_tpl_schema value_schema = {"value wording", value_sections,
                                           value_vars, value_allowed,
                                           no_settings};

/* Where the loaded wordings stay: a command asks for many lines in one
 * language, and a wording is small. */
typedef struct sg_value_words {
    sg_template *words;
} sg_value_words;

sg_value_words *sg_value_words_new(sg_ctx *ctx, const char *lang)
{
    const char *l = lang ? lang : "en";
    char name[64];
    if (strlen(l) > 8)
        return sg_fail_language(ctx, l), NULL;
    snprintf(name, sizeof name, "value/%s.text", l);
    if (!sg_builtin_file(name, NULL))
        return sg_fail_language(ctx, l), NULL;
    sg_value_words *w = sg_alloc(ctx, 1, sizeof *w);
    if (!w)
        return NULL;
    w->words = sg_tpl_builtin(ctx, &value_schema, name);
    if (!w->words) {
        free(w);
        return NULL;
    }
    return w;
}

void sg_value_words_free(sg_value_words *w)
{
    if (!w)
        return;
    sg_template_free(w->words);
    free(w);
}

sg_status sg_value_say(sg_ctx *ctx, const sg_value_words *w,
                       sg_value_kind kind, const char *position,
                       sg_value value, FILE *out)
{
    char sg[24], pn[128];
    sg_u64_to_str(value, sg);
    sg_buf b;
    sg_buf_init(&b);
    sg_tpl_say(&b, w->words, value ? VW_N : VW_P, NULL);
    snprintf(pn, sizeof pn, "%s", b.data && !b.failed ? b.data : "");
    sg_buf_free(&b);
    const char *vars[VV_NVARS] = {position, sg, pn};
    int id = kind == SG_VALUE_MISERE             ? VW_MISERE
             : kind == SG_VALUE_MISERE_QUOTIENT ? VW_MISERE_QUOTIENT
                                                 : VW_VALUE;
    sg_buf_init(&b);
    sg_tpl_say(&b, w->words, id, vars);
    sg_buf_putc(&b, '\n');
    sg_status st = SG_OK;
    if (b.failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    else
        /* A failed write shows in the stream's error flag, which the
         * caller checks once, when the output is committed. */
        fwrite(b.data, 1, b.len, out);
    sg_buf_free(&b);
    return st;
}
