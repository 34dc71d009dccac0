/*
 * office.c - zipped files: workbooks, documents and archives.
 *
 * Not read yet: a zipped file is named for what it is (a workbook, a
 * document, an archive) with what to hand in instead, as the sheet
 * reader names it.
 */
#include "check/grade.h"
#include "check/read.h"

sg_status sg_office_read(sg_ctx *ctx, const char *lang, const char *origin,
                         const unsigned char *bytes, size_t len, int depth,
                         sg_docs *out)
{
    (void)depth;
    (void)out;
    sg_text text;
    if (sg_text_decode(ctx, lang, origin, bytes, len, &text) != SG_OK)
        return ctx->status;
    sg_text_free(&text);
    return sg_ctx_fail(ctx, SG_EINPUT, "%s: a zip archive", origin);
}
