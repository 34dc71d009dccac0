/*
 * template.h - the template language shared by traces and pages (private).
 *
 * A template file is a preamble (free text, ignored) followed by sections:
 *
 *     [settings]
 *     escape = latex
 *     list-separator = ", "
 *     [step]
 *     sg(${x}) = mex{${values}} = ${sg}
 *
 * A line that is exactly "[name]" starts a section; the lines up to the next
 * one are its body, without trailing blank lines and without the final
 * newline.  In a body, ${name} is a placeholder and $${ is a literal "${".
 * The [settings] section holds "key = value" lines instead of a body.
 */
#ifndef SGVIZ_TEMPLATE_H
#define SGVIZ_TEMPLATE_H

#include "internal.h"

/* One piece of a section body: literal text, or a placeholder. */
typedef struct sg_segment {
    const char *text; /* literal text (points into the template's copy) */
    size_t len;
    int var;          /* placeholder id, or -1 for literal text */
    bool in_string;   /* the placeholder sits inside a "..." of the section's
                         own text: JSON output writes text there unquoted */
} sg_segment;

typedef struct sg_section {
    int present;
    sg_segment *segs;
    size_t nsegs;
} sg_section;

/* What a kind of template may contain: section names, placeholder names,
 * which placeholders each section accepts, and the settings keys. */
typedef struct sg_tpl_schema {
    const char *what;               /* "trace template", for messages */
    const char *const *sections;    /* NULL-terminated; index = section id */
    const char *const *vars;        /* NULL-terminated; index = var id */
    /* allowed[section] is a bitmask of var ids (ids < 64). */
    const uint64_t *allowed;
    const char *const *settings;    /* NULL-terminated keys */
} sg_tpl_schema;

#define SG_TPL_MAX_SECTIONS 96
#define SG_TPL_MAX_SETTINGS 16

struct sg_template {
    const sg_tpl_schema *schema;
    char *text;                     /* the template's own copy of the file */
    char *origin;
    sg_section sections[SG_TPL_MAX_SECTIONS];
    char *settings[SG_TPL_MAX_SETTINGS]; /* values, or NULL when not given */
    sg_escape escape;
};

/* Parses TEXT[0..len) against SCHEMA.  Returns NULL on error with
 * ORIGIN:LINE:COLUMN in the message. */
sg_template *sg_tpl_parse(sg_ctx *ctx, const sg_tpl_schema *schema,
                          const char *text, size_t len, const char *origin);

/* The value of setting KEY (its index in the schema), or DEFAULT_VALUE. */
const char *sg_tpl_setting(const sg_template *tpl, int key,
                           const char *default_value);

/* Loads the built-in file NAME (under templates/) against SCHEMA and
 * checks that it has every section the schema names: the program's own
 * wordings must be whole.  Returns NULL after recording an error. */
sg_template *sg_tpl_builtin(sg_ctx *ctx, const sg_tpl_schema *schema,
                            const char *name);

/* Appends section ID of TPL to B, with VARS[v] (a plain string, or NULL
 * for nothing) for each placeholder v.  For the small wordings (reports,
 * legends, captions) whose placeholders are all text. */
void sg_tpl_say(sg_buf *b, const sg_template *tpl, int id,
                const char *const *vars);

/* Section ids of the trace schema. */
enum {
    TR_SETTINGS,
    TR_HEADER,
    TR_FOOTER,
    TR_TERMINAL,
    TR_STEP,
    TR_DAG_TERMINAL,
    TR_DAG_STEP,
    TR_BETWEEN,
    TR_AMOUNT,
    TR_TARGET,
    TR_REF,
    TR_VALUE,
    /* Games whose moves may split a heap (SG_WORDING_SPLITS). */
    TR_SPLIT_TERMINAL,
    TR_SPLIT_STEP,
    TR_TAKE,
    TR_SPLIT,
    TR_OPTION,
    TR_SUM,
    TR_DAG_REF, /* [ref] for games whose positions have names */
    TR_BREAK,   /* between two blocks of `rows` steps */
    TR_NSECTIONS
};

/* Placeholder ids of the trace schema. */
enum {
    TV_GAME,
    TV_SET,
    TV_FROM,
    TV_TO,
    TV_COUNT,
    TV_P_POSITIONS,
    TV_N_POSITIONS,
    TV_P_COUNT,
    TV_N_COUNT,
    TV_X,
    TV_SG,
    TV_PN,
    TV_N,
    TV_AMOUNTS,
    TV_TARGETS,
    TV_REFS,
    TV_VALUES,
    TV_A,
    TV_T,
    TV_V,
    TV_TAKES,
    TV_OPTIONS,
    TV_SUMS,
    TV_HEAPS,
    TV_NVARS
};

/* Settings keys of the trace schema. */
enum {
    TS_ESCAPE,
    TS_LIST_SEPARATOR,
    TS_P_LABEL,
    TS_N_LABEL,
    TS_NAME_SEPARATOR,
    TS_TAKE_SEPARATOR,
    TS_OPTION_SEPARATOR,
    TS_HEAP_SEPARATOR,
    TS_SUM_SEPARATOR,
    TS_XOR,
    TS_ROWS,
    TS_NAMES
};

/* The most steps one block of a trace may be given with `rows`. */
#define SG_TRACE_MAX_ROWS 1000000u

extern const sg_tpl_schema sg_trace_schema;

/* Records that LANG is not a language of the built-in wording, with the
 * one it most likely misspells ("zn": did you mean zh?).  Returns
 * SG_EINPUT. */
sg_status sg_fail_language(sg_ctx *ctx, const char *lang);

#endif /* SGVIZ_TEMPLATE_H */
