/*
 * play_page.c - the game of sgviz play as one self-contained page
 * (sg_play_write_page() in sgviz/play.h), built on the step page's parts:
 * the picture held once in each look (steps/page.h), the shared style and
 * script, templates/steps/play.html.
 *
 * The page holds every position reachable from the start, drawn once, and
 * for each its moves and what is said there: the computer's move and its
 * reason, the four steps of a hint, the clause about its values.  All of
 * it comes from the play module's own functions (play/play.h), so that the
 * page and the terminal make the same moves and say the same words; the
 * page's script only picks the sentences and fills in their placeholders,
 * from templates/play/LANG.text as well.
 */
#include "games/game.h"
#include "play/play.h"
#include "steps/page.h"

#include <stdlib.h>
#include <string.h>

/* The page: templates/steps/play.html. */
enum {
    QV_LANG, QV_TITLE, QV_PICTURE, QV_LOOKS, QV_DATA, QV_STYLE, QV_SCRIPT,
    QV_NEW, QV_TWO, QV_YOU_FIRST, QV_COMPUTER_FIRST, QV_HINT, QV_UNDO, QV_GO,
    QV_KEYS, QV_VALUES, QV_LOG, QV_NVARS
};

static const char *const page_vars[] = {
    "lang", "title", "picture", "looks", "data", "style", "script", "new",
    "two", "you-first", "computer-first", "hint", "undo", "go", "keys",
    "values", "log", NULL};

/* The words of each static placeholder, by the play wording's names. */
static const char *const static_words[QV_NVARS] = {
    [QV_TITLE] = "page-title", [QV_NEW] = "page-new", [QV_TWO] = "page-two",
    [QV_YOU_FIRST] = "page-you-first",
    [QV_COMPUTER_FIRST] = "page-computer-first", [QV_HINT] = "page-hint",
    [QV_UNDO] = "page-undo", [QV_GO] = "page-go", [QV_KEYS] = "page-keys",
    [QV_VALUES] = "page-values", [QV_LOG] = "page-log"};

static const uint64_t page_allowed[1] = {(UINT64_C(1) << QV_NVARS) - 1};
static const char *const page_sections[] = {"page", NULL};
static const char *const no_settings[] = {NULL};
static const sg_tpl_schema page_schema = {"play page", page_sections,
                                          page_vars, page_allowed,
                                          no_settings};

/* The sentences the script says, filling in their placeholders. */
static const char *const script_sections[] = {
    "kept", "threw", "lost-anyway", "kept-two", "threw-two", "you-moved",
    "computer-moved", "player-moved", "end", "end-misere", "win-you",
    "win-computer", "win-player", "start-you", "start-computer", "start-two",
    "misere", "hint-again", "hints-off", "not-one-move", "not-one-move-dag",
    "over", "undo", "undo-none", "empty", "page-two", "page-computer",
    "unreadable", "not-one-move-split", "same", "not-in-game", "no-heap",
    "no-amount", "ambiguous", "no-amounts", NULL};

/* The messages of input that cannot be read, as the game and the play
 * module write them (C formats), with the names of their placeholders in
 * order, for the script that reads what the player types as
 * sg_play_input() does. */
static const struct {
    const char *key, *format, *vars[3];
} read_messages[] = {
    {"no-node", SG_GAME_MSG_NO_NODE, {"origin", "given", "game"}},
    {"negative", SG_GAME_MSG_NEGATIVE, {"origin", "given"}},
    {"not-size", SG_GAME_MSG_NOT_SIZE, {"origin", "given"}},
    {"too-large", SG_GAME_MSG_TOO_LARGE, {"origin", "given"}},
    {"too-many", SG_PLAY_MSG_TOO_MANY_PARTS, {"n"}},
    {"empty-part", SG_PLAY_MSG_EMPTY_PART, {"origin", "example"}},
    {"amount", SG_PLAY_MSG_AMOUNT, {"given"}},
    {"part", SG_PLAY_PART_ORIGIN, {"noun", "n"}},
    {"heap", SG_PLAY_HEAP_ORIGIN, {NULL}}};

/* Appends the C format FORMAT as a JSON string for the script, each of its
 * conversions (%s, %zu) written \u0001name\u0002 with the next of VARS. */
