/*
 * certify.c - the smallest period of a sequence of values that a theorem
 * proves from the values alone.
 *
 * Periodicity theorems for games say: if sg(x + p) = sg(x) for every x in
 * n0 <= x < end(n0, p), then it holds for every x >= n0.  Given sg(0..len-1)
 * we want the smallest p (and for it the least n0) whose run of equal pairs
 * reaches that far.  Trying every p with its own scan costs O(len) for each
 * p that nearly works (every multiple of the true period does), so this
 * looks at all of them at once instead.
 *
 * A run sg(x + p) = sg(x) for n0 <= x < len - p says that the suffix
 * sg(n0..len-1) has period p.  The smallest period of a suffix never
 * decreases as the suffix grows (a period of a string is one of each of its
 * parts), and the Knuth-Morris-Pratt failure function of the reversed
 * sequence gives it for every suffix length in O(len).  If some p is proved,
 * so is the smallest period q of the same suffix: its run starts no later,
 * and end() grows with both arguments, so q's certificate is no longer.
 * Hence it is enough to try, for each value q the smallest period takes,
 * the longest suffix it is the period of.
 */
#include "internal.h"

int sg_certified_period(const void *a, unsigned width, uint64_t len,
                        uint64_t (*end)(const void *user, uint64_t n0,
                                        uint64_t p),
                        const void *user, uint32_t *fail, uint64_t *n0,
                        uint64_t *p, uint64_t *want)
{
    *want = 0;
    if (len < 2)
        return 0;
    /* fail[j]: the longest proper border of the reversed prefix of length
     * j + 1, i.e. of the suffix sg(len-1-j .. len-1). */
    const uint64_t last = len - 1;
    fail[0] = 0;
    uint64_t q = 0;
    for (uint64_t j = 1; j < len; j++) {
        sg_value c = sg_load(a, width, last - j);
        while (q > 0 && sg_load(a, width, last - q) != c)
            q = fail[q - 1];
        if (sg_load(a, width, last - q) == c)
            q++;
        fail[j] = (uint32_t)q;
    }
    /* Walk the suffixes from the longest down: the smallest period only
     * shrinks, and the first suffix of each period seen is the longest one
     * it belongs to.  The smallest provable period is the last one found
     * on the way down, so every candidate is tried and the least kept. */
    int found = 0;
    uint64_t seen = 0;
    for (uint64_t l = len; l >= 1; l--) {
        uint64_t per = l - fail[l - 1];
        if (per == seen)
            continue;
        seen = per;
        /* A suffix that holds fewer than two blocks says nothing. */
        if (per >= l)
            continue;
        uint64_t start = len - l, need = end(user, start, per);
        if (need == UINT64_MAX || need > UINT64_MAX - per)
            continue;
        if (need + per <= len) {
            *n0 = start;
            *p = per;
            found = 1;
        } else if (*want == 0 || need + per < *want) {
            *want = need + per;
        }
    }
    return found;
}
