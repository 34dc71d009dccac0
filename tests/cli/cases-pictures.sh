# cases-pictures.sh - what `sgviz graph` shows for a slide: a highlighted
# position or move (its moves and targets worked out here with awk),
# shapes, titles, fonts, resolutions and languages.  Sourced by run.sh,
# which provides run_in, expect, pass, fail, $tmp, $here and $SGVIZ.

# pic_marked FILE: the ids of the nodes and moves of FILE (an SVG) that are
# styled current or target, one a line, sorted.
pic_marked() {
    grep -o '<g id="[pm][0-9_]*" class="[^"]*"' "$1" |
        grep -E 'class="[^"]*(current|target)' |
        sed 's/<g id="\([^"]*\)" class="[^"]*\(current\|target\)[^"]*"/\1 \2/' |
        LC_ALL=C sort
}

# pic_moves_of X: the ids a highlight of X in S = {1,3,4} must mark: X
# current, each X - a (a in S, a <= X) a target, each move current.
pic_moves_of() {
    awk -v x="$1" 'BEGIN { printf "p%d current\n", x;
        n = split("1,3,4", a, ",");
        for (i = 1; i <= n; i++) if (a[i] <= x) {
            printf "m%d_%d current\n", x, x - a[i];
            printf "p%d target\n", x - a[i] } }' | LC_ALL=C sort
}

for pic_x in 0 3 10 12; do
    if expect 0 "graph --highlight $pic_x" graph -s 1,3,4 -n 12 --highlight "$pic_x" -o -; then
        pic_marked "$tmp/out" > "$tmp/pic.got"
        pic_moves_of "$pic_x" > "$tmp/pic.want"
        if cmp -s "$tmp/pic.got" "$tmp/pic.want"; then pass; else
            fail "graph --highlight $pic_x: marked $(tr '\n' ',' < "$tmp/pic.got"), expected $(tr '\n' ',' < "$tmp/pic.want")"
        fi
    fi
done
if expect 0 "graph --highlight 10-7" graph -s 1,3,4 -n 12 --highlight 10-7 --highlight-wins -o -; then
    printf 'm10_7 current\np10 current\np7 target\n' > "$tmp/pic.want"
    pic_marked "$tmp/out" > "$tmp/pic.got"
    if cmp -s "$tmp/pic.got" "$tmp/pic.want" &&
        grep -qF 'the position highlighted, and the move shown' "$tmp/out"; then pass; else
        fail "graph --highlight 10-7: marked $(tr '\n' ',' < "$tmp/pic.got")"
    fi
fi
# A DOT game: a move named by a node and a label, and a node with a "-".
printf 'digraph { "a-b" -> c -> d; "a-b" -> d [label="x"]; c [label="(c)"] }\n' > "$tmp/dash.dot"
if expect 0 "graph -g --highlight a-b-(c)" graph -g dash.dot --highlight "'a-b-(c)'" -o -; then
    if [ "$(grep -cE 'class="edge (win )?current"' "$tmp/out")" = 1 ]; then pass; else
        fail "graph -g dash.dot --highlight a-b-(c): not one move marked"
    fi
fi
if expect 0 "graph -g --highlight a-b" graph -g dash.dot --highlight a-b -o -; then
    if [ "$(grep -cE 'class="edge (win )?current"' "$tmp/out")" = 2 ]; then pass; else
        fail "graph -g dash.dot --highlight a-b: not both moves marked"
    fi
fi

# ---- languages ------------------------------------------------------------

# graph --lang zh: the legend in Chinese, the game's name in Chinese, and
# the nodes write SG= as the captions write SG[x]; English keeps sg=.
if expect 0 "graph --lang zh" graph -s pow2 -n 6 --lang zh -o -; then
    if grep -qF '(2 的幂)' "$tmp/out" && grep -qF 'P 局面' "$tmp/out" &&
       [ "$(grep -c '>SG=[0-9]*<' "$tmp/out")" = 7 ] &&
       ! grep -q '>sg=' "$tmp/out" && ! grep -qF 'powers of two' "$tmp/out"; then pass; else
        fail "graph --lang zh: not Chinese throughout"
    fi
fi
if expect 0 "graph (English)" graph -s pow2 -n 6 -o -; then
    if [ "$(grep -c '>sg=[0-9]*<' "$tmp/out")" = 7 ] && grep -qF '(powers of two)' "$tmp/out"; then pass; else
        fail "graph: English nodes not sg="
    fi
