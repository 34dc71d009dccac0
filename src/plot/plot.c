/*
 * plot.c - sg(x) against x over long ranges: the large-scale structure of a
 * game's values, for a slide.
 *
 * A plot of 10^5 positions must not be 10^5 labelled nodes (that is a
 * drawing, and an unreadable one): it is one dot per position, and dots
 * that would land on the same spot (half a point apart or less) are one
 * dot, so that the file grows with what can be seen, not with the range.
 * The dots of N-positions form one SVG path and those of P-positions
 * another, each dot a zero-length segment with round caps.
 *
 * The picture is described once, as calls to a painter, and painted either
 * as SVG text (written here) or through cairo (PNG and PDF).  The values
 * come from the engine, through the game interface only; the period, where
 * the game's kind has a rule that certifies one, from the period module.
 */
#include "games/game.h"
#include "text/template.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The page, in points: 16:9, the shape of a slide. */
#define PAGE_W 960.0
#define PAGE_H 540.0
/* The plot area. */
#define AREA_X0 100.0
#define AREA_X1 930.0
#define AREA_Y0 96.0  /* top */
#define AREA_Y1 458.0 /* bottom */
/* Type sizes, in points: large enough to read from the back of a room when
 * the plot fills a slide's width. */
#define TITLE_SIZE 24.0
#define LABEL_SIZE 20.0
#define TICK_SIZE 17.0
#define LEGEND_SIZE 16.0
/* Dots closer than this (in points, on either axis) are one dot. */
#define CELL 0.5
/* PNG pixels per point. */
#define PNG_SCALE 2.0
/* Periods are shaded block by block while there are at most this many in
 * view; more would be stripes too thin to see. */
#define MAX_BANDS 60

#define COLOR_N 0x2e86c1u
#define COLOR_P 0xc0392bu
#define COLOR_TEXT 0x1a1a1au
#define COLOR_AXIS 0x4d4d4du
#define COLOR_GRID 0xe3e3e3u
#define COLOR_BAND 0xf6ecd5u
#define COLOR_PREPERIOD 0xb9770eu

const char *sg_plot_formats(void) { return "svg, png, pdf"; }

static const char *const format_names[] = {"svg", "png", "pdf", NULL};

