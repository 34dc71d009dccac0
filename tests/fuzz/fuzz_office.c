/*
 * fuzz_office.c - a libFuzzer target for the readers of zipped files
 * students hand in (libzip and expat underneath): .xlsx, .ods, .docx, .odt
 * and zip archives of files.  Any bytes either give documents or are
 * refused with one message naming the file; nothing inflates past the
 * bounds.  Old .xls workbooks and PDFs, which sgviz reads in a child
 * process, have their own target (fuzz_binary.c): a child's crash here
 * would be taken for this process's.  Seeds: tests/fuzz/corpus/office.
 */
#define _POSIX_C_SOURCE 200809L /* the library's own headers need it */
#include "check/grade.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if ((size >= 4 && memcmp(data, "\xD0\xCF\x11\xE0", 4) == 0) ||
        (size >= 5 && memcmp(data, "%PDF-", 5) == 0))
        return 0;
    sg_ctx *ctx = sg_ctx_new();
    sg_docs docs = {0};
    sg_status st = sg_docs_read(ctx, size % 2 ? "en" : "zh", "fuzz", "fuzz",
                                data, size, &docs);
    if (st != SG_OK) {
        const char *m = sg_ctx_message(ctx);
        if (strncmp(m, "fuzz", 4) != 0 || strchr(m, '\n'))
            abort();
    }
    size_t total = 0;
    for (size_t i = 0; i < docs.n; i++) {
        if (!docs.d[i].text && !docs.d[i].refused)
            abort();
        total += docs.d[i].len;
    }
    /* Every document is bounded: a sheet by its rows and columns, an
     * archive by its bytes. */
    if (total > ((size_t)256 << 20))
        abort();
    sg_docs_free(&docs);
    sg_ctx_free(ctx);
    return 0;
}
