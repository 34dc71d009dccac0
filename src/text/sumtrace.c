/*
 * sumtrace.c - the working of a sum, as a student writes it out: each
 * part's value (with the command that shows its own mex steps), the
 * nim-sum as a column addition in binary without carries, who wins, and
 * how each winning move is found from the highest 1 of the nim-sum.
 *
 * The wording is templates/sum/LANG.text; the values and the winning moves
 * come from the sums module (sg_sum_new()), so that the working and
 * `sgviz solve` never disagree.
 */
#include "games/game.h"
#include "text/template.h"

#include <stdlib.h>
#include <string.h>

/* The positions among which the misère working looks for one whose two
 * values show that no rule on the values holds. */
#define WITNESS_MAX 30

/* The largest heap whose own trace the working points to. */
#define SUM_TRACE_POINTER_MAX 100000

/* The sections of templates/sum/LANG.text. */
enum {
    SW_HEAP,
    SW_POSITION,
    SW_HEAP_I,
    SW_POSITION_I,
    SW_HEADER,
    SW_PART,
    SW_PART_STEPS,
    SW_BINARY,
    SW_XOR,
    SW_ROW_LABEL,
    SW_TOTAL,
    SW_WINS,
    SW_LOSES,
    SW_TOP_BIT,
    SW_TARGET,
    SW_MOVE_AMOUNT,
    SW_MOVE_TARGET,
    SW_OTHERS,
    SW_OTHER,
    SW_M_HEADER,
    SW_M_PART_NIM,
    SW_M_PART,
    SW_M_NIM,
    SW_M_TAME,
    SW_M_LARGE,
    SW_M_ONE_LARGE,
    SW_M_SMALL,
    SW_M_SMALL_WINS,
    SW_M_SMALL_LOSES,
    SW_M_WILD,
    SW_M_UNTAMED,
    SW_WHY_SPLITS,
    SW_WHY_PAIRS,
    SW_M_SEARCH,
    SW_M_QUOTIENT,
    SW_QUOTIENT_ONE_MORE,
    SW_M_MOVE,
    SW_M_P,
    SW_M_N,
    SW_M_WINS,
    SW_M_LOSES,
    SW_PART_MOVE,
    SW_M_OTHERS,
    SW_HEAP_OF,
    SW_POSITION_OF,
    SW_NSECTIONS
};

static const char *const sum_sections[] = {
    "heap", "position", "heap-i", "position-i", "header", "part",
    "part-steps", "binary", "xor", "row-label", "total", "wins", "loses",
    "top-bit", "target", "move-amount", "move-target", "others", "other",
    "misere-header", "misere-part-nim", "misere-part", "misere-nim",
    "misere-tame", "misere-large", "misere-one-large", "misere-small",
    "misere-small-wins", "misere-small-loses", "misere-wild",
    "misere-untamed", "why-splits", "why-pairs", "misere-search",
    "misere-quotient", "quotient-one-more", "misere-move", "misere-p", "misere-n", "misere-wins", "misere-loses",
    "part-move", "misere-others", "heap-of", "position-of", NULL};

enum {
    SV_GAME,
    SV_POSITION,
    SV_COUNT,
    SV_NOUN,
    SV_PART,
    SV_I,
    SV_X,
    SV_SG,
    SV_COMMAND,
    SV_NIMSUM,
    SV_BIT,
    SV_WORTH,
    SV_TARGET,
    SV_SGBITS,
    SV_TARGETBITS,
    SV_MOVES,
    SV_MOVE,
    SV_A,
    SV_FROM,
    SV_TO,
    SV_G,
    SV_CHECKED,
    SV_ONES,
    SV_AFTER,
    SV_OUTCOME,
    SV_SEARCHED,
    SV_WHY,
    SV_CLASSES,
    SV_PAIRS,
    SV_UPTO,
    SV_NVARS
};

static const char *const sum_vars[] = {
    "game", "position", "count", "noun", "part", "i", "x", "sg", "command",
    "nimsum", "bit", "worth", "target", "sgbits", "targetbits", "moves",
    "move", "a", "from", "to", "g", "checked", "ones", "after", "outcome",
    "searched", "why", "classes", "pairs", "upto", NULL};

