/*
 * layout.c - where positions and moves go: one row of arcs, a grid,
 * or Graphviz's layered layout, then the legend under the picture.
 *
 * The line and grid layouts place everything themselves, curves included,
 * in time proportional to the number of moves; Graphviz then only paints.
 * dot's layered layout is run once, and its coordinates are read back into
 * the graph, so that later paintings of the drawing do not run it again.
 *
 * Coordinates are in points with y upwards, as Graphviz has them.
 */
#include "render/render_draw.h"
#include "text/template.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Choosing a layout                                                        */
/* ------------------------------------------------------------------------ */

/* What dot's layered layout would cost: its ranking puts every move's tail
 * at least one rank above its head, and a move spanning k ranks becomes a
 * chain of k - 1 "virtual nodes" that dot orders and places one by one.
 * Ranks here are the longest paths down to a terminal position, which is
 * what dot finds when every position has a move to the one just below it
 * (as in most subtraction games) and an upper bound otherwise. */
static double dot_cost(sg_ctx *ctx, const sg_drawing *d)
{
    /* Sums (moves that split a heap) have no moves: rank 0. */
    uint64_t *rank = sg_alloc(ctx, d->n + d->nsums, sizeof *rank);
    if (!rank)
        return -1;
    double cost = (double)d->n + (double)d->m;
    for (size_t i = 0; i < d->n; i++) {
        uint64_t r = 0;
        for (size_t k = d->first[i]; k < d->first[i + 1]; k++)
            if (rank[d->head[k]] + 1 > r)
                r = rank[d->head[k]] + 1;
        rank[i] = r;
    }
    for (size_t k = 0; k < d->m; k++)
        cost += (double)(rank[d->tail[k]] - rank[d->head[k]] - 1);
    free(rank);
    return cost;
}

static sg_status decide_layout(sg_ctx *ctx, sg_drawing *d);
static int compare_u64(const void *a, const void *b);

/* Whether the game gives every position drawn a cell of its grid (a
 * game defined in C gives cells only to positions of two numbers). */
static bool game_cells(const sg_drawing *d)
{
    if (!d->game->ops->cell)
        return false;
    for (size_t i = 0; i < d->n; i++) {
        uint64_t col, row;
        if (!d->game->ops->cell(d->game, d->x[i], &col, &row))
            return false;
    }
    return true;
}

/* Refuses a drawing with a position that has more than SG_DRAW_MAX_DEGREE
 * moves from it or to it, whatever the layout. */
static sg_status check_degrees(sg_ctx *ctx, const sg_drawing *d)
{
    /* Moves into sums (splits of a heap) are counted apart; a sum has no
     * more of them than the ways to reach it. */
    size_t *in = sg_alloc(ctx, d->n + d->nsums, sizeof *in);
    if (!in)
        return ctx->status;
    size_t worst = 0, most = 0;
    bool into = false;
    for (size_t i = 0; i < d->n; i++) {
        size_t out = d->first[i + 1] - d->first[i];
        if (out > most) {
            most = out;
            worst = i;
            into = false;
        }
        for (size_t k = d->first[i]; k < d->first[i + 1]; k++)
            in[d->head[k]]++;
    }
    for (size_t i = 0; i < d->n; i++) {
        if (in[i] > most) {
            most = in[i];
            worst = i;
            into = true;
        }
    }
    free(in);
    if (most <= SG_DRAW_MAX_DEGREE)
        return SG_OK;
    char name[64];
    return sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu moves %s position %s; sgviz "
                       "draws at most %u from or to one position",
                       sg_game_describe(d->game), most, into ? "to" : "from",
                       sg_game_position_name(d->game, d->x[worst], name,
                                             sizeof name),
                       SG_DRAW_MAX_DEGREE);
}

/* ------------------------------------------------------------------------ */
/* Positions that are numbers                                               */
/* ------------------------------------------------------------------------ */

#define DIGITS "0123456789"

/* Whether NAME is a whole number in decimal, read into *V. */
static bool name_number(const char *name, uint64_t *v)
{
    size_t len = strspn(name, DIGITS);
    if (len == 0 || len > 18 || name[len] != '\0')
        return false;
    *v = strtoull(name, NULL, 10);
    return true;
}

/* Whether NAME is two whole numbers, as "3,5", "(3,5)", "[3,5]", "3 5"
 * or "3+5" (a sum of two heaps) write them, read into *A and *B. */
static bool name_pair(const char *name, uint64_t *a, uint64_t *b)
{
    const char *p = name;
    char close = 0;
    if (*p == '(' || *p == '[')
        close = *p++ == '(' ? ')' : ']';
    size_t len = strspn(p, DIGITS);
    if (len == 0 || len > 9)
        return false;
    *a = strtoull(p, NULL, 10);
    p += len;
    size_t sep = strspn(p, ", ;+x");
    if (sep == 0)
        return false;
    p += sep;
    len = strspn(p, DIGITS);
    if (len == 0 || len > 9)
        return false;
    *b = strtoull(p, NULL, 10);
    p += len;
    if (close && *p++ != close)
        return false;
    return *p == '\0';
}

/* Whether the N keys are all different (KEYS is sorted on the way). */
static bool all_different(uint64_t *keys, size_t n)
{
    qsort(keys, n, sizeof *keys, compare_u64);
    for (size_t i = 1; i < n; i++)
        if (keys[i] == keys[i - 1])
            return false;
    return true;
}

sg_status sg_layout_numbers(sg_ctx *ctx, sg_drawing *d)
{
    if (sg_game_numbered(d->game) || d->n == 0)
        return SG_OK;
    uint64_t *place = sg_alloc_raw(ctx, d->n, sizeof *place);
    uint64_t *board = sg_alloc_raw(ctx, 2 * d->n, sizeof *board);
    uint64_t *keys = sg_alloc_raw(ctx, d->n, sizeof *keys);
    if (!place || !board || !keys) {
        free(place);
        free(board);
        free(keys);
        return ctx->status;
    }
    bool ones = true, twos = true;
    /* A rules file's positions are their numbers, whatever label() calls
     * them: its board is its cells. */
    bool by_cells = d->game->ops->id == SG_GAME_RULES && game_cells(d);
    if (by_cells)
        twos = false;
    for (size_t i = 0; i < d->n && (ones || twos); i++) {
        char buf[64];
        const char *name = sg_game_position_name(d->game, d->x[i], buf,
                                                 sizeof buf);
        ones = ones && name_number(name, &place[i]);
        twos = twos && name_pair(name, &board[2 * i], &board[2 * i + 1]);
    }
    /* Names a game gives itself need not be different (a DOT game's
     * labels); places are taken only where they are. */
    if (ones) {
        memcpy(keys, place, d->n * sizeof *keys);
        ones = all_different(keys, d->n);
    }
    /* Names that are not two numbers (a rules file's label() names a
     * position "(3|5)") leave the board to the cells the game gives. */
    if (by_cells || (!twos && game_cells(d))) {
        twos = true;
        for (size_t i = 0; i < d->n; i++)
            d->game->ops->cell(d->game, d->x[i], &board[2 * i],
                               &board[2 * i + 1]);
        for (size_t i = 0; i < d->n && twos; i++)
            twos = board[2 * i] < UINT32_MAX && board[2 * i + 1] < UINT32_MAX;
    }
    if (twos) {
        for (size_t i = 0; i < d->n; i++)
            keys[i] = board[2 * i] << 32 | board[2 * i + 1];
        twos = all_different(keys, d->n);
    }
    free(keys);
    if (ones)
        d->place = place;
    else
        free(place);
    if (twos)
        d->board = board;
    else
        free(board);
    return SG_OK;
}

/* The key of node I in the order of a row: its number where positions
 * are numbers, its index otherwise. */
static uint64_t node_number(const sg_drawing *d, size_t i)
{
    return d->place ? d->place[i] : sg_game_numbered(d->game) ? d->x[i] : i;
}

/* Whether the game's positions stand in a row by their numbers. */
static bool numbered_row(const sg_drawing *d)
{
    return sg_game_numbered(d->game) || d->place;
}

/* The shape to aim for: the slide's, the one asked for, or 16:9. */
static double want_aspect(const sg_drawing *d)
{
    if (d->slide_aspect > 0)
        return d->slide_aspect;
    return d->opts.aspect > 0 ? d->opts.aspect : 16.0 / 9;
}

/* The smallest text a drawing sets, in points: the positions' labels,
 * the legend's, and the moves' labels where it has them. */
static double smallest_text(const sg_drawing *d)
{
    double fs = sg_theme_number(&d->theme->node, "fontsize", 14);
    double legend = sg_theme_number(&d->theme->node_style[STYLE_LEGEND],
                                    "fontsize", fs);
    double least = fmin(fs, legend);
    if (d->opts.edge_labels)
        least = fmin(least, sg_theme_number(&d->theme->edge, "fontsize", 14));
    return least;
}

/* The theme's padding around the picture, in points. */
static double picture_pad(const sg_drawing *d)
{
    return 72 * sg_theme_number(&d->theme->graph, "pad", 0.0555);
}

/* A slide is SLIDE_SCREEN pixels wide; every text on it must be at least
 * SLIDE_TEXT pixels high. */
#define SLIDE_SCREEN 1920.0
#define SLIDE_TEXT 20.0

/* The widest a slide's picture may be, padding included, in points. */
static double slide_width(const sg_drawing *d)
{
    return smallest_text(d) * SLIDE_SCREEN / SLIDE_TEXT -
           2 * picture_pad(d);
}

/* Marks the moves that are not drawn: with --moves off, those of other
 * positions than moves_from, and on a board, unless asked for, all. */
static sg_status mark_moves(sg_ctx *ctx, sg_drawing *d)
{
    sg_moves_shown shown = d->opts.moves;
    if (shown == SG_MOVES_AUTO)
        shown = d->layout == SG_LAYOUT_BOARD ? SG_MOVES_OFF : SG_MOVES_ON;
    if (shown == SG_MOVES_ON || d->m == 0)
        return SG_OK;
    if (shown == SG_MOVES_FROM && !sg_drawing_has_position(d,
                                                          d->opts.moves_from)) {
        char buf[64];
        return sg_ctx_fail(ctx, SG_EINPUT, "moves from %s: the position is "
                           "not in the drawing",
                           sg_game_position_name(d->game, d->opts.moves_from,
                                                 buf, sizeof buf));
    }
    d->edge_off = sg_alloc(ctx, d->m, 1);
    if (!d->edge_off)
        return ctx->status;
    for (size_t k = 0; k < d->m; k++)
        d->edge_off[k] = shown == SG_MOVES_OFF ||
                         d->x[d->tail[k]] != d->opts.moves_from;
    return SG_OK;
}

sg_status sg_layout_decide(sg_ctx *ctx, sg_drawing *d)
{
    sg_status st = decide_layout(ctx, d);
    return st == SG_OK ? mark_moves(ctx, d) : st;
}

