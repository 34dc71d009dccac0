/*
 * fuzz_words.c - a libFuzzer target for the small readers of words that
 * had no harness: the values of `period --values FILE` (sg_sequence_parse),
 * the order file of `period --order FILE` (sg_game_read_order), and the
 * positions and sums of the command line and of judges' lines
 * (sg_position_parse, sg_sum_parse_parts) for a subtraction set, a
 * take-and-break code, coins and a DOT game.  The first byte chooses the
 * reader; the rest is its text.  Whatever the text, a reader gives what it
 * promises or one message that names its origin:
 *
 *   - values: the pattern sg_sequence_find() reports holds for every value
 *     (checked here by brute force);
 *   - an order: positions of the game, each once;
 *   - positions and sums: parts that are positions of the game.
 *
 * Seeds: tests/fuzz/corpus/words.
 */
#define _POSIX_C_SOURCE 200809L /* the library's own headers need it */
#include "fuzz_file.h"
#include "sgviz.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;
static sg_game *games[4];

static void refused(const char *origin)
{
    const char *m = sg_ctx_message(ctx);
    if (strncmp(m, origin, strlen(origin)) != 0 || strchr(m, '\n'))
        abort();
}

static void setup(void)
{
    ctx = sg_ctx_new();
    games[0] = sg_game_from_spec(ctx, "1,3,4", "-s");
    games[1] = sg_game_from_code(ctx, "0.77", "-t");
    games[2] = sg_game_from_coins(ctx, "ruler", "-c");
    static const char dot[] = "digraph { a -> b -> c; a -> c; d -> a; "
                              "\"e f\" -> d }\n";
    const char *path = fuzz_file("words-game", (const uint8_t *)dot,
                                 sizeof dot - 1);
    games[3] = path ? sg_game_read_dot(ctx, path) : NULL;
    for (int i = 0; i < 4; i++)
        if (!games[i])
            abort();
}

static void values(const char *text, size_t len)
{
    sg_value *v = NULL;
    size_t n = 0;
    sg_ctx_clear(ctx);
    if (sg_sequence_parse(ctx, text, len, "values.txt", &v, &n) != SG_OK) {
        refused("values.txt");
        return;
    }
    sg_sequence_info info;
    if (sg_sequence_find(ctx, v, n, &info) != SG_OK)
        abort();
    if (info.count != n)
        abort();
    if (info.found) {
        if (info.period == 0 || info.preperiod + 2 * info.period > n)
            abort();
        for (uint64_t x = info.preperiod; x + info.period < n; x++)
            if ((int64_t)v[x + info.period] != (int64_t)v[x] + info.saltus)
                abort();
    }
    FILE *out = fopen("/dev/null", "w");
    if (out) {
        if (sg_sequence_write(ctx, v, n, &info, NULL, NULL, SG_PERIOD_JSON, 0,
                              out) != SG_OK)
            abort();
        fclose(out);
    }
    free(v);
}

static void order(const uint8_t *text, size_t len)
{
    const char *path = fuzz_file("words-order", text, len);
    if (!path)
        return;
    sg_ctx_clear(ctx);
    size_t n = 0;
    uint64_t *o = sg_game_read_order(ctx, games[3], path, &n);
    if (!o) {
        refused(path);
        return;
    }
    uint64_t count = sg_game_position_count(games[3]);
    if (n == 0 || n > count)
        abort();
    for (size_t i = 0; i < n; i++) {
        if (o[i] >= count)
            abort();
        for (size_t j = 0; j < i; j++)
            if (o[i] == o[j])
                abort();
    }
    free(o);
}

static void parts(int which, bool sum, const char *text)
{
    const sg_game *g = games[which];
    uint64_t *p = NULL;
    size_t n = 0;
    sg_ctx_clear(ctx);
    sg_status st = sum ? sg_sum_parse_parts(ctx, g, text, "heap 1", &p, &n)
                       : sg_position_parse(ctx, g, text, "--position", &p,
                                           &n);
    if (st != SG_OK) {
        refused(sum ? "heap 1" : "--position");
        return;
    }
    /* A coin row (game 2) is a sum of its single heads, one part a head,
     * however many heads it has (value -c answers rows of 10^6 coins). */
    if (n == 0 || (!sum && n > SG_POSITION_MAX_PARTS && which != 2))
        abort();
    uint64_t count = sg_game_position_count(g);
    for (size_t i = 0; i < n; i++)
        if ((count && p[i] >= count) || p[i] > (uint64_t)INT64_MAX)
            abort();
    free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        setup();
    if (size == 0)
        return 0;
    unsigned choice = data[0] % 10;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    if (choice == 0) {
        values(text, len);
        return 0;
    }
    if (choice == 1) {
        order(data + 1, len);
        return 0;
    }
    /* The position readers take a C string: the text up to a NUL. */
    char *s = malloc(len + 1);
    if (!s)
        return 0;
    memcpy(s, text, len);
    s[len] = '\0';
    parts((int)(choice - 2) % 4, choice >= 6, s);
    free(s);
    return 0;
}
