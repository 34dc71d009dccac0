/*
 * test_layout.c - what the layouts promise, measured from the SVG's own
 * geometry: no move passes through a position that is not one of its
 * ends, no edge label lies on a position, default drawings fit a slide
 * (no wider than 3:1, no taller than 1:2), `aspect` moves the shape
 * towards the one asked for, and a subtraction game of known period gets
 * rows of a multiple of the period, so that every column holds only
 * P-positions or only N-positions once the period has begun (values from
 * the brute force of brute.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.h"
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

/* ---- the SVG's geometry ------------------------------------------------ */

/* A node as the SVG draws it (a position, or the sum of heaps a move
 * leaves): its outermost ellipse, or the box of its polygon or path. */
typedef struct node {
    char name[64];   /* its <title> */
    unsigned long x; /* the position, from the id "pX" (sums: ULONG_MAX) */
    bool ellipse;
    double cx, cy, rx, ry;      /* ellipse */
    double x0, y0, x1, y1;      /* box */
} node;

typedef struct edge {
    char tail[64], head[64]; /* the names of its ends, from its <title> */
    double *pts; /* the path's points: M, then C pieces */
    size_t npts;
    bool has_label;
    double lx, ly; /* the label text's anchor */
} edge;

typedef struct picture {
    double width, height; /* points */
    node *nodes;
    size_t nnodes;
    edge *edges;
    size_t nedges;
} picture;

static void picture_free(picture *p)
{
    for (size_t i = 0; i < p->nedges; i++)
        free(p->edges[i].pts);
    free(p->nodes);
    free(p->edges);
}

/* The value of attribute NAME within [FROM, END), as a number. */
static bool attr_num(const char *from, const char *end, const char *name,
                     double *v)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *at = strstr(from, key);
    if (!at || at >= end)
        return false;
    *v = strtod(at + strlen(key), NULL);
    return true;
}

/* Reads the numbers of an SVG path or points list into a new array. */
static double *numbers(const char *s, const char *end, size_t *n)
{
    size_t cap = 64, k = 0;
    double *v = malloc(cap * sizeof *v);
    assert_non_null(v);
    while (s < end) {
        if ((*s >= '0' && *s <= '9') || *s == '-' || *s == '.') {
            char *next;
            double d = strtod(s, &next);
            if (k == cap) {
                cap *= 2;
                v = realloc(v, cap * sizeof *v);
                assert_non_null(v);
            }
            v[k++] = d;
            s = next;
        } else {
            s++;
        }
    }
    *n = k;
    return v;
}

/* Copies the text of the group's <title> from G (up to END) into BUF. */
static void title_of(const char *g, const char *end, char *buf, size_t size)
{
    const char *t = strstr(g, "<title>");
    assert_true(t && t < end);
    t += 7;
    size_t len = (size_t)(strstr(t, "</title>") - t);
    snprintf(buf, size, "%.*s", (int)len, t);
}

