/*
 * cmd_value.c - `sgviz value`: sg(x) for the positions named on the command
 * line, in the order given.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz value @GAME@ [options] POSITION...\n"
    "\n"
    "Prints sg(x) and P/N for each position x (a heap size, or a node of the\n"
    "DOT game), one a line:\n"
    "  $ sgviz value -s 1,3,4 100\n"
    "  sg(100) = 0  (P)\n"
    "\n"
    "@GAMES:22@\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Example: sgviz value -s 1,3,4 7 100 1000000\n";

int cmd_value(sg_ctx *ctx, int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":o:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "value", c, argv);
        }
    }
    if (optind >= argc) {
        sg_ctx_fail(ctx, SG_EINPUT, "value: name at least one position, e.g. "
                    "sgviz value -s 1,3,4 7 (see sgviz value --help)");
        return EXIT_BAD;
    }
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    sg_output *out = NULL;
    uint64_t *x = NULL;
    sg_lookup *lookup = NULL;
    int n = argc - optind;
    sg_game *game = cli_load_game(ctx, &ga);
    if (!game ||
        cli_positions(ctx, game, argv + optind, n, &x, &lookup) != SG_OK)
        goto done;
    out = sg_output_open(ctx, output);
    if (!out)
        goto done;
    FILE *f = sg_output_stream(out);
    for (int i = 0; i < n; i++) {
        char tmp[24];
        sg_value v = sg_lookup_get(lookup, x[i]);
        fprintf(f, "sg(%s) = %llu  (%c)\n",
                sg_game_position_name(game, x[i], tmp, sizeof tmp),
                (unsigned long long)v, v ? 'N' : 'P');
    }
    rc = cli_commit(ctx, &out);
done:
    sg_output_abort(out);
    sg_lookup_free(lookup);
    free(x);
    sg_game_free(game);
    return rc;
}
