/*
 * sums.c - the nodes that moves splitting a heap point at.
 *
 * In a take-and-break game a move may leave two or three heaps, and the
 * value of that option is the nim-sum of theirs.  A drawing shows such an
 * option as a small node of its own, "1+2" over "sg=3", that the move
 * points at, so that a student sees the sum and its value beside the
 * positions whose values it combines.  Options that leave the same heaps
 * share one node, whichever position they come from.
 *
 * A sum is a position of the game too, so it is styled P or N by its
 * value, and a move into a sum of value 0 is a winning move like any
 * other.  Its state in step-by-step pictures is not set from outside: it
 * follows from its heaps (its value is unknown while one of them is) and
 * from the moves into it (a target while one of them is current).
 */
#include "render/render_draw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Gathering                                                                */
/* ------------------------------------------------------------------------ */

/* One option that leaves several heaps, as a key to sort and find: its
 * heaps in increasing order (at most three), and how many there are. */
typedef struct sum_key {
    uint64_t part[3];
    unsigned k;
} sum_key;

static uint64_t key_total(const sum_key *s)
{
    uint64_t t = 0;
    for (unsigned i = 0; i < s->k; i++)
        t += s->part[i];
    return t;
}

/* By the tokens left, then by the number of heaps, then by the heaps. */
static int compare_keys(const void *a, const void *b)
{
    const sum_key *x = a, *y = b;
    uint64_t tx = key_total(x), ty = key_total(y);
    if (tx != ty)
        return tx < ty ? -1 : 1;
    if (x->k != y->k)
        return x->k < y->k ? -1 : 1;
    for (unsigned i = 0; i < x->k; i++)
        if (x->part[i] != y->part[i])
            return x->part[i] < y->part[i] ? -1 : 1;
    return 0;
}

static bool key_of(const size_t *part_start, const uint64_t *parts, size_t j,
                   sum_key *key)
{
    size_t k = part_start[j + 1] - part_start[j];
    if (k < 2 || k > 3)
        return false;
    memset(key, 0, sizeof *key);
    key->k = (unsigned)k;
    for (size_t i = 0; i < k; i++)
        key->part[i] = parts[part_start[j] + i];
    return true;
}

sg_status sg_draw_gather_sums(sg_ctx *ctx, sg_drawing *d,
                              const uint64_t *first, const size_t *part_start,
                              const uint64_t *parts, const unsigned char *keep,
                              const sg_values *values, size_t *head)
{
    /* Every split of a kept position, sorted; equal ones then lie
     * together and become one node. */
    size_t nsplit = 0;
    for (uint64_t x = 0; x <= d->last; x++)
        if (keep[x])
            for (uint64_t j = first[x]; j < first[x + 1]; j++)
                nsplit += part_start[j + 1] - part_start[j] > 1;
    sum_key *keys = sg_alloc_raw(ctx, nsplit + 1, sizeof *keys);
    if (!keys)
        return ctx->status;
    size_t n = 0;
    for (uint64_t x = 0; x <= d->last; x++)
        if (keep[x])
            for (uint64_t j = first[x]; j < first[x + 1]; j++)
                n += key_of(part_start, parts, (size_t)j, &keys[n]);
    qsort(keys, n, sizeof *keys, compare_keys);
    size_t nsums = 0, nparts = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || compare_keys(&keys[i], &keys[nsums - 1]) != 0) {
            nparts += keys[i].k;
            keys[nsums++] = keys[i];
        }
    d->nsums = nsums;
    d->sum_first = sg_alloc_raw(ctx, nsums + 1, sizeof *d->sum_first);
    d->sum_parts = sg_alloc_raw(ctx, nparts + 1, sizeof *d->sum_parts);
    if (!d->sum_first || !d->sum_parts) {
        free(keys);
        return ctx->status;
    }
    size_t at = 0;
    for (size_t s = 0; s < nsums; s++) {
        d->sum_first[s] = at;
        sg_value v = 0;
        for (unsigned i = 0; i < keys[s].k; i++) {
            d->sum_parts[at++] = keys[s].part[i];
            v ^= sg_values_get(values, keys[s].part[i]);
        }
        d->sg[d->n + s] = v;
        d->shown[d->n + s] = v;
    }
    d->sum_first[nsums] = at;
    for (uint64_t x = 0; x <= d->last; x++) {
        for (uint64_t j = first[x]; j < first[x + 1]; j++) {
            sum_key key;
            head[j] = SIZE_MAX;
            if (!keep[x] || !key_of(part_start, parts, (size_t)j, &key))
                continue;
            const sum_key *found = bsearch(&key, keys, nsums, sizeof *keys,
                                           compare_keys);
            head[j] = d->n + (size_t)(found - keys);
        }
    }
    free(keys);
    return SG_OK;
}

