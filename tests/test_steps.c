/*
 * test_steps.c - step-by-step pictures: the steps' captions and every
 * frame checked against a brute force written here (the values shown, the
 * current position, exactly K positions computed before it, its targets),
 * positions that stay in place from frame to frame, the page's data and
 * escaping, directories of frames that appear whole or not at all, and the
 * bounds.
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.h"
#include "sgviz.h"

/* One context for the whole suite, as one serves a whole program (see
 * test_render.c: Graphviz 2.42 keeps pointers into its first context). */
static sg_ctx *ctx;

static int setup(void **state)
{
    (void)state;
    ctx = sg_ctx_new();
    return ctx ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_ctx_free(ctx);
    return 0;
}

static sg_game *spec_game(const char *spec)
{
    sg_game *g = sg_game_from_spec(ctx, spec, "--set");
    if (!g)
        fail_msg("spec %s: %s", spec, sg_ctx_message(ctx));
    return g;
}

static sg_steps *make_steps(const sg_game *g, uint64_t last,
                            const sg_steps_opts *opts)
{
    sg_steps *s = sg_steps_new(ctx, g, last, opts);
    if (!s)
        fail_msg("steps: %s", sg_ctx_message(ctx));
    return s;
}

static char *frame(sg_steps *s, size_t k, const char *format, size_t *len)
{
    char *data = NULL;
    size_t n = 0;
    if (sg_steps_frame(ctx, s, k, format, &data, &n) != SG_OK)
        fail_msg("frame %zu: %s", k, sg_ctx_message(ctx));
    if (len)
        *len = n;
    return data;
}

/* The group of node pX in an SVG: its class attribute into CLS and the
 * text of its value ("sg=2", "sg=?") into VALUE.  Returns 0 when absent. */
static int node_group(const char *svg, size_t x, char *cls, size_t csize,
                      char *value, size_t vsize)
{
    char key[40];
    snprintf(key, sizeof key, "<g id=\"p%zu\" class=\"", x);
    const char *p = strstr(svg, key);
    if (!p)
        return 0;
    p += strlen(key);
    const char *q = strchr(p, '"');
    snprintf(cls, csize, "%.*s", (int)(q - p), p);
    const char *end = strstr(q, "</g>");
    const char *v = strstr(q, ">sg=");
    if (!v || v > end)
        return 0;
    v++;
    const char *ve = strchr(v, '<');
    snprintf(value, vsize, "%.*s", (int)(ve - v), v);
    return 1;
}

/* The centre of node pX: the cx, cy of its first ellipse. */
static void node_centre(const char *svg, size_t x, char *out, size_t size)
{
    char key[32];
    snprintf(key, sizeof key, "<g id=\"p%zu\"", x);
    const char *p = strstr(svg, key);
    assert_non_null(p);
    const char *e = strstr(p, "<ellipse");
    assert_non_null(e);
    const char *cx = strstr(e, "cx=\"");
    const char *end = strstr(cx, "\" rx=");
    assert_non_null(end);
    snprintf(out, size, "%.*s", (int)(end - cx), cx);
}

