/*
 * beamer.c - the steps as one Beamer frame: one TikZ picture whose
 * overlays step through the mex steps, with each step's line under it.
 *
 * The picture is painted once in each of the four looks a position can
 * have (computed, not computed yet, being computed, a target), from one
 * drawing, so every position and move stands in the same place in every
 * look.  Then each position and move is written once for each look it
 * takes, wrapped in \only<...> with the slides (steps) that show it so:
 * position 3 of nine is "not computed yet" on slides 1-3, "being computed"
 * on slide 4, a target on the slides of the positions that move to it,
 * and computed on the others.  A part that looks the same in every step
 * (the legend, the background) is written once, bare.  This is the HTML
 * page's method (steps.c) in LaTeX's words.
 *
 * In handout mode Beamer shows every \only whose specification names no
 * handout slide, which would pile all looks and all captions onto one
 * page.  So each \only says "handout:1" when it shows on the last slide
 * and "handout:0" otherwise: a handout gets the finished picture with the
 * last step's line.
 */
#include "games/game.h"
#include "render/tikz.h"
#include "steps/page.h"
#include "text/latex.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The looks, in the order they are painted into the picture. */
/* The last two, the current position and the targets with their values
 * hidden, serve a staged reveal only, and are painted only for one. */
enum {
    LOOK_VALUE,
    LOOK_PENDING,
    LOOK_CURRENT,
    LOOK_TARGET,
    LOOK_CURRENT_HIDDEN,
    LOOK_TARGET_HIDDEN,
    NLOOKS
};

static const sg_page_look looks[NLOOKS] = {
    {"value", SG_NODE_VALUE, SG_EDGE_NORMAL, false, 0},
    {"pending", SG_NODE_PENDING, SG_EDGE_PENDING, false, 0},
    {"current", SG_NODE_CURRENT, SG_EDGE_CURRENT, false, 0},
    {"target", SG_NODE_TARGET, SG_EDGE_NORMAL, false, 0},
    {"current-hidden", SG_NODE_CURRENT, SG_EDGE_CURRENT, true,
     SG_VALUE_UNKNOWN},
    {"target-hidden", SG_NODE_TARGET, SG_EDGE_NORMAL, true,
     SG_VALUE_UNKNOWN}};

/* What an object of the picture is, by its name: position X ("pX"), a
 * move from position X ("mX_Y..."), a sum of heaps that a move splits a
 * heap into ("sA_B...", X its largest heap), or none of them (the
 * background, the legend), which keeps one look throughout. */
typedef enum { OBJ_OTHER, OBJ_POSITION, OBJ_MOVE, OBJ_SUM } obj_kind;

static obj_kind object_kind(const char *name, size_t count, size_t *x)
{
    if (name[0] == 's') {
        /* A sum is known once its largest heap is, as the page has it. */
        const char *p = name + 1;
        unsigned long long largest = 0;
        for (;;) {
            char *end;
            if (*p < '0' || *p > '9')
                return OBJ_OTHER;
            errno = 0;
            unsigned long long v = strtoull(p, &end, 10);
            if (errno || v >= count)
                return OBJ_OTHER;
            largest = v > largest ? v : largest;
            if (*end == '\0')
                break;
            if (*end != '_')
                return OBJ_OTHER;
            p = end + 1;
        }
        *x = (size_t)largest;
        return OBJ_SUM;
    }
    if (name[0] != 'p' && name[0] != 'm')
        return OBJ_OTHER;
    char *end;
    if (name[1] < '0' || name[1] > '9')
        return OBJ_OTHER;
    errno = 0;
    unsigned long long v = strtoull(name + 1, &end, 10);
    if (errno || v >= count)
        return OBJ_OTHER;
    *x = (size_t)v;
    if (name[0] == 'p')
        return *end == '\0' ? OBJ_POSITION : OBJ_OTHER;
    return *end == '_' ? OBJ_MOVE : OBJ_OTHER;
}

