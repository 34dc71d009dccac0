/*
 * common.c - option handling shared by the commands.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The largest heap size sgviz accepts as a number at all, 2^63 - 1; the
 * engine then checks what fits in memory, and a certified period answers for
 * any heap up to this. */
#define POSITION_MAX (UINT64_MAX / 2)

void cli_prefix_error(sg_ctx *ctx, const char *prefix)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", sg_ctx_message(ctx));
    sg_ctx_fail(ctx, sg_ctx_status(ctx), "%s: %s", prefix, copy);
}

void cli_warn_font(const char *command, const char *lang)
{
    /* Only Chinese needs a font of its own; Debian's smallest is
     * fonts-wqy-microhei. */
    if (sg_font_for_lang(lang))
        return;
    fprintf(stderr, "sgviz: %s: warning: no Chinese font is installed, so "
            "the picture's Chinese words show as empty boxes; install one "
            "(Debian: apt-get install fonts-wqy-microhei)\n", command);
}

sg_status cli_parse_number(sg_ctx *ctx, const char *opt, const char *arg,
                           uint64_t max, uint64_t *out)
{
    const char *p = arg;
    while (*p == ' ')
        p++;
    if (*p == '-' && p[1] >= '0' && p[1] <= '9')
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": must be 0 or more", opt,
                           arg);
    if (*p < '0' || *p > '9')
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": not a whole number", opt,
                           arg);
    uint64_t v = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10 || v * 10 + d > max)
            return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": too large (at most "
                               "%llu)", opt, arg, (unsigned long long)max);
        v = v * 10 + d;
    }
    while (*p == ' ')
        p++;
    if (*p)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": not a whole number", opt,
                           arg);
    *out = v;
    return SG_OK;
}

/* A positive number of at most 10000 at *P (no sign, no exponent),
 * advancing *P past it; -1 when there is none. */
static double positive_number(const char **p)
{
    const char *s = *p;
    double v = 0, scale = 1;
    bool digits = false, point = false;
    for (; (*s >= '0' && *s <= '9') || (*s == '.' && !point); s++) {
        if (*s == '.') {
            point = true;
            continue;
        }
        digits = true;
        if (point)
            v += (scale /= 10) * (*s - '0');
        else if (v < 10000)
            v = v * 10 + (*s - '0');
    }
    *p = s;
    return digits && v > 0 && v <= 10000 ? v : -1;
}

sg_status cli_parse_real(sg_ctx *ctx, const char *opt, const char *arg,
                         double lo, double hi, double *out)
{
    const char *p = arg;
    double v = positive_number(&p);
    if (v <= 0 || *p || p == arg) {
        /* A number that is zero, negative or too large is a number all the
         * same: say that it is out of range rather than not a number. */
        const char *q = arg + (*arg == '-' || *arg == '+');
        size_t digits = strspn(q, "0123456789"), rest = strlen(q + digits);
        if (q[digits] == '.')
            rest -= 1 + strspn(q + digits + 1, "0123456789");
        bool number = rest == 0 && strspn(q, "0123456789.") > (q[digits] == '.');
        if (number)
            return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.60s\": out of range; "
                               "give a number from %g to %g", opt, arg, lo, hi);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.60s\": not a number; give "
                           "one from %g to %g", opt, arg, lo, hi);
    }
    if (v < lo || v > hi)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.60s\": give a number "
                           "from %g to %g", opt, arg, lo, hi);
    *out = v;
    return SG_OK;
}

sg_status cli_parse_aspect(sg_ctx *ctx, const char *opt, const char *arg,
                           double *aspect)
{
    const char *p = arg;
    double w = positive_number(&p), h = 1;
    if (w > 0 && *p == ':') {
        p++;
        h = positive_number(&p);
    }
    if (w <= 0 || h <= 0 || *p)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.60s\": not a shape; give "
                           "width:height, such as 16:9 or 4:3, or a number "
                           "such as 1.5", opt, arg);
    if (w / h > 4 || w / h < 0.25)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.60s\": a picture from 1:4 "
                           "(tall) to 4:1 (wide) is drawn; this is %.2f:1", opt,
                           arg, w / h);
    *aspect = w / h;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Input from other keyboards and other shells                             */
/* ------------------------------------------------------------------------ */

