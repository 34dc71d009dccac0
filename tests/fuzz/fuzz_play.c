/*
 * fuzz_play.c - a libFuzzer target for the reader of moves of `sgviz
 * play`: the lines a player types.  The first byte chooses the game (Nim,
 * S = {1,3,4}, Kayles, or misère Nim) and who moves first; the rest is
 * split into lines, each answered by sg_play_input().  Whatever is typed,
 * every answer must be SG_OK with at least one event, each with its words,
 * and a game must stay a game: its position one of its own, or over.
 *
 *   make fuzz-build && build-fuzz/fuzz_play -max_total_time=60 \
 *       build-fuzz/corpus/play tests/fuzz/corpus/play
 *
 * Seeds (moves of every form, hints, taking back, junk) are in
 * tests/fuzz/corpus/play.
 */
#include "sgviz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;
static sg_game *games[3];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx) {
        ctx = sg_ctx_new();
        games[0] = sg_game_from_spec(ctx, "all", "-s");
        games[1] = sg_game_from_spec(ctx, "1,3,4", "-s");
        games[2] = sg_game_from_code(ctx, "kayles", "-t");
        if (!ctx || !games[0] || !games[1] || !games[2])
            abort();
    }
    if (size == 0)
        return 0;
    unsigned pick = data[0];
    uint64_t parts[3] = {3, 4, 5};
    sg_play_opts o = {0};
    o.computer_first = (pick >> 2) & 1;
    o.misere = (pick & 3) == 3;
    o.lang = (pick >> 3) & 1 ? "zh" : "en";
    const sg_game *g = games[(pick & 3) == 3 ? 0 : pick & 3];
    sg_play *play = sg_play_new(ctx, g, parts, 3, &o);
    if (!play || sg_play_start(ctx, play) != SG_OK)
        abort();
    const char *text = (const char *)data + 1;
    size_t left = size - 1;
    while (left) {
        const char *nl = memchr(text, '\n', left);
        size_t len = nl ? (size_t)(nl - text) : left;
        if (sg_play_input(ctx, play, text, len) != SG_OK)
            abort();
        if (sg_play_event_count(play) == 0)
            abort();
        for (size_t i = 0; i < sg_play_event_count(play); i++)
            if (!sg_play_event_at(play, i)->text)
                abort();
        if (!sg_play_position(play) || !*sg_play_prompt(play) !=
                                           !!sg_play_over(play))
            abort();
        text += len + (nl != NULL);
        left -= len + (nl != NULL);
    }
    sg_play_free(play);
    return 0;
}
