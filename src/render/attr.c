/*
 * attr.c - which attributes of a user's DOT file (a game drawn with
 * its own styling, or a theme) reach Graphviz, and what values they may
 * have.
 *
 * Graphviz 2.42 trusts its input: a fill colour such as "red;" (a gradient
 * stop without its fraction) makes it read through a null pointer, and an
 * HTML label can do the same with a cell's bgcolor.  A DOT file may come
 * from anyone, so sgviz passes on only the attributes that style a drawing,
 * each checked against the form Graphviz expects, and refuses a file with a
 * bad value (naming the attribute, its owner and the file) instead of
 * letting Graphviz crash on it.  Attributes outside the list (layout hints,
 * coordinates, images, shape files) are left out: sgviz lays out the
 * drawing itself, and none of them changes what a position looks like.
 *
 * Pictures end up in web pages, so what Graphviz copies into SVG without
 * escaping it must not carry markup or script: a link (URL, href, an HTML
 * label's HREF) passes only with a scheme of http, https or mailto, or
 * none (a relative link), and only with the characters a URL is made of,
 * so that no quote ends the attribute Graphviz writes it into; other
 * links are dropped.  A font name, which Graphviz 2.42 also copies as it
 * is, may not hold quotes or markup.
 */
#include "render/render_draw.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The longest attribute value passed on, and the longest label. */
#define VALUE_MAX 1000
#define LABEL_MAX 10000

typedef enum value_kind {
    V_COLOR,      /* one colour */
    V_COLOR_LIST, /* colours separated by ':', each with an optional ;f */
    V_NUMBER,     /* a number within [lo, hi] */
    V_POINT,      /* one or two numbers "x" or "x,y" within [lo, hi] */
    V_STYLE,      /* style words */
    V_SHAPE,      /* a node shape drawn from a polygon */
    V_ARROW,      /* an arrow shape name */
    V_WORD,       /* one of the words in `words` */
    V_LABEL,      /* text, or an HTML-like label checked as below */
    V_LINK,       /* a link: dropped unless http, https, mailto or relative */
    V_FONT,       /* a font name: no quotes, markup or escapes */
    V_TEXT        /* any text of bounded length */
} value_kind;

typedef struct attr_rule {
    const char *name;
    unsigned kinds; /* bit (1 << AGRAPH), (1 << AGNODE), (1 << AGEDGE) */
    value_kind kind;
    double lo, hi;
    const char *words; /* V_WORD: the words allowed, separated by '|' */
} attr_rule;

#define G (1u << AGRAPH)
#define N (1u << AGNODE)
#define E (1u << AGEDGE)

static const attr_rule rules[] = {
    {"bgcolor", G, V_COLOR_LIST, 0, 0, NULL},
    {"color", N | E, V_COLOR_LIST, 0, 0, NULL},
    {"fillcolor", N | E, V_COLOR_LIST, 0, 0, NULL},
    {"fontcolor", G | N | E, V_COLOR, 0, 0, NULL},
    {"labelfontcolor", E, V_COLOR, 0, 0, NULL},
    {"fontname", G | N | E, V_FONT, 0, 0, NULL},
    {"labelfontname", E, V_FONT, 0, 0, NULL},
    {"fontsize", G | N | E, V_NUMBER, 1, 200, NULL},
    {"labelfontsize", E, V_NUMBER, 1, 200, NULL},
    {"penwidth", N | E, V_NUMBER, 0, 50, NULL},
    {"arrowsize", E, V_NUMBER, 0, 10, NULL},
    {"peripheries", N, V_NUMBER, 0, 5, NULL},
    {"gradientangle", G | N, V_NUMBER, 0, 360, NULL},
    {"pad", G, V_POINT, 0, 10, NULL},
    {"dpi", G, V_NUMBER, 36, 600, NULL},
    {"nodesep", G, V_NUMBER, 0.02, 10, NULL},
    {"ranksep", G, V_NUMBER, 0.02, 10, NULL},
    {"rankdir", G, V_WORD, 0, 0, "TB|LR|BT|RL"},
    {"labelloc", N, V_WORD, 0, 0, "t|c|b"},
    {"dir", E, V_WORD, 0, 0, "forward|back|both|none"},
    {"constraint", E, V_WORD, 0, 0, "true|false"},
    {"weight", E, V_NUMBER, 0, 1000, NULL},
    {"minlen", E, V_NUMBER, 0, 100, NULL},
    {"style", N | E, V_STYLE, 0, 0, NULL},
    {"shape", N, V_SHAPE, 0, 0, NULL},
    {"arrowhead", E, V_ARROW, 0, 0, NULL},
    {"arrowtail", E, V_ARROW, 0, 0, NULL},
    {"label", N | E, V_LABEL, 0, 0, NULL},
    {"xlabel", N | E, V_LABEL, 0, 0, NULL},
    {"headlabel", E, V_LABEL, 0, 0, NULL},
    {"taillabel", E, V_LABEL, 0, 0, NULL},
    {"tooltip", N | E, V_TEXT, 0, 0, NULL},
    {"URL", N | E, V_LINK, 0, 0, NULL},
    {"href", N | E, V_LINK, 0, 0, NULL},
    {"target", N | E, V_TEXT, 0, 0, NULL},
};

