/*
 * template.c - parsing of template files (see template.h for the language),
 * the built-in templates, and escaping of text for each output format.
 */
#include "text/template.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The trace schema                                                         */
/* ------------------------------------------------------------------------ */

static const char *const trace_sections[] = {
    "settings", "header", "footer", "terminal", "step", "dag-terminal",
    "dag-step", "between", "amount", "target", "ref", "value",
    "split-terminal", "split-step", "take", "split", "option", "sum",
    "dag-ref", "break", NULL};

static const char *const trace_vars[] = {
    "game", "set", "from", "to", "count", "p-positions", "n-positions",
    "p-count", "n-count", "x", "sg", "pn", "n", "amounts", "targets", "refs",
    "values", "a", "t", "v", "takes", "options", "sums", "heaps", NULL};

#define BIT(v) (UINT64_C(1) << (v))
#define FRAME_VARS                                                             \
    (BIT(TV_GAME) | BIT(TV_SET) | BIT(TV_FROM) | BIT(TV_TO) | BIT(TV_COUNT) |  \
     BIT(TV_P_POSITIONS) | BIT(TV_N_POSITIONS) | BIT(TV_P_COUNT) |             \
     BIT(TV_N_COUNT))
#define STEP_VARS                                                              \
    (BIT(TV_X) | BIT(TV_SG) | BIT(TV_PN) | BIT(TV_N) | BIT(TV_TARGETS) |       \
     BIT(TV_REFS) | BIT(TV_VALUES) | BIT(TV_GAME))

/* A step of a game whose moves split: options are sums of heaps, so the
 * step has no targets, and each option's references go in ${sums}. */
#define SPLIT_STEP_VARS                                                        \
    (BIT(TV_X) | BIT(TV_SG) | BIT(TV_PN) | BIT(TV_N) | BIT(TV_GAME) |          \
     BIT(TV_AMOUNTS) | BIT(TV_VALUES) | BIT(TV_TAKES) | BIT(TV_OPTIONS) |      \
     BIT(TV_SUMS))
#define OPTION_VARS                                                            \
    (BIT(TV_A) | BIT(TV_HEAPS) | BIT(TV_REFS) | BIT(TV_V) | BIT(TV_X))

static const uint64_t trace_allowed[] = {
    [TR_SETTINGS] = 0,
    [TR_HEADER] = FRAME_VARS,
    [TR_FOOTER] = FRAME_VARS,
    [TR_TERMINAL] = STEP_VARS | BIT(TV_AMOUNTS),
    [TR_STEP] = STEP_VARS | BIT(TV_AMOUNTS),
    [TR_DAG_TERMINAL] = STEP_VARS,
    [TR_DAG_STEP] = STEP_VARS,
    [TR_BETWEEN] = 0,
    [TR_AMOUNT] = BIT(TV_A) | BIT(TV_T) | BIT(TV_V) | BIT(TV_X),
    [TR_TARGET] = BIT(TV_A) | BIT(TV_T) | BIT(TV_V) | BIT(TV_X),
    [TR_REF] = BIT(TV_A) | BIT(TV_T) | BIT(TV_V) | BIT(TV_X),
    [TR_VALUE] = BIT(TV_A) | BIT(TV_T) | BIT(TV_V) | BIT(TV_X),
    [TR_SPLIT_TERMINAL] = SPLIT_STEP_VARS,
    [TR_SPLIT_STEP] = SPLIT_STEP_VARS,
    [TR_TAKE] = BIT(TV_A) | BIT(TV_OPTIONS) | BIT(TV_X),
    [TR_SPLIT] = BIT(TV_OPTIONS) | BIT(TV_X),
    [TR_OPTION] = OPTION_VARS,
    [TR_SUM] = OPTION_VARS,
    [TR_DAG_REF] = BIT(TV_A) | BIT(TV_T) | BIT(TV_V) | BIT(TV_X),
    [TR_BREAK] = FRAME_VARS,
};

static const char *const trace_settings[] = {
    "escape", "list-separator", "p-label", "n-label", "name-separator",
    "take-separator", "option-separator", "heap-separator", "sum-separator",
    "xor", "rows", "names", NULL};

