#!/usr/bin/env bash
# The timeline dock's Graph view in the real window under Xvfb: a take replayed from a script
# with grabs, releases and reversals; the Graph view draws the value and velocity curves
# (screenshot), and a click on an interruption row seeks there (the UI dump's playhead shows it).
#   scripts/e2e-analysis.sh PATH/TO/splashlab
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e-analysis.sh PATH/TO/splashlab}")
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/e2e-lib.sh
. "$here/e2e-lib.sh"
session="$here/../Tests/Fixtures/lint/session.json"
dump="$out/analysis.json"

# A field of control ID in the UI dump (see control in e2e-lib.sh).
ui() { control "$dump" "$1" "$2"; }
# Waits up to $2 seconds for control $1 to be in the UI dump.
wait_control() { for _ in $(seq 1 $(($2 * 10))); do ui "$1" x >/dev/null && return 0; sleep 0.1; done; return 1; }
# Whether the playhead's time, read into $t, meets the Python condition $1 on t.
playhead_is() {
  t=$(ui playhead value 2>/dev/null)
  python3 -c "import sys; t = float(sys.argv[1]); sys.exit(0 if $1 else 1)" "${t:-nan}" 2>/dev/null
}
click() { xdotool mousemove --window "$win" "$(ui "$1" cx)" "$(ui "$1" cy)"; sleep 0.2; xdotool click 1; }

"$bin" run --window-scale 1 --seed 1 --inspector on --replay "$session" --ui-dump "$dump" >"$out/analysis.log" 2>&1 &
pid=$!
if ! win=$(wait_window); then
  fail "the window did not open: $(cat "$out/analysis.log")"
else
  # The replay plays the take through past its last input (the timeline then spans all of it), then it is
  # paused, so the playhead stays where a click puts it.
  wait_for 90 playhead_is "t > 9.65" || fail "the replay did not reach 9.65 s (playhead ${t:-?})"
  xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key space
  if wait_control dock.graph 60; then
    # The button can be missed while the first frames are slow: click until the graph is drawn.
    for _ in 1 2 3; do click dock.graph; wait_control graph.value 5 && break; done
  fi
  if wait_control interruption.4 30 && wait_control graph.value 5; then
    pass "the Graph view and the interruption list are drawn"
    # It follows the take as the lanes do: its span reaches past the panel grab at 6.15 s, and the
    # panel's progress, which the take's input moved, is plotted.
    end=$(python3 -c 'import ast, sys; print(ast.literal_eval(sys.argv[1])["end"])' "$(ui graph value)" 2>/dev/null)
    plotted=$(ui graph.property.panel.progress value)
    if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 6.15 else 1)' "${end:-0}" && [ "$plotted" = 1 ]; then
      pass "the graph spans the take (to $end s) and plots the panel's progress"
    else fail "the graph spans to ${end:-?} s, panel progress plotted: ${plotted:-no toggle}"; fi
    import -window "$win" "$out/graph.png" 2>/dev/null
    # The hole's size curve is the first series: iOS blue (10, 132, 255), counted inside the value plot.
    read -r gx gy gw gh < <(echo "$(ui graph.value x) $(ui graph.value y) $(ui graph.value width) $(ui graph.value height)")
    blue=$(python3 - "$out/graph.png" "$gx" "$gy" "$gw" "$gh" <<'PY'
import subprocess, sys
path, x, y, w, h = sys.argv[1], *(int(float(v)) for v in sys.argv[2:6])
raw = subprocess.run(["convert", path, "-crop", f"{w}x{h}+{x}+{y}", "-depth", "8", "rgb:-"], capture_output=True).stdout
print(sum(1 for i in range(0, len(raw) - 2, 3) if abs(raw[i] - 10) < 40 and abs(raw[i + 1] - 132) < 40 and raw[i + 2] > 215))
PY
)
    if [ "${blue:-0}" -gt 150 ]; then pass "the value plot draws the curve ($blue blue pixels)"; else fail "the value plot shows ${blue:-0} curve pixels ($out/graph.png)"; fi
    # Row 4 is the panel grab at 6.15 s in the script. The list is under the plot: scroll the dock
    # (the wheel over its lower edge) until the row is inside the dock's rectangle.
    for _ in $(seq 1 40); do
      y=$(ui interruption.4 cy); top=$(ui layout.timeline y); bottom=$(ui layout.timeline bottom)
      [ -n "$y" ] && [ "$y" -gt "$((top + 20))" ] && [ "$y" -lt "$((bottom - 12))" ] && break
      xdotool mousemove --window "$win" "$(ui layout.timeline cx)" "$((bottom - 8))" click 5; sleep 0.15
    done
    row=$(ui interruption.4 value)
    click interruption.4
    if wait_for 5 playhead_is "abs(t - 6.15) < 1e-9"; then pass "a click on '$row' seeks there: the playhead is at $t s"; else fail "a click on '$row' left the playhead at ${t:-?} s"; fi
  else
    fail "no Graph view or interruption list in the UI dump: $(head -c 400 "$dump" 2>/dev/null)"
  fi
  xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key q
  wait_exit "$pid" 15
  if [ "$status" = 0 ]; then pass "quit with status 0"; else fail "quit: status $status"; kill -KILL "$pid" 2>/dev/null; fi
fi
echo "e2e-analysis: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
