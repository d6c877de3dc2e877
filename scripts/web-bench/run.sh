#!/usr/bin/env bash
# The cost of the splash's disappearance drawn by SplashLab against the same disappearance as a
# web page in headless Chromium, measured alternately in the same run (see README.md here).
#   scripts/web-bench/run.sh [PATH/TO/splashlab] [RUNS]
# PATH defaults to .build/release/splashlab, RUNS to 3. WEB_BENCH_SECONDS (default 10) and
# WEB_BENCH_SETTLE (default 2) set the web measurement window; WEB_BENCH_SEED (default 1) the
# feed and splash text; WEB_BENCH_CHROMIUM another Chromium; WEB_BENCH_KEEP=1 keeps the page's folder.
bin_arg=${1:-}
runs=${2:-3}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "web-bench: RUNS must be a positive whole number (got '$runs')" >&2; exit 2; }
source "$(cd "$(dirname "$0")" && pwd)/common.sh"

python3 - "$work/page.json" <<'EOF'
import json, sys
p = json.load(open(sys.argv[1]))
d = p["device"]
print(f"page: the disappearance from d = {p['dismissalTime']} s, {p['duration'] * 1000:.0f} ms looped, "
      f"{p['keyframes']} keyframes from `splashlab state`; {d['name']} {d['width']:g}x{d['height']:g} pt "
      f"at {d['scale']:g}x ({d['width'] * d['scale']:g}x{d['height'] * d['scale']:g} px), seed {p['seed']}")
EOF
echo "splashlab: $bin"
python3 "$here/webbench.py" run --bin "$bin" --page "$page" --runs "$runs" --chromium "$chromium" \
  --settle "${WEB_BENCH_SETTLE:-2}" --seconds "${WEB_BENCH_SECONDS:-10}"
