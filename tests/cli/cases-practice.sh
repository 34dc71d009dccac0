# cases-practice.sh - the practice page, `sgviz steps --practice`: the page
# on the command line, then in a real browser (headless Chromium, when it
# is installed), driven from the keyboard alone by
# tests/cli/data/practice-drive.js: right and wrong answers, the hints a
# wrong answer gets one step at a time, a slip and the answers that follow
# from it, "show me", the score, the corrections, the sheet the download
# link holds (with the answers shown marked) read back by `sgviz check`,
# every kind of answer, both languages, a shuffled drill, a hidden picture,
# a DOT game, a game whose moves split a heap, and the themes; then real
# key presses and clicks (tests/cli/data/practice-keys.js) at 1024x768,
# 1920x1080 and on a phone, 390x844, where the picture's letters must be
# at least 12 px and the controls in view, and a reload that keeps the
# answers, each page's apart.  The
# values expected are worked out here (the x mod 7 pattern 0 1 0 1 2 3 2 of
# S = {1,3,4}, Kayles' published values), not taken from sgviz.
# With SGVIZ_SHOTS=DIR the screenshots are kept in DIR, to be looked at.
# Sourced by run.sh, which provides run_in, pass, fail, $tmp, $here, $root
# and $SGVIZ.

p_data="$here/data"

# p134 X: sg(X) of S = {1,3,4}.
p134() { awk -v x="$1" 'BEGIN { print substr("0101232", x % 7 + 1, 1) }'; }

# p134_truth N MODE: sg(0..N) of S = {1,3,4} as a JavaScript array of the
# answers MODE (sg, pn, both) takes.
p134_truth() {
    awk -v n="$1" -v mode="$2" 'BEGIN {
        printf "["
        for (x = 0; x <= n; x++) {
            v = substr("0101232", x % 7 + 1, 1); l = v == 0 ? "P" : "N"
            a = mode == "sg" ? v : mode == "pn" ? l : v " " l
            printf "%s\"%s\"", x ? "," : "", a
        }
        printf "]" }'
}

if run_in "$tmp" steps -s 1,3,4 -n 12 --practice -o practice.html &&
   [ "$status" = 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] &&
   grep -q '<meta name="generator" content="sgviz steps --practice">' "$tmp/practice.html" &&
   ! grep -qE ' src=|<link|@import|url\(|href="https?:' "$tmp/practice.html"; then
    pass
else
    fail "steps --practice -o practice.html: exit $status: $(cat "$tmp/err")"
fi
run_in "$tmp" steps -s 1,3,4 -n 4 --practice -o -
if [ "$status" = 0 ] && head -1 "$tmp/out" | grep -q '^<!DOCTYPE html>'; then pass; else
    fail "steps --practice -o -: no page on standard output"
fi

chromium=""
for c in chromium chromium-browser; do
    if have "$c"; then chromium=$c; break; fi
done
if [ -z "$chromium" ]; then
    skip "the practice page in a browser (chromium is not installed)"
    return 0
fi

# p_drive PAGE ACTIONS TRUTH: a copy of PAGE in $tmp/drive.html with the
# driver at its end, set to do ACTIONS (a JavaScript array).
p_drive() {
    {
        echo "<script>window.sgDrive = $2; window.sgTruth = ${3:-[]};</script>"
        cat "$p_data/practice-drive.js"
    } > "$tmp/inject.html"
    awk -v f="$tmp/inject.html" '/<\/body>/ { while ((getline l < f) > 0) print l } { print }' \
        "$1" > "$tmp/drive.html"
}

# p_browse HASH W H [PNG]: the DOM of $tmp/drive.html (address HASH, in a
# window of W x H) after its scripts ran, in $tmp/p.dom, and with PNG a
# screenshot of it.  Headless Chromium, without network or background
# services, under a time limit; each run with a profile of its own, so that
# the page's local storage starts empty.
p_browse() {
    p_profile=$(mktemp -d)
    set -- "$1" "$2" "$3" "${4:-}" --headless --no-sandbox --disable-gpu \
        --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --disable-extensions \
        --hide-scrollbars --window-size="$2,$3"
    p_url="file://$tmp/drive.html$1"
    p_png=$4
    shift 4
    timeout "$browser_timeout" "$chromium" "$@" --user-data-dir="$p_profile/dom" \
        --dump-dom "$p_url" > "$tmp/p.dom" 2> /dev/null
    p_status=$?
    if [ -n "$p_png" ] && [ "$p_status" = 0 ]; then
        timeout "$browser_timeout" "$chromium" "$@" --user-data-dir="$p_profile/shot" \
            --screenshot="$p_png" "$p_url" > /dev/null 2>&1
        p_status=$?
        if [ -n "${SGVIZ_SHOTS:-}" ] && [ -f "$p_png" ]; then
            mkdir -p "$SGVIZ_SHOTS" && cp "$p_png" "$SGVIZ_SHOTS/"
        fi
    fi
    rm -rf "$p_profile"
    return $p_status
}

