/*
 * dot_read.c - games read from DOT files through cgraph, and the Graphviz
 * context the render module shares.
 *
 * A DOT file becomes a game by turning its nodes into positions and its edges
 * into moves, then numbering the positions in a topological order (every
 * move's target before its source) with an iterative depth-first search.
 * The engine then computes the values in one increasing pass, which is the
 * memoized depth-first search of the classic template without its recursion:
 * a chain of a million positions needs no deep call stack.
 */
#include "games/game.h"
#include "render/dot_split.h"
#include "render/render_gv.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Nodes named when a cycle is reported; longer cycles end in "...". */
#define CYCLE_SHOWN 12

/* ------------------------------------------------------------------------ */
/* Bounds                                                                   */
/* ------------------------------------------------------------------------ */

/*
 * A DOT file is read under three bounds, each counted while cgraph reads,
 * so that a pipe or a FIFO, whose size nobody knows beforehand, has the
 * same bounds as a file, and the read stops as soon as one is passed:
 *
 * - its bytes, SG_DOT_MAX_DEFAULT unless sg_ctx_set_dot_max() (--dot-max)
 *   says otherwise.  The game of a file at the default bound takes a few
 *   GB: a file of edges between numbered nodes ("n123 -> n456") makes
 *   about 16 bytes of memory for each byte, so 100 MB of it (10^6 nodes,
 *   5*10^6 edges) took 1.6 GB; plain edges between two nodes ("a -> b")
 *   make more, about 55 bytes for each, and meet the next two bounds
 *   first;
 * - the memory cgraph holds for the graph, 8 bytes for each byte of the
 *   byte bound (2 GiB at the default) and at least 64 MiB.  The bytes alone do not bound it:
 *   "{}" makes a subgraph of about 1.3 KB, "{a b c} -> {d e f}" makes an
 *   edge for every pair, and every attribute declared adds a slot to every
 *   node;
 * - the edges (moves), 10^7 at the default bound and in proportion to it
 *   otherwise, which "{...} -> {...}" multiplies without costing memory
 *   first: each is counted as cgraph makes it, and beyond the bound none
 *   is made.
 *
 * Tests set all three through sg_dot_set_bounds().
 */
#define DOT_MEMORY_PER_BYTE 8u
#define DOT_MEMORY_LEAST ((uint64_t)64 << 20)
#define DOT_EDGES_AT_DEFAULT UINT64_C(10000000)

/* The bounds of the read in progress, and those a test set. */
static sg_dot_bounds bounds;
static sg_dot_bounds test_bounds;
static bool test_bounds_set;

void sg_dot_set_bounds(const sg_dot_bounds *b)
{
    test_bounds_set = b != NULL;
    if (b)
        test_bounds = *b;
}

/* The bounds that a byte bound of MAX (0 for the default) implies. */
static sg_dot_bounds bounds_for(uint64_t max)
{
    uint64_t bytes = max ? max : SG_DOT_MAX_DEFAULT;
    /* 10^7 edges for each 256 MiB, worked out in KiB so that it cannot
     * overflow for any bound sg_ctx_set_dot_max() takes. */
    uint64_t edges = bytes / 1024 * DOT_EDGES_AT_DEFAULT /
                     (SG_DOT_MAX_DEFAULT / 1024);
    /* A small graph takes some memory whatever its size (cgraph's tables
     * and dictionaries), so a small bound gives no less than 64 MiB. */
    uint64_t memory = bytes * DOT_MEMORY_PER_BYTE;
    if (memory < DOT_MEMORY_LEAST)
        memory = DOT_MEMORY_LEAST;
    return (sg_dot_bounds){bytes, memory, edges ? edges : 1};
}

sg_status sg_ctx_set_dot_max(sg_ctx *ctx, uint64_t bytes)
{
    if (bytes != 0 && (bytes < 1024 || bytes > ((uint64_t)1 << 40))) {
        char shown[32];
        sg_format_bytes(bytes, shown, sizeof shown);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: a bound on DOT must be from "
                           "1 KiB to 1 TiB", shown);
    }
    ctx->dot_max = bytes;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The Graphviz context                                                     */
/* ------------------------------------------------------------------------ */

/* One Graphviz context serves the whole process: it is made when a first
 * drawing or DOT file needs it and kept until the process ends, whatever
 * number of sg_ctx come and go.  Graphviz 2.42 cannot free its context and
 * make another: its text layout keeps pointers into the first context's
 * font names, so a second context made after the first was freed reads
 * freed memory.  A host that makes and frees contexts all day (a server, a
 * notebook kernel) is safe this way, at the cost of what the one context
 * holds, which stays reachable and is no leak.  Graphviz is not
 * thread-safe, so neither is this. */
static GVC_t *process_gvc;

GVC_t *sg_gv_context(sg_ctx *ctx)
{
    if (!process_gvc) {
        process_gvc = gvContext();
        if (!process_gvc) {
            sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not start (no "
                        "context)");
            return NULL;
        }
        sg_gv_add_plugins(process_gvc);
    }
    return process_gvc;
}

/* ------------------------------------------------------------------------ */
/* Error messages                                                           */
/* ------------------------------------------------------------------------ */

/* cgraph reports errors through one global callback, in pieces ("Error",
 * ": ", "file: syntax error in line 2\n").  Graphviz is not thread-safe
 * anyway, so a static buffer is no new restriction. */
