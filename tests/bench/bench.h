/*
 * bench.h - the helpers of `make bench`: run a command under a time limit
 * and measure its wall time and peak memory, and print figures in one
 * table so that each target sits beside the figure it is compared with.
 *
 * Timings are taken as the best of a few runs: on a shared, noisy machine
 * the minimum is the figure least disturbed by other work.
 */
#ifndef SGVIZ_BENCH_H
#define SGVIZ_BENCH_H

#include <stdbool.h>
#include <stddef.h>

/* The result of one command. */
typedef struct bench_run {
    double seconds;   /* wall time */
    long peak_kib;    /* peak resident memory of the process, in KiB */
    int status;       /* exit status, or -1 when killed or not started */
    bool timed_out;   /* killed at the time limit */
    double cpu_seconds; /* user and system time of the process and its
                           children, which a loaded machine slows less */
} bench_run;

/* The sgviz program under test (argv[1] of the bench). */
extern const char *bench_sgviz;

/* A scratch directory for the bench's files, removed at exit. */
extern const char *bench_dir;

/* Runs ARGV (NULL-terminated) with standard output to OUT_PATH (NULL: to
 * /dev/null) and standard input from IN_PATH (NULL: /dev/null), killing it
 * after LIMIT seconds.  Returns the measurement. */
bench_run bench_exec(const char *const argv[], const char *in_path,
                     const char *out_path, double limit);

/* The best (shortest) of REPEAT runs; the peak memory is that run's. */
bench_run bench_best(int repeat, const char *const argv[], const char *in_path,
                     const char *out_path, double limit);

/* Monotonic seconds. */
double bench_now(void);

/* Whether the files A and B hold the same bytes (false when either cannot
 * be read): the answers of sgviz against a seed solution's. */
bool bench_same_file(const char *a, const char *b);

/* Prints a section heading. */
void bench_section(const char *title);

/* Prints one figure: what was measured, the figure, and a note (a target,
 * a ratio, a verdict). */
void bench_line(const char *what, const char *figure, const char *note);

/* Formats "0.123 s" / "1.2 M/s" style figures into a static ring of
 * buffers, so that several can appear in one bench_line call. */
const char *bench_fmt(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* "PASS" or "MISS" for a target. */
const char *bench_verdict(bool met);

/* The sections, one per area; each prints its own lines. */
void bench_engine(void);
void bench_period(void);
void bench_check(void);
void bench_graph(void);
void bench_solve(void);
void bench_steps(void);
void bench_takebreak(void);
void bench_judges(void);
void bench_misere(void);
void bench_slides(void);
void bench_theory(void);
void bench_speed(void);
void bench_rules(void);

#endif /* SGVIZ_BENCH_H */
