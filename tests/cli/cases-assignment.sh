# cases-assignment.sh - `sgviz check --assignment`: a homework of four
# questions graded for a messy class downloaded from Moodle, Canvas and
# Blackboard.  Sourced by run.sh.  The truth is computed here by brute
# force, each game by its own definition: S = {1,3,4} by the mex of the
# values one move away, powers of two by the closed form x mod 3, Kayles
# by its moves (knock down one pin or two neighbours, leaving two rows),
# the DOT game by a depth-first search over its edges.

hw="$tmp/hw3"
rm -rf "$hw"
mkdir -p "$hw"
cat > "$hw/hw3.ini" <<'EOF'
title = Homework 3
; S = {1,3,4}, with half a point for each P/N letter right
[Q1]
game = -s 1,3,4
n = 19
points = value=1,pn=0.5
[Q2]
game = -s pow2
n = 15
[Q3]
game = -t kayles
n = 15
[Q4]
game = -g hw3_q4.dot      ; paths are relative to the assignment file
EOF
cat > "$hw/hw3_q4.dot" <<'EOF'
digraph { a -> b; a -> c; b -> d; c -> d; c -> e; d -> f; e -> f; g -> a; g -> e; h -> g; h -> d }
EOF

# The truth, one value a line.
awk 'BEGIN { for (x = 0; x <= 19; x++) { split("", m)
        if (x >= 1) m[t[x-1]] = 1; if (x >= 3) m[t[x-3]] = 1; if (x >= 4) m[t[x-4]] = 1
        for (v = 0; v in m; v++) ; t[x] = v; print v } }' > "$hw/t1"
awk 'BEGIN { for (x = 0; x <= 15; x++) print x % 3 }' > "$hw/t2"
awk 'function xor(a, b,   r, bit) { r = 0; bit = 1
        while (a > 0 || b > 0) { if ((a % 2) != (b % 2)) r += bit
            a = int(a / 2); b = int(b / 2); bit *= 2 }
        return r }
     BEGIN { for (n = 0; n <= 15; n++) { split("", m)
        for (k = 1; k <= 2 && k <= n; k++)
            for (a = 0; a <= n - k; a++) m[xor(g[a], g[n - k - a])] = 1
        for (v = 0; v in m; v++) ; g[n] = v; print v } }' > "$hw/t3"
# The DOT game: each node's value by a depth-first search, nodes in the
# order they are first named.
tr ';{}' '\n\n\n' < "$hw/hw3_q4.dot" | awk '
    / -> / { gsub(/ /, ""); split($0, e, "->"); add(e[1]); add(e[2])
             out[e[1]] = out[e[1]] " " e[2] }
    function add(v) { if (!(v in seen)) { seen[v] = 1; order[++n] = v } }
    function sg(v,   k, i, s, m, w) { if (v in val) return val[v]
        split("", m); k = split(out[v], s, " ")
        for (i = 1; i <= k; i++) m[sg(s[i])] = 1
        for (w = 0; w in m; w++) ; val[v] = w; return w }
    END { for (i = 1; i <= n; i++) print order[i], sg(order[i]) }' > "$hw/t4"

# row FILE: the values of FILE on one line; slip FILE X: the same with the
# value at x = X made wrong (one more), so that it is a slip.
row() { tr '\n' ' ' < "$1" | sed 's/ $//'; echo; }
slipped() { awk -v x="$2" 'NR == x + 1 { $1 = $1 + 1 } { print $1 }' "$1"; }
# right TRUTH WRITTEN: how many lines agree.
right() { paste "$1" "$2" | awk '$1 == $2 { n++ } END { print n + 0 }'; }
slipped "$hw/t1" 6 > "$hw/t1-slip"
slipped "$hw/t3" 9 > "$hw/t3-slip"
awk 'BEGIN { for (x = 0; x <= 19; x++) print x % 4 }' > "$hw/t1-other"  # S = {1,2,3}
awk '{ print $2 }' "$hw/t4" > "$hw/t4-values"
dag() { cat "$hw/t4"; }
# A P/N letter for each value.
pn() { awk '{ print ($1 == 0 ? "P" : "N") }' "$1"; }

