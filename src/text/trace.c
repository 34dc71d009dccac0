/*
 * trace.c - writes mex steps in the words of a template: the worked example
 * of the teaching notes, step by step, in any language and format.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

/* Positions listed by the footer's ${p-positions} and ${n-positions}; past
 * this the lists end in "...", so that a trace of any length streams in
 * constant memory. */
#define SUMMARY_MAX 1000

/* What a trace may write: OUTPUT_FREE bytes, and OUTPUT_PER_UNIT more for
 * each step and each move of the steps so far.  The built-in wordings
 * write a few dozen bytes per step and move, so this only ever stops a
 * template that multiplies its output (a [step] of ten thousand
 * ${values}, each a list of every move); it is checked as each line is
 * made, so that one line cannot take the memory either. */
#define OUTPUT_FREE ((uint64_t)64 << 20)
#define OUTPUT_PER_UNIT 256

struct sg_trace {
    sg_ctx *ctx;
    const sg_template *tpl;
    const sg_game *game;
    uint64_t from, to;
    FILE *out;
    bool named;     /* positions have names (else they are numbers) */
    sg_wording wording;
    bool started;   /* the header has been written */
    uint64_t steps; /* steps written */
    uint64_t rows;  /* steps per block ([break] between blocks), 0: one */
    sg_buf line;    /* the text of one step, reused */
    sg_buf p_list, n_list;
    uint64_t p_count, n_count;
    const char *sep, *p_label, *n_label;
    /* Between names in a list (targets, refs, P- and N-positions): the
     * names of a game may hold the separator of numbers, as "1,2" does. */
    const char *name_sep;
    /* Characters that make a name be written in quotes: those of the name
     * separator, quotes, braces and backslashes. */
    char quote_if[16];
    /* Splitting games: what goes between amounts, between the options of
     * one amount, between the heaps of a sum, between the options' sums,
     * and between the references of a sum's heaps. */
    const char *take_sep, *option_sep, *heap_sep, *sum_sep, *xor_sep;
    /* The game's description in the language of the template's `names`
     * setting ("S = {1,2,4,8,...} (2 的幂)"). */
    sg_buf game_name;
    uint64_t written; /* bytes written so far */
    uint64_t units;   /* steps and moves so far, the current step's too */
    bool too_much;    /* the output passed its bound (OUTPUT_FREE) */
};

/* Default item wording, used where a template leaves an item section out. */
static const sg_segment default_amount[] = {{NULL, 0, TV_A, false}};
static const sg_segment default_target[] = {{NULL, 0, TV_T, false}};
static const sg_segment default_ref[] = {
    {"sg(", 3, -1, false}, {NULL, 0, TV_T, false}, {")", 1, -1, false}};
static const sg_segment default_value[] = {{NULL, 0, TV_V, false}};
static const sg_segment default_take[] = {
    {"take ", 5, -1, false}, {NULL, 0, TV_A, false},
    {" leaves ", 8, -1, false}, {NULL, 0, TV_OPTIONS, false}};
static const sg_segment default_split[] = {
    {"split into ", 11, -1, false}, {NULL, 0, TV_OPTIONS, false}};
static const sg_segment default_option[] = {{NULL, 0, TV_HEAPS, false}};
static const sg_segment default_sum[] = {{NULL, 0, TV_REFS, false}};

/* What an item's placeholders stand for: one move (amount, target and
 * value), or, in the step of a splitting game, one option (move `move`,
 * whose heaps the step holds) or the options of one amount (moves
 * first..end). */
typedef struct item_ctx {
    uint64_t a;       /* amount */
    uint64_t t;       /* target */
    sg_value v;       /* value of the target */
    bool option;      /* an option of a splitting game: `move` below */
    bool group;       /* the options of one amount: first..end below */
    size_t move, first, end;
} item_ctx;

/* Whether NAME must be quoted to be read back from a list: it holds a
 * character of the separator, a quote, a brace, a backslash or a control
 * character (a line break would end the step's line). */
static bool needs_quotes(const sg_trace *tr, const char *name)
{
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p < 0x20 || *p == 0x7f || strchr(tr->quote_if, *p))
            return true;
    return *name == '\0';
}

