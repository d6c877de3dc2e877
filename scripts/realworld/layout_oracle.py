#!/usr/bin/env python3
"""The layout oracle: every storyboard and xib of ../shared/realworld/layout laid out by
`splashlab layout --json` on its own design device, each view's frame compared with the frame
Interface Builder saved for it (views marked misplaced or ambiguous left out: their saved frames
are not Auto Layout's). Prints, per file and in total, `layout: N/M within 2 pt (P %)`, then the
misses grouped by element kind, and exits 1 below the threshold.

When the folder is absent it says so and exits 0, or 1 in CI (CI set).
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_BINARY = os.path.join(ROOT, ".build", "debug", "splashlab")
DEFAULT_LAYOUT = os.path.normpath(os.path.join(ROOT, "..", "shared", "realworld", "layout"))
TOLERANCE = 2.0
# The share of saved frames laid out within 2 pt that the run must keep (the share reached when it
# was last raised: 726/750, 96.8 %, rounded down to the half per cent; the target is 98 %, and
# docs/layout-oracle.md gives the reason for each frame still missed).
THRESHOLD = 0.965


def ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def documents(folder):
    out = []
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".storyboard") or name.endswith(".xib"):
                out.append(os.path.join(base, name))
    return out


def misses(view):
    f, s = view["frame"], view["saved"]
    sides = [
        abs(f["x"] - s["x"]), abs(f["y"] - s["y"]),
        abs(f["x"] + f["width"] - s["x"] - s["width"]), abs(f["y"] + f["height"] - s["y"] - s["height"]),
    ]
    return max(sides) > TOLERANCE


def saved_frames(path):
    """Counts the frames a file saves (not misplaced or ambiguous), read with the standard library,
    so a file splashlab cannot read still counts against it."""
    import xml.etree.ElementTree as ET
    try:
        tree = ET.parse(path)
    except ET.ParseError:
        return 0
    count = 0
    for e in tree.iter():
        if e.find("rect[@key='frame']") is not None and e.get("misplaced") != "YES" and e.get("ambiguous") != "YES":
            count += 1
    return count


def main(argv=None):
    parser = argparse.ArgumentParser(description="SplashLab's layout oracle over real storyboards and xibs.")
    parser.add_argument("--binary", default=DEFAULT_BINARY, help="the splashlab binary (default .build/debug/splashlab)")
    parser.add_argument("--layout", default=None, help="the folder of documents (default $REALWORLD_LAYOUT or ../shared/realworld/layout)")
    parser.add_argument("--threshold", type=float, default=THRESHOLD, help="the least share within 2 pt, 0 to 1")
    parser.add_argument("--verbose", action="store_true", help="print every miss")
    args = parser.parse_args(argv)

    given = args.layout or os.environ.get("REALWORLD_LAYOUT") or ""
    folder = given or DEFAULT_LAYOUT
    if not os.path.isdir(folder):
        print("layout: %s not found; the layout oracle needs it (REALWORLD_LAYOUT=DIR to point elsewhere)" % (given or "../shared/realworld/layout"))
        return 1 if ci() else 0

    binary = os.path.abspath(args.binary)
    total = good = 0
    by_kind = collections.defaultdict(list)
    failures = []
    for path in documents(folder):
        name = os.path.relpath(path, folder)
        run = subprocess.run([binary, "layout", path, "--json"], capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            count = saved_frames(path)
            total += count
            failures.append(name)
            print("layout: %s: 0/%d (splashlab: %s)" % (name, count, run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "exit %d" % run.returncode))
            for _ in range(count):
                by_kind["(file not laid out)"].append((name, None, None))
            continue
        data = json.loads(run.stdout)
        n = ok = 0
        for view in data["views"]:
            if "saved" not in view or view.get("misplaced") or view.get("ambiguous"):
                continue
            n += 1
            if misses(view):
                by_kind[view["element"]].append((name, view, data["device"]["name"]))
            else:
                ok += 1
        # Every frame the file saved counts: one the layout does not list is a miss, not left out.
        saved = saved_frames(path)
        for _ in range(max(saved - n, 0)):
            by_kind["(saved frame not laid out)"].append((name, None, None))
        n = max(n, saved)
        total += n
        good += ok
        print("layout: %s: %d/%d on %s" % (name, ok, n, data["device"]["name"]))

    share = good / total if total else 1.0
    print("layout: %d/%d within 2 pt (%.1f %%)" % (good, total, 100 * share))
    if by_kind:
        print("misses by element kind:")
        for kind, items in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
            print("  %s: %d" % (kind, len(items)))
            shown = items if args.verbose else items[:3]
            for name, view, _ in shown:
                if view is None:
                    continue
                f, s = view["frame"], view["saved"]
                print("    %s:%d %s: %g %g %g %g, saved %g %g %g %g" % (
                    name, view["line"], view["id"], f["x"], f["y"], f["width"], f["height"], s["x"], s["y"], s["width"], s["height"]))
    if share + 1e-9 < args.threshold:
        print("layout: %.1f %% is below the threshold of %.1f %%" % (100 * share, 100 * args.threshold))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
