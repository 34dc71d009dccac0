/*
 * sgviz/draw.h - pictures through Graphviz: drawings of a game's state
 * graph, themes, bar charts, and the step-by-step pictures, pages and
 * practice pages made from them.
 *
 * Part of the public interface of libsgviz; include <sgviz.h>, which
 * includes every part, or this file alone.  The conventions that hold for
 * every function are stated once, at the top of sgviz/core.h.
 */
#ifndef SGVIZ_DRAW_H
#define SGVIZ_DRAW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Drawings: the game's state graph through Graphviz                        */
/* ------------------------------------------------------------------------ */

/*
 * A drawing is a picture of positions 0..last of a game and every move
 * between them, each node showing x and sg(x), P- and N-positions styled
 * apart, and a legend that names the game.  Drawing happens in the process
 * through Graphviz's libraries (cgraph and gvc); no program is started.
 *
 * The layout is computed once, by sg_drawing_new().  The drawing then holds
 * every node's position and every move's curve as coordinates, and each
 * render only paints them (Graphviz's "nop2" engine reads coordinates and
 * places nothing).  So a drawing can be restyled and rendered any number of
 * times -- a position greyed, the current one highlighted, a caption changed
 * -- and every node stays exactly where it was, in every frame, at the cost
 * of painting alone.  Styles never change a node's size: nodes have one
 * fixed size, chosen from the longest label when the drawing is made.
 *
 * Any number of sg_ctx may draw, one after another or side by side in one
 * thread: the library keeps one Graphviz context for the whole process,
 * made when it is first needed and kept until the process ends (Graphviz
 * 2.42 cannot free its context and make another).  Graphviz is not
 * thread-safe, so drawings must not be made in two threads at once.
 */

typedef struct sg_theme sg_theme;

/* Loads a theme: NAME is a built-in theme ("classic", "print", "dark"; see
 * sg_theme_names()), or a DOT file of one's own when it contains a '/' or
 * ends in ".dot" or ".gv".  Returns NULL on error: an unknown name
 * (SG_EINPUT, listing the built-in ones), an unreadable file (SG_EIO), or a
 * file that is not valid DOT (SG_EINPUT with FILE:LINE).  The caller frees
 * the theme with sg_theme_free(); a drawing keeps its own copy. */
SG_API sg_theme *sg_theme_load(sg_ctx *ctx, const char *name);

SG_API void sg_theme_free(sg_theme *theme);

/* Sets the positions' labels of THEME to POINTS (4 to 144), every other
 * text (moves, legend, caption) keeping its proportion to them.  Returns
 * SG_OK, SG_EINPUT for a size out of range, or SG_ENOMEM. */
SG_API sg_status sg_theme_set_font_size(sg_ctx *ctx, sg_theme *theme,
                                        double points);

/* Sets the resolution of THEME's PNG pictures to DPI dots per inch (36 to
 * 1200; without it a PNG has 96, fewer for a very large picture).  Returns
 * SG_OK, SG_EINPUT for a resolution out of range, or SG_ENOMEM. */
SG_API sg_status sg_theme_set_dpi(sg_ctx *ctx, sg_theme *theme, double dpi);

/* The names of the built-in themes, e.g. "classic, dark, print".  Static. */
SG_API const char *sg_theme_names(void);

typedef enum sg_layout {
    SG_LAYOUT_AUTO, /* chosen by size; never one that takes minutes */
    SG_LAYOUT_LINE, /* positions in one row, moves as arcs (the textbook) */
    SG_LAYOUT_DOT,  /* Graphviz's layered layout; small graphs only */
    SG_LAYOUT_GRID, /* rows of positions placed by sgviz, for large graphs */
    SG_LAYOUT_BOARD /* positions of two numbers (a,b) at column a, row b */
} sg_layout;

/* Parses "auto", "line", "dot", "grid" or "board".  Returns SG_OK or
 * SG_EINPUT. */
