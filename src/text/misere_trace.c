/*
 * misere_trace.c - the mex steps of misère values, g-(x) = mex of the
 * options' g- with g- = 1 where there is no move, in the wording of
 * templates/misere/LANG.text, and what they say about sums: whether
 * misère play reduces to normal play (Nim, and games whose positions all
 * play like nim-heaps) or needs a search (Kayles).
 *
 * A move that splits a heap leaves a sum, whose g- is not found from its
 * parts' values; the misère module's search gives it.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

enum {
    MW_HEADER,
    MW_TERMINAL,
    MW_STEP,
    MW_STEP_TARGETS,
    MW_REF,
    MW_FOOTER,
    MW_NIM,
    MW_TAME,
    MW_WILD,
    MW_UNTAMED,
    MW_SPLITS,
    MW_HEAP,
    MW_POSITION,
    MW_HEAP_OF,
    MW_POSITION_OF,
    MW_NSECTIONS
};

static const char *const misere_sections[] = {
    "header", "terminal", "step", "step-targets", "ref", "footer", "nim",
    "tame", "wild", "untamed", "splits", "heap", "position", "heap-of",
    "position-of", NULL};

enum {
    MV_GAME,
    MV_X,
    MV_G,
    MV_PN,
    MV_MOVES,
    MV_TARGETS,
    MV_REFS,
    MV_VALUES,
    MV_T,
    MV_P_POSITIONS,
    MV_N_POSITIONS,
    MV_NOUN,
    MV_LAST,
    MV_W,
    MV_WHOLE_W,
    MV_SG,
    MV_NVARS
};

static const char *const misere_vars[] = {
    "game", "x", "g", "pn", "moves", "targets", "refs", "values", "t",
    "p-positions", "n-positions", "noun", "last", "w", "witness", "sg", NULL};

#define MISERE_ALL ((UINT64_C(1) << MV_NVARS) - 1)
static const uint64_t misere_allowed[MW_NSECTIONS] = {
    MISERE_ALL, MISERE_ALL, MISERE_ALL, MISERE_ALL, MISERE_ALL,
    MISERE_ALL, MISERE_ALL, MISERE_ALL, MISERE_ALL, MISERE_ALL,
    MISERE_ALL, MISERE_ALL, MISERE_ALL, MISERE_ALL, MISERE_ALL};

static const char *const no_settings[] = {NULL};

static const sg_tpl_schema misere_schema = {"misère wording",
                                            misere_sections, misere_vars,
                                            misere_allowed, no_settings};

/* Positions listed by the footer; past this the lists end in "...". */
#define LIST_MAX 1000

typedef struct mwriter {
    const sg_template *words;
    const char *vars[MV_NVARS];
    char num[MV_NVARS][24];
} mwriter;

static void set_num(mwriter *w, int v, uint64_t n)
{
    sg_u64_to_str(n, w->num[v]);
    w->vars[v] = w->num[v];
}

static void say(mwriter *w, sg_buf *b, int id, bool line)
{
    sg_tpl_say(b, w->words, id, w->vars);
    if (line)
        sg_buf_putc(b, '\n');
}

