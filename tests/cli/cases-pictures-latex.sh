# cases-pictures-latex.sh - LaTeX that compiles with pdflatex and with
# xelatex (the misère minus as math, the working of sums and of misère
# play in LaTeX, traces in the document's fonts), Chinese pictures in a
# sans CJK font, animated GIFs of the steps, and the current moves the
# darkest and thickest in every theme.  Sourced by run.sh, which provides
# run_in, pass, fail, skip, have, $tmp, $here, $root and $SGVIZ.

pl_dir="$tmp/pictures-latex"
mkdir -p "$pl_dir"

# pl_expect STATUS DESCRIPTION ARGS...: runs sgviz ARGS in $pl_dir.
pl_expect() {
    pl_want=$1
    pl_what=$2
    shift 2
    run_in "$pl_dir" "$@"
    if [ "$status" != "$pl_want" ]; then
        fail "$pl_what: exit $status, expected $pl_want"
        sed 's/^/    /' "$tmp/err" | head -5
        return 1
    fi
    return 0
}

# pl_no_minus FILE DESCRIPTION: FILE holds no U+207B (the superscript
# minus that stops pdflatex and that xelatex's default font lacks) and no
# other character outside ASCII but Chinese text and its punctuation.
pl_no_minus() {
    if LC_ALL=C grep -q "$(printf '\342\201\273')" "$1"; then
        fail "$2: U+207B in the LaTeX"
    else
        pass
    fi
}

# ---- the LaTeX outputs ----------------------------------------------------

# sg of S = {1,3,4}: the period 0 1 0 1 2 3 2, worked out here.
pl_sg() { awk -v x="$1" 'BEGIN { print substr("0101232", x % 7 + 1, 1) }'; }
pl_bits() { awk -v v="$1" -v w="$2" 'BEGIN { s = ""; for (i = 0; i < w; i++) { s = (v % 2) s; v = int(v / 2) } print s }'; }

