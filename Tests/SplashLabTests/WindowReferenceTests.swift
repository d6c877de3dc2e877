import CSDL2
import Foundation
@testable import PreviewWindow
import XCTest

/// `run --reference`: the phone-like recording of `PhoneRecordingTestCase` as the B side of the
/// window's compare modes, locked to the preview's clock, and `,` `.` nudging its offset.
final class WindowReferenceTests: PhoneRecordingTestCase {
    func reference(_ d: UIDump) -> [String: Any]? { d.layout["reference"] as? [String: Any] }
    func frame(_ d: UIDump) -> Int? { (reference(d)?["frame"] as? NSNumber)?.intValue }
    func offset(_ d: UIDump) -> Double? { (reference(d)?["offset"] as? NSNumber)?.doubleValue }

    /// The mean brightness (0…765) of the top `rows` rows of a screen's pixels.
    func topBrightness(_ p: RenderedPixels, rows: Int) -> Double {
        var sum = 0
        for y in 0..<rows { for x in 0..<p.width { let c = p.pixel(x, y); sum += c.r + c.g + c.b } }
        return Double(sum) / Double(rows * p.width)
    }

    func testTheRecordingIsBInEveryModeLockedToTheClockAndNudgedByAFrame() throws {
        let recording = try makeReference()
        // The offset by hand, as the window's child compare-video takes it for the curve.
        let window = try SteppedWindow(["--seed", "7", "--reference", recording, "--reference-offset", "0.4"], folder: folder, windowScale: 1)
        defer { window.close() }
        window.run(seconds: 1)
        window.press(SDLK_SPACE)
        XCTAssertTrue(window.shell.state.isPaused)
        XCTAssertEqual(offset(window.dump()), 0.4)
        XCTAssertEqual(reference(window.dump())?["shown"] as? Bool, false, "B shows only when compared")
        // Its lane in the timeline: from its first frame to its last on the preview's clock, a
        // tick a frame.
        let lane = try XCTUnwrap(window.dump().control("timeline.reference"), "the reference's lane")
        XCTAssertEqual(try XCTUnwrap(lane.span).start, -0.4, accuracy: 1e-9, "its first frame 0.4 s before the preview's start")
        XCTAssertGreaterThan(try XCTUnwrap(window.dump().control("timeline.reference.ticks")?.number), 20, "its frames' ticks in view")

        // V: the preview and the recording side by side; the recording's status bar (black) on B.
        window.press(SDLK_v)
        XCTAssertTrue(window.step(until: { $0.compare == "split" && $0.screens.count == 2 }, limit: 30), "the split shows")
        var d = window.dump()
        XCTAssertEqual(reference(d)?["shown"] as? Bool, true)
        let shown = try XCTUnwrap(frame(d), "a frame at 1 s + 0.4 s")
        XCTAssertGreaterThan(shown, 48, "after the recording's 0.4 s of test pattern at 120 fps")
        let a = d.screens[0], b = d.screens[1]
        let previewPixels = try window.devicePixels(x: Int(a.x), y: Int(a.y), width: Int(a.width), height: Int(a.height))
        let referencePixels = try window.devicePixels(x: Int(b.x), y: Int(b.y), width: Int(b.width), height: Int(b.height))
        XCTAssertLessThan(topBrightness(referencePixels, rows: 8), 60, "the recording's black status bar on B")
        XCTAssertGreaterThan(topBrightness(previewPixels, rows: 8), 150, "the preview's gradient on A")
        // Below it, in the hold, the two agree.
        let below = { (p: RenderedPixels) in RenderedPixels(bytes: Array(p.bytes[(p.width * 40 * 4)...]), width: p.width, height: p.height - 40) }
        XCTAssertLessThan(Double(below(referencePixels).differing(from: below(previewPixels), tolerance: 40)) / Double(referencePixels.width * (referencePixels.height - 40)), 0.05,
                          "the same splash in the hold")

        // `.` one frame later, `,` twice: one frame before where it was; the preview's time is unchanged.
        window.type(".")
        XCTAssertTrue(window.step(until: { self.frame($0) == shown + 1 }, limit: 30), "one frame later: \(String(describing: frame(window.dump())))")
        window.type(",")
        window.type(",")
        XCTAssertTrue(window.step(until: { self.frame($0) == shown - 1 }, limit: 30), "one frame earlier: \(String(describing: frame(window.dump())))")
        XCTAssertLessThan(try XCTUnwrap(offset(window.dump())), 0.4)

        // Stepping the paused preview moves B with it: forward a second's worth of frames, B follows.
        for _ in 0..<30 { window.press(SDLK_RIGHT, frames: 1) }
        window.step(2)
        d = window.dump()
        // The frame shown is the latest whose own time is not after the preview's time + offset
        // (frames that repeat the one before were left out of the recording: fewer than 60 here).
        let times = try XCTUnwrap(window.shell.referenceFrames?.frames.map(\.time))
        let due = window.shell.state.time + (try XCTUnwrap(offset(d)))
        let expected = try XCTUnwrap(times.lastIndex { $0 <= due + 1e-9 })
        XCTAssertEqual(frame(d), expected, "B moves with the preview's clock (time \(window.shell.state.time))")
        XCTAssertGreaterThan(expected, shown, "the preview stepped half a second on")

        // The wipe: A left of the divider, the recording (its status bar) right of it.
        try window.click("compare.wipe")
        XCTAssertTrue(window.step(until: { $0.compare == "wipe" }, limit: 30), "the wipe shows")
        window.step(2)
        let wiped = try window.screenPixels()
        let position = try XCTUnwrap(window.dump().layoutNumber("wipePosition"))
        let cut = Int(Double(wiped.width) * position)
        var leftTop = 0, rightTop = 0
        for y in 0..<8 {
            for x in 0..<(cut - 4) { let c = wiped.pixel(x, y); leftTop += c.r + c.g + c.b }
            for x in (cut + 4)..<wiped.width { let c = wiped.pixel(x, y); rightTop += c.r + c.g + c.b }
        }
        XCTAssertGreaterThan(Double(leftTop) / Double(8 * (cut - 4)), 150, "the preview left of the divider")
        XCTAssertLessThan(Double(rightTop) / Double(8 * (wiped.width - cut - 4)), 60, "the recording right of it")

        // The Graph view: under the motion, the difference curve compare-video made for the window.
        let curve = try XCTUnwrap(window.shell.state.reference)
        XCTAssertGreaterThan(curve.curveTimes.count, 100, "a point a preview frame at 60 fps")
        XCTAssertGreaterThan(curve.curveShares.max() ?? 0, 0.1, "up where the recording's hole is slower")
        try window.click("dock.graph")
        XCTAssertTrue(window.step(until: { $0.control("graph.reference") != nil }, limit: 30), "the difference plot under the motion")

        // The difference: near black below the status bar where the two agree, before the hole.
        try window.click("compare.difference")
        XCTAssertTrue(window.step(until: { $0.compare == "difference" }, limit: 30), "the difference shows")
        window.step(2)
        let difference = try window.screenPixels()
        XCTAssertGreaterThan(topBrightness(difference, rows: 8), 150, "the status bar differs")
    }

