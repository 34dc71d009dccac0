/*
 * cmd_graph.c - `sgviz graph`: the game's state graph as a picture.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz graph @GAME@ [-n N] -o FILE [options]\n"
    "\n"
    "Draws positions 0..N and every move between them.  Each node shows x\n"
    "and sg(x); P-positions (sg = 0) and N-positions differ in colour and in\n"
    "border, so that a greyscale printout still tells them apart; a legend\n"
    "names the game.  A Hackenbush picture (-H) is drawn as itself: the\n"
    "ground a line, each edge marked with the value its deletion leaves,\n"
    "the winning deletions in red.\n"
    "\n"
    "@GAMES:24@\n"
    "  -n, --max N           positions 0..N (default 20; all nodes with -g)\n"
    "      --from X          draw only the positions reachable from X\n"
    "      --position P      a position of several parts, e.g. 3+4+5 or a+b:\n"
    "                        every position reachable from it, each part\n"
    "                        keeping its place (the grid of a sum)\n"
    "  -o, --output FILE     the picture: FILE.svg, .png, .pdf, .dot or .tex\n"
    "                        (a TikZ picture; - for standard output)\n"
    "  -T, --format FMT      svg, png, pdf, dot or tikz (default: FILE's\n"
    "                        extension; svg for standard output)\n"
    "      --layout L        auto (default): chosen by size; line: one row,\n"
    "                        moves as arcs; dot: layers; grid: large graphs;\n"
    "                        board: positions (a,b) at column a, row b\n"
    "      --moves M         on: every move; off: none; from=X: X's moves\n"
    "                        (default: on, but off on a board)\n"
    "      --heat-map        colour each position by its value\n"
    "      --around X        position X and its options only, with their\n"
    "                        values and the mex they give\n"
    "      --slide [SHAPE]   made for a slide, 16:9 (default) or 4:3: the\n"
    "                        slide's shape, labels of 20 px or more at 1920\n"
    "                        px wide, the legend beside or in a strip\n"
    "      --theme NAME      classic (default), print (greyscale), dark, or a\n"
    "                        theme FILE.dot of your own\n"
    "      --aspect W:H      the shape to aim for, e.g. 4:3 (default 16:9)\n"
    "      --highlight-wins  make the winning moves (into P-positions) stand "
    "out\n"
    "      --highlight X     make position X and its moves stand out, or with\n"
    "                        X-Y the move from X to Y\n"
    "      --edge-labels     label each move with the amount it takes\n"
    "      --no-legend       leave the legend out\n"
    "      --misere          misère play: each position shows g-(x), the\n"
    "                        misère value, and is P or N under misère play\n"
    "      --every           Every-SG: each position shows its step count\n"
    "                        beside its value\n"
    "  -l, --lang LANG       the legend's language: en (default) or zh\n"
    "      --title TEXT      the legend's first line (default: a DOT game's\n"
    "                        own graph label, else the game and its positions)\n"
    "      --font-size PT    the positions' labels in points (default 14);\n"
    "                        every other text keeps its proportion\n"
    "      --dpi N           a PNG's resolution (default 96)\n"
    "  -h, --help            show this help\n"
    "\n"
    "Example: sgviz graph -s 1,3,4 -n 12 --highlight-wins -o s134.png\n";

/* Works out the output format from -T or from the file's extension. */
static const char *output_format(sg_ctx *ctx, const char *output,
                                 const char *format)
{
    if (format)
        return format;
    if (strcmp(output, "-") == 0)
        return "svg";
    const char *f = sg_render_format_of_path(output);
    if (f)
        return f;
    const char *slash = strrchr(output, '/');
    const char *dot = strrchr(slash ? slash + 1 : output, '.');
    if (dot)
        sg_ctx_fail(ctx, SG_EINPUT, "-o %s: unknown extension \"%s\" (known: "
                    ".svg, .png, .pdf, .dot, .tex; or give the format with -T)",
                    output, dot);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "-o %s: no extension to tell the format "
                    "by; name the file .svg, .png, .pdf, .dot or .tex, or give -T",
                    output);
    return NULL;
}

/* Reads --highlight ARG, a position X or a move X-Y of GAME, into OPTS.
 * A DOT game's node may have a "-" in its name, so the whole of ARG is
 * tried as a position first, then each "-" in it as the one between two
 * positions.  Returns SG_OK or SG_EINPUT naming ARG. */
