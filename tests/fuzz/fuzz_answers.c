/*
 * fuzz_answers.c - a libFuzzer target for finding a question's answers in
 * a handed-in text (headings, a wide table's columns, a JSON object's
 * keys, a notebook's cells) and grading them for four games.  Whatever the
 * text, grading gives a result whose every question is graded or left at
 * 0, and whose reasons for a human are single lines.  Seeds are in
 * tests/fuzz/corpus/answers.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "sgviz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;
static sg_assignment *a;
static sg_game *games[4];
static char file[64];

static void setup(void)
{
    ctx = sg_ctx_new();
    static const char ini[] = "[Q1]\ngame = -s 1,3,4\nn = 20\n[Question 2]\n"
                              "game = -s pow2\nn = 30\n[Aufgabe 3]\ngame = -t kayles\n"
                              "n = 12\n[Q4]\ngame = -g x.dot\n";
    a = sg_assignment_parse(ctx, ini, sizeof ini - 1, "fuzz.ini");
    games[0] = sg_game_from_spec(ctx, "1,3,4", "fuzz");
    games[1] = sg_game_from_spec(ctx, "pow2", "fuzz");
    games[2] = sg_game_from_code(ctx, "kayles", "fuzz");
    char dot[] = "/tmp/sgviz-fuzz-XXXXXX";
    int fd = mkstemp(dot);
    FILE *f = fdopen(fd, "w");
    fputs("digraph { a -> b -> c; a -> c; d -> a }\n", f);
    fclose(f);
    games[3] = sg_game_read_dot(ctx, dot);
    remove(dot);
    snprintf(file, sizeof file, "/tmp/sgviz-fuzz-answers-XXXXXX");
    fd = mkstemp(file);
    if (fd < 0 || !a || !games[0] || !games[1] || !games[2] || !games[3])
        abort();
    close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        setup();
    FILE *f = fopen(file, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    const char *files[1] = {file};
    const char *names[1] = {size % 3 == 0 ? "hw3_q2.txt" : "answers.txt"};
    sg_grade_opts o = {.size = sizeof o, .lang = size % 2 ? "en" : "zh"};
    sg_graded *g = sg_assignment_grade(ctx, a, games, files, names, 1, &o);
    if (!g)
        abort();
    for (size_t i = 0; i < 4; i++) {
        const sg_graded_question *q = sg_graded_get(g, i);
        if (q->right > q->total || (!q->read && q->points > 0))
            abort();
    }
    for (size_t i = 0; i < sg_graded_human_count(g); i++)
        if (strchr(sg_graded_human(g, i), '\n'))
            abort();
    FILE *null = fopen("/dev/null", "w");
    sg_graded_write_feedback(ctx, g, null);
    fclose(null);
    sg_graded_free(g);
    sg_ctx_clear(ctx);
    return 0;
}
