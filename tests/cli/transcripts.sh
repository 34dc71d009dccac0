#!/bin/sh
# transcripts.sh - every transcript in README.md and doc/*.md runs, and
# prints what the page shows.
#
#   SGVIZ=build/sgviz sh tests/cli/transcripts.sh [FILE.md ...]
#
# The convention, in a Markdown file:
#
#   <!-- transcript: examples/worked-example -->
#   ```console
#   $ sgviz trace -s 1,3,4 --from 5 --to 7
#   S = {1,3,4}: sg(x) = mex{sg(y) : y is one move from x}
#   ...
#   ```
#
# - A fenced block whose info string is "console" is a checked transcript,
#   and the line just before it (blank lines aside) must be the comment
#   <!-- transcript: DIR -->, DIR being a directory relative to the top of
#   the source tree.  The block runs in a fresh copy of DIR, so a command
#   may write files there and a later command of the block read them.
# - A line starting with "$ " is a command, run by sh with a "sgviz" first
#   in PATH that runs $SGVIZ, so that pipes, redirections and `cat FILE`
#   work as in a shell.  Lines right after it that start with "> "
#   continue it, as a terminal shows a here-document being typed.  The
#   lines after those, up to the next "$ " line or the end of the block,
#   are what it must print: standard output and standard error together,
#   as a terminal shows them.  A command followed by no lines must print
#   nothing.  The exit status is not compared (a refusal exits 2), but a
#   command killed by a signal fails.
# - A line that is exactly "..." stands for any number of lines (none
#   included), where the page leaves some out; every other line must match
#   exactly.
# - A transcript that is not checked (a picture, a machine's own setting,
#   output cut short inside a line) goes in a ```sh block.  Lines starting
#   with "$ " in any other block, a ```console block without its comment,
#   and a comment without its block are errors, so that nothing looks
#   checked without being checked.
# - As in CommonMark, a fence or a comment indented by four spaces or more
#   is part of an indented code block, and is only shown.
#
# SGVIZ_RUNNER, when set, is a command that runs each sgviz, as in run.sh.
#
# Prints a FAIL line for each command whose output differs, then the
# counts; exits 0 when every command passed, 1 otherwise.
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
    echo "transcripts.sh: $SGVIZ is not built" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# The "sgviz" that the transcripts' commands find first in PATH.
mkdir "$tmp/bin" "$tmp/blocks"
cat > "$tmp/bin/sgviz" <<'WRAPPER'
#!/bin/sh
exec ${SGVIZ_RUNNER:-} "$SGVIZ" "$@"
WRAPPER
chmod +x "$tmp/bin/sgviz"

