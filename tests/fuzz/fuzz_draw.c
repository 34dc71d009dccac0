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

/* Whether the picture holds a link that could run a script: an href whose
 * value, read as a browser reads it (XML entities decoded, leading spaces
 * and controls skipped), starts with a scheme other than http, https or
 * mailto.  sgviz keeps only those and relative links; a script in a page
 * that shows the picture is a finding like a crash. */
static int hostile_link(const char *svg, size_t len)
{
    static const char *const keep[] = {"http:", "https:", "mailto:"};
    const char *end = svg + len;
    for (const char *p = svg; (p = strstr(p, "href=\"")) != NULL && p < end;) {
        p += 6;
        char v[256];
        size_t n = 0;
        while (p < end && *p != '"' && n + 1 < sizeof v) {
            if (*p == '&') {
                /* &amp; &lt; &gt; &quot; &apos; and &#N; / &#xN;. */
                const char *semi = memchr(p, ';', (size_t)(end - p));
                if (!semi || semi - p > 10)
                    return 1;
                char c = '?';
                if (p[1] == '#')
                    c = (char)strtol(p + 2 + (p[2] == 'x'), NULL,
                                     p[2] == 'x' ? 16 : 10);
                else if (strncmp(p, "&amp;", 5) == 0)
                    c = '&';
                v[n++] = c;
                p = semi + 1;
            } else {
                v[n++] = *p++;
            }
        }
        v[n] = '\0';
        const char *u = v;
        while (*u && (unsigned char)*u <= ' ')
            u++;
        /* A scheme is what comes before a ':' that no '/', '?' or '#'
         * precedes; browsers also drop tabs and newlines inside it. */
        size_t colon = strcspn(u, ":/?#");
        if (u[colon] != ':')
            continue;
        int ok = 0;
        for (size_t k = 0; k < 3; k++)
            if (strncmp(u, keep[k], strlen(keep[k])) == 0)
                ok = 1;
        if (!ok)
            return 1;
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