const sg_tpl_schema sg_trace_schema = {"trace template", trace_sections,
                                       trace_vars, trace_allowed,
                                       trace_settings};


/* ------------------------------------------------------------------------ */
/* Parsing                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct parser {
    sg_ctx *ctx;
    const sg_tpl_schema *schema;
    sg_template *tpl;
    const char *origin;
    unsigned long line;
} parser;

/* Column (1-based, in characters) of P within the line starting at LINE. */
static unsigned long column_of(const char *line, const char *p)
{
    unsigned long col = 1;
    for (const char *q = line; q < p; q++)
        if (((unsigned char)*q & 0xC0) != 0x80)
            col++;
    return col;
}

static int find_name(const char *const *names, const char *s, size_t len)
{
    for (int i = 0; names[i]; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
            return i;
    return -1;
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

static void list_names(sg_buf *b, const char *const *names, uint64_t mask,
                       bool use_mask)
{
    bool first = true;
    for (int i = 0; names[i]; i++) {
        if (use_mask && !(mask & BIT(i)))
            continue;
        if (!first)
            sg_buf_puts(b, ", ");
        sg_buf_puts(b, names[i]);
        first = false;
    }
}

static sg_status add_segment(parser *ps, sg_section *sec, const char *text,
                             size_t len, int var, bool in_string, size_t *cap)
{
    if (var < 0 && len == 0)
        return SG_OK;
    if (sec->nsegs == *cap) {
        size_t ncap = *cap ? *cap * 2 : 8;
        sg_segment *grown = sg_grow(ps->ctx, sec->segs, ncap, sizeof *grown);
        if (!grown)
            return ps->ctx->status;
        sec->segs = grown;
        *cap = ncap;
    }
    sec->segs[sec->nsegs].text = text;
    sec->segs[sec->nsegs].len = len;
    sec->segs[sec->nsegs].var = var;
    sec->segs[sec->nsegs].in_string = in_string;
    sec->nsegs++;
    return SG_OK;
}

/* Splits BODY[0..len) of section ID into literal text and placeholders. */
static sg_status parse_body(parser *ps, int id, const char *body, size_t len,
                            unsigned long first_line)
{
    sg_section *sec = &ps->tpl->sections[id];
    size_t cap = 0;
    const char *p = body, *end = body + len, *lit = body;
    const char *line_start = body;
    unsigned long line = first_line;
    /* Whether the text so far has opened a double-quoted string (a quote not
     * escaped by a backslash toggles it).  JSON templates need this to know
     * whether a name goes in with its own quotes or without. */
    bool in_string = false;
    while (p < end) {
        if (*p == '"') {
            size_t backslashes = 0;
            for (const char *q = p; q > body && q[-1] == '\\'; q--)
                backslashes++;
            if (backslashes % 2 == 0)
                in_string = !in_string;
        }
        if (*p == '\n') {
            line++;
            line_start = ++p;
            continue;
        }
        if (*p == '$' && p + 2 < end && p[1] == '$' && p[2] == '{') {
            /* "$${" is a literal "${". */
            if (add_segment(ps, sec, lit, (size_t)(p - lit), -1, false, &cap))
                return ps->ctx->status;
            lit = p + 1;
            p += 3;
            continue;
        }
        if (*p == '$' && p + 1 < end && p[1] == '{') {
            const char *name = p + 2, *q = name;
            while (q < end && name_char(*q))
                q++;
            if (q >= end || *q != '}') {
                return sg_fail_at(ps->ctx, SG_EINPUT, ps->origin, line,
                                  column_of(line_start, p),
                                  "unterminated placeholder: \"${\" must be "
                                  "followed by a name and \"}\" (write $${ for "
                                  "a literal ${)");
            }
            int var = find_name(ps->schema->vars, name, (size_t)(q - name));
            if (var < 0 || !(ps->schema->allowed[id] & BIT(var))) {
                sg_buf known;
                sg_buf_init(&known);
                list_names(&known, ps->schema->vars, ps->schema->allowed[id],
                           true);
                char shown[96];
                sg_quote(name, (size_t)(q - name), shown, sizeof shown);
                sg_status st = sg_fail_at(
                    ps->ctx, SG_EINPUT, ps->origin, line,
                    column_of(line_start, p),
                    "%s placeholder ${%s} in [%s] (it takes: %s)",
                    var < 0 ? "unknown" : "unusable",
                    shown, ps->schema->sections[id],
                    known.len ? known.data : "none");
                sg_buf_free(&known);
                return st;
            }
            if (add_segment(ps, sec, lit, (size_t)(p - lit), -1, false,
                            &cap) ||
                add_segment(ps, sec, NULL, 0, var, in_string, &cap))
                return ps->ctx->status;
            p = q + 1;
            lit = p;
            continue;
        }
        p++;
    }
    if (add_segment(ps, sec, lit, (size_t)(end - lit), -1, false, &cap))
        return ps->ctx->status;
    return SG_OK;
}

static sg_status parse_settings(parser *ps, const char *body, size_t len,
                                unsigned long first_line)
{
    const char *p = body, *end = body + len;
    unsigned long line = first_line;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        const char *s = p;
        while (s < eol && (*s == ' ' || *s == '\t'))
            s++;
        if (s < eol && *s != '#') {
            const char *eq = memchr(s, '=', (size_t)(eol - s));
            if (!eq)
                return sg_fail_at(ps->ctx, SG_EINPUT, ps->origin, line,
                                  column_of(p, s),
                                  "expected \"key = value\" in [settings]");
            const char *k = s, *ke = eq;
            while (ke > k && (ke[-1] == ' ' || ke[-1] == '\t'))
                ke--;
            int key = find_name(ps->schema->settings, k, (size_t)(ke - k));
            if (key < 0) {
                char shown[96];
                sg_buf known;
                sg_buf_init(&known);
                list_names(&known, ps->schema->settings, 0, false);
                sg_status st = sg_fail_at(
                    ps->ctx, SG_EINPUT, ps->origin, line, column_of(p, s),
                    "unknown setting \"%s\" (known: %s)",
                    sg_quote(k, (size_t)(ke - k), shown, sizeof shown),
                    known.len ? known.data : "none");
                sg_buf_free(&known);
                return st;
            }
            const char *v = eq + 1, *ve = eol;
            while (v < ve && (*v == ' ' || *v == '\t'))
                v++;
            while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
                ve--;
            if (ve - v >= 2 && *v == '"' && ve[-1] == '"') {
                v++;
                ve--;
            }
            if (ps->tpl->settings[key])
                return sg_fail_at(ps->ctx, SG_EINPUT, ps->origin, line,
                                  column_of(p, s), "setting \"%s\" is given twice",
                                  ps->schema->settings[key]);
            ps->tpl->settings[key] = sg_strndup(ps->ctx, v, (size_t)(ve - v));
            if (!ps->tpl->settings[key])
                return ps->ctx->status;
        }
        p = eol + 1;
        line++;
    }
    return SG_OK;
}

/* Whether LINE[0..len) is a section header "[name]"; sets NAME and NLEN. */
static bool is_header(const char *line, size_t len, const char **name,
                      size_t *nlen)
{
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    if (len < 3 || line[0] != '[' || line[len - 1] != ']')
        return false;
    if (!(line[1] >= 'a' && line[1] <= 'z'))
        return false;
    for (size_t i = 1; i + 1 < len; i++)
        if (!name_char(line[i]))
            return false;
    *name = line + 1;
    *nlen = len - 2;
    return true;
}

/* Checks that TEXT is UTF-8 without NUL bytes; reports the first bad byte. */
static sg_status check_text(parser *ps, const char *text, size_t len)
{
    unsigned long line = 1;
    const char *line_start = text;
    const unsigned char *u = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        if (u[i] == 0)
            return sg_fail_at(ps->ctx, SG_EINPUT, ps->origin, line,
                              column_of(line_start, text + i),
                              "a NUL byte: this is not a text file");
        if (u[i] == '\n') {
            line++;
            line_start = text + i + 1;
            i++;
            continue;
        }
        size_t n = 1;
        if (u[i] >= 0x80) {
            n = (u[i] & 0xE0) == 0xC0 ? 2 : (u[i] & 0xF0) == 0xE0 ? 3
                : (u[i] & 0xF8) == 0xF0 ? 4 : 0;
            bool ok = n && i + n <= len && u[i] >= 0xC2 && u[i] <= 0xF4;
            for (size_t j = 1; ok && j < n; j++)
                ok = (u[i + j] & 0xC0) == 0x80;
            if (!ok)
                return sg_fail_at(ps->ctx, SG_EINPUT, ps->origin, line,
                                  column_of(line_start, text + i),
                                  "byte 0x%02X is not UTF-8 text", u[i]);
        }
        i += n;
    }
    return SG_OK;
}

