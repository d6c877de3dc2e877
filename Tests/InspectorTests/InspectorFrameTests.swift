import CSDL2
import Formats
import Foundation
@testable import Motion
import XCTest
@testable import Inspector

/// Frames drawn through the bridge on an offscreen renderer, with scripted input. XCTest runs
/// these one at a time on one thread, which SDL needs.
final class InspectorFrameTests: XCTestCase {
    static let curveBlue = (10, 132, 255)
    static let magenta = (255, 0, 255)

    func testCurveEditorIsDrawnWhereTheRegistrySaysAndShutdownLeavesNoSDLError() throws {
        let window = try OffscreenWindow(width: 800, height: 600)
        var bridge: ImGuiSDLBridge? = try ImGuiSDLBridge(window: window.window, renderer: window.renderer)
        XCTAssertTrue(bridge!.usesTrueTypeFont)
        // What the workbench's own text uses beyond Latin-1 ("|A − B|", "— unsaved edits", "“…”",
        // "← →", "≥", "∞", "●", "⚠") is drawn as itself, not as '?'.
        for character in "−—–“”…←→≥∞●⚠".unicodeScalars {
            XCTAssertTrue(bridge!.fontHasGlyph(character), "U+\(String(character.value, radix: 16, uppercase: true)) \(character)")
        }
        var driver = FrameDriver(bridge: bridge!, window: window)
        driver.panel = (0, 0, 520, 600)
        let points = BezierControlPoints(.easeInEaseOut)
        let draw = {
            _ = bridge!.numberField(id: "splash.logo.duration", label: "logo duration", value: 0.3, range: 0...2, unit: "s")
            _ = bridge!.curveEditor(id: "curve", points: points, progress: 0.4)
        }
        // The app's renderer state, which the inspector must hand back as it found it.
        var viewport = SDL_Rect(x: 10, y: 20, w: 300, h: 200)
        var clip = SDL_Rect(x: 60, y: 10, w: 100, h: 100)
        // ImGui sizes a window on its first frame and draws it from the second.
        driver.frame(draw)
        window.clear()
        bridge!.beginFrame(deltaTime: 1.0 / 60)
        bridge!.panel(title: "Inspector", x: 0, y: 0, width: 520, height: 600, draw)
        SDL_RenderSetScale(window.renderer, 1.5, 1.5)
        SDL_RenderSetViewport(window.renderer, &viewport)
        SDL_RenderSetClipRect(window.renderer, &clip)
        bridge!.endFrameAndRender()
        var afterClip = SDL_Rect(), afterViewport = SDL_Rect()
        var scaleX: Float = 0, scaleY: Float = 0
        SDL_RenderGetClipRect(window.renderer, &afterClip)
        SDL_RenderGetViewport(window.renderer, &afterViewport)
        SDL_RenderGetScale(window.renderer, &scaleX, &scaleY)
        XCTAssertEqual(SDL_RenderIsClipEnabled(window.renderer), SDL_TRUE)
        XCTAssertEqual([afterClip.x, afterClip.y, afterClip.w, afterClip.h], [60, 10, 100, 100])
        XCTAssertEqual([afterViewport.x, afterViewport.y, afterViewport.w, afterViewport.h], [10, 20, 300, 200])
        XCTAssertEqual([scaleX, scaleY], [1.5, 1.5])
        SDL_RenderSetClipRect(window.renderer, nil)
        SDL_RenderSetScale(window.renderer, 1, 1)
        SDL_RenderSetViewport(window.renderer, nil)

        let pixels = window.readPixels(width: 800, height: 600)
        let curve = try XCTUnwrap(bridge!.registry.control("curve"))
        XCTAssertEqual(curve.kind, "curveEditor")
        XCTAssertEqual(curve.value, .text("cubic-bezier(0.42, 0, 0.58, 1)"))
        XCTAssertGreaterThan(curve.height, 380)
        let x = Int(curve.x), y = Int(curve.y), w = Int(curve.width), h = Int(curve.height)
        // The curve itself, 3 px of system blue along a 200 x 400 plot.
        XCTAssertGreaterThan(countPixels(pixels, stride: 800, x: x, y: y, width: w, height: h, near: Self.curveBlue), 400)
        // Nothing of the cleared background shows through the plot.
        XCTAssertEqual(countPixels(pixels, stride: 800, x: x + 10, y: y + 2, width: w - 20, height: h - 4, near: Self.magenta, tolerance: 10), 0)
        // The panel's background is opaque (dark style's WindowBg, 0.06 grey): no magenta mixed in.
        let o = (300 * 800 + 515) * 4
        XCTAssertEqual(Array(pixels[o..<(o + 3)]), [15, 15, 15])
        // Outside the panel, nothing was drawn.
        XCTAssertEqual(countPixels(pixels, stride: 800, x: 540, y: 0, width: 260, height: 600, near: Self.magenta, tolerance: 0), 260 * 600)
        let cp1 = try XCTUnwrap(bridge!.registry.control("curve.cp1"))
        XCTAssertEqual(cp1.value, .point(x: 0.42, y: 0))
        XCTAssertTrue(curve.contains(x: cp1.centre.x, y: cp1.centre.y))
        XCTAssertEqual(bridge!.registry.control("splash.logo.duration")?.value, .number(0.3))
        XCTAssertNotNil(bridge!.registry.control("splash.logo.duration.slider"))
        XCTAssertGreaterThan(bridge!.lastFrameCost.buildSeconds, 0)

        bridge!.shutdown()
        SDL_ClearError()
        window.destroy()
        XCTAssertEqual(String(cString: SDL_GetError()), "")
        // After shutdown the bridge makes no SDL or ImGui call, even from deinit.
        bridge!.beginFrame(deltaTime: 1.0 / 60)
        XCTAssertEqual(bridge!.numberField(id: "x", label: "x", value: 1, range: 0...2), .none)
        bridge = nil
        XCTAssertEqual(String(cString: SDL_GetError()), "")
    }