static sg_buf gv_messages;

static int collect_message(char *piece)
{
    sg_buf_puts(&gv_messages, piece);
    return 0;
}

static char gv_origin[256];

void sg_gv_errors_begin(const char *origin)
{
    sg_buf_free(&gv_messages);
    snprintf(gv_origin, sizeof gv_origin, "%s", origin);
    agseterr(AGERR);
    agseterrf(collect_message);
    agreseterrors();
}

const char *sg_gv_errors_end(char *buf, size_t size)
{
    agseterrf(NULL);
    buf[0] = '\0';
    const char *text = gv_messages.data ? gv_messages.data : "";
    /* Keep the first line, without Graphviz's "Error: " and file name. */
    if (strncmp(text, "Error: ", 7) == 0)
        text += 7;
    else if (strncmp(text, "Warning: ", 9) == 0)
        text += 9;
    size_t olen = strlen(gv_origin);
    if (olen && strncmp(text, gv_origin, olen) == 0 && text[olen] == ':')
        text += olen + 1;
    while (*text == ' ')
        text++;
    size_t len = strcspn(text, "\n");
    if (len == 0) {
        sg_buf_free(&gv_messages);
        return buf;
    }
    /* The message may quote the file's bytes ("near '\xff'"), which may be
     * anything; clean them so that the message stays one readable line. */
    char line[512];
    sg_clean_text(text, len < 400 ? len : 400, line, sizeof line);
    /* An HTML-like label that does not parse is reported with the label's
     * own line number and, two lines down, "in label of node a":
     * "ORIGIN: node a: HTML-like label: not well-formed (invalid token)". */
    const char *of = strstr(text, "in label of ");
    if (of) {
        char owner[160];
        of += 12;
        sg_clean_text(of, strcspn(of, "\n") < 150 ? strcspn(of, "\n") : 150,
                      owner, sizeof owner);
        char *at = strstr(line, " in line ");
        if (at)
            *at = '\0';
        snprintf(buf, size, "%s: %s: HTML-like label: %s", gv_origin, owner,
                 line);
        sg_buf_free(&gv_messages);
        return buf;
    }
    /* "syntax error in line 2 near 'x'" -> "ORIGIN:2: syntax error near 'x'" */
    char *in_line = strstr(line, " in line ");
    if (in_line) {
        char *num = in_line + 9, *end = num;
        while (*end >= '0' && *end <= '9')
            end++;
        if (end > num) {
            char rest[512];
            snprintf(rest, sizeof rest, "%.*s%s", (int)(in_line - line), line,
                     end);
            snprintf(buf, size, "%s:%.*s: %s", gv_origin, (int)(end - num),
                     num, rest);
            sg_buf_free(&gv_messages);
            return buf;
        }
    }
    snprintf(buf, size, "%s: %s", gv_origin, line);
    sg_buf_free(&gv_messages);
    return buf;
}

/* ------------------------------------------------------------------------ */
/* The file being read                                                      */
/* ------------------------------------------------------------------------ */

/* What the reader hands to cgraph in place of a FILE: the stream and what
 * has come out of it. */
typedef struct dot_source {
    FILE *f;
    uint64_t bytes;       /* read so far */
    unsigned long line;   /* the line of the last byte read, from 1 */
    bool after_newline;   /* the last byte read ended a line */
    uint64_t edges;       /* edges made so far */
    uint64_t memory_at;   /* dot_memory when the read began */
    bool too_long;        /* more bytes than the bound */
    bool too_big;         /* cgraph holds more memory than the bound */
    bool too_many;        /* more edges than the bound */
    bool nul;             /* a NUL byte, on line `line` */
    bool failed;          /* a read error; errno in `error` */
    bool nomem;           /* memory ran out splitting long chains */
    int error;
    bool bom_checked;     /* the first bytes were looked at for a BOM */
    unsigned char pending[3]; /* the first bytes, when they were no BOM */
    unsigned npending, pending_at;
    dot_split *split;     /* long chains of edges cut into pieces */
    unsigned long given_line; /* the line of the last byte cgraph was given */
    bool given_newline;   /* that byte ended a line */
} dot_source;

/* The file being read.  cgraph's discipline callbacks carry no pointer of
 * the caller's, and Graphviz is not thread-safe anyway. */
static dot_source *reading;


/* ------------------------------------------------------------------------ */
/* Memory: what cgraph holds for games read from files                      */
/* ------------------------------------------------------------------------ */

/* cgraph's allocations for games go through this discipline, which keeps
 * count of the bytes they hold (see "Bounds" above).  Allocations never
 * fail here on purpose: cgraph does not check for that everywhere. */
static uint64_t dot_memory; /* bytes held by graphs read with this discipline */

/* What libcdt allocates for a subgraph on its own, counted at its creation
 * (see id_register). */
#define SUBGRAPH_UNCOUNTED 800u

static size_t block_size(void *p, size_t requested)
{
#if defined(__GLIBC__)
    (void)requested;
    return malloc_usable_size(p);
#else
    (void)p;
    return requested;
#endif
}

static void *mem_open(Agdisc_t *disc)
{
    (void)disc;
    return NULL;
}

static void *mem_alloc(void *state, size_t req)
{
    (void)state;
    void *p = calloc(1, req ? req : 1);
    if (p)
        dot_memory += block_size(p, req);
    return p;
}

