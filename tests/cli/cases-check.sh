# cases-check.sh - behaviours of `sgviz check` beyond the examples and the
# bad-input table.  Sourced by run.sh, which provides run_in, expect,
# has_line, pass, fail, $here, $tmp and $SGVIZ.  Expected verdicts come from
# a table of S = {1,3,4} computed here in awk, never from sgviz's own
# earlier output.

if expect 0 "check --help" check --help; then
    if grep -q '^Usage: sgviz check' "$tmp/out"; then pass; else
        fail "check --help: no usage"
    fi
fi

# truth SET N: sg(0..N) of the subtraction game SET, one a line, computed
# by the definition (mex of the values one move away).
truth() {
    awk -v S="$1" -v N="$2" 'BEGIN {
        k = split(S, a, ",")
        for (x = 0; x <= N; x++) {
            split("", m)
            for (i = 1; i <= k; i++) if (a[i] + 0 <= x) m[t[x - a[i]]] = 1
            for (v = 0; v in m; v++) ; t[x] = v
            print v
        }
    }'
}
truth 1,3,4 40 > "$tmp/truth134"

# ---- every form a student hands in --------------------------------------
# Each file of tests/cli/data/sheets holds the worked example of S = {1,3,4}
# as a student wrote it.  The right count is the number of positions whose
# value (or letter) the awk table confirms.

cp -R "$here/data/sheets" "$tmp/sheets"

# sheet FILE ARGS STATUS LINE: the file checked with ARGS must exit with
# STATUS and print LINE.
sheet() {
    if expect "$3" "check: $1" check $2 "sheets/$1"; then
        has_line "$4" "check: $1"
    fi
}
for f in two-rows.txt rows-sg-first.txt rows-unlabelled.txt rows-wrapped.txt \
         pairs-colon.txt pairs-sg.txt pairs-letters.txt pairs-trace-style.txt \
         pairs-keyed.txt pairs-arrow.txt excel-semicolons.csv \
         trailing-columns.csv pandas-index.csv r-write.csv sep-line.csv \
         excel-unicode.txt utf16be.txt gbk.txt cr-only.txt fullwidth.txt \
         chinese-letters.txt wl.txt markdown.md pipes.txt latex.tex \
         onlinetext.html grundy-value.txt records.json no-break-spaces.txt \
         sum.txt; do
    sheet "$f" "-s 1,3,4" 0 "9/9 correct"
done

# The same table read back from every output of sgviz's own, in both
# languages: all correct against the awk table of pow2 (x mod 3).
for f in text csv md latex json; do
    "$SGVIZ" table -s pow2 -n 60 --format $f --width 50 > "$tmp/own.$f"
    sheet "../own.$f" "-s pow2" 0 "61/61 correct"
done
for lang in en zh; do
    for f in text md latex json; do
        "$SGVIZ" trace -s pow2 -n 60 --format $f --lang $lang > "$tmp/own.$lang.$f"
        sheet "../own.$lang.$f" "-s pow2" 0 "61/61 correct"
    done
done

# Blanks and gaps count as missing; they never make a file unreadable.
sheet blanks.txt "-s 1,3,4" 1 "6/9 correct, first error at x = 1"
has_line "x = 1: no entry; the right value is 1" "blank cell"
has_line "x = 5: no entry; the right value is 3" "empty cell"
sheet gap.txt "-s 1,3,4" 1 "8/9 correct, first error at x = 3"

# Entries beyond N are listed, not graded.
sheet beyond.txt "-s 1,3,4 -n 10" 0 "11/11 correct"
has_line "x = 11..13: beyond the question (N = 10), not graded" "beyond"

# A letter that contradicts the value beside it is named as such.
sheet contradiction.txt "-s 1,3,4" 1 "7/9 correct, first error at x = 2"
has_line "    your letter N contradicts your own value 0: sg = 0 is a P-position" "contradiction"
has_line "    your letter P contradicts your own value 2: sg > 0 is an N-position" "contradiction"

# Hints about the whole table.
sheet shifted.txt "-s 1,3,4" 1 "hint: your values are shifted by one: your list starts at x = 1 (read from x = 1, 20 of 20 are right)"
sheet other-game.txt "-s 1,3,4" 1 "hint: these are the values of S = {1,2,3} (all 21 agree): was the question read as that game?"
sheet swapped-labels.txt "-s 1,3,4" 0 "hint: your rows were read the other way round: the row labelled x held values and the row labelled sg counted 0, 1, 2, ..."
sheet pn-swapped.txt "-s 1,3,4" 1 "hint: P and N are swapped throughout (9 of 9): P is where the player to move loses (sg = 0), N where the player to move wins"

