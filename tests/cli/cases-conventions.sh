# cases-conventions.sh - one convention in every command: -f and -T are one
# option, -o's extension picks the format, a sum is written 3+4+5 in every
# command that takes positions, --lang where there are words, full-width
# digits and commas from a Chinese keyboard, and sets that a shell split.
# Values are checked against this file's own computation of S = {1,3,4}
# (sg(x) = the mex of sg(x-1), sg(x-3), sg(x-4)), not against sgviz alone.
# Sourced by run.sh, which provides expect, pass, fail, $tmp and $SGVIZ.

# sg(x) of S = {1,3,4} for x = 0..N, one a line.
cv_sg() {
    awk -v n="$1" 'BEGIN { for (x = 0; x <= n; x++) { delete seen
        if (x >= 1) seen[sg[x-1]] = 1; if (x >= 3) seen[sg[x-3]] = 1
        if (x >= 4) seen[sg[x-4]] = 1; m = 0; while (m in seen) m++
        sg[x] = m; print m } }'
}

# -f and -T: one option; each command takes either letter.
if expect 0 "table -T csv" table -s 1,3,4 -n 5 -T csv; then
    cp "$tmp/out" "$tmp/cv-T"
    if expect 0 "table -f csv" table -s 1,3,4 -n 5 -f csv &&
       cmp -s "$tmp/out" "$tmp/cv-T" && head -1 "$tmp/out" | grep -q '^x,sg'; then
        pass
    else
        fail "table -T csv and -f csv differ"
    fi
fi
if expect 0 "graph -f svg" graph -s 1,3,4 -n 5 -f svg -o -; then
    cp "$tmp/out" "$tmp/cv-f"
    if expect 0 "graph -T svg" graph -s 1,3,4 -n 5 -T svg -o - &&
       cmp -s "$tmp/out" "$tmp/cv-f" && grep -q '<svg' "$tmp/out"; then
        pass
    else
        fail "graph -f svg and -T svg differ"
    fi
fi

# -o's extension picks the format, in every command with one.
cv_ext() {
    want=$1
    shift
    if expect 0 "$*" "$@"; then
        if head -c 200 "$tmp/$cv_file" | grep -q -- "$want"; then pass; else
            fail "$*: $cv_file does not start as expected ($want): $(head -c 80 "$tmp/$cv_file")"
        fi
    fi
    rm -f "$tmp/$cv_file"
}
cv_file=t.csv; cv_ext '^x,sg,pn' table -s 1,3,4 -n 5 -o t.csv
cv_file=t.json; cv_ext '^{"game"' table -s 1,3,4 -n 5 -o t.json
cv_file=t.md; cv_ext '^| x ' table -s 1,3,4 -n 5 -o t.md
cv_file=t.tex; cv_ext 'begin{tabular}' table -s 1,3,4 -n 5 -o t.tex
cv_file=t.json; cv_ext '"steps"' trace -s 1,3,4 -n 5 -o t.json
cv_file=t.tex; cv_ext 'begin{' trace -s 1,3,4 -n 5 -o t.tex
cv_file=t.json; cv_ext '"period"' period -s 1,3,4 -o t.json
# A format given wins over the extension; an extension sgviz has no use
# for keeps the usual format.
cv_file=t.json; cv_ext '^x,sg,pn' table -s 1,3,4 -n 5 -f csv -o t.json
cv_file=t.out; cv_ext '^x  *0 1 2' table -s 1,3,4 -n 5 -o t.out

# A sum is written 3+4+5: value gives the nim-sum of the parts, solve the
# same answer as with the parts as separate operands, misère play too.
cv_sg 12 > "$tmp/cv-sg"
cv_nimsum() {
    awk -v parts="$1" 'NR == FNR { sg[NR - 1] = $1; next }
        END { n = split(parts, p, "+"); v = 0
              for (i = 1; i <= n; i++) {
                  a = sg[p[i]]; b = v; r = 0; bit = 1
                  while (a > 0 || b > 0) {
                      if ((a % 2) != (b % 2)) r += bit
                      a = int(a / 2); b = int(b / 2); bit *= 2 }
                  v = r }
              print v }' "$tmp/cv-sg" /dev/null
}
for cv_pos in 3+4+5 7+12 2+2 1+3+5+7+9 6; do
    want=$(cv_nimsum "$cv_pos")
    pn=P
    [ "$want" -ne 0 ] && pn=N
    if expect 0 "value $cv_pos" value -s 1,3,4 "$cv_pos"; then
        has_line "sg($cv_pos) = $want  ($pn)" "value -s 1,3,4 $cv_pos"
    fi
