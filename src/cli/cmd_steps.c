/*
 * cmd_steps.c - `sgviz steps`: one picture per mex step, as a directory of
 * frames, as one self-contained HTML page, or as one Beamer frame.
 */
#include "cli.h"
#include "outdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
    "Usage: sgviz steps @GAME@ [-n N] -o DIR/|FILE.html|FILE.tex|FILE.gif "
    "[options]\n"
    "\n"
    "Draws every mex step of positions 0..N: the positions computed so far\n"
    "with their values, the position being computed and its moves and\n"
    "targets highlighted, the others greyed, and the step's line, e.g.\n"
    "sg(4) = mex{1,1,0} = 2, under the picture.  Every position stays in the\n"
    "same place in every picture.\n"
    "\n"
    "@GAMES:24@\n"
    "  -n, --max N           positions 0..N (default 20; all nodes with -g)\n"
    "      --position P      a position of several parts, e.g. 3+4: the steps\n"
    "                        of every position reachable from it\n"
    "  -o, --output DIR/     one picture per step: DIR/step-000.svg, ...\n"
    "  -o, --output FILE.html\n"
    "                        one page with every step: buttons, arrow keys, a\n"
    "                        slider, the sg table filling in; FILE.html#step=K\n"
    "                        opens step K (- writes the page to standard\n"
    "                        output)\n"
    "  -o, --output FILE.tex one Beamer frame whose overlays step through the\n"
    "                        steps, for \\input in a deck (needs TikZ)\n"
    "  -o, --output FILE.gif an animated GIF that loops: the start, then one\n"
    "                        frame per step (for PowerPoint, Keynote, Google\n"
    "                        Slides)\n"
    "      --delay CS        GIF: each frame's time in hundredths of a second,\n"
    "                        2..6000 (default 100, one second; the last frame\n"
    "                        stays three times as long)\n"
    "  -T, --format FMT      the frames' format: svg (default), png, pdf or\n"
    "                        tikz (DIR/step-000.tex, ...); html for the page;\n"
    "                        beamer for the Beamer frame; gif for the GIF\n"
    "  -l, --lang LANG       en (default) or zh\n"
    "      --layout L        auto (default), line, dot or grid\n"
    "      --theme NAME      classic (default), print (greyscale), dark, or a\n"
    "                        theme FILE.dot of your own\n"
    "      --aspect W:H      the pictures' shape, e.g. 4:3 (default 16:9)\n"
    "      --highlight-wins  make the winning moves stand out once computed\n"
    "      --edge-labels     label each move with the amount it takes\n"
    "      --to X            the last position (instead of -n)\n"
    "      --no-legend       leave the legend out (the page's table and\n"
    "                        captions explain the picture)\n"
    "      --every           Every-SG: each position also shows its step\n"
    "                        count\n"
    "      --from X          the first step the frames or the page show;\n"
    "                        the positions before it are shown computed\n"
    "      --reveal STAGES   each step in stages: options,values,mex shows\n"
    "                        the moves and targets first, then the targets'\n"
    "                        values, then the mex (options,mex and\n"
    "                        values,mex too); frames, page, GIF, Beamer\n"
    "\n"
    "Practice (with -o FILE.html):\n"
    "      --practice        the page hides the values: the student works out\n"
    "                        each one and is told at once whether it is right\n"
    "                        and, if not, why; a score and a sheet for sgviz\n"
    "                        check at the end\n"
    "      --ask WHAT        sg (default), pn (P or N) or both\n"
    "      --from X          the first position asked; those before it are\n"
    "                        given\n"
    "      --shuffle         ask in a random order (a drill)\n"
    "      --hide-picture    show the picture only when all is answered\n"
    "  -h, --help            show this help\n"
    "\n"
    "Examples: sgviz steps -s 1,3,4 -n 8 -o frames/\n"
    "          sgviz steps -s 1,3,4 -n 12 -o steps.html\n"
    "          sgviz steps -s 1,3,4 -n 12 --practice -o practice.html\n"
    "          sgviz steps -s 1,3,4 -n 8 -T beamer -o steps.tex\n"
    "          sgviz steps -s 1,3,4 -n 8 --delay 150 -o steps.gif\n";

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool ends_with_nocase(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    if (n < m)
        return false;
    for (size_t i = 0; i < m; i++) {
        char c = s[n - m + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != suffix[i])
            return false;
    }
    return true;
}

