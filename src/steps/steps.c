/*
 * steps.c - step-by-step pictures: one frame per mex step, written as a
 * directory of pictures or as one self-contained HTML page.
 *
 * The steps come from the engine, as every other consumer's do, and their
 * words from templates: the short line under each picture from
 * templates/steps/LANG.text, the full line beside it from the trace wording.
 * Pictures go through the drawing API only (no Graphviz header here): one
 * drawing is laid out once and restyled for each frame, so that every
 * position stays in the same place in every frame.
 *
 * The page does not hold a whole picture per step, which would make it grow
 * with the square of the positions (101 frames of 101 positions are about
 * 15 MB of SVG).  It holds the picture four times instead, with every
 * position and move in one state each time (computed, not computed yet,
 * being computed, a target), and its script builds step K's picture by
 * swapping each position's and move's group for the look step K gives it.
 * A group's look depends only on its own state, so the result is exactly
 * the frame that the directory output holds for step K, caption aside.
 */
#define _POSIX_C_SOURCE 200809L
#include "games/game.h"
#include "render/gif.h"
#include "steps/page.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Wording                                                                  */
/* ------------------------------------------------------------------------ */

static const char *const words_sections[] = {
    "caption", "title", "counter", "previous", "next", "play", "pause",
    "keys", "trace-heading", "table-heading", "row-x", "row-sg", "row-pn",
    NULL};

static const char *const words_vars[] = {"game", "x", "sg", "values", "pn",
                                         "k", "last", NULL};

/* The wording is built in, never a user's file, so every placeholder may
 * appear in every section; one that does not apply there is empty. */
#define WORDS_ALL ((UINT64_C(1) << WV_NVARS) - 1)
static const uint64_t words_allowed[WS_NSECTIONS] = {
    WORDS_ALL, WORDS_ALL, WORDS_ALL, WORDS_ALL, WORDS_ALL, WORDS_ALL,
    WORDS_ALL, WORDS_ALL, WORDS_ALL, WORDS_ALL, WORDS_ALL, WORDS_ALL,
    WORDS_ALL};

static const char *const no_settings[] = {NULL};

static const sg_tpl_schema words_schema = {"steps wording", words_sections,
                                           words_vars, words_allowed,
                                           no_settings};

/* The page: one section, its placeholders filled in by
 * sg_steps_write_page(). */
enum {
    PV_LANG,
    PV_TITLE,
    PV_PICTURE,
    PV_VARIANTS,
    PV_DATA,
    PV_CAPTION,
    PV_TRACE,
    PV_COUNTER,
    PV_PREVIOUS,
    PV_NEXT,
    PV_PLAY,
    PV_KEYS,
    PV_TRACE_HEADING,
    PV_TABLE_HEADING,
    PV_LAST,
    PV_STYLE,
    PV_SCRIPT,
    PV_NVARS
};

static const char *const page_sections[] = {"page", NULL};

static const char *const page_vars[] = {
    "lang", "title", "picture", "variants", "data", "caption", "trace",
    "counter", "previous", "next", "play", "keys", "trace-heading",
    "table-heading", "last", "style", "script", NULL};

static const uint64_t page_allowed[1] = {(UINT64_C(1) << PV_NVARS) - 1};

static const sg_tpl_schema page_schema = {"page template", page_sections,
                                          page_vars, page_allowed,
                                          no_settings};

/* The parts the pages share: templates/steps/shared.html. */
enum { SH_STYLE, SH_SCRIPT, SH_NSECTIONS };

static const char *const shared_sections[] = {"style", "script", NULL};
static const char *const no_vars[] = {NULL};
static const uint64_t shared_allowed[SH_NSECTIONS] = {0, 0};

static const sg_tpl_schema shared_schema = {"shared page parts",
                                            shared_sections, no_vars,
                                            shared_allowed, no_settings};

/* ------------------------------------------------------------------------ */
/* Recording the steps                                                      */
/* ------------------------------------------------------------------------ */

typedef struct recorder {
    sg_ctx *ctx;
    sg_steps *steps;
    sg_template *trace; /* the trace's wording, for the line of each step */
    sg_buf line;
} recorder;

