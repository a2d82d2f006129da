# Sourced by the desktop screenshot scripts: an Xvfb of their own on a
# random display (never a teammate's), and a cleanup on exit that ends the
# game ($game, when the script has started it), the Xvfb and the work folder.
# Needs $work; sets $display.
display=$(shuf -i 100-899 -n 1)
Xvfb ":$display" -screen 0 1280x720x24 -nolisten tcp > "$work/xvfb.log" 2>&1 &
xvfb=$!
game=
cleanup() {
  [ -n "$game" ] && kill "$game" 2> /dev/null || true
  kill "$xvfb" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
sleep 1
