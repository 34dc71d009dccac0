/*
 * cmd_period.c - `sgviz period`: the preperiod, the smallest period and the
 * repeating block of a subtraction game, with the certificate that proves
 * them.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz period (-s SPEC | -t CODE) [--limit L] [options]\n"
    "\n"
    "Finds the preperiod n0 and the smallest period p of a subtraction game,\n"
    "sg(x + p) = sg(x) for every x >= n0, with the repeating block and the\n"
    "certificate: with k = max S, sg(x) for x >= k depends only on the k\n"
    "values before it, so sg(x + p) = sg(x) for n0 <= x < n0 + k proves it\n"
    "for ever.  Values are computed only as far as the proof needs.\n"
    "A take-and-break code without a repeating tail or '!' is proved by the\n"
    "Guy-Smith theorem: sg(x + p) = sg(x) for n0 <= x < 2max(n0,1) + p + t,\n"
    "t the place of its last non-zero digit.\n"
    "\n"
    "@GAMES:22@\n"
    "  -L, --limit L       compute at most sg(0..L) (default 10000000, less\n"
    "                      for sets of 64 amounts or more, and for codes\n"
    "                      that have no certificate)\n"
    "  -f, --format FMT    text (default) or json\n"
    "      --full          text: list every value (default: the first 32 of\n"
    "                      each list)\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "pow2, fib and all are infinite sets: the certificate does not apply, and\n"
    "the report shows what sg(0..L) shows (and the theorems for pow2 and all).\n"
    "Likewise for codes with a repeating tail or '!' (and the theorems of Nim\n"
    "and Lasker's Nim).\n"
    "\n"
    "Exit status: 0 when a period is certified (or the set is infinite), 1 when\n"
    "none is found up to L, 2 on bad input.\n"
    "\n"
    "Example: sgviz period -s 2,4,7\n";

int cmd_period(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_FULL = 256 };
    static const struct option options[] = {
        {"limit", required_argument, NULL, 'L'},
        {"format", required_argument, NULL, 'f'},
        {"full", no_argument, NULL, OPT_FULL},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *format = "text", *limit_arg = NULL, *output = NULL;
    int full = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":L:f:o:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'L': limit_arg = optarg; break;
        case 'f': format = optarg; break;
        case OPT_FULL: full = 1; break;
        case 'o': output = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "period", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "period", argv[optind]);
    sg_period_format fmt;
    if (sg_period_format_parse(ctx, format, &fmt) != SG_OK)
        return EXIT_BAD;
    uint64_t limit = 0;
    if (limit_arg) {
        if (cli_parse_number(ctx, "--limit", limit_arg, UINT64_MAX / 2,
                             &limit) != SG_OK)
            return EXIT_BAD;
        if (limit < 1) {
            sg_ctx_fail(ctx, SG_EINPUT, "--limit %s: must be at least 1",
                        limit_arg);
            return EXIT_BAD;
        }
    }
    int rc = EXIT_BAD;
    sg_output *out = NULL;
    sg_period *period = NULL;
    sg_game *game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    period = sg_period_find(ctx, game, limit);
    if (!period) {
        if (limit_arg) {
            char where[64];
            snprintf(where, sizeof where, "--limit %s", limit_arg);
            cli_prefix_error(ctx, where);
        }
        goto done;
    }
    out = sg_output_open(ctx, output);
    if (!out)
        goto done;
    if (sg_period_write(ctx, period, game, fmt, full, sg_output_stream(out)) !=
        SG_OK)
        goto done;
    if (cli_commit(ctx, &out) == EXIT_OK) {
        const sg_period_info *info = sg_period_info_of(period);
        rc = info->applies && !info->found ? EXIT_VERDICT : EXIT_OK;
    }
done:
    sg_output_abort(out);
    sg_period_free(period);
    sg_game_free(game);
    return rc;
}
