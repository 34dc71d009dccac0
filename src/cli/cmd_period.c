/*
 * cmd_period.c - `sgviz period`: the preperiod, the smallest period and the
 * repeating block of a subtraction game, with the certificate that proves
 * them.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: sgviz period @GAME@ [--limit L] [options]\n"
    "       sgviz period --values FILE [options]\n"
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
    "  -n, --max N         a rules file (-r): explore from 0..N\n"
    "  -f, --format FMT    text (default) or json\n"
    "      --full          text: list every value (default: the first 32 of\n"
    "                      each list)\n"
    "  -l, --lang LANG     text: the report in en (default) or zh\n"
    "  -o, --output FILE   write to FILE (default: standard output)\n"
    "  -h, --help          show this help\n"
    "\n"
    "      --order FILE    a game of finitely many positions (-g): its values\n"
    "                      in the order FILE names the positions (default: by\n"
    "                      their names, which must be the numbers a..b)\n"
    "      --values FILE   no game: the values in FILE (- for standard input),\n"
    "                      whole numbers separated by spaces or commas\n"
    "\n"
    "pow2, fib and all are infinite sets: the certificate does not apply, and\n"
    "the report shows what sg(0..L) shows (and the theorems for pow2 and all).\n"
    "Likewise for codes with a repeating tail or '!' (and the theorems of Nim\n"
    "and Lasker's Nim).\n"
    "A game graph, or a plain sequence of values, has no certificate either:\n"
    "the report gives the apparent preperiod and period the values show, or a\n"
    "period with a saltus, v(x + p) = v(x) + d.\n"
    "\n"
    "Exit status: 0 when a period is certified (or the set is infinite) or\n"
    "shows, 1 when none is found up to L or shows, 2 on bad input.\n"
    "\n"
    "Examples: sgviz period -s 2,4,7\n"
    "          sgviz table -s 1,3,4 -n 100 -f c | sgviz period --values -\n";

/* The apparent pattern of VALUES[0..n), reported to OUTPUT; NAMES and
 * HEADING as sg_sequence_write() takes them.  Returns the exit status. */
static int report_sequence(sg_ctx *ctx, const sg_value *values, size_t n,
                           const char *const *names, const char *heading,
                           sg_period_format fmt, int full, const char *output)
{
    sg_sequence_info info;
    if (sg_sequence_find(ctx, values, n, &info) != SG_OK)
        return EXIT_BAD;
    cli_output *out = cli_output_open(ctx, output);
    if (!out)
        return EXIT_BAD;
    if (sg_sequence_write(ctx, values, n, &info, names, heading, fmt, full,
                          cli_output_stream(out)) != SG_OK) {
        cli_output_abort(out);
        return EXIT_BAD;
    }
    if (cli_commit(ctx, &out) != EXIT_OK)
        return EXIT_BAD;
    return info.found ? EXIT_OK : EXIT_VERDICT;
}

/* `period --values FILE`: a plain sequence. */
static int period_of_values(sg_ctx *ctx, const char *path,
                            sg_period_format fmt, int full, const char *output)
{
    if (cli_check_not_input(ctx, output, path) != SG_OK)
        return EXIT_BAD;
    size_t n;
    sg_value *values = NULL;
    int rc = EXIT_BAD;
    if (sg_sequence_read(ctx, path, &values, &n) == SG_OK)
        rc = report_sequence(ctx, values, n, NULL, NULL, fmt, full, output);
    free(values);
    return rc;
}

/* The period a game of finitely many positions shows, its values taken in
 * the order ORDER_PATH names its positions, or by their names as numbers. */
static int period_of_graph(sg_ctx *ctx, const sg_game *game,
                           const char *order_path, sg_period_format fmt,
                           int full, const char *output)
{
    size_t n = 0;
    uint64_t *order = order_path ? sg_game_read_order(ctx, game, order_path, &n)
                                 : sg_game_numeric_order(ctx, game, &n);
    if (!order)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    sg_value *values = malloc(n * sizeof *values);
    char **names = calloc(n, sizeof *names);
    sg_lookup *lookup = sg_lookup_new(ctx, game, UINT64_MAX);
    if (!values || !names) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    } else if (lookup) {
        bool ok = true;
        for (size_t i = 0; i < n && ok; i++) {
            char buf[32];
            values[i] = sg_lookup_get(lookup, order[i]);
            names[i] = strdup(sg_game_position_name(game, order[i], buf,
                                                    sizeof buf));
            ok = names[i] != NULL;
        }
        char heading[512];
        snprintf(heading, sizeof heading, "%s: its positions in the order %s",
                 sg_game_describe(game),
                 order_path ? "the file names them" : "of their names");
        if (!ok)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        else
            rc = report_sequence(ctx, values, n, (const char *const *)names,
                                 heading, fmt, full, output);
    }
    for (size_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
    free(values);
    free(order);
    sg_lookup_free(lookup);
    return rc;
}

/* The report on a plain sequence of values (WHAT: --values, or a game of
 * finitely many positions) has English words only: a Chinese one is
 * refused rather than given in English. */
static sg_status sequence_lang(sg_ctx *ctx, const char *lang, const char *what)
{
    if (!lang || strcmp(lang, "en") == 0)
        return SG_OK;
    return sg_ctx_fail(ctx, SG_EINPUT, "--lang %s: the report on %s, a plain "
                       "sequence of values, is written in English only (en)",
                       lang, what);
}