# p_why: why the last p_browse failed, in words.
p_why() {
    if [ "$p_status" = 124 ]; then
        echo "chromium did not finish in $browser_timeout s (SGVIZ_BROWSER_TIMEOUT)"
    else
        echo "chromium exit $p_status"
    fi
}

# p_pre ID: the text of <pre id="ID"> in $tmp/p.dom, its entities decoded,
# without blank lines.
p_pre() {
    awk -v id="$1" '
        index($0, "id=\"" id "\"") { on = 1; sub(/.*id="[^"]*"[^>]*>/, "") }
        on { done = sub(/<\/pre>.*/, ""); print; if (done) exit }' "$tmp/p.dom" |
        sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' | grep -v '^$'
}

# p_log: the drive's log without the result lines (fields 1 to 6).
p_log() { p_pre drive-log | cut -d '|' -f 1-6 | sed 's/ *$//'; }

# p_body ATTR: the value of the body's attribute ATTR.
p_body() { grep -o "<body[^>]*>" "$tmp/p.dom" | grep -o " $1=\"[^\"]*\"" | sed 's/.*="//; s/"$//'; }

# p_png_size FILE: "W H" of a PNG, from its IHDR.
p_png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

# ---- a slip, the answers that follow from it, the score, the sheet -------

# S = {1,3,4}, 0..12, values 0 1 0 1 2 3 2 0 1 0 1 2 3.  The student gets 2
# wrong (and the first hint) and then right, asks to be shown 3, writes 1
# at 6 (a slip: the targets 5, 3, 2 have 3, 1, 0, whose mex is 2), gets the
# first hint and keeps it; 7, 8, 9 come
# out right; at 10 and 11 the answers follow from the student's own sg(6) =
# 1 (mex{0,0,1} = 2 and mex{2,1,0} = 3) and are kept; 12 is shown.
p_slip='["type 0","enter","type 1","enter","type 1","enter","type 0","enter","?","enter",
"type 2","enter","type 3","enter","type 1","enter","shift-enter","type 0","enter","type 1","enter",
"type 0","enter","type 2","enter","shift-enter","type 3","enter","shift-enter","type 2","enter",
"?","enter"]'
cat > "$tmp/p.want" <<'EOF'
start | answer | ask | 0 | - | shown
enter | answer | ask | 1 | - | shown
enter | answer | ask | 2 | - | shown
enter | answer | wrong | 2 | hint 1 | shown
enter | answer | ask | 3 | - | shown
? | answer | shown | 3 | - | shown
enter | answer | ask | 4 | - | shown
enter | answer | ask | 5 | - | shown
enter | answer | ask | 6 | - | shown
enter | answer | wrong | 6 | hint 1 | shown
shift-enter | answer | ask | 7 | - | shown
enter | answer | ask | 8 | - | shown
enter | answer | ask | 9 | - | shown
enter | answer | ask | 10 | - | shown
enter | answer | wrong | 10 | follows 6 | shown
shift-enter | answer | ask | 11 | - | shown
enter | answer | wrong | 11 | follows 6 | shown
shift-enter | answer | ask | 12 | - | shown
enter | answer | wrong | 12 | follows 6 | shown
? | answer | shown | 12 | - | shown
enter | copy | done | - | - | shown
EOF
# The sheet as the student's table gives it: sg(0..12) with 1 at 6, 2 at
# 10 and 3 at 11.
awk 'BEGIN { for (x = 0; x <= 12; x++) {
    v = substr("0101232", x % 7 + 1, 1)
    if (x == 6) v = 1; if (x == 10) v = 2; if (x == 11) v = 3
    printf "sg(%d) = %d\n", x, v } }' > "$tmp/p.sheet.want"

p_drive "$tmp/practice.html" "$p_slip"
for p_size in "1024 768" "1920 1080"; do
    set -- $p_size
    p_what="practice page at $1x$2"
    if ! p_browse "" "$1" "$2" "$tmp/practice-done-$1x$2.png"; then
        fail "$p_what: $(p_why)"
        continue
    fi
    p_log > "$tmp/p.got"
    if cmp -s "$tmp/p.want" "$tmp/p.got"; then pass; else
        fail "$p_what: the keys did not lead where they should:"
        diff "$tmp/p.want" "$tmp/p.got" | sed 's/^/    /' | head -20
    fi
    # 7 right at the first try (0 1 4 5 7 8 9), 3 with help (2 3 12), 3
    # kept wrong (6 10 11); and the page fits the window's width.
    if [ "$(p_body data-score)" = "7,3,3,0" ] && [ "$(p_body data-fits)" = true ] &&
       [ "$(p_png_size "$tmp/practice-done-$1x$2.png")" = "$1 $2" ]; then pass; else
        fail "$p_what: score \"$(p_body data-score)\" (want 7,3,3,0), fits \"$(p_body data-fits)\", screenshot $(p_png_size "$tmp/practice-done-$1x$2.png")"
    fi
    # The sheet: the student's values, the two shown (3 and 12) marked by a
    # comment at the end of their lines and in the header.
    p_pre downloaded > "$tmp/answers.txt"
    if grep -q '<pre [^>]*data-name="answers.txt"' "$tmp/p.dom" &&
       grep -v '^#' "$tmp/answers.txt" | sed 's/  # shown by the page$//' |
           cmp -s - "$tmp/p.sheet.want" &&
       [ "$(grep -c '  # shown by the page$' "$tmp/answers.txt")" = 2 ] &&
       grep -qxF 'sg(3) = 1  # shown by the page' "$tmp/answers.txt" &&
       grep -qxF 'sg(12) = 3  # shown by the page' "$tmp/answers.txt" &&
       grep -qxF '# shown by the page: 3, 12' "$tmp/answers.txt" &&
       grep -qxF '# read it back with: sgviz check -s 1,3,4 -n 12 answers.txt' "$tmp/answers.txt"; then
        pass
    else
        fail "$p_what: the downloaded sheet:"
        sed 's/^/    /' "$tmp/answers.txt" | head -20
    fi
