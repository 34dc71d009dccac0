/*
 * check.c - checks a homework sheet against the engine's values and says
 * what is right, what is wrong, and why; and keeps a class's gradebook.
 *
 * Every position gets two verdicts: correct (the entry equals the true sg)
 * and consistent (the entry equals what the student's own entries at its
 * targets give).  The second verdict is what lets a grader credit the
 * method: one slip early in a table makes many later entries wrong, but
 * each of those follows correctly from the student's own values, so the
 * report names one slip and the wrong entries that follow from it.
 *
 * The values and mex steps come from the engine's step consumer, in two
 * passes: the first works out the verdicts (it needs the moves of every
 * position to take the mex of the student's own values), the second writes
 * the report with each wrong entry's mex step as `sgviz trace` words it.
 * Only the verdicts are kept between them, never the steps' text.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The wording: templates/check/LANG.text                                   */
/* ------------------------------------------------------------------------ */

enum {
    CS_HEADER,
    CS_DAG_HEADER,
    CS_WRONG,
    CS_WRONG_PN,
    CS_MISSING,
    CS_MISSING_PN,
    CS_MISSING_RUN,
    CS_STEP,
    CS_SLIP,
    CS_SLIP_PN,
    CS_NEXT_ONE,
    CS_NEXT,
    CS_LATER_ONE,
    CS_LATER,
    CS_FOLLOWS,
    CS_FOLLOWS_PN,
    CS_UNEXPLAINED,
    CS_UNEXPLAINED_PN,
    CS_SUMMARY,
    CS_SUMMARY_ALL,
    CS_CLASS_COLUMNS,
    CS_CLASS_FIRST_AT,
    CS_CLASS_UNREADABLE,
    CS_CLASS_FOOTER,
    CS_NSECTIONS
};

/* A template holds at most SG_TPL_MAX_SECTIONS sections. */
_Static_assert(CS_NSECTIONS <= SG_TPL_MAX_SECTIONS,
               "the check wording has more sections than a template holds");

static const char *const check_sections[] = {
    "header", "dag-header", "wrong", "wrong-pn", "missing", "missing-pn",
    "missing-run", "step", "slip", "slip-pn", "next-one", "next", "later-one",
    "later",
    "follows", "follows-pn", "unexplained", "unexplained-pn", "summary",
    "summary-all", "class-columns", "class-first-at", "class-unreadable",
    "class-footer", NULL};

enum {
    CV_FILE,
    CV_GAME,
    CV_FROM,
    CV_TO,
    CV_COUNT,
    CV_X,
    CV_GIVEN,
    CV_RIGHT,
    CV_OWN,
    CV_MINE,
    CV_STEP,
    CV_CORRECT,
    CV_CONSISTENT,
    CV_TOTAL,
    CV_FIRST,
    CV_ERROR,
    CV_FILES,
    CV_ALL_CORRECT,
    CV_WITH_ERRORS,
    CV_UNREADABLE,
    CV_NVARS
};

static const char *const check_vars[] = {
    "file", "game", "from", "to", "count", "x", "given", "right", "own",
    "mine", "step", "correct", "consistent", "total", "first", "error",
    "files", "all-correct", "with-errors", "unreadable", NULL};

/* The wording is built in, never a user's file, so every placeholder may
 * appear in every section; one that does not apply there is empty. */
#define ALL_VARS ((UINT64_C(1) << CV_NVARS) - 1)
static const uint64_t check_allowed[CS_NSECTIONS] = {
    ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS,
    ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS,
    ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS, ALL_VARS,
    ALL_VARS, ALL_VARS, ALL_VARS};

static const char *const check_settings[] = {NULL};

static const sg_tpl_schema check_schema = {"check wording", check_sections,
                                           check_vars, check_allowed,
                                           check_settings};

/* Loads the check wording and the trace wording of LANG.  Returns SG_OK or
 * an error (an unknown language names --lang). */
