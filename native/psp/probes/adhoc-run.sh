#!/bin/sh
# Two native emulators playing ad hoc (adhoc.c), each in a network namespace
# of its own with its own address (headless PPSSPP instances on one
# loopback all take 127.0.0.0 as their ad-hoc address and the same UDP
# ports): A at 10.0.0.1 runs PPSSPP's built-in ad-hoc server, B at 10.0.0.2
# joins through a veth pair; both paced to the wall clock
# (native.mjs --realtime).
#   sh native/psp/probes/adhoc-run.sh build/psp-adhoc/EBOOT.PBP OUTDIR
# Needs PPSSPP_HEADLESS. Prints each side's "ADHOC" lines.
set -e
EBOOT=$(realpath "$1"); OUT=$(realpath -m "$2")
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
if [ "$RATSCREW_PSP_NETNS" != 1 ]; then
  exec unshare --user --map-root-user --net env RATSCREW_PSP_NETNS=1 sh "$0" "$@"
fi
ip link set lo up
export PPSSPP_ADHOC_SERVER=10.0.0.1
N="node --experimental-websocket --no-warnings=ExperimentalWarning $ROOT/tools/psp-emulator/native.mjs"
E=$PPSSPP_HEADLESS
mkdir -p "$OUT"
unshare --net sh -c "ip link set lo up; while ! ip link show veth1 >/dev/null 2>&1; do sleep 0.1; done; ip addr add 10.0.0.2/24 dev veth1; ip link set veth1 up; sleep 2; env PPSSPP_MAC=02:00:00:00:00:0b PPSSPP_NICKNAME=Boris $N --eboot $EBOOT --out $OUT/b --emulator $E --realtime --until-ms 30000 --timeout 120" &
B=$!
sleep 0.5
ip link add veth0 type veth peer name veth1 netns $B
ip addr add 10.0.0.1/24 dev veth0
ip link set veth0 up
env PPSSPP_MAC=02:00:00:00:00:0a PPSSPP_NICKNAME=Anna PPSSPP_BUILTIN_ADHOC_SERVER=1 $N --eboot "$EBOOT" --out "$OUT/a" --emulator "$E" --realtime --until-ms 34000 --timeout 120 &
A=$!
wait $A $B || true
sed 's/^/A /' "$OUT/a/printed.txt"; sed 's/^/B /' "$OUT/b/printed.txt"
