/*
 * fuzz_draw.c - libFuzzer harness for drawing games read from DOT files
 * with their own attributes (sgviz graph -g): any bytes must give a picture
 * or one clear message.  Graphviz trusts the attributes it is given, so
 * this is where a value that would crash it must be stopped.
 */
#include "fuzz_file.h"
#include "sgviz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether the picture holds a link that could run a script: any href
 * whose value, its spaces and entities aside, starts with a scheme other
 * than http, https or mailto.  sgviz keeps only those and relative links;
 * a script in a page that shows the picture is a finding like a crash. */
static int hostile_link(const char *svg, size_t len)
{
    static const char *const keep[] = {"http:", "https:", "mailto:"};
    for (const char *p = svg; (p = strstr(p, "href=\"")) != NULL;) {
        p += 6;
        size_t n = strcspn(p, "\"");
        if ((size_t)(p - svg) + n > len)
            break;
        /* A scheme is letters up to ':' before any '/', '?' or '#'. */
        size_t colon = strcspn(p, ":/?#\"");
        if (colon < n && p[colon] == ':') {
            int ok = 0;
            for (size_t k = 0; k < 3; k++)
                if (strncmp(p, keep[k], strlen(keep[k])) == 0)
                    ok = 1;
            if (!ok)
                return 1;
        }
        /* An entity or a space at the start hides a scheme from the
         * check above but not from a browser. */
        if (n && (p[0] == '&' || p[0] == ' ' || p[0] == '\t'))
            return 1;
        p += n;
    }
    return 0;
}

static sg_ctx *ctx;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx)
        ctx = sg_ctx_new();
    const char *path = fuzz_file("draw", data, size);
    if (!path)
        return 0;
    sg_ctx_clear(ctx);
    sg_game *g = sg_game_read_dot(ctx, path);
    if (!g)
        return 0;
    sg_drawing_opts opts = {0};
    opts.highlight_wins = 1;
    sg_drawing *d = sg_drawing_new(ctx, g, 40, &opts);
    if (d) {
        char *svg = NULL;
        size_t len = 0;
        if (sg_drawing_render_data(ctx, d, "svg", &svg, &len) == SG_OK &&
            (len == 0 || hostile_link(svg, len)))
            abort();
        free(svg);
        sg_drawing_free(d);
    } else if (sg_ctx_message(ctx)[0] == '\0') {
        abort();
    }
    sg_game_free(g);
    return 0;
}
