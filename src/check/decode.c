/*
 * decode.c - turns the bytes of a handed-in file into the text the sheet
 * reader reads.
 *
 * Students hand in whatever their machine saves: UTF-8 with or without a
 * byte order mark, Excel's "Unicode text" (UTF-16 with tabs), GBK from a
 * Chinese Windows, Windows-1252 from an old editor, line ends of three
 * kinds, full-width digits and Chinese punctuation typed with a Chinese
 * input method, no-break spaces pasted from a web page -- and sometimes a
 * workbook, a Word document or a photo of the paper.  This file reads every
 * kind of text into one form (UTF-8, '\n' line ends, ASCII where a
 * character only looks different from ASCII) and names every kind of file
 * that is not text, with what to hand in instead.
 *
 * Conversions go through iconv, which glibc provides as part of the C
 * library.  Each character of the file becomes exactly one character of
 * the text, so that FILE:LINE:COLUMN in a message points where the student
 * looks in an editor.  A message about a file that is not text never
 * quotes its bytes: such a file may be anything at all.
 */
#include "check/read.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------------ */
/* Files that are not text                                                  */
/* ------------------------------------------------------------------------ */

/* Whether NEEDLE occurs in the first LIMIT bytes of B. */
static bool contains(const unsigned char *b, size_t len, size_t limit,
                     const char *needle, size_t nlen)
{
    if (len > limit)
        len = limit;
    for (size_t i = 0; i + nlen <= len; i++)
        if (b[i] == (unsigned char)needle[0] && memcmp(b + i, needle, nlen) == 0)
            return true;
    return false;
}

static bool starts(const unsigned char *b, size_t len, const char *magic,
                   size_t mlen)
{
    return len >= mlen && memcmp(b, magic, mlen) == 0;
}

#define STARTS(b, len, m) starts(b, len, m, sizeof m - 1)
#define CONTAINS(b, len, m) contains(b, len, (size_t)1 << 20, m, sizeof m - 1)

/* Names a file that is not text by its first bytes (and, for the
 * containers of office files, the names of their parts).  Returns a
 * message id, or -1 for a file that may be text.  *WHAT receives the kind
 * of picture or archive. */
