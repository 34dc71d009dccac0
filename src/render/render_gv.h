/*
 * render_gv.h - the render module's one door to Graphviz (private).
 *
 * Only files of the render module include this header, and only this header
 * includes Graphviz's.  Calls whose signatures differ between Graphviz
 * versions go through the small shims below, so that a newer Graphviz means
 * editing one file.
 */
#ifndef SGVIZ_RENDER_GV_H
#define SGVIZ_RENDER_GV_H

#include "internal.h"

#include <cgraph.h>
#include <color.h>
#include <gvc.h>
#include <stdlib.h>

/* Graphviz's own reader of colours and its colour scheme, which libgvc
 * exports (every version since 2.30) without declaring them in its
 * headers; the colour check (attr.c) asks it whether it knows a colour. */
extern int colorxlate(char *str, gvcolor_t *color, color_type_t target_type);
extern char *setColorScheme(char *s);

/* Graphviz 2.42 declares most string parameters `char *` although it never
 * writes through them; later versions say `const char *`.  Passing a string
 * literal or a const string goes through this cast, in one place. */
#define SG_GV_STR(s) ((char *)(uintptr_t)(const void *)(s))

/* Sets attribute SYM of OBJ (a node, edge or graph of G) to the HTML-like
 * string HTML.  cgraph keeps HTML-like strings apart from plain ones, so
 * they must be made with agstrdup_html; agstrfree's signature changes in
 * Graphviz 13, which makes this the one place to adapt. */
static inline void sg_gv_set_html(Agraph_t *g, void *obj, Agsym_t *sym,
                                  const char *html)
{
    char *s = agstrdup_html(g, SG_GV_STR(html));
    agxset(obj, sym, s);
    agstrfree(g, s);
}

/* Sets the default of attribute NAME for objects of KIND in G to the
 * HTML-like string HTML, as sg_gv_set_html() does for one object. */
static inline void sg_gv_default_html(Agraph_t *g, int kind, const char *name,
                                      const char *html)
{
    char *s = agstrdup_html(g, SG_GV_STR(html));
    agattr(g, kind, SG_GV_STR(name), s);
    agstrfree(g, s);
}

/* Frees the layout of G.  Graphviz 2.42's "nop" engines (neato -n) leave
 * behind the node list they build for every layout, which matters to a
 * drawing painted frame after frame; it is freed here first.  Later
 * versions that free it themselves find NULL. */
static inline void sg_gv_free_layout(GVC_t *gvc, Agraph_t *g)
{
    Agraphinfo_t *info =
        (Agraphinfo_t *)aggetrec(g, SG_GV_STR("Agraphinfo_t"), 0);
    if (info && info->neato_nlist) {
        free(info->neato_nlist);
        info->neato_nlist = NULL;
    }
    gvFreeLayout(gvc, g);
}

/* The program's one Graphviz context, created on first need and released
 * with the sg_ctx.  Graphviz wants it to exist before any graph is built or
 * read (otherwise default node labels go missing), so every render function
 * calls this first.  Returns NULL after recording an error. */
GVC_t *sg_gv_context(sg_ctx *ctx);

/* Adds sgviz's own renderer plugins (tikz.c) to GVC, as Graphviz's own are
 * added from its plugin list. */
void sg_gv_add_plugins(GVC_t *gvc);

/* Starts collecting Graphviz's error messages (which arrive in pieces) for
 * the file ORIGIN; sg_gv_errors_end() stops and returns the first message
 * as "ORIGIN:LINE: text" in BUF, or "" if there was none. */
void sg_gv_errors_begin(const char *origin);
const char *sg_gv_errors_end(char *buf, size_t size);

/* Judges one read of a DOT file (a game or a theme) from ORIGIN: G is the
 * graph read (or NULL), EXTRA a second graph found after it (or NULL),
 * ERRORS and MESSAGE what sg_gv_errors_end() collected.  Returns G when the
 * read gave exactly one graph without errors; otherwise closes what was
 * read, records the error and returns NULL.  KIND names the file ("game",
 * "theme") and EXAMPLE the form expected, in messages. */
Agraph_t *sg_gv_one_graph(sg_ctx *ctx, Agraph_t *g, Agraph_t *extra,
                          int errors, const char *message, const char *origin,
                          const char *kind, const char *example);

/* Reads one graph from the DOT file PATH ("-" is standard input) under the
 * bounds of DOT games (--dot-max), directed or not.  WHAT names the file
 * in messages ("game", "picture") and EXAMPLE the form expected.  Returns
 * the graph (the caller closes it with agclose()) or NULL after recording
 * the error, which names the file and the line. */
Agraph_t *sg_dot_read_graph(sg_ctx *ctx, const char *path, const char *what,
                            const char *example);

/* Brings cgraph's scanner back to its first state after a read that may
 * have ended inside a string or a comment (see dot_read.c). */
void sg_gv_scanner_reset(void);

/* The bounds under which DOT games are read (see dot_read.c): bytes of the
 * file, bytes of memory cgraph may hold for the graph, and edges. */
typedef struct sg_dot_bounds {
    uint64_t bytes;
    uint64_t memory;
    uint64_t edges;
} sg_dot_bounds;

/* Sets the bounds of later reads, or with NULL restores the defaults.  For
 * tests, which show each bound at work on a small file. */
void sg_dot_set_bounds(const sg_dot_bounds *b);

/* What a DAG game read from DOT keeps of its file, for drawing it with the
 * file's own attributes: the graph, and the node of each position. */
typedef struct sg_dot_source {
    Agraph_t *graph;
    Agnode_t **nodes; /* nodes[x] is position x's node */
} sg_dot_source;

/* The DOT source of a game read by sg_game_read_dot(), or NULL. */
sg_dot_source *sg_game_dot_source(const sg_game *game);

#endif /* SGVIZ_RENDER_GV_H */
