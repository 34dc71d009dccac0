/*
 * outdir.c - a set of files that appears in a directory whole or not at all
 * (see outdir.h).
 *
 * Every temporary name is listed for cli_output_cleanup() as it is made,
 * with signals held, so that a signal that stops sgviz half-way leaves
 * none of them behind; the moves into place happen with signals held too,
 * so that a signal cannot stop them half-way either.
 */
#define _POSIX_C_SOURCE 200809L
#include "outdir.h"
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cli_outdir {
    const cli_outdir_kind *kind;
    char *shown;   /* the directory as it was asked for, for messages */
    char *final;   /* the directory asked for, without trailing slashes */
    char *temp;    /* the directory the files are written in */
    bool existed;  /* FINAL existed: the files move into it one by one */
    char **names;  /* the files made (and listed) in TEMP */
    size_t n, cap;
};

/* DIR/NAME in a new string (plain malloc, so that cleaning up after an
 * error leaves the error's message alone), or NULL. */
static char *entry_path(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static char *copy_of(sg_ctx *ctx, const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* Takes the temporary directory and its files off the list of temporary
 * names. */
static void unlist(cli_outdir *od)
{
    for (size_t i = 0; i < od->n; i++) {
        char *p = entry_path(od->temp, od->names[i]);
        if (p)
            cli_temp_forget(p);
        free(p);
    }
    cli_temp_forget(od->temp);
}

static void outdir_free(cli_outdir *od)
{
    for (size_t i = 0; i < od->n; i++)
        free(od->names[i]);
    free(od->names);
    free(od->temp);
    free(od->final);
    free(od->shown);
    free(od);
}

void cli_outdir_abort(cli_outdir *od)
{
    if (!od)
        return;
    if (od->temp) {
        sigset_t old;
        cli_signals_hold(&old);
        for (size_t i = 0; i < od->n; i++) {
            char *p = entry_path(od->temp, od->names[i]);
            if (p)
                unlink(p);
            free(p);
        }
        rmdir(od->temp);
        unlist(od);
        cli_signals_release(&old);
    }
    outdir_free(od);
}

cli_outdir *cli_outdir_open(sg_ctx *ctx, const char *dir,
                            const cli_outdir_kind *kind)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    if (n == 0) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s \"\": the output directory's name is "
                    "empty", kind->option);
        return NULL;
    }
    cli_outdir *od = calloc(1, sizeof *od);
    if (!od) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    od->kind = kind;
    od->shown = copy_of(ctx, dir, strlen(dir));
    od->final = od->shown ? copy_of(ctx, dir, n) : NULL;
    if (!od->final) {
        outdir_free(od);
        return NULL;
    }
    struct stat sb;
    if (stat(od->final, &sb) == 0) {
        if (!S_ISDIR(sb.st_mode)) {
            sg_ctx_fail(ctx, SG_EINPUT, "%s %s: exists and is not a directory",
                        kind->option, dir);
            outdir_free(od);
            return NULL;
        }
        od->existed = true;
        od->temp = cli_temp_name(ctx, od->final, "new");
    } else {
        const char *slash = strrchr(od->final, '/');
        char *parent = slash ? copy_of(ctx, od->final,
                                       slash == od->final
                                           ? 1
                                           : (size_t)(slash - od->final))
                             : copy_of(ctx, ".", 1);
        if (!parent) {
            outdir_free(od);
            return NULL;
        }
        if (stat(parent, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            sg_ctx_fail(ctx, SG_EINPUT, "%s %s: the directory %s does not exist",
                        kind->option, dir, parent);
            free(parent);
            outdir_free(od);
            return NULL;
        }
        od->temp = cli_temp_name(ctx, parent, slash ? slash + 1 : od->final);
        free(parent);
    }
    if (!od->temp) {
        outdir_free(od);
        return NULL;
    }
    sigset_t old;
    cli_signals_hold(&old);
    bool made = mkdtemp(od->temp) != NULL;
    int err = errno;
    sg_status st = made ? cli_temp_add(ctx, od->temp, true) : SG_OK;
    if (made && st != SG_OK)
        rmdir(od->temp);
    cli_signals_release(&old);
    if (!made)
        st = sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot write in it: %s",
                         kind->option, dir, strerror(err));
    if (st != SG_OK) {
        free(od->temp);
        od->temp = NULL;
        outdir_free(od);
        return NULL;
    }
    return od;
}

