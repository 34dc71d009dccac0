/*
 * test_cli_outdir.c - a set of files in a directory that appears whole or
 * not at all (the front end's outdir.c): frames, feedback reports.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/outdir.h"
#include "cli/output.h"

static sg_ctx *ctx;
static char root[64];

static int setup(void **state)
{
    (void)state;
    ctx = sg_ctx_new();
    snprintf(root, sizeof root, "/tmp/sgviz-outdir-XXXXXX");
    return ctx && mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    int rc = system(cmd);
    sg_ctx_free(ctx);
    return rc;
}

static size_t files_in(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    size_t n = 0;
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d))
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    if (d)
        closedir(d);
    return n;
}

static void touch(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static bool is_old_part(const char *name, const void *user)
{
    (void)user;
    return strncmp(name, "part-", 5) == 0;
}

static const cli_outdir_kind parts = {"-o", "a part", "the parts",
                                      is_old_part, NULL};

/* Writes COUNT files part-K.txt, each SIZE bytes of 'x', into DIR as one
 * set.  Returns what the commit (or the first failure) returned. */
static sg_status write_set(const char *dir, size_t count, size_t size)
{
    cli_outdir *od = cli_outdir_open(ctx, dir, &parts);
    if (!od)
        return sg_ctx_status(ctx);
    for (size_t k = 0; k < count; k++) {
        char name[32];
        snprintf(name, sizeof name, "part-%zu.txt", k);
        FILE *f = cli_outdir_create(ctx, od, name);
        if (!f) {
            cli_outdir_abort(od);
            return sg_ctx_status(ctx);
        }
        for (size_t i = 0; i < size; i++)
            fputc('x', f);
        if (cli_outdir_close(ctx, od, f) != SG_OK) {
            cli_outdir_abort(od);
            return sg_ctx_status(ctx);
        }
    }
    return cli_outdir_commit(ctx, od);
}

static void new_and_existing_directories(void **state)
{
    (void)state;
    char dir[128], path[192];
    snprintf(dir, sizeof dir, "%s/new/", root);

    /* A new directory appears with every file, and nothing else is left
     * beside it. */
    assert_int_equal(write_set(dir, 9, 10), SG_OK);
    assert_int_equal(files_in(dir, "part-"), 9);
    assert_int_equal(files_in(root, "."), 2); /* . and .. only */

    /* An existing directory: the old set's extra files go, other files
     * stay, and no temporary name is left. */
    snprintf(path, sizeof path, "%s/new/part-42.txt", root);
    touch(path, "old");
    snprintf(path, sizeof path, "%s/new/notes.txt", root);
    touch(path, "mine");
    assert_int_equal(write_set(dir, 5, 10), SG_OK);
    assert_int_equal(files_in(dir, "part-"), 5);
    assert_int_equal(access(path, R_OK), 0);
    assert_int_equal(files_in(dir, ".new"), 0);
    assert_int_equal(files_in(dir, ".old"), 0);

    /* A missing parent, a file in the way, a name held by a directory. */
    snprintf(dir, sizeof dir, "%s/missing/parts/", root);
    assert_int_equal(write_set(dir, 1, 1), SG_EIO);
    assert_non_null(strstr(sg_ctx_message(ctx), "does not exist"));
    snprintf(dir, sizeof dir, "%s/new/notes.txt/", root);
    assert_int_equal(write_set(dir, 1, 1), SG_EIO);
    assert_non_null(strstr(sg_ctx_message(ctx), "not a directory"));
    snprintf(path, sizeof path, "%s/new/part-3.txt", root);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(dir, sizeof dir, "%s/new", root);
    assert_int_equal(write_set(dir, 5, 10), SG_EIO);
    assert_non_null(strstr(sg_ctx_message(ctx),
                           "part-3.txt is not a file, so it cannot be "
                           "replaced by a part; the parts there are left as "
                           "they were"));
    assert_int_equal(files_in(dir, "part-"), 5); /* four files, one dir */
    assert_int_equal(rmdir(path), 0);
}

/* A failure half-way, here a file-size limit that the third file passes
 * (as a full disk would): nothing that looks like a set is left, no new
 * directory, no temporary one, and an existing directory keeps its old
 * set.  The message names the file and the reason. */
static void failure_half_way(void **state)
{
    (void)state;
    char dir[128], path[192];
    for (int existing = 0; existing < 2; existing++) {
        snprintf(dir, sizeof dir, "%s/half%d", root, existing);
        if (existing) {
            assert_int_equal(mkdir(dir, 0755), 0);
            snprintf(path, sizeof path, "%s/part-0.txt", dir);
            touch(path, "old");
        }
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            signal(SIGXFSZ, SIG_IGN);
            struct rlimit rl = {100, 100};
            setrlimit(RLIMIT_FSIZE, &rl);
            /* Two files of 60 bytes fit under the limit; the third, of
             * 120, does not. */
            cli_outdir *od = cli_outdir_open(ctx, dir, &parts);
            sg_status st = SG_OK;
            for (size_t k = 0; od && st == SG_OK && k < 3; k++) {
                char name[32];
                snprintf(name, sizeof name, "part-%zu.txt", k);
                FILE *f = cli_outdir_create(ctx, od, name);
                for (size_t i = 0; f && i < (k < 2 ? 60u : 120u); i++)
                    fputc('x', f);
                st = f ? cli_outdir_close(ctx, od, f) : SG_EIO;
            }
            if (st == SG_OK)
                st = cli_outdir_commit(ctx, od);
            else
                cli_outdir_abort(od);
            _exit(st == SG_EIO &&
                          strstr(sg_ctx_message(ctx), "cannot write "
                                                      "part-2.txt: File too "
                                                      "large")
                      ? 0
                      : 1);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        if (existing) {
            assert_int_equal(files_in(dir, "part-"), 1);
            assert_int_equal(files_in(dir, "."), 2);
            FILE *f = fopen(path, "r");
            char buf[8] = "";
            assert_non_null(fgets(buf, sizeof buf, f));
            fclose(f);
            assert_string_equal(buf, "old");
        } else {
            assert_int_equal(access(dir, F_OK), -1);
        }
    }
    assert_int_equal(files_in(root, ".half"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_and_existing_directories),
        cmocka_unit_test(failure_half_way),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
