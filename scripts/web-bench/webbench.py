#!/usr/bin/env python3
"""The splash's disappearance as a web page, and its cost in headless Chromium against SplashLab's.

  webbench.py page --bin SPLASHLAB --assets DIR --out DIR [--device iphone-se] [--seed 1]
      Writes DIR/index.html and its inputs (feed.png, logo.png, text.png) and DIR/motion.json. The
      motion is `splashlab state` sampled at 60 Hz across the disappearance, one keyframe a sample.
  webbench.py web --page DIR [--chromium PATH] [--settle 2] [--seconds 10]
      Opens the page in headless Chromium; over a window of --seconds after --settle, counts the
      frames Chromium drew (its display compositor's trace, read over the DevTools pipe) and sums
      the CPU time of every process of the Chromium tree. Prints one JSON object.
  webbench.py app --bin SPLASHLAB [--device iphone-se]
      Runs `splashlab bench`; prints the disappearance's and the floor's CPU ms per frame as JSON.
  webbench.py run --bin SPLASHLAB --page DIR [--runs 3] [--chromium PATH] [--settle 2] [--seconds 10]
      RUNS times: the web page, then `splashlab bench`, alternating; one line a run and a summary
      of medians.
  webbench.py shot --page DIR --at SECONDS --out PNG [--chromium PATH]
      The page with its animations paused SECONDS into the disappearance.
  webbench.py live --page DIR --out DIR [--count 12] [--chromium PATH]
      Frames of the running page as Chromium draws them (a DevTools screencast).
"""
import argparse
import base64
import json
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

FPS = 60
# The app window's title bar above the page (CSS px); corrected from what the page reports.
TITLE_BAR = 56


def fail(message, code=1):
    print(f"web-bench: {message}", file=sys.stderr)
    sys.exit(code)


# ---------------------------------------------------------------------------------------------
# The page