static int record_step(void *user, const sg_step *s)
{
    recorder *r = user;
    sg_steps *st = r->steps;
    size_t k = (size_t)s->x;
    if (st->nmoves + s->nmoves > SG_STEPS_MAX_MOVES)
        return sg_ctx_fail(r->ctx, SG_ELIMIT, "%s, positions 0..%zu: more "
                           "than %u moves, more than a step-by-step picture "
                           "shows; choose a smaller -n",
                           sg_game_describe(st->game), st->count - 1,
                           SG_STEPS_MAX_MOVES);
    size_t nparts = 0;
    for (size_t i = 0; i < s->nmoves; i++) {
        size_t n;
        sg_step_parts(s, i, &n);
        nparts += n;
    }
    if (st->nmoves + s->nmoves + 1 > st->move_cap) {
        size_t cap = st->move_cap ? st->move_cap : 64;
        while (cap < st->nmoves + s->nmoves + 1)
            cap *= 2;
        size_t *f = sg_grow(r->ctx, st->part_first, cap, sizeof *f);
        if (!f)
            return r->ctx->status;
        st->part_first = f;
        st->move_cap = cap;
    }
    if (st->nparts + nparts > st->part_cap) {
        size_t cap = st->part_cap ? st->part_cap : 64;
        while (cap < st->nparts + nparts)
            cap *= 2;
        uint64_t *p = sg_grow(r->ctx, st->parts, cap, sizeof *p);
        if (!p)
            return r->ctx->status;
        st->parts = p;
        st->part_cap = cap;
    }
    st->first[k] = st->nmoves;
    for (size_t i = 0; i < s->nmoves; i++) {
        size_t n;
        const uint64_t *parts = sg_step_parts(s, i, &n);
        st->part_first[st->nmoves + i] = st->nparts;
        for (size_t j = 0; j < n; j++)
            st->parts[st->nparts++] = parts[j];
    }
    st->nmoves += s->nmoves;
    st->part_first[st->nmoves] = st->nparts;
    st->first[k + 1] = st->nmoves;
    st->sg[k] = s->sg;

    /* The short line: sg(x) = mex{values} = sg. */
    char name_buf[32], sg_buf_text[24];
    const char *name =
        sg_game_position_name(st->game, s->x, name_buf, sizeof name_buf);
    sg_buf values;
    sg_buf_init(&values);
    for (size_t i = 0; i < s->nmoves; i++) {
        if (i)
            sg_buf_putc(&values, ',');
        sg_buf_u64(&values, s->values[i]);
    }
    sg_u64_to_str(s->sg, sg_buf_text);
    const char *vars[WV_NVARS] = {st->title, name,
                                  sg_buf_text, values.data ? values.data : "",
                                  s->sg == 0 ? "P" : "N", NULL, NULL};
    r->line.len = 0;
    sg_tpl_say(&r->line, st->words, WS_CAPTION, vars);
    sg_buf_putc(&r->line, '\0');
    bool failed = values.failed || r->line.failed;
    sg_buf_free(&values);
    if (failed)
        return sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory recording the "
                           "steps");
    st->caption[k] = sg_strdup(r->ctx, r->line.data);
    if (!st->caption[k])
        return r->ctx->status;
    st->trace[k] = sg_trace_format_step(r->ctx, r->trace, st->game, s);
    if (!st->trace[k])
        return r->ctx->status;
    return 0;
}

sg_steps *sg_steps_new(sg_ctx *ctx, const sg_game *game, uint64_t last,
                       const sg_steps_opts *opts)
{
    sg_steps_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_steps_opts, first), "sg_steps_opts") != SG_OK)
            return NULL;
        opts = &taken;
    }
    const char *lang = opts && opts->lang ? opts->lang : "en";
    char name[64];
    size_t len;
    snprintf(name, sizeof name, "steps/%s.text", lang);
    if (strlen(lang) >= 8 || !sg_builtin_file(name, &len)) {
        sg_fail_language(ctx, lang);
        return NULL;
    }
    last = sg_game_clamp(game, last);
    if (last >= SG_STEPS_MAX_POSITIONS) {
        sg_ctx_fail(ctx, SG_ELIMIT, "%s, positions 0..%llu: %llu steps are "
                    "more than sgviz shows step by step (at most %u "
                    "positions); choose a smaller -n",
                    sg_game_describe(game), (unsigned long long)last,
                    (unsigned long long)last + 1, SG_STEPS_MAX_POSITIONS);
        return NULL;
    }
    if (sg_check_range(ctx, game, last) != SG_OK)
        return NULL;
    if (opts && opts->first > last) {
        sg_ctx_fail(ctx, SG_EINPUT, "the first step, %llu, is after the "
                    "last, %llu", (unsigned long long)opts->first,
                    (unsigned long long)last);
        return NULL;
    }

    sg_steps *st = sg_alloc(ctx, 1, sizeof *st);
    if (!st)
        return NULL;
    st->game = game;
    if (opts)
        st->opts = *opts;
    st->opts.lang = st->lang;
    snprintf(st->lang, sizeof st->lang, "%s", lang);
    st->count = (size_t)last + 1;
    /* A DOT game goes by its file's name, without the directories. */
    const char *title = sg_game_describe(game);
    if (!sg_game_numbered(game) && strrchr(title, '/'))
        title = strrchr(title, '/') + 1;
    sg_buf tb;
    sg_buf_init(&tb);
    sg_describe_add(&tb, title, lang);
    if (tb.failed)
        sg_buf_free(&tb);
    st->title = tb.data ? tb.data : sg_strdup(ctx, title);
    st->words = sg_tpl_builtin(ctx, &words_schema, name);
    st->sg = sg_alloc(ctx, st->count, sizeof *st->sg);
    st->first = sg_alloc(ctx, st->count + 1, sizeof *st->first);
    st->caption = sg_alloc(ctx, st->count, sizeof *st->caption);
    st->trace = sg_alloc(ctx, st->count, sizeof *st->trace);
    if (!st->title || !st->words || !st->sg || !st->first || !st->caption ||
        !st->trace) {
        sg_steps_free(st);
        return NULL;
    }
    recorder r = {ctx, st, sg_template_builtin(ctx, lang, "text"), {0}};
    if (!r.trace) {
        sg_steps_free(st);
        return NULL;
    }
    sg_buf_init(&r.line);
    sg_compute_opts co = {.with_moves = 1, .on_step = record_step, .user = &r};
    sg_status status = sg_compute(ctx, game, last, &co, NULL);
    sg_buf_free(&r.line);
    sg_template_free(r.trace);
    if (status != SG_OK) {
        sg_steps_free(st);
        return NULL;
    }
    return st;
}

