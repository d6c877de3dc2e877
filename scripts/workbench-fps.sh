#!/usr/bin/env bash
# Frames the workbench window draws per second of preview time at 1920x1080 under Xvfb (Mesa's
# llvmpipe), from its --frames-csv: during the splash's disappearance (replayed with R), during a
# drag of the preview's bottom panel, and during a drag of the properties panel's splitter; each
# with the tools shown and hidden (Tab); then the panel drag again with the timeline dock's Graph
# view open, which follows the take as it grows. Prints one line per figure. A measurement, not a test.
# Appearing and holding measures speed only with `--intro FILE` (the intro playing): the built-in splash holds still, and the window draws no frame while nothing moves.
#   scripts/workbench-fps.sh PATH/TO/splashlab [PASSES [RUN OPTIONS...]]
# e.g. `scripts/workbench-fps.sh .build/release/splashlab 4 --renderer opengl` to compare renderers.
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/workbench-fps.sh PATH/TO/splashlab [PASSES [RUN OPTIONS...]]}")
passes=${2:-4}
runOptions=("${@:3}")
E2E_SCREEN=1920x1080
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/e2e-lib.sh
. "$here/e2e-lib.sh"
export XDG_CONFIG_HOME="$out/config"

previewTime() { jq -r .time "$out/state.json" 2>/dev/null; }
# The figures from the frames' CSV (scripts/frames_csv.py): fps inside spans of preview time,
# fps over every replay of ($1, $2], and the median of each stage of a frame's time there.
fps() { python3 "$here/frames_csv.py" fps "$out/frames.csv" "$@"; }
replayFps() { python3 "$here/frames_csv.py" replay "$out/frames.csv" "$1" "$2"; }
stages() { python3 "$here/frames_csv.py" stages "$out/frames.csv" "$1" "$2"; }

# A press at ($1, $2), then $3 moves, 10 ms apart, to the window point the expression $4 gives for
# step i, and a release: one xdotool process for the whole drag, so the moves come at about 100 Hz,
# as a mouse's do (a process for each move would hold them to the rate processes start, well under
# 60 Hz, and measure that instead of the window).
drag() {
  local steps=() i
  for i in $(seq 1 "$3"); do eval "steps+=(mousemove --window \"\$win\" $4 sleep 0.01)"; done
  xdotool mousemove --window "$win" "$1" "$2" mousedown 1 "${steps[@]}" mouseup 1
}
# The window on the run options and $@, writing its frames' CSV and its state; sets $pid and $win.
open_window() {
  rm -f "$out/frames.csv" "$out/state.json"
  "$bin" run --seed 3 "${runOptions[@]}" "$@" --frames-csv "$out/frames.csv" --state-out "$out/state.json" >"$out/run.log" 2>&1 &
  pid=$!
  win=$(wait_window) || { echo "the window did not open: $(cat "$out/run.log")"; return 1; }
  xdotool windowfocus --sync "$win"
}
close_window() { xdotool key q; sleep 0.3; xdotool key q; wait_exit "$pid" 20; }

measure() {
  local tools=$1 t0 t1 s0 s1 end
  open_window || return
  [ "$tools" = hidden ] && xdotool key Tab
  # The disappearance, replayed with R: with the default timings it runs from d = 2 s for 0.6 s.
  for _ in $(seq 1 "$passes"); do sleep 3; xdotool key r; done
  sleep 3
  dismissal=$(jq -r .splash.dismissalTime "$out/state.json")
  # The preview's bottom panel: presented, then dragged down and up for about 3 s.
  xdotool key p; sleep 1
  t0=$(previewTime); drag 400 700 300 '400 $((700 - (i % 40) * 6))'; t1=$(previewTime)
  sleep 1.5
  # The properties splitter (tools shown only: hidden, there is none).
  [ "$tools" = shown ] && { s0=$(previewTime); drag 1285 300 300 '$((1285 - (i % 40) * 8)) 300'; s1=$(previewTime); }
  close_window
  [ -n "${KEEP_FRAMES:-}" ] && cp "$out/frames.csv" "$KEEP_FRAMES-$tools.csv"
  end=$(jq -n "$dismissal + 0.6")
  echo "tools $tools, disappearance (d = $dismissal s to d + 0.6 s, each replay): $(replayFps "$dismissal" "$end")"
  echo "tools $tools, appearing and holding (0 to d, each replay): $(replayFps 0.05 "$dismissal")"
  echo "tools $tools, disappearance, median ms a frame: $(stages "$dismissal" "$end")"
  echo "tools $tools, bottom-panel drag: $(fps "$t0:$t1")"
  echo "tools $tools, bottom-panel drag, median ms a frame: $(stages "$t0" "$t1")"
  [ "$tools" = shown ] && echo "tools $tools, properties splitter drag: $(fps "$s0:$s1")"
}

# The bottom-panel drag with the dock's Graph view open: every event of the drag changes the take
# the graph plots.
measureGraph() {
  local t0 t1 button
  # The Graph button's place from a window of its own: a UI dump written each frame would be measured.
  open_window --ui-dump "$out/ui.json" && sleep 3 && button=$(ui "$out/ui.json" 'at("dock.graph")') && close_window || return
  open_window && sleep 3 || return
  # shellcheck disable=SC2086 # the button's x and y, as two words
  xdotool mousemove --window "$win" $button click 1; sleep 1
  xdotool key p; sleep 1
  t0=$(previewTime); drag 400 500 300 '400 $((500 - (i % 40) * 6))'; t1=$(previewTime)
  close_window
  echo "Graph view open, bottom-panel drag: $(fps "$t0:$t1")"
  echo "Graph view open, bottom-panel drag, median ms a frame: $(stages "$t0" "$t1")"
}

measure shown
measure hidden
measureGraph
