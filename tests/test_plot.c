/*
 * test_plot.c - plots of sg(x) against x: every dot read back from the SVG
 * and mapped to its position and value through the area's own scales,
 * checked against closed forms and the brute force written here; dots that
 * fall on one spot drawn once; the certified period and preperiod of
 * {2,4,7} and {1,3,4} as the theory gives them; Kayles against its
 * definition, with its period, and a DOT game in the order computed; PNG
 * and PDF pages of the slide's size; and bad ranges refused with nothing
 * written.
 */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.h"
#include "sgviz.h"

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

/* The plot of FROM..TO in FORMAT, in memory (*LEN bytes). */
static char *plot_of(const sg_game *g, uint64_t from, uint64_t to,
                     sg_plot_format format, size_t *len)
{
    char *data = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&data, &n);
    if (sg_plot_write(ctx, g, from, to, format, f) != SG_OK)
        fail_msg("plot: %s", sg_ctx_message(ctx));
    fclose(f);
    if (len)
        *len = n;
    return data;
}

/* The numbers after NAME="..." in SVG, into V (at most N). */
static void attr_numbers(const char *svg, const char *name, double *v,
                         int n)
{
    char key[64];
    snprintf(key, sizeof key, "%s=\"", name);
    const char *p = strstr(svg, key);
    if (!p)
        fail_msg("no %s in the plot", name);
    p += strlen(key);
    for (int i = 0; i < n; i++) {
        char *end;
        v[i] = strtod(p, &end);
        if (end == p)
            fail_msg("%s has fewer than %d numbers", name, n);
        p = end;
    }
}

/* Reads the dots of path ID back into positions and values: SEEN[x - from]
 * counts the dots of x, VALUE[x - from] is the value the dot stands for.
 * Returns the number of dots. */
static size_t read_dots(const char *svg, const char *id, uint64_t from,
                        uint64_t to, int *seen, long *value)
{
    double area[4], xr[2], yr[2], origin[1];
    attr_numbers(svg, "data-area", area, 4);
    /* x as x - data-from, which stays exact far out. */
    attr_numbers(svg, "data-dx", xr, 2);
    attr_numbers(svg, "data-y", yr, 2);
    const char *fp = strstr(svg, "data-from=\"");
    assert_non_null(fp);
    uint64_t base = strtoull(fp + 11, NULL, 10);
    (void)origin;
    char key[64];
    snprintf(key, sizeof key, "<path id=\"%s\"", id);
    const char *p = strstr(svg, key);
    if (!p)
        fail_msg("no path %s", id);
    p = strstr(p, " d=\"") + 4;
    size_t dots = 0;
    while (*p == 'M') {
        char *end;
        double X = strtod(p + 1, &end);
        double Y = strtod(end, &end);
        if (strncmp(end, "h0", 2) != 0)
            fail_msg("a dot of %s is not a zero-length segment", id);
        p = end + 2;
        double x = xr[0] + (X - area[0]) / (area[2] - area[0]) * (xr[1] - xr[0]);
        double y = yr[0] + (area[3] - Y) / (area[3] - area[1]) * (yr[1] - yr[0]);
        long dx = lround(x);
        uint64_t xi = base + (uint64_t)dx;
        if (fabs(x - (double)dx) > 0.2 || dx < 0 || xi < from || xi > to)
            fail_msg("%s: a dot at %.2f is no position of %llu..%llu", id, x,
                     (unsigned long long)from, (unsigned long long)to);
        seen[xi - from]++;
        value[xi - from] = lround(y);
        dots++;
    }
    assert_int_equal(*p, '"');
    return dots;
}

/* Every position of FROM..TO has exactly one dot, at the value EXPECT
 * gives, in the P path exactly when that value is 0. */
static void check_dots(const char *svg, uint64_t from, uint64_t to,
                       const unsigned *expect)
{
    size_t n = (size_t)(to - from + 1);
    int *seen = calloc(n, sizeof *seen);
    long *value = calloc(n, sizeof *value);
    int *seen_p = calloc(n, sizeof *seen_p);
    long *value_p = calloc(n, sizeof *value_p);
    size_t dots = read_dots(svg, "n-points", from, to, seen, value);
    dots += read_dots(svg, "p-points", from, to, seen_p, value_p);
    assert_int_equal(dots, n);
    for (size_t i = 0; i < n; i++) {
        bool p = expect[i] == 0;
        if (seen[i] + seen_p[i] != 1 || (p ? seen_p[i] : seen[i]) != 1)
            fail_msg("position %llu: %d N dots and %d P dots, its value is "
                     "%u", (unsigned long long)(from + i), seen[i], seen_p[i],
                     expect[i]);
        long v = p ? value_p[i] : value[i];
        if (v != (long)expect[i])
            fail_msg("position %llu: the dot stands at %ld, sg = %u",
                     (unsigned long long)(from + i), v, expect[i]);
    }
    free(seen);
    free(value);
    free(seen_p);
    free(value_p);
}