void sg_steps_free(sg_steps *st)
{
    if (!st)
        return;
    sg_drawing_free(st->frames);
    sg_template_free(st->words);
    free(st->title);
    for (size_t k = 0; st->caption && k < st->count; k++)
        free(st->caption[k]);
    for (size_t k = 0; st->trace && k < st->count; k++)
        free(st->trace[k]);
    free(st->caption);
    free(st->trace);
    free(st->sg);
    free(st->first);
    free(st->part_first);
    free(st->parts);
    free(st);
}

size_t sg_steps_count(const sg_steps *st) { return st->count; }

size_t sg_steps_move_count(const sg_steps *st) { return st->nmoves; }

const char *sg_steps_caption(const sg_steps *st, size_t k)
{
    return k < st->count ? st->caption[k] : NULL;
}

const char *sg_steps_trace(const sg_steps *st, size_t k)
{
    return k < st->count ? st->trace[k] : NULL;
}

/* ------------------------------------------------------------------------ */
/* Frames                                                                   */
/* ------------------------------------------------------------------------ */

sg_drawing *sg_steps_drawing(sg_ctx *ctx, const sg_steps *st, int caption)
{
    sg_drawing_opts o = {.size = sizeof(sg_drawing_opts)};
    o.layout = st->opts.layout;
    o.theme = st->opts.theme;
    o.highlight_wins = st->opts.highlight_wins;
    o.edge_labels = st->opts.edge_labels;
    o.caption = caption;
    o.lang = st->lang;
    o.step_legend = SG_STEP_LEGEND_STEPS;
    o.aspect = st->opts.aspect;
    o.no_legend = st->opts.no_legend;
    o.every = st->opts.every;
    o.slide = st->opts.slide;
    return sg_drawing_new(ctx, st->game, st->count - 1, &o);
}

/* Styles D as step K shows it: the positions computed so far with their
 * values, K itself and its moves highlighted, its targets highlighted, the
 * positions after K and their moves greyed. */
static sg_status style_step(sg_ctx *ctx, sg_drawing *d, const sg_steps *st,
                            size_t k, bool caption)
{
    sg_drawing_reset(d);
    for (size_t y = k + 1; y < st->count; y++)
        if (sg_drawing_set_node(ctx, d, y, SG_NODE_PENDING) != SG_OK ||
            sg_drawing_set_moves(ctx, d, y, SG_EDGE_PENDING) != SG_OK)
            return ctx->status;
    if (sg_drawing_set_node(ctx, d, k, SG_NODE_CURRENT) != SG_OK ||
        sg_drawing_set_moves(ctx, d, k, SG_EDGE_CURRENT) != SG_OK)
        return ctx->status;
    for (size_t i = st->part_first[st->first[k]];
         i < st->part_first[st->first[k + 1]]; i++)
        if (sg_drawing_set_node(ctx, d, st->parts[i], SG_NODE_TARGET) !=
            SG_OK)
            return ctx->status;
    if (caption)
        return sg_drawing_set_caption(ctx, d, st->caption[k]);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* A staged reveal                                                          */
/* ------------------------------------------------------------------------ */

sg_status sg_reveal_parse(sg_ctx *ctx, const char *text, unsigned *reveal)
{
    static const char *const words[] = {"options", "values", "mex"};
    unsigned mask = 0;
    int next = 0; /* the first stage the next word may name */
    const char *p = text;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        int w = 0;
        while (w < 3 && !(strlen(words[w]) == n && strncmp(p, words[w], n) == 0))
            w++;
        char shown[64];
        if (w == 3)
            return sg_ctx_fail(ctx, SG_EINPUT, "\"%s\": a reveal is stages "
                               "of options, values, mex, in that order (e.g. "
                               "options,values,mex)",
                               sg_quote(p, n, shown, sizeof shown));
        if (w < next)
            return sg_ctx_fail(ctx, SG_EINPUT, "\"%s\": the stages go "
                               "options, values, mex, each once and in that "
                               "order", text);
        if (w == 2 && end)
            return sg_ctx_fail(ctx, SG_EINPUT, "\"%s\": the mex is the last "
                               "stage", text);
        if (w < 2)
            mask |= w == 0 ? SG_REVEAL_OPTIONS : SG_REVEAL_VALUES;
        next = w + 1;
        if (!end) {
            if (w != 2)
                return sg_ctx_fail(ctx, SG_EINPUT, "\"%s\": a reveal ends "
                                   "with the mex (e.g. options,values,mex)",
                                   text);
            break;
        }
        p = end + 1;
    }
    *reveal = mask;
    return SG_OK;
}

size_t sg_steps_stage_count(const sg_steps *st)
{
    return 1 + ((st->opts.reveal & SG_REVEAL_OPTIONS) ? 1 : 0) +
           ((st->opts.reveal & SG_REVEAL_VALUES) ? 1 : 0);
}