def state(binary, at, device, seed):
    out = subprocess.run([binary, "state", "--at", repr(at), "--device", device, "--seed", str(seed)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"`{binary} state --at {at}` failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


def launch_gradient_css(assets):
    """The launch background as CSS, from launch.json: a top-to-bottom gradient. CSS interpolates
    the stops in sRGB, as the app's vertex colours do."""
    path = os.path.join(assets, "launch.json")
    with open(path) as f:
        launch = json.load(f)
    stops = launch.get("gradient") or []
    if not stops:
        fail(f"{path} has no gradient: the page reproduces only a gradient launch background")
    parts = []
    for i, stop in enumerate(stops):
        location = stop.get("location", 0 if len(stops) == 1 else i / (len(stops) - 1))
        color = stop["color"]
        if len(color) == 9:  # #RRGGBBAA
            r, g, b, a = (int(color[k:k + 2], 16) for k in (1, 3, 5, 7))
            color = f"rgba({r}, {g}, {b}, {a / 255:.4f})"
        parts.append(f"{color} {location * 100:.4f}%")
    if len(parts) == 1:
        parts.append(parts[0].rsplit(" ", 1)[0] + " 100%")
    return "linear-gradient(to bottom, " + ", ".join(parts) + ")"


def fmt(x):
    return f"{x:.6f}".rstrip("0").rstrip(".")


def make_page(args):
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    first = state(args.bin, 0, args.device, args.seed)
    device = first["device"]
    d = first["splash"]["dismissalTime"]
    variant = first["splash"]["textVariant"]

    # The disappearance at 60 Hz: frame k at d + k/60, while the phase lasts.
    samples, k = [], 0
    while True:
        t = d + k / FPS
        s = state(args.bin, t, args.device, args.seed)
        if s["splash"]["phase"] != "disappearing":
            break
        if not s["splash"]["layers"]["hole"]:
            fail(f"no hole at {t} s (reduce motion?): the page reproduces the hole's disappearance")
        samples.append((t, s))
        k += 1
        if k > 60 * FPS:
            fail("the disappearance did not end within a minute of preview time")
    if len(samples) < 2:
        fail(f"no disappearance found from d = {d} s (phase there: {s['splash']['phase']})")
    # Its end: the last instant before `done`, found by halving the last frame interval.
    lo, hi = samples[-1][0], d + len(samples) / FPS
    while hi - lo > 1e-7:
        mid = (lo + hi) / 2
        if state(args.bin, mid, args.device, args.seed)["splash"]["phase"] == "disappearing":
            lo = mid
        else:
            hi = mid
    end_state = state(args.bin, lo, args.device, args.seed)
    duration = hi - d

    W, H = device["width"], device["height"]
    cx, cy = W / 2, H / 2
    layers0 = samples[0][1]["splash"]["layers"]
    text = layers0["backdropText"]
    # The hole's side at scale 1 (the logo's end size): its first side without the feed's scale.
    unit = layers0["hole"]["width"] / samples[0][1]["feed"]["scale"]
    half = unit / 2

    def values(t, s):
        L = s["splash"]["layers"]
        hole, hole_logo = L["hole"], L["holeLogo"]
        for key in ("x", "y", "width", "height"):
            if abs(L["backdropText"][key] - text[key]) > 1e-6:
                fail("the backdrop text moves during the disappearance; the page only fades it")
        return {
            "t": t - d,
            "holeX": hole["x"], "holeY": hole["y"],
            "holeScaleX": hole["width"] / unit, "holeScaleY": hole["height"] / unit,
            "rotation": hole["rotation"],
            "holeLogoOpacity": hole_logo["opacity"] if hole_logo else 0.0,
            "textOpacity": L["backdropText"]["opacity"] * L["backdrop"]["opacity"],
            "feedScale": s["feed"]["scale"],
        }

    frames = [values(t, s) for t, s in samples]
    frames.append(values(lo, end_state))
    frames[-1]["t"] = duration

    def hole_transform(v):
        # About the box's centre (transform-origin), so the box's centre lands on the hole's.
        return (f"translate({fmt(v['holeX'] - half)}px, {fmt(v['holeY'] - half)}px) "
                f"rotate({fmt(v['rotation'])}rad) scale({fmt(v['holeScaleX'])}, {fmt(v['holeScaleY'])})")

    def feed_transform(v):
        # Inside the hole the feed undoes the hole's transform and is scaled about the screen's
        # centre c: hole(feed(q)) = c + f (q - c).
        return (f"translate({fmt(half)}px, {fmt(half)}px) "
                f"scale({fmt(1 / v['holeScaleX'])}, {fmt(1 / v['holeScaleY'])}) rotate({fmt(-v['rotation'])}rad) "
                f"translate({fmt(cx - v['holeX'])}px, {fmt(cy - v['holeY'])}px) "
                f"scale({fmt(v['feedScale'])}) translate({fmt(-cx)}px, {fmt(-cy)}px)")

    keyframes = {"hole": [], "feed": [], "holeLogo": [], "text": []}
    for v in frames:
        offset = round(min(v["t"] / duration, 1.0), 9)
        keyframes["hole"].append({"offset": offset, "transform": hole_transform(v)})
        keyframes["feed"].append({"offset": offset, "transform": feed_transform(v)})
        keyframes["holeLogo"].append({"offset": offset, "transform": hole_transform(v),
                                      "opacity": round(v["holeLogoOpacity"], 6)})
        keyframes["text"].append({"offset": offset, "opacity": round(v["textOpacity"], 6)})
    motion = {"device": device, "seed": args.seed, "dismissalTime": d, "duration": duration, "fps": FPS,
              "samples": len(samples), "textVariant": variant, "frames": frames}
    with open(os.path.join(out, "motion.json"), "w") as f:
        json.dump(motion, f, indent=1)

    # The inputs, from the app: the feed as it draws it, the logo, this seed's splash text.
    feed_png = os.path.join(out, "feed.png")
    r = subprocess.run([args.bin, "render", "--skip-splash", "--at", "1", "--device", args.device,
                        "--seed", str(args.seed), "--out", feed_png], capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"`splashlab render --skip-splash` failed: {r.stderr.strip()}")
    shutil.copyfile(os.path.join(args.assets, "logo.png"), os.path.join(out, "logo.png"))
    shutil.copyfile(os.path.join(args.assets, f"splash-text-{variant}.png"), os.path.join(out, "text.png"))
    with open(os.path.join(out, "logo.png"), "rb") as f:
        logo_url = "data:image/png;base64," + base64.b64encode(f.read()).decode()

    fill = {
        "W": fmt(W), "H": fmt(H), "unit": fmt(unit), "half": fmt(half),
        "gradient": launch_gradient_css(args.assets),
        "textLeft": fmt(text["x"] - text["width"] / 2), "textTop": fmt(text["y"] - text["height"] / 2),
        "textW": fmt(text["width"]), "textH": fmt(text["height"]),
        "hole0": hole_transform(frames[0]), "feed0": feed_transform(frames[0]),
        # A file:// page may not use another file as a mask (masks are fetched with CORS): data: URL.
        "logoURL": logo_url,
        "DURATION_MS": fmt(duration * 1000),
        "KEYFRAMES": json.dumps(keyframes, separators=(",", ":")),
    }
    html = PAGE_TEMPLATE
    for key, value in fill.items():
        html = html.replace("{{" + key + "}}", value)
    with open(os.path.join(out, "index.html"), "w") as f:
        f.write(html)
    print(json.dumps({"page": os.path.join(out, "index.html"), "dismissalTime": d, "duration": round(duration, 6),
                      "keyframes": len(frames), "device": device, "seed": args.seed, "textVariant": variant}))


PAGE_TEMPLATE = r"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Splash disappearance</title>
<style>
  html, body { margin: 0; padding: 0; width: {{W}}px; height: {{H}}px; overflow: hidden; background: #000; }
  /* The backdrop: the launch gradient without the logo, full screen. */
  #backdrop { position: absolute; left: 0; top: 0; width: {{W}}px; height: {{H}}px; background: {{gradient}}; }
  /* The backdrop's text, fading out. */
  #text { position: absolute; left: {{textLeft}}px; top: {{textTop}}px; width: {{textW}}px; height: {{textH}}px;
          will-change: opacity; }
  /* The hole: a logo-sized box masked by the logo's alpha, turned and grown about its centre. */
  #hole { position: absolute; left: 0; top: 0; width: {{unit}}px; height: {{unit}}px;
          transform-origin: {{half}}px {{half}}px; transform: {{hole0}};
          -webkit-mask-image: url({{logoURL}}); mask-image: url({{logoURL}});
          -webkit-mask-size: 100% 100%; mask-size: 100% 100%;
          -webkit-mask-repeat: no-repeat; mask-repeat: no-repeat;
          will-change: transform; }
  /* The feed inside the hole, counter-transformed: on screen it only scales about the screen's centre. */
  #feed { position: absolute; left: 0; top: 0; width: {{W}}px; height: {{H}}px; display: block;
          transform-origin: 0 0; transform: {{feed0}}; will-change: transform; }
  /* The logo over the hole, fading out. */
  #holeLogo { position: absolute; left: 0; top: 0; width: {{unit}}px; height: {{unit}}px;
              transform-origin: {{half}}px {{half}}px; transform: {{hole0}}; will-change: transform, opacity; }
