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

# A pipe has the size bound of a file: an endless one is read up to the
# bound (--dot-max, 1 MiB here; 256 MiB by default) and refused, without
# growing the process.
(echo 'digraph {'; yes '') | (cd "$tmp" && eval "${SGVIZ_RUNNER:-} \"\$SGVIZ\" table -g - --dot-max 1M") > "$tmp/out" 2> "$tmp/err"
if [ ! -s "$tmp/out" ] &&
   grep -qxF 'sgviz: stdin: more than 1.0 MiB of DOT, the most sgviz reads for a game (--dot-max SIZE raises it)' "$tmp/err"; then
    pass
else
    fail "table -g - from an endless pipe: $(cat "$tmp/err")"
fi
# A file larger than the bound is refused before it is read; a larger
# bound reads it.  The memory and the edges follow the bound in proportion:
# 2 KiB of DOT admits 76 edges (10^7 for 256 MiB).
awk 'BEGIN { print "digraph {"; for (i = 0; i < 100; i++) printf "n%d -> n%d\n", i + 1, i; print "}" }' > "$tmp/chain.dot"
if expect 2 "value -g, 1.1 KiB over --dot-max 1K" value -g chain.dot n100 --dot-max 1K; then
    if grep -qxF 'sgviz: chain.dot: 1.1 KiB of DOT; sgviz reads games of at most 1.0 KiB (--dot-max SIZE raises it)' "$tmp/err"; then
        pass
    else
        fail "value -g chain.dot --dot-max 1K: $(cat "$tmp/err")"
    fi
fi
if expect 2 "value -g, 100 edges over --dot-max 2K" value -g chain.dot n100 --dot-max 2K; then
    if grep -qxF 'sgviz: chain.dot: by line 79 the graph has more than 76 edges, the most moves sgviz reads for a game (--dot-max SIZE raises it)' "$tmp/err"; then
        pass
    else
        fail "value -g chain.dot --dot-max 2K: $(cat "$tmp/err")"
    fi
fi
if expect 0 "value -g, 100 edges under --dot-max 4k" value -g chain.dot n100 --dot-max 4k; then
    has_line 'sg(n100) = 0  (P)' "value -g chain.dot --dot-max 4k"
fi
rm -f "$tmp/chain.dot"
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
    if grep -qF 'deep.dot:1: too deeply nested (the DOT parser takes about 3300 levels of braces' "$tmp/err"; then
        pass
    else
        fail "table -g deep.dot: $(cat "$tmp/err")"
    fi
fi
rm -f "$tmp/deep.dot"

# A flat chain n0 -> n1 -> ... has no braces: one of 20000 nodes was
# refused as "too deeply nested", since cgraph's parser takes a chain of
# about 2500 links at most.  Chains of any length that fits the size bound
# are read (they are cut into pieces cgraph can take), with the chain's
# attributes on every edge; n(k) has the value (n - 1 - k) mod 2.
for n in 20000 100000; do
    awk -v n=$n 'BEGIN { printf "digraph {\n"; for (i = 0; i < n - 1; i++) printf "n%d -> ", i; printf "n%d [color=\"red\"]\n}\n", n - 1 }' > "$tmp/chain.dot"
    if expect 0 "value -g, a flat chain of $n nodes" value -g chain.dot n0 n1 n$((n / 2 + 1)) n$((n - 1)); then
        want=$(printf 'sg(n0) = 1  (N)\nsg(n1) = 0  (P)\nsg(n%d) = 0  (P)\nsg(n%d) = 0  (P)' $((n / 2 + 1)) $((n - 1)))
        if [ "$(cat "$tmp/out")" = "$want" ]; then pass; else
            fail "value -g, a flat chain of $n nodes: $(cat "$tmp/out")"
        fi
    fi
done
if expect 0 "graph -g, a flat chain of 20000 nodes, as DOT" table -g chain.dot -n 3; then pass; fi
rm -f "$tmp/chain.dot"

# ---- outputs that are not plain files ------------------------------------

# A device node (a copy of /dev/null, where this user may make one) and a
# FIFO are written to and stay what they are.
if mknod "$tmp/null" c 1 3 2>/dev/null; then
    if expect 0 "table -o onto a device" table -s 1,3,4 -o null; then
        if [ -c "$tmp/null" ] && [ ! -s "$tmp/out" ]; then pass; else
            fail "table -o null: the device was replaced"
        fi
    fi
    rm -f "$tmp/null"