sg_stage sg_steps_stage(const sg_steps *st, size_t stage)
{
    if ((st->opts.reveal & SG_REVEAL_OPTIONS) && stage-- == 0)
        return SG_STAGE_OPTIONS;
    if ((st->opts.reveal & SG_REVEAL_VALUES) && stage-- == 0)
        return SG_STAGE_VALUES;
    return SG_STAGE_MEX;
}

sg_status sg_steps_stage_caption(sg_ctx *ctx, const sg_steps *st, size_t k,
                                 sg_stage stage, char **out)
{
    *out = NULL;
    if (stage == SG_STAGE_MEX) {
        *out = sg_strdup(ctx, st->caption[k]);
        return *out ? SG_OK : ctx->status;
    }
    /* The values of the moves, as the caption has them (a move that
     * splits a heap has the nim-sum of its parts), or a ? each. */
    sg_buf values;
    sg_buf_init(&values);
    for (size_t i = st->first[k]; i < st->first[k + 1]; i++) {
        if (i > st->first[k])
            sg_buf_putc(&values, ',');
        if (stage == SG_STAGE_OPTIONS) {
            sg_buf_putc(&values, '?');
            continue;
        }
        sg_value v = 0;
        for (size_t j = st->part_first[i]; j < st->part_first[i + 1]; j++)
            v ^= st->sg[st->parts[j]];
        sg_buf_u64(&values, v);
    }
    sg_buf_putc(&values, '\0');
    char name_buf[32];
    const char *name = sg_game_position_name(st->game, k, name_buf,
                                             sizeof name_buf);
    const char *vars[WV_NVARS] = {st->title, name, "?",
                                  values.failed ? "" : values.data, "?",
                                  NULL, NULL};
    sg_status status = values.failed
                           ? sg_ctx_fail(ctx, SG_ENOMEM, "out of memory")
                           : sg_steps_words(ctx, st, WS_CAPTION, vars, out);
    sg_buf_free(&values);
    return status;
}

/* Styles D as stage STAGE of step K: the step, with the current position's
 * value hidden until the mex, and its targets' until the values. */
static sg_status style_stage(sg_ctx *ctx, sg_drawing *d, const sg_steps *st,
                             size_t k, size_t stage, bool with_caption)
{
    sg_stage kind = sg_steps_stage(st, stage);
    if (style_step(ctx, d, st, k, false) != SG_OK)
        return ctx->status;
    if (kind != SG_STAGE_MEX &&
        sg_drawing_show_value(ctx, d, k, SG_VALUE_UNKNOWN) != SG_OK)
        return ctx->status;
    for (size_t i = st->part_first[st->first[k]];
         kind == SG_STAGE_OPTIONS && i < st->part_first[st->first[k + 1]];
         i++)
        if (sg_drawing_show_value(ctx, d, st->parts[i], SG_VALUE_UNKNOWN) !=
            SG_OK)
            return ctx->status;
    if (!with_caption)
        return SG_OK;
    char *caption = NULL;
    if (sg_steps_stage_caption(ctx, st, k, kind, &caption) != SG_OK)
        return ctx->status;
    sg_status status = sg_drawing_set_caption(ctx, d, caption);
    free(caption);
    return status;
}

static bool frame_format(const char *format)
{
    return strcmp(format, "svg") == 0 || strcmp(format, "png") == 0 ||
           strcmp(format, "pdf") == 0 || strcmp(format, "tikz") == 0;
}

/* Checks FORMAT and the bounds of frames before anything is drawn. */
static sg_status check_frames(sg_ctx *ctx, const sg_steps *st,
                              const char *format)
{
    if (!frame_format(format)) {
        char shown[96];
        return sg_ctx_fail(ctx, SG_EINPUT, "frames are pictures: svg, png, "
                           "pdf or tikz, not \"%s\"",
                           sg_quote(format, strlen(format), shown,
                                    sizeof shown));
    }
    if (sg_render_format_check(ctx, format) != SG_OK)
        return ctx->status;
    return sg_steps_frame_bounds(ctx, st);
}

sg_status sg_steps_frame_bounds(sg_ctx *ctx, const sg_steps *st)
{
    size_t frames = (st->count - (size_t)st->opts.first) *
                    sg_steps_stage_count(st);
    double work = (double)frames * (double)(st->count + st->nmoves);
    if (frames > SG_STEPS_MAX_FRAMES || work > SG_STEPS_MAX_FRAME_WORK)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s, positions 0..%zu: %zu frames, "
                           "each a picture of %zu positions and %zu moves, "
                           "are more than sgviz writes as frames (at most %u "
                           "frames, and frames x (positions + moves) at most "
                           "%u, here %.0f); choose a smaller -n, or write the "
                           "page (FILE.html), which holds every step in one "
                           "picture",
                           sg_game_describe(st->game), st->count - 1,
                           frames, st->count, st->nmoves,
                           SG_STEPS_MAX_FRAMES, SG_STEPS_MAX_FRAME_WORK, work);
    return SG_OK;
}

static sg_status frames_drawing(sg_ctx *ctx, sg_steps *st)
{
    if (!st->frames)
        st->frames = sg_steps_drawing(ctx, st, 1);
    return st->frames ? SG_OK : ctx->status;
}

static sg_status render_frame(sg_ctx *ctx, sg_steps *st, size_t k,
                              const char *format, char **data, size_t *len);

