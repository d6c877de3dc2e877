#!/usr/bin/env bash
# The launch screen in the real window under Xvfb: its first frame is the launch screen, the next
# the intro's frame 0, and the window measures the blink between the two it drew (none with the
# defaults, a large one when splash.logo.startSize is 40); D switches light and dark, N cycles the
# --screen files under the hole, checked on screenshots.
#   scripts/e2e-launch.sh PATH/TO/splashlab
set -uo pipefail
bin=$(realpath "${1:?usage: scripts/e2e-launch.sh PATH/TO/splashlab}")
repo=$(cd "$(dirname "$0")/.." && pwd)

# shellcheck source=scripts/e2e-lib.sh
. "$repo/scripts/e2e-lib.sh"

press() { xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key "$1"; }
# A field of the ui-dump's view object, or nothing while the file is not there yet.
view() { python3 -c 'import json, sys
try: v = json.load(open(sys.argv[1]))["view"]
except Exception: sys.exit(0)
for key in sys.argv[2].split("."): v = v.get(key) if isinstance(v, dict) else None
print(json.dumps(v))' "$1" "$2"; }
# Waits up to 30 s for a view field of dump $1 to be something other than null or absent.
wait_field() { for _ in $(seq 1 300); do v=$(view "$1" "$2"); [ -n "$v" ] && [ "$v" != null ] && { echo "$v"; return 0; }; sleep 0.1; done; return 1; }
wait_equal() { for _ in $(seq 1 300); do [ "$(view "$1" "$2")" = "$3" ] && return 0; sleep 0.1; done; return 1; }
stop() { press q; wait_exit "$pid" 15; [ "$status" = timeout ] && { kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; }
pixel() { convert "$1" -format "%[fx:int(255*p{$2,$3}.r)],%[fx:int(255*p{$2,$3}.g)],%[fx:int(255*p{$2,$3}.b)]" info:; }

# $1: name, $2: timings file (or ""), $3: "none" or "blink"
check_blink() {
  local name=$1 timings=$2 expect=$3 dump="$out/$1.json"
  "$bin" run --window-scale 1 --inspector off --seed 3 ${timings:+--timings "$timings"} --ui-dump "$dump" >"$out/$name.log" 2>&1 &
  pid=$!
  if ! win=$(wait_window); then fail "$name: the window did not open: $(cat "$out/$name.log")"; kill "$pid" 2>/dev/null; return; fi
  local blink shown
  blink=$(wait_field "$dump" launchBlink) || { fail "$name: no launchBlink in the ui-dump"; stop; return; }
  shown=$(view "$dump" launchFramesShown)
  if [ "$shown" = 1 ]; then pass "$name: the window drew the launch screen as its one first frame"; else fail "$name: launch frames shown: $shown"; fi
  local pixels
  pixels=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["differingPixels"])' "$blink")
  if [ "$expect" = none ] && [ "$pixels" = 0 ]; then pass "$name: the intro's first frame is the launch screen (no blink)"
  elif [ "$expect" = blink ] && [ "$pixels" -gt 1000 ]; then pass "$name: the window shows a blink ($pixels pixels differ between its first two frames)"
  else fail "$name: expected $expect, the window measured $blink"; fi
  stop
}

check_blink defaults "" none
printf '{"splash": {"logo": {"startSize": 40}}}\n' > "$out/start40.json"
check_blink start-size-40 "$out/start40.json" blink

# D and N: the project's launch screen goes dark, and the next screen comes under the hole.
python3 - "$out" <<'EOF'
import struct, sys, zlib
def png(path, w, h, rgba):
    raw = b''.join(b'\x00' + bytes(rgba) * w for _ in range(h))
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
png(sys.argv[1] + '/red.png', 375, 667, (255, 0, 0, 255))
png(sys.argv[1] + '/blue.png', 375, 667, (0, 0, 255, 255))
EOF
dump="$out/keys.json"
"$bin" run --window-scale 1 --inspector off --seed 3 --project "$repo/Tests/Fixtures/LaunchProjects/StoryboardProject" \
  --screen "$out/red.png" "$out/blue.png" --ui-dump "$dump" >"$out/keys.log" 2>&1 &
pid=$!
if ! win=$(wait_window); then
  fail "keys: the window did not open: $(cat "$out/keys.log")"; kill "$pid" 2>/dev/null
else
  wait_field "$dump" launchBlink >/dev/null
  press d
  if wait_equal "$dump" appearance '"dark"'; then pass "D: the window shows the dark appearance"; else fail "D: appearance is $(view "$dump" appearance)"; fi
  press r   # replay: the splash again, over the dark launch colour
  sleep 0.3
  import -window "$win" "$out/dark-splash.png" 2>/dev/null
  p=$(pixel "$out/dark-splash.png" 4 4)
  if [ "$p" = "28,40,51" ]; then pass "D: the intro's background is the colour set's dark value ($p)"; else fail "D: corner is $p, not 28,40,51"; fi
  press Escape   # a key during the splash skips it: the hole opens on the first screen
  sleep 1.5
  import -window "$win" "$out/red-screen.png" 2>/dev/null
  p=$(pixel "$out/red-screen.png" 187 333)
  if [ "$p" = "255,0,0" ]; then pass "--screen: the first screen is under the hole ($p)"; else fail "--screen: centre is $p, not red"; fi
  press n
  if wait_equal "$dump" screen "\"$out/blue.png\""; then pass "N: the next screen is shown"; else fail "N: screen is $(view "$dump" screen)"; fi
  sleep 0.3
  import -window "$win" "$out/blue-screen.png" 2>/dev/null
  p=$(pixel "$out/blue-screen.png" 187 333)
  if [ "$p" = "0,0,255" ]; then pass "N: blue is under the hole now ($p)"; else fail "N: centre is $p, not blue"; fi
  stop
  if [ "$status" = 0 ]; then pass "keys: exit status 0"; else fail "keys: exit status $status"; fi
fi

echo "logs in $out"
echo "e2e-launch: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
