/*
 * check.c - checks a homework sheet against the engine's values and says
 * what is right, what is wrong, and why.
 *
 * Every position gets two verdicts: correct (the entry equals the true sg)
 * and consistent (the entry equals what the student's own entries at its
 * targets give).  The second verdict is what lets a grader credit the
 * method: one slip early in a table makes many later entries wrong, but
 * each of those follows correctly from the student's own values, so the
 * report names one slip and the wrong entries that follow from it.  A P/N
 * letter that contradicts the value written beside it, and a mex step
 * written out with a mistake in it, are named as such.
 *
 * The values and mex steps come from the engine's step consumer, in two
 * passes: the first works out the verdicts (it needs the moves of every
 * position to take the mex of the student's own values), the second writes
 * the report with each wrong entry's mex step as `sgviz trace` words it.
 * Only the verdicts are kept between them, never the steps' text.  The
 * moves come through the game interface, so a game whose moves split a heap
 * is checked the same way, its options' values the nim-sums of the parts.
 */
#include "check/check.h"
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The wording: templates/check/LANG.text                                   */
/* ------------------------------------------------------------------------ */

static const char *const check_sections[] = {
    "header", "dag-header", "wrong", "wrong-pn", "missing", "missing-pn",
    "missing-run", "step", "slip", "slip-pn", "next-one", "next", "later-one",
    "later", "follows", "follows-pn", "unexplained", "unexplained-pn",
    "summary", "summary-all", "summary-steps", "contra-p", "contra-n",
    "step-wrong", "step-targets", "step-copied", "step-values", "step-mex",
    "beyond", "beyond-one", "note", "plist-missing", "plist-extra",
    "nlist-missing", "nlist-extra", "plist-right", "plist-wrong",
    "plist-own", "nlist-right", "nlist-wrong", "nlist-own", "sum-first",
    "sum-second", "sum-you-right", "sum-you-wrong", "sum-you-none",
    "sum-own", "sum-move-right", "sum-move-illegal", "sum-move-wrong",
    "sum-move-none", "sum-move-lost", "sum-unanswered", "word-first",
    "word-second", "word-xor", "hint-shift-late", "hint-shift-early",
    "hint-game", "hint-swapped", "hint-pn-swapped", NULL};

_Static_assert(sizeof check_sections / sizeof check_sections[0] ==
                   CS_NSECTIONS + 1,
               "one name per section of the check wording");
_Static_assert(CS_NSECTIONS <= SG_TPL_MAX_SECTIONS,
               "the check wording has more sections than a template holds");

static const char *const check_vars[] = {
    "file", "game", "from", "to", "count", "x", "given", "right", "own",
    "mine", "step", "correct", "consistent", "total", "first", "error",
    "value", "other", "line", "text", "sum", "nimsum", "winner", "move",
    NULL};

_Static_assert(sizeof check_vars / sizeof check_vars[0] == CV_NVARS + 1,
               "one name per placeholder of the check wording");

/* The wording is built in, never a user's file, so every placeholder may
 * appear in every section; one that does not apply there is empty. */
#define ALL_VARS ((UINT64_C(1) << CV_NVARS) - 1)
#define ALL_8 ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, \
              ALL_VARS, ALL_VARS
static const uint64_t check_allowed[] = {ALL_8, ALL_8, ALL_8, ALL_8,
                                         ALL_8, ALL_8, ALL_8, ALL_8};
_Static_assert(sizeof check_allowed / sizeof check_allowed[0] >=
                   CS_NSECTIONS,
               "a mask for every section");

static const char *const check_settings[] = {NULL};

static const sg_tpl_schema check_schema = {"check wording", check_sections,
                                           check_vars, check_allowed,
                                           check_settings};

sg_status sg_check_wording(sg_ctx *ctx, const char *lang, sg_template **check,
                           sg_template **trace)
{
    *check = NULL;
    if (trace) {
        *trace = sg_template_builtin(ctx, lang, "text");
        if (!*trace)
            return ctx->status;
    }
    char name[64];
    snprintf(name, sizeof name, "check/%s.text", lang);
    *check = sg_tpl_builtin(ctx, &check_schema, name);
    if (!*check) {
        if (trace) {
            sg_template_free(*trace);
            *trace = NULL;
        }
        return ctx->status;
    }
    return SG_OK;
}

void sg_check_say(sg_buf *b, const sg_template *tpl, int id,
                  const char *const vars[CV_NVARS])
{
    sg_tpl_say(b, tpl, id, vars);
    sg_buf_putc(b, '\n');
}

/* ------------------------------------------------------------------------ */
/* The verdicts                                                             */
/* ------------------------------------------------------------------------ */

/* The working state of both passes. */
typedef struct pass {
    sg_ctx *ctx;
    const sg_check *c;
    sg_check *verdicts;   /* the first pass's output; NULL in the second */
    sg_value *own;        /* the student's answers at the current targets */
    size_t own_cap;
    unsigned char *scratch;
    uint64_t run_owner;   /* the slip whose followers are being counted */
} pass;

/* Makes room for N targets in the pass's arrays. */
static sg_status pass_reserve(pass *p, size_t n)
{
    if (n + 1 <= p->own_cap)
        return SG_OK;
    size_t cap = n + 1;
    sg_value *own = sg_grow(p->ctx, p->own, cap, sizeof *own);
    if (!own)
        return p->ctx->status;
    p->own = own;
    unsigned char *scratch = sg_grow(p->ctx, p->scratch, cap + 1, 1);
    if (!scratch)
        return p->ctx->status;
    p->scratch = scratch;
    p->own_cap = cap;
    return SG_OK;
}

/* Gathers the student's values at the targets of S into p->own (true
 * values where the sheet has no entry) and, for sheets of letters, works
 * out the student's own letter for the position. */
