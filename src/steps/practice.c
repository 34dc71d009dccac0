/*
 * practice.c - the practice page: the step page's picture and table with
 * the values hidden, where a student works out each position in turn and
 * the page's script says at once whether the answer is right, and if not,
 * why (see sg_steps_write_practice() in sgviz.h and
 * templates/steps/practice.html).
 *
 * The page must not show the answers in its text.  So its pictures are
 * painted with values the drawing is told to show (sg_drawing_show_value)
 * rather than the true ones: every position without a value, or every
 * position P with sg=0, or every position N with a placeholder value that
 * the script replaces with the student's.  The true values, the steps'
 * lines and the page's words travel in one block of data, XOR-ed with a
 * fixed stream of bytes and written in base64: out of plain view, which is
 * all that is asked; the page is not meant to keep a secret from a student
 * who reads its script.
 */
#include "games/game.h"
#include "steps/page.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Wording: templates/practice/LANG.text                                    */
/* ------------------------------------------------------------------------ */

/* The sections up to PW_NSTATIC are written into the page's HTML; the
 * others go to the script, which fills in their placeholders as it goes. */
enum {
    PW_TITLE,
    PW_QUESTION_HEADING,
    PW_CHECK,
    PW_SHOW,
    PW_KEEP,
    PW_NEXT,
    PW_HINT,
    PW_KEYS,
    PW_TABLE_HEADING,
    PW_HIDDEN,
    PW_SCORE_HEADING,
    PW_CORRECTIONS_HEADING,
    PW_SHEET_HEADING,
    PW_COPY,
    PW_DOWNLOAD,
    PW_RESTART,
    PW_NSTATIC
};

static const char *const practice_sections[] = {
    /* written into the page */
    "title", "question-heading", "check", "show", "keep", "next", "hint",
    "keys", "table-heading", "hidden", "score-heading", "corrections-heading",
    "sheet-heading", "copy", "download", "restart",
    /* said by the script */
    "progress", "ask-sg", "ask-pn", "ask-both", "hint-sg", "hint-pn",
    "hint-both", "bad-sg", "bad-pn", "bad-both", "right", "right-pn",
    "wrong", "wrong-pn", "wrong-letter", "hint-head", "hint-reach", "moves",
    "hint-values", "hint-letters", "hint-no-moves", "hint-no-moves-pn",
    "split", "split-join", "values", "values-pn", "value", "value-split",
    "ref", "ref-pn", "letter", "xor", "hint-mex", "hint-rule", "hint-last",
    "earlier-wrong", "follows", "follows-pn", "follows-many", "gave",
    "shown", "given", "helped", "kept", "score-first", "score-help",
    "score-wrong", "score-slips", "score-given", "correction-kept",
    "correction-follows", "correction-shown", "correction-retry",
    "correction-tried", "corrections-none", "restored", "copied",
    "sheet-title", "sheet-check", "sheet-given", "sheet-shown", "sheet-line",
    "sheet-mark-shown", "sheet-name", NULL};

#define PW_NSECTIONS (sizeof practice_sections / sizeof *practice_sections - 1)

_Static_assert(PW_NSECTIONS <= SG_TPL_MAX_SECTIONS,
               "the practice wording has more sections than a template holds");

static const char *const practice_vars[] = {
    "game", "x", "given", "sg", "letter", "step", "targets", "values",
    "mine", "slip", "list", "n", "count", "command", "what", NULL};

#define PRACTICE_VAR_COUNT \
    (sizeof practice_vars / sizeof *practice_vars - 1)

/* Built in, never a user's file: every placeholder may appear anywhere. */
static uint64_t practice_allowed[PW_NSECTIONS];

static const char *const no_settings[] = {NULL};

static const sg_tpl_schema practice_schema = {
    "practice wording", practice_sections, practice_vars, practice_allowed,
    no_settings};

