/*
 * bench_speed.c - sgviz beside its anchors, side by side in one run, in
 * CPU time (user + system), which a loaded machine slows far less than
 * wall time; every wall time is printed with the load average beside it.
 *
 *  - Take-and-break codes: `period -t CODE` against an independent
 *    rare-value analyser of octal games, given as a program by the
 *    environment variable SGVIZ_OCTAL_ANCHOR (run as "ANCHOR CODE", printing
 *    "Found period start=N0 period=P"); without it those lines are skipped
 *    with a note.  sgviz is timed as the program (whose start-up loads the
 *    libraries of pictures and grading, some milliseconds) and through the
 *    library in this process.
 *  - Subtraction games at N = 3*10^7: `table --format none` against a bare
 *    C bitmask loop compiled in here, on pow2, fib and random sets of 100
 *    and 200 amounts up to 1000.
 *  - HDU 1847 and 1848 with 10^6 lines: `solve --judge` against the seed
 *    solutions contestants write, with scanf and printf, compiled in here.
 */
#define _DEFAULT_SOURCE /* getloadavg */
#include "bench.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUB_N UINT64_C(30000000)
#define JUDGE_LINES 1000000

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double load_now(void)
{
    double l[1];
    return getloadavg(l, 1) == 1 ? l[0] : -1.0;
}

/* The best CPU time of REPEAT runs of ARGV (its wall time and peak
 * memory are that run's). */
static bench_run best_cpu(int repeat, const char *const argv[],
                          const char *in, const char *out, double limit)
{
    bench_run best = bench_exec(argv, in, out, limit);
    for (int i = 1; i < repeat && best.status == 0; i++) {
        bench_run r = bench_exec(argv, in, out, limit);
        if (r.status == 0 && r.cpu_seconds < best.cpu_seconds)
            best = r;
    }
    return best;
}

static const char *wall_note(const bench_run *r, double load)
{
    return bench_fmt("wall %.3f s, load %.2f, peak %.1f MiB", r->seconds,
                     load, r->peak_kib / 1024.0);
}

/* ---- take-and-break codes ------------------------------------------------ */

/* Reads "Found period start=N0 period=P" from the anchor's output. */
static bool anchor_period(const char *path, uint64_t *n0, uint64_t *p)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[256];
    bool found = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long long a, b;
        if (sscanf(line, "Found period start=%llu period=%llu", &a, &b) == 2) {
            *n0 = a;
            *p = b;
            found = true;
        }
    }
    fclose(f);
    return found;
}

static void octal_code(const char *code, const char *anchor)
{
    /* The library in this process. */
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_code(ctx, code, "bench");
    double lib = 1e9;
    sg_period_info info;
    memset(&info, 0, sizeof info);
    for (int rep = 0; rep < 5 && g; rep++) {
        double t = cpu_now();
        sg_period *r = sg_period_find(ctx, g, 0);
        t = cpu_now() - t;
        if (!r)
            break;
        info = *sg_period_info_of(r);
        sg_period_free(r);
        if (t < lib)
            lib = t;
    }
    sg_game_free(g);
    sg_ctx_free(ctx);
    /* The program. */
    const char *argv[] = {bench_sgviz, "period", "-t", code, NULL};
    double load = load_now();
    bench_run prog = best_cpu(5, argv, NULL, NULL, 120);
    bench_line(bench_fmt("period -t %s: n0 %llu, p %llu", code,
                         (unsigned long long)info.preperiod,
                         (unsigned long long)info.period),
               bench_fmt("%.4f s", lib),
               bench_fmt("library, CPU; %llu values computed",
                         (unsigned long long)info.computed));
    bench_line("  sgviz period (the program)",
               bench_fmt("%.4f s", prog.cpu_seconds), wall_note(&prog, load));
    if (!anchor) {
        bench_line("  anchor", "skipped",
                   "set SGVIZ_OCTAL_ANCHOR to the analyser's program");
        return;
    }
    char out[300];
    snprintf(out, sizeof out, "%s/anchor-%s.txt", bench_dir, code);
    const char *aargv[] = {anchor, code, NULL};
    load = load_now();
    bench_run a = best_cpu(5, aargv, NULL, out, 300);
    uint64_t an0 = 0, ap = 0;
    bool same = a.status == 0 && anchor_period(out, &an0, &ap) &&
                an0 == info.preperiod && ap == info.period;
    bench_line("  anchor (rare-value analyser)",
               bench_fmt("%.4f s", a.cpu_seconds), wall_note(&a, load));
    /* Below the clock's resolution a ratio says nothing; the CPU times of
     * a few milliseconds are shown as they are. */
    double floor = 0.002;
    double den = a.cpu_seconds > floor ? a.cpu_seconds : floor;
    bench_line("  sgviz / anchor (library; program)",
               bench_fmt("%.2fx; %.2fx", lib / den, prog.cpu_seconds / den),
               bench_fmt("same period: %s; target <= 0.75x (library): %s",
                         same ? "yes" : "NO",
                         bench_verdict(same && lib <= 0.75 * den)));
    remove(out);
}

