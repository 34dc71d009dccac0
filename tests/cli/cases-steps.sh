# cases-steps.sh - `sgviz steps`: frames and the page, what each frame shows
# (checked against values computed here with awk), frames compared with the
# committed example, directories that appear whole or not at all, and the
# page in a real browser (headless Chromium, when it is installed).
# Sourced by run.sh, which provides run_in, pass, fail, $tmp, $here, $root
# and $SGVIZ.

s_data="$here/data"

# s_expect STATUS DESCRIPTION ARGS...: runs sgviz ARGS in $tmp and checks
# the exit status, leaving the output in $tmp/out and $tmp/err.
s_expect() {
    s_want=$1
    s_what=$2
    shift 2
    run_in "$tmp" "$@"
    if [ "$status" != "$s_want" ]; then
        fail "$s_what: exit $status, expected $s_want"
        sed 's/^/    /' "$tmp/err" | head -5
        return 1
    fi
    return 0
}

# s134_caption K: the caption of step K of S = {1,3,4}, from sg(x) = the
# x mod 7 pattern 0 1 0 1 2 3 2, worked out here rather than by sgviz.
s134_caption() {
    awk -v k="$1" 'function sg(x) { return substr("0101232", x % 7 + 1, 1) }
        BEGIN { v = ""; n = split("1,3,4", a, ",");
                for (i = 1; i <= n; i++) if (a[i] <= k) v = v (v == "" ? "" : ",") sg(k - a[i]);
                printf "sg(%d) = mex{%s} = %d\n", k, v, sg(k) }'
}

# node_class FILE X: the class attribute of node pX in an SVG or page.
node_class() {
    grep -o "<g id=\"p$2\" class=\"[^\"]*\"" "$1" | head -1 | sed 's/.*class="//; s/"$//'
}

if s_expect 0 "steps --help" steps --help; then
    if grep -q '^Usage: sgviz steps' "$tmp/out" && [ ! -s "$tmp/err" ]; then pass; else
        fail "steps --help: no usage on standard output"
    fi
fi

# ---- frames --------------------------------------------------------------

if s_expect 0 "steps -o frames/" steps -s 1,3,4 -n 12 -o frames/; then
    n=$(ls "$tmp/frames" | grep -c '^step-[0-9][0-9][0-9]\.svg$')
    if [ "$n" = 13 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then pass; else
        fail "steps -o frames/: $n frames, expected 13"
    fi
    bad=""
    for k in 0 1 4 7 12; do
        f="$tmp/frames/step-$(printf %03d "$k").svg"
        want=$(s134_caption "$k")
        cls=$(node_class "$f" "$k")
        pending=$(grep -c 'class="node pending"' "$f")
        done_=$(grep -cE 'id="p[0-9]+" class="node [PN]( target)?"' "$f")
        case "$cls" in *current*) ;; *) bad="$bad $k:current=$cls" ;; esac
        grep -qF ">$want</text>" "$f" || bad="$bad $k:caption"
        [ "$pending" = $((12 - k)) ] || bad="$bad $k:pending=$pending"
        [ "$done_" = "$k" ] || bad="$bad $k:computed=$done_"
    done
    if [ -z "$bad" ]; then pass; else fail "steps frames:$bad"; fi
fi

# The same frames again into the existing directory, for fewer positions:
# the frames of the longer run that are not replaced go, other files stay.
mkdir -p "$tmp/frames"
echo mine > "$tmp/frames/notes.txt"
if s_expect 0 "steps into an existing directory" steps -s 1,3,4 -n 5 -o frames; then
    n=$(ls "$tmp/frames" | grep -c '^step-')
    if [ "$n" = 6 ] && [ -f "$tmp/frames/notes.txt" ] &&
       ! ls -a "$tmp/frames" | grep -q sgviz; then pass; else
        fail "steps into an existing directory: $n frames (want 6), or notes.txt gone"
    fi
fi
rm -rf "$tmp/frames"

