/*
 * bench_engine.c - the engine: `sgviz table --format none` for N = 10^8
 * beside a bare loop written for S = {1,3,4} alone, the classic
 * clear-and-scan template, and the memory each uses.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define N_BIG 100000000ULL
#define N_CLASSIC 200000ULL

/* The fastest plain C for one set: the amounts are constants, the marks
 * of the mex fit in a word.  `volatile` keeps the result alive. */
static double bare_loop(uint64_t n)
{
    double start = bench_now();
    uint8_t *sg = malloc(n + 1);
    if (!sg)
        return -1;
    sg[0] = 0;
    sg[1] = 1;
    sg[2] = 0;
    sg[3] = 1;
    for (uint64_t x = 4; x <= n; x++) {
        unsigned m = (1u << sg[x - 1]) | (1u << sg[x - 3]) | (1u << sg[x - 4]);
        sg[x] = (uint8_t)__builtin_ctz(~m);
    }
    volatile uint8_t last = sg[n];
    (void)last;
    free(sg);
    return bench_now() - start;
}

/* The classic template of the teaching notes: clear an N-sized "seen" array
 * for every position, mark, scan.  O(N^2). */
static double classic_loop(uint64_t n)
{
    double start = bench_now();
    static const unsigned s[] = {1, 3, 4};
    uint8_t *sg = malloc(n + 1);
    uint8_t *seen = malloc(n + 2);
    if (!sg || !seen)
        return -1;
    for (uint64_t x = 0; x <= n; x++) {
        memset(seen, 0, n + 2);
        for (int i = 0; i < 3; i++)
            if (s[i] <= x)
                seen[sg[x - s[i]]] = 1;
        unsigned m = 0;
        while (seen[m])
            m++;
        sg[x] = (uint8_t)m;
    }
    volatile uint8_t last = sg[n];
    (void)last;
    free(sg);
    free(seen);
    return bench_now() - start;
}

/* Runs the library's engine keeping every value, in a child process, and
 * returns the child's peak memory in KiB (or -1). */
static long keep_all_peak(uint64_t n, double *seconds)
{
    double start = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        sg_ctx *ctx = sg_ctx_new();
        sg_game *g = sg_game_from_spec(ctx, "1,3,4", "bench");
        sg_values *v = NULL;
        int ok = g && sg_compute(ctx, g, n, NULL, &v) == SG_OK &&
                 sg_values_get(v, n) == (sg_value)("0101232"[n % 7] - '0');
        sg_values_free(v);
        sg_game_free(g);
        sg_ctx_free(ctx);
        _exit(ok ? 0 : 1);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return -1;
    *seconds = bench_now() - start;
    return ru.ru_maxrss;
}

void bench_engine(void)
{
    bench_section("Engine: sg(0..N) for S = {1,3,4}");
    char n_arg[32];
    snprintf(n_arg, sizeof n_arg, "%llu", N_BIG);
    const char *table[] = {bench_sgviz, "table", "-s", "1,3,4", "-n", n_arg,
                     "--format", "none", NULL};
    bench_run r = bench_best(3, table, NULL, NULL, 120);
    double bare = bare_loop(N_BIG);
    for (int i = 0; i < 2; i++) {
        double t = bare_loop(N_BIG);
        if (t < bare)
            bare = t;
    }
    double classic = classic_loop(N_CLASSIC);
    double keep_seconds = 0;
    long keep_kib = keep_all_peak(N_BIG, &keep_seconds);

    if (r.status != 0) {
        bench_line("sgviz table --format none, N = 10^8", "FAILED",
                   r.timed_out ? "timed out" : "non-zero exit");
        return;
    }
    double ratio = r.seconds / bare;
    bench_line("sgviz table -n 10^8 --format none",
               bench_fmt("%.3f s", r.seconds),
               bench_fmt("%.0f M positions/s", N_BIG / r.seconds / 1e6));
    bench_line("bare loop for {1,3,4} (compiled in), N = 10^8",
               bench_fmt("%.3f s", bare),
               bench_fmt("%.0f M positions/s", N_BIG / bare / 1e6));
    bench_line("  ratio sgviz / bare loop", bench_fmt("%.2fx", ratio),
               bench_fmt("target <= 1.30x: %s", bench_verdict(ratio <= 1.3)));
    bench_line("classic clear-and-scan, N = 200000",
               bench_fmt("%.3f s", classic),
               bench_fmt("%.2f M positions/s", N_CLASSIC / classic / 1e6));
    bench_line("  speed sgviz / classic (positions per second)",
               bench_fmt("%.0fx", (N_BIG / r.seconds) / (N_CLASSIC / classic)),
               "classic is O(N^2); at N = 10^8 it would take days");
    double bpp = r.peak_kib * 1024.0 / (double)N_BIG;
    bench_line("peak memory, table --format none (streams)",
               bench_fmt("%.1f MiB", r.peak_kib / 1024.0),
               bench_fmt("%.3f bytes/position; target <= 1.2: %s", bpp,
                         bench_verdict(bpp <= 1.2)));
    if (keep_kib > 0) {
        double kbpp = keep_kib * 1024.0 / (double)N_BIG;
        bench_line("peak memory, library keeping every value",
                   bench_fmt("%.1f MiB", keep_kib / 1024.0),
                   bench_fmt("%.3f bytes/position (%.2f s); target <= 1.2: %s",
                             kbpp, keep_seconds, bench_verdict(kbpp <= 1.2)));
    }

    /* A long trace streams: its memory does not grow with N. */
    const char *trace_small[] = {bench_sgviz, "trace", "-s", "1,3,4", "-n",
                           "100000", NULL};
    const char *trace_big[] = {bench_sgviz, "trace", "-s", "1,3,4", "-n",
                         "10000000", NULL};
    bench_run ts = bench_exec(trace_small, NULL, NULL, 60);
    bench_run tb = bench_exec(trace_big, NULL, NULL, 300);
    if (ts.status == 0 && tb.status == 0) {
        bench_line("trace -n 10^5 (to /dev/null)",
                   bench_fmt("%.2f s", ts.seconds),
                   bench_fmt("peak %.1f MiB", ts.peak_kib / 1024.0));
        bench_line("trace -n 10^7 (to /dev/null)",
                   bench_fmt("%.2f s", tb.seconds),
                   bench_fmt("peak %.1f MiB: constant memory: %s",
                             tb.peak_kib / 1024.0,
                             bench_verdict(tb.peak_kib <= ts.peak_kib + 1024)));
    } else {
        bench_line("trace -n 10^7", "FAILED", NULL);
    }
}
