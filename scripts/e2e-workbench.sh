#!/usr/bin/env bash
# The workbench in a real window under Xvfb at 1920x1080, driven by xdotool: the window takes the
# desktop, the device is drawn above 1x beside the tools, the timeline dock spans the window, no
# tool covers the device; the filter finds a field that is then typed into at once; the splitters
# are remembered across a restart (and a broken layout file only warns); Tab hides every tool;
# the window reflows when resized; wipe, overlay and difference show A and B as described.
#   scripts/e2e-workbench.sh PATH/TO/splashlab
# With SPLASHLAB_SHOTS=DIR it also writes the README's screenshots there (1920x1080 and 1280x800).
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e-workbench.sh PATH/TO/splashlab}")
screen=${WORKBENCH_SCREEN:-1920x1080}
E2E_SCREEN=$screen

# shellcheck source=scripts/e2e-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/e2e-lib.sh"
export XDG_CONFIG_HOME="$out/config"
ui="$out/ui.json"
timings="$out/timings.json"
cp "$(dirname "$0")/../Assets/timings.json" "$timings"

# Starts the window (logging to $out/NAME.log) and waits for its window and its first UI dump.
start() {
  local name=$1; shift
  rm -f "$ui"
  "$bin" run --seed 3 --timings "$timings" --ui-dump "$ui" "$@" >"$out/$name.log" 2>&1 &
  pid=$!
  if ! win=$(wait_window); then fail "$name: the window did not open: $(cat "$out/$name.log")"; kill "$pid" 2>/dev/null; return 1; fi
  for _ in $(seq 1 100); do grep -q '"layout"' "$ui" 2>/dev/null && return 0; sleep 0.1; done
  fail "$name: no UI dump"; return 1
}
quit() {
  xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key q; sleep 0.2; xdotool key q
  wait_exit "$pid" 20; [ "$status" = timeout ] && { kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
}
press() { xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key "$1"; }

# `j EXPR`: a Python expression over the UI dump (`d`), its layout (`L`) and a control by id (`c(ID)`).
j() {
  python3 - "$ui" "$1" <<'PY'
import json, sys
try: d = json.load(open(sys.argv[1]))
except Exception: sys.exit(1)
L = d["layout"]
def c(i):
    for x in d["controls"]:
        if x["id"] == i: return x
    return None
def cx(i): r = c(i); return int(r["x"] + r["width"] / 2)
def cy(i): r = c(i); return int(r["y"] + r["height"] / 2)
try: v = eval(sys.argv[2])
except Exception: sys.exit(1)
if v is False or v is None: sys.exit(1)
print(v if not isinstance(v, float) else round(v, 4))
PY
}
# `until_j EXPR [SECONDS]`: waits until EXPR is true in the dump.
until_j() { for _ in $(seq 1 $((${2:-10} * 10))); do j "$1" >/dev/null && return 0; sleep 0.1; done; return 1; }

shot() { import -window "$win" "$1" 2>/dev/null; }
# Clicks control ID as a person does, the pointer resting on it first (ImGui takes a press on the
# item hovered the frame before; a press that comes with its move is another test's subject).
click_control() { xdotool mousemove --window "$win" "$(j "cx('$1')")" "$(j "cy('$1')")"; sleep 0.25; xdotool click 1; }
# The first device screen of the dump, as ImageMagick crop geometry.
screen_geometry() { j '"%dx%d+%d+%d" % (L["screens"][0]["width"], L["screens"][0]["height"], L["screens"][0]["x"], L["screens"][0]["y"])'; }
# Pixels differing by more than 6% between two images of the same size (ImageMagick's AE count).
differing() { compare -metric AE -fuzz 6% "$1" "$2" null: 2>&1 | awk '{print int($1)}'; }
crop() { convert "$1" -crop "$2" +repage "$3"; }
# The same without 4 px at the left and right edges, where the wipe's divider sits at 0% and 100%.
inner() { convert "$1" -shave 4x0 +repage "$2"; }

# Types TEXT into the filter, then at once clicks the field ID it found and types VALUE and Enter
# (with `settled`, after waiting for the field's entry).
filter_and_type() {
  local filter=$1 id=$2 value=$3
  click_control properties.filter
  until_j "c('properties.filter.typing') is not None" 5
  xdotool type "$filter"
  until_j "c('properties.filter')['value'] == '$filter' and c('$id') is not None" 5 || { echo "the filter holds '$(j "c('properties.filter')['value']")'" >&2; return 1; }
  if [ "${4:-}" = settled ]; then
    # Setting up, not testing input: the entry is waited for before typing.
    click_control "$id"
    until_j "c('$id.entry') is not None" 5
    for _ in 1 2 3; do
      xdotool key ctrl+a; xdotool type --delay 60 "$value"
      until_j "c('$id.entry')['value'] == '$value'" 2 && break
    done
  else
    # The pointer rests on the field; then the click and the typing at once, with no wait.
    xdotool mousemove --window "$win" "$(j "cx('$id')")" "$(j "cy('$id')")"; sleep 0.25
    xdotool click 1 type "$value"
  fi
  xdotool key Return
  until_j "abs(c('$id')['value'] - $value) < 1e-9" 5 || { echo "$id shows $(j "c('$id')['value']")" >&2; return 1; }
  # The filter cleared for what comes next.
  click_control properties.filter.clear
  until_j "c('properties.filter')['value'] == ''" 5 || { echo "the filter still holds '$(j "c('properties.filter')['value']")'" >&2; return 1; }
}

# 1. The window takes the desktop; the device is large, the dock spans the window, nothing covers the device.
if start layout; then
  width=$(j 'L["window"]["width"]')
  if [ "$screen" = 1920x1080 ]; then
    if j 'L["window"]["width"] >= 1500' >/dev/null; then pass "the window is $width px wide (>= 1500)"; else fail "the window is $width px wide"; fi
    if j 'd["viewport"]["height"] > 667' >/dev/null; then pass "the device viewport is $(j 'd["viewport"]["height"]') px tall (> 667)"; else fail "the viewport is $(j 'd["viewport"]["height"]') px tall"; fi
    if j 'L["timeline"]["width"] >= 1200' >/dev/null; then pass "the timeline is $(j 'L["timeline"]["width"]') px wide (>= 1200)"; else fail "the timeline is $(j 'L["timeline"]["width"]') px wide"; fi
  fi
  geometry=$(xdotool getwindowgeometry "$win" | awk '/Geometry/ {print $2}')
  [ "$geometry" = "$(j '"%dx%d" % (L["window"]["width"], L["window"]["height"])')" ] && pass "the dump's window size is the X window's ($geometry)" || fail "X says $geometry"
  covered=$(j '[x["id"] for x in d["controls"] for s in L["screens"] if x["x"] < s["x"] + s["width"] and s["x"] < x["x"] + x["width"] and x["y"] < s["y"] + s["height"] and s["y"] < x["y"] + x["height"]] or "none"')
  [ "$covered" = none ] && pass "no control is drawn over the device viewport" || fail "controls over the device: $covered"
  j 'L["timeline"]["x"] == 0 and L["timeline"]["y"] + L["timeline"]["height"] == L["window"]["height"] and L["properties"]["x"] + L["properties"]["width"] == L["window"]["width"]' >/dev/null \
    && pass "the dock runs along the bottom across the window; the properties panel is on the right" || fail "layout: $(j 'L')"
  [ -n "${SPLASHLAB_SHOTS:-}" ] && { sleep 3.5; mkdir -p "$SPLASHLAB_SHOTS"; shot "$SPLASHLAB_SHOTS/workbench-$screen.png"; }

  # 2. Every section is one click away: its header is in sight, and once opened its fields are inside the panel.
  sections=$(j '" ".join(x["id"][8:] for x in d["controls"] if x["kind"] == "section")')
  bad=""
  for s in $sections; do
    [ "$(j "c('section.$s')['value']")" = open ] || click_control "section.$s"
    if ! until_j "c('section.$s')['value'] == 'open'" 5; then bad="$bad $s(closed)"; continue; fi
    j "all(x['y'] >= L['properties']['y'] and x['y'] + x['height'] <= L['properties']['y'] + L['properties']['height'] for x in d['controls'] if x['kind'] == 'section')" >/dev/null \
      || bad="$bad $s(headers out of sight)"
  done
  [ -z "$bad" ] && [ -n "$sections" ] && pass "each of $(echo "$sections" | wc -w) sections opens with one click, every header staying in sight" || fail "sections:$bad"

  # 3. A field found through the filter is typed into by `click 1 type 0.45` with no wait.
  if filter_and_type "logo.duration" splash.logo.duration 0.45; then pass "the filter finds splash.logo.duration and 'click 1 type 0.45' sets it"
  else fail "filter and type into splash.logo.duration"; fi
  quit
fi

# 4. The layout is the same after a restart; it is in XDG_CONFIG_HOME, never in the timings file.
before_timings=$(md5sum <"$timings")
if start remember; then
  x=$(j 'L["propertiesSplitter"]["x"] + 3'); y=$(j 'L["propertiesSplitter"]["y"] + 100')
  xdotool mousemove --window "$win" "$x" "$y" mousedown 1 mousemove --window "$win" $((x - 120)) "$y" mousemove --window "$win" $((x - 230)) "$y" mouseup 1
  x=200; y=$(j 'L["timelineSplitter"]["y"] + 3')
  xdotool mousemove --window "$win" "$x" "$y" mousedown 1 mousemove --window "$win" "$x" $((y - 30)) mousemove --window "$win" "$x" $((y - 60)) mouseup 1
  until_j "abs(L['propertiesSplitter']['x'] + 3 - ($(j 'L["propertiesSplitter"]["x"] + 3'))) < 1 and L['properties']['width'] > 600" 5 \
    && pass "the properties splitter drags (panel $(j 'L["properties"]["width"]') wide)" || fail "the properties splitter: $(j 'L["properties"]')"
  until_j "L['timeline']['height'] > 290" 5 && pass "the timeline splitter drags (dock $(j 'L["timeline"]["height"]') tall)" || fail "the timeline splitter: $(j 'L["timeline"]')"
  saved=$(j '[L[k] for k in ("window", "canvas", "properties", "timeline", "screens")]')
  quit
  [ -f "$XDG_CONFIG_HOME/splashlab/layout.json" ] && pass "the layout is kept in \$XDG_CONFIG_HOME/splashlab/layout.json" || fail "no layout file"
  [ "$(md5sum <"$timings")" = "$before_timings" ] && pass "the timings file is untouched" || fail "the timings file changed"
  if start restart; then
    again=$(j '[L[k] for k in ("window", "canvas", "properties", "timeline", "screens")]')
    [ "$saved" = "$again" ] && pass "the layout is the same after a restart" || fail "after a restart: $again, before: $saved"

    # 5. Tab hides every tool; the canvas is then the whole window.
    press Tab
    until_j 'L["properties"] is None and L["timeline"] is None and L["canvas"]["width"] == L["window"]["width"]' 5 \
      && pass "Tab hides every tool: the canvas is the whole window" || fail "with Tab: $(j 'L')"
    press Tab
    until_j 'L["properties"] is not None' 5

    # 6. A resized window reflows.
    xdotool windowsize --sync "$win" 1100 760 2>/dev/null
    until_j 'L["window"]["width"] == 1100 and L["timeline"]["width"] == 1100 and L["properties"]["x"] + L["properties"]["width"] == 1100' 10 \
      && pass "resized to 1100x760, everything reflows" || fail "after a resize: $(j 'L')"
    j 'all(s["x"] + s["width"] <= L["canvas"]["x"] + L["canvas"]["width"] + 0.01 and s["y"] + s["height"] <= L["canvas"]["y"] + L["canvas"]["height"] + 0.01 for s in L["screens"])' >/dev/null \
      && pass "the device stays inside the canvas" || fail "screens: $(j 'L["screens"]')"
    quit
  fi
fi

# 7. A broken layout file: one line of warning, and the default layout.
printf '{"windowWidth": 1500,\n "timelineHeight": "tall"}' >"$XDG_CONFIG_HOME/splashlab/layout.json"
if start broken; then
  warnings=$(grep -c "warning: ignoring the remembered layout: .*layout.json:2:20: timelineHeight must be a number" "$out/broken.log")
  [ "$warnings" = 1 ] && pass "a broken layout file gives one line naming file, line, column and field" || fail "broken layout: $(cat "$out/broken.log")"
  j 'L["timeline"]["height"] == min(max(round(L["window"]["height"] * 0.25), 200), 280)' >/dev/null && pass "and the default layout" || fail "layout: $(j 'L')"
  quit
fi
rm -f "$XDG_CONFIG_HOME/splashlab/layout.json"

# 8. --window-scale still sets the device's scale.
if [ "$screen" = 1920x1080 ] && start scale --window-scale 1.2; then
  [ "$(j 'round(d["viewport"]["height"])')" = 800 ] && pass "--window-scale 1.2 draws the 667 pt device 800 px tall" || fail "--window-scale 1.2: $(j 'd["viewport"]')"
  quit
fi

# 9. Compare: A, then B with a larger feed; wipe, overlay and difference, each checked against A and B alone.
if start compare; then
  sleep 3.5   # past the splash: the feed at rest
  press a
  until_j 'd["view"]["hasA"]' 5
  filter_and_type "feed.endScale" splash.feed.endScale 1.3 settled || fail "could not set B's feed scale"
  click_control compare.split
  if until_j 'L["compare"] == "split" and len(L["screens"]) == 2' 5; then
    j 'L["screens"][1]["x"] - (L["screens"][0]["x"] + L["screens"][0]["width"]) >= 24 and c("label.A") and c("label.B") and c("difference.0")["value"].startswith("splash.feed.endScale")' >/dev/null \
      && pass "the split has a gutter, large A and B labels, and lists splash.feed.endScale A 1 B 1.3 under them" || fail "split: $(j 'L') $(j 'c("difference.0")')"
  else fail "the split did not show"; fi
  [ -n "${SPLASHLAB_SHOTS:-}" ] && shot "$SPLASHLAB_SHOTS/compare-split.png"
  click_control compare.wipe
  until_j 'L["compare"] == "wipe"' 5 || fail "wipe did not show"
  geometry=$(screen_geometry)
  sx=$(j 'int(L["screens"][0]["x"])'); sw=$(j 'int(L["screens"][0]["width"])'); my=$(j 'int(L["screens"][0]["y"] + L["screens"][0]["height"] / 2)')
  wipe_to() { # drags the divider to share $1 of the screen's width
    local from; from=$(j 'int(L["screens"][0]["x"] + L["screens"][0]["width"] * L["wipePosition"])')
    xdotool mousemove --window "$win" "$from" "$my" mousedown 1 mousemove --window "$win" $(( (from + sx + sw * $1 / 100) / 2 )) "$my" \
      mousemove --window "$win" $((sx + sw * $1 / 100)) "$my" mouseup 1
    until_j "abs(L['wipePosition'] - $1 / 100) < 0.02" 5
  }
  wipe_to 100 && shot "$out/a.png"; wipe_to 0 && shot "$out/b.png"
  if wipe_to 40; then
    shot "$out/wipe.png"
    for f in a b wipe; do crop "$out/$f.png" "$geometry" "$out/$f-screen.png"; done
    left="$((sw * 40 / 100 - 4))x$(j 'int(L["screens"][0]["height"])')+0+0"
    right="$((sw - sw * 40 / 100 - 4))x$(j 'int(L["screens"][0]["height"])')+$((sw * 40 / 100 + 4))+0"
    ab=$(differing "$out/a-screen.png" "$out/b-screen.png")
    crop "$out/wipe-screen.png" "$left" "$out/wl.png"; crop "$out/a-screen.png" "$left" "$out/al.png"
    crop "$out/wipe-screen.png" "$right" "$out/wr.png"; crop "$out/b-screen.png" "$right" "$out/br.png"
    dl=$(differing "$out/wl.png" "$out/al.png"); dr=$(differing "$out/wr.png" "$out/br.png")
    if [ "$ab" -gt 10000 ] && [ "$dl" -lt 200 ] && [ "$dr" -lt 200 ]; then
      pass "wipe at 40%: A left of the divider ($dl px differ), B right of it ($dr px); A and B differ in $ab px"
    else fail "wipe: A/B differ in $ab px; left vs A $dl, right vs B $dr"; fi
    [ -n "${SPLASHLAB_SHOTS:-}" ] && cp "$out/wipe.png" "$SPLASHLAB_SHOTS/compare-wipe.png"
  else fail "the wipe's divider did not drag"; fi
  click_control compare.overlay
  if until_j 'L["compare"] == "overlay" and c("compare.opacity")' 5; then
    ox=$(j 'cx("compare.opacity")'); oy=$(j 'cy("compare.opacity")')
    xdotool mousemove --window "$win" "$ox" "$oy"; sleep 0.25; xdotool click 1
    until_j 'abs(L["overlayOpacity"] - 0.5) < 0.05' 5
    opacity=$(j 'L["overlayOpacity"]')
    shot "$out/overlay.png"; crop "$out/overlay.png" "$(screen_geometry)" "$out/overlay-screen.png"
    for f in a b overlay; do inner "$out/$f-screen.png" "$out/$f-inner.png"; done
    composite -blend "$(python3 -c "print(round($opacity * 100, 2))")" "$out/b-inner.png" "$out/a-inner.png" "$out/blend.png"
    dv=$(differing "$out/overlay-inner.png" "$out/blend.png"); da=$(differing "$out/overlay-inner.png" "$out/a-inner.png")
    if [ "$dv" -lt 300 ] && [ "$da" -gt 1000 ]; then pass "overlay: B over A at $opacity matches their blend ($dv px differ; $da from A alone)"
    else fail "overlay at $opacity: $dv px differ from the blend, $da from A"; fi
    [ -n "${SPLASHLAB_SHOTS:-}" ] && cp "$out/overlay.png" "$SPLASHLAB_SHOTS/compare-overlay.png"
  else fail "overlay did not show"; fi
  click_control compare.difference
  if until_j 'L["compare"] == "difference"' 5; then
    sleep 0.3; shot "$out/difference.png"; crop "$out/difference.png" "$(screen_geometry)" "$out/difference-screen.png"
    inner "$out/difference-screen.png" "$out/difference-inner.png"
    composite "$out/a-inner.png" "$out/b-inner.png" -compose difference "$out/expected-difference.png"
    dd=$(differing "$out/difference-inner.png" "$out/expected-difference.png")
    [ "$dd" -lt 300 ] && pass "difference: |A - B| as computed from A and B alone ($dd px differ)" || fail "difference: $dd px differ from |A - B|"
  else fail "difference did not show"; fi
  quit
fi

if [ -n "${SPLASHLAB_SHOTS:-}" ] && [ "$screen" = 1920x1080 ]; then
  SPLASHLAB_SHOTS=$SPLASHLAB_SHOTS WORKBENCH_SCREEN=1280x800 env -u DISPLAY "$0" "$bin" >/dev/null
fi

echo "e2e-workbench ($screen): $passed passed, $failed failed"
[ "$failed" = 0 ]