static sg_status highlight_option(sg_ctx *ctx, const sg_game *game,
                                  const char *arg, sg_drawing_opts *opts)
{
    uint64_t x, y;
    if (*arg == '-')
        return sg_ctx_fail(ctx, SG_EINPUT, "--highlight \"%.60s\": give a "
                           "position X or a move X-Y (the option needs its "
                           "value; --highlight-wins makes every winning "
                           "move stand out)", arg);
    if (sg_game_find_position(ctx, game, arg, "--highlight", &x) == SG_OK) {
        opts->highlight = 1;
        opts->highlight_x = x;
        return SG_OK;
    }
    char first[256];
    snprintf(first, sizeof first, "%s", sg_ctx_message(ctx));
    for (const char *dash = strchr(arg, '-'); dash;
         dash = strchr(dash + 1, '-')) {
        char left[256];
        size_t len = (size_t)(dash - arg);
        if (len == 0 || len >= sizeof left)
            continue;
        memcpy(left, arg, len);
        left[len] = '\0';
        if (sg_game_find_position(ctx, game, left, "--highlight", &x) !=
            SG_OK)
            continue;
        if (sg_game_find_position(ctx, game, dash + 1, "--highlight", &y) !=
            SG_OK)
            return sg_ctx_status(ctx);
        opts->highlight = opts->highlight_move = 1;
        opts->highlight_x = x;
        opts->highlight_y = y;
        return SG_OK;
    }
    return sg_ctx_fail(ctx, SG_EINPUT, "%s (--highlight takes a position X "
                       "or a move X-Y)", first);
}

/* Reads --moves ARG: on, off or from=X, a position of GAME.  Returns
 * SG_OK or SG_EINPUT naming ARG. */
static sg_status moves_option(sg_ctx *ctx, const sg_game *game,
                              const char *arg, sg_drawing_opts *opts)
{
    if (strcmp(arg, "on") == 0) {
        opts->moves = SG_MOVES_ON;
        return SG_OK;
    }
    if (strcmp(arg, "off") == 0) {
        opts->moves = SG_MOVES_OFF;
        return SG_OK;
    }
    if (strncmp(arg, "from=", 5) == 0) {
        if (sg_game_find_position(ctx, game, arg + 5, "--moves from",
                                  &opts->moves_from) != SG_OK)
            return SG_EINPUT;
        opts->moves = SG_MOVES_FROM;
        return SG_OK;
    }
    return sg_ctx_fail(ctx, SG_EINPUT, "--moves \"%.60s\": give on, off or "
                       "from=X (the moves of position X)", arg);
}

/* Reads --around ARG, a position of GAME, into *X; beyond -n MAX (when MAX
 * is not 0) it is refused too.  Returns SG_OK or SG_EINPUT naming ARG. */
static sg_status around_option(sg_ctx *ctx, const sg_game *game,
                               const char *arg, uint64_t max, uint64_t *x)
{
    if (sg_game_find_position(ctx, game, arg, "--around", x) != SG_OK)
        return SG_EINPUT;
    if (sg_game_is_finite(game) && *x >= sg_game_position_count(game))
        return sg_ctx_fail(ctx, SG_EINPUT, "--around %s: no such position "
                           "in %s", arg, sg_game_describe(game));
    if (max && *x > max)
        return sg_ctx_fail(ctx, SG_EINPUT, "--around %s is beyond -n %llu",
                           arg, (unsigned long long)max);
    return SG_OK;
}