sg_status sg_steps_frame(sg_ctx *ctx, sg_steps *st, size_t k,
                         const char *format, char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    if (k >= st->count)
        return sg_ctx_fail(ctx, SG_EINPUT, "step %zu: the steps are 0..%zu",
                           k, st->count - 1);
    if (check_frames(ctx, st, format) != SG_OK ||
        frames_drawing(ctx, st) != SG_OK ||
        style_step(ctx, st->frames, st, k, true) != SG_OK)
        return ctx->status;
    return render_frame(ctx, st, k, format, data, len);
}

/* Paints the styled frames drawing as SVG with step K's current moves
 * moved to the end of the picture, so that they are painted last. */
static sg_status render_svg_current_last(sg_ctx *ctx, sg_steps *st, size_t k,
                                         char **data, size_t *len)
{
    char *svg = NULL;
    size_t n = 0;
    if (sg_drawing_render_data(ctx, st->frames, "svg", &svg, &n) != SG_OK)
        return ctx->status;
    /* The picture's groups end with "</g>\n</svg>": the graph's own. */
    const char *end = strstr(svg, "</g>\n</svg>");
    char head[40];
    snprintf(head, sizeof head, "<g id=\"m%zu_", k);
    sg_buf b, moved;
    sg_buf_init(&b);
    sg_buf_init(&moved);
    const char *p = svg;
    while (end) {
        const char *g = strstr(p, head);
        if (!g || g > end)
            break;
        const char *close = strstr(g, "</g>\n");
        if (!close || close > end)
            break;
        close += 5;
        /* Only a current move moves; the rest stays in place. */
        const char *cls = strstr(g, "class=\"");
        const char *eol = strchr(g, '\n');
        bool current = cls && eol && cls < eol && strstr(cls, "current") &&
                       strstr(cls, "current") < eol;
        sg_buf_add(&b, p, (size_t)(g - p));
        sg_buf_add(current ? &moved : &b, g, (size_t)(close - g));
        p = close;
    }
    if (end) {
        sg_buf_add(&b, p, (size_t)(end - p));
        sg_buf_add(&b, moved.data ? moved.data : "", moved.len);
        p = end;
    }
    sg_buf_add(&b, p, n - (size_t)(p - svg));
    sg_buf_putc(&b, '\0');
    free(svg);
    sg_buf_free(&moved);
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory painting a frame");
    }
    *data = b.data;
    *len = b.len - 1;
    return SG_OK;
}

/* Paints the styled frames drawing, step K's, as FORMAT into memory.  In
 * a PNG the current moves are painted once more over the rest: Graphviz
 * paints the moves in the order of the positions they leave, so the pale
 * moves of later positions would lie over the current moves' arrowheads.
 * (SVG and TikZ frames put the current moves last instead.) */
static sg_status render_frame(sg_ctx *ctx, sg_steps *st, size_t k,
                              const char *format, char **data, size_t *len)
{
    if (strcmp(format, "svg") == 0)
        return render_svg_current_last(ctx, st, k, data, len);
    if (sg_drawing_render_data(ctx, st->frames, format, data, len) != SG_OK)
        return ctx->status;
    if (strcmp(format, "png") != 0 || st->first[k] == st->first[k + 1])
        return SG_OK;
    sg_drawing *d = st->frames;
    for (size_t y = 0; y < st->count; y++)
        if (sg_drawing_set_node(ctx, d, y, SG_NODE_HIDDEN) != SG_OK ||
            sg_drawing_set_moves(ctx, d, y, SG_EDGE_HIDDEN) != SG_OK)
            goto fail;
    if (sg_drawing_set_moves(ctx, d, k, SG_EDGE_CURRENT) != SG_OK)
        goto fail;
    char *top = NULL, *both = NULL;
    size_t top_len = 0, both_len = 0;
    if (sg_drawing_render_data(ctx, d, "png", &top, &top_len) != SG_OK)
        goto fail;
    sg_status status = sg_png_overlay(ctx, *data, *len, top, top_len, &both,
                                      &both_len);
    free(top);
    if (status != SG_OK)
        goto fail;
    free(*data);
    *data = both;
    *len = both_len;
    return SG_OK;
fail:
    free(*data);
    *data = NULL;
    *len = 0;
    return ctx->status;
}

sg_status sg_steps_stage_frame(sg_ctx *ctx, sg_steps *st, size_t k,
                               size_t stage, const char *format, char **data,
                               size_t *len)
{
    *data = NULL;
    *len = 0;
    if (k >= st->count)
        return sg_ctx_fail(ctx, SG_EINPUT, "step %zu: the steps are 0..%zu",
                           k, st->count - 1);
    if (stage >= sg_steps_stage_count(st))
        return sg_ctx_fail(ctx, SG_EINPUT, "stage %zu: step %zu has stages "
                           "0..%zu", stage, k, sg_steps_stage_count(st) - 1);
    if (check_frames(ctx, st, format) != SG_OK ||
        frames_drawing(ctx, st) != SG_OK ||
        style_stage(ctx, st->frames, st, k, stage, true) != SG_OK)
        return ctx->status;
    return render_frame(ctx, st, k, format, data, len);
}

/* ------------------------------------------------------------------------ */
/* The animated GIF                                                         */
/* ------------------------------------------------------------------------ */

/* Styles D as the start: every position and move still to compute, the
 * game's name under the picture. */