static sg_status decide_layout(sg_ctx *ctx, sg_drawing *d)
{
    const char *what = sg_game_describe(d->game);
    if (sg_layout_numbers(ctx, d) != SG_OK)
        return ctx->status;
    bool heaps = numbered_row(d);
    sg_layout layout = d->opts.layout;
    if (d->opts.around) {
        /* A position and its options have a picture of their own. */
        d->layout = SG_LAYOUT_LINE;
        return check_degrees(ctx, d);
    }
    if (layout == SG_LAYOUT_BOARD) {
        if (!d->board) {
            char buf[64], quoted[96];
            const char *bad = "";
            for (size_t i = 0; i < d->n && !*bad; i++) {
                uint64_t a, b;
                const char *name = sg_game_position_name(d->game, d->x[i],
                                                         buf, sizeof buf);
                if (!name_pair(name, &a, &b))
                    bad = sg_quote(name, strlen(name), quoted, sizeof quoted);
            }
            return sg_ctx_fail(ctx, SG_EINPUT, "the board layout places "
                               "positions of two numbers, as \"3,5\" or "
                               "\"(3,5)\", at their column and row; %s has "
                               "position \"%s\"%s", what, bad,
                               *bad ? "" : " twice");
        }
        uint64_t cols = 0, rows = 0;
        for (size_t i = 0; i < d->n; i++) {
            cols = d->board[2 * i] + 1 > cols ? d->board[2 * i] + 1 : cols;
            rows = d->board[2 * i + 1] + 1 > rows ? d->board[2 * i + 1] + 1
                                                  : rows;
        }
        if (cols > SG_BOARD_MAX_SIDE || rows > SG_BOARD_MAX_SIDE ||
            d->n > SG_GRID_MAX_NODES)
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s: a board of %llu columns "
                               "and %llu rows is more than sgviz draws (at "
                               "most %u on a side); draw fewer positions",
                               what, (unsigned long long)cols,
                               (unsigned long long)rows, SG_BOARD_MAX_SIDE);
        d->layout = layout;
        return check_degrees(ctx, d);
    }
    double cost = -1;
    if (layout == SG_LAYOUT_AUTO || layout == SG_LAYOUT_DOT) {
        cost = dot_cost(ctx, d);
        if (cost < 0)
            return ctx->status;
    }
    if (layout == SG_LAYOUT_AUTO && game_cells(d)) {
        /* A game that knows its grid (a sum's positions) is drawn in it. */
        layout = SG_LAYOUT_GRID;
    } else if (layout == SG_LAYOUT_AUTO) {
        /* One row reads best for subtraction games, whose positions are a
         * line anyway; dot's layers suit small games given as graphs; the
         * grid takes everything else in linear time. */
        if (heaps && d->n <= SG_AUTO_LINE_NODES)
            layout = SG_LAYOUT_LINE;
        else if (!heaps && cost <= SG_AUTO_DOT_COST)
            layout = SG_LAYOUT_DOT;
        else
            layout = SG_LAYOUT_GRID;
    }
    d->layout = layout;
    if (check_degrees(ctx, d) != SG_OK)
        return ctx->status;
    switch (layout) {
    case SG_LAYOUT_LINE:
        if (d->n > SG_LINE_MAX_NODES)
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu positions are too many "
                               "for one row (the line layout draws at most "
                               "%u); use the grid layout or fewer positions",
                               what, d->n, SG_LINE_MAX_NODES);
        if (d->m > SG_GRID_MAX_MOVES)
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu moves are more than "
                               "sgviz draws in reasonable time (at most %u); "
                               "draw fewer positions", what, d->m,
                               SG_GRID_MAX_MOVES);
        break;
    case SG_LAYOUT_DOT:
        if (cost > SG_DOT_MAX_COST)
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu positions and %zu moves "
                               "would keep dot's layered layout busy for "
                               "minutes (its cost here is about %.0f, the "
                               "limit %u); use the grid layout or fewer "
                               "positions", what, d->n, d->m, cost,
                               SG_DOT_MAX_COST);
        break;
    default:
        if (d->n > SG_GRID_MAX_NODES || d->m > SG_GRID_MAX_MOVES)
            return sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu positions and %zu moves "
                               "are more than sgviz draws in reasonable time "
                               "(at most %u positions and %u moves); draw "
                               "fewer positions", what, d->n, d->m,
                               SG_GRID_MAX_NODES, SG_GRID_MAX_MOVES);
        break;
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Geometry                                                                 */
/* ------------------------------------------------------------------------ */

static sg_point pt(double x, double y)
{
    sg_point p = {x, y};
    return p;
}

static sg_point unit(sg_point from, sg_point to)
{
    double dx = to.x - from.x, dy = to.y - from.y;
    double len = sqrt(dx * dx + dy * dy);
    if (len <= 0)
        return pt(0, 1);
    return pt(dx / len, dy / len);
}

static sg_point bezier_mid(sg_point p0, sg_point p1, sg_point p2, sg_point p3)
{
    return pt((p0.x + 3 * p1.x + 3 * p2.x + p3.x) / 8,
              (p0.y + 3 * p1.y + 3 * p2.y + p3.y) / 8);
}

static void box_add(sg_box *b, double x, double y, double r)
{
    b->x0 = fmin(b->x0, x - r);
    b->x1 = fmax(b->x1, x + r);
    b->y0 = fmin(b->y0, y - r);
    b->y1 = fmax(b->y1, y + r);
}

/* Gives move K the cubic Bezier from its tail's centre U to its head's
 * centre V through control points C1 and C2: it leaves the tail's circle
 * towards C1 and ends, with room for the arrowhead, on the head's circle
 * towards C2 (or, when STRAIGHT, along the line between the centres; C1
 * and C2 then give only the directions: C1 = V and C2 = U).  Records the
 * curve's middle in the box and, for edge labels, puts the label beside
 * the middle, OUT points away from the curve. */
