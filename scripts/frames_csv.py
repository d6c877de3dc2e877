#!/usr/bin/env python3
"""Figures from the window's --frames-csv, for scripts/workbench-fps.sh.

  frames_csv.py fps CSV A:B [A:B ...]   frames per second of preview time inside the spans
  frames_csv.py replay CSV A B          the same over every replay (R restarts the preview's clock)
  frames_csv.py stages CSV A B          the medians of each stage of a frame's time in (A, B]
"""
import csv
import statistics
import sys


def preview_times(path):
    return [float(r["previewTime"]) for r in csv.DictReader(open(path))]


def fps(path, spans):
    """The spans' ends are read from --state-out, written ten times a second, so they can be off by
    0.1 s either way (3% of a 3 s drag): the rate is taken between the first and the last frame
    drawn inside each span, as frame intervals per second."""
    rows = preview_times(path)
    intervals, seconds = 0, 0.0
    for a, b in (tuple(map(float, s.split(":"))) for s in spans):
        inside = [t for t in rows if a < t <= b]
        if len(inside) > 1:
            intervals += len(inside) - 1
            seconds += inside[-1] - inside[0]
    if seconds <= 0:
        return "no frames"
    return f"{intervals / seconds:.1f} fps ({intervals + len(spans)} frames over {seconds:.2f} s of preview time)"


def replay(path, a, b):
    """Only passes the take played through are counted: one that R cut short (the first, when the
    window took longer than the script's wait to open and the preview had not reached B) or that
    began inside the span holds fewer frames for reasons other than the drawing's speed."""
    rows = preview_times(path)
    passes, cut, start = [], 0, None
    for i, t in enumerate(rows):
        if a < t <= b and start is None:
            start = i
        if start is not None and not (a < t <= b and (i == start or t >= rows[i - 1])):
            if start > 0 and rows[start - 1] <= a and t > b:
                passes.append(i - start)
            else:
                cut += 1
            start = i if a < t <= b else None
    if start is not None:
        cut += 1
    if not passes:
        return "no whole pass"
    left = f"; {cut} cut short, left out" if cut else ""
    return f"{sum(passes) / (len(passes) * (b - a)):.1f} fps ({sum(passes)} frames in {len(passes)} passes{left})"


def stages(path, a, b):
    rows = [r for r in csv.DictReader(open(path)) if a < float(r["previewTime"]) <= b]
    if not rows:
        return "no frames"
    keys = ("inputMs", "updateMs", "renderMs", "presentMs", "intervalMs")
    return ", ".join(f"{k[:-2]} {statistics.median(float(r[k]) for r in rows):.1f}" for k in keys)


if __name__ == "__main__":
    command, path, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    if command == "fps":
        print(fps(path, rest))
    elif command in ("replay", "stages"):
        print({"replay": replay, "stages": stages}[command](path, float(rest[0]), float(rest[1])))
    else:
        sys.exit(f"frames_csv.py: unknown figure '{command}' (fps, replay, stages)")
