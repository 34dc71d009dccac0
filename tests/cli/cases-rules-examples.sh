# cases-rules-examples.sh - the rules files of examples/rules/ through
# build/sgviz -r, each against values computed here: Kayles against sgviz's
# own take-and-break code 0.77 (a different kind of game with its own
# method), and the others against closed forms and brute forces written in
# awk.  Sourced by run.sh, which provides run_in, expect, has_line, pass,
# fail, $tmp, $root and $SGVIZ.  (tests/test_rules_examples.c checks every
# position of each file through the library, Chomp and Cram included.)

rx_dir="$root/examples/rules"

# rx_awk_xor: an xor for awk programs (mawk has none).
rx_awk_xor='function xor(a, b,   r, bit) {
    r = 0
    for (bit = 1; a > 0 || b > 0; bit *= 2) {
        if ((a % 2) != (b % 2)) r += bit
        a = int(a / 2); b = int(b / 2)
    }
    return r
}'

# rx_check WHAT AWK: runs AWK over the CSV table in $tmp/out (x,sg,pn, the
# position's numbers in field x, quoted when there are several) with the
# numbers split into n[1..k]; AWK prints a line for every row it finds
# wrong, and the test passes when there is none and the table has rows.
rx_check() {
    awk -F'"' 'NR > 1 { print $2 == "" ? $0 : $2 "," substr($3, 2) }' \
        "$tmp/out" | awk -F, "$rx_awk_xor"'
        { k = NF - 2; for (i = 1; i <= k; i++) n[i] = $i; sg = $(NF - 1); pn = $NF
          rows++ }
        '"$2"'
        END { if (rows == 0) print "no rows" }' > "$tmp/rx.bad"
    if [ -s "$tmp/rx.bad" ]; then
        fail "$1: $(head -3 "$tmp/rx.bad" | tr '\n' ';')"
    else
        pass
    fi
}

# Kayles as rules equals Kayles as the code 0.77, every value up to 120.
if expect 0 "table -r kayles.lua" table -r "$rx_dir/kayles.lua" -n 120 --format csv; then
    mv "$tmp/out" "$tmp/rx.rules"
    if expect 0 "table -t kayles" table -t kayles -n 120 --format csv; then
        if cmp -s "$tmp/rx.rules" "$tmp/out"; then pass; else
            fail "kayles.lua and -t kayles differ: $(diff "$tmp/out" "$tmp/rx.rules" | head -3 | tr '\n' ';')"
        fi
    fi
fi
# And so do their sums: the nim-sum and the winner of three rows.
if expect 0 "solve -r kayles.lua 4 7 9" solve -r "$rx_dir/kayles.lua" 4 7 9; then
    grep '^nim-sum\|player wins' "$tmp/out" > "$tmp/rx.rules"
    if expect 0 "solve -t kayles 4 7 9" solve -t kayles 4 7 9; then
        grep '^nim-sum\|player wins' "$tmp/out" > "$tmp/rx.code"
        if [ -s "$tmp/rx.code" ] && cmp -s "$tmp/rx.rules" "$tmp/rx.code"; then pass; else
            fail "solve kayles.lua and -t kayles differ: $(cat "$tmp/rx.rules" "$tmp/rx.code" | tr '\n' ';')"
        fi
    fi
fi

# Wythoff: P exactly at (a_k, a_k + k) and its mirror, a_k the least number
# not yet used (the Beatty sequence floor(k phi)).
for rx_file in wythoff.lua wythoff-flat.lua; do
if expect 0 "table -r $rx_file" table -r "$rx_dir/$rx_file" --start 30,30 --format csv; then
    rx_check "$rx_file: P-positions" '
        BEGIN { a = 0
                for (k = 0; a <= 30; k++) {
                    while (a in used) a++
                    used[a] = 1; used[a + k] = 1; p[a "," a + k] = 1; p[a + k "," a] = 1 } }
        { want = (n[1] "," n[2]) in p ? "P" : "N"
          if (pn != want) print n[1] "," n[2] ": " pn " not " want }
        END { if (rows != 31 * 31) print rows " rows" }'
fi
done

# kiki: P exactly when both distances are even; values by the definition.
for rx_file in kiki.lua kiki-flat.lua; do
if expect 0 "table -r $rx_file" table -r "$rx_dir/$rx_file" --start 40,40 --format csv; then
    rx_check "$rx_file" '
        BEGIN { for (x = 0; x <= 40; x++) for (y = 0; y <= 40; y++) {
                    delete seen
                    if (x > 0) seen[v[x - 1, y]] = 1
                    if (y > 0) seen[v[x, y - 1]] = 1
                    if (x > 0 && y > 0) seen[v[x - 1, y - 1]] = 1
                    m = 0; while (m in seen) m++; v[x, y] = m } }
        { want = (n[1] % 2 == 0 && n[2] % 2 == 0) ? "P" : "N"
          if (pn != want || sg != v[n[1], n[2]]) print n[1] "," n[2] ": " sg " " pn }'
