/*
 * sgviz/check.h - homework: reading the sheets students hand in, checking
 * them against the engine, gradebooks and feedback.
 *
 * Part of the public interface of libsgviz; include <sgviz.h>, which
 * includes every part, or this file alone.  The conventions that hold for
 * every function are stated once, at the top of sgviz/core.h.
 */
#ifndef SGVIZ_CHECK_H
#define SGVIZ_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Homework sheets: tables of sg values or P/N letters as students write them */
/* ------------------------------------------------------------------------ */

/* Bounds on a sheet, checked before anything is allocated for it. */
#define SG_SHEET_MAX_BYTES ((size_t)16 << 20)     /* bytes in one file */
#define SG_SHEET_MAX_POSITIONS UINT64_C(1000000)  /* x = 0 .. 999999 */

/* The layouts students write.  AUTO detects one from the text (the first
 * six can also be forced; the last three are only recognised). */
typedef enum sg_sheet_form {
    SG_SHEET_AUTO,
    SG_SHEET_ROWS,  /* "x 0 1 2 ..." with "sg 0 1 0 ..." and/or "P/N P N P", */
                    /* in either order; several such blocks may follow */
    SG_SHEET_PAIRS, /* one position a line: "4 2", "4: 2", "sg(4) = 2", "4,N" */
    SG_SHEET_CSV,   /* a header naming the columns (x, sg, P/N), then rows */
    SG_SHEET_LIST,  /* bare values for x = 0, 1, 2, ... */
    SG_SHEET_PN,    /* bare P/N letters for x = 0, 1, 2, ... ("PNPNN" too) */
    SG_SHEET_TRACE, /* a mex step a line: "sg(4) = mex{1,1,0} = 2" */
    SG_SHEET_JSON,  /* JSON: sgviz's own table and trace, lists, records */
    SG_SHEET_PLIST  /* a list of P-positions: "P-positions: 0, 2, 7" */
} sg_sheet_form;

/* Parses a form name (auto, rows, pairs, csv, list, pn) given to OPTION
 * (e.g. "--input-format") for messages.  Returns SG_OK or SG_EINPUT. */
SG_API sg_status sg_sheet_form_parse(sg_ctx *ctx, const char *option,
                                     const char *name, sg_sheet_form *form);

/* The name of FORM, as sg_sheet_form_parse() accepts it.  Static. */
SG_API const char *sg_sheet_form_name(sg_sheet_form form);

/* One entry a student wrote: a position and its value, its P/N letter, or
 * both.  In a sheet either every entry has a value (letters are then
 * optional extras) or none has, and every entry has a letter. */
typedef struct sg_sheet_entry {
    uint64_t x;           /* the position (a node's number for DAG games) */
    int has_value;
    sg_value value;
    char pn;              /* 'P', 'N', or 0 when no letter was written */
    unsigned long line;   /* where the entry's position is written (in a */
    unsigned long column; /* bare list, where its answer is; 0: unknown) */
} sg_sheet_entry;

typedef struct sg_sheet sg_sheet;

/* How a sheet is read. */
typedef struct sg_sheet_opts {
    /* sizeof (sg_sheet_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    sg_sheet_form form;   /* SG_SHEET_AUTO (0) detects the layout */
    const char *lang;     /* the language of messages: "en" (NULL), "zh" */
    /* sg_sheet_read() reads only a file that lies in this folder: a
     * symbolic link that leads out of it is refused, never followed.
     * NULL: any file. */
    const char *inside;
} sg_sheet_opts;

/* Reads a sheet from TEXT[0..len), named ORIGIN in messages, for GAME
 * (positions are heap sizes for a subtraction game, node names for a DAG
 * game).  OPTS may be NULL.  The text may be in any encoding students save
 * (UTF-8, UTF-16, GBK/GB18030, Windows-1252), with any line ends, in any of
 * the layouts above, as plain text, CSV, Markdown, LaTeX, HTML or JSON;
 * lines around the table (a name, the question, remarks) are skipped.  A
 * blank, "?" or "-" answer and a gap in x count as missing; entries beyond
 * the question's N are for the check to set aside.  Refused with
 * ORIGIN:LINE:COLUMN (SG_EINPUT), in the language of OPTS: a file that is
 * not text (naming what it is and how to hand in the table instead), a
 * word where a number belongs, two different answers for one position, a
 * row longer than its x row, a node the game does not have; beyond the
 * bounds above with SG_ELIMIT.  Returns a new sheet the caller frees with
 * sg_sheet_free(), or NULL on error.  GAME is only read during the call. */
