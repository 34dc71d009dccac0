/*
 * cmd_table.c - `sgviz table`: x, sg(x) and P/N for a range of positions.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz table @GAME@ [-n N] [options]\n"
    "\n"
    "Prints x, sg(x) and P/N (P: sg = 0, the player to move loses) for\n"
    "positions 0..N.  The positions of a game graph (-g) come in the order of\n"
    "their names where these are numbers, otherwise in the file's order;\n"
    "--from, --to and -n then count in that order.\n"
    "\n"
    "@GAMES:22@\n"
    "  -n, --max N         positions 0..N (default 20; all nodes with -g)\n"
    "      --from X        first position shown (default 0)\n"
    "      --to Y          last position shown (default N)\n"
    "  -f, --format FMT    text (default), csv, md, latex, json, c (a C\n"
    "                      array literal), or none (compute only, for timing)\n"
    "      --p-positions   only the P-positions (text: one a line)\n"
    "      --grid          positions named by two numbers (\"3,5\"): a grid\n"
    "                      of values, * marking the P-positions (text, csv,\n"
    "                      json, c)\n"
    "  -w, --width W       text: wrap lines at W characters (default: the\n"
    "                      terminal's width, or 80)\n"
    "      --columns K     latex: positions per tabular (default 12)\n"
    "      --misere        misère play (the last player to move loses): the\n"
    "                      misère value g-(x), least m with x + *m a misère\n"
    "                      P-position, and P/N under misère play\n"
    "      --every         Every-SG (a move in every component at once): a\n"
    "                      row of step counts (text, csv, md)\n"
    "  -l, --lang LANG     text, md, latex: en (default, sg(x)) or zh\n"
    "                      (SG[x], the game's Chinese name)\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Examples: sgviz table -s 1,3,4 -n 8\n"
    "          sgviz table -s 1,3,4 -n 100 -f c --p-positions\n";

/* The place of position X in ORDER[0..n). */
static size_t rank_of(const uint64_t *order, size_t n, uint64_t x)
{
    size_t i = 0;
    while (i < n && order[i] != x)
        i++;
    return i;
}

/* A finite game's table lists its positions in the game's order: every
 * one, or from --from to --to, or the first N + 1 (-n), counted in that
 * order.  Sets opts->positions to them, in *ORDER (freed by the caller). */
static sg_status table_in_order(sg_ctx *ctx, const sg_game *game,
                                const cli_game_args *ga, uint64_t **order,
                                sg_table_opts *opts)
{
    size_t n;
    *order = sg_game_order(ctx, game, &n);
    if (!*order)
        return sg_ctx_status(ctx);
    size_t first = 0, last = n - 1;
    uint64_t x;
    if (ga->max) {
        if (cli_parse_number(ctx, "-n", ga->max, UINT64_MAX / 2, &x) != SG_OK)
            return sg_ctx_status(ctx);
        if (x >= n)
            return sg_ctx_fail(ctx, SG_EINPUT, "-n %s: %s has %zu positions "
                               "(-n %zu at most)", ga->max,
                               sg_game_spec(game), n, n - 1);
        last = (size_t)x;
    }
    if (ga->from) {
        if (sg_game_find_position(ctx, game, ga->from, "--from", &x))
            return sg_ctx_status(ctx);
        first = rank_of(*order, n, x);
    }
    if (ga->to) {
        if (sg_game_find_position(ctx, game, ga->to, "--to", &x))
            return sg_ctx_status(ctx);
        last = rank_of(*order, n, x);
    }
    if (first > last)
        return sg_ctx_fail(ctx, SG_EINPUT, "--from %s comes after %s%s in "
                           "the table's order", ga->from ? ga->from : "",
                           ga->to ? "--to " : "the last position",
                           ga->to ? ga->to : "");
    opts->positions = *order + first;
    opts->npositions = last - first + 1;
    return SG_OK;
}