# A written mex trace, checked line by line: sg(6) leaves out the target 2.
sheet trace.txt "-s 1,3,4" 1 "8/9 mex steps without a mistake"
has_line "    your step: the moves of 6 reach {5,3,2}; you wrote {5,3}" "trace"
has_line "    the next 2 wrong entries follow correctly from your sg(6) = 0" "trace"

# A list of P-positions: alone, it is the table of letters it implies.
sheet plist.txt "-s 1,3,4 -n 16" 0 "17/17 correct"
printf 'P-positions: 0, 2, 7, 9, 14\n' > "$tmp/plist-short.txt"
if expect 1 "P-positions left out" check -s 1,3,4 -n 16 plist-short.txt; then
    has_line "x = 16: not in your list of P-positions, but sg(16) = 0" "P-positions left out"
fi
# Beside a table: checked against the truth and the student's own table.
printf 'x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 0 0 1\nP-positions: 0, 2, 7\n' > "$tmp/plist-own.txt"
if expect 1 "P-positions beside a table" check -s 1,3,4 plist-own.txt; then
    has_line "P-positions up to x = 8: you listed 0,2,7, right" "P-positions right"
    has_line "    your own table has sg = 0 at 0,2,6,7: your list does not follow from it" "P-positions own"
fi

# Who wins a sum, and with which move; against the awk table.
a=$(sed -n 4p "$tmp/truth134"); b=$(sed -n 6p "$tmp/truth134"); c=$(sed -n 8p "$tmp/truth134")
n=$((a ^ b ^ c))
has_sum_line() {
    if [ "$n" -ne 0 ]; then
        has_line "3+5+7: sg(3) xor sg(5) xor sg(7) = $a xor $b xor $c = $n, not 0, so the first player (the player to move) wins" "$1"
    else
        has_line "3+5+7: sg(3) xor sg(5) xor sg(7) = $a xor $b xor $c = $n, so the second player wins" "$1"
    fi
}
if expect 0 "sum answered" check -s 1,3,4 sheets/sum.txt; then
    has_sum_line "sum answered"
    has_line "    your move 7 -> 4 leaves nim-sum 0: right" "sum move"
fi
printf 'x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 2 0 1\n3 + 5 + 7: 先手必胜，从 5 中取 1\n' > "$tmp/sum-zh.txt"
if expect 1 "sum, a move that does not win" check -s 1,3,4 sum-zh.txt; then
    has_line "    your move 5 -> 4 leaves nim-sum 3, not 0; a winning move is 5 -> 1" "sum wrong move"
fi
printf 'x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 2 0 1\n3+5+7: N, 7 -> 5\n' > "$tmp/sum-illegal.txt"
if expect 1 "sum, a move the game does not have" check -s 1,3,4 sum-illegal.txt; then
    has_line "    your move 7 -> 5 is no move of S = {1,3,4}; a winning move is 5 -> 1" "sum illegal move"
fi
if expect 1 "sum asked, not answered" check -s 1,3,4 --sum 2+2 sheets/sum.txt; then
    has_line "2+2: no answer in the sheet" "sum unanswered"
fi

# A forced layout reads "0 0 / 1 1" as four values rather than two pairs.
printf '0 0\n1 1\n' > "$tmp/forced.txt"
if expect 1 "--input-format list" check -s 1,3,4 --input-format list forced.txt; then
    has_line "2/4 correct, first error at x = 1" "--input-format list"
fi
if expect 0 "--input-format auto" check -s 1,3,4 forced.txt; then
    has_line "2/2 correct" "--input-format auto"
fi

# Standard input.
printf 'x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 2 0 0\n' > "$tmp/form.txt"
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
        want="\"total\": $total, \"correct\": $((total - wrong)), \"consistent\": $((total - 1)), \"missing\": 0, \"slips\": 1,"
        if grep -qF "$want" "$tmp/out" && grep -qF "\"first_error\": $3," "$tmp/out" &&
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
if expect 0 "check -g, names in another case" check -g game.dot sheets/dag-case.txt; then
    has_line "4/4 correct" "check -g, names in another case"
fi
if expect 1 "check -g, a slip at b" check -g game.dot dag-wrong.txt; then
    has_line "x = b: you wrote 0, the right value is 1" "check -g"
    has_line "    sg(b): b -> {c}; mex{sg(c)} = mex{0} = 1  (N)" "check -g"
    has_line "    the next wrong entry follows correctly from your sg(b) = 0" "check -g"
    has_line "2/4 correct, first error at x = b" "check -g"
