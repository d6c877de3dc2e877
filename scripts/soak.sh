#!/usr/bin/env bash
# Soak test: the real window under Xvfb, driven for MINUTES by random real input (xdotool) from a
# seeded RNG, with the state it writes checked on every sample and its RSS and CPU sampled.
#   scripts/soak.sh PATH/TO/splashlab [MINUTES]      (default 10)
# SOAK_SEED=N repeats a run's choices; SOAK_REPLAY=DIR/inputs.jsonl plays a run's exact inputs
# again; SOAK_ONLY=drag,flick narrows the actions and SOAK_KEYS=r,a the keys
# pressed (see soak.py). Everything the app writes (state, UI dump, timings copy, recovery file) stays in a
# temporary folder, printed at the start. See scripts/soak.py for the invariants and limits.
set -uo pipefail
usage="usage: scripts/soak.sh PATH/TO/splashlab [MINUTES]"
[ $# -ge 1 ] && [ -n "$1" ] || { echo "$usage" >&2; exit 2; }
# Checked here, before the re-run under Xvfb: a path that is not a program would otherwise
# reach soak.py empty.
[ -f "$1" ] && [ -x "$1" ] || { echo "soak: $1 is not an executable file" >&2; echo "$usage" >&2; exit 2; }
bin=$(realpath "$1")
minutes=${2:-10}
[[ "$minutes" =~ ^[0-9]+([.][0-9]+)?$ ]] && [[ ! "$minutes" =~ ^0+([.]0+)?$ ]] \
  || { echo "soak: MINUTES must be a positive number of minutes (got '$minutes')" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# Its own Xvfb (e2e-lib.sh runs this again under one) and a temporary folder, $out.
# shellcheck source=scripts/e2e-lib.sh
. "$here/e2e-lib.sh"
args=(--bin "$bin" --minutes "$minutes" --dir "$out" --timings "$here/../Assets/timings.json")
[ -n "${SOAK_SEED:-}" ] && args+=(--seed "$SOAK_SEED")
[ -n "${SOAK_ONLY:-}" ] && args+=(--only "$SOAK_ONLY")
[ -n "${SOAK_KEYS:-}" ] && args+=(--keys "$SOAK_KEYS")
[ -n "${SOAK_REPLAY:-}" ] && args+=(--replay "$(realpath "$SOAK_REPLAY")")
exec python3 "$here/soak.py" "${args[@]}"
