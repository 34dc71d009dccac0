/*
 * render_draw.h - the drawing of a game's state graph, shared by the files
 * of the render module (draw.c, theme.c, layout.c).
 *
 * A drawing is one cgraph graph that holds every position and move with its
 * final coordinates: node `pos`, edge `pos` (explicit Bezier splines) and
 * fixed node sizes.  The layout is computed once, when the drawing is made.
 * Every render then runs Graphviz's "nop2" engine, which only reads those
 * coordinates (no placement, no spline routing), so a drawing can be
 * restyled and rendered again and again with every node in the same place.
 */
#ifndef SGVIZ_RENDER_DRAW_H
#define SGVIZ_RENDER_DRAW_H

#include "games/game.h"
#include "render/render_gv.h"

/* ------------------------------------------------------------------------ */
/* Bounds.  Drawing takes time that grows with the graph and with the      */
/* layout, so each layout has its own limit, checked before any graph is   */
/* built; a drawing beyond it is refused with its size and a hint.         */
/* ------------------------------------------------------------------------ */

/* Positions whose values and moves are gathered at all (before --from
 * keeps only the reachable ones), and moves gathered among them. */
#define SG_DRAW_MAX_GATHERED 100000u
#define SG_DRAW_MAX_GATHERED_MOVES 2000000u
/* One row of positions stops being a picture somewhere past this. */
#define SG_LINE_MAX_NODES 150u
/* Positions and moves the grid draws in a few seconds, PNG included. */
#define SG_GRID_MAX_NODES 5000u
#define SG_GRID_MAX_MOVES 40000u
/* Moves from or to one position, in every layout.  Beyond a few hundred
 * they are a blur; and Graphviz counts a node's edges (agnedges, in the
 * layout every drawing goes through) by a recursion that can be as deep as
 * their number, which must stay far from the bottom of the stack. */
#define SG_DRAW_MAX_DEGREE 5000u
/* dot's layered layout costs about the square of its "virtual nodes" (one
 * per rank an edge crosses); this many take it several seconds. */
#define SG_DOT_MAX_COST 6000u
/* What `auto` gives to each layout: one row for small subtraction games,
 * layers for small DAG games, the grid for everything else. */
#define SG_AUTO_LINE_NODES 25u
#define SG_AUTO_DOT_COST 1500u
/* The widest a picture chosen by `auto` may be, width over height: a
 * slide's shape, or a little wider. */
#define SG_MAX_ASPECT 3.0
/* Moves beyond this make a drawing "dense": the theme's dense -> dense
 * style thins every move so that the positions stay readable. */
#define SG_DENSE_MOVES 300u

/* ------------------------------------------------------------------------ */
/* Themes                                                                   */
/* ------------------------------------------------------------------------ */

/* The styles a theme names with special nodes, and with edges between
 * them (see templates/themes/classic.dot). */
typedef enum sg_node_style_id {
    STYLE_P,
    STYLE_N,
    STYLE_PENDING,
    STYLE_CURRENT,
    STYLE_TARGET,
    STYLE_LEGEND,
    NODE_STYLE_COUNT
} sg_node_style_id;

typedef enum sg_edge_style_id {
    ESTYLE_WIN,     /* N -> P */
    ESTYLE_NN,      /* N -> N */
    ESTYLE_PN,      /* P -> N */
    ESTYLE_DENSE,   /* dense -> dense */
    ESTYLE_CURRENT, /* current -> target */
    ESTYLE_PENDING, /* pending -> pending */
    EDGE_STYLE_COUNT
} sg_edge_style_id;

typedef struct sg_attr {
    char *name;
    char *value;
} sg_attr;

typedef struct sg_attr_list {
    sg_attr *items;
    size_t n;
} sg_attr_list;

struct sg_theme {
    char *origin; /* the built-in name or the file, for messages */
    sg_attr_list graph, node, edge; /* attributes of the whole drawing */
    sg_attr_list node_style[NODE_STYLE_COUNT];
    sg_attr_list edge_style[EDGE_STYLE_COUNT];
    /* Which styles the theme names at all (a style may be named with no
     * attributes, to keep what the defaults give). */
    bool has_node_style[NODE_STYLE_COUNT];
    bool has_edge_style[EDGE_STYLE_COUNT];
    /* Every attribute name the theme mentions for nodes and for edges
     * (values unused). */
    sg_attr_list node_names, edge_names;
};

/* The value of NAME in L, or NULL. */
const char *sg_attr_find(const sg_attr_list *l, const char *name);

