# cases-latex.sh - LaTeX output: TikZ pictures of `sgviz graph`, compiled
# with pdflatex where it is installed (and their text checked everywhere:
# one tikzpicture, balanced braces, LaTeX's special characters escaped).
# Sourced by run.sh, which provides run_in, pass, fail, $tmp, $here, $root
# and $SGVIZ.

l_data="$here/data"
mkdir -p "$tmp/latex"

# l_expect STATUS DESCRIPTION ARGS...: runs sgviz ARGS in $tmp/latex and
# checks the exit status, leaving the output in $tmp/out and $tmp/err.
l_expect() {
    l_want=$1
    l_what=$2
    shift 2
    run_in "$tmp/latex" "$@"
    if [ "$status" != "$l_want" ]; then
        fail "$l_what: exit $status, expected $l_want"
        sed 's/^/    /' "$tmp/err" | head -5
        return 1
    fi
    return 0
}

# l_tex_ok FILE DESCRIPTION: FILE's text is sound LaTeX: its braces balance
# once escaped braces and comments are set aside, and every tikzpicture
# that begins ends.
l_tex_ok() {
    l_bad=$(awk '
        { line = $0
          gsub(/\\\\/, "", line)          # \\ (a line break) escapes nothing
          gsub(/\\[{}%#&_$]/, "", line)   # escaped specials
          sub(/%.*/, "", line)            # the comment
          n = gsub(/{/, "{", line); m = gsub(/}/, "}", line)
          depth += n - m
          if (depth < 0) { print "closing brace without an opening one, line " NR; exit }
          if (line ~ /\\begin\{tikzpicture\}/) pics++
          if (line ~ /\\end\{tikzpicture\}/) pics--
        }
        END { if (depth > 0) print depth " braces left open";
              if (pics != 0) print "unbalanced tikzpicture" }' "$1")
    if [ -z "$l_bad" ]; then pass; else fail "$2: $l_bad"; fi
}

# Whether pdflatex with TikZ (and, for Chinese, xelatex with ctex) can
# compile here; where not, the checks of the text above are all there is.
l_pdflatex=no
if have pdflatex && kpsewhich tikz.sty > /dev/null 2>&1; then
    l_pdflatex=yes
else
    skip "compiling the LaTeX output (pdflatex with TikZ is not installed)"
fi

# l_compile ENGINE NAME DESCRIPTION: compiles $tmp/latex/NAME.tex with
# ENGINE; it must succeed without an error and leave NAME.pdf.
l_compile() {
    (cd "$tmp/latex" && "$1" -interaction=nonstopmode -halt-on-error "$2.tex") \
        > "$tmp/latex/$2.stdout" 2>&1
    if [ $? -eq 0 ] && [ -s "$tmp/latex/$2.pdf" ] &&
       ! grep -q '^!' "$tmp/latex/$2.log"; then pass; else
        fail "$3: $1 failed"
        grep -A3 '^!' "$tmp/latex/$2.log" | head -8 | sed 's/^/    /'
    fi
}

# l_picture_doc NAME PICTURE...: a document NAME.tex that loads TikZ alone
# and sets each PICTURE (a file in $tmp/latex) scaled to the text's width.
l_picture_doc() {
    l_name=$1
    shift
    {
        printf '%s\n' '\documentclass{article}' '\usepackage{tikz}' \
            '\begin{document}'
        for p in "$@"; do
            printf '\\noindent\\resizebox{\\linewidth}{!}{\\input{%s}}\\par\n' "$p"
        done
        printf '%s\n' '\end{document}'
    } > "$tmp/latex/$l_name.tex"
}

# ---- sgviz graph -T tikz ---------------------------------------------------

if l_expect 0 "graph -o FILE.tex" graph -s 1,3,4 -n 12 --highlight-wins -o g134.tex; then
    f="$tmp/latex/g134.tex"
    if head -1 "$f" | grep -qxF '% S = {1,3,4}: 13 positions, 31 moves' &&
       [ "$(grep -c '^\\begin{tikzpicture}' "$f")" = 1 ] &&
       [ "$(grep -c '^  sgviz P/.style=' "$f")" = 1 ] &&
       [ "$(grep -c '^% p[0-9]*$' "$f")" = 13 ] &&
       [ "$(grep -c '^% m[0-9]*_[0-9]*$' "$f")" = 31 ]; then pass; else
        fail "graph -o g134.tex: not one picture of 13 positions and 31 moves"
    fi
    l_tex_ok "$f" "graph -o g134.tex"
fi

if l_expect 0 "graph -T tikz -o -" graph -s 1,3,4 -n 12 --highlight-wins -T tikz -o -; then
    if cmp -s "$tmp/out" "$tmp/latex/g134.tex"; then pass; else
        fail "graph -T tikz -o -: not the picture -o g134.tex wrote"
    fi
fi

# Every layout and theme, a DOT game's own shapes, and names full of
# LaTeX's special characters.
printf '%s\n' 'digraph { "50%" -> "a_b" -> "x\y"; "{#}" -> "$&^~"; "<|>" -> "50%"; "c d" -> "a_b" }' \
    > "$tmp/latex/names.dot"
l_pictures="g134.tex"
for l_case in "grid:graph -s pow2 -n 60 --highlight-wins -o grid.tex" \
              "dot:graph -g $root/examples/dot-game/board.dot --theme dark --highlight-wins -o dot.tex" \
              "print:graph -s 1,3,4 -n 12 --edge-labels --theme print -o print.tex" \
              "names:graph -g names.dot -o names.tex"; do
    l_name=${l_case%%:*}
    l_args=${l_case#*:}
    if l_expect 0 "graph ($l_name)" "$l_args"; then
        l_tex_ok "$tmp/latex/$l_name.tex" "graph ($l_name)"
        l_pictures="$l_pictures $l_name.tex"
    fi
done
if grep -qF '{x\textbackslash{}y}' "$tmp/latex/names.tex" &&
   grep -qF '{\textless{}\textbar{}\textgreater{}}' "$tmp/latex/names.tex" &&
   grep -qF '{50\%}' "$tmp/latex/names.tex"; then pass; else
    fail "graph (names): the names are not escaped for LaTeX"
fi

if [ "$l_pdflatex" = yes ]; then
    # shellcheck disable=SC2086
    l_picture_doc pictures $l_pictures
    l_compile pdflatex pictures "graph -T tikz pictures"
    # A lecturer's restyling hook, for every picture of a document.
    {
        printf '%s\n' '\documentclass{article}' '\usepackage{tikz}' \
            '\tikzset{every sgviz picture/.style={sgviz P/.append style={fill=green!60!black}}}' \
            '\begin{document}' '\input{g134.tex}' '\end{document}'
    } > "$tmp/latex/restyled.tex"
    l_compile pdflatex restyled "graph -T tikz with every sgviz picture"
fi

# The example's own page of one picture (examples/latex/picture.tex).
if [ "$l_pdflatex" = yes ]; then
    cp "$root/examples/latex/picture.tex" "$root/examples/latex/graph.tex" "$tmp/latex/"
    l_compile pdflatex picture "examples/latex/picture.tex"
fi

# ---- sgviz steps: TikZ frames and the Beamer frame -----------------------

# l_caption K: the caption of step K of S = {1,3,4}, from sg(x) = the x mod
# 7 pattern 0 1 0 1 2 3 2, worked out here rather than by sgviz, with its
# braces escaped as LaTeX has them.
l_caption() {
    awk -v k="$1" 'function sg(x) { return substr("0101232", x % 7 + 1, 1) }
        BEGIN { v = ""; n = split("1,3,4", a, ",");
                for (i = 1; i <= n; i++) if (a[i] <= k) v = v (v == "" ? "" : ",") sg(k - a[i]);
                printf "sg(%d) = mex\\{%s\\} = %d\n", k, v, sg(k) }'
}

# l_target_slides X: the slides (steps + 1) at which position X of
# S = {1,3,4}, up to 8, is a target, worked out here: step k moves to x
# when k - x is 1, 3 or 4.  Printed as Beamer overlay lists ("2,4-5").
l_target_slides() {
    awk -v x="$1" 'BEGIN { n = 0
        for (k = x + 1; k <= 8; k++) if (k - x == 1 || k - x == 3 || k - x == 4) s[n++] = k + 1
        out = ""; i = 0
        while (i < n) { j = i; while (j + 1 < n && s[j + 1] == s[j] + 1) j++
            # a range that runs to the last slide is left open: "8-"
            out = out (out == "" ? "" : ",") s[i] (j > i ? "-" (s[j] == 9 ? "" : s[j]) : ""); i = j + 1 }
        print out }'
}

# l_handout SLIDES: the handout part of the overlay specification of
# SLIDES (a list such as "2,4-5" or "8-"): what shows on the last of the 9
# slides is on the handout's one page.
l_handout() {
    case "$1" in
        *- | *,9 | 9 | *-9) echo "| handout:1" ;;
        *) echo "| handout:0" ;;
    esac
}

# l_block FILE ID: the lines of object ID (after "% ID", up to the next
# comment line).
l_block() {
    awk -v id="% $2" '$0 == id { on = 1; next } /^% / { on = 0 } on' "$1"
}

if l_expect 0 "steps -o FILE.tex" steps -s 1,3,4 -n 8 -o steps.tex; then
    f="$tmp/latex/steps.tex"
    l_tex_ok "$f" "steps -o steps.tex"
    l_bad=""
    [ "$(grep -c '^\\begin{frame}' "$f")" = 1 ] || l_bad="$l_bad frames"
    for k in 0 1 2 3 4 5 6 7 8; do
        want=$(l_caption "$k")
        h=$(l_handout "$((k + 1))")
        grep -qxF "\\only<$((k + 1))$h>{$want}%" "$f" || l_bad="$l_bad caption$k"
        b=$(l_block "$f" "p$k")
        # Being computed on its own slide, not computed before it, a target
        # on the slides of the positions that move to it.
        printf '%s\n' "$b" | grep -A1 -xF "\\only<$((k + 1))$h>{%" |
            grep -qF '[sgviz current' || l_bad="$l_bad current$k"
        if [ "$k" -gt 0 ]; then
            pend=$([ "$k" = 1 ] && echo 1 || echo "1-$k")
            printf '%s\n' "$b" | grep -A1 -xF "\\only<$pend$(l_handout "$pend")>{%" |
                grep -qF '[sgviz pending' || l_bad="$l_bad pending$k"
        fi
        t=$(l_target_slides "$k")
        if [ -n "$t" ]; then
            printf '%s\n' "$b" | grep -A1 -xF "\\only<$t$(l_handout "$t")>{%" |
                grep -qF '[sgviz target' || l_bad="$l_bad target$k($t)"
        fi
    done
    # The legend looks the same on every slide: written once, bare.
    l_block "$f" legend_P | grep -q only && l_bad="$l_bad legend"
    if [ -z "$l_bad" ]; then pass; else fail "steps -o steps.tex:$l_bad"; fi
fi

# Kayles, heaps 0..6: the sums of heaps a move leaves (a+b, a <= b) are
# not computed yet while b is not, targets in the steps of the heaps that
# split into them (k - a - b is 1 or 2: one pin or two knocked down), and
# computed otherwise; worked out here, on slides k + 1 of 7.
l_sum_slides() {
    awk -v a="$1" -v b="$2" -v want="$3" 'BEGIN {
        out = ""; i = 0; n = 0
        for (k = 0; k <= 6; k++) {
            d = k - a - b
            look = (d == 1 || d == 2) ? "target" : (b > k ? "pending" : "value")
            if (look == want) s[n++] = k + 1
        }
        while (i < n) { j = i; while (j + 1 < n && s[j + 1] == s[j] + 1) j++
            out = out (out == "" ? "" : ",") s[i] (j > i ? "-" (s[j] == 7 ? "" : s[j]) : ""); i = j + 1 }
        print out }'
}
if l_expect 0 "steps -t kayles -o FILE.tex" steps -t kayles -n 6 -o kayles.tex; then
    f="$tmp/latex/kayles.tex"
    l_bad=""
    for ab in 1_1 1_2 1_3 1_4 2_2 2_3; do
        b=$(l_block "$f" "s$ab")
        for look in value pending target; do
            t=$(l_sum_slides "${ab%_*}" "${ab#*_}" "$look")
            [ -n "$t" ] || continue
            h=$(case "$t" in *- | *7) echo 1 ;; *) echo 0 ;; esac)
            style=$(case $look in value) echo '[sgviz [NP][] ,]' ;; *) echo "\\[sgviz $look[] ,]" ;; esac)
            printf '%s\n' "$b" | grep -A1 -xF "\\only<$t| handout:$h>{%" |
                grep -q "$style" || l_bad="$l_bad s$ab:$look($t)"
        done
    done
    if [ -z "$l_bad" ]; then pass; else fail "steps -t kayles -o kayles.tex: sums:$l_bad"; fi
    l_tex_ok "$f" "steps -t kayles -o kayles.tex"
