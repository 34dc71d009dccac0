# cases-pattern.sh - pattern finding: `table -f c`, `--p-positions`,
# `--grid`, game graphs' tables in the order of their names, `period
# --values` and `period -g`, each against values computed here in awk (a
# brute-force mex, Lasker's Nim's closed form, Wythoff's golden-ratio
# pairs).  Sourced by run.sh, which provides run_in, expect, has_line,
# pass, fail, $tmp and $SGVIZ.

# sub_values SET N: sg(0..N) of the subtraction game SET ("1,3,4"), by the
# mex, space-separated on one line.
sub_values() {
    awk -v set="$1" -v n="$2" 'BEGIN {
        k = split(set, a, ",")
        for (x = 0; x <= n; x++) {
            delete seen
            for (i = 1; i <= k; i++)
                if (a[i] <= x) seen[v[x - a[i]]] = 1
            m = 0
            while (m in seen) m++
            v[x] = m
            printf "%s%d", x ? " " : "", m
        }
        print ""
    }'
}

# same_text WHAT WANT: $tmp/out is WANT and a newline.
same_text() {
    printf '%s\n' "$2" > "$tmp/want"
    if cmp -s "$tmp/want" "$tmp/out"; then pass; else
        fail "$1: got $(head -c 200 "$tmp/out"), expected $2"
    fi
}

# ---- table -f c and --p-positions against the mex --------------------

for set in 1,3,4 2,4,7 1,2 3,5,9,10; do
    vals=$(sub_values "$set" 60)
    if expect 0 "table -s $set -f c" table -s "$set" -n 60 -f c -w 1000; then
        same_text "table -s $set -f c" "{$(echo "$vals" | tr ' ' ',')}"
    fi
    ps=$(echo "$vals" | awk '{ s = ""; for (i = 1; i <= NF; i++)
        if ($i == 0) s = s (s == "" ? "" : ",") (i - 1); print s }')
    if expect 0 "table -s $set -f c --p-positions" \
            table -s "$set" -n 60 -f c --p-positions -w 1000; then
        same_text "table -s $set -f c --p-positions" "{$ps}"
    fi
    if expect 0 "table -s $set --p-positions" \
            table -s "$set" -n 60 --p-positions; then
        same_text "table -s $set --p-positions" "$(echo "$ps" | tr ',' '\n')"
    fi
done

# A C array wraps at the width, each line a whole number of items.
if expect 0 "table -f c -w 20" table -s 1,3,4 -n 30 -f c -w 20; then
    if awk 'length($0) > 20 { bad = 1 } END { exit bad }' "$tmp/out" &&
       [ "$(tr -d ' \n' < "$tmp/out")" = "{$(sub_values 1,3,4 30 | tr ' ' ',')}" ]
    then pass; else fail "table -f c -w 20: $(cat "$tmp/out")"; fi
fi

# ---- period --values: known preperiods, periods and saltus -----------

# values_report FILE N0 P D: period --values FILE reports them in JSON.
values_report() {
    if expect 0 "period --values $1" period --values "$1" -f json; then
        got=$(sed -n 's/.*"preperiod": \([0-9]*\), "period": \([0-9]*\), "saltus": \(-*[0-9]*\).*/\1 \2 \3/p' "$tmp/out")
        if [ "$got" = "$2 $3 $4" ]; then pass; else
            fail "period --values $1: got \"$got\", expected $2 $3 $4"
        fi
    fi
}

# Lasker's Nim by its closed form: sg(4k+1) = 4k+1, sg(4k+2) = 4k+2,
# sg(4k+3) = 4k+4, sg(4k+4) = 4k+3, so a saltus of 4 over a period of 4
# after sg(0).
awk 'BEGIN { printf "0"; for (x = 1; x < 200; x++) {
    r = x % 4; printf " %d", r == 1 || r == 2 ? x : r == 3 ? x + 1 : x - 1 }
    print "" }' > "$tmp/lasker.txt"
values_report lasker.txt 1 4 4
# Nim itself: sg(x) = x, saltus 1 over period 1.
seq 0 99 > "$tmp/nim.txt"
values_report nim.txt 0 1 1
# Subtraction games, whose certified preperiod and period are known: the
# values computed here, the report from standard input, as a C array.
sub_values 2,4,7 300 | tr ' ' ',' | sed 's/^/{/; s/$/}/' > "$tmp/247.txt"
if expect 0 "period --values - < 247.txt" period --values - -f json '<' 247.txt; then
    got=$(sed -n 's/.*"preperiod": \([0-9]*\), "period": \([0-9]*\).*/\1 \2/p' "$tmp/out")
    if [ "$got" = "8 3" ]; then pass; else fail "period --values 2,4,7: $got"; fi
fi
for set in 1,3,4 2,5 1,4,5 3,4,11 2,3,13 1,5,6,9; do
    sub_values "$set" 1500 > "$tmp/sub.txt"
    expect 0 "period -s $set" period -s "$set" -f json || continue
    want=$(sed -n 's/.*"preperiod": \([0-9]*\), "period": \([0-9]*\).*/\1 \2 0/p' "$tmp/out")
    values_report sub.txt $want
done
# No pattern in values drawn at random: exit 1, labelled as apparent.
awk 'BEGIN { srand(7); for (i = 0; i < 400; i++) print int(rand() * 50) }' > "$tmp/random.txt"
if expect 1 "period --values random" period --values random.txt; then
    has_line "no apparent period: no period, with or without a saltus, repeats in two whole" "period --values random"
