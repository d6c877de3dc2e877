#!/usr/bin/env bash
# What about the window needs a real X server, under Xvfb: real input through XTEST (xdotool),
# signals to the process, saves through links from the real window, and screenshots. Everything
# else is checked in-process by the window tests (Tests/SplashLabTests/Window*Tests.swift).
#   scripts/e2e.sh PATH/TO/splashlab
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e.sh PATH/TO/splashlab}")
here=$(cd "$(dirname "$0")" && pwd)
timings="$here/../Assets/timings.json"
# shellcheck source=scripts/e2e-lib.sh
. "$here/e2e-lib.sh"

# `start NAME ARGS...`: the window at scale 1, UI dump $dump, log $log; sets $pid and $win. As from a
# terminal: SIGINT and SIGHUP at their defaults though this script may have them ignored (the app
# keeps an ignored signal ignored); every error SDL records is logged (SPLASHLAB_CHECK_SDL_ERRORS).
start() {
  dump="$out/$1.json"; log="$out/$1.log"
  SPLASHLAB_CHECK_SDL_ERRORS=1 python3 -c 'import os, signal, sys; [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGHUP)]; os.execv(sys.argv[1], sys.argv[1:])' \
    "$bin" run --window-scale 1 --ui-dump "$dump" "${@:2}" >"$log" 2>&1 &
  pid=$!
  if win=$(wait_window) && wait_for 20 ui "$dump" .layout >/dev/null; then xdotool windowfocus --sync "$win" 2>/dev/null; return 0; fi
  fail "$1: the window did not open: $(cat "$log")"; kill -KILL "$pid" 2>/dev/null; return 1
}
quit() { press q; wait_exit "$pid" 15; [ "$status" = timeout ] && { kill -KILL "$pid"; wait "$pid" 2>/dev/null; }; }
until_ui() { wait_for "${2:-5}" ui "$dump" "$1" >/dev/null; }
drag() { # x0 y0 x1 y1: a real press, six moves and a release
  xdotool mousemove --window "$win" "$1" "$2" sleep 0.3 mousedown 1 $(for i in 1 2 3 4 5 6; do echo mousemove --window "$win" $(($1 + ($3 - $1) * i / 6)) $(($2 + ($4 - $2) * i / 6)) sleep 0.03; done) mouseup 1
}
# `type_into ID TEXT [open]`: the properties panel scrolled (the wheel over it) until field ID is
# inside it, a click to type, TEXT, and Enter (left open with `open`); fails unless the field shows it.
type_into() {
  for _ in $(seq 1 40); do
    ui "$dump" "(c(\"$1\") | .y + .height / 2) as \$y | .layout.properties | \$y > .y + 30 and \$y < .y + .height - 10" >/dev/null && break
    xdotool mousemove --window "$win" $(ui "$dump" '.layout.properties | "\(.x + .width / 2 | floor) \(.y + .height / 2 | floor)"') click 5 sleep 0.15
  done
  # ImGui takes a press for the item hovered the frame before; a slow first frame can miss it.
  for _ in 1 2 3; do xdotool mousemove --window "$win" $(ui "$dump" "at(\"$1\")") sleep 0.3 click 1; until_ui "c(\"$1.entry\")" 2 && break; done
  for _ in 1 2 3; do xdotool key ctrl+a type --delay 60 "$2"; until_ui "c(\"$1.entry\").value == \"$2\"" 2 && break; done
  [ "${3:-}" = open ] && { until_ui "c(\"$1.entry\").value == \"$2\"" 1; return; }
  xdotool key Return; until_ui "c(\"$1\").value == $2"
}

# 1. Real input: the splash is on screen; a real click skips it to the feed (near-white at the top
#    left, where the splash, held for a minute, is dark blue); Q quits with status 0.
printf '{"splash": {"minHold": 60, "timeout": 60}}\n' >"$out/long-hold.json"
shows() { import -window "$win" "$out/$1.png" 2>/dev/null && n=$(convert "$out/$1.png" -format '%k' info:) && [ "$n" -gt "$2" ]; }
feed() { shows feed 200 && [ "$(convert "$out/feed.png" -format '%[fx:int(255*p{20,20}.r)]' info:)" -gt 200 ]; }
if start smoke --seed 3 --timings "$out/long-hold.json"; then
  if wait_for 20 shows splash 20; then pass "the splash is on screen ($n colours)"; else fail "the splash screenshot is blank ($n colours)"; fi
  xdotool mousemove --window "$win" 100 100 click 1
  if wait_for 20 feed; then pass "a real click skips the splash to the feed ($n colours)"; else fail "after a real click: $n colours, no feed"; fi
  quit; if [ "$status" = 0 ]; then pass "Q quits with status 0"; else fail "Q: status $status"; fi
