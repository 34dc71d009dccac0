# cases-check.sh - behaviours of `sgviz check` beyond the examples and the
# bad-input table.  Sourced by run.sh, which provides run_in, expect,
# has_line, pass, fail, $tmp and $SGVIZ.

if expect 0 "check --help" check --help; then
    if grep -q '^Usage: sgviz check' "$tmp/out"; then pass; else
        fail "check --help: no usage"
    fi
fi

# ---- every input form, right and wrong ---------------------------------

# check_form NAME STATUS SUMMARY-LINE TEXT: TEXT as a file, checked against
# S = {1,3,4}; the exit status and the summary line must be as given.
check_form() {
    printf "$4" > "$tmp/form.txt"
    if expect "$2" "check: $1" check -s 1,3,4 form.txt; then
        has_line "$3" "check: $1"
    fi
}
check_form "two rows" 0 "9/9 correct" 'x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 2 0 1\n'
check_form "SG[x] row" 1 "8/9 correct, first error at x = 8" 'x: 0 1 2 3 4 5 6 7 8\nSG[x]: 0 1 0 1 2 3 2 0 0\n'
check_form "pairs" 0 "4/4 correct" '0 0\n1\t1\n2: 0\n3,1\n'
check_form "sg(x) = v" 1 "3/4 correct, first error at x = 3" 'sg(0) = 0\nsg(1) = 1\nsg(2) = 0\nsg(3) = 0\n'
check_form "csv" 0 "5/5 correct" 'x,sg,pn\n0,0,P\n1,1,N\n2,0,P\n3,1,N\n4,2,N\n'
check_form "csv, wrong letter" 1 "4/5 correct, first error at x = 4" 'x,sg,pn\n0,0,P\n1,1,N\n2,0,P\n3,1,N\n4,2,P\n'
check_form "bare list" 0 "9/9 correct" '# my answers\n0 1 0 1 2 3\n2 0 1\n'
check_form "P/N letters" 0 "9/9 correct" 'P N P N N N N P N\n'
check_form "P/N run" 1 "8/9 correct, first error at x = 6" 'PNPNNNPPN\n'

# A forced layout reads "0 0 / 1 1" as four values rather than two pairs.
printf '0 0\n1 1\n' > "$tmp/forced.txt"
if expect 1 "--input-format list" check -s 1,3,4 --input-format list forced.txt; then
    has_line "2/4 correct, first error at x = 1" "--input-format list"
fi
if expect 0 "--input-format auto" check -s 1,3,4 forced.txt; then
    has_line "2/2 correct" "--input-format auto"
fi

# The tables sgviz itself prints are read back as all correct.
"$SGVIZ" table -s pow2 -n 200 --width 50 > "$tmp/table.txt"
"$SGVIZ" table -s pow2 -n 200 --format csv > "$tmp/table.csv"
for f in table.txt table.csv; do
    if expect 0 "check of sgviz's own $f" check -s pow2 "$f"; then
        has_line "201/201 correct" "check of $f"
    fi
done

# Standard input.
if expect 1 "check -" check -s 1,3,4 - "< $tmp/form.txt"; then
    has_line "(standard input): S = {1,3,4}, x = 0..8" "check -"
fi

# -n asks for more than the file gives: the rest is missing.
printf '0 1 0 1\n' > "$tmp/short.txt"
if expect 1 "check -n beyond the file" check -s 1,3,4 -n 6 short.txt; then
    has_line "x = 4..6: no entries (3 positions)" "-n beyond the file"
    has_line "4/7 correct, first error at x = 4" "-n beyond the file"
fi

if expect 1 "check -n one beyond the file" check -s 1,3,4 -n 4 short.txt; then
    has_line "x = 4: no entry; the right value is 2" "-n one beyond the file"
    has_line "    sg(4): 4-{1,3,4} -> {3,1,0}; mex{sg(3),sg(1),sg(0)} = mex{1,1,0} = 2  (N)" "-n one beyond the file"
fi

# ---- the consistency rule, against a table made by awk -----------------

# make_slip SET N P: writes a student's table (one slip at P, then every
# value the mex of the student's own values) to $tmp/slip.txt, and the
# number of wrong entries to $tmp/wrong.  Nothing here uses sgviz.
make_slip() {
    awk -v S="$1" -v N="$2" -v P="$3" 'BEGIN {
        k = split(S, a, ",")
        for (x = 0; x <= N; x++) {
            split("", mt); split("", ms)
            for (i = 1; i <= k; i++)
                if (a[i] + 0 <= x) { mt[t[x - a[i]]] = 1; ms[s[x - a[i]]] = 1 }
            for (v = 0; v in mt; v++) ; t[x] = v
            for (v = 0; v in ms; v++) ; s[x] = (x == P) ? v + 1 : v
            if (s[x] != t[x]) wrong++
            line = line (x ? " " : "") s[x]
        }
        print line > "'"$tmp"'/slip.txt"
        print wrong + 0 > "'"$tmp"'/wrong"
    }'
}
for args in "1,3,4 60 6" "2,5,7 80 11" "1,2 40 3" "3,4,9,10 90 20"; do
    set -- $args
    make_slip "$1" "$2" "$3"
    wrong=$(cat "$tmp/wrong")
    total=$(($2 + 1))
    if expect 1 "consistency, S = {$1}" check -s "$1" slip.txt --format json; then
        want="\"total\": $total, \"correct\": $((total - wrong)), \"consistent\": $((total - 1)), \"missing\": 0, \"slips\": 1, \"first_error\": $3"
        if grep -qF "$want" "$tmp/out" &&
           grep -qF "\"x\": $3, \"given\": " "$tmp/out" &&
           grep -qF "\"slip\": true, \"followers\": $((wrong - 1))," "$tmp/out"; then
            pass
        else
            fail "consistency, S = {$1}: expected $want and $((wrong - 1)) followers: $(head -1 "$tmp/out")"
        fi
    fi
