#!/usr/bin/env bash
# `make parity`: the `export css --html` page played in headless Chromium against `splashlab state`,
# every animated property at 60 Hz, for the default timings (with and without Reduce Motion, on two
# devices), a bouncy panel spring and overshooting curves (scripts/parity/bouncy.json), and the
# fuzz corpus's overshooting keyframes. See parity.py for the method.
#   scripts/parity/run.sh [PATH/TO/splashlab]
# Installs Debian's chromium package when `chromium` is not on PATH, as `make bench-web` does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/ensure-chromium.sh
. "$repo/scripts/ensure-chromium.sh"
page_check_prelude parity "${1:-}"
chromium=${PARITY_CHROMIUM:-chromium}
[ -n "${PARITY_CHROMIUM:-}" ] || ensure_chromium parity
export SPLASHLAB_ASSETS=${SPLASHLAB_ASSETS:-$repo/Assets}
work=$(mktemp -d -t parity.XXXXXX)
trap 'rm -rf "$work"' EXIT
runs=(
  "--device iphone-se --seed 3"
  "--device iphone-se --seed 3 --reduce-motion"
  "--device ipad-air-11 --orientation landscape --seed 5"
  "--device iphone-15-pro-max --seed 8 --timings $here/bouncy.json"
  "--device iphone-se --seed 3 --timings $repo/Fuzz/corpus/timings/overshoot-curves.json"
)
failed=0
for i in "${!runs[@]}"; do
  # shellcheck disable=SC2086 # each run's options are split into arguments on purpose
  python3 "$here/parity.py" --bin "$bin" --chromium "$chromium" --work "$work/$i" ${runs[$i]} || failed=$((failed + 1))
  echo
done
[ "$failed" -eq 0 ] || die "$failed of ${#runs[@]} runs over the tolerance"
echo "parity: ${#runs[@]} runs, every property within 1e-3 of its range at every 60 Hz sample"
