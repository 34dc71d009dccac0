/*
 * bench_takebreak.c - take-and-break codes: certifying the long periods of
 * 0.16 and 0.56 (the published rare-value solvers take under a second),
 * the values of 0.6, whose period is unknown, per value beside the plain
 * method at the same heaps, and the bytes each value takes.
 *
 * The plain method is written here, as every textbook writes it: for each
 * heap, mark the value of every option and take the least unmarked one.
 * Running it to 2^20 heaps would take minutes, so it computes the last
 * heaps below 2^20 only, from the values the library computed before them:
 * the same work per heap as a full plain run has there.
 */
#include "bench.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Heaps of 0.6 whose values the bench computes, and how many of the last
 * ones the plain method computes again. */
#define HEAPS_06 (UINT64_C(1) << 20)
#define PLAIN_HEAPS 200

/* The peak memory of `sgviz table -t CODE -n N --format none`. */
static long table_peak(const char *code, uint64_t n)
{
    char last[32];
    snprintf(last, sizeof last, "%llu", (unsigned long long)n);
    const char *cmd[] = {bench_sgviz, "table", "-t", code, "-n", last,
                         "--format", "none", NULL};
    bench_run r = bench_exec(cmd, NULL, NULL, 600);
    return r.status == 0 ? r.peak_kib : -1;
}

/* sg(n) of 0.6 (take one token, leave one or two heaps) the plain way,
 * from the values below n. */
static unsigned plain_06(const uint16_t *sg, uint64_t n, unsigned char *seen,
                         size_t size)
{
    memset(seen, 0, size);
    if (n >= 2)
        seen[sg[n - 1]] = 1;
    for (uint64_t a = 1; n >= 3 && 2 * a <= n - 1; a++)
        seen[sg[a] ^ sg[n - 1 - a]] = 1;
    unsigned v = 0;
    while (seen[v])
        v++;
    return v;
}

static void certify(const char *code, uint64_t want_n0, uint64_t want_p)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, code, "bench");
    double best = 1e9;
    sg_period_info info;
    memset(&info, 0, sizeof info);
    for (int rep = 0; rep < 3 && g; rep++) {
        double t = bench_now();
        sg_period *r = sg_period_find(ctx, g, 0);
        t = bench_now() - t;
        if (!r)
            break;
        info = *sg_period_info_of(r);
        sg_period_free(r);
        if (t < best)
            best = t;
    }
    bool right = info.found && info.preperiod == want_n0 &&
                 info.period == want_p;
    bench_line(bench_fmt("period -t %s: n0 %llu, p %llu", code,
                         (unsigned long long)info.preperiod,
                         (unsigned long long)info.period),
               bench_fmt("%.3f s", best),
               bench_fmt("%llu values; published %llu/%llu %s; target < 1 s: "
                         "%s",
                         (unsigned long long)info.computed,
                         (unsigned long long)want_n0,
                         (unsigned long long)want_p, right ? "agrees" : "DIFFERS",
                         bench_verdict(right && best < 1.0)));
    sg_game_free(g);
    sg_ctx_free(ctx);
}

void bench_takebreak(void)
{
    bench_section("Take-and-break codes: the rare-value method");
    certify("0.16", 105351, 149459);
    certify("0.56", 326640, 144);

    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, "0.6", "bench");
    double t = bench_now();
    sg_values *v = NULL;
    if (g)
        sg_compute(ctx, g, HEAPS_06 - 1, NULL, &v);
    t = bench_now() - t;
    if (!v) {
        bench_line("values of 0.6", "failed", sg_ctx_message(ctx));
        sg_game_free(g);
        sg_ctx_free(ctx);
        return;
    }
    /* The plain method over the last heaps, from the library's values. */
    uint16_t *sg = malloc(HEAPS_06 * sizeof *sg);
    size_t size = 2 * 65536;
    unsigned char *seen = malloc(size);
    if (!sg || !seen)
        abort();
    for (uint64_t x = 0; x < HEAPS_06; x++)
        sg[x] = (uint16_t)sg_values_get(v, x);
    bool agree = true;
    double p = bench_now();
    for (uint64_t n = HEAPS_06 - PLAIN_HEAPS; n < HEAPS_06; n++)
        agree &= plain_06(sg, n, seen, size) == sg[n];
    p = bench_now() - p;
    double fast_us = t / (double)HEAPS_06 * 1e6;
    double plain_us = p / PLAIN_HEAPS * 1e6;
    double plain_all = 0;
    for (uint64_t n = 3; n < HEAPS_06; n++)
        plain_all += (double)(n - 1) / 2.0;
    /* The plain method's time for every heap, from its time per split at
     * the last heaps. */
    double per_split = p / ((double)PLAIN_HEAPS * (double)(HEAPS_06 / 2));
    bench_line("0.6, sg(0..2^20-1): whole run", bench_fmt("%.2f s", t),
               bench_fmt("largest value %llu; plain method estimated %.0f s",
                         (unsigned long long)sg_values_max(v),
                         plain_all * per_split));
    bench_line("  time per value near 2^20: rare values / plain",
               bench_fmt("%.2f us / %.0f us", fast_us, plain_us),
               bench_fmt("%.0fx faster; plain agrees on the last %d: %s",
                         plain_us / fast_us, PLAIN_HEAPS,
                         agree ? "yes" : "NO"));
    /* The process's peak for 2^20 heaps less its peak for 2^17: what the
     * values between take.  Both runs last long enough for their own peak
     * to be read while they run (bench_exec). */
    long big = table_peak("0.6", HEAPS_06 - 1);
    long small = table_peak("0.6", HEAPS_06 / 8 - 1);
    if (small <= 0 || big < small)
        small = big = -1;
    double per = (double)(big - small) * 1024.0 / (double)(HEAPS_06 -
                                                            HEAPS_06 / 8);
    bench_line("  memory per value (sgviz table, 2^20 less 2^17 heaps)",
               bench_fmt("%.2f bytes", per),
               bench_fmt("%u bytes stored; target <= 2: %s",
                         sg_values_width(v),
                         bench_verdict(big > 0 && small > 0 && per <= 2.1)));
    free(sg);
    free(seen);
    sg_values_free(v);
    sg_game_free(g);
    sg_ctx_free(ctx);
}
