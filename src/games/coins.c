/*
 * coins.c - coin-turning games: a row of coins, numbered 1, 2, ... from the
 * left, each heads (H) or tails (T); a move turns over a set of coins whose
 * rightmost goes from heads to tails, and the rule names the sets allowed.
 *
 * Why the positions are single heads.  Turning a coin twice leaves it as it
 * was, so a row with heads at the coins of a set S plays like the sum of
 * the rows with one head each, at each coin of S: a move in the sum that
 * puts a second head on a coin that has one is the move in the row that
 * turns that head to tails, and two equal heads cancel in the nim-sum as
 * two equal heaps do.  So the value of a row is the nim-sum of the values
 * of its single heads (Winning Ways, ch. 14), and a game kind of heaps fits
 * it exactly: position n is the row whose only head is coin n (0 the row
 * of tails), and turning coin n with coins a < b < n leaves heads at a and
 * b, a move that leaves the sum a+b as a split of a heap does.  A row read
 * as THHTH is the sum 2+3+5.
 *
 * Each rule keeps, beside the sets it allows, the closed form of its single
 * values where one is known (Turtles n, Mock Turtles the odious numbers,
 * Ruler the largest power of 2 dividing n, Twins n - 1), so that rows of a
 * million coins are answered from the closed form; the tests check every
 * closed form against the mex of the rows themselves.
 */
#include "games/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest run Ruler turns in one move that moves() lists: a run of r
 * coins leaves r - 1 heads, and the callers size their arrays for the most
 * parts of a move.  Values come from the closed form at any length; traces
 * and lists of moves stop here. */
#define RULER_LISTED 256
/* The most coins ruler-K turns at once. */
#define RULER_K_MAX 64

typedef struct coin_rule {
    const char *name;  /* as RULE names it: "mock-turtles" */
    const char *title; /* "Mock Turtles" */
    const char *zh;    /* the rule in Chinese: "每次翻 1 到 3 枚" */
    const char *sets;  /* what may be turned, in English */
    unsigned most;     /* the most coins one move turns (0: any run) */
    bool exact;        /* only sets of exactly `most` coins */
    bool run;          /* only runs of consecutive coins */
    const sg_theorem *theorem;
    /* The single values' source, for traces ("the odious numbers"). */
    const char *source, *source_zh;
} coin_rule;

typedef struct coins {
    sg_game base;
    /* The game's own copy of the table: how many heads one move leaves,
     * and whether a closed form gives the values, are the rule's. */
    sg_game_ops ops;
    coin_rule rule;
} coins;

static const coins *co(const sg_game *game) { return (const coins *)game; }

/* ---- The closed forms -------------------------------------------------- */

static sg_value turtles_value(uint64_t n) { return n; }

