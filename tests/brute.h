/*
 * brute.h - the independent computation the suites check sgviz against:
 * sg values of a subtraction game by the classic template of the teaching
 * notes, which clears a "seen" array for every position, marks the values
 * of the targets and takes the least unmarked value.  O(N^2), obviously
 * right, and sharing no code with the library.
 */
#ifndef SGVIZ_TEST_BRUTE_H
#define SGVIZ_TEST_BRUTE_H

#include <stdlib.h>
#include <string.h>

/* sg(0..n) of the subtraction game with the K AMOUNTS, in a new array of
 * n + 1 values that the caller frees. */
static inline unsigned *brute_force(const unsigned *amounts, size_t k,
                                    size_t n)
{
    unsigned *sg = calloc(n + 1, sizeof *sg);
    /* A value is at most the number of moves, so k + 2 marks suffice. */
    char *seen = malloc(k + 2);
    if (!sg || !seen)
        abort();
    for (size_t x = 0; x <= n; x++) {
        memset(seen, 0, k + 2);
        for (size_t i = 0; i < k; i++)
            if (amounts[i] <= x)
                seen[sg[x - amounts[i]]] = 1;
        unsigned m = 0;
        while (seen[m])
            m++;
        sg[x] = m;
    }
    free(seen);
    return sg;
}

#endif /* SGVIZ_TEST_BRUTE_H */