fi

# A DOT game whose nodes have labels: a sheet may name them by label or by
# id, in any case.
printf 'digraph { s [label="Start"]; m [label="Middle"]; e [label="End"];\n  s -> m -> e; s -> e }\n' > "$tmp/labels.dot"
printf 'START 2\nmiddle 1\nE 0\n' > "$tmp/labels.txt"
if expect 0 "check -g, labels and ids in any case" check -g labels.dot labels.txt; then
    has_line "3/3 correct" "check -g, labels and ids in any case"
fi

# ---- take-and-break games: Kayles, checked through the parts of splits ----
# kayles N SLIP: Kayles' values 0..N by their definition (a move takes one
# or two pins and may leave two rows, whose values are XOR-ed), and a
# student's table that adds 1 at SLIP and is otherwise the mex of the
# student's own values; "value student" lines in $tmp/kayles.
kayles() {
    k_n=$1; k_slip=$2; : > "$tmp/kayles"
    x=0
    while [ $x -le "$k_n" ]; do
        t_seen=" "; s_seen=" "
        for take in 1 2; do
            a=0
            while [ $((a + take)) -le $x ]; do
                b=$((x - take - a))
                eval "ta=\$t$a; tb=\$t$b; sa=\$s$a; sb=\$s$b"
                t_seen="$t_seen$((ta ^ tb)) "; s_seen="$s_seen$((sa ^ sb)) "
                a=$((a + 1))
            done
        done
        m=0; while case "$t_seen" in *" $m "*) true;; *) false;; esac; do m=$((m + 1)); done
        eval "t$x=$m"
        m=0; while case "$s_seen" in *" $m "*) true;; *) false;; esac; do m=$((m + 1)); done
        [ $x -eq "$k_slip" ] && m=$((m + 1))
        eval "s$x=$m"
        eval "echo \$t$x \$s$x" >> "$tmp/kayles"
        x=$((x + 1))
    done
}
kayles 20 5
awk '{ printf "%s%s", (NR > 1 ? " " : ""), $2 } END { print "" }' "$tmp/kayles" > "$tmp/kayles.txt"
k_wrong=$(awk '$1 != $2' "$tmp/kayles" | wc -l)
if expect 1 "Kayles: a slip and what follows from it" check -t kayles kayles.txt --format json; then
    if grep -qF "\"total\": 21, \"correct\": $((21 - k_wrong)), \"consistent\": 20, \"missing\": 0, \"slips\": 1," "$tmp/out" &&
       grep -qF '"first_error": 5,' "$tmp/out"; then pass; else
        fail "Kayles: expected $k_wrong wrong entries and one slip at 5: $(head -1 "$tmp/out")"
    fi
fi
# The values of Kayles handed in for another question.
awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }' "$tmp/kayles" > "$tmp/kayles-right.txt"
if expect 0 "Kayles: right" check -t kayles kayles-right.txt; then
    has_line "21/21 correct" "Kayles: right"
fi
if expect 1 "Kayles: the values of another game" check -s 1,3,4 kayles-right.txt; then
    has_line "hint: these are the values of Kayles (0.77) (all 21 agree): was the question read as that game?" "Kayles: hint"
fi
# Kayles' own trace, its steps with splits, read back and checked.
"$SGVIZ" trace -t kayles -n 20 --lang zh --format latex > "$tmp/kayles-trace.tex"
if expect 0 "Kayles: its trace read back" check -t kayles kayles-trace.tex; then
    has_line "21/21 mex steps without a mistake" "Kayles: trace steps"
fi

# ---- a class --------------------------------------------------------------
# A learning platform's export: one folder per student (Moodle's names), a
# file straight in the folder (Canvas's name), and what students hand in
# besides tables.  The expected counts come from the awk table.

cls="$tmp/class"
mkdir -p "$cls/Anna Schmidt_100201_assignsubmission_file_" \
         "$cls/Ben Okafor_100202_assignsubmission_file_" \
         "$cls/Chen Jing_100203_assignsubmission_file_" \
         "$cls/Dana Levi_100204_assignsubmission_file_" \
         "$cls/Emil Novak_100205_assignsubmission_file_/sub" \
         "$cls/__MACOSX"
