# cases-labels.sh - a DOT game's labels name its positions in every output
# that names them: traces, tables, values, sums, homework reports, the
# captions of step pictures and the page, the legend of a drawing.  The
# game is Nim with two heaps of at most 2 (data/labels.dot): node hAB is
# labelled "(A,B)", and its value A XOR B is worked out here with awk.
# Input may name a position by its node or by its label.  Sourced by
# run.sh, which provides run_in, pass, fail, $tmp, $here and $SGVIZ.

l_data="$here/data"

# l_no_ids WHAT FILE: FILE names no position by its node (hAB).
l_no_ids() {
    if grep -q 'h[0-2][0-2]' "$2"; then
        fail "$1: names a position by its node: $(grep -o '.\{0,20\}h[0-2][0-2].\{0,20\}' "$2" | head -1)"
    else
        pass
    fi
}

# l_run WHAT ARGS...: runs sgviz ARGS in the data directory, expecting
# exit status 0 and no message.
l_run() {
    l_what=$1
    shift
    run_in "$l_data" "$@"
    if [ "$status" != 0 ] || [ -s "$tmp/err" ]; then
        fail "$l_what: exit $status: $(head -1 "$tmp/err")"
        return 1
    fi
    return 0
}

# Every step of the trace, with its value against A XOR B.
if l_run "trace of labels.dot" trace -g labels.dot; then
    l_bad=$(awk 'function xor(a, b,   r, bit) {
                     r = 0; bit = 1
                     for (; a || b; bit *= 2) {
                         if (a % 2 != b % 2) r += bit
                         a = int(a / 2); b = int(b / 2) }
                     return r }
                 /^sg\(\(/ { a = substr($0, 5, 1); b = substr($0, 7, 1);
                     n++; v = $0; sub(/.* = /, "", v); sub(/ .*/, "", v);
                     if (v != xor(a, b)) print "(" a "," b "): " v }
                 END { if (n != 9) print n " steps" }' "$tmp/out" 2>&1)
    if [ -z "$l_bad" ]; then pass; else fail "trace of labels.dot: $l_bad"; fi
    l_no_ids "trace" "$tmp/out"
fi
for l_fmt in md latex json; do
    if l_run "trace --format $l_fmt" trace -g labels.dot --format $l_fmt; then
        if grep -q '(2,1)' "$tmp/out"; then pass; else
            fail "trace --format $l_fmt: no (2,1)"
        fi
        l_no_ids "trace --format $l_fmt" "$tmp/out"
    fi
done
for l_fmt in text csv md latex json; do
    if l_run "table --format $l_fmt" table -g labels.dot --format $l_fmt; then
        if grep -q '(2,2)' "$tmp/out"; then pass; else
            fail "table --format $l_fmt: no (2,2)"
        fi
        l_no_ids "table --format $l_fmt" "$tmp/out"
    fi
done

# Positions named by their nodes or their labels, answered by label.
if l_run "value by node and label" value -g labels.dot h21 "'(1,2)'" h11; then
    printf 'sg((2,1)) = 3  (N)\nsg((1,2)) = 3  (N)\nsg((1,1)) = 0  (P)\n' > "$tmp/want"
    if cmp -s "$tmp/want" "$tmp/out"; then pass; else
        fail "value -g labels.dot: $(tr '\n' '|' < "$tmp/out")"
    fi
fi
if l_run "solve" solve -g labels.dot h21 h10; then
    # (2,1) XOR (1,0): 3 XOR 1 = 2; the winning moves leave 1 at (2,1).
    if grep -qxF 'nim-sum: 3 XOR 1 = 2' "$tmp/out" &&
        grep -qF '((2,1) -> (0,1))' "$tmp/out"; then pass; else
        fail "solve -g labels.dot: $(tr '\n' '|' < "$tmp/out")"
    fi
    l_no_ids "solve" "$tmp/out"
fi
if l_run "solve from standard input" "solve -g labels.dot < '$l_data/labels-sums.txt'"; then
    printf '(2,1) (1,0): nim-sum 2, first player wins\n(1,1) (2,2): nim-sum 0, second player wins\n' > "$tmp/want"
    if cmp -s "$tmp/want" "$tmp/out"; then pass; else
        fail "solve -g labels.dot < labels-sums.txt: $(tr '\n' '|' < "$tmp/out")"
    fi
fi

# A homework sheet written with the nodes' names: the report names the
# wrong entry by its label.
run_in "$l_data" check -g labels.dot labels-sheet.txt
if [ "$status" = 1 ] && grep -q '^x = (1,2): you wrote 2, the right value is 3' "$tmp/out"; then
    pass
else
    fail "check -g labels.dot: exit $status: $(head -3 "$tmp/out" | tr '\n' '|')"
fi
l_no_ids "check" "$tmp/out"
run_in "$l_data" check -g labels.dot labels-sheet.txt --format json
l_no_ids "check --format json" "$tmp/out"

# Step pictures: the captions and the page.
if l_run "steps frames" steps -g labels.dot -o "$tmp/labels-frames/"; then
    if grep -qF '>sg((2,2)) = mex{2,3,2,3} = 0</text>' "$tmp/labels-frames/step-008.svg"; then
        pass
    else
        fail "steps -g labels.dot: step 8's caption"
    fi
fi
if l_run "steps page" steps -g labels.dot -o -; then
    if grep -qF '"(2,2)"' "$tmp/out"; then pass; else fail "steps page: no (2,2)"; fi
fi
# The legend of a drawing from a root.
if l_run "graph --from" graph -g labels.dot --from h21 -o -; then
    if grep -qF 'reachable from (2,1)' "$tmp/out"; then pass; else
        fail "graph --from h21: the legend does not name (2,1)"
    fi
fi
