/*
 * test_tikz.c - drawings as TikZ pictures: the same layout as the SVG of
 * the same drawing (every node's and move's shapes and every line of text
 * at the SVG's coordinates, in every layout), one style per kind of node
 * and move with P, N and winning moves told apart by a brute force written
 * here, a DOT game's own colour kept as an override of its style, text
 * escaped for LaTeX, and several looks of one drawing collected into one
 * picture.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.h"
#include "sgviz.h"
#include "tikz.h"

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

static sg_game *spec_game(const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

static sg_game *dot_game(const char *text)
{
    char path[] = "/tmp/sgviz-tikz-XXXXXX.dot";
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    sg_game *g = sg_game_read_dot(ctx, path);
    unlink(path);
    if (!g)
        fail_msg("dot game: %s", sg_ctx_message(ctx));
    return g;
}

static sg_drawing *draw(const sg_game *g, uint64_t last,
                        const sg_drawing_opts *opts)
{
    sg_drawing *d = sg_drawing_new(ctx, g, last, opts);
    if (!d)
        fail_msg("drawing: %s", sg_ctx_message(ctx));
    return d;
}

static char *render(sg_drawing *d, const char *format)
{
    char *data = NULL;
    size_t n = 0;
    if (sg_drawing_render_data(ctx, d, format, &data, &n) != SG_OK)
        fail_msg("render %s: %s", format, sg_ctx_message(ctx));
    assert_int_equal(strlen(data), n);
    return data;
}

/* ---- reading both pictures back --------------------------------------- */

/* What one object (a node or a move) of a picture holds: its shapes, and
 * the points where its lines of text stand (Graphviz's coordinates, y
 * upwards). */
typedef struct shape_list {
    int shapes;
    double tx[16], ty[16];
    int texts;
} shape_list;

static int count_from(const char *p, const char *end, const char *what)
{
    int n = 0;
    size_t len = strlen(what);
    while ((p = strstr(p, what)) != NULL && p < end) {
        n++;
        p += len;
    }
    return n;
}

/* Object ID of the SVG: the group <g id="ID" ...>...</g>. */
static bool svg_object(const char *svg, const char *id, shape_list *out)
{
    char key[96];
    snprintf(key, sizeof key, "<g id=\"%s\" ", id);
    const char *p = strstr(svg, key);
    if (!p)
        return false;
    const char *end = strstr(p, "</g>");
    memset(out, 0, sizeof *out);
    out->shapes = count_from(p, end, "<ellipse") +
                  count_from(p, end, "<polygon") +
                  count_from(p, end, "<path") +
                  count_from(p, end, "<polyline");
    for (const char *t = p; (t = strstr(t, "<text")) && t < end; t++) {
        const char *x = strstr(t, " x=\""), *y = strstr(t, " y=\"");
        out->tx[out->texts] = strtod(x + 4, NULL);
        out->ty[out->texts] = -strtod(y + 4, NULL);
        out->texts++;
    }
    return true;
}

/* Object ID of the TikZ picture: the lines after "% ID" up to the next
 * comment or the end. */
static bool tikz_object(const char *tikz, const char *id, shape_list *out)
{
    char key[96];
    snprintf(key, sizeof key, "\n%% %s\n", id);
    const char *p = strstr(tikz, key);
    if (!p)
        return false;
    p += strlen(key);
    const char *end = strstr(p, "\n%");
    if (!end)
        end = strstr(p, "\\end{tikzpicture}");
    memset(out, 0, sizeof *out);
    out->shapes = count_from(p, end, "\\path[");
    for (const char *t = p; (t = strstr(t, "\\node[")) && t < end; t++) {
        const char *at = strstr(t, "] at (");
        out->tx[out->texts] = strtod(at + 6, NULL);
        out->ty[out->texts] = strtod(strchr(at + 6, ',') + 1, NULL);
        out->texts++;
    }
    return true;
}