sg_template *sg_tpl_parse(sg_ctx *ctx, const sg_tpl_schema *schema,
                          const char *text, size_t len, const char *origin)
{
    /* A byte order mark, which some editors put at the start of UTF-8
     * files, is not part of the text. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    if (len > SG_TEMPLATE_MAX_LEN) {
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: the %s is larger than %zu bytes",
                    origin, schema->what, SG_TEMPLATE_MAX_LEN);
        return NULL;
    }
    sg_template *tpl = sg_alloc(ctx, 1, sizeof *tpl);
    if (!tpl)
        return NULL;
    tpl->schema = schema;
    tpl->origin = sg_strdup(ctx, origin);
    /* Keep a copy with carriage returns before newlines removed, so that a
     * file saved with Windows line ends reads the same. */
    tpl->text = sg_alloc_raw(ctx, len + 1, 1);
    if (!tpl->origin || !tpl->text)
        goto fail;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n')
            continue;
        tpl->text[n++] = text[i];
    }
    tpl->text[n] = '\0';

    parser ps = {ctx, schema, tpl, tpl->origin, 0};
    if (check_text(&ps, tpl->text, n) != SG_OK)
        goto fail;

    /* Walk the lines, closing a section at each header and at the end. */
    int current = -1;
    const char *body = NULL;
    const char *body_end = NULL; /* end of the last non-blank line */
    unsigned long body_line = 0;
    const char *p = tpl->text, *end = tpl->text + n;
    unsigned long line = 0;
    bool seen_any = false;
    for (;;) {
        const char *eol = p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
        if (!eol)
            eol = end;
        bool at_end = p >= end;
        line++;
        if (!at_end && (size_t)(eol - p) > SG_LINE_MAX_LEN) {
            sg_fail_at(ctx, SG_ELIMIT, tpl->origin, line, 0,
                       "line longer than %zu characters", SG_LINE_MAX_LEN);
            goto fail;
        }
        const char *name = NULL;
        size_t nlen = 0;
        bool header = !at_end && is_header(p, (size_t)(eol - p), &name, &nlen);
        if (header || at_end) {
            if (current >= 0) {
                const char *b = body;
                size_t blen = body_end ? (size_t)(body_end - b) : 0;
                sg_status st = current == 0 && strcmp(schema->sections[0],
                                                      "settings") == 0
                                   ? parse_settings(&ps, b, blen, body_line)
                                   : parse_body(&ps, current, b, blen,
                                                body_line);
                if (st != SG_OK)
                    goto fail;
            }
            if (at_end)
                break;
            int id = find_name(schema->sections, name, nlen);
            if (id < 0) {
                sg_buf known;
                sg_buf_init(&known);
                list_names(&known, schema->sections, 0, false);
                char shown[96];
                sg_fail_at(ctx, SG_EINPUT, tpl->origin, line, 1,
                           "unknown section [%s] (known: %s)",
                           sg_quote(name, nlen, shown, sizeof shown),
                           known.len ? known.data : "none");
                sg_buf_free(&known);
                goto fail;
            }
            if (tpl->sections[id].present) {
                sg_fail_at(ctx, SG_EINPUT, tpl->origin, line, 1,
                           "section [%s] appears twice", schema->sections[id]);
                goto fail;
            }
            tpl->sections[id].present = 1;
            seen_any = true;
            current = id;
            body = eol < end ? eol + 1 : end;
            body_end = NULL;
            body_line = line + 1;
        } else if (current >= 0) {
            bool blank = true;
            for (const char *q = p; q < eol; q++)
                if (*q != ' ' && *q != '\t')
                    blank = false;
            if (!blank)
                body_end = eol;
        }
        /* After the last line (with or without a newline) p reaches the
         * end, and the next round closes the open section. */
        p = eol < end ? eol + 1 : end;
    }
    if (!seen_any) {
        sg_fail_at(ctx, SG_EINPUT, tpl->origin, line > 1 ? line - 1 : 1, 0,
                   "no sections: a %s needs lines like [step] followed by "
                   "their text", schema->what);
        goto fail;
    }
    return tpl;
