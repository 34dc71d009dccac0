# cases-pictures-layout.sh - where `sgviz graph` and `sgviz steps` put the
# positions: one-number games in a row, two-number positions on a board,
# one position with its options, sum grids in the shape asked for, and
# slides whose labels are large enough.  Every place is read back from the
# SVG and checked against what is worked out here.  Sourced by run.sh,
# which provides run_in, expect, pass, fail, $tmp, $here and $SGVIZ.

# lay_nodes FILE: "ID CX CY" for every position of the SVG FILE, relative
# to the first position's centre (the picture's own offset aside).
lay_nodes() {
    awk '/<g id="p[0-9]+" class="node/ { match($0, /id="p[0-9]+"/);
             id = substr($0, RSTART + 4, RLENGTH - 5); want = 1 }
         want && /<ellipse/ { match($0, /cx="[^"]*"/); cx = substr($0, RSTART + 4, RLENGTH - 5);
             match($0, /cy="[^"]*"/); cy = substr($0, RSTART + 4, RLENGTH - 5);
             if (!n++) { x0 = cx; y0 = cy }
             printf "%s %.2f %.2f\n", id, cx - x0, cy - y0; want = 0 }' "$1"
}

# lay_box FILE: the viewBox's width and height.
lay_box() {
    grep -o 'viewBox="[^"]*"' "$1" | head -1 | tr -d '"' | awk '{ print $3, $4 }'
}

# The same game is laid out alike by graph, by the frames of steps, and
# without its legend.
if expect 0 "graph -n 12" graph -s 1,3,4 -n 12 -o g.svg &&
    expect 0 "graph -n 12 --no-legend" graph -s 1,3,4 -n 12 --no-legend -o n.svg &&
    expect 0 "steps -n 12" steps -s 1,3,4 -n 12 -T svg -o st/; then
    lay_nodes "$tmp/g.svg" > "$tmp/lay.g"
    lay_nodes "$tmp/n.svg" > "$tmp/lay.n"
    lay_nodes "$tmp/st/step-004.svg" > "$tmp/lay.s"
    if [ "$(wc -l < "$tmp/lay.g")" -eq 13 ] && cmp -s "$tmp/lay.g" "$tmp/lay.n" &&
        cmp -s "$tmp/lay.g" "$tmp/lay.s"; then pass; else
        fail "graph -n 12, graph --no-legend and steps -n 12 place the positions differently"
    fi
fi
for lay_shape in 16:9 4:3; do
    if expect 0 "graph --slide $lay_shape" graph -s 1,3,4 -n 20 --slide "$lay_shape" -o g.svg &&
        expect 0 "steps --slide $lay_shape" steps -s 1,3,4 -n 20 --slide "$lay_shape" -T svg -o st-$lay_shape/; then
        lay_nodes "$tmp/g.svg" > "$tmp/lay.g"
        lay_nodes "$tmp/st-$lay_shape/step-007.svg" > "$tmp/lay.s"
        # The picture has the slide's shape (within the padding), and each
        # text, at 1920 px across, is at least 20 px.
        set -- $(lay_box "$tmp/g.svg")
        least=$(grep -o 'font-size="[0-9.]*"' "$tmp/g.svg" | tr -dc '0-9.\n' | sort -n | head -1)
        verdict=$(awk -v w="$1" -v h="$2" -v f="$least" -v s="$lay_shape" 'BEGIN {
            split(s, a, ":"); want = a[1] / a[2];
            ok = w / h > want * 0.95 && w / h < want * 1.05 && f * 1920 / w >= 20;
            print ok ? "ok" : sprintf("%.0f x %.0f, smallest text %s pt = %.1f px", w, h, f, f * 1920 / w) }')
        if [ "$verdict" = ok ] && cmp -s "$tmp/lay.g" "$tmp/lay.s"; then pass; else
            fail "--slide $lay_shape: $verdict; same places in graph and steps: $(cmp -s "$tmp/lay.g" "$tmp/lay.s" && echo yes || echo no)"
        fi
    fi
done
# A slide's PNG fills a screen 1920 pixels wide.
if expect 0 "graph --slide -o PNG" graph -s 1,3,4 -n 12 --slide -o s.png; then
    w=$(od -An -j16 -N4 -tu1 "$tmp/s.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
    if [ "$w" -ge 1915 ] && [ "$w" -le 1925 ]; then pass; else
        fail "graph --slide -o s.png: $w pixels wide, expected 1920"
    fi
fi

# A board: position (a,b) at column a and row b, rows going up; P where
# a = b for two-heap Nim written as a graph here, and by the table's own
# values for Wythoff's game.
awk 'BEGIN { print "digraph nim2 {";
    for (a = 0; a <= 4; a++) for (b = 0; b <= 3; b++) {
        printf "  \"%d,%d\";\n", a, b;
        for (k = 0; k < a; k++) printf "  \"%d,%d\" -> \"%d,%d\";\n", a, b, k, b;
        for (k = 0; k < b; k++) printf "  \"%d,%d\" -> \"%d,%d\";\n", a, b, a, k }
    print "}" }' > "$tmp/nim2.dot"
