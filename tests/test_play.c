/*
 * test_play.c - games against sgviz (sgviz/play.h), played as a weak
 * player would: random legal moves typed either way, moves that are no
 * moves, hints, taking back.  Every move of the computer is checked
 * against brute forces written here that know nothing of Sprague-Grundy
 * values: a win/lose search over whole sums of heaps, normal and misère,
 * and the longest game the loser can force, both from the rules of the
 * game alone (subtraction sets, Nim, Kayles).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgviz.h"

/* A small deterministic generator, so that failures can be replayed. */
static uint64_t rng_state = 88172645463325252u;
static uint64_t rnd(uint64_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % n;
}

/* ---- The brute force ---------------------------------------------------- */

/* A position: heap sizes below 16, at most MAXP of them, zeros left out,
 * sorted, packed 4 bits a heap into a key. */
#define MAXP 12
typedef struct heaps {
    unsigned h[MAXP];
    size_t n;
} heaps;

/* The game of the brute force: a subtraction set (amounts[0..namounts)),
 * or Kayles (take 1 or 2 adjacent pins from a row, which may leave two
 * rows). */
typedef struct rules {
    const char *spec;   /* for sgviz: -s SPEC, or -t kayles */
    int kayles;
    unsigned amounts[8];
    size_t namounts;
    int misere;
} rules;

static int cmp_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

static uint64_t key_of(heaps q)
{
    size_t k = 0;
    for (size_t i = 0; i < q.n; i++)
        if (q.h[i])
            q.h[k++] = q.h[i];
    qsort(q.h, k, sizeof q.h[0], cmp_unsigned);
    uint64_t key = 0;
    for (size_t i = 0; i < k; i++)
        key = key * 16 + q.h[i];
    return key;
}

/* Every position one move from Q, into OUT (at most 256). */
static size_t brute_moves(const rules *r, heaps q, heaps *out)
{
    size_t m = 0;
    for (size_t i = 0; i < q.n; i++) {
        unsigned h = q.h[i];
        heaps rest = q;
        rest.h[i] = rest.h[--rest.n];
        if (!r->kayles) {
            for (size_t a = 0; a < r->namounts; a++) {
                if (r->amounts[a] > h)
                    continue;
                heaps t = rest;
                t.h[t.n++] = h - r->amounts[a];
                out[m++] = t;
            }
            continue;
        }
        for (unsigned k = 1; k <= 2 && k <= h; k++)
            for (unsigned a = 0; a + k <= h; a++) {
                /* Empty rows are left out, so that a row split at
                 * its end does not grow the list past MAXP. */
                heaps t = rest;
                if (a)
                    t.h[t.n++] = a;
                if (h - k - a)
                    t.h[t.n++] = h - k - a;
                out[m++] = t;
            }
    }
    return m;
}

/* Memo of outcomes and lengths by key. */
#define MEMO (1u << 20)
static struct {
    uint64_t key;
    int set;
    int win;
    int length;
} memo[MEMO];

static void memo_clear(void) { memset(memo, 0, sizeof memo); }

static size_t slot_of(uint64_t key)
{
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 44) &
               (MEMO - 1);
    while (memo[i].set && memo[i].key != key)
        i = (i + 1) & (MEMO - 1);
    return i;
}

/* Whether the player to move from Q wins: with no move, loses in normal
 * play and wins in misère play; otherwise wins when some move leaves a
 * position the other player loses. */
static int brute_win(const rules *r, heaps q)
{
    uint64_t key = key_of(q);
    size_t s = slot_of(key);
    if (memo[s].set)
        return memo[s].win;
    heaps out[256];
    size_t m = brute_moves(r, q, out);
    int win = m == 0 ? r->misere : 0;
    for (size_t i = 0; i < m && !win; i++)
        win = !brute_win(r, out[i]);
    /* the recursion may have moved things: find the slot again */
    s = slot_of(key);
    memo[s].set = 1;
    memo[s].key = key;
    memo[s].win = win;
    memo[s].length = -1;
    return win;
}

