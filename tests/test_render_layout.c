/*
 * test_render_layout.c - where drawings put their positions, read back
 * from the SVG: games defined in C whose positions are one number (a row,
 * or rows cut by the period, as subtraction games), boards of two-number
 * positions (column a, row b; P/N and the heat map by values worked out
 * here), one position with its options and the mex step, the moves drawn
 * on request, sum grids in the shape asked for, and slides whose every
 * label is at least 20 px on a screen 1920 px wide.  Values come from
 * brute forces written here, never from the library.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

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

/* ---- reading an SVG ------------------------------------------------------ */

#define MAX_NODES 512

/* The positions of a picture: each node's id ("p12"), title (its name),
 * class, centre and fill, and the picture's size. */
typedef struct picture {
    size_t n;
    char id[MAX_NODES][32];
    char name[MAX_NODES][32];
    char cls[MAX_NODES][48];
    char fill[MAX_NODES][16];
    double cx[MAX_NODES], cy[MAX_NODES];
    double width, height;
    size_t edges, hidden;
    double least_font;
} picture;

/* The value of attribute NAME in the tag that starts at P, into BUF. */
static bool attr_of(const char *p, const char *name, char *buf, size_t size)
{
    const char *end = strchr(p, '>');
    char key[40];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *at = strstr(p, key);
    if (!at || (end && at > end))
        return false;
    at += strlen(key);
    const char *close = strchr(at, '"');
    size_t len = close ? (size_t)(close - at) : 0;
    if (len >= size)
        len = size - 1;
    memcpy(buf, at, len);
    buf[len] = '\0';
    return true;
}

static void parse(const char *svg, picture *p)
{
    memset(p, 0, sizeof *p);
    p->least_font = HUGE_VAL;
    const char *vb = strstr(svg, "viewBox=\"");
    assert_non_null(vb);
    double x0, y0;
    assert_int_equal(sscanf(vb + 9, "%lf %lf %lf %lf", &x0, &y0, &p->width,
                            &p->height), 4);
    for (const char *f = strstr(svg, "font-size=\""); f;
         f = strstr(f + 1, "font-size=\""))
        p->least_font = fmin(p->least_font, atof(f + 11));
    for (const char *g = strstr(svg, "<g id=\""); g;
         g = strstr(g + 1, "<g id=\"")) {
        char id[32], cls[48];
        if (!attr_of(g, "id", id, sizeof id) ||
            !attr_of(g, "class", cls, sizeof cls))
            continue;
        if (strncmp(cls, "edge", 4) == 0) {
            p->edges++;
            p->hidden += strstr(cls, "hidden") != NULL;
            continue;
        }
        if (id[0] != 'p' || strncmp(cls, "node", 4) != 0)
            continue;
        assert_true(p->n < MAX_NODES);
        size_t i = p->n++;
        snprintf(p->id[i], sizeof p->id[i], "%s", id);
        snprintf(p->cls[i], sizeof p->cls[i], "%s", cls);
        const char *t = strstr(g, "<title>");
        const char *e = strstr(g, "<ellipse");
        assert_non_null(t);
        assert_non_null(e);
        const char *te = strstr(t, "</title>");
        size_t len = (size_t)(te - t - 7);
        if (len >= sizeof p->name[i])
            len = sizeof p->name[i] - 1;
        memcpy(p->name[i], t + 7, len);
        p->name[i][len] = '\0';
        char num[32];
        assert_true(attr_of(e, "cx", num, sizeof num));
        p->cx[i] = atof(num);
        assert_true(attr_of(e, "cy", num, sizeof num));
        p->cy[i] = atof(num);
        if (!attr_of(e, "fill", p->fill[i], sizeof p->fill[i]))
            p->fill[i][0] = '\0';
    }
}

static char *svg_of(sg_drawing *d)
{
    char *svg;
    size_t len;
    if (sg_drawing_render_data(ctx, d, "svg", &svg, &len) != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    return svg;
}

static void draw_parse(const sg_game *g, uint64_t last,
                       const sg_drawing_opts *o, picture *p)
{
    sg_drawing *d = sg_drawing_new(ctx, g, last, o);
    if (!d)
        fail_msg("%s", sg_ctx_message(ctx));
    char *svg = svg_of(d);
    parse(svg, p);
    free(svg);
    sg_drawing_free(d);
}

static size_t node_named(const picture *p, const char *name)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->name[i], name) == 0)
            return i;
    fail_msg("no position %s in the picture", name);
    return 0;
}

