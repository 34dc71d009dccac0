/*
 * cmd_trace.c - `sgviz trace`: the worked example, one mex step per line.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz trace @GAME@ [-n N] [options]\n"
    "\n"
    "Shows each position's moves, their targets and values, the mex and P/N,\n"
    "as in a textbook's worked example:\n"
    "  sg(4): 4-{1,3,4} -> {3,1,0}; mex{sg(3),sg(1),sg(0)} = mex{1,1,0} = 2  (N)\n"
    "\n"
    "@GAMES:23@\n"
    "  -n, --max N          positions 0..N (default 20; all nodes with -g)\n"
    "      --from X         first position shown (default 0)\n"
    "      --to Y           last position shown (default N)\n"
    "      --position P     a position of several parts, e.g. 3+4+5: each\n"
    "                       part's value, the nim-sum worked in binary, who\n"
    "                       wins and how a winning move is found\n"
    "      --misere         misère play (the last player to move loses): the\n"
    "                       mex steps of g-(x), or with --position the\n"
    "                       misère working: misère Nim's rule where it holds,\n"
    "                       else the search, or the misère quotient for a sum\n"
    "                       too large for it\n"
    "      --every          Every-SG (a move in every component at once): the\n"
    "                       step count of each position beside its value, and\n"
    "                       the rule that gives it\n"
    "  -l, --lang LANG      en (default) or zh, the wording of the Chinese notes\n"
    "  -f, --format FMT     text (default), md, latex, json (with --position,\n"
    "                       --misere or --every: text or latex)\n"
    "      --rows K         latex: positions per align* block (default 10,\n"
    "                       a slide's height; 0: one block)\n"
    "      --template FILE  your own wording (see doc/templates.md;\n"
    "                       -t is --code, as in every command)\n"
    "  -o, --output FILE    write to FILE (default: standard output)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Example: sgviz trace -s 1,3,4 -n 8 --lang zh\n";

/* Writes the kind's own theorem, worked for GAME, to OUT when it has one. */
static sg_status write_working(sg_ctx *ctx, const sg_game *game,
                               const char *lang, FILE *out)
{
    char *text = sg_game_working(ctx, game, lang);
    if (!text)
        return sg_ctx_status(ctx);
    fputs(text, out);
    free(text);
    return SG_OK;
}

/* Where the working of a sum or of misère play is asked for in LaTeX, it
 * is written as text into memory first and then set as LaTeX, so that
 * both say the same. */
typedef struct working_out {
    cli_output *file;
    FILE *mem;
    char *text;
    size_t len;
} working_out;

static FILE *working_open(sg_ctx *ctx, working_out *w, const char *output,
                          int latex)
{
    memset(w, 0, sizeof *w);
    w->file = cli_output_open(ctx, output);
    if (!w->file)
        return NULL;
    if (!latex)
        return cli_output_stream(w->file);
    w->mem = open_memstream(&w->text, &w->len);
    if (!w->mem)
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    return w->mem;
}

/* Ends the working ST wrote: set as LaTeX when asked, and committed. */
static int working_close(sg_ctx *ctx, working_out *w, sg_status st,
                         const char *lang)
{
    int rc = EXIT_BAD;
    if (w->mem) {
        if (fclose(w->mem) != 0 && st == SG_OK)
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        w->mem = NULL;
        if (st == SG_OK)
            st = sg_working_latex_write(ctx, w->text, w->len, lang,
                                        cli_output_stream(w->file));
    }
    if (st == SG_OK && w->file)
        rc = cli_commit(ctx, &w->file);
    cli_output_abort(w->file);
    free(w->text);
    return rc;
}

/* trace --position P: the working of the sum P. */
static int trace_position(sg_ctx *ctx, const sg_game *game,
                          const cli_game_args *ga, const char *lang,
                          int misere, int latex, const char *output)
{
    uint64_t *parts = NULL;
    size_t n = 0;
    if (cli_position_parts(ctx, "trace", game, ga, &parts, &n) != SG_OK)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    char *command = cli_game_command(ga, "trace");
    sg_sum_trace_opts opts = {.lang = lang, .command = command,
                              .misere = misere};
    if (!command) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    } else {
        working_out w;
        FILE *f = working_open(ctx, &w, output, latex);
        sg_status st = f ? sg_sum_trace_write(ctx, game, parts, n, &opts, f)
                         : sg_ctx_status(ctx);
        rc = working_close(ctx, &w, st, lang);
    }
    free(command);
    free(parts);
    return rc;
}