static void set_curve(sg_drawing *d, size_t k, sg_point u, sg_point c1,
                      sg_point c2, sg_point v, bool straight, sg_point out,
                      Agsym_t *pos, Agsym_t *lp, double fontsize)
{
    double r = d->diam / 2;
    sg_point du = unit(u, c1), dv = unit(v, c2);
    sg_point p0 = pt(u.x + r * du.x, u.y + r * du.y);
    sg_point e = pt(v.x + r * dv.x, v.y + r * dv.y);
    sg_point p3 = pt(e.x + d->alen * dv.x, e.y + d->alen * dv.y);
    /* A straight move gets its control points at the thirds of what
     * remains of it between the circles. */
    if (straight) {
        c1 = pt(p0.x + (p3.x - p0.x) / 3, p0.y + (p3.y - p0.y) / 3);
        c2 = pt(p0.x + 2 * (p3.x - p0.x) / 3, p0.y + 2 * (p3.y - p0.y) / 3);
    }
    char buf[256];
    snprintf(buf, sizeof buf,
             "e,%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f", e.x, e.y,
             p0.x, p0.y, c1.x, c1.y, c2.x, c2.y, p3.x, p3.y);
    sg_draw_set(d->edge[k], pos, buf);
    sg_point mid = bezier_mid(p0, c1, c2, p3);
    box_add(&d->box, mid.x, mid.y, 2);
    if (lp) {
        double off = 0.8 * fontsize;
        sg_point at = pt(mid.x + off * out.x, mid.y + off * out.y);
        sg_draw_point(buf, sizeof buf, at.x, at.y);
        sg_draw_set(d->edge[k], lp, buf);
        box_add(&d->box, at.x, at.y, fontsize);
    }
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The key that orders moves into bands: the amount a move takes, or, for
 * games without amounts, how far its ends are apart. */
static uint64_t move_key(const sg_drawing *d, size_t k)
{
    if (d->amount)
        return d->amount[k];
    if (d->place && d->head[k] < d->n) {
        uint64_t a = d->place[d->tail[k]], b = d->place[d->head[k]];
        return a > b ? a - b : b - a;
    }
    return d->tail[k] - d->head[k];
}

/* How many places apart the ends of move K stand in a row: by SLOT, or
 * by the nodes' indices when SLOT is NULL. */
static uint64_t move_span(const sg_drawing *d, const size_t *slot, size_t k)
{
    size_t a = slot ? slot[d->tail[k]] : d->tail[k];
    size_t b = slot ? slot[d->head[k]] : d->head[k];
    return a > b ? a - b : b - a;
}

/* The keys of the moves (all, or those longer than one step when
 * ARCS_ONLY), sorted, without repeats, into a new array *KEYS of *N. */
static sg_status move_keys(sg_ctx *ctx, const sg_drawing *d, bool arcs_only,
                           const size_t *slot, uint64_t **keys, size_t *n)
{
    uint64_t *k = sg_alloc_raw(ctx, d->m + 1, sizeof *k);
    if (!k)
        return ctx->status;
    size_t count = 0;
    for (size_t e = 0; e < d->m; e++)
        if (arcs_only ? d->head[e] < d->n && move_span(d, slot, e) > 1
                      : d->head[e] < d->n || d->amount)
            k[count++] = move_key(d, e);
    qsort(k, count, sizeof *k, compare_u64);
    size_t distinct = 0;
    for (size_t i = 0; i < count; i++)
        if (i == 0 || k[i] != k[distinct - 1])
            k[distinct++] = k[i];
    *keys = k;
    *n = distinct;
    return SG_OK;
}

static size_t key_rank(uint64_t key, const uint64_t *keys, size_t n)
{
    const uint64_t *found = bsearch(&key, keys, n, sizeof *keys, compare_u64);
    return found ? (size_t)(found - keys) : 0;
}

/* The textbook picture: positions 0, 1, 2, ... in one row, a move to the
 * neighbour as a straight arrow and every longer move as an arc.  Arcs of
 * the smallest amount go above the row, of the next below, and so on
 * alternately, and an arc's height grows with its span, so that the moves
 * of one amount form one visible band. */
static sg_status place_line(sg_ctx *ctx, sg_drawing *d, Agsym_t *pos,
                            Agsym_t *lp, double fontsize)
{
    /* On a slide the row is a little tighter, so that more positions fit
     * in one with labels large enough. */
    double r = d->diam / 2;
    double step = d->diam * (d->slide_aspect > 0 ? 1.5 : 1.75);
    /* Each node's place in the row: its rank among the numbers of the
     * positions (their order of computation where they have none). */
    size_t *slot = sg_alloc_raw(ctx, d->n + 1, sizeof *slot);
    uint64_t *sorted = sg_alloc_raw(ctx, d->n + 1, sizeof *sorted);
    if (!slot || !sorted) {
        free(slot);
        free(sorted);
        return ctx->status;
    }
    for (size_t i = 0; i < d->n; i++)
        sorted[i] = node_number(d, i);
    qsort(sorted, d->n, sizeof *sorted, compare_u64);
    for (size_t i = 0; i < d->n; i++) {
        uint64_t key = node_number(d, i);
        const uint64_t *at = bsearch(&key, sorted, d->n, sizeof *sorted,
                                     compare_u64);
        slot[i] = at ? (size_t)(at - sorted) : i;
    }
    free(sorted);
    for (size_t i = 0; i < d->n; i++) {
        d->at[i] = pt((double)slot[i] * step, 0);
        box_add(&d->box, d->at[i].x, 0, r);
    }
    /* The sides: the rank of each move's amount (its span, for games
     * without amounts) among those of the moves drawn as arcs. */
    uint64_t *keys = NULL;
    size_t distinct = 0;
    if (move_keys(ctx, d, true, slot, &keys, &distinct) != SG_OK) {
        free(slot);
        return ctx->status;
    }
    double width = (double)(d->n ? d->n - 1 : 0) * step;
    double cap = fmax(3 * step, 0.3 * width + step);
    for (size_t k = 0; k < d->m; k++) {
        if (d->head[k] >= d->n) /* into a sum: placed with the sums */
            continue;
        sg_point u = d->at[d->tail[k]], v = d->at[d->head[k]];
        uint64_t span = move_span(d, slot, k);
        if (span <= 1) {
            set_curve(d, k, u, v, u, v, true, pt(0, 1), pos, lp, fontsize);
            continue;
        }
        size_t rank = key_rank(move_key(d, k), keys, distinct);
        double side = rank % 2 == 0 ? 1 : -1;
        double h = fmin(step * (0.45 + 0.38 * (double)(span - 1)), cap);
        double len = u.x - v.x;
        sg_point c1 = pt(u.x - 0.22 * len, side * h);
        sg_point c2 = pt(v.x + 0.22 * len, side * h);
        set_curve(d, k, u, c1, c2, v, false, pt(0, side), pos, lp,
                  fontsize);
    }
    free(keys);
    free(slot);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The grid                                                                 */
/* ------------------------------------------------------------------------ */

/*
 * Positions stand in rows, in reading order, and no move passes through a
 * position that is not one of its ends: every curve runs only where no
 * position is.  Between two rows lies a channel as wide as the picture;
 * between two columns, a narrow gap.  A move to a position further left in
 * its own row is an arc in the channel above the row; a move to the row
 * above rises from its tail into the channel between the two rows, runs
 * along it and rises into its head from below; a move across several rows
 * runs along the channel above its tail to a gap between columns, straight
 * up the gap to the channel below its head, and along that into the head.
 * Each piece is a cubic Bezier curve whose control points climb, so its
 * height never goes back: once it has left a row's band it is in a
 * channel or a gap.  The height at which a move runs along a channel
 * depends on its amount, so that the moves of one amount form a band.
 *
 * A subtraction game whose period is known gets a multiple of the period
 * per row, so that the positions of equal value (the P-positions among
 * them) stand in columns; otherwise rows start at round numbers.  The
 * number of columns is the one that brings the picture, legend included,
 * closest to the shape asked for (16:9 unless the drawing says otherwise).
 */

typedef struct grid {
    size_t cols;
    double sx, sy;  /* column and row pitch */
    double r;       /* a position's radius */
    double gh;      /* the height of a channel between two rows */
} grid;

/* The cell of node I: the position's own number for games of numbered
 * heaps (so that a drawing from a root keeps the columns of the game's
 * values), its place in the order of computation otherwise. */
static uint64_t grid_cell(const sg_drawing *d, size_t i)
{
    return node_number(d, i);
}

static sg_point grid_at(const grid *g, uint64_t cell)
{
    return pt((double)(cell % g->cols) * g->sx,
              -(double)(cell / g->cols) * g->sy);
}

/* Gives move K the spline P[0..n) (1 + 3m points: m cubic pieces) whose
 * arrowhead ends at TIP; records what the curve covers in the box and,
 * with edge labels, puts the label at LABEL. */
static void set_spline(sg_drawing *d, size_t k, const sg_point *p, size_t n,
                       sg_point tip, sg_point label, Agsym_t *pos,
                       Agsym_t *lp, double fontsize)
{
    char buf[512];
    int used = snprintf(buf, sizeof buf, "e,%.2f,%.2f", tip.x, tip.y);
    for (size_t i = 0; i < n && used > 0 && (size_t)used < sizeof buf; i++)
        used += snprintf(buf + used, sizeof buf - (size_t)used, " %.2f,%.2f",
                         p[i].x, p[i].y);
    sg_draw_set(d->edge[k], pos, buf);
    for (size_t i = 0; i + 3 < n; i += 3) {
        for (int s = 1; s <= 3; s++) {
            double t = s / 4.0, a = 1 - t;
            box_add(&d->box,
                    a * a * a * p[i].x + 3 * a * a * t * p[i + 1].x +
                        3 * a * t * t * p[i + 2].x + t * t * t * p[i + 3].x,
                    a * a * a * p[i].y + 3 * a * a * t * p[i + 1].y +
                        3 * a * t * t * p[i + 2].y + t * t * t * p[i + 3].y,
                    2);
        }
    }
    if (lp) {
        sg_draw_point(buf, sizeof buf, label.x, label.y);
        sg_draw_set(d->edge[k], lp, buf);
        box_add(&d->box, label.x, label.y, fontsize);
    }
}

/* The point of the circle of radius R around C at ANGLE from straight up
 * (positive: to the right), or from straight down when DOWN. */
static sg_point on_circle(sg_point c, double r, double angle, bool down)
{
    return pt(c.x + r * sin(angle), down ? c.y - r * cos(angle)
                                         : c.y + r * cos(angle));
}

/* The angle from the vertical at which a move leaves or enters a
 * position, leaning towards where it goes. */
#define LEAN (20.0 * 3.14159265358979 / 180)

static double lean(double towards)
{
    return towards > 0.5 ? LEAN : towards < -0.5 ? -LEAN : 0;
}

/* The piece that leaves U upwards at angle A (from the vertical) and
 * turns along the channel at height Y towards X, ending at (X, Y + RISE)
 * going up: P[0..3]. */
static void rise_into(const grid *g, sg_point u, double a, double y,
                      double x, double rise, sg_point *p)
{
    p[0] = on_circle(u, g->r, a, false);
    p[1] = pt(p[0].x + (y - p[0].y) * tan(a), y);
    p[2] = pt(x, y);
    p[3] = pt(x, y + rise);
}

/* The piece from P[0] (below the channel at height Y, going up) along the
 * channel into V (of radius RV) from below, at angle A from straight down,
 * leaving room for the arrowhead: P[1..3], and the arrowhead's tip. */
static sg_point rise_to(const sg_drawing *d, sg_point v, double rv, double a,
                        double y, sg_point *p)
{
    sg_point tip = on_circle(v, rv, a, true);
    sg_point end = on_circle(v, rv + d->alen, a, true);
    p[1] = pt(p[0].x, y);
    p[2] = pt(end.x + (end.y - y) * tan(a), y);
    p[3] = end;
    return tip;
}

/* Routes move K from U to V (the cells' centres; the head's RADIUS)
 * at the band FRAC (0..1) of its amount, as a move that goes left or up;
 * P receives the spline (*N points), *TIP its arrowhead's tip and *LABEL
 * its label's place. */
static void grid_route(const sg_drawing *d, const grid *g, sg_point u,
                       sg_point v, double radius, double frac, double fontsize,
                       sg_point *p, size_t *n, sg_point *tip, sg_point *label)
{
    long ru = lround(-u.y / g->sy), rv = lround(-v.y / g->sy);
    double level = 0.2 + 0.6 * frac;
    double top = u.y + g->r; /* the top of the tail's row */
    if (ru == rv && u.x - v.x < 1.5 * g->sx) {
        /* The neighbour on the left: a straight arrow. */
        p[0] = pt(u.x - g->r, u.y);
        *tip = pt(v.x + g->r, v.y);
        p[3] = pt(tip->x + d->alen, v.y);
        p[1] = pt(p[0].x + (p[3].x - p[0].x) / 3, u.y);
        p[2] = pt(p[0].x + 2 * (p[3].x - p[0].x) / 3, u.y);
        *label = pt((p[0].x + p[3].x) / 2, u.y + 0.8 * fontsize);
        *n = 4;
        return;
    }
    if (ru == rv) {
        /* An arc in the channel above the row: it leaves and enters the
         * circles on their upper halves and never comes below the row's
         * top between them. */
        double y = top + g->gh * (0.3 + 0.6 * frac);
        p[0] = on_circle(u, g->r, -LEAN, false);
        p[1] = pt(p[0].x - (y - p[0].y) * tan(LEAN), y);
        *tip = on_circle(v, g->r, LEAN, false);
        p[3] = on_circle(v, g->r + d->alen, LEAN, false);
        p[2] = pt(p[3].x + (y - p[3].y) * tan(LEAN), y);
        *label = bezier_mid(p[0], p[1], p[2], p[3]);
        label->y += 0.6 * fontsize;
        *n = 4;
        return;
    }
    if (ru == rv + 1) {
        /* Up into the row above, along the channel between them. */
        double y = top + g->gh * level;
        double a = lean(v.x - u.x);
        p[0] = on_circle(u, g->r, a, false);
        p[1] = pt(p[0].x + (y - p[0].y) * tan(a), y);
        sg_point q[4];
        q[0] = p[1];
        *tip = rise_to(d, v, radius, lean(u.x - v.x), y, q);
        p[2] = q[2];
        p[3] = q[3];
        *label = bezier_mid(p[0], p[1], p[2], p[3]);
        label->y += 0.6 * fontsize;
        *n = 4;
        return;
    }
    /* Across several rows: along the channel above the tail to the gap
     * between columns nearest the middle of the move, up the gap, and
     * along the channel below the head.  The gaps at the ends of the rows
     * count too.  Moves of different amounts keep apart within a gap. */
    double mid = (u.x + v.x) / 2 / g->sx - 0.5;
    double j = floor(mid + 0.5);
    if (j < -1)
        j = -1;
    if (j > (double)g->cols - 1)
        j = (double)g->cols - 1;
    double gx = (j + 0.5) * g->sx + (frac - 0.5) * (g->sx - 2 * g->r) * 0.5;
    double rise = 0.1 * g->gh;
    double y1 = top + g->gh * level;
    double y2 = v.y - g->sy + g->r + g->gh * level;
    rise_into(g, u, lean(gx - u.x), y1, gx, rise, p);
    p[6] = pt(gx, y2 - rise);
    p[4] = pt(gx, p[3].y + (p[6].y - p[3].y) / 3);
    p[5] = pt(gx, p[3].y + 2 * (p[6].y - p[3].y) / 3);
    *tip = rise_to(d, v, radius, lean(gx - v.x), y2, p + 6);
    *label = bezier_mid(p[0], p[1], p[2], p[3]);
    label->y += 0.6 * fontsize;
    *n = 10;
}

/* Draws move K at the band FRAC of its amount.  grid_route() draws moves
 * that go left along a row or up; a move that goes right along its row, or
 * down (in a game that places its positions itself), is routed as its
 * mirror image and reflected back, which the rows, channels and gaps
 * allow, being symmetric. */
static void route_move(sg_drawing *d, const grid *g, size_t k, double frac,
                       Agsym_t *pos, Agsym_t *lp, double fontsize)
{
    sg_point u = d->at[d->tail[k]], v = d->at[d->head[k]];
    bool flip_y = v.y < u.y - 0.5 * g->sy;
    bool flip_x = !flip_y && v.y < u.y + 0.5 * g->sy && v.x > u.x;
    double width = (double)(g->cols - 1) * g->sx;
    if (flip_x) {
        u.x = width - u.x;
        v.x = width - v.x;
    }
    if (flip_y) {
        u.y = -u.y;
        v.y = -v.y;
    }
    /* A sum (the heaps a move leaves) is entered at its frame. */
    double rv = d->head[k] < d->n ? g->r : d->sum_h / 2;
    sg_point p[10], tip, label;
    size_t n;
    grid_route(d, g, u, v, rv, frac, fontsize, p, &n, &tip, &label);
    for (size_t i = 0; i <= n; i++) {
        sg_point *q = i < n ? &p[i] : &tip;
        if (flip_x)
            q->x = width - q->x;
        if (flip_y)
            q->y = -q->y;
    }
    if (flip_x)
        label.x = width - label.x;
    if (flip_y)
        label.y = -label.y;
    set_spline(d, k, p, n, tip, label, pos, lp, fontsize);
}

/* An estimate of the legend's size under the game's box, for choosing
 * the grid's shape before the legend is made.  It is the same for every
 * drawing of a game, whatever its legend shows (a title and the samples
 * of P and N, the legend every drawing has), so that the picture of a
 * graph, of its steps and of its Beamer frame, with a legend or without,
 * is laid out alike. */
static void legend_estimate(const sg_drawing *d, double *w, double *h)
{
    double fs = sg_theme_number(&d->theme->node, "fontsize", 14);
    fs = sg_theme_number(&d->theme->node_style[STYLE_LEGEND], "fontsize", fs);
    double row = fmax(2.2 * fs, 26) + 8;
    double caption = 2.8 * fs + 0.3 * fmin(d->diam, 60);
    if (d->slide_aspect > 0) {
        /* On a slide the legend is a strip of one or two rows under the
         * picture, or a column beside it, which takes no height. */
        *w = 0;
        *h = caption + 1.6 * fs + 2 * row;
        return;
    }
    *h = fmin(0.5 * d->diam, 30) + 1.6 * fs + 2 * row;
    *w = 28 * fs;
}

/* The period the values of positions that are numbers show, when they
 * are the numbers 0, 1, 2, ... (a game defined in C proves no period; a
 * period its values show still sets the columns, so that equal values
 * stand in columns as a subtraction game's do); 0 otherwise. */
static uint64_t shown_period(sg_ctx *ctx, const sg_drawing *d, size_t max)
{
    sg_value *v = sg_alloc_raw(ctx, d->n, sizeof *v);
    unsigned char *seen = sg_alloc(ctx, d->n, 1);
    uint64_t p = 0;
    bool whole = v && seen;
    for (size_t i = 0; whole && i < d->n; i++) {
        whole = d->place[i] < d->n && !seen[d->place[i]];
        if (whole) {
            seen[d->place[i]] = 1;
            v[d->place[i]] = d->sg[i];
        }
    }
    sg_sequence_info info;
    if (whole && sg_sequence_find(ctx, v, d->n, &info) == SG_OK &&
        info.found && info.saltus == 0 && info.period >= 2 &&
        info.period <= max)
        p = info.period;
    sg_ctx_clear(ctx);
    free(v);
    free(seen);
    return p;
}

/* The period of the game's values, when it is known (certified, or given
 * by a theorem) and short enough to matter for rows of at most MAX
 * positions; 0 otherwise. */
static uint64_t known_period(sg_ctx *ctx, const sg_drawing *d, size_t max)
{
    if (d->place && d->n >= 4)
        return shown_period(ctx, d, max);
    if (!sg_game_numbered(d->game) || d->n < 4)
        return 0;
    /* A period that fits in a row shows within a few thousand values;
     * the search stops there rather than look for a long one. */
    sg_period *per = sg_period_find(ctx, d->game, 4096);
    if (!per) {
        sg_ctx_clear(ctx);
        return 0;
    }
    const sg_period_info *info = sg_period_info_of(per);
    uint64_t p = 0;
    if (info->found && (info->applies || sg_period_theorem(per)) &&
        info->period >= 2 && info->period <= max)
        p = info->period;
    sg_period_free(per);
    return p;
}

/* How far the shape of a grid of COLS columns is from ASPECT (width over
 * height): the ratio of the two, as a factor of at least 1. */
static double shape_error(const sg_drawing *d, const grid *g, uint64_t cells,
                          double aspect, double lw, double lh)
{
    uint64_t rows = (cells + g->cols - 1) / g->cols +
                    (d->nsums + g->cols - 1) / g->cols;
    double w = fmax((double)(g->cols - 1) * g->sx + 2 * g->r, lw);
    double h = (double)(rows - 1) * g->sy + 2 * g->r + 0.6 * g->gh + lh;
    double ratio = w / h / aspect;
    return ratio >= 1 ? ratio : 1 / ratio;
}

static sg_status route_moves(sg_ctx *ctx, sg_drawing *d, const grid *g,
                             Agsym_t *pos, Agsym_t *lp, double fontsize);

/* Whether a grid of G's columns holding CELLS positions, with its legend
 * beside it or in a strip under it (as sg_layout_legend() will put it) and
 * a caption's line, framed to the slide's shape, is narrow enough for
 * labels of SLIDE_TEXT pixels.  Always true off slides. */
static bool slide_fits(const sg_drawing *d, const grid *g, uint64_t cells)
{
    if (d->slide_aspect <= 0)
        return true;
    double fs = sg_theme_number(&d->theme->node, "fontsize", 14);
    fs = sg_theme_number(&d->theme->node_style[STYLE_LEGEND], "fontsize", fs);
    double row = fmax(2.2 * fs, 26) + 8, a = d->slide_aspect;
    uint64_t rows = (cells + g->cols - 1) / g->cols +
                    (d->nsums + g->cols - 1) / g->cols;
    double gw = (double)(g->cols - 1) * g->sx + 2 * g->r;
    double gh = (double)(rows - 1) * g->sy + 2 * g->r + 0.6 * g->gh +
                2.8 * fs + 18;
    double framed;
    if (gw < gh * a)
        framed = fmax(gw + fmin(d->diam, 40) + 32 * fs,
                      fmax(gh, 1.6 * fs + 4 * row) * a);
    else
        framed = fmax(fmax(gw, 24 * fs), (gh + 1.6 * fs + 2 * row) * a);
    return framed <= slide_width(d);
}

/* Rows without a period to follow start at numbers easy to read: any
 * number of columns up to 20, a multiple of 5 up to 50, of 10 beyond. */
static bool round_columns(size_t cols)
{
    return cols <= 20 || cols % (cols <= 50 ? 5 : 10) == 0;
}

static sg_status place_grid(sg_ctx *ctx, sg_drawing *d, Agsym_t *pos,
                            Agsym_t *lp, double fontsize)
{
    grid g;
    g.r = d->diam / 2;
    /* A gap between columns keeps a fifth of a position's width, also
     * beside the sums (the widest of which sets the pitch when wider). */
    g.sx = fmax(d->diam * 1.6, d->nsums ? d->sum_w + 0.4 * d->diam : 0);
    g.gh = fmax(1.3 * d->diam, lp ? 4 * fontsize : 0);
    g.sy = d->diam + g.gh;
    const sg_game *game = d->game;
    if (game_cells(d)) {
        /* The game's own grid (a sum's positions), rows going up. */
        g.cols = 1;
        uint64_t *cols = sg_alloc_raw(ctx, d->n + 1, sizeof *cols);
        uint64_t *rows = sg_alloc_raw(ctx, d->n + 1, sizeof *rows);
        if (!cols || !rows) {
            free(cols);
            free(rows);
            return ctx->status;
        }
        for (size_t i = 0; i < d->n; i++) {
            cols[i] = rows[i] = 0;
            game->ops->cell(game, d->x[i], &cols[i], &rows[i]);
        }
        /* A sum's grid takes the shape asked for, by slices; it turns
         * from the textbook's (the first heap across) only when a shape
         * is asked for. */
        double lw, lh;
        legend_estimate(d, &lw, &lh);
        bool asked = d->opts.aspect > 0 || d->slide_aspect > 0;
        sg_status st = game->ops->id == SG_GAME_SUM
                           ? sg_sum_cells_shape(ctx, cols, rows, d->n, g.sx,
                                                g.sy, want_aspect(d), asked,
                                                lw, lh)
                           : SG_OK;
        for (size_t i = 0; st == SG_OK && i < d->n; i++) {
            d->at[i] = pt((double)cols[i] * g.sx, (double)rows[i] * g.sy);
            box_add(&d->box, d->at[i].x, d->at[i].y, g.r);
            if (cols[i] + 1 > g.cols)
                g.cols = (size_t)cols[i] + 1;
        }
        free(cols);
        free(rows);
        if (st != SG_OK)
            return st;
        return route_moves(ctx, d, &g, pos, lp, fontsize);
    }
    uint64_t cells = 1;
    for (size_t i = 0; i < d->n; i++)
        cells = grid_cell(d, i) + 1 > cells ? grid_cell(d, i) + 1 : cells;
    double aspect = want_aspect(d);
    double lw, lh;
    legend_estimate(d, &lw, &lh);

    /* The widest grid worth considering: twice as wide as a square one. */
    size_t widest = (size_t)fmin((double)cells,
                                 ceil(4 * sqrt((double)cells * aspect)) + 4);
    uint64_t period = known_period(ctx, d, widest);
    double best = HUGE_VAL;
    size_t best_cols = 1;
    for (size_t cols = 1; cols <= widest; cols++) {
        if (period ? cols % period != 0 : !round_columns(cols))
            continue;
        g.cols = cols;
        double e = shape_error(d, &g, cells, aspect, lw, lh);
        /* On a slide, a grid whose labels would come out too small loses
         * to any that fits. */
        if (!slide_fits(d, &g, cells))
            e *= 100;
        if (e < best) {
            best = e;
            best_cols = cols;
        }
    }
    /* A period so long that its rows are far too wide is no guide. */
    if (period && best > 2) {
        g.cols = period;
        best = HUGE_VAL;
        for (size_t cols = 1; cols <= widest; cols++) {
            if (!round_columns(cols))
                continue;
            g.cols = cols;
            double e = shape_error(d, &g, cells, aspect, lw, lh);
            if (!slide_fits(d, &g, cells))
                e *= 100;
            if (e < best) {
                best = e;
                best_cols = cols;
            }
        }
    }
    g.cols = best_cols;

    for (size_t i = 0; i < d->n; i++) {
        d->at[i] = grid_at(&g, grid_cell(d, i));
        box_add(&d->box, d->at[i].x, d->at[i].y, g.r);
    }
    return route_moves(ctx, d, &g, pos, lp, fontsize);
}

/* Draws every move of D, placed in the grid G.  The sums that moves
 * splitting a heap point at come first: they fill rows of their own under
 * the positions, in the grid's columns, so that moves reach them through
 * the same channels and gaps. */
static sg_status route_moves(sg_ctx *ctx, sg_drawing *d, const grid *g,
                             Agsym_t *pos, Agsym_t *lp, double fontsize)
{
    double low = 0;
    for (size_t i = 0; i < d->n; i++)
        low = fmin(low, d->at[i].y);
    for (size_t j = 0; j < d->nsums; j++) {
        sg_point *at = &d->at[d->n + j];
        *at = pt((double)(j % g->cols) * g->sx,
                 low - (double)(1 + j / g->cols) * g->sy);
        d->box.x0 = fmin(d->box.x0, at->x - d->sum_w / 2);
        d->box.x1 = fmax(d->box.x1, at->x + d->sum_w / 2);
        d->box.y0 = fmin(d->box.y0, at->y - d->sum_h / 2);
    }
    uint64_t *keys = NULL;
    size_t nkeys = 0;
    if (move_keys(ctx, d, false, NULL, &keys, &nkeys) != SG_OK)
        return ctx->status;
    for (size_t k = 0; k < d->m; k++) {
        double frac = ((double)key_rank(move_key(d, k), keys, nkeys) + 0.5) /
                      (double)(nkeys ? nkeys : 1);
        route_move(d, g, k, frac, pos, lp, fontsize);
    }
    free(keys);
    return SG_OK;
}

/* dot's layered layout, run once; attach_attrs() writes its coordinates
 * (node and edge pos, label positions, the bounding box) into the graph's
 * attributes, where every later painting finds them. */
static sg_status run_dot(sg_ctx *ctx, sg_drawing *d, GVC_t *gvc)
{
    char message[600];
    sg_gv_errors_begin(sg_game_spec(d->game));
    int rc = gvLayout(gvc, d->g, "dot");
    int errors = agerrors();
    if (rc == 0) {
        attach_attrs(d->g);
        gvFreeLayout(gvc, d->g);
    }
    sg_gv_errors_end(message, sizeof message);
    /* As in paint(): an error Graphviz went on after (an HTML-like label it
     * cannot parse) means the picture would not be what the file says. */
    if (rc == 0 && errors)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s",
                           message[0] ? message
                                      : "Graphviz reported an error");
    if (rc != 0)
        return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz's dot layout "
                           "failed%s%s", message[0] ? ": " : "", message);
    Agsym_t *bb = agattr(d->g, AGRAPH, SG_GV_STR("bb"), NULL);
    double x0, y0, x1, y1;
    if (!bb || sscanf(agxget(d->g, bb), "%lf,%lf,%lf,%lf", &x0, &y0, &x1,
                      &y1) != 4)
        return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz's dot layout gave no "
                           "bounding box");
    d->box.x0 = x0;
    d->box.y0 = y0;
    d->box.x1 = x1;
    d->box.y1 = y1;
    /* The legend is added below, so this box would be stale; painting
     * computes the whole picture's own. */
    sg_draw_set(d->g, bb, "");
    return SG_OK;
}

