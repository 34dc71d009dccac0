# cases-misere.sh - misère play (the last player to move loses): tables,
# traces, pictures, values and sums, and HDU 1907, against answers worked
# out here with awk by the definitions (a position with no move is won by
# the player to move; otherwise it is won when some move leads to a loss),
# knowing nothing of sgviz's rules.  Sourced by run.sh, which provides
# run_in, expect, pass, fail, $tmp and $SGVIZ.

# misere_values SET N: g-(0..N) of a subtraction set, by the definition
# g- = least m with x + *m a misère P-position, found by a win/lose search
# over pairs (x, *m).
misere_values() {
    awk -v s="$1" -v n="$2" 'BEGIN {
        k = split(s, a, ",")
        # lose[x, m]: the player to move loses x + *m (misère).
        for (x = 0; x <= n; x++) for (m = 0; m <= n + 2; m++) {
            moves = 0; win = 0
            for (i = 1; i <= k; i++) if (a[i] <= x) { moves = 1; if (lose[x - a[i], m]) win = 1 }
            for (j = 0; j < m; j++) { moves = 1; if (lose[x, j]) win = 1 }
            if (!moves) win = 1
            lose[x, m] = !win
        }
        for (x = 0; x <= n; x++) {
            for (m = 0; !lose[x, m]; m++) ;
            printf "%s%d", x ? "," : "", m
        }
        print ""
    }'
}

for set in "1,3,4" "2,5" "1,2,3" "3,4,7"; do
    want=$(misere_values "$set" 20)
    if expect 0 "table -s $set --misere --format json" table -s "$set" --misere --format json; then
        got=$(sed 's/.*"misere": \[\([0-9,]*\)\].*/\1/' "$tmp/out")
        if [ "$got" = "$want" ]; then pass; else
            fail "table -s $set --misere: $got, the definition gives $want"
        fi
    fi
done

# Nim: g-(x) = x, but g-(0) = 1 and g-(1) = 0, at any size.
if expect 0 "value -s all --misere" value -s all --misere 0 1 2 1000000000000000000 1+1+1 1+1 2+2; then
    if [ "$(cat "$tmp/out")" = "$(printf 'g⁻(0) = 1  (N)\ng⁻(1) = 0  (P)\ng⁻(2) = 2  (N)\ng⁻(1000000000000000000) = 1000000000000000000  (N)\ng⁻(1+1+1) = 0  (P)\ng⁻(1+1) = 1  (N)\ng⁻(2+2) = 0  (P)')" ]; then
        pass
    else
        fail "value -s all --misere: $(cat "$tmp/out")"
    fi
fi

# The picture: P-positions by the misère outcome.
if expect 0 "graph --misere -T dot" graph -s 1,3,4 -n 20 --misere -T dot -o -; then
    want=$(misere_values 1,3,4 20 | tr ',' '\n' | grep -cx 0)
    got=$(grep -c 'class=P,' "$tmp/out")
    if [ "$got" = "$want" ] && grep -q 'g⁻=' "$tmp/out"; then pass; else
        fail "graph --misere: $got P-positions, the definition gives $want"
    fi
fi

# The trace says which case applies.
if expect 0 "trace -s 1,3,4 --misere" trace -s 1,3,4 --misere -n 12; then
    if grep -q '^g⁻(4): 4-{1,3,4} -> {3,1,0}; mex{g⁻(3),g⁻(1),g⁻(0)} = mex{0,0,1} = 2  (N)$' "$tmp/out" &&
       grep -q 'plays like a nim-heap' "$tmp/out"; then pass; else
        fail "trace -s 1,3,4 --misere: $(head -6 "$tmp/out")"
    fi
fi
if expect 0 "trace -t 0.77 --misere" trace -t 0.77 --misere -n 8; then
    if grep -q 'a heap of 5 has sg 4 but g⁻ 1' "$tmp/out"; then pass; else
        fail "trace -t 0.77 --misere: no witness of wildness"
    fi
