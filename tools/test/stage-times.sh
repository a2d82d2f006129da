#!/usr/bin/env bash
# The table of stage times tools/test/stage.sh recorded (one line a stage),
# with the whole run's wall time when given: tools/test/stage-times.sh FILE [TOTAL_S]
set -u
file=$1
total=${2:-}
[ -f "$file" ] || exit 0
echo "stage times (wall s, CPU s; load $(cut -d' ' -f1-3 /proc/loadavg)):"
awk -F'\t' '{ printf "  %-14s %5s s  CPU %5s s  %s\n", $1, $2, $3, $4 }' "$file"
[ -z "$total" ] || echo "  total          $(printf '%5s' "$total") s"
