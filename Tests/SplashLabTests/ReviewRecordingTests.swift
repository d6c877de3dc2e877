import Foundation
import XCTest
@testable import Formats
@testable import Scenes

/// Review recordings through the real binary: frames are written as PNG folders (lossless) and
/// decoded with the real ffmpeg, so pixels are compared exactly.
final class ReviewRecordingTests: XCTestCase {
    func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "splashlab-review-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A PNG's pixels as RGBA, decoded by ffmpeg; its size from the IHDR chunk.
    struct Image: Equatable {
        var width: Int, height: Int, pixels: [UInt8]

        init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

        init(png path: String) throws {
            let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24)
            func be32(_ at: Int) -> Int { header[at...at + 3].reduce(0) { $0 << 8 | Int($1) } }
            width = be32(16)
            height = be32(20)
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
            ffmpeg.arguments = ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
            let pipe = Pipe()
            ffmpeg.standardOutput = pipe
            try ffmpeg.run()
            pixels = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
            ffmpeg.waitUntilExit()
            XCTAssertEqual(pixels.count, width * height * 4, "ffmpeg decoded \(path)")
        }

        func crop(x: Int, y: Int, width w: Int, height h: Int) -> Image {
            var out = [UInt8]()
            out.reserveCapacity(w * h * 4)
            for row in y..<(y + h) { out += pixels[((row * width + x) * 4)..<((row * width + x + w) * 4)] }
            return Image(width: w, height: h, pixels: out)
        }