/* The wording is built in, so every placeholder may appear anywhere; one
 * that does not apply is empty. */
#define SUM_ALL ((UINT64_C(1) << SV_NVARS) - 1)
static const uint64_t sum_allowed[SW_NSECTIONS] = {
    SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL,
    SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL,
    SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL,
    SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL,
    SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL,
    SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL, SUM_ALL};

static const char *const no_settings[] = {NULL};

static const sg_tpl_schema sum_schema = {"sum wording", sum_sections,
                                         sum_vars, sum_allowed, no_settings};

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct writer {
    const sg_template *words;
    const sg_game *game;
    const char *vars[SV_NVARS];
    char num[SV_NVARS][24]; /* room for the numbers among vars */
    sg_buf out;
} writer;

/* Sets placeholder V to the number N. */
static void set_num(writer *w, int v, uint64_t n)
{
    sg_u64_to_str(n, w->num[v]);
    w->vars[v] = w->num[v];
}

/* Appends section ID, then a newline when LINE is set. */
static void say(writer *w, sg_buf *b, int id, bool line)
{
    sg_tpl_say(b, w->words, id, w->vars);
    if (line)
        sg_buf_putc(b, '\n');
}

/* Section ID rendered into a new string the caller frees (NULL when out
 * of memory). */
static char *said(writer *w, int id)
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

/* V in binary, right-aligned in WIDTH digits. */
static void put_bits(sg_buf *b, sg_value v, unsigned width)
{
    for (unsigned i = width; i-- > 0;)
        sg_buf_putc(b, (v >> i) & 1 ? '1' : '0');
}

static unsigned bit_length(sg_value v)
{
    unsigned n = 0;
    while (v) {
        n++;
        v >>= 1;
    }
    return n;
}

/* Columns that TEXT takes on a terminal: one per character, two for the
 * wide characters of Chinese. */
static size_t columns(const char *text)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if ((*p & 0xC0) == 0x80)
            continue;
        n += *p >= 0xE0 ? 2 : 1;
    }
    return n;
}

static void pad(sg_buf *b, size_t n)
{
    while (n--)
        sg_buf_putc(b, ' ');
}

/* The name of part I (counted from 0), "heap 2", into the writer's
 * ${part}; the string is the caller's. */
static char *part_name(writer *w, size_t i)
{
    set_num(w, SV_I, i + 1);
    bool heaps = strcmp(w->game->ops->noun, "heap") == 0;
    return said(w, heaps ? SW_HEAP_I : SW_POSITION_I);
}

/* Position X named as the wording names a position by itself, e.g. "a
 * heap of 5", into a new string; BUF is scratch for the position's name. */
static char *said_position(writer *w, uint64_t x, char *buf, size_t size)
{
    const char *old = w->vars[SV_X];
    w->vars[SV_X] = sg_game_position_name(w->game, x, buf, size);
    bool heaps = strcmp(w->game->ops->noun, "heap") == 0;
    char *text = said(w, heaps ? SW_HEAP_OF : SW_POSITION_OF);
    w->vars[SV_X] = old;
    return text;
}

/* Writes move K of SUM into B as the wording words a move. */
static void put_move(writer *w, sg_buf *b, const sg_sum *sum, size_t k)
{
    const sg_sum_move *m = sg_sum_move_at(sum, k);
    char from[64], a[24];
    size_t nleft;
    const uint64_t *left = sg_sum_move_left(sum, k, &nleft);
    sg_buf to;
    sg_buf_init(&to);
    for (size_t j = 0; j < nleft; j++) {
        char tmp[64];
        if (j)
            sg_buf_putc(&to, '+');
        sg_buf_puts(&to, sg_game_position_name(w->game, left[j], tmp,
                                               sizeof tmp));
    }
    if (nleft == 0)
        sg_buf_putc(&to, '0');
    sg_buf_putc(&to, '\0');
    w->vars[SV_FROM] = sg_game_position_name(w->game, m->from, from,
                                             sizeof from);
    w->vars[SV_TO] = to.failed ? "" : to.data;
    sg_u64_to_str(m->amount, a);
    w->vars[SV_A] = a;
    say(w, b, w->game->ops->takes_amounts ? SW_MOVE_AMOUNT : SW_MOVE_TARGET,
        false);
    w->vars[SV_FROM] = w->vars[SV_TO] = w->vars[SV_A] = NULL;
    sg_buf_free(&to);
}

