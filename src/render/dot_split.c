/*
 * dot_split.c - long chains of edges split into pieces cgraph can parse.
 *
 * cgraph's parser (bison) reads a chain "a -> b -> c -> ..." by a
 * right-recursive rule, so every link takes about four entries of its
 * stack, which holds 10000: a flat chain of some 2500 links was refused as
 * "too deeply nested", though it has no braces at all.  The stack cannot
 * be made larger from outside the library, so the text is changed instead:
 * a chain of more than SG_DOT_SPLIT_LINKS links is cut at a node every
 * SG_DOT_SPLIT_LINKS links, and the node starts the next piece,
 *
 *   n0 -> ... -> n512 -> ... [attrs]
 *   n0 -> ... -> n512 [attrs] ; n512 -> ... [attrs]
 *
 * which makes the same nodes and the same edges, in the same order, with
 * the same attributes.  To copy the attributes, which come at the end, a
 * statement is held until its end is seen; a statement that is not a
 * chain is short.
 *
 * The text is read as cgraph's scanner reads it (IDs, numbers, quoted and
 * HTML strings, comments, lines that begin with '#'), but only as far as
 * finding statements needs; whatever this reader misjudges, bytes pass on
 * unchanged and in order, and a chain is cut only where it is sure: at a
 * node that is one plain name (no port, no list, no '+'), in a chain whose
 * operands are all nodes (a chain through a subgraph is left alone), and
 * never so that a line number that cgraph reports would move (nothing
 * copied holds a newline).  Inserted text never holds a newline.
 */
#include "render/dot_split.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static unsigned split_links = SG_DOT_SPLIT_LINKS;
static uint64_t chains_split;

void sg_dot_set_split_links(unsigned links)
{
    split_links = links ? links : SG_DOT_SPLIT_LINKS;
}

uint64_t sg_dot_chains_split(void) { return chains_split; }


/* ---- tokens ------------------------------------------------------------- */

typedef enum tok_kind {
    TK_END,   /* the end of the text */
    TK_ATOM,  /* an ID, a number, a quoted or an HTML string */
    TK_EDGE,  /* -> or -- */
    TK_PUNCT, /* one of { } [ ] ; , : = + */
    TK_OTHER  /* anything else, which cgraph will refuse */
} tok_kind;

typedef struct token {
    tok_kind kind;
    char c;            /* TK_PUNCT: which */
    size_t start, end; /* offsets in the whole text (see base) */
    bool newline;      /* a newline inside it (a string) */
    bool plain_id;     /* an unquoted ID, for keywords */
} token;

/* ---- statements --------------------------------------------------------- */

/* Where a statement stands, at one level of braces. */
typedef enum st_state {
    S_HEADER,     /* outside the graph's braces */
    S_IDLE,       /* between statements */
    S_NODE,       /* after a node's name */
    S_MORE,       /* after ':', ',' or '+': more of the same operand */
    S_EDGE,       /* after -> or --: an operand comes */
    S_ATTRS,      /* inside [ ] */
    S_AFTER_ATTRS,
    S_ASSIGN,     /* after ID = */
    S_ATTRSTMT,   /* after node, edge or graph */
    S_SUBGRAPH,   /* after the word subgraph */
    S_SUBNAME,    /* after subgraph NAME */
    S_AFTER_SUB   /* after a subgraph's closing brace */
} st_state;

typedef struct split_at {
    size_t start, end; /* the node's name, as offsets in the text */
} split_at;

/* The most levels of braces followed; deeper text passes on unread (the
 * parser refuses it anyway). */
#define LEVELS_MOST 100000u

struct dot_split {
    int (*get)(void *src);
    void *src;
    uint64_t max_extra;
    int pushed;        /* a byte read ahead, or -1 */
    bool line_start;   /* the next byte begins a line */
    bool ended;
    bool lost;         /* too deep: pass the rest on unread */
    const char *open;  /* what the text ended inside, or NULL */
    sg_buf held;       /* read, not yet handed on */
    size_t base;       /* the offset in the whole text of held's first byte */
    sg_buf out;        /* handed on, not yet read by cgraph */
    size_t out_at;

    st_state *levels;  /* the state at each level of braces */
    size_t depth, cap; /* levels[depth] is the current one */

    /* The statement held: a chain being read. */
    bool holding;
    bool nosplit;      /* it cannot be cut (a subgraph, a newline) */
    size_t links, since; /* links in all, and since the last cut */
    size_t op_start, op_end;
    bool op_plain, op_first;
    split_at *cuts;
    size_t ncuts, cuts_cap;
    sg_buf attrs;      /* its attribute lists, as one line */
};

const char *dot_split_open(const dot_split *d) { return d->open; }

