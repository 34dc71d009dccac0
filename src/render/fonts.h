/*
 * render/fonts.h - the fonts a language's script needs (private).
 */
#ifndef SGVIZ_RENDER_FONTS_H
#define SGVIZ_RENDER_FONTS_H

/* The family of an installed sans serif font that covers the script of
 * LANG ("zh": a Chinese font such as Noto Sans CJK SC or WenQuanYi Micro
 * Hei), or NULL when the script is Latin or no such font is installed
 * (Graphviz then falls back to whatever fontconfig gives, often a serif).
 * The string is static. */
const char *sg_font_sans_for_lang(const char *lang);

#endif
