# cases-solve.sh - value and solve, the online judges' problems, and games
# read from DOT files.  Sourced by run.sh, which provides run_in, expect,
# has_line, pass, fail, $tmp and $SGVIZ.  Expected answers come from brute
# forces written here in awk, not from sgviz's own earlier output.

for cmd in value solve; do
    if expect 0 "sgviz $cmd --help" $cmd --help; then
        if grep -q "^Usage: sgviz $cmd" "$tmp/out"; then pass; else
            fail "sgviz $cmd --help: no usage"
        fi
    fi
done

# ---- the judges' samples, exactly -----------------------------------

printf '1\n3\n' > "$tmp/sample.in"
if expect 0 "HDU 1847 sample" solve -s pow2 --names Kiki,Cici "< sample.in"; then
    if [ "$(cat "$tmp/out")" = "$(printf 'Kiki\nCici')" ]; then pass; else
        fail "HDU 1847 sample: $(cat "$tmp/out")"
    fi
fi
printf '1 1 1\n1 4 1\n0 0 0\n' > "$tmp/sample.in"
if expect 0 "HDU 1848 sample" solve -s fib --names Fibo,Nacci --stop-at-zero "< sample.in"; then
    if [ "$(cat "$tmp/out")" = "$(printf 'Fibo\nNacci')" ]; then pass; else
        fail "HDU 1848 sample: $(cat "$tmp/out")"
    fi
fi

# ---- --counted: T, then N and N heaps for each case ------------------

# Cases of Nim laid out anywhere on their lines, against nim-sums worked
# out in awk; the same input with names.
awk 'function xor(a, b,   r, bit) {
    r = 0
    for (bit = 1; a > 0 || b > 0; bit *= 2) {
        if ((a % 2) != (b % 2)) r += bit
        a = int(a / 2); b = int(b / 2)
    }
    return r
}
BEGIN {
    srand(3032); T = 40; printf "%d\n", T
    for (c = 1; c <= T; c++) {
        n = int(rand() * 30); printf "%d", n; x = 0
        for (i = 0; i < n; i++) {
            h = int(rand() * 2147483647); x = xor(x, h)
            printf "%s%d", (rand() < 0.2 ? "\n" : " "), h
        }
        printf "\n"
        print "case " c ": nim-sum " x ", " (x ? "first" : "second") " player wins" > "/dev/stderr"
    }
}' > "$tmp/counted.in" 2> "$tmp/counted.want"
if expect 0 "solve --counted, Nim" solve -s all --counted "< counted.in"; then
    if cmp -s "$tmp/out" "$tmp/counted.want"; then pass; else
        fail "solve --counted: $(diff "$tmp/counted.want" "$tmp/out" | head -3)"
    fi
fi
sed 's/.*first player wins/Alice/; s/.*second player wins/Bob/' "$tmp/counted.want" > "$tmp/counted.names"
if expect 0 "solve --counted --names" solve -s all --counted --names Alice,Bob "< counted.in"; then
    if cmp -s "$tmp/out" "$tmp/counted.names"; then pass; else
        fail "solve --counted --names: $(diff "$tmp/counted.names" "$tmp/out" | head -3)"
    fi
fi

# ---- HDU 1847: every valid input against a win/lose search -----------

# n cards, take a power of two; n is a win when some move leads to a loss.
awk 'BEGIN { for (n = 1; n <= 1000; n++) print n }' > "$tmp/1847.in"
awk 'BEGIN {
    for (n = 0; n <= 1000; n++) {
        win[n] = 0
        for (k = 1; k <= n; k *= 2) if (!win[n - k]) win[n] = 1
    }
    for (n = 1; n <= 1000; n++) print (win[n] ? "Kiki" : "Cici")
}' > "$tmp/1847.want"
if expect 0 "HDU 1847, n = 1..1000" solve -s pow2 --names Kiki,Cici "< 1847.in"; then
    if cmp -s "$tmp/out" "$tmp/1847.want"; then pass; else
        fail "HDU 1847: answers differ from the search: $(diff "$tmp/1847.want" "$tmp/out" | head -3)"
    fi
fi

# ---- HDU 1848: a sample of inputs against the reference solution -----

