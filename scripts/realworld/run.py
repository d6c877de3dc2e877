#!/usr/bin/env python3
"""`make realworld`: the real-project conformance run.

Renders the launch screen of every project in ../shared/realworld/projects (REALWORLD=DIR or
--projects DIR elsewhere) in light and dark on an iPhone 15 at scale 1, with the explain JSON on
standard output, and checks both against scripts/realworld/expectations.json:

  - the PNG is 393x852 and its four corners (sampled 2 px in) are opaque and the expected colours,
    within 3/255 per channel;
  - every expected element is in the explain JSON's "elements" (or, where the expectation allows
    it, in "skipped"), is drawn, and its frame and drawn image rect are within tolerance (2 pt
    unless the entry says why it is unsure); extra elements are fine;
  - elements the screen must not draw (decoys, unreferenced assets) are not drawn;
  - every "skipped" entry says why.

Prints one line per project, `realworld: N/M`, then `N passed, M failed`; exits 1 if any failed.
When the projects folder is absent it says so and exits 0, or 1 in CI (CI set).

  scripts/realworld/run.py [--binary PATH] [--projects DIR] [--only NAME] [--keep DIR]

Standard library only; the PNG decoder below is the run's own (8-bit, non-interlaced).
"""

import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
EXPECTATIONS = os.path.join(HERE, "expectations.json")
DEFAULT_PROJECTS = os.path.join(REPO, "..", "shared", "realworld", "projects")
DEFAULT_BINARY = os.path.join(REPO, ".build", "debug", "splashlab")
APPEARANCES = ("light", "dark")
RENDER_TIMEOUT = 120


# MARK: - PNG

class PNGError(Exception):
    pass


class Image:
    """Decoded 8-bit pixels as RGBA rows."""

    def __init__(self, width, height, rows):
        self.width = width
        self.height = height
        self.rows = rows  # list of bytes, 4 * width each

    def pixel(self, x, y):
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise PNGError("pixel (%d, %d) outside %dx%d" % (x, y, self.width, self.height))
        row = self.rows[y]
        return tuple(row[4 * x:4 * x + 4])


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(data, width, height, bpp):
    """Undoes the per-row filters (None, Sub, Up, Average, Paeth) of non-interlaced image data."""
    stride = width * bpp
    if len(data) < height * (stride + 1):
        raise PNGError("image data is %d bytes, %d expected" % (len(data), height * (stride + 1)))
    rows = []
    previous = bytearray(stride)
    pos = 0
    for y in range(height):
        kind = data[pos]
        line = bytearray(data[pos + 1:pos + 1 + stride])
        pos += stride + 1
        if kind == 0:
            pass
        elif kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                upleft = previous[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + _paeth(left, previous[i], upleft)) & 0xFF
        else:
            raise PNGError("row %d has filter type %d" % (y, kind))
        rows.append(line)
        previous = line
    return rows


def decode_png(blob):
    """8-bit, non-interlaced PNG (RGBA, RGB, grey, grey+alpha or palette) -> Image of RGBA rows."""
    if blob[:8] != b"\x89PNG\r\n\x1a\n":
        raise PNGError("not a PNG (bad signature)")
    pos = 8
    header = None
    palette = b""
    alpha_table = b""
    idat = []
    while pos + 8 <= len(blob):
        (length,) = struct.unpack(">I", blob[pos:pos + 4])
        kind = blob[pos + 4:pos + 8]
        body = blob[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PNGError("chunk %r is cut short" % kind)
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            alpha_table = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise PNGError("no IHDR chunk")
    width, height, depth, colour, _compression, _filter, interlace = header
    if depth != 8:
        raise PNGError("bit depth %d (only 8-bit images are read)" % depth)
    if interlace != 0:
        raise PNGError("interlaced PNG (not read)")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour)
    if channels is None:
        raise PNGError("colour type %d" % colour)
    if not idat:
        raise PNGError("no IDAT chunk")
    try:
        data = zlib.decompress(b"".join(idat))
    except zlib.error as error:
        raise PNGError("image data does not inflate: %s" % error)
    raw = unfilter(data, width, height, channels)
    rows = []
    for line in raw:
        if colour == 6:
            rows.append(bytes(line))
            continue
        out = bytearray(4 * width)
        for x in range(width):
            if colour == 2:
                r, g, b = line[3 * x:3 * x + 3]
                a = 255
            elif colour == 0:
                r = g = b = line[x]
                a = 255
            elif colour == 4:
                r = g = b = line[2 * x]
                a = line[2 * x + 1]
            else:
                index = line[x]
                if 3 * index + 3 > len(palette):
                    raise PNGError("palette index %d out of range" % index)
                r, g, b = palette[3 * index:3 * index + 3]
                a = alpha_table[index] if index < len(alpha_table) else 255
            out[4 * x:4 * x + 4] = bytes((r, g, b, a))
        rows.append(bytes(out))
    return Image(width, height, rows)