static sg_status load_wording(sg_ctx *ctx, const char *lang,
                              sg_template **check, sg_template **trace)
{
    *check = NULL;
    *trace = sg_template_builtin(ctx, lang, "text");
    if (!*trace)
        return ctx->status;
    char name[64];
    snprintf(name, sizeof name, "check/%s.text", lang);
    *check = sg_tpl_builtin(ctx, &check_schema, name);
    if (!*check) {
        sg_template_free(*trace);
        *trace = NULL;
        return ctx->status;
    }
    return SG_OK;
}

/* Appends section ID of TPL with the placeholders' values VARS (NULL: empty)
 * and a newline. */
static void render(sg_buf *b, const sg_template *tpl, int id,
                   const char *const vars[CV_NVARS])
{
    sg_tpl_say(b, tpl, id, vars);
    sg_buf_putc(b, '\n');
}

/* ------------------------------------------------------------------------ */
/* The verdicts                                                             */
/* ------------------------------------------------------------------------ */

enum { F_GIVEN = 1, F_CORRECT = 2, F_CONSISTENT = 4, F_SLIP = 8 };

/* What is kept of one position between the two passes. */
typedef struct rec {
    sg_value value; /* the student's value */
    sg_value right; /* the true value */
    sg_value own;   /* the mex of the student's values at the targets */
    uint64_t link;  /* a follower: its cause; a slip: its followers */
    uint64_t next;  /* a slip: the followers right after it */
    uint8_t flags;
    char pn;        /* the letter written, or 0 */
    char own_pn;
} rec;

struct sg_check {
    const sg_game *game;
    char *origin;
    bool values; /* the sheet gives values (else letters only) */
    bool named;  /* positions have names (else they are numbers) */
    uint64_t count;
    rec *recs;
    sg_check_summary sum;
};

static char letter_for(sg_value v) { return v == 0 ? 'P' : 'N'; }

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

/* Gathers the student's values at the targets of S into p->own (true
 * values where the sheet has no entry) and, for sheets of letters, works
 * out the student's own letter for the position. */
static sg_status gather(pass *p, const sg_step *s, char *own_pn)
{
    if (s->nmoves + 1 > p->own_cap) {
        size_t cap = s->nmoves + 1;
        sg_value *own = sg_grow(p->ctx, p->own, cap, sizeof *own);
        if (!own)
            return p->ctx->status;
        p->own = own;
        unsigned char *scratch = sg_grow(p->ctx, p->scratch, cap + 1, 1);
        if (!scratch)
            return p->ctx->status;
        p->scratch = scratch;
        p->own_cap = cap;
    }
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
        r->own_pn = letter_for(r->own);
        correct = r->value == s->sg && (!r->pn || r->pn == letter_for(s->sg));
        consistent = r->value == r->own &&
                     (!r->pn || r->pn == letter_for(r->value));
    } else {
        r->own_pn = own_pn;
        correct = r->pn == letter_for(s->sg);
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
    free(check->recs);
    free(check);
}

sg_check *sg_check_new(sg_ctx *ctx, const sg_game *game,
                       const sg_sheet *sheet, uint64_t last)
{
    size_t n;
    const sg_sheet_entry *e = sg_sheet_entries(sheet, &n);
    if (sg_game_is_finite(game)) {
        last = sg_game_position_count(game) - 1;
    } else if (last == UINT64_MAX) {
        last = e[n - 1].x;
    } else if (last >= SG_SHEET_MAX_POSITIONS) {
        sg_ctx_fail(ctx, SG_ELIMIT, "-n %llu: a homework sheet holds "
                    "positions 0..%llu at most", (unsigned long long)last,
                    (unsigned long long)(SG_SHEET_MAX_POSITIONS - 1));
        return NULL;
    }
    if (e[n - 1].x > last) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s:%lu:%lu: x = %llu is beyond N = %llu",
                    sg_sheet_origin(sheet), e[n - 1].line, e[n - 1].column,
                    (unsigned long long)e[n - 1].x, (unsigned long long)last);
        return NULL;
    }
    sg_check *c = sg_alloc(ctx, 1, sizeof *c);
    if (!c)
        return NULL;
    c->game = game;
    c->named = !sg_game_numbered(game);
    c->values = sg_sheet_has_values(sheet) != 0;
    c->count = last + 1;
    c->sum.total = c->count;
    c->sum.first_error = SG_NO_POSITION;
    c->origin = sg_strdup(ctx, sg_sheet_origin(sheet));
    c->recs = sg_alloc(ctx, (size_t)c->count, sizeof *c->recs);
    if (!c->origin || !c->recs) {
        sg_check_free(c);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        rec *r = &c->recs[e[i].x];
        r->flags = F_GIVEN;
        r->value = e[i].value;
        r->pn = e[i].pn;
    }
    pass p = {ctx, c, c, NULL, 0, NULL, SG_NO_POSITION};
    sg_compute_opts o = {0, 1, first_pass, &p};
    sg_status st = sg_compute(ctx, game, last, &o, NULL);
    free(p.own);
    free(p.scratch);
    if (st != SG_OK) {
        sg_check_free(c);
        return NULL;
    }
    return c;
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