# The reference solution from scratch: SG values by the classic template
# (mark the successors' values, take the least unmarked), Fibo wins when
# the XOR of the three is not 0.  Inputs: edge cases, every triple of heaps
# up to 12, and 30000 random triples up to 1000; then 0 0 0.
awk 'BEGIN {
    srand(1848)
    print "1 1 1"; print "1000 1000 1000"; print "987 610 377"
    print "1 1 1000"; print "999 998 1000"
    for (a = 1; a <= 12; a++) for (b = 1; b <= 12; b++) for (c = 1; c <= 12; c++)
        print a, b, c
    for (i = 0; i < 30000; i++)
        print 1 + int(rand() * 1000), 1 + int(rand() * 1000), 1 + int(rand() * 1000)
    print "0 0 0"
    print "1 2 3"
}' > "$tmp/1848.in"
awk 'function xor(a, b,   r, bit) {
         r = 0; bit = 1
         while (a > 0 || b > 0) {
             if ((a % 2) != (b % 2)) r += bit
             a = int(a / 2); b = int(b / 2); bit *= 2
         }
         return r
     }
     BEGIN {
         f[1] = 1; f[2] = 2; k = 2
         while (f[k] + f[k - 1] <= 1000) { f[k + 1] = f[k] + f[k - 1]; k++ }
         for (x = 0; x <= 1000; x++) {
             delete seen
             for (i = 1; i <= k && f[i] <= x; i++) seen[sg[x - f[i]]] = 1
             m = 0
             while (m in seen) m++
             sg[x] = m
         }
     }
     $1 == 0 && $2 == 0 && $3 == 0 { exit }
     { print (xor(xor(sg[$1], sg[$2]), sg[$3]) ? "Fibo" : "Nacci") }' \
    "$tmp/1848.in" > "$tmp/1848.want"
if expect 0 "HDU 1848, 31733 inputs" solve -s fib --names Fibo,Nacci --stop-at-zero "< 1848.in"; then
    if [ "$(wc -l < "$tmp/1848.want")" -gt 30000 ] && cmp -s "$tmp/out" "$tmp/1848.want"; then
        pass
    else
        fail "HDU 1848: answers differ from the reference: $(diff "$tmp/1848.want" "$tmp/out" | head -3)"
    fi
fi

# ---- bad lines: the good lines before them are answered --------------

