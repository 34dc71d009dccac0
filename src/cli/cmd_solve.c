/*
 * cmd_solve.c - `sgviz solve`: who wins a sum of games, and how.
 *
 * With positions on the command line it explains one sum: each part's
 * value, the nim-sum, the winner and every winning move.  Without them it
 * answers lines of standard input, one sum a line, as the online-judge
 * problems ask, optionally with just the winner's name.
 */
#include "cli.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: sgviz solve @GAME@ [options] [POSITION...]\n"
    "\n"
    "Treats the positions (heap sizes, or nodes of the DOT game) as a sum of\n"
    "games: the value of each, the nim-sum, who wins, and every winning move.\n"
    "With no positions, reads standard input, one sum a line, and answers\n"
    "each line, as online judges ask:\n"
    "  printf '1\\n3\\n' | sgviz solve -s pow2 --names Kiki,Cici\n"
    "\n"
    "@GAMES:26@\n"
    "      --names FIRST,SECOND  print only the winner's name: FIRST when the\n"
    "                          player to move wins, SECOND otherwise\n"
    "      --stop-at-zero      standard input ends at a line of zeros (0 is\n"
    "                          never a node's name here: with -g, a game\n"
    "                          with a node named 0 is refused)\n"
    "      --counted           standard input is T, then each sum as N and N\n"
    "                          heap sizes, anywhere on its lines (HDU 3032)\n"
    "      --misere            misère play: whoever takes the last loses\n"
    "                          (HDU 1907: -s all --misere --counted)\n"
    "      --every             Every-SG: each turn, a move in every part that\n"
    "                          can move; decided by the largest step count\n"
    "      --search-limit N    the most positions a misère search examines,\n"
    "                          the learning of the quotient included (default\n"
    "                          2000000)\n"
    "      --explain           with positions on the command line: the\n"
    "                          working, as sgviz trace --position shows it\n"
    "                          (the nim-sum in binary, how a winning move is\n"
    "                          found)\n"
    "  -l, --lang LANG         the language of --explain: en (default), zh\n"
    "      --judge NAME        read standard input and answer exactly as the\n"
    "                          online judge's problem NAME asks (its game,\n"
    "                          input format and words); --judge list names\n"
    "                          them\n"
    "  -o, --output FILE       write to FILE (default: standard output)\n"
    "  -h, --help              show this help\n"
    "\n"
    "Examples: sgviz solve -s 1,3,4 3 5 7\n"
    "          sgviz solve --judge hdu1536 < snim.in\n"
    "          printf '1 1 1\\n1 4 1\\n0 0 0\\n' |\n"
    "              sgviz solve -s fib --names Fibo,Nacci --stop-at-zero\n";

/* Splits --names FIRST,SECOND into NAMES (a copy the caller frees) and
 * points *FIRST and *SECOND into it. */
static sg_status parse_names(sg_ctx *ctx, const char *arg, char **names,
                             const char **first, const char **second)
{
    const char *comma = strchr(arg, ',');
    if (strpbrk(arg, "\n\r"))
        return sg_ctx_fail(ctx, SG_EINPUT, "--names: a name cannot hold a "
                           "line break (each answer is one line)");
    if (!comma || comma == arg || !comma[1] || strchr(comma + 1, ','))
        return sg_ctx_fail(ctx, SG_EINPUT, "--names \"%s\": give two names "
                           "separated by one comma, the first player's and "
                           "the second's (e.g. --names Kiki,Cici)", arg);
    size_t len = strlen(arg);
    *names = malloc(len + 1);
    if (!*names)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    memcpy(*names, arg, len + 1);
    (*names)[comma - arg] = '\0';
    *first = *names;
    *second = *names + (comma - arg) + 1;
    return SG_OK;
}

/* Writes the whole story of the sum of X[0..n), whose values LOOKUP holds:
 * SUM lists its winning moves, or is NULL when they are too many to list. */