SG_API sg_status sg_layout_parse(sg_ctx *ctx, const char *name,
                                 sg_layout *layout);

/* "auto", "line", "dot", "grid" or "board".  Static. */
SG_API const char *sg_layout_name(sg_layout layout);

/* Which moves a drawing shows. */
typedef enum sg_moves_shown {
    SG_MOVES_AUTO, /* every move, except on a board, which shows none */
    SG_MOVES_ON,   /* every move */
    SG_MOVES_OFF,  /* none: the positions alone */
    SG_MOVES_FROM  /* the moves of one position, moves_from */
} sg_moves_shown;

/* A slide's shape, for pictures made to be shown full screen. */
typedef enum sg_slide {
    SG_SLIDE_NONE,
    SG_SLIDE_16_9,
    SG_SLIDE_4_3
} sg_slide;

/* Parses "16:9" or "4:3" (NULL or "": 16:9).  Returns SG_OK or SG_EINPUT
 * listing the shapes. */
SG_API sg_status sg_slide_parse(sg_ctx *ctx, const char *name,
                                sg_slide *slide);

/* Values of sg_drawing_opts.step_legend. */
#define SG_STEP_LEGEND_STEPS 1
#define SG_STEP_LEGEND_PLAY 2

typedef struct sg_drawing_opts {
    /* sizeof (sg_drawing_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    sg_layout layout;       /* SG_LAYOUT_AUTO by default */
    const sg_theme *theme;  /* NULL: the built-in "classic" */
    int highlight_wins;     /* winning moves (into P-positions) stand out */
    int edge_labels;        /* label each move with the amount it takes
                               (subtraction games only) */
    int has_root;           /* draw only the positions reachable from root */
    uint64_t root;
    int no_legend;          /* leave the legend out */
    int caption;            /* keep a line under the picture for
                               sg_drawing_set_caption() */
    const char *lang;       /* the legend's language: "en" (NULL) or "zh" */
    int step_legend;        /* the legend also shows the styles of
                               step-by-step pictures: the position being
                               computed, a target, one not computed yet
                               (SG_STEP_LEGEND_STEPS); or, worded for a
                               game being played, the position now, one a
                               move reaches, a value not shown
                               (SG_STEP_LEGEND_PLAY) */
    int misere;             /* misère play: each position shows g-(x)
                               (sg_misere_values()) and is styled P or N by
                               its misère outcome */
    double aspect;          /* the shape to aim for, width over height
                               (0: 16/9); the grid layout chooses its
                               columns by it */
    int highlight;          /* position highlight_x and its moves stand out
                               (styled as a step's current position and
                               targets), for "look at this move" slides */
    uint64_t highlight_x;
    int highlight_move;     /* only the move from highlight_x to
                               highlight_y stands out */
    uint64_t highlight_y;
    const char *title;      /* the legend's first line instead of the game
                               and its positions (NULL: a DOT game's own
                               graph label, else the game) */
    int every;              /* Every-SG: each position shows its step
                               count beside its value (sg_every_new()) */
    /* Fields added after libsgviz 0.2 (a caller built with 0.2's options
     * has them zero). */
    sg_moves_shown moves;   /* which moves are drawn (SG_MOVES_AUTO: all,
                               but none on a board) */
    uint64_t moves_from;    /* with SG_MOVES_FROM: that position's */
    int heat_map;           /* colour each position by its value, a scale
                               from sg = 0 up, instead of P and N alone */
    int around;             /* draw only position around_x, its options
                               with their values, and the mex they give */
    uint64_t around_x;
    sg_slide slide;         /* a slide's preset: the picture in the
                               slide's shape, every label at least 20 px
                               on a screen 1920 px wide, the legend beside
                               it or in a strip */
} sg_drawing_opts;

typedef struct sg_drawing sg_drawing;

/* Whether GAME is played on pictures of its own (Green Hackenbush), which
 * sg_picture_render() draws. */
SG_API int sg_game_draws_pictures(const sg_game *game);

