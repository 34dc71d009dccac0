/*
 * cmd_plot.c - `sgviz plot`: sg(x) against x over long ranges.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz plot @GAME@ [-n N] -o FILE [options]\n"
    "\n"
    "Plots sg(x) against x for positions 0..N, for ranges far too long to\n"
    "draw as a graph: one dot per position, P-positions (sg = 0) in their\n"
    "own colour, and the certified period and preperiod shaded and marked\n"
    "where the game has one.  The page is 16:9, its type large enough for a\n"
    "slide.  For the numbers themselves (pgfplots, a spreadsheet):\n"
    "sgviz table --format csv.\n"
    "\n"
    "@GAMES:24@\n"
    "  -n, --max N           positions 0..N (default 1000; all nodes with -g)\n"
    "      --from X          first position plotted (default 0)\n"
    "      --to Y            last position plotted (default N)\n"
    "  -o, --output FILE     the plot: FILE.svg, .png or .pdf (- for\n"
    "                        standard output)\n"
    "  -T, --format FMT      svg, png or pdf (default: FILE's extension; svg\n"
    "                        for standard output)\n"
    "  -l, --lang LANG       the title, axes and legend in en (default) or zh\n"
    "  -h, --help            show this help\n"
    "\n"
    "Example: sgviz plot -t kayles -n 100000 -o kayles.svg\n";

/* The format -T names, or FILE's extension, or svg for standard output.
 * Returns SG_OK or SG_EINPUT. */
static sg_status plot_format(sg_ctx *ctx, const char *output,
                             const char *format, sg_plot_format *out)
{
    if (format) {
        if (sg_plot_format_parse(ctx, format, out) == SG_OK)
            return SG_OK;
        cli_prefix_error(ctx, "-T");
        return SG_EINPUT;
    }
    if (strcmp(output, "-") == 0) {
        *out = SG_PLOT_SVG;
        return SG_OK;
    }
    const char *slash = strrchr(output, '/');
    const char *dot = strrchr(slash ? slash + 1 : output, '.');
    if (!dot)
        return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: no extension to tell the "
                           "format by; name the file .svg, .png or .pdf, or "
                           "give -T", output);
    char ext[8];
    size_t n = strlen(dot + 1);
    for (size_t i = 0; i <= n && i < sizeof ext; i++) {
        char c = dot[1 + i];
        ext[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    ext[sizeof ext - 1] = '\0';
    if (n < sizeof ext && sg_plot_format_parse(ctx, ext, out) == SG_OK)
        return SG_OK;
    return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: unknown extension \"%s\" "
                       "(known: .svg, .png, .pdf; or give the format with "
                       "-T)", output, dot);
}

int cmd_plot(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_FROM = 256, OPT_TO };
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"from", required_argument, NULL, OPT_FROM},
        {"to", required_argument, NULL, OPT_TO},
        {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'T'},
        {"lang", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL, *format_name = NULL, *lang = NULL;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":n:o:T:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case OPT_FROM: ga.from = optarg; break;
        case OPT_TO: ga.to = optarg; break;
        case 'o': output = optarg; break;
        case 'T': format_name = optarg; break;
        case 'l': lang = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "plot", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "plot", argv[optind]);
    if (!output) {
        sg_ctx_fail(ctx, SG_EINPUT, "plot: give the plot's file with -o FILE "
                    "(.svg, .png or .pdf; - for standard output)");
        return EXIT_BAD;
    }
    sg_plot_format format;
    if (plot_format(ctx, output, format_name, &format) != SG_OK ||
        cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_game *game = cli_load_game(ctx, &ga);
    uint64_t from, to;
    if (!game || cli_window(ctx, game, &ga, 1000, &from, &to) != SG_OK)
        goto done;
    cli_warn_font("plot", lang);
    sg_plot_opts opts = {.size = sizeof opts, .format = format, .lang = lang};
    out = cli_output_open(ctx, output);
    if (out && sg_plot_write_opts(ctx, game, from, to, &opts,
                                  cli_output_stream(out)) == SG_OK)
        rc = cli_commit(ctx, &out);
    else if (lang && strstr(sg_ctx_message(ctx), "unknown language"))
        cli_prefix_error(ctx, "--lang");
done:
    cli_output_abort(out);
    sg_game_free(game);
    return rc;
}
