/*
 * output.h - output files that appear whole or not at all, and what stays
 * of them when a signal stops the program.
 *
 * These belong to the front end, not to the library: a program that links
 * libsgviz decides for itself how its files are written and what its
 * signals do, and the library never changes a signal mask or keeps a list
 * of the process's files.  sgviz writes every output through here.
 */
#ifndef SGVIZ_CLI_OUTPUT_H
#define SGVIZ_CLI_OUTPUT_H

#include "../sgviz.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct cli_output cli_output;

/* Opens an output.  PATH "-" (or NULL) is standard output; any other path is
 * written to a temporary file in the same directory and renamed into place
 * by cli_output_commit(), so a failure never leaves a truncated file nor
 * destroys an old one.  A symbolic link is followed: the file it names is
 * replaced and the link stays.  A device or a FIFO is written to directly
 * (it cannot be replaced).  Returns NULL on error (a missing or unwritable
 * directory: SG_EIO naming it). */
cli_output *cli_output_open(sg_ctx *ctx, const char *path);

/* The stream to write to.  Owned by the output. */
FILE *cli_output_stream(cli_output *out);

/* The temporary file's path (for writers that need a name rather than a
 * stream), or NULL for standard output, a device or a FIFO.  Owned by the
 * output. */
const char *cli_output_temp_path(const cli_output *out);

/* Flushes, closes and renames the file into place, then frees OUT.  Returns
 * SG_OK or SG_EIO; on error the temporary file is removed. */
sg_status cli_output_commit(sg_ctx *ctx, cli_output *out);

/* Discards what was written (removing the temporary file) and frees OUT. */
void cli_output_abort(cli_output *out);

/* Removes the temporary files and directories of every output not yet
 * committed or aborted.  For a handler of SIGTERM, SIGINT, SIGHUP and the
 * like, so that sgviz stopped half-way leaves nothing behind: it calls only
 * unlink() and rmdir(), which are async-signal-safe. */
void cli_output_cleanup(void);

/* Whether PATH names the same existing file as OTHER (same device and
 * inode).  Used to refuse writing an output over one of the inputs. */
int cli_same_file(const char *path, const char *other);

/* The file an output at PATH would replace or make, as an absolute path
 * with every symbolic link resolved (the links at PATH itself followed as
 * cli_output_open() follows them, its folder resolved when the file does
 * not exist yet): for refusing outputs that would land among the inputs.
 * Returns a new string the caller frees, or NULL for standard output ("-"
 * or NULL) and after recording an error (SG_EIO: a folder that does not
 * exist, a loop of links). */
char *cli_output_target(sg_ctx *ctx, const char *path);

/* A temporary name for a file to be renamed into DIR/BASE later:
 * "DIR/.BASE.sgviz-XXXXXX" for mkstemp() or mkdtemp(), with BASE cut short
 * if the name would be longer than DIR's file system allows.  Returns a
 * new string the caller frees, or NULL after recording SG_ENOMEM. */
char *cli_temp_name(sg_ctx *ctx, const char *dir, const char *base);

/* Lists PATH, a temporary file (or, with DIR, directory) being written,
 * for cli_output_cleanup() to remove if a signal stops the program; and
 * takes it off the list once it is renamed into place or removed.  Make
 * and list a temporary name with signals held (below), so that no signal
 * comes between. */
sg_status cli_temp_add(sg_ctx *ctx, const char *path, bool dir);
void cli_temp_forget(const char *path);

/* Blocks every signal until cli_signals_release(), which restores the mask
 * that *SAVED keeps.  Pairs may nest. */
void cli_signals_hold(sigset_t *saved);
void cli_signals_release(const sigset_t *saved);

/* The status of a file that cannot be opened, by its errno ERR: a name
 * that leads to no file is bad input (SG_EINPUT, exit 2); anything else (no
 * permission, a device error, a full disk) is SG_EIO (exit 3). */
static inline sg_status cli_open_status(int err)
{
    return err == ENOENT || err == ENOTDIR || err == ELOOP ||
                   err == ENAMETOOLONG || err == EISDIR
               ? SG_EINPUT
               : SG_EIO;
}

#endif /* SGVIZ_CLI_OUTPUT_H */