void cli_fold_fullwidth(char *s)
{
    /* UTF-8: U+FF01..U+FF5E are EF BC 81..EF BD 9E; U+3000 is E3 80 80 and
     * U+3001 E3 80 81.  Each folded character becomes one byte, so the
     * text only shrinks and the fold can happen in place. */
    unsigned char *r = (unsigned char *)s, *w = r;
    while (*r) {
        if (r[0] == 0xEF && (r[1] == 0xBC || r[1] == 0xBD) && r[2] >= 0x80 &&
            r[2] <= 0xBF) {
            unsigned cp = 0xFF00u + ((r[1] & 0x03u) << 6) + (r[2] & 0x3Fu);
            if (cp >= 0xFF01 && cp <= 0xFF5E) {
                *w++ = (unsigned char)(cp - 0xFF01 + 0x21);
                r += 3;
                continue;
            }
        }
        if (r[0] == 0xE3 && r[1] == 0x80 && (r[2] == 0x80 || r[2] == 0x81)) {
            *w++ = r[2] == 0x80 ? ' ' : ',';
            r += 3;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
}

/* Whether S is a whole number, as a shell's brace expansion of a set
 * leaves each amount. */
static bool whole_number(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* The set a shell split into words, as it was meant ("{1,3,4}"), when the
 * command line read "-s 1 3 4" (bash's brace expansion of -s {1,3,4}), or
 * "" when it did not.  Found before getopt_long() moves the operands
 * behind the options, which would part the amounts.  The front end runs
 * one command per process, so one buffer serves. */
static char split_set[160];

static void find_split_set(int argc, char **argv)
{
    split_set[0] = '\0';
    for (int i = 1; i + 2 < argc; i++) {
        if ((strcmp(argv[i], "-s") != 0 && strcmp(argv[i], "--set") != 0) ||
            !whole_number(argv[i + 1]) || !whole_number(argv[i + 2]))
            continue;
        size_t used = (size_t)snprintf(split_set, sizeof split_set, "{%s",
                                       argv[i + 1]);
        for (int j = i + 2; j < argc && whole_number(argv[j]) &&
                            used + strlen(argv[j]) + 3 < sizeof split_set;
             j++)
            used += (size_t)snprintf(split_set + used,
                                     sizeof split_set - used, ",%s", argv[j]);
        snprintf(split_set + used, sizeof split_set - used, "}");
        return;
    }
}

/* The set that "--set=1 --set=3 --set=4" (bash's expansion of
 * --set={1,3,4}) or "-s1 -s3 -s4" meant, into OUT. */
static void joined_set(int argc, char **argv, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 1; i < argc && used + 4 < size; i++) {
        const char *v = strncmp(argv[i], "--set=", 6) == 0 ? argv[i] + 6
                        : strncmp(argv[i], "-s", 2) == 0 ? argv[i] + 2
                                                           : NULL;
        if (v && whole_number(v))
            used += (size_t)snprintf(out + used, size - used, "%s%s",
                                     used ? "," : "{", v);
    }
    if (used)
        snprintf(out + used, size - used, "}");
}

void cli_warn_split_set(const char *command)
{
    /* Where the set ends and the positions begin cannot be told, so the
     * warning shows the set's first two amounts only. */
    if (!split_set[0])
        return;
    int first = (int)strcspn(split_set + 1, ",");
    const char *second = split_set + 1 + first + 1;
    fprintf(stderr, "sgviz: %s: warning: -s %.*s is the set {%.*s}, and the "
            "numbers after it are positions; if you meant a set such as "
            "{%.*s,%.*s,...}, quote it: -s '{%.*s,%.*s,...}' (the shell "
            "splits a set in braces into words)\n", command, first,
            split_set + 1, first, split_set + 1, first, split_set + 1,
            (int)strcspn(second, ",}"), second, first, split_set + 1,
            (int)strcspn(second, ",}"), second);
}

void cli_options_init(cli_options *o, const char *shorts,
                      const struct option *own)
{
    size_t n = 0;
    for (; own[n].name; n++)
        o->longs[n] = own[n];
    size_t len = strlen(shorts);
    memcpy(o->shorts, shorts, len);
    for (size_t k = 0; k < cli_game_kind_count; k++) {
        const cli_game_kind *g = &cli_game_kinds[k];
        o->longs[n++] = (struct option){g->option, required_argument, NULL,
                                        g->letter};
        o->shorts[len++] = (char)g->letter;
        o->shorts[len++] = ':';
    }
    o->longs[n++] = (struct option){"dot-max", required_argument, NULL,
                                    CLI_DOT_MAX};
    o->longs[n++] = (struct option){"ground", required_argument, NULL,
                                    CLI_GROUND};
    o->longs[n++] = (struct option){"start", required_argument, NULL,
                                    CLI_START};
    o->longs[n++] = (struct option){"lua-steps", required_argument, NULL,
                                    CLI_LUA_STEPS};
    o->longs[n++] = (struct option){"lua-memory", required_argument, NULL,
                                    CLI_LUA_MEMORY};
    o->longs[n++] = (struct option){"explore-max", required_argument,
                                    NULL, CLI_MAX_POSITIONS};
    o->longs[n] = (struct option){NULL, 0, NULL, 0};
    /* -f and -T are one option, --format, in every command that has one:
     * the letter the command does not list is added, and read as the one
     * it lists (see cli_next_option). */
    o->format = 0;
    for (size_t i = 0; own[i].name; i++)
        if (strcmp(own[i].name, "format") == 0)
            o->format = own[i].val;
    if (o->format == 'f' || o->format == 'T') {
        char other = o->format == 'f' ? 'T' : 'f';
        if (!memchr(o->shorts, other, len)) {
            o->shorts[len++] = other;
            o->shorts[len++] = ':';
        }
    }
    o->shorts[len] = '\0';
    o->nseen = 0;
    o->scanned = false;
}

/* When C (a getopt_long() result) is a game kind's option, records ARG in
 * ARGS and returns true. */
static bool cli_game_option(cli_game_args *args, int c, const char *arg)
{
    if (c == CLI_DOT_MAX) {
        args->dot_max = arg;
        return true;
    }
    if (c == CLI_GROUND) {
        args->ground = arg;
        return true;
    }
    const char **rules_option = c == CLI_START           ? &args->start
                                : c == CLI_LUA_STEPS     ? &args->lua_steps
                                : c == CLI_LUA_MEMORY    ? &args->lua_memory
                                : c == CLI_MAX_POSITIONS ? &args->max_positions
                                                         : NULL;
    if (rules_option) {
        *rules_option = arg;
        return true;
    }
    for (size_t k = 0; k < cli_game_kind_count; k++) {
        if (cli_game_kinds[k].letter == c) {
            args->game[k] = arg;
            return true;
        }
    }
    return false;
}

/* Whether the value of option C is a game's spec that full-width input
 * folds into: a kind whose value is not a file's name. */
static bool cli_folds(int c)
{
    if (c == 'n')
        return true;
    for (size_t k = 0; k < cli_game_kind_count; k++)
        if (cli_game_kinds[k].letter == c)
            return !cli_game_kinds[k].reads_file;
    return false;
}

/* How option C of O is written in messages: "-s", "--set", or, for an
 * option with both, as typed. */
static const struct option *long_of(const cli_options *o, int c)
{
    for (size_t i = 0; o->longs[i].name; i++)
        if (o->longs[i].val == c)
            return &o->longs[i];
    return NULL;
}

/* Records that TYPED (the text of an argument, "--frob=3" or "-x") is not
 * an option of COMMAND, with the nearest of O's long options. */
static int unknown_option(sg_ctx *ctx, const cli_options *o,
                          const char *command, const char *typed)
{
    char word[64];
    const char *name = typed + strspn(typed, "-");
    snprintf(word, sizeof word, "%.*s", (int)strcspn(name, "="), name);
    const char *names[CLI_MAX_OPTIONS];
    size_t n = 0;
    for (; o->longs[n].name; n++)
        names[n] = o->longs[n].name;
    int near = strncmp(typed, "--", 2) == 0 || strlen(word) > 1
                   ? sg_nearest_word(word, names, n)
                   : -1;
    char shown[72];
    snprintf(shown, sizeof shown, "%.*s",
             (int)(strcspn(typed, "=") < 60 ? strcspn(typed, "=") : 60), typed);
    if (near >= 0)
        sg_ctx_fail(ctx, SG_EINPUT, "%s: unknown option %s; did you mean "
                    "--%s? (see sgviz %s --help)", command, shown,
                    names[near], command);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "%s: unknown option %s (see sgviz %s "
                    "--help)", command, shown, command);
    return CLI_FAILED;
}

/* Whether TEXT ("-o", "--max", "--max=3") names one of O's options. */
static bool is_option(const cli_options *o, const char *text)
{
    if (text[1] != '-')
        return text[2] == '\0' && text[1] != ':' &&
               strchr(o->shorts, text[1]) != NULL;
    size_t len = strcspn(text + 2, "=");
    for (size_t i = 0; o->longs[i].name; i++)
        if (strlen(o->longs[i].name) == len &&
            strncmp(o->longs[i].name, text + 2, len) == 0)
            return true;
    return false;
}

int cli_next_option(sg_ctx *ctx, cli_options *o, cli_game_args *args,
                    int argc, char **argv)
{
    const char *command = argv[0];
    if (!o->scanned) {
        find_split_set(argc, argv);
        o->scanned = true;
    }
    for (;;) {
        int index = -1;
        int c = getopt_long(argc, argv, o->shorts, o->longs, &index);
        if (c == -1)
            return -1;
        /* The argument just read: its text ends at argv[optind - 1], or
         * at argv[optind - 2] when its value was the next argument. */
        const char *typed = optind >= 2 && optarg == argv[optind - 1] &&
                                    optind - 2 >= 1
                                ? argv[optind - 2]
                                : argv[optind - 1];
        if (c == '?') {
            /* "-3" may be a negative position; the command says so. */
            if (optopt >= '0' && optopt <= '9')
                return c;
            if (optopt && strncmp(typed, "--", 2) != 0) {
                char dash[3] = {'-', (char)optopt, '\0'};
                return unknown_option(ctx, o, command, dash);
            }
            return unknown_option(ctx, o, command, argv[optind - 1]);
        }
        /* The letter as typed, for messages. */
        int letter = c;
        if ((c == 'f' || c == 'T') && o->format && c != o->format)
            c = o->format;
        if (c == ':') {
            const struct option *lo = optopt ? long_of(o, optopt) : NULL;
            char name[64];
            if (strncmp(argv[optind - 1], "--", 2) == 0)
                snprintf(name, sizeof name, "%s", argv[optind - 1]);
            else if (lo && lo->val < 256)
                snprintf(name, sizeof name, "-%c", optopt);
            else
                snprintf(name, sizeof name, "%s", argv[optind - 1]);
            sg_ctx_fail(ctx, SG_EINPUT, "%s: option %s needs a value (see "
                        "sgviz %s --help)", command, name, command);
            return CLI_FAILED;
        }
        /* An option's value that is itself an option ("-o -n 5") means
         * the value was left out. */
        if (optarg && optarg[0] == '-' && optarg[1] &&
            is_option(o, optarg)) {
            sg_ctx_fail(ctx, SG_EINPUT, "%s: option %s needs a value, and "
                        "%s is an option (see sgviz %s --help)", command,
                        typed, optarg, command);
            return CLI_FAILED;
        }
        char spelt[40];
        if (index >= 0) {
            /* getopt_long() takes any unambiguous beginning of a long
             * option for the option. */
            const char *name = o->longs[index].name;
            size_t len = strcspn(typed + 2, "=");
            if (strncmp(typed, "--", 2) != 0 || len != strlen(name) ||
                strncmp(typed + 2, name, len) != 0)
                return unknown_option(ctx, o, command, typed);
            snprintf(spelt, sizeof spelt, "--%s", name);
        } else {
            snprintf(spelt, sizeof spelt, "-%c", letter);
        }
        for (size_t i = 0; i < o->nseen; i++) {
            const cli_seen_option *s = &o->seen[i];
            if (s->c != c)
                continue;
            char joined[160];
            if (c == 's' && s->arg && optarg && whole_number(s->arg) &&
                whole_number(optarg) &&
                (joined_set(argc, argv, joined, sizeof joined), *joined)) {
                sg_ctx_fail(ctx, SG_EINPUT, "%s: %s %s and %s %s: the shell "
                            "split the set %s into words; quote it: "
                            "--set='%s'", command, s->spelt, s->arg, spelt,
                            optarg, joined, joined);
                return CLI_FAILED;
            }
            if (s->arg && optarg)
                sg_ctx_fail(ctx, SG_EINPUT, "%s: %s \"%.60s\" and %s "
                            "\"%.60s\": an option given twice; give it once",
                            command, s->spelt, s->arg, spelt, optarg);
            else if (strcmp(s->spelt, spelt) == 0)
                sg_ctx_fail(ctx, SG_EINPUT, "%s: %s given twice; give it "
                            "once", command, spelt);
            else
                sg_ctx_fail(ctx, SG_EINPUT, "%s: %s and %s: an option given "
                            "twice; give it once", command, s->spelt, spelt);
            return CLI_FAILED;
        }
        if (o->nseen < CLI_MAX_OPTIONS) {
            cli_seen_option *s = &o->seen[o->nseen++];
            s->c = c;
            snprintf(s->spelt, sizeof s->spelt, "%s", spelt);
            s->arg = optarg;
        }
        /* A game's spec, -n, --from, --to and --position may come from a
         * Chinese keyboard: full-width digits, commas and plus signs read
         * as their ASCII selves.  File names never change. */
        if (optarg && (cli_folds(c) ||
                       (index >= 0 && (strcmp(o->longs[index].name, "max") == 0 ||
                                       strcmp(o->longs[index].name, "from") == 0 ||
                                       strcmp(o->longs[index].name, "to") == 0 ||
                                       strcmp(o->longs[index].name, "position") == 0))))
            cli_fold_fullwidth(optarg);
        if (!cli_game_option(args, c, optarg))
            return c;
    }
}

const char *cli_game_file(const cli_game_args *args)
{
    for (size_t k = 0; k < cli_game_kind_count; k++)
        if (args->game[k] && cli_game_kinds[k].reads_file)
            return args->game[k];
    return NULL;
}

void cli_print_usage(FILE *out, const char *usage)
{
    for (const char *p = usage; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        const char *mark = memchr(p, '@', len);
        int column;
        if (mark && strncmp(mark, "@GAME@", 6) == 0) {
            fwrite(p, 1, (size_t)(mark - p), out);
            fputc('(', out);
            for (size_t k = 0; k < cli_game_kind_count; k++)
                fprintf(out, "%s-%c %s", k ? " | " : "",
                        cli_game_kinds[k].letter,
                        cli_game_kinds[k].usage_metavar);
            fputc(')', out);
            fwrite(mark + 6, 1, len - (size_t)(mark - p) - 6, out);
        } else if (mark && sscanf(mark, "@GAMES:%d@", &column) == 1) {
            for (size_t k = 0; k < cli_game_kind_count; k++) {
                const cli_game_kind *g = &cli_game_kinds[k];
                int used = fprintf(out, "  -%c, --%s %s", g->letter,
                                   g->option, g->metavar);
                fprintf(out, "%*s%s\n", used < column ? column - used : 1, "",
                        g->help);
            }
            int used = fprintf(out, "      --dot-max SIZE");
            fprintf(out, "%*sthe most bytes of a DOT game: 512M, 2G, ... "
                    "(default 256M)\n", used < column ? column - used : 1,
                    "");
            used = fprintf(out, "      --ground NAME");
            fprintf(out, "%*sthe ground node of a Hackenbush picture "
                    "(default ground)\n", used < column ? column - used : 1,
                    "");
            static const char *const rules_help[][2] = {
                {"--start \"P Q\"", "where a rules file's game is explored "
                                   "from: 9,9 3,5 (default its start)"},
                {"--lua-steps N", "the most Lua steps one call of a rules "
                                  "file runs (default 1e8)"},
                {"--lua-memory SIZE", "the most memory a rules file holds: "
                                      "64M, 1G (default 256M)"},
                {"--explore-max N", "the most positions a rules file's "
                                      "game explores (default 16777216)"}};
            for (size_t i = 0; i < 4; i++) {
                used = fprintf(out, "      %s", rules_help[i][0]);
                fprintf(out, "%*s%s\n", used < column ? column - used : 1,
                        "", rules_help[i][1]);
            }
        } else {
            fwrite(p, 1, len, out);
        }
        p += len;
    }
}

sg_status cli_parse_size(sg_ctx *ctx, const char *opt, const char *size,
                         uint64_t *out)
{
    const char *units = "KMGT";
    size_t len = strlen(size);
    char digits[32];
    unsigned shift = 0;
    int last = len ? size[len - 1] & ~0x20 : 0;
    const char *unit = last ? strchr(units, last) : NULL;
    if (unit) {
        shift = 10 * (unsigned)(unit - units + 1);
        len--;
    }
    uint64_t n;
    if (len == 0 || len >= sizeof digits)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.40s\": not a size such "
                           "as 512M or 2G", opt, size);
    memcpy(digits, size, len);
    digits[len] = '\0';
    if (cli_parse_number(ctx, opt, digits, UINT64_MAX >> shift, &n) !=
            SG_OK ||
        (n << shift) < 1024 || (n << shift) > ((uint64_t)1 << 40)) {
        sg_ctx_clear(ctx);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%.40s\": not a size from "
                           "1K to 1T, such as 512M or 2G", opt, size);
    }
    *out = n << shift;
    return SG_OK;
}

