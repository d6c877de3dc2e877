#!/usr/bin/env bash
# Structural rules `make test` holds the sources to (issue 46, "held by CI"):
# - no `nonisolated(unsafe) static var` in Sources: a switch every renderer, test and thread shares
#   is global mutable state; options are values passed in (SceneRenderStrategies, for one).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
if found=$(grep -rn --include='*.swift' -E 'nonisolated\(unsafe\)[[:space:]]+(static|class)[[:space:]]+var' Sources); then
  echo "check-sources: global mutable state in Sources (pass options as values instead):" >&2
  echo "$found" >&2
  status=1
fi
[ $status -eq 0 ] && echo "check-sources: no nonisolated(unsafe) static var in Sources"
exit $status
