/*
 * sgviz/play.h - playing a game against sgviz, and being told why.
 *
 * Part of the public interface of libsgviz; include <sgviz.h>, which
 * includes every part, or this file alone.  The conventions that hold for
 * every function are stated once, at the top of sgviz/core.h.
 *
 * A game of its own layer, above the core (values, sums, misère play) and
 * the templates that give it its words, so that the terminal and the page
 * (sg_play_write_page()) share one implementation of the rules and of
 * what is said about each move.
 */
#ifndef SGVIZ_PLAY_H
#define SGVIZ_PLAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"
#include "draw.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A position of the game played is a sum of positions of GAME (one heap,
 * "14", or several, "3+4+5", or nodes of a DOT game).  A move changes one
 * part as GAME allows; a move that splits a heap replaces it by the heaps
 * it leaves.  The player who cannot move loses (normal play), or with
 * misère play wins.
 *
 * The computer moves from an N-position to a P-position, and from a
 * P-position plays the move that keeps the game longest under best play
 * (the longest game the winner cannot shorten), or, when the positions
 * reachable are too many to search, the move that leaves the most.  Each
 * move, the computer's and the player's, comes with its reason, worked out
 * from the values: the nim-sum of the parts' sg values in normal play, the
 * rule the misère solver knows in misère play.
 *
 * The player's input is read line by line: a move written as the position
 * it leaves ("1+4+5"), or as a heap and an amount ("3:2": take 2 from the
 * heap of 3); "?" for a hint, which comes in steps (the values of the
 * parts, the nim-sum, which part to move in, the move); "u" to take a move
 * back.  A line that is no move gets one line that says why, and the same
 * turn again: input never ends the game or fails.
 */

typedef struct sg_play sg_play;

/* Who moves: the person at the keyboard (player 1 in a game of two
 * players), or the computer (player 2). */
enum { SG_PLAY_YOU = 0, SG_PLAY_COMPUTER = 1 };

typedef struct sg_play_opts {
    /* sizeof (sg_play_opts) as the caller was built with it, or 0 for the
     * fields of libsgviz 0.2 (see "Conventions" in sgviz/core.h). */
    size_t size;
    const char *lang;       /* "en" (NULL) or "zh" */
    int misere;             /* the last player to move loses */
    int computer_first;     /* the computer makes the first move */
    int two_players;        /* two people play; the computer never moves */
    int no_hints;           /* "?" is answered with "hints are off" */
    uint64_t search_limit;  /* the misère search's bound (0: its default) */
} sg_play_opts;

/* Starts a game of GAME from the sum of PARTS[0..n), N from 1 to
 * SG_POSITION_MAX_PARTS.  Returns NULL on error: an unknown language, a
 * part that is not a position of GAME (SG_EINPUT); a position with more
 * moves than a game lists (10^6) or values beyond memory (SG_ELIMIT); with
 * misère play, a sum for which the solver knows no rule within its bound
 * (SG_ELIMIT, naming the sum); SG_ENOMEM.  GAME must outlive the play,
 * which the caller frees with sg_play_free(). */
SG_API sg_play *sg_play_new(sg_ctx *ctx, const sg_game *game,
                            const uint64_t *parts, size_t n,
                            const sg_play_opts *opts);

SG_API void sg_play_free(sg_play *play);

/* What happened, in the order it happened, as sg_play_start() and
 * sg_play_input() report it. */
typedef enum sg_play_event_kind {
    SG_PLAY_SAY,     /* a line about the game: how it starts, its rule */
    SG_PLAY_MOVE,    /* a move was made */
    SG_PLAY_HINT,    /* a hint, step HINT_STEP (1 to 4) */
    SG_PLAY_ILLEGAL, /* the input was no move: TEXT says why */
    SG_PLAY_UNDO,    /* moves were taken back: TO is the position again */
    SG_PLAY_END      /* no move is left: PLAYER won */
} sg_play_event_kind;

typedef struct sg_play_event {
    sg_play_event_kind kind;
    int player;          /* SG_PLAY_YOU or SG_PLAY_COMPUTER: who moved,
                            who won */
    const char *from;    /* a move: the position before it */
    const char *to;      /* a move: the position it leaves; an undo: the
                            position again */
    const char *given;   /* an illegal move: what was typed */
    sg_value value;      /* a move: the nim-sum of the sg values of TO */
    int p_position;      /* a move: TO is a P-position (in misère play, a
                            misère P-position): the player who made the
                            move wins with best play */
    unsigned hint_step;  /* a hint: 1 to 4 */
    const char *head;    /* a move: its line, "I move: 3+4+5 -> 1+4+5." */
    const char *text;    /* the words: why the move, the hint, the reason
                            the input was no move, the winner */
} sg_play_event;

