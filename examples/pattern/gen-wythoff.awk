# Writes Wythoff's game on two piles of at most N as a DOT digraph: node
# "a,b" for piles a and b; a move takes any number from one pile, or the
# same number from both.  Run: awk -v n=6 -f gen-wythoff.awk > wythoff.dot
BEGIN {
    print "digraph wythoff {"
    for (a = 0; a <= n; a++)
        for (b = 0; b <= n; b++) {
            printf "    \"%d,%d\";\n", a, b
            for (k = 1; k <= a; k++)
                printf "    \"%d,%d\" -> \"%d,%d\";\n", a, b, a - k, b
            for (k = 1; k <= b; k++)
                printf "    \"%d,%d\" -> \"%d,%d\";\n", a, b, a, b - k
            for (k = 1; k <= a && k <= b; k++)
                printf "    \"%d,%d\" -> \"%d,%d\";\n", a, b, a - k, b - k
        }
    print "}"
}