/* The second pass: writes the text or JSON of each position that is wrong,
 * or right but inconsistent. */
static int report_step(void *user, const sg_step *s)
{
    writer *w = user;
    const sg_check *c = w->c;
    const rec *r = &c->recs[s->x];
    bool given = r->flags & F_GIVEN, correct = r->flags & F_CORRECT;
    bool consistent = r->flags & F_CONSISTENT;
    if (correct && consistent)
        return 0;
    if (!given && w->format == SG_REPORT_TEXT && !c->named) {
        /* A table that stops early (or starts late) leaves a run of
         * positions out; the text names the run once rather than giving
         * each of them a mex step.  A run of one reads as any entry. */
        if (s->x > 0 && !(c->recs[s->x - 1].flags & F_GIVEN))
            return 0;
        uint64_t end = s->x;
        while (end + 1 < c->count && !(c->recs[end + 1].flags & F_GIVEN))
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
            render(&w->line, w->tpl, CS_MISSING_RUN, vars);
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
    char xname[24], given_s[48], right_s[48], mine_s[48], count_s[24];
    char slip_name[24], slip_given[48];
    const char *x = position_name(c, s->x, xname, sizeof xname);
    bool letter = r->pn != 0;
    format_answer(c, r->value, r->pn, letter, given_s, sizeof given_s);
    format_answer(c, r->right, letter_for(r->right), letter, right_s,
                  sizeof right_s);
    format_answer(c, r->own, r->own_pn, letter, mine_s, sizeof mine_s);
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
        json_answer(c, b, r->right, letter_for(r->right));
        sg_buf_puts(b, ", \"own\": ");
        if (given)
            json_answer(c, b, r->own, r->own_pn);
        else
            sg_buf_puts(b, "null");
        sg_buf_printf(b, ", \"correct\": %s, \"consistent\": %s",
                      correct ? "true" : "false",
                      consistent ? "true" : "false");
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
        sg_buf_putc(b, '}');
    } else if (!given) {
        render(b, w->tpl, c->values ? CS_MISSING : CS_MISSING_PN, vars);
        render(b, w->tpl, CS_STEP, vars);
    } else if (correct) {
        render(b, w->tpl, c->values ? CS_UNEXPLAINED : CS_UNEXPLAINED_PN,
               vars);
    } else {
        render(b, w->tpl, c->values ? CS_WRONG : CS_WRONG_PN, vars);
        render(b, w->tpl, CS_STEP, vars);
        if (!consistent) {
            render(b, w->tpl, c->values ? CS_SLIP : CS_SLIP_PN, vars);
            if (r->link) {
                snprintf(count_s, sizeof count_s, "%llu",
                         (unsigned long long)r->link);
                vars[CV_COUNT] = count_s;
                bool next = r->next == r->link;
                int id = r->link == 1 ? (next ? CS_NEXT_ONE : CS_LATER_ONE)
                                      : (next ? CS_NEXT : CS_LATER);
                render(b, w->tpl, id, vars);
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
            render(b, w->tpl, c->values ? CS_FOLLOWS : CS_FOLLOWS_PN, vars);
        }
    }
    w->written++;
    free(step);
    sg_buf_free(&own);
    return flush_line(w);
}

/* CSV: one row per position, from the verdicts alone. */
static sg_status write_csv(writer *w)
{
    const sg_check *c = w->c;
    sg_buf *b = &w->line;
    sg_buf_puts(b, "x,given,right,own,correct,consistent,slip,follows_from\n");
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
        format_answer(c, r->right, letter_for(r->right), r->pn != 0, a,
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
        sg_buf_putc(b, '\n');
        if (b->len > 65536 && flush_line(w) != 0)
            return w->ctx->status;
    }
    return flush_line(w) ? w->ctx->status : SG_OK;
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
    if (load_wording(ctx, lang, &tpl, &trace) != SG_OK)
        return ctx->status;
    w.tpl = tpl;
    w.trace = trace;
    sg_status st = SG_OK;
    const sg_check_summary *sum = &check->sum;
    char first[24], from[24], to[24], count[24], total[24], correct[24],
        consistent[24];
    const char *vars[CV_NVARS] = {0};
    if (format == SG_REPORT_CSV) {
        st = write_csv(&w);
        goto done;
    }
    snprintf(total, sizeof total, "%llu", (unsigned long long)sum->total);
    snprintf(correct, sizeof correct, "%llu", (unsigned long long)sum->correct);
    snprintf(consistent, sizeof consistent, "%llu",
             (unsigned long long)sum->consistent);
    if (format == SG_REPORT_JSON) {
        sg_buf *b = &w.line;
        sg_buf_puts(b, "{\"file\": ");
        json_string(b, check->origin);
        sg_buf_puts(b, ", \"game\": ");
        json_string(b, sg_game_describe(check->game));
        sg_buf_puts(b, ", \"set\": ");
        json_string(b, sg_game_spec(check->game));
        sg_buf_printf(b, ", \"lang\": \"%s\", \"total\": %s, \"correct\": %s, "
                      "\"consistent\": %s, \"missing\": %llu, \"slips\": %llu, "
                      "\"first_error\": ", lang, total, correct, consistent,
                      (unsigned long long)sum->missing,
                      (unsigned long long)sum->slips);
        if (sum->first_error == SG_NO_POSITION)
            sg_buf_puts(b, "null");
        else
            json_position(check, b, sum->first_error);
        sg_buf_puts(b, ", \"entries\": [");
    } else {
        vars[CV_FILE] = check->origin;
        vars[CV_GAME] = sg_game_describe(check->game);
        vars[CV_FROM] = position_name(check, 0, from, sizeof from);
        vars[CV_TO] = position_name(check, check->count - 1, to, sizeof to);
        snprintf(count, sizeof count, "%llu", (unsigned long long)check->count);
        vars[CV_COUNT] = count;
        render(&w.line, tpl, check->named ? CS_DAG_HEADER : CS_HEADER, vars);
        sg_buf_putc(&w.line, '\n');
    }
    if (flush_line(&w) != 0) {
        st = ctx->status;
        goto done;
    }
    if (sum->correct < sum->total || sum->consistent < sum->total) {
        sg_compute_opts o = {0, 1, report_step, &w};
        st = sg_compute(ctx, check->game, check->count - 1, &o, NULL);
        if (st != SG_OK)
            goto done;
        if (format == SG_REPORT_TEXT)
            sg_buf_putc(&w.line, '\n');
    }
    if (format == SG_REPORT_JSON) {
        sg_buf_puts(&w.line, w.written ? "\n]}\n" : "]}\n");
    } else {
        vars[CV_TOTAL] = total;
        vars[CV_CORRECT] = correct;
        vars[CV_CONSISTENT] = consistent;
        if (sum->first_error != SG_NO_POSITION)
            vars[CV_FIRST] = position_name(check, sum->first_error, first,
                                           sizeof first);
        render(&w.line, tpl,
               sum->first_error == SG_NO_POSITION ? CS_SUMMARY_ALL
                                                  : CS_SUMMARY,
               vars);
    }
    if (flush_line(&w) != 0) {
        st = ctx->status;
        goto done;
    }
    if (fflush(out) != 0 || ferror(out))
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the report");
done:
    sg_buf_free(&w.line);
    free(w.p.own);
    free(w.p.scratch);
    sg_template_free(tpl);
    sg_template_free(trace);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Gradebooks                                                               */
/* ------------------------------------------------------------------------ */

/* The most rows a gradebook takes: far more than a class, few enough that
 * a mistaken directory (say, a home directory) is refused quickly. */
#define GRADEBOOK_MAX_ROWS 100000

typedef struct grade_row {
    char *file;
    char *error;   /* NULL when the file was read */
    uint64_t total, correct, consistent;
    char *first;   /* the first error's position, or NULL */
} grade_row;

struct sg_gradebook {
    sg_ctx *ctx;
    const sg_game *game;
    sg_template *tpl;
    sg_template *trace;
    sg_report_format format;
    FILE *out;
    grade_row *rows;
    size_t n;
    size_t cap;
};

sg_gradebook *sg_gradebook_new(sg_ctx *ctx, const sg_game *game,
                               const char *lang, sg_report_format format,
                               FILE *out)
{
    sg_gradebook *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g)
        return NULL;
    g->ctx = ctx;
    g->game = game;
    g->format = format;
    g->out = out;
    if (load_wording(ctx, lang, &g->tpl, &g->trace) != SG_OK) {
        free(g);
        return NULL;
    }
    return g;
}

void sg_gradebook_free(sg_gradebook *book)
{
    if (!book)
        return;
    for (size_t i = 0; i < book->n; i++) {
        free(book->rows[i].file);
        free(book->rows[i].error);
        free(book->rows[i].first);
    }
    free(book->rows);
    sg_template_free(book->tpl);
    sg_template_free(book->trace);
    free(book);
}

sg_status sg_gradebook_add(sg_gradebook *book, const char *file,
                           const sg_check *check, const char *error)
{
    sg_ctx *ctx = book->ctx;
    if (book->n >= GRADEBOOK_MAX_ROWS)
        return sg_ctx_fail(ctx, SG_ELIMIT, "more than %d files in one "
                           "gradebook", GRADEBOOK_MAX_ROWS);
    if (book->n == book->cap) {
        size_t cap = book->cap ? book->cap * 2 : 32;
        grade_row *grown = sg_grow(ctx, book->rows, cap, sizeof *grown);
        if (!grown)
            return ctx->status;
        book->rows = grown;
        book->cap = cap;
    }
    grade_row row;
    memset(&row, 0, sizeof row);
    row.file = sg_strdup(ctx, file);
    if (!row.file)
        return ctx->status;
    if (!check) {
        row.error = sg_strdup(ctx, error ? error : "unreadable");
        if (!row.error) {
            free(row.file);
            return ctx->status;
        }
    } else {
        row.total = check->sum.total;
        row.correct = check->sum.correct;
        row.consistent = check->sum.consistent;
        if (check->sum.first_error != SG_NO_POSITION) {
            char tmp[24];
            row.first = sg_strdup(ctx, position_name(check,
                                                     check->sum.first_error,
                                                     tmp, sizeof tmp));
            if (!row.first) {
                free(row.file);
                return ctx->status;
            }
        }
    }
    book->rows[book->n++] = row;
    return SG_OK;
}

/* Columns a character takes on a terminal: two for the wide characters of
 * Chinese, Japanese and Korean, so that the columns of a Chinese gradebook
 * line up. */
static size_t display_width(const char *s)
{
    size_t w = 0;
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        unsigned cp;
        size_t n;
        if (*u < 0x80) {
            cp = *u;
            n = 1;
        } else if ((*u & 0xE0) == 0xC0) {
            cp = *u & 0x1F;
            n = 2;
        } else if ((*u & 0xF0) == 0xE0) {
            cp = *u & 0x0F;
            n = 3;
        } else {
            cp = *u & 0x07;
            n = 4;
        }
        for (size_t i = 1; i < n && u[i]; i++)
            cp = (cp << 6) | (u[i] & 0x3F);
        for (size_t i = 0; i < n && *u; i++)
            u++;
        bool wide = (cp >= 0x1100 && cp <= 0x115F) ||
                    (cp >= 0x2E80 && cp <= 0xA4CF) ||
                    (cp >= 0xAC00 && cp <= 0xD7A3) ||
                    (cp >= 0xF900 && cp <= 0xFAFF) ||
                    (cp >= 0xFE30 && cp <= 0xFE4F) ||
                    (cp >= 0xFF00 && cp <= 0xFF60) ||
                    (cp >= 0xFFE0 && cp <= 0xFFE6);
        w += wide ? 2 : 1;
    }
    return w;
}