#undef G
#undef N
#undef E

static const attr_rule *rule_of(int kind, const char *name)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if ((rules[i].kinds & (1u << kind)) && strcmp(rules[i].name, name) == 0)
            return &rules[i];
    return NULL;
}

/* ---- the forms ---------------------------------------------------------- */

/* A number (as strtod reads it, finite) filling S[0..len), within
 * [lo, hi]. */
static bool number_in(const char *s, size_t len, double lo, double hi)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    double v = strtod(buf, &end);
    while (*end == ' ')
        end++;
    return end != buf && !*end && isfinite(v) && v >= lo && v <= hi;
}

/*
 * Colours are checked as Graphviz reads them, by Graphviz's own reader
 * (colorxlate, which libgvc exports without declaring it): a colour it does
 * not know ("foo", "/blues9/10" past the end of its scheme) is painted
 * black with only a warning on standard error, so a theme that names one
 * would give pictures that are wrong without a word.  Before that, the
 * form is checked as before: a name (optionally /scheme/name), #rrggbb or
 * #rrggbbaa, or an HSV triple "h,s,v" or "h s v" of numbers from 0 to 1.
 * #rgb and #rgba, which Graphviz 2.42 does not know, are written out as
 * #rrggbb and #rrggbbaa, as in CSS.
 */

/* Why one colour is no colour, in WHY (which is left empty otherwise);
 * the colour written as Graphviz takes it is appended to OUT. */