fi

if l_expect 0 "steps -T tikz -o DIR/" steps -s 1,3,4 -n 8 -T tikz -o tikzframes/; then
    n=$(ls "$tmp/latex/tikzframes" | grep -c '^step-00[0-8]\.tex$')
    want=$(l_caption 4)
    if [ "$n" = 9 ] && grep -qF "{$want};" "$tmp/latex/tikzframes/step-004.tex"; then pass; else
        fail "steps -T tikz -o DIR/: $n frames, or no caption in step 4"
    fi
    l_tex_ok "$tmp/latex/tikzframes/step-004.tex" "steps -T tikz frame 4"
fi

if l_expect 0 "steps --lang zh -o FILE.tex" steps -s 1,3,4 -n 8 --lang zh -o zh.tex; then
    if grep -qxF '\begin{frame}{S = \{1,3,4\}：逐步计算 SG 值}' "$tmp/latex/zh.tex" &&
       grep -qxF '\only<5| handout:0>{SG[4] = mex\{1,1,0\} = 2}%' "$tmp/latex/zh.tex"; then pass; else
        fail "steps --lang zh -o zh.tex: not the Chinese title and captions"
    fi
    l_tex_ok "$tmp/latex/zh.tex" "steps --lang zh -o zh.tex"
fi

# A DOT game, and one whose names are full of LaTeX's special characters.
l_frames="steps.tex steps.tex kayles.tex"
for l_case in "dag:$root/examples/dot-game/game.dot" "namesteps:names.dot"; do
    if l_expect 0 "steps -g (${l_case%%:*})" steps -g "${l_case#*:}" -o "${l_case%%:*}.tex"; then
        l_tex_ok "$tmp/latex/${l_case%%:*}.tex" "steps -g (${l_case%%:*})"
        l_frames="$l_frames ${l_case%%:*}.tex"
    fi
