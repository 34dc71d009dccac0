# cases-plot.sh - `sgviz plot`: each format written where -o and -T say,
# to a file or to standard output, for every kind of game.  The dots
# themselves are checked against the values in tests/test_plot.c.
# Sourced by run.sh, which provides run_in, pass, fail, $tmp, $here, $root
# and $SGVIZ.

mkdir -p "$tmp/plot"

# p_expect DESCRIPTION ARGS...: runs sgviz ARGS in $tmp/plot; it must
# succeed and print nothing on standard error.
p_expect() {
    p_what=$1
    shift
    run_in "$tmp/plot" "$@"
    if [ "$status" != 0 ] || [ -s "$tmp/err" ]; then
        fail "$p_what: exit $status"
        sed 's/^/    /' "$tmp/err" | head -5
        return 1
    fi
    return 0
}

# p_magic FILE BYTES DESCRIPTION: FILE starts with BYTES.
p_magic() {
    if [ "$(head -c ${#2} "$1")" = "$2" ]; then pass; else
        fail "$3: $1 does not start with $2"
    fi
}

if p_expect "plot --help" plot --help; then
    if grep -q '^Usage: sgviz plot' "$tmp/out"; then pass; else
        fail "plot --help: no usage"
    fi
fi
if p_expect "plot -o -" plot -s 1,3,4 -n 500 -o -; then
    p_magic "$tmp/out" "<?xml" "plot -o -"
    if grep -qF '<title>S = {1,3,4}: sg(x) for x = 0..500</title>' "$tmp/out"; then pass; else
        fail "plot -o -: not the title of S = {1,3,4}, 0..500"
    fi
fi
for p_case in "x.png:%PNG:plot -t kayles -n 2000 -o x.png" \
              "x.pdf:%PDF:plot -s fib -n 2000 -o x.pdf" \
              "y.img:%PDF:plot -s pow2 -n 2000 -T pdf -o y.img" \
              "board.svg:<?xml:plot -g $root/examples/dot-game/board.dot -o board.svg"; do
    p_file=${p_case%%:*}
    p_rest=${p_case#*:}
    p_head=${p_rest%%:*}
    p_args=${p_rest#*:}
    if p_expect "$p_args" "$p_args"; then
        [ ! -s "$tmp/out" ] || fail "$p_args: wrote to standard output"
        if [ "$p_head" = "%PNG" ]; then
            if head -c 8 "$tmp/plot/$p_file" | od -An -c | grep -q 'P   N   G'; then pass; else
                fail "$p_args: not a PNG"
            fi
        else
            p_magic "$tmp/plot/$p_file" "$p_head" "$p_args"
        fi
    fi
done
if grep -qF 'board.dot: sg of positions 0..15, in the order computed' "$tmp/plot/board.svg"; then pass; else
    fail "plot -g board.dot: not the title of a DOT game"
fi

# --lang zh: the title, axes and legend in the teaching notes' words, and
# the count of P-positions as a closed form gives it (S = {1,3,4} has
# sg(x) = 0 exactly when x mod 7 is 0 or 2).
if p_expect "plot --lang zh" plot -s 1,3,4 -n 60 --lang zh -o zh.svg; then
    p_count=0
    p_x=0
    while [ $p_x -le 60 ]; do
        case $((p_x % 7)) in 0|2) p_count=$((p_count + 1)) ;; esac
        p_x=$((p_x + 1))
    done
    for p_word in 'S = {1,3,4}：SG(x)，x = 0..60' '>SG(x)<' \
                  "P 局面：先手必败，61 个中 $p_count 个" 'N 局面：先手必胜' \
                  '周期 7，从 x = 0 起（已证明）'; do
        if grep -qF "$p_word" "$tmp/plot/zh.svg"; then pass; else
            fail "plot --lang zh: no \"$p_word\""
        fi
    done
    if grep -q 'N-position\|P-position\|period 7' "$tmp/plot/zh.svg"; then
        fail "plot --lang zh: English words left in the legend"
    else pass; fi
    # Where the machine has a Chinese font, the SVG names it first, so a
    # viewer does not set the words in a Latin font without them.
    p_family=$(sed -n 's/.*<svg [^>]*font-family="\([^,"]*\).*/\1/p' "$tmp/plot/zh.svg")
    if command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh-cn family)" ]; then
        if fc-list :lang=zh-cn family | tr ',' '\n' | grep -qxF "$p_family"; then pass; else
            fail "plot --lang zh: font-family \"$p_family\" has no Chinese"
        fi
    fi
fi
if p_expect "plot --lang zh -o x.png" plot -t kayles -n 200 --lang zh -o zh.png; then
    if head -c 8 "$tmp/plot/zh.png" | od -An -c | grep -q 'P   N   G'; then pass; else
        fail "plot --lang zh -o zh.png: not a PNG"
    fi
fi
# English stays the default, and its font list has no Chinese family.
if p_expect "plot --lang en" plot -s 1,3,4 -n 60 --lang en -o en.svg; then
    if grep -qF 'font-family="Helvetica,Arial,sans-serif"' "$tmp/plot/en.svg" &&
       grep -qF 'P-position (sg = 0): 18 of 61' "$tmp/plot/en.svg"; then pass; else
        fail "plot --lang en: not the English legend"
    fi
fi