done

# The sheet read back by the command its header names, its marks of the
# answers shown read past: the same verdicts as the page's, a slip at 6
# and two entries that follow from it; 12, shown, is right but not what
# the student's own values give.
run_in "$tmp" check -s 1,3,4 -n 12 answers.txt
if [ "$status" = 1 ] && grep -qxF '10/13 correct, first error at x = 6' "$tmp/out" &&
   grep -qxF '11/13 consistent with your own answers' "$tmp/out"; then pass; else
    fail "check of the downloaded sheet: exit $status: $(cat "$tmp/out" "$tmp/err")"
fi
# p_csv: the first eight columns of the report in $tmp/out (x, given,
# right, own, correct, consistent, slip, follows_from).
p_csv() { cut -d, -f1-8 "$tmp/out"; }
run_in "$tmp" check -s 1,3,4 -n 12 answers.txt --format csv
if p_csv | grep -qxF '6,1,2,2,no,no,yes,' && p_csv | grep -qxF '10,2,1,2,no,yes,no,6' &&
   p_csv | grep -qxF '11,3,2,3,no,yes,no,6'; then pass; else
    fail "check --format csv of the downloaded sheet: $(cat "$tmp/out")"
fi

# The hints at 6, as the student sees them: each wrong answer (1, 0, 5,
# 4) brings the next, the moves' targets (5, 3, 2: 6 less each of 1, 3,
# 4), then their values (3, 1, 0, of the x mod 7 pattern), then the
# question of their mex; and the value itself, 2, is never said.
p_drive "$tmp/practice.html" '["type 0","enter","type 1","enter","type 0","enter","type 1","enter",
"type 2","enter","type 3","enter","type 1","enter","type 0","enter","type 5","enter","type 4","enter"]'
if p_browse "" 1024 768; then
    p_pre drive-log | sed -n '8,$p' | cut -d '|' -f 4,5,7,8 | sed 's/ *| */|/g; s/^ *//' > "$tmp/p.got"
    cat > "$tmp/p.want" <<'EOF'
6|hint 1|Not right: sg(6) is not 1.|Hint 1 of 3: Which positions can you reach from 6 in one move?
6|hint 2|Not right: sg(6) is not 0.|Hint 2 of 3: The moves of 6 lead to {5, 3, 2}. / What are their values?
6|hint 3|Not right: sg(6) is not 5.|Hint 3 of 3: Your values there: sg(5) = 3, sg(3) = 1, sg(2) = 0. / What is mex{3,1,0}, the least value that is not among them?
6|hint 3|Not right: sg(6) is not 4.|Hint 3 of 3: Your values there: sg(5) = 3, sg(3) = 1, sg(2) = 0. / What is mex{3,1,0}, the least value that is not among them? / That was the last hint: ? shows the step, Shift+Enter keeps your answer.
EOF
    if cmp -s "$tmp/p.want" "$tmp/p.got" &&
       ! p_pre drive-log | grep -qE 'sg\(6\) = 2|mex\{3,1,0\} = 2'; then
        pass
    else
        fail "practice page, the hints at 6:"
        diff "$tmp/p.want" "$tmp/p.got" | sed 's/^/    /'
    fi
else
    fail "practice page, the hints: $(p_why)"
fi

