/*
 * tikz.c - a Graphviz renderer plugin that paints drawings as TikZ.
 *
 * Graphviz's renderers are plugins: a gvplugin_library_t lists, for the
 * "render" and "device" APIs, engines of callbacks that the painting code
 * calls for every ellipse, polygon, curve, line and span of text.  This
 * file is such a library, added to the program's Graphviz context with
 * gvAddLibrary(), so that "tikz" is one more format, painted from the very
 * layout every other format gets.
 *
 * The engine does not write as it goes.  A picture's styles must come
 * before its paths, and which values a style holds is known only when
 * every primitive of its kind has been seen (in every look, for Beamer
 * overlays), so the callbacks record primitives and the writers at the end
 * compose the text.  Graphviz hands the renderer the picture through
 * gvRenderContext(): the job's context is the sg_tikz being filled, and the
 * device writes nothing of its own.
 *
 * Each primitive is recorded with its role (the style it belongs to, from
 * the class sgviz gives its node or move) and, for each option a style
 * holds (draw colour, fill, line width, dash, opacity, font), the value it
 * needs.  A role's style takes, option by option, the value most of its
 * primitives need; a primitive whose value differs carries it after the
 * style's name.
 */
#include "render/render_draw.h"
#include "render/tikz.h"
#include "text/latex.h"

#include <gvplugin_device.h>
#include <gvplugin_render.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* What a picture records                                                   */
/* ------------------------------------------------------------------------ */

/* The options a style holds, a slot each.  Paths use the first six, text
 * the last three. */
enum {
    SLOT_DRAW,
    SLOT_DRAW_OPACITY,
    SLOT_WIDTH,
    SLOT_DASH,
    SLOT_FILL,
    SLOT_FILL_OPACITY,
    SLOT_TEXT,
    SLOT_TEXT_OPACITY,
    SLOT_FONT,
    NSLOTS
};

/* A value no primitive needs: the option is left out. */
#define NO_VALUE 0u

typedef struct tz_item {
    uint32_t role;
    uint32_t val[NSLOTS]; /* interned option text, or NO_VALUE */
    bool text;            /* a node of text, else a path */
    bool filled;
    size_t geom;          /* the geometry in the picture's text pool */
    size_t geom_len;
    size_t next;          /* the object's next item in this look, or 0 */
} tz_item;

typedef struct tz_object {
    uint64_t key;                 /* kind and cgraph sequence number */
    char name[48];
    size_t first[SG_TIKZ_LOOKS];  /* item indices + 1, 0 for none */
    size_t last[SG_TIKZ_LOOKS];
} tz_object;

/* How often each value of one slot is needed among a role's primitives. */
typedef struct tz_count {
    uint32_t val;
    size_t n;
} tz_count;

typedef struct tz_role {
    char name[32];
    bool text;
    tz_count *counts[NSLOTS];
    size_t ncounts[NSLOTS];
    uint32_t chosen[NSLOTS]; /* the style's value of each slot */
} tz_role;

struct sg_tikz {
    sg_buf pool;        /* the items' geometry */
    sg_buf strings;     /* the interned option texts */
    size_t *values;     /* interned values: offsets into strings */
    uint32_t nvalues, cap_values;
    uint32_t *value_slots; /* hash index of the values (index + 1, 0 free) */
    uint32_t value_mask;
    tz_item *items;
    size_t nitems, cap_items;
    tz_object *objects;
    size_t nobjects, cap_objects;
    size_t *object_slots; /* hash index of the objects by key (index + 1) */
    size_t object_mask;
    tz_role *roles;
    size_t nroles, cap_roles;
    bool failed;        /* an allocation failed during painting */
    bool chosen;        /* the styles' values are up to date */
    /* While painting: the look, the object and roles painted, and the
     * graph's own, which items outside any node or move belong to. */
    unsigned look;
    size_t current, graph;
    uint32_t path_role, text_role, graph_path_role, graph_text_role;
};

/* ------------------------------------------------------------------------ */
/* Small stores: interned values, objects, roles                            */
/* ------------------------------------------------------------------------ */

