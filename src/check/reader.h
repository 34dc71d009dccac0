/*
 * check/reader.h - the homework reader's working state, shared by the
 * files that read lines (lines.c), layouts (sheet.c), mex steps and the
 * lines around a table (steps_read.c) and JSON (json.c).  Private.
 */
#ifndef SGVIZ_CHECK_READER_H
#define SGVIZ_CHECK_READER_H

#include "check/read.h"
#include "check/sheet.h"
#include "check/words.h"

/* A word of a line, after the line's markup is gone. */
typedef struct tok {
    const char *p;
    size_t len;
    unsigned long col;  /* the file's column of its first character */
    size_t cell;        /* the cell it belongs to */
} tok;

/* A cell of a line split by a delimiter (',', ';', a tab, '|', '&'); a
 * line without one is one cell per word. */
typedef struct cellv {
    size_t first, n;    /* its words: toks[first .. first + n) */
    const char *p;      /* its text, without quotes and outer spaces */
    size_t len;
    unsigned long col;
} cellv;

/* One line, cleaned of markup (LaTeX commands, Markdown emphasis, quotes)
 * and split.  TEXT is a cleaned copy; COLS[i] is the file's column of
 * TEXT[i]. */
typedef struct sheet_line {
    unsigned long no;    /* the text's line number */
    size_t start;        /* where it starts in the text */
    const char *raw;     /* the line in the text, without its line end */
    size_t rawlen;
    char *text;
    unsigned long *cols;
    size_t len, cap;
    char *ctext;         /* the cells' text, each cell's quotes undone */
    unsigned long *ccols;
    size_t clen, ccap;
    tok *toks;
    size_t ntoks, tokcap;
    cellv *cells;
    size_t ncells, cellcap;
    char delim;          /* the delimiter the cells come from, or 0 */
    bool assign;         /* '=', ':' or an arrow stands between words */
} sheet_line;

/* The kinds of sheet: values (letters optional), or letters alone. */
enum { KIND_UNKNOWN, KIND_VALUES, KIND_LETTERS };

typedef struct reader {
    sg_ctx *ctx;
    const char *lang;
    const sg_game *game;
    const char *origin;
    bool named;              /* positions have names (else numbers) */
    sg_text text;
    size_t pos;              /* where the next line starts */
    unsigned long lineno;    /* the number of the line last read */
    bool latex;              /* '%' starts a comment */
    char sep;                /* the delimiter a "sep=" line set, or 0 */
    bool tab_grid;           /* tabs delimit cells, empty ones included */
    sg_sheet *sheet;
    int kind;
    unsigned long kind_line; /* the line that decided the kind */
    sheet_line cur;
    /* Node names folded to lower case, for sheets that write a DAG game's
     * nodes in another case: built on first need. */
    char **folded;
    size_t nfolded;
} reader;

/* ---- lines.c ---- */

/* Reads the next line of the text into r->cur, cleaned and split.
 * Returns 1, 0 at the end, or a negative status. */
int sg_reader_next(reader *r);

/* Makes the next sg_reader_next() read the current line again. */
void sg_reader_again(reader *r);

/* Splits r->cur again after r->sep or r->tab_grid changed. */
sg_status sg_reader_resplit(reader *r);

/* Whether the current line holds no word. */
bool sg_reader_blank(const reader *r);

/* The file's line of text line NO (they differ for HTML). */
unsigned long sg_reader_file_line(const reader *r, unsigned long no);

/* A column to show for the file (0 for HTML, whose columns are not the
 * file's). */
unsigned long sg_reader_file_col(const reader *r, unsigned long col);

/* Frees the line's buffers. */
void sg_line_free(sheet_line *l);

/* ---- sheet.c ---- */

/* Records message MSG at LINE:COL of the text (translated to the file's
 * place), with (RV_..., value) pairs ended by RV_END.  Returns the error. */
sg_status sg_reader_fail(reader *r, sg_status status, unsigned long line,
                         unsigned long col, int msg, ...);

/* Quotes T for a message into BUF. */
const char *sg_tok_quote(const tok *t, char *buf, size_t size);

/* Reads the position word T names (a heap size, "sg(4)", or a node).
 * Returns SG_OK, or an error at T's place. */
sg_status sg_reader_position(reader *r, const tok *t, unsigned long line,
                             uint64_t *x);

/* Whether the word names a position (without recording anything). */
bool sg_reader_is_position(reader *r, const char *p, size_t len,
                           uint64_t *x);

/* Adds an entry to the sheet (the checks on values and letters mixed).
 * HAS_VALUE false and PN 0 is a blank, which adds nothing. */
sg_status sg_reader_add(reader *r, uint64_t x, bool has_value, sg_value value,
                        char pn, unsigned long line, unsigned long col);

/* Appends positions or values to the sheet's pools. */
sg_status sg_sheet_pool_add(sg_ctx *ctx, sg_sheet *s, uint64_t x);
sg_status sg_sheet_value_add(sg_ctx *ctx, sg_sheet *s, sg_value v);

/* ---- steps_read.c ---- */

/* Whether the current line holds a written mex step ("mex{"). */
bool sg_line_has_mex(const sheet_line *l);

/* Reads the mex step of the current line (X_KNOWN: the position when the
 * line is a row of a table that names it, else SG_NO_POSITION).  Returns
 * 1 when read, 0 when the line is not a step after all, or an error. */
int sg_read_step(reader *r, uint64_t x_known, const char *p, size_t len,
                 unsigned long col0);

/* Reads a list of P-positions or N-positions ("P-positions: 0, 2, 7").
 * Returns 1, 0 when the line is none, or an error. */
int sg_read_position_list(reader *r);

/* Reads an answer about a sum ("3+5+7: first player wins, 7 -> 4").
 * Returns 1, 0 when the line is none, or an error. */
int sg_read_sum(reader *r);

/* Reads "Name: Anna Schmidt" or "学号：2021001" into the sheet.  Returns
 * 1, 0 when the line is none, or an error. */
int sg_read_person(reader *r);

/* ---- json.c ---- */

/* Reads a sheet written as JSON (sgviz's own table and trace outputs, a
 * list of values, records of x and sg).  Returns SG_OK or an error. */
sg_status sg_read_json(reader *r);

/* A member of a JSON object: its key and where its value lies in the
 * text. */
typedef struct sg_json_member {
    char *key;
    size_t begin, end;
} sg_json_member;

/* The members of the object that r's text is, in order (none when it is
 * no object).  The caller frees each key and *MEMBERS.  Returns SG_OK or
 * an error (the text is no valid JSON). */
sg_status sg_json_members(reader *r, sg_json_member **members, size_t *n);

/* When r's text is a Jupyter notebook, appends its words to OUT (the
 * markdown cells' text and what the code cells printed) and returns 1;
 * else returns 0 and records nothing. */
int sg_json_notebook(reader *r, sg_buf *out);

#endif /* SGVIZ_CHECK_READER_H */