/* The look of an object of KIND at position X in step K, where IS_TARGET
 * says whether the object (position X, or the sum) is a target of one of
 * K's moves.  A sum that is a target takes the "being computed" look, in
 * which every move is K's and so every sum it leads to is painted as a
 * target. */
static int look_at(obj_kind kind, size_t x, size_t k, bool is_target,
                   sg_stage stage)
{
    if (kind == OBJ_OTHER)
        return LOOK_VALUE;
    if (kind == OBJ_SUM)
        return is_target ? LOOK_CURRENT : x > k ? LOOK_PENDING : LOOK_VALUE;
    if (x > k)
        return LOOK_PENDING;
    /* In a staged reveal the position's value comes with the mex, its
     * targets' after the options. */
    if (x == k)
        return kind == OBJ_POSITION && stage != SG_STAGE_MEX
                   ? LOOK_CURRENT_HIDDEN
                   : LOOK_CURRENT;
    if (kind == OBJ_POSITION && is_target)
        return stage == SG_STAGE_OPTIONS ? LOOK_TARGET_HIDDEN : LOOK_TARGET;
    return LOOK_VALUE;
}

/* Appends the overlay specification of the slides S (0-based, true where
 * shown) of COUNT: ranges such as "1-3,5,7-". */
static void put_slides(sg_buf *b, const bool *s, size_t count)
{
    bool first = true;
    for (size_t k = 0; k < count;) {
        if (!s[k]) {
            k++;
            continue;
        }
        size_t end = k;
        while (end + 1 < count && s[end + 1])
            end++;
        sg_buf_printf(b, "%s%zu", first ? "" : ",", k + 1);
        if (end + 1 == count && end > k)
            sg_buf_putc(b, '-');
        else if (end > k)
            sg_buf_printf(b, "-%zu", end + 1);
        first = false;
        k = end + 1;
    }
}

/* Appends the handout part of an overlay specification: whether what it
 * wraps is on the handout's one slide, the frame's last. */
static void put_handout(sg_buf *b, bool on_last)
{
    sg_buf_puts(b, on_last ? "| handout:1" : "| handout:0");
}

/* Appends the LaTeX text of TEXT (escaped, its symbols as math). */
static void put_text(sg_buf *b, const char *text)
{
    sg_latex_add(b, text, strlen(text), false);
}

/* Sets MOVER[k] (of COUNT) to whether a move of step k leads to the sum
 * named SUM: whether the picture has an object "mk_SUM". */
static void sum_movers(const sg_tikz *t, const char *sum, size_t count,
                       bool *mover)
{
    memset(mover, 0, count * sizeof *mover);
    size_t len = strlen(sum);
    for (size_t j = 0; j < sg_tikz_object_count(t); j++) {
        const char *name = sg_tikz_object_name(t, j);
        size_t k;
        if (object_kind(name, count, &k) != OBJ_MOVE)
            continue;
        const char *into = strchr(name, '_') + 1;
        if (strncmp(into, sum, len) == 0 && into[len] == '\0')
            mover[k] = true;
    }
}

/* Appends object I of the picture, each of its looks wrapped in the slides
 * that show it (slide j shows stage j % stages of step j / stages).
 * TARGET[k * count + x] says whether x is a target in step k; SHOWN is
 * scratch for count * stages flags, MOVER for COUNT. */
