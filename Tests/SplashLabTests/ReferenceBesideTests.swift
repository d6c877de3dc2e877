import Foundation
import Render
import XCTest

/// `render --reference` and `state --reference`: the phone-like recording of
/// `PhoneRecordingTestCase` as the B side of the preview, aligned as `compare-video` aligns it.
final class ReferenceBesideTests: PhoneRecordingTestCase {
    func state(_ arguments: [String]) throws -> [String: Any] { try CLI.stateObject("reference", ["--seed", "7"] + arguments) }

    func testTheRecordingIsTheBSideOfAStillAndOfTheState() throws {
        let reference = try makeReference()
        // A wipe at 1.0 s, in the hold, where both timings agree: the preview left of the middle
        // pixel for pixel as `render` draws it alone, the recording right of it.
        let wipe = folder + "/wipe.png", bare = folder + "/bare.png"
        let drawn = try CLI.run(["render", "--reference", reference, "--seed", "7", "--scale", "0.5", "--at", "1", "--compare-mode", "wipe", "--out", wipe])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(drawn.stderr.contains("reference offset 0.4"), "the offset found is said: \(drawn.stderr)")
        XCTAssertTrue(drawn.stderr.contains("(launch-screen cut, certainty"), drawn.stderr)
        XCTAssertEqual(try CLI.run(["render", "--seed", "7", "--scale", "0.5", "--at", "1", "--out", bare]).status, 0)
        let sheet = try readPNG(wipe), alone = try readPNG(bare)
        XCTAssertEqual(alone.width, 188)
        XCTAssertEqual(sheet.width, alone.width, "one screen, the label above and the strip below it")
        let label = 19
        func pixel(_ image: (pixels: [UInt8], width: Int, height: Int), _ x: Int, _ y: Int) -> [UInt8] {
            Array(image.pixels[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 3)])
        }
        for y in stride(from: 0, to: alone.height, by: 37) {
            for x in stride(from: 0, to: alone.width / 2 - 2, by: 13) {
                XCTAssertEqual(pixel(sheet, x, y + label), pixel(alone, x, y), "the preview at \(x),\(y)")
            }
        }
        // The recording's status bar (black, 10 px) on the right; the preview's gradient there.
        XCTAssertEqual(pixel(sheet, alone.width * 3 / 4, label + 2).map { Int($0) }.reduce(0, +), 0, accuracy: 40, "the recording's status bar")
        XCTAssertGreaterThan(pixel(alone, alone.width * 3 / 4, 2).map { Int($0) }.reduce(0, +), 120, "the preview has none")

        // Side by side: two tiles, labelled, with a gap around them.
        let split = folder + "/split.png"
        XCTAssertEqual(try CLI.run(["render", "--reference", reference, "--seed", "7", "--scale", "0.5", "--at", "1", "--reference-offset", "0.4", "--out", split]).status, 0)
        let both = try readPNG(split)
        XCTAssertEqual(both.width, 2 * 188 + 3 * 4)

        // record: every frame of the two side by side, the figures in the strip.
        let video = folder + "/beside.mp4"
        let recorded = try CLI.run(["record", "--reference", reference, "--seed", "7", "--scale", "0.5", "--reference-offset", "0.4",
                                    "--duration", "0.5", "--fps", "30", "--out", video])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(recorded.stderr.contains("15 frames") && recorded.stderr.contains("\(both.width)x\(both.height)"), recorded.stderr)
        XCTAssertTrue(recorded.stderr.contains("reference offset 0.4000 s (manual"), recorded.stderr)

        // state: the frame shown at T is the latest not after T + offset; near zero in the hold,
        // well up while the slower hole grows.
        let holding = try state(["--at", "1", "--reference", reference])
        let offset = try XCTUnwrap(holding["offset"] as? Double)
        XCTAssertEqual(offset, 0.4, accuracy: 1.0 / 120, "within one frame of the 0.4 s lead")
        XCTAssertEqual(holding["alignment"] as? String, "launch-screen cut")
        let frame = try XCTUnwrap(holding["frame"] as? [String: Any])
        let frameTime = try XCTUnwrap(frame["time"] as? Double)
        XCTAssertLessThanOrEqual(frameTime, 1 + offset + 1e-4)
        XCTAssertGreaterThan(frameTime, 1 + offset - 0.11, "at most 12 repeated frames were left out")
        XCTAssertGreaterThan(try XCTUnwrap(frame["index"] as? Int), 48, "after the 0.4 s of test pattern")
        let agrees = try XCTUnwrap((holding["difference"] as? [String: Any])?["share"] as? Double)
        XCTAssertLessThan(agrees, 0.01)
        let growing = try state(["--at", "2.35", "--reference", reference, "--reference-offset", "0.4"])
        XCTAssertEqual(growing["alignment"] as? String, "manual")
        XCTAssertEqual(growing["offset"] as? Double, 0.4)
        let differs = try XCTUnwrap((growing["difference"] as? [String: Any])?["share"] as? Double)
        XCTAssertGreaterThan(differs, 0.1, "the hole is 0.2 s slower in the recording")
    }

    func testMistakesAndBadRecordingsAreRefusedNamingTheFile() throws {
        try "not a video".write(toFile: folder + "/notes.mov", atomically: true, encoding: .utf8)
        let out = folder + "/x.png"
        let cases: [([String], String)] = [
            (["render", "--at", "1", "--reference-offset", "0.4", "--out", out], "--reference-offset sets how the recording is shown: add --reference FILE"),
            (["render", "--at", "1", "--compare-mode", "wipe", "--out", out], "--compare-mode sets how the recording is shown: add --reference FILE"),
            (["render", "--at", "1", "--reference", "a.mov", "--compare-mode", "blend", "--out", out], "--compare-mode must be one of split, wipe, overlay, difference (got 'blend')"),
            (["render", "--launch", "--reference", "a.mov", "--out", out], "--reference shows the recording beside the preview at one time: use --at, not --launch"),
            (["render", "--at", "1", "--reference", "a.mov", "--compare", "a.json", "b.json", "--out", out], "--reference is the B side itself; leave out --compare"),
            (["record", "--reference", "a.mov", "--show-touches", "--out", folder + "/x.mp4"], "--show-touches draws over one preview; leave it out with --reference"),
            (["state", "--trace", "--reference", "a.mov"], "--reference shows the recording at one time: use --at, not --trace"),
            (["state", "--at", "1", "--reference", folder + "/notes.mov"], "splashlab: \(folder)/notes.mov: ffprobe could not read it"),
            (["render", "--at", "1", "--reference", folder + "/missing.mov", "--out", out], "splashlab: \(folder)/missing.mov: cannot read the file"),
        ]
        for (arguments, message) in cases {
            let run = try CLI.run(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is written")
    }
}
