/*
 * latex.h - text set as LaTeX that compiles under pdflatex and xelatex
 * alike.
 */
#ifndef SG_TEXT_LATEX_H
#define SG_TEXT_LATEX_H

#include "internal.h"

/* Appends S[0..len) to B as LaTeX text: LaTeX's special characters are
 * escaped as SG_ESCAPE_LATEX escapes them, and the few symbols sgviz's
 * words use that pdflatex's default fonts lack (the superscript minus of
 * g⁻, arrows, the middle dot, the minus sign) are written as math, so
 * that the text compiles with pdflatex as well as with xelatex.  When
 * ARROWS is set, "->" is written as an arrow too. */
void sg_latex_add(sg_buf *b, const char *s, size_t len, bool arrows);

#endif