static sg_status gather(pass *p, const sg_step *s, char *own_pn)
{
    if (pass_reserve(p, s->nmoves) != SG_OK)
        return p->ctx->status;
    const rec *recs = p->c->recs;
    bool any_p = false;
    for (size_t i = 0; i < s->nmoves; i++) {
        size_t k;
        const uint64_t *parts = sg_step_parts(s, i, &k);
        if (k > 1) {
            /* A move that leaves several positions has the nim-sum of
             * their values: the student's where the sheet gives values,
             * true ones elsewhere (letters alone do not tell a sum's
             * value, so a sheet of letters is not blamed for one). */
            sg_value v = 0;
            for (size_t j = 0; j < k; j++) {
                const rec *t = &recs[parts[j]];
                v ^= (t->flags & F_GIVEN) && p->c->values ? t->value
                                                           : t->right;
            }
            p->own[i] = v;
            any_p |= v == 0;
            continue;
        }
        const rec *t = &recs[parts[0]];
        if (!(t->flags & F_GIVEN)) {
            p->own[i] = s->values[i];
            any_p |= s->values[i] == 0;
        } else if (p->c->values) {
            p->own[i] = t->value;
            any_p |= t->value == 0;
        } else {
            p->own[i] = t->pn == 'P' ? 0 : 1;
            any_p |= t->pn == 'P';
        }
    }
    *own_pn = any_p ? 'N' : 'P';
    return SG_OK;
}

static int first_pass(void *user, const sg_step *s)
{
    pass *p = user;
    sg_check *c = p->verdicts;
    rec *r = &c->recs[s->x];
    r->right = s->sg;
    const sg_sheet_step *st = NULL;
    if (c->nsteps) {
        size_t lo = 0, hi = c->nsteps;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (c->steps[mid].x < s->x)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < c->nsteps && c->steps[lo].x == s->x)
            st = &c->steps[lo];
    }
    if (st) {
        r->flags |= F_STEP;
        c->sum.steps++;
        if (sg_check_step(c, s, st, NULL, NULL))
            r->flags |= F_STEP_WRONG;
        else
            c->sum.steps_right++;
    }
    if (!(r->flags & F_GIVEN)) {
        /* A missing entry is wrong, and breaks any run of followers. */
        p->run_owner = SG_NO_POSITION;
        if (c->sum.first_error == SG_NO_POSITION)
            c->sum.first_error = s->x;
        c->sum.missing++;
        return 0;
    }
    char own_pn;
    if (gather(p, s, &own_pn) != SG_OK)
        return p->ctx->status;
    bool correct, consistent;
    if (c->values) {
        r->own = sg_mex(p->own, s->nmoves, p->scratch);
        r->own_pn = sg_letter_for(r->own);
        correct = r->value == s->sg &&
                  (!r->pn || r->pn == sg_letter_for(s->sg));
        consistent = r->value == r->own &&
                     (!r->pn || r->pn == sg_letter_for(r->value));
        if (r->pn && r->pn != sg_letter_for(r->value)) {
            r->flags |= F_CONTRA;
            c->sum.contradictions++;
        }
    } else {
        r->own_pn = own_pn;
        correct = r->pn == sg_letter_for(s->sg);
        consistent = r->pn == own_pn;
    }
    if (correct)
        r->flags |= F_CORRECT;
    if (consistent)
        r->flags |= F_CONSISTENT;
    if (correct) {
        c->sum.correct++;
        if (consistent)
            c->sum.consistent++;
        return 0;
    }
    if (c->sum.first_error == SG_NO_POSITION)
        c->sum.first_error = s->x;
    if (!consistent) {
        /* A slip: the error starts here. */
        r->flags |= F_SLIP;
        r->link = 0;
        r->next = 0;
        c->sum.slips++;
        p->run_owner = s->x;
        return 0;
    }
    c->sum.consistent++;
    /* A wrong entry that follows from the student's own values: some of
     * its targets are wrong too.  Its cause is the slip they all lead
     * back to, if there is just one. */
    uint64_t cause = SG_NO_POSITION;
    bool found = false;
    for (size_t i = 0; i < s->nmoves; i++) {
        size_t k;
        const uint64_t *parts = sg_step_parts(s, i, &k);
        for (size_t j = 0; j < k; j++) {
            uint64_t t = parts[j];
            const rec *tr = &c->recs[t];
            if (!(tr->flags & F_GIVEN) || (tr->flags & F_CORRECT))
                continue;
            uint64_t owner = (tr->flags & F_SLIP) ? t : tr->link;
            if (!found) {
                cause = owner;
                found = true;
            } else if (owner != cause) {
                cause = SG_NO_POSITION;
            }
        }
    }
    r->link = cause;
    if (cause != SG_NO_POSITION) {
        c->recs[cause].link++;
        if (cause == p->run_owner)
            c->recs[cause].next++;
        else
            p->run_owner = SG_NO_POSITION;
    } else {
        p->run_owner = SG_NO_POSITION;
    }
    return 0;
}

void sg_check_free(sg_check *check)
{
    if (!check)
        return;
    free(check->origin);
    free(check->student);
    free(check->student_id);
    free(check->recs);
    free(check->steps);
    free(check->pool);
    free(check->spool);
    free(check->beyond);
    for (size_t i = 0; i < check->nnotes; i++)
        free(check->notes[i].text);
    free(check->notes);
    free(check->sums);
    for (size_t i = 0; i < check->nhints; i++)
        free(check->hints[i].game);
    free(check->hints);
    free(check);
}

