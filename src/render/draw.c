/*
 * draw.c - drawings of a game's state graph: built once, restyled and
 * painted any number of times through Graphviz's libraries.
 *
 * sg_drawing_new() gathers the values and moves through the engine (the
 * same steps every other consumer sees), builds one cgraph graph with the
 * theme's attributes, lays it out (layout.c) and adds the legend.
 * Styling a node or move only sets attributes; painting runs the "nop2"
 * engine, which reads the stored coordinates and routes nothing, and then a
 * renderer.  So the cost of a frame is the cost of painting, and nothing
 * moves between frames.
 */
#include "render/render_draw.h"
#include "render/tikz.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Small helpers shared with layout.c                                */
/* ------------------------------------------------------------------------ */

void sg_draw_set(void *obj, Agsym_t *sym, const char *value)
{
    agxset(obj, sym, SG_GV_STR(value));
}

void sg_draw_point(char *buf, size_t size, double x, double y)
{
    snprintf(buf, size, "%.2f,%.2f", x, y);
}

double sg_draw_text_width(const char *text, double fontsize)
{
    /* Digits and most lower-case letters of Helvetica are about 0.56 em
     * wide; 0.62 leaves room for wider fonts.  A character outside ASCII
     * (say, Chinese) counts as a whole em.  Only UTF-8 lead bytes count. */
    double w = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if ((*p & 0xC0) == 0x80)
            continue;
        w += *p < 0x80 ? 0.62 : 1.0;
    }
    return w * fontsize;
}

/* Writes TEXT into B so that Graphviz shows it literally in a label:
 * backslashes are Graphviz's escapes (\n, \N, \l), so they are doubled, and
 * line breaks become \n. */
static void label_escape(sg_buf *b, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            sg_buf_puts(b, "\\\\");
        else if (*p == '\n')
            sg_buf_puts(b, "\\n");
        else if (*p != '\r')
            sg_buf_putc(b, *p);
    }
}

/* ------------------------------------------------------------------------ */
/* Formats and layouts                                                      */
/* ------------------------------------------------------------------------ */

static const char *const formats[] = {"svg", "png", "pdf", "dot", "tikz"};
#define NFORMATS (sizeof formats / sizeof formats[0])

const char *sg_render_formats(void) { return "svg, png, pdf, dot, tikz"; }

static bool ascii_equal_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char ca = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (ca != *b)
            return false;
    }
    return *a == *b;
}

const char *sg_render_format_of_path(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (!dot)
        return NULL;
    if (ascii_equal_nocase(dot + 1, "gv"))
        return "dot";
    if (ascii_equal_nocase(dot + 1, "tex"))
        return "tikz";
    for (size_t i = 0; i < NFORMATS; i++)
        if (ascii_equal_nocase(dot + 1, formats[i]))
            return formats[i];
    return NULL;
}

static bool list_has(char **list, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

static void list_free(char **list, int n)
{
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

/* Whether Graphviz has plugin NAME of KIND ("layout", "render"); *EMPTY is
 * set when it has no plugin of that kind at all. */
static bool gv_has_plugin(GVC_t *gvc, const char *kind, const char *name,
                          bool *empty)
{
    int n = 0;
    char **list = gvPluginList(gvc, kind, &n, NULL);
    bool has = list && list_has(list, n, name);
    if (empty)
        *empty = n == 0;
    if (list)
        list_free(list, n);
    return has;
}

#define SG_PLUGIN_HINT "(Debian: sudo apt-get install libgvc6, then " \
                       "register the plugins with: sudo dot -c)"

static sg_status plugins_missing(sg_ctx *ctx, const char *what)
{
    return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "Graphviz has no plugins "
                       "registered here (its plugin list config6a is missing "
                       "or empty), so it cannot %s; register them with: sudo "
                       "dot -c", what);
}

sg_status sg_render_format_check(sg_ctx *ctx, const char *format)
{
    bool known = false;
    for (size_t i = 0; i < NFORMATS; i++)
        known |= strcmp(format, formats[i]) == 0;
    if (!known) {
        char quoted[96];
        sg_quote(format, strlen(format), quoted, sizeof quoted);
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown format \"%s\" (known: %s)",
                           quoted, sg_render_formats());
    }
    /* DOT text is written by cgraph itself and needs no plugin. */
    if (strcmp(format, "dot") == 0)
        return SG_OK;
    GVC_t *gvc = sg_gv_context(ctx);
    if (!gvc)
        return ctx->status;
    /* Renderers rather than devices are asked for: Graphviz 2.42's list of
     * devices leaks the names that several plugins share, and the
     * renderers tell the same: SVG comes from the core plugin's "svg", PDF
     * from "cairo", PNG from "cairo" or else "gd". */
    bool no_layouts, no_renderers;
    bool has_nop = gv_has_plugin(gvc, "layout", "nop2", &no_layouts);
    bool has_device;
    if (strcmp(format, "tikz") == 0)
        /* sgviz's own plugin (tikz.c), registered with the context. */
        has_device = gv_has_plugin(gvc, "render", "tikz", &no_renderers);
    else if (strcmp(format, "svg") == 0)
        has_device = gv_has_plugin(gvc, "render", "svg", &no_renderers);
    else if (strcmp(format, "pdf") == 0)
        has_device = gv_has_plugin(gvc, "render", "cairo", &no_renderers);
    else
        has_device = gv_has_plugin(gvc, "render", "cairo", &no_renderers) ||
                     gv_has_plugin(gvc, "render", "gd", NULL);
    if (no_layouts && no_renderers) {
        char what[64];
        snprintf(what, sizeof what, "write %s", format);
        return plugins_missing(ctx, what);
    }
    if (!has_nop)
        return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "drawing needs Graphviz's "
                           "neato layout plugin (engine nop2), which is not "
                           "registered here " SG_PLUGIN_HINT);
    if (!has_device) {
        if (strcmp(format, "svg") == 0)
            return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "SVG output needs "
                               "Graphviz's core plugin, which is not "
                               "registered here " SG_PLUGIN_HINT);
        return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "%s output needs Graphviz's "
                           "cairo plugin (libgvplugin_pango), which is not "
                           "registered here " SG_PLUGIN_HINT "; SVG and DOT "
                           "output work without it",
                           strcmp(format, "png") == 0 ? "PNG" : "PDF");
    }
    return SG_OK;
}

static const char *const layout_names[] = {"auto", "line", "dot", "grid",
                                           NULL};

sg_status sg_layout_parse(sg_ctx *ctx, const char *name, sg_layout *layout)
{
    int i = sg_pick_name(ctx, name, layout_names, NULL, "layout");
    if (i < 0)
        return SG_EINPUT;
    *layout = (sg_layout)i;
    return SG_OK;
}

const char *sg_layout_name(sg_layout layout)
{
    return (unsigned)layout < 4 ? layout_names[layout] : "?";
}

/* ------------------------------------------------------------------------ */
/* Gathering positions and moves through the engine                         */
/* ------------------------------------------------------------------------ */

typedef struct gather {
    sg_ctx *ctx;
    const sg_game *game;
    uint64_t last;
    uint64_t *first;   /* moves of position x: first[x] .. first[x+1] */
    uint64_t *targets;
    uint64_t *amounts; /* NULL for games without amounts */
    size_t m, cap;
    /* Games whose moves may split a heap: move j leaves
     * parts[part_start[j] .. part_start[j + 1]).  NULL for the others. */
    size_t *part_start;
    uint64_t *parts;
    size_t nparts, parts_cap;
} gather;

/* Keeps the positions each of S's moves leaves, for games whose moves may
 * split a heap. */
static int gather_parts(gather *g, const sg_step *s)
{
    for (size_t i = 0; i < s->nmoves; i++) {
        size_t k;
        const uint64_t *left = sg_step_parts(s, i, &k);
        if (g->nparts + k > g->parts_cap) {
            size_t cap = g->parts_cap ? g->parts_cap : 256;
            while (cap < g->nparts + k)
                cap *= 2;
            uint64_t *p = sg_grow(g->ctx, g->parts, cap, sizeof *p);
            if (!p)
                return g->ctx->status;
            g->parts = p;
            g->parts_cap = cap;
        }
        memcpy(g->parts + g->nparts, left, k * sizeof *left);
        g->nparts += k;
        g->part_start[g->m + i + 1] = g->nparts;
    }
    return 0;
}

