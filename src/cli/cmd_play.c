/*
 * cmd_play.c - `sgviz play`: a game against sgviz in the terminal, told
 * why at every move, or the same game as a page (-o FILE.html).
 *
 * The rules, the computer's choice and every word are the library's
 * (sgviz/play.h); this file reads lines, prints what happened, as text or
 * as JSON lines, and asks for the next move.
 */
#include "cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz play @GAME@ --position P [options]\n"
    "\n"
    "Plays the game from P against you, and says why at every move: the\n"
    "computer moves to a P-position whenever it can, and you are told\n"
    "whether your move kept a winning position or threw it away.  P is one\n"
    "heap (14), a sum (3+4+5) or a node of the DOT game.  Type a move as the\n"
    "position it leaves (1+4+5) or as heap:amount (3:2, take 2 from the\n"
    "heap of 3); ? gives a hint, in steps; u takes your move back; the end\n"
    "of input ends the game.\n"
    "\n"
    "@GAMES:26@\n"
    "      --position P        the start (required)\n"
    "      --first WHO         who moves first: you (default) or computer\n"
    "      --misere            misère play: whoever makes the last move\n"
    "                          loses (by the rule the solver knows)\n"
    "      --search-limit N    the most positions a misère search examines\n"
    "  -l, --lang LANG         the words: en (default), zh\n"
    "      --hints on|off      whether ? gives hints (default on)\n"
    "  -f, --format FORMAT     text (default) or json: one JSON object a line\n"
    "                          ({\"turn\": ...}, {\"player\": ...}, {\"winner\":\n"
    "                          ...}), for scripts\n"
    "  -o, --output FILE.html  write the game as one page to play in a\n"
    "                          browser (offline), instead of playing here\n"
    "      --theme NAME        the page's picture: classic, dark, print or a\n"
    "                          file\n"
    "  -h, --help              show this help\n"
    "\n"
    "Examples: sgviz play -s all --position 3+4+5 --first computer\n"
    "          sgviz play -t kayles --position 4+5 -f json < moves.txt\n"
    "          sgviz play -s 1,3,4 --position 14 -o play.html\n";

/* Writes S as a JSON string. */
static void json_string(FILE *f, const char *s)
{
    putc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;
         p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\u%04x", *p);
        else
            putc(*p, f);
    }
    putc('"', f);
}

static const char *player_word(int player)
{
    return player == SG_PLAY_COMPUTER ? "computer" : "you";
}

/* Prints the events of the last call, as text or as JSON lines. */
static void print_events(FILE *f, const sg_play *play, bool json)
{
    for (size_t i = 0; i < sg_play_event_count(play); i++) {
        const sg_play_event *e = sg_play_event_at(play, i);
        if (!json) {
            if (e->kind == SG_PLAY_MOVE)
                fprintf(f, "%s\n  %s\n", e->head, e->text);
            else
                fprintf(f, "%s\n", e->text);
            continue;
        }
        switch (e->kind) {
        case SG_PLAY_SAY:
            fputs("{\"say\": ", f);
            json_string(f, e->text);
            break;
        case SG_PLAY_MOVE:
            fprintf(f, "{\"player\": \"%s\", \"from\": ",
                    player_word(e->player));
            json_string(f, e->from);
            fputs(", \"to\": ", f);
            json_string(f, e->to);
            fprintf(f, ", \"value\": %llu, \"outcome\": \"%s\", \"why\": ",
                    (unsigned long long)e->value, e->p_position ? "P" : "N");
            json_string(f, e->text);
            break;
        case SG_PLAY_HINT:
            fprintf(f, "{\"hint\": %u, \"text\": ", e->hint_step);
            json_string(f, e->text);
            break;
        case SG_PLAY_ILLEGAL:
            fputs("{\"illegal\": ", f);
            json_string(f, e->given);
            fputs(", \"why\": ", f);
            json_string(f, e->text);
            break;
        case SG_PLAY_UNDO:
            fputs("{\"undo\": ", f);
            json_string(f, e->to ? e->to : "");
            fputs(", \"text\": ", f);
            json_string(f, e->text);
            break;
        case SG_PLAY_END:
            fprintf(f, "{\"winner\": \"%s\", \"position\": ",
                    player_word(e->player));
            json_string(f, e->to);
            fputs(", \"text\": ", f);
            json_string(f, e->text);
            break;
        }
        fputs("}\n", f);
    }
}

/* Asks for the next move. */
static void print_turn(FILE *f, const sg_play *play, bool json)
{
    if (json) {
        fprintf(f, "{\"turn\": \"%s\", \"position\": ",
                player_word(sg_play_to_move(play)));
        json_string(f, sg_play_position(play));
        fputs("}\n", f);
    } else {
        fprintf(f, "%s\n", sg_play_prompt(play));
    }
    fflush(f);
}

/* The game at the terminal: lines of standard input until the game ends
 * or the input does; then the whole game, and the command that traces the
 * values of its start. */
static int play_here(sg_ctx *ctx, sg_play *play, bool json,
                     const char *trace_command)
{
    FILE *f = stdout;
    if (sg_play_start(ctx, play) != SG_OK)
        return EXIT_BAD;
    print_events(f, play, json);
    char *line = NULL;
    size_t cap = 0;
    int rc = EXIT_OK;
    while (!sg_play_over(play)) {
        print_turn(f, play, json);
        ssize_t got = getline(&line, &cap, stdin);
        if (got < 0)
            break;
        if (sg_play_input(ctx, play, line, (size_t)got) != SG_OK) {
            rc = EXIT_BAD;
            break;
        }
        print_events(f, play, json);
    }
    free(line);
    if (rc != EXIT_OK)
        return rc;
    if (json) {
        if (!sg_play_over(play)) {
            fputs("{\"end\": \"input\", \"position\": ", f);
            json_string(f, sg_play_position(play));
            fputs("}\n", f);
        }
        return EXIT_OK;
    }
    char *record = sg_play_record(ctx, play, trace_command);
    if (!record)
        return EXIT_BAD;
    fprintf(f, "%s\n", record);
    free(record);
    return EXIT_OK;
}