fi
if mkfifo "$tmp/out.fifo" 2>/dev/null; then
    (cat "$tmp/out.fifo" > "$tmp/from-fifo" &)
    if expect 0 "table -o onto a FIFO" table -s 1,3,4 -n 3 --format csv -o out.fifo; then
        sleep 1
        if [ -p "$tmp/out.fifo" ] && grep -qx '3,1,N' "$tmp/from-fifo"; then pass; else
            fail "table -o out.fifo: the FIFO was replaced or not written"
        fi
    fi
    rm -f "$tmp/out.fifo" "$tmp/from-fifo"
fi

# A symbolic link stays a link; the file it names is replaced, keeping its
# mode.
mkdir "$tmp/real"
printf 'old\n' > "$tmp/real/target.csv"
chmod 640 "$tmp/real/target.csv"
ln -s real/target.csv "$tmp/link.csv"
if expect 0 "table -o onto a symbolic link" table -s 1,3,4 -n 3 --format csv -o link.csv; then
    if [ -L "$tmp/link.csv" ] && [ ! -L "$tmp/real/target.csv" ] &&
       grep -qx '3,1,N' "$tmp/real/target.csv" &&
       [ "$(stat -c %a "$tmp/real/target.csv")" = 640 ]; then
        pass
    else
        fail "table -o link.csv: $(ls -l "$tmp/link.csv" "$tmp/real")"
    fi
fi
rm -rf "$tmp/real" "$tmp/link.csv"

# A name of 250 bytes, which the file system takes, is taken.
long=$(awk 'BEGIN { s = ""; for (i = 0; i < 246; i++) s = s "n"; print s ".csv" }')
if expect 0 "table -o, a name of 250 bytes" table -s 1,3,4 -n 3 --format csv -o "$long"; then
    if grep -qx '3,1,N' "$tmp/$long" && ! ls -a "$tmp" | grep -q sgviz; then pass; else
        fail "table -o NAME of 250 bytes: not written, or a temporary file left"
    fi
fi
rm -f "$tmp/$long"

# ---- signals -------------------------------------------------------------

# stopped_by SIGNAL WHAT PATTERN ARGS...: starts sgviz ARGS in $tmp, waits
# until a name matching PATTERN (its temporary file or directory) appears,
# sends SIGNAL, and checks that nothing with "sgviz" in its name is left in
# $tmp or $tmp/frames.  env --default-signal gives every signal its default
# action again: a shell ignores SIGINT in background jobs, and nohup (or a
# CI runner) ignores SIGHUP, and an ignored signal would stop nothing.
stopped_by() {
    sig=$1
    what=$2
    pattern=$3
    shift 3
    (cd "$tmp" && exec env --default-signal ${SGVIZ_RUNNER:-} "$SGVIZ" "$@") > /dev/null 2>&1 &
    pid=$!
    tries=0
    while ! find "$tmp" -maxdepth 3 -name "$pattern" 2>/dev/null | grep -q . && [ $tries -lt 300 ]; do
        sleep 0.1
        tries=$((tries + 1))
    done
    kill -"$sig" $pid
    wait $pid 2>/dev/null
    st=$?
    left=$(find "$tmp" -maxdepth 3 -name '*sgviz*' 2>/dev/null)
    if [ $st -gt 128 ] && [ -z "$left" ]; then pass; else
        fail "$what, stopped by SIG$sig: exit $st, left: $left"
    fi
    rm -rf "$tmp/big.csv" "$tmp/frames-new"
}
if env --default-signal true 2>/dev/null; then
    for sig in TERM INT HUP; do
        stopped_by $sig "table -o big.csv" '.big.csv.sgviz-*' \
            table -s 1..63 -n 100000000 --format csv -o big.csv
        stopped_by $sig "steps -o frames-new/" 'step-001.png' \
            steps -s 1,3,4 -n 30 --format png -o frames-new/
    done
    # Every signal that ends a program by default, the rarer ones too.
    for sig in USR1 USR2 ALRM PROF; do
        stopped_by $sig "table -o big.csv" '.big.csv.sgviz-*' \
            table -s 1..63 -n 100000000 --format csv -o big.csv
    done
    mkdir "$tmp/frames"
    stopped_by TERM "steps -o frames/ (a directory that exists)" 'step-001.png' \
        steps -s 1,3,4 -n 30 --format png -o frames/
    rmdir "$tmp/frames"
