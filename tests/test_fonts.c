/*
 * test_fonts.c - Chinese pictures in a sans CJK font: the family sgviz
 * chooses is one fontconfig says covers Chinese and is not monospaced
 * (asked here on its own), the SVG names it in every font-family after
 * the theme's sans font, and English pictures are left as they were.
 * Where no sans Chinese font is installed, the cases that need one skip.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fontconfig/fontconfig.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fonts.h"
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

/* Whether fontconfig, asked here, lists a proportional font of FAMILY
 * whose languages hold zh-cn. */
static bool covers_chinese(const char *family)
{
    FcPattern *p = FcNameParse((const FcChar8 *)"");
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcObjectSet *os = FcObjectSetBuild(FC_LANG, FC_SPACING, (char *)NULL);
    FcFontSet *fs = FcFontList(NULL, p, os);
    bool ok = false;
    for (int i = 0; fs && i < fs->nfont; i++) {
        FcLangSet *ls = NULL;
        int spacing = FC_PROPORTIONAL;
        FcPatternGetInteger(fs->fonts[i], FC_SPACING, 0, &spacing);
        if (FcPatternGetLangSet(fs->fonts[i], FC_LANG, 0, &ls) ==
                FcResultMatch &&
            FcLangSetHasLang(ls, (const FcChar8 *)"zh-cn") == FcLangEqual &&
            spacing != FC_MONO)
            ok = true;
    }
    if (fs)
        FcFontSetDestroy(fs);
    FcObjectSetDestroy(os);
    FcPatternDestroy(p);
    return ok;
}

/* The SVG of S = {1,3,4} up to 4 in LANG, as a new string. */
static char *svg_of(const char *lang)
{
    sg_game *game = sg_game_from_spec(ctx, "1,3,4", "test");
    assert_non_null(game);
    sg_drawing_opts o = {.size = sizeof o, .lang = lang};
    sg_drawing *d = sg_drawing_new(ctx, game, 4, &o);
    assert_non_null(d);
    char *data = NULL;
    size_t len = 0;
    assert_int_equal(sg_drawing_render_data(ctx, d, "svg", &data, &len),
                     SG_OK);
    sg_drawing_free(d);
    sg_game_free(game);
    return data;
}

/* Every font-family="..." of SVG holds WANT (or, with WANT NULL, none
 * holds a CJK family); returns how many there are. */
static int families(const char *svg, const char *want)
{
    int n = 0;
    for (const char *p = svg; (p = strstr(p, "font-family=\"")) != NULL;) {
        p += strlen("font-family=\"");
        const char *end = strchr(p, '"');
        assert_non_null(end);
        char fam[256];
        size_t len = (size_t)(end - p) < sizeof fam - 1 ? (size_t)(end - p)
                                                        : sizeof fam - 1;
        memcpy(fam, p, len);
        fam[len] = '\0';
        if (want) {
            assert_non_null(strstr(fam, want));
            /* Latin letters keep the theme's sans font, named first. */
            assert_int_equal(strncmp(fam, "Helvetica,", 10), 0);
        } else {
            assert_null(strstr(fam, "Hei"));
            assert_null(strstr(fam, "CJK"));
        }
        n++;
        p = end;
    }
    return n;
}

static void chinese_is_sans(void **state)
{
    (void)state;
    const char *family = sg_font_sans_for_lang("zh");
    if (!family) {
        /* Then no family of the list covers Chinese. */
        assert_false(covers_chinese("WenQuanYi Micro Hei"));
        assert_false(covers_chinese("Noto Sans CJK SC"));
        skip();
    }
    assert_true(covers_chinese(family));
    char *svg = svg_of("zh");
    assert_true(families(svg, family) > 0);
    free(svg);
}

static void english_unchanged(void **state)
{
    (void)state;
    assert_null(sg_font_sans_for_lang("en"));
    assert_null(sg_font_sans_for_lang(NULL));
    char *svg = svg_of("en");
    assert_true(families(svg, NULL) > 0);
    assert_non_null(strstr(svg, "font-family=\"Helvetica,sans-Serif\""));
    free(svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chinese_is_sans),
        cmocka_unit_test(english_unchanged),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
