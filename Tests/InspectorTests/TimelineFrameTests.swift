import CSDL2
import XCTest
@testable import Inspector

/// The timeline widget drawn through the bridge on an offscreen renderer, with scripted input:
/// zoom and pan from the wheel, snapping drags, the loop band, and labels that never overlap in
/// the frames it really draws.
final class TimelineFrameTests: XCTestCase {
    let control = Int(SDL_SCANCODE_LCTRL.rawValue), shift = Int(SDL_SCANCODE_LSHIFT.rawValue)

    /// The splash's lanes as the window shows them with the default timings (d = 2).
    var lanes: [TimelineLane] {
        [TimelineLane(id: "logo", label: "logo size", begin: 0, end: 0.3, delayEditable: false, durationEditable: true),
         TimelineLane(id: "textRise", label: "text rise", begin: 0, end: 0.3, delayEditable: false, durationEditable: true),
         TimelineLane(id: "textFade", label: "text fade", begin: 0, end: 0.15, delayEditable: false, durationEditable: true),
         TimelineLane(id: "hole", label: "hole size", begin: 2, end: 2.6, keyframeTimes: [2, 2.12, 2.6], delayEditable: false,
                      durationEditable: true, delayOrigin: 2),
         TimelineLane(id: "holeLogo", label: "hole logo fade", begin: 2.1, end: 2.2, delayEditable: true, durationEditable: true, delayOrigin: 2),
         TimelineLane(id: "backdropText", label: "backdrop text fade", begin: 2, end: 2.3, delayEditable: false, durationEditable: true,
                      delayOrigin: 2)]
    }

    func content(span: ClosedRange<Double>, loop: ClosedRange<Double>? = nil) -> TimelineContent {
        var c = TimelineContent(lanes: lanes, phases: [TimelinePhase(name: "appearing", start: 0, end: 0.3),
                                                       TimelinePhase(name: "holding", start: 0.3, end: 2),
                                                       TimelinePhase(name: "disappearing", start: 2, end: 2.6)],
                                liveLanes: [TimelineLiveLane(id: "panel", label: "panel", start: 2.8, settlingDuration: 0.5, targetLabel: "presented")],
                                dismissalTime: 2, playhead: 1, visibleSpan: span)
        c.loopRegion = loop
        c.inputMarks = [TimelineInputMark(time: 0.8, kind: .down), TimelineInputMark(time: 0.9, kind: .up),
                        TimelineInputMark(time: 3.1, kind: .key), TimelineInputMark(time: 3.3, kind: .wheel)]
        return c
    }

    func labels(_ driver: FrameDriver) -> [RegisteredControl] {
        driver.bridge.registry.controls.filter { $0.kind == "label" && $0.id.hasPrefix("timeline.label.") }
    }

    /// The edits the timeline returned, in order: a class, so that a frame's closure can add to it.
    final class EditLog { var edits: [TimelineEdit] = [] }

    /// A frame that draws the timeline over 0 to 3.6 s and logs every edit it returns.
    func timelineFrame(_ bridge: ImGuiSDLBridge, logging log: EditLog) -> () -> Void {
        {
            let edit = bridge.timeline(id: "timeline", self.content(span: 0...3.6))
            if edit != .none { log.edits.append(edit) }
        }
    }

