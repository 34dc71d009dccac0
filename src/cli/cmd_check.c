/*
 * cmd_check.c - `sgviz check`: checks homework tables of sg values or P/N
 * letters, for one student (a report of every wrong entry and why) or for a
 * whole class (a gradebook row per file).
 */
#include "cli.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The most files one run checks: a class, or a few, with room to spare. */
#define MAX_FILES 10000

static const char usage[] =
    "Usage: sgviz check @GAME@ [-n N] [options] FILE...|DIR\n"
    "\n"
    "Checks a table of sg values (or P/N letters) that a student wrote: each\n"
    "wrong entry with the right value and the mex step that gives it, and\n"
    "whether it follows correctly from the student's own values, so that one\n"
    "slip reads as one error.  Several files, or a directory, give one row\n"
    "per file for a gradebook.\n"
    "\n"
    "Tables may be written as two rows (x 0 1 2 ... over sg 0 1 0 ...), one\n"
    "\"x value\" pair a line (4 2, 4: 2, sg(4) = 2), CSV with a header, a bare\n"
    "list of values for x = 0, 1, 2, ..., or P/N letters (P N P N N).  Blank\n"
    "lines and # comments are ignored.\n"
    "\n"
    "@GAMES:26@\n"
    "  -n, --max N             the homework asks for x = 0..N (default: the\n"
    "                          largest x in each file)\n"
    "  -i, --input-format FMT  auto (default), rows, pairs, csv, list, pn\n"
    "  -f, --format FMT        text (default), csv, json\n"
    "  -l, --lang LANG         en (default) or zh\n"
    "  -o, --output FILE       write to FILE (default: standard output)\n"
    "  -h, --help              show this help\n"
    "\n"
    "Exit status: 0 every entry correct, 1 some wrong or missing, 2 an\n"
    "unreadable file (a class's other files are still checked) or bad usage.\n"
    "\n"
    "Example: sgviz check -s 1,3,4 answers.txt\n";

/* The files to check: operands, and the regular files of operand
 * directories in the order of their names. */
typedef struct file_list {
    char **paths;
    size_t n;
    size_t cap;
    bool from_directory;
} file_list;

static void file_list_free(file_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->paths[i]);
    free(l->paths);
}

static sg_status file_list_add(sg_ctx *ctx, file_list *l, char *path)
{
    if (l->n >= MAX_FILES) {
        free(path);
        return sg_ctx_fail(ctx, SG_EINPUT, "more than %d files to check; "
                           "check a class at a time", MAX_FILES);
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        char **grown = realloc(l->paths, cap * sizeof *grown);
        if (!grown) {
            free(path);
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        }
        l->paths = grown;
        l->cap = cap;
    }
    l->paths[l->n++] = path;
    return SG_OK;
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *join(const char *dir, const char *name)
{
    size_t d = strlen(dir), n = strlen(name);
    bool slash = d > 0 && dir[d - 1] == '/';
    char *p = malloc(d + n + 2);
    if (p)
        snprintf(p, d + n + 2, "%s%s%s", dir, slash ? "" : "/", name);
    return p;
}

/* Adds the regular files of directory DIR, skipping hidden ones (an
 * editor's swap files, a version control's folders). */
static sg_status add_directory(sg_ctx *ctx, file_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return sg_ctx_fail(ctx, SG_EIO, "%s: cannot open the directory",
                           dir);
    size_t first = l->n;
    struct dirent *e;
    sg_status st = SG_OK;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char *path = join(dir, e->d_name);
        if (!path) {
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            break;
        }
        struct stat sb;
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            free(path);
            continue;
        }
        if ((st = file_list_add(ctx, l, path)) != SG_OK)
            break;
    }
    closedir(d);
    if (st != SG_OK)
        return st;
    if (l->n == first)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: the directory holds no files "
                           "to check", dir);
    qsort(l->paths + first, l->n - first, sizeof *l->paths, compare_paths);
    l->from_directory = true;
    return SG_OK;
}

static sg_status collect_files(sg_ctx *ctx, file_list *l, int argc,
                               char **argv)
{
    for (int i = 0; i < argc; i++) {
        struct stat sb;
        if (strcmp(argv[i], "-") != 0 && stat(argv[i], &sb) == 0 &&
            S_ISDIR(sb.st_mode)) {
            if (add_directory(ctx, l, argv[i]) != SG_OK)
                return sg_ctx_status(ctx);
            continue;
        }
        size_t len = strlen(argv[i]);
        char *copy = malloc(len + 1);
        if (!copy)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        memcpy(copy, argv[i], len + 1);
        if (file_list_add(ctx, l, copy) != SG_OK)
            return sg_ctx_status(ctx);
    }
    return SG_OK;
}

/* One student: the full report. */
static int check_one(sg_ctx *ctx, const sg_game *game, const char *path,
                     sg_sheet_form form, uint64_t last, const char *lang,
                     sg_report_format format, FILE *out)
{
    sg_sheet *sheet = sg_sheet_read(ctx, game, path, form, last);
    if (!sheet)
        return EXIT_BAD;
    sg_check *check = sg_check_new(ctx, game, sheet, last);
    sg_sheet_free(sheet);
    if (!check)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    if (sg_check_write_report(ctx, check, lang, format, out) == SG_OK) {
        sg_check_summary sum;
        sg_check_get_summary(check, &sum);
        rc = sum.correct == sum.total ? EXIT_OK : EXIT_VERDICT;
    }
    sg_check_free(check);
    return rc;
}