void sg_draw_sum_name(const sg_drawing *d, size_t j, const char *sep,
                      char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = d->sum_first[j]; i < d->sum_first[j + 1] && used < size;
         i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%llu",
                                 i > d->sum_first[j] ? sep : "",
                                 (unsigned long long)d->sum_parts[i]);
}

/* ------------------------------------------------------------------------ */
/* Sizes and styles                                                         */
/* ------------------------------------------------------------------------ */

/* A sum's labels are set a little smaller than a position's: the sums are
 * many, and the positions are what the picture is about. */
#define SUM_FONT_SCALE 0.85

void sg_draw_size_sums(sg_drawing *d, double fontsize)
{
    double fs = SUM_FONT_SCALE * fontsize, widest = 0;
    char buf[96];
    for (size_t j = 0; j < d->nsums; j++) {
        sg_draw_sum_name(d, j, "+", buf, sizeof buf);
        widest = fmax(widest, sg_draw_text_width(buf, fs));
        snprintf(buf, sizeof buf, "%s%llu", d->value_prefix,
                 (unsigned long long)d->sg[d->n + j]);
        widest = fmax(widest, sg_draw_text_width(buf, fs));
    }
    d->sum_w = widest + 24;
    d->sum_h = 2 * 1.2 * fs + 16;
}

static void apply(void *obj, const sg_resolved *res, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sg_draw_set(obj, res[i].sym, res[i].value);
}

/* Each sum's state and the value it shows, from its heaps (the nim-sum of
 * the values they show, or under misère play the sum's own g-; unknown
 * when one of theirs is) and from the moves into it. */
static void sum_states(sg_drawing *d)
{
    unsigned char *state = d->nstate + d->n;
    for (size_t j = 0; j < d->nsums; j++) {
        state[j] = SG_NODE_VALUE;
        sg_value shown = 0;
        bool undrawn = false;
        for (size_t i = d->sum_first[j]; i < d->sum_first[j + 1]; i++) {
            uint64_t x = d->sum_parts[i];
            size_t at = x <= d->last ? d->index_of[x] : SIZE_MAX;
            unsigned char s = at == SIZE_MAX ? SG_NODE_VALUE : d->nstate[at];
            /* A heap the drawing leaves out (a position's options alone
             * are drawn) counts with its own value, which the sum's
             * holds. */
            undrawn |= at == SIZE_MAX;
            sg_value v = at == SIZE_MAX ? 0 : d->shown[at];
            if (s == SG_NODE_HIDDEN)
                state[j] = SG_NODE_HIDDEN;
            else if (s == SG_NODE_PENDING && state[j] != SG_NODE_HIDDEN)
                state[j] = SG_NODE_PENDING;
            shown = v == SG_VALUE_UNKNOWN || shown == SG_VALUE_UNKNOWN
                        ? SG_VALUE_UNKNOWN
                        : shown ^ v;
        }
        /* Under misère play a sum's value is not the nim-sum of its
         * heaps': it is the one the drawing found when it was made. */
        if ((d->opts.misere || undrawn) && shown != SG_VALUE_UNKNOWN)
            shown = d->sg[d->n + j];
        d->shown[d->n + j] = shown;
    }
    for (size_t k = 0; k < d->m; k++) {
        size_t h = d->head[k];
        if (h >= d->n && d->estate[k] == SG_EDGE_CURRENT &&
            state[h - d->n] == SG_NODE_VALUE)
            state[h - d->n] = SG_NODE_TARGET;
    }
}