    func testLabelsNeverOverlapRowsAndHandlesKeepTheirSizeAt254And1800() throws {
        var driver = try openFrameDriver(windowWidth: 1900, windowHeight: 420)
        let bridge = driver.bridge
        for width in [254.0, 1800] {
            driver.panel = (0, 0, width + 16, 420)
            for (index, span) in [0.0...3.6, 0.0...10.9, 1.9...2.1, 0.2...0.45, 0.0...60, 2.55...2.6].enumerated() {
                let c = content(span: span, loop: 1.5...2.3)
                // Every other frame in a rectangle of its own (as a dock gives it), where the panel's cursor would put it.
                let rect = index % 2 == 1 ? TimelineRect(x: 8, y: 40, width: width, height: 370) : nil
                driver.frame { _ = bridge.timeline(id: "timeline", c, rect: rect) }
                driver.frame { _ = bridge.timeline(id: "timeline", c, rect: rect) }
                if let rect {
                    XCTAssertEqual(try XCTUnwrap(driver.control("timeline")).y, rect.y)
                    XCTAssertEqual(try XCTUnwrap(driver.control("timeline")).height, rect.height, accuracy: 1e-9, "the rows fill the rectangle")
                }
                let drawn = labels(driver)
                XCTAssertFalse(drawn.isEmpty)
                for (i, a) in drawn.enumerated() {
                    for b in drawn[(i + 1)...] {
                        let overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
                        XCTAssertFalse(overlap, "\(a.id) \(a.value) and \(b.id) \(b.value) overlap at \(width) px over \(span)")
                    }
                }
                let ruler = try XCTUnwrap(driver.control("timeline.ruler"))
                XCTAssertEqual(ruler.value, .span(start: span.lowerBound, end: span.upperBound))
                XCTAssertEqual(ruler.x + ruler.width, width + 8 - TimelineLayout.rightMargin, accuracy: 1.5, "the timeline takes the width it is given")
                for lane in lanes {
                    XCTAssertGreaterThanOrEqual(try XCTUnwrap(driver.control("timeline.\(lane.id)")).height, 20)
                    XCTAssertGreaterThanOrEqual(try XCTUnwrap(driver.control("timeline.\(lane.id).end")).width, 8)
                }
                guard case let .number(zoom)? = driver.control("timeline.zoom")?.value else { return XCTFail("no zoom") }
                XCTAssertEqual(zoom, ruler.width / (span.upperBound - span.lowerBound), accuracy: 1e-4 * zoom)
                XCTAssertEqual(driver.control("timeline.loop")?.value, .span(start: 1.5, end: 2.3))
            }
            // The splash at 254 px: the phase names that do not fit are shortened, never drawn over each other.
            let c = content(span: 0...3.6)
            driver.frame { _ = bridge.timeline(id: "timeline", c) }
            let phases = labels(driver).filter { $0.id.hasPrefix("timeline.label.phase.") }
            if width == 1800 { XCTAssertEqual(phases.map(\.value), [.text("appearing"), .text("holding"), .text("disappearing")]) }
            XCTAssertTrue(phases.contains { $0.value == .text("holding") })
            XCTAssertEqual(driver.control("timeline.input")?.value, .number(4))
            XCTAssertEqual(driver.control("timeline.input.2")?.value, .text("key"))
        }
    }

    func testCtrlWheelZoomsThePlainWheelPansAndNeitherScrollsThePanel() throws {
        let driver = try openFrameDriver(windowWidth: 900, windowHeight: 300, panelFillsWindow: true)
        let bridge = driver.bridge
        let log = EditLog()
        let timeline = timelineFrame(bridge, logging: log)
        let draw = {
            timeline()
            // More than the panel holds below it, so the panel could scroll.
            for i in 0..<60 { bridge.text("line \(i)") }
        }
        driver.open(draw)
        let ruler = try XCTUnwrap(driver.control("timeline.ruler"))
        let scale = TimelineScale(span: 0...3.6, trackX: ruler.x, trackWidth: ruler.width)
        let lane = try XCTUnwrap(driver.control("timeline.logo"))
        driver.step([.mouseMoved(x: scale.x(for: 2), y: lane.centre.y)], draw)
        driver.frame(draw)
        driver.step([.key(scancode: control, isDown: true, modifiers: .control), .wheel(dx: 0, dy: 1)], draw)
        driver.step([.wheel(dx: 0, dy: -1)], draw)
        driver.step([.key(scancode: control, isDown: false, modifiers: []), .wheel(dx: 0, dy: -2)], draw)
        driver.frame(draw)
        XCTAssertEqual(log.edits.count, 3, "\(log.edits)")
        guard log.edits.count == 3, case let .zoom(notches, anchor) = log.edits[0] else { return XCTFail("\(log.edits)") }
        XCTAssertEqual(notches, 1)
        XCTAssertEqual(anchor, 2, accuracy: 3.6 / ruler.width, "about the time under the pointer")
        guard case .zoom(-1, _) = log.edits[1] else { return XCTFail("\(log.edits)") }
        XCTAssertEqual(log.edits[2], .pan(notches: -2))
        XCTAssertEqual(try XCTUnwrap(driver.control("timeline.ruler")).y, ruler.y, "the panel did not scroll under the wheel")
    }