    /// On a 2x drawable (here a render target twice the window's size) vertices and clip rects are
    /// scaled: the curve lands at twice its registered window coordinates.
    func testHiDPIDrawingIsScaledToDrawablePixels() throws {
        let window = try OffscreenWindow(width: 400, height: 500)
        defer { window.destroy() }
        let target = try XCTUnwrap(SDL_CreateTexture(window.renderer, SDL_PIXELFORMAT_ABGR8888.rawValue,
                                                     Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 800, 1000))
        defer { SDL_DestroyTexture(target) }
        SDL_SetRenderTarget(window.renderer, target)
        let bridge = try ImGuiSDLBridge(window: window.window, renderer: window.renderer)
        defer { bridge.shutdown() }
        var driver = FrameDriver(bridge: bridge, window: window)
        driver.panel = (0, 0, 300, 500)
        let draw = { _ = bridge.curveEditor(id: "curve", points: BezierControlPoints(.easeInEaseOut), progress: nil, plotWidth: 200) }
        driver.frame(draw)
        driver.frame(draw)
        let pixels = window.readPixels(width: 800, height: 1000)
        let curve = try XCTUnwrap(bridge.registry.control("curve"))
        // Blue pixels, and where they are: all inside the doubled rect, spanning most of its width.
        var minX = Int.max, maxX = Int.min, outside = 0, total = 0
        for py in 0..<1000 {
            for px in 0..<800 {
                let o = (py * 800 + px) * 4
                guard abs(Int(pixels[o]) - 10) < 40, abs(Int(pixels[o + 1]) - 132) < 40, abs(Int(pixels[o + 2]) - 255) < 40 else { continue }
                total += 1
                minX = min(minX, px); maxX = max(maxX, px)
                if !curve.contains(x: Double(px) / 2, y: Double(py) / 2) { outside += 1 }
            }
        }
        XCTAssertGreaterThan(total, 800)
        XCTAssertEqual(outside, 0)
        XCTAssertGreaterThan(Double(maxX - minX), 0.8 * 2 * curve.width)
        SDL_SetRenderTarget(window.renderer, nil)
    }

    // MARK: Interaction