static bool has_class(const char *cls, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(cls, word); p; p = strstr(p + 1, word))
        if ((p == cls || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* ---- the steps and their frames ------------------------------------- */

/* Every step of SPEC up to N: its caption built here from the brute force,
 * and its frame: exactly the positions before K computed, with their true
 * values, K current with its value, its targets marked, the rest pending. */
static void check_spec(const char *spec, const unsigned *amounts, size_t na,
                       size_t n)
{
    sg_game *g = spec_game(spec);
    sg_steps *s = make_steps(g, n, NULL);
    unsigned *sg = brute_force(amounts, na, n);
    assert_int_equal(sg_steps_count(s), n + 1);
    for (size_t k = 0; k <= n; k++) {
        char want[256];
        int len = snprintf(want, sizeof want, "sg(%zu) = mex{", k);
        bool first = true;
        for (size_t i = 0; i < na; i++) {
            if (amounts[i] > k)
                continue;
            len += snprintf(want + len, sizeof want - (size_t)len, "%s%u",
                            first ? "" : ",", sg[k - amounts[i]]);
            first = false;
        }
        snprintf(want + len, sizeof want - (size_t)len, "} = %u", sg[k]);
        assert_string_equal(sg_steps_caption(s, k), want);

        char *svg = frame(s, k, "svg", NULL);
        size_t computed = 0, pending = 0, current = 0, targets = 0;
        for (size_t x = 0; x <= n; x++) {
            char cls[64], value[32];
            assert_true(node_group(svg, x, cls, sizeof cls, value,
                                   sizeof value));
            bool is_target = false;
            for (size_t i = 0; i < na; i++)
                is_target |= amounts[i] <= k && x == k - amounts[i];
            if (x < k || x == k) {
                char v[32];
                snprintf(v, sizeof v, "sg=%u", sg[x]);
                assert_string_equal(value, v);
                assert_true(has_class(cls, sg[x] == 0 ? "P" : "N"));
                computed += x < k;
            } else {
                assert_string_equal(value, "sg=?");
                assert_true(has_class(cls, "pending"));
                pending++;
            }
            current += has_class(cls, "current");
            if (x == k)
                assert_true(has_class(cls, "current"));
            assert_int_equal(has_class(cls, "target"), is_target);
            targets += is_target;
        }
        assert_int_equal(computed, k);
        assert_int_equal(pending, n - k);
        assert_int_equal(current, 1);
        /* The caption sits under the picture, as a text of its own. */
        char text[300];
        snprintf(text, sizeof text, ">%s</text>", want);
        assert_non_null(strstr(svg, text));
        free(svg);
        (void)targets;
    }
    free(sg);
    sg_steps_free(s);
    sg_game_free(g);
}

static void frames_match_brute_force(void **state)
{
    (void)state;
    static const unsigned s134[] = {1, 3, 4};
    static const unsigned s25[] = {2, 5};
    static const unsigned s137[] = {1, 3, 7};
    check_spec("1,3,4", s134, 3, 12);
    check_spec("2,5", s25, 2, 14);
    check_spec("1,3,7", s137, 3, 30);
}

static void positions_stay_in_place(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 30, NULL);
    char *first = frame(s, 0, "svg", NULL);
    for (size_t k = 1; k <= 30; k += 7) {
        char *svg = frame(s, k, "svg", NULL);
        for (size_t x = 0; x <= 30; x++) {
            char a[64], b[64];
            node_centre(first, x, a, sizeof a);
            node_centre(svg, x, b, sizeof b);
            assert_string_equal(a, b);
        }
        /* The picture's size is the same too. */
        assert_memory_equal(strstr(first, "<svg"), strstr(svg, "<svg"), 80);
        free(svg);
    }
    free(first);
    sg_steps_free(s);
    sg_game_free(g);
}

/* A DAG game: steps in the order of computation, named by the nodes. */
static void dag_game(void **state)
{
    (void)state;
    char path[] = "/tmp/sgviz-steps-XXXXXX.dot";
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("digraph { \"a<b\" -> \"c&d\" -> end; \"a<b\" -> \"say \\\"hi\\\"\";"
          " \"say \\\"hi\\\"\" -> end; top -> \"a<b\" }\n", f);
    fclose(f);
    sg_game *g = sg_game_read_dot(ctx, path);
    unlink(path);
    if (!g)
        fail_msg("%s", sg_ctx_message(ctx));
    sg_steps *s = make_steps(g, UINT64_MAX, NULL);
    assert_int_equal(sg_steps_count(s), 5);
    assert_string_equal(sg_steps_caption(s, 0), "sg(end) = mex{} = 0");
    assert_string_equal(sg_steps_caption(s, 3), "sg(a<b) = mex{1,1} = 0");
    assert_string_equal(sg_steps_caption(s, 4), "sg(top) = mex{0} = 1");
    assert_string_equal(sg_steps_trace(s, 4),
                        "sg(top): top -> {a<b}; mex{sg(a<b)} = mex{0} = 1  (N)");
    char *svg = frame(s, 3, "svg", NULL);
    assert_non_null(strstr(svg, ">sg(a&lt;b) = mex{1,1} = 0</text>"));
    char cls[64], value[32];
    assert_true(node_group(svg, 3, cls, sizeof cls, value, sizeof value));
    assert_string_equal(cls, "node P current");
    assert_true(node_group(svg, 1, cls, sizeof cls, value, sizeof value));
    assert_string_equal(cls, "node N target");
    assert_true(node_group(svg, 4, cls, sizeof cls, value, sizeof value));
    assert_string_equal(cls, "node pending");
    free(svg);

    /* The page: names are escaped in its HTML and in its script's data, so
     * that no name can close the script or open a comment. */
    char *page = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&page, &len);
    assert_int_equal(sg_steps_write_page(ctx, s, out), SG_OK);
    fclose(out);
    const char *data = strstr(page, "<script type=\"application/json\"");
    assert_non_null(data);
    data = strchr(data, '>') + 1;
    const char *data_end = strstr(data, "</script>");
    assert_non_null(data_end);
    assert_null(memchr(data, '<', (size_t)(data_end - data)));
    assert_non_null(strstr(data, "\"x\": \"a\\u003cb\""));
    assert_non_null(strstr(data, "\"x\": \"say \\\"hi\\\"\""));
    assert_non_null(strstr(data, "\"caption\": \"sg(c\\u0026d) = mex{0} = 1\""));
    assert_non_null(strstr(page, "<p id=\"caption\">sg(end) = mex{} = 0</p>"));
    free(page);
    sg_steps_free(s);
    sg_game_free(g);
}

