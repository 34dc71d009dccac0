/*
 * sheet.c - reads homework sheets: the tables of sg values or P/N letters
 * that students hand in, in whichever layout and format they chose.
 *
 * Students write the worked example's two rows ("x 0 1 2" over "sg 0 1 0",
 * in either order, the x row's label sometimes left out), one "x value"
 * pair a line ("sg(4) = 2", "0: P-position", "x=0, sg=0"), a spreadsheet's
 * columns under a header ("x","SG(x)","P/N"), a bare list of values or of
 * P/N letters, or a mex step a line -- usually under a line with their name
 * and around notes of their own.  The lines come cleaned and split from
 * lines.c; this file decides what each line is and assembles the table.
 *
 * What it reads leniently, and why:
 * - Lines that are prose (a name, the question, a remark) are skipped: a
 *   table is recognised by its shape, not by being alone in the file.  A
 *   skipped line after the table has started that holds a digit becomes a
 *   note, so that the report can say so instead of losing an answer.
 * - A blank cell, "?", "-" or a missing x is an answer not given: it counts
 *   as missing, never as a reason to refuse the file.
 * What it refuses, and why: anything that would make the reader guess what
 * the student meant -- a word where a number belongs, a row longer than its
 * x row, two different answers for one position.  A guess about a
 * misaligned table would grade the student for the reader's mistake.  Each
 * refusal names its place, FILE:LINE:COLUMN, and how to fix it.
 *
 * Every line and every count is bounded, and nothing is allocated in
 * proportion to a number written in the file.
 */
#define _DEFAULT_SOURCE /* realpath */
#include "check/reader.h"
#include "games/game.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* What an answer must be where it is written. */
enum { EXPECT_EITHER, EXPECT_VALUE, EXPECT_LETTER };

/* How lines without a label are read, once the first of them decides. */
enum { MODE_UNDECIDED, MODE_PAIRS, MODE_LIST };

/* ------------------------------------------------------------------------ */
/* Messages                                                                 */
/* ------------------------------------------------------------------------ */

sg_status sg_reader_fail(reader *r, sg_status status, unsigned long line,
                         unsigned long col, int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    sg_status st = sg_vsay(r->ctx, status, r->lang, r->origin,
                           sg_reader_file_line(r, line),
                           sg_reader_file_col(r, col), msg, ap);
    va_end(ap);
    return st;
}

const char *sg_tok_quote(const tok *t, char *buf, size_t size)
{
    return sg_quote(t->p, t->len, buf, size);
}

static void u64s(uint64_t v, char *buf, size_t size)
{
    snprintf(buf, size, "%llu", (unsigned long long)v);
}

/* A character that breaks a word though nothing shows: the message names
 * it.  Returns SG_OK when the word has none. */
static sg_status check_invisible(reader *r, const tok *t, unsigned long line)
{
    for (size_t i = 0; i < t->len;) {
        uint32_t cp;
        size_t n = sg_utf8_next(t->p + i, t->len - i, &cp);
        if (sg_char_invisible(cp)) {
            /* The word as shown, the invisible character made visible. */
            char name[64], shown[128];
            sg_char_name(cp, name, sizeof name);
            size_t o = 0;
            for (size_t k = 0; k < t->len && o + 12 < sizeof shown;) {
                uint32_t c2;
                size_t m = sg_utf8_next(t->p + k, t->len - k, &c2);
                if (sg_char_invisible(c2))
                    o += (size_t)snprintf(shown + o, sizeof shown - o,
                                          "<U+%04X>", (unsigned)c2);
                else if (c2 >= 0x20 && c2 != 0x7F) {
                    memcpy(shown + o, t->p + k, m);
                    o += m;
                }
                k += m;
            }
            shown[o] = '\0';
            return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_INVISIBLE,
                                  RV_CHAR, name, RV_TEXT, shown, RV_END);
        }
        i += n;
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Positions                                                                */
/* ------------------------------------------------------------------------ */

/* "sg(4)", "SG[4]", "g(4)", "grundy(4)" -> "4", and "sg(6-2)" -> "6-2";
 * returns false for anything else. */
static bool ref_inner(const char *p, size_t len, const char **in,
                      size_t *inlen)
{
    static const char *const heads[] = {"sg", "g", "grundy", "f", NULL};
    for (int h = 0; heads[h]; h++) {
        size_t k = strlen(heads[h]);
        if (len < k + 3 || strncasecmp(p, heads[h], k) != 0)
            continue;
        char open = p[k], close = p[len - 1];
        if (!((open == '(' && close == ')') || (open == '[' && close == ']')))
            continue;
        const char *s = p + k + 1;
        size_t n = len - k - 2;
        while (n && (*s == ' ' || *s == '\t')) {
            s++;
            n--;
        }
        while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
        *in = s;
        *inlen = n;
        return true;
    }
    return false;
}

static int compare_folded(const void *a, const void *b)
{
    const char *const *x = a, *const *y = b;
    return strcmp(*x, *y);
}

/* One folded name: the text, a NUL, the position in 8 bytes. */
static char *folded_entry(const char *name, uint64_t x)
{
    size_t len = strlen(name);
    char *s = malloc(len + 1 + sizeof x);
    if (!s)
        return NULL;
    for (size_t i = 0; i < len; i++)
        s[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32
                                                       : name[i]);
    s[len] = '\0';
    memcpy(s + len + 1, &x, sizeof x);
    return s;
}

static uint64_t folded_position(const char *entry)
{
    uint64_t x;
    memcpy(&x, entry + strlen(entry) + 1, sizeof x);
    return x;
}

/* Builds the sorted index of the game's position names (and other names,
 * a DAG node's id beside its label) in lower case. */
static sg_status build_folded(reader *r)
{
    uint64_t n = sg_game_position_count(r->game);
    char **f = sg_alloc(r->ctx, 2 * (size_t)n + 1, sizeof *f);
    if (!f)
        return r->ctx->status;
    size_t k = 0;
    for (uint64_t x = 0; x < n; x++) {
        char tmp[24];
        const char *names[2] = {
            sg_game_position_name(r->game, x, tmp, sizeof tmp),
            r->game->ops->position_alias
                ? r->game->ops->position_alias(r->game, x) : NULL};
        for (int j = 0; j < 2; j++) {
            if (!names[j])
                continue;
            f[k] = folded_entry(names[j], x);
            if (!f[k]) {
                for (size_t i = 0; i < k; i++)
                    free(f[i]);
                free(f);
                return sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory");
            }
            k++;
        }
    }
    qsort(f, k, sizeof *f, compare_folded);
    f[k] = NULL;
    r->folded = f;
    r->nfolded = k;
    return SG_OK;
}

/* Finds the node NAME[0..len) names in another case.  Returns 1 with *X,
 * 0 when none does, 2 when several do (*X then one of them, *OTHER
 * another). */
static int find_folded(reader *r, const char *name, size_t len, uint64_t *x,
                       uint64_t *other)
{
    if (!r->folded && build_folded(r) != SG_OK)
        return -1;
    char key[256];
    if (len >= sizeof key)
        return 0;
    for (size_t i = 0; i < len; i++)
        key[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32
                                                         : name[i]);
    key[len] = '\0';
    size_t lo = 0, hi = r->nfolded;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(r->folded[mid], key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!r->folded[lo] || strcmp(r->folded[lo], key) != 0)
        return 0;
    *x = folded_position(r->folded[lo]);
    /* The same position under two names (its label and its id) is one. */
    for (size_t i = lo + 1; r->folded[i] && strcmp(r->folded[i], key) == 0;
         i++) {
        if (folded_position(r->folded[i]) != *x) {
            *other = folded_position(r->folded[i]);
            return 2;
        }
    }
    return 1;
}

bool sg_reader_is_position(reader *r, const char *p, size_t len, uint64_t *x)
{
    const char *in;
    size_t inlen;
    if (ref_inner(p, len, &in, &inlen)) {
        p = in;
        len = inlen;
    }
    if (len == 0)
        return false;
    if (r->named) {
        if (r->game->ops->find_position(r->game, p, len, x))
            return true;
        uint64_t other;
        return find_folded(r, p, len, x, &other) == 1;
    }
    uint64_t v;
    char letter, digit;
    if (sg_word_number(p, len, SG_SHEET_MAX_POSITIONS - 1, &v, &letter,
                       &digit) != NUM_OK) {
        /* "sg(6-2)": a position written as the move that reaches it. */
        const char *minus = memchr(p, '-', len);
        uint64_t a, b;
        if (!minus || minus == p ||
            sg_parse_u64(p, (size_t)(minus - p), SG_POSITION_MAX, &a) != 0 ||
            sg_parse_u64(minus + 1, len - (size_t)(minus - p) - 1,
                         SG_POSITION_MAX, &b) != 0 ||
            b > a || a - b >= SG_SHEET_MAX_POSITIONS)
            return false;
        v = a - b;
    }
    *x = v;
    return true;
}

sg_status sg_reader_position(reader *r, const tok *t, unsigned long line,
                             uint64_t *x)
{
    char shown[96];
    if (check_invisible(r, t, line) != SG_OK)
        return r->ctx->status;
    if (sg_reader_is_position(r, t->p, t->len, x))
        return SG_OK;
    const char *p = t->p;
    size_t len = t->len;
    const char *in;
    size_t inlen;
    if (ref_inner(p, len, &in, &inlen)) {
        p = in;
        len = inlen;
    }
    if (r->named) {
        uint64_t a, b;
        if (find_folded(r, p, len, &a, &b) == 2) {
            char ta[24], tb[24], both[64];
            snprintf(both, sizeof both, "%s, %s",
                     sg_game_position_name(r->game, a, ta, sizeof ta),
                     sg_game_position_name(r->game, b, tb, sizeof tb));
            return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_TWO_NODES,
                                  RV_TEXT, sg_tok_quote(t, shown, sizeof shown),
                                  RV_GAME, r->game->spec, RV_OTHER, both,
                                  RV_END);
        }
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_NO_NODE, RV_TEXT,
                              sg_tok_quote(t, shown, sizeof shown), RV_GAME,
                              r->game->spec, RV_END);
    }
    uint64_t v;
    char letter, digit;
    num_result nr = sg_word_number(p, len, SG_SHEET_MAX_POSITIONS - 1, &v,
                                   &letter, &digit);
    if (nr == NUM_TOO_LARGE) {
        char limit[24];
        u64s(SG_SHEET_MAX_POSITIONS - 1, limit, sizeof limit);
        return sg_reader_fail(r, SG_ELIMIT, line, t->col,
                              RM_POSITION_TOO_LARGE, RV_TEXT,
                              sg_quote(p, len, shown, sizeof shown), RV_LIMIT,
                              limit, RV_END);
    }
    if (nr == NUM_LETTER) {
        char name[64], exp[2] = {digit, 0};
        snprintf(name, sizeof name, "\"%c\"", letter);
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_LOOKS_LIKE_DIGIT,
                              RV_TEXT, sg_tok_quote(t, shown, sizeof shown),
                              RV_CHAR, name, RV_EXPECTED, exp, RV_END);
    }
    return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_NOT_POSITION, RV_TEXT,
                          sg_tok_quote(t, shown, sizeof shown), RV_END);
}

