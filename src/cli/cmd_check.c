/*
 * cmd_check.c - `sgviz check`: checks homework tables of sg values or P/N
 * letters, for one student (a report of every wrong entry and why) or for a
 * whole class (a gradebook row per student, a summary, a report per
 * student, a chart).
 *
 * A class is a folder as a learning platform exports it: the students'
 * files side by side, or one folder per student named after them.  Such a
 * folder is input like any other: links that lead out of it and files that
 * are not regular (a FIFO would block, a device could be anything) are
 * never read, only named in their row.
 */
#define _DEFAULT_SOURCE /* realpath */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The most files one run checks: a class, or a few, with room to spare. */
#define MAX_FILES 10000

/* How deep the files of one student's folder may lie. */
#define MAX_DEPTH 3

static const char usage[] =
    "Usage: sgviz check @GAME@ [-n N] [options] FILE...|DIR\n"
    "\n"
    "Checks a table of sg values (or P/N letters) that a student wrote: each\n"
    "wrong entry with the right value and the mex step that gives it, and\n"
    "whether it follows correctly from the student's own values, so that one\n"
    "slip reads as one error.  Several files, or a directory (one file or one\n"
    "folder per student), give one row per student for a gradebook.\n"
    "\n"
    "Tables may be written as two rows (x 0 1 2 ... with sg 0 1 0 ...), one\n"
    "pair a line (4 2, 4: 2, sg(4) = 2, 0: P-position), CSV with a header,\n"
    "Markdown, LaTeX or HTML tables, JSON, a bare list of values or of P/N\n"
    "letters, mex steps (sg(4) = mex{1,1,0} = 2), a list of P-positions, or\n"
    "\"3+5+7: first player wins, 7 -> 4\"; in UTF-8, UTF-16 or GBK.  Lines\n"
    "with a name or remarks are skipped.\n"
    "\n"
    "@GAMES:26@\n"
    "  -n, --max N             the homework asks for x = 0..N (default: the\n"
    "                          largest x in the file, or in any file of a\n"
    "                          class)\n"
    "  -i, --input-format FMT  auto (default), rows, pairs, csv, list, pn\n"
    "  -f, --format FMT        text (default), csv, json\n"
    "  -l, --lang LANG         en (default) or zh\n"
    "  -o, --output FILE       write to FILE (default: standard output)\n"
    "      --sum SUM           a sum the homework asks about (3+5+7); may\n"
    "                          be given several times\n"
    "  A class:\n"
    "      --points SPEC       a grade column: value=1,method=1,pn=0.5 (also\n"
    "                          steps, list, winner, move, out-of)\n"
    "      --feedback DIR      write each student's report into DIR\n"
    "      --chart FILE        draw the scores and the x most often first\n"
    "                          wrong: FILE.svg, .png or .pdf\n"
    "  -h, --help              show this help\n"
    "\n"
    "Exit status: 0 every entry correct, 1 some wrong or missing, 2 an\n"
    "unreadable file (a class's other files are still checked) or bad usage.\n"
    "\n"
    "Example: sgviz check -s 1,3,4 answers.txt\n"
    "         sgviz check -s 1,3,4 -n 20 --feedback reports class/\n";

/* ------------------------------------------------------------------------ */
/* The files of a class                                                     */
/* ------------------------------------------------------------------------ */

/* One student's submission: a file, or the files of their folder. */
typedef struct submission {
    char **files;
    size_t nfiles;
    char *folder;        /* the student's folder, or NULL */
    const char *root;    /* the class folder it lies in, or NULL */
    sg_student who;
    /* What the first reading found. */
    size_t chosen;       /* the file read */
    bool readable;
    sg_sheet *sheet;     /* the sheet itself, kept when the class is small
                            enough to hold (else it is read again) */
    char *error;         /* why the chosen file cannot be read */
    char *others;        /* the other files of the folder, for feedback */
} submission;