/* The picture's shape, legend included, as a factor of at least 1 away
 * from the shape asked for. */
static double drawn_shape_error(const sg_drawing *d)
{
    double lw, lh;
    legend_estimate(d, &lw, &lh);
    double w = fmax(d->box.x1 - d->box.x0, lw);
    double h = d->box.y1 - d->box.y0 + lh;
    double ratio = w / h / want_aspect(d);
    return ratio >= 1 ? ratio : 1 / ratio;
}

/* dot's layers from top to bottom; where they make a picture much taller
 * than the shape asked for (a long chain of moves), from left to right
 * instead, whichever comes closer. */
static sg_status place_dot(sg_ctx *ctx, sg_drawing *d, GVC_t *gvc)
{
    if (run_dot(ctx, d, gvc) != SG_OK)
        return ctx->status;
    double down = drawn_shape_error(d);
    double w = d->box.x1 - d->box.x0, h = d->box.y1 - d->box.y0;
    if (down < 2 || w >= h)
        return SG_OK;
    Agsym_t *dir = agattr(d->g, AGRAPH, SG_GV_STR("rankdir"), SG_GV_STR(""));
    sg_draw_set(d->g, dir, "LR");
    if (run_dot(ctx, d, gvc) != SG_OK)
        return ctx->status;
    if (drawn_shape_error(d) < down)
        return SG_OK;
    sg_draw_set(d->g, dir, "");
    return run_dot(ctx, d, gvc);
}

