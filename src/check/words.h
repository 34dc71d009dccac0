/*
 * check/words.h - the words students write in homework tables, in English
 * and Chinese (private): column and row names, P/N words, blanks, and the
 * lines around a table (names, lists of P-positions).
 */
#ifndef SGVIZ_CHECK_WORDS_H
#define SGVIZ_CHECK_WORDS_H

#include "internal.h"

/* What a header cell or the first word of a row names. */
enum {
    LABEL_NONE,
    LABEL_X,       /* the positions: x, n, heap, 局面 */
    LABEL_SG,      /* the values: sg, SG(x), Grundy value, SG值 */
    LABEL_PN,      /* the letters: P/N, W/L, outcome, 胜负 */
    LABEL_MEX,     /* a written mex step: "mex step", mex */
    LABEL_TARGETS  /* the targets of the moves: targets, 剩余 */
};

/* The label WORD[0..len) names (case and spaces do not matter). */
int sg_word_label(const char *word, size_t len);

/* 'P' or 'N' for a word that says which (P, N, W, L, "P-position", "(N)",
 * win, lose, 必胜, 必败, ...), else 0. */
char sg_word_letter(const char *word, size_t len);

/* Whether WORD marks an entry left blank: "", "?", "-", "...", "n/a",
 * "nan", "_". */
bool sg_word_missing(const char *word, size_t len);

/* Whether WORD introduces the student's name ("Name", "姓名") or id
 * ("ID", "Student number", "学号"): 1 name, 2 id, 0 neither. */
int sg_word_person(const char *word, size_t len);

/* 'P' or 'N' when WORD introduces a list of P-positions ("P-positions",
 * "losing positions", "必败态", "P") or of N-positions, else 0. */
char sg_word_position_list(const char *word, size_t len);

/* Whether WORD names the first player (1), the second (2), or neither
 * (0), as answers to "who wins" say: "first player", "先手必胜", "N". */
int sg_word_winner(const char *word, size_t len);

/* The outcome of reading a number. */
typedef enum {
    NUM_OK,
    NUM_NONE,       /* not a number at all */
    NUM_NEGATIVE,
    NUM_FRACTION,
    NUM_TOO_LARGE,
    NUM_LETTER      /* digits with a letter that looks like one: "1O" */
} num_result;

/* Reads a whole number from WORD: digits, "+3", or "2.0" (as spreadsheets
 * write whole numbers).  At most MAX.  For NUM_LETTER, *LETTER receives
 * the letter and *DIGIT the digit it looks like. */
num_result sg_word_number(const char *word, size_t len, uint64_t max,
                          uint64_t *value, char *letter, char *digit);

/* Folds WORD for comparison into BUF (SIZE bytes): ASCII letters in lower
 * case, spaces, tabs and '$' left out.  Returns the length, or SIZE when
 * it does not fit. */
size_t sg_word_fold(const char *word, size_t len, char *buf, size_t size);

#endif /* SGVIZ_CHECK_WORDS_H */
