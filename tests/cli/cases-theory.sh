# cases-theory.sh - the next chapter: coin-turning games (-c), Green
# Hackenbush (-H), Every-SG (--every) and HDU 3595, against answers worked
# out here with awk from the definitions (the single coins' published
# sequences, the step recurrence, every joint move of a sum), knowing
# nothing of sgviz's code.  Sourced by run.sh, which provides run_in,
# expect, has_line, pass, fail, $tmp and $SGVIZ.

data=$here/data

# ---- coins ----------------------------------------------------------------

# The odious numbers (an odd number of 1s in binary) and the ruler function,
# n = 1..30, as awk counts them.
odious=$(awk 'BEGIN { for (v = 1; n < 30; v++) { c = 0; for (x = v; x; x = int(x / 2)) c += x % 2; if (c % 2) { printf "%s%d", (n ? " " : ""), v; n++ } } print "" }')
ruler=$(awk 'BEGIN { for (n = 1; n <= 30; n++) { r = 1; while (n % (2 * r) == 0) r *= 2; printf "%s%d", (n > 1 ? " " : ""), r } print "" }')
if expect 0 "table -c mock-turtles" table -c mock-turtles -n 30 -f csv; then
    got=$(tail -n +3 "$tmp/out" | cut -d, -f2 | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$odious" ]; then pass; else
        fail "table -c mock-turtles: $got, the odious numbers are $odious"
    fi
fi
if expect 0 "table -c ruler" table -c ruler -n 30 -f csv; then
    got=$(tail -n +3 "$tmp/out" | cut -d, -f2 | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$ruler" ]; then pass; else
        fail "table -c ruler: $got, the ruler function is $ruler"
    fi
fi

# A row's value is the nim-sum of its heads', with the working.
if expect 0 "value -c mock-turtles THHTH" value -c mock-turtles THHTH; then
    has_line "sg(THHTH) = sg(2) XOR sg(3) XOR sg(5) = 2 XOR 4 XOR 8 = 14  (N)" \
        "value -c mock-turtles THHTH"
    if grep -q "odious" "$tmp/out" && grep -q "nim-sum of its single" "$tmp/out"; then
        pass
    else
        fail "value -c mock-turtles THHTH: no theorem: $(cat "$tmp/out")"
    fi
fi
# THHTH = 2 XOR 4 XOR 8 = 14; g(5) ^ 14 = 6 = g(2) ^ g(3) = g(1) ^ g(4):
# turning 5 with 2 and 3, or with 1 and 4, leaves 0.
if expect 0 "solve -c mock-turtles THHTH" solve -c mock-turtles THHTH; then
    has_line "  move in head 3 (5 -> 2+3, turn coins 2, 3 and 5): nim-sum becomes 0" \
        "solve -c mock-turtles THHTH"
    has_line "  move in head 3 (5 -> 1+4, turn coins 1, 4 and 5): nim-sum becomes 0" \
        "solve -c mock-turtles THHTH"
fi
if expect 0 "trace -c ruler" trace -c ruler -n 4; then
    has_line "sg(3): 3 -> {0,2,1+2}; mex{sg(0),sg(2),sg(1)⊕sg(2)} = mex{0,2,3} = 1  (N)" \
        "trace -c ruler"
    if grep -q "the ruler function" "$tmp/out"; then pass; else
        fail "trace -c ruler: no ruler function"
    fi
fi
if expect 0 "trace -c mock-turtles --lang zh" trace -c mock-turtles -n 3 --lang zh; then
    if grep -q "恶数" "$tmp/out" && grep -q "异或和" "$tmp/out"; then pass; else
        fail "trace -c mock-turtles --lang zh: $(tail -3 "$tmp/out")"
    fi
fi
# Each rule's words are Chinese in a Chinese trace's heading.
for rule in "turtles:每次翻 1 或 2 枚" "mock-turtles:每次翻 1 到 3 枚" \
            "ruler:每次翻连续的任意枚" "twins:每次恰好翻 2 枚"; do
    if expect 0 "trace -c ${rule%%:*} --lang zh" trace -c "${rule%%:*}" -n 1 --lang zh; then
        if head -1 "$tmp/out" | grep -qF "(${rule#*:})"; then pass; else
            fail "trace -c ${rule%%:*} --lang zh: $(head -1 "$tmp/out")"
        fi
    fi
done

# A row of a million coins read from standard input, against the nim-sum
# of the ruler function worked by awk.
awk 'BEGIN { srand(7); for (i = 1; i <= 1000000; i++) printf "%s", rand() < 0.5 ? "H" : "T"; print "" }' > "$tmp/row.txt"
want=$(awk '{ s = 0; for (i = 1; i <= length($0); i++) if (substr($0, i, 1) == "H") { r = 1; while (i % (2 * r) == 0) r *= 2; x = s; y = r; z = 0; b = 1; while (x || y) { if ((x % 2) != (y % 2)) z += b; x = int(x / 2); y = int(y / 2); b *= 2 } s = z } print s }' "$tmp/row.txt")
(cd "$tmp" && "$SGVIZ" solve -c ruler < row.txt) > "$tmp/out" 2> "$tmp/err"
if [ "$(cat "$tmp/out")" = "(a line of 1000000 characters): nim-sum $want, first player wins" ] ||
   { [ "$want" = 0 ] && [ "$(cat "$tmp/out")" = "(a line of 1000000 characters): nim-sum 0, second player wins" ]; }; then
    pass
else
    fail "solve -c ruler, a row of 10^6 coins: $(cat "$tmp/out" "$tmp/err"), awk gives $want"
fi

# ---- Hackenbush ---------------------------------------------------------

# The tree: g(a) = (0 + 1) ^ (1 + 1) = 3, g(ground) = (3 + 1) ^ (0 + 1) = 5.
# The cycle: the triangle fuses into a vertex with 3 loops, d keeps its
# loop: g(d) = 1, g(fused) = (1 + 1) ^ 1 = 3, g(ground) = 4.
if expect 0 "value -H" value -H "$data/hackenbush-tree.dot" "$data/hackenbush-cycle.dot"; then
    has_line "sg($data/hackenbush-tree.dot) = 5  (N)" "value -H tree"
    has_line "sg($data/hackenbush-cycle.dot) = 4  (N)" "value -H cycle"
fi
if expect 0 "solve -H a b" solve -H "$data/hackenbush-tree.dot" "$data/hackenbush-cycle.dot"; then
    has_line "nim-sum: 5 XOR 4 = 1" "solve -H tree cycle"
    if grep -q "delete edge 5, ground -- e" "$tmp/out"; then pass; else
        fail "solve -H: the winning deletion is not named: $(cat "$tmp/out")"
    fi
fi
if expect 0 "value -H --ground floor" value -H "$data/hackenbush-floor.dot" --ground floor; then
    has_line "sg($data/hackenbush-floor.dot) = 1  (N)" "an odd cycle on the ground"
fi
if expect 0 "trace -H" trace -H "$data/hackenbush-cycle.dot"; then
    if grep -q "^Fusion principle" "$tmp/out" && grep -q "^Colon principle" "$tmp/out" &&
       grep -qF "  {a,b,c}: 3 vertices fuse into one, with 3 loops" "$tmp/out" &&
       grep -qF "mex{0,5,3,5,2,1} = 4  (N)" "$tmp/out"; then pass; else
        fail "trace -H cycle: $(cat "$tmp/out")"
    fi
fi
if expect 0 "trace -H --lang zh" trace -H "$data/hackenbush-tree.dot" --lang zh; then
    if grep -q "冒号原理" "$tmp/out" && grep -q "融合原理" "$tmp/out"; then pass; else
        fail "trace -H --lang zh: no principles named"
    fi
fi
# The picture itself: deleting edge 1 of the cycle leaves nothing (0, the
# one winning deletion, in red); deleting the loop leaves 2 ^ 3... = 5.
if expect 0 "graph -H -T dot" graph -H "$data/hackenbush-cycle.dot" -T dot -o -; then
    if grep -q 'label="#1 → 0"' "$tmp/out" && grep -q '#d32f2f' "$tmp/out" &&
       [ "$(grep -c 'color="#d32f2f"' "$tmp/out")" -ge 1 ] &&
       grep -q 'label="#6 → 1"' "$tmp/out"; then pass; else
        fail "graph -H: $(grep label "$tmp/out" | head -8)"
    fi
fi

# ---- Every-SG -------------------------------------------------------------

# steps SET N: step(0..N) of a subtraction game by the definition.
every_steps() {
    awk -v s="$1" -v n="$2" 'BEGIN {
        k = split(s, a, ",")
        for (x = 0; x <= n; x++) {
            moves = 0; best = -1; least = 1e9
            for (i = 1; i <= k; i++) if (a[i] <= x) {
                moves = 1; t = st[x - a[i]]
                if (t % 2 == 0 && t > best) best = t
                if (t < least) least = t
            }
            st[x] = !moves ? 0 : best >= 0 ? best + 1 : least + 1
            printf "%s%d", x ? " " : "", st[x]
        }
        print ""
    }'
}
for set in "1,3,4" "2,5" "1,2"; do
    want=$(every_steps "$set" 20)
    if expect 0 "table -s $set --every" table -s "$set" --every -n 20 -f csv; then
        got=$(tail -n +2 "$tmp/out" | cut -d, -f3 | tr '\n' ' ' | sed 's/ $//')
        if [ "$got" = "$want" ]; then pass; else
            fail "table -s $set --every: steps $got, the definition gives $want"
        fi
    fi
done

# Sums of two heaps of S = {1,3,4}: every joint move played out by awk (a
# move in each heap that can move), against solve --every.
awk 'BEGIN {
    k = split("1,3,4", a, ",")
    for (x = 0; x <= 12; x++) for (y = 0; y <= 12; y++) {
        win = 0
        for (i = 0; i <= k; i++) for (j = 0; j <= k; j++) {
            # i = 0 (j = 0): that heap has no move and stays.
            if ((i == 0) != (a[1] > x) || (j == 0) != (a[1] > y)) continue
            if (i == 0 && j == 0) continue
            if (i && a[i] > x) continue
            if (j && a[j] > y) continue
            if (!w[x - (i ? a[i] : 0), y - (j ? a[j] : 0)]) win = 1
        }
        w[x, y] = win
        print x, y > "/dev/stderr"
        print (win ? "First" : "Second")
    }
}' > "$tmp/want" 2> "$tmp/pairs"
(cd "$tmp" && "$SGVIZ" solve -s 1,3,4 --every --names First,Second < pairs) > "$tmp/got" 2> "$tmp/err"
if cmp -s "$tmp/want" "$tmp/got"; then pass; else
    fail "solve --every on pairs of heaps: $(diff "$tmp/want" "$tmp/got" | head -5)"
fi
if expect 0 "trace --every" trace -s 1,3,4 --every -n 8; then
    has_line "sg(7) = 0, step(7) = 2 (P): 7 -> {6,4,3}; steps {3,1,3}; P: 1 + min{3,1,3} = 2" \
        "trace --every"
fi
if expect 0 "trace --every --lang zh" trace -t kayles --every -n 3 --lang zh; then
    if grep -qF "SG[3] = 3, step(3) = 2 (P)：3 -> {2,1+1,1}" "$tmp/out"; then pass; else
        fail "trace --every --lang zh: $(cat "$tmp/out")"
    fi
fi
if expect 0 "solve --every" solve -s 1,3,4 --every 3 5 7; then
    has_line "largest step: 3, odd: the first player wins (the heap that lasts longest decides who moves last)" \
        "solve --every"
fi
if expect 0 "value --every" value -s 1,3,4 --every 3+5+9; then
    has_line "step(3+5+9) = max{3, 3, 4} = 4  (P under Every-SG)" "value --every"
fi
if expect 0 "graph --every" graph -s 1,3,4 -n 8 --every -T dot -o -; then
    if grep -q 'sg=0 step 2' "$tmp/out"; then pass; else
        fail "graph --every: no step counts"
    fi
fi

# ---- HDU 3595 -------------------------------------------------------------

printf '1\n3 2\n2\n2 1\n1 1\n1\n6 4\n' > "$tmp/ggmm.txt"
(cd "$tmp" && "$SGVIZ" solve --judge hdu3595 < ggmm.txt) > "$tmp/out" 2> "$tmp/err"
# (3,2): its one move leaves (1,2), won in one step: step 2, lost.  (2,1)
# and (1,1): emptied at once, step 1, won.  (6,4): its one move leaves
# (2,4), emptied at once: step 2, lost.
if [ "$(cat "$tmp/out")" = "$(printf 'GG\nMM\nGG')" ]; then pass; else
    fail "solve --judge hdu3595: $(cat "$tmp/out" "$tmp/err")"
fi

# ---- Staircase Nim ----------------------------------------------------------

# Every position of examples/theory/staircase.dot (coins on stairs 1, 2,
# 3): its value is the nim-sum of the odd stairs, stairs 1 and 3, as awk
# reads them off the names.
if expect 0 "table -g staircase.dot" table -g "$root/examples/theory/staircase.dot" -f csv; then
    bad=$(tail -n +2 "$tmp/out" | tr -d '"' | awk -F, '{
        x = $1; y = $3; z = 0; b = 1
        while (x || y) { if ((x % 2) != (y % 2)) z += b; x = int(x / 2); y = int(y / 2); b *= 2 }
        if (z != $4) print $1 "," $2 "," $3 ": sg " $4 ", odd stairs " z
    }')
    if [ -z "$bad" ] && [ "$(tail -n +2 "$tmp/out" | wc -l)" -eq 43 ]; then pass; else
        fail "Staircase Nim is not Nim on the odd stairs: $bad"
    fi
fi

# A picture too large to explore: no mex steps, but the principles worked;
# 70 stalks of one edge make the nim-sum of 70 ones, 0.
if expect 0 "trace -H (large)" trace -H "$data/hackenbush-star70.dot"; then
    if head -1 "$tmp/out" | grep -q '^No mex steps (.*70 edges' &&
       grep -qx "sg($data/hackenbush-star70.dot) = 0  (P)" "$tmp/out"; then pass; else
        fail "trace -H star70: $(head -3 "$tmp/out")"
    fi
fi
if expect 0 "solve -c ruler, coin 300" solve -c ruler "$(awk 'BEGIN { for (i = 1; i < 300; i++) printf "T"; print "H" }')"; then
    if grep -q "Its winning moves are not listed: .*at most 256" "$tmp/out" &&
       grep -qx "nim-sum: 4" "$tmp/out"; then pass; else
        fail "solve -c ruler, coin 300: $(cat "$tmp/out")"
    fi
fi