static int gather_step(void *user, const sg_step *s)
{
    gather *g = user;
    if (g->m + s->nmoves > SG_DRAW_MAX_GATHERED_MOVES)
        return sg_ctx_fail(g->ctx, SG_ELIMIT, "%s, positions 0..%llu: more "
                           "than %u moves, far more than a picture can show; "
                           "draw fewer positions (a smaller -n)",
                           sg_game_describe(g->game),
                           (unsigned long long)g->last,
                           SG_DRAW_MAX_GATHERED_MOVES);
    if (g->m + s->nmoves > g->cap) {
        size_t cap = g->cap ? g->cap : 256;
        while (cap < g->m + s->nmoves)
            cap *= 2;
        uint64_t *t = sg_grow(g->ctx, g->targets, cap, sizeof *t);
        if (!t)
            return g->ctx->status;
        g->targets = t;
        if (s->amounts) {
            uint64_t *a = sg_grow(g->ctx, g->amounts, cap, sizeof *a);
            if (!a)
                return g->ctx->status;
            g->amounts = a;
        }
        if (g->game->ops->max_parts > 1) {
            size_t *ps = sg_grow(g->ctx, g->part_start, cap + 1, sizeof *ps);
            if (!ps)
                return g->ctx->status;
            if (!g->part_start)
                ps[0] = 0;
            g->part_start = ps;
        }
        g->cap = cap;
    }
    g->first[s->x] = g->m;
    if (g->part_start && gather_parts(g, s) != 0)
        return g->ctx->status;
    for (size_t i = 0; i < s->nmoves; i++) {
        g->targets[g->m + i] = s->targets[i];
        if (s->amounts && g->amounts)
            g->amounts[g->m + i] = s->amounts[i];
    }
    g->m += s->nmoves;
    return 0;
}

/* Fills the drawing's positions (all of 0..last, or those reachable from
 * the root) and the moves between them. */
static sg_status gather_graph(sg_ctx *ctx, sg_drawing *d)
{
    sg_status st = SG_OK;
    uint64_t last = d->last;
    if (last >= SG_DRAW_MAX_GATHERED)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s, positions 0..%llu: %llu "
                           "positions; sgviz draws at most %u (with the grid "
                           "layout); choose a smaller -n",
                           sg_game_describe(d->game), (unsigned long long)last,
                           (unsigned long long)last + 1, SG_GRID_MAX_NODES);
    gather g = {.ctx = ctx, .game = d->game, .last = last};
    sg_values *values = NULL;
    unsigned char *keep = NULL;
    size_t *sum_head = NULL; /* the sum node of each split, or SIZE_MAX */
    g.first = sg_alloc_raw(ctx, (size_t)last + 2, sizeof *g.first);
    if (!g.first)
        return ctx->status;
    sg_compute_opts co = {.with_moves = 1, .on_step = gather_step, .user = &g};
    st = sg_compute(ctx, d->game, last, &co, &values);
    if (st != SG_OK)
        goto done;
    g.first[last + 1] = g.m;

    /* Which positions are drawn.  Every move leads to a smaller position,
     * so one pass downwards from the root finds everything reachable. */
    size_t npos = (size_t)last + 1;
    keep = sg_alloc(ctx, npos, 1);
    d->index_of = sg_alloc_raw(ctx, npos, sizeof *d->index_of);
    if (!keep || !d->index_of) {
        st = ctx->status;
        goto done;
    }
    if (d->opts.has_root) {
        /* The heaps a split leaves are reachable too: play goes on in
         * them. */
        keep[last] = 1;
        for (uint64_t x = last + 1; x-- > 0;)
            if (keep[x])
                for (uint64_t j = g.first[x]; j < g.first[x + 1]; j++) {
                    if (!g.part_start) {
                        keep[g.targets[j]] = 1;
                        continue;
                    }
                    for (size_t p = g.part_start[j]; p < g.part_start[j + 1];
                         p++)
                        keep[g.parts[p]] = 1;
                }
    } else {
        memset(keep, 1, npos);
    }
    size_t n = 0, m = 0;
    for (size_t x = 0; x < npos; x++) {
        d->index_of[x] = keep[x] ? n : SIZE_MAX;
        if (keep[x]) {
            n++;
            m += (size_t)(g.first[x + 1] - g.first[x]);
        }
    }
    d->n = n;
    d->m = m;
    /* Room for the sums' values too: there are at most as many as moves. */
    d->x = sg_alloc_raw(ctx, n, sizeof *d->x);
    d->sg = sg_alloc_raw(ctx, n + (g.part_start ? m : 0), sizeof *d->sg);
    d->shown = sg_alloc_raw(ctx, n + (g.part_start ? m : 0),
                            sizeof *d->shown);
    d->first = sg_alloc_raw(ctx, n + 1, sizeof *d->first);
    d->tail = sg_alloc_raw(ctx, m, sizeof *d->tail);
    d->head = sg_alloc_raw(ctx, m, sizeof *d->head);
    if (g.amounts)
        d->amount = sg_alloc_raw(ctx, m, sizeof *d->amount);
    if (!d->x || !d->sg || !d->shown || !d->first || !d->tail || !d->head ||
        (g.amounts && !d->amount)) {
        st = ctx->status;
        goto done;
    }
    sg_misere *mis = NULL;
    if (d->opts.misere) {
        /* Misère play: the drawing shows g-, which is 0 exactly at the
         * misère P-positions, so P/N, winning moves and legend follow. */
        mis = sg_misere_new(ctx, d->game, 0);
        sg_values *minus = NULL;
        st = mis ? sg_misere_values(ctx, mis, last, &minus) : ctx->status;
        if (st != SG_OK) {
            sg_misere_free(mis);
            goto done;
        }
        sg_values_free(values);
        values = minus;
    }
    if (g.part_start) {
        sum_head = sg_alloc_raw(ctx, (size_t)g.m + 1, sizeof *sum_head);
        if (!sum_head ||
            sg_draw_gather_sums(ctx, d, g.first, g.part_start, g.parts, keep,
                                values, sum_head) != SG_OK) {
            st = ctx->status;
            sg_misere_free(mis);
            goto done;
        }
        /* A sum's g- is not the nim-sum of its parts': the search finds
         * it. */
        for (size_t s = 0; mis && s < d->nsums && st == SG_OK; s++) {
            sg_misere_answer a;
            st = sg_misere_solve(ctx, mis, &d->sum_parts[d->sum_first[s]],
                                 d->sum_first[s + 1] - d->sum_first[s], 1,
                                 &a);
            d->sg[d->n + s] = d->shown[d->n + s] = a.value;
        }
    }
    sg_misere_free(mis);
    if (st != SG_OK)
        goto done;
    if (d->opts.every) {
        /* Every-SG: each node shows its step count beside its value. */
        sg_every *e = sg_every_new(ctx, d->game, last);
        d->step = e ? sg_alloc_raw(ctx, n, sizeof *d->step) : NULL;
        for (size_t x = 0, j = 0; d->step && x < npos; x++)
            if (keep[x])
                d->step[j++] = sg_every_step(e, x);
        sg_every_free(e);
        if (!d->step) {
            st = ctx->status;
            goto done;
        }
    }
    size_t i = 0, k = 0;
    for (size_t x = 0; x < npos; x++) {
        if (!keep[x])
            continue;
        d->x[i] = x;
        d->sg[i] = sg_values_get(values, x);
        d->shown[i] = d->sg[i];
        d->first[i] = k;
        for (uint64_t j = g.first[x]; j < g.first[x + 1]; j++) {
            d->tail[k] = i;
            d->head[k] = sum_head && sum_head[j] != SIZE_MAX
                             ? sum_head[j]
                             : d->index_of[g.targets[j]];
            if (d->amount)
                d->amount[k] = g.amounts[j];
            k++;
        }
        i++;
    }
    d->first[n] = k;
done:
    sg_values_free(values);
    free(keep);
    free(sum_head);
    free(g.first);
    free(g.targets);
    free(g.amounts);
    free(g.part_start);
    free(g.parts);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Building the graph                                                       */
/* ------------------------------------------------------------------------ */

/* Attributes of a DOT game's file that the drawing leaves out: those that
 * do not style a drawing (attr.c), and, among those that do, the
 * ones sgviz sets itself: coordinates, sizes, results of an earlier
 * layout. */
