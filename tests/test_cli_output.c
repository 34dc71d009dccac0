#define _XOPEN_SOURCE 700 /* mknod() */
/*
 * test_cli_output.c - the front end's output files (output.c) appear whole
 * or not at all, keep the old file on failure, refuse impossible places
 * with a clear message, and clear up what a run stopped by SIGKILL left;
 * and sets of files in a directory (outdir.c) appear whole or not at all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/outdir.h"
#include "cli/output.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sgviz-output-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The number of entries of DIR other than . and .. */
static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* The temporary files in DIR: entries whose name holds "sgviz". */
static int temps(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strstr(e->d_name, "sgviz") != NULL;
    closedir(d);
    return n;
}

static void commit_writes_the_file(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[128];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    cli_output *o = cli_output_open(ctx, path);
    assert_non_null(o);
    /* Nothing at the final name until the commit. */
    fputs("hello\n", cli_output_stream(o));
    assert_null(slurp(path));
    assert_non_null(cli_output_temp_path(o));
    assert_int_equal(cli_output_commit(ctx, o), SG_OK);
    assert_string_equal(slurp(path), "hello\n");
    assert_int_equal(entries(), 1);
    /* A plain creation's mode, not mkstemp's private 0600. */
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    mode_t mask = umask(0);
    umask(mask);
    assert_int_equal(st.st_mode & 0777, 0666 & ~mask);
    sg_ctx_free(ctx);
}

static void abort_keeps_the_old_file(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[128];
    snprintf(path, sizeof path, "%s/keep.txt", dir);
    FILE *f = fopen(path, "w");
    fputs("old\n", f);
    fclose(f);
    chmod(path, 0640);
    cli_output *o = cli_output_open(ctx, path);
    fputs("half of the new", cli_output_stream(o));
    cli_output_abort(o);
    assert_string_equal(slurp(path), "old\n");
    /* A replacement keeps the old file's mode. */
    o = cli_output_open(ctx, path);
    fputs("new\n", cli_output_stream(o));
    assert_int_equal(cli_output_commit(ctx, o), SG_OK);
    assert_string_equal(slurp(path), "new\n");
    struct stat st;
    stat(path, &st);
    assert_int_equal(st.st_mode & 0777, 0640);
    sg_ctx_free(ctx);
}

static void impossible_places(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[256];
    snprintf(path, sizeof path, "%s/missing/out.txt", dir);
    /* A place that cannot be is bad input (exit 2); SG_EIO (exit 3) is
     * for a write that fails. */
    assert_null(cli_output_open(ctx, path));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    char want[512];
    snprintf(want, sizeof want, "-o %s: the directory %s/missing does not "
             "exist", path, dir);
    assert_string_equal(sg_ctx_message(ctx), want);
    assert_null(cli_output_open(ctx, dir));
    snprintf(want, sizeof want, "-o %s: is a directory; give a file name", dir);
    assert_string_equal(sg_ctx_message(ctx), want);
    assert_null(cli_output_open(ctx, ""));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    if (getuid() != 0) {
        /* Root may write anywhere, so this part needs an ordinary user. */
        char ro[128];
        snprintf(ro, sizeof ro, "%s/ro", dir);
        mkdir(ro, 0555);
        snprintf(path, sizeof path, "%s/out.txt", ro);
        assert_null(cli_output_open(ctx, path));
        assert_non_null(strstr(sg_ctx_message(ctx), "cannot write in"));
    }
    sg_ctx_free(ctx);
}

static void standard_output(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    cli_output *o = cli_output_open(ctx, "-");
    assert_ptr_equal(cli_output_stream(o), stdout);
    assert_null(cli_output_temp_path(o));
    assert_int_equal(cli_output_commit(ctx, o), SG_OK);
    sg_ctx_free(ctx);
}

static void same_file(void **state)
{
    (void)state;
    char a[128], b[128];
    snprintf(a, sizeof a, "%s/a", dir);
    snprintf(b, sizeof b, "%s/./a", dir);
    FILE *f = fopen(a, "w");
    fclose(f);
    assert_true(cli_same_file(a, b));
    assert_false(cli_same_file(a, "/etc/hostname"));
    assert_false(cli_same_file(a, "/nonexistent"));
    assert_false(cli_same_file(NULL, a));
}

