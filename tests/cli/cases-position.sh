# cases-position.sh - positions of several parts (--position 3+4+5): the
# grid of a sum drawn by `graph` and `steps`, checked against counts made
# here with awk.  Sourced by run.sh, which provides run_in, expect, pass,
# fail, $tmp, $here and $SGVIZ.

# sum_counts SET H1 H2 [H3]: the positions of the sum and its P-positions,
# "N P", from a subtraction set's values computed here by the classic
# template (every heap of a subtraction game reaches every smaller heap it
# can, so the positions are the combinations of what each heap reaches).
sum_counts() {
    awk -v s="$1" -v h1="$2" -v h2="$3" -v h3="${4:--1}" '
    function xor(a, b,   r, bit) {
        r = 0
        for (bit = 1; a > 0 || b > 0; bit *= 2) {
            if ((a % 2) != (b % 2)) r += bit
            a = int(a / 2); b = int(b / 2)
        }
        return r
    }
    BEGIN {
        k = split(s, a, ",")
        hs[1] = h1; hs[2] = h2; hs[3] = h3; parts = h3 < 0 ? 2 : 3
        top = h1; if (h2 > top) top = h2; if (h3 > top) top = h3
        for (x = 0; x <= top; x++) {
            delete seen
            for (i = 1; i <= k; i++) if (a[i] <= x) seen[sg[x - a[i]]] = 1
            for (m = 0; m in seen; m++) ;
            sg[x] = m
        }
        for (p = 1; p <= parts; p++) {
            for (x = 0; x <= hs[p]; x++) r[p, x] = 0
            r[p, hs[p]] = 1
            for (x = hs[p]; x >= 0; x--) if (r[p, x])
                for (i = 1; i <= k; i++) if (a[i] <= x) r[p, x - a[i]] = 1
        }
        n = 0; pc = 0
        for (x = 0; x <= h1; x++) for (y = 0; y <= h2; y++) for (z = 0; z <= (parts == 3 ? h3 : 0); z++) {
            if (!r[1, x] || !r[2, y] || (parts == 3 && !r[3, z])) continue
            n++
            v = xor(sg[x], sg[y]); if (parts == 3) v = xor(v, sg[z])
            if (v == 0) pc++
        }
        print n, pc
    }'
}

for case in "1,3,4 3 4" "1,3,4 2 3 4" "2,5 9 7" "1,2 6 6 6" "3,4 10 11"; do
    set -- $case
    set_=$1; shift
    pos=$(echo "$*" | tr ' ' '+')
    want=$(sum_counts "$set_" "$@")
    if expect 0 "graph --position $pos -T dot" graph -s "$set_" --position "$pos" -T dot -o -; then
        n=$(grep -c 'class=[PN],' "$tmp/out")
        p=$(grep -c 'class=P,' "$tmp/out")
        if [ "$n $p" = "$want" ]; then pass; else
            fail "graph -s $set_ --position $pos: $n positions, $p P; expected $want"
        fi
    fi
done

# Each position shows its heaps and value, 3+4 and 4+3 are different, and
# the start is there.
if expect 0 "graph --position 3+4 (SVG)" graph -s 1,3,4 --position 3+4 -o sum.svg; then
    if grep -q '>3+4<' "$tmp/sum.svg" && grep -q '>1+3<' "$tmp/sum.svg" &&
       grep -q '>sg=3<' "$tmp/sum.svg" && grep -q 'S = {1,3,4}, 3+4: 20 positions' "$tmp/sum.svg"; then
        pass
    else
        fail "graph --position 3+4: a position, its value or the legend is missing"
    fi
fi

# Two tokens on a DOT game.
if expect 0 "graph -g board.dot --position a1+b2" graph -g "$root/examples/dot-game/board.dot" --position a1+b2 -T dot -o -; then
    # a1 reaches all 16 squares, b2 the 9 of b..d x 2..4.
    if [ "$(grep -c 'class=[PN],' "$tmp/out")" = 144 ]; then pass; else
        fail "board a1+b2: $(grep -c 'class=[PN],' "$tmp/out") positions, expected 144"
    fi
fi

# steps: one frame per position of the sum.
if expect 0 "steps --position 2+3" steps -s 1,3,4 --position 2+3 -o sumsteps/; then
    if [ "$(ls "$tmp/sumsteps" | wc -l)" = 12 ]; then pass; else
        fail "steps --position 2+3: $(ls "$tmp/sumsteps" | wc -l) frames, expected 12"
    fi
fi
