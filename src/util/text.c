/*
 * text.c - text that crosses module lines: escaping for the output formats,
 * and whole files read into memory within a bound.
 */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *sg_read_file(sg_ctx *ctx, const char *path, const char *what,
                   size_t max, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        sg_ctx_fail(ctx, sg_open_status(errno), "%s: cannot open %s: %s",
                    path, what, strerror(errno));
        return NULL;
    }
    sg_buf b;
    sg_buf_init(&b);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.len + n > max) {
            char lim[32];
            sg_format_bytes(max, lim, sizeof lim);
            sg_ctx_fail(ctx, SG_ELIMIT, "%s: the %s is larger than %s", path,
                        what, lim);
            goto fail;
        }
        sg_buf_add(&b, chunk, n);
    }
    if (ferror(f)) {
        /* A directory opens, and fails only when read: it is a wrong name
         * (bad input), not a failing device. */
        int e = errno;
        if (e == EISDIR)
            sg_ctx_fail(ctx, SG_EINPUT, "%s: cannot read %s: it is a "
                        "directory", path, what);
        else
            sg_ctx_fail(ctx, SG_EIO, "%s: cannot read %s: %s", path, what,
                        strerror(e));
        goto fail;
    }
    if (b.failed) {
        sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory reading the %s", path,
                    what);
        goto fail;
    }
    if (f != stdin)
        fclose(f);
    if (!b.data) {
        sg_buf_add(&b, "", 0);
        if (b.failed) {
            sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            return NULL;
        }
    }
    *len = b.len;
    return b.data;
fail:
    if (f != stdin)
        fclose(f);
    sg_buf_free(&b);
    return NULL;
}

void sg_escape_add(sg_buf *b, sg_escape mode, const char *s, size_t len,
                   bool quote)
{
    switch (mode) {
    case SG_ESCAPE_NONE:
        sg_buf_add(b, s, len);
        return;
    case SG_ESCAPE_MD:
        for (size_t i = 0; i < len; i++) {
            if (strchr("\\`*_[]<>|", s[i]) && s[i])
                sg_buf_putc(b, '\\');
            sg_buf_putc(b, s[i]);
        }
        return;
    case SG_ESCAPE_LATEX:
        for (size_t i = 0; i < len; i++) {
            switch (s[i]) {
            case '\\': sg_buf_puts(b, "\\textbackslash{}"); break;
            case '{': case '}': case '$': case '&': case '#': case '%':
            case '_':
                sg_buf_putc(b, '\\');
                sg_buf_putc(b, s[i]);
                break;
            case '^': sg_buf_puts(b, "\\^{}"); break;
            case '~': sg_buf_puts(b, "\\~{}"); break;
            /* LaTeX's default (OT1) fonts hold other glyphs at the places
             * of these three. */
            case '<': sg_buf_puts(b, "\\textless{}"); break;
            case '>': sg_buf_puts(b, "\\textgreater{}"); break;
            case '|': sg_buf_puts(b, "\\textbar{}"); break;
            /* A line break or a control character would end a comment or
             * a cell early. */
            default:
                sg_buf_putc(b, (unsigned char)s[i] < 0x20 || s[i] == 0x7F
                                   ? ' '
                                   : s[i]);
                break;
            }
        }
        return;
    case SG_ESCAPE_JSON:
        if (quote)
            sg_buf_putc(b, '"');
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c == '"' || c == '\\') {
                sg_buf_putc(b, '\\');
                sg_buf_putc(b, (char)c);
            } else if (c == '\n') {
                sg_buf_puts(b, "\\n");
            } else if (c == '\t') {
                sg_buf_puts(b, "\\t");
            } else if (c < 0x20 || c == 0x7F) {
                sg_buf_printf(b, "\\u%04x", c);
            } else if (c >= 0x80) {
                /* JSON is UTF-8: a sequence that is one passes, a byte
                 * that is not is read as Latin-1. */
                size_t n = sg_utf8_length(s + i, len - i);
                if (n)
                    sg_buf_add(b, s + i, n);
                else
                    sg_buf_printf(b, "\\u%04x", c);
                i += n ? n - 1 : 0;
            } else {
                sg_buf_putc(b, (char)c);
            }
        }
        if (quote)
            sg_buf_putc(b, '"');
        return;
    case SG_ESCAPE_HTML:
        for (size_t i = 0; i < len; i++) {
            switch (s[i]) {
            case '&': sg_buf_puts(b, "&amp;"); break;
            case '<': sg_buf_puts(b, "&lt;"); break;
            case '>': sg_buf_puts(b, "&gt;"); break;
            case '"': sg_buf_puts(b, "&quot;"); break;
            case '\'': sg_buf_puts(b, "&#39;"); break;
            default:
                if ((unsigned char)s[i] < 0x80) {
                    sg_buf_putc(b, s[i]);
                } else {
                    /* A byte that is no UTF-8 is read as Latin-1, as in
                     * JSON. */
                    size_t n = sg_utf8_length(s + i, len - i);
                    if (n)
                        sg_buf_add(b, s + i, n);
                    else
                        sg_buf_printf(b, "&#x%X;", (unsigned char)s[i]);
                    i += n ? n - 1 : 0;
                }
                break;
            }
        }
        return;
    }
}
