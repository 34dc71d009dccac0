/*
 * report_set.c - a folder of reports that appears whole or not at all.
 *
 * A class's feedback is one file per student.  Written one by one into
 * their folder, a full disk half-way would leave some students with this
 * run's report and others with last week's, and nothing would say which.
 * So every report is written into a temporary folder first, and only when
 * the last one is complete do they move into place: a new folder is
 * renamed whole; into an existing one each file is renamed, and the files
 * already moved go back if one rename fails.
 *
 * rename() replaces a directory entry and never follows a symbolic link
 * standing at the final name, so a link planted in the feedback folder is
 * replaced by the report, and the file it pointed to is left alone.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sg_report_set {
    char *option;     /* "--feedback", for messages */
    char *final;      /* the folder asked for, without trailing slashes */
    char *temp;       /* the temporary folder the reports are written in */
    bool existed;     /* FINAL existed: files are moved in one by one */
    char **names;     /* the reports written, in order */
    size_t n, cap;
    FILE *current;    /* the report being written, or NULL */
};

static char *path_in(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

sg_report_set *sg_report_set_open(sg_ctx *ctx, const char *option,
                                  const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s \"\": the folder's name is empty",
                    option);
        return NULL;
    }
    sg_report_set *rs = sg_alloc(ctx, 1, sizeof *rs);
    if (!rs)
        return NULL;
    rs->option = sg_strdup(ctx, option);
    rs->final = rs->option ? sg_strndup(ctx, dir, n) : NULL;
    if (!rs->final) {
        sg_report_set_abort(rs);
        return NULL;
    }
    struct stat sb;
    if (stat(rs->final, &sb) == 0) {
        if (!S_ISDIR(sb.st_mode)) {
            sg_ctx_fail(ctx, SG_EIO, "%s %s: exists and is not a folder",
                        option, rs->final);
            sg_report_set_abort(rs);
            return NULL;
        }
        rs->existed = true;
        rs->temp = sg_temp_name(ctx, rs->final, "feedback");
    } else {
        const char *slash = strrchr(rs->final, '/');
        char *parent = slash ? sg_strndup(ctx, rs->final,
                                          slash == rs->final
                                              ? 1
                                              : (size_t)(slash - rs->final))
                             : sg_strdup(ctx, ".");
        if (!parent) {
            sg_report_set_abort(rs);
            return NULL;
        }
        if (stat(parent, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            sg_ctx_fail(ctx, SG_EIO, "%s %s: the folder %s does not exist",
                        option, rs->final, parent);
            free(parent);
            sg_report_set_abort(rs);
            return NULL;
        }
        rs->temp = sg_temp_name(ctx, parent, slash ? slash + 1 : rs->final);
        free(parent);
    }
    if (!rs->temp) {
        sg_report_set_abort(rs);
        return NULL;
    }
    sigset_t old;
    sg_signals_hold(&old);
    bool made = mkdtemp(rs->temp) != NULL;
    int err = errno;
    sg_status st = made ? sg_temp_add(ctx, rs->temp, true) : SG_OK;
    if (made && st != SG_OK)
        rmdir(rs->temp);
    sg_signals_release(&old);
    if (!made) {
        sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot write in it: %s", option,
                    rs->final, strerror(err));
        free(rs->temp);
        rs->temp = NULL;
    }
    if (!made || st != SG_OK) {
        sg_report_set_abort(rs);
        return NULL;
    }
    return rs;
}

/* Closes the report being written.  Returns SG_OK, or SG_EIO naming the
 * report and the reason (a full disk shows here, at the latest). */
static sg_status close_current(sg_ctx *ctx, sg_report_set *rs)
{
    if (!rs->current)
        return SG_OK;
    FILE *f = rs->current;
    rs->current = NULL;
    bool bad = ferror(f) != 0;
    int err = bad ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !bad) {
        bad = true;
        err = errno;
    }
    if (bad)
        return sg_ctx_fail(ctx, SG_EIO, "%s %s/%s: cannot write the report: "
                           "%s; no report was written", rs->option, rs->final,
                           rs->names[rs->n - 1], strerror(err));
    return SG_OK;
}

FILE *sg_report_set_add(sg_ctx *ctx, sg_report_set *rs, const char *name)
{
    if (close_current(ctx, rs) != SG_OK)
        return NULL;
    if (!*name || strchr(name, '/') || strcmp(name, ".") == 0 ||
        strcmp(name, "..") == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: \"%s\" is no file name", rs->option,
                    name);
        return NULL;
    }
    for (size_t i = 0; i < rs->n; i++)
        if (strcmp(rs->names[i], name) == 0) {
            sg_ctx_fail(ctx, SG_EINPUT, "%s: two reports named %s",
                        rs->option, name);
            return NULL;
        }
    if (rs->n == rs->cap) {
        size_t cap = rs->cap ? rs->cap * 2 : 32;
        char **grown = sg_grow(ctx, rs->names, cap, sizeof *grown);
        if (!grown)
            return NULL;
        rs->names = grown;
        rs->cap = cap;
    }
    char *copy = sg_strdup(ctx, name);
    char *path = copy ? path_in(rs->temp, name) : NULL;
    if (!path) {
        free(copy);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    sigset_t old;
    sg_signals_hold(&old);
    FILE *f = fopen(path, "wbx");
    int err = errno;
    if (f && sg_temp_add(ctx, path, false) != SG_OK) {
        fclose(f);
        unlink(path);
        f = NULL;
        err = 0;
    }
    sg_signals_release(&old);
    free(path);
    if (!f) {
        free(copy);
        if (err)
            sg_ctx_fail(ctx, SG_EIO, "%s %s/%s: cannot write the report: %s; "
                        "no report was written", rs->option, rs->final, name,
                        strerror(err));
        return NULL;
    }
    rs->names[rs->n++] = copy;
    rs->current = f;
    return f;
}

