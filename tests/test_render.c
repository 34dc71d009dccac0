/*
 * test_render.c - drawings: the graph of small games (nodes, moves, labels,
 * P/N styling) checked against a brute force written here, SVG and PNG
 * rendered in memory, DOT output read back through cgraph, restyling that
 * keeps every position in place, themes, layouts and their bounds, and the
 * messages for missing Graphviz plugins.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cgraph.h>

#include "brute.h"
#include "sgviz.h"

/* ---- helpers ---------------------------------------------------------- */

/* One context for the whole suite, as one serves a whole program: Graphviz
 * 2.42's text layout keeps a pointer into the font names of the first
 * Graphviz context, which a second context in the same process would read
 * after the first was freed. */
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

static size_t brute_moves(const unsigned *amounts, size_t k, size_t n)
{
    size_t m = 0;
    for (size_t x = 0; x <= n; x++)
        for (size_t i = 0; i < k; i++)
            m += amounts[i] <= x;
    return m;
}

static sg_game *spec_game(const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
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

static char *render(sg_drawing *d, const char *format, size_t *len)
{
    char *data = NULL;
    size_t n = 0;
    if (sg_drawing_render_data(ctx, d, format, &data, &n) != SG_OK)
        fail_msg("render %s: %s", format, sg_ctx_message(ctx));
    assert_non_null(data);
    assert_int_equal(data[n], '\0');
    if (len)
        *len = n;
    return data;
}

static size_t count(const char *text, const char *needle)
{
    size_t c = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        c++;
    return c;
}

/* Reads DOT text back through cgraph.  (cgraph needs no GVC to read.) */
static Agraph_t *read_back(const char *dot)
{
    Agraph_t *g = agmemread(dot);
    assert_non_null(g);
    return g;
}

/* cgraph 2.42 takes non-const strings it never writes to. */
#define STR(s) ((char *)(uintptr_t)(const void *)(s))

static const char *attr(void *obj, const char *name)
{
    char *v = agget(obj, STR(name));
    return v ? v : "";
}

static char *write_temp(const char *text, const char *suffix)
{
    char *path = malloc(64);
    snprintf(path, 64, "/tmp/sgviz-test-XXXXXX%s", suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

/* ---- the graph of small games ------------------------------------------ */

/* S = {1,3,4} and S = {2,5,7} up to 20: one node per position, one edge
 * per move, each node labelled x and sg(x) and styled P exactly when
 * sg(x) = 0, all checked against the brute force through the DOT text. */
static void check_subtraction_graph(const char *spec, const unsigned *amounts,
                                    size_t k, size_t n)
{
    sg_game *g = spec_game(spec);
    sg_drawing *d = draw(g, n, NULL);
    unsigned *sg = brute_force(amounts, k, n);
    size_t moves = brute_moves(amounts, k, n);
    assert_int_equal(sg_drawing_node_count(d), n + 1);
    assert_int_equal(sg_drawing_edge_count(d), moves);

    char *dot = render(d, "dot", NULL);
    Agraph_t *back = read_back(dot);
    size_t game_edges = 0;
    for (size_t x = 0; x <= n; x++) {
        char name[32], label[64];
        snprintf(name, sizeof name, "%zu", x);
        Agnode_t *v = agnode(back, name, 0);
        assert_non_null(v);
        snprintf(label, sizeof label, "%zu\\nsg=%u", x, sg[x]);
        assert_string_equal(attr(v, "label"), label);
        const char *cls = attr(v, "class");
        assert_string_equal(cls, sg[x] == 0 ? "P" : "N");
        /* The classic theme: a double border and a dark red fill for P. */
        assert_string_equal(attr(v, "shape"),
                            sg[x] == 0 ? "doublecircle" : "circle");
        assert_string_equal(attr(v, "fillcolor"),
                            sg[x] == 0 ? "#c0392b" : "#d6eaf8");
        /* Every move x -> x - a is there, and no other. */
        size_t out = 0;
        for (Agedge_t *e = agfstout(back, v); e; e = agnxtout(back, e)) {
            unsigned long t = strtoul(agnameof(aghead(e)), NULL, 10);
            int ok = 0;
            for (size_t i = 0; i < k; i++)
                ok |= amounts[i] <= x && t == x - amounts[i];
            assert_true(ok);
            out++;
        }
        size_t want = 0;
        for (size_t i = 0; i < k; i++)
            want += amounts[i] <= x;
        assert_int_equal(out, want);
        game_edges += out;
    }
    assert_int_equal(game_edges, moves);
    agclose(back);
    free(dot);
    free(sg);
    sg_drawing_free(d);
    sg_game_free(g);
}

static void subtraction_graphs(void **state)
{
    (void)state;
    static const unsigned s134[] = {1, 3, 4}, s257[] = {2, 5, 7};
    check_subtraction_graph("1,3,4", s134, 3, 12);
    check_subtraction_graph("2,5,7", s257, 3, 20);
    /* Positions beyond 25 take the grid layout; the graph is the same. */
    check_subtraction_graph("1,3,4", s134, 3, 40);
}

/* pow2 to 1000: the graph of HDU 1847, 8,987 moves, sg(x) = x mod 3. */
static void pow2_thousand(void **state)
{
    (void)state;
    sg_game *g = spec_game("pow2");
    sg_drawing *d = draw(g, 1000, NULL);
    size_t moves = 0;
    for (unsigned x = 0; x <= 1000; x++)
        for (unsigned a = 1; a <= x; a *= 2)
            moves++;
    assert_int_equal(moves, 8987);
    assert_int_equal(sg_drawing_edge_count(d), moves);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_GRID);
    char *svg = render(d, "svg", NULL);
    /* 1001 positions, one in three a P-position (x mod 3 = 0). */
    assert_int_equal(count(svg, "class=\"node P\""), 334);
    assert_int_equal(count(svg, "class=\"node N\""), 667);
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- SVG and PNG in memory -------------------------------------------- */

static void svg_content(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_drawing_opts opts = {.highlight_wins = 1, .edge_labels = 1};
    sg_drawing *d = draw(g, 8, &opts);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_LINE);
    size_t len;
    char *svg = render(d, "svg", &len);
    assert_int_equal(strlen(svg), len);
    assert_non_null(strstr(svg, "<svg"));
    assert_non_null(strstr(svg, "</svg>"));
    /* 0..8 -> sg 0 1 0 1 2 3 2 0 1: P at 0, 2, 7. */
    assert_int_equal(count(svg, "class=\"node P\""), 3);
    assert_int_equal(count(svg, "class=\"node N\""), 6);
    assert_non_null(strstr(svg, ">sg=3</text>"));
    /* The legend names the game and explains the styles. */
    assert_non_null(strstr(svg, "S = {1,3,4}, positions 0..8"));
    assert_non_null(strstr(svg, "P&#45;position: sg = 0"));
    assert_non_null(strstr(svg, "winning move"));
    /* Winning moves are the moves into P-positions: from 1, 3, 4, 5, 6, 8
     * (1-&gt;0; 3-&gt;2, 3-&gt;0; 4-&gt;0; 5-&gt;2; 6-&gt;2; 8-&gt;7). */
    assert_int_equal(count(svg, "class=\"edge win\""), 7);
    /* Edge labels: the amounts 1, 3 and 4. */
    assert_non_null(strstr(svg, ">4</text>"));
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);
}

static void png_signature(void **state)
{
    (void)state;
    if (sg_render_format_check(ctx, "png") == SG_EUNSUPPORTED) {
            skip();
    }
    sg_game *g = spec_game("1,3,4");
    sg_drawing *d = draw(g, 8, NULL);
    size_t len;
    char *png = render(d, "png", &len);
    assert_true(len > 8);
    assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
    free(png);
    if (sg_render_format_check(ctx, "pdf") == SG_OK) {
        char *pdf = render(d, "pdf", &len);
        assert_memory_equal(pdf, "%PDF-", 5);
        free(pdf);
    }
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- restyling keeps the layout ---------------------------------------- */

/* The centre of node ID in an SVG: the cx, cy of its first ellipse. */
static void svg_centre(const char *svg, const char *id, char *out, size_t size)
{
    char key[64];
    snprintf(key, sizeof key, "id=\"%s\"", id);
    const char *p = strstr(svg, key);
    assert_non_null(p);
    p = strstr(p, "<ellipse");
    assert_non_null(p);
    const char *cx = strstr(p, "cx=\"");
    const char *end = strstr(cx, "\" rx=");
    assert_non_null(end);
    snprintf(out, size, "%.*s", (int)(end - cx), cx);
}

static void restyle_keeps_positions(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    for (int layout = SG_LAYOUT_LINE; layout <= SG_LAYOUT_GRID; layout++) {
        sg_drawing_opts opts = {.layout = (sg_layout)layout, .caption = 1};
        sg_drawing *d = draw(g, 10, &opts);
        char *before = render(d, "svg", NULL);
        /* A frame as a step-by-step picture shows it: 0..3 computed, 4
         * being computed with its moves, the rest pending, 10 hidden. */
        for (uint64_t x = 5; x <= 10; x++) {
            assert_int_equal(sg_drawing_set_node(ctx, d, x, SG_NODE_PENDING),
                             SG_OK);
            assert_int_equal(sg_drawing_set_moves(ctx, d, x, SG_EDGE_PENDING),
                             SG_OK);
        }
        assert_int_equal(sg_drawing_set_node(ctx, d, 4, SG_NODE_CURRENT),
                         SG_OK);
        assert_int_equal(sg_drawing_set_moves(ctx, d, 4, SG_EDGE_CURRENT),
                         SG_OK);
        assert_int_equal(sg_drawing_set_node(ctx, d, 3, SG_NODE_TARGET),
                         SG_OK);
        assert_int_equal(sg_drawing_set_move(ctx, d, 9, 8, SG_EDGE_HIDDEN),
                         SG_OK);
        assert_int_equal(sg_drawing_set_node(ctx, d, 10, SG_NODE_HIDDEN),
                         SG_OK);
        assert_int_equal(sg_drawing_set_caption(ctx, d, "sg(4) = mex{1,1,0} = 2"),
                         SG_OK);
        char *after = render(d, "svg", NULL);
        assert_non_null(strstr(after, "class=\"node N current\""));
        assert_non_null(strstr(after, "class=\"node pending\""));
        assert_non_null(strstr(after, ">5</text>"));
        assert_non_null(strstr(after, ">sg=?</text>"));
        assert_non_null(strstr(after, "sg(4) = mex{1,1,0} = 2"));
        assert_int_equal(count(after, "class=\"edge current\"") +
                             count(after, "class=\"edge win current\""),
                         3);
        /* The picture's size and every node's centre are unchanged. */
        const char *vb1 = strstr(before, "viewBox"), *vb2 = strstr(after, "viewBox");
        assert_non_null(vb1);
        assert_memory_equal(vb1, vb2, (size_t)(strchr(vb1, '>') - vb1));
        for (int x = 0; x <= 9; x++) { /* 10 is hidden: no ellipse */
            char id[16], c1[64], c2[64];
            snprintf(id, sizeof id, "p%d", x);
            svg_centre(before, id, c1, sizeof c1);
            svg_centre(after, id, c2, sizeof c2);
            assert_string_equal(c1, c2);
        }
        /* And back to the start. */
        sg_drawing_reset(d);
        char *again = render(d, "svg", NULL);
        assert_string_equal(before, again);
        free(before);
        free(after);
        free(again);
        sg_drawing_free(d);
    }
    sg_game_free(g);
}

/* The group of node pX in SVG, from its <g> to its </g>, in a new
 * string. */
static char *node_group(const char *svg, int x)
{
    char id[32];
    snprintf(id, sizeof id, "<g id=\"p%d\" ", x);
    const char *start = strstr(svg, id);
    assert_non_null(start);
    const char *end = strstr(start, "</g>");
    assert_non_null(end);
    return strndup(start, (size_t)(end - start));
}

/* A position shown with another value than its own (a student's answer)
 * takes that value's style and label, and the moves into it follow; with
 * no value it looks like a position not computed yet, highlighted when it
 * is the current one; a reset brings back the true values. */
static void shown_values(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_drawing_opts opts = {.highlight_wins = 1};
    sg_drawing *d = draw(g, 8, &opts);
    char *before = render(d, "svg", NULL);
    /* sg(6) = 2 (x mod 7 pattern 0 1 0 1 2 3 2); shown as 0, it is P and
     * the moves 7 -> 6 and 9 -> 6 (beyond 8: none) become winning. */
    assert_int_equal(sg_drawing_show_value(ctx, d, 6, 0), SG_OK);
    assert_int_equal(sg_drawing_show_value(ctx, d, 4, 5), SG_OK);
    assert_int_equal(sg_drawing_show_value(ctx, d, 5, SG_VALUE_UNKNOWN),
                     SG_OK);
    assert_int_equal(sg_drawing_set_node(ctx, d, 5, SG_NODE_CURRENT), SG_OK);
    assert_int_equal(sg_drawing_show_value(ctx, d, 3, SG_VALUE_UNKNOWN),
                     SG_OK);
    assert_int_equal(sg_drawing_show_value(ctx, d, 0, SG_VALUE_UNKNOWN),
                     SG_OK);
    char *svg = render(d, "svg", NULL);
    char *n6 = node_group(svg, 6), *n4 = node_group(svg, 4);
    char *n5 = node_group(svg, 5), *n3 = node_group(svg, 3);
    assert_non_null(strstr(n6, "class=\"node P\""));
    assert_non_null(strstr(n6, ">sg=0</text>"));
    assert_non_null(strstr(n4, "class=\"node N\""));
    assert_non_null(strstr(n4, ">sg=5</text>"));
    assert_non_null(strstr(n5, "class=\"node pending current\""));
    assert_non_null(strstr(n5, ">sg=?</text>"));
    assert_non_null(strstr(n3, "class=\"node pending\""));
    assert_non_null(strstr(n3, ">sg=?</text>"));
    assert_non_null(strstr(svg, "<g id=\"m7_6\" class=\"edge win\">"));
    /* 1 -> 0 led to a P-position; 0 now shows no value, so no win. */
    assert_non_null(strstr(before, "<g id=\"m1_0\" class=\"edge win\">"));
    assert_non_null(strstr(svg, "<g id=\"m1_0\" class=\"edge\">"));
    /* 2 -> 1 is unchanged. */
    assert_non_null(strstr(svg, "<g id=\"m2_1\" class=\"edge\">"));
    assert_int_equal(sg_drawing_show_value(ctx, d, 9, 0), SG_EINPUT);
    sg_drawing_reset(d);
    char *again = render(d, "svg", NULL);
    assert_string_equal(before, again);
    free(n6);
    free(n4);
    free(n5);
    free(n3);
    free(svg);
    free(before);
    free(again);
    sg_drawing_free(d);
    sg_game_free(g);
}

static void restyle_errors(void **state)
{
    (void)state;
    sg_game *g = spec_game("3,5");
    sg_drawing_opts opts = {.has_root = 1, .root = 16};
    sg_drawing *d = draw(g, 0, &opts);
    /* From 16 with {3,5}: 16 13 11 10 8 6 5 3 1 0 and so on; never 15. */
    assert_false(sg_drawing_has_position(d, 15));
    assert_int_equal(sg_drawing_set_node(ctx, d, 15, SG_NODE_CURRENT),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "position 15 is not in"));
    assert_int_equal(sg_drawing_set_move(ctx, d, 16, 15, SG_EDGE_CURRENT),
                     SG_EINPUT);
    assert_int_equal(sg_drawing_set_move(ctx, d, 16, 12, SG_EDGE_CURRENT),
                     SG_EINPUT);
    assert_int_equal(sg_drawing_set_move(ctx, d, 16, 13, SG_EDGE_CURRENT),
                     SG_OK);
    /* No caption line was asked for. */
    assert_int_equal(sg_drawing_set_caption(ctx, d, "x"), SG_EINPUT);
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- --from: only what is reachable ------------------------------------ */

static void reachable_from_root(void **state)
{
    (void)state;
    static const unsigned amounts[] = {3, 5};
    const unsigned root = 16;
    /* Reachable positions by a search written here. */
    char reach[17] = {0};
    reach[root] = 1;
    for (int x = root; x >= 0; x--)
        if (reach[x])
            for (int i = 0; i < 2; i++)
                if (amounts[i] <= (unsigned)x)
                    reach[x - amounts[i]] = 1;
    size_t nodes = 0, moves = 0;
    for (unsigned x = 0; x <= root; x++) {
        nodes += reach[x];
        for (int i = 0; i < 2 && reach[x]; i++)
            moves += amounts[i] <= x;
    }
    sg_game *g = spec_game("3,5");
    sg_drawing_opts opts = {.has_root = 1, .root = root};
    sg_drawing *d = draw(g, 100, &opts);
    assert_int_equal(sg_drawing_node_count(d), nodes);
    assert_int_equal(sg_drawing_edge_count(d), moves);
    for (unsigned x = 0; x <= root; x++)
        assert_int_equal(sg_drawing_has_position(d, x), reach[x]);
    char *svg = render(d, "svg", NULL);
    assert_non_null(strstr(svg, "positions reachable from 16"));
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);
}

/* ---- games from DOT files ----------------------------------------------- */

static void dag_game_keeps_file_attributes(void **state)
{
    (void)state;
    char *path = write_temp(
        "digraph { a [label=\"start\", fontcolor=purple]; a -> b -> c;\n"
        "  a -> c [style=dashed]; d -> a }\n", ".dot");
    sg_game *g = sg_game_read_dot(ctx, path);
    assert_non_null(g);
    sg_drawing *d = draw(g, UINT64_MAX, NULL);
    assert_int_equal(sg_drawing_node_count(d), 4);
    assert_int_equal(sg_drawing_edge_count(d), 4);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_DOT);
    char *dot = render(d, "dot", NULL);
    Agraph_t *back = read_back(dot);
    /* c: terminal, P; b -> c: N; a -> {b, c}: sg 2; d -> a: P. */
    Agnode_t *a = agnode(back, STR("a"), 0), *c = agnode(back, STR("c"), 0),
             *dd = agnode(back, STR("d"), 0);
    assert_string_equal(attr(a, "label"), "start\\nsg=2");
    assert_string_equal(attr(a, "fontcolor"), "purple");
    assert_string_equal(attr(a, "class"), "N");
    assert_string_equal(attr(c, "class"), "P");
    assert_string_equal(attr(dd, "class"), "P");
    assert_string_equal(attr(c, "label"), "c\\nsg=0");
    Agedge_t *ac = agedge(back, a, c, NULL, 0);
    assert_non_null(ac);
    assert_string_equal(attr(ac, "style"), "dashed");
    agclose(back);
    free(dot);
    /* Edge labels are amounts, which a DOT game's moves do not have. */
    sg_drawing_opts opts = {.edge_labels = 1};
    assert_null(sg_drawing_new(ctx, g, UINT64_MAX, &opts));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_drawing_free(d);
    sg_game_free(g);
    unlink(path);
    free(path);
}

