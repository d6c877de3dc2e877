#!/usr/bin/env python3
"""Soak test of the real window under random real input (scripts/soak.sh runs it inside Xvfb).

    soak.py --bin BIN --minutes M --dir TMPDIR [--seed N] [--replay INPUTS.jsonl]

Starts `BIN run` with --state-out, --ui-dump, a temporary copy of the timings and a temporary
XDG_STATE_HOME (nothing outside TMPDIR is written), then for M minutes drives it with xdotool
from a seeded RNG: clicks, drags and flicks of every speed on the device, the wheel, every key
of the key table except F9 and Ctrl+S / Ctrl+Shift+S (they write files), timeline scrubs, panel
grabs mid-flight, edge drags from the bottom, and inspector edits (the curve's first control
point, number fields, undo / redo). Meanwhile it checks every state sample the window writes and
samples the process's RSS and CPU. Then it quits with Q (again, up to four times, while it asks to confirm).

RSS samples go to TMPDIR/rss.csv. Every input goes to TMPDIR/inputs.jsonl as the exact xdotool command with its time; --replay
plays such a file again (same commands, same times) with the same checks. A broken invariant
is written to TMPDIR/broken.jsonl with the state sample and the inputs just before it.

Invariants, on every state sample:
  - the JSON parses, with no NaN / Infinity literals, no "nan" / "inf" strings, every number finite;
  - panel.progress lies in [0, 1] except while panel.phase is "dragging", with one allowance.
    While dragging, the rubber band lets the panel follow the pointer past presented (progress
    > 1), which is the intended feel. After the release the panel starts from where the pointer
    left it, so above 1 it may be settling back down toward presented (velocity >= 0, downward):
    allowed. Past presented and still moving up (velocity < 0) outside a drag, or below hidden
    (progress < 0) at all, means the completion spring carried the panel beyond its end by
    itself: broken. Exempt: timings the inspector tuned to overshoot (panel.bounces true: a
    completion spring below critical damping, or a panel.curve leaving [0, 1]);
  - panel.phase "hidden" => panel.dim <= 0.001 (no dim at rest without a panel);
  - a card (detail) only while splash.phase is "done".

Fails (exit 1) if the process died, an invariant broke, RSS grew by 5 MB or more after the
first minute (a warm-up in which every kind of input takes its turn), or the quit was not clean
(exit 0 after Q, pressed again while it asks). Growth is read at rest in one view, the same
twice: after the warm-up and at the end, the driver brings the window to the inspector alone
(from the `view` of the UI dump), leaves it for 12 s, and takes the median of five readings.
The summary also gives the range of every sample in between.
"""
import argparse
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time

KEYS = ["r", "space", "Left", "Right", "1", "2", "3", "4", "s", "h", "t", "c", "question", "Tab",
        "i", "a", "b", "v", "F8", "p", "Escape", "ctrl+z", "ctrl+y", "ctrl+shift+z"]
RATE_KEYS = {"1": 1.0, "2": 0.5, "3": 0.25, "4": 0.1}
RATE_CYCLE = [1.0, 0.5, 0.25, 0.1]
NONFINITE = re.compile(r'(?i)(?<![A-Za-z])-?(nan|inf|infinity)(?![A-Za-z])')
RSS_LIMIT_MB = 5.0


def now():
    return time.monotonic()