/* ------------------------------------------------------------------------ */
/* Answers                                                                  */
/* ------------------------------------------------------------------------ */

/* What a word is as an answer. */
typedef struct answer {
    bool blank;
    bool has_value;
    sg_value value;
    char pn;
} answer;

/* Reads the answer T: an sg value, a P/N letter, or a blank.  EXPECT says
 * which the place allows. */
static sg_status parse_answer(reader *r, const tok *t, unsigned long line,
                              int expect, answer *a)
{
    char shown[96];
    memset(a, 0, sizeof *a);
    /* Most answers are plain numbers: read them without looking through
     * the lists of words. */
    if (expect != EXPECT_LETTER && t->len && t->len < 19 &&
        t->p[0] >= '0' && t->p[0] <= '9') {
        size_t i = 1;
        while (i < t->len && t->p[i] >= '0' && t->p[i] <= '9')
            i++;
        if (i == t->len) {
            uint64_t v;
            if (sg_parse_u64(t->p, t->len, SG_AMOUNT_MAX, &v) == 0) {
                a->has_value = true;
                a->value = v;
                return SG_OK;
            }
        }
    }
    if (sg_word_missing(t->p, t->len)) {
        a->blank = true;
        return SG_OK;
    }
    if (check_invisible(r, t, line) != SG_OK)
        return r->ctx->status;
    bool letters_first = expect == EXPECT_LETTER ||
                         (expect == EXPECT_EITHER && r->kind != KIND_VALUES);
    char letter = sg_word_letter(t->p, t->len);
    if (letter && letters_first) {
        a->pn = letter;
        return SG_OK;
    }
    uint64_t v;
    char lk, digit;
    num_result nr = expect == EXPECT_LETTER
                        ? NUM_NONE
                        : sg_word_number(t->p, t->len, SG_AMOUNT_MAX, &v, &lk,
                                         &digit);
    /* A lone "l" in a table of letters is "lose"; among values it is a 1
     * written with a letter. */
    if (nr == NUM_LETTER && letter && r->kind == KIND_LETTERS)
        nr = NUM_NONE;
    switch (nr) {
    case NUM_OK:
        a->has_value = true;
        a->value = v;
        return SG_OK;
    case NUM_NEGATIVE:
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_NEGATIVE, RV_TEXT,
                              sg_tok_quote(t, shown, sizeof shown), RV_END);
    case NUM_FRACTION:
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_FRACTION, RV_TEXT,
                              sg_tok_quote(t, shown, sizeof shown), RV_END);
    case NUM_TOO_LARGE:
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_VALUE_TOO_LARGE,
                              RV_TEXT, sg_tok_quote(t, shown, sizeof shown),
                              RV_END);
    case NUM_LETTER: {
        char name[16], exp[2] = {digit, 0};
        snprintf(name, sizeof name, "\"%c\"", lk);
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_LOOKS_LIKE_DIGIT,
                              RV_TEXT, sg_tok_quote(t, shown, sizeof shown),
                              RV_CHAR, name, RV_EXPECTED, exp, RV_END);
    }
    default:
        break;
    }
    if (letter && expect != EXPECT_VALUE) {
        a->pn = letter;
        return SG_OK;
    }
    sg_tok_quote(t, shown, sizeof shown);
    if (expect == EXPECT_LETTER ||
        (expect == EXPECT_EITHER && r->kind == KIND_LETTERS))
        return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_NOT_PN, RV_TEXT,
                              shown, RV_END);
    return sg_reader_fail(r, SG_EINPUT, line, t->col, RM_NOT_NUMBER, RV_TEXT,
                          shown, RV_END);
}

/* ------------------------------------------------------------------------ */
/* The sheet's contents                                                     */
/* ------------------------------------------------------------------------ */

sg_status sg_sheet_pool_add(sg_ctx *ctx, sg_sheet *s, uint64_t x)
{
    if (s->npool >= SG_SHEET_MAX_POSITIONS * 4)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s: too many positions in one "
                           "sheet", s->origin);
    if (s->npool == s->pool_cap) {
        size_t cap = s->pool_cap ? s->pool_cap * 2 : 64;
        uint64_t *grown = sg_grow(ctx, s->pool, cap, sizeof *grown);
        if (!grown)
            return ctx->status;
        s->pool = grown;
        s->pool_cap = cap;
    }
    s->pool[s->npool++] = x;
    return SG_OK;
}

sg_status sg_sheet_value_add(sg_ctx *ctx, sg_sheet *s, sg_value v)
{
    if (s->nvalues >= SG_SHEET_MAX_POSITIONS * 4)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s: too many values in one sheet",
                           s->origin);
    if (s->nvalues == s->values_cap) {
        size_t cap = s->values_cap ? s->values_cap * 2 : 64;
        sg_value *grown = sg_grow(ctx, s->values, cap, sizeof *grown);
        if (!grown)
            return ctx->status;
        s->values = grown;
        s->values_cap = cap;
    }
    s->values[s->nvalues++] = v;
    return SG_OK;
}

sg_status sg_reader_add(reader *r, uint64_t x, bool has_value, sg_value value,
                        char pn, unsigned long line, unsigned long col)
{
    char l[24];
    sg_sheet *sh = r->sheet;
    if (sh->named_last == SG_NO_POSITION || x > sh->named_last)
        sh->named_last = x;
    if (!has_value && !pn)
        return SG_OK;
    int kind = has_value ? KIND_VALUES : KIND_LETTERS;
    if (r->kind == KIND_UNKNOWN) {
        r->kind = kind;
        r->kind_line = line;
    } else if (r->kind != kind) {
        u64s(sg_reader_file_line(r, r->kind_line), l, sizeof l);
        return sg_reader_fail(r, SG_EINPUT, line, col,
                              kind == KIND_LETTERS ? RM_LETTER_AMONG_VALUES
                                                   : RM_VALUE_AMONG_LETTERS,
                              RV_LINE, l, RV_END);
    }
    sg_sheet *s = r->sheet;
    if (s->count >= SG_SHEET_MAX_POSITIONS) {
        char count[24], limit[24];
        u64s(SG_SHEET_MAX_POSITIONS, count, sizeof count);
        u64s(SG_SHEET_MAX_POSITIONS - 1, limit, sizeof limit);
        return sg_reader_fail(r, SG_ELIMIT, line, col, RM_TOO_MANY, RV_COUNT,
                              count, RV_LIMIT, limit, RV_END);
    }
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        sg_sheet_entry *grown = sg_grow(r->ctx, s->entries, cap,
                                        sizeof *grown);
        if (!grown)
            return r->ctx->status;
        s->entries = grown;
        s->cap = cap;
    }
    sg_sheet_entry *e = &s->entries[s->count++];
    e->x = x;
    e->has_value = has_value;
    e->value = value;
    e->pn = pn;
    e->line = sg_reader_file_line(r, line);
    e->column = sg_reader_file_col(r, col);
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Looking at a line                                                        */
/* ------------------------------------------------------------------------ */

/* What a word is, for deciding what a line is. */
enum { W_EMPTY, W_NUMBER, W_REF, W_LABEL, W_LETTER, W_BLANK, W_NODE, W_WORD };

static int word_class(reader *r, const tok *t)
{
    uint64_t v;
    char a, b;
    if (t->len == 0)
        return W_EMPTY;
    if (r->named && sg_reader_is_position(r, t->p, t->len, &v)) {
        const char *in;
        size_t n;
        return ref_inner(t->p, t->len, &in, &n) ? W_REF : W_NODE;
    }
    num_result nr = sg_word_number(t->p, t->len, UINT64_MAX, &v, &a, &b);
    if (nr != NUM_NONE && !(nr == NUM_LETTER && t->len == 1))
        return W_NUMBER;
    const char *in;
    size_t n;
    /* "N" names the x column in a header, but among answers it is a
     * letter. */
    if (t->len == 1 && sg_word_letter(t->p, t->len))
        return W_LETTER;
    if (sg_word_label(t->p, t->len) != LABEL_NONE)
        return W_LABEL;
    if (ref_inner(t->p, t->len, &in, &n))
        return W_REF;
    if (sg_word_letter(t->p, t->len))
        return W_LETTER;
    if (sg_word_missing(t->p, t->len))
        return W_BLANK;
    if (nr == NUM_LETTER)
        return W_NUMBER;
    /* "PNPXN": a run of letters with a slip of the pen in it. */
    if (t->len >= 3) {
        size_t letters = 0;
        for (size_t i = 0; i < t->len; i++)
            letters += sg_word_letter(t->p + i, 1) != 0;
        if (letters + 1 >= t->len)
            return W_LETTER;
    }
    return W_WORD;
}

/* The label the line starts with (one word, or two as in "Grundy value"),
 * and the number of words it takes. */
static int line_label(const reader *r, size_t from, size_t *words)
{
    const sheet_line *l = &r->cur;
    *words = 0;
    if (from >= l->ntoks)
        return LABEL_NONE;
    const tok *a = &l->toks[from];
    if (from + 1 < l->ntoks) {
        const tok *b = &l->toks[from + 1];
        char joined[128];
        /* Two words of one name are words, not letters: "P N" is no
         * "P/N". */
        if (a->len + b->len + 1 < sizeof joined && a->len >= 2 &&
            b->len >= 2) {
            memcpy(joined, a->p, a->len);
            joined[a->len] = ' ';
            memcpy(joined + a->len + 1, b->p, b->len);
            int k = sg_word_label(joined, a->len + 1 + b->len);
            if (k != LABEL_NONE && (r->cur.delim == 0 || a->cell == b->cell)) {
                *words = 2;
                return k;
            }
        }
    }
    int k = sg_word_label(a->p, a->len);
    if (k != LABEL_NONE)
        *words = 1;
    return k;
}