static bool file_attr_dropped(int kind, const char *name)
{
    if (!sg_attr_passes(kind, name))
        return true;
    static const char *const dropped[] = {
        "pos", "width", "height", "fixedsize", "lp", "xlp", "head_lp",
        "tail_lp", "bb", "layout", "_draw_", "_ldraw_", "_hdraw_", "_tdraw_",
        "_hldraw_", "_tldraw_", "id", "key", "rects", "vertices", NULL};
    for (const char *const *p = dropped; *p; p++)
        if (strcmp(*p, name) == 0)
            return true;
    return false;
}

/* Copies VALUE (of the file's graph) onto OBJ, keeping an HTML-like string
 * HTML-like. */
static void copy_value(Agraph_t *g, void *obj, Agsym_t *sym,
                       const char *value)
{
    if (aghtmlstr(SG_GV_STR(value)))
        sg_gv_set_html(g, obj, sym, value);
    else
        sg_draw_set(obj, sym, value);
}

/* Declares attribute NAME of KIND with default VALUE, keeping an existing
 * non-empty default when VALUE is empty. */
static Agsym_t *declare(Agraph_t *g, int kind, const char *name,
                        const char *value)
{
    Agsym_t *sym = agattr(g, kind, SG_GV_STR(name), NULL);
    if (sym && !*value)
        return sym;
    return agattr(g, kind, SG_GV_STR(name), SG_GV_STR(value));
}

/* The names every style of a kind sets, with "style" always among them
 * (hiding uses it); stored in *NAMES (the strings are the theme's). */
static sg_status styled_names(sg_ctx *ctx, const sg_attr_list *styles,
                              size_t count, const char ***names, size_t *n)
{
    size_t cap = 1;
    for (size_t s = 0; s < count; s++)
        cap += styles[s].n;
    const char **list = sg_alloc_raw(ctx, cap, sizeof *list);
    if (!list)
        return ctx->status;
    size_t k = 0;
    list[k++] = "style";
    for (size_t s = 0; s < count; s++) {
        for (size_t i = 0; i < styles[s].n; i++) {
            const char *name = styles[s].items[i].name;
            bool seen = false;
            for (size_t j = 0; j < k && !seen; j++)
                seen = strcmp(list[j], name) == 0;
            if (!seen)
                list[k++] = name;
        }
    }
    *names = list;
    *n = k;
    return SG_OK;
}

/* Declares the styled attributes of KIND, resolves each style to symbols,
 * and records each attribute's default and the file's symbol for it. */
static sg_status prepare_styles(sg_ctx *ctx, sg_drawing *d, int kind)
{
    bool nodes = kind == AGNODE;
    const sg_attr_list *styles =
        nodes ? d->theme->node_style : d->theme->edge_style;
    size_t count = nodes ? NODE_STYLE_COUNT : EDGE_STYLE_COUNT;
    const sg_attr_list *defaults = nodes ? &d->theme->node : &d->theme->edge;
    const char **names = NULL;
    size_t n = 0;
    if (styled_names(ctx, styles, count, &names, &n) != SG_OK)
        return ctx->status;
    Agsym_t **sym = sg_alloc(ctx, n, sizeof *sym);
    Agsym_t **src = sg_alloc(ctx, n, sizeof *src);
    const char **def = sg_alloc(ctx, n, sizeof *def);
    if (!sym || !src || !def) {
        free(names);
        free(sym);
        free(src);
        free(def);
        return ctx->status;
    }
    for (size_t i = 0; i < n; i++) {
        Agsym_t *have = agattr(d->g, kind, SG_GV_STR(names[i]), NULL);
        const char *v = have ? have->defval : sg_attr_find(defaults, names[i]);
        def[i] = v ? v : "";
        sym[i] = have ? have : declare(d->g, kind, names[i], def[i]);
        if (d->src)
            src[i] = agattr(d->src->graph, kind, SG_GV_STR(names[i]), NULL);
    }
    if (nodes) {
        d->nstyled = n;
        d->nsym = sym;
        d->nsrc = src;
        d->ndefault = def;
    } else {
        d->estyled = n;
        d->esym = sym;
        d->esrc = src;
        d->edefault = def;
    }
    sg_resolved **res = nodes ? d->nres : d->eres;
    size_t *resn = nodes ? d->nresn : d->eresn;
    for (size_t s = 0; s < count; s++) {
        res[s] = sg_alloc(ctx, styles[s].n, sizeof *res[s]);
        if (!res[s]) {
            free(names);
            return ctx->status;
        }
        for (size_t i = 0; i < styles[s].n; i++) {
            res[s][i].sym = agattr(d->g, kind,
                                   SG_GV_STR(styles[s].items[i].name), NULL);
            res[s][i].value = styles[s].items[i].value;
        }
        resn[s] = styles[s].n;
    }
    free(names);
    return SG_OK;
}

/* The longest line of a DOT game node's own label, or its name. */
static const char *file_label(const sg_drawing *d, size_t i)
{
    if (d->src && d->src_label) {
        const char *v = agxget(d->src->nodes[d->x[i]], d->src_label);
        if (*v && strcmp(v, "\\N") != 0)
            return v;
    }
    return NULL;
}

/* Node sizes: one diameter for every node, from the longest label, so that
 * a restyled label never changes a node's size. */
static void choose_diameter(sg_drawing *d)
{
    double fs = sg_theme_number(&d->theme->node, "fontsize", 14);
    for (int s = STYLE_P; s <= STYLE_TARGET; s++)
        fs = fmax(fs, sg_theme_number(&d->theme->node_style[s], "fontsize",
                                      fs));
    sg_value maxv = 0;
    double widest = 0;
    char buf[32];
    for (size_t i = 0; i < d->n; i++) {
        if (d->sg[i] > maxv)
            maxv = d->sg[i];
        const char *text = file_label(d, i);
        if (!text || aghtmlstr(SG_GV_STR(text)))
            text = sg_game_position_name(d->game, d->x[i], buf, sizeof buf);
        widest = fmax(widest, sg_draw_text_width(text, fs));
    }
    snprintf(buf, sizeof buf, "%s%llu%s", d->value_prefix,
             (unsigned long long)maxv, d->step ? " step 99" : "");
    widest = fmax(widest, sg_draw_text_width(buf, fs));
    sg_draw_size_sums(d, fs);
    double height = 2 * 1.2 * fs;
    /* The label's box must fit inside the circle, with room for the inner
     * ring of a double circle. */
    d->diam = sqrt(widest * widest + height * height) + 12;
    double arrowsize = sg_theme_number(&d->theme->edge, "arrowsize", 1);
    if (d->dense)
        arrowsize = sg_theme_number(&d->theme->edge_style[ESTYLE_DENSE],
                                    "arrowsize", arrowsize);
    d->alen = 10 * arrowsize;
}

/* Checks the attributes of OBJ (of KIND, in the DOT game's graph SRC; the
 * defaults of KIND when OBJ is NULL) that the drawing may pass on to
 * Graphviz.  A value the check cleans (a link that may not reach a
 * picture, dropped) is cleaned in SRC itself, where the drawing reads it
 * from. */
static sg_status check_object(sg_ctx *ctx, Agraph_t *src, void *obj, int kind,
                              const char *origin, const char *owner)
{
    bool keep;
    char *cleaned;
    for (Agsym_t *s = agnxtattr(src, kind, NULL); s;
         s = agnxtattr(src, kind, s)) {
        const char *v = obj ? agxget(obj, s) : s->defval ? s->defval : "";
        bool html = aghtmlstr(SG_GV_STR(v)) != 0;
        if (*v && sg_attr_check(ctx, kind, s->name, v, html, origin, owner,
                                &keep, &cleaned) != SG_OK)
            return ctx->status;
        if (!*v || !cleaned)
            continue;
        if (html && obj)
            sg_gv_set_html(src, obj, s, cleaned);
        else if (html)
            sg_gv_default_html(src, kind, s->name, cleaned);
        else if (obj)
            agxset(obj, s, cleaned);
        else
            agattr(src, kind, s->name, cleaned);
        free(cleaned);
    }
    return SG_OK;
}

/* Checks, before any of them reaches Graphviz, every attribute that the
 * drawing takes from a DOT game's file: the graph's, the defaults, and
 * those of the positions drawn and their moves.  Graphviz itself trusts
 * them, and some bad values crash it (see attr.c). */