</style>
</head>
<body>
<div id="backdrop"></div>
<img id="text" src="text.png" alt="">
<div id="hole"><img id="feed" src="feed.png" alt=""></div>
<img id="holeLogo" src="{{logoURL}}" alt="">
<script>
"use strict";
// One keyframe per 1/60 s of the app's disappearance (`splashlab state`), the last at its end.
const KEYFRAMES = {{KEYFRAMES}};
const DURATION_MS = {{DURATION_MS}};
const params = new URLSearchParams(location.search);
const pauseAt = params.has("pause") ? 1000 * Number(params.get("pause")) : null;

function log(message) { console.log("WEBBENCH " + message); }

function animateAll() {
  // Looped, so that a measurement window holds many disappearances.
  const timing = { duration: DURATION_MS, iterations: Infinity, easing: "linear" };
  return [
    document.getElementById("hole").animate(KEYFRAMES.hole, timing),
    document.getElementById("feed").animate(KEYFRAMES.feed, timing),
    document.getElementById("holeLogo").animate(KEYFRAMES.holeLogo, timing),
    document.getElementById("text").animate(KEYFRAMES.text, timing),
  ];
}

async function start() {
  // Every image decoded before the first animated frame.
  await Promise.all([...document.images].map(img => img.decode()));
  const animations = animateAll();
  // One start time for every animation, so that they stay in step.
  await Promise.all(animations.map(a => a.ready));
  const t0 = document.timeline.currentTime;
  for (const a of animations) a.startTime = t0;
  // Nothing runs on the main thread from here on: the compositor plays the animations.
  log(`ready viewport=${innerWidth}x${innerHeight} dpr=${devicePixelRatio}`);
}

