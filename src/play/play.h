/*
 * play/play.h - what the page of play asks of the game (private): the
 * words and the computer's choice for any position reachable, from the
 * same functions the terminal's game uses (see sgviz/play.h).
 */
#ifndef SGVIZ_PLAY_PLAY_H
#define SGVIZ_PLAY_PLAY_H

#include "internal.h"

/* A move that "heap:amount" names: take AMOUNT from the heap HEAP, which
 * leaves the position TO, with the heaps LEFT in place of that heap. */
typedef struct sg_play_amount {
    uint64_t heap, amount;
    char *to, *left;
} sg_play_amount;

/* Everything said about one position: the texts are new strings that
 * sg_play_info_clear() frees. */
typedef struct sg_play_info {
    sg_value value;     /* the nim-sum of the parts' sg values */
    int p_position;     /* the player to move loses with best play */
    int has_move;       /* some move is left */
    /* The computer's move from here: the position it leaves (its parts,
     * new array), and why, as the terminal says it. */
    uint64_t *best;
    size_t nbest;
    char *best_words;   /* "taking 2 from the 3" */
    char *why;          /* the computer's reason for that move */
    char *reason;       /* "3+4+5 has nim-sum 3 xor 4 xor 5 = 2" */
    char *hints[4];     /* the four steps of a hint */
    /* In a game whose moves take amounts, every move with its heap and
     * amount, in the order sg_play_input() looks "heap:amount" up. */
    sg_play_amount *amounts;
    size_t namounts;
} sg_play_info;

/* Works out *INFO for the position of PARTS[0..n) of the game PLAY plays.
 * Returns SG_OK, or an error (SG_ENOMEM; a misère search's SG_ELIMIT). */
sg_status sg_play_info_of(sg_ctx *ctx, sg_play *play, const uint64_t *parts,
                          size_t n, sg_play_info *info);

void sg_play_info_clear(sg_play_info *info);

/* The game PLAY plays, its start (*N parts), its options and its
 * description in its language. */
const sg_game *sg_play_game(const sg_play *play);
const uint64_t *sg_play_start_parts(const sg_play *play, size_t *n);
const sg_play_opts *sg_play_options(const sg_play *play);
const char *sg_play_title(const sg_play *play);

/* The play's wording (templates/play/LANG.text), the names of its
 * placeholders (ending in NULL), and the id of its section NAME (-1 when
 * there is none), for a page's script that says the same words. */
const sg_template *sg_play_words(const sg_play *play);
const char *const *sg_play_word_vars(void);
int sg_play_word_id(const char *name);

/* How the player's input is read, for a page that reads it the same way
 * (see steps/play_page.c): at most this many parts, each named in
 * messages as SG_PLAY_PART_ORIGIN of the game's noun and its number from
 * 1; the heap of "heap:amount" named SG_PLAY_HEAP_ORIGIN; and the messages
 * of a line that cannot be read, besides those of
 * sg_game_parse_position(). */
#define SG_PLAY_MAX_TYPED_PARTS 4096
#define SG_PLAY_PART_ORIGIN "%s %zu"
#define SG_PLAY_HEAP_ORIGIN "the heap"
#define SG_PLAY_MSG_TOO_MANY_PARTS "%zu parts are far more than the position has"
#define SG_PLAY_MSG_EMPTY_PART \
    "%s is empty; write the parts with + between them, e.g. %s"
#define SG_PLAY_MSG_AMOUNT "the amount \"%s\" is not a whole number"

/* The example of a sum of parts the messages give: "3+4+5", or "a+b" in a
 * game of named positions. */
const char *sg_play_parts_example(const sg_play *play);

#endif /* SGVIZ_PLAY_PLAY_H */
