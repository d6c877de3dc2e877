#!/usr/bin/env bash
# Structural rules `make test` holds the sources to:
# - no `nonisolated(unsafe) static var` in Sources: a switch every renderer, test and thread shares
#   is global mutable state; options are values passed in (SceneRenderStrategies, for one);
# - one place starts a child process (Formats/Subprocess.swift: bounded output, a time limit,
#   waitid), so every child is waited for and bounded alike;
# - the executable (Sources/SplashLab) at most 1,500 lines: argument parsing and dispatch, the work
#   in libraries (Recording, Benchmarks, PreviewWindow) that tests import;
# - the bash that drives the real window (scripts/e2e-lib.sh and the scripts that source it) at
#   most 400 lines: what can be checked in-process belongs in the window tests, analysis in Python.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
if found=$(grep -rn --include='*.swift' -E 'nonisolated\(unsafe\)[[:space:]]+(static|class)[[:space:]]+var' Sources); then
  echo "check-sources: global mutable state in Sources (pass options as values instead):" >&2
  echo "$found" >&2
  status=1
fi
if found=$(grep -rn --include='*.swift' -E '\bProcess\(\)' Sources | grep -v '^Sources/Formats/Subprocess.swift:'); then
  echo "check-sources: a child process started outside Formats/Subprocess.swift (use Subprocess):" >&2
  echo "$found" >&2
  status=1
fi
executable=$(cat Sources/SplashLab/*.swift | wc -l)
if [ "$executable" -gt 1500 ]; then
  echo "check-sources: Sources/SplashLab is $executable lines (at most 1,500): move the work into a library" >&2
  status=1
fi
windowScripts=(scripts/e2e-lib.sh $(grep -l 'e2e-lib\.sh"' scripts/*.sh | grep -v '^scripts/e2e-lib\.sh$'))
windowBash=$(cat "${windowScripts[@]}" | wc -l)
if [ "$windowBash" -gt 400 ]; then
  echo "check-sources: window-driving bash is $windowBash lines (at most 400) in ${windowScripts[*]}" >&2
  status=1
fi
[ $status -eq 0 ] && echo "check-sources: no nonisolated(unsafe) static var in Sources; child processes only through Subprocess; the executable $executable lines (≤ 1500); window-driving bash $windowBash lines in ${#windowScripts[@]} scripts (≤ 400)"
exit $status