if (pauseAt !== null) {
  // A still of one moment, to compare with the app's frame at d + pauseAt.
  for (const a of animateAll()) { a.pause(); a.currentTime = pauseAt; }
  log("paused at " + pauseAt);
} else {
  start().catch(e => log("error " + e));
}
</script>
</body>
</html>
"""


# ---------------------------------------------------------------------------------------------
# Chromium

def chromium_binary(path):
    """The browser itself. Debian's /usr/bin/chromium is a shell wrapper that adds flags of its own
    (--enable-gpu-rasterization and others from /etc/chromium.d), so the binary it runs is run
    directly, with only the flags below."""
    resolved = shutil.which(path) or path
    real = os.path.realpath(resolved)
    try:
        with open(real, "rb") as f:
            head = f.read(2)
    except OSError:
        fail(f"Chromium not found: {path}")
    if head == b"#!":
        with open(real, errors="replace") as f:
            script = f.read()
        lib = re.search(r"^LIBDIR=(\S+)", script, re.M)
        app = re.search(r"^APPNAME=(\S+)", script, re.M)
        if lib and app:
            candidate = os.path.join(lib.group(1).replace("$APPNAME", app.group(1)), app.group(1))
            if os.access(candidate, os.X_OK):
                return candidate
    return real


def chromium_flags(profile, window_width, window_height, scale):
    return ["--headless=new", "--disable-gpu", "--no-sandbox",
            f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-component-update", "--disable-background-networking",
            "--disable-sync", "--disable-default-apps", "--password-store=basic", "--mute-audio",
            "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
            "--disable-background-timer-throttling", "--enable-logging=stderr",
            f"--force-device-scale-factor={fmt(scale)}", f"--window-size={window_width},{window_height}"]


def proc_stat(pid):
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read()
    return stat[stat.rindex(")") + 2:].split()  # from field 3 (state) on


def process_tree(root):
    """root and every process under it, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                children.setdefault(int(proc_stat(entry)[1]), []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, []))
    return tree


def cpu_snapshot(root):
    """pid -> (own utime + stime, reaped children's cutime + cstime) in clock ticks, and the
    kind of process."""
    snap = {}
    for pid in process_tree(root):
        try:
            f = proc_stat(pid)
        except OSError:
            continue
        snap[pid] = (int(f[11]) + int(f[12]), int(f[13]) + int(f[14]), process_kind(pid))
    return snap