pl_en="sum.tex sumwin.tex misere.tex miseresum.tex misere-kayles.tex every.tex trace.tex table-misere.tex graph-misere.tex"
pl_zh="sum-zh.tex misere-zh.tex miseresum-zh.tex trace-zh.tex graph-misere-zh.tex"
for pl_case in "sum.tex:trace -s 1,3,4 --position 3+4+5 -f latex" \
               "sumwin.tex:trace -s 1,3,4 --position 3+4+6 -f latex" \
               "misere.tex:trace -s 1,3,4 -n 8 --misere -f latex" \
               "miseresum.tex:trace -s 1,3,4 --position 1+1+4 --misere -f latex" \
               "misere-kayles.tex:trace -t kayles --position 3+4 --misere -f latex" \
               "every.tex:trace -s 1,3,4 -n 6 --every -f latex" \
               "trace.tex:trace -s 1,3,4 -n 6 -f latex" \
               "table-misere.tex:table -s 1,3,4 -n 8 --misere -f latex" \
               "graph-misere.tex:graph -s 1,3,4 -n 6 --misere -T tikz" \
               "sum-zh.tex:trace -s 1,3,4 --position 3+4+6 -f latex -l zh" \
               "misere-zh.tex:trace -s 1,3,4 -n 8 --misere -f latex -l zh" \
               "miseresum-zh.tex:trace -s 1,3,4 --position 3+4 --misere -f latex -l zh" \
               "trace-zh.tex:trace -s 1,3,4 -n 6 -f latex -l zh" \
               "graph-misere-zh.tex:graph -s 1,3,4 -n 6 --misere -T tikz -l zh"; do
    pl_name=${pl_case%%:*}
    pl_args=${pl_case#*:}
    if pl_expect 0 "$pl_args" "$pl_args -o $pl_name"; then
        pl_no_minus "$pl_dir/$pl_name" "$pl_args"
    fi
done

# The minus of g⁻ is math: g$^{-}$ in text, ^{-} in a table's math.
for pl_f in misere.tex miseresum.tex graph-misere.tex misere-zh.tex graph-misere-zh.tex; do
    if grep -qF '$^{-}$' "$pl_dir/$pl_f"; then pass; else
        fail "$pl_f: the misère minus is not written \$^{-}\$"
    fi
done
if grep -qF '$g^{-}(x)$' "$pl_dir/table-misere.tex"; then pass; else
    fail "table --misere -f latex: the heading is not \$g^{-}(x)\$"
fi

# The column addition of 3+4+5 keeps its columns: each value in binary,
# two digits wide, then the nim-sum, all worked out here.
pl_ok=yes
pl_x=0
for pl_h in 3 4 5; do
    pl_v=$(pl_sg "$pl_h")
    pl_x=$((pl_x ^ pl_v))
    pl_b=$(pl_bits "$pl_v" 2)
    grep -qF "${pl_b}~~~sg($pl_h)~=~$pl_v" "$pl_dir/sum.tex" || pl_ok=no
done
grep -qF "$(pl_bits $pl_x 2)~~~=~$pl_x" "$pl_dir/sum.tex" || pl_ok=no
grep -qF '\mbox{}XOR~11' "$pl_dir/sum.tex" || pl_ok=no
if [ "$pl_ok" = yes ]; then pass; else
    fail "trace --position 3+4+5 -f latex: the column addition is not sg 1, 2, 3 -> 0"
    sed 's/^/    /' "$pl_dir/sum.tex" | head -20
fi
# A command in the working stays two hyphens, and arrows are math.
if grep -qF -- '-{}-to 3' "$pl_dir/sum.tex" &&
   grep -qF '$\rightarrow$' "$pl_dir/sumwin.tex"; then pass; else
    fail "trace --position -f latex: --to or -> not written for LaTeX"
fi
# sg and mex are operators in the document's fonts, never \mathrm (which
# stays serif in a sans Beamer slide).
if ! grep -q '\\mathrm' "$pl_dir/trace.tex" "$pl_dir/trace-zh.tex" "$pl_dir/table-misere.tex" &&
   grep -qF '\operatorname{sg}(4)' "$pl_dir/trace.tex" &&
   grep -qF '\operatorname{SG}[4]' "$pl_dir/trace-zh.tex"; then pass; else
    fail "trace -f latex: sg, mex or SG not set as \\operatorname"
fi

# ---- compiled with both engines -------------------------------------------

# pl_doc NAME CLASS PREAMBLE FILE...: a document NAME.tex of CLASS that
# inputs each FILE (in a frame of its own in Beamer).
pl_doc() {
    pl_n=$1
    pl_c=$2
    pl_p=$3
    shift 3
    {
        printf '\\documentclass{%s}\n%s\n\\begin{document}\n' "$pl_c" "$pl_p"
        case "$pl_p" in *CJKutf8*) printf '\\begin{CJK}{UTF8}{gbsn}\n' ;; esac
        for pl_f in "$@"; do
            if [ "$pl_c" = beamer ]; then
                printf '\\begin{frame}[allowframebreaks]{%s}\n\\input{%s}\n\\end{frame}\n' "$pl_f" "$pl_f"
            else
                printf '\\input{%s}\\par\n' "$pl_f"
            fi
        done
        case "$pl_p" in *CJKutf8*) printf '\\end{CJK}\n' ;; esac
        printf '\\end{document}\n'
    } > "$pl_dir/$pl_n.tex"
}

# pl_compile ENGINE NAME DESCRIPTION: NAME.tex compiles under ENGINE with
# no error and no character missing from its fonts.
pl_compile() {
    (cd "$pl_dir" && "$1" -interaction=nonstopmode -halt-on-error \
        -jobname="$2-$1" "$2.tex") > "$pl_dir/$2-$1.stdout" 2>&1
    if [ $? -eq 0 ] && [ -s "$pl_dir/$2-$1.pdf" ] &&
       ! grep -q '^!' "$pl_dir/$2-$1.log" &&
       ! grep -q 'Missing character' "$pl_dir/$2-$1.log"; then pass; else
        fail "$3: $1 failed"
        grep -A3 '^!\|Missing character' "$pl_dir/$2-$1.log" | head -8 | sed 's/^/    /'
    fi
}