static sg_status check_source(sg_ctx *ctx, const sg_drawing *d)
{
    Agraph_t *src = d->src->graph;
    const char *origin = sg_game_spec(d->game);
    char owner[160], a[64], b[64];
    if (check_object(ctx, src, src, AGRAPH, origin, "the graph") ||
        check_object(ctx, src, NULL, AGNODE, origin, "the node defaults") ||
        check_object(ctx, src, NULL, AGEDGE, origin, "the edge defaults"))
        return ctx->status;
    for (size_t i = 0; i < d->n; i++) {
        Agnode_t *v = d->src->nodes[d->x[i]];
        const char *name = agnameof(v);
        snprintf(owner, sizeof owner, "node %s",
                 sg_quote(name, strlen(name), a, sizeof a));
        if (check_object(ctx, src, v, AGNODE, origin, owner) != SG_OK)
            return ctx->status;
        for (Agedge_t *e = agfstout(src, v); e; e = agnxtout(src, e)) {
            const char *head = agnameof(aghead(e));
            snprintf(owner, sizeof owner, "edge %s -> %s", a,
                     sg_quote(head, strlen(head), b, sizeof b));
            if (check_object(ctx, src, e, AGEDGE, origin, owner) != SG_OK)
                return ctx->status;
        }
    }
    return SG_OK;
}

static sg_status build_graph(sg_ctx *ctx, sg_drawing *d)
{
    const sg_theme *t = d->theme;
    /* The graph's name is the picture's title (an SVG's <title>). */
    sg_buf title;
    sg_buf_init(&title);
    sg_describe_add(&title, sg_game_describe(d->game), d->opts.lang);
    d->g = title.failed ? NULL : agopen(title.data, Agdirected, NULL);
    sg_buf_free(&title);
    if (!d->g)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory building the graph");
    Agraph_t *g = d->g;
    Agraph_t *sg_src = d->src ? d->src->graph : NULL;

    /* Every attribute is declared before the first node is made: cgraph
     * then sizes each node's record once. */
    for (size_t i = 0; i < t->graph.n; i++)
        agattr(g, AGRAPH, t->graph.items[i].name, t->graph.items[i].value);
    for (size_t i = 0; i < t->node.n; i++)
        agattr(g, AGNODE, t->node.items[i].name, t->node.items[i].value);
    for (size_t i = 0; i < t->edge.n; i++)
        agattr(g, AGEDGE, t->edge.items[i].name, t->edge.items[i].value);
    if (sg_src) {
        for (Agsym_t *s = agnxtattr(sg_src, AGRAPH, NULL); s;
             s = agnxtattr(sg_src, AGRAPH, s)) {
            const char *v = agxget(sg_src, s);
            if (!file_attr_dropped(AGRAPH, s->name) &&
                strcmp(s->name, "label") &&
                *v)
                agattr(g, AGRAPH, s->name, SG_GV_STR(v));
        }
        for (int kind = AGNODE; kind <= AGEDGE; kind++)
            for (Agsym_t *s = agnxtattr(sg_src, kind, NULL); s;
                 s = agnxtattr(sg_src, kind, s))
                if (!file_attr_dropped(kind, s->name) &&
                    strcmp(s->name, "label"))
                    declare(g, kind, s->name, s->defval ? s->defval : "");
    }
    /* Nodes are painted over the moves, so that dense drawings stay
     * readable. */
    agattr(g, AGRAPH, SG_GV_STR("outputorder"), SG_GV_STR("edgesfirst"));

    if (prepare_styles(ctx, d, AGNODE) != SG_OK ||
        prepare_styles(ctx, d, AGEDGE) != SG_OK)
        return ctx->status;
    d->n_label = agattr(g, AGNODE, SG_GV_STR("label"), SG_GV_STR("\\N"));
    d->n_xlabel = declare(g, AGNODE, "xlabel", "");
    d->n_style = agattr(g, AGNODE, SG_GV_STR("style"), NULL);
    d->n_class = declare(g, AGNODE, "class", "");
    Agsym_t *n_id = declare(g, AGNODE, "id", "");
    Agsym_t *n_pos = declare(g, AGNODE, "pos", "");
    char size[32];
    snprintf(size, sizeof size, "%.4f", d->diam / 72);
    d->n_width = agattr(g, AGNODE, SG_GV_STR("width"), SG_GV_STR(size));
    d->n_height = agattr(g, AGNODE, SG_GV_STR("height"), SG_GV_STR(size));
    /* The legend sets these on its own nodes. */
    d->n_shape = declare(g, AGNODE, "shape", "");
    declare(g, AGNODE, "fontsize", "");
    declare(g, AGNODE, "fontcolor", "");
    d->n_peripheries = agattr(g, AGNODE, SG_GV_STR("peripheries"), NULL);
    /* A sum frames P doubly by its peripheries ("" keeps each shape's
     * own). */
    if (d->nsums && !d->n_peripheries)
        d->n_peripheries = declare(g, AGNODE, "peripheries", "");
    agattr(g, AGNODE, SG_GV_STR("fixedsize"), SG_GV_STR("true"));
    d->e_style = agattr(g, AGEDGE, SG_GV_STR("style"), NULL);
    d->e_class = declare(g, AGEDGE, "class", "");
    Agsym_t *e_id = declare(g, AGEDGE, "id", "");
    declare(g, AGEDGE, "pos", "");
    Agsym_t *e_label = NULL;
    if (d->opts.edge_labels) {
        e_label = declare(g, AGEDGE, "label", "");
        declare(g, AGEDGE, "lp", "");
    } else if (sg_src && agattr(sg_src, AGEDGE, SG_GV_STR("label"), NULL)) {
        e_label = declare(g, AGEDGE, "label", "");
        declare(g, AGEDGE, "lp", "");
    }
    (void)n_pos;

    size_t nodes = d->n + d->nsums;
    d->node = sg_alloc(ctx, nodes, sizeof *d->node);
    d->edge = sg_alloc(ctx, d->m, sizeof *d->edge);
    d->nstate = sg_alloc(ctx, nodes, 1);
    d->estate = sg_alloc(ctx, d->m, 1);
    if (!d->node || !d->edge || !d->nstate || !d->estate)
        return ctx->status;
    if (d->src) {
        d->src_edge = sg_alloc(ctx, d->m, sizeof *d->src_edge);
        if (!d->src_edge)
            return ctx->status;
    }

    char buf[160];
    for (size_t i = 0; i < d->n; i++) {
        /* A DOT game's nodes keep their names, which are unique where
         * their labels need not be. */
        const char *name =
            d->src ? agnameof(d->src->nodes[d->x[i]])
                   : sg_game_position_name(d->game, d->x[i], buf, sizeof buf);
        Agnode_t *v = agnode(g, SG_GV_STR(name), 1);
        if (!v)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory building the "
                               "graph");
        d->node[i] = v;
        snprintf(buf, sizeof buf, "p%llu", (unsigned long long)d->x[i]);
        sg_draw_set(v, n_id, buf);
        if (sg_src) {
            Agnode_t *sv = d->src->nodes[d->x[i]];
            for (Agsym_t *s = agnxtattr(sg_src, AGNODE, NULL); s;
                 s = agnxtattr(sg_src, AGNODE, s)) {
                const char *val = agxget(sv, s);
                if (*val && !file_attr_dropped(AGNODE, s->name) &&
                    strcmp(s->name, "label"))
                    copy_value(g, v, agattr(g, AGNODE, s->name, NULL), val);
            }
        }
    }
    for (size_t j = 0; j < d->nsums; j++) {
        char name[96];
        sg_draw_sum_name(d, j, "+", name, sizeof name);
        Agnode_t *v = agnode(g, name, 1);
        if (!v)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory building the "
                               "graph");
        d->node[d->n + j] = v;
        sg_draw_sum_name(d, j, "_", name, sizeof name);
        snprintf(buf, sizeof buf, "s%s", name);
        sg_draw_set(v, n_id, buf);
    }
    /* How often each head has come up among the current tail's moves. */
    size_t *repeats = sg_alloc(ctx, nodes, sizeof *repeats);
    if (!repeats)
        return ctx->status;
    for (size_t i = 0; i < d->n; i++) {
        Agedge_t *se = d->src ? agfstout(d->src->graph,
                                         d->src->nodes[d->x[i]])
                              : NULL;
        for (size_t k = d->first[i]; k < d->first[i + 1]; k++) {
            size_t h = d->head[k];
            Agedge_t *e = agedge(g, d->node[i], d->node[h], NULL, 1);
            if (!e) {
                free(repeats);
                return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory building "
                                   "the graph");
            }
            d->edge[k] = e;
            /* A DOT game may repeat a move; its ids stay apart. */
            size_t again = repeats[h]++;
            if (h >= d->n) {
                char name[96];
                sg_draw_sum_name(d, h - d->n, "_", name, sizeof name);
                snprintf(buf, sizeof buf, "m%llu_s%s",
                         (unsigned long long)d->x[i], name);
            } else if (again)
                snprintf(buf, sizeof buf, "m%llu_%llu_%zu",
                         (unsigned long long)d->x[i],
                         (unsigned long long)d->x[h], again);
            else
                snprintf(buf, sizeof buf, "m%llu_%llu",
                         (unsigned long long)d->x[i],
                         (unsigned long long)d->x[h]);
            sg_draw_set(e, e_id, buf);
            if (d->opts.edge_labels && d->amount) {
                snprintf(buf, sizeof buf, "%llu",
                         (unsigned long long)d->amount[k]);
                sg_draw_set(e, e_label, buf);
            }
            /* The file's edges come in the order the game's moves do. */
            if (se && aghead(se) == d->src->nodes[d->x[h]]) {
                d->src_edge[k] = se;
                for (Agsym_t *s = agnxtattr(sg_src, AGEDGE, NULL); s;
                     s = agnxtattr(sg_src, AGEDGE, s)) {
                    const char *val = agxget(se, s);
                    if (*val && !file_attr_dropped(AGEDGE, s->name) &&
                        (strcmp(s->name, "label") || !d->opts.edge_labels))
                        copy_value(g, e, agattr(g, AGEDGE, s->name, NULL),
                                   val);
                }
            }
            if (se)
                se = agnxtout(d->src->graph, se);
        }
        for (size_t k = d->first[i]; k < d->first[i + 1]; k++)
            repeats[d->head[k]] = 0;
    }
    free(repeats);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Styling                                                                  */
