/*
 * chart.c - bar charts (a class's scores, the positions most often first
 * wrong) drawn through Graphviz.
 *
 * A bar chart is a handful of rectangles and words at places computed
 * here, so it is drawn the way every sgviz drawing is: a graph whose nodes
 * carry fixed positions, painted by Graphviz's "nop2" engine, which places
 * nothing.  That gives SVG, PNG and PDF from one description, with the
 * fonts (Chinese included) that the other pictures use, rather than a
 * second picture writer that knows SVG alone.
 */
#include "render/render_draw.h"
#include "render/render_gv.h"

#include <math.h>
#include <string.h>

#define BAR_WIDTH 26.0     /* points */
#define BAR_GAP 12.0
#define BAR_MAX 150.0      /* the tallest bar */
#define PANEL_MARGIN 36.0
#define PANEL_GAP 48.0
#define LABEL_SIZE 10.0
#define TITLE_SIZE 14.0
#define BASELINE 50.0      /* where bars stand */

typedef struct chart_graph {
    Agraph_t *g;
    Agsym_t *pos, *shape, *width, *height, *label, *style, *fill, *color,
        *fontsize, *fontcolor, *fixed, *penwidth;
    unsigned serial;
} chart_graph;

static void set(void *obj, Agsym_t *sym, const char *value)
{
    agxset(obj, sym, SG_GV_STR(value));
}

/* A box of W x H points whose lower left corner is at (X, Y). */
static void bar_box(chart_graph *c, double x, double y, double w, double h,
                const char *fill)
{
    char name[32], buf[64];
    snprintf(name, sizeof name, "n%u", c->serial++);
    Agnode_t *n = agnode(c->g, name, 1);
    snprintf(buf, sizeof buf, "%.2f,%.2f!", x + w / 2, y + h / 2);
    set(n, c->pos, buf);
    set(n, c->shape, "box");
    snprintf(buf, sizeof buf, "%.4f", w / 72);
    set(n, c->width, buf);
    snprintf(buf, sizeof buf, "%.4f", h / 72);
    set(n, c->height, buf);
    set(n, c->label, "");
    set(n, c->style, "filled");
    set(n, c->fill, fill);
    set(n, c->color, fill);
    set(n, c->penwidth, "0");
    set(n, c->fixed, "true");
}

/* TEXT centred on (X, Y). */
static void text(chart_graph *c, double x, double y, const char *words,
                 double size)
{
    char name[32], buf[64];
    snprintf(name, sizeof name, "n%u", c->serial++);
    Agnode_t *n = agnode(c->g, name, 1);
    snprintf(buf, sizeof buf, "%.2f,%.2f!", x, y);
    set(n, c->pos, buf);
    set(n, c->shape, "plaintext");
    set(n, c->width, "0.01");
    set(n, c->height, "0.01");
    set(n, c->fixed, "false");
    /* A label is plain text: escape what DOT's label syntax would read. */
    sg_buf b;
    sg_buf_init(&b);
    for (const char *p = words; *p; p++) {
        if (*p == '\\')
            sg_buf_puts(&b, "\\\\");
        else
            sg_buf_putc(&b, *p);
    }
    sg_buf_putc(&b, '\0');
    set(n, c->label, b.data ? b.data : "");
    sg_buf_free(&b);
    snprintf(buf, sizeof buf, "%.1f", size);
    set(n, c->fontsize, buf);
}

/* Draws one panel with its lower left corner at X0; returns its width. */
static double panel(chart_graph *c, const sg_bar_chart *ch, double x0,
                    const char *fill)
{
    double most = 0;
    for (size_t i = 0; i < ch->n; i++)
        if (ch->values[i] > most)
            most = ch->values[i];
    /* Bars far enough apart for their labels not to touch. */
    double pitch = BAR_WIDTH + BAR_GAP;
    for (size_t i = 0; i < ch->n; i++)
        if (ch->labels && ch->labels[i])
            pitch = fmax(pitch, sg_draw_text_width(ch->labels[i], LABEL_SIZE) +
                                    8);
    double inner = (double)ch->n * pitch + BAR_GAP;
    double title_w = sg_draw_text_width(ch->title ? ch->title : "",
                                        TITLE_SIZE);
    double w = fmax(inner, title_w + 2 * BAR_GAP);
    double left = x0 + (w - inner) / 2;
    /* The axis under the bars. */
    bar_box(c, left, BASELINE - 1, inner, 1, "#555555");
    for (size_t i = 0; i < ch->n; i++) {
        double x = left + BAR_GAP + (double)i * pitch +
                   (pitch - BAR_WIDTH - BAR_GAP) / 2;
        double h = most > 0 ? ch->values[i] / most * BAR_MAX : 0;
        if (h > 0)
            bar_box(c, x, BASELINE, BAR_WIDTH, h, fill);
        if (ch->labels && ch->labels[i])
            text(c, x + BAR_WIDTH / 2, BASELINE - 14, ch->labels[i],
                 LABEL_SIZE);
        if (ch->values[i] > 0) {
            char v[32];
            snprintf(v, sizeof v, "%g", ch->values[i]);
            text(c, x + BAR_WIDTH / 2, BASELINE + h + 9, v, LABEL_SIZE);
        }
    }
    if (ch->title)
        text(c, x0 + w / 2, BASELINE + BAR_MAX + 36, ch->title, TITLE_SIZE);
    if (ch->unit)
        text(c, x0 + w / 2, BASELINE - 32, ch->unit, LABEL_SIZE);
    return w;
}