static sg_status style_start(sg_ctx *ctx, sg_drawing *d, const sg_steps *st)
{
    sg_drawing_reset(d);
    for (size_t y = 0; y < st->count; y++)
        if (sg_drawing_set_node(ctx, d, y, SG_NODE_PENDING) != SG_OK ||
            sg_drawing_set_moves(ctx, d, y, SG_EDGE_PENDING) != SG_OK)
            return ctx->status;
    return sg_drawing_set_caption(ctx, d, st->title);
}

sg_status sg_steps_write_gif(sg_ctx *ctx, sg_steps *st, unsigned delay,
                             FILE *out)
{
    if (delay == 0)
        delay = SG_GIF_DELAY_DEFAULT;
    if (delay < SG_GIF_DELAY_MIN || delay > SG_GIF_DELAY_MAX)
        return sg_ctx_fail(ctx, SG_EINPUT, "a frame's delay of %u "
                           "hundredths of a second is not in %u..%u", delay,
                           SG_GIF_DELAY_MIN, SG_GIF_DELAY_MAX);
    if (check_frames(ctx, st, "png") != SG_OK ||
        frames_drawing(ctx, st) != SG_OK)
        return ctx->status;
    sg_gif *gif = sg_gif_new(ctx, delay);
    if (!gif)
        return ctx->status;
    /* Frame i + 1 is stage i % stages of step first + i / stages. */
    size_t stages = sg_steps_stage_count(st);
    size_t n = (st->count - (size_t)st->opts.first) * stages;
    sg_status status = style_start(ctx, st->frames, st);
    for (size_t i = 0; status == SG_OK; i++) {
        char *data = NULL;
        size_t len = 0;
        status = i == 0 ? sg_drawing_render_data(ctx, st->frames, "png",
                                                 &data, &len)
                        : render_frame(ctx, st,
                                       (size_t)st->opts.first + (i - 1) / stages,
                                       "png", &data, &len);
        if (status == SG_OK)
            status = sg_gif_add_png(ctx, gif, data, len);
        free(data);
        if (status != SG_OK || i >= n)
            break;
        status = style_stage(ctx, st->frames, st,
                             (size_t)st->opts.first + i / stages, i % stages,
                             true);
    }
    if (status == SG_OK)
        status = sg_gif_write(ctx, gif, out);
    sg_gif_free(gif);
    return status;
}

/* ------------------------------------------------------------------------ */
/* The page                                                                 */
/* ------------------------------------------------------------------------ */

/* Appends S as a JSON string that is safe inside an HTML <script>: besides
 * JSON's own escapes, '<', '>' and '&' are written as \u escapes, so that
 * no "</script>" or "<!--" can appear, and so are U+2028 and U+2029, which
 * older JavaScript does not allow in a string. */
void sg_page_json_string(sg_buf *b, const char *s)
{
    sg_buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            sg_buf_putc(b, '\\');
            sg_buf_putc(b, (char)*p);
        } else if (*p == '\n') {
            sg_buf_puts(b, "\\n");
        } else if (*p < 0x20 || *p == 0x7F || *p == '<' || *p == '>' ||
                   *p == '&') {
            sg_buf_printf(b, "\\u%04x", *p);
        } else if (p[0] == 0xE2 && p[1] == 0x80 &&
                   (p[2] == 0xA8 || p[2] == 0xA9)) {
            sg_buf_printf(b, "\\u%04x", p[2] == 0xA8 ? 0x2028 : 0x2029);
            p += 2;
        } else {
            sg_buf_putc(b, (char)*p);
        }
    }
    sg_buf_putc(b, '"');
}

void sg_page_script_words(sg_buf *b, const sg_template *words, int id,
                          const char *const *vars)
{
    sg_buf text;
    sg_buf_init(&text);
    const sg_section *sec = &words->sections[id];
    for (size_t i = 0; i < sec->nsegs; i++) {
        const sg_segment *s = &sec->segs[i];
        if (s->var < 0) {
            sg_buf_add(&text, s->text, s->len);
        } else {
            sg_buf_putc(&text, '\1');
            sg_buf_puts(&text, vars[s->var]);
            sg_buf_putc(&text, '\2');
        }
    }
    sg_page_json_text(b, &text);
}

void sg_page_json_text(sg_buf *b, sg_buf *text)
{
    sg_buf_putc(text, '\0');
    if (text->failed)
        b->failed = true;
    else
        sg_page_json_string(b, text->data);
    sg_buf_free(text);
}

sg_status sg_steps_words(sg_ctx *ctx, const sg_steps *st, int id,
                         const char *const vars[WV_NVARS], char **out)
{
    sg_buf b;
    sg_buf_init(&b);
    sg_tpl_say(&b, st->words, id, vars);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the page");
    }
    *out = b.data;
    return SG_OK;
}

const char *sg_steps_game_title(const sg_steps *st) { return st->title; }