/* Every position's and every move's shapes and text, as the SVG of the
 * same drawing has them. */
static void check_same_as_svg(sg_drawing *d, const char *what)
{
    char *svg = render(d, "svg");
    char *tikz = render(d, "tikz");
    int objects = 0;
    for (const char *g = svg; (g = strstr(g, "<g id=\"")) != NULL; g++) {
        char id[64];
        size_t n = strcspn(g + 7, "\"");
        if (n >= sizeof id)
            continue;
        memcpy(id, g + 7, n);
        id[n] = '\0';
        if (strcmp(id, "graph0") == 0)
            continue;
        shape_list s = {0}, t = {0};
        assert_true(svg_object(svg, id, &s));
        if (!tikz_object(tikz, id, &t))
            fail_msg("%s: %s is in the SVG, not in the TikZ picture", what,
                     id);
        if (s.shapes != t.shapes || s.texts != t.texts)
            fail_msg("%s: %s has %d shapes and %d texts in the SVG, %d and "
                     "%d in TikZ", what, id, s.shapes, s.texts, t.shapes,
                     t.texts);
        for (int i = 0; i < s.texts; i++)
            if (fabs(s.tx[i] - t.tx[i]) > 0.011 ||
                fabs(s.ty[i] - t.ty[i]) > 0.011)
                fail_msg("%s: %s text %d at (%g,%g) in the SVG, (%g,%g) in "
                         "TikZ", what, id, i, s.tx[i], s.ty[i], t.tx[i],
                         t.ty[i]);
        objects++;
    }
    assert_true(objects > 3);
    free(svg);
    free(tikz);
}