int cmd_period(sg_ctx *ctx, int argc, char **argv)
{
    enum { OPT_FULL = 256, OPT_ORDER, OPT_VALUES };
    static const struct option options[] = {
        {"limit", required_argument, NULL, 'L'},
        {"max", required_argument, NULL, 'n'},
        {"format", required_argument, NULL, 'f'},
        {"full", no_argument, NULL, OPT_FULL},
        {"order", required_argument, NULL, OPT_ORDER},
        {"values", required_argument, NULL, OPT_VALUES},
        {"output", required_argument, NULL, 'o'},
        {"lang", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *lang = NULL;
    const char *format = NULL, *limit_arg = NULL, *output = NULL;
    const char *order_path = NULL, *values_path = NULL;
    int full = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":L:n:f:o:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'L': limit_arg = optarg; break;
        case 'n': ga.max = optarg; break;
        case 'f': format = optarg; break;
        case OPT_FULL: full = 1; break;
        case OPT_ORDER: order_path = optarg; break;
        case OPT_VALUES: values_path = optarg; break;
        case 'o': output = optarg; break;
        case 'l': lang = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "period", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_operand(ctx, "period", argv[optind]);
    static const cli_ext_format exts[] = {
        {"txt", "text"}, {"json", "json"}, {NULL, NULL}};
    sg_period_format fmt;
    if (cli_output_format(ctx, "period", format, output, exts, "text",
                          &format) != SG_OK ||
        sg_period_format_parse(ctx, format, &fmt) != SG_OK)
        return EXIT_BAD;
    /* The language is checked before any value is computed, with the
     * words every command shares (and their "did you mean"). */
    if (lang) {
        sg_value_words *words = sg_value_words_new(ctx, lang);
        if (!words) {
            cli_prefix_error(ctx, "--lang");
            return EXIT_BAD;
        }
        sg_value_words_free(words);
    }
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
    bool has_game = false;
    for (size_t k = 0; k < cli_game_kind_count; k++)
        has_game |= ga.game[k] != NULL;
    if (values_path) {
        const char *other = has_game ? "a game" : limit_arg ? "--limit"
                            : order_path ? "--order" : NULL;
        if (other) {
            sg_ctx_fail(ctx, SG_EINPUT, "--values %s: the values are the "
                        "sequence, so %s has no place beside them",
                        values_path, other);
            return EXIT_BAD;
        }
        if (sequence_lang(ctx, lang, "--values") != SG_OK)
            return EXIT_BAD;
        return period_of_values(ctx, values_path, fmt, full, output);
    }
    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_period *period = NULL;
    sg_game *game = NULL;
    /* -n N says where a rules file's game is explored from, as in every
     * command; the other kinds are bounded by --limit. */
    bool rules_kind = cli_game_explores(&ga);
    if (ga.max && !rules_kind) {
        sg_ctx_fail(ctx, SG_EINPUT, "-n %s goes with a rules file (-r); "
                    "--limit L bounds the values of the other games",
                    ga.max);
        goto done;
    }
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    if (sg_game_is_finite(game) || order_path) {
        if (!sg_game_is_finite(game)) {
            sg_ctx_fail(ctx, SG_EINPUT, "--order: %s has positions without "
                        "end, listed by their numbers; an order is for a "
                        "game of finitely many positions (-g)",
                        sg_game_describe(game));
            goto done;
        }
        if (limit_arg && rules_kind) {
            sg_ctx_fail(ctx, SG_EINPUT, "--limit %s: the game of %s is the "
                        "%llu positions reachable from where it is explored; "
                        "explore further with -n N or --start", limit_arg,
                        sg_game_spec(game),
                        (unsigned long long)sg_game_position_count(game));
            goto done;
        }
        if (limit_arg) {
            sg_ctx_fail(ctx, SG_EINPUT, "--limit %s: %s has finitely many "
                        "positions, and every value is computed", limit_arg,
                        sg_game_spec(game));
            goto done;
        }
        if (order_path &&
            cli_check_not_input(ctx, output, order_path) != SG_OK)
            goto done;
        if (sequence_lang(ctx, lang, sg_game_spec(game)) != SG_OK)
            goto done;
        rc = period_of_graph(ctx, game, order_path, fmt, full, output);
        goto done;
    }
    period = sg_period_find(ctx, game, limit);
    if (!period) {
        if (limit_arg) {
            char where[64];
            snprintf(where, sizeof where, "--limit %s", limit_arg);
            cli_prefix_error(ctx, where);
        }
        goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    sg_period_opts opts = {.size = sizeof opts, .format = fmt, .full = full,
                           .lang = lang};
    if (sg_period_write_opts(ctx, period, game, &opts,
                             cli_output_stream(out)) != SG_OK)
        goto done;
    if (cli_commit(ctx, &out) == EXIT_OK) {
        const sg_period_info *info = sg_period_info_of(period);
        rc = info->applies && !info->found ? EXIT_VERDICT : EXIT_OK;
    }
done:
    cli_output_abort(out);
    sg_period_free(period);
    sg_game_free(game);
    return rc;
}
