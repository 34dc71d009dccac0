/*
 * bench_graph.c - `sgviz graph`: each picture's time beside `dot -Tsvg` run
 * on sgviz's own `-T dot` output of the same graph (under a time limit, as
 * dot's layered layout does not finish on the large ones), whether the
 * large picture is still readable, and how fast a drawing is painted again
 * after restyling (what a step-by-step picture does once per frame).
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"
#include "sgviz.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cgraph.h>

/* How long dot may run on one graph before it is stopped. */
#define DOT_LIMIT 20.0

static const char *path_in(const char *name)
{
    return bench_fmt("%s/%s", bench_dir, name);
}

/* Runs `dot -Tsvg` (niced: it is the slow one) on DOTFILE and prints the
 * line that puts it beside sgviz's figure. */
static void dot_beside(const char *dotfile)
{
    const char *argv[] = {"nice", "dot", "-Tsvg", dotfile, NULL};
    bench_run r = bench_exec(argv, NULL, NULL, DOT_LIMIT);
    if (r.timed_out)
        bench_line("  dot -Tsvg on sgviz's -T dot output",
                   bench_fmt("> %.0f s", DOT_LIMIT), "stopped at the limit");
    else if (r.status != 0)
        bench_line("  dot -Tsvg on sgviz's -T dot output", "FAILED",
                   "is the dot program installed?");
    else
        bench_line("  dot -Tsvg on sgviz's -T dot output",
                   bench_fmt("%.2f s", r.seconds), "");
}

/* Times `sgviz graph ARGS -o OUT` (best of REPEAT) and prints it with its
 * target. */
static bench_run time_graph(const char *what, const char *const *args,
                            const char *out, int repeat, double target,
                            const char *note)
{
    const char *argv[16];
    int n = 0;
    argv[n++] = bench_sgviz;
    argv[n++] = "graph";
    for (; *args && n < 12; args++)
        argv[n++] = *args;
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n] = NULL;
    bench_run r = bench_best(repeat, argv, NULL, NULL, 120);
    if (r.status != 0) {
        bench_line(what, "FAILED", r.timed_out ? "timed out" : "non-zero exit");
        return r;
    }
    bench_line(what, bench_fmt("%.3f s", r.seconds),
               bench_fmt("%starget < %.1f s: %s", note ? note : "", target,
                         bench_verdict(r.seconds < target)));
    return r;
}

/* Writes sgviz's -T dot output of ARGS to FILE. */
static bool dot_output(const char *const *args, const char *file)
{
    const char *argv[16];
    int n = 0;
    argv[n++] = bench_sgviz;
    argv[n++] = "graph";
    for (; *args && n < 11; args++)
        argv[n++] = *args;
    argv[n++] = "-T";
    argv[n++] = "dot";
    argv[n++] = "-o";
    argv[n++] = "-";
    argv[n] = NULL;
    return bench_exec(argv, NULL, file, 60).status == 0;
}

/* The width and height of a PNG, from its header; 0 if unreadable. */
static void png_size(const char *path, unsigned *w, unsigned *h)
{
    unsigned char b[24];
    *w = *h = 0;
    FILE *f = fopen(path, "rb");
    if (f && fread(b, 1, sizeof b, f) == sizeof b) {
        *w = (unsigned)b[16] << 24 | (unsigned)b[17] << 16 |
             (unsigned)b[18] << 8 | b[19];
        *h = (unsigned)b[20] << 24 | (unsigned)b[21] << 16 |
             (unsigned)b[22] << 8 | b[23];
    }
    if (f)
        fclose(f);
}

/* The width in points an SVG declares (width="...pt"), or 0. */
static double svg_width(const char *path)
{
    char line[512];
    double w = 0;
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "<svg width=\"", 12) == 0) {
            w = atof(line + 12);
            break;
        }
    if (f)
        fclose(f);
    return w;
}

/* Readability of a drawing: the labels' height in the PNG's pixels, and
 * the closest two positions' centres (from the DOT text) against the
 * nodes' diameter. */