/* The steps as JSON, for the page's script. */
static sg_status page_data(sg_ctx *ctx, const sg_steps *st, sg_buf *b)
{
    char last[24], k_text[24], name_buf[32];
    sg_u64_to_str(st->count - 1, last);
    const char *none[WV_NVARS] = {NULL};
    static const struct {
        const char *key;
        int id;
    } words[] = {{"play", WS_PLAY}, {"pause", WS_PAUSE}, {"rowx", WS_ROW_X},
                 {"rowsg", WS_ROW_SG}, {"rowpn", WS_ROW_PN}};
    sg_buf_puts(b, "{\"lang\": ");
    sg_page_json_string(b, st->lang);
    sg_buf_printf(b, ", \"first\": %llu",
                  (unsigned long long)st->opts.first);
    /* A staged reveal: the stages' names, and each step's line in each. */
    size_t stages = sg_steps_stage_count(st);
    if (stages > 1) {
        static const char *const names[] = {"options", "values", "mex"};
        sg_buf_puts(b, ", \"stages\": [");
        for (size_t i = 0; i < stages; i++)
            sg_buf_printf(b, "%s\"%s\"", i ? ", " : "",
                          names[sg_steps_stage(st, i)]);
        sg_buf_putc(b, ']');
    }
    sg_buf_puts(b, ", \"words\": {");
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        char *text;
        if (sg_steps_words(ctx, st, words[i].id, none, &text) != SG_OK)
            return ctx->status;
        sg_buf_printf(b, "%s\"%s\": ", i ? ", " : "", words[i].key);
        sg_page_json_string(b, text);
        free(text);
    }
    sg_buf_puts(b, "},\n\"steps\": [\n");
    for (size_t k = 0; k < st->count; k++) {
        sg_u64_to_str(k, k_text);
        const char *vars[WV_NVARS] = {NULL, NULL, NULL, NULL, NULL, k_text,
                                      last};
        char *counter;
        if (sg_steps_words(ctx, st, WS_COUNTER, vars, &counter) != SG_OK)
            return ctx->status;
        sg_buf_puts(b, k ? ",\n{\"x\": " : "{\"x\": ");
        sg_page_json_string(b, sg_game_position_name(st->game, k, name_buf,
                                                     sizeof name_buf));
        sg_buf_printf(b, ", \"sg\": %llu, \"pn\": \"%s\", \"t\": [",
                      (unsigned long long)st->sg[k], st->sg[k] ? "N" : "P");
        size_t from = st->part_first[st->first[k]];
        for (size_t i = from; i < st->part_first[st->first[k + 1]]; i++)
            sg_buf_printf(b, "%s%llu", i > from ? "," : "",
                          (unsigned long long)st->parts[i]);
        sg_buf_puts(b, "], \"caption\": ");
        sg_page_json_string(b, st->caption[k]);
        for (size_t i = 0; stages > 1 && i < stages; i++) {
            char *line;
            if (sg_steps_stage_caption(ctx, st, k, sg_steps_stage(st, i),
                                       &line) != SG_OK) {
                free(counter);
                return ctx->status;
            }
            sg_buf_puts(b, i ? ", " : ", \"captions\": [");
            sg_page_json_string(b, line);
            free(line);
        }
        if (stages > 1)
            sg_buf_putc(b, ']');
        sg_buf_puts(b, ", \"trace\": ");
        sg_page_json_string(b, st->trace[k]);
        sg_buf_puts(b, ", \"counter\": ");
        sg_page_json_string(b, counter);
        sg_buf_putc(b, '}');
        free(counter);
    }
    sg_buf_puts(b, "\n]}");
    return SG_OK;
}

/* Renders D as SVG and appends it to B from its <svg> element on: the XML
 * prolog and DOCTYPE that precede it belong to a file, not to a page. */
sg_status sg_page_svg(sg_ctx *ctx, sg_drawing *d, sg_buf *b)
{
    char *svg = NULL;
    size_t len = 0;
    if (sg_drawing_render_data(ctx, d, "svg", &svg, &len) != SG_OK)
        return ctx->status;
    const char *start = strstr(svg, "<svg");
    if (!start) {
        free(svg);
        return sg_ctx_fail(ctx, SG_EINTERNAL, "Graphviz wrote SVG without an "
                           "<svg> element");
    }
    sg_buf_add(b, start, len - (size_t)(start - svg));
    free(svg);
    return SG_OK;
}

sg_status sg_page_style_look(sg_ctx *ctx, sg_drawing *d, const sg_steps *st,
                             const sg_page_look *look)
{
    sg_drawing_reset(d);
    for (size_t x = 0; x < st->count; x++)
        if ((look->show &&
             sg_drawing_show_value(ctx, d, x,
                                   look->shown == SG_PAGE_SHOW_ODD
                                       ? 2 * (sg_value)x + 1
                                       : look->shown) != SG_OK) ||
            sg_drawing_set_node(ctx, d, x, look->node) != SG_OK ||
            sg_drawing_set_moves(ctx, d, x, look->edge) != SG_OK)
            return ctx->status;
    return SG_OK;
}

sg_status sg_page_looks(sg_ctx *ctx, sg_drawing *d, const sg_steps *st,
                        const sg_page_look *looks, size_t n, sg_buf *b)
{
    for (size_t v = 0; v < n; v++) {
        if (sg_page_style_look(ctx, d, st, &looks[v]) != SG_OK)
            return ctx->status;
        sg_buf_printf(b, "<template id=\"sg-%s\">", looks[v].name);
        if (sg_page_svg(ctx, d, b) != SG_OK)
            return ctx->status;
        sg_buf_puts(b, "</template>\n");
    }
    sg_drawing_reset(d);
    return SG_OK;
}