static bool color_check(const char *s, size_t len, sg_buf *out, char *why,
                        size_t whysize)
{
    why[0] = '\0';
    while (len && s[0] == ' ') {
        s++;
        len--;
    }
    while (len && s[len - 1] == ' ')
        len--;
    char shown[80];
    sg_quote(s, len < 64 ? len : 64, shown, sizeof shown);
    if (len == 0) {
        snprintf(why, whysize, "an empty colour");
        return false;
    }
    if (len > 64) {
        snprintf(why, whysize, "\"%s...\" is too long for a colour", shown);
        return false;
    }
    char text[80];
    if (s[0] == '#') {
        bool hex = true;
        for (size_t i = 1; i < len; i++)
            hex = hex && isxdigit((unsigned char)s[i]);
        if (!hex || (len != 4 && len != 5 && len != 7 && len != 9)) {
            snprintf(why, whysize, "\"%s\" is not a colour (#rgb, #rrggbb "
                     "or #rrggbbaa, in hexadecimal digits)", shown);
            return false;
        }
        if (len == 4 || len == 5) {
            size_t k = 0;
            text[k++] = '#';
            for (size_t i = 1; i < len; i++) {
                text[k++] = s[i];
                text[k++] = s[i];
            }
            text[k] = '\0';
        } else {
            memcpy(text, s, len);
            text[len] = '\0';
        }
    } else if (isdigit((unsigned char)s[0]) || s[0] == '.') {
        size_t start = 0, parts = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i == len || s[i] == ',' || s[i] == ' ') {
                if (i > start) {
                    if (!number_in(s + start, i - start, 0, 1))
                        parts = 4;
                    parts++;
                }
                start = i + 1;
            }
        }
        if (parts != 3) {
            snprintf(why, whysize, "\"%s\" is not a colour (an HSV colour is "
                     "three numbers from 0 to 1, such as 0.6,0.8,0.9)",
                     shown);
            return false;
        }
        memcpy(text, s, len);
        text[len] = '\0';
    } else {
        for (size_t i = 0; i < len; i++) {
            if (!isalnum((unsigned char)s[i]) && s[i] != '/' && s[i] != '_') {
                snprintf(why, whysize, "\"%s\" is not a colour (a name such "
                         "as red, #rrggbb, or /scheme/n such as /blues9/3)",
                         shown);
                return false;
            }
        }
        memcpy(text, s, len);
        text[len] = '\0';
    }
    char copy[80];
    memcpy(copy, text, strlen(text) + 1);
    gvcolor_t c;
    char *scheme = setColorScheme(NULL); /* the default scheme, X11 */
    int known = colorxlate(copy, &c, RGBA_BYTE);
    setColorScheme(scheme);
    if (known != COLOR_OK) {
        /* For a scheme's colour, say how far the scheme goes. */
        const char *last = strrchr(text, '/');
        int most = 0;
        if (text[0] == '/' && last > text + 1 && last[1]) {
            for (int k = 1; k <= 64; k++) {
                char probe[96];
                snprintf(probe, sizeof probe, "%.*s/%d", (int)(last - text),
                         text, k);
                scheme = setColorScheme(NULL);
                int got = colorxlate(probe, &c, RGBA_BYTE);
                setColorScheme(scheme);
                if (got != COLOR_OK)
                    break;
                most = k;
            }
        }
        if (most > 0)
            snprintf(why, whysize, "\"%s\" is not a colour Graphviz knows "
                     "(the scheme %.*s has the colours 1 to %d)", shown,
                     (int)(last - text - 1), text + 1, most);
        else
            snprintf(why, whysize, "\"%s\" is not a colour Graphviz knows (a "
                     "name such as red or darkgreen, #rrggbb, or /scheme/n "
                     "such as /blues9/3)", shown);
        return false;
    }
    sg_buf_puts(out, text);
    return true;
}

/* Graphviz's tolerance when it adds the fractions of a colour list. */
#define FRACTION_EPS 1e-5

/*
 * A colour list "c1;f1:c2;f2:...", read as Graphviz reads it: every item a
 * colour it knows, every fraction a number from 0 to 1, the fractions
 * adding up to at most 1, what they leave shared among the items without
 * one, and every item given some of it.  Graphviz paints a list it cannot
 * share out ("red;0.3" alone, "red;1:blue", or fractions over 1) in black.
 * OUT receives the list as Graphviz takes it (#rgb written out, spaces
 * around items gone).
 */