# The wrong answer at 10, as the student sees it: no hint, since it
# follows from the student's own sg(6) = 1, kept earlier, which the page
# names; the targets marked in the table.
p_drive "$tmp/practice.html" '["type 0","enter","type 1","enter","type 1","enter","type 0","enter",
"?","enter","type 2","enter","type 3","enter","type 1","enter","shift-enter","type 0","enter",
"type 1","enter","type 0","enter","type 2","enter"]'
for p_size in "1024 768" "1920 1080"; do
    set -- $p_size
    p_what="practice page, a wrong answer, at $1x$2"
    if ! p_browse "" "$1" "$2" "$tmp/practice-wrong-$1x$2.png"; then
        fail "$p_what: $(p_why)"
        continue
    fi
    p_feedback=$(grep -o '<div id="feedback"[^>]*>.*</div>' "$tmp/p.dom" | head -1)
    p_result=$(grep -o '<div id="result"[^>]*>.*</div>' "$tmp/p.dom" | head -1)
    p_targets=$(grep -oE 'class="cell [PN] [a-z]+( helped)? target"' "$tmp/p.dom" | wc -l)
    if printf '%s' "$p_result" | grep -qF 'Not right: sg(10) is not 2.' &&
       printf '%s' "$p_feedback" | grep -qF 'Your answer follows correctly from your own values, mex{0,0,1} = 2; the error starts earlier, at your sg(6) = 1.' &&
       ! printf '%s' "$p_feedback" | grep -qF 'Hint' &&
       [ "$p_targets" = 3 ] && [ "$(p_body data-fits)" = true ] &&
       [ "$(p_png_size "$tmp/practice-wrong-$1x$2.png")" = "$1 $2" ]; then
        pass
    else
        fail "$p_what: result \"$p_result\", feedback \"$p_feedback\", $p_targets targets marked, fits $(p_body data-fits)"
    fi
done

# ---- letters: a slip, then answers that follow from it --------------------

# P/N of 0..8: P N P N N N N P N.  The student marks 4 P (its targets 3,
# 1, 0 are N, N, P: a slip) and keeps it; at 7 (targets 6 N, 4 P, 3 N) the
# student's own letters give N, which is wrong but follows from 4.
run_in "$tmp" steps -s 1,3,4 -n 8 --practice --ask pn -o pn.html
p_drive "$tmp/pn.html" '["type P","enter","type n","enter","type p","enter","type N","enter",
"type P","enter","shift-enter","type N","enter","type N","enter","type N","enter","shift-enter",
"type N","enter"]'
if p_browse "" 1024 768; then
    p_log | sed -n '6p;7p;10p;11p;12p' > "$tmp/p.got"
    cat > "$tmp/p.want" <<'EOF'
enter | answer | wrong | 4 | hint 1 | shown
shift-enter | answer | ask | 5 | - | shown
enter | answer | wrong | 7 | follows 4 | shown
shift-enter | answer | ask | 8 | - | shown
enter | copy | done | - | - | shown
EOF
    p_pre downloaded > "$tmp/pn.txt"
    if cmp -s "$tmp/p.want" "$tmp/p.got" && [ "$(p_body data-score)" = "7,0,2,0" ] &&
       grep -qxF 'sg(4) = P' "$tmp/pn.txt" && grep -qxF 'sg(7) = N' "$tmp/pn.txt"; then
        pass
    else
        fail "practice --ask pn: score $(p_body data-score):"
        diff "$tmp/p.want" "$tmp/p.got" | sed 's/^/    /'
    fi
    run_in "$tmp" check -s 1,3,4 -n 8 pn.txt --format csv
    if p_csv | grep -qxF '4,P,N,N,no,no,yes,' && p_csv | grep -qxF '7,N,P,N,no,yes,no,4'; then
        pass
    else
        fail "check of the --ask pn sheet: $(cat "$tmp/out" "$tmp/err")"
    fi
else
    fail "practice --ask pn: $(p_why)"
fi

# ---- value and letter, in Chinese ----------------------------------------

# 0..4: 0 P, 1 N, 0 P, 1 N, 2 N.  At 2 the value is right and the letter
# wrong; then right.  At 3 a wrong value gets the first hint, in Chinese,
# and the end's corrections name both.
run_in "$tmp" steps -s 1,3,4 -n 4 --practice --ask both --lang zh -o both.html
p_drive "$tmp/both.html" '["type 0 P","enter","type 1n","enter","type 0 N","enter","type 0, p","enter",
"type 2 N","enter","type 1 N","enter","type 2 N","enter"]'
if p_browse "" 1024 768; then
    p_pre drive-log > "$tmp/both.log"
    p_pre downloaded > "$tmp/both.txt"
    if [ "$(p_body data-score)" = "3,2,0,0" ] && [ "$(p_body data-corrections)" = 2 ] &&
       grep -qF '值是对的，但字母不对' "$tmp/both.log" &&
       grep -qF '不对：SG[3] 不是 2 N。 | 提示 1/3：从 3 走一步可以到达哪些局面？' "$tmp/both.log" &&
       grep -qF 'SG[3] 是 1 N，你先写了 2 N：SG[3] = mex{0,0} = 1' "$tmp/p.dom" &&
       grep -qxF 'SG[2] = 0 P' "$tmp/both.txt" && grep -qxF 'SG[4] = 2 N' "$tmp/both.txt"; then
        pass
    else
        fail "practice --ask both --lang zh: score $(p_body data-score):"
        p_pre drive-log | sed 's/^/    /'
    fi
    run_in "$tmp" check -s 1,3,4 -n 4 both.txt
    if [ "$status" = 0 ] && grep -qxF '5/5 correct' "$tmp/out"; then pass; else
        fail "check of the --ask both --lang zh sheet: exit $status: $(cat "$tmp/out" "$tmp/err")"
    fi