else
    skip "signals during a write (env has no --default-signal here)"
fi

# ---- frames into a directory that exists ----------------------------------

# A name among the new frames taken by something that is not a frame (here
# a directory): refused before anything moves, and the old set stays whole.
mkdir "$tmp/frames"
if expect 0 "steps -o frames/, the first set" steps -s 1,3,4 -n 10 --format svg -o frames/; then
    rm "$tmp/frames/step-005.svg"
    mkdir "$tmp/frames/step-005.svg"
    before=$(cd "$tmp/frames" && find . -type f -exec cksum {} + | sort)
    if expect 2 "steps -o frames/, step-005.svg a directory" steps -s 1,3,4 -n 12 --format svg -o frames/; then
        after=$(cd "$tmp/frames" && find . -type f -exec cksum {} + | sort)
        if grep -qxF 'sgviz: -o frames/: step-005.svg is not a file, so it cannot be replaced by a frame; the frames there are left as they were' "$tmp/err" &&
           [ "$before" = "$after" ] && ! ls -a "$tmp/frames" | grep -q sgviz; then
            pass
        else
            fail "steps -o frames/ over a directory: $(cat "$tmp/err")"
        fi
    fi
fi
rm -rf "$tmp/frames"

# ---- links in pictures and pages -----------------------------------------

# A DOT game whose links would run script when clicked, each disguised
# another way, and one safe link.  In the steps page, loaded in headless
# Chromium, a script clicks every link of the picture: none may run, and
# the safe one (to another step) is still there.
cat > "$tmp/links.dot" <<'DOT'
digraph {
  a [URL="javascript:document.body.setAttribute('data-ran','url')"]
  b [href="JaVaScRiPt:document.body.setAttribute('data-ran','href')"]
  c [label=<<table><tr><td href="jav&#97;script:document.body.setAttribute('data-ran','html')">c</td></tr></table>>]
  d [URL="data:text/html,<script>parent.document.body.setAttribute('data-ran','data')</script>"]
  e [URL="#step=2"]
  f [URL="http://x/\" onclick=\"document.body.setAttribute('data-ran','quote')"]
  a -> b -> c -> d -> e -> f
}
DOT
if expect 0 "graph -g links.dot" graph -g links.dot -o links.svg; then
    if grep -qi 'script:\|data:\|onclick' "$tmp/links.svg" ||
       [ "$(grep -c 'xlink:href="#step=2"' "$tmp/links.svg")" != 1 ]; then
        fail "graph -g links.dot: a link that runs script is in the SVG"
    else
        pass
    fi
fi
chromium=""
for c in chromium chromium-browser; do
    if have "$c"; then chromium=$c; break; fi
done
if [ -z "$chromium" ]; then
    skip "clicking links in a browser (chromium is not installed)"
elif expect 0 "steps -g links.dot" steps -g links.dot -o links.html; then
    sed 's|</body>|<script>window.addEventListener("load", function () {\
  var n = 0;\
  document.querySelectorAll("#picture a").forEach(function (a) {\
    n++;\
    a.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));\
  });\
  document.body.setAttribute("data-clicked", n);\
});</script></body>|' "$tmp/links.html" > "$tmp/click.html"
    profile=$(mktemp -d)
    timeout "$browser_timeout" "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --disable-extensions --user-data-dir="$profile" \
        --virtual-time-budget=3000 --dump-dom "file://$tmp/click.html" > "$tmp/dom.html" 2> /dev/null
    rm -rf "$profile"
    body=$(grep -o '<body[^>]*>' "$tmp/dom.html")
    case "$body" in
        *data-ran*) fail "chromium: clicking a node of links.html ran script: $body" ;;
        *'data-clicked="1"'*) pass ;;
        *) fail "chromium: links.html: $body" ;;
    esac
fi

# ---- the work bound --------------------------------------------------------

# A large set's heap below the default search's limit is answered like one
# above it (S = {1..m}: sg(x) = x mod (m + 1)), and a sum as an argument
# like the same sum on standard input.
if expect 0 "value -s 1..1001 9999999" value -s 1..1001 9999999; then
    has_line 'sg(9999999) = 39  (N)' "value -s 1..1001 9999999"