done

# ---- games read from DOT files -----------------------------------------

printf 'digraph { a -> b -> c; a -> c; d -> a }\n' > "$tmp/game.dot"
printf 'x c b a d\nsg 0 1 2 0\n' > "$tmp/dag-right.txt"
printf 'sg(a) = 1\nsg(b) = 0\nsg(c) = 0\nsg(d) = 0\n' > "$tmp/dag-wrong.txt"
if expect 0 "check -g, right" check -g game.dot dag-right.txt; then
    has_line "4/4 correct" "check -g, right"
fi
if expect 1 "check -g, a slip at b" check -g game.dot dag-wrong.txt; then
    has_line "x = b: you wrote 0, the right value is 1" "check -g"
    has_line "    sg(b): b -> {c}; mex{sg(c)} = mex{0} = 1  (N)" "check -g"
    has_line "    the next wrong entry follows correctly from your sg(b) = 0" "check -g"
    has_line "2/4 correct, first error at x = b" "check -g"
fi

# ---- a class -------------------------------------------------------------

mkdir -p "$tmp/class/sub"
printf '0 1 0 1 2 3 2 0 1\n' > "$tmp/class/b.txt"
printf '0 1 0 1 2 3 1 0 1\n' > "$tmp/class/a.txt"
printf '0 1 0 1 2 3 2 0 1\n' > "$tmp/class/.hidden.txt"
printf 'not a table\n' > "$tmp/class/sub/ignored.txt"
if expect 1 "class directory" check -s 1,3,4 class; then
    n=$(grep -c 'class/' "$tmp/out")
    first=$(grep 'class/' "$tmp/out" | head -1 | awk '{print $1}')
    if [ "$n" -eq 2 ] && [ "$first" = class/a.txt ]; then pass; else
        fail "class directory: $n rows, first $first (hidden files and folders must be skipped, names sorted)"
    fi
    has_line "2 files: 1 all correct, 1 with errors, 0 unreadable" "class directory"
fi
printf '0 1 0 1 2 3 2 0 Z\n' > "$tmp/class/c.txt"
if expect 2 "class with an unreadable file" check -s 1,3,4 class --format csv; then
    lines=$(wc -l < "$tmp/err")
    rows=$(grep -c '^class/' "$tmp/out")
    if [ "$lines" -eq 1 ] && [ "$rows" -eq 3 ] &&
       grep -q '^sgviz: 1 of 3 files could not be checked; the first: class/c.txt:1:17: "Z" is not a number' "$tmp/err" &&
       grep -q '^class/c.txt,,,,,"class/c.txt:1:17' "$tmp/out"; then
        pass
    else
        fail "class with an unreadable file: $rows rows, $lines lines on stderr: $(cat "$tmp/err")"
    fi
fi
# Several files as operands make a class too, in the order given.
if expect 2 "class of operands" check -s 1,3,4 class/c.txt class/b.txt; then
    if [ "$(awk 'NR == 3 {print $1}' "$tmp/out")" = class/c.txt ]; then pass; else
        fail "class of operands: order $(cat "$tmp/out")"
    fi
fi
# The gradebook file is written when some files are unreadable (its rows
# say so), but a single unreadable file leaves no report.
if expect 2 "class -o" check -s 1,3,4 class -o book.txt; then
    if [ ! -s "$tmp/out" ] && grep -q '^class/c.txt  *unreadable: ' "$tmp/book.txt"; then
        pass
    else
        fail "class -o: gradebook not written"
    fi
fi
printf 'precious\n' > "$tmp/old-report.txt"
if expect 2 "check -o of an unreadable file" check -s 1,3,4 class/c.txt -o old-report.txt; then
    if [ "$(cat "$tmp/old-report.txt")" = precious ]; then pass; else
        fail "check -o of an unreadable file replaced the old report"
    fi
fi
if expect 1 "check -o with a verdict" check -s 1,3,4 class/a.txt -o report.txt; then
    if [ ! -s "$tmp/out" ] && grep -q '^8/9 correct, first error at x = 6$' "$tmp/report.txt"; then
        pass
    else
        fail "check -o: report not written"
    fi
fi