static void style_sum(sg_drawing *d, size_t j)
{
    size_t i = d->n + j;
    Agnode_t *v = d->node[i];
    for (size_t k = 0; k < d->nstyled; k++)
        sg_draw_set(v, d->nsym[k], d->ndefault[k]);
    sg_node_state state = (sg_node_state)d->nstate[i];
    sg_value shown = d->shown[i];
    bool known = state != SG_NODE_PENDING && shown != SG_VALUE_UNKNOWN;
    bool p = shown == 0;
    if (known)
        apply(v, d->nres[p ? STYLE_P : STYLE_N],
              d->nresn[p ? STYLE_P : STYLE_N]);
    else
        apply(v, d->nres[STYLE_PENDING], d->nresn[STYLE_PENDING]);
    if (state == SG_NODE_TARGET)
        apply(v, d->nres[STYLE_TARGET], d->nresn[STYLE_TARGET]);

    /* A box with rounded corners, whatever shape the style gives positions;
     * a double ring becomes a double frame, so that P still differs from N
     * in print. */
    const char *shape = d->n_shape ? agxget(v, d->n_shape) : "";
    if (d->n_peripheries && strcmp(shape, "doublecircle") == 0)
        sg_draw_set(v, d->n_peripheries, "2");
    if (d->n_shape)
        sg_draw_set(v, d->n_shape, "box");
    char buf[160];
    const char *style = d->n_style ? agxget(v, d->n_style) : "";
    if (state == SG_NODE_HIDDEN)
        snprintf(buf, sizeof buf, "invis");
    else
        snprintf(buf, sizeof buf, "rounded%s%s", *style ? "," : "", style);
    if (d->n_style)
        sg_draw_set(v, d->n_style, buf);
    /* Extra frames go outside the node's size, as rings do. */
    const char *per = d->n_peripheries ? agxget(v, d->n_peripheries) : "";
    double grow = *per && atoi(per) > 1 ? 4.0 * (atoi(per) - 1) : 0;
    snprintf(buf, sizeof buf, "%.4f", fmax(d->sum_w - 2 * grow, 8) / 72);
    sg_draw_set(v, d->n_width, buf);
    snprintf(buf, sizeof buf, "%.4f", fmax(d->sum_h - 2 * grow, 8) / 72);
    sg_draw_set(v, d->n_height, buf);

    static const char *const classes[] = {"", "pending", "current", "target",
                                          "hidden"};
    snprintf(buf, sizeof buf, "sum%s%s%s", known ? (p ? " P" : " N") : "",
             state != SG_NODE_VALUE ? " " : "", classes[state]);
    sg_draw_set(v, d->n_class, buf);

    char name[96];
    sg_draw_sum_name(d, j, "+", name, sizeof name);
    if (known)
        snprintf(buf, sizeof buf, "%s\\n%s%llu", name, d->value_prefix,
                 (unsigned long long)shown);
    else
        snprintf(buf, sizeof buf, "%s\\n%s?", name, d->value_prefix);
    sg_draw_set(v, d->n_label, buf);
}

void sg_draw_style_sums(sg_drawing *d)
{
    if (!d->nsums)
        return;
    sum_states(d);
    for (size_t j = 0; j < d->nsums; j++)
        style_sum(d, j);
}

/* ------------------------------------------------------------------------ */
/* Placing                                                                  */
/* ------------------------------------------------------------------------ */

/* Room between two sums in a band, and between a band and the rest. */
#define SUM_GAP 12.0

typedef struct slot {
    size_t j;     /* the sum */
    double ideal; /* the x it would like: the middle of its movers */
    double x;
} slot;

static int compare_slots(const void *a, const void *b)
{
    const slot *s = a, *t = b;
    if (s->ideal < t->ideal)
        return -1;
    if (s->ideal > t->ideal)
        return 1;
    return (s->j > t->j) - (s->j < t->j);
}

/* Packs SLOTS[0..n) (sorted by ideal x) in one row, each as near its ideal
 * as the ones before it allow, then shifts the row so that it sits under
 * the positions on average. */
static void pack_row(slot *slots, size_t n, double spacing)
{
    double shift = 0;
    for (size_t i = 0; i < n; i++) {
        slots[i].x = slots[i].ideal;
        if (i && slots[i].x < slots[i - 1].x + spacing)
            slots[i].x = slots[i - 1].x + spacing;
        shift += slots[i].x - slots[i].ideal;
    }
    if (n)
        shift /= (double)n;
    for (size_t i = 0; i < n; i++)
        slots[i].x -= shift;
}

static void grow_box(sg_box *b, double x, double y, double rx, double ry)
{
    b->x0 = fmin(b->x0, x - rx);
    b->x1 = fmax(b->x1, x + rx);
    b->y0 = fmin(b->y0, y - ry);
    b->y1 = fmax(b->y1, y + ry);
}

/* Move K, from a position to a sum, as a straight line from the
 * position's circle to the sum's frame, ending in its arrowhead. */