/* The page: templates/steps/practice.html.  Its placeholders are a few of
 * its own, then the static sections of the wording by their names. */
enum { PP_LANG, PP_PICTURE, PP_LOOKS, PP_DATA, PP_STYLE, PP_SCRIPT,
       PP_NOWN };

#define PP_NVARS (PP_NOWN + PW_NSTATIC)

static const char *page_vars[PP_NVARS + 1];
static uint64_t page_allowed[1];

static const char *const page_sections[] = {"page", NULL};

static const sg_tpl_schema page_schema = {"practice page", page_sections,
                                          page_vars, page_allowed,
                                          no_settings};

/* Fills in the tables above that are made from others. */
static void init_schemas(void)
{
    static const char *const own[PP_NOWN] = {"lang", "picture", "looks",
                                             "data", "style", "script"};
    for (size_t i = 0; i < PW_NSECTIONS; i++)
        practice_allowed[i] = (UINT64_C(1) << PRACTICE_VAR_COUNT) - 1;
    for (size_t i = 0; i < PP_NOWN; i++)
        page_vars[i] = own[i];
    for (size_t i = 0; i < PW_NSTATIC; i++)
        page_vars[PP_NOWN + i] = practice_sections[i];
    page_vars[PP_NVARS] = NULL;
    page_allowed[0] = (UINT64_C(1) << PP_NVARS) - 1;
}

/* ------------------------------------------------------------------------ */
/* The options                                                              */
/* ------------------------------------------------------------------------ */

static const char *const ask_names[] = {"sg", "pn", "both", NULL};

