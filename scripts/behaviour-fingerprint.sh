#!/usr/bin/env bash
# Writes what the binary shows for a fixed set of inputs into a folder, so that a refactor that
# must not change behaviour can be checked byte for byte:
#   scripts/behaviour-fingerprint.sh BINARY OUT_DIR
#   diff -r before/ after/        # no output: the same state, frames and exports
# It covers `state` at 200 times in 0…4 s × 2 orientations × 3 timings files (the defaults, and
# two fuzz-corpus files with overshooting curves and lightly damped springs), the same with an
# input script that drags, clicks and types, 200 states of the panel and a card interrupted
# mid-flight (scripts/fingerprint-interactions.json), `export swift`, `swiftui`, `css` (and `--html`) and `compose` for each file, `curve` for each
# named curve and a spring, and rendered PNGs (hashed) at times across the splash.
set -euo pipefail
bin=$(realpath "${1:?usage: behaviour-fingerprint.sh BINARY OUT_DIR}")
out=${2:?usage: behaviour-fingerprint.sh BINARY OUT_DIR}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
# Binaries copied elsewhere (to keep a build to compare against) find the built-in Assets here.
export SPLASHLAB_ASSETS="$repo/Assets"
timings=("$repo/Assets/timings.json" "$repo/Fuzz/corpus/timings/overshoot-curves.json" "$repo/Fuzz/corpus/timings/lightly-damped-springs.json")
script="$repo/Fuzz/corpus/script/drag-and-keys.json"
times=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "%.4f\n", i * 4 / 199 }')

jobs=()
for file in "${timings[@]}"; do
  name=$(basename "$file" .json)
  for orientation in portrait landscape; do
    for t in $times; do
      echo "state --timings $file --orientation $orientation --seed 7 --at $t"
      echo "state --timings $file --orientation $orientation --seed 7 --script $script --at $t"
    done
  done
done > "$out/.commands"
# The panel presented, dragged, flung and interrupted mid-flight, a card reversed: the animator's
# curves and springs under interruption.
for t in $times; do
  echo "state --skip-splash --seed 7 --script $repo/scripts/fingerprint-interactions.json --at $t"
done >> "$out/.commands"
# Two workers, odd and even lines; each line of state.md5 is a command and its output's hash.
for worker in 0 1; do
  awk -v w=$worker 'NR % 2 == w' "$out/.commands" | while read -r line; do
    # shellcheck disable=SC2086 # the command line is split into its arguments on purpose
    echo "$line => $("$bin" $line 2>&1 | md5sum | cut -c1-32)"
  done > "$out/.part$worker" &
done
wait
sort "$out"/.part* > "$out/state.md5"
rm "$out"/.part*
rm "$out/.commands"

for file in "${timings[@]}"; do
  name=$(basename "$file" .json)
  "$bin" export swift --timings "$file" > "$out/export-$name.swift" 2>&1
  "$bin" export swiftui --timings "$file" > "$out/export-$name-swiftui.swift" 2>&1
  "$bin" export css --timings "$file" > "$out/export-$name.css" 2>&1
  "$bin" export css --html --timings "$file" 2>&1 | md5sum | cut -c1-32 > "$out/export-$name.html.md5"
  "$bin" export compose --timings "$file" > "$out/export-$name.kt" 2>&1
done
for spec in linear easeIn easeOut easeInEaseOut "cubic-bezier(0.2,1.4,0.6,-0.3)" "spring(response:0.35,dampingFraction:0.6)"; do
  "$bin" curve "$spec" --samples 40 2>&1 | md5sum | cut -c1-32
done > "$out/curve.md5"
for t in 0 0.15 1 2.05 2.2 2.4 2.7; do
  SDL_VIDEODRIVER=offscreen "$bin" render --at "$t" --seed 7 --out "$out/frame.png" >/dev/null 2>&1
  echo "$t $(md5sum < "$out/frame.png" | cut -c1-32)"
done > "$out/render.md5"
rm -f "$out/frame.png"
echo "fingerprint in $out: $(wc -l < "$out/state.md5") states, ${#timings[@]} timings files exported to 4 platforms, $(wc -l < "$out/curve.md5") curves, $(wc -l < "$out/render.md5") frames"