static void bench_octal(void)
{
    static const char *const codes[] = {"0.45", "0.156", "0.356", "0.644",
                                        "0.165", "0.16", "0.56", "0.127"};
    const char *anchor = getenv("SGVIZ_OCTAL_ANCHOR");
    if (anchor && !*anchor)
        anchor = NULL;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        octal_code(codes[i], anchor);
}

/* ---- subtraction games ---------------------------------------------------- */

/* The bare loop as one writes it in C for a set given at run time: the
 * amounts up to x, marks in one word for fewer than 64 amounts, in two
 * (with a branch) for more.  Returns its CPU time; *HASH sums the
 * values. */
static double bare_loop(const uint64_t *a, size_t k, uint64_t n,
                        uint64_t *hash)
{
    double start = cpu_now();
    uint8_t *sg = malloc(n + 1);
    if (!sg)
        return -1;
    if (k < 64) {
        for (uint64_t x = 0; x <= n; x++) {
            uint64_t m = 0;
            for (size_t i = 0; i < k && a[i] <= x; i++)
                m |= UINT64_C(1) << sg[x - a[i]];
            sg[x] = (uint8_t)__builtin_ctzll(~m);
        }
    } else {
        for (uint64_t x = 0; x <= n; x++) {
            uint64_t lo = 0, hi = 0;
            for (size_t i = 0; i < k && a[i] <= x; i++) {
                unsigned v = sg[x - a[i]];
                if (v < 64)
                    lo |= UINT64_C(1) << v;
                else
                    hi |= UINT64_C(1) << (v - 64);
            }
            sg[x] = (uint8_t)(~lo ? __builtin_ctzll(~lo)
                                  : 64 + __builtin_ctzll(~hi));
        }
    }
    double t = cpu_now() - start;
    uint64_t h = 0;
    for (uint64_t x = 0; x <= n; x++)
        h = h * 31 + sg[x];
    *hash = h;
    free(sg);
    return t;
}

static uint64_t library_hash(const char *spec, uint64_t n)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, spec, "bench");
    sg_values *v = NULL;
    uint64_t h = 0;
    if (g && sg_compute(ctx, g, n, NULL, &v) == SG_OK)
        for (uint64_t x = 0; x <= n; x++)
            h = h * 31 + sg_values_get(v, x);
    sg_values_free(v);
    sg_game_free(g);
    sg_ctx_free(ctx);
    return h;
}

static void subtraction_set(const char *what, const char *spec,
                            const uint64_t *a, size_t k)
{
    char n_arg[32];
    snprintf(n_arg, sizeof n_arg, "%llu", (unsigned long long)SUB_N);
    const char *argv[] = {bench_sgviz, "table", "-s", spec, "-n", n_arg,
                          "--format", "none", NULL};
    double load = load_now();
    bench_run r = best_cpu(3, argv, NULL, NULL, 300);
    uint64_t hash = 0, small = 0;
    double bare = bare_loop(a, k, SUB_N, &hash);
    for (int i = 0; i < 2; i++) {
        double t = bare_loop(a, k, SUB_N, &hash);
        if (t < bare)
            bare = t;
    }
    bare_loop(a, k, 1000000, &small);
    bool same = small == library_hash(spec, 1000000);
    if (r.status != 0) {
        bench_line(what, "FAILED", r.timed_out ? "timed out" : "non-zero exit");
        return;
    }
    bench_line(what, bench_fmt("%.3f s", r.cpu_seconds), wall_note(&r, load));
    bench_line("  bare C bitmask loop (compiled in)", bench_fmt("%.3f s", bare),
               bench_fmt("sgviz / bare %.2fx; target <= 1.0x: %s; values "
                         "equal to 10^6: %s",
                         r.cpu_seconds / bare,
                         bench_verdict(r.cpu_seconds <= bare),
                         same ? "yes" : "NO"));
}

/* A random set of K amounts up to 1000 (its own generator, fixed seed),
 * ascending, and its spec. */
static size_t random_set(unsigned k, uint64_t seed, uint64_t *a, char *spec,
                         size_t size)
{
    unsigned char used[1001] = {0};
    unsigned have = 0;
    while (have < k) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        unsigned v = 1 + (unsigned)(seed % 1000);
        if (!used[v]) {
            used[v] = 1;
            have++;
        }
    }
    size_t n = 0, len = 0;
    spec[0] = '\0';
    for (unsigned v = 1; v <= 1000; v++) {
        if (!used[v])
            continue;
        a[n++] = v;
        len += (size_t)snprintf(spec + len, size - len, "%s%u", n > 1 ? "," : "",
                                v);
    }
    return n;
}

