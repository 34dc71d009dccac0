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
