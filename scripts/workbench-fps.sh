#!/usr/bin/env bash
# Frames the workbench window draws per second of preview time at 1920x1080 under Xvfb (Mesa's
# llvmpipe), from its --frames-csv: during the splash's disappearance (replayed with R), during a
# drag of the preview's bottom panel, and during a drag of the properties panel's splitter; each
# with the tools shown and hidden (Tab); then the panel drag again with the timeline dock's Graph
# view open, which follows the take as it grows. Prints one line per figure. A measurement, not a test.
# With `--intro FILE` among the run options, the appearing-and-holding line is the intro playing.
#   scripts/workbench-fps.sh PATH/TO/splashlab [PASSES [RUN OPTIONS...]]
# e.g. `scripts/workbench-fps.sh .build/release/splashlab 4 --renderer opengl` to compare renderers.
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/workbench-fps.sh PATH/TO/splashlab [PASSES [RUN OPTIONS...]]}")
passes=${2:-4}
runOptions=("${@:3}")
E2E_SCREEN=1920x1080
# shellcheck source=scripts/e2e-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/e2e-lib.sh"
export XDG_CONFIG_HOME="$out/config"

previewTime() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["time"])' "$out/state.json" 2>/dev/null; }
# Frames per second of preview time in the CSV rows whose preview time is inside the given spans.
# The spans' ends are read from --state-out, written ten times a second, so they can be off by
# 0.1 s either way (3% of a 3 s drag): the rate is taken between the first and the last frame
# drawn inside each span, as frame intervals per second.
fps() {
  python3 - "$out/frames.csv" "$@" <<'PY'
import csv, sys
rows = [float(r["previewTime"]) for r in csv.DictReader(open(sys.argv[1]))]
spans = [tuple(map(float, s.split(":"))) for s in sys.argv[2:]]
intervals, seconds = 0, 0.0
for a, b in spans:
    inside = [t for t in rows if a < t <= b]
    if len(inside) > 1:
        intervals += len(inside) - 1
        seconds += inside[-1] - inside[0]
print(f"{intervals / seconds:.1f} fps ({intervals + len(spans)} frames over {seconds:.2f} s of preview time)" if seconds > 0 else "no frames")
PY
}

# Frames per second of preview time in ($1, $2] over every replay (R restarts the preview's clock).
# Only passes the take played through are counted: one that R cut short (the first, when the
# window took longer than the script's wait to open and the preview had not reached $2) or that
# began inside the span holds fewer frames for reasons other than the drawing's speed.
replayFps() {
  python3 - "$out/frames.csv" "$1" "$2" <<'PY'
import csv, sys
rows = [float(r["previewTime"]) for r in csv.DictReader(open(sys.argv[1]))]
a, b = float(sys.argv[2]), float(sys.argv[3])
passes, cut, start = [], 0, None
for i, t in enumerate(rows):
    if a < t <= b and start is None: start = i
    if start is not None and not (a < t <= b and (i == start or t >= rows[i - 1])):
        whole = start > 0 and rows[start - 1] <= a and t > b
        if whole: passes.append(i - start)
        else: cut += 1
        start = i if a < t <= b else None
if start is not None: cut += 1
left = f"; {cut} cut short, left out" if cut else ""
print(f"{sum(passes) / (len(passes) * (b - a)):.1f} fps ({sum(passes)} frames in {len(passes)} passes{left})" if passes else "no whole pass")
PY
}

# Where a frame's time goes: the medians of each stage over the frames drawn in preview time ($1, $2].
stages() {
  python3 - "$out/frames.csv" "$1" "$2" <<'PY'
import csv, statistics, sys
a, b = float(sys.argv[2]), float(sys.argv[3])
rows = [r for r in csv.DictReader(open(sys.argv[1])) if a < float(r["previewTime"]) <= b]
print(", ".join(f"{k[:-2]} {statistics.median(float(r[k]) for r in rows):.1f}" for k in ("inputMs", "updateMs", "renderMs", "presentMs", "intervalMs")) if rows else "no frames")
PY
}

