#!/bin/bash
# A mouse click on a menu row picks that row (issue 32), on the desktop SDL
# build (build/native/ratscrew, make -C native sdl) under its own Xvfb,
# live, in the player's language from a save: on the title a click on
# "Options" (the title has seven rows where the build has its network:
# from y 99, every 21 px), then in Options on "People", whose help names
# the keyboard. The window is 960x544: the game's pixels doubled.
#   tools/screens/desktop-clicks.sh OUT_DIR [en|ru]
#   OUT_DIR/clicks[-ru]-{options,people}.png
# Needs Xvfb, xdotool and xwd (x11-apps).
set -eu
out=$1 language=${2:-en}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
mkdir -p "$out" "$work/ratscrew"
prefix=clicks
[ "$language" = ru ] && prefix=clicks-ru
# The save in the C hosts' format (native/core/save.c): the text, then its trailer.
node --input-type=module -e "
import { writeFileSync } from 'node:fs';
import { saveTrailer } from '$root/tools/contract/contract.mjs';
const text = JSON.stringify({ version: 1, settings: { language: '$language' } });
writeFileSync('$work/ratscrew/save.json', text + saveTrailer(Buffer.from(text, 'utf8')));
"
. "$root/tools/screens/xvfb.sh"
DISPLAY=":$display" SDL_AUDIODRIVER=dummy HOME="$work" XDG_DATA_HOME="$work" \
  "$root/build/native/ratscrew" --seed 5 2> "$work/log" &
game=$!
window=
for _ in $(seq 50); do
  window=$(DISPLAY=":$display" xdotool search --name 'Egyptian Ratscrew' 2> /dev/null | head -1) || true
  [ -n "$window" ] && break
  sleep 0.2
done
[ -n "$window" ] || { echo "desktop-clicks.sh: no window; the game's log:" >&2; cat "$work/log" >&2; exit 1; }
sleep 2
shot() {
  DISPLAY=":$display" xwd -silent -id "$window" -out "$work/shot.xwd"
  node "$root/tools/screens/xwd-png.mjs" "$work/shot.xwd" "$out/$prefix-$1.png"
  echo "$out/$prefix-$1.png"
}
click() {
  DISPLAY=":$display" xdotool mousemove --window "$window" "$1" "$2" mousedown 1 sleep 0.08 mouseup 1
  sleep 1
}
click $((290 * 2)) $(((99 + 2 * 21 + 7) * 2))
shot options
click $((300 * 2)) $(((38 + 3 * 15 + 5) * 2))
shot people
