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
#include "outdir.h"

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
    "       sgviz check --assignment FILE [options] DIR...\n"
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
    "  An assignment of several questions:\n"
    "      --assignment FILE   grade every question of FILE (an INI file:\n"
    "                          [Q1] with game = -s 1,3,4, n = 19, points =)\n"
    "                          for class folders of Moodle, Canvas or\n"
    "                          Blackboard, one record per student\n"
    "      --gradebook LMS     the CSV that moodle, canvas or blackboard\n"
    "                          imports\n"
    "  -h, --help              show this help\n"
    "\n"
    "Exit status: 0 every entry correct, 1 some wrong or missing, 2 an\n"
    "unreadable file (a class's other files are still checked) or bad usage.\n"
    "\n"
    "Example: sgviz check -s 1,3,4 answers.txt\n"
    "         sgviz check -s 1,3,4 -n 20 --feedback reports class/\n"
    "         sgviz check --assignment hw3.ini --gradebook moodle moodle/\n";

/* ------------------------------------------------------------------------ */
/* The files of a class                                                     */
/* ------------------------------------------------------------------------ */

/* One student's submission: a file, or the files of their folder. */
typedef struct submission {
    char **files;
    char **refused;      /* per file: why it is not read, or NULL */
    size_t nfiles;
    bool too_deep;       /* the folder goes deeper than MAX_DEPTH */
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
    char **shown;        /* the same as given, for messages */
    size_t nroots;
    bool from_directory;
} class_list;