static int sniff(const unsigned char *b, size_t len, const char **what)
{
    *what = "";
    if (STARTS(b, len, "PK\x03\x04") || STARTS(b, len, "PK\x05\x06")) {
        /* Office files are ZIP archives whose parts have telling names;
         * OpenDocument files start with an uncompressed "mimetype". */
        if (CONTAINS(b, len, "xl/"))
            return RM_XLSX;
        if (CONTAINS(b, len, "word/"))
            return RM_DOCX;
        if (CONTAINS(b, len, "opendocument.spreadsheet"))
            return RM_ODS;
        if (CONTAINS(b, len, "opendocument.text"))
            return RM_ODT;
        if (CONTAINS(b, len, "ppt/") || CONTAINS(b, len, "opendocument"))
            return RM_OFFICE;
        if (CONTAINS(b, len, "Index/"))
            return RM_APPLE;
        *what = "ZIP";
        return RM_ZIP;
    }
    if (STARTS(b, len, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")) {
        /* An OLE compound file names its streams in UTF-16. */
        if (CONTAINS(b, len, "W\0o\0r\0k\0b\0o\0o\0k") ||
            CONTAINS(b, len, "B\0o\0o\0k\0"))
            return RM_XLS;
        if (CONTAINS(b, len, "W\0o\0r\0d\0D\0o\0c\0u\0m\0e\0n\0t"))
            return RM_DOC;
        return RM_OFFICE;
    }
    if (STARTS(b, len, "%PDF-"))
        return RM_PDF;
    if (STARTS(b, len, "{\\rtf"))
        return RM_RTF;
    static const struct {
        const char *magic;
        size_t len;
        const char *what;
        int msg;
    } kinds[] = {
        {"\x89PNG\r\n\x1A\n", 8, "PNG", RM_IMAGE},
        {"\xFF\xD8\xFF", 3, "JPEG", RM_IMAGE},
        {"GIF87a", 6, "GIF", RM_IMAGE},
        {"GIF89a", 6, "GIF", RM_IMAGE},
        {"II*\0", 4, "TIFF", RM_IMAGE},
        {"MM\0*", 4, "TIFF", RM_IMAGE},
        {"\x1F\x8B", 2, "gzip", RM_ARCHIVE},
        {"7z\xBC\xAF\x27\x1C", 6, "7-Zip", RM_ARCHIVE},
        {"Rar!\x1A\x07", 6, "RAR", RM_ARCHIVE},
        {"\xFD" "7zXZ\0", 6, "xz", RM_ARCHIVE},
        {"\x7F" "ELF", 4, "", RM_PROGRAM},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (starts(b, len, kinds[i].magic, kinds[i].len)) {
            *what = kinds[i].what;
            return kinds[i].msg;
        }
    }
    if (len >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0) {
        *what = "WebP";
        return RM_IMAGE;
    }
    if (len >= 12 && memcmp(b + 4, "ftyp", 4) == 0 &&
        (memcmp(b + 8, "heic", 4) == 0 || memcmp(b + 8, "heix", 4) == 0 ||
         memcmp(b + 8, "mif1", 4) == 0)) {
        *what = "HEIC";
        return RM_IMAGE;
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Characters                                                               */
/* ------------------------------------------------------------------------ */

size_t sg_utf8_next(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80) {
        *cp = u[0];
        return 1;
    }
    size_t n = (u[0] & 0xE0) == 0xC0 ? 2 : (u[0] & 0xF0) == 0xE0 ? 3
               : (u[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || n > len || u[0] < 0xC2 || u[0] > 0xF4) {
        *cp = u[0];
        return 1;
    }
    uint32_t c = u[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *cp = u[0];
            return 1;
        }
        c = (c << 6) | (u[i] & 0x3F);
    }
    /* Overlong forms and surrogates are not characters. */
    if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)) ||
        (c >= 0xD800 && c <= 0xDFFF)) {
        *cp = u[0];
        return 1;
    }
    *cp = c;
    return n;
}

/* The length of the valid UTF-8 prefix of S. */
static size_t utf8_valid(const unsigned char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        uint32_t cp;
        size_t n = sg_utf8_next((const char *)s + i, len - i, &cp);
        if (n == 1)
            return i;
        i += n;
    }
    return len;
}

bool sg_char_invisible(uint32_t cp)
{
    return (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2060 && cp <= 0x2064) ||
           (cp >= 0x202A && cp <= 0x202E) || cp == 0xFEFF || cp == 0x00AD ||
           cp == 0x061C || cp == 0x180E;
}

