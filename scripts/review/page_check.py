#!/usr/bin/env python3
"""The review page in headless Chromium, driven by real key presses over the DevTools protocol.

`splashlab review` writes a page for two variants with comments; Chromium opens it from file://
and this script checks, as the issue's "done when" says:
  - no console error, no exception, and no request outside the page's folder;
  - the video is ready; ten presses of the right arrow move exactly ten frames, and the frame the
    page says is the frame shown: the pixels Chromium decoded match the frame ffmpeg decodes at
    that index (the burn-in strip names it), better than its neighbours, and the frame the browser
    presented (requestVideoFrameCallback's mediaTime) agrees;
  - every comment of the comments file has a pin; a comment whose text is HTML and script shows as
    text and runs nothing;
  - a comment added in the page with C (its name and text typed) exports through the page's button
    as comments.json with its frame's time.
The exported file is left at --exported for the round trip through `run` and `render`.

Chromium speaks the protocol over fds 3 and 4 (--remote-debugging-pipe): NUL-terminated JSON.
Standard library only.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time

FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILURES.append(what)


class Browser:
    def __init__(self, chromium, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--mute-audio",
             "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--disable-extensions", "--autoplay-policy=no-user-gesture-required",
             # Only so that this script can read the video's pixels back through a canvas: a file://
             # page is otherwise an opaque origin and its canvas tainted by its own video.
             "--allow-file-access-from-files",
             "--user-data-dir=" + profile, "--window-size=1400,1000", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.read(deadline)
            if reply is None:
                break
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise RuntimeError(f"{method}: no answer in {timeout} s")

    def read(self, deadline):
        import select
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.from_chrome], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def pump(self, seconds):
        """Collects the events that arrive within `seconds`."""
        deadline = time.time() + seconds
        while True:
            message = self.read(deadline)
            if message is None:
                return
            self.events.append(message)

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Page:
    def __init__(self, browser, session):
        self.browser, self.session = browser, session

    def send(self, method, params=None, timeout=30):
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def eval(self, expression, timeout=30):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.eval(expression):
                return True
            self.browser.pump(0.05)
        check(False, what + f" (not within {timeout} s)")
        return False

    def key(self, key, code, keycode, text=None, modifiers=0):
        down = {"type": "keyDown" if text is None else "keyDown", "key": key, "code": code,
                "windowsVirtualKeyCode": keycode, "nativeVirtualKeyCode": keycode, "modifiers": modifiers}
        if text is not None:
            down["text"] = text
            down["unmodifiedText"] = text
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keycode,
                                             "nativeVirtualKeyCode": keycode, "modifiers": modifiers})


def ffmpeg_strip(video, frame, rows):
    """Frame `frame` (0 is the first) of the video, decoded by ffmpeg, as RGBA: its last `rows` rows."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", video], capture_output=True, text=True, check=True).stdout.strip().split(",")
    width, height = int(probe[0]), int(probe[1])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", video, "-vf", f"select=eq(n\\,{frame})", "-vsync", "0", "-frames:v", "1",
                          "-f", "rawvideo", "-pix_fmt", "rgba", "-"], capture_output=True, check=True).stdout
    return raw[(height - rows) * width * 4:height * width * 4], width, height