else
    fail "practice --ask both --lang zh: $(p_why)"
fi

# ---- a shuffled drill ------------------------------------------------------

# Every answer right, in the order of #seed=5.  Positions are asked each
# once, not in order; a position whose targets were not answered gets them
# from the page, which then does not ask them; at the end every position
# is answered or given, and the sheet is all correct.
run_in "$tmp" steps -s 1,3,4 -n 12 --practice --shuffle -o shuffle.html
p_drive "$tmp/shuffle.html" '["right","enter","right","enter","right","enter","right","enter",
"right","enter","right","enter","right","enter","right","enter","right","enter","right","enter",
"right","enter","right","enter","right","enter"]' "$(p134_truth 12 sg)"
if p_browse "#seed=5" 1024 768; then
    p_pre drive-log | cut -d '|' -f 4 | tr -d ' ' | grep -v -- '-' | uniq > "$tmp/p.order"
    p_asked=$(wc -l < "$tmp/p.order")
    p_score=$(p_body data-score)
    p_pre downloaded > "$tmp/shuffle.txt"
    if [ "$(sort -n "$tmp/p.order" | uniq | wc -l)" = "$p_asked" ] &&
       ! sort -n "$tmp/p.order" | cmp -s - "$tmp/p.order" &&
       [ "$p_score" = "$p_asked,0,0,$((13 - p_asked))" ] && [ "$p_asked" -lt 13 ] &&
       grep -q '^# given by the page: ' "$tmp/shuffle.txt"; then
        pass
    else
        fail "practice --shuffle: order $(tr '\n' ' ' < "$tmp/p.order"), score $p_score"
    fi
    run_in "$tmp" check -s 1,3,4 -n 12 shuffle.txt
    if [ "$status" = 0 ] && grep -qxF '13/13 correct' "$tmp/out"; then pass; else
        fail "check of the shuffled drill's sheet: exit $status: $(cat "$tmp/out" "$tmp/err")"
    fi
    # The same seed, the same order.
    cp "$tmp/p.order" "$tmp/p.order1"
    p_browse "#seed=5" 1024 768
    p_pre drive-log | cut -d '|' -f 4 | tr -d ' ' | grep -v -- '-' | uniq > "$tmp/p.order"
    if cmp -s "$tmp/p.order1" "$tmp/p.order"; then pass; else
        fail "practice --shuffle: #seed=5 gave two orders"
    fi
else
    fail "practice --shuffle: $(p_why)"
fi

# ---- the picture hidden until the end; positions given --------------------

run_in "$tmp" steps -s 1,3,4 -n 8 --practice --hide-picture --from 5 -o hidden.html
p_drive "$tmp/hidden.html" '["type 3","enter","type 2","enter","type 0","enter","type 1","enter"]'
if p_browse "" 1024 768; then
    p_log > "$tmp/p.got"
    if head -1 "$tmp/p.got" | grep -qxF 'start | answer | ask | 5 | - | veiled' &&
       sed -n 4p "$tmp/p.got" | grep -qxF 'enter | answer | ask | 8 | - | veiled' &&
       tail -1 "$tmp/p.got" | grep -qxF 'enter | copy | done | - | - | shown' &&
       [ "$(p_body data-score)" = "4,0,0,5" ] &&
       [ "$(grep -oE 'class="cell [PN] given"' "$tmp/p.dom" | wc -l)" = 5 ]; then
        pass
    else
        fail "practice --hide-picture --from 5: score $(p_body data-score):"
        sed 's/^/    /' "$tmp/p.got"
    fi
else
    fail "practice --hide-picture: $(p_why)"
fi

# ---- a DOT game, and the themes -------------------------------------------

# end, c&d, say "hi", a<b, top: 0 1 1 0 1, in the order of computation.
run_in "$tmp" steps -g "$p_data/steps-game.dot" --practice -o dag.html
p_drive "$tmp/dag.html" '["type 0","enter","type 1","enter","type 1","enter","type 1","enter",
"type 0","enter","type 1","enter"]'
if p_browse "" 1024 768; then
    p_pre downloaded > "$tmp/dag.txt"
    if [ "$(p_body data-score)" = "4,1,0,0" ] && grep -qxF 'sg(say "hi") = 1' "$tmp/dag.txt" &&
       p_pre drive-log | grep -qF 'Not right: sg(a<b) is not 1.'; then
        pass
    else
        fail "practice -g: score $(p_body data-score)"
        p_pre drive-log | sed 's/^/    /'
    fi
    run_in "$p_data" check -g steps-game.dot "$tmp/dag.txt"
    if [ "$status" = 0 ] && grep -qxF '5/5 correct' "$tmp/out"; then pass; else
        fail "check -g of the DOT game's sheet: exit $status: $(cat "$tmp/out" "$tmp/err")"
    fi
else
    fail "practice -g: $(p_why)"
fi