/* Section ID into a new string, or NULL when out of memory. */
static char *said(mwriter *w, int id)
{
    sg_buf b;
    sg_buf_init(&b);
    say(w, &b, id, false);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* Writes the positions PARTS[0..k) joined by + into B (0 for none). */
static void put_sum(sg_buf *b, const sg_game *game, const uint64_t *parts,
                    size_t k)
{
    for (size_t i = 0; i < k; i++) {
        char tmp[64];
        if (i)
            sg_buf_putc(b, '+');
        sg_buf_puts(b, sg_game_position_name(game, parts[i], tmp, sizeof tmp));
    }
    if (k == 0)
        sg_buf_putc(b, '0');
}

/* Writes the step of position X: its moves, the positions they leave,
 * their g- and the mex. */
static sg_status write_step(sg_ctx *ctx, mwriter *w, sg_buf *out,
                            const sg_game *game, sg_misere *m,
                            const sg_values *minus, uint64_t x,
                            sg_moves *list)
{
    sg_moves_clear(list);
    game->ops->moves(game, x, list);
    char name[64];
    w->vars[MV_X] = sg_game_position_name(game, x, name, sizeof name);
    sg_value g = sg_values_get(minus, x);
    set_num(w, MV_G, g);
    w->vars[MV_PN] = g ? "N" : "P";
    if (list->n == 0) {
        say(w, out, MW_TERMINAL, true);
        return SG_OK;
    }
    sg_buf moves, targets, refs, values;
    sg_buf_init(&moves);
    sg_buf_init(&targets);
    sg_buf_init(&refs);
    sg_buf_init(&values);
    sg_status st = SG_OK;
    for (size_t j = 0; j < list->n && st == SG_OK; j++) {
        const uint64_t *left = &list->targets[j];
        size_t k = 1;
        if (list->part_start) {
            left = &list->parts[list->part_start[j]];
            k = list->part_start[j + 1] - list->part_start[j];
        }
        sg_value v;
        if (k == 1) {
            v = sg_values_get(minus, left[0]);
        } else {
            /* A sum: its own g-, from the search. */
            sg_misere_answer a;
            st = sg_misere_solve(ctx, m, left, k, 1, &a);
            v = a.value;
            /* The values of the heaps were all found first, so every sum
             * a move leaves is known; only its outcome would be a
             * failure of that promise. */
            if (st == SG_OK && !a.has_value)
                st = sg_ctx_fail(ctx, SG_ELIMIT, "g\u207b of a sum that a "
                                 "move leaves needs more positions than the "
                                 "search examines; ask for fewer %ss",
                                 game->ops->noun);
        }
        if (j) {
            sg_buf_putc(&moves, ',');
            sg_buf_putc(&targets, ',');
            sg_buf_putc(&refs, ',');
            sg_buf_putc(&values, ',');
        }
        if (list->amounts)
            sg_buf_u64(&moves, list->amounts[j]);
        sg_buf t;
        sg_buf_init(&t);
        put_sum(&t, game, left, k);
        sg_buf_putc(&t, '\0');
        sg_buf_puts(&targets, t.failed ? "" : t.data);
        w->vars[MV_T] = t.failed ? "" : t.data;
        say(w, &refs, MW_REF, false);
        w->vars[MV_T] = NULL;
        sg_buf_free(&t);
        sg_buf_u64(&values, v);
    }
    sg_buf_putc(&moves, '\0');
    sg_buf_putc(&targets, '\0');
    sg_buf_putc(&refs, '\0');
    sg_buf_putc(&values, '\0');
    if (st == SG_OK) {
        w->vars[MV_MOVES] = moves.failed ? "" : moves.data;
        w->vars[MV_TARGETS] = targets.failed ? "" : targets.data;
        w->vars[MV_REFS] = refs.failed ? "" : refs.data;
        w->vars[MV_VALUES] = values.failed ? "" : values.data;
        say(w, out,
            game->ops->wording == SG_WORDING_AMOUNTS ? MW_STEP
                                                     : MW_STEP_TARGETS,
            true);
    }
    w->vars[MV_MOVES] = w->vars[MV_TARGETS] = NULL;
    w->vars[MV_REFS] = w->vars[MV_VALUES] = NULL;
    sg_buf_free(&moves);
    sg_buf_free(&targets);
    sg_buf_free(&refs);
    sg_buf_free(&values);
    return st;
}

/* Writes what the values say about sums of these positions. */
static sg_status write_verdict(sg_ctx *ctx, mwriter *w, sg_buf *out,
                               const sg_game *game, sg_misere *m,
                               uint64_t last)
{
    sg_misere_tame t;
    sg_status st = sg_misere_tameness(ctx, m, last, &t);
    if (st != SG_OK)
        return st;
    set_num(w, MV_LAST, last);
    if (t.nim) {
        say(w, out, MW_NIM, true);
        return SG_OK;
    }
    if (t.tame) {
        say(w, out, MW_TAME, true);
        return SG_OK;
    }
    if (t.witness == SG_NO_POSITION) {
        say(w, out, MW_SPLITS, true);
        return SG_OK;
    }
    char name[64];
    w->vars[MV_W] = sg_game_position_name(game, t.witness, name, sizeof name);
    char *whole = said(w, sg_game_numbered(game) ? MW_HEAP_OF
                                                 : MW_POSITION_OF);
    w->vars[MV_WHOLE_W] = whole ? whole : "";
    set_num(w, MV_SG, t.witness_sg);
    set_num(w, MV_G, t.witness_g);
    /* Values that no sum of nim-heaps has show that no rule on them can
     * hold; values that only a single nim-heap lacks leave it open. */
    bool impossible = t.witness_g != t.witness_sg &&
                      !(t.witness_sg <= 1 &&
                        t.witness_g == (t.witness_sg ^ 1));
    say(w, out, impossible ? MW_WILD : MW_UNTAMED, true);
    w->vars[MV_WHOLE_W] = w->vars[MV_W] = NULL;
    free(whole);
    return SG_OK;
}

sg_status sg_misere_trace_write(sg_ctx *ctx, const sg_game *game,
                                uint64_t from, uint64_t to, const char *lang,
                                FILE *out)
{
    if (from > to)
        return sg_ctx_fail(ctx, SG_EINPUT, "--from %llu is after --to %llu",
                           (unsigned long long)from, (unsigned long long)to);
    char name[64];
    snprintf(name, sizeof name, "misere/%s.text", lang ? lang : "en");
    if (!sg_builtin_file(name, NULL)) {
        return sg_fail_language(ctx, lang);
    }
    sg_template *words = sg_tpl_builtin(ctx, &misere_schema, name);
    if (!words)
        return ctx->status;
    mwriter w;
    memset(&w, 0, sizeof w);
    w.words = words;
    sg_buf b, plist, nlist;
    sg_buf_init(&b);
    sg_buf_init(&plist);
    sg_buf_init(&nlist);
    sg_values *minus = NULL;
    sg_misere *m = sg_misere_new(ctx, game, 0);
    sg_status st = m ? sg_misere_values(ctx, m, to, &minus) : ctx->status;
    size_t cap = st == SG_OK ? (size_t)sg_game_max_moves(game, to) + 1 : 0;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    sg_moves list = {0, NULL, NULL, NULL, NULL};
    if (st == SG_OK) {
        list.amounts = sg_alloc_raw(ctx, cap, sizeof(uint64_t));
        list.targets = sg_alloc_raw(ctx, cap, sizeof(uint64_t));
        list.part_start = pcap ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t))
                               : NULL;
        list.parts = pcap ? sg_alloc_raw(ctx, pcap, sizeof(uint64_t)) : NULL;
        if (!list.amounts || !list.targets ||
            (pcap && (!list.part_start || !list.parts)))
            st = ctx->status;
    }
    if (st != SG_OK)
        goto done;
    if (!game->ops->takes_amounts) {
        free(list.amounts);
        list.amounts = NULL;
    }
    to = sg_values_count(minus) - 1;
    char *noun = said(&w, sg_game_numbered(game) ? MW_HEAP : MW_POSITION);
    w.vars[MV_NOUN] = noun ? noun : "";
    w.vars[MV_GAME] = game->describe;
    say(&w, &b, MW_HEADER, true);
    uint64_t np = 0, nn = 0;
    for (uint64_t x = from; x <= to && st == SG_OK; x++) {
        st = write_step(ctx, &w, &b, game, m, minus, x, &list);
        bool p = sg_values_get(minus, x) == 0;
        sg_buf *l = p ? &plist : &nlist;
        uint64_t *count = p ? &np : &nn;
        if (*count < LIST_MAX) {
            char tmp[64];
            if (*count)
                sg_buf_putc(l, ',');
            sg_buf_puts(l, sg_game_position_name(game, x, tmp, sizeof tmp));
        } else if (*count == LIST_MAX) {
            sg_buf_puts(l, ",...");
        }
        (*count)++;
    }
    if (st == SG_OK) {
        sg_buf_putc(&plist, '\0');
        sg_buf_putc(&nlist, '\0');
        w.vars[MV_P_POSITIONS] = plist.failed ? "" : plist.data;
        w.vars[MV_N_POSITIONS] = nlist.failed ? "" : nlist.data;
        sg_buf_putc(&b, '\n');
        say(&w, &b, MW_FOOTER, true);
        st = write_verdict(ctx, &w, &b, game, m, to);
    }
    free(noun);
    if (st != SG_OK)
        goto done;
    if (b.failed || plist.failed || nlist.failed) {
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the trace");
        goto done;
    }
    if (fwrite(b.data, 1, b.len, out) != b.len || fflush(out) != 0 ||
        ferror(out))
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the trace");
done:
    free(list.amounts);
    free(list.targets);
    free(list.part_start);
    free(list.parts);
    sg_values_free(minus);
    sg_misere_free(m);
    sg_buf_free(&b);
    sg_buf_free(&plist);
    sg_buf_free(&nlist);
    sg_template_free(words);
    return st;
}
