#!/usr/bin/env python3
"""The real intro files as intros: every Lottie file in ../shared/realworld/lottie (or $REALWORLD_LOTTIE)
played after a real launch screen, through `state`, `render` and `record`.

A file named `<repository>__<name>.json` follows the launch screen of the project folder of that
repository's name when ../shared/realworld/projects has one (DuckDuckGo's files follow DuckDuckGo's
launch screen), else the built-in one. For each file the run checks, with numbers it reads from the
file itself rather than from SplashLab:

- `state --at 0` has the intro's layer at frame 0 and a `launch` comparison (the blink, printed);
- at 10 times over the intro's play, `state` reports the frame lottie-ios shows there: the whole
  frame floor(t x fr), held at the last (op - ip - 1) after its end, frozen at the dismissal time d;
- `render --at` writes a device-size PNG at three of those times, and the three differ where the file moves;
- `record --duration 1` writes a video of 60 frames (ffprobe counts them).

Prints one line per file and `intros: N/M`; exits 1 on a failure. Without the folder it says so
and exits 0, except in CI (`CI` set).
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "realworld")


def ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def run(binary, args):
    return subprocess.run([binary] + args, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, SDL_VIDEODRIVER="offscreen"))


def state(binary, base, t):
    r = run(binary, ["state", "--at", repr(t)] + base)
    if r.returncode != 0:
        raise RuntimeError("state --at %s exited %d: %s" % (t, r.returncode, r.stderr.strip().splitlines()[-1:]))
    return json.loads(r.stdout)


def check(binary, path, project, work):
    with open(path, encoding="utf-8") as handle:
        lottie = json.load(handle)
    fr, frames = float(lottie["fr"]), int(round(float(lottie["op"]) - float(lottie["ip"])))
    base = ["--intro", path, "--seed", "3"] + (["--project", project] if project else [])
    problems = []
    first = state(binary, base, 0)
    layers = first["splash"]["layers"] or {}
    if (layers.get("intro") or {}).get("frame") != 0:
        problems.append("state --at 0 has no intro at frame 0")
    blink = first.get("launch", {})
    d = first["splash"]["dismissalTime"]
    played = frames / fr
    for k in range(10):
        t = round(k / 10 * min(played + 0.5, d), 4)
        shown = (state(binary, base, t)["splash"]["layers"] or {}).get("intro") or {}
        expected = min(int(min(t, d) * fr + 1e-9), frames - 1)
        if shown.get("frame") != expected:
            problems.append("at %.3f s frame %s, not %d" % (t, shown.get("frame"), expected))
    digests = set()
    for t in (0.05, min(played, d) / 2, min(played, d) * 0.9):
        out = os.path.join(work, "frame.png")
        r = run(binary, ["render", "--at", repr(round(t, 4)), "--out", out] + base)
        if r.returncode != 0 or not os.path.exists(out):
            problems.append("render --at %.3f exited %d" % (t, r.returncode))
            continue
        with open(out, "rb") as handle:
            digests.add(hashlib.sha256(handle.read()).hexdigest())
    if len(digests) < 2:
        problems.append("render gave the same picture at three times of the intro")
    video = os.path.join(work, "intro.mp4")
    r = run(binary, ["record", "--duration", "1", "--out", video] + base)
    if r.returncode != 0:
        problems.append("record exited %d: %s" % (r.returncode, r.stderr.strip().splitlines()[-1:]))
    else:
        probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                "stream=nb_read_frames", "-of", "csv=p=0", video], capture_output=True, text=True)
        if probe.stdout.strip() != "60":
            problems.append("record wrote %s frames, not 60" % probe.stdout.strip())
    summary = "%d frames at %g fps, d = %.3f s, blink %s of %s pixels" % (frames, fr, d, blink.get("differingPixels"), blink.get("totalPixels"))
    return problems, summary


def main(argv=None):
    parser = argparse.ArgumentParser(description="The real intro files played after real launch screens.")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/splashlab"))
    parser.add_argument("--lottie", default=os.environ.get("REALWORLD_LOTTIE") or os.path.join(SHARED, "lottie"))
    parser.add_argument("--projects", default=os.environ.get("REALWORLD") or os.path.join(SHARED, "projects"))
    args = parser.parse_args(argv)
    if not os.path.isdir(args.lottie):
        print("intros: %s not found; the intro conformance run needs it (REALWORLD_LOTTIE=DIR to point elsewhere)" % args.lottie)
        return 1 if ci() else 0
    files = sorted(f for f in os.listdir(args.lottie) if f.endswith((".json", ".lottie")))
    passed = 0
    with tempfile.TemporaryDirectory(prefix="intros.") as work:
        for name in files:
            repository = name.split("__")[0]
            project = os.path.join(args.projects, repository)
            project = project if os.path.isdir(project) else None
            try:
                problems, summary = check(os.path.abspath(args.binary), os.path.join(args.lottie, name), project, work)
            except (RuntimeError, subprocess.TimeoutExpired, ValueError, KeyError) as error:
                problems, summary = [str(error)], ""
            after = "after %s's launch screen" % repository if project else "after the built-in launch screen"
            if problems:
                print("FAIL %s (%s): %s" % (name, after, "; ".join(problems)))
            else:
                passed += 1
                print("PASS %s (%s): %s" % (name, after, summary))
            sys.stdout.flush()
    print("intros: %d/%d" % (passed, len(files)))
    return 0 if passed == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