static bool is_space_char(uint32_t cp)
{
    return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
           cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

void sg_char_name(uint32_t cp, char *buf, size_t size)
{
    static const struct {
        uint32_t cp;
        const char *name;
    } names[] = {
        {0x00A0, "no-break space"}, {0x00AD, "soft hyphen"},
        {0x200B, "zero-width space"}, {0x200C, "zero-width non-joiner"},
        {0x200D, "zero-width joiner"}, {0x200E, "left-to-right mark"},
        {0x200F, "right-to-left mark"}, {0x2060, "word joiner"},
        {0xFEFF, "zero-width no-break space"}, {0x061C, "Arabic letter mark"},
        {0x202A, "left-to-right embedding"}, {0x202B, "right-to-left embedding"},
        {0x202C, "pop directional formatting"},
        {0x202D, "left-to-right override"}, {0x202E, "right-to-left override"},
        {0x180E, "Mongolian vowel separator"}, {0xFFFD, "replacement character"},
        {0x0000, "NUL"}, {0x0009, "tab"}, {0x001A, "end-of-file mark (Ctrl-Z)"},
        {0x001B, "escape"}, {0x007F, "delete"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (names[i].cp == cp) {
            snprintf(buf, size, "U+%04X %s", (unsigned)cp, names[i].name);
            return;
        }
    }
    if (cp < 0x20 || (cp >= 0x80 && cp < 0xA0))
        snprintf(buf, size, "U+%04X, a control character", (unsigned)cp);
    else
        snprintf(buf, size, "U+%04X", (unsigned)cp);
}

/* The ASCII character CP only looks different from, or CP itself:
 * full-width forms, Chinese punctuation, typographic quotes and dashes.
 * One character for one, so that columns stay where they were. */
static uint32_t fold(uint32_t cp)
{
    if (cp >= 0xFF01 && cp <= 0xFF5E)
        return cp - 0xFEE0;
    if (is_space_char(cp))
        return ' ';
    switch (cp) {
    case 0x3001: case 0xFF64: case 0xFE50: return ',';
    case 0x3002: case 0xFF61: return '.';
    case 0x3010: case 0x3014: return '[';
    case 0x3011: case 0x3015: return ']';
    case 0x2018: case 0x2019: case 0x2032: return '\'';
    case 0x201C: case 0x201D: case 0x2033: return '"';
    case 0x2236: case 0xFE55: return ':';
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014:
    case 0x2015: case 0x2212: case 0xFE63: return '-';
    default: return cp;
    }
}

/* ------------------------------------------------------------------------ */
/* Encodings                                                                */
/* ------------------------------------------------------------------------ */

/* The reader's place while it gives a message: the file's origin and the
 * language of the message. */
typedef struct where {
    sg_ctx *ctx;
    const char *lang;
    const char *origin;
} where;

/* Windows-1252's characters for the bytes 0x80..0x9F; 0 where it has none
 * (those bytes then stand for the control characters U+0080..U+009F, which
 * the checks below refuse). */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};

static void from_cp1252(const unsigned char *b, size_t len, sg_buf *out)
{
    for (size_t i = 0; i < len; i++) {
        uint32_t cp = b[i];
        if (cp >= 0x80 && cp < 0xA0 && cp1252_high[cp - 0x80])
            cp = cp1252_high[cp - 0x80];
        sg_buf_utf8(out, cp);
    }
}

/* Whether B reads as GB18030 (so GBK or GB2312) Chinese text: every byte
 * above 0x7F starts a valid double- or four-byte character, and nearly all
 * double-byte characters lie in GB2312's rows (both bytes 0xA1..0xFE).
 * Latin text in Windows-1252 often forms valid GBK pairs (an accented
 * letter followed by an ASCII letter), but those fall outside GB2312's rows,
 * so the two are told apart. */
static bool looks_gb(const unsigned char *b, size_t len)
{
    size_t gb2312 = 0, other = 0;
    for (size_t i = 0; i < len;) {
        if (b[i] < 0x80) {
            i++;
            continue;
        }
        if (b[i] == 0x80 || b[i] == 0xFF || i + 1 >= len)
            return false;
        unsigned c = b[i + 1];
        if (c >= 0x30 && c <= 0x39) {
            if (i + 3 >= len || b[i + 2] < 0x81 || b[i + 2] > 0xFE ||
                b[i + 3] < 0x30 || b[i + 3] > 0x39)
                return false;
            other++;
            i += 4;
            continue;
        }
        if (c < 0x40 || c == 0x7F || c == 0xFF)
            return false;
        if (b[i] >= 0xA1 && c >= 0xA1)
            gb2312++;
        else
            other++;
        i += 2;
    }
    return gb2312 > 0 && other * 10 <= gb2312;
}

/* Converts B from the encoding FROM to UTF-8 into OUT.  Returns SG_OK, or
 * an error naming the line where the text stops being FROM. */
static sg_status convert(where *w, const char *from, const char *shown,
                         const unsigned char *b, size_t len, sg_buf *out)
{
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1)
        return sg_say(w->ctx, SG_EUNSUPPORTED, w->lang, w->origin, 0, 0,
                      RM_BAD_UNICODE, RV_ENCODING, shown, RV_REASON,
                      strerror(errno), RV_END);
    char chunk[16384];
    char *in = (char *)(uintptr_t)b;
    size_t left = len;
    sg_status st = SG_OK;
    while (left > 0) {
        char *o = chunk;
        size_t room = sizeof chunk;
        size_t r = iconv(cd, &in, &left, &o, &room);
        sg_buf_add(out, chunk, (size_t)(o - chunk));
        if (r == (size_t)-1 && errno != E2BIG) {
            /* The line is the number of line ends converted so far. */
            unsigned long line = 1;
            for (size_t i = 0; i < out->len; i++)
                line += out->data[i] == '\n';
            char reason[64];
            snprintf(reason, sizeof reason, "%s",
                     errno == EINVAL ? "the file ends inside a character"
                                     : "a byte sequence that is no character");
            st = sg_say(w->ctx, SG_EINPUT, w->lang, w->origin, line, 0,
                        RM_BAD_UNICODE, RV_ENCODING, shown, RV_REASON, reason,
                        RV_END);
            break;
        }
    }
    iconv_close(cd);
    return st;
}

