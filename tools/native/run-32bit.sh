#!/bin/sh
# Runs the 32-bit build's bytecode writer (make -C native headless32): directly
# where this kernel runs 32-bit x86 programs, else under qemu-i386 (Debian's
# qemu-user, as test/native/boxing.test.ts runs the 32-bit host).
#   run-32bit.sh PROGRAM ARGS...
# compile_bytecode without arguments exits 64 (usage) when it can run at all.
"$1" >/dev/null 2>&1
if [ $? -eq 64 ]; then exec "$@"; fi
if command -v qemu-i386 >/dev/null 2>&1; then exec qemu-i386 "$@"; fi
echo "run-32bit: this kernel cannot run 32-bit programs: apt-get install qemu-user" >&2
exit 1
