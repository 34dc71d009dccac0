/*
 * answers.c - checks what a sheet gives besides its table: each mex step
 * written out, a list of P-positions (or N-positions), and answers to "who
 * wins this sum, and with which move".
 *
 * Each is checked twice, as the table is: against the truth, and against
 * the student's own table, so that an answer that follows correctly from
 * a wrong table is told apart from a new mistake.  A step's parts are
 * checked one by one -- the targets, the values copied into the mex, the
 * mex itself -- so that the report can say which part went wrong.
 */
#include "check/check.h"
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Mex steps                                                                */
/* ------------------------------------------------------------------------ */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts V[0..n) and removes repeats; returns the new length. */
static size_t sort_unique(uint64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, compare_u64);
    size_t out = 0;
    for (size_t i = 0; i < n; i++)
        if (!out || v[out - 1] != v[i])
            v[out++] = v[i];
    return out;
}

static void list_positions(const sg_check *c, sg_buf *b, const uint64_t *v,
                           size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char tmp[24];
        if (i)
            sg_buf_putc(b, ',');
        sg_buf_puts(b, sg_game_position_name(c->game, v[i], tmp, sizeof tmp));
    }
    sg_buf_putc(b, '\0');
}

static void list_values(sg_buf *b, const sg_value *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            sg_buf_putc(b, ',');
        sg_buf_u64(b, v[i]);
    }
    sg_buf_putc(b, '\0');
}

