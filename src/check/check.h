/*
 * check/check.h - a checked sheet and the wording of reports, shared by the
 * checker (check.c), its hints (hints.c), the extra answers it checks
 * (answers.c) and the gradebook (gradebook.c).  Private.
 */
#ifndef SGVIZ_CHECK_CHECK_H
#define SGVIZ_CHECK_CHECK_H

#include "check/sheet.h"
#include "text/template.h"

/* ------------------------------------------------------------------------ */
/* The wording: templates/check/LANG.text                                   */
/* ------------------------------------------------------------------------ */

enum {
    CS_HEADER,
    CS_DAG_HEADER,
    CS_WRONG,
    CS_WRONG_PN,
    CS_MISSING,
    CS_MISSING_PN,
    CS_MISSING_RUN,
    CS_STEP,
    CS_SLIP,
    CS_SLIP_PN,
    CS_NEXT_ONE,
    CS_NEXT,
    CS_LATER_ONE,
    CS_LATER,
    CS_FOLLOWS,
    CS_FOLLOWS_PN,
    CS_UNEXPLAINED,
    CS_UNEXPLAINED_PN,
    CS_SUMMARY,
    CS_SUMMARY_ALL,
    CS_SUMMARY_STEPS,
    CS_CONTRA_P,
    CS_CONTRA_N,
    CS_STEP_WRONG,
    CS_STEP_TARGETS,
    CS_STEP_COPIED,
    CS_STEP_VALUES,
    CS_STEP_MEX,
    CS_BEYOND,
    CS_BEYOND_ONE,
    CS_NOTE,
    CS_PLIST_MISSING,
    CS_PLIST_EXTRA,
    CS_NLIST_MISSING,
    CS_NLIST_EXTRA,
    CS_PLIST_RIGHT,
    CS_PLIST_WRONG,
    CS_PLIST_OWN,
    CS_NLIST_RIGHT,
    CS_NLIST_WRONG,
    CS_NLIST_OWN,
    CS_SUM_FIRST,
    CS_SUM_SECOND,
    CS_SUM_YOU_RIGHT,
    CS_SUM_YOU_WRONG,
    CS_SUM_YOU_NONE,
    CS_SUM_OWN,
    CS_SUM_MOVE_RIGHT,
    CS_SUM_MOVE_ILLEGAL,
    CS_SUM_MOVE_WRONG,
    CS_SUM_MOVE_NONE,
    CS_SUM_MOVE_LOST,
    CS_SUM_UNANSWERED,
    CS_WORD_FIRST,
    CS_WORD_SECOND,
    CS_WORD_XOR,
    CS_HINT_SHIFT_LATE,
    CS_HINT_SHIFT_EARLY,
    CS_HINT_GAME,
    CS_HINT_SWAPPED,
    CS_HINT_PN_SWAPPED,
    CS_NSECTIONS
};

enum {
    CV_FILE,
    CV_GAME,
    CV_FROM,
    CV_TO,
    CV_COUNT,
    CV_X,
    CV_GIVEN,
    CV_RIGHT,
    CV_OWN,
    CV_MINE,
    CV_STEP,
    CV_CORRECT,
    CV_CONSISTENT,
    CV_TOTAL,
    CV_FIRST,
    CV_ERROR,
    CV_VALUE,
    CV_OTHER,
    CV_LINE,
    CV_TEXT,
    CV_SUM,
    CV_NIMSUM,
    CV_WINNER,
    CV_MOVE,
    CV_NVARS
};

/* Loads the report wording of LANG (templates/check/LANG.text) and, when
 * TRACE is not NULL, the trace wording of LANG for mex steps.  Returns
 * SG_OK or an error (an unknown language names --lang). */
sg_status sg_check_wording(sg_ctx *ctx, const char *lang, sg_template **check,
                           sg_template **trace);

/* Appends section ID with the placeholders' values VARS (NULL: empty) and
 * a newline. */
void sg_check_say(sg_buf *b, const sg_template *tpl, int id,
                  const char *const vars[CV_NVARS]);

/* ------------------------------------------------------------------------ */
/* The verdicts                                                             */
/* ------------------------------------------------------------------------ */

enum {
    F_GIVEN = 1,
    F_CORRECT = 2,
    F_CONSISTENT = 4,
    F_SLIP = 8,
    F_CONTRA = 16,     /* the letter contradicts the student's own value */
    F_STEP = 32,       /* a mex step was written for it */
    F_STEP_WRONG = 64  /* and it has a mistake */
};