/* Writes a position: a number for subtraction games, an escaped name for
 * games with names.  In JSON a name is a string: quoted, unless the
 * template's own text already opened the string (IN_STRING).  Elsewhere a
 * name that could not be told apart in a list is written in double quotes,
 * with quotes and backslashes escaped and control characters as \xNN, as a
 * DOT file writes such a name. */
static void put_position(sg_trace *tr, sg_buf *b, uint64_t x, bool in_string)
{
    if (!tr->named) {
        sg_buf_u64(b, x);
        return;
    }
    char tmp[24];
    const char *name = sg_game_position_name(tr->game, x, tmp, sizeof tmp);
    bool json_string = tr->tpl->escape == SG_ESCAPE_JSON && !in_string;
    if (json_string || !needs_quotes(tr, name)) {
        sg_escape_add(b, tr->tpl->escape, name, strlen(name), !in_string);
        return;
    }
    sg_buf q;
    sg_buf_init(&q);
    sg_buf_putc(&q, '"');
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (*p == '"' || *p == '\\')
            sg_buf_putc(&q, '\\');
        if (*p < 0x20 || *p == 0x7f)
            sg_buf_printf(&q, "\\x%02X", *p);
        else
            sg_buf_putc(&q, (char)*p);
    }
    sg_buf_putc(&q, '"');
    if (q.failed)
        b->failed = true;
    else
        sg_escape_add(b, tr->tpl->escape, q.data, q.len, false);
    sg_buf_free(&q);
}

static void put_text(sg_trace *tr, sg_buf *b, const char *s, bool in_string)
{
    sg_escape_add(b, tr->tpl->escape, s, strlen(s), !in_string);
}

static void render(sg_trace *tr, sg_buf *b, const sg_segment *segs,
                   size_t nsegs, const sg_step *step, const item_ctx *item,
                   bool in_string);
static void render_heaps(sg_trace *tr, sg_buf *b, const sg_step *step,
                         const item_ctx *item, bool refs, bool in_string);

#define SEGS(a) a, sizeof a / sizeof a[0]

/* The segments of SECTION, or its default when the template leaves it
 * out. */
static const sg_segment *section_segs(const sg_trace *tr, int section,
                                      size_t *nsegs)
{
    /* Names are text wherever numbers are not: LaTeX sets a name as text
     * inside the formula that refers to it. */
    if (section == TR_REF && tr->named &&
        tr->tpl->sections[TR_DAG_REF].present)
        section = TR_DAG_REF;
    const sg_section *sec = &tr->tpl->sections[section];
    if (sec->present) {
        *nsegs = sec->nsegs;
        return sec->segs;
    }
    static const struct {
        const sg_segment *segs;
        size_t n;
    } defaults[] = {
        [TR_AMOUNT] = {SEGS(default_amount)},
        [TR_TARGET] = {SEGS(default_target)},
        [TR_REF] = {SEGS(default_ref)},
        [TR_VALUE] = {SEGS(default_value)},
        [TR_TAKE] = {SEGS(default_take)},
        [TR_SPLIT] = {SEGS(default_split)},
        [TR_OPTION] = {SEGS(default_option)},
        [TR_SUM] = {SEGS(default_sum)},
    };
    *nsegs = defaults[section].n;
    return defaults[section].segs;
}

/* Move I of STEP as an item. */
static item_ctx move_item(const sg_step *step, size_t i)
{
    item_ctx it = {step->amounts ? step->amounts[i] : 0, step->targets[i],
                   step->values[i], false, false, i, 0, 0};
    return it;
}

static void render_list(sg_trace *tr, sg_buf *b, int section,
                        const sg_step *step, bool in_string)
{
    size_t nsegs;
    const sg_segment *segs = section_segs(tr, section, &nsegs);
    /* A JSON array of names is a list of strings, which needs no other
     * separator; in text (and in a JSON string's text) names are listed
     * with theirs. */
    bool names = tr->named && (section == TR_TARGET || section == TR_REF) &&
                 (tr->tpl->escape != SG_ESCAPE_JSON || in_string);
    const char *sep = names ? tr->name_sep : tr->sep;
    for (size_t i = 0; i < step->nmoves; i++) {
        if (i)
            sg_buf_puts(b, sep);
        item_ctx it = move_item(step, i);
        /* A move to a sum of positions (a game defined in C may cut a
         * position in two): its target is the positions, its reference
         * the XOR of theirs. */
        it.option = step->part_start && step->targets[i] == SG_NO_POSITION;
        if (it.option && section == TR_REF)
            render_heaps(tr, b, step, &it, true, in_string);
        else
            render(tr, b, segs, nsegs, step, &it, in_string);
    }
}

