/*
 * output.c - output files that appear whole or not at all.
 *
 * A file is written under a temporary name in the directory of its final
 * name and renamed into place once complete.  rename() within a directory is
 * atomic, so a reader (or a slide deck that includes the picture) sees either
 * the old file or the new one, never half of one; and when sgviz fails
 * halfway, the old file is still there.
 *
 * Two kinds of names are not plain files.  A symbolic link is followed: the
 * file it points to is replaced, atomically as any other, and the link
 * stays.  A device or a FIFO (-o /dev/stdout, a named pipe) cannot be
 * replaced by renaming a file over it, which would break it for everyone
 * (run as root, "-o /dev/null" would leave a regular file in /dev); it is
 * written to directly, as a shell redirection would.
 *
 * Temporary files and directories still being written are listed, so that
 * cli_output_cleanup() can remove them when a signal stops the program.
 */
#define _DEFAULT_SOURCE /* realpath */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* malloc() and strdup() that record a failure in CTX, as the library's own
 * allocators do: the front end reaches the library through its public
 * header only. */
static void *alloc_or_fail(sg_ctx *ctx, size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    return p;
}

static char *strdup_or_fail(sg_ctx *ctx, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = alloc_or_fail(ctx, n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* ------------------------------------------------------------------------ */
/* Temporary names, for cleaning up after a signal                          */
/* ------------------------------------------------------------------------ */

typedef struct temp_name {
    char *path;
    bool dir;
} temp_name;

/* The list is changed only with every signal blocked, so that a handler
 * that calls cli_output_cleanup() never sees it half changed. */
static temp_name *temps;
static size_t ntemps, temps_cap;

static void block_signals(sigset_t *old)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, old);
}

static void restore_signals(const sigset_t *old)
{
    sigprocmask(SIG_SETMASK, old, NULL);
}

sg_status cli_temp_add(sg_ctx *ctx, const char *path, bool dir)
{
    char *copy = strdup_or_fail(ctx, path);
    if (!copy)
        return sg_ctx_status(ctx);
    sigset_t old;
    block_signals(&old);
    if (ntemps == temps_cap) {
        size_t cap = temps_cap ? temps_cap * 2 : 16;
        temp_name *grown = realloc(temps, cap * sizeof *grown);
        if (!grown) {
            restore_signals(&old);
            free(copy);
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        }
        temps = grown;
        temps_cap = cap;
    }
    temps[ntemps].path = copy;
    temps[ntemps].dir = dir;
    ntemps++;
    restore_signals(&old);
    return SG_OK;
}

void cli_temp_forget(const char *path)
{
    char *gone = NULL;
    sigset_t old;
    block_signals(&old);
    for (size_t i = ntemps; i-- > 0;) {
        if (strcmp(temps[i].path, path) == 0) {
            gone = temps[i].path;
            temps[i] = temps[--ntemps];
            break;
        }
    }
    if (ntemps == 0) {
        free(temps);
        temps = NULL;
        temps_cap = 0;
    }
    restore_signals(&old);
    free(gone);
}

void cli_output_cleanup(void)
{
    /* unlink() and rmdir() are async-signal-safe; files go first, so that
     * the directories they were in are empty. */
    for (size_t i = 0; i < ntemps; i++)
        if (!temps[i].dir)
            unlink(temps[i].path);
    for (size_t i = ntemps; i-- > 0;)
        if (temps[i].dir)
            rmdir(temps[i].path);
}

void cli_signals_hold(sigset_t *old) { block_signals(old); }

void cli_signals_release(const sigset_t *old) { restore_signals(old); }

/* ------------------------------------------------------------------------ */
/* Names                                                                    */
/* ------------------------------------------------------------------------ */

/* The most symbolic links followed, as the kernel's own limit. */
#define MAX_LINKS 40

/* The file PATH names once symbolic links are followed, in a new string
 * (PATH itself when it is no link), or NULL after recording an error.  The
 * file itself need not exist: a link may point to a name to create. */