/* A DOT game may repeat a move: both are drawn, with ids kept apart. */
static void repeated_moves(void **state)
{
    (void)state;
    char *path = write_temp("digraph { a -> b; a -> c; a -> b; c -> b }\n",
                            ".dot");
    sg_game *g = sg_game_read_dot(ctx, path);
    assert_non_null(g);
    sg_drawing *d = draw(g, UINT64_MAX, NULL);
    assert_int_equal(sg_drawing_edge_count(d), 4);
    char *svg = render(d, "svg", NULL);
    /* b is position 0, c 1, a 2. */
    assert_int_equal(count(svg, "id=\"m2_0\""), 1);
    assert_int_equal(count(svg, "id=\"m2_0_1\""), 1);
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);
    unlink(path);
    free(path);
}

/* ---- themes ------------------------------------------------------------- */

static void themes(void **state)
{
    (void)state;
    assert_string_equal(sg_theme_names(), "classic, dark, print");
    sg_game *g = spec_game("1,3,4");
    const char *names[] = {"classic", "print", "dark"};
    const char *pfill[] = {"#c0392b", "#404040", "#f0a04b"};
    for (int i = 0; i < 3; i++) {
        sg_theme *t = sg_theme_load(ctx, names[i]);
        assert_non_null(t);
        sg_drawing_opts opts = {.theme = t};
        sg_drawing *d = draw(g, 8, &opts);
        sg_theme_free(t); /* the drawing keeps its own copy */
        char *svg = render(d, "svg", NULL);
        char fill[64];
        snprintf(fill, sizeof fill, "fill=\"%s\"", pfill[i]);
        assert_non_null(strstr(svg, fill));
        free(svg);
        sg_drawing_free(d);
    }
    /* The greyscale theme uses no colour at all for nodes. */
    sg_theme *print = sg_theme_load(ctx, "print");
    sg_drawing_opts popts = {.theme = print, .highlight_wins = 1};
    sg_drawing *pd = draw(g, 8, &popts);
    char *pdot = render(pd, "dot", NULL);
    Agraph_t *back = read_back(pdot);
    for (Agnode_t *v = agfstnode(back); v; v = agnxtnode(back, v)) {
        const char *f = attr(v, "fillcolor");
        if (*f == '#')
            assert_true(f[1] == f[3] && f[3] == f[5] && f[2] == f[4] &&
                        f[4] == f[6]);
    }
    agclose(back);
    free(pdot);
    sg_drawing_free(pd);
    sg_theme_free(print);

    /* A theme of one's own, as a file. */
    char *path = write_temp("digraph { node [fontname=Courier];\n"
                            "  P [fillcolor=\"#123456\", shape=box];\n"
                            "  N [fillcolor=\"#abcdef\"] }\n", ".dot");
    sg_theme *mine = sg_theme_load(ctx, path);
    assert_non_null(mine);
    sg_drawing_opts mopts = {.theme = mine};
    sg_drawing *md = draw(g, 8, &mopts);
    char *svg = render(md, "svg", NULL);
    assert_non_null(strstr(svg, "fill=\"#123456\""));
    assert_non_null(strstr(svg, "fill=\"#abcdef\""));
    assert_non_null(strstr(svg, "font-family=\"Courier"));
    free(svg);
    sg_drawing_free(md);
    sg_theme_free(mine);
    unlink(path);
    free(path);

    /* What a theme never mentions comes from classic: recolouring P keeps
     * its double border, and N keeps classic's fill. */
    char *small = write_temp("digraph { P [fillcolor=\"#00ff00\"] }\n", ".dot");
    sg_theme *recolour = sg_theme_load(ctx, small);
    assert_non_null(recolour);
    sg_drawing_opts ropts = {.theme = recolour};
    sg_drawing *rd = draw(g, 2, &ropts);
    char *rdot = render(rd, "dot", NULL);
    Agraph_t *rback = read_back(rdot);
    Agnode_t *p0 = agnode(rback, STR("0"), 0), *n1 = agnode(rback, STR("1"), 0);
    assert_string_equal(attr(p0, "fillcolor"), "#00ff00");
    assert_string_equal(attr(p0, "shape"), "doublecircle");
    assert_string_equal(attr(n1, "fillcolor"), "#d6eaf8");
    assert_string_equal(attr(n1, "shape"), "circle");
    agclose(rback);
    free(rdot);
    sg_drawing_free(rd);
    sg_theme_free(recolour);
    unlink(small);
    free(small);

    /* An unknown name, a missing file, and a file that is not DOT. */
    assert_null(sg_theme_load(ctx, "neon"));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "unknown theme \"neon\""));
    assert_non_null(strstr(sg_ctx_message(ctx), "classic, dark, print"));
    assert_null(sg_theme_load(ctx, "/nonexistent/theme.dot"));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT); /* no such file */
    char *bad = write_temp("digraph {\n  P [fillcolor=red\n}\n", ".dot");
    assert_null(sg_theme_load(ctx, bad));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    char want[96];
    snprintf(want, sizeof want, "%s:3: syntax error", bad);
    if (!strstr(sg_ctx_message(ctx), want))
        fail_msg("message: %s", sg_ctx_message(ctx));
    unlink(bad);
    free(bad);
    sg_game_free(g);
}