fi
if expect 0 "value -s 1..5000 3000000" value -s 1..5000 3000000; then
    has_line 'sg(3000000) = 4401  (N)' "value -s 1..5000 3000000"
fi
if expect 0 "solve -s 1..5000 3000000 5" solve -s 1..5000 3000000 5; then
    has_line 'nim-sum: 4401 XOR 5 = 4404' "solve -s 1..5000 3000000 5"
fi
if expect 0 "solve -s 1..5000 < 3000000 5" solve -s 1..5000 "< $here/data/rel-sum.txt"; then
    has_line '3000000 5: nim-sum 4404, first player wins' "solve -s 1..5000 on standard input"
fi

# The work bound holds for every command and every set, small ones too,
# and is said before any work: each of these took minutes.
for args in "value -s fib 1000000000" "table -s 1..63 -n 17000000000" \
            "table -s 1,3,4 -n 30000000000 --format none" \
            "trace -s pow2 -n 100000000000"; do
    if expect 2 "$args" "$args"; then
        if grep -q 'moves to examine, more than the 1e+10 sgviz allows' "$tmp/err" &&
           ! grep -q 'memory' "$tmp/err"; then
            pass
        else
            fail "$args: $(cat "$tmp/err")"
        fi
    fi
done
if expect 2 "solve -s fib < 3000000000" solve -s fib "< $here/data/rel-fib-heap.txt"; then
    if grep -q '^sgviz: stdin:1: heap 3000000000: .*about 1.3e+11 moves to examine' "$tmp/err"; then
        pass
    else
        fail "solve -s fib < 3000000000: $(cat "$tmp/err")"
    fi
fi

# ---- names -----------------------------------------------------------------

# Latin-1 bytes in names (and in the file's name) give valid JSON; ESC, CR
# and other controls are shown escaped in text, never sent to the terminal.
latin=$(printf 'g\351.dot')
printf 'digraph { "caf\351" -> "esc\033[31mred" -> "cr\rx" }\n' > "$tmp/$latin"
if expect 0 "table -g (Latin-1 names) --format json" table -g "'$latin'" --format json; then
    if iconv -f UTF-8 -t UTF-8 "$tmp/out" > /dev/null 2>&1 &&
       grep -qF '"game": "g\u00e9.dot"' "$tmp/out" &&
       grep -qF "\"x\": \"caf$(printf '\303\251')\"" "$tmp/out" &&
       grep -qF '"x": "esc\\x1B[31mred"' "$tmp/out"; then
        pass
    else
        fail "table --format json of Latin-1 names: $(cat "$tmp/out")"
    fi
fi
if expect 0 "trace -g (control characters in names)" trace -g "'$latin'"; then
    if ! grep -q "$(printf '\033')" "$tmp/out" && ! grep -q "$(printf '\r')" "$tmp/out" &&
       grep -qF 'esc\\x1B[31mred' "$tmp/out" && grep -qF 'cr\\x0Dx' "$tmp/out"; then
        pass
    else
        fail "trace of names with control characters: $(cat -A "$tmp/out" | head -3)"
    fi
fi
if expect 0 "value -g, a name as shown" value -g "'$latin'" "'esc\\x1B[31mred'"; then
    has_line 'sg(esc\x1B[31mred) = 1  (N)' "value -g by the name shown"
fi
rm -f "$tmp/$latin"

# ---- write errors ------------------------------------------------------------

# A failed write names the system's reason: a full disk, and a file grown
# past the size limit (which no longer ends sgviz with a signal, and leaves
# no temporary file).  /dev/full used to give exit 2, as bad input would; an
# input or output that fails is no fault of the input, and gets exit 3.
if [ -c /dev/full ]; then
    if expect 3 "table > /dev/full" table -s 1,3,4 -n 100000 "> /dev/full"; then
        if grep -qxF 'sgviz: cannot write the table: No space left on device' "$tmp/err"; then pass; else
            fail "table > /dev/full: $(cat "$tmp/err")"
        fi
    fi
    if expect 3 "trace > /dev/full" trace -s 1,3,4 -n 100000 "> /dev/full"; then
        if grep -qxF 'sgviz: cannot write the trace: No space left on device' "$tmp/err"; then pass; else
            fail "trace > /dev/full: $(cat "$tmp/err")"
        fi
    fi
    if expect 3 "table -o /dev/full" table -s 1,3,4 -n 100000 -o /dev/full; then
        if grep -qxF 'sgviz: cannot write the table: No space left on device' "$tmp/err"; then pass; else
            fail "table -o /dev/full: $(cat "$tmp/err")"
        fi
    fi