int sg_check_step(const sg_check *c, const sg_step *s, const sg_sheet_step *st,
                  sg_buf *b, const sg_template *tpl)
{
    int wrong = 0;
    const rec *r = &c->recs[s->x];
    bool splits = false;
    for (size_t i = 0; i < s->nmoves; i++)
        splits |= s->targets[i] == SG_NO_POSITION;
    size_t n = s->nmoves + st->ntargets + st->nvalues + 2;
    uint64_t *work = malloc(3 * n * sizeof *work);
    sg_value *own = malloc((s->nmoves + 1) * sizeof *own);
    unsigned char *mark = malloc(st->nvalues + 2);
    if (!work || !own || !mark)
        goto out;
    /* A step of no targets or values may come with no pool at all. */
    const uint64_t *written = st->ntargets ? c->pool + st->targets_at : NULL;
    const sg_value *vals = st->nvalues ? c->spool + st->values_at : NULL;
    char xname[24];
    const char *x = sg_game_position_name(c->game, s->x, xname, sizeof xname);
    sg_buf list1, list2;
    sg_buf_init(&list1);
    sg_buf_init(&list2);

    /* The targets, as sets. */
    if (st->has_targets && !splits) {
        uint64_t *t = work, *w = work + n;
        if (s->nmoves)
            memcpy(t, s->targets, s->nmoves * sizeof *t);
        if (st->ntargets)
            memcpy(w, written, st->ntargets * sizeof *w);
        size_t nt = sort_unique(t, s->nmoves);
        size_t nw = sort_unique(w, st->ntargets);
        bool same = nt == nw && memcmp(t, w, nt * sizeof *t) == 0;
        if (!same) {
            wrong = F_STEP_WRONG;
            if (b && tpl) {
                list_positions(c, &list1, s->targets, s->nmoves);
                list_positions(c, &list2, written, st->ntargets);
                const char *vars[CV_NVARS] = {0};
                vars[CV_X] = x;
                vars[CV_RIGHT] = list1.data;
                vars[CV_GIVEN] = list2.data;
                sg_check_say(b, tpl, CS_STEP_TARGETS, vars);
            }
        }
    }
    if (st->has_values) {
        bool copied_checked = false;
        if (st->has_targets && st->nvalues == st->ntargets && c->values) {
            /* Each value against the student's own value at its target. */
            copied_checked = true;
            for (size_t i = 0; i < st->ntargets; i++) {
                uint64_t t = written[i];
                if (t >= c->count || !(c->recs[t].flags & F_GIVEN) ||
                    c->recs[t].value == vals[i])
                    continue;
                wrong = F_STEP_WRONG;
                if (b && tpl) {
                    char tn[24], g[24], v[24];
                    snprintf(g, sizeof g, "%llu", (unsigned long long)vals[i]);
                    snprintf(v, sizeof v, "%llu",
                             (unsigned long long)c->recs[t].value);
                    const char *vars[CV_NVARS] = {0};
                    vars[CV_X] = x;
                    vars[CV_GIVEN] = g;
                    vars[CV_OTHER] = sg_game_position_name(c->game, t, tn,
                                                           sizeof tn);
                    vars[CV_VALUE] = v;
                    sg_check_say(b, tpl, CS_STEP_COPIED, vars);
                }
                break;
            }
        }
        if (!copied_checked && !(st->has_targets && !splits)) {
            /* Without targets: the values against those at the true
             * targets, the student's own where the table gives them. */
            for (size_t i = 0; i < s->nmoves; i++) {
                size_t k;
                const uint64_t *parts = sg_step_parts(s, i, &k);
                sg_value v = 0;
                for (size_t j = 0; j < k; j++) {
                    const rec *t = &c->recs[parts[j]];
                    v ^= (t->flags & F_GIVEN) && c->values ? t->value
                                                            : t->right;
                }
                own[i] = v;
            }
            uint64_t *a = work, *w = work + n;
            for (size_t i = 0; i < s->nmoves; i++)
                a[i] = own[i];
            for (size_t i = 0; i < st->nvalues; i++)
                w[i] = vals[i];
            qsort(a, s->nmoves, sizeof *a, compare_u64);
            qsort(w, st->nvalues, sizeof *w, compare_u64);
            if (s->nmoves != st->nvalues ||
                memcmp(a, w, s->nmoves * sizeof *a) != 0) {
                wrong = F_STEP_WRONG;
                if (b && tpl) {
                    list1.len = list2.len = 0;
                    list_values(&list1, vals, st->nvalues);
                    list_values(&list2, own, s->nmoves);
                    const char *vars[CV_NVARS] = {0};
                    vars[CV_X] = x;
                    vars[CV_GIVEN] = list1.data;
                    vars[CV_RIGHT] = list2.data;
                    sg_check_say(b, tpl, CS_STEP_VALUES, vars);
                }
            }
        }
        /* The mex of the values written, against the result written. */
        if ((r->flags & F_GIVEN) && c->values) {
            sg_value m = sg_mex(vals, st->nvalues, mark);
            if (m != r->value) {
                wrong = F_STEP_WRONG;
                if (b && tpl) {
                    list1.len = 0;
                    list_values(&list1, vals, st->nvalues);
                    char mv[24], rv[24];
                    snprintf(mv, sizeof mv, "%llu", (unsigned long long)m);
                    snprintf(rv, sizeof rv, "%llu",
                             (unsigned long long)r->value);
                    const char *vars[CV_NVARS] = {0};
                    vars[CV_X] = x;
                    vars[CV_GIVEN] = list1.data;
                    vars[CV_RIGHT] = mv;
                    vars[CV_VALUE] = rv;
                    sg_check_say(b, tpl, CS_STEP_MEX, vars);
                }
            }
        }
    }
    sg_buf_free(&list1);
    sg_buf_free(&list2);
out:
    free(work);
    free(own);
    free(mark);
    return wrong;
}

/* ------------------------------------------------------------------------ */
/* Lists of P-positions                                                     */
/* ------------------------------------------------------------------------ */

static bool in_sorted(const uint64_t *v, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && v[lo] == x;
}

static void check_list(sg_check *c, const sg_sheet_plist *pl, int k)
{
    checked_list *l = &c->lists[k];
    l->given = true;
    l->at = pl->at;
    l->n = pl->n;
    char want = k == 0 ? 'P' : 'N';
    const uint64_t *v = c->pool + pl->at;
    l->has_own = c->values;
    for (uint64_t x = 0; x < c->count; x++) {
        const rec *r = &c->recs[x];
        bool listed = in_sorted(v, pl->n, x);
        l->wrong += listed != (sg_letter_for(r->right) == want);
        if (l->has_own && (r->flags & F_GIVEN))
            l->own_wrong += listed != (sg_letter_for(r->value) == want);
    }
    c->sum.answers++;
    c->sum.answers_right += l->wrong == 0;
}