/* The moves left with the winner hurrying and the loser holding out. */
static int brute_length(const rules *r, heaps q)
{
    int win = brute_win(r, q);
    size_t s = slot_of(key_of(q));
    if (memo[s].length >= 0)
        return memo[s].length;
    heaps out[256];
    size_t m = brute_moves(r, q, out);
    int best = -1;
    for (size_t i = 0; i < m; i++) {
        if (win && brute_win(r, out[i]))
            continue;
        int l = brute_length(r, out[i]);
        if (best < 0 || (win ? l < best : l > best))
            best = l;
    }
    s = slot_of(key_of(q));
    memo[s].length = best + 1;
    return best + 1;
}

/* sg of one heap by the definition, for the values sgviz reports. */
static unsigned brute_sg(const rules *r, unsigned h)
{
    unsigned seen[64] = {0};
    heaps one = {{h}, 1};
    heaps out[256];
    size_t m = brute_moves(r, one, out);
    for (size_t i = 0; i < m; i++) {
        unsigned v = 0;
        for (size_t j = 0; j < out[i].n; j++)
            v ^= brute_sg(r, out[i].h[j]);
        seen[v] = 1;
    }
    unsigned v = 0;
    while (seen[v])
        v++;
    return v;
}

/* Reads "3+4+5" ("0" and heaps of 0 count for nothing). */
static heaps parse(const char *s)
{
    heaps q = {{0}, 0};
    while (*s) {
        unsigned v = (unsigned)strtoul(s, (char **)&s, 10);
        if (v)
            q.h[q.n++] = v;
        if (*s == '+')
            s++;
    }
    return q;
}

static int is_move(const rules *r, heaps from, heaps to)
{
    heaps out[256];
    size_t m = brute_moves(r, from, out);
    for (size_t i = 0; i < m; i++)
        if (key_of(out[i]) == key_of(to))
            return 1;
    return 0;
}

static void format(heaps q, char *buf, size_t size, int shuffle)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < q.n; i++) {
        size_t j = shuffle ? (size_t)rnd(q.n - i) + i : i;
        unsigned t = q.h[i];
        q.h[i] = q.h[j];
        q.h[j] = t;
        used += (size_t)snprintf(buf + used, size - used, "%s%u",
                                 i ? "+" : "", q.h[i]);
    }
    if (q.n == 0)
        snprintf(buf, size, "0");
}

/* ---- Playing ------------------------------------------------------------ */

typedef struct tally {
    unsigned games, computer_moves, winning, long_moves, illegal, hints,
        undos, ends;
} tally;

static sg_game *game_of(sg_ctx *ctx, const rules *r)
{
    sg_game *g = r->kayles ? sg_game_from_code(ctx, "kayles", "-t")
                           : sg_game_from_spec(ctx, r->spec, "-s");
    if (!g)
        fail_msg("%s: %s", r->spec, sg_ctx_message(ctx));
    return g;
}

/* Checks every event of the last call. */
static void check_events(const rules *r, sg_play *play, tally *t,
                         int expect_illegal)
{
    int saw_illegal = 0;
    for (size_t i = 0; i < sg_play_event_count(play); i++) {
        const sg_play_event *e = sg_play_event_at(play, i);
        assert_non_null(e->text);
        if (e->kind == SG_PLAY_ILLEGAL)
            saw_illegal = 1, t->illegal++;
        if (e->kind == SG_PLAY_HINT)
            t->hints++;
        if (e->kind == SG_PLAY_UNDO)
            t->undos++;
        if (e->kind == SG_PLAY_END) {
            t->ends++;
            /* Normal play: who cannot move loses; misère: wins. */
            heaps now = parse(e->to);
            heaps out[256];
            assert_int_equal(brute_moves(r, now, out), 0);
        }
        if (e->kind != SG_PLAY_MOVE)
            continue;
        heaps from = parse(e->from), to = parse(e->to);
        if (!is_move(r, from, to))
            fail_msg("%s: %s -> %s is no move", r->spec, e->from, e->to);
        unsigned v = 0;
        for (size_t j = 0; j < to.n; j++)
            v ^= brute_sg(r, to.h[j]);
        assert_int_equal(e->value, v);
        assert_int_equal(e->p_position, !brute_win(r, to));
        if (e->player != SG_PLAY_COMPUTER)
            continue;
        t->computer_moves++;
        if (brute_win(r, from)) {
            /* From a winning position the computer leaves a losing one. */
            t->winning++;
            if (brute_win(r, to))
                fail_msg("%s%s: from %s the computer played %s, which the "
                         "other player wins", r->spec,
                         r->misere ? " misère" : "", e->from, e->to);
        } else {
            /* From a losing one, the longest game the winner allows. */
            t->long_moves++;
            heaps out[256];
            size_t m = brute_moves(r, from, out);
            int most = -1;
            for (size_t j = 0; j < m; j++)
                if (brute_length(r, out[j]) > most)
                    most = brute_length(r, out[j]);
            if (brute_length(r, to) != most)
                fail_msg("%s: from %s the computer played %s (length %d), "
                         "not a longest game (%d)", r->spec, e->from, e->to,
                         brute_length(r, to), most);
        }
    }
    assert_int_equal(saw_illegal, expect_illegal);
}