/* The options of a splitting game's step, moves FIRST..END, each in
 * SECTION ([option] or [sum]), separated by SEP. */
static void render_options(sg_trace *tr, sg_buf *b, int section,
                           const sg_step *step, size_t first, size_t end,
                           const char *sep, bool in_string)
{
    size_t nsegs;
    const sg_segment *segs = section_segs(tr, section, &nsegs);
    for (size_t i = first; i < end; i++) {
        if (i > first)
            sg_buf_puts(b, sep);
        item_ctx it = move_item(step, i);
        it.option = true;
        render(tr, b, segs, nsegs, step, &it, in_string);
    }
}

/* The options of a splitting game's step grouped by the amount they take,
 * each group in [take] (or [split], for splitting without taking), the
 * groups separated by take-separator.  Moves come amount by amount. */
static void render_takes(sg_trace *tr, sg_buf *b, const sg_step *step,
                         bool in_string)
{
    for (size_t i = 0; i < step->nmoves;) {
        uint64_t a = step->amounts ? step->amounts[i] : 0;
        size_t end = i + 1;
        while (end < step->nmoves && step->amounts &&
               step->amounts[end] == a)
            end++;
        if (i)
            sg_buf_puts(b, tr->take_sep);
        size_t nsegs;
        const sg_segment *segs = section_segs(tr, a ? TR_TAKE : TR_SPLIT,
                                              &nsegs);
        item_ctx it = move_item(step, i);
        it.group = true;
        it.first = i;
        it.end = end;
        render(tr, b, segs, nsegs, step, &it, in_string);
        i = end;
    }
}

/* The heaps an option leaves, separated by heap-separator, or (REFS) their
 * references, each in [ref], separated by xor. */
static void render_heaps(sg_trace *tr, sg_buf *b, const sg_step *step,
                         const item_ctx *item, bool refs, bool in_string)
{
    size_t k, nsegs;
    const uint64_t *parts = sg_step_parts(step, item->move, &k);
    const sg_segment *segs = section_segs(tr, TR_REF, &nsegs);
    for (size_t j = 0; j < k; j++) {
        if (j)
            sg_buf_puts(b, refs ? tr->xor_sep : tr->heap_sep);
        if (!refs) {
            put_position(tr, b, parts[j], in_string);
            continue;
        }
        /* The value of one heap of a sum is not among the step's values;
         * the references of sums say "sg(1)", not a number. */
        item_ctx it = {item->a, parts[j], item->v, false, false, 0, 0, 0};
        render(tr, b, segs, nsegs, step, &it, in_string);
    }
}

/* Whether the output, with the line B being made, passes its bound. */
static bool too_much(sg_trace *tr, const sg_buf *b)
{
    double allowed = (double)OUTPUT_FREE + OUTPUT_PER_UNIT * (double)tr->units;
    if ((double)(tr->written + b->len) > allowed)
        tr->too_much = true;
    return tr->too_much;
}

