/*
 * steps/page.h - what the pages of `sgviz steps` share (private): the
 * recorded steps, the drawing their pictures come from, and the pieces a
 * page is made of.  steps.c writes the step page and the frames,
 * practice.c the practice page.
 */
#ifndef SGVIZ_STEPS_PAGE_H
#define SGVIZ_STEPS_PAGE_H

#include "internal.h"
#include "text/template.h"

#include <stdio.h>

/* The sections of templates/steps/LANG.text, the wording of the steps. */
enum {
    WS_CAPTION,
    WS_TITLE,
    WS_COUNTER,
    WS_PREVIOUS,
    WS_NEXT,
    WS_PLAY,
    WS_PAUSE,
    WS_KEYS,
    WS_TRACE_HEADING,
    WS_TABLE_HEADING,
    WS_ROW_X,
    WS_ROW_SG,
    WS_ROW_PN,
    WS_NSECTIONS
};

/* Its placeholders. */
enum { WV_GAME, WV_X, WV_SG, WV_VALUES, WV_PN, WV_K, WV_LAST, WV_NVARS };

/* The steps, one per position 0..count-1, in the order of computation.
 * Step k's moves are moves first[k] .. first[k+1]; move i leaves the
 * positions parts[part_first[i] .. part_first[i+1]) (one, or several whose
 * values are XOR-ed when the move splits a heap). */
struct sg_steps {
    const sg_game *game;
    sg_steps_opts opts;
    char lang[8];
    sg_template *words;
    size_t count;
    sg_value *sg;        /* sg of each position */
    size_t *first;       /* count + 1 entries */
    size_t *part_first;  /* nmoves + 1 entries */
    uint64_t *parts;
    size_t nmoves, nparts;
    size_t move_cap, part_cap;
    char **caption;      /* the short line of each step */
    char **trace;        /* the trace's line of each step */
    sg_drawing *frames;  /* the frames' drawing, made on first need */
    char *title;         /* the game's name in the steps' language */
};

/* The stages of a staged reveal (sg_steps_opts.reveal). */
typedef enum { SG_STAGE_OPTIONS, SG_STAGE_VALUES, SG_STAGE_MEX } sg_stage;

/* Which stage stage number STAGE of each step is. */
sg_stage sg_steps_stage(const sg_steps *st, size_t stage);

/* The line under stage STAGE of step K: the step's caption with the
 * values not yet revealed written "?", as a new string in *OUT that the
 * caller frees.  Returns SG_OK or SG_ENOMEM. */
sg_status sg_steps_stage_caption(sg_ctx *ctx, const sg_steps *st, size_t k,
                                 sg_stage stage, char **out);

/* The drawing of the steps' positions in the steps' options, with a line
 * for a caption under the picture when CAPTION is set.  Returns NULL after
 * recording an error; the caller frees it with sg_drawing_free(). */
sg_drawing *sg_steps_drawing(sg_ctx *ctx, const sg_steps *st, int caption);

/* Section ID of the steps' wording with VARS (WV_NVARS of them, NULL for
 * none), as a new string in *OUT that the caller frees.  Returns SG_OK or
 * SG_ENOMEM. */
sg_status sg_steps_words(sg_ctx *ctx, const sg_steps *st, int id,
                         const char *const vars[WV_NVARS], char **out);

/* The name of a DOT game's file without its directories, or the game's
 * description, in the steps' language: what a page's title calls the
 * game.  Owned by the steps. */
const char *sg_steps_game_title(const sg_steps *st);

/* One look of the picture, as a page holds it: every position in state
 * NODE and every move in state EDGE; with SHOW set, every position shown
 * with the value SHOWN (see sg_drawing_show_value()) instead of its own,
 * or with SHOWN = SG_PAGE_SHOW_ODD, position x with 2x + 1. */
/* 2x + 1 at x is never 0, and the nim-sum of two or three different
 * positions' values never is either (two differ above the lowest bit;
 * three have it set), so a look in which every position is N shows every
 * sum of heaps N too, except a sum that is 0 whatever the values are
 * (a heap twice). */
#define SG_PAGE_SHOW_ODD (SG_VALUE_UNKNOWN - 1)

typedef struct sg_page_look {
    const char *name;
    sg_node_state node;
    sg_edge_state edge;
    bool show;
    sg_value shown;
} sg_page_look;

/* Styles D with every position and move in LOOK.  Returns SG_OK or an
 * error of the drawing. */
sg_status sg_page_style_look(sg_ctx *ctx, sg_drawing *d, const sg_steps *st,
                             const sg_page_look *look);

/* Checks that the steps are few enough to write one picture per step
 * (SG_STEPS_MAX_FRAMES, SG_STEPS_MAX_FRAME_WORK).  Returns SG_OK or
 * SG_ELIMIT naming the sizes. */
sg_status sg_steps_frame_bounds(sg_ctx *ctx, const sg_steps *st);

/* Appends, for each of the N looks, a <template id="sg-NAME"> element
 * holding the picture D in that look.  Leaves D reset.  Returns SG_OK or
 * an error of the drawing. */
sg_status sg_page_looks(sg_ctx *ctx, sg_drawing *d, const sg_steps *st,
                        const sg_page_look *looks, size_t n, sg_buf *b);

/* Appends D, rendered as SVG, from its <svg> element on.  Returns SG_OK or
 * an error of the drawing. */
sg_status sg_page_svg(sg_ctx *ctx, sg_drawing *d, sg_buf *b);

/* Appends S as a JSON string that is safe inside an HTML <script>. */
void sg_page_json_string(sg_buf *b, const char *s);

/* Appends the text built in TEXT as a JSON string (as
 * sg_page_json_string()) and frees TEXT; a TEXT that ran out of memory
 * marks B failed. */
void sg_page_json_text(sg_buf *b, sg_buf *text);

/* Appends section ID of WORDS (whose placeholders are named VARS) as a
 * JSON string for a page's script, each placeholder ${name} written
 * \u0001name\u0002 for the script to fill in as it goes. */
void sg_page_script_words(sg_buf *b, const sg_template *words, int id,
                          const char *const *vars);

/* One placeholder's text in a page: markup written as it is, or (HTML set)
 * text that is escaped for HTML.  NULL writes nothing. */
typedef struct sg_page_text {
    const char *text;
    bool html;
} sg_page_text;

/* Loads the built-in page template NAME against SCHEMA (one section), and
 * writes it to OUT with TEXTS[v] for placeholder v, and with the style and
 * the script that the pages share (templates/steps/shared.html) for the
 * placeholders STYLE and SCRIPT.  Nothing is written unless the whole page
 * was made.  Returns SG_OK, SG_ENOMEM or SG_EIO. */
sg_status sg_page_write(sg_ctx *ctx, const sg_tpl_schema *schema,
                        const char *name, int style, int script,
                        const sg_page_text *texts, FILE *out);

#endif /* SGVIZ_STEPS_PAGE_H */