static void *mem_resize(void *state, void *ptr, size_t old, size_t req)
{
    (void)state;
    size_t before = ptr ? block_size(ptr, old) : 0;
    void *p = realloc(ptr, req ? req : 1);
    if (!p)
        return NULL;
    if (req > old)
        memset((char *)p + old, 0, req - old);
    dot_memory += block_size(p, req);
    dot_memory -= before < dot_memory ? before : dot_memory;
    return p;
}

static void mem_free(void *state, void *ptr)
{
    (void)state;
    if (!ptr)
        return;
    size_t n = block_size(ptr, 0);
    dot_memory -= n < dot_memory ? n : dot_memory;
    free(ptr);
}

static Agmemdisc_t mem_disc = {mem_open, mem_alloc, mem_resize, mem_free,
                               NULL};

/* ------------------------------------------------------------------------ */
/* Names of objects: an ID discipline with a hash table                     */
/* ------------------------------------------------------------------------ */

/*
 * cgraph turns every name in a file into an object ID through the graph's
 * ID discipline.  The default one keeps the names in cgraph's string
 * dictionary, a search tree that the lexer has already searched once for
 * the same token, so each "a -> b" costs two more tree searches of string
 * comparisons.  A hash table of its own makes agread() of a game of 10^6
 * positions and 5*10^6 moves about a quarter faster.
 *
 * As in the default discipline, the ID of a named object is the address of
 * its name, which is even (cgraph gives anonymous objects odd IDs), and the
 * names live until the graph is closed.
 */

typedef struct id_name {
    struct id_name *next;
    uint64_t hash;
    char text[]; /* 16-aligned within the allocation, so its address is even */
} id_name;

typedef struct id_table {
    id_name **slots;
    size_t mask;        /* slots - 1, a power of two minus one */
    size_t count;
    IDTYPE anonymous;   /* the next ID of an anonymous object: odd */
} id_table;

static uint64_t id_hash(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= UINT64_C(1099511628211);
    }
    return h;
}

static void *id_open(Agraph_t *g, Agdisc_t *disc)
{
    (void)g;
    (void)disc;
    id_table *t = mem_alloc(NULL, sizeof *t);
    if (!t)
        return NULL;
    t->slots = mem_alloc(NULL, 1024 * sizeof *t->slots);
    if (!t->slots) {
        mem_free(NULL, t);
        return NULL;
    }
    t->mask = 1023;
    t->anonymous = 1;
    return t;
}

/* Doubles the table; keeps the old one if memory is short (lookups only
 * get slower). */
static void id_grow(id_table *t)
{
    size_t n = (t->mask + 1) * 2;
    id_name **slots = mem_alloc(NULL, n * sizeof *slots);
    if (!slots)
        return;
    for (size_t i = 0; i <= t->mask; i++) {
        for (id_name *e = t->slots[i], *next; e; e = next) {
            next = e->next;
            size_t j = e->hash & (n - 1);
            e->next = slots[j];
            slots[j] = e;
        }
    }
    mem_free(NULL, t->slots);
    t->slots = slots;
    t->mask = n - 1;
}

static long id_map(void *state, int objtype, char *str, IDTYPE *id,
                   int createflag)
{
    (void)objtype;
    id_table *t = state;
    if (!t)
        return 0;
    if (!str) {
        /* Every edge of the file is an anonymous object, made here first.
         * "{a b c} -> {d e f}" makes the edges of all pairs, so a few
         * kilobytes can ask for millions of them: beyond the bound no
         * more are made (cgraph's parser checks for that), and the reader
         * stops. */
        if (objtype == AGEDGE && reading &&
            ++reading->edges > bounds.edges) {
            reading->too_many = true;
            return 0;
        }
        *id = t->anonymous;
        t->anonymous += 2;
        return 1;
    }
    uint64_t h = id_hash(str);
    for (id_name *e = t->slots[h & t->mask]; e; e = e->next) {
        if (e->hash == h && strcmp(e->text, str) == 0) {
            *id = (IDTYPE)(uintptr_t)e->text;
            return 1;
        }
    }
    if (!createflag)
        return 0;
    size_t len = strlen(str);
    id_name *e = mem_alloc(NULL, sizeof *e + len + 1);
    if (!e)
        return 0;
    e->hash = h;
    memcpy(e->text, str, len + 1);
    if (t->count >= t->mask / 2)
        id_grow(t);
    e->next = t->slots[h & t->mask];
    t->slots[h & t->mask] = e;
    t->count++;
    *id = (IDTYPE)(uintptr_t)e->text;
    return 1;
}

/* Objects are never created with an ID of the caller's choosing. */
static long id_alloc(void *state, int objtype, IDTYPE request)
{
    (void)state;
    (void)objtype;
    (void)request;
    return 0;
}

/* A name stays until the graph is closed: an object deleted and created
 * again by name gets its old ID back, as with the default discipline. */
static void id_free(void *state, int objtype, IDTYPE id)
{
    (void)state;
    (void)objtype;
    (void)id;
}

static char *id_print(void *state, int objtype, IDTYPE id)
{
    (void)state;
    (void)objtype;
    return id % 2 == 0 ? (char *)(uintptr_t)id : NULL;
}