static void render(sg_trace *tr, sg_buf *b, const sg_segment *segs,
                   size_t nsegs, const sg_step *step, const item_ctx *item,
                   bool in_string)
{
    for (size_t i = 0; i < nsegs; i++) {
        if (too_much(tr, b))
            return;
        const sg_segment *s = &segs[i];
        bool str = in_string != s->in_string;
        switch (s->var) {
        case -1: sg_buf_add(b, s->text, s->len); break;
        case TV_GAME: put_text(tr, b, tr->game_name.data, str); break;
        case TV_SET: put_text(tr, b, tr->game->spec, str); break;
        case TV_FROM: put_position(tr, b, tr->from, str); break;
        case TV_TO: put_position(tr, b, tr->to, str); break;
        case TV_COUNT: sg_buf_u64(b, tr->to - tr->from + 1); break;
        case TV_P_POSITIONS: sg_buf_add(b, tr->p_list.data, tr->p_list.len); break;
        case TV_N_POSITIONS: sg_buf_add(b, tr->n_list.data, tr->n_list.len); break;
        case TV_P_COUNT: sg_buf_u64(b, tr->p_count); break;
        case TV_N_COUNT: sg_buf_u64(b, tr->n_count); break;
        case TV_X: put_position(tr, b, step->x, str); break;
        case TV_SG: sg_buf_u64(b, step->sg); break;
        case TV_PN:
            put_text(tr, b, step->sg == 0 ? tr->p_label : tr->n_label, str);
            break;
        case TV_N: sg_buf_u64(b, step->nmoves); break;
        case TV_AMOUNTS: render_list(tr, b, TR_AMOUNT, step, str); break;
        case TV_TARGETS: render_list(tr, b, TR_TARGET, step, str); break;
        case TV_REFS:
            if (item && item->option)
                render_heaps(tr, b, step, item, true, str);
            else
                render_list(tr, b, TR_REF, step, str);
            break;
        case TV_VALUES: render_list(tr, b, TR_VALUE, step, str); break;
        case TV_TAKES: render_takes(tr, b, step, str); break;
        case TV_OPTIONS:
            if (item && item->group)
                render_options(tr, b, TR_OPTION, step, item->first, item->end,
                               tr->option_sep, str);
            else
                render_options(tr, b, TR_OPTION, step, 0, step->nmoves,
                               tr->sep, str);
            break;
        case TV_SUMS:
            render_options(tr, b, TR_SUM, step, 0, step->nmoves, tr->sum_sep,
                           str);
            break;
        case TV_HEAPS: render_heaps(tr, b, step, item, false, str); break;
        case TV_A: sg_buf_u64(b, item->a); break;
        case TV_T:
            if (!item->option) {
                put_position(tr, b, item->t, str);
            } else if (tr->tpl->escape == SG_ESCAPE_JSON && !str) {
                /* In a JSON array, the sum is an array of its names. */
                sg_buf_putc(b, '[');
                render_heaps(tr, b, step, item, false, str);
                sg_buf_putc(b, ']');
            } else {
                render_heaps(tr, b, step, item, false, str);
            }
            break;
        case TV_V: sg_buf_u64(b, item->v); break;
        default: break;
        }
    }
}

/* The sections that word the steps of each wording: a terminal position,
 * a position with moves, and what a trace of such a game is called. */
static const struct {
    int terminal, step;
    const char *what;
} wordings[] = {
    [SG_WORDING_AMOUNTS] = {TR_TERMINAL, TR_STEP, "a subtraction game"},
    [SG_WORDING_TARGETS] = {TR_DAG_TERMINAL, TR_DAG_STEP,
                            "a game read from a DOT file"},
    [SG_WORDING_SPLITS] = {TR_SPLIT_TERMINAL, TR_SPLIT_STEP,
                           "a take-and-break game"},
};

static const sg_section *step_section(const sg_trace *tr, const sg_step *s)
{
    int id = s->nmoves == 0 ? wordings[tr->wording].terminal
                            : wordings[tr->wording].step;
    return &tr->tpl->sections[id];
}