/* Begins the game: says how it starts (and, in misère play, by which rule
 * it is decided), and when the computer moves first, makes its move.
 * Returns SG_OK or an error (SG_ENOMEM; SG_ELIMIT when a misère search
 * outgrows its bound). */
SG_API sg_status sg_play_start(sg_ctx *ctx, sg_play *play);

/* Answers one line of input, TEXT[0..len) (no newline needed): a move, "?"
 * or "u".  Input that is no move is an event, not an error.  Returns SG_OK
 * or an error as sg_play_start(). */
SG_API sg_status sg_play_input(sg_ctx *ctx, sg_play *play, const char *text,
                               size_t len);

/* The events of the last call of sg_play_start() or sg_play_input(), and
 * event I of them, owned by PLAY until its next call. */
SG_API size_t sg_play_event_count(const sg_play *play);
SG_API const sg_play_event *sg_play_event_at(const sg_play *play, size_t i);

/* Whether the game is over; who is to move (SG_PLAY_YOU or
 * SG_PLAY_COMPUTER; in a game of two players, the player numbered 1 or 2
 * less one); who won (or -1 while the game goes on). */
SG_API int sg_play_over(const sg_play *play);
SG_API int sg_play_to_move(const sg_play *play);
SG_API int sg_play_winner(const sg_play *play);

/* The position now, e.g. "1+4+5", and the start.  Owned by PLAY. */
SG_API const char *sg_play_position(const sg_play *play);
SG_API const char *sg_play_start_position(const sg_play *play);

/* The line that asks for a move now, e.g. "Your move from 1+4+5 (...):".
 * Owned by PLAY until its next call. */
SG_API const char *sg_play_prompt(const sg_play *play);

/* The whole game so far, one move a line ("1. me: 3+4+5 -> 1+4+5, nim-sum
 * 0"), under a heading, and with TRACE_COMMAND (or NULL) a last line that
 * names it, the command that works out the value of every position of
 * the game; a new string the caller frees, NULL on SG_ENOMEM. */
SG_API char *sg_play_record(sg_ctx *ctx, const sg_play *play,
                            const char *trace_command);

/* The number of moves made so far, and move I's player and positions
 * (from, to), owned by PLAY. */
SG_API size_t sg_play_moves_made(const sg_play *play);
SG_API int sg_play_move_made(const sg_play *play, size_t i,
                             const char **from, const char **to);

/* Parses "you" or "computer", the player who moves first, for option ORIGIN
 * (e.g. "--first").  Returns SG_OK or SG_EINPUT naming the word. */
SG_API sg_status sg_play_first_parse(sg_ctx *ctx, const char *word,
                                     const char *origin, int *computer_first);

/* ---- The page ----------------------------------------------------------- */

/* The most positions a page of play holds: every position reachable from
 * the start is drawn, with its moves and words. */
#define SG_PLAY_PAGE_MAX_POSITIONS SG_SUM_GAME_MAX_POSITIONS

typedef struct sg_play_page_opts {
    /* sizeof (sg_play_page_opts) as the caller was built with it, or 0 for the
     * fields of libsgviz 0.2 (see "Conventions" in sgviz/core.h). */
    size_t size;
    const sg_theme *theme; /* NULL: the built-in "classic" */
    sg_layout layout;      /* SG_LAYOUT_AUTO by default */
} sg_play_page_opts;

/* Writes the game PLAY starts as one self-contained HTML page to OUT: the
 * picture of every position reachable from the start (the grid of a sum of
 * two heaps), on which a move is a click, or typed; the computer's answer
 * with its reason; hints in steps; take back; a new game; two players.
 * Every word and every move the computer makes comes from the same
 * functions as sg_play_input()'s.  OPTS may be NULL.  Returns SG_OK,
 * SG_ELIMIT beyond SG_PLAY_PAGE_MAX_POSITIONS (naming the count), SG_EIO,
 * or an error of the drawing; nothing is written unless the whole page
 * was made. */
SG_API sg_status sg_play_write_page(sg_ctx *ctx, sg_play *play,
                                    const sg_play_page_opts *opts, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SGVIZ_PLAY_H */