def process_kind(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            words = f.read().replace(b"\0", b" ").split()
    except OSError:
        return "exited"
    kind = "browser"
    for w in words:
        if w.startswith(b"--type="):
            kind = w[7:].decode()
    for w in words:
        if w.startswith(b"--utility-sub-type="):
            kind += ":" + w.split(b".")[-1].decode()
    return kind


def cpu_between(before, after):
    """CPU ms the tree used between two snapshots, in all and by kind of process: each process's
    own time since the first snapshot (all of it for one started since), plus what exited
    children handed to their parents."""
    tick_ms = 1000.0 / os.sysconf("SC_CLK_TCK")
    total, kinds = 0.0, {}
    for pid, (own, reaped, kind) in after.items():
        own0, reaped0, _ = before.get(pid, (0, 0, None))
        ms = (own - own0 + reaped - reaped0) * tick_ms
        total += ms
        kinds[kind] = kinds.get(kind, 0.0) + ms
    return total, kinds


class Browser:
    """Chromium showing one page in an app window (no tab strip or toolbar), its stderr read for
    the page's console messages."""

    def __init__(self, chromium, url, size, window_height, scale, extra=(), pass_fds=(), preexec=None):
        self.profile = tempfile.mkdtemp(prefix="web-bench-profile.")
        self.flags = chromium_flags(self.profile, size[0], window_height, scale) + list(extra) + [f"--app={url}"]
        self.cmd = [chromium] + self.flags
        self.messages = queue.Queue()
        self.tail = []
        try:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.PIPE, text=True, errors="replace",
                                         start_new_session=True, pass_fds=pass_fds, preexec_fn=preexec)
        except OSError as e:
            shutil.rmtree(self.profile, ignore_errors=True)
            fail(f"cannot start Chromium ({self.cmd[0]}): {e}")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stderr:
            if "dbus" not in line:
                self.tail = (self.tail + [line.rstrip()])[-20:]
            m = re.search(r'"WEBBENCH ([^"]*)"', line)
            if m:
                self.messages.put(m.group(1))
        self.messages.put(None)

    def wait_for(self, prefix, timeout):
        """The page's next message starting with prefix; None if Chromium exits or time runs out."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                return None
            if message is None:
                return None
            if message.startswith("error"):
                self.close()
                fail(f"the page failed: {message}")
            if message.startswith(prefix):
                return message

    def close(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=10)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def why(self):
        code = self.proc.poll()
        status = f"exited with status {code}" if code is not None else "is still running"
        tail = "\n".join("    " + line for line in self.tail[-12:])
        return f"Chromium {status}. Command:\n    {' '.join(self.cmd)}\n  Its last lines on stderr:\n{tail}"


def page_url(page, query):
    return "file://" + os.path.join(os.path.abspath(page), "index.html") + ("?" + query if query else "")


def page_device(page):
    with open(os.path.join(page, "motion.json")) as f:
        device = json.load(f)["device"]
    return (int(device["width"]), int(device["height"])), float(device["scale"])


def open_page(chromium, page, query, window_height=None, timeout=45, **browser_args):
    """Chromium with the page ready, at the device's size in CSS px and its scale as
    devicePixelRatio. --window-size is the app window's outer size, title bar included, so the
    height is corrected once from the viewport the page reports."""
    size, scale = page_device(page)
    window_height = window_height or size[1] + TITLE_BAR
    for attempt in range(2):
        browser = Browser(chromium, page_url(page, query), size, window_height, scale, **browser_args)
        message = browser.wait_for("ready", timeout)
        if message is None:
            exited = browser.proc.poll() is not None
            reason = browser.why()
            browser.close()
            fail(("Chromium could not start: it exited before the page was ready. " if exited else
                  f"Chromium did not make the page ready within {timeout} s. ") + reason)
        m = re.search(r"viewport=(\d+)x(\d+) dpr=([\d.]+)", message)
        vw, vh, dpr = int(m.group(1)), int(m.group(2)), float(m.group(3))
        if (vw, vh) == size and dpr == scale:
            return browser, window_height
        browser.close()
        if vw != size[0] or dpr != scale or attempt == 1:
            fail(f"the page's viewport is {vw}x{vh} CSS px at devicePixelRatio {dpr}, "
                 f"not {size[0]}x{size[1]} at {fmt(scale)}")
        window_height += size[1] - vh


# The display compositor's trace events: one Display::DrawAndSwap per frame drawn for the window.
TRACE_CATEGORIES = "-*,viz"
DRAW_EVENT = "Display::DrawAndSwap"
ANIMATION_STATE = ("(() => { const a = document.getAnimations(); "
                   "return [a.length, a.every(x => x.playState === 'running'), a[0] ? a[0].currentTime : 0]; })()")


def measure_web(chromium, page, settle, seconds, window_height=None):
    """CPU of Chromium's whole process tree over a window of `seconds`, `settle` seconds after the
    animations start, and the frames Chromium drew for the page in that window, counted from its
    display compositor's trace (categories "-*,viz", recorded from before the settling)."""
    tools = DevTools()
    browser, window_height = open_page(chromium, page, "", window_height, extra=["--remote-debugging-pipe"],
                                       pass_fds=(3, 4), preexec=tools.preexec)
    tools.started()
    try:
        session = tools.attach_page()
        tools.call("Tracing.start", {"categories": TRACE_CATEGORIES, "transferMode": "ReportEvents"})
        time.sleep(settle)
        count0, running0, anim0 = tools.evaluate(session, ANIMATION_STATE)
        before, t0 = cpu_snapshot(browser.proc.pid), time.monotonic()
        time.sleep(seconds)
        after, t1 = cpu_snapshot(browser.proc.pid), time.monotonic()
        count1, running1, anim1 = tools.evaluate(session, ANIMATION_STATE)
        tools.send("Tracing.end")
        draw_events = []
        while True:
            event = tools.next_event()
            if event.get("method") == "Tracing.dataCollected":
                draw_events += [(e["ts"], e.get("tdur", e.get("dur", 0))) for e in event["params"]["value"]
                                if e.get("name") == DRAW_EVENT and e.get("ph") == "X" and t0 * 1e6 <= e.get("ts", 0) < t1 * 1e6]
            elif event.get("method") == "Tracing.tracingComplete":
                break
    finally:
        browser.close()
        tools.close()
    wall_ms = (t1 - t0) * 1000
    with open(os.path.join(page, "motion.json")) as f:
        duration_ms = 1000 * json.load(f)["duration"]
    iterations = (anim1 - anim0) / duration_ms
    expected = wall_ms / duration_ms
    if count0 != 4 or count1 != 4 or not (running0 and running1) or abs(iterations - expected) > 0.05 * expected:
        fail(f"the page's animations did not run through the window: {count1} animations, running {running1}, "
             f"{iterations:.2f} disappearances in {wall_ms:.0f} ms (expected {expected:.2f})")
    draws = len(draw_events)
    if draws <= 0:
        fail(f"no frames were counted in the window (no {DRAW_EVENT} in Chromium's trace)")
    cpu_ms, kinds = cpu_between(before, after)
    # A frame's cost depends on where in the disappearance it is (the larger the hole, the
    # dearer). Below 60 fps Chromium draws more frames where they are cheap, so the plain mean
    # leans to the cheap moments. The even mean weighs every moment alike, as 60 fps would (and as
    # the app's 36 evenly spaced frames do): the display compositor's draw CPU per frame (its
    # trace's thread time) averaged in 12 equal slices of the disappearance, each slice's frames
    # averaged first, plus the rest of the tree's CPU per frame.
    slices = {}
    for ts, tdur in draw_events:
        moment = (anim0 + ts / 1000 - t0 * 1000) % duration_ms
        slices.setdefault(int(12 * moment / duration_ms), []).append(tdur / 1000)
    draw_mean = sum(t for _, t in draw_events) / 1000 / draws
    draw_even = sum(sum(v) / len(v) for v in slices.values()) / len(slices)
    even = cpu_ms / draws - draw_mean + draw_even
    return {
        "frames": draws, "windowMs": round(wall_ms, 1), "fps": round(draws * 1000 / wall_ms, 2),
        "iterations": round(iterations, 2), "cpuMs": round(cpu_ms, 1), "cpuMsPerFrame": round(cpu_ms / draws, 3),
        "evenCpuMsPerFrame": round(even, 3), "drawCpuMsPerFrame": round(draw_mean, 3), "slices": len(slices),
        "drawCpuMsBySlice": [round(sum(slices[k]) / len(slices[k]), 1) if k in slices else None for k in range(12)],
        "cores": round(cpu_ms / wall_ms, 3), "processes": len(after),
        "cpuMsPerFrameByProcess": {k: round(v / draws, 2) for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]) if v > 0},
        "windowHeight": window_height, "command": [chromium] + browser.flags,
    }