fi
if expect 0 "trace --misere --position (Nim)" trace -s all --misere --position 1+1+5; then
    if grep -q 'Only heap 3 has a value of 2 or more' "$tmp/out" &&
       grep -q 'heap 3: take 4 (5 -> 1)' "$tmp/out"; then pass; else
        fail "trace --misere --position 1+1+5: $(cat "$tmp/out")"
    fi
fi

# Kayles against CGSuite's misère values of heaps 0..20.
if expect 0 "table -t 0.77 --misere" table -t 0.77 --misere -n 20 --format csv; then
    got=$(tail -n +2 "$tmp/out" | cut -d, -f2 | tr '\n' ' ')
    if [ "$got" = "1 0 2 3 0 1 3 2 1 0 2 4 0 1 2 5 1 6 3 2 0 " ]; then pass; else
        fail "Kayles misère values: $got"
    fi
fi

# ---- HDU 1907 "John": misère Nim, counted input -------------------------

printf '2\n3\n3 5 1\n1\n1\n' > "$tmp/1907.in"
if expect 0 "HDU 1907 sample" solve -s all --misere --counted --names John,Brother "< 1907.in"; then
    if [ "$(cat "$tmp/out")" = "$(printf 'John\nBrother')" ]; then pass; else
        fail "HDU 1907 sample: $(cat "$tmp/out")"
    fi
fi

# Random cases (up to 47 heaps of 1 to 4747, as the problem allows, and
# small ones where the endgame matters), answered by misère Nim's rule
# written here: with every heap 1, John wins when their number is even;
# otherwise when the XOR is not 0.
awk 'BEGIN {
    srand(1907); t = 3000; print t
    for (c = 0; c < t; c++) {
        n = 1 + int(rand() * 47); big = rand() < 0.5 ? 4747 : 3
        printf "%d\n", n
        for (i = 0; i < n; i++) printf "%s%d", i ? " " : "", 1 + int(rand() * big)
        print ""
    }
}' > "$tmp/1907r.in"
awk 'function xor(a, b,   r, bit) {
        r = 0
        for (bit = 1; a > 0 || b > 0; bit *= 2) {
            if ((a % 2) != (b % 2)) r += bit
            a = int(a / 2); b = int(b / 2)
        }
        return r
    }
    NR == 1 { next }
    NF == 1 && !want_heaps { want_heaps = $1; next }
    {
        x = 0; ones = 1
        for (i = 1; i <= NF; i++) { x = xor(x, $i); if ($i > 1) ones = 0 }
        print (ones ? (NF % 2 == 0 ? "John" : "Brother") : (x ? "John" : "Brother"))
        want_heaps = 0
    }' "$tmp/1907r.in" > "$tmp/1907r.want"
if expect 0 "HDU 1907, 3000 random cases" solve -s all --misere --counted --names John,Brother "< 1907r.in"; then
    if cmp -s "$tmp/out" "$tmp/1907r.want"; then pass; else
        fail "HDU 1907: answers differ from the rule: $(diff "$tmp/1907r.want" "$tmp/out" | head -3)"
    fi
fi

# ---- misère sums by a search, against a search written here ---------------

# kayles_outcome H...: the misère outcome of a sum of Kayles rows, by a
# memoized win/lose search over sorted lists of rows.
kayles_outcome() {
    awk -v heaps="$*" '
    function key(n, h,   i, j, t, s) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && h[j - 1] > h[j]; j--) { t = h[j]; h[j] = h[j - 1]; h[j - 1] = t }
        s = ""; for (i = 1; i <= n; i++) if (h[i]) s = s " " h[i]
        return s
    }
    function wins(s,   n, h, i, p, take, a, rest, any, w, c, q) {
        if (s in memo) return memo[s]
        n = split(s, h, " "); any = 0; w = 0
        for (p = 1; p <= n && !w; p++)
            for (take = 1; take <= 2 && take <= h[p] && !w; take++)
                for (a = 0; a + take <= h[p] && !w; a++) {
                    c = 0; delete rest
                    for (q = 1; q <= n; q++) if (q != p) rest[++c] = h[q]
                    rest[++c] = a; rest[++c] = h[p] - take - a
                    any = 1
                    if (!wins(key(c, rest))) w = 1
                }
        if (!any) w = 1
        memo[s] = w
        return w
    }
    BEGIN { n = split(heaps, h, " "); print (wins(key(n, h)) ? "first" : "second") }'
}