SG_API sg_sheet *sg_sheet_parse(sg_ctx *ctx, const sg_game *game,
                                const char *text, size_t len,
                                const char *origin, const sg_sheet_opts *opts);

/* Reads the sheet in the file PATH ("-" is standard input), as
 * sg_sheet_parse().  Only a regular file is read (a FIFO or a device is
 * refused, never waited on).  Returns NULL on error, SG_EIO when the file
 * cannot be read. */
SG_API sg_sheet *sg_sheet_read(sg_ctx *ctx, const sg_game *game,
                               const char *path, const sg_sheet_opts *opts);

SG_API void sg_sheet_free(sg_sheet *sheet);

/* The layout the sheet was read as (never SG_SHEET_AUTO). */
SG_API sg_sheet_form sg_sheet_form_of(const sg_sheet *sheet);

/* The entries in increasing order of position; *COUNT receives their
 * number (0 when the sheet holds only a list of P-positions, mex steps
 * without results or answers about sums).  Owned by the sheet. */
SG_API const sg_sheet_entry *sg_sheet_entries(const sg_sheet *sheet,
                                              size_t *count);

/* Whether the entries hold values (1) or only P/N letters (0). */
SG_API int sg_sheet_has_values(const sg_sheet *sheet);

/* The largest position the sheet names in its table and its mex steps (in
 * its lists of P-positions when it has neither), or SG_NO_POSITION. */
SG_API uint64_t sg_sheet_last_x(const sg_sheet *sheet);

/* The name the sheet was read under.  Owned by the sheet. */
SG_API const char *sg_sheet_origin(const sg_sheet *sheet);

/* The student's name and id as a line of the sheet gives them ("Name: Anna
 * Schmidt", "学号：2021001"), or NULL.  Owned by the sheet. */
SG_API const char *sg_sheet_student(const sg_sheet *sheet);
SG_API const char *sg_sheet_student_id(const sg_sheet *sheet);

/* The encoding the file was read in: "UTF-8", "UTF-16LE", "GB18030", ...
 * Static. */
SG_API const char *sg_sheet_encoding(const sg_sheet *sheet);

/* Whether the x row and the sg row (or columns) were read the other way
 * round from their labels, because the x row repeated values and the sg
 * row counted 0, 1, 2, ... */
SG_API int sg_sheet_swapped(const sg_sheet *sheet);

/* ------------------------------------------------------------------------ */
/* Checking homework: a sheet against the engine's values                   */
/* ------------------------------------------------------------------------ */

/*
 * Each position gets two verdicts.  It is correct when the student's entry
 * equals the true sg value (and P/N letter, where one is written).  It is
 * consistent when the entry equals what the student's OWN entries at its
 * targets give: the mex of their values, or, in a sheet of letters only, P
 * exactly when none of the targets is marked P; a written letter must also
 * agree with the student's own value.  A target the sheet leaves out counts
 * with its true value, so that a student is never blamed twice for one
 * omission.  A position without an entry is neither correct nor consistent.
 *
 * A wrong entry that is not consistent is a slip: the place where an error
 * starts.  A wrong entry that is consistent follows from slips before it;
 * its cause is the slip that every wrong target leads back to, or
 * SG_NO_POSITION when they lead back to several.
 */
typedef struct sg_verdict {
    uint64_t x;
    int given;             /* the sheet has an entry for x */
    int correct;
    int consistent;
    int has_value;         /* the sheet gives values (else letters only) */
    sg_value value;        /* what the student wrote (has_value) */
    char pn;               /* the letter written, or 0 */
    sg_value right;        /* the true sg(x) */
    sg_value own;          /* the mex of the student's values at the targets */
    char own_pn;           /* 'P' or 'N' as the student's own entries give */
    uint64_t cause;        /* wrong and consistent: the slip it follows from */
    uint64_t followers;    /* a slip: the wrong entries that follow from it */
    uint64_t followers_next; /* of those, how many come right after it, with
                                no other wrong entry between */
    int contradicts;       /* the letter contradicts the value beside it */
    int has_step;          /* a mex step was written for x */
    int step_right;        /* and it has no mistake */
} sg_verdict;