row() { sed -n "$(($1 + 1))p" "$tmp/truth134"; }
# Anna: x = 0..20, all right.
awk 'NR <= 21 { printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }' "$tmp/truth134" > "$cls/Anna Schmidt_100201_assignsubmission_file_/answers.txt"
# Ben: a slip at x = 6, values after it follow from his own.
make_slip 1,3,4 20 6
cp "$tmp/slip.txt" "$cls/Ben Okafor_100202_assignsubmission_file_/hw3.txt"
ben_right=$((21 - $(cat "$tmp/wrong")))
# Chen: stopped at x = 14 (the rest is missing), in a CSV file.
{ echo "x,sg"; i=0; while [ $i -le 14 ]; do echo "$i,$(row $i)"; i=$((i + 1)); done; } > "$cls/Chen Jing_100203_assignsubmission_file_/hw.csv"
# Dana: an Excel workbook.
cp "$here/data/check-workbook.xlsx" "$cls/Dana Levi_100204_assignsubmission_file_/hw3.xlsx"
# Emil: a PDF and, deeper, the table itself.
cp "$here/data/check-scan.pdf" "$cls/Emil Novak_100205_assignsubmission_file_/scan.pdf"
cp "$cls/Anna Schmidt_100201_assignsubmission_file_/answers.txt" "$cls/Emil Novak_100205_assignsubmission_file_/sub/table.txt"
# A Canvas name, flat in the folder, going beyond x = 20.
awk 'NR <= 25 { printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }' "$tmp/truth134" > "$cls/okafor_200301_400501_answers.txt"
printf 'resource fork\n' > "$cls/__MACOSX/._answers.txt"
printf 'x 0 1\n' > "$cls/.hidden.txt"
# Hostile entries: a link to a file outside the folder, a link to a
# device, a FIFO (reading it would block).
printf 'SECRET-TEXT 1 2 3\n' > "$tmp/secret.txt"
ln -s "$tmp/secret.txt" "$cls/zz-link-outside.txt"
ln -s /dev/zero "$cls/zz-link-device.txt"
mkfifo "$cls/zz-fifo.txt" 2>/dev/null

if expect 2 "class: gradebook" check -s 1,3,4 -n 20 class --format csv --points value=1,method=1; then
    csv="$tmp/out"
    field() { # FILE-PATTERN COLUMN
        awk -F, -v p="$1" -v c="$2" 'index($1, p) { print $c }' "$csv"
    }
    ok=1
    [ "$(field 'Anna Schmidt' 6)" = 21 ] || ok=0
    [ "$(field 'Anna Schmidt' 2)" = "Anna Schmidt" ] || ok=0
    [ "$(field 'Anna Schmidt' 3)" = 100201 ] || ok=0
    [ "$(field 'Ben Okafor' 6)" = "$ben_right" ] || ok=0
    [ "$(field 'Chen Jing' 6)" = 15 ] || ok=0
    [ "$(field 'Chen Jing' 8)" = 6 ] || ok=0            # missing
    [ "$(field 'Dana Levi' 4)" = no ] || ok=0
    [ "$(field 'Emil Novak' 6)" = 21 ] || ok=0          # the PDF is passed over
    [ "$(field 'okafor_200301' 2)" = okafor ] || ok=0
    [ "$(field 'okafor_200301' 15)" = 4 ] || ok=0       # beyond
    [ "$(field 'Anna Schmidt' 18)" = 42 ] || ok=0       # points
    [ "$(field 'zz-link-outside' 4)" = no ] || ok=0
    [ "$(field 'zz-link-device' 4)" = no ] || ok=0
    [ "$(field 'zz-fifo' 4)" = no ] || ok=0
    rows=$(grep -c . "$csv")
    [ "$rows" -eq 10 ] || ok=0                          # header + 9 students
    if grep -q 'SECRET' "$csv" "$tmp/err"; then ok=0; fi
    if grep -q '__MACOSX\|hidden' "$csv"; then ok=0; fi
    if [ $ok = 1 ]; then pass; else
        fail "class: gradebook: $(cat "$csv")"
    fi
fi
if expect 2 "class: text summary" check -s 1,3,4 class; then
    has_line "N = 24, the largest x in any sheet (no -n given): x = 0..24 checked in every sheet" "class: one N"
    if grep -q '^warning: 4 of 5 sheets stop before x = 24' "$tmp/out"; then pass; else
        fail "class: no warning about sheets that stop early: $(grep -i warn "$tmp/out")"
    fi
    if grep -q '^sgviz: 4 of 9 files could not be checked' "$tmp/err"; then pass; else
        fail "class: stderr: $(cat "$tmp/err")"
    fi
fi
if expect 2 "class: -n" check -s 1,3,4 -n 20 class; then
    has_line "N = 20 (-n): x = 0..20 checked in every sheet" "class: -n"
    has_line "first wrong most often: x = 6 (1), x = 15 (1)" "class: first wrong"
