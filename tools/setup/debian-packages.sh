#!/bin/sh
# The Debian packages the build needs, installed when missing: the one list
# README.md shows (test/setup.test.ts checks that it does).
#   tools/setup/debian-packages.sh play   the desktop game (make play)
#   tools/setup/debian-packages.sh test   everything make test runs
# Uses apt-get as root, or through sudo. On a system without dpkg it can't
# tell what is installed: it names the packages in one line and goes on (the
# native build then says in one line if SDL2 or libpng is missing).
set -eu

# A C compiler, SDL2 for the window and sound, libwebsockets for the online
# rooms (docs/network.md, "The C client"), libpng and zlib for the headless
# host's screenshots.
PLAY="build-essential pkg-config libsdl2-dev libwebsockets-dev libpng-dev zlib1g-dev"
# The tests also need: the DejaVu fonts the asset tools rasterize, valgrind
# for the memory check, a 32-bit compiler for the NaN-boxing cross-check
# (gcc-multilib) and qemu-user to run it on kernels without 32-bit support,
# Chromium for the web version's checks (test/web), redis-server for the
# online server's processes that share their rooms (test/server/redis.test.ts),
# and ccache, which keeps the host builds of QuickJS between checkouts
# (native/Makefile).
TEST="$PLAY fonts-dejavu-core valgrind gcc-multilib qemu-user chromium redis-server ccache"
# With a PSP toolchain (PSPDEV), the PSP checks boot PPSSPP in Chromium
# (above), and the toolchain's compiler needs GMP, MPFR and MPC.
PSP="libgmp10 libmpfr6 libmpc3"
# With PPSSPP's native headless emulator (PPSSPP_HEADLESS), the libraries it
# loads (../shared/ppsspp-native/README.md), Xvfb and Mesa for its OpenGL
# renderer, and ip(8) to bring up the loopback of the network namespace it
# runs in (tools/psp-emulator/native.mjs).
NATIVE="libzip4 libsnappy1v5 libopengl0 libglx0 libfontconfig1 libfreetype6 libx11-6 libssl3 libpng16-16 libzstd1 libegl1 libgl1-mesa-dri xvfb iproute2"

case "${1:-}" in
  play) want=$PLAY ;;
  test) want=$TEST; if [ -n "${PSPDEV:-}" ]; then want="$want $PSP"; fi
        if [ -n "${PPSSPP_HEADLESS:-}" ]; then want="$want $NATIVE"; fi ;;
  list) echo "$TEST"; echo "$PSP"; echo "$NATIVE"; exit 0 ;;
  *) echo "usage: $0 play|test|list" >&2; exit 64 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: not a Debian system: this build needs (Debian names): $want"
  exit 0
fi
missing=""
for p in $want; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then missing="$missing $p"; fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
  echo "setup: not root and no sudo: as root, run: apt-get install$missing" >&2
  exit 1
fi
echo "setup: installing Debian packages:$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