static void script_format(sg_buf *b, const char *format,
                          const char *const vars[3])
{
    sg_buf text;
    sg_buf_init(&text);
    size_t k = 0;
    for (const char *s = format; *s; s++) {
        if (*s != '%') {
            sg_buf_putc(&text, *s);
        } else if (s[1] == '%') {
            sg_buf_putc(&text, '%');
            s++;
        } else {
            s += s[1] == 'z' ? 2 : 1;
            sg_buf_putc(&text, '\1');
            sg_buf_puts(&text, k < 3 && vars[k] ? vars[k] : "");
            sg_buf_putc(&text, '\2');
            k++;
        }
    }
    sg_page_json_text(b, &text);
}

/* The most positions of a game of named positions whose names the page
 * holds, so that a name typed that is no part of the page is still read
 * as the terminal reads it; beyond, the names of the page's parts. */
#define PAGE_MAX_NAMES 100000u

/* Appends section ID of the play's wording for the script. */
static void script_words(sg_buf *b, const sg_template *words, int id)
{
    sg_page_script_words(b, words, id, sg_play_word_vars());
}

/* Section NAME said with no placeholder filled, as a new string. */
static char *plain_words(const sg_play *play, const char *name,
                         const char *game)
{
    const char *const *vars = sg_play_word_vars();
    size_t nvars = 0;
    while (vars[nvars])
        nvars++;
    const char *values[64] = {NULL};
    values[0] = game; /* "game" is the wording's first placeholder */
    sg_buf b;
    sg_buf_init(&b);
    sg_tpl_say(&b, sg_play_words(play), sg_play_word_id(name), values);
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* The looks of the picture: every position without its value, or with
 * it; the position to move from; the positions it moves to. */
static const sg_page_look play_looks[] = {
    {"plain", SG_NODE_VALUE, SG_EDGE_NORMAL, true, SG_VALUE_UNKNOWN},
    {"values", SG_NODE_VALUE, SG_EDGE_NORMAL, false, 0},
    {"current", SG_NODE_CURRENT, SG_EDGE_CURRENT, true, SG_VALUE_UNKNOWN},
    {"current-v", SG_NODE_CURRENT, SG_EDGE_CURRENT, false, 0},
    {"target", SG_NODE_TARGET, SG_EDGE_NORMAL, true, SG_VALUE_UNKNOWN},
    {"target-v", SG_NODE_TARGET, SG_EDGE_NORMAL, false, 0}};

/* The looks painted from the sum's drawing: sg_page_looks() styles the
 * positions of a steps object, so a stand-in with its game and count. */
static sg_status page_looks(sg_ctx *ctx, sg_drawing *d, const sg_game *g,
                            sg_buf *b)
{
    sg_steps st;
    memset(&st, 0, sizeof st);
    st.game = g;
    st.count = (size_t)sg_game_position_count(g);
    return sg_page_looks(ctx, d, &st, play_looks,
                         sizeof play_looks / sizeof *play_looks, b);
}

/* The page's data: the options, the words, every position. */
static sg_status page_data(sg_ctx *ctx, sg_play *play, const sg_game *sum,
                           sg_buf *b)
{
    const sg_play_opts *o = sg_play_options(play);
    const sg_game *g = sg_play_game(play);
    uint64_t count = sg_game_position_count(sum);
    sg_buf_printf(b, "{\"lang\": \"%s\", \"misere\": %s, \"heaps\": %s, "
                  "\"start\": %llu, \"computerFirst\": %s, \"two\": %s, "
                  "\"hints\": %s, \"game\": ", o->lang,
                  o->misere ? "true" : "false",
                  sg_game_numbered(g) ? "true" : "false",
                  (unsigned long long)(count - 1),
                  o->computer_first ? "true" : "false",
                  o->two_players ? "true" : "false",
                  o->no_hints ? "false" : "true");
    sg_page_json_string(b, sg_play_title(play));
    /* How typed input is read, and the names of a game's positions. */
    sg_buf_printf(b, ",\n\"amounts\": %s, \"split\": %s, \"maxParts\": %u, "
                  "\"noun\": ", g->ops->takes_amounts ? "true" : "false",
                  g->ops->max_parts > 1 ? "true" : "false",
                  (unsigned)SG_PLAY_MAX_TYPED_PARTS);
    sg_page_json_string(b, g->ops->noun);
    sg_buf_puts(b, ", \"spec\": ");
    sg_page_json_string(b, g->spec ? g->spec : "");
    sg_buf_puts(b, ", \"example\": ");
    sg_page_json_string(b, sg_play_parts_example(play));
    sg_buf_puts(b, ",\n\"read\": {");
    for (size_t i = 0; i < sizeof read_messages / sizeof *read_messages; i++) {
        sg_buf_printf(b, "%s\"%s\": ", i ? ", " : "", read_messages[i].key);
        script_format(b, read_messages[i].format, read_messages[i].vars);
    }
    sg_buf_putc(b, '}');
    uint64_t npos = sg_game_position_count(g);
    if (g->ops->find_position && npos <= PAGE_MAX_NAMES) {
        /* Each position's name, and the other name it is known by. */
        char name_buf[64];
        sg_buf_puts(b, ",\n\"names\": [");
        for (uint64_t x = 0; x < npos; x++) {
            const char *alias = g->ops->position_alias
                                    ? g->ops->position_alias(g, x) : NULL;
            sg_buf_puts(b, x ? ", [" : "[");
            sg_page_json_string(b, sg_game_position_name(g, x, name_buf,
                                                         sizeof name_buf));
            if (alias) {
                sg_buf_puts(b, ", ");
                sg_page_json_string(b, alias);
            }
            sg_buf_putc(b, ']');
        }
        sg_buf_putc(b, ']');
    }
    sg_buf_puts(b, ",\n\"words\": {");
    const sg_template *words = sg_play_words(play);
    for (size_t i = 0; script_sections[i]; i++) {
        sg_buf_printf(b, "%s\"%s\": ", i ? ",\n" : "", script_sections[i]);
        script_words(b, words, sg_play_word_id(script_sections[i]));
    }
    static const char *const said[] = {"p-normal", "n-normal", "p-misere",
                                       "n-misere"};
    for (size_t i = 0; i < 4; i++) {
        char *text = plain_words(play, said[i], NULL);
        if (!text)
            return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
        sg_buf_printf(b, ",\n\"%s\": ", said[i]);
        sg_page_json_string(b, text);
        free(text);
    }
    sg_buf_puts(b, "},\n\"pos\": [");
    sg_moves ms = {0};
    uint64_t cap = sg_game_max_moves(sum, count - 1) + 1;
    ms.targets = sg_alloc_raw(ctx, cap, sizeof *ms.targets);
    ms.amounts = sg_alloc_raw(ctx, cap, sizeof *ms.amounts);
    if (!ms.targets || !ms.amounts) {
        free(ms.targets);
        free(ms.amounts);
        return ctx->status;
    }
    sg_status st = SG_OK;
    char tmp[64];
    for (uint64_t x = 0; x < count && st == SG_OK; x++) {
        const char *name = sg_game_position_name(sum, x, tmp, sizeof tmp);
        uint64_t *parts = NULL;
        size_t n = 0;
        sg_play_info info;
        st = sg_position_parse(ctx, g, name, "a position of the page", &parts,
                               &n);
        if (st == SG_OK)
            st = sg_play_info_of(ctx, play, parts, n, &info);
        free(parts);
        if (st != SG_OK)
            break;
        sg_buf_puts(b, x ? ",\n{\"x\": " : "\n{\"x\": ");
        sg_page_json_string(b, name);
        sg_buf_printf(b, ", \"v\": %llu, \"p\": %s, \"m\": [",
                      (unsigned long long)info.value,
                      info.p_position ? "true" : "false");
        sg_moves_clear(&ms);
        sum->ops->moves(sum, x, &ms);
        for (size_t i = 0; i < ms.n; i++)
            sg_buf_printf(b, "%s%llu", i ? "," : "",
                          (unsigned long long)ms.targets[i]);
        sg_buf_puts(b, "], \"reason\": ");
        sg_page_json_string(b, info.reason);
        if (info.namounts) {
            sg_buf_puts(b, ", \"a\": [");
            for (size_t i = 0; i < info.namounts; i++) {
                const sg_play_amount *a = &info.amounts[i];
                sg_buf_printf(b, "%s[\"%llu\", \"%llu\", ", i ? ", " : "",
                              (unsigned long long)a->heap,
                              (unsigned long long)a->amount);
                sg_page_json_string(b, a->to);
                sg_buf_puts(b, ", ");
                sg_page_json_string(b, a->left);
                sg_buf_putc(b, ']');
            }
            sg_buf_putc(b, ']');
        }
        if (info.has_move) {
            char *best = NULL;
            sg_buf bb;
            sg_buf_init(&bb);
            for (size_t i = 0; i < info.nbest; i++) {
                if (i)
                    sg_buf_putc(&bb, '+');
                sg_buf_puts(&bb, sg_game_position_name(g, info.best[i], tmp,
                                                       sizeof tmp));
            }
            if (info.nbest == 0)
                sg_buf_putc(&bb, '0');
            sg_buf_putc(&bb, '\0');
            best = bb.data;
            sg_buf_puts(b, ", \"best\": ");
            sg_page_json_string(b, best ? best : "");
            sg_buf_free(&bb);
            sg_buf_puts(b, ", \"bw\": ");
            sg_page_json_string(b, info.best_words);
            sg_buf_puts(b, ", \"why\": ");
            sg_page_json_string(b, info.why);
            sg_buf_puts(b, ", \"h\": [");
            for (int k = 0; k < 4; k++) {
                if (k)
                    sg_buf_putc(b, ',');
                sg_page_json_string(b, info.hints[k]);
            }
            sg_buf_putc(b, ']');
        }
        sg_buf_putc(b, '}');
        sg_play_info_clear(&info);
    }
    free(ms.targets);
    free(ms.amounts);
    sg_buf_puts(b, "\n]}");
    return st;
}

sg_status sg_play_write_page(sg_ctx *ctx, sg_play *play,
                             const sg_play_page_opts *opts, FILE *out)
{
    sg_play_page_opts taken;
    if (opts) {
        if (sg_opts_take(ctx, &taken, sizeof taken, opts,
                         SG_OPTS_V0(sg_play_page_opts, layout),
                         "sg_play_page_opts") != SG_OK)
            return ctx->status;
        opts = &taken;
    }
    size_t n;
    const uint64_t *start = sg_play_start_parts(play, &n);
    const sg_game *g = sg_play_game(play);
    /* A heap of 0 that the game dropped is still a part of the sum. */
    uint64_t zero = 0;
    sg_game *sum = sg_sum_game_new(ctx, g, n ? start : &zero, n ? n : 1);
    if (!sum)
        return ctx->status;
    uint64_t count = sg_game_position_count(sum);
    sg_drawing_opts o = {0};
    if (opts) {
        o.theme = opts->theme;
        o.layout = opts->layout;
    }
    o.lang = sg_play_options(play)->lang;
    o.step_legend = SG_STEP_LEGEND_PLAY;
    o.misere = sg_play_options(play)->misere;
    sg_drawing *d = sg_drawing_new(ctx, sum, count - 1, &o);
    sg_buf picture, looks, data;
    sg_buf_init(&picture);
    sg_buf_init(&looks);
    sg_buf_init(&data);
    char *text[QV_NVARS] = {NULL};
    sg_status status = d ? SG_OK : ctx->status;
    if (status == SG_OK)
        status = page_looks(ctx, d, sum, &looks);
    if (status == SG_OK)
        status = sg_page_svg(ctx, d, &picture);
    if (status == SG_OK)
        status = page_data(ctx, play, sum, &data);
    for (int v = 0; status == SG_OK && v < QV_NVARS; v++)
        if (static_words[v] &&
            !(text[v] = plain_words(play, static_words[v], sg_play_title(play))))
            status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    sg_buf_putc(&picture, '\0');
    sg_buf_putc(&looks, '\0');
    sg_buf_putc(&data, '\0');
    if (status == SG_OK && (picture.failed || looks.failed || data.failed))
        status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the page");
    if (status == SG_OK) {
        sg_page_text texts[QV_NVARS] = {
            [QV_LANG] = {sg_play_options(play)->lang, true},
            [QV_PICTURE] = {picture.data, false},
            [QV_LOOKS] = {looks.data, false},
            [QV_DATA] = {data.data, false}};
        for (int v = 0; v < QV_NVARS; v++)
            if (static_words[v])
                texts[v] = (sg_page_text){text[v], true};
        status = sg_page_write(ctx, &page_schema, "steps/play.html", QV_STYLE,
                               QV_SCRIPT, texts, out);
    }
    for (int v = 0; v < QV_NVARS; v++)
        free(text[v]);
    sg_buf_free(&picture);
    sg_buf_free(&looks);
    sg_buf_free(&data);
    sg_drawing_free(d);
    sg_game_free(sum);
    return status;
}