/* Whether the line is prose: a name, the question, a remark. */
static bool is_prose(reader *r)
{
    const sheet_line *l = &r->cur;
    size_t first = 0;
    while (first < l->ntoks && l->toks[first].len == 0)
        first++;
    if (first == l->ntoks)
        return false;
    size_t numbers = 0, words = 0, answers = 0, n = 0;
    for (size_t i = first; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        if (t->len == 0)
            continue;
        n++;
        /* A set ("{1,3,4}") or a range ("0..20") states the question. */
        if (t->p[0] == '{')
            return true;
        for (size_t k = 1; k + 2 < t->len; k++)
            if (t->p[k] == '.' && t->p[k + 1] == '.' && t->p[0] >= '0' &&
                t->p[0] <= '9')
                return true;
        int c = word_class(r, t);
        numbers += c == W_NUMBER || c == W_REF || c == W_NODE;
        answers += c == W_LETTER || c == W_BLANK;
        words += c == W_WORD;
    }
    int c0 = word_class(r, &l->toks[first]);
    /* A node's name the game lacks, then an answer: a pair, refused with
     * its name rather than skipped. */
    if (r->named && c0 == W_WORD && (n == 2 || n == 3) &&
        first + 1 < l->ntoks) {
        int c1 = word_class(r, &l->toks[first + 1]);
        if (c1 == W_NUMBER || c1 == W_LETTER || c1 == W_BLANK)
            return false;
    }
    /* "N = 20", "P: ..." is not a row of letters. */
    if (c0 == W_LETTER && l->assign && numbers && answers == 1 &&
        first + 1 < l->ntoks && word_class(r, &l->toks[first + 1]) == W_NUMBER)
        return true;
    if (c0 == W_WORD)
        return !(n >= 3 && numbers * 2 > n);
    if (c0 == W_LABEL)
        return words * 2 > n;
    return words * 2 > n && words >= 2;
}

/* Whether the line is markup only: a Markdown rule "|---|:-:|", a fence,
 * "+----+", "====". */
static bool is_markup(const reader *r)
{
    const sheet_line *l = &r->cur;
    bool any = false;
    for (size_t i = 0; i < l->len; i++) {
        char c = l->text[i];
        if (c == '-' || c == '=' || c == '+' || c == '|' || c == ':' ||
            c == '~')
            any |= c != '|';
        else if (c != ' ' && c != '\t')
            return false;
    }
    return any;
}

/* ------------------------------------------------------------------------ */
/* Columns under a header                                                   */
/* ------------------------------------------------------------------------ */

#define MAX_COLUMNS 64

typedef struct header {
    bool active;
    unsigned long line;
    char delim;
    size_t ncols;
    int kinds[MAX_COLUMNS];
    size_t xcol, sgcol, pncol, mexcol, tcol;
} header;

/* Reads the current line as a header if it is one: cells that name
 * columns, one of them x and one the answers; other cells (an index
 * column, "moves") are kept as columns that are not read. */
static int try_header(reader *r, header *h)
{
    sheet_line *l = &r->cur;
    header nh;
    memset(&nh, 0, sizeof nh);
    nh.xcol = nh.sgcol = nh.pncol = nh.mexcol = nh.tcol = SIZE_MAX;
    size_t known = 0, unknown = 0;
    char shown[96];
    if (l->delim) {
        if (l->ncells > MAX_COLUMNS)
            return 0;
        for (size_t i = 0; i < l->ncells; i++) {
            const cellv *c = &l->cells[i];
            int k = c->len ? sg_word_label(c->p, c->len) : LABEL_NONE;
            if (k == LABEL_NONE && c->len) {
                /* "x:" and quoted "SG(x)" come as one word of the cell. */
                if (c->n == 1)
                    k = sg_word_label(l->toks[c->first].p,
                                      l->toks[c->first].len);
                if (k == LABEL_NONE) {
                    if (word_class(r, &l->toks[c->first]) == W_NUMBER)
                        return 0;
                    unknown++;
                }
            }
            nh.kinds[i] = k;
            known += k != LABEL_NONE;
        }
        nh.ncols = l->ncells;
    } else {
        size_t i = 0;
        while (i < l->ntoks) {
            if (nh.ncols >= MAX_COLUMNS)
                return 0;
            size_t words;
            int k = line_label(r, i, &words);
            if (k == LABEL_NONE) {
                if (word_class(r, &l->toks[i]) != W_WORD)
                    return 0;
                unknown++;
                words = 1;
            }
            known += k != LABEL_NONE;
            nh.kinds[nh.ncols++] = k;
            i += words;
        }
    }
    /* A row of letters ("P/N & P & N & P") is no header, though "N" could
     * name the x column. */
    size_t letters = 0;
    for (size_t i = 0; i < l->ntoks; i++)
        letters += sg_word_letter(l->toks[i].p, l->toks[i].len) != 0 &&
                   sg_word_label(l->toks[i].p, l->toks[i].len) != LABEL_PN;
    if (letters >= 2)
        return 0;
    size_t nx = 0, nans = 0;
    for (size_t i = 0; i < nh.ncols; i++) {
        nx += nh.kinds[i] == LABEL_X;
        nans += nh.kinds[i] == LABEL_SG || nh.kinds[i] == LABEL_PN ||
                nh.kinds[i] == LABEL_MEX;
    }
    if (nans == 0 && nx == 1 && nh.kinds[0] == LABEL_X && l->delim &&
        nh.ncols >= 2 && unknown + known == nh.ncols) {
        /* "x,foo": a header, but no column holds the answers. */
        return sg_reader_fail(r, SG_EINPUT, l->no, l->cells[1].col,
                              RM_NO_ANSWER_COLUMN, RV_END);
    }
    if (nans == 0 || known < 2 || unknown > known || (nx == 0 && !l->delim))
        return 0;
    for (size_t i = 0; i < nh.ncols; i++) {
        size_t *slot = nh.kinds[i] == LABEL_X ? &nh.xcol
                       : nh.kinds[i] == LABEL_SG ? &nh.sgcol
                       : nh.kinds[i] == LABEL_PN ? &nh.pncol
                       : nh.kinds[i] == LABEL_MEX ? &nh.mexcol
                       : nh.kinds[i] == LABEL_TARGETS ? &nh.tcol : NULL;
        if (!slot)
            continue;
        if (*slot != SIZE_MAX) {
            const char *what = nh.kinds[i] == LABEL_X ? "x"
                               : nh.kinds[i] == LABEL_SG ? "sg"
                               : nh.kinds[i] == LABEL_PN ? "P/N"
                               : nh.kinds[i] == LABEL_MEX ? "mex" : "targets";
            unsigned long col = l->delim ? l->cells[i].col : l->toks[0].col;
            (void)shown;
            return sg_reader_fail(r, SG_EINPUT, l->no, col, RM_SECOND_COLUMN,
                                  RV_WHAT, what, RV_END);
        }
        *slot = i;
    }
    if (nh.xcol == SIZE_MAX)
        return sg_reader_fail(r, SG_EINPUT, l->no, 1, RM_NO_X_COLUMN, RV_END);
    nh.active = true;
    nh.line = l->no;
    nh.delim = l->delim;
    *h = nh;
    return 1;
}

/* The words of column I of the current line under header H (SHIFT: the
 * line has an index column the header does not name). */
static const tok *column_tok(const reader *r, size_t i, size_t shift,
                             size_t *n)
{
    const sheet_line *l = &r->cur;
    i += shift;
    if (i >= l->ncells) {
        *n = 0;
        return NULL;
    }
    *n = l->cells[i].n;
    return &l->toks[l->cells[i].first];
}

static sg_status read_targets_cell(reader *r, const tok *t, size_t n,
                                   unsigned long line);

static bool all_digits(const tok *t)
{
    if (t->len == 0)
        return false;
    for (size_t i = 0; i < t->len; i++)
        if (t->p[i] < '0' || t->p[i] > '9')
            return false;
    return true;
}

/* "2,0" in a value cell of a file whose cells are separated by ';' or
 * tabs: a decimal comma, as spreadsheets write 2.0 in much of Europe.
 * The cell's two words T[0..N) are then one number, read into *V.
 * Returns 1 when they were, 0 when the cell is something else, or a
 * negative status naming a number with a fraction. */
static int decimal_comma(reader *r, const header *h, const tok *t, size_t n,
                         unsigned long line, answer *v)
{
    if (n != 2 || h->delim == 0 || h->delim == ',' ||
        t[1].p != t[0].p + t[0].len + 1 || t[0].p[t[0].len] != ',' ||
        !all_digits(&t[0]) || !all_digits(&t[1]) ||
        t[0].len > 18)
        return 0;
    for (size_t i = 0; i < t[1].len; i++) {
        if (t[1].p[i] != '0') {
            tok whole = t[0];
            whole.len = t[0].len + 1 + t[1].len;
            char shown[96];
            return sg_reader_fail(r, SG_EINPUT, line, whole.col, RM_FRACTION,
                                  RV_TEXT,
                                  sg_tok_quote(&whole, shown, sizeof shown),
                                  RV_END);
        }
    }
    if (parse_answer(r, &t[0], line, EXPECT_VALUE, v) != SG_OK)
        return r->ctx->status;
    return 1;
}