static void explain(FILE *f, const sg_game *game, const sg_lookup *lookup,
                    const uint64_t *x, size_t n, const sg_sum *sum,
                    const char *why)
{
    const char *part = sg_game_position_noun(game);
    char tmp[24], tmp2[24];
    if (n == 1)
        fprintf(f, "%s: one %s\n", sg_game_describe(game), part);
    else
        fprintf(f, "%s: a sum of %zu %ss\n", sg_game_describe(game), n, part);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s %zu: sg(%s) = %llu\n", part, i + 1,
                sg_game_position_name(game, x[i], tmp, sizeof tmp),
                (unsigned long long)sg_lookup_get(lookup, x[i]));
    sg_value ns = sg_nim_sum(lookup, x, n);
    fputs("nim-sum: ", f);
    /* The chain of XORs shows how the nim-sum comes about; past a screen's
     * width it only hides the result. */
    if (n > 1 && n <= 16) {
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s%llu", i ? " XOR " : "",
                    (unsigned long long)sg_lookup_get(lookup, x[i]));
        fputs(" = ", f);
    }
    fprintf(f, "%llu\n", (unsigned long long)ns);
    if (ns == 0) {
        fputs("The second player wins: every move of the first player leaves "
              "a nim-sum other than 0.\n", f);
        return;
    }
    if (!sum && why) {
        fprintf(f, "The first player wins. Its winning moves are not "
                "listed: %s.\n", why);
        return;
    }
    if (!sum) {
        fputs("The first player wins. Listing the winning moves would "
              "examine more than the\n10^9 moves sgviz allows; smaller "
              "heaps show them.\n", f);
        return;
    }
    fputs("The first player wins. Winning moves:\n", f);
    bool heaps = strcmp(part, "heap") == 0;
    for (size_t i = 0; i < sg_sum_move_count(sum); i++) {
        const sg_sum_move *m = sg_sum_move_at(sum, i);
        const char *from = sg_game_position_name(game, m->from, tmp,
                                                 sizeof tmp);
        fputs("  ", f);
        if (m->amount)
            fprintf(f, "take %llu from heap %zu", (unsigned long long)m->amount,
                    m->part + 1);
        else if (heaps) /* a heap split without taking anything */
            fprintf(f, "split heap %zu", m->part + 1);
        else
            fprintf(f, "move in %s %zu", part, m->part + 1);
        fprintf(f, " (%s -> ", from);
        /* A move that splits a heap leaves several, written as their sum. */
        size_t k;
        const uint64_t *left = sg_sum_move_left(sum, i, &k);
        for (size_t j = 0; j < k; j++)
            fprintf(f, "%s%s", j ? "+" : "",
                    sg_game_position_name(game, left[j], tmp2, sizeof tmp2));
        /* A kind may say what the move is on its own board: the coins it
         * turns, the edge it deletes. */
        char words[160];
        if (sg_game_move_words(game, m->from, left, k, words, sizeof words))
            fprintf(f, ", %s", words);
        fputs("): nim-sum becomes 0\n", f);
    }
}

/* `solve --judge NAME`: the problem's own input on standard input, its own
 * answers to OUTPUT; "list" names the problems. */
static int solve_judge(sg_ctx *ctx, const char *name, const char *output)
{
    if (strcmp(name, "list") == 0) {
        for (size_t i = 0; i < sg_judge_count(); i++)
            printf("%-9s %s\n", sg_judge_name(i), sg_judge_summary(i));
        return EXIT_OK;
    }
    if (cli_check_not_input(ctx, output, "-") != SG_OK)
        return EXIT_BAD;
    cli_output *out = cli_output_open(ctx, output);
    if (!out)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    sg_judge *judge = sg_judge_new(ctx, name, "stdin", cli_output_stream(out));
    if (!judge) {
        if (sg_ctx_status(ctx) == SG_EINPUT)
            cli_prefix_error(ctx, "--judge");
    } else if (sg_judge_read_fd(ctx, judge, STDIN_FILENO) == SG_OK) {
        rc = cli_commit(ctx, &out);
    }
    sg_judge_free(judge);
    cli_output_abort(out);
    return rc;
}

/* solve --misere with positions on the command line: the winner's name,
 * or the parts, how the outcome was found and every winning move. */