done

if [ "$l_pdflatex" = yes ] && kpsewhich beamer.cls > /dev/null 2>&1; then
    cp "$tmp/latex/tikzframes/step-004.tex" "$tmp/latex/frame4.tex"
    l_picture_doc tikzframe frame4.tex
    l_compile pdflatex tikzframe "steps -T tikz frame"
    {
        printf '%s\n' '\documentclass{beamer}' '\usepackage{tikz}' '\begin{document}'
        for p in $l_frames; do printf '\\input{%s}\n' "$p"; done
        printf '%s\n' '\end{document}'
    } > "$tmp/latex/frame.tex"
    l_compile pdflatex frame "steps -T beamer, frames read into one deck"
    if have pdfinfo; then
        # Twice the 9 steps of S = {1,3,4}, 7 of Kayles, 4 of game.dot, 7
        # of names.dot.
        pages=$(pdfinfo "$tmp/latex/frame.pdf" | awk '/^Pages:/ { print $2 }')
        if [ "$pages" = 36 ]; then pass; else
            fail "steps -T beamer: $pages slides, expected 36 (one a step)"
        fi
    fi
    # A handout: one page a frame, the finished picture with the last
    # step's line, not every look and line piled up.
    printf '%s\n' '\documentclass[handout]{beamer}' '\usepackage{tikz}' \
        '\begin{document}' '\input{steps.tex}' '\end{document}' > "$tmp/latex/handout.tex"
    l_compile pdflatex handout "steps -T beamer in a handout"
    if have pdftotext; then
        pdftotext "$tmp/latex/handout.pdf" "$tmp/latex/handout.txt"
        pages=$(grep -c "$(printf '\f')" "$tmp/latex/handout.txt")
        if [ "$pages" = 1 ] && grep -qF "$(l_caption 8 | tr -d '\\')" "$tmp/latex/handout.txt" &&
           ! grep -qF "$(l_caption 7 | tr -d '\\')" "$tmp/latex/handout.txt"; then pass; else
            fail "steps -T beamer in a handout: $pages pages, or not only the last step's line"
        fi
    fi
    # The example deck, as it is in examples/latex.
    cp "$root/examples/latex/deck.tex" "$root/examples/latex/graph.tex" \
        "$root/examples/latex/steps.tex" "$root/examples/latex/trace.tex" \
        "$root/examples/latex/kayles.csv" "$tmp/latex/"
    l_compile pdflatex deck "examples/latex/deck.tex"
    # Nothing of the deck runs off a slide.
    if grep -q 'Overfull \\vbox' "$tmp/latex/deck.log"; then
        fail "examples/latex/deck.tex: a slide's content is higher than the slide"
    else pass; fi
