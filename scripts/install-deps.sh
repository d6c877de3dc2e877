#!/usr/bin/env bash
# Installs the Debian packages SplashLab needs, and only those that are missing, so a machine
# that has them pays nothing. Uses apt-get as root, sudo otherwise; if neither is possible it
# names the packages to install and fails.
#   scripts/install-deps.sh run    what `make run` needs: SDL2, SDL2_image, SDL2_ttf, librsvg, poppler and cairo, rlottie, libzip (dotLottie files), libyuv (record's YUV conversion), libyaml (XcodeGen specs), libxml2 (storyboards, xibs, SVG), cpp (Info.plist preprocessing), Dear ImGui, Mesa GL, fonts (DejaVu Sans for the app, Inter for launch-screen labels)
#   scripts/install-deps.sh test   plus what the tests need: Xvfb, xdotool, ImageMagick, jq, ffmpeg, kiwisolver, man-db, zsh and fish (the man page and completion tests)
#   scripts/install-deps.sh package   what `make deb` checks with: desktop-file-utils, appstream, lintian, man-db, fish, zsh
set -euo pipefail

run_packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev librsvg2-dev libpoppler-glib-dev libcairo2-dev cpp libimgui-dev libstb-dev librlottie-dev libzip-dev libyuv-dev libyaml-dev libxml2-dev libegl-mesa0 libgl1-mesa-dri libgles2 fonts-dejavu-core fonts-inter pkg-config)
test_packages=(xvfb xauth xdotool imagemagick jq ffmpeg python3-kiwisolver man-db zsh fish)
# `make deb`: the validators of the package and of what it installs, and the shells whose completions it checks.
package_packages=(desktop-file-utils appstream lintian man-db fish zsh)

wanted=("${run_packages[@]}")
if [ "${1:-run}" = "test" ]; then wanted+=("${test_packages[@]}"); fi
if [ "${1:-run}" = "package" ]; then wanted=("${package_packages[@]}"); fi

missing=()
for p in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then missing+=("$p"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  apt=(env DEBIAN_FRONTEND=noninteractive apt-get)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  apt=(sudo env DEBIAN_FRONTEND=noninteractive apt-get)
else
  echo "splashlab needs these packages and cannot install them (not root, no sudo): sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
# A fresh machine has no package lists yet; update only now that something is missing.
"${apt[@]}" update -qq
"${apt[@]}" install -y -qq "${missing[@]}" >/dev/null