fi

# 2. F9 captures the input as a script that replays to the card a real click opened; a child renders its video.
mkdir -p "$out/capture" && cd "$out/capture" || exit 1
if start capture --seed 3 --skip-splash; then
  press F9; xdotool mousemove --window "$win" 94 200 click 1 sleep 0.6; press F9; sleep 0.3; quit
  script=$(ls capture-*.json 2>/dev/null | head -n 1)
  if [ -n "$script" ] && grep -q '"type": "up"' "$script" && "$bin" state --at 5 --skip-splash --seed 3 --script "$script" | grep -q '"card": {"id": 1, "phase": "open"'; then
    pass "the captured script replays to the card it opened"
  else fail "capture script '$script': $(cat "$log")"; fi
  for _ in $(seq 1 100); do ls capture-*.mp4 >/dev/null 2>&1 && ! pgrep -f "record --out $out/capture" >/dev/null && break; sleep 0.1; done
  if ls capture-*.mp4 >/dev/null 2>&1; then pass "a video of the capture is rendered offline"; else fail "no capture video"; fi
fi
cd - >/dev/null || exit 1

# 3. A signal (SIGTERM in every state of the window, SIGINT and SIGHUP with A taken, SIGINT after
#    every overlay) quits within 1 s (a correctness bound: a quit that waits for an answer never
#    comes), status 0, no SDL error from freeing, the timings file untouched, the edits kept.
enter() {
  case $1 in
    overlays) # past the splash and its hole; every overlay, a card, the panel, a scrub on the strip
      sleep 3.4; for key in h t c question Tab Tab; do press "$key"; sleep 0.25; done
      xdotool mousemove --window "$win" 94 200 click 1 sleep 0.8; press Escape; sleep 0.6; press p; sleep 0.8; press p; sleep 0.8
      drag 180 660 180 330; sleep 0.8; drag 180 330 180 650; sleep 0.6; drag 40 650 300 650
      for key in question c t h; do press "$key"; sleep 0.25; done; return ;;
    dragging) # a curve control point held mid-drag: an edit not yet final
      for _ in 1 2 3 4; do
        read -r x y < <(ui "$dump" 'at("curve.cp1")')
        xdotool mousemove --window "$win" "$x" "$y" sleep 0.4 mousedown 1 sleep 0.4
        for d in 10 20 30 40; do xdotool mousemove --window "$win" $((x + d / 2)) $((y - d)) sleep 0.15; done
        until_ui 'c("curve.cp1").value != [0.42, 0]' 2 && return 0; xdotool mouseup 1
      done; return 1 ;;
    a-taken|split) press a; until_ui .view.hasA || return 1 ;;
  esac
  type_into splash.logo.endSize 150 || return 1
  case $1 in
    split) press v; until_ui .view.split ;;
    capturing) press F9; until_ui .view.capturing ;;
    typing) type_into splash.logo.duration 0.7 open ;;
    scrubbing) # paused, the pointer held on the ruler and dragged from a fifth to half of its span
      press space; until_ui .view.paused || return 1
      for _ in $(seq 1 40); do ui "$dump" 'c("timeline.ruler") | .y > 20' >/dev/null && break; xdotool mousemove --window "$win" 560 500 click 4 sleep 0.15; done
      for f in 0.2 0.5; do
        read -r t x y near < <(ui "$dump" "c(\"timeline.ruler\") | (.value.end - .value.start) as \$s | (.value.start + $f * \$s) as \$t
          | \"\(\$t) \(.x + $f * .width | floor) \(.y + .height / 2 | floor) \(2 * \$s / .width)\"")
        for _ in 1 2 3; do
          xdotool mousemove --window "$win" "$x" "$y" sleep 0.3; [ "$f" = 0.2 ] && xdotool mousedown 1
          until_ui "c(\"playhead\").value - $t | fabs <= $near" && continue 2; [ "$f" = 0.2 ] && xdotool mouseup 1
        done; return 1
      done ;;
  esac
}
check_signal() {
  local name=$1 sig=$2 edits='.splash.logo.endSize == 150' t0 ms recovery invalid
  [ "$name" = dragging ] && edits='(.splash.logo.curve // "easeInEaseOut") != "easeInEaseOut"'
  cp "$timings" "$out/sig-$1-$2.timings.json"; export XDG_STATE_HOME="$out/sig-$1-$2.state"
  start "sig-$1-$2" --seed 3 $([ "$name" = overlays ] || echo --skip-splash) --timings "$out/sig-$1-$2.timings.json" && until_ui 'c("save")' 10 || return
  enter "$name" || { fail "SIG$sig: could not put the window into the state '$name'"; xdotool mouseup 1; kill -KILL "$pid"; wait "$pid" 2>/dev/null; return; }
  t0=$(date +%s%N); kill -"$sig" "$pid"
  for _ in $(seq 1 500); do kill -0 "$pid" 2>/dev/null || break; sleep 0.01; done
  ms=$((($(date +%s%N) - t0) / 1000000)); xdotool mouseup 1 2>/dev/null
  if kill -0 "$pid" 2>/dev/null; then fail "SIG$sig, $name: still running $ms ms after the signal"; kill -KILL "$pid"; wait "$pid" 2>/dev/null; return; fi
  wait "$pid"; status=$?
  recovery=$(ls "$XDG_STATE_HOME"/splashlab/recovery-* 2>/dev/null)
  [ "$name" = overlays ] || { [ "$(echo "$recovery" | wc -l)" = 1 ] && jq -e "$edits" "$recovery" >/dev/null; } || recovery="not the edits: '$recovery'"
  invalid=$(grep -ciE "^SDL error: (Parameter '.*' is invalid|Invalid (texture|renderer|window))|Fatal error|Bad pointer|Segmentation|crash" "$log")
  if [ "$ms" -le 1000 ] && [ "$status" = 0 ] && [ "${recovery#not}" = "$recovery" ] && [ "$invalid" = 0 ] && cmp -s "$timings" "$out/sig-$1-$2.timings.json"; then
    pass "SIG$sig, $name: quit in $ms ms (bound 1000), status 0, no SDL error, recovery file ${recovery:-none}, the timings file untouched"
  else fail "SIG$sig, $name: quit in $ms ms, status $status, recovery $recovery, $invalid SDL errors or crashes, timings file $(cmp -s "$timings" "$out/sig-$1-$2.timings.json" && echo untouched || echo changed)"; fi
}
mkdir -p "$out/sig-cwd" && cd "$out/sig-cwd" || exit 1
for name in edits a-taken split typing scrubbing capturing dragging overlays; do check_signal "$name" TERM; done
check_signal a-taken INT; check_signal a-taken HUP; check_signal overlays INT
cd - >/dev/null || exit 1

