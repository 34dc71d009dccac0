/*
 * sgviz/text.h - words from the values: templates, traces, tables, and the
 * working of a sum and of misère play as a student writes it out.
 *
 * Part of the public interface of libsgviz; include <sgviz.h>, which
 * includes every part, or this file alone.  The conventions that hold for
 * every function are stated once, at the top of sgviz/core.h.
 */
#ifndef SGVIZ_TEXT_H
#define SGVIZ_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Templates                                                                */
/* ------------------------------------------------------------------------ */

typedef struct sg_template sg_template;

/* Loads the built-in trace template for language LANG ("en", "zh") and
 * format FORMAT ("text", "md", "latex", "json").  Built-in templates are
 * compiled into the library, so an installed program needs no other files.
 * Returns NULL on error (unknown language or format: SG_EINPUT). */
SG_API sg_template *sg_template_builtin(sg_ctx *ctx, const char *lang,
                                        const char *format);

/* Loads a user's template file.  Returns NULL on error: unreadable file
 * (SG_EIO) or malformed template (SG_EINPUT with FILE:LINE:COLUMN). */
SG_API sg_template *sg_template_load(sg_ctx *ctx, const char *path);

/* Parses template text held in memory; ORIGIN names it in messages. */
SG_API sg_template *sg_template_parse(sg_ctx *ctx, const char *text,
                                      size_t len, const char *origin);

SG_API void sg_template_free(sg_template *tpl);

/* Breaks the traces written with TPL into blocks of ROWS steps (0: one
 * block), the template's [break] section between two blocks: the latex
 * format's blocks of 10 are each a slide's height.  Overrides the
 * template's own `rows` setting.  Returns SG_OK, or SG_EINPUT when TPL has
 * no [break] section or ROWS is above 10^6. */
SG_API sg_status sg_template_set_rows(sg_ctx *ctx, sg_template *tpl,
                                      uint64_t rows);

/* The names of the built-in languages and trace formats, for help texts. */
SG_API const char *sg_template_languages(void); /* "en, zh" */
SG_API const char *sg_template_formats(void);   /* "text, md, latex, json" */

/* The contents of a file under templates/ as built into the library, e.g.
 * "trace/en.text" or "themes/classic.dot"; NULL if there is none.  The bytes
 * are static; *LEN receives their length. */
SG_API const char *sg_builtin_file(const char *name, size_t *len);

/* ------------------------------------------------------------------------ */
/* Traces                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct sg_trace sg_trace;

/* Starts a trace of positions FROM..TO of GAME in the wording of TPL, written
 * to OUT.  The template must suit the game (a DAG game needs the template's
 * dag sections).  Returns NULL on error.  TPL and GAME must outlive the
 * trace; OUT stays the caller's. */
SG_API sg_trace *sg_trace_new(sg_ctx *ctx, const sg_template *tpl,
                              const sg_game *game, uint64_t from, uint64_t to,
                              FILE *out);

/* A step consumer (for sg_compute_opts.on_step, with with_moves set and USER
 * the trace) that writes one step. */
SG_API int sg_trace_step(void *trace, const sg_step *step);

/* Writes the trace's closing text and checks the output for write errors.
 * Returns SG_OK or SG_EIO. */
SG_API sg_status sg_trace_finish(sg_trace *trace);

SG_API void sg_trace_free(sg_trace *trace);

/* Computes and writes the whole trace of FROM..TO in one call. */
SG_API sg_status sg_trace_write(sg_ctx *ctx, const sg_template *tpl,
                                const sg_game *game, uint64_t from,
                                uint64_t to, FILE *out);

/* Formats one step in the wording of TPL, without the trailing newline.
 * Returns a new string the caller frees, or NULL on error. */
SG_API char *sg_trace_format_step(sg_ctx *ctx, const sg_template *tpl,
                                  const sg_game *game, const sg_step *step);

/* ------------------------------------------------------------------------ */
/* Tables                                                                   */
/* ------------------------------------------------------------------------ */