/* ---- layouts and their bounds ------------------------------------------- */

static void layouts(void **state)
{
    (void)state;
    sg_layout l;
    assert_int_equal(sg_layout_parse(ctx, "grid", &l), SG_OK);
    assert_int_equal(l, SG_LAYOUT_GRID);
    assert_int_equal(sg_layout_parse(ctx, "circle", &l), SG_EINPUT);
    assert_string_equal(sg_layout_name(SG_LAYOUT_LINE), "line");

    /* `auto` takes one row where it fits a slide (no wider than 3:1),
     * and the grid beyond. */
    sg_game *g = spec_game("1,3,4");
    sg_drawing *d = draw(g, 8, NULL);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_LINE);
    sg_drawing_free(d);
    d = draw(g, 12, NULL);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_GRID);
    sg_drawing_free(d);
    d = draw(g, 25, NULL);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_GRID);
    sg_drawing_free(d);
    sg_drawing_opts dot = {.layout = SG_LAYOUT_DOT};
    d = draw(g, 30, &dot);
    assert_int_equal(sg_drawing_layout(d), SG_LAYOUT_DOT);
    char *svg = render(d, "svg", NULL);
    assert_int_equal(count(svg, "class=\"node P\"") +
                         count(svg, "class=\"node N\""),
                     31);
    free(svg);
    sg_drawing_free(d);

    /* Refused, with the size: too long a row, too slow a dot, too large
     * a grid. */
    sg_drawing_opts line = {.layout = SG_LAYOUT_LINE};
    assert_null(sg_drawing_new(ctx, g, 500, &line));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "501 positions"));
    sg_game *p2 = spec_game("pow2");
    assert_null(sg_drawing_new(ctx, p2, 200, &dot));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "grid layout"));
    sg_game *nim = spec_game("all");
    assert_null(sg_drawing_new(ctx, nim, 1000, NULL));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "500500 moves"));
    sg_game_free(nim);
    sg_game_free(p2);
    sg_game_free(g);
}

