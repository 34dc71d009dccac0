/*
 * cutting.c - the Cutting Game defined in C through libsgviz: a move cuts
 * one sheet of paper, along a line of its grid, into two sheets, which are
 * then played side by side as a sum.
 *
 * A W x H sheet is the position (W, H).  Whoever first cuts out a 1 x 1
 * piece wins, so no one cuts off a strip of width 1 (the other player would
 * cut the 1 x 1 piece from it at once): the moves are cuts into sheets at
 * least 2 wide and 2 high, and a sheet that allows none (2 x 2, 2 x 3, 3 x 2)
 * loses for the player to move.  Each option is a sum of two positions; the
 * program checks every value against a brute force of its own (a table
 * filled by the mex of the XORs, written here without the library), then
 * prints the values of the smaller sheets, traces the sheets of a 5 x 4
 * sheet and answers the problem's sample.
 */
#include <sgviz.h>

#include <stdio.h>
#include <stdlib.h>

#define N 60

static void options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    int64_t w = p[0], h = p[1];
    for (int64_t i = 2; w - i >= 2; i++)
        sg_options_add_sum(out, (int64_t[]){i, h, w - i, h}, 2);
    for (int64_t j = 2; h - j >= 2; j++)
        sg_options_add_sum(out, (int64_t[]){w, j, w, h - j}, 2);
}

/* The brute force: sg[w][h] by the definition, in increasing w and h. */
static unsigned brute[N + 1][N + 1];

static void brute_force(void)
{
    static unsigned char seen[4 * N];
    for (int w = 2; w <= N; w++)
        for (int h = 2; h <= N; h++) {
            for (int v = 0; v < 4 * N; v++)
                seen[v] = 0;
            for (int i = 2; w - i >= 2; i++)
                seen[brute[i][h] ^ brute[w - i][h]] = 1;
            for (int j = 2; h - j >= 2; j++)
                seen[brute[w][j] ^ brute[w][h - j]] = 1;
            unsigned v = 0;
            while (seen[v])
                v++;
            brute[w][h] = v;
        }
}

int main(void)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game_def def = {.name = "the Cutting Game", .arity = 2,
                       .options = options};
    int64_t start[] = {N, N};
    sg_game *game = sg_game_define(ctx, &def, start, 1);
    sg_lookup *lookup = game ? sg_lookup_new(ctx, game, UINT64_MAX) : NULL;
    if (!lookup) {
        fprintf(stderr, "cutting: %s\n", sg_ctx_message(ctx));
        return 1;
    }
    brute_force();
    uint64_t count = sg_game_position_count(game);
    int bad = 0;
    for (uint64_t x = 0; x < count; x++) {
        const int64_t *t = sg_game_defined_position(game, x);
        if (sg_lookup_get(lookup, x) != brute[t[0]][t[1]]) {
            printf("MISMATCH at %lldx%lld\n", (long long)t[0],
                   (long long)t[1]);
            bad = 1;
        }
    }
    printf("%s, sheets up to %dx%d: %llu positions, every value as the "
           "brute force has it: %s\n", sg_game_describe(game), N, N,
           (unsigned long long)count, bad ? "NO" : "yes");

    /* The values of the smaller sheets. */
    printf("\nsg(w,h), w down, h across:\n     h:");
    for (int h = 2; h <= 12; h++)
        printf("%3d", h);
    printf("\n");
    for (int w = 2; w <= 12; w++) {
        printf("w=%2d:  ", w);
        for (int h = 2; h <= 12; h++) {
            char name[32];
            uint64_t x;
            snprintf(name, sizeof name, "%d,%d", w, h);
            if (sg_game_find_position(ctx, game, name, "cutting", &x))
                return 1;
            printf("%3llu", (unsigned long long)sg_lookup_get(lookup, x));
        }
        printf("\n");
    }

    /* The sheets of a 5 x 4 sheet, traced: each cut leaves a sum of two
     * sheets, whose value is the XOR of theirs. */
    sg_game *small = sg_game_define(ctx, &def, (int64_t[]){5, 4}, 1);
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    if (!small || !tpl ||
        sg_trace_write(ctx, tpl, small, 0, UINT64_MAX, stdout) != SG_OK) {
        fprintf(stderr, "cutting: %s\n", sg_ctx_message(ctx));
        return 1;
    }
    sg_template_free(tpl);
    sg_game_free(small);

    /* The problem's sample (POJ 2311): 2 2, 3 2, 4 2 -> LOSE LOSE WIN. */
    const char *sample[] = {"2,2", "3,2", "4,2"};
    printf("\n");
    for (int i = 0; i < 3; i++) {
        uint64_t x;
        if (sg_game_find_position(ctx, game, sample[i], "cutting", &x))
            return 1;
        printf("%s: %s\n", sample[i], sg_lookup_get(lookup, x) ? "WIN"
                                                                 : "LOSE");
    }
    sg_lookup_free(lookup);
    sg_game_free(game);
    sg_ctx_free(ctx);
    return bad;
}