sg_trace *sg_trace_new(sg_ctx *ctx, const sg_template *tpl,
                       const sg_game *game, uint64_t from, uint64_t to,
                       FILE *out)
{
    sg_wording wording = game->ops->wording;
    int step_id = wordings[wording].step;
    int term_id = wordings[wording].terminal;
    if (!tpl->sections[step_id].present || !tpl->sections[term_id].present) {
        sg_ctx_fail(ctx, SG_EINPUT, "%s: this template has no [%s] and [%s] "
                    "sections, which a trace of %s needs",
                    tpl->origin, sg_trace_schema.sections[term_id],
                    sg_trace_schema.sections[step_id],
                    wordings[wording].what);
        return NULL;
    }
    if (from > to) {
        sg_ctx_fail(ctx, SG_EINPUT, "--from %llu is after --to %llu",
                    (unsigned long long)from, (unsigned long long)to);
        return NULL;
    }
    sg_trace *tr = sg_alloc(ctx, 1, sizeof *tr);
    if (!tr)
        return NULL;
    tr->ctx = ctx;
    tr->tpl = tpl;
    tr->game = game;
    tr->from = from;
    tr->to = to;
    tr->out = out;
    tr->wording = wording;
    tr->named = !sg_game_numbered(game);
    tr->sep = sg_tpl_setting(tpl, TS_LIST_SEPARATOR, ",");
    tr->take_sep = sg_tpl_setting(tpl, TS_TAKE_SEPARATOR, ", ");
    tr->option_sep = sg_tpl_setting(tpl, TS_OPTION_SEPARATOR, " or ");
    tr->heap_sep = sg_tpl_setting(tpl, TS_HEAP_SEPARATOR, "+");
    tr->sum_sep = sg_tpl_setting(tpl, TS_SUM_SEPARATOR, tr->sep);
    tr->xor_sep = sg_tpl_setting(tpl, TS_XOR, "\xe2\x8a\x95"); /* U+2295 */
    tr->p_label = sg_tpl_setting(tpl, TS_P_LABEL, "P");
    tr->n_label = sg_tpl_setting(tpl, TS_N_LABEL, "N");
    tr->name_sep = sg_tpl_setting(tpl, TS_NAME_SEPARATOR, "; ");
    sg_describe_add(&tr->game_name, game->describe,
                    sg_tpl_setting(tpl, TS_NAMES, NULL));
    if (tr->game_name.failed) {
        sg_trace_free(tr);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory naming the game");
        return NULL;
    }
    /* Checked when the template was read. */
    const char *rows = sg_tpl_setting(tpl, TS_ROWS, "0");
    if (sg_parse_u64(rows, strlen(rows), SG_TRACE_MAX_ROWS, &tr->rows) != 0 ||
        !tpl->sections[TR_BREAK].present)
        tr->rows = 0;
    /* A name is quoted when it holds a character of the separators it is
     * listed with: between names, and, where moves leave sums of named
     * positions, between the positions of a sum. */
    size_t q = 0;
    const char *seps[] = {tr->name_sep,
                          game->ops->max_parts > 1 ? tr->heap_sep : ""};
    for (size_t i = 0; i < 2; i++)
        for (const char *c = seps[i]; *c && q + 5 < sizeof tr->quote_if; c++)
            if (*c != ' ' && !strchr(tr->quote_if, *c))
                tr->quote_if[q++] = *c;
    memcpy(tr->quote_if + q, "\"{}\\", 5);
    sg_buf_init(&tr->line);
    sg_buf_init(&tr->p_list);
    sg_buf_init(&tr->n_list);
    return tr;
}

/* Writes a frame section (header or footer) followed by a newline, unless
 * the template leaves it out or empty. */
static void write_frame(sg_trace *tr, int id)
{
    const sg_section *sec = &tr->tpl->sections[id];
    if (!sec->present || sec->nsegs == 0)
        return;
    tr->line.len = 0;
    render(tr, &tr->line, sec->segs, sec->nsegs, NULL, NULL, false);
    sg_buf_putc(&tr->line, '\n');
    if (tr->line.data && !tr->too_much)
        fwrite(tr->line.data, 1, tr->line.len, tr->out);
    tr->written += tr->line.len;
}

static void write_between(sg_trace *tr)
{
    const sg_section *sec = &tr->tpl->sections[TR_BETWEEN];
    tr->line.len = 0;
    if (sec->present)
        render(tr, &tr->line, sec->segs, sec->nsegs, NULL, NULL, false);
    sg_buf_putc(&tr->line, '\n');
    if (!tr->too_much)
        fwrite(tr->line.data, 1, tr->line.len, tr->out);
    tr->written += tr->line.len;
}

static void remember(sg_trace *tr, const sg_step *step)
{
    sg_buf *list = step->sg == 0 ? &tr->p_list : &tr->n_list;
    uint64_t *count = step->sg == 0 ? &tr->p_count : &tr->n_count;
    const char *sep = tr->named && tr->tpl->escape != SG_ESCAPE_JSON
                          ? tr->name_sep
                          : tr->sep;
    if (*count < SUMMARY_MAX) {
        if (*count)
            sg_buf_puts(list, sep);
        put_position(tr, list, step->x, false);
    } else if (*count == SUMMARY_MAX && tr->tpl->escape != SG_ESCAPE_JSON) {
        sg_buf_puts(list, sep);
        sg_buf_puts(list, "...");
    }
    (*count)++;
}

/* Records that the trace passed its bound at position X (or, when X is
 * UINT64_MAX, in its footer). */
