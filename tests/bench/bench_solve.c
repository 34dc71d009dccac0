/*
 * bench_solve.c - sums and DOT games: `sgviz solve` answering 10^6 lines of
 * a judge's input beside a reference solution compiled in, and `sgviz table
 * -g` on a game of 10^6 positions and 5*10^6 moves beside a bare agread()
 * of the same file.  The bare reader includes cgraph itself: it is the
 * figure sgviz is measured against, not part of sgviz.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"

#include <cgraph.h>
#include <gvc.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define JUDGE_LINES 1000000
#define DAG_NODES 1000000
#define DAG_EDGES 5000000

static uint64_t rng = 0x2545F4914F6CDD1Du;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* HDU 1848's input: JUDGE_LINES lines of three heaps from 1 to 1000, then
 * the closing 0 0 0. */
static bool write_judge_input(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    for (int i = 0; i < JUDGE_LINES; i++)
        fprintf(f, "%d %d %d\n", 1 + (int)(next_random() % 1000),
                1 + (int)(next_random() % 1000),
                1 + (int)(next_random() % 1000));
    fputs("0 0 0\n", f);
    return fclose(f) == 0;
}

/* The reference solution as contestants write it: SG values of 0..1000 by
 * the classic template, scanf and printf.  Returns its time. */
static double reference_solution(const char *in_path, const char *out_path)
{
    double start = bench_now();
    FILE *in = fopen(in_path, "r");
    FILE *out = fopen(out_path, "w");
    if (!in || !out)
        return -1;
    int f[20] = {1, 2}, k = 2;
    while (f[k - 1] + f[k - 2] <= 1000) {
        f[k] = f[k - 1] + f[k - 2];
        k++;
    }
    static int sg[1001];
    for (int x = 0; x <= 1000; x++) {
        char seen[32] = {0};
        for (int i = 0; i < k && f[i] <= x; i++)
            seen[sg[x - f[i]]] = 1;
        int m = 0;
        while (seen[m])
            m++;
        sg[x] = m;
    }
    int m, n, p;
    while (fscanf(in, "%d %d %d", &m, &n, &p) == 3 && (m || n || p))
        fputs((sg[m] ^ sg[n] ^ sg[p]) ? "Fibo\n" : "Nacci\n", out);
    fclose(in);
    fclose(out);
    return bench_now() - start;
}

static void bench_judge(void)
{
    char in[300], out[300], ref[300];
    snprintf(in, sizeof in, "%s/judge.txt", bench_dir);
    snprintf(out, sizeof out, "%s/judge-sgviz.txt", bench_dir);
    snprintf(ref, sizeof ref, "%s/judge-reference.txt", bench_dir);
    if (!write_judge_input(in)) {
        bench_line("HDU 1848 input", "FAILED", "cannot write it");
        return;
    }
    const char *argv[] = {bench_sgviz, "solve", "-s", "fib", "--names",
                          "Fibo,Nacci", "--stop-at-zero", NULL};
    bench_run r = bench_best(3, argv, in, out, 60);
    if (r.status != 0) {
        bench_line("sgviz solve, 10^6 lines", "FAILED",
                   r.timed_out ? "timed out" : "non-zero exit");
        return;
    }
    double best_ref = -1;
    for (int i = 0; i < 3; i++) {
        double t = reference_solution(in, ref);
        if (best_ref < 0 || (t >= 0 && t < best_ref))
            best_ref = t;
    }
    bench_line("sgviz solve -s fib --names, 10^6 lines",
               bench_fmt("%.3f s", r.seconds),
               bench_fmt("target < 1 s: %s", bench_verdict(r.seconds < 1.0)));
    bench_line("reference solution (scanf/printf, compiled in)",
               bench_fmt("%.3f s", best_ref),
               bench_fmt("sgviz / reference: %.2fx", r.seconds / best_ref));
    bool same = bench_same_file(out, ref);
    bench_line("  answers of sgviz and of the reference", same ? "equal"
                                                                : "DIFFER",
               bench_verdict(same));
    bench_line("  peak memory of sgviz solve",
               bench_fmt("%.1f MiB", r.peak_kib / 1024.0), NULL);
    remove(in);
    remove(out);
    remove(ref);
}

/* A random game of DAG_NODES positions and DAG_EDGES moves: every edge
 * goes from a node to one declared before it, so the graph is acyclic. */
