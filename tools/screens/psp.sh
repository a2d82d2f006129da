#!/bin/bash
# The PSP's pictures of input scripts: the replay EBOOT (make psp-replay)
# built with SCRIPT.json ..., run in PPSSPP's native headless emulator
# (tools/psp-emulator/native.mjs, software renderer); after replaying every
# script it shows each shot in turn and asks the emulator for its picture
# (native/psp/replay.c), saved as OUT_DIR/NAME-FRAME.png, NAME the script's
# file name without .json.
#   PSPDEV=... PPSSPP_HEADLESS=... tools/screens/psp.sh OUT_DIR SCRIPT.json ...
# The gallery starts at 150 s on the PSP's clock: the replay of two long
# table scripts (13,000 frames each) ends before it.
set -eu
out=$1
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
scripts=()
for s in "$@"; do scripts+=("$(cd "$(dirname "$s")" && pwd)/$(basename "$s")"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
PATH="$PSPDEV/bin:$PATH" make -C "$root" psp-replay SCRIPT="${scripts[*]}" REPLAY_GALLERY_AT_MS=150000 REPLAY_SHOT_MS=100 > "$work/make.log" 2>&1 ||
  { tail -20 "$work/make.log" >&2; exit 1; }
echo '[]' > "$work/steps.json"
node "$root/tools/psp-emulator/native.mjs" --eboot "$root/build/psp-replay/EBOOT.PBP" --out "$work/run" \
  --steps "$work/steps.json" --until-ms 160000 --timeout 1500
# "RS shot K SCRIPT FRAME": the gallery's K-th picture (the splash is script -1).
grep '^RS shot' "$work/run/printed.txt" | while read -r _ _ k s f _; do
  [ "$s" = -1 ] && continue
  name=$(basename "${scripts[$s]}" .json)
  cp "$work/run/emitted-$k.png" "$out/$name-$f.png"
  echo "$out/$name-$f.png"
done
