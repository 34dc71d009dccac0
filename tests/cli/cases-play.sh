# cases-play.sh - `sgviz play`: a weak player against the computer through
# -f json, checked by a brute force written in tests/cli/data/play-human.js
# (Node.js); the words in both languages; a DOT game; then the page
# (-o play.html) in headless Chromium with real clicks and key presses at
# 1024x768, 1920x1080 and 390x844 (tests/cli/data/play-browser.js), where
# what is typed, a position or heap:amount, is read as the terminal reads
# it and every line that is no move gets the terminal's own reason.  With
# SGVIZ_SHOTS=DIR the screenshots are kept in DIR, to be looked at.
# Sourced by run.sh, which provides run_in, pass, fail, $tmp, $here, $root
# and $SGVIZ.

q_data="$here/data"

# Moves are input inside the game: whatever is typed, the game goes on and
# the exit status is 0.
printf 'x\n3+4+9\n\n?\n?\n?\n?\n?\nu\n9:1\n3:9\n\001\n' > "$tmp/junk.txt"
run_in "$tmp" play -s all --position 3+4+5 "<" junk.txt
if [ "$status" = 0 ] && [ ! -s "$tmp/err" ] &&
   grep -qxF '3+4+9 is not one move from 3+4+5: a move changes one heap and makes it smaller.' "$tmp/out" &&
   grep -qxF 'Hint 4 of 4: taking 2 from the 3, leaving 1+4+5.' "$tmp/out" &&
   grep -qxF '9:1: 3+4+5 has no heap of 9.' "$tmp/out" &&
   grep -qxF '3:9: taking 9 from the 3 is not a move of S = {1,2,3,...} (any amount: Nim).' "$tmp/out"; then
    pass
else
    fail "play with junk input: exit $status: $(cat "$tmp/err")"
fi

# The computer's reply, with the words of the issue's example.
printf '' > "$tmp/none.txt"
run_in "$tmp" play -s all --position 3+4+5 --first computer -f json "<" none.txt
if [ "$status" = 0 ] &&
   grep -qxF '{"player": "computer", "from": "3+4+5", "to": "1+4+5", "value": 0, "outcome": "P", "why": "3+4+5 has nim-sum 3 xor 4 xor 5 = 2; taking 2 from the 3 leaves 1+4+5, nim-sum 0: every move you make now gives me a winning reply."}' "$tmp/out" &&
   grep -qxF '{"turn": "you", "position": "1+4+5"}' "$tmp/out" &&
   tail -1 "$tmp/out" | grep -qxF '{"end": "input", "position": "1+4+5"}'; then
    pass
else
    fail "play -f json: $(cat "$tmp/out" "$tmp/err")"
fi

# Misère Nim: the rule is named, and at 1+1+1 the computer, to move in a
# losing position, keeps the game long.
printf '1+1+1\n' > "$tmp/m.txt"
run_in "$tmp" play -s all --misere --position 1+1+2 -f json "<" m.txt
if [ "$status" = 0 ] && grep -qF "misère Nim's rule on the heap sizes" "$tmp/out" &&
   grep -qF '"player": "you", "from": "1+1+2", "to": "1+1+1", "value": 1, "outcome": "P"' "$tmp/out" &&
   grep -qF '"player": "computer", "from": "1+1+1", "to": "0+1+1", "value": 0, "outcome": "N", "why": "By misère Nim'"'"'s rule on the heap sizes (every value 0 or 1, 3 of them 1: an odd number of 1s loses), 1+1+1 is a misère P-position: every move leaves a misère N-position, so I am losing.' "$tmp/out"; then
    pass
else
    fail "play --misere: $(cat "$tmp/out" "$tmp/err")"
fi

# A DOT game, its positions by name, and two of its nodes as a sum.
printf 'start\n' > "$tmp/d.txt"
run_in "$tmp" play -g "$q_data/graph-game.dot" --position d "<" d.txt
if [ "$status" = 0 ] && grep -qxF 'You: d -> start.' "$tmp/out" &&
   grep -qxF 'I move: start -> end.' "$tmp/out" &&
   grep -qxF 'No move is left from end. I win.' "$tmp/out"; then
    pass