sg_status sg_practice_ask_parse(sg_ctx *ctx, const char *name,
                                sg_practice_ask *ask)
{
    int i = sg_pick_name(ctx, name, ask_names, "--ask", "kind of answer");
    if (i < 0)
        return ctx->status;
    *ask = (sg_practice_ask)i;
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The data                                                                 */
/* ------------------------------------------------------------------------ */

/* Appends section ID of WORDS as a JSON string for the script. */
static void script_words(sg_buf *b, const sg_template *words, int id)
{
    sg_page_script_words(b, words, id, practice_vars);
}

/* The page's data as JSON: the options, the words, and every step with
 * its value, its moves (each the list of positions it leaves) and its
 * lines. */
static sg_status practice_data(sg_ctx *ctx, const sg_steps *st,
                               const sg_practice_opts *o,
                               const sg_template *words, sg_buf *b)
{
    static const struct {
        const char *key;
        int id;
    } table_words[] = {{"rowx", WS_ROW_X}, {"rowsg", WS_ROW_SG},
                       {"rowpn", WS_ROW_PN}};
    const char *none[WV_NVARS] = {NULL};
    sg_buf_printf(b, "{\"ask\": \"%s\", \"from\": %llu, \"shuffle\": %s, "
                  "\"hide\": %s, \"game\": ", ask_names[o->ask],
                  (unsigned long long)o->first, o->shuffle ? "true" : "false",
                  o->hide_picture ? "true" : "false");
    sg_page_json_string(b, sg_steps_game_title(st));
    sg_buf_puts(b, ", \"command\": ");
    sg_page_json_string(b, o->check_command ? o->check_command : "");
    sg_buf_puts(b, ",\n\"tableWords\": {");
    for (size_t i = 0; i < sizeof table_words / sizeof *table_words; i++) {
        char *text;
        if (sg_steps_words(ctx, st, table_words[i].id, none, &text) != SG_OK)
            return ctx->status;
        sg_buf_printf(b, "%s\"%s\": ", i ? ", " : "", table_words[i].key);
        sg_page_json_string(b, text);
        free(text);
    }
    sg_buf_puts(b, "},\n\"words\": {");
    for (size_t id = PW_NSTATIC; id < PW_NSECTIONS; id++) {
        sg_buf_printf(b, "%s\n\"%s\": ", id > PW_NSTATIC ? "," : "",
                      practice_sections[id]);
        script_words(b, words, (int)id);
    }
    sg_buf_puts(b, "},\n\"steps\": [");
    char name_buf[32];
    for (size_t k = 0; k < st->count; k++) {
        sg_buf_puts(b, k ? ",\n{\"x\": " : "\n{\"x\": ");
        sg_page_json_string(b, sg_game_position_name(st->game, k, name_buf,
                                                     sizeof name_buf));
        sg_buf_printf(b, ", \"sg\": %llu, \"m\": [",
                      (unsigned long long)st->sg[k]);
        for (size_t i = st->first[k]; i < st->first[k + 1]; i++) {
            sg_buf_puts(b, i > st->first[k] ? ",[" : "[");
            for (size_t j = st->part_first[i]; j < st->part_first[i + 1]; j++)
                sg_buf_printf(b, "%s%llu", j > st->part_first[i] ? "," : "",
                              (unsigned long long)st->parts[j]);
            sg_buf_putc(b, ']');
        }
        sg_buf_puts(b, "], \"caption\": ");
        sg_page_json_string(b, st->caption[k]);
        sg_buf_puts(b, ", \"trace\": ");
        sg_page_json_string(b, st->trace[k]);
        sg_buf_putc(b, '}');
    }
    sg_buf_puts(b, "\n]}");
    return SG_OK;
}

/* The first state of the stream the data is XOR-ed with; the page's script
 * starts from the same one. */
#define PRACTICE_STREAM_SEED UINT32_C(0x53477669)

/* Appends DATA[0..len), each byte XOR-ed with the next byte of the stream
 * (the top byte of a linear congruential generator's state), in base64,
 * 76 characters a line. */
static void encode(sg_buf *b, const char *data, size_t len)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    uint32_t s = PRACTICE_STREAM_SEED;
    unsigned char in[3];
    size_t n = 0, column = 0;
    for (size_t i = 0; i < len || n; i++) {
        if (i < len) {
            s = s * UINT32_C(1103515245) + UINT32_C(12345);
            in[n++] = (unsigned char)((unsigned char)data[i] ^ (s >> 24));
            if (n < 3)
                continue;
        } else {
            for (size_t j = n; j < 3; j++)
                in[j] = 0;
        }
        char out[4] = {digits[in[0] >> 2],
                       digits[((in[0] & 3) << 4) | (in[1] >> 4)],
                       digits[((in[1] & 15) << 2) | (in[2] >> 6)],
                       digits[in[2] & 63]};
        if (n < 3)
            out[3] = '=';
        if (n < 2)
            out[2] = '=';
        if (column == 76) {
            sg_buf_putc(b, '\n');
            column = 0;
        }
        sg_buf_add(b, out, 4);
        column += 4;
        n = 0;
    }
}

/* ------------------------------------------------------------------------ */
/* The page                                                                 */
/* ------------------------------------------------------------------------ */

/* The looks a position (or a sum of heaps) can have on the page; the
 * script replaces the values the P and N looks show with the student's.
 * In the target looks the moves are the current position's, so that the
 * sums they lead into are targets too (a move itself takes its look from
 * its position's state, never from a target look). */
static const sg_page_look practice_looks[] = {
    {"unknown", SG_NODE_PENDING, SG_EDGE_PENDING, true, SG_VALUE_UNKNOWN},
    {"asked", SG_NODE_CURRENT, SG_EDGE_CURRENT, true, SG_VALUE_UNKNOWN},
    {"P", SG_NODE_VALUE, SG_EDGE_NORMAL, true, 0},
    {"N", SG_NODE_VALUE, SG_EDGE_NORMAL, true, SG_PAGE_SHOW_ODD},
    {"target-P", SG_NODE_TARGET, SG_EDGE_CURRENT, true, 0},
    {"target-N", SG_NODE_TARGET, SG_EDGE_CURRENT, true, SG_PAGE_SHOW_ODD}};