/* Draws GAME's (first) picture itself in FORMAT (svg, png, pdf, dot, tikz)
 * to OUT: the ground as a line, each edge marked with the value its
 * deletion leaves, the winning deletions (leaving 0) in red, a caption in
 * LANG ("en" or NULL, "zh").  Returns SG_OK or an error (SG_EINPUT for a
 * game without pictures or an unknown language, SG_EINTERNAL, SG_EIO). */
SG_API sg_status sg_picture_render(sg_ctx *ctx, const sg_game *game,
                                   const char *format, const char *lang,
                                   FILE *out);

/* Computes the values and moves of positions 0..LAST of GAME (for a finite
 * game, LAST is clamped to its last position; with opts->has_root, LAST is
 * opts->root), builds the graph and lays it out.  OPTS may be NULL.
 *
 * Returns NULL on error: SG_EINPUT for a root beyond LAST, edge labels on
 * a game without amounts, an unknown language, a highlighted position that
 * is not drawn or a highlighted move the game lacks, or an attribute of a DOT
 * game's file whose value Graphviz cannot take (naming it), the board
 * layout for a game with a position that is not two numbers (naming it),
 * a position around_x or moves_from the game lacks, or around with misère
 * play; SG_ELIMIT,
 * naming the size and a smaller layout or -n, when the graph is too large
 * to draw in reasonable time with the layout asked for, or on a slide too
 * large for labels of 20 px; SG_EUNSUPPORTED
 * when Graphviz lacks a layout plugin.
 * GAME must outlive the drawing; the theme need not.  The caller frees the
 * drawing with sg_drawing_free(). */
SG_API sg_drawing *sg_drawing_new(sg_ctx *ctx, const sg_game *game,
                                  uint64_t last, const sg_drawing_opts *opts);

SG_API void sg_drawing_free(sg_drawing *drawing);

/* The layout the drawing uses (never SG_LAYOUT_AUTO). */
SG_API sg_layout sg_drawing_layout(const sg_drawing *drawing);

/* The numbers of positions and moves drawn. */
SG_API size_t sg_drawing_node_count(const sg_drawing *drawing);
SG_API size_t sg_drawing_edge_count(const sg_drawing *drawing);

/* Whether position X is in the drawing (with a root, not every position
 * up to LAST is). */
SG_API int sg_drawing_has_position(const sg_drawing *drawing, uint64_t x);

/* How a position is shown.  SG_NODE_VALUE is the default. */
typedef enum sg_node_state {
    SG_NODE_VALUE,   /* styled P or N by its value, labelled x and sg(x) */
    SG_NODE_PENDING, /* not computed yet: greyed, labelled x and "sg=?" */
    SG_NODE_CURRENT, /* being computed: P or N, highlighted */
    SG_NODE_TARGET,  /* a target of the current position's moves */
    SG_NODE_HIDDEN   /* not painted; keeps its place */
} sg_node_state;

/* How a move is shown.  SG_EDGE_NORMAL is the default (winning moves stand
 * out when the drawing was made with highlight_wins). */
typedef enum sg_edge_state {
    SG_EDGE_NORMAL,
    SG_EDGE_PENDING, /* greyed: a move of a position not computed yet */
    SG_EDGE_CURRENT, /* highlighted: a move of the position being computed */
    SG_EDGE_HIDDEN   /* not painted */
} sg_edge_state;

/* Shows position X in STATE.  Returns SG_OK, or SG_EINPUT when X is not in
 * the drawing. */
SG_API sg_status sg_drawing_set_node(sg_ctx *ctx, sg_drawing *drawing,
                                     uint64_t x, sg_node_state state);

/* Shows every move from position X in STATE.  Returns SG_OK or SG_EINPUT. */
SG_API sg_status sg_drawing_set_moves(sg_ctx *ctx, sg_drawing *drawing,
                                      uint64_t x, sg_edge_state state);

/* Shows the move from X to Y in STATE.  Returns SG_OK, or SG_EINPUT when
 * there is no such move in the drawing. */