static unsigned popcount64(uint64_t x)
{
    unsigned c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

/* The n-th odious number (1, 2, 4, 7, 8, ...: an odd number of 1s in
 * binary) is 2(n - 1) or 2(n - 1) + 1, whichever is odious. */
static sg_value mock_value(uint64_t n)
{
    if (n == 0)
        return 0;
    uint64_t e = 2 * (n - 1);
    return popcount64(e) % 2 ? e : e + 1;
}

static sg_value ruler_value(uint64_t n) { return n & (~n + 1); }

static sg_value twins_value(uint64_t n) { return n ? n - 1 : 0; }

static const sg_theorem turtles_theorem = {
    "g(n) = n",
    "from the head at coin n, turning it alone leaves 0 and turning it with\n"
    "  coin a < n leaves a single head at a: g(n) = mex{0, 1, ..., n - 1}",
    turtles_value, "SG(n) = n",
    "正面朝上的硬币在 n 处时，只翻它留下 0，连同硬币 a < n 一起翻则在 a\n"
    "  处留下一枚正面：SG(n) = mex{0, 1, ..., n - 1}"};
static const sg_theorem mock_theorem = {
    "g(n) = the n-th odious number (an odd number of 1s in binary)",
    "by induction: a move leaves no head, one or two, worth 0, an odious\n"
    "  number or the nim-sum of two (which is evil: an even number of 1s);\n"
    "  these reach every value below the next odious number, never it\n"
    "  (Winning Ways, ch. 14)",
    mock_value, "SG(n) = 第 n 个奇 1 数（二进制中 1 的个数为奇数）",
    "归纳：一步之后留下 0、1 或 2 枚正面，值为 0、一个奇 1 数或两个奇 1\n"
    "  数的异或（它有偶数个 1）；这些值到达下一个奇 1 数以下的每个值，\n"
    "  但到达不了它（《Winning Ways》第 14 章）"};
static const sg_theorem ruler_theorem = {
    "g(n) = the largest power of 2 dividing n (the ruler function)",
    "runs of length 1, 2, 4, ... reach every value below it, and no run\n"
    "  ending at coin n leaves that value (Winning Ways, ch. 14)",
    ruler_value, "SG(n) = 整除 n 的 2 的最大幂（尺子函数）",
    "长为 1, 2, 4, ... 的连续一段可以到达它以下的每个值，而以硬币 n\n"
    "  结尾的一段都留不下这个值（《Winning Ways》第 14 章）"};
static const sg_theorem twins_theorem = {
    "g(n) = n - 1",
    "turning coin n with coin a < n leaves a single head at a: Nim with\n"
    "  the coins counted from 0",
    twins_value, "SG(n) = n - 1",
    "把硬币 n 与硬币 a < n 一起翻，在 a 处留下一枚正面：这就是硬币从 0\n"
    "  数起的 Nim"};

static const coin_rule rules[] = {
    {"turtles", "Turtles", "每次翻 1 或 2 枚", "one or two coins", 2, false,
     false, &turtles_theorem, "n", "n"},
    {"mock-turtles", "Mock Turtles", "每次翻 1 到 3 枚",
     "one, two or three coins", 3, false, false, &mock_theorem,
     "the n-th odious number (an odd number of 1s in binary):\n"
     "  1, 2, 4, 7, 8, 11, 13, 14, ...",
     "第 n 个恶数（odious number，二进制中 1 的个数为奇数）：\n"
     "  1, 2, 4, 7, 8, 11, 13, 14, ..."},
    {"ruler", "Ruler", "每次翻连续的任意枚", "any run of consecutive coins",
     0, false, true, &ruler_theorem,
     "the largest power of 2 dividing n (the ruler function):\n"
     "  1, 2, 1, 4, 1, 2, 1, 8, ...",
     "整除 n 的最大的 2 的幂（尺子函数，ruler function）：\n"
     "  1, 2, 1, 4, 1, 2, 1, 8, ..."},
    {"twins", "Twins", "每次恰好翻 2 枚", "exactly two coins", 2, true, false,
     &twins_theorem, "n - 1", "n - 1"},
};
#define NRULES (sizeof rules / sizeof rules[0])

/* ---- Moves ------------------------------------------------------------- */

/* Coins turned with coin n in one move at most: every rule's own bound,
 * and Ruler's runs as far as moves() lists them. */
static uint64_t most_turned(const coin_rule *r, uint64_t n)
{
    uint64_t most = r->most ? r->most : RULER_LISTED;
    return most < n ? most : n;
}

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    const coin_rule *r = &co(game)->rule;
    if (r->run)
        return most_turned(r, last);
    uint64_t m = 0;
    /* Sets of k coins with coin `last` as the rightmost: C(last - 1, k - 1). */
    double below = last ? (double)(last - 1) : 0;
    double c = 1, sum = 0;
    for (unsigned k = 1; k <= r->most; k++) {
        if (k > 1)
            c = c * (below - (k - 2)) / (k - 1);
        if (c <= 0)
            break;
        if (!r->exact || k == r->most)
            sum += c;
    }
    m = sum > 1e18 ? (uint64_t)1e18 : (uint64_t)sum;
    return m;
}

static sg_value value_bound(const sg_game *game, uint64_t last)
{
    const sg_theorem *t = co(game)->rule.theorem;
    if (!t && co(game)->rule.run)
        return co(game)->rule.most; /* a mex of at most K runs */
    if (t) {
        /* Every closed form here grows at most like 2n. */
        return last > SG_POSITION_MAX / 2 ? SG_POSITION_MAX : 2 * last + 1;
    }
    return max_moves(game, last);
}

static double work(const sg_game *game, uint64_t last)
{
    const coin_rule *r = &co(game)->rule;
    if (r->run) {
        /* A run of r coins leaves r - 1 heads, each read once. */
        double k = (double)most_turned(r, last);
        return (double)last * k * (k + 1) / 2;
    }
    return (double)last * (double)max_moves(game, last);
}