    func testDraggingAControlPointIsOneUndoStep() throws {
        let driver = try openFrameDriver(windowWidth: 800, windowHeight: 700)
        let bridge = driver.bridge
        let curve = EditedCurve()
        let draw = { curve.draw(bridge, progress: 0.5) }
        driver.open(draw)
        let cp1 = try XCTUnwrap(driver.control("curve.cp1")).centre
        driver.step([.mouseMoved(x: cp1.x, y: cp1.y)], draw)
        driver.step([.mouseButton(button: 0, isDown: true, x: cp1.x, y: cp1.y)], draw)
        XCTAssertTrue(bridge.wantsMouse)
        driver.step([.mouseMoved(x: cp1.x + 20, y: cp1.y - 40)], draw)
        driver.step([.mouseMoved(x: cp1.x + 40, y: cp1.y - 80)], draw)
        driver.step([.mouseButton(button: 0, isDown: false, x: cp1.x + 40, y: cp1.y - 80)], draw)
        driver.frame(draw)

        let finals = curve.edits.filter { if case .changed(_, true) = $0 { return true } else { return false } }
        XCTAssertEqual(finals.count, 1, "\(curve.edits)")
        XCTAssertGreaterThanOrEqual(curve.edits.count - finals.count, 2, "\(curve.edits)")
        // 40 px right on a 200 px plot is +0.2 in x; 80 px up on a 400 px-tall, 2-unit plot is +0.4 in y.
        let points = curve.points
        XCTAssertEqual(points.x1, 0.62, accuracy: 0.006)
        XCTAssertEqual(points.y1, 0.4, accuracy: 0.006)
        XCTAssertEqual(points.x2, 0.58)
        XCTAssertEqual(curve.edits.last, .changed(points, isFinal: true))
        XCTAssertEqual(driver.control("curve.cp1")?.value, .point(x: points.x1, y: points.y1))
        // The readout follows: velocity at 50% of the new curve.
        XCTAssertEqual(driver.control("curve.readout")?.value, .number(points.timingCurve.slope(0.5)))
        // Presets are one final step.
        curve.edits.removeAll()
        driver.click(at: try XCTUnwrap(driver.control("curve.preset.material standard")).centre, draw)
        XCTAssertEqual(curve.edits, [.changed(BezierControlPoints(0.4, 0, 0.2, 1), isFinal: true)])
    }

    func testNumberFieldTypedEntryRefusesBadValuesAndSliderDragIsOneStep() throws {
        let (driver, logoDuration, draw) = try openLogoDurationField()
        let bridge = driver.bridge

        func type(_ text: String) throws {
            driver.click(at: try XCTUnwrap(driver.control(LogoDurationField.id)).centre, draw)
            driver.open(draw)
            XCTAssertNotNil(driver.control("splash.logo.duration.entry"), "a click opens typing")
            XCTAssertTrue(bridge.wantsKeyboard)
            driver.enter(text, draw)
            driver.frame(draw)
        }
        try type("abc")
        XCTAssertEqual(logoDuration.edits, [.refused("“abc” is not a number")])
        XCTAssertEqual(logoDuration.value, 0.3)
        XCTAssertEqual(driver.control("splash.logo.duration.refusal")?.value, .text("“abc” is not a number"))
        try type("2.5 s")
        XCTAssertEqual(logoDuration.edits.last, .refused("2.5 s is outside 0…2 s"))
        XCTAssertEqual(logoDuration.value, 0.3)
        try type("0.45")
        XCTAssertEqual(logoDuration.edits.last, .changed(0.45, isFinal: true))
        XCTAssertEqual(logoDuration.value, 0.45)
        XCTAssertNil(driver.control("splash.logo.duration.refusal"), "an accepted value clears the message")

        // The slider: press at 1.5 s, slide to 1.75 s, release; one final change. ImGui floors the
        // pointer to whole units, so the expected values are those under the floored pixels.
        logoDuration.edits.removeAll()
        let slider = try XCTUnwrap(driver.control("splash.logo.duration.slider"))
        let scale = SliderScale(range: 0...2, frameX: slider.x, frameWidth: slider.width, grabWidth: 10)
        let y = slider.centre.y
        let from = scale.pixel(for: 1.5).rounded(.down), to = scale.pixel(for: 1.75).rounded(.down)
        let expectedFrom = rounded(scale.value(atPixel: from), decimals: 3), expectedTo = rounded(scale.value(atPixel: to), decimals: 3)
        driver.step([.mouseMoved(x: from, y: y)], draw)
        driver.drag(through: [(from, y), (to, y)], draw)
        driver.frame(draw)
        XCTAssertEqual(expectedTo, 1.75, accuracy: 0.01)
        XCTAssertEqual(logoDuration.edits, [.changed(expectedFrom, isFinal: false), .changed(expectedTo, isFinal: false), .changed(expectedTo, isFinal: true)])
        XCTAssertEqual(logoDuration.value, expectedTo)
        XCTAssertEqual(driver.control(LogoDurationField.id)?.value, .number(expectedTo))
    }

