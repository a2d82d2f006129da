#!/bin/sh
# Runs the PSP compiler ("$@") and passes its messages on, less stock
# binutils' "float register should be even" notes and the "Assembler
# messages:" heading of a group holding nothing else (native/psp/Makefile
# says why). The compiler's exit status is kept.
err=$(mktemp "${TMPDIR:-/tmp}/psp-cc.XXXXXX") || exit 1
"$@" 2>"$err"
status=$?
awk '
  /: Assembler messages:$/ { held = $0; next }
  /: Warning: float register should be even, was [0-9]+$/ { next }
  { if (held != "") { print held; held = "" } print }
' "$err" >&2
rm -f "$err"
exit $status