void sg_draw_sum_move(sg_drawing *d, size_t k, Agsym_t *pos, Agsym_t *lp,
                      double fontsize)
{
    sg_point u = d->at[d->tail[k]], v = d->at[d->head[k]];
    double dx = v.x - u.x, dy = v.y - u.y;
    double len = sqrt(dx * dx + dy * dy);
    if (len <= 0) {
        len = 1;
        dy = -1;
    }
    double ux = dx / len, uy = dy / len, r = d->diam / 2;
    /* Where the line from the sum's centre towards the position leaves
     * its frame. */
    double hw = d->sum_w / 2, hh = d->sum_h / 2;
    double t = fmin(fabs(ux) > 1e-9 ? hw / fabs(ux) : HUGE_VAL,
                    fabs(uy) > 1e-9 ? hh / fabs(uy) : HUGE_VAL);
    sg_point p0 = {u.x + r * ux, u.y + r * uy};
    sg_point e = {v.x - t * ux, v.y - t * uy};
    sg_point p3 = {e.x - d->alen * ux, e.y - d->alen * uy};
    char buf[256];
    snprintf(buf, sizeof buf,
             "e,%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f", e.x, e.y,
             p0.x, p0.y, p0.x + (p3.x - p0.x) / 3, p0.y + (p3.y - p0.y) / 3,
             p0.x + 2 * (p3.x - p0.x) / 3, p0.y + 2 * (p3.y - p0.y) / 3, p3.x,
             p3.y);
    sg_draw_set(d->edge[k], pos, buf);
    if (lp) {
        /* The amount beside the line's middle, on its right. */
        double off = 0.8 * fontsize;
        sg_point mid = {(p0.x + p3.x) / 2, (p0.y + p3.y) / 2};
        sg_draw_point(buf, sizeof buf, mid.x + off * -uy, mid.y + off * ux);
        sg_draw_set(d->edge[k], lp, buf);
        grow_box(&d->box, mid.x - off * uy, mid.y + off * ux, fontsize,
                 fontsize);
    }
}

