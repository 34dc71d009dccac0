/*
 * steps_read.c - reads what students write besides a table: mex steps line
 * by line, a list of P-positions, the answer to "who wins this sum, and
 * with which move", and the line with their name.
 *
 * A mex step comes in many hands: "sg(4) = mex{sg(3), sg(1), sg(0)} =
 * mex{1, 1, 0} = 2", sgviz's own "sg(4): 4-{1,3,4} -> {3,1,0};
 * mex{sg(3),sg(1),sg(0)} = mex{1,1,0} = 2  (N)", the notes' Chinese "x=4
 * 时，...，所以 SG[4] = mex{SG[3],SG[1],SG[0]} = mex{1,1,0} = 2;", a LaTeX
 * align* line, or just "4: mex{1,1,0} = 2".  What is read is the position,
 * the targets (the positions inside the first mex{...}), the values (the
 * numbers inside one), and the result after the last '='; each is checked
 * on its own, so that a report can say which part of a step went wrong.
 */
#include "check/reader.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------------ */
/* Small helpers                                                            */
/* ------------------------------------------------------------------------ */

static bool is_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '&'; }

/* The file's column of P, a pointer into the current line's text or its
 * cells' text; COL0 for anything else. */
static unsigned long col_of(const reader *r, const char *p,
                            unsigned long col0)
{
    const sheet_line *l = &r->cur;
    if (l->text && p >= l->text && p < l->text + l->len)
        return l->cols[p - l->text];
    if (l->ctext && p >= l->ctext && p < l->ctext + l->clen)
        return l->ccols[p - l->ctext];
    return col0;
}

/* Where "mex" followed by a bracket (or the empty set) starts in S, or
 * NULL. */
static const char *find_mex(const char *s, size_t len)
{
    for (size_t i = 0; i + 3 < len; i++) {
        if ((s[i] != 'm' && s[i] != 'M') || strncasecmp(s + i, "mex", 3) != 0 ||
            (i && is_alnum(s[i - 1])))
            continue;
        size_t j = i + 3;
        while (j < len && s[j] == ' ')
            j++;
        if (j < len && (s[j] == '{' || s[j] == '(' || s[j] == '['))
            return s + i;
        if (j + 2 < len && memcmp(s + j, "\xE2\x88\x85", 3) == 0)
            return s + i; /* mex∅ */
    }
    return NULL;
}

bool sg_line_has_mex(const sheet_line *l)
{
    return find_mex(l->text, l->len) != NULL;
}

/* The bracket closing the one at S[*i]; *i ends just past it.  Returns the
 * content's length, with *START its start. */
static bool bracket(const char *s, size_t len, size_t *i, size_t *start,
                    size_t *n)
{
    char open = s[*i];
    char close = open == '{' ? '}' : open == '(' ? ')' : ']';
    int depth = 0;
    size_t j = *i;
    for (; j < len; j++) {
        if (s[j] == open)
            depth++;
        else if (s[j] == close && --depth == 0)
            break;
    }
    if (j >= len)
        return false;
    *start = *i + 1;
    *n = j - *i - 1;
    *i = j + 1;
    return true;
}

