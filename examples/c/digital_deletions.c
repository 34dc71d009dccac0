/*
 * digital_deletions.c - Digital Deletions (HDU 1404) defined in C through
 * libsgviz, every position of up to 6 digits.
 *
 * A position is a string of digits.  A move lowers one digit (a 5 may
 * become 4, 3, 2, 1 or 0), or erases a 0 and every digit to its right; the
 * player who erases the last digit wins, so the empty string is lost for
 * the player to move.  A string is one number: a 1, then its digits ("0305"
 * is 10305, the empty string 1), so that names, and the brute force below,
 * stay simple.  sgviz explores every string reachable from "999999", which
 * is every string of up to 6 digits, 1,111,111 positions.
 *
 * The check: a brute force written here without the library -- a move
 * always makes that number smaller, so one pass in increasing order
 * decides every string -- must agree with sg = 0 on every position.  Then
 * the problem's sample, and how many strings of each length are lost.
 */
#include <sgviz.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIGITS 6
#define CODES 2000000 /* 1 ... 1999999 */

/* The digits of CODE into S (without the leading 1); returns the length. */
static int digits_of(int64_t code, char *s)
{
    char tmp[16];
    int n = snprintf(tmp, sizeof tmp, "%lld", (long long)code);
    memcpy(s, tmp + 1, (size_t)n);
    return n - 1;
}

static int64_t code_of(const char *s, int len)
{
    int64_t c = 1;
    for (int i = 0; i < len; i++)
        c = c * 10 + (s[i] - '0');
    return c;
}

static void options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    char s[16];
    int len = digits_of(p[0], s);
    for (int i = 0; i < len; i++) {
        char keep = s[i];
        for (char d = '0'; d < keep; d++) {
            s[i] = d;
            sg_options_add(out, (int64_t[]){code_of(s, len)});
        }
        s[i] = keep;
        if (keep == '0')
            sg_options_add(out, (int64_t[]){code_of(s, i)});
    }
}

static void name_of(void *user, const int64_t *p, char *buf, size_t size)
{
    (void)user;
    char s[16];
    int len = digits_of(p[0], s);
    snprintf(buf, size, "%s", len ? s : "empty");
}

static int parse(void *user, const char *name, size_t len, int64_t *p)
{
    (void)user;
    if (len == 5 && memcmp(name, "empty", 5) == 0) {
        p[0] = 1;
        return 1;
    }
    if (len == 0 || len > DIGITS)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (name[i] < '0' || name[i] > '9')
            return 0;
    p[0] = code_of(name, (int)len);
    return 1;
}

int main(void)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game_def def = {.name = "Digital Deletions", .arity = 1,
                       .options = options, .name_of = name_of,
                       .parse = parse};
    int64_t start[] = {1999999};
    sg_game *game = sg_game_define(ctx, &def, start, 1);
    sg_lookup *lookup = game ? sg_lookup_new(ctx, game, UINT64_MAX) : NULL;
    if (!lookup) {
        fprintf(stderr, "digital_deletions: %s\n", sg_ctx_message(ctx));
        return 1;
    }
    uint64_t count = sg_game_position_count(game);
    printf("%s, strings of up to %d digits: %llu positions\n",
           sg_game_describe(game), DIGITS, (unsigned long long)count);

    /* The brute force, then every position against it. */
    unsigned char *win = calloc(CODES, 1);
    if (!win)
        return 1;
    for (int64_t c = 10; c < CODES; c++) {
        char s[16];
        int len = digits_of(c, s);
        if (len < 0)
            continue;
        for (int i = 0; i < len && !win[c]; i++) {
            char keep = s[i];
            for (char d = '0'; d < keep && !win[c]; d++) {
                s[i] = d;
                win[c] = !win[code_of(s, len)];
            }
            s[i] = keep;
            if (keep == '0' && !win[code_of(s, i)])
                win[c] = 1;
        }
    }
    int bad = 0;
    uint64_t lost[DIGITS + 1] = {0};
    for (uint64_t x = 0; x < count; x++) {
        int64_t c = sg_game_defined_position(game, x)[0];
        int p = sg_lookup_get(lookup, x) == 0;
        if (p == win[c]) {
            char s[16];
            digits_of(c, s);
            printf("MISMATCH at %s\n", s);
            bad = 1;
        }
        if (p) {
            char s[16];
            lost[digits_of(c, s)]++;
        }
    }
    free(win);
    printf("every position as the brute force decides it: %s\n",
           bad ? "NO" : "yes");
    for (int len = 0; len <= DIGITS; len++)
        printf("strings of %d digits lost for the player to move: %llu\n",
               len, (unsigned long long)lost[len]);

    /* The sample of HDU 1404: "Yes" when the first player wins. */
    const char *sample[] = {"0", "00", "1", "20"};
    printf("\n");
    for (int i = 0; i < 4; i++) {
        uint64_t x;
        if (sg_game_find_position(ctx, game, sample[i], "sample", &x))
            return 1;
        printf("%s: %s\n", sample[i], sg_lookup_get(lookup, x) ? "Yes" : "No");
    }

    /* Why 20 is lost: its step, as a trace words it. */
    sg_template *tpl = sg_template_builtin(ctx, "en", "text");
    uint64_t twenty;
    if (!tpl || sg_game_find_position(ctx, game, "20", "trace", &twenty) ||
        sg_trace_write(ctx, tpl, game, twenty, twenty, stdout) != SG_OK) {
        fprintf(stderr, "digital_deletions: %s\n", sg_ctx_message(ctx));
        return 1;
    }
    sg_template_free(tpl);
    sg_lookup_free(lookup);
    sg_game_free(game);
    sg_ctx_free(ctx);
    return bad;
}
