#!/usr/bin/env python3
"""Writes the dotLottie fixtures beside this script from the Lottie fixtures here:
  python3 Tests/Fixtures/Intro/make-dotlottie.py
Entries carry a fixed date, so the archives are the same byte for byte on every run."""
import json
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATE = (2024, 1, 1, 0, 0, 0)


def write(name, entries, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(os.path.join(HERE, name), "w") as archive:
        for entry, data in entries:
            info = zipfile.ZipInfo(entry, date_time=DATE)
            info.compress_type = compression
            archive.writestr(info, data, compresslevel=9)


def manifest(ids, active=None):
    body = {"version": "1", "generator": "make-dotlottie.py", "animations": [{"id": i} for i in ids]}
    if active:
        body["activeAnimationId"] = active
    return json.dumps(body, indent=1)


red = open(os.path.join(HERE, "red-square.json"), encoding="utf-8").read()
# The embedded 4x4 green PNG taken out to images/img_0.png, referred to as dotLottie 1 does.
green = json.load(open(os.path.join(HERE, "embedded-image.json"), encoding="utf-8"))
png = __import__("base64").b64decode(green["assets"][0]["p"].split(",", 1)[1])
green["assets"][0].update({"u": "/images/", "p": "img_0.png", "e": 0})

write("red-square.lottie", [("manifest.json", manifest(["red"])), ("animations/red.json", red)])
write("two-animations.lottie", [("manifest.json", manifest(["red", "green"], active="green")),
                                ("animations/red.json", red),
                                ("animations/green.json", json.dumps(green, indent=1)),
                                ("images/img_0.png", png)])
with open(os.path.join(HERE, "not-a-zip.lottie"), "w", encoding="utf-8") as f:
    f.write(red)
write("no-manifest.lottie", [("animations/red.json", red)])
write("missing-animation.lottie", [("manifest.json", manifest(["ghost"])), ("animations/red.json", red)])
# 30 MiB of spaces deflates to about 30 KiB: past the 25 MiB an entry may hold.
write("zip-bomb.lottie", [("manifest.json", manifest(["red"])), ("animations/red.json", red + " " * (30 << 20))])
write("escaping-entry.lottie", [("manifest.json", manifest(["red"])), ("animations/red.json", red), ("../evil.json", red)])