else
    fail "play -g: $(cat "$tmp/out" "$tmp/err")"
fi

if ! have node; then
    skip "a weak player through -f json (Node.js is not installed)"
    skip "the page of play in a browser (Node.js is not installed)"
    return 0
fi
for q_seed in 1 2 3; do
    if timeout 300 node "$q_data/play-human.js" "$SGVIZ" "$q_seed" > "$tmp/human.out" 2>&1 &&
       tail -1 "$tmp/human.out" | grep -qx '[1-9][0-9]* passed, 0 failed'; then
        pass
    else
        fail "play-human.js seed $q_seed: $(grep FAIL "$tmp/human.out" | head -3; tail -1 "$tmp/human.out")"
    fi
done

# ---- the page --------------------------------------------------------------

run_in "$tmp" play -s 1,3,4 --position 6+7 -o play.html
if [ "$status" = 0 ] && [ ! -s "$tmp/out" ] &&
   grep -q '<meta name="generator" content="sgviz play">' "$tmp/play.html" &&
   ! grep -qE ' src=|<link|@import|url\(|href="https?:' "$tmp/play.html"; then
    pass
else
    fail "play -o play.html: exit $status: $(cat "$tmp/err")"
fi

chromium=""
for c in chromium chromium-browser; do
    if have "$c"; then chromium=$c; break; fi
done
if [ -z "$chromium" ]; then
    skip "the page of play in a browser (chromium is not installed)"
    return 0
fi

# q_page W H ACTION...: the page $tmp/play.html in a window of W x H, the
# actions done, their lines in $tmp/q.out.
q_page() {
    q_w=$1 q_h=$2
    shift 2
    timeout "$browser_timeout" node "$q_data/play-browser.js" "$chromium" \
        "file://$tmp/play.html" "$q_w" "$q_h" "$@" > "$tmp/q.out" 2> "$tmp/q.err"
    q_status=$?
    if [ -n "${SGVIZ_SHOTS:-}" ]; then
        mkdir -p "$SGVIZ_SHOTS" && cp "$tmp"/play-*.png "$SGVIZ_SHOTS/" 2> /dev/null
    fi
    return $q_status
}

# S = {1,3,4}, 6+7: sg 2 and 0, nim-sum 2.  A click on 6+3 (take 4 from
# the 7: sg(3) = 1, nim-sum 3) throws the win away; the computer answers
# 3+3 (nim-sum 0, from sg(6) = 2 to sg(3) = 1).  Then ? twice, a typed
# move that is none, a typed move (3+2: sg(2) = 0), u takes it back, and a
# click on a position that is no move.
for q_size in "1024 768" "1920 1080" "390 844"; do
    set -- $q_size
    if q_page "$1" "$2" click:6+3 "?" "?" "type:2+5" Enter "type:3+2" Enter \
           u click:0+0 "shot:$tmp/play-$1x$2.png" measure &&
       sed -n 1p "$tmp/q.out" | grep -qF 'click:6+3 | 3+3 | you | - | 2 | I move: 6+3 -> 3+3.' &&
       sed -n 2p "$tmp/q.out" | grep -qF '? | 3+3 | you | - | 2 | Hint 1 of 4: the sg values of the parts: sg(3) = 1, sg(3) = 1.' &&
       sed -n 3p "$tmp/q.out" | grep -qF 'Hint 2 of 4: 3+3 has sg values 1, 1, nim-sum 1 xor 1 = 0' &&
       sed -n 4p "$tmp/q.out" | grep -qF 'Enter | 3+3 | you | - | 2 | 2+5 is not one move from 3+3' &&
       sed -n 5p "$tmp/q.out" | grep -qF 'Enter | ' &&
       sed -n 6p "$tmp/q.out" | grep -qF 'u | 3+3 | you | - | 2 | Taken back: 3+3 again.' &&
       sed -n 7p "$tmp/q.out" | grep -qF 'click:0+0 | 3+3 | you | - | 2 | 0+0 is not one move from 3+3' &&
       awk -F' [|] ' '/^measure/ { exit !($2 >= 12 && $3 == "true" && $4 == "true") }' "$tmp/q.out"; then
        pass
    else
        fail "the page of play at $1x$2: exit $q_status: $(cat "$tmp/q.out" "$tmp/q.err")"
    fi