int cmd_table(sg_ctx *ctx, int argc, char **argv)
{
    enum {
        OPT_FROM = 256,
        OPT_TO,
        OPT_COLUMNS,
        OPT_MISERE,
        OPT_P,
        OPT_GRID,
        OPT_EVERY
    };
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"from", required_argument, NULL, OPT_FROM},
        {"to", required_argument, NULL, OPT_TO},
        {"format", required_argument, NULL, 'f'},
        {"width", required_argument, NULL, 'w'},
        {"columns", required_argument, NULL, OPT_COLUMNS},
        {"misere", no_argument, NULL, OPT_MISERE},
        {"every", no_argument, NULL, OPT_EVERY},
        {"p-positions", no_argument, NULL, OPT_P},
        {"grid", no_argument, NULL, OPT_GRID},
        {"lang", required_argument, NULL, 'l'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *format = NULL, *width = NULL, *columns = NULL;
    int misere = 0, every = 0;
    const char *output = NULL, *lang = NULL;
    int c, p_only = 0, grid = 0;
    cli_options getopts;
    cli_options_init(&getopts, ":n:f:w:o:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case OPT_FROM: ga.from = optarg; break;
        case OPT_TO: ga.to = optarg; break;
        case 'f': format = optarg; break;
        case 'w': width = optarg; break;
        case OPT_COLUMNS: columns = optarg; break;
        case OPT_MISERE: misere = 1; break;
        case OPT_EVERY: every = 1; break;
        case OPT_P: p_only = 1; break;
        case OPT_GRID: grid = 1; break;
        case 'l': lang = optarg; break;
        case 'o': output = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "table", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "table", argv[optind]);

    if (every && (misere || p_only || grid || columns)) {
        sg_ctx_fail(ctx, SG_EINPUT, "--every: the Every-SG table has rows x, "
                    "sg, step and P/N, without %s",
                    misere ? "--misere" : p_only ? "--p-positions"
                    : grid ? "--grid" : "--columns");
        return EXIT_BAD;
    }
    static const cli_ext_format exts[] = {
        {"txt", "text"}, {"csv", "csv"}, {"md", "md"}, {"tex", "latex"},
        {"json", "json"}, {"c", "c"}, {"h", "c"}, {NULL, NULL}};
    /* A file that is an input is refused first: of two refusals, the one
     * that keeps a file safe is said. */
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK ||
        cli_output_format(ctx, "table", format, output, exts, "text",
                          &format) != SG_OK)
        return EXIT_BAD;
    sg_table_opts opts = {.format = SG_TABLE_TEXT, .misere = misere,
                          .p_only = p_only, .grid = grid, .lang = lang};
    if (!every && sg_table_format_parse(ctx, format, &opts.format) != SG_OK)
        return EXIT_BAD;
    uint64_t v;
    if (width) {
        if (cli_parse_number(ctx, "--width", width, 100000, &v) != SG_OK)
            return EXIT_BAD;
        if (v < 20) {
            sg_ctx_fail(ctx, SG_EINPUT, "--width %s: must be at least 20",
                        width);
            return EXIT_BAD;
        }
        opts.width = (unsigned)v;
    } else {
        opts.width = cli_terminal_width();
    }
    if (columns) {
        if (cli_parse_number(ctx, "--columns", columns, 1000, &v) != SG_OK)
            return EXIT_BAD;
        if (v < 1) {
            sg_ctx_fail(ctx, SG_EINPUT, "--columns %s: must be at least 1",
                        columns);
            return EXIT_BAD;
        }
        opts.columns = (unsigned)v;
    }

    int rc = EXIT_BAD;
    cli_output *out = NULL;
    uint64_t *order = NULL;
    sg_game *game = cli_load_game(ctx, &ga);
    uint64_t from, to;
    if (!game)
        goto done;
    if (!sg_game_is_finite(game)) {
        if (cli_window(ctx, game, &ga, 20, &from, &to) != SG_OK)
            goto done;
    } else if (table_in_order(ctx, game, &ga, &order, &opts) != SG_OK) {
        goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    if (every) {
        if (sg_every_table_write(ctx, game, from, to, opts.positions,
                                 opts.npositions, format, opts.width, lang,
                                 cli_output_stream(out)) != SG_OK) {
            if (strstr(sg_ctx_message(ctx), "unknown language"))
                cli_prefix_error(ctx, "--lang");
            goto done;
        }
        rc = cli_commit(ctx, &out);
        goto done;
    }
    if (sg_table_write(ctx, game, from, to, &opts, cli_output_stream(out)) !=
        SG_OK) {
        if (strstr(sg_ctx_message(ctx), "unknown language"))
            cli_prefix_error(ctx, "--lang");
        goto done;
    }
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    free(order);
    sg_game_free(game);
    return rc;
}
