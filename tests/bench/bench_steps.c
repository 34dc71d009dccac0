/*
 * bench_steps.c - `sgviz steps`: the time of a set of frames and of the
 * page, and the size of the page, each beside its target.
 */
#include "bench.h"

#include <stdio.h>
#include <sys/stat.h>

/* Times `sgviz steps ARGS` (best of REPEAT) and prints it beside TARGET
 * seconds. */
static bench_run time_steps(const char *what, const char *const *args,
                            int repeat, double target)
{
    const char *argv[16];
    int n = 0;
    argv[n++] = bench_sgviz;
    argv[n++] = "steps";
    for (; *args && n < 15; args++)
        argv[n++] = *args;
    argv[n] = NULL;
    bench_run r = bench_best(repeat, argv, NULL, NULL, 120);
    if (r.status != 0) {
        bench_line(what, "FAILED", r.timed_out ? "timed out" : "non-zero exit");
        return r;
    }
    if (target > 0)
        bench_line(what, bench_fmt("%.3f s", r.seconds),
                   bench_fmt("target < %.1f s: %s", target,
                             bench_verdict(r.seconds < target)));
    else
        bench_line(what, bench_fmt("%.3f s", r.seconds), "");
    return r;
}

static long long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

void bench_steps(void)
{
    bench_section("Steps: sgviz steps, frames and the page");

    const char *frames30[] = {"-s", "1,3,4", "-n", "30", "-o",
                              bench_fmt("%s/frames30/", bench_dir), NULL};
    time_steps("steps -s 1,3,4 -n 30: 31 SVG frames", frames30, 5, 2.0);

    const char *page30_path = bench_fmt("%s/steps30.html", bench_dir);
    const char *page30[] = {"-s", "1,3,4", "-n", "30", "-o", page30_path,
                            NULL};
    time_steps("steps -s 1,3,4 -n 30: the HTML page", page30, 5, 2.0);
    bench_line("  its size", bench_fmt("%.0f KiB",
                                       file_size(page30_path) / 1024.0), "");

    const char *png30[] = {"-s", "1,3,4", "-n", "30", "-T", "png", "-o",
                           bench_fmt("%s/png30/", bench_dir), NULL};
    time_steps("steps -s 1,3,4 -n 30: 31 PNG frames", png30, 2, 0);

    const char *page100_path = bench_fmt("%s/steps100.html", bench_dir);
    const char *page100[] = {"-s", "1,3,4", "-n", "100", "-o", page100_path,
                             NULL};
    bench_run r = time_steps("steps -s 1,3,4 -n 100: the HTML page", page100,
                             3, 0);
    if (r.status == 0) {
        long long size = file_size(page100_path);
        double mb = size / 1e6;
        bench_line("  its size", bench_fmt("%.2f MB", mb),
                   bench_fmt("target < 5 MB: %s", bench_verdict(mb < 5)));
        bench_line("  peak memory", bench_fmt("%.1f MiB",
                                              r.peak_kib / 1024.0), "");
    }

    const char *frames100[] = {"-s", "1,3,4", "-n", "100", "-o",
                               bench_fmt("%s/frames100/", bench_dir), NULL};
    time_steps("steps -s 1,3,4 -n 100: 101 SVG frames", frames100, 2, 0);

    /* The practice page holds the picture in six looks, and the steps
     * encoded: about half as large again as the step page. */
    const char *practice_path = bench_fmt("%s/practice100.html", bench_dir);
    const char *practice[] = {"-s", "1,3,4", "-n", "100", "--practice",
                              "-o", practice_path, NULL};
    r = time_steps("steps -s 1,3,4 -n 100 --practice: the page", practice, 3,
                   2.0);
    if (r.status == 0) {
        double mb = file_size(practice_path) / 1e6;
        bench_line("  its size", bench_fmt("%.2f MB", mb),
                   bench_fmt("target < 5 MB: %s", bench_verdict(mb < 5)));
    }
}