/* ---- formats and plugins ------------------------------------------------ */

static void formats(void **state)
{
    (void)state;
    assert_string_equal(sg_render_format_of_path("a/b.svg"), "svg");
    assert_string_equal(sg_render_format_of_path("pic.PNG"), "png");
    assert_string_equal(sg_render_format_of_path("x.pdf"), "pdf");
    assert_string_equal(sg_render_format_of_path("g.gv"), "dot");
    assert_string_equal(sg_render_format_of_path("slide.TeX"), "tikz");
    assert_null(sg_render_format_of_path("pic.jpg"));
    assert_null(sg_render_format_of_path("dir.svg/pic"));
    assert_int_equal(sg_render_format_check(ctx, "svg"), SG_OK);
    assert_int_equal(sg_render_format_check(ctx, "dot"), SG_OK);
    assert_int_equal(sg_render_format_check(ctx, "tikz"), SG_OK);
    assert_int_equal(sg_render_format_check(ctx, "jpg"), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "unknown format \"jpg\""));
}

/* With no plugin configuration at all (GVBINDIR names an empty directory,
 * as on a machine where `dot -c` never ran), drawing formats are refused
 * with the command that registers the plugins; DOT text needs none.
 * Graphviz reads GVBINDIR once per process and keeps the plugins it
 * loaded, so the checks run in a fresh process: this program again, with
 * the argument below. */