static void parse(const char *svg, picture *p)
{
    memset(p, 0, sizeof *p);
    const char *at = strstr(svg, "<svg width=\"");
    assert_non_null(at);
    p->width = strtod(at + 12, NULL);
    at = strstr(at, "height=\"");
    assert_non_null(at);
    p->height = strtod(at + 8, NULL);
    size_t ncap = 16, ecap = 16;
    p->nodes = malloc(ncap * sizeof *p->nodes);
    p->edges = malloc(ecap * sizeof *p->edges);
    assert_true(p->nodes && p->edges);
    for (const char *g = strstr(svg, "<g id=\""); g;
         g = strstr(g + 1, "<g id=\"")) {
        const char *end = strstr(g, "</g>");
        const char *cls = strstr(g, "class=\"");
        assert_true(end && cls);
        cls += 7;
        size_t clen = strcspn(cls, "\"");
        /* The legend and the caption are not part of the game. */
        char classes[96];
        snprintf(classes, sizeof classes, "%.*s", (int)clen, cls);
        if (strstr(classes, "legend") || strstr(classes, "caption"))
            continue;
        if (strncmp(classes, "node", 4) == 0) {
            node v = {.x = ULONG_MAX};
            title_of(g, end, v.name, sizeof v.name);
            if (g[7] == 'p')
                v.x = strtoul(g + 8, NULL, 10);
            /* The last ellipse of a group is its outermost ring. */
            const char *e = strstr(g, "<ellipse");
            const char *poly = strstr(g, "<polygon");
            const char *path = strstr(g, "<path");
            if (e && e < end) {
                for (const char *more; (more = strstr(e + 1, "<ellipse")) &&
                                       more < end;)
                    e = more;
                v.ellipse = true;
                assert_true(attr_num(e, end, "cx", &v.cx) &&
                            attr_num(e, end, "cy", &v.cy) &&
                            attr_num(e, end, "rx", &v.rx) &&
                            attr_num(e, end, "ry", &v.ry));
            } else {
                const char *pts = poly && poly < end ? strstr(poly, "points=\"")
                                  : path && path < end ? strstr(path, " d=\"")
                                                       : NULL;
                assert_non_null(pts);
                pts = strchr(pts, '"') + 1;
                size_t n;
                double *xy = numbers(pts, strchr(pts, '"'), &n);
                v.x0 = v.y0 = HUGE_VAL;
                v.x1 = v.y1 = -HUGE_VAL;
                for (size_t i = 0; i + 1 < n; i += 2) {
                    v.x0 = fmin(v.x0, xy[i]);
                    v.x1 = fmax(v.x1, xy[i]);
                    v.y0 = fmin(v.y0, xy[i + 1]);
                    v.y1 = fmax(v.y1, xy[i + 1]);
                }
                free(xy);
            }
            if (p->nnodes == ncap) {
                ncap *= 2;
                p->nodes = realloc(p->nodes, ncap * sizeof *p->nodes);
                assert_non_null(p->nodes);
            }
            p->nodes[p->nnodes++] = v;
        } else if (strncmp(classes, "edge", 4) == 0) {
            edge e = {0};
            char title[160];
            title_of(g, end, title, sizeof title);
            char *arrow = strstr(title, "&#45;&gt;");
            assert_non_null(arrow);
            snprintf(e.tail, sizeof e.tail, "%.*s", (int)(arrow - title),
                     title);
            snprintf(e.head, sizeof e.head, "%s", arrow + 9);
            const char *d = strstr(g, " d=\"");
            assert_true(d && d < end);
            d += 4;
            e.pts = numbers(d, strchr(d, '"'), &e.npts);
            const char *t = strstr(g, "<text");
            if (t && t < end) {
                e.has_label = attr_num(t, end, "x", &e.lx) &&
                              attr_num(t, end, "y", &e.ly);
            }
            if (p->nedges == ecap) {
                ecap *= 2;
                p->edges = realloc(p->edges, ecap * sizeof *p->edges);
                assert_non_null(p->edges);
            }
            p->edges[p->nedges++] = e;
        }
    }
}

/* Whether (X, Y) lies inside node V, kept clear of its border by a tenth
 * of its size (a curve that touches a ring passes beside it). */
static bool inside(const node *v, double x, double y)
{
    if (v->ellipse) {
        double dx = (x - v->cx) / v->rx, dy = (y - v->cy) / v->ry;
        return dx * dx + dy * dy < 0.81;
    }
    double mx = 0.1 * (v->x1 - v->x0), my = 0.1 * (v->y1 - v->y0);
    return x > v->x0 + mx && x < v->x1 - mx && y > v->y0 + my &&
           y < v->y1 - my;
}

static void node_box(const node *v, double *x0, double *y0, double *x1,
                     double *y1)
{
    if (v->ellipse) {
        *x0 = v->cx - v->rx;
        *x1 = v->cx + v->rx;
        *y0 = v->cy - v->ry;
        *y1 = v->cy + v->ry;
    } else {
        *x0 = v->x0;
        *x1 = v->x1;
        *y0 = v->y0;
        *y1 = v->y1;
    }
}

/* A uniform grid of buckets over the nodes, so that a point is tested
 * against the few nodes near it. */
typedef struct buckets {
    double x0, y0, cell;
    size_t cols, rows;
    size_t *start, *items;
} buckets;

