#!/usr/bin/env bash
# Pictures to check that the web page does what the app does (see README.md here).
#   scripts/web-bench/check.sh [PATH/TO/splashlab] [OUTDIR]
# Writes to OUTDIR (default: a new temporary folder, printed):
#   still-T-web.png, still-T-app.png   the page paused T s into the disappearance, the app's frame at d + T
#   still-T.png                        the two side by side, web left (with ImageMagick)
#   live-NN.png                        frames of the running page, as it is measured
bin_arg=${1:-}
out=${2:-}
source "$(cd "$(dirname "$0")" && pwd)/common.sh"
[ -n "$out" ] || out=$(mktemp -d -t web-bench-check.XXXXXX)
mkdir -p "$out"
out=$(realpath "$out")

d=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["dismissalTime"])' "$work/page.json")
for t in 0 0.05 0.1583 0.3 0.45; do
  python3 "$here/webbench.py" shot --chromium "$chromium" --page "$page" --at "$t" --out "$out/still-$t-web.png" >/dev/null
  "$bin" render --device "$device" --seed "$seed" --at "$(python3 -c "print($d + $t)")" --out "$out/still-$t-app.png"
  if command -v convert >/dev/null 2>&1; then
    convert "$out/still-$t-web.png" "$out/still-$t-app.png" +append "$out/still-$t.png"
    psnr=$(compare -metric PSNR "$out/still-$t-web.png" "$out/still-$t-app.png" null: 2>&1 || true)
    echo "d + $t s: $out/still-$t.png (web | app), PSNR $psnr dB"
  else
    echo "d + $t s: $out/still-$t-web.png, $out/still-$t-app.png"
  fi
done
python3 "$here/webbench.py" live --chromium "$chromium" --page "$page" --out "$out" --count 12