/* ------------------------------------------------------------------------ */

static void apply(void *obj, const sg_resolved *res, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sg_draw_set(obj, res[i].sym, res[i].value);
}

/* A DOT game's style=dashed (or dotted, bold, rounded) would replace the
 * theme's "filled", and with it the fill that tells P from N and that a
 * P-position's white text needs: the node keeps the border it asks for
 * and the fill the theme gives.  A theme without fills is left alone. */
static void keep_fill(sg_drawing *d, Agnode_t *v)
{
    const char *want = sg_attr_find(&d->theme->node, "style");
    if (!d->n_style || !want || !strstr(want, "filled"))
        return;
    const char *style = agxget(v, d->n_style);
    if (strstr(style, "filled") || strstr(style, "invis"))
        return;
    char buf[128];
    snprintf(buf, sizeof buf, "filled%s%.100s", *style ? "," : "", style);
    sg_draw_set(v, d->n_style, buf);
}

static void style_node(sg_drawing *d, size_t i)
{
    Agnode_t *v = d->node[i];
    Agnode_t *sv = d->src ? d->src->nodes[d->x[i]] : NULL;
    for (size_t k = 0; k < d->nstyled; k++) {
        const char *base = sv && d->nsrc[k] ? agxget(sv, d->nsrc[k]) : "";
        sg_draw_set(v, d->nsym[k], *base ? base : d->ndefault[k]);
    }
    sg_node_state state = (sg_node_state)d->nstate[i];
    sg_value shown = d->shown[i];
    bool known = state != SG_NODE_PENDING && shown != SG_VALUE_UNKNOWN;
    bool p = shown == 0;
    if (known)
        apply(v, d->nres[p ? STYLE_P : STYLE_N], d->nresn[p ? STYLE_P : STYLE_N]);
    else
        apply(v, d->nres[STYLE_PENDING], d->nresn[STYLE_PENDING]);
    if (state == SG_NODE_CURRENT)
        apply(v, d->nres[STYLE_CURRENT], d->nresn[STYLE_CURRENT]);
    else if (state == SG_NODE_TARGET)
        apply(v, d->nres[STYLE_TARGET], d->nresn[STYLE_TARGET]);
    else if (state == SG_NODE_HIDDEN)
        sg_draw_set(v, d->n_style, "invis");
    else
        keep_fill(d, v);

    sg_draw_ring_size(d, v, d->diam);

    static const char *const classes[] = {"", "pending", "current", "target",
                                          "hidden"};
    char cls[32];
    bool plain = state == SG_NODE_VALUE || state == SG_NODE_PENDING;
    snprintf(cls, sizeof cls, "%s%s%s", known ? (p ? "P" : "N") : "pending",
             plain ? "" : " ", plain ? "" : classes[state]);
    sg_draw_set(v, d->n_class, cls);

    /* The label: the position (or the file's own label) over its value. */
    sg_buf b;
    sg_buf_init(&b);
    char buf[32];
    const char *own = file_label(d, i);
    bool html = own && aghtmlstr(SG_GV_STR(own));
    if (own && !html)
        sg_buf_puts(&b, own);
    else
        label_escape(&b, sg_game_position_name(d->game, d->x[i], buf,
                                               sizeof buf));
    char value[64];
    if (known)
        snprintf(value, sizeof value, "%s%llu", d->value_prefix,
                 (unsigned long long)shown);
    else
        snprintf(value, sizeof value, "%s?", d->value_prefix);
    if (d->step && i < d->n)
        snprintf(value + strlen(value), sizeof value - strlen(value),
                 " step %llu", (unsigned long long)d->step[i]);
    if (html) {
        sg_gv_set_html(d->g, v, d->n_label, own);
        sg_draw_set(v, d->n_xlabel, value);
    } else {
        sg_buf_puts(&b, "\\n");
        sg_buf_puts(&b, value);
        sg_draw_set(v, d->n_label, b.failed ? value : b.data);
    }
    sg_buf_free(&b);
}

void sg_draw_ring_size(const sg_drawing *d, Agnode_t *v, double size)
{
    /* Graphviz draws the extra rings of a double circle (or of more
     * peripheries) 4 points apart outside the node's size; shrinking the
     * size keeps the outer ring where a single circle would be, so moves
     * end on it and nodes look equally large. */
    const char *shape = d->n_shape ? agxget(v, d->n_shape) : "";
    const char *per = d->n_peripheries ? agxget(v, d->n_peripheries) : "";
    int rings = strcmp(shape, "doublecircle") == 0 ? 2 : 1;
    if (*per && atoi(per) > 1)
        rings = atoi(per) + (rings == 2);
    if (rings > 6)
        rings = 6;
    char buf[32];
    snprintf(buf, sizeof buf, "%.4f", fmax(size - 8.0 * (rings - 1), 8) / 72);
    sg_draw_set(v, d->n_width, buf);
    sg_draw_set(v, d->n_height, buf);
}

/* In a dense drawing every move is thinned by the theme's dense style; a
 * highlighted move keeps its colour but is thinned by the same factor, so
 * that it stands out without covering the positions. */
static void thin(sg_drawing *d, Agedge_t *e)
{
    static const char *const names[] = {"penwidth", "arrowsize"};
    for (int i = 0; i < 2; i++) {
        double base = sg_theme_number(&d->theme->edge, names[i], 1);
        double dense = sg_theme_number(&d->theme->edge_style[ESTYLE_DENSE],
                                       names[i], base);
        Agsym_t *sym = agattr(d->g, AGEDGE, SG_GV_STR(names[i]), NULL);
        if (!sym)
            continue;
        char *end;
        const char *v = agxget(e, sym);
        double now = strtod(v, &end);
        if (end == v || now <= dense)
            continue;
        char buf[32];
        snprintf(buf, sizeof buf, "%.2f", fmax(dense, now * dense / base));
        sg_draw_set(e, sym, buf);
    }
}