static void buckets_build(buckets *b, const picture *p)
{
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    double big = 1;
    for (size_t i = 0; i < p->nnodes; i++) {
        double a, c, e, f;
        node_box(&p->nodes[i], &a, &c, &e, &f);
        x0 = fmin(x0, a);
        y0 = fmin(y0, c);
        x1 = fmax(x1, e);
        y1 = fmax(y1, f);
        big = fmax(big, fmax(e - a, f - c));
    }
    b->x0 = x0;
    b->y0 = y0;
    b->cell = big;
    b->cols = (size_t)((x1 - x0) / big) + 1;
    b->rows = (size_t)((y1 - y0) / big) + 1;
    size_t nb = b->cols * b->rows;
    b->start = calloc(nb + 1, sizeof *b->start);
    b->items = malloc((p->nnodes * 4 + 1) * sizeof *b->items);
    assert_true(b->start && b->items);
    /* Each node goes into every bucket its box touches (at most four,
     * since no box is larger than a bucket). */
    for (int pass = 0; pass < 2; pass++) {
        size_t *fill = pass ? calloc(nb, sizeof *fill) : NULL;
        for (size_t i = 0; i < p->nnodes; i++) {
            double a, c, e, f;
            node_box(&p->nodes[i], &a, &c, &e, &f);
            size_t ca = (size_t)((a - x0) / big), ce = (size_t)((e - x0) / big);
            size_t ra = (size_t)((c - y0) / big), rf = (size_t)((f - y0) / big);
            for (size_t r = ra; r <= rf && r < b->rows; r++)
                for (size_t q = ca; q <= ce && q < b->cols; q++) {
                    size_t k = r * b->cols + q;
                    if (pass)
                        b->items[b->start[k] + fill[k]++] = i;
                    else
                        b->start[k + 1]++;
                }
        }
        if (!pass)
            for (size_t k = 0; k < nb; k++)
                b->start[k + 1] += b->start[k];
        free(fill);
    }
}

/* The node that (X, Y) lies inside, other than the nodes named A and B,
 * or NULL. */
static const node *hit(const buckets *b, const picture *p, double x, double y,
                       const char *a, const char *bb)
{
    if (x < b->x0 || y < b->y0)
        return NULL;
    size_t q = (size_t)((x - b->x0) / b->cell), r = (size_t)((y - b->y0) / b->cell);
    if (q >= b->cols || r >= b->rows)
        return NULL;
    size_t k = r * b->cols + q;
    for (size_t i = b->start[k]; i < b->start[k + 1]; i++) {
        const node *v = &p->nodes[b->items[i]];
        if (strcmp(v->name, a) && strcmp(v->name, bb) && inside(v, x, y))
            return v;
    }
    return NULL;
}

/* The number of moves that pass through a position that is not one of
 * their ends, sampling every cubic piece at 200 points; the labels that
 * lie on a position are counted in *LABELS. */
static size_t crossings(const picture *p, size_t *labels)
{
    buckets b;
    buckets_build(&b, p);
    size_t bad = 0;
    *labels = 0;
    for (size_t i = 0; i < p->nedges; i++) {
        const edge *e = &p->edges[i];
        const double *q = e->pts;
        bool crossed = false;
        for (size_t j = 0; j + 7 < e->npts && !crossed; j += 6) {
            for (int s = 0; s <= 200 && !crossed; s++) {
                double t = s / 200.0, u = 1 - t;
                double w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t,
                       w3 = t * t * t;
                double x = w0 * q[j] + w1 * q[j + 2] + w2 * q[j + 4] +
                           w3 * q[j + 6];
                double y = w0 * q[j + 1] + w1 * q[j + 3] + w2 * q[j + 5] +
                           w3 * q[j + 7];
                const node *v = hit(&b, p, x, y, e->tail, e->head);
                if (v) {
                    if (bad < 5)
                        print_message("move %s -> %s passes through %s\n",
                                      e->tail, e->head, v->name);
                    crossed = true;
                }
            }
        }
        bad += crossed;
        if (e->has_label && hit(&b, p, e->lx, e->ly, "", ""))
            (*labels)++;
    }
    free(b.start);
    free(b.items);
    return bad;
}

static char *draw_svg(const sg_game *g, uint64_t last,
                      const sg_drawing_opts *opts, sg_layout *layout)
{
    sg_drawing *d = sg_drawing_new(ctx, g, last, opts);
    if (!d)
        fail_msg("%s", sg_ctx_message(ctx));
    char *svg;
    size_t len;
    if (sg_drawing_render_data(ctx, d, "svg", &svg, &len) != SG_OK)
        fail_msg("%s", sg_ctx_message(ctx));
    if (layout)
        *layout = sg_drawing_layout(d);
    sg_drawing_free(d);
    return svg;
}