        /// The bounding box of the pixels that differ from `other` (same size), or nil.
        func differences(from other: Image) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            var box: (Int, Int, Int, Int)?
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    if pixels[i..<(i + 4)] != other.pixels[i..<(i + 4)] {
                        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                    }
                }
            }
            return box
        }
    }

    /// `name at X,Y WxH` entries of a command's `tiles:` report.
    func tiles(in stderr: String) -> [(name: String, x: Int, y: Int, width: Int, height: Int)] {
        guard let range = stderr.range(of: "tiles: ") else { return [] }
        let list = stderr[range.upperBound...].prefix { $0 != "\n" }.components(separatedBy: "; timings:")[0]
        return list.components(separatedBy: "; ").compactMap { entry in
            let parts = entry.components(separatedBy: " at ")
            guard parts.count == 2 else { return nil }
            let place = parts[1].split(separator: " ")
            let xy = place[0].split(separator: ",").compactMap { Int($0) }, size = place[1].split(separator: "x").compactMap { Int($0) }
            return (parts[0], xy[0], xy[1], size[0], size[1])
        }
    }

    func frame(_ dir: String, _ index: Int) -> String { String(format: "%@/frame-%05d.png", dir, index + 1) }

    func write(_ text: String, to path: String) { try! text.write(toFile: path, atomically: true, encoding: .utf8) }

    /// A drag over the feed after the splash: pressed at 3.52 s at (120, 300), released at 3.8 s.
    let dragScript = """
    {"events": [{"t": 3.52, "type": "down", "x": 120, "y": 300},
                {"t": 3.62, "type": "move", "x": 120, "y": 330},
                {"t": 3.72, "type": "move", "x": 125, "y": 400},
                {"t": 3.8, "type": "up", "x": 125, "y": 410}]}
    """

    // MARK: Touches

    /// The frame after the press has the finger circle centred on the press position, 44 pt
    /// across; half a second after the release the frame is the same as without markers.
    func testShowTouchesMarksThePressAndNothingHalfASecondAfterTheRelease() throws {
        let dir = temporaryDirectory()
        write(dragScript, to: dir + "/drag.json")
        let common = ["--script", dir + "/drag.json", "--fps", "10", "--duration", "4.4", "--scale", "1", "--seed", "3"]
        let plain = try CLI.run(["record", "--out", dir + "/plain"] + common)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let touched = try CLI.run(["record", "--out", dir + "/touches", "--show-touches"] + common)
        XCTAssertEqual(touched.status, 0, touched.stderr)

        // Frame 36 is at 3.6 s, the first after the press at 3.52 s; frame 35 (3.5 s) is before it.
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/plain", 35))),
                       try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/touches", 35))), "no marker before the press")
        let after = try Image(png: frame(dir + "/touches", 36)), without = try Image(png: frame(dir + "/plain", 36))
        let box = try XCTUnwrap(after.differences(from: without), "a marker in the frame after the press")
        XCTAssertEqual(Double(box.minX + box.maxX) / 2, 120, accuracy: 1.5)
        XCTAssertEqual(Double(box.minY + box.maxY) / 2, 300, accuracy: 1.5)
        // 44 pt at 1 px a point, plus the one-pixel anti-aliasing fringe each side.
        XCTAssertEqual(Double(box.maxX - box.minX + 1), TouchMarkers.diameter, accuracy: 3)
        // The centre is greyed: the translucent disc, not only the rim.
        let centre = (300 * after.width + 120) * 4
        XCTAssertNotEqual(Array(after.pixels[centre..<centre + 3]), Array(without.pixels[centre..<centre + 3]))

        // Released at 3.8 s; 0.5 s later (frame 43 at 4.3 s) there is nothing left of it.
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/plain", 43))),
                       try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/touches", 43))), "no marker 0.5 s after the release")
    }

    // MARK: Burn-in

    /// The burn-in strip lies below the device: every frame's device area is byte for byte the
    /// plain recording's, and the strip holds text.
    func testBurnInNeverChangesAPixelOfTheDeviceArea() throws {
        let dir = temporaryDirectory()
        write(dragScript, to: dir + "/drag.json")
        let common = ["--script", dir + "/drag.json", "--fps", "5", "--duration", "4.2", "--scale", "0.5", "--seed", "3", "--show-touches"]
        let plain = try CLI.run(["record", "--out", dir + "/plain"] + common)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let burned = try CLI.run(["record", "--out", dir + "/burn", "--burn-in"] + common)
        XCTAssertEqual(burned.status, 0, burned.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/burn").filter { $0.hasSuffix(".png") }.count
        XCTAssertEqual(frames, 21)
        for i in 0..<frames {
            let device = try Image(png: frame(dir + "/plain", i)), withStrip = try Image(png: frame(dir + "/burn", i))
            XCTAssertEqual(withStrip.width, device.width)
            XCTAssertGreaterThan(withStrip.height, device.height, "the strip is outside the device")
            XCTAssertTrue(withStrip.crop(x: 0, y: 0, width: device.width, height: device.height) == device, "frame \(i): the device area changed")
            let strip = withStrip.crop(x: 0, y: device.height, width: device.width, height: withStrip.height - device.height)
            XCTAssertGreaterThan(Set(stride(from: 0, to: strip.pixels.count, by: 4).map { strip.pixels[$0] }).count, 2, "frame \(i): the strip has text")
        }
        // The strip names the timings file by a hash anyone can check with sha256sum.
        let hash = try shortSHA256(CLI.repositoryRoot.appendingPathComponent("Assets/timings.json").path)
        XCTAssertTrue(burned.stderr.contains("timings.json #\(hash)"), burned.stderr)
    }

    func shortSHA256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(out.prefix(8))
    }

    // MARK: Compare

    /// Two files that differ only in splash.logo.duration (0.3 s and 1 s): their tiles differ
    /// while the slower logo is still growing, and are identical once it has grown, through the
    /// hold and the disappearance. Each tile is exactly that file's own frame.
    func testCompareTilesDifferDuringTheAppearanceAndMatchOnceItIsOver() throws {
        let dir = temporaryDirectory()
        let defaults = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Assets/timings.json"), encoding: .utf8)
        write(defaults, to: dir + "/a.json")
        var timings = try Timings.parse(text: defaults, path: "a.json")
        timings.splash.logoDuration = 1
        write(TimingsSchema.fileText(timings), to: dir + "/b.json")

        let r = try CLI.run(["record", "--compare", dir + "/a.json", dir + "/b.json", "--out", dir + "/ab",
                             "--fps", "10", "--duration", "2.5", "--scale", "0.5", "--seed", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let placed = tiles(in: r.stderr)
        XCTAssertEqual(placed.map(\.name), ["a.json", "b.json"], r.stderr)
        XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
        for i in 1..<25 {
            let image = try Image(png: frame(dir + "/ab", i))
            let a = image.crop(x: placed[0].x, y: placed[0].y, width: placed[0].width, height: placed[0].height)
            let b = image.crop(x: placed[1].x, y: placed[1].y, width: placed[1].width, height: placed[1].height)
            if i < 10 {
                XCTAssertFalse(a == b, "frame \(i) at \(Double(i) / 10) s: b's logo is still growing")
            } else {
                XCTAssertTrue(a == b, "frame \(i) at \(Double(i) / 10) s: both logos have grown")
            }
        }
        // A tile is the file's own frame, as render draws it alone.
        let alone = try CLI.run(["render", "--timings", dir + "/b.json", "--at", "0.5", "--scale", "0.5", "--seed", "3", "--out", dir + "/b.png"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        let grid = try Image(png: frame(dir + "/ab", 5))
        XCTAssertTrue(grid.crop(x: placed[1].x, y: placed[1].y, width: placed[1].width, height: placed[1].height) == (try Image(png: dir + "/b.png")))
    }

    /// Files that differ in nothing still render, with a warning.
    func testIdenticalCompareFilesRenderWithAWarning() throws {
        let dir = temporaryDirectory()
        let defaults = CLI.repositoryRoot.appendingPathComponent("Assets/timings.json").path
        try FileManager.default.copyItem(atPath: defaults, toPath: dir + "/same.json")
        let r = try CLI.run(["render", "--compare", defaults, dir + "/same.json", "--at", "0.1", "--scale", "0.5", "--seed", "3", "--out", dir + "/still.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: same.json has the same timings as timings.json"), r.stderr)
        let placed = tiles(in: r.stderr)
        XCTAssertEqual(placed.count, 2)
        let image = try Image(png: dir + "/still.png")
        XCTAssertTrue(image.crop(x: placed[0].x, y: placed[0].y, width: placed[0].width, height: placed[0].height)
                      == image.crop(x: placed[1].x, y: placed[1].y, width: placed[1].width, height: placed[1].height))
    }

    // MARK: Slow motion

    /// --rate 0.25 makes four times the frames for the same preview time, and its frame 4k is
    /// exactly frame k of the normal-speed recording.
    func testQuarterRateHasFourTimesTheFramesLandingOnTheNormalOnes() throws {
        let dir = temporaryDirectory()
        let common = ["--fps", "10", "--duration", "2.5", "--scale", "0.5", "--seed", "3"]
        let normal = try CLI.run(["record", "--out", dir + "/normal"] + common)
        XCTAssertEqual(normal.status, 0, normal.stderr)
        let slow = try CLI.run(["record", "--out", dir + "/slow", "--rate", "0.25"] + common)
        XCTAssertEqual(slow.status, 0, slow.stderr)
        let count = { (d: String) in try FileManager.default.contentsOfDirectory(atPath: d).filter { $0.hasSuffix(".png") }.count }
        XCTAssertEqual(try count(dir + "/normal"), 25)
        XCTAssertEqual(try count(dir + "/slow"), 100)
        for k in 0..<25 {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/slow", 4 * k))),
                           try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/normal", k))), "slow frame \(4 * k) is normal frame \(k)")
        }
        // In between, the slow video has frames the normal one never shows (during the splash's motion).
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/slow", 1))),
                          try Data(contentsOf: URL(fileURLWithPath: frame(dir + "/slow", 0))))
    }

    // MARK: Filmstrip

    /// A filmstrip of the disappearance: 8 tiles in a 4 × 2 grid, each exactly the frame `render
    /// --at` gives at its time.
    func testFilmstripTilesAreTheFramesAtTheirTimes() throws {
        let dir = temporaryDirectory()
        let r = try CLI.run(["render", "--filmstrip", "--from", "2", "--to", "2.6", "--count", "8", "--scale", "0.5", "--seed", "3",
                             "--out", dir + "/sheet.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let placed = tiles(in: r.stderr)
        XCTAssertEqual(placed.map(\.name), ["2.000 s", "2.086 s", "2.171 s", "2.257 s", "2.343 s", "2.429 s", "2.514 s", "2.600 s"])
        XCTAssertEqual(Set(placed.map(\.y)).count, 2, "two rows")
        let sheet = try Image(png: dir + "/sheet.png")
        for i in [0, 3, 7] {
            // The same arithmetic as the command's, so the time is the same double.
            let t = 2 + (2.6 - 2) * Double(i) / 7
            let alone = try CLI.run(["render", "--at", String(t), "--scale", "0.5", "--seed", "3", "--out", dir + "/\(i).png"])
            XCTAssertEqual(alone.status, 0, alone.stderr)
            XCTAssertTrue(sheet.crop(x: placed[i].x, y: placed[i].y, width: placed[i].width, height: placed[i].height) == (try Image(png: dir + "/\(i).png")),
                          "tile \(i) at \(t) s")
        }
    }

    // MARK: Bad input

    /// Each mistake is named, exits 2, and nothing is written: it is found before rendering.
    func testBadReviewInputIsAUsageErrorBeforeAnyRendering() throws {
        let dir = temporaryDirectory()
        let good = CLI.repositoryRoot.appendingPathComponent("Assets/timings.json").path
        write("{\"splash\": {\"logo\": {\"duration\": \"slow\"}}}", to: dir + "/broken.json")
        let cases: [(UInt, [String], String)] = [
            (#line, ["record", "--compare", good], "--compare needs two or more timings files"),
            (#line, ["render", "--at", "1", "--compare", good], "--compare needs two or more timings files"),
            (#line, ["record", "--compare", good, dir + "/missing.json"], "--compare: timings file \(dir)/missing.json not found"),
            (#line, ["record", "--compare", good, dir + "/broken.json"], "--compare: \(dir)/broken.json:1:"),
            (#line, ["record", "--compare", good, good, "--timings", good], "leave out --timings"),
            (#line, ["record", "--rate", "0.3"], "--rate must be one of 1, 0.5, 0.25, 0.1 (got '0.3')"),
            (#line, ["render", "--filmstrip", "--count", "0"], "--count must be at least 1 (got 0)"),
            (#line, ["render", "--filmstrip", "--from", "3", "--to", "2"], "--from 3 is later than --to 2"),
            (#line, ["render", "--filmstrip", "--at", "1"], "--filmstrip takes --from, --to and --count instead of --at"),
            (#line, ["render", "--at", "1", "--count", "4"], "--count sets a filmstrip's frames: add --filmstrip"),
            (#line, ["record", "--compare"], "--compare needs a value"),
        ]
        for (line, args, message) in cases {
            let out = dir + "/out-\(line)" + (args[0] == "render" ? ".png" : ".mp4")
            let r = try CLI.run(args + ["--out", out])
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)", line: line)
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)", line: line)
            XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("backtrace"), r.stderr, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing rendered for \(args)", line: line)
        }
    }

    // MARK: Help

    /// `record --help` prints record's options (the review ones included) and examples, not the
    /// global page.
    func testRecordHelpListsItsOwnOptionsAndExamples() throws {
        let r = try CLI.run(["record", "--help"])
        XCTAssertEqual(r.status, 0)
        for needle in ["splashlab record:", "--show-touches", "--burn-in", "--compare FILE...", "--rate R",
                       "splashlab record --compare a.json b.json --out ab.mp4"] {
            XCTAssertTrue(r.stdout.contains(needle), "\(needle) in: \(r.stdout)")
        }
        XCTAssertFalse(r.stdout.contains("--filmstrip"), "render's options are not record's")
        XCTAssertFalse(r.stdout.contains("commands:"), "not the global page")
        let render = try CLI.run(["render", "--help"])
        XCTAssertTrue(render.stdout.contains("--filmstrip") && render.stdout.contains("--count N"), render.stdout)
    }
}

/// The finger markers as a function of the log and the time.
final class TouchMarkerTests: XCTestCase {
    let log = [
        InputEvent(time: 1.0, kind: .down(x: 100, y: 200)),
        InputEvent(time: 1.1, kind: .move(x: 100, y: 250)),
        InputEvent(time: 1.2, kind: .move(x: 100, y: 300)),
        InputEvent(time: 1.3, kind: .key("p")),
        InputEvent(time: 1.4, kind: .up(x: 100, y: 310)),
        InputEvent(time: 3.0, kind: .down(x: 50, y: 60)),
        InputEvent(time: 3.2, kind: .cancel),
    ]

    func heads(_ t: Double) -> [TouchMarker] { TouchMarkers.markers(at: t, log: log).filter(\.isHead) }

    func testAHeadFromThePressUntilTheFadeEnds() {
        XCTAssertTrue(TouchMarkers.markers(at: 0.99, log: log).isEmpty, "nothing before the press")
        XCTAssertEqual(heads(1.0), [TouchMarker(x: 100, y: 200, radius: 22, opacity: 1, isHead: true)], "at the press, at full strength")
        XCTAssertEqual(heads(1.25).map { [$0.x, $0.y, $0.opacity] }, [[100, 300, 1]], "follows the drag")
        XCTAssertEqual(heads(1.55).first?.opacity ?? 0, 0.5, accuracy: 1e-9, "half faded 0.15 s after the release")
        XCTAssertEqual(heads(1.55).first.map { [$0.x, $0.y] }, [100, 310], "where it was released")
        XCTAssertTrue(TouchMarkers.markers(at: 1.4 + TouchMarkers.fadeOutDuration, log: log).isEmpty, "gone after the fade")
        XCTAssertTrue(TouchMarkers.markers(at: 2.5, log: log).isEmpty)
    }

    func testTheTrailIsRecentPositionsFadingWithAge() {
        let trail = TouchMarkers.markers(at: 1.25, log: log).filter { !$0.isHead }
        // The press at 1.0 is older than the trail; the move at 1.1 is 0.15 s old.
        XCTAssertEqual(trail.map(\.y), [250])
        XCTAssertLessThan(trail[0].opacity, 1)
        XCTAssertLessThan(trail[0].radius, TouchMarkers.diameter / 2)
        let older = TouchMarkers.markers(at: 1.28, log: log).filter { !$0.isHead }
        XCTAssertLessThan(older[0].opacity, trail[0].opacity, "fainter as it ages")
    }

    func testACancelFadesOutWhereThePointerWas() {
        XCTAssertEqual(heads(3.1).map { [$0.x, $0.y, $0.opacity] }, [[50, 60, 1]])
        XCTAssertEqual(heads(3.35).map { [$0.x, $0.y] }, [[50, 60]])
        XCTAssertEqual(heads(3.35).first?.opacity ?? 0, 0.5, accuracy: 1e-9)
    }

    /// A pure function of the log: a held press long ago still shows, whatever came between.
    func testALongHoldIsStillShown() {
        var held = [InputEvent(time: 0, kind: .down(x: 10, y: 20))]
        held += (1...500).map { InputEvent(time: Double($0) * 0.01, kind: .wheel(dy: 1)) }
        XCTAssertEqual(TouchMarkers.markers(at: 9, log: held).map { [$0.x, $0.y, $0.opacity] }, [[10, 20, 1]])
    }
}
