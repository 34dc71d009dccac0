/*
 * gif.c - animated GIFs of the frames of `sgviz steps`, for slides made
 * in PowerPoint, Keynote or Google Slides, which play a GIF but not a
 * Beamer overlay.
 *
 * The frames arrive as PNG bytes (Graphviz's cairo renderer paints them in
 * memory).  They are kept as they came, being small; the animation is
 * made in two passes over them: the first, as they are added, learns each
 * frame's size and how often each colour is used; the second, on writing,
 * decodes them again and maps every pixel to the one palette.  So however
 * many frames there are, one decoded frame is in memory at a time.
 *
 * A GIF holds at most 256 colours.  The pictures are a few flat colours of
 * the theme (P, N, the current move, the background, text) and the
 * antialiased edges between them, so the palette takes the colours used
 * most, exactly, and spends the rest on an even spread of colours (a cube
 * of levels and a ramp of greys) that the edges are mapped into.  The
 * encoding (LZW) is giflib's.
 */
#include "render/gif.h"

#include <cairo.h>
#include <gif_lib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The palette: this many colours chosen by use, the rest spread. */
#define GIF_COLOURS 256
#define GIF_USED_MAX 120

typedef struct gif_png {
    char *data;
    size_t len;
    int width, height;
} gif_png;

/* A table of 24-bit colours to a count (first pass) or to a palette index
 * (second pass). */
typedef struct colour_map {
    uint32_t *keys; /* colour + 1; 0 is a free slot */
    uint32_t *vals;
    size_t used, mask;
} colour_map;

struct sg_gif {
    unsigned delay;
    gif_png *frames;
    size_t count, cap;
    int width, height;
    colour_map counts;
};

/* ------------------------------------------------------------------------ */
/* Colour tables                                                            */
/* ------------------------------------------------------------------------ */

static size_t colour_hash(uint32_t c, size_t mask)
{
    return (size_t)((c * 2654435761u) >> 8) & mask;
}

static bool map_init(colour_map *m, size_t slots)
{
    m->keys = calloc(slots, sizeof *m->keys);
    m->vals = calloc(slots, sizeof *m->vals);
    m->used = 0;
    m->mask = slots - 1;
    return m->keys && m->vals;
}