/* The first "sg(...)", "SG[...]" or "g(...)" in S[0..len): its content. */
static bool first_ref(const char *s, size_t len, const char **in, size_t *n)
{
    for (size_t i = 0; i < len; i++) {
        size_t k = 0;
        if (i + 3 < len && strncasecmp(s + i, "sg", 2) == 0)
            k = 2;
        else if (i + 2 < len && (s[i] == 'g' || s[i] == 'G'))
            k = 1;
        if (!k || (i && is_alnum(s[i - 1])))
            continue;
        size_t j = i + k;
        if (s[j] != '(' && s[j] != '[')
            continue;
        size_t start, cn;
        if (!bracket(s, len, &j, &start, &cn))
            return false;
        *in = s + start;
        *n = cn;
        while (*n && (**in == ' ')) {
            (*in)++;
            (*n)--;
        }
        while (*n && (*in)[*n - 1] == ' ')
            (*n)--;
        return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Mex steps                                                                */
/* ------------------------------------------------------------------------ */

/* Reads the items of a mex group "sg(3), sg(1)=1, 0" into the step:
 * positions as targets, numbers as values.  Returns false when an item is
 * neither (the line is then not a step). */
static bool read_group(reader *r, const char *s, size_t n, sg_sheet_step *st,
                       bool *split)
{
    sg_sheet *sh = r->sheet;
    size_t i = 0;
    size_t nt = 0, nv = 0;
    size_t tat = sh->npool, vat = sh->nvalues;
    while (i < n) {
        while (i < n && (s[i] == ',' || s[i] == ' ' || s[i] == ';'))
            i++;
        if (i >= n)
            break;
        size_t b = i;
        int depth = 0;
        while (i < n && !(depth == 0 && (s[i] == ',' || s[i] == ';'))) {
            if (s[i] == '(' || s[i] == '[' || s[i] == '{')
                depth++;
            else if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth)
                depth--;
            i++;
        }
        size_t e = i;
        while (e > b && s[e - 1] == ' ')
            e--;
        const char *item = s + b;
        size_t len = e - b;
        /* "sg(3)=1": a target and its value. */
        const char *eq = memchr(item, '=', len);
        const char *ref = item;
        size_t rlen = eq ? (size_t)(eq - item) : len;
        while (rlen && ref[rlen - 1] == ' ')
            rlen--;
        const char *in;
        size_t inlen;
        if (first_ref(ref, rlen, &in, &inlen)) {
            if (memchr(ref, '^', rlen) || memchr(ref, '+', rlen)) {
                *split = true; /* the nim-sum of a split: not one target */
            } else {
                uint64_t x;
                if (!sg_reader_is_position(r, in, inlen, &x))
                    return false;
                if (sg_sheet_pool_add(r->ctx, sh, x) != SG_OK)
                    return false;
                nt++;
            }
            if (!eq)
                continue;
            item = eq + 1;
            len = (size_t)(s + e - item);
            while (len && *item == ' ') {
                item++;
                len--;
            }
        }
        uint64_t v;
        char a, d;
        if (sg_word_number(item, len, SG_AMOUNT_MAX, &v, &a, &d) != NUM_OK)
            return false;
        if (sg_sheet_value_add(r->ctx, sh, v) != SG_OK)
            return false;
        nv++;
    }
    if (nt && !st->has_targets) {
        st->has_targets = true;
        st->targets_at = tat;
        st->ntargets = nt;
    }
    if (nv && !st->has_values) {
        st->has_values = true;
        st->values_at = vat;
        st->nvalues = nv;
    }
    if (n == 0 || (nt == 0 && nv == 0)) {
        /* mex{}: a terminal position, no targets and no values. */
        if (!st->has_targets) {
            st->has_targets = true;
            st->targets_at = tat;
            st->ntargets = 0;
        }
        if (!st->has_values) {
            st->has_values = true;
            st->values_at = vat;
            st->nvalues = 0;
        }
    }
    return true;
}

static sg_status push_step(reader *r, const sg_sheet_step *st)
{
    sg_sheet *s = r->sheet;
    if (s->nsteps >= SG_SHEET_MAX_POSITIONS)
        return sg_ctx_fail(r->ctx, SG_ELIMIT, "%s: too many mex steps",
                           s->origin);
    if (s->nsteps == s->steps_cap) {
        size_t cap = s->steps_cap ? s->steps_cap * 2 : 32;
        sg_sheet_step *grown = sg_grow(r->ctx, s->steps, cap, sizeof *grown);
        if (!grown)
            return r->ctx->status;
        s->steps = grown;
        s->steps_cap = cap;
    }
    s->steps[s->nsteps++] = *st;
    return SG_OK;
}

int sg_read_step(reader *r, uint64_t x_known, const char *p, size_t len,
                 unsigned long col0)
{
    const char *mex = find_mex(p, len);
    if (!mex)
        return 0;
    sg_sheet *sh = r->sheet;
    size_t pool0 = sh->npool, values0 = sh->nvalues;
    uint64_t x = x_known;
    unsigned long xcol = col0;
    if (x == SG_NO_POSITION) {
        const char *in;
        size_t n;
        size_t before = (size_t)(mex - p);
        if (first_ref(p, before, &in, &n)) {
            if (!sg_reader_is_position(r, in, n, &x))
                return 0;
            xcol = col_of(r, in, col0);
        } else {
            /* "4: mex{...}", "x=4 时, ... mex{...}" */
            size_t i = 0;
            while (i < before && p[i] == ' ')
                i++;
            if (i + 1 < before && (p[i] == 'x' || p[i] == 'X') &&
                (p[i + 1] == '=' || p[i + 1] == ' ')) {
                i++;
                while (i < before && (p[i] == ' ' || p[i] == '='))
                    i++;
            }
            size_t b = i;
            while (i < before && !is_space(p[i]) && p[i] != ':' &&
                   p[i] != ',')
                i++;
            if (i == b || !sg_reader_is_position(r, p + b, i - b, &x))
                return 0;
            xcol = col_of(r, p + b, col0);
        }
    }
    sg_sheet_step st;
    memset(&st, 0, sizeof st);
    st.x = x;
    st.line = sg_reader_file_line(r, r->cur.no);
    bool split = false;
    /* The chain after the first "mex": groups, then the result. */
    size_t i = (size_t)(mex - p);
    bool have_result = false, any_group = false;
    uint64_t result = 0;
    for (;;) {
        while (i < len && (is_space(p[i]) || p[i] == '='))
            i++;
        if (i + 3 <= len && strncasecmp(p + i, "mex", 3) == 0) {
            i += 3;
            while (i < len && p[i] == ' ')
                i++;
            size_t start, n;
            if (i + 2 < len && memcmp(p + i, "\xE2\x88\x85", 3) == 0) {
                i += 3;
                start = i;
                n = 0;
            } else if (i >= len || !(p[i] == '{' || p[i] == '(' ||
                                     p[i] == '[') ||
                       !bracket(p, len, &i, &start, &n)) {
                break;
            }
            if (!read_group(r, p + start, n, &st, &split)) {
                if (r->ctx->status < 0)
                    return r->ctx->status;
                sh->npool = pool0;
                sh->nvalues = values0;
                return 0;
            }
            any_group = true;
            continue;
        }
        if (i < len && is_digit(p[i]) && any_group) {
            size_t b = i;
            while (i < len && is_digit(p[i]))
                i++;
            uint64_t v;
            if (sg_parse_u64(p + b, i - b, SG_AMOUNT_MAX, &v) == 0) {
                result = v;
                have_result = true;
            }
            break;
        }
        break;
    }
    if (!any_group) {
        sh->npool = pool0;
        sh->nvalues = values0;
        return 0;
    }
    if (split)
        st.has_targets = false;
    /* A letter after the result: "= 2  (N)", "P 局面". */
    char pn = 0;
    while (i < len) {
        while (i < len && (is_space(p[i]) || p[i] == ',' || p[i] == ';'))
            i++;
        size_t b = i;
        while (i < len && !is_space(p[i]) && p[i] != ',' && p[i] != ';')
            i++;
        if (i > b && !pn)
            pn = sg_word_letter(p + b, i - b);
        if (i == b)
            i++;
    }
    if (push_step(r, &st) != SG_OK)
        return r->ctx->status;
    if (have_result &&
        sg_reader_add(r, x, true, result, pn, r->cur.no, xcol) != SG_OK)
        return r->ctx->status;
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Lists of P-positions                                                     */
/* ------------------------------------------------------------------------ */

/* Reads the positions of S[0..n) ("0, 2, 7", "0 2 7 and 9", "none") into
 * the pool.  Returns the count, or -1 when a word is no position. */
static long read_positions(reader *r, const char *s, size_t n)
{
    long count = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == ',' || s[i] == ';' ||
                         s[i] == '{' || s[i] == '}' || s[i] == '.' ||
                         s[i] == '\t'))
            i++;
        if (i >= n)
            break;
        size_t b = i;
        while (i < n && s[i] != ' ' && s[i] != ',' && s[i] != ';' &&
               s[i] != '}' && s[i] != '\t')
            i++;
        const char *w = s + b;
        size_t wl = i - b;
        while (wl && w[wl - 1] == '.')
            wl--;
        uint64_t x;
        if (wl == 0)
            continue;
        if (sg_reader_is_position(r, w, wl, &x)) {
            if (sg_sheet_pool_add(r->ctx, r->sheet, x) != SG_OK)
                return -2;
            count++;
            continue;
        }
        char f[32];
        size_t fl = sg_word_fold(w, wl, f, sizeof f);
        if (fl < sizeof f && (strcmp(f, "and") == 0 || strcmp(f, "和") == 0 ||
                              strcmp(f, "none") == 0 || strcmp(f, "无") == 0 ||
                              strcmp(f, "没有") == 0))
            continue;
        return count ? count : -1;
    }
    return count;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int sg_read_position_list(reader *r)
{
    sheet_line *l = &r->cur;
    const char *s = l->text;
    size_t n = l->len;
    /* The words before ':' (or "are", or the first digit), without
     * parentheses: "P-positions (sg = 0, the player to move loses)". */
    size_t cut = n, rest = n;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '(')
            depth++;
        else if (s[i] == ')' && depth)
            depth--;
        else if (depth == 0 && s[i] == ':') {
            cut = i;
            rest = i + 1;
            break;
        } else if (depth == 0 && s[i] == '=' ) {
            size_t j = i + 1;
            while (j < n && s[j] == ' ')
                j++;
            if (j < n && s[j] == '{') {
                cut = i;
                rest = j;
            }
            break;
        } else if (depth == 0 && is_digit(s[i])) {
            cut = rest = i;
            break;
        }
    }
    if (cut == n || cut == 0)
        return 0;
    char words[128];
    size_t wl = 0;
    depth = 0;
    for (size_t i = 0; i < cut && wl + 1 < sizeof words; i++) {
        if (s[i] == '(')
            depth++;
        else if (s[i] == ')' && depth)
            depth--;
        else if (!depth)
            words[wl++] = s[i];
    }
    while (wl && words[wl - 1] == ' ')
        wl--;
    /* "P-positions are", "P局面有" */
    static const char *const tails[] = {" are", " is", "有", "为", "是", NULL};
    for (int t = 0; tails[t]; t++) {
        size_t k = strlen(tails[t]);
        if (wl > k && strncasecmp(words + wl - k, tails[t], k) == 0) {
            wl -= k;
            break;
        }
    }
    char which = sg_word_position_list(words, wl);
    if (!which)
        return 0;
    size_t at = r->sheet->npool;
    long count = read_positions(r, s + rest, n - rest);
    if (count == -2)
        return r->ctx->status;
    if (count < 0) {
        r->sheet->npool = at;
        return 0;
    }
    sg_sheet_plist *pl = &r->sheet->plist[which == 'P' ? 0 : 1];
    if (pl->given) {
        /* A list wrapped over several lines: one list. */
        if (pl->at + pl->n != at) {
            for (long k = 0; k < count; k++)
                if (sg_sheet_pool_add(r->ctx, r->sheet,
                                      r->sheet->pool[at + (size_t)k]) != SG_OK)
                    return r->ctx->status;
            memmove(r->sheet->pool + pl->at + pl->n, r->sheet->pool + at,
                    (size_t)count * sizeof *r->sheet->pool);
        }
        pl->n += (size_t)count;
    } else {
        pl->given = true;
        pl->line = sg_reader_file_line(r, l->no);
        pl->at = at;
        pl->n = (size_t)count;
    }
    /* An empty list may have no pool yet: there is nothing to sort. */
    if (pl->n == 0)
        return 1;
    uint64_t *v = r->sheet->pool + pl->at;
    qsort(v, pl->n, sizeof *v, compare_u64);
    size_t out = 0;
    for (size_t i = 0; i < pl->n; i++)
        if (!out || v[out - 1] != v[i])
            v[out++] = v[i];
    pl->n = out;
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Sums: who wins, and how                                                  */
/* ------------------------------------------------------------------------ */