/* Copies what the sheet gives besides its table. */
static sg_status copy_extras(sg_ctx *ctx, sg_check *c, const sg_sheet *s)
{
    if (s->student && !(c->student = sg_strdup(ctx, s->student)))
        return ctx->status;
    if (s->student_id && !(c->student_id = sg_strdup(ctx, s->student_id)))
        return ctx->status;
    if (s->npool) {
        c->pool = sg_alloc_raw(ctx, s->npool, sizeof *c->pool);
        if (!c->pool)
            return ctx->status;
        memcpy(c->pool, s->pool, s->npool * sizeof *c->pool);
        c->npool = c->pool_cap = s->npool;
    }
    if (s->nvalues) {
        c->spool = sg_alloc_raw(ctx, s->nvalues, sizeof *c->spool);
        if (!c->spool)
            return ctx->status;
        memcpy(c->spool, s->values, s->nvalues * sizeof *c->spool);
    }
    /* The steps of positions checked; one per position, the first. */
    if (s->nsteps) {
        c->steps = sg_alloc_raw(ctx, s->nsteps, sizeof *c->steps);
        if (!c->steps)
            return ctx->status;
        for (size_t i = 0; i < s->nsteps; i++) {
            if (s->steps[i].x >= c->count ||
                (c->nsteps && c->steps[c->nsteps - 1].x == s->steps[i].x))
                continue;
            c->steps[c->nsteps++] = s->steps[i];
        }
    }
    if (s->nnotes) {
        c->notes = sg_alloc(ctx, s->nnotes, sizeof *c->notes);
        if (!c->notes)
            return ctx->status;
        for (size_t i = 0; i < s->nnotes; i++) {
            c->notes[i].line = s->notes[i].line;
            c->notes[i].text = sg_strdup(ctx, s->notes[i].text);
            if (!c->notes[i].text)
                return ctx->status;
            c->nnotes++;
        }
    }
    return SG_OK;
}

sg_check *sg_check_new(sg_ctx *ctx, const sg_game *game,
                       const sg_sheet *sheet, const sg_check_opts *opts)
{
    sg_check_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_check_opts, nsums), "sg_check_opts") != SG_OK)
            return NULL;
        opts = &taken;
    }
    size_t n;
    const sg_sheet_entry *e = sg_sheet_entries(sheet, &n);
    uint64_t in_sheet = sg_game_numbered(game) ? sg_sheet_last_x(sheet)
                                               : SG_NO_POSITION;
    uint64_t count;
    if (sg_game_is_finite(game)) {
        count = sg_game_position_count(game);
    } else if (opts && opts->has_last) {
        if (opts->last >= SG_SHEET_MAX_POSITIONS) {
            sg_ctx_fail(ctx, SG_ELIMIT, "-n %llu: a homework sheet holds "
                        "positions 0..%llu at most",
                        (unsigned long long)opts->last,
                        (unsigned long long)(SG_SHEET_MAX_POSITIONS - 1));
            return NULL;
        }
        count = opts->last + 1;
    } else {
        count = in_sheet == SG_NO_POSITION ? 0 : in_sheet + 1;
    }
    sg_check *c = sg_alloc(ctx, 1, sizeof *c);
    if (!c)
        return NULL;
    c->game = game;
    c->named = !sg_game_numbered(game);
    c->values = sg_sheet_has_values(sheet) != 0;
    c->count = count;
    c->form = sheet->form;
    c->encoding = sheet->encoding;
    c->sum.total = count;
    c->sum.first_error = SG_NO_POSITION;
    c->sum.last_in_sheet = in_sheet;
    c->origin = sg_strdup(ctx, sg_sheet_origin(sheet));
    c->recs = sg_alloc(ctx, count ? (size_t)count : 1, sizeof *c->recs);
    if (!c->origin || !c->recs || copy_extras(ctx, c, sheet) != SG_OK)
        goto fail;
    /* Entries beyond the question are listed, not graded. */
    size_t nbeyond = 0;
    for (size_t i = 0; i < n; i++)
        nbeyond += e[i].x >= count;
    if (nbeyond) {
        c->beyond = sg_alloc_raw(ctx, nbeyond, sizeof *c->beyond);
        if (!c->beyond)
            goto fail;
    }
    for (size_t i = 0; i < n; i++) {
        if (e[i].x >= count) {
            c->beyond[c->nbeyond++] = e[i].x;
            continue;
        }
        rec *r = &c->recs[e[i].x];
        r->flags = F_GIVEN;
        r->value = e[i].value;
        r->pn = e[i].pn;
    }
    c->sum.beyond = c->nbeyond;
    /* A sheet that is a list of P-positions (or N-positions) alone is a
     * table of letters: listed positions have the list's letter, the
     * others the other one. */
    if (n == 0 && (sheet->plist[0].given || sheet->plist[1].given)) {
        int k = sheet->plist[0].given ? 0 : 1;
        char in = k == 0 ? 'P' : 'N', out = k == 0 ? 'N' : 'P';
        c->from_list = true;
        c->list_letter = in;
        c->values = false;
        for (uint64_t x = 0; x < count; x++) {
            c->recs[x].flags = F_GIVEN;
            c->recs[x].pn = out;
        }
        const sg_sheet_plist *pl = &sheet->plist[k];
        for (size_t i = 0; i < pl->n; i++) {
            uint64_t x = sheet->pool[pl->at + i];
            if (x < count)
                c->recs[x].pn = in;
        }
    }
    if (count) {
        pass p = {ctx, c, c, NULL, 0, NULL, SG_NO_POSITION};
        sg_compute_opts o = {.with_moves = 1, .on_step = first_pass,
                             .user = &p};
        sg_status st = sg_compute(ctx, game, count - 1, &o, NULL);
        free(p.own);
        free(p.scratch);
        if (st != SG_OK)
            goto fail;
    }
    if (sg_check_answers(ctx, c, sheet, opts) != SG_OK)
        goto fail;
    if (sg_check_hints(ctx, c, sg_sheet_swapped(sheet) != 0) != SG_OK)
        goto fail;
    c->sum.hints = c->nhints;
    return c;