dot_split *dot_split_new(int (*get)(void *src), void *src, uint64_t max_extra)
{
    dot_split *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->get = get;
    d->src = src;
    d->max_extra = max_extra;
    d->pushed = -1;
    d->line_start = true;
    sg_buf_init(&d->held);
    sg_buf_init(&d->out);
    sg_buf_init(&d->attrs);
    d->cap = 64;
    d->levels = malloc(d->cap * sizeof *d->levels);
    if (!d->levels) {
        free(d);
        return NULL;
    }
    d->levels[0] = S_HEADER;
    return d;
}

void dot_split_free(dot_split *d)
{
    if (!d)
        return;
    sg_buf_free(&d->held);
    sg_buf_free(&d->out);
    sg_buf_free(&d->attrs);
    free(d->levels);
    free(d->cuts);
    free(d);
}

/* ---- bytes -------------------------------------------------------------- */

static int peek(dot_split *d)
{
    if (d->pushed < 0 && !d->ended) {
        d->pushed = d->get(d->src);
        if (d->pushed < 0)
            d->ended = true;
    }
    return d->pushed;
}

/* The next byte, kept in held; -1 at the end. */
static int take(dot_split *d)
{
    int c = peek(d);
    if (c < 0)
        return -1;
    d->pushed = -1;
    sg_buf_putc(&d->held, (char)c);
    d->line_start = c == '\n';
    return c;
}

static bool id_byte(int c)
{
    return isalnum(c) || c == '_' || c >= 0x80;
}

/* Reads the next token, with the white space and comments before it, into
 * held. */
static token next_token(dot_split *d)
{
    token t = {.kind = TK_END};
    for (;;) {
        int c = peek(d);
        if (c < 0) {
            t.start = t.end = d->base + d->held.len;
            return t;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
            c == '\v') {
            take(d);
            continue;
        }
        if (c == '#' && d->line_start) {
            while ((c = take(d)) >= 0 && c != '\n') {
            }
            continue;
        }
        t.start = d->base + d->held.len;
        take(d);
        if (c == '/' && peek(d) == '/') {
            while ((c = take(d)) >= 0 && c != '\n') {
            }
            continue;
        }
        if (c == '/' && peek(d) == '*') {
            take(d);
            int prev = 0;
            while ((c = take(d)) >= 0 && !(prev == '*' && c == '/'))
                prev = c;
            if (c < 0)
                d->open = "a comment (a */ is missing)";
            continue;
        }
        break;
    }
    int c = (unsigned char)d->held.data[t.start - d->base];
    if (c == '"') {
        t.kind = TK_ATOM;
        int ch;
        while ((ch = take(d)) >= 0 && ch != '"') {
            if (ch == '\n')
                t.newline = true;
            if (ch == '\\' && (ch = take(d)) == '\n')
                t.newline = true;
            if (ch < 0)
                break;
        }
        if (ch < 0)
            d->open = "a quoted string (a \" is missing)";
    } else if (c == '<') {
        t.kind = TK_ATOM;
        int depth = 1, ch;
        while (depth > 0 && (ch = take(d)) >= 0) {
            if (ch == '\n')
                t.newline = true;
            depth += ch == '<' ? 1 : ch == '>' ? -1 : 0;
        }
        if (depth > 0)
            d->open = "an HTML-like string (a > is missing)";
    } else if (c == '-' && (peek(d) == '>' || peek(d) == '-')) {
        take(d);
        t.kind = TK_EDGE;
    } else if (c == '-' || c == '.' || isdigit(c)) {
        /* A number: [-]?([0-9]+(.[0-9]*)?|.[0-9]+). */
        bool digits = isdigit(c), point = c == '.';
        for (int ch = peek(d); isdigit(ch) || (ch == '.' && !point);
             ch = peek(d)) {
            point = point || ch == '.';
            digits = digits || isdigit(ch);
            take(d);
        }
        t.kind = digits ? TK_ATOM : TK_OTHER;
    } else if (id_byte(c)) {
        while (id_byte(peek(d)))
            take(d);
        t.kind = TK_ATOM;
        t.plain_id = true;
    } else if (strchr("{}[];,:=+", c)) {
        t.kind = TK_PUNCT;
        t.c = (char)c;
    } else {
        t.kind = TK_OTHER;
    }
    t.end = d->base + d->held.len;
    return t;
}

static bool is_word(const dot_split *d, const token *t, const char *word)
{
    size_t n = strlen(word);
    return t->plain_id && t->end - t->start == n &&
           strncasecmp(d->held.data + (t->start - d->base), word, n) == 0;
}

/* ---- handing on --------------------------------------------------------- */

/* Drops the first N bytes of held. */
static void drop(dot_split *d, size_t n)
{
    if (n == 0)
        return;
    memmove(d->held.data, d->held.data + n, d->held.len - n);
    d->held.len -= n;
    d->base += n;
}

