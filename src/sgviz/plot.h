/*
 * sgviz/plot.h - plots of sg(x) against x over long ranges, painted with
 * cairo.
 *
 * Part of the public interface of libsgviz; include <sgviz.h>, which
 * includes every part, or this file alone.  The conventions that hold for
 * every function are stated once, at the top of sgviz/core.h.
 */
#ifndef SGVIZ_PLOT_H
#define SGVIZ_PLOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Plots: sg(x) against x over long ranges                                  */
/* ------------------------------------------------------------------------ */

/*
 * A plot shows the large-scale structure of a game's values: one dot per
 * position (dots that would fall on the same spot are one), P-positions in
 * their own colour, and, where the game's kind certifies a period
 * (sg_period_find()), the periods shaded block by block and the end of the
 * preperiod marked.  The page is 960 x 540 points (16:9), its type large
 * enough for a slide.  In the SVG, the dots of N- and P-positions are the
 * paths "n-points" and "p-points", the area's group "plot-area" has its
 * box (x0 y0 x1 y1, y downwards) in data-area and the data ranges it shows
 * in data-x and data-y, and the group "period" the period in
 * data-preperiod and data-period, for scripts.
 */

typedef enum sg_plot_format {
    SG_PLOT_SVG,
    SG_PLOT_PNG, /* 1920 x 1080 pixels */
    SG_PLOT_PDF
} sg_plot_format;

/* The most positions one plot shows. */
#define SG_PLOT_MAX_POSITIONS UINT64_C(100000000)

/* "svg, png, pdf".  Static. */
SG_API const char *sg_plot_formats(void);

/* Parses a plot format name.  Returns SG_OK or SG_EINPUT naming NAME. */
SG_API sg_status sg_plot_format_parse(sg_ctx *ctx, const char *name,
                                      sg_plot_format *format);

/* Plots sg(x) for positions FROM..TO of GAME (for a finite game, TO is
 * clamped to its last position) as FORMAT to OUT.  Returns SG_OK, or
 * SG_EINPUT (FROM after TO), SG_ELIMIT (more than SG_PLOT_MAX_POSITIONS, or
 * values beyond memory), SG_ENOMEM, SG_EINTERNAL (cairo failed) or SG_EIO.
 * OUT stays the caller's; nothing is written unless the whole plot was
 * made. */
SG_API sg_status sg_plot_write(sg_ctx *ctx, const sg_game *game, uint64_t from,
                               uint64_t to, sg_plot_format format, FILE *out);

/* How a plot is made, for sg_plot_write_opts(). */
typedef struct sg_plot_opts {
    /* sizeof(sg_plot_opts) as the caller knows it; 0 means the fields of
     * libsgviz 0.2.  See "Options" at the top of sgviz/core.h. */
    size_t size;
    sg_plot_format format;
    /* "en" (NULL) or "zh": the title, axes and legend, in the words of
     * templates/plot/LANG.text, set in a font that has the language's
     * characters when the machine has one (see sg_font_for_lang()). */
    const char *lang;
} sg_plot_opts;

/* sg_plot_write() with OPTS (NULL: SVG, in English).  Returns what
 * sg_plot_write() does, and SG_EINPUT for an unknown language. */
SG_API sg_status sg_plot_write_opts(sg_ctx *ctx, const sg_game *game,
                                    uint64_t from, uint64_t to,
                                    const sg_plot_opts *opts, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_PLOT_H */