static uint32_t hash_text(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static const char *value_text(const sg_tikz *t, uint32_t v)
{
    return t->strings.data + t->values[v];
}

/* Grows a table of COUNT items of SIZE bytes to hold one more. */
static bool room(sg_tikz *t, void **table, size_t count, size_t *cap,
                 size_t size)
{
    if (count < *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 64;
    void *p = n <= SIZE_MAX / size ? realloc(*table, n * size) : NULL;
    if (!p) {
        t->failed = true;
        return false;
    }
    *table = p;
    *cap = n;
    return true;
}

static bool rehash_values(sg_tikz *t, uint32_t slots)
{
    uint32_t *index = calloc(slots, sizeof *index);
    if (!index) {
        t->failed = true;
        return false;
    }
    for (uint32_t v = 1; v < t->nvalues; v++) {
        const char *s = value_text(t, v);
        uint32_t h = hash_text(s, strlen(s)) & (slots - 1);
        while (index[h])
            h = (h + 1) & (slots - 1);
        index[h] = v;
    }
    free(t->value_slots);
    t->value_slots = index;
    t->value_mask = slots - 1;
    return true;
}

/* The number of the option text S, interned on first sight. */
static uint32_t intern(sg_tikz *t, const char *s)
{
    size_t n = strlen(s);
    if ((t->nvalues + 1) * 2 > t->value_mask + 1 &&
        !rehash_values(t, (t->value_mask + 1) * 2))
        return NO_VALUE;
    uint32_t h = hash_text(s, n) & t->value_mask;
    for (; t->value_slots[h]; h = (h + 1) & t->value_mask)
        if (strcmp(value_text(t, t->value_slots[h]), s) == 0)
            return t->value_slots[h];
    size_t cap = t->cap_values;
    if (!room(t, (void **)&t->values, t->nvalues, &cap, sizeof *t->values))
        return NO_VALUE;
    t->cap_values = (uint32_t)cap;
    t->values[t->nvalues] = t->strings.len;
    sg_buf_add(&t->strings, s, n + 1);
    if (t->strings.failed) {
        t->failed = true;
        return NO_VALUE;
    }
    t->value_slots[h] = t->nvalues;
    return t->nvalues++;
}

static bool rehash_objects(sg_tikz *t, size_t slots)
{
    size_t *index = calloc(slots, sizeof *index);
    if (!index) {
        t->failed = true;
        return false;
    }
    for (size_t i = 0; i < t->nobjects; i++) {
        size_t h = (size_t)(t->objects[i].key * 0x9E3779B97F4A7C15u >> 20) &
                   (slots - 1);
        while (index[h])
            h = (h + 1) & (slots - 1);
        index[h] = i + 1;
    }
    free(t->object_slots);
    t->object_slots = index;
    t->object_mask = slots - 1;
    return true;
}

/* The object of KEY, made on first sight with the name NAME.  Returns its
 * index, or SIZE_MAX after an allocation failed. */
static size_t object_for(sg_tikz *t, uint64_t key, const char *name)
{
    if ((t->nobjects + 1) * 2 > t->object_mask + 1 &&
        !rehash_objects(t, (t->object_mask + 1) * 2))
        return SIZE_MAX;
    size_t h = (size_t)(key * 0x9E3779B97F4A7C15u >> 20) & t->object_mask;
    for (; t->object_slots[h]; h = (h + 1) & t->object_mask)
        if (t->objects[t->object_slots[h] - 1].key == key)
            return t->object_slots[h] - 1;
    if (!room(t, (void **)&t->objects, t->nobjects, &t->cap_objects,
              sizeof *t->objects))
        return SIZE_MAX;
    tz_object *o = &t->objects[t->nobjects];
    memset(o, 0, sizeof *o);
    o->key = key;
    /* Names come from sgviz's own ids; anything else a file could put
     * there is kept out of the comments they go into. */
    size_t k = 0;
    for (const char *p = name; *p && k + 1 < sizeof o->name; p++)
        o->name[k++] = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                               (*p >= '0' && *p <= '9') || *p == '_' ||
                               *p == '-'
                           ? *p
                           : '?';
    o->name[k] = '\0';
    t->object_slots[h] = ++t->nobjects;
    return t->nobjects - 1;
}

/* The role called NAME ("P", "win", ...), for text when TEXT is set. */
static uint32_t role_for(sg_tikz *t, const char *name, bool text)
{
    for (size_t i = 0; i < t->nroles; i++)
        if (t->roles[i].text == text && strcmp(t->roles[i].name, name) == 0)
            return (uint32_t)i;
    if (!room(t, (void **)&t->roles, t->nroles, &t->cap_roles,
              sizeof *t->roles))
        return 0;
    tz_role *r = &t->roles[t->nroles];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->text = text;
    return (uint32_t)t->nroles++;
}

/* Counts one more need of value V in SLOT of role R. */
static void count_value(sg_tikz *t, tz_role *r, int slot, uint32_t v)
{
    for (size_t i = 0; i < r->ncounts[slot]; i++) {
        if (r->counts[slot][i].val == v) {
            r->counts[slot][i].n++;
            return;
        }
    }
    tz_count *c = realloc(r->counts[slot],
                          (r->ncounts[slot] + 1) * sizeof *c);
    if (!c) {
        t->failed = true;
        return;
    }
    c[r->ncounts[slot]].val = v;
    c[r->ncounts[slot]].n = 1;
    r->counts[slot] = c;
    r->ncounts[slot]++;
}

sg_tikz *sg_tikz_new(sg_ctx *ctx)
{
    sg_tikz *t = sg_alloc(ctx, 1, sizeof *t);
    if (!t)
        return NULL;
    sg_buf_init(&t->pool);
    sg_buf_init(&t->strings);
    /* Value 0 is "none"; its text is the empty string. */
    t->value_mask = 15;
    t->value_slots = calloc(16, sizeof *t->value_slots);
    t->object_mask = 63;
    t->object_slots = calloc(64, sizeof *t->object_slots);
    size_t cap = 0;
    if (t->value_slots && t->object_slots &&
        room(t, (void **)&t->values, 0, &cap, sizeof *t->values)) {
        t->cap_values = (uint32_t)cap;
        t->values[0] = 0;
        t->nvalues = 1;
        sg_buf_putc(&t->strings, '\0');
        /* Item 0 is never used, so that 0 can mean "no item". */
        if (!t->strings.failed &&
            room(t, (void **)&t->items, 0, &t->cap_items, sizeof *t->items)) {
            memset(&t->items[0], 0, sizeof t->items[0]);
            t->nitems = 1;
            return t;
        }
    }
    sg_tikz_free(t);
    sg_ctx_fail(ctx, SG_ENOMEM, "out of memory making a TikZ picture");
    return NULL;
}

void sg_tikz_free(sg_tikz *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nroles; i++)
        for (int s = 0; s < NSLOTS; s++)
            free(t->roles[i].counts[s]);
    free(t->roles);
    free(t->objects);
    free(t->object_slots);
    free(t->items);
    free(t->values);
    free(t->value_slots);
    sg_buf_free(&t->pool);
    sg_buf_free(&t->strings);
    free(t);
}

size_t sg_tikz_object_count(const sg_tikz *t) { return t->nobjects; }

const char *sg_tikz_object_name(const sg_tikz *t, size_t i)
{
    return t->objects[i].name;
}

/* ------------------------------------------------------------------------ */
/* Numbers, colours and fonts in TikZ's words                               */
/* ------------------------------------------------------------------------ */

/* A coordinate or length with at most two decimals, without trailing
 * zeros ("12", "12.5", "-0.25"). */
static void put_number(sg_buf *b, double v)
{
    char buf[48];
    if (fabs(v) < 0.005)
        v = 0;
    snprintf(buf, sizeof buf, "%.2f", v);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = buf + strlen(buf);
        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    sg_buf_puts(b, buf);
}

static void put_point(sg_buf *b, pointf p)
{
    sg_buf_putc(b, '(');
    put_number(b, p.x);
    sg_buf_putc(b, ',');
    put_number(b, p.y);
    sg_buf_putc(b, ')');
}

/* KEY=colour for the colour C (RGBA bytes, as the renderer asks for
 * them), into BUF. */
static void color_option(char *buf, size_t size, const char *key,
                         const gvcolor_t *c)
{
    const unsigned char *v = c->u.rgba;
    if (v[0] == 255 && v[1] == 255 && v[2] == 255)
        snprintf(buf, size, "%s=white", key);
    else if (v[0] == 0 && v[1] == 0 && v[2] == 0)
        snprintf(buf, size, "%s=black", key);
    else
        snprintf(buf, size, "%s={rgb,255:red,%u;green,%u;blue,%u}", key,
                 v[0], v[1], v[2]);
}

/* KEY=opacity for an alpha below opaque, else nothing. */
static void opacity_option(char *buf, size_t size, const char *key,
                           unsigned char alpha)
{
    if (alpha == 255) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, size, "%s=%.2f", key, alpha / 255.0);
}