sg_status sg_plot_format_parse(sg_ctx *ctx, const char *name,
                               sg_plot_format *format)
{
    int i = sg_pick_name(ctx, name, format_names, NULL, "plot format");
    if (i < 0)
        return SG_EINPUT;
    *format = (sg_plot_format)i;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* What is plotted                                                          */
/* ------------------------------------------------------------------------ */

typedef struct plot {
    const sg_game *game;
    uint64_t from, to;
    /* The data range the area shows; x is counted from FROM, so that a
     * window far out (x near 2^63, where doubles are 1024 apart) keeps
     * every position apart. */
    double x0, x1, y0, y1;
    sg_lookup *lookup;      /* a far window's values, from a period */
    sg_value vmax;
    uint64_t p_count;
    float *dots[2];         /* x, y pairs, in points: [0] N, [1] P */
    size_t ndots[2];
    double dot;             /* a dot's diameter */
    bool period;            /* a certified period */
    uint64_t n0, p;
    const char *theorem;    /* a proven closed form, or NULL */
    double xstep, ystep;    /* tick spacing */
    char title[320];
    const char *lang;       /* "en" (NULL) or "zh" */
    const sg_template *words; /* templates/plot/LANG.text */
    const char *font;       /* the family every word is set in */
} plot;

enum {
    PW_TITLE_NUMBERED,
    PW_TITLE_POSITIONS,
    PW_AXIS_X,
    PW_AXIS_POSITION,
    PW_AXIS_Y,
    PW_N,
    PW_P,
    PW_PERIOD,
    PW_THEOREM,
    PW_NSECTIONS
};

static const char *const plot_sections[] = {
    "title-numbered", "title-positions", "axis-x", "axis-position", "axis-y",
    "n", "p", "period", "theorem", NULL};

enum { PV_GAME, PV_FROM, PV_TO, PV_COUNT, PV_TOTAL, PV_PERIOD, PV_START,
       PV_THEOREM, PV_NVARS };

static const char *const plot_vars[] = {"game", "from", "to", "count",
                                        "total", "period", "start",
                                        "theorem", NULL};

#define PLOT_ALL ((UINT64_C(1) << PV_NVARS) - 1)
static const uint64_t plot_allowed[PW_NSECTIONS] = {
    PLOT_ALL, PLOT_ALL, PLOT_ALL, PLOT_ALL, PLOT_ALL,
    PLOT_ALL, PLOT_ALL, PLOT_ALL, PLOT_ALL};

static const char *const plot_settings[] = {NULL};

static const sg_tpl_schema plot_schema = {"plot wording", plot_sections,
                                          plot_vars, plot_allowed,
                                          plot_settings};

/* Section ID of the plot's wording into OUT (SIZE bytes), with VARS
 * (indexed by PV_*, NULL for unused); a wording too long is cut. */
static void say(const plot *pl, int id, const char *const *vars, char *out,
                size_t size)
{
    sg_buf b;
    sg_buf_init(&b);
    sg_tpl_say(&b, pl->words, id, vars);
    snprintf(out, size, "%s", b.data && !b.failed ? b.data : "");
    sg_buf_free(&b);
}

static double px(const plot *pl, double x)
{
    return AREA_X0 + (x - pl->x0) / (pl->x1 - pl->x0) * (AREA_X1 - AREA_X0);
}

static double py(const plot *pl, double y)
{
    return AREA_Y1 - (y - pl->y0) / (pl->y1 - pl->y0) * (AREA_Y1 - AREA_Y0);
}

/* A tick spacing of 1, 2 or 5 times a power of ten that gives at most
 * about MOST ticks over SPAN, and at least MIN. */
static double nice_step(double span, double most, double min)
{
    double raw = span / most;
    double p10 = pow(10, floor(log10(raw > 0 ? raw : 1)));
    double step = p10;
    if (raw > 5 * p10)
        step = 10 * p10;
    else if (raw > 2 * p10)
        step = 5 * p10;
    else if (raw > p10)
        step = 2 * p10;
    return step < min ? min : step;
}

/* Marks the dot at (X, Y) points in the grid of cells of class C (0: N,
 * 1: P) and keeps it when its cell was empty. */
typedef struct dot_grid {
    unsigned char *bits[2];
    size_t cols, rows;
    size_t cap[2];
} dot_grid;

static bool keep_dot(sg_ctx *ctx, plot *pl, dot_grid *g, int c, double x,
                     double y)
{
    size_t col = (size_t)((x - AREA_X0) / CELL + 0.5);
    size_t row = (size_t)((y - AREA_Y0) / CELL + 0.5);
    if (col >= g->cols || row >= g->rows)
        return true;
    size_t bit = row * g->cols + col;
    if (g->bits[c][bit / 8] & (1u << (bit % 8)))
        return true;
    g->bits[c][bit / 8] |= (unsigned char)(1u << (bit % 8));
    if (pl->ndots[c] == g->cap[c]) {
        size_t cap = g->cap[c] ? 2 * g->cap[c] : 1024;
        float *d = sg_grow(ctx, pl->dots[c], cap, 2 * sizeof *d);
        if (!d)
            return false;
        pl->dots[c] = d;
        g->cap[c] = cap;
    }
    pl->dots[c][2 * pl->ndots[c]] = (float)x;
    pl->dots[c][2 * pl->ndots[c] + 1] = (float)y;
    pl->ndots[c]++;
    return true;
}

/* The period of GAME, where its kind has a rule that certifies one. */
static sg_status find_period(sg_ctx *ctx, plot *pl)
{
    const sg_game *game = pl->game;
    const sg_theorem *theorem = sg_game_theorem(game);
    pl->theorem = theorem ? theorem->text : NULL;
    sg_period_rule rule = game->ops->period_rule(game);
    if (rule != SG_PERIOD_WINDOW && rule != SG_PERIOD_SPAN)
        return SG_OK;
    sg_period *r = sg_period_find(ctx, game, 0);
    if (!r) {
        /* A period beyond what the search may compute is no period to
         * draw; only a real failure ends the plot. */
        if (ctx->status == SG_ENOMEM)
            return ctx->status;
        sg_ctx_clear(ctx);
        return SG_OK;
    }
    const sg_period_info *info = sg_period_info_of(r);
    if (info->applies && info->found) {
        pl->period = true;
        pl->n0 = info->preperiod;
        pl->p = info->period;
    }
    sg_period_free(r);
    return SG_OK;
}

/* The width of TEXT in SIZE points, estimated as for Helvetica (the same
 * estimate in every format, so that every format lays out alike). */
static double text_width(const char *text, double size)
{
    double w = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if ((*p & 0xC0) != 0x80)
            w += *p < 0x80 ? 0.56 : 1.0;
    return w * size;
}

/* sg(X), from the values computed or the far window's lookup. */
static sg_value value_at(const plot *pl, const sg_values *values, uint64_t x)
{
    return pl->lookup ? sg_lookup_get(pl->lookup, x)
                      : sg_values_get(values, x);
}

static sg_status prepare(sg_ctx *ctx, plot *pl)
{
    sg_values *values = NULL;
    sg_status st = pl->lookup ? SG_OK
                              : sg_compute(ctx, pl->game, pl->to, NULL,
                                           &values);
    if (st != SG_OK)
        return st;
    for (uint64_t x = pl->from; x <= pl->to; x++) {
        sg_value v = value_at(pl, values, x);
        if (v > pl->vmax)
            pl->vmax = v;
        pl->p_count += v == 0;
    }
    double span = (double)(pl->to - pl->from);
    double xpad = fmax(0.5, 0.01 * span);
    pl->x0 = -xpad;
    pl->x1 = span + xpad;
    double top = pl->vmax ? (double)pl->vmax : 1;
    double ypad = fmax(0.5, 0.04 * top);
    pl->y0 = -ypad;
    pl->y1 = top + ypad;
    pl->xstep = nice_step(span > 0 ? span : 1, 8, 1);
    /* Far out the numbers are long (9000000000000200000): the ticks go
     * further apart until their numbers fit between them. */
    char widest[32];
    snprintf(widest, sizeof widest, "%llu", (unsigned long long)pl->to);
    double room = 1.2 * text_width(widest, TICK_SIZE);
    while (pl->xstep / (pl->x1 - pl->x0) * (AREA_X1 - AREA_X0) < room &&
           pl->xstep < span) {
        double p10 = pow(10, floor(log10(pl->xstep) + 1e-9));
        double lead = pl->xstep / p10;
        pl->xstep = lead < 1.5 ? 2 * p10 : lead < 3 ? 5 * p10 : 10 * p10;
    }
    pl->ystep = nice_step(top, 6, 1);
    /* Dots as large as the spacing of positions allows, within what reads
     * as a dot. */
    pl->dot = fmin(8, fmax(2.4, 1.6 * (AREA_X1 - AREA_X0) / (span + 1)));

    dot_grid g = {{NULL, NULL}, (size_t)((AREA_X1 - AREA_X0) / CELL) + 2,
                  (size_t)((AREA_Y1 - AREA_Y0) / CELL) + 2, {0, 0}};
    size_t bytes = (g.cols * g.rows + 7) / 8;
    g.bits[0] = sg_alloc(ctx, bytes, 1);
    g.bits[1] = g.bits[0] ? sg_alloc(ctx, bytes, 1) : NULL;
    st = g.bits[1] ? SG_OK : ctx->status;
    for (uint64_t x = pl->from; st == SG_OK && x <= pl->to; x++) {
        sg_value v = value_at(pl, values, x);
        if (!keep_dot(ctx, pl, &g, v == 0, px(pl, (double)(x - pl->from)),
                      py(pl, (double)v)))
            st = ctx->status;
    }
    free(g.bits[0]);
    free(g.bits[1]);
    sg_values_free(values);
    if (st != SG_OK)
        return st;

    const char *what = sg_game_describe(pl->game);
    if (!sg_game_numbered(pl->game) && strrchr(what, '/'))
        what = strrchr(what, '/') + 1;
    sg_buf name;
    sg_buf_init(&name);
    sg_describe_add(&name, what, pl->lang);
    char from[24], to[24];
    sg_u64_to_str(pl->from, from);
    sg_u64_to_str(pl->to, to);
    const char *vars[PV_NVARS] = {
        [PV_GAME] = name.data && !name.failed ? name.data : what,
        [PV_FROM] = from, [PV_TO] = to};
    say(pl, sg_game_numbered(pl->game) ? PW_TITLE_NUMBERED
                                       : PW_TITLE_POSITIONS,
        vars, pl->title, sizeof pl->title);
    sg_buf_free(&name);
    return find_period(ctx, pl);
}

/* ------------------------------------------------------------------------ */
/* Painting                                                                 */
/* ------------------------------------------------------------------------ */

/* Text is set at x with ANCHOR: -1 its left end, 0 its middle, 1 its
 * right end; y is its baseline.  ROTATED text reads upwards. */
typedef struct painter {
    void (*rect)(void *u, double x, double y, double w, double h,
                 uint32_t fill);
    void (*line)(void *u, double x1, double y1, double x2, double y2,
                 uint32_t color, double width, bool dashed);
    void (*text)(void *u, double x, double y, int anchor, double size,
                 uint32_t color, bool rotated, const char *s);
    void (*dots)(void *u, const float *xy, size_t n, double diameter,
                 uint32_t color, const char *id);
    /* Groups name parts of an SVG for scripts and tests; ID NULL ends
     * one.  Other painters ignore them. */
    void (*group)(void *u, const char *id, const char *attrs);
} painter;


static void format_number(char *buf, size_t size, double v)
{
    snprintf(buf, size, "%.0f", v);
}

static void paint_axes(const plot *pl, const painter *pt, void *u)
{
    char buf[64];
    pt->group(u, "ticks", NULL);
    /* Grid lines and ticks first, the frame over them. */
    /* The ticks are whole multiples of the step, found in whole numbers:
     * far out, doubles cannot name every position. */
    uint64_t step = pl->xstep >= 1 ? (uint64_t)pl->xstep : 1;
    uint64_t tick = pl->from % step ? pl->from + (step - pl->from % step)
                                    : pl->from;
    for (; tick <= pl->to && tick >= pl->from; tick += step) {
        double X = px(pl, (double)(tick - pl->from));
        pt->line(u, X, AREA_Y0, X, AREA_Y1, COLOR_GRID, 0.8, false);
        pt->line(u, X, AREA_Y1, X, AREA_Y1 + 6, COLOR_AXIS, 1.2, false);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)tick);
        pt->text(u, X, AREA_Y1 + 8 + TICK_SIZE, 0, TICK_SIZE, COLOR_TEXT,
                 false, buf);
    }
    double top = pl->vmax ? (double)pl->vmax : 1;
    for (double i = 0; i * pl->ystep <= top + 1e-9; i++) {
        double y = i * pl->ystep, Y = py(pl, y);
        pt->line(u, AREA_X0, Y, AREA_X1, Y, COLOR_GRID, 0.8, false);
        pt->line(u, AREA_X0 - 6, Y, AREA_X0, Y, COLOR_AXIS, 1.2, false);
        format_number(buf, sizeof buf, y);
        pt->text(u, AREA_X0 - 10, Y + 0.35 * TICK_SIZE, 1, TICK_SIZE,
                 COLOR_TEXT, false, buf);
    }
    pt->group(u, NULL, NULL);
    say(pl, sg_game_numbered(pl->game) ? PW_AXIS_X : PW_AXIS_POSITION, NULL,
        buf, sizeof buf);
    pt->text(u, (AREA_X0 + AREA_X1) / 2, PAGE_H - 14, 0, LABEL_SIZE,
             COLOR_TEXT, false, buf);
    say(pl, PW_AXIS_Y, NULL, buf, sizeof buf);
    pt->text(u, 30, (AREA_Y0 + AREA_Y1) / 2, 0, LABEL_SIZE, COLOR_TEXT, true,
             buf);
}

