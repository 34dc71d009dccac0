/*
 * bench_check.c - `sgviz check`: a class of 200 homework files (N = 1000,
 * every input form) checked in one run, beside the same files checked one
 * run per file; one sheet at the bound of 10^6 positions, its time and
 * peak memory; and a homework of four questions graded for 1,000 students
 * of a Moodle download, beside the same class with one question.
 */
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void bench_assignment(void);

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
    bench_assignment();
}

/* ---- an assignment of four questions ----------------------------------- */

#define STUDENTS 1000
#define A_N1 19
#define A_N2 15
#define A_N3 15

/* Kayles by its moves: one pin or two neighbours, leaving two rows. */
static void kayles(unsigned *g, unsigned n)
{
    for (unsigned h = 0; h <= n; h++) {
        unsigned seen = 0, m = 0;
        for (unsigned k = 1; k <= 2 && k <= h; k++)
            for (unsigned a = 0; a + k <= h; a++)
                seen |= 1u << (g[a] ^ g[h - k - a]);
        while (seen & (1u << m))
            m++;
        g[h] = m;
    }
}

/* The DOT game of Q4, and its values by a depth-first search over the
 * edges. */
static const char bench_dot[] =
    "digraph { a -> b; a -> c; b -> d; c -> d; c -> e; d -> f; e -> f; "
    "g -> a; g -> e; h -> g; h -> d }\n";
static const char *const dot_edges[] = {"ab", "ac", "bd", "cd", "ce", "df",
                                        "ef", "ga", "ge", "hg", "hd", NULL};

static unsigned dot_value(char v, int *memo)
{
    if (memo[v - 'a'] >= 0)
        return (unsigned)memo[v - 'a'];
    unsigned seen = 0, m = 0;
    for (size_t e = 0; dot_edges[e]; e++)
        if (dot_edges[e][0] == v)
            seen |= 1u << dot_value(dot_edges[e][1], memo);
    while (seen & (1u << m))
        m++;
    memo[v - 'a'] = (int)m;
    return m;
}

/* Writes student I's sheet, all four questions under headings; every
 * fifth student slips at x = 6 of Q1 (a wrong value, then right ones).
 * With ONE, only Q1.  Returns the entries right, counted here. */
static unsigned write_homework(const char *dir, int i, bool one)
{
    char folder[400], path[480];
    snprintf(folder, sizeof folder, "%s/Student %04d_%d_assignsubmission_"
             "file_", dir, i, 300000 + i);
    mkdir(folder, 0755);
    snprintf(path, sizeof path, "%s/hw3.txt", folder);
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    unsigned right = 0, k[A_N3 + 1];
    kayles(k, A_N3);
    fputs("## Q1\n", f);
    for (unsigned x = 0; x <= A_N1; x++) {
        unsigned v = truth(x) + (i % 5 == 0 && x == 6);
        right += v == truth(x);
        fprintf(f, "%s%u", x ? " " : "", v);
    }
    if (!one) {
        fputs("\n\nQuestion 2\n", f);
        for (unsigned x = 0; x <= A_N2; x++)
            fprintf(f, "%s%u", x ? " " : "", x % 3);
        right += A_N2 + 1;
        fputs("\n\nAufgabe 3\n", f);
        for (unsigned x = 0; x <= A_N3; x++)
            fprintf(f, "%s%u", x ? " " : "", k[x]);
        right += A_N3 + 1;
        fputs("\n\n第4题\n", f);
        int memo[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
        for (char v = 'a'; v <= 'h'; v++)
            fprintf(f, "%c %u\n", v, dot_value(v, memo));
        right += 8;
    }
    fputc('\n', f);
    fclose(f);
    return right;
}

/* The rows of an assignment's CSV and the entries right in them (the
 * fields "Qk right" are the 9th, 13th, 17th, 21st; the bench's names and
 * files hold no comma). */
static int read_records(const char *path, unsigned *right)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    static char line[4096];
    int rows = -1;
    *right = 0;
    while (fgets(line, sizeof line, f)) {
        if (rows++ < 0)
            continue;
        int field = 1;
        for (char *p = line; *p; p++) {
            if (*p != ',')
                continue;
            field++;
            if (field >= 9 && (field - 9) % 4 == 0)
                *right += (unsigned)strtoul(p + 1, NULL, 10);
        }
    }
    fclose(f);
    return rows;
}

