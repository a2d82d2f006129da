#!/bin/bash
# The desktop SDL build (build/native/ratscrew, make -C native sdl) under its
# own Xvfb, replaying an input script (tools/screens/replay-bundle.mjs): a
# PNG of the window at each of the script's shots, OUT_DIR/PREFIX-FRAME.png.
#   tools/screens/desktop.sh SCRIPT.json OUT_DIR PREFIX
# Needs Xvfb, xdotool and xwd (x11-apps).
set -eu
script=$1 out=$2 prefix=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
mkdir -p "$out"
node "$root/tools/screens/replay-bundle.mjs" "$script" "$work/replay.js"
seed=$(node -e "console.log(JSON.parse(require('fs').readFileSync('$script','utf8')).seed)")
shots=$(node -e "console.log(JSON.parse(require('fs').readFileSync('$script','utf8')).shots.length)")
. "$root/tools/screens/xvfb.sh"
DISPLAY=":$display" SDL_AUDIODRIVER=dummy HOME="$work" XDG_DATA_HOME="$work" \
  "$root/build/native/ratscrew" --seed "$seed" --bundle "$work/replay.js" 2> "$work/log" &
game=$!
taken=0
while [ "$taken" -lt "$shots" ] && kill -0 "$game" 2> /dev/null; do
  sleep 0.2
  for frame in $(grep -o 'shot [0-9]*' "$work/log" | awk '{print $2}' | tail -n +$((taken + 1))); do
    sleep 0.5 # the held frame is on screen for two seconds
    window=$(DISPLAY=":$display" xdotool search --name 'Egyptian Ratscrew' | head -1)
    DISPLAY=":$display" xwd -silent -id "$window" -out "$work/shot.xwd"
    node "$root/tools/screens/xwd-png.mjs" "$work/shot.xwd" "$out/$prefix-$frame.png"
    echo "$out/$prefix-$frame.png"
    taken=$((taken + 1))
  done
done
[ "$taken" -eq "$shots" ] || { echo "desktop.sh: $taken of $shots shots; the game's log:" >&2; cat "$work/log" >&2; exit 1; }