/* ------------------------------------------------------------------------ */
/* Sums                                                                     */
/* ------------------------------------------------------------------------ */

static sg_status pool_add(sg_ctx *ctx, sg_check *c, uint64_t x)
{
    if (c->npool == c->pool_cap) {
        size_t cap = c->pool_cap ? c->pool_cap * 2 : 16;
        uint64_t *grown = sg_grow(ctx, c->pool, cap, sizeof *grown);
        if (!grown)
            return ctx->status;
        c->pool = grown;
        c->pool_cap = cap;
    }
    c->pool[c->npool++] = x;
    return SG_OK;
}

/* Whether the parts of A and B are the same multiset. */
static bool same_parts(const uint64_t *a, size_t na, const uint64_t *b,
                       size_t nb)
{
    if (na != nb || na > 64)
        return false;
    uint64_t x[64], y[64];
    memcpy(x, a, na * sizeof *x);
    memcpy(y, b, nb * sizeof *y);
    qsort(x, na, sizeof *x, compare_u64);
    qsort(y, nb, sizeof *y, compare_u64);
    return memcmp(x, y, na * sizeof *x) == 0;
}

/* Whether FROM -> TO[0..n) is a move of the game. */
static bool is_move(sg_ctx *ctx, const sg_game *game, uint64_t from,
                    const uint64_t *to, size_t n)
{
    uint64_t most = sg_game_max_moves(game, from);
    size_t parts = game->ops->max_parts;
    if (most > 10000000)
        return false;
    sg_moves m = {0, NULL, NULL, NULL, NULL};
    m.targets = sg_alloc_raw(ctx, (size_t)most + 1, sizeof *m.targets);
    if (parts > 1) {
        m.part_start = sg_alloc_raw(ctx, (size_t)most + 2,
                                    sizeof *m.part_start);
        m.parts = sg_alloc_raw(ctx, ((size_t)most + 1) * parts,
                               sizeof *m.parts);
    }
    bool found = false;
    if (m.targets && (parts == 1 || (m.part_start && m.parts))) {
        sg_moves_clear(&m);
        game->ops->moves(game, from, &m);
        for (size_t i = 0; i < m.n && !found; i++) {
            if (parts == 1 || !m.part_start) {
                found = n == 1 && m.targets[i] == to[0];
            } else {
                size_t a = m.part_start[i], e = m.part_start[i + 1];
                /* Empty heaps left by a split are no parts. */
                uint64_t left[64];
                size_t k = 0;
                for (size_t j = a; j < e && k < 64; j++)
                    if (m.parts[j] != 0 || e - a == 1)
                        left[k++] = m.parts[j];
                uint64_t want[64];
                size_t kw = 0;
                for (size_t j = 0; j < n && kw < 64; j++)
                    if (to[j] != 0 || n == 1)
                        want[kw++] = to[j];
                found = same_parts(left, k, want, kw);
            }
        }
    }
    free(m.targets);
    free(m.part_start);
    free(m.parts);
    sg_ctx_clear(ctx);
    return found;
}