# The committed frames of the worked example, byte for byte.
if s_expect 0 "steps: the example's frames" steps -s 1,3,4 -n 8 -o frames/; then
    for f in "$root"/examples/steps/frames/*.svg; do
        if cmp -s "$f" "$tmp/frames/$(basename "$f")"; then pass; else
            fail "examples/steps/frames/$(basename "$f") differs from sgviz's"
        fi
    done
fi
rm -rf "$tmp/frames"

# A failure at the first frame (files may not grow past 512 bytes) leaves
# nothing: no directory, no temporary one.
(cd "$tmp" && trap '' XFSZ && ulimit -f 1 &&
 eval "${SGVIZ_RUNNER:-} \"\$SGVIZ\" steps -s 1,3,4 -n 8 -o cut/") \
    > "$tmp/out" 2> "$tmp/err"
status=$?
if [ "$status" = 3 ] && [ ! -e "$tmp/cut" ] && ! ls -a "$tmp" | grep -q 'cut.sgviz' &&
   grep -q '^sgviz: .*cannot write' "$tmp/err"; then pass; else
    fail "steps with a failing write: exit $status, or leftovers: $(ls -a "$tmp" | tr '\n' ' ') $(cat "$tmp/err")"
fi

# PNG and PDF frames need Graphviz's cairo plugin.
run_in "$tmp" steps -s 1,3,4 -n 4 -T png -o png/
if [ "$status" = 2 ] && grep -q 'cairo plugin' "$tmp/err"; then
    skip "PNG frames (no cairo plugin here)"
elif [ "$status" = 0 ]; then
    sig=$(head -c 8 "$tmp/png/step-004.png" | od -An -tx1 | tr -d ' \n')
    if [ "$sig" = 89504e470d0a1a0a ] && [ "$(ls "$tmp/png" | wc -l)" = 5 ]; then pass; else
        fail "steps -T png: signature $sig"
    fi
else
    fail "steps -T png: exit $status: $(cat "$tmp/err")"
fi
rm -rf "$tmp/png"

# Chinese: the caption and the legend in the words of the notes.
if s_expect 0 "steps --lang zh" steps -s 1,3,4 -n 8 --lang zh -o zh/; then
    if grep -qF '>SG[4] = mex{1,1,0} = 2</text>' "$tmp/zh/step-004.svg" &&
       grep -q '先手必败' "$tmp/zh/step-004.svg"; then pass; else
        fail "steps --lang zh: no Chinese caption or legend"
    fi
fi
rm -rf "$tmp/zh"

# A DOT game: steps in the order of computation, names escaped.
if s_expect 0 "steps -g" steps -g "$s_data/steps-game.dot" -o dag/; then
    if [ "$(ls "$tmp/dag" | wc -l)" = 5 ] &&
       grep -qF '>sg(a&lt;b) = mex{1,1} = 0</text>' "$tmp/dag/step-003.svg" &&
       [ "$(node_class "$tmp/dag/step-003.svg" 3)" = "node P current" ]; then pass; else
        fail "steps -g: frames of the DOT game"
    fi
fi
rm -rf "$tmp/dag"

# ---- the page --------------------------------------------------------------

if s_expect 0 "steps -o page.html" steps -s 1,3,4 -n 12 -o page.html; then
    steps=$(grep -o '"caption": ' "$tmp/page.html" | wc -l)
    if [ "$steps" = 13 ] && [ ! -s "$tmp/out" ] &&
       ! grep -qE ' src=|<link|@import|url\(|href="https?:' "$tmp/page.html"; then
        pass
    else
        fail "steps page: $steps steps, or it loads something from elsewhere"
    fi
fi

if s_expect 0 "steps -o - (the page on standard output)" steps -s 1,3,4 -n 4 -o -; then
    if head -1 "$tmp/out" | grep -q '^<!DOCTYPE html>'; then pass; else
        fail "steps -o -: no page on standard output"
    fi
fi

if s_expect 0 "steps -T html" steps -s 1,3,4 -n 4 -T html -o page.htm; then
    if grep -q '</html>' "$tmp/page.htm"; then pass; else fail "steps -T html: no page"; fi
fi

# ---- the page in a real browser ----------------------------------------------

# chromium_dom PAGE K: the DOM of PAGE#step=K after its script ran, in
# $tmp/dom.html.  Headless Chromium, without any network or background
# service, under a time limit.
chromium_dom() {
    profile=$(mktemp -d)
    timeout "$browser_timeout" "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --disable-extensions --user-data-dir="$profile" \
        --dump-dom "file://$1#step=$2" > "$tmp/dom.html" 2> /dev/null
    chromium_status=$?
    rm -rf "$profile"
    return $chromium_status
}

# shown FIELD: what the page shows: the caption, the trace line, the step
# in the body's data-step, or the class of the current node's group in the
# picture (not in the templates the script takes its looks from).
shown_text() { grep -o "<p id=\"$1\">[^<]*</p>" "$tmp/dom.html" | sed 's/^<p id="[a-z]*">//; s/<\/p>$//'; }
shown_picture() { awk '/<div id="picture">/ { on = 1 } on { print } on && /<\/svg>/ { exit }' "$tmp/dom.html"; }

chromium=""
for c in chromium chromium-browser; do
    if have "$c"; then chromium=$c; break; fi
done
if [ -z "$chromium" ]; then
    skip "the page in a browser (chromium is not installed)"
else
    for k in 0 4 12; do
        if ! chromium_dom "$tmp/page.html" "$k"; then
            fail "chromium on page.html#step=$k: exit $chromium_status"
            continue
        fi
        want=$(s134_caption "$k" | sed 's/&/\&amp;/g')
        shown_picture > "$tmp/picture.html"
        cur=$(grep -o 'class="node [PN] current"' "$tmp/picture.html" | wc -l)
        pending=$(grep -c 'class="node pending"' "$tmp/picture.html")
        cls=$(node_class "$tmp/picture.html" "$k")
        if [ "$(shown_text caption)" = "$want" ] &&
           grep -q "data-step=\"$k\"" "$tmp/dom.html" &&
           [ "$cur" = 1 ] && [ "$pending" = $((12 - k)) ] &&
           case "$cls" in *current*) true ;; *) false ;; esac; then
            pass
        else
            fail "chromium page.html#step=$k: caption \"$(shown_text caption)\" (want \"$want\"), current node p$k \"$cls\", $cur current, $pending pending"
        fi
    done
    # Keys, buttons and the slider: a script added to a copy of the page
    # presses them in order and records where each left the page.
    sed 's|</body>|<script>(function () {\
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true})); }\
  key("ArrowRight"); key("ArrowRight");\
  document.getElementById("next").click();\
  document.getElementById("previous").click();\
  document.body.setAttribute("data-after-keys", document.body.getAttribute("data-step"));\
  key("End");\
  document.body.setAttribute("data-after-end", document.body.getAttribute("data-step"));\
  var s = document.getElementById("slider"); s.value = "2";\
  s.dispatchEvent(new Event("input"));\
  document.body.setAttribute("data-hash", location.hash);\
})();</script></body>|' "$tmp/page.html" > "$tmp/keys.html"
    if chromium_dom "$tmp/keys.html" 4; then
        if grep -q 'data-after-keys="6"' "$tmp/dom.html" &&
           grep -q 'data-after-end="12"' "$tmp/dom.html" &&
           grep -q 'data-step="2"' "$tmp/dom.html" &&
           grep -q 'data-hash="#step=2"' "$tmp/dom.html" &&
           [ "$(shown_text caption)" = "$(s134_caption 2)" ]; then
            pass
        else
            fail "chromium: keys, buttons and slider: $(grep -o '<body[^>]*>' "$tmp/dom.html")"
        fi
    else
        fail "chromium on keys.html: exit $chromium_status"
    fi
    # The DOT game's names, with quotes, < and &, shown as they are.
    run_in "$tmp" steps -g "$s_data/steps-game.dot" -o dag.html
    if chromium_dom "$tmp/dag.html" 3; then
        shown_picture > "$tmp/picture.html"
        if [ "$(shown_text caption)" = 'sg(a&lt;b) = mex{1,1} = 0' ] &&
           [ "$(shown_text trace)" = 'sg(a&lt;b): a&lt;b -&gt; {c&amp;d; "say \"hi\""}; mex{sg(c&amp;d); sg("say \"hi\"")} = mex{1,1} = 0  (P)' ] &&
           [ "$(node_class "$tmp/picture.html" 3)" = "node P current" ] &&
           [ "$(node_class "$tmp/picture.html" 1)" = "node N target" ]; then
            pass
        else
            fail "chromium dag.html#step=3: caption \"$(shown_text caption)\", trace \"$(shown_text trace)\""
        fi
    else
        fail "chromium on dag.html: exit $chromium_status"
    fi
fi