static void paint_period(const plot *pl, const painter *pt, void *u)
{
    if (!pl->period)
        return;
    char attrs[96];
    snprintf(attrs, sizeof attrs, "data-preperiod=\"%llu\" data-period=\"%llu\"",
             (unsigned long long)pl->n0, (unsigned long long)pl->p);
    pt->group(u, "period", attrs);
    /* Every other period from the preperiod on is shaded, while the blocks
     * are wide enough to see. */
    uint64_t start = pl->n0 > pl->from ? pl->n0 : pl->from;
    if (start <= pl->to) {
        uint64_t k = (start - pl->n0) / pl->p;
        uint64_t blocks = (pl->to - pl->n0) / pl->p - k + 1;
        if (blocks <= MAX_BANDS) {
            for (; pl->n0 + k * pl->p <= pl->to; k++) {
                if (k % 2)
                    continue;
                double a = (double)((int64_t)(pl->n0 + k * pl->p) -
                                    (int64_t)pl->from) - 0.5;
                double b = a + (double)pl->p;
                a = fmax(a, pl->x0);
                b = fmin(b, pl->x1);
                pt->rect(u, px(pl, a), AREA_Y0, px(pl, b) - px(pl, a),
                         AREA_Y1 - AREA_Y0, COLOR_BAND);
            }
        }
    }
    if (pl->n0 > pl->from && pl->n0 <= pl->to) {
        double X = px(pl, (double)(pl->n0 - pl->from) - 0.5);
        pt->line(u, X, AREA_Y0, X, AREA_Y1, COLOR_PREPERIOD, 2, true);
    }
    pt->group(u, NULL, NULL);
}