done

# The whole game, to its end, clicking the computer's and the player's
# moves alike in the mode of two players; then "new game" with the
# game again.
run_in "$tmp" play -s all --position 2+1 -o play.html
if q_page 1024 768 press:two click:1+1 click:0+1 click:0+0 press:new &&
   sed -n 1p "$tmp/q.out" | grep -qF 'press:two | 2+1 | player1 | - | 0 |' &&
   sed -n 2p "$tmp/q.out" | grep -qF 'click:1+1 | 1+1 | player2 | - | 1 | Player 1: 2+1 -> 1+1.' &&
   sed -n 4p "$tmp/q.out" | grep -qF 'click:0+0 | 0+0 | over | player1 | 3 | No move is left from 0+0. Player 1 wins.' &&
   sed -n 5p "$tmp/q.out" | grep -qF 'press:new | 2+1 | player1 | - | 0 |'; then
    pass
else
    fail "the page of play, two players: $(cat "$tmp/q.out" "$tmp/q.err")"
fi

# The picture is wider than its box at 1024x768: the start, at its right
# end, is scrolled into view before the first move. (It once stayed out of
# view: the page scrolled to the element that painting had just replaced.)
run_in "$tmp" play -s 1,3,4 --position 14 -o play.html
if q_page 1024 768 seen:14 click:13 seen:9 &&
   grep -qxF 'seen | 14 | true' "$tmp/q.out" &&
   grep -qxF 'seen | 9 | true' "$tmp/q.out"; then
    pass
else
    fail "the page of play: the current position in view: $(cat "$tmp/q.out" "$tmp/q.err")"
fi

# ---- typing in the page, as at the terminal --------------------------------

# q_typing W H ARGS... -- LINE...: the lines typed in the page of `sgviz
# play ARGS -o` (each, then Enter, in a window of W x H) and given to
# `sgviz play ARGS -f json`: the page must say, line by line, what the
# terminal says for a line that is no move (its "why"), make a move where
# the terminal makes one, and end at the same position.
q_typing() {
    q_w=$1 q_h=$2
    shift 2
    q_args=""
    while [ "$1" != "--" ]; do q_args="$q_args $1"; shift; done
    shift
    printf '%s\n' "$@" > "$tmp/q.in"
    $SGVIZ play $q_args -f json < "$tmp/q.in" > "$tmp/q.json" 2> "$tmp/q.err" || return 1
    node -e '
        let last = null;
        for (const line of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")) {
            const e = JSON.parse(line);
            if (e.illegal !== undefined) console.log(e.why);
            else if (e.player === "you") console.log("moved");
            if (e.turn) last = e.position;
            if (e.to) last = e.to;
        }
        console.log("at " + last);' "$tmp/q.json" > "$tmp/q.want" || return 1
    $SGVIZ play $q_args -o "$tmp/play.html" 2> "$tmp/q.err" || return 1
    set --
    while IFS= read -r q_line; do
        set -- "$@" "type:$q_line" Enter
    done < "$tmp/q.in"
    q_page "$q_w" "$q_h" "$@" || return 1
    awk -F' [|] ' 'BEGIN { moves = 0 }
        { s = $6; for (i = 7; i <= NF; i++) s = s " | " $i
          print ($5 != moves ? "moved" : s); moves = $5; at = $2 }
        END { print "at " at }' "$tmp/q.out" > "$tmp/q.got"
    cmp -s "$tmp/q.want" "$tmp/q.got"
}

