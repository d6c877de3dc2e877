#!/usr/bin/env python3
"""The conformance runner's own tests, runnable before the app emits `--explain`.

Feeds run.py's checking functions synthetic PNG bytes (every filter type, RGB and RGBA) and explain
JSON built from expectations.json, passing and failing, and runs run.py's main() end to end against
a stand-in binary. Also checks that expectations.json is well formed. Standard library only.

  scripts/realworld/selftest.py
"""

import contextlib
import copy
import io
import json
import os
import struct
import sys
import tempfile
import unittest
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import run  # noqa: E402

DATA, SETTINGS = run.load_expectations()
W, H = DATA["size"]["width"], DATA["size"]["height"]


# MARK: - A PNG writer for the tests

def _chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _filter_row(kind, line, previous, bpp):
    out = bytearray(len(line))
    for i, value in enumerate(line):
        left = line[i - bpp] if i >= bpp else 0
        up = previous[i]
        upleft = previous[i - bpp] if i >= bpp else 0
        if kind == 0:
            predictor = 0
        elif kind == 1:
            predictor = left
        elif kind == 2:
            predictor = up
        elif kind == 3:
            predictor = (left + up) >> 1
        else:
            predictor = run._paeth(left, up, upleft)
        out[i] = (value - predictor) & 0xFF
    return bytes([kind]) + bytes(out)


