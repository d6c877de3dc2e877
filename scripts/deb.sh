#!/usr/bin/env bash
# Builds splashlab_VERSION_amd64.deb from a release binary with dpkg-deb, then checks it:
# desktop-file-validate, appstreamcli validate (--no-net: the screenshot's address is not fetched)
# and lintian, each failing the build on an error.
#   scripts/deb.sh BINARY   (make deb)
# The files are laid out by scripts/install.sh with PREFIX=/usr, so the package and `make install`
# install the same tree. Depends lists the Debian package of every shared library the binary
# names (objdump's NEEDED, found through ldd, then dpkg -S), the libraries it opens on demand (PDF, SVG, Lottie, dotLottie),
# and what SDL and the text renderer open at run time (Mesa's EGL and
# drivers, DejaVu Sans, and Inter for launch-screen labels); ffmpeg, which only record and intro videos use, is recommended.
set -euo pipefail

binary=${1:?usage: scripts/deb.sh BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
app_id=io.github.splashlab.SplashLab
maintainer="SplashLab maintainers <maintainers@users.noreply.a-seed-bfe6ec07.example>"
version=$("$binary" --version | awk '{print $2}')
[ -n "$version" ] || { echo "deb: $binary --version printed no version" >&2; exit 1; }
deb="$here/splashlab_${version}_amd64.deb"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/splashlab_${version}_amd64"
ZSH_COMPLETIONS=share/zsh/vendor-completions "$here/scripts/install.sh" install "$binary" /usr "$root" >/dev/null
# dpkg keeps its own list of the package's files; the manifest is for `make uninstall`.
rm "$root/usr/share/splashlab/installed-files"
# Debian ships binaries without their symbol tables (policy 10.1); lintian checks it.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/splashlab"
chmod 755 "$root"

doc="$root/usr/share/doc/splashlab"
install -d -m755 "$doc"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: splashlab
Upstream-Contact: $maintainer

Files: *
Copyright: 2026 SplashLab maintainers
License: proprietary
 All rights reserved by the SplashLab maintainers; no licence is granted beyond running this package.
COPYRIGHT
printf 'splashlab (%s) unstable; urgency=medium\n\n  * Release %s: the preview window, headless renders, lint and exports.\n\n -- %s  %s\n' \
  "$version" "$version" "$maintainer" "$(date -R -d @"$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)")" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

# The package of each library the binary names (NEEDED; their own needs are their packages'),
# found where ldd resolves it, as dpkg knows it (its path may be /lib or /usr/lib).
needed=$(objdump -p "$root/usr/bin/splashlab" | awk '/NEEDED/{print $2}')
depends=$(ldd "$root/usr/bin/splashlab" | awk -v names="$needed" 'BEGIN { n = split(names, a, "\n"); for (i = 1; i <= n; i++) want[a[i]] = 1 } $1 in want && /=> \// {print $3}' | while read -r lib; do
  dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || { echo "deb: no package owns $lib" >&2; exit 1; }
done | cut -d: -f1 | sort -u)
# The libraries the binary opens when it first needs them rather than naming them (Formats'
# OnDemandLibrary: PDF, SVG, Lottie and dotLottie files), by soname, as the dynamic loader finds them.
on_demand=$(grep -rhoE 'OnDemandLibrary\(soname: "[^"]+"' "$here/Sources" | sed -E 's/.*"(.+)"/\1/' | sort -u)
[ -n "$on_demand" ] || { echo "deb: found no OnDemandLibrary sonames in Sources" >&2; exit 1; }
for soname in $on_demand; do
  # Every line read (no early exit): ldconfig would die of SIGPIPE, which pipefail reports.
  lib=$(ldconfig -p | awk -v name="$soname" '$1 == name && /x86-64/ && !found {print $NF; found = 1}')
  [ -n "$lib" ] || { echo "deb: $soname is not installed here" >&2; exit 1; }
  package=$({ dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null; } | awk -F: 'NR == 1 {print $1}')
  [ -n "$package" ] || { echo "deb: no package owns $lib" >&2; exit 1; }
  depends="$depends $package"
done
depends=$(printf '%s\n' $depends libegl-mesa0 libgl1-mesa-dri fonts-dejavu-core fonts-inter | sort -u | paste -sd, | sed 's/,/, /g')

install -d -m755 "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: splashlab
Version: $version
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: ffmpeg
Section: graphics
Priority: optional
Homepage: https://github.com/splashlab/splashlab
Description: preview and tune iOS launch animations
 SplashLab shows an iOS app's launch as the phone does: the launch screen,
 the intro that grows out of it and the first screen underneath. Its
 workbench tunes the intro's timings, curves and springs; the same take
 renders headless to frames and videos, is checked by a motion lint, and
 exports to UIKit, SwiftUI, CSS and Compose code.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "built $deb"
echo "Depends: $depends"

desktop-file-validate "$root/usr/share/applications/$app_id.desktop"
echo "desktop-file-validate: passed"
appstreamcli validate --no-net --explain "$root/usr/share/metainfo/$app_id.metainfo.xml"
# lintian exits non-zero on an error; its warnings are printed for the record.
lintian "$deb" || { echo "deb: lintian found errors" >&2; exit 1; }
echo "lintian: no errors"