/* Writes TEXT to a new output at PATH and commits it. */
static void write_output(const char *path, const char *text)
{
    sg_ctx *ctx = sg_ctx_new();
    cli_output *o = cli_output_open(ctx, path);
    if (!o)
        fail_msg("%s: %s", path, sg_ctx_message(ctx));
    fputs(text, cli_output_stream(o));
    assert_int_equal(cli_output_commit(ctx, o), SG_OK);
    sg_ctx_free(ctx);
}

/* A FIFO, and a device node where this user may make one, are written to
 * and stay what they are: renaming a file over them would break them for
 * everyone (as root, "-o /dev/null" used to leave a regular file there). */
static void devices_and_fifos(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/pipe", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    /* Opened for reading and writing here, the FIFO has a reader, so the
     * output's open does not wait. */
    int fd = open(path, O_RDWR | O_NONBLOCK);
    assert_true(fd >= 0);
    sg_ctx *ctx = sg_ctx_new();
    cli_output *o = cli_output_open(ctx, path);
    assert_non_null(o);
    assert_null(cli_output_temp_path(o));
    fputs("through the pipe\n", cli_output_stream(o));
    assert_int_equal(cli_output_commit(ctx, o), SG_OK);
    char buf[64] = "";
    assert_int_equal(read(fd, buf, sizeof buf - 1), 17);
    assert_string_equal(buf, "through the pipe\n");
    close(fd);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    unlink(path);

    snprintf(path, sizeof path, "%s/null", dir);
    if (mknod(path, S_IFCHR | 0666, makedev(1, 3)) == 0) {
        write_output(path, "into the void\n");
        assert_int_equal(lstat(path, &st), 0);
        assert_true(S_ISCHR(st.st_mode));
        unlink(path);
    }
    assert_int_equal(temps(), 0);
    sg_ctx_free(ctx);
}

/* A symbolic link is followed: the file it names is replaced (keeping its
 * mode) and the link stays a link, through a chain of links, relative or
 * not; a link to a name not yet taken makes that file; a loop of links is
 * an error. */