static void moves(const sg_game *game, uint64_t n, sg_moves *out)
{
    const coin_rule *r = &co(game)->rule;
    if (n == 0)
        return;
    if (r->run) {
        uint64_t k = most_turned(r, n);
        uint64_t parts[RULER_K_MAX > RULER_LISTED ? RULER_K_MAX
                                                  : RULER_LISTED];
        for (uint64_t len = 1; len <= k; len++) {
            /* The run n - len + 1 .. n leaves heads n - len + 1 .. n - 1. */
            size_t np = 0;
            for (uint64_t c = n - len + 1; c < n; c++)
                parts[np++] = c;
            if (np == 0)
                sg_moves_add(out, 0, 0);
            else if (np == 1)
                sg_moves_add(out, 0, parts[0]);
            else
                sg_moves_add_split(out, 0, parts, np);
        }
        return;
    }
    if (!r->exact || r->most == 1)
        sg_moves_add(out, 0, 0);
    if (r->most >= 2 && (!r->exact || r->most == 2))
        for (uint64_t a = 1; a < n; a++)
            sg_moves_add(out, 0, a);
    if (r->most >= 3)
        for (uint64_t b = 2; b < n; b++)
            for (uint64_t a = 1; a < b; a++) {
                uint64_t parts[2] = {a, b};
                sg_moves_add_split(out, 0, parts, 2);
            }
}

static const sg_theorem *theorem(const sg_game *game)
{
    return co(game)->rule.theorem;
}

static sg_period_rule period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_OBSERVE;
}

static void no_certificate_words(const sg_game *game, const char *lang,
                                 sg_buf *b)
{
    (void)game;
    if (sg_lang_is_zh(lang)) {
        sg_buf_puts(b, "最左边很远的一枚硬币也可能与最后一枚一起翻，所以 n "
                       "之前任何一段值都不能决定 SG(n)");
        return;
    }
    sg_buf_puts(b, "a coin far to the left may be turned with the last, so "
                   "no window of values before n decides g(n)");
}

/* Values alone, from the closed form. */
static sg_status values(sg_ctx *ctx, const sg_game *game, uint64_t last,
                        sg_values **out)
{
    const sg_theorem *t = co(game)->rule.theorem;
    unsigned width = sg_width_for(value_bound(game, last));
    if (sg_check_memory(ctx, last + 1, width) != SG_OK)
        return ctx->status;
    sg_values *v = sg_alloc(ctx, 1, sizeof *v);
    void *data = v ? sg_alloc_raw(ctx, (size_t)last + 1, width) : NULL;
    if (!data) {
        free(v);
        return ctx->status;
    }
    v->count = last + 1;
    v->width = width;
    v->data = data;
    for (uint64_t n = 0; n <= last; n++) {
        sg_value g = t->value(n);
        sg_store(data, width, n, g);
        if (g > v->max)
            v->max = g;
    }
    *out = v;
    return SG_OK;
}

/* Values alone, for a rule without a closed form (ruler-K): the mex of the
 * runs' nim-sums, each the XOR of two prefix nim-sums, so that coin n
 * costs K steps rather than K^2. */
static sg_status run_values(sg_ctx *ctx, const sg_game *game, uint64_t last,
                            sg_values **out)
{
    const coin_rule *r = &co(game)->rule;
    /* K steps a coin: the work bound of the engine holds here too. */
    double work = (double)(last + 1) * r->most;
    if (work > SG_WORK_MAX)
        return sg_ctx_fail(ctx, SG_ELIMIT, "%s, coins 0..%llu: about %.1e "
                           "steps, more than the %.0e sgviz allows; choose a "
                           "smaller coin", game->describe,
                           (unsigned long long)last, work, SG_WORK_MAX);
    /* A value is a mex of at most K options, so at most K. */
    if (sg_check_memory(ctx, 2 * (last + 1), 1) != SG_OK)
        return ctx->status;
    sg_values *v = sg_alloc(ctx, 1, sizeof *v);
    uint8_t *data = v ? sg_alloc_raw(ctx, (size_t)last + 1, 1) : NULL;
    uint8_t *prefix = data ? sg_alloc_raw(ctx, (size_t)last + 1, 1) : NULL;
    if (!prefix) {
        free(data);
        free(v);
        return ctx->status;
    }
    data[0] = prefix[0] = 0;
    for (uint64_t n = 1; n <= last; n++) {
        /* prefix[i] = g(1) ^ ... ^ g(i); the run n-len+1..n leaves the
         * heads n-len+1..n-1, whose nim-sum is prefix[n-1] ^
         * prefix[n-len]. */
        uint64_t seen[2] = {0, 0};
        uint64_t k = most_turned(r, n);
        for (uint64_t len = 1; len <= k; len++) {
            unsigned x = prefix[n - 1] ^ prefix[n - len];
            seen[x >> 6] |= UINT64_C(1) << (x & 63);
        }
        unsigned m = 0;
        while (seen[m >> 6] >> (m & 63) & 1)
            m++;
        data[n] = (uint8_t)m;
        prefix[n] = prefix[n - 1] ^ data[n];
        if (m > v->max)
            v->max = m;
    }
    free(prefix);
    v->count = last + 1;
    v->width = 1;
    v->data = data;
    *out = v;
    return SG_OK;
}