static bool write_big_dag(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs("digraph big {\n", f);
    for (long i = 0; i < DAG_NODES; i++)
        fprintf(f, "n%ld\n", i);
    for (long e = 0; e < DAG_EDGES; e++) {
        long from = 1 + e % (DAG_NODES - 1);
        long to = (long)(next_random() % (uint64_t)from);
        fprintf(f, "n%ld -> n%ld\n", from, to);
    }
    fputs("}\n", f);
    return fclose(f) == 0;
}

/* Times agread() of PATH and nothing else, in a child process, as the
 * figure a program that reads a DOT file with cgraph cannot beat. */
static bench_run bare_agread(const char *path)
{
    bench_run r = {.seconds = 0.0, .peak_kib = 0, .status = -1};
    double start = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return r;
    if (pid == 0) {
        GVC_t *gvc = gvContext();
        FILE *f = fopen(path, "r");
        Agraph_t *g = f ? agread(f, NULL) : NULL;
        (void)gvc;
        _exit(g && agnnodes(g) == DAG_NODES ? 0 : 1);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return r;
    r.seconds = bench_now() - start;
    r.peak_kib = ru.ru_maxrss;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

static void bench_big_dag(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/big.dot", bench_dir);
    double start = bench_now();
    if (!write_big_dag(path)) {
        bench_line("DOT game of 10^6 nodes", "FAILED", "cannot write it");
        return;
    }
    bench_line("writing a DOT game, 10^6 nodes, 5*10^6 edges",
               bench_fmt("%.1f s", bench_now() - start), "(set-up)");
    /* One run each, side by side: each takes half a minute and more than a
     * gigabyte, so repeating them would burden a shared machine. */
    bench_run bare = bare_agread(path);
    const char *argv[] = {bench_sgviz, "table", "-g", path, "--format",
                          "none", NULL};
    bench_run r = bench_exec(argv, NULL, NULL, 600);
    remove(path);
    if (bare.status != 0 || r.status != 0) {
        bench_line("table -g on 10^6 nodes", "FAILED",
                   bare.status != 0 ? "the bare agread failed"
                                    : r.timed_out ? "timed out"
                                                  : "non-zero exit");
        return;
    }
    double ratio = r.seconds / bare.seconds;
    bench_line("bare agread() of the file (cgraph alone)",
               bench_fmt("%.1f s", bare.seconds),
               bench_fmt("peak %.0f MiB", bare.peak_kib / 1024.0));
    bench_line("sgviz table -g --format none",
               bench_fmt("%.1f s", r.seconds),
               bench_fmt("peak %.0f MiB", r.peak_kib / 1024.0));
    bench_line("  ratio sgviz / bare agread", bench_fmt("%.2fx", ratio),
               bench_fmt("target <= 1.30x: %s", bench_verdict(ratio <= 1.3)));
}

/* A heap read from standard input is answered as soon as a table reaches
 * it, as one named on the command line is: no period search runs first.
 * The set: 100 amounts up to 10^4, whose period search up to its default
 * limit would examine 10^9 moves. */
static void bench_first_answer(void)
{
    char in[300], spec[1024];
    snprintf(in, sizeof in, "%s/first.txt", bench_dir);
    size_t used = 0;
    for (int i = 0; i < 100; i++)
        used += (size_t)snprintf(spec + used, sizeof spec - used, "%s%d",
                                 i ? "," : "", 100 * i + 1 + (int)(next_random() % 100));
    FILE *f = fopen(in, "w");
    if (!f || fputs("10000\n", f) < 0 || fclose(f) != 0) {
        bench_line("first answer", "FAILED", "cannot write the input");
        return;
    }
    const char *piped[] = {bench_sgviz, "solve", "-s", spec, NULL};
    const char *named[] = {bench_sgviz, "solve", "-s", spec, "10000", NULL};
    bench_run a = bench_best(3, piped, in, NULL, 60);
    bench_run b = bench_best(3, named, NULL, NULL, 60);
    remove(in);
    if (a.status != 0 || b.status != 0) {
        bench_line("first answer", "FAILED", "non-zero exit");
        return;
    }
    bench_line("echo 10000 | solve -s S (100 amounts to 10^4)",
               bench_fmt("%.3f s", a.seconds), NULL);
    bench_line("solve -s S 10000", bench_fmt("%.3f s", b.seconds),
               bench_fmt("stdin / command line: %.2fx", a.seconds / b.seconds));
}

void bench_solve(void)
{
    bench_section("Sums and DOT games: solve and table -g");
    bench_judge();
    bench_first_answer();
    bench_big_dag();
}