/* Reads a row of a column table. */
static sg_status read_column_row(reader *r, const header *h)
{
    sheet_line *l = &r->cur;
    char a[24], b[24];
    size_t ncells = l->ncells;
    size_t shift = 0;
    /* pandas prints its index in a column the header leaves unnamed. */
    if (!h->delim && ncells == h->ncols + 1)
        shift = 1;
    if (ncells > h->ncols + shift) {
        const cellv *extra = &l->cells[h->ncols + shift];
        u64s(ncells, a, sizeof a);
        u64s(h->ncols, b, sizeof b);
        char hl[24];
        u64s(sg_reader_file_line(r, h->line), hl, sizeof hl);
        return sg_reader_fail(r, SG_EINPUT, l->no, extra->col, RM_MORE_FIELDS,
                              RV_COUNT, a, RV_LINE, hl, RV_EXPECTED, b,
                              RV_END);
    }
    size_t n;
    const tok *xt = column_tok(r, h->xcol, shift, &n);
    if (!xt || n == 0 || xt->len == 0 || sg_word_missing(xt->p, xt->len)) {
        /* A row without x: blank, or answers under no position. */
        for (size_t i = 0; i < l->ntoks; i++) {
            const tok *t = &l->toks[i];
            if (t->len && !sg_word_missing(t->p, t->len) &&
                l->toks[i].cell != h->xcol + shift) {
                size_t k = l->toks[i].cell - shift;
                if (k < h->ncols && h->kinds[k] != LABEL_NONE) {
                    char shown[96], hl[24];
                    u64s(sg_reader_file_line(r, h->line), hl, sizeof hl);
                    return sg_reader_fail(r, SG_EINPUT, l->no, t->col,
                                          RM_VALUE_UNDER_NO_X, RV_TEXT,
                                          sg_tok_quote(t, shown, sizeof shown),
                                          RV_LINE, hl, RV_END);
                }
            }
        }
        return SG_OK;
    }
    uint64_t x;
    if (sg_reader_position(r, xt, l->no, &x) != SG_OK)
        return r->ctx->status;
    answer v = {0}, p = {0};
    if (h->sgcol != SIZE_MAX) {
        const tok *t = column_tok(r, h->sgcol, shift, &n);
        int dc = decimal_comma(r, h, t, n, l->no, &v);
        if (dc < 0)
            return r->ctx->status;
        if (dc)
            n = 0;
        for (size_t i = 0; i < n; i++) {
            answer one;
            if (parse_answer(r, &t[i], l->no, i ? EXPECT_LETTER : EXPECT_VALUE,
                             &one) != SG_OK)
                return r->ctx->status;
            if (one.has_value) {
                v.has_value = true;
                v.value = one.value;
            }
            if (one.pn)
                p.pn = one.pn;
        }
    }
    if (h->pncol != SIZE_MAX) {
        const tok *t = column_tok(r, h->pncol, shift, &n);
        for (size_t i = 0; i < n && i < 1; i++)
            if (parse_answer(r, &t[i], l->no, EXPECT_LETTER, &p) != SG_OK)
                return r->ctx->status;
    }
    size_t before = r->sheet->nsteps;
    if (h->mexcol != SIZE_MAX) {
        const cellv *c = h->mexcol + shift < l->ncells
                             ? &l->cells[h->mexcol + shift] : NULL;
        if (c && c->len) {
            int got = sg_read_step(r, x, c->p, c->len, c->col);
            if (got < 0)
                return r->ctx->status;
            if (got == 0 && h->sgcol == SIZE_MAX && c->n == 1) {
                /* A "mex" column that holds plain values. */
                if (parse_answer(r, &l->toks[c->first], l->no, EXPECT_VALUE,
                                 &v) != SG_OK)
                    return r->ctx->status;
            }
        }
    }
    if (h->tcol != SIZE_MAX && r->sheet->nsteps > before &&
        !r->sheet->steps[r->sheet->nsteps - 1].has_targets) {
        const tok *t = column_tok(r, h->tcol, shift, &n);
        if (read_targets_cell(r, t, n, l->no) != SG_OK)
            return r->ctx->status;
    }
    /* A step read from the row gives the value when no column does. */
    if (!v.has_value && r->sheet->nsteps > before && h->sgcol == SIZE_MAX)
        return SG_OK;
    /* A blank value beside a letter, in a table of values: missing. */
    if (!v.has_value && h->sgcol != SIZE_MAX && r->kind == KIND_VALUES)
        p.pn = 0;
    return sg_reader_add(r, x, v.has_value, v.value, p.pn, l->no, xt->col);
}