static void bench_subtraction(void)
{
    uint64_t a[300];
    size_t k = 0;
    for (uint64_t x = 1; x <= SUB_N; x *= 2)
        a[k++] = x;
    subtraction_set("table -s pow2 -n 3*10^7 --format none", "pow2", a, k);
    k = 0;
    for (uint64_t x = 1, y = 2; x <= SUB_N; k++) {
        a[k] = x;
        uint64_t z = x + y;
        x = y;
        y = z;
    }
    subtraction_set("table -s fib -n 3*10^7", "fib", a, k);
    static char spec[4096];
    k = random_set(100, 0x9E3779B97F4A7C15u, a, spec, sizeof spec);
    subtraction_set("table -s (100 random amounts <= 1000)", spec, a, k);
    k = random_set(100, 0x2545F4914F6CDD1Du, a, spec, sizeof spec);
    subtraction_set("table -s (100 other random amounts)", spec, a, k);
    k = random_set(200, 0x9E3779B97F4A7C15u, a, spec, sizeof spec);
    subtraction_set("table -s (200 random amounts <= 1000)", spec, a, k);
}

/* ---- the judge's loop ------------------------------------------------------ */

static uint64_t rng = 0x853C49E6748FEA9Bu;
static unsigned next_random(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* The seeds: scanf a line, printf the winner. */
static double seed_1847(const char *in_path, const char *out_path)
{
    double start = cpu_now();
    FILE *in = fopen(in_path, "r"), *out = fopen(out_path, "w");
    if (!in || !out)
        return -1;
    int n;
    while (fscanf(in, "%d", &n) == 1)
        fprintf(out, n % 3 ? "Kiki\n" : "Cici\n");
    fclose(in);
    fclose(out);
    return cpu_now() - start;
}

static double seed_1848(const char *in_path, const char *out_path)
{
    double start = cpu_now();
    FILE *in = fopen(in_path, "r"), *out = fopen(out_path, "w");
    if (!in || !out)
        return -1;
    static int sg[1001];
    int f[32], k = 2;
    f[0] = 1;
    f[1] = 2;
    while (f[k - 1] + f[k - 2] <= 1000) {
        f[k] = f[k - 1] + f[k - 2];
        k++;
    }
    for (int x = 0; x <= 1000; x++) {
        char seen[32] = {0};
        for (int i = 0; i < k && f[i] <= x; i++)
            seen[sg[x - f[i]]] = 1;
        int v = 0;
        while (seen[v])
            v++;
        sg[x] = v;
    }
    int m, n, p;
    while (fscanf(in, "%d %d %d", &m, &n, &p) == 3 && (m || n || p))
        fprintf(out, sg[m] ^ sg[n] ^ sg[p] ? "Fibo\n" : "Nacci\n");
    fclose(in);
    fclose(out);
    return cpu_now() - start;
}

static void judge(const char *problem, int per_line, bool closing,
                  double (*seed)(const char *, const char *))
{
    char in[300], out[300], ref[300];
    snprintf(in, sizeof in, "%s/%s.txt", bench_dir, problem);
    snprintf(out, sizeof out, "%s/%s-sgviz.txt", bench_dir, problem);
    snprintf(ref, sizeof ref, "%s/%s-seed.txt", bench_dir, problem);
    FILE *f = fopen(in, "w");
    if (!f)
        return;
    for (int i = 0; i < JUDGE_LINES; i++)
        for (int j = 0; j < per_line; j++)
            fprintf(f, "%u%c", 1 + next_random(1000),
                    j + 1 < per_line ? ' ' : '\n');
    if (closing)
        fputs("0 0 0\n", f);
    fclose(f);
    const char *argv[] = {bench_sgviz, "solve", "--judge", problem, NULL};
    double load = load_now();
    bench_run r = best_cpu(5, argv, in, out, 120);
    double best = -1;
    for (int i = 0; i < 5; i++) {
        double t = seed(in, ref);
        if (t >= 0 && (best < 0 || t < best))
            best = t;
    }
    bool same = bench_same_file(out, ref);
    if (r.status != 0 || best < 0) {
        bench_line(bench_fmt("solve --judge %s", problem), "FAILED", NULL);
        return;
    }
    bench_line(bench_fmt("solve --judge %s, 10^6 lines", problem),
               bench_fmt("%.3f s", r.cpu_seconds), wall_note(&r, load));
    bench_line("  seed solution (scanf/printf, compiled in)",
               bench_fmt("%.3f s", best),
               bench_fmt("sgviz / seed %.2fx; target <= 1.0x: %s; answers "
                         "equal: %s",
                         r.cpu_seconds / best,
                         bench_verdict(r.cpu_seconds <= best),
                         same ? "yes" : "NO"));
    remove(in);
    remove(out);
    remove(ref);
}

void bench_speed(void)
{
    bench_section("Speed beside its anchors (CPU time, best of several runs)");
    bench_octal();
    bench_subtraction();
    judge("hdu1847", 1, false, seed_1847);
    judge("hdu1848", 3, true, seed_1848);
}