/* Checks one answer (or, with ANSWER NULL, the question PARTS alone). */
static sg_status check_sum(sg_ctx *ctx, sg_check *c, const sg_sheet *sheet,
                           const sg_sheet_sum *answer, const uint64_t *parts,
                           size_t nparts)
{
    checked_sum cs;
    memset(&cs, 0, sizeof cs);
    cs.parts_at = c->npool;
    cs.nparts = nparts;
    for (size_t i = 0; i < nparts; i++)
        if (pool_add(ctx, c, parts[i]) != SG_OK)
            return ctx->status;
    uint64_t most = 0;
    for (size_t i = 0; i < nparts; i++)
        if (parts[i] > most)
            most = parts[i];
    const uint64_t *to = NULL;
    if (answer && answer->has_move) {
        to = sheet->pool + answer->move_to_at;
        for (size_t i = 0; i < answer->nmove_to; i++)
            if (to[i] > most)
                most = to[i];
        if (answer->move_from > most)
            most = answer->move_from;
    }
    sg_lookup *lk = sg_lookup_new(ctx, c->game, most);
    if (!lk)
        return ctx->status;
    cs.values_at = c->npool;
    for (size_t i = 0; i < nparts; i++)
        if (pool_add(ctx, c, sg_lookup_get(lk, c->pool[cs.parts_at + i])) !=
            SG_OK)
            goto fail;
    /* PARTS, not the pool, from here on: the pool grows below. */
    const uint64_t *ps = parts;
    cs.nimsum = sg_nim_sum(lk, ps, nparts);
    cs.right_winner = cs.nimsum ? 1 : 2;
    cs.has_own = c->values && nparts > 0;
    for (size_t i = 0; i < nparts; i++) {
        uint64_t p = ps[i];
        if (p >= c->count || !(c->recs[p].flags & F_GIVEN)) {
            cs.has_own = false;
            break;
        }
        cs.own_nimsum ^= c->recs[p].value;
    }
    if (answer) {
        cs.answered = true;
        cs.winner = answer->winner;
        cs.line = answer->line;
        if (answer->has_move) {
            cs.has_move = true;
            cs.move_from = answer->move_from;
            cs.move_to_at = c->npool;
            cs.nmove_to = answer->nmove_to;
            for (size_t i = 0; i < answer->nmove_to; i++)
                if (pool_add(ctx, c, to[i]) != SG_OK)
                    goto fail;
            bool part = false;
            for (size_t i = 0; i < nparts; i++)
                part |= ps[i] == answer->move_from;
            if (!part || !is_move(ctx, c->game, answer->move_from, to,
                                  answer->nmove_to)) {
                cs.move = MOVE_ILLEGAL;
            } else {
                sg_value left = cs.nimsum ^ sg_lookup_get(lk, answer->move_from);
                for (size_t i = 0; i < answer->nmove_to; i++)
                    left ^= sg_lookup_get(lk, to[i]);
                cs.move_leaves = left;
                cs.move = cs.right_winner == 2 ? MOVE_LOST
                          : left == 0 ? MOVE_RIGHT : MOVE_WRONG;
            }
        }
    }
    if (cs.right_winner == 1) {
        sg_sum *sum = sg_sum_new(ctx, c->game, lk, ps, nparts);
        if (!sum)
            goto fail;
        if (sg_sum_move_count(sum)) {
            const sg_sum_move *m = sg_sum_move_at(sum, 0);
            size_t k;
            const uint64_t *left = sg_sum_move_left(sum, 0, &k);
            cs.good_from = m->from;
            cs.good_to_at = c->npool;
            cs.ngood_to = k;
            for (size_t i = 0; i < k; i++)
                if (pool_add(ctx, c, left[i]) != SG_OK) {
                    sg_sum_free(sum);
                    goto fail;
                }
        }
        sg_sum_free(sum);
    }
    sg_lookup_free(lk);
    if (c->nsums >= 1000)
        return SG_OK;
    c->sum.answers++;
    c->sum.answers_right += cs.answered && cs.winner == cs.right_winner &&
                            (cs.right_winner == 2 ? !cs.has_move
                                                  : cs.move == MOVE_RIGHT);
    checked_sum *grown = sg_grow(ctx, c->sums, c->nsums + 1, sizeof *grown);
    if (!grown)
        return ctx->status;
    c->sums = grown;
    c->sums[c->nsums++] = cs;
    return SG_OK;
fail:
    sg_lookup_free(lk);
    return ctx->status;
}

