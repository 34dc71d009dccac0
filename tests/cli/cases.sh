# cases.sh - command-line behaviours that are not a plain "output equals
# file" comparison.  Sourced by run.sh, which provides run_in, expect,
# has_line, pass, fail, $tmp and $SGVIZ.

# ---- version and help -------------------------------------------------

if expect 0 "--version" --version; then
    if grep -qx 'sgviz [0-9][0-9.]*' "$tmp/out"; then pass; else
        fail "--version printed: $(cat "$tmp/out")"
    fi
fi
for cmd in "" table trace; do
    if expect 0 "sgviz $cmd --help" $cmd --help; then
        if grep -q '^Usage: sgviz' "$tmp/out" && [ ! -s "$tmp/err" ]; then
            pass
        else
            fail "sgviz $cmd --help: no usage on standard output"
        fi
    fi
done

# ---- the worked example, in the words of the source material ----------

# The lines below are copied from the teaching notes (S = {1,3,4}, N = 8).
if expect 0 "trace --lang zh" trace -s 1,3,4 -n 8 --lang zh; then
    while IFS= read -r line; do
        has_line "$line" "trace --lang zh"
    done <<'LINES'
x=1 时，可以取走1-f{1}个石子，剩余{0}个，所以 SG[1] = mex{SG[0]} = mex{0} = 1;
x=2 时，可以取走2-f{1}个石子，剩余{1}个，所以 SG[2] = mex{SG[1]} = mex{1} = 0;
x=3 时，可以取走3-f{1,3}个石子，剩余{2,0}个，所以 SG[3] = mex{SG[2],SG[0]} = mex{0,0} = 1;
x=4 时，可以取走4-f{1,3,4}个石子，剩余{3,1,0}个，所以 SG[4] = mex{SG[3],SG[1],SG[0]} = mex{1,1,0} = 2;
x=5 时，可以取走5-f{1,3,4}个石子，剩余{4,2,1}个，所以 SG[5] = mex{SG[4],SG[2],SG[1]} = mex{2,0,1} = 3;
x=6 时，可以取走6-f{1,3,4}个石子，剩余{5,3,2}个，所以 SG[6] = mex{SG[5],SG[3],SG[2]} = mex{3,1,0} = 2;
x=7 时，可以取走7-f{1,3,4}个石子，剩余{6,4,3}个，所以 SG[7] = mex{SG[6],SG[4],SG[3]} = mex{2,2,1} = 0;
x=8 时，可以取走8-f{1,3,4}个石子，剩余{7,5,4}个，所以 SG[8] = mex{SG[7],SG[5],SG[4]} = mex{0,3,2} = 1;
LINES
fi
if expect 0 "trace (English)" trace -s 1,3,4 -n 8; then
    has_line 'sg(4): 4-{1,3,4} -> {3,1,0}; mex{sg(3),sg(1),sg(0)} = mex{1,1,0} = 2  (N)' "trace"
    has_line 'sg(0): no moves, a terminal position; mex{} = 0  (P)' "trace"
fi

# A window shows exactly its positions.
if expect 0 "trace --from 4 --to 6" trace -s 1,3,4 --from 4 --to 6; then
    n=$(grep -c '^sg(' "$tmp/out")
    if [ "$n" -eq 3 ] && grep -q '^sg(4)' "$tmp/out" && grep -q '^sg(6)' "$tmp/out"; then
        pass
    else
        fail "trace --from 4 --to 6: $n steps"
    fi
fi

# ---- closed forms, checked by awk rather than by sgviz's own files ----