sg_status sg_layout_place_sums(sg_ctx *ctx, sg_drawing *d, Agsym_t *pos,
                               Agsym_t *lp, double fontsize, bool wrap)
{
    if (!d->nsums)
        return SG_OK;
    /* Two arrays of slots: all the sums, and the second band's. */
    slot *slots = sg_alloc(ctx, 2 * d->nsums, sizeof *slots);
    double *sum_x = sg_alloc(ctx, d->nsums, sizeof *sum_x);
    size_t *movers = sg_alloc(ctx, d->nsums, sizeof *movers);
    Agsym_t *npos = agattr(d->g, AGNODE, SG_GV_STR("pos"), NULL);
    if (!slots || !sum_x || !movers) {
        free(slots);
        free(sum_x);
        free(movers);
        return ctx->status;
    }
    /* Each sum would like to sit under the middle of the positions whose
     * moves point at it. */
    for (size_t k = 0; k < d->m; k++) {
        size_t h = d->head[k];
        if (h < d->n)
            continue;
        sum_x[h - d->n] += d->at[d->tail[k]].x;
        movers[h - d->n]++;
    }
    for (size_t j = 0; j < d->nsums; j++) {
        slots[j].j = j;
        slots[j].ideal = movers[j] ? sum_x[j] / (double)movers[j] : 0;
    }
    qsort(slots, d->nsums, sizeof *slots, compare_slots);

    /* The bands keep a position's diameter from the rest, so that the
     * moves into them fan out steeply enough to be told apart. */
    double spacing = d->sum_w + SUM_GAP, row = d->sum_h + 2 * SUM_GAP;
    double clear = fmax(2 * SUM_GAP, d->diam) + d->sum_h / 2;
    double left = d->box.x0;
    double below = d->box.y0 - clear, above = d->box.y1 + clear;
    double width = fmax(d->box.x1 - d->box.x0, spacing);
    if (wrap) {
        /* Rows as wide as the grid, in the order of the sums' totals, under
         * it. */
        size_t per_row = (size_t)fmax(1, floor(width / spacing));
        for (size_t j = 0; j < d->nsums; j++)
            d->at[d->n + j] = (sg_point){
                left + d->sum_w / 2 + (double)(j % per_row) * spacing,
                below - (double)(j / per_row) * row};
    } else if ((double)d->nsums * spacing <= 1.4 * width) {
        pack_row(slots, d->nsums, spacing);
        for (size_t i = 0; i < d->nsums; i++)
            d->at[d->n + slots[i].j] = (sg_point){slots[i].x, below};
    } else {
        /* One band would be far wider than the row: every other sum goes
         * to a band above the row instead. */
        slot *up = slots + d->nsums;
        size_t nu = 0, nd = 0;
        for (size_t i = 0; i < d->nsums; i++) {
            if (i % 2)
                up[nu++] = slots[i];
            else
                slots[nd++] = slots[i];
        }
        pack_row(slots, nd, spacing);
        pack_row(up, nu, spacing);
        for (size_t i = 0; i < nd; i++)
            d->at[d->n + slots[i].j] = (sg_point){slots[i].x, below};
        for (size_t i = 0; i < nu; i++)
            d->at[d->n + up[i].j] = (sg_point){up[i].x, above};
    }
    for (size_t j = 0; j < d->nsums; j++) {
        sg_point at = d->at[d->n + j];
        grow_box(&d->box, at.x, at.y, d->sum_w / 2, d->sum_h / 2);
        char buf[64];
        sg_draw_point(buf, sizeof buf, at.x, at.y);
        sg_draw_set(d->node[d->n + j], npos, buf);
    }
    for (size_t k = 0; k < d->m; k++)
        if (d->head[k] >= d->n)
            sg_draw_sum_move(d, k, pos, lp, fontsize);
    free(slots);
    free(sum_x);
    free(movers);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The shape of a sum's grid                                                */
/* ------------------------------------------------------------------------ */

/* How far a picture of W x H points (and the legend's EXTRA_W x EXTRA_H
 * under it) is from ASPECT, as a factor of at least 1. */
static double shape_off(double w, double h, double aspect, double extra_w,
                        double extra_h)
{
    double ratio = fmax(w, extra_w) / (h + extra_h) / aspect;
    return ratio >= 1 ? ratio : 1 / ratio;
}

sg_status sg_sum_cells_shape(sg_ctx *ctx, uint64_t *col, uint64_t *row,
                             size_t n, double sx, double sy, double aspect,
                             bool may_turn, double extra_w, double extra_h)
{
    uint64_t maxc = 0, maxr = 0;
    for (size_t i = 0; i < n; i++) {
        maxc = col[i] > maxc ? col[i] : maxc;
        maxr = row[i] > maxr ? row[i] : maxr;
    }
    if (n == 0 || maxc > 100000)
        return SG_OK;
    /* The slices: runs of used columns, one empty column between two (the
     * grid of a sum of three has one block of the first heap's states for
     * each state of the third). */
    unsigned char *used = sg_alloc(ctx, (size_t)maxc + 1, 1);
    size_t *start = sg_alloc(ctx, (size_t)maxc + 2, sizeof *start);
    size_t *block = sg_alloc(ctx, (size_t)maxc + 1, sizeof *block);
    if (!used || !start || !block) {
        free(used);
        free(start);
        free(block);
        return ctx->status;
    }
    for (size_t i = 0; i < n; i++)
        used[col[i]] = 1;
    size_t nb = 0;
    uint64_t bw = 0;
    for (uint64_t c = 0; c <= maxc; c++) {
        if (!used[c])
            continue;
        if (c == 0 || !used[c - 1])
            start[nb++] = (size_t)c;
        block[c] = nb - 1;
        if (c - start[nb - 1] + 1 > bw)
            bw = c - start[nb - 1] + 1;
    }
    double rows = (double)maxr + 1;
    /* As it is, turned a quarter (a sum of two), or its slices in rows
     * of K. */
    size_t best_k = 0;
    bool turn = false;
    double best = HUGE_VAL;
    for (size_t k = 1; k <= nb; k++) {
        size_t lines = (nb + k - 1) / k;
        double w = ((double)k * ((double)bw + 1) - 2) * sx;
        double h = ((double)lines * (rows + 1) - 2) * sy;
        /* A last row of slices far from full reads badly: each empty
         * place counts against the shape. */
        double e = shape_off(w, h, aspect, extra_w, extra_h) *
                   (1 + 0.25 * (double)(lines * k - nb));
        /* No wider than 3:1 in the end, whatever is asked: the estimate
         * keeps a margin for the legend's own shape. */
        if (k > 1 && fmax(w, extra_w) > 2.6 * (h + extra_h))
            continue;
        if (e < best - 1e-9) {
            best = e;
            best_k = k;
        }
    }
    if (nb == 1 && may_turn) {
        double e = shape_off((rows - 1) * sx, ((double)bw - 1) * sy, aspect,
                             extra_w, extra_h);
        if (e < best - 1e-9) {
            best = e;
            turn = true;
        }
    }
    size_t lines = (nb + best_k - 1) / best_k;
    for (size_t i = 0; i < n && !turn; i++) {
        size_t b = block[col[i]];
        uint64_t off = col[i] - start[b];
        size_t line = b / best_k, at = b % best_k;
        col[i] = (uint64_t)at * (bw + 1) + off;
        /* Rows go up: the first slices stand on top, read first. */
        row[i] += (uint64_t)(lines - 1 - line) * ((uint64_t)maxr + 2);
    }
    for (size_t i = 0; i < n && turn; i++) {
        uint64_t t = col[i];
        col[i] = row[i];
        row[i] = t;
    }
    free(used);
    free(start);
    free(block);
    return SG_OK;
}