static void dots_are_the_values(void **state)
{
    (void)state;
    /* {1,2,3}: sg(x) = x mod 4. */
    sg_game *g = spec_game("1..3");
    unsigned expect[301];
    for (unsigned x = 0; x <= 300; x++)
        expect[x] = x % 4;
    char *svg = plot_of(g, 0, 300, SG_PLOT_SVG, NULL);
    check_dots(svg, 0, 300, expect);
    free(svg);
    sg_game_free(g);

    /* Powers of two, a window: sg(x) = x mod 3. */
    g = spec_game("pow2");
    for (unsigned x = 1000; x <= 1300; x++)
        expect[x - 1000] = x % 3;
    svg = plot_of(g, 1000, 1300, SG_PLOT_SVG, NULL);
    check_dots(svg, 1000, 1300, expect);
    assert_non_null(strstr(svg, "theorem: sg(x) = x mod 3"));
    assert_null(strstr(svg, "<g id=\"period\""));
    free(svg);
    sg_game_free(g);

    /* {2,5,7} from 40 to 250, against the brute force. */
    const unsigned amounts[] = {2, 5, 7};
    unsigned *sg = brute_force(amounts, 3, 250);
    g = spec_game("2,5,7");
    svg = plot_of(g, 40, 250, SG_PLOT_SVG, NULL);
    check_dots(svg, 40, 250, sg + 40);
    free(svg);
    sg_game_free(g);
    free(sg);
}

/* 10^5 positions of a game whose values take a few levels: dots on one
 * spot are one, so the file stays small, and each level still shows. */
static void dots_on_one_spot_are_one(void **state)
{
    (void)state;
    sg_game *g = spec_game("1..3");
    size_t len;
    char *svg = plot_of(g, 0, 100000, SG_PLOT_SVG, &len);
    size_t dots = 0;
    for (const char *p = svg; (p = strstr(p, "h0")); p++)
        dots++;
    /* Four levels across 830 points at half a point: at most 4 x 1661. */
    assert_true(dots <= 4 * 1661 + 8);
    assert_true(dots >= 4 * 800);
    assert_true(len < 300000);
    free(svg);
    sg_game_free(g);
}

static void periods(void **state)
{
    (void)state;
    /* {2,4,7}: preperiod 8, period 3.  Blocks of 3 from 8 up to 60: k =
     * 0..17, every other one shaded (k even), and the line at 8. */
    sg_game *g = spec_game("2,4,7");
    char *svg = plot_of(g, 0, 60, SG_PLOT_SVG, NULL);
    const char *grp = strstr(svg, "<g id=\"period\" data-preperiod=\"8\" "
                                  "data-period=\"3\">");
    assert_non_null(grp);
    const char *end = strstr(grp, "</g>");
    size_t bands = 0, lines = 0;
    for (const char *p = grp; (p = strstr(p, "<rect")) && p < end; p++)
        bands++;
    for (const char *p = grp; (p = strstr(p, "<line")) && p < end; p++)
        lines++;
    assert_int_equal(bands, 9);
    assert_int_equal(lines, 1);
    assert_non_null(strstr(svg, "period 3 from x = 8 (certified)"));
    free(svg);
    sg_game_free(g);

    /* {1,3,4}: period 7 from the start: no preperiod line. */
    g = spec_game("1,3,4");
    svg = plot_of(g, 0, 100, SG_PLOT_SVG, NULL);
    grp = strstr(svg, "<g id=\"period\" data-preperiod=\"0\" "
                      "data-period=\"7\">");
    assert_non_null(grp);
    end = strstr(grp, "</g>");
    const char *line = strstr(grp, "<line");
    assert_true(!line || line > end);
    free(svg);
    /* Too many periods to shade one by one: none shaded, still named. */
    svg = plot_of(g, 0, 100000, SG_PLOT_SVG, NULL);
    grp = strstr(svg, "<g id=\"period\"");
    assert_non_null(grp);
    end = strstr(grp, "</g>");
    const char *rect = strstr(grp, "<rect");
    assert_true(!rect || rect > end);
    assert_non_null(strstr(svg, "period 7 from x = 0 (certified)"));
    free(svg);
    sg_game_free(g);
}

/* Kayles from its definition: a move knocks down one pin or two adjacent
 * ones, leaving the pins on either side as two rows. */