static bool color_list_check(const char *s, sg_buf *out, char *why,
                             size_t whysize)
{
    /* The items, for sharing out as Graphviz does (parseSegs in its
     * emit.c); a list longer than this is refused. */
    enum { MOST_ITEMS = 64 };
    double share[MOST_ITEMS];
    size_t at[MOST_ITEMS], clen_of[MOST_ITEMS];
    size_t n = strlen(s), start = 0, items = 0;
    bool fraction = false;
    double left = 1;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != ':')
            continue;
        if (items == MOST_ITEMS) {
            snprintf(why, whysize, "more than %d colours in one list",
                     MOST_ITEMS);
            return false;
        }
        const char *item = s + start;
        size_t len = i - start;
        const char *semi = memchr(item, ';', len);
        size_t clen = semi ? (size_t)(semi - item) : len;
        if (items)
            sg_buf_putc(out, ':');
        if (!color_check(item, clen, out, why, whysize))
            return false;
        double v = 0;
        if (semi) {
            const char *f = semi + 1;
            size_t flen = len - clen - 1;
            while (flen && *f == ' ') {
                f++;
                flen--;
            }
            while (flen && f[flen - 1] == ' ')
                flen--;
            char shown[80];
            sg_quote(f, flen < 64 ? flen : 64, shown, sizeof shown);
            if (!number_in(f, flen, 0, 1)) {
                snprintf(why, whysize, "the fraction \"%s\" is not a number "
                         "from 0 to 1", shown);
                return false;
            }
            char num[64];
            memcpy(num, f, flen);
            num[flen] = '\0';
            v = strtod(num, NULL);
            fraction = true;
            sg_buf_putc(out, ';');
            sg_buf_add(out, f, flen);
        }
        /* Graphviz takes what is left when a fraction asks for more than
         * that, and paints the list black when it asks for noticeably
         * more. */
        if (v - left > 0) {
            if (v - left > FRACTION_EPS) {
                snprintf(why, whysize, "the fractions add up to more than 1; "
                         "Graphviz paints such a list black");
                return false;
            }
            v = left;
        }
        left -= v;
        share[items] = v;
        at[items] = start;
        clen_of[items] = clen;
        items++;
        start = i + 1;
    }
    if (items == 1) {
        if (fraction) {
            snprintf(why, whysize, "a fraction is for a list of two colours "
                     "or more (such as red;0.3:blue); Graphviz paints one "
                     "colour with a fraction black");
            return false;
        }
        return true;
    }
    /* What is left goes to the items without a share, or to the last. */
    if (left > 0) {
        size_t zeros = 0;
        for (size_t k = 0; k < items; k++)
            zeros += !(share[k] > 0);
        for (size_t k = 0; k < items; k++)
            if (zeros && !(share[k] > 0))
                share[k] = left / (double)zeros;
        if (!zeros)
            share[items - 1] += left;
    }
    /* Items at the end without a share are dropped; a list that keeps
     * fewer than two colours is no gradient, and Graphviz paints it
     * black. */
    size_t kept = items;
    while (kept > 0 && !(share[kept - 1] > 0))
        kept--;
    if (kept < 2) {
        char shown[80];
        size_t k = kept < items ? kept : items - 1;
        sg_quote(s + at[k], clen_of[k] < 64 ? clen_of[k] : 64, shown,
                 sizeof shown);
        snprintf(why, whysize, "the fractions leave nothing of \"%s\"; "
                 "Graphviz paints such a list black", shown);
        return false;
    }
    return true;
}

/* Whether S is a colour list Graphviz paints as written (for HTML-like
 * labels, whose colours are not rewritten). */
static bool is_color_list(const char *s)
{
    char why[256];
    sg_buf out;
    sg_buf_init(&out);
    bool ok = color_list_check(s, &out, why, sizeof why);
    ok = ok && !out.failed && strcmp(out.data ? out.data : "", s) == 0;
    sg_buf_free(&out);
    return ok;
}

static bool word_in(const char *s, size_t len, const char *words)
{
    const char *w = words;
    while (*w) {
        const char *bar = strchr(w, '|');
        size_t wl = bar ? (size_t)(bar - w) : strlen(w);
        if (wl == len && strncmp(w, s, len) == 0)
            return true;
        if (!bar)
            break;
        w = bar + 1;
    }
    return false;
}

static bool is_style(const char *s)
{
    static const char words[] = "filled|invisible|invis|solid|dashed|dotted|"
                                "bold|rounded|diagonals|striped|wedged|"
                                "radial|tapered";
    size_t n = strlen(s), start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != ',' && s[i] != ' ')
            continue;
        if (i > start && !word_in(s + start, i - start, words))
            return false;
        start = i + 1;
    }
    return true;
}