/* "{3,1,0}" in a targets column: the targets of the row's step. */
static sg_status read_targets_cell(reader *r, const tok *t, size_t n,
                                   unsigned long line)
{
    if (n == 0 || !t || t->len < 2 || t->p[0] != '{')
        return SG_OK;
    sg_sheet *s = r->sheet;
    sg_sheet_step *st = &s->steps[s->nsteps - 1];
    size_t at = s->npool;
    const char *p = t->p + 1, *end = t->p + t->len - 1;
    while (p < end) {
        while (p < end && (*p == ',' || *p == ' '))
            p++;
        const char *q = p;
        while (q < end && *q != ',' && *q != ' ')
            q++;
        if (q > p) {
            uint64_t x;
            if (!sg_reader_is_position(r, p, (size_t)(q - p), &x))
                return SG_OK;
            if (sg_sheet_pool_add(r->ctx, s, x) != SG_OK)
                return r->ctx->status;
        }
        p = q;
    }
    (void)line;
    st->has_targets = true;
    st->targets_at = at;
    st->ntargets = s->npool - at;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* Rows: "x 0 1 2" with "sg 0 1 0" and "P/N P N P", in any order            */
/* ------------------------------------------------------------------------ */

typedef struct item {
    bool blank;
    uint64_t x;
    answer a;
    unsigned long col, width;
} item;

typedef struct row {
    unsigned long line;   /* 0: the block has no such row */
    item *items;
    size_t n, cap;
} row;

/* An x row and the rows of answers that go with it.  rows[0] is x,
 * rows[1] sg, rows[2] P/N. */
typedef struct block {
    row rows[3];
    bool x_unlabelled;
} block;

static void block_free(block *b)
{
    for (int i = 0; i < 3; i++)
        free(b->rows[i].items);
}

static sg_status row_reserve(reader *r, row *w, size_t n)
{
    if (n <= w->cap)
        return SG_OK;
    item *grown = sg_grow(r->ctx, w->items, n, sizeof *grown);
    if (!grown)
        return r->ctx->status;
    w->items = grown;
    w->cap = n;
    return SG_OK;
}

static unsigned long char_width(const tok *t)
{
    unsigned long w = 0;
    for (size_t i = 0; i < t->len; i++)
        w += ((unsigned char)t->p[i] & 0xC0) != 0x80;
    return w;
}

/* Reads the words from FROM on as the items of a row of KIND into W. */
static sg_status read_row_items(reader *r, int kind, size_t from, row *w)
{
    sheet_line *l = &r->cur;
    size_t n = l->ntoks - from;
    if (row_reserve(r, w, n) != SG_OK)
        return r->ctx->status;
    w->n = 0;
    for (size_t i = from; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        item it;
        memset(&it, 0, sizeof it);
        it.col = t->col;
        it.width = char_width(t);
        if (kind == 0) {
            if (t->len == 0 || sg_word_missing(t->p, t->len))
                it.blank = true;
            else if (sg_reader_position(r, t, l->no, &it.x) != SG_OK)
                return r->ctx->status;
            w->items[w->n++] = it;
            continue;
        }
        if (kind == 2 && t->len > 1 && !sg_word_letter(t->p, t->len) &&
            !sg_word_missing(t->p, t->len)) {
            /* "PNPNN" in a P/N row: one letter a position. */
            bool run = true;
            for (size_t k = 0; k < t->len && run; k++)
                run = sg_word_letter(t->p + k, 1) != 0;
            if (run) {
                if (row_reserve(r, w, w->n + t->len + (l->ntoks - i)) !=
                    SG_OK)
                    return r->ctx->status;
                for (size_t k = 0; k < t->len; k++) {
                    item one;
                    memset(&one, 0, sizeof one);
                    one.a.pn = sg_word_letter(t->p + k, 1);
                    one.col = t->col + k;
                    one.width = 1;
                    w->items[w->n++] = one;
                }
                continue;
            }
        }
        if (parse_answer(r, t, l->no, kind == 1 ? EXPECT_VALUE : EXPECT_LETTER,
                         &it.a) != SG_OK)
            return r->ctx->status;
        it.blank = it.a.blank;
        if (kind == 1 && !it.blank && it.a.pn && !it.a.has_value) {
            char shown[96];
            return sg_reader_fail(r, SG_EINPUT, l->no, t->col, RM_NOT_NUMBER,
                                  RV_TEXT, sg_tok_quote(t, shown, sizeof shown),
                                  RV_END);
        }
        w->items[w->n++] = it;
    }
    w->line = l->no;
    return SG_OK;
}

/* Maps the items of an answer row to the x row's by their columns: each
 * answer must overlap exactly one x, in order.  Used when a row is shorter
 * than its x row, as when a student leaves a cell of an aligned table
 * empty.  Returns false when the columns do not line up. */
static bool align_by_columns(const row *xr, const row *ar, size_t *map)
{
    size_t j = 0;
    for (size_t i = 0; i < ar->n; i++) {
        unsigned long a0 = ar->items[i].col, a1 = a0 + ar->items[i].width;
        while (j < xr->n &&
               xr->items[j].col + xr->items[j].width <= a0)
            j++;
        if (j >= xr->n)
            return false;
        unsigned long x0 = xr->items[j].col;
        if (x0 >= a1)
            return false;
        map[i] = j++;
    }
    return true;
}

typedef struct layout {
    header head;
    block blk;
    int mode;
    uint64_t list_x;      /* the next x of a list */
    uint64_t run_next;    /* where an unlabelled x row would start */
    bool any_x_block;     /* some block had an x row */
    bool any_bare_block;  /* some block had none */
    unsigned long bare_line;
    bool started;         /* a table line has been read */
    sg_sheet_form forced;
} layout;

static const char *const row_names[3] = {"x", "sg", "P/N"};

/* Turns the open block into entries. */
static sg_status block_close(reader *r, layout *lay)
{
    block *b = &lay->blk;
    row *xr = &b->rows[0], *sr = &b->rows[1], *pr = &b->rows[2];
    if (!xr->line && !sr->line && !pr->line)
        return SG_OK;
    char a[24], c[24], hl[24];
    sg_status st = SG_OK;
    if (xr->line && !sr->line && !pr->line) {
        st = sg_reader_fail(r, SG_EINPUT, xr->line, 1, RM_X_ROW_ALONE, RV_END);
        goto done;
    }
    if (!xr->line) {
        /* Rows without an x row are lists from where the last one ended. */
        unsigned long line = sr->line ? sr->line : pr->line;
        if (lay->any_x_block) {
            st = sg_reader_fail(r, SG_EINPUT, line, 1, RM_ROW_WITHOUT_X,
                                RV_WHAT, row_names[sr->line ? 1 : 2], RV_END);
            goto done;
        }
        lay->any_bare_block = true;
        lay->bare_line = line;
        size_t n = sr->line ? sr->n : pr->n;
        if (sr->line && pr->line && sr->n != pr->n) {
            const row *longer = sr->n > pr->n ? sr : pr;
            const row *shorter = sr->n > pr->n ? pr : sr;
            u64s(longer->n, a, sizeof a);
            u64s(shorter->n, c, sizeof c);
            u64s(sg_reader_file_line(r, shorter->line), hl, sizeof hl);
            st = sg_reader_fail(r, SG_EINPUT, longer->line,
                                longer->items[shorter->n].col, RM_ROW_LONGER,
                                RV_WHAT, row_names[longer == sr ? 1 : 2],
                                RV_LINE, hl, RV_COUNT, a, RV_EXPECTED, c,
                                RV_END);
            goto done;
        }
        for (size_t i = 0; i < n; i++) {
            const item *s = sr->line ? &sr->items[i] : &pr->items[i];
            char pn = pr->line ? pr->items[i].a.pn : 0;
            st = sg_reader_add(r, lay->list_x + i, sr->line && s->a.has_value,
                               sr->line ? s->a.value : 0, pn,
                               sr->line ? sr->line : pr->line, s->col);
            if (st != SG_OK)
                goto done;
        }
        lay->list_x += n;
        goto done;
    }
    if (lay->any_bare_block) {
        st = sg_reader_fail(r, SG_EINPUT, lay->bare_line, 1, RM_ROW_WITHOUT_X,
                            RV_WHAT, "sg", RV_END);
        goto done;
    }
    lay->any_x_block = true;
    /* Swapped labels: an "x" row that repeats values under an "sg" row
     * that counts 0, 1, 2, ... is read the other way round. */
    if (sr->line && sr->n == xr->n && xr->n >= 3 && !r->named) {
        bool s_run = true, x_repeats = false;
        for (size_t i = 0; i < sr->n && s_run; i++)
            s_run = !sr->items[i].blank && sr->items[i].a.has_value &&
                    sr->items[i].a.value == sr->items[0].a.value + i;
        for (size_t i = 0; i < xr->n && !x_repeats; i++)
            for (size_t j = 0; j < i && !x_repeats; j++)
                x_repeats = !xr->items[i].blank && !xr->items[j].blank &&
                            xr->items[i].x == xr->items[j].x;
        if (s_run && x_repeats) {
            for (size_t i = 0; i < xr->n; i++) {
                uint64_t x = sr->items[i].a.value;
                answer v = {xr->items[i].blank, !xr->items[i].blank,
                            xr->items[i].x, 0};
                sr->items[i].a = v;
                sr->items[i].blank = v.blank;
                xr->items[i].x = x;
                xr->items[i].blank = false;
            }
            r->sheet->swapped = true;
        }
    }
    /* Each answer row against the x row. */
    size_t *maps[3] = {NULL, NULL, NULL};
    size_t *store = malloc(2 * (xr->n + 1) * sizeof *store);
    if (!store) {
        st = sg_ctx_fail(r->ctx, SG_ENOMEM, "out of memory");
        goto done;
    }
    for (int k = 1; k < 3; k++) {
        row *w = &b->rows[k];
        if (!w->line)
            continue;
        maps[k] = store + (size_t)(k - 1) * (xr->n + 1);
        u64s(sg_reader_file_line(r, xr->line), hl, sizeof hl);
        u64s(w->n, a, sizeof a);
        u64s(xr->n, c, sizeof c);
        if (w->n > xr->n) {
            st = sg_reader_fail(r, SG_EINPUT, w->line, w->items[xr->n].col,
                                RM_ROW_LONGER, RV_WHAT, row_names[k], RV_LINE,
                                hl, RV_COUNT, a, RV_EXPECTED, c, RV_END);
            free(store);
            goto done;
        }
        if (w->n < xr->n && !(r->cur.delim == 0 &&
                              align_by_columns(xr, w, maps[k]))) {
            if (r->cur.delim != 0 || b->x_unlabelled) {
                st = sg_reader_fail(r, SG_EINPUT, w->line,
                                    w->n ? w->items[w->n - 1].col +
                                               w->items[w->n - 1].width
                                         : 1,
                                    RM_ROW_SHORTER, RV_WHAT, row_names[k],
                                    RV_LINE, hl, RV_COUNT, a, RV_EXPECTED, c,
                                    RV_END);
                free(store);
                goto done;
            }
            /* A row that stops early: the rest is missing. */
            for (size_t i = 0; i < w->n; i++)
                maps[k][i] = i;
        } else if (w->n == xr->n) {
            for (size_t i = 0; i < w->n; i++)
                maps[k][i] = i;
        }
    }
    for (size_t i = 0; i < xr->n; i++) {
        answer sv = {true, false, 0, 0}, pv = {true, false, 0, 0};
        unsigned long vline = xr->line, vcol = xr->items[i].col;
        for (int k = 1; k < 3; k++) {
            row *w = &b->rows[k];
            if (!w->line)
                continue;
            for (size_t j = 0; j < w->n; j++) {
                if (maps[k][j] != i)
                    continue;
                if (k == 1)
                    sv = w->items[j].a;
                else
                    pv = w->items[j].a;
                if (xr->items[i].blank && !w->items[j].blank) {
                    u64s(sg_reader_file_line(r, xr->line), hl, sizeof hl);
                    char text[32];
                    if (k == 1 && w->items[j].a.has_value)
                        u64s(w->items[j].a.value, text, sizeof text);
                    else
                        snprintf(text, sizeof text, "%c",
                                 w->items[j].a.pn ? w->items[j].a.pn : '?');
                    st = sg_reader_fail(r, SG_EINPUT, w->line,
                                        w->items[j].col, RM_VALUE_UNDER_NO_X,
                                        RV_TEXT, text, RV_LINE, hl, RV_END);
                    free(store);
                    goto done;
                }
            }
        }
        if (xr->items[i].blank)
            continue;
        {
            st = sg_reader_add(r, xr->items[i].x, sv.has_value, sv.value,
                               pv.pn ? pv.pn : sv.pn, vline, vcol);
            if (st != SG_OK) {
                free(store);
                goto done;
            }
        }
    }
    free(store);
    /* A further unlabelled x row would continue from here. */
    for (size_t i = 0; i < xr->n; i++)
        if (!xr->items[i].blank && xr->items[i].x + 1 > lay->run_next)
            lay->run_next = xr->items[i].x + 1;
done:
    for (int k = 0; k < 3; k++)
        b->rows[k].line = 0;
    b->x_unlabelled = false;
    return st;
}

/* Adds the current line, whose label is KIND (0 x, 1 sg, 2 P/N) and takes
 * WORDS words, to the open block. */
static bool next_is_x_row(reader *r, void *arg);
static int look_ahead(reader *r, bool (*test)(reader *r, void *arg),
                      void *arg);

static sg_status block_add(reader *r, layout *lay, int kind, size_t words)
{
    block *b = &lay->blk;
    if (b->rows[kind].line) {
        /* A row whose kind the block has: a new block starts, with its
         * rows in either order -- unless no x row follows, and the row is
         * a second answer row for the same x row. */
        if (kind != 0 && b->rows[0].line) {
            unsigned long line = r->cur.no;
            int x_next = look_ahead(r, next_is_x_row, NULL);
            if (x_next < 0)
                return r->ctx->status;
            if (!x_next) {
                char xl[24], first[24];
                u64s(sg_reader_file_line(r, b->rows[0].line), xl, sizeof xl);
                u64s(sg_reader_file_line(r, b->rows[kind].line), first,
                     sizeof first);
                return sg_reader_fail(r, SG_EINPUT, line, r->cur.toks[0].col,
                                      RM_SECOND_ROW, RV_WHAT, row_names[kind],
                                      RV_LINE, xl, RV_OTHER, first, RV_END);
            }
        }
        if (block_close(r, lay) != SG_OK)
            return r->ctx->status;
    }
    return read_row_items(r, kind, words, &b->rows[kind]);
}

/* ------------------------------------------------------------------------ */
/* Pairs and lists                                                          */
/* ------------------------------------------------------------------------ */

/* Whether the current line has the shape of one "x answer" pair: a
 * position and one or two answers (a value and a letter). */
static bool pair_shape(reader *r)
{
    sheet_line *l = &r->cur;
    size_t n = 0, first = SIZE_MAX;
    for (size_t i = 0; i < l->ntoks; i++) {
        if (l->toks[i].len) {
            if (first == SIZE_MAX)
                first = i;
            n++;
        }
    }
    if (n < 2 || n > 3 || first == SIZE_MAX)
        return false;
    int c0 = word_class(r, &l->toks[first]);
    if (c0 != W_NUMBER && c0 != W_REF && c0 != W_NODE)
        return false;
    if (n == 3) {
        const tok *t = &l->toks[l->ntoks - 1];
        return sg_word_letter(t->p, t->len) != 0;
    }
    return true;
}

/* Reads "x answer [letter]" from words FROM.. of the current line, with
 * trailing words that are no answer (a remark) ignored. */
static sg_status read_pair(reader *r, size_t from)
{
    sheet_line *l = &r->cur;
    char shown[96];
    size_t i = from;
    while (i < l->ntoks && l->toks[i].len == 0)
        i++;
    const tok *pt = &l->toks[i++];
    uint64_t x;
    if (sg_reader_position(r, pt, l->no, &x) != SG_OK)
        return r->ctx->status;
    answer v = {0}, p = {0};
    size_t answers = 0;
    for (; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        if (t->len == 0)
            continue;
        int c = word_class(r, t);
        if (c == W_WORD && answers > 0)
            break; /* "4 2 (my guess)" */
        if (c == W_LABEL)
            continue; /* "x = 4, sg = 2" */
        if (answers == 2 || (answers == 1 && c == W_NUMBER && v.has_value))
            return sg_reader_fail(r, SG_EINPUT, l->no, t->col, RM_PAIR_EXTRA,
                                  RV_TEXT, sg_tok_quote(t, shown, sizeof shown),
                                  RV_END);
        answer a;
        if (parse_answer(r, t, l->no, answers ? EXPECT_LETTER : EXPECT_EITHER,
                         &a) != SG_OK)
            return r->ctx->status;
        if (a.has_value)
            v = a;
        if (a.pn)
            p.pn = a.pn;
        answers++;
    }
    if (answers == 0)
        return SG_OK; /* "4:" with nothing after it: not answered */
    return sg_reader_add(r, x, v.has_value, v.value, p.pn, l->no, pt->col);
}

/* "x = 0, sg = 0, P/N = P" and "sg(0)=0 sg(1)=1 sg(2)=0": labelled pairs,
 * and several pairs on one line.  Returns 1 when the line was one. */
static int read_keyed(reader *r)
{
    sheet_line *l = &r->cur;
    if (l->ntoks < 3)
        return 0;
    const tok *t0 = &l->toks[0];
    if (sg_word_label(t0->p, t0->len) == LABEL_X && l->ntoks >= 4) {
        size_t w;
        int k2 = line_label(r, 2, &w);
        uint64_t x;
        if ((k2 == LABEL_SG || k2 == LABEL_PN) &&
            sg_reader_is_position(r, l->toks[1].p, l->toks[1].len, &x)) {
            answer v = {0}, p = {0};
            size_t i = 2;
            while (i < l->ntoks) {
                int k = line_label(r, i, &w);
                if (k != LABEL_SG && k != LABEL_PN)
                    break;
                i += w;
                if (i >= l->ntoks)
                    break;
                answer a;
                if (parse_answer(r, &l->toks[i], l->no,
                                 k == LABEL_SG ? EXPECT_VALUE : EXPECT_LETTER,
                                 &a) != SG_OK)
                    return r->ctx->status;
                if (a.has_value)
                    v = a;
                if (a.pn)
                    p.pn = a.pn;
                i++;
            }
            if (sg_reader_add(r, x, v.has_value, v.value, p.pn, l->no,
                              l->toks[1].col) != SG_OK)
                return r->ctx->status;
            return 1;
        }
    }
    /* Several "sg(x) = v" on one line. */
    const char *in;
    size_t inlen;
    if (!ref_inner(t0->p, t0->len, &in, &inlen) || l->ntoks < 4)
        return 0;
    size_t refs = 0;
    for (size_t i = 0; i < l->ntoks; i++)
        refs += ref_inner(l->toks[i].p, l->toks[i].len, &in, &inlen);
    if (refs < 2)
        return 0;
    size_t i = 0;
    while (i < l->ntoks) {
        const tok *pt = &l->toks[i++];
        uint64_t x;
        if (!ref_inner(pt->p, pt->len, &in, &inlen))
            return 0;
        if (sg_reader_position(r, pt, l->no, &x) != SG_OK)
            return r->ctx->status;
        answer v = {0}, p = {0};
        while (i < l->ntoks &&
               !ref_inner(l->toks[i].p, l->toks[i].len, &in, &inlen)) {
            answer a;
            if (parse_answer(r, &l->toks[i], l->no,
                             v.has_value ? EXPECT_LETTER : EXPECT_EITHER,
                             &a) != SG_OK)
                return r->ctx->status;
            if (a.has_value)
                v = a;
            if (a.pn)
                p.pn = a.pn;
            i++;
        }
        if (sg_reader_add(r, x, v.has_value, v.value, p.pn, l->no, pt->col) !=
            SG_OK)
            return r->ctx->status;
    }
    return 1;
}

/* Reads the current line as a list of answers for x = lay->list_x, ... */
static sg_status read_list(reader *r, layout *lay, bool letters)
{
    sheet_line *l = &r->cur;
    if (r->named && l->ntoks)
        return sg_reader_fail(r, SG_EINPUT, l->no, l->toks[0].col,
                              RM_LIST_FOR_NODES, RV_GAME, r->game->spec,
                              RV_END);
    for (size_t i = 0; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        if (letters && t->len > 1 && !sg_word_letter(t->p, t->len) &&
            !sg_word_missing(t->p, t->len)) {
            bool run = true;
            for (size_t k = 0; k < t->len && run; k++)
                run = sg_word_letter(t->p + k, 1) != 0;
            if (run) {
                for (size_t k = 0; k < t->len; k++)
                    if (sg_reader_add(r, lay->list_x++, false, 0,
                                      sg_word_letter(t->p + k, 1), l->no,
                                      t->col + k) != SG_OK)
                        return r->ctx->status;
                continue;
            }
            /* Point at the first character that is no letter. */
            size_t k = 0;
            while (k < t->len && sg_word_letter(t->p + k, 1))
                k++;
            size_t n = 1;
            while (k + n < t->len && ((unsigned char)t->p[k + n] & 0xC0) == 0x80)
                n++;
            if (k > 0) {
                char shown[96];
                return sg_reader_fail(r, SG_EINPUT, l->no, t->col + k,
                                      RM_NOT_PN, RV_TEXT,
                                      sg_quote(t->p + k, n, shown,
                                               sizeof shown),
                                      RV_END);
            }
        }
        answer a;
        if (parse_answer(r, t, l->no, letters ? EXPECT_LETTER : EXPECT_EITHER,
                         &a) != SG_OK)
            return r->ctx->status;
        if (sg_reader_add(r, lay->list_x++, a.has_value, a.value, a.pn, l->no,
                          t->col) != SG_OK)
            return r->ctx->status;
    }
    return SG_OK;
}

/* Whether the words of the current line are all answers (numbers,
 * letters, blanks): a list line.  *LETTERS: they are letters. */
static bool list_shape(reader *r, bool *letters)
{
    sheet_line *l = &r->cur;
    size_t numbers = 0, lets = 0, n = 0;
    for (size_t i = 0; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        if (t->len == 0)
            continue;
        n++;
        int c = word_class(r, t);
        if (c == W_NUMBER)
            numbers++;
        else if (c == W_LETTER)
            lets++;
        else if (c != W_BLANK) {
            bool run = true;
            for (size_t k = 0; k < t->len && run; k++)
                run = sg_word_letter(t->p + k, 1) != 0;
            if (run)
                lets++;
            else if (c == W_WORD)
                numbers++; /* a typo among values, refused with its place */
            else
                return false;
        }
    }
    *letters = lets > numbers;
    return n > 0;
}

/* The numbers of the current line when it is a run a, a+1, a+2, ... of at
 * least two: *FIRST and *N. */
static bool run_of_numbers(reader *r, uint64_t *first, size_t *n)
{
    sheet_line *l = &r->cur;
    size_t k = 0;
    uint64_t prev = 0;
    for (size_t i = 0; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        uint64_t v;
        char a, b;
        if (sg_word_number(t->p, t->len, SG_SHEET_MAX_POSITIONS - 1, &v, &a,
                           &b) != NUM_OK)
            return false;
        if (k && v != prev + 1)
            return false;
        if (!k)
            *first = v;
        prev = v;
        k++;
    }
    *n = k;
    return k >= 2;
}

/* Adds a note for a line that was not read but holds a digit. */
static sg_status add_note(reader *r)
{
    sheet_line *l = &r->cur;
    bool digit = false;
    for (size_t i = 0; i < l->rawlen && !digit; i++)
        digit = l->raw[i] >= '0' && l->raw[i] <= '9';
    if (!digit)
        return SG_OK;
    sg_sheet *s = r->sheet;
    if (s->nnotes >= 100)
        return SG_OK;
    if (s->nnotes == s->notes_cap) {
        size_t cap = s->notes_cap ? s->notes_cap * 2 : 8;
        sg_sheet_note *grown = sg_grow(r->ctx, s->notes, cap, sizeof *grown);
        if (!grown)
            return r->ctx->status;
        s->notes = grown;
        s->notes_cap = cap;
    }
    char shown[128];
    sg_quote(l->raw, l->rawlen, shown, sizeof shown);
    char *text = sg_strdup(r->ctx, shown);
    if (!text)
        return r->ctx->status;
    s->notes[s->nnotes].line = sg_reader_file_line(r, l->no);
    s->notes[s->nnotes++].text = text;
    return SG_OK;
}

/* Whether the current line is "sep=;", as Excel writes before a CSV. */
static bool sep_line(reader *r)
{
    sheet_line *l = &r->cur;
    if (l->len == 5 && strncasecmp(l->text, "sep=", 4) == 0) {
        r->sep = l->text[4];
        return true;
    }
    return false;
}

/* Reads ahead to the next line with words, tells whether TEST holds for
 * it, and comes back: the current line is read again.  Returns 1 or 0, or
 * an error. */
static int look_ahead(reader *r, bool (*test)(reader *r, void *arg),
                      void *arg)
{
    sheet_line saved = r->cur;
    size_t start = saved.start;
    unsigned long no = saved.no;
    int got;
    bool found = false;
    while ((got = sg_reader_next(r)) == 1) {
        if (!sg_reader_blank(r) && !is_markup(r)) {
            found = true;
            break;
        }
    }
    bool result = found && test(r, arg);
    r->pos = start;
    r->lineno = no - 1;
    int again = sg_reader_next(r);
    if (got < 0)
        return got;
    if (again < 0)
        return again;
    return result;
}

static bool next_is_x_row(reader *r, void *arg)
{
    (void)arg;
    size_t words;
    return line_label(r, 0, &words) == LABEL_X;
}

static bool next_is_pair(reader *r, void *arg)
{
    (void)arg;
    return pair_shape(r);
}

/* The next line is the answers under an unlabelled x row of ARG numbers
 * (a size_t[2]: the count, and the first x): as many numbers, no label,
 * and not a continuation of the count. */
static bool next_is_answers(reader *r, void *arg)
{
    const size_t *want = arg;
    uint64_t first;
    size_t n, w;
    bool letters;
    bool run = run_of_numbers(r, &first, &n);
    return line_label(r, 0, &w) == LABEL_NONE && list_shape(r, &letters) &&
           !letters && r->cur.ntoks == want[0] &&
           !(run && (first == 0 || first == want[1] + want[0]));
}

/* Reads the current line, which has no label, by the layout's mode. */
static sg_status read_unlabelled(reader *r, layout *lay)
{
    sheet_line *l = &r->cur;
    bool letters;
    block *b = &lay->blk;
    /* An unlabelled row under an x row is its answers. */
    if (b->rows[0].line && list_shape(r, &letters)) {
        int kind = letters ? 2 : 1;
        if (!b->rows[kind].line)
            return read_row_items(r, kind, 0, &b->rows[kind]);
    }
    if (block_close(r, lay) != SG_OK)
        return r->ctx->status;
    if (r->named && lay->mode == MODE_UNDECIDED)
        lay->mode = MODE_PAIRS;
    const char *in;
    size_t inlen;
    if (lay->mode == MODE_UNDECIDED && pair_shape(r) &&
        (l->assign || ref_inner(l->toks[0].p, l->toks[0].len, &in, &inlen)))
        lay->mode = MODE_PAIRS;
    uint64_t first;
    size_t n;
    if (lay->mode != MODE_PAIRS && !r->named &&
        lay->forced == SG_SHEET_AUTO && lay->list_x == 0 &&
        run_of_numbers(r, &first, &n) && first == lay->run_next &&
        (n >= 3 || first > 0)) {
        /* "0 1 2 3" over "0 1 0 1": an x row without its label.  A table
         * that opens with "0 1" over "1 1" is pairs whose first answer is
         * wrong (sg(0) = 1): no one writes a table of two positions as
         * rows. */
        size_t want[2] = {n, (size_t)first};
        int rows = look_ahead(r, next_is_answers, want);
        if (rows < 0)
            return r->ctx->status;
        if (rows) {
            lay->mode = MODE_LIST;
            b->x_unlabelled = true;
            return read_row_items(r, 0, 0, &b->rows[0]);
        }
    }
    if (lay->mode == MODE_UNDECIDED) {
        lay->mode = MODE_LIST;
        /* Two numbers a line could be a list written two values a line;
         * two such lines in a row are pairs, which the check for two
         * answers of one x then confirms or refuses. */
        if (pair_shape(r)) {
            int pairs = look_ahead(r, next_is_pair, NULL);
            if (pairs < 0)
                return r->ctx->status;
            if (pairs)
                lay->mode = MODE_PAIRS;
        }
    }
    if (lay->mode == MODE_PAIRS) {
        if (r->named && !pair_shape(r) && list_shape(r, &letters) &&
            l->ntoks > 3)
            return sg_reader_fail(r, SG_EINPUT, l->no, l->toks[0].col,
                                  RM_LIST_FOR_NODES, RV_GAME, r->game->spec,
                                  RV_END);
        return read_pair(r, 0);
    }
    if (!list_shape(r, &letters))
        letters = false;
    if (lay->forced == SG_SHEET_PN)
        letters = true;
    else if (lay->forced == SG_SHEET_LIST)
        letters = false;
    return read_list(r, lay, letters);
}

/* Reads every line of the text. */
static sg_status read_lines(reader *r, sg_sheet_form forced)
{
    layout lay;
    memset(&lay, 0, sizeof lay);
    lay.forced = forced;
    if (forced == SG_SHEET_LIST || forced == SG_SHEET_PN)
        lay.mode = MODE_LIST;
    else if (forced == SG_SHEET_PAIRS)
        lay.mode = MODE_PAIRS;
    sg_status st = SG_OK;
    bool first = true;
    int got;
    sg_sheet_form form = SG_SHEET_AUTO;
    while ((got = sg_reader_next(r)) == 1) {
        sheet_line *l = &r->cur;
        if (sg_reader_blank(r) || is_markup(r))
            continue;
        if (first) {
            first = false;
            if (sep_line(r))
                continue;
        }
        header h;
        int isheader = try_header(r, &h);
        if (isheader < 0) {
            st = r->ctx->status;
            goto done;
        }
        if (isheader) {
            if ((st = block_close(r, &lay)) != SG_OK)
                goto done;
            lay.head = h;
            lay.started = true;
            if (form == SG_SHEET_AUTO)
                form = SG_SHEET_CSV;
            continue;
        }
        if (forced == SG_SHEET_CSV && !lay.head.active) {
            st = sg_reader_fail(r, SG_EINPUT, l->no, 1, RM_NO_X_COLUMN,
                                RV_END);
            goto done;
        }
        size_t words;
        int label = line_label(r, 0, &words);
        bool row_label = label == LABEL_X || label == LABEL_SG ||
                         label == LABEL_PN;
        /* "n" names an x row ("n 0 1 2"), but "n n p n" is letters. */
        bool lets;
        if (label == LABEL_X && l->toks[0].len == 1 && list_shape(r, &lets) &&
            lets)
            row_label = false;
        if (lay.head.active &&
            (l->delim == lay.head.delim || (lay.head.delim && l->ncells == 1)) &&
            !row_label &&
            (l->delim || !sg_line_has_mex(l)) && (l->delim || !is_prose(r))) {
            if ((st = read_column_row(r, &lay.head)) != SG_OK)
                goto done;
            continue;
        }
        if (sg_line_has_mex(l)) {
            int s = sg_read_step(r, SG_NO_POSITION, l->text, l->len,
                                 l->len ? l->cols[0] : 1);
            if (s < 0) {
                st = r->ctx->status;
                goto done;
            }
            if (s == 0 && lay.started && (st = add_note(r)) != SG_OK)
                goto done;
            if (s && form == SG_SHEET_AUTO)
                form = SG_SHEET_TRACE;
            lay.started |= s != 0;
            continue;
        }
        /* A label alone ("SG:", "P/N") heads what follows; it holds no
         * answer. */
        if (label != LABEL_NONE && words == l->ntoks)
            continue;
        int (*extras[])(reader *) = {sg_read_position_list, sg_read_sum,
                                     sg_read_person};
        int done_extra = 0;
        for (size_t i = 0; i < 3 && !done_extra; i++) {
            done_extra = extras[i](r);
            if (done_extra < 0) {
                st = r->ctx->status;
                goto done;
            }
        }
        if (done_extra)
            continue;
        if (row_label && l->ntoks > words && !is_prose(r)) {
            if (label == LABEL_X) {
                int k = read_keyed(r);
                if (k < 0) {
                    st = r->ctx->status;
                    goto done;
                }
                if (k) {
                    lay.started = true;
                    if (form == SG_SHEET_AUTO)
                        form = SG_SHEET_PAIRS;
                    continue;
                }
            }
            lay.head.active = false;
            if ((st = block_add(r, &lay, label == LABEL_X ? 0
                                         : label == LABEL_SG ? 1 : 2,
                                words)) != SG_OK)
                goto done;
            lay.started = true;
            if (form == SG_SHEET_AUTO)
                form = label == LABEL_X ? SG_SHEET_ROWS
                       : label == LABEL_SG ? SG_SHEET_LIST : SG_SHEET_PN;
            continue;
        }
        int k = read_keyed(r);
        if (k < 0) {
            st = r->ctx->status;
            goto done;
        }
        if (k) {
            lay.started = true;
            if (form == SG_SHEET_AUTO)
                form = SG_SHEET_PAIRS;
            continue;
        }
        if (is_prose(r)) {
            if (lay.started && (st = add_note(r)) != SG_OK)
                goto done;
            continue;
        }
        lay.head.active = false;
        size_t before = r->sheet->count;
        if ((st = read_unlabelled(r, &lay)) != SG_OK)
            goto done;
        lay.started = true;
        if (form == SG_SHEET_AUTO && (r->sheet->count > before ||
                                      lay.blk.rows[0].line)) {
            bool letters = r->kind == KIND_LETTERS;
            form = lay.blk.rows[0].line ? SG_SHEET_ROWS
                   : lay.mode == MODE_PAIRS ? SG_SHEET_PAIRS
                   : letters ? SG_SHEET_PN : SG_SHEET_LIST;
        }
    }
    if (got < 0) {
        st = r->ctx->status;
        goto done;
    }
    st = block_close(r, &lay);
done:
    block_free(&lay.blk);
    if (form == SG_SHEET_AUTO && r->sheet->plist[0].given)
        form = SG_SHEET_PLIST;
    r->sheet->form = forced != SG_SHEET_AUTO ? forced
                     : form != SG_SHEET_AUTO ? form : SG_SHEET_LIST;
    return st;
}

/* ------------------------------------------------------------------------ */
/* The whole sheet                                                          */
/* ------------------------------------------------------------------------ */

static int compare_entries(const void *a, const void *b)
{
    const sg_sheet_entry *x = a, *y = b;
    if (x->x != y->x)
        return x->x < y->x ? -1 : 1;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->column < y->column ? -1 : (x->column > y->column);
}

static int compare_steps(const void *a, const void *b)
{
    const sg_sheet_step *x = a, *y = b;
    if (x->x != y->x)
        return x->x < y->x ? -1 : 1;
    return x->line < y->line ? -1 : (x->line > y->line);
}

static void answer_text(const reader *r, const sg_sheet_entry *e, char *buf,
                        size_t size)
{
    (void)r;
    if (e->has_value && e->pn)
        snprintf(buf, size, "%llu (%c)", (unsigned long long)e->value, e->pn);
    else if (e->has_value)
        snprintf(buf, size, "%llu", (unsigned long long)e->value);
    else
        snprintf(buf, size, "%c", e->pn);
}

/* Sorts the entries by position and merges an answer written twice (a
 * table and the steps that gave it); two different answers for one
 * position are refused, naming both places. */
static sg_status merge_entries(reader *r)
{
    sg_sheet *s = r->sheet;
    /* Most tables are written in order of x: sort only the others. */
    bool sorted = true;
    for (size_t i = 1; i < s->count && sorted; i++)
        sorted = compare_entries(&s->entries[i - 1], &s->entries[i]) < 0;
    if (!sorted)
        qsort(s->entries, s->count, sizeof *s->entries, compare_entries);
    size_t out = 0;
    for (size_t i = 0; i < s->count; i++) {
        sg_sheet_entry *e = &s->entries[i];
        if (out && s->entries[out - 1].x == e->x) {
            sg_sheet_entry *k = &s->entries[out - 1];
            bool same = k->has_value == e->has_value &&
                        (!k->has_value || k->value == e->value) &&
                        (!k->pn || !e->pn || k->pn == e->pn);
            if (!same) {
                char what[64], a[48], b[48], l[24], tmp[24];
                if (r->named)
                    snprintf(what, sizeof what, "%s",
                             sg_game_position_name(r->game, e->x, tmp,
                                                   sizeof tmp));
                else
                    snprintf(what, sizeof what, "x = %llu",
                             (unsigned long long)e->x);
                answer_text(r, e, a, sizeof a);
                answer_text(r, k, b, sizeof b);
                u64s(k->line, l, sizeof l);
                return sg_say(r->ctx, SG_EINPUT, r->lang, r->origin, e->line,
                              e->column, RM_TWO_ANSWERS, RV_X, what, RV_VALUE,
                              a, RV_OTHER, b, RV_LINE, l, RV_END);
            }
            if (!k->pn)
                k->pn = e->pn;
            continue;
        }
        s->entries[out++] = *e;
    }
    s->count = out;
    if (s->nsteps > 1)
        qsort(s->steps, s->nsteps, sizeof *s->steps, compare_steps);
    return SG_OK;
}

/* Whether the tabs of the text make a grid, as a spreadsheet saves one:
 * every line with a tab has as many, so that two tabs in a row are an
 * empty cell rather than a wider gap. */
static bool tabs_make_grid(const sg_text *t)
{
    size_t want = 0, lines = 0;
    const char *p = t->data, *end = t->data + t->len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        size_t tabs = 0;
        for (const char *q = p; q < e; q++)
            tabs += *q == '\t';
        if (tabs) {
            if (lines && tabs != want)
                return false;
            want = tabs;
            lines++;
        }
        p = nl ? nl + 1 : end;
    }
    return lines >= 2;
}