static void style_edge(sg_drawing *d, size_t k)
{
    Agedge_t *e = d->edge[k];
    Agedge_t *se = d->src_edge ? d->src_edge[k] : NULL;
    for (size_t j = 0; j < d->estyled; j++) {
        const char *base = se && d->esrc[j] ? agxget(se, d->esrc[j]) : "";
        sg_draw_set(e, d->esym[j], *base ? base : d->edefault[j]);
    }
    if (d->dense)
        apply(e, d->eres[ESTYLE_DENSE], d->eresn[ESTYLE_DENSE]);
    sg_edge_state state = (sg_edge_state)d->estate[k];
    const char *cls = "";
    bool win = d->shown[d->head[k]] == 0;
    if (state == SG_EDGE_NORMAL && d->opts.highlight_wins) {
        sg_edge_style_id s = win ? ESTYLE_WIN
                             : d->shown[d->tail[k]] == 0 ? ESTYLE_PN
                                                      : ESTYLE_NN;
        apply(e, d->eres[s], d->eresn[s]);
    } else if (state == SG_EDGE_PENDING) {
        apply(e, d->eres[ESTYLE_PENDING], d->eresn[ESTYLE_PENDING]);
        cls = "pending";
    } else if (state == SG_EDGE_CURRENT) {
        apply(e, d->eres[ESTYLE_CURRENT], d->eresn[ESTYLE_CURRENT]);
        cls = "current";
    } else if (state == SG_EDGE_HIDDEN) {
        sg_draw_set(e, d->e_style, "invis");
        cls = "hidden";
    }
    if (d->dense && (d->opts.highlight_wins || state != SG_EDGE_NORMAL))
        thin(d, e);
    char buf[32];
    snprintf(buf, sizeof buf, "%s%s%s", win ? "win" : "", win && *cls ? " " : "",
             cls);
    sg_draw_set(e, d->e_class, buf);
}

/* Styles the sums as their heaps and moves now are, and the moves into
 * them, whose look depends on the value a sum shows. */
static void refresh_sums(sg_drawing *d)
{
    if (!d->nsums)
        return;
    sg_draw_style_sums(d);
    for (size_t k = 0; k < d->m; k++)
        if (d->head[k] >= d->n)
            style_edge(d, k);
}

static sg_status not_drawn(sg_ctx *ctx, const sg_drawing *d, uint64_t x)
{
    char buf[32];
    return sg_ctx_fail(ctx, SG_EINPUT, "position %s is not in the drawing",
                       sg_game_position_name(d->game, x, buf, sizeof buf));
}

int sg_drawing_has_position(const sg_drawing *d, uint64_t x)
{
    return x <= d->last && d->index_of[x] != SIZE_MAX;
}

sg_status sg_drawing_set_node(sg_ctx *ctx, sg_drawing *d, uint64_t x,
                              sg_node_state state)
{
    if (!sg_drawing_has_position(d, x))
        return not_drawn(ctx, d, x);
    if ((unsigned)state > SG_NODE_HIDDEN)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown node state %d",
                           (int)state);
    size_t i = d->index_of[x];
    d->nstate[i] = (unsigned char)state;
    style_node(d, i);
    return SG_OK;
}

sg_status sg_drawing_set_moves(sg_ctx *ctx, sg_drawing *d, uint64_t x,
                               sg_edge_state state)
{
    if (!sg_drawing_has_position(d, x))
        return not_drawn(ctx, d, x);
    if ((unsigned)state > SG_EDGE_HIDDEN)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown move state %d",
                           (int)state);
    size_t i = d->index_of[x];
    for (size_t k = d->first[i]; k < d->first[i + 1]; k++) {
        d->estate[k] = (unsigned char)state;
        style_edge(d, k);
    }
    return SG_OK;
}

sg_status sg_drawing_set_move(sg_ctx *ctx, sg_drawing *d, uint64_t x,
                              uint64_t y, sg_edge_state state)
{
    if (!sg_drawing_has_position(d, x))
        return not_drawn(ctx, d, x);
    if ((unsigned)state > SG_EDGE_HIDDEN)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown move state %d",
                           (int)state);
    size_t i = d->index_of[x];
    bool found = false;
    for (size_t k = d->first[i]; k < d->first[i + 1]; k++) {
        if (d->head[k] < d->n && d->x[d->head[k]] == y) {
            d->estate[k] = (unsigned char)state;
            style_edge(d, k);
            found = true;
        }
    }
    if (!found) {
        char a[32], b[32];
        return sg_ctx_fail(ctx, SG_EINPUT, "the drawing has no move from %s "
                           "to %s",
                           sg_game_position_name(d->game, x, a, sizeof a),
                           sg_game_position_name(d->game, y, b, sizeof b));
    }
    return SG_OK;
}

sg_status sg_drawing_show_value(sg_ctx *ctx, sg_drawing *d, uint64_t x,
                                sg_value value)
{
    if (!sg_drawing_has_position(d, x))
        return not_drawn(ctx, d, x);
    size_t i = d->index_of[x];
    if (d->shown[i] == value)
        return SG_OK;
    d->shown[i] = value;
    style_node(d, i);
    /* A move's style depends on the values at both of its ends. */
    for (size_t k = 0; k < d->m; k++)
        if (d->head[k] == i || d->tail[k] == i)
            style_edge(d, k);
    return SG_OK;
}

sg_status sg_drawing_set_caption(sg_ctx *ctx, sg_drawing *d, const char *text)
{
    if (!d->caption)
        return sg_ctx_fail(ctx, SG_EINPUT, "the drawing has no caption line "
                           "(make it with the caption option)");
    sg_buf b;
    sg_buf_init(&b);
    label_escape(&b, text);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory setting the "
                           "caption");
    }
    sg_draw_set(d->caption, d->c_label, b.data);
    sg_buf_free(&b);
    return SG_OK;
}

void sg_drawing_reset(sg_drawing *d)
{
    memcpy(d->shown, d->sg, d->n * sizeof *d->shown);
    for (size_t i = 0; i < d->n; i++) {
        d->nstate[i] = SG_NODE_VALUE;
        style_node(d, i);
    }
    for (size_t k = 0; k < d->m; k++) {
        d->estate[k] = SG_EDGE_NORMAL;
        style_edge(d, k);
    }
    refresh_sums(d);
    if (d->caption)
        sg_draw_set(d->caption, d->c_label, "");
}

/* Shows the position of opts.highlight_x as a step's current position,
 * its moves (or the one to highlight_y) as current moves and where they
 * lead as targets.  Returns SG_OK, or SG_EINPUT naming a position that is
 * not drawn or a move the game lacks. */
