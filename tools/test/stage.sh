#!/usr/bin/env bash
# One stage of make check / make test (docs/testing.md): runs the command,
# then prints one line with its time and appends it to the stage-times file
# (STAGE_TIMES, default build/stage-times.txt) that tools/test/stage-times.sh
# prints as a table at the end. The make running the stages side by side
# (make -j2 -O) shows each stage's output whole when it ends.
#   tools/test/stage.sh NAME COMMAND...
# Wall seconds and CPU seconds (user + system, the stage's processes and
# their children): on a shared machine the first grows with the load, the
# second much less.
set -u
name=$1
shift
times_file=${STAGE_TIMES:-build/stage-times.txt}
mkdir -p "$(dirname "$times_file")"
start=$(date +%s.%N)
"$@"
rc=$?
end=$(date +%s.%N)
# `times` (run in this shell, not a subshell): the shell's own user and
# system time, then its children's.
tmp=$(mktemp)
times > "$tmp"
read -r cu cs < <(sed -n 2p "$tmp")
rm -f "$tmp"
secs() { echo "$1" | awk -F'[ms]' '{ print $1 * 60 + $2 }'; }
wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }')
cpu=$(awk -v u="$(secs "$cu")" -v s="$(secs "$cs")" 'BEGIN { printf "%.0f", u + s }')
status=passed
[ "$rc" -eq 0 ] || status="FAILED ($rc)"
printf '%s\t%s\t%s\t%s\n' "$name" "$wall" "$cpu" "$status" >> "$times_file"
echo "stage $name: $status in $wall s (CPU $cpu s)"
exit "$rc"
