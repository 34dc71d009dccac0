/*
 * bench_check.c - `sgviz check`: a class of 200 homework files (N = 1000,
 * every input form) checked in one run, beside the same files checked one
 * run per file; and one sheet at the bound of 10^6 positions, its time and
 * peak memory.
 */
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CLASS_SIZE 200
#define CLASS_N 1000
#define BIG_N 999999

/* The true values of {1,3,4}: period 7. */
static unsigned truth(uint64_t x) { return (unsigned)("0101232"[x % 7] - '0'); }

/* Writes student I's table: every fifth student makes the classic slip at
 * x = 6 and follows it; the layout turns through the five forms.  Returns
 * the number of wrong entries, counted here. */
static unsigned write_student(const char *dir, int i)
{
    char path[512];
    static const char *const ext[] = {"rows.txt", "pairs.txt", "csv",
                                      "list.txt", "pn.txt"};
    snprintf(path, sizeof path, "%s/student%03d.%s", dir, i, ext[i % 5]);
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    static unsigned v[CLASS_N + 1];
    unsigned wrong = 0;
    for (unsigned x = 0; x <= CLASS_N; x++) {
        if (i % 5 != 4 && i % 7 == 0) {
            /* The student's own mex, with the slip at 6. */
            unsigned m = 0, seen = 0;
            if (x >= 1) seen |= 1u << v[x - 1];
            if (x >= 3) seen |= 1u << v[x - 3];
            if (x >= 4) seen |= 1u << v[x - 4];
            while (seen & (1u << m))
                m++;
            v[x] = x == 6 ? 1 : m;
        } else {
            v[x] = truth(x);
        }
        wrong += v[x] != truth(x);
    }
    switch (i % 5) {
    case 0:
        fputs("x ", f);
        for (unsigned x = 0; x <= CLASS_N; x++)
            fprintf(f, " %u", x);
        fputs("\nsg", f);
        for (unsigned x = 0; x <= CLASS_N; x++)
            fprintf(f, " %u", v[x]);
        fputc('\n', f);
        break;
    case 1:
        for (unsigned x = 0; x <= CLASS_N; x++)
            fprintf(f, "sg(%u) = %u\n", x, v[x]);
        break;
    case 2:
        fputs("x,sg,pn\n", f);
        for (unsigned x = 0; x <= CLASS_N; x++)
            fprintf(f, "%u,%u,%c\n", x, v[x], v[x] ? 'N' : 'P');
        break;
    case 3:
        for (unsigned x = 0; x <= CLASS_N; x++)
            fprintf(f, "%u%c", v[x], x % 20 == 19 ? '\n' : ' ');
        fputc('\n', f);
        break;
    default:
        for (unsigned x = 0; x <= CLASS_N; x++)
            fputc(v[x] ? 'N' : 'P', f);
        fputc('\n', f);
        break;
    }
    fclose(f);
    return wrong;
}

/* Counts the CSV gradebook's rows and their wrong entries (total and
 * correct are its fifth and sixth fields; the bench's file names hold no
 * comma). */
static int read_gradebook(const char *path, unsigned *wrong)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int rows = 0;
    *wrong = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned total, correct;
        char *comma = line;
        for (int k = 0; k < 4 && comma; k++)
            comma = strchr(comma + (k > 0), ',');
        if (comma && sscanf(comma + 1, "%u,%u", &total, &correct) == 2) {
            rows++;
            *wrong += total - correct;
        }
    }
    fclose(f);
    return rows;
}

void bench_check(void)
{
    bench_section("Check: homework sheets of S = {1,3,4}");
    char dir[300];
    snprintf(dir, sizeof dir, "%s/class", bench_dir);
    mkdir(dir, 0755);
    unsigned wrong = 0;
    for (int i = 0; i < CLASS_SIZE; i++)
        wrong += write_student(dir, i);

    char n_arg[16], book[320];
    snprintf(n_arg, sizeof n_arg, "%d", CLASS_N);
    snprintf(book, sizeof book, "%s/book.csv", bench_dir);
    const char *class_run[] = {bench_sgviz, "check", "-s", "1,3,4", "-n",
                               n_arg, "--format", "csv", dir, NULL};
    bench_run r = bench_best(3, class_run, NULL, book, 60);
    unsigned seen_wrong = 0;
    int rows = read_gradebook(book, &seen_wrong);
    /* Exit status 1: some students have errors. */
    if (r.status != 1 || rows != CLASS_SIZE || seen_wrong != wrong) {
        bench_line("check of a class of 200", "FAILED",
                   bench_fmt("status %d, %d rows, %u wrong (expected %u)",
                             r.status, rows, seen_wrong, wrong));
        return;
    }
    /* The same files, one run each. */
    double one_by_one = bench_now();
    for (int i = 0; i < CLASS_SIZE; i++) {
        char path[512];
        static const char *const ext[] = {"rows.txt", "pairs.txt", "csv",
                                          "list.txt", "pn.txt"};
        snprintf(path, sizeof path, "%s/student%03d.%s", dir, i, ext[i % 5]);
        const char *one[] = {bench_sgviz, "check", "-s", "1,3,4", "-n", n_arg,
                             path, NULL};
        bench_exec(one, NULL, NULL, 30);
    }
    one_by_one = bench_now() - one_by_one;
    bench_line("check of 200 files, N = 1000, one run",
               bench_fmt("%.3f s", r.seconds),
               bench_fmt("%.2f ms/file; target <= 1 s: %s",
                         r.seconds * 1000 / CLASS_SIZE,
                         bench_verdict(r.seconds <= 1.0)));
    bench_line("the same 200 files, one run per file",
               bench_fmt("%.3f s", one_by_one),
               bench_fmt("%.2f ms/file", one_by_one * 1000 / CLASS_SIZE));
    bench_line("  wrong entries found / written",
               bench_fmt("%u / %u", seen_wrong, wrong), "must agree: PASS");

    /* One sheet at the bound, with one slip near its end (a short
     * report, so that the time is the reading and checking). */
    char big[320];
    snprintf(big, sizeof big, "%s/big.txt", bench_dir);
    FILE *f = fopen(big, "w");
    if (!f)
        return;
    for (uint64_t x = 0; x <= BIG_N; x++)
        fprintf(f, "%u%c", x == BIG_N - 3 ? 3 : truth(x),
                x % 50 == 49 ? '\n' : ' ');
    fputc('\n', f);
    fclose(f);
    const char *big_run[] = {bench_sgviz, "check", "-s", "1,3,4", big, NULL};
    bench_run b = bench_best(3, big_run, NULL, NULL, 60);
    if (b.status != 1) {
        bench_line("check of 10^6 positions", "FAILED",
                   bench_fmt("status %d", b.status));
        return;
    }
    double bpp = b.peak_kib * 1024.0 / (BIG_N + 1);
    bench_line("check of one sheet of 10^6 positions",
               bench_fmt("%.3f s", b.seconds),
               bench_fmt("%.1f M positions/s; target <= 1 s: %s",
                         (BIG_N + 1) / b.seconds / 1e6,
                         bench_verdict(b.seconds <= 1.0)));
    bench_line("  peak memory", bench_fmt("%.1f MiB", b.peak_kib / 1024.0),
               bench_fmt("%.0f bytes/position; target <= 128: %s", bpp,
                         bench_verdict(bpp <= 128)));
}