/* Ruler's moves are listed for runs of up to RULER_LISTED coins, so its
 * mex steps stop at the coin after. */
static sg_status check_moves(sg_ctx *ctx, const sg_game *game, uint64_t last,
                             bool below)
{
    (void)below;
    const coin_rule *r = &co(game)->rule;
    if (!r->run || r->most || last <= RULER_LISTED)
        return SG_OK;
    return sg_ctx_fail(ctx, SG_ELIMIT, "%s: coin %llu has runs of up to %llu "
                       "coins, and sgviz lists runs of at most %d, so mex "
                       "steps, drawings and winning moves stop at coin %d; "
                       "table, value and who wins answer any coin from the "
                       "ruler function", game->describe,
                       (unsigned long long)last, (unsigned long long)last,
                       RULER_LISTED, RULER_LISTED);
}

/* ---- Rows -------------------------------------------------------------- */

static bool is_coin(char c)
{
    return c == 'H' || c == 'T' || c == 'h' || c == 't';
}

/* A row of H and T (at least one letter, any case) is the sum of its
 * heads; a row of tails is position 0.  Rows joined by + (THH+TH) are a sum
 * of rows, each counting its coins from 1. */
static bool read_sum(sg_ctx *ctx, const sg_game *game, const char *text,
                     size_t len, const char *origin, uint64_t **parts,
                     size_t *n, sg_status *st)
{
    (void)game;
    if (len == 0 || !is_coin(text[0]))
        return false;
    size_t heads = 0, coin = 0;
    for (size_t i = 0; i < len; i++) {
        coin = text[i] == '+' ? 0 : coin + 1;
        if (is_coin(text[i]) || (text[i] == '+' && i + 1 < len &&
                                 is_coin(text[i + 1])))
            continue;
        char shown[96];
        sg_quote(text, len, shown, sizeof shown);
        if (text[i] == '+')
            *st = sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": a row is missing "
                              "after the + at character %zu", origin, shown,
                              i + 1);
        else
            *st = sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": coin %zu is '%c'; "
                              "write a row of coins with H (heads) and T "
                              "(tails), e.g. THHTH", origin, shown, coin,
                              text[i]);
        return true;
    }
    for (size_t i = 0; i < len; i++)
        heads += text[i] == 'H' || text[i] == 'h';
    uint64_t *x = sg_alloc_raw(ctx, heads ? heads : 1, sizeof *x);
    if (!x) {
        *st = ctx->status;
        return true;
    }
    size_t k = 0;
    coin = 0;
    for (size_t i = 0; i < len; i++) {
        coin = text[i] == '+' ? 0 : coin + 1;
        if (text[i] == 'H' || text[i] == 'h')
            x[k++] = coin;
    }
    if (heads == 0)
        x[k++] = 0;
    *parts = x;
    *n = k;
    *st = SG_OK;
    return true;
}

/* ---- Traces ------------------------------------------------------------ */

static void working(const sg_game *game, const char *lang, sg_buf *b)
{
    const coin_rule *r = &co(game)->rule;
    if (lang && strcmp(lang, "zh") == 0) {
        sg_buf_puts(b, "定理：一行硬币的 SG 值 = 每一枚正面硬币单独存在时的值 "
                       "g(n) 的异或和\n  （一枚硬币翻两次等于没翻；相同的值在"
                       "异或中抵消）。\n");
        if (r->theorem)
            sg_buf_printf(b, "%s（%s）：g(n) = %s\n", r->title, r->zh,
                          r->source_zh);
        else
            sg_buf_printf(b, "%s（每次翻连续的至多 %u 枚）：g(n) 没有已知的"
                             "闭式，它来自上面的 mex。\n", r->title, r->most);
        return;
    }
    sg_buf_puts(b, "Theorem: the value of a row is the nim-sum of its single "
                   "heads' values g(n)\n  (turning a coin twice undoes it; "
                   "equal values cancel in the nim-sum).\n");
    if (r->theorem)
        sg_buf_printf(b, "%s: g(n) = %s\n  why: %s\n", r->title, r->source,
                      r->theorem->why);
    else
        sg_buf_printf(b, "%s (turn a run of at most %u coins): no closed form "
                         "is known; the mex steps above\n  are where g(n) "
                         "comes from.\n", r->title, r->most);
}

