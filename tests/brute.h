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

/* sg(0..n) of the take-and-break game whose digits are DIGITS[0..ndigits)
 * (each 0..15: bit i of digit k lets a move take k tokens and leave exactly
 * i non-empty heaps), digits[tail..ndigits) repeating for ever when TAIL <
 * NDIGITS, and DISTINCT[k] set when the heaps digit k leaves must differ.
 * Every option is enumerated as the definition says and the least value
 * none of them has is taken.  O(n^2) for octal digits, O(n^3) for
 * hexadecimal ones.  Returns a new array of n + 1 values. */
static inline unsigned brute_digit(const unsigned char *digits,
                                   size_t ndigits, size_t tail, size_t k)
{
    if (k < ndigits)
        return digits[k];
    if (tail >= ndigits)
        return 0;
    return digits[tail + (k - tail) % (ndigits - tail)];
}

static inline unsigned *brute_code(const unsigned char *digits,
                                   const unsigned char *distinct,
                                   size_t ndigits, size_t tail, size_t n)
{
    unsigned *sg = calloc(n + 1, sizeof *sg);
    size_t cap = 64;
    char *seen = malloc(cap);
    if (!sg || !seen)
        abort();
    unsigned top = 1; /* a power of two above every value so far */
    for (size_t x = 0; x <= n; x++) {
        if (2 * (size_t)top + 2 > cap) {
            cap = 2 * (size_t)top + 2;
            seen = realloc(seen, cap);
            if (!seen)
                abort();
        }
        memset(seen, 0, cap);
        for (size_t k = 0; k <= x; k++) {
            unsigned d = brute_digit(digits, ndigits, tail, k);
            unsigned unequal = brute_digit(distinct, ndigits, tail, k);
            size_t m = x - k;
            if (k > 0 && (d & 1) && m == 0)
                seen[0] = 1;
            if (k > 0 && (d & 2) && m >= 1)
                seen[sg[m]] = 1;
            if ((d & 4) && m >= 2)
                for (size_t a = 1; 2 * a <= m; a++)
                    if (!(unequal && 2 * a == m))
                        seen[sg[a] ^ sg[m - a]] = 1;
            if ((d & 8) && m >= 3)
                for (size_t a = 1; 3 * a <= m; a++)
                    for (size_t b = a; a + 2 * b <= m; b++) {
                        size_t c = m - a - b;
                        if (unequal && (a == b || b == c))
                            continue;
                        seen[sg[a] ^ sg[b] ^ sg[c]] = 1;
                    }
        }
        unsigned v = 0;
        while (seen[v])
            v++;
        sg[x] = v;
        while (top <= v)
            top *= 2;
    }
    free(seen);
    return sg;
}

/* Reads a code written as the tests write them ("0.16", "4!.0", "0.[3]",
 * "0.8F": digits, a point, brackets around a repeating tail, '!' after a
 * digit) into DIGITS and DISTINCT (64 each), *N the digits and *TAIL where
 * the repeating tail starts (*N when there is none).  The tests' own
 * reader, so that the library's parser is not what checks the library. */
static inline void brute_read_code(const char *text, unsigned char *digits,
                                   unsigned char *distinct, size_t *n,
                                   size_t *tail)
{
    memset(digits, 0, 64);
    memset(distinct, 0, 64);
    *n = 0;
    *tail = SIZE_MAX;
    for (const char *p = text; *p && *n < 64; p++) {
        if (*p == '.' || *p == ']')
            continue;
        if (*p == '[')
            *tail = *n;
        else if (*p == '!' && *n > 0)
            distinct[*n - 1] = 1;
        else
            digits[(*n)++] = (unsigned char)(*p <= '9' ? *p - '0'
                                                       : *p - 'A' + 10);
    }
    if (*tail == SIZE_MAX)
        *tail = *n;
}

#endif /* SGVIZ_TEST_BRUTE_H */
