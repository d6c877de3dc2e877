# Shared by run.sh and check.sh: the arguments, Chromium, the assets, a work folder and the page.
# Sets: here, bin, assets, work, page. Expects: bin_arg (the splashlab path given, may be empty).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
device=iphone-se
seed=${WEB_BENCH_SEED:-1}

die() { echo "web-bench: $*" >&2; exit 1; }

bin=${bin_arg:-$repo/.build/release/splashlab}
[ -x "$bin" ] || die "no splashlab binary at $bin (pass its path as the first argument)"
bin=$(realpath "$bin")
command -v python3 >/dev/null 2>&1 || die "python3 is needed"

# Chromium: Debian's package, installed only when it is missing (WEB_BENCH_CHROMIUM names another).
chromium=${WEB_BENCH_CHROMIUM:-chromium}
# shellcheck source=scripts/ensure-chromium.sh
. "$repo/scripts/ensure-chromium.sh"
[ -n "${WEB_BENCH_CHROMIUM:-}" ] || ensure_chromium web-bench

# The assets the binary itself uses: $SPLASHLAB_ASSETS, else an Assets folder next to or above
# the executable, else ./Assets (as AssetCatalog.locateBuiltIn looks).
assets=
if [ -n "${SPLASHLAB_ASSETS:-}" ] && [ -f "$SPLASHLAB_ASSETS/timings.json" ]; then
  assets=$SPLASHLAB_ASSETS
else
  dir=$(dirname "$bin")
  for _ in 1 2 3 4 5 6; do
    if [ -f "$dir/Assets/timings.json" ]; then assets=$dir/Assets; break; fi
    dir=$(dirname "$dir")
  done
  [ -n "$assets" ] || { [ -f "$PWD/Assets/timings.json" ] && assets=$PWD/Assets; } || true
fi
[ -n "$assets" ] || die "cannot find the Assets folder $bin uses (set SPLASHLAB_ASSETS)"

work=$(mktemp -d -t web-bench.XXXXXX)
if [ -n "${WEB_BENCH_KEEP:-}" ]; then
  echo "web-bench: keeping the work folder $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi
page=$work/page
python3 "$here/webbench.py" page --bin "$bin" --assets "$assets" --out "$page" --device "$device" --seed "$seed" \
  > "$work/page.json" || die "could not make the page"
