#!/bin/sh
# job.sh - runs one test job for `make test`, so that jobs can run side by
# side without their output mixing.
#
#   sh tests/job.sh RESULTS NAME COMMAND [ARG...]
#
# The command's output goes to RESULTS/NAME.log; RESULTS/NAME.ok or
# RESULTS/NAME.failed says how it ended, and a failed job's log is shown at
# once.  tests/summary.sh reads what the jobs leave.
set -u
results=$1
name=$2
shift 2
log="$results/$name.log"
if { echo "== $name"; "$@"; } > "$log" 2>&1; then
    touch "$results/$name.ok"
else
    touch "$results/$name.failed"
    cat "$log"
fi