static const char *const form_names[] = {"auto", "rows", "pairs", "csv",
                                         "list", "pn", "trace", "json",
                                         "plist", NULL};

sg_status sg_sheet_form_parse(sg_ctx *ctx, const char *option,
                              const char *name, sg_sheet_form *form)
{
    /* Traces, JSON and lists of P-positions are recognised, never forced. */
    static const char *const forced[] = {"auto", "rows", "pairs", "csv",
                                         "list", "pn", NULL};
    int i = sg_pick_name(ctx, name, forced, option, "layout");
    if (i < 0)
        return SG_EINPUT;
    *form = (sg_sheet_form)i;
    return SG_OK;
}

const char *sg_sheet_form_name(sg_sheet_form form)
{
    if ((size_t)form < sizeof form_names / sizeof form_names[0] - 1)
        return form_names[form];
    return "?";
}

void sg_sheet_free(sg_sheet *sheet)
{
    if (!sheet)
        return;
    free(sheet->origin);
    free(sheet->entries);
    free(sheet->student);
    free(sheet->student_id);
    free(sheet->steps);
    free(sheet->pool);
    free(sheet->values);
    free(sheet->sums);
    for (size_t i = 0; i < sheet->nnotes; i++)
        free(sheet->notes[i].text);
    free(sheet->notes);
    free(sheet);
}