static bool is_shape(const char *s)
{
    static const char words[] =
        "box|rect|rectangle|square|circle|doublecircle|ellipse|oval|point|"
        "egg|triangle|invtriangle|plaintext|plain|none|diamond|trapezium|"
        "invtrapezium|parallelogram|house|invhouse|pentagon|hexagon|"
        "septagon|octagon|doubleoctagon|tripleoctagon|Mdiamond|Msquare|"
        "Mcircle|star|underline|cylinder|note|tab|folder|box3d|component";
    return word_in(s, strlen(s), words);
}

/* An arrow name: letters only (Graphviz draws unknown ones as normal). */
static bool is_arrow(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 64)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!islower((unsigned char)s[i]))
            return false;
    return true;
}

/* ---- links and font names ---------------------------------------------- */

/* Appends the UTF-8 form of code point CP to B (nothing for an invalid
 * one). */
static void put_utf8(sg_buf *b, unsigned long cp)
{
    /* Surrogates and code points past Unicode's end are no characters. */
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return;
    sg_buf_utf8(b, (uint32_t)cp);
}

/* Appends S[0..len) to B as an XML parser reads an attribute value: the
 * five predefined entities and character references decoded, and tabs and
 * line breaks as spaces.  An unknown entity stays as it is (the XML parser
 * refuses it, and Graphviz with it). */
static void xml_decode(sg_buf *b, const char *s, size_t len)
{
    static const struct {
        const char *name;
        char c;
    } named[] = {{"lt;", '<'}, {"gt;", '>'}, {"amp;", '&'}, {"quot;", '"'},
                 {"apos;", '\''}};
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '\t' || c == '\n' || c == '\r') {
            sg_buf_putc(b, ' ');
            continue;
        }
        if (c != '&') {
            sg_buf_putc(b, c);
            continue;
        }
        size_t rest = len - i - 1;
        const char *e = s + i + 1;
        bool done = false;
        for (size_t k = 0; k < 5 && !done; k++) {
            size_t n = strlen(named[k].name);
            if (rest >= n && strncmp(e, named[k].name, n) == 0) {
                sg_buf_putc(b, named[k].c);
                i += n;
                done = true;
            }
        }
        if (!done && rest >= 2 && e[0] == '#') {
            bool hex = e[1] == 'x' || e[1] == 'X';
            size_t j = hex ? 2 : 1;
            unsigned long cp = 0;
            size_t digits = 0;
            for (; j < rest && digits < 8; j++, digits++) {
                char d = e[j];
                int v = d >= '0' && d <= '9'             ? d - '0'
                        : hex && d >= 'a' && d <= 'f' ? d - 'a' + 10
                        : hex && d >= 'A' && d <= 'F' ? d - 'A' + 10
                                                      : -1;
                if (v < 0)
                    break;
                cp = cp * (hex ? 16 : 10) + (unsigned long)v;
            }
            if (digits && j < rest && e[j] == ';') {
                put_utf8(b, cp);
                i += j + 1;
                done = true;
            }
        }
        if (!done)
            sg_buf_putc(b, c);
    }
}

/* Whether LINK (as a browser reads it, references decoded) may reach a
 * picture: made only of the characters of a URL (RFC 3986), so that no
 * quote, space, backslash (Graphviz's \N and the like, which put a name
 * in) or markup is in it, and with a scheme of http, https or mailto or
 * none at all.  "javascript:" and "data:" links run or show whatever
 * they hold when clicked. */