static int solve_misere(sg_ctx *ctx, const sg_game *game, const uint64_t *x,
                        size_t n, const char *first, const char *second,
                        uint64_t limit, const char *output)
{
    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_misere_moves *mv = NULL;
    sg_misere *m = sg_misere_new(ctx, game, limit);
    sg_misere_answer a;
    if (!m || sg_misere_solve(ctx, m, x, n, 0, &a) != SG_OK)
        goto done;
    if (!first && a.first_player_wins) {
        mv = sg_misere_moves_new(ctx, m, x, n, 0);
        if (!mv)
            goto done;
    }
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    FILE *f = cli_output_stream(out);
    if (first) {
        fprintf(f, "%s\n", a.first_player_wins ? first : second);
        rc = cli_commit(ctx, &out);
        goto done;
    }
    const char *part = sg_game_position_noun(game);
    char tmp[64], tmp2[64];
    if (n == 1)
        fprintf(f, "%s: one %s, misère play (the last player to move "
                "loses)\n", sg_game_describe(game), part);
    else
        fprintf(f, "%s: a sum of %zu %ss, misère play (the last player to "
                "move loses)\n", sg_game_describe(game), n, part);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s %zu: %s\n", part, i + 1,
                sg_game_position_name(game, x[i], tmp, sizeof tmp));
    if (a.rule == SG_MISERE_BY_NIM)
        fprintf(f, "decided by misère Nim's rule on the heap sizes (%s)\n",
                a.large ? "a heap holds 2 or more: as in normal Nim"
                        : "every heap holds 0 or 1: the number of 1-heaps");
    else if (a.rule == SG_MISERE_BY_TAME)
        fprintf(f, "decided by misère Nim's rule on the sg values (every %s "
                "up to the largest plays like a nim-heap; %s)\n", part,
                a.large ? "a value is 2 or more: the nim-sum, as in normal "
                          "play"
                        : "every value is 0 or 1: the number of 1s");
    else if (a.rule == SG_MISERE_BY_QUOTIENT) {
        fprintf(f, "decided by the misère quotient of every sum of %ss up to "
                "%s", part,
                sg_game_position_name(game, a.quotient_below - 1, tmp,
                                      sizeof tmp));
        if (a.quotient_one_more)
            fprintf(f, " with at most one %s of %s", part,
                    sg_game_position_name(game, a.quotient_below, tmp2,
                                          sizeof tmp2));
        fprintf(f, ": %llu classes, proved over %llu pairs; learned in a "
                "search over %llu positions\n",
                (unsigned long long)a.quotient_classes,
                (unsigned long long)a.quotient_pairs,
                (unsigned long long)a.searched);
    } else {
        fprintf(f, "decided by a search over %llu positions (see sgviz trace "
                "--misere --position)\n", (unsigned long long)a.searched);
    }
    if (!a.first_player_wins) {
        fputs("The second player wins: every move of the first player leaves "
              "a misère N-position.\n", f);
    } else {
        fputs("The first player wins. Winning moves:\n", f);
        for (size_t k = 0; k < sg_misere_moves_count(mv); k++) {
            const uint64_t *left;
            size_t nleft;
            const sg_sum_move *mo = sg_misere_moves_at(mv, k, NULL, &left,
                                                       &nleft);
            const char *from = sg_game_position_name(game, mo->from, tmp,
                                                     sizeof tmp);
            fputs("  ", f);
            if (mo->amount)
                fprintf(f, "take %llu from %s %zu (%s -> ",
                        (unsigned long long)mo->amount, part, mo->part + 1,
                        from);
            else
                fprintf(f, "move in %s %zu (%s -> ", part, mo->part + 1, from);
            for (size_t q = 0; q < nleft; q++)
                fprintf(f, "%s%s", q ? "+" : "",
                        sg_game_position_name(game, left[q], tmp2,
                                              sizeof tmp2));
            if (nleft == 0)
                fputs("0", f);
            fputs(")\n", f);
        }
    }
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_misere_moves_free(mv);
    sg_misere_free(m);
    return rc;
}

/* solve --every with positions on the command line: the winner's name, or
 * each part's value and step, the largest step, and the move in each part
 * that its step follows. */