static void reader_free(reader *r)
{
    sg_line_free(&r->cur);
    sg_text_free(&r->text);
    if (r->folded) {
        for (size_t i = 0; r->folded[i]; i++)
            free(r->folded[i]);
        free(r->folded);
    }
}

/* Whether the text is JSON: it starts with '{' and a quote, or '[' and a
 * value, as JSON writers write them. */
static bool looks_json(const sg_text *t)
{
    const char *p = t->data, *end = t->data + t->len;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
        p++;
    if (p >= end || (*p != '{' && *p != '['))
        return false;
    const char *q = p + 1;
    while (q < end && (*q == ' ' || *q == '\t' || *q == '\n'))
        q++;
    if (q >= end)
        return false;
    if (*p == '{')
        return *q == '"' || *q == '}';
    return *q == '"' || *q == '{' || *q == '[' || *q == ']' || *q == '-' ||
           (*q >= '0' && *q <= '9') || *q == 'n' || *q == 't' || *q == 'f';
}

sg_sheet *sg_sheet_parse(sg_ctx *ctx, const sg_game *game, const char *text,
                         size_t len, const char *origin,
                         const sg_sheet_opts *opts)
{
    sg_sheet_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_sheet_opts, inside), "sg_sheet_opts") != SG_OK)
            return NULL;
        opts = &taken;
    }
    sg_sheet_form form = opts ? opts->form : SG_SHEET_AUTO;
    const char *lang = opts && opts->lang ? opts->lang : "en";
    if (!sg_say_known_language(lang)) {
        char shown[96];
        sg_say(ctx, SG_EINPUT, "en", "--lang", 0, 0, RM_UNKNOWN_LANGUAGE,
               RV_TEXT, sg_quote(lang, strlen(lang), shown, sizeof shown),
               RV_END);
        return NULL;
    }
    if (len > SG_SHEET_MAX_BYTES) {
        char lim[32];
        sg_format_bytes(SG_SHEET_MAX_BYTES, lim, sizeof lim);
        sg_say(ctx, SG_ELIMIT, lang, origin, 0, 0, RM_TOO_LARGE, RV_LIMIT, lim,
               RV_END);
        return NULL;
    }
    reader r;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    r.lang = lang;
    r.game = game;
    r.origin = origin;
    r.named = !sg_game_numbered(game);
    sg_sheet *s = sg_alloc(ctx, 1, sizeof *s);
    if (!s)
        return NULL;
    r.sheet = s;
    s->named_last = SG_NO_POSITION;
    s->origin = sg_strdup(ctx, origin);
    if (!s->origin)
        goto fail;
    if (sg_text_decode(ctx, lang, origin, (const unsigned char *)text, len,
                       &r.text) != SG_OK)
        goto fail;
    s->encoding = r.text.encoding;
    r.latex = strstr(r.text.data, "\\begin{") != NULL ||
              strstr(r.text.data, "\\\\") != NULL;
    r.tab_grid = tabs_make_grid(&r.text);
    sg_status st;
    if (form == SG_SHEET_AUTO && looks_json(&r.text)) {
        st = sg_read_json(&r);
        s->form = SG_SHEET_JSON;
    } else {
        st = read_lines(&r, form);
    }
    if (st != SG_OK)
        goto fail;
    if (s->count == 0 && s->nsteps == 0 && !s->plist[0].given &&
        !s->plist[1].given && s->nsums == 0) {
        sg_say(ctx, SG_EINPUT, lang, origin, 0, 0,
               s->form == SG_SHEET_CSV ? RM_HEADER_ONLY : RM_NO_TABLE, RV_END);
        goto fail;
    }
    if (merge_entries(&r) != SG_OK)
        goto fail;
    s->has_values = r.kind != KIND_LETTERS;
    reader_free(&r);
    return s;
