# Shared by the scripts that drive the real window (sourced, not run): their X display, a tally of
# checks, finding the window of process $pid, waiting, reading the window's UI dump, and keys.
# With no X display, the script that sources this runs itself again, with the same arguments,
# under an Xvfb of its own: a screen of $E2E_SCREEN (default 1280x1024) at 24 bits.
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 ${E2E_SCREEN:-1280x1024}x24" "$0" "$@"
fi

out=$(mktemp -d)
# Xvfb under load now and then drops a new client's connection at once: its first write fails
# (SIGPIPE, status 141) or it cannot open the display (10 of 400 connections beside four loops of
# xdotool). The app retries its own; xdotool and import are run again, so no key or click is lost.
retry_x_client() {
  local status err="$out/.x-client-err.$BASHPID"
  for _ in 1 2 3 4 5; do
    command "$@" 2>"$err"; status=$?
    if [ "$status" != 141 ] && ! grep -q "Can't open display\|unable to open X server" "$err"; then break; fi
    sleep 0.2
  done
  cat "$err" >&2; rm -f "$err"
  return "$status"
}
xdotool() { retry_x_client xdotool "$@"; }
# A screenshot is bounded, as a stuck X server must not stall the run.
import() { retry_x_client timeout 15 import "$@"; }
# Real keys go to the focused window: focus it (there is no window manager under Xvfb), then type
# through XTEST, which SDL treats as real input (it ignores synthetic XSendEvent keys).
press() { xdotool windowfocus --sync "$win" 2>/dev/null; xdotool key "$@"; }

# The window remembers its layout in $XDG_CONFIG_HOME/splashlab/ and keeps unsaved edits in
# $XDG_STATE_HOME/splashlab/: each run starts from the defaults and leaves the user's alone.
export XDG_CONFIG_HOME="$out/config" XDG_STATE_HOME="$out/state"
passed=0 failed=0
pass() { echo "ok   - $1"; passed=$((passed + 1)); }
fail() { echo "FAIL - $1"; failed=$((failed + 1)); }

# Prints the id of process $pid's SplashLab window, waiting up to $1 s (default 60) for it to map
# and stay: SDL may replace its first X window when the GL renderer needs another visual.
wait_window() {
  local id again
  for _ in $(seq 1 $((${1:-60} * 10))); do
    id=$(find_window)
    if [ -n "$id" ]; then
      sleep 0.3; again=$(find_window)
      if [ "$id" = "$again" ] && xdotool getwindowgeometry "$id" >/dev/null 2>&1; then echo "$id"; return 0; fi
    fi
    kill -0 "$pid" 2>/dev/null || { echo "wait_window: process $pid exited before its window was found" >&2; return 1; }
    sleep 0.1
  done
  echo "wait_window: no window for process $pid; by title: [$(xdotool search --name '^SplashLab' 2>&1 | tr '\n' ' ')]" >&2; return 1
}

# The mapped SplashLab window of process $pid: by its _NET_WM_PID, else by its title and any pid.
find_window() {
  local w p
  w=$(xdotool search --onlyvisible --pid "$pid" --name '^SplashLab' 2>/dev/null | tail -n 1)
  [ -n "$w" ] && { echo "$w"; return; }
  for w in $(xdotool search --onlyvisible --name '^SplashLab' 2>/dev/null); do
    p=$(xdotool getwindowpid "$w" 2>/dev/null)
    if [ -z "$p" ] || [ "$p" = "$pid" ]; then echo "$w"; return; fi
  done
}

# Runs the command after $1 every 0.1 s until it succeeds, for up to $1 seconds. Checks wait for
# what they look for, not for a guessed time, so a loaded machine only makes them slower.
wait_for() {
  local limit=$1; shift
  for _ in $(seq 1 $((limit * 10))); do "$@" && return 0; sleep 0.1; done
  return 1
}

# Waits up to $2 seconds for process $1 to exit; sets $status to its exit status, or "timeout".
# (Not in a subshell: only the shell that started a process can wait for it.)
wait_exit() {
  for _ in $(seq 1 $(($2 * 10))); do
    if ! kill -0 "$1" 2>/dev/null; then wait "$1"; status=$?; return; fi
    sleep 0.1
  done
  status=timeout
}

# `ui FILE FILTER`: a jq filter over the --ui-dump FILE, with c(ID) a control and at(ID) its centre
# as "x y"; prints the result, or fails while the file is unreadable or the result false or null.
ui() {
  jq -er 'def c($i): first(.controls[] | select(.id == $i));
          def at($i): c($i) | "\(.x + .width / 2 | floor) \(.y + .height / 2 | floor)"; '"$2" "$1" 2>/dev/null
}