static void put_object(const sg_tikz *t, size_t i, const sg_steps *st,
                       const bool *target, bool *shown, bool *mover,
                       sg_buf *b)
{
    size_t count = st->count, x = 0;
    size_t stages = sg_steps_stage_count(st), slides = count * stages;
    const char *name = sg_tikz_object_name(t, i);
    obj_kind kind = object_kind(name, count, &x);
    if (kind == OBJ_SUM)
        sum_movers(t, name, count, mover);
    sg_buf text[NLOOKS], spec[NLOOKS];
    int same_as[NLOOKS], shows = 0, only = 0;
    for (int l = 0; l < NLOOKS; l++) {
        sg_buf_init(&text[l]);
        sg_buf_init(&spec[l]);
        sg_tikz_write_object(t, i, (unsigned)l, "  ", &text[l]);
        sg_buf_putc(&text[l], '\0');
        /* Looks painted alike are one look, shown on all their slides. */
        same_as[l] = l;
        for (int e = 0; e < l && same_as[l] == l; e++)
            if (!text[e].failed && !text[l].failed &&
                strcmp(text[e].data, text[l].data) == 0)
                same_as[l] = same_as[e];
    }
    for (int l = 0; l < NLOOKS; l++) {
        if (same_as[l] != l || text[l].len <= 1)
            continue;
        bool any = false;
        for (size_t j = 0; j < slides; j++) {
            size_t k = j / stages;
            bool is_target = kind == OBJ_SUM ? mover[k]
                                             : target[k * count + x];
            shown[j] = same_as[look_at(kind, x, k, is_target,
                                       sg_steps_stage(st, j % stages))] == l;
            any |= shown[j];
        }
        if (any) {
            put_slides(&spec[l], shown, slides);
            put_handout(&spec[l], shown[slides - 1]);
            sg_buf_putc(&spec[l], '\0');
            shows++;
            only = l;
        }
    }
    for (int l = 0; l < NLOOKS; l++) {
        if (shows == 1 && l == only) {
            /* The same in every step: no overlay. */
            sg_buf_puts(b, text[l].data);
        } else if (spec[l].len) {
            sg_buf_printf(b, "\\only<%s>{%%\n%s}%%\n", spec[l].data,
                          text[l].data);
        }
        b->failed |= text[l].failed || spec[l].failed;
        sg_buf_free(&text[l]);
        sg_buf_free(&spec[l]);
    }
}

/* The frame's preamble: a command that sets the picture as large as the
 * frame allows, defined once however often the file is read. */
static const char fit_command[] =
    "% \\sgvizfit{BOX}{HEIGHT}: sets BOX as wide as the line, or less so\n"
    "% that it is at most HEIGHT high, keeping its proportions.\n"
    "\\providecommand\\sgvizfit[2]{\\begingroup\n"
    "  \\dimen2=\\dimexpr\\wd#1*\\numexpr\\dimexpr#2\\relax\\relax\n"
    "    /\\numexpr\\ht#1+\\dp#1\\relax\\relax\n"
    "  \\ifdim\\dimen2>\\linewidth \\dimen2=\\linewidth\\fi\n"
    "  \\edef\\sgvizwidth{\\the\\dimen2}%\n"
    "  \\resizebox{\\sgvizwidth}{!}{\\usebox{#1}}\\endgroup}\n"
    "\\ifdefined\\sgvizbox\\else\\newsavebox\\sgvizbox\\fi\n";