    /// The launch frame is the preview's alone; the next frame, in a wipe, has the recording's
    /// test pattern and status bar on its right half. That is not a blink of the app's, and it
    /// was reported as one (a finding in the lint list) until the comparison was left out while
    /// B shares the screen.
    func testAWipeFromTheStartReportsNoBlinkAndItsLabelsFitASmallWindow() throws {
        let recording = try makeReference()
        let window = try SteppedWindow(["--seed", "7", "--reference", recording, "--reference-offset", "0", "--compare-mode", "wipe"],
                                       folder: folder, windowScale: 1)
        defer { window.close() }
        XCTAssertTrue(window.step(until: { $0.compare == "wipe" && (self.reference($0)?["shown"] as? Bool) == true }, limit: 60), "the wipe shows B")
        window.step(10)
        XCTAssertGreaterThan(try XCTUnwrap(window.dump().view("launchFramesShown") as? NSNumber).intValue, 0, "the launch frame was drawn")
        XCTAssertNil(window.dump().view("launchBlink"), "no blink measured on a screen B shares")

        // The difference's label, the longest, stays above its screen in this 1024-unit window,
        // rather than running into the properties panel.
        try window.click("compare.difference")
        XCTAssertTrue(window.step(until: { $0.compare == "difference" }, limit: 30), "the difference shows")
        let d = window.dump()
        let label = try XCTUnwrap(d.control("label.compare")), box = try XCTUnwrap(d.rect((d.layout["labels"] as? [Any])?.first))
        XCTAssertLessThanOrEqual(label.x + label.width, box.maxX, "the label \(label) within its box \(box)")
    }
}