/* The font option for SPAN's font: a family that suits Graphviz's font
 * (sans serif for Helvetica and its like, the default), the series and
 * shape, and the size in points. */
static void font_option(char *buf, size_t size, const textspan_t *span)
{
    const textfont_t *f = span->font;
    const char *name = f && f->name ? f->name : "";
    const char *family = f && f->postscript_alias &&
                                 f->postscript_alias->svg_font_family
                             ? f->postscript_alias->svg_font_family
                             : name;
    const char *cmd = "\\sffamily";
    if (strstr(family, "monospace") || strstr(family, "Courier") ||
        strstr(family, "Mono"))
        cmd = "\\ttfamily";
    else if (!strstr(family, "sans") && !strstr(family, "Sans") &&
             (strstr(family, "serif") || strstr(family, "Serif") ||
              strstr(family, "Times") || strstr(family, "Roman")))
        cmd = "\\rmfamily";
    bool bold = (f && (f->flags & HTML_BF)) || strstr(name, "Bold") ||
                strstr(name, "bold");
    bool italic = (f && (f->flags & HTML_IF)) || strstr(name, "Italic") ||
                  strstr(name, "Oblique") || strstr(name, "italic");
    double pt = f && f->size > 0 ? f->size : 14;
    char sz[24], skip[24];
    sg_buf b;
    sg_buf_init(&b);
    put_number(&b, pt);
    snprintf(sz, sizeof sz, "%s", b.data ? b.data : "14");
    b.len = 0;
    put_number(&b, 1.2 * pt);
    snprintf(skip, sizeof skip, "%s", b.data ? b.data : "16.8");
    sg_buf_free(&b);
    snprintf(buf, size, "font={%s%s%s\\fontsize{%s}{%s}\\selectfont}", cmd,
             bold ? "\\bfseries" : "", italic ? "\\itshape" : "", sz, skip);
}