#define CHILD_ARG "--missing-plugins-child"

static const char *self_path;

#define CHILD_CHECK(cond)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "missing_plugins: line %d: %s (%s)\n",           \
                    __LINE__, #cond, sg_ctx_message(cctx));                 \
            return 1;                                                       \
        }                                                                   \
    } while (0)

static int missing_plugins_child(void)
{
    sg_ctx *cctx = sg_ctx_new();
    CHILD_CHECK(sg_render_format_check(cctx, "svg") == SG_EUNSUPPORTED);
    CHILD_CHECK(strstr(sg_ctx_message(cctx), "sudo dot -c") != NULL);
    CHILD_CHECK(sg_render_format_check(cctx, "png") == SG_EUNSUPPORTED);
    CHILD_CHECK(sg_render_format_check(cctx, "dot") == SG_OK);
    /* sgviz's own TikZ renderer is always there; the layout it paints
     * from is not. */
    CHILD_CHECK(sg_render_format_check(cctx, "tikz") == SG_EUNSUPPORTED);
    CHILD_CHECK(strstr(sg_ctx_message(cctx), "nop2") != NULL);
    sg_game *g = sg_game_from_spec(cctx, "1,3,4", "--set");
    sg_drawing *d = g ? sg_drawing_new(cctx, g, 8, NULL) : NULL;
    CHILD_CHECK(d != NULL);
    char *data = NULL;
    size_t len = 0;
    CHILD_CHECK(sg_drawing_render_data(cctx, d, "svg", &data, &len) ==
                SG_EUNSUPPORTED);
    CHILD_CHECK(data == NULL);
    CHILD_CHECK(sg_drawing_render_data(cctx, d, "dot", &data, &len) == SG_OK);
    CHILD_CHECK(strstr(data, "digraph") != NULL);
    free(data);
    sg_drawing_free(d);
    sg_game_free(g);
    sg_ctx_free(cctx);
    return 0;
}