static bool link_ok(const char *link, size_t len, bool amp_ok)
{
    sg_buf b;
    sg_buf_init(&b);
    xml_decode(&b, link, len);
    bool ok = !b.failed;
    const char *v = b.data ? b.data : "";
    for (size_t i = 0; ok && i < b.len; i++)
        ok = isalnum((unsigned char)v[i]) ||
             strchr("-._~:/?#[]@!$'()*+,;=%", v[i]) != NULL ||
             (amp_ok && v[i] == '&');
    /* The scheme is what comes before the first ':', if no '/', '?' or
     * '#' comes before it. */
    size_t colon = strcspn(v, ":/?#");
    if (ok && v[colon] == ':') {
        ok = (colon == 4 && strncasecmp(v, "http", 4) == 0) ||
             (colon == 5 && strncasecmp(v, "https", 5) == 0) ||
             (colon == 6 && strncasecmp(v, "mailto", 6) == 0);
    }
    sg_buf_free(&b);
    return ok;
}

/* Whether the '&' at S[0] begins a reference that an XML reader decodes
 * (&amp; and the like, &#38;, &#x26;). */
static bool is_reference(const char *s)
{
    static const char *const named[] = {"&lt;", "&gt;", "&amp;", "&quot;",
                                        "&apos;"};
    for (size_t k = 0; k < 5; k++)
        if (strncmp(s, named[k], strlen(named[k])) == 0)
            return true;
    if (s[1] != '#')
        return false;
    bool hex = s[2] == 'x' || s[2] == 'X';
    size_t i = hex ? 3 : 2, start = i;
    while (hex ? isxdigit((unsigned char)s[i]) : isdigit((unsigned char)s[i]))
        i++;
    return i > start && s[i] == ';';
}

/* LINK with every '&' that begins no reference written as "&amp;": Graphviz
 * copies a link into SVG as it is, where a bare '&' (the query of
 * "a?b=1&c=2") makes the picture no XML at all.  A new string, or NULL
 * when LINK needs no change or memory runs out (*FAILED then true). */