class Monitor(threading.Thread):
    """Reads every state sample the window writes and samples RSS and CPU every few seconds."""

    def __init__(self, pid, state_path, broken_path, recent_inputs, start):
        super().__init__(daemon=True)
        self.pid, self.state_path, self.broken_path = pid, state_path, broken_path
        self.recent_inputs, self.start_time = recent_inputs, start
        self.lock = threading.Lock()
        self.latest = None            # last parsed state
        self.last_time_change = now() # wall clock when state.time last moved
        self.samples = 0
        self.broken = []
        self.kinds = {}               # problem kind -> samples
        self.rss = []                 # (elapsed s, MB)
        self.cpu_start = None         # (wall, ticks)
        self.cpu_last = None
        self.stop = False
        self.tick = os.sysconf("SC_CLK_TCK")

    def ticks(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])   # utime + stime

    def rss_mb(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
        return None

    def check(self, raw):
        problems = []
        def bad_constant(name):
            raise ValueError(f"non-finite literal {name}")
        try:
            state = json.loads(raw, parse_constant=bad_constant)
        except ValueError as e:
            return None, [f"does not parse: {e}"]
        m = NONFINITE.search(raw)
        if m:
            problems.append(f"non-finite token {m.group(0)!r}")
        def walk(v, path):
            if isinstance(v, float) and not math.isfinite(v):
                problems.append(f"{path} is {v}")
            elif isinstance(v, dict):
                for k, x in v.items(): walk(x, f"{path}.{k}")
            elif isinstance(v, list):
                for i, x in enumerate(v): walk(x, f"{path}[{i}]")
        walk(state, "state")
        panel = state.get("panel") or {}
        phase, progress, dim = panel.get("phase"), panel.get("progress"), panel.get("dim")
        if phase not in ("hidden", "presenting", "presented", "dismissing", "dragging"):
            problems.append(f"panel.phase {phase!r}")
        velocity = panel.get("velocity")
        # Timings tuned to overshoot (an inspector edit of the spring's damping below 1, or of
        # panel.curve out of [0, 1]) pass the ends by design; the state says so in panel.bounces.
        if isinstance(progress, (int, float)) and phase != "dragging" and not panel.get("bounces"):
            if progress < -1e-9:
                problems.append(f"panel below hidden: progress {progress} while {phase}")
            elif progress > 1 + 1e-9 and isinstance(velocity, (int, float)) and velocity < -0.01:
                problems.append(f"panel past presented, moving up: progress {progress}, velocity {velocity} while {phase}")
        if phase == "hidden" and isinstance(dim, (int, float)) and dim > 0.001:
            problems.append(f"panel.dim {dim} while hidden")
        splash = (state.get("splash") or {}).get("phase")
        if state.get("card") is not None and splash != "done":
            problems.append(f"a card while the splash is {splash!r}")
        return state, problems

    def run(self):
        last_mtime, last_res = None, 0.0
        last_state_time = None
        while not self.stop:
            t = now()
            if t - last_res >= 3.0 or self.cpu_start is None:
                last_res = t
                try:
                    ticks, rss = self.ticks(), self.rss_mb()
                except (OSError, IndexError, ValueError):
                    ticks = rss = None
                if ticks is not None:
                    if self.cpu_start is None: self.cpu_start = (t, ticks)
                    self.cpu_last = (t, ticks)
                    with self.lock: self.rss.append((t - self.start_time, rss))
            try:
                st = os.stat(self.state_path)
                if st.st_mtime_ns != last_mtime:
                    last_mtime = st.st_mtime_ns
                    with open(self.state_path) as f:
                        raw = f.read()
                    state, problems = self.check(raw)
                    with self.lock:
                        self.samples += 1
                        if state is not None:
                            self.latest = state
                            if state.get("time") != last_state_time:
                                last_state_time = state.get("time")
                                self.last_time_change = t
                        for p in problems:
                            kind = p.split(":")[0] if ":" in p else p.split(" ")[0]
                            self.kinds[kind] = self.kinds.get(kind, 0) + 1
                        if problems:
                            entry = {"elapsed": round(t - self.start_time, 3), "problems": problems, "sample": raw.strip(),
                                     "inputs_before": list(self.recent_inputs)[-12:]}
                            self.broken.append(entry)
                            with open(self.broken_path, "a") as f:
                                f.write(json.dumps(entry) + "\n")
                            if len(self.broken) <= 20:
                                print(f"soak: BROKEN at {entry['elapsed']} s: {'; '.join(problems)}", flush=True)
                            elif len(self.broken) == 21:
                                print("soak: (further breaks only in broken.jsonl)", flush=True)
            except FileNotFoundError:
                pass
            time.sleep(0.05)

    def cpu_percent(self):
        if not self.cpu_start or not self.cpu_last or self.cpu_last[0] <= self.cpu_start[0]:
            return 0.0
        return 100.0 * (self.cpu_last[1] - self.cpu_start[1]) / self.tick / (self.cpu_last[0] - self.cpu_start[0])


class Driver:
    def __init__(self, args):
        self.args = args
        self.dir = args.dir
        self.rng = random.Random(args.seed)
        self.inputs = 0
        self.recent = []
        self.log = open(os.path.join(self.dir, "inputs.jsonl"), "w")
        # What the driver believes the window shows (the UI dump is only rewritten while the
        # inspector is visible, so it cannot say by itself that the inspector is hidden).
        self.inspector_shown, self.tools_hidden = True, False
        self.has_a, self.split = False, False
        self.rate, self.rate_since = 1.0, now()
        self.pending_undo = 0
        self.warm_until = 0.0
        # RSS at rest in the resting view: after the warm-up, and at the end (rss_at_rest).
        self.baseline, self.final, self.view_confirmed = None, None, True
        self.t0 = now()
        self.proc = None

    # -- the window -------------------------------------------------------------------------

    def start(self):
        a = self.args
        self.state_path = os.path.join(self.dir, "state.json")
        self.ui_path = os.path.join(self.dir, "ui.json")
        timings = os.path.join(self.dir, "timings.json")
        shutil.copy(a.timings, timings)
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(self.dir, "xdg-state"))
        self.app_log = open(os.path.join(self.dir, "app.log"), "w")
        cmd = [a.bin, "run", "--window-scale", "1", "--seed", str(a.app_seed), "--timings", timings,
               "--state-out", self.state_path, "--ui-dump", self.ui_path]
        self.proc = subprocess.Popen(cmd, stdout=self.app_log, stderr=subprocess.STDOUT, env=env, cwd=self.dir)
        self.win = None
        for _ in range(100):
            out = subprocess.run(["xdotool", "search", "--pid", str(self.proc.pid), "--name", "^SplashLab"],
                                 capture_output=True, text=True).stdout.split()
            if out:
                self.win = out[0]; break
            if self.proc.poll() is not None: break
            time.sleep(0.1)
        if not self.win:
            print(f"soak: the window did not open: {open(os.path.join(self.dir, 'app.log')).read()}", flush=True)
            return False
        self.xdo("windowfocus", "--sync", "%WIN%", count=False)
        geo = subprocess.run(["xdotool", "getwindowgeometry", self.win], capture_output=True, text=True).stdout
        m = re.search(r"Geometry: (\d+)x(\d+)", geo)
        self.win_w, self.win_h = (int(m.group(1)), int(m.group(2))) if m else (775, 667)
        return True

    def alive(self):
        return self.proc.poll() is None

    def xdo(self, *argv, kind="", count=True):
        """Runs one xdotool command (a whole gesture), logging it for replay."""
        argv = [str(x) for x in argv]
        entry = {"t": round(now() - self.t0, 3), "kind": kind, "argv": argv}
        if count:
            self.inputs += 1
            self.log.write(json.dumps(entry) + "\n"); self.log.flush()
            self.recent.append(entry)
            del self.recent[:-40]
        subprocess.run(["xdotool"] + [self.win if x == "%WIN%" else x for x in argv],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def ui(self):
        try:
            with open(self.ui_path) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def control(self, wanted):
        d = self.ui()
        if not d or not self.inspector_visible(): return None
        for c in d["controls"]:
            if c["id"] == wanted: return c
        return None

    def typing(self):
        d = self.ui()
        return bool(d and self.inspector_visible() and any(c["id"].endswith(".entry") for c in d["controls"]))

    def inspector_visible(self):
        return self.inspector_shown and not self.tools_hidden

    def viewport(self):
        """The first device screen in window units."""
        if self.inspector_visible():
            d = self.ui()
            if d: return d["viewport"]
        # Inspector hidden: the device is letterboxed into the whole window (half of it for A | B).
        area = self.win_w / 2 if self.split else self.win_w
        scale = min(area / 375, self.win_h / 667)
        w, h = 375 * scale, 667 * scale
        return {"x": (area - w) / 2, "y": (self.win_h - h) / 2, "width": w, "height": h}

    def to_window(self, px, py):
        v = self.viewport()
        return int(round(v["x"] + px * v["width"] / 375)), int(round(v["y"] + py * v["height"] / 667))

    def latest(self):
        with self.monitor.lock:
            return self.monitor.latest

    # -- gestures ---------------------------------------------------------------------------

    def path_argv(self, points, duration, hover=0.0, hold=0.0, outside=False):
        """mousemove to the first point, (hover,) press, move through the rest in `duration`, release."""
        x0, y0 = points[0]
        argv = ["mousemove", "--window", "%WIN%", x0, y0]
        if hover: argv += ["sleep", f"{hover:.3f}"]
        argv += ["mousedown", "1"]
        dt = duration / max(len(points) - 1, 1)
        for x, y in points[1:]:
            argv += ["sleep", f"{dt:.4f}", "mousemove", "--window", "%WIN%", x, y]
        if hold: argv += ["sleep", f"{hold:.3f}"]
        argv += ["mouseup", "1"]
        return argv

    def stroke(self, x0, y0, x1, y1, speed):
        """Points from (x0, y0) to (x1, y1) at `speed` px/s, about one per frame, and its duration."""
        dist = math.hypot(x1 - x0, y1 - y0)
        duration = min(max(dist / speed, 0.004), 2.5)
        n = int(min(max(duration / 0.016, 2), 60))
        pts = [(int(round(x0 + (x1 - x0) * i / n)), int(round(y0 + (y1 - y0) * i / n))) for i in range(n + 1)]
        return pts, duration

    def speed(self):
        # Log-uniform from a slow crawl to a violent flick.
        return math.exp(self.rng.uniform(math.log(30), math.log(40000)))

    def do_click(self):
        x, y = self.to_window(self.rng.uniform(0, 375), self.rng.uniform(0, 667))
        self.xdo("mousemove", "--window", "%WIN%", x, y, "click", "1", kind="click")

    def do_drag(self, flick=False):
        r = self.rng
        px, py = r.uniform(5, 370), r.uniform(60, 660)
        if flick:
            dx, dy = r.uniform(-40, 40), r.choice([-1, 1]) * r.uniform(20, 250)
        else:
            dx, dy = r.uniform(-200, 200), r.choice([-1, 1]) * r.uniform(5, 900)
        x0, y0 = self.to_window(px, py)
        x1, y1 = self.to_window(px + dx, py + dy)   # may leave the window: the pointer is grabbed
        pts, duration = self.stroke(x0, y0, x1, y1, self.speed())
        hold = r.choice([0, 0, 0, r.uniform(0.05, 0.4)])   # sometimes stop before letting go
        self.xdo(*self.path_argv(pts, duration, hold=hold), kind="flick" if flick else "drag")

    def do_wheel(self):
        r = self.rng
        on_device = r.random() < 0.75 or not self.inspector_visible()
        if on_device:
            x, y = self.to_window(r.uniform(0, 375), r.uniform(0, 667))
        else:
            x, y = r.randint(self.win_w - 380, self.win_w - 20), r.randint(20, self.win_h - 20)
        self.xdo("mousemove", "--window", "%WIN%", x, y, "click", "--repeat", r.randint(1, 12),
                 "--delay", r.choice([5, 20, 60]), r.choice(["4", "5", "4", "5", "6", "7"]), kind="wheel")

    def press(self, key, kind="key"):
        typing = self.typing()
        self.xdo("key", key, kind=kind)
        if typing: return          # typed into a field, not a window key
        if key == "i": self.inspector_shown = not self.inspector_shown
        elif key == "Tab": self.tools_hidden = not self.tools_hidden
        elif key in ("h", "t", "c"): self.tools_hidden = False
        elif key == "a": self.has_a = True
        elif key == "v" and self.has_a: self.split = not self.split
        if key in RATE_KEYS: self.rate, self.rate_since = RATE_KEYS[key], now()
        elif key == "s":
            self.rate = RATE_CYCLE[(RATE_CYCLE.index(self.rate) + 1) % 4] if self.rate in RATE_CYCLE else 1.0
            self.rate_since = now()

    def do_key(self):
        keys = self.args.keys.split(",") if self.args.keys else KEYS
        if self.warming_up():
            keys = [k for k in keys if k not in ("h", "Tab", "i")] or keys
        self.press(self.rng.choice(keys))

    def warming_up(self):
        return now() < self.warm_until

    def do_scrub(self):
        ruler = self.control("timeline.ruler")
        if not ruler: return self.restore_inspector()
        r = self.rng
        y = int(ruler["y"] + ruler["height"] / 2)
        xs = [int(ruler["x"] + r.uniform(-0.05, 1.05) * ruler["width"]) for _ in range(r.randint(2, 8))]
        pts = [(x, y + r.randint(-3, 3)) for x in xs]
        self.xdo(*self.path_argv(pts, r.uniform(0.05, 2.0), hover=0.3), kind="scrub")
        if r.random() < 0.7: self.press("space")   # a scrub pauses; play on most of the time

    def do_panel_grab(self):
        """P, then grab the panel near its top while it animates, and throw it."""
        r = self.rng
        self.press("p", kind="panel-key")
        time.sleep(r.uniform(0.02, 0.3))
        s = self.latest()
        top = (s or {}).get("panel", {}).get("top", 400)
        px = r.uniform(20, 355)
        x0, y0 = self.to_window(px, top + r.uniform(2, 40))
        x1, y1 = self.to_window(px + r.uniform(-30, 30), top + r.uniform(-300, 500))
        pts, duration = self.stroke(x0, y0, x1, y1, self.speed())
        self.xdo(*self.path_argv(pts, duration, hold=r.choice([0, 0, r.uniform(0.05, 0.3)])), kind="panel-grab")

    def do_edge_drag(self):
        r = self.rng
        px = r.uniform(10, 365)
        x0, y0 = self.to_window(px, r.uniform(655, 666.5))
        x1, y1 = self.to_window(px + r.uniform(-40, 40), r.uniform(-150, 640))
        pts, duration = self.stroke(x0, y0, x1, y1, self.speed())
        self.xdo(*self.path_argv(pts, duration, hold=r.choice([0, 0, r.uniform(0.05, 0.3)])), kind="edge-drag")

    def visible(self, c):
        return c and 25 < c["y"] + c["height"] / 2 < self.win_h - 25

    def do_cp1(self):
        c = self.control("curve.cp1")
        if not self.visible(c): return self.scroll_inspector(c)
        r = self.rng
        cx, cy = int(c["x"] + c["width"] / 2), int(c["y"] + c["height"] / 2)
        tx, ty = cx + r.randint(-120, 120), cy + r.randint(-150, 150)
        pts, duration = self.stroke(cx, cy, tx, ty, self.speed())
        self.xdo(*self.path_argv(pts, duration, hover=0.3), kind="cp1")
        self.edited()

    def do_number(self):
        d = self.ui()
        if not d or not self.inspector_visible(): return self.restore_inspector()
        kinds = ("number", "slider", "durationHandle")
        fields = [c for c in d["controls"] if c["kind"] in kinds and self.visible(c)]
        if not fields: return self.scroll_inspector(None)
        r = self.rng
        c = r.choice(fields)
        cx, cy = int(c["x"] + c["width"] / 2), int(c["y"] + c["height"] / 2)
        dx = r.choice([-1, 1]) * r.randint(4, 90)
        pts, duration = self.stroke(cx, cy, cx + dx, cy + r.randint(-4, 4), self.speed())
        self.xdo(*self.path_argv(pts, duration, hover=0.3), kind="number:" + c["id"])
        if self.typing(): self.press("Escape", kind="leave-field")
        self.edited()

    def edited(self):
        if self.rng.random() < 0.6: self.pending_undo += 1

    def do_undo_redo(self):
        r = self.rng
        if r.random() < 0.5:
            self.press(r.choice(["ctrl+z", "ctrl+z", "ctrl+y", "ctrl+shift+z"]))
            return
        c = self.control(r.choice(["undo", "undo", "redo"]))
        if not self.visible(c): return self.restore_inspector()
        x, y = int(c["x"] + c["width"] / 2), int(c["y"] + c["height"] / 2)
        self.xdo("mousemove", "--window", "%WIN%", x, y, "sleep", "0.3", "click", "1", kind="button")

    def scroll_inspector(self, c):
        r = self.rng
        button = "5" if (c is None and r.random() < 0.5) or (c and c["y"] > self.win_h / 2) else "4"
        self.xdo("mousemove", "--window", "%WIN%", self.win_w - 200, r.randint(300, 600),
                 "click", "--repeat", r.randint(1, 8), "--delay", "30", button, kind="inspector-wheel")

    def restore_inspector(self):
        if self.tools_hidden: self.press("Tab", kind="restore")
        elif not self.inspector_shown: self.press("i", kind="restore")

    def do_idle(self):
        time.sleep(self.rng.uniform(0.2, 2.5))

    # -- RSS at rest, in one view ------------------------------------------------------------

    # The view RSS is read in, at the baseline and at the end: the inspector beside the device,
    # no other tool, B alone, no touches, rate 1, playing. What the window holds depends on what
    # it shows (a hidden inspector doubles the preview's scale, and the tiles, snapshots and
    # text of that scale with it; the split draws two screens), so a sample taken in another view
    # measures the view and not what the run left behind: one run was 148 MB for nine minutes,
    # 158 MB just after a Tab, and 148 MB again at its end.
    TOOL_KEYS = {"hud": "h", "timeline": "t", "curves": "c", "help": "question"}
    # Longer than the window's heap trim interval (WindowShell.heapTrimInterval, 10 s), so the
    # free pages of the view just left have gone back to the system.
    REST_SECONDS = 12.0

    def view(self):
        d = self.ui()
        return d.get("view") if d else None

    def view_keys(self, v):
        """The keys that take view `v` to the resting view, in an order that keeps each one a
        window key (the inspector's fields take keys only while it shows)."""
        keys = []
        if v["toolsHidden"]: keys.append("Tab")
        if not v["inspector"]: keys.append("i")
        keys += [self.TOOL_KEYS[t] for t in v["tools"] if t in self.TOOL_KEYS]
        if v["split"]: keys.append("v")
        if v["showingA"]: keys.append("b")
        if v["touches"]: keys.append("F8")
        if v["rate"] != 1: keys.append("1")
        if v["paused"]: keys.append("space")
        return keys

    def settle(self):
        """Brings the window to the resting view and leaves it alone for REST_SECONDS. True when
        the UI dump confirms the view."""
        for _ in range(4):
            if self.typing(): self.press("Escape", kind="settle")
            time.sleep(0.5)
            v = self.view()
            if v is None: continue
            keys = self.view_keys(v)
            if not keys: break
            for key in keys:
                self.press(key, kind="settle")
                time.sleep(0.2)
        self.inspector_shown, self.tools_hidden, self.split = True, False, False
        self.rate, self.rate_since = 1.0, now()
        time.sleep(self.REST_SECONDS)
        v = self.view()
        return v is not None and not self.view_keys(v)

    def rss_at_rest(self, label):
        """The median of five RSS readings over two seconds, logged as a mark in inputs.jsonl."""
        readings = []
        for i in range(5):
            try: readings.append(self.monitor.rss_mb())
            except OSError: pass
            if i < 4: time.sleep(0.5)
        readings = [r for r in readings if r is not None]
        if not readings: return None
        mb = sorted(readings)[len(readings) // 2]
        at = now() - self.t0
        self.log.write(json.dumps({"mark": label, "at": round(at, 3), "rss_mb": round(mb, 2)}) + "\n"); self.log.flush()
        return (at, mb)

    # -- the run ----------------------------------------------------------------------------

    def housekeeping(self):
        """Keeps the run exercising the app: not paused for long, back to normal speed, the
        inspector back, most edits undone, and never left typing in a field."""
        t = now()
        if self.typing(): self.press("Escape", kind="leave-field")
        with self.monitor.lock:
            still = t - self.monitor.last_time_change
        if still > 3.0:
            self.press("space", kind="unpause")
            with self.monitor.lock: self.monitor.last_time_change = t
        if self.rate != 1.0 and t - self.rate_since > 12:
            self.press("1", kind="rate")
        if not self.inspector_visible() and self.rng.random() < 0.15:
            self.restore_inspector()
        if self.pending_undo and self.rng.random() < 0.5:
            self.pending_undo -= 1
            self.press("ctrl+z", kind="undo-edit")

    def drive(self, seconds):
        acts = [(self.do_click, 12), (lambda: self.do_drag(False), 12), (lambda: self.do_drag(True), 9),
                (self.do_wheel, 7), (self.do_key, 16), (self.do_scrub, 4), (self.do_panel_grab, 7),
                (self.do_edge_drag, 6), (self.do_cp1, 3), (self.do_number, 4), (self.do_undo_redo, 4),
                (self.do_idle, 5)]
        names = ["click", "drag", "flick", "wheel", "key", "scrub", "panel", "edge", "cp1", "number", "undo", "idle"]
        if self.args.only:
            acts = [a for a, n in zip(acts, names) if n in self.args.only.split(",")]
        fns, weights = zip(*acts)
        end = self.t0 + seconds
        # Warm-up (the first minute, half of a run under two minutes), before RSS is first
        # compared: the HUD stays on and every kind of input takes its turn in rotation, so that
        # what each feature allocates on first use (the GL driver's compiled state for each new
        # way of drawing, a card's snapshot and detail text, the inspector's widgets) is in the
        # baseline, and a bounded cache filling up is not taken for a leak. Weighted random
        # choices alone left some kinds to the second minute, where RSS rose 4 MB and then stayed
        # flat. The HUD's and the inspector's keys are left alone until then.
        self.warm_until = self.t0 + (60 if seconds >= 120 else seconds / 2)
        if not self.args.only or "key" in self.args.only.split(","):
            self.press("h", kind="warm-up")
        else:
            self.warm_until = self.t0
        # Every view first: each toggle key twice (on, then back), so the window has drawn every
        # tool, the A | B split, the hidden-tools layout and the inspector's absence at least
        # once before the baseline. Each changes the preview's scale, and the text and tiles
        # of a new scale are first uses too.
        if not self.args.only:
            for key in ["a", "Tab", "i", "v", "b", "t", "c", "question", "F8"]:
                self.press(key, kind="warm-up")
                time.sleep(0.6)
                if key != "a":
                    self.press(key, kind="warm-up")
                    time.sleep(0.3)
            # The whole feed once, down to its end and back: its photos are decoded as the tiles
            # that show them are first drawn (12 photos, about 0.7 MB each), a bounded cache that
            # random scrolling otherwise kept filling into the third minute (heaptrack, attached
            # at minute 1 and read at minute 3).
            x, y = self.to_window(187, 400)
            for button in ("5", "4"):
                self.xdo("mousemove", "--window", "%WIN%", x, y, "click", "--repeat", 160, "--delay", 15, button, kind="warm-up")
                time.sleep(1.0)
        rotation = [f for f, w in zip(fns, weights) if f != self.do_idle]
        turn = 0
        while now() < end and self.alive():
            if self.baseline is None and not self.warming_up():
                self.view_confirmed &= self.settle()
                self.baseline = self.rss_at_rest("baseline")
                end += now() - self.warm_until   # the rest does not shorten the run's input
                continue
            self.housekeeping()
            if self.warming_up() and rotation:
                rotation[turn % len(rotation)]()
                turn += 1
            else:
                self.rng.choices(fns, weights)[0]()
            if self.inputs % 25 == 0:
                self.xdo("windowfocus", "--sync", "%WIN%", count=False)
            time.sleep(self.rng.uniform(0.02, 0.25))
        if self.alive():
            self.view_confirmed &= self.settle()
            self.final = self.rss_at_rest("end")

    def replay(self, path, seconds):
        with open(path) as f:
            # The first line is the run's header (seed, binary, window), not an input; a mark
            # says when the run read RSS at rest ("at", its own clock), read again then.
            entries = [e for e in (json.loads(line) for line in f if line.strip())
                       if ("t" in e and "argv" in e) or "mark" in e]
        for e in entries:
            if not self.alive(): break
            at = e["t"] if "t" in e else e["at"] - 2.0   # a mark's readings took two seconds
            if "mark" not in e and at > seconds + 60: break
            wait = self.t0 + at - now()
            if wait > 0: time.sleep(wait)
            if "mark" in e:
                if e["mark"] == "baseline": self.baseline = self.rss_at_rest("baseline")
                elif e["mark"] == "end": self.final = self.rss_at_rest("end")
            else:
                self.xdo(*e["argv"], kind=e.get("kind", ""))

    def dump_stacks(self):
        """Every thread's stack of a process that did not quit, into stacks.txt, when gdb is there."""
        if not shutil.which("gdb"): return
        with open(os.path.join(self.dir, "stacks.txt"), "w") as f:
            subprocess.run(["gdb", "-p", str(self.proc.pid), "-batch", "-ex", "thread apply all bt"],
                           stdout=f, stderr=subprocess.STDOUT, timeout=60)

    def quit(self):
        """Q, and Q again if the window asks (unsaved edits); the exit status, or 'timeout'."""
        if not self.alive(): return None
        if self.typing(): self.xdo("key", "Escape", kind="quit", count=False)
        self.xdo("windowfocus", "--sync", "%WIN%", count=False)
        self.xdo("key", "q", kind="quit", count=False)
        self.quit_presses = 1
        for i in range(150):
            if self.proc.poll() is not None: break
            # Asked to confirm (unsaved edits). An edit that lands after a Q (a field left with
            # Escape just before it commits on the next frame) rightly asks again, so Q is pressed
            # up to four times, 1.5 s apart, as a user would.
            if i in (15, 30, 45):
                self.xdo("key", "q", kind="quit", count=False)
                self.quit_presses += 1
            time.sleep(0.1)
        if self.proc.poll() is None:
            self.dump_stacks()
            self.proc.kill(); self.proc.wait()
            return "timeout"
        return self.proc.returncode


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--minutes", type=float, default=10)
    p.add_argument("--dir", required=True)
    p.add_argument("--seed", type=int)
    p.add_argument("--app-seed", type=int, default=3)
    p.add_argument("--timings", required=True)
    p.add_argument("--replay")
    p.add_argument("--keys", help="the keys to press, comma-separated xdotool names (default: every key of the table but F9 and Ctrl+S)")
    p.add_argument("--only", help="only these actions (comma-separated: click, drag, flick, wheel, key, "
                   "scrub, panel, edge, cp1, number, undo, idle), to narrow down a finding")
    a = p.parse_args()
    if a.seed is None: a.seed = random.SystemRandom().randrange(1, 2**31)
    seconds = a.minutes * 60
    print(f"soak: seed {a.seed} (SOAK_SEED={a.seed} repeats the choices), {a.minutes:g} min, files in {a.dir}", flush=True)
    d = Driver(a)
    try:
        return run(d, a, seconds)
    finally:
        if d.proc and d.proc.poll() is None:
            d.proc.kill(); d.proc.wait()


def run(d, a, seconds):
    if not d.start():
        print("soak: FAILED, the window did not open"); return 1
    d.t0 = now()
    d.log.write(json.dumps({"seed": a.seed, "bin": a.bin, "window": [d.win_w, d.win_h]}) + "\n"); d.log.flush()
    d.monitor = Monitor(d.proc.pid, d.state_path, os.path.join(a.dir, "broken.jsonl"), d.recent, d.t0)
    d.monitor.start()
    try:
        if a.replay: d.replay(a.replay, seconds)
        else: d.drive(seconds)
    finally:
        time.sleep(1.0)   # a last sample or two at rest
        elapsed = now() - d.t0
        m = d.monitor
        cpu = m.cpu_percent()
        with m.lock: rss = list(m.rss)
        died = not d.alive()
        status = d.proc.returncode if died else d.quit()
        m.stop = True; m.join(2)
    with open(os.path.join(a.dir, "rss.csv"), "w") as f:
        f.write("seconds,rss_mb\n" + "".join(f"{t:.1f},{v:.1f}\n" for t, v in rss if v is not None))
    # RSS: at rest in the resting view after the warm-up (the first minute, half the run for runs
    # under two minutes) against the same at the end; and the range of every sample between.
    base, end = d.baseline, d.final
    growth = (end[1] - base[1]) if base and end else 0.0
    between = [v for t, v in rss if v is not None and base and t >= base[0]]
    failures = []
    if died: failures.append(f"the process died (status {status})")
    if m.broken: failures.append(f"{len(m.broken)} invariant breaks (see {a.dir}/broken.jsonl)")
    if not died and not (base and end): failures.append("RSS was not read at rest after the warm-up and at the end")
    if not died and not d.view_confirmed: failures.append("the window did not reach the resting view to read RSS")
    if growth >= RSS_LIMIT_MB: failures.append(f"RSS grew {growth:.1f} MB")
    if not died and status != 0: failures.append(f"quit was not clean ({status})")
    rss_text = (f"RSS at rest {base[1]:.1f} MB at {base[0] / 60:.1f} min → {end[1]:.1f} MB at end ({growth:+.1f} MB; "
                f"{min(between):.0f}-{max(between):.0f} MB in between)" if base and end and between else "RSS not read at rest")
    kinds = (" (" + ", ".join(f"{k}: {n}" for k, n in sorted(m.kinds.items())) + ")") if m.kinds else ""
    quit_text = f"died with status {status}" if died else f"exit {status} after Q ×{getattr(d, 'quit_presses', 0)}"
    print(f"soak: {'alive' if not died else 'DIED'}, {elapsed / 60:.1f} min, {d.inputs} inputs, {rss_text}, "
          f"CPU {cpu:.0f}% of a core, {m.samples} state samples, invariants: {len(m.broken)} broken{kinds}, quit: {quit_text}", flush=True)
    if failures:
        print(f"soak: FAILED: {'; '.join(failures)}; inputs in {a.dir}/inputs.jsonl, app log {a.dir}/app.log", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