sg_status sg_check_answers(sg_ctx *ctx, sg_check *c, const sg_sheet *sheet,
                           const sg_check_opts *opts)
{
    for (int k = 0; k < 2; k++)
        if (sheet->plist[k].given && !(c->from_list && k == 0 &&
                                       c->list_letter == 'P') &&
            !(c->from_list && k == 1 && c->list_letter == 'N'))
            check_list(c, &sheet->plist[k], k);
    if (c->from_list)
        check_list(c, &sheet->plist[c->list_letter == 'P' ? 0 : 1],
                   c->list_letter == 'P' ? 0 : 1);
    if (opts && opts->sums && opts->nsums) {
        for (size_t q = 0; q < opts->nsums; q++) {
            /* A question: heaps joined by '+'. */
            uint64_t parts[SG_SUM_MAX_PARTS < 64 ? SG_SUM_MAX_PARTS : 64];
            size_t n = 0;
            const char *p = opts->sums[q];
            char origin[64];
            while (*p) {
                const char *e = strchr(p, '+');
                size_t len = e ? (size_t)(e - p) : strlen(p);
                while (len && *p == ' ') {
                    p++;
                    len--;
                }
                while (len && p[len - 1] == ' ')
                    len--;
                if (n >= 64)
                    return sg_ctx_fail(ctx, SG_EINPUT, "--sum \"%s\": more "
                                       "than 64 parts", opts->sums[q]);
                snprintf(origin, sizeof origin, "--sum part %zu", n + 1);
                if (sg_sum_parse_position(ctx, c->game, p, len, origin,
                                          &parts[n]) != SG_OK)
                    return ctx->status;
                n++;
                p = e ? e + 1 : p + len;
                if (!e)
                    break;
            }
            const sg_sheet_sum *answer = NULL;
            for (size_t i = 0; i < sheet->nsums && !answer; i++)
                if (same_parts(sheet->pool + sheet->sums[i].parts_at,
                               sheet->sums[i].nparts, parts, n))
                    answer = &sheet->sums[i];
            if (check_sum(ctx, c, sheet, answer, parts, n) != SG_OK)
                return ctx->status;
        }
        return SG_OK;
    }
    for (size_t i = 0; i < sheet->nsums; i++) {
        const sg_sheet_sum *s = &sheet->sums[i];
        if (check_sum(ctx, c, sheet, s, sheet->pool + s->parts_at,
                      s->nparts) != SG_OK)
            return ctx->status;
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Writing them                                                             */
/* ------------------------------------------------------------------------ */

static void sum_text(const sg_check *c, const uint64_t *v, size_t n,
                     const char *join, sg_buf *b)
{
    for (size_t i = 0; i < n; i++) {
        char tmp[24];
        if (i)
            sg_buf_puts(b, join);
        sg_buf_puts(b, sg_game_position_name(c->game, v[i], tmp, sizeof tmp));
    }
}

static void move_text(const sg_check *c, uint64_t from, const uint64_t *to,
                      size_t n, sg_buf *b)
{
    char tmp[24];
    sg_buf_puts(b, sg_game_position_name(c->game, from, tmp, sizeof tmp));
    sg_buf_puts(b, " -> ");
    sum_text(c, to, n, "+", b);
}

static void write_list_text(const sg_check *c, const sg_template *tpl,
                            int k, sg_buf *b)
{
    const checked_list *l = &c->lists[k];
    sg_buf given, right, own;
    sg_buf_init(&given);
    sg_buf_init(&right);
    sg_buf_init(&own);
    char want = k == 0 ? 'P' : 'N';
    list_positions(c, &given, c->pool + l->at, l->n);
    given.len--;
    for (uint64_t x = 0; x < c->count; x++) {
        char tmp[24];
        const rec *r = &c->recs[x];
        if (sg_letter_for(r->right) == want) {
            if (right.len)
                sg_buf_putc(&right, ',');
            sg_buf_puts(&right, sg_game_position_name(c->game, x, tmp,
                                                      sizeof tmp));
        }
        if ((r->flags & F_GIVEN) && sg_letter_for(r->value) == want) {
            if (own.len)
                sg_buf_putc(&own, ',');
            sg_buf_puts(&own, sg_game_position_name(c->game, x, tmp,
                                                    sizeof tmp));
        }
    }
    sg_buf_putc(&given, '\0');
    sg_buf_putc(&right, '\0');
    sg_buf_putc(&own, '\0');
    char to[24];
    const char *vars[CV_NVARS] = {0};
    if (c->count)
        vars[CV_TO] = sg_game_position_name(c->game, c->count - 1, to,
                                            sizeof to);
    vars[CV_GIVEN] = given.data;
    vars[CV_RIGHT] = right.data;
    vars[CV_OWN] = own.data;
    if (l->wrong == 0)
        sg_check_say(b, tpl, k == 0 ? CS_PLIST_RIGHT : CS_NLIST_RIGHT, vars);
    else
        sg_check_say(b, tpl, k == 0 ? CS_PLIST_WRONG : CS_NLIST_WRONG, vars);
    if (l->has_own && l->own_wrong)
        sg_check_say(b, tpl, k == 0 ? CS_PLIST_OWN : CS_NLIST_OWN, vars);
    sg_buf_free(&given);
    sg_buf_free(&right);
    sg_buf_free(&own);
}

/* "sg(3) xor sg(5) xor sg(7) = 1 xor 3 xor 2 = 0" */
static void nimsum_text(const sg_check *c, const checked_sum *s,
                        const sg_template *tpl, sg_buf *b)
{
    sg_buf xr;
    sg_buf_init(&xr);
    sg_tpl_say(&xr, tpl, CS_WORD_XOR, (const char *const[CV_NVARS]){0});
    sg_buf_putc(&xr, '\0');
    const char *x = xr.data ? xr.data : " xor ";
    const uint64_t *ps = c->pool + s->parts_at;
    for (size_t i = 0; i < s->nparts; i++) {
        char tmp[24];
        if (i)
            sg_buf_puts(b, x);
        sg_buf_printf(b, "sg(%s)", sg_game_position_name(c->game, ps[i], tmp,
                                                         sizeof tmp));
    }
    sg_buf_puts(b, " = ");
    for (size_t i = 0; i < s->nparts; i++) {
        if (i)
            sg_buf_puts(b, x);
        sg_buf_u64(b, c->pool[s->values_at + i]);
    }
    sg_buf_printf(b, " = %llu", (unsigned long long)s->nimsum);
    sg_buf_free(&xr);
}

static void write_sum_text(const sg_check *c, const checked_sum *s,
                           const sg_template *tpl, sg_buf *b)
{
    sg_buf sum, ns, mv, good, word;
    sg_buf_init(&sum);
    sg_buf_init(&ns);
    sg_buf_init(&mv);
    sg_buf_init(&good);
    sg_buf_init(&word);
    sum_text(c, c->pool + s->parts_at, s->nparts, "+", &sum);
    sg_buf_putc(&sum, '\0');
    nimsum_text(c, s, tpl, &ns);
    sg_buf_putc(&ns, '\0');
    const char *vars[CV_NVARS] = {0};
    vars[CV_SUM] = sum.data;
    vars[CV_NIMSUM] = ns.data;
    vars[CV_GAME] = sg_game_describe(c->game);
    if (!s->answered) {
        sg_check_say(b, tpl, CS_SUM_UNANSWERED, vars);
    }
    sg_check_say(b, tpl, s->right_winner == 1 ? CS_SUM_FIRST : CS_SUM_SECOND,
                 vars);
    if (s->ngood_to || s->right_winner == 1) {
        move_text(c, s->good_from, c->pool + s->good_to_at, s->ngood_to,
                  &good);
    }
    sg_buf_putc(&good, '\0');
    vars[CV_RIGHT] = good.data;
    if (s->answered) {
        if (s->winner) {
            sg_tpl_say(&word, tpl, s->winner == 1 ? CS_WORD_FIRST
                                                  : CS_WORD_SECOND,
                       vars);
            sg_buf_putc(&word, '\0');
            vars[CV_WINNER] = word.data;
            sg_check_say(b, tpl, s->winner == s->right_winner
                                     ? CS_SUM_YOU_RIGHT
                                     : CS_SUM_YOU_WRONG,
                         vars);
            if (s->winner != s->right_winner && s->has_own &&
                (s->own_nimsum ? 1 : 2) == s->winner) {
                char own[24];
                snprintf(own, sizeof own, "%llu",
                         (unsigned long long)s->own_nimsum);
                vars[CV_OWN] = own;
                sg_check_say(b, tpl, CS_SUM_OWN, vars);
            }
        } else {
            sg_check_say(b, tpl, CS_SUM_YOU_NONE, vars);
        }
        if (s->has_move) {
            move_text(c, s->move_from, c->pool + s->move_to_at, s->nmove_to,
                      &mv);
            sg_buf_putc(&mv, '\0');
            vars[CV_MOVE] = mv.data;
            char left[24];
            snprintf(left, sizeof left, "%llu",
                     (unsigned long long)s->move_leaves);
            vars[CV_VALUE] = left;
            int id = s->move == MOVE_RIGHT ? CS_SUM_MOVE_RIGHT
                     : s->move == MOVE_ILLEGAL ? CS_SUM_MOVE_ILLEGAL
                     : s->move == MOVE_LOST ? CS_SUM_MOVE_LOST
                                            : CS_SUM_MOVE_WRONG;
            sg_check_say(b, tpl, id, vars);
        } else if (s->right_winner == 1) {
            sg_check_say(b, tpl, CS_SUM_MOVE_NONE, vars);
        }
    }
    sg_buf_free(&sum);
    sg_buf_free(&ns);
    sg_buf_free(&mv);
    sg_buf_free(&good);
    sg_buf_free(&word);
}

static void json_positions(const sg_check *c, const uint64_t *v, size_t n,
                           sg_buf *b)
{
    sg_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        char tmp[24];
        if (i)
            sg_buf_putc(b, ',');
        if (c->named) {
            const char *name = sg_game_position_name(c->game, v[i], tmp,
                                                     sizeof tmp);
            sg_escape_add(b, SG_ESCAPE_JSON, name, strlen(name), true);
        } else {
            sg_buf_u64(b, v[i]);
        }
    }
    sg_buf_putc(b, ']');
}

void sg_check_write_answers(const sg_check *c, const sg_template *tpl,
                            sg_buf *b, bool json)
{
    if (!json) {
        for (int k = 0; k < 2; k++)
            if (c->lists[k].given && !c->from_list)
                write_list_text(c, tpl, k, b);
        for (size_t i = 0; i < c->nsums; i++)
            write_sum_text(c, &c->sums[i], tpl, b);
        return;
    }
    static const char *const names[2] = {"p_positions", "n_positions"};
    for (int k = 0; k < 2; k++) {
        const checked_list *l = &c->lists[k];
        if (!l->given)
            continue;
        sg_buf_printf(b, ", \"%s\": {\"listed\": ", names[k]);
        json_positions(c, c->pool + l->at, l->n, b);
        sg_buf_printf(b, ", \"wrong\": %llu", (unsigned long long)l->wrong);
        if (l->has_own)
            sg_buf_printf(b, ", \"own_wrong\": %llu",
                          (unsigned long long)l->own_wrong);
        sg_buf_putc(b, '}');
    }
    if (!c->nsums)
        return;
    sg_buf_puts(b, ", \"sums\": [");
    for (size_t i = 0; i < c->nsums; i++) {
        const checked_sum *s = &c->sums[i];
        static const char *const moves[] = {"none", "right", "illegal",
                                            "wrong", "none_wins"};
        if (i)
            sg_buf_puts(b, ", ");
        sg_buf_puts(b, "{\"parts\": ");
        json_positions(c, c->pool + s->parts_at, s->nparts, b);
        sg_buf_printf(b, ", \"nimsum\": %llu, \"winner\": \"%s\", "
                      "\"answered\": %s",
                      (unsigned long long)s->nimsum,
                      s->right_winner == 1 ? "first" : "second",
                      s->answered ? "true" : "false");
        if (s->answered)
            sg_buf_printf(b, ", \"given_winner\": %s",
                          s->winner == 1 ? "\"first\""
                          : s->winner == 2 ? "\"second\"" : "null");
        if (s->has_move) {
            sg_buf_puts(b, ", \"move\": {\"from\": ");
            json_positions(c, &s->move_from, 1, b);
            sg_buf_puts(b, ", \"to\": ");
            json_positions(c, c->pool + s->move_to_at, s->nmove_to, b);
            sg_buf_printf(b, ", \"verdict\": \"%s\"}", moves[s->move]);
        }
        sg_buf_putc(b, '}');
    }
    sg_buf_putc(b, ']');
}
