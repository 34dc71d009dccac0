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
    "Prints sg(x) and P/N for each position x (a heap size, or a node of the\n"
    "DOT game), one a line:\n"
    "  $ sgviz value -s 1,3,4 100\n"
    "  sg(100) = 0  (P)\n"
    "\n"
    "@GAMES:22@\n"
    "      --misere        misère play (the last player to move loses):\n"
    "                      g-(x) and P/N under misère play; a POSITION may\n"
    "                      then be a sum, e.g. 3+4+5\n"
    "      --every         Every-SG (a move in every component at once): the\n"
    "                      step count of each position or sum, and P/N\n"
    "      --search-limit N  the most positions a misère search examines\n"
    "                      (default 2000000)\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Example: sgviz value -s 1,3,4 7 100 1000000\n";

/* value --misere: g- of each position or sum, one a line, written to OUT
 * only when every one is answered. */
static int misere_values(sg_ctx *ctx, const sg_game *game, char **args,
                         int n, uint64_t limit, const char *output)
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
            if (a.first_player_wins)
                fprintf(lines, "g\u207b(%s) >= 1  (N, by the misère "
                        "quotient; the exact value needs a search over every "
                        "position of the sum)\n", args[i]);
            else
                fprintf(lines, "g\u207b(%s) = 0  (P)\n", args[i]);
            continue;
        }
        free(parts);
        if (st != SG_OK)
            goto done;
        fprintf(lines, "g\u207b(%s) = %llu  (%c)\n", args[i],
                (unsigned long long)a.value, a.value ? 'N' : 'P');
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

/* Whether TEXT is written in the game's own notation for sums (a row of
 * coins), which a single head's number is not. */
static bool written_as_sum(const sg_game *game, const char *text)
{
    return sg_game_sums_by_theorem(game) && !(*text >= '0' && *text <= '9');
}

/* Writes "sg(TEXT) = sg(a) XOR sg(b) ... = v  (P/N)" for the sum of
 * X[0..k) named TEXT. */
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
static void every_line(FILE *f, const sg_game *game, const sg_every *e,
                       const char *text, const uint64_t *x, size_t k)
{
    char tmp[24];
    uint64_t s = sg_every_sum_step(e, x, k);
    fprintf(f, "step(%s) = ", k > 1 ? text
                                    : sg_game_position_name(game, x[0], tmp,
                                                            sizeof tmp));
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

/* value in normal play: sg of each position, or of each sum (3+4+5, or a
 * row of coins), one a line, with the working of a sum; a kind's own
 * theorem follows once when a sum was asked for. */
static int normal_values(sg_ctx *ctx, const sg_game *game, char **args,
                         int n, bool every, const char *output)
{
    sg_every *e = NULL;
    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_lookup *lookup = NULL;
    uint64_t **parts = calloc((size_t)n, sizeof *parts);
    size_t *k = calloc((size_t)n, sizeof *k);
    char *working = NULL;
    if (!parts || !k) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    uint64_t largest = 0;
    bool sums = false;
    for (int i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "%s %d", sg_game_position_noun(game),
                 i + 1);
        if (sg_sum_parse_parts(ctx, game, args[i], where, &parts[i], &k[i]) !=
            SG_OK)
            goto done;
        sums |= k[i] > 1 || written_as_sum(game, args[i]);
        for (size_t j = 0; j < k[i]; j++)
            if (parts[i][j] > largest)
                largest = parts[i][j];
    }
    if (every && !(e = sg_every_new(ctx, game, largest)))
        goto done;
    lookup = sg_lookup_new(ctx, game, largest);
    if (!lookup) {
        if (!sg_game_is_finite(game)) {
            char prefix[64];
            snprintf(prefix, sizeof prefix, "%s %llu",
                     sg_game_position_noun(game),
                     (unsigned long long)largest);
            cli_prefix_error(ctx, prefix);
        }
        goto done;
    }
    if (sums) {
        working = sg_game_working(ctx, game, "en");
        if (!working && sg_ctx_status(ctx) != SG_OK)
            goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    FILE *f = cli_output_stream(out);
    for (int i = 0; e && i < n; i++)
        every_line(f, game, e, args[i], parts[i], k[i]);
    for (int i = 0; !e && i < n; i++) {
        char tmp[24];
        if (k[i] > 1) {
            sum_line(f, game, lookup, args[i], parts[i], k[i]);
            continue;
        }
        sg_value v = sg_lookup_get(lookup, parts[i][0]);
        fprintf(f, "sg(%s) = %llu  (%c)\n",
                written_as_sum(game, args[i])
                    ? args[i]
                    : sg_game_position_name(game, parts[i][0], tmp,
                                            sizeof tmp),
                (unsigned long long)v, v ? 'N' : 'P');
    }
    if (working && !e)
        fputs(working, f);
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_lookup_free(lookup);
    sg_every_free(e);
    for (int i = 0; parts && i < n; i++)
        free(parts[i]);
    free(parts);
    free(k);
    free(working);
    return rc;
}

int cmd_value(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_MISERE = 256, OPT_LIMIT, OPT_EVERY };
    static const struct option options[] = {
        {"misere", no_argument, NULL, OPT_MISERE},
        {"every", no_argument, NULL, OPT_EVERY},
        {"search-limit", required_argument, NULL, OPT_LIMIT},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL;
    bool misere = false, every = false;
    const char *limit_arg = NULL;
    uint64_t limit = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":o:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case OPT_MISERE: misere = true; break;
        case OPT_EVERY: every = true; break;
        case OPT_LIMIT: limit_arg = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "value", c, argv);
        }
    }
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
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    sg_game *game = cli_load_game(ctx, &ga);
    if (game && misere) {
        rc = misere_values(ctx, game, pos, n, limit, output);
        goto done;
    }
    if (!game)
        goto done;
    rc = normal_values(ctx, game, pos, n, every, output);
done:
    sg_game_free(game);
    return rc;
}
