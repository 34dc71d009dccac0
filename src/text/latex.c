/*
 * latex.c - text as LaTeX that compiles with pdflatex and with xelatex,
 * and the workings sgviz writes as text (of a sum, of misère play) set as
 * a LaTeX fragment.
 *
 * pdflatex reads UTF-8, but its default fonts hold no superscript minus,
 * no arrows and no middle dot: a U+207B in a .tex file stops pdflatex with
 * an error, and under xelatex the default Latin Modern has no glyph for it
 * either, so "g⁻ = 0" silently comes out as "g = 0".  Written as math,
 * each of these symbols is set by the document's own math fonts under
 * every engine.
 */
#include "text/latex.h"
#include "sgviz.h"

#include <stdio.h>
#include <string.h>

/* The symbols written as LaTeX of their own, by their UTF-8 bytes. */
static const struct {
    const char *utf8;
    const char *latex;
} latex_symbols[] = {
    {"\u207B", "$^{-}$"},          /* the superscript minus of g⁻ */
    {"\u207A", "$^{+}$"},
    {"\u2212", "$-$"},
    {"\u2192", "$\\rightarrow$"},
    {"\u2190", "$\\leftarrow$"},
    {"\u00B7", "$\\cdot$"},
    {"\u2295", "$\\oplus$"},
    {"\u2260", "$\\neq$"},
    {"\u2264", "$\\leq$"},
    {"\u2265", "$\\geq$"},
    {"\u00D7", "$\\times$"},
    {"\u2026", "\\ldots{}"},
    {"\u2014", "---"},
    {"\u2013", "--"},
};

void sg_latex_add(sg_buf *b, const char *s, size_t len, bool arrows)
{
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        const char *rep = NULL;
        size_t n = 0;
        if ((unsigned char)s[i] >= 0x80) {
            for (size_t k = 0;
                 k < sizeof latex_symbols / sizeof latex_symbols[0]; k++) {
                size_t m = strlen(latex_symbols[k].utf8);
                if (m <= len - i &&
                    memcmp(s + i, latex_symbols[k].utf8, m) == 0) {
                    rep = latex_symbols[k].latex;
                    n = m;
                    break;
                }
            }
        } else if (arrows && s[i] == '-' && i + 1 < len && s[i + 1] == '>') {
            rep = "$\\rightarrow$";
            n = 2;
        } else if (s[i] == '-' && i + 1 < len && s[i + 1] == '-') {
            /* An option's "--to" stays two hyphens, not a dash. */
            rep = "-{}";
            n = 1;
        }
        if (!rep)
            continue;
        sg_escape_add(b, SG_ESCAPE_LATEX, s + start, i - start, false);
        sg_buf_puts(b, rep);
        i += n - 1;
        start = i + 1;
    }
    sg_escape_add(b, SG_ESCAPE_LATEX, s + start, len - start, false);
}

/* Appends LINE[0..len) in the typewriter block: every space kept as a
 * space of its own, so that the columns of binary digits stay aligned. */
static void put_aligned(sg_buf *b, const char *line, size_t len)
{
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && line[i] != ' ')
            continue;
        sg_latex_add(b, line + start, i - start, false);
        if (i < len)
            sg_buf_putc(b, '~');
        start = i + 1;
    }
}

/* How many spaces LINE[0..len) starts with. */
static size_t indent_of(const char *line, size_t len)
{
    size_t n = 0;
    while (n < len && line[n] == ' ')
        n++;
    return n;
}

sg_status sg_working_latex_write(sg_ctx *ctx, const char *text, size_t len,
                                 const char *lang, FILE *out)
{
    if (!text)
        return sg_ctx_fail(ctx, SG_EINPUT, "no text to set as LaTeX");
    bool zh = lang && strcmp(lang, "zh") == 0;
    if (lang && !zh && strcmp(lang, "en") != 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "--lang %s: not en or zh", lang);
    sg_buf b;
    sg_buf_init(&b);
    sg_buf_puts(&b, zh ? "% 由 sgviz 写成的 LaTeX 片段（需要 \\usepackage{ctex}）；"
                         "文字用文档本身的字体。\n"
                       : "% A LaTeX fragment written by sgviz; its words are "
                         "set in the document's own font.\n");
    sg_buf_puts(&b, "\\begingroup\\setlength{\\parindent}{0pt}"
                    "\\setlength{\\parskip}{0.5\\baselineskip}\n");
    /* Lines of a paragraph are kept apart by \\; a line indented by four
     * or more spaces belongs to a column addition, set in typewriter type
     * with its spaces; two spaces begin a line of a list. */
    bool in_para = false, in_block = false;
    size_t i = 0;
    while (i < len) {
        const char *line = text + i;
        const char *nl = memchr(line, '\n', len - i);
        size_t n = nl ? (size_t)(nl - line) : len - i;
        i += n + (nl ? 1 : 0);
        size_t ind = indent_of(line, n);
        bool block = ind >= 4 && ind < n;
        if (ind == n) { /* a blank line ends the paragraph */
            if (in_block)
                sg_buf_puts(&b, "}");
            if (in_para || in_block)
                sg_buf_puts(&b, "\\par\n\n");
            in_para = in_block = false;
            continue;
        }
        if (block != in_block && (in_para || in_block)) {
            sg_buf_puts(&b, in_block ? "}\\par\n" : "\\par\n");
            in_para = in_block = false;
        }
        if (in_para || in_block)
            sg_buf_puts(&b, "\\\\\n");
        if (block) {
            if (!in_block)
                sg_buf_puts(&b, "{\\ttfamily ");
            /* Spaces at the start of a line after \\ would be dropped
             * with the break; an empty box keeps them. */
            sg_buf_puts(&b, "\\mbox{}");
            put_aligned(&b, line + 4, n - 4);
            in_block = true;
        } else {
            if (ind >= 2)
                sg_buf_puts(&b, "\\hspace*{1.5em}");
            sg_latex_add(&b, line + ind, n - ind, true);
            in_para = true;
        }
    }
    if (in_block)
        sg_buf_puts(&b, "}");
    if (in_para || in_block)
        sg_buf_puts(&b, "\\par\n");
    sg_buf_puts(&b, "\\endgroup\n");
    sg_status st = SG_OK;
    if (b.failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing LaTeX");
    else if (fwrite(b.data, 1, b.len, out) != b.len || fflush(out) != 0 ||
             ferror(out))
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the LaTeX");
    sg_buf_free(&b);
    return st;
}
