/*
 * play/play.h - what the page of play asks of the game (private): the
 * words and the computer's choice for any position reachable, from the
 * same functions the terminal's game uses (see sgviz/play.h).
 */
#ifndef SGVIZ_PLAY_PLAY_H
#define SGVIZ_PLAY_PLAY_H

#include "internal.h"

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

#endif /* SGVIZ_PLAY_PLAY_H */
