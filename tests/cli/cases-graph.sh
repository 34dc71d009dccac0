# cases-graph.sh - `sgviz graph`: pictures in every format, what they show
# (checked against values computed here with awk), layouts, themes, output
# that appears whole, and Graphviz plugins that are missing.  Sourced by
# run.sh, which provides run_in, expect, has_line, pass, fail, $tmp, $here
# and $SGVIZ.

data="$here/data"

# skipped WHAT: a behaviour this machine's Graphviz cannot show.
skipped() { skip "$1"; }

# p_count N: the P-positions of S = {1,3,4} among 0..N (sg(x) = 0 exactly
# when x mod 7 is 0 or 2), counted here rather than by sgviz.
p_count() { awk -v n="$1" 'BEGIN { for (x = 0; x <= n; x++) c += (x % 7 == 0 || x % 7 == 2); print c }'; }

# moves SPEC-AMOUNTS N: the number of moves among positions 0..N.
moves() { awk -v n="$2" -v s="$1" 'BEGIN { k = split(s, a, ","); for (x = 0; x <= n; x++) for (i = 1; i <= k; i++) m += (a[i] <= x); print m }'; }

if expect 0 "graph --help" graph --help; then
    if grep -q '^Usage: sgviz graph' "$tmp/out" && [ ! -s "$tmp/err" ]; then pass; else
        fail "graph --help: no usage on standard output"
    fi
fi

# ---- formats -----------------------------------------------------------

if expect 0 "graph -o g.svg" graph -s 1,3,4 -n 12 -o g.svg; then
    p=$(grep -c 'class="node P"' "$tmp/g.svg")
    n=$(grep -c 'class="node N"' "$tmp/g.svg")
    if [ ! -s "$tmp/out" ] && head -1 "$tmp/g.svg" | grep -q '^<?xml' &&
       grep -q '</svg>' "$tmp/g.svg" && [ "$p" = "$(p_count 12)" ] &&
       [ $((p + n)) = 13 ] && grep -q 'S = {1,3,4}, positions 0..12' "$tmp/g.svg"; then
        pass
    else
        fail "graph -o g.svg: $p P and $n N nodes, or no legend"
    fi
fi

if expect 0 "graph -o - (SVG by default)" graph -s 1,3,4 -n 8 -o -; then
    if head -1 "$tmp/out" | grep -q '^<?xml' && [ ! -s "$tmp/err" ]; then pass; else
        fail "graph -o -: no SVG on standard output"
    fi
fi

if expect 0 "graph -T svg over the extension" graph -s 1,3,4 -n 8 -T svg -o g.txt; then
    if grep -q '</svg>' "$tmp/g.txt"; then pass; else fail "graph -T svg -o g.txt: not SVG"; fi
fi

# PNG and PDF need Graphviz's cairo plugin; without it sgviz says so.
run_in "$tmp" graph -s 1,3,4 -n 12 -o g.png
if [ "$status" = 2 ] && grep -q 'cairo plugin' "$tmp/err"; then
    skipped "PNG and PDF (no cairo plugin here)"
elif [ "$status" = 0 ]; then
    sig=$(head -c 8 "$tmp/g.png" | od -An -tx1 | tr -d ' \n')
    if [ "$sig" = 89504e470d0a1a0a ]; then pass; else fail "g.png: signature $sig"; fi
    if expect 0 "graph -o g.pdf" graph -s 1,3,4 -n 12 -o g.pdf; then
        if head -c 5 "$tmp/g.pdf" | grep -q '^%PDF-'; then pass; else fail "g.pdf is not PDF"; fi
    fi
else
    fail "graph -o g.png: exit $status: $(cat "$tmp/err")"
fi