/* Reads "a + b + c" at S[*i] (numbers, or node names of a DAG game) into
 * the pool.  Returns the number of parts (0 when none). */
static size_t read_plus(reader *r, const char *s, size_t n, size_t *i,
                        bool need_two)
{
    size_t at = r->sheet->npool, parts = 0, j = *i;
    for (;;) {
        while (j < n && s[j] == ' ')
            j++;
        size_t b = j;
        while (j < n && (r->named ? is_alnum(s[j]) : is_digit(s[j])))
            j++;
        uint64_t x;
        if (j == b || !sg_reader_is_position(r, s + b, j - b, &x))
            break;
        if (sg_sheet_pool_add(r->ctx, r->sheet, x) != SG_OK)
            break;
        parts++;
        size_t k = j;
        while (k < n && s[k] == ' ')
            k++;
        if (k >= n || s[k] != '+')
            break;
        j = k + 1;
    }
    if (parts == 0 || (need_two && parts < 2)) {
        r->sheet->npool = at;
        return 0;
    }
    *i = j;
    return parts;
}

static bool word_at(const char *s, size_t n, size_t i, const char *w)
{
    size_t k = strlen(w);
    return i + k <= n && strncasecmp(s + i, w, k) == 0 &&
           (i == 0 || !is_alnum(s[i - 1]) || !is_alnum(w[0])) &&
           (i + k == n || !is_alnum(s[i + k]) || !is_alnum(w[k - 1]));
}

