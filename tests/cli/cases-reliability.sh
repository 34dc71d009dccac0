# cases-reliability.sh - hostile and oversized inputs, and outputs that
# appear whole whatever happens: inputs generated here (never committed as
# large files), each checked for a correct answer or one clear refusal.
# Sourced by run.sh, which provides run_in, expect, has_line, pass, fail,
# $tmp, $here and $SGVIZ.

# in_small_stack DESCRIPTION STATUS ARGS...: runs sgviz ARGS in $tmp with a
# stack of 256 KiB, as `expect` does.
in_small_stack() {
    small_what=$1
    small_status=$2
    shift 2
    (ulimit -s 256 && cd "$tmp" &&
     eval "${SGVIZ_RUNNER:-} \"\$SGVIZ\" $*") > "$tmp/out" 2> "$tmp/err" < /dev/null
    status=$?
    if [ "$status" != "$small_status" ]; then
        fail "$small_what (stack of 256 KiB): exit $status, expected $small_status"
        sed 's/^/    /' "$tmp/err" | head -5
        return 1
    fi
    return 0
}

# ---- games with very many moves from one position -----------------------

# fan N FILE: a game whose position a has N moves, all to b.
fan() { awk -v n="$1" 'BEGIN { print "digraph {"; for (i = 0; i < n; i++) print "a -> b"; print "}" }' > "$tmp/$2"; }

# cgraph's own count of edges recursed as deep as a node's out-edges and
# overflowed a 256 KiB stack at about 100,000 of them.
fan 150000 fan.dot
if in_small_stack "value -g, 150,000 moves from a" 0 value -g fan.dot a; then
    has_line 'sg(a) = 1  (N)' "value -g fan.dot"
fi
if in_small_stack "table -g, 150,000 moves from a" 0 table -g fan.dot --format csv; then
    has_line 'a,1,N' "table -g fan.dot"
fi
# Graphviz's layout counts the edges the same way: drawings take at most
# 5,000 moves from or to one position, and draw them on a small stack.
fan 5000 fan5000.dot
if in_small_stack "graph -g, 5,000 moves from a" 0 graph -g fan5000.dot -o fan.svg; then
    if [ "$(grep -c 'class="edge' "$tmp/fan.svg")" = 5000 ]; then pass; else
        fail "graph -g fan5000.dot: not 5000 edges in the SVG"
    fi
fi
fan 5001 fan5001.dot
if in_small_stack "graph -g, 5,001 moves from a" 2 graph -g fan5001.dot -o fan2.svg; then
    if grep -qxF 'sgviz: fan5001.dot: 5001 moves from position a; sgviz draws at most 5000 from or to one position' "$tmp/err" &&
       [ ! -e "$tmp/fan2.svg" ]; then
        pass
    else
        fail "graph -g fan5001.dot: $(cat "$tmp/err")"
    fi
fi
rm -f "$tmp"/fan*.dot "$tmp/fan.svg"

# ---- DOT from pipes and FIFOs ------------------------------------------

# A pipe has the size bound of a file: 32 MiB of blank lines are read and
# refused, without growing the process.
(echo 'digraph {'; yes '') | (cd "$tmp" && eval "${SGVIZ_RUNNER:-} \"\$SGVIZ\" table -g -") > "$tmp/out" 2> "$tmp/err"
if [ ! -s "$tmp/out" ] &&
   grep -qxF 'sgviz: stdin: more than 32.0 MiB of DOT, the most sgviz reads for a game' "$tmp/err"; then
    pass
else
    fail "table -g - from an endless pipe: $(cat "$tmp/err")"
fi
# A FIFO is read like a file.
if mkfifo "$tmp/game.fifo" 2>/dev/null; then
    (printf 'digraph { a -> b -> c }\n' > "$tmp/game.fifo" &)
    if expect 0 "value -g a FIFO" value -g game.fifo a b; then
        has_line 'sg(a) = 0  (P)' "value -g game.fifo"
    fi
    rm -f "$tmp/game.fifo"
fi

# ---- odd bytes in DOT files ----------------------------------------------

# A byte order mark at the start, as some editors write it.
printf '\357\273\277digraph { a -> b -> c }\n' > "$tmp/bom.dot"
if expect 0 "value -g, a DOT file with a BOM" value -g bom.dot a; then
    has_line 'sg(a) = 0  (P)' "value -g bom.dot"
fi
rm -f "$tmp/bom.dot"

# Nesting deeper than the DOT parser's stack: said in those words.
awk 'BEGIN { s = "digraph { a -> "; for (i = 0; i < 12000; i++) s = s "{"; s = s "b"; for (i = 0; i < 12000; i++) s = s "}"; print s " }" }' > "$tmp/deep.dot"
if expect 2 "table -g, nested 12000 deep" table -g deep.dot; then
    if grep -qF 'deep.dot:1: too deeply nested (the DOT parser takes at most 10000 levels' "$tmp/err"; then
        pass
    else
        fail "table -g deep.dot: $(cat "$tmp/err")"
    fi
fi
rm -f "$tmp/deep.dot"