/* Reads SIZE of --dot-max: a whole number of bytes, or of KiB, MiB, GiB or
 * TiB with K, M, G or T after it. */
static sg_status dot_max_option(sg_ctx *ctx, const char *size)
{
    const char *units = "KMGT";
    size_t len = strlen(size);
    char digits[32];
    unsigned shift = 0;
    int last = len ? size[len - 1] & ~0x20 : 0;
    const char *unit = last ? strchr(units, last) : NULL;
    if (unit) {
        shift = 10 * (unsigned)(unit - units + 1);
        len--;
    }
    if (len == 0 || len >= sizeof digits)
        return sg_ctx_fail(ctx, SG_EINPUT, "--dot-max \"%.40s\": not a size "
                           "such as 512M or 2G", size);
    memcpy(digits, size, len);
    digits[len] = '\0';
    uint64_t n;
    if (cli_parse_number(ctx, "--dot-max", digits, UINT64_MAX >> shift, &n))
        return sg_ctx_fail(ctx, SG_EINPUT, "--dot-max \"%.40s\": not a size "
                           "such as 512M or 2G", size);
    /* 0 would restore the default in the library; here it is a slip. */
    if (n == 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "--dot-max \"%.40s\": a bound on "
                           "DOT must be from 1 KiB to 1 TiB", size);
    if (sg_ctx_set_dot_max(ctx, n << shift) != SG_OK) {
        cli_prefix_error(ctx, "--dot-max");
        return SG_EINPUT;
    }
    return SG_OK;
}