static char *follow_links(sg_ctx *ctx, const char *path)
{
    char *at = strdup_or_fail(ctx, path);
    for (int hops = 0; at; hops++) {
        struct stat st;
        if (lstat(at, &st) != 0 || !S_ISLNK(st.st_mode))
            return at;
        if (hops == MAX_LINKS) {
            sg_ctx_fail(ctx, SG_EINPUT, "-o %s: too many symbolic links", path);
            break;
        }
        char target[PATH_MAX];
        ssize_t n = readlink(at, target, sizeof target - 1);
        if (n < 0) {
            sg_ctx_fail(ctx, SG_EIO, "-o %s: %s", path, strerror(errno));
            break;
        }
        target[n] = '\0';
        /* A relative target is relative to the link's directory. */
        const char *slash = strrchr(at, '/');
        size_t keep = target[0] != '/' && slash ? (size_t)(slash - at) + 1 : 0;
        char *next = alloc_or_fail(ctx, keep + (size_t)n + 1);
        if (!next)
            break;
        memcpy(next, at, keep);
        memcpy(next + keep, target, (size_t)n + 1);
        free(at);
        at = next;
    }
    free(at);
    return NULL;
}

static void split_path(const char *path, char **dir, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        *dir = NULL;
        *base = path;
        return;
    }
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    *dir = malloc(n + 1);
    if (*dir) {
        memcpy(*dir, path, n);
        (*dir)[n] = '\0';
    }
    *base = slash + 1;
}

/* Whether NAME is ".BASE.sgviz-PID-XXXXXX" (BASE the first BLEN bytes of
 * BASE) for a process PID that no longer runs: what a run stopped by
 * SIGKILL, which no handler sees, leaves behind.  A PID that runs, even a
 * process other than sgviz that took the number over, keeps its file. */
static bool stale_temp(const char *name, const char *base, size_t blen)
{
    static const char tag[] = ".sgviz-";
    if (name[0] != '.' || strncmp(name + 1, base, blen) != 0 ||
        strncmp(name + 1 + blen, tag, sizeof tag - 1) != 0)
        return false;
    const char *p = name + 1 + blen + sizeof tag - 1;
    long pid = 0;
    const char *digits = p;
    while (*p >= '0' && *p <= '9' && p - digits < 10)
        pid = pid * 10 + (*p++ - '0');
    if (p == digits || *p != '-' || strlen(p + 1) != 6 || pid <= 0 ||
        pid == (long)getpid())
        return false;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes what earlier runs stopped by SIGKILL left in DIR under BASE's
 * temporary names: files, and directories of files (a set of frames being
 * written).  Anything else stays. */
static void sweep_stale(const char *dir, const char *base, size_t blen)
{
    DIR *dh = opendir(dir);
    if (!dh)
        return;
    for (struct dirent *e = readdir(dh); e; e = readdir(dh)) {
        if (!stale_temp(e->d_name, base, blen))
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(n);
        if (!path)
            break;
        snprintf(path, n, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            unlink(path);
        } else if (S_ISDIR(st.st_mode)) {
            DIR *inner = opendir(path);
            for (struct dirent *f = inner ? readdir(inner) : NULL; f;
                 f = readdir(inner)) {
                size_t m = n + strlen(f->d_name) + 1;
                char *fp = malloc(m);
                struct stat fs;
                if (fp) {
                    snprintf(fp, m, "%s/%s", path, f->d_name);
                    if (lstat(fp, &fs) == 0 && S_ISREG(fs.st_mode))
                        unlink(fp);
                }
                free(fp);
            }
            if (inner)
                closedir(inner);
            rmdir(path);
        }
        free(path);
    }
    closedir(dh);
}

char *cli_temp_name(sg_ctx *ctx, const char *dir, const char *base)
{
    /* ".BASE.sgviz-PID-XXXXXX", with BASE cut short when the whole would be
     * longer than the file system allows a name to be: a name the file
     * system takes must be writable.  The process number lets a later run
     * tell a name that a killed run left from one that a running sgviz is
     * writing. */
    char suffix[48];
    snprintf(suffix, sizeof suffix, ".sgviz-%ld-XXXXXX", (long)getpid());
    size_t slen = strlen(suffix);
    long name_max = pathconf(dir, _PC_NAME_MAX);
    if (name_max <= 0)
        name_max = 255;
    size_t room = (size_t)name_max - 1 - slen;
    size_t blen = strlen(base);
    if (blen > room)
        blen = room;
    sweep_stale(dir, base, blen);
    size_t n = strlen(dir) + blen + slen + 3;
    char *temp = alloc_or_fail(ctx, n);
    if (temp)
        snprintf(temp, n, "%s/.%.*s%s", dir, (int)blen, base, suffix);
    return temp;
}

/* ------------------------------------------------------------------------ */
/* Outputs                                                                  */
/* ------------------------------------------------------------------------ */

struct cli_output {
    char *path;   /* the name asked for; NULL for standard output */
    char *target; /* the file written: PATH with links followed */
    char *temp;   /* the temporary name; NULL when written directly */
    FILE *stream;
};

/* Opens a device or FIFO for writing in place. */
static cli_output *open_in_place(sg_ctx *ctx, cli_output *o)
{
    int fd = open(o->target, O_WRONLY | O_NOCTTY);
    if (fd < 0) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: cannot write: %s", o->path,
                    strerror(errno));
        cli_output_abort(o);
        return NULL;
    }
    o->stream = fdopen(fd, "wb");
    if (!o->stream) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: %s", o->path, strerror(errno));
        close(fd);
        cli_output_abort(o);
        return NULL;
    }
    return o;
}