/* ------------------------------------------------------------------------ */
/* The board, and a position with its options                               */
/* ------------------------------------------------------------------------ */

/* The heat map's scale: light to dark, so that it reads in greyscale too,
 * one colour a value up to 8 and the darkest beyond. */
static const char *const heat[] = {"#ffffd9", "#edf8b1", "#c7e9b4",
                                   "#7fcdbb", "#41b6c4", "#1d91c0",
                                   "#225ea8", "#253494", "#081d58"};
#define HEAT_COLORS (sizeof heat / sizeof heat[0])

/* The same scale in greys, for a theme that prints in greyscale. */
static const char *const heat_grey[] = {"#ffffff", "#ebebeb", "#d4d4d4",
                                        "#bababa", "#9e9e9e", "#808080",
                                        "#616161", "#424242", "#212121"};

/* Whether COLOR (a theme's fillcolor) is a grey: "#rrggbb" with three
 * equal parts, white, black, or an X11 grey. */
static bool grey_color(const char *color)
{
    if (!color)
        return true;
    if (strcmp(color, "white") == 0 || strcmp(color, "black") == 0 ||
        strncmp(color, "gray", 4) == 0 || strncmp(color, "grey", 4) == 0)
        return true;
    return strlen(color) == 7 && color[0] == '#' &&
           strncmp(color + 1, color + 3, 2) == 0 &&
           strncmp(color + 1, color + 5, 2) == 0;
}

/* Whether D's theme fills P- and N-positions in greys (the print theme),
 * whose heat map is then grey too. */
static bool grey_theme(const sg_drawing *d)
{
    return grey_color(sg_attr_find(&d->theme->node_style[STYLE_P],
                                   "fillcolor")) &&
           grey_color(sg_attr_find(&d->theme->node_style[STYLE_N],
                                   "fillcolor"));
}

const char *sg_heat_color(const sg_drawing *d, sg_value v)
{
    size_t i = v < HEAT_COLORS ? (size_t)v : HEAT_COLORS - 1;
    return grey_theme(d) ? heat_grey[i] : heat[i];
}

const char *sg_heat_text_color(sg_value v)
{
    return v < 5 ? "black" : "white";
}

/* Positions (a, b) at column a and row b, (0, 0) at the lower left, as
 * the table's --grid has them by their numbers.  A move to a neighbouring
 * cell is a straight arrow; a longer one bows to one side, more the
 * longer it is, so that it passes beside the positions on its way rather
 * than through their centres. */
static void place_board(sg_drawing *d, Agsym_t *pos, Agsym_t *lp,
                        double fontsize)
{
    double pitch = d->diam * 1.3, r = d->diam / 2;
    for (size_t i = 0; i < d->n; i++) {
        d->at[i] = pt((double)d->board[2 * i] * pitch,
                      (double)d->board[2 * i + 1] * pitch);
        box_add(&d->box, d->at[i].x, d->at[i].y, r);
    }
    for (size_t k = 0; k < d->m; k++) {
        if (d->head[k] >= d->n) /* into a sum: placed with the sums */
            continue;
        sg_point u = d->at[d->tail[k]], v = d->at[d->head[k]];
        double dx = v.x - u.x, dy = v.y - u.y;
        double cells = fmax(fabs(dx), fabs(dy)) / pitch;
        if (cells < 1.5) {
            set_curve(d, k, u, v, u, v, true, pt(0, 1), pos, lp, fontsize);
            continue;
        }
        double len = sqrt(dx * dx + dy * dy);
        sg_point n = pt(-dy / len, dx / len);
        double h = pitch * (0.45 + 0.15 * (cells - 1));
        sg_point c1 = pt(u.x + dx / 4 + n.x * h, u.y + dy / 4 + n.y * h);
        sg_point c2 = pt(u.x + 3 * dx / 4 + n.x * h,
                         u.y + 3 * dy / 4 + n.y * h);
        set_curve(d, k, u, c1, c2, v, false, n, pos, lp, fontsize);
    }
}

typedef struct option_place {
    sg_value v;
    uint64_t key;
    size_t node;
} option_place;

static int compare_options(const void *a, const void *b)
{
    const option_place *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return (x->key > y->key) - (x->key < y->key);
}

/* The options of the position around_x, each once, in the order the
 * picture shows them: by value, then by position.  *N receives their
 * number; the caller frees the array.  NULL after recording SG_ENOMEM. */
static option_place *around_options(sg_ctx *ctx, const sg_drawing *d,
                                    size_t *n)
{
    size_t x = d->index_of[d->opts.around_x];
    option_place *o = sg_alloc(ctx, d->m + 1, sizeof *o);
    if (!o)
        return NULL;
    size_t count = 0;
    for (size_t k = d->first[x]; k < d->first[x + 1]; k++) {
        size_t h = d->head[k];
        bool seen = false;
        for (size_t j = 0; j < count && !seen; j++)
            seen = o[j].node == h;
        if (seen)
            continue;
        o[count].v = d->shown[h];
        o[count].key = h < d->n ? node_number(d, h) : UINT64_MAX - d->nsums + (h - d->n);
        o[count].node = h;
        count++;
    }
    qsort(o, count, sizeof *o, compare_options);
    *n = count;
    return o;
}

/* The position around_x on top, its options in a row under it, by value,
 * and a straight arrow to each: nothing lies between a move's ends. */
static sg_status place_around(sg_ctx *ctx, sg_drawing *d, Agsym_t *pos,
                              Agsym_t *lp, double fontsize)
{
    size_t n = 0;
    option_place *o = around_options(ctx, d, &n);
    if (!o)
        return ctx->status;
    size_t x = d->index_of[d->opts.around_x];
    double step = fmax(d->diam * 1.5, d->nsums ? d->sum_w + 0.5 * d->diam
                                                : 0);
    double width = (double)(n ? n - 1 : 0) * step;
    for (size_t j = 0; j < n; j++) {
        sg_point at = pt((double)j * step - width / 2, 0);
        d->at[o[j].node] = at;
        if (o[j].node < d->n)
            box_add(&d->box, at.x, at.y, d->diam / 2);
        else {
            d->box.x0 = fmin(d->box.x0, at.x - d->sum_w / 2);
            d->box.x1 = fmax(d->box.x1, at.x + d->sum_w / 2);
            d->box.y0 = fmin(d->box.y0, at.y - d->sum_h / 2);
        }
    }
    /* High enough above the row that the outermost arrows are not
     * flatter than one in three. */
    double rise = fmax(2.4 * d->diam, width / 2 / 3);
    d->at[x] = pt(0, rise);
    box_add(&d->box, 0, rise, d->diam / 2);
    free(o);
    for (size_t k = d->first[x]; k < d->first[x + 1]; k++) {
        if (d->head[k] >= d->n) {
            sg_draw_sum_move(d, k, pos, lp, fontsize);
            continue;
        }
        sg_point u = d->at[x], v = d->at[d->head[k]];
        set_curve(d, k, u, v, u, v, true, pt(1, 0), pos, lp, fontsize);
    }
    return SG_OK;
}