static void id_close(void *state)
{
    id_table *t = state;
    if (!t)
        return;
    for (size_t i = 0; i <= t->mask; i++) {
        for (id_name *e = t->slots[i], *next; e; e = next) {
            next = e->next;
            mem_free(NULL, e);
        }
    }
    mem_free(NULL, t->slots);
    mem_free(NULL, t);
}

/* cgraph calls this for every object it makes.  A subgraph's dictionaries
 * are allocated by libcdt itself, outside the memory discipline (about 750
 * bytes), so they are counted here. */
static void id_register(void *state, int objtype, void *obj)
{
    (void)state;
    (void)obj;
    if (objtype == AGRAPH)
        dot_memory += SUBGRAPH_UNCOUNTED;
}

static Agiddisc_t id_disc = {id_open,  id_map,   id_alloc,   id_free,
                             id_print, id_close, id_register};

Agraph_t *sg_gv_one_graph(sg_ctx *ctx, Agraph_t *g, Agraph_t *extra,
                          int errors, const char *message, const char *origin,
                          const char *kind, const char *example)
{
    /* After a syntax error the scanner's leftovers may read as a graph of
     * their own; that is not a second graph of the file. */
    if (extra && (errors || !g)) {
        agclose(extra);
        extra = NULL;
    }
    if (extra) {
        agclose(extra);
        agclose(g);
        sg_ctx_fail(ctx, SG_EINPUT, "%s: holds more than one graph; a %s is "
                    "one %s", origin, kind,
                    strcmp(kind, "game") == 0 ? "digraph" : "graph");
        return NULL;
    }
    if (g && !errors)
        return g;
    if (g)
        agclose(g);
    if (message[0])
        sg_ctx_fail(ctx, SG_EINPUT, "%s", message);
    else if (errors)
        sg_ctx_fail(ctx, SG_EINPUT, "%s: not a valid DOT %s", origin, kind);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "%s: no graph in the %s (expected \"%s\")",
                    origin, strcmp(kind, "game") == 0 ? "file" : kind,
                    example);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Reading a game                                                           */
/* ------------------------------------------------------------------------ */

static void free_source(void *p)
{
    sg_dot_source *src = p;
    if (!src)
        return;
    if (src->graph)
        agclose(src->graph);
    free(src->nodes);
    free(src);
}

sg_dot_source *sg_game_dot_source(const sg_game *game)
{
    if (game->extra_free != free_source)
        return NULL;
    return game->extra;
}

/* Adds a node's name to a message, cleaned of control bytes and cut short
 * if long. */
static void add_name(sg_buf *b, Agnode_t *v)
{
    const char *name = agnameof(v);
    char quoted[96];
    sg_buf_puts(b, sg_quote(name, strlen(name), quoted, sizeof quoted));
}

/* Reports the cycle that closes at STACK[top] -> STACK[from]. */
static sg_status report_cycle(sg_ctx *ctx, const char *origin,
                              Agnode_t **by_index, const uint64_t *stack,
                              size_t from, size_t top)
{
    sg_buf b;
    sg_buf_init(&b);
    size_t len = top - from + 1;
    for (size_t i = from; i <= top; i++) {
        if (len > CYCLE_SHOWN && i == from + CYCLE_SHOWN - 1) {
            sg_buf_puts(&b, "... -> ");
            i = top;
        }
        add_name(&b, by_index[stack[i]]);
        sg_buf_puts(&b, " -> ");
    }
    add_name(&b, by_index[stack[from]]);
    char more[64] = "";
    if (len > CYCLE_SHOWN)
        snprintf(more, sizeof more, " (a cycle of %zu positions)", len);
    sg_status st = sg_ctx_fail(ctx, SG_EINPUT, "%s: not acyclic: %s%s", origin,
                               b.failed ? "(out of memory)" : b.data, more);
    sg_buf_free(&b);
    return st;
}

/*
 * Numbers the positions in depth-first post-order, so that every move's
 * target comes before its source, or reports a cycle.  FIRST/TARGETS is the
 * graph in file order; *ORDER receives the file index of each new position.
 */
static sg_status topological_order(sg_ctx *ctx, const char *origin,
                                   Agnode_t **by_index, uint64_t n,
                                   const uint64_t *first,
                                   const uint64_t *targets, uint64_t **order)
{
    uint8_t *state = sg_alloc(ctx, (size_t)n, 1); /* 0 new, 1 open, 2 done */
    uint64_t *stack = sg_alloc_raw(ctx, (size_t)n, sizeof *stack);
    uint64_t *cursor = sg_alloc_raw(ctx, (size_t)n, sizeof *cursor);
    uint64_t *out = sg_alloc_raw(ctx, (size_t)n, sizeof *out);
    sg_status st = SG_OK;
    if (!state || !stack || !cursor || !out) {
        st = ctx->status;
        goto done;
    }
    uint64_t done_count = 0;
    for (uint64_t root = 0; root < n; root++) {
        if (state[root])
            continue;
        size_t top = 0;
        stack[0] = root;
        cursor[0] = first[root];
        state[root] = 1;
        for (;;) {
            uint64_t v = stack[top];
            if (cursor[top] < first[v + 1]) {
                uint64_t w = targets[cursor[top]++];
                if (state[w] == 0) {
                    state[w] = 1;
                    top++;
                    stack[top] = w;
                    cursor[top] = first[w];
                } else if (state[w] == 1) {
                    size_t from = top;
                    while (stack[from] != w)
                        from--;
                    st = report_cycle(ctx, origin, by_index, stack, from, top);
                    goto done;
                }
                continue;
            }
            state[v] = 2;
            out[done_count++] = v;
            if (top == 0)
                break;
            top--;
        }
    }
done:
    free(state);
    free(stack);
    free(cursor);
    if (st != SG_OK) {
        free(out);
        return st;
    }
    *order = out;
    return SG_OK;
}