static void readability(const char *dotfile, const char *svgfile,
                        const char *pngfile)
{
    FILE *f = fopen(dotfile, "r");
    if (!f)
        return;
    Agraph_t *g = agread(f, NULL);
    fclose(f);
    if (!g)
        return;
    size_t n = 0, cap = (size_t)agnnodes(g);
    double *x = malloc(cap * sizeof *x), *y = malloc(cap * sizeof *y);
    double width = 0, fontsize = 14;
    for (Agnode_t *v = agfstnode(g); v && x && y; v = agnxtnode(g, v)) {
        const char *name = agnameof(v);
        if (strspn(name, "0123456789") != strlen(name))
            continue; /* the legend */
        const char *pos = agget(v, (char *)(uintptr_t)"pos");
        if (pos && sscanf(pos, "%lf,%lf", &x[n], &y[n]) == 2)
            n++;
        const char *w = agget(v, (char *)(uintptr_t)"width");
        const char *fs = agget(v, (char *)(uintptr_t)"fontsize");
        if (w && atof(w) * 72 > width)
            width = atof(w) * 72;
        if (fs && *fs)
            fontsize = atof(fs);
    }
    double closest = HUGE_VAL;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            closest = fmin(closest, hypot(x[i] - x[j], y[i] - y[j]));
    free(x);
    free(y);
    agclose(g);
    unsigned pw, ph;
    png_size(pngfile, &pw, &ph);
    double pt = svg_width(svgfile);
    if (pw == 0 || pt <= 0)
        return;
    double dpi = pw * 72.0 / pt, px = fontsize * dpi / 72;
    bench_line("  PNG size", bench_fmt("%u x %u px", pw, ph),
               bench_fmt("%.0f dpi", dpi));
    bench_line("  readable: a label's size in the PNG", bench_fmt("%.1f px", px),
               bench_fmt("target >= 12 px: %s", bench_verdict(px >= 12)));
    bench_line("  readable: closest two positions' centres",
               bench_fmt("%.0f pt", closest),
               bench_fmt("nodes %.0f pt across; no overlap: %s", width,
                         bench_verdict(closest >= width)));
}

/* Restyles and paints one drawing again and again, as `sgviz steps` would
 * for each frame, and compares the time with building it anew. */
static void frames(void)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "bench");
    sg_drawing_opts opts = {.caption = 1};
    double t0 = bench_now();
    sg_drawing *d = g ? sg_drawing_new(ctx, g, 30, &opts) : NULL;
    char *data = NULL;
    size_t len = 0;
    if (!d || sg_drawing_render_data(ctx, d, "svg", &data, &len) != SG_OK) {
        bench_line("frames of S = {1,3,4}, N = 30", "FAILED",
                   sg_ctx_message(ctx));
        goto done;
    }
    free(data);
    double first = bench_now() - t0;
    t0 = bench_now();
    for (uint64_t x = 0; x <= 30; x++) {
        sg_drawing_reset(d);
        for (uint64_t y = x + 1; y <= 30; y++) {
            sg_drawing_set_node(ctx, d, y, SG_NODE_PENDING);
            sg_drawing_set_moves(ctx, d, y, SG_EDGE_PENDING);
        }
        sg_drawing_set_node(ctx, d, x, SG_NODE_CURRENT);
        sg_drawing_set_moves(ctx, d, x, SG_EDGE_CURRENT);
        sg_drawing_set_caption(ctx, d, bench_fmt("step %llu",
                                                 (unsigned long long)x));
        if (sg_drawing_render_data(ctx, d, "svg", &data, &len) != SG_OK)
            break;
        free(data);
    }
    double each = (bench_now() - t0) / 31;
    bench_line("drawing S = {1,3,4}, N = 30: build and first SVG",
               bench_fmt("%.1f ms", first * 1000), "in the library");
    bench_line("  each restyled frame after it (31 frames)",
               bench_fmt("%.1f ms", each * 1000), "the layout is reused");
done:
    sg_drawing_free(d);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

void bench_graph(void)
{
    bench_section("Graph: sgviz graph, beside dot -Tsvg on the same graph");

    const char *small[] = {"-s", "1,3,4", "-n", "30", NULL};
    const char *small_dot = path_in("s134-30.dot");
    time_graph("graph -s 1,3,4 -n 30 (SVG)", small, path_in("s134.svg"), 5,
               0.2, "");
    if (dot_output(small, small_dot))
        dot_beside(small_dot);

    const char *p100[] = {"-s", "pow2", "-n", "100", NULL};
    const char *p100_dot = path_in("pow2-100.dot");
    time_graph("graph -s pow2 -n 100 (SVG, auto layout)", p100,
               path_in("pow2-100.svg"), 3, 1.0, "");
    if (dot_output(p100, p100_dot))
        dot_beside(p100_dot);

    const char *big[] = {"-s", "pow2", "-n", "1000", NULL};
    const char *big_dot = path_in("pow2-1000.dot");
    const char *big_png = path_in("pow2-1000.png");
    const char *big_svg = path_in("pow2-1000.svg");
    bench_run svg = time_graph("graph -s pow2 -n 1000 (SVG, 8987 moves)", big,
                               big_svg, 3, 1.0, "");
    time_graph("graph -s pow2 -n 1000 (PNG)", big, big_png, 2, 5.0, "");
    time_graph("graph -s pow2 -n 1000 (PDF)", big, path_in("pow2-1000.pdf"),
               2, 5.0, "");
    if (svg.status == 0)
        bench_line("  peak memory, SVG", bench_fmt("%.1f MiB",
                                                   svg.peak_kib / 1024.0),
                   "");
    if (dot_output(big, big_dot)) {
        dot_beside(big_dot);
        readability(big_dot, big_svg, big_png);
    }

    frames();
}