# MARK: - Colours and boxes

def parse_colour(text):
    """'#RRGGBB' or '#RRGGBBAA' -> (r, g, b, a) in 0...255."""
    if isinstance(text, dict):
        text = text.get("color")
    if not isinstance(text, str):
        raise ValueError("not a colour: %r" % (text,))
    value = text.strip().lstrip("#")
    if len(value) not in (6, 8):
        raise ValueError("not a colour: %r" % (text,))
    parts = [int(value[i:i + 2], 16) for i in range(0, len(value), 2)]
    if len(parts) == 3:
        parts.append(255)
    return tuple(parts)


def colour_text(rgba):
    return "#" + "".join("%02X" % c for c in rgba)


def colour_close(actual, expected, tolerance):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


def measures(box):
    x, y, w, h = (float(box[k]) for k in ("x", "y", "width", "height"))
    return {"x": x, "y": y, "width": w, "height": h, "right": x + w, "bottom": y + h,
            "centerX": x + w / 2, "centerY": y + h / 2}


def box_text(box):
    m = measures(box)
    return "{%s, %s, %s, %s}" % tuple(_num(m[k]) for k in ("x", "y", "width", "height"))


def _num(value):
    return ("%.2f" % value).rstrip("0").rstrip(".")


def compare_box(actual, expected, check, tolerances, default_tolerance):
    """Failures (strings) comparing two {x, y, width, height} boxes on the measures in `check`."""
    try:
        have = measures(actual)
    except (KeyError, TypeError, ValueError):
        return ["is not a box: %r" % (actual,)]
    want = measures(expected)
    out = []
    for name in check:
        limit = float(tolerances.get(name, default_tolerance))
        if abs(have[name] - want[name]) > limit + 1e-6:
            out.append("%s %s, expected %s (within %s)" % (name, _num(have[name]), _num(want[name]), _num(limit)))
    return out


def box_inside(actual, region, slack):
    have = measures(actual)
    want = measures(region)
    return (have["x"] >= want["x"] - slack and have["y"] >= want["y"] - slack
            and have["right"] <= want["right"] + slack and have["bottom"] <= want["bottom"] + slack)


# MARK: - Corners

CORNERS = ("topLeft", "topRight", "bottomLeft", "bottomRight")


def corner_points(width, height, inset):
    return {"topLeft": (inset, inset), "topRight": (width - 1 - inset, inset),
            "bottomLeft": (inset, height - 1 - inset), "bottomRight": (width - 1 - inset, height - 1 - inset)}


def check_png(blob, expected, settings):
    """Failures for the rendered PNG: its size and its four corner colours, which must be opaque."""
    try:
        image = decode_png(blob)
    except PNGError as error:
        return ["PNG: %s" % error]
    size = settings["size"]
    if (image.width, image.height) != (size["width"], size["height"]):
        return ["PNG is %dx%d, expected %dx%d" % (image.width, image.height, size["width"], size["height"])]
    out = []
    wrong = set()
    tolerance = settings["colorTolerance"]
    points = corner_points(image.width, image.height, settings["cornerInset"])
    for corner in CORNERS:
        want = parse_colour(expected["corners"][corner])
        x, y = points[corner]
        have = image.pixel(x, y)
        if have[3] < 255 - tolerance:
            out.append("corner %s (%d,%d) is transparent (alpha %d); a screen is opaque" % (corner, x, y, have[3]))
        elif not colour_close(have[:3], want[:3], tolerance):
            out.append("corner %s (%d,%d) is %s, expected %s" % (corner, x, y, colour_text(have[:3]), colour_text(want[:3])))
            wrong.add((colour_text(have[:3]), colour_text(want[:3])))
    if len(out) == len(CORNERS) and len(wrong) == 1:
        have, want = wrong.pop()
        return ["all four corners are %s, expected %s" % (have, want)]
    return out