cli_output *cli_output_open(sg_ctx *ctx, const char *path)
{
    cli_output *o = alloc_or_fail(ctx, sizeof *o);
    if (!o)
        return NULL;
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->stream = stdout;
        return o;
    }
    if (!*path) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o \"\": the output file name is empty");
        free(o);
        return NULL;
    }
    o->path = strdup_or_fail(ctx, path);
    o->target = o->path ? follow_links(ctx, path) : NULL;
    if (!o->target) {
        cli_output_abort(o);
        return NULL;
    }
    struct stat st;
    bool exists = stat(o->target, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o %s: is a directory; give a file name",
                    path);
        cli_output_abort(o);
        return NULL;
    }
    if (exists && !S_ISREG(st.st_mode))
        return open_in_place(ctx, o);
    char *dir = NULL;
    const char *base;
    split_path(o->target, &dir, &base);
    if (!*base) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o %s: give a file name, not a directory",
                    path);
        free(dir);
        cli_output_abort(o);
        return NULL;
    }
    const char *d = dir ? dir : ".";
    struct stat dst;
    if (stat(d, &dst) != 0 || !S_ISDIR(dst.st_mode)) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o %s: the directory %s does not exist",
                    path, d);
        free(dir);
        cli_output_abort(o);
        return NULL;
    }
    /* Said now rather than when the finished file is renamed. */
    long name_max = pathconf(d, _PC_NAME_MAX);
    if (name_max > 0 && strlen(base) > (size_t)name_max) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o %s: a name of %zu bytes; the file "
                    "system takes at most %ld", path, strlen(base), name_max);
        free(dir);
        cli_output_abort(o);
        return NULL;
    }
    o->temp = cli_temp_name(ctx, d, base);
    if (!o->temp) {
        free(dir);
        cli_output_abort(o);
        return NULL;
    }
    /* The file is listed as it is made, with signals held, so that no
     * signal finds it made but not listed. */
    sigset_t old;
    cli_signals_hold(&old);
    int fd = mkstemp(o->temp);
    int err = errno;
    if (fd >= 0 && cli_temp_add(ctx, o->temp, false) != SG_OK) {
        close(fd);
        unlink(o->temp);
        cli_signals_release(&old);
        free(dir);
        free(o->temp);
        o->temp = NULL;
        cli_output_abort(o);
        return NULL;
    }
    cli_signals_release(&old);
    if (fd < 0) {
        sg_ctx_fail(ctx, cli_open_status(err), "-o %s: cannot write in %s: %s",
                    path, d, strerror(err));
        free(dir);
        free(o->temp);
        o->temp = NULL;
        cli_output_abort(o);
        return NULL;
    }
    free(dir);
    /* mkstemp makes the file private (0600); give the result the mode (and,
     * where allowed, the owner) the old file had, or the mode a plain
     * creation would have given. */
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
        if (fchown(fd, st.st_uid, st.st_gid) != 0) {
            /* Only root may give a file away; others keep their own. */
        }
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(fd, mode) != 0) {
        /* Not fatal: the contents matter more than the mode. */
    }
    o->stream = fdopen(fd, "wb");
    if (!o->stream) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: %s", path, strerror(errno));
        close(fd);
        cli_output_abort(o);
        return NULL;
    }
    return o;
}

