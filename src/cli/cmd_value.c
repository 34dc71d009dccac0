/*
 * cmd_value.c - `sgviz value`: sg(x) for the positions named on the command
 * line, in the order given.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz value @GAME@ [options] POSITION...\n"
    "\n"
    "Prints sg(x) and P/N for each position x (a heap size, a node of the\n"
    "DOT game, or a sum such as 3+4+5, whose value is the nim-sum), one a\n"
    "line:\n"
    "  $ sgviz value -s 1,3,4 100\n"
    "  sg(100) = 0  (P)\n"
    "\n"
    "@GAMES:22@\n"
    "      --misere        misère play (the last player to move loses):\n"
    "                      g-(x) and P/N under misère play, of a position\n"
    "                      or a sum such as 3+4+5\n"
    "      --every         Every-SG (a move in every component at once): the\n"
    "                      step count of each position or sum, and P/N\n"
    "      --search-limit N  the most positions a misère search examines\n"
    "                      (default 2000000)\n"
    "  -l, --lang LANG     en (default: sg(x), P/N) or zh (SG[x], 先手必胜/必败)\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Example: sgviz value -s 1,3,4 7 100 1000000\n";

/* value --misere: g- of each position or sum, one a line, written to OUT
 * only when every one is answered. */
static int misere_values(sg_ctx *ctx, const sg_game *game, char **args,
                         int n, uint64_t limit, const sg_value_words *words,
                         const char *output)
{
    int rc = EXIT_BAD;
    cli_output *out = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *lines = open_memstream(&text, &len);
    sg_misere *m = lines ? sg_misere_new(ctx, game, limit) : NULL;
    if (!m) {
        if (!lines)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        uint64_t *parts = NULL;
        size_t k = 0;
        char where[48];
        snprintf(where, sizeof where, "position %d", i + 1);
        sg_misere_answer a;
        if (sg_position_parse(ctx, game, args[i], where, &parts, &k) != SG_OK)
            goto done;
        sg_status st = sg_misere_solve(ctx, m, parts, k, 1, &a);
        if (st == SG_OK && !a.has_value) {
            /* Too large for the search alone: the misère quotient gives
             * the outcome, so g- = 0 or g- >= 1, but not which value. */
            free(parts);
            if (sg_value_say(ctx, words,
                             a.first_player_wins ? SG_VALUE_MISERE_QUOTIENT
                                                 : SG_VALUE_MISERE,
                             args[i], a.first_player_wins, lines) != SG_OK)
                goto done;
            continue;
        }
        free(parts);
        if (st != SG_OK ||
            sg_value_say(ctx, words, SG_VALUE_MISERE, args[i], a.value,
                         lines) != SG_OK)
            goto done;
    }
    if (fclose(lines) != 0) {
        lines = NULL;
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    lines = NULL;
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    fwrite(text, 1, len, cli_output_stream(out));
    rc = cli_commit(ctx, &out);
done:
    if (lines)
        fclose(lines);
    cli_output_abort(out);
    free(text);
    sg_misere_free(m);
    return rc;
}

/* The nim-sum written out is the working of a short sum; past a line's
 * width it only hides the result. */
#define SHOWN_PARTS 16

/* Writes "sg(TEXT) = sg(a) XOR sg(b) ... = v  (P/N)" for the sum of
 * X[0..k) named TEXT: the working of a row of coins, whose value is the
 * nim-sum of its heads'. */
static void sum_line(FILE *f, const sg_game *game, const sg_lookup *lookup,
                     const char *text, const uint64_t *x, size_t k)
{
    char tmp[24];
    sg_value v = sg_nim_sum(lookup, x, k);
    fprintf(f, "sg(%s) = ", text);
    if (k <= SHOWN_PARTS) {
        for (size_t i = 0; i < k; i++)
            fprintf(f, "%ssg(%s)", i ? " XOR " : "",
                    sg_game_position_name(game, x[i], tmp, sizeof tmp));
        fputs(" = ", f);
        for (size_t i = 0; i < k; i++)
            fprintf(f, "%s%llu", i ? " XOR " : "",
                    (unsigned long long)sg_lookup_get(lookup, x[i]));
        fputs(" = ", f);
    } else {
        fprintf(f, "the nim-sum of %zu %ss' values = ", k,
                sg_game_position_noun(game));
    }
    fprintf(f, "%llu  (%c)\n", (unsigned long long)v, v ? 'N' : 'P');
}

/* Writes "step(TEXT) = s  (P/N)" for the sum of X[0..k) named TEXT under
 * Every-SG, a sum with the largest of its parts' steps. */
static void every_line(FILE *f, const sg_every *e, const char *text,
                       const uint64_t *x, size_t k)
{
    uint64_t s = sg_every_sum_step(e, x, k);
    fprintf(f, "step(%s) = ", text);
    if (k > 1 && k <= SHOWN_PARTS) {
        fputs("max{", f);
        for (size_t i = 0; i < k; i++)
            fprintf(f, "%s%llu", i ? ", " : "",
                    (unsigned long long)sg_every_step(e, x[i]));
        fputs("} = ", f);
    }
    fprintf(f, "%llu  (%c under Every-SG)\n", (unsigned long long)s,
            s % 2 ? 'N' : 'P');
}

int cmd_value(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_MISERE = 256, OPT_LIMIT, OPT_EVERY };
    static const struct option options[] = {
        {"misere", no_argument, NULL, OPT_MISERE},
        {"every", no_argument, NULL, OPT_EVERY},
        {"search-limit", required_argument, NULL, OPT_LIMIT},
        {"lang", required_argument, NULL, 'l'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL, *lang = NULL;
    bool misere = false, every = false;
    const char *limit_arg = NULL;
    uint64_t limit = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":o:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case 'l': lang = optarg; break;
        case OPT_MISERE: misere = true; break;
        case OPT_EVERY: every = true; break;
        case OPT_LIMIT: limit_arg = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "value", c, argv);
        }
    }
    /* The operands of -H are more pictures, each a position. */
    char **pos;
    int n;
    cli_operand_positions(&ga, argc, argv, optind, &pos, &n);
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "value: name at least one position, e.g. "
                    "sgviz value -s 1,3,4 7 (see sgviz value --help)");
        return EXIT_BAD;
    }
    if (every && misere) {
        sg_ctx_fail(ctx, SG_EINPUT, "--every and --misere are two play rules; "
                    "give one");
        return EXIT_BAD;
    }
    if (limit_arg && !misere) {
        sg_ctx_fail(ctx, SG_EINPUT, "--search-limit bounds the misère search; "
                    "add --misere");
        return EXIT_BAD;
    }
    if (limit_arg && (cli_parse_number(ctx, "--search-limit", limit_arg,
                                       UINT64_C(1) << 32, &limit) != SG_OK ||
                      limit == 0)) {
        if (limit == 0 && sg_ctx_status(ctx) == SG_OK)
            sg_ctx_fail(ctx, SG_EINPUT, "--search-limit 0: the search must "
                        "examine at least one position");
        return EXIT_BAD;
    }
    cli_warn_split_set("value");
    static const cli_ext_format exts[] = {{"txt", "text"}, {NULL, NULL}};
    const char *format;
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK ||
        cli_output_format(ctx, "value", NULL, output, exts, "text",
                          &format) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    cli_output *out = NULL;
    uint64_t *x = NULL;
    size_t nx = 0, *starts = NULL;
    sg_lookup *lookup = NULL;
    sg_every *e = NULL;
    char *working = NULL;
    sg_value_words *words = sg_value_words_new(ctx, lang);
    if (!words) {
        cli_prefix_error(ctx, "--lang");
        return EXIT_BAD;
    }
    sg_game *game = cli_load_game(ctx, &ga);
    if (game && misere) {
        rc = misere_values(ctx, game, pos, n, limit, words, output);
        goto done;
    }
    if (!game || cli_positions(ctx, game, pos, n, &x, &nx, &starts,
                               &lookup) != SG_OK)
        goto done;
    if (every && !(e = sg_every_new(ctx, game, sg_lookup_max(lookup))))
        goto done;
    /* A row of coins is a sum in the kind's own notation: its working, and
     * the kind's theorem once after the lines. */
    bool rows = sg_game_sums_by_theorem(game);
    if (rows && !e) {
        working = sg_game_working(ctx, game, lang);
        if (!working && sg_ctx_status(ctx) != SG_OK)
            goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    FILE *f = cli_output_stream(out);
    for (int i = 0; i < n; i++) {
        /* A sum's value is the nim-sum of its parts'. */
        size_t k = starts[i], parts = starts[i + 1] - starts[i];
        sg_value v = sg_nim_sum(lookup, x + k, parts);
        char tmp[24];
        const char *name = parts == 1 && !(rows && !(*pos[i] >= '0' &&
                                                     *pos[i] <= '9'))
                               ? sg_game_position_name(game, x[k], tmp,
                                                       sizeof tmp)
                               : pos[i];
        if (e)
            every_line(f, e, name, x + k, parts);
        else if (rows && parts > 1)
            sum_line(f, game, lookup, name, x + k, parts);
        else if (sg_value_say(ctx, words, SG_VALUE_NORMAL, name, v, f) !=
                 SG_OK)
            goto done;
    }
    if (working)
        fputs(working, f);
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_lookup_free(lookup);
    free(x);
    free(starts);
    free(working);
    sg_every_free(e);
    sg_game_free(game);
    sg_value_words_free(words);
    return rc;
}