if [ $# -eq 0 ]; then
    set -- "$root/README.md"
    for f in "$root"/doc/*.md; do
        [ -f "$f" ] && set -- "$@" "$f"
    done
fi

# ---- reading the transcripts -------------------------------------------

# For block B (numbered from 1000, so that the names sort) and its command
# C the awk program writes $tmp/blocks/B.dir (DIR), B.C.where (FILE:LINE),
# B.C.cmd (the command) and B.C.want (the lines it must print); each
# mistake in the convention is a line of $tmp/blocks/errors.
awk -v out="$tmp/blocks" -v root="$root/" '
function where() { f = FILENAME; sub("^" root, "", f); return f ":" FNR }
function err(msg) { print where() ": " msg > (out "/errors") }
function finish_cmd() {
    if (cmd != "") { close(base ".want"); close(base ".cmd"); close(base ".where") }
    cmd = ""
}
FNR == 1 { if (pending != "") err("a transcript comment with no ```console block after it"); pending = ""; fence = "" }
fence == "" && /^(   |  | )?<!-- *transcript:/ {
    if (pending != "") err("two transcript comments in a row")
    d = $0
    sub(/^ *<!-- *transcript: */, "", d)
    if (d !~ / *-->[ \t]*$/) { err("a transcript comment must end with -->"); next }
    sub(/ *-->[ \t]*$/, "", d)
    if (d == "" || d ~ /^\// || d ~ /(^|\/)\.\.(\/|$)/) { err("the directory of a transcript must be relative to the top of the tree"); next }
    pending = d
    next
}
fence == "" && /^(   |  | )?```/ {
    indent = $0; sub(/```.*/, "", indent)
    info = $0; sub(/^ *```/, "", info); sub(/[ \t]+$/, "", info)
    fence = "```"
    refused = 0
    if (info == "console") {
        if (pending == "") {
            err("a ```console block without <!-- transcript: DIR --> before it (use ```sh for one that is not checked)")
            checked = 0
            refused = 1
        } else {
            block++
            b = out "/" (999 + block)
            print pending > (b ".dir"); close(b ".dir")
            ncmd = 0; cmd = ""; checked = 1
        }
    } else {
        if (pending != "") err("a transcript comment before a ```" info " block, which is not checked (use ```console)")
        checked = 0
    }
    pending = ""
    first = 1
    next
}
fence == "" && NF > 0 && pending != "" { err("a transcript comment with no ```console block after it"); pending = "" }
fence != "" && /^(   |  | )?```[ \t]*$/ { finish_cmd(); fence = ""; next }
fence != "" {
    line = $0
    if (indent != "" && index(line, indent) == 1) line = substr(line, length(indent) + 1)
    if (!checked) {
        if (line ~ /^\$ / && info != "sh" && !refused)
            err("a command in a ```" info " block: use ```console with a transcript comment to check it, or ```sh to show it unchecked")
        next
    }
    if (line ~ /^\$ /) {
        finish_cmd()
        ncmd++
        base = b "." (100 + ncmd)
        cmd = substr(line, 3)
        print cmd > (base ".cmd")
        print where() > (base ".where")
        printf "" > (base ".want")
        nout = 0
    } else if (!first && nout == 0 && (line ~ /^> / || line == ">")) {
        print substr(line, 3) > (base ".cmd")
    } else if (first) {
        err("a ```console block must start with a command (a line starting with \"$ \")")
        checked = 0
        refused = 1
    } else {
        print line > (base ".want")
        nout++
    }
    first = 0
    next
}
END {
    if (fence != "") err("a code block that is never closed")
    if (pending != "") err("a transcript comment with no ```console block after it")
}
' "$@"

if [ -f "$tmp/blocks/errors" ]; then
    while IFS= read -r e; do
        fail "$e"
    done < "$tmp/blocks/errors"
fi

# ---- running them ------------------------------------------------------

# matches WANT GOT: GOT holds the lines of WANT, where a line "..." of WANT
# stands for any number of lines of GOT.
matches() {
    awk '
    FNR == NR { w[++nw] = $0; next }
    { g[++ng] = $0 }
    END {
        # ok[i, j]: w[i..nw] matches g[j..ng]
        for (j = ng + 1; j >= 1; j--) ok[nw + 1, j] = (j == ng + 1)
        for (i = nw; i >= 1; i--)
            for (j = ng + 1; j >= 1; j--)
                if (w[i] == "...")
                    ok[i, j] = ok[i + 1, j] || (j <= ng && ok[i, j + 1])
                else
                    ok[i, j] = j <= ng && w[i] == g[j] && ok[i + 1, j + 1]
        exit !ok[1, 1]
    }' "$1" "$2"
}

blocks=0
for dirfile in "$tmp"/blocks/*.dir; do
    [ -f "$dirfile" ] || continue
    blocks=$((blocks + 1))
    b=${dirfile%.dir}
    dir=$(cat "$dirfile")
    rm -rf "$tmp/run"
    if [ ! -d "$root/$dir" ]; then
        fail "$(cat "$b.101.where" 2>/dev/null || echo "$dir"): no directory $dir"
        continue
    fi
    cp -Rp "$root/$dir" "$tmp/run"
    for cmdfile in "$b".*.cmd; do
        [ -f "$cmdfile" ] || continue
        c=${cmdfile%.cmd}
        cmd=$(cat "$cmdfile")
        at=$(cat "$c.where")
        shown=$(sed -n 1p "$cmdfile")
        (cd "$tmp/run" && unset COLUMNS && PATH="$tmp/bin:$PATH" &&
         export PATH && sh -c "$cmd") > "$tmp/got" 2>&1 < /dev/null
        status=$?
        if [ "$status" -ge 126 ]; then
            fail "$at: \$ $shown: exit $status"
            sed 's/^/    /' "$tmp/got" | head -5
        elif ! matches "$c.want" "$tmp/got"; then
            fail "$at: \$ $shown: the output differs from the page (< the page, > sgviz)"
            diff "$c.want" "$tmp/got" | head -20 | cut -c1-300 | sed 's/^/    /'
        else
            pass
        fi
    done
done

echo "transcripts: $passed passed, $failed failed ($blocks blocks in $# files)"
[ "$failed" -eq 0 ]