static sg_status output_bound(sg_trace *tr, uint64_t x)
{
    char free_bytes[32], where[96] = " in the footer";
    sg_format_bytes(OUTPUT_FREE, free_bytes, sizeof free_bytes);
    if (x != UINT64_MAX) {
        char name[64];
        snprintf(where, sizeof where, " by position %s",
                 sg_game_position_name(tr->game, x, name, sizeof name));
    }
    return sg_ctx_fail(tr->ctx, SG_ELIMIT, "%s: the trace would pass %s and "
                       "%d bytes for each step and move%s; the template "
                       "repeats more than a trace needs, and sgviz stops it",
                       tr->tpl->origin, free_bytes, OUTPUT_PER_UNIT, where);
}

int sg_trace_step(void *trace, const sg_step *step)
{
    sg_trace *tr = trace;
    if (step->x < tr->from)
        return 0;
    if (step->x > tr->to)
        return 1;
    if (!tr->started) {
        write_frame(tr, TR_HEADER);
        tr->started = true;
    }
    if (tr->rows && tr->steps && tr->steps % tr->rows == 0) {
        /* A block is full: the next step starts a new one, after the
         * step before it has ended its line. */
        fputc('\n', tr->out);
        write_frame(tr, TR_BREAK);
    } else if (tr->steps) {
        write_between(tr);
    }
    tr->units += 1 + step->nmoves;
    const sg_section *sec = step_section(tr, step);
    tr->line.len = 0;
    render(tr, &tr->line, sec->segs, sec->nsegs, step, NULL, false);
    if (tr->line.failed)
        return sg_ctx_fail(tr->ctx, SG_ENOMEM, "out of memory writing the "
                           "trace");
    if (tr->too_much)
        return output_bound(tr, step->x);
    if (tr->line.data)
        fwrite(tr->line.data, 1, tr->line.len, tr->out);
    tr->written += tr->line.len;
    tr->steps++;
    remember(tr, step);
    if (ferror(tr->out))
        return sg_write_failed(tr->ctx, "the trace");
    return step->x == tr->to ? 1 : 0;
}

sg_status sg_trace_finish(sg_trace *tr)
{
    if (!tr->started) {
        write_frame(tr, TR_HEADER);
        tr->started = true;
    }
    if (tr->steps)
        fputc('\n', tr->out);
    write_frame(tr, TR_FOOTER);
    if (tr->line.failed || tr->p_list.failed || tr->n_list.failed)
        return sg_ctx_fail(tr->ctx, SG_ENOMEM, "out of memory writing the "
                           "trace");
    if (tr->too_much)
        return output_bound(tr, UINT64_MAX);
    if (fflush(tr->out) != 0 || ferror(tr->out))
        return sg_write_failed(tr->ctx, "the trace");
    return SG_OK;
}

void sg_trace_free(sg_trace *tr)
{
    if (!tr)
        return;
    sg_buf_free(&tr->line);
    sg_buf_free(&tr->game_name);
    sg_buf_free(&tr->p_list);
    sg_buf_free(&tr->n_list);
    free(tr);
}

sg_status sg_trace_write(sg_ctx *ctx, const sg_template *tpl,
                         const sg_game *game, uint64_t from, uint64_t to,
                         FILE *out)
{
    sg_trace *tr = sg_trace_new(ctx, tpl, game, from, to, out);
    if (!tr)
        return ctx->status;
    sg_compute_opts o = {.first = from, .with_moves = 1,
                         .on_step = sg_trace_step, .user = tr};
    sg_status st = sg_compute(ctx, game, to, &o, NULL);
    if (st == SG_STOP)
        st = SG_OK;
    if (st == SG_OK)
        st = sg_trace_finish(tr);
    sg_trace_free(tr);
    return st;
}

char *sg_trace_format_step(sg_ctx *ctx, const sg_template *tpl,
                           const sg_game *game, const sg_step *step)
{
    sg_trace *tr = sg_trace_new(ctx, tpl, game, step->x, step->x, NULL);
    if (!tr)
        return NULL;
    const sg_section *sec = step_section(tr, step);
    render(tr, &tr->line, sec->segs, sec->nsegs, step, NULL, false);
    char *text = NULL;
    if (tr->line.failed)
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory formatting a step");
    else
        text = sg_strndup(ctx, tr->line.data ? tr->line.data : "",
                          tr->line.len);
    sg_trace_free(tr);
    return text;
}
