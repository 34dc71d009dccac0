/*
 * every_trace.c - Every-SG in words: the step count of each position beside
 * its value, with the steps of its options and the rule that gives its
 * own (the trace), and the step row of a table.
 */
#include "games/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The words of one language. */
typedef struct every_words {
    const char *lang;
    const char *head, *head_end; /* around the game's name */
    const char *rule;
    const char *terminal;   /* after "sg(x) = 0 (P), step(x) = 0" */
    const char *steps;      /* before the options' steps */
    /* Around the steps the rule takes, before the position's own. */
    const char *n_rule, *n_rule_end;
    const char *p_rule, *p_rule_end;
    const char *sum;
    const char *sg, *sg_end; /* how a value is written: "sg(" x ")" */
    const char *colon;
} every_words;

static const every_words words[] = {
    {"en",
     "Every-SG, ", ": each turn the player moves in every component that "
     "still has a move;\nwhoever cannot move loses.",
     "step(x) = 0 at a terminal position; at an N-position, 1 + the largest "
     "step of an option\nthat is a P-position (the winner makes it last); at "
     "a P-position, 1 + the smallest\nstep of any option (the loser ends it "
     "soonest).  P and N: the outcome under Every-SG,\nwhere P-positions have even steps.",
     "no moves, a terminal position", "; steps ",
     "; N: 1 + max{", "} (its P-options) = ", "; P: 1 + min{", "} = ",
     "A sum: the first player wins when the largest step over its components "
     "is odd\n(the component that lasts longest decides who moves last).",
     "sg(", ")", ": "},
    {"zh",
     "Every-SG（", "）：每一回合，玩家必须在每一个还能移动的子游戏中各走一步；"
     "\n不能移动者输。",
     "step(x)：终止状态为 0；N 状态为 1 + 它能到达的 P 状态中最大的 step（赢家"
     "让它拖得最久）；\nP 状态为 1 + 它所有后继中最小的 step（输家让它尽快结束）"
     "。P、N 指 Every-SG 下的胜负，\nP 状态的 step 为偶数。",
     "没有后继，终止状态", "；各后继的 step 为 ",
     "；N 状态：1 + max{", "}（P 后继）= ", "；P 状态：1 + min{", "} = ",
     "和游戏：所有子游戏中最大的 step 为奇数时先手必胜（最后结束的子游戏决定"
     "谁走最后一步）。",
     "SG[", "]", "："},
};

static const every_words *words_for(sg_ctx *ctx, const char *lang)
{
    if (!lang)
        lang = "en";
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].lang, lang) == 0)
            return &words[i];
    char shown[96];
    sg_ctx_fail(ctx, SG_EINPUT, "unknown language \"%s\" (known: %s)",
                sg_quote(lang, strlen(lang), shown, sizeof shown),
                sg_template_languages());
    return NULL;
}

/* Appends the name of the option that leaves PARTS[0..k) ("3", "1+2"). */
static void option_name(sg_buf *b, const sg_game *game, const uint64_t *parts,
                        size_t k)
{
    char tmp[24];
    for (size_t i = 0; i < k; i++) {
        if (i)
            sg_buf_putc(b, '+');
        sg_buf_puts(b, sg_game_position_name(game, parts[i], tmp, sizeof tmp));
    }
}

/* Writes the line of position X. */
static void position_line(sg_buf *b, const every_words *w,
                          const sg_game *game, const sg_every *e,
                          const sg_lookup *lookup, uint64_t x,
                          sg_moves *m, sg_buf *names, sg_buf *steps,
                          sg_buf *chosen)
{
    char tmp[24];
    const char *name = sg_game_position_name(game, x, tmp, sizeof tmp);
    sg_value v = sg_lookup_get(lookup, x);
    uint64_t s = sg_every_step(e, x);
    sg_buf_printf(b, "%s%s%s = %llu, step(%s) = %llu (%c)%s", w->sg, name,
                  w->sg_end, (unsigned long long)v, name,
                  (unsigned long long)s, s % 2 ? 'N' : 'P', w->colon);
    sg_moves_clear(m);
    game->ops->moves(game, x, m);
    if (m->n == 0) {
        sg_buf_printf(b, "%s\n", w->terminal);
        return;
    }
    names->len = steps->len = chosen->len = 0;
    for (size_t j = 0; j < m->n; j++) {
        size_t k = 1;
        const uint64_t *parts = &m->targets[j];
        if (m->part_start) {
            k = m->part_start[j + 1] - m->part_start[j];
            parts = &m->parts[m->part_start[j]];
        }
        uint64_t os = sg_every_sum_step(e, parts, k);
        if (j) {
            /* Names may hold commas: lists of them are kept apart by "; ",
             * as every trace lists named positions. */
            sg_buf_puts(names, sg_game_numbered(game) ? "," : "; ");
            sg_buf_putc(steps, ',');
        }
        option_name(names, game, parts, k);
        sg_buf_printf(steps, "%llu", (unsigned long long)os);
        /* An N-position's rule looks at its P-options (even steps) only. */
        if (s % 2 == 0 || os % 2 == 0)
            sg_buf_printf(chosen, "%s%llu", chosen->len ? "," : "",
                          (unsigned long long)os);
    }
    sg_buf_putc(names, '\0');
    sg_buf_putc(steps, '\0');
    sg_buf_putc(chosen, '\0');
    sg_buf_printf(b, "%s -> {%s}%s{%s}", name, names->data, w->steps,
                  steps->data);
    sg_buf_printf(b, "%s%s%s%llu", s % 2 ? w->n_rule : w->p_rule,
                  chosen->data, s % 2 ? w->n_rule_end : w->p_rule_end,
                  (unsigned long long)s);
    sg_buf_putc(b, '\n');
}

