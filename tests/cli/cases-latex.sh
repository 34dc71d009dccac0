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
if command -v pdflatex > /dev/null 2>&1 && kpsewhich tikz.sty > /dev/null 2>&1; then
    l_pdflatex=yes
else
    echo "cases-latex: pdflatex with TikZ is not installed; compiling skipped"
fi

# l_compile ENGINE NAME DESCRIPTION: compiles $tmp/latex/NAME.tex with
# ENGINE; it must succeed without an error and leave NAME.pdf.
l_compile() {
    (cd "$tmp/latex" && "$1" -interaction=nonstopmode -halt-on-error "$2.tex") \
        > "$tmp/latex/$2.out" 2>&1
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