pl_sty() { kpsewhich "$1" > /dev/null 2>&1; }
pl_latin='\usepackage{amsmath}\usepackage{tikz}'
# Chinese: ctex under xelatex; under pdflatex, whose fonts ctex cannot
# choose by itself, the CJK package and its Song font.
pl_cjk_xelatex='\usepackage{ctex}\usepackage{amsmath}\usepackage{tikz}'
pl_cjk_pdflatex='\usepackage{CJKutf8}\usepackage{amsmath}\usepackage{tikz}'
# shellcheck disable=SC2086
pl_doc latin article "$pl_latin" $pl_en
# shellcheck disable=SC2086
pl_doc slides beamer "$pl_latin" $pl_en
for pl_engine in pdflatex xelatex; do
    if ! have "$pl_engine" || ! pl_sty tikz.sty || ! pl_sty amsmath.sty; then
        skip "compiling the LaTeX with $pl_engine (not installed with TikZ)"
        continue
    fi
    pl_compile "$pl_engine" latin "traces, workings and pictures in an article"
    if pl_sty beamer.cls; then
        pl_compile "$pl_engine" slides "traces, workings and pictures in Beamer"
    else
        skip "Beamer under $pl_engine (beamer.cls is not installed)"
    fi
    if [ "$pl_engine" = pdflatex ]; then pl_p=$pl_cjk_pdflatex; pl_s=CJKutf8.sty
    else pl_p=$pl_cjk_xelatex; pl_s=ctex.sty; fi
    if ! pl_sty "$pl_s"; then
        skip "Chinese LaTeX under $pl_engine ($pl_s is not installed)"
        continue
    fi
    # shellcheck disable=SC2086
    pl_doc chinese article "$pl_p" $pl_zh
    # shellcheck disable=SC2086
    pl_doc chinese-slides beamer "$pl_p" $pl_zh
    pl_compile "$pl_engine" chinese "Chinese traces, workings and pictures"
    if pl_sty beamer.cls; then
        pl_compile "$pl_engine" chinese-slides "Chinese traces in Beamer"
    fi
done

# In a sans Beamer slide a trace uses no serif text font: pdffonts lists no
# Computer Modern Roman (CMR), only the sans (CMSS) and math fonts.
if have pdflatex && have pdffonts && pl_sty beamer.cls && pl_sty tikz.sty; then
    pl_doc fonts beamer "$pl_latin" trace.tex sum.tex misere.tex
    pl_compile pdflatex fonts "traces in Beamer, for their fonts"
    if pdffonts "$pl_dir/fonts-pdflatex.pdf" | grep -q 'CMSS' &&
       ! pdffonts "$pl_dir/fonts-pdflatex.pdf" | grep -q 'CMR'; then pass; else
        fail "traces in Beamer: a serif font (CMR) beside the sans"
        pdffonts "$pl_dir/fonts-pdflatex.pdf" | sed 's/^/    /'
    fi
else
    skip "the fonts of traces in Beamer (pdflatex, pdffonts or Beamer missing)"
fi

# ---- Chinese pictures in a sans CJK font ---------------------------------