# MARK: - Explain JSON

IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".pdf", ".svg", ".heic")


def _name(value):
    if isinstance(value, dict):
        value = value.get("name")
    if not isinstance(value, str):
        return None
    lower = value.lower()
    for extension in IMAGE_EXTENSIONS:
        if lower.endswith(extension):
            return value[:-len(extension)]
    return value


def is_kind(element, kind):
    name = element.get("element")
    drawn = element.get("drawn")
    if kind == "image":
        return name in ("imageView", "image") or drawn == "image"
    if kind == "label":
        return name == "label" or drawn == "label"
    return name == kind


def matches(element, match):
    for key, want in match.items():
        have = element.get(key)
        if key == "image":
            if _name(have) is None or _name(have) != _name(want):
                return False
        elif have != want:
            return False
    return True


def is_drawn(element):
    drawn = element.get("drawn")
    return drawn not in (None, False, "", "nothing")


def describe(spec):
    match = spec.get("match") or {}
    if not match:
        return spec["kind"]
    return "%s %s" % (spec["kind"], " ".join("%s=%r" % item for item in sorted(match.items())))


def skipped_mentions(entry, spec):
    """Whether a `skipped` entry is the expected element: same kind, every match value named in it."""
    if entry.get("element") != spec["kind"]:
        return False
    words = " ".join(str(v) for v in entry.values() if isinstance(v, (str, int, float)))
    return all(re.search(r"(?<![\w.])%s(?!\w|\.\w)" % re.escape(str(v)), words)
               for v in (spec.get("match") or {}).values())


def check_element(spec, elements, skipped, settings):
    """Failures for one expected element against the explain JSON's elements and skipped list."""
    label = describe(spec)
    candidates = [e for e in elements if isinstance(e, dict) and is_kind(e, spec["kind"]) and matches(e, spec.get("match") or {})]
    drawn = [e for e in candidates if is_drawn(e)]
    if not drawn:
        if spec.get("orSkipped"):
            entries = [s for s in skipped if isinstance(s, dict) and skipped_mentions(s, spec)]
            if entries:
                return []  # `why` is checked for every skipped entry
        if candidates:
            why = candidates[0].get("why") or candidates[0].get("drawn")
            return ["%s is not drawn (%s)" % (label, why)]
        return ["%s not found" % label]
    default = settings["boxTolerance"]
    check = spec.get("check") or ["x", "y", "width", "height"]
    tolerances = spec.get("tolerance") or {}

    def failures_for(element):
        out = []
        if "frame" in spec:
            out += ["frame %s" % f for f in compare_box(element.get("frame"), spec["frame"], check, tolerances, default)]
        if "imageRect" in spec:
            rect = (element.get("image") or {}).get("rect") if isinstance(element.get("image"), dict) else None
            if rect is None:
                out.append("no image rect")
            else:
                out += ["image rect %s" % f for f in compare_box(rect, spec["imageRect"], check, tolerances, default)]
        if "inside" in spec:
            frame = element.get("frame")
            try:
                if not box_inside(frame, spec["inside"], default):
                    out.append("frame %s is not inside %s" % (box_text(frame), box_text(spec["inside"])))
            except (KeyError, TypeError, ValueError):
                out.append("frame is not a box: %r" % (frame,))
        for key in ("color", "tint"):
            if key in spec:
                try:
                    have = parse_colour(element.get(key))
                except ValueError:
                    out.append("%s is %r, expected %s" % (key, element.get(key), spec[key]))
                    continue
                want = parse_colour(spec[key])
                if not colour_close(have, want, settings["colorTolerance"]):
                    out.append("%s %s, expected %s" % (key, colour_text(have), colour_text(want)))
        if "alpha" in spec:
            have = element.get("alpha")
            if not isinstance(have, (int, float)) or abs(have - spec["alpha"]) > settings["alphaTolerance"]:
                out.append("alpha %r, expected %s" % (have, _num(spec["alpha"])))
        for key, want in (spec.get("attributes") or {}).items():
            if element.get(key) != want:
                out.append("%s %r, expected %r" % (key, element.get(key), want))
        return out

    # Of several drawn matches, the one closest to the expectation is judged.
    results = sorted((failures_for(e) for e in drawn), key=len)
    best = results[0]
    return ["%s: %s" % (label, f) for f in best]