static sg_game *spec_game(const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    return g;
}

/* A random game graph of N positions written as DOT, each position with
 * up to MOVES moves to earlier ones, read back as a game. */
static sg_game *random_dag(unsigned n, unsigned moves, unsigned seed)
{
    char path[] = "/tmp/sgviz-layout-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    srand(seed);
    fputs("digraph {\n", f);
    for (unsigned x = 1; x < n; x++) {
        unsigned k = 1 + (unsigned)rand() % moves;
        for (unsigned i = 0; i < k; i++)
            fprintf(f, "  v%u -> v%u;\n", x, (unsigned)rand() % x);
    }
    fputs("}\n", f);
    fclose(f);
    sg_game *g = sg_game_read_dot(ctx, path);
    unlink(path);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    return g;
}

/* ---- no move through a position ---------------------------------------- */

typedef struct drawing_case {
    /* A subtraction set; "t:CODE", a take-and-break code; "p:SET:PARTS",
     * the sum of heaps PARTS (3+4) of the set; or NULL for a random DAG. */
    const char *spec;
    uint64_t last;    /* UINT64_MAX: every position */
    sg_drawing_opts opts;
} drawing_case;

static void check_case(const drawing_case *c, sg_game *g)
{
    sg_layout layout;
    char *svg = draw_svg(g, c->last, &c->opts, &layout);
    picture p;
    parse(svg, &p);
    free(svg);
    size_t labels;
    size_t bad = crossings(&p, &labels);
    if (bad || labels)
        fail_msg("%s, positions 0..%llu, layout %s: %zu of %zu moves pass "
                 "through a position, %zu labels lie on one",
                 c->spec ? c->spec : "a DAG", (unsigned long long)c->last,
                 sg_layout_name(layout), bad, p.nedges, labels);
    if (p.nedges == 0)
        fail_msg("%s, positions 0..%llu: no moves found in the SVG", c->spec ? c->spec : "a DAG", (unsigned long long)c->last);
    /* Default drawings fit a slide. */
    if (!(c->opts.aspect > 0) && c->opts.layout == SG_LAYOUT_AUTO) {
        double aspect = p.width / p.height;
        if (aspect > 3 || aspect < 0.5)
            fail_msg("%s, positions 0..%llu, layout %s: %.0f x %.0f pt, "
                     "aspect %.2f", c->spec ? c->spec : "a DAG",
                     (unsigned long long)c->last, sg_layout_name(layout),
                     p.width, p.height, aspect);
    }
    picture_free(&p);
}

/* The game of a case's spec; *BASE receives the game a sum is made of
 * (freed after the sum). */
static sg_game *case_game(const char *spec, unsigned seed, sg_game **base)
{
    *base = NULL;
    if (!spec)
        return random_dag(30, 3, seed);
    if (strncmp(spec, "t:", 2) == 0) {
        sg_game *g = sg_game_from_code(ctx, spec + 2, "--code");
        if (!g)
            fail_msg("%s", sg_ctx_message(ctx));
        return g;
    }
    if (strncmp(spec, "p:", 2) == 0) {
        char set[32];
        const char *colon = strchr(spec + 2, ':');
        snprintf(set, sizeof set, "%.*s", (int)(colon - spec - 2), spec + 2);
        *base = spec_game(set);
        uint64_t *parts;
        size_t n;
        if (sg_position_parse(ctx, *base, colon + 1, "test", &parts, &n) !=
            SG_OK)
            fail_msg("%s", sg_ctx_message(ctx));
        sg_game *g = sg_sum_game_new(ctx, *base, parts, n);
        free(parts);
        if (!g)
            fail_msg("%s", sg_ctx_message(ctx));
        return g;
    }
    return spec_game(spec);
}