done
if expect 0 "solve 3 4 5" solve -s 1,3,4 3 4 5; then
    cp "$tmp/out" "$tmp/cv-solve"
    if expect 0 "solve 3+4 5" solve -s 1,3,4 3+4 5 && cmp -s "$tmp/out" "$tmp/cv-solve" &&
       expect 0 "solve 3+4+5" solve -s 1,3,4 3+4+5 && cmp -s "$tmp/out" "$tmp/cv-solve"; then
        pass
    else
        fail "solve 3+4+5 and solve 3 4 5 differ"
    fi
fi
if expect 0 "solve --misere 3 4 5" solve -t kayles --misere 3 4 5; then
    cp "$tmp/out" "$tmp/cv-solve"
    if expect 0 "solve --misere 3+4+5" solve -t kayles --misere 3+4+5 &&
       cmp -s "$tmp/out" "$tmp/cv-solve"; then pass; else
        fail "solve --misere 3+4+5 and 3 4 5 differ"
    fi
fi
# A node whose own name holds a + is still that node.
printf 'digraph { "a+b" -> c; c -> d }\n' > "$tmp/cv-plus.dot"
if expect 0 "value -g, a node named a+b" value -g cv-plus.dot a+b; then
    has_line "sg(a+b) = 0  (P)" "value -g: the node a+b"
fi

# --lang in value, in the notation of the notes.
if expect 0 "value --lang zh" value -s 1,3,4 7 100 3+4 --lang zh; then
    has_line "SG[7] = 0（P 局面，先手必败）" "value --lang zh"
    has_line "SG[3+4] = 3（N 局面，先手必胜）" "value --lang zh, a sum"
fi
if expect 0 "value --misere --lang zh" value -t kayles --misere 4+5 --lang zh; then
    has_line "SG⁻[4+5] = 0（反常规则下 P 局面，先手必败）" "value --misere --lang zh"
fi

# Full-width digits, commas and plus signs from a Chinese keyboard read as
# ASCII, in sets, positions and -n; file names stay as they are.
if expect 0 "table -s 1,3,4" table -s 1,3,4 -n 10; then
    cp "$tmp/out" "$tmp/cv-ascii"
    if expect 0 "table -s １，３，４ -n １０" table -s '１，３，４' -n '１０' &&
       cmp -s "$tmp/out" "$tmp/cv-ascii" &&
       expect 0 "table -s 1、3、4" table -s '1、3、4' -n 10 &&
       cmp -s "$tmp/out" "$tmp/cv-ascii"; then
        pass
    else
        fail "a set typed in full width reads differently"
    fi
fi
if expect 0 "value ３＋４" value -s 1,3,4 '３＋４'; then
    has_line "sg(3+4) = 3  (N)" "value -s 1,3,4 ３＋４"
fi

# value and solve take operands, so "-s 1 3 4" may be meant: it is
# answered, with a warning that says how to quote a set.
if expect 0 "value -s 1 3 4 (a split set)" value -s 1 3 4; then
    if grep -q "^sgviz: value: warning: -s 1 is the set {1}, and the numbers after it are positions; if you meant a set such as {1,3,...}, quote it: -s '{1,3,...}'" "$tmp/err" &&
       grep -qx 'sg(3) = 1  (N)' "$tmp/out"; then
        pass
    else
        fail "value -s 1 3 4: no warning about the split set: $(cat "$tmp/err")"
    fi
fi
if expect 0 "value -s 1,3,4 3 4" value -s 1,3,4 3 4 && [ ! -s "$tmp/err" ]; then pass; else
    fail "value -s 1,3,4 3 4 warns: $(cat "$tmp/err")"
fi

# The top-level help lists every game kind of the registry, the ways to
# play, and the shared options.
if expect 0 "sgviz --help" --help; then
    for cv_line in '  -s, --set SPEC       subtraction set: 1,3,4 | 1..m | pow2 | fib | all' \
                   '  -t, --code CODE      take-and-break code: 0.77 | 4.[3] | 4!.0 | kayles | lasker | ...' \
                   '  --misere             misère play (the last player to move loses), in' \
                   '  steps --practice     a practice page: the student works out each value' \
                   '  -f, -T, --format F   the format (-f and -T are one option)'; do
        has_line "$cv_line" "sgviz --help"
    done
fi
