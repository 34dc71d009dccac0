#!/bin/sh
# summary.sh - the end of `make test`: adds up the command-line tests of
# every part, names each job that failed, and fails when any did.
#
#   sh tests/summary.sh RESULTS
set -u
results=$1
jobs=$(ls "$results" | grep -c '\.log$')
failed=$(ls "$results" | sed -n 's/\.failed$//p')
# A job that left neither mark was stopped before it ended.
unfinished=""
for log in "$results"/*.log; do
    [ -f "$log" ] || continue
    name=$(basename "$log" .log)
    [ -f "$results/$name.ok" ] || [ -f "$results/$name.failed" ] ||
        unfinished="$unfinished $name"
done
cat "$results"/cli-*.log 2>/dev/null |
    awk '/^cli tests: / { p += $3; f += $5; s += $7 }
         END { printf "cli tests: %d passed, %d failed, %d skipped\n", p, f, s }'
n=$(printf '%s\n' $failed $unfinished | grep -c .)
if [ "$n" -ne 0 ]; then
    echo "make test: $n of $jobs job(s) failed:" $failed $unfinished
    exit 1
fi
echo "make test: every suite passed ($jobs jobs)"