/* Checks --title TEXT: one line of text of at most 200 bytes. */
static sg_status title_option(sg_ctx *ctx, const char *text)
{
    size_t len = strlen(text);
    for (const char *p = text; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return sg_ctx_fail(ctx, SG_EINPUT, "--title: a control character "
                               "(byte 0x%02x at byte %zu); give one line of "
                               "text", (unsigned)(unsigned char)*p,
                               (size_t)(p - text) + 1);
    if (len > 200)
        return sg_ctx_fail(ctx, SG_EINPUT, "--title: %zu bytes; give at most "
                           "200", len);
    return SG_OK;
}

/* graph -H: the picture itself, not its state graph. */
static int draw_picture(sg_ctx *ctx, const sg_game *game,
                        const cli_game_args *ga, const sg_drawing_opts *opts,
                        const char *root, const char *shown,
                        const char *format, const char *output)
{
    const char *other = ga->position ? "--position" : root ? "--from"
                        : shown ? "--highlight" : opts->misere ? "--misere"
                        : opts->every ? "--every" : ga->max ? "-n" : NULL;
    if (other) {
        sg_ctx_fail(ctx, SG_EINPUT, "graph: %s draws the state graph; with "
                    "-H, graph draws the picture itself (its deletions are "
                    "marked on it)", other);
        return EXIT_BAD;
    }
    if (strcmp(format, "dot") != 0 && strcmp(format, "tikz") != 0)
        cli_warn_font("graph", opts->lang);
    cli_output *out = cli_output_open(ctx, output);
    if (!out)
        return EXIT_BAD;
    if (sg_picture_render(ctx, game, format, opts->lang,
                          cli_output_stream(out)) != SG_OK) {
        if (strstr(sg_ctx_message(ctx), "unknown language"))
            cli_prefix_error(ctx, "--lang");
        cli_output_abort(out);
        return EXIT_BAD;
    }
    return cli_commit(ctx, &out);
}

int cmd_graph(sg_ctx *ctx, int argc, char **argv)
{
    enum {
        OPT_FROM = 256,
        OPT_LAYOUT,
        OPT_THEME,
        OPT_WINS,
        OPT_LABELS,
        OPT_NO_LEGEND,
        OPT_POSITION,
        OPT_MISERE,
        OPT_ASPECT,
        OPT_HIGHLIGHT,
        OPT_TITLE,
        OPT_FONT_SIZE,
        OPT_DPI,
        OPT_EVERY,
        OPT_MOVES,
        OPT_HEAT,
        OPT_AROUND,
        OPT_SLIDE
    };
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"from", required_argument, NULL, OPT_FROM},
        {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'T'},
        {"layout", required_argument, NULL, OPT_LAYOUT},
        {"theme", required_argument, NULL, OPT_THEME},
        {"highlight-wins", no_argument, NULL, OPT_WINS},
        {"edge-labels", no_argument, NULL, OPT_LABELS},
        {"no-legend", no_argument, NULL, OPT_NO_LEGEND},
        {"position", required_argument, NULL, OPT_POSITION},
        {"misere", no_argument, NULL, OPT_MISERE},
        {"every", no_argument, NULL, OPT_EVERY},
        {"aspect", required_argument, NULL, OPT_ASPECT},
        {"highlight", required_argument, NULL, OPT_HIGHLIGHT},
        {"lang", required_argument, NULL, 'l'},
        {"title", required_argument, NULL, OPT_TITLE},
        {"font-size", required_argument, NULL, OPT_FONT_SIZE},
        {"dpi", required_argument, NULL, OPT_DPI},
        {"moves", required_argument, NULL, OPT_MOVES},
        {"heat-map", no_argument, NULL, OPT_HEAT},
        {"around", required_argument, NULL, OPT_AROUND},
        {"slide", optional_argument, NULL, OPT_SLIDE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL, *format = NULL, *layout_name = "auto";
    const char *theme_name = "classic", *root = NULL, *shown = NULL;
    const char *moves = NULL, *around = NULL;
    sg_drawing_opts opts = {.size = sizeof(sg_drawing_opts)};
    double font_size = 0, dpi = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":n:o:T:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case OPT_FROM: root = optarg; break;
        case 'o': output = optarg; break;
        case 'T': format = optarg; break;
        case OPT_LAYOUT: layout_name = optarg; break;
        case OPT_THEME: theme_name = optarg; break;
        case OPT_WINS: opts.highlight_wins = 1; break;
        case OPT_LABELS: opts.edge_labels = 1; break;
        case OPT_NO_LEGEND: opts.no_legend = 1; break;
        case OPT_POSITION: ga.position = optarg; break;
        case OPT_MISERE: opts.misere = 1; break;
        case OPT_EVERY: opts.every = 1; break;
        case OPT_ASPECT:
            if (cli_parse_aspect(ctx, "--aspect", optarg, &opts.aspect) !=
                SG_OK)
                return EXIT_BAD;
            break;
        case OPT_HIGHLIGHT: shown = optarg; break;
        case 'l': opts.lang = optarg; break;
        case OPT_TITLE:
            if (title_option(ctx, optarg) != SG_OK)
                return EXIT_BAD;
            opts.title = optarg;
            break;
        case OPT_FONT_SIZE:
            if (cli_parse_real(ctx, "--font-size", optarg, 4, 144,
                               &font_size) != SG_OK)
                return EXIT_BAD;
            break;
        case OPT_DPI:
            if (cli_parse_real(ctx, "--dpi", optarg, 36, 1200, &dpi) != SG_OK)
                return EXIT_BAD;
            break;
        case OPT_MOVES: moves = optarg; break;
        case OPT_HEAT: opts.heat_map = 1; break;
        case OPT_AROUND: around = optarg; break;
        case OPT_SLIDE:
            if (cli_slide_option(ctx, argc, argv, &opts.slide) != SG_OK)
                return EXIT_BAD;
            break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "graph", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "graph", argv[optind]);
    if (opts.slide && opts.aspect > 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "graph: --aspect does not go with --slide, "
                    "whose shape is the slide's (--slide 4:3 for 4:3)");
        return EXIT_BAD;
    }
    if (!output) {
        sg_ctx_fail(ctx, SG_EINPUT, "graph: give the picture's file with -o "
                    "FILE (.svg, .png, .pdf, .dot or .tex; - for standard output)");
        return EXIT_BAD;
    }
    format = output_format(ctx, output, format);
    if (!format)
        return EXIT_BAD;
    if (sg_render_format_check(ctx, format) != SG_OK) {
        if (sg_ctx_status(ctx) == SG_EINPUT)
            cli_prefix_error(ctx, "-T");
        return EXIT_BAD;
    }
    if (sg_layout_parse(ctx, layout_name, &opts.layout) != SG_OK) {
        cli_prefix_error(ctx, "--layout");
        return EXIT_BAD;
    }
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK ||
        cli_check_not_input(ctx, output, theme_name) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_game *game = NULL, *sum = NULL;
    sg_drawing *drawing = NULL;
    sg_theme *theme = cli_load_theme(ctx, theme_name);
    if (!theme)
        goto done;
    if ((font_size > 0 &&
         sg_theme_set_font_size(ctx, theme, font_size) != SG_OK) ||
        (dpi > 0 && sg_theme_set_dpi(ctx, theme, dpi) != SG_OK))
        goto done;
    opts.theme = theme;
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    if (sg_game_draws_pictures(game)) {
        /* The options of state graphs have nothing to act on in a
         * picture. */
        const char *graph_only = around ? "--around"
                                 : moves ? "--moves"
                                 : opts.heat_map ? "--heat-map"
                                 : opts.slide ? "--slide"
                                 : opts.layout != SG_LAYOUT_AUTO ? "--layout"
                                                                 : NULL;
        if (graph_only) {
            sg_ctx_fail(ctx, SG_EINPUT, "graph: %s draws the state graph; "
                        "with -H, graph draws the picture itself (its "
                        "deletions are marked on it)", graph_only);
            goto done;
        }
        rc = draw_picture(ctx, game, &ga, &opts, root, shown, format, output);
        goto done;
    }
    uint64_t from, to;
    if (ga.position) {
        if (root) {
            sg_ctx_fail(ctx, SG_EINPUT, "graph: --from does not go with "
                        "--position, which draws every position reachable "
                        "from its start");
            goto done;
        }
        sum = cli_sum_game(ctx, "graph", game, &ga);
        if (!sum)
            goto done;
        to = UINT64_MAX;
    } else if (cli_window(ctx, game, &ga, 20, &from, &to) != SG_OK) {
        goto done;
    }
    if (root) {
        uint64_t x;
        if (sg_game_find_position(ctx, game, root, "--from", &x) != SG_OK)
            goto done;
        if (ga.max && x > to) {
            sg_ctx_fail(ctx, SG_EINPUT, "--from %s is beyond -n %s", root,
                        ga.max);
            goto done;
        }
        opts.has_root = 1;
        opts.root = x;
        to = x;
    }
    if (shown && highlight_option(ctx, sum ? sum : game, shown, &opts) !=
                     SG_OK)
        goto done;
    if (moves && moves_option(ctx, sum ? sum : game, moves, &opts) != SG_OK)
        goto done;
    if (around) {
        uint64_t x;
        if (root || shown) {
            sg_ctx_fail(ctx, SG_EINPUT, "graph: --around %s draws one "
                        "position and its options; it does not go with %s",
                        around, root ? "--from" : "--highlight");
            goto done;
        }
        if (around_option(ctx, sum ? sum : game, around, ga.max ? to : 0,
                          &x) != SG_OK)
            goto done;
        opts.around = 1;
        opts.around_x = x;
        if (!sum)
            to = x;
    }
    drawing = sg_drawing_new(ctx, sum ? sum : game, to, &opts);
    if (!drawing) {
        const char *why = sg_ctx_message(ctx);
        if (strstr(why, "unknown language"))
            cli_prefix_error(ctx, "--lang");
        if (shown && (strstr(why, "not in the drawing") ||
                      strstr(why, "has no move from"))) {
            char prefix[96];
            snprintf(prefix, sizeof prefix, "--highlight %.60s", shown);
            cli_prefix_error(ctx, prefix);
        }
        goto done;
    }
    if (strcmp(format, "dot") != 0 && strcmp(format, "tikz") != 0)
        cli_warn_font("graph", opts.lang);
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    if (sg_drawing_render(ctx, drawing, format, cli_output_stream(out)) !=
        SG_OK)
        goto done;
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_drawing_free(drawing);
    sg_game_free(sum);
    sg_game_free(game);
    sg_theme_free(theme);
    return rc;
}
