/*
 * games/takebreak.h - take-and-break codes, as the kind (takebreak.c) and
 * its fast method of computing values (takebreak_values.c) share them
 * (private).
 *
 * A code d0.d1d2d3... says, for each k, what removing k tokens from a heap
 * may leave: bit i of digit d_k set means "exactly i non-empty heaps"
 * (i = 0, 1, 2, 3).  d0 concerns splitting a heap without taking anything,
 * so only its bits 2 and 3 mean anything.  A tail in brackets repeats for
 * ever ("4.[3]"); a '!' after a digit asks the heaps it leaves to be
 * pairwise unequal ("4!.0", Grundy's game).
 */
#ifndef SGVIZ_GAMES_TAKEBREAK_H
#define SGVIZ_GAMES_TAKEBREAK_H

#include "internal.h"

/* Bits of a digit: what taking k tokens may leave. */
enum {
    SG_CODE_NONE = 1,  /* no heap: the move takes the whole heap */
    SG_CODE_ONE = 2,   /* one non-empty heap */
    SG_CODE_TWO = 4,   /* two non-empty heaps */
    SG_CODE_THREE = 8  /* three non-empty heaps */
};

typedef struct sg_code {
    size_t ndigits;     /* digits d_0 .. d_{ndigits-1} as written */
    uint8_t *digits;    /* each 0..15 */
    uint8_t *distinct;  /* 1 where the digit was followed by '!' */
    /* digits[tail .. ndigits) repeat for ever; tail == ndigits when the
     * code has no repeating tail (a finite code). */
    size_t tail;
} sg_code;

/* Digit d_k of CODE for any k >= 0: as written, or from the repeating
 * tail, or 0 past the end of a finite code. */
static inline unsigned sg_code_digit(const sg_code *code, uint64_t k)
{
    if (k < code->ndigits)
        return code->digits[k];
    if (code->tail == code->ndigits)
        return 0;
    uint64_t len = code->ndigits - code->tail;
    return code->digits[code->tail + (k - code->tail) % len];
}

/* Whether the heaps digit d_k leaves must be pairwise unequal. */
static inline bool sg_code_distinct(const sg_code *code, uint64_t k)
{
    if (k < code->ndigits)
        return code->distinct[k] != 0;
    if (code->tail == code->ndigits)
        return false;
    uint64_t len = code->ndigits - code->tail;
    return code->distinct[code->tail + (k - code->tail) % len] != 0;
}

/* Whether the code is finite (no repeating tail). */
static inline bool sg_code_finite(const sg_code *code)
{
    return code->tail == code->ndigits;
}

/* t: the index of the last non-zero digit of a finite code (0 when every
 * digit after d_0 is zero). */
uint64_t sg_code_last_digit(const sg_code *code);

/* The most heaps one move of CODE leaves (1, 2 or 3; 1 when no digit
 * splits). */
unsigned sg_code_heaps(const sg_code *code);

/* Whether the Guy-Smith theorem proves periods of CODE: a finite code
 * whose moves never ask for unequal heaps. */
bool sg_code_certifiable(const sg_code *code);

/* The end of the range n0 <= x < end on which sg(x + p) = sg(x) proves
 * period P from N0 for CODE: with t = sg_code_last_digit() and r =
 * sg_code_heaps(), r max(n0, 1) + (r - 1) p + t; UINT64_MAX when the code
 * is not certifiable. */
uint64_t sg_code_certificate_end(const sg_code *code, uint64_t n0,
                                 uint64_t p);

/* Writes the theorem as reports state it, one sentence. */
void sg_code_certificate_words(const sg_code *code, const char *lang,
                               sg_buf *b);

/* Computes sg(0..LAST) of CODE into a new table *OUT (freed with
 * sg_values_free()), values stored as narrow as they fit and widened as
 * they grow.  Finite codes of octal digits use the rare-value method;
 * codes with a repeating tail or splits into three heaps are computed
 * directly.  A certifiable code whose values turn periodic within the
 * range has the rest filled in from its proven period.  Returns SG_OK, or
 * SG_ELIMIT/SG_ENOMEM naming what does not fit. */
sg_status sg_code_values(sg_ctx *ctx, const sg_code *code, uint64_t last,
                         sg_values **out);

/* The same values, computed in rounds: a run is extended to LAST, then to
 * a larger LAST, each time from where it stopped, so that a period search
 * whose rounds double computes every value once.  The values so far are
 * read with sg_code_run_values() (WIDTH 2 or 4 bytes each, the largest in
 * *MAX), valid until the next extension; sg_code_run_take() hands the
 * table over to the caller (who frees it), after which the run only frees.
 * A failed extension (SG_ELIMIT, SG_ENOMEM) leaves the values of the
 * rounds before it in place.  CODE must outlive the run. */
typedef struct sg_code_run sg_code_run;
sg_code_run *sg_code_run_new(sg_ctx *ctx, const sg_code *code);
sg_status sg_code_run_extend(sg_ctx *ctx, sg_code_run *run, uint64_t last);
const void *sg_code_run_values(const sg_code_run *run, unsigned *width,
                               sg_value *max);
void *sg_code_run_take(sg_code_run *run, unsigned *width);
void sg_code_run_free(sg_code_run *run);

#endif /* SGVIZ_GAMES_TAKEBREAK_H */