/* Picks the encoding of B and converts it to UTF-8 into OUT. */
static sg_status to_utf8(where *w, const unsigned char *b, size_t len,
                         sg_buf *out, const char **encoding)
{
    if (STARTS(b, len, "\xEF\xBB\xBF")) {
        *encoding = "UTF-8 with a byte order mark";
        b += 3;
        len -= 3;
    } else if (STARTS(b, len, "\xFF\xFE\0\0")) {
        *encoding = "UTF-32LE";
        return convert(w, "UTF-32LE", *encoding, b + 4, len - 4, out);
    } else if (STARTS(b, len, "\0\0\xFE\xFF")) {
        *encoding = "UTF-32BE";
        return convert(w, "UTF-32BE", *encoding, b + 4, len - 4, out);
    } else if (STARTS(b, len, "\xFF\xFE")) {
        *encoding = "UTF-16LE";
        return convert(w, "UTF-16LE", *encoding, b + 2, len - 2, out);
    } else if (STARTS(b, len, "\xFE\xFF")) {
        *encoding = "UTF-16BE";
        return convert(w, "UTF-16BE", *encoding, b + 2, len - 2, out);
    } else if (memchr(b, 0, len)) {
        /* UTF-16 without a byte order mark: ASCII characters have a zero
         * byte each, on the same side. */
        size_t n = len < 65536 ? len : 65536;
        size_t even = 0, odd = 0;
        for (size_t i = 0; i + 1 < n; i += 2) {
            even += b[i] == 0;
            odd += b[i + 1] == 0;
        }
        size_t pairs = n / 2;
        if (len % 2 == 0 && odd * 10 >= pairs * 3 && even * 50 <= pairs) {
            *encoding = "UTF-16LE";
            return convert(w, "UTF-16LE", *encoding, b, len, out);
        }
        if (len % 2 == 0 && even * 10 >= pairs * 3 && odd * 50 <= pairs) {
            *encoding = "UTF-16BE";
            return convert(w, "UTF-16BE", *encoding, b, len, out);
        }
        /* A NUL in text of one byte a character: not text at all.  Its
         * place is given, never its neighbours. */
        const unsigned char *z = memchr(b, 0, len);
        unsigned long line = 1;
        for (const unsigned char *p = b; p < z; p++)
            line += *p == '\n';
        return sg_say(w->ctx, SG_EINPUT, w->lang, w->origin, line, 0, RM_NUL,
                      RV_END);
    } else {
        *encoding = "UTF-8";
    }
    if (utf8_valid(b, len) == len) {
        sg_buf_add(out, (const char *)b, len);
        return SG_OK;
    }
    if (looks_gb(b, len)) {
        *encoding = "GB18030";
        return convert(w, "GB18030", *encoding, b, len, out);
    }
    *encoding = "Windows-1252";
    from_cp1252(b, len, out);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* HTML: the online text of a learning platform                             */
/* ------------------------------------------------------------------------ */

static bool looks_html(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
                       s[i] == '\r'))
        i++;
    if (i >= len || s[i] != '<')
        return false;
    static const char *const tags[] = {"<html", "<!doctype", "<table", "<p>",
                                       "<p ", "<div", "<body", "<br",
                                       "<tr", NULL};
    size_t n = len - i < 4096 ? len - i : 4096;
    for (size_t k = i; k < i + n; k++) {
        if (s[k] != '<')
            continue;
        for (int t = 0; tags[t]; t++) {
            size_t tl = strlen(tags[t]);
            if (k + tl <= len && strncasecmp(s + k, tags[t], tl) == 0)
                return true;
        }
    }
    return false;
}

