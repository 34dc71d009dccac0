/*
 * test_gif.c - the animated GIF of the steps, read back with giflib's
 * decoder: one frame for the start and one per step, the NETSCAPE2.0
 * extension that makes it loop, each frame's delay, one canvas and one
 * palette, the theme's flat colours kept exactly, and every bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo.h>
#include <gif_lib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "render/gif.h"
#include "sgviz.h"

static sg_ctx *ctx;

static int setup(void **state)
{
    (void)state;
    ctx = sg_ctx_new();
    return ctx ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_ctx_free(ctx);
    return 0;
}

/* The GIF of the steps of GAME's positions 0..LAST with DELAY, in *LEN
 * bytes of a new buffer (NULL on error, the status in *ST). */
static char *steps_gif(const char *game_spec, uint64_t last, uint64_t first,
                       unsigned delay, const char *theme_name, size_t *len,
                       sg_status *st)
{
    sg_game *game = sg_game_from_spec(ctx, game_spec, "test");
    assert_non_null(game);
    sg_theme *theme = sg_theme_load(ctx, theme_name);
    assert_non_null(theme);
    sg_steps_opts o = {.size = sizeof o, .theme = theme, .first = first};
    sg_steps *steps = sg_steps_new(ctx, game, last, &o);
    assert_non_null(steps);
    char *data = NULL;
    FILE *f = open_memstream(&data, len);
    assert_non_null(f);
    *st = sg_steps_write_gif(ctx, steps, delay, f);
    fclose(f);
    sg_steps_free(steps);
    sg_theme_free(theme);
    sg_game_free(game);
    if (*st != SG_OK) {
        free(data);
        return NULL;
    }
    return data;
}

typedef struct mem_in {
    const unsigned char *data;
    size_t len, at;
} mem_in;

static int read_mem(GifFileType *g, GifByteType *out, int n)
{
    mem_in *m = g->UserData;
    size_t k = (size_t)n <= m->len - m->at ? (size_t)n : m->len - m->at;
    memcpy(out, m->data + m->at, k);
    m->at += k;
    return (int)k;
}

/* DATA decoded whole by giflib; the caller closes it. */
static GifFileType *slurp(const char *data, size_t len, mem_in *m)
{
    *m = (mem_in){(const unsigned char *)data, len, 0};
    int err = 0;
    GifFileType *g = DGifOpen(m, read_mem, &err);
    assert_non_null(g);
    assert_int_equal(DGifSlurp(g), GIF_OK);
    return g;
}

/* Whether image I carries the NETSCAPE2.0 block that loops LOOPS times
 * (0: for ever). */
static bool loops(const SavedImage *im, unsigned loops_wanted)
{
    for (int i = 0; i + 1 < im->ExtensionBlockCount; i++) {
        const ExtensionBlock *e = &im->ExtensionBlocks[i];
        const ExtensionBlock *sub = &im->ExtensionBlocks[i + 1];
        if (e->Function == APPLICATION_EXT_FUNC_CODE && e->ByteCount == 11 &&
            memcmp(e->Bytes, "NETSCAPE2.0", 11) == 0 &&
            sub->Function == CONTINUE_EXT_FUNC_CODE && sub->ByteCount == 3 &&
            sub->Bytes[0] == 1)
            return (unsigned)(sub->Bytes[1] | sub->Bytes[2] << 8) ==
                   loops_wanted;
    }
    return false;
}

/* S = {1,3,4} up to 8: nine steps, so ten frames with the start; each
 * shows for the delay asked, the last for three times as long; the first
 * image carries the loop extension. */
static void frames_and_loop(void **state)
{
    (void)state;
    size_t len;
    sg_status st;
    char *data = steps_gif("1,3,4", 8, 0, 40, "classic", &len, &st);
    assert_non_null(data);
    assert_memory_equal(data, "GIF89a", 6);
    mem_in m;
    GifFileType *g = slurp(data, len, &m);
    assert_int_equal(g->ImageCount, 8 + 1 + 1);
    assert_true(loops(&g->SavedImages[0], 0));
    for (int i = 0; i < g->ImageCount; i++) {
        GraphicsControlBlock gcb;
        assert_int_equal(DGifSavedExtensionToGCB(g, i, &gcb), GIF_OK);
        assert_int_equal(gcb.DelayTime, i + 1 == g->ImageCount ? 120 : 40);
        /* Every frame fills the canvas, so none shows an earlier one. */
        assert_int_equal(g->SavedImages[i].ImageDesc.Width, g->SWidth);
        assert_int_equal(g->SavedImages[i].ImageDesc.Height, g->SHeight);
    }
    /* One palette of 256 colours, its first the white background the
     * frames are mostly made of, which the corner pixel has exactly. */
    assert_non_null(g->SColorMap);
    assert_int_equal(g->SColorMap->ColorCount, 256);
    GifColorType corner =
        g->SColorMap->Colors[g->SavedImages[0].RasterBits[0]];
    assert_int_equal(corner.Red, 255);
    assert_int_equal(corner.Green, 255);
    assert_int_equal(corner.Blue, 255);
    /* The start and step 0 differ (position 0 becomes current), and the
     * last two differ too. */
    size_t px = (size_t)g->SWidth * (size_t)g->SHeight;
    assert_true(memcmp(g->SavedImages[0].RasterBits,
                       g->SavedImages[1].RasterBits, px) != 0);
    assert_true(memcmp(g->SavedImages[8].RasterBits,
                       g->SavedImages[9].RasterBits, px) != 0);
    int err;
    DGifCloseFile(g, &err);
    free(data);
}

