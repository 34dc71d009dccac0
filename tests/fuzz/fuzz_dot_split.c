/*
 * fuzz_dot_split.c - libFuzzer harness for the cutting of long chains of
 * edges in DOT text (src/render/dot_split.c), which cgraph's parser could
 * not take whole.  Any bytes are read twice, whole and cut after every link
 * that can be cut, and both reads must agree: both refused, naming the same
 * line, or both the same graph, node for node and edge for edge with the
 * same attributes, as cgraph writes it out.  Seeds:
 * tests/fuzz/corpus/dot_split.
 */
#define _POSIX_C_SOURCE 200809L /* the library's own headers need it */
#include "fuzz_file.h"
#include "render/dot_split.h"
#include "render/render_gv.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sg_ctx *ctx;

/* The graph read from PATH with chains cut after LINKS links, as cgraph
 * writes it (a new string), or NULL with *STATUS and *LINE the refusal. */
static char *read_as(const char *path, unsigned links, sg_status *status,
                     long *line)
{
    sg_dot_set_split_links(links);
    sg_ctx_clear(ctx);
    Agraph_t *g = sg_dot_read_graph(ctx, path, "game", "digraph { a -> b }");
    sg_dot_set_split_links(0);
    *status = sg_ctx_status(ctx);
    *line = -1;
    if (!g) {
        const char *m = sg_ctx_message(ctx);
        if (!m[0] || strchr(m, '\n'))
            abort();
        const char *colon = strchr(m, ':');
        if (colon && colon[1] >= '0' && colon[1] <= '9')
            *line = strtol(colon + 1, NULL, 10);
        return NULL;
    }
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f)
        abort();
    agwrite(g, f);
    fclose(f);
    agclose(g);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        ctx = sg_ctx_new();
    const char *path = fuzz_file("split", data, size);
    if (!path)
        return 0;
    sg_status whole_st, cut_st;
    long whole_line, cut_line;
    char *whole = read_as(path, 1000000, &whole_st, &whole_line);
    char *cut = read_as(path, 1, &cut_st, &cut_line);
    if (!whole != !cut)
        abort();
    if (whole && strcmp(whole, cut) != 0)
        abort();
    if (!whole && (whole_st != cut_st || whole_line != cut_line))
        abort();
    free(whole);
    free(cut);
    return 0;
}