# ---- a game whose moves split a heap ---------------------------------------

# Kayles, rows 0..6: 0 1 2 3 1 4 3.  The student writes 2 at 3 three times
# (its moves leave 2, 1+1 and 1, worth 2, 1 XOR 1 = 0 and 1: a slip), which
# brings the three hints, the last with the value of the split spelled
# out, and keeps it; 4 and 5 come out right; at 6 the moves leave 2+3 and
# 1+4 among others, and with the student's sg(3) = 2 the mex is 2, which
# follows from the slip.
run_in "$tmp" steps -t kayles -n 6 --practice -o kayles.html
p_drive "$tmp/kayles.html" '["type 0","enter","type 1","enter","type 2","enter","type 2","enter",
"enter","enter","shift-enter","type 1","enter","type 4","enter","type 2","enter"]'
if p_browse "" 1280 800 "$tmp/practice-kayles.png"; then
    p_feedback=$(grep -o '<div id="feedback"[^>]*>.*</div>' "$tmp/p.dom" | head -1)
    if p_log | sed -n 5p | grep -qxF 'enter | answer | wrong | 3 | hint 1 | shown' &&
       p_pre drive-log | sed -n 6p | grep -qF 'Hint 2 of 3: The moves of 3 lead to {2, 1+1, 1}.' &&
       p_pre drive-log | sed -n 7p | grep -qF 'Hint 3 of 3: Your values there: sg(2) = 2, sg(1)⊕sg(1) = 1⊕1 = 0, sg(1) = 1. / What is mex{2,0,1}' &&
       p_log | tail -1 | grep -qxF 'enter | answer | wrong | 6 | follows 3 | shown' &&
       printf '%s' "$p_feedback" | grep -qF 'mex{4,0,0,1,3,0} = 2; the error starts earlier, at your sg(3) = 2.' &&
       grep -q '<g id="s2_3" class="node sum P target">' "$tmp/p.dom" &&
       grep -q '<g id="s1_3" class="node sum N target">' "$tmp/p.dom"; then
        pass
    else
        fail "practice -t kayles: $(p_pre drive-log | sed -n '5,7p;$p'); feedback \"$p_feedback\""
    fi
else
    fail "practice -t kayles: $(p_why)"
fi
p_drive "$tmp/kayles.html" '["type 0","enter","type 1","enter","type 2","enter","type 2","enter",
"shift-enter","type 1","enter","type 4","enter","type 2","enter","shift-enter"]'
if p_browse "" 1024 768; then
    p_pre downloaded > "$tmp/kayles.txt"
    run_in "$tmp" check -t kayles -n 6 kayles.txt --format csv
    if p_csv | grep -qxF '3,2,3,3,no,no,yes,' && p_csv | grep -qxF '6,2,3,2,no,yes,no,3'; then
        pass
    else
        fail "check -t kayles of the practice sheet: $(cat "$tmp/out" "$tmp/err")"
    fi
    if grep -qxF '# read it back with: sgviz check -t kayles -n 6 answers.txt' "$tmp/kayles.txt"; then
        pass
    else
        fail "practice -t kayles: the sheet's header: $(head -2 "$tmp/kayles.txt")"
    fi
else
    fail "practice -t kayles: $(p_why)"
fi

