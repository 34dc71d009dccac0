/*
 * test_render_attr.c - the attributes a user's DOT file may pass to
 * Graphviz, and the forms their values must have.  Several of the refused
 * values made Graphviz 2.42 read through a null pointer when they reached
 * it; they were found by fuzzing and are kept here as regressions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "render_draw.h"

/* Checks one value; returns 1 if kept as it is, 2 if kept cleaned (the
 * cleaned value in *CLEANED, which the caller frees, when not NULL), 0 if
 * dropped, -1 if refused. */
static int verdict_cleaned(int kind, const char *name, const char *value,
                           bool html, char **cleaned)
{
    sg_ctx *ctx = sg_ctx_new();
    bool keep = true;
    char *c = NULL;
    sg_status st = sg_attr_check(ctx, kind, name, value, html, "f.dot",
                                 "node a", &keep, &c);
    int r = st != SG_OK ? -1 : !keep ? 0 : c ? 2 : 1;
    if (st != SG_OK)
        assert_non_null(strstr(sg_ctx_message(ctx), "f.dot: node a: "));
    if (cleaned)
        *cleaned = c;
    else
        free(c);
    sg_ctx_free(ctx);
    return r;
}

static int verdict(int kind, const char *name, const char *value, bool html)
{
    return verdict_cleaned(kind, name, value, html, NULL);
}

