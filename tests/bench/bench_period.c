/*
 * bench_period.c - the period search: its time per value computed, for
 * periods from 7 to over a million, beside the engine alone computing the
 * same values; and sg of heaps near 2^63 through the lookup.
 *
 * The sets with long periods are drawn by a fixed generator, so that every
 * run measures the same sets: dense sets of 70 to 80 amounts below 100 to
 * 160 have periods from hundreds to over a million, and preperiods as long.
 */
#include "bench.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A set of COUNT distinct amounts in 1..MAXA, drawn by a 64-bit linear
 * congruential generator from SEED, written as a spec into BUF. */
static void draw_set(uint64_t seed, unsigned count, unsigned maxa, char *buf,
                     size_t size)
{
    unsigned char used[1024] = {0};
    size_t len = 0;
    buf[0] = '\0';
    for (unsigned have = 0; have < count;) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        unsigned a = 1 + (unsigned)((seed >> 33) % maxa);
        if (used[a])
            continue;
        used[a] = 1;
        have++;
    }
    for (unsigned a = 1; a <= maxa; a++)
        if (used[a])
            len += (size_t)snprintf(buf + len, size - len, "%s%u",
                                    len ? "," : "", a);
}

/* Seconds in the unit that suits them. */
static const char *human_time(double s)
{
    if (s < 1e-3)
        return bench_fmt("%.1f us", s * 1e6);
    if (s < 1.0)
        return bench_fmt("%.2f ms", s * 1e3);
    return bench_fmt("%.2f s", s);
}

typedef struct measured {
    double search;    /* seconds for sg_period_find */
    double engine;    /* seconds for the engine alone, same values */
    uint64_t n0, p, k, computed;
    int found;
} measured;

static measured measure(const char *spec, int repeat)
{
    measured m = {0, 0, 0, 0, 0, 0, 0};
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, spec, "bench");
    if (!g) {
        sg_ctx_free(ctx);
        return m;
    }
    for (int i = 0; i < repeat; i++) {
        double t = bench_now();
        sg_period *r = sg_period_find(ctx, g, 0);
        t = bench_now() - t;
        if (!r)
            break;
        const sg_period_info *info = sg_period_info_of(r);
        m.found = info->found;
        m.n0 = info->preperiod;
        m.p = info->period;
        m.k = info->max_amount;
        m.computed = info->computed;
        if (i == 0 || t < m.search)
            m.search = t;
        sg_period_free(r);
    }
    for (int i = 0; i < repeat && m.computed; i++) {
        double t = bench_now();
        sg_compute(ctx, g, m.computed - 1, NULL, NULL);
        t = bench_now() - t;
        if (i == 0 || t < m.engine)
            m.engine = t;
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
    return m;
}