/* The coins a move from the single head at coin X turns: the heads it
 * leaves, then X. */
static bool move_words(const sg_game *game, uint64_t x, const uint64_t *left,
                       size_t k, char *buf, size_t size)
{
    (void)game;
    size_t used = (size_t)snprintf(buf, size, "turn coin%s ",
                                   k == 1 && left[0] == 0 ? "" : "s");
    for (size_t i = 0; i < k && used < size; i++)
        if (left[i])
            used += (size_t)snprintf(buf + used, size - used, "%llu, ",
                                     (unsigned long long)left[i]);
    if (used < size)
        snprintf(buf + used, size - used, "%llu", (unsigned long long)x);
    /* "turn coins 2, 3, 5" reads as the set; the last comma is "and". */
    char *last = strrchr(buf, ',');
    if (last && size - (size_t)(last - buf) > 5) {
        char tail[32];
        snprintf(tail, sizeof tail, "%s", last + 1);
        snprintf(last, size - (size_t)(last - buf), " and%s", tail);
    }
    return true;
}

/* ---- The game ---------------------------------------------------------- */

static const sg_game_ops coins_ops = {
    .name = "coins",
    .id = SG_GAME_COINS,
    .noun = "head",
    .wording = SG_WORDING_TARGETS,
    .max_parts = 1,
    .takes_amounts = false,
    .value_bound = value_bound,
    .max_moves = max_moves,
    .work = work,
    .moves = moves,
    .shape = sg_game_shape_general,
    .reach = sg_game_no_reach,
    .theorem = theorem,
    .period_rule = period_rule,
    .no_certificate_words = no_certificate_words,
    .read_sum = read_sum,
    .working = working,
    .move_words = move_words,
    .check_moves = check_moves,
    .parts_by_theorem = true,
};

/* Reads "ruler-K" into R, or returns false. */
static bool ruler_k(const char *rule, coin_rule *r)
{
    if (strncmp(rule, "ruler-", 6) != 0)
        return false;
    uint64_t k;
    if (sg_parse_u64(rule + 6, strlen(rule + 6), RULER_K_MAX, &k) != 0 ||
        k == 0)
        return false;
    *r = rules[2];
    r->name = rule;
    r->most = (unsigned)k;
    r->theorem = NULL;
    r->title = "Ruler";
    return true;
}

sg_game *sg_game_from_coins(sg_ctx *ctx, const char *rule, const char *origin)
{
    if (!origin)
        origin = "coins";
    coin_rule r;
    bool found = false;
    for (size_t i = 0; i < NRULES && !found; i++)
        if (strcmp(rule, rules[i].name) == 0) {
            r = rules[i];
            found = true;
        }
    if (!found && strncmp(rule, "ruler-", 6) == 0 && !ruler_k(rule, &r)) {
        char shown[96];
        sg_quote(rule, strlen(rule), shown, sizeof shown);
        sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": K must be a whole number "
                    "from 1 to %d (a run of at most K coins)", origin, shown,
                    RULER_K_MAX);
        return NULL;
    }
    if (!found && !ruler_k(rule, &r)) {
        char shown[96];
        sg_quote(rule, strlen(rule), shown, sizeof shown);
        sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": no such rule (rules: turtles, "
                    "mock-turtles, ruler, twins, ruler-K)", origin, shown);
        return NULL;
    }
    coins *g = sg_alloc(ctx, 1, sizeof *g);
    if (!g)
        return NULL;
    g->ops = coins_ops;
    g->rule = r;
    if (r.most >= 3 || r.run)
        g->ops.max_parts = r.run ? (r.most ? r.most - 1 : RULER_LISTED - 1)
                                 : 2;
    if (g->ops.max_parts < 2)
        g->ops.max_parts = 1;
    if (r.theorem)
        g->ops.values = values;
    else if (r.run)
        g->ops.values = run_values;
    char describe[160], sets[64];
    if (r.run && r.most)
        snprintf(sets, sizeof sets, "a run of at most %u coins", r.most);
    else
        snprintf(sets, sizeof sets, "%s", r.sets);
    snprintf(describe, sizeof describe, "%s (turn %s)", r.title, sets);
    if (sg_game_init(ctx, &g->base, &g->ops, rule, describe) != SG_OK) {
        sg_game_free(&g->base);
        return NULL;
    }
    /* g->rule.name may point at the caller's string (ruler-K): keep the
     * game's own copy. */
    g->rule.name = g->base.spec;
    return &g->base;
}
