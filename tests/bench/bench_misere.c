/*
 * bench_misere.c - misère play: the outcome of random Kayles sums (up to 4
 * heaps of at most 30), where no rule holds and a search decides, or past
 * its first 100,000 positions the misère quotient learned from it, each
 * with the positions examined in all; misère Nim's rule on a judge's input
 * (HDU 1907's format) beside a reference solution compiled in.
 *
 * The sums come from a fixed generator, so every run measures the same
 * ones.
 */
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KAYLES_SUMS 20
#define TARGET_SECONDS 1.0
#define JOHN_CASES 100000

static uint64_t state = 0x853C49E6748FEA9Bu;
static unsigned next(unsigned n)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state % n);
}

/* The positions a `solve --misere` answer says its search examined (for
 * the quotient, in learning it), or -1 when it does not say. */
static long long searched_in(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    long long n = -1;
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "a search over ");
        if (p)
            n = atoll(p + strlen("a search over "));
    }
    fclose(f);
    return n;
}

static void kayles_sums(void)
{
    char out[512];
    snprintf(out, sizeof out, "%s/misere.out", bench_dir);
    int met = 0, answered = 0;
    double worst = 0;
    for (int s = 0; s < KAYLES_SUMS; s++) {
        unsigned k = 1 + next(4);
        char heaps[64] = "", what[96] = "Kayles";
        for (unsigned i = 0; i < k; i++) {
            unsigned h = next(31);
            snprintf(heaps + strlen(heaps), sizeof heaps - strlen(heaps),
                     " %u", h);
            snprintf(what + strlen(what), sizeof what - strlen(what),
                     "%s%u", i ? "+" : " ", h);
        }
        /* A refusal's message would land in the middle of the table. */
        char cmd[512];
        snprintf(cmd, sizeof cmd, "exec \"$0\" solve -t 0.77 --misere%s "
                 "2>/dev/null", heaps);
        const char *argv[] = {"sh", "-c", cmd, bench_sgviz, NULL};
        bench_run r = bench_exec(argv, NULL, out, 120);
        long long n = searched_in(out);
        bool ok = r.status == 0 && r.seconds < TARGET_SECONDS;
        met += ok;
        answered += r.status == 0;
        if (r.seconds > worst)
            worst = r.seconds;
        const char *note;
        if (r.status == 0)
            note = bench_fmt("%lld positions; < 1 s: %s", n,
                             bench_verdict(ok));
        else if (r.status == 2)
            note = "beyond the bound (2000000 positions): refused";
        else
            note = r.timed_out ? "stopped at 120 s" : "failed";
        bench_line(what, bench_fmt("%.3f s", r.seconds), note);
    }
    bench_line("sums answered within the bound",
               bench_fmt("%d of %d", answered, KAYLES_SUMS), "");
    bench_line("sums answered in under a second",
               bench_fmt("%d of %d", met, KAYLES_SUMS),
               bench_fmt("slowest %.2f s; target all: %s", worst,
                         bench_verdict(met == KAYLES_SUMS)));
}

/* Misère Nim the way contestants write it: with every heap 1, the first
 * player wins when their number is even; otherwise when the XOR is not 0. */
static void reference_john(const char *in, const char *out)
{
    FILE *f = fopen(in, "r"), *g = fopen(out, "w");
    int t = 0;
    if (!f || !g || fscanf(f, "%d", &t) != 1)
        t = 0;
    while (t-- > 0) {
        int n = 0;
        if (fscanf(f, "%d", &n) != 1)
            break;
        unsigned x = 0;
        int big = 0;
        for (int i = 0; i < n; i++) {
            unsigned h = 0;
            if (fscanf(f, "%u", &h) != 1)
                break;
            x ^= h;
            big |= h > 1;
        }
        fputs((big ? x != 0 : n % 2 == 0) ? "John\n" : "Brother\n", g);
    }
    if (f)
        fclose(f);
    if (g)
        fclose(g);
}

static void john(void)
{
    char in[512], out[512], want[512];
    snprintf(in, sizeof in, "%s/john.in", bench_dir);
    snprintf(out, sizeof out, "%s/john.out", bench_dir);
    snprintf(want, sizeof want, "%s/john.want", bench_dir);
    FILE *f = fopen(in, "w");
    if (!f)
        return;
    fprintf(f, "%d\n", JOHN_CASES);
    for (int c = 0; c < JOHN_CASES; c++) {
        unsigned n = 1 + next(47), big = next(2) ? 4747 : 2;
        fprintf(f, "%u\n", n);
        for (unsigned i = 0; i < n; i++)
            fprintf(f, "%s%u", i ? " " : "", 1 + next(big));
        fputc('\n', f);
    }
    fclose(f);
    const char *argv[] = {bench_sgviz, "solve", "-s", "all", "--misere",
                          "--counted", "--names", "John,Brother", NULL};
    bench_run r = bench_best(3, argv, in, out, 60);
    double t0 = bench_now();
    reference_john(in, want);
    double ref = bench_now() - t0;
    bench_line("solve -s all --misere --counted, 10^5 cases",
               bench_fmt("%.3f s", r.seconds), "HDU 1907's format");
    bench_line("reference solution (scanf/printf, compiled in)",
               bench_fmt("%.3f s", ref),
               bench_fmt("sgviz / reference: %.2fx", r.seconds / ref));
    bench_line("answers of sgviz and of the reference",
               bench_same_file(out, want) ? "equal" : "differ",
               bench_verdict(r.status == 0 && bench_same_file(out, want)));
}

void bench_misere(void)
{
    bench_section("Misère play: solve --misere");
    kayles_sums();
    john();
}
