/*
 * bench_slides.c - what lecturers make for slides: plots of 10^5 positions
 * (time and size beside their targets), and TikZ pictures and Beamer
 * frames beside the SVG of the same drawing.
 */
#include "bench.h"

#include <stdio.h>
#include <sys/stat.h>

static long long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* Runs `sgviz ARGS... -o OUT` (best of REPEAT) and returns the run; a
 * failure is reported on its own line. */
static bench_run run_sgviz(const char *what, const char *const *args,
                           const char *out, int repeat)
{
    const char *argv[20];
    int n = 0;
    argv[n++] = bench_sgviz;
    for (; *args && n < 17; args++)
        argv[n++] = *args;
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n] = NULL;
    bench_run r = bench_best(repeat, argv, NULL, NULL, 120);
    if (r.status != 0)
        bench_line(what, "FAILED", r.timed_out ? "timed out" : "non-zero exit");
    return r;
}

/* A plot of 10^5 positions: its time and size against the targets. */
static void plot_line(const char *what, const char *const *args,
                      const char *ext, bool targets)
{
    const char *out = bench_fmt("%s/plot.%s", bench_dir, ext);
    bench_run r = run_sgviz(what, args, out, 3);
    if (r.status != 0)
        return;
    double mb = (double)file_size(out) / 1e6;
    if (targets) {
        bench_line(what, bench_fmt("%.3f s", r.seconds),
                   bench_fmt("target < 2 s: %s", bench_verdict(r.seconds < 2)));
        bench_line("    its size", bench_fmt("%.2f MB", mb),
                   bench_fmt("%.1f bytes/position; target < 3 MB: %s",
                             mb * 1e6 / 100001, bench_verdict(mb < 3)));
    } else {
        bench_line(what, bench_fmt("%.3f s", r.seconds),
                   bench_fmt("%.2f MB", mb));
    }
}

void bench_slides(void)
{
    bench_section("Slides: plots of 10^5 positions, TikZ and Beamer");

    static const char *const fib_svg[] = {"plot", "-s", "fib", "-n", "100000",
                                          NULL};
    plot_line("plot -s fib -n 100000 (SVG)", fib_svg, "svg", true);
    /* Grundy's game: values spread over a hundred levels, the most dots
     * that survive the merging of dots on one spot. */
    static const char *const grundy_svg[] = {"plot", "-t", "grundy", "-n",
                                             "100000", NULL};
    plot_line("plot -t grundy -n 100000 (SVG)", grundy_svg, "svg", true);
    static const char *const kayles[] = {"plot", "-t", "kayles", "-n",
                                         "100000", NULL};
    plot_line("plot -t kayles -n 100000 (SVG, period)", kayles, "svg", true);
    plot_line("plot -t grundy -n 100000 (PNG)", grundy_svg, "png", false);
    plot_line("plot -t grundy -n 100000 (PDF)", grundy_svg, "pdf", false);

    /* The TikZ renderer beside Graphviz's own SVG renderer, on the same
     * drawing. */
    static const char *const pow2[] = {"graph", "-s", "pow2", "-n", "1000",
                                       NULL};
    bench_run svg = run_sgviz("graph -s pow2 -n 1000 (SVG)", pow2,
                              bench_fmt("%s/g.svg", bench_dir), 3);
    bench_run tikz = run_sgviz("graph -s pow2 -n 1000 (TikZ)", pow2,
                               bench_fmt("%s/g.tex", bench_dir), 3);
    if (svg.status == 0 && tikz.status == 0) {
        bench_line("graph -s pow2 -n 1000 (SVG, 8987 moves)",
                   bench_fmt("%.3f s", svg.seconds),
                   bench_fmt("%.2f MB", file_size(bench_fmt("%s/g.svg",
                                                            bench_dir)) /
                                            1e6));
        bench_line("graph -s pow2 -n 1000 (TikZ)",
                   bench_fmt("%.3f s", tikz.seconds),
                   bench_fmt("%.2f MB; TikZ / SVG time %.2fx",
                             file_size(bench_fmt("%s/g.tex", bench_dir)) / 1e6,
                             tikz.seconds / svg.seconds));
    }
    static const char *const steps[] = {"steps", "-s", "1,3,4", "-n", "30",
                                        NULL};
    const char *frame = bench_fmt("%s/steps.tex", bench_dir);
    bench_run beamer = run_sgviz("steps -s 1,3,4 -n 30 (Beamer)", steps,
                                 frame, 3);
    if (beamer.status == 0)
        bench_line("steps -s 1,3,4 -n 30 (Beamer, 31 overlays)",
                   bench_fmt("%.3f s", beamer.seconds),
                   bench_fmt("%.0f KiB", file_size(frame) / 1024.0));
}
