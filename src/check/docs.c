/*
 * docs.c - the documents of a handed-in file: text in any encoding the
 * sheet reader takes, a Jupyter notebook's words, and -- through office.c
 * -- workbooks, documents and archives.
 */
#include "check/grade.h"
#include "check/reader.h"

#include <stdlib.h>
#include <string.h>

void sg_docs_free(sg_docs *docs)
{
    for (size_t i = 0; i < docs->n; i++) {
        free(docs->d[i].origin);
        free(docs->d[i].label);
        free(docs->d[i].name);
        free(docs->d[i].text);
        free(docs->d[i].refused);
    }
    free(docs->d);
    memset(docs, 0, sizeof *docs);
}

sg_status sg_docs_add(sg_ctx *ctx, sg_docs *docs, const char *origin,
                      const char *label, const char *name, char *text,
                      size_t len, char *refused)
{
    if (docs->n == docs->cap) {
        size_t cap = docs->cap ? docs->cap * 2 : 4;
        sg_doc *grown = sg_grow(ctx, docs->d, cap, sizeof *grown);
        if (!grown) {
            free(text);
            free(refused);
            return SG_ENOMEM;
        }
        docs->d = grown;
        docs->cap = cap;
    }
    sg_doc *d = &docs->d[docs->n];
    memset(d, 0, sizeof *d);
    d->origin = sg_strdup(ctx, origin);
    d->label = label ? sg_strdup(ctx, label) : NULL;
    d->name = name ? sg_strdup(ctx, name) : NULL;
    d->text = text;
    d->len = len;
    d->refused = refused;
    docs->n++;
    if (!d->origin || (label && !d->label) || (name && !d->name))
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    return SG_OK;
}

/* Whether the file is a zip archive (an office file is one too). */
static bool zipped(const unsigned char *b, size_t len)
{
    return len >= 4 && b[0] == 'P' && b[1] == 'K' &&
           ((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6));
}

sg_status sg_docs_read(sg_ctx *ctx, const char *lang, const char *origin,
                       const char *name, const unsigned char *bytes,
                       size_t len, sg_docs *out)
{
    return sg_docs_read_at(ctx, lang, origin, name, bytes, len, 0, out);
}

sg_status sg_docs_read_at(sg_ctx *ctx, const char *lang, const char *origin,
                          const char *name, const unsigned char *bytes,
                          size_t len, int depth, sg_docs *out)
{
    (void)name;
    if (zipped(bytes, len))
        return sg_office_read(ctx, lang, origin, bytes, len, depth, out);
    bool done;
    sg_status bst = sg_docs_read_binary(ctx, origin, bytes, len, out, &done);
    if (done)
        return bst;
    sg_text text;
    if (sg_text_decode(ctx, lang, origin, bytes, len, &text) != SG_OK)
        return ctx->status;
    /* A notebook: its headings and outputs, not its JSON. */
    reader r;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    r.lang = lang;
    r.origin = origin;
    r.text = text;
    size_t i = 0;
    while (i < text.len && strchr(" \t\n", text.data[i]))
        i++;
    if (i < text.len && text.data[i] == '{' && strstr(text.data, "\"cells\"")) {
        sg_buf nb;
        sg_buf_init(&nb);
        if (sg_json_notebook(&r, &nb)) {
            sg_text_free(&text);
            sg_buf_putc(&nb, '\0');
            if (nb.failed) {
                sg_buf_free(&nb);
                return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            }
            return sg_docs_add(ctx, out, origin, NULL, NULL, nb.data,
                               nb.len - 1, NULL);
        }
        sg_buf_free(&nb);
    }
    char *data = text.data;
    size_t n = text.len;
    text.data = NULL;
    sg_text_free(&text);
    return sg_docs_add(ctx, out, origin, NULL, NULL, data, n, NULL);
}