typedef enum sg_table_format {
    SG_TABLE_TEXT,  /* rows x / sg / P-N, wrapped to a width */
    SG_TABLE_CSV,
    SG_TABLE_MD,
    SG_TABLE_LATEX,
    SG_TABLE_JSON,
    SG_TABLE_NONE,  /* compute only */
    SG_TABLE_C      /* a C array literal of the values, {0,1,0,...} */
} sg_table_format;

/* Parses a table format name; returns SG_OK or SG_EINPUT naming NAME. */
SG_API sg_status sg_table_format_parse(sg_ctx *ctx, const char *name,
                                       sg_table_format *format);

typedef struct sg_table_opts {
    /* sizeof (sg_table_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    sg_table_format format;
    unsigned width;   /* text, c: the line width to wrap to; 0 means 80 */
    unsigned columns; /* latex: positions per tabular; 0 means 12 */
    int misere;       /* the misère table: g-(x) and P/N under misère play
                         (the last player to move loses), as
                         sg_misere_values() gives them; JSON names the
                         values "misere" */
    /* Only the P-positions (sg = 0): in text one name a line, in C an
     * array of the positions (numbers, pairs {a,b} for names "a,b", or
     * strings), in the other formats their rows. */
    int p_only;
    /* Positions named by two whole numbers ("3,5", "(3,5)"): a grid of
     * their values, rows by the first number, columns by the second, each
     * P-position marked (with p_only, a map of P and .).  Text, CSV, JSON
     * and C (a two-dimensional array, -1 where no position is). */
    int grid;
    /* When not NULL, the table lists exactly POSITIONS[0..npositions), in
     * that order (FROM and TO are then unused): a finite game in the order
     * of sg_game_order(), say, or a window of it. */
    const uint64_t *positions;
    size_t npositions;
    /* The words of text, Markdown and LaTeX tables: "en" (NULL) writes
     * sg(x), "zh" writes SG[x] and the game's Chinese name, as the Chinese
     * traces do.  CSV, JSON and C keep their keys. */
    const char *lang;
} sg_table_opts;

/* Computes and writes the table of positions FROM..TO of GAME to OUT (or
 * of opts->positions).  Returns SG_OK or an error: SG_EINPUT for a grid of
 * a game whose positions are not all named by two numbers (naming one),
 * a grid in a format that has none, or an unknown language. */
SG_API sg_status sg_table_write(sg_ctx *ctx, const sg_game *game,
                                uint64_t from, uint64_t to,
                                const sg_table_opts *opts, FILE *out);

/* ------------------------------------------------------------------------ */
/* The value of one position, as `sgviz value` says it                      */
/* ------------------------------------------------------------------------ */

typedef struct sg_value_words sg_value_words;

/* What one line says. */
typedef enum sg_value_kind {
    SG_VALUE_NORMAL,          /* sg(x) = v, and P or N */
    SG_VALUE_MISERE,          /* g-(x) = v under misère play */
    SG_VALUE_MISERE_QUOTIENT  /* g-(x) >= 1: the misère quotient gives the
                                 outcome N, not the exact value */
} sg_value_kind;

/* Loads the wording of LANG ("en" or NULL, "zh"; templates/value/).
 * Returns NULL on error (SG_EINPUT for an unknown language, naming the one
 * it most likely misspells).  Free with sg_value_words_free(). */
SG_API sg_value_words *sg_value_words_new(sg_ctx *ctx, const char *lang);

SG_API void sg_value_words_free(sg_value_words *words);

/* Writes one line to OUT: POSITION (as asked: "7", "3+4+5", a node's
 * name) and its VALUE, in the kind of line KIND, e.g. "sg(7) = 0  (P)" or
 * "SG[7] = 0（P 局面，先手必败）".  Returns SG_OK or SG_ENOMEM; a failed
 * write shows in OUT's error flag. */
SG_API sg_status sg_value_say(sg_ctx *ctx, const sg_value_words *words,
                              sg_value_kind kind, const char *position,
                              sg_value value, FILE *out);

/* ------------------------------------------------------------------------ */
/* The working of a sum, and misère play, as a student writes them out      */
/* ------------------------------------------------------------------------ */