/* --from K: the start, then the steps K..N only; the default delay is one
 * second. */
static void from_a_later_step(void **state)
{
    (void)state;
    size_t len;
    sg_status st;
    char *data = steps_gif("1,2", 6, 4, 0, "print", &len, &st);
    assert_non_null(data);
    mem_in m;
    GifFileType *g = slurp(data, len, &m);
    assert_int_equal(g->ImageCount, 1 + (6 - 4 + 1));
    GraphicsControlBlock gcb;
    assert_int_equal(DGifSavedExtensionToGCB(g, 0, &gcb), GIF_OK);
    assert_int_equal(gcb.DelayTime, (int)SG_GIF_DELAY_DEFAULT);
    int err;
    DGifCloseFile(g, &err);
    free(data);
}

static void bad_delay(void **state)
{
    (void)state;
    size_t len;
    sg_status st;
    assert_null(steps_gif("1,3,4", 4, 0, 1, "classic", &len, &st));
    assert_int_equal(st, SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "2..6000"));
    assert_null(steps_gif("1,3,4", 4, 0, SG_GIF_DELAY_MAX + 1, "classic",
                          &len, &st));
    assert_int_equal(st, SG_EINPUT);
    sg_ctx_clear(ctx);
}

/* The encoder takes PNGs only, and writes nothing without a frame. */
static void encoder_bad_input(void **state)
{
    (void)state;
    sg_gif *gif = sg_gif_new(ctx, 50);
    assert_non_null(gif);
    assert_int_equal(sg_gif_add_png(ctx, gif, "GIF89a not a png", 16),
                     SG_EINPUT);
    assert_int_equal(sg_gif_add_png(ctx, gif, "", 0), SG_EINPUT);
    assert_int_equal(sg_gif_frame_count(gif), 0);
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    assert_int_equal(sg_gif_write(ctx, gif, f), SG_EINPUT);
    fclose(f);
    assert_int_equal(len, 0);
    free(data);
    sg_gif_free(gif);
    sg_ctx_clear(ctx);
}


static cairo_status_t put_png(void *closure, const unsigned char *data,
                              unsigned int n)
{
    sg_buf *b = closure;
    sg_buf_add(b, (const char *)data, n);
    return CAIRO_STATUS_SUCCESS;
}

/* A W x H PNG of white with a square of colour RGB at (X, Y), side 4. */
static sg_buf square_png(int w, int h, int x, int y, double r, double g,
                         double b)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_rectangle(cr, x, y, 4, 4);
    cairo_fill(cr);
    cairo_destroy(cr);
    sg_buf png;
    sg_buf_init(&png);
    cairo_surface_write_to_png_stream(s, put_png, &png);
    cairo_surface_destroy(s);
    return png;
}

/* The colour of pixel (X, Y) of the PNG DATA, 0xRRGGBB. */
static uint32_t png_pixel(const char *data, size_t len, int x, int y)
{
    sg_gif *gif = sg_gif_new(ctx, 50);
    assert_int_equal(sg_gif_add_png(ctx, gif, data, len), SG_OK);
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    assert_int_equal(sg_gif_write(ctx, gif, f), SG_OK);
    fclose(f);
    sg_gif_free(gif);
    mem_in m;
    GifFileType *g = slurp(out, n, &m);
    GifColorType c = g->SColorMap->Colors[g->SavedImages[0].RasterBits
                                              [y * g->SWidth + x]];
    int err;
    DGifCloseFile(g, &err);
    free(out);
    return (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
}

/* The current moves painted again over a frame: what the top picture
 * paints (not its white ground) replaces the base's pixels, and the rest
 * of the base stays. */
static void overlay(void **state)
{
    (void)state;
    sg_buf base = square_png(20, 10, 2, 2, 1, 0, 0);
    sg_buf top = square_png(20, 10, 4, 4, 0, 0, 1);
    char *both = NULL;
    size_t len = 0;
    assert_int_equal(sg_png_overlay(ctx, base.data, base.len, top.data,
                                    top.len, &both, &len),
                     SG_OK);
    assert_int_equal(png_pixel(both, len, 2, 2), 0xFF0000); /* base only */
    assert_int_equal(png_pixel(both, len, 5, 5), 0x0000FF); /* both: top */
    assert_int_equal(png_pixel(both, len, 7, 7), 0x0000FF); /* top only */
    assert_int_equal(png_pixel(both, len, 15, 5), 0xFFFFFF);
    free(both);
    sg_buf other = square_png(21, 10, 4, 4, 0, 0, 1);
    assert_int_equal(sg_png_overlay(ctx, base.data, base.len, other.data,
                                    other.len, &both, &len),
                     SG_EINTERNAL);
    assert_null(both);
    assert_int_equal(sg_png_overlay(ctx, "x", 1, top.data, top.len, &both,
                                    &len),
                     SG_EINTERNAL);
    sg_ctx_clear(ctx);
    sg_buf_free(&base);
    sg_buf_free(&top);
    sg_buf_free(&other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frames_and_loop),
        cmocka_unit_test(from_a_later_step),
        cmocka_unit_test(bad_delay),
        cmocka_unit_test(encoder_bad_input),
        cmocka_unit_test(overlay),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