/* A long-lived host makes and frees contexts all day.  Each context draws
 * through the process's one Graphviz context, so a drawing made after
 * another context was freed is the same picture, with its labels (Graphviz
 * 2.42 read freed font names when a second Graphviz context followed a
 * freed first one; under the sanitizers that was a use after free). */
static void contexts_come_and_go(void **state)
{
    (void)state;
    char *first = NULL;
    for (int round = 0; round < 3; round++) {
        sg_ctx *c = sg_ctx_new();
        assert_non_null(c);
        sg_game *g = sg_game_from_spec(c, "1,3,4", "--set");
        assert_non_null(g);
        sg_drawing *d = sg_drawing_new(c, g, 8, NULL);
        assert_non_null(d);
        char *svg = NULL;
        size_t len = 0;
        assert_int_equal(sg_drawing_render_data(c, d, "svg", &svg, &len),
                         SG_OK);
        /* Every node keeps its labels: sg(4) = 2 and sg(7) = 0 among them. */
        assert_int_equal(count(svg, ">sg="), 9);
        assert_non_null(strstr(svg, ">4</text>"));
        if (!first)
            first = svg;
        else {
            assert_string_equal(svg, first);
            free(svg);
        }
        sg_drawing_free(d);
        sg_game_free(g);
        sg_ctx_free(c);
    }
    free(first);
}

static void missing_plugins(void **state)
{
    (void)state;
    char dir[] = "/tmp/sgviz-noplugins-XXXXXX";
    assert_non_null(mkdtemp(dir));
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        setenv("GVBINDIR", dir, 1);
        execl(self_path, self_path, CHILD_ARG, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    rmdir(dir);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], CHILD_ARG) == 0)
        return missing_plugins_child();
    self_path = argv[0];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(subtraction_graphs),
        cmocka_unit_test(pow2_thousand),
        cmocka_unit_test(svg_content),
        cmocka_unit_test(png_signature),
        cmocka_unit_test(restyle_keeps_positions),
        cmocka_unit_test(shown_values),
        cmocka_unit_test(restyle_errors),
        cmocka_unit_test(reachable_from_root),
        cmocka_unit_test(dag_game_keeps_file_attributes),
        cmocka_unit_test(repeated_moves),
        cmocka_unit_test(themes),
        cmocka_unit_test(layouts),
        cmocka_unit_test(formats),
        cmocka_unit_test(missing_plugins),
        cmocka_unit_test(contexts_come_and_go),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