/* Appends TEXT set as LaTeX text: the characters LaTeX treats specially
 * are escaped, and so are those its default fonts would set as other
 * glyphs (<, >, |); the superscript minus of g⁻ and the other symbols
 * pdflatex's fonts lack are written as math. */
static void put_latex_text(sg_buf *b, const char *text)
{
    sg_latex_add(b, text, strlen(text), false);
}

void sg_tikz_comment_text(sg_buf *b, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        sg_buf_putc(b, *p < 0x20 || *p == 0x7F ? ' ' : (char)*p);
}

/* ------------------------------------------------------------------------ */
/* The renderer's callbacks                                                 */
/* ------------------------------------------------------------------------ */

/* Whether the class CLS (space-separated words) holds WORD. */
static bool class_has(const char *cls, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = cls; (p = strstr(p, word)) != NULL; p += n)
        if ((p == cls || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* The role of a node of class CLS: the state of a step-by-step picture
 * when it has one, else P or N; legend samples share the role of what
 * they show, so that a restyled P restyles the legend's P too. */
static const char *node_role(const char *cls)
{
    static const char *const states[] = {"pending", "current", "target",
                                         "P", "N"};
    for (size_t i = 0; i < sizeof states / sizeof states[0]; i++)
        if (class_has(cls, states[i]))
            return states[i];
    if (class_has(cls, "caption"))
        return "caption";
    if (class_has(cls, "legend"))
        return "legend";
    return "node";
}

static const char *edge_role(const char *cls)
{
    if (class_has(cls, "pending"))
        return "pending move";
    if (class_has(cls, "current"))
        return "current move";
    if (class_has(cls, "win"))
        return "win";
    return "move";
}

static sg_tikz *picture(GVJ_t *job) { return job->context; }

/* Starts recording the primitives of the object OBJ of KIND. */
static void begin_object(GVJ_t *job, void *obj, int kind, const char *role)
{
    sg_tikz *t = picture(job);
    const char *name = kind == AGRAPH ? "picture" : agget(obj, SG_GV_STR("id"));
    char fallback[48];
    if (!name || !*name) {
        /* The names Graphviz's SVG gives objects without an id. */
        snprintf(fallback, sizeof fallback, "%s%llu",
                 kind == AGEDGE ? "edge" : "node",
                 (unsigned long long)AGSEQ(obj));
        name = fallback;
    }
    uint64_t key = ((uint64_t)kind << 56) | (uint64_t)AGSEQ(obj);
    t->current = object_for(t, key, name);
    t->path_role = role_for(t, role, false);
    t->text_role = role_for(t, role, true);
}

static void tk_begin_graph(GVJ_t *job)
{
    sg_tikz *t = picture(job);
    begin_object(job, job->obj->u.g, AGRAPH, "background");
    t->graph = t->current;
    t->graph_path_role = t->path_role;
    t->graph_text_role = t->text_role;
}

static void tk_begin_node(GVJ_t *job)
{
    Agnode_t *n = job->obj->u.n;
    const char *cls = agget(n, SG_GV_STR("class"));
    begin_object(job, n, AGNODE, node_role(cls ? cls : ""));
}

static void tk_begin_edge(GVJ_t *job)
{
    Agedge_t *e = job->obj->u.e;
    const char *cls = agget(e, SG_GV_STR("class"));
    begin_object(job, e, AGEDGE, edge_role(cls ? cls : ""));
}

/* Back to the graph's own object between nodes and edges.  (The job's
 * object state is still the node's or edge's here.) */
static void tk_end_object(GVJ_t *job)
{
    sg_tikz *t = picture(job);
    t->current = t->graph;
    t->path_role = t->graph_path_role;
    t->text_role = t->graph_text_role;
}

/* Appends a new item of the current object and returns it, with its
 * geometry to be written at the end of the pool. */
static tz_item *new_item(sg_tikz *t, bool text)
{
    if (t->failed || t->current == SIZE_MAX ||
        !room(t, (void **)&t->items, t->nitems, &t->cap_items,
              sizeof *t->items))
        return NULL;
    tz_item *it = &t->items[t->nitems];
    memset(it, 0, sizeof *it);
    it->text = text;
    it->role = text ? t->text_role : t->path_role;
    it->geom = t->pool.len;
    tz_object *o = &t->objects[t->current];
    if (o->last[t->look])
        t->items[o->last[t->look]].next = t->nitems;
    else
        o->first[t->look] = t->nitems;
    o->last[t->look] = t->nitems;
    t->nitems++;
    t->chosen = false;
    return it;
}

/* Ends the item IT: its geometry is what the pool gained since. */
static void end_item(sg_tikz *t, tz_item *it)
{
    sg_buf_putc(&t->pool, '\0');
    it->geom_len = t->pool.len - it->geom - 1;
    if (t->pool.failed)
        t->failed = true;
}

/* The options of a path painted now: pen and fill from the job's state. */
static void path_values(GVJ_t *job, tz_item *it, int filled)
{
    sg_tikz *t = picture(job);
    obj_state_t *obj = job->obj;
    char buf[96];
    bool pen = obj->pen != PEN_NONE && obj->pencolor.u.rgba[3] != 0 &&
               obj->penwidth > 0;
    if (pen) {
        color_option(buf, sizeof buf, "draw", &obj->pencolor);
        it->val[SLOT_DRAW] = intern(t, buf);
        opacity_option(buf, sizeof buf, "draw opacity",
                       obj->pencolor.u.rgba[3]);
        it->val[SLOT_DRAW_OPACITY] = buf[0] ? intern(t, buf) : NO_VALUE;
        sg_buf wb;
        sg_buf_init(&wb);
        sg_buf_puts(&wb, "line width=");
        put_number(&wb, obj->penwidth);
        sg_buf_puts(&wb, "bp");
        it->val[SLOT_WIDTH] = wb.failed ? NO_VALUE : intern(t, wb.data);
        if (wb.failed)
            t->failed = true;
        sg_buf_free(&wb);
        /* SVG's dashes, so that the picture looks as the SVG does. */
        if (obj->pen == PEN_DASHED)
            it->val[SLOT_DASH] = intern(t, "dash pattern=on 5bp off 2bp");
        else if (obj->pen == PEN_DOTTED)
            it->val[SLOT_DASH] = intern(t, "dash pattern=on 1bp off 5bp");
    } else {
        it->val[SLOT_DRAW] = intern(t, "draw=none");
    }
    it->filled = filled && obj->fillcolor.u.rgba[3] != 0;
    if (it->filled) {
        /* A gradient is painted with its first colour. */
        color_option(buf, sizeof buf, "fill", &obj->fillcolor);
        it->val[SLOT_FILL] = intern(t, buf);
        opacity_option(buf, sizeof buf, "fill opacity",
                       obj->fillcolor.u.rgba[3]);
        it->val[SLOT_FILL_OPACITY] = buf[0] ? intern(t, buf) : NO_VALUE;
    }
}

static void tk_ellipse(GVJ_t *job, pointf *a, int filled)
{
    sg_tikz *t = picture(job);
    tz_item *it = new_item(t, false);
    if (!it)
        return;
    path_values(job, it, filled);
    double rx = fabs(a[1].x - a[0].x), ry = fabs(a[1].y - a[0].y);
    put_point(&t->pool, a[0]);
    if (fabs(rx - ry) < 0.005) {
        sg_buf_puts(&t->pool, " circle [radius=");
        put_number(&t->pool, rx);
    } else {
        sg_buf_puts(&t->pool, " ellipse [x radius=");
        put_number(&t->pool, rx);
        sg_buf_puts(&t->pool, ", y radius=");
        put_number(&t->pool, ry);
    }
    sg_buf_putc(&t->pool, ']');
    end_item(t, it);
}

/* A path through the N points A, joined by straight lines, closed when
 * CLOSED. */
static void lines(GVJ_t *job, pointf *a, int n, int filled, bool closed)
{
    sg_tikz *t = picture(job);
    if (n < 2)
        return;
    tz_item *it = new_item(t, false);
    if (!it)
        return;
    path_values(job, it, filled);
    for (int i = 0; i < n; i++) {
        if (i)
            sg_buf_puts(&t->pool, " -- ");
        put_point(&t->pool, a[i]);
    }
    if (closed)
        sg_buf_puts(&t->pool, " -- cycle");
    end_item(t, it);
}

static void tk_polygon(GVJ_t *job, pointf *a, int n, int filled)
{
    lines(job, a, n, filled, true);
}

static void tk_polyline(GVJ_t *job, pointf *a, int n)
{
    lines(job, a, n, 0, false);
}

static void tk_beziercurve(GVJ_t *job, pointf *a, int n, int arrow_at_start,
                           int arrow_at_end, int filled)
{
    (void)arrow_at_start;
    (void)arrow_at_end;
    sg_tikz *t = picture(job);
    if (n < 4)
        return;
    tz_item *it = new_item(t, false);
    if (!it)
        return;
    path_values(job, it, filled);
    put_point(&t->pool, a[0]);
    for (int i = 1; i + 2 < n; i += 3) {
        sg_buf_puts(&t->pool, " .. controls ");
        put_point(&t->pool, a[i]);
        sg_buf_puts(&t->pool, " and ");
        put_point(&t->pool, a[i + 1]);
        sg_buf_puts(&t->pool, " .. ");
        put_point(&t->pool, a[i + 2]);
    }
    end_item(t, it);
}

static void tk_textspan(GVJ_t *job, pointf p, textspan_t *span)
{
    sg_tikz *t = picture(job);
    if (!span->str || !*span->str)
        return;
    obj_state_t *obj = job->obj;
    tz_item *it = new_item(t, true);
    if (!it)
        return;
    char buf[160];
    color_option(buf, sizeof buf, "text", &obj->pencolor);
    it->val[SLOT_TEXT] = intern(t, buf);
    opacity_option(buf, sizeof buf, "text opacity", obj->pencolor.u.rgba[3]);
    it->val[SLOT_TEXT_OPACITY] = buf[0] ? intern(t, buf) : NO_VALUE;
    font_option(buf, sizeof buf, span);
    it->val[SLOT_FONT] = intern(t, buf);
    /* Graphviz's SVG puts the baseline yoffset_centerline above the point
     * it is given; the text's node sits on the same baseline. */
    p.y += span->yoffset_centerline;
    sg_buf_puts(&t->pool, span->just == 'l'   ? "anchor=base west] at "
                          : span->just == 'r' ? "anchor=base east] at "
                                              : "anchor=base] at ");
    put_point(&t->pool, p);
    sg_buf_puts(&t->pool, " {");
    put_latex_text(&t->pool, span->str);
    sg_buf_putc(&t->pool, '}');
    end_item(t, it);
}

static gvrender_engine_t tikz_engine = {
    .begin_graph = tk_begin_graph,
    .begin_node = tk_begin_node,
    .end_node = tk_end_object,
    .begin_edge = tk_begin_edge,
    .end_edge = tk_end_object,
    .textspan = tk_textspan,
    .ellipse = tk_ellipse,
    .polygon = tk_polygon,
    .beziercurve = tk_beziercurve,
    .polyline = tk_polyline,
};

/* Coordinates arrive as Graphviz's own points, y upwards, as TikZ has
 * them: the renderer "does the transform" by leaving them alone.  Colours
 * arrive as RGBA bytes. */
static gvrender_features_t tikz_features = {
    GVRENDER_DOES_TRANSFORM, 0., NULL, 0, RGBA_BYTE};

/* The device writes nothing: the picture is composed by the writers below
 * once every look is painted.  Its callbacks exist so that Graphviz opens
 * no file of its own. */
static void tk_device_nothing(GVJ_t *job) { (void)job; }

static gvdevice_engine_t tikz_device_engine = {tk_device_nothing, NULL,
                                               tk_device_nothing};

static gvdevice_features_t tikz_device_features = {
    0, {0., 0.}, {0., 0.}, {72., 72.}};

static gvplugin_installed_t tikz_render_types[] = {
    {0, "tikz", 1, &tikz_engine, &tikz_features}, {0, NULL, 0, NULL, NULL}};

static gvplugin_installed_t tikz_device_types[] = {
    {0, "tikz:tikz", 1, &tikz_device_engine, &tikz_device_features},
    {0, NULL, 0, NULL, NULL}};

static gvplugin_api_t tikz_apis[] = {{API_render, tikz_render_types},
                                     {API_device, tikz_device_types},
                                     {(api_t)0, NULL}};

static gvplugin_library_t tikz_library = {SG_GV_STR("sgviz_tikz"), tikz_apis};

void sg_gv_add_plugins(GVC_t *gvc) { gvAddLibrary(gvc, &tikz_library); }

/* ------------------------------------------------------------------------ */
/* Painting a look                                                          */
/* ------------------------------------------------------------------------ */

sg_status sg_tikz_paint(sg_ctx *ctx, sg_tikz *t, sg_drawing *d,
                        unsigned look)
{
    if (look >= SG_TIKZ_LOOKS)
        return sg_ctx_fail(ctx, SG_EINTERNAL, "TikZ look %u out of range",
                           look);
    /* A look painted again starts afresh; its old items stay unused. */
    for (size_t i = 0; i < t->nobjects; i++)
        t->objects[i].first[look] = t->objects[i].last[look] = 0;
    t->look = look;
    t->current = t->graph = SIZE_MAX;
    t->chosen = false;
    sg_status st = sg_draw_paint_context(ctx, d, "tikz", t);
    if (st == SG_OK && t->failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory painting TikZ");
    return st;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

/* Chooses each role's style: slot by slot, the value most of its
 * primitives need (fills counted among filled paths only; the first seen
 * wins a tie). */
static void choose_styles(sg_tikz *t)
{
    if (t->chosen)
        return;
    for (size_t i = 0; i < t->nroles; i++)
        for (int s = 0; s < NSLOTS; s++)
            t->roles[i].ncounts[s] = 0;
    for (size_t o = 0; o < t->nobjects; o++) {
        for (unsigned look = 0; look < SG_TIKZ_LOOKS; look++) {
            for (size_t k = t->objects[o].first[look]; k;
                 k = t->items[k].next) {
                const tz_item *it = &t->items[k];
                tz_role *r = &t->roles[it->role];
                for (int s = 0; s < NSLOTS; s++) {
                    bool fill = s == SLOT_FILL || s == SLOT_FILL_OPACITY;
                    if (!fill || it->filled)
                        count_value(t, r, s, it->val[s]);
                }
            }
        }
    }
    for (size_t i = 0; i < t->nroles; i++) {
        tz_role *r = &t->roles[i];
        for (int s = 0; s < NSLOTS; s++) {
            size_t best = 0;
            r->chosen[s] = NO_VALUE;
            for (size_t c = 0; c < r->ncounts[s]; c++) {
                if (r->counts[s][c].n > best) {
                    best = r->counts[s][c].n;
                    r->chosen[s] = r->counts[s][c].val;
                }
            }
        }
    }
    t->chosen = true;
}

/* Whether role R is used by any item (roles are made for both paths and
 * text of every object, used or not). */
static bool role_used(const tz_role *r)
{
    for (int s = 0; s < NSLOTS; s++)
        if (r->ncounts[s])
            return true;
    return false;
}

static void put_style_name(sg_buf *b, const tz_role *r)
{
    sg_buf_printf(b, "sgviz %s%s", r->name, r->text ? " text" : "");
}

/* The order the styles are listed in: the ones a lecturer looks for
 * first, each followed by its text's style; roles of other names after
 * them. */
static int role_rank(const tz_role *r)
{
    static const char *const order[] = {
        "P", "N", "win", "move", "current", "target", "pending",
        "current move", "pending move", "legend", "caption", "node",
        "background"};
    size_t n = sizeof order / sizeof order[0];
    size_t i = 0;
    while (i < n && strcmp(r->name, order[i]) != 0)
        i++;
    return (int)i * 2 + (r->text ? 1 : 0);
}

void sg_tikz_write_begin(const sg_tikz *t, sg_buf *b)
{
    choose_styles((sg_tikz *)t);
    sg_buf_puts(b, "\\begin{tikzpicture}[x=1bp, y=1bp, inner sep=0pt,\n");
    int last = role_rank(&(tz_role){.name = "", .text = true});
    for (int rank = 0; rank <= last; rank++) {
        for (size_t i = 0; i < t->nroles; i++) {
            const tz_role *r = &t->roles[i];
            if (role_rank(r) != rank || !role_used(r))
                continue;
            sg_buf_puts(b, "  ");
            put_style_name(b, r);
            sg_buf_puts(b, "/.style={");
            bool first = true;
            for (int s = 0; s < NSLOTS; s++) {
                if (r->chosen[s] == NO_VALUE)
                    continue;
                sg_buf_printf(b, "%s%s", first ? "" : ", ",
                              value_text(t, r->chosen[s]));
                first = false;
            }
            sg_buf_puts(b, "},\n");
        }
    }
    sg_buf_puts(b, "  every sgviz picture/.try]\n");
}

void sg_tikz_write_object(const sg_tikz *t, size_t i, unsigned look,
                          const char *indent, sg_buf *b)
{
    choose_styles((sg_tikz *)t);
    for (size_t k = t->objects[i].first[look]; k; k = t->items[k].next) {
        const tz_item *it = &t->items[k];
        const tz_role *r = &t->roles[it->role];
        sg_buf_puts(b, indent);
        sg_buf_puts(b, it->text ? "\\node[" : "\\path[");
        put_style_name(b, r);
        for (int s = 0; s < NSLOTS; s++) {
            bool fill = s == SLOT_FILL || s == SLOT_FILL_OPACITY;
            if (fill && !it->filled)
                continue;
            if (it->val[s] != r->chosen[s]) {
                const char *v = it->val[s] ? value_text(t, it->val[s]) : NULL;
                /* A slot the style sets and this item leaves alone goes
                 * back to TikZ's default. */
                if (!v) {
                    static const char *const reset[NSLOTS] = {
                        NULL, "draw opacity=1", NULL, "solid", NULL,
                        "fill opacity=1", NULL, "text opacity=1", NULL};
                    v = reset[s];
                }
                if (v)
                    sg_buf_printf(b, ", %s", v);
            }
        }
        if (!it->text && !it->filled && r->chosen[SLOT_FILL] != NO_VALUE)
            sg_buf_puts(b, ", fill=none");
        if (it->text)
            sg_buf_puts(b, ", ");
        else
            sg_buf_puts(b, "] ");
        sg_buf_add(b, t->pool.data + it->geom, it->geom_len);
        sg_buf_puts(b, ";\n");
    }
}

void sg_tikz_write_picture(const sg_tikz *t, const char *title, sg_buf *b)
{
    sg_buf_puts(b, "% ");
    sg_tikz_comment_text(b, title);
    sg_buf_puts(b, "\n% A TikZ picture drawn by sgviz from Graphviz's layout "
                   "(1 unit = 1bp); it needs\n% \\usepackage{tikz}.  Each "
                   "look is a style in the options below: change\n% one to "
                   "restyle every position or move of its kind, or define "
                   "the style\n% `every sgviz picture' (say, {sgviz P/.append "
                   "style={fill=red}}) to\n% restyle every picture of a "
                   "document at once.\n");
    sg_tikz_write_begin(t, b);
    /* The current moves come last, so that their arrowheads are painted
     * over those of the pale moves that share their targets. */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < t->nobjects; i++) {
            size_t first = t->objects[i].first[0];
            if (!first)
                continue;
            bool current = strcmp(t->roles[t->items[first].role].name,
                                  "current move") == 0;
            if (current != (pass == 1))
                continue;
            sg_buf_printf(b, "%% %s\n", t->objects[i].name);
            sg_tikz_write_object(t, i, 0, "", b);
        }
    }
    sg_buf_puts(b, "\\end{tikzpicture}\n");
}