def differing_pixels(a, b):
    """Pixels whose colour differs by more than the two decoders' YUV-to-RGB rounding could make
    it: the text of the burn-in strip that changes from one frame to the next."""
    n = min(len(a), len(b))
    return sum(1 for i in range(0, n, 4) if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > 48)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--page", required=True, help="the review folder")
    parser.add_argument("--comments", required=True, help="the comments file the review was written with")
    parser.add_argument("--exported", required=True, help="where the comments exported from the page are written")
    args = parser.parse_args()
    folder = os.path.realpath(args.page)
    review = json.load(open(os.path.join(folder, "review.json")))
    given = json.load(open(args.comments))["comments"]
    fps, frames, stretch = review["video"]["fps"], review["video"]["frames"], review["video"]["stretch"]

    profile = tempfile.mkdtemp(prefix="review-check-profile.")
    downloads = tempfile.mkdtemp(prefix="review-check-downloads.")
    browser = Browser(args.chromium, profile)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(browser, session)
        for domain in ("Page", "Runtime", "Network", "Log"):
            page.send(domain + ".enable")
        browser.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads, "eventsEnabled": True})
        page.send("Page.navigate", {"url": "file://" + folder + "/index.html"})
        page.wait_for("document.readyState === 'complete' && !!window.splashlabReview", "the page loads")
        ready = page.wait_for("window.splashlabReview.ready()", "the video is ready (readyState ≥ HAVE_CURRENT_DATA)")
        check(ready, "the video is ready")

        # Every comment of the comments file has a pin.
        pins = page.eval("window.splashlabReview.pins()")
        check(pins == len(given), f"every comment of the comments file has a pin ({pins} pins, {len(given)} comments)")
        hostile = [c for c in given if "<" in c["text"]]
        if hostile:
            shown = page.eval("Array.from(document.querySelectorAll('#comment-list .text')).map(e => e.textContent)")
            check(all(c["text"] in shown for c in hostile), "a comment's HTML is shown as text")
            check(page.eval("document.querySelectorAll('#comment-list img, #comment-list script, #timeline img').length") == 0,
                  "no element made from a comment's text")
            check(page.eval("window.reviewCommentRan === undefined"), "no script of a comment ran")

        # What differs between the variants: the parameters review.json marks, and only those
        # while "only what differs" is on (its default with two variants).
        differing = [p["path"] for p in review["parameters"] if p["differs"]]
        if len(review["variants"]) > 1:
            rows = page.eval("Array.from(document.querySelectorAll('#timings tr.differs td:first-child')).map(e => e.textContent)")
            check(differing and [r.split(" (")[0] for r in rows] == differing, f"the timings table lists what differs: {rows}")
            check(page.eval("document.querySelectorAll('#timings tr').length") == len(differing) + 1, "and only that, under its header")

        # Ten presses of the right arrow: exactly ten frames on.
        page.send("Runtime.evaluate", {"expression": "document.activeElement && document.activeElement.blur()"})
        start = page.eval("window.splashlabReview.frame()")
        for _ in range(10):
            page.key("ArrowRight", "ArrowRight", 39)
            page.wait_for("window.splashlabReview.ready()", "the seek ends")
        after = page.eval("window.splashlabReview.frame()")
        check(after - start == 10, f"ten presses of → move ten frames (frame {start} → {after})")
        page.wait_for(f"window.splashlabReview.presentedFrame() === {after}", f"the browser presents frame {after}", timeout=5)
        check(page.eval("window.splashlabReview.presentedFrame()") == after,
              f"requestVideoFrameCallback's mediaTime names frame {after}")
        # The pixels shown are frame `after` of the file: the burn-in strip (the last rows, with
        # the frame counter) matches ffmpeg's frame `after` best, not its neighbours.
        rows = 160
        strip = page.eval(f"""(() => {{
            const v = document.getElementById('video'), c = document.createElement('canvas');
            c.width = v.videoWidth; c.height = v.videoHeight;
            const g = c.getContext('2d'); g.drawImage(v, 0, 0);
            const d = g.getImageData(0, c.height - {rows}, c.width, {rows}).data;
            let s = ''; for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
            return btoa(s);
        }})()""")
        shown = base64.b64decode(strip)
        video = os.path.join(folder, "review.mp4")
        differences = {n: differing_pixels(shown, ffmpeg_strip(video, n, rows)[0]) for n in (after - 1, after, after + 1) if 0 <= n < frames}
        best = min(differences, key=differences.get)
        check(best == after, f"the frame shown is frame {after} of the file (pixels of the strip differing from ffmpeg's frames: {differences})")
        readout = page.eval("document.getElementById('readout').textContent")
        check(f"{after + 1} / {frames}" in readout.replace("  ", " ").replace(" /", " /"), f"the page names frame {after + 1} / {frames} as the burn-in does ({readout.strip()!r})")

        # Rates, L, K and J: 3 sets 0.25, L plays at it, K stops on a whole frame, J plays backward.
        page.key("3", "Digit3", 51, text="3")
        check(page.eval("document.getElementById('video').playbackRate") == 0.25, "3 sets the rate to 0.25")
        page.key("l", "KeyL", 76, text="l")
        page.wait_for("!document.getElementById('video').paused && document.getElementById('video').currentTime > 0.5 / 60 * 25", "L plays")
        page.key("k", "KeyK", 75, text="k")
        page.wait_for("window.splashlabReview.ready()", "K's seek ends")
        stopped = page.eval("[document.getElementById('video').paused, window.splashlabReview.frame(), document.getElementById('video').currentTime * 60]")
        check(stopped[0] and abs(stopped[2] - (stopped[1] + 0.5)) < 1e-3, f"K stops on the middle of a whole frame ({stopped})")
        page.key("j", "KeyJ", 74, text="j")
        browser.pump(0.4)
        page.key("k", "KeyK", 75, text="k")
        backward = page.eval("window.splashlabReview.frame()")
        check(backward < stopped[1], f"J plays backward (frame {stopped[1]} → {backward})")
        page.key("1", "Digit1", 49, text="1")
        # A click on a pin seeks to its comment's frame.
        pin = page.eval("(() => { const p = document.querySelector('#timeline .pin'); p.scrollIntoView({block: 'center'}); const r = p.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            page.send("Input.dispatchMouseEvent", {"type": kind, "x": pin[0], "y": pin[1], "button": "left", "clickCount": 1})
        page.wait_for("window.splashlabReview.ready()", "the pin's seek ends")
        first = min(c["t"] for c in given)
        want_frame = round(first * fps * stretch)
        check(page.eval("window.splashlabReview.frame()") == want_frame, f"a click on the first pin seeks to its comment's frame {want_frame}")
        page.eval(f"window.splashlabReview.seekFrame({after})")
        page.wait_for("window.splashlabReview.ready()", "the seek back ends")

        # Shift+click on the timeline: the frame under the pointer, and the comment form on it.
        spot = page.eval("""(() => { const t = document.getElementById('timeline'); t.scrollIntoView({block: 'center'});
            const r = t.getBoundingClientRect(); return [r.x + 190 + (r.width - 190 - 12) * 0.5, r.y + 40]; })()""")
        for kind in ("mousePressed", "mouseReleased"):
            page.send("Input.dispatchMouseEvent", {"type": kind, "x": spot[0], "y": spot[1], "button": "left", "clickCount": 1, "modifiers": 8})
        page.wait_for("document.getElementById('comment-form').classList.contains('open')", "Shift+click on the timeline opens the comment form")
        middle = page.eval("window.splashlabReview.frame()")
        check(abs(middle - frames / 2) <= 2, f"Shift+click seeks to the frame under the pointer (frame {middle} of {frames})")
        page.key("Escape", "Escape", 27)
        page.wait_for("!document.getElementById('comment-form').classList.contains('open')", "Esc closes the comment form")
        page.eval(f"window.splashlabReview.seekFrame({after})")
        page.wait_for("window.splashlabReview.ready()", "the seek back ends")

        # A comment added in the page: C, a name, a text, Ctrl+Enter; then the export button.
        page.key("c", "KeyC", 67, text="c")
        page.wait_for("document.getElementById('comment-form').classList.contains('open')", "C opens the comment form")
        page.eval("document.getElementById('comment-author').focus()")
        page.send("Input.insertText", {"text": "Reviewer"})
        page.eval("document.getElementById('comment-text').focus()")
        page.send("Input.insertText", {"text": "the hole feels slow here"})
        page.key("Enter", "Enter", 13, modifiers=2)
        page.wait_for("!document.getElementById('comment-form').classList.contains('open')", "Ctrl+Enter pins the comment")
        page.eval("document.getElementById('export').click()")
        path = os.path.join(downloads, "comments.json")
        deadline = time.time() + 10
        while time.time() < deadline and not os.path.exists(path):
            browser.pump(0.1)
        check(os.path.exists(path), "the export button downloads comments.json")
        exported = json.load(open(path))["comments"] if os.path.exists(path) else []
        want = after / (fps * stretch)
        added = [c for c in exported if c["text"] == "the hole feels slow here"]
        check(len(added) == 1 and abs(added[0]["t"] - want) < 1e-6 and added[0]["author"] == "Reviewer",
              f"the comment exports with its frame's time ({want:.6f} s): {added}")
        check(len(exported) == len(given) + 1, f"the export holds the file's comments and the new one ({len(exported)})")
        with open(args.exported, "w") as f:
            json.dump({"comments": exported}, f)

        browser.pump(0.3)
        errors, outside = [], []
        for e in browser.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(params["exceptionDetails"].get("text", "") + " " + str(params["exceptionDetails"].get("exception", {}).get("description", "")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                errors.append(params["entry"].get("text", ""))
            elif method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if not (url.startswith("file://" + folder + "/") or url.startswith("data:") or url.startswith("blob:") or url == "about:blank"):
                    outside.append(url)
        check(not errors, f"no console error or exception ({errors[:3]})")
        check(not outside, f"no request outside the folder ({outside[:3]})")
    finally:
        browser.close()
        subprocess.run(["rm", "-rf", profile, downloads])
    if FAILURES:
        print(f"review page: {len(FAILURES)} checks failed", file=sys.stderr)
        return 1
    print("review page: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
