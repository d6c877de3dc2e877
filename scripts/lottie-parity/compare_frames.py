#!/usr/bin/env python3
"""Frames of a Lottie file drawn by SplashLab (rlottie) and by lottie-web (Airbnb's player, from
pylottie's lottie.html) in headless Chromium, compared.

  compare_frames.py --bin splashlab --chromium chromium --lottie-html lottie.html --file F.json [--frames 10] [--size 360]

Ten frames spread over the animation (frame 0 is its ip, the last its op - 1) are drawn at the
file's size scaled so its longer side is --size px, by `splashlab bench --intro F --intro-frame N
--scale S --out x.png` and by lottie-web's canvas renderer (goToAndStop(N, true)), both aspect fit.

The measure: both frames are composited over mid-grey (so a transparent pixel's colour does not
count), and a pixel of one differs when no pixel within 1 px of it in the other (its 3x3
neighbourhood) is within 10% (26/255) in every channel. The figure is the share of pixels that
differ, the worse of the two directions. Why: rlottie and Skia rasterize paths with different
anti-aliasing and place edges up to a pixel apart, which a pixel-by-pixel difference counts on
every edge; the 1 px neighbourhood forgives exactly that, while a missing layer, a wrong colour or
a wrong frame (motion of more than a pixel) still differs over whole areas. Mean absolute error is
printed beside it. A frame passes at 2% or less.
"""
import argparse
import base64
import html
import json
import math
import os
import re
import sys
import tempfile
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# The command runner and the failure exit of the page parity check (make parity).
sys.path.insert(0, os.path.join(HERE, "..", "parity"))
from parity import fail, run  # noqa: E402
CHANNEL_TOLERANCE = 26
SHARE_LIMIT = 0.02


def decode_png(data):
    """RGBA bytes of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium and SDL_image write)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour, interlace = header[8], header[9], header[12]
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        fail(f"PNG of depth {depth}, colour type {colour}, interlace {interlace} is not read here")
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    out = np.zeros((height, stride), dtype=np.int32)
    previous = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1).astype(np.int32)
        if kind == 0:
            row = line
        elif kind == 2:
            row = (line + previous) & 255
        else:
            row = np.zeros(stride, dtype=np.int32)
            for x in range(stride):
                a = row[x - channels] if x >= channels else 0
                b = previous[x]
                c = previous[x - channels] if x >= channels else 0
                if kind == 1:
                    predictor = a
                elif kind == 3:
                    predictor = (a + b) // 2
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[x] = (line[x] + predictor) & 255
        out[y] = row
        previous = row
    pixels = out.reshape(height, width, channels)
    if channels == 3:
        pixels = np.concatenate([pixels, np.full((height, width, 1), 255, dtype=np.int32)], axis=2)
    return pixels


def over_grey(rgba):
    alpha = rgba[:, :, 3:4] / 255.0
    return rgba[:, :, :3] * alpha + 128 * (1 - alpha)


def differing_share(a, b):
    """Share of pixels of `a` with no pixel of `b` within 1 px that matches within the tolerance."""
    height, width, _ = a.shape
    padded = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    matched = np.zeros((height, width), dtype=bool)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            shifted = padded[dy:dy + height, dx:dx + width]
            matched |= np.all(np.abs(a - shifted) <= CHANNEL_TOLERANCE, axis=2)
    return 1 - matched.mean()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--chromium", default="chromium")
    p.add_argument("--lottie-html", required=True)
    p.add_argument("--file", required=True)
    p.add_argument("--frames", type=int, default=10)
    p.add_argument("--size", type=int, default=360)
    p.add_argument("--work")
    args = p.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="lottie-parity.")
    os.makedirs(work, exist_ok=True)

    animation = json.load(open(args.file, encoding="utf-8"))
    total = int(animation["op"] - animation["ip"])
    frames = sorted({round(i * (total - 1) / (args.frames - 1)) for i in range(args.frames)})
    scale = args.size / max(animation["w"], animation["h"])
    # Halves rounded up, as Swift's rounded() rounds the size of ours (Python's round() goes to even).
    width, height = math.floor(animation["w"] * scale + 0.5), math.floor(animation["h"] * scale + 0.5)

    library = open(args.lottie_html, encoding="utf-8").read()
    m = re.search(r"<script>(.*?)</script>", library, re.S)
    if not m or "lottie.version" not in m.group(1):
        fail(f"{args.lottie_html} does not start with lottie-web's script")
    page_input = {"animation": animation, "frames": frames, "width": width, "height": height,
                  "assetsPath": "file://" + os.path.dirname(os.path.abspath(args.file)) + "/"}
    page = os.path.join(work, "probe.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html><head><meta charset=\"UTF-8\"><style>*{margin:0;padding:0}body{background:transparent}</style>"
                "<script>" + m.group(1) + "</script></head><body><div id=\"root\"></div>"
                "<script type=\"application/json\" id=\"input\">" + json.dumps(page_input).replace("</", "<\\/") + "</script>"
                "<script>" + open(os.path.join(HERE, "probe.js"), encoding="utf-8").read() + "</script></body></html>")
    flags = ["--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
             "--force-device-scale-factor=1", "--allow-file-access-from-files", "--virtual-time-budget=60000",
             "--user-data-dir=" + os.path.join(work, "profile"), "--dump-dom"]
    dom = run([args.chromium] + flags + ["file://" + page], timeout=600)
    # The last match: the element probe.js appends after every script.
    found = re.findall(r'<pre id="frames">(.*?)</pre>', dom, re.S)
    if not found:
        fail("Chromium's page gave no frames (probe.js did not finish)")
    web = json.loads(html.unescape(found[-1]))
    if "error" in web:
        fail(web["error"])

    name = os.path.basename(args.file)
    print(f"lottie-parity: {name}: {total} frames, drawn at {width}x{height} px, lottie-web {web['version']} against rlottie")
    print(f"{'frame':>6} {'differing':>10} {'mean abs':>9}")
    worst = 0.0
    for frame in frames:
        ours_path = os.path.join(work, f"ours-{frame}.png")
        run([args.bin, "bench", "--intro", args.file, "--intro-frame", str(frame), "--scale", repr(scale), "--out", ours_path])
        ours = decode_png(open(ours_path, "rb").read())
        theirs = decode_png(base64.b64decode(web["frames"][str(frame)].split(",", 1)[1]))
        with open(os.path.join(work, f"web-{frame}.png"), "wb") as f:
            f.write(base64.b64decode(web["frames"][str(frame)].split(",", 1)[1]))
        if ours.shape != theirs.shape:
            fail(f"frame {frame}: ours is {ours.shape[1]}x{ours.shape[0]}, lottie-web's {theirs.shape[1]}x{theirs.shape[0]}")
        a, b = over_grey(ours), over_grey(theirs)
        share = max(differing_share(a, b), differing_share(b, a))
        worst = max(worst, share)
        print(f"{frame:>6} {share * 100:9.2f}% {np.abs(a - b).mean():9.2f}{'' if share <= SHARE_LIMIT else '  OVER'}")
    print(f"lottie-parity: {name}: worst frame {worst * 100:.2f}% of pixels differ (limit {SHARE_LIMIT * 100:.0f}%); frames in {work}")
    return 0 if worst <= SHARE_LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
