#!/usr/bin/env bash
# Records the same take several times at once, beside two busy loops, and compares the frames:
# a recording must be a function of its inputs whatever the load. Prints one line per try and
# kind (PNG folder, mp4, compare mp4) with the number of frames that differ from the first
# recording's, then a summary; exits 1 if any differ.
#   scripts/record-determinism.sh BINARY [TRIES] [RECORDINGS]    (defaults: 10 tries, 4 at once)
# mp4 frames are compared after decoding with ffmpeg (framemd5): the encoder is deterministic
# for identical input, so a torn frame shows as a different hash.
set -euo pipefail
bin=$(realpath "${1:?usage: record-determinism.sh BINARY [TRIES] [RECORDINGS]}")
tries=${2:-10}
count=${3:-4}
work=$(mktemp -d)
busy=()
cleanup() { for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
for _ in 1 2; do ( while :; do :; done ) & busy+=($!); done

repo=$(cd "$(dirname "$0")/.." && pwd)
# A second variant for --compare: the same file with the logo's growth slowed.
sed 's/"duration": 0.3/"duration": 0.45/' "$repo/Assets/timings.json" > "$work/b.json"

common=(--fps 10 --duration 2.5 --scale 0.5 --seed 3)
record() { # kind, output
  case $1 in
    png) "$bin" record --out "$2" "${common[@]}" ;;
    mp4) "$bin" record --out "$2.mp4" "${common[@]}" ;;
    compare) "$bin" record --compare "$repo/Assets/timings.json" "$work/b.json" --out "$2.mp4" "${common[@]}" ;;
  esac
}
fingerprint() { # kind, output: one line per frame
  case $1 in
    png) for f in "$2"/frame-*.png; do md5sum < "$f"; done ;;
    *) ffmpeg -v error -i "$2.mp4" -f framemd5 - | grep -v '^#' | awk -F, '{print $NF}' ;;
  esac
}

differing_tries=0
for kind in png mp4 compare; do
  for try in $(seq 1 "$tries"); do
    rm -rf "$work"/out-*
    pids=()
    for i in $(seq 1 "$count"); do record "$kind" "$work/out-$i" 2>"$work/log-$i" & pids+=($!); done
    for p in "${pids[@]}"; do wait "$p" || { echo "a recording failed:"; cat "$work"/log-*; exit 1; }; done
    fingerprint "$kind" "$work/out-1" > "$work/first"
    frames=$(wc -l < "$work/first")
    differing=0
    for i in $(seq 2 "$count"); do
      fingerprint "$kind" "$work/out-$i" > "$work/other"
      differing=$((differing + $(diff "$work/first" "$work/other" | grep -c '^>' || true)))
    done
    echo "$kind try $try: $count recordings of $frames frames, $differing frames differ"
    [ "$differing" -eq 0 ] || differing_tries=$((differing_tries + 1))
  done
done
echo "record-determinism: $((3 * tries - differing_tries)) of $((3 * tries)) tries identical"
[ "$differing_tries" -eq 0 ]