# Moves the pressed pointer $1 times, 10 ms apart, to the window point the expression $2 gives for
# step i: one xdotool process for the whole drag, so the moves come at about 100 Hz, as a mouse's
# do (a process for each move would hold them to the rate processes start, well under 60 Hz,
# and measure that instead of the window).
drag() {
  local steps=() i
  for i in $(seq 1 "$1"); do eval "steps+=(mousemove --window \"\$win\" $2 sleep 0.01)"; done
  xdotool "${steps[@]}"
}

measure() {
  local tools=$1
  rm -f "$out/frames.csv" "$out/state.json"
  "$bin" run --seed 3 "${runOptions[@]}" --frames-csv "$out/frames.csv" --state-out "$out/state.json" >"$out/run.log" 2>&1 &
  pid=$!
  win=$(wait_window) || { echo "the window did not open: $(cat "$out/run.log")"; return; }
  xdotool windowfocus --sync "$win"
  [ "$tools" = hidden ] && xdotool key Tab
  # The disappearance, replayed with R: with the default timings it runs from d = 2 s for 0.6 s.
  for _ in $(seq 1 "$passes"); do
    sleep 3; xdotool key r
  done
  sleep 3
  dismissal=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["splash"]["dismissalTime"])' "$out/state.json")
  # The preview's bottom panel: presented, then dragged down and up for about 3 s.
  xdotool key p; sleep 1
  local t0; t0=$(previewTime)
  xdotool mousemove --window "$win" 400 700 mousedown 1
  drag 300 '400 $((700 - (i % 40) * 6))'
  xdotool mouseup 1
  local t1; t1=$(previewTime)
  sleep 1.5
  # The properties splitter (tools shown only: hidden, there is none).
  local s0 s1
  if [ "$tools" = shown ]; then
    s0=$(previewTime)
    local sx=1285
    xdotool mousemove --window "$win" $sx 300 mousedown 1
    drag 300 '$((sx - (i % 40) * 8)) 300'
    xdotool mouseup 1
    s1=$(previewTime)
  fi
  xdotool key q; sleep 0.3; xdotool key q
  wait_exit "$pid" 20
  [ -n "${KEEP_FRAMES:-}" ] && cp "$out/frames.csv" "$KEEP_FRAMES-$tools.csv"
  echo "tools $tools, disappearance (d = $dismissal s to d + 0.6 s, each replay): $(replayFps "$dismissal" "$(python3 -c "print($dismissal + 0.6)")")"
  echo "tools $tools, appearing and holding (0 to d, each replay): $(replayFps 0.05 "$dismissal")"
  echo "tools $tools, disappearance, median ms a frame: $(stages "$dismissal" "$(python3 -c "print($dismissal + 0.6)")")"
  echo "tools $tools, bottom-panel drag: $(fps "$t0:$t1")"
  echo "tools $tools, bottom-panel drag, median ms a frame: $(stages "$t0" "$t1")"
  [ "$tools" = shown ] && echo "tools $tools, properties splitter drag: $(fps "$s0:$s1")"
}

# The bottom-panel drag with the dock's Graph view open: every event of the drag changes the take
# the graph plots.
measureGraph() {
  rm -f "$out/frames.csv" "$out/state.json"
  "$bin" run --seed 3 "${runOptions[@]}" --frames-csv "$out/frames.csv" --state-out "$out/state.json" --ui-dump "$out/ui.json" >"$out/run.log" 2>&1 &
  pid=$!
  win=$(wait_window) || { echo "the window did not open: $(cat "$out/run.log")"; return; }
  xdotool windowfocus --sync "$win"
  sleep 3
  xdotool mousemove --window "$win" $(ui "$out/ui.json" 'at("dock.graph")') click 1
  sleep 1
  xdotool key p; sleep 1
  local t0 t1; t0=$(previewTime)
  xdotool mousemove --window "$win" 400 500 mousedown 1
  drag 300 '400 $((500 - (i % 40) * 6))'
  xdotool mouseup 1
  t1=$(previewTime)
  xdotool key q; sleep 0.3; xdotool key q
  wait_exit "$pid" 20
  echo "Graph view open, bottom-panel drag: $(fps "$t0:$t1")"
  echo "Graph view open, bottom-panel drag, median ms a frame: $(stages "$t0" "$t1")"
}

measure shown
measure hidden
measureGraph