sg_status sg_every_trace_write(sg_ctx *ctx, const sg_game *game,
                               uint64_t from, uint64_t to, const char *lang,
                               FILE *out)
{
    const every_words *w = words_for(ctx, lang);
    if (!w)
        return ctx->status;
    if (from > to)
        return sg_ctx_fail(ctx, SG_EINPUT, "--from comes after --to");
    sg_every *e = sg_every_new(ctx, game, to);
    sg_lookup *lookup = e ? sg_lookup_new(ctx, game, to) : NULL;
    if (!lookup) {
        sg_every_free(e);
        return ctx->status;
    }
    to = sg_every_last(e);
    sg_status st = SG_OK;
    size_t cap = (size_t)sg_game_max_moves(game, to) + 1;
    size_t pcap = game->ops->max_parts > 1 ? cap * game->ops->max_parts : 0;
    sg_moves m = {0, NULL, sg_alloc_raw(ctx, cap, sizeof(uint64_t)),
                  pcap ? sg_alloc_raw(ctx, cap + 1, sizeof(size_t)) : NULL,
                  pcap ? sg_alloc_raw(ctx, pcap, sizeof(uint64_t)) : NULL};
    sg_buf b, names, steps, chosen;
    sg_buf_init(&b);
    sg_buf_init(&names);
    sg_buf_init(&steps);
    sg_buf_init(&chosen);
    if (!m.targets || (pcap && (!m.part_start || !m.parts))) {
        st = ctx->status;
        goto done;
    }
    sg_buf_printf(&b, "%s%s%s", w->head, game->describe, w->head_end);
    sg_buf_printf(&b, "\n%s\n", w->rule);
    for (uint64_t x = from; x <= to; x++) {
        position_line(&b, w, game, e, lookup, x, &m, &names, &steps, &chosen);
        if (b.len >= 1 << 16) {
            fwrite(b.data, 1, b.len, out);
            b.len = 0;
        }
        if (b.failed)
            break;
    }
    sg_buf_printf(&b, "%s\n", w->sum);
    if (b.failed) {
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    fwrite(b.data, 1, b.len, out);
    if (fflush(out) != 0 || ferror(out))
        st = sg_write_failed(ctx, "the trace");
done:
    free(m.targets);
    free(m.part_start);
    free(m.parts);
    sg_buf_free(&b);
    sg_buf_free(&names);
    sg_buf_free(&steps);
    sg_buf_free(&chosen);
    sg_lookup_free(lookup);
    sg_every_free(e);
    return st;
}

/* ---- The table ---------------------------------------------------------- */

typedef enum every_format { EF_TEXT, EF_CSV, EF_MD } every_format;

/* Writes one wrapped block of the text table: the positions LIST[0..n). */
static void text_block(sg_buf *b, const sg_game *game, const sg_every *e,
                       const sg_lookup *lookup, const uint64_t *list,
                       size_t n, const char *sg_word)
{
    const char *heads[4] = {"x", sg_word, "step", "P/N"};
    for (int row = 0; row < 4; row++) {
        sg_buf_printf(b, "%-4s", heads[row]);
        for (size_t i = 0; i < n; i++) {
            char tmp[24], cell[3][24];
            const char *name = sg_game_position_name(game, list[i], tmp,
                                                     sizeof tmp);
            uint64_t s = sg_every_step(e, list[i]);
            snprintf(cell[0], sizeof cell[0], "%llu",
                     (unsigned long long)sg_lookup_get(lookup, list[i]));
            snprintf(cell[1], sizeof cell[1], "%llu", (unsigned long long)s);
            snprintf(cell[2], sizeof cell[2], "%c", s % 2 ? 'N' : 'P');
            size_t wd = strlen(name);
            for (int c = 0; c < 3; c++)
                if (strlen(cell[c]) > wd)
                    wd = strlen(cell[c]);
            const char *text = row == 0 ? name : cell[row - 1];
            sg_buf_printf(b, " %*s", (int)wd, text);
        }
        sg_buf_putc(b, '\n');
    }
}

sg_status sg_every_table_write(sg_ctx *ctx, const sg_game *game,
                               uint64_t from, uint64_t to,
                               const uint64_t *positions, size_t n,
                               const char *format, unsigned width,
                               const char *lang, FILE *out)
{
    every_format f;
    if (strcmp(format, "text") == 0)
        f = EF_TEXT;
    else if (strcmp(format, "csv") == 0)
        f = EF_CSV;
    else if (strcmp(format, "md") == 0)
        f = EF_MD;
    else
        return sg_ctx_fail(ctx, SG_EINPUT, "--format %.40s: the Every-SG "
                           "table (--every) is written as text, csv or md",
                           format);
    const every_words *w = words_for(ctx, lang);
    if (!w)
        return ctx->status;
    uint64_t last = to;
    for (size_t i = 0; positions && i < n; i++)
        last = i == 0 || positions[i] > last ? positions[i] : last;
    sg_every *e = sg_every_new(ctx, game, last);
    sg_lookup *lookup = e ? sg_lookup_new(ctx, game, last) : NULL;
    if (!lookup) {
        sg_every_free(e);
        return ctx->status;
    }
    uint64_t *list = (uint64_t *)positions;
    if (!positions) {
        to = sg_every_last(e);
        n = (size_t)(to - from + 1);
        list = sg_alloc_raw(ctx, n, sizeof *list);
        if (!list) {
            sg_lookup_free(lookup);
            sg_every_free(e);
            return ctx->status;
        }
        for (size_t i = 0; i < n; i++)
            list[i] = from + i;
    }
    bool zh = strcmp(w->lang, "zh") == 0;
    sg_buf b;
    sg_buf_init(&b);
    if (f == EF_CSV)
        sg_buf_puts(&b, "x,sg,step,pn\n");
    else if (f == EF_MD)
        sg_buf_puts(&b, zh ? "| x | SG[x] | step(x) | P/N |\n|---|---|---|---|\n"
                           : "| x | sg(x) | step(x) | P/N |\n|---|---|---|---|\n");
    size_t per_line = 0, used = 4, start = 0;
    for (size_t i = 0; i < n; i++) {
        char tmp[24];
        const char *name = sg_game_position_name(game, list[i], tmp,
                                                 sizeof tmp);
        uint64_t s = sg_every_step(e, list[i]);
        unsigned long long v =
            (unsigned long long)sg_lookup_get(lookup, list[i]);
        if (f == EF_CSV) {
            sg_buf_printf(&b, "%s,%llu,%llu,%c\n", name, v,
                          (unsigned long long)s, s % 2 ? 'N' : 'P');
            continue;
        }
        if (f == EF_MD) {
            sg_buf_printf(&b, "| %s | %llu | %llu | %c |\n", name, v,
                          (unsigned long long)s, s % 2 ? 'N' : 'P');
            continue;
        }
        /* Text: columns as wide as their widest cell, blocks of lines no
         * wider than WIDTH. */
        char cell[24];
        size_t wd = strlen(name);
        snprintf(cell, sizeof cell, "%llu", v > s ? v : (unsigned long long)s);
        if (strlen(cell) > wd)
            wd = strlen(cell);
        if (per_line && used + 1 + wd > (width ? width : 80)) {
            if (start)
                sg_buf_putc(&b, '\n');
            text_block(&b, game, e, lookup, list + start, per_line,
                       zh ? "SG" : "sg");
            start += per_line;
            per_line = 0;
            used = 4;
        }
        per_line++;
        used += 1 + wd;
    }
    if (f == EF_TEXT && per_line) {
        if (start)
            sg_buf_putc(&b, '\n');
        text_block(&b, game, e, lookup, list + start, per_line,
                   zh ? "SG" : "sg");
    }
    sg_status st = SG_OK;
    if (b.failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    else if (fwrite(b.data, 1, b.len, out) != b.len || fflush(out) != 0)
        st = sg_write_failed(ctx, "the table");
    sg_buf_free(&b);
    if (!positions)
        free(list);
    sg_lookup_free(lookup);
    sg_every_free(e);
    return st;
}