/* Checks attribute NAME = VALUE of an object of KIND (AGRAPH, AGNODE or
 * AGEDGE) in a user's DOT file ORIGIN (a game or a theme), belonging to
 * OWNER ("node a", "edge a -> b", "the graph"); HTML says VALUE is an
 * HTML-like label.  *KEEP says whether the attribute passes to Graphviz:
 * only those that style a drawing do (attr.c lists them), and a link that
 * may not reach a picture does not.  *CLEANED, when not NULL on return, is
 * what to use instead of VALUE, a new string the caller frees: "" for a
 * link dropped, an HTML-like label without its bad links.  Returns SG_OK,
 * or SG_EINPUT naming the value, its owner and ORIGIN when the value is
 * not of the form Graphviz expects. */
sg_status sg_attr_check(sg_ctx *ctx, int kind, const char *name,
                        const char *value, bool html, const char *origin,
                        const char *owner, bool *keep, char **cleaned);

/* Whether attribute NAME of KIND may pass from a user's file at all. */
bool sg_attr_passes(int kind, const char *name);

/* Gives THEME's sans fonts a sans font of LANG's script after them (for
 * "zh", Chinese characters in a sans CJK font rather than the serif
 * fontconfig may substitute); nothing for a Latin script or where no such
 * font is installed.  Returns SG_OK or SG_ENOMEM. */
sg_status sg_theme_for_lang(sg_ctx *ctx, sg_theme *theme, const char *lang);

/* A deep copy of THEME, or NULL after recording SG_ENOMEM. */
sg_theme *sg_theme_clone(sg_ctx *ctx, const sg_theme *theme);

/* ------------------------------------------------------------------------ */
/* Drawings                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct sg_point {
    double x, y;
} sg_point;

/* A box in Graphviz's coordinates (points, y upwards). */
typedef struct sg_box {
    double x0, y0, x1, y1;
} sg_box;

typedef struct sg_resolved {
    Agsym_t *sym;
    const char *value; /* owned by the drawing's theme */
} sg_resolved;

struct sg_drawing {
    const sg_game *game;
    sg_dot_source *src; /* the DOT file of a DAG game, or NULL */
    sg_drawing_opts opts;
    sg_theme *theme; /* the drawing's own copy */
    sg_layout layout;
    uint64_t last;  /* positions 0..last were gathered */
    bool dense;
    /* What a node writes before its value, in the legend's language:
     * "sg=" in English, "SG=" in Chinese, as the captions write it. */
    char value_prefix[16];

    Agraph_t *g;

    /* The positions drawn, in increasing order: node i is position x[i]. */
    size_t n;
    uint64_t *x;
    sg_value *sg;
    uint64_t *step;        /* Every-SG: each node's step count, or NULL */
    sg_value *shown;       /* the value each node shows: its own, or one
                              given by sg_drawing_show_value() */
    Agnode_t **node;
    unsigned char *nstate; /* sg_node_state of each node */
    size_t *index_of;      /* position -> node index, SIZE_MAX if not drawn */

    /* Games whose moves split a heap: a move that leaves several heaps
     * points at a node of their sum, so that the sum and its value show.
     * Node n + j is sum j, the heaps sum_parts[sum_first[j] ..
     * sum_first[j + 1]), ordered by their total, then by the heaps; the
     * arrays sg, shown, node, nstate and at hold n + nsums entries.  A
     * sum's state and the value it shows follow from its heaps' and its
     * moves' (sums.c). */
    size_t nsums;
    size_t *sum_first;
    uint64_t *sum_parts;
    double sum_w, sum_h; /* a sum node's size, points */

    /* The moves between drawn positions, grouped by tail: the moves of node
     * i are first[i] .. first[i+1]. */
    size_t m;
    size_t *first;
    size_t *tail;
    size_t *head;
    uint64_t *amount;  /* the amount taken (subtraction games), or NULL */
    Agedge_t **edge;
    Agedge_t **src_edge; /* the file's edge of each move (DAG games) */
    unsigned char *estate; /* sg_edge_state of each move */

    /* Geometry. */
    double diam;   /* node diameter, points */
    double alen;   /* arrowhead length, points */
    sg_point *at;  /* node centres (line and grid layouts) */
    sg_box box;    /* the game's part of the picture */
    sg_box extent; /* the whole picture, legend included */

    /* Attributes that styles set, with what each node or edge goes back to
     * before a new style is applied: the file's value where a DOT game has
     * one, else the theme's default. */
    size_t nstyled, estyled;
    Agsym_t **nsym, **esym;
    Agsym_t **nsrc, **esrc;   /* the file's symbol of each, or NULL */
    const char **ndefault, **edefault;
    /* Each style as (symbol, value) pairs, ready to apply. */
    sg_resolved *nres[NODE_STYLE_COUNT];
    size_t nresn[NODE_STYLE_COUNT];
    sg_resolved *eres[EDGE_STYLE_COUNT];
    size_t eresn[EDGE_STYLE_COUNT];
    Agsym_t *n_label, *n_xlabel, *n_style, *n_class, *e_style, *e_class;
    Agsym_t *n_width, *n_height, *n_shape, *n_peripheries;
    Agsym_t *src_label;       /* the file's node label symbol, or NULL */
    Agsym_t *c_label;         /* the caption's label */

