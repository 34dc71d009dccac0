/*
 * json.c - reads a homework sheet written as JSON.
 *
 * Students who compute their table with a program hand in what the program
 * writes: sgviz's own `table --format json` ({"from": 0, "sg": [...], "pn":
 * "PNP..."}, or "positions" for a DAG game) and `trace --format json`
 * ({"steps": [{"x": 4, "targets": [3,1,0], "values": [1,1,0], "mex": 2}]}),
 * a bare list of values, pandas' records ([{"x": 0, "sg": 0}, ...]) and
 * columns ({"x": {"0": 0}, "sg": {"0": 0}}), or an object from x to value.
 * The parser is small and strict (RFC 8259), bounded in depth, and keeps
 * the line and column of every value for messages.
 */
#include "check/reader.h"
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 64

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

/* A value.  Children of arrays and objects are linked through NEXT; an
 * object member's key is in KEY (an offset into the string arena). */
typedef struct jnode {
    int type;
    size_t s, n;          /* a string's text in the arena, a number's in the
                             text */
    size_t key, keylen;   /* an object member's key, in the arena */
    size_t first, next;   /* indices + 1 (0: none) */
    size_t count;         /* children */
    unsigned long line, col;
    size_t begin, end;    /* the value's bytes in the text */
} jnode;

typedef struct jparser {
    reader *r;
    const char *t;
    size_t len, i;
    unsigned long line;
    size_t line_start;
    jnode *nodes;
    size_t nn, cap;
    sg_buf arena;
} jparser;

static unsigned long jcol(const jparser *p, size_t at)
{
    unsigned long col = 1;
    for (size_t k = p->line_start; k < at; k++)
        col += ((unsigned char)p->t[k] & 0xC0) != 0x80;
    return col;
}

static sg_status jfail(jparser *p, const char *reason)
{
    return sg_reader_fail(p->r, SG_EINPUT, p->line, jcol(p, p->i),
                          RM_JSON_SYNTAX, RV_REASON, reason, RV_END);
}