fi
done

# Euclid's game: the player to move wins exactly when a = b or the larger
# over the smaller exceeds the golden ratio; a position with a 0 is lost.
rx_start=$(awk 'BEGIN { for (a = 1; a <= 25; a++) for (b = 1; b <= 25; b++) printf "%d,%d ", a, b }')
if expect 0 "table -r euclid.lua" table -r "$rx_dir/euclid.lua" --start "'$rx_start'" --format csv; then
    rx_check "euclid.lua" '
        { hi = n[1] > n[2] ? n[1] : n[2]; lo = n[1] > n[2] ? n[2] : n[1]
          if (lo == 0) want = "P"
          else want = (hi == lo || hi * hi - hi * lo - lo * lo > 0) ? "N" : "P"
          if (pn != want) print n[1] "," n[2] ": " pn " not " want }
        END { if (rows < 625) print rows " rows" }'
fi

# Moore's Nim_2: P exactly when every binary place's digits add up to a
# multiple of 3.
if expect 0 "table -r moore.lua" table -r "$rx_dir/moore.lua" --start 7,7,7 --format csv; then
    rx_check "moore.lua" '
        { ok = 1
          for (bit = 1; bit <= 4; bit *= 2) {
              s = 0; for (i = 1; i <= k; i++) s += int(n[i] / bit) % 2
              if (s % 3) ok = 0 }
          if (pn != (ok ? "P" : "N")) print $0 }
        END { if (rows != 512) print rows " rows" }'
fi

# Staircase Nim: the value is the nim-sum of the odd steps.
if expect 0 "table -r staircase.lua" table -r "$rx_dir/staircase.lua" --start 3,3,3,3 --format csv; then
    rx_check "staircase.lua" '
        { if (sg != xor(n[1], n[3])) print $0 }'
fi

# Northcott's game: a gap g has value g (Nim).
if expect 0 "table -r northcott.lua" table -r "$rx_dir/northcott.lua" --start 70 --format csv; then
    rx_check "northcott.lua" '
        { if ($1 != "gap " (rows - 1) || sg != rows - 1) print $0 }
        END { if (rows != 71) print rows " rows" }'
fi

# The Cutting Game: sg by the definition, each cut a nim-sum of two sheets
# of at least 2 x 2.
rx_start=$(awk 'BEGIN { for (w = 2; w <= 16; w++) for (h = 2; h <= 16; h++) printf "%d,%d ", w, h }')
if expect 0 "table -r cutting.lua" table -r "$rx_dir/cutting.lua" --start "'$rx_start'" --format csv; then
    # The label writes a sheet "WxH": the numbers are split at the x.
    awk -F, 'NR > 1 { sub("x", ",", $1); print }' "$tmp/out" | awk -F, "$rx_awk_xor"'
        BEGIN { for (w = 2; w <= 16; w++) for (h = 2; h <= 16; h++) {
                    delete seen
                    for (i = 2; i <= w - 2; i++) seen[xor(v[i, h], v[w - i, h])] = 1
                    for (j = 2; j <= h - 2; j++) seen[xor(v[w, j], v[w, h - j])] = 1
                    m = 0; while (m in seen) m++; v[w, h] = m } }
        { rows++; if ($3 != v[$1, $2]) print $0 }
        END { if (rows != 15 * 15) print rows " rows" }' > "$tmp/rx.bad"
    if [ -s "$tmp/rx.bad" ]; then fail "cutting.lua: $(head -3 "$tmp/rx.bad" | tr '\n' ';')"; else pass; fi
fi
# POJ 2311's sample, one sheet a line: LOSE, LOSE, WIN.
if expect 0 "solve -r cutting.lua" solve -r "$rx_dir/cutting.lua" 2,2; then
    has_line "The second player wins: every move of the first player leaves a nim-sum other than 0." "cutting.lua 2x2"
fi

# Chomp: every rectangle but 1 x 1 is won by the first player.
for rx_bar in 2,2,2 4,4,4,4 3,3,3,3,3 5,5 1,1,1,1,1,1; do
    if expect 0 "value -r chomp.lua $rx_bar" value -r "$rx_dir/chomp.lua" "$rx_bar"; then
        if grep -q '(N)$' "$tmp/out"; then pass; else
            fail "chomp.lua $rx_bar: $(cat "$tmp/out")"
        fi
    fi
done