static void no_move_through_a_position(void **state)
{
    (void)state;
    const drawing_case cases[] = {
        {"2,5,7", 25, {0}},
        {"fib", 30, {0}},
        {"pow2", 60, {0}},
        {"1,3,4", 100, {0}},
        {"1,3,4", 8, {0}},
        {"1,3,4", 12, {.highlight_wins = 1}},
        {"2,4,7", 40, {.edge_labels = 1}},
        {"1..3", 20, {.edge_labels = 1, .highlight_wins = 1}},
        {"all", 60, {0}},
        {"3,9", 50, {0}},
        {"5,44,49", 200, {0}},
        {"1,3,4", 40, {.has_root = 1, .root = 40, .edge_labels = 1}},
        {"pow2", 1000, {0}},
        {"fib", 25, {.layout = SG_LAYOUT_LINE, .edge_labels = 1}},
        {"2,5,7", 60, {.aspect = 4.0 / 3}},
        {NULL, UINT64_MAX, {0}},
        {NULL, UINT64_MAX, {.layout = SG_LAYOUT_GRID}},
        {"t:0.77", 20, {0}},
        {"t:0.07", 30, {.edge_labels = 1}},
        {"t:4.[3]", 12, {0}},
        {"t:4!.0", 16, {.layout = SG_LAYOUT_GRID}},
        {"p:1,3,4:5+4", UINT64_MAX, {.highlight_wins = 1}},
        {"p:1,3,4:3+2+2", UINT64_MAX, {0}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_game *base;
        sg_game *g = case_game(cases[i].spec, 7 + (unsigned)i, &base);
        check_case(&cases[i], g);
        sg_game_free(g);
        sg_game_free(base);
    }
    /* A large game graph takes the grid. */
    sg_game *g = random_dag(400, 4, 11);
    drawing_case big = {NULL, UINT64_MAX, {0}};
    check_case(&big, g);
    sg_game_free(g);
}

/* ---- shapes ------------------------------------------------------------ */

/* The shape asked for is the one a grid comes closest to (for a game
 * without a known period, whose rows may have any length). */
static void aspect_moves_the_shape(void **state)
{
    (void)state;
    sg_game *g = spec_game("fib");
    double shapes[] = {1, 16.0 / 9, 3};
    double got[3];
    for (int i = 0; i < 3; i++) {
        sg_drawing_opts opts = {.layout = SG_LAYOUT_GRID, .aspect = shapes[i]};
        char *svg = draw_svg(g, 150, &opts, NULL);
        picture p;
        parse(svg, &p);
        free(svg);
        got[i] = p.width / p.height;
        picture_free(&p);
        /* Within the step one more or one fewer column makes. */
        assert_true(got[i] > shapes[i] / 1.4 && got[i] < shapes[i] * 1.4);
    }
    assert_true(got[0] < got[1] && got[1] < got[2]);
    sg_game_free(g);
}

/* Rows of a multiple of the period: every column holds only P-positions
 * or only N-positions from the preperiod on. */
static void periods_make_columns(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        unsigned amounts[8];
        size_t k;
        unsigned preperiod;
        uint64_t last;
    } games[] = {
        {"1,3,4", {1, 3, 4}, 3, 0, 40},   /* period 7 */
        {"2,4,7", {2, 4, 7}, 3, 8, 60},   /* period 3 from 8 */
        {"3,9", {3, 9}, 2, 0, 70},        /* period 6 = 2 * 3 */
        {"1,2", {1, 2}, 2, 0, 30},        /* period 3 */
        {"pow2", {1, 2, 4, 8, 16, 32, 64}, 7, 0, 100},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        sg_game *g = spec_game(games[i].spec);
        sg_drawing_opts opts = {.layout = SG_LAYOUT_GRID};
        char *svg = draw_svg(g, games[i].last, &opts, NULL);
        picture p;
        parse(svg, &p);
        free(svg);
        unsigned *sg = brute_force(games[i].amounts, games[i].k,
                                   games[i].last);
        /* Columns are told apart by their centres' x. */
        for (size_t a = 0; a < p.nnodes; a++) {
            const node *u = &p.nodes[a];
            if (u->x < games[i].preperiod)
                continue;
            for (size_t b = 0; b < p.nnodes; b++) {
                const node *v = &p.nodes[b];
                if (v->x < games[i].preperiod || fabs(u->cx - v->cx) > 1)
                    continue;
                if ((sg[u->x] == 0) != (sg[v->x] == 0))
                    fail_msg("%s: positions %lu (sg %u) and %lu (sg %u) "
                             "share a column", games[i].spec, u->x,
                             sg[u->x], v->x, sg[v->x]);
            }
        }
        free(sg);
        picture_free(&p);
        sg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_move_through_a_position),
        cmocka_unit_test(aspect_moves_the_shape),
        cmocka_unit_test(periods_make_columns),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
