#!/usr/bin/env bash
# End-to-end tests of the real binary in a real X11 window under Xvfb, driven by real input
# (xdotool) and checked with screenshots (ImageMagick).
#   scripts/e2e.sh PATH/TO/splashlab
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e.sh PATH/TO/splashlab}")
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${SPLASHLAB_E2E_INSIDE_X:-}" ]; then
  export SPLASHLAB_E2E_INSIDE_X=1
  exec xvfb-run -a -s "-screen 0 1280x1024x24" "$0" "$bin"
fi

# shellcheck source=scripts/e2e-lib.sh
. "$here/e2e-lib.sh"

# Number of distinct colours in a PNG: a blank or single-colour screen has very few.
colours() { convert "$1" -format '%k' info: 2>/dev/null || echo 0; }

# Starts the window with the given arguments at window scale 1, logging to $out/NAME.log; sets
# $pid and $win, or reports that it did not open.
start() {
  local name=$1; shift
  "$bin" run --window-scale 1 "$@" >"$out/$name.log" 2>&1 &
  pid=$!
  if win=$(wait_window); then return 0; fi
  fail "the window did not open for $name: $(cat "$out/$name.log")"
  kill "$pid" 2>/dev/null
  return 1
}

quit() { press "$win" q; wait_exit "$pid" 10; [ "$status" = "timeout" ] && { kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; }

# Real key presses go to the focused window: focus it (there is no window manager under Xvfb),
# then type through XTEST, which SDL treats as real input (it ignores synthetic XSendEvent keys).
press() { xdotool windowfocus --sync "$1" 2>/dev/null; xdotool key "$2"; }

# Types TEXT into the properties panel's number field ID (found in the UI dump FILE, scrolled
# into the panel's rectangle first by the wheel over the panel): hover, click to start typing,
# wait until the field is in typing mode, type, Enter, and wait until the field shows the value.
# Fails (status 1) if it never does.
type_into() {
  local file=$1 id=$2 text=$3 y top bottom
  for _ in $(seq 1 40); do
    y=$(control "$file" "$id" cy); top=$(control "$file" layout.properties y); bottom=$(control "$file" layout.properties bottom)
    [ -n "$y" ] && [ -n "$top" ] && [ "$y" -gt "$((top + 30))" ] && [ "$y" -lt "$((bottom - 10))" ] && break
    xdotool mousemove --window "$win" "$(control "$file" layout.properties cx)" "$(control "$file" layout.properties cy)" click 5; sleep 0.15
  done
  # A click on the number opens typing; on a slow first frame it can be missed, so up to three tries.
  for _ in 1 2 3; do
    xdotool mousemove --window "$win" "$(control "$file" "$id" cx)" "$(control "$file" "$id" cy)"; sleep 0.3
    xdotool click 1
    for _ in $(seq 1 20); do control "$file" "$id.entry" x >/dev/null && break 2; sleep 0.1; done
  done
  # Keys typed while the entry opens wait for it in the inspector's input queue: no wait here.
  for _ in 1 2 3; do
    xdotool key ctrl+a; xdotool type --delay 60 "$text"
    for _ in $(seq 1 20); do [ "$(control "$file" "$id.entry" value 2>/dev/null)" = "$text" ] && break 2; sleep 0.1; done
  done
  xdotool key Return
  for _ in $(seq 1 30); do
    python3 -c "import sys; sys.exit(0 if abs(float(sys.argv[1]) - float(sys.argv[2])) < 1e-9 else 1)" \
      "$(control "$file" "$id" value 2>/dev/null || echo nan)" "$text" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "type_into $id: the field shows '$(control "$file" "$id" value)', entry '$(control "$file" "$id.entry" value)'" >&2
  return 1
}

# 1. Smoke: the window opens, shows the splash and then the feed, and quits on Q.
if start run --seed 3; then
  pass "the window opens"
  # Screenshot until the window has drawn (a loaded machine may take seconds for the first frame).
  shows_colours() { import -window "$win" "$out/$1.png" 2>/dev/null; n=$(colours "$out/$1.png"); [ "$n" -gt "$2" ]; }
  if wait_for 20 shows_colours splash 20; then pass "splash screenshot is not blank ($n colours)"; else fail "splash screenshot is blank ($n colours)"; fi
  if wait_for 30 shows_colours feed 200; then pass "feed screenshot is not blank ($n colours)"; else fail "feed screenshot looks blank ($n colours)"; fi
  quit
  if [ "$status" = "0" ]; then pass "Q quits with status 0"; else fail "Q did not quit cleanly (status $status)"; kill "$pid" 2>/dev/null; fi
fi

# 2. A click during the splash skips it: soon after the click the feed is on screen.
#    The splash is held for a minute, so only the click can end it within the wait.
printf '{"splash": {"minHold": 60, "timeout": 60}}\n' > "$out/long-hold.json"
if start skip --seed 3 --timings "$out/long-hold.json"; then
  xdotool windowfocus --sync "$win" 2>/dev/null
  xdotool mousemove --window "$win" 100 100 click 1
  # The feed's nav bar is near-white at the top left; the splash there is dark blue.
  feed_at_top_left() {
    import -window "$win" "$out/skipped.png" 2>/dev/null
    pixel=$(convert "$out/skipped.png" -format '%[fx:int(255*p{20,20}.r)],%[fx:int(255*p{20,20}.b)]' info:)
    [ "${pixel%,*}" -gt 200 ]
  }
  if wait_for 20 feed_at_top_left; then pass "a click skips the splash (top-left pixel $pixel)"; else fail "after a click the splash still shows (top-left pixel $pixel)"; fi
  quit
fi

# 4. A real click on a card opens its detail; Escape closes it again.
if start card --seed 3 --skip-splash; then
  sleep 0.5
  xdotool windowfocus --sync "$win" 2>/dev/null
  # The first card's photo, in window points (window scale 1).
  xdotool mousemove --window "$win" 94 200 click 1
  sleep 0.8
  import -window "$win" "$out/card-open.png" 2>/dev/null
  # The detail's "Message seller" button spans the bottom: blue at (30, 608).
  pixel=$(convert "$out/card-open.png" -format '%[fx:int(255*p{30,608}.r)],%[fx:int(255*p{30,608}.g)],%[fx:int(255*p{30,608}.b)]' info:)
  if [ "${pixel%%,*}" -lt 40 ] && [ "${pixel##*,}" -gt 200 ]; then pass "a click on a card opens its detail (pixel $pixel)"; else fail "no detail after a click on a card (pixel $pixel)"; fi
  press "$win" Escape
  sleep 0.8
  import -window "$win" "$out/card-closed.png" 2>/dev/null
  pixel=$(convert "$out/card-closed.png" -format '%[fx:int(255*p{30,608}.r)],%[fx:int(255*p{30,608}.g)],%[fx:int(255*p{30,608}.b)]' info:)
  if [ "${pixel%%,*}" -gt 150 ]; then pass "Escape closes the detail (pixel $pixel)"; else fail "the detail stayed after Escape (pixel $pixel)"; fi
  quit
fi

# 5. The bottom panel under a real mouse: an edge drag up presents it, a drag down dismisses it.
# Probe: the panel's "Show 48 results" button is blue at (30, 608); the dimmed feed there is grey.
probe() { convert "$1" -format '%[fx:int(255*p{30,608}.r)],%[fx:int(255*p{30,608}.g)],%[fx:int(255*p{30,608}.b)]' info:; }
if start panel --seed 3 --skip-splash; then
  sleep 0.5
  xdotool windowfocus --sync "$win" 2>/dev/null
  xdotool mousemove --window "$win" 180 660 mousedown 1
  for y in 630 590 540 480 420 360 330; do xdotool mousemove --window "$win" 180 $y; sleep 0.03; done
  xdotool mouseup 1
  sleep 1.0
  import -window "$win" "$out/panel-up.png" 2>/dev/null
  pixel=$(probe "$out/panel-up.png")
  if [ "${pixel%%,*}" -lt 40 ] && [ "${pixel##*,}" -gt 200 ]; then pass "an edge drag up presents the panel (pixel $pixel)"; else fail "no panel after an edge drag (pixel $pixel)"; fi
  xdotool mousemove --window "$win" 180 330 mousedown 1
  for y in 360 420 480 540 600 650; do xdotool mousemove --window "$win" 180 $y; sleep 0.02; done
  xdotool mouseup 1
  sleep 1.0
  import -window "$win" "$out/panel-down.png" 2>/dev/null
  pixel=$(probe "$out/panel-down.png")
  if [ "${pixel##*,}" -lt 200 ] || [ "${pixel%%,*}" -gt 150 ]; then pass "a drag down dismisses the panel (pixel $pixel)"; else fail "the panel stayed after a drag down (pixel $pixel)"; fi
  quit
fi

# 6. The HUD: H shows it at the top of the inspector, beside the device (the inspector moves
#    down to make room), and H again hides it; the device screen is never covered.
if start hud --seed 3 --skip-splash --ui-dump "$out/hud.json"; then
  sleep 0.8
  before=$(control "$out/hud.json" save y); tools_before=$(control "$out/hud.json" view tools)
  import -window "$win" "$out/hud-off.png" 2>/dev/null
  press "$win" h
  sleep 0.6
  during=$(control "$out/hud.json" save y); tools_during=$(control "$out/hud.json" view tools)
  import -window "$win" "$out/hud-on.png" 2>/dev/null
  press "$win" h
  sleep 0.6
  after=$(control "$out/hud.json" save y); tools_after=$(control "$out/hud.json" view tools)
  same=$(compare -metric AE -extract 375x667+0+0 "$out/hud-off.png" "$out/hud-on.png" null: 2>&1)
  views="$tools_before → $tools_during → $tools_after"
  has_hud() { case "$1" in *'"hud"'*) echo on ;; *) echo off ;; esac; }
  if [ "${during%.*}" -gt "$((${before%.*} + 100))" ] && [ "$after" = "$before" ] && [ "${same%% *}" -lt 2000 ] \
     && [ "$(has_hud "$tools_before") $(has_hud "$tools_during") $(has_hud "$tools_after")" = "off on off" ]; then
    pass "H shows the HUD beside the device and H hides it (inspector top $before → $during → $after, tools in the UI dump $views, device pixels changed: $same)"
  else
    fail "the HUD did not toggle beside the device (inspector top $before → $during → $after, tools in the UI dump $views, device pixels changed: $same)"
  fi
  quit