SG_API sg_status sg_drawing_set_move(sg_ctx *ctx, sg_drawing *drawing,
                                     uint64_t x, uint64_t y,
                                     sg_edge_state state);

/* A value a drawing does not know: its position is shown without one. */
#define SG_VALUE_UNKNOWN UINT64_MAX

/* Shows position X as if its value were VALUE (a student's answer, say),
 * or, with SG_VALUE_UNKNOWN, without a value: greyed and labelled "sg=?" as
 * a position not computed yet, and highlighted on top of that when its
 * state is SG_NODE_CURRENT or SG_NODE_TARGET.  The position's P/N style,
 * its label and the styles of the moves into it and out of it follow the
 * value shown.  sg_drawing_reset() shows every true value again.  Returns
 * SG_OK, or SG_EINPUT when X is not in the drawing. */
SG_API sg_status sg_drawing_show_value(sg_ctx *ctx, sg_drawing *drawing,
                                       uint64_t x, sg_value value);

/* Sets the line under the picture (opts.caption must have been set; TEXT
 * "" clears it).  The text is copied.  Returns SG_OK, SG_EINPUT without a
 * caption line, or SG_ENOMEM. */
SG_API sg_status sg_drawing_set_caption(sg_ctx *ctx, sg_drawing *drawing,
                                        const char *text);

/* Puts every node and move back to its default state and clears the
 * caption. */
SG_API void sg_drawing_reset(sg_drawing *drawing);

/* The output formats: "svg", "png", "pdf", "dot" (the graph as DOT
 * text, with every coordinate; `neato -n2` paints it as sgviz does) and
 * "tikz" (a tikzpicture for LaTeX, painted by sgviz's own Graphviz
 * renderer from the same layout, its looks TikZ styles named `sgviz P`,
 * `sgviz N`, `sgviz win`, `sgviz current`, ...). */
SG_API const char *sg_render_formats(void); /* "svg, png, pdf, dot, tikz" */

/* The format named by PATH's extension (".svg", ".png", ".pdf", ".dot",
 * ".gv", ".tex" for tikz, in any case), or NULL.  Static. */
SG_API const char *sg_render_format_of_path(const char *path);

/* Checks that FORMAT is one of sg_render_formats() and that this machine's
 * Graphviz can write it.  Returns SG_OK, SG_EINPUT for an unknown format, or
 * SG_EUNSUPPORTED naming the missing plugin and how to install or register
 * it. */
SG_API sg_status sg_render_format_check(sg_ctx *ctx, const char *format);

/* Whether this machine has a font that writes language LANG ("en", "zh";
 * NULL is English), as fontconfig, through which Graphviz finds its fonts,
 * sees it: 1 yes, 0 no (the language's characters would be drawn as empty
 * boxes).  Never fails: where fontconfig cannot answer, it says 1. */
SG_API int sg_font_for_lang(const char *lang);

/* Paints the drawing in its current styling as FORMAT to OUT.  Returns SG_OK,
 * SG_EUNSUPPORTED (see sg_render_format_check()), SG_EIO or SG_EINTERNAL.
 * OUT stays the caller's; on error, what was written to it is incomplete. */
SG_API sg_status sg_drawing_render(sg_ctx *ctx, sg_drawing *drawing,
                                   const char *format, FILE *out);

/* Like sg_drawing_render(), into memory: *DATA receives a new buffer of *LEN
 * bytes followed by a NUL that *LEN does not count; the caller frees it with
 * free().  On error *DATA is NULL. */
SG_API sg_status sg_drawing_render_data(sg_ctx *ctx, sg_drawing *drawing,
                                        const char *format, char **data,
                                        size_t *len);

/* ---- Bar charts ---------------------------------------------------------- */

/* One panel of a bar chart: N bars of heights VALUES, each with a label
 * under it, a TITLE above and a UNIT under the labels (each may be NULL). */
