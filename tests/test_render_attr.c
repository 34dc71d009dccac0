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

/* Checks one value; returns 1 if kept, 0 if dropped, -1 if refused. */
static int verdict(int kind, const char *name, const char *value, bool html)
{
    sg_ctx *ctx = sg_ctx_new();
    bool keep = true;
    sg_status st = sg_attr_check(ctx, kind, name, value, html, "f.dot",
                                 "node a", &keep);
    int r = st != SG_OK ? -1 : keep ? 1 : 0;
    if (st != SG_OK)
        assert_non_null(strstr(sg_ctx_message(ctx), "f.dot: node a: "));
    sg_ctx_free(ctx);
    return r;
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

static void messages(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    bool keep;
    assert_int_equal(sg_attr_check(ctx, AGNODE, "fillcolor", "red;", false,
                                   "theme.dot", "node P", &keep),
                     SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx),
                        "theme.dot: node P: fillcolor \"red;\" is not a colour "
                        "such as red or #c0392b, or a list such as "
                        "red;0.3:blue");
    assert_int_equal(sg_attr_check(ctx, AGEDGE, "penwidth", "99", false,
                                   "g.dot", "edge a -> b", &keep),
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
        cmocka_unit_test(numbers_words_and_shapes),
        cmocka_unit_test(dropped_and_empty),
        cmocka_unit_test(html_labels),
        cmocka_unit_test(messages),
        cmocka_unit_test(crashing_values_never_reach_graphviz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
