#!/usr/bin/env python3
"""The `export css --html` page against `splashlab state`, in headless Chromium.

Makes the page with the binary under test, appends sample.js to a copy, lets Chromium load it
(`--dump-dom`), which pauses every animation and reads every element's animated properties at
60 Hz through the Web Animations API (document.getAnimations(), currentTime, getComputedStyle).
Then asks `splashlab state --at T` (with the page's own input script, for the panel's spring) for
the same times and compares each property of each layer: the worst error must be at most 1e-3 of
the property's range over the run (a property that does not move must match to 1e-5 of its size).
Prints the worst error per property; exits 1 if any is over.

  parity.py --bin splashlab --chromium chromium [--device iphone-se] [--orientation portrait]
            [--seed 3] [--reduce-motion] [--work DIR]
"""
import argparse
import concurrent.futures
import html
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RANGE_SHARE = 1e-3
STILL_SHARE = 1e-5


def fail(message):
    print(f"parity: {message}", file=sys.stderr)
    sys.exit(1)


def run(command, **kwargs):
    r = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if r.returncode != 0:
        fail(f"{' '.join(command[:3])} ... exited {r.returncode}: {r.stderr.strip()[-600:]}")
    return r.stdout


# MARK: Reading computed styles

def number(text):
    m = re.match(r"^(-?[0-9.e+-]+)", text)
    if not m:
        fail(f"not a number: {text!r}")
    return float(m.group(1))


def scale_of(text):
    return 1.0 if text == "none" else number(text.split()[0])


def rotate_of(text):
    """rotate: `none`, `30deg`, or with an axis (`z 30deg`, `0 0 1 30deg`): radians."""
    if text == "none":
        return 0.0
    angle = text.split()[-1]
    value = number(angle)
    for unit, factor in (("deg", math.pi / 180), ("grad", math.pi / 200), ("rad", 1.0), ("turn", 2 * math.pi)):
        if angle.endswith(unit):
            return value * factor
    fail(f"rotate without a unit: {text!r}")


def translate_of(text):
    if text == "none":
        return 0.0, 0.0
    parts = [number(p) for p in text.split()]
    return parts[0], parts[1] if len(parts) > 1 else 0.0


def layer(style, feed_scale=None, screen=None):
    """A layer as `state` reports it, from an element's computed style: centre, size with every
    scale applied, rotation (radians, clockwise), own opacity. Elements inside #feed (the hole and
    the logo over it) are SVG images placed by x and y, under the feed's scale about the screen centre."""
    svg = style["left"] == "auto"
    left = number(style["x"] if svg else style["left"])
    top = number(style["y"] if svg else style["top"])
    width, height = number(style["width"]), number(style["height"])
    tx, ty = translate_of(style["translate"])
    s = scale_of(style["scale"])
    x, y, w, h = left + width / 2 + tx, top + height / 2 + ty, width * s, height * s
    if feed_scale is not None:
        cx, cy = screen[0] / 2, screen[1] / 2
        x, y, w, h = cx + (x - cx) * feed_scale, cy + (y - cy) * feed_scale, w * feed_scale, h * feed_scale
    return {"x": x, "y": y, "width": w, "height": h, "rotation": rotate_of(style["rotate"]), "opacity": float(style["opacity"])}


def page_values(sample, screen):
    """Every property the page shows at one sample, named as `state` names it."""
    e = sample["elements"]
    feed_scale = scale_of(e["feed"]["scale"])
    values = {"splash.opacity": float(e["splash"]["opacity"]), "backdrop.opacity": float(e["backdrop"]["opacity"]),
              "feed.scale": feed_scale,
              "panel.top": number(e["panel"]["top"]) + translate_of(e["panel"]["translate"])[1],
              "panel.dim": float(e["dim"]["opacity"])}
    for name in ("logo", "text", "backdropText"):
        for field, v in layer(e[name]).items():
            values[f"{name}.{field}"] = v
    for name in ("hole", "holeLogo"):
        for field, v in layer(e[name], feed_scale, screen).items():
            values[f"{name}.{field}"] = v
    return values