for sum in "2 3 5" "4 4" "1 2 6" "7 3 3" "5 6" "9 2 1"; do
    want=$(kayles_outcome $sum)
    if expect 0 "solve -t 0.77 --misere $sum" solve -t 0.77 --misere $sum; then
        if grep -q "^The $want player wins" "$tmp/out"; then pass; else
            fail "solve -t 0.77 --misere $sum: $(grep 'player wins' "$tmp/out"), the search here says $want"
        fi
    fi
done

# With --p-positions, the misère P-positions alone, one a line; --grid of
# positions named by pairs holds g- (here the misère values of a 2x2 board
# worked by hand: (0,0) has no move so g- = 1, its two predecessors 0, and
# (1,1), whose moves both lead to 0, 1).
for set in "1,3,4" "2,5"; do
    want=$(misere_values "$set" 20 | tr ',' '\n' | awk '$1 == 0 { print NR - 1 }')
    if expect 0 "table -s $set --misere --p-positions" table -s "$set" --misere -n 20 --p-positions; then
        if [ "$(cat "$tmp/out")" = "$want" ]; then pass; else
            fail "table -s $set --misere --p-positions: $(cat "$tmp/out" | tr '\n' ' '), the definition gives $(echo $want)"
        fi
    fi
done
printf 'digraph g { "1,1" -> "0,1"; "1,1" -> "1,0"; "0,1" -> "0,0"; "1,0" -> "0,0"; }\n' > "$tmp/pairs.dot"
if expect 0 "table --misere --grid -f json" table -g pairs.dot --misere --grid -f json; then
    if [ "$(tr -d ' \n' < "$tmp/out")" = '{"game":"pairs.dot","rows":[0,1],"columns":[0,1],"misere":[[1,0],[0,1]]}' ]; then pass; else
        fail "table --misere --grid: $(cat "$tmp/out")"
    fi
fi
if expect 0 "table --misere --grid" table -g pairs.dot --misere --grid; then
    if grep -q '^  0 1  0\*$' "$tmp/out" && grep -q 'g⁻ of (a,b) under misère play' "$tmp/out"; then pass; else
        fail "table --misere --grid: $(cat "$tmp/out")"
    fi
fi

# A misère drawing's nodes name the value by the legend's wording: g⁻= in
# English, SG⁻= in Chinese, never the normal-play sg.
for lang in en zh; do
    if expect 0 "graph --misere --lang $lang" graph -t 0.77 -n 6 --misere --lang $lang -T dot -o -; then
        want=$([ $lang = en ] && echo 'g⁻=' || echo 'SG⁻=')
        if grep -q "$want" "$tmp/out" && ! grep -qi 'sg=' "$tmp/out"; then pass; else
            fail "graph --misere --lang $lang: nodes do not write $want"
        fi
    fi
done

# The misère table's row of values is named in the table's language.
if expect 0 "table --misere --lang zh" table -s 1,3,4 --misere -n 10 --lang zh; then
    want="SG⁻  $(misere_values 1,3,4 10 | sed 's/,/ /g; s/ 0$/  0/')"
    has_line "$want" "table --misere --lang zh"
fi
if expect 0 "table --misere -f md --lang zh" table -s 1,3,4 --misere -n 3 -f md --lang zh; then
    has_line "| x | SG⁻[x] | P/N |" "table --misere -f md --lang zh"
fi