    func testADraggedEndSnapsToDAndShiftDragsFreely() throws {
        let driver = try openFrameDriver(windowWidth: 700, windowHeight: 300, panelFillsWindow: true)
        let bridge = driver.bridge
        let log = EditLog()
        let draw = timelineFrame(bridge, logging: log)
        driver.open(draw)
        let ruler = try XCTUnwrap(driver.control("timeline.ruler"))
        let scale = TimelineScale(span: 0...3.6, trackX: ruler.x, trackWidth: ruler.width)
        let end = try XCTUnwrap(driver.control("timeline.logo.end")).centre
        for (offset, withShift) in [(-4.0, false), (3.0, false), (-4.0, true)] {
            log.edits.removeAll()
            let target = scale.x(for: 2) + offset
            if withShift { bridge.handle(.key(scancode: shift, isDown: true, modifiers: .shift)) }
            driver.step([.mouseMoved(x: end.x, y: end.y)], draw)
            driver.step([.mouseButton(button: 0, isDown: true, x: end.x, y: end.y)], draw)
            driver.step([.mouseMoved(x: (end.x + target) / 2, y: end.y)], draw)
            driver.step([.mouseMoved(x: target, y: end.y)], draw)
            // While dragging, the value is shown beside the pointer.
            let readout = try XCTUnwrap(driver.control("timeline.label.drag"), "no readout while dragging")
            driver.step([.mouseButton(button: 0, isDown: false, x: target, y: end.y)], draw)
            if withShift { driver.step([.key(scancode: shift, isDown: false, modifiers: [])], draw) }
            guard case let .setDuration("logo", duration, true)? = log.edits.last else { return XCTFail("\(log.edits)") }
            if withShift {
                XCTAssertNotEqual(duration, 2, "Shift drags freely")
                XCTAssertEqual(duration, 2 + offset / scale.pixelsPerSecond, accuracy: 1.5 / scale.pixelsPerSecond)
                XCTAssertEqual(readout.value, .text(String(format: "duration %.3f s", duration)))
            } else {
                XCTAssertEqual(duration, 2, "\(offset) px from d lands on d")
                XCTAssertEqual(readout.value, .text("duration 2.000 s = d"))
            }
        }
        // A slow frame: the last move arrives with the release. The drag ends where the pointer is.
        log.edits.removeAll()
        driver.frame(draw)
        let handle = try XCTUnwrap(driver.control("timeline.logo.end")).centre
        let near = scale.x(for: 3) - 2
        driver.step([.mouseMoved(x: handle.x, y: handle.y)], draw)
        driver.step([.mouseButton(button: 0, isDown: true, x: handle.x, y: handle.y)], draw)
        driver.step([.mouseMoved(x: (handle.x + near) / 2, y: handle.y)], draw)
        driver.step([.mouseMoved(x: near, y: handle.y), .mouseButton(button: 0, isDown: false, x: near, y: handle.y)], draw)
        guard case let .setDuration("logo", last, true)? = log.edits.last else { return XCTFail("\(log.edits)") }
        XCTAssertEqual(last, TimelineSnap.onGrid(scale.time(atX: near)), accuracy: 1e-9)
    }

    func testADragOnTheLoopBandSetsTheRegionAndAClickClearsIt() throws {
        let driver = try openFrameDriver(windowWidth: 700, windowHeight: 300, panelFillsWindow: true)
        let bridge = driver.bridge
        var edits: [TimelineEdit] = []
        var loop: ClosedRange<Double>?
        let draw = {
            let edit = bridge.timeline(id: "timeline", self.content(span: 0...3.6, loop: loop))
            if case let .setLoop(start, end) = edit { loop = start...end }
            if edit == .clearLoop { loop = nil }
            if edit != .none { edits.append(edit) }
        }
        driver.open(draw)
        let band = try XCTUnwrap(driver.control("timeline.loopBand"))
        let scale = TimelineScale(span: 0...3.6, trackX: band.x, trackWidth: band.width)
        let y = band.centre.y
        // From 2 px right of d (snaps to d) to about 2.31 s (the 10 ms grid).
        driver.step([.mouseMoved(x: scale.x(for: 2) + 2, y: y)], draw)
        driver.step([.mouseButton(button: 0, isDown: true, x: scale.x(for: 2) + 2, y: y)], draw)
        driver.step([.mouseMoved(x: scale.x(for: 2.2), y: y)], draw)
        driver.step([.mouseMoved(x: scale.x(for: 2.31), y: y)], draw)
        XCTAssertNotNil(driver.control("timeline.label.drag"))
        driver.step([.mouseButton(button: 0, isDown: false, x: scale.x(for: 2.31), y: y)], draw)
        driver.frame(draw)
        guard case let .setLoop(start, end)? = edits.last else { return XCTFail("\(edits)") }
        XCTAssertEqual(start, 2)
        XCTAssertEqual(end, 2.31, accuracy: 0.011)
        XCTAssertEqual(end, (end * 100).rounded() / 100, accuracy: 1e-12, "on the grid")
        XCTAssertEqual(driver.control("timeline.loop")?.value, .span(start: start, end: end))
        // A click on the band clears it.
        driver.click(at: (scale.x(for: 1), y), draw)
        driver.frame(draw)
        XCTAssertEqual(edits.last, .clearLoop)
        XCTAssertNil(driver.control("timeline.loop"))
    }
}