/* Hands the text before offset AT on and keeps the rest. */
static void release(dot_split *d, size_t at)
{
    size_t n = at - d->base;
    if (n == 0)
        return;
    sg_buf_add(&d->out, d->held.data, n);
    drop(d, n);
}

static void forget_statement(dot_split *d)
{
    d->holding = false;
    d->nosplit = false;
    d->links = d->since = 0;
    d->ncuts = 0;
    d->attrs.len = 0;
}

/* The statement held ends before offset AT: it is handed on, cut where
 * it was to be cut. */
static void end_statement(dot_split *d, size_t at)
{
    if (!d->holding) {
        release(d, at);
        d->attrs.len = 0;
        return;
    }
    uint64_t extra = 0;
    for (size_t i = 0; i < d->ncuts; i++)
        extra += d->attrs.len + (d->cuts[i].end - d->cuts[i].start) + 4;
    if (d->nosplit || d->ncuts == 0 || extra > d->max_extra ||
        d->attrs.failed) {
        release(d, at);
        forget_statement(d);
        return;
    }
    const char *text = d->held.data;
    size_t from = 0, base = d->base;
    for (size_t i = 0; i < d->ncuts; i++) {
        const split_at *c = &d->cuts[i];
        sg_buf_add(&d->out, text + from, c->end - base - from);
        sg_buf_putc(&d->out, ' ');
        sg_buf_add(&d->out, d->attrs.data, d->attrs.len);
        sg_buf_puts(&d->out, " ; ");
        sg_buf_add(&d->out, text + (c->start - base), c->end - c->start);
        from = c->end - base;
    }
    sg_buf_add(&d->out, text + from, at - base - from);
    drop(d, at - d->base);
    chains_split++;
    forget_statement(d);
}

/* The operand that ends at held[op_end] is complete, and a link follows
 * it (LINK) or not: it becomes a place to cut when far enough from the
 * last. */
static void operand_done(dot_split *d, bool link)
{
    if (!d->holding || !link)
        return;
    if (!d->op_first && d->op_plain && d->since >= split_links) {
        if (d->ncuts == d->cuts_cap) {
            size_t cap = d->cuts_cap ? d->cuts_cap * 2 : 16;
            split_at *grown = realloc(d->cuts, cap * sizeof *grown);
            if (!grown) {
                d->nosplit = true;
                return;
            }
            d->cuts = grown;
            d->cuts_cap = cap;
        }
        d->cuts[d->ncuts++] = (split_at){d->op_start, d->op_end};
        d->since = 0;
    }
    d->links++;
    d->since++;
}

static bool push_level(dot_split *d, st_state parent_after)
{
    d->levels[d->depth] = parent_after;
    if (d->depth + 1 >= LEVELS_MOST) {
        d->lost = true;
        return false;
    }
    if (d->depth + 1 == d->cap) {
        st_state *grown = realloc(d->levels, d->cap * 2 * sizeof *grown);
        if (!grown) {
            d->lost = true;
            return false;
        }
        d->levels = grown;
        d->cap *= 2;
    }
    d->levels[++d->depth] = S_IDLE;
    return true;
}

/* A statement begins with token T at the current level. */
static void begin_statement(dot_split *d, const token *t)
{
    release(d, t->start);
    forget_statement(d);
    d->holding = true;
    d->op_start = t->start;
    d->op_end = t->end;
    d->op_plain = !t->newline;
    d->op_first = true;
}

