/*
 * bench_judge.c - `sgviz solve --judge` on the worst cases the problems
 * allow, beside a straightforward C solution of each compiled into the
 * bench: the figure a contestant's own program reaches.
 */
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15u;
static unsigned next_random(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* S-Nim's worst case: 100 sets of 100 amounts up to 10^4, each with 100
 * games of 100 heaps up to 10^4; then the closing 0. */
static bool write_snim(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    for (int c = 0; c < 100; c++) {
        fputs("100", f);
        for (int i = 0; i < 100; i++)
            fprintf(f, " %u", 1 + next_random(10000));
        fputs("\n100\n", f);
        for (int g = 0; g < 100; g++) {
            fputs("100", f);
            for (int i = 0; i < 100; i++)
                fprintf(f, " %u", next_random(10001));
            fputc('\n', f);
        }
    }
    fputs("0\n", f);
    return fclose(f) == 0;
}

/* The solution as contestants write it: scanf the set and the games, a
 * table of sg per set up to the largest heap (a mark array cleared for
 * each position, O(h * k)), printf the letters.  Returns its time. */
static double snim_reference(const char *in_path, const char *out_path)
{
    double start = bench_now();
    FILE *in = fopen(in_path, "r"), *out = fopen(out_path, "w");
    static int s[100], heaps[100][100], len[100], sg[10001];
    int k, m;
    if (!in || !out)
        return -1;
    while (fscanf(in, "%d", &k) == 1 && k) {
        for (int i = 0; i < k; i++)
            if (fscanf(in, "%d", &s[i]) != 1)
                return -1;
        if (fscanf(in, "%d", &m) != 1)
            return -1;
        int top = 0;
        for (int g = 0; g < m; g++) {
            if (fscanf(in, "%d", &len[g]) != 1)
                return -1;
            for (int i = 0; i < len[g]; i++) {
                if (fscanf(in, "%d", &heaps[g][i]) != 1)
                    return -1;
                if (heaps[g][i] > top)
                    top = heaps[g][i];
            }
        }
        for (int x = 0; x <= top; x++) {
            char seen[102];
            memset(seen, 0, sizeof seen);
            for (int i = 0; i < k; i++)
                if (s[i] <= x)
                    seen[sg[x - s[i]]] = 1;
            int v = 0;
            while (seen[v])
                v++;
            sg[x] = v;
        }
        for (int g = 0; g < m; g++) {
            int x = 0;
            for (int i = 0; i < len[g]; i++)
                x ^= sg[heaps[g][i]];
            fputc(x ? 'W' : 'L', out);
        }
        fputc('\n', out);
    }
    fclose(in);
    fclose(out);
    return bench_now() - start;
}

static bool same_contents(const char *a, const char *b)
{
    FILE *x = fopen(a, "r"), *y = fopen(b, "r");
    bool same = x && y;
    while (same) {
        int c = getc(x), d = getc(y);
        if (c != d)
            same = false;
        if (c == EOF || d == EOF)
            break;
    }
    if (x)
        fclose(x);
    if (y)
        fclose(y);
    return same;
}

static void bench_snim(void)
{
    char in[300], out[300], ref[300];
    snprintf(in, sizeof in, "%s/snim.txt", bench_dir);
    snprintf(out, sizeof out, "%s/snim-sgviz.txt", bench_dir);
    snprintf(ref, sizeof ref, "%s/snim-reference.txt", bench_dir);
    if (!write_snim(in)) {
        bench_line("S-Nim input", "FAILED", "cannot write it");
        return;
    }
    const char *argv[] = {bench_sgviz, "solve", "--judge", "hdu1536", NULL};
    bench_run r = bench_best(5, argv, in, out, 120);
    double best_ref = -1;
    for (int i = 0; i < 5; i++) {
        double t = snim_reference(in, ref);
        if (t >= 0 && (best_ref < 0 || t < best_ref))
            best_ref = t;
    }
    if (r.status != 0 || best_ref < 0) {
        bench_line("solve --judge hdu1536", "FAILED",
                   r.timed_out ? "timed out" : "non-zero exit");
        return;
    }
    bench_line("solve --judge hdu1536, worst case",
               bench_fmt("%.3f s", r.seconds),
               bench_fmt("peak %.1f MiB", r.peak_kib / 1024.0));
    bench_line("  C solution (scanf, table per set, compiled in)",
               bench_fmt("%.3f s", best_ref),
               bench_fmt("sgviz / C: %.2fx, target <= 1: %s",
                         r.seconds / best_ref,
                         bench_verdict(r.seconds <= best_ref)));
    bool same = same_contents(out, ref);
    bench_line("  answers of sgviz and of the C solution",
               same ? "equal" : "DIFFER", bench_verdict(same));
    remove(in);
    remove(out);
    remove(ref);
}

/* Digital Deletions as a game defined in C (examples/c): every string of
 * up to 6 digits explored, numbered and computed, checked against the
 * example's own brute force.  The example is built beside sgviz. */
static void bench_digital_deletions(void)
{
    char path[300];
    const char *slash = strrchr(bench_sgviz, '/');
    snprintf(path, sizeof path, "%.*sexamples/digital_deletions",
             slash ? (int)(slash - bench_sgviz + 1) : 0, bench_sgviz);
    const char *argv[] = {path, NULL};
    bench_run r = bench_best(3, argv, NULL, NULL, 120);
    if (r.status != 0) {
        bench_line("examples/c/digital_deletions", "FAILED",
                   r.timed_out ? "timed out" : "non-zero exit (not built?)");
        return;
    }
    bench_line("Digital Deletions in C, 1,111,111 positions",
               bench_fmt("%.2f s", r.seconds),
               bench_fmt("peak %.0f MiB; target: seconds", r.peak_kib / 1024.0));
}

void bench_judges(void)
{
    bench_section("Judges' problems: solve --judge, worst cases");
    bench_snim();
    bench_digital_deletions();
}