static void paint_legend(const plot *pl, const painter *pt, void *u)
{
    char buf[320], count[24], total[24], period[24], start[24];
    pt->text(u, AREA_X0, 34, -1, TITLE_SIZE, COLOR_TEXT, false, pl->title);
    double y = 70, x = AREA_X0, r = 5;
    pt->group(u, "legend", NULL);
    float dot[2] = {(float)(x + r), (float)(y - 0.35 * LEGEND_SIZE)};
    pt->dots(u, dot, 1, 2 * r, COLOR_N, NULL);
    say(pl, PW_N, NULL, buf, sizeof buf);
    pt->text(u, x + 2 * r + 6, y, -1, LEGEND_SIZE, COLOR_TEXT, false, buf);
    x += 2 * r + 6 + text_width(buf, LEGEND_SIZE) + 24;
    dot[0] = (float)(x + r);
    pt->dots(u, dot, 1, 2 * r, COLOR_P, NULL);
    sg_u64_to_str(pl->p_count, count);
    sg_u64_to_str(pl->to - pl->from + 1, total);
    sg_u64_to_str(pl->p, period);
    sg_u64_to_str(pl->n0, start);
    const char *vars[PV_NVARS] = {[PV_COUNT] = count, [PV_TOTAL] = total,
                                  [PV_PERIOD] = period, [PV_START] = start,
                                  [PV_THEOREM] = pl->theorem};
    say(pl, PW_P, vars, buf, sizeof buf);
    pt->text(u, x + 2 * r + 6, y, -1, LEGEND_SIZE, COLOR_TEXT, false, buf);
    x += 2 * r + 6 + text_width(buf, LEGEND_SIZE) + 24;
    if (pl->period) {
        say(pl, PW_PERIOD, vars, buf, sizeof buf);
        pt->rect(u, x, y - LEGEND_SIZE * 0.8, 14, LEGEND_SIZE * 0.9,
                 COLOR_BAND);
        if (pl->n0 > 0)
            pt->line(u, x + 7, y - LEGEND_SIZE * 0.8, x + 7, y + 2,
                     COLOR_PREPERIOD, 2, true);
        pt->text(u, x + 20, y, -1, LEGEND_SIZE, COLOR_TEXT, false, buf);
    } else if (pl->theorem) {
        say(pl, PW_THEOREM, vars, buf, sizeof buf);
        pt->text(u, x, y, -1, LEGEND_SIZE, COLOR_TEXT, false, buf);
    }
    pt->group(u, NULL, NULL);
}