# Cram on a 3 x 4 board: one side even, the other odd, so the first player
# wins (the centre domino, then mirroring).
if expect 0 "value -r bitboard.lua 0" value -r "$rx_dir/bitboard.lua" 0; then
    has_line "sg(.../.../.../...) = 1  (N)" "bitboard.lua"
fi

# ---- judges' input through each file's read(line) ------------------------
#
# Each problem's sample, answered in its own words, and then a few hundred
# random cases against the problem's own solution written here in awk from
# its closed form or a brute force.

# rx_judge WHAT FILE NAMES INPUT WANT: `solve -r FILE --names NAMES` on the
# input file INPUT must print the file WANT.
rx_judge() {
    if expect 0 "$1" solve -r "$rx_dir/$2" --names "'$3'" "< '$4'"; then
        if cmp -s "$tmp/out" "$5"; then pass; else
            fail "$1: answers differ: $(diff "$5" "$tmp/out" | head -4 | tr '\n' ';')"
        fi
    fi
}

# Wythoff, HDU 1527: "a b" a line, 1 when the first player wins.
printf '2 1\n8 4\n4 7\n' > "$tmp/rx.in"
printf '0\n1\n0\n' > "$tmp/rx.want"
rx_judge "wythoff.lua, HDU 1527's sample" wythoff.lua 1,0 "$tmp/rx.in" "$tmp/rx.want"
awk 'BEGIN { srand(1527); a = 0
    for (k = 0; a <= 150; k++) {
        while (a in used) a++
        used[a] = 1; used[a + k] = 1; p[a " " a + k] = 1; p[a + k " " a] = 1 }
    for (i = 0; i < 300; i++) {
        if (i % 3) { x = int(rand() * 60); y = int(rand() * 60) }
        else { k = int(rand() * 30); x = int(k * (1 + sqrt(5)) / 2); y = x + k }
        print x " " y > "/dev/stderr"; print ((x " " y) in p) ? 0 : 1 } }' \
    > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "wythoff.lua, 300 random games" wythoff.lua 1,0 "$tmp/rx.in" "$tmp/rx.want"

# The Cutting Game, POJ 2311: "W H" a line, WIN or LOSE.
printf '2 2\n3 2\n4 2\n' > "$tmp/rx.in"
printf 'LOSE\nLOSE\nWIN\n' > "$tmp/rx.want"
rx_judge "cutting.lua, POJ 2311's sample" cutting.lua WIN,LOSE "$tmp/rx.in" "$tmp/rx.want"
awk "$rx_awk_xor"'BEGIN { srand(2311)
    for (w = 2; w <= 30; w++) for (h = 2; h <= 30; h++) {
        delete seen
        for (i = 2; i <= w - 2; i++) seen[xor(v[i, h], v[w - i, h])] = 1
        for (j = 2; j <= h - 2; j++) seen[xor(v[w, j], v[w, h - j])] = 1
        m = 0; while (m in seen) m++; v[w, h] = m }
    for (i = 0; i < 200; i++) {
        w = 2 + int(rand() * 29); h = 2 + int(rand() * 29)
        print w " " h > "/dev/stderr"; print v[w, h] ? "WIN" : "LOSE" } }' \
    > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "cutting.lua, 200 random sheets" cutting.lua WIN,LOSE "$tmp/rx.in" "$tmp/rx.want"

# kiki, HDU 2147: "n m" a line up to "0 0"; kiki loses when both are odd.
printf '5 3\n5 4\n6 6\n0 0\n' > "$tmp/rx.in"
printf 'What a pity!\nWonderful!\nWonderful!\n' > "$tmp/rx.want"
rx_judge "kiki.lua, HDU 2147's sample" kiki.lua 'Wonderful!,What a pity!' "$tmp/rx.in" "$tmp/rx.want"
awk 'BEGIN { srand(2147)
    for (i = 0; i < 300; i++) {
        n = 1 + int(rand() * 80); m = 1 + int(rand() * 80)
        print n " " m > "/dev/stderr"
        print (n % 2 && m % 2) ? "What a pity!" : "Wonderful!" }
    print "0 0" > "/dev/stderr" }' > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "kiki.lua, 300 random boards" kiki.lua 'Wonderful!,What a pity!' "$tmp/rx.in" "$tmp/rx.want"

# Euclid's game, POJ 2348: "a b" up to "0 0"; Stan, who moves first, wins
# when a = b or the larger over the smaller exceeds the golden ratio.
printf '34 12\n15 24\n0 0\n' > "$tmp/rx.in"
printf 'Stan wins\nOllie wins\n' > "$tmp/rx.want"
rx_judge "euclid.lua, POJ 2348's sample" euclid.lua 'Stan wins,Ollie wins' "$tmp/rx.in" "$tmp/rx.want"
awk 'BEGIN { srand(2348)
    for (i = 0; i < 300; i++) {
        a = 1 + int(rand() * 200); b = 1 + int(rand() * 200)
        hi = a > b ? a : b; lo = a > b ? b : a
        print a " " b > "/dev/stderr"
        print (hi == lo || hi * hi - hi * lo - lo * lo > 0) ? "Stan wins" : "Ollie wins" }
    print "0 0" > "/dev/stderr" }' > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "euclid.lua, 300 random games" euclid.lua 'Stan wins,Ollie wins' "$tmp/rx.in" "$tmp/rx.want"