static void put_padded(sg_buf *b, const char *s, size_t width)
{
    sg_buf_puts(b, s);
    for (size_t w = display_width(s); w < width; w++)
        sg_buf_putc(b, ' ');
}

/* The text of the first-error column of row R into BUF. */
static const char *first_text(const sg_gradebook *g, const grade_row *r,
                              sg_buf *buf)
{
    buf->len = 0;
    if (!r->first)
        return "-";
    const char *vars[CV_NVARS] = {0};
    vars[CV_X] = r->first;
    render(buf, g->tpl, CS_CLASS_FIRST_AT, vars);
    if (buf->failed)
        return "";
    buf->data[--buf->len] = '\0';
    return buf->data;
}

static void write_class_text(sg_gradebook *g, sg_buf *b)
{
    /* The column titles are the lines of [class-columns]. */
    const sg_section *sec = &g->tpl->sections[CS_CLASS_COLUMNS];
    sg_buf titles;
    sg_buf_init(&titles);
    for (size_t i = 0; i < sec->nsegs; i++)
        if (sec->segs[i].var < 0)
            sg_buf_add(&titles, sec->segs[i].text, sec->segs[i].len);
    sg_buf_putc(&titles, '\n');
    const char *title[4] = {"", "", "", ""};
    char *p = titles.data;
    for (int i = 0; i < 4 && p && *p; i++) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        title[i] = p;
        p = nl ? nl + 1 : NULL;
    }
    size_t width[4];
    for (int i = 0; i < 4; i++)
        width[i] = display_width(title[i]);
    sg_buf cell;
    sg_buf_init(&cell);
    char tmp[64];
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        size_t fw = display_width(r->file);
        if (fw > width[0])
            width[0] = fw;
        if (r->error)
            continue;
        snprintf(tmp, sizeof tmp, "%llu/%llu", (unsigned long long)r->correct,
                 (unsigned long long)r->total);
        if (strlen(tmp) > width[1])
            width[1] = strlen(tmp);
        snprintf(tmp, sizeof tmp, "%llu/%llu",
                 (unsigned long long)r->consistent,
                 (unsigned long long)r->total);
        if (strlen(tmp) > width[2])
            width[2] = strlen(tmp);
    }
    sg_buf_puts(b, sg_game_describe(g->game));
    sg_buf_putc(b, '\n');
    for (int i = 0; i < 3; i++)
        put_padded(b, title[i], width[i] + 2);
    sg_buf_puts(b, title[3]);
    sg_buf_putc(b, '\n');
    uint64_t all = 0, errors = 0, unreadable = 0;
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        put_padded(b, r->file, width[0] + 2);
        if (r->error) {
            const char *vars[CV_NVARS] = {0};
            vars[CV_ERROR] = r->error;
            render(b, g->tpl, CS_CLASS_UNREADABLE, vars);
            unreadable++;
            continue;
        }
        if (r->correct == r->total)
            all++;
        else
            errors++;
        snprintf(tmp, sizeof tmp, "%llu/%llu", (unsigned long long)r->correct,
                 (unsigned long long)r->total);
        put_padded(b, tmp, width[1] + 2);
        snprintf(tmp, sizeof tmp, "%llu/%llu",
                 (unsigned long long)r->consistent,
                 (unsigned long long)r->total);
        put_padded(b, tmp, width[2] + 2);
        sg_buf_puts(b, first_text(g, r, &cell));
        sg_buf_putc(b, '\n');
    }
    char files[24], a[24], e[24], u[24];
    snprintf(files, sizeof files, "%zu", g->n);
    snprintf(a, sizeof a, "%llu", (unsigned long long)all);
    snprintf(e, sizeof e, "%llu", (unsigned long long)errors);
    snprintf(u, sizeof u, "%llu", (unsigned long long)unreadable);
    const char *vars[CV_NVARS] = {0};
    vars[CV_FILES] = files;
    vars[CV_ALL_CORRECT] = a;
    vars[CV_WITH_ERRORS] = e;
    vars[CV_UNREADABLE] = u;
    render(b, g->tpl, CS_CLASS_FOOTER, vars);
    sg_buf_free(&cell);
    sg_buf_free(&titles);
}