fail:
    sg_template_free(tpl);
    return NULL;
}

const char *sg_tpl_setting(const sg_template *tpl, int key,
                           const char *default_value)
{
    return tpl->settings[key] ? tpl->settings[key] : default_value;
}

/* ------------------------------------------------------------------------ */
/* Trace templates: the public face                                         */
/* ------------------------------------------------------------------------ */

static const char *const languages[] = {"en", "zh", NULL};
static const char *const formats[] = {"text", "md", "latex", "json", NULL};

const char *sg_template_languages(void) { return "en, zh"; }

sg_status sg_fail_language(sg_ctx *ctx, const char *lang)
{
    static const char *const langs[] = {"en", "zh", NULL};
    sg_pick_name(ctx, lang, langs, NULL, "language");
    return SG_EINPUT;
}
const char *sg_template_formats(void) { return "text, md, latex, json"; }

static sg_template *finish_trace_template(sg_ctx *ctx, sg_template *tpl)
{
    if (!tpl)
        return NULL;
    const char *esc = sg_tpl_setting(tpl, TS_ESCAPE, "none");
    static const char *const modes[] = {"none", "md", "latex", "json", "html",
                                        NULL};
    int m = find_name(modes, esc, strlen(esc));
    if (m < 0) {
        char shown[96];
        sg_ctx_fail(ctx, SG_EINPUT, "%s: [settings] escape = \"%s\" is not one "
                    "of none, md, latex, json, html",
                    tpl->origin, sg_quote(esc, strlen(esc), shown, sizeof shown));
        sg_template_free(tpl);
        return NULL;
    }
    tpl->escape = (sg_escape)m;
    const char *rows = sg_tpl_setting(tpl, TS_ROWS, "0");
    uint64_t r;
    if (sg_parse_u64(rows, strlen(rows), SG_TRACE_MAX_ROWS, &r) != 0) {
        char shown[96];
        sg_ctx_fail(ctx, SG_EINPUT, "%s: [settings] rows = \"%s\" is not a "
                    "number of steps from 0 (one block) to %u",
                    tpl->origin, sg_quote(rows, strlen(rows), shown,
                                          sizeof shown),
                    SG_TRACE_MAX_ROWS);
        sg_template_free(tpl);
        return NULL;
    }
    bool plain = tpl->sections[TR_STEP].present &&
                 tpl->sections[TR_TERMINAL].present;
    bool dag = tpl->sections[TR_DAG_STEP].present &&
               tpl->sections[TR_DAG_TERMINAL].present;
    bool split = tpl->sections[TR_SPLIT_STEP].present &&
                 tpl->sections[TR_SPLIT_TERMINAL].present;
    if (!plain && !dag && !split) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: a trace template needs [terminal] and "
                    "[step] sections (and [dag-terminal] and [dag-step] for "
                    "games read from DOT files, [split-terminal] and "
                    "[split-step] for take-and-break games)", tpl->origin);
        sg_template_free(tpl);
        return NULL;
    }
    return tpl;
}