static unsigned *kayles_brute(unsigned n)
{
    unsigned *sg = calloc(n + 1, sizeof *sg);
    for (unsigned x = 1; x <= n; x++) {
        bool seen[1024] = {false};
        for (unsigned take = 1; take <= 2 && take <= x; take++)
            for (unsigned left = 0; left + take <= x; left++)
                seen[sg[left] ^ sg[x - take - left]] = true;
        unsigned m = 0;
        while (seen[m])
            m++;
        sg[x] = m;
    }
    return sg;
}

/* A take-and-break code and a DOT game, the other kinds of game. */
static void other_kinds(void **state)
{
    (void)state;
    /* Kayles, 0..400: every dot against the brute force, and the period
     * drawn where the values show it: sg(x + 12) = sg(x) from 71 on, and
     * not from 70 (sg(70) = 6, sg(82) = 2). */
    unsigned *sg = kayles_brute(400);
    for (unsigned x = 71; x + 12 <= 400; x++)
        assert_int_equal(sg[x], sg[x + 12]);
    assert_int_not_equal(sg[70], sg[82]);
    sg_game *g = sg_game_from_code(ctx, "kayles", "--code");
    assert_non_null(g);
    char *svg = plot_of(g, 0, 400, SG_PLOT_SVG, NULL);
    check_dots(svg, 0, 400, sg);
    assert_non_null(strstr(svg, "<g id=\"period\" data-preperiod=\"71\" "
                                "data-period=\"12\">"));
    assert_non_null(strstr(svg, "period 12 from x = 71 (certified)"));
    free(svg);
    /* A window inside the period. */
    svg = plot_of(g, 200, 300, SG_PLOT_SVG, NULL);
    check_dots(svg, 200, 300, sg + 200);
    free(svg);
    sg_game_free(g);
    free(sg);

    /* A chain of 31 nodes, k moving to k - 1 and k - 2: the order of
     * computing is forced, and sg(k) = k mod 3. */
    char path[] = "/tmp/test_plot_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("digraph {\n", f);
    for (unsigned k = 1; k <= 30; k++) {
        fprintf(f, "  n%u -> n%u;\n", k, k - 1);
        if (k >= 2)
            fprintf(f, "  n%u -> n%u;\n", k, k - 2);
    }
    fputs("}\n", f);
    fclose(f);
    g = sg_game_read_dot(ctx, path);
    unlink(path);
    if (!g)
        fail_msg("chain: %s", sg_ctx_message(ctx));
    unsigned expect[31];
    for (unsigned k = 0; k <= 30; k++)
        expect[k] = k % 3;
    svg = plot_of(g, 0, 30, SG_PLOT_SVG, NULL);
    check_dots(svg, 0, 30, expect);
    assert_non_null(strstr(svg, "sg of positions 0..30, in the order "
                                "computed"));
    free(svg);
    sg_game_free(g);
}

static void png_and_pdf(void **state)
{
    (void)state;
    sg_game *g = spec_game("fib");
    size_t len;
    unsigned char *png =
        (unsigned char *)plot_of(g, 0, 5000, SG_PLOT_PNG, &len);
    assert_true(len > 1000);
    assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
    /* IHDR: width and height, big-endian, at bytes 16 and 20. */
    unsigned w = (unsigned)png[16] << 24 | (unsigned)png[17] << 16 |
                 (unsigned)png[18] << 8 | png[19];
    unsigned h = (unsigned)png[20] << 24 | (unsigned)png[21] << 16 |
                 (unsigned)png[22] << 8 | png[23];
    assert_int_equal(w, 1920);
    assert_int_equal(h, 1080);
    free(png);
    char *pdf = plot_of(g, 0, 5000, SG_PLOT_PDF, &len);
    assert_memory_equal(pdf, "%PDF-", 5);
    assert_non_null(memmem(pdf, len, "/MediaBox [ 0 0 960 540 ]", 25));
    free(pdf);
    sg_game_free(g);
}

/* A window far out: plot -s 1,3,4 --from 9000000000000000000 --to
 * 9000000000001000000 was refused as needing 7.8 EiB, computing from 0; the
 * certified period (7) gives the values at once.  Every dot stands at its
 * position and at the value of the period's block, 0 1 0 1 2 3 2 (from the
 * definition: sg(x) = mex of sg(x - 1), sg(x - 3), sg(x - 4)). */
static void far_windows(void **state)
{
    (void)state;
    static const unsigned block[7] = {0, 1, 0, 1, 2, 3, 2};
    sg_game *g = spec_game("1,3,4");
    const uint64_t from = UINT64_C(9000000000000000000);
    unsigned expect[701];
    for (unsigned i = 0; i <= 700; i++)
        expect[i] = block[(from + i) % 7];
    char *svg = plot_of(g, from, from + 700, SG_PLOT_SVG, NULL);
    check_dots(svg, from, from + 700, expect);
    assert_non_null(strstr(svg, "period 7 from x = 0 (certified)"));
    assert_non_null(strstr(svg, ">9000000000000000000<"));
    free(svg);
    /* 10^6 positions, as asked; PNG too. */
    size_t len;
    svg = plot_of(g, from, from + 1000000, SG_PLOT_SVG, &len);
    assert_non_null(strstr(svg, "P-position (sg = 0): 285715 of 1000001"));
    free(svg);
    char *png = plot_of(g, from, from + 1000000, SG_PLOT_PNG, &len);
    assert_true(len > 1000 && memcmp(png, "\x89PNG", 4) == 0);
    free(png);
    sg_game_free(g);
    /* Without a period, the refusal stands, naming the memory. */
    sg_game *code = NULL;
    assert_non_null(code = sg_game_from_code(ctx, "0.007", "--code"));
    char *data = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&data, &n);
    assert_int_equal(sg_plot_write(ctx, code, from, from + 1000, SG_PLOT_SVG,
                                   f),
                     SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "for their values"));
    fclose(f);
    assert_int_equal(n, 0);
    free(data);
    sg_game_free(code);
}