typedef struct sg_bar_chart {
    const char *title;
    const char *unit;
    size_t n;                    /* at most 200 */
    const char *const *labels;
    const double *values;
} sg_bar_chart;

/* Draws the N panels CHARTS side by side as FORMAT ("svg", "png" or
 * "pdf") to OUT.  Returns SG_OK, SG_EINPUT for another format, SG_ELIMIT
 * for more than 200 bars in a panel, SG_EUNSUPPORTED (see
 * sg_render_format_check()), SG_EIO or SG_EINTERNAL. */
SG_API sg_status sg_chart_render(sg_ctx *ctx, const sg_bar_chart *charts,
                                 size_t n, const char *format, FILE *out);

/* Step by step: one picture per mex step                                   */
/* ------------------------------------------------------------------------ */

/*
 * The mex steps of a game as pictures, the way the table fills in when it
 * is taught: for step K (position K, in the order values are computed),
 * every position computed so far is styled P or N with its value, K itself
 * and its moves are highlighted, so are its moves' targets with their
 * values, the positions not yet computed are greyed, and the line
 * "sg(4) = mex{1,1,0} = 2" sits under the picture.  One layout serves every
 * frame, so no position moves from one frame to the next.
 *
 * The steps can be written as a directory of frames, step-000.svg,
 * step-001.svg, ... (or .png, .pdf), or as one self-contained HTML page
 * that holds every step (inline SVG, style and script; nothing is loaded
 * from elsewhere) with buttons, arrow keys, a slider, the trace's line
 * beside the picture and the table filling in beneath it; the address
 * PAGE#step=K opens step K.
 *
 * The short line under each frame comes from templates/steps/LANG.text
 * (its [caption] section), the line beside the page's picture from the
 * trace wording templates/trace/LANG.text, the page from
 * templates/steps/page.html.
 */

/* Bounds, checked before anything is drawn.  A page shows at most
 * SG_STEPS_MAX_POSITIONS positions and SG_STEPS_MAX_MOVES moves (it holds
 * four pictures of them).  Frames are each a whole picture, so a directory
 * holds at most SG_STEPS_MAX_FRAMES of them, and the frames times the
 * positions and moves in each stay within SG_STEPS_MAX_FRAME_WORK. */
#define SG_STEPS_MAX_POSITIONS 1000u
#define SG_STEPS_MAX_MOVES 6000u
#define SG_STEPS_MAX_FRAMES 250u
#define SG_STEPS_MAX_FRAME_WORK 300000u

typedef struct sg_steps_opts {
    /* sizeof (sg_steps_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    sg_layout layout;       /* SG_LAYOUT_AUTO by default */
    const sg_theme *theme;  /* NULL: the built-in "classic"; it must outlive
                               the steps */
    int highlight_wins;     /* winning moves stand out once computed */
    int edge_labels;        /* label each move with the amount it takes */
    const char *lang;       /* "en" (NULL) or "zh": the captions, the trace
                               beside the page's picture, the page's words
                               and the legend */
    double aspect;          /* the pictures' shape, as sg_drawing_opts */
    int no_legend;          /* leave the legend out of every picture */
    uint64_t first;         /* the first step the frames and the page show
                               (0 by default); the positions before it are
                               shown computed */
    int every;              /* Every-SG: each position also shows its step
                               count, as sg_drawing_opts.every */
    /* Fields added after libsgviz 0.2. */
    /* A staged reveal: each step is shown in stages, those of this mask
     * (SG_REVEAL_OPTIONS, SG_REVEAL_VALUES) and then the whole step; 0
     * shows each step at once. */
    unsigned reveal;
    sg_slide slide;         /* a slide's preset, as sg_drawing_opts */
} sg_steps_opts;

/* The stages of a staged reveal, before the whole step (the mex): the
 * options, the current position's moves and targets with no values shown
 * (the line under the picture "sg(4) = mex{?,?,?} = ?"), and their values
 * ("sg(4) = mex{1,1,0} = ?"). */