fi

# Without -n, one sheet that goes beyond the question sets N for all; when
# most sheets end at one x below it, the summary suggests -n.
mkdir -p "$tmp/class-n/a" "$tmp/class-n/b" "$tmp/class-n/c"
sed -n 1,21p "$tmp/truth134" | awk '{ print NR - 1, $1 }' > "$tmp/class-n/a/hw.txt"
cp "$tmp/class-n/a/hw.txt" "$tmp/class-n/b/hw.txt"
sed -n 1,26p "$tmp/truth134" | awk '{ print NR - 1, $1 }' > "$tmp/class-n/c/hw.txt"
if expect 1 "class: -n suggested" check -s 1,3,4 class-n; then
    has_line "N = 25, the largest x in any sheet (no -n given): x = 0..25 checked in every sheet" "class: -n suggested"
    has_line "hint: 2 of 3 sheets end at x = 20: if the question asks for x = 0..20, give -n 20" "class: -n suggested"
fi
if expect 1 "class: -n suggested, zh" check -s 1,3,4 class-n --lang zh; then
    has_line "提示：3 份中有 2 份写到 x = 20：如果题目要求 x = 0..20，请加上 -n 20" "class: -n suggested, zh"
fi
if expect 0 "class: -n given, nothing suggested" check -s 1,3,4 -n 20 class-n; then
    if grep -q '^hint: .* give -n' "$tmp/out"; then
        fail "class: -n suggested though -n was given"
    else
        pass
    fi
fi

# Feedback: one report per student, also for unreadable files; names that
# stay inside the folder.
if expect 2 "class: --feedback" check -s 1,3,4 -n 20 class --feedback reports --lang zh; then
    n=$(ls "$tmp/reports" | wc -l)
    if [ "$n" -eq 9 ] &&
       grep -q '这是 Excel 工作簿' "$tmp/reports/Dana_Levi_100204.txt" &&
       grep -q '21/21 正确' "$tmp/reports/Anna_Schmidt_100201.txt" &&
       grep -q '你的文件夹里还有这些文件，没有读取：scan.pdf' "$tmp/reports/Emil_Novak_100205.txt" &&
       ! grep -rq SECRET "$tmp/reports"; then
        pass
    else
        fail "class: --feedback: $n files: $(ls "$tmp/reports" | tr '\n' ' '): $(cat "$tmp/reports/Emil_Novak_100205.txt")"
    fi
    # The line that gathers the unreadable files speaks the report's
    # language too.
    if grep -q '^sgviz: 9 份中有 4 份无法检查；第一份：' "$tmp/err"; then pass; else
        fail "class --lang zh: stderr: $(cat "$tmp/err")"
    fi
fi

# The chart of scores and of the x most often first wrong.
if expect 2 "class: --chart" check -s 1,3,4 -n 20 class --chart chart.svg; then
    if grep -q '<svg' "$tmp/chart.svg" && grep -q 'Scores' "$tmp/chart.svg"; then pass; else
        fail "class: --chart: no chart"
    fi
fi

# Several files as operands make a class too, in the order given.
if expect 1 "class of operands" check -s 1,3,4 sheets/gap.txt sheets/two-rows.txt; then
    if [ "$(awk 'NR == 3 {print $1}' "$tmp/out")" = sheets/gap.txt ]; then pass; else
        fail "class of operands: order $(cat "$tmp/out")"
    fi
fi
# The gradebook file is written when some files are unreadable (its rows
# say so), but a single unreadable file leaves no report.
if expect 2 "class -o" check -s 1,3,4 -n 20 class -o book.txt; then
    if [ ! -s "$tmp/out" ] && grep -q 'unreadable: ' "$tmp/book.txt"; then
        pass
    else
        fail "class -o: gradebook not written"
    fi
fi
printf 'precious\n' > "$tmp/old-report.txt"
if expect 2 "check -o of an unreadable file" check -s 1,3,4 "$here/data/check-letter-o.txt" -o old-report.txt; then
    if [ "$(cat "$tmp/old-report.txt")" = precious ]; then pass; else
        fail "check -o of an unreadable file replaced the old report"
    fi
fi
if expect 1 "check -o with a verdict" check -s 1,3,4 sheets/gap.txt -o report.txt; then
    if [ ! -s "$tmp/out" ] && grep -q '^8/9 correct, first error at x = 3$' "$tmp/report.txt"; then
        pass
    else
        fail "check -o: report not written"
    fi
fi