/* Moves the statement machine on by token T, which is in held. */
static void step(dot_split *d, const token *t)
{
    st_state *st = &d->levels[d->depth];
    bool punct = t->kind == TK_PUNCT;
    switch (*st) {
    case S_HEADER:
        if (punct && t->c == '{')
            push_level(d, S_HEADER);
        return;
    case S_IDLE:
        if (t->kind == TK_ATOM) {
            if (is_word(d, t, "node") || is_word(d, t, "edge") ||
                is_word(d, t, "graph")) {
                *st = S_ATTRSTMT;
            } else if (is_word(d, t, "subgraph")) {
                *st = S_SUBGRAPH;
            } else {
                begin_statement(d, t);
                *st = S_NODE;
            }
        } else if (punct && t->c == '{') {
            push_level(d, S_AFTER_SUB);
        } else if (punct && t->c == '}') {
            if (d->depth > 0)
                d->depth--;
            if (d->depth == 0)
                d->levels[0] = S_HEADER;
        }
        return;
    case S_NODE:
        if (punct && (t->c == ':' || t->c == ',' || t->c == '+')) {
            d->op_plain = false;
            *st = S_MORE;
        } else if (punct && t->c == '=') {
            *st = S_ASSIGN;
        } else if (t->kind == TK_EDGE) {
            operand_done(d, true);
            *st = S_EDGE;
        } else if (punct && t->c == '[') {
            *st = S_ATTRS;
            sg_buf_putc(&d->attrs, '[');
        } else {
            end_statement(d, t->start);
            *st = S_IDLE;
            step(d, t);
        }
        return;
    case S_MORE:
        if (t->kind == TK_ATOM) {
            d->op_end = t->end;
            *st = S_NODE;
        } else {
            end_statement(d, t->start);
            *st = S_IDLE;
            step(d, t);
        }
        return;
    case S_EDGE:
        if (t->kind == TK_ATOM && !is_word(d, t, "subgraph")) {
            d->op_start = t->start;
            d->op_end = t->end;
            d->op_plain = !t->newline;
            d->op_first = false;
            *st = S_NODE;
        } else if (t->kind == TK_ATOM || (punct && t->c == '{')) {
            /* A subgraph in the chain: it passes on as it is. */
            end_statement(d, t->start);
            if (t->kind == TK_ATOM)
                *st = S_SUBGRAPH;
            else
                push_level(d, S_AFTER_SUB);
        } else {
            end_statement(d, t->start);
            *st = S_IDLE;
            step(d, t);
        }
        return;
    case S_ATTRS:
        if (!d->holding) {
            if (punct && t->c == ']')
                *st = S_AFTER_ATTRS;
        } else if (punct && t->c == ']') {
            sg_buf_puts(&d->attrs, " ]");
            *st = S_AFTER_ATTRS;
        } else if (t->kind != TK_END) {
            if (t->newline)
                d->nosplit = true;
            sg_buf_putc(&d->attrs, ' ');
            sg_buf_add(&d->attrs, d->held.data + (t->start - d->base),
                       t->end - t->start);
        }
        return;
    case S_AFTER_ATTRS:
        if (punct && t->c == '[') {
            if (d->holding)
                sg_buf_puts(&d->attrs, " [");
            *st = S_ATTRS;
        } else {
            end_statement(d, t->start);
            *st = S_IDLE;
            step(d, t);
        }
        return;
    case S_ASSIGN:
        if (t->kind == TK_ATOM) {
            end_statement(d, t->end);
            *st = S_IDLE;
        } else {
            end_statement(d, t->start);
            *st = S_IDLE;
            step(d, t);
        }
        return;
    case S_ATTRSTMT:
        if (punct && t->c == '[') {
            *st = S_ATTRS;
        } else {
            *st = S_IDLE;
            step(d, t);
        }
        return;
    case S_SUBGRAPH:
        if (t->kind == TK_ATOM) {
            *st = S_SUBNAME;
        } else if (punct && t->c == '{') {
            push_level(d, S_AFTER_SUB);
        } else {
            *st = S_AFTER_SUB;
            step(d, t);
        }
        return;
    case S_SUBNAME:
        if (punct && t->c == '{') {
            push_level(d, S_AFTER_SUB);
        } else {
            *st = S_AFTER_SUB;
            step(d, t);
        }
        return;
    case S_AFTER_SUB:
        if (t->kind == TK_EDGE) {
            *st = S_EDGE;
        } else if (punct && t->c == '[') {
            *st = S_ATTRS;
        } else {
            *st = S_IDLE;
            step(d, t);
        }
        return;
    }
}

int dot_split_read(dot_split *d, char *buf, int size, bool *nomem)
{
    while (d->out_at == d->out.len) {
        d->out.len = d->out_at = 0;
        if (d->lost) {
            /* Too deep to follow: the rest passes on as it is. */
            if (d->held.len) {
                release(d, d->base + d->held.len);
                continue;
            }
            int c = take(d);
            if (c < 0)
                break;
            release(d, d->base + d->held.len);
            continue;
        }
        token t = next_token(d);
        if (t.kind == TK_END) {
            /* A statement still held at the end of the file never ended
             * (its attribute list or its graph left open): it goes on as
             * written, so that cgraph refuses it at the line it would
             * have named in the whole text (libFuzzer found the cut one
             * refused a line earlier). */
            d->nosplit = true;
            end_statement(d, d->base + d->held.len);
            if (d->out.len == 0)
                break;
            continue;
        }
        step(d, &t);
        if (!d->holding)
            release(d, d->base + d->held.len);
        if (d->held.failed || d->out.failed || d->attrs.failed) {
            *nomem = true;
            return 0;
        }
    }
    if (d->out.failed) {
        *nomem = true;
        return 0;
    }
    size_t n = 0, most = size > 1 ? (size_t)size - 1 : 0;
    while (n < most && d->out_at < d->out.len) {
        char c = d->out.data[d->out_at++];
        buf[n++] = c;
        if (c == '\n')
            break;
    }
    if (size > 0)
        buf[n] = '\0';
    return (int)n;
}
