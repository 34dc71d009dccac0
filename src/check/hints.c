/*
 * hints.c - mistakes of a whole table, which entry-by-entry verdicts cannot
 * name: values written one place off (a list meant for x = 1, 2, ... read
 * from x = 0), the values of another game (the question read as S =
 * {1,2,3}), rows read swapped, and P and N swapped throughout.
 *
 * Without a hint such a table reads as twenty separate errors that all
 * "start here"; with one, the student learns the one thing that went
 * wrong.  A hint is given only when the other reading explains nearly every
 * entry and the table as written does not.
 */
#include "check/check.h"
#include "games/game.h"

#include <stdlib.h>
#include <string.h>

/* Positions compared when looking for another game: enough to tell games
 * apart, few enough that trying dozens of games costs nothing. */
#define HINT_MAX_POSITIONS 2000

/* The least entries for a hint about the whole table. */
#define HINT_MIN_ENTRIES 5

static sg_status add_hint(sg_ctx *ctx, sg_check *c, int kind, uint64_t agree,
                          uint64_t of, const char *game)
{
    hint *grown = sg_grow(ctx, c->hints, c->nhints + 1, sizeof *grown);
    if (!grown)
        return ctx->status;
    c->hints = grown;
    hint *h = &c->hints[c->nhints];
    memset(h, 0, sizeof *h);
    h->kind = kind;
    h->agree = agree;
    h->of = of;
    if (game && !(h->game = sg_strdup(ctx, game)))
        return ctx->status;
    c->nhints++;
    return SG_OK;
}

/* Whether the student's entry at X agrees with the value V. */
static bool agrees(const sg_check *c, uint64_t x, sg_value v)
{
    const rec *r = &c->recs[x];
    if (c->values)
        return r->value == v;
    return r->pn == sg_letter_for(v);
}

/* Whether AGREE of OF is "nearly all". */
static bool nearly_all(uint64_t agree, uint64_t of)
{
    return of >= HINT_MIN_ENTRIES && agree * 10 >= of * 9;
}

/* The subtraction games and named games a table may belong to instead:
 * every set of amounts from 1..6, then the infinite families. */
static void candidate(int i, char *spec, size_t size)
{
    /* Every set of amounts from 1..6 as a bit mask (bit a-1 for amount
     * a), the smaller sets first and then in the order of their amounts,
     * so that the simplest game that fits is the one named. */
    static const unsigned char masks[63] = {
        1, 2, 4, 8, 16, 32, 3, 5, 9, 17, 33, 6, 10, 18, 34, 12, 20, 36, 24,
        40, 48, 7, 11, 19, 35, 13, 21, 37, 25, 41, 49, 14, 22, 38, 26, 42,
        50, 28, 44, 52, 56, 15, 23, 39, 27, 43, 51, 29, 45, 53, 57, 30, 46,
        54, 58, 60, 31, 47, 55, 59, 61, 62, 63};
    if (i < 63) {
        size_t o = 0;
        spec[0] = '\0';
        for (int a = 0; a < 6; a++)
            if (masks[i] & (1 << a))
                o += (size_t)snprintf(spec + o, size - o, "%s%d",
                                      o ? "," : "", a + 1);
        return;
    }
    static const char *const named[] = {"pow2", "fib", "all", "kayles",
                                        "dawson", "dawson-chess", "lasker",
                                        "grundy"};
    snprintf(spec, size, "%s", named[i - 63]);
}

/* The first candidates are subtraction sets (sg_game_from_spec), the last
 * five take-and-break games by name (sg_game_from_code). */
#define NCANDIDATES (63 + 3 + 5)
#define FIRST_CODE (63 + 3)