/* A move as cgraph lists it: the edge's sequence number (its place in the
 * file) and its target. */
typedef struct seq_move {
    uint64_t seq;
    uint64_t target;
} seq_move;

static int compare_seq(const void *a, const void *b)
{
    const seq_move *x = a, *y = b;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Puts the moves M[0..n) in the order of their edges in the file.  cgraph
 * lists a node's out-edges by their targets' first appearance instead, so
 * "a -> b; a -> d" after "d" had been named would trace as a -> {d,b}.
 * Most lists are short and already in order. */
static void order_moves(seq_move *m, size_t n)
{
    if (n > 16) {
        qsort(m, n, sizeof *m, compare_seq);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        seq_move v = m[i];
        size_t j = i;
        for (; j > 0 && m[j - 1].seq > v.seq; j--)
            m[j] = m[j - 1];
        m[j] = v;
    }
}

/* What node V's label shows, as one line of text in a new string, or
 * NULL when it shows the node's name (no label, "\\N", or a label equal
 * to the name) or is HTML-like (whose text is markup; the name stands in
 * for it).  Graphviz's escapes are expanded as Graphviz draws them: \\N
 * the node's name, \\G the graph's, \\n, \\l and \\r line breaks;
 * line breaks and other runs of white space or control bytes become one
 * space, since a position's name goes on one line of text.  Returns NULL
 * with *FAILED set when memory runs out. */
static char *label_text(sg_ctx *ctx, Agraph_t *g, Agnode_t *v, Agsym_t *sym,
                        bool *failed)
{
    const char *label = agxget(v, sym);
    if (!*label || aghtmlstr(SG_GV_STR(label)))
        return NULL;
    const char *name = agnameof(v);
    sg_buf b;
    sg_buf_init(&b);
    bool space = false;
    for (const char *p = label; *p; p++) {
        const char *piece = NULL;
        char one[2] = {*p, '\0'};
        bool gap = (unsigned char)*p <= ' ' || *p == 0x7f;
        if (*p == '\\' && p[1]) {
            p++;
            if (*p == 'N')
                piece = name;
            else if (*p == 'G')
                piece = agnameof(g);
            else if (*p == 'n' || *p == 'l' || *p == 'r')
                gap = true;
            else
                one[0] = *p;
        }
        if (gap) {
            space = b.len > 0;
            continue;
        }
        if (space)
            sg_buf_putc(&b, ' ');
        space = false;
        sg_buf_puts(&b, piece ? piece : one);
    }
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        *failed = true;
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory reading labels");
        return NULL;
    }
    if (!b.data[0] || strcmp(b.data, name) == 0) {
        sg_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* Builds the game of graph G (read from ORIGIN).  Takes ownership of G. */
static sg_game *game_of_graph(sg_ctx *ctx, Agraph_t *g, const char *origin)
{
    sg_game *game = NULL;
    sg_dag *dag = NULL;
    uint64_t *seq_index = NULL, *ffirst = NULL, *ftargets = NULL,
             *order = NULL, *new_index = NULL;
    Agnode_t **by_index = NULL;
    sg_dot_source *src = NULL;
    seq_move *moves = NULL; /* the moves of one node, being ordered */
    size_t moves_cap = 0;

    /* Nodes and edges are counted by walking them.  cgraph's own counts
     * (agnnodes, agnedges) ask libcdt for the size of each node's set of
     * edges, and libcdt counts a tree by recursion as deep as the tree,
     * which for a node's out-edges can be its whole degree: a node with a
     * few hundred thousand moves overflowed the stack. */
    uint64_t n = 0, m = 0;
    for (Agnode_t *v = agfstnode(g); v; v = agnxtnode(g, v)) {
        n++;
        for (Agedge_t *e = agfstout(g, v); e; e = agnxtout(g, e))
            m++;
        /* cgraph gives a name that begins with '%' an ID of its own and
         * then shows the ID ("%3") instead of the name, so such a node
         * could not be named on the command line or in a homework sheet. */
        const char *name = agnameof(v);
        if (name[0] == '%') {
            sg_ctx_fail(ctx, SG_EINPUT, "%s: a node name begins with '%%'; "
                        "Graphviz keeps such names for itself (it shows this "
                        "one as \"%s\"), so rename it", origin, name);
            goto fail;
        }
    }
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: the graph has no nodes, so the game "
                    "has no positions", origin);
        goto fail;
    }

    /* Nodes in file order, and a map from cgraph's sequence numbers (dense
     * in a freshly read graph, but not promised to be) to file order. */
    uint64_t max_seq = 0;
    for (Agnode_t *v = agfstnode(g); v; v = agnxtnode(g, v))
        if ((uint64_t)AGSEQ(v) > max_seq)
            max_seq = (uint64_t)AGSEQ(v);
    seq_index = sg_alloc_raw(ctx, (size_t)max_seq + 1, sizeof *seq_index);
    by_index = sg_alloc_raw(ctx, (size_t)n, sizeof *by_index);
    ffirst = sg_alloc_raw(ctx, (size_t)n + 1, sizeof *ffirst);
    ftargets = sg_alloc_raw(ctx, (size_t)m + 1, sizeof *ftargets);
    if (!seq_index || !by_index || !ffirst || !ftargets)
        goto fail;
    uint64_t i = 0;
    for (Agnode_t *v = agfstnode(g); v; v = agnxtnode(g, v)) {
        seq_index[AGSEQ(v)] = i;
        by_index[i++] = v;
    }
    uint64_t k = 0;
    for (i = 0; i < n; i++) {
        ffirst[i] = k;
        size_t deg = 0;
        for (Agedge_t *e = agfstout(g, by_index[i]); e; e = agnxtout(g, e)) {
            if (deg == moves_cap) {
                size_t cap = moves_cap ? moves_cap * 2 : 64;
                seq_move *grown = sg_grow(ctx, moves, cap, sizeof *moves);
                if (!grown)
                    goto fail;
                moves = grown;
                moves_cap = cap;
            }
            moves[deg].seq = (uint64_t)AGSEQ(e);
            moves[deg++].target = seq_index[AGSEQ(aghead(e))];
        }
        order_moves(moves, deg);
        for (size_t j = 0; j < deg; j++)
            ftargets[k++] = moves[j].target;
    }
    ffirst[n] = k;

    if (topological_order(ctx, origin, by_index, n, ffirst, ftargets, &order))
        goto fail;

    /* Renumber: position x is file node order[x]. */
    new_index = sg_alloc_raw(ctx, (size_t)n, sizeof *new_index);
    dag = sg_alloc(ctx, 1, sizeof *dag);
    if (!new_index || !dag)
        goto fail;
    for (i = 0; i < n; i++)
        new_index[order[i]] = i;
    dag->count = n;
    dag->first = sg_alloc_raw(ctx, (size_t)n + 1, sizeof *dag->first);
    dag->targets = sg_alloc_raw(ctx, (size_t)k + 1, sizeof *dag->targets);
    dag->names = sg_alloc(ctx, (size_t)n, sizeof *dag->names);
    if (!dag->first || !dag->targets || !dag->names)
        goto fail;
    uint64_t at = 0;
    for (uint64_t x = 0; x < n; x++) {
        uint64_t f = order[x];
        dag->first[x] = at;
        uint64_t deg = ffirst[f + 1] - ffirst[f];
        if (deg > dag->max_degree)
            dag->max_degree = deg;
        for (uint64_t j = ffirst[f]; j < ffirst[f + 1]; j++)
            dag->targets[at++] = new_index[ftargets[j]];
        dag->names[x] = sg_strdup(ctx, agnameof(by_index[f]));
        if (!dag->names[x])
            goto fail;
    }
    dag->first[n] = at;
    dag->file_order = sg_alloc_raw(ctx, (size_t)n, sizeof *dag->file_order);
    if (!dag->file_order)
        goto fail;
    for (uint64_t x = 0; x < n; x++)
        dag->file_order[order[x]] = x;
    Agsym_t *label = agattr(g, AGNODE, SG_GV_STR("label"), NULL);
    for (uint64_t x = 0; x < n; x++) {
        bool failed = false;
        char *text = label ? label_text(ctx, g, by_index[order[x]], label,
                                        &failed)
                           : NULL;
        if (failed)
            goto fail;
        /* A name or label with bytes that are no UTF-8, or with characters
         * that would act on a terminal (ESC, CR, ...), is shown cleaned
         * everywhere (text, CSV, JSON, pages), the cleaned form serving
         * as its label: a user can then also type what an output shows. */
        char *shown = sg_display_text(text ? text : dag->names[x], &failed);
        if (failed) {
            free(text);
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory reading names");
            goto fail;
        }
        if (shown) {
            free(text);
            text = shown;
        }
        if (text && !dag->labels) {
            dag->labels = sg_alloc(ctx, (size_t)n, sizeof *dag->labels);
            if (!dag->labels) {
                free(text);
                goto fail;
            }
        }
        if (text)
            dag->labels[x] = text;
    }

    src = sg_alloc(ctx, 1, sizeof *src);
    if (!src)
        goto fail;
    src->nodes = sg_alloc_raw(ctx, (size_t)n, sizeof *src->nodes);
    if (!src->nodes)
        goto fail;
    for (uint64_t x = 0; x < n; x++)
        src->nodes[x] = by_index[order[x]];
    src->graph = g;
    g = NULL;

    game = sg_game_from_dag(ctx, dag, origin);
    dag = NULL;
    if (!game)
        goto fail;
    game->extra = src;
    game->extra_free = free_source;
    src = NULL;

fail:
    free(seq_index);
    free(by_index);
    free(ffirst);
    free(ftargets);
    free(moves);
    free(order);
    free(new_index);
    sg_dag_free(dag);
    free_source(src);
    if (g)
        agclose(g);
    return game;
}