# Northcott's game, HDU 1730: "n m", then n rows "t j"; the first player
# wins when the nim-sum of the gaps |t - j| - 1 is not 0.
printf '3 10\n1 5\n0 8\n3 4\n' > "$tmp/rx.in"
printf 'I WIN!\n' > "$tmp/rx.want"
rx_judge "northcott.lua, HDU 1730's sample" northcott.lua 'I WIN!,BAD LUCK!' "$tmp/rx.in" "$tmp/rx.want"
awk "$rx_awk_xor"'BEGIN { srand(1730)
    for (c = 0; c < 150; c++) {
        n = 1 + int(rand() * 6); m = 2 + int(rand() * 20); s = 0
        print n " " m > "/dev/stderr"
        for (r = 0; r < n; r++) {
            t = int(rand() * m); do j = int(rand() * m); while (j == t)
            print t " " j > "/dev/stderr"
            s = xor(s, (t > j ? t - j : j - t) - 1) }
        print s ? "I WIN!" : "BAD LUCK!" } }' > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "northcott.lua, 150 random boards" northcott.lua 'I WIN!,BAD LUCK!' "$tmp/rx.in" "$tmp/rx.want"

# Georgia and Bob, POJ 1704: T, then N and N squares a case; the problem's
# own solution: sort, pair the pieces from the right, and nim-sum the gaps
# between the pieces of each pair (the leftmost alone, paired with 0).
printf '2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n' > "$tmp/rx.in"
printf 'Bob will win\nGeorgia will win\n' > "$tmp/rx.want"
rx_judge "staircase.lua, POJ 1704's sample" staircase.lua 'Georgia will win,Bob will win' "$tmp/rx.in" "$tmp/rx.want"
awk "$rx_awk_xor"'BEGIN { srand(1704); T = 120; print T > "/dev/stderr"
    for (c = 0; c < T; c++) {
        n = 1 + int(rand() * 12); delete used; k = 0
        while (k < n) { q = 1 + int(rand() * 40); if (!(q in used)) { used[q] = 1; p[++k] = q } }
        line = ""
        for (i = 1; i <= n; i++) line = line (i > 1 ? " " : "") p[i]
        print n > "/dev/stderr"; print line > "/dev/stderr"
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
            if (p[j] < p[i]) { t = p[i]; p[i] = p[j]; p[j] = t }
        s = 0
        for (i = n; i >= 1; i -= 2) s = xor(s, p[i] - (i > 1 ? p[i - 1] : 0) - 1)
        print s ? "Georgia will win" : "Bob will win" } }' > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "staircase.lua, 120 random cases" staircase.lua 'Georgia will win,Bob will win' "$tmp/rx.in" "$tmp/rx.want"

# Moore's Nim_2: a line of three heaps is one position (the file's start
# has three); P when every binary place's digits add up to a multiple of 3.
awk 'BEGIN { srand(3)
    for (c = 0; c < 200; c++) {
        line = ""; ok = 1
        for (i = 1; i <= 3; i++) { h[i] = int(rand() * 8); line = line (i > 1 ? " " : "") h[i] }
        for (bit = 1; bit <= 4; bit *= 2) { s = 0; for (i = 1; i <= 3; i++) s += int(h[i] / bit) % 2; if (s % 3) ok = 0 }
        print line > "/dev/stderr"; print ok ? "second" : "first" } }' \
    > "$tmp/rx.want" 2> "$tmp/rx.in"
rx_judge "moore.lua, 200 random lines of three heaps" moore.lua first,second "$tmp/rx.in" "$tmp/rx.want"

# Kayles: a line of rows is a sum of rows, answered as -t kayles answers it.
awk 'BEGIN { srand(77)
    for (c = 0; c < 200; c++) {
        n = 1 + int(rand() * 5); line = ""
        for (i = 1; i <= n; i++) line = line (i > 1 ? " " : "") int(rand() * 40)
        print line } }' > "$tmp/rx.in"
if expect 0 "solve -t kayles, random rows" solve -t kayles --names first,second "< '$tmp/rx.in'"; then
    mv "$tmp/out" "$tmp/rx.want"
    rx_judge "kayles.lua, 200 random lines of rows" kayles.lua first,second "$tmp/rx.in" "$tmp/rx.want"
fi