/* Removes the temporary folder and what is in it. */
static void remove_temp(sg_report_set *rs)
{
    if (!rs->temp)
        return;
    for (size_t i = 0; i < rs->n; i++) {
        char *p = path_in(rs->temp, rs->names[i]);
        if (p) {
            unlink(p);
            sg_temp_forget(p);
        }
        free(p);
    }
    rmdir(rs->temp);
    sg_temp_forget(rs->temp);
}

void sg_report_set_abort(sg_report_set *rs)
{
    if (!rs)
        return;
    if (rs->current)
        fclose(rs->current);
    sigset_t old;
    sg_signals_hold(&old);
    remove_temp(rs);
    sg_signals_release(&old);
    for (size_t i = 0; i < rs->n; i++)
        free(rs->names[i]);
    free(rs->names);
    free(rs->temp);
    free(rs->final);
    free(rs->option);
    free(rs);
}

/* Moves the reports into the existing folder one by one; when one cannot
 * move, the ones moved before it go back where they came from, and the old
 * files they replaced come back too.  Returns 0 or an errno value, with
 * *FAILED the report that could not move. */
static int move_each(sg_ctx *ctx, sg_report_set *rs, size_t *failed)
{
    /* Old files of the same names are set aside, so that a failure can
     * bring them back. */
    char *aside = sg_temp_name(ctx, rs->final, "feedback-old");
    if (!aside || !mkdtemp(aside)) {
        int err = aside ? errno : ENOMEM;
        free(aside);
        *failed = 0;
        return err;
    }
    int err = 0;
    size_t moved = 0;
    bool *had_old = calloc(rs->n ? rs->n : 1, sizeof *had_old);
    if (!had_old)
        err = ENOMEM;
    for (size_t i = 0; i < rs->n && !err; i++) {
        char *from = path_in(rs->temp, rs->names[i]);
        char *to = path_in(rs->final, rs->names[i]);
        char *old = path_in(aside, rs->names[i]);
        struct stat sb;
        if (!from || !to || !old) {
            err = ENOMEM;
        } else {
            if (lstat(to, &sb) == 0) {
                if (S_ISDIR(sb.st_mode))
                    err = EISDIR;
                else if (rename(to, old) == 0)
                    had_old[i] = true;
                else
                    err = errno;
            }
            if (!err && rename(from, to) != 0)
                err = errno;
        }
        if (err)
            *failed = i;
        else
            moved = i + 1;
        free(from);
        free(to);
        free(old);
    }
    for (size_t i = err ? rs->n : 0; i-- > 0;) {
        char *from = path_in(rs->temp, rs->names[i]);
        char *to = path_in(rs->final, rs->names[i]);
        char *old = path_in(aside, rs->names[i]);
        if (from && to && old) {
            if (i < moved && rename(to, from) != 0) {
                /* Nothing better can be done: the report keeps its place. */
            }
            if (had_old && had_old[i] && rename(old, to) != 0) {
                /* As above: the old file stays set aside, by its name. */
            }
        }
        free(from);
        free(to);
        free(old);
    }
    /* The old files go now (or have gone back). */
    for (size_t i = 0; i < rs->n; i++) {
        char *old = path_in(aside, rs->names[i]);
        if (old)
            unlink(old);
        free(old);
    }
    rmdir(aside);
    free(aside);
    free(had_old);
    return err;
}

sg_status sg_report_set_commit(sg_ctx *ctx, sg_report_set *rs)
{
    sg_status st = close_current(ctx, rs);
    if (st != SG_OK) {
        sg_report_set_abort(rs);
        return st;
    }
    sigset_t old;
    sg_signals_hold(&old);
    int err = 0;
    size_t failed = 0;
    if (rs->existed) {
        err = move_each(ctx, rs, &failed);
    } else {
        /* mkdtemp makes the folder private; give it the mode a plain
         * mkdir would have. */
        mode_t mask = umask(0);
        umask(mask);
        if (chmod(rs->temp, 0777 & ~mask) != 0) {
            /* Not fatal: the reports matter more than the mode. */
        }
        if (rename(rs->temp, rs->final) != 0)
            err = errno;
    }
    if (!err) {
        /* Everything is in place: nothing is left to clean up. */
        for (size_t i = 0; i < rs->n; i++) {
            char *p = path_in(rs->temp, rs->names[i]);
            if (p)
                sg_temp_forget(p);
            free(p);
        }
        if (rs->existed)
            rmdir(rs->temp);
        sg_temp_forget(rs->temp);
        free(rs->temp);
        rs->temp = NULL;
    }
    sg_signals_release(&old);
    if (err) {
        if (rs->existed && rs->n)
            st = sg_ctx_fail(ctx, SG_EIO, "%s %s/%s: cannot move the report "
                             "into place: %s; the folder is left as it was",
                             rs->option, rs->final, rs->names[failed],
                             strerror(err));
        else
            st = sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot move the reports "
                             "into place: %s; no report was written",
                             rs->option, rs->final, strerror(err));
    }
    sg_report_set_abort(rs);
    return st;
}