    /// Ctrl+V in a typed entry pastes from SDL's clipboard, not only ImGui's in-process one.
    func testPastingIntoANumberFieldUsesTheSystemClipboard() throws {
        let driver = try openFrameDriver(windowWidth: 800, windowHeight: 300)
        let bridge = driver.bridge
        var edits: [NumberFieldEdit] = []
        let draw = {
            let edit = bridge.numberField(id: "feed.latency", label: "feed latency", value: 0.8, range: 0...3, unit: "s")
            if edit != .none { edits.append(edit) }
        }
        driver.open(draw)
        XCTAssertEqual(SDL_SetClipboardText("1.25 s"), 0)
        driver.click(at: try XCTUnwrap(driver.control("feed.latency")).centre, draw)
        driver.open(draw)
        let v = Int(SDL_SCANCODE_V.rawValue), control = Int(SDL_SCANCODE_LCTRL.rawValue)
        driver.step([.key(scancode: control, isDown: true, modifiers: .control), .key(scancode: v, isDown: true, modifiers: .control)], draw)
        driver.step([.key(scancode: v, isDown: false, modifiers: .control), .key(scancode: control, isDown: false, modifiers: [])], draw)
        driver.pressReturn(draw)
        XCTAssertEqual(edits, [.changed(1.25, isFinal: true)])
    }

    func testSpringEditorRecomputesTheOtherForms() throws {
        let driver = try openFrameDriver(windowWidth: 700, windowHeight: 700)
        let bridge = driver.bridge
        var spring = try SpringParameters(mass: 2, stiffness: 300, damping: 20)
        var edits: [SpringEdit] = []
        let draw = {
            let edit = bridge.springEditor(id: "spring", parameters: spring)
            if case let .changed(p, _) = edit { spring = p }
            if edit != .none { edits.append(edit) }
        }
        driver.open(draw)
        XCTAssertEqual(driver.control("spring")?.value, .number(SpringResponseFigures(spring).settlingTime))
        driver.click(at: try XCTUnwrap(driver.control("spring.bounce")).centre, draw)
        driver.open(draw)
        driver.enter("0.3", draw)
        driver.frame(draw)
        XCTAssertEqual(edits.count, 1, "\(edits)")
        XCTAssertEqual(spring.bounce, 0.3, accuracy: 1e-9)
        XCTAssertEqual(spring.mass, 2)
        guard case let .number(shownFraction)? = driver.control("spring.dampingFraction")?.value else { return XCTFail("no damping fraction field") }
        XCTAssertEqual(shownFraction, 0.7, accuracy: 1e-9)
        let figures = try XCTUnwrap(driver.control("spring.figures"))
        XCTAssertEqual(figures.value, .text(springFiguresText(SpringResponseFigures(spring))))
    }

    /// A spring's declared numbers accept what their declaration accepts, and refuse what it
    /// refuses with its own message: a damping fraction of 5 is in (0, 10], and 0, excluded, is
    /// refused at the field. Without a declaration the field keeps its own range (0…2).
    func testSpringEditorTakesItsDeclaredRanges() throws {
        let panelSpring = try XCTUnwrap(TimingsSchema.springs.first { $0.id == "panel.spring" })
        for (declaration, typed, accepted) in [(panelSpring, "5", true), (panelSpring, "0", false), (nil, "5", false)] {
            let driver = try FrameDriver(windowWidth: 700, windowHeight: 700)
            defer { driver.close() }
            let bridge = driver.bridge
            var spring = try SpringParameters(response: 0.5, dampingFraction: 1)
            var edits: [SpringEdit] = []
            let draw = {
                let edit = bridge.springEditor(id: "spring", parameters: spring, declaration: declaration)
                if case let .changed(p, _) = edit { spring = p }
                if edit != .none { edits.append(edit) }
            }
            driver.open(draw)
            driver.click(at: try XCTUnwrap(driver.control("spring.dampingFraction")).centre, draw)
            driver.open(draw)
            driver.enter(typed, draw)
            driver.frame(draw)
            if accepted {
                XCTAssertEqual(spring.dampingFraction, 5, accuracy: 1e-9, "\(edits)")
                XCTAssertEqual(spring.response, 0.5, accuracy: 1e-9)
                continue
            }
            XCTAssertEqual(spring.dampingFraction, 1, "\(edits)")
            guard case let .refused(message)? = edits.last else { return XCTFail("no refusal: \(edits)") }
            if declaration != nil {
                XCTAssertEqual(message, "panel.springDampingFraction must lie in (0, 10] (got 0.0)")
                XCTAssertEqual(driver.control("spring.dampingFraction.refusal")?.value, .text(message))
            }
        }
    }