sg_game *cli_load_game(sg_ctx *ctx, cli_game_args *args)
{
    if (args->dot_max && dot_max_option(ctx, args->dot_max) != SG_OK)
        return NULL;
    size_t given = cli_game_kind_count;
    for (size_t k = 0; k < cli_game_kind_count; k++) {
        if (!args->game[k])
            continue;
        if (given < cli_game_kind_count) {
            const cli_game_kind *a = &cli_game_kinds[given];
            const cli_game_kind *b = &cli_game_kinds[k];
            sg_ctx_fail(ctx, SG_EINPUT, "give either -%c/--%s or -%c/--%s, "
                        "not both", a->letter, a->option, b->letter,
                        b->option);
            return NULL;
        }
        given = k;
    }
    if (args->ground &&
        (given == cli_game_kind_count || !cli_game_kinds[given].open_args)) {
        sg_ctx_fail(ctx, SG_EINPUT, "--ground %.60s names the ground of a "
                    "Hackenbush picture; give the picture with -H FILE.dot",
                    args->ground);
        return NULL;
    }
    const char *rules_only = args->start           ? "--start"
                             : args->lua_steps     ? "--lua-steps"
                             : args->lua_memory    ? "--lua-memory"
                             : args->max_positions ? "--explore-max"
                                                   : NULL;
    if (rules_only &&
        (given == cli_game_kind_count || !cli_game_kinds[given].explores)) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s goes with a rules file; give the "
                    "file with -r FILE.lua", rules_only);
        return NULL;
    }
    if (given < cli_game_kind_count && cli_game_kinds[given].explores) {
        sg_game *game = cli_game_kinds[given].open_args(ctx, args, given);
        args->max = NULL;
        return game;
    }
    if (given < cli_game_kind_count && cli_game_kinds[given].open_args)
        return cli_game_kinds[given].open_args(ctx, args, given);
    if (given < cli_game_kind_count)
        return cli_game_kinds[given].open(ctx, args->game[given]);
    char hints[512];
    size_t used = 0;
    for (size_t k = 0; k < cli_game_kind_count && used < sizeof hints; k++)
        used += (size_t)snprintf(hints + used, sizeof hints - used, "%s%s",
                                 k == 0 ? ""
                                 : k + 1 == cli_game_kind_count ? " or "
                                                                : ", ",
                                 cli_game_kinds[k].hint);
    sg_ctx_fail(ctx, SG_EINPUT, "no game: give %s", hints);
    return NULL;
}