/* ------------------------------------------------------------------------ */
/* Reading the file                                                         */
/* ------------------------------------------------------------------------ */

static bool source_ok(const dot_source *s)
{
    return !s->too_long && !s->too_big && !s->too_many && !s->nul &&
           !s->failed && !s->nomem;
}

/* The most bytes handed to cgraph's scanner at a time.  A few dozen bytes
 * of DOT can make megabytes of graph (a node after a million attributes
 * were declared takes 8 MB), so the memory is checked often. */
#define READ_CHUNK 64

/* The next byte of the file, counted against the bounds; -1 at its end or
 * when the read is to stop (a bound passed, a NUL byte, a read error). */
static int raw_byte(dot_source *s)
{
    int c = getc_unlocked(s->f);
    if (c == EOF) {
        if (ferror(s->f)) {
            s->failed = true;
            s->error = errno;
        }
        return -1;
    }
    if (++s->bytes > bounds.bytes) {
        s->too_long = true;
        return -1;
    }
    if (s->after_newline)
        s->line++;
    s->after_newline = c == '\n';
    if (c == 0) {
        s->nul = true;
        return -1;
    }
    return c;
}

/* The bytes of the file for the splitter of long chains, without the UTF-8
 * byte order mark that some editors put at the start. */
static int next_byte(void *chan)
{
    dot_source *s = chan;
    if (!source_ok(s))
        return -1;
    if (!s->bom_checked) {
        static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
        s->bom_checked = true;
        while (s->npending < 3) {
            int c = raw_byte(s);
            if (c < 0)
                break;
            s->pending[s->npending++] = (unsigned char)c;
            if (c != bom[s->npending - 1])
                break;
        }
        if (s->npending == 3 && memcmp(s->pending, bom, 3) == 0)
            s->npending = 0;
    }
    if (s->pending_at < s->npending)
        return s->pending[s->pending_at++];
    return raw_byte(s);
}

