/*
 * dot_split.h - long chains of edges in DOT text, split into pieces that
 * cgraph's parser can take (private to the render module).
 */
#ifndef SGVIZ_DOT_SPLIT_H
#define SGVIZ_DOT_SPLIT_H

#include "internal.h"

/* The links a chain keeps at most before it is split (a chain of at most
 * this many passes as it is). */
#define SG_DOT_SPLIT_LINKS 512u

typedef struct dot_split dot_split;

/* A splitter reading its bytes through GET(SRC), which returns a byte or
 * -1 at the end (or when it stops the read); NULL when out of memory.
 * MAX_EXTRA bounds the bytes that splitting may add. */
dot_split *dot_split_new(int (*get)(void *src), void *src, uint64_t max_extra);
void dot_split_free(dot_split *d);

/* Fills BUF with up to SIZE - 1 bytes of the text as cgraph is to read it,
 * never past the end of a line, and ends it with a NUL; returns the bytes,
 * 0 at the end.  *NOMEM is set when memory ran out. */
int dot_split_read(dot_split *d, char *buf, int size, bool *nomem);

/* What the text ended inside (a quoted string, an HTML-like string, a
 * comment), in words, or NULL.  Not reliable when the text was too deep to
 * follow, where it is NULL. */
const char *dot_split_open(const dot_split *d);

/* For tests: the links a chain keeps before it is split (0 restores
 * SG_DOT_SPLIT_LINKS), so that small files show splitting at work. */
void sg_dot_set_split_links(unsigned links);

/* The chains split so far by this process, for tests. */
uint64_t sg_dot_chains_split(void);

#endif /* SGVIZ_DOT_SPLIT_H */