static void colours(void **state)
{
    (void)state;
    static const char *const good[] = {
        "red", "#c0392b", "#c0392b80", "0.5,0.3,1", "0.5 0.3 1", "/x11/red",
        "transparent", "red:blue", "red;0.3:blue", "red;0.3:blue;0.7",
        "#fff000:#000fff;1"};
    static const char *const bad[] = {
        ";", "red;", "red:;", ":;", "red;x", "red:", ":red", "#12345",
        "#gg0000", "1.5,0,0", "0.5,0.5", "red;2", "red blue", "red\nblue",
        "whitts es light grey"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (verdict(AGNODE, "fillcolor", good[i], false) != 1)
            fail_msg("fillcolor \"%s\" refused", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (verdict(AGNODE, "fillcolor", bad[i], false) != -1)
            fail_msg("fillcolor \"%s\" accepted", bad[i]);
    /* A font colour is one colour, never a list. */
    assert_int_equal(verdict(AGNODE, "fontcolor", "red:blue", false), -1);
    assert_int_equal(verdict(AGRAPH, "bgcolor", "red;", false), -1);
}

/* Colours that Graphviz does not know, or lists it cannot share out, were
 * passed on, and Graphviz painted them black with no word: "foo",
 * "/blues9/10" past the end of its scheme, a fraction that rounds to 1. */
static void colours_as_graphviz_reads_them(void **state)
{
    (void)state;
    static const struct {
        const char *value, *message;
    } bad[] = {
        {"foo", "t.dot: node P: fillcolor \"foo\": \"foo\" is not a colour "
                "Graphviz knows (a name such as red or darkgreen, #rrggbb, "
                "or /scheme/n such as /blues9/3)"},
        {"/blues9/10", "t.dot: node P: fillcolor \"/blues9/10\": "
                       "\"/blues9/10\" is not a colour Graphviz knows (the "
                       "scheme blues9 has the colours 1 to 9)"},
        {"red;0.999999999999999999999999:blue",
         "t.dot: node P: fillcolor \"red;0.999999999999999999999999:blue\": "
         "the fractions leave nothing of \"blue\"; Graphviz paints such a "
         "list black"},
        {"red;0.7:blue;0.7", "t.dot: node P: fillcolor \"red;0.7:blue;0.7\": "
                             "the fractions add up to more than 1; Graphviz "
                             "paints such a list black"},
        {"red;0.3", "t.dot: node P: fillcolor \"red;0.3\": a fraction is for "
                    "a list of two colours or more (such as red;0.3:blue); "
                    "Graphviz paints one colour with a fraction black"},
        {"red:foo", "t.dot: node P: fillcolor \"red:foo\": \"foo\" is not a "
                    "colour Graphviz knows (a name such as red or darkgreen, "
                    "#rrggbb, or /scheme/n such as /blues9/3)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sg_ctx *ctx = sg_ctx_new();
        bool keep;
        char *cleaned = NULL;
        assert_int_equal(sg_attr_check(ctx, AGNODE, "fillcolor", bad[i].value,
                                       false, "t.dot", "node P", &keep,
                                       &cleaned),
                         SG_EINPUT);
        assert_string_equal(sg_ctx_message(ctx), bad[i].message);
        sg_ctx_free(ctx);
    }
    /* Good colours keep working: names in any case, #rrggbb[aa], HSV,
     * /scheme/n up to the scheme's end, lists shared out as Graphviz
     * does (a bare item takes what is left; "red;0" shares alike). */
    static const char *const good[] = {
        "Red", "darkgreen", "#c0392b", "#c0392b80", "0.6,0.8,0.9",
        "/blues9/1", "/blues9/9", "/accent8/8", "red;0.3:blue", "red:blue",
        "red;0:blue", "red;0.5:blue;0.5", "#fff000:#000fff;1"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (verdict(AGNODE, "fillcolor", good[i], false) != 1)
            fail_msg("fillcolor \"%s\" refused", good[i]);
    /* #rgb and #rgba, which Graphviz 2.42 does not know, are written out;
     * so are spaces around an item, which it would read as part of the
     * name. */
    static const char *const written[][2] = {
        {"#f00", "#ff0000"}, {"#f008", "#ff000088"},
        {" red : #0f0 ", "red:#00ff00"}, {"red;0.3 :blue", "red;0.3:blue"}};
    for (size_t i = 0; i < sizeof written / sizeof written[0]; i++) {
        char *cleaned = NULL;
        assert_int_equal(verdict_cleaned(AGNODE, "fillcolor", written[i][0],
                                         false, &cleaned), 2);
        assert_string_equal(cleaned, written[i][1]);
        free(cleaned);
    }
    assert_int_equal(verdict(AGNODE, "fontcolor", "/blues9/10", false), -1);
    /* In an HTML-like label, a colour Graphviz does not know is refused. */
    assert_int_equal(verdict(AGNODE, "label",
                             "<<table bgcolor=\"foo\"><tr><td>a</td></tr>"
                             "</table>>", true), -1);
}

static void numbers_words_and_shapes(void **state)
{
    (void)state;
    assert_int_equal(verdict(AGNODE, "penwidth", "2.5", false), 1);
    assert_int_equal(verdict(AGNODE, "penwidth", "-5", false), -1);
    assert_int_equal(verdict(AGNODE, "fontsize", "1e300", false), -1);
    assert_int_equal(verdict(AGNODE, "fontsize", "nan", false), -1);
    assert_int_equal(verdict(AGRAPH, "pad", "0.2,0.4", false), 1);
    assert_int_equal(verdict(AGRAPH, "pad", "0.2,x", false), -1);
    assert_int_equal(verdict(AGNODE, "style", "filled,rounded dashed", false),
                     1);
    assert_int_equal(verdict(AGNODE, "style", "setlinewidth(4)", false), -1);
    assert_int_equal(verdict(AGNODE, "shape", "doublecircle", false), 1);
    assert_int_equal(verdict(AGNODE, "shape", "epsf", false), -1);
    assert_int_equal(verdict(AGNODE, "shape", "record", false), -1);
    assert_int_equal(verdict(AGEDGE, "arrowhead", "ovee", false), 1);
    assert_int_equal(verdict(AGEDGE, "arrowhead", "v ee", false), -1);
    assert_int_equal(verdict(AGEDGE, "dir", "both", false), 1);
    assert_int_equal(verdict(AGEDGE, "dir", "sideways", false), -1);
}

static void dropped_and_empty(void **state)
{
    (void)state;
    /* Attributes that do not style a drawing never reach Graphviz, whatever
     * their value. */
    assert_int_equal(verdict(AGNODE, "image", "/etc/passwd", false), 0);
    assert_int_equal(verdict(AGNODE, "shapefile", "x.ps", false), 0);
    assert_int_equal(verdict(AGRAPH, "splines", "ortho", false), 0);
    assert_int_equal(verdict(AGNODE, "sides", "100000000", false), 0);
    assert_false(sg_attr_passes(AGNODE, "image"));
    assert_true(sg_attr_passes(AGNODE, "fillcolor"));
    assert_false(sg_attr_passes(AGRAPH, "fillcolor"));
    /* An empty value is Graphviz's own default. */
    assert_int_equal(verdict(AGNODE, "fillcolor", "", false), 1);
}

static void html_labels(void **state)
{
    (void)state;
    assert_int_equal(verdict(AGNODE, "label",
                             "<table><tr><td bgcolor=\"#ff0000\">a</td></tr>"
                             "</table>",
                             true),
                     1);
    assert_int_equal(verdict(AGNODE, "label",
                             "<table><tr><td BGCOLOR='red;'>a</td></tr>"
                             "</table>",
                             true),
                     -1);
    assert_int_equal(verdict(AGNODE, "label",
                             "<font color=\"red;x\">a</font>", true),
                     -1);
    assert_int_equal(verdict(AGNODE, "label", "<IMG SRC=\"/etc/passwd\"/>",
                             true),
                     -1);
    /* The same text as a plain label is only text. */
    assert_int_equal(verdict(AGNODE, "label", "<img src=\"x\"/> bgcolor=\";\"",
                             false),
                     1);
}

/* Colours in HTML-like labels are found as Graphviz's XML lexer finds
 * them: any XML white space around '=', quotes of either kind, entities
 * and character references decoded, names in any case.  Each of these
 * reached Graphviz's colour parser as "red;" and crashed it. */
static void html_attributes_as_xml_reads_them(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "<table BGCOLOR\n=\"red;\"><tr><td>a</td></tr></table>",
        "<table bgcolor\t=\t'red;'><tr><td>a</td></tr></table>",
        "<table\r\nbgcolor\r\n=\r\n\"red;\"><tr><td>a</td></tr></table>",
        "<table><tr><td bgcolor=\"red&#59;\">a</td></tr></table>",
        "<table><tr><td bgcolor=\"red&#x3B;\">a</td></tr></table>",
        "<table><tr><td BgCoLoR = 'red;0.3:'>a</td></tr></table>",
        "<table><tr><td color='red;'>a</td></tr></table>",
        "<font\ncolor\n=\n'red;'>a</font>",
        "<table border=\"1\" bgcolor=\"red;\"><tr><td>a</td></tr></table>",
        "<img\nsrc='x.png'/>",
        "<IMG\tSRC=\"x.png\"/>"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (verdict(AGNODE, "label", bad[i], true) != -1)
            fail_msg("label \"%s\" accepted", bad[i]);
    static const char *const good[] = {
        "<table bgcolor\n=\n'red;0.3:blue'><tr><td>a</td></tr></table>",
        ("<table><tr><td bgcolor=\"#ff0000\">x &lt; y; bgcolor=;</td></tr>"
         "</table>"),
        "<!-- bgcolor=\"red;\" --><b>a</b>",
        "<table><tr><td title=\"bgcolor='red;'\">a</td></tr></table>"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (verdict(AGNODE, "label", good[i], true) != 1)
            fail_msg("label \"%s\" refused", good[i]);
}

/* Links reach a picture with a scheme of http, https or mailto, or none;
 * any other (javascript:, data:, however spelt or disguised) is dropped,
 * and so is any link with a character that would end the attribute
 * Graphviz writes it into, or with one of Graphviz's escapes (\N puts a
 * node's name in, and a name may be anything). */
static void links(void **state)
{
    (void)state;
    static const char *const kept[] = {
        "http://example.org/a?b=c&amp;d=e#f", "https://example.org/",
        "HTTPS://example.org/", "mailto:lecturer@example.org", "page.html",
        "../notes/games.html#kayles", "#step=3", "/abs/path", "?q=1",
        "a/b:c", "http://example.org/%22x%22", "&amp;"};
    static const char *const dropped[] = {
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)",
        "java\tscript:alert(1)", "java\nscript:alert(1)",
        "jav&#97;script:alert(1)", "&#106;avascript:alert(1)",
        "javascript&#58;alert(1)", "data:text/html,<script>x</script>",
        "data:image/svg+xml;base64,PHN2Zz4=", "vbscript:x", "file:///etc/passwd",
        "http://x/\" onclick=\"alert(1)", "http://x/&quot; onclick=&quot;x",
        "http://x/<b>", "http://x/\\N", "\\N", "http://x/ y", "caf\xc3\xa9"};
    for (int kind = AGNODE; kind <= AGEDGE; kind++) {
        for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
            if (verdict(kind, "URL", kept[i], false) != 1 ||
                verdict(kind, "href", kept[i], false) != 1)
                fail_msg("link \"%s\" dropped", kept[i]);
        }
        for (size_t i = 0; i < sizeof dropped / sizeof dropped[0]; i++) {
            if (verdict(kind, "URL", dropped[i], false) != 0 ||
                verdict(kind, "href", dropped[i], false) != 0)
                fail_msg("link \"%s\" kept", dropped[i]);
        }
    }
    /* Graphviz copies a link into SVG as it is: a bare '&' (a query's)
     * is written "&amp;", so that the picture stays XML; references stay
     * as they are. */
    static const struct {
        const char *link, *written;
    } escaped[] = {
        {"http://example.org/a?b=c&d=e#f",
         "http://example.org/a?b=c&amp;d=e#f"},
        {"z?a=1&b=2&#38;c&#x26;d&", "z?a=1&amp;b=2&#38;c&#x26;d&amp;"},
        {"&&amp;&#;", "&amp;&amp;&amp;#;"}};
    for (size_t i = 0; i < sizeof escaped / sizeof escaped[0]; i++) {
        char *written = NULL;
        assert_int_equal(verdict_cleaned(AGNODE, "URL", escaped[i].link,
                                         false, &written),
                         2);
        assert_string_equal(written, escaped[i].written);
        free(written);
    }
    /* An HREF in an HTML-like label is written decoded, so one with an
     * '&' goes: it would end the picture's XML. */
    char *dropped_amp = NULL;
    assert_int_equal(verdict_cleaned(AGNODE, "label",
                                     "<table href=\"x?a=1&amp;b=2\"><tr><td>"
                                     "a</td></tr></table>",
                                     true, &dropped_amp),
                     2);
    assert_string_equal(dropped_amp, "<table><tr><td>a</td></tr></table>");
    free(dropped_amp);
    /* In an HTML-like label the HREF goes and the rest stays. */
    char *cleaned = NULL;
    assert_int_equal(verdict_cleaned(AGNODE, "label",
                                     "<table><tr><td HREF\n=\n'jav&#97;script:"
                                     "x()' bgcolor=\"red\">a</td><td href=\""
                                     "http://ok/\">b</td></tr></table>",
                                     true, &cleaned),
                     2);
    assert_string_equal(cleaned, "<table><tr><td bgcolor=\"red\">a</td><td "
                                 "href=\"http://ok/\">b</td></tr></table>");
    free(cleaned);
    assert_int_equal(verdict(AGNODE, "label", "<table href=\"https://a/\">"
                             "<tr><td>a</td></tr></table>", true),
                     1);
}

/* Font names are copied into SVG as they are: no quotes or markup. */
static void font_names(void **state)
{
    (void)state;
    assert_int_equal(verdict(AGNODE, "fontname", "DejaVu Sans", false), 1);
    assert_int_equal(verdict(AGNODE, "fontname", "Helvetica-Bold", false), 1);
    assert_int_equal(verdict(AGNODE, "fontname", "\xe6\x96\x87\xe6\xb3\x89"
                             "\xe9\xa9\xbf", false), 1);
    assert_int_equal(verdict(AGNODE, "fontname", "X\" onload=\"alert(1)",
                             false), -1);
    assert_int_equal(verdict(AGEDGE, "labelfontname", "<b>", false), -1);
    assert_int_equal(verdict(AGRAPH, "fontname", "A&B", false), -1);
    assert_int_equal(verdict(AGNODE, "label", "<font face=\"X&quot; onmouse"
                             "over=&quot;alert(1)\">a</font>", true), -1);
    assert_int_equal(verdict(AGNODE, "label", "<font face='Times'>a</font>",
                             true), 1);
}

static void messages(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    bool keep;
    char *cleaned;
    assert_int_equal(sg_attr_check(ctx, AGNODE, "fillcolor", "red;", false,
                                   "theme.dot", "node P", &keep, &cleaned),
                     SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx),
                        "theme.dot: node P: fillcolor \"red;\": the fraction "
                        "\"\" is not a number from 0 to 1");
    assert_int_equal(sg_attr_check(ctx, AGEDGE, "penwidth", "99", false,
                                   "g.dot", "edge a -> b", &keep, &cleaned),
                     SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "g.dot: edge a -> b: penwidth "
                        "\"99\" is not a number from 0 to 50");
    sg_ctx_free(ctx);
}

/* The whole path: a theme and a DOT game with a value that crashed
 * Graphviz are refused before anything is drawn. */
static void crashing_values_never_reach_graphviz(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    char path[] = "/tmp/sgviz-attr-XXXXXX";
    int fd = mkstemp(path);
    const char *theme = "graph{h[e=\"\"]node[fillcolor=\";\"h=8]N[r=\"\"]}";
    assert_true(write(fd, theme, strlen(theme)) > 0);
    close(fd);
    char dot[64];
    snprintf(dot, sizeof dot, "%s.dot", path);
    rename(path, dot);
    assert_null(sg_theme_load(ctx, dot));
    assert_non_null(strstr(sg_ctx_message(ctx), "fillcolor \";\""));
    FILE *f = fopen(dot, "w");
    fputs("digraph { bgcolor=\"red;\"; a -> b }", f);
    fclose(f);
    sg_game *g = sg_game_read_dot(ctx, dot);
    assert_non_null(g);
    assert_null(sg_drawing_new(ctx, g, 10, NULL));
    assert_non_null(strstr(sg_ctx_message(ctx), "the graph: bgcolor \"red;\""));
    sg_game_free(g);
    unlink(dot);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(colours),
        cmocka_unit_test(colours_as_graphviz_reads_them),
        cmocka_unit_test(numbers_words_and_shapes),
        cmocka_unit_test(dropped_and_empty),
        cmocka_unit_test(html_labels),
        cmocka_unit_test(html_attributes_as_xml_reads_them),
        cmocka_unit_test(links),
        cmocka_unit_test(font_names),
        cmocka_unit_test(messages),
        cmocka_unit_test(crashing_values_never_reach_graphviz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
