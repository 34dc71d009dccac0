/*
 * cram.c - Cram, a game on a grid, defined in C through libsgviz with the
 * board as a bitmask.
 *
 * Players take turns to lay a domino on two empty squares side by side,
 * across or down; whoever cannot lay one loses.  A position is the set of
 * covered squares, bit r * W + c for row r and column c, named by its rows
 * ("##.|..." for a 2 x 3 board with two squares covered).  Symmetry decides
 * two kinds of boards: on an even x even board the second player answers
 * every domino with its image through the centre and wins; on an even x odd
 * board the first player lays the central domino and then does the same.
 * The program checks every board of up to 20 squares against a brute force
 * of its own (a win/lose search over bitmasks, written here without the
 * library), and the even boards against symmetry, then prints the board's
 * value and the first dominoes that win on the 5 x 3 board.
 */
#include <sgviz.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct board {
    int w, h;
} board;

static void options(void *user, const int64_t *p, sg_options *out)
{
    const board *b = user;
    int64_t m = p[0];
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            int64_t here = INT64_C(1) << (r * b->w + c);
            if (m & here)
                continue;
            if (c + 1 < b->w && !(m & (here << 1)))
                sg_options_add(out, (int64_t[]){m | here | (here << 1)});
            if (r + 1 < b->h && !(m & (here << b->w)))
                sg_options_add(out, (int64_t[]){m | here | (here << b->w)});
        }
}

static void name_of(void *user, const int64_t *p, char *buf, size_t size)
{
    const board *b = user;
    size_t at = 0;
    for (int r = 0; r < b->h && at + b->w + 2 < size; r++) {
        if (r)
            buf[at++] = '|';
        for (int c = 0; c < b->w; c++)
            buf[at++] = p[0] >> (r * b->w + c) & 1 ? '#' : '.';
    }
    buf[at] = '\0';
}

static int parse(void *user, const char *name, size_t len, int64_t *p)
{
    const board *b = user;
    if (len != (size_t)(b->h * (b->w + 1) - 1))
        return 0;
    int64_t m = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            char ch = name[r * (b->w + 1) + c];
            if (ch == '#')
                m |= INT64_C(1) << (r * b->w + c);
            else if (ch != '.')
                return 0;
        }
    *p = m;
    return 1;
}

/* The brute force: whether the player to move on M wins, remembered in
 * MEMO (0 unknown, 1 loses, 2 wins). */
static int wins(const board *b, unsigned m, unsigned char *memo)
{
    if (memo[m])
        return memo[m] == 2;
    int w = 0;
    for (int i = 0; i < b->w * b->h && !w; i++) {
        if (m >> i & 1)
            continue;
        if (i % b->w + 1 < b->w && !(m >> (i + 1) & 1))
            w = !wins(b, m | 1u << i | 1u << (i + 1), memo);
        if (!w && i + b->w < b->w * b->h && !(m >> (i + b->w) & 1))
            w = !wins(b, m | 1u << i | 1u << (i + b->w), memo);
    }
    memo[m] = (unsigned char)(w ? 2 : 1);
    return w;
}

int main(void)
{
    sg_ctx *ctx = sg_ctx_new();
    int bad = 0;
    printf("Cram: board, positions reached, sg of the empty board, and who "
           "wins\n");
    for (int h = 2; h <= 4; h++)
        for (int w = h; w * h <= 20; w++) {
            board b = {w, h};
            char name[32];
            snprintf(name, sizeof name, "Cram %dx%d", w, h);
            sg_game_def def = {.name = name, .arity = 1, .options = options,
                               .name_of = name_of, .parse = parse,
                               .user = &b};
            int64_t empty[] = {0};
            sg_game *game = sg_game_define(ctx, &def, empty, 1);
            sg_lookup *l = game ? sg_lookup_new(ctx, game, UINT64_MAX) : NULL;
            if (!l) {
                fprintf(stderr, "cram: %s\n", sg_ctx_message(ctx));
                return 1;
            }
            uint64_t count = sg_game_position_count(game);
            unsigned char *memo = calloc((size_t)1 << (w * h), 1);
            if (!memo)
                return 1;
            for (uint64_t x = 0; x < count; x++) {
                unsigned m = (unsigned)sg_game_defined_position(game, x)[0];
                if ((sg_lookup_get(l, x) != 0) != wins(&b, m, memo)) {
                    printf("MISMATCH on %s at %s\n", name,
                           sg_game_position_name(game, x, name, sizeof name));
                    bad = 1;
                }
            }
            free(memo);
            /* The empty board is the start, explored first, numbered
             * last. */
            sg_value v = sg_lookup_get(l, count - 1);
            const char *by = w % 2 == 0 && h % 2 == 0 ? "second, by symmetry"
                             : (w % 2 == 0) != (h % 2 == 0)
                                 ? "first, by symmetry"
                                 : v ? "first" : "second";
            if ((w % 2 == 0 || h % 2 == 0) &&
                (v == 0) != (w % 2 == 0 && h % 2 == 0)) {
                printf("SYMMETRY FAILS on %dx%d\n", w, h);
                bad = 1;
            }
            printf("  %2dx%d  %7llu  sg %llu  %s\n", w, h,
                   (unsigned long long)count, (unsigned long long)v, by);
            if (w == 5 && h == 3) {
                /* The first dominoes that win on 5 x 3, which symmetry
                 * does not decide, as the winning moves of a sum of one
                 * part. */
                uint64_t start = count - 1;
                sg_sum *s = sg_sum_new(ctx, game, l, &start, 1);
                if (!s)
                    return 1;
                printf("          winning first dominoes:\n");
                for (size_t i = 0; i < sg_sum_move_count(s); i++) {
                    char to[64];
                    printf("          %s\n", sg_game_position_name(
                                      game, sg_sum_move_at(s, i)->to, to,
                                      sizeof to));
                }
                sg_sum_free(s);
            }
            sg_lookup_free(l);
            sg_game_free(game);
        }
    printf("every position as the brute force decides it: %s\n",
           bad ? "NO" : "yes");
    sg_ctx_free(ctx);
    return bad;
}