static void play_one(sg_ctx *ctx, const rules *r, tally *t)
{
    sg_game *g = game_of(ctx, r);
    uint64_t parts[4];
    size_t n = 1 + (size_t)rnd(3);
    for (size_t i = 0; i < n; i++)
        parts[i] = rnd(r->kayles ? 6 : 8);
    sg_play_opts o = {0};
    o.misere = r->misere;
    o.computer_first = (int)rnd(2);
    o.lang = rnd(4) ? "en" : "zh";
    sg_play *play = sg_play_new(ctx, g, parts, n, &o);
    if (!play)
        fail_msg("sg_play_new: %s", sg_ctx_message(ctx));
    assert_int_equal(sg_play_start(ctx, play), SG_OK);
    check_events(r, play, t, 0);
    static const char *const garbage[] = {
        "x", "3+", "+", "99+99", ":", "1:0", "7:x", "\x01\xff", "3:", "-1",
        "1+1+1+1+1+1+1+1+1+1+1+1+1+1", "  ", "0:1", "18446744073709551616"};
    for (int turn = 0; turn < 80 && !sg_play_over(play); turn++) {
        assert_int_equal(sg_play_to_move(play), SG_PLAY_YOU);
        heaps now = parse(sg_play_position(play));
        heaps out[256];
        size_t m = brute_moves(r, now, out);
        assert_true(m > 0);
        uint64_t roll = rnd(20);
        char line[128];
        int illegal = 0;
        if (roll == 0) {
            snprintf(line, sizeof line, "?");
        } else if (roll == 1) {
            snprintf(line, sizeof line, "u");
        } else if (roll <= 3) {
            snprintf(line, sizeof line, "%s",
                     garbage[rnd(sizeof garbage / sizeof *garbage)]);
            illegal = 1;
        } else if (roll == 4) {
            /* a heap grown: never one move */
            heaps grown = now;
            grown.h[rnd(grown.n)] += 1 + (unsigned)rnd(3);
            format(grown, line, sizeof line, 0);
            illegal = 1;
        } else if (roll <= 6 && !r->kayles) {
            /* heap:amount, of an amount the set has */
            size_t i = (size_t)rnd(now.n);
            unsigned a = r->amounts[rnd(r->namounts)];
            snprintf(line, sizeof line, "%u:%u", now.h[i], a);
            illegal = a > now.h[i];
        } else {
            format(out[rnd(m)], line, sizeof line, (int)rnd(2));
        }
        assert_int_equal(sg_play_input(ctx, play, line, strlen(line)), SG_OK);
        check_events(r, play, t, illegal);
    }
    /* Taking back after the end gives the turn back. */
    if (sg_play_over(play) && sg_play_moves_made(play) > 1) {
        assert_int_equal(sg_play_input(ctx, play, "u", 1), SG_OK);
        if (sg_play_event_at(play, 0)->to)
            assert_false(sg_play_over(play));
    }
    char *record = sg_play_record(ctx, play, "sgviz trace");
    assert_non_null(record);
    free(record);
    t->games++;
    sg_play_free(play);
    sg_game_free(g);
}

static void play_many(const rules *r, unsigned games)
{
    sg_ctx *ctx = sg_ctx_new();
    memo_clear();
    tally t = {0};
    for (unsigned i = 0; i < games; i++)
        play_one(ctx, r, &t);
    /* Every kind of turn happened. */
    assert_true(t.computer_moves > 0);
    assert_true(t.winning > 0);
    assert_true(t.illegal > 0);
    assert_true(t.hints > 0);
    assert_true(t.ends > 0);
    sg_ctx_free(ctx);
}

static void t_nim(void **state)
{
    (void)state;
    rules r = {"all", 0, {1, 2, 3, 4, 5, 6, 7}, 7, 0};
    play_many(&r, 120);
}

