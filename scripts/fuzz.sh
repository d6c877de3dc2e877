#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (one per parser or image reader) with the fuzzer and
# address sanitizers, in their own build directory, and runs each for FUZZ_SECONDS (default 60).
#   scripts/fuzz.sh [TARGET...]     targets: timings script launch curve outline launchimage storyboard
#                                    assetcatalog vectorimage solver projectfile lottie dotlottie (default: all)
# New inputs go to .build/fuzz-corpus/TARGET, seeded from Fuzz/corpus/TARGET (the saved corpus,
# which `make test` replays through the same checks). A crash or broken invariant leaves its
# input in .build/fuzz-artifacts/TARGET/ and makes the script fail. Prints one summary line per
# target: runs, seconds, executions per second, corpus size.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(timings script launch curve outline launchimage storyboard assetcatalog vectorimage solver projectfile lottie dotlottie)

# libFuzzer and ASan come with the Swift toolchain (lib/clang/*/lib/linux), not from apt.
runtime=$(dirname "$(command -v swiftc)")/../lib/clang
if ! ls "$runtime"/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a >/dev/null 2>&1; then
  echo "no libFuzzer runtime under $runtime: use a Swift toolchain from swift.org, which ships it" >&2
  exit 1
fi

swift build --package-path Fuzz --build-path .build/fuzz -c release -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -use-ld=lld 2>&1 | grep -v -e 'prohibited flag' -e '^\[' || true
# Swift's crash reporter would catch the signal before ASan and libFuzzer could report the input.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer reads Swift's lazily built metadata caches as leaks; the parsers keep no state
# between inputs, so a real leak would show as growing RSS, which -rss_limit_mb catches.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

status=0
summary=()
for target in "${targets[@]}"; do
  binary=".build/fuzz/release/fuzz-$target"
  [ -x "$binary" ] || { echo "no fuzz target '$target' (expected $binary)" >&2; exit 2; }
  corpus=".build/fuzz-corpus/$target" artifacts=".build/fuzz-artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  dict=".build/fuzz/$target.dict"
  # Inputs up to 64 KiB: long enough for deep nesting and long tokens, short enough to stay fast.
  # A mask is 3 bytes and at most 128×128 alpha bytes; more would never be read.
  max_len=65536
  case "$target" in
    timings|script|launch|assetcatalog|lottie|dotlottie) cat Fuzz/dict/json.dict "Fuzz/dict/$target.dict" > "$dict" ;;
    outline) cp "Fuzz/dict/$target.dict" "$dict"; max_len=$((3 + 128 * 128)) ;;
    *) cp "Fuzz/dict/$target.dict" "$dict" ;;
  esac
  log=".build/fuzz/$target.log"
  echo "fuzzing $target for ${seconds}s (log: $log)"
  if ! "$binary" "$corpus" "Fuzz/corpus/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
      -rss_limit_mb=2048 -dict="$dict" -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1; then
    status=1
    echo "fuzz-$target FAILED; input saved in $artifacts/:" >&2
    grep -E 'invariant broken|ERROR:|Test unit written|SUMMARY' "$log" >&2 || tail -20 "$log" >&2
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  summary+=("fuzz-$target: ${runs:-?} runs in ${seconds}s (${rate:-?}/s), corpus $(ls "$corpus" | wc -l) inputs")
done
printf '%s\n' "${summary[@]}"
exit $status