static void same_layout_as_svg(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_drawing_opts o = {.layout = SG_LAYOUT_LINE, .highlight_wins = 1,
                         .edge_labels = 1};
    sg_drawing *d = draw(g, 12, &o);
    check_same_as_svg(d, "line");
    sg_drawing_free(d);
    sg_game_free(g);

    g = spec_game("pow2");
    sg_drawing_opts grid = {.layout = SG_LAYOUT_GRID, .highlight_wins = 1};
    d = draw(g, 60, &grid);
    check_same_as_svg(d, "grid");
    sg_drawing_free(d);
    sg_game_free(g);

    g = dot_game("digraph { node [shape=box]; a -> b -> c; a -> c; "
                 "d -> a [style=dashed]; e [label=\"end\\nhere\"]; "
                 "e -> d }");
    sg_drawing_opts dot = {.layout = SG_LAYOUT_DOT};
    d = draw(g, UINT64_MAX, &dot);
    check_same_as_svg(d, "dot");
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- styles -------------------------------------------------------------- */

/* The style name of the first path or node after "% ID". */
static void first_style(const char *tikz, const char *id, char *buf,
                        size_t size)
{
    char key[64];
    snprintf(key, sizeof key, "\n%% %s\n", id);
    const char *p = strstr(tikz, key);
    if (!p)
        fail_msg("no object %s", id);
    p = strchr(p + strlen(key), '[') + 1;
    size_t n = strcspn(p, ",]");
    snprintf(buf, size, "%.*s", (int)n, p);
}

static void styles_follow_values(void **state)
{
    (void)state;
    const unsigned amounts[] = {1, 3, 4};
    unsigned *sg = brute_force(amounts, 3, 20);
    sg_game *g = spec_game("1,3,4");
    sg_drawing_opts o = {.highlight_wins = 1};
    sg_drawing *d = draw(g, 20, &o);
    char *tikz = render(d, "tikz");
    /* Each style is defined once, in the picture's options, before the
     * first path. */
    const char *first_path = strstr(tikz, "\\path[");
    static const char *const defined[] = {"sgviz P/.style=", "sgviz N/.style=",
                                          "sgviz win/.style=",
                                          "sgviz move/.style=",
                                          "sgviz P text/.style="};
    for (size_t i = 0; i < sizeof defined / sizeof defined[0]; i++) {
        const char *at = strstr(tikz, defined[i]);
        if (!at || at > first_path || strstr(at + 1, defined[i]))
            fail_msg("%s is not defined once at the top", defined[i]);
    }
    char id[32], style[64];
    for (unsigned x = 0; x <= 20; x++) {
        snprintf(id, sizeof id, "p%u", x);
        first_style(tikz, id, style, sizeof style);
        assert_string_equal(style, sg[x] == 0 ? "sgviz P" : "sgviz N");
        for (unsigned i = 0; i < 3; i++) {
            if (amounts[i] > x)
                continue;
            unsigned y = x - amounts[i];
            snprintf(id, sizeof id, "m%u_%u", x, y);
            first_style(tikz, id, style, sizeof style);
            assert_string_equal(style, sg[y] == 0 ? "sgviz win" : "sgviz move");
        }
    }
    /* The theme's values sit in the styles, not on every path: the P
     * circles name their style and nothing else. */
    assert_non_null(strstr(tikz, "\n% p0\n\\path[sgviz P] ("));
    free(tikz);
    sg_drawing_free(d);
    sg_game_free(g);
    free(sg);
}

/* A DOT game's own look of one node (a pen the theme's N style leaves
 * alone) stays on that node, after its style; the style keeps what the
 * other nodes share. */
static void own_looks_override(void **state)
{
    (void)state;
    sg_game *g = dot_game("digraph { a -> b -> c; a -> c; d -> a; "
                          "b [penwidth=3] }");
    sg_drawing *d = draw(g, UINT64_MAX, NULL);
    char *tikz = render(d, "tikz");
    const char *own = "line width=3bp";
    const char *b = strstr(tikz, "\n% p");
    int seen = 0;
    for (; b; b = strstr(b + 1, "\n% p")) {
        const char *end = strstr(b + 1, "\n%");
        const char *hit = strstr(b, own);
        bool here = hit && (!end || hit < end);
        char name[16];
        sscanf(b + 3, "%15s", name);
        if (name[1] < '0' || name[1] > '9')
            continue; /* the picture's own object */
        /* b is the position numbered 1 (c is 0, b 1, a 2, d 3). */
        if (here != (strcmp(name, "p1") == 0))
            fail_msg("the pen of 3bp is %s %s", here ? "on" : "not on", name);
        seen++;
    }
    assert_int_equal(seen, 4);
    const char *style = strstr(tikz, "sgviz N/.style=");
    assert_non_null(style);
    assert_true(strstr(style, own) == NULL ||
                strstr(style, own) > strchr(style, '\n'));
    free(tikz);
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- text ---------------------------------------------------------------- */

/* Every node's text is LaTeX-safe: a special character comes only as an
 * escape, and the braces balance. */
static void check_text_safe(const char *text)
{
    int depth = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '\\') {
            p++;
            if (strchr("{}_%#&$^~", *p))
                continue;
            static const char *const ok[] = {"textbackslash{}",
                                              "textless{}",
                                              "textgreater{}", "textbar{}"};
            bool known = false;
            for (size_t i = 0; i < 4; i++) {
                size_t n = strlen(ok[i]);
                if (strncmp(p, ok[i], n) == 0) {
                    p += n - 1;
                    known = true;
                }
            }
            if (!known)
                fail_msg("a backslash that is no escape in \"%s\"", text);
            continue;
        }
        if (strchr("%#&$_^~<>|", *p))
            fail_msg("unescaped '%c' in \"%s\"", *p, text);
        if (*p == '{')
            depth++;
        if (*p == '}' && --depth < 0)
            fail_msg("unbalanced braces in \"%s\"", text);
    }
    assert_int_equal(depth, 0);
}

