/*
 * bench.c - `make bench`: speed and memory figures of sgviz, each printed
 * beside the figure it is measured against, in one run.
 *
 *   build/bench build/sgviz [SECTION...]
 *
 * With no SECTION every section runs.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *bench_sgviz;
const char *bench_dir;
static char dir_buf[256];

bool bench_same_file(const char *a, const char *b)
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

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The peak resident memory (VmHWM, KiB) of process PID once it runs a
 * program other than the bench, or 0. */
static long exec_hwm(pid_t pid)
{
    char path[64], self[512], exe[512];
    snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
    ssize_t a = readlink("/proc/self/exe", self, sizeof self - 1);
    ssize_t b = readlink(path, exe, sizeof exe - 1);
    if (a < 0 || b < 0 || (a == b && memcmp(self, exe, (size_t)a) == 0))
        return 0;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[256];
    long kib = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
            break;
    fclose(f);
    return kib;
}

bench_run bench_exec(const char *const argv[], const char *in_path,
                     const char *out_path, double limit)
{
    bench_run r = {.seconds = 0.0, .peak_kib = 0, .status = -1};
    double start = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return r;
    if (pid == 0) {
        int in = open(in_path ? in_path : "/dev/null", O_RDONLY);
        int out = open(out_path ? out_path : "/dev/null",
                       O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0)
            _exit(127);
        dup2(in, 0);
        dup2(out, 1);
        /* Each command runs in its own process group, so that a time limit
         * also stops whatever it started. */
        setpgid(0, 0);
        /* execvp's prototype predates const; it does not write to argv. */
        execvp(argv[0], (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    setpgid(pid, pid);
    int status = 0;
    struct rusage ru;
    long hwm = 0;
    for (;;) {
        long now = exec_hwm(pid);
        if (now > hwm)
            hwm = now;
        pid_t w = wait4(pid, &status, WNOHANG, &ru);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR)
            return r;
        if (bench_now() - start > limit) {
            kill(-pid, SIGKILL);
            wait4(pid, &status, 0, &ru);
            r.timed_out = true;
            break;
        }
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
    }
    r.seconds = bench_now() - start;
    r.cpu_seconds = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    /* ru_maxrss counts the pages the child shared with the bench before it
     * started the command; the high-water mark the command's own image
     * reached, read while it ran, does not. */
    r.peak_kib = hwm ? hwm : ru.ru_maxrss;
    r.status = WIFEXITED(status) && !r.timed_out ? WEXITSTATUS(status) : -1;
    return r;
}

bench_run bench_best(int repeat, const char *const argv[], const char *in_path,
                     const char *out_path, double limit)
{
    bench_run best = bench_exec(argv, in_path, out_path, limit);
    for (int i = 1; i < repeat && best.status == 0; i++) {
        bench_run r = bench_exec(argv, in_path, out_path, limit);
        if (r.status == 0 && r.seconds < best.seconds)
            best = r;
    }
    return best;
}

void bench_section(const char *title)
{
    printf("\n%s\n", title);
    for (const char *p = title; *p; p++)
        putchar('-');
    putchar('\n');
    fflush(stdout);
}

void bench_line(const char *what, const char *figure, const char *note)
{
    printf("  %-46s %16s   %s\n", what, figure, note ? note : "");
    fflush(stdout);
}

const char *bench_fmt(const char *fmt, ...)
{
    static char ring[16][128];
    static int next;
    char *buf = ring[next++ % 16];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof ring[0], fmt, ap);
    va_end(ap);
    return buf;
}

const char *bench_verdict(bool met) { return met ? "PASS" : "MISS"; }

static void remove_dir(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", bench_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench: could not remove %s\n", bench_dir);
}

static const struct {
    const char *name;
    void (*run)(void);
} sections[] = {
    {"engine", bench_engine},
    {"period", bench_period},
    {"check", bench_check},
    {"graph", bench_graph},
    {"solve", bench_solve},
    {"steps", bench_steps},
    {"takebreak", bench_takebreak},
    {"judge", bench_judges},
    {"misere", bench_misere},
    {"slides", bench_slides},
    {"theory", bench_theory},
    {"speed", bench_speed},
    {"rules", bench_rules},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench SGVIZ [SECTION...]\n");
        return 2;
    }
    bench_sgviz = argv[1];
    snprintf(dir_buf, sizeof dir_buf, "/tmp/sgviz-bench-XXXXXX");
    if (!mkdtemp(dir_buf)) {
        perror("bench: mkdtemp");
        return 2;
    }
    bench_dir = dir_buf;
    atexit(remove_dir);
    printf("sgviz benchmarks (best of several runs; wall time; peak memory "
           "is the process's maximum resident set)\n");
    size_t n = sizeof sections / sizeof sections[0];
    for (size_t i = 0; i < n; i++) {
        bool chosen = argc == 2;
        for (int a = 2; a < argc; a++)
            chosen |= strcmp(argv[a], sections[i].name) == 0;
        if (chosen)
            sections[i].run();
    }
    return 0;
}