/* What -o and -T ask for: frames in a directory (the frames' format in
 * *FORMAT), the page, or the Beamer frame (*BEAMER).  Returns SG_OK or
 * SG_EINPUT. */
static sg_status output_kind(sg_ctx *ctx, const char *output,
                             const char *format, bool *frames,
                             const char **frame_format, bool *beamer,
                             bool *gif)
{
    size_t n = strlen(output);
    bool dir = n && (output[n - 1] == '/' || is_directory(output));
    bool page = strcmp(output, "-") == 0 || ends_with_nocase(output, ".html") ||
                ends_with_nocase(output, ".htm");
    bool tex = ends_with_nocase(output, ".tex");
    *beamer = false;
    *gif = false;
    if ((format && strcmp(format, "gif") == 0) ||
        (ends_with_nocase(output, ".gif") && !dir && !format)) {
        if (dir)
            return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: a directory takes "
                               "frames (-T svg, png, pdf or tikz); the "
                               "animated GIF goes to a file such as "
                               "steps.gif", output);
        if (page || tex)
            return sg_ctx_fail(ctx, SG_EINPUT, "-T gif: %s is not a GIF; "
                               "give -o FILE.gif", output);
        *frames = false;
        *gif = true;
        return SG_OK;
    }
    if (ends_with_nocase(output, ".gif") && !dir)
        return sg_ctx_fail(ctx, SG_EINPUT, "-T %s: %s is the animated GIF, "
                           "which takes no -T (or -T gif)", format, output);
    if ((format && strcmp(format, "beamer") == 0) || (tex && !dir && !format)) {
        if (dir)
            return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: a directory takes "
                               "frames (-T svg, png, pdf or tikz); the Beamer "
                               "frame goes to a file such as steps.tex",
                               output);
        *frames = false;
        *beamer = true;
        return SG_OK;
    }
    if (tex && !dir)
        return sg_ctx_fail(ctx, SG_EINPUT, "-T %s: frames go to a directory "
                           "(-o DIR/); %s is the Beamer frame, which takes no "
                           "-T (or -T beamer)", format, output);
    if (format && strcmp(format, "html") == 0) {
        if (dir)
            return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: a directory takes "
                               "frames (-T svg, png or pdf); the page goes to "
                               "a file such as steps.html", output);
        *frames = false;
        return SG_OK;
    }
    if (dir) {
        *frames = true;
        *frame_format = format ? format : "svg";
        return SG_OK;
    }
    if (page) {
        if (format)
            return sg_ctx_fail(ctx, SG_EINPUT, "-T %s: frames go to a "
                               "directory (-o DIR/); %s is the page, which "
                               "takes no -T (or -T html)", format, output);
        *frames = false;
        return SG_OK;
    }
    return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: give a directory (DIR/, with "
                       "the slash) for one picture per step, FILE.html for "
                       "the page, FILE.tex for the Beamer frame, or FILE.gif "
                       "for an animated GIF", output);
}

/* Whether NAME is a frame "step-NNN.EXT" (three digits or more) of an
 * earlier set, which a new set in the same directory replaces. */
static bool old_frame(const char *name, const void *ext)
{
    if (strncmp(name, "step-", 5) != 0)
        return false;
    const char *p = name + 5, *digits = p;
    while (*p >= '0' && *p <= '9' && p - digits < 9)
        p++;
    return p - digits >= 3 && *p == '.' &&
           strcmp(p + 1, (const char *)ext) == 0;
}

/* Writes frames FIRST.. of STEPS as DIR/step-NNN.EXT (NNN = 000, 001,
 * ...), all of them or none (outdir.h): a new directory appears whole, and
 * an existing one ends with the new set in place of the old, other files
 * left alone.  With a staged reveal each step is several frames, numbered
 * on: NNN counts the frames, from step 0's first stage. */