fi
# steps --lang zh: each frame's nodes and caption in one notation.
if expect 0 "steps --lang zh frames" steps -s fib -n 5 --lang zh -o zh/; then
    if grep -qF 'SG[4] = mex{' "$tmp/zh/step-004.svg" &&
       grep -q '>SG=[0-9?]*<' "$tmp/zh/step-004.svg" &&
       ! grep -q '>sg=' "$tmp/zh/step-004.svg" &&
       grep -qF '(斐波那契数)' "$tmp/zh/step-004.svg"; then pass; else
        fail "steps --lang zh: frame 4 mixes notations"
    fi
fi
# Traces name the game in their language: every named game and family.
for pic_game in "-s pow2:2 的幂" "-s fib:斐波那契数" "-s all:任意数量：Nim" \
                "-t grundy:Grundy 游戏" "-t 0.56:八进制游戏 0.56" \
                "-t dawson:Dawson 的 Kayles"; do
    pic_args=${pic_game%%:*}
    pic_name=${pic_game#*:}
    if expect 0 "trace $pic_args --lang zh" trace $pic_args -n 2 --lang zh; then
        if head -1 "$tmp/out" | grep -qF "$pic_name"; then pass; else
            fail "trace $pic_args --lang zh: header $(head -1 "$tmp/out")"
        fi
    fi
done
if expect 0 "solve --explain --lang zh" solve -s pow2 --explain --lang zh 3 4; then
    if head -1 "$tmp/out" | grep -qF '(2 的幂)'; then pass; else
        fail "solve --explain --lang zh: $(head -1 "$tmp/out")"
    fi
fi

# A Chinese picture where no font writes Chinese: made, with one warning
# naming the package.  FONTCONFIG_FILE points fontconfig at a folder of
# Latin fonts only (or none).
pic_fonts=$(fc-list : file 2>/dev/null | grep -i dejavu | head -1 | sed 's|/[^/]*: *$||')
cat > "$tmp/latin.conf" <<CONF
<?xml version="1.0"?>
<fontconfig><dir>${pic_fonts:-$tmp/none}</dir><cachedir>$tmp/fc-cache</cachedir></fontconfig>
CONF
for pic_cmd in "graph -s 1,3,4 -n 5 --lang zh -o zh.svg" "steps -s 1,3,4 -n 5 --lang zh -o zh.html"; do
    rm -f "$tmp/zh.svg" "$tmp/zh.html"
    (cd "$tmp" && FONTCONFIG_FILE="$tmp/latin.conf" "$SGVIZ" $pic_cmd) > "$tmp/out" 2> "$tmp/err"
    pic_status=$?
    if [ "$pic_status" = 0 ] && [ -s "$tmp/zh.${pic_cmd##*.}" ] &&
       [ "$(wc -l < "$tmp/err")" = 1 ] &&
       grep -qF 'warning: no Chinese font is installed' "$tmp/err" &&
       grep -qF 'fonts-wqy-microhei' "$tmp/err"; then pass; else
        fail "$pic_cmd without a Chinese font: exit $pic_status, stderr $(cat "$tmp/err")"
    fi
    # English needs no such font: no warning.
    (cd "$tmp" && FONTCONFIG_FILE="$tmp/latin.conf" "$SGVIZ" ${pic_cmd%% --lang*} -o en.${pic_cmd##*.}) > /dev/null 2> "$tmp/err"
    if [ ! -s "$tmp/err" ]; then pass; else fail "English without a Chinese font warned: $(cat "$tmp/err")"; fi
done
# With a Chinese font (CI installs fonts-wqy-microhei): no warning.
if [ -n "$(fc-list :lang=zh-cn family 2>/dev/null)" ]; then
    if expect 0 "graph --lang zh with a Chinese font" graph -s 1,3,4 -n 5 --lang zh -o zh.png; then
        if [ ! -s "$tmp/err" ]; then pass; else fail "graph --lang zh with a Chinese font warned: $(cat "$tmp/err")"; fi
    fi
else
    skip "a Chinese picture with a Chinese font (none is installed)"
fi

# ---- how nodes and moves look -----------------------------------------------

# A DOT node's style=dashed keeps its border and the fill that tells P from
# N (a P-position's white text needs it): c is P, b is N.
printf 'digraph { a -> b -> c; a -> c; b [style=dashed]; c [style="dashed,bold"] }\n' > "$tmp/dashed.dot"
if expect 0 "graph -g with style=dashed" graph -g dashed.dot -o -; then
    pic_p=$(awk '/class="node P"/ { on = 1 } on && /<ellipse/ { print; exit }' "$tmp/out")
    pic_n=$(awk '/class="node N"/ && /id="p1"/ { on = 1 } on && /<ellipse/ { print; exit }' "$tmp/out")
    case "$pic_p$pic_n" in
        *'fill="none"'*) fail "style=dashed: a node lost its fill: $pic_p $pic_n" ;;
        *) if echo "$pic_p" | grep -q 'fill="#c0392b".*stroke-dasharray' &&
              echo "$pic_n" | grep -q 'fill="#d6eaf8".*stroke-dasharray'; then pass; else
               fail "style=dashed: $pic_p / $pic_n"
           fi ;;
    esac
fi

# The dark theme's PDF is dark to its edges: no white frame.
if have pdftoppm; then
    if expect 0 "graph --theme dark -o x.pdf" graph -s 1,3,4 -n 8 --theme dark -o dark.pdf; then
        pic_corner=$(pdftoppm -r 20 -x 0 -y 0 -W 1 -H 1 "$tmp/dark.pdf" | tail -c 3 | od -An -tu1 | tr -s ' ' | sed 's/^ //')
        if [ "$pic_corner" = "30 34 42" ]; then pass; else
            fail "graph --theme dark -o x.pdf: corner pixel $pic_corner, not the theme's #1e222a"
        fi
    fi
else
    skip "the dark PDF's corner (pdftoppm is not installed)"
fi

# The print theme: the current step's moves look unlike the winning moves
# already drawn: the blackest and the heaviest lines (cases-pictures-latex.sh
# checks every theme's greys).
if expect 0 "steps --theme print --highlight-wins" steps -s 1,3,4 -n 12 --theme print --highlight-wins -o print/; then
    pic_line() {
        awk -v cls="$2" '$0 ~ "class=\"edge " cls "\"" { on = 1; next }
            on && /<path/ { match($0, /stroke="[^"]*"/); s = substr($0, RSTART, RLENGTH)
                            match($0, /stroke-width="[^"]*"/); print s " " substr($0, RSTART, RLENGTH); on = 0 }' "$1" | sort -u | tr '\n' ' '
    }
    pic_cur=$(pic_line "$tmp/print/step-009.svg" current)
    pic_win=$(pic_line "$tmp/print/step-009.svg" win)
    if [ "$pic_cur" = 'stroke="black" stroke-width="4" ' ] &&
       [ "$pic_win" = 'stroke="#333333" stroke-width="2.8" ' ]; then pass; else
        fail "print theme: current moves drawn $pic_cur, winning moves $pic_win"
    fi
fi

# ---- the page at a projector's sizes ----------------------------------------

pic_chromium=""
for c in chromium chromium-browser; do
    if have "$c"; then pic_chromium=$c; break; fi
done
# pic_measure PAGE W H: the DOM of PAGE#step=9 in a window of W x H, after a
# script added to it measured what a projector shows: whether the page
# fits the window, the smallest node label's height in pixels, how many
# buttons' words spill out, and whether the page went dark.
pic_measure() {
    sed 's|</body>|<script>(function () {\
  var b = document.body, r = document.documentElement, least = 1e9, spill = 0;\
  document.querySelectorAll("#picture g.node text").forEach(function (t) {\
    var h = t.getBoundingClientRect().height; if (h > 0 \&\& h < least) least = h; });\
  document.querySelectorAll("button").forEach(function (x) {\
    if (x.scrollWidth > x.clientWidth + 1) spill++; });\
  b.setAttribute("data-fits", r.scrollHeight <= innerHeight \&\& r.scrollWidth <= innerWidth ? "yes" : r.scrollWidth + "x" + r.scrollHeight + " in " + innerWidth + "x" + innerHeight);\
  b.setAttribute("data-label", String(Math.floor(least)));\
  b.setAttribute("data-spill", String(spill));\
  b.setAttribute("data-dark", b.classList.contains("dark") ? "yes" : "no");\
})();</script></body>|' "$1" > "$tmp/measure.html"
    # Headless Chromium's window keeps some of its height for itself: a
    # blank page measures how much, so that the page gets W x H.
    echo '<body><script>document.body.setAttribute("data-h", String(innerHeight));</script></body>' > "$tmp/probe.html"
    pic_dom "$2" "$3" "$tmp/probe.html"
    pic_h=$(grep -o 'data-h="[0-9]*"' "$tmp/dom.html" | grep -o '[0-9]*')
    pic_dom "$2" $(($3 + $3 - ${pic_h:-$3})) "$tmp/measure.html#step=9"
    pic_body=$(grep -o '<body[^>]*>' "$tmp/dom.html")
    return $pic_status
}
# pic_dom W H URL: the DOM of file URL in a window of W x H, in $tmp/dom.html.
pic_dom() {
    pic_profile=$(mktemp -d)
    timeout "$browser_timeout" "$pic_chromium" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --disable-extensions --hide-scrollbars --user-data-dir="$pic_profile" \
        --window-size="$1,$2" --dump-dom "file://$3" > "$tmp/dom.html" 2> /dev/null
    pic_status=$?
    rm -rf "$pic_profile"
}
if [ -z "$pic_chromium" ]; then
    skip "the page at a projector's sizes (chromium is not installed)"
else
    run_in "$tmp" steps -s 1,3,4 -n 12 -o page.html
    run_in "$tmp" steps -s 1,3,4 -n 12 --theme dark -o dark.html
    for pic_size in "1024 768" "1280 720"; do
        set -- $pic_size
        if pic_measure "$tmp/page.html" "$1" "$2"; then
            pic_label=$(echo "$pic_body" | sed 's/.*data-label="\([0-9]*\)".*/\1/')
            case "$pic_body" in
                *'data-fits="yes"'*'data-spill="0"'*'data-dark="no"'*)
                    if [ "$pic_label" -ge 9 ]; then pass; else
                        fail "page at $1x$2: node labels $pic_label px high"
                    fi ;;
                *) fail "page at $1x$2: $pic_body" ;;
            esac
        else
            fail "page at $1x$2: chromium exit $pic_status"
        fi
        if pic_measure "$tmp/dark.html" "$1" "$2"; then
            case "$pic_body" in
                *'data-fits="yes"'*'data-dark="yes"'*) pass ;;
                *) fail "page --theme dark at $1x$2: $pic_body" ;;
            esac
        else
            fail "page --theme dark at $1x$2: chromium exit $pic_status"
        fi
    done
