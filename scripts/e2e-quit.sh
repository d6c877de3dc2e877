#!/usr/bin/env bash
# Quitting the real window under Xvfb, after using every overlay, frees everything in order:
# exit status 0 and no invalid-parameter error from SDL, for Q, Ctrl-C (SIGINT) and SIGTERM.
#   scripts/e2e-quit.sh PATH/TO/splashlab
#
# SDL_DestroyTexture on a texture whose renderer is already gone only sets SDL's error string;
# SPLASHLAB_CHECK_SDL_ERRORS=1 makes the app print every error SDL records ("SDL error: ..."),
# and any "Parameter 'x' is invalid" / "Invalid texture|renderer|window" among them fails the test.
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e-quit.sh PATH/TO/splashlab}")

# shellcheck source=scripts/e2e-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/e2e-lib.sh"
# Job control: a background job of a non-interactive shell otherwise starts with SIGINT
# ignored, and SDL leaves an ignored signal alone; with it the window gets Ctrl-C as from a terminal.
set -m

press() { xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key "$1"; sleep 0.25; }
drag() { # x0 y0 x1 y1: a real press, moves and release
  xdotool mousemove --window "$win" "$1" "$2" mousedown 1
  for i in 1 2 3 4 5 6; do
    xdotool mousemove --window "$win" $(($1 + ($3 - $1) * i / 6)) $(($2 + ($4 - $2) * i / 6)); sleep 0.03
  done
  xdotool mouseup 1; sleep 0.3
}

# Every overlay, a card opened and closed, the panel presented and dismissed, a timeline scrub.
exercise() {
  sleep 3.4   # past the splash and its hole, so its textures exist too
  xdotool windowfocus --sync "$win" 2>/dev/null
  for key in h t c question Tab Tab; do press "$key"; done
  xdotool mousemove --window "$win" 94 200 click 1; sleep 0.8       # a card opens
  press Escape; sleep 0.6                                            # and closes
  press p; sleep 0.8; press p; sleep 0.8                             # the panel
  drag 180 660 180 330; sleep 0.8; drag 180 330 180 650; sleep 0.6   # dragged up, then down
  drag 40 650 300 650                                                # scrub on the timeline strip
  for key in question c t h; do press "$key"; done
  sleep 0.3
}

# $1: name, $2: how to quit (q, INT or TERM)
check_quit() {
  local name=$1 how=$2
  # Started as from a terminal: SIGINT at its default even when this script inherited it ignored
  # (a background job of a non-interactive shell), since the app rightly keeps an ignored signal ignored.
  SPLASHLAB_CHECK_SDL_ERRORS=1 python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
    "$bin" run --window-scale 1 --seed 3 >"$out/$name.log" 2>&1 &
  pid=$!
  if ! win=$(wait_window); then fail "$name: the window did not open: $(cat "$out/$name.log")"; kill "$pid" 2>/dev/null; return; fi
  exercise
  if [ "$how" = q ]; then press q; else kill -"$how" "$pid"; fi
  wait_exit "$pid" 15
  if [ "$status" = 0 ]; then pass "$name: exit status 0"; else fail "$name: exit status $status"; kill -KILL "$pid" 2>/dev/null; fi
  local invalid
  invalid=$(grep -ciE "^SDL error: (Parameter '.*' is invalid|Invalid (texture|renderer|window))" "$out/$name.log")
  if [ "$invalid" = 0 ]; then
    pass "$name: no invalid-parameter error from SDL"
  else
    fail "$name: $invalid invalid-parameter errors from SDL, first: $(grep -iE "^SDL error: (Parameter|Invalid)" "$out/$name.log" | sort | uniq -c | sort -rn | head -3 | tr '\n' ';')"
  fi
  if grep -qiE "Fatal error|Bad pointer|Segmentation|crash" "$out/$name.log"; then fail "$name: crashed: $(grep -iE "Fatal error|Bad pointer|Segmentation|crash" "$out/$name.log" | head -2)"; fi
}

check_quit quit-q q
check_quit quit-sigint INT
check_quit quit-sigterm TERM

echo "logs in $out"
echo "e2e-quit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