/* ---- games defined here -------------------------------------------------- */

static const int S134[] = {1, 3, 4};

static void one_number_options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    for (int i = 0; i < 3; i++)
        if (p[0] >= S134[i])
            sg_options_add(out, (int64_t[]){p[0] - S134[i]});
}

static sg_game *one_number_game(int64_t start)
{
    sg_game_def def = {.name = "S = {1,3,4} in C", .arity = 1,
                       .options = one_number_options};
    sg_game *g = sg_game_define(ctx, &def, &start, 1);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    return g;
}

/* sg(0..n) of S = {1,3,4} by the mex of the definition. */
static void brute_134(unsigned *v, int n)
{
    for (int x = 0; x <= n; x++) {
        unsigned seen = 0;
        for (int i = 0; i < 3; i++)
            if (x >= S134[i])
                seen |= 1u << v[x - S134[i]];
        unsigned m = 0;
        while (seen >> m & 1)
            m++;
        v[x] = m;
    }
}

static void wythoff_options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    for (int64_t k = 1; k <= p[0]; k++)
        sg_options_add(out, (int64_t[]){p[0] - k, p[1]});
    for (int64_t k = 1; k <= p[1]; k++)
        sg_options_add(out, (int64_t[]){p[0], p[1] - k});
    for (int64_t k = 1; k <= p[0] && k <= p[1]; k++)
        sg_options_add(out, (int64_t[]){p[0] - k, p[1] - k});
}

#define WA 6
#define WB 5

/* sg of Wythoff's game for a <= WA, b <= WB, by the mex of its moves. */
static void brute_wythoff(unsigned v[WA + 1][WB + 1])
{
    for (int a = 0; a <= WA; a++)
        for (int b = 0; b <= WB; b++) {
            uint64_t seen = 0;
            for (int k = 1; k <= a; k++)
                seen |= UINT64_C(1) << v[a - k][b];
            for (int k = 1; k <= b; k++)
                seen |= UINT64_C(1) << v[a][b - k];
            for (int k = 1; k <= a && k <= b; k++)
                seen |= UINT64_C(1) << v[a - k][b - k];
            unsigned m = 0;
            while (seen >> m & 1)
                m++;
            v[a][b] = m;
        }
}

static sg_game *wythoff_game(void)
{
    sg_game_def def = {.name = "Wythoff's game", .arity = 2,
                       .options = wythoff_options};
    int64_t start[] = {WA, WB};
    sg_game *g = sg_game_define(ctx, &def, start, 1);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    return g;
}

/* ---- one-number positions ------------------------------------------------ */

/* Whether P and Q place every position alike, by name, relative to
 * position 0. */
static void same_by_name(const picture *p, const picture *q, const char *what)
{
    assert_int_equal(p->n, q->n);
    size_t p0 = node_named(p, "0"), q0 = node_named(q, "0");
    for (size_t i = 0; i < p->n; i++) {
        size_t j = node_named(q, p->name[i]);
        if (fabs((p->cx[i] - p->cx[p0]) - (q->cx[j] - q->cx[q0])) > 0.01 ||
            fabs((p->cy[i] - p->cy[p0]) - (q->cy[j] - q->cy[q0])) > 0.01)
            fail_msg("%s: position %s at (%g,%g) and (%g,%g)", what,
                     p->name[i], p->cx[i] - p->cx[p0], p->cy[i] - p->cy[p0],
                     q->cx[j] - q->cx[q0], q->cy[j] - q->cy[q0]);
    }
}