FILE *cli_output_stream(cli_output *out) { return out->stream; }

const char *cli_output_temp_path(const cli_output *out) { return out->temp; }

static void output_free(cli_output *o)
{
    free(o->temp);
    free(o->target);
    free(o->path);
    free(o);
}

sg_status cli_output_commit(sg_ctx *ctx, cli_output *o)
{
    if (!o->path) {
        int bad = fflush(o->stream) != 0 || ferror(o->stream);
        free(o);
        if (bad)
            return sg_ctx_fail(ctx, SG_EIO, "cannot write to standard output: "
                               "%s", strerror(errno));
        return SG_OK;
    }
    int bad = fflush(o->stream) != 0 || ferror(o->stream);
    int err = errno;
    if (fclose(o->stream) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    o->stream = NULL;
    if (!bad && o->temp) {
        /* The rename and the unlisting happen together as far as signals
         * are concerned: a handler must not remove the file just renamed
         * into place, nor miss one not yet renamed. */
        sigset_t old;
        cli_signals_hold(&old);
        if (rename(o->temp, o->target) != 0) {
            bad = 1;
            err = errno;
        } else {
            cli_temp_forget(o->temp);
        }
        cli_signals_release(&old);
    }
    if (bad) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: cannot write: %s", o->path,
                    strerror(err));
        cli_output_abort(o);
        return SG_EIO;
    }
    output_free(o);
    return SG_OK;
}

void cli_output_abort(cli_output *o)
{
    if (!o)
        return;
    if (o->path) {
        if (o->stream)
            fclose(o->stream);
        if (o->temp) {
            unlink(o->temp);
            cli_temp_forget(o->temp);
        }
    } else if (o->stream) {
        fflush(o->stream);
    }
    output_free(o);
}

int cli_same_file(const char *path, const char *other)
{
    struct stat a, b;
    if (!path || !other || stat(path, &a) != 0 || stat(other, &b) != 0)
        return 0;
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

char *cli_output_target(sg_ctx *ctx, const char *path)
{
    if (!path || !*path || strcmp(path, "-") == 0)
        return NULL;
    char *at = follow_links(ctx, path);
    if (!at)
        return NULL;
    char *real = realpath(at, NULL);
    if (real) {
        free(at);
        return real;
    }
    /* A file still to be made: its folder resolved, then its name. */
    while (strlen(at) > 1 && at[strlen(at) - 1] == '/')
        at[strlen(at) - 1] = '\0';
    char *dir;
    const char *base;
    split_path(at, &dir, &base);
    char *rdir = realpath(dir ? dir : ".", NULL);
    char *full = NULL;
    if (rdir) {
        size_t n = strlen(rdir) + strlen(base) + 2;
        full = malloc(n);
        if (full)
            snprintf(full, n, "%s%s%s", rdir,
                     rdir[strlen(rdir) - 1] == '/' ? "" : "/", base);
        else
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    } else {
        sg_ctx_fail(ctx, SG_EIO, "%s: %s", path, strerror(errno));
    }
    free(rdir);
    free(dir);
    free(at);
    return full;
}
