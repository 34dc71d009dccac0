/*
 * fuzz_binary.c - a libFuzzer target for the readers of old Excel
 * workbooks (libfreexl) and PDFs (poppler-glib), run in this process (sgviz
 * itself runs them in a child process, which this target cannot watch).
 * The first byte of the input chooses the reader; the rest is the file.
 * Seeds are in tests/fuzz/corpus/binary.
 *
 * libfreexl 1.0.6 (Debian 12) reads uninitialised stack memory through
 * iconv() on damaged workbooks within seconds of fuzzing (valgrind agrees;
 * tests/cli/data/assign-damaged.xls is one): sgviz contains it in a child
 * process, and this target fuzzes the .xls reader only with
 * SGVIZ_FUZZ_XLS=1 set, so that `make fuzz` spends its time on poppler.
 */
#define _POSIX_C_SOURCE 200809L /* the library's own headers need it */
#include "check/grade.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    sg_ctx *ctx = sg_ctx_new();
    sg_docs docs = {0};
    static int xls = -1;
    if (xls < 0)
        xls = getenv("SGVIZ_FUZZ_XLS") != NULL;
    bool pdf = !xls || (data[0] & 1);
    sg_status st = pdf ? sg_pdf_read(ctx, "fuzz", data + 1, size - 1, &docs)
                       : sg_xls_read(ctx, "fuzz", data + 1, size - 1, &docs);
    if (st != SG_OK && (strncmp(sg_ctx_message(ctx), "fuzz", 4) != 0 ||
                        strchr(sg_ctx_message(ctx), '\n')))
        abort();
    for (size_t i = 0; i < docs.n; i++)
        if (!docs.d[i].text && !docs.d[i].refused)
            abort();
    sg_docs_free(&docs);
    sg_ctx_free(ctx);
    return 0;
}