# 4. Ctrl+S in a real window writes the edited value: through a relative link to another folder,
#    to its target, the link kept and no temporary left beside either; a 0600 file stays 0600.
mkdir -p "$out/saves/real" && cp "$timings" "$out/saves/real/linked.json" && ln -s real/linked.json "$out/saves/link.json"
cp "$timings" "$out/saves/private.json" && chmod 600 "$out/saves/private.json"
export XDG_STATE_HOME="$out/saves-state"
save() { # $1: name, $2: the file to open, $3: the file a save must reach
  start "save-$1" --seed 3 --skip-splash --timings "$2" && until_ui 'c("save")' 10 || return
  type_into splash.logo.endSize 150 && press ctrl+s && wait_for 5 grep -q '"endSize": 150' "$3"; quit
}
save link "$out/saves/link.json" "$out/saves/real/linked.json"
if [ "$(readlink "$out/saves/link.json")" = real/linked.json ] && grep -q '"endSize": 150' "$out/saves/real/linked.json" && grep -q "saved $out/saves/link.json" "$log" \
   && [ "$(ls -A "$out/saves" | tr '\n' ' ')" = "link.json private.json real " ] && [ "$(ls -A "$out/saves/real")" = linked.json ]; then
  pass "Ctrl+S through a symbolic link writes its target and keeps the link (no temporary left)"
else fail "Ctrl+S through a link: $(stat -c %F "$out/saves/link.json") → $(readlink "$out/saves/link.json"), $(ls -A "$out/saves" "$out/saves/real" | tr '\n' ' '), log: $(cat "$log")"; fi
save private "$out/saves/private.json" "$out/saves/private.json"
if [ "$(stat -c %a "$out/saves/private.json")" = 600 ] && grep -q '"endSize": 150' "$out/saves/private.json"; then pass "Ctrl+S keeps a 0600 file 0600"
else fail "Ctrl+S on a 0600 file: mode $(stat -c %a "$out/saves/private.json"), log: $(cat "$log")"; fi