fi
(ulimit -f 1 && cd "$tmp" && eval "${SGVIZ_RUNNER:-} \"\$SGVIZ\" table -s 1,3,4 -n 100000 --format csv -o big.csv") > "$tmp/out" 2> "$tmp/err" < /dev/null
status=$?
if [ "$status" = 3 ] && grep -qF 'cannot write the table: File too large' "$tmp/err" &&
   [ ! -e "$tmp/big.csv" ] && ! ls -a "$tmp" | grep -q sgviz; then
    pass
else
    fail "table -o big.csv past ulimit -f: exit $status: $(cat "$tmp/err")"
fi

# ---- templates and themes --------------------------------------------------

# A byte order mark at the start of a template or a theme is accepted.
printf '\357\273\277[terminal]\nT ${x}\n[step]\nS ${x}\n' > "$tmp/bom.tpl"
if expect 0 "trace --template with a BOM" trace -s 1,3,4 -n 2 --template bom.tpl; then
    if [ "$(cat "$tmp/out")" = "$(printf 'T 0\nS 1\nS 2')" ]; then pass; else
        fail "trace --template bom.tpl: $(cat "$tmp/out")"
    fi
fi
printf '\357\273\277digraph { P [fillcolor="#00ff00"] }\n' > "$tmp/bom-theme.dot"
if expect 0 "graph --theme with a BOM" graph -s 1,3,4 -n 4 --theme bom-theme.dot -o bom.svg; then
    if grep -q 'fill="#00ff00"' "$tmp/bom.svg"; then pass; else
        fail "graph --theme bom-theme.dot: the theme's colour is not in the picture"
    fi
fi
rm -f "$tmp/bom.tpl" "$tmp/bom-theme.dot" "$tmp/bom.svg"

# A template that multiplies its output (each step repeats every move's
# value 8,000 times) is stopped once the trace passes 64 MiB and 256 bytes
# for each step and move, instead of writing gigabytes; nothing is left.
awk 'BEGIN { printf "[terminal]\nsg(${x}) = 0\n[step]\n"; for (l = 0; l < 2; l++) { for (i = 0; i < 4000; i++) printf "${values}"; printf "\n" } }' > "$tmp/mult.tpl"
if expect 2 "trace --template that multiplies" trace -s 1..100 -n 40000 --template mult.tpl -o mult.txt; then
    if grep -qF 'sgviz: mult.tpl: the trace would pass 64.0 MiB and 256 bytes for each step and move by position' "$tmp/err" &&
       [ ! -e "$tmp/mult.txt" ]; then
        pass
    else
        fail "trace --template mult.tpl: $(cat "$tmp/err")"
    fi
fi
rm -f "$tmp/mult.tpl"

# ---- a plot far out ----------------------------------------------------------

# plot -s 1,3,4 --from 9000000000000000000 --to 9000000000001000000 was
# refused as needing 7.8 EiB (it computed from 0); 10^6 positions of a game
# of period 7 were asked, and the certified period gives them at once.  Of
# the 1000001 positions, those with x mod 7 in {0, 2} are P: 285715.
if expect 0 "plot, 10^6 positions near 9*10^18" plot -s 1,3,4 --from 9000000000000000000 --to 9000000000001000000 -o far.svg; then
    if grep -qF 'P-position (sg = 0): 285715 of 1000001' "$tmp/far.svg" &&
       grep -qF '>9000000000000500000<' "$tmp/far.svg"; then pass; else
        fail "plot near 9*10^18: not the P count or the ticks"
    fi
fi
rm -f "$tmp/far.svg"
# Without a period the refusal stands, and names the memory.
if expect 2 "plot -t 0.007 near 9*10^18" plot -t 0.007 --from 9000000000000000000 --to 9000000000000001000 -o far.svg; then
    if grep -qF 'positions need more than 16 EiB for their values' "$tmp/err" && [ ! -e "$tmp/far.svg" ]; then pass; else
        fail "plot -t 0.007 far out: $(cat "$tmp/err")"
    fi
fi