fi

# 6b. Scrubbing is exact for interactive state: a card opened at about 4 s, then the playhead
#     dragged back to about 0.6 s on the inspector's timeline shows the splash and no card;
#     dragged forward again, the card is open as it was.
if start scrub --seed 3 --ui-dump "$out/scrub.json"; then
  sleep 3.6
  xdotool windowfocus --sync "$win" 2>/dev/null
  xdotool mousemove --window "$win" 94 200 click 1
  press "$win" shift+f   # the timeline fitted to the whole take, which now goes past the splash
  sleep 0.8
  import -window "$win" "$out/scrub-open.png" 2>/dev/null
  open_pixel=$(probe "$out/scrub-open.png")
  ruler_y=$(control "$out/scrub.json" timeline.ruler cy)
  back_x=$(control "$out/scrub.json" timeline.ruler at:0.6)
  xdotool mousemove --window "$win" "$back_x" "$ruler_y"; sleep 0.3; xdotool mousedown 1
  sleep 0.5
  import -window "$win" "$out/scrub-back.png" 2>/dev/null
  corner=$(convert "$out/scrub-back.png" -format '%[fx:int(255*p{20,20}.r)],%[fx:int(255*p{20,20}.b)]' info:)
  back_pixel=$(probe "$out/scrub-back.png")
  end_x=$(control "$out/scrub.json" timeline.ruler x); end_w=$(control "$out/scrub.json" timeline.ruler width)
  for f in 0.3 0.6 0.9 0.99; do xdotool mousemove --window "$win" "$(python3 -c "print(int($end_x + $f * $end_w))")" "$ruler_y"; sleep 0.05; done
  sleep 0.5
  xdotool mouseup 1
  import -window "$win" "$out/scrub-forward.png" 2>/dev/null
  forward_pixel=$(probe "$out/scrub-forward.png")
  # The detail's button is (0, 122, 255); the splash's gradient there is about (47, 170, 201).
  is_blue() { local g=${1#*,}; g=${g%,*}; [ "${1%%,*}" -lt 25 ] && [ "$g" -lt 145 ] && [ "${1##*,}" -gt 235 ]; }
  if is_blue "$open_pixel" && [ "${corner%,*}" -lt 120 ] && ! is_blue "$back_pixel"; then
    pass "scrubbed back to the splash, no card is drawn (corner $corner, probe $back_pixel)"
  else
    fail "scrubbed back: card open $open_pixel, corner $corner (splash is dark), probe $back_pixel (the card's button is blue)"
  fi
  if is_blue "$forward_pixel"; then pass "scrubbed forward, the card is open again (probe $forward_pixel)"; else fail "scrubbed forward, no card (probe $forward_pixel)"; fi
  quit
fi

# 6c. Tuning in the inspector with a real mouse and keyboard: drag the logo curve's first control
#     point, type a new logo duration, Ctrl+S. The saved file holds exactly those two changes and
#     every other byte as it was; undo brings the old values back; `state` on the saved file shows
#     the new timing.
tuned="$out/tuned.json"
cp "$here/../Assets/timings.json" "$tuned"
cp "$tuned" "$out/tuned-original.json"
export XDG_STATE_HOME="$out/state"
if start tune --seed 3 --skip-splash --timings "$tuned" --ui-dump "$out/tune.json"; then
  sleep 1.2
  xdotool windowfocus --sync "$win" 2>/dev/null
  # A real pointer hovers before it presses; ImGui picks the item under the pointer on the frame
  # before a press. A slow first frame can still miss it: up to three tries.
  for _ in 1 2 3; do
    cx=$(control "$out/tune.json" curve.cp1 cx); cy=$(control "$out/tune.json" curve.cp1 cy)
    xdotool mousemove --window "$win" "$cx" "$cy"; sleep 0.3; xdotool mousedown 1; sleep 0.2
    for d in 10 20 30 40; do xdotool mousemove --window "$win" "$((cx + d / 2))" "$((cy - d))"; sleep 0.05; done
    xdotool mouseup 1
    sleep 0.4
    cp1=$(control "$out/tune.json" curve.cp1 value)
    [ "$cp1" != "[0.42, 0]" ] && break
  done
  type_into "$out/tune.json" splash.logo.duration 0.45
  xdotool key ctrl+s
  for _ in $(seq 1 30); do grep -q '"duration": 0.45' "$tuned" && break; sleep 0.1; done
  verdict=$(python3 - "$out/tuned-original.json" "$tuned" "$cp1" <<'PY'
import json, re, sys
original, saved = open(sys.argv[1]).read(), open(sys.argv[2]).read()
doc = json.loads(saved)
logo = doc["splash"]["logo"]
m = re.fullmatch(r"cubic-bezier\(([-0-9.e]+), ([-0-9.e]+), 0.58, 1\)", logo["curve"])
problems = []
if logo["duration"] != 0.45: problems.append("duration %r" % logo["duration"])
if not m: problems.append("curve %r" % logo["curve"])
elif [float(m.group(1)), float(m.group(2))] == [0.42, 0]: problems.append("cp1 unchanged")
restored = saved.replace('"duration": 0.45, "curve": "%s"' % logo["curve"], '"duration": 0.3, "curve": "easeInEaseOut"', 1)
if restored != original: problems.append("other bytes changed")
print("ok" if not problems else "; ".join(problems))
PY
)
  if [ "$verdict" = "ok" ]; then pass "drag cp1, type a duration, Ctrl+S: the file holds exactly those changes (cp1 $cp1)"; else fail "saved file: $verdict: $(cat "$tuned")"; fi
  xdotool key ctrl+z; sleep 0.2; xdotool key ctrl+z; sleep 0.4
  after_undo=$(control "$out/tune.json" curve.cp1 value)
  y=$(control "$out/tune.json" splash.logo.duration value)
  if [ "$after_undo" = "[0.42, 0]" ] && [ "$y" = "0.3" ]; then pass "undo restores the previous values"; else fail "after undo: cp1 $after_undo, duration $y"; fi
  press "$win" q; sleep 0.3; press "$win" q; wait_exit "$pid" 10
  [ "$status" = "timeout" ] && { kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
  if [ "$status" = "0" ] && ls "$out/state/splashlab/" 2>/dev/null | grep -q recovery; then
    pass "Q twice quits with unsaved edits, which stay in the recovery file"
  else
    fail "quit with unsaved edits: status $status, recovery: $(ls "$out/state/splashlab/" 2>&1)"
  fi
  new=$("$bin" state --at 0.2 --timings "$tuned" --seed 3 | python3 -c 'import json,sys; print(json.load(sys.stdin)["splash"]["layers"]["logo"]["width"])')
  old=$("$bin" state --at 0.2 --seed 3 | python3 -c 'import json,sys; print(json.load(sys.stdin)["splash"]["layers"]["logo"]["width"])')
  if [ "$new" != "$old" ]; then pass "state on the saved file shows the new timing (logo at 0.2 s: $old → $new pt)"; else fail "state unchanged on the saved file ($new)"; fi
fi

# 6d. A/B: take the values as A, make B's logo larger by typing, and play both side by side.
if start ab --seed 3 --ui-dump "$out/ab.json"; then
  sleep 0.5
  xdotool windowfocus --sync "$win" 2>/dev/null
  press "$win" a
  type_into "$out/ab.json" splash.logo.endSize 150
  sleep 0.3
  press "$win" v
  sleep 0.3
  press "$win" space
  # Paused; then to 1.0 s (the splash holding, logo grown) exactly, through the timeline's ruler.
  for _ in $(seq 1 40); do
    y=$(control "$out/ab.json" timeline.ruler cy)
    [ -n "$y" ] && [ "$y" -gt 20 ] && break
    xdotool mousemove --window "$win" 560 500 click 4; sleep 0.15
  done
  xdotool mousemove --window "$win" "$(control "$out/ab.json" timeline.ruler at:1.0)" "$(control "$out/ab.json" timeline.ruler cy)"
  sleep 0.3; xdotool click 1; sleep 0.6
  import -window "$win" "$out/ab-split.png" 2>/dev/null
  vw=$(control "$out/ab.json" viewport width); vx=$(control "$out/ab.json" viewport x)
  # White (logo and text) share of each screen's middle band: B's logo is larger.
  share() { convert "$out/ab-split.png" -crop "${vw%.*}x260+$1+200" +repage -colorspace gray -threshold 92% -format '%[fx:mean]' info:; }
  a=$(share "${vx%.*}"); b=$(share "$(( ${vx%.*} + ${vw%.*} ))")
  if python3 -c "import sys; sys.exit(0 if $b > $a * 1.5 and $a > 0.005 else 1)"; then
    pass "A | B shows two device screens at the same moment with different logo sizes (white share A $a, B $b)"
  else
    fail "A | B screenshot: white share A $a, B $b"
  fi
  press "$win" q; sleep 0.3; press "$win" q; wait_exit "$pid" 10
  [ "$status" = "timeout" ] && { kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
fi
export XDG_STATE_HOME="$out/state"

# 7. Hot reload: an edit to the timings file while the window runs is applied and announced;
#    a broken edit is reported as PATH:LINE:COLUMN and the window keeps running.
timings="$out/timings.json"
printf '{"splash": {"minHold": 2.0}}\n' > "$timings"
if start reload --seed 3 --timings "$timings"; then
  printf '{"splash": {"minHold": 1.2}}\n' > "$timings"
  if wait_for 20 grep -q "reloaded timings from $timings" "$out/reload.log"; then pass "an edit is reloaded while the window runs"; else fail "no reload message: $(cat "$out/reload.log")"; fi
  printf '{\n  "splash": {"minHold": -1}\n}\n' > "$timings"
  if wait_for 20 grep -q "timings error: $timings:2:25: splash.minHold must lie in" "$out/reload.log" && kill -0 "$pid" 2>/dev/null; then
    pass "a broken edit is reported with its line and column and the window keeps running"
  else
    fail "broken edit not reported: $(cat "$out/reload.log")"
  fi
  if [ "$(cat "$timings")" = "$(printf '{\n  "splash": {"minHold": -1}\n}')" ]; then pass "the timings file is left as the user wrote it"; else fail "the timings file was changed"; fi
  quit
fi

# 8. F9 capture: the session's input is written as a script (and a video rendered from it).
mkdir -p "$out/capture" && cd "$out/capture"
if start capture --seed 3 --skip-splash; then
  sleep 0.4
  press "$win" F9
  xdotool mousemove --window "$win" 94 200 click 1
  sleep 0.6
  press "$win" F9
  sleep 0.3
  quit
  script=$(ls capture-*.json 2>/dev/null | head -n 1)
  if [ -n "$script" ] && grep -q '"type": "up"' "$script"; then
    state=$("$bin" state --at 5 --skip-splash --seed 3 --script "$script")
    if printf '%s' "$state" | grep -q '"card": {"id": 1, "phase": "open"'; then pass "the captured script replays to the card it opened"; else fail "replaying $script gave: $state"; fi
  else
    fail "no capture script written: $(cat "$out/capture.log")"
  fi
  for _ in $(seq 1 100); do ls capture-*.mp4 >/dev/null 2>&1 && ! pgrep -f "record --out $out/capture" >/dev/null && break; sleep 0.1; done
  if ls capture-*.mp4 >/dev/null 2>&1; then pass "a video of the capture is rendered offline"; else fail "no capture video"; fi
fi
cd - >/dev/null

# 9. Without a display the window refuses with one line and exit code 2.
msg=$(env -u DISPLAY -u WAYLAND_DISPLAY "$bin" run 2>&1); status=$?
if [ "$status" = "2" ] && [ "$(printf '%s\n' "$msg" | wc -l)" = "1" ] && printf '%s' "$msg" | grep -q "splashlab render"; then
  pass "no display: one line and exit code 2"
else
  fail "no display gave status $status: $msg"
fi
# A display named but not answering (no X server there) is refused by name within a few seconds,
# not left to SDL's fall-through to its offscreen driver, where the window would run unseen.
msg=$(env -u WAYLAND_DISPLAY DISPLAY=:97 timeout 30 "$bin" run 2>&1); status=$?
if [ "$status" = "1" ] && [ "$(printf '%s\n' "$msg" | wc -l)" = "1" ] && printf '%s' "$msg" | grep -q "could not open the X display ':97'"; then
  pass "a display that does not answer: one line naming it and exit code 1"
else
  fail "a display that does not answer gave status $status: $msg"
fi

# 10. The soak refuses what it cannot run with a message and exit code 2, before starting Xvfb.
msg=$("$here/soak.sh" "$out/no-such-binary" 1 2>&1); status=$?
msg2=$("$here/soak.sh" "$bin" soon 2>&1); status2=$?
if [ "$status" = "2" ] && printf '%s' "$msg" | grep -q "is not an executable file" \
   && [ "$status2" = "2" ] && printf '%s' "$msg2" | grep -q "MINUTES must be a positive number"; then
  pass "soak.sh: a missing binary or a bad MINUTES gives a message and exit code 2"
else
  fail "soak.sh gave $status: $msg / $status2: $msg2"
fi

# 11. A signal (SIGTERM, SIGINT, SIGHUP) quits within 1 s in every state of the window, with exit
#     status 0, no SDL error from the shutdown, the timings file untouched and the unsaved edits
#     in the recovery file. The bound is a correctness bound (a quit that waits for an answer
#     never comes), measured by polling the process.
# Waits until control $2's value in the UI dump $1 is within $4 of $3.
wait_value() {
  for _ in $(seq 1 50); do
    python3 -c "import sys; sys.exit(0 if abs(float(sys.argv[1]) - float(sys.argv[2])) <= float(sys.argv[3]) else 1)" \
      "$(control "$1" "$2" value 2>/dev/null || echo nan)" "$3" "$4" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
# Waits until the view's field $2 in the UI dump $1 is $3 (as JSON).
wait_view() { for _ in $(seq 1 50); do [ "$(control "$1" view "$2")" = "$3" ] && return 0; sleep 0.1; done; return 1; }
# Puts the window $win into the state $1 (its UI dump is $2); fails (status 1) if it cannot.
enter_state() {
  local name=$1 ui=$2 x y
  case $name in
    a-taken|split) press "$win" a; wait_view "$ui" hasA true || return 1 ;;
  esac
  if [ "$name" = dragging ]; then
    # A curve control point held mid-drag: its value is an edit not yet final. ImGui sees one
    # pointer change a frame, so on slow frames the steps are slow too, and a missed press is retried.
    for _ in 1 2 3 4; do
      local cx cy
      cx=$(control "$ui" curve.cp1 cx); cy=$(control "$ui" curve.cp1 cy)
      xdotool mousemove --window "$win" "$cx" "$cy"; sleep 0.4; xdotool mousedown 1; sleep 0.4
      for d in 10 20 30 40; do xdotool mousemove --window "$win" "$((cx + d / 2))" "$((cy - d))"; sleep 0.15; done
      for _ in $(seq 1 20); do [ "$(control "$ui" curve.cp1 value)" != "[0.42, 0]" ] && return 0; sleep 0.1; done
      xdotool mouseup 1
    done
    return 1
  fi
  type_into "$ui" splash.logo.endSize 150 || return 1
  case $name in
    split) press "$win" v; wait_view "$ui" split true ;;
    capturing) press "$win" F9; wait_view "$ui" capturing true ;;
    typing)
      # A second field open for typing, text typed and not yet entered.
      x=$(control "$ui" splash.logo.duration cx); y=$(control "$ui" splash.logo.duration cy)
      xdotool mousemove --window "$win" "$x" "$y"; sleep 0.3; xdotool click 1
      for _ in $(seq 1 30); do control "$ui" splash.logo.duration.entry x >/dev/null && break; sleep 0.1; done
      for _ in 1 2 3; do
        xdotool key ctrl+a; xdotool type --delay 60 "0.7"
        for _ in $(seq 1 20); do [ "$(control "$ui" splash.logo.duration.entry value 2>/dev/null)" = 0.7 ] && return 0; sleep 0.1; done
      done
      return 1 ;;
    scrubbing)
      # Paused, the pointer held down on the timeline's ruler and dragged along it.
      press "$win" space; wait_view "$ui" paused true || return 1
      for _ in $(seq 1 40); do
        y=$(control "$ui" timeline.ruler cy)
        [ -n "$y" ] && [ "$y" -gt 20 ] && break
        xdotool mousemove --window "$win" 560 500 click 4; sleep 0.15
      done
      # The ruler spans the take so far, which grows: aim at a fifth and at half of it, to within two pixels.
      local span first second near
      span=$(control "$ui" timeline.ruler value | tr -d "{}'" | awk -F'[:,]' '{print $2, $4}')
      first=$(echo "$span" | awk '{print $1 + 0.2 * ($2 - $1)}'); second=$(echo "$span" | awk '{print $1 + 0.5 * ($2 - $1)}')
      near=$(echo "$span $(control "$ui" timeline.ruler width)" | awk '{print 2 * ($2 - $1) / $3}')
      # ImGui takes a press for the item hovered on the frame before: on a slow frame, try again.
      for _ in 1 2 3; do
        xdotool mousemove --window "$win" "$(control "$ui" timeline.ruler "at:$first")" "$y"
        sleep 0.3; xdotool mousedown 1
        wait_value "$ui" playhead "$first" "$near" && break
        xdotool mouseup 1
      done
      xdotool mousemove --window "$win" "$(control "$ui" timeline.ruler "at:$second")" "$y"
      wait_value "$ui" playhead "$second" "$near" || { echo "scrubbing: the playhead shows $(control "$ui" playhead value), not $second" >&2; return 1; } ;;
  esac
}
# $1: the state, $2: the signal (TERM, INT or HUP).
check_signal() {
  local name=$1 sig=$2 file="$out/sig-$1-$2.json" ui="$out/sig-$1-$2.ui.json" log="$out/sig-$1-$2.log" t0 t1 ms
  cp "$here/../Assets/timings.json" "$file"
  # Started as from a terminal: SIGINT and SIGHUP at their defaults even when this script
  # inherited them ignored (the app rightly keeps an ignored signal ignored).
  XDG_STATE_HOME="$out/sig-$1-$2.state" SPLASHLAB_CHECK_SDL_ERRORS=1 python3 -c \
    'import os, signal, sys; [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGHUP)]; os.execv(sys.argv[1], sys.argv[1:])' \
    "$bin" run --window-scale 1 --seed 3 --skip-splash --timings "$file" --ui-dump "$ui" >"$log" 2>&1 &
  pid=$!
  if ! win=$(wait_window); then fail "SIG$sig, $name: the window did not open: $(cat "$log")"; kill "$pid" 2>/dev/null; return; fi
  for _ in $(seq 1 50); do control "$ui" save y >/dev/null && break; sleep 0.1; done
  xdotool windowfocus --sync "$win" 2>/dev/null
  if ! enter_state "$name" "$ui"; then
    fail "SIG$sig: could not put the window into the state '$name'"; xdotool mouseup 1; kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return
  fi
  t0=$(date +%s%N)
  kill -"$sig" "$pid"
  for _ in $(seq 1 500); do kill -0 "$pid" 2>/dev/null || break; sleep 0.01; done
  t1=$(date +%s%N); ms=$(( (t1 - t0) / 1000000 ))
  xdotool mouseup 1 2>/dev/null
  if kill -0 "$pid" 2>/dev/null; then
    fail "SIG$sig, $name: still running ${ms} ms after the signal"; kill -KILL "$pid"; wait "$pid" 2>/dev/null; return
  fi
  wait "$pid"; status=$?
  local recovered
  recovered=$(python3 - "$out/sig-$1-$2.state/splashlab" "$name" <<'PY'
import glob, json, sys
files = glob.glob(sys.argv[1] + "/recovery-*")
if len(files) != 1: print("%d recovery files" % len(files)); sys.exit()
logo = json.load(open(files[0]))["splash"]["logo"]
if sys.argv[2] == "dragging": print("ok" if logo.get("curve", "easeInEaseOut") != "easeInEaseOut" else "curve %r" % logo.get("curve"))
else: print("ok" if logo.get("endSize") == 150 else "endSize %r" % logo.get("endSize"))
PY
)
  local invalid
  invalid=$(grep -ciE "^SDL error: (Parameter '.*' is invalid|Invalid (texture|renderer|window))" "$log")
  if [ "$ms" -le 1000 ] && [ "$status" = 0 ] && [ "$recovered" = ok ] && [ "$invalid" = 0 ] && cmp -s "$file" "$here/../Assets/timings.json"; then
    pass "SIG$sig, $name: quit in $ms ms (bound 1000), status 0, the unsaved edits in the recovery file, the timings file untouched"
  else
    fail "SIG$sig, $name: quit in $ms ms (bound 1000), status $status, recovery: $recovered, SDL errors: $invalid, timings file changed: $(cmp -s "$file" "$here/../Assets/timings.json" && echo no || echo yes)"
  fi
}
mkdir -p "$out/sig-cwd" && cd "$out/sig-cwd"
for name in edits a-taken split typing scrubbing capturing dragging; do check_signal "$name" TERM; done
check_signal a-taken INT
check_signal a-taken HUP
cd - >/dev/null