void bench_period(void)
{
    bench_section("Period search: time per value computed, beside the engine "
                  "alone");
    static const struct {
        const char *what;
        uint64_t seed;     /* 0: SPEC is given */
        unsigned count, maxa;
        const char *spec;
        int repeat;
    } sets[] = {
        {"{1,3,4}", 0, 0, 0, "1,3,4", 5},
        {"{2,4,7}", 0, 0, 0, "2,4,7", 5},
        {"{5,44,49}", 0, 0, 0, "5,44,49", 5},
        {"{1..1000} (1000 amounts)", 0, 0, 0, "1..1000", 3},
        {"4 amounts below 1000", 3, 4, 1000, NULL, 3},
        {"70 amounts below 100", 3, 70, 100, NULL, 3},
        {"70 amounts below 100", 1, 70, 100, NULL, 3},
        {"80 amounts below 150", 2, 80, 150, NULL, 2},
        {"80 amounts below 150", 4, 80, 150, NULL, 1},
        {"75 amounts below 160", 12, 75, 160, NULL, 1},
    };
    size_t n = sizeof sets / sizeof sets[0];
    char spec[4096];
    /* Among the dense sets (the same engine path, about the same number of
     * amounts): the runs with the shortest and the longest period. */
    measured shortest = {0, 0, 0, UINT64_MAX, 0, 0, 0}, longest = shortest;
    longest.p = 0;
    uint64_t largest_p = 0;
    char largest_spec[4096] = "";
    bool all_found = true;
    for (size_t i = 0; i < n; i++) {
        if (sets[i].spec)
            snprintf(spec, sizeof spec, "%s", sets[i].spec);
        else
            draw_set(sets[i].seed, sets[i].count, sets[i].maxa, spec,
                     sizeof spec);
        measured m = measure(spec, sets[i].repeat);
        if (!m.found) {
            all_found = false;
            bench_line(sets[i].what, "no period", "within the default limit");
            continue;
        }
        double ns = m.search / (double)m.computed * 1e9;
        double ratio = m.engine > 0 ? m.search / m.engine : 0;
        bench_line(bench_fmt("%s: k %llu", sets[i].what,
                             (unsigned long long)m.k),
                   bench_fmt("n0 %llu, p %llu", (unsigned long long)m.n0,
                             (unsigned long long)m.p),
                   bench_fmt("%llu values", (unsigned long long)m.computed));
        bench_line("    search / engine alone, same values",
                   bench_fmt("%s / %s", human_time(m.search),
                             human_time(m.engine)),
                   bench_fmt("%.2fx, %.1f ns/value", ratio, ns));
        if (sets[i].count >= 64 && m.p < shortest.p)
            shortest = m;
        if (sets[i].count >= 64 && m.p > longest.p)
            longest = m;
        if (m.p > largest_p) {
            largest_p = m.p;
            snprintf(largest_spec, sizeof largest_spec, "%s", spec);
        }
    }
    /* Near-linear: the time per value computed stays flat from the shortest
     * period to the longest.  Quadratic in the period it would grow with p. */
    double ns_short = shortest.search / (double)shortest.computed * 1e9;
    double ns_long = longest.search / (double)longest.computed * 1e9;
    bench_line(bench_fmt("  ns/value, dense sets, p = %llu vs %llu",
                         (unsigned long long)shortest.p,
                         (unsigned long long)longest.p),
               bench_fmt("%.1f vs %.1f", ns_short, ns_long),
               bench_fmt("near-linear (<= 2x): %s",
                         bench_verdict(all_found && ns_long <= 2 * ns_short)));
    double p_ratio = (double)longest.p / (double)shortest.p;
    bench_line("  time ratio, longest / shortest period",
               bench_fmt("%.0fx", longest.search / shortest.search),
               bench_fmt("values %.0fx, p %.0fx, p^2 %.1ex",
                         (double)longest.computed / (double)shortest.computed,
                         p_ratio, p_ratio * p_ratio));

    /* Peak memory of the longest search, as a process. */
    const char *cmd[] = {bench_sgviz, "period", "-s", largest_spec, "--format",
                         "json", NULL};
    bench_run r = bench_exec(cmd, NULL, NULL, 120);
    if (r.status == 0)
        bench_line(bench_fmt("sgviz period, p = %llu (process)",
                             (unsigned long long)largest_p),
                   bench_fmt("%.2f s", r.seconds),
                   bench_fmt("peak %.1f MiB", r.peak_kib / 1024.0));

    bench_section("Huge heaps through the lookup (certified period)");
    static const struct {
        const char *spec;
        uint64_t x;
        const char *what;
    } huge[] = {
        {"2,5,7", UINT64_C(1000000000000000000), "sg(10^18) of {2,5,7}"},
        {"1,3,4", UINT64_MAX / 2, "sg(2^63-1) of {1,3,4}"},
        {"2,4,7", UINT64_MAX / 2, "sg(2^63-1) of {2,4,7}"},
    };
    sg_ctx *ctx = sg_ctx_new();
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        sg_game *g = sg_game_from_spec(ctx, huge[i].spec, "bench");
        double best = 1e9;
        sg_value v = 0;
        for (int rep = 0; rep < 5 && g; rep++) {
            double t = bench_now();
            sg_lookup *l = sg_lookup_new(ctx, g, huge[i].x);
            if (l)
                v = sg_lookup_get(l, huge[i].x);
            t = bench_now() - t;
            sg_lookup_free(l);
            if (!l)
                break;
            if (t < best)
                best = t;
        }
        /* What computing every value up to x would take instead. */
        char need[160] = "";
        if (g && sg_check_range(ctx, g, huge[i].x) != SG_OK) {
            const char *msg = sg_ctx_message(ctx);
            const char *at = strstr(msg, "need ");
            const char *end = at ? strstr(at, " for") : NULL;
            snprintf(need, sizeof need, "directly: %.*s",
                     end ? (int)(end - at) : 0, at ? at : "");
            sg_ctx_clear(ctx);
        }
        bench_line(bench_fmt("%s = %llu", huge[i].what, (unsigned long long)v),
                   bench_fmt("%.3f ms", best * 1e3),
                   bench_fmt("%s; target milliseconds (< 10 ms): %s", need,
                             bench_verdict(best < 0.010)));
        sg_game_free(g);
    }
    sg_ctx_free(ctx);
}