FILE *cli_outdir_create(sg_ctx *ctx, cli_outdir *od, const char *name)
{
    if (od->n == od->cap) {
        size_t cap = od->cap ? od->cap * 2 : 32;
        char **grown = realloc(od->names, cap * sizeof *grown);
        if (!grown) {
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing %s",
                        od->kind->many);
            return NULL;
        }
        od->names = grown;
        od->cap = cap;
    }
    char *copy = copy_of(ctx, name, strlen(name));
    char *path = copy ? entry_path(od->temp, name) : NULL;
    if (!path) {
        free(copy);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing %s",
                    od->kind->many);
        return NULL;
    }
    sigset_t old;
    cli_signals_hold(&old);
    FILE *f = fopen(path, "wbx");
    int err = errno;
    if (f && cli_temp_add(ctx, path, false) != SG_OK) {
        fclose(f);
        unlink(path);
        free(copy);
        f = NULL;
    } else if (f) {
        od->names[od->n++] = copy;
    } else {
        free(copy);
        sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot write %s: %s",
                    od->kind->option, od->shown, name, strerror(err));
    }
    cli_signals_release(&old);
    free(path);
    return f;
}

sg_status cli_outdir_close(sg_ctx *ctx, cli_outdir *od, FILE *f)
{
    bool bad = fflush(f) != 0 || ferror(f);
    int err = errno;
    if (fclose(f) != 0 && !bad) {
        bad = true;
        err = errno;
    }
    if (!bad)
        return SG_OK;
    return sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot write %s: %s; nothing "
                       "was written there", od->kind->option, od->shown,
                       od->n ? od->names[od->n - 1] : "a file",
                       strerror(err ? err : EIO));
}

/* Renames made while replacing an old set, to be undone if a later one
 * fails. */
typedef struct rename_log {
    char **from, **to;
    size_t n, cap;
} rename_log;

/* Renames FROM to TO (both taken over by the log) and records it.
 * Returns 0, or an errno value. */
static int logged_rename(rename_log *log, char *from, char *to)
{
    if (!from || !to) {
        free(from);
        free(to);
        return ENOMEM;
    }
    if (log->n == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 64;
        char **f = realloc(log->from, cap * sizeof *f);
        if (f)
            log->from = f;
        char **t = f ? realloc(log->to, cap * sizeof *t) : NULL;
        if (t)
            log->to = t;
        if (!f || !t) {
            free(from);
            free(to);
            return ENOMEM;
        }
        log->cap = cap;
    }
    if (rename(from, to) != 0) {
        int err = errno;
        free(from);
        free(to);
        return err;
    }
    log->from[log->n] = from;
    log->to[log->n++] = to;
    return 0;
}

/* Undoes the renames of LOG, last first, when UNDO is set, then frees
 * it. */
static void rename_log_end(rename_log *log, bool undo)
{
    for (size_t i = log->n; i-- > 0;) {
        if (undo && rename(log->to[i], log->from[i]) != 0) {
            /* Nothing better can be done: the file keeps its new place. */
        }
        free(log->from[i]);
        free(log->to[i]);
    }
    free(log->from);
    free(log->to);
}

/* Moves the finished files into an existing directory, which then holds
 * the new set only: the old set's files go into a directory of their own
 * first, and come back if anything fails, so that the old set is either
 * whole or replaced.  It all happens with signals held. */
