#!/usr/bin/env bash
# The timeline in the real window under Xvfb, driven by xdotool and read from --ui-dump: Ctrl+wheel
# halves and doubles the span its ruler shows, F fits the splash again; a bar's end dragged to
# within 5 px of d lands exactly on d, and with Shift held it does not snap; no two of its labels
# overlap at any of those zooms; the loop region, dragged on the band above the ruler, plays only
# its range, several times over.
#   scripts/e2e-timeline.sh PATH/TO/splashlab
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e-timeline.sh PATH/TO/splashlab}")

# shellcheck source=scripts/e2e-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/e2e-lib.sh"
ui="$out/ui.json"

# query EXPRESSION: evaluates a Python expression over the UI dump, with c(ID) a control (a dict)
# and labels() the timeline's label controls; prints the result, or fails while the dump is unreadable.
query() {
  python3 - "$ui" "$1" <<'PY'
import json, sys
try:
    data = json.load(open(sys.argv[1]))
except Exception:
    sys.exit(1)
controls = {c["id"]: c for c in data["controls"]}
def c(i): return controls[i]
def labels(): return [x for x in data["controls"] if x["id"].startswith("timeline.label.")]
def span(i): v = c(i)["value"]; return v["end"] - v["start"]
def at(i, t): x = c(i); v = x["value"]; return int(round(x["x"] + (t - v["start"]) / (v["end"] - v["start"]) * x["width"]))
try:
    print(eval(sys.argv[2]))
except (KeyError, TypeError, ZeroDivisionError):
    sys.exit(1)
PY
}

# until EXPRESSION [SECONDS]: waits for a Python expression over the dump to be True.
until_true() {
  local deadline=$((SECONDS + ${2:-30}))
  while [ "$SECONDS" -lt "$deadline" ]; do
    [ "$(query "$1" 2>/dev/null)" = True ] && return 0
    sleep 0.05
  done
  [ "$(query "$1" 2>/dev/null)" = True ]
}

# Labels: every pair of the timeline's label rectangles, intersected.
no_overlap() {
  query 'not [(a["id"], b["id"]) for i, a in enumerate(labels()) for b in labels()[i + 1:] if a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]]'
}
check_labels() {
  local n overlaps
  n=$(query 'len(labels())')
  if [ "$(no_overlap)" = True ] && [ "${n:-0}" -gt 5 ]; then
    pass "no two of the timeline's $n labels overlap ($1)"
  else
    overlaps=$(query '[(a["id"], b["id"]) for i, a in enumerate(labels()) for b in labels()[i + 1:] if a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]]')
    fail "timeline labels overlap ($1): $overlaps ($n labels)"
  fi
}

# ImGui 1.86 takes a press for the item it saw hovered in an earlier frame: the pointer goes there
# first, and a frame is drawn, before the button goes down (the UI dump does not show hovering).
hover() { xdotool mousemove --window "$win" "$1" "$2"; sleep 0.3; }
drag() { # x0 y0 x1 y1: a real press, moves and release
  hover "$1" "$2"
  xdotool mousedown 1
  for i in 1 2 3 4 5 6; do
    xdotool mousemove --window "$win" $(($1 + ($3 - $1) * i / 6)) $(($2 + ($4 - $2) * i / 6)); sleep 0.05
  done
  xdotool mouseup 1
}

"$bin" run --window-scale 1 --seed 3 --ui-dump "$ui" >"$out/run.log" 2>&1 &
pid=$!
if ! win=$(wait_window); then fail "the window did not open: $(cat "$out/run.log")"; echo "e2e-timeline: $passed passed, $failed failed"; exit 1; fi
xdotool windowfocus --sync "$win" 2>/dev/null
until_true 'span("timeline.ruler") > 0' 30 || fail "the UI dump has no timeline ruler: $(head -c 300 "$ui")"
# Paused on the splash's hold, so nothing but the input moves the timeline.
xdotool key space
until_true 'c("playhead")["value"] > 0' 10
check_labels "fitted to the splash"

# 1. Ctrl+wheel over the timeline halves and doubles the span its ruler shows; F fits again.
fitted=$(query 'span("timeline.ruler")')
hover "$(query 'at("timeline.ruler", 1.0)')" "$(query 'int(c("timeline.logo")["y"] + 11)')"
xdotool keydown ctrl click 4 keyup ctrl
if until_true "abs(span('timeline.ruler') - $fitted / 2) < 1e-6"; then pass "Ctrl+wheel up halves the ruler's span ($fitted s to $(query 'span("timeline.ruler")') s)"
else fail "Ctrl+wheel up: the ruler shows $(query 'span("timeline.ruler")') s, not half of $fitted"; fi
check_labels "zoomed in twice as far"
xdotool keydown ctrl click 5 keyup ctrl
until_true "abs(span('timeline.ruler') - $fitted) < 1e-6" || fail "Ctrl+wheel down did not undo the zoom: $(query 'span("timeline.ruler")')"
xdotool keydown ctrl click 5 keyup ctrl
if until_true "abs(span('timeline.ruler') - 2 * $fitted) < 1e-6"; then pass "Ctrl+wheel down doubles it ($fitted s to $(query 'span("timeline.ruler")') s)"
else fail "Ctrl+wheel down: the ruler shows $(query 'span("timeline.ruler")') s, not twice $fitted"; fi
check_labels "zoomed out twice as far"
first=$(query 'c("timeline.ruler")["value"]["start"]')
xdotool click 5
if until_true "c('timeline.ruler')['value']['start'] > $first and abs(span('timeline.ruler') - 2 * $fitted) < 1e-6"; then pass "the wheel alone pans (the span keeps its length)"
else fail "the wheel did not pan: $(query 'c("timeline.ruler")["value"]')"; fi
xdotool key f
if until_true "abs(span('timeline.ruler') - $fitted) < 1e-6 and c('timeline.ruler')['value']['start'] == 0"; then pass "F fits the splash again"
else fail "F: the ruler shows $(query 'c("timeline.ruler")["value"]')"; fi