def measure_app(binary, device):
    out = subprocess.run([binary, "bench", "--device", device], capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"`{binary} bench` failed ({out.returncode}): {out.stderr.strip()}")
    j = json.loads(out.stdout)
    phase = j.get("phases", {}).get("splash-disappearing")
    if not phase:
        fail("`splashlab bench` reported no splash-disappearing phase")
    return {"disappearingCpuMsPerFrame": phase["process"]["cpuMsPerFrame"], "disappearingFrames": phase["frames"],
            "floorCpuMsPerFrame": j["floor"]["process"]["cpuMsPerFrame"],
            "renderer": j.get("renderer"), "width": j.get("width"), "height": j.get("height")}


def run(args):
    chromium = chromium_binary(args.chromium)
    with open(os.path.join(args.page, "motion.json")) as f:
        device = json.load(f)["device"]["name"]
    rows, window_height = [], None
    for i in range(1, args.runs + 1):
        web = measure_web(chromium, args.page, args.settle, args.seconds, window_height)
        window_height = web["windowHeight"]
        if i == 1:
            print("chromium: " + " ".join(web["command"]), flush=True)
        app = measure_app(args.bin, device)
        rows.append((web, app))
        parts = ", ".join(f"{k} {v:.1f}" for k, v in web["cpuMsPerFrameByProcess"].items())
        print(f"run {i}/{args.runs}: web page {web['cpuMsPerFrame']:.2f} CPU ms/frame "
              f"(every moment alike {web['evenCpuMsPerFrame']:.2f}) at {web['fps']:.1f} fps "
              f"({web['frames']} frames in {web['windowMs'] / 1000:.2f} s, {web['iterations']:.1f} disappearances, "
              f"{web['cores']:.2f} cores; per frame: {parts}) | "
              f"app disappearance {app['disappearingCpuMsPerFrame']:.2f} CPU ms/frame "
              f"({app['disappearingFrames']} frames, {app['width']}x{app['height']} {app['renderer']}), "
              f"floor {app['floorCpuMsPerFrame']:.2f} | app/web {app['disappearingCpuMsPerFrame'] / web['cpuMsPerFrame']:.2f}",
              flush=True)
    med = statistics.median
    app_ms = med(a["disappearingCpuMsPerFrame"] for _, a in rows)
    web_ms = med(w["cpuMsPerFrame"] for w, _ in rows)
    even_ms = med(w["evenCpuMsPerFrame"] for w, _ in rows)
    floor_ms = med(a["floorCpuMsPerFrame"] for _, a in rows)
    fps = med(w["fps"] for w, _ in rows)
    print(f"median of {len(rows)}: app disappearance {app_ms:.2f} CPU ms/frame, web page {web_ms:.2f} CPU ms/frame "
          f"at {fps:.1f} fps, app/web {app_ms / web_ms:.2f}, floor {floor_ms:.2f} CPU ms/frame "
          f"(app {app_ms / floor_ms:.2f} floors, web {web_ms / floor_ms:.2f} floors; "
          f"web weighing every moment alike {even_ms:.2f}, app/web {app_ms / even_ms:.2f})")
    if fps < 55:
        print(f"note: Chromium drew {fps:.1f} frames a second, not 60, so CPU per frame is the figure to compare; "
              f"below 60 fps it draws more of the cheap moments, hence the second, evenly weighed figure")