/* The first number (or node name) at or after S[*i]. */
static bool next_position(reader *r, const char *s, size_t n, size_t *i,
                          uint64_t *x)
{
    size_t j = *i;
    while (j < n) {
        if (r->named ? is_alnum(s[j]) : is_digit(s[j])) {
            size_t b = j;
            while (j < n && (r->named ? is_alnum(s[j]) : is_digit(s[j])))
                j++;
            if (sg_reader_is_position(r, s + b, j - b, x)) {
                *i = j;
                return true;
            }
            continue;
        }
        j++;
    }
    return false;
}

/* The move of an answer: "7 -> 4", "7 to 4", "take 3 from 7", "从 7 中取
 * 3", "7 变成 4".  Returns true with the heap and what it becomes. */
static bool read_move(reader *r, sg_sheet_sum *sum, const char *s, size_t n)
{
    sg_sheet *sh = r->sheet;
    static const char *const becomes[] = {"->", " to ", " into ", "变成",
                                          "变为", "改成", "改为", "变到",
                                          NULL};
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; becomes[k]; k++) {
            size_t kl = strlen(becomes[k]);
            if (i + kl > n || strncasecmp(s + i, becomes[k], kl) != 0)
                continue;
            /* The heap just before, the positions just after. */
            size_t e = i;
            while (e > 0 && s[e - 1] == ' ')
                e--;
            size_t b = e;
            while (b > 0 && (r->named ? is_alnum(s[b - 1]) : is_digit(s[b - 1])))
                b--;
            uint64_t from;
            if (b == e || !sg_reader_is_position(r, s + b, e - b, &from))
                continue;
            size_t j = i + kl;
            size_t at = sh->npool;
            size_t m = read_plus(r, s, n, &j, false);
            if (m == 0)
                continue;
            sum->has_move = true;
            sum->move_from = from;
            sum->move_to_at = at;
            sum->nmove_to = m;
            return true;
        }
    }
    if (r->named)
        return false;
    /* "take 3 from 7", "remove 3 from the heap of 7" */
    for (size_t i = 0; i < n; i++) {
        if (!word_at(s, n, i, "from"))
            continue;
        size_t e = i;
        uint64_t k = 0;
        bool have_k = false;
        /* The amount: the last number before "from". */
        for (size_t b = e; b > 0; b--) {
            if (is_digit(s[b - 1])) {
                size_t t = b;
                while (b > 0 && is_digit(s[b - 1]))
                    b--;
                have_k = sg_parse_u64(s + b, t - b, SG_POSITION_MAX, &k) == 0;
                break;
            }
        }
        size_t j = i + 4;
        uint64_t from;
        if (!have_k || !next_position(r, s, n, &j, &from) || k > from)
            continue;
        if (sg_sheet_pool_add(r->ctx, sh, from - k) != SG_OK)
            return false;
        sum->has_move = true;
        sum->move_from = from;
        sum->move_to_at = sh->npool - 1;
        sum->nmove_to = 1;
        return true;
    }
    /* "从 7 中取 3", "从7取走3" */
    for (size_t i = 0; i + 3 <= n; i++) {
        if (memcmp(s + i, "从", 3) != 0)
            continue;
        size_t j = i + 3;
        uint64_t from, k;
        if (!next_position(r, s, n, &j, &from))
            return false;
        const char *take = NULL;
        for (size_t t = j; t + 3 <= n; t++)
            if (memcmp(s + t, "取", 3) == 0 || memcmp(s + t, "拿", 3) == 0) {
                take = s + t;
                break;
            }
        if (!take)
            return false;
        j = (size_t)(take - s) + 3;
        if (!next_position(r, s, n, &j, &k) || k > from)
            return false;
        if (sg_sheet_pool_add(r->ctx, sh, from - k) != SG_OK)
            return false;
        sum->has_move = true;
        sum->move_from = from;
        sum->move_to_at = sh->npool - 1;
        sum->nmove_to = 1;
        return true;
    }
    return false;
}