typedef struct class_list {
    submission *subs;
    size_t n, cap;
    size_t files;        /* files in all */
    char **roots;        /* the class folders given, resolved */
    size_t nroots;
    bool from_directory;
} class_list;

static void submission_free(submission *s)
{
    sg_sheet_free(s->sheet);
    for (size_t i = 0; i < s->nfiles; i++)
        free(s->files[i]);
    free(s->files);
    free(s->folder);
    free(s->error);
    free(s->others);
    sg_student_clear(&s->who);
}

static void class_free(class_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        submission_free(&l->subs[i]);
    free(l->subs);
    for (size_t i = 0; i < l->nroots; i++)
        free(l->roots[i]);
    free(l->roots);
}

static submission *new_submission(sg_ctx *ctx, class_list *l)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        submission *grown = realloc(l->subs, cap * sizeof *grown);
        if (!grown) {
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            return NULL;
        }
        l->subs = grown;
        l->cap = cap;
    }
    submission *s = &l->subs[l->n++];
    memset(s, 0, sizeof *s);
    return s;
}

static sg_status add_file(sg_ctx *ctx, class_list *l, submission *s,
                          char *path)
{
    if (l->files >= MAX_FILES) {
        free(path);
        return sg_ctx_fail(ctx, SG_EINPUT, "more than %d files to check; "
                           "check a class at a time", MAX_FILES);
    }
    char **grown = realloc(s->files, (s->nfiles + 1) * sizeof *grown);
    if (!grown) {
        free(path);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    s->files = grown;
    s->files[s->nfiles++] = path;
    l->files++;
    return SG_OK;
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

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in DIR, sorted, without hidden ones (an editor's swap files,
 * a version control's folders, "._x" of macOS) and "__MACOSX", the folder
 * a Mac's zip adds.  Returns a new array (NULL-terminated), or NULL. */
static char **list_dir(sg_ctx *ctx, const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    if (!d) {
        sg_ctx_fail(ctx, SG_EIO, "%s: cannot open the directory: %s", dir,
                    strerror(errno));
        return NULL;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "__MACOSX") == 0)
            continue;
        if (count + 1 >= cap) {
            cap = cap ? cap * 2 : 32;
            char **grown = realloc(names, cap * sizeof *grown);
            if (!grown)
                goto nomem;
            names = grown;
        }
        names[count] = strdup(e->d_name);
        if (!names[count])
            goto nomem;
        count++;
        if (count > MAX_FILES) {
            for (size_t i = 0; i < count; i++)
                free(names[i]);
            free(names);
            closedir(d);
            sg_ctx_fail(ctx, SG_EINPUT, "%s: more than %d entries; check a "
                        "class at a time", dir, MAX_FILES);
            return NULL;
        }
    }
    closedir(d);
    if (!names) {
        names = malloc(sizeof *names);
        if (!names) {
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            return NULL;
        }
    }
    qsort(names, count, sizeof *names, compare_names);
    names[count] = NULL;
    *n = count;
    return names;
nomem:
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    closedir(d);
    sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    return NULL;
}

static void free_names(char **names)
{
    for (size_t i = 0; names && names[i]; i++)
        free(names[i]);
    free(names);
}

/* Adds the files of a student's folder DIR (and of its folders, down to
 * MAX_DEPTH) to S.  A folder reached through a link is not entered. */
static sg_status add_folder_files(sg_ctx *ctx, class_list *l, submission *s,
                                  const char *dir, int depth)
{
    size_t n;
    char **names = list_dir(ctx, dir, &n);
    if (!names)
        return sg_ctx_status(ctx);
    sg_status st = SG_OK;
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        char *path = join(dir, names[i]);
        if (!path) {
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            break;
        }
        struct stat sb;
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            if (depth < MAX_DEPTH)
                st = add_folder_files(ctx, l, s, path, depth + 1);
            free(path);
            continue;
        }
        /* Files, links and anything else: the reader decides what may be
         * read, and says why not. */
        st = add_file(ctx, l, s, path);
    }
    free_names(names);
    return st;
}