static sg_status write_frames(sg_ctx *ctx, sg_steps *steps, size_t first,
                              const char *dir, const char *format)
{
    const char *ext = strcmp(format, "tikz") == 0 ? "tex" : format;
    const cli_outdir_kind kind = {"-o", "a frame", "the frames", old_frame,
                                  ext};
    /* The first frame is made before the directory, so that a bad format
     * or a set too large is refused with nothing to clean up. */
    char *data = NULL;
    size_t len = 0;
    size_t stages = sg_steps_stage_count(steps);
    if (sg_steps_stage_frame(ctx, steps, first, 0, format, &data, &len) !=
        SG_OK)
        return sg_ctx_status(ctx);
    cli_outdir *od = cli_outdir_open(ctx, dir, &kind);
    sg_status st = od ? SG_OK : sg_ctx_status(ctx);
    for (size_t i = first * stages;
         st == SG_OK && i < sg_steps_count(steps) * stages; i++) {
        if (!data)
            st = sg_steps_stage_frame(ctx, steps, i / stages, i % stages,
                                      format, &data, &len);
        char name[64];
        snprintf(name, sizeof name, "step-%03zu.%s", i, ext);
        FILE *f = st == SG_OK ? cli_outdir_create(ctx, od, name) : NULL;
        if (f) {
            fwrite(data, 1, len, f);
            st = cli_outdir_close(ctx, od, f);
        } else if (st == SG_OK) {
            st = sg_ctx_status(ctx);
        }
        free(data);
        data = NULL;
    }
    free(data);
    if (st == SG_OK)
        return cli_outdir_commit(ctx, od);
    cli_outdir_abort(od);
    return st;
}

/* Refuses frames that would land on an input file. */
static sg_status check_frames_not_input(sg_ctx *ctx, const char *dir,
                                        size_t count, const char *format,
                                        const char *input)
{
    if (!input || strcmp(input, "-") == 0)
        return SG_OK;
    const char *ext = strcmp(format, "tikz") == 0 ? "tex" : format;
    for (size_t k = 0; k < count; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s%sstep-%03zu.%s", dir,
                 dir[strlen(dir) - 1] == '/' ? "" : "/", k, ext);
        if (cli_same_file(path, input))
            return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: the frame %s would be "
                               "written over the input %s; refusing", dir,
                               path, input);
    }
    return SG_OK;
}

/* Checks the options of a practice page: --practice writes a page, and
 * --ask, --shuffle and --hide-picture belong to it (--from is the first
 * position asked there, and the first step shown elsewhere).  Reads --ask
 * into OPTS.  Returns SG_OK or SG_EINPUT. */
static sg_status practice_options(sg_ctx *ctx, bool practice, bool frames,
                                  const char *ask, sg_practice_opts *opts)
{
    if (practice && frames)
        return sg_ctx_fail(ctx, SG_EINPUT, "--practice: a practice page is "
                           "one page: give -o FILE.html, not a directory or "
                           "a Beamer frame");
    const char *alone = ask ? "--ask"
                      : opts->shuffle ? "--shuffle"
                      : opts->hide_picture ? "--hide-picture" : NULL;
    if (!practice && alone)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s belongs to a practice page: "
                           "add --practice", alone);
    if (ask && sg_practice_ask_parse(ctx, ask, &opts->ask) != SG_OK)
        return SG_EINPUT;
    return SG_OK;
}

/* The command that checks the practice page's sheet, for the sheet's
 * header: "sgviz check -s 1,3,4 -n 12" (the positions asked up to N), or
 * "sgviz check -g game.dot".  A new string the caller frees, or NULL when
 * out of memory. */
static char *check_command(const cli_game_args *ga, const sg_game *game,
                           uint64_t to)
{
    char *game_cmd = cli_game_command(ga, "check");
    if (!game_cmd || sg_game_is_finite(game))
        return game_cmd;
    char *cmd = malloc(strlen(game_cmd) + 32);
    if (cmd)
        sprintf(cmd, "%s -n %llu", game_cmd, (unsigned long long)to);
    free(game_cmd);
    return cmd;
}