static void text_escaped(void **state)
{
    (void)state;
    sg_game *g = dot_game("digraph { \"50%\" -> \"a_b\" -> \"x\\y\"; "
                          "\"{#}\" -> \"$&^~\"; \"<|>\" -> \"50%\" }");
    sg_drawing *d = draw(g, UINT64_MAX, NULL);
    char *tikz = render(d, "tikz");
    int nodes = 0;
    for (const char *p = tikz; (p = strstr(p, "\\node[")) != NULL; p++) {
        const char *open = strstr(p, ") {") + 3;
        const char *close = strstr(open, "};\n");
        char text[256];
        snprintf(text, sizeof text, "%.*s", (int)(close - open), open);
        check_text_safe(text);
        nodes++;
    }
    assert_true(nodes >= 12);
    static const char *const escaped[] = {
        "{50\\%}", "{a\\_b}", "{x\\textbackslash{}y}", "{\\{\\#\\}}",
        "{\\$\\&\\^{}\\~{}}", "{\\textless{}\\textbar{}\\textgreater{}}"};
    for (size_t i = 0; i < sizeof escaped / sizeof escaped[0]; i++)
        if (!strstr(tikz, escaped[i]))
            fail_msg("no %s in the picture", escaped[i]);
    free(tikz);
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- looks --------------------------------------------------------------- */

/* Two looks of one drawing in one picture: the same objects, a position's
 * commands differing between them, the legend's alike; each look's
 * styles defined once. */
static void looks(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_drawing_opts o = {.step_legend = 1};
    sg_drawing *d = draw(g, 6, &o);
    sg_tikz *t = sg_tikz_new(ctx);
    assert_non_null(t);
    assert_int_equal(sg_tikz_paint(ctx, t, d, 0), SG_OK);
    size_t objects = sg_tikz_object_count(t);
    sg_drawing_reset(d);
    for (uint64_t x = 0; x <= 6; x++) {
        assert_int_equal(sg_drawing_set_node(ctx, d, x, SG_NODE_PENDING),
                         SG_OK);
        assert_int_equal(sg_drawing_set_moves(ctx, d, x, SG_EDGE_PENDING),
                         SG_OK);
    }
    assert_int_equal(sg_tikz_paint(ctx, t, d, 1), SG_OK);
    assert_int_equal(sg_tikz_object_count(t), objects);
    assert_int_equal(sg_tikz_paint(ctx, t, d, SG_TIKZ_LOOKS), SG_EINTERNAL);
    sg_buf a, b, begin;
    sg_buf_init(&begin);
    sg_tikz_write_begin(t, &begin);
    sg_buf_putc(&begin, '\0');
    assert_non_null(strstr(begin.data, "sgviz pending/.style="));
    assert_non_null(strstr(begin.data, "sgviz P/.style="));
    assert_non_null(strstr(begin.data, "sgviz pending move/.style="));
    bool position = false, legend = false;
    for (size_t i = 0; i < objects; i++) {
        sg_buf_init(&a);
        sg_buf_init(&b);
        sg_tikz_write_object(t, i, 0, "", &a);
        sg_tikz_write_object(t, i, 1, "", &b);
        sg_buf_putc(&a, '\0');
        sg_buf_putc(&b, '\0');
        const char *name = sg_tikz_object_name(t, i);
        if (strcmp(name, "p3") == 0) {
            assert_string_not_equal(a.data, b.data);
            assert_non_null(strstr(a.data, "[sgviz N"));
            assert_non_null(strstr(b.data, "[sgviz pending"));
            assert_non_null(strstr(b.data, "{sg=?}"));
            position = true;
        }
        if (strcmp(name, "legend_P") == 0) {
            assert_string_equal(a.data, b.data);
            legend = true;
        }
        sg_buf_free(&a);
        sg_buf_free(&b);
    }
    assert_true(position && legend);
    sg_buf_free(&begin);
    sg_tikz_free(t);
    sg_drawing_free(d);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_layout_as_svg),
        cmocka_unit_test(styles_follow_values),
        cmocka_unit_test(own_looks_override),
        cmocka_unit_test(text_escaped),
        cmocka_unit_test(looks),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
