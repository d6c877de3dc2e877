#!/usr/bin/env bash
# README's figure "a 60 s review against record": the same 60 s take at 60 fps written by
# `splashlab record` and by `splashlab review` (the same video, and review.json and the page),
# alternated in one run so both see the same machine, RUNS pairs (default 3). The take keeps the
# device busy: a fling of the feed every 1.5 s and the bottom panel presented and dismissed, so
# most frames are drawn rather than repeated. Prints each pair's wall-clock seconds and the ratio.
#   scripts/review/time-vs-record.sh [PATH/TO/splashlab] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=$(realpath "${1:-$repo/.build/release/splashlab}")
runs=${2:-3}
[ -x "$bin" ] || { echo "time-vs-record: no splashlab binary at $bin" >&2; exit 1; }
export SPLASHLAB_ASSETS=${SPLASHLAB_ASSETS:-$repo/Assets}
export SDL_VIDEODRIVER=offscreen
unset DISPLAY WAYLAND_DISPLAY
work=$(mktemp -d -t review-timing.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 - "$work/take.json" <<'PY'
import json, sys
events, t = [], 3.5
while t < 59:
    # A fling up the feed, then, every fourth time, the panel presented and dismissed.
    events += [{"t": round(t, 3), "type": "down", "x": 187, "y": 500}]
    events += [{"t": round(t + 0.016 * k, 3), "type": "move", "x": 187, "y": 500 - 40 * k} for k in range(1, 6)]
    events += [{"t": round(t + 0.1, 3), "type": "up", "x": 187, "y": 280}]
    if int(t / 1.5) % 4 == 0:
        events += [{"t": round(t + 0.6, 3), "type": "key", "key": "p"}, {"t": round(t + 1.2, 3), "type": "key", "key": "p"}]
    t += 1.5
json.dump({"events": events}, open(sys.argv[1], "w"))
PY
take=(--seed 3 --duration 60 --fps 60 --script "$work/take.json")
seconds() { python3 -c 'import time; print(time.monotonic())'; }
ratios=()
for i in $(seq "$runs"); do
  start=$(seconds); "$bin" record "${take[@]}" --out "$work/take.mp4" 2>/dev/null; mid=$(seconds)
  "$bin" review "${take[@]}" --out "$work/review" 2>/dev/null; end=$(seconds)
  line=$(python3 -c "r=$mid-$start; v=$end-$mid; print(f'{r:.2f} {v:.2f} {v/r:.3f}')")
  read -r r v ratio <<<"$line"
  echo "run $i: record ${r} s, review ${v} s: review/record ${ratio}"
  ratios+=("$ratio")
  rm -rf "$work/take.mp4" "$work/review"
done
python3 -c "import statistics,sys; r=sorted(map(float,sys.argv[1:])); print(f'median review/record {statistics.median(r):.3f} over {len(r)} runs (target ≤ 1.2)')" "${ratios[@]}"