/* ------------------------------------------------------------------------ */
/* The working                                                              */
/* ------------------------------------------------------------------------ */

/* Writes the column addition of the parts' values. */
static void write_binary(writer *w, const sg_sum *sum)
{
    sg_buf *b = &w->out;
    size_t n = sg_sum_parts(sum);
    sg_value ns = sg_sum_nimsum(sum);
    unsigned width = bit_length(ns);
    for (size_t i = 0; i < n; i++)
        if (bit_length(sg_sum_value(sum, i)) > width)
            width = bit_length(sg_sum_value(sum, i));
    if (width == 0)
        width = 1;
    char *xor_word = said(w, SW_XOR);
    size_t op = columns(xor_word ? xor_word : "") + 1;
    say(w, b, SW_BINARY, true);
    for (size_t i = 0; i < n; i++) {
        char x[64];
        sg_buf_puts(b, "    ");
        if (i + 1 == n && n > 1) {
            sg_buf_puts(b, xor_word ? xor_word : "");
            sg_buf_putc(b, ' ');
        } else {
            pad(b, op);
        }
        put_bits(b, sg_sum_value(sum, i), width);
        sg_buf_puts(b, "   ");
        w->vars[SV_X] = sg_game_position_name(w->game, sg_sum_position(sum, i),
                                              x, sizeof x);
        set_num(w, SV_SG, sg_sum_value(sum, i));
        say(w, b, SW_ROW_LABEL, true);
    }
    sg_buf_puts(b, "    ");
    pad(b, op);
    for (unsigned i = 0; i < width; i++)
        sg_buf_putc(b, '-');
    sg_buf_putc(b, '\n');
    sg_buf_puts(b, "    ");
    pad(b, op);
    put_bits(b, ns, width);
    sg_buf_puts(b, "   ");
    say(w, b, SW_TOTAL, true);
    free(xor_word);
    w->vars[SV_X] = w->vars[SV_SG] = NULL;
}

/* Writes how the winning moves are found: the heaps whose value has the
 * nim-sum's highest 1, each with its target value and its moves there,
 * then the winning moves that raise a value. */
static void write_moves(writer *w, const sg_sum *sum)
{
    sg_buf *b = &w->out;
    sg_value ns = sg_sum_nimsum(sum);
    unsigned top = bit_length(ns) - 1;
    set_num(w, SV_BIT, top);
    set_num(w, SV_WORTH, (uint64_t)1 << top);
    say(w, b, SW_TOP_BIT, true);
    size_t nm = sg_sum_move_count(sum);
    bool others = false;
    for (size_t i = 0; i < sg_sum_parts(sum); i++) {
        sg_value v = sg_sum_value(sum, i);
        if (!((v >> top) & 1))
            continue;
        sg_buf moves;
        sg_buf_init(&moves);
        for (size_t k = 0; k < nm; k++) {
            if (sg_sum_move_at(sum, k)->part != i)
                continue;
            if (moves.len)
                sg_buf_puts(&moves, "; ");
            put_move(w, &moves, sum, k);
        }
        sg_buf_putc(&moves, '\0');
        char *part = part_name(w, i);
        sg_buf sgbits, tbits;
        sg_buf_init(&sgbits);
        sg_buf_init(&tbits);
        unsigned width = bit_length(v);
        put_bits(&sgbits, v, width);
        put_bits(&tbits, v ^ ns, width);
        sg_buf_putc(&sgbits, '\0');
        sg_buf_putc(&tbits, '\0');
        w->vars[SV_PART] = part;
        set_num(w, SV_SG, v);
        set_num(w, SV_TARGET, v ^ ns);
        w->vars[SV_SGBITS] = sgbits.failed ? "" : sgbits.data;
        w->vars[SV_TARGETBITS] = tbits.failed ? "" : tbits.data;
        w->vars[SV_MOVES] = moves.failed ? "" : moves.data;
        say(w, b, SW_TARGET, true);
        w->vars[SV_SGBITS] = w->vars[SV_TARGETBITS] = NULL;
        w->vars[SV_MOVES] = w->vars[SV_PART] = NULL;
        free(part);
        sg_buf_free(&sgbits);
        sg_buf_free(&tbits);
        sg_buf_free(&moves);
    }
    /* A part whose value lacks that bit may still have a move up to its
     * value XOR the nim-sum; every such move wins too. */
    for (size_t k = 0; k < nm; k++) {
        const sg_sum_move *m = sg_sum_move_at(sum, k);
        sg_value v = sg_sum_value(sum, m->part);
        if ((v >> top) & 1)
            continue;
        if (!others) {
            say(w, b, SW_OTHERS, true);
            others = true;
        }
        sg_buf move;
        sg_buf_init(&move);
        put_move(w, &move, sum, k);
        sg_buf_putc(&move, '\0');
        char *part = part_name(w, m->part);
        w->vars[SV_PART] = part;
        w->vars[SV_MOVE] = move.failed ? "" : move.data;
        set_num(w, SV_SG, v);
        set_num(w, SV_TARGET, v ^ ns);
        say(w, b, SW_OTHER, true);
        w->vars[SV_PART] = w->vars[SV_MOVE] = NULL;
        free(part);
        sg_buf_free(&move);
    }
}