/* Who wins, as the words of the line say: 1, 2 or 0. */
static int read_winner(reader *r, size_t skip_from, size_t skip_to)
{
    sheet_line *l = &r->cur;
    for (size_t i = 0; i < l->ntoks; i++) {
        const tok *t = &l->toks[i];
        size_t off = t->p >= l->ctext && t->p < l->ctext + l->clen
                         ? (size_t)(t->p - l->ctext) : SIZE_MAX;
        (void)off;
        (void)skip_from;
        (void)skip_to;
        int w = 0;
        if (i + 1 < l->ntoks) {
            char joined[96];
            const tok *u = &l->toks[i + 1];
            if (t->len + u->len + 1 < sizeof joined) {
                memcpy(joined, t->p, t->len);
                joined[t->len] = ' ';
                memcpy(joined + t->len + 1, u->p, u->len);
                w = sg_word_winner(joined, t->len + 1 + u->len);
                if (w) {
                    i++;
                    t = u;
                }
            }
        }
        if (!w)
            w = sg_word_winner(t->p, t->len);
        if (!w)
            continue;
        /* "the first player loses" */
        if (i + 1 < l->ntoks) {
            const tok *u = &l->toks[i + 1];
            char f[32];
            size_t fl = sg_word_fold(u->p, u->len, f, sizeof f);
            if (fl < sizeof f && (strcmp(f, "loses") == 0 ||
                                  strcmp(f, "lose") == 0 ||
                                  strcmp(f, "输") == 0 ||
                                  strcmp(f, "败") == 0))
                w = 3 - w;
        }
        return w;
    }
    return 0;
}