/*
 * cgraph's scanner asks for text through this.  Like cgraph's own reader it
 * hands over no more than a line at a time, so that what follows a graph
 * stays for a second read.  It stops early, as at the end of the file, when
 * the file has more bytes than the bound, cgraph holds more memory than its
 * bound or has made the most edges, the file holds a NUL byte (which
 * cgraph would take for the end of a line and silently drop the rest of),
 * or it cannot be read; the reader then reports that instead of what the
 * scanner made of it.  The text comes through the splitter of long chains
 * (dot_split.c), which cgraph's parser could not take whole.
 */
static int read_dot(void *chan, char *buf, int bufsize)
{
    dot_source *s = chan;
    if (dot_memory > s->memory_at &&
        dot_memory - s->memory_at > bounds.memory)
        s->too_big = true;
    if (!source_ok(s) || bufsize < 2)
        return 0;
    int most = bufsize - 1 < READ_CHUNK ? bufsize - 1 : READ_CHUNK;
    int n = dot_split_read(s->split, buf, most + 1, &s->nomem);
    /* The splitter reads ahead of cgraph, so what cgraph has made is
     * placed by the lines it was given. */
    for (int i = 0; i < n; i++) {
        if (s->given_newline)
            s->given_line++;
        s->given_newline = buf[i] == '\n';
    }
    return source_ok(s) ? n : 0;
}

/* A graph keeps its discipline for writing too (agwrite), which is
 * cgraph's own. */
static int put_dot(void *chan, const char *str)
{
    return AgIoDisc.putstr(chan, str);
}

static int flush_dot(void *chan) { return AgIoDisc.flush(chan); }

static Agiodisc_t dot_io = {read_dot, put_dot, flush_dot};

static Agdisc_t read_disc = {&mem_disc, &id_disc, &dot_io};

/* Reports what stopped the reader early, if anything. */
static sg_status source_trouble(sg_ctx *ctx, const dot_source *s,
                                const char *origin)
{
    char bound[32], at[32];
    sg_format_bytes(s->bytes, at, sizeof at);
    if (s->too_long) {
        sg_format_bytes(bounds.bytes, bound, sizeof bound);
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s: more than %s of DOT, the "
                           "most sgviz reads for a game (--dot-max SIZE "
                           "raises it)", origin, bound);
    }
    if (s->too_big) {
        sg_format_bytes(bounds.memory, bound, sizeof bound);
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s: by line %lu (%s into the "
                           "file) the graph takes %s of memory, the most "
                           "sgviz gives a game (--dot-max SIZE raises it)",
                           origin, s->given_line, at, bound);
    }
    if (s->too_many)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s: by line %lu the graph has "
                           "more than %llu edges, the most moves sgviz reads "
                           "for a game (--dot-max SIZE raises it)", origin,
                           s->given_line,
                           (unsigned long long)bounds.edges);
    if (s->nul)
        return sg_fail_at(ctx, SG_EINPUT, origin, s->line, 0, "a NUL byte; a "
                          "DOT file is text");
    if (s->failed)
        return sg_ctx_fail(ctx, SG_EIO, "%s: cannot read: %s", origin,
                           strerror(s->error));
    if (s->nomem)
        return sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory reading the "
                           "file", origin);
    return SG_OK;
}

/*
 * cgraph's scanner keeps its state from one read to the next, and a read
 * that ends inside a quoted string, an HTML-like string or a comment (the
 * file ended there, or a bound stopped it) leaves it there: the next file
 * read in the process, however good, then begins inside that string and is
 * refused (fuzzing found it, comparing two reads of one file).  cgraph has
 * no call that resets its scanner, so it is brought back by text: a probe
 * "digraph{}" reads as a graph only from the scanner's first state, and is
 * swallowed whole by the others; after it fails, '"' ends a string, a
 * comment's end ends a comment, and '>'s end an HTML-like string, each
 * swallowed by the other two states and refused harmlessly from the first.
 * Messages of these reads go where the caller's do, after its first. */
