import CSDL2
import Foundation
@testable import PreviewWindow
import TestFixtures
import XCTest

/// The timeline dock, driven in-process by SDL events on the offscreen driver and read from the
/// UI dump: zoom and pan, snapping, the loop region, lane selection, the input row, and the Graph
/// view with its interruption list.
final class WindowTimelineTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("window-timeline", removedAfter: self) }

    func span(_ dump: UIDump, _ id: String = "timeline.ruler") -> Double { dump.control(id)?.span.map { $0.end - $0.start } ?? .nan }

    /// No two of the timeline's label rectangles overlap, and there are more than five.
    func assertLabelsApart(_ window: SteppedWindow, _ when: String, line: UInt = #line) throws {
        let labels = window.dump().controls.filter { $0.id.hasPrefix("timeline.label.") }
        let rects = labels.map { UIDump.Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        var overlaps: [String] = []
        for i in rects.indices { for j in rects.indices where j > i && rects[i].intersects(rects[j]) { overlaps.append("\(labels[i].id) / \(labels[j].id)") } }
        XCTAssertEqual(overlaps, [], "timeline labels overlap (\(when))", line: line)
        XCTAssertGreaterThan(labels.count, 5, "the timeline's labels (\(when))", line: line)
    }

    /// Ctrl+wheel halves and doubles the span the ruler shows, the wheel alone pans, F fits the
    /// splash again; the logo's end dragged to 4 px from d lands exactly on d, with Shift held it
    /// does not; a drag on the loop band makes a loop region, which plays only its range several
    /// times over, and a click on the band ends it; a click on a lane's name selects its track;
    /// the input row marks the take's input. No two labels overlap at any of these zooms.
    func testTheTimelineZoomsSnapsLoopsAndSelects() throws {
        let window = try openSteppedWindow(["--seed", "3"], folder: folder)
        XCTAssertTrue(window.step(until: { self.span($0) > 0 }, limit: 120), "the UI dump has a timeline ruler")
        // Paused on the splash's hold, so nothing but the input moves the timeline.
        window.run(seconds: 1)
        window.press(SDLK_SPACE)
        XCTAssertTrue(window.step(until: { ($0.control("playhead")?.number ?? 0) > 0 }))
        try assertLabelsApart(window, "fitted to the splash")

        let fitted = span(window.dump())
        let logoY = try XCTUnwrap(window.dump().control("timeline.logo")).y + 11
        let atOne = try XCTUnwrap(window.dump().control("timeline.ruler")?.x(at: 1.0))
        func ctrlWheel(_ dy: Int) {
            window.hold(KMOD_LCTRL)
            window.wheel(dy, at: atOne, logoY)
            window.release(KMOD_LCTRL)
            window.step(2)
        }
        ctrlWheel(1)
        XCTAssertTrue(window.step(until: { abs(self.span($0) - fitted / 2) < 1e-6 }, limit: 30), "Ctrl+wheel up halves the span \(fitted)")
        try assertLabelsApart(window, "zoomed in twice as far")
        ctrlWheel(-1)
        XCTAssertTrue(window.step(until: { abs(self.span($0) - fitted) < 1e-6 }, limit: 30), "Ctrl+wheel down undoes the zoom")
        ctrlWheel(-1)
        XCTAssertTrue(window.step(until: { abs(self.span($0) - 2 * fitted) < 1e-6 }, limit: 30), "Ctrl+wheel down doubles the span")
        try assertLabelsApart(window, "zoomed out twice as far")
        let first = try XCTUnwrap(window.dump().control("timeline.ruler")?.span).start
        window.wheel(-1, at: atOne, logoY)
        XCTAssertTrue(window.step(until: { ($0.control("timeline.ruler")?.span?.start ?? 0) > first && abs(self.span($0) - 2 * fitted) < 1e-6 }, limit: 30),
                      "the wheel alone pans, the span keeping its length")
        window.press(SDLK_f)
        XCTAssertTrue(window.step(until: { abs(self.span($0) - fitted) < 1e-6 && $0.control("timeline.ruler")?.span?.start == 0 }, limit: 30), "F fits the splash again")

        // The logo's end dragged to 4 px left of d lands exactly on d; with Shift held it does not snap.
        let d = try XCTUnwrap(window.dump().control("timeline.dismissal")?.number)
        func snapDrag(shift: Bool) throws {
            let end = try XCTUnwrap(window.dump().control("timeline.logo.end")).centre
            let to = try XCTUnwrap(window.dump().control("timeline.dismissal")).x + 2 - 4
            if shift { window.hold(KMOD_LSHIFT) }
            window.drag(from: end.x.rounded(), end.y.rounded(), to: to.rounded(), end.y.rounded())
            if shift { window.release(KMOD_LSHIFT) }
        }
        func logoEnd(_ dump: UIDump) -> Double? { dump.control("timeline.logo")?.span?.end }
        try snapDrag(shift: false)
        XCTAssertTrue(window.step(until: { logoEnd($0) == d }, limit: 30), "the logo's end lands exactly on d (\(d)): \(logoEnd(window.dump()) ?? .nan)")
        window.press(SDLK_z, modifiers: KMOD_LCTRL)
        XCTAssertTrue(window.step(until: { logoEnd($0) == 0.3 }, limit: 30), "Ctrl+Z brings the logo's duration back")
        try snapDrag(shift: true)
        XCTAssertTrue(window.step(until: { logoEnd($0) != 0.3 }, limit: 30))
        let free = try XCTUnwrap(logoEnd(window.dump()))
        XCTAssertTrue(free != d && abs(free - d) < 0.1, "with Shift held it does not snap (ends at \(free), d is \(d))")
        window.press(SDLK_z, modifiers: KMOD_LCTRL)
        XCTAssertTrue(window.step(until: { logoEnd($0) == 0.3 }, limit: 30), "Ctrl+Z after the Shift drag")

        // A loop region dragged on the band above the ruler plays only its range, several times over.
        let band = try XCTUnwrap(window.dump().control("timeline.loopBand"))
        window.drag(from: try XCTUnwrap(band.x(at: 1.9)).rounded(), band.y + 6, to: try XCTUnwrap(band.x(at: 2.4)).rounded(), band.y + 6)
        XCTAssertTrue(window.step(until: { $0.control("timeline.loop") != nil }, limit: 30), "a drag on the loop band sets a loop region")
        let loop = try XCTUnwrap(window.dump().control("timeline.loop")?.span)
        window.press(SDLK_SPACE)  // play
        var times: [Double] = []
        let stop = window.seconds + 4
        while window.seconds < stop {
            window.step()
            if let t = window.dump().control("playhead")?.number { times.append(t) }
        }
        let outside = times.filter { $0 < loop.start - 1e-9 || $0 > loop.end + 1e-9 }
        let wraps = zip(times, times.dropFirst()).filter { $1 < $0 }.count
        XCTAssertEqual(outside, [], "the loop plays only its range \(loop)")
        XCTAssertGreaterThanOrEqual(wraps, 3, "the loop plays several times over (\(times.count) readings)")
        try assertLabelsApart(window, "with a loop region")
        window.click(try XCTUnwrap(band.x(at: 1.0)).rounded(), band.y + 6)
        XCTAssertTrue(window.step(until: { $0.control("timeline.loop") == nil }, limit: 30), "a click on the loop band ends the loop")

        // A click on a lane's name selects its track, which the view carries for the properties panel.
        let lane = try XCTUnwrap(window.dump().control("timeline.label.lane.hole"))
        window.click(lane.x + 5, lane.y + 7)
        XCTAssertTrue(window.step(until: { $0.view("selectedTrack") as? String == "hole" }, limit: 30), "a click on the hole's lane selects its track")

        // The input row shows the take's input: a click on the feed and a key, as marks, with the
        // timeline fitted to the whole take (Shift+F).
        window.run(seconds: 1.5)  // playing on past the loop's end
        let v = try XCTUnwrap(window.dump().viewport)
        window.click(v.x + 100, v.y + 300)
        window.press(SDLK_ESCAPE)
        window.press(SDLK_f, modifiers: KMOD_LSHIFT)
        XCTAssertTrue(window.step(until: { ($0.control("timeline.ruler")?.span?.end ?? 0) > 3.2 }, limit: 60), "Shift+F fits the whole take")
        XCTAssertTrue(window.step(until: { ($0.control("timeline.input")?.number ?? 0) >= 3 }, limit: 30),
                      "the input row marks the take's input: \(window.dump().control("timeline.input")?.number ?? 0)")
        window.press(SDLK_q, frames: 4)
        XCTAssertFalse(window.isOpen, "Q quits")
    }

    /// A take replayed from a script with grabs, releases and reversals: the Graph view draws the
    /// hole's size curve (iOS blue, 10 132 255) in its value plot, and a click on an interruption
    /// row (row 4: the panel grab at 6.15 s) seeks there.
    func testTheGraphViewDrawsTheCurveAndAnInterruptionRowSeeks() throws {
        let session = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/lint/session.json").path
        let window = try openSteppedWindow(["--seed", "1", "--inspector", "on", "--replay", session], folder: folder)
        // The replay plays the take past its last input, then it is paused, so the playhead stays where a click puts it.
        XCTAssertTrue(window.step(until: { ($0.control("playhead")?.number ?? 0) > 9.65 }, limit: 1500), "the replay reaches 9.65 s")
        window.press(SDLK_SPACE)
        XCTAssertTrue(window.step(until: { $0.control("dock.graph") != nil }, limit: 60))
        try window.click("dock.graph")
        XCTAssertTrue(window.step(until: { $0.control("graph.value") != nil && $0.control("interruption.4") != nil }, limit: 60),
                      "the Graph view and the interruption list are drawn")
        window.step(2)
        let plot = try XCTUnwrap(window.dump().control("graph.value"))
        let pixels = try window.pixels(x: Int(plot.x), y: Int(plot.y), width: Int(plot.width), height: Int(plot.height))
        let blue = pixels.count { abs($0.r - 10) < 40 && abs($0.g - 132) < 40 && $0.b > 215 }
        XCTAssertGreaterThan(blue, 150, "the value plot draws the curve")
        // It follows the take as the lanes do: its span reaches past the panel grab at 6.15 s, and the
        // panel's progress, which the take's input moved, is plotted.
        let graph = try XCTUnwrap(window.dump().control("graph")?.span, "the graph's span in the UI dump")
        XCTAssertGreaterThan(graph.end, 6.15, "the graph spans the take")
        XCTAssertEqual(window.dump().control("graph.property.panel.progress")?.number, 1, "the panel's progress is plotted")
        // The list is under the plot: scroll the dock (the wheel over its lower edge) until the row is inside it.
        for _ in 0..<40 {
            let dump = window.dump()
            guard let row = dump.control("interruption.4"), let dock = dump.layout("timeline") else { break }
            if row.centre.y > dock.y + 20 && row.centre.y < dock.maxY - 12 { break }
            window.wheel(-1, at: dock.centre.x, dock.maxY - 8)
        }
        try window.click("interruption.4")
        XCTAssertTrue(window.step(until: { abs(($0.control("playhead")?.number ?? 0) - 6.15) < 1e-9 }, limit: 30),
                      "a click on '\(window.dump().control("interruption.4")?.text ?? "?")' seeks to 6.15 s: \(window.dump().control("playhead")?.number ?? .nan)")
        window.press(SDLK_q, frames: 4)
        XCTAssertFalse(window.isOpen, "Q quits")
    }
}