sg_status sg_chart_render(sg_ctx *ctx, const sg_bar_chart *charts, size_t n,
                          const char *format, FILE *out)
{
    if (sg_render_format_check(ctx, format) != SG_OK)
        return ctx->status;
    if (strcmp(format, "dot") == 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "a chart is drawn as svg, png or "
                           "pdf");
    for (size_t k = 0; k < n; k++)
        if (charts[k].n > 200)
            return sg_ctx_fail(ctx, SG_ELIMIT, "a chart of %zu bars is more "
                               "than one picture shows (at most 200)",
                               charts[k].n);
    GVC_t *gvc = sg_gv_context(ctx);
    if (!gvc)
        return ctx->status;
    chart_graph c;
    memset(&c, 0, sizeof c);
    c.g = agopen(SG_GV_STR("chart"), Agdirected, NULL);
    if (!c.g)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory drawing a chart");
    agattr(c.g, AGRAPH, SG_GV_STR("bgcolor"), SG_GV_STR("white"));
    agattr(c.g, AGRAPH, SG_GV_STR("pad"), SG_GV_STR("0.2"));
    c.pos = agattr(c.g, AGNODE, SG_GV_STR("pos"), SG_GV_STR(""));
    c.shape = agattr(c.g, AGNODE, SG_GV_STR("shape"), SG_GV_STR("box"));
    c.width = agattr(c.g, AGNODE, SG_GV_STR("width"), SG_GV_STR("0.75"));
    c.height = agattr(c.g, AGNODE, SG_GV_STR("height"), SG_GV_STR("0.5"));
    c.label = agattr(c.g, AGNODE, SG_GV_STR("label"), SG_GV_STR(""));
    c.style = agattr(c.g, AGNODE, SG_GV_STR("style"), SG_GV_STR(""));
    c.fill = agattr(c.g, AGNODE, SG_GV_STR("fillcolor"), SG_GV_STR("white"));
    c.color = agattr(c.g, AGNODE, SG_GV_STR("color"), SG_GV_STR("black"));
    c.fontsize = agattr(c.g, AGNODE, SG_GV_STR("fontsize"), SG_GV_STR("10"));
    /* The font of the other drawings (the built-in themes'). */
    agattr(c.g, AGNODE, SG_GV_STR("fontname"), SG_GV_STR("Helvetica"));
    c.fontcolor = agattr(c.g, AGNODE, SG_GV_STR("fontcolor"),
                         SG_GV_STR("#222222"));
    c.fixed = agattr(c.g, AGNODE, SG_GV_STR("fixedsize"), SG_GV_STR("true"));
    c.penwidth = agattr(c.g, AGNODE, SG_GV_STR("penwidth"), SG_GV_STR("1"));
    static const char *const fills[] = {"#4e79a7", "#f28e2b", "#59a14f"};
    double x = PANEL_MARGIN;
    for (size_t k = 0; k < n; k++) {
        x += panel(&c, &charts[k], x, fills[k % 3]);
        x += PANEL_GAP;
    }
    char message[600];
    sg_gv_errors_begin("chart");
    sg_status st = SG_OK;
    if (gvLayout(gvc, c.g, "nop2") != 0) {
        sg_gv_errors_end(message, sizeof message);
        st = sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not place the "
                         "chart%s%s", message[0] ? ": " : "", message);
        agclose(c.g);
        return st;
    }
    char *data = NULL;
    unsigned int len = 0;
    int rc = gvRenderData(gvc, c.g, SG_GV_STR(format), &data, &len);
    sg_gv_free_layout(gvc, c.g);
    sg_gv_errors_end(message, sizeof message);
    agclose(c.g);
    if (rc != 0) {
        if (data)
            gvFreeRenderData(data);
        return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz could not write the "
                           "chart as %s%s%s", format, message[0] ? ": " : "",
                           message);
    }
    bool bad = len && fwrite(data, 1, len, out) != len;
    gvFreeRenderData(data);
    if (bad || fflush(out) != 0 || ferror(out))
        return sg_ctx_fail(ctx, SG_EIO, "cannot write the chart");
    return SG_OK;
}
