#!/usr/bin/env bash
# The table of stage times tools/test/stage.sh recorded (one line a stage),
# with the whole run's wall time when given, and a line for each expected
# stage that never ran (a stage it needed failed: make -k went on without it):
#   tools/test/stage-times.sh FILE [TOTAL_S [EXPECTED_STAGES]]
set -u
file=$1
total=${2:-}
expected=${3:-}
touch "$file"
echo "stage times (wall s, CPU s; load $(cut -d' ' -f1-3 /proc/loadavg)):"
awk -F'\t' '{ printf "  %-14s %5s s  CPU %5s s  %s\n", $1, $2, $3, $4 }' "$file"
for stage in $expected; do
  cut -f1 "$file" | grep -qx "$stage" || printf '  %-14s %5s    %9s    %s\n' "$stage" "-" "" "not run"
done
[ -z "$total" ] || echo "  total          $(printf '%5s' "$total") s"