fi

# ---- titles, font sizes, resolutions, legends --------------------------------

# --title replaces the legend's first line; a DOT game's own graph label is
# the default.
if expect 0 "graph --title" graph -s 1,3,4 -n 8 --title "'Lecture 3: S = {1,3,4}'" -o -; then
    if grep -qF '>Lecture 3: S = {1,3,4}<' "$tmp/out" && ! grep -qF 'positions 0..8' "$tmp/out"; then pass; else
        fail "graph --title: the legend's title is not the one given"
    fi
fi
printf 'digraph { label="Example 2"; a -> b -> c; a -> c }\n' > "$tmp/labelled.dot"
if expect 0 "graph -g with a graph label" graph -g labelled.dot -o -; then
    if grep -qF '>Example 2<' "$tmp/out"; then pass; else fail "graph -g: the graph's label is not the title"; fi
fi
# --font-size: the positions' labels at the size given, the legend in
# proportion (14 -> 21 is a factor of 1.5).
if expect 0 "graph --font-size 21" graph -s 1,3,4 -n 8 --font-size 21 -o -; then
    pic_node=$(awk '/class="node P"/ { on = 1 } on && /<text/ { print; exit }' "$tmp/out" | grep -o 'font-size="[0-9.]*"')
    pic_legend=$(grep -A3 'id="legend_title"' "$tmp/out" | grep -o 'font-size="[0-9.]*"' | head -1)
    if [ "$pic_node" = 'font-size="21.00"' ] && [ "$pic_legend" = 'font-size="21.00"' ]; then pass; else
        fail "graph --font-size 21: nodes $pic_node, legend $pic_legend"
    fi