fail:
    reader_free(&r);
    sg_sheet_free(s);
    return NULL;
}

/* Reads the file PATH for a sheet: a regular file, opened without waiting
 * on a FIFO, at most SG_SHEET_MAX_BYTES.  With INSIDE, the file must lie in
 * that folder once every symbolic link is resolved: a class's folder is
 * input like any other, and a student's link to a file elsewhere must not
 * put that file's words into a report. */
char *sg_sheet_file_read(sg_ctx *ctx, const char *lang, const char *path,
                         const char *inside, size_t *len)
{
    if (strcmp(path, "-") == 0)
        return sg_read_file(ctx, path, "homework sheet", SG_SHEET_MAX_BYTES,
                            len);
    int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY;
#ifdef O_CLOEXEC
    flags |= O_CLOEXEC;
#endif
    char *real = NULL;
    if (inside) {
        char *root = realpath(inside, NULL);
        real = realpath(path, NULL);
        size_t rl = root ? strlen(root) : 0;
        /* The folder itself is inside: an empty folder is read as one,
         * and named so. */
        bool in = root && real && strncmp(real, root, rl) == 0 &&
                  (real[rl] == '/' || real[rl] == '\0' ||
                   (rl == 1 && root[0] == '/'));
        free(root);
        if (!in) {
            int err = errno;
            struct stat lb;
            bool link = lstat(path, &lb) == 0 && S_ISLNK(lb.st_mode);
            bool exists = real != NULL;
            free(real);
            if (link && !exists && err == ELOOP) {
                sg_say(ctx, SG_EINPUT, lang, path, 0, 0, RM_LINK_LOOP,
                       RV_END);
                return NULL;
            }
            if (link && !exists && err == ENOENT) {
                /* The target is named as the link gives it, quoted: it is
                 * whatever the link's maker wrote. */
                char target[4096], shown[128];
                ssize_t n = readlink(path, target, sizeof target - 1);
                target[n > 0 ? n : 0] = '\0';
                sg_quote(target, strlen(target), shown, sizeof shown);
                sg_say(ctx, SG_EINPUT, lang, path, 0, 0, RM_LINK_DANGLING,
                       RV_TEXT, shown, RV_END);
                return NULL;
            }
            if (link || exists) {
                sg_say(ctx, SG_EINPUT, lang, path, 0, 0, RM_LINK_OUTSIDE,
                       RV_END);
                return NULL;
            }
            sg_say(ctx, sg_open_status(errno), lang, path, 0, 0, RM_CANNOT_OPEN,
                   RV_REASON,
                   strerror(errno), RV_END);
            return NULL;
        }
        /* Open what the links lead to, and nothing else: no link may be
         * put in place in between. */
#ifdef O_NOFOLLOW
        flags |= O_NOFOLLOW;
#endif
    }
    int fd = open(real ? real : path, flags);
    free(real);
    if (fd < 0) {
        sg_say(ctx, sg_open_status(errno), lang, path, 0, 0, RM_CANNOT_OPEN,
                   RV_REASON,
               strerror(errno), RV_END);
        return NULL;
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        bool dir = S_ISDIR(sb.st_mode);
        close(fd);
        const char *what = S_ISFIFO(sb.st_mode) ? "FIFO"
                           : S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode)
                               ? "device"
                           : S_ISSOCK(sb.st_mode) ? "socket" : "special file";
        if (dir)
            sg_say(ctx, SG_EINPUT, lang, path, 0, 0, RM_DIRECTORY, RV_END);
        else
            sg_say(ctx, SG_EINPUT, lang, path, 0, 0, RM_NOT_REGULAR, RV_WHAT,
                   what, RV_END);
        return NULL;
    }
    if ((uint64_t)sb.st_size > SG_SHEET_MAX_BYTES) {
        close(fd);
        char lim[32];
        sg_format_bytes(SG_SHEET_MAX_BYTES, lim, sizeof lim);
        sg_say(ctx, SG_ELIMIT, lang, path, 0, 0, RM_TOO_LARGE, RV_LIMIT, lim,
               RV_END);
        return NULL;
    }
    sg_buf b;
    sg_buf_init(&b);
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            sg_say(ctx, SG_EIO, lang, path, 0, 0, RM_CANNOT_READ, RV_REASON,
                   strerror(errno), RV_END);
            close(fd);
            sg_buf_free(&b);
            return NULL;
        }
        if (n == 0)
            break;
        if (b.len + (size_t)n > SG_SHEET_MAX_BYTES) {
            char lim[32];
            sg_format_bytes(SG_SHEET_MAX_BYTES, lim, sizeof lim);
            sg_say(ctx, SG_ELIMIT, lang, path, 0, 0, RM_TOO_LARGE, RV_LIMIT,
                   lim, RV_END);
            close(fd);
            sg_buf_free(&b);
            return NULL;
        }
        sg_buf_add(&b, chunk, (size_t)n);
    }
    close(fd);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        return NULL;
    }
    *len = b.len - 1;
    return b.data;
}

sg_sheet *sg_sheet_read(sg_ctx *ctx, const sg_game *game, const char *path,
                        const sg_sheet_opts *opts)
{
    sg_sheet_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_sheet_opts, inside), "sg_sheet_opts") != SG_OK)
            return NULL;
        opts = &taken;
    }
    size_t len;
    const char *lang = opts && opts->lang ? opts->lang : "en";
    char *text = sg_sheet_file_read(ctx, sg_say_known_language(lang) ? lang : "en",
                                 path, opts ? opts->inside : NULL, &len);
    if (!text)
        return NULL;
    sg_sheet *s = sg_sheet_parse(ctx, game, text, len,
                                 strcmp(path, "-") == 0 ? "(standard input)"
                                                        : path,
                                 opts);
    free(text);
    return s;
}

sg_sheet_form sg_sheet_form_of(const sg_sheet *sheet) { return sheet->form; }

const sg_sheet_entry *sg_sheet_entries(const sg_sheet *sheet, size_t *count)
{
    *count = sheet->count;
    return sheet->entries;
}

int sg_sheet_has_values(const sg_sheet *sheet) { return sheet->has_values; }

uint64_t sg_sheet_last_x(const sg_sheet *sheet)
{
    uint64_t last = sheet->named_last;
    if (sheet->count && (last == SG_NO_POSITION ||
                         sheet->entries[sheet->count - 1].x > last))
        last = sheet->entries[sheet->count - 1].x;
    for (size_t i = 0; i < sheet->nsteps; i++)
        if (last == SG_NO_POSITION || sheet->steps[i].x > last)
            last = sheet->steps[i].x;
    /* A list of P-positions sets the range only for a sheet that is such a
     * list alone: beside a table, the table says how far the work goes. */
    for (int k = 0; k < 2 && last == SG_NO_POSITION; k++) {
        const sg_sheet_plist *pl = &sheet->plist[k];
        if (pl->given && pl->n) {
            uint64_t x = sheet->pool[pl->at + pl->n - 1];
            if (last == SG_NO_POSITION || x > last)
                last = x;
        }
    }
    return last;
}

const char *sg_sheet_origin(const sg_sheet *sheet) { return sheet->origin; }

const char *sg_sheet_student(const sg_sheet *sheet) { return sheet->student; }

const char *sg_sheet_student_id(const sg_sheet *sheet)
{
    return sheet->student_id;
}

const char *sg_sheet_encoding(const sg_sheet *sheet)
{
    return sheet->encoding;
}

int sg_sheet_swapped(const sg_sheet *sheet) { return sheet->swapped; }

const sg_sheet_step *sg_sheet_step_of(const sg_sheet *sheet, uint64_t x)
{
    size_t lo = 0, hi = sheet->nsteps;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sheet->steps[mid].x < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < sheet->nsteps && sheet->steps[lo].x == x ? &sheet->steps[lo]
                                                         : NULL;
}