int cmd_trace(sg_ctx *ctx, int argc, char **argv)
{
    enum {
        OPT_FROM = 256,
        OPT_TO,
        OPT_POSITION,
        OPT_TEMPLATE,
        OPT_ROWS,
        OPT_MISERE,
        OPT_EVERY
    };
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"from", required_argument, NULL, OPT_FROM},
        {"to", required_argument, NULL, OPT_TO},
        {"position", required_argument, NULL, OPT_POSITION},
        {"misere", no_argument, NULL, OPT_MISERE},
        {"every", no_argument, NULL, OPT_EVERY},
        {"lang", required_argument, NULL, 'l'},
        {"format", required_argument, NULL, 'f'},
        {"rows", required_argument, NULL, OPT_ROWS},
        {"template", required_argument, NULL, OPT_TEMPLATE},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *lang = "en", *format = NULL, *template_path = NULL;
    const char *output = NULL, *rows = NULL;
    int misere = 0, every = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":n:l:f:o:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case OPT_FROM: ga.from = optarg; break;
        case OPT_TO: ga.to = optarg; break;
        case OPT_POSITION: ga.position = optarg; break;
        case OPT_MISERE: misere = 1; break;
        case OPT_EVERY: every = 1; break;
        case 'l': lang = optarg; break;
        case 'f': format = optarg; break;
        case OPT_TEMPLATE: template_path = optarg; break;
        case OPT_ROWS: rows = optarg; break;
        case 'o': output = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "trace", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "trace", argv[optind]);
    static const cli_ext_format exts[] = {
        {"txt", "text"}, {"md", "md"}, {"tex", "latex"}, {"json", "json"},
        {NULL, NULL}};
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK ||
        cli_check_not_input(ctx, output, template_path) != SG_OK ||
        cli_output_format(ctx, "trace", format, output, exts, "text",
                          &format) != SG_OK)
        return EXIT_BAD;

    /* The working of a sum and the misère trace have their own wording,
     * in text, which LaTeX sets as it is. */
    const char *own = ga.position ? "the working of a sum (--position)"
                      : misere    ? "the misère trace"
                      : every     ? "the Every-SG trace"
                                  : NULL;
    if (every && (misere || ga.position)) {
        sg_ctx_fail(ctx, SG_EINPUT, "--every %s: Every-SG is a play rule of "
                    "its own; trace its positions with -n, --from and --to",
                    misere ? "and --misere do not go together"
                           : "does not go with --position");
        return EXIT_BAD;
    }
    if (own && strcmp(format, "text") != 0 && strcmp(format, "latex") != 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "--format %s: %s is written as text "
                    "or latex", format, own);
        return EXIT_BAD;
    }
    if (own && rows) {
        sg_ctx_fail(ctx, SG_EINPUT, "--rows: %s has no align* blocks", own);
        return EXIT_BAD;
    }
    if (own && template_path) {
        sg_ctx_fail(ctx, SG_EINPUT, "--template: %s has the built-in wording "
                    "of --lang", own);
        return EXIT_BAD;
    }

    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_game *game = NULL;
    /* The built-in template is checked even when --template replaces it, so
     * that a mistyped --lang or --format is never silently ignored. */
    sg_template *tpl = sg_template_builtin(ctx, lang, format);
    if (!tpl)
        goto done;
    if (template_path) {
        sg_template_free(tpl);
        tpl = sg_template_load(ctx, template_path);
        if (!tpl)
            goto done;
    }
    uint64_t k;
    if (rows && (cli_parse_number(ctx, "--rows", rows, 1000000, &k) != SG_OK ||
                 sg_template_set_rows(ctx, tpl, k) != SG_OK)) {
        if (!strstr(sg_ctx_message(ctx), "--rows"))
            cli_prefix_error(ctx, "--rows");
        goto done;
    }
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    if (ga.position) {
        rc = trace_position(ctx, game, &ga, lang, misere,
                            strcmp(format, "latex") == 0, output);
        goto done;
    }
    uint64_t from, to;
    if (cli_window(ctx, game, &ga, 20, &from, &to) != SG_OK)
        goto done;
    if (every || misere) {
        working_out w;
        FILE *f = working_open(ctx, &w, output, strcmp(format, "latex") == 0);
        sg_status st = !f      ? sg_ctx_status(ctx)
                       : every ? sg_every_trace_write(ctx, game, from, to,
                                                      lang, f)
                               : sg_misere_trace_write(ctx, game, from, to,
                                                       lang, f);
        rc = working_close(ctx, &w, st, lang);
        goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    /* Where the moves cannot all be listed (a picture too large to
     * explore), a kind with a theorem of its own still shows it worked. */
    if (strcmp(format, "text") == 0 && !template_path &&
        sg_game_check_moves(ctx, game, to) != SG_OK) {
        char *text = sg_game_working(ctx, game, lang);
        if (!text)
            goto done;
        char why[1024];
        snprintf(why, sizeof why, "%s", sg_ctx_message(ctx));
        sg_ctx_clear(ctx);
        fprintf(cli_output_stream(out), "No mex steps (%s).\n", why);
        fputs(text, cli_output_stream(out));
        free(text);
        rc = cli_commit(ctx, &out);
        goto done;
    }
    if (sg_trace_write(ctx, tpl, game, from, to, cli_output_stream(out)) !=
        SG_OK)
        goto done;
    /* A kind with a theorem of its own shows it worked after the mex steps
     * that check it (the text of a trace only: the other formats are
     * documents of their own). */
    if (strcmp(format, "text") == 0 && !template_path &&
        write_working(ctx, game, lang, cli_output_stream(out)) != SG_OK)
        goto done;
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_template_free(tpl);
    sg_game_free(game);
    return rc;
}
