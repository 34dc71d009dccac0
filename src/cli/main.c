/*
 * main.c - sgviz's command-line front end: picks the command, runs it, and
 * is the one place that prints errors.
 */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(sg_ctx *ctx, int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"table", cmd_table, "x, sg(x) and P/N for positions 0..N"},
    {"trace", cmd_trace, "every mex step, as in a worked example (en, zh)"},
    {"graph", cmd_graph, "the state graph as a picture (svg, png, pdf, dot, tikz)"},
    {"steps", cmd_steps, "one picture per mex step: frames, an HTML page or a "
                         "Beamer frame"},
    {"solve", cmd_solve, "who wins a sum of games, and every winning move"},
    {"value", cmd_value, "sg(x) of the positions named"},
    {"check", cmd_check, "check homework tables of sg values: a student or a "
                         "class"},
    {"period", cmd_period, "the preperiod, smallest period and block, proved"},
    {"plot", cmd_plot, "sg(x) against x over long ranges (svg, png, pdf)"},
    {"play", cmd_play, "play a game against sgviz and be told why, in the "
                       "terminal or a page"},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void print_usage(FILE *out)
{
    fputs("Usage: sgviz COMMAND [options]\n"
          "\n"
          "Sprague-Grundy values of impartial games, with every mex step "
          "shown.\n"
          "\n"
          "Commands:\n",
          out);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    /* The game kinds come from the registry (games.c), so that a kind
     * added there is listed here too. */
    cli_print_usage(out,
        "\n"
        "Games (every command takes each):\n"
        "@GAMES:23@\n"
        "\n"
        "Ways to play and ask:\n"
        "  3+4+5                a sum of games: solve 3+4+5 (or 3 4 5), value\n"
        "                       3+4+5, and --position 3+4+5 in trace (its\n"
        "                       working), graph and steps (the grid of the sum)\n"
        "  --misere             misère play (the last player to move loses), in\n"
        "                       every command\n"
        "  --every              Every-SG (each turn, a move in every component\n"
        "                       that can move), in every command\n"
        "  steps --practice     a practice page: the student works out each value\n"
        "  solve --judge NAME   online judges' problems, input and output as they\n"
        "                       give them (--judge list names them)\n"
        "  check CLASS/         a whole class's homework, with a gradebook\n"
        "\n"
        "Options every command reads the same way:\n"
        "  -n N                 positions 0..N\n"
        "  -o FILE              write to FILE, whole or not at all; its extension\n"
        "                       (.csv, .json, .md, .tex, .svg, .png, .pdf, .html,\n"
        "                       .dot) picks the format unless -f gives one\n"
        "  -f, -T, --format F   the format (-f and -T are one option)\n"
        "  -l, --lang en|zh     the language of the words\n"
        "\n"
        "Run 'sgviz COMMAND --help' for a command's options.\n"
        "  -h, --help           show this help\n"
        "  -V, --version        show the version\n"
        "\n"
        "Exit status: 0 success, 1 a negative verdict (e.g. homework with "
        "errors),\n"
        "2 bad input or usage, 3 a file that could not be read or written\n"
        "(a full disk, a device error).\n");
}

static void list_commands(char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NCOMMANDS && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 i ? ", " : "", commands[i].name);
}

static int run(sg_ctx *ctx, int argc, char **argv)
{
    if (argc < 2) {
        sg_ctx_fail(ctx, SG_EINPUT, "no command given (try sgviz --help)");
        return EXIT_BAD;
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 ||
        strcmp(name, "help") == 0) {
        print_usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0) {
        printf("sgviz %s\n", SGVIZ_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return commands[i].run(ctx, argc - 1, argv + 1);
    char known[256];
    list_commands(known, sizeof known);
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    int near = sg_nearest_word(name, names, NCOMMANDS);
    if (near >= 0)
        sg_ctx_fail(ctx, SG_EINPUT, "unknown command \"%.60s\"; did you mean "
                    "%s? (commands: %s)", name, names[near], known);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "unknown command \"%.60s\" (commands: %s)",
                    name, known);
    return EXIT_BAD;
}

/* A signal that ends the program first removes the temporary files of
 * outputs not yet in place, then ends it as it would have anyway (the
 * handler is reset on entry, and the signal raised again). */
static void on_signal(int sig)
{
    cli_output_cleanup();
    raise(sig);
}

static void catch_signals(void)
{
    /* A file grown past the size limit (ulimit -f) is a failed write like
     * a full disk, said in words, rather than a signal that ends sgviz. */
    signal(SIGXFSZ, SIG_IGN);
    /* Every signal whose default action ends the program and that can be
     * caught. */
    static const int sigs[] = {SIGHUP,  SIGINT,  SIGQUIT,   SIGTERM,
                               SIGPIPE, SIGALRM, SIGXCPU,   SIGUSR1,
                               SIGUSR2, SIGPROF, SIGVTALRM};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        /* A signal ignored by whoever started sgviz (nohup) stays
         * ignored. */
        if (sigaction(sigs[i], NULL, &sa) != 0 || sa.sa_handler == SIG_IGN)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

int main(int argc, char **argv)
{
    catch_signals();
    sg_ctx *ctx = sg_ctx_new();
    if (!ctx) {
        fputs("sgviz: out of memory\n", stderr);
        return EXIT_BAD;
    }
    int rc = run(ctx, argc, argv);
    if (rc == EXIT_BAD) {
        const char *msg = sg_ctx_message(ctx);
        fprintf(stderr, "sgviz: %s\n", *msg ? msg : "failed");
        /* A file that could not be read or written (a full disk, a device
         * error) is no fault of the input: it gets a status of its own, so
         * that a script can tell "try again elsewhere" from "fix the
         * input". */
        if (sg_ctx_status(ctx) == SG_EIO)
            rc = EXIT_IO;
    }
    /* A write error on standard output (a full disk, a closed pipe) must
     * not pass for success. */
    if (rc != EXIT_BAD && rc != EXIT_IO &&
        (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "sgviz: cannot write to standard output: %s\n",
                strerror(errno));
        rc = EXIT_IO;
    }
    sg_ctx_free(ctx);
    return rc;
}