static sg_status highlight(sg_ctx *ctx, sg_drawing *d)
{
    uint64_t x = d->opts.highlight_x;
    if (!sg_drawing_has_position(d, x))
        return not_drawn(ctx, d, x);
    size_t i = d->index_of[x];
    bool found = false;
    for (size_t k = d->first[i]; k < d->first[i + 1]; k++) {
        size_t h = d->head[k];
        if (d->opts.highlight_move &&
            (h >= d->n || d->x[h] != d->opts.highlight_y))
            continue;
        found = true;
        d->estate[k] = SG_EDGE_CURRENT;
        style_edge(d, k);
        if (h < d->n) {
            d->nstate[h] = SG_NODE_TARGET;
            style_node(d, h);
        }
    }
    if (d->opts.highlight_move && !found) {
        char a[64], b[64];
        return sg_ctx_fail(ctx, SG_EINPUT, "%s has no move from %s to %s",
                           sg_game_describe(d->game),
                           sg_game_position_name(d->game, x, a, sizeof a),
                           sg_game_position_name(d->game,
                                                 d->opts.highlight_y, b,
                                                 sizeof b));
    }
    d->nstate[i] = SG_NODE_CURRENT;
    style_node(d, i);
    refresh_sums(d);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The drawing's life                                                       */
/* ------------------------------------------------------------------------ */

sg_drawing *sg_drawing_new(sg_ctx *ctx, const sg_game *game, uint64_t last,
                           const sg_drawing_opts *opts)
{
    GVC_t *gvc = sg_gv_context(ctx);
    if (!gvc)
        return NULL;
    sg_drawing *d = sg_alloc(ctx, 1, sizeof *d);
    if (!d)
        return NULL;
    d->game = game;
    if (opts && sg_opts_take(ctx, &d->opts, sizeof d->opts, opts,
                             SG_OPTS_V0(sg_drawing_opts, title), "sg_drawing_opts") != SG_OK) {
        free(d);
        return NULL;
    }
    d->opts.theme = NULL;
    d->src = sg_game_dot_source(game);
    /* The file's own labels count in the nodes' size, so they are known
     * before anything is measured. */
    if (d->src)
        d->src_label = agattr(d->src->graph, AGNODE, SG_GV_STR("label"), NULL);

    if (d->opts.edge_labels && !game->ops->takes_amounts) {
        sg_ctx_fail(ctx, SG_EINPUT, "edge labels show the amount each move "
                    "takes, and the moves of %s take no amounts",
                    sg_game_spec(game));
        goto fail;
    }
    if ((unsigned)d->opts.layout > SG_LAYOUT_GRID) {
        sg_ctx_fail(ctx, SG_EINPUT, "unknown layout %d", (int)d->opts.layout);
        goto fail;
    }
    {
        /* The legend is made last; an unknown language is refused before
         * any work is done.  The nodes' labels take their words now. */
        sg_template *words = sg_legend_wording(ctx, d->opts.lang);
        if (!words)
            goto fail;
        sg_legend_value_prefix(words, d->opts.misere, d->value_prefix,
                               sizeof d->value_prefix);
        sg_template_free(words);
    }
    if (d->opts.has_root)
        last = d->opts.root;
    if (sg_game_is_finite(game)) {
        uint64_t count = sg_game_position_count(game);
        if (d->opts.has_root && last >= count) {
            sg_ctx_fail(ctx, SG_EINPUT, "position %llu is not in %s",
                        (unsigned long long)last, sg_game_spec(game));
            goto fail;
        }
        if (last >= count)
            last = count - 1;
    }
    d->last = last;
    if (sg_check_range(ctx, game, last) != SG_OK)
        goto fail;

    if (opts && opts->theme)
        d->theme = sg_theme_clone(ctx, opts->theme);
    else
        d->theme = sg_theme_load(ctx, "classic");
    if (!d->theme || sg_theme_for_lang(ctx, d->theme, d->opts.lang) != SG_OK)
        goto fail;

    if (gather_graph(ctx, d) != SG_OK ||
        (d->src && check_source(ctx, d) != SG_OK) ||
        sg_layout_decide(ctx, d) != SG_OK)
        goto fail;
    if (d->layout == SG_LAYOUT_DOT &&
        !gv_has_plugin(gvc, "layout", "dot", NULL)) {
        sg_ctx_fail(ctx, SG_EUNSUPPORTED, "the dot layout needs Graphviz's "
                    "dot layout plugin, which is not registered here "
                    SG_PLUGIN_HINT "; --layout grid works without it");
        goto fail;
    }
    d->dense = d->m > SG_DENSE_MOVES;
    choose_diameter(d);
    if (build_graph(ctx, d) != SG_OK)
        goto fail;
    for (size_t i = 0; i < d->n; i++)
        style_node(d, i);
    for (size_t k = 0; k < d->m; k++)
        style_edge(d, k);
    refresh_sums(d);
    if (sg_layout_place(ctx, d, gvc) != SG_OK)
        goto fail;
    /* dot writes back the sizes it drew, outer rings included; the styles
     * set them again as every later rendering expects them. */
    if (d->layout == SG_LAYOUT_DOT) {
        for (size_t i = 0; i < d->n; i++)
            style_node(d, i);
        refresh_sums(d);
    }
    if (d->opts.highlight && highlight(ctx, d) != SG_OK)
        goto fail;
    if (sg_layout_legend(ctx, d) != SG_OK)
        goto fail;
    return d;
fail:
    sg_drawing_free(d);
    return NULL;
}

void sg_drawing_free(sg_drawing *d)
{
    if (!d)
        return;
    if (d->g)
        agclose(d->g);
    sg_theme_free(d->theme);
    free(d->x);
    free(d->sg);
    free(d->sum_first);
    free(d->sum_parts);
    free(d->shown);
    free(d->step);
    free(d->node);
    free(d->nstate);
    free(d->index_of);
    free(d->first);
    free(d->tail);
    free(d->head);
    free(d->amount);
    free(d->edge);
    free(d->src_edge);
    free(d->estate);
    free(d->at);
    free(d->nsym);
    free(d->esym);
    free(d->nsrc);
    free(d->esrc);
    free(d->ndefault);
    free(d->edefault);
    for (int s = 0; s < NODE_STYLE_COUNT; s++)
        free(d->nres[s]);
    for (int s = 0; s < EDGE_STYLE_COUNT; s++)
        free(d->eres[s]);
    free(d);
}

sg_layout sg_drawing_layout(const sg_drawing *d) { return d->layout; }

size_t sg_drawing_node_count(const sg_drawing *d) { return d->n; }

size_t sg_drawing_edge_count(const sg_drawing *d) { return d->m; }

/* ------------------------------------------------------------------------ */
/* Painting                                                                 */
/* ------------------------------------------------------------------------ */

/* The most pixels a PNG gets before its resolution is lowered. */
#define PNG_MAX_PIXELS 12e6

/* The most pixels sgviz paints into a PNG at all, and the most on a side
 * (Cairo's bitmaps end at 32767; beyond it Graphviz shrinks the picture
 * and says so on stderr in its own words).  Cairo holds 4 bytes a pixel,
 * so the bound keeps a picture under 400 MB of memory: a theme's dpi of
 * 600 on a drawing of 1,000 positions made 668 million pixels in 2.7 GB. */
#define PNG_MOST_PIXELS 100e6
#define PNG_MOST_SIDE 32000.0

/* Refuses a PNG of W x H inches at THEME_DPI (a theme's own, or 0 for
 * sgviz's choice: 96, lowered for a large drawing to no less than 64)
 * that would pass PNG_MOST_PIXELS or PNG_MOST_SIDE, before anything is
 * painted.  Returns SG_OK or SG_ELIMIT. */
static sg_status png_too_large(sg_ctx *ctx, double w, double h,
                               double theme_dpi)
{
    double res = theme_dpi;
    if (res <= 0) {
        double pixels = w * h * 96 * 96;
        res = pixels > PNG_MAX_PIXELS
                  ? fmax(96 * sqrt(PNG_MAX_PIXELS / pixels), 64)
                  : 96;
    }
    double pw = w * res, ph = h * res;
    if (pw * ph <= PNG_MOST_PIXELS && pw <= PNG_MOST_SIDE &&
        ph <= PNG_MOST_SIDE)
        return SG_OK;
    /* The highest resolution that fits, for the theme's author. */
    double fit = fmin(sqrt(PNG_MOST_PIXELS / (w * h)),
                      PNG_MOST_SIDE / fmax(w, h));
    if (theme_dpi > 0 && fit >= 36)
        return sg_ctx_fail(ctx, SG_ELIMIT, "the PNG would be %.0f x %.0f "
                           "pixels at dpi %g (the theme's or --dpi), more "
                           "than sgviz paints (100 million pixels, 32000 on "
                           "a side); give a dpi of at most %.0f, or write "
                           "SVG or PDF", pw, ph, theme_dpi, floor(fit));
    return sg_ctx_fail(ctx, SG_ELIMIT, "the PNG would be %.0f x %.0f pixels "
                       "at %.0f dpi, more than sgviz paints (100 million "
                       "pixels, 32000 on a side); draw fewer positions, or "
                       "write SVG or PDF", pw, ph, res);
}

/* Lays D out with the "nop2" engine (which only reads the coordinates
 * the drawing holds), has Graphviz paint it with the renderer FORMAT, and
 * frees the layout.  With a CONTEXT the renderer paints into it
 * (gvRenderContext); otherwise into memory, *GVDATA (gvRenderData), which
 * the caller frees with gvFreeRenderData().  Returns SG_OK, SG_EINPUT when
 * Graphviz reported an error about the graph's own text, or
 * SG_EINTERNAL. */
static sg_status run_renderer(sg_ctx *ctx, sg_drawing *d, GVC_t *gvc,
                              const char *format, void *context,
                              char **gvdata, unsigned int *gvlen)
{
    char message[600];
    sg_gv_errors_begin(sg_game_spec(d->game));
    if (gvLayout(gvc, d->g, "nop2") != 0) {
        sg_gv_errors_end(message, sizeof message);
        return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not place the "
                           "drawing%s%s", message[0] ? ": " : "", message);
    }
    int rc = context ? gvRenderContext(gvc, d->g, format, context)
                     : gvRenderData(gvc, d->g, format, gvdata, gvlen);
    int errors = agerrors();
    sg_gv_free_layout(gvc, d->g);
    sg_gv_errors_end(message, sizeof message);
    if (rc == 0 && !errors)
        return SG_OK;
    if (gvdata && *gvdata) {
        gvFreeRenderData(*gvdata);
        *gvdata = NULL;
    }
    /* Graphviz goes on after some errors (an HTML-like label it cannot
     * parse is drawn as its source text); the picture is then not what the
     * file says, so it is refused with Graphviz's own words. */
    if (rc == 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s",
                           message[0] ? message
                                      : "Graphviz reported an error");
    return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not write %s%s%s",
                       format, message[0] ? ": " : "", message);
}

