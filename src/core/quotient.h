/*
 * core/quotient.h - the misère quotient of a heap game, learned from
 * outcomes and then proved for every sum (private).
 *
 * Under misère play the outcome of a sum is not a function of its parts'
 * values, but for many games it is a function of their classes in a small
 * commutative monoid, the misère quotient (Plambeck and Siegel): two sums
 * are in one class when adding any third sum gives both the same outcome.
 * This module finds such a monoid as an automaton that reads a sum one
 * part at a time: states stand for classes, reading a part moves from a
 * state to another, and each state says P or N.
 *
 * The automaton is learned from true outcomes (which the caller's search
 * supplies), heap size by heap size, and is used only once it is proved:
 *
 *  1. Reading is commutative: for every state s and parts a, b, reading a
 *     then b leads where reading b then a does.  So every sum X reaches
 *     one state, phi(X), whatever the order of its parts.
 *  2. For every sum X let R(X) be the set of states its options reach.
 *     Adding a part g gives R(X + g) = { r.g : r in R(X) } together with
 *     { phi(X).O : O an option of g }, so the pair (phi(X), R(X)) follows
 *     from the pair of X and g alone.  A breadth-first walk over every
 *     pair reachable from the empty sum checks, at each, that phi(X) says
 *     P exactly when R(X) is not empty and holds no P state.
 *
 * Then, by induction on the size of X, phi(X) says P exactly when X is a
 * misère P-position, for every sum of parts up to the proved size: no
 * learned outcome is trusted beyond what the proof covers.
 */
#ifndef SGVIZ_CORE_QUOTIENT_H
#define SGVIZ_CORE_QUOTIENT_H

#include "internal.h"

/* The options of positions 0..count-1: option o of position x
 * (first[x] <= o < first[x + 1]) leaves the parts
 * part[part_start[o] .. part_start[o + 1]), sorted, without the parts
 * that have no moves.  A position with no options is never a part. */
typedef struct sg_quotient_moves {
    uint64_t count;
    const size_t *first;
    const size_t *part_start;
    const uint32_t *part;
} sg_quotient_moves;

/* The true misère outcome of the sum MS[0..k) (sorted, each part with
 * moves): *IS_P set when the player to move loses.  Returns SG_OK or an
 * error, which ends the learning. */
typedef sg_status (*sg_quotient_truth)(void *user, const uint32_t *ms,
                                       size_t k, bool *is_p);

typedef struct sg_quotient sg_quotient;

/* An empty quotient.  Returns NULL only on SG_ENOMEM. */
sg_quotient *sg_quotient_new(sg_ctx *ctx);
void sg_quotient_free(sg_quotient *q);

/* Learns and proves the quotient of every sum of parts up to LEVEL (at
 * most MOVES->count - 1), asking TRUTH for outcomes.  Returns SG_OK, an
 * error of TRUTH, SG_ENOMEM, or SG_ELIMIT (no message) when the quotient
 * has more classes, or the proof more pairs, than this module keeps; the
 * parts proved before stay proved. */
sg_status sg_quotient_extend(sg_ctx *ctx, sg_quotient *q,
                             const sg_quotient_moves *moves, uint32_t level,
                             sg_quotient_truth truth, void *user);

/* Every sum of parts below this is proved (0: none yet)... */
uint32_t sg_quotient_level(const sg_quotient *q);

/* ...and so is every such sum plus this many copies of part level (0
 * once the level is done; 1 while sums with two copies are learned). */
unsigned sg_quotient_copies(const sg_quotient *q);

/* The classes of the proved quotient (its states). */
size_t sg_quotient_classes(const sg_quotient *q);

/* The pairs the last proof walked over. */
uint64_t sg_quotient_pairs(const sg_quotient *q);

/* Whether the proof covers the sum MS[0..k) (sorted): every part below the
 * level, or a few copies of the level itself while it is being learned. */
bool sg_quotient_covers(const sg_quotient *q, const uint32_t *ms, size_t k);

/* Whether the sum MS[0..k), each part with moves and covered, is a misère
 * P-position. */
bool sg_quotient_is_p(const sg_quotient *q, const uint32_t *ms, size_t k);

#endif