# 12. Ctrl+S in a real window keeps the file as it was but for the edited value: a file opened
#     through a symbolic link (relative, to another folder) is written there and the link stays a
#     link; a 0600 file stays 0600.
mkdir -p "$out/saves/real"
cp "$here/../Assets/timings.json" "$out/saves/real/linked.json"
ln -s real/linked.json "$out/saves/link.json"
cp "$here/../Assets/timings.json" "$out/saves/private.json"; chmod 600 "$out/saves/private.json"
export XDG_STATE_HOME="$out/saves-state"
# $1: name, $2: the file to open, $3: the file a save must reach. Types 150 as the logo's end
# size, presses Ctrl+S, waits for the file to show it, and quits.
save_in_window() {
  start "save-$1" --seed 3 --skip-splash --timings "$2" --ui-dump "$out/save-$1.json" || return 1
  for _ in $(seq 1 50); do control "$out/save-$1.json" save y >/dev/null && break; sleep 0.1; done
  xdotool windowfocus --sync "$win" 2>/dev/null
  type_into "$out/save-$1.json" splash.logo.endSize 150 || { press "$win" q; press "$win" q; return 1; }
  xdotool key ctrl+s
  for _ in $(seq 1 50); do grep -q '"endSize": 150' "$3" && break; sleep 0.1; done
  quit
}
save_in_window link "$out/saves/link.json" "$out/saves/real/linked.json"
if [ -L "$out/saves/link.json" ] && [ "$(readlink "$out/saves/link.json")" = real/linked.json ] \
   && grep -q '"endSize": 150' "$out/saves/real/linked.json" && grep -q "saved $out/saves/link.json" "$out/save-link.log" \
   && [ "$(ls -A "$out/saves")" = "$(printf 'link.json\nprivate.json\nreal')" ] && [ "$(ls -A "$out/saves/real")" = linked.json ]; then
  pass "Ctrl+S through a symbolic link writes its target and keeps the link (no temporary left)"