if expect 0 "graph --layout board" graph -g nim2.dot --layout board -o b.svg; then
    # Node names come in the file's order; read each one's name and place.
    bad=$(awk '/<g id="p[0-9]+" class="node/ { cls = $0; want = 1 }
         want && /<title>/ { match($0, /<title>[^<]*</); name = substr($0, RSTART + 7, RLENGTH - 8) }
         want && /<ellipse/ { match($0, /cx="[^"]*"/); cx = substr($0, RSTART + 4, RLENGTH - 5);
             match($0, /cy="[^"]*"/); cy = substr($0, RSTART + 4, RLENGTH - 5);
             split(name, ab, ","); n++; A[n] = ab[1]; B[n] = ab[2]; X[n] = cx; Y[n] = cy;
             P[n] = cls ~ /class="node P/; want = 0 }
         END { for (i = 1; i <= n; i++) if (A[i] == 0 && B[i] == 0) o = i;
             for (i = 1; i <= n; i++) if (A[i] == 1 && B[i] == 0) px = X[i] - X[o];
             for (i = 1; i <= n; i++) {
                 if ((X[i] - X[o]) - A[i] * px > 0.1 || (X[i] - X[o]) - A[i] * px < -0.1 ||
                     (Y[o] - Y[i]) - B[i] * px > 0.1 || (Y[o] - Y[i]) - B[i] * px < -0.1)
                     printf "%s,%s at (%s,%s); ", A[i], B[i], X[i], Y[i];
                 if (P[i] != (A[i] == B[i])) printf "%s,%s styled %s; ", A[i], B[i], P[i] ? "P" : "N" }
             if (n != 20) printf "%d positions; ", n }' "$tmp/b.svg")
    if [ -z "$bad" ] && ! grep -q 'class="edge' "$tmp/b.svg" || [ -z "$bad" ] && ! grep 'class="edge' "$tmp/b.svg" | grep -qv hidden; then pass; else
        fail "graph --layout board: $bad"
    fi
fi
if expect 0 "graph --layout board --moves from=4,3" graph -g nim2.dot --layout board --moves from=4,3 --heat-map -o b.svg; then
    # The moves of 4,3 alone are drawn: 4 + 3 of them.
    shown=$(grep -c '<g id="m[0-9_]*" class="edge[^"]*"' "$tmp/b.svg")
    hidden=$(grep -c '<g id="m[0-9_]*" class="edge[^"]*hidden' "$tmp/b.svg")
    if [ $((shown - hidden)) -eq 7 ] && grep -q '#ffffd9' "$tmp/b.svg"; then pass; else
        fail "--moves from=4,3: $((shown - hidden)) moves drawn, expected 7 (and the heat map's colour for 0)"
    fi
fi

# One position and its options: 9 of S = {1,3,4} and its options 8, 6, 5,
# with the mex step worked out here.
if expect 0 "graph --around 9" graph -s 1,3,4 --around 9 -o a.svg; then
    ids=$(grep -o '<g id="p[0-9]*"' "$tmp/a.svg" | tr -dc '0-9\n' | sort -n | tr '\n' ' ')
    if [ "$ids" = "5 6 8 9 " ] && grep -q 'sg(9) = mex{1, 2, 3} = 0' "$tmp/a.svg"; then pass; else
        fail "graph --around 9: positions $ids; $(grep -o 'sg(9) = mex[^<]*' "$tmp/a.svg")"
    fi
fi
if expect 0 "graph --position 3+4 --around 3+4" graph -s 1,3,4 --position 3+4 --around 3+4 -o a.svg; then
    # The options of 3+4: 2+4, 0+4 (3 - 1, 3 - 3), 3+3, 3+1, 3+0.
    names=$(grep -o '<title>[0-9]*+[0-9]*</title>' "$tmp/a.svg" | sed 's/<[^>]*>//g' | sort | tr '\n' ' ')
    if [ "$names" = "0+4 2+4 3+0 3+1 3+3 3+4 " ]; then pass; else
        fail "graph --position 3+4 --around 3+4: $names"
    fi
fi

# Games defined in C whose positions are one number are checked in
# tests/test_render_layout.c (one_number_places), compiled with the
# library's own flags; here, a DOT game of numbered positions below.

# Sum grids stay within 3:1 whatever is asked.
for lay_aspect in 16:9 3:1 4:3; do
    if expect 0 "graph --position 3+4+5 --aspect $lay_aspect" graph -s 1,3,4 --position 3+4+5 --aspect "$lay_aspect" -o s.svg; then
        set -- $(lay_box "$tmp/s.svg")
        if awk -v w="$1" -v h="$2" 'BEGIN { exit !(w / h <= 3) }'; then pass; else
            fail "graph --position 3+4+5 --aspect $lay_aspect: $1 x $2, wider than 3:1"
        fi
    fi
done

# A DOT game whose nodes are named 0..12, with the moves of S = {1,3,4}
# written out here: laid out as the subtraction game itself.
awk 'BEGIN { print "digraph s134 {";
    for (x = 0; x <= 12; x++) { printf "  \"%d\";\n", x;
        n = split("1,3,4", a, ",");
        for (i = 1; i <= n; i++) if (a[i] <= x) printf "  \"%d\" -> \"%d\";\n", x, x - a[i] }
    print "}" }' > "$tmp/s134.dot"
if expect 0 "graph -g numbered.dot" graph -g s134.dot -o d.svg &&
    expect 0 "graph -s 1,3,4 -n 12 (to compare)" graph -s 1,3,4 -n 12 -o s.svg; then
    # The DOT game's node ids are its own numbering; compare by title.
    lay_titles() {
        awk '/<g id="p[0-9]+" class="node/ { want = 1 }
             want && /<title>/ { match($0, /<title>[^<]*</); t = substr($0, RSTART + 7, RLENGTH - 8) }
             want && /<ellipse/ { match($0, /cx="[^"]*"/); cx = substr($0, RSTART + 4, RLENGTH - 5);
                 match($0, /cy="[^"]*"/); cy = substr($0, RSTART + 4, RLENGTH - 5);
                 if (!n++) { x0 = cx; y0 = cy } printf "%s %.2f %.2f\n", t, cx - x0, cy - y0; want = 0 }' "$1" | sort -n
    }
    lay_titles "$tmp/d.svg" > "$tmp/lay.d"
    lay_titles "$tmp/s.svg" > "$tmp/lay.s"
    if [ "$(wc -l < "$tmp/lay.d")" -eq 13 ] && cmp -s "$tmp/lay.d" "$tmp/lay.s"; then pass; else
        fail "a DOT game of positions 0..12 is not laid out as S = {1,3,4} -n 12"
    fi
fi

# --around a DOT game's node: (4,3) of Wythoff's game and its 4 + 3 + 3
# options, each once.
if expect 0 "graph -g wythoff --around 4,3" graph -g "$here/data/board-wythoff.dot" --around 4,3 -o a.svg; then
    names=$(grep -o '<title>[0-9]*,[0-9]*</title>' "$tmp/a.svg" | sed 's/<[^>]*>//g' | sort | tr '\n' ' ')
    want=$(awk 'BEGIN { a = 4; b = 3; print "4,3";
        for (k = 1; k <= a; k++) print a - k "," b;
        for (k = 1; k <= b; k++) print a "," b - k;
        for (k = 1; k <= a && k <= b; k++) print a - k "," b - k }' | sort | tr '\n' ' ')
    if [ "$names" = "$want" ]; then pass; else
        fail "graph --around 4,3: $names, expected $want"
    fi
fi

# Steps on a board: each frame draws the moves of the position it
# computes, and no other.
if expect 0 "steps --layout board" steps -g nim2.dot --layout board -T svg -o bst/; then
    lay_bad=""
    for f in "$tmp"/bst/step-*.svg; do
        cur=$(awk '/<g id="p[0-9]+" class="node[^"]*current/ { want = 1 }
                   want && /<title>/ { match($0, /<title>[^<]*</); print substr($0, RSTART + 7, RLENGTH - 8); exit }' "$f")
        drawn=$(grep '<g id="m[0-9_]*" class="edge' "$f" | grep -vc hidden)
        moves=$(grep -c "^  \"$cur\" -> " "$tmp/nim2.dot")
        [ "$drawn" -eq "$moves" ] || lay_bad="$lay_bad $(basename "$f"):$cur:$drawn/$moves"
    done
    if [ -z "$lay_bad" ]; then pass; else fail "steps on a board draw other moves:$lay_bad"; fi
fi