def encode_png(width, height, pixel, colour=6, filters=(0, 1, 2, 3, 4), interlace=0, depth=8, split=1):
    """PNG bytes; pixel(x, y) -> (r, g, b, a); row y uses filters[y % len(filters)]; IDAT in `split` chunks."""
    bpp = 4 if colour == 6 else 3
    previous = bytes(width * bpp)
    raw = bytearray()
    for y in range(height):
        line = bytearray()
        for x in range(width):
            line += bytes(pixel(x, y)[:bpp])
        raw += _filter_row(filters[y % len(filters)], bytes(line), previous, bpp)
        previous = bytes(line)
    packed = zlib.compress(bytes(raw))
    step = max(1, -(-len(packed) // split))
    idats = b"".join(_chunk(b"IDAT", packed[i:i + step]) for i in range(0, len(packed), step))
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + idats + _chunk(b"IEND", b"")


def pattern(x, y):
    return ((x * 37 + y * 11) & 0xFF, (x * 5 + y * 91) & 0xFF, (x ^ y) & 0xFF, (200 + x + y) & 0xFF)


def screen(corners, width=W, height=H, colour=6, override=None):
    """A flat screen whose four quadrants carry the four corner colours, for check_png."""
    quads = {k: run.parse_colour(v) for k, v in corners.items()}

    def pixel(x, y):
        if override and (x, y) in override:
            return override[(x, y)]
        key = ("top" if y < height // 2 else "bottom") + ("Left" if x < width // 2 else "Right")
        return quads[key]
    return encode_png(width, height, pixel, colour=colour, filters=(1, 2, 4))


# MARK: - Explain JSON as the app should write it for an expectation

def perfect_explain(name, appearance):
    project = DATA["projects"][name]
    expected = project[appearance]
    elements = [{"element": "view", "id": "root", "frame": {"x": 0, "y": 0, "width": W, "height": H},
                 "drawn": "background", "color": expected["corners"]["topLeft"] + "FF"}]
    skipped = []
    for i, spec in enumerate(expected["elements"]):
        match = spec.get("match") or {}
        box = spec.get("frame") or spec.get("imageRect") or spec.get("inside")
        if spec["kind"] == "image":
            elements.append({"element": "imageView", "id": "img-%d" % i, "file": "x", "line": i,
                             "frame": copy.deepcopy(box), "drawn": "image",
                             "image": {"name": match["image"], "file": "x.png", "scale": 3,
                                       "rect": copy.deepcopy(spec.get("imageRect") or box)},
                             "alpha": spec.get("alpha", 1), "tint": spec.get("tint")})
        elif spec["kind"] == "label":
            elements.append({"element": "label", "id": "lbl-%d" % i, "frame": copy.deepcopy(box), "drawn": "label",
                             "text": match["text"], "font": {"size": 13, "weight": "semibold", "face": "DejaVu Sans Bold"},
                             "color": spec.get("color", "#000000FF")})
        elif spec.get("orSkipped"):
            value = list(match.values())[0]
            skipped.append({"element": spec["kind"], "file": "x", "line": i, "why": "SF Symbol '%s' cannot be drawn here" % value})
        else:
            element = {"element": spec["kind"], "frame": copy.deepcopy(box), "drawn": "bar"}
            element.update(match)
            element.update(spec.get("attributes") or {})
            elements.append(element)
    return {"project": name, "target": None, "source": "/some/where/" + project["source"][0],
            "appearance": expected.get("appearance", appearance), "device": DATA["device"], "size": {"width": W, "height": H},
            "background": {"color": expected["corners"]["topLeft"] + "FF", "from": "test"},
            "elements": elements, "skipped": skipped, "warnings": []}


def find(explain, **keys):
    for element in explain["elements"]:
        if all(element.get(k) == v or (k == "image" and (element.get("image") or {}).get("name") == v) for k, v in keys.items()):
            return element
    raise KeyError(keys)


def check(explain, name, appearance):
    return run.check_explain(explain, DATA["projects"][name], appearance, SETTINGS)


# MARK: - Tests

class PNGDecoding(unittest.TestCase):
    def test_every_filter_type_rgba_and_rgb(self):
        for colour in (6, 2):
            for filters in ((0,), (1,), (2,), (3,), (4,), (0, 1, 2, 3, 4)):
                blob = encode_png(23, 11, pattern, colour=colour, filters=filters, split=3)
                image = run.decode_png(blob)
                self.assertEqual((image.width, image.height), (23, 11))
                for y in range(11):
                    for x in range(23):
                        want = pattern(x, y)
                        if colour == 2:
                            want = want[:3] + (255,)
                        self.assertEqual(image.pixel(x, y), want, "colour %d filters %s at %d,%d" % (colour, filters, x, y))

    def test_rejects_what_it_does_not_read(self):
        with self.assertRaises(run.PNGError):
            run.decode_png(b"GIF89a" + bytes(40))
        with self.assertRaises(run.PNGError):
            run.decode_png(encode_png(4, 4, pattern, interlace=1))
        with self.assertRaises(run.PNGError):
            run.decode_png(encode_png(4, 4, pattern, depth=16))
        blob = encode_png(4, 4, pattern)
        with self.assertRaises(run.PNGError):
            run.decode_png(blob[:40])
        with self.assertRaises(run.PNGError):
            run.unfilter(bytes([9]) + bytes(12), 3, 1, 4)

    def test_pixel_outside_the_image(self):
        image = run.decode_png(encode_png(2, 2, pattern))
        with self.assertRaises(run.PNGError):
            image.pixel(2, 0)


class Corners(unittest.TestCase):
    corners = {"topLeft": "#112233", "topRight": "#445566", "bottomLeft": "#778899", "bottomRight": "#AABBCC"}
    expected = {"corners": corners}

    def test_matching_corners_pass(self):
        for colour in (6, 2):
            self.assertEqual(run.check_png(screen(self.corners, colour=colour), self.expected, SETTINGS), [])

    def test_sampled_two_pixels_in(self):
        # The outermost pixel does not count; the one 2 px in does.
        edge = {(0, 0): (255, 0, 0, 255), (W - 1, H - 1): (255, 0, 0, 255)}
        self.assertEqual(run.check_png(screen(self.corners, override=edge), self.expected, SETTINGS), [])
        inner = {(W - 3, 2): (0x44 + 4, 0x55, 0x66, 255)}
        failures = run.check_png(screen(self.corners, override=inner), self.expected, SETTINGS)
        self.assertEqual(len(failures), 1)
        self.assertIn("topRight", failures[0])

    def test_within_three_per_channel(self):
        near = {(2, H - 3): (0x77 + 3, 0x88 - 3, 0x99, 255)}
        self.assertEqual(run.check_png(screen(self.corners, override=near), self.expected, SETTINGS), [])
        far = {(2, H - 3): (0x77, 0x88, 0x99 - 4, 255)}
        failures = run.check_png(screen(self.corners, override=far), self.expected, SETTINGS)
        self.assertEqual(len(failures), 1)
        self.assertIn("bottomLeft", failures[0])

    def test_corners_must_be_opaque(self):
        clear = {(2, 2): (0x11, 0x22, 0x33, 0)}
        failures = run.check_png(screen(self.corners, override=clear), self.expected, SETTINGS)
        self.assertEqual(len(failures), 1)
        self.assertIn("transparent", failures[0])

    def test_four_wrong_corners_of_one_colour_say_so_once(self):
        white = {k: "#FFFFFF" for k in run.CORNERS}
        failures = run.check_png(screen(white), {"corners": {k: "#000000" for k in run.CORNERS}}, SETTINGS)
        self.assertEqual(failures, ["all four corners are #FFFFFF, expected #000000"])

    def test_wrong_size_and_bad_bytes_fail(self):
        blob = screen(self.corners, width=W * 3, height=12)
        self.assertIn("expected 393x852", run.check_png(blob, self.expected, SETTINGS)[0])
        self.assertIn("PNG", run.check_png(b"not a png", self.expected, SETTINGS)[0])


class Explain(unittest.TestCase):
    def test_perfect_explain_passes_for_every_project(self):
        for name in DATA["projects"]:
            for appearance in run.APPEARANCES:
                self.assertEqual(check(perfect_explain(name, appearance), name, appearance), [], "%s %s" % (name, appearance))

    def test_a_box_is_held_to_two_points(self):
        explain = perfect_explain("home-assistant-ios", "light")
        logo = find(explain, image="launchScreen-logo")
        logo["frame"]["x"] += 1.5
        self.assertEqual(check(explain, "home-assistant-ios", "light"), [])
        logo["frame"]["x"] += 1.0
        failures = check(explain, "home-assistant-ios", "light")
        self.assertEqual(len(failures), 1)
        self.assertIn("launchScreen-logo", failures[0])
        self.assertIn("frame x", failures[0])

    def test_the_drawn_image_rect_is_checked(self):
        explain = perfect_explain("home-assistant-ios", "dark")
        ohf = find(explain, image="ohf-inline")
        ohf["image"]["rect"] = dict(ohf["frame"])  # drawn stretched to the 25 pt box instead of 21.6
        failures = check(explain, "home-assistant-ios", "dark")
        self.assertTrue(failures and all("image rect" in f for f in failures), failures)
        del ohf["image"]["rect"]
        self.assertIn("no image rect", check(explain, "home-assistant-ios", "dark")[0])

    def test_unsure_label_width_is_wide_but_its_centre_is_not(self):
        explain = perfect_explain("owntracks-ios", "light")
        label = find(explain, text="OwnTracks")
        label["frame"] = {"x": 196.5 - 110, "y": 290 - 42, "width": 220, "height": 42}  # a wider face, centred
        self.assertEqual(check(explain, "owntracks-ios", "light"), [])
        label["frame"]["x"] += 3  # off centre
        failures = check(explain, "owntracks-ios", "light")
        self.assertEqual(len(failures), 1)
        self.assertIn("centerX", failures[0])
        label["frame"] = {"x": 196.5 - 130, "y": 248, "width": 260, "height": 42}  # wider than the tolerance
        self.assertIn("width", check(explain, "owntracks-ios", "light")[0])

    def test_label_colour_tint_and_alpha(self):
        explain = perfect_explain("owntracks-ios", "dark")
        find(explain, text="OwnTracks")["color"] = "#FFFFFFFF"  # the light colour in dark
        self.assertIn("color", check(explain, "owntracks-ios", "dark")[0])
        explain = perfect_explain("duckduckgo-ios", "dark")
        find(explain, image="TextDuckDuckGo")["tint"] = None  # template image not tinted
        self.assertIn("tint", check(explain, "duckduckgo-ios", "dark")[0])
        explain = perfect_explain("pocket-casts-ios", "light")
        find(explain, image="splashlogo")["alpha"] = 1
        self.assertIn("alpha", check(explain, "pocket-casts-ios", "light")[0])

    def test_missing_and_undrawn_elements_fail(self):
        explain = perfect_explain("lichess-mobile", "light")
        explain["elements"] = [e for e in explain["elements"] if (e.get("image") or {}).get("name") != "LaunchImage"]
        self.assertIn("not found", check(explain, "lichess-mobile", "light")[0])
        explain = perfect_explain("lichess-mobile", "light")
        background = find(explain, image="LaunchBackground")
        background["drawn"] = "nothing"
        background["why"] = "hidden"
        failures = check(explain, "lichess-mobile", "light")
        self.assertEqual(len(failures), 1)
        self.assertIn("not drawn (hidden)", failures[0])

    def test_image_names_match_with_or_without_extension(self):
        explain = perfect_explain("owncloud-ios-app", "light")
        find(explain, image="branding-splashscreen-logo.png")["image"]["name"] = "branding-splashscreen-logo"
        self.assertEqual(check(explain, "owncloud-ios-app", "light"), [])
        find(explain, image="branding-splashscreen-logo")["image"]["name"] = "branding-splashscreen-background"
        self.assertTrue(check(explain, "owncloud-ios-app", "light"))

    def test_extra_elements_are_fine(self):
        explain = perfect_explain("kiwix-apple", "dark")
        explain["elements"].append({"element": "view", "id": "c", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "drawn": "nothing"})
        explain["elements"].append({"element": "imageView", "id": "d", "frame": {"x": 0, "y": 0, "width": 1, "height": 1},
                                    "drawn": "image", "image": {"name": "welcomeLogo", "rect": {"x": 0, "y": 0, "width": 1, "height": 1}}})
        self.assertEqual(check(explain, "kiwix-apple", "dark"), [])

    def test_decoys_and_unreferenced_assets_must_not_be_drawn(self):
        explain = perfect_explain("daysleft", "light")
        explain["elements"].append({"element": "label", "id": "x", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "drawn": "label", "text": "daysleft"})
        self.assertIn("must not", check(explain, "daysleft", "light")[0])
        explain = perfect_explain("home-assistant-ios", "light")
        explain["elements"].append({"element": "imageView", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "drawn": "image", "image": {"name": "ohf-launch"}})
        self.assertIn("ohf-launch", check(explain, "home-assistant-ios", "light")[0])
        explain = perfect_explain("mastodon-ios", "dark")
        explain["elements"].append({"element": "imageView", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "drawn": "nothing", "image": {"name": "x"}})
        self.assertEqual(check(explain, "mastodon-ios", "dark"), [])

    def test_the_source_file_is_checked(self):
        explain = perfect_explain("mastodon-ios", "light")
        explain["source"] = "Mastodon/Supporting Files/Base.lproj/LaunchScreen.storyboard"
        self.assertIn("source", check(explain, "mastodon-ios", "light")[0])
        explain = perfect_explain("swiftfin", "light")
        explain["source"] = "Swiftfin tvOS/Resources/Info.plist"
        self.assertIn("source", check(explain, "swiftfin", "light")[0])
        explain["source"] = "Swiftfin/Resources/Info.plist"
        self.assertEqual(check(explain, "swiftfin", "light"), [])

    def test_skipped_needs_a_why_and_may_stand_for_an_expected_element(self):
        explain = perfect_explain("netnewswire", "light")
        self.assertEqual(len(explain["skipped"]), 3)
        self.assertEqual(check(explain, "netnewswire", "light"), [])
        explain["skipped"][0]["why"] = " "
        failures = check(explain, "netnewswire", "light")
        self.assertTrue(any("has no why" in f for f in failures), failures)
        explain = perfect_explain("netnewswire", "light")
        explain["skipped"] = [s for s in explain["skipped"] if "gear" not in s["why"]]
        self.assertIn("gear", check(explain, "netnewswire", "light")[0])
        explain = perfect_explain("mastodon-ios", "light")
        explain["skipped"] = [{"element": "barButtonItem", "file": "x", "line": 3}]
        self.assertIn("has no why", check(explain, "mastodon-ios", "light")[0])

    def test_a_drawn_bar_button_must_sit_in_its_bar(self):
        explain = perfect_explain("netnewswire", "dark")
        explain["skipped"] = [s for s in explain["skipped"] if "gear" not in s["why"]]
        gear = {"element": "barButtonItem", "frame": {"x": 16, "y": 780, "width": 28, "height": 28}, "drawn": "symbol", "image": {"name": "gear"}}
        explain["elements"].append(gear)
        self.assertEqual(check(explain, "netnewswire", "dark"), [])
        gear["frame"]["x"] = 350  # on the wrong side
        self.assertIn("not inside", check(explain, "netnewswire", "dark")[0])

    def test_bars_and_their_attributes(self):
        explain = perfect_explain("netnewswire", "light")
        bar = find(explain, element="navigationBar")
        bar["frame"]["height"] = 106  # iOS 26's taller large-title bar is within the unsure tolerance
        self.assertEqual(check(explain, "netnewswire", "light"), [])
        bar["frame"]["y"] = 59 + 3
        self.assertIn("frame y", check(explain, "netnewswire", "light")[0])
        bar["frame"]["y"] = 53.667
        bar["largeTitle"] = False
        self.assertIn("largeTitle", check(explain, "netnewswire", "light")[0])

    def test_the_appearance_drawn_is_the_forced_one_where_the_app_forces_it(self):
        explain = perfect_explain("nos", "light")
        self.assertEqual(explain["appearance"], "dark")
        self.assertEqual(check(explain, "nos", "light"), [])
        explain["appearance"] = "light"  # drawn as asked, though the app forces Dark
        self.assertIn("appearance", check(explain, "nos", "light")[0])
        explain = perfect_explain("flowdown", "light")
        explain["appearance"] = "dark"
        self.assertIn("appearance", check(explain, "flowdown", "light")[0])

    def test_no_blink_is_asked_of_a_screen_whose_only_image_is_invisible(self):
        # localsend's only image is a fully transparent 1x1 placeholder: no binary is run for it.
        missing = os.path.join(tempfile.gettempdir(), "splashlab-not-here-%d" % os.getpid())
        project = DATA["projects"]["localsend"]
        self.assertEqual(run.check_intro(missing, project, "x", "light", "iphone-15", "x.json"), [])
        with self.assertRaises(OSError):  # a visible image is checked, which needs the binary
            run.check_intro(missing, DATA["projects"]["bouncer"], "x", "light", "iphone-15", "x.json")

    def test_not_an_object_or_no_elements(self):
        self.assertTrue(run.check_explain([], DATA["projects"]["icecubesapp"], "light", SETTINGS))
        explain = perfect_explain("icecubesapp", "light")
        del explain["elements"]
        self.assertIn("no elements list", check(explain, "icecubesapp", "light"))
        self.assertEqual(run.parse_explain("note\n" + json.dumps({"a": 1}) + "\n"), {"a": 1})


class ExpectationsFile(unittest.TestCase):
    def test_well_formed(self):
        projects = DATA["projects"]
        self.assertEqual(len(projects), 26)  # MANIFEST.md's 15 apps and MANIFEST-2.md's 11
        for name, project in projects.items():
            self.assertTrue(project.get("source") and project.get("why") and project.get("repo"), name)
            for appearance in run.APPEARANCES:
                expected = project[appearance]
                self.assertEqual(sorted(expected["corners"]), sorted(run.CORNERS), name)
                for value in expected["corners"].values():
                    run.parse_colour(value)
                self.assertTrue(expected.get("cornersWhy"), name)
                if "appearance" in expected:
                    self.assertIn(expected["appearance"], run.APPEARANCES, name)
                    self.assertTrue(expected.get("appearanceWhy"), "%s %s forces an appearance without saying why" % (name, appearance))
                for spec in expected["elements"]:
                    where = "%s %s %s" % (name, appearance, run.describe(spec))
                    self.assertTrue(spec.get("why"), where)
                    self.assertTrue(any(k in spec for k in ("frame", "imageRect", "inside")), where)
                    for key in ("frame", "imageRect", "inside"):
                        if key in spec:
                            run.measures(spec[key])
                    widened = any(v > SETTINGS["boxTolerance"] for v in (spec.get("tolerance") or {}).values())
                    if widened or spec.get("check"):
                        self.assertTrue(spec.get("unsure"), "%s widens or narrows its check without saying why" % where)
                    for key in spec.get("check") or []:
                        self.assertIn(key, ("x", "y", "width", "height", "centerX", "centerY", "right", "bottom"), where)
                    if spec["kind"] == "image":
                        self.assertIn("image", spec.get("match") or {}, where)
                    if "visible" in spec:
                        self.assertIsInstance(spec["visible"], bool, where)
                    if spec["kind"] == "label":
                        self.assertIn("text", spec.get("match") or {}, where)
                for spec in expected.get("absent", []):
                    self.assertTrue(spec.get("why"), name)

    def test_one_entry_per_project_folder(self):
        folder = os.environ.get("REALWORLD") or run.DEFAULT_PROJECTS
        if not os.path.isdir(folder):
            self.skipTest("%s not here" % folder)
        present = sorted(d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d)))
        self.assertEqual(present, sorted(DATA["projects"]))


FAKE_BINARY = r'''#!/usr/bin/env python3
import json, os, shutil, sys
args = sys.argv[1:]
value = lambda flag: args[args.index(flag) + 1]
plan = json.load(open(os.environ["FAKE_PLAN"]))
name = os.path.basename(value("--project").rstrip("/"))
entry = plan[name][value("--appearance")]
if entry.get("fail"):
    sys.stderr.write("warning: something\nsplashlab: cannot read the project\n")
    sys.exit(3)
if args[0] == "state":
    # The blink: none with the default timings, one with another start size.
    print(json.dumps({"launch": {"differingPixels": 500 if "--timings" in args else 0}}))
    sys.exit(0)
shutil.copyfile(entry["png"], value("--out"))
assert "--explain" in args and "--json" in args and value("--scale") == "1" and value("--device") == "iphone-15"
print(json.dumps(entry["explain"]))
'''


class EndToEnd(unittest.TestCase):
    def run_main(self, argv, env=None):
        out = io.StringIO()
        saved = dict(os.environ)
        try:
            os.environ.update(env or {})
            for key, value in (env or {}).items():
                if value is None:
                    os.environ.pop(key, None)
            with contextlib.redirect_stdout(out):
                code = run.main(argv)
        finally:
            os.environ.clear()
            os.environ.update(saved)
        return code, out.getvalue()

    def test_absent_folder_says_so_and_fails_only_in_ci(self):
        missing = os.path.join(tempfile.gettempdir(), "realworld-not-here-%d" % os.getpid())
        code, out = self.run_main(["--projects", missing], {"CI": ""})
        self.assertEqual(code, 0)
        self.assertIn("not found; the conformance run needs it (REALWORLD=DIR to point elsewhere)", out)
        code, out = self.run_main([], {"CI": "true", "REALWORLD": missing})
        self.assertEqual(code, 1)
        self.assertIn("not found", out)

    def test_a_run_against_a_stand_in_binary(self):
        names = ["home-assistant-ios", "netnewswire", "owntracks-ios"]
        with tempfile.TemporaryDirectory() as work:
            projects = os.path.join(work, "projects")
            plan = {}
            for name in names:
                os.makedirs(os.path.join(projects, name))
                plan[name] = {}
                for appearance in run.APPEARANCES:
                    png = os.path.join(work, "%s-%s.png" % (name, appearance))
                    with open(png, "wb") as handle:
                        handle.write(screen(DATA["projects"][name][appearance]["corners"]))
                    plan[name][appearance] = {"png": png, "explain": perfect_explain(name, appearance)}
            plan["owntracks-ios"]["dark"]["fail"] = True
            wrong = {k: "#495D85" for k in run.CORNERS}  # display-p3 read as sRGB
            with open(plan["owntracks-ios"]["light"]["png"], "wb") as handle:
                handle.write(screen(wrong))
            with open(os.path.join(work, "plan.json"), "w") as handle:
                json.dump(plan, handle)
            binary = os.path.join(work, "splashlab")
            with open(binary, "w") as handle:
                handle.write(FAKE_BINARY)
            os.chmod(binary, 0o755)
            keep = os.path.join(work, "kept")
            env = {"FAKE_PLAN": os.path.join(work, "plan.json"), "CI": "true"}

            code, out = self.run_main(["--binary", binary, "--projects", projects, "--only", "home-assistant-ios",
                                       "--only", "netnewswire", "--keep", keep], env)
            lines = out.strip().splitlines()
            self.assertEqual(code, 0, out)
            self.assertEqual(lines, ["PASS home-assistant-ios (light, dark)", "PASS netnewswire (light, dark)",
                                     "realworld: 2/2", "2 passed, 0 failed"])
            self.assertTrue(os.path.exists(os.path.join(keep, "netnewswire-dark.png")))
            with open(os.path.join(keep, "netnewswire-dark.json")) as handle:
                self.assertEqual(json.load(handle)["appearance"], "dark")

            code, out = self.run_main(["--binary", binary, "--projects", projects], env)
            lines = out.strip().splitlines()
            self.assertEqual(code, 1, out)
            total = len(DATA["projects"])
            self.assertEqual(lines[-1], "2 passed, %d failed" % (total - 2))
            self.assertEqual(lines[-2], "realworld: 2/%d" % total)
            owntracks = [line for line in lines if "owntracks-ios" in line][0]
            self.assertTrue(owntracks.startswith("FAIL owntracks-ios"), owntracks)
            self.assertIn("light: all four corners are #495D85, expected #3F72B5", owntracks)
            self.assertIn("dark: render exited 3: splashlab: cannot read the project", owntracks)
            missing = [line for line in lines if line.startswith("FAIL daysleft")][0]
            self.assertIn("project folder", missing)

            code, out = self.run_main(["--binary", os.path.join(work, "nope"), "--projects", projects], env)
            self.assertEqual(code, 1)
            self.assertIn("no splashlab binary", out)
            code, out = self.run_main(["--binary", binary, "--projects", projects, "--only", "nope"], env)
            self.assertEqual(code, 1)
            self.assertIn("no expectations for nope", out)


if __name__ == "__main__":
    result = unittest.main(argv=[sys.argv[0]] + sys.argv[1:], exit=False, verbosity=1).result
    sys.exit(0 if result.wasSuccessful() else 1)