# 5. A screen recording as B, under a real X server: V shows it; a real click on each mode shows the
#    wipe (the preview's gradient left of the divider, the recording's black status bar right of
#    it), the overlay (between the two) and the difference (the bar differs, the hold below it
#    agrees); clicks on the paused ruler move the recording's frame to the one `state` gives for
#    the same time and offset.
"$bin" record --seed 3 --duration 3 --out "$out/ours.mp4" >/dev/null 2>&1 \
  && ffmpeg -v error -i "$out/ours.mp4" -vf "drawbox=x=0:y=0:w=iw:h=40:color=black:t=fill" -c:v libx264 -pix_fmt yuv420p "$out/phone.mp4" \
  || fail "could not make a reference recording"
top() { # $1: the screenshot, $2 $3: the strip's left and right edges; the mean of the screen's top 8 rows
  convert "$1" -crop "$(($3 - $2))x8+$2+$sy" +repage -format '%[fx:mean]' info:
}
if [ -f "$out/phone.mp4" ] && start reference --seed 3 --reference "$out/phone.mp4" --reference-offset 0; then
  sleep 1; press space; until_ui .view.paused
  press v
  if until_ui '.layout.compare == "split" and .layout.reference.shown' 10; then pass "V shows the recording beside the preview"; else fail "V: $(ui "$dump" .layout)"; fi
  for mode in wipe overlay difference; do
    xdotool mousemove --window "$win" $(ui "$dump" "at(\"compare.$mode\")") sleep 0.3 click 1
    until_ui ".layout.compare == \"$mode\"" 5 && sleep 0.5 && import -window "$win" "$out/reference-$mode.png" || fail "$mode: not shown"
    # The screen in this mode's layout (the dump is rewritten as the window runs: read until it parses).
    for _ in $(seq 1 20); do
      read -r x0 x1 sy divider < <(ui "$dump" '.layout as $l | $l.screens[0] | "\(.x + 4 | floor) \(.x + .width - 4 | floor) \(.y | floor) \(.x + .width * $l.wipePosition | floor)"') && break
      sleep 0.1
    done
    case $mode in
      wipe) left=$(top "$out/reference-wipe.png" "$x0" $((divider - 6))) right=$(top "$out/reference-wipe.png" $((divider + 6)) "$x1") ;;
      overlay) overlay=$(top "$out/reference-overlay.png" "$x0" "$x1") ;;
      difference) difference=$(top "$out/reference-difference.png" "$x0" "$x1")
        below=$(convert "$out/reference-difference.png" -crop "$((x1 - x0))x200+$x0+$((sy + 60))" +repage -format '%[fx:mean]' info:) ;;
    esac
  done
  if awk -v l="$left" -v r="$right" 'BEGIN { exit !(l != "" && r != "" && l > 0.2 && r < 0.08) }'; then pass "wipe: the preview left of the divider ($left), the recording's status bar right of it ($right)"
  else fail "wipe: top left $left, top right $right"; fi
  if awk -v o="$overlay" -v l="$left" -v r="$right" 'BEGIN { exit !(o > r + 0.03 && o < l - 0.03) }'; then pass "overlay: the status bar half through ($overlay)"
  else fail "overlay: top $overlay, between $right and $left expected"; fi
  if awk -v d="$difference" -v b="$below" 'BEGIN { exit !(d != "" && b != "" && d > 0.15 && b < 0.03) }'; then pass "difference: the status bar differs ($difference), the hold below it agrees ($below)"
  else fail "difference: top $difference, below $below"; fi
  for f in 0.3 0.6; do
    read -r x y < <(ui "$dump" "c(\"timeline.ruler\") | \"\(.x + $f * .width | floor) \(.y + .height / 2 | floor)\"")
    before=$(wait_for 2 ui "$dump" 'c("playhead").value')
    xdotool mousemove --window "$win" "$x" "$y" sleep 0.3 click 1
    until_ui "c(\"playhead\").value != $before" 5; sleep 0.3
    for _ in $(seq 1 20); do read -r t shown < <(ui "$dump" '"\(c("playhead").value) \(.layout.reference.frame)"') && break; sleep 0.1; done
    expected=$("$bin" state --seed 3 --reference "$out/phone.mp4" --reference-offset 0 --at "$t" 2>/dev/null | jq '.reference.frame.index')
    if [ "$shown" = "$expected" ] && [ -n "$shown" ]; then pass "a click on the ruler at $t s shows the recording's frame $shown, as state does"
    else fail "ruler at $t s: the window shows frame $shown, state $expected"; fi
  done
  quit
fi

echo "logs and screenshots in $out"; echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
