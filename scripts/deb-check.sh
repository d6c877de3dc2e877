#!/usr/bin/env bash
# Checks a built package as a machine without the Swift toolchain would run it: unpacks it with
# dpkg-deb -x into a temporary folder, shows what the binary loads (ldd), and runs `splashlab
# render --launch`, `splashlab lint`, a launch screen's SVG and PDF and a dotLottie intro from there
# with a clean environment: PATH holds only the system's folders, LD_LIBRARY_PATH is unset, and no
# library the binary loads may come from the toolchain (/opt/swift, or any path naming swift).
#   scripts/deb-check.sh splashlab_VERSION_amd64.deb   (make deb-check)
set -euo pipefail

deb=$(realpath "${1:?usage: scripts/deb-check.sh splashlab_VERSION_amd64.deb}")
repo=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$deb" ] || { echo "deb-check: $deb not found; make deb first" >&2; exit 1; }
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
bin="$unpacked/usr/bin/splashlab"
clean_env=(env -i HOME="$unpacked" PATH=/usr/bin:/bin LANG=C.UTF-8)

echo "ldd $bin:"
"${clean_env[@]}" ldd "$bin" | sed 's/^/  /'
if "${clean_env[@]}" ldd "$bin" | grep -qi -e swift -e 'not found'; then
  echo "deb-check: the binary loads a Swift runtime library or misses one (above)" >&2; exit 1
fi
if "${clean_env[@]}" sh -c 'command -v swift' >/dev/null; then echo "deb-check: swift is on the clean PATH" >&2; exit 1; fi

cd "$unpacked"
"${clean_env[@]}" "$bin" --version
"${clean_env[@]}" "$bin" render --launch --out "$unpacked/launch.png"
[ -s "$unpacked/launch.png" ] || { echo "deb-check: render --launch wrote no PNG" >&2; exit 1; }
echo "render --launch: $(file -b "$unpacked/launch.png")"
"${clean_env[@]}" "$bin" lint
# The libraries the binary opens only when a file needs them (PDF and SVG: poppler-glib, librsvg,
# cairo; dotLottie: libzip and rlottie), which ldd above does not list: the package's Depends
# bring them.
"${clean_env[@]}" "$bin" render --launch --project "$repo/Tests/Fixtures/LaunchProjects/VectorLogoProject" --device iphone-15 --out "$unpacked/vector.png"
[ -s "$unpacked/vector.png" ] || { echo "deb-check: render --launch of a project with an SVG and a PDF wrote no PNG" >&2; exit 1; }
"${clean_env[@]}" "$bin" bench --intro "$repo/Tests/Fixtures/Intro/red-square.lottie" --intro-frame 0 --out "$unpacked/intro.png" >/dev/null
[ -s "$unpacked/intro.png" ] || { echo "deb-check: a dotLottie intro's frame wrote no PNG" >&2; exit 1; }
echo "an SVG and a PDF, a dotLottie intro: drawn"
echo "deb-check: the unpacked package renders and lints with no Swift toolchain in reach"