typedef struct sg_check_summary {
    uint64_t total;        /* positions checked */
    uint64_t correct;
    uint64_t consistent;
    uint64_t missing;      /* positions without an entry */
    uint64_t slips;
    uint64_t first_error;  /* the first wrong position, or SG_NO_POSITION */
    uint64_t beyond;       /* entries beyond the question's N, not graded */
    uint64_t contradictions; /* P/N letters that contradict the student's
                                own value beside them */
    uint64_t steps;        /* mex steps written for positions checked */
    uint64_t steps_right;  /* of those, the steps without a mistake */
    uint64_t hints;        /* mistakes of the whole table (see the report) */
    uint64_t answers;      /* lists of P-positions and answers about sums */
    uint64_t answers_right; /* of those, the ones without a mistake */
    uint64_t last_in_sheet; /* the largest x the sheet gives (numbered games;
                               SG_NO_POSITION when it gives none) */
} sg_check_summary;

typedef struct sg_check sg_check;

/* How a sheet is checked. */
typedef struct sg_check_opts {
    /* sizeof (sg_check_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    int has_last;          /* the question asks for x = 0..LAST (-n); else */
    uint64_t last;         /* the sheet's largest x is taken */
    /* The sums the question asks about ("3+5+7", heaps or node names): an
     * answer that is not there is missing.  NULL: the sums answered. */
    const char *const *sums;
    size_t nsums;
} sg_check_opts;

/* Checks SHEET against GAME.  The positions checked are 0..LAST for a
 * subtraction game (see OPTS, which may be NULL), every position for a DAG
 * game; entries beyond them are set aside as beyond the question.  Also
 * checked: each mex step written (its targets, the values copied into it,
 * its mex), a list of P-positions (against the truth and the student's own
 * table), and answers about sums (who wins, and whether the move given
 * wins).  The values and mex steps come from the engine.  Returns a new
 * check the caller frees with sg_check_free(), or NULL on error (SG_EINPUT
 * for a sum in OPTS that does not parse, SG_ELIMIT when the range cannot be
 * computed here, SG_ENOMEM).  GAME must outlive the check; SHEET need not. */
SG_API sg_check *sg_check_new(sg_ctx *ctx, const sg_game *game,
                              const sg_sheet *sheet,
                              const sg_check_opts *opts);

SG_API void sg_check_free(sg_check *check);

SG_API void sg_check_get_summary(const sg_check *check,
                                 sg_check_summary *summary);

/* Points for a grade: each position whose value is right earns VALUE,
 * each that follows from the student's own values METHOD, each whose P/N
 * answer is right (the letter written, or the one the value gives) PN,
 * each mex step without a mistake STEPS, each position a list of
 * P-positions gets right LIST, each sum's winner WINNER and winning move
 * MOVE.  With SCALE above 0, a grade is scaled to SCALE points. */
typedef struct sg_points {
    double value, method, pn, steps, list, winner, move;
    double scale;
} sg_points;

/* Parses "value=1,method=1,pn=0.5" (keys as above, "out-of" for SCALE;
 * a key left out is 0) for --points.  Returns SG_OK or SG_EINPUT naming
 * the bad item. */
SG_API sg_status sg_points_parse(sg_ctx *ctx, const char *spec,
                                 sg_points *points);

/* The points CHECK earns under POINTS, and the most it could earn; both
 * scaled when POINTS has a scale. */
SG_API void sg_check_points(const sg_check *check, const sg_points *points,
                            double *earned, double *max);

/* The verdicts on position X, which must be below the summary's total
 * (positions are numbered as the engine numbers them). */
SG_API void sg_check_get_verdict(const sg_check *check, uint64_t x,
                                 sg_verdict *verdict);

typedef enum sg_report_format {
    SG_REPORT_TEXT, /* for people: each wrong entry with its mex step */
    SG_REPORT_CSV,  /* one row per position (a class: one row per file) */
    SG_REPORT_JSON
} sg_report_format;

/* Parses a report format name (text, csv, json).  Returns SG_OK or
 * SG_EINPUT naming NAME. */
SG_API sg_status sg_report_format_parse(sg_ctx *ctx, const char *name,
                                        sg_report_format *format);