fail:
    sg_check_free(c);
    return NULL;
}

void sg_check_get_summary(const sg_check *check, sg_check_summary *summary)
{
    *summary = check->sum;
}

void sg_check_get_verdict(const sg_check *check, uint64_t x,
                          sg_verdict *v)
{
    const rec *r = &check->recs[x];
    memset(v, 0, sizeof *v);
    v->x = x;
    v->given = (r->flags & F_GIVEN) != 0;
    v->correct = (r->flags & F_CORRECT) != 0;
    v->consistent = (r->flags & F_CONSISTENT) != 0;
    v->has_value = check->values;
    v->value = r->value;
    v->pn = r->pn;
    v->right = r->right;
    v->own = r->own;
    v->own_pn = r->own_pn;
    v->cause = SG_NO_POSITION;
    v->contradicts = (r->flags & F_CONTRA) != 0;
    v->has_step = (r->flags & F_STEP) != 0;
    v->step_right = (r->flags & F_STEP) && !(r->flags & F_STEP_WRONG);
    if (v->given && !v->correct) {
        if (r->flags & F_SLIP) {
            v->followers = r->link;
            v->followers_next = r->next;
        } else {
            v->cause = r->link;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Points                                                                   */
/* ------------------------------------------------------------------------ */

sg_status sg_points_parse(sg_ctx *ctx, const char *spec, sg_points *points)
{
    static const char *const keys[] = {"value", "method", "pn", "steps",
                                       "list", "winner", "move", "out-of",
                                       NULL};
    memset(points, 0, sizeof *points);
    double *slots[] = {&points->value, &points->method, &points->pn,
                       &points->steps, &points->list, &points->winner,
                       &points->move, &points->scale};
    const char *p = spec;
    int item = 1;
    char shown[96];
    if (!*spec)
        return sg_ctx_fail(ctx, SG_EINPUT, "--points \"\": give points such "
                           "as value=1,method=1,pn=0.5");
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq)
            return sg_ctx_fail(ctx, SG_EINPUT, "--points \"%s\": item %d "
                               "\"%s\" has no '=' (e.g. value=1)",
                               sg_quote(spec, strlen(spec), shown,
                                        sizeof shown),
                               item, sg_quote(p, len, shown, sizeof shown));
        size_t klen = (size_t)(eq - p);
        int k = -1;
        for (int i = 0; keys[i]; i++)
            if (strlen(keys[i]) == klen && strncmp(keys[i], p, klen) == 0)
                k = i;
        if (k < 0)
            return sg_ctx_fail(ctx, SG_EINPUT, "--points: unknown item \"%s\" "
                               "(known: value, method, pn, steps, list, "
                               "winner, move, out-of)",
                               sg_quote(p, klen, shown, sizeof shown));
        char num[32];
        size_t vlen = len - klen - 1;
        char *stop;
        if (vlen == 0 || vlen >= sizeof num)
            goto bad_number;
        memcpy(num, eq + 1, vlen);
        num[vlen] = '\0';
        double v = strtod(num, &stop);
        if (*stop || !(v >= 0) || v > 1e6)
            goto bad_number;
        *slots[k] = v;
        p = end ? end + 1 : p + len;
        item++;
        continue;
bad_number:
        return sg_ctx_fail(ctx, SG_EINPUT, "--points: %s=\"%s\" is not a "
                           "number of points from 0 to 1000000", keys[k],
                           sg_quote(eq + 1, vlen, shown, sizeof shown));
    }
    return SG_OK;
}

void sg_check_points(const sg_check *c, const sg_points *pts, double *earned,
                     double *max)
{
    double got = 0, most = 0;
    const checked_list *list = c->lists[0].given ? &c->lists[0]
                               : c->lists[1].given ? &c->lists[1] : NULL;
    for (uint64_t x = 0; x < c->count; x++) {
        const rec *r = &c->recs[x];
        bool given = r->flags & F_GIVEN;
        /* The points named are the points the question offers: a sheet of
         * P/N letters alone earns no value points, but may not make them
         * vanish from its maximum, or it would be graded as complete. */
        most += pts->value;
        if (c->values)
            got += given && r->value == r->right ? pts->value : 0;
        most += pts->method + pts->pn + pts->steps + pts->list;
        got += given && (r->flags & F_CONSISTENT) ? pts->method : 0;
        char letter = r->pn ? r->pn
                      : given && c->values ? sg_letter_for(r->value) : 0;
        got += given && letter == sg_letter_for(r->right) ? pts->pn : 0;
        got += (r->flags & F_STEP) && !(r->flags & F_STEP_WRONG) ? pts->steps
                                                                 : 0;
        if (list) {
            char want = list == &c->lists[0] ? 'P' : 'N';
            bool listed = false;
            const uint64_t *v = c->pool + list->at;
            size_t lo = 0, hi = list->n;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (v[mid] < x)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            listed = lo < list->n && v[lo] == x;
            got += listed == (sg_letter_for(r->right) == want) ? pts->list : 0;
        }
    }
    for (size_t i = 0; i < c->nsums; i++) {
        const checked_sum *s = &c->sums[i];
        most += pts->winner + pts->move;
        got += s->answered && s->winner == s->right_winner ? pts->winner : 0;
        /* From a P-position no move wins: saying so (no move) is right. */
        bool move_ok = s->right_winner == 1 ? s->move == MOVE_RIGHT
                                            : s->answered && !s->has_move;
        got += move_ok ? pts->move : 0;
    }
    if (pts->scale > 0 && most > 0) {
        got = got * pts->scale / most;
        most = pts->scale;
    }
    *earned = got;
    *max = most;
}

/* ------------------------------------------------------------------------ */
/* Reports                                                                  */
/* ------------------------------------------------------------------------ */

sg_status sg_report_format_parse(sg_ctx *ctx, const char *name,
                                 sg_report_format *format)
{
    static const char *const names[] = {"text", "csv", "json", NULL};
    int i = sg_pick_name(ctx, name, names, "--format", "report format");
    if (i < 0)
        return SG_EINPUT;
    *format = (sg_report_format)i;
    return SG_OK;
}

typedef struct writer {
    sg_ctx *ctx;
    const sg_check *c;
    const sg_template *tpl;   /* the check wording */
    const sg_template *trace; /* the trace wording, for mex steps */
    sg_report_format format;
    FILE *out;
    sg_buf line;
    uint64_t written;         /* entries written (JSON: for the commas) */
    pass p;                   /* for gathering the student's own values */
} writer;

static const char *position_name(const sg_check *c, uint64_t x, char *buf,
                                 size_t size)
{
    return sg_game_position_name(c->game, x, buf, size);
}

/* An answer in the shape the sheet uses: "2", "2 (N)" or "N". */
static void format_answer(const sg_check *c, sg_value v, char pn,
                          bool with_letter, char *buf, size_t size)
{
    if (!c->values)
        snprintf(buf, size, "%c", pn);
    else if (with_letter)
        snprintf(buf, size, "%llu (%c)", (unsigned long long)v, pn);
    else
        snprintf(buf, size, "%llu", (unsigned long long)v);
}

/* The student's own answers at the targets, "3,1,0" or "N,N,P". */
static void format_own(const writer *w, size_t n, sg_buf *b)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            sg_buf_putc(b, ',');
        if (w->c->values)
            sg_buf_u64(b, w->p.own[i]);
        else
            sg_buf_putc(b, w->p.own[i] == 0 ? 'P' : 'N');
    }
}