#define SG_REVEAL_OPTIONS 1u
#define SG_REVEAL_VALUES 2u

/* Reads a staged reveal, the stages in order with the mex last:
 * "options,values,mex", "options,mex", "values,mex" or "mex" (each step
 * at once), into *REVEAL.  Returns SG_OK or SG_EINPUT naming the word. */
SG_API sg_status sg_reveal_parse(sg_ctx *ctx, const char *text,
                                 unsigned *reveal);

typedef struct sg_steps sg_steps;

/* Computes the steps of positions 0..LAST of GAME (for a finite game, LAST
 * is clamped to its last position) with their captions and trace lines.
 * OPTS may be NULL.  Returns NULL on error: SG_EINPUT for an unknown
 * language or a first step after LAST; SG_ELIMIT, naming the size, beyond SG_STEPS_MAX_POSITIONS or
 * SG_STEPS_MAX_MOVES.  GAME (and the theme) must outlive the steps; the
 * caller frees them with sg_steps_free(). */
SG_API sg_steps *sg_steps_new(sg_ctx *ctx, const sg_game *game, uint64_t last,
                              const sg_steps_opts *opts);

SG_API void sg_steps_free(sg_steps *steps);

/* The number of steps (positions 0..count-1) and of moves among them. */
SG_API size_t sg_steps_count(const sg_steps *steps);
SG_API size_t sg_steps_move_count(const sg_steps *steps);

/* Step K's line under its picture, e.g. "sg(4) = mex{1,1,0} = 2", and its
 * line of the trace, e.g. "sg(4): 4-{1,3,4} -> {3,1,0}; mex{...} = 2  (N)";
 * NULL when K is not a step.  Owned by the steps. */
SG_API const char *sg_steps_caption(const sg_steps *steps, size_t k);
SG_API const char *sg_steps_trace(const sg_steps *steps, size_t k);

/* Paints frame K as FORMAT ("svg", "png" or "pdf") into memory: *DATA
 * receives a new buffer of *LEN bytes followed by a NUL that *LEN does not
 * count; the caller frees it with free().  The first frame lays out the
 * drawing that every later one reuses.  Returns SG_OK, SG_EINPUT for a K
 * that is not a step or a format that is not a picture, SG_ELIMIT beyond
 * the bounds of frames, or an error of sg_drawing_render(); on error *DATA
 * is NULL. */
SG_API sg_status sg_steps_frame(sg_ctx *ctx, sg_steps *steps, size_t k,
                                const char *format, char **data, size_t *len);

/* The time each frame of an animated GIF shows, in hundredths of a
 * second (GIF's own unit): SG_GIF_DELAY_MIN..SG_GIF_DELAY_MAX, by default
 * SG_GIF_DELAY_DEFAULT. */
#define SG_GIF_DELAY_MIN 2u
#define SG_GIF_DELAY_MAX 6000u
#define SG_GIF_DELAY_DEFAULT 100u

/* Writes the steps to OUT as an animated GIF that loops for ever: a frame
 * of the start (every position still to compute, the game's name under
 * it), then one frame per step from the first the options show, each for
 * DELAY hundredths of a second (0: SG_GIF_DELAY_DEFAULT), the last for
 * three times as long.  The frames are the PNG frames of sg_steps_frame(),
 * on one palette of 256 colours.  Returns SG_OK, SG_EINPUT for a delay out
 * of range, SG_ELIMIT beyond the bounds of frames, SG_EIO, or an error of
 * the drawing; nothing is written on error. */
SG_API sg_status sg_steps_write_gif(sg_ctx *ctx, sg_steps *steps,
                                    unsigned delay, FILE *out);

/* The stages each step is shown in: 1 + the stages of opts.reveal. */
SG_API size_t sg_steps_stage_count(const sg_steps *steps);

/* Paints stage STAGE (0..sg_steps_stage_count() - 1, the last the whole
 * step) of step K as sg_steps_frame() paints the step.  Returns as
 * sg_steps_frame(), and SG_EINPUT for a stage out of range. */