static void bench_assignment(void)
{
    bench_section("Check: an assignment of four questions, 1,000 students");
    char dir[300], dir1[300], ini[320], ini1[320], dot[320], book[320];
    snprintf(dir, sizeof dir, "%s/moodle", bench_dir);
    snprintf(dir1, sizeof dir1, "%s/moodle-one", bench_dir);
    snprintf(ini, sizeof ini, "%s/hw3.ini", bench_dir);
    snprintf(ini1, sizeof ini1, "%s/hw3-one.ini", bench_dir);
    snprintf(dot, sizeof dot, "%s/hw3_q4.dot", bench_dir);
    snprintf(book, sizeof book, "%s/grades.csv", bench_dir);
    mkdir(dir, 0755);
    mkdir(dir1, 0755);
    FILE *f = fopen(dot, "w");
    FILE *a = fopen(ini, "w");
    FILE *a1 = fopen(ini1, "w");
    if (!f || !a || !a1)
        return;
    fputs(bench_dot, f);
    fclose(f);
    fprintf(a, "title = Homework 3\n[Q1]\ngame = -s 1,3,4\nn = %d\n"
            "[Q2]\ngame = -s pow2\nn = %d\n[Q3]\ngame = -t kayles\nn = %d\n"
            "[Q4]\ngame = -g hw3_q4.dot\n", A_N1, A_N2, A_N3);
    fclose(a);
    fprintf(a1, "[Q1]\ngame = -s 1,3,4\nn = %d\n", A_N1);
    fclose(a1);
    unsigned right = 0, right1 = 0;
    for (int i = 0; i < STUDENTS; i++) {
        right += write_homework(dir, i, false);
        right1 += write_homework(dir1, i, true);
    }
    const char *four[] = {bench_sgviz, "check", "--assignment", ini,
                          "--format", "csv", dir, NULL};
    const char *one[] = {bench_sgviz, "check", "--assignment", ini1,
                         "--format", "csv", dir1, NULL};
    const char *plain[] = {bench_sgviz, "check", "-s", "1,3,4", "-n", "19",
                           "--format", "csv", dir1, NULL};
    bench_run r4 = bench_best(3, four, NULL, book, 60);
    unsigned seen = 0;
    int rows = read_records(book, &seen);
    if (r4.status != 1 || rows != STUDENTS || seen != right) {
        bench_line("assignment of 4 questions, 1,000 students", "FAILED",
                   bench_fmt("status %d, %d rows, %u right (expected %u)",
                             r4.status, rows, seen, right));
        return;
    }
    bench_run r1 = bench_best(3, one, NULL, book, 60);
    unsigned seen1 = 0;
    int rows1 = read_records(book, &seen1);
    bench_run rp = bench_best(3, plain, NULL, NULL, 60);
    bench_line("1,000 students x 4 questions, --assignment",
               bench_fmt("%.3f s", r4.seconds),
               bench_fmt("%.2f ms/student; target < 2 s: %s",
                         r4.seconds * 1000 / STUDENTS,
                         bench_verdict(r4.seconds < 2.0)));
    bench_line("1,000 students x 1 question, --assignment",
               bench_fmt("%.3f s", r1.seconds),
               bench_fmt("%.2f ms/student; 4 questions cost %.1fx",
                         r1.seconds * 1000 / STUDENTS,
                         r4.seconds / (r1.seconds > 0 ? r1.seconds : 1)));
    bench_line("the same with -s 1,3,4, no assignment",
               bench_fmt("%.3f s", rp.seconds),
               bench_fmt("%.2f ms/student", rp.seconds * 1000 / STUDENTS));
    bench_line("  entries right found / written",
               bench_fmt("%u / %u", seen, right),
               bench_fmt("must agree: %s",
                         bench_verdict(seen == right && rows1 == STUDENTS &&
                                       seen1 == right1)));
    bench_line("  peak memory, 4 questions",
               bench_fmt("%.1f MiB", r4.peak_kib / 1024.0), "");
}
