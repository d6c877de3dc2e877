import Foundation
import Render
import XCTest

/// The launch screen of an Xcode project, through the real binary: `render --launch --project`
/// probed at the corners and at the image's edges, in light and dark; the fallbacks; the blink
/// `state --at 0` reports; a user's screen under the hole; Reduce Motion's dismissal.
final class LaunchProjectTests: XCTestCase {
    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/LaunchProjects").path
    /// The fixtures' colour set `LaunchBackground` and image set `Mark` (a solid 120 pt square).
    static let light = (244, 233, 216), dark = (28, 40, 51)
    static let markLight = (232, 96, 28), markDark = (250, 200, 60)

    func temporaryPath(_ name: String) -> String { NSTemporaryDirectory() + "splashlab-launch-\(UUID().uuidString)-\(name)" }

    struct Frame {
        var pixels: [UInt8], width: Int, height: Int
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let o = (y * width + x) * 4
            return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
        }
        /// The bounding box, in pixels, of the pixels nearer `color` than `other`.
        func box(of color: (Int, Int, Int), against other: (Int, Int, Int)) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            var box: (Int, Int, Int, Int)?
            for y in 0..<height {
                for x in 0..<width where distance(pixel(x, y), color) < distance(pixel(x, y), other) {
                    box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                }
            }
            return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
        }
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int { max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2)) }

    func render(_ arguments: [String], line: UInt = #line) throws -> (Frame, String) {
        let out = temporaryPath("frame.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["render", "--out", out] + arguments)
        XCTAssertEqual(r.status, 0, r.stderr, line: line)
        let image = try readPNG(out)
        return (Frame(pixels: image.pixels, width: image.width, height: image.height), r.stderr)
    }

    /// The colour at every corner, and the image's rectangle to 1 px: a 120 pt square centred on a
    /// screen of `points` at `scale`.
    func assertLaunchScreen(project: String, device: String, points: (Double, Double), scale: Double, line: UInt = #line) throws {
        for (appearance, background, mark) in [("light", Self.light, Self.markLight), ("dark", Self.dark, Self.markDark)] {
            let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/" + project, "--appearance", appearance, "--device", device], line: line)
            // Without a project file the Info.plist is guessed, and the warning says so; nothing else is warned of.
            let warnings = stderr.split(separator: "\n").filter { $0.contains("warning") && !$0.contains("guessed as the app's Info.plist") }
            XCTAssertEqual(warnings, [], stderr, line: line)
            for (x, y) in [(0, 0), (frame.width - 1, 0), (0, frame.height - 1), (frame.width - 1, frame.height - 1)] {
                XCTAssertLessThanOrEqual(Self.distance(frame.pixel(x, y), background), 1, "\(project) \(appearance) corner \(x),\(y): \(frame.pixel(x, y))", line: line)
            }
            guard let box = frame.box(of: mark, against: background) else { XCTFail("\(project) \(appearance): no image", line: line); continue }
            let left = (points.0 / 2 - 60) * scale, top = (points.1 / 2 - 60) * scale, side = 120 * scale
            XCTAssertEqual(Double(box.minX), left, accuracy: 1, "\(project) \(appearance) left", line: line)
            XCTAssertEqual(Double(box.maxX + 1), left + side, accuracy: 1, "\(project) \(appearance) right", line: line)
            XCTAssertEqual(Double(box.minY), top, accuracy: 1, "\(project) \(appearance) top", line: line)
            XCTAssertEqual(Double(box.maxY + 1), top + side, accuracy: 1, "\(project) \(appearance) bottom", line: line)
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(frame.width / 2, frame.height / 2), mark), 1, line: line)
        }
    }

    func testStoryboardProjectRendersItsColourAndCentredImageInLightAndDark() throws {
        try assertLaunchScreen(project: "StoryboardProject", device: "iphone-se", points: (375, 667), scale: 2)
        try assertLaunchScreen(project: "StoryboardProject", device: "iphone-15", points: (393, 852), scale: 3)
    }

    func testLaunchScreenDictionaryProjectRendersTheSame() throws {
        try assertLaunchScreen(project: "DictionaryProject", device: "iphone-se", points: (375, 667), scale: 2)
        try assertLaunchScreen(project: "DictionaryProject", device: "iphone-15", points: (393, 852), scale: 3)
    }

    /// Seed 004's order: a storyboard that fails to load gives a warning naming it and the line, and
    /// the xib of the same name is used.
    func testBrokenStoryboardFallsBackToTheXibWithAWarning() throws {
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/BrokenStoryboardProject"])
        XCTAssertTrue(stderr.contains("LaunchScreen.storyboard:34: not a valid XML document (an end tag does not match its start tag); trying the next source"), stderr)
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(0, 0), (51, 102, 153)), 1, "\(frame.pixel(0, 0))")
    }

    func testProjectWithNothingUsableIsWhiteWithAWarning() throws {
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/NothingUsableProject"])
        XCTAssertTrue(stderr.contains("no launch screen source could be used; the launch screen is white"), stderr)
        XCTAssertTrue(stderr.contains("UILaunchStoryboardName names Missing, but no Missing.storyboard or Missing.xib is among the target's files"), stderr)
        for (x, y) in [(0, 0), (frame.width - 1, frame.height - 1), (frame.width / 2, frame.height / 2)] {
            XCTAssertEqual(frame.pixel(x, y).0, 255); XCTAssertEqual(frame.pixel(x, y).1, 255); XCTAssertEqual(frame.pixel(x, y).2, 255)
        }
    }

    // MARK: Bad input

    /// A copy of the storyboard fixture with one file replaced.
    func project(replacing relativePath: String, with contents: String) throws -> String {
        let dir = temporaryPath("project")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/StoryboardProject", toPath: dir)
        try contents.write(toFile: dir + "/" + relativePath, atomically: true, encoding: .utf8)
        return dir
    }

    func testBadProjectFilesWarnNamingTheFileAndFallBack() throws {
        let manyViews = "<?xml version=\"1.0\"?>\n<document><scenes><scene><objects><viewController><view key=\"view\" id=\"root\"><subviews>\n"
            + String(repeating: "<view id=\"v\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></view>\n", count: 10_000)
            + "</subviews></view></viewController></objects></scene></scenes></document>\n"
        // What cannot be read is named; the next source, or the rest of the screen, is drawn:
        // white where nothing else is usable, the fixture's background (244) where the storyboard,
        // or its namedColor fallback for a broken colour set, still is.
        let cases: [(UInt, String, String, String, Int)] = [
            (#line, "Info.plist", "this is not a plist {", "Info.plist: not a property list", 244),
            (#line, "Info.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>", "Info.plist: the property list is not a dictionary", 244),
            (#line, "Base.lproj/LaunchScreen.storyboard", "<?xml version=\"1.0\"?>\n<document>\n<scenes/>\n</document>\n",
             "LaunchScreen.storyboard: no view found", 255),
            (#line, "Base.lproj/LaunchScreen.storyboard", manyViews, "LaunchScreen.storyboard:502: more than 500 views", 255),
            (#line, "Base.lproj/LaunchScreen.storyboard", "", "LaunchScreen.storyboard: the file is empty", 255),
            (#line, "Assets.xcassets/LaunchBackground.colorset/Contents.json",
             "{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"color-space\": \"srgb\", \"components\": {\"alpha\": \"1.000\"}}}]}",
             "LaunchBackground.colorset/Contents.json:1:83: colors[0].color.components needs red, green and blue sRGB components", 244),
            (#line, "Assets.xcassets/LaunchBackground.colorset/Contents.json",
             "{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"color-space\": \"cmyk\", \"components\": {\"cyan\": \"1\"}}}]}",
             "colour space 'cmyk' has no sRGB components", 244),
            (#line, "Assets.xcassets/Mark.imageset/Contents.json",
             "{\"images\": [{\"filename\": \"gone@2x.png\", \"idiom\": \"universal\", \"scale\": \"2x\"}]}",
             "Mark.imageset/Contents.json: names gone@2x.png, which is not in", 244),
        ]
        for (line, file, contents, message, corner) in cases {
            let dir = try project(replacing: file, with: contents)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let (frame, stderr) = try render(["--launch", "--project", dir], line: line)
            XCTAssertTrue(stderr.contains(message), "wanted \(message), got: \(stderr)", line: line)
            XCTAssertFalse(stderr.contains("Fatal error") || stderr.contains("backtrace"), stderr, line: line)
            XCTAssertEqual(Int(frame.pixel(0, 0).0), corner, line: line)
        }
    }

    func testBadScreenImagesAreRefusedNamingTheFile() throws {
        func png(_ w: UInt32, _ h: UInt32) throws -> String {
            let path = temporaryPath("screen.png")
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            for v in [w, h] { bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        for (w, h, message) in [(UInt32(1), UInt32(1), "image is 1x1 px; a screen needs at least 16 px on a side"),
                                (9000, 9000, "image is 9000x9000 px; images over 8192 px on a side are refused")] {
            let path = try png(w, h)
            let r = try CLI.run(["render", "--at", "2.3", "--screen", path, "--out", temporaryPath("x.png")])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("\(path): \(message)"), r.stderr)
        }
    }

    // MARK: The blink

    func launchBlock(_ arguments: [String]) throws -> [String: Any] { try CLI.stateObject("launch", ["--at", "0"] + arguments) }

    func testStateAtZeroReportsTheBlinkWhenTheIntroStartsSmaller() throws {
        let none = try launchBlock(["--seed", "3"])
        XCTAssertEqual(none["differingPixels"] as? Int, 0)
        XCTAssertEqual(none["largestColorDistance"] as? Double, 0)
        let timings = temporaryPath("timings.json")
        try "{\"splash\": {\"logo\": {\"startSize\": 40}}}".write(toFile: timings, atomically: true, encoding: .utf8)
        let blink = try launchBlock(["--seed", "3", "--timings", timings])
        XCTAssertGreaterThan(blink["differingPixels"] as? Int ?? 0, 1000)
        XCTAssertGreaterThan(blink["largestColorDistance"] as? Double ?? 0, 100)
        XCTAssertEqual(blink["source"] as? String, "built-in launch.json")
        // With a project, the intro starts as its launch screen (seed 000): its image view is the
        // logo that grows, so the defaults show no blink, in either appearance...
        for appearance in ["light", "dark"] {
            let project = try launchBlock(["--seed", "3", "--project", Self.fixtures + "/StoryboardProject", "--appearance", appearance])
            XCTAssertEqual(project["appearance"] as? String, appearance)
            XCTAssertEqual(project["differingPixels"] as? Int, 0, appearance)
        }
        // ...and a start size other than the launch screen's is a blink.
        let grown = try launchBlock(["--seed", "3", "--project", Self.fixtures + "/StoryboardProject", "--timings", timings])
        XCTAssertGreaterThan(grown["differingPixels"] as? Int ?? 0, 1000)
    }

    // MARK: A user's screen, Reduce Motion

    func testUserScreenShowsInsideTheHoleAndNothingOfTheFeed() throws {
        let red = temporaryPath("red.png")
        try writePNG([UInt8](repeating: 0, count: 750 * 1334 * 4).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255 },
                     width: 750, height: 1334, to: red)
        let (hole, _) = try render(["--at", "2.3", "--screen", red, "--seed", "3"])
        XCTAssertEqual(hole.pixel(hole.width / 2, hole.height / 2).0, 255)
        XCTAssertEqual(hole.pixel(hole.width / 2, hole.height / 2).1, 0)
        // Every pixel is red or the backdrop's gradient (blue-green): no card, text or photo of the feed.
        var red255 = 0
        for y in stride(from: 0, to: hole.height, by: 3) {
            for x in stride(from: 0, to: hole.width, by: 3) {
                let p = hole.pixel(x, y)
                let isRed = p.0 >= 250 && p.1 <= 5 && p.2 <= 5
                let isBackdrop = p.0 < 80 && p.2 > 100
                let isEdge = p.1 < 200 && p.0 + p.2 > 150 && !isRed && !isBackdrop
                XCTAssertTrue(isRed || isBackdrop || isEdge, "pixel \(x),\(y) is \(p)")
                if isRed { red255 += 1 }
            }
        }
        XCTAssertGreaterThan(red255, hole.width * hole.height / 9 / 2)
        let (done, _) = try render(["--at", "4", "--screen", red, "--seed", "3"])
        for y in stride(from: 0, to: done.height, by: 7) {
            for x in stride(from: 0, to: done.width, by: 7) { XCTAssertEqual(done.pixel(x, y).1, 0, "feed at \(x),\(y)") }
        }
        let r = try CLI.run(["state", "--at", "3", "--screen", red])
        XCTAssertTrue(r.stdout.contains("\"screen\": \"\(red)\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"cards\": []"), r.stdout)
    }

    func testReduceMotionDismissesWhenLoadingCompletesAndSkipShowsTheLaunchScreen() throws {
        let r = try CLI.run(["state", "--at", "0.5", "--reduce-motion", "--feed-latency", "0.5"])
        XCTAssertTrue(r.stdout.contains("\"phase\": \"disappearing\", \"dismissalTime\": 0.5"), r.stdout)
        let timings = temporaryPath("skip.json")
        try "{\"splash\": {\"reduceMotion\": {\"mode\": \"skip\"}}}".write(toFile: timings, atomically: true, encoding: .utf8)
        let (skipped, _) = try render(["--at", "0.2", "--reduce-motion", "--timings", timings, "--seed", "3"])
        let (launch, _) = try render(["--launch", "--seed", "3"])
        XCTAssertEqual(skipped.pixels, launch.pixels, "skip shows the launch screen, not the intro")
        let (still, _) = try render(["--at", "0.2", "--reduce-motion", "--seed", "3"])
        XCTAssertNotEqual(still.pixels, launch.pixels, "still shows the intro's still pose")
    }
}
