/*
 * check/read.h - what the parts of the homework reader share (private):
 * the reader's messages in the report's language, the decoding of a file's
 * bytes into text, and the words students use in tables.
 */
#ifndef SGVIZ_CHECK_READ_H
#define SGVIZ_CHECK_READ_H

#include "internal.h"

#include <stdarg.h>

/* ------------------------------------------------------------------------ */
/* Messages: templates/check/read.LANG.text                                 */
/* ------------------------------------------------------------------------ */

/* The messages of the reader, one section each, in the order of
 * sg_read_messages[] (say.c). */
enum {
    RM_EMPTY,
    RM_TOO_LARGE,
    RM_XLSX,
    RM_XLS,
    RM_DOCX,
    RM_DOC,
    RM_ODS,
    RM_ODT,
    RM_OFFICE,
    RM_APPLE,
    RM_ZIP,
    RM_ARCHIVE,
    RM_PDF,
    RM_RTF,
    RM_IMAGE,
    RM_PROGRAM,
    RM_NUL,
    RM_CONTROL,
    RM_BAD_UNICODE,
    RM_INVISIBLE,
    RM_LINE_TOO_LONG,
    RM_NO_TABLE,
    RM_HEADER_ONLY,
    RM_NOT_NUMBER,
    RM_LOOKS_LIKE_DIGIT,
    RM_NEGATIVE,
    RM_FRACTION,
    RM_VALUE_TOO_LARGE,
    RM_NOT_PN,
    RM_NOT_POSITION,
    RM_POSITION_TOO_LARGE,
    RM_NO_NODE,
    RM_TWO_NODES,
    RM_LETTER_AMONG_VALUES,
    RM_VALUE_AMONG_LETTERS,
    RM_TOO_MANY,
    RM_ROW_LONGER,
    RM_ROW_SHORTER,
    RM_ROW_WITHOUT_X,
    RM_X_ROW_ALONE,
    RM_SECOND_ROW,
    RM_VALUE_UNDER_NO_X,
    RM_PAIR_EXTRA,
    RM_MORE_FIELDS,
    RM_SECOND_COLUMN,
    RM_NO_X_COLUMN,
    RM_NO_ANSWER_COLUMN,
    RM_TWO_ANSWERS,
    RM_LIST_FOR_NODES,
    RM_JSON_SYNTAX,
    RM_JSON_DEEP,
    RM_JSON_NO_TABLE,
    RM_CANNOT_OPEN,
    RM_CANNOT_READ,
    RM_NOT_REGULAR,
    RM_DIRECTORY,
    RM_LINK_OUTSIDE,
    RM_LINK_DANGLING,
    RM_LINK_LOOP,
    RM_UNKNOWN_LANGUAGE,
    RM_NCOUNT
};

/* The placeholders of those messages. */
enum {
    RV_TEXT,     /* what the student wrote, quoted */
    RV_WHAT,     /* a kind of thing: "sg", "P/N", "PNG" */
    RV_LINE,     /* another line's number */
    RV_COUNT,
    RV_EXPECTED,
    RV_X,
    RV_VALUE,
    RV_OTHER,
    RV_LIMIT,
    RV_CHAR,     /* a character named: "U+00A0 no-break space" */
    RV_GAME,
    RV_ENCODING,
    RV_REASON,
    RV_NVARS
};

/* Ends the list of (placeholder, value) pairs given to sg_say(). */
#define RV_END (-1)

/* Records message MSG of LANG ("en", "zh"; NULL is "en") at
 * ORIGIN:LINE:COLUMN (a zero LINE or COLUMN is left out) with STATUS, the
 * placeholders given as (RV_..., const char *) pairs ended by RV_END.
 * Returns STATUS. */
sg_status sg_say(sg_ctx *ctx, sg_status status, const char *lang,
                 const char *origin, unsigned long line, unsigned long column,
                 int msg, ...);

/* sg_say() with a va_list. */
sg_status sg_vsay(sg_ctx *ctx, sg_status status, const char *lang,
                  const char *origin, unsigned long line, unsigned long column,
                  int msg, va_list ap);

/* Whether LANG has a wording ("en", "zh"). */
bool sg_say_known_language(const char *lang);

/* ------------------------------------------------------------------------ */
/* Decoding: a file's bytes into the text the reader reads                  */
/* ------------------------------------------------------------------------ */

/* A file's text: UTF-8 with '\n' line ends, every character that looks
 * like ASCII made ASCII (full-width digits, Chinese punctuation, unusual
 * spaces).  Each character of the file is one character of the text, so
 * that a column counted in characters is the column the student sees in an
 * editor.  An HTML file is turned into lines of cells (each cell starting
 * with '|'), and LINE_OF then gives the file's line of each text line. */
typedef struct sg_text {
    char *data;                /* ends in a NUL that LEN does not count */
    size_t len;
    const char *encoding;      /* static: "UTF-8", "UTF-16LE", "GB18030" */
    unsigned long *line_of;    /* NULL, or the file's line of text line i+1 */
    size_t nlines;             /* the length of LINE_OF */
} sg_text;

/* Decodes BYTES[0..len) into OUT.  Files that are not text (a workbook, a
 * document, a picture, an archive) are refused with what they are and how
 * to hand in the table instead; text in UTF-8 (with or without a byte order
 * mark), UTF-16 or UTF-32 (with a byte order mark, or ASCII-heavy without),
 * GB18030 (and so GBK and GB2312) or Windows-1252 is read.  Returns SG_OK,
 * or an error worded in LANG at ORIGIN.  The caller frees OUT with
 * sg_text_free(). */
sg_status sg_text_decode(sg_ctx *ctx, const char *lang, const char *origin,
                         const unsigned char *bytes, size_t len, sg_text *out);

void sg_text_free(sg_text *text);

/* Reads the file PATH that a student handed in ("-" is standard input): a
 * regular file, opened without waiting on a FIFO, at most
 * SG_SHEET_MAX_BYTES; with INSIDE, only when it lies in that folder once
 * every link is resolved.  Returns the bytes (NUL-terminated, *LEN without
 * it) for the caller to free, or NULL after recording an error in LANG. */
char *sg_sheet_file_read(sg_ctx *ctx, const char *lang, const char *path,
                         const char *inside, size_t *len);

/* The name of the character CP for messages: "U+00A0 no-break space". */
void sg_char_name(uint32_t cp, char *buf, size_t size);

/* Decodes the UTF-8 character at S (LEN bytes available, at least 1) into
 * *CP and returns its length in bytes (1 for a byte that starts none). */
size_t sg_utf8_next(const char *s, size_t len, uint32_t *cp);

/* Whether CP is a character that shows nothing (a zero-width space, a
 * soft hyphen, a direction mark), which the decoder leaves in a word so
 * that the reader can name it. */
bool sg_char_invisible(uint32_t cp);

#endif /* SGVIZ_CHECK_READ_H */