static void json_string(sg_buf *b, const char *s)
{
    sg_escape_add(b, SG_ESCAPE_JSON, s, strlen(s), true);
}

/* Writes the position X as JSON: a number, or a node's name. */
static void json_position(const sg_check *c, sg_buf *b, uint64_t x)
{
    char tmp[24];
    if (c->named)
        json_string(b, position_name(c, x, tmp, sizeof tmp));
    else
        sg_buf_u64(b, x);
}

static void json_answer(const sg_check *c, sg_buf *b, sg_value v, char pn)
{
    if (c->values) {
        sg_buf_u64(b, v);
    } else {
        char s[2] = {pn, 0};
        json_string(b, s);
    }
}

static int flush_line(writer *w)
{
    if (w->line.failed)
        return sg_ctx_fail(w->ctx, SG_ENOMEM, "out of memory writing the "
                           "report");
    if (w->line.len)
        fwrite(w->line.data, 1, w->line.len, w->out);
    w->line.len = 0;
    if (ferror(w->out))
        return sg_ctx_fail(w->ctx, SG_EIO, "cannot write the report");
    return 0;
}

/* The step written for X, or NULL. */
static const sg_sheet_step *step_of(const sg_check *c, uint64_t x)
{
    size_t lo = 0, hi = c->nsteps;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->steps[mid].x < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->nsteps && c->steps[lo].x == x ? &c->steps[lo] : NULL;
}

/* The second pass: writes the text or JSON of each position that is wrong,
 * right but inconsistent, or whose letter or step has a mistake. */