sg_template *sg_template_parse(sg_ctx *ctx, const char *text, size_t len,
                               const char *origin)
{
    return finish_trace_template(
        ctx, sg_tpl_parse(ctx, &sg_trace_schema, text, len, origin));
}

sg_template *sg_template_load(sg_ctx *ctx, const char *path)
{
    size_t len;
    char *text = sg_read_file(ctx, path, "template", SG_TEMPLATE_MAX_LEN, &len);
    if (!text)
        return NULL;
    sg_template *tpl = sg_template_parse(ctx, text, len, path);
    free(text);
    return tpl;
}

sg_template *sg_template_builtin(sg_ctx *ctx, const char *lang,
                                 const char *format)
{
    if (sg_pick_name(ctx, lang, languages, "--lang", "language") < 0 ||
        sg_pick_name(ctx, format, formats, "--format", "trace format") < 0)
        return NULL;
    char name[64];
    snprintf(name, sizeof name, "trace/%s.%s", lang, format);
    size_t len;
    const char *text = sg_builtin_file(name, &len);
    if (!text) {
        sg_ctx_fail(ctx, SG_EINTERNAL, "the built-in template %s is missing",
                    name);
        return NULL;
    }
    return sg_template_parse(ctx, text, len, name);
}

sg_status sg_template_set_rows(sg_ctx *ctx, sg_template *tpl, uint64_t rows)
{
    if (!tpl->sections[TR_BREAK].present)
        return sg_ctx_fail(ctx, SG_EINPUT, "the template %s has no [break] "
                           "section, so its traces are not broken into "
                           "blocks (the latex format's are)", tpl->origin);
    if (rows > SG_TRACE_MAX_ROWS)
        return sg_ctx_fail(ctx, SG_EINPUT, "%llu steps a block is more than "
                           "%u", (unsigned long long)rows, SG_TRACE_MAX_ROWS);
    char buf[24];
    sg_u64_to_str(rows, buf);
    char *v = sg_strdup(ctx, buf);
    if (!v)
        return ctx->status;
    free(tpl->settings[TS_ROWS]);
    tpl->settings[TS_ROWS] = v;
    return SG_OK;
}

