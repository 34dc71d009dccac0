/*
 * render/tikz.h - drawings as TikZ pictures (private to the library).
 *
 * The TikZ renderer is a Graphviz renderer plugin, registered in-process
 * with the program's Graphviz context, so a drawing painted as "tikz" goes
 * through the same layout and the same painting calls as SVG: every
 * ellipse, polygon, curve and line of text Graphviz paints becomes a TikZ
 * path or node at the same coordinates (1 unit = 1 bp, Graphviz's point).
 *
 * Its looks are TikZ styles, defined once in the picture's options: every
 * primitive of a P-position uses `sgviz P`, of a winning move `sgviz win`,
 * and so on (the class sgviz gives each node and move decides), with the
 * values most primitives of that kind share.  A primitive that differs (a
 * DOT game's own colour on one node) says so in its own options, after
 * the style.  A lecturer restyles every P-position by changing one line.
 *
 * A picture can collect several paintings of one drawing, each a "look"
 * (the drawing styled differently, nothing moved), so that the steps of a
 * Beamer frame can show each position's look of the moment with overlays.
 * This header includes nothing of Graphviz: the steps module uses it.
 */
#ifndef SGVIZ_RENDER_TIKZ_H
#define SGVIZ_RENDER_TIKZ_H

#include "internal.h"

/* The looks one picture can collect. */
#define SG_TIKZ_LOOKS 6u

typedef struct sg_tikz sg_tikz;

/* A new, empty picture, or NULL after recording SG_ENOMEM.  Free it with
 * sg_tikz_free(). */
sg_tikz *sg_tikz_new(sg_ctx *ctx);

void sg_tikz_free(sg_tikz *t);

/* Paints drawing D, as it is styled now, into T as look LOOK (below
 * SG_TIKZ_LOOKS; a look painted before is replaced).  Every look of one
 * picture must come from the same drawing.  Returns SG_OK, SG_EUNSUPPORTED
 * when Graphviz lacks the layout plugin, SG_ENOMEM or SG_EINTERNAL. */
sg_status sg_tikz_paint(sg_ctx *ctx, sg_tikz *t, sg_drawing *d,
                        unsigned look);

/* The objects painted (the picture's background, each node and each move),
 * in the order of their first painting. */
size_t sg_tikz_object_count(const sg_tikz *t);

/* Object I's name: the id sgviz gives it (p4 for position 4, m4_3 for the
 * move from 4 to 3, legend_P, ...), or "picture".  Owned by T. */
const char *sg_tikz_object_name(const sg_tikz *t, size_t i);

/* Appends object I's TikZ commands as painted in LOOK (nothing when it was
 * not painted in that look), one path or node a line, each line starting
 * with INDENT. */
void sg_tikz_write_object(const sg_tikz *t, size_t i, unsigned look,
                          const char *indent, sg_buf *b);

/* Appends the opening of the tikzpicture: the options with the units and
 * every style any look uses, one a line, and the hook `every sgviz
 * picture`. */
void sg_tikz_write_begin(const sg_tikz *t, sg_buf *b);

/* Appends a whole picture of look 0 (the style comment, the opening, every
 * object, the closing), preceded by the comment line TITLE. */
void sg_tikz_write_picture(const sg_tikz *t, const char *title, sg_buf *b);

/* Appends TEXT as a LaTeX comment's text: line breaks and other control
 * characters become spaces, so the comment ends where it should. */
void sg_tikz_comment_text(sg_buf *b, const char *text);

#endif /* SGVIZ_RENDER_TIKZ_H */