typedef struct sg_sum_trace_opts {
    /* sizeof (sg_sum_trace_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    const char *lang;    /* "en" (NULL) or "zh": templates/sum/LANG.text */
    /* The command that traces the game, e.g. "sgviz trace -s 1,3,4": each
     * part's line then points to "COMMAND --to X", the mex steps of its
     * own value.  NULL leaves the pointer out. */
    const char *command;
    /* Nonzero: the working under misère play (the last player to move
     * loses): misère Nim's rule and which of its cases applies, where it
     * holds, else why it cannot and the search, with every move and the
     * outcome of the position it leaves. */
    int misere;
    /* The most positions its search examines (0: the default). */
    uint64_t misere_limit;
} sg_sum_trace_opts;

/* Writes the working of the sum of PARTS[0..n) of GAME to OUT: each part's
 * value, the nim-sum as a column addition in binary without carries, who
 * wins, and, when the player to move wins, how each winning move is found
 * (the parts whose value has the nim-sum's highest 1, the value each must
 * go to, its moves there), then any winning move that raises a part's
 * value.  OPTS may be NULL.  The values and moves are sg_sum_new()'s.
 * Returns SG_OK, SG_EINPUT for an unknown language or no parts, an error
 * of sg_lookup_new() or sg_sum_new() (a heap whose value cannot be
 * computed), or SG_EIO.  Nothing is written on error. */
SG_API sg_status sg_sum_trace_write(sg_ctx *ctx, const sg_game *game,
                                    const uint64_t *parts, size_t n,
                                    const sg_sum_trace_opts *opts, FILE *out);

/* Writes the misère trace of positions FROM..TO of GAME to OUT in language
 * LANG ("en" or NULL, "zh"): the mex step of each g-(x) (a move that
 * splits a heap leaves a sum, whose g- comes from the search), the P- and
 * N-positions under misère play, and whether misère play of sums reduces
 * to normal play (Nim; every position plays like a nim-heap) or needs a
 * search, with a position that shows why.  Returns SG_OK, SG_EINPUT for an
 * unknown language or FROM after TO, an error of sg_misere_values(), or
 * SG_EIO; nothing is written on error. */
SG_API sg_status sg_misere_trace_write(sg_ctx *ctx, const sg_game *game,
                                       uint64_t from, uint64_t to,
                                       const char *lang, FILE *out);

/* Writes TEXT[0..len), a working as sg_sum_trace_write(),
 * sg_misere_trace_write() or sg_every_trace_write() write it in text, to
 * OUT as a LaTeX fragment in the document's own fonts: each line a line
 * of its paragraph, a column addition in typewriter type with its columns
 * kept, and the symbols pdflatex's fonts lack (the minus of g-, arrows)
 * written as math, so that it compiles with pdflatex and with xelatex.
 * LANG ("en" or NULL, "zh") says whether the fragment needs ctex.
 * Returns SG_OK, SG_EINPUT for an unknown language or no text, SG_ENOMEM
 * or SG_EIO; nothing is written on error. */
SG_API sg_status sg_working_latex_write(sg_ctx *ctx, const char *text,
                                        size_t len, const char *lang,
                                        FILE *out);

/* Writes the Every-SG trace of positions FROM..TO of GAME to OUT in LANG
 * ("en" or NULL, "zh"): each position's value and step, the steps of its
 * options and which rule gives its own, and the rule for sums.  Returns
 * SG_OK or an error (those of sg_every_new(), SG_EINPUT for an unknown
 * language, SG_EIO). */
SG_API sg_status sg_every_trace_write(sg_ctx *ctx, const sg_game *game,
                                      uint64_t from, uint64_t to,
                                      const char *lang, FILE *out);

/* Writes the Every-SG table of GAME to OUT: the rows x, sg, step and P/N,
 * of POSITIONS[0..n) when POSITIONS is not NULL, else of FROM..TO, in
 * FORMAT (text wrapped to WIDTH columns, 0: 80; csv; md) and LANG.
 * Returns SG_OK or an error (SG_EINPUT for another format, naming it). */
SG_API sg_status sg_every_table_write(sg_ctx *ctx, const sg_game *game,
                                      uint64_t from, uint64_t to,
                                      const uint64_t *positions, size_t n,
                                      const char *format, unsigned width,
                                      const char *lang, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_TEXT_H */
