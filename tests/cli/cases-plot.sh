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