fi
if expect 0 "period --values text" period --values lasker.txt; then
    has_line "apparent saltus:    4, so v(x + 4) = v(x) + 4" "period --values text"
    has_line "before it: 0  (v(0))" "period --values text"
fi

# ---- period -g: a game graph's values in the order of its names -------

# The subtraction game {1, 2} as a graph of 0..40, nodes written in a
# shuffled order: period 3 from 0, whatever the file's order.
awk 'BEGIN { print "digraph s12 {"; for (i = 0; i <= 40; i++) {
    x = (i * 17) % 41; if (x >= 1) print x " -> " x - 1;
    if (x >= 2) print x " -> " x - 2 } print "}" }' > "$tmp/s12.dot"
if expect 0 "period -g s12.dot" period -g s12.dot -f json; then
    got=$(sed -n 's/.*"preperiod": \([0-9]*\), "period": \([0-9]*\).*"from": "\([0-9]*\)".*/\1 \2 \3/p' "$tmp/out")
    if [ "$got" = "0 3 0" ]; then pass; else fail "period -g s12.dot: $got"; fi
fi
# --order: the same values read from 40 down to 0 are still of period 3.
seq 40 -1 0 > "$tmp/down.txt"
if expect 0 "period -g --order" period -g s12.dot --order down.txt; then
    has_line "s12.dot: its positions in the order the file names them" "period --order"
    has_line "apparent period:    3" "period --order"
fi
# The table of a graph named by numbers is in their order.
if expect 0 "table -g s12.dot -f c" table -g s12.dot -f c -w 1000; then
    same_text "table -g s12.dot -f c" "{$(sub_values 1,2 40 | tr ' ' ',')}"
fi
if expect 0 "table -g s12.dot --from 5 --to 9" table -g s12.dot --from 5 --to 9 -f csv; then
    same_text "table -g --from --to" "$(printf 'x,sg,pn\n5,2,N\n6,0,P\n7,1,N\n8,2,N\n9,0,P')"
fi

# ---- --grid: Wythoff's game on pairs, against the golden ratio --------

# Positions "a,b" for a, b <= 12; a move takes from one pile or equally
# from both.  Its P-positions are (floor(k phi), floor(k phi^2)) and their
# mirror images.
awk 'BEGIN { n = 12; print "digraph wythoff {";
    for (a = 0; a <= n; a++) for (b = 0; b <= n; b++) {
        printf "\"%d,%d\";\n", a, b
        for (k = 1; k <= a; k++) printf "\"%d,%d\" -> \"%d,%d\";\n", a, b, a - k, b
        for (k = 1; k <= b; k++) printf "\"%d,%d\" -> \"%d,%d\";\n", a, b, a, b - k
        for (k = 1; k <= a && k <= b; k++) printf "\"%d,%d\" -> \"%d,%d\";\n", a, b, a - k, b - k
    } print "}" }' > "$tmp/wythoff.dot"
awk 'BEGIN { phi = (1 + sqrt(5)) / 2; n = 12
    for (k = 0; k <= n; k++) { a = int(k * phi); b = a + k
        if (b <= n) { p[a "," b] = 1; p[b "," a] = 1 } }
    printf "a\\b"; for (b = 0; b <= n; b++) printf ",%d", b; print ""
    for (a = 0; a <= n; a++) { printf "%d", a
        for (b = 0; b <= n; b++) printf ",%s", (a "," b) in p ? "P" : ""
        print "" } }' > "$tmp/wythoff-p.csv"
if expect 0 "table --grid --p-positions -f csv" table -g wythoff.dot --grid --p-positions -f csv; then
    if cmp -s "$tmp/out" "$tmp/wythoff-p.csv"; then pass; else
        fail "Wythoff's P-positions differ from the golden-ratio pairs"
        diff "$tmp/wythoff-p.csv" "$tmp/out" | head -5
    fi
fi
# The text grid marks the same cells with a star, and row 0 is Nim's sg = b.
if expect 0 "table --grid" table -g wythoff.dot --grid; then
    stars=$(awk 'NR > 2 { for (i = 2; i <= NF; i++) if ($i ~ /\*$/) printf "%d,%d ", $1, i - 2 }' "$tmp/out")
    want=$(awk -F, 'NR > 1 { for (i = 2; i <= NF; i++) if ($i == "P") printf "%d,%d ", $1, i - 2 }' "$tmp/wythoff-p.csv")
    if [ "$stars" = "$want" ]; then pass; else fail "grid stars: $stars, expected $want"; fi
    has_line "  0  0*  1   2   3   4   5   6   7   8   9  10  11  12" "grid row 0"
fi
# As C: a two-dimensional array, and the P-positions as pairs.
if expect 0 "table --grid -f c" table -g wythoff.dot --grid -f c; then
    if [ "$(head -c 30 "$tmp/out")" = "{{0,1,2,3,4,5,6,7,8,9,10,11,12" ]; then pass; else
        fail "grid -f c: $(head -1 "$tmp/out")"; fi
fi
if expect 0 "table -f c --p-positions (pairs)" table -g wythoff.dot -f c --p-positions -w 1000; then
    same_text "pairs" "{{0,0},{1,2},{2,1},{3,5},{4,7},{5,3},{6,10},{7,4},{10,6}}"
fi