/* Appends the character of the entity at S (after the '&'), and returns
 * the length read, or 0 when it is not an entity. */
static size_t html_entity(const char *s, size_t len, sg_buf *out)
{
    static const struct {
        const char *name;
        uint32_t cp;
    } names[] = {{"nbsp;", 0xA0}, {"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'},
                 {"quot;", '"'}, {"apos;", '\''}, {"ensp;", 0x2002},
                 {"emsp;", 0x2003}, {"thinsp;", 0x2009}, {"minus;", 0x2212},
                 {"ndash;", 0x2013}, {"mdash;", 0x2014}, {"hellip;", 0x2026},
                 {"rarr;", 0x2192}, {"oplus;", 0x2295}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i].name);
        if (n <= len && strncmp(s, names[i].name, n) == 0) {
            sg_buf_utf8(out, names[i].cp);
            return n;
        }
    }
    if (len >= 3 && s[0] == '#') {
        bool hex = s[1] == 'x' || s[1] == 'X';
        size_t i = hex ? 2 : 1;
        uint32_t cp = 0;
        size_t digits = 0;
        for (; i < len && digits < 7; i++, digits++) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0'
                    : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0)
                break;
            cp = cp * (hex ? 16 : 10) + (uint32_t)d;
        }
        if (digits && i < len && s[i] == ';' && cp && cp <= 0x10FFFF &&
            !(cp >= 0xD800 && cp <= 0xDFFF)) {
            sg_buf_utf8(out, cp);
            return i + 1;
        }
    }
    return 0;
}

/* Turns HTML into lines: a table row, paragraph, line break or list item
 * starts a line, a table cell starts with '|', other markup goes.  LINE_OF
 * receives the HTML file's line of each line made. */