sg_status sg_layout_place(sg_ctx *ctx, sg_drawing *d, GVC_t *gvc)
{
    d->box.x0 = d->box.y0 = HUGE_VAL;
    d->box.x1 = d->box.y1 = -HUGE_VAL;
    if (d->layout == SG_LAYOUT_DOT)
        return place_dot(ctx, d, gvc);

    Agsym_t *pos = agattr(d->g, AGNODE, SG_GV_STR("pos"), NULL);
    Agsym_t *epos = agattr(d->g, AGEDGE, SG_GV_STR("pos"), NULL);
    Agsym_t *lp = d->opts.edge_labels
                      ? agattr(d->g, AGEDGE, SG_GV_STR("lp"), NULL)
                      : NULL;
    double fontsize = sg_theme_number(&d->theme->edge, "fontsize", 14);
    d->at = sg_alloc_raw(ctx, d->n + d->nsums, sizeof *d->at);
    if (!d->at)
        return ctx->status;
    if (d->opts.around) {
        if (place_around(ctx, d, epos, lp, fontsize) != SG_OK)
            return ctx->status;
    } else if (d->layout == SG_LAYOUT_BOARD) {
        place_board(d, epos, lp, fontsize);
    } else if (d->layout == SG_LAYOUT_LINE) {
        if (place_line(ctx, d, epos, lp, fontsize) != SG_OK)
            return ctx->status;
        /* `auto` takes one row only where it fits a slide: no wider than
         * 3:1, and not far wider than the shape asked for. */
        double lw, lh;
        legend_estimate(d, &lw, &lh);
        double w = fmax(d->box.x1 - d->box.x0, lw);
        double h = d->box.y1 - d->box.y0 + lh;
        double aspect = want_aspect(d);
        if (d->opts.layout == SG_LAYOUT_AUTO &&
            (w > h * fmin(SG_MAX_ASPECT, 1.7 * aspect) ||
             (d->slide_aspect > 0 && w > slide_width(d)))) {
            d->layout = SG_LAYOUT_GRID;
            d->box.x0 = d->box.y0 = HUGE_VAL;
            d->box.x1 = d->box.y1 = -HUGE_VAL;
        }
    }
    if (d->layout == SG_LAYOUT_GRID) {
        if (place_grid(ctx, d, epos, lp, fontsize) != SG_OK)
            return ctx->status;
    }
    /* The grid places the sums itself, in its rows, and so does the
     * picture of a position's options. */
    bool own_sums = d->layout == SG_LAYOUT_GRID || d->opts.around;
    if (!own_sums &&
        sg_layout_place_sums(ctx, d, epos, lp, fontsize, false) != SG_OK)
        return ctx->status;
    char buf[64];
    size_t nodes = d->n + (own_sums ? d->nsums : 0);
    for (size_t i = 0; i < nodes; i++) {
        sg_draw_point(buf, sizeof buf, d->at[i].x, d->at[i].y);
        sg_draw_set(d->node[i], pos, buf);
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The legend and the caption                                               */
/* ------------------------------------------------------------------------ */

typedef struct legend {
    sg_drawing *d;
    sg_ctx *ctx;
    Agsym_t *pos, *width, *height, *shape, *label, *cls, *id;
    double fontsize;
    /* Where the next sample goes: down a column from (x0, y), or, with
     * a strip as wide as STRIP, along a row that wraps. */
    double x0, x, y, row, strip;
    bool started;
} legend;

/* The place (*X, *Y) of the next sample of the legend, WIDTH wide. */
static void legend_next(legend *l, double width, double *x, double *y)
{
    if (l->strip > 0) {
        /* The strip is a table of equal columns, as wide as the legend's
         * longest line ("P-position: sg = 0, the player to move loses");
         * a wider sample takes as many columns as it needs. */
        double cell = 31 * l->fontsize + 1.5 * l->fontsize;
        double cells = fmax(1, ceil((width + 1.5 * l->fontsize) / cell));
        if (l->started && l->x + cells * cell > l->x0 + fmax(l->strip, cell) + 1) {
            l->x = l->x0;
            l->y -= l->row;
        }
        *x = l->x;
        l->x += cells * cell;
    } else {
        if (l->started)
            l->y -= l->row;
        *x = l->x0;
    }
    l->started = true;
    *y = l->y;
}

/* A node for the legend, named NAME unless the game has a position of that
 * name, in which case underscores go in front until the name is free. */
static Agnode_t *legend_node(legend *l, const char *name, double x, double y,
                             double width, double height)
{
    char buf[80];
    snprintf(buf, sizeof buf, "%s", name);
    while (agnode(l->d->g, buf, 0) && strlen(buf) + 2 < sizeof buf) {
        memmove(buf + 1, buf, strlen(buf) + 1);
        buf[0] = '_';
    }
    Agnode_t *v = agnode(l->d->g, buf, 1);
    if (!v) {
        sg_ctx_fail(l->ctx, SG_ENOMEM, "out of memory building the legend");
        return NULL;
    }
    sg_box *e = &l->d->extent;
    e->x0 = fmin(e->x0, x - width / 2);
    e->x1 = fmax(e->x1, x + width / 2);
    e->y0 = fmin(e->y0, y - height / 2);
    e->y1 = fmax(e->y1, y + height / 2);
    char num[64];
    sg_draw_point(num, sizeof num, x, y);
    sg_draw_set(v, l->pos, num);
    snprintf(num, sizeof num, "%.4f", width / 72);
    sg_draw_set(v, l->width, num);
    snprintf(num, sizeof num, "%.4f", height / 72);
    sg_draw_set(v, l->height, num);
    sg_draw_set(v, l->cls, "legend");
    sg_draw_set(v, l->id, buf + strspn(buf, "_"));
    return v;
}

static void legend_apply(const sg_drawing *d, void *obj,
                         const sg_resolved *res, size_t n)
{
    (void)d;
    for (size_t i = 0; i < n; i++)
        sg_draw_set(obj, res[i].sym, res[i].value);
}

/* A line of legend text whose left end is at X. */
static Agnode_t *legend_text(legend *l, const char *name, double x, double y,
                             const char *text)
{
    double w = sg_draw_text_width(text, l->fontsize) + 8;
    Agnode_t *v = legend_node(l, name, x + w / 2, y, w, 1.5 * l->fontsize);
    if (!v)
        return NULL;
    sg_draw_set(v, l->shape, "plaintext");
    sg_draw_set(v, l->d->n_style, "");
    sg_buf b;
    sg_buf_init(&b);
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            sg_buf_putc(&b, '\\');
        sg_buf_putc(&b, *p);
    }
    /* "\l" ends a left-justified line. */
    sg_buf_puts(&b, "\\l");
    sg_draw_set(v, l->label, b.failed ? "" : b.data);
    sg_buf_free(&b);
    legend_apply(l->d, v, l->d->nres[STYLE_LEGEND], l->d->nresn[STYLE_LEGEND]);
    return v;
}

/* A sample of a style as the positions have it: STYLE, then EXTRA on top
 * of it (-1: none), labelled TEXT, with the class "legend WHAT". */
static Agnode_t *legend_sample(legend *l, const char *name, double x,
                               double y, double size, sg_node_style_id style,
                               int extra, const char *text,
                               const char *what)
{
    Agnode_t *v = legend_node(l, name, x, y, size, size);
    if (!v)
        return NULL;
    legend_apply(l->d, v, l->d->nres[style], l->d->nresn[style]);
    if (extra >= 0)
        legend_apply(l->d, v, l->d->nres[extra], l->d->nresn[extra]);
    sg_draw_ring_size(l->d, v, size);
    sg_draw_set(v, l->label, text);
    char cls[32];
    snprintf(cls, sizeof cls, "legend %s", what);
    sg_draw_set(v, l->cls, cls);
    return v;
}

/* The legend's wording: templates/legend/LANG.text, one section for each
 * line the legend may have.  The wording is built in, never a user's file,
 * so every placeholder may appear in every section. */
enum {
    LS_TITLE_RANGE,
    LS_TITLE_REACHABLE,
    LS_TITLE_ONE,
    LS_TITLE_MANY,
    LS_P,
    LS_N,
    LS_WIN,
    LS_CURRENT,
    LS_TARGET,
    LS_PENDING,
    LS_SUM,
    LS_P_MISERE,
    LS_N_MISERE,
    LS_SUM_MISERE,
    LS_HIGHLIGHT,
    LS_HIGHLIGHT_MOVE,
    LS_HIGHLIGHT_TARGET,
    LS_HIGHLIGHT_MOVE_TARGET,
    LS_VALUE,
    LS_VALUE_MISERE,
    LS_PLAY_CURRENT,
    LS_PLAY_TARGET,
    LS_PLAY_HIDDEN,
    LS_NSECTIONS
};

static const char *const legend_sections[] = {
    "title-range", "title-reachable", "title-one", "title-many", "p", "n",
    "win", "current", "target", "pending", "sum", "p-misere", "n-misere",
    "sum-misere", "highlight", "highlight-move", "highlight-target",
    "highlight-move-target", "value", "value-misere", "play-current",
    "play-target", "play-hidden", NULL};

enum { LV_GAME, LV_LAST, LV_ROOT, LV_COUNT, LV_NVARS };

static const char *const legend_vars[] = {"game", "last", "root", "count",
                                          NULL};

#define LEGEND_ALL_VARS ((UINT64_C(1) << LV_NVARS) - 1)
static const uint64_t legend_allowed[LS_NSECTIONS] = {
    LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS,
    LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS,
    LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS,
    LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS,
    LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS,
    LEGEND_ALL_VARS, LEGEND_ALL_VARS, LEGEND_ALL_VARS};

static const char *const legend_settings[] = {NULL};

static const sg_tpl_schema legend_schema = {"legend wording", legend_sections,
                                            legend_vars, legend_allowed,
                                            legend_settings};

sg_template *sg_legend_wording(sg_ctx *ctx, const char *lang)
{
    char name[64];
    snprintf(name, sizeof name, "legend/%s.text", lang ? lang : "en");
    if (!sg_builtin_file(name, NULL)) {
        sg_fail_language(ctx, lang);
        return NULL;
    }
    return sg_tpl_builtin(ctx, &legend_schema, name);
}

/* Writes section ID of the legend's wording into BUF with the values VARS
 * (NULL: empty). */
static void legend_say(const sg_template *words, int id,
                       const char *const vars[LV_NVARS], char *buf,
                       size_t size)
{
    sg_buf b;
    sg_buf_init(&b);
    sg_tpl_say(&b, words, id, vars);
    snprintf(buf, size, "%.*s", (int)b.len, b.data && !b.failed ? b.data : "");
    sg_buf_free(&b);
}

void sg_legend_value_prefix(const sg_template *words, int misere, char *buf,
                            size_t size)
{
    legend_say(words, misere ? LS_VALUE_MISERE : LS_VALUE, NULL, buf, size);
    /* The section's text ends with its line break. */
    size_t len = strlen(buf);
    while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
        buf[--len] = '\0';
    if (!len)
        snprintf(buf, size, "%s", misere ? "g\u207b=" : "sg=");
}

/* The legend's title: the one asked for, a DOT game's own graph label,
 * or the game and the positions drawn. */
static void legend_title(const sg_drawing *d, const sg_template *words,
                         char *buf, size_t size)
{
    const char *own = d->opts.title;
    if (!own && d->src) {
        own = agget(d->src->graph, SG_GV_STR("label"));
        if (own && (!*own || aghtmlstr(SG_GV_STR(own))))
            own = NULL;
    }
    if (own) {
        snprintf(buf, size, "%s", own);
        return;
    }
    char a[64], num[32];
    const char *what = sg_game_describe(d->game);
    /* A DOT game goes by its file's name, without the directories. */
    if (!sg_game_numbered(d->game) && strrchr(what, '/'))
        what = strrchr(what, '/') + 1;
    sg_buf name;
    sg_buf_init(&name);
    sg_describe_add(&name, what, d->opts.lang);
    const char *vars[LV_NVARS] = {name.failed ? what : name.data, NULL, NULL,
                                  NULL};
    int id;
    if (d->opts.around) {
        /* A position and its options: as many positions as are drawn,
         * not the range they were found in. */
        snprintf(num, sizeof num, "%zu", d->n + d->nsums);
        vars[LV_COUNT] = num;
        id = LS_TITLE_MANY;
    } else if (d->opts.has_root) {
        vars[LV_ROOT] = sg_game_position_name(d->game, d->last, a, sizeof a);
        id = LS_TITLE_REACHABLE;
    } else if (sg_game_numbered(d->game)) {
        snprintf(num, sizeof num, "%llu", (unsigned long long)d->last);
        vars[LV_LAST] = num;
        id = LS_TITLE_RANGE;
    } else {
        snprintf(num, sizeof num, "%zu", d->n);
        vars[LV_COUNT] = num;
        id = d->n == 1 ? LS_TITLE_ONE : LS_TITLE_MANY;
    }
    legend_say(words, id, vars, buf, size);
    sg_buf_free(&name);
}

/* Adds the legend's lines, in the wording WORDS, from the point (X0, Y)
 * down: the title, a sample of P and of N, and, where the drawing shows
 * them, a winning move and the styles of step-by-step pictures. */
static sg_status legend_lines(legend *l, const sg_template *words, double x0,
                              double y)
{
    sg_drawing *d = l->d;
    sg_ctx *ctx = l->ctx;
    const char *none[LV_NVARS] = {NULL, NULL, NULL, NULL};
    double fs = l->fontsize;
    double size = fmax(2.2 * fs, 26), row = size + 8, gap = 12;
    char title[256], text[256];
    legend_title(d, words, title, sizeof title);
    y -= 0.8 * fs;
    if (!legend_text(l, "_legend_title", x0, y, title))
        return ctx->status;
    y -= 0.8 * fs + row / 2;
    l->x0 = l->x = x0;
    l->y = y;
    l->row = row;
    l->started = false;
#define ITEM(width) legend_next(l, (width), &x0, &y)
    legend_say(words, d->opts.misere ? LS_P_MISERE : LS_P, none, text,
               sizeof text);
    ITEM(size + gap + sg_draw_text_width(text, fs) + 8);
    if (!legend_sample(l, "_legend_P", x0 + size / 2, y, size, STYLE_P, -1,
                       "P", "P") ||
        !legend_text(l, "_legend_P_text", x0 + size + gap, y, text))
        return ctx->status;
    legend_say(words, d->opts.misere ? LS_N_MISERE : LS_N, none, text,
               sizeof text);
    ITEM(size + gap + sg_draw_text_width(text, fs) + 8);
    if (!legend_sample(l, "_legend_N", x0 + size / 2, y, size, STYLE_N, -1,
                       "N", "N") ||
        !legend_text(l, "_legend_N_text", x0 + size + gap, y, text))
        return ctx->status;
    if (d->nsums) {
        /* A sum node as the drawing has it, its first sum for a sample. */
        legend_say(words, d->opts.misere ? LS_SUM_MISERE : LS_SUM, none,
                   text, sizeof text);
        ITEM(fmax(size, d->sum_w) + gap + sg_draw_text_width(text, fs) + 8);
        Agnode_t *v = legend_node(l, "_legend_sum", x0 + d->sum_w / 2, y,
                                  d->sum_w, d->sum_h);
        if (!v)
            return ctx->status;
        legend_apply(d, v, d->nres[STYLE_N], d->nresn[STYLE_N]);
        sg_draw_set(v, l->shape, "box");
        sg_draw_set(v, d->n_style, "rounded,filled");
        char name[96];
        sg_draw_sum_name(d, 0, "+", name, sizeof name);
        sg_draw_set(v, l->label, name);
        sg_draw_set(v, l->cls, "legend sum");
        legend_say(words, d->opts.misere ? LS_SUM_MISERE : LS_SUM, none,
                   text, sizeof text);
        if (!legend_text(l, "_legend_sum_text",
                         x0 + fmax(size, d->sum_w) + gap, y, text))
            return ctx->status;
    }
    if (d->opts.highlight_wins) {
        legend_say(words, LS_WIN, none, text, sizeof text);
        ITEM(size + gap + sg_draw_text_width(text, fs) + 8);
        /* A sample move between two unpainted points. */
        Agnode_t *a = legend_node(l, "_legend_win_from", x0 + size, y, 1, 1);
        Agnode_t *b = legend_node(l, "_legend_win_to", x0, y, 1, 1);
        if (!a || !b)
            return ctx->status;
        sg_draw_set(a, d->n_style, "invis");
        sg_draw_set(b, d->n_style, "invis");
        sg_draw_set(a, l->label, "");
        sg_draw_set(b, l->label, "");
        Agedge_t *e = agedge(d->g, a, b, NULL, 1);
        if (!e)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory building the "
                               "legend");
        legend_apply(d, e, d->eres[ESTYLE_WIN], d->eresn[ESTYLE_WIN]);
        Agsym_t *epos = agattr(d->g, AGEDGE, SG_GV_STR("pos"), NULL);
        char buf[160];
        double alen = 10 * sg_theme_number(&d->theme->edge_style[ESTYLE_WIN],
                                           "arrowsize",
                                           sg_theme_number(&d->theme->edge,
                                                           "arrowsize", 1));
        double tip = x0 + 2, start = x0 + size - 2, end = tip + alen;
        snprintf(buf, sizeof buf, "e,%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f "
                 "%.2f,%.2f", tip, y, start, y, start - (start - end) / 3, y,
                 start - 2 * (start - end) / 3, y, end, y);
        sg_draw_set(e, epos, buf);
        sg_draw_set(e, d->e_class, "legend win");
        legend_say(words, LS_WIN, none, text, sizeof text);
        if (!legend_text(l, "_legend_win_text", x0 + size + gap, y, text))
            return ctx->status;
    }
    if (d->opts.highlight) {
        /* The position highlighted and where its moves lead, in the
         * styles of a step's. */
        legend_say(words, d->opts.highlight_move ? LS_HIGHLIGHT_MOVE
                                                 : LS_HIGHLIGHT,
                   none, text, sizeof text);
        ITEM(size + gap + sg_draw_text_width(text, fs) + 8);
        if (!legend_sample(l, "_legend_highlight", x0 + size / 2, y, size,
                           STYLE_N, STYLE_CURRENT, "x", "current") ||
            !legend_text(l, "_legend_highlight_text", x0 + size + gap, y,
                         text))
            return ctx->status;
        legend_say(words, d->opts.highlight_move ? LS_HIGHLIGHT_MOVE_TARGET
                                                 : LS_HIGHLIGHT_TARGET,
                   none, text, sizeof text);
        ITEM(size + gap + sg_draw_text_width(text, fs) + 8);
        if (!legend_sample(l, "_legend_highlight_target", x0 + size / 2, y,
                           size, STYLE_P, STYLE_TARGET, "y", "target") ||
            !legend_text(l, "_legend_highlight_target_text",
                         x0 + size + gap, y, text))
            return ctx->status;
    }
    if (d->opts.step_legend) {
        /* The samples are labelled as a slide would name them: x being
         * computed, y one of its targets, and "?" for a value not known
         * yet. */
        static const struct {
            const char *name, *text_name, *label, *what;
            sg_node_style_id base;
            int extra;
            int words, play_words;
        } rows[] = {
            {"_legend_current", "_legend_current_text", "x", "current", STYLE_N,
             STYLE_CURRENT, LS_CURRENT, LS_PLAY_CURRENT},
            {"_legend_target", "_legend_target_text", "y", "target", STYLE_P,
             STYLE_TARGET, LS_TARGET, LS_PLAY_TARGET},
            {"_legend_pending", "_legend_pending_text", "?", "pending",
             STYLE_PENDING,
             -1, LS_PENDING, LS_PLAY_HIDDEN},
        };
        /* A game being played names the same looks by what they are at the
         * table: where the game stands, where it may go, a value hidden. */
        bool play = d->opts.step_legend == SG_STEP_LEGEND_PLAY;
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            legend_say(words, play ? rows[i].play_words : rows[i].words, none,
                       text, sizeof text);
            ITEM(size + gap + sg_draw_text_width(text, fs) + 8);
            if (!legend_sample(l, rows[i].name, x0 + size / 2, y, size,
                               rows[i].base, rows[i].extra, rows[i].label,
                               rows[i].what) ||
                !legend_text(l, rows[i].text_name, x0 + size + gap, y, text))
                return ctx->status;
        }
    }
    if (d->opts.heat_map) {
        /* The heat map's scale: one sample a value, up to the largest
         * drawn (the last stands for it and every larger one). */
        sg_value top = 0;
        for (size_t i = 0; i < d->n; i++)
            if (d->sg[i] != SG_VALUE_UNKNOWN && d->sg[i] > top)
                top = d->sg[i];
        if (top > HEAT_COLORS - 1)
            top = HEAT_COLORS - 1;
        double w = sg_draw_text_width(d->value_prefix, fs) + 8;
        ITEM(w + gap + (double)(top + 1) * (size + 4));
        if (!legend_text(l, "_legend_heat_text", x0, y, d->value_prefix))
            return ctx->status;
        for (sg_value v = 0; v <= top; v++) {
            char name[32], label[32];
            snprintf(name, sizeof name, "_legend_heat_%u", (unsigned)v);
            snprintf(label, sizeof label, "%u%s", (unsigned)v,
                     v == HEAT_COLORS - 1 ? "+" : "");
            Agnode_t *sv = legend_sample(l, name,
                                         x0 + w + gap + size / 2 +
                                             (double)v * (size + 4),
                                         y, size, v ? STYLE_N : STYLE_P, -1,
                                         label, "heat");
            if (!sv)
                return ctx->status;
            if (d->n_fill)
                sg_draw_set(sv, d->n_fill, sg_heat_color(d, v));
            if (d->n_fontcolor)
                sg_draw_set(sv, d->n_fontcolor, sg_heat_text_color(v));
        }
    }
