/*
 * games/hackenbush.h - Green Hackenbush pictures (private): what the reader
 * in src/render hands the kind, and what the drawing asks of it.
 */
#ifndef SGVIZ_GAMES_HACKENBUSH_H
#define SGVIZ_GAMES_HACKENBUSH_H

#include "games/game.h"

/* The most edges a picture may have: its value and every deletion's value
 * are worked by the principles, E + 1 passes over E edges. */
#define SG_PICTURE_MAX_EDGES 5000u
/* The most pictures that deletions may reach, all files together, for the
 * commands that show every one (table, trace, steps, the state graph);
 * only pictures of at most 64 edges are explored. */
#define SG_PICTURE_MAX_REACHED 20000u
#define SG_PICTURE_EXPLORED_EDGES 64u

/* A picture: an undirected multigraph on vertices 0..nverts-1, vertex 0
 * the ground; edge i joins eu[i] and ev[i] (a loop when they are equal),
 * numbered from 1 in messages and names, in the file's order. */
typedef struct sg_picture {
    char *name;     /* the file's name, as given */
    size_t nverts;
    char **vnames;  /* each vertex's node name */
    size_t nedges;
    uint32_t *eu, *ev;
} sg_picture;

void sg_picture_free(sg_picture *p);

/* The game of the pictures PICS[0..n) (which it takes, freeing them on
 * failure too): a move deletes an edge, and whatever no longer reaches the
 * ground falls away.  Returns NULL after recording an error. */
sg_game *sg_game_from_pictures(sg_ctx *ctx, sg_picture **pics, size_t n);

/* When GAME is played on pictures: picture I of its files (NULL beyond the
 * last, or for other kinds). */
const sg_picture *sg_game_picture(const sg_game *game, size_t i);

/* The value of picture P with the edges whose KEEP[i] is set (NULL: every
 * edge), by the fusion and colon principles.  When WORKING is not NULL,
 * appends the working in LANG ("en", "zh"). */
sg_value sg_picture_value(const sg_picture *p, const unsigned char *keep,
                          sg_buf *working, const char *lang);

#endif /* SGVIZ_GAMES_HACKENBUSH_H */