# 2. The logo's end dragged to 4 px left of d lands exactly on d; with Shift held it does not snap.
d=$(query 'c("timeline.dismissal")["value"]')
snap_drag() { # $1: pixels from d, $2: "shift" to hold it
  local x0 y0 dx
  x0=$(query 'int(c("timeline.logo.end")["x"] + c("timeline.logo.end")["width"] / 2)')
  y0=$(query 'int(c("timeline.logo.end")["y"] + c("timeline.logo.end")["height"] / 2)')
  dx=$(query 'int(round(c("timeline.dismissal")["x"] + 2))')
  [ "${2:-}" = shift ] && xdotool keydown shift
  drag "$x0" "$y0" $((dx + $1)) "$y0"
  [ "${2:-}" = shift ] && xdotool keyup shift
}
snap_drag -4
if until_true "c('timeline.logo')['value']['end'] == $d"; then pass "the logo's end dragged to 4 px from d lands exactly on d ($d)"
else fail "snap to d: the logo's bar ends at $(query 'c("timeline.logo")["value"]["end"]'), d is $d"; fi
xdotool key ctrl+z
until_true "c('timeline.logo')['value']['end'] == 0.3" || fail "Ctrl+Z did not bring the logo's duration back: $(query 'c("timeline.logo")["value"]')"
snap_drag -4 shift
if until_true "c('timeline.logo')['value']['end'] != 0.3" && [ "$(query "c('timeline.logo')['value']['end'] != $d and abs(c('timeline.logo')['value']['end'] - $d) < 0.1")" = True ]; then
  pass "with Shift held it does not snap (ends at $(query 'c("timeline.logo")["value"]["end"]'), d is $d)"
else fail "Shift drag: the logo's bar ends at $(query 'c("timeline.logo")["value"]["end"]'), d is $d"; fi
xdotool key ctrl+z
until_true "c('timeline.logo')['value']['end'] == 0.3" || fail "Ctrl+Z after the Shift drag: $(query 'c("timeline.logo")["value"]')"

# 3. A loop region dragged on the band above the ruler plays only its range, several times over.
y=$(query 'int(c("timeline.loopBand")["y"] + 6)')
drag "$(query 'at("timeline.loopBand", 1.9)')" "$y" "$(query 'at("timeline.loopBand", 2.4)')" "$y"
if until_true '"timeline.loop" in controls'; then
  start=$(query 'c("timeline.loop")["value"]["start"]'); end=$(query 'c("timeline.loop")["value"]["end"]')
  pass "a drag on the loop band sets a loop region ($start-$end s)"
  xdotool key space   # play
  # The playhead, read from the dump as often as it can be for 4 s: every value inside the
  # region, and each step back between two readings is at least one time round.
  verdict=$(python3 - "$ui" "$start" "$end" <<'PY'
import json, sys, time
path, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
ts, stop = [], time.monotonic() + 4
while time.monotonic() < stop:
    try:
        ts.append(next(c["value"] for c in json.load(open(path))["controls"] if c["id"] == "playhead"))
    except Exception:
        pass
    time.sleep(0.02)
outside = [t for t in ts if t < start - 1e-9 or t > end + 1e-9]
wraps = sum(1 for a, b in zip(ts, ts[1:]) if b < a)
print(f"{len(ts)} readings from {min(ts):.3f} to {max(ts):.3f} s, at least {wraps} times round, {len(outside)} outside" if ts else "no readings")
sys.exit(0 if ts and not outside and wraps >= 3 else 1)
PY
)
  if [ $? = 0 ]; then pass "the loop region plays only its range, several times over ($verdict)"; else fail "loop playback: $verdict"; fi
  check_labels "with a loop region"
  hover "$(query 'at("timeline.loopBand", 1.0)')" "$y"; xdotool click 1
  if until_true '"timeline.loop" not in controls'; then
    pass "a click on the loop band ends the loop"
  else fail "the loop region is still there after a click on the band"; fi
else
  fail "no loop region after a drag on the band: $(query 'c("timeline.loopBand")')"
fi

# 4. A click on a lane's name selects its track, which the view carries for the properties panel.
hover "$(query 'int(c("timeline.label.lane.hole")["x"] + 5)')" "$(query 'int(c("timeline.label.lane.hole")["y"] + 7)')"; xdotool click 1
if until_true 'data["view"]["selectedTrack"] == "hole"'; then pass "a click on the hole's lane selects its track (view.selectedTrack)"
else fail "lane selection: view.selectedTrack is $(query 'data["view"]["selectedTrack"]')"; fi

# 5. The input row shows the take's input: a click on the feed and a key, as marks, with the
#    timeline fitted to the whole take (Shift+F).
hover 100 300; xdotool click 1 key Escape
xdotool key shift+f
until_true 'c("timeline.ruler")["value"]["end"] > 3.2' 30 || fail "Shift+F did not fit the take: $(query 'c("timeline.ruler")["value"]')"
if until_true 'c("timeline.input")["value"] >= 3'; then pass "the input row marks the take's input ($(query 'c("timeline.input")["value"]') marks: $(query 'sorted({x["value"] for x in controls.values() if x["kind"] == "inputMark"})'))"
else fail "the input row shows $(query 'c("timeline.input")["value"]') marks after a click and a key"; fi

xdotool key q
wait_exit "$pid" 15
[ "$status" = 0 ] || { fail "the window did not quit cleanly (status $status)"; kill -KILL "$pid" 2>/dev/null; }
echo "logs in $out"
echo "e2e-timeline: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