m="$hw/moodle"
c="$hw/canvas"
b="$hw/bb"
mkdir -p "$m" "$c" "$b"

# ---- Moodle: one folder per student ---------------------------------------
# Anna: one sheet, four headings of four kinds, a slip in Q1 at x = 6.
d="$m/Anna Schmidt_100201_assignsubmission_file_"
mkdir -p "$d"
{ echo "Name: Anna Schmidt"; echo; echo "## Q1"; echo "x $(seq 0 19 | tr '\n' ' ')"
  echo "sg $(row "$hw/t1-slip")"; echo; echo "Question 2"; row "$hw/t2"; echo
  echo "Aufgabe 3"; row "$hw/t3"; echo; echo "第4题"; dag; } > "$d/hw3.txt"
# Ben: one file per question, in four forms.
d="$m/Ben Okafor_100202_assignsubmission_file_"
mkdir -p "$d"
{ echo "x,sg,P/N"; paste -d, "$hw/t1" "$hw/t1" | awk -F, '{ print NR - 1 "," $1 "," ($1 == 0 ? "P" : "N") }'; } > "$d/q1.csv"
{ echo "| x | sg |"; echo "|---|----|"; awk '{ print "| " NR - 1 " | " $1 " |" }' "$hw/t2"; } > "$d/hw3_q2.md"
row "$hw/t3-slip" > "$d/Q3.txt"
dag > "$d/question4.txt"
# Chen: a wide table (x | Q1 | Q2 | Q3) and the DOT game apart.
d="$m/Chen Jing_100203_assignsubmission_file_"
mkdir -p "$d"
{ echo "x,Q1,Q2,Q3"; seq 0 19 | paste -d, - "$hw/t1" "$hw/t2" "$hw/t3"; } | sed 's/,,*$//' > "$d/answers.csv"
dag > "$d/q4.txt"
# Dana: a JSON object keyed by question.
d="$m/Dana Levi_100204_assignsubmission_file_"
mkdir -p "$d"
printf '{"q1": [%s], "q2": [%s], "q3": [%s], "q4": {%s}}\n' \
    "$(row "$hw/t1" | tr ' ' ,)" "$(row "$hw/t2" | tr ' ' ,)" "$(row "$hw/t3" | tr ' ' ,)" \
    "$(awk '{ printf "%s\"%s\": %s", (NR > 1 ? ", " : ""), $1, $2 }' "$hw/t4")" > "$d/hw3.json"
# Emil: Q1 typed into Moodle's online text, the rest as a file.
mkdir -p "$m/Emil Novak_100205_assignsubmission_onlinetext_" "$m/Emil Novak_100205_assignsubmission_file_"
printf '<p>Q1</p><table><tr><td>x</td>%s</tr><tr><td>sg</td>%s</tr></table>\n' \
    "$(seq 0 19 | sed 's|.*|<td>&</td>|' | tr -d '\n')" "$(sed 's|.*|<td>&</td>|' "$hw/t1" | tr -d '\n')" \
    > "$m/Emil Novak_100205_assignsubmission_onlinetext_/onlinetext.html"
{ echo "Q2"; row "$hw/t2"; echo "Q3"; row "$hw/t3"; echo "Q4"; dag; } > "$m/Emil Novak_100205_assignsubmission_file_/rest.txt"
# Fay: four tables, no heading, no telling name: a human must look.
d="$m/Fay Gold_100206_assignsubmission_file_"
mkdir -p "$d"
{ row "$hw/t1"; echo; row "$hw/t2"; } > "$d/homework.txt"
# Gus: Q1 answered for S = {1,2,3}.
d="$m/Gus Hahn_100207_assignsubmission_file_"
mkdir -p "$d"
row "$hw/t1-other" > "$d/q1.txt"
# Hana: a Word 97 document and a photo.
d="$m/Hana Ito_100208_assignsubmission_file_"
mkdir -p "$d"
cp "$here/data/check-photo.jpg" "$d/q1.jpg"
printf '{\\rtf1 Q1 0 1 0 1}' > "$d/q2.rtf"
# Ivan: nothing handed in.
mkdir -p "$m/Ivan Petrov_100209_assignsubmission_file_"

