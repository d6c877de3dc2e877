#!/usr/bin/env bash
# The review page in headless Chromium: `splashlab review --compare a.json b.json
# --comments c.json` opened from file://, stepped and commented with real key presses
# (page_check.py), and the comments it exports read back by `render --comments --burn-in`.
#   scripts/review/run.sh [PATH/TO/splashlab]
# Installs Debian's chromium package when `chromium` is not on PATH, as `make parity` does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/ensure-chromium.sh
. "$repo/scripts/ensure-chromium.sh"
page_check_prelude review-check "${1:-}"
command -v ffmpeg >/dev/null 2>&1 || die "ffmpeg is needed"
chromium=${REVIEW_CHROMIUM:-chromium}
[ -n "${REVIEW_CHROMIUM:-}" ] || ensure_chromium review
export SPLASHLAB_ASSETS=${SPLASHLAB_ASSETS:-$repo/Assets}
export SDL_VIDEODRIVER=offscreen
unset DISPLAY WAYLAND_DISPLAY
work=$(mktemp -d -t review-check.XXXXXX)
trap 'rm -rf "$work"' EXIT

# Two variants: the default timings, and the hole 0.2 s slower.
python3 - "$SPLASHLAB_ASSETS/timings.json" "$work" <<'PY'
import json, sys
timings = json.load(open(sys.argv[1]))
json.dump(timings, open(sys.argv[2] + "/a.json", "w"), indent=2)
timings["splash"]["hole"]["duration"] = round(timings["splash"]["hole"]["duration"] + 0.2, 3)
json.dump(timings, open(sys.argv[2] + "/b.json", "w"), indent=2)
# One comment's text is markup and script: the page shows it as text and runs nothing.
json.dump({"comments": [
    {"t": 0.5, "author": "Designer", "text": "logo settles too early"},
    {"t": 2.3, "author": "Engineer", "text": "the hole feels slow around 2.3 s"},
    {"t": 2.6, "author": "<b>Mallory</b>", "text": "<img src=x onerror=\"window.reviewCommentRan=1\"><script>window.reviewCommentRan=1</script>"},
]}, open(sys.argv[2] + "/c.json", "w"), indent=2)
PY

"$bin" review --out "$work/r" --compare "$work/a.json" "$work/b.json" --comments "$work/c.json" --burn-in --seed 3
for f in index.html review.mp4 review.json; do [ -s "$work/r/$f" ] || die "review wrote no $f"; done
python3 "$here/page_check.py" --chromium "$chromium" --page "$work/r" --comments "$work/c.json" --exported "$work/exported.json"

# The same review as one file (--single-file): the page plays its embedded video and passes the
# same checks. page_check reads review.json and decodes review.mp4 with ffmpeg for the pixels it
# compares; the folder's are the same take, copied beside the one file, which never loads them.
mkdir "$work/single"
"$bin" review --single-file --out "$work/single/index.html" --compare "$work/a.json" "$work/b.json" --comments "$work/c.json" --burn-in --seed 3 2>/dev/null
grep -q 'src="data:video/mp4;base64,' "$work/single/index.html" || die "--single-file did not embed the video"
cp "$work/r/review.json" "$work/r/review.mp4" "$work/single/"
python3 "$here/page_check.py" --chromium "$chromium" --page "$work/single" --comments "$work/c.json" --exported "$work/single-exported.json" >"$work/single.log" \
  || { cat "$work/single.log"; die "the --single-file page failed its checks"; }
echo "review-check: the --single-file page passes the same checks"

# The exported comments back in the window: run --comments pins every one on the ruler, at the
# time the page exported, and the UI dump lists them. The window (offscreen) is stopped by SIGTERM
# once its dump shows them, or after 30 s.
"$bin" run --seed 3 --comments "$work/exported.json" --ui-dump "$work/ui.json" 2>"$work/run.log" &
window=$!
pinned=no
for _ in $(seq 150); do
  if [ -s "$work/ui.json" ] && python3 - "$work/exported.json" "$work/ui.json" <<'PY'
import json, sys
exported = sorted(c["t"] for c in json.load(open(sys.argv[1]))["comments"])
dump = json.load(open(sys.argv[2]))
pins = sorted(c["value"] for c in dump["controls"] if c["kind"] == "commentPin")
listed = sorted(c["t"] for c in dump["comments"])
sys.exit(0 if pins == exported and listed == exported else 1)
PY
  then pinned=yes; break; fi
  sleep 0.2
done
kill -TERM "$window" 2>/dev/null || true
wait "$window" 2>/dev/null || true
[ "$pinned" = yes ] || { cat "$work/run.log" >&2; die "run --comments did not pin every exported comment at its time"; }
echo "review-check: run --comments pins every exported comment at its time, and the UI dump lists them"

# The exported comments back in the burn-in strip: the frame at the new comment's time differs
# from the same frame without comments in the strip alone.
t=$(python3 -c 'import json,sys; print([c for c in json.load(open(sys.argv[1]))["comments"] if c["text"] == "the hole feels slow here"][0]["t"])' "$work/exported.json")
"$bin" render --at "$t" --burn-in --seed 3 --comments "$work/exported.json" --out "$work/with.png" 2>"$work/render.log" || { cat "$work/render.log" >&2; die "render --comments failed"; }
"$bin" render --at "$t" --burn-in --seed 3 --out "$work/without.png"
cmp -s "$work/with.png" "$work/without.png" && die "render --comments --burn-in drew no comment at $t s"
echo "review-check: render --comments --burn-in shows the exported comment at $t s"
echo "review-check: passed"
