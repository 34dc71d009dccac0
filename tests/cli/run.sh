#!/bin/sh
# run.sh - the command-line tests.
#
#   SGVIZ=build/sgviz sh tests/cli/run.sh [PART...]
#
# PART is "examples", "bad-inputs", "transcripts" or the name of a cases file
# ("cases-steps.sh"); without one, every part runs.  `make test` runs each
# part as a job of its own, side by side.
#
# 1. Every examples/*/COMMANDS file lists commands with the file holding
#    their expected output; each command runs in its example's directory and
#    its standard output must equal that file byte for byte.
# 2. tests/cli/bad-inputs*.txt list bad inputs; each must exit with the given
#    status, print nothing on standard output, print exactly one line on
#    standard error that starts with "sgviz: " and contains the given text,
#    and leave no file behind (it runs in a copy of tests/cli/data).
# 3. tests/cli/cases*.sh hold the remaining behaviours.
#
# SGVIZ_RUNNER, when set, is a command that runs each sgviz (for instance
# valgrind with its options); `make leakcheck` uses it.
#
# SGVIZ_BROWSER_TIMEOUT (default 600) is the time in seconds each run of
# headless Chromium may take.
#
# SGVIZ_SKIP_TOOLS, when set, names programs (chromium, pdflatex, ...) the
# tests are to take as missing: `make asan` skips the runs of programs
# that the sanitizers cannot look into, which `make test` makes already.
#
# Exits 0 when everything passed, 1 otherwise; skipped tests are counted.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SGVIZ=${SGVIZ:-build/sgviz}
case "$SGVIZ" in
    /*) ;;
    *) SGVIZ="$root/$SGVIZ" ;;
esac
export SGVIZ
if [ ! -x "$SGVIZ" ]; then
    echo "run.sh: $SGVIZ is not built" >&2
    exit 1
fi

tmp=$(mktemp -d)
# On INT or TERM the run stops (a trap alone would let it go on), and the
# EXIT trap removes the directory.
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# skip WHAT: a behaviour this machine cannot try (a tool is missing); it is
# counted and the summary names the count, so that such a run does not pass
# for a complete one.
skipped=0
skip() {
    skipped=$((skipped + 1))
    echo "skipped: $*"
}
# have PROGRAM: whether PROGRAM is installed and not among SGVIZ_SKIP_TOOLS.
have() {
    case " ${SGVIZ_SKIP_TOOLS:-} " in
        *" $1 "*) return 1 ;;
    esac
    command -v "$1" > /dev/null 2>&1
}

# Headless Chromium can take minutes to start on a loaded machine; each run
# of it gets this many seconds before it counts as failed.
browser_timeout=${SGVIZ_BROWSER_TIMEOUT:-600}

# Runs "sgviz ARGS" (ARGS may hold quotes and redirections) in directory DIR,
# leaving its output in $tmp/out and $tmp/err and its status in $status.
run_in() {
    dir=$1
    shift
    (cd "$dir" && eval "${SGVIZ_RUNNER:-} \"\$SGVIZ\" $*") > "$tmp/out" 2> "$tmp/err" < /dev/null
    status=$?
}

# expect STATUS DESCRIPTION ARGS...: runs sgviz ARGS in $tmp and checks the
# exit status; the output stays in $tmp/out and $tmp/err for further checks.
expect() {
    expect_status=$1
    expect_what=$2
    shift 2
    run_in "$tmp" "$@"
    if [ "$status" != "$expect_status" ]; then
        fail "$expect_what: exit $status, expected $expect_status"
        sed 's/^/    /' "$tmp/err" | head -5
        return 1
    fi
    return 0
}

# has_line TEXT DESCRIPTION: $tmp/out holds TEXT as a whole line.
has_line() {
    if grep -qxF -- "$1" "$tmp/out"; then pass; else
        fail "$2: no line \"$1\""
    fi
}

# ---- 1. examples with expected output ----------------------------------

run_examples() {
for commands in "$root"/examples/*/COMMANDS; do
    [ -f "$commands" ] || continue
    dir=$(dirname "$commands")
    name=$(basename "$dir")
    while IFS= read -r line; do
        case "$line" in '' | '#'*) continue ;; esac
        expected=$(printf '%s\n' "$line" | awk '{print $1}')
        want_status=$(printf '%s\n' "$line" | awk '{print $2}')
        args=$(printf '%s\n' "$line" | sed 's/^[^ ]*  *[^ ]*  *//')
        run_in "$dir" "$args"
        if [ "$status" != "$want_status" ]; then
            fail "examples/$name: sgviz $args: exit $status, expected $want_status"
            sed 's/^/    /' "$tmp/err"
        elif ! cmp -s "$tmp/out" "$dir/$expected"; then
            fail "examples/$name: sgviz $args: output differs from $expected"
            diff "$dir/$expected" "$tmp/out" | head -20 | sed 's/^/    /'
        else
            pass
        fi
    done < "$commands"