bool cli_game_explores(const cli_game_args *args)
{
    for (size_t k = 0; k < cli_game_kind_count; k++)
        if (args->game[k] && cli_game_kinds[k].explores)
            return true;
    return false;
}

void cli_operand_positions(cli_game_args *args, int argc, char **argv,
                           int first, char ***positions, int *n)
{
    *positions = argv + first;
    *n = argc - first;
    for (size_t k = 0; k < cli_game_kind_count; k++) {
        if (args->game[k] && cli_game_kinds[k].explores) {
            /* The positions named are where the game is explored from. */
            args->operands = argv + first;
            args->noperands = (size_t)(argc - first);
            return;
        }
        if (!args->game[k] || !cli_game_kinds[k].operand_files)
            continue;
        args->operands = argv + first;
        args->noperands = (size_t)(argc - first);
        /* The slot before the operands held the last option read, which
         * getopt_long() has finished with: the kind's own file goes there,
         * so that every file is a position, without a copy to free. */
        argv[first - 1] = (char *)args->game[k];
        *positions = argv + first - 1;
        *n = argc - first + 1;
        break;
    }
}

/* Resolves a --from or --to value: a heap size, or a node name. */
static sg_status window_end(sg_ctx *ctx, const sg_game *game, const char *opt,
                            const char *arg, uint64_t *x)
{
    if (!sg_game_is_finite(game))
        return cli_parse_number(ctx, opt, arg, POSITION_MAX, x);
    return sg_game_find_position(ctx, game, arg, opt, x);
}