static int report_step(void *user, const sg_step *s)
{
    writer *w = user;
    const sg_check *c = w->c;
    const rec *r = &c->recs[s->x];
    bool given = r->flags & F_GIVEN, correct = r->flags & F_CORRECT;
    bool consistent = r->flags & F_CONSISTENT;
    bool step_wrong = r->flags & F_STEP_WRONG;
    if (correct && consistent && !step_wrong && !(r->flags & F_CONTRA))
        return 0;
    if (!given && w->format == SG_REPORT_TEXT && !c->named && !step_wrong) {
        /* A table that stops early (or starts late) leaves a run of
         * positions out; the text names the run once rather than giving
         * each of them a mex step.  A run of one reads as any entry. */
        if (s->x > 0 && !(c->recs[s->x - 1].flags & F_GIVEN) &&
            !(c->recs[s->x - 1].flags & F_STEP_WRONG))
            return 0;
        uint64_t end = s->x;
        while (end + 1 < c->count && !(c->recs[end + 1].flags & F_GIVEN) &&
               !(c->recs[end + 1].flags & F_STEP_WRONG))
            end++;
        if (end > s->x) {
            char from[24], to[24], count[24];
            snprintf(from, sizeof from, "%llu", (unsigned long long)s->x);
            snprintf(to, sizeof to, "%llu", (unsigned long long)end);
            snprintf(count, sizeof count, "%llu",
                     (unsigned long long)(end - s->x + 1));
            const char *vars[CV_NVARS] = {0};
            vars[CV_FROM] = from;
            vars[CV_TO] = to;
            vars[CV_COUNT] = count;
            sg_check_say(&w->line, w->tpl, CS_MISSING_RUN, vars);
            w->written++;
            return flush_line(w);
        }
    }
    char own_pn;
    if (given && gather(&w->p, s, &own_pn) != SG_OK)
        return w->ctx->status;
    char *step = NULL;
    if (!correct) {
        step = sg_trace_format_step(w->ctx, w->trace, c->game, s);
        if (!step)
            return w->ctx->status;
    }
    /* What is wrong with the student's mex step, in words. */
    sg_buf problems;
    sg_buf_init(&problems);
    if (step_wrong) {
        sg_check_step(c, s, step_of(c, s->x), &problems, w->tpl);
    }
    char xname[24], given_s[48], right_s[48], mine_s[48], count_s[24];
    char slip_name[24], slip_given[48], value_s[24];
    const char *x = position_name(c, s->x, xname, sizeof xname);
    bool letter = r->pn != 0;
    format_answer(c, r->value, r->pn, letter, given_s, sizeof given_s);
    format_answer(c, r->right, sg_letter_for(r->right), letter, right_s,
                  sizeof right_s);
    format_answer(c, r->own, r->own_pn, letter, mine_s, sizeof mine_s);
    snprintf(value_s, sizeof value_s, "%llu", (unsigned long long)r->value);
    sg_buf own;
    sg_buf_init(&own);
    if (given)
        format_own(w, s->nmoves, &own);
    sg_buf_putc(&own, '\0');
    const char *vars[CV_NVARS] = {0};
    vars[CV_X] = x;
    vars[CV_GIVEN] = given_s;
    vars[CV_RIGHT] = right_s;
    vars[CV_MINE] = mine_s;
    vars[CV_OWN] = own.data ? own.data : "";
    vars[CV_STEP] = step;
    vars[CV_VALUE] = value_s;

    sg_buf *b = &w->line;
    if (w->format == SG_REPORT_JSON) {
        sg_buf_puts(b, w->written ? ",\n" : "\n");
        sg_buf_puts(b, "{\"x\": ");
        json_position(c, b, s->x);
        sg_buf_puts(b, ", \"given\": ");
        if (given)
            json_answer(c, b, r->value, r->pn);
        else
            sg_buf_puts(b, "null");
        if (c->values && letter)
            sg_buf_printf(b, ", \"given_pn\": \"%c\"", r->pn);
        sg_buf_puts(b, ", \"right\": ");
        json_answer(c, b, r->right, sg_letter_for(r->right));
        sg_buf_puts(b, ", \"own\": ");
        if (given)
            json_answer(c, b, r->own, r->own_pn);
        else
            sg_buf_puts(b, "null");
        sg_buf_printf(b, ", \"correct\": %s, \"consistent\": %s",
                      correct ? "true" : "false",
                      consistent ? "true" : "false");
        if (r->flags & F_CONTRA)
            sg_buf_puts(b, ", \"contradicts\": true");
        if (given && !correct && !consistent)
            sg_buf_printf(b, ", \"slip\": true, \"followers\": %llu",
                          (unsigned long long)r->link);
        else if (given && !correct) {
            sg_buf_puts(b, ", \"follows_from\": ");
            if (r->link == SG_NO_POSITION)
                sg_buf_puts(b, "null");
            else
                json_position(c, b, r->link);
        }
        if (step) {
            sg_buf_puts(b, ", \"step\": ");
            json_string(b, step);
        }
        if (step_wrong && problems.len) {
            /* The lines of the text, without their indent. */
            sg_buf_putc(&problems, '\0');
            const char *t = problems.data;
            while (*t == ' ')
                t++;
            size_t tl = strlen(t);
            while (tl && t[tl - 1] == '\n')
                tl--;
            sg_buf_puts(b, ", \"step_mistake\": ");
            sg_escape_add(b, SG_ESCAPE_JSON, t, tl, true);
        }
        sg_buf_putc(b, '}');
    } else if (!given) {
        if (step_wrong) {
            sg_check_say(b, w->tpl, CS_STEP_WRONG, vars);
        } else {
            sg_check_say(b, w->tpl, c->values ? CS_MISSING : CS_MISSING_PN,
                         vars);
            sg_check_say(b, w->tpl, CS_STEP, vars);
        }
    } else if (correct && consistent) {
        sg_check_say(b, w->tpl, CS_STEP_WRONG, vars);
    } else if (correct) {
        sg_check_say(b, w->tpl, c->values ? CS_UNEXPLAINED : CS_UNEXPLAINED_PN,
                     vars);
    } else {
        int id = c->values ? CS_WRONG : CS_WRONG_PN;
        if (c->from_list) {
            bool listed = r->pn == c->list_letter;
            id = c->list_letter == 'P'
                     ? (listed ? CS_PLIST_EXTRA : CS_PLIST_MISSING)
                     : (listed ? CS_NLIST_EXTRA : CS_NLIST_MISSING);
            char rv[24];
            snprintf(rv, sizeof rv, "%llu", (unsigned long long)r->right);
            vars[CV_RIGHT] = rv;
            sg_check_say(b, w->tpl, id, vars);
            vars[CV_RIGHT] = right_s;
        } else {
            sg_check_say(b, w->tpl, id, vars);
        }
        sg_check_say(b, w->tpl, CS_STEP, vars);
        if (!consistent) {
            sg_check_say(b, w->tpl, c->values ? CS_SLIP : CS_SLIP_PN, vars);
            if (r->link) {
                snprintf(count_s, sizeof count_s, "%llu",
                         (unsigned long long)r->link);
                vars[CV_COUNT] = count_s;
                bool next = r->next == r->link;
                int nid = r->link == 1 ? (next ? CS_NEXT_ONE : CS_LATER_ONE)
                                       : (next ? CS_NEXT : CS_LATER);
                sg_check_say(b, w->tpl, nid, vars);
            }
        } else {
            /* ${x} and ${given} of the follows sections name the slip. */
            if (r->link != SG_NO_POSITION) {
                const rec *slip = &c->recs[r->link];
                vars[CV_X] = position_name(c, r->link, slip_name,
                                           sizeof slip_name);
                format_answer(c, slip->value, slip->pn, slip->pn != 0,
                              slip_given, sizeof slip_given);
                vars[CV_GIVEN] = slip_given;
            }
            sg_check_say(b, w->tpl, c->values ? CS_FOLLOWS : CS_FOLLOWS_PN,
                         vars);
        }
    }
    if (w->format == SG_REPORT_TEXT) {
        if (r->flags & F_CONTRA)
            sg_check_say(b, w->tpl, r->value == 0 ? CS_CONTRA_P : CS_CONTRA_N,
                         vars);
        if (step_wrong && problems.len)
            sg_buf_add(b, problems.data, problems.len);
    }
    w->written++;
    free(step);
    sg_buf_free(&own);
    sg_buf_free(&problems);
    return flush_line(w);
}