static sg_status push_sum(reader *r, const sg_sheet_sum *sum)
{
    sg_sheet *s = r->sheet;
    if (s->nsums >= 1000)
        return SG_OK;
    if (s->nsums == s->sums_cap) {
        size_t cap = s->sums_cap ? s->sums_cap * 2 : 4;
        sg_sheet_sum *grown = sg_grow(r->ctx, s->sums, cap, sizeof *grown);
        if (!grown)
            return r->ctx->status;
        s->sums = grown;
        s->sums_cap = cap;
    }
    s->sums[s->nsums++] = *sum;
    return SG_OK;
}

int sg_read_sum(reader *r)
{
    sheet_line *l = &r->cur;
    const char *s = l->text;
    size_t n = l->len;
    if (!memchr(s, '+', n))
        return 0;
    size_t at = r->sheet->npool, i = 0, parts = 0;
    for (i = 0; i < n; i++) {
        if (i && is_alnum(s[i - 1]))
            continue;
        size_t j = i;
        parts = read_plus(r, s, n, &j, true);
        if (parts) {
            i = j;
            break;
        }
    }
    if (!parts)
        return 0;
    sg_sheet_sum sum;
    memset(&sum, 0, sizeof sum);
    sum.line = sg_reader_file_line(r, l->no);
    sum.parts_at = at;
    sum.nparts = parts;
    sum.winner = read_winner(r, at, i);
    read_move(r, &sum, s + i, n - i);
    if (r->ctx->status < 0)
        return r->ctx->status;
    if (!sum.winner && !sum.has_move) {
        r->sheet->npool = at;
        return 0;
    }
    if (push_sum(r, &sum) != SG_OK)
        return r->ctx->status;
    return 1;
}