static void t_subtraction(void **state)
{
    (void)state;
    rules r = {"1,3,4", 0, {1, 3, 4}, 3, 0};
    play_many(&r, 120);
}

static void t_kayles(void **state)
{
    (void)state;
    rules r = {"kayles", 1, {0}, 0, 0};
    play_many(&r, 100);
}

static void t_misere_nim(void **state)
{
    (void)state;
    rules r = {"all", 0, {1, 2, 3, 4, 5, 6, 7}, 7, 1};
    play_many(&r, 120);
}

static void t_misere_kayles(void **state)
{
    (void)state;
    rules r = {"kayles", 1, {0}, 0, 1};
    play_many(&r, 80);
}

/* The words of the example, and the one line for a move that is
 * none. */
static void t_words(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "all", "-s");
    uint64_t parts[3] = {3, 4, 5};
    sg_play_opts o = {.computer_first = 1};
    sg_play *play = sg_play_new(ctx, g, parts, 3, &o);
    assert_non_null(play);
    assert_int_equal(sg_play_start(ctx, play), SG_OK);
    const sg_play_event *e = NULL;
    for (size_t i = 0; i < sg_play_event_count(play); i++)
        if (sg_play_event_at(play, i)->kind == SG_PLAY_MOVE)
            e = sg_play_event_at(play, i);
    assert_non_null(e);
    assert_string_equal(e->to, "1+4+5");
    assert_string_equal(e->text, "3+4+5 has nim-sum 3 xor 4 xor 5 = 2; "
                        "taking 2 from the 3 leaves 1+4+5, nim-sum 0: every "
                        "move you make now gives me a winning reply.");
    assert_int_equal(sg_play_input(ctx, play, "3+4+9", 5), SG_OK);
    e = sg_play_event_at(play, 0);
    assert_int_equal(e->kind, SG_PLAY_ILLEGAL);
    assert_string_equal(e->text, "3+4+9 is not one move from 1+4+5: a move "
                        "changes one heap and makes it smaller.");
    /* Hints in four steps, then the last again. */
    const char *starts[] = {"Hint 1 of 4", "Hint 2 of 4", "Hint 3 of 4",
                            "Hint 4 of 4", "That was the last hint"};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(sg_play_input(ctx, play, "?", 1), SG_OK);
        e = sg_play_event_at(play, 0);
        assert_int_equal(e->kind, SG_PLAY_HINT);
        assert_memory_equal(e->text, starts[k], strlen(starts[k]));
    }
    /* 4:4 leaves 1+0+5; the computer answers 1+0+1. */
    assert_int_equal(sg_play_input(ctx, play, "4:4", 3), SG_OK);
    assert_int_equal(sg_play_event_count(play), 2);
    assert_string_equal(sg_play_event_at(play, 0)->to, "1+0+5");
    assert_memory_equal(sg_play_event_at(play, 0)->text, "1+4+5 has",
                        9);
    assert_string_equal(sg_play_event_at(play, 1)->to, "1+0+1");
    assert_int_equal(sg_play_input(ctx, play, "u", 1), SG_OK);
    assert_string_equal(sg_play_position(play), "1+4+5");
    sg_play_free(play);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

/* The first player named, and a misère sum without a rule within the
 * search's bound. */
static void t_refusals(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    int first;
    assert_int_equal(sg_play_first_parse(ctx, "me", "--first", &first),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "--first \"me\""));
    assert_int_equal(sg_play_first_parse(ctx, "computer", "--first", &first),
                     SG_OK);
    assert_int_equal(first, 1);
    sg_game *g = sg_game_from_code(ctx, "kayles", "-t");
    uint64_t parts[4] = {40, 41, 42, 43};
    sg_play_opts o = {.misere = 1, .search_limit = 100};
    assert_null(sg_play_new(ctx, g, parts, 4, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    o.lang = "fr";
    o.misere = 0;
    assert_null(sg_play_new(ctx, g, parts, 4, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    sg_game_free(g);
    sg_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_words),         cmocka_unit_test(t_refusals),
        cmocka_unit_test(t_nim),           cmocka_unit_test(t_subtraction),
        cmocka_unit_test(t_kayles),        cmocka_unit_test(t_misere_nim),
        cmocka_unit_test(t_misere_kayles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