/* CSV: one row per position, from the verdicts alone. */
static sg_status write_csv(writer *w)
{
    const sg_check *c = w->c;
    sg_buf *b = &w->line;
    sg_buf_puts(b, "x,given,right,own,correct,consistent,slip,follows_from,"
                   "contradicts,step\n");
    for (uint64_t x = 0; x < c->count; x++) {
        const rec *r = &c->recs[x];
        bool given = r->flags & F_GIVEN, correct = r->flags & F_CORRECT;
        bool consistent = r->flags & F_CONSISTENT;
        char tmp[24], a[48];
        sg_buf_csv_field(b, position_name(c, x, tmp, sizeof tmp));
        sg_buf_putc(b, ',');
        if (given) {
            format_answer(c, r->value, r->pn, r->pn != 0, a, sizeof a);
            sg_buf_puts(b, a);
        }
        sg_buf_putc(b, ',');
        format_answer(c, r->right, sg_letter_for(r->right), r->pn != 0, a,
                      sizeof a);
        sg_buf_puts(b, a);
        sg_buf_putc(b, ',');
        if (given) {
            format_answer(c, r->own, r->own_pn, r->pn != 0, a, sizeof a);
            sg_buf_puts(b, a);
        }
        sg_buf_printf(b, ",%s,%s,%s,", correct ? "yes" : "no",
                      consistent ? "yes" : "no",
                      given && !correct && !consistent ? "yes" : "no");
        if (given && !correct && consistent && r->link != SG_NO_POSITION)
            sg_buf_csv_field(b, position_name(c, r->link, tmp, sizeof tmp));
        sg_buf_printf(b, ",%s,%s\n", r->flags & F_CONTRA ? "yes" : "no",
                      !(r->flags & F_STEP) ? ""
                      : r->flags & F_STEP_WRONG ? "wrong" : "right");
        if (b->len > 65536 && flush_line(w) != 0)
            return w->ctx->status;
    }
    return flush_line(w) ? w->ctx->status : SG_OK;
}

/* The lines after the entries: entries beyond N, lines not read. */
static void write_beyond_and_notes(writer *w)
{
    const sg_check *c = w->c;
    sg_buf *b = &w->line;
    char from[24], to[24], n[24], line[24];
    snprintf(n, sizeof n, "%llu", (unsigned long long)(c->count - 1));
    for (size_t i = 0; i < c->nbeyond;) {
        size_t j = i;
        while (j + 1 < c->nbeyond && c->beyond[j + 1] == c->beyond[j] + 1)
            j++;
        const char *vars[CV_NVARS] = {0};
        snprintf(from, sizeof from, "%llu", (unsigned long long)c->beyond[i]);
        snprintf(to, sizeof to, "%llu", (unsigned long long)c->beyond[j]);
        vars[CV_FROM] = from;
        vars[CV_X] = from;
        vars[CV_TO] = to;
        vars[CV_COUNT] = n;
        sg_check_say(b, w->tpl, j > i ? CS_BEYOND : CS_BEYOND_ONE, vars);
        i = j + 1;
    }
    for (size_t i = 0; i < c->nnotes; i++) {
        const char *vars[CV_NVARS] = {0};
        snprintf(line, sizeof line, "%lu", c->notes[i].line);
        vars[CV_LINE] = line;
        vars[CV_TEXT] = c->notes[i].text;
        sg_check_say(b, w->tpl, CS_NOTE, vars);
    }
}

/* The name of the file with the student's name, as reports head it. */
static void file_label(const sg_check *c, sg_buf *b)
{
    char clean[512];
    sg_buf_puts(b, sg_clean_text(c->origin, strlen(c->origin), clean,
                                 sizeof clean));
    if (c->student || c->student_id) {
        sg_buf_puts(b, " (");
        if (c->student)
            sg_buf_puts(b, c->student);
        if (c->student && c->student_id)
            sg_buf_puts(b, ", ");
        if (c->student_id)
            sg_buf_puts(b, c->student_id);
        sg_buf_putc(b, ')');
    }
    sg_buf_putc(b, '\0');
}