# check_bad_line INPUT WANT-OUT FRAGMENT: sgviz answers the lines before
# the bad one, then exits 2 with one line on standard error.
check_bad_line() {
    printf "$1" > "$tmp/bad.in"
    run_in "$tmp" solve -s pow2 --names Kiki,Cici "< bad.in"
    if [ "$status" = 2 ] && [ "$(cat "$tmp/out")" = "$(printf "$2")" ] &&
        [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$3" "$tmp/err"; then
        pass
    else
        fail "bad line in $(printf '%s' "$1" | od -c | head -1): exit $status, out $(cat "$tmp/out"), err $(cat "$tmp/err")"
    fi
}
check_bad_line '1\n2\nthree\n4\n' 'Kiki\nKiki' 'sgviz: stdin:3: heap 1 "three" is not a heap size'
check_bad_line '1\n3\n4 -2\n' 'Kiki\nCici' 'sgviz: stdin:3: heap 2 "-2" is negative'
check_bad_line '1\n\n3\n' 'Kiki' 'sgviz: stdin:2: an empty line'
check_bad_line '1\n2 x\n' 'Kiki' 'sgviz: stdin:2: heap 2 "x" is not a heap size'
check_bad_line '1\n3\n\n' 'Kiki\nCici' 'sgviz: stdin:3: an empty line'
check_bad_line '1\n \t \n' 'Kiki' 'sgviz: stdin:2: an empty line'
# Line ends of every kind, and none at the end.
check_end() {
    printf "$1" > "$tmp/end.in"
    run_in "$tmp" solve -s pow2 --names Kiki,Cici "< end.in"
    if [ "$status" = 0 ] && [ "$(cat "$tmp/out")" = "$(printf "$2")" ]; then pass; else
        fail "input $(printf '%s' "$1" | od -c | head -1): exit $status, out $(cat "$tmp/out")"
    fi
}
check_end '1\r\n3\r\n' 'Kiki\nCici'
check_end '1\n3' 'Kiki\nCici'
check_end '  1 \t 3  \n' 'Kiki'

# A line longer than 65536 characters.
awk 'BEGIN { printf "1\n"; for (i = 0; i < 33000; i++) printf "1 "; printf "\n" }' > "$tmp/long.in"
run_in "$tmp" solve -s pow2 --names Kiki,Cici "< long.in"
if [ "$status" = 2 ] && [ "$(cat "$tmp/out")" = Kiki ] &&
    grep -qF 'sgviz: stdin:2: the line is longer than 65536 characters' "$tmp/err"; then
    pass
else
    fail "long line: exit $status, $(cat "$tmp/err")"
fi

# With -o, a bad line leaves no file (and never a half-written one).
printf 'precious\n' > "$tmp/answers.txt"
printf '1\nx\n' > "$tmp/bad.in"
if expect 2 "solve -o with a bad line" solve -s pow2 -o answers.txt "< bad.in"; then
    if [ "$(cat "$tmp/answers.txt")" = precious ] && [ ! -s "$tmp/out" ]; then pass; else
        fail "solve -o with a bad line damaged answers.txt"
    fi
fi
if expect 0 "solve -o" solve -s pow2 --names Kiki,Cici -o answers.txt "< 1847.in"; then
    if cmp -s "$tmp/answers.txt" "$tmp/1847.want"; then pass; else
        fail "solve -o: answers.txt differs"
    fi
fi

# Each answer comes as soon as its line is complete, before the input ends,
# as a person typing at a terminal expects.
rm -f "$tmp/fifo" "$tmp/live"
if mkfifo "$tmp/fifo" 2>/dev/null; then
    "$SGVIZ" solve -s pow2 --names Kiki,Cici < "$tmp/fifo" > "$tmp/live" 2>&1 &
    live_pid=$!
    exec 7> "$tmp/fifo"
    printf '1\n' >&7
    i=0
    while [ $i -lt 100 ] && ! grep -q Kiki "$tmp/live"; do
        sleep 0.1
        i=$((i + 1))
    done
    if grep -q Kiki "$tmp/live"; then pass; else
        fail "solve: no answer to the first line before the input ended"
    fi
    printf '3\n' >&7
    exec 7>&-
    wait $live_pid
    if [ "$(cat "$tmp/live")" = "$(printf 'Kiki\nCici')" ]; then pass; else
        fail "solve through a pipe: $(cat "$tmp/live")"
    fi
fi

# ---- winning moves of sums ---------------------------------------------

if expect 0 "solve -s 1,3,4 3 5 7" solve -s 1,3,4 3 5 7; then
    has_line 'nim-sum: 1 XOR 3 XOR 0 = 2' "solve 3 5 7"
    has_line 'The first player wins. Winning moves:' "solve 3 5 7"
    has_line '  take 4 from heap 2 (5 -> 1): nim-sum becomes 0' "solve 3 5 7"
    has_line '  take 1 from heap 3 (7 -> 6): nim-sum becomes 0' "solve 3 5 7"
    has_line '  take 3 from heap 3 (7 -> 4): nim-sum becomes 0' "solve 3 5 7"
    if [ "$(grep -c '^  take' "$tmp/out")" = 3 ]; then pass; else
        fail "solve 3 5 7: not exactly 3 winning moves"
    fi
fi
# Nim: 3 4 5 has nim-sum 2 and one winning move, 3 -> 1.
if expect 0 "solve -s all 3 4 5" solve -s all 3 4 5; then
    has_line '  take 2 from heap 1 (3 -> 1): nim-sum becomes 0' "nim 3 4 5"
    if [ "$(grep -c '^  take' "$tmp/out")" = 1 ]; then pass; else
        fail "nim 3 4 5: not exactly one winning move"
    fi
fi
if expect 0 "solve, second player" solve -s 1,3,4 2 7 0; then
    has_line 'The second player wins: every move of the first player leaves a nim-sum other than 0.' "solve 2 7 0"
fi
if expect 0 "solve --names, command line" solve -s fib --names Fibo,Nacci 1 4 1; then
    if [ "$(cat "$tmp/out")" = Nacci ]; then pass; else fail "solve --names: $(cat "$tmp/out")"; fi
fi
# Every winning move of every sum of two heaps up to 30 of {2,5,7} leaves a
# position the search calls lost, and every such move is listed.
awk 'BEGIN {
    n = 30; a[1] = 2; a[2] = 5; a[3] = 7
    for (x = 0; x <= n; x++) for (y = 0; y <= n; y++) {
        w = 0
        for (i = 1; i <= 3; i++) {
            if (a[i] <= x && !win[x - a[i], y]) w = 1
            if (a[i] <= y && !win[x, y - a[i]]) w = 1
        }
        win[x, y] = w
    }
    for (x = 0; x <= n; x++) for (y = 0; y <= n; y++) {
        moves = ""
        for (i = 1; i <= 3; i++) if (a[i] <= x && !win[x - a[i], y]) moves = moves " 1:" a[i]
        for (i = 1; i <= 3; i++) if (a[i] <= y && !win[x, y - a[i]]) moves = moves " 2:" a[i]
        print x, y, (win[x, y] ? "first" : "second") moves
    }
}' > "$tmp/moves.want"
: > "$tmp/moves.got"
x=0
while [ $x -le 30 ]; do
    y=0
    while [ $y -le 30 ]; do
        "$SGVIZ" solve -s 2,5,7 $x $y | awk -v x=$x -v y=$y '
            /^The first/ { who = "first" } /^The second/ { who = "second" }
            /^  take/ { split($0, w, " "); moves = moves " " w[5] ":" w[2] }
            END { print x, y, who moves }' >> "$tmp/moves.got"
        y=$((y + 1))
    done
    x=$((x + 1))