static sg_status html_to_lines(sg_ctx *ctx, const char *s, size_t len,
                               sg_buf *out, unsigned long **line_of,
                               size_t *nlines)
{
    size_t cap = 64, n = 0;
    unsigned long *map = sg_alloc(ctx, cap, sizeof *map);
    if (!map)
        return ctx->status;
    unsigned long line = 1;
    int pre = 0;
    map[n++] = 1;
#define NEWLINE()                                                              \
    do {                                                                       \
        if (n == cap) {                                                        \
            unsigned long *grown = sg_grow(ctx, map, cap * 2, sizeof *map);    \
            if (!grown) {                                                      \
                free(map);                                                     \
                return ctx->status;                                            \
            }                                                                  \
            map = grown;                                                       \
            cap *= 2;                                                          \
        }                                                                      \
        sg_buf_putc(out, '\n');                                                \
        map[n++] = line;                                                       \
    } while (0)
    for (size_t i = 0; i < len;) {
        char c = s[i];
        if (c == '\n') {
            line++;
            if (pre)
                NEWLINE();
            else
                sg_buf_putc(out, ' ');
            i++;
            continue;
        }
        if (c == '&') {
            size_t k = html_entity(s + i + 1, len - i - 1, out);
            if (k) {
                i += k + 1;
                continue;
            }
        }
        if (c != '<') {
            sg_buf_putc(out, c == '\r' || c == '\t' ? ' ' : c);
            i++;
            continue;
        }
        if (i + 4 <= len && strncmp(s + i, "<!--", 4) == 0) {
            size_t j = i + 4;
            while (j + 3 <= len && strncmp(s + j, "-->", 3) != 0)
                line += s[j++] == '\n';
            i = j + 3 <= len ? j + 3 : len;
            continue;
        }
        /* A tag: its name, then anything up to '>' outside quotes. */
        size_t j = i + 1;
        bool closing = j < len && s[j] == '/';
        if (closing)
            j++;
        char name[16];
        size_t nl = 0;
        while (j < len && ((s[j] >= 'a' && s[j] <= 'z') ||
                           (s[j] >= 'A' && s[j] <= 'Z') ||
                           (s[j] >= '0' && s[j] <= '9'))) {
            if (nl + 1 < sizeof name)
                name[nl++] = (char)(s[j] | 0x20);
            j++;
        }
        name[nl] = '\0';
        char quote = 0;
        while (j < len && (quote || s[j] != '>')) {
            if (quote && s[j] == quote)
                quote = 0;
            else if (!quote && (s[j] == '"' || s[j] == '\''))
                quote = s[j];
            line += s[j] == '\n';
            j++;
        }
        i = j < len ? j + 1 : len;
        if (!closing && (strcmp(name, "script") == 0 ||
                         strcmp(name, "style") == 0)) {
            /* Skip to the closing tag. */
            char end[16];
            snprintf(end, sizeof end, "</%s", name);
            size_t el = strlen(end);
            while (i + el <= len && strncasecmp(s + i, end, el) != 0)
                line += s[i++] == '\n';
            continue;
        }
        if (strcmp(name, "pre") == 0) {
            pre = closing ? 0 : 1;
            NEWLINE();
        } else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0) {
            sg_buf_puts(out, closing ? " " : " | ");
        } else if (strcmp(name, "tr") == 0 || strcmp(name, "br") == 0 ||
                   strcmp(name, "p") == 0 || strcmp(name, "div") == 0 ||
                   strcmp(name, "li") == 0 || strcmp(name, "table") == 0 ||
                   (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' &&
                    !name[2])) {
            NEWLINE();
        }
    }
