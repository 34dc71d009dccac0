/*
 * test_output.c - output files appear whole or not at all, keep the old
 * file on failure, and refuse impossible places with a clear message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sgviz.h"

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

static void commit_writes_the_file(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[128];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    sg_output *o = sg_output_open(ctx, path);
    assert_non_null(o);
    /* Nothing at the final name until the commit. */
    fputs("hello\n", sg_output_stream(o));
    assert_null(slurp(path));
    assert_non_null(sg_output_temp_path(o));
    assert_int_equal(sg_output_commit(ctx, o), SG_OK);
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
    sg_output *o = sg_output_open(ctx, path);
    fputs("half of the new", sg_output_stream(o));
    sg_output_abort(o);
    assert_string_equal(slurp(path), "old\n");
    /* A replacement keeps the old file's mode. */
    o = sg_output_open(ctx, path);
    fputs("new\n", sg_output_stream(o));
    assert_int_equal(sg_output_commit(ctx, o), SG_OK);
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
    assert_null(sg_output_open(ctx, path));
    assert_int_equal(sg_ctx_status(ctx), SG_EIO);
    char want[512];
    snprintf(want, sizeof want, "-o %s: the directory %s/missing does not "
             "exist", path, dir);
    assert_string_equal(sg_ctx_message(ctx), want);
    assert_null(sg_output_open(ctx, dir));
    snprintf(want, sizeof want, "-o %s: is a directory; give a file name", dir);
    assert_string_equal(sg_ctx_message(ctx), want);
    assert_null(sg_output_open(ctx, ""));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    if (getuid() != 0) {
        /* Root may write anywhere, so this part needs an ordinary user. */
        char ro[128];
        snprintf(ro, sizeof ro, "%s/ro", dir);
        mkdir(ro, 0555);
        snprintf(path, sizeof path, "%s/out.txt", ro);
        assert_null(sg_output_open(ctx, path));
        assert_non_null(strstr(sg_ctx_message(ctx), "cannot write in"));
    }
    sg_ctx_free(ctx);
}

static void standard_output(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_output *o = sg_output_open(ctx, "-");
    assert_ptr_equal(sg_output_stream(o), stdout);
    assert_null(sg_output_temp_path(o));
    assert_int_equal(sg_output_commit(ctx, o), SG_OK);
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
    assert_true(sg_same_file(a, b));
    assert_false(sg_same_file(a, "/etc/hostname"));
    assert_false(sg_same_file(a, "/nonexistent"));
    assert_false(sg_same_file(NULL, a));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(commit_writes_the_file),
        cmocka_unit_test(abort_keeps_the_old_file),
        cmocka_unit_test(impossible_places),
        cmocka_unit_test(standard_output),
        cmocka_unit_test(same_file),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