static int solve_every(sg_ctx *ctx, const sg_game *game, const uint64_t *x,
                       size_t n, const char *first, const char *second,
                       const char *output)
{
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        largest = x[i] > largest ? x[i] : largest;
    int rc = EXIT_BAD;
    cli_output *out = NULL;
    sg_lookup *lookup = NULL;
    sg_every *e = sg_every_new(ctx, game, largest);
    if (!e || !(lookup = sg_lookup_new(ctx, game, largest)))
        goto done;
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    FILE *f = cli_output_stream(out);
    uint64_t top = sg_every_sum_step(e, x, n);
    if (first) {
        fprintf(f, "%s\n", top % 2 ? first : second);
        rc = cli_commit(ctx, &out);
        goto done;
    }
    const char *part = sg_game_position_noun(game);
    char tmp[24], tmp2[24];
    fprintf(f, "%s: %s%zu %s%s, Every-SG (each turn, a move in every %s "
            "that can move)\n", sg_game_describe(game), n == 1 ? "" : "a sum of ",
            n, part, n == 1 ? "" : "s", part);
    for (size_t i = 0; i < n; i++) {
        uint64_t s = sg_every_step(e, x[i]);
        fprintf(f, "%s %zu: %s, sg %llu, step %llu (%s)\n", part, i + 1,
                sg_game_position_name(game, x[i], tmp, sizeof tmp),
                (unsigned long long)sg_lookup_get(lookup, x[i]),
                (unsigned long long)s,
                s == 0 ? "no moves" : s % 2 ? "its mover wins it"
                                            : "its mover loses it");
    }
    fprintf(f, "largest step: %llu, %s: the %s player wins (the %s that "
            "lasts longest decides who moves last)\n",
            (unsigned long long)top, top % 2 ? "odd" : "even",
            top % 2 ? "first" : "second", part);
    if (top == 0) {
        rc = cli_commit(ctx, &out);
        goto done;
    }
    fputs(top % 2 ? "The winning turn, a move in every part that can move "
                    "(prolong the ones you win, end the others soonest):\n"
                  : "The first player's best turn (the second still wins):"
                    "\n",
          f);
    for (size_t i = 0; i < n; i++) {
        uint64_t *left = NULL, amount = 0;
        size_t k = 0;
        if (sg_every_move(ctx, e, x[i], &left, &k, &amount) != SG_OK)
            goto done;
        if (!left)
            continue;
        fprintf(f, "  %s %zu: ", part, i + 1);
        if (amount)
            fprintf(f, "take %llu, ", (unsigned long long)amount);
        fprintf(f, "%s -> ", sg_game_position_name(game, x[i], tmp,
                                                   sizeof tmp));
        for (size_t j = 0; j < k; j++)
            fprintf(f, "%s%s", j ? "+" : "",
                    sg_game_position_name(game, left[j], tmp2, sizeof tmp2));
        fprintf(f, " (step %llu)\n",
                (unsigned long long)sg_every_sum_step(e, left, k));
        free(left);
    }
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_lookup_free(lookup);
    sg_every_free(e);
    return rc;
}

/* The most bytes of judges' input read whole for a rules file. */
#define INPUT_MAX ((size_t)1 << 28)

/* Standard input, whole, in a new buffer (*LEN bytes), or NULL after
 * recording an error. */