void sg_gv_scanner_reset(void)
{
    static char probe[] = "digraph{}", quote[] = "\"", comment[] = "*/";
    static char angles[1025];
    if (!angles[0])
        memset(angles, '>', sizeof angles - 1);
    for (int round = 0; round < 256; round++) {
        Agraph_t *g = agmemread(probe);
        if (g) {
            agclose(g);
            return;
        }
        Agraph_t *junk[3] = {agmemread(quote), agmemread(comment),
                             agmemread(angles)};
        for (int i = 0; i < 3; i++)
            if (junk[i])
                agclose(junk[i]);
    }
}

/* Bison's parser reports a full stack as "memory exhausted"; what runs out
 * is the depth of nested braces it allows, not the machine's memory. */
static void explain_parser_message(char *message, size_t size)
{
    char *at = strstr(message, "memory exhausted");
    if (!at)
        return;
    char rest[400];
    snprintf(rest, sizeof rest, "%s", at + 16);
    snprintf(at, size - (size_t)(at - message), "too deeply nested (the DOT "
             "parser takes about 3300 levels of braces, or a chain of about "
             "2500 edges through subgraphs; chains of plain nodes may be of "
             "any length)%s", rest);
}

Agraph_t *sg_dot_read_graph(sg_ctx *ctx, const char *path, const char *what,
                            const char *example)
{
    if (!sg_gv_context(ctx))
        return NULL;
    bounds = test_bounds_set ? test_bounds : bounds_for(ctx->dot_max);
    bool from_stdin = strcmp(path, "-") == 0;
    const char *origin = from_stdin ? "stdin" : path;
    FILE *f = from_stdin ? stdin : fopen(path, "r");
    if (!f) {
        sg_ctx_fail(ctx, sg_open_status(errno), "%s: cannot open: %s", path,
                    strerror(errno));
        return NULL;
    }
    /* A directory opens, then reads as empty; say what it is instead. */
    struct stat st;
    bool known = fstat(fileno(f), &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        if (!from_stdin)
            fclose(f);
        sg_ctx_fail(ctx, SG_EINPUT, "%s: is a directory, not a DOT file",
                    origin);
        return NULL;
    }
    /* A regular file too large is refused before a byte is read. */
    if (known && S_ISREG(st.st_mode) &&
        (uint64_t)st.st_size > bounds.bytes) {
        if (!from_stdin)
            fclose(f);
        char size[32], bound[32];
        sg_format_bytes((uint64_t)st.st_size, size, sizeof size);
        sg_format_bytes(bounds.bytes, bound, sizeof bound);
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: %s of DOT; sgviz reads games of at "
                    "most %s (--dot-max SIZE raises it)", origin, size,
                    bound);
        return NULL;
    }
    dot_source src = {.f = f, .line = 1, .memory_at = dot_memory,
                      .given_line = 1};
    /* Cutting chains may add bytes, up to as many as the file may have. */
    src.split = dot_split_new(next_byte, &src, bounds.bytes);
    if (!src.split) {
        if (!from_stdin)
            fclose(f);
        sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory reading the file",
                    origin);
        return NULL;
    }
    sg_gv_errors_begin(origin);
    agsetfile(SG_GV_STR(origin));
    reading = &src;
    Agraph_t *g = agread(&src, &read_disc);
    /* A second graph in the same file would be silently ignored; say so
     * instead, since the user most likely meant something else. */
    Agraph_t *extra = g && source_ok(&src) ? agread(&src, &read_disc) : NULL;
    reading = NULL;
    /* A file that ends inside a string or a comment is broken, and leaves
     * cgraph's scanner inside it (which it does not always say). */
    const char *open = source_ok(&src) ? dot_split_open(src.split) : NULL;
    dot_split_free(src.split);
    char message[600];
    int errors = agerrors();
    if (!g || errors || !source_ok(&src) || open)
        sg_gv_scanner_reset();
    sg_gv_errors_end(message, sizeof message);
    if (!from_stdin)
        fclose(f);
    if (source_trouble(ctx, &src, origin) != SG_OK) {
        if (g)
            agclose(g);
        if (extra)
            agclose(extra);
        return NULL;
    }
    if (open && !errors) {
        if (g)
            agclose(g);
        if (extra)
            agclose(extra);
        sg_ctx_fail(ctx, SG_EINPUT, "%s: the file ends inside %s", origin,
                    open);
        return NULL;
    }
    explain_parser_message(message, sizeof message);
    return sg_gv_one_graph(ctx, g, extra, errors, message, origin, what,
                           example);
}

sg_game *sg_game_read_dot(sg_ctx *ctx, const char *path)
{
    const char *origin = strcmp(path, "-") == 0 ? "stdin" : path;
    Agraph_t *g = sg_dot_read_graph(ctx, path, "game",
                                    "digraph { a -> b; ... }");
    if (!g)
        return NULL;
    if (!agisdirected(g)) {
        agclose(g);
        sg_ctx_fail(ctx, SG_EINPUT, "%s: the graph is undirected; a game needs "
                    "moves with a direction (\"digraph\", edges a -> b)",
                    origin);
        return NULL;
    }
    return game_of_graph(ctx, g, origin);
}
