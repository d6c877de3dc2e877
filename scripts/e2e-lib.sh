# Shared by the end-to-end scripts (sourced, not run): their own X display, a tally of checks,
# waiting for the window of process $pid and for a process to exit, and reading the window's UI dump.

# With no X display, the script that sources this runs itself again, with the same arguments,
# under an Xvfb of its own: a screen of $E2E_SCREEN (default 1280x1024) at 24 bits.
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 ${E2E_SCREEN:-1280x1024}x24" "$0" "$@"
fi

out=$(mktemp -d)

# Xvfb under load now and then drops a new client's connection at once: the client's first write
# fails (EPIPE, and SIGPIPE ends it, status 141) or it reports that it cannot open the display
# (seen in 10 of 400 connections beside four loops of xdotool). The app retries its own
# connection; these run xdotool and ImageMagick's import again, so a key, a click or a
# screenshot is not lost with such a connection.
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

# The window remembers its layout in $XDG_CONFIG_HOME/splashlab/ and keeps unsaved edits in
# $XDG_STATE_HOME/splashlab/: each test run starts from the defaults and leaves the user's alone.
export XDG_CONFIG_HOME="$out/config"
export XDG_STATE_HOME="$out/state"
passed=0; failed=0
pass() { echo "ok   - $1"; passed=$((passed + 1)); }
fail() { echo "FAIL - $1"; failed=$((failed + 1)); }

# Waits for the window of process $pid, titled SplashLab, and prints its id. Up to $1 seconds
# (default 60): a debug build's window beside a busy machine can take several seconds to map, and
# waiting on the window itself costs nothing when it comes at once. The window must be mapped
# and still the same a moment later: SDL may destroy its first X window and make another when
# the GL renderer needs a different visual, and under load a search can catch the first one
# (a later screenshot then fails with BadWindow).
wait_window() {
  local id again limit=${1:-60}
  for _ in $(seq 1 $((limit * 10))); do
    id=$(find_window)
    if [ -n "$id" ]; then
      sleep 0.3
      again=$(find_window)
      if [ "$id" = "$again" ] && xdotool getwindowgeometry "$id" >/dev/null 2>&1; then echo "$id"; return 0; fi
    fi
    kill -0 "$pid" 2>/dev/null || { echo "wait_window: process $pid exited before its window was found" >&2; return 1; }
    sleep 0.1
  done
  # What the searches see, for the log: the window of a process that is drawing has been missed.
  echo "wait_window: no window found for process $pid in ${limit} s; by pid: [$(xdotool search --pid "$pid" 2>&1 | tr '\n' ' ')]," \
    "by title: [$(xdotool search --name '^SplashLab' 2>&1 | tr '\n' ' ')], visible: [$(xdotool search --onlyvisible --name '^SplashLab' 2>&1 | tr '\n' ' ')]" >&2
  # Where the process is: each thread's kernel wait and, where gdb is installed, its stack.
  for t in /proc/"$pid"/task/*; do echo "wait_window: thread ${t##*/} $(cat "$t/comm" 2>/dev/null) waits in $(cat "$t/wchan" 2>/dev/null)" >&2; done
  if command -v gdb >/dev/null; then
    timeout 60 gdb -p "$pid" -batch -ex 'thread apply all bt 30' 2>&1 | grep -E '^(Thread|#)' | sed 's/^/wait_window: /' >&2
  fi
  return 1
}

# The mapped SplashLab window of process $pid: by its _NET_WM_PID, or else by its title among
# the mapped windows, checking the pid where the window carries one.
find_window() {
  local w p
  w=$(xdotool search --onlyvisible --pid "$pid" --name '^SplashLab' 2>/dev/null | tail -n 1)
  if [ -z "$w" ]; then
    for w in $(xdotool search --onlyvisible --name '^SplashLab' 2>/dev/null); do
      p=$(xdotool getwindowpid "$w" 2>/dev/null)
      if [ -z "$p" ] || [ "$p" = "$pid" ]; then echo "$w"; return; fi
    done
    w=
  fi
  echo "$w"
}

# Runs the command given after $1 every 0.1 s until it succeeds, for up to $1 seconds; fails if it
# never does. Checks wait for what they look for, not for a guessed time, so a loaded machine
# only makes them slower.
wait_for() {
  local limit=$1; shift
  for _ in $(seq 1 $((limit * 10))); do
    if "$@"; then return 0; fi
    sleep 0.1
  done
  return 1
}

# Waits up to $2 seconds for process $1 to exit; sets $status to its exit status, or "timeout".
# (Not in a subshell: only the shell that started a process can wait for it.)
wait_exit() {
  local pid=$1 limit=$2
  for _ in $(seq 1 $((limit * 10))); do
    if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; status=$?; return; fi
    sleep 0.1
  done
  status=timeout
}

# Reads the --ui-dump file: `control FILE ID FIELD` prints a control's x, y, width, height,
# value, or its centre (cx, cy), or for a span value `at:T` the window x of time T;
# `control FILE view FIELD` prints a field of what the window shows, as JSON.
control() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
path, wanted, field = sys.argv[1:4]
try:
    data = json.load(open(path))
except Exception:
    sys.exit(1)
if wanted == "viewport":
    print(data["viewport"][field]); sys.exit(0)
if wanted == "view":
    print(json.dumps(data["view"][field])); sys.exit(0)
if wanted.startswith("layout."):
    r = data["layout"][wanted[7:]]
    if r is None: sys.exit(1)
    if field == "cx": print(int(r["x"] + r["width"] / 2))
    elif field == "cy": print(int(r["y"] + r["height"] / 2))
    elif field == "bottom": print(int(r["y"] + r["height"]))
    else: print(int(r[field]))
    sys.exit(0)
for c in data["controls"]:
    if c["id"] == wanted:
        if field == "cx": print(int(c["x"] + c["width"] / 2))
        elif field == "cy": print(int(c["y"] + c["height"] / 2))
        elif field.startswith("at:"):
            t = float(field[3:]); span = c["value"]
            print(int(c["x"] + (t - span["start"]) / (span["end"] - span["start"]) * c["width"]))
        else: print(c[field])
        sys.exit(0)
sys.exit(1)
PY
}