static void map_free(colour_map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* The slot of colour C, made when missing (its value 0); NULL when out
 * of memory. */
static uint32_t *map_slot(colour_map *m, uint32_t c)
{
    if ((m->used + 1) * 2 > m->mask + 1) {
        colour_map bigger;
        if (!map_init(&bigger, (m->mask + 1) * 2)) {
            map_free(&bigger);
            return NULL;
        }
        for (size_t i = 0; i <= m->mask; i++) {
            if (!m->keys[i])
                continue;
            size_t h = colour_hash(m->keys[i] - 1, bigger.mask);
            while (bigger.keys[h])
                h = (h + 1) & bigger.mask;
            bigger.keys[h] = m->keys[i];
            bigger.vals[h] = m->vals[i];
        }
        bigger.used = m->used;
        map_free(m);
        *m = bigger;
    }
    size_t h = colour_hash(c, m->mask);
    while (m->keys[h] && m->keys[h] != c + 1)
        h = (h + 1) & m->mask;
    if (!m->keys[h]) {
        m->keys[h] = c + 1;
        m->used++;
    }
    return &m->vals[h];
}

/* ------------------------------------------------------------------------ */
/* Decoding                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct png_reader {
    const unsigned char *data;
    size_t len, at;
} png_reader;

static cairo_status_t read_png(void *closure, unsigned char *out,
                               unsigned int n)
{
    png_reader *r = closure;
    if (n > r->len - r->at)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(out, r->data + r->at, n);
    r->at += n;
    return CAIRO_STATUS_SUCCESS;
}

/* DATA decoded; NULL when it is not a PNG cairo reads. */
static cairo_surface_t *decode(const char *data, size_t len)
{
    png_reader r = {(const unsigned char *)data, len, 0};
    cairo_surface_t *s = cairo_image_surface_create_from_png_stream(read_png,
                                                                    &r);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    cairo_surface_flush(s);
    return s;
}

/* Pixel (X, Y) of S as 0xRRGGBB, laid on white where it is transparent
 * (cairo's pixels are premultiplied, so white shows through by what the
 * alpha leaves). */
static uint32_t pixel(cairo_surface_t *s, int x, int y)
{
    const unsigned char *row = cairo_image_surface_get_data(s) +
                               (size_t)y * (size_t)cairo_image_surface_get_stride(s);
    uint32_t v;
    memcpy(&v, row + 4 * (size_t)x, sizeof v);
    unsigned a = cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32
                     ? v >> 24
                     : 255;
    unsigned r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
    r += 255 - a;
    g += 255 - a;
    b += 255 - a;
    return (uint32_t)(r > 255 ? 255 : r) << 16 |
           (uint32_t)(g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b);
}

/* ------------------------------------------------------------------------ */
/* Frames                                                                   */
/* ------------------------------------------------------------------------ */

sg_gif *sg_gif_new(sg_ctx *ctx, unsigned delay)
{
    sg_gif *gif = sg_alloc(ctx, 1, sizeof *gif);
    if (!gif)
        return NULL;
    gif->delay = delay;
    if (!map_init(&gif->counts, 1024)) {
        sg_gif_free(gif);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory making a GIF");
        return NULL;
    }
    return gif;
}

void sg_gif_free(sg_gif *gif)
{
    if (!gif)
        return;
    for (size_t i = 0; i < gif->count; i++)
        free(gif->frames[i].data);
    free(gif->frames);
    map_free(&gif->counts);
    free(gif);
}

size_t sg_gif_frame_count(const sg_gif *gif) { return gif->count; }

sg_status sg_gif_add_png(sg_ctx *ctx, sg_gif *gif, const char *data,
                         size_t len)
{
    cairo_surface_t *s = decode(data, len);
    if (!s)
        return sg_ctx_fail(ctx, SG_EINPUT, "frame %zu of the GIF is not a "
                           "PNG", gif->count);
    int w = cairo_image_surface_get_width(s);
    int h = cairo_image_surface_get_height(s);
    if (w <= 0 || h <= 0 || w > 65535 || h > 65535) {
        cairo_surface_destroy(s);
        return sg_ctx_fail(ctx, SG_ELIMIT, "frame %zu of the GIF is %dx%d "
                           "pixels; a GIF is at most 65535 each way",
                           gif->count, w, h);
    }
    bool ok = true;
    for (int y = 0; ok && y < h; y++) {
        for (int x = 0; x < w; x++) {
            uint32_t *n = map_slot(&gif->counts, pixel(s, x, y));
            if (!n) {
                ok = false;
                break;
            }
            (*n)++;
        }
    }
    cairo_surface_destroy(s);
    char *copy = ok ? malloc(len ? len : 1) : NULL;
    if (copy && gif->count == gif->cap) {
        size_t cap = gif->cap ? gif->cap * 2 : 32;
        gif_png *more = realloc(gif->frames, cap * sizeof *more);
        if (more) {
            gif->frames = more;
            gif->cap = cap;
        }
    }
    if (copy && gif->count < gif->cap) {
        memcpy(copy, data, len);
        gif->frames[gif->count++] = (gif_png){copy, len, w, h};
        if (w > gif->width)
            gif->width = w;
        if (h > gif->height)
            gif->height = h;
        return SG_OK;
    }
    free(copy);
    return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory making a GIF");
}

/* ------------------------------------------------------------------------ */
/* The palette                                                              */
/* ------------------------------------------------------------------------ */

typedef struct used_colour {
    uint32_t colour, count;
} used_colour;

static int by_use(const void *a, const void *b)
{
    const used_colour *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->colour < y->colour ? -1 : x->colour > y->colour;
}

static void set_entry(GifColorType *e, uint32_t c)
{
    e->Red = (GifByteType)(c >> 16);
    e->Green = (GifByteType)(c >> 8);
    e->Blue = (GifByteType)c;
}

/* Fills PAL with the colours used most (those used on at least a few
 * hundred pixels, the flat colours) and an even spread; returns false when
 * out of memory. */
static bool make_palette(const sg_gif *gif, GifColorType pal[GIF_COLOURS])
{
    const colour_map *m = &gif->counts;
    used_colour *all = malloc((m->used ? m->used : 1) * sizeof *all);
    if (!all)
        return false;
    size_t n = 0;
    for (size_t i = 0; i <= m->mask; i++)
        if (m->keys[i])
            all[n++] = (used_colour){m->keys[i] - 1, m->vals[i]};
    qsort(all, n, sizeof *all, by_use);
    size_t k = 0;
    /* Every colour when they all fit; else the ones used most. */
    size_t keep = n <= GIF_COLOURS ? n : GIF_USED_MAX;
    for (size_t i = 0; i < n && k < keep; i++)
        if (n <= GIF_COLOURS || all[i].count >= 64)
            set_entry(&pal[k++], all[i].colour);
    free(all);
    /* A cube of 5 levels a channel (125 colours) and greys between. */
    static const unsigned char level[5] = {0, 64, 128, 191, 255};
    for (int r = 0; r < 5 && k < GIF_COLOURS; r++)
        for (int g = 0; g < 5 && k < GIF_COLOURS; g++)
            for (int b = 0; b < 5 && k < GIF_COLOURS; b++)
                set_entry(&pal[k++], (uint32_t)level[r] << 16 |
                                         (uint32_t)level[g] << 8 | level[b]);
    for (unsigned v = 8; k < GIF_COLOURS; v = (v + 16) % 256)
        set_entry(&pal[k++], v << 16 | v << 8 | v);
    return true;
}

/* The palette entry nearest to C. */
static int nearest(const GifColorType pal[GIF_COLOURS], uint32_t c)
{
    int r = (int)(c >> 16), g = (int)((c >> 8) & 0xFF), b = (int)(c & 0xFF);
    long best = -1;
    int at = 0;
    for (int i = 0; i < GIF_COLOURS; i++) {
        long dr = r - pal[i].Red, dg = g - pal[i].Green, db = b - pal[i].Blue;
        /* Green counts most and blue least, as the eye weighs them. */
        long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if (best < 0 || d < best) {
            best = d;
            at = i;
        }
    }
    return at;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

static int write_bytes(GifFileType *g, const GifByteType *bytes, int n)
{
    sg_buf *b = g->UserData;
    sg_buf_add(b, (const char *)bytes, (size_t)n);
    return b->failed ? 0 : n;
}

/* Writes frame F, mapped through PAL (with the memo INDEX), on the
 * canvas. */
static bool put_frame(GifFileType *g, const sg_gif *gif, const gif_png *f,
                      const GifColorType pal[GIF_COLOURS], colour_map *index,
                      unsigned delay, GifPixelType *line)
{
    cairo_surface_t *s = decode(f->data, f->len);
    if (!s)
        return false;
    GraphicsControlBlock gcb = {.DisposalMode = DISPOSE_DO_NOT,
                                .UserInputFlag = false,
                                .DelayTime = (int)delay,
                                .TransparentColor = NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    size_t n = EGifGCBToExtension(&gcb, ext);
    bool ok = EGifPutExtension(g, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) ==
                  GIF_OK &&
              EGifPutImageDesc(g, 0, 0, gif->width, gif->height, false,
                               NULL) == GIF_OK;
    /* A frame smaller than the canvas is padded with its background, the
     * colour of its first pixel. */
    uint32_t background = pixel(s, 0, 0);
    for (int y = 0; ok && y < gif->height; y++) {
        for (int x = 0; ok && x < gif->width; x++) {
            uint32_t c = x < f->width && y < f->height ? pixel(s, x, y)
                                                       : background;
            uint32_t *v = map_slot(index, c);
            if (!v) {
                ok = false;
                break;
            }
            if (!*v)
                *v = (uint32_t)nearest(pal, c) + 1;
            line[x] = (GifPixelType)(*v - 1);
        }
        ok = ok && EGifPutLine(g, line, gif->width) == GIF_OK;
    }
    cairo_surface_destroy(s);
    return ok;
}

sg_status sg_gif_write(sg_ctx *ctx, sg_gif *gif, FILE *out)
{
    if (!gif->count)
        return sg_ctx_fail(ctx, SG_EINPUT, "a GIF needs at least one frame");
    GifColorType pal[GIF_COLOURS];
    sg_buf b;
    sg_buf_init(&b);
    colour_map index = {0};
    GifPixelType *line = malloc((size_t)gif->width);
    ColorMapObject *cmap = NULL;
    GifFileType *g = NULL;
    int err = 0;
    bool ok = line && map_init(&index, 4096) && make_palette(gif, pal) &&
              (cmap = GifMakeMapObject(GIF_COLOURS, pal)) != NULL &&
              (g = EGifOpen(&b, write_bytes, &err)) != NULL;
    if (ok) {
        EGifSetGifVersion(g, true);
        /* The loop: the NETSCAPE2.0 application extension, sub-block 1,
         * repeated 0 times more, which players take as for ever. */
        static const GifByteType loop[3] = {1, 0, 0};
        ok = EGifPutScreenDesc(g, gif->width, gif->height, 8, 0, cmap) ==
                 GIF_OK &&
             EGifPutExtensionLeader(g, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
             EGifPutExtensionBlock(g, 11, "NETSCAPE2.0") == GIF_OK &&
             EGifPutExtensionBlock(g, 3, loop) == GIF_OK &&
             EGifPutExtensionTrailer(g) == GIF_OK;
    }
    for (size_t i = 0; ok && i < gif->count; i++) {
        unsigned delay = gif->delay;
        if (i + 1 == gif->count)
            delay = delay * 3 > 65535 ? 65535 : delay * 3;
        ok = put_frame(g, gif, &gif->frames[i], pal, &index, delay, line);
    }
    if (g && EGifCloseFile(g, &err) != GIF_OK)
        ok = false;
    GifFreeMapObject(cmap);
    map_free(&index);
    free(line);
    sg_status st = SG_OK;
    if (!ok || b.failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "cannot make the GIF (%s)",
                         err ? GifErrorString(err) : "out of memory");
    else if (fwrite(b.data, 1, b.len, out) != b.len || fflush(out) != 0 ||
             ferror(out))
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the GIF");
    sg_buf_free(&b);
    return st;
}

/* ------------------------------------------------------------------------ */
/* One picture over another                                                 */
/* ------------------------------------------------------------------------ */

static cairo_status_t write_png(void *closure, const unsigned char *data,
                                unsigned int n)
{
    sg_buf *b = closure;
    sg_buf_add(b, (const char *)data, n);
    return b->failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

sg_status sg_png_overlay(sg_ctx *ctx, const char *base, size_t base_len,
                         const char *top, size_t top_len, char **out,
                         size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    cairo_surface_t *b = decode(base, base_len);
    cairo_surface_t *t = b ? decode(top, top_len) : NULL;
    if (!b || !t) {
        cairo_surface_destroy(b);
        return sg_ctx_fail(ctx, SG_EINTERNAL, "a frame to lay over another "
                           "is not a PNG");
    }
    int w = cairo_image_surface_get_width(b);
    int h = cairo_image_surface_get_height(b);
    sg_status st = SG_OK;
    if (cairo_image_surface_get_width(t) != w ||
        cairo_image_surface_get_height(t) != h) {
        st = sg_ctx_fail(ctx, SG_EINTERNAL, "frames of different sizes "
                         "cannot be laid over each other");
    } else {
        /* Where the top picture shows anything but its ground (the colour
         * of its first pixel), its pixel replaces the base's. */
        uint32_t ground = pixel(t, 0, 0);
        unsigned char *bd = cairo_image_surface_get_data(b);
        const unsigned char *td = cairo_image_surface_get_data(t);
        int bs = cairo_image_surface_get_stride(b);
        int ts = cairo_image_surface_get_stride(t);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (pixel(t, x, y) != ground)
                    memcpy(bd + (size_t)y * (size_t)bs + 4 * (size_t)x,
                           td + (size_t)y * (size_t)ts + 4 * (size_t)x, 4);
        cairo_surface_mark_dirty(b);
        sg_buf png;
        sg_buf_init(&png);
        if (cairo_surface_write_to_png_stream(b, write_png, &png) !=
                CAIRO_STATUS_SUCCESS ||
            png.failed) {
            sg_buf_free(&png);
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory painting a "
                             "frame");
        } else {
            *out = png.data;
            *out_len = png.len;
        }
    }
    cairo_surface_destroy(t);
    cairo_surface_destroy(b);
    return st;
}