/* Appends section ID of the template T, which has no placeholders. */
static void add_section(sg_buf *b, const sg_template *t, int id)
{
    sg_tpl_say(b, t, id, no_vars);
}

sg_status sg_page_write(sg_ctx *ctx, const sg_tpl_schema *schema,
                        const char *name, int style, int script,
                        const sg_page_text *texts, FILE *out)
{
    sg_template *page = sg_tpl_builtin(ctx, schema, name);
    sg_template *shared =
        page ? sg_tpl_builtin(ctx, &shared_schema, "steps/shared.html") : NULL;
    if (!shared) {
        sg_template_free(page);
        return ctx->status;
    }
    sg_buf b;
    sg_buf_init(&b);
    const sg_section *sec = &page->sections[0];
    for (size_t i = 0; i < sec->nsegs; i++) {
        const sg_segment *s = &sec->segs[i];
        if (s->var < 0)
            sg_buf_add(&b, s->text, s->len);
        else if (s->var == style)
            add_section(&b, shared, SH_STYLE);
        else if (s->var == script)
            add_section(&b, shared, SH_SCRIPT);
        else if (texts[s->var].text && texts[s->var].html)
            sg_escape_add(&b, SG_ESCAPE_HTML, texts[s->var].text,
                          strlen(texts[s->var].text), false);
        else if (texts[s->var].text)
            sg_buf_puts(&b, texts[s->var].text);
    }
    sg_buf_putc(&b, '\n');
    sg_status status = SG_OK;
    if (b.failed)
        status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the page");
    else if (fwrite(b.data, 1, b.len, out) != b.len || fflush(out) != 0 ||
             ferror(out))
        status = sg_ctx_fail(ctx, SG_EIO, "cannot write the page: %s",
                             strerror(errno));
    sg_buf_free(&b);
    sg_template_free(shared);
    sg_template_free(page);
    return status;
}

sg_status sg_steps_write_page(sg_ctx *ctx, sg_steps *st, FILE *out)
{
    static const sg_page_look looks[] = {
        {"value", SG_NODE_VALUE, SG_EDGE_NORMAL, false, 0},
        {"pending", SG_NODE_PENDING, SG_EDGE_PENDING, false, 0},
        {"current", SG_NODE_CURRENT, SG_EDGE_CURRENT, false, 0},
        {"target", SG_NODE_TARGET, SG_EDGE_NORMAL, false, 0}};
    sg_drawing *d = sg_steps_drawing(ctx, st, 0);
    sg_buf picture, variants, data;
    sg_buf_init(&picture);
    sg_buf_init(&variants);
    sg_buf_init(&data);
    char *words[WS_NSECTIONS] = {NULL};
    sg_status status = d ? SG_OK : ctx->status;
    if (status == SG_OK)
        status = sg_page_looks(ctx, d, st, looks,
                               sizeof looks / sizeof looks[0], &variants);
    /* The page opens at its first step, before its script runs. */
    size_t first = (size_t)st->opts.first;
    if (status == SG_OK)
        status = style_stage(ctx, d, st, first, 0, false);
    if (status == SG_OK)
        status = sg_page_svg(ctx, d, &picture);
    if (status == SG_OK)
        status = page_data(ctx, st, &data);

    char last[24], first_text[24];
    sg_u64_to_str(st->count - 1, last);
    sg_u64_to_str(first, first_text);
    const char *vars[WV_NVARS] = {sg_steps_game_title(st), NULL, NULL, NULL,
                                  NULL, first_text, last};
    for (int id = WS_TITLE; status == SG_OK && id < WS_NSECTIONS; id++)
        status = sg_steps_words(ctx, st, id, vars, &words[id]);
    sg_buf_putc(&picture, '\0');
    sg_buf_putc(&variants, '\0');
    sg_buf_putc(&data, '\0');
    if (status == SG_OK && (picture.failed || variants.failed || data.failed))
        status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the page");

    if (status == SG_OK) {
        sg_page_text texts[PV_NVARS] = {
            [PV_LANG] = {st->lang, true},
            [PV_TITLE] = {words[WS_TITLE], true},
            [PV_PICTURE] = {picture.data, false},
            [PV_VARIANTS] = {variants.data, false},
            [PV_DATA] = {data.data, false},
            [PV_CAPTION] = {st->caption[first], true},
            [PV_TRACE] = {st->trace[first], true},
            [PV_COUNTER] = {words[WS_COUNTER], true},
            [PV_PREVIOUS] = {words[WS_PREVIOUS], true},
            [PV_NEXT] = {words[WS_NEXT], true},
            [PV_PLAY] = {words[WS_PLAY], true},
            [PV_KEYS] = {words[WS_KEYS], true},
            [PV_TRACE_HEADING] = {words[WS_TRACE_HEADING], true},
            [PV_TABLE_HEADING] = {words[WS_TABLE_HEADING], true},
            [PV_LAST] = {last, false}};
        status = sg_page_write(ctx, &page_schema, "steps/page.html", PV_STYLE,
                               PV_SCRIPT, texts, out);
    }
    for (int id = 0; id < WS_NSECTIONS; id++)
        free(words[id]);
    sg_buf_free(&picture);
    sg_buf_free(&variants);
    sg_buf_free(&data);
    sg_drawing_free(d);
    return status;
}