static void paint(const plot *pl, const painter *pt, void *u)
{
    pt->rect(u, 0, 0, PAGE_W, PAGE_H, 0xffffffu);
    paint_period(pl, pt, u);
    paint_axes(pl, pt, u);
    /* data-x is the range of x shown; data-from and data-dx say it
     * exactly, as x - from, where x is too large for data-x to. */
    char attrs[320];
    snprintf(attrs, sizeof attrs, "data-area=\"%g %g %g %g\" "
             "data-x=\"%.10g %.10g\" data-y=\"%.10g %.10g\" "
             "data-from=\"%llu\" data-dx=\"%.10g %.10g\"", AREA_X0, AREA_Y0,
             AREA_X1, AREA_Y1, (double)pl->from + pl->x0,
             (double)pl->from + pl->x1, pl->y0, pl->y1,
             (unsigned long long)pl->from, pl->x0, pl->x1);
    pt->group(u, "plot-area", attrs);
    pt->line(u, AREA_X0, AREA_Y1, AREA_X1, AREA_Y1, COLOR_AXIS, 1.4, false);
    pt->line(u, AREA_X0, AREA_Y0, AREA_X0, AREA_Y1, COLOR_AXIS, 1.4, false);
    pt->group(u, NULL, NULL);
    pt->dots(u, pl->dots[0], pl->ndots[0], pl->dot, COLOR_N, "n-points");
    pt->dots(u, pl->dots[1], pl->ndots[1], pl->dot, COLOR_P, "p-points");
    paint_legend(pl, pt, u);
}