/* A class: a gradebook row per file.  A file that cannot be read gets a
 * row that says why, and the others are still checked; the exit status
 * then says so, with one message naming the first such file. */
static int check_class(sg_ctx *ctx, const sg_game *game, const file_list *l,
                       sg_sheet_form form, uint64_t last, const char *lang,
                       sg_report_format format, FILE *out, bool *complete)
{
    *complete = false;
    sg_gradebook *book = sg_gradebook_new(ctx, game, lang, format, out);
    if (!book)
        return EXIT_BAD;
    size_t unreadable = 0, wrong = 0;
    char first[1024] = "";
    int rc = EXIT_BAD;
    for (size_t i = 0; i < l->n; i++) {
        const char *path = l->paths[i];
        sg_check *check = NULL;
        sg_sheet *sheet = sg_sheet_read(ctx, game, path, form, last);
        if (sheet)
            check = sg_check_new(ctx, game, sheet, last);
        sg_sheet_free(sheet);
        sg_status st;
        if (check) {
            sg_check_summary sum;
            sg_check_get_summary(check, &sum);
            if (sum.correct < sum.total)
                wrong++;
            st = sg_gradebook_add(book, path, check, NULL);
            sg_check_free(check);
        } else {
            if (sg_ctx_status(ctx) == SG_ENOMEM)
                goto done;
            if (unreadable++ == 0)
                snprintf(first, sizeof first, "%s", sg_ctx_message(ctx));
            st = sg_gradebook_add(book, path, NULL, sg_ctx_message(ctx));
            sg_ctx_clear(ctx);
        }
        if (st != SG_OK)
            goto done;
    }
    if (sg_gradebook_finish(book) != SG_OK)
        goto done;
    *complete = true;
    if (unreadable) {
        sg_ctx_fail(ctx, SG_EINPUT, "%zu of %zu files could not be checked; "
                    "the first: %s", unreadable, l->n, first);
        rc = EXIT_BAD;
    } else {
        rc = wrong ? EXIT_VERDICT : EXIT_OK;
    }
done:
    sg_gradebook_free(book);
    return rc;
}

int cmd_check(sg_ctx *ctx, int argc, char **argv)
{
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"input-format", required_argument, NULL, 'i'},
        {"format", required_argument, NULL, 'f'},
        {"lang", required_argument, NULL, 'l'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *input_format = "auto", *format_name = "text", *lang = "en";
    const char *output = NULL;
    int c;
    cli_options getopts;
    cli_options_init(&getopts, ":n:i:f:l:o:h", options);
    while ((c = cli_next_option(ctx, &getopts, &ga, argc, argv)) != -1) {
        switch (c) {
        case 'n': ga.max = optarg; break;
        case 'i': input_format = optarg; break;
        case 'f': format_name = optarg; break;
        case 'l': lang = optarg; break;
        case 'o': output = optarg; break;
        case 'h': cli_print_usage(stdout, usage); return EXIT_OK;
        default: return cli_bad_option(ctx, "check", c, argv);
        }
    }
    if (optind >= argc) {
        sg_ctx_fail(ctx, SG_EINPUT, "check: no file to check (give a "
                    "student's table, several, or a directory; see sgviz "
                    "check --help)");
        return EXIT_BAD;
    }
    sg_sheet_form form;
    sg_report_format format;
    if (sg_sheet_form_parse(ctx, "--input-format", input_format, &form) !=
            SG_OK ||
        sg_report_format_parse(ctx, format_name, &format) != SG_OK)
        return EXIT_BAD;
    uint64_t last = UINT64_MAX;
    if (ga.max) {
        if (cli_game_file(&ga)) {
            sg_ctx_fail(ctx, SG_EINPUT, "-n %s: a game read from a DOT file is "
                        "checked at every node; -n goes with -s", ga.max);
            return EXIT_BAD;
        }
        if (cli_parse_number(ctx, "-n", ga.max, SG_SHEET_MAX_POSITIONS - 1,
                             &last) != SG_OK)
            return EXIT_BAD;
    }

    int rc = EXIT_BAD;
    file_list files = {0};
    sg_output *out = NULL;
    sg_game *game = NULL;
    if (collect_files(ctx, &files, argc - optind, argv + optind) != SG_OK)
        goto done;
    if (cli_check_not_input(ctx, output, cli_game_file(&ga)) != SG_OK)
        goto done;
    for (size_t i = 0; i < files.n; i++)
        if (cli_check_not_input(ctx, output, files.paths[i]) != SG_OK)
            goto done;
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    out = sg_output_open(ctx, output);
    if (!out)
        goto done;
    /* A report is kept when it is complete: with a verdict, and for a class
     * also when some files could not be read (their rows say so).  A single
     * unreadable file leaves no report at all. */
    bool complete;
    if (files.n == 1 && !files.from_directory) {
        rc = check_one(ctx, game, files.paths[0], form, last, lang, format,
                       sg_output_stream(out));
        complete = rc != EXIT_BAD;
    } else {
        rc = check_class(ctx, game, &files, form, last, lang, format,
                         sg_output_stream(out), &complete);
    }
    if (complete && cli_commit(ctx, &out) != EXIT_OK)
        rc = EXIT_BAD;
done:
    sg_output_abort(out);
    sg_game_free(game);
    file_list_free(&files);
    return rc;
}