static void one_number_places(void **state)
{
    (void)state;
    unsigned v[64];
    brute_134(v, 60);
    /* The brute force's period sets the columns of long rows. */
    unsigned period = 1;
    while (period < 30) {
        bool ok = true;
        for (int x = 0; x + (int)period <= 60 && ok; x++)
            ok = v[x] == v[x + period];
        if (ok)
            break;
        period++;
    }
    assert_int_equal(period, 7);
    sg_game *set = sg_game_from_spec(ctx, "1,3,4", "--set");
    static const int64_t starts[] = {4, 8, 12, 20, 40, 60};
    for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        int64_t n = starts[s];
        sg_game *g = one_number_game(n);
        picture p, q;
        draw_parse(g, UINT64_MAX, NULL, &p);
        assert_int_equal(p.n, (size_t)n + 1);
        /* Every position in a place of its own, in reading order by its
         * number (left to right, rows downwards), P where the brute force
         * has 0. */
        for (int64_t x = 0; x <= n; x++) {
            char name[24];
            snprintf(name, sizeof name, "%lld", (long long)x);
            size_t i = node_named(&p, name);
            assert_int_equal(strncmp(p.cls[i], v[x] ? "node N" : "node P", 6),
                             0);
            if (x == 0)
                continue;
            snprintf(name, sizeof name, "%lld", (long long)x - 1);
            size_t j = node_named(&p, name);
            bool right = fabs(p.cy[i] - p.cy[j]) < 0.01 && p.cx[i] > p.cx[j] + 10;
            bool below = p.cy[i] > p.cy[j] + 10;
            if (!right && !below)
                fail_msg("-n %lld: %lld at (%g,%g) does not follow %lld at "
                         "(%g,%g)", (long long)n, (long long)x, p.cx[i],
                         p.cy[i], (long long)x - 1, p.cx[j], p.cy[j]);
        }
        for (size_t i = 0; i < p.n; i++)
            for (size_t j = i + 1; j < p.n; j++)
                if (fabs(p.cx[i] - p.cx[j]) < 0.01 &&
                    fabs(p.cy[i] - p.cy[j]) < 0.01)
                    fail_msg("%s and %s share a place", p.name[i], p.name[j]);
        /* Laid out as the subtraction game itself is. */
        draw_parse(set, (uint64_t)n, NULL, &q);
        same_by_name(&p, &q, "the game in C and S = {1,3,4}");
        /* Rows of a multiple of the period: x and x + 7 share a column. */
        if (n == 60) {
            size_t first = 0, zero = node_named(&p, "0");
            for (size_t i = 0; i < p.n; i++)
                first += fabs(p.cy[i] - p.cy[zero]) < 0.01;
            assert_int_equal(first % period, 0);
        }
        sg_game_free(g);
    }
    sg_game_free(set);
}

/* ---- boards -------------------------------------------------------------- */

static void board_coordinates(void **state)
{
    (void)state;
    unsigned v[WA + 1][WB + 1];
    brute_wythoff(v);
    sg_game *g = wythoff_game();
    sg_drawing_opts o = {.size = sizeof o, .layout = SG_LAYOUT_BOARD,
                         .heat_map = 1};
    picture p;
    draw_parse(g, UINT64_MAX, &o, &p);
    assert_int_equal(p.n, (WA + 1) * (WB + 1));
    /* No move is drawn on a board unless asked for. */
    assert_int_equal(p.edges - p.hidden, 0);
    size_t origin = node_named(&p, "0,0"), right = node_named(&p, "1,0");
    double pitch = p.cx[right] - p.cx[origin];
    assert_true(pitch > 20);
    for (int a = 0; a <= WA; a++)
        for (int b = 0; b <= WB; b++) {
            char name[16];
            snprintf(name, sizeof name, "%d,%d", a, b);
            size_t i = node_named(&p, name);
            /* Column a, row b, rows going up (SVG's y goes down). */
            if (fabs(p.cx[i] - p.cx[origin] - a * pitch) > 0.05 ||
                fabs(p.cy[origin] - p.cy[i] - b * pitch) > 0.05)
                fail_msg("(%d,%d) at (%g,%g), origin (%g,%g), pitch %g", a,
                         b, p.cx[i], p.cy[i], p.cx[origin], p.cy[origin],
                         pitch);
            assert_int_equal(strncmp(p.cls[i], v[a][b] ? "node N" : "node P",
                                     6), 0);
            /* The heat map: equal values, equal fills; different values
             * below 8, different fills. */
            for (int c = 0; c <= a; c++)
                for (int e = 0; e <= WB; e++) {
                    char other[16];
                    snprintf(other, sizeof other, "%d,%d", c, e);
                    size_t j = node_named(&p, other);
                    bool same = strcmp(p.fill[i], p.fill[j]) == 0;
                    if (v[a][b] == v[c][e] && !same)
                        fail_msg("(%d,%d) and (%d,%d), both sg %u, filled %s "
                                 "and %s", a, b, c, e, v[a][b], p.fill[i],
                                 p.fill[j]);
                    if (v[a][b] != v[c][e] && v[a][b] < 8 && v[c][e] < 8 &&
                        same)
                        fail_msg("(%d,%d) sg %u and (%d,%d) sg %u share the "
                                 "fill %s", a, b, v[a][b], c, e, v[c][e],
                                 p.fill[i]);
                }
        }
    /* With the print theme the scale is grey: every fill has three equal
     * parts, and the values still differ. */
    sg_theme *print = sg_theme_load(ctx, "print");
    assert_non_null(print);
    o.theme = print;
    draw_parse(g, UINT64_MAX, &o, &p);
    for (size_t i = 0; i < p.n; i++) {
        const char *f = p.fill[i];
        bool grey = strcmp(f, "white") == 0 || strcmp(f, "black") == 0 ||
                    (strlen(f) == 7 && f[0] == '#' &&
                     strncmp(f + 1, f + 3, 2) == 0 &&
                     strncmp(f + 1, f + 5, 2) == 0);
        if (!grey)
            fail_msg("print theme: %s filled %s", p.name[i], f);
    }
    size_t one = node_named(&p, "1,0"), two = node_named(&p, "2,0");
    assert_string_not_equal(p.fill[one], p.fill[two]);
    o.theme = NULL;
    sg_theme_free(print);
    /* The moves of one position, on request: as many as it has. */
    uint64_t x;
    assert_int_equal(sg_game_find_position(ctx, g, "4,3", "test", &x), SG_OK);
    o.heat_map = 0;
    o.moves = SG_MOVES_FROM;
    o.moves_from = x;
    draw_parse(g, UINT64_MAX, &o, &p);
    assert_int_equal(p.edges - p.hidden, 4 + 3 + 3);
    o.moves = SG_MOVES_ON;
    draw_parse(g, UINT64_MAX, &o, &p);
    assert_int_equal(p.hidden, 0);
    /* Every move of every position: a + b + min(a, b) of (a, b). */
    size_t all = 0;
    for (int a = 0; a <= WA; a++)
        for (int b = 0; b <= WB; b++)
            all += (size_t)(a + b + (a < b ? a : b));
    assert_int_equal(p.edges, all);
    sg_game_free(g);
}

