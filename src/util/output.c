/*
 * output.c - output files that appear whole or not at all.
 *
 * A file is written under a temporary name in the directory of its final
 * name and renamed into place once complete.  rename() within a directory is
 * atomic, so a reader (or a slide deck that includes the picture) sees either
 * the old file or the new one, never half of one; and when sgviz fails
 * halfway, the old file is still there.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sg_output {
    char *path; /* the final name; NULL for standard output */
    char *temp; /* the temporary name */
    FILE *stream;
};

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

sg_output *sg_output_open(sg_ctx *ctx, const char *path)
{
    sg_output *o = sg_alloc(ctx, 1, sizeof *o);
    if (!o)
        return NULL;
    if (!path || strcmp(path, "-") == 0) {
        o->stream = stdout;
        return o;
    }
    if (!*path) {
        sg_ctx_fail(ctx, SG_EINPUT, "-o \"\": the output file name is empty");
        free(o);
        return NULL;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: is a directory; give a file name",
                    path);
        free(o);
        return NULL;
    }
    char *dir = NULL;
    const char *base;
    split_path(path, &dir, &base);
    if (!*base) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: give a file name, not a directory",
                    path);
        free(dir);
        free(o);
        return NULL;
    }
    const char *d = dir ? dir : ".";
    struct stat dst;
    if (stat(d, &dst) != 0 || !S_ISDIR(dst.st_mode)) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: the directory %s does not exist",
                    path, d);
        free(dir);
        free(o);
        return NULL;
    }
    o->path = sg_strdup(ctx, path);
    size_t tlen = strlen(d) + strlen(base) + 32;
    o->temp = sg_alloc_raw(ctx, tlen, 1);
    if (!o->path || !o->temp) {
        free(dir);
        sg_output_abort(o);
        return NULL;
    }
    snprintf(o->temp, tlen, "%s/.%s.sgviz-XXXXXX", d, base);
    int fd = mkstemp(o->temp);
    if (fd < 0) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: cannot write in %s: %s", path, d,
                    strerror(errno));
        free(dir);
        free(o->temp);
        o->temp = NULL;
        sg_output_abort(o);
        return NULL;
    }
    free(dir);
    /* mkstemp makes the file private (0600); give the result the mode the
     * old file had, or the one a plain creation would have given. */
    mode_t mode;
    if (stat(path, &st) == 0) {
        mode = st.st_mode & 07777;
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
        sg_output_abort(o);
        return NULL;
    }
    return o;
}

FILE *sg_output_stream(sg_output *out) { return out->stream; }

const char *sg_output_temp_path(const sg_output *out) { return out->temp; }

sg_status sg_output_commit(sg_ctx *ctx, sg_output *o)
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
    if (!bad && rename(o->temp, o->path) != 0) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        sg_ctx_fail(ctx, SG_EIO, "-o %s: cannot write: %s", o->path,
                    strerror(err));
        sg_output_abort(o);
        return SG_EIO;
    }
    free(o->temp);
    free(o->path);
    free(o);
    return SG_OK;
}

void sg_output_abort(sg_output *o)
{
    if (!o)
        return;
    if (o->path) {
        if (o->stream)
            fclose(o->stream);
        if (o->temp)
            unlink(o->temp);
    } else if (o->stream) {
        fflush(o->stream);
    }
    free(o->temp);
    free(o->path);
    free(o);
}

int sg_same_file(const char *path, const char *other)
{
    struct stat a, b;
    if (!path || !other || stat(path, &a) != 0 || stat(other, &b) != 0)
        return 0;
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}