done
}

# ---- 2. bad inputs ------------------------------------------------------

run_bad_inputs() {
# Bad inputs run in a copy of tests/cli/data, and the copy must come out
# unchanged: a refused command leaves no output file, whole or partial.
cp -Rp "$here/data" "$tmp/data"
listing() { (cd "$tmp/data" && find . -type f -exec cksum {} + | sort); }
listing > "$tmp/data.before"

tab=$(printf '\t')
for table in "$here"/bad-inputs*.txt; do
while IFS="$tab" read -r want_status fragment args; do
    case "$want_status" in '' | '#'*) continue ;; esac
    run_in "$tmp/data" "$args"
    lines=$(wc -l < "$tmp/err")
    listing > "$tmp/data.after"
    if [ "$status" != "$want_status" ]; then
        fail "bad input: sgviz $args: exit $status, expected $want_status"
        sed 's/^/    /' "$tmp/err"
    elif [ -s "$tmp/out" ]; then
        fail "bad input: sgviz $args: wrote to standard output"
    elif [ "$lines" -ne 1 ]; then
        fail "bad input: sgviz $args: $lines lines on standard error, expected 1"
        sed 's/^/    /' "$tmp/err"
    elif ! grep -q '^sgviz: ' "$tmp/err"; then
        fail "bad input: sgviz $args: message does not start with 'sgviz: '"
    elif ! grep -qF -- "$fragment" "$tmp/err"; then
        fail "bad input: sgviz $args: message lacks \"$fragment\": $(cat "$tmp/err")"
    elif ! cmp -s "$tmp/data.before" "$tmp/data.after"; then
        fail "bad input: sgviz $args: left or changed files:"
        diff "$tmp/data.before" "$tmp/data.after" | sed 's/^/    /'
    else
        pass
    fi
    if ! cmp -s "$tmp/data.before" "$tmp/data.after"; then
        rm -rf "$tmp/data"
        cp -Rp "$here/data" "$tmp/data"
    fi
done < "$table"
done
}

# ---- 3. other behaviours, one file of cases each ---------------------------

parts=${*:-examples bad-inputs transcripts $(cd "$here" && ls cases*.sh)}
for part in $parts; do
    case "$part" in
        examples) run_examples ;;
        bad-inputs) run_bad_inputs ;;
        # Every transcript of README.md and doc/*.md, against what sgviz
        # prints (tests/cli/transcripts.sh says how they are marked).
        transcripts)
            if sh "$here/transcripts.sh"; then pass; else
                fail "tests/cli/transcripts.sh: a transcript in README.md or doc/*.md differs from what sgviz prints"
            fi ;;
        cases*.sh)
            if [ ! -f "$here/$part" ]; then
                echo "run.sh: no part $part" >&2
                exit 1
            fi
            # shellcheck disable=SC1090
            . "$here/$part" ;;
        *) echo "run.sh: no part $part (examples, bad-inputs, transcripts, cases-*.sh)" >&2
           exit 1 ;;
    esac
done

echo "cli tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