/* The wording of LANG (NULL: English).  Returns NULL after recording
 * SG_EINPUT for an unknown language. */
static sg_template *sum_wording(sg_ctx *ctx, const char *lang)
{
    char name[64];
    snprintf(name, sizeof name, "sum/%s.text", lang ? lang : "en");
    if (!sg_builtin_file(name, NULL)) {
        sg_fail_language(ctx, lang);
        return NULL;
    }
    return sg_tpl_builtin(ctx, &sum_schema, name);
}

/* Writes the names of PARTS joined by + into B. */
static void put_sum(sg_buf *b, const sg_game *game, const uint64_t *parts,
                    size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char tmp[64];
        if (i)
            sg_buf_putc(b, '+');
        sg_buf_puts(b, sg_game_position_name(game, parts[i], tmp, sizeof tmp));
    }
    if (n == 0)
        sg_buf_putc(b, '0');
}

/* The moves MV of part ONLY (all parts: SIZE_MAX), or of every part but
 * BUT, each with its part's name, worded and joined by "; " into a new
 * string; *COUNT says how many.  NULL when out of memory. */
static char *moves_text(writer *w, const sg_misere_moves *mv, size_t only,
                        size_t but, size_t *count)
{
    sg_buf b;
    sg_buf_init(&b);
    *count = 0;
    for (size_t k = 0; k < sg_misere_moves_count(mv); k++) {
        const uint64_t *left;
        size_t nleft;
        const sg_sum_move *m = sg_misere_moves_at(mv, k, NULL, &left, &nleft);
        if ((only != SIZE_MAX && m->part != only) || m->part == but)
            continue;
        (*count)++;
        char from[64], a[24];
        sg_buf to;
        sg_buf_init(&to);
        put_sum(&to, w->game, left, nleft);
        sg_buf_putc(&to, '\0');
        if (b.len)
            sg_buf_puts(&b, "; ");
        w->vars[SV_FROM] = sg_game_position_name(w->game, m->from, from,
                                                 sizeof from);
        w->vars[SV_TO] = to.failed ? "" : to.data;
        sg_u64_to_str(m->amount, a);
        w->vars[SV_A] = a;
        char *move = said(w, w->game->ops->takes_amounts ? SW_MOVE_AMOUNT
                                                         : SW_MOVE_TARGET);
        const char *outer = w->vars[SV_PART];
        char *part = part_name(w, m->part);
        w->vars[SV_MOVE] = move ? move : "";
        w->vars[SV_PART] = part ? part : "";
        say(w, &b, SW_PART_MOVE, false);
        w->vars[SV_MOVE] = NULL;
        w->vars[SV_PART] = outer;
        free(move);
        free(part);
        sg_buf_free(&to);
    }
    w->vars[SV_FROM] = w->vars[SV_TO] = w->vars[SV_A] = NULL;
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* Says section ID with ${moves} the winning moves of the sum (of part
 * ONLY, when not SIZE_MAX), then, with ONLY, section OTHERS with the
 * winning moves of the other parts, if there are any. */
static sg_status say_with_moves(sg_ctx *ctx, writer *w, sg_misere *m,
                                const uint64_t *parts, size_t n, int id,
                                size_t only, int others)
{
    sg_misere_moves *mv = sg_misere_moves_new(ctx, m, parts, n, 0);
    if (!mv)
        return ctx->status;
    size_t count;
    sg_status st = SG_OK;
    for (int round = 0; round < (only == SIZE_MAX ? 1 : 2); round++) {
        char *text = round == 0 ? moves_text(w, mv, only, SIZE_MAX, &count)
                                : moves_text(w, mv, SIZE_MAX, only, &count);
        if (!text) {
            st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
            break;
        }
        w->vars[SV_MOVES] = text;
        if (round == 0 || count)
            say(w, &w->out, round == 0 ? id : others, true);
        w->vars[SV_MOVES] = NULL;
        free(text);
    }
    sg_misere_moves_free(mv);
    return st;
}

/* The misère working of a sum decided by misère Nim's rule, on heap sizes
 * (Nim) or on sg values (a game whose positions play like nim-heaps). */
static sg_status misere_by_rule(sg_ctx *ctx, writer *w, sg_misere *m,
                                const sg_misere_answer *a,
                                const uint64_t *parts, size_t n,
                                const sg_lookup *lookup)
{
    sg_buf *b = &w->out;
    size_t large = 0, ones = 0, big = 0;
    for (size_t i = 0; i < n; i++) {
        sg_value v = sg_lookup_get(lookup, parts[i]);
        if (v >= 2) {
            large++;
            big = i;
        }
        ones += v == 1;
    }
    if (large >= 2) {
        /* Exactly the working of normal play: its winning moves never
         * leave only values 0 and 1. */
        say(w, b, SW_M_LARGE, true);
        sg_buf_putc(b, '\n');
        sg_sum *sum = sg_sum_new(ctx, w->game, lookup, parts, n);
        if (!sum)
            return ctx->status;
        set_num(w, SV_NIMSUM, sg_sum_nimsum(sum));
        write_binary(w, sum);
        sg_buf_putc(b, '\n');
        if (sg_sum_first_player_wins(sum)) {
            say(w, b, SW_WINS, true);
            write_moves(w, sum);
        } else {
            say(w, b, SW_LOSES, true);
        }
        sg_sum_free(sum);
        return SG_OK;
    }
    set_num(w, SV_ONES, ones);
    if (large == 1) {
        char *part = part_name(w, big);
        w->vars[SV_PART] = part;
        set_num(w, SV_TARGET, ones % 2 == 0 ? 1 : 0);
        sg_status st = say_with_moves(ctx, w, m, parts, n, SW_M_ONE_LARGE,
                                      big, SW_M_OTHERS);
        w->vars[SV_PART] = NULL;
        free(part);
        return st;
    }
    say(w, b, SW_M_SMALL, true);
    if (a->first_player_wins)
        return say_with_moves(ctx, w, m, parts, n, SW_M_SMALL_WINS, SIZE_MAX,
                              0);
    say(w, b, SW_M_SMALL_LOSES, true);
    return SG_OK;
}

/* The misère working of a sum decided by the search: why no rule applies,
 * then every move with the outcome of the position it leaves. */
static sg_status misere_by_search(sg_ctx *ctx, writer *w, sg_misere *m,
                                  const sg_misere_answer *a,
                                  const uint64_t *parts, size_t n)
{
    sg_buf *b = &w->out;
    const sg_game *game = w->game;
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        if (parts[i] > largest)
            largest = parts[i];
    /* A witness that no rule on the values can hold: a position whose sg
     * and g- no sum of nim-heaps has.  Small positions show it soonest,
     * and their values cost little to find. */
    sg_misere_tame t;
    uint64_t upto = largest < WITNESS_MAX ? largest : WITNESS_MAX;
    sg_status st = sg_misere_tameness(ctx, m, upto, &t);
    if (st != SG_OK)
        return st;
    w->vars[SV_GAME] = game->describe;
    if (t.witness != SG_NO_POSITION) {
        char x[64];
        char *part = said_position(w, t.witness, x, sizeof x);
        w->vars[SV_PART] = part;
        set_num(w, SV_SG, t.witness_sg);
        set_num(w, SV_G, t.witness_g);
    }
    /* A pair of values that no sum of nim-heaps has shows that no rule on
     * the values can hold; a pair that only a single nim-heap lacks, or
     * moves that split, leave it unknown. */
    bool impossible = t.witness != SG_NO_POSITION &&
                      t.witness_g != t.witness_sg &&
                      !(t.witness_sg <= 1 && t.witness_g == (t.witness_sg ^ 1));
    if (impossible) {
        say(w, b, SW_M_WILD, true);
    } else {
        char *why = said(w, t.witness != SG_NO_POSITION ? SW_WHY_PAIRS
                                                       : SW_WHY_SPLITS);
        w->vars[SV_WHY] = why ? why : "";
        say(w, b, SW_M_UNTAMED, true);
        w->vars[SV_WHY] = NULL;
        free(why);
    }
    free((char *)w->vars[SV_PART]);
    w->vars[SV_PART] = NULL;
    sg_misere_moves *mv = sg_misere_moves_new(ctx, m, parts, n, 1);
    if (!mv)
        return ctx->status;
    uint64_t searched = a->searched;
    for (size_t k = 0; k < sg_misere_moves_count(mv); k++)
        searched += sg_misere_moves_searched(mv, k);
    set_num(w, SV_SEARCHED, searched);
    if (a->rule == SG_MISERE_BY_QUOTIENT) {
        set_num(w, SV_CLASSES, a->quotient_classes);
        set_num(w, SV_PAIRS, a->quotient_pairs);
        char buf_last[64], buf_next[64];
        const char *last = sg_game_position_name(
            game, a->quotient_below - 1, buf_last, sizeof buf_last);
        char *covered = NULL;
        if (a->quotient_one_more) {
            w->vars[SV_X] = last;
            w->vars[SV_TO] = sg_game_position_name(game, a->quotient_below,
                                                   buf_next, sizeof buf_next);
            covered = said(w, SW_QUOTIENT_ONE_MORE);
            w->vars[SV_X] = w->vars[SV_TO] = NULL;
        }
        w->vars[SV_UPTO] = covered ? covered : last;
        say(w, b, SW_M_QUOTIENT, true);
        w->vars[SV_UPTO] = NULL;
        free(covered);
    } else {
        say(w, b, SW_M_SEARCH, true);
    }
    uint64_t *after = sg_alloc_raw(ctx, n + 64, sizeof *after);
    if (!after) {
        sg_misere_moves_free(mv);
        return ctx->status;
    }
    char *p_word = said(w, SW_M_P), *n_word = said(w, SW_M_N);
    for (size_t k = 0; k < sg_misere_moves_count(mv); k++) {
        int wins;
        const uint64_t *left;
        size_t nleft;
        const sg_sum_move *mo = sg_misere_moves_at(mv, k, &wins, &left,
                                                   &nleft);
        size_t c = 0;
        for (size_t i = 0; i < n; i++) {
            if (i != mo->part)
                after[c++] = parts[i];
            else
                for (size_t q = 0; q < nleft && q < 64; q++)
                    after[c++] = left[q];
        }
        sg_buf move, rest;
        sg_buf_init(&move);
        sg_buf_init(&rest);
        char from[64], amount[24];
        sg_buf to;
        sg_buf_init(&to);
        put_sum(&to, game, left, nleft);
        sg_buf_putc(&to, '\0');
        w->vars[SV_FROM] = sg_game_position_name(game, mo->from, from,
                                                 sizeof from);
        w->vars[SV_TO] = to.failed ? "" : to.data;
        sg_u64_to_str(mo->amount, amount);
        w->vars[SV_A] = amount;
        say(w, &move, game->ops->takes_amounts ? SW_MOVE_AMOUNT
                                               : SW_MOVE_TARGET,
            false);
        sg_buf_putc(&move, '\0');
        put_sum(&rest, game, after, c);
        sg_buf_putc(&rest, '\0');
        char *part = part_name(w, mo->part);
        w->vars[SV_FROM] = w->vars[SV_TO] = w->vars[SV_A] = NULL;
        w->vars[SV_PART] = part;
        w->vars[SV_MOVE] = move.failed ? "" : move.data;
        w->vars[SV_AFTER] = rest.failed ? "" : rest.data;
        w->vars[SV_OUTCOME] = wins ? (p_word ? p_word : "P")
                                   : (n_word ? n_word : "N");
        say(w, b, SW_M_MOVE, true);
        w->vars[SV_PART] = w->vars[SV_MOVE] = w->vars[SV_AFTER] = NULL;
        w->vars[SV_OUTCOME] = NULL;
        free(part);
        sg_buf_free(&move);
        sg_buf_free(&rest);
        sg_buf_free(&to);
    }
    free(p_word);
    free(n_word);
    free(after);
    sg_misere_moves_free(mv);
    say(w, b, a->first_player_wins ? SW_M_WINS : SW_M_LOSES, true);
    return SG_OK;
}

/* The misère working of the sum PARTS[0..n). */
static sg_status write_misere(sg_ctx *ctx, writer *w, const uint64_t *parts,
                              size_t n, const sg_lookup *lookup,
                              uint64_t limit)
{
    sg_buf *b = &w->out;
    const sg_game *game = w->game;
    sg_misere *m = sg_misere_new(ctx, game, limit);
    if (!m)
        return ctx->status;
    sg_misere_answer a;
    sg_status st = sg_misere_solve(ctx, m, parts, n, 0, &a);
    if (st != SG_OK) {
        sg_misere_free(m);
        return st;
    }
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        if (parts[i] > largest)
            largest = parts[i];
    say(w, b, SW_M_HEADER, true);
    /* Each part; its g- where it says something (not for Nim, whose heaps
     * are their own values). */
    sg_values *minus = NULL;
    if (a.rule == SG_MISERE_BY_TAME ||
        (a.rule != SG_MISERE_BY_NIM && largest <= WITNESS_MAX))
        st = sg_misere_values(ctx, m, largest, &minus);
    for (size_t i = 0; i < n && st == SG_OK; i++) {
        char x[64];
        char *part = part_name(w, i);
        w->vars[SV_PART] = part;
        w->vars[SV_X] = sg_game_position_name(game, parts[i], x, sizeof x);
        set_num(w, SV_SG, sg_lookup_get(lookup, parts[i]));
        if (minus)
            set_num(w, SV_G, sg_values_get(minus, parts[i]));
        else
            w->vars[SV_G] = "?";
        say(w, b, a.rule == SG_MISERE_BY_NIM ? SW_M_PART_NIM : SW_M_PART,
            true);
        w->vars[SV_PART] = w->vars[SV_X] = w->vars[SV_SG] = NULL;
        w->vars[SV_G] = NULL;
        free(part);
    }
    sg_values_free(minus);
    if (st == SG_OK) {
        sg_buf_putc(b, '\n');
        if (a.rule == SG_MISERE_BY_SEARCH ||
            a.rule == SG_MISERE_BY_QUOTIENT) {
            st = misere_by_search(ctx, w, m, &a, parts, n);
        } else {
            if (a.rule == SG_MISERE_BY_NIM) {
                say(w, b, SW_M_NIM, true);
            } else {
                set_num(w, SV_CHECKED, largest);
                say(w, b, SW_M_TAME, true);
            }
            st = misere_by_rule(ctx, w, m, &a, parts, n, lookup);
        }
    }
    sg_misere_free(m);
    return st;
}

sg_status sg_sum_trace_write(sg_ctx *ctx, const sg_game *game,
                             const uint64_t *parts, size_t n,
                             const sg_sum_trace_opts *opts, FILE *out)
{
    sg_sum_trace_opts o = {0};
    if (opts && sg_opts_take(ctx, &o, sizeof o, opts,
                             SG_OPTS_V0(sg_sum_trace_opts, misere_limit), "sg_sum_trace_opts") != SG_OK)
        return ctx->status;
    if (n == 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "a sum needs at least one part");
    writer w;
    memset(&w, 0, sizeof w);
    w.game = game;
    sg_buf_init(&w.out);
    sg_buf game_name;
    sg_buf_init(&game_name);
    sg_template *words = sum_wording(ctx, o.lang);
    if (!words)
        return ctx->status;
    w.words = words;
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        if (parts[i] > largest)
            largest = parts[i];
    sg_lookup *lookup = sg_lookup_new(ctx, game, largest);
    if (!lookup && sg_game_numbered(game)) {
        /* Name the heap that asks for too much. */
        char copy[SG_MESSAGE_MAX];
        snprintf(copy, sizeof copy, "%s", ctx->message);
        sg_ctx_fail(ctx, ctx->status, "%s %llu: %s", game->ops->noun,
                    (unsigned long long)largest, copy);
    }
    sg_sum *sum = lookup && !o.misere ? sg_sum_new(ctx, game, lookup, parts, n)
                                      : NULL;
    sg_status st = ctx->status;
    char *noun = NULL;
    if (!lookup || (!o.misere && !sum))
        goto done;

    sg_buf position;
    sg_buf_init(&position);
    put_sum(&position, game, parts, n);
    sg_buf_putc(&position, '\0');
    noun = said(&w, strcmp(game->ops->noun, "heap") == 0 ? SW_HEAP
                                                           : SW_POSITION);
    sg_describe_add(&game_name, game->describe, o.lang);
    w.vars[SV_GAME] = game_name.failed ? game->describe : game_name.data;
    w.vars[SV_POSITION] = position.failed ? "" : position.data;
    w.vars[SV_NOUN] = noun ? noun : "";
    set_num(&w, SV_COUNT, n);
    sg_buf *b = &w.out;
    if (o.misere) {
        st = write_misere(ctx, &w, parts, n, lookup, o.misere_limit);
        sg_buf_free(&position);
        if (st != SG_OK)
            goto done;
        goto written;
    }
    say(&w, b, SW_HEADER, true);
    w.vars[SV_POSITION] = NULL;
    sg_buf_free(&position);
    for (size_t i = 0; i < n; i++) {
        char x[64];
        char *part = part_name(&w, i);
        w.vars[SV_PART] = part;
        w.vars[SV_X] = sg_game_position_name(game, parts[i], x, sizeof x);
        set_num(&w, SV_SG, sg_sum_value(sum, i));
        say(&w, b, SW_PART, false);
        /* A trace is for reading: past this many positions it would not
         * be read, so no command points to one. */
        if (o.command && (!sg_game_numbered(game) ||
                          parts[i] <= SUM_TRACE_POINTER_MAX)) {
            w.vars[SV_COMMAND] = o.command;
            say(&w, b, SW_PART_STEPS, false);
        }
        sg_buf_putc(b, '\n');
        free(part);
        w.vars[SV_PART] = w.vars[SV_X] = w.vars[SV_COMMAND] = NULL;
    }
    sg_buf_putc(b, '\n');
    set_num(&w, SV_NIMSUM, sg_sum_nimsum(sum));
    write_binary(&w, sum);
    sg_buf_putc(b, '\n');
    if (sg_sum_first_player_wins(sum)) {
        say(&w, b, SW_WINS, true);
        write_moves(&w, sum);
    } else {
        say(&w, b, SW_LOSES, true);
    }
written:
    if (b->failed) {
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the working "
                         "of the sum");
        goto done;
    }
    if (fwrite(b->data, 1, b->len, out) != b->len || fflush(out) != 0 ||
        ferror(out)) {
        st = sg_ctx_fail(ctx, SG_EIO, "cannot write the working of the sum");
        goto done;
    }
    st = SG_OK;
done:
    free(noun);
    sg_buf_free(&game_name);
    sg_buf_free(&w.out);
    sg_sum_free(sum);
    sg_lookup_free(lookup);
    sg_template_free(words);
    return st;
}
