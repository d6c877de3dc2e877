import CSDL2
import Foundation
@testable import PreviewWindow
import TestFixtures
import XCTest

/// Tuning in the window, driven in-process by SDL events on the offscreen driver: no input lost
/// when it arrives at once, a curve drag and a typed value saved byte for byte, undo, the
/// recovery file, hot reload of the timings file, and A and B side by side.
final class WindowEditTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("window-edit", removedAfter: self) }

    var builtInTimings: String { CLI.repositoryRoot.appendingPathComponent("Assets/timings.json").path }

    /// A copy of the built-in timings file to edit.
    func timingsCopy(_ name: String = "timings.json") throws -> String {
        let path = folder + "/" + name
        try FileManager.default.copyItem(atPath: builtInTimings, toPath: path)
        return path
    }

    /// The curve's first control point as the UI dump shows it.
    func cp1(_ window: SteppedWindow) -> [Double] {
        ((window.dump().control("curve.cp1")?.value as? [NSNumber]) ?? []).map(\.doubleValue)
    }

    /// A curve preset clicked with its move, press and release arriving together (before one
    /// frame) applies it; a click on a number field with "0.45" typed at once, with no frame
    /// between, enters 0.45, and the typed digits do not act as window keys (4 sets the rate).
    func testInputArrivingAtOnceIsNotLost() throws {
        let window = try openSteppedWindow(["--seed", "3", "--skip-splash", "--timings", try timingsCopy()], folder: folder)
        XCTAssertTrue(window.step(until: { $0.control("curve") != nil }))
        let preset = "curve.preset.material standard"
        XCTAssertTrue(window.scrollIntoView(preset), "the preset came into view")
        let before = window.dump().control("curve")?.text
        let p = try XCTUnwrap(window.dump().control(preset)).centre
        window.move(to: p.x, p.y); window.button(down: true); window.button(down: false)
        XCTAssertTrue(window.step(until: { $0.control("curve")?.text == "cubic-bezier(0.4, 0, 0.2, 1)" }, limit: 30),
                      "move and click at once apply the preset (curve \(before ?? "?") → \(window.dump().control("curve")?.text ?? "?"))")

        let id = "splash.logo.duration"
        XCTAssertTrue(window.scrollIntoView(id))
        let field = try XCTUnwrap(window.dump().control(id)).centre
        window.move(to: field.x, field.y); window.step(2)
        window.button(down: true); window.button(down: false)
        window.type("0.45", frames: 0)
        window.press(SDLK_RETURN)
        XCTAssertTrue(window.step(until: { $0.control(id)?.number == 0.45 }, limit: 30),
                      "click, then 0.45 typed at once: the field shows \(window.dump().control(id)?.number ?? .nan)")
        XCTAssertEqual((window.dump().view("rate") as? NSNumber)?.doubleValue, 1, "the typed digits did not act as window keys")
    }

    /// The logo curve's first control point dragged and a new duration typed, then Ctrl+S: the
    /// saved file holds exactly those two changes and every other byte as it was; undo brings the
    /// old values back; Q twice quits with the unsaved edits kept in the recovery file; `state` on
    /// the saved file shows the new timing.
    func testACurveDragAndATypedValueAreSavedByteForByteAndUndone() throws {
        let tuned = try timingsCopy("tuned.json")
        let original = try String(contentsOfFile: tuned, encoding: .utf8)
        let window = try SteppedWindow(["--seed", "3", "--skip-splash", "--timings", tuned], folder: folder)
        defer { window.close() }
        XCTAssertTrue(window.step(until: { $0.control("curve.cp1") != nil }))
        window.run(seconds: 1.2)
        XCTAssertEqual(cp1(window), [0.42, 0])
        let c = try XCTUnwrap(window.dump().control("curve.cp1")).centre
        window.drag([0, 10, 20, 30, 40].map { d in (c.x + d / 2, c.y - d) })
        window.step(4)
        let dragged = cp1(window)
        XCTAssertNotEqual(dragged, [0.42, 0], "the drag moves the control point")
        XCTAssertTrue(try window.typeInto("splash.logo.duration", "0.45"))
        window.press(SDLK_s, modifiers: KMOD_LCTRL, frames: 4)
        XCTAssertTrue(window.step(until: { _ in (try? String(contentsOfFile: tuned, encoding: .utf8))?.contains(#""duration": 0.45"#) ?? false }, limit: 60))

        let saved = try String(contentsOfFile: tuned, encoding: .utf8)
        let logo = try XCTUnwrap(((try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])?["splash"] as? [String: Any])?["logo"] as? [String: Any])
        XCTAssertEqual((logo["duration"] as? NSNumber)?.doubleValue, 0.45)
        let curve = try XCTUnwrap(logo["curve"] as? String)
        let parts = curve.replacingOccurrences(of: "cubic-bezier(", with: "").replacingOccurrences(of: ")", with: "").split(separator: ",").map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        XCTAssertTrue(curve.hasPrefix("cubic-bezier(") && parts.count == 4 && parts[2] == 0.58 && parts[3] == 1, "the curve saved: \(curve)")
        XCTAssertNotEqual(parts.prefix(2).compactMap { $0 }, [0.42, 0], "cp1 changed")
        let restored = saved.replacingOccurrences(of: #""duration": 0.45, "curve": "\#(curve)""#, with: #""duration": 0.3, "curve": "easeInEaseOut""#)
        XCTAssertEqual(restored, original, "every other byte is as it was")

        window.press(SDLK_z, modifiers: KMOD_LCTRL, frames: 4)
        window.press(SDLK_z, modifiers: KMOD_LCTRL, frames: 4)
        XCTAssertTrue(window.step(until: { _ in self.cp1(window) == [0.42, 0] }, limit: 30), "undo restores cp1")
        XCTAssertEqual(window.dump().control("splash.logo.duration")?.number, 0.3, "undo restores the duration")
        window.press(SDLK_q, frames: 4)
        window.press(SDLK_q, frames: 4)
        XCTAssertFalse(window.isOpen, "Q twice quits with unsaved edits")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/state/splashlab")) ?? []
        XCTAssertTrue(kept.contains { $0.hasPrefix("recovery") }, "the unsaved edits stay in the recovery file: \(kept)")

        func logoWidth(_ extra: [String]) throws -> Double? {
            let r = try CLI.run(["state", "--at", "0.2", "--seed", "3"] + extra)
            let state = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return ((((state?["splash"] as? [String: Any])?["layers"] as? [String: Any])?["logo"] as? [String: Any])?["width"] as? NSNumber)?.doubleValue
        }
        XCTAssertNotEqual(try logoWidth(["--timings", tuned]), try logoWidth([]), "state on the saved file shows the new timing")
    }

    /// An edit to the timings file while the window runs is applied and announced; a broken edit
    /// is reported as PATH:LINE:COLUMN, the window keeps running, and the file is left as written.
    func testTheTimingsFileIsReloadedAndABrokenEditIsReported() throws {
        let standardError = captureStandardError(folder: folder)
        let timings = folder + "/timings.json"
        try #"{"splash": {"minHold": 2.0}}"#.appending("\n").write(toFile: timings, atomically: true, encoding: .utf8)
        let window = try openSteppedWindow(["--seed", "3", "--timings", timings], folder: folder)
        window.run(seconds: 0.3)
        try #"{"splash": {"minHold": 1.2}}"#.appending("\n").write(toFile: timings, atomically: false, encoding: .utf8)
        window.run(seconds: 0.5)
        XCTAssertTrue(standardError.text.contains("reloaded timings from \(timings)"), "the edit is reloaded: \(standardError.text)")
        let broken = "{\n  \"splash\": {\"minHold\": -1}\n}\n"
        try broken.write(toFile: timings, atomically: false, encoding: .utf8)
        window.run(seconds: 0.5)
        XCTAssertTrue(standardError.text.contains("timings error: \(timings):2:25: splash.minHold must lie in"), "reported with line and column: \(standardError.text)")
        XCTAssertTrue(window.isOpen, "the window keeps running")
        XCTAssertEqual(try String(contentsOfFile: timings, encoding: .utf8), broken, "the file is left as the user wrote it")
    }

    /// A taken, B's logo made larger by typing, A | B: at 1.0 s (paused, the ruler clicked there)
    /// both device screens show the same moment, and B's logo covers more of the middle band.
    func testAAndBSideBySideShowTheSameMomentWithDifferentLogos() throws {
        let window = try openSteppedWindow(["--seed", "3"], folder: folder)
        XCTAssertTrue(window.step(until: { $0.control("save") != nil }, limit: 120))
        window.press(SDLK_a)
        XCTAssertTrue(window.step(until: { $0.flag("hasA") == true }))
        XCTAssertTrue(try window.typeInto("splash.logo.endSize", "150"))
        window.press(SDLK_v)
        XCTAssertTrue(window.step(until: { $0.flag("split") == true }))
        window.press(SDLK_SPACE)
        XCTAssertTrue(window.step(until: { $0.flag("paused") == true }))
        XCTAssertTrue(window.scrollIntoView("timeline.ruler", panel: "timeline", top: 0, bottom: 0))
        let ruler = try XCTUnwrap(window.dump().control("timeline.ruler"))
        window.click(try XCTUnwrap(ruler.x(at: 1.0)), ruler.centre.y)
        window.step(4)
        XCTAssertEqual(try XCTUnwrap(window.dump().control("playhead")?.number), 1.0, accuracy: 2 * (ruler.span.map { $0.end - $0.start } ?? 1) / ruler.width)
        let screens = window.dump().screens
        XCTAssertEqual(screens.count, 2)
        /// The share of near-white (luma above 92%) pixels in a screen's band from 200 to 460 pt
        /// of its 667 (the screens are scaled to fit side by side).
        func whiteShare(_ s: UIDump.Rect) throws -> Double {
            let band = try window.devicePixels(x: Int(s.x), y: Int(s.y + s.height * 200 / 667), width: Int(s.width), height: Int(s.height * 260 / 667))
            return Double(band.count { 0.2126 * Double($0.r) + 0.7152 * Double($0.g) + 0.0722 * Double($0.b) > 0.92 * 255 }) / Double(band.width * band.height)
        }
        let a = try whiteShare(screens[0]), b = try whiteShare(screens[1])
        XCTAssertTrue(b > a * 1.5 && a > 0.005, "B's logo is larger: white share A \(a), B \(b) in \(screens)")
    }
}