# ---- Canvas: flat files --------------------------------------------------
# Okafor: a first try with mistakes, then a resubmission (-1): the later
# one is graded.
{ echo "Q1"; row "$hw/t1-other"; } > "$c/okaforjames_200301_900001_hw3.txt"
{ echo "Q1"; row "$hw/t1"; echo "Q2"; row "$hw/t2"; } > "$c/okaforjames_200301_900002_hw3-1.txt"
# Late, and in a notebook.
cat > "$c/leesam_LATE_200302_900003_hw3.ipynb" <<EOF
{"cells": [{"cell_type": "markdown", "source": ["# Q1\n"]},
 {"cell_type": "code", "source": ["print(values)"], "outputs": [{"output_type": "stream", "name": "stdout", "text": ["$(row "$hw/t1")\n"]}]},
 {"cell_type": "markdown", "source": ["# Q3\n"]},
 {"cell_type": "code", "source": ["print(kayles)"], "outputs": [{"output_type": "execute_result", "data": {"text/plain": ["$(row "$hw/t3")"]}}]}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
EOF
# Canvas's Test Student: left out, and said so.
row "$hw/t1" > "$c/studenttest_200399_900004_q1.txt"
# Two files of one student.
row "$hw/t2" > "$c/wumei_200303_900005_q2.txt"
row "$hw/t3" > "$c/wumei_200303_900006_q3.txt"
# A formula for a name: the gradebook must not run it.
row "$hw/t2" > "$c/=cmd|' -C calc'!A0_200304_900007_q2.txt"

# ---- Blackboard: attempts and receipts -----------------------------------
{ echo "Q1"; row "$hw/t1-slip"; } > "$b/Homework 3_jsmith_attempt_2024-03-01-10-00-00_hw3.txt"
printf 'Name: John Smith (jsmith)\nAssignment: Homework 3\nDate Submitted: 2024-03-01\n' > "$b/Homework 3_jsmith_attempt_2024-03-01-10-00-00.txt"
{ echo "Q1"; row "$hw/t1"; echo "Q4"; dag; } > "$b/Homework 3_jsmith_attempt_2024-03-02-09-30-00_hw3.txt"
printf 'Name: John Smith (jsmith)\nAssignment: Homework 3\nDate Submitted: 2024-03-02\n1 2 3 4\n' > "$b/Homework 3_jsmith_attempt_2024-03-02-09-30-00.txt"

# The expected grades: "right/total" per question, "-" where nothing was
# read, and the points (Q1: 1 a value, 0.5 a letter; the others 1 a value).
n1=20; n2=16; n3=16; n4=$(wc -l < "$hw/t4")
full1=$((n1 * 3 / 2)); max=$((full1 + n2 + n3 + n4))
a1=$(right "$hw/t1" "$hw/t1-slip")
b3=$(right "$hw/t3" "$hw/t3-slip")
g1=$(right "$hw/t1" "$hw/t1-other")
# Letters written or given by the values: Anna's slip changes a letter only
# when it turns a 0 into non-zero or back.
a1pn=$(paste "$hw/t1" "$hw/t1-slip" | awk '($1 == 0) == ($2 == 0) { n++ } END { print n }')
g1pn=$(paste "$hw/t1" "$hw/t1-other" | awk '($1 == 0) == ($2 == 0) { n++ } END { print n }')
pts() { awk -v v="$1" -v l="$2" 'BEGIN { p = v + l / 2; print p }'; }
# A row of the text table: total, Q1..Q4, late, then the student.
expect_row() { # NAME TOTAL Q1 Q2 Q3 Q4 [late]
    if awk -v n="$1" -v t="$2/$max" -v q1="$3" -v q2="$4" -v q3="$5" -v q4="$6" -v late="${7:--}" '
        { who = $0; for (k = 1; k <= 6; k++) sub(/^ *[^ ]+ +/, "", who) }
        who == n { found = 1
            if ($1 != t || $2 != q1 || $3 != q2 || $4 != q3 || $5 != q4 || $6 != late) bad = 1 }
        END { exit !(found && !bad) }' "$tmp/out"; then
        pass
    else
        fail "assignment: row of $1: wanted $2/$max $3 $4 $5 $6 ${7:--}: $(grep -F "$1" "$tmp/out")"
    fi
}

if expect 1 "assignment: a messy class" check --assignment hw3/hw3.ini hw3/moodle hw3/canvas hw3/bb; then
    sum() { awk 'BEGIN { s = 0; for (i = 1; i < ARGC; i++) s += ARGV[i]; print s }' "$@"; }
    expect_row "Anna Schmidt (100201)" "$(sum "$(pts "$a1" "$a1pn")" $n2 $n3 $n4)" "$a1/$n1" "$n2/$n2" "$n3/$n3" "$n4/$n4"
    expect_row "Ben Okafor (100202)" "$(sum $full1 $n2 "$b3" $n4)" "$n1/$n1" "$n2/$n2" "$b3/$n3" "$n4/$n4"
    expect_row "Chen Jing (100203)" "$(sum $full1 $n2 $n3 $n4)" "$n1/$n1" "$n2/$n2" "$n3/$n3" "$n4/$n4"
    expect_row "Dana Levi (100204)" "$(sum $full1 $n2 $n3 $n4)" "$n1/$n1" "$n2/$n2" "$n3/$n3" "$n4/$n4"
    expect_row "Emil Novak (100205)" "$(sum $full1 $n2 $n3 $n4)" "$n1/$n1" "$n2/$n2" "$n3/$n3" "$n4/$n4"
    expect_row "Fay Gold (100206)" 0 - - - -
    expect_row "Gus Hahn (100207)" "$(pts "$g1" "$g1pn")" "$g1/$n1" - - -
    expect_row "Hana Ito (100208)" 0 - - - -
    expect_row "Ivan Petrov (100209)" 0 - - - -
    expect_row "okaforjames (200301)" "$(sum $full1 $n2)" "$n1/$n1" "$n2/$n2" - -
    expect_row "leesam (200302)" "$(sum $full1 $n3)" "$n1/$n1" - "$n3/$n3" - late
    expect_row "wumei (200303)" "$(sum $n2 $n3)" - "$n2/$n2" "$n3/$n3" -
    expect_row "John Smith (jsmith)" "$(sum $full1 $n4)" "$n1/$n1" - - "$n4/$n4"
    # One row per student: 14 graded, the test student left out.
    rows=$(awk 'NR > 2 && $1 ~ /^[0-9.]+\/[0-9]+$/' "$tmp/out" | wc -l)
    if [ "$rows" -eq 14 ] && grep -q '^left out: Test Student (Canvas'"'"'s test student)$' "$tmp/out"; then pass; else
        fail "assignment: $rows rows: $(cat "$tmp/out")"
    fi
    # Every doubt is named, with the file to open.
    for want in \
        "Fay Gold (100206): hw3/moodle/Fay Gold_100206_assignsubmission_file_/homework.txt: cannot tell which question this answers" \
        "Gus Hahn (100207): Q1: hw3/moodle/Gus Hahn_100207_assignsubmission_file_/q1.txt: these are the values of" \
        "Hana Ito (100208): hw3/moodle/Hana Ito_100208_assignsubmission_file_/q1.jpg:" \
        "Hana Ito (100208): hw3/moodle/Hana Ito_100208_assignsubmission_file_/q2.rtf:" \
        "Ivan Petrov (100209): hw3/moodle/Ivan Petrov_100209_assignsubmission_file_: a folder with no file in it"; do
        if grep -qF "  $want" "$tmp/out"; then pass; else
            fail "assignment: needs a human: no \"$want\" in: $(sed -n '/^needs a human/,$p' "$tmp/out")"
        fi
    done
    # The receipts name the student and are never graded.
    if grep -q 'attempt_2024-03-0[12]-[0-9-]*\.txt' "$tmp/out"; then
        fail "assignment: a receipt was graded: $(cat "$tmp/out")"
    else
        pass
    fi
fi

# The same class as JSON: one record per student with every field.
if expect 1 "assignment: json" check --assignment hw3/hw3.ini hw3/moodle hw3/canvas hw3/bb -f json; then
    if grep -qF '{"id": "100201", "name": "Anna Schmidt", "files": ["hw3/moodle/Anna Schmidt_100201_assignsubmission_file_/hw3.txt"], "late": false, "needs_human": [], "excluded": false, "total": ' "$tmp/out" &&
       grep -qF '"Q3": {"right": '"$n3"', "total": '"$n3"', "points": '"$n3"', "max": '"$n3"', "read": "hw3/moodle/Anna Schmidt_100201_assignsubmission_file_/hw3.txt [line 10]"}' "$tmp/out" &&
       grep -qF '{"id": "200399", "name": "Test Student", ' "$tmp/out" &&
       grep -qF '"excluded": "Canvas'"'"'s test student"' "$tmp/out" &&
       grep -qF '"id": "200302", "name": "leesam", "files": ["hw3/canvas/leesam_LATE_200302_900003_hw3.ipynb"], "late": true' "$tmp/out" &&
       grep -qF '"files": ["hw3/canvas/okaforjames_200301_900002_hw3-1.txt"]' "$tmp/out" &&
       grep -qF '"id": "jsmith", "name": "John Smith", "files": ["hw3/bb/Homework 3_jsmith_attempt_2024-03-02-09-30-00_hw3.txt"]' "$tmp/out"; then
        pass
    else
        fail "assignment: json: $(cat "$tmp/out")"
    fi
fi

# The gradebooks, as each platform imports them: 0 for nothing readable,
# never an empty cell; no formula.
if expect 1 "assignment: --gradebook moodle" check --assignment hw3/hw3.ini hw3/moodle --gradebook moodle; then
    if [ "$(sed -n 1p "$tmp/out")" = "Identifier,Full name,Grade,Maximum Grade,Feedback comments" ] &&
       grep -q "^Participant 100209,Ivan Petrov,0,$max,Q1: 0/$full1; Q2: 0/$n2; Q3: 0/$n3; Q4: 0/$n4\$" "$tmp/out" &&
       grep -q "^Participant 100203,Chen Jing,$max,$max," "$tmp/out" &&
       [ "$(grep -c '^Participant ' "$tmp/out")" -eq 9 ]; then
        pass
    else
        fail "assignment: moodle gradebook: $(cat "$tmp/out")"
    fi
fi
if expect 1 "assignment: --gradebook canvas" check --assignment hw3/hw3.ini hw3/canvas --gradebook canvas; then
    if [ "$(sed -n 1p "$tmp/out")" = "Student,ID,SIS User ID,SIS Login ID,Section,Homework 3" ] &&
       [ "$(sed -n 2p "$tmp/out")" = "    Points Possible,,,,,$max" ] &&
       grep -q "^wumei,200303,,,,$((n2 + n3))\$" "$tmp/out" &&
       grep -qF "\"'=cmd|' -C calc'!A0\",200304,,,,$n2" "$tmp/out" &&
       ! grep -q 'studenttest\|Test Student' "$tmp/out"; then
        pass
    else
        fail "assignment: canvas gradebook: $(cat "$tmp/out")"
    fi
fi
if expect 1 "assignment: --gradebook blackboard" check --assignment hw3/hw3.ini hw3/bb --gradebook blackboard; then
    if [ "$(sed -n 1p "$tmp/out")" = "Last Name,First Name,Username,Homework 3 [Total Pts: $max Score],Feedback to Learner" ] &&
       grep -q "^Smith,John,jsmith,$((full1 + n4)),Q1: $full1/$full1; Q2: 0/$n2; Q3: 0/$n3; Q4: $n4/$n4\$" "$tmp/out"; then
        pass
    else
        fail "assignment: blackboard gradebook: $(cat "$tmp/out")"
    fi
fi

# Feedback: one file per student covering every question, in English or
# Chinese; never inside a class folder.
if expect 1 "assignment: --feedback" check --assignment hw3/hw3.ini hw3/moodle --feedback hw3-feedback --lang zh; then
    f="$tmp/hw3-feedback/Anna_Schmidt_100201.txt"
    if [ "$(ls "$tmp/hw3-feedback" | wc -l)" -eq 9 ] &&
       grep -q '^== Q1: 答对 '"$a1"' / '"$n1"'' "$f" && grep -q '^== Q4: 答对 ' "$f" &&
       grep -q "^== Q2: 0 / $n2 分：在交上来的文件里没有找到答案" "$tmp/hw3-feedback/Gus_Hahn_100207.txt"; then
        pass
    else
        fail "assignment: feedback: $(ls "$tmp/hw3-feedback"): $(cat "$f")"
    fi
fi
refused_a() { # WHAT FRAGMENT ARGS
    a_what=$1 a_frag=$2
    shift 2
    if expect 2 "$a_what" "$@"; then
        if [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$a_frag" "$tmp/err"; then pass; else
            fail "$a_what: $(cat "$tmp/err")"
        fi
    fi
}
refused_a "assignment: feedback into the class" "--feedback hw3/moodle/x: lies inside the class folder" \
    check --assignment hw3/hw3.ini hw3/moodle --feedback hw3/moodle/x
refused_a "assignment: a game option beside it" "the games are the assignment's" \
    check --assignment hw3/hw3.ini -s 1,3,4 hw3/moodle
refused_a "assignment: --gradebook alone" "--gradebook moodle goes with --assignment" \
    check -s 1,3,4 hw3/moodle --gradebook moodle
refused_a "assignment: unknown gradebook" "--gradebook" \
    check --assignment hw3/hw3.ini hw3/moodle --gradebook sakai

# Every kind of game in the registry is a game = value, spelt as on the
# command line, long options too.
cat > "$hw/kinds.ini" <<'EOF'
[Q1]
game = --set 1,3,4
n = 19
[Q2]
game = --code 0.77
n = 15
[Q3]
game = --graph=hw3_q4.dot
EOF
mkdir -p "$hw/kinds/Kim Park_100210_assignsubmission_file_"
{ echo "Q1"; row "$hw/t1"; echo "Q2"; row "$hw/t3"; echo "Q3"; dag; } > "$hw/kinds/Kim Park_100210_assignsubmission_file_/hw.txt"
if expect 0 "assignment: long game options" check --assignment hw3/kinds.ini hw3/kinds; then
    if grep -Eq "^$((n1 + n3 + n4))/$((n1 + n3 + n4)) +$n1/$n1 +$n3/$n3 +$n4/$n4 +- +Kim Park \(100210\)\$" "$tmp/out"; then pass; else
        fail "assignment: long game options: $(cat "$tmp/out")"
    fi
fi

# An old Excel workbook (.xls), written by Perl's Spreadsheet::WriteExcel
# (Debian's libspreadsheet-writeexcel-perl, a test-only tool): sheets named
# by question, a slip in Q1.
if perl -MSpreadsheet::WriteExcel -e 1 2>/dev/null; then
    mkdir -p "$hw/xls"
    XLS_Q1="$(row "$hw/t1-slip")" XLS_Q2="$(row "$hw/t2")" perl -MSpreadsheet::WriteExcel -e '
        my $wb = Spreadsheet::WriteExcel->new($ARGV[0]) or die;
        my %q = (Q1 => $ENV{XLS_Q1}, "Question 2" => $ENV{XLS_Q2});
        for my $name ("Q1", "Question 2") {
            my $ws = $wb->add_worksheet($name);
            $ws->write(0, 0, "x"); $ws->write(0, 1, "sg");
            my @v = split / /, $q{$name};
            for my $i (0 .. $#v) { $ws->write($i + 1, 0, $i); $ws->write($i + 1, 1, $v[$i]); }
        }
        $wb->close;' "$hw/xls/parkmin_200310_900020_hw3.xls"
    if expect 1 "assignment: an .xls workbook" check --assignment hw3/hw3.ini hw3/xls; then
        if grep -Eq "^$(awk -v a="$(pts "$a1" "$a1pn")" -v b=$n2 'BEGIN { print a + b }')/$max +$a1/$n1 +$n2/$n2 +- +- +- +parkmin \(200310\)\$" "$tmp/out"; then pass; else
            fail "assignment: .xls: $(cat "$tmp/out")"
        fi
    fi
else
    skip "assignment: .xls (no Perl Spreadsheet::WriteExcel: apt-get install libspreadsheet-writeexcel-perl)"
fi

# A damaged .xls on which libfreexl reads memory it should not (found by
# fuzzing): read in a child process, it is named for a human, and the
# class is still graded.
mkdir -p "$hw/damaged"
cp "$here/data/assign-damaged.xls" "$hw/damaged/novak_200320_900030_q1.xls"
row "$hw/t2" > "$hw/damaged/novak_200320_900031_q2.txt"
if expect 1 "assignment: a damaged .xls" check --assignment hw3/hw3.ini hw3/damaged; then
    if grep -Eq "^$n2/$max +- +$n2/$n2 +- +- +- +novak \(200320\)\$" "$tmp/out" &&
       grep -qF "  novak (200320): hw3/damaged/novak_200320_900030_q1.xls: an old Excel workbook (.xls), but it " "$tmp/out"; then
        pass
    else
        fail "assignment: a damaged .xls: $(cat "$tmp/out")"
    fi
fi

# A Blackboard receipt that is a FIFO (reading it would wait for ever) or
# a link out of the class names nobody, and the attempt is still graded.
mkdir -p "$hw/bb-odd"
{ echo "Q1"; row "$hw/t1"; } > "$hw/bb-odd/Homework 3_kfifo_attempt_2024-03-05-08-00-00_hw3.txt"
mkfifo "$hw/bb-odd/Homework 3_kfifo_attempt_2024-03-05-08-00-00.txt" 2>/dev/null
{ echo "Q1"; row "$hw/t1"; } > "$hw/bb-odd/Homework 3_klink_attempt_2024-03-05-08-00-00_hw3.txt"
printf 'Name: Secret Person (root)\n' > "$tmp/outside-receipt.txt"
ln -s "$tmp/outside-receipt.txt" "$hw/bb-odd/Homework 3_klink_attempt_2024-03-05-08-00-00.txt"
(cd "$tmp" && timeout 60 "$SGVIZ" check --assignment hw3/hw3.ini hw3/bb-odd) > "$tmp/out" 2> "$tmp/err"
status=$?
if [ $status = 1 ] && grep -Eq "^$full1/$max +$n1/$n1 +- +- +- +- +kfifo \(kfifo\)\$" "$tmp/out" &&
   grep -Eq "^$full1/$max +$n1/$n1 +- +- +- +- +klink \(klink\)\$" "$tmp/out" &&
   ! grep -q "Secret" "$tmp/out"; then
    pass
else
    fail "assignment: odd receipts: exit $status: $(cat "$tmp/out" "$tmp/err")"
fi

# A plain check (one question, no assignment file) of a flat Canvas or
# Blackboard download gives one row per student too: the resubmission and
# the latest attempt are graded, whatever their marks, receipts name the
# student and are never read, and the Test Student is left out with a note.
# (Each file was once a row of its own, the older one graded beside the
# newer.)
cp="$hw/canvas-plain"
mkdir -p "$cp"
row "$hw/t1-other" > "$cp/okaforjames_200301_900001_hw3.txt"
row "$hw/t1" > "$cp/okaforjames_200301_900002_hw3-1.txt"
row "$hw/t1-slip" > "$cp/leesam_LATE_200302_900003_hw3.txt"
row "$hw/t1" > "$cp/studenttest_200399_900004_q1.txt"
row "$hw/t1" > "$cp/Homework 3_jsmith_attempt_2024-03-01-10-00-00_hw3.txt"
printf 'Name: John Smith (jsmith)\nDate Submitted: 2024-03-01\n' > "$cp/Homework 3_jsmith_attempt_2024-03-01-10-00-00.txt"
row "$hw/t1-slip" > "$cp/Homework 3_jsmith_attempt_2024-03-02-09-30-00_hw3.txt"
printf 'Name: John Smith (jsmith)\nDate Submitted: 2024-03-02\n' > "$cp/Homework 3_jsmith_attempt_2024-03-02-09-30-00.txt"
if expect 1 "check: a flat platform download" check -s 1,3,4 -n 19 hw3/canvas-plain; then
    if grep -Eq "^okaforjames \(200301\) +$n1/$n1 " "$tmp/out" &&
       grep -Eq "^leesam \(200302\) +$a1/$n1 " "$tmp/out" &&
       grep -Eq "^John Smith \(jsmith\) +$a1/$n1 " "$tmp/out" &&
       [ "$(grep -c '200301\|200302\|jsmith\|200399' "$tmp/out")" = 3 ] &&
       grep -qF "Canvas's Test Student (hw3/canvas-plain/studenttest_200399_900004_q1.txt) is left out" "$tmp/err"; then
        pass
    else
        fail "check: a flat platform download: $(cat "$tmp/out" "$tmp/err")"
    fi
fi

# A question whose game is a rules file, its path relative to the
# assignment file: Kayles written in Lua, explored from the question's n
# (not from the file's own start, 20), graded against the brute force
# above.  (The file's start once set the positions asked: 21 entries for
# n = 15.)
cp "$root/examples/rules/kayles.lua" "$hw/kayles-rules.lua"
printf 'title = Rules\n[Q1]\ngame = -r kayles-rules.lua\nn = 15\n' > "$hw/rules.ini"
mkdir -p "$hw/rules-class/Ann Lee_100301_assignsubmission_file_" \
         "$hw/rules-class/Bo Chen_100302_assignsubmission_file_"
{ echo "Q1"; echo "x $(seq 0 15 | tr '\n' ' ')"; echo "sg $(row "$hw/t3")"; } > "$hw/rules-class/Ann Lee_100301_assignsubmission_file_/hw.txt"
{ echo "Q1"; echo "x $(seq 0 15 | tr '\n' ' ')"; echo "sg $(row "$hw/t3-slip")"; } > "$hw/rules-class/Bo Chen_100302_assignsubmission_file_/hw.txt"
if expect 1 "assignment: game = -r" check --assignment hw3/rules.ini hw3/rules-class; then
    if grep -Eq "^$n3/$n3 +$n3/$n3 +- +Ann Lee \(100301\)\$" "$tmp/out" &&
       grep -Eq "^$b3/$n3 +$b3/$n3 +- +Bo Chen \(100302\)\$" "$tmp/out"; then
        pass
    else
        fail "assignment: game = -r: $(cat "$tmp/out" "$tmp/err")"
    fi
fi
