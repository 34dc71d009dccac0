/*
 * ctx.c - the context: the one place where failures are recorded, and the
 * allocation helpers that record SG_ENOMEM there.
 *
 * Every fallible function in the library reports failure the same way: it
 * writes one line into the context and returns a negative status.  Keeping
 * the text in the context (instead of printing it) lets the front end print
 * every error in one place, and lets tests look at the exact message.
 */
#include "internal.h"

#include <errno.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

sg_ctx *sg_ctx_new(void)
{
    sg_ctx *ctx = calloc(1, sizeof *ctx);
    return ctx;
}

void sg_ctx_free(sg_ctx *ctx)
{
    if (!ctx)
        return;
    free(ctx);
}

sg_status sg_ctx_status(const sg_ctx *ctx) { return ctx->status; }

const char *sg_ctx_message(const sg_ctx *ctx) { return ctx->message; }

void sg_ctx_clear(sg_ctx *ctx)
{
    ctx->status = SG_OK;
    ctx->message[0] = '\0';
}

sg_status sg_ctx_vfail(sg_ctx *ctx, sg_status status, const char *fmt,
                       va_list ap)
{
    ctx->status = status;
    vsnprintf(ctx->message, sizeof ctx->message, fmt, ap);
    /* A message is one line: a newline inside it (say, from a library's
     * text) would break the "one clear line on stderr" promise. */
    for (char *p = ctx->message; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    return status;
}

sg_status sg_ctx_fail(sg_ctx *ctx, sg_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sg_ctx_vfail(ctx, status, fmt, ap);
    va_end(ap);
    return status;
}

sg_status sg_vfail_at(sg_ctx *ctx, sg_status status, const char *file,
                      unsigned long line, unsigned long column,
                      const char *fmt, va_list ap)
{
    char where[256];
    if (column)
        snprintf(where, sizeof where, "%s:%lu:%lu: ", file, line, column);
    else if (line)
        snprintf(where, sizeof where, "%s:%lu: ", file, line);
    else
        snprintf(where, sizeof where, "%s: ", file);
    char text[SG_MESSAGE_MAX];
    vsnprintf(text, sizeof text, fmt, ap);
    return sg_ctx_fail(ctx, status, "%s%s", where, text);
}

sg_status sg_fail_at(sg_ctx *ctx, sg_status status, const char *file,
                     unsigned long line, unsigned long column, const char *fmt,
                     ...)
{
    va_list ap;
    va_start(ap, fmt);
    sg_status st = sg_vfail_at(ctx, status, file, line, column, fmt, ap);
    va_end(ap);
    return st;
}

void *sg_alloc(sg_ctx *ctx, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory (%zu items of %zu bytes)",
                    count, size);
        return NULL;
    }
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        char human[32];
        sg_format_bytes((uint64_t)count * size, human, sizeof human);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory (needed %s)", human);
    }
    return p;
}

void *sg_alloc_raw(sg_ctx *ctx, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory (%zu items of %zu bytes)",
                    count, size);
        return NULL;
    }
    size_t bytes = count * size;
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        char human[32];
        sg_format_bytes(bytes, human, sizeof human);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory (needed %s)", human);
    }
    return p;
}

void *sg_grow(sg_ctx *ctx, void *ptr, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory (%zu items of %zu bytes)",
                    count, size);
        return NULL;
    }
    size_t bytes = count * size;
    void *p = realloc(ptr, bytes ? bytes : 1);
    if (!p) {
        char human[32];
        sg_format_bytes(bytes, human, sizeof human);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory (needed %s)", human);
    }
    return p;
}

char *sg_strndup(sg_ctx *ctx, const char *s, size_t n)
{
    char *p = sg_alloc_raw(ctx, n + 1, 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

char *sg_strdup(sg_ctx *ctx, const char *s)
{
    return sg_strndup(ctx, s, strlen(s));
}

uint64_t sg_physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 0;
    return (uint64_t)pages * (uint64_t)page;
}

sg_status sg_check_memory(sg_ctx *ctx, uint64_t count, unsigned width)
{
    uint64_t phys = sg_physical_memory();
    /* Refuse up front rather than let the allocation fail halfway through a
     * long computation or, worse, let the machine swap itself to a halt.
     * The values table may use at most three quarters of physical memory. */
    uint64_t limit = phys ? phys / 4 * 3 : UINT64_MAX;
    if (count > UINT64_MAX / width || count * width > limit ||
        count * width > SIZE_MAX) {
        char need[32], have[32];
        if (count > UINT64_MAX / width)
            snprintf(need, sizeof need, "more than 16 EiB");
        else
            sg_format_bytes(count * width, need, sizeof need);
        sg_format_bytes(phys, have, sizeof have);
        return sg_ctx_fail(ctx, SG_ELIMIT,
                           "%llu positions need %s for their values, but this "
                           "machine has %s of memory",
                           (unsigned long long)count, need, have);
    }
    return SG_OK;
}

sg_status sg_write_failed(sg_ctx *ctx, const char *what)
{
    int err = errno ? errno : EIO;
    return sg_ctx_fail(ctx, SG_EIO, "cannot write %s: %s", what,
                       strerror(err));
}