# DOT text: every position with its value, every move, read by awk.
if expect 0 "graph -T dot" graph -s 1,3,4 -n 20 -T dot -o -; then
    want=$(moves 1,3,4 20)
    got=$(grep -cE '^[[:space:]]+[0-9]+ -> [0-9]+' "$tmp/out")
    bad=$(grep -oE 'label="[0-9]+\\nsg=[0-9]+"' "$tmp/out" |
          sed 's/label="//; s/\\nsg=/ /; s/"//' |
          awk '{ if ($2 != substr("0101232", $1 % 7 + 1, 1)) bad++; n++ }
               END { print (n == 21 ? 0 : 1) + bad }')
    if [ "$got" = "$want" ] && [ "$bad" = 0 ]; then pass; else
        fail "graph -T dot: $got moves (want $want), $bad wrong labels"
    fi
fi

# ---- the graph of HDU 1847 -------------------------------------------

if expect 0 "graph -s pow2 -n 1000" graph -s pow2 -n 1000 -o p.svg; then
    p=$(grep -c 'class="node P"' "$tmp/p.svg")
    # sg(x) = x mod 3 for powers of two: 334 P-positions in 0..1000.
    if [ "$p" = 334 ]; then pass; else fail "pow2 -n 1000: $p P-positions"; fi
fi

# ---- layouts, --from, options ----------------------------------------

for layout in line dot grid auto; do
    if expect 0 "graph --layout $layout" graph -s 1,3,4 -n 12 --layout $layout -T dot -o -; then
        c=$(grep -cE '^[[:space:]]+[0-9]+[[:space:]]+\[' "$tmp/out")
        m=$(grep -cE '^[[:space:]]+[0-9]+ -> [0-9]+' "$tmp/out")
        if [ "$c" = 13 ] && [ "$m" = "$(moves 1,3,4 12)" ] && ! grep -q 'pos=""' "$tmp/out"; then
            pass
        else
            fail "graph --layout $layout: $c nodes, $m moves"
        fi
    fi
done

# From 16 with S = {3,5}: the positions reachable, found here by awk.
if expect 0 "graph --from" graph -s 3,5 --from 16 -T dot -o -; then
    want=$(awk 'BEGIN { r[16] = 1; for (x = 16; x >= 0; x--) if (r[x]) { if (x >= 3) r[x-3] = 1; if (x >= 5) r[x-5] = 1 }
                for (x = 0; x <= 16; x++) if (r[x]) printf "%d ", x }')
    got=$(grep -oE '^[[:space:]]+[0-9]+[[:space:]]+\[' "$tmp/out" | tr -d ' \t[' | sort -n | tr '\n' ' ')
    if [ "$got" = "$want" ] && grep -q 'positions reachable from 16' "$tmp/out"; then pass; else
        fail "graph --from 16: drew $got, reachable are $want"
    fi
fi

if expect 0 "graph --highlight-wins --edge-labels" graph -s 1,3,4 -n 8 --highlight-wins --edge-labels -o -; then
    # Moves into P-positions (0, 2, 7) from 0..8: 1-0, 3-0, 4-0, 3-2, 5-2, 6-2, 8-7.
    w=$(grep -c 'class="edge win"' "$tmp/out")
    if [ "$w" = 7 ] && grep -q 'winning move' "$tmp/out" && grep -q '>3</text>' "$tmp/out"; then pass; else
        fail "graph --highlight-wins: $w winning moves"
    fi
fi

if expect 0 "graph --no-legend" graph -s 1,3,4 -n 8 --no-legend -o -; then
    if ! grep -q 'P&#45;position' "$tmp/out"; then pass; else fail "graph --no-legend drew a legend"; fi
fi

# A DOT game keeps its own attributes and gets values and P/N.
if expect 0 "graph -g" graph -g "$data/graph-game.dot" -T dot -o -; then
    if grep -q 'label="start\\nsg=2"' "$tmp/out" && grep -q 'fontcolor=purple' "$tmp/out" &&
       grep -q 'style=dashed' "$tmp/out" && grep -q 'graph-game.dot: 4 positions' "$tmp/out"; then
        pass
    else
        fail "graph -g: the file's attributes or the values are missing"
    fi
fi
if expect 0 "graph -g --from" graph -g "$data/graph-game.dot" --from b -T dot -o -; then
    if grep -qE '^[[:space:]]+b[[:space:]]+\[' "$tmp/out" && ! grep -qE '^[[:space:]]+start[[:space:]]+\[' "$tmp/out"; then
        pass
    else
        fail "graph -g --from b: drew more than b and end"
    fi
fi

# ---- themes ------------------------------------------------------------

if expect 0 "graph --theme print" graph -s 1,3,4 -n 8 --theme print -o -; then
    if grep -q 'fill="#404040"' "$tmp/out" && ! grep -q '#c0392b' "$tmp/out"; then pass; else
        fail "graph --theme print: not greyscale"
    fi
fi
if expect 0 "graph --theme dark" graph -s 1,3,4 -n 8 --theme dark -o -; then
    if grep -q 'fill="#1e222a"' "$tmp/out"; then pass; else fail "graph --theme dark: no dark background"; fi
fi
if expect 0 "graph --theme FILE" graph -s 1,3,4 -n 8 --theme "$data/graph-theme.dot" -o -; then
    if grep -q 'fill="#123456"' "$tmp/out" && grep -q 'fill="#abcdef"' "$tmp/out"; then pass; else
        fail "graph --theme FILE: its colours are not used"
    fi
fi

# ---- output appears whole ----------------------------------------------

printf 'precious\n' > "$tmp/old.svg"
if expect 2 "graph keeps the old file on error" graph -s 1,3,4 --theme neon -o old.svg; then
    if [ "$(cat "$tmp/old.svg")" = precious ] && [ -z "$(ls -a "$tmp" | grep sgviz-)" ]; then pass; else
        fail "a failed graph -o damaged old.svg or left a temporary file"
    fi
fi
if expect 0 "graph replaces the old file" graph -s 1,3,4 -n 4 -o old.svg; then
    if grep -q '</svg>' "$tmp/old.svg" && [ -z "$(ls -a "$tmp" | grep sgviz-)" ]; then pass; else
        fail "graph -o old.svg: not replaced, or a temporary file left"
    fi
fi
cp "$data/graph-game.dot" "$tmp/own.dot"
if expect 2 "graph -o over its input" graph -g own.dot -o own.dot; then
    if cmp -s "$data/graph-game.dot" "$tmp/own.dot"; then pass; else fail "graph -o own.dot overwrote its input"; fi
fi

# ---- Graphviz without its plugins --------------------------------------

# with_gvbindir DIR ARGS...: expect-like run with GVBINDIR=DIR, which tells
# Graphviz where its plugins and their list (config6a) are.
with_gvbindir() {
    dir=$1
    shift
    saved=${GVBINDIR-}
    had=${GVBINDIR+set}
    GVBINDIR=$dir
    export GVBINDIR
    "$@"
    r=$?
    if [ -n "$had" ]; then GVBINDIR=$saved; else unset GVBINDIR; fi
    return $r
}

mkdir -p "$tmp/noplugins"
if with_gvbindir "$tmp/noplugins" expect 2 "graph with no plugins registered" graph -s 1,3,4 -o np.svg; then
    lines=$(wc -l < "$tmp/err")
    if [ "$lines" = 1 ] && grep -q '^sgviz: .*sudo dot -c' "$tmp/err" && [ ! -e "$tmp/np.svg" ]; then pass; else
        fail "graph with no plugins: $(cat "$tmp/err")"
    fi
fi
if with_gvbindir "$tmp/noplugins" expect 0 "graph -T dot needs no plugin" graph -s 1,3,4 -T dot -o -; then
    if grep -q '^digraph' "$tmp/out"; then pass; else fail "graph -T dot without plugins"; fi
fi

# Plugins registered without cairo (the core and the layouts only): PNG is
# refused with the plugin to install, SVG still works.
plugins="$(pkg-config --variable=libdir libgvc 2>/dev/null)/graphviz"
mkdir -p "$tmp/nocairo"
for p in core dot_layout neato_layout; do
    ln -sf "$plugins/libgvplugin_$p.so.6" "$tmp/nocairo/" 2>/dev/null
done
if have dot && GVBINDIR="$tmp/nocairo" dot -c 2>/dev/null &&
   [ -s "$tmp/nocairo/config6a" ]; then
    if with_gvbindir "$tmp/nocairo" expect 2 "graph -o png without cairo" graph -s 1,3,4 -o nc.png; then
        if grep -q '^sgviz: PNG output needs .*cairo plugin' "$tmp/err" && [ "$(wc -l < "$tmp/err")" = 1 ]; then
            pass
        else
            fail "graph -o png without cairo: $(cat "$tmp/err")"
        fi
    fi
    if with_gvbindir "$tmp/nocairo" expect 0 "graph -o svg without cairo" graph -s 1,3,4 -o nc.svg; then
        if grep -q '</svg>' "$tmp/nc.svg"; then pass; else fail "graph -o svg without cairo"; fi
    fi
else
    skipped "a Graphviz without cairo (cannot register a plugin list here)"
fi