fi
# --dpi: a PNG at 192 dpi is twice as wide as at 96.
if expect 0 "graph --dpi 96" graph -s 1,3,4 -n 8 --dpi 96 -o d96.png &&
   expect 0 "graph --dpi 192" graph -s 1,3,4 -n 8 --dpi 192 -o d192.png; then
    pic_w96=$(od -An -tu1 -j16 -N4 "$tmp/d96.png" | awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
    pic_w192=$(od -An -tu1 -j16 -N4 "$tmp/d192.png" | awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
    if [ $((pic_w192 - 2 * pic_w96)) -le 2 ] && [ $((2 * pic_w96 - pic_w192)) -le 2 ]; then pass; else
        fail "graph --dpi: $pic_w96 px at 96 dpi, $pic_w192 px at 192"
    fi
fi
# steps --no-legend: frames without the legend, still with their caption.
if expect 0 "steps --no-legend" steps -s 1,3,4 -n 5 --no-legend -o nolegend/; then
    if ! grep -q 'class="legend' "$tmp/nolegend/step-003.svg" &&
       grep -qF 'sg(3) = mex{' "$tmp/nolegend/step-003.svg"; then pass; else
        fail "steps --no-legend: a legend, or no caption, in step 3"
    fi
fi

# ---- steps --from: a window of steps ----------------------------------------

# Frames 8..12 only; frame 8 shows 0..7 computed (their values from the
# period 0101232 of S = {1,3,4}) and 9..12 pending.
if expect 0 "steps --from 8 frames" steps -s 1,3,4 -n 12 --from 8 -o window/; then
    pic_got=$(cd "$tmp/window" && ls | tr '\n' ' ')
    pic_want=$(awk 'BEGIN { for (k = 8; k <= 12; k++) printf "step-%03d.svg ", k }')
    # Computed: P or N, a target of 8's moves or not, but not 8 itself.
    grep -oE '<g id="p[0-9]+" class="node [PN]( target)?"' "$tmp/window/step-008.svg" > "$tmp/done.txt"
    pic_done=$(grep -o 'p[0-9]*' "$tmp/done.txt" | tr '\n' ' ')
    pic_pn=$(sed 's/.*node \([PN]\).*/\1/' "$tmp/done.txt" | tr -d '\n')
    pic_pn_want=$(awk 'BEGIN { for (x = 0; x <= 7; x++) printf "%s", substr("0101232", x % 7 + 1, 1) == "0" ? "P" : "N" }')
    if [ "$pic_got" = "$pic_want" ] && [ "$pic_done" = "p0 p1 p2 p3 p4 p5 p6 p7 " ] &&
       [ "$pic_pn" = "$pic_pn_want" ] &&
       [ "$(grep -c 'class="node pending"' "$tmp/window/step-008.svg")" = 4 ] &&
       grep -qF 'sg(8) = mex{0,3,2} = 1' "$tmp/window/step-008.svg"; then pass; else
        fail "steps --from 8: frames $pic_got, computed $pic_done ($pic_pn, want $pic_pn_want)"
    fi
fi
# Into a directory of an earlier run: its frames go, other files stay.
mkdir -p "$tmp/again" && touch "$tmp/again/step-000.svg" "$tmp/again/notes.txt"
if expect 0 "steps --from 9 into a used directory" steps -s 1,3,4 -n 10 --from 9 -o again/; then
    pic_got=$(cd "$tmp/again" && ls | tr '\n' ' ')
    if [ "$pic_got" = "notes.txt step-009.svg step-010.svg " ]; then pass; else
        fail "steps --from 9 into a used directory: $pic_got"
    fi
fi
# The page opens at step 8 and goes no lower (#step=2 shows step 8).
if [ -n "$pic_chromium" ] &&
   expect 0 "steps --from 8 page" steps -s 1,3,4 -n 12 --from 8 -o window.html; then
    pic_dom 1024 768 "$tmp/window.html#step=2"
    if grep -q 'data-step="8"' "$tmp/dom.html" &&
       grep -qF '<p id="caption">sg(8) = mex{0,3,2} = 1</p>' "$tmp/dom.html"; then pass; else
        fail "steps --from 8 page: $(grep -o '<body[^>]*>' "$tmp/dom.html")"
    fi
fi

# ---- table --lang zh: the words of the Chinese traces -----------------------

# pow2: sg(x) = x mod 3.
if expect 0 "table --lang zh" table -s pow2 -n 5 --lang zh; then
    pic_want=$(awk 'BEGIN { printf "x   "; for (x = 0; x <= 5; x++) printf " %d", x; printf "\nSG  ";
        for (x = 0; x <= 5; x++) printf " %d", x % 3; printf "\nP/N ";
        for (x = 0; x <= 5; x++) printf " %s", x % 3 ? "N" : "P"; printf "\n" }')
    if [ "$(cat "$tmp/out")" = "$pic_want" ]; then pass; else fail "table --lang zh: $(cat "$tmp/out")"; fi
fi
if expect 0 "table -f md --lang zh" table -s pow2 -n 3 -f md --lang zh; then
    if [ "$(head -1 "$tmp/out")" = '| x | SG[x] | P/N |' ]; then pass; else fail "table -f md --lang zh: $(head -1 "$tmp/out")"; fi
fi
if expect 0 "table -f latex --lang zh" table -s pow2 -n 3 -f latex --lang zh; then
    if grep -qxF '% S = \{1,2,4,8,...\} (2 的幂)' "$tmp/out" &&
       grep -qF '$\operatorname{SG}[x]$ & 0 & 1 & 2 & 0' "$tmp/out"; then pass; else
        fail "table -f latex --lang zh: $(head -3 "$tmp/out")"
    fi
fi
# Machine formats keep their keys.
if expect 0 "table -f csv --lang zh" table -s pow2 -n 3 -f csv --lang zh; then
    if [ "$(head -1 "$tmp/out")" = 'x,sg,pn' ]; then pass; else fail "table -f csv --lang zh: $(head -1 "$tmp/out")"; fi
fi
