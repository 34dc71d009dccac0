# wythoff.py - Wythoff's game on heaps up to N - 1 as a plain Python
# dictionary DP: the program a user would otherwise write, which `make bench`
# times beside `sgviz value -r examples/rules/wythoff.lua`.
#
#   python3 tests/bench/wythoff.py N      prints sg(N - 1, N - 1)
import sys


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def main():
    n = int(sys.argv[1])
    sg = {}
    # Every move lowers a or b, so increasing a and b reach every option
    # before the position itself.
    for a in range(n):
        for b in range(n):
            seen = set()
            for k in range(1, a + 1):
                seen.add(sg[(a - k, b)])
            for k in range(1, b + 1):
                seen.add(sg[(a, b - k)])
            for k in range(1, min(a, b) + 1):
                seen.add(sg[(a - k, b - k)])
            sg[(a, b)] = mex(seen)
    print(sg[(n - 1, n - 1)])


main()