# check_csv SPEC N AWK-EXPR: every row x,sg of the CSV table satisfies EXPR.
check_csv() {
    if expect 0 "table -s $1" table -s "$1" -n "$2" --format csv; then
        rows=$(awk -F, -v n="$2" 'NR > 1 { rows++; x = $1; sg = $2;
                 if (!('"$3"')) bad++ } END { if (bad) print "bad"; else print rows }' "$tmp/out")
        if [ "$rows" = "$(($2 + 1))" ]; then pass; else
            fail "table -s $1 -n $2: rows disagree with $3 ($rows)"
        fi
    fi
}
check_csv 1,2,3 1000 'sg == x % 4'
check_csv 1..5 1000 'sg == x % 6'
check_csv pow2 1000 'sg == x % 3'
check_csv all 1000 'sg == x'
check_csv 1,3,4 1000 'sg == substr("0101232", x % 7 + 1, 1)'

# P/N column agrees with the value.
if expect 0 "table csv P/N" table -s 2,5,7 -n 300 --format csv; then
    if awk -F, 'NR > 1 && (($2 == 0) != ($3 == "P")) { bad++ } END { exit bad > 0 }' "$tmp/out"; then
        pass
    else
        fail "table csv: P/N disagrees with sg"
    fi
fi

# fib starts 0 1 2 3 0 1 2 3 4 5 0.
if expect 0 "table -s fib" table -s fib -n 10 --format json; then
    if grep -qF '"sg": [0,1,2,3,0,1,2,3,4,5,0]' "$tmp/out"; then pass; else
        fail "table -s fib: $(cat "$tmp/out")"
    fi
fi

# ---- text wrapping ----------------------------------------------------

if expect 0 "table --width 40" table -s 1,3,4 -n 100 --width 40; then
    long=$(awk 'length($0) > 40' "$tmp/out" | wc -l)
    blocks=$(grep -c '^x ' "$tmp/out")
    if [ "$long" -eq 0 ] && [ "$blocks" -gt 1 ]; then pass; else
        fail "table --width 40: $long long lines, $blocks blocks"
    fi
fi

# ---- output files -----------------------------------------------------

if expect 0 "trace -o" trace -s 1,3,4 -n 8 -o trace.txt; then
    if [ ! -s "$tmp/out" ] && grep -q '^sg(8)' "$tmp/trace.txt"; then pass; else
        fail "trace -o trace.txt: file not written"
    fi
fi
printf 'precious\n' > "$tmp/old.txt"
if expect 2 "-o keeps the old file on error" table -s 1,0 -o old.txt; then
    if [ "$(cat "$tmp/old.txt")" = precious ] && [ -z "$(ls -a "$tmp" | grep sgviz-)" ]; then
        pass
    else
        fail "a failed table -o damaged old.txt or left a temporary file"
    fi
fi

# ---- user templates ---------------------------------------------------

cat > "$tmp/mine.tpl" <<'TPL'
A template of one's own.
[terminal]
${x}: end
[step]
${x}: mex(${values}) = ${sg} ${pn}
[value]
<${v}>
TPL
if expect 0 "--template" trace -s 1,3,4 -n 4 --template mine.tpl; then
    has_line '4: mex(<1>,<1>,<0>) = 2 N' "--template"
    has_line '0: end' "--template"
fi
if expect 2 "--template over itself" trace -s 1,3,4 --template mine.tpl -o mine.tpl; then
    if grep -q 'end' "$tmp/mine.tpl"; then pass; else fail "template overwritten"; fi
fi

# ---- an installed program stands alone --------------------------------

# The templates are compiled in: a copy of the program far from the source
# tree, run from another directory, still speaks both languages.
mkdir -p "$tmp/elsewhere/bin"
cp "$SGVIZ" "$tmp/elsewhere/bin/sgviz"
if (cd / && "$tmp/elsewhere/bin/sgviz" trace -s 1,3,4 -n 4 --lang zh --format latex) > "$tmp/out" 2> "$tmp/err" &&
    grep -qF '\operatorname{SG}[4] &= \operatorname{mex}\{\operatorname{SG}[3],\operatorname{SG}[1],\operatorname{SG}[0]\}' "$tmp/out"; then
    pass
else
    fail "a copied sgviz could not trace without the source tree: $(cat "$tmp/err")"
fi