sg_status sg_steps_write_beamer(sg_ctx *ctx, sg_steps *st, FILE *out)
{
    if (sg_steps_frame_bounds(ctx, st) != SG_OK)
        return ctx->status;
    size_t count = st->count;
    size_t stages = sg_steps_stage_count(st), slides = count * stages;
    /* The looks of a staged reveal are painted only for one, so that a
     * frame without one keeps its styles as they were. */
    int nlooks = stages > 1 ? NLOOKS : LOOK_CURRENT_HIDDEN;
    bool *target = sg_alloc(ctx, count * count, sizeof *target);
    bool *shown = sg_alloc(ctx, slides, sizeof *shown);
    bool *mover = sg_alloc(ctx, count, sizeof *mover);
    sg_drawing *d =
        target && shown && mover ? sg_steps_drawing(ctx, st, 0) : NULL;
    sg_tikz *t = d ? sg_tikz_new(ctx) : NULL;
    sg_status status = t ? SG_OK : ctx->status;
    for (int l = 0; status == SG_OK && l < nlooks; l++) {
        status = sg_page_style_look(ctx, d, st, &looks[l]);
        if (status == SG_OK)
            status = sg_tikz_paint(ctx, t, d, (unsigned)l);
    }
    char *title = NULL;
    if (status == SG_OK) {
        char last[24];
        sg_u64_to_str(count - 1, last);
        const char *vars[WV_NVARS] = {sg_steps_game_title(st), NULL, NULL,
                                      NULL, NULL, "0", last};
        status = sg_steps_words(ctx, st, WS_TITLE, vars, &title);
    }
    sg_buf b;
    sg_buf_init(&b);
    if (status == SG_OK) {
        for (size_t k = 0; k < count; k++)
            for (size_t i = st->part_first[st->first[k]];
                 i < st->part_first[st->first[k + 1]]; i++)
                target[k * count + st->parts[i]] = true;

        sg_buf_puts(&b, "% ");
        sg_tikz_comment_text(&b, sg_game_describe(st->game));
        if (stages > 1)
            sg_buf_printf(&b, ", positions 0..%zu: the mex steps as one "
                          "Beamer frame, each step\n%% in %zu stages, slide "
                          "%zu k + s + 1 showing stage s of step k.  \\input "
                          "it\n%% into a Beamer deck that loads TikZ; the "
                          "looks are the TikZ styles in the\n%% picture's "
                          "options (sgviz current, sgviz target, sgviz "
                          "pending, ...).\n",
                          count - 1, stages, stages);
        else
            sg_buf_printf(&b, ", positions 0..%zu: the mex steps as one "
                          "Beamer frame, slide k + 1\n%% showing step k.  "
                          "\\input it into a Beamer deck that loads TikZ; "
                          "the looks are\n%% the TikZ styles in the "
                          "picture's options (sgviz current, sgviz target,\n"
                          "%% sgviz pending, ...).\n",
                          count - 1);
        sg_buf_puts(&b, fit_command);
        sg_buf_puts(&b, "\\begin{frame}{");
        put_text(&b, title);
        sg_buf_puts(&b, "}\n\\centering\n\\sbox\\sgvizbox{%\n");
        sg_tikz_write_begin(t, &b);
        for (size_t i = 0; i < sg_tikz_object_count(t); i++) {
            sg_buf_printf(&b, "%% %s\n", sg_tikz_object_name(t, i));
            put_object(t, i, st, target, shown, mover, &b);
        }
        sg_buf_puts(&b, "\\end{tikzpicture}}%\n"
                        "\\sgvizfit{\\sgvizbox}{0.72\\textheight}\\par\n"
                        "\\medskip\n");
        for (size_t j = 0; j < slides && status == SG_OK; j++) {
            char *caption = NULL;
            status = sg_steps_stage_caption(ctx, st, j / stages,
                                            sg_steps_stage(st, j % stages),
                                            &caption);
            if (status != SG_OK)
                break;
            sg_buf_printf(&b, "\\only<%zu", j + 1);
            put_handout(&b, j + 1 == slides);
            sg_buf_puts(&b, ">{");
            put_text(&b, caption);
            sg_buf_puts(&b, "}%\n");
            free(caption);
        }
        sg_buf_puts(&b, "\\end{frame}\n");
        if (status == SG_OK && b.failed)
            status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the "
                                 "Beamer frame");
        else if (status == SG_OK &&
                 (fwrite(b.data, 1, b.len, out) != b.len ||
                  fflush(out) != 0 || ferror(out)))
            status = sg_ctx_fail(ctx, SG_EIO, "cannot write the Beamer "
                                 "frame: %s", strerror(errno));
    }
    sg_buf_free(&b);
    free(title);
    sg_tikz_free(t);
    sg_drawing_free(d);
    free(target);
    free(shown);
    free(mover);
    return status;
}