#undef ITEM
    return SG_OK;
}

static void legend_init(legend *l, sg_ctx *ctx, sg_drawing *d)
{
    *l = (legend){.d = d, .ctx = ctx};
    l->pos = agattr(d->g, AGNODE, SG_GV_STR("pos"), NULL);
    l->width = agattr(d->g, AGNODE, SG_GV_STR("width"), NULL);
    l->height = agattr(d->g, AGNODE, SG_GV_STR("height"), NULL);
    l->shape = d->n_shape;
    l->label = d->n_label;
    l->cls = d->n_class;
    l->id = agattr(d->g, AGNODE, SG_GV_STR("id"), NULL);
    l->fontsize = sg_theme_number(&d->theme->node, "fontsize", 14);
    l->fontsize = sg_theme_number(&d->theme->node_style[STYLE_LEGEND],
                                  "fontsize", l->fontsize);
}

/* Under the picture of a position and its options: the mex step, as a
 * line ("sg(5) = mex{0, 1, 2} = 3", the options' values in the order
 * they stand) over a row of the values 0, 1, 2, ...: those the options
 * have (plain), those they lack (greyed), and the mex, the least they
 * lack, which is the position's value, highlighted as the position is.  Returns the height it
 * took, or a negative number after recording an error. */
static double around_strip(legend *l, double y)
{
    sg_drawing *d = l->d;
    size_t n = 0;
    option_place *o = around_options(l->ctx, d, &n);
    if (!o)
        return -1;
    /* The values 0..top + 1 are shown, top the largest an option has
     * (within reason: a value strip of more than 40 is not read). */
    sg_value top = 0;
    unsigned char have[41] = {0};
    for (size_t j = 0; j < n; j++) {
        if (o[j].v <= 40)
            have[o[j].v] = 1;
        if (o[j].v > top && o[j].v < 40)
            top = o[j].v;
    }
    sg_value mex = 0;
    while (mex < 40 && have[mex])
        mex++;
    /* The function's name as the nodes write it: "sg=" is "sg". */
    char fn[16];
    snprintf(fn, sizeof fn, "%s", d->value_prefix);
    size_t len = strlen(fn);
    if (len && fn[len - 1] == '=')
        fn[len - 1] = '\0';
    sg_buf b;
    sg_buf_init(&b);
    char name[64];
    sg_buf_printf(&b, "%s(%s) = mex{", fn,
                  sg_game_position_name(d->game, d->opts.around_x, name,
                                        sizeof name));
    for (size_t j = 0; j < n; j++)
        sg_buf_printf(&b, "%s%llu", j ? ", " : "", (unsigned long long)o[j].v);
    sg_buf_printf(&b, "} = %llu", (unsigned long long)mex);
    free(o);
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(l->ctx, SG_ENOMEM, "out of memory writing the mex step");
        return -1;
    }
    double fs = l->fontsize, cfs = 1.4 * fs;
    double size = fmax(2.2 * fs, 26), x0 = d->box.x0;
    double y0 = y;
    y -= cfs;
    double keep = l->fontsize;
    l->fontsize = cfs;
    Agnode_t *line = legend_text(l, "_around_mex", x0, y, b.data);
    l->fontsize = keep;
    sg_buf_free(&b);
    if (!line)
        return -1;
    char big[32];
    snprintf(big, sizeof big, "%.1f", cfs);
    sg_draw_set(line, agattr(d->g, AGNODE, SG_GV_STR("fontsize"), NULL),
                big);
    sg_draw_set(line, l->cls, "mex");
    y -= cfs + size / 2;
    sg_value last = mex > top ? mex : top + 1;
    for (sg_value v = 0; v <= last; v++) {
        char id[32], label[32];
        snprintf(id, sizeof id, "_around_value_%u", (unsigned)v);
        snprintf(label, sizeof label, "%u", (unsigned)v);
        bool chosen = v == mex, had = v <= 40 && have[v];
        Agnode_t *s = legend_sample(l, id, x0 + size / 2 +
                                              (double)v * (size + 6),
                                    y, size,
                                    chosen ? (v ? STYLE_N : STYLE_P)
                                           : had ? STYLE_N : STYLE_PENDING,
                                    chosen ? STYLE_CURRENT : -1,
                                    label,
                                    chosen ? "mex" : had ? "taken" : "free");
        if (!s)
            return -1;
    }
    return y0 - (y - size / 2 - 0.5 * fs);
}

