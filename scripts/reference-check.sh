#!/usr/bin/env bash
# Checks `compare-video` against a reference whose answer is known, and measures the decoder:
#   scripts/reference-check.sh [BINARY]        (default: .build/debug/splashlab)
#
# 1. SplashLab records its own splash with the hole 0.2 s slower (hole.duration 0.8 instead of
#    0.6), at iPhone SE pixels and 120 fps. ffmpeg re-encodes it as an iPhone records the screen:
#    0.4 s of something else first (a test pattern for the home screen), a status bar drawn in,
#    frames that repeat the one before left out (a variable frame rate), HEVC in a .mov.
# 2. `compare-video` with the default timings finds the offset (true: 0.4 s) and prints the
#    difference curve per phase: near zero where the timings agree, up in `disappearing`.
# 3. `bench --reference` decodes a 10 s, 120 fps, 1179×2556 HEVC recording (every frame
#    different) at the size an iPhone 15 is shown in a 1920×1080 workbench: time and memory.
# Needs ffmpeg (with libx265; without it, H.264, said so) and jq.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-$repo/.build/debug/splashlab}")
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-offscreen}
export SPLASHLAB_ASSETS="$repo/Assets"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lead=0.4

codec=(-c:v libx265 -x265-params log-level=error -tag:v hvc1)
encoders=$(ffmpeg -hide_banner -encoders 2>/dev/null)
if [[ $encoders != *libx265* ]]; then
  echo "this ffmpeg has no libx265: the references are H.264 instead of HEVC"
  codec=(-c:v libx264)
fi

echo "== the reference: SplashLab's own take, hole 0.2 s slower, as a phone records it"
jq '.splash.hole.duration = 0.8' "$repo/Assets/timings.json" > "$work/slow-hole.json"
"$bin" record --timings "$work/slow-hole.json" --seed 7 --fps 120 --out "$work/frames" 2>&1 | tail -1
size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 "$work/frames/frame-00001.png")
# The status bar: 20 pt at 2 px a point, black with a white clock.
ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=$size:r=120:d=$lead" -framerate 120 -i "$work/frames/frame-%05d.png" \
  -filter_complex "[0:v]format=rgb24,setsar=1[a];[1:v]format=rgb24,setsar=1[b];[a][b]concat=n=2:v=1,drawbox=x=0:y=0:w=iw:h=40:color=black:t=fill,drawbox=x=30:y=10:w=60:h=20:color=white:t=fill,mpdecimate=hi=64:lo=64:frac=0:max=12,format=yuv420p" \
  -fps_mode vfr "${codec[@]}" -crf 23 "$work/phone.mov"
ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height,nb_frames,avg_frame_rate:format=duration -of compact=p=0 "$work/phone.mov"

echo
echo "== compare-video with the default timings (true offset $lead s)"
set +e
"$bin" compare-video "$work/phone.mov" --seed 7 | tee "$work/report.txt"
status=${PIPESTATUS[0]}
set -e
echo "exit code: $status (1: a phase differs past the threshold)"
found=$(sed -n 's/^offset: \([0-9.-]*\) s.*/\1/p' "$work/report.txt")
awk -v f="$found" -v t="$lead" 'BEGIN { e = f - t; printf "offset found %.4f s, true %.4f s: %+.1f ms, %.2f of a 120 fps frame\n", f, t, e * 1000, (e < 0 ? -e : e) * 120 }'
"$bin" compare-video "$work/phone.mov" --seed 7 --csv 2>/dev/null > "$work/curve.csv" || true
echo "the curve: $(($(wc -l < "$work/curve.csv") - 1)) preview frames; around the hole (time, phase, share, mean distance):"
awk -F, 'NR > 1 && $1 >= 1.9 && $1 <= 2.95 && (NR % 4 == 0)' "$work/curve.csv"

echo
echo "== decoding a 10 s, 120 fps, 1179×2556 recording"
ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=s=1179x2556:r=120:d=10" -pix_fmt yuv420p "${codec[@]}" -preset ultrafast "$work/long.mov"
ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height,nb_frames:format=duration -of compact=p=0 "$work/long.mov"
/usr/bin/time -f "wall %e s, peak RSS of splashlab %M KiB" "$bin" bench --reference "$work/long.mov" --device iphone-15