else
    skip "compiling the Beamer frames (Beamer is not installed)"
fi

# Chinese: xelatex with ctex, where they are installed.
if have xelatex && kpsewhich ctex.sty > /dev/null 2>&1 &&
   kpsewhich beamer.cls > /dev/null 2>&1; then
    # The Beamer frame and a graph's TikZ picture, both in Chinese.
    l_expect 0 "graph --lang zh -o FILE.tex" graph -s 1,3,4 -n 8 --lang zh -o zhgraph.tex
    printf '%s\n' '\documentclass{beamer}' '\usepackage{ctex}' '\usepackage{tikz}' \
        '\begin{document}' '\input{zh.tex}' \
        '\begin{frame}\resizebox{!}{0.7\textheight}{\input{zhgraph.tex}}\end{frame}' \
        '\end{document}' > "$tmp/latex/zhdeck.tex"
    l_compile xelatex zhdeck "steps and graph --lang zh under xelatex and ctex"
    if grep -q 'Missing character' "$tmp/latex/zhdeck.log"; then
        fail "steps and graph --lang zh: xelatex lacks characters"
    fi
else
    skip "compiling the Chinese frames (xelatex with ctex is not installed; checked as text only)"
fi

# ---- sgviz trace --format latex: blocks of a slide's height ------------------