static void write_class_csv(const sg_gradebook *g, sg_buf *b)
{
    sg_buf_puts(b, "file,total,correct,consistent,first_error,error\n");
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        sg_buf_csv_field(b, r->file);
        if (r->error) {
            sg_buf_puts(b, ",,,,,");
            sg_buf_csv_field(b, r->error);
        } else {
            sg_buf_printf(b, ",%llu,%llu,%llu,", (unsigned long long)r->total,
                          (unsigned long long)r->correct,
                          (unsigned long long)r->consistent);
            if (r->first)
                sg_buf_csv_field(b, r->first);
            sg_buf_putc(b, ',');
        }
        sg_buf_putc(b, '\n');
    }
}

static void write_class_json(const sg_gradebook *g, sg_buf *b)
{
    sg_buf_puts(b, "{\"game\": ");
    json_string(b, sg_game_describe(g->game));
    sg_buf_puts(b, ", \"set\": ");
    json_string(b, sg_game_spec(g->game));
    sg_buf_puts(b, ", \"files\": [");
    bool named = !sg_game_numbered(g->game);
    for (size_t i = 0; i < g->n; i++) {
        const grade_row *r = &g->rows[i];
        sg_buf_puts(b, i ? ",\n" : "\n");
        sg_buf_puts(b, "{\"file\": ");
        json_string(b, r->file);
        if (r->error) {
            sg_buf_puts(b, ", \"readable\": false, \"error\": ");
            json_string(b, r->error);
        } else {
            sg_buf_printf(b, ", \"readable\": true, \"total\": %llu, "
                          "\"correct\": %llu, \"consistent\": %llu, "
                          "\"first_error\": ",
                          (unsigned long long)r->total,
                          (unsigned long long)r->correct,
                          (unsigned long long)r->consistent);
            if (!r->first)
                sg_buf_puts(b, "null");
            else if (named)
                json_string(b, r->first);
            else
                sg_buf_puts(b, r->first);
        }
        sg_buf_putc(b, '}');
    }
    sg_buf_puts(b, g->n ? "\n]}\n" : "]}\n");
}

sg_status sg_gradebook_finish(sg_gradebook *book)
{
    sg_buf b;
    sg_buf_init(&b);
    switch (book->format) {
    case SG_REPORT_CSV: write_class_csv(book, &b); break;
    case SG_REPORT_JSON: write_class_json(book, &b); break;
    default: write_class_text(book, &b); break;
    }
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(book->ctx, SG_ENOMEM, "out of memory writing the "
                           "gradebook");
    }
    if (b.len)
        fwrite(b.data, 1, b.len, book->out);
    sg_buf_free(&b);
    if (fflush(book->out) != 0 || ferror(book->out))
        return sg_ctx_fail(book->ctx, SG_EIO, "cannot write the gradebook");
    return SG_OK;
}