void sg_template_free(sg_template *tpl)
{
    if (!tpl)
        return;
    for (int i = 0; i < SG_TPL_MAX_SECTIONS; i++)
        free(tpl->sections[i].segs);
    for (int i = 0; i < SG_TPL_MAX_SETTINGS; i++)
        free(tpl->settings[i]);
    free(tpl->text);
    free(tpl->origin);
    free(tpl);
}

const char *sg_builtin_file(const char *name, size_t *len)
{
    for (size_t i = 0; i < sg_builtin_count; i++) {
        if (strcmp(sg_builtin_files[i].name, name) == 0) {
            if (len)
                *len = sg_builtin_files[i].len;
            return sg_builtin_files[i].data;
        }
    }
    return NULL;
}

sg_template *sg_tpl_builtin(sg_ctx *ctx, const sg_tpl_schema *schema,
                            const char *name)
{
    size_t len;
    const char *text = sg_builtin_file(name, &len);
    if (!text) {
        sg_ctx_fail(ctx, SG_EINTERNAL, "the built-in file %s is missing",
                    name);
        return NULL;
    }
    sg_template *tpl = sg_tpl_parse(ctx, schema, text, len, name);
    for (int i = 0; tpl && schema->sections[i]; i++) {
        if (!tpl->sections[i].present) {
            sg_ctx_fail(ctx, SG_EINTERNAL, "%s has no [%s] section", name,
                        schema->sections[i]);
            sg_template_free(tpl);
            tpl = NULL;
        }
    }
    return tpl;
}

void sg_tpl_say(sg_buf *b, const sg_template *tpl, int id,
                const char *const *vars)
{
    const sg_section *sec = &tpl->sections[id];
    for (size_t i = 0; i < sec->nsegs; i++) {
        const sg_segment *s = &sec->segs[i];
        if (s->var < 0)
            sg_buf_add(b, s->text, s->len);
        else if (vars[s->var])
            sg_buf_puts(b, vars[s->var]);
    }
}