static void skip_ws(jparser *p)
{
    while (p->i < p->len) {
        char c = p->t[p->i];
        if (c == '\n') {
            p->line++;
            p->line_start = p->i + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        p->i++;
    }
}

static size_t new_node(jparser *p, int type)
{
    if (p->nn == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 256;
        jnode *grown = realloc(p->nodes, cap * sizeof *grown);
        if (!grown)
            return 0;
        p->nodes = grown;
        p->cap = cap;
    }
    jnode *n = &p->nodes[p->nn++];
    memset(n, 0, sizeof *n);
    n->type = type;
    n->line = p->line;
    n->col = jcol(p, p->i);
    n->begin = p->i;
    return p->nn;
}

/* Reads a string at p->i (on its quote) into the arena: *AT, *N. */
static sg_status jstring(jparser *p, size_t *at, size_t *n)
{
    p->i++;
    *at = p->arena.len;
    while (p->i < p->len && p->t[p->i] != '"') {
        char c = p->t[p->i];
        if ((unsigned char)c < 0x20)
            return jfail(p, "a control character inside a string");
        if (c != '\\') {
            sg_buf_putc(&p->arena, c);
            p->i++;
            continue;
        }
        if (p->i + 1 >= p->len)
            break;
        char e = p->t[p->i + 1];
        p->i += 2;
        switch (e) {
        case '"': case '\\': case '/': sg_buf_putc(&p->arena, e); break;
        case 'b': sg_buf_putc(&p->arena, '\b'); break;
        case 'f': sg_buf_putc(&p->arena, '\f'); break;
        case 'n': sg_buf_putc(&p->arena, '\n'); break;
        case 'r': sg_buf_putc(&p->arena, '\r'); break;
        case 't': sg_buf_putc(&p->arena, '\t'); break;
        case 'u': {
            uint32_t cp = 0;
            for (int k = 0; k < 4; k++, p->i++) {
                char h = p->i < p->len ? p->t[p->i] : 0;
                int d = h >= '0' && h <= '9' ? h - '0'
                        : h >= 'a' && h <= 'f' ? h - 'a' + 10
                        : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                if (d < 0)
                    return jfail(p, "a bad \\u escape");
                cp = cp * 16 + (uint32_t)d;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF)
                cp = 0xFFFD; /* surrogates: no digit or letter is one */
            sg_buf_utf8(&p->arena, cp);
            break;
        }
        default:
            return jfail(p, "a bad escape");
        }
    }
    if (p->i >= p->len)
        return jfail(p, "a string without its closing quote");
    p->i++;
    *n = p->arena.len - *at;
    return p->arena.failed ? sg_ctx_fail(p->r->ctx, SG_ENOMEM, "out of memory")
                           : SG_OK;
}

static sg_status jvalue(jparser *p, int depth, size_t *out);

/* Appends child C to parent P's list (LAST: the previous child). */
static void link_child(jparser *p, size_t parent, size_t *last, size_t c)
{
    if (*last)
        p->nodes[*last - 1].next = c;
    else
        p->nodes[parent - 1].first = c;
    p->nodes[parent - 1].count++;
    *last = c;
}

static sg_status jcontainer(jparser *p, int depth, size_t *out, bool object)
{
    size_t me = new_node(p, object ? J_OBJ : J_ARR);
    if (!me)
        return sg_ctx_fail(p->r->ctx, SG_ENOMEM, "out of memory");
    p->i++;
    skip_ws(p);
    size_t last = 0;
    char close = object ? '}' : ']';
    if (p->i < p->len && p->t[p->i] == close) {
        p->i++;
        *out = me;
        return SG_OK;
    }
    for (;;) {
        skip_ws(p);
        size_t key = 0, keylen = 0;
        if (object) {
            if (p->i >= p->len || p->t[p->i] != '"')
                return jfail(p, "expected a quoted key");
            if (jstring(p, &key, &keylen) != SG_OK)
                return p->r->ctx->status;
            skip_ws(p);
            if (p->i >= p->len || p->t[p->i] != ':')
                return jfail(p, "expected ':' after a key");
            p->i++;
        }
        size_t child;
        if (jvalue(p, depth + 1, &child) != SG_OK)
            return p->r->ctx->status;
        p->nodes[child - 1].key = key;
        p->nodes[child - 1].keylen = keylen;
        link_child(p, me, &last, child);
        skip_ws(p);
        if (p->i < p->len && p->t[p->i] == ',') {
            p->i++;
            continue;
        }
        if (p->i < p->len && p->t[p->i] == close) {
            p->i++;
            *out = me;
            return SG_OK;
        }
        return jfail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static sg_status jvalue_at(jparser *p, int depth, size_t *out);

/* A value, with the end of its bytes recorded. */
static sg_status jvalue(jparser *p, int depth, size_t *out)
{
    sg_status st = jvalue_at(p, depth, out);
    if (st == SG_OK)
        p->nodes[*out - 1].end = p->i;
    return st;
}

static sg_status jvalue_at(jparser *p, int depth, size_t *out)
{
    if (depth > JSON_MAX_DEPTH) {
        char lim[16];
        snprintf(lim, sizeof lim, "%d", JSON_MAX_DEPTH);
        return sg_reader_fail(p->r, SG_EINPUT, p->line, jcol(p, p->i),
                              RM_JSON_DEEP, RV_LIMIT, lim, RV_END);
    }
    skip_ws(p);
    if (p->i >= p->len)
        return jfail(p, "the text ends where a value belongs");
    char c = p->t[p->i];
    if (c == '{' || c == '[')
        return jcontainer(p, depth, out, c == '{');
    if (c == '"') {
        size_t me = new_node(p, J_STR);
        if (!me)
            return sg_ctx_fail(p->r->ctx, SG_ENOMEM, "out of memory");
        size_t at, n;
        if (jstring(p, &at, &n) != SG_OK)
            return p->r->ctx->status;
        p->nodes[me - 1].s = at;
        p->nodes[me - 1].n = n;
        *out = me;
        return SG_OK;
    }
    static const struct {
        const char *word;
        int type;
    } words[] = {{"null", J_NULL}, {"true", J_BOOL}, {"false", J_BOOL},
                 {"NaN", J_NULL}};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t wl = strlen(words[k].word);
        if (p->i + wl <= p->len && strncmp(p->t + p->i, words[k].word, wl) == 0) {
            size_t me = new_node(p, words[k].type);
            if (!me)
                return sg_ctx_fail(p->r->ctx, SG_ENOMEM, "out of memory");
            p->i += wl;
            *out = me;
            return SG_OK;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        size_t me = new_node(p, J_NUM);
        if (!me)
            return sg_ctx_fail(p->r->ctx, SG_ENOMEM, "out of memory");
        size_t b = p->i;
        while (p->i < p->len && strchr("+-0123456789.eE", p->t[p->i]))
            p->i++;
        p->nodes[me - 1].s = b;
        p->nodes[me - 1].n = p->i - b;
        *out = me;
        return SG_OK;
    }
    return jfail(p, "expected a value");
}

/* ------------------------------------------------------------------------ */
/* What the JSON means                                                      */
/* ------------------------------------------------------------------------ */

static const jnode *node(const jparser *p, size_t i)
{
    return i ? &p->nodes[i - 1] : NULL;
}

static const char *key_of(const jparser *p, const jnode *n)
{
    return p->arena.data + n->key;
}

/* The text of a string or number node. */
static const char *text_of(const jparser *p, const jnode *n, size_t *len)
{
    *len = n->n;
    return n->type == J_STR ? p->arena.data + n->s : p->t + n->s;
}

/* The member of object O whose key has label LABEL (or is KEY); with
 * SCALAR, one that holds no array or object ("values": [...] beside
 * "mex": 2 in a step of sgviz's trace is not the answer). */
static const jnode *member(const jparser *p, const jnode *o, int label,
                           const char *key, bool scalar)
{
    for (const jnode *c = node(p, o->first); c; c = node(p, c->next)) {
        const char *k = key_of(p, c);
        if (scalar && (c->type == J_ARR || c->type == J_OBJ))
            continue;
        if (key && c->keylen == strlen(key) && strncmp(k, key, c->keylen) == 0)
            return c;
        if (label != LABEL_NONE && sg_word_label(k, c->keylen) == label)
            return c;
    }
    return NULL;
}

/* Reads node N as an answer (a number, a numeric string, a letter, null). */
static sg_status janswer(jparser *p, const jnode *n, bool *has_value,
                         sg_value *value, char *pn)
{
    *has_value = false;
    *pn = 0;
    if (!n || n->type == J_NULL)
        return SG_OK;
    if (n->type != J_NUM && n->type != J_STR)
        return sg_reader_fail(p->r, SG_EINPUT, n->line, n->col, RM_NOT_NUMBER,
                              RV_TEXT, n->type == J_BOOL ? "true/false"
                                                         : "[...]",
                              RV_END);
    size_t len;
    const char *s = text_of(p, n, &len);
    if (sg_word_missing(s, len))
        return SG_OK;
    char letter = sg_word_letter(s, len);
    if (letter && n->type == J_STR) {
        *pn = letter;
        return SG_OK;
    }
    uint64_t v;
    char a, d;
    num_result r = sg_word_number(s, len, SG_AMOUNT_MAX, &v, &a, &d);
    char shown[96];
    sg_quote(s, len, shown, sizeof shown);
    switch (r) {
    case NUM_OK:
        *has_value = true;
        *value = v;
        return SG_OK;
    case NUM_NEGATIVE:
        return sg_reader_fail(p->r, SG_EINPUT, n->line, n->col, RM_NEGATIVE,
                              RV_TEXT, shown, RV_END);
    case NUM_FRACTION:
        return sg_reader_fail(p->r, SG_EINPUT, n->line, n->col, RM_FRACTION,
                              RV_TEXT, shown, RV_END);
    case NUM_TOO_LARGE:
        return sg_reader_fail(p->r, SG_EINPUT, n->line, n->col,
                              RM_VALUE_TOO_LARGE, RV_TEXT, shown, RV_END);
    default:
        return sg_reader_fail(p->r, SG_EINPUT, n->line, n->col, RM_NOT_NUMBER,
                              RV_TEXT, shown, RV_END);
    }
}

/* Reads node N as a position. */
static sg_status jposition(jparser *p, const jnode *n, uint64_t *x)
{
    size_t len;
    const char *s = text_of(p, n, &len);
    tok t = {s, len, n->col, 0};
    if (n->type != J_NUM && n->type != J_STR)
        return sg_reader_fail(p->r, SG_EINPUT, n->line, n->col,
                              RM_NOT_POSITION, RV_TEXT, "[...]", RV_END);
    return sg_reader_position(p->r, &t, n->line, x);
}

static sg_status jadd(jparser *p, uint64_t x, const jnode *v, const jnode *pn,
                      const jnode *where)
{
    bool has = false, unused;
    sg_value value = 0, ignored;
    char letter = 0, l2 = 0;
    if (janswer(p, v, &has, &value, &letter) != SG_OK)
        return p->r->ctx->status;
    if (pn && janswer(p, pn, &unused, &ignored, &l2) != SG_OK)
        return p->r->ctx->status;
    if (l2)
        letter = l2;
    return sg_reader_add(p->r, x, has, value, letter, where->line, where->col);
}

/* A list of answers for x = FROM, FROM + 1, ...; PN a string of letters
 * or a list of them. */
static sg_status jlist(jparser *p, const jnode *list, uint64_t from,
                       const jnode *pn)
{
    const jnode *letters = pn && pn->type == J_ARR ? node(p, pn->first) : NULL;
    size_t plen = 0;
    const char *ptext = pn && pn->type == J_STR ? text_of(p, pn, &plen) : NULL;
    size_t k = 0;
    for (const jnode *c = node(p, list->first); c; c = node(p, c->next), k++) {
        const jnode *l = letters;
        if (ptext && k < plen) {
            char one = sg_word_letter(ptext + k, 1);
            bool has;
            sg_value v;
            char letter;
            if (janswer(p, c, &has, &v, &letter) != SG_OK)
                return p->r->ctx->status;
            if (sg_reader_add(p->r, from + k, has, v, one ? one : letter,
                              c->line, c->col) != SG_OK)
                return p->r->ctx->status;
            continue;
        }
        if (jadd(p, from + k, c, l, c) != SG_OK)
            return p->r->ctx->status;
        if (letters)
            letters = node(p, letters->next);
    }
    return SG_OK;
}

/* Records: objects naming x and the answer. */
static sg_status jrecords(jparser *p, const jnode *list, bool *any)
{
    for (const jnode *c = node(p, list->first); c; c = node(p, c->next)) {
        if (c->type == J_ARR && c->count >= 2) {
            /* [x, value] pairs */
            const jnode *a = node(p, c->first);
            const jnode *b = a ? node(p, a->next) : NULL;
            uint64_t x;
            if (!a || !b)
                continue;
            if (jposition(p, a, &x) != SG_OK ||
                jadd(p, x, b, b->next ? node(p, b->next) : NULL, a) != SG_OK)
                return p->r->ctx->status;
            *any = true;
            continue;
        }
        if (c->type != J_OBJ)
            return SG_OK;
        const jnode *xn = member(p, c, LABEL_X, NULL, true);
        const jnode *sg = member(p, c, LABEL_SG, NULL, true);
        if (!sg)
            sg = member(p, c, LABEL_NONE, "mex", true);
        const jnode *pn = member(p, c, LABEL_PN, NULL, true);
        if (!xn || (!sg && !pn))
            return SG_OK;
        uint64_t x;
        if (jposition(p, xn, &x) != SG_OK)
            return p->r->ctx->status;
        /* A step of sgviz's JSON trace: its targets and values. */
        const jnode *targets = member(p, c, LABEL_NONE, "targets", false);
        const jnode *values = member(p, c, LABEL_NONE, "values", false);
        if (targets && values && targets->type == J_ARR &&
            values->type == J_ARR) {
            sg_sheet_step st;
            memset(&st, 0, sizeof st);
            st.x = x;
            st.line = sg_reader_file_line(p->r, c->line);
            st.has_targets = st.has_values = true;
            st.targets_at = p->r->sheet->npool;
            for (const jnode *t = node(p, targets->first); t;
                 t = node(p, t->next)) {
                uint64_t tx;
                if (jposition(p, t, &tx) != SG_OK ||
                    sg_sheet_pool_add(p->r->ctx, p->r->sheet, tx) != SG_OK)
                    return p->r->ctx->status;
                st.ntargets++;
            }
            st.values_at = p->r->sheet->nvalues;
            for (const jnode *v = node(p, values->first); v;
                 v = node(p, v->next)) {
                bool has;
                sg_value value;
                char letter;
                if (janswer(p, v, &has, &value, &letter) != SG_OK)
                    return p->r->ctx->status;
                if (sg_sheet_value_add(p->r->ctx, p->r->sheet, value) != SG_OK)
                    return p->r->ctx->status;
                st.nvalues++;
            }
            sg_sheet *s = p->r->sheet;
            if (s->nsteps == s->steps_cap) {
                size_t cap = s->steps_cap ? s->steps_cap * 2 : 32;
                sg_sheet_step *grown = sg_grow(p->r->ctx, s->steps, cap,
                                               sizeof *grown);
                if (!grown)
                    return p->r->ctx->status;
                s->steps = grown;
                s->steps_cap = cap;
            }
            s->steps[s->nsteps++] = st;
        }
        if (jadd(p, x, sg, pn, xn) != SG_OK)
            return p->r->ctx->status;
        *any = true;
    }
    return SG_OK;
}

/* Columns as pandas writes them: {"x": {"0": 0, ...}, "sg": {"0": 0}}, or
 * {"x": [0, 1], "sg": [0, 1]}. */
static sg_status jcolumns(jparser *p, const jnode *xs, const jnode *sg,
                          const jnode *pn, bool *any)
{
    const jnode *a = node(p, xs->first);
    const jnode *b = sg ? node(p, sg->first) : NULL;
    const jnode *c = pn && (pn->type == J_ARR || pn->type == J_OBJ)
                         ? node(p, pn->first) : NULL;
    for (; a; a = node(p, a->next)) {
        uint64_t x;
        if (jposition(p, a, &x) != SG_OK)
            return p->r->ctx->status;
        if (jadd(p, x, b, c, a) != SG_OK)
            return p->r->ctx->status;
        *any = true;
        b = b ? node(p, b->next) : NULL;
        c = c ? node(p, c->next) : NULL;
    }
    return SG_OK;
}

static sg_status interpret(jparser *p, const jnode *root)
{
    bool any = false;
    if (!root)
        return SG_OK;
    if (root->type == J_ARR) {
        const jnode *first = node(p, root->first);
        if (first && (first->type == J_OBJ || first->type == J_ARR)) {
            if (jrecords(p, root, &any) != SG_OK)
                return p->r->ctx->status;
        } else if (first) {
            if (p->r->named)
                return sg_reader_fail(p->r, SG_EINPUT, first->line, first->col,
                                      RM_LIST_FOR_NODES, RV_GAME,
                                      p->r->game->spec, RV_END);
            if (jlist(p, root, 0, NULL) != SG_OK)
                return p->r->ctx->status;
            any = true;
        }
    } else if (root->type == J_OBJ) {
        const jnode *sg = member(p, root, LABEL_SG, NULL, false);
        const jnode *xs = member(p, root, LABEL_X, NULL, false);
        const jnode *pn = member(p, root, LABEL_PN, NULL, false);
        const jnode *steps = member(p, root, LABEL_NONE, "steps", false);
        const jnode *positions = member(p, root, LABEL_NONE, "positions", false);
        if (!steps)
            steps = member(p, root, LABEL_NONE, "entries", false);
        if (!steps)
            steps = member(p, root, LABEL_NONE, "records", false);
        if (!steps)
            steps = member(p, root, LABEL_NONE, "data", false);
        const jnode *list = steps ? steps : positions;
        if (list && list->type == J_ARR) {
            if (jrecords(p, list, &any) != SG_OK)
                return p->r->ctx->status;
        } else if (xs && (xs->type == J_ARR || xs->type == J_OBJ) &&
                   (!sg || sg->type == xs->type)) {
            if (jcolumns(p, xs, sg, pn, &any) != SG_OK)
                return p->r->ctx->status;
        } else if (sg && sg->type == J_ARR) {
            uint64_t from = 0;
            const jnode *f = member(p, root, LABEL_NONE, "from", false);
            if (f && f->type == J_NUM && jposition(p, f, &from) != SG_OK)
                return p->r->ctx->status;
            if (jlist(p, sg, from, pn) != SG_OK)
                return p->r->ctx->status;
            any = true;
        } else {
            /* {"0": 0, "1": 1}: an object from x to the answer. */
            bool all = root->count > 0;
            for (const jnode *c = node(p, root->first); c && all;
                 c = node(p, c->next)) {
                uint64_t x;
                all = sg_reader_is_position(p->r, key_of(p, c), c->keylen, &x);
            }
            if (all) {
                for (const jnode *c = node(p, root->first); c;
                     c = node(p, c->next)) {
                    uint64_t x;
                    sg_reader_is_position(p->r, key_of(p, c), c->keylen, &x);
                    if (jadd(p, x, c, NULL, c) != SG_OK)
                        return p->r->ctx->status;
                }
                any = true;
            }
        }
    }
    if (!any)
        return sg_reader_fail(p->r, SG_EINPUT, root->line, root->col,
                              RM_JSON_NO_TABLE, RV_END);
    return SG_OK;
}

sg_status sg_read_json(reader *r)
{
    jparser p;
    memset(&p, 0, sizeof p);
    p.r = r;
    p.t = r->text.data;
    p.len = r->text.len;
    p.line = 1;
    sg_buf_init(&p.arena);
    sg_buf_putc(&p.arena, '\0'); /* keys at offset 0 are empty */
    size_t root;
    sg_status st = jvalue(&p, 0, &root);
    if (st == SG_OK) {
        skip_ws(&p);
        if (p.i < p.len)
            st = jfail(&p, "text after the end of the JSON value");
    }
    if (st == SG_OK && p.arena.failed)
        st = sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory");
    if (st == SG_OK)
        st = interpret(&p, node(&p, root));
    free(p.nodes);
    sg_buf_free(&p.arena);
    return st;
}

/* ------------------------------------------------------------------------ */
/* The parts of a document: an object keyed by question, a notebook         */
/* ------------------------------------------------------------------------ */

/* Parses r's text into P.  Returns SG_OK or an error. */
static sg_status parse_all(reader *r, jparser *p, size_t *root)
{
    memset(p, 0, sizeof *p);
    p->r = r;
    p->t = r->text.data;
    p->len = r->text.len;
    p->line = 1;
    sg_buf_init(&p->arena);
    sg_buf_putc(&p->arena, '\0');
    sg_status st = jvalue(p, 0, root);
    if (st == SG_OK) {
        skip_ws(p);
        if (p->i < p->len)
            st = jfail(p, "text after the end of the JSON value");
    }
    if (st == SG_OK && p->arena.failed)
        st = sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory");
    return st;
}

sg_status sg_json_members(reader *r, sg_json_member **members, size_t *n)
{
    *members = NULL;
    *n = 0;
    jparser p;
    size_t root;
    sg_status st = parse_all(r, &p, &root);
    const jnode *o = st == SG_OK ? node(&p, root) : NULL;
    if (o && o->type == J_OBJ && o->count) {
        *members = sg_alloc(r->ctx, o->count, sizeof **members);
        if (!*members)
            st = r->ctx->status;
        for (const jnode *c = node(&p, o->first); c && *members;
             c = node(&p, c->next)) {
            sg_json_member *m = &(*members)[(*n)++];
            m->key = sg_strndup(r->ctx, key_of(&p, c), c->keylen);
            m->begin = c->begin;
            m->end = c->end;
            if (!m->key) {
                st = r->ctx->status;
                break;
            }
        }
    }
    free(p.nodes);
    sg_buf_free(&p.arena);
    return st;
}

/* Appends the strings of J (one string, or a list of them, as notebooks
 * keep lines) to OUT, ending in a newline. */
static void notebook_lines(const jparser *p, const jnode *j, sg_buf *out)
{
    if (!j)
        return;
    size_t len;
    if (j->type == J_STR) {
        sg_buf_add(out, text_of(p, j, &len), j->n);
    } else if (j->type == J_ARR) {
        for (const jnode *c = node(p, j->first); c; c = node(p, c->next))
            if (c->type == J_STR)
                sg_buf_add(out, text_of(p, c, &len), c->n);
    }
    if (out->len && out->data[out->len - 1] != '\n')
        sg_buf_putc(out, '\n');
}

int sg_json_notebook(reader *r, sg_buf *out)
{
    jparser p;
    size_t root;
    if (parse_all(r, &p, &root) != SG_OK) {
        free(p.nodes);
        sg_buf_free(&p.arena);
        sg_ctx_clear(r->ctx);
        return 0;
    }
    const jnode *o = node(&p, root);
    const jnode *cells = o && o->type == J_OBJ
                             ? member(&p, o, LABEL_NONE, "cells", false)
                             : NULL;
    int found = cells && cells->type == J_ARR;
    /* A notebook's words are its markdown cells (the headings of the
     * questions) and what its code printed (the tables). */
    for (const jnode *c = found ? node(&p, cells->first) : NULL; c;
         c = node(&p, c->next)) {
        if (c->type != J_OBJ)
            continue;
        const jnode *type = member(&p, c, LABEL_NONE, "cell_type", true);
        size_t tl = 0;
        const char *t = type && type->type == J_STR ? text_of(&p, type, &tl)
                                                    : "";
        if (tl == 8 && strncmp(t, "markdown", 8) == 0) {
            notebook_lines(&p, member(&p, c, LABEL_NONE, "source", false),
                           out);
            continue;
        }
        const jnode *outs = member(&p, c, LABEL_NONE, "outputs", false);
        for (const jnode *x = outs && outs->type == J_ARR
                                  ? node(&p, outs->first)
                                  : NULL;
             x; x = node(&p, x->next)) {
            if (x->type != J_OBJ)
                continue;
            const jnode *text = member(&p, x, LABEL_NONE, "text", false);
            if (!text) {
                const jnode *data = member(&p, x, LABEL_NONE, "data", false);
                if (data && data->type == J_OBJ)
                    text = member(&p, data, LABEL_NONE, "text/plain", false);
            }
            notebook_lines(&p, text, out);
        }
    }
    free(p.nodes);
    sg_buf_free(&p.arena);
    return found;
}