/* ---- SVG ----------------------------------------------------------------- */

static void svg_color(sg_buf *b, uint32_t c)
{
    sg_buf_printf(b, "#%06x", c & 0xffffffu);
}

static void svg_rect(void *u, double x, double y, double w, double h,
                     uint32_t fill)
{
    sg_buf *b = u;
    sg_buf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                  "height=\"%.2f\" fill=\"", x, y, w, h);
    svg_color(b, fill);
    sg_buf_puts(b, "\"/>\n");
}

static void svg_line(void *u, double x1, double y1, double x2, double y2,
                     uint32_t color, double width, bool dashed)
{
    sg_buf *b = u;
    sg_buf_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                  "stroke-width=\"%.2g\"%s stroke=\"", x1, y1, x2, y2, width,
                  dashed ? " stroke-dasharray=\"6,4\"" : "");
    svg_color(b, color);
    sg_buf_puts(b, "\"/>\n");
}

static void svg_text(void *u, double x, double y, int anchor, double size,
                     uint32_t color, bool rotated, const char *s)
{
    sg_buf *b = u;
    sg_buf_printf(b, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.3g\" "
                  "text-anchor=\"%s\"", x, y, size,
                  anchor < 0 ? "start" : anchor > 0 ? "end" : "middle");
    if (rotated)
        sg_buf_printf(b, " transform=\"rotate(-90 %.2f %.2f)\"", x, y);
    sg_buf_puts(b, " fill=\"");
    svg_color(b, color);
    sg_buf_puts(b, "\">");
    sg_escape_add(b, SG_ESCAPE_HTML, s, strlen(s), false);
    sg_buf_puts(b, "</text>\n");
}

static void svg_dots(void *u, const float *xy, size_t n, double diameter,
                     uint32_t color, const char *id)
{
    sg_buf *b = u;
    sg_buf_puts(b, "<path");
    if (id)
        sg_buf_printf(b, " id=\"%s\"", id);
    sg_buf_printf(b, " fill=\"none\" stroke-linecap=\"round\" "
                  "stroke-width=\"%.2g\" stroke=\"", diameter);
    svg_color(b, color);
    sg_buf_puts(b, "\" d=\"");
    /* One zero-length segment a dot: round caps make it a disc. */
    for (size_t i = 0; i < n; i++)
        sg_buf_printf(b, "M%.1f %.1fh0", (double)xy[2 * i],
                      (double)xy[2 * i + 1]);
    sg_buf_puts(b, "\"/>\n");
}

static void svg_group(void *u, const char *id, const char *attrs)
{
    sg_buf *b = u;
    if (!id)
        sg_buf_puts(b, "</g>\n");
    else
        sg_buf_printf(b, "<g id=\"%s\"%s%s>\n", id, attrs ? " " : "",
                      attrs ? attrs : "");
}

static const painter svg_painter = {svg_rect, svg_line, svg_text, svg_dots,
                                    svg_group};

static void write_svg(const plot *pl, sg_buf *b)
{
    sg_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0fpt\" "
                  "height=\"%.0fpt\" viewBox=\"0 0 %.0f %.0f\" "
                  "font-family=\"",
                  PAGE_W, PAGE_H, PAGE_W, PAGE_H);
    /* The family fontconfig found for the language comes first, so that a
     * viewer with that font shows the words in it, then the usual sans
     * fallbacks. */
    if (pl->font) {
        sg_escape_add(b, SG_ESCAPE_HTML, pl->font, strlen(pl->font), false);
        sg_buf_putc(b, ',');
    }
    sg_buf_puts(b, "Helvetica,Arial,sans-serif\">\n<title>");
    sg_escape_add(b, SG_ESCAPE_HTML, pl->title, strlen(pl->title), false);
    sg_buf_puts(b, "</title>\n");
    paint(pl, &svg_painter, b);
    sg_buf_puts(b, "</svg>\n");
}

/* ---- cairo: PNG and PDF ------------------------------------------------ */