# Every theme built in, and one of the user's own, each with the fill of
# its P-positions (from templates/themes/ and graph-theme.dot), which the
# answered position 0 takes in the picture.
for p_theme in "classic #c0392b" "dark #f0a04b" "print #404040" \
               "$p_data/graph-theme.dot #123456"; do
    p_fill=${p_theme##* }
    p_theme=${p_theme% *}
    run_in "$tmp" steps -s 1,3,4 -n 4 --practice --theme "$p_theme" -o theme.html
    p_drive "$tmp/theme.html" '["type 0","enter","type 2","enter"]'
    if p_browse "" 1024 768 "$tmp/practice-$(basename "$p_theme" .dot).png" &&
       p_log | tail -1 | grep -qxF 'enter | answer | wrong | 1 | hint 1 | shown' &&
       awk '/<div id="picture"/,/<\/svg>/' "$tmp/p.dom" | grep -A3 '<g id="p0" ' |
           grep -qi "fill=\"$p_fill\""; then
        pass
    else
        fail "practice --theme $p_theme: $(p_log | tail -1); position 0 not filled $p_fill"
    fi
done

# ---- real key presses: Tab through the buttons, Enter on them --------------

# The page's keys above are events sent by a script, which cannot move the
# focus or press a button.  Here Chromium gets real key presses through its
# debugging pipe (tests/cli/data/practice-keys.js, with Node.js).  S =
# {1,3,4}, 0..4, values 0 1 0 1 2: right at 0; 5 at 1, then Tab to "show
# me" and Enter; 5 at 2, Tab to "keep my answer" and Enter; 0 at 3 (the
# student's own values, 5 and 0, give 1), then ?; 5 at 4 (own values 1, 1,
# 0 give 2), kept with Shift+Enter; Enter on "copy" puts the sheet on the
# clipboard, which check reads with the same verdicts; then Tab to "start
# again" and Enter.  Score: 1 right at the first try, 2 shown, 2 kept.
if ! have node; then
    skip "real key presses in the practice page (Node.js is not installed)"
else
    # p_keys PAGE KEY...: the lines of practice-keys.js on $tmp/PAGE in
    # $tmp/p.keys, its exit status in p_status.
    p_keys() {
        p_page=$1
        shift
        timeout "$browser_timeout" node "$p_data/practice-keys.js" "$chromium" \
            "file://$tmp/$p_page" "$@" > "$tmp/p.keys" 2> "$tmp/p.err"
        p_status=$?
    }
    run_in "$tmp" steps -s 1,3,4 -n 4 --practice -o keys.html
    p_keys keys.html type:0 Enter type:5 Enter Tab Tab Enter Enter \
        type:5 Enter Tab Tab Tab Enter type:0 Enter ? Enter type:5 Enter \
        Shift+Enter Enter clipboard Tab Tab Tab "Enter reloads"
    grep -v '^clipboard | ' "$tmp/p.keys" > "$tmp/p.got"
    sed -n 's/^clipboard | //p' "$tmp/p.keys" > "$tmp/copied.txt"
    cat > "$tmp/p.want" <<'KEYS'
Enter | answer | ask | 1 | -
Enter | answer | wrong | 1 | -
Tab | check | wrong | 1 | -
Tab | show | wrong | 1 | -
Enter | answer | shown | 1 | -
Enter | answer | ask | 2 | -
Enter | answer | wrong | 2 | -
Tab | check | wrong | 2 | -
Tab | show | wrong | 2 | -
Tab | keep | wrong | 2 | -
Enter | answer | ask | 3 | -
Enter | answer | wrong | 3 | -
? | answer | shown | 3 | -
Enter | answer | ask | 4 | -
Enter | answer | wrong | 4 | -
Shift+Enter | copy | done | - | 1,2,2,0
Enter | sheet | done | - | 1,2,2,0
Tab | copy | done | - | 1,2,2,0
Tab | download | done | - | 1,2,2,0
Tab | restart | done | - | 1,2,2,0
Enter reloads | answer | ask | 0 | -
KEYS
    if [ "$p_status" = 0 ] && cmp -s "$tmp/p.want" "$tmp/p.got"; then pass; else
        fail "practice page, real key presses: $(p_why) $(cat "$tmp/p.err")"
        diff "$tmp/p.want" "$tmp/p.got" | sed 's/^/    /' | head -20
    fi
    # The copied sheet: 5 at 2 and 4 kept (right: 0 and 2), 1 at 1 and 3
    # shown; 2 is a slip, and 4 too (the student's own values give 2).
    run_in "$tmp" check -s 1,3,4 -n 4 copied.txt --format csv
    if [ "$status" = 1 ] && p_csv | grep -qxF '2,5,0,0,no,no,yes,' &&
       p_csv | grep -qxF '4,5,2,2,no,no,yes,' && p_csv | grep -qxF '3,1,1,1,yes,yes,no,'; then
        pass
    else
        fail "check of the copied sheet: exit $status: $(cat "$tmp/copied.txt" "$tmp/out" "$tmp/err")"
    fi
    # Hints and a reload, with real key presses and clicks, in three
    # windows, a phone's among them.  S = {1,3,4}, 0..4, values 0 1 0 1 2:
    # 0 and 1 right; 1 at 2 gets the first hint, a click on "another hint"
    # the second (the moves of 2 lead to {1}: 2 less 1), another the third
    # (its value, 1, and the question of mex{1}); then 0, right.  The page
    # is loaded again: the three answers are kept, and 3 is asked.  0 at 3
    # gets a hint; a click on "show me" shows it; 5 at 4 is kept.  The end
    # lists the three corrections; the sheet copied marks 3 as shown, and
    # check reads it; "start again" clears what was kept, so that another
    # reload starts from 0.  In each window the smallest letters of the
    # picture are at least 12 px, the controls on show are in view without
    # scrolling, and the page is no wider than the window.
    run_in "$tmp" steps -s 1,3,4 -n 4 --practice -o reload.html
    cat > "$tmp/p.want" <<'KEYS'
Enter | answer | ask | 1 | -
Enter | answer | ask | 2 | -
Enter | answer | wrong | 2 | -
say | Not right: sg(2) is not 1. / Hint 1 of 3: Which positions can you reach from 2 in one move?
click:hint | hint | wrong | 2 | -
say | Not right: sg(2) is not 1. / Hint 2 of 3: The moves of 2 lead to {1}. / What are their values?
click:hint | answer | wrong | 2 | -
say | Not right: sg(2) is not 1. / Hint 3 of 3: Your values there: sg(1) = 1. / What is mex{1}, the least value that is not among them?
Enter | answer | ask | 3 | -
reload | answer | ask | 3 | -
say | Welcome back: your answers so far were kept (3 answered). "start again" at the end clears them.
Enter | answer | wrong | 3 | -
click:show | answer | shown | 3 | -
Enter | answer | ask | 4 | -
Enter | answer | wrong | 4 | -
Shift+Enter | copy | done | - | 2,2,1,0
corrections | sg(2) is 0; you first wrote 1: sg(2) = mex{1} = 0
corrections | sg(3) is 1, shown by the page: sg(3) = mex{0,0} = 1 (You wrote 0 before.)
corrections | sg(4) is 2, not 5, which you kept: sg(4) = mex{1,1,0} = 2
Enter | sheet | done | - | 2,2,1,0
Tab | copy | done | - | 2,2,1,0
Tab | download | done | - | 2,2,1,0
Tab | restart | done | - | 2,2,1,0
Enter reloads | answer | ask | 0 | -
reload | answer | ask | 0 | -
say | 
KEYS
    for p_size in 1024x768 1920x1080 390x844; do
        p_keys reload.html size=$p_size type:0 Enter type:1 Enter \
            type:1 Enter measure say "shot:$tmp/practice-hint-$p_size.png" \
            click:hint say click:hint say type:0 Enter reload say measure \
            type:0 Enter click:show Enter type:5 Enter Shift+Enter corrections \
            measure "shot:$tmp/practice-end-$p_size.png" Enter clipboard \
            Tab Tab Tab "Enter reloads" reload say
        if [ -n "${SGVIZ_SHOTS:-}" ]; then
            mkdir -p "$SGVIZ_SHOTS" && cp "$tmp"/practice-*-$p_size.png "$SGVIZ_SHOTS/"
        fi
        grep -v '^clipboard | \|^measure | ' "$tmp/p.keys" > "$tmp/p.got"
        sed -n 's/^clipboard | //p' "$tmp/p.keys" > "$tmp/copied.txt"
        if [ "$p_status" = 0 ] && cmp -s "$tmp/p.want" "$tmp/p.got" &&
           [ "$(grep -c '^measure | ' "$tmp/p.keys")" = 3 ] &&
           awk -F' [|] ' '/^measure/ && !($2 >= 12 && $3 == "in view" && $4 == "true") { bad = 1 }
                          END { exit bad }' "$tmp/p.keys"; then
            pass
        else
            fail "practice page at $p_size, hints and a reload: $(p_why) $(cat "$tmp/p.err"; grep '^measure' "$tmp/p.keys")"
            diff "$tmp/p.want" "$tmp/p.got" | sed 's/^/    /' | head -20
        fi
        # The sheet copied: 3 shown and marked so, 4 kept wrong (5, its
        # targets' values 1, 1, 0 give 2: a slip); check reads it past the
        # marks.
        run_in "$tmp" check -s 1,3,4 -n 4 copied.txt --format csv
        if [ "$status" = 1 ] && grep -qxF 'sg(3) = 1  # shown by the page' "$tmp/copied.txt" &&
           grep -qxF '# shown by the page: 3' "$tmp/copied.txt" &&
           p_csv | grep -qxF '3,1,1,1,yes,yes,no,' && p_csv | grep -qxF '4,5,2,2,no,no,yes,' &&
           p_csv | grep -qxF '2,0,0,0,yes,yes,no,'; then
            pass
        else
            fail "practice page at $p_size, check of the copied sheet: exit $status: $(cat "$tmp/copied.txt" "$tmp/out" "$tmp/err")"
        fi
    done

    # Two pages in one browser keep their answers apart: S = {1,3,4} with
    # 0..4, S = {1,2} with 0..4, and S = {1,3,4} with 0..5 (the same game,
    # other positions).  Two answers in the first; the second and the
    # third start from 0, each keeps its own; back at the first, 2 is
    # asked, and back at the second, 1.
    run_in "$tmp" steps -s 1,2 -n 4 --practice -o other.html
    run_in "$tmp" steps -s 1,3,4 -n 5 --practice -o longer.html
    p_keys reload.html type:0 Enter type:1 Enter "goto:file://$tmp/other.html" \
        type:0 Enter "goto:file://$tmp/longer.html" "goto:file://$tmp/reload.html" say \
        "goto:file://$tmp/other.html" say
    cat > "$tmp/p.want" <<'KEYS'
Enter | answer | ask | 1 | -
Enter | answer | ask | 2 | -
goto | answer | ask | 0 | -
Enter | answer | ask | 1 | -
goto | answer | ask | 0 | -
goto | answer | ask | 2 | -
say | Welcome back: your answers so far were kept (2 answered). "start again" at the end clears them.
goto | answer | ask | 1 | -
say | Welcome back: your answers so far were kept (1 answered). "start again" at the end clears them.
KEYS
    if [ "$p_status" = 0 ] && cmp -s "$tmp/p.want" "$tmp/p.keys"; then pass; else
        fail "practice pages apart in local storage: $(p_why) $(cat "$tmp/p.err")"
        diff "$tmp/p.want" "$tmp/p.keys" | sed 's/^/    /' | head -20
    fi
fi