SG_API sg_status sg_steps_stage_frame(sg_ctx *ctx, sg_steps *steps, size_t k,
                                      size_t stage, const char *format,
                                      char **data, size_t *len);

/* Writes the steps as one Beamer frame to OUT: one TikZ picture, laid out
 * once, whose overlays step through the steps (slide k + 1 shows step k,
 * the current position, its moves and targets highlighted) with each
 * step's line under it, to be \input into a Beamer deck that loads TikZ.
 * The looks are the TikZ styles of sg_render_formats()' "tikz".  Returns
 * SG_OK, SG_ELIMIT beyond the bounds of frames, SG_EIO, or an error of the
 * drawing.  OUT stays the caller's; nothing is written unless the whole
 * frame was made. */
SG_API sg_status sg_steps_write_beamer(sg_ctx *ctx, sg_steps *steps, FILE *out);

/* Writes the HTML page to OUT.  Returns SG_OK, SG_EIO, or an error of the
 * drawing.  OUT stays the caller's; on error, what was written to it is
 * incomplete (nothing is written unless the whole page was made). */
SG_API sg_status sg_steps_write_page(sg_ctx *ctx, sg_steps *steps, FILE *out);

/*
 * The practice page: the step page's picture and table with the values
 * hidden.  The student works out each position in turn and is told at once:
 * a right answer fills the position in; a wrong one gets the moves to look
 * at, the student's own values there and the mex they give, and one of the
 * two verdicts of sg_check_new() -- the mistake is in this step (a slip), or
 * the answer follows correctly from earlier answers that are wrong -- and a
 * "show me" button reveals the step.  At the end: the score (right at the
 * first try, right with help, kept wrong) and the answers as a sheet that
 * `sgviz check` reads, to copy or download.  Self-contained like the step
 * page; nothing is sent anywhere, and the answers are held encoded, so that
 * they cannot be read in the page's text (they are not a secret).
 */
typedef enum sg_practice_ask {
    SG_PRACTICE_SG,   /* sg(x) */
    SG_PRACTICE_PN,   /* P or N */
    SG_PRACTICE_BOTH  /* sg(x) and P or N */
} sg_practice_ask;

/* Parses "sg", "pn" or "both".  Returns SG_OK or SG_EINPUT. */
SG_API sg_status sg_practice_ask_parse(sg_ctx *ctx, const char *name,
                                       sg_practice_ask *ask);

typedef struct sg_practice_opts {
    /* sizeof (sg_practice_opts) as the caller was built with it, so that a
     * later libsgviz, whose options have grown, reads only the fields the
     * caller knows; 0 (as zeroed options have it) means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    sg_practice_ask ask;
    /* The first position asked, in the order of computation: those before
     * it are given, filled in by the page. */
    uint64_t first;
    /* Ask in a random order (a new one each time the page is opened, or the
     * one PAGE#seed=N fixes).  A position whose moves lead to positions not
     * answered yet gets their values from the page first, and those are
     * not asked later: a value needs its targets' values. */
    int shuffle;
    int hide_picture;   /* the picture appears only when all is answered */
    /* The command that checks the sheet, for the sheet's header, e.g.
     * "sgviz check -s 1,3,4 -n 8"; NULL for none. */
    const char *check_command;
} sg_practice_opts;

/* Writes the practice page of STEPS to OUT (OPTS may be NULL: every
 * position asked, sg values, in order).  Returns SG_OK; SG_EINPUT when
 * OPTS->first is not a step, or when the steps were made with
 * highlight_wins, whose winning moves would give P-positions away; SG_EIO;
 * or an error of the drawing.  OUT stays the caller's; nothing is written
 * unless the whole page was made. */
SG_API sg_status sg_steps_write_practice(sg_ctx *ctx, sg_steps *steps,
                                         const sg_practice_opts *opts,
                                         FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_DRAW_H */