int cmd_steps(sg_ctx *ctx, int argc, char **argv)
{
    enum {
        OPT_LAYOUT = 256,
        OPT_THEME,
        OPT_WINS,
        OPT_LABELS,
        OPT_TO,
        OPT_PRACTICE,
        OPT_ASK,
        OPT_FROM,
        OPT_SHUFFLE,
        OPT_HIDE,
        OPT_POSITION,
        OPT_ASPECT,
        OPT_NO_LEGEND,
        OPT_EVERY,
        OPT_DELAY,
        OPT_REVEAL
    };
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'T'},
        {"lang", required_argument, NULL, 'l'},
        {"layout", required_argument, NULL, OPT_LAYOUT},
        {"theme", required_argument, NULL, OPT_THEME},
        {"highlight-wins", no_argument, NULL, OPT_WINS},
        {"edge-labels", no_argument, NULL, OPT_LABELS},
        {"to", required_argument, NULL, OPT_TO},
        {"practice", no_argument, NULL, OPT_PRACTICE},
        {"ask", required_argument, NULL, OPT_ASK},
        {"from", required_argument, NULL, OPT_FROM},
        {"shuffle", no_argument, NULL, OPT_SHUFFLE},
        {"hide-picture", no_argument, NULL, OPT_HIDE},
        {"position", required_argument, NULL, OPT_POSITION},
        {"aspect", required_argument, NULL, OPT_ASPECT},
        {"no-legend", no_argument, NULL, OPT_NO_LEGEND},
        {"every", no_argument, NULL, OPT_EVERY},
        {"delay", required_argument, NULL, OPT_DELAY},
        {"reveal", required_argument, NULL, OPT_REVEAL},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL, *format = NULL, *layout_name = "auto";
    const char *theme_name = "classic";
    sg_steps_opts opts = {.size = sizeof(sg_steps_opts)};
    opts.lang = "en";
    bool practice = false;
    const char *ask = NULL, *delay_text = NULL;
    sg_practice_opts popts = {0};
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":n:o:T:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case 'o': output = optarg; break;
        case 'T': format = optarg; break;
        case 'l': opts.lang = optarg; break;
        case OPT_LAYOUT: layout_name = optarg; break;
        case OPT_THEME: theme_name = optarg; break;
        case OPT_WINS: opts.highlight_wins = 1; break;
        case OPT_LABELS: opts.edge_labels = 1; break;
        case OPT_TO: ga.to = optarg; break;
        case OPT_PRACTICE: practice = true; break;
        case OPT_ASK: ask = optarg; break;
        case OPT_FROM: ga.from = optarg; break;
        case OPT_SHUFFLE: popts.shuffle = 1; break;
        case OPT_HIDE: popts.hide_picture = 1; break;
        case OPT_POSITION: ga.position = optarg; break;
        case OPT_ASPECT:
            if (cli_parse_aspect(ctx, "--aspect", optarg, &opts.aspect) !=
                SG_OK)
                return EXIT_BAD;
            break;
        case OPT_NO_LEGEND: opts.no_legend = 1; break;
        case OPT_EVERY: opts.every = 1; break;
        case OPT_DELAY: delay_text = optarg; break;
        case OPT_REVEAL:
            if (sg_reveal_parse(ctx, optarg, &opts.reveal) != SG_OK) {
                cli_prefix_error(ctx, "--reveal");
                return EXIT_BAD;
            }
            break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "steps", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "steps", argv[optind]);
    if (!output) {
        sg_ctx_fail(ctx, SG_EINPUT, "steps: give where the pictures go with "
                    "-o DIR/ (one picture per step), -o FILE.html (one "
                    "page) or -o FILE.tex (one Beamer frame)");
        return EXIT_BAD;
    }
    bool frames = false, beamer = false, gif = false;
    const char *frame_format = NULL;
    if (output_kind(ctx, output, format, &frames, &frame_format, &beamer,
                    &gif) != SG_OK)
        return EXIT_BAD;
    if (practice_options(ctx, practice, frames || beamer || gif, ask,
                         &popts) != SG_OK)
        return EXIT_BAD;
    if (opts.reveal && practice) {
        sg_ctx_fail(ctx, SG_EINPUT, "--reveal: a practice page asks every "
                    "value itself; a staged reveal is for frames, the step "
                    "page, a GIF or a Beamer frame");
        return EXIT_BAD;
    }
    uint64_t delay = SG_GIF_DELAY_DEFAULT;
    if (delay_text && !gif) {
        sg_ctx_fail(ctx, SG_EINPUT, "--delay belongs to an animated GIF: "
                    "give -o FILE.gif");
        return EXIT_BAD;
    }
    if (delay_text &&
        (cli_parse_number(ctx, "--delay", delay_text, SG_GIF_DELAY_MAX,
                          &delay) != SG_OK ||
         delay < SG_GIF_DELAY_MIN)) {
        sg_ctx_fail(ctx, SG_EINPUT, "--delay %s: a frame's time in "
                    "hundredths of a second, %u..%u (100 is one second)",
                    delay_text, SG_GIF_DELAY_MIN, SG_GIF_DELAY_MAX);
        return EXIT_BAD;
    }
    if (frames && sg_render_format_check(ctx, frame_format) != SG_OK) {
        if (sg_ctx_status(ctx) == SG_EINPUT)
            cli_prefix_error(ctx, "-T");
        return EXIT_BAD;
    }
    if (frames && strcmp(frame_format, "dot") == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "-T dot: frames are pictures: svg, png, "
                    "pdf or tikz (sgviz graph -T dot writes the drawing as "
                    "DOT)");
        return EXIT_BAD;
    }
    if (sg_layout_parse(ctx, layout_name, &opts.layout) != SG_OK) {
        cli_prefix_error(ctx, "--layout");
        return EXIT_BAD;
    }
    if (!frames && (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK ||
                    cli_check_not_input(ctx, output, theme_name) != SG_OK))
        return EXIT_BAD;

    int rc = EXIT_BAD;
    char *command = NULL;
    cli_output *out = NULL;
    sg_game *game = NULL, *sum = NULL;
    sg_steps *steps = NULL;
    sg_theme *theme = cli_load_theme(ctx, theme_name);
    if (!theme)
        goto done;
    opts.theme = theme;
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    uint64_t from = 0, to = UINT64_MAX;
    if (ga.position) {
        if (ga.from) {
            sg_ctx_fail(ctx, SG_EINPUT, "steps: --from does not go with "
                        "--position, whose steps are those of every position "
                        "reachable from it");
            goto done;
        }
        sum = cli_sum_game(ctx, "steps", game, &ga);
        if (!sum)
            goto done;
    } else if (cli_window(ctx, game, &ga, 20, &from, &to) != SG_OK) {
        goto done;
    }
    if (ga.from && beamer) {
        sg_ctx_fail(ctx, SG_EINPUT, "steps: --from is for frames and pages; "
                    "a Beamer frame shows every step (choose its slides with "
                    "\\only or a smaller -n)");
        goto done;
    }
    if (!practice)
        opts.first = from;
    steps = sg_steps_new(ctx, sum ? sum : game, to, &opts);
    if (!steps) {
        if (strstr(sg_ctx_message(ctx), "unknown language"))
            cli_prefix_error(ctx, "--lang");
        goto done;
    }
    cli_warn_font("steps", opts.lang);
    if (frames) {
        size_t count = sg_steps_count(steps) * sg_steps_stage_count(steps);
        if (check_frames_not_input(ctx, output, count, frame_format,
                                   cli_game_file(&ga)) != SG_OK ||
            check_frames_not_input(ctx, output, count, frame_format,
                                   theme_name) != SG_OK)
            goto done;
        if (write_frames(ctx, steps, (size_t)opts.first, output,
                         frame_format) == SG_OK)
            rc = EXIT_OK;
        goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    if (beamer) {
        if (sg_steps_write_beamer(ctx, steps, cli_output_stream(out)) != SG_OK)
            goto done;
    } else if (gif) {
        if (sg_steps_write_gif(ctx, steps, (unsigned)delay,
                               cli_output_stream(out)) != SG_OK)
            goto done;
    } else if (practice) {
        popts.first = from;
        command = check_command(&ga, game, to);
        popts.check_command = command;
        if (sg_steps_write_practice(ctx, steps, &popts,
                                    cli_output_stream(out)) != SG_OK)
            goto done;
    } else if (sg_steps_write_page(ctx, steps, cli_output_stream(out)) !=
               SG_OK) {
        goto done;
    }
    rc = cli_commit(ctx, &out);
done:
    free(command);
    cli_output_abort(out);
    sg_steps_free(steps);
    sg_game_free(sum);
    sg_game_free(game);
    sg_theme_free(theme);
    return rc;
}