    func testTimelineSeeksMovesDelaysSetsDurationsAndSelects() throws {
        let driver = try openFrameDriver(windowWidth: 900, windowHeight: 300, panelFillsWindow: true)
        let bridge = driver.bridge
        var logo = TimelineLane(id: "logo", label: "logo", begin: 2.1, end: 2.4, delayEditable: true, durationEditable: true, delayOrigin: 2)
        let hole = TimelineLane(id: "hole", label: "hole", begin: 2, end: 2.6, keyframeTimes: [2, 2.12, 2.6],
                                delayEditable: false, durationEditable: false, delayOrigin: 2)
        var playhead = 0.5
        var edits: [TimelineEdit] = []
        let draw = {
            let content = TimelineContent(lanes: [logo, hole], phases: [TimelinePhase(name: "holding", start: 0.3, end: 2)],
                                          liveLanes: [TimelineLiveLane(id: "panel", label: "panel", start: 2.8, settlingDuration: 0.5, targetLabel: "0 pt")],
                                          dismissalTime: 2, playhead: playhead, visibleSpan: 0...4)
            let edit = bridge.timeline(id: "timeline", content)
            switch edit {
            case .seek(let t): playhead = t
            case let .moveDelay(_, delay, _): let d = logo.end - logo.begin; logo.begin = 2 + delay; logo.end = logo.begin + d
            case let .setDuration(_, duration, _): logo.end = logo.begin + duration
            default: break
            }
            if edit != .none { edits.append(edit) }
        }
        driver.open(draw)
        let ruler = try XCTUnwrap(driver.control("timeline.ruler"))
        let scale = TimelineScale(span: 0...4, trackX: ruler.x, trackWidth: ruler.width)
        XCTAssertEqual(driver.control("playhead")?.value, .number(0.5))
        XCTAssertEqual(driver.control("timeline.dismissal")?.value, .number(2))
        XCTAssertEqual(driver.control("timeline")?.kind, "timeline")
        XCTAssertEqual(driver.control("timeline.panel")?.value, .span(start: 2.8, end: 3.3))

        // Seek: press in the ruler at 1 s and drag to 1.5 s.
        driver.drag(through: [(scale.x(for: 1), ruler.centre.y), (scale.x(for: 1.5), ruler.centre.y)], draw)
        XCTAssertEqual(playhead, 1.5, accuracy: 0.006)
        XCTAssertEqual(driver.control("playhead")?.value, .number(playhead))

        // Move the logo's delay by +0.2 s: non-final steps, then one final.
        edits.removeAll()
        let bar = try XCTUnwrap(driver.control("timeline.logo")).centre
        let dx = scale.x(for: 0.2) - scale.x(for: 0)
        driver.drag(through: [bar, (bar.x + dx / 2, bar.y), (bar.x + dx, bar.y)], draw)
        guard case let .moveDelay("logo", delay, true)? = edits.last else { return XCTFail("\(edits)") }
        // One pixel is about 5 ms here, and ImGui floors the pointer.
        XCTAssertEqual(delay, 0.3, accuracy: 0.006)
        XCTAssertEqual(edits.filter { if case .moveDelay(_, _, false) = $0 { return true } else { return false } }.count, 2)
        XCTAssertEqual(logo.begin, 2 + delay, accuracy: 1e-9)

        // Drag the logo's right end out by 0.1 s.
        edits.removeAll()
        driver.frame(draw)
        let end = try XCTUnwrap(driver.control("timeline.logo.end")).centre
        let dEnd = scale.x(for: 0.1) - scale.x(for: 0)
        driver.drag(through: [end, (end.x + dEnd, end.y)], draw)
        guard case let .setDuration("logo", duration, true)? = edits.last else { return XCTFail("\(edits)") }
        XCTAssertEqual(duration, 0.4, accuracy: 0.006)

        // The hole's delay is not editable: a drag does nothing; a click on its second segment selects it.
        edits.removeAll()
        let holeBar = try XCTUnwrap(driver.control("timeline.hole")).centre
        driver.drag(through: [holeBar, (holeBar.x + 30, holeBar.y)], draw)
        XCTAssertEqual(edits, [])
        driver.click(at: try XCTUnwrap(driver.control("timeline.hole.segment.1")).centre, draw)
        XCTAssertEqual(edits, [.selectSegment(laneId: "hole", index: 1)])
        // A click on a lane's row outside its bar selects the lane.
        edits.removeAll()
        driver.click(at: (scale.x(for: 3.5), holeBar.y), draw)
        XCTAssertEqual(edits, [.select(laneId: "hole")])
        // So does a click on its name, left of the track.
        edits.removeAll()
        let name = try XCTUnwrap(driver.control("timeline.label.lane.logo")).centre
        driver.step([.mouseMoved(x: name.x, y: name.y)], draw)
        driver.click(at: name, draw)
        XCTAssertEqual(edits, [.select(laneId: "logo")])
    }
}