sg_status cli_window(sg_ctx *ctx, const sg_game *game,
                     const cli_game_args *args, uint64_t default_n,
                     uint64_t *from, uint64_t *to)
{
    uint64_t n = default_n;
    bool finite = sg_game_is_finite(game);
    if (finite)
        n = sg_game_position_count(game) - 1;
    if (args->max) {
        if (cli_parse_number(ctx, "-n", args->max, POSITION_MAX, &n) != SG_OK)
            return sg_ctx_status(ctx);
        if (finite && n >= sg_game_position_count(game))
            return sg_ctx_fail(ctx, SG_EINPUT, "-n %s: %s has positions 0..%llu "
                               "only", args->max, sg_game_spec(game),
                               (unsigned long long)
                                   (sg_game_position_count(game) - 1));
    }
    *from = 0;
    *to = n;
    if (args->from && window_end(ctx, game, "--from", args->from, from))
        return sg_ctx_status(ctx);
    if (args->to && window_end(ctx, game, "--to", args->to, to))
        return sg_ctx_status(ctx);
    if (*from > *to) {
        if (finite)
            return sg_ctx_fail(ctx, SG_EINPUT, "--from %s comes after --to %s "
                               "in the order of computation", args->from,
                               args->to ? args->to : "(the last position)");
        return sg_ctx_fail(ctx, SG_EINPUT, "--from %llu is after --to %llu",
                           (unsigned long long)*from, (unsigned long long)*to);
    }
    /* Whether the window can be computed here (its moves, and the memory
     * for what is kept of it) is for the library to say: a table streams
     * where a drawing keeps every value. */
    return SG_OK;
}

/* Appends WORD to OUT as one word of a shell command: as it is when no
 * shell treats any of its characters specially, else in single quotes.
 * OUT has room for 4 * strlen(WORD) + 3 more bytes. */
static void shell_word(char *out, const char *word)
{
    out += strlen(out);
    bool plain = *word != '\0';
    for (const char *p = word; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789_./,:=+-", *p))
            plain = false;
    if (plain) {
        strcpy(out, word);
        return;
    }
    *out++ = '\'';
    for (const char *p = word; *p; p++) {
        if (*p == '\'') {
            memcpy(out, "'\\''", 4);
            out += 4;
        } else {
            *out++ = *p;
        }
    }
    *out++ = '\'';
    *out = '\0';
}

char *cli_game_command(const cli_game_args *args, const char *command)
{
    /* The options that make the same game again: a rules file's game
     * needs its starts and limits (a game explored from --start 40,40
     * under --explore-max 100000 is not the one its file's start makes),
     * and a picture its ground. */
    const struct {
        const char *name, *value;
    } extra[] = {
        {"--start", args->start},
        {"--lua-steps", args->lua_steps},
        {"--lua-memory", args->lua_memory},
        {"--explore-max", args->max_positions},
        {"--ground", args->ground},
        {"--dot-max", args->dot_max},
    };
    size_t n = 16 + strlen(command);
    for (size_t i = 0; i < cli_game_kind_count; i++)
        if (args->game[i])
            n += 4 * strlen(args->game[i]) + 8;
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (extra[i].value)
            n += strlen(extra[i].name) + 4 * strlen(extra[i].value) + 5;
    char *cmd = malloc(n);
    if (!cmd)
        return NULL;
    snprintf(cmd, n, "sgviz %s", command);
    for (size_t i = 0; i < cli_game_kind_count; i++) {
        if (!args->game[i])
            continue;
        snprintf(cmd + strlen(cmd), 8, " -%c ", cli_game_kinds[i].letter);
        shell_word(cmd, args->game[i]);
    }
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        if (!extra[i].value)
            continue;
        size_t len = strlen(cmd);
        snprintf(cmd + len, n - len, " %s ", extra[i].name);
        shell_word(cmd, extra[i].value);
    }
    return cmd;
}

sg_status cli_position_parts(sg_ctx *ctx, const char *command,
                             const sg_game *game, const cli_game_args *args,
                             uint64_t **parts, size_t *n)
{
    const char *other = args->max    ? "-n"
                        : args->from ? "--from"
                        : args->to   ? "--to"
                                     : NULL;
    if (other)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s does not go with "
                           "--position, which names the position itself",
                           command, other);
    return sg_position_parse(ctx, game, args->position, "--position", parts,
                             n);
}