/* Adds the class folder DIR: its files, each a student's, and its
 * folders, each a student's folder. */
static sg_status add_class_dir(sg_ctx *ctx, class_list *l, const char *dir)
{
    char *root = realpath(dir, NULL);
    if (!root)
        return sg_ctx_fail(ctx, SG_EIO, "%s: cannot open the directory: %s",
                           dir, strerror(errno));
    char **roots = realloc(l->roots, (l->nroots + 1) * sizeof *roots);
    if (!roots) {
        free(root);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    l->roots = roots;
    l->roots[l->nroots++] = root;
    size_t n;
    char **names = list_dir(ctx, dir, &n);
    if (!names)
        return sg_ctx_status(ctx);
    sg_status st = SG_OK;
    size_t first = l->n;
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        char *path = join(dir, names[i]);
        submission *s = path ? new_submission(ctx, l) : NULL;
        if (!s) {
            free(path);
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            break;
        }
        s->root = root;
        struct stat sb;
        bool folder = lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
        st = sg_student_from_name(ctx, names[i], !folder, &s->who);
        if (st != SG_OK) {
            free(path);
            break;
        }
        if (folder) {
            s->folder = path;
            st = add_folder_files(ctx, l, s, path, 1);
            /* An empty folder: the reader names it as such. */
            if (st == SG_OK && s->nfiles == 0) {
                char *copy = strdup(path);
                st = copy ? add_file(ctx, l, s, copy)
                          : sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            }
        } else {
            st = add_file(ctx, l, s, path);
        }
    }
    free_names(names);
    if (st != SG_OK)
        return st;
    if (l->n == first)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: the directory holds no files "
                           "to check", dir);
    l->from_directory = true;
    return SG_OK;
}

