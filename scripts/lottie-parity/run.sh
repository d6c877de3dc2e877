#!/usr/bin/env bash
# Lottie frames drawn by SplashLab (rlottie) against lottie-web, Airbnb's web player, in headless
# Chromium: ten frames of each file, compared by the share of pixels that differ beyond
# anti-aliasing (see compare_frames.py for the measure and why). lottie-web is a check only: it comes from
# the PyPI package pylottie (its lottie.html), installed into .build/lottie-parity, never shipped.
#   scripts/lottie-parity/run.sh [PATH/TO/splashlab] [FILE.json...]
# Without files: every Lottie file in ../shared/realworld/lottie/ beside the repository, if there.
# Installs Debian's chromium package when `chromium` is not on PATH, as `make parity` does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=$(realpath "${1:-$repo/.build/debug/splashlab}")
shift || true
die() { echo "lottie-parity: $*" >&2; exit 1; }
[ -x "$bin" ] || die "no splashlab binary at $bin (pass its path as the first argument)"
command -v python3 >/dev/null 2>&1 || die "python3 is needed"
python3 -c 'import numpy' 2>/dev/null || die "numpy is needed (Debian: python3-numpy)"
chromium=${PARITY_CHROMIUM:-chromium}
# shellcheck source=scripts/ensure-chromium.sh
. "$repo/scripts/ensure-chromium.sh"
[ -n "${PARITY_CHROMIUM:-}" ] || ensure_chromium lottie-parity
player="$repo/.build/lottie-parity/pylottie"
if [ ! -f "$player/pylottie/lottie.html" ]; then
  # Only its page is used: no dependencies (pylottie's own would bring Playwright and Pillow).
  python3 -m pip install --quiet --no-deps --target "$player" pylottie || die "pip could not install pylottie"
fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shopt -s nullglob
  files=("$repo"/../shared/realworld/lottie/*.json)
  [ ${#files[@]} -gt 0 ] || die "no Lottie files given, and none in $repo/../shared/realworld/lottie"
fi
work=$(mktemp -d -t lottie-parity.XXXXXX)
failed=0
for i in "${!files[@]}"; do
  python3 "$here/compare_frames.py" --bin "$bin" --chromium "$chromium" --lottie-html "$player/pylottie/lottie.html" \
    --file "${files[$i]}" --work "$work/$i" || failed=$((failed + 1))
  echo
done
echo "lottie-parity: frames kept in $work"
[ "$failed" -eq 0 ] || die "$failed of ${#files[@]} files over the limit"
echo "lottie-parity: ${#files[@]} files, every frame within the limit"