sg_status sg_check_write_report(sg_ctx *ctx, const sg_check *check,
                                const char *lang, sg_report_format format,
                                FILE *out)
{
    writer w;
    memset(&w, 0, sizeof w);
    w.ctx = ctx;
    w.c = check;
    w.format = format;
    w.out = out;
    w.p.ctx = ctx;
    w.p.c = check;
    sg_buf_init(&w.line);
    sg_template *tpl = NULL, *trace = NULL;
    if (sg_check_wording(ctx, lang, &tpl, &trace) != SG_OK)
        return ctx->status;
    w.tpl = tpl;
    w.trace = trace;
    sg_status st = SG_OK;
    const sg_check_summary *sum = &check->sum;
    char first[24], from[24], to[24], count[24], total[24], correct[24],
        consistent[24], steps[24], steps_right[24];
    const char *vars[CV_NVARS] = {0};
    sg_buf label, hintbuf;
    sg_buf_init(&label);
    sg_buf_init(&hintbuf);
    if (format == SG_REPORT_CSV) {
        st = write_csv(&w);
        goto done;
    }
    snprintf(total, sizeof total, "%llu", (unsigned long long)sum->total);
    snprintf(correct, sizeof correct, "%llu", (unsigned long long)sum->correct);
    snprintf(consistent, sizeof consistent, "%llu",
             (unsigned long long)sum->consistent);
    snprintf(steps, sizeof steps, "%llu", (unsigned long long)sum->steps);
    snprintf(steps_right, sizeof steps_right, "%llu",
             (unsigned long long)sum->steps_right);
    if (format == SG_REPORT_JSON) {
        sg_buf *b = &w.line;
        sg_buf_puts(b, "{\"file\": ");
        json_string(b, check->origin);
        if (check->student) {
            sg_buf_puts(b, ", \"student\": ");
            json_string(b, check->student);
        }
        if (check->student_id) {
            sg_buf_puts(b, ", \"student_id\": ");
            json_string(b, check->student_id);
        }
        sg_buf_puts(b, ", \"game\": ");
        json_string(b, sg_game_describe(check->game));
        sg_buf_puts(b, ", \"set\": ");
        json_string(b, sg_game_spec(check->game));
        sg_buf_printf(b, ", \"lang\": \"%s\", \"form\": \"%s\", "
                      "\"encoding\": \"%s\", \"total\": %s, \"correct\": %s, "
                      "\"consistent\": %s, \"missing\": %llu, \"slips\": %llu, "
                      "\"contradictions\": %llu, \"steps\": %s, "
                      "\"steps_right\": %s, \"answers\": %llu, "
                      "\"answers_right\": %llu, \"beyond\": %llu, "
                      "\"first_error\": ",
                      lang, sg_sheet_form_name(check->form),
                      check->encoding ? check->encoding : "",
                      total, correct, consistent,
                      (unsigned long long)sum->missing,
                      (unsigned long long)sum->slips,
                      (unsigned long long)sum->contradictions, steps,
                      steps_right, (unsigned long long)sum->answers,
                      (unsigned long long)sum->answers_right,
                      (unsigned long long)sum->beyond);
        if (sum->first_error == SG_NO_POSITION)
            sg_buf_puts(b, "null");
        else
            json_position(check, b, sum->first_error);
        sg_buf_puts(b, ", \"hints\": [");
        for (size_t i = 0; i < check->nhints; i++) {
            hintbuf.len = 0;
            sg_check_hint_text(check, &check->hints[i], tpl, &hintbuf);
            sg_buf_putc(&hintbuf, '\0');
            if (i)
                sg_buf_puts(b, ", ");
            json_string(b, hintbuf.data ? hintbuf.data : "");
        }
        sg_buf_puts(b, "]");
        sg_check_write_answers(check, tpl, b, true);
        sg_buf_puts(b, ", \"entries\": [");
    } else {
        file_label(check, &label);
        vars[CV_FILE] = label.data;
        vars[CV_GAME] = sg_game_describe(check->game);
        if (check->count) {
            vars[CV_FROM] = position_name(check, 0, from, sizeof from);
            vars[CV_TO] = position_name(check, check->count - 1, to,
                                        sizeof to);
        }
        snprintf(count, sizeof count, "%llu", (unsigned long long)check->count);
        vars[CV_COUNT] = count;
        sg_check_say(&w.line, tpl, check->named ? CS_DAG_HEADER : CS_HEADER,
                     vars);
        sg_buf_putc(&w.line, '\n');
        for (size_t i = 0; i < check->nhints; i++) {
            sg_check_hint_text(check, &check->hints[i], tpl, &w.line);
            sg_buf_putc(&w.line, '\n');
        }
    }
    if (flush_line(&w) != 0) {
        st = ctx->status;
        goto done;
    }
    bool entries = sum->correct < sum->total || sum->consistent < sum->total ||
                   sum->steps_right < sum->steps || sum->contradictions;
    if (entries && check->count) {
        sg_compute_opts o = {.with_moves = 1, .on_step = report_step,
                             .user = &w};
        st = sg_compute(ctx, check->game, check->count - 1, &o, NULL);
        if (st != SG_OK)
            goto done;
    }
    if (format == SG_REPORT_JSON) {
        sg_buf_puts(&w.line, w.written ? "\n]}\n" : "]}\n");
    } else {
        size_t before = w.line.len;
        write_beyond_and_notes(&w);
        sg_check_write_answers(check, tpl, &w.line, false);
        if (w.line.len > before || entries)
            sg_buf_putc(&w.line, '\n');
        vars[CV_TOTAL] = total;
        vars[CV_CORRECT] = correct;
        vars[CV_CONSISTENT] = consistent;
        if (sum->first_error != SG_NO_POSITION)
            vars[CV_FIRST] = position_name(check, sum->first_error, first,
                                           sizeof first);
        if (check->count)
            sg_check_say(&w.line, tpl,
                         sum->first_error == SG_NO_POSITION ? CS_SUMMARY_ALL
                                                            : CS_SUMMARY,
                         vars);
        if (sum->steps) {
            vars[CV_COUNT] = steps_right;
            vars[CV_TOTAL] = steps;
            sg_check_say(&w.line, tpl, CS_SUMMARY_STEPS, vars);
        }
    }
    if (flush_line(&w) != 0) {
        st = ctx->status;
        goto done;
    }
    if (fflush(out) != 0 || ferror(out))
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the report");
done:
    sg_buf_free(&w.line);
    sg_buf_free(&label);
    sg_buf_free(&hintbuf);
    free(w.p.own);
    free(w.p.scratch);
    sg_template_free(tpl);
    sg_template_free(trace);
    return st;
}