sg_status sg_check_hints(sg_ctx *ctx, sg_check *c, bool swapped)
{
    if (swapped && add_hint(ctx, c, HINT_SWAPPED, 0, 0, NULL) != SG_OK)
        return ctx->status;
    if (c->count == 0 || c->named || c->from_list)
        return SG_OK;
    /* How many entries the table as written gets right (values, or
     * letters): another reading must explain more than that. */
    uint64_t given = 0, right = 0;
    for (uint64_t x = 0; x < c->count; x++) {
        if (!(c->recs[x].flags & F_GIVEN))
            continue;
        given++;
        right += agrees(c, x, c->recs[x].right);
    }
    if (given < HINT_MIN_ENTRIES)
        return SG_OK;

    /* P and N swapped: letters that are nearly all the wrong one. */
    uint64_t letters = 0, opposite = 0;
    for (uint64_t x = 0; x < c->count; x++) {
        const rec *r = &c->recs[x];
        if (!(r->flags & F_GIVEN) || !r->pn)
            continue;
        letters++;
        opposite += r->pn != sg_letter_for(r->right);
    }
    if (nearly_all(opposite, letters))
        return add_hint(ctx, c, HINT_PN_SWAPPED, opposite, letters, NULL);
    if (nearly_all(right, given))
        return SG_OK;

    /* Shifted by one: the truth one place on, or one place back. */
    sg_values *truth = NULL;
    if (sg_compute(ctx, c->game, c->count, NULL, &truth) != SG_OK) {
        sg_ctx_clear(ctx);
        return SG_OK;
    }
    uint64_t late = 0, early = 0, early_of = 0;
    for (uint64_t x = 0; x < c->count; x++) {
        if (!(c->recs[x].flags & F_GIVEN))
            continue;
        late += agrees(c, x, sg_values_get(truth, x + 1));
        if (x > 0) {
            early_of++;
            early += agrees(c, x, sg_values_get(truth, x - 1));
        }
    }
    sg_values_free(truth);
    if (nearly_all(late, given) && late > right)
        return add_hint(ctx, c, HINT_SHIFT_LATE, late, given, NULL);
    if (nearly_all(early, early_of) && early > right)
        return add_hint(ctx, c, HINT_SHIFT_EARLY, early, early_of, NULL);

    /* Another game's values. */
    uint64_t last = c->count - 1;
    if (last >= HINT_MAX_POSITIONS)
        last = HINT_MAX_POSITIONS - 1;
    uint64_t compared = 0;
    for (uint64_t x = 0; x <= last; x++)
        compared += (c->recs[x].flags & F_GIVEN) != 0;
    if (compared < HINT_MIN_ENTRIES + 1)
        return SG_OK;
    for (int i = 0; i < NCANDIDATES; i++) {
        char spec[32];
        candidate(i, spec, sizeof spec);
        sg_game *g = i < FIRST_CODE ? sg_game_from_spec(ctx, spec, "hint")
                                    : sg_game_from_code(ctx, spec, "hint");
        if (!g) {
            sg_ctx_clear(ctx);
            continue;
        }
        if (strcmp(sg_game_describe(g), sg_game_describe(c->game)) == 0) {
            sg_game_free(g);
            continue;
        }
        sg_values *v = NULL;
        if (sg_compute(ctx, g, last, NULL, &v) != SG_OK) {
            sg_ctx_clear(ctx);
            sg_game_free(g);
            continue;
        }
        uint64_t agree = 0;
        for (uint64_t x = 0; x <= last; x++)
            if ((c->recs[x].flags & F_GIVEN) &&
                agrees(c, x, sg_values_get(v, x)))
                agree++;
        sg_values_free(v);
        if (agree == compared) {
            /* A set of amounts as the student would write it. */
            char name[64];
            if (i < 63)
                snprintf(name, sizeof name, "S = {%s}", spec);
            else
                snprintf(name, sizeof name, "%s", sg_game_describe(g));
            sg_status st = add_hint(ctx, c, HINT_GAME, agree, compared, name);
            sg_game_free(g);
            return st;
        }
        sg_game_free(g);
    }
    return SG_OK;
}

void sg_check_hint_text(const sg_check *c, const hint *h,
                        const sg_template *tpl, sg_buf *b)
{
    (void)c;
    static const int sections[] = {CS_HINT_SHIFT_LATE, CS_HINT_SHIFT_EARLY,
                                   CS_HINT_GAME, CS_HINT_SWAPPED,
                                   CS_HINT_PN_SWAPPED};
    char agree[24], of[24];
    snprintf(agree, sizeof agree, "%llu", (unsigned long long)h->agree);
    snprintf(of, sizeof of, "%llu", (unsigned long long)h->of);
    const char *vars[CV_NVARS] = {0};
    vars[CV_COUNT] = agree;
    vars[CV_TOTAL] = of;
    vars[CV_GAME] = h->game;
    sg_tpl_say(b, tpl, sections[h->kind], vars);
}
