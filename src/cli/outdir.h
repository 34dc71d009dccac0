/*
 * outdir.h - a set of files written into a directory that appears whole or
 * not at all: the frames of `sgviz steps -o DIR/`, the reports of
 * `sgviz check --feedback DIR`.
 *
 * The files are written in a new, hidden directory and moved into place
 * once every one is complete.  A directory that did not exist appears at
 * once, by one rename.  Into a directory that exists, the new files move
 * one by one, with every signal held; the files of an earlier set (which
 * OWNED() recognises) are first set aside and come back if any move fails,
 * so the directory holds either the old set or the new one, never a mix.
 * Files that are not of a set are left alone.
 */
#ifndef SGVIZ_CLI_OUTDIR_H
#define SGVIZ_CLI_OUTDIR_H

#include "../sgviz.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct cli_outdir cli_outdir;

/* How a set of files is named in messages and which files of an existing
 * directory belong to an earlier set. */
typedef struct cli_outdir_kind {
    const char *option; /* the option that named the directory: "-o" */
    const char *one;    /* one of the files: "a frame" */
    const char *many;   /* the set: "the frames" */
    /* Whether the file NAME in the directory belongs to an earlier set of
     * this kind (it is set aside, and removed once the new set is in
     * place).  NULL: none does. */
    bool (*owned)(const char *name, const void *user);
    const void *user;
} cli_outdir_kind;

/* Opens DIR (trailing slashes allowed) for a new set of files of KIND,
 * which must outlive the result.  Returns NULL after recording SG_EIO (the
 * parent directory is missing, DIR is a file, nothing can be written
 * there), SG_EINPUT (an empty name) or SG_ENOMEM. */
cli_outdir *cli_outdir_open(sg_ctx *ctx, const char *dir,
                            const cli_outdir_kind *kind);

/* Creates the file NAME (no '/') of the set.  Returns the stream, which the
 * caller closes with cli_outdir_close(), or NULL after recording an
 * error. */
FILE *cli_outdir_create(sg_ctx *ctx, cli_outdir *od, const char *name);

/* Closes F, a stream of cli_outdir_create(), and checks that all of it was
 * written.  Returns SG_OK or SG_EIO naming the file and the reason (a full
 * disk, say). */
sg_status cli_outdir_close(sg_ctx *ctx, cli_outdir *od, FILE *f);

/* Moves the whole set into place and frees OD.  Returns SG_OK, or SG_EIO
 * with nothing changed in the directory (the set is then removed). */
sg_status cli_outdir_commit(sg_ctx *ctx, cli_outdir *od);

/* Removes what was written and frees OD; NULL is allowed. */
void cli_outdir_abort(cli_outdir *od);

#endif /* SGVIZ_CLI_OUTDIR_H */