sg_status sg_steps_write_practice(sg_ctx *ctx, sg_steps *st,
                                  const sg_practice_opts *opts, FILE *out)
{
    sg_practice_opts o = {0};
    if (opts && sg_opts_take(ctx, &o, sizeof o, opts,
                             SG_OPTS_V0(sg_practice_opts, check_command), "sg_practice_opts") != SG_OK)
        return ctx->status;
    if ((unsigned)o.ask > SG_PRACTICE_BOTH)
        return sg_ctx_fail(ctx, SG_EINPUT, "unknown kind of answer %d",
                           (int)o.ask);
    if (o.first >= st->count)
        return sg_ctx_fail(ctx, SG_EINPUT, "the first position asked, step "
                           "%llu, is beyond the last step, %zu",
                           (unsigned long long)o.first, st->count - 1);
    if (st->opts.highlight_wins)
        return sg_ctx_fail(ctx, SG_EINPUT, "--highlight-wins would show "
                           "which positions are P before the student works "
                           "them out; leave it out of a practice page");
    init_schemas();

    char name[64];
    snprintf(name, sizeof name, "practice/%s.text", st->lang);
    sg_template *words = sg_tpl_builtin(ctx, &practice_schema, name);
    sg_drawing *d = words ? sg_steps_drawing(ctx, st, 0) : NULL;
    sg_buf picture, looks, data, encoded;
    sg_buf_init(&picture);
    sg_buf_init(&looks);
    sg_buf_init(&data);
    sg_buf_init(&encoded);
    char *text[PW_NSTATIC] = {NULL};
    sg_status status = d ? SG_OK : ctx->status;
    if (status == SG_OK)
        status = sg_page_looks(ctx, d, st, practice_looks,
                               sizeof practice_looks / sizeof *practice_looks,
                               &looks);
    /* The picture as the page first shows it: nothing answered. */
    if (status == SG_OK)
        status = sg_page_style_look(ctx, d, st, &practice_looks[0]);
    if (status == SG_OK)
        status = sg_page_svg(ctx, d, &picture);
    if (status == SG_OK)
        status = practice_data(ctx, st, &o, words, &data);
    if (status == SG_OK && !data.failed)
        encode(&encoded, data.data, data.len);

    const char *vars[PRACTICE_VAR_COUNT] = {sg_steps_game_title(st)};
    for (int id = 0; status == SG_OK && id < PW_NSTATIC; id++) {
        sg_buf b;
        sg_buf_init(&b);
        sg_tpl_say(&b, words, id, vars);
        sg_buf_putc(&b, '\0');
        text[id] = b.data;
        if (b.failed)
            status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the "
                                 "page");
    }
    sg_buf_putc(&picture, '\0');
    sg_buf_putc(&looks, '\0');
    sg_buf_putc(&encoded, '\0');
    if (status == SG_OK && (picture.failed || looks.failed || data.failed ||
                            encoded.failed))
        status = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory writing the page");

    if (status == SG_OK) {
        sg_page_text texts[PP_NVARS] = {
            [PP_LANG] = {st->lang, true},
            [PP_PICTURE] = {picture.data, false},
            [PP_LOOKS] = {looks.data, false},
            [PP_DATA] = {encoded.data, false}};
        for (int id = 0; id < PW_NSTATIC; id++)
            texts[PP_NOWN + id] = (sg_page_text){text[id], true};
        status = sg_page_write(ctx, &page_schema, "steps/practice.html",
                               PP_STYLE, PP_SCRIPT, texts, out);
    }
    for (int id = 0; id < PW_NSTATIC; id++)
        free(text[id]);
    sg_buf_free(&picture);
    sg_buf_free(&looks);
    sg_buf_free(&data);
    sg_buf_free(&encoded);
    sg_drawing_free(d);
    sg_template_free(words);
    return status;
}
