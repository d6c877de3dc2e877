#!/usr/bin/env bash
# README's picture of real launch screens: six of the shared projects, each in light and dark on
# iPhone 15, side by side, as `render --launch --project` draws them.
#   scripts/realworld/sheet.sh BINARY OUT.png [PROJECTS_DIR]
set -euo pipefail
bin=${1:?usage: sheet.sh BINARY OUT.png [PROJECTS_DIR]}
out=${2:?usage: sheet.sh BINARY OUT.png [PROJECTS_DIR]}
projects=${3:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/realworld/projects}
[ -d "$projects" ] || { echo "sheet.sh: $projects not found" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tiles=()
for name in home-assistant-ios duckduckgo-ios focus-ios owntracks-ios kiwix-apple netnewswire; do
  SDL_VIDEODRIVER=offscreen "$bin" render --launch --project "$projects/$name" --device iphone-15 --appearance light,dark \
    --scale 1 --out "$work/$name.png" 2>/dev/null
  tiles+=("$work/$name.png")
done
# ImageMagick: the six pairs in a row, each labelled with its project.
montage -label '%t' "${tiles[@]}" -tile 3x2 -geometry +12+12 -background '#202124' -fill white -pointsize 16 "$out"
echo "wrote $out"