# ---------------------------------------------------------------------------------------------
# Looking at the page

def shot(args):
    """A still of the page paused at --at, through Chromium's own --screenshot, which sizes the
    viewport to --window-size itself."""
    chromium = chromium_binary(args.chromium)
    size, scale = page_device(args.page)
    profile = tempfile.mkdtemp(prefix="web-bench-profile.")
    flags = [f for f in chromium_flags(profile, size[0], size[1], scale) if f != "--enable-logging=stderr"]
    cmd = [chromium] + flags + ["--virtual-time-budget=3000", f"--screenshot={os.path.abspath(args.out)}",
                                page_url(args.page, f"pause={args.at}")]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    if r.returncode != 0 or not os.path.exists(args.out):
        fail(f"the screenshot failed ({r.returncode}): {r.stderr.strip()[-2000:]}")
    print(args.out)


class DevTools:
    """The DevTools protocol over --remote-debugging-pipe (Chromium reads fd 3, writes fd 4). A
    thread drains Chromium's side at once, so that Chromium never waits on the pipe."""

    def __init__(self):
        import fcntl
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # The child's ends, out of the way of 3 and 4 before they are put there.
        self.child_read = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
        self.child_write = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.next_id = 0
        self.incoming = queue.Queue()
        self.events = []

    def preexec(self):
        os.dup2(self.child_read, 3)
        os.dup2(self.child_write, 4)

    def started(self):
        os.close(self.child_read)
        os.close(self.child_write)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                os.close(self.from_chrome)
                self.incoming.put(None)
                return
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                self.incoming.put(json.loads(raw))

    def close(self):
        """Once Chromium is gone: its side then reaches end of file and the thread closes it."""
        os.close(self.to_chrome)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, timeout=60):
        try:
            message = self.incoming.get(timeout=timeout)
        except queue.Empty:
            fail(f"DevTools: nothing from Chromium in {timeout} s")
        if message is None:
            fail("the DevTools pipe closed: Chromium exited")
        return message

    def next_event(self, timeout=60):
        return self.events.pop(0) if self.events else self.receive(timeout)

    def call(self, method, params=None, session=None, timeout=60):
        sent = self.send(method, params, session)
        while True:
            reply = self.receive(timeout)
            if reply.get("id") == sent:
                if "error" in reply:
                    fail(f"DevTools {method}: {reply['error']}")
                return reply["result"]
            if "method" in reply:
                self.events.append(reply)

    def attach_page(self):
        """A session on the page (the app window's file:// target)."""
        targets = self.call("Target.getTargets")["targetInfos"]
        target = next(t for t in targets if t["type"] == "page" and t["url"].startswith("file:"))
        return self.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]

    def evaluate(self, session, expression):
        return self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)["result"].get("value")