# l_blocks FILE: the number of lines of each align* block, e.g. "10 10 10 1",
# and "bad" when a block's last line ends in \\ (an empty row in align*).
l_blocks() {
    awk '/^\\begin\{align\*\}/ { n = 0; on = 1; next }
         /^\\end\{align\*\}/ { printf "%s%d", (out++ ? " " : ""), n; if (last ~ /\\\\$/) printf "bad"; on = 0; next }
         on { n++; last = $0 }
         END { print "" }' "$1"
}

if l_expect 0 "trace --format latex (fib, 31 steps)" trace -s fib -n 30 --format latex -o fib.tex; then
    b=$(l_blocks "$tmp/latex/fib.tex")
    if [ "$b" = "10 10 10 1" ]; then pass; else
        fail "trace --format latex: blocks of $b lines, expected 10 10 10 1"
    fi
    l_tex_ok "$tmp/latex/fib.tex" "trace --format latex (fib)"
fi
if l_expect 0 "trace --rows 7" trace -s fib -n 30 --format latex --rows 7 -o fib7.tex; then
    b=$(l_blocks "$tmp/latex/fib7.tex")
    if [ "$b" = "7 7 7 7 3" ]; then pass; else
        fail "trace --rows 7: blocks of $b lines, expected 7 7 7 7 3"
    fi
