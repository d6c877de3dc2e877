#!/usr/bin/env python3
"""README's picture of the review page (docs/review-page.png): the page opened in headless
Chromium at a frame, once the video shows it, captured through the DevTools protocol.
  screenshot.py --page DIR --frame N --out PNG [--chromium chromium] [--width W --height H]"""
import argparse
import base64
import os
import sys
import tempfile
import subprocess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_check import Browser, Page  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--page", required=True)
    parser.add_argument("--frame", type=int, required=True, help="as the page numbers frames, from 1")
    parser.add_argument("--out", required=True)
    parser.add_argument("--width", type=int, default=1600)
    parser.add_argument("--height", type=int, default=1250)
    args = parser.parse_args()
    profile = tempfile.mkdtemp(prefix="review-shot-profile.")
    browser = Browser(args.chromium, profile)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        page = Page(browser, browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"])
        page.send("Emulation.setDeviceMetricsOverride", {"width": args.width, "height": args.height, "deviceScaleFactor": 1, "mobile": False})
        page.send("Page.enable")
        page.send("Page.navigate", {"url": "file://" + os.path.realpath(args.page) + "/index.html"})
        page.wait_for("document.readyState === 'complete' && !!window.splashlabReview && window.splashlabReview.ready()", "the page is ready")
        page.eval(f"window.splashlabReview.seekFrame({args.frame - 1})")
        page.wait_for(f"window.splashlabReview.ready() && window.splashlabReview.presentedFrame() === {args.frame - 1}", "the frame is shown")
        shot = page.send("Page.captureScreenshot", {"format": "png"})
        with open(args.out, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    finally:
        browser.close()
        subprocess.run(["rm", "-rf", profile])
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
