/*
 * bench_rules.c - rules files in Lua (`-r FILE.lua`) side by side with the
 * same games defined in C through sg_game_define() and with a plain Python
 * dictionary DP (tests/bench/wythoff.py and kiki.py), the program a user
 * would otherwise write: Wythoff's game on heaps up to 199 and kiki's corner
 * game on a 2000 x 2000 board, each asked for the value of its largest
 * position, so that every position is explored.  The targets, in CPU time
 * (the machine may be shared): Lua within 3x of C, and at most half of
 * Python's time.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"

#include <sgviz.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static void wythoff_options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    for (int64_t k = 1; k <= p[0]; k++)
        sg_options_add(out, (int64_t[]){p[0] - k, p[1]});
    for (int64_t k = 1; k <= p[1]; k++)
        sg_options_add(out, (int64_t[]){p[0], p[1] - k});
    for (int64_t k = 1; k <= p[0] && k <= p[1]; k++)
        sg_options_add(out, (int64_t[]){p[0] - k, p[1] - k});
}

static void kiki_options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    if (p[0] > 0)
        sg_options_add(out, (int64_t[]){p[0] - 1, p[1]});
    if (p[1] > 0)
        sg_options_add(out, (int64_t[]){p[0], p[1] - 1});
    if (p[0] > 0 && p[1] > 0)
        sg_options_add(out, (int64_t[]){p[0] - 1, p[1] - 1});
}

/* The value of (N - 1, N - 1) of the game OPTIONS defines, computed through
 * the library in this process; -1 on error (printed). */
static long long define_value(void (*options)(void *, const int64_t *,
                                              sg_options *),
                              int64_t n)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game_def def = {.arity = 2, .options = options};
    int64_t start[] = {n - 1, n - 1};
    sg_game *game = ctx ? sg_game_define(ctx, &def, start, 1) : NULL;
    sg_lookup *lookup = game ? sg_lookup_new(ctx, game, UINT64_MAX) : NULL;
    char name[64];
    snprintf(name, sizeof name, "%lld,%lld", (long long)(n - 1),
             (long long)(n - 1));
    uint64_t x = 0;
    long long v = -1;
    if (lookup && sg_game_find_position(ctx, game, name, "bench", &x) == SG_OK)
        v = (long long)sg_lookup_get(lookup, x);
    else
        fprintf(stderr, "bench: %s\n", ctx ? sg_ctx_message(ctx) : "no memory");
    sg_lookup_free(lookup);
    sg_game_free(game);
    sg_ctx_free(ctx);
    return v;
}

/* One measured run: wall and CPU seconds (user and system, of the child
 * alone), peak memory, exit status.  The machine may be shared, so the
 * ratios are taken of CPU time, which other work disturbs least. */
typedef struct timed {
    double wall, cpu;
    long peak_kib;
    int status;
} timed;

typedef void (*options_fn)(void *, const int64_t *, sg_options *);

/* Runs, in a child process with standard output to OUT_PATH, either the
 * command ARGV or (ARGV NULL) define_value(OPTIONS, N), whose value it
 * then prints. */