static void refusals(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    char *data = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&data, &n);
    assert_int_equal(sg_plot_write(ctx, g, 10, 5, SG_PLOT_SVG, f), SG_EINPUT);
    assert_int_equal(sg_plot_write(ctx, g, 0, SG_PLOT_MAX_POSITIONS,
                                   SG_PLOT_SVG, f),
                     SG_ELIMIT);
    assert_non_null(strstr(sg_ctx_message(ctx), "more than sgviz plots"));
    assert_int_equal(sg_plot_write(ctx, g, 0, 5, (sg_plot_format)7, f),
                     SG_EINPUT);
    fclose(f);
    assert_int_equal(n, 0);
    free(data);
    sg_plot_format fmt;
    assert_int_equal(sg_plot_format_parse(ctx, "pdf", &fmt), SG_OK);
    assert_int_equal(fmt, SG_PLOT_PDF);
    assert_int_equal(sg_plot_format_parse(ctx, "jpg", &fmt), SG_EINPUT);
    sg_game_free(g);
}

/* The words of a plot follow its language: the Chinese legend counts the
 * P-positions of S = {1,3,4} as the closed form does (x mod 7 in {0, 2}),
 * options of the first layout (size 0) still draw in English, and an
 * unknown language is refused before anything is written. */
static void languages(void **state)
{
    (void)state;
    sg_game *g = spec_game("1,3,4");
    unsigned p = 0;
    for (unsigned x = 0; x <= 100; x++)
        p += x % 7 == 0 || x % 7 == 2;
    char want[128];
    snprintf(want, sizeof want, "P 局面：先手必败，101 个中 %u 个", p);

    char *data = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&data, &n);
    sg_plot_opts zh = {.size = sizeof zh, .format = SG_PLOT_SVG,
                       .lang = "zh"};
    assert_int_equal(sg_plot_write_opts(ctx, g, 0, 100, &zh, f), SG_OK);
    fclose(f);
    assert_non_null(strstr(data, want));
    assert_non_null(strstr(data, "S = {1,3,4}：SG(x)，x = 0..100"));
    assert_null(strstr(data, "P-position"));
    free(data);

    data = NULL;
    f = open_memstream(&data, &n);
    sg_plot_opts v0 = {.size = 0, .format = SG_PLOT_SVG};
    assert_int_equal(sg_plot_write_opts(ctx, g, 0, 100, &v0, f), SG_OK);
    fclose(f);
    snprintf(want, sizeof want, "P-position (sg = 0): %u of 101", p);
    assert_non_null(strstr(data, want));
    free(data);

    data = NULL;
    f = open_memstream(&data, &n);
    sg_plot_opts fr = {.size = sizeof fr, .format = SG_PLOT_SVG,
                       .lang = "fr"};
    assert_int_equal(sg_plot_write_opts(ctx, g, 0, 100, &fr, f), SG_EINPUT);
    assert_non_null(strstr(sg_ctx_message(ctx), "\"fr\""));
    fclose(f);
    assert_int_equal(n, 0);
    free(data);
    sg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dots_are_the_values),
        cmocka_unit_test(dots_on_one_spot_are_one),
        cmocka_unit_test(periods),
        cmocka_unit_test(other_kinds),
        cmocka_unit_test(png_and_pdf),
        cmocka_unit_test(far_windows),
        cmocka_unit_test(refusals),
        cmocka_unit_test(languages),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