def state_values(state):
    """The same properties from `splashlab state`; a layer that is not there (the hole before d,
    the splash once done) is left out."""
    values = {"feed.scale": state["feed"]["scale"], "panel.top": state["panel"]["top"], "panel.dim": state["panel"]["dim"]}
    layers = state["splash"]["layers"]
    if layers:
        values["splash.opacity"] = layers["splash"]["opacity"]
        values["backdrop.opacity"] = layers["backdrop"]["opacity"]
        for name in ("logo", "text", "backdropText", "hole", "holeLogo"):
            if layers[name] is not None:
                for field in ("x", "y", "width", "height", "rotation", "opacity"):
                    values[f"{name}.{field}"] = layers[name][field]
    return values


# MARK: The run

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--chromium", default="chromium")
    p.add_argument("--device", default="iphone-se")
    p.add_argument("--orientation", default="portrait")
    p.add_argument("--seed", default="3")
    p.add_argument("--timings")
    p.add_argument("--reduce-motion", action="store_true")
    p.add_argument("--work")
    args = p.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="parity.")
    os.makedirs(work, exist_ok=True)
    mode = "Reduce Motion" if args.reduce_motion else "motion"
    common = ["--device", args.device, "--orientation", args.orientation, "--seed", args.seed] + (["--timings", args.timings] if args.timings else [])

    page = os.path.join(work, "page.html")
    run([args.bin, "export", "css", "--html", "--out", page] + common)
    text = open(page, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="input">(.*?)</script>', text, re.S)
    if not m:
        fail(f"{page} has no input script (id=\"input\")")
    script = os.path.join(work, "input.json")
    with open(script, "w") as f:
        f.write(m.group(1).replace("<\\/", "</"))
    probe = os.path.join(work, "probe.html")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", "<script>" + open(os.path.join(HERE, "sample.js")).read() + "</script>\n</body>"))

    flags = ["--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
             "--user-data-dir=" + os.path.join(work, "profile"), "--dump-dom"]
    if args.reduce_motion:
        flags.append("--force-prefers-reduced-motion")
    dom = run([args.chromium] + flags + ["file://" + probe], timeout=300)
    m = re.search(r'<pre id="samples">(.*?)</pre>', dom, re.S)
    if not m:
        fail("Chromium's page gave no samples (sample.js did not run)")
    web = json.loads(html.unescape(m.group(1)))
    if web["reducedMotion"] != args.reduce_motion:
        fail(f"the page's prefers-reduced-motion is {web['reducedMotion']}, expected {args.reduce_motion}")
    if not web["animations"]:
        fail("the page has no animations")

    def state(t):
        extra = ["--reduce-motion"] if args.reduce_motion else []
        return json.loads(run([args.bin, "state", "--at", repr(t), "--script", script] + common + extra))

    times = [s["t"] for s in web["samples"]]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        states = list(pool.map(state, times))
    screen = (states[0]["device"]["width"], states[0]["device"]["height"])

    expected = [state_values(s) for s in states]
    shown = [page_values(s, screen) for s in web["samples"]]
    names = sorted({k for e in expected for k in e})
    failed = []
    print(f"parity ({mode}): {os.path.basename(args.timings or 'timings.json')}, {args.device} {args.orientation}, seed {args.seed}: {len(times)} samples at 60 Hz "
          f"from 0 to {times[-1]:.3f} s, {len(web['animations'])} animations on the page")
    print(f"{'property':22} {'range':>10} {'worst error':>12} {'of range':>9}  at t")
    for name in names:
        pairs = [(t, e[name], s[name]) for t, e, s in zip(times, expected, shown) if name in e]
        vs = [v for _, v, _ in pairs]
        span = max(vs) - min(vs)
        worst_t, worst = max(((t, abs(a - b)) for t, a, b in pairs), key=lambda x: x[1])
        limit = RANGE_SHARE * span if span > 0 else STILL_SHARE * max(abs(vs[0]), 1)
        share = f"{worst / span:.2e}" if span > 0 else "still"
        ok = worst <= limit
        print(f"{name:22} {span:10.4f} {worst:12.3e} {share:>9}  {worst_t:.4f}{'' if ok else '  OVER ' + f'{limit:.3e}'}")
        if not ok:
            failed.append(name)
    if failed:
        fail(f"{len(failed)} properties over the tolerance: {', '.join(failed)} (page and samples in {work})")
    print(f"parity ({mode}): every property within 1e-3 of its range at every sample")


if __name__ == "__main__":
    main()