/* What is kept of one position between the passes. */
typedef struct rec {
    sg_value value; /* the student's value */
    sg_value right; /* the true value */
    sg_value own;   /* the mex of the student's values at the targets */
    uint64_t link;  /* a follower: its cause; a slip: its followers */
    uint64_t next;  /* a slip: the followers right after it */
    uint8_t flags;
    char pn;        /* the letter written, or 0 */
    char own_pn;
} rec;

/* A hint about the whole table. */
enum { HINT_SHIFT_LATE, HINT_SHIFT_EARLY, HINT_GAME, HINT_SWAPPED,
       HINT_PN_SWAPPED };

typedef struct hint {
    int kind;
    uint64_t agree;   /* entries that agree with the hint's reading */
    uint64_t of;      /* out of */
    char *game;       /* HINT_GAME: the game the values belong to */
} hint;

/* A checked answer about a sum. */
typedef struct checked_sum {
    size_t parts_at, nparts;   /* in the check's pool */
    size_t values_at;          /* the parts' values, in the pool */
    bool answered;
    int winner;                /* what the student said: 0, 1, 2 */
    int right_winner;          /* 1 or 2 */
    sg_value nimsum;
    bool has_own;              /* the student's table gives every part */
    sg_value own_nimsum;
    bool has_move;
    uint64_t move_from;
    size_t move_to_at, nmove_to;
    int move;                  /* MOVE_... */
    sg_value move_leaves;      /* the nim-sum the move leaves */
    uint64_t good_from;        /* a winning move, when there is one */
    size_t good_to_at, ngood_to;
    unsigned long line;
} checked_sum;

enum { MOVE_NONE, MOVE_RIGHT, MOVE_ILLEGAL, MOVE_WRONG, MOVE_LOST };

/* A checked list of P-positions (or N-positions). */
typedef struct checked_list {
    bool given;
    size_t at, n;              /* the listed positions, in the pool */
    uint64_t wrong;            /* positions 0..count-1 it gets wrong */
    uint64_t own_wrong;        /* where it disagrees with the own table */
    bool has_own;
} checked_list;

struct sg_check {
    const sg_game *game;
    char *origin;
    char *student;
    char *student_id;
    bool values;     /* the sheet gives values (else letters only) */
    bool named;      /* positions have names (else they are numbers) */
    bool from_list;  /* the letters come from a list of P-positions */
    char list_letter;
    uint64_t count;  /* positions 0..count-1 are checked */
    rec *recs;
    sg_check_summary sum;
    /* What the sheet gave beyond the table, copied. */
    sg_sheet_step *steps;
    size_t nsteps;
    uint64_t *pool;
    size_t npool, pool_cap;
    sg_value *spool;
    uint64_t *beyond;          /* the positions beyond N, ascending */
    size_t nbeyond;
    sg_sheet_note *notes;
    size_t nnotes;
    checked_list lists[2];
    checked_sum *sums;
    size_t nsums;
    hint *hints;
    size_t nhints;
    sg_sheet_form form;
    const char *encoding;
};

static inline char sg_letter_for(sg_value v) { return v == 0 ? 'P' : 'N'; }

/* ---- answers.c: steps, lists and sums ---- */

/* Checks the mex step ST written for the position of S against S and the
 * student's table.  Returns F_STEP_WRONG or 0; with B and TPL, writes what
 * is wrong into B in TPL's wording. */
int sg_check_step(const sg_check *c, const sg_step *s, const sg_sheet_step *st,
                  sg_buf *b, const sg_template *tpl);

/* Checks the lists of P- and N-positions and the answers about sums.
 * Returns SG_OK or an error. */
sg_status sg_check_answers(sg_ctx *ctx, sg_check *c, const sg_sheet *sheet,
                           const sg_check_opts *opts);

/* Writes the checked lists and sums in TPL's wording (text) or as JSON
 * members. */
void sg_check_write_answers(const sg_check *c, const sg_template *tpl,
                            sg_buf *b, bool json);

/* ---- gradebook.c: text tables ---- */

/* The columns S takes on a terminal (two for each wide character of
 * Chinese, Japanese and Korean). */
size_t sg_display_width(const char *s);

/* Appends S padded with spaces to WIDTH columns. */
void sg_put_padded(sg_buf *b, const char *s, size_t width);

/* ---- hints.c ---- */

/* Looks for mistakes of the whole table (shifted by one, another game's
 * values, P and N swapped).  Returns SG_OK or SG_ENOMEM. */
sg_status sg_check_hints(sg_ctx *ctx, sg_check *c, bool swapped);

/* The text of hint H in TPL's wording, into B (no newline). */
void sg_check_hint_text(const sg_check *c, const hint *h,
                        const sg_template *tpl, sg_buf *b);

#endif /* SGVIZ_CHECK_CHECK_H */