static sg_status collect(sg_ctx *ctx, class_list *l, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        struct stat sb;
        if (strcmp(argv[i], "-") != 0 && stat(argv[i], &sb) == 0 &&
            S_ISDIR(sb.st_mode)) {
            if (add_class_dir(ctx, l, argv[i]) != SG_OK)
                return sg_ctx_status(ctx);
            continue;
        }
        /* A file named on the command line is the user's own choice, and
         * read wherever its links lead. */
        submission *s = new_submission(ctx, l);
        char *copy = s ? strdup(argv[i]) : NULL;
        if (!copy)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        if (add_file(ctx, l, s, copy) != SG_OK)
            return sg_ctx_status(ctx);
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Checking                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct settings {
    sg_sheet_form form;
    const char *lang;
    sg_report_format format;
    bool has_last;
    uint64_t last;
    const char **sums;
    size_t nsums;
    const sg_points *points;
    const char *feedback;
    const char *chart;
    const char *chart_format;
} settings;

static sg_sheet *read_one(sg_ctx *ctx, const sg_game *game,
                          const settings *set, const submission *s,
                          size_t file)
{
    sg_sheet_opts so = {.form = set->form, .lang = set->lang,
                        .inside = s->root};
    return sg_sheet_read(ctx, game, s->files[file], &so);
}

static sg_check *check_sheet(sg_ctx *ctx, const sg_game *game,
                             const settings *set, const sg_sheet *sheet,
                             bool has_last, uint64_t last)
{
    sg_check_opts co = {.has_last = has_last, .last = last,
                        .sums = set->sums, .nsums = set->nsums};
    return sg_check_new(ctx, game, sheet, &co);
}

/* One student: the full report. */
static int check_one(sg_ctx *ctx, const sg_game *game, const settings *set,
                     const char *path, FILE *out)
{
    sg_sheet_opts so = {.form = set->form, .lang = set->lang};
    sg_sheet *sheet = sg_sheet_read(ctx, game, path, &so);
    if (!sheet)
        return EXIT_BAD;
    sg_check *check = check_sheet(ctx, game, set, sheet, set->has_last,
                                  set->last);
    sg_sheet_free(sheet);
    if (!check)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    if (sg_check_write_report(ctx, check, set->lang, set->format, out) ==
        SG_OK) {
        sg_check_summary sum;
        sg_check_get_summary(check, &sum);
        rc = sum.correct == sum.total && sum.steps_right == sum.steps &&
                     sum.answers_right == sum.answers
                 ? EXIT_OK
                 : EXIT_VERDICT;
    }
    sg_check_free(check);
    return rc;
}

/* The most entries the sheets of a class keep between the two readings
 * (about 32 bytes each): enough for any class, few enough to fit
 * anywhere.  Beyond it, sheets are read a second time. */
#define MAX_KEPT_ENTRIES 4000000

/* The first reading of a class: which of each student's files is their
 * sheet (the one that reads, with the most entries), and the largest x of
 * any sheet; each chosen sheet is kept in its submission while the
 * entries kept stay within MAX_KEPT_ENTRIES.  Returns SG_OK or SG_ENOMEM. */
static sg_status first_reading(sg_ctx *ctx, const sg_game *game,
                               const settings *set, class_list *l,
                               uint64_t *largest)
{
    *largest = SG_NO_POSITION;
    size_t kept = 0;
    for (size_t i = 0; i < l->n; i++) {
        submission *s = &l->subs[i];
        size_t best_count = 0;
        for (size_t f = 0; f < s->nfiles; f++) {
            sg_sheet *sheet = read_one(ctx, game, set, s, f);
            if (!sheet) {
                if (sg_ctx_status(ctx) == SG_ENOMEM)
                    return SG_ENOMEM;
                if (!s->readable && !s->error) {
                    s->chosen = f;
                    s->error = strdup(sg_ctx_message(ctx));
                    if (!s->error)
                        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
                }
                sg_ctx_clear(ctx);
                continue;
            }
            size_t count;
            sg_sheet_entries(sheet, &count);
            uint64_t x = sg_sheet_last_x(sheet);
            if (x != SG_NO_POSITION &&
                (*largest == SG_NO_POSITION || x > *largest))
                *largest = x;
            if (!s->readable || count > best_count) {
                s->readable = true;
                s->chosen = f;
                best_count = count;
                free(s->error);
                s->error = NULL;
                if (s->sheet) {
                    sg_sheet_entries(s->sheet, &count);
                    kept -= count;
                    sg_sheet_free(s->sheet);
                    s->sheet = NULL;
                }
                sg_sheet_entries(sheet, &count);
                if (kept + count <= MAX_KEPT_ENTRIES) {
                    s->sheet = sheet;
                    kept += count;
                    sheet = NULL;
                }
            }
            sg_sheet_free(sheet);
        }
        if (s->nfiles > 1) {
            /* The folder's other files, named in the student's feedback. */
            size_t len = 1;
            for (size_t f = 0; f < s->nfiles; f++)
                len += strlen(s->files[f]) + 2;
            s->others = malloc(len);
            if (!s->others)
                return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            s->others[0] = '\0';
            for (size_t f = 0; f < s->nfiles; f++) {
                if (f == s->chosen)
                    continue;
                const char *base = strrchr(s->files[f], '/');
                base = base ? base + 1 : s->files[f];
                if (s->others[0])
                    strcat(s->others, ", ");
                strcat(s->others, base);
            }
        }
    }
    return SG_OK;
}

/* A file name for a student's feedback in DIR: their name and id, or the
 * sheet's path, with every character that could leave DIR or hide a file
 * replaced.  Names already used get "-2", "-3". */
static char *feedback_path(const char *dir, const submission *s,
                           char ***used, size_t *nused)
{
    char base[160];
    const char *src = s->files[s->chosen];
    char label[200];
    if (s->who.name && s->who.id)
        snprintf(label, sizeof label, "%s_%s", s->who.name, s->who.id);
    else if (s->who.name)
        snprintf(label, sizeof label, "%s", s->who.name);
    else {
        /* The file's name without its folder and its extension. */
        const char *file = strrchr(src, '/');
        snprintf(label, sizeof label, "%s", file ? file + 1 : src);
        char *dot = strrchr(label, '.');
        if (dot && dot > label)
            *dot = '\0';
    }
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)label;
         *p && o + 1 < sizeof base - 16; p++) {
        unsigned char c = *p;
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                    c >= 0x80 || (c == '.' && o > 0);
        base[o++] = keep ? (char)c : '_';
    }
    /* Cut after a whole UTF-8 character. */
    while (o > 0 && ((unsigned char)base[o - 1] & 0xC0) == 0x80 &&
           o < sizeof base - 16)
        break;
    base[o] = '\0';
    if (o == 0)
        snprintf(base, sizeof base, "student");
    char name[200];
    for (int k = 1; k < 100000; k++) {
        if (k == 1)
            snprintf(name, sizeof name, "%s.txt", base);
        else
            snprintf(name, sizeof name, "%s-%d.txt", base, k);
        bool taken = false;
        for (size_t i = 0; i < *nused && !taken; i++)
            taken = strcmp((*used)[i], name) == 0;
        if (!taken)
            break;
    }
    char **grown = realloc(*used, (*nused + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    *used = grown;
    (*used)[*nused] = strdup(name);
    if (!(*used)[*nused])
        return NULL;
    (*nused)++;
    return join(dir, name);
}

/* Writes one student's feedback: their report, or why their file could
 * not be read. */
static sg_status write_feedback(sg_ctx *ctx, const settings *set,
                                const submission *s, const sg_check *check,
                                const char *path)
{
    cli_output *out = cli_output_open(ctx, path);
    if (!out)
        return sg_ctx_status(ctx);
    sg_status st = SG_OK;
    if (check)
        st = sg_check_write_report(ctx, check, set->lang, SG_REPORT_TEXT,
                                   cli_output_stream(out));
    if (st == SG_OK)
        st = sg_feedback_write(ctx, set->lang, s->files[s->chosen],
                               check ? NULL : s->error ? s->error : "",
                               s->others, cli_output_stream(out));
    if (st != SG_OK) {
        cli_output_abort(out);
        return st;
    }
    return cli_commit(ctx, &out) == EXIT_OK ? SG_OK : sg_ctx_status(ctx);
}

/* A class: a gradebook row per student.  A file that cannot be read gets a
 * row that says why, and the others are still checked; the exit status
 * then says so, with one message naming the first such file. */
static int check_class(sg_ctx *ctx, const sg_game *game, const settings *set,
                       class_list *l, FILE *out, bool *complete)
{
    *complete = false;
    uint64_t largest;
    if (first_reading(ctx, game, set, l, &largest) != SG_OK)
        return EXIT_BAD;
    /* One N for the whole class: -n, or the largest x of any sheet. */
    bool has_last = set->has_last;
    uint64_t last = set->last;
    if (!has_last && largest != SG_NO_POSITION) {
        has_last = true;
        last = largest;
    }
    sg_gradebook_opts go = {.lang = set->lang, .format = set->format,
                            .points = set->points,
                            .n_from_sheets = !set->has_last};
    sg_gradebook *book = sg_gradebook_new(ctx, game, &go, out);
    if (!book)
        return EXIT_BAD;
    if (set->feedback && mkdir(set->feedback, 0777) != 0 && errno != EEXIST) {
        sg_ctx_fail(ctx, SG_EIO, "--feedback %s: cannot make the directory: "
                    "%s", set->feedback, strerror(errno));
        sg_gradebook_free(book);
        return EXIT_BAD;
    }
    char **used = NULL;
    size_t nused = 0;
    size_t unreadable = 0, wrong = 0;
    char first[1024] = "";
    int rc = EXIT_BAD;
    for (size_t i = 0; i < l->n; i++) {
        submission *s = &l->subs[i];
        const char *path = s->files[s->chosen];
        sg_check *check = NULL;
        if (s->readable) {
            sg_sheet *sheet = s->sheet ? s->sheet
                                       : read_one(ctx, game, set, s, s->chosen);
            if (sheet)
                check = check_sheet(ctx, game, set, sheet, has_last, last);
            sg_sheet_free(sheet);
            s->sheet = NULL;
            if (!check) {
                /* The file changed since the first reading, or the check
                 * itself failed: the row says why. */
                if (sg_ctx_status(ctx) == SG_ENOMEM)
                    goto done;
                free(s->error);
                s->error = strdup(sg_ctx_message(ctx));
                if (!s->error)
                    goto done;
                s->readable = false;
                sg_ctx_clear(ctx);
            }
        }
        sg_status st;
        if (check) {
            sg_check_summary sum;
            sg_check_get_summary(check, &sum);
            if (sum.correct < sum.total || sum.steps_right < sum.steps ||
                sum.answers_right < sum.answers)
                wrong++;
            st = sg_gradebook_add(book, path, s->who.name, s->who.id, check,
                                  NULL);
        } else {
            if (unreadable++ == 0)
                snprintf(first, sizeof first, "%s", s->error ? s->error : "");
            st = sg_gradebook_add(book, path, s->who.name, s->who.id, NULL,
                                  s->error);
        }
        if (st == SG_OK && set->feedback) {
            char *fp = feedback_path(set->feedback, s, &used, &nused);
            st = fp ? write_feedback(ctx, set, s, check, fp)
                    : sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            free(fp);
        }
        sg_check_free(check);
        if (st != SG_OK)
            goto done;
    }
    if (sg_gradebook_finish(book) != SG_OK)
        goto done;
    if (set->chart) {
        cli_output *co = cli_output_open(ctx, set->chart);
        if (!co)
            goto done;
        if (sg_gradebook_chart(ctx, book, set->chart_format,
                               cli_output_stream(co)) != SG_OK) {
            cli_output_abort(co);
            goto done;
        }
        if (cli_commit(ctx, &co) != EXIT_OK)
            goto done;
    }
    *complete = true;
    if (unreadable) {
        /* The reasons are in the report's language: so is the line that
         * gathers them. */
        if (strcmp(set->lang, "zh") == 0)
            sg_ctx_fail(ctx, SG_EINPUT, "%zu 份中有 %zu 份无法检查；第一份：%s",
                        l->n, unreadable, first);
        else
            sg_ctx_fail(ctx, SG_EINPUT, "%zu of %zu files could not be "
                        "checked; the first: %s", unreadable, l->n, first);
        rc = EXIT_BAD;
    } else {
        rc = wrong ? EXIT_VERDICT : EXIT_OK;
    }
done:
    for (size_t i = 0; i < nused; i++)
        free(used[i]);
    free(used);
    sg_gradebook_free(book);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* The command                                                              */
/* ------------------------------------------------------------------------ */

enum { OPT_SUM = 256, OPT_POINTS, OPT_FEEDBACK, OPT_CHART };

#define MAX_SUMS 64

int cmd_check(sg_ctx *ctx, int argc, char **argv)
{
    static const struct option options[] = {
        {"max", required_argument, NULL, 'n'},
        {"input-format", required_argument, NULL, 'i'},
        {"format", required_argument, NULL, 'f'},
        {"lang", required_argument, NULL, 'l'},
        {"output", required_argument, NULL, 'o'},
        {"sum", required_argument, NULL, OPT_SUM},
        {"points", required_argument, NULL, OPT_POINTS},
        {"feedback", required_argument, NULL, OPT_FEEDBACK},
        {"chart", required_argument, NULL, OPT_CHART},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *input_format = "auto", *format_name = NULL, *lang = "en";
    const char *output = NULL, *points_spec = NULL;
    const char *sums[MAX_SUMS];
    settings set;
    memset(&set, 0, sizeof set);
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
        case OPT_SUM:
            if (set.nsums >= MAX_SUMS) {
                sg_ctx_fail(ctx, SG_EINPUT, "--sum: at most %d sums",
                            MAX_SUMS);
                return EXIT_BAD;
            }
            sums[set.nsums++] = optarg;
            break;
        case OPT_POINTS: points_spec = optarg; break;
        case OPT_FEEDBACK: set.feedback = optarg; break;
        case OPT_CHART: set.chart = optarg; break;
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
    set.lang = lang;
    set.sums = sums;
    static const cli_ext_format exts[] = {
        {"txt", "text"}, {"csv", "csv"}, {"json", "json"}, {NULL, NULL}};
    if (cli_output_format(ctx, "check", format_name, output, exts, "text",
                          &format_name) != SG_OK ||
        sg_sheet_form_parse(ctx, "--input-format", input_format, &set.form) !=
            SG_OK ||
        sg_report_format_parse(ctx, format_name, &set.format) != SG_OK)
        return EXIT_BAD;
    if (strcmp(lang, "en") != 0 && strcmp(lang, "zh") != 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "--lang \"%s\": unknown language (known: "
                    "en, zh)", lang);
        return EXIT_BAD;
    }
    sg_points points;
    if (points_spec) {
        if (sg_points_parse(ctx, points_spec, &points) != SG_OK)
            return EXIT_BAD;
        set.points = &points;
    }
    if (set.chart) {
        set.chart_format = sg_render_format_of_path(set.chart);
        if (!set.chart_format || strcmp(set.chart_format, "dot") == 0) {
            sg_ctx_fail(ctx, SG_EINPUT, "--chart %s: name the chart FILE.svg, "
                        "FILE.png or FILE.pdf", set.chart);
            return EXIT_BAD;
        }
        if (sg_render_format_check(ctx, set.chart_format) != SG_OK)
            return EXIT_BAD;
    }
    if (ga.max) {
        if (cli_game_file(&ga)) {
            sg_ctx_fail(ctx, SG_EINPUT, "-n %s: a game read from a DOT file is "
                        "checked at every node; -n goes with -s", ga.max);
            return EXIT_BAD;
        }
        if (cli_parse_number(ctx, "-n", ga.max, SG_SHEET_MAX_POSITIONS - 1,
                             &set.last) != SG_OK)
            return EXIT_BAD;
        set.has_last = true;
    }

    int rc = EXIT_BAD;
    class_list files;
    memset(&files, 0, sizeof files);
    cli_output *out = NULL;
    sg_game *game = NULL;
    if (collect(ctx, &files, argc - optind, argv + optind) != SG_OK)
        goto done;
    bool one = files.n == 1 && !files.from_directory;
    if (one && (set.points || set.feedback || set.chart)) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s goes with a class: several files or a "
                    "directory", set.points ? "--points"
                                 : set.feedback ? "--feedback" : "--chart");
        goto done;
    }
    const char *outputs[3] = {output, set.chart, NULL};
    for (int k = 0; k < 2; k++) {
        if (!outputs[k])
            continue;
        if (cli_check_not_input(ctx, outputs[k], cli_game_file(&ga)) != SG_OK)
            goto done;
        for (size_t i = 0; i < files.n; i++)
            for (size_t f = 0; f < files.subs[i].nfiles; f++)
                if (cli_check_not_input(ctx, outputs[k],
                                        files.subs[i].files[f]) != SG_OK)
                    goto done;
    }
    game = cli_load_game(ctx, &ga);
    if (!game)
        goto done;
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    /* A report is kept when it is complete: with a verdict, and for a class
     * also when some files could not be read (their rows say so).  A single
     * unreadable file leaves no report at all. */
    bool complete;
    if (one) {
        rc = check_one(ctx, game, &set, files.subs[0].files[0],
                       cli_output_stream(out));
        complete = rc != EXIT_BAD;
    } else {
        rc = check_class(ctx, game, &set, &files, cli_output_stream(out),
                         &complete);
    }
    if (complete && cli_commit(ctx, &out) != EXIT_OK)
        rc = EXIT_BAD;
done:
    cli_output_abort(out);
    sg_game_free(game);
    class_free(&files);
    return rc;
}