static void symbolic_links(void **state)
{
    (void)state;
    char sub[128], target[160], link[128], chain[128], path[160];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    mkdir(sub, 0755);
    snprintf(target, sizeof target, "%s/target.txt", sub);
    FILE *f = fopen(target, "w");
    fputs("old\n", f);
    fclose(f);
    chmod(target, 0604);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    assert_int_equal(symlink("sub/target.txt", link), 0);
    snprintf(chain, sizeof chain, "%s/chain.txt", dir);
    assert_int_equal(symlink(link, chain), 0);

    write_output(chain, "new\n");
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(lstat(chain, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(lstat(target, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(st.st_mode & 0777, 0604);
    assert_string_equal(slurp(target), "new\n");

    snprintf(path, sizeof path, "%s/made.txt", sub);
    snprintf(link, sizeof link, "%s/dangling.txt", dir);
    assert_int_equal(symlink("sub/made.txt", link), 0);
    write_output(link, "made\n");
    assert_string_equal(slurp(path), "made\n");
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));

    snprintf(path, sizeof path, "%s/loop.txt", dir);
    assert_int_equal(symlink("loop.txt", path), 0);
    sg_ctx *ctx = sg_ctx_new();
    assert_null(cli_output_open(ctx, path));
    char want[256];
    snprintf(want, sizeof want, "-o %s: too many symbolic links", path);
    assert_string_equal(sg_ctx_message(ctx), want);
    sg_ctx_free(ctx);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s/*", dir);
    assert_int_equal(system(cmd), 0);
}

/* A name as long as the file system allows is written (the temporary name
 * beside it is cut to fit); one byte more is refused before any work. */
static void long_names(void **state)
{
    (void)state;
    long max = pathconf(dir, _PC_NAME_MAX);
    assert_true(max > 20 && max < 4000);
    char path[4200];
    int n = snprintf(path, sizeof path, "%s/", dir);
    memset(path + n, 'a', (size_t)max - 4);
    memcpy(path + n + max - 4, ".txt", 5);
    write_output(path, "long\n");
    assert_string_equal(slurp(path), "long\n");
    assert_int_equal(temps(), 0);
    unlink(path);
    memcpy(path + n + max - 4, "x.txt", 6);
    sg_ctx *ctx = sg_ctx_new();
    assert_null(cli_output_open(ctx, path));
    char want[128];
    snprintf(want, sizeof want, ": a name of %ld bytes; the file system "
             "takes at most %ld", max + 1, max);
    assert_non_null(strstr(sg_ctx_message(ctx), want));
    sg_ctx_free(ctx);
    assert_int_equal(temps(), 0);
}

/* What a signal handler calls removes every temporary file still being
 * written, and only those. */
static void cleanup_after_a_signal(void **state)
{
    (void)state;
    char a[128], b[128];
    snprintf(a, sizeof a, "%s/a.txt", dir);
    snprintf(b, sizeof b, "%s/b.txt", dir);
    write_output(a, "kept\n");
    sg_ctx *ctx = sg_ctx_new();
    cli_output *o1 = cli_output_open(ctx, a);
    cli_output *o2 = cli_output_open(ctx, b);
    fputs("never\n", cli_output_stream(o1));
    assert_int_equal(temps(), 2);
    cli_output_cleanup();
    assert_int_equal(temps(), 0);
    assert_string_equal(slurp(a), "kept\n");
    cli_output_abort(o1);
    cli_output_abort(o2);
    cli_output_cleanup();
    assert_string_equal(slurp(a), "kept\n");
    unlink(a);
    sg_ctx_free(ctx);
}

/* A run stopped by SIGKILL leaves its temporary names; the next output
 * made in that directory under the same name removes them, but never a
 * name of a process that still runs. */
static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static size_t names_in(const char *d, const char *prefix)
{
    DIR *dh = opendir(d);
    size_t n = 0;
    for (struct dirent *e = dh ? readdir(dh) : NULL; e; e = readdir(dh))
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    if (dh)
        closedir(dh);
    return n;
}

static void stale_names_swept(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char sdir[128], path[256];
    snprintf(sdir, sizeof sdir, "%s/stale", dir);
    assert_int_equal(mkdir(sdir, 0755), 0);
    pid_t dead = fork();
    assert_true(dead >= 0);
    if (dead == 0)
        _exit(0);
    waitpid(dead, NULL, 0);
    snprintf(path, sizeof path, "%s/.t.csv.sgviz-%ld-AbC123", sdir,
             (long)dead);
    put(path, "half a table");
    snprintf(path, sizeof path, "%s/.fr.sgviz-%ld-XyZ789", sdir, (long)dead);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/.fr.sgviz-%ld-XyZ789/step-000.svg", sdir,
             (long)dead);
    put(path, "<svg/>");
    /* A running process's name, and a name that is not sgviz's. */
    snprintf(path, sizeof path, "%s/.t.csv.sgviz-%ld-QqQ000", sdir,
             (long)getppid());
    put(path, "being written");
    snprintf(path, sizeof path, "%s/.t.csv.other-%ld-AbC123", sdir,
             (long)dead);
    put(path, "someone else's");

    char *name = cli_temp_name(ctx, sdir, "t.csv");
    assert_non_null(name);
    free(name);
    name = cli_temp_name(ctx, sdir, "fr");
    assert_non_null(name);
    free(name);
    assert_int_equal(names_in(sdir, ".t.csv.sgviz-"), 1);
    assert_int_equal(names_in(sdir, ".t.csv.other-"), 1);
    assert_int_equal(names_in(sdir, ".fr.sgviz-"), 0);
    sg_ctx_free(ctx);
}

/* ---- sets of files in a directory (outdir.c) ------------------------ */

static bool is_old_part(const char *name, const void *user)
{
    (void)user;
    return strncmp(name, "part-", 5) == 0;
}

static const cli_outdir_kind parts = {"-o", "a part", "the parts",
                                      is_old_part, NULL};

/* Writes COUNT files part-K.txt, each SIZE bytes of 'x', into WHERE as one
 * set.  Returns what the commit (or the first failure) returned. */
static sg_status write_set(sg_ctx *ctx, const char *where, size_t count,
                           size_t size)
{
    cli_outdir *od = cli_outdir_open(ctx, where, &parts);
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
    sg_ctx *ctx = sg_ctx_new();
    char sub[128], path[192];
    snprintf(sub, sizeof sub, "%s/new/", dir);

    /* A new directory appears with every file, and nothing else is left
     * beside it. */
    assert_int_equal(write_set(ctx, sub, 9, 10), SG_OK);
    assert_int_equal(names_in(sub, "part-"), 9);
    assert_int_equal(names_in(dir, "."), 2); /* . and .. only */

    /* An existing directory: the old set's extra files go, other files
     * stay, and no temporary name is left. */
    snprintf(path, sizeof path, "%s/new/part-42.txt", dir);
    put(path, "old");
    snprintf(path, sizeof path, "%s/new/notes.txt", dir);
    put(path, "mine");
    assert_int_equal(write_set(ctx, sub, 5, 10), SG_OK);
    assert_int_equal(names_in(sub, "part-"), 5);
    assert_int_equal(access(path, R_OK), 0);
    assert_int_equal(names_in(sub, ".new"), 0);
    assert_int_equal(names_in(sub, ".old"), 0);

    /* A missing parent, a file in the way, a name held by a directory. */
    snprintf(sub, sizeof sub, "%s/missing/parts/", dir);
    assert_int_equal(write_set(ctx, sub, 1, 1), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "does not exist"));
    snprintf(sub, sizeof sub, "%s/new/notes.txt/", dir);
    assert_int_equal(write_set(ctx, sub, 1, 1), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "not a directory"));
    snprintf(path, sizeof path, "%s/new/part-3.txt", dir);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(sub, sizeof sub, "%s/new", dir);
    assert_int_equal(write_set(ctx, sub, 5, 10), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx),
                           "part-3.txt is not a file, so it cannot be "
                           "replaced by a part; the parts there are left as "
                           "they were"));
    assert_int_equal(names_in(sub, "part-"), 5); /* four files, one sub */
    assert_int_equal(rmdir(path), 0);
    sg_ctx_free(ctx);
}