static sg_status replace_set(sg_ctx *ctx, cli_outdir *od)
{
    const cli_outdir_kind *k = od->kind;
    /* A name among the new files taken by something that is not a file
     * (a directory, say) is refused before anything moves. */
    for (size_t i = 0; i < od->n; i++) {
        char *p = entry_path(od->final, od->names[i]);
        struct stat sb;
        bool odd = p && lstat(p, &sb) == 0 && !S_ISREG(sb.st_mode) &&
                   !S_ISLNK(sb.st_mode);
        free(p);
        if (odd)
            return sg_ctx_fail(ctx, SG_EINPUT, "%s %s: %s is not a file, so it "
                               "cannot be replaced by %s; %s there are left "
                               "as they were", k->option, od->shown,
                               od->names[i], k->one, k->many);
    }
    char *aside = cli_temp_name(ctx, od->final, "old");
    if (!aside)
        return sg_ctx_status(ctx);
    sigset_t old;
    cli_signals_hold(&old);
    if (!mkdtemp(aside)) {
        cli_signals_release(&old);
        sg_status s = sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot write in it: "
                                  "%s", k->option, od->shown, strerror(errno));
        free(aside);
        return s;
    }
    rename_log log = {0};
    int err = 0;
    const char *failed = NULL;
    DIR *dh = k->owned ? opendir(od->final) : NULL;
    if (k->owned && !dh)
        err = errno;
    for (struct dirent *e = dh ? readdir(dh) : NULL; e && !err;
         e = readdir(dh)) {
        if (e->d_name[0] != '.' && k->owned(e->d_name, k->user)) {
            struct stat sb;
            char *p = entry_path(od->final, e->d_name);
            if (p && lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
                free(p);
                continue;
            }
            err = logged_rename(&log, p, entry_path(aside, e->d_name));
        }
    }
    if (dh)
        closedir(dh);
    size_t i = 0;
    for (; i < od->n && !err; i++)
        err = logged_rename(&log, entry_path(od->temp, od->names[i]),
                            entry_path(od->final, od->names[i]));
    if (err)
        failed = i > 0 ? k->one : k->many;
    rename_log_end(&log, err != 0);
    if (!err) {
        unlist(od);
        rmdir(od->temp);
    }
    /* What was set aside goes now, or has gone back. */
    dh = opendir(aside);
    for (struct dirent *e = dh ? readdir(dh) : NULL; e; e = readdir(dh)) {
        char *p = entry_path(aside, e->d_name);
        if (p && e->d_name[0] != '.')
            unlink(p);
        free(p);
    }
    if (dh)
        closedir(dh);
    rmdir(aside);
    free(aside);
    cli_signals_release(&old);
    if (err)
        return sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot move %s into place "
                           "(%s); %s there are left as they were", k->option,
                           od->shown, failed, strerror(err), k->many);
    free(od->temp);
    od->temp = NULL;
    return SG_OK;
}

sg_status cli_outdir_commit(sg_ctx *ctx, cli_outdir *od)
{
    sg_status st = SG_OK;
    if (od->existed) {
        st = replace_set(ctx, od);
    } else {
        /* mkdtemp makes the directory private; give it the mode a plain
         * mkdir would have. */
        mode_t mask = umask(0);
        umask(mask);
        if (chmod(od->temp, 0777 & ~mask) != 0) {
            /* Not fatal: the files matter more than the mode. */
        }
        sigset_t old;
        cli_signals_hold(&old);
        int rc = rename(od->temp, od->final);
        int err = errno;
        if (rc == 0)
            unlist(od);
        cli_signals_release(&old);
        if (rc != 0)
            st = sg_ctx_fail(ctx, SG_EIO, "%s %s: cannot write: %s",
                             od->kind->option, od->shown, strerror(err));
        else {
            free(od->temp);
            od->temp = NULL;
        }
    }
    if (st != SG_OK) {
        cli_outdir_abort(od);
        return st;
    }
    outdir_free(od);
    return SG_OK;
}