static timed run_child(const char *const *argv, options_fn options, int64_t n,
                       const char *out_path)
{
    timed t = {0.0, 0.0, 0, -1};
    fflush(stdout);
    double start = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return t;
    if (pid == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int in = open("/dev/null", O_RDONLY);
        if (out < 0 || in < 0)
            _exit(127);
        dup2(in, 0);
        dup2(out, 1);
        if (argv) {
            /* execvp's prototype predates const; it does not write argv. */
            execvp(argv[0], (char *const *)(uintptr_t)argv);
            _exit(127);
        }
        long long v = define_value(options, n);
        printf("%lld\n", v);
        fflush(stdout);
        _exit(v >= 0 ? 0 : 1);
    }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return t;
    t.wall = bench_now() - start;
    t.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
            (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    t.peak_kib = ru.ru_maxrss;
    t.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return t;
}

/* The run of least CPU time of REPEAT. */
static timed best_child(int repeat, const char *const *argv,
                        options_fn options, int64_t n, const char *out_path)
{
    timed best = run_child(argv, options, n, out_path);
    for (int i = 1; i < repeat && best.status == 0; i++) {
        timed t = run_child(argv, options, n, out_path);
        if (t.status == 0 && t.cpu < best.cpu)
            best = t;
    }
    return best;
}

/* The last whole number in the file PATH (the value a command printed), or
 * -1. */
static long long last_number(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long long last = -1, cur = -1;
    for (int c; (c = getc(f)) != EOF;) {
        if (c >= '0' && c <= '9') {
            cur = (cur < 0 ? 0 : cur * 10) + (c - '0');
        } else {
            if (cur >= 0)
                last = cur;
            cur = -1;
        }
    }
    fclose(f);
    return cur >= 0 ? cur : last;
}

/* The first whole number in the file PATH, or -1 (sgviz's "sg(a,b) = v"
 * names the position first, so its value is read after the "="). */
static long long value_after_equals(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    long long v = -1;
    if (fgets(line, sizeof line, f)) {
        const char *eq = strchr(line, '=');
        if (eq)
            v = strtoll(eq + 1, NULL, 10);
    }
    fclose(f);
    return v;
}

static const char *figure(const timed *t)
{
    return t->status ? "FAILED"
                     : bench_fmt("%.3f s CPU", t->cpu);
}

static void compare(const char *title, const char *rules, options_fn options,
                    int64_t n, const char *python)
{
    char out[300], position[64], size[32];
    snprintf(out, sizeof out, "%s/rules.out", bench_dir);
    snprintf(position, sizeof position, "%lld,%lld", (long long)(n - 1),
             (long long)(n - 1));
    snprintf(size, sizeof size, "%lld", (long long)n);

    const char *lua_argv[] = {bench_sgviz, "value", "-r", rules, position,
                              NULL};
    timed lua = best_child(3, lua_argv, NULL, 0, out);
    long long lua_value = lua.status == 0 ? value_after_equals(out) : -1;
    bench_line(bench_fmt("%s, Lua: value -r", title), figure(&lua),
               bench_fmt("wall %.3f s, peak %.0f MiB", lua.wall,
                         lua.peak_kib / 1024.0));

    timed c = best_child(3, NULL, options, n, out);
    long long c_value = c.status == 0 ? last_number(out) : -1;
    bench_line("  C: sg_game_define, every position", figure(&c),
               bench_fmt("wall %.3f s, peak %.0f MiB; Lua / C: %.2fx, "
                         "target <= 3: %s",
                         c.wall, c.peak_kib / 1024.0, lua.cpu / c.cpu,
                         bench_verdict(lua.status == 0 && c.status == 0 &&
                                       lua.cpu <= 3 * c.cpu)));

    const char *py_argv[] = {"python3", python, size, NULL};
    timed py = best_child(3, py_argv, NULL, 0, out);
    long long py_value = py.status == 0 ? last_number(out) : -1;
    bench_line("  Python: dictionary DP", figure(&py),
               bench_fmt("wall %.3f s, peak %.0f MiB; Lua / Python: %.2fx, "
                         "target <= 0.5: %s",
                         py.wall, py.peak_kib / 1024.0, lua.cpu / py.cpu,
                         bench_verdict(lua.status == 0 && py.status == 0 &&
                                       lua.cpu <= 0.5 * py.cpu)));

    bool same = lua_value >= 0 && lua_value == c_value && c_value == py_value;
    bench_line(bench_fmt("  sg(%s) of Lua, C and Python", position),
               bench_fmt("%lld %lld %lld", lua_value, c_value, py_value),
               bench_verdict(same));
    remove(out);
}

/* kiki's game compiled into a shared object (examples/c/shared/kiki.c),
 * loaded by -r kiki.so: the same command as the Lua file's, at C's speed. */
static void shared_kiki(void)
{
    char so[300], cmd[800];
    snprintf(so, sizeof so, "%s/kiki.so", bench_dir);
    snprintf(cmd, sizeof cmd,
             "cc -shared -fPIC -O2 -std=c11 -Isrc examples/c/shared/kiki.c "
             "-o '%s' 2>/dev/null", so);
    if (system(cmd) != 0) {
        bench_line("  C: -r kiki.so", "skipped", "cc cannot build it");
        return;
    }
    char out[300];
    snprintf(out, sizeof out, "%s/rules.out", bench_dir);
    const char *argv[] = {bench_sgviz, "value", "-r", so, "1999,1999", NULL};
    timed t = best_child(3, argv, NULL, 0, out);
    bench_line("  C: value -r kiki.so (compiled rules)", figure(&t),
               bench_fmt("wall %.3f s, peak %.0f MiB", t.wall,
                         t.peak_kib / 1024.0));
    remove(out);
}

void bench_rules(void)
{
    bench_section("Rules files in Lua, C and Python side by side");
    /* Each game twice: its options as a table each, as a student first
     * writes them, and flat, one table of numbers for all of them. */
    compare("Wythoff 200 x 200", "examples/rules/wythoff.lua", wythoff_options,
            200, "tests/bench/wythoff.py");
    compare("Wythoff 200 x 200, options flat", "examples/rules/wythoff-flat.lua",
            wythoff_options, 200, "tests/bench/wythoff.py");
    compare("kiki 2000 x 2000", "examples/rules/kiki.lua", kiki_options, 2000,
            "tests/bench/kiki.py");
    compare("kiki 2000 x 2000, options flat", "examples/rules/kiki-flat.lua",
            kiki_options, 2000, "tests/bench/kiki.py");
    shared_kiki();
}