static void submission_free(submission *s)
{
    sg_sheet_free(s->sheet);
    for (size_t i = 0; i < s->nfiles; i++) {
        free(s->files[i]);
        free(s->refused[i]);
    }
    free(s->files);
    free(s->refused);
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
    for (size_t i = 0; i < l->nroots; i++) {
        free(l->roots[i]);
        free(l->shown[i]);
    }
    free(l->roots);
    free(l->shown);
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
    if (grown)
        s->files = grown;
    char **why = grown ? realloc(s->refused, (s->nfiles + 1) * sizeof *why)
                       : NULL;
    if (why)
        s->refused = why;
    if (!grown || !why) {
        free(path);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    s->files[s->nfiles] = path;
    s->refused[s->nfiles++] = NULL;
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
        sg_ctx_fail(ctx, cli_open_status(errno), "%s: cannot open the "
                    "directory: %s", dir, strerror(errno));
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
            else
                s->too_deep = true;
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
static sg_status add_class_dir(sg_ctx *ctx, class_list *l, const char *dir,
                               const char *lang)
{
    char *root = realpath(dir, NULL);
    if (!root)
        return sg_ctx_fail(ctx, cli_open_status(errno), "%s: cannot open "
                           "the directory: %s", dir, strerror(errno));
    char **roots = realloc(l->roots, (l->nroots + 1) * sizeof *roots);
    if (!roots) {
        free(root);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    l->roots = roots;
    char **shown = realloc(l->shown, (l->nroots + 1) * sizeof *shown);
    if (shown)
        l->shown = shown;
    char *as_given = shown ? strdup(dir) : NULL;
    if (!as_given) {
        free(root);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    l->shown[l->nroots] = as_given;
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
            /* An empty folder: the reader names it as such; one whose
             * files lie too deep says how deep sgviz looks. */
            if (st == SG_OK && s->nfiles == 0) {
                char *copy = strdup(path);
                st = copy ? add_file(ctx, l, s, copy)
                          : sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
                if (st == SG_OK && s->too_deep) {
                    char why[4200];
                    if (strcmp(lang, "zh") == 0)
                        snprintf(why, sizeof why, "%s: 文件夹里的文件在 %d 层"
                                 "文件夹以下，而 sgviz 只查看 %d 层：请把表格"
                                 "移到上层", path, MAX_DEPTH, MAX_DEPTH);
                    else
                        snprintf(why, sizeof why, "%s: the folder's files lie "
                                 "more than %d folders down, and sgviz looks "
                                 "only %d folders deep: move the sheet up",
                                 path, MAX_DEPTH, MAX_DEPTH);
                    s->refused[0] = strdup(why);
                    if (!s->refused[0])
                        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
                }
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

static sg_status collect(sg_ctx *ctx, class_list *l, const char *lang,
                         int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        struct stat sb;
        if (strcmp(argv[i], "-") != 0 && stat(argv[i], &sb) == 0 &&
            S_ISDIR(sb.st_mode)) {
            if (add_class_dir(ctx, l, argv[i], lang) != SG_OK)
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

/* One file of a class, by the file it reaches. */
typedef struct reached {
    dev_t dev;
    ino_t ino;
    size_t sub, file;
    bool link;
} reached;

static int compare_reached(const void *a, const void *b)
{
    const reached *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    if (x->ino != y->ino)
        return x->ino < y->ino ? -1 : 1;
    /* The file itself before the links to it, then in the class's order. */
    if (x->link != y->link)
        return x->link ? 1 : -1;
    if (x->sub != y->sub)
        return x->sub < y->sub ? -1 : 1;
    return x->file < y->file ? -1 : x->file > y->file;
}

/* Marks every file of the class that reaches a file reached already (a
 * symbolic link to another student's sheet, a hard link, a file named
 * twice) as not to be read: one sheet graded for two students is a wrong
 * grade nobody sees.  The file kept is the one that is no link.  Returns
 * SG_OK or SG_ENOMEM. */
static sg_status refuse_twice(sg_ctx *ctx, class_list *l, const char *lang)
{
    reached *all = calloc(l->files ? l->files : 1, sizeof *all);
    if (!all)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++)
        for (size_t f = 0; f < l->subs[i].nfiles; f++) {
            const char *p = l->subs[i].files[f];
            struct stat sb, lb;
            if (strcmp(p, "-") == 0 || stat(p, &sb) != 0 ||
                !S_ISREG(sb.st_mode))
                continue;
            all[n].dev = sb.st_dev;
            all[n].ino = sb.st_ino;
            all[n].sub = i;
            all[n].file = f;
            all[n].link = lstat(p, &lb) == 0 && S_ISLNK(lb.st_mode);
            n++;
        }
    qsort(all, n, sizeof *all, compare_reached);
    sg_status st = SG_OK;
    for (size_t k = 1; k < n && st == SG_OK; k++) {
        size_t first = k - 1;
        while (first > 0 && all[first - 1].dev == all[k].dev &&
               all[first - 1].ino == all[k].ino)
            first--;
        if (all[first].dev != all[k].dev || all[first].ino != all[k].ino)
            continue;
        submission *s = &l->subs[all[k].sub];
        const submission *o = &l->subs[all[first].sub];
        const char *path = s->files[all[k].file];
        const char *orig = o->files[all[first].file];
        char whose[600] = "";
        bool zh = strcmp(lang, "zh") == 0;
        if (o->who.name)
            snprintf(whose, sizeof whose, zh ? "（%s 的作业）" : " (%s's sheet)",
                     o->who.name);
        char why[4200];
        snprintf(why, sizeof why,
                 all[k].link
                     ? (zh ? "%s: 指向 %s%s 的符号链接，那份已经评过：不重复评分"
                           : "%s: a symbolic link to %s%s, which is graded "
                             "already: not graded twice")
                     : (zh ? "%s: 与 %s%s 是同一个文件，那份已经评过：不重复评分"
                           : "%s: the same file as %s%s, which is graded "
                             "already: not graded twice"),
                 path, orig, whose);
        free(s->refused[all[k].file]);
        s->refused[all[k].file] = strdup(why);
        if (!s->refused[all[k].file])
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    free(all);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Outputs never land among the inputs                                      */
/* ------------------------------------------------------------------------ */

/* Whether PATH (absolute, resolved) is FOLDER or lies inside it. */
/* A platform's name of the one file of submission S, read when S is a
 * file of a class folder; *N is cleared otherwise. */
static sg_status platform_name(sg_ctx *ctx, const submission *s,
                               sg_lms_name *n)
{
    memset(n, 0, sizeof *n);
    if (s->folder || s->nfiles != 1 || !s->root || s->refused[0])
        return SG_OK;
    const char *b = strrchr(s->files[0], '/');
    return sg_lms_name_read(ctx, b ? b + 1 : s->files[0], 1, n);
}

/* Whether file J of the group's names N[0..k) is replaced by another:
 * Blackboard attempts other than the latest, and Canvas files of which a
 * later resubmission ("hw3-1.txt" after "hw3.txt") came. */
static bool superseded(const sg_lms_name *n, size_t k, size_t j)
{
    for (size_t o = 0; o < k; o++) {
        if (o == j || n[o].lms != n[j].lms || !n[o].attempt ||
            !n[j].attempt)
            continue;
        if (n[j].lms == SG_LMS_BLACKBOARD && !n[o].receipt &&
            strcmp(n[o].attempt, n[j].attempt) > 0)
            return true;
        if (n[j].lms == SG_LMS_CANVAS && n[o].original && n[j].original &&
            strcmp(n[o].original, n[j].original) == 0 &&
            strcmp(n[o].attempt, n[j].attempt) > 0)
            return true;
    }
    return false;
}

/* A Canvas or Blackboard download is flat: one student's resubmissions,
 * attempts and receipts lie side by side, each a submission of its own, so
 * a plain check of the folder would give one student several rows and
 * grade an older file beside the newer.  Their files are joined here into
 * the student's first submission, as a folder's are: a later resubmission
 * or attempt replaces the earlier ones, a receipt names the student and is
 * never read, and Canvas's Test Student is left out, with a note on
 * standard error.  Returns SG_OK or SG_ENOMEM. */
static sg_status join_platform_files(sg_ctx *ctx, class_list *l,
                                     const char *lang)
{
    bool zh = strcmp(lang, "zh") == 0;
    size_t n = l->n;
    sg_lms_name *names = calloc(n ? n : 1, sizeof *names);
    size_t *group = malloc((n ? n : 1) * sizeof *group);
    if (!names || !group) {
        free(names);
        free(group);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    sg_status st = SG_OK;
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        st = platform_name(ctx, &l->subs[i], &names[i]);
        group[i] = i;
        const sg_lms_name *m = &names[i];
        if (st != SG_OK || !m->id ||
            (m->lms != SG_LMS_CANVAS && m->lms != SG_LMS_BLACKBOARD))
            continue;
        for (size_t j = 0; j < i; j++)
            if (group[j] == j && names[j].lms == m->lms && names[j].id &&
                strcmp(names[j].id, m->id) == 0) {
                group[i] = j;
                break;
            }
    }
    /* Each group's files, the replaced ones and receipts left out, go to
     * its first submission; the others are emptied, and removed below. */
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        if (group[i] != i || !names[i].id)
            continue;
        size_t k = 0;
        for (size_t j = i; j < n; j++)
            k += group[j] == i;
        sg_lms_name *gn = malloc(k * sizeof *gn);
        size_t *gs = malloc(k * sizeof *gs);
        char **files = malloc(k * sizeof *files);
        char **why = calloc(k, sizeof *why);
        if (!gn || !gs || !files || !why) {
            free(gn);
            free(gs);
            free(files);
            free(why);
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            break;
        }
        k = 0;
        for (size_t j = i; j < n; j++)
            if (group[j] == i) {
                gn[k] = names[j];
                gs[k++] = j;
            }
        submission *s = &l->subs[i];
        size_t kept = 0;
        const char *receipt = NULL;
        for (size_t j = 0; j < k; j++) {
            submission *o = &l->subs[gs[j]];
            if (gn[j].receipt) {
                if (!superseded(gn, k, j))
                    receipt = o->files[0];
                continue;
            }
            if (!superseded(gn, k, j))
                files[kept++] = o->files[0];
        }
        bool test = gn[0].test_student;
        if (kept == 0 && receipt)
            files[kept++] = (char *)receipt; /* said below to be no work */
        char *name = NULL;
        if (receipt)
            name = sg_lms_receipt_read(ctx, receipt, s->root);
        if (!name && gn[0].name)
            name = strdup(gn[0].name);
        char *id = strdup(gn[0].id);
        /* The files of the group now belong to S alone: the ones kept are
         * S's files, the rest are freed. */
        for (size_t j = 0; j < k; j++) {
            submission *o = &l->subs[gs[j]];
            bool keep = false;
            for (size_t f = 0; f < kept; f++)
                keep |= files[f] == o->files[0];
            if (!keep)
                free(o->files[0]);
            free(o->refused[0]);
            o->refused[0] = NULL;
            o->nfiles = 0;
        }
        if (kept == 1 && files[0] == receipt) {
            char buf[4200];
            snprintf(buf, sizeof buf, zh ? "%s：这是 Blackboard 的提交回执，"
                     "不是作业：那次提交的文件不在下载里"
                     : "%s: a Blackboard receipt, not the work: the files "
                     "of that attempt are not in the download", receipt);
            why[0] = strdup(buf);
        }
        free(s->files);
        free(s->refused);
        s->files = files;
        s->refused = why;
        s->nfiles = kept;
        if (name && id) {
            sg_student_clear(&s->who);
            s->who.name = name;
            s->who.id = id;
        } else {
            free(name);
            free(id);
        }
        if (test) {
            fprintf(stderr, zh ? "sgviz: check: 不计入 Canvas 的测试学生"
                    "（%s）\n" : "sgviz: check: Canvas's Test Student (%s) is "
                    "left out\n", files[0]);
            for (size_t f = 0; f < s->nfiles; f++) {
                free(s->files[f]);
                free(s->refused[f]);
            }
            s->nfiles = 0;
        }
        free(gn);
        free(gs);
    }
    for (size_t i = 0; i < n; i++)
        sg_lms_name_clear(&names[i]);
    free(names);
    free(group);
    /* The emptied submissions go. */
    size_t to = 0;
    for (size_t i = 0; i < l->n; i++) {
        if (l->subs[i].nfiles == 0 && !l->subs[i].folder) {
            submission_free(&l->subs[i]);
            continue;
        }
        l->subs[to++] = l->subs[i];
    }
    l->n = to;
    return st;
}

static bool path_within(const char *path, const char *folder)
{
    size_t n = strlen(folder);
    if (n == 1 && folder[0] == '/')
        return true;
    return strncmp(path, folder, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* Refuses an output of OPTION at PATH (a file, or with FOLDER a folder of
 * reports) that would replace a file the command reads, or land inside a
 * class folder it reads: the next run would read it as a submission, and a
 * report written over a sheet destroys the homework.  Links are resolved
 * first, so that no link leads around the rule.  Returns SG_OK or
 * SG_EINPUT (SG_EIO when PATH cannot be resolved). */
static sg_status refuse_among_inputs(sg_ctx *ctx, const char *option,
                                     const char *path, const class_list *l)
{
    char *target = cli_output_target(ctx, path);
    if (!target) {
        /* A folder that does not exist: opening the output says so. */
        if (sg_ctx_status(ctx) == SG_ENOMEM)
            return SG_ENOMEM;
        sg_ctx_clear(ctx);
        return SG_OK;
    }
    sg_status st = SG_OK;
    struct stat lb;
    bool link = lstat(path, &lb) == 0 && S_ISLNK(lb.st_mode);
    for (size_t i = 0; i < l->nroots && st == SG_OK; i++) {
        if (!path_within(target, l->roots[i]))
            continue;
        if (link)
            st = sg_ctx_fail(ctx, SG_EINPUT, "%s %s: a symbolic link to %s, "
                             "inside the class folder, which is read; "
                             "refusing to write there", option, path, target);
        else if (strcmp(target, l->roots[i]) == 0)
            st = sg_ctx_fail(ctx, SG_EINPUT, "%s %s: that is the class "
                             "folder, which is read; refusing to write there "
                             "(give a folder outside it)", option, path);
        else
            st = sg_ctx_fail(ctx, SG_EINPUT, "%s %s: lies inside the class "
                             "folder %s, which is read; refusing to write "
                             "there (give a folder outside it)", option, path,
                             l->shown[i]);
    }
    for (size_t i = 0; i < l->n && st == SG_OK; i++)
        for (size_t f = 0; f < l->subs[i].nfiles && st == SG_OK; f++) {
            const char *in = l->subs[i].files[f];
            if (strcmp(in, "-") == 0 ? cli_same_file(target, "/dev/stdin")
                                     : cli_same_file(target, in))
                st = sg_ctx_fail(ctx, SG_EINPUT, "%s %s: that is an input "
                                 "file; refusing to write over it", option,
                                 path);
        }
    free(target);
    return st;
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
    if (s->refused[file]) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s", s->refused[file]);
        return NULL;
    }
    /* A link in a student's folder may not lead into another's. */
    sg_sheet_opts so = {.form = set->form, .lang = set->lang,
                        .inside = s->folder ? s->folder : s->root};
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

/* A file name for a student's feedback: their name and id, or the sheet's
 * path, with every character that could leave the folder or hide a file
 * replaced.  Names already used get "-2", "-3".  Returns a new string
 * (also kept in *USED), or NULL when out of memory. */
static char *feedback_name(const submission *s, char ***used, size_t *nused)
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
    return (*used)[(*nused)++];
}

/* The reports of a class's feedback, by name: what cli_outdir() takes for
 * an earlier run's reports, to set aside while the new ones move in. */
typedef struct report_names {
    char ***names;
    size_t *n;
} report_names;

static bool old_report(const char *name, const void *user)
{
    const report_names *r = user;
    for (size_t i = 0; i < *r->n; i++)
        if (strcmp((*r->names)[i], name) == 0)
            return true;
    return false;
}

/* Writes one report NAME into OD with WRITE(CTX, ARG, stream).  Returns
 * SG_OK, or an error naming the report and the reason. */
static sg_status write_report(sg_ctx *ctx, cli_outdir *od, const char *dir,
                              const char *name,
                              sg_status (*write)(sg_ctx *, const void *,
                                                 FILE *),
                              const void *arg)
{
    FILE *f = cli_outdir_create(ctx, od, name);
    if (!f)
        return sg_ctx_status(ctx);
    sg_status st = write(ctx, arg, f);
    if (st == SG_EIO) {
        /* The report's writer knows the reason, not the file: its message
         * ends in it. */
        char why[512];
        const char *m = sg_ctx_message(ctx);
        const char *colon = strrchr(m, ':');
        snprintf(why, sizeof why, "%s", colon ? colon + 2 : m);
        fclose(f);
        return sg_ctx_fail(ctx, SG_EIO, "--feedback %s: cannot write %s: %s; "
                           "nothing was written there", dir, name, why);
    }
    if (st != SG_OK) {
        fclose(f);
        return st;
    }
    return cli_outdir_close(ctx, od, f);
}

/* Writes one student's feedback to OUT: their report, or why their file
 * could not be read. */
typedef struct feedback_job {
    const settings *set;
    const submission *s;
    const sg_check *check;
} feedback_job;

static sg_status write_feedback(sg_ctx *ctx, const void *arg, FILE *out)
{
    const feedback_job *job = arg;
    const settings *set = job->set;
    const submission *s = job->s;
    const sg_check *check = job->check;
    sg_status st = SG_OK;
    if (check)
        st = sg_check_write_report(ctx, check, set->lang, SG_REPORT_TEXT, out);
    if (st == SG_OK)
        st = sg_feedback_write(ctx, set->lang, s->files[s->chosen],
                               check ? NULL : s->error ? s->error : "",
                               s->others, out);
    return st;
}

/* A class's feedback: the reports' names, planned before any is written,
 * and the folder they appear in together or not at all. */
typedef struct feedback_set {
    const char *dir;
    char **names;
    size_t n;
    report_names owned;
    cli_outdir_kind kind;
    cli_outdir *od;
} feedback_set;

/* Plans a report for each of WHO[0..n) in DIR and opens the folder, after
 * refusing a folder or a name that would replace an input or land among
 * them.  FS must stay where it is until feedback_free().  Returns SG_OK or
 * an error. */
static sg_status feedback_open(sg_ctx *ctx, feedback_set *fs, const char *dir,
                               const class_list *l,
                               const submission *const *who, size_t n)
{
    memset(fs, 0, sizeof *fs);
    fs->dir = dir;
    fs->owned = (report_names){&fs->names, &fs->n};
    fs->kind = (cli_outdir_kind){"--feedback", "a report", "the reports",
                                 old_report, &fs->owned};
    if (refuse_among_inputs(ctx, "--feedback", dir, l) != SG_OK)
        return sg_ctx_status(ctx);
    for (size_t i = 0; i < n; i++) {
        char *name = feedback_name(who[i], &fs->names, &fs->n);
        char *path = name ? join(dir, name) : NULL;
        if (!path)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        sg_status st = refuse_among_inputs(ctx, "--feedback", path, l);
        free(path);
        if (st != SG_OK)
            return st;
    }
    fs->od = cli_outdir_open(ctx, dir, &fs->kind);
    return fs->od ? SG_OK : sg_ctx_status(ctx);
}

/* Moves every report into place.  Returns SG_OK or an error. */
static sg_status feedback_commit(sg_ctx *ctx, feedback_set *fs)
{
    cli_outdir *od = fs->od;
    fs->od = NULL;
    return od ? cli_outdir_commit(ctx, od) : SG_OK;
}

static void feedback_free(feedback_set *fs)
{
    cli_outdir_abort(fs->od);
    for (size_t i = 0; i < fs->n; i++)
        free(fs->names[i]);
    free(fs->names);
    memset(fs, 0, sizeof *fs);
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
    /* Every report is planned before any is written, and they appear
     * together or not at all. */
    feedback_set fs = {0};
    if (set->feedback) {
        const submission **who = malloc((l->n ? l->n : 1) * sizeof *who);
        for (size_t i = 0; who && i < l->n; i++)
            who[i] = &l->subs[i];
        sg_status st = who ? feedback_open(ctx, &fs, set->feedback, l, who,
                                           l->n)
                           : sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        free(who);
        if (st != SG_OK) {
            feedback_free(&fs);
            sg_gradebook_free(book);
            return EXIT_BAD;
        }
    }
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
        if (st == SG_OK && fs.od) {
            feedback_job job = {set, s, check};
            st = write_report(ctx, fs.od, fs.dir, fs.names[i], write_feedback,
                              &job);
        }
        sg_check_free(check);
        if (st != SG_OK)
            goto done;
    }
    if (feedback_commit(ctx, &fs) != SG_OK)
        goto done;
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
    feedback_free(&fs);
    sg_gradebook_free(book);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* An assignment: several questions, graded for a class                     */
/* ------------------------------------------------------------------------ */

/* Opens the game of question I from its game = value, through the same
 * registry as the command line: "-s 1,3,4", "--set 1,3,4", "-t kayles",
 * "-g hw3_q4.dot" (a path relative to the assignment file).  Returns NULL
 * after recording an error that names the file, the line and the key. */
static sg_game *question_game(sg_ctx *ctx, const sg_assignment *a, size_t i)
{
    const char *v = sg_assignment_question(a, i)->game;
    char opt[64];
    size_t on = strcspn(v, " \t=");
    const char *arg = v + on;
    while (*arg == ' ' || *arg == '\t' || *arg == '=')
        arg++;
    if (on >= sizeof opt)
        on = sizeof opt - 1;
    memcpy(opt, v, on);
    opt[on] = '\0';
    const cli_game_kind *kind = NULL;
    size_t kind_index = 0;
    for (size_t k = 0; k < cli_game_kind_count && !kind; k++) {
        const cli_game_kind *g = &cli_game_kinds[k];
        if ((opt[0] == '-' && opt[1] == g->letter && opt[2] == '\0') ||
            (opt[0] == '-' && opt[1] == '-' && strcmp(opt + 2, g->option) == 0)) {
            kind = g;
            kind_index = k;
        }
    }
    char msg[1024];
    if (!kind) {
        char known[512] = "";
        for (size_t k = 0; k < cli_game_kind_count; k++) {
            size_t l = strlen(known);
            snprintf(known + l, sizeof known - l, "%s-%c", k ? ", " : "",
                     cli_game_kinds[k].letter);
        }
        snprintf(msg, sizeof msg, "\"%s\": not a kind of game (known: %s, "
                 "as on the command line: game = -s 1,3,4)", opt, known);
        sg_assignment_fail(ctx, a, i, "game", msg);
        return NULL;
    }
    /* A value in quotes, as a shell would take it. */
    char value[1024];
    snprintf(value, sizeof value, "%s", arg);
    size_t vl = strlen(value);
    if (vl >= 2 && (value[0] == '\'' || value[0] == '"') &&
        value[vl - 1] == value[0]) {
        memmove(value, value + 1, vl - 2);
        value[vl - 2] = '\0';
    }
    if (!*value) {
        snprintf(msg, sizeof msg, "%s needs a value (%s)", opt, kind->hint);
        sg_assignment_fail(ctx, a, i, "game", msg);
        return NULL;
    }
    char path[4200];
    const char *use = value;
    if (kind->reads_file && value[0] != '/' && strcmp(value, "-") != 0 &&
        strcmp(sg_assignment_dir(a), ".") != 0) {
        snprintf(path, sizeof path, "%s/%s", sg_assignment_dir(a), value);
        use = path;
    }
    /* A game that is explored (a rules file) is explored from the
     * question's n, as `check -r FILE -n N` is, so that the positions
     * asked are the ones graded. */
    sg_game *game;
    if (kind->open_args) {
        cli_game_args ga = {0};
        char n[24];
        ga.game[kind_index] = use;
        const sg_question *q = sg_assignment_question(a, i);
        if (kind->explores && q->has_n) {
            snprintf(n, sizeof n, "%llu", (unsigned long long)q->last);
            ga.max = n;
        }
        game = kind->open_args(ctx, &ga, kind_index);
    } else {
        game = kind->open(ctx, use);
    }
    if (!game) {
        snprintf(msg, sizeof msg, "%s", sg_ctx_message(ctx));
        sg_assignment_fail(ctx, a, i, "game", msg);
    }
    return game;
}

/* One student of an assignment: the submissions that are theirs. */
typedef struct student {
    sg_lms_name who;
    size_t *subs;            /* indices into the class list */
    size_t nsubs;
    char **files, **names;   /* the files graded, and their own names */
    size_t nfiles;
    char **notes;            /* found while gathering: for a human */
    size_t nnotes;
    bool late;
} student;

static void student_free(student *st)
{
    sg_lms_name_clear(&st->who);
    free(st->subs);
    for (size_t i = 0; i < st->nfiles; i++) {
        free(st->files[i]);
        free(st->names[i]);
    }
    free(st->files);
    free(st->names);
    for (size_t i = 0; i < st->nnotes; i++)
        free(st->notes[i]);
    free(st->notes);
}

static bool push_str(char ***list, size_t *n, const char *s)
{
    char **grown = realloc(*list, (*n + 1) * sizeof *grown);
    if (!grown)
        return false;
    *list = grown;
    grown[*n] = strdup(s ? s : "");
    if (!grown[*n])
        return false;
    (*n)++;
    return true;
}

/* Adds a file to grade and its own name. */
static bool push_file(student *st, const char *path, const char *name)
{
    char **f = realloc(st->files, (st->nfiles + 1) * sizeof *f);
    if (!f)
        return false;
    st->files = f;
    char **nm = realloc(st->names, (st->nfiles + 1) * sizeof *nm);
    if (!nm)
        return false;
    st->names = nm;
    f[st->nfiles] = strdup(path);
    nm[st->nfiles] = strdup(name);
    if (!f[st->nfiles] || !nm[st->nfiles]) {
        free(f[st->nfiles]);
        free(nm[st->nfiles]);
        return false;
    }
    st->nfiles++;
    return true;
}

static const char *base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    return b && b[1] ? b + 1 : path;
}

/* The attempt key of a file, for keeping only the latest: Blackboard's
 * date, or Canvas's original name with its resubmission number. */
typedef struct attempt {
    char *path;
    sg_lms_name n;
} attempt;

/* Gathers the class's submissions into students by the platform's id: a
 * Canvas student's files, a Moodle student's file and online-text folders,
 * a Blackboard student's attempts and receipts.  Only the latest attempt
 * is graded; a receipt names the student and is never graded. */
static sg_status gather_students(sg_ctx *ctx, class_list *l, student **out,
                                 size_t *nout)
{
    *out = NULL;
    *nout = 0;
    student *all = calloc(l->n ? l->n : 1, sizeof *all);
    if (!all)
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++) {
        submission *s = &l->subs[i];
        sg_lms_name nm;
        const char *label = s->folder ? base_name(s->folder)
                                      : base_name(s->files[0]);
        if (sg_lms_name_read(ctx, label, s->folder == NULL, &nm) != SG_OK)
            goto nomem;
        student *st = NULL;
        for (size_t k = 0; k < n && !st && nm.id; k++)
            if (all[k].who.lms == nm.lms && all[k].who.id &&
                strcmp(all[k].who.id, nm.id) == 0)
                st = &all[k];
        if (!st) {
            st = &all[n++];
            st->who = nm;
            memset(&nm, 0, sizeof nm);
            if (st->who.receipt) {
                free(st->who.name);
                st->who.name = NULL;
            }
        }
        size_t *grown = realloc(st->subs, (st->nsubs + 1) * sizeof *grown);
        if (!grown) {
            sg_lms_name_clear(&nm);
            goto nomem;
        }
        st->subs = grown;
        st->subs[st->nsubs++] = i;
        /* A Moodle file folder names the student better than a receipt or
         * an online text folder does. */
        if (nm.name && !st->who.name && !nm.receipt) {
            st->who.name = nm.name;
            nm.name = NULL;
        }
        sg_lms_name_clear(&nm);
    }
    for (size_t k = 0; k < n; k++) {
        student *st = &all[k];
        /* Every file of the student, with what its name says. */
        attempt *at = NULL;
        size_t nat = 0;
        for (size_t j = 0; j < st->nsubs; j++) {
            submission *s = &l->subs[st->subs[j]];
            for (size_t f = 0; f < s->nfiles; f++) {
                attempt *g = realloc(at, (nat + 1) * sizeof *g);
                if (!g)
                    goto nomem_at;
                at = g;
                memset(&at[nat], 0, sizeof at[nat]);
                at[nat].path = s->files[f];
                if (s->refused[f]) {
                    if (!push_str(&st->notes, &st->nnotes, s->refused[f]))
                        goto nomem_at;
                    continue;
                }
                if (!s->folder &&
                    sg_lms_name_read(ctx, base_name(s->files[f]), 1,
                                     &at[nat].n) != SG_OK)
                    goto nomem_at;
                nat++;
            }
        }
        /* Blackboard: the latest attempt; Canvas: the latest resubmission
         * of each file. */
        const char *latest = NULL;
        for (size_t j = 0; j < nat; j++)
            if (at[j].n.lms == SG_LMS_BLACKBOARD && at[j].n.attempt &&
                (!latest || strcmp(at[j].n.attempt, latest) > 0))
                latest = at[j].n.attempt;
        for (size_t j = 0; j < nat; j++) {
            attempt *a = &at[j];
            if (a->n.receipt) {
                /* The receipt names the student; it is never graded. */
                if (latest && strcmp(a->n.attempt, latest) == 0) {
                    const submission *s0 = &l->subs[st->subs[0]];
                    char *nm = sg_lms_receipt_read(ctx, a->path, s0->root);
                    if (nm) {
                        free(st->who.name);
                        st->who.name = nm;
                    }
                }
                continue;
            }
            if (a->n.lms == SG_LMS_BLACKBOARD && latest &&
                strcmp(a->n.attempt, latest) != 0)
                continue;
            if (a->n.lms == SG_LMS_CANVAS) {
                bool newer = false;
                for (size_t o = 0; o < nat && !newer; o++)
                    newer = o != j && at[o].n.lms == SG_LMS_CANVAS &&
                            strcmp(at[o].n.original, a->n.original) == 0 &&
                            strcmp(at[o].n.attempt, a->n.attempt) > 0;
                if (newer)
                    continue;
                st->late |= a->n.late;
            }
            if (!push_file(st, a->path,
                           a->n.original ? a->n.original : base_name(a->path)))
                goto nomem_at;
        }
        for (size_t j = 0; j < nat; j++)
            sg_lms_name_clear(&at[j].n);
        free(at);
        continue;
    nomem_at:
        for (size_t j = 0; j < nat; j++)
            sg_lms_name_clear(&at[j].n);
        free(at);
        goto nomem;
    }
    *out = all;
    *nout = n;
    return SG_OK;
nomem:
    for (size_t k = 0; k < n; k++)
        student_free(&all[k]);
    free(all);
    return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
}

static sg_status graded_feedback(sg_ctx *ctx, const void *g, FILE *out)
{
    return sg_graded_write_feedback(ctx, g, out);
}

/* Grades the class L for the assignment A: one record per student, the
 * feedback of each when asked, the grades in FORM to OUT. */
static int grade_assignment(sg_ctx *ctx, const settings *set,
                            const sg_assignment *a, sg_game *const *games,
                            class_list *l, sg_book_form form, FILE *out,
                            bool *complete)
{
    *complete = false;
    student *sts;
    size_t n;
    if (gather_students(ctx, l, &sts, &n) != SG_OK)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    bool zh = strcmp(set->lang, "zh") == 0;
    sg_assignment_book *book = sg_assignment_book_new(ctx, a, set->lang);
    feedback_set fs = {0};
    /* A report is named after the student, as the platform names them. */
    submission *named = calloc(n ? n : 1, sizeof *named);
    const submission **who = calloc(n ? n : 1, sizeof *who);
    bool imperfect = false;
    if (!book || !named || !who) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    for (size_t k = 0; k < n; k++) {
        named[k] = l->subs[sts[k].subs[0]];
        named[k].who.name = sts[k].who.name;
        named[k].who.id = sts[k].who.id;
        named[k].chosen = 0;
        who[k] = &named[k];
    }
    if (set->feedback &&
        feedback_open(ctx, &fs, set->feedback, l, who, n) != SG_OK)
        goto done;
    for (size_t k = 0; k < n; k++) {
        student *st = &sts[k];
        if (st->who.test_student) {
            if (sg_assignment_book_add(book, st->who.id, "Test Student",
                                       (const char *const *)st->files,
                                       st->nfiles, st->late, NULL,
                                       zh ? "Canvas 的测试学生"
                                          : "Canvas's test student") != SG_OK)
                goto done;
            continue;
        }
        const submission *s0 = &l->subs[st->subs[0]];
        sg_grade_opts go = {.size = sizeof go, .lang = set->lang,
                            .inside = s0->folder && st->nsubs == 1 ? s0->folder
                                                                   : s0->root};
        sg_graded *g = sg_assignment_grade(ctx, a, games,
                                           (const char *const *)st->files,
                                           (const char *const *)st->names,
                                           st->nfiles, &go);
        if (!g)
            goto done;
        sg_status ss = SG_OK;
        for (size_t i = 0; i < st->nnotes && ss == SG_OK; i++)
            ss = sg_graded_add_human(ctx, g, st->notes[i]);
        if (ss == SG_OK && st->nfiles == 0 && st->nnotes == 0)
            ss = sg_graded_add_human(ctx, g, zh ? "没有可以评分的文件"
                                                : "no file to grade was "
                                                  "handed in");
        double got, most;
        sg_graded_total(g, &got, &most);
        imperfect |= got < most || sg_graded_human_count(g) > 0;
        if (ss == SG_OK)
            ss = sg_assignment_book_add(book, st->who.id, st->who.name,
                                        (const char *const *)st->files,
                                        st->nfiles, st->late, g, NULL);
        if (ss == SG_OK && fs.od)
            ss = write_report(ctx, fs.od, fs.dir, fs.names[k],
                              graded_feedback, g);
        sg_graded_free(g);
        if (ss != SG_OK)
            goto done;
    }
    if (feedback_commit(ctx, &fs) != SG_OK)
        goto done;
    if (sg_assignment_book_write(ctx, book, form, out) != SG_OK)
        goto done;
    *complete = true;
    rc = imperfect ? EXIT_VERDICT : EXIT_OK;
done:
    feedback_free(&fs);
    free(named);
    free(who);
    sg_assignment_book_free(book);
    for (size_t k = 0; k < n; k++)
        student_free(&sts[k]);
    free(sts);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* The command                                                              */
/* ------------------------------------------------------------------------ */

enum { OPT_SUM = 256, OPT_POINTS, OPT_FEEDBACK, OPT_CHART, OPT_ASSIGNMENT,
       OPT_GRADEBOOK };

#define MAX_SUMS 64

/* `check --assignment FILE CLASS...`. */
static int check_assignment(sg_ctx *ctx, settings *set, const char *path,
                            const char *gradebook, const cli_game_args *ga,
                            const char *output, const char *format_name,
                            int argc, char **argv)
{
    for (size_t k = 0; k < CLI_MAX_KINDS; k++)
        if (ga->game[k]) {
            sg_ctx_fail(ctx, SG_EINPUT, "--assignment %s: the games are the "
                        "assignment's (game = in each question); give no "
                        "game option", path);
            return EXIT_BAD;
        }
    if (ga->max || set->points || set->chart || set->nsums) {
        sg_ctx_fail(ctx, SG_EINPUT, "--assignment %s: %s is the assignment "
                    "file's to say (n = and points = in each question)", path,
                    ga->max ? "-n" : set->points ? "--points"
                    : set->chart ? "--chart" : "--sum");
        return EXIT_BAD;
    }
    sg_book_form form = SG_BOOK_TEXT;
    if (gradebook) {
        if (sg_book_form_parse(ctx, gradebook, &form) != SG_OK)
            return EXIT_BAD;
    } else if (strcmp(format_name, "csv") == 0) {
        form = SG_BOOK_CSV;
    } else if (strcmp(format_name, "json") == 0) {
        form = SG_BOOK_JSON;
    }
    sg_assignment *a = sg_assignment_read(ctx, path);
    if (!a)
        return EXIT_BAD;
    int rc = EXIT_BAD;
    size_t nq = sg_assignment_count(a);
    sg_game **games = calloc(nq, sizeof *games);
    class_list files;
    memset(&files, 0, sizeof files);
    cli_output *out = NULL;
    if (!games) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < nq; i++)
        if (!(games[i] = question_game(ctx, a, i)))
            goto done;
    if (collect(ctx, &files, set->lang, argc, argv) != SG_OK ||
        refuse_twice(ctx, &files, set->lang) != SG_OK)
        goto done;
    if (output && (cli_check_not_input(ctx, output, path) != SG_OK ||
                   refuse_among_inputs(ctx, "-o", output, &files) != SG_OK))
        goto done;
    out = cli_output_open(ctx, output);
    if (!out)
        goto done;
    bool complete;
    rc = grade_assignment(ctx, set, a, games, &files, form,
                          cli_output_stream(out), &complete);
    if (complete && cli_commit(ctx, &out) != EXIT_OK)
        rc = EXIT_BAD;
done:
    cli_output_abort(out);
    for (size_t i = 0; games && i < nq; i++)
        sg_game_free(games[i]);
    free(games);
    class_free(&files);
    sg_assignment_free(a);
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
        {"sum", required_argument, NULL, OPT_SUM},
        {"points", required_argument, NULL, OPT_POINTS},
        {"feedback", required_argument, NULL, OPT_FEEDBACK},
        {"chart", required_argument, NULL, OPT_CHART},
        {"assignment", required_argument, NULL, OPT_ASSIGNMENT},
        {"gradebook", required_argument, NULL, OPT_GRADEBOOK},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    cli_game_args ga = {0};
    const char *input_format = "auto", *format_name = NULL, *lang = "en";
    const char *output = NULL, *points_spec = NULL;
    const char *assignment = NULL, *gradebook = NULL;
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
        case OPT_ASSIGNMENT: assignment = optarg; break;
        case OPT_GRADEBOOK: gradebook = optarg; break;
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
    /* A rules file's game is explored from -n N as in every command (from
     * 0..N, or from (N, ..., N)): it is checked at every position of it. */
    bool rules_kind = cli_game_explores(&ga);
    if (ga.max && !rules_kind) {
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

    if (assignment)
        return check_assignment(ctx, &set, assignment, gradebook, &ga, output,
                                format_name, argc - optind, argv + optind);
    if (gradebook) {
        sg_ctx_fail(ctx, SG_EINPUT, "--gradebook %s goes with --assignment "
                    "FILE", gradebook);
        return EXIT_BAD;
    }
    int rc = EXIT_BAD;
    class_list files;
    memset(&files, 0, sizeof files);
    cli_output *out = NULL;
    sg_game *game = NULL;
    if (collect(ctx, &files, set.lang, argc - optind, argv + optind) != SG_OK ||
        refuse_twice(ctx, &files, set.lang) != SG_OK ||
        join_platform_files(ctx, &files, set.lang) != SG_OK)
        goto done;
    bool one = files.n == 1 && !files.from_directory;
    if (one && (set.points || set.feedback || set.chart)) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s goes with a class: several files or a "
                    "directory", set.points ? "--points"
                                 : set.feedback ? "--feedback" : "--chart");
        goto done;
    }
    const char *outputs[2] = {output, set.chart};
    const char *names[2] = {"-o", "--chart"};
    for (int k = 0; k < 2; k++) {
        if (!outputs[k])
            continue;
        if (cli_check_not_input(ctx, outputs[k], cli_game_file(&ga)) != SG_OK ||
            refuse_among_inputs(ctx, names[k], outputs[k], &files) != SG_OK)
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