def check_absent(spec, elements):
    found = [e for e in elements if isinstance(e, dict) and is_kind(e, spec["kind"])
             and matches(e, spec.get("match") or {}) and is_drawn(e)]
    if not found:
        return []
    what = found[0].get("text") or _name(found[0].get("image")) or found[0].get("id") or ""
    return ["draws %s %s, which it must not (%s)" % (spec["kind"], what, spec.get("why", "not on this screen"))]


def path_ends_with(path, suffix):
    have = [p for p in str(path).replace("\\", "/").split("/") if p not in ("", ".")]
    want = [p for p in suffix.split("/") if p not in ("", ".")]
    return len(want) <= len(have) and have[len(have) - len(want):] == want


def check_explain(explain, project, appearance, settings):
    """Failures for the explain JSON of one project in one appearance."""
    if not isinstance(explain, dict):
        return ["explain output is not a JSON object"]
    out = []
    expected = project[appearance]
    # The appearance the screen is drawn in: the one asked for, unless the app forces another
    # (UIUserInterfaceStyle), which the expectation then names with its `appearanceWhy`.
    drawn_in = expected.get("appearance", appearance)
    if explain.get("appearance") not in (None, drawn_in):
        out.append("explain says appearance %r, expected %r" % (explain.get("appearance"), drawn_in))
    size = explain.get("size")
    want_size = settings["size"]
    if isinstance(size, dict) and (size.get("width"), size.get("height")) != (want_size["width"], want_size["height"]):
        out.append("explain size %sx%s, expected %dx%d" % (size.get("width"), size.get("height"), want_size["width"], want_size["height"]))
    sources = project.get("source")
    if sources:
        source = explain.get("source")
        if not isinstance(source, str) or not any(path_ends_with(source, s) for s in sources):
            out.append("source %r, expected %s" % (source, " or ".join(sources)))
    elements = explain.get("elements")
    if not isinstance(elements, list):
        out.append("no elements list")
        elements = []
    skipped = explain.get("skipped") or []
    if not isinstance(skipped, list):
        out.append("skipped is not a list")
        skipped = []
    for spec in expected.get("elements", []):
        out += check_element(spec, elements, skipped, settings)
    for spec in expected.get("absent", []):
        out += check_absent(spec, elements)
    for entry in skipped:
        why = entry.get("why") if isinstance(entry, dict) else None
        if not isinstance(why, str) or not why.strip():
            what = entry.get("element") if isinstance(entry, dict) else entry
            out.append("skipped %s has no why" % (what,))
    return out


def parse_explain(stdout):
    text = stdout.strip()
    try:
        return json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise
        return json.loads(text[start:end + 1])


def load_expectations(path=EXPECTATIONS):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    settings = {
        "size": data["size"],
        "cornerInset": data["tolerance"]["cornerInset"],
        "colorTolerance": data["tolerance"]["color"],
        "boxTolerance": data["tolerance"]["box"],
        "alphaTolerance": data["tolerance"]["alpha"],
    }
    return data, settings


# MARK: - The run