    Agnode_t *caption; /* the caption's line, or NULL */
};

/* ---- Sums (sums.c): the nodes that moves splitting a heap point at --- */

/* Adds the sums that the moves FIRST[x] .. FIRST[x + 1] of every position x
 * kept in D leave (move j leaves PARTS[PART_START[j] .. PART_START[j +
 * 1]); a move that leaves one position is no sum) as nodes n .. n + nsums
 * - 1, with their values from VALUES, and points those moves' heads at
 * them: HEAD[j] for move j of a kept position, SIZE_MAX for the others.
 * Returns SG_OK or SG_ENOMEM. */
sg_status sg_draw_gather_sums(sg_ctx *ctx, sg_drawing *d,
                              const uint64_t *first, const size_t *part_start,
                              const uint64_t *parts, const unsigned char *keep,
                              const sg_values *values, size_t *head);

/* A sum's name, "1+2", and its id in SVG, "s1_2" (with SEP "_"). */
void sg_draw_sum_name(const sg_drawing *d, size_t j, const char *sep,
                      char *buf, size_t size);

/* Measures the sums' labels into sum_w and sum_h, in FONTSIZE. */
void sg_draw_size_sums(sg_drawing *d, double fontsize);

/* Styles every sum node as its heaps and moves make it: greyed while one
 * of its heaps is (its value is not known yet), a target while a current
 * move points at it, hidden with a hidden heap; otherwise P or N by its
 * value.  Drawn as a small box, doubly framed where P-positions have a
 * double ring. */
void sg_draw_style_sums(sg_drawing *d);

/* Places the sum nodes and the moves into them, for the line and grid
 * layouts: under the positions that point at them, in one band below the
 * picture so far (and one above, when one band would be much wider than
 * the row of positions), or, for the grid (WRAP), in rows as wide as the
 * grid.  Moves into sums are straight, so that none crosses a node in
 * the line layout.  Returns SG_OK or SG_ENOMEM. */
sg_status sg_layout_place_sums(sg_ctx *ctx, sg_drawing *d, Agsym_t *pos,
                               Agsym_t *lp, double fontsize, bool wrap);

/* Chooses the layout for `auto`, or checks the one asked for, against the
 * bounds above.  Returns SG_OK or SG_ELIMIT with the size and a hint. */
sg_status sg_layout_decide(sg_ctx *ctx, sg_drawing *d);

/* Places the game's nodes and moves (node and edge `pos`) with the drawing's
 * layout and records the box they take.  Returns SG_OK or an error. */
sg_status sg_layout_place(sg_ctx *ctx, sg_drawing *d, GVC_t *gvc);

/* Adds the legend (and the caption's line) under the game's box. */
sg_status sg_layout_legend(sg_ctx *ctx, sg_drawing *d);

/* The legend's wording in language LANG (NULL: English), from
 * templates/legend/LANG.text.  Returns a new template the caller frees with
 * sg_template_free(), or NULL after recording SG_EINPUT for an unknown
 * language. */
sg_template *sg_legend_wording(sg_ctx *ctx, const char *lang);

/* The [value] section of the legend's wording WORDS, what a node writes
 * before its value ("sg="), or with MISERE the [value-misere] one ("g-="),
 * into BUF of SIZE bytes. */
void sg_legend_value_prefix(const sg_template *words, int misere, char *buf,
                            size_t size);

/* Lays D out and has Graphviz paint it with the renderer FORMAT into
 * CONTEXT (for sgviz's own renderers, which paint into a structure rather
 * than a file).  Returns SG_OK or an error, as sg_drawing_render(). */
sg_status sg_draw_paint_context(sg_ctx *ctx, sg_drawing *d,
                                const char *format, void *context);

/* Sets a node's or edge's attribute by name (declaring nothing: the
 * attribute must have been declared with agattr). */
void sg_draw_set(void *obj, Agsym_t *sym, const char *value);

/* Sets node V's width and height so that its outermost ring has diameter
 * SIZE, whatever the number of rings its current style gives it. */
void sg_draw_ring_size(const sg_drawing *d, Agnode_t *v, double size);

/* "x,y" in points with two decimals. */
void sg_draw_point(char *buf, size_t size, double x, double y);


/* An estimate of the width in points of TEXT set in FONTSIZE, generous
 * enough for Helvetica and DejaVu Sans alike. */
double sg_draw_text_width(const char *text, double fontsize);

/* A theme's number, e.g. the node default "fontsize", or FALLBACK. */
double sg_theme_number(const sg_attr_list *l, const char *name,
                       double fallback);

#endif /* SGVIZ_RENDER_DRAW_H */