/* A failure half-way, here a file-size limit that the third file passes
 * (as a full disk would): nothing that looks like a set is left, no new
 * directory, no temporary one, and an existing directory keeps its old
 * set.  The message names the file and the reason. */
static void failure_half_way(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char sub[128], path[192];
    for (int existing = 0; existing < 2; existing++) {
        snprintf(sub, sizeof sub, "%s/half%d", dir, existing);
        if (existing) {
            assert_int_equal(mkdir(sub, 0755), 0);
            snprintf(path, sizeof path, "%s/part-0.txt", sub);
            put(path, "old");
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
            cli_outdir *od = cli_outdir_open(ctx, sub, &parts);
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
            assert_int_equal(names_in(sub, "part-"), 1);
            assert_int_equal(names_in(sub, "."), 2);
            FILE *f = fopen(path, "r");
            char buf[8] = "";
            assert_non_null(fgets(buf, sizeof buf, f));
            fclose(f);
            assert_string_equal(buf, "old");
        } else {
            assert_int_equal(access(sub, F_OK), -1);
        }
    }
    assert_int_equal(names_in(dir, ".half"), 0);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(commit_writes_the_file),
        cmocka_unit_test(abort_keeps_the_old_file),
        cmocka_unit_test(impossible_places),
        cmocka_unit_test(standard_output),
        cmocka_unit_test(same_file),
        cmocka_unit_test(devices_and_fifos),
        cmocka_unit_test(symbolic_links),
        cmocka_unit_test(long_names),
        cmocka_unit_test(cleanup_after_a_signal),
        cmocka_unit_test(stale_names_swept),
        cmocka_unit_test(new_and_existing_directories),
        cmocka_unit_test(failure_half_way),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
