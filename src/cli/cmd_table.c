/*
 * cmd_table.c - `sgviz table`: x, sg(x) and P/N for a range of positions.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz table @GAME@ [-n N] [options]\n"
    "\n"
    "Prints x, sg(x) and P/N (P: sg = 0, the player to move loses) for\n"
    "positions 0..N.\n"
    "\n"
    "@GAMES:22@\n"
    "  -n, --max N         positions 0..N (default 20; all nodes with -g)\n"
    "      --from X        first position shown (default 0)\n"
    "      --to Y          last position shown (default N)\n"
    "  -f, --format FMT    text (default), csv, md, latex, json, or none\n"
    "                      (compute only, for timing)\n"
    "  -w, --width W       text: wrap lines at W characters (default: the\n"
    "                      terminal's width, or 80)\n"
    "      --columns K     latex: positions per tabular (default 12)\n"
    "      --misere        misère play (the last player to move loses): the\n"
    "                      misère value g-(x), least m with x + *m a misère\n"
    "                      P-position, and P/N under misère play\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Example: sgviz table -s 1,3,4 -n 8\n";

int cmd_table(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_FROM = 256, OPT_TO, OPT_COLUMNS, OPT_MISERE };
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"from", required_argument, NULL, OPT_FROM},
        {"to", required_argument, NULL, OPT_TO},
        {"format", required_argument, NULL, 'f'},
        {"width", required_argument, NULL, 'w'},
        {"columns", required_argument, NULL, OPT_COLUMNS},
        {"misere", no_argument, NULL, OPT_MISERE},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *format = "text", *width = NULL, *columns = NULL;
    int misere = 0;
    const char *output = NULL;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":n:f:w:o:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case OPT_FROM: ga.from = optarg; break;
        case OPT_TO: ga.to = optarg; break;
        case 'f': format = optarg; break;
        case 'w': width = optarg; break;
        case OPT_COLUMNS: columns = optarg; break;
        case OPT_MISERE: misere = 1; break;
        case 'o': output = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "table", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "table", argv[optind]);

    sg_table_opts opts = {SG_TABLE_TEXT, 0, 0, misere};
    if (sg_table_format_parse(ctx, format, &opts.format) != SG_OK)
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
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    sg_output *out = NULL;
    sg_game *game = cli_load_game(ctx, &ga);
    uint64_t from, to;
    if (!game || cli_window(ctx, game, &ga, 20, &from, &to) != SG_OK)
        goto done;
    out = sg_output_open(ctx, output);
    if (!out)
        goto done;
    if (sg_table_write(ctx, game, from, to, &opts, sg_output_stream(out)) !=
        SG_OK)
        goto done;
    rc = cli_commit(ctx, &out);
done:
    sg_output_abort(out);
    sg_game_free(game);
    return rc;
}