done
if cmp -s "$tmp/moves.want" "$tmp/moves.got"; then pass; else
    fail "solve -s 2,5,7: moves differ from the search: $(diff "$tmp/moves.want" "$tmp/moves.got" | head -3)"
fi

# Heaps up to 2^63-1, answered from the period of {1,3,4} (0 1 0 1 2 3 2):
# 10^18 is 1 more than a multiple of 7.
if expect 0 "solve, a huge heap" solve -s 1,3,4 1000000000000000000 5; then
    has_line 'heap 1: sg(1000000000000000000) = 1' "huge heap"
    has_line '  take 3 from heap 1 (1000000000000000000 -> 999999999999999997): nim-sum becomes 0' "huge heap"
fi
printf '9223372036854775807 1\n' > "$tmp/huge.in"
if expect 0 "solve, huge heaps on standard input" solve -s pow2 "< huge.in"; then
    # 2^63 - 1 is 1 mod 3, so the nim-sum is 1 XOR 1.
    has_line '9223372036854775807 1: nim-sum 0, second player wins' "huge stdin"
fi

# ---- value -------------------------------------------------------------

if expect 0 "value" value -s 1,3,4 0 7 100 1000000; then
    # Period 7: 0 1 0 1 2 3 2.
    if [ "$(cat "$tmp/out")" = "$(printf 'sg(0) = 0  (P)\nsg(7) = 0  (P)\nsg(100) = 0  (P)\nsg(1000000) = 1  (N)')" ]; then
        pass
    else
        fail "value: $(cat "$tmp/out")"
    fi
fi
if expect 0 "value -s pow2, x mod 3" value -s pow2 $(seq 1 100); then
    if awk -F'[()= ]+' '{ if ($3 != $2 % 3) bad++ } END { exit bad > 0 }' "$tmp/out"; then pass; else
        fail "value -s pow2: not x mod 3"
    fi
fi

# ---- games from DOT files ---------------------------------------------

cp "$here/data/solve-game.dot" "$tmp/game.dot"
if expect 0 "value -g" value -g game.dot a b c d; then
    if [ "$(cat "$tmp/out")" = "$(printf 'sg(a) = 2  (N)\nsg(b) = 1  (N)\nsg(c) = 0  (P)\nsg(d) = 0  (P)')" ]; then
        pass
    else
        fail "value -g: $(cat "$tmp/out")"
    fi
fi
if expect 0 "solve -g a d" solve -g game.dot a d; then
    has_line 'nim-sum: 2 XOR 0 = 2' "solve -g"
    has_line '  move in position 1 (a -> c): nim-sum becomes 0' "solve -g"
    has_line '  move in position 2 (d -> a): nim-sum becomes 0' "solve -g"
fi
printf 'a c\nd\nb b\n' > "$tmp/dag.in"
if expect 0 "solve -g, lines" solve -g game.dot "< dag.in"; then
    if [ "$(cat "$tmp/out")" = "$(printf 'a c: nim-sum 2, first player wins\nd: nim-sum 0, second player wins\nb b: nim-sum 0, second player wins')" ]; then
        pass
    else
        fail "solve -g lines: $(cat "$tmp/out")"
    fi
fi
# The game from standard input, the positions on the command line.
if expect 0 "solve -g -" solve -g - a c "< game.dot"; then
    has_line 'position 1: sg(a) = 2' "solve -g -"
fi
# Positions shared by several paths, moves in the file's order.
cat > "$tmp/shared.dot" <<'DOT'
digraph {
    start -> top; start -> left
    top -> left; top -> right; top -> bottom
    left -> bottom; right -> bottom
    bottom -> end
}
DOT
if expect 0 "trace -g shared positions" trace -g shared.dot; then
    has_line 'sg(top): top -> {left; right; bottom}; mex{sg(left); sg(right); sg(bottom)} = mex{0,0,1} = 2  (N)' "shared"
    has_line 'sg(start): start -> {top; left}; mex{sg(top); sg(left)} = mex{2,0} = 1  (N)' "shared"
    if [ "$(grep -c '^sg(bottom)' "$tmp/out")" = 1 ]; then pass; else
        fail "trace -g: bottom is not one step"
    fi
    # Every move's target is computed before its source.
    if awk '/^sg\(/ { name = substr($1, 4, length($1) - 5); done[name] = 1
                      if (match($0, /-> \{[^}]*\}/)) {
                          n = split(substr($0, RSTART + 4, RLENGTH - 5), t, "; ")
                          for (i = 1; i <= n; i++) if (!(t[i] in done)) bad++
                      } }
             END { exit bad > 0 }' "$tmp/out"; then
        pass
    else
        fail "trace -g: a target comes after its source"
    fi