# Nim from 3+4+5: words that are no position, parts empty, negative, too
# large, full-width, cut short at 60 bytes; positions that are no move
# (a heap made larger, two heaps changed, the position itself); heap:amount
# with no such heap, no such amount, words for either; then 3:2, a move.
# S = {1,3,4} from 6+7: 7 -> 5 is no move of the game, 6:2 takes an amount
# the game does not, 8:1 names no heap; then 7:4, a move.  Kayles from 5:
# 5:1 can leave 4, 1+3 or 2+2, 5:3 takes an amount the game does not, 1+1
# is no move of the game, 6, 1+5 and 2+3 (as much as the 5) no move at
# all, 5:9 no amount; then 1+3, a move.  A DOT game from d: a name it does
# not know, itself, end (no move of the game), two nodes, d:1 (no amounts
# there); then start, a move.  Then the Chinese words of the play, in Nim.
q_long=$(printf '1%.0s' $(seq 1 70))
for q_size in "1024 768" "1920 1080" "390 844"; do
    set -- $q_size
    q_sz="$1 $2"
    if q_typing $q_sz -s all --position 3+4+5 -- x "3+" "+4" "3++5" "-3+4+5" \
           "99999999999999999999+4+5" "３+4+5" "$q_long" "3+4+9" "3 + 4 + 6" \
           "1+1+4+5" "5+4+3" 9:1 3:9 3:x x:1 "3:" "3 : 2x" 3:2; then
        pass
    else
        fail "the page of play at ${q_sz% *}x${q_sz#* }, Nim typed: $(cat "$tmp/q.err")"
        diff "$tmp/q.want" "$tmp/q.got" | sed 's/^/    /' | head -20
    fi
    set -- $q_sz
    if q_typing $1 $2 -s 1,3,4 --position 6+7 -- 6+5 6:2 8:1 6+7 2+2 6+9 7:4; then
        pass
    else
        fail "the page of play at $1x$2, S = {1,3,4} typed: $(cat "$tmp/q.err")"
        diff "$tmp/q.want" "$tmp/q.got" | sed 's/^/    /' | head -20
    fi
done
if q_typing 1024 768 -t kayles --position 5 -- 5:1 5:3 1+1 6 1+5 2+3 5:9 1+3; then
    pass
else
    fail "the page of play, Kayles typed: $(cat "$tmp/q.err")"
    diff "$tmp/q.want" "$tmp/q.got" | sed 's/^/    /' | head -20
fi
if q_typing 1024 768 -g "$q_data/graph-game.dot" --position d -- zzz d end d+start d:1 start; then
    pass
else
    fail "the page of play, a DOT game typed: $(cat "$tmp/q.err")"
    diff "$tmp/q.want" "$tmp/q.got" | sed 's/^/    /' | head -20
fi
if q_typing 1024 768 -s all --position 3+4+5 --lang zh -- 3+4+9 9:1 3:9 x 5+4+3 3:2; then
    pass
else
    fail "the page of play in Chinese, typed: $(cat "$tmp/q.err")"
    diff "$tmp/q.want" "$tmp/q.got" | sed 's/^/    /' | head -20
fi

# The page's legend names the looks as a game shows them (the position now,
# a position one move leads to, a value not shown), not as the steps of a
# computation do; in Chinese too.
run_in "$tmp" play -s 1,3,4 --position 9 -o play-legend.html
run_in "$tmp" play -s 1,3,4 --position 9 --lang zh -o play-legend-zh.html
if grep -qF '>the position now<' "$tmp/play-legend.html" &&
   grep -qF '>a position one move leads to<' "$tmp/play-legend.html" &&
   ! grep -q 'being computed\|not computed yet' "$tmp/play-legend.html" &&
   grep -qF '>现在的局面<' "$tmp/play-legend-zh.html" &&
   ! grep -q '正在计算' "$tmp/play-legend-zh.html"; then
    pass
else
    fail "the page of play: the legend's words"
fi
