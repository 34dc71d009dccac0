# kiki.py - kiki's corner game on an N x N board as a plain Python
# dictionary DP: the program a user would otherwise write, which `make bench`
# times beside `sgviz value -r examples/rules/kiki.lua`.
#
#   python3 tests/bench/kiki.py N      prints sg(N - 1, N - 1)
import sys


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def main():
    n = int(sys.argv[1])
    sg = {}
    for x in range(n):
        for y in range(n):
            seen = set()
            if x > 0:
                seen.add(sg[(x - 1, y)])
            if y > 0:
                seen.add(sg[(x, y - 1)])
            if x > 0 and y > 0:
                seen.add(sg[(x - 1, y - 1)])
            sg[(x, y)] = mex(seen)
    print(sg[(n - 1, n - 1)])


main()