fi
# A chain of 10^5 positions: no recursion, so no stack to overflow.
awk 'BEGIN { print "digraph chain {"; for (i = 0; i < 99999; i++) print "n" i " -> n" i + 1; print "}" }' > "$tmp/chain.dot"
if expect 0 "table -g, a chain of 10^5" table -g chain.dot --format csv; then
    if awk -F, 'NR > 1 { k = substr($1, 2) + 0; if ($2 != (99999 - k) % 2) bad++; rows++ }
                END { exit bad > 0 || rows != 100000 }' "$tmp/out"; then
        pass
    else
        fail "table -g chain: values do not alternate from the end"
    fi
fi
if expect 0 "solve -g, a chain of 10^5" solve -g chain.dot n0 n1 n99999; then
    has_line 'nim-sum: 1 XOR 0 XOR 0 = 1' "solve -g chain"
    has_line '  move in position 1 (n0 -> n1): nim-sum becomes 0' "solve -g chain"
fi

# A DOT file too large to read is refused before cgraph reads it (a sparse
# file: it takes no disk space).
if truncate -s 2G "$tmp/huge.dot" 2>/dev/null; then
    if expect 2 "table -g, a file of 2 GiB" table -g huge.dot; then
        if grep -qF 'sgviz: huge.dot: 2.0 GiB of DOT; sgviz reads games of at most 256.0 MiB (--dot-max SIZE raises it)' "$tmp/err"; then
            pass
        else
            fail "table -g huge.dot: $(cat "$tmp/err")"
        fi
    fi
    rm -f "$tmp/huge.dot"
fi

# --stop-at-zero with a DOT game: a line of zeros ends the input when no
# node is named 0 (a 0 among names is a name the game lacks); with a node
# named 0 the option is refused (tests/cli/bad-inputs-solve.txt), and
# without the option such a line is a question like any other.
printf 'a\n0 0\nb\n' > "$tmp/zero.in"
if expect 0 "solve -g --stop-at-zero" solve -g game.dot --stop-at-zero "< zero.in"; then
    if [ "$(cat "$tmp/out")" = 'a: nim-sum 2, first player wins' ]; then pass; else
        fail "solve -g --stop-at-zero: $(cat "$tmp/out")"
    fi
fi
printf 'a 0\n' > "$tmp/zero.in"
if expect 2 "solve -g --stop-at-zero, a 0 among names" solve -g game.dot --stop-at-zero "< zero.in"; then
    if grep -qxF 'sgviz: stdin:1: position 2 "0": game.dot has no node of that name' "$tmp/err"; then pass; else
        fail "solve -g, 0 among names: $(cat "$tmp/err")"
    fi
fi
cp "$here/data/solve-zero.dot" "$tmp/zero.dot"
printf '2 0\n0\n' > "$tmp/zero.in"
if expect 0 "solve -g, a node named 0" solve -g zero.dot "< zero.in"; then
    if [ "$(cat "$tmp/out")" = "$(printf '2 0: nim-sum 0, second player wins\n0: nim-sum 0, second player wins')" ]; then pass; else
        fail "solve -g, a node named 0: $(cat "$tmp/out")"
    fi
fi

# Names that hold the separator of numbers: lists of names are separated
# by "; ", and a name holding ';' is written in quotes.
cat > "$tmp/pairs.dot" <<'DOT'
digraph { "1,2" -> "0,2"; "1,2" -> "1,1"; "1,1" -> "0,1"; "0,2" -> "0,1"; "a;b" -> "1,2" }
DOT
if expect 0 "trace -g, names with commas" trace -g pairs.dot; then
    has_line 'sg(1,2): 1,2 -> {0,2; 1,1}; mex{sg(0,2); sg(1,1)} = mex{1,1} = 0  (P)' "names with commas"
    has_line 'sg("a;b"): "a;b" -> {1,2}; mex{sg(1,2)} = mex{0} = 1  (N)' "names with commas"
    has_line 'P-positions (sg = 0, the player to move loses): 0,1; 1,2' "names with commas"
fi
