/*
 * check/grade.h - the documents a handed-in file holds, for grading an
 * assignment (private): docs.c turns a file's bytes into documents of
 * text, grade.c splits them into the answers of questions.
 */
#ifndef SGVIZ_CHECK_GRADE_H
#define SGVIZ_CHECK_GRADE_H

#include "internal.h"

/* One document: a text file, a sheet of a workbook, a file inside an
 * archive. */
typedef struct sg_doc {
    char *origin;    /* for messages: "hw.xlsx", "hw.zip/q1.txt" */
    char *label;     /* a sheet's name, or NULL */
    char *name;      /* the document's own file name (inside an archive),
                        or NULL for the file's */
    char *text;      /* UTF-8 with '\n' line ends, or NULL when refused */
    size_t len;
    char *refused;   /* why it cannot be read (a message), or NULL */
} sg_doc;

typedef struct sg_docs {
    sg_doc *d;
    size_t n, cap;
} sg_docs;

/* Reads the bytes of the file ORIGIN (named NAME by the student) into
 * documents, in LANG for messages.  A file that is no document at all is
 * refused with the message of sg_text_decode(); a part of it that cannot
 * be read (an entry of an archive) is a document with REFUSED set.
 * Returns SG_OK or an error; the caller frees OUT with sg_docs_free(). */
sg_status sg_docs_read(sg_ctx *ctx, const char *lang, const char *origin,
                       const char *name, const unsigned char *bytes,
                       size_t len, sg_docs *out);

/* sg_docs_read() of a file found DEPTH archives deep. */
sg_status sg_docs_read_at(sg_ctx *ctx, const char *lang, const char *origin,
                          const char *name, const unsigned char *bytes,
                          size_t len, int depth, sg_docs *out);

/* Reads an old Excel workbook (.xls) or a PDF into OUT and sets *DONE;
 * leaves *DONE false for bytes that are neither (office.c).  Returns
 * SG_OK or an error naming ORIGIN. */
sg_status sg_docs_read_binary(sg_ctx *ctx, const char *origin,
                              const unsigned char *bytes, size_t len,
                              sg_docs *out, bool *done);

void sg_docs_free(sg_docs *docs);

/* Adds a document (TEXT and REFUSED are taken over; either may be NULL).
 * Returns SG_OK or SG_ENOMEM. */
sg_status sg_docs_add(sg_ctx *ctx, sg_docs *docs, const char *origin,
                      const char *label, const char *name, char *text,
                      size_t len, char *refused);

/* The documents of a zip archive or office file (office.c).  Returns
 * SG_OK or an error naming ORIGIN. */
sg_status sg_office_read(sg_ctx *ctx, const char *lang, const char *origin,
                         const unsigned char *bytes, size_t len, int depth,
                         sg_docs *out);

/* The readers of old Excel workbooks (libfreexl) and of PDFs (poppler),
 * run in this process.  sg_docs_read_binary() runs them in a child
 * process instead; these are for fuzzing them.  Return SG_OK or an error
 * naming ORIGIN. */
sg_status sg_xls_read(sg_ctx *ctx, const char *origin,
                      const unsigned char *bytes, size_t len, sg_docs *out);
sg_status sg_pdf_read(sg_ctx *ctx, const char *origin,
                      const unsigned char *bytes, size_t len, sg_docs *out);

/* Writes points for people: "19", "19.5". */
void sg_points_text(double v, char *buf, size_t size);

#endif /* SGVIZ_CHECK_GRADE_H */
