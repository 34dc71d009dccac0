/*
 * check/sheet.h - a homework sheet as the reader leaves it, for the
 * checker (private).
 *
 * Besides the table of answers (sgviz.h's sg_sheet_entry), a sheet may hold
 * what else students hand in: the mex steps they wrote line by line, a list
 * of P-positions, and answers to "who wins this sum, and with which move".
 * Positions of all of them are kept in one pool and referred to by index.
 */
#ifndef SGVIZ_CHECK_SHEET_H
#define SGVIZ_CHECK_SHEET_H

#include "internal.h"

/* One mex step a student wrote: "sg(4) = mex{sg(3),sg(1),sg(0)} =
 * mex{1,1,0} = 2".  The targets and the values at them are each optional;
 * the result is the entry of x in the sheet's table. */
typedef struct sg_sheet_step {
    uint64_t x;
    unsigned long line;
    bool has_targets;
    bool has_values;
    size_t targets_at, ntargets; /* in the sheet's position pool */
    size_t values_at, nvalues;   /* in the sheet's value pool */
} sg_sheet_step;

/* A list of P-positions (or of N-positions) the student wrote. */
typedef struct sg_sheet_plist {
    bool given;
    unsigned long line;
    size_t at, n;                /* in the position pool, ascending */
} sg_sheet_plist;

/* An answer to "who wins the sum of these positions, and how". */
typedef struct sg_sheet_sum {
    unsigned long line;
    size_t parts_at, nparts;     /* the positions summed */
    int winner;                  /* 0 not said, 1 the first player (the
                                    player to move), 2 the second */
    bool has_move;
    uint64_t move_from;          /* one of the parts */
    size_t move_to_at, nmove_to; /* the positions that part becomes */
} sg_sheet_sum;

/* A line that was not read as part of the table but holds digits, so that
 * a report can say so rather than drop it without a word. */
typedef struct sg_sheet_note {
    unsigned long line;
    char *text;
} sg_sheet_note;

struct sg_sheet {
    char *origin;
    sg_sheet_form form;
    sg_sheet_entry *entries;     /* sorted by x, one per x */
    size_t count, cap;
    int has_values;
    uint64_t named_last;         /* the largest x named, answered or not */
    char *student;               /* from a "Name: ..." line, or NULL */
    char *student_id;            /* from an "ID: ..." line, or NULL */
    const char *encoding;        /* static */
    bool swapped;                /* rows (or columns) were read swapped */
    sg_sheet_step *steps;        /* sorted by x */
    size_t nsteps, steps_cap;
    uint64_t *pool;
    size_t npool, pool_cap;
    sg_value *values;
    size_t nvalues, values_cap;
    sg_sheet_plist plist[2];     /* [0] P-positions, [1] N-positions */
    sg_sheet_sum *sums;
    size_t nsums, sums_cap;
    sg_sheet_note *notes;
    size_t nnotes, notes_cap;
};

/* The step written for X, or NULL. */
const sg_sheet_step *sg_sheet_step_of(const sg_sheet *sheet, uint64_t x);

#endif /* SGVIZ_CHECK_SHEET_H */