sg_game *cli_sum_game(sg_ctx *ctx, const char *command, const sg_game *game,
                      const cli_game_args *args)
{
    uint64_t *parts = NULL;
    size_t n = 0;
    if (cli_position_parts(ctx, command, game, args, &parts, &n) != SG_OK)
        return NULL;
    sg_game *sum = sg_sum_game_new(ctx, game, parts, n);
    free(parts);
    if (!sum) {
        /* The message starts with the position: "--position 30+30: ...". */
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", sg_ctx_message(ctx));
        sg_ctx_fail(ctx, sg_ctx_status(ctx), "--position %s", copy);
    }
    return sum;
}

/* Whether WORD is a cluster of short options ("-xvf") holding C. */
static bool cluster_has(const char *word, int c)
{
    return word && word[0] == '-' && word[1] != '-' && c > 0 &&
           strchr(word + 1, c);
}

int cli_bad_option(sg_ctx *ctx, const char *command, int c, char **argv)
{
    if (c == CLI_FAILED)
        return EXIT_BAD;
    /* An unknown short option in the middle of its word leaves optind at
     * that word, and at the last letter moves it past: the word is found
     * by the letter, so that "-1,2" is not blamed on the word before. */
    const char *word = argv[optind - 1];
    if (!cluster_has(word, optopt) && cluster_has(argv[optind], optopt))
        word = argv[optind];
    if (word[0] == '-' && word[1] >= '0' && word[1] <= '9')
        sg_ctx_fail(ctx, SG_EINPUT, "%s: unknown option %s: a position of "
                    "negative numbers goes after -- (sgviz %s ... -- %s)",
                    command, word, command, word);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "%s: unknown option %s (see sgviz %s "
                    "--help)", command, word, command);
    return EXIT_BAD;
}

int cli_extra_operand(sg_ctx *ctx, const char *command, const char *arg)
{
    if (split_set[0])
        sg_ctx_fail(ctx, SG_EINPUT, "%s: unexpected argument \"%s\": the "
                    "shell split the set %s into words; quote it: -s '%s'",
                    command, arg, split_set, split_set);
    else
        sg_ctx_fail(ctx, SG_EINPUT, "%s: unexpected argument \"%s\" (see "
                    "sgviz %s --help)", command, arg, command);
    return EXIT_BAD;
}

sg_status cli_check_not_input(sg_ctx *ctx, const char *output,
                              const char *input)
{
    if (!output || !input || strcmp(output, "-") == 0)
        return SG_OK;
    /* "-" reads standard input, which may be a file redirected with "<":
     * /dev/stdin names whatever is behind it. */
    if (strcmp(input, "-") == 0) {
        if (cli_same_file(output, "/dev/stdin"))
            return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: that file is standard "
                               "input; refusing to write over it", output);
        return SG_OK;
    }
    if (cli_same_file(output, input))
        return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: that is an input file; "
                           "refusing to write over it", output);
    return SG_OK;
}

unsigned cli_terminal_width(void)
{
    const char *cols = getenv("COLUMNS");
    if (cols && *cols) {
        char *end;
        long v = strtol(cols, &end, 10);
        if (!*end && v >= 20 && v <= 10000)
            return (unsigned)v;
    }
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col >= 20)
        return ws.ws_col;
    return 80;
}

sg_status cli_positions(sg_ctx *ctx, const sg_game *game, char **args,
                        int n, uint64_t **positions, size_t *count,
                        size_t **starts, sg_lookup **lookup)
{
    *positions = NULL;
    *count = 0;
    *lookup = NULL;
    if (starts)
        *starts = NULL;
    if (n > SG_SUM_MAX_PARTS)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%d positions; sgviz takes at most "
                           "%d at once", n, SG_SUM_MAX_PARTS);
    size_t cap = (size_t)(n ? n : 1), k = 0;
    uint64_t *x = malloc(cap * sizeof *x);
    size_t *first = malloc(((size_t)n + 1) * sizeof *first);
    if (!x || !first) {
        free(x);
        free(first);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    size_t largest = 0;
    for (int i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "%s %d", sg_game_position_noun(game),
                 i + 1);
        first[i] = k;
        cli_fold_fullwidth(args[i]);
        /* "3+4+5" is a sum of its parts, as everywhere else; a node whose
         * own name holds a '+' is still that node. */
        uint64_t one;
        uint64_t *parts = &one;
        size_t nparts = 1;
        sg_status st;
        if (sg_game_sums_by_theorem(game)) {
            /* A kind that writes a sum as one word (a row of coins) makes
             * several parts of one argument. */
            st = sg_sum_parse_parts(ctx, game, args[i], where, &parts,
                                    &nparts);
            if (st != SG_OK)
                parts = &one;
        } else {
            st = sg_sum_parse_position(ctx, game, args[i], strlen(args[i]),
                                       where, &one);
            if (st != SG_OK && strchr(args[i], '+')) {
                sg_ctx_clear(ctx);
                snprintf(where, sizeof where, "position %d", i + 1);
                st = sg_position_parse(ctx, game, args[i], where, &parts,
                                       &nparts);
            }
        }
        if (st == SG_OK && k + nparts > SG_SUM_MAX_PARTS)
            st = sg_ctx_fail(ctx, SG_ELIMIT, "more than %d positions; sgviz "
                             "takes at most %d at once", SG_SUM_MAX_PARTS,
                             SG_SUM_MAX_PARTS);
        if (st == SG_OK && k + nparts > cap) {
            size_t grown = 2 * (k + nparts);
            uint64_t *more = realloc(x, grown * sizeof *x);
            if (!more)
                st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            else {
                x = more;
                cap = grown;
            }
        }
        for (size_t j = 0; st == SG_OK && j < nparts; j++) {
            x[k] = parts[j];
            if (x[k] > x[largest])
                largest = k;
            k++;
        }
        if (parts != &one)
            free(parts);
        if (st != SG_OK) {
            free(x);
            free(first);
            return sg_ctx_status(ctx);
        }
    }
    first[n] = k;
    *lookup = sg_lookup_new(ctx, game, k ? x[largest] : 0);
    if (!*lookup) {
        /* Name the heap that asked for too much. */
        if (!sg_game_is_finite(game)) {
            char prefix[64];
            snprintf(prefix, sizeof prefix, "heap %llu",
                     (unsigned long long)x[largest]);
            cli_prefix_error(ctx, prefix);
        }
        free(x);
        free(first);
        return sg_ctx_status(ctx);
    }
    *positions = x;
    *count = k;
    if (starts)
        *starts = first;
    else
        free(first);
    return SG_OK;
}