static void cairo_color(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0,
                         ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

static void cr_rect(void *u, double x, double y, double w, double h,
                    uint32_t fill)
{
    cairo_t *cr = u;
    cairo_rectangle(cr, x, y, w, h);
    cairo_color(cr, fill);
    cairo_fill(cr);
}

static void cr_line(void *u, double x1, double y1, double x2, double y2,
                    uint32_t color, double width, bool dashed)
{
    cairo_t *cr = u;
    static const double dash[] = {6, 4};
    cairo_set_dash(cr, dash, dashed ? 2 : 0, 0);
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x2, y2);
    cairo_color(cr, color);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

static void cr_text(void *u, double x, double y, int anchor, double size,
                    uint32_t color, bool rotated, const char *s)
{
    cairo_t *cr = u;
    cairo_save(cr);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    cairo_translate(cr, x, y);
    if (rotated)
        cairo_rotate(cr, -2 * atan(1.0)); /* a quarter turn upwards */
    double shift = anchor < 0 ? 0 : anchor > 0 ? e.x_advance : e.x_advance / 2;
    cairo_move_to(cr, -shift, 0);
    cairo_color(cr, color);
    cairo_show_text(cr, s);
    cairo_restore(cr);
}

static void cr_dots(void *u, const float *xy, size_t n, double diameter,
                    uint32_t color, const char *id)
{
    (void)id;
    cairo_t *cr = u;
    cairo_set_line_width(cr, diameter);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    /* A zero-length segment with round caps is a disc, in the picture and
     * in a PDF alike, and costs a PDF a few bytes where a circle costs a
     * hundred. */
    for (size_t i = 0; i < n; i++) {
        cairo_move_to(cr, (double)xy[2 * i], (double)xy[2 * i + 1]);
        cairo_rel_line_to(cr, 0, 0);
    }
    cairo_color(cr, color);
    cairo_stroke(cr);
}

static void cr_group(void *u, const char *id, const char *attrs)
{
    (void)u;
    (void)id;
    (void)attrs;
}

static const painter cairo_painter = {cr_rect, cr_line, cr_text, cr_dots,
                                      cr_group};

static cairo_status_t to_buf(void *closure, const unsigned char *data,
                             unsigned int length)
{
    sg_buf *b = closure;
    sg_buf_add(b, (const char *)data, length);
    return b->failed ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

static sg_status write_cairo(sg_ctx *ctx, const plot *pl, bool pdf, sg_buf *b)
{
    cairo_surface_t *s =
        pdf ? cairo_pdf_surface_create_for_stream(to_buf, b, PAGE_W, PAGE_H)
            : cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                         (int)(PAGE_W * PNG_SCALE),
                                         (int)(PAGE_H * PNG_SCALE));
    cairo_t *cr = cairo_create(s);
    if (!pdf)
        cairo_scale(cr, PNG_SCALE, PNG_SCALE);
    /* cairo's simple text draws every character in the one face chosen
     * here, with no fallback for characters it lacks: Chinese needs a
     * family that has them. */
    cairo_select_font_face(cr, pl->font ? pl->font : "sans-serif",
                           CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    paint(pl, &cairo_painter, cr);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS) {
        if (pdf)
            cairo_surface_finish(s);
        else
            st = cairo_surface_write_to_png_stream(s, to_buf, b);
    }
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (st == CAIRO_STATUS_NO_MEMORY || b->failed)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory painting the plot");
    if (st != CAIRO_STATUS_SUCCESS)
        return sg_ctx_fail(ctx, SG_EINTERNAL, "cairo could not paint the "
                           "plot: %s", cairo_status_to_string(st));
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The plot                                                                 */
/* ------------------------------------------------------------------------ */

/* The family of a sans font that writes LANG's script, for a language
 * not written in Latin letters ("zh"), as a new string; NULL for Latin
 * scripts, or when no installed font has the script (the words then come
 * out as boxes, which the command warns of before it draws). */
static char *script_family(const char *lang)
{
    if (!lang || strcmp(lang, "zh") != 0)
        return NULL;
    FcPattern *want = FcNameParse((const FcChar8 *)"sans-serif:lang=zh-cn");
    if (!want)
        return NULL;
    FcConfigSubstitute(NULL, want, FcMatchPattern);
    FcDefaultSubstitute(want);
    FcResult result;
    FcPattern *got = FcFontMatch(NULL, want, &result);
    char *family = NULL;
    FcChar8 *name = NULL;
    FcLangSet *langs = NULL;
    /* fontconfig always answers with some font: it is used only when it
     * really has the script. */
    if (got && FcPatternGetLangSet(got, FC_LANG, 0, &langs) == FcResultMatch &&
        FcLangSetHasLang(langs, (const FcChar8 *)"zh-cn") == FcLangEqual &&
        FcPatternGetString(got, FC_FAMILY, 0, &name) == FcResultMatch)
        family = sg_strdup(NULL, (const char *)name);
    if (got)
        FcPatternDestroy(got);
    FcPatternDestroy(want);
    return family;
}

sg_status sg_plot_write(sg_ctx *ctx, const sg_game *game, uint64_t from,
                        uint64_t to, sg_plot_format format, FILE *out)
{
    sg_plot_opts opts = {.size = sizeof opts, .format = format};
    return sg_plot_write_opts(ctx, game, from, to, &opts, out);
}

sg_status sg_plot_write_opts(sg_ctx *ctx, const sg_game *game, uint64_t from,
                             uint64_t to, const sg_plot_opts *opts, FILE *out)
{
    sg_plot_opts o = {0};
    if (opts && sg_opts_take(ctx, &o, sizeof o, opts,
                             SG_OPTS_V0(sg_plot_opts, lang),
                             "sg_plot_opts") != SG_OK)
        return ctx->status;
    sg_plot_format format = o.format;
    if ((unsigned)format > SG_PLOT_PDF)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown plot format %d",
                           (int)format);
    to = sg_game_clamp(game, to);
    if (from > to)
        return sg_ctx_fail(ctx, SG_EINPUT, "--from %llu is after --to %llu",
                           (unsigned long long)from, (unsigned long long)to);
    if (to - from >= SG_PLOT_MAX_POSITIONS)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s, positions %llu..%llu: %llu "
                           "positions are more than sgviz plots (at most "
                           "%llu); choose a smaller range",
                           sg_game_describe(game), (unsigned long long)from,
                           (unsigned long long)to,
                           (unsigned long long)(to - from) + 1,
                           (unsigned long long)SG_PLOT_MAX_POSITIONS);
    const char *lang = o.lang ? o.lang : "en";
    char name[32];
    if (strlen(lang) > 8)
        return sg_fail_language(ctx, lang);
    snprintf(name, sizeof name, "plot/%s.text", lang);
    if (!sg_builtin_file(name, NULL))
        return sg_fail_language(ctx, lang);
    plot pl = {0};
    if (sg_check_range(ctx, game, to) != SG_OK) {
        /* A window far out, sg(x) of 10^6 positions near 10^18, cannot be
         * computed from 0; a certified period or a theorem gives its
         * values at once.  Without one, the first refusal stands. */
        if (ctx->status != SG_ELIMIT)
            return ctx->status;
        char why[512];
        snprintf(why, sizeof why, "%s", sg_ctx_message(ctx));
        sg_ctx_clear(ctx);
        pl.lookup = sg_lookup_new(ctx, game, to);
        if (!pl.lookup) {
            if (ctx->status == SG_ENOMEM)
                return ctx->status;
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s", why);
        }
    }
    sg_template *words = sg_tpl_builtin(ctx, &plot_schema, name);
    if (!words) {
        sg_lookup_free(pl.lookup);
        return ctx->status;
    }
    pl.game = game;
    pl.from = from;
    pl.to = to;
    pl.lang = o.lang;
    pl.words = words;
    char *font = script_family(o.lang);
    pl.font = font;
    sg_buf b;
    sg_buf_init(&b);
    sg_status st = prepare(ctx, &pl);
    if (st == SG_OK && format == SG_PLOT_SVG) {
        write_svg(&pl, &b);
        if (b.failed)
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the plot");
    } else if (st == SG_OK) {
        st = write_cairo(ctx, &pl, format == SG_PLOT_PDF, &b);
    }
    if (st == SG_OK && (fwrite(b.data, 1, b.len, out) != b.len ||
                        fflush(out) != 0 || ferror(out)))
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the plot: %s",
                         strerror(errno));
    sg_buf_free(&b);
    free(pl.dots[0]);
    free(pl.dots[1]);
    free(font);
    sg_template_free(words);
    sg_lookup_free(pl.lookup);
    return st;
}