sg_status sg_draw_paint_context(sg_ctx *ctx, sg_drawing *d,
                                const char *format, void *context)
{
    GVC_t *gvc = sg_gv_context(ctx);
    if (!gvc)
        return ctx->status;
    if (!gv_has_plugin(gvc, "layout", "nop2", NULL))
        return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "drawing needs Graphviz's "
                           "neato layout plugin (engine nop2), which is not "
                           "registered here " SG_PLUGIN_HINT);
    /* A sum's look follows from its heaps and moves, as they are now. */
    refresh_sums(d);
    return run_renderer(ctx, d, gvc, format, context, NULL, NULL);
}

/* Paints D as a TikZ picture (tikz.c) into OUT, or into memory when OUT
 * is NULL. */
static sg_status paint_tikz(sg_ctx *ctx, sg_drawing *d, FILE *out,
                            char **data, size_t *len)
{
    sg_tikz *t = sg_tikz_new(ctx);
    if (!t)
        return ctx->status;
    sg_buf b;
    sg_buf_init(&b);
    sg_status st = sg_tikz_paint(ctx, t, d, 0);
    if (st == SG_OK) {
        char title[400];
        snprintf(title, sizeof title, "%s: %zu positions, %zu moves",
                 sg_game_describe(d->game), d->n, d->m);
        sg_tikz_write_picture(t, title, &b);
        sg_buf_putc(&b, '\0');
        if (b.failed)
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing TikZ");
    }
    sg_tikz_free(t);
    if (st == SG_OK && out) {
        if (fwrite(b.data, 1, b.len - 1, out) != b.len - 1 ||
            fflush(out) != 0 || ferror(out))
            st = sg_ctx_fail(ctx, SG_EIO, "cannot write the TikZ picture: %s",
                             strerror(errno));
    } else if (st == SG_OK) {
        *data = b.data;
        *len = b.len - 1;
        return SG_OK;
    }
    sg_buf_free(&b);
    return st;
}

/* Sets the graph attribute NAME of D to VALUE for one rendering, keeping
 * its old value in OLD (SIZE bytes) for the caller to put back.  Returns
 * the attribute. */
static Agsym_t *set_for_render(sg_drawing *d, const char *name,
                               const char *value, char *old, size_t size)
{
    Agsym_t *a = agattr(d->g, AGRAPH, SG_GV_STR(name), NULL);
    if (!a)
        a = agattr(d->g, AGRAPH, SG_GV_STR(name), SG_GV_STR(""));
    snprintf(old, size, "%s", agxget(d->g, a));
    sg_draw_set(d->g, a, value);
    return a;
}

/* Paints D as FORMAT into OUT, or into memory when OUT is NULL. */
static sg_status paint(sg_ctx *ctx, sg_drawing *d, const char *format,
                       FILE *out, char **data, size_t *len)
{
    if (sg_render_format_check(ctx, format) != SG_OK)
        return ctx->status;
    /* A sum's look follows from its heaps and moves, as they are now. */
    refresh_sums(d);
    if (strcmp(format, "tikz") == 0)
        return paint_tikz(ctx, d, out, data, len);

    /* DOT text is the graph itself, written by cgraph: its coordinates are
     * the drawing's own, untouched by a layout pass. */
    if (strcmp(format, "dot") == 0) {
        char *buf = NULL;
        size_t size = 0;
        FILE *f = out ? out : open_memstream(&buf, &size);
        if (!f)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing DOT");
        int rc = agwrite(d->g, f);
        bool bad = rc == EOF || fflush(f) != 0 || ferror(f);
        if (!out) {
            bad |= fclose(f) != 0;
            if (bad || !buf) {
                free(buf);
                return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing "
                                   "DOT");
            }
            *data = buf;
            *len = size;
            return SG_OK;
        }
        if (bad)
            return sg_ctx_fail(ctx, SG_EIO, "cannot write the DOT text: %s",
                               strerror(errno));
        return SG_OK;
    }

    GVC_t *gvc = sg_gv_context(ctx);
    if (!gvc)
        return ctx->status;
    /* Rasterising costs time in proportion to the pixels, most of it for
     * the moves: a large drawing's PNG is made at a lower resolution, so
     * that it has at most about PNG_MAX_PIXELS, but never so low that a
     * 14-point label is less than 12 pixels high.  A theme that sets dpi
     * itself (or --dpi) is obeyed, within png_too_large()'s bounds. */
    Agsym_t *dpi = NULL, *margin = NULL;
    char old_dpi[32] = "", old_margin[32] = "";
    double w = (d->extent.x1 - d->extent.x0) / 72 + 0.5;
    double h = (d->extent.y1 - d->extent.y0) / 72 + 0.5;
    const char *theme_dpi = sg_attr_find(&d->theme->graph, "dpi");
    if (strcmp(format, "png") == 0 &&
        png_too_large(ctx, w, h, theme_dpi ? atof(theme_dpi) : 0) != SG_OK)
        return ctx->status;
    if (strcmp(format, "png") == 0 && !theme_dpi) {
        double pixels = w * h * 96 * 96;
        if (pixels > PNG_MAX_PIXELS) {
            double res = fmax(96 * sqrt(PNG_MAX_PIXELS / pixels), 64);
            char buf[32];
            snprintf(buf, sizeof buf, "%.1f", res);
            dpi = set_for_render(d, "dpi", buf, old_dpi, sizeof old_dpi);
        }
    }
    /* Graphviz's PDF device leaves a margin of half an inch that nothing
     * paints, a white frame around a dark theme's picture; the theme's
     * pad, painted in its background, is margin enough.  A theme that
     * sets margin itself is obeyed. */
    if (strcmp(format, "pdf") == 0 &&
        !sg_attr_find(&d->theme->graph, "margin"))
        margin = set_for_render(d, "margin", "0", old_margin,
                                sizeof old_margin);
    /* Graphviz paints into memory even when the picture goes to a file:
     * when its own write to a file fails (a full disk, a size limit),
     * Graphviz 2.42 ends the process with exit(1), leaving a temporary
     * file behind and no message in sgviz's words.  Written here, a failed
     * write is an error like any other. */
    char *gvdata = NULL;
    unsigned int gvlen = 0;
    sg_status st = run_renderer(ctx, d, gvc, format, NULL, &gvdata, &gvlen);
    if (dpi)
        sg_draw_set(d->g, dpi, old_dpi);
    if (margin)
        sg_draw_set(d->g, margin, old_margin);
    if (st != SG_OK)
        return st;
    if (out) {
        bool bad = gvlen && fwrite(gvdata, 1, gvlen, out) != gvlen;
        gvFreeRenderData(gvdata);
        if (bad || fflush(out) != 0 || ferror(out))
            return sg_ctx_fail(ctx, SG_EIO, "cannot write the %s picture: %s",
                               format, strerror(errno));
        return SG_OK;
    }
    /* gvRenderData's buffer must go back through gvFreeRenderData and is
     * not promised to end in NUL, so the caller gets a plain copy. */
    char *copy = sg_alloc_raw(ctx, (size_t)gvlen + 1, 1);
    if (!copy) {
        gvFreeRenderData(gvdata);
        return ctx->status;
    }
    if (gvlen)
        memcpy(copy, gvdata, gvlen);
    copy[gvlen] = '\0';
    gvFreeRenderData(gvdata);
    *data = copy;
    *len = gvlen;
    return SG_OK;
}

sg_status sg_drawing_render(sg_ctx *ctx, sg_drawing *d, const char *format,
                            FILE *out)
{
    return paint(ctx, d, format, out, NULL, NULL);
}

sg_status sg_drawing_render_data(sg_ctx *ctx, sg_drawing *d,
                                 const char *format, char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    return paint(ctx, d, format, NULL, data, len);
}