fi
if l_expect 0 "trace --rows 0" trace -s fib -n 30 --format latex --rows 0 -o fib0.tex; then
    b=$(l_blocks "$tmp/latex/fib0.tex")
    if [ "$b" = "31" ]; then pass; else fail "trace --rows 0: blocks of $b lines"; fi
fi

# Names of DOT positions are text in every formula, never math italics:
# each sg( and SG[ is followed by \text{.
for l_lang in en zh; do
    if l_expect 0 "trace -g names.dot --format latex --lang $l_lang" \
            trace -g names.dot --format latex --lang "$l_lang" -o "names-$l_lang.tex"; then
        l_math=$(grep -o '\\operatorname{\(sg\|SG\)}[([][^\\]' "$tmp/latex/names-$l_lang.tex" | head -3)
        if [ -z "$l_math" ] && grep -qF '\text{c d}' "$tmp/latex/names-$l_lang.tex"; then pass; else
            fail "trace -g names.dot --lang $l_lang: names set as math: $l_math"
        fi
        l_tex_ok "$tmp/latex/names-$l_lang.tex" "trace -g names.dot --lang $l_lang"
    fi
done

if [ "$l_pdflatex" = yes ] && kpsewhich beamer.cls > /dev/null 2>&1; then
    # One slide a block, in a frame that breaks, with no block too high.
    printf '%s\n' '\documentclass[aspectratio=169]{beamer}' '\usepackage{amsmath}' \
        '\begin{document}' '\begin{frame}[allowframebreaks]{A long trace}' '\small' \
        '\input{fib.tex}' '\end{frame}' \
        '\begin{frame}[allowframebreaks]{Names}' '\input{names-en.tex}' '\end{frame}' \
        '\end{document}' > "$tmp/latex/traces.tex"
    l_compile pdflatex traces "trace --format latex in Beamer"
    if grep -q 'Overfull \\vbox' "$tmp/latex/traces.log"; then
        fail "trace --format latex: a block is higher than a 16:9 slide"
    fi
    if have pdfinfo; then
        pages=$(pdfinfo "$tmp/latex/traces.pdf" | awk '/^Pages:/ { print $2 }')
        if [ "$pages" = 5 ]; then pass; else
            fail "trace --format latex in Beamer: $pages slides, expected 4 + 1"
        fi
    fi
fi
if have xelatex && kpsewhich ctex.sty > /dev/null 2>&1; then
    l_expect 0 "trace --format latex --lang zh" trace -s 1,3,4 -n 20 --format latex --lang zh -o zhtrace.tex &&
    printf '%s\n' '\documentclass{article}' '\usepackage{amsmath}' '\usepackage{ctex}' \
        '\begin{document}' '\input{zhtrace.tex}' '\input{names-zh.tex}' '\end{document}' \
        > "$tmp/latex/zhtraces.tex" &&
    l_compile xelatex zhtraces "trace --format latex --lang zh under xelatex and ctex"
fi