int cli_commit(sg_ctx *ctx, cli_output **out)
{
    cli_output *o = *out;
    /* The output is gone whatever the commit says: a later
     * cli_output_abort(*out) must find nothing to do. */
    *out = NULL;
    return cli_output_commit(ctx, o) == SG_OK ? EXIT_OK : EXIT_BAD;
}

sg_theme *cli_load_theme(sg_ctx *ctx, const char *name)
{
    sg_theme *theme = sg_theme_load(ctx, name);
    if (!theme && strstr(sg_ctx_message(ctx), "unknown theme"))
        cli_prefix_error(ctx, "--theme");
    return theme;
}

/* The extensions of files that sgviz writes somewhere, and what each holds,
 * for the message that refuses one a command does not write. */
static const struct {
    const char *ext, *what;
} known_exts[] = {
    {"txt", "text"},         {"csv", "CSV"},        {"json", "JSON"},
    {"md", "Markdown"},      {"tex", "LaTeX"},      {"c", "C"},
    {"h", "C"},              {"svg", "an SVG picture"},
    {"png", "a PNG picture"}, {"pdf", "a PDF"},     {"dot", "DOT"},
    {"gv", "DOT"},           {"html", "an HTML page"},
    {"htm", "an HTML page"}, {"gif", "a GIF animation"},
};

/* The extension of PATH's last name, lower case, into EXT (of SIZE bytes),
 * or "" when it has none or one too long to be an extension. */
static void path_extension(const char *path, char *ext, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    ext[0] = '\0';
    if (!dot || dot[1] == '\0' || strlen(dot + 1) >= size)
        return;
    size_t i = 0;
    for (const char *p = dot + 1; *p; p++)
        ext[i++] = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
    ext[i] = '\0';
}

sg_status cli_output_format(sg_ctx *ctx, const char *command,
                            const char *format, const char *output,
                            const cli_ext_format *exts, const char *fallback,
                            const char **chosen)
{
    *chosen = format ? format : fallback;
    if (format || !output || strcmp(output, "-") == 0)
        return SG_OK;
    char ext[8];
    path_extension(output, ext, sizeof ext);
    if (!*ext)
        return SG_OK;
    for (size_t i = 0; exts[i].ext; i++) {
        if (strcmp(exts[i].ext, ext) == 0) {
            *chosen = exts[i].format;
            return SG_OK;
        }
    }
    for (size_t k = 0; k < sizeof known_exts / sizeof known_exts[0]; k++) {
        if (strcmp(known_exts[k].ext, ext) != 0)
            continue;
        /* What the command writes, each format once with its first
         * extension: "text (.txt), csv (.csv) or json (.json)". */
        char list[256] = "";
        size_t used = 0, formats = 0;
        for (size_t i = 0; exts[i].ext && used < sizeof list; i++) {
            bool again = false;
            for (size_t j = 0; j < i; j++)
                again |= strcmp(exts[j].format, exts[i].format) == 0;
            if (again)
                continue;
            bool last = true;
            for (size_t j = i + 1; exts[j].ext; j++) {
                bool seen = false;
                for (size_t m = 0; m < j; m++)
                    seen |= strcmp(exts[m].format, exts[j].format) == 0;
                last &= seen;
            }
            used += (size_t)snprintf(list + used, sizeof list - used,
                                     "%s%s (.%s)",
                                     formats == 0 ? "" : last ? " or " : ", ",
                                     exts[i].format, exts[i].ext);
            formats++;
        }
        if (formats == 1)
            return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: a .%s file holds %s, "
                               "which %s does not write; it writes %s only",
                               output, ext, known_exts[k].what, command,
                               list);
        return sg_ctx_fail(ctx, SG_EINPUT, "-o %s: a .%s file holds %s, "
                           "which %s does not write; it writes %s (or give "
                           "the format with -f)", output, ext,
                           known_exts[k].what, command, list);
    }
    /* An extension sgviz has no use for (".out", ".log") keeps the
     * command's usual format. */
    return SG_OK;
}

sg_status cli_slide_option(sg_ctx *ctx, int argc, char **argv,
                           sg_slide *slide)
{
    const char *shape = optarg;
    if (!shape && optind < argc && argv[optind][0] >= '0' &&
        argv[optind][0] <= '9')
        shape = argv[optind++];
    if (sg_slide_parse(ctx, shape, slide) != SG_OK) {
        cli_prefix_error(ctx, "--slide");
        return SG_EINPUT;
    }
    return SG_OK;
}