#undef NEWLINE
    if (out->failed) {
        free(map);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    *line_of = map;
    *nlines = n;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* One form for every text                                                  */
/* ------------------------------------------------------------------------ */

static bool is_blank_char(uint32_t cp)
{
    return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' ||
           is_space_char(cp) || sg_char_invisible(cp);
}

/* Copies the UTF-8 text S into OUT with '\n' line ends and each character
 * folded (see fold()); refuses control characters, naming them and their
 * place, and lines longer than SG_LINE_MAX_LEN characters.  An invisible
 * character between two visible ones stays, so that the reader can name it
 * where it breaks a number; elsewhere it is a space. */
static sg_status normalize(where *w, const char *s, size_t len,
                           const unsigned long *line_of, size_t nlines,
                           sg_buf *out)
{
    unsigned long line = 1, col = 0;
    size_t i = 0;
    /* A byte order mark left by a conversion is no part of the text. */
    if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len) {
        /* Printable ASCII, nearly all of a table, goes straight through. */
        unsigned char c0 = (unsigned char)s[i];
        if (c0 >= 0x20 && c0 < 0x7F && col < SG_LINE_MAX_LEN) {
            sg_buf_putc(out, (char)c0);
            col++;
            i++;
            continue;
        }
        uint32_t cp;
        size_t n = sg_utf8_next(s + i, len - i, &cp);
        i += n;
        if (cp == '\r') {
            if (i < len && s[i] == '\n')
                continue;
            cp = '\n';
        }
        if (cp == '\n') {
            sg_buf_putc(out, '\n');
            line++;
            col = 0;
            continue;
        }
        col++;
        if (col > SG_LINE_MAX_LEN) {
            char limit[24];
            snprintf(limit, sizeof limit, "%zu", SG_LINE_MAX_LEN);
            unsigned long shown = line_of && line <= nlines ? line_of[line - 1]
                                                            : line;
            return sg_say(w->ctx, SG_ELIMIT, w->lang, w->origin, shown,
                          line_of ? 0 : col, RM_LINE_TOO_LONG, RV_LIMIT, limit,
                          RV_END);
        }
        if (cp == '\f' || cp == '\v') {
            cp = ' ';
        } else if (cp == 0x1A && i >= len) {
            /* Old DOS editors end a file with Ctrl-Z. */
            break;
        } else if ((cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp < 0xA0)) {
            char name[64];
            sg_char_name(cp, name, sizeof name);
            unsigned long shown = line_of && line <= nlines ? line_of[line - 1]
                                                            : line;
            return sg_say(w->ctx, SG_EINPUT, w->lang, w->origin, shown,
                          line_of ? 0 : col, RM_CONTROL, RV_CHAR, name,
                          RV_END);
        }
        if (sg_char_invisible(cp)) {
            bool before = out->len == 0 || out->data[out->len - 1] == ' ' ||
                          out->data[out->len - 1] == '\t' ||
                          out->data[out->len - 1] == '\n';
            uint32_t next = '\n';
            if (i < len)
                sg_utf8_next(s + i, len - i, &next);
            if (before || is_blank_char(next)) {
                sg_buf_putc(out, ' ');
                continue;
            }
            sg_buf_utf8(out, cp);
            continue;
        }
        sg_buf_utf8(out, fold(cp));
    }
    if (out->failed)
        return sg_ctx_fail(w->ctx, SG_ENOMEM, "out of memory");
    return SG_OK;
}

void sg_text_free(sg_text *text)
{
    if (!text)
        return;
    free(text->data);
    free(text->line_of);
    memset(text, 0, sizeof *text);
}

sg_status sg_text_decode(sg_ctx *ctx, const char *lang, const char *origin,
                         const unsigned char *bytes, size_t len, sg_text *out)
{
    memset(out, 0, sizeof *out);
    where w = {ctx, lang, origin};
    if (len == 0)
        return sg_say(ctx, SG_EINPUT, lang, origin, 1, 1, RM_EMPTY, RV_END);
    const char *what;
    int kind = sniff(bytes, len, &what);
    if (kind >= 0)
        return sg_say(ctx, SG_EINPUT, lang, origin, 0, 0, kind, RV_WHAT, what,
                      RV_END);
    sg_buf utf8, html, text;
    sg_buf_init(&utf8);
    sg_buf_init(&html);
    sg_buf_init(&text);
    sg_status st = to_utf8(&w, bytes, len, &utf8, &out->encoding);
    if (st == SG_OK && utf8.failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    const char *s = utf8.data ? utf8.data : "";
    size_t slen = utf8.len;
    if (st == SG_OK && looks_html(s, slen)) {
        st = html_to_lines(ctx, s, slen, &html, &out->line_of, &out->nlines);
        s = html.data ? html.data : "";
        slen = html.len;
    }
    if (st == SG_OK)
        st = normalize(&w, s, slen, out->line_of, out->nlines, &text);
    sg_buf_free(&utf8);
    sg_buf_free(&html);
    if (st != SG_OK) {
        sg_buf_free(&text);
        sg_text_free(out);
        return st;
    }
    sg_buf_putc(&text, '\0');
    if (text.failed) {
        sg_buf_free(&text);
        sg_text_free(out);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    out->data = text.data;
    out->len = text.len - 1;
    return SG_OK;
}
