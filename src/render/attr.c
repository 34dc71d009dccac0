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
    {"fontname", G | N | E, V_TEXT, 0, 0, NULL},
    {"labelfontname", E, V_TEXT, 0, 0, NULL},
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
    {"URL", N | E, V_TEXT, 0, 0, NULL},
    {"href", N | E, V_TEXT, 0, 0, NULL},
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

/* One colour: a name (optionally /scheme/name), #rrggbb or #rrggbbaa, or
 * an HSV triple "h,s,v" or "h s v" of numbers from 0 to 1. */
static bool is_color(const char *s, size_t len)
{
    while (len && s[0] == ' ') {
        s++;
        len--;
    }
    while (len && s[len - 1] == ' ')
        len--;
    if (len == 0 || len > 64)
        return false;
    if (s[0] == '#') {
        if (len != 7 && len != 9)
            return false;
        for (size_t i = 1; i < len; i++)
            if (!isxdigit((unsigned char)s[i]))
                return false;
        return true;
    }
    if (isdigit((unsigned char)s[0]) || s[0] == '.') {
        size_t start = 0, parts = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i == len || s[i] == ',' || s[i] == ' ') {
                if (i > start) {
                    if (!number_in(s + start, i - start, 0, 1))
                        return false;
                    parts++;
                }
                start = i + 1;
            }
        }
        return parts == 3;
    }
    for (size_t i = 0; i < len; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '/' && s[i] != '_')
            return false;
    return true;
}

/* A colour list "c1;f1:c2;f2:...": every item a colour, every fraction a
 * number from 0 to 1, no item empty. */
static bool is_color_list(const char *s)
{
    size_t n = strlen(s);
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != ':')
            continue;
        const char *item = s + start;
        size_t len = i - start;
        const char *semi = memchr(item, ';', len);
        if (semi) {
            size_t clen = (size_t)(semi - item);
            if (!is_color(item, clen) ||
                !number_in(semi + 1, len - clen - 1, 0, 1))
                return false;
        } else if (!is_color(item, len)) {
            return false;
        }
        start = i + 1;
    }
    return true;
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

/* An HTML-like label: no images, and every colour attribute of its tags a
 * colour list.  Attribute names are matched without regard to case, as
 * Graphviz does. */
static bool html_label_ok(const char *s, const char **bad)
{
    for (const char *p = s; *p; p++) {
        if (*p == '<' && strncasecmp(p + 1, "img", 3) == 0) {
            *bad = "an image";
            return false;
        }
        bool color = false;
        size_t skip = 0;
        if (strncasecmp(p, "bgcolor", 7) == 0)
            skip = 7, color = true;
        else if (strncasecmp(p, "pencolor", 8) == 0)
            skip = 8, color = true;
        else if (strncasecmp(p, "color", 5) == 0 &&
                 (p == s || !isalpha((unsigned char)p[-1])))
            skip = 5, color = true;
        if (!color)
            continue;
        const char *q = p + skip;
        while (*q == ' ')
            q++;
        if (*q != '=')
            continue;
        q++;
        while (*q == ' ')
            q++;
        if (*q != '"' && *q != '\'')
            continue;
        char quote = *q++;
        const char *end = strchr(q, quote);
        if (!end)
            continue;
        char value[VALUE_MAX + 1];
        size_t len = (size_t)(end - q);
        if (len > VALUE_MAX) {
            *bad = "a colour that is too long";
            return false;
        }
        memcpy(value, q, len);
        value[len] = '\0';
        if (!is_color_list(value)) {
            *bad = "a colour that is not one";
            return false;
        }
        p = end;
    }
    return true;
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
    case V_WORD:
        snprintf(buf, size, "one of %s", r->words);
        return buf;
    default:
        return "shorter text";
    }
}

static bool value_ok(const attr_rule *r, const char *v, bool html,
                     const char **why)
{
    size_t len = strlen(v);
    *why = NULL;
    if (len > (r->kind == V_LABEL ? LABEL_MAX : VALUE_MAX)) {
        *why = "is too long";
        return false;
    }
    switch (r->kind) {
    case V_COLOR: return is_color(v, len);
    case V_COLOR_LIST: return is_color_list(v);
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
    case V_LABEL:
        if (html) {
            const char *bad = NULL;
            if (!html_label_ok(v, &bad)) {
                *why = bad && strcmp(bad, "an image") == 0
                           ? "holds an image, which sgviz does not draw"
                           : "holds a colour that is not one (colours look "
                             "like red, #c0392b or red;0.3:blue)";
                return false;
            }
        }
        return true;
    case V_TEXT: return true;
    }
    return false;
}

sg_status sg_attr_check(sg_ctx *ctx, int kind, const char *name,
                        const char *value, bool html, const char *origin,
                        const char *owner, bool *keep)
{
    *keep = false;
    const attr_rule *r = rule_of(kind, name);
    if (!r)
        return SG_OK;
    if (!*value) {
        *keep = true;
        return SG_OK;
    }
    const char *why;
    if (value_ok(r, value, html, &why)) {
        *keep = true;
        return SG_OK;
    }
    char shown[96], buf[96];
    sg_quote(value, strlen(value), shown, sizeof shown);
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