else
  fail "Ctrl+S through a link: link $(stat -c %F "$out/saves/link.json") → $(readlink "$out/saves/link.json"), target: $(grep -o '"endSize": [0-9.]*' "$out/saves/real/linked.json"), folders: $(ls -A "$out/saves" "$out/saves/real" | tr '\n' ' '), log: $(cat "$out/save-link.log")"
fi
save_in_window private "$out/saves/private.json" "$out/saves/private.json"
if [ "$(stat -c %a "$out/saves/private.json")" = 600 ] && grep -q '"endSize": 150' "$out/saves/private.json"; then
  pass "Ctrl+S keeps a 0600 file 0600"
else
  fail "Ctrl+S on a 0600 file: mode $(stat -c %a "$out/saves/private.json"), $(grep -o '"endSize": [0-9.]*' "$out/saves/private.json"), log: $(cat "$out/save-private.log")"
fi
export XDG_STATE_HOME="$out/state"

if "$here/e2e-quit.sh" "$bin"; then pass "quit after every overlay (scripts/e2e-quit.sh)"; else fail "quit after every overlay (scripts/e2e-quit.sh)"; fi
if "$here/e2e-timeline.sh" "$bin"; then pass "the timeline (scripts/e2e-timeline.sh)"; else fail "the timeline (scripts/e2e-timeline.sh)"; fi
if "$here/e2e-input.sh" "$bin"; then pass "no input lost, no key acts on nothing (scripts/e2e-input.sh)"; else fail "no input lost, no key acts on nothing (scripts/e2e-input.sh)"; fi
if "$here/e2e-launch.sh" "$bin"; then pass "launch screen, blink, appearance and screens (scripts/e2e-launch.sh)"; else fail "launch screen, blink, appearance and screens (scripts/e2e-launch.sh)"; fi
if "$here/e2e-analysis.sh" "$bin"; then pass "the Graph view and its interruption list (scripts/e2e-analysis.sh)"; else fail "the Graph view and its interruption list (scripts/e2e-analysis.sh)"; fi
# Its own Xvfb at 1920x1080, hence no DISPLAY.
if env -u DISPLAY "$here/e2e-workbench.sh" "$bin"; then pass "the workbench (scripts/e2e-workbench.sh)"; else fail "the workbench (scripts/e2e-workbench.sh)"; fi
echo "screenshots in $out"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
