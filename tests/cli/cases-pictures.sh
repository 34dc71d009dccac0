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
