/*
 * bench_theory.c - the next chapter's targets: a row of a million coins
 * answered in milliseconds through the single heads' closed forms, a
 * Hackenbush picture of 5000 edges by the principles, and HDU 3595's worst
 * case, each beside the figure a plain C program reaches.
 */
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x2545F4914F6CDD1Du;
static unsigned next_random(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* A row of COINS coins, about half heads, on one line. */
static bool write_row(const char *path, size_t coins)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    for (size_t i = 0; i < coins; i++)
        fputc(next_random(2) ? 'H' : 'T', f);
    fputc('\n', f);
    return fclose(f) == 0;
}

/* The time a C program takes to read the row and nim-sum the odious
 * numbers of its heads: the floor for any way of answering it. */
static double row_reference(const char *path)
{
    double start = bench_now();
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    uint64_t s = 0, n = 0;
    for (int c; (c = getc(f)) != EOF && c != '\n';) {
        n++;
        if (c == 'H') {
            uint64_t e = 2 * (n - 1);
            s ^= __builtin_popcountll(e) % 2 ? e : e + 1;
        }
    }
    fclose(f);
    volatile uint64_t keep = s;
    (void)keep;
    return bench_now() - start;
}

static void bench_rows(void)
{
    char in[300];
    snprintf(in, sizeof in, "%s/row.txt", bench_dir);
    if (!write_row(in, 1000000)) {
        bench_line("a row of 10^6 coins", "FAILED", "cannot write it");
        return;
    }
    static const char *const rules[] = {"mock-turtles", "ruler", "turtles"};
    for (size_t i = 0; i < 3; i++) {
        const char *argv[] = {bench_sgviz, "solve", "-c", rules[i], NULL};
        bench_run r = bench_best(5, argv, in, NULL, 60);
        if (r.status != 0) {
            bench_line("solve -c, a row of 10^6 coins", "FAILED",
                       r.timed_out ? "timed out" : "non-zero exit");
            continue;
        }
        bench_line(bench_fmt("solve -c %s, a row of 10^6 coins", rules[i]),
                   bench_fmt("%.3f s", r.seconds),
                   bench_fmt("target < 0.1 s: %s",
                             bench_verdict(r.seconds < 0.1)));
    }
    double best = -1;
    for (int i = 0; i < 5; i++) {
        double t = row_reference(in);
        if (t >= 0 && (best < 0 || t < best))
            best = t;
    }
    bench_line("  C: read the row, nim-sum the odious numbers",
               bench_fmt("%.3f s", best), "compiled in");
}

/* A random tree of EDGES edges on the ground, with a few cycles. */
static bool write_picture(const char *path, unsigned edges)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs("graph {\n", f);
    for (unsigned i = 1; i <= edges; i++) {
        unsigned parent = i < 100 || next_random(10) ? next_random(i) : 0;
        if (i % 50 == 0)
            parent = i - 1 - next_random(5 < i ? 5 : i);
        if (parent == 0)
            fprintf(f, "ground -- v%u;\n", i);
        else
            fprintf(f, "v%u -- v%u;\n", parent, i);
    }
    fputs("}\n", f);
    return fclose(f) == 0;
}

static void bench_pictures(void)
{
    char in[300];
    snprintf(in, sizeof in, "%s/picture.dot", bench_dir);
    if (!write_picture(in, 5000)) {
        bench_line("a picture of 5000 edges", "FAILED", "cannot write it");
        return;
    }
    const char *value[] = {bench_sgviz, "value", "-H", in, NULL};
    bench_run r = bench_best(3, value, NULL, NULL, 120);
    bench_line("value -H, a picture of 5000 edges",
               r.status ? "FAILED" : bench_fmt("%.3f s", r.seconds),
               "the value of every deletion, by the principles");
    const char *solve[] = {bench_sgviz, "solve", "-H", in, NULL};
    r = bench_best(3, solve, NULL, NULL, 120);
    bench_line("solve -H, the same, with its winning deletions",
               r.status ? "FAILED" : bench_fmt("%.3f s", r.seconds),
               bench_fmt("peak %.1f MiB", r.peak_kib / 1024.0));
}

/* HDU 3595's worst case as its limits allow: 100 cases of 1000 games of
 * piles up to 1000. */
static bool write_ggmm(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    for (int c = 0; c < 100; c++) {
        fputs("1000\n", f);
        for (int g = 0; g < 1000; g++)
            fprintf(f, "%u %u\n", 1 + next_random(1000),
                    1 + next_random(1000));
    }
    return fclose(f) == 0;
}

static int ggmm_step(int a, int b)
{
    if (a < b) {
        int t = a;
        a = b;
        b = t;
    }
    if (b == 0)
        return 0;
    if (a % b == 0)
        return 1;
    int t = ggmm_step(b, a % b);
    return a / b == 1 ? t + 1 : t % 2 ? t + 2 : t + 1;
}

static double ggmm_reference(const char *in_path)
{
    double start = bench_now();
    FILE *in = fopen(in_path, "r");
    if (!in)
        return -1;
    int n, p, q;
    volatile int answers = 0;
    while (fscanf(in, "%d", &n) == 1) {
        int top = 0;
        for (int i = 0; i < n && fscanf(in, "%d %d", &p, &q) == 2; i++) {
            int s = ggmm_step(p, q);
            top = s > top ? s : top;
        }
        answers += top % 2;
    }
    fclose(in);
    /* Read back, so that the answers count as used. */
    if (answers < 0)
        return -1;
    return bench_now() - start;
}

static void bench_ggmm(void)
{
    char in[300];
    snprintf(in, sizeof in, "%s/ggmm.txt", bench_dir);
    if (!write_ggmm(in)) {
        bench_line("HDU 3595 input", "FAILED", "cannot write it");
        return;
    }
    const char *argv[] = {bench_sgviz, "solve", "--judge", "hdu3595", NULL};
    bench_run r = bench_best(5, argv, in, NULL, 60);
    double best = -1;
    for (int i = 0; i < 5; i++) {
        double t = ggmm_reference(in);
        if (t >= 0 && (best < 0 || t < best))
            best = t;
    }
    bench_line("solve --judge hdu3595, 100 cases of 1000 games",
               r.status ? "FAILED" : bench_fmt("%.3f s", r.seconds),
               bench_fmt("C (scanf, the step recursion): %.3f s", best));
}

void bench_theory(void)
{
    bench_section("The next chapter: coins, Hackenbush, Every-SG");
    bench_rows();
    bench_pictures();
    bench_ggmm();
}
