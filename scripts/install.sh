#!/usr/bin/env bash
# Installs SplashLab into DESTDIR/PREFIX, or removes what an install there recorded.
#   scripts/install.sh install BINARY PREFIX [DESTDIR]
#   scripts/install.sh uninstall "" PREFIX [DESTDIR]
#   scripts/install.sh check "" PREFIX [DESTDIR]     the install's checks of its input alone
# The tree follows the FHS and the freedesktop specifications: bin/splashlab, share/splashlab (the
# built-in assets, found by the binary as ../share/splashlab), the launcher entry, the icon as SVG
# and PNG in hicolor, AppStream metainfo, the man page and completions for bash, zsh and fish.
# The whole tree is staged first and then copied file by file; a failure part way removes what was
# copied, so a tree is never left half installed. Exit codes: 0 done, 1 nothing to do or cannot
# write, 2 a usage mistake (a PREFIX with spaces or not absolute). ZSH_COMPLETIONS names zsh's
# folder under PREFIX (Debian's packages use share/zsh/vendor-completions).
set -euo pipefail

app_id=io.github.splashlab.SplashLab
here=$(cd "$(dirname "$0")/.." && pwd)
action=${1:-}; binary=${2:-}; prefix=${3:-}; destdir=${4:-}
zsh_folder=${ZSH_COMPLETIONS:-share/zsh/site-functions}
manifest_path=share/splashlab/installed-files

die() { echo "splashlab install: $1" >&2; exit "${2:-1}"; }

case "$action" in install|uninstall|check) ;; *) die "usage: $0 install BINARY PREFIX [DESTDIR] | uninstall \"\" PREFIX [DESTDIR] | check \"\" PREFIX [DESTDIR]" 2 ;; esac
[ -n "$prefix" ] || die "PREFIX is empty; give an absolute folder such as /usr/local" 2
case "$prefix$destdir" in *[[:space:]]*) die "PREFIX and DESTDIR may not contain spaces or tabs (got PREFIX='$prefix' DESTDIR='$destdir'): desktop entries and man paths cannot quote them" 2 ;; esac
case "$prefix" in /*) ;; *) die "PREFIX must be an absolute folder (got '$prefix')" 2 ;; esac
root="$destdir$prefix"

# The nearest folder of $1 that exists: where the first new folder would be created.
existing_ancestor() { local d=$1; while [ ! -e "$d" ]; do d=$(dirname "$d"); done; echo "$d"; }

# Removes $root and its parents while they are empty, up to (not including) $1.
remove_empty_folders_up_to() {
  local d=$root
  while [ "${#d}" -gt "${#1}" ] && rmdir "$d" 2>/dev/null; do d=$(dirname "$d"); done
}

if [ "$action" = uninstall ]; then
  manifest="$root/$manifest_path"
  [ -f "$manifest" ] || die "nothing to uninstall: $manifest not found (no splashlab installed under $root)"
  writable=$(existing_ancestor "$root/share/splashlab")
  [ -w "$writable" ] || die "cannot remove from $root: $writable is not writable (run as root, or give the DESTDIR it was installed to)"
  # Files first (the manifest among them), then the folders the install created, deepest first.
  mapfile -t entries < <(sort -r "$manifest")
  for entry in "${entries[@]}"; do
    case "$entry" in f\ *) rm -f "$root/${entry#f }" ;; esac
  done
  for entry in "${entries[@]}"; do
    case "$entry" in d\ *) rmdir "$root/${entry#d }" 2>/dev/null || true ;; esac
  done
  # Under a DESTDIR (a staging folder) the prefix's own folders go too when they are left empty.
  [ -z "$destdir" ] || remove_empty_folders_up_to "$destdir"
  echo "removed splashlab from $root"
  exit 0
fi

[ -f "$root/$manifest_path" ] && die "splashlab is already installed under $root; make uninstall first"
target=$(existing_ancestor "$root")
[ -d "$target" ] && [ -w "$target" ] || die "cannot install into $root: $target is not a writable folder (run as root, or set DESTDIR to a folder you own)"
# `check` stops here: make runs it before the release build, so bad input costs no build.
[ "$action" = check ] && exit 0
[ -x "$binary" ] || die "no executable at '$binary'; build it first (make release)"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
install -Dm755 "$binary" "$stage/bin/splashlab"
mkdir -p "$stage/share/splashlab"
cp -p "$here"/Assets/* "$stage/share/splashlab/"
chmod 644 "$stage/share/splashlab/"*
install -Dm644 "$here/packaging/$app_id.desktop" "$stage/share/applications/$app_id.desktop"
install -Dm644 "$here/packaging/$app_id.svg" "$stage/share/icons/hicolor/scalable/apps/$app_id.svg"
install -Dm644 "$here/packaging/$app_id.png" "$stage/share/icons/hicolor/256x256/apps/$app_id.png"
install -Dm644 "$here/packaging/$app_id.metainfo.xml" "$stage/share/metainfo/$app_id.metainfo.xml"
mkdir -p "$stage/share/man/man1" "$stage/share/bash-completion/completions" "$stage/$zsh_folder" "$stage/share/fish/vendor_completions.d"
# The man page and completions come from the binary's own command table; -n keeps gzip's output
# the same from run to run (no name or time in the header), as Debian's policy asks (12.3).
"$binary" help man | gzip -9n > "$stage/share/man/man1/splashlab.1.gz"
"$binary" completion bash > "$stage/share/bash-completion/completions/splashlab"
"$binary" completion zsh > "$stage/$zsh_folder/_splashlab"
"$binary" completion fish > "$stage/share/fish/vendor_completions.d/splashlab.fish"
chmod 644 "$stage/share/man/man1/splashlab.1.gz" "$stage/share/bash-completion/completions/splashlab" "$stage/$zsh_folder/_splashlab" \
  "$stage/share/fish/vendor_completions.d/splashlab.fish"

# The manifest: every folder this install creates (d) and every file (f), so uninstall removes
# exactly these and leaves folders that were there before.
manifest="$stage/$manifest_path"
(cd "$stage" && find . -mindepth 1 -type d | sed 's|^\./||' | while read -r d; do [ -d "$root/$d" ] || echo "d $d"; done
 cd "$stage" && find . -type f | sed 's|^\./||' | sed 's/^/f /'; echo "f $manifest_path") | sort > "$stage.manifest"
mv "$stage.manifest" "$manifest"

copied=()
rollback() {
  local status=$?
  for f in "${copied[@]}"; do rm -f "$root/$f"; done
  grep '^d ' "$manifest" | sort -r | while read -r _ d; do rmdir "$root/$d" 2>/dev/null || true; done
  remove_empty_folders_up_to "$target"
  rm -rf "$stage"
  echo "splashlab install: failed part way; removed every file and folder it had added, $root is as it was" >&2
  exit "$status"
}
trap rollback ERR
while read -r kind path; do
  case "$kind" in
    d) mkdir -p "$root/$path" ;;
    f) [ "$path" = "$manifest_path" ] && continue
       cp -p "$stage/$path" "$root/$path"; copied+=("$path") ;;
  esac
done < "$manifest"
# The manifest last: a tree without it was never complete.
cp -p "$manifest" "$root/$manifest_path"
trap - ERR
echo "installed splashlab into $root ($(grep -c '^f ' "$manifest") files)"