static char *read_all_stdin(sg_ctx *ctx, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            if (cap >= INPUT_MAX) {
                free(buf);
                sg_ctx_fail(ctx, SG_ELIMIT, "stdin: more than %zu MiB of "
                            "input, the most read for a rules file's read()",
                            INPUT_MAX >> 20);
                return NULL;
            }
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
        ssize_t got = read(STDIN_FILENO, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(buf);
            sg_ctx_fail(ctx, SG_EIO, "stdin: %s", strerror(errno));
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    *len = n;
    return buf;
}

int cmd_solve(sg_ctx *ctx, int argc, char **argv)
{
    enum {
        OPT_NAMES = 256,
        OPT_STOP,
        OPT_COUNTED,
        OPT_JUDGE,
        OPT_EXPLAIN,
        OPT_MISERE,
        OPT_LIMIT,
        OPT_EVERY
    };
    static const struct option options[] = {
        {"names", required_argument, NULL, OPT_NAMES},
        {"stop-at-zero", no_argument, NULL, OPT_STOP},
        {"counted", no_argument, NULL, OPT_COUNTED},
        {"explain", no_argument, NULL, OPT_EXPLAIN},
        {"misere", no_argument, NULL, OPT_MISERE},
        {"every", no_argument, NULL, OPT_EVERY},
        {"search-limit", required_argument, NULL, OPT_LIMIT},
        {"lang", required_argument, NULL, 'l'},
        {"judge", required_argument, NULL, OPT_JUDGE},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *output = NULL, *names_arg = NULL, *judge = NULL;
    bool stop_at_zero = false, counted = false, explain_it = false;
    const char *lang = NULL;
    int misere = 0, every = 0;
    const char *limit_arg = NULL;
    uint64_t limit = 0;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":o:l:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case OPT_NAMES: names_arg = optarg; break;
        case OPT_STOP: stop_at_zero = true; break;
        case OPT_COUNTED: counted = true; break;
        case OPT_EXPLAIN: explain_it = true; break;
        case OPT_MISERE: misere = 1; break;
        case OPT_EVERY: every = 1; break;
        case OPT_LIMIT: limit_arg = optarg; break;
        case 'l': lang = optarg; break;
        case OPT_JUDGE: judge = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default:
            if (c == '?' && optopt >= '0' && optopt <= '9') {
                sg_ctx_fail(ctx, SG_EINPUT, "heap \"%s\" is negative; a heap "
                            "size is a whole number from 0 up",
                            argv[optind - 1]);
                return EXIT_BAD;
            }
            return cli_bad_option(ctx, "solve", c, argv);
        }
    }
    if (limit_arg && (!misere ||
                      cli_parse_number(ctx, "--search-limit", limit_arg,
                                       UINT64_C(1) << 32, &limit) != SG_OK)) {
        if (!misere)
            sg_ctx_fail(ctx, SG_EINPUT, "--search-limit bounds the misère "
                        "search; add --misere");
        return EXIT_BAD;
    }
    if (limit_arg && limit == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "--search-limit 0: the search must "
                    "examine at least one position");
        return EXIT_BAD;
    }
    char **pos;
    int n;
    cli_operand_positions(&ga, argc, argv, optind, &pos, &n);
    if (judge) {
        /* A problem brings its game, its input's layout and its answers'
         * words; anything else given would be ignored, so it is refused. */
        char other[64] = "";
        snprintf(other, sizeof other, "%s", n ? pos[0]
                 : names_arg ? "--names" : stop_at_zero ? "--stop-at-zero"
                 : counted ? "--counted" : explain_it ? "--explain"
                 : lang ? "--lang" : misere ? "--misere"
                 : every ? "--every" : "");
        for (size_t k = 0; !*other && k < cli_game_kind_count; k++)
            if (ga.game[k])
                snprintf(other, sizeof other, "-%c",
                         cli_game_kinds[k].letter);
        if (*other) {
            sg_ctx_fail(ctx, SG_EINPUT, "--judge %s: the problem brings its "
                        "own game, input and answers, so \"%s\" has no place "
                        "beside it", judge, other);
            return EXIT_BAD;
        }
        return solve_judge(ctx, judge, output);
    }
    bool from_stdin = n == 0;
    if ((stop_at_zero || counted) && !from_stdin) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s is for sums read from standard "
                    "input, not for positions on the command line",
                    counted ? "--counted" : "--stop-at-zero");
        return EXIT_BAD;
    }
    if ((explain_it || lang) && (from_stdin || names_arg)) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s writes the working of one sum: give "
                    "its positions on the command line%s",
                    explain_it ? "--explain" : "--lang",
                    names_arg ? ", without --names" : "");
        return EXIT_BAD;
    }
    if (lang && !explain_it) {
        sg_ctx_fail(ctx, SG_EINPUT, "--lang is the language of --explain; "
                    "add --explain");
        return EXIT_BAD;
    }
    if (every && (misere || explain_it)) {
        sg_ctx_fail(ctx, SG_EINPUT, "--every and %s do not go together: "
                    "Every-SG is a play rule of its own, and solve --every "
                    "shows its working itself", misere ? "--misere"
                                                       : "--explain");
        return EXIT_BAD;
    }
    if (stop_at_zero && counted) {
        sg_ctx_fail(ctx, SG_EINPUT, "--stop-at-zero and --counted do not go "
                    "together: input that counts its sums ends after the "
                    "last one");
        return EXIT_BAD;
    }
    if (from_stdin && cli_game_file(&ga) && strcmp(cli_game_file(&ga), "-") == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "-g -: standard input holds the game, so "
                    "name the positions on the command line");
        return EXIT_BAD;
    }
    cli_warn_split_set("solve");
    static const cli_ext_format exts[] = {{"txt", "text"}, {NULL, NULL}};
    const char *format;
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK ||
        (from_stdin && cli_check_not_input(ctx, output, "-") != SG_OK) ||
        cli_output_format(ctx, "solve", NULL, output, exts, "text",
                          &format) != SG_OK)
        return EXIT_BAD;

    int rc = EXIT_BAD;
    char *names = NULL;
    const char *first = NULL, *second = NULL;
    cli_output *out = NULL;
    uint64_t *x = NULL;
    size_t nx = 0;
    sg_lookup *lookup = NULL;
    sg_sum *sum = NULL;
    sg_batch *batch = NULL;
    sg_game *game = NULL;
    char *command = NULL;
    char *input = NULL;
    size_t input_len = 0;
    char why[1024] = "";
    if (names_arg &&
        parse_names(ctx, names_arg, &names, &first, &second) != SG_OK)
        goto done;
    /* A rules file's read() turns judges' lines into sums, whose
     * positions are explored before any is answered: the input is read
     * whole first. */
    if (from_stdin && cli_game_explores(&ga)) {
        input = read_all_stdin(ctx, &input_len);
        if (!input)
            goto done;
        ga.input = input;
        ga.input_len = input_len;
    }
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;

    if (from_stdin) {
        out = cli_output_open(ctx, output);
        if (!out)
            goto done;
        sg_batch_opts bo = {
            .first_name = first, .second_name = second,
            .stop_at_zero = stop_at_zero,
            .layout = counted ? SG_BATCH_COUNTED : SG_BATCH_LINES,
            .misere = misere, .misere_limit = limit, .every = every};
        bo.size = sizeof bo;
        batch = sg_batch_new(ctx, game, &bo, "stdin", cli_output_stream(out));
        if (!batch && stop_at_zero && sg_ctx_status(ctx) == SG_EINPUT)
            cli_prefix_error(ctx, "--stop-at-zero");
        size_t len = input_len;
        const char *text = input ? sg_game_rules_input(game, &len) : NULL;
        if (input && !text)
            text = input;
        if (!batch ||
            (input ? sg_batch_feed(ctx, batch, text, len) != SG_OK ||
                         sg_batch_finish(ctx, batch) != SG_OK
                   : sg_batch_read_fd(ctx, batch, STDIN_FILENO) != SG_OK))
            goto done;
    } else if (explain_it) {
        if (cli_positions(ctx, game, pos, n, &x, &nx, NULL, &lookup) !=
            SG_OK)
            goto done;
        command = cli_game_command(&ga, "trace");
        sg_sum_trace_opts so = {.lang = lang, .command = command,
                                .misere = misere, .misere_limit = limit};
        out = command ? cli_output_open(ctx, output) : NULL;
        if (!command)
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        if (!out || sg_sum_trace_write(ctx, game, x, nx, &so,
                                       cli_output_stream(out)) != SG_OK)
            goto done;
    } else if (every) {
        if (cli_positions(ctx, game, pos, n, &x, &nx, NULL, &lookup) !=
                SG_OK ||
            solve_every(ctx, game, x, nx, first, second, output) !=
                EXIT_OK)
            goto done;
        rc = EXIT_OK;
        goto done;
    } else if (misere) {
        if (cli_positions(ctx, game, pos, n, &x, &nx, NULL, &lookup) !=
            SG_OK)
            goto done;
        if (solve_misere(ctx, game, x, nx, first, second, limit,
                         output) != EXIT_OK)
            goto done;
        rc = EXIT_OK;
        goto done;
    } else {
        if (cli_positions(ctx, game, pos, n, &x, &nx, NULL, &lookup) !=
            SG_OK)
            goto done;
        /* The winner alone needs the nim-sum, not the winning moves, which
         * heaps of astronomical size have too many of to list: their values
         * and the winner are told without them. */
        if (!names) {
            sum = sg_sum_new(ctx, game, lookup, x, nx);
            if (!sum && sg_ctx_status(ctx) != SG_ELIMIT)
                goto done;
            /* Moves too many to examine are said in the usual words; a
             * kind that cannot list a part's moves says why itself. */
            if (!sum && !strstr(sg_ctx_message(ctx),
                                "listing the winning moves"))
                snprintf(why, sizeof why, "%s", sg_ctx_message(ctx));
            sg_ctx_clear(ctx);
        }
        out = cli_output_open(ctx, output);
        if (!out)
            goto done;
        FILE *f = cli_output_stream(out);
        if (names)
            fprintf(f, "%s\n", sg_nim_sum(lookup, x, nx) ? first
                                                                : second);
        else
            explain(f, game, lookup, x, nx, sum, why[0] ? why : NULL);
    }
    rc = cli_commit(ctx, &out);
done:
    cli_output_abort(out);
    sg_batch_free(batch);
    sg_sum_free(sum);
    sg_lookup_free(lookup);
    free(x);
    sg_game_free(game);
    free(names);
    free(command);
    free(input);
    return rc;
}