int cmd_play(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_FIRST = 256, OPT_MISERE, OPT_LIMIT, OPT_HINTS, OPT_THEME,
           OPT_POSITION };
    static const struct option options[] = {
        {"position", required_argument, NULL, OPT_POSITION},
        {"first", required_argument, NULL, OPT_FIRST},
        {"misere", no_argument, NULL, OPT_MISERE},
        {"search-limit", required_argument, NULL, OPT_LIMIT},
        {"lang", required_argument, NULL, 'l'},
        {"hints", required_argument, NULL, OPT_HINTS},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"theme", required_argument, NULL, OPT_THEME},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL, *format = "text", *theme_name = NULL;
    const char *limit_arg = NULL, *hints = NULL;
    sg_play_opts po = {0};
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":o:l:f:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case OPT_POSITION: ga.position = optarg; break;
        case OPT_FIRST:
            if (sg_play_first_parse(ctx, optarg, "--first",
                                    &po.computer_first) != SG_OK)
                return EXIT_BAD;
            break;
        case OPT_MISERE: po.misere = 1; break;
        case OPT_LIMIT: limit_arg = optarg; break;
        case 'l': po.lang = optarg; break;
        case OPT_HINTS: hints = optarg; break;
        case 'f': format = optarg; break;
        case 'o': output = optarg; break;
        case OPT_THEME: theme_name = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "play", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "play", argv[optind]);
    if (hints && strcmp(hints, "on") != 0 && strcmp(hints, "off") != 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "--hints \"%.60s\": give on or off",
                    hints);
        return EXIT_BAD;
    }
    po.no_hints = hints && strcmp(hints, "off") == 0;
    bool json = strcmp(format, "json") == 0;
    if (!json && strcmp(format, "text") != 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "--format \"%.60s\": unknown format "
                    "(known: text, json)", format);
        return EXIT_BAD;
    }
    if (limit_arg &&
        (!po.misere || cli_parse_number(ctx, "--search-limit", limit_arg,
                                        UINT64_C(1) << 32,
                                        &po.search_limit) != SG_OK)) {
        if (!po.misere)
            sg_ctx_fail(ctx, SG_EINPUT, "--search-limit bounds the misère "
                        "search; add --misere");
        return EXIT_BAD;
    }
    if (limit_arg && po.search_limit == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "--search-limit 0: the search must "
                    "examine at least one position");
        return EXIT_BAD;
    }
    if (!ga.position) {
        sg_ctx_fail(ctx, SG_EINPUT, "play needs --position P, the start "
                    "(e.g. --position 3+4+5)");
        return EXIT_BAD;
    }
    if (output && strcmp(output, "-") != 0 &&
        (strlen(output) < 5 ||
         strcmp(output + strlen(output) - 5, ".html") != 0)) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o %.200s: play writes a page, "
                    "FILE.html (or - for standard output)", output);
        return EXIT_BAD;
    }
    if (output && json) {
        sg_ctx_fail(ctx, SG_EINPUT, "-f json is the game in the terminal; "
                    "-o writes it as a page: give one of them");
        return EXIT_BAD;
    }
    if (theme_name && !output) {
        sg_ctx_fail(ctx, SG_EINPUT, "--theme is the page's picture; add -o "
                    "FILE.html");
        return EXIT_BAD;
    }
    const char *file = cli_game_file(&ga);
    if (!output && file && strcmp(file, "-") == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "-g -: standard input holds the moves, "
                    "so read the game from a file");
        return EXIT_BAD;
    }
    if (cli_check_not_input(ctx, output, file) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    uint64_t *parts = NULL;
    size_t n = 0;
    sg_play *play = NULL;
    sg_theme *theme = NULL;
    cli_output *out = NULL;
    char *command = NULL;
    sg_game *game = cli_load_game(ctx, &ga);
    if (!game || cli_position_parts(ctx, "play", game, &ga, &parts, &n) !=
                     SG_OK)
        goto done;
    play = sg_play_new(ctx, game, parts, n, &po);
    if (!play) {
        if (sg_ctx_status(ctx) == SG_ELIMIT && po.misere)
            cli_prefix_error(ctx, "--misere");
        else if (sg_ctx_status(ctx) == SG_EINPUT && po.lang)
            cli_prefix_error(ctx, "--lang");
        goto done;
    }
    if (output) {
        if (theme_name && !(theme = cli_load_theme(ctx, theme_name)))
            goto done;
        out = cli_output_open(ctx, output);
        sg_play_page_opts pg = {.theme = theme, .layout = SG_LAYOUT_AUTO};
        if (!out || sg_play_write_page(ctx, play, &pg,
                                       cli_output_stream(out)) != SG_OK)
            goto done;
        rc = cli_commit(ctx, &out);
        goto done;
    }
    char *base = cli_game_command(&ga, "trace");
    if (base) {
        size_t len = strlen(base) + strlen(sg_play_start_position(play)) + 40;
        command = malloc(len);
        if (command)
            snprintf(command, len, "%s --position %s%s", base,
                     sg_play_start_position(play),
                     po.misere ? " --misere" : "");
        free(base);
    }
    rc = play_here(ctx, play, json, command);
done:
    cli_output_abort(out);
    free(command);
    sg_theme_free(theme);
    sg_play_free(play);
    free(parts);
    sg_game_free(game);
    return rc;
}