def live(args):
    """Frames of the running page as Chromium draws them (a screencast), in the measured set-up:
    the same app window and flags, with the DevTools pipe added. The screencast copies every
    frame out, so the page runs slower while it is on; the frames still show the motion."""
    chromium = chromium_binary(args.chromium)
    os.makedirs(args.out, exist_ok=True)
    tools = DevTools()
    browser, _ = open_page(chromium, args.page, "", extra=["--remote-debugging-pipe"],
                           pass_fds=(3, 4), preexec=tools.preexec)
    tools.started()
    try:
        session = tools.attach_page()
        time.sleep(1)
        tools.call("Page.startScreencast", {"format": "png", "everyNthFrame": 1}, session)
        saved, deadline = 0, time.monotonic() + 30
        while saved < args.count and time.monotonic() < deadline:
            event = tools.next_event()
            if event.get("method") != "Page.screencastFrame":
                continue
            frame = event["params"]
            path = os.path.join(args.out, f"live-{saved:02d}.png")
            with open(path, "wb") as f:
                f.write(base64.b64decode(frame["data"]))
            print(f"{path} (frame time {frame['metadata'].get('timestamp', 0):.3f})")
            tools.send("Page.screencastFrameAck", {"sessionId": frame["sessionId"]}, session)
            saved += 1
        if saved == 0:
            fail("the screencast gave no frames")
    finally:
        browser.close()
        tools.close()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("page")
    a.add_argument("--bin", required=True)
    a.add_argument("--assets", required=True)
    a.add_argument("--out", required=True)
    a.add_argument("--device", default="iphone-se")
    a.add_argument("--seed", type=int, default=1)
    for name in ("web", "run"):
        a = sub.add_parser(name)
        a.add_argument("--page", required=True)
        a.add_argument("--chromium", default="chromium")
        a.add_argument("--settle", type=float, default=2)
        a.add_argument("--seconds", type=float, default=10)
        if name == "run":
            a.add_argument("--bin", required=True)
            a.add_argument("--runs", type=int, default=3)
    a = sub.add_parser("app")
    a.add_argument("--bin", required=True)
    a.add_argument("--device", default="iphone-se")
    a = sub.add_parser("shot")
    a.add_argument("--page", required=True)
    a.add_argument("--chromium", default="chromium")
    a.add_argument("--at", type=float, required=True)
    a.add_argument("--out", required=True)
    a = sub.add_parser("live")
    a.add_argument("--page", required=True)
    a.add_argument("--chromium", default="chromium")
    a.add_argument("--count", type=int, default=12)
    a.add_argument("--out", required=True)
    args = p.parse_args()
    if args.command == "page":
        make_page(args)
    elif args.command == "web":
        print(json.dumps(measure_web(chromium_binary(args.chromium), args.page, args.settle, args.seconds)))
    elif args.command == "app":
        print(json.dumps(measure_app(args.bin, args.device)))
    elif args.command == "run":
        if args.runs < 1:
            fail("RUNS must be at least 1", 2)
        run(args)
    elif args.command == "shot":
        shot(args)
    elif args.command == "live":
        live(args)


if __name__ == "__main__":
    main()