static size_t count(const char *text, const char *needle)
{
    size_t c = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        c++;
    return c;
}

static void page_content(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 8, NULL);
    char *page = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&page, &len);
    assert_int_equal(sg_steps_write_page(ctx, s, out), SG_OK);
    fclose(out);
    assert_int_equal(strncmp(page, "<!DOCTYPE html>", 15), 0);
    /* Self-contained: nothing is loaded from elsewhere. */
    assert_null(strstr(page, "src="));
    assert_null(strstr(page, "href=\"http"));
    assert_null(strstr(page, "@import"));
    assert_null(strstr(page, "url("));
    /* The four looks, and one step per position in the data. */
    assert_int_equal(count(page, "<template id=\"sg-"), 4);
    assert_int_equal(count(page, "\"caption\": "), 9);
    assert_non_null(strstr(page, "\"caption\": \"sg(4) = mex{1,1,0} = 2\""));
    assert_non_null(strstr(page, "\"trace\": \"sg(4): 4-{1,3,4} -\\u003e "
                                 "{3,1,0}; mex{sg(3),sg(1),sg(0)} = "
                                 "mex{1,1,0} = 2  (N)\""));
    /* In the look of every position pending, every one is. */
    const char *pending = strstr(page, "<template id=\"sg-pending\">");
    const char *pend_end = strstr(pending, "</template>");
    assert_non_null(pend_end);
    char *look = strndup(pending, (size_t)(pend_end - pending));
    assert_int_equal(count(look, "class=\"node pending\""), 9);
    free(look);
    /* The picture shown before the script runs is step 0's. */
    const char *pic = strstr(page, "<div id=\"picture\">");
    assert_non_null(strstr(pic, "<g id=\"p0\" class=\"node P current\">"));
    assert_null(strstr(page, "${"));
    free(page);
    sg_steps_free(s);
    sg_game_free(g);
}

static void chinese(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    sg_steps_opts o = {.lang = "zh"};
    sg_steps *s = make_steps(g, 8, &o);
    assert_string_equal(sg_steps_caption(s, 4), "SG[4] = mex{1,1,0} = 2");
    assert_non_null(strstr(sg_steps_trace(s, 4), "x=4 时"));
    char *svg = frame(s, 4, "svg", NULL);
    assert_non_null(strstr(svg, "先手必败"));
    assert_non_null(strstr(svg, "尚未计算"));
    assert_null(strstr(svg, "the player to move"));
    free(svg);
    sg_steps_free(s);

    o.lang = "fr";
    assert_null(sg_steps_new(ctx, g, 8, &o));
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "unknown language \"fr\""));
    sg_game_free(g);
}

static void bounds(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    assert_null(sg_steps_new(ctx, g, SG_STEPS_MAX_POSITIONS, NULL));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "1001 steps"));

    /* A page of 300 positions is fine; 300 frames are not. */
    sg_steps *s = make_steps(g, 299, NULL);
    char *data = NULL;
    size_t len = 0;
    assert_int_equal(sg_steps_frame(ctx, s, 0, "svg", &data, &len),
                     SG_ELIMIT);
    assert_null(data);
    assert_non_null(strstr(sg_ctx_message(ctx), "300 frames"));
    assert_int_equal(sg_steps_frame(ctx, s, 300, "svg", &data, &len),
                     SG_EINPUT);
    sg_steps_free(s);

    s = make_steps(g, 8, NULL);
    assert_int_equal(sg_steps_frame(ctx, s, 0, "dot", &data, &len),
                     SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "frames are pictures"));
    sg_steps_free(s);
    sg_game_free(g);

    g = spec_game("all");
    assert_null(sg_steps_new(ctx, g, 200, NULL));
    assert_int_equal(sg_ctx_status(ctx), SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "moves"));
    sg_game_free(g);
}

/* PNG and PDF frames, where Graphviz's cairo plugin is installed. */
static void raster_frames(void **state)
{
    (void)state;
    if (sg_render_format_check(ctx, "png") != SG_OK) {
        sg_ctx_clear(ctx);
        skip();
    }
    sg_game *g = spec_game("1,3,4");
    sg_steps *s = make_steps(g, 8, NULL);
    size_t len;
    char *png = frame(s, 4, "png", &len);
    assert_true(len > 8);
    assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
    free(png);
    char *pdf = frame(s, 4, "pdf", &len);
    assert_memory_equal(pdf, "%PDF-", 5);
    free(pdf);
    sg_steps_free(s);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frames_match_brute_force),
        cmocka_unit_test(positions_stay_in_place),
        cmocka_unit_test(dag_game),
        cmocka_unit_test(page_content),
        cmocka_unit_test(chinese),
        cmocka_unit_test(bounds),
        cmocka_unit_test(raster_frames),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
