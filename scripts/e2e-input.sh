#!/usr/bin/env bash
# No input lost, and keys never act on nothing, in the real window under Xvfb with xdotool:
# - `xdotool mousemove X Y click 1` in one command (the move, the press and the release arrive
#   together) on a curve preset applies it;
# - a click on a number field and `type 0.45` at once, with no wait between, enters 0.45;
# - with every tool hidden (Tab), T, C and H show the inspector with that tool, and ? lists the keys.
#   scripts/e2e-input.sh PATH/TO/splashlab
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e-input.sh PATH/TO/splashlab}")
here=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=scripts/e2e-lib.sh
. "$here/e2e-lib.sh"

# `wait_for FILE ID FIELD VALUE [SECONDS]`: waits until the UI dump shows VALUE there.
wait_for() {
  local limit=${5:-20}
  for _ in $(seq 1 $((limit * 10))); do
    [ "$(control "$1" "$2" "$3" 2>/dev/null)" = "$4" ] && return 0
    sleep 0.1
  done
  return 1
}

# Scrolls the properties panel (wheel over it) until control ID is well inside the panel's own
# rectangle (the timeline dock lies under it, inside the window).
scroll_to() {
  local file=$1 id=$2 y top bottom
  for _ in $(seq 1 60); do
    y=$(control "$file" "$id" cy 2>/dev/null)
    top=$(control "$file" layout.properties y 2>/dev/null); bottom=$(control "$file" layout.properties bottom 2>/dev/null)
    if [ -n "$y" ] && [ -n "$top" ] && [ "$y" -gt "$((top + 60))" ] && [ "$y" -lt "$((bottom - 10))" ]; then
      # Still there a moment later: the panel has stopped scrolling.
      sleep 0.2
      [ "$(control "$file" "$id" cy)" = "$y" ] && return 0
      continue
    fi
    if [ -n "$y" ] && [ -n "$top" ] && [ "$y" -le "$((top + 60))" ]; then button=4; else button=5; fi
    xdotool mousemove --window "$win" "$(control "$file" layout.properties cx)" "$(control "$file" layout.properties cy)" click "$button"; sleep 0.1
  done
  return 1
}

ui="$out/input.json"
cp "$here/../Assets/timings.json" "$out/timings.json"
export XDG_STATE_HOME="$out/state"
"$bin" run --window-scale 1 --seed 3 --skip-splash --timings "$out/timings.json" --ui-dump "$ui" >"$out/input.log" 2>&1 &
pid=$!
if ! win=$(wait_window); then
  fail "the window did not open: $(cat "$out/input.log")"
  echo "e2e-input: $passed passed, $failed failed"
  exit 1
fi
xdotool windowfocus --sync "$win" 2>/dev/null
for _ in $(seq 1 200); do control "$ui" curve x >/dev/null 2>&1 && break; sleep 0.1; done

# 1. A preset clicked with its move in one command.
preset="curve.preset.material standard"
if scroll_to "$ui" "$preset"; then
  before=$(control "$ui" curve value)
  xdotool mousemove --window "$win" "$(control "$ui" "$preset" cx)" "$(control "$ui" "$preset" cy)" click 1
  if wait_for "$ui" curve value "cubic-bezier(0.4, 0, 0.2, 1)" 10; then
    pass "mousemove and click in one command apply the preset (curve $before → $(control "$ui" curve value))"
  else
    fail "mousemove and click in one command: the curve shows $(control "$ui" curve value), was $before"
  fi
else
  fail "the preset '$preset' never came into view: $(head -c 300 "$ui")"
fi

# 2. A click on a number field, and 0.45 typed at once: no wait for the entry to open.
id=splash.logo.duration
if scroll_to "$ui" "$id"; then
  xdotool mousemove --window "$win" "$(control "$ui" "$id" cx)" "$(control "$ui" "$id" cy)" click 1 type 0.45
  xdotool key Return
  if wait_for "$ui" "$id" value 0.45 10; then
    pass "click, then 0.45 typed at once: the field holds 0.45"
  else
    fail "click, then 0.45 typed at once: the field shows '$(control "$ui" "$id" value)', entry '$(control "$ui" "$id.entry" value 2>/dev/null)'"
  fi
  # The keys went to the field, not the window: 4 would have set the rate to 0.1.
  rate=$(control "$ui" view rate)
  if [ "$rate" = 1 ]; then pass "the typed digits did not act as window keys (rate $rate)"; else fail "a typed digit acted as a window key: rate $rate"; fi
else
  fail "the control $id never came into view"
fi

# 3. With the tools hidden, T, C and H show the inspector with that tool; ? lists the keys.
has() { case "$(control "$ui" view tools)" in *"\"$1\""*) echo yes ;; *) echo no ;; esac; }
for key in t c h; do
  case $key in t) tool=timeline ;; c) tool=curves ;; h) tool=hud ;; esac
  # The tool is on when the tools are hidden: the key must show it, not turn it off unseen.
  if [ "$(has $tool)" = no ]; then xdotool key "$key"; for _ in $(seq 1 50); do [ "$(has $tool)" = yes ] && break; sleep 0.1; done; fi
  xdotool key Tab
  wait_for "$ui" view toolsHidden true 10 || fail "Tab did not hide the tools"
  xdotool key "$key"
  if wait_for "$ui" view toolsHidden false 10 && [ "$(has $tool)" = yes ] && [ "$(control "$ui" view inspector)" = true ]; then
    pass "tools hidden, ${key^^} shows the inspector with the $tool"
  else
    fail "tools hidden, ${key^^}: hidden $(control "$ui" view toolsHidden), tools $(control "$ui" view tools), inspector $(control "$ui" view inspector)"
  fi
done
# With the inspector itself hidden (I), T shows it with the timeline.
xdotool key i
wait_for "$ui" view inspector false 10 || fail "I did not hide the inspector"
xdotool key t
if wait_for "$ui" view inspector true 10 && [ "$(has timeline)" = yes ]; then
  pass "inspector hidden, T shows it with the timeline"
else
  fail "inspector hidden, T: inspector $(control "$ui" view inspector), tools $(control "$ui" view tools)"
fi
xdotool key Tab
wait_for "$ui" view toolsHidden true 10
xdotool key question
if wait_for "$ui" view toolsHidden false 10 && control "$ui" keys.tab value >/dev/null && control "$ui" keys.q value >/dev/null; then
  pass "tools hidden, ? shows the key list ($(python3 -c "import json; print(sum(1 for c in json.load(open('$ui'))['controls'] if c['id'].startswith('keys.')))" ) rows)"
else
  fail "tools hidden, ?: hidden $(control "$ui" view toolsHidden), key rows: $(grep -o '"keys\.[^"]*"' "$ui" | head -3 | tr '\n' ' ')"
fi

xdotool key q; sleep 0.3; xdotool key q
wait_exit "$pid" 15
if [ "$status" = 0 ]; then pass "Q twice quits (status 0)"; else fail "quit: status $status"; kill -9 "$pid" 2>/dev/null; fi

echo "logs in $out"
echo "e2e-input: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