/* ------------------------------------------------------------------------ */
/* The student's name                                                       */
/* ------------------------------------------------------------------------ */

/* Keeps VALUE[0..n) as the sheet's name (WHICH 1) or id (2), the first one
 * written. */
static sg_status keep_person(reader *r, int which, const char *value,
                             size_t n)
{
    while (n && (*value == ' ' || *value == '\t')) {
        value++;
        n--;
    }
    while (n && (value[n - 1] == ' ' || value[n - 1] == ',' ||
                 value[n - 1] == ';'))
        n--;
    char **slot = which == 1 ? &r->sheet->student : &r->sheet->student_id;
    if (*slot || n == 0)
        return SG_OK;
    char clean[160];
    sg_clean_text(value, n < 120 ? n : 120, clean, sizeof clean);
    *slot = sg_strdup(r->ctx, clean);
    return *slot ? SG_OK : r->ctx->status;
}

int sg_read_person(reader *r)
{
    sheet_line *l = &r->cur;
    const char *s = l->text;
    size_t n = l->len;
    /* "Name: Anna Schmidt, ID: 12345", "姓名:张三 学号:2021001": each key
     * ends at ':' or '='; its value runs to the next key or a ',' or ';'. */
    bool any = false;
    size_t i = 0;
    while (i < n) {
        size_t colon = i;
        while (colon < n && s[colon] != ':' && s[colon] != '=')
            colon++;
        if (colon >= n)
            break;
        size_t kb = i;
        while (kb < colon && (s[kb] == ' ' || s[kb] == ',' || s[kb] == ';'))
            kb++;
        size_t ke = colon;
        while (ke > kb && s[ke - 1] == ' ')
            ke--;
        int which = sg_word_person(s + kb, ke - kb);
        if (!which)
            return any;
        /* The value ends where the next key starts. */
        size_t vb = colon + 1, ve = vb;
        while (ve < n && s[ve] != ',' && s[ve] != ';') {
            if (s[ve] == ' ') {
                size_t nb = ve;
                while (nb < n && s[nb] == ' ')
                    nb++;
                size_t nk = nb;
                while (nk < n && s[nk] != ':' && s[nk] != '=' && s[nk] != ' ')
                    nk++;
                size_t k2 = nk;
                if (nk < n && s[nk] == ' ') {
                    /* a key of two words: "Student ID:" */
                    size_t m = nk + 1;
                    while (m < n && s[m] != ':' && s[m] != '=' && s[m] != ' ')
                        m++;
                    if (m < n && (s[m] == ':' || s[m] == '=') &&
                        sg_word_person(s + nb, m - nb))
                        break;
                }
                if (k2 < n && (s[k2] == ':' || s[k2] == '=') &&
                    sg_word_person(s + nb, k2 - nb))
                    break;
            }
            ve++;
        }
        if (keep_person(r, which, s + vb, ve - vb) != SG_OK)
            return r->ctx->status;
        any = true;
        i = ve;
    }
    return any;
}