/* A slide's picture is as wide as the slide's shape: two points that
 * paint nothing stretch it, and its labels must be large enough on a
 * screen 1920 pixels wide. */
static sg_status slide_frame(sg_ctx *ctx, sg_drawing *d)
{
    legend l;
    legend_init(&l, ctx, d);
    /* Graphviz's box of a picture holds every control point of every
     * curve, beyond the curve itself (the arcs over a row): the frame is
     * measured as Graphviz will measure it. */
    Agsym_t *epos = agattr(d->g, AGEDGE, SG_GV_STR("pos"), NULL);
    for (size_t k = 0; epos && k < d->m; k++) {
        const char *p = agxget(d->edge[k], epos);
        while (p && *p) {
            double x, y;
            int used = 0;
            if (*p == 'e' || *p == 's')
                p += 2;
            if (sscanf(p, "%lf,%lf%n", &x, &y, &used) != 2)
                break;
            d->extent.x0 = fmin(d->extent.x0, x);
            d->extent.x1 = fmax(d->extent.x1, x);
            d->extent.y0 = fmin(d->extent.y0, y);
            d->extent.y1 = fmax(d->extent.y1, y);
            p += used;
            p += strspn(p, " ");
        }
    }
    /* The padding around the picture counts in its shape. */
    sg_box e = d->extent;
    double pad2 = 2 * picture_pad(d);
    double w = e.x1 - e.x0 + pad2, h = e.y1 - e.y0 + pad2;
    double a = d->slide_aspect;
    if (w < h * a) {
        double more = (h * a - w) / 2;
        e.x0 -= more;
        e.x1 += more;
    } else {
        double more = (w / a - h) / 2;
        e.y0 -= more;
        e.y1 += more;
    }
    Agnode_t *lo = legend_node(&l, "_slide_lo", e.x0 + 0.5, e.y0 + 0.5, 1, 1);
    Agnode_t *hi = legend_node(&l, "_slide_hi", e.x1 - 0.5, e.y1 - 0.5, 1, 1);
    if (!lo || !hi)
        return ctx->status;
    Agnode_t *corner[2] = {lo, hi};
    for (int i = 0; i < 2; i++) {
        sg_draw_set(corner[i], d->n_style, "invis");
        sg_draw_set(corner[i], l.label, "");
        sg_draw_set(corner[i], l.shape, "point");
        sg_draw_set(corner[i], l.cls, "frame");
    }
    double pad = picture_pad(d);
    double wide = d->extent.x1 - d->extent.x0 + 2 * pad;
    double px = smallest_text(d) * SLIDE_SCREEN / wide;
    if (px + 1e-9 < SLIDE_TEXT)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s: %zu positions make a "
                           "picture %.0f points wide, so on a screen %.0f "
                           "pixels wide its labels would be %.1f pixels, "
                           "less than the %.0f a slide needs; draw fewer "
                           "positions", sg_game_describe(d->game), d->n,
                           wide, SLIDE_SCREEN, px, SLIDE_TEXT);
    return SG_OK;
}

static sg_status legend_all(sg_ctx *ctx, sg_drawing *d)
{
    d->extent = d->box;
    if (d->n == 0)
        return SG_OK;
    legend l;
    legend_init(&l, ctx, d);
    double fs = l.fontsize;
    double x0 = d->box.x0, y = d->box.y0 - fmin(0.5 * d->diam, 30);
    if (d->opts.around) {
        double took = around_strip(&l, y);
        if (took < 0)
            return ctx->status;
        y -= took;
    }
    if (d->opts.no_legend && !d->opts.caption)
        return SG_OK;

    if (d->opts.caption) {
        /* The caption is what a step says, so it is set larger than the
         * legend, to be read from the back of a lecture room. */
        double cfs = 1.4 * fs;
        double w = fmax(d->box.x1 - d->box.x0, 4 * 72);
        y -= cfs;
        d->caption = legend_node(&l, "_caption", (d->box.x0 + d->box.x1) / 2,
                                 y, w, 1.6 * cfs);
        if (!d->caption)
            return ctx->status;
        sg_draw_set(d->caption, l.shape, "plaintext");
        sg_draw_set(d->caption, d->n_style, "");
        sg_draw_set(d->caption, l.label, "");
        sg_draw_set(d->caption, l.cls, "caption");
        legend_apply(d, d->caption, d->nres[STYLE_LEGEND],
                     d->nresn[STYLE_LEGEND]);
        char size[32];
        snprintf(size, sizeof size, "%.1f", cfs);
        sg_draw_set(d->caption, agattr(d->g, AGNODE, SG_GV_STR("fontsize"),
                                       NULL), size);
        d->c_label = l.label;
        y -= cfs + 0.3 * fmin(d->diam, 60);
    }
    if (d->opts.no_legend)
        return SG_OK;
    if (d->slide_aspect > 0) {
        /* On a slide the legend takes the room the picture leaves: a
         * column beside a picture narrower than the slide, a strip under
         * one that is wider. */
        double w = d->box.x1 - d->box.x0, h = d->box.y1 - d->box.y0;
        if (w < h * d->slide_aspect) {
            x0 = d->box.x1 + fmin(d->diam, 40);
            y = d->box.y1;
        } else {
            /* The picture is framed to the slide's shape in the end, so
             * the strip may be as wide as that frame will be at least:
             * the picture's height with a caption and four rows of
             * samples under it, times the slide's shape. */
            double row = fmax(2.2 * fs, 26) + 8;
            double least = (h + (d->caption ? 2.8 * fs : 0) + 1.6 * fs +
                            4 * row) * d->slide_aspect;
            /* Two columns at least: a strip of one would be a column
             * under the picture, the height a slide lacks. */
            l.strip = fmax(fmax(w, 2 * 32.5 * fs), least);
        }
    }

    sg_template *words = sg_legend_wording(ctx, d->opts.lang);
    if (!words)
        return ctx->status;
    sg_status st = legend_lines(&l, words, x0, y);
    sg_template_free(words);
    return st;
}

sg_status sg_layout_legend(sg_ctx *ctx, sg_drawing *d)
{
    if (legend_all(ctx, d) != SG_OK)
        return ctx->status;
    return d->slide_aspect > 0 && d->n ? slide_frame(ctx, d) : SG_OK;
}