static void board_refused(void **state)
{
    (void)state;
    sg_drawing_opts o = {.size = sizeof o, .layout = SG_LAYOUT_BOARD};
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    assert_null(sg_drawing_new(ctx, g, 10, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "has position \"0\""));
    sg_game_free(g);
    g = one_number_game(5);
    assert_null(sg_drawing_new(ctx, g, UINT64_MAX, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_game_free(g);
    sg_layout l;
    assert_int_equal(sg_layout_parse(ctx, "board", &l), SG_OK);
    assert_int_equal(l, SG_LAYOUT_BOARD);
    assert_string_equal(sg_layout_name(SG_LAYOUT_BOARD), "board");
}

/* ---- a position and its options ----------------------------------------- */

static void around_a_position(void **state)
{
    (void)state;
    /* pow2: sg(x) = x mod 3; 12's options 11, 10, 8, 4 have 2, 1, 2, 1,
     * and their mex is 0. */
    sg_game *g = sg_game_from_spec(ctx, "pow2", "--set");
    sg_drawing_opts o = {.size = sizeof o, .around = 1, .around_x = 12};
    sg_drawing *d = sg_drawing_new(ctx, g, 12, &o);
    assert_non_null(d);
    char *svg = svg_of(d);
    picture p;
    parse(svg, &p);
    assert_int_equal(p.n, 5);
    assert_non_null(strstr(svg, "sg(12) = mex{1, 1, 2, 2} = 0"));
    size_t top = node_named(&p, "12");
    assert_non_null(strstr(p.cls[top], "current"));
    /* The options in a row under it, by value. */
    size_t a = node_named(&p, "10"), b = node_named(&p, "11"),
           c = node_named(&p, "8");
    assert_true(p.cy[a] > p.cy[top] + 10);
    assert_true(fabs(p.cy[a] - p.cy[b]) < 0.01 &&
                fabs(p.cy[b] - p.cy[c]) < 0.01);
    assert_true(p.cx[a] < p.cx[b] || p.cx[a] < p.cx[c]);
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);

    /* Kayles (take one pin or two neighbours, maybe splitting the row):
     * the options of 6 are the rows and pairs of rows a move leaves, each
     * once, with the nim-sums of a brute force's values. */
    unsigned k[16] = {0};
    for (int n = 1; n < 16; n++) {
        unsigned seen = 0;
        for (int take = 1; take <= 2; take++)
            for (int left = 0; left <= n - take; left++)
                seen |= 1u << (k[left] ^ k[n - take - left]);
        unsigned m = 0;
        while (seen >> m & 1)
            m++;
        k[n] = m;
    }
    unsigned opt[16], nopt = 0;
    for (int take = 1; take <= 2; take++)
        for (int left = 0; left <= (6 - take) / 2; left++)
            opt[nopt++] = k[left] ^ k[6 - take - left];
    for (unsigned i = 0; i < nopt; i++)
        for (unsigned j = i + 1; j < nopt; j++)
            if (opt[j] < opt[i]) {
                unsigned t = opt[i];
                opt[i] = opt[j];
                opt[j] = t;
            }
    char want[128];
    int used = snprintf(want, sizeof want, "sg(6) = mex{");
    for (unsigned i = 0; i < nopt; i++)
        used += snprintf(want + used, sizeof want - (size_t)used, "%s%u",
                         i ? ", " : "", opt[i]);
    snprintf(want + used, sizeof want - (size_t)used, "} = %u", k[6]);
    g = sg_game_from_code(ctx, "0.77", "-t");
    assert_non_null(g);
    o.around_x = 6;
    d = sg_drawing_new(ctx, g, 6, &o);
    assert_non_null(d);
    svg = svg_of(d);
    if (!strstr(svg, want))
        fail_msg("Kayles 6: no \"%s\" in the picture", want);
    free(svg);
    sg_drawing_free(d);
    sg_game_free(g);
    /* A position the game lacks. */
    g = one_number_game(5);
    o.around_x = 99;
    assert_null(sg_drawing_new(ctx, g, UINT64_MAX, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_game_free(g);
}

/* ---- slides and shapes --------------------------------------------------- */

/* The places of P relative to its first position. */
static void relative(const picture *p, double *x, double *y)
{
    for (size_t i = 0; i < p->n; i++) {
        x[i] = p->cx[i] - p->cx[0];
        y[i] = p->cy[i] - p->cy[0];
    }
}

static void same_places(const picture *a, const picture *b, const char *what)
{
    static double ax[MAX_NODES], ay[MAX_NODES], bx[MAX_NODES], by[MAX_NODES];
    assert_int_equal(a->n, b->n);
    relative(a, ax, ay);
    relative(b, bx, by);
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->id[i], b->id[i]) || fabs(ax[i] - bx[i]) > 0.01 ||
            fabs(ay[i] - by[i]) > 0.01)
            fail_msg("%s: %s at (%g,%g) and (%g,%g)", what, a->id[i], ax[i],
                     ay[i], bx[i], by[i]);
}

static void slides(void **state)
{
    (void)state;
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    static const struct {
        sg_slide slide;
        double aspect;
    } shapes[] = {{SG_SLIDE_16_9, 16.0 / 9}, {SG_SLIDE_4_3, 4.0 / 3}};
    for (size_t s = 0; s < 2; s++) {
        for (uint64_t n = 4; n <= 31; n += 9) {
            sg_drawing_opts o = {.size = sizeof o, .slide = shapes[s].slide};
            picture p;
            draw_parse(g, n, &o, &p);
            /* The slide's shape, within the picture's padding, and every
             * text at least 20 px when the picture is 1920 px wide. */
            double shape = p.width / p.height;
            if (fabs(shape / shapes[s].aspect - 1) > 0.04)
                fail_msg("-n %llu, slide %.2f: %g x %g",
                         (unsigned long long)n, shapes[s].aspect, p.width,
                         p.height);
            if (p.least_font * 1920 / p.width < 20)
                fail_msg("-n %llu: text of %g pt in %g pt is %.1f px",
                         (unsigned long long)n, p.least_font, p.width,
                         p.least_font * 1920 / p.width);
            /* The steps lay the game out as the graph does. */
            sg_steps_opts so = {.size = sizeof so, .slide = shapes[s].slide};
            sg_steps *st = sg_steps_new(ctx, g, n, &so);
            assert_non_null(st);
            char *svg;
            size_t len;
            assert_int_equal(sg_steps_frame(ctx, st, 2, "svg", &svg, &len),
                             SG_OK);
            picture f;
            parse(svg, &f);
            free(svg);
            same_places(&p, &f, "graph and steps on a slide");
            sg_steps_free(st);
        }
    }
    /* Too many positions for labels of 20 px. */
    sg_drawing_opts o = {.size = sizeof o, .slide = SG_SLIDE_16_9};
    assert_null(sg_drawing_new(ctx, g, 80, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "less than the 20"));
    sg_slide sl;
    assert_int_equal(sg_slide_parse(ctx, "4:3", &sl), SG_OK);
    assert_int_equal(sl, SG_SLIDE_4_3);
    assert_int_equal(sg_slide_parse(ctx, NULL, &sl), SG_OK);
    assert_int_equal(sl, SG_SLIDE_16_9);
    assert_int_equal(sg_slide_parse(ctx, "5:4", &sl), SG_EINPUT);
    sg_game_free(g);
}

static void legend_keeps_layout(void **state)
{
    (void)state;
    /* The graph, its frames and the graph without a legend place every
     * position alike, whatever n. */
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    for (uint64_t n = 6; n <= 30; n += 6) {
        picture a, b, c;
        sg_drawing_opts plain = {.size = sizeof plain};
        sg_drawing_opts bare = {.size = sizeof bare, .no_legend = 1};
        draw_parse(g, n, &plain, &a);
        draw_parse(g, n, &bare, &b);
        same_places(&a, &b, "with and without a legend");
        sg_steps *st = sg_steps_new(ctx, g, n, NULL);
        char *svg;
        size_t len;
        assert_int_equal(sg_steps_frame(ctx, st, 1, "svg", &svg, &len), SG_OK);
        parse(svg, &c);
        free(svg);
        sg_steps_free(st);
        same_places(&a, &c, "graph and steps");
    }
    sg_game_free(g);
}

static void sum_shapes(void **state)
{
    (void)state;
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    static const uint64_t heaps[][3] = {{3, 4, 5}, {2, 2, 7}, {2, 3, 0}};
    static const double aspects[] = {0, 16.0 / 9, 3, 4.0 / 3, 1};
    for (size_t h = 0; h < 3; h++) {
        size_t k = heaps[h][2] ? 3 : 2;
        sg_game *sum = sg_sum_game_new(ctx, g, heaps[h], k);
        assert_non_null(sum);
        double first = 0;
        for (size_t a = 0; a < 5; a++) {
            sg_drawing_opts o = {.size = sizeof o, .aspect = aspects[a]};
            picture p;
            draw_parse(sum, UINT64_MAX, &o, &p);
            double shape = p.width / p.height;
            if (shape > 3)
                fail_msg("sum %zu, aspect %g: %g x %g", h, aspects[a],
                         p.width, p.height);
            /* Every position of the sum, each in a place of its own. */
            size_t count = 1;
            for (size_t i = 0; i < k; i++)
                count *= heaps[h][i] + 1;
            assert_int_equal(p.n, count);
            for (size_t i = 0; i < p.n; i++)
                for (size_t j = i + 1; j < p.n; j++)
                    assert_false(fabs(p.cx[i] - p.cx[j]) < 0.01 &&
                                 fabs(p.cy[i] - p.cy[j]) < 0.01);
            if (a == 1)
                first = shape;
            /* A squarer shape asked for gives a picture no wider. */
            if (a == 4)
                assert_true(shape <= first + 1e-9);
        }
        sg_game_free(sum);
    }
    sg_game_free(g);
}

static void options_grow(void **state)
{
    (void)state;
    /* A caller built with the options of libsgviz 0.2 (size 0) still
     * gets a drawing; the fields of 0.3 then read as zero. */
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_drawing_opts o = {0};
    sg_drawing *d = sg_drawing_new(ctx, g, 8, &o);
    assert_non_null(d);
    sg_drawing_free(d);
    o.size = sizeof o;
    o.moves = (sg_moves_shown)9;
    assert_null(sg_drawing_new(ctx, g, 8, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_number_places),
        cmocka_unit_test(board_coordinates),
        cmocka_unit_test(board_refused),
        cmocka_unit_test(around_a_position),
        cmocka_unit_test(slides),
        cmocka_unit_test(legend_keeps_layout),
        cmocka_unit_test(sum_shapes),
        cmocka_unit_test(options_grow),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
