#!/bin/sh
# c-examples.sh - runs each example program of examples/c (games defined in
# C, built against the public header and the library alone) and compares
# its output with the expected one beside its source.
#
#   sh tests/c-examples.sh BUILD/examples/NAME...
set -u
failed=0
for e in "$@"; do
    name=${e##*/}
    echo "== $e"
    if ! "$e" > "$e.out"; then
        echo "FAIL: $e exited with status $?"
        failed=$((failed + 1))
    elif ! cmp -s "$e.out" "examples/c/$name.txt"; then
        echo "FAIL: $e: output differs from examples/c/$name.txt"
        diff "examples/c/$name.txt" "$e.out" | head -5
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ]