if have fc-list && [ -n "$(fc-list ':lang=zh-cn' family 2>/dev/null | grep -v Mono)" ]; then
    if pl_expect 0 "graph -l zh -o zh.svg" graph -s 1,3,4 -n 6 -l zh -o zh.svg; then
        # Every font-family names the theme's sans font, then a Chinese
        # family that fontconfig says covers Chinese, then sans-serif.
        pl_fams=$(grep -o 'font-family="[^"]*"' "$pl_dir/zh.svg" | sort -u)
        pl_fam=$(printf '%s\n' "$pl_fams" | head -1 | sed 's/^font-family="Helvetica,\(.*\),sans-Serif"$/\1/')
        if [ "$(printf '%s\n' "$pl_fams" | wc -l)" -eq 1 ] && [ -n "$pl_fam" ] &&
           [ "$pl_fam" != "$(printf '%s\n' "$pl_fams" | head -1)" ] &&
           fc-list ":family=$pl_fam:lang=zh-cn" family | grep -q .; then pass; else
            fail "graph -l zh: the SVG's font-family is not a sans CJK family: $pl_fams"
        fi
    fi
    if pl_expect 0 "graph -o en.svg" graph -s 1,3,4 -n 6 -o en.svg; then
        if [ "$(grep -o 'font-family="[^"]*"' "$pl_dir/en.svg" | sort -u)" = 'font-family="Helvetica,sans-Serif"' ]; then pass; else
            fail "graph (English): the SVG's font-family changed"
        fi
    fi
else
    skip "Chinese pictures' font (no Chinese font installed)"
fi

# ---- animated GIFs -------------------------------------------------------

for pl_case in "steps.gif:steps -s 1,3,4 -n 8 -o steps.gif" \
               "delay.gif:steps -s 1,3,4 -n 8 --delay 50 -o delay.gif" \
               "t.gif:steps -s 1,3,4 -n 4 -T gif -o t.gif" \
               "zh.gif:steps -s 1,3,4 -n 4 -l zh --theme dark -o zh.gif"; do
    pl_name=${pl_case%%:*}
    pl_args=${pl_case#*:}
    if pl_expect 0 "$pl_args" "$pl_args"; then
        if [ "$(head -c 6 "$pl_dir/$pl_name")" = GIF89a ] &&
           grep -q 'NETSCAPE2.0' "$pl_dir/$pl_name" &&
           [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then pass; else
            fail "$pl_args: not a looping GIF89a"
        fi
    fi
done
# The frame time, in hundredths of a second, is the graphic control
# extension's (21 F9 04, packed byte, delay low, high): 50 = 32 00, and
# the last frame's 150 = 96 00.
if od -An -tx1 -v "$pl_dir/delay.gif" | tr -d '\n' | grep -q '21 f9 04 [0-9a-f][0-9a-f] 32 00' &&
   od -An -tx1 -v "$pl_dir/delay.gif" | tr -d '\n' | grep -q '21 f9 04 [0-9a-f][0-9a-f] 96 00'; then pass; else
    fail "steps --delay 50: frames not of 50 and 150 hundredths"
fi

# ---- greyscale: the current moves darkest and thickest -------------------

# pl_moves SVG: for each move of SVG, "CLASS LUMINANCE WIDTH", the
# luminance (0..1, of linear sRGB) and width of its line.
pl_moves() {
    awk '
        function lin(c) { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 }
        function hex(h,   i, v, d) { v = 0; h = tolower(h); for (i = 1; i <= 2; i++) { d = index("0123456789abcdef", substr(h, i, 1)) - 1; v = v * 16 + d } return v }
        function lum(c) {
            if (c == "black") return 0
            if (c == "white") return 1
            return 0.2126 * lin(hex(substr(c, 2, 2))) + 0.7152 * lin(hex(substr(c, 4, 2))) + 0.0722 * lin(hex(substr(c, 6, 2)))
        }
        /<g id="m[0-9]/ { if (match($0, /class="[^"]*"/)) { cls = substr($0, RSTART + 7, RLENGTH - 8); gsub(/ /, "+", cls) } want = 1; next }
        want && /<path / {
            match($0, /stroke="[^"]*"/); s = substr($0, RSTART + 8, RLENGTH - 9)
            w = 1; if (match($0, /stroke-width="[^"]*"/)) w = substr($0, RSTART + 14, RLENGTH - 15)
            printf "%s %.4f %s\n", cls, lum(s), w; want = 0
        }' "$1"
}
for pl_theme in classic print dark; do
    rm -rf "$pl_dir/grey-$pl_theme"
    if pl_expect 0 "steps --theme $pl_theme" steps -s 1,3,4 -n 8 --highlight-wins --theme "$pl_theme" -o "grey-$pl_theme/"; then
        # Step 6: its moves to 5, 3 and 2 are current; others are plain,
        # winning or pending.
        pl_moves "$pl_dir/grey-$pl_theme/step-006.svg" > "$pl_dir/moves-$pl_theme"
        # On the dark theme "darkest" is the most contrast: the brightest.
        if awk -v dark="$( [ "$pl_theme" = dark ] && echo 1 || echo 0)" '
            { c = ($1 ~ /current/); l = dark ? -$2 : $2
              if (c) { nc++; if (nc == 1 || l > cl) cl = l; if (nc == 1 || $3 < cw) cw = $3 }
              else { no++; if (no == 1 || l < ol) ol = l; if (no == 1 || $3 > ow) ow = $3 } }
            END { exit !(nc == 3 && no > 0 && cl < ol && cw > ow) }' "$pl_dir/moves-$pl_theme"; then pass; else
            fail "steps --theme $pl_theme: the current moves are not the darkest and thickest"
            sed 's/^/    /' "$pl_dir/moves-$pl_theme"
        fi
    fi
done
# The print theme is greyscale: every colour of its SVG has R = G = B.
if grep -o '\(stroke\|fill\)="#[0-9a-fA-F]\{6\}"' "$pl_dir/grey-print/step-006.svg" |
   sed 's/.*"#\(..\)\(..\)\(..\)"/\1 \2 \3/' | awk '$1 != $2 || $2 != $3 { bad = 1 } END { exit bad }'; then pass; else
    fail "steps --theme print: a colour that is not grey"
fi
# In TikZ the current moves come last, over the pale moves' arrowheads.
rm -rf "$pl_dir/tikz-frames"
if pl_expect 0 "steps -T tikz" steps -s 1,3,4 -n 8 -T tikz -o tikz-frames/; then
    if grep '^% ' "$pl_dir/tikz-frames/step-006.tex" | tail -3 | tr '\n' ' ' |
       grep -qx '% m6_[0-9]* % m6_[0-9]* % m6_[0-9]* '; then pass; else
        fail "steps -T tikz: the current moves of step 6 are not painted last"
    fi
fi

# ---- a staged reveal -----------------------------------------------------

# Frames: seven steps in three stages are 21 frames, numbered on; step 4's
# stages are frames 12, 13 and 14, their lines worked out here from sg.
rm -rf "$pl_dir/reveal"
if pl_expect 0 "steps --reveal options,values,mex -o DIR/" \
        steps -s 1,3,4 -n 6 --reveal options,values,mex -o reveal/; then
    pl_v="$(pl_sg 3),$(pl_sg 1),$(pl_sg 0)"
    if [ "$(ls "$pl_dir/reveal" | wc -l)" -eq 21 ] &&
       grep -qF 'sg(4) = mex{?,?,?} = ?' "$pl_dir/reveal/step-012.svg" &&
       grep -qF "sg(4) = mex{$pl_v} = ?" "$pl_dir/reveal/step-013.svg" &&
       grep -qF "sg(4) = mex{$pl_v} = $(pl_sg 4)" "$pl_dir/reveal/step-014.svg" &&
       [ ! -e "$pl_dir/reveal/step-021.svg" ]; then pass; else
        fail "steps --reveal: not 21 frames with step 4's three lines at 12, 13, 14"
        ls "$pl_dir/reveal" | tr '\n' ' ' | sed 's/^/    /'
    fi
fi
# The GIF: the start and 7 x 2 stages.
if pl_expect 0 "steps --reveal options,mex -o FILE.gif" \
        steps -s 1,3,4 -n 6 --reveal options,mex --delay 20 -o reveal.gif; then
    pl_n=$(od -An -tx1 -v "$pl_dir/reveal.gif" | tr -d '\n' | grep -o '21 f9 04 [0-9a-f][0-9a-f] 14 00' | wc -l)
    if [ "$pl_n" -eq 14 ]; then pass; else
        fail "steps --reveal options,mex -o FILE.gif: $pl_n frames of 20/100 s, expected 14 (and the last longer)"
    fi
fi
# Beamer: a slide per stage, compiled.
if pl_expect 0 "steps --reveal options,values,mex -o FILE.tex" \
        steps -s 1,3,4 -n 4 --reveal options,values,mex -o reveal.tex; then
    if grep -qF '\only<15| handout:1>{sg(4) = mex' "$pl_dir/reveal.tex" &&
       ! grep -qF '\only<16' "$pl_dir/reveal.tex"; then pass; else
        fail "steps --reveal -o FILE.tex: not 15 slides"
    fi
    if have pdflatex && pl_sty beamer.cls && pl_sty tikz.sty; then
        printf '%s\n' '\documentclass{beamer}' '\usepackage{tikz}' '\begin{document}' \
            '\input{reveal.tex}' '\end{document}' > "$pl_dir/reveal-deck.tex"
        pl_compile pdflatex reveal-deck "steps --reveal in Beamer"
        if have pdfinfo; then
            if [ "$(pdfinfo "$pl_dir/reveal-deck-pdflatex.pdf" | awk '/^Pages:/ { print $2 }')" = 15 ]; then pass; else
                fail "steps --reveal in Beamer: not 15 slides"
            fi
        fi
    else
        skip "compiling steps --reveal in Beamer (pdflatex or Beamer missing)"
    fi
fi
# The step page: its script, run under Node.js in a stand-in document
# (tests/cli/data/reveal-page.js), goes stage by stage with the keys; the
# values hidden in each stage and the table's known cells are worked out
# here: step 4's targets are 3, 1 and 0.
if have node; then
    if pl_expect 0 "steps --reveal -o FILE.html" \
            steps -s 1,3,4 -n 6 --reveal options,values,mex -o reveal.html; then
        pl_v="$(pl_sg 3),$(pl_sg 1),$(pl_sg 0)"
        node "$here/data/reveal-page.js" "$pl_dir/reveal.html" "#step=4" \
            ArrowRight ArrowRight ArrowRight ArrowLeft ArrowLeft > "$pl_dir/page.got" 2>&1
        cat > "$pl_dir/page.want" <<PAGE
step 4 options | sg(4) = mex{?,?,?} = ? | hidden 0,1,3,4 | known 2
step 4 values | sg(4) = mex{$pl_v} = ? | hidden 4 | known 0,1,2,3
step 4 mex | sg(4) = mex{$pl_v} = $(pl_sg 4) | hidden - | known 0,1,2,3,4
step 5 options | sg(5) = mex{?,?,?} = ? | hidden 1,2,4,5 | known 0,3
step 4 mex | sg(4) = mex{$pl_v} = $(pl_sg 4) | hidden - | known 0,1,2,3,4
step 4 values | sg(4) = mex{$pl_v} = ? | hidden 4 | known 0,1,2,3
PAGE
        if cmp -s "$pl_dir/page.want" "$pl_dir/page.got"; then pass; else
            fail "steps --reveal -o FILE.html: the page's stages"
            diff "$pl_dir/page.want" "$pl_dir/page.got" | sed 's/^/    /'
        fi
        node "$here/data/reveal-page.js" "$pl_dir/reveal.html" "#step=2.1" > "$pl_dir/page.got" 2>&1
        if grep -q '^step 2 values ' "$pl_dir/page.got"; then pass; else
            fail "steps --reveal: FILE.html#step=2.1 does not open stage 1 of step 2"
        fi
    fi
    # Without a reveal the page goes a step at a time, as it always has.
    if pl_expect 0 "steps -o FILE.html" steps -s 1,3,4 -n 6 -o plain.html; then
        node "$here/data/reveal-page.js" "$pl_dir/plain.html" "#step=4" ArrowRight > "$pl_dir/page.got" 2>&1
        if [ "$(cut -d'|' -f1 "$pl_dir/page.got" | tr -d '\n')" = "step 4 mex step 5 mex " ]; then pass; else
            fail "steps -o FILE.html: the page does not go a step at a time"
            sed 's/^/    /' "$pl_dir/page.got"
        fi
    fi
else
    skip "the staged reveal on the page (Node.js is not installed)"
fi

# ---- Beamer frames of the steps and the other LaTeX, under both engines ---

for pl_case in "steps-beamer.tex:steps -s 1,3,4 -n 6 --highlight-wins -T beamer" \
               "steps-reveal.tex:steps -s 1,3,4 -n 4 --reveal values,mex -T beamer" \
               "steps-zh.tex:steps -s 1,3,4 -n 4 -l zh --reveal options,values,mex -T beamer" \
               "table.tex:table -s 1,3,4 -n 20 -f latex" \
               "table-zh.tex:table -s 1,3,4 -n 20 -f latex -l zh" \
               "graph-every.tex:graph -s 1,3,4 -n 8 --every -T tikz" \
               "graph-print.tex:graph -s 1,3,4 -n 8 --theme print --highlight-wins -T tikz"; do
    pl_name=${pl_case%%:*}
    pl_args=${pl_case#*:}
    if pl_expect 0 "$pl_args" "$pl_args -o $pl_name"; then
        pl_no_minus "$pl_dir/$pl_name" "$pl_args"
    fi
done
# pl_deck NAME PREAMBLE FRAME PICTURE...: a Beamer deck NAME.tex of the
# Beamer frame FRAME and a frame of each PICTURE (a table or a TikZ
# picture, set as wide as the slide).
pl_deck() {
    pl_n=$1
    pl_p=$2
    pl_frame=$3
    shift 3
    {
        printf '\\documentclass{beamer}\n%s\n\\begin{document}\n' "$pl_p"
        case "$pl_p" in *CJKutf8*) printf '\\begin{CJK}{UTF8}{gbsn}\n' ;; esac
        printf '\\input{%s}\n' "$pl_frame"
        for pl_f in "$@"; do
            printf '\\begin{frame}{%s}\\resizebox{\\linewidth}{!}{\\input{%s}}\\end{frame}\n' "$pl_f" "$pl_f"
        done
        case "$pl_p" in *CJKutf8*) printf '\\end{CJK}\n' ;; esac
        printf '\\end{document}\n'
    } > "$pl_dir/$pl_n.tex"
}
for pl_engine in pdflatex xelatex; do
    if ! have "$pl_engine" || ! pl_sty beamer.cls || ! pl_sty tikz.sty; then
        skip "Beamer frames of the steps under $pl_engine (not installed)"
        continue
    fi
    pl_deck deck-steps "$pl_latin" steps-beamer.tex table.tex graph-every.tex graph-print.tex
    pl_compile "$pl_engine" deck-steps "steps -T beamer, tables and pictures in a deck"
    pl_deck deck-reveal "$pl_latin" steps-reveal.tex
    pl_compile "$pl_engine" deck-reveal "steps --reveal -T beamer in a deck"
    if [ "$pl_engine" = pdflatex ]; then pl_p=$pl_cjk_pdflatex; pl_s=CJKutf8.sty
    else pl_p=$pl_cjk_xelatex; pl_s=ctex.sty; fi
    if pl_sty "$pl_s"; then
        pl_deck deck-zh "$pl_p" steps-zh.tex table-zh.tex
        pl_compile "$pl_engine" deck-zh "Chinese steps -T beamer and table in a deck"
    else
        skip "Chinese Beamer frames under $pl_engine ($pl_s is not installed)"
    fi
done

# ---- the current moves painted last ----------------------------------------

# In SVG frames step 6's three moves (to 5, 3 and 2) are the last groups
# of the picture, so that no pale move's arrowhead lies over theirs; the
# frame keeps every move once.
rm -rf "$pl_dir/order"
if pl_expect 0 "steps -o DIR/ (the order of moves)" steps -s 1,3,4 -n 8 -o order/; then
    pl_last=$(grep -o '<g id="[mp][0-9_]*"' "$pl_dir/order/step-006.svg" | tail -3 | sort | tr -d '\n')
    pl_moves_n=$(grep -c '<g id="m' "$pl_dir/order/step-006.svg")
    # Position x of S = {1,3,4} has a move for each amount up to x: 19.
    pl_want_n=$(awk 'BEGIN { for (x = 0; x <= 8; x++) n += (x >= 1) + (x >= 3) + (x >= 4); print n }')
    if [ "$pl_last" = '<g id="m6_2"<g id="m6_3"<g id="m6_5"' ] && [ "$pl_moves_n" -eq "$pl_want_n" ]; then pass; else
        fail "steps -o DIR/: step 6's moves are not painted last ($pl_last; $pl_moves_n moves)"
    fi
fi