static char *escape_bare_amps(const char *link, bool *failed)
{
    *failed = false;
    size_t extra = 0;
    for (const char *p = link; (p = strchr(p, '&')) != NULL; p++)
        extra += is_reference(p) ? 0 : 4;
    if (extra == 0)
        return NULL;
    char *out = malloc(strlen(link) + extra + 1), *o = out;
    if (!out) {
        *failed = true;
        return NULL;
    }
    for (const char *p = link; *p; p++) {
        if (*p == '&' && !is_reference(p)) {
            memcpy(o, "&amp;", 5);
            o += 5;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    return out;
}

/* Whether NAME (references decoded) is a font name Graphviz may copy into
 * SVG as it is: no quotes, markup, ampersands, backslashes or control
 * characters. */
static bool font_ok(const char *name, size_t len)
{
    sg_buf b;
    sg_buf_init(&b);
    xml_decode(&b, name, len);
    bool ok = !b.failed && b.len <= 200;
    for (size_t i = 0; ok && i < b.len; i++) {
        unsigned char c = (unsigned char)b.data[i];
        ok = c >= 0x20 && c != 0x7F && !strchr("\"'<>&\\`", (char)c);
    }
    sg_buf_free(&b);
    return ok;
}

/* ---- HTML-like labels ---------------------------------------------------- */

/* XML's white space, which may stand around '=' and between attributes. */
static bool xml_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool word_is(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(s, word, len) == 0;
}

/*
 * Checks an HTML-like label the way Graphviz's lexer reads it: its tags are
 * XML, parsed by expat, so attributes are found with any XML white space
 * around their '=', values in quotes of either kind, with entities and
 * character references decoded; names match without regard to case.
 * Colours (BGCOLOR, COLOR) must be colours, an image (IMG) is refused,
 * and so is a FONT FACE that is no font name; an HREF that may not reach a
 * picture (see link_ok) is dropped: *CLEANED, when not NULL, receives the
 * label without it (a new string; NULL when nothing is dropped).  Returns
 * true when the label passes, or else false with *BAD saying why.  A tag
 * that is not well-formed is passed over: expat refuses it, and Graphviz
 * then draws the label as plain text, which sgviz refuses in turn.
 */
static bool html_label_ok(const char *s, const char **bad, char **cleaned)
{
    sg_buf out;
    sg_buf_init(&out);
    const char *copied = s; /* the label up to here is in OUT */
    bool dropped = false, ok = true;
    const char *p = s;
    while (ok && (p = strchr(p, '<')) != NULL) {
        if (strncmp(p, "<!--", 4) == 0) {
            const char *end = strstr(p + 4, "-->");
            p = end ? end + 3 : p + strlen(p);
            continue;
        }
        p++;
        if (*p == '/' || *p == '!' || *p == '?') {
            p += strcspn(p, ">");
            continue;
        }
        const char *elem = p;
        while (*p && !xml_space(*p) && *p != '/' && *p != '>')
            p++;
        size_t elen = (size_t)(p - elem);
        if (word_is(elem, elen, "img")) {
            *bad = "holds an image, which sgviz does not draw";
            ok = false;
            break;
        }
        for (;;) {
            const char *attr = p;
            while (xml_space(*p))
                p++;
            if (!*p || *p == '>' || *p == '/')
                break;
            const char *name = p;
            while (*p && !xml_space(*p) && *p != '=' && *p != '>' && *p != '/')
                p++;
            size_t nlen = (size_t)(p - name);
            while (xml_space(*p))
                p++;
            if (*p != '=')
                break;
            p++;
            while (xml_space(*p))
                p++;
            if (*p != '"' && *p != '\'')
                break;
            char quote = *p++;
            const char *value = p;
            const char *end = strchr(p, quote);
            if (!end)
                break;
            size_t vlen = (size_t)(end - value);
            p = end + 1;
            if (word_is(name, nlen, "bgcolor") || word_is(name, nlen, "color") ||
                word_is(name, nlen, "pencolor")) {
                sg_buf v;
                sg_buf_init(&v);
                xml_decode(&v, value, vlen);
                ok = !v.failed && v.len <= VALUE_MAX &&
                     is_color_list(v.data ? v.data : "");
                sg_buf_free(&v);
                if (!ok)
                    *bad = "holds a colour that is not one (colours look "
                           "like red, #c0392b or red;0.3:blue)";
            } else if (word_is(name, nlen, "face")) {
                ok = font_ok(value, vlen);
                if (!ok)
                    *bad = "holds a font name with quotes or markup in it";
            } else if (word_is(name, nlen, "href") &&
                       !link_ok(value, vlen, false)) {
                /* The attribute goes, from the space before it to its
                 * closing quote.  Graphviz writes an HREF's decoded text
                 * into SVG, where an '&' would end the picture's XML, so
                 * a link with one goes too. */
                sg_buf_add(&out, copied, (size_t)(attr - copied));
                copied = p;
                dropped = true;
            }
            if (!ok)
                break;
        }
        p += strcspn(p, ">");
    }
    *cleaned = NULL;
    if (ok && dropped) {
        sg_buf_puts(&out, copied);
        if (!out.failed) {
            *cleaned = out.data;
            return true;
        }
        *bad = "could not be cleaned of its links (out of memory)";
        ok = false;
    }
    sg_buf_free(&out);
    return ok;
}

/* ---- the check -------------------------------------------------------- */

static const char *expected(const attr_rule *r, char *buf, size_t size)
{
    switch (r->kind) {
    case V_COLOR:
        return "a colour such as red or #c0392b";
    case V_COLOR_LIST:
        return "a colour such as red or #c0392b, or a list such as "
               "red;0.3:blue";
    case V_NUMBER:
        snprintf(buf, size, "a number from %g to %g", r->lo, r->hi);
        return buf;
    case V_POINT:
        snprintf(buf, size, "a number from %g to %g, or two as \"x,y\"",
                 r->lo, r->hi);
        return buf;
    case V_STYLE:
        return "made of style words such as filled, dashed, bold, rounded";
    case V_SHAPE:
        return "a polygon shape such as circle, box, doublecircle, diamond";
    case V_ARROW:
        return "an arrow name such as normal, vee, dot, none";
    case V_FONT:
        return "a font name (without quotes, markup or backslashes)";
    case V_WORD:
        snprintf(buf, size, "one of %s", r->words);
        return buf;
    default:
        return "shorter text";
    }
}

/* Whether V is of the form rule R asks for; when it is not, *WHY may say
 * more than expected() does.  *CLEANED receives a new string when V passes
 * but with a part dropped (a link), or NULL. */
static bool value_ok(const attr_rule *r, const char *v, bool html,
                     const char **why, char **cleaned, char *whybuf,
                     size_t whysize)
{
    size_t len = strlen(v);
    *why = NULL;
    *cleaned = NULL;
    if (len > (r->kind == V_LABEL ? LABEL_MAX : VALUE_MAX)) {
        *why = "is too long";
        return false;
    }
    switch (r->kind) {
    case V_COLOR:
    case V_COLOR_LIST: {
        /* A colour is passed on as Graphviz takes it; *WHY says what is
         * wrong with one it would paint black. */
        sg_buf out;
        sg_buf_init(&out);
        bool ok = r->kind == V_COLOR
                      ? color_check(v, len, &out, whybuf, whysize)
                      : color_list_check(v, &out, whybuf, whysize);
        sg_buf_putc(&out, '\0');
        if (ok && out.failed) {
            sg_buf_free(&out);
            *why = "could not be read (out of memory)";
            return false;
        }
        if (!ok) {
            sg_buf_free(&out);
            *why = whybuf;
            return false;
        }
        if (strcmp(out.data, v) != 0)
            *cleaned = out.data;
        else
            sg_buf_free(&out);
        return true;
    }
    case V_NUMBER: return number_in(v, len, r->lo, r->hi);
    case V_POINT: {
        const char *comma = strchr(v, ',');
        if (!comma)
            return number_in(v, len, r->lo, r->hi);
        return number_in(v, (size_t)(comma - v), r->lo, r->hi) &&
               number_in(comma + 1, strlen(comma + 1), r->lo, r->hi);
    }
    case V_STYLE: return is_style(v);
    case V_SHAPE: return is_shape(v);
    case V_ARROW: return is_arrow(v);
    case V_WORD: return word_in(v, len, r->words);
    case V_LABEL: return !html || html_label_ok(v, why, cleaned);
    case V_LINK:
        /* A link that may not reach a picture is dropped, not refused:
         * the drawing is still what the file describes. */
        if (link_ok(v, len, true)) {
            bool failed;
            *cleaned = escape_bare_amps(v, &failed);
            if (failed)
                *why = "could not be escaped (out of memory)";
            return !failed;
        }
        *cleaned = strdup("");
        if (!*cleaned)
            *why = "could not be dropped (out of memory)";
        return *cleaned != NULL;
    case V_FONT: return font_ok(v, len);
    case V_TEXT: return true;
    }
    return false;
}

sg_status sg_attr_check(sg_ctx *ctx, int kind, const char *name,
                        const char *value, bool html, const char *origin,
                        const char *owner, bool *keep, char **cleaned)
{
    *keep = false;
    *cleaned = NULL;
    const attr_rule *r = rule_of(kind, name);
    if (!r)
        return SG_OK;
    if (!*value) {
        *keep = true;
        return SG_OK;
    }
    const char *why;
    char whybuf[320];
    if (value_ok(r, value, html, &why, cleaned, whybuf, sizeof whybuf)) {
        *keep = !*cleaned || **cleaned;
        return SG_OK;
    }
    char shown[96], buf[96];
    sg_quote(value, strlen(value), shown, sizeof shown);
    if (why == whybuf)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s: %s \"%s\": %s", origin,
                           owner, name, shown, why);
    if (why)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s: %s \"%s\" %s", origin,
                           owner, name, shown, why);
    return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s: %s \"%s\" is not %s", origin,
                       owner, name, shown, expected(r, buf, sizeof buf));
}

bool sg_attr_passes(int kind, const char *name)
{
    return rule_of(kind, name) != NULL;
}
