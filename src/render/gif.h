/*
 * render/gif.h - animated GIFs made of PNG frames (private).
 */
#ifndef SGVIZ_RENDER_GIF_H
#define SGVIZ_RENDER_GIF_H

#include "internal.h"

#include <stdio.h>

typedef struct sg_gif sg_gif;

/* A new animation whose frames each show for DELAY centiseconds (the
 * last for three times as long, so that a loop rests on the finished
 * picture).  NULL when out of memory. */
sg_gif *sg_gif_new(sg_ctx *ctx, unsigned delay);
void sg_gif_free(sg_gif *gif);

/* Adds the PNG DATA[0..len) as the next frame: decoded with cairo, laid
 * on white where it is transparent.  Returns SG_OK, SG_EINPUT for data
 * that is not a PNG, SG_ENOMEM. */
sg_status sg_gif_add_png(sg_ctx *ctx, sg_gif *gif, const char *data,
                         size_t len);

/* Writes the frames to OUT as a GIF that loops for ever (the NETSCAPE2.0
 * extension), every frame on one canvas as large as the largest, in one
 * palette of at most 256 colours: the colours the frames use most (the
 * theme's flat colours), then an even spread of others for the edges of
 * antialiased shapes.  Encoded by giflib.  Returns SG_OK, SG_EINPUT when
 * there is no frame, SG_ENOMEM or SG_EIO; nothing is written on error. */
sg_status sg_gif_write(sg_ctx *ctx, sg_gif *gif, FILE *out);

/* BASE with TOP laid over it (both PNGs of one size): every pixel of TOP
 * that is not its ground (the colour of its first pixel) replaces BASE's.
 * The frames of the steps paint the current moves so, over the pale moves
 * that Graphviz paints after them.  *OUT receives a new PNG of *OUT_LEN
 * bytes that the caller frees.  Returns SG_OK, SG_EINTERNAL for data that
 * is not two PNGs of one size, SG_ENOMEM. */
sg_status sg_png_overlay(sg_ctx *ctx, const char *base, size_t base_len,
                         const char *top, size_t top_len, char **out,
                         size_t *out_len);

/* The number of frames added so far. */
size_t sg_gif_frame_count(const sg_gif *gif);

#endif