def render(binary, project_dir, appearance, device, png_path):
    command = [binary, "render", "--launch", "--project", project_dir, "--appearance", appearance,
               "--device", device, "--scale", "1", "--out", png_path, "--explain", "--json"]
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                              timeout=RENDER_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % RENDER_TIMEOUT
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def blink(binary, project_dir, appearance, device, timings=None):
    """`state --at 0`'s launch block: how the intro's first frame differs from the launch screen."""
    command = [binary, "state", "--at", "0", "--seed", "1", "--project", project_dir, "--appearance", appearance, "--device", device]
    if timings:
        command += ["--timings", timings]
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    env.pop("DISPLAY", None)
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=RENDER_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    return json.loads(done.stdout).get("launch")


def check_intro(binary, project, project_dir, appearance, device, grown_timings):
    """Seed 000: the intro starts as the launch screen. With an image view on it, the default
    timings show no blink, and a changed `splash.logo.startSize` shows one. An image the
    expectation marks `"visible": false` (fully transparent) cannot show a blink, so a screen with
    no visible image is not checked."""
    if not any(e.get("kind") == "image" and e.get("visible", True) for e in project[appearance].get("elements", [])):
        return []
    same = blink(binary, project_dir, appearance, device)
    if same is None:
        return ["state --at 0 failed"]
    out = []
    if same.get("differingPixels") != 0:
        out.append("the intro's first frame differs from the launch screen in %s pixels" % same.get("differingPixels"))
    grown = blink(binary, project_dir, appearance, device, grown_timings)
    if grown is None or not grown.get("differingPixels"):
        out.append("with splash.logo.startSize changed, no blink is reported")
    return out


