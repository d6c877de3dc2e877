# Sourced by the scripts that play a page in headless Chromium (make bench-web, make parity).
# ensure_chromium PREFIX: Debian's chromium package, installed only when `chromium` is not on
# PATH; stops with "PREFIX: ..." when it cannot be. Needs `die` defined by the caller.
ensure_chromium() {
  local prefix=$1
  command -v chromium >/dev/null 2>&1 && return 0
  echo "$prefix: chromium is not on PATH: installing Debian's chromium package" >&2
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "chromium is missing, and installing it needs root or sudo"
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq >&2 || die "apt-get update failed"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2 \
    || die "apt-get install chromium failed"
  command -v chromium >/dev/null 2>&1 || die "chromium is still not on PATH after installing it"
}

# page_check_prelude PREFIX [BINARY]: what a page check starts with. Defines `die` (messages
# start "PREFIX: "), sets `bin` to the splashlab binary (BINARY, else the debug build under
# $repo, which the caller sets), and stops unless it and python3 are there.
page_check_prelude() {
  page_check_prefix=$1
  die() { echo "$page_check_prefix: $*" >&2; exit 1; }
  bin=$(realpath "${2:-$repo/.build/debug/splashlab}")
  [ -x "$bin" ] || die "no splashlab binary at $bin (pass its path as the first argument)"
  command -v python3 >/dev/null 2>&1 || die "python3 is needed"
}