/* Writes the report of one sheet to OUT in FORMAT, in the wording of
 * language LANG ("en", "zh"): for each wrong entry the value given, the
 * right value and the mex step that gives it (as `sgviz trace` words it),
 * whether it is a slip or follows from one, and the summary.  Returns
 * SG_OK, or an error (SG_EINPUT for an unknown language, SG_EIO). */
SG_API sg_status sg_check_write_report(sg_ctx *ctx, const sg_check *check,
                                       const char *lang,
                                       sg_report_format format, FILE *out);

/* A student, as a learning platform's export names them. */
typedef struct sg_student {
    char *name;            /* NULL when unknown */
    char *id;              /* NULL when unknown */
} sg_student;

/* Reads a student's name and id from NAME, the name of a folder (IS_FILE
 * 0) or of a file (IS_FILE 1, its extension ignored) as learning platforms
 * export submissions: Moodle's "Anna Schmidt_123456_assignsubmission_file_",
 * Canvas's "schmidtanna_123456_7890123_hw3.txt", Blackboard's "Homework
 * 3_aschmidt_attempt_2024-03-01-10-00-00_hw3.txt", and "2021001_张三",
 * "张三-2021001", "Schmidt, Anna (12345)".  A folder without an id names
 * the student by itself; a file without one names nobody.  Fills OUT
 * (fields NULL when not found) and returns SG_OK or SG_ENOMEM.  The caller
 * frees the fields with sg_student_clear(). */
SG_API sg_status sg_student_from_name(sg_ctx *ctx, const char *name,
                                      int is_file, sg_student *out);

SG_API void sg_student_clear(sg_student *student);

/* A gradebook: one row per student's sheet. */
typedef struct sg_gradebook sg_gradebook;

typedef struct sg_gradebook_opts {
    /* sizeof (sg_gradebook_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    const char *lang;         /* "en" (NULL) or "zh" */
    sg_report_format format;  /* text, csv or json */
    const sg_points *points;  /* NULL: no grade column */
    int n_from_sheets;        /* N is the largest x of the sheets (no -n) */
} sg_gradebook_opts;

/* Starts a gradebook for GAME, written to OUT by sg_gradebook_finish().
 * OPTS may be NULL.  Returns NULL on error (unknown language).  GAME must
 * outlive the gradebook; OUT stays the caller's; POINTS is copied. */
SG_API sg_gradebook *sg_gradebook_new(sg_ctx *ctx, const sg_game *game,
                                      const sg_gradebook_opts *opts,
                                      FILE *out);

/* Adds the row of FILE, the sheet of STUDENT with ID (either NULL when not
 * known; the sheet's own "Name:" line is used then): its CHECK, or, when
 * the file could not be read, CHECK NULL and ERROR the message that says
 * why.  Every check of a book must cover the same positions.  Returns
 * SG_OK, SG_ELIMIT beyond 100000 rows, or SG_ENOMEM. */
SG_API sg_status sg_gradebook_add(sg_gradebook *book, const char *file,
                                  const char *student, const char *id,
                                  const sg_check *check, const char *error);

/* Writes every row, a closing count and the class's summary: the N every
 * sheet was checked to (and sheets that stop before it or go beyond it), a
 * histogram of scores, the positions most often first wrong.  CSV and JSON
 * rows carry the fields of a single sheet's JSON report.  Returns SG_OK,
 * SG_EIO or SG_ENOMEM. */
SG_API sg_status sg_gradebook_finish(sg_gradebook *book);

/* Draws the class's summary (the histogram of scores and the positions
 * most often first wrong) as a chart in FORMAT ("svg", "png" or "pdf") to
 * OUT.  Returns SG_OK, or an error as sg_drawing_render() gives. */
SG_API sg_status sg_gradebook_chart(sg_ctx *ctx, const sg_gradebook *book,
                                    const char *format, FILE *out);

SG_API void sg_gradebook_free(sg_gradebook *book);

/* Writes, in LANG, the parts of a student's feedback that are not a
 * report: when ERROR is not NULL, that FILE could not be read, the message
 * ERROR and what files sgviz reads; when OTHERS is neither NULL nor "", the
 * other files of the student's folder, which were not read.  Returns SG_OK,
 * SG_EIO or SG_ENOMEM. */
SG_API sg_status sg_feedback_write(sg_ctx *ctx, const char *lang,
                                   const char *file, const char *error,
                                   const char *others, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_CHECK_H */