def error_line(stderr):
    """The line of standard error that says what went wrong: the last `splashlab:` line, else the last
    line that is not the usage text, shortened."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    named = [line for line in lines if line.startswith("splashlab:")]
    plain = [line for line in lines if not line.startswith("usage:")]
    line = (named or plain or ["no message"])[-1]
    return line if len(line) <= 200 else line[:197] + "..."


def run_one(name, project, project_dir, binary, settings, device, work, keep):
    """Failures for one project, as {appearance: [reasons]}."""
    results = {}
    for appearance in APPEARANCES:
        png_path = os.path.join(work, "%s-%s.png" % (name, appearance))
        if os.path.exists(png_path):
            os.remove(png_path)
        code, stdout, stderr = render(binary, project_dir, appearance, device, png_path)
        if keep:
            with open(os.path.join(keep, "%s-%s.json" % (name, appearance)), "w", encoding="utf-8") as handle:
                handle.write(stdout)
            if stderr:
                with open(os.path.join(keep, "%s-%s.stderr" % (name, appearance)), "w", encoding="utf-8") as handle:
                    handle.write(stderr)
        if code != 0:
            results[appearance] = ["render %s: %s" % ("timed out" if code is None else "exited %d" % code, error_line(stderr))]
            continue
        reasons = []
        try:
            with open(png_path, "rb") as handle:
                reasons += check_png(handle.read(), project[appearance], settings)
        except OSError:
            reasons.append("no PNG written")
        try:
            explain = parse_explain(stdout)
        except ValueError:
            reasons.append("standard output is not the explain JSON")
        else:
            reasons += check_explain(explain, project, appearance, settings)
            reasons += check_layout(explain)
        reasons += check_intro(binary, project, project_dir, appearance, device, os.path.join(work, "grown-logo.json"))
        results[appearance] = reasons
    return results


KIWI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kiwi", "solve.py")
KIWI_TOLERANCE = 1e-6
# The largest difference between kiwisolver's solution and the app's frames, over every system.
LAYOUT_CHECKS = {"systems": 0, "largest": 0.0}


def check_layout(explain):
    """Failures when kiwisolver, solving the layout system the app reports (`layout.system`, in
    the order the app added it), does not give the app's frames (`layout.frames`) to 1e-6 pt."""
    layout = explain.get("layout")
    if not isinstance(layout, dict):
        return []
    system, frames = layout.get("system"), layout.get("frames") or {}
    try:
        done = subprocess.run(["/usr/bin/python3", KIWI], input=json.dumps([system]), capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return ["kiwisolver could not run: %s" % error]
    if done.returncode != 0:
        return ["kiwisolver: %s" % (done.stderr.strip().splitlines() or ["exit %d" % done.returncode])[-1]]
    result = json.loads(done.stdout)[0]
    if "values" not in result:
        return ["kiwisolver refused the layout system: %s" % result]
    values = result["values"]
    largest = 0.0
    for view, frame in frames.items():
        for part, key in (("left", "x"), ("top", "y"), ("width", "width"), ("height", "height")):
            have = values.get("%s.%s" % (view, part))
            if have is None:
                continue
            if key in ("width", "height"):
                have = max(have, 0.0)
            largest = max(largest, abs(have - frame[key]))
    LAYOUT_CHECKS["systems"] += 1
    LAYOUT_CHECKS["largest"] = max(LAYOUT_CHECKS["largest"], largest)
    if largest > KIWI_TOLERANCE:
        return ["the layout differs from kiwisolver's solution by %.3g pt" % largest]
    return []


def ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def main(argv=None):
    parser = argparse.ArgumentParser(description="SplashLab's real-project conformance run.")
    parser.add_argument("--binary", default=DEFAULT_BINARY, help="the splashlab binary (default .build/debug/splashlab)")
    parser.add_argument("--projects", default=None, help="the projects folder (default $REALWORLD or ../shared/realworld/projects)")
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="run only this project (repeatable)")
    parser.add_argument("--keep", default=None, metavar="DIR", help="keep each PNG and explain JSON in DIR")
    parser.add_argument("--expectations", default=EXPECTATIONS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    given = args.projects or os.environ.get("REALWORLD") or ""
    projects_dir = given or DEFAULT_PROJECTS
    if not os.path.isdir(projects_dir):
        shown = given or "../shared/realworld/projects"
        print("realworld: %s not found; the conformance run needs it (REALWORLD=DIR to point elsewhere)" % shown)
        return 1 if ci() else 0

    data, settings = load_expectations(args.expectations)
    projects = data["projects"]
    names = sorted(projects)
    unknown = [n for n in args.only if n not in projects]
    if unknown:
        print("realworld: no expectations for %s; known: %s" % (", ".join(unknown), ", ".join(names)))
        return 1
    if args.only:
        names = [n for n in names if n in args.only]
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        print("realworld: no splashlab binary at %s (build it with `swift build`, or pass --binary PATH)" % binary)
        return 1
    extra = sorted(d for d in os.listdir(projects_dir)
                   if os.path.isdir(os.path.join(projects_dir, d)) and d not in projects)
    for d in extra:
        print("realworld: %s has no expectations; not run" % d)

    keep = os.path.abspath(args.keep) if args.keep else None
    if keep:
        os.makedirs(keep, exist_ok=True)
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="realworld.") as scratch:
        work = keep or scratch
        with open(os.path.join(work, "grown-logo.json"), "w", encoding="utf-8") as handle:
            handle.write('{"splash": {"logo": {"startSize": 60}}}\n')
        for name in names:
            project_dir = os.path.join(projects_dir, name)
            if not os.path.isdir(project_dir):
                results = {a: ["project folder %s is missing" % project_dir] for a in APPEARANCES}
            else:
                results = run_one(name, projects[name], os.path.abspath(project_dir), binary, settings,
                                  data["device"], work, keep)
            if all(not results[a] for a in APPEARANCES):
                passed += 1
                print("PASS %s (light, dark)" % name)
            else:
                failed += 1
                parts = []
                for appearance in APPEARANCES:
                    reasons = results[appearance]
                    parts.append("%s: %s" % (appearance, "; ".join(reasons) if reasons else "ok"))
                print("FAIL %s | %s" % (name, " | ".join(parts)))
            sys.stdout.flush()
    if LAYOUT_CHECKS["systems"]:
        print("kiwisolver: %d layout systems solved again, largest difference %.3g pt (tolerance %g)"
              % (LAYOUT_CHECKS["systems"], LAYOUT_CHECKS["largest"], KIWI_TOLERANCE))
    print("realworld: %d/%d" % (passed, passed + failed))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
