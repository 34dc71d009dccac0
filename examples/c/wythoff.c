/*
 * wythoff.c - Wythoff's game defined in C through libsgviz.
 *
 * Two heaps (a, b); a move takes any number of tokens from one heap, or
 * the same number from both.  The positions are pairs, which sgviz
 * explores from (N, N) and numbers itself.  The P-positions are known in
 * closed form: (floor(k * phi), floor(k * phi^2)) and its mirror, phi the
 * golden ratio, and this program checks every position up to N against
 * it, then prints the table of the smallest positions, the P-positions and
 * one sum solved.  Exit status 0 when every check holds.
 */
#include <sgviz.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 60

static void options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    for (int64_t k = 1; k <= p[0]; k++)
        sg_options_add(out, (int64_t[]){p[0] - k, p[1]});
    for (int64_t k = 1; k <= p[1]; k++)
        sg_options_add(out, (int64_t[]){p[0], p[1] - k});
    for (int64_t k = 1; k <= p[0] && k <= p[1]; k++)
        sg_options_add(out, (int64_t[]){p[0] - k, p[1] - k});
}

/* Whether (a, b) is a P-position by the golden-ratio formula. */
static int formula_p(int64_t a, int64_t b)
{
    const double phi = (1 + sqrt(5.0)) / 2;
    if (a > b) {
        int64_t t = a;
        a = b;
        b = t;
    }
    int64_t k = b - a;
    return a == (int64_t)floor((double)k * phi) &&
           b == (int64_t)floor((double)k * phi * phi);
}

int main(void)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game_def def = {.name = "Wythoff's game", .arity = 2,
                       .options = options};
    int64_t start[] = {N, N};
    sg_game *game = sg_game_define(ctx, &def, start, 1);
    sg_lookup *lookup = game ? sg_lookup_new(ctx, game, UINT64_MAX) : NULL;
    if (!lookup) {
        fprintf(stderr, "wythoff: %s\n", sg_ctx_message(ctx));
        return 1;
    }
    uint64_t count = sg_game_position_count(game);
    printf("%s, heaps up to %d: %llu positions\n", sg_game_describe(game), N,
           (unsigned long long)count);

    /* Every position against the formula. */
    int bad = 0, p_count = 0;
    for (uint64_t x = 0; x < count; x++) {
        const int64_t *t = sg_game_defined_position(game, x);
        int p = sg_lookup_get(lookup, x) == 0;
        p_count += p;
        if (p != formula_p(t[0], t[1])) {
            printf("MISMATCH at (%lld,%lld)\n", (long long)t[0],
                   (long long)t[1]);
            bad = 1;
        }
    }
    printf("P-positions: %d, each as the golden-ratio formula says: %s\n",
           p_count, bad ? "NO" : "yes");

    /* The values of a < 8, b < 8, as a grid. */
    printf("\nsg(a,b), a down, b across:\n    b:");
    for (int b = 0; b < 8; b++)
        printf("%3d", b);
    printf("\n");
    for (int a = 0; a < 8; a++) {
        printf("a=%d:  ", a);
        for (int b = 0; b < 8; b++) {
            char name[32];
            uint64_t x;
            snprintf(name, sizeof name, "%d,%d", a, b);
            if (sg_game_find_position(ctx, game, name, "wythoff", &x) != SG_OK)
                return 1;
            printf("%3llu", (unsigned long long)sg_lookup_get(lookup, x));
        }
        printf("\n");
    }

    /* Two games of Wythoff side by side: a sum, solved. */
    uint64_t parts[2];
    if (sg_game_find_position(ctx, game, "3,5", "wythoff", &parts[0]) ||
        sg_game_find_position(ctx, game, "4,4", "wythoff", &parts[1]))
        return 1;
    sg_sum *sum = sg_sum_new(ctx, game, lookup, parts, 2);
    if (!sum)
        return 1;
    printf("\n(3,5) + (4,4): nim-sum %llu; winning moves:\n",
           (unsigned long long)sg_sum_nimsum(sum));
    for (size_t i = 0; i < sg_sum_move_count(sum); i++) {
        const sg_sum_move *m = sg_sum_move_at(sum, i);
        char a[32], b[32];
        printf("  game %zu: (%s) -> (%s)\n", m->part + 1,
               sg_game_position_name(game, m->from, a, sizeof a),
               sg_game_position_name(game, m->to, b, sizeof b));
    }
    sg_sum_free(sum);
    sg_lookup_free(lookup);
    sg_game_free(game);
    sg_ctx_free(ctx);
    return bad;
}
