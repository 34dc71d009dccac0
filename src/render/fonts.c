/*
 * fonts.c - whether this machine has a font for a language's script.
 *
 * Graphviz finds its fonts through fontconfig; where no installed font
 * covers a script, pango draws each of its characters as an empty box and
 * nothing reports it.  Asking fontconfig the same question first lets the
 * program say so before a lecturer puts a picture of boxes on a slide.
 */
#include <fontconfig/fontconfig.h>
#include <string.h>

#include "render/fonts.h"
#include "sgviz.h"

/* The fontconfig language a language of sgviz's is written in, or NULL
 * when its script is Latin (every machine that draws has such a font). */
static const char *script_lang(const char *lang)
{
    if (lang && strcmp(lang, "zh") == 0)
        return "zh-cn";
    return NULL;
}

int sg_font_for_lang(const char *lang)
{
    const char *want = script_lang(lang);
    if (!want)
        return 1;
    FcPattern *pattern = FcPatternCreate();
    FcLangSet *langs = FcLangSetCreate();
    FcObjectSet *fields = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
    int found = 0;
    /* Out of memory: say there is a font, rather than warn wrongly. */
    if (!pattern || !langs || !fields ||
        !FcLangSetAdd(langs, (const FcChar8 *)want) ||
        !FcPatternAddLangSet(pattern, FC_LANG, langs)) {
        found = 1;
    } else {
        FcFontSet *fonts = FcFontList(NULL, pattern, fields);
        found = !fonts || fonts->nfont > 0;
        if (fonts)
            FcFontSetDestroy(fonts);
    }
    if (fields)
        FcObjectSetDestroy(fields);
    if (langs)
        FcLangSetDestroy(langs);
    if (pattern)
        FcPatternDestroy(pattern);
    return found;
}

/* Whether fontconfig has a font of FAMILY that covers the fontconfig
 * language WANT and is not monospaced. */
static int family_covers(const char *family, const char *want)
{
    FcPattern *pattern = FcPatternCreate();
    FcLangSet *langs = FcLangSetCreate();
    FcObjectSet *fields = FcObjectSetBuild(FC_FAMILY, FC_SPACING, (char *)NULL);
    int found = 0;
    if (pattern && langs && fields &&
        FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family) &&
        FcLangSetAdd(langs, (const FcChar8 *)want) &&
        FcPatternAddLangSet(pattern, FC_LANG, langs)) {
        FcFontSet *fonts = FcFontList(NULL, pattern, fields);
        for (int i = 0; fonts && i < fonts->nfont && !found; i++) {
            int spacing = FC_PROPORTIONAL;
            FcPatternGetInteger(fonts->fonts[i], FC_SPACING, 0, &spacing);
            found = spacing != FC_MONO && spacing != FC_CHARCELL;
        }
        if (fonts)
            FcFontSetDestroy(fonts);
    }
    if (fields)
        FcObjectSetDestroy(fields);
    if (langs)
        FcLangSetDestroy(langs);
    if (pattern)
        FcPatternDestroy(pattern);
    return found;
}

/* The sans serif families of Chinese, best first: those a Linux
 * distribution installs (Noto's, WenQuanYi's), then those of macOS and
 * Windows, where an SVG may be opened. */
static const char *const cjk_sans[] = {
    "Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans SC",
    "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "Droid Sans Fallback",
    "PingFang SC", "Microsoft YaHei", NULL};

const char *sg_font_sans_for_lang(const char *lang)
{
    const char *want = script_lang(lang);
    if (!want)
        return NULL;
    /* Asked each time (once a drawing), not kept: the library keeps no
     * state of the process. */
    for (size_t i = 0; cjk_sans[i]; i++)
        if (family_covers(cjk_sans[i], want))
            return cjk_sans[i];
    return NULL;
}
