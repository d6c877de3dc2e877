import CSDL2
import Formats
import Foundation
@testable import Motion
import XCTest
@testable import Inspector

/// The pure parts of the widgets: no SDL, no ImGui context.
final class WidgetGeometryTests: XCTestCase {
    // MARK: Typed entry

    func testTypedNumbersAreAcceptedWithOrWithoutTheUnit() {
        let range = 0.0...2.0
        for (text, expected, line) in [("0.3", 0.3, #line), (" 0.3 s ", 0.3, #line), ("0.3s", 0.3, #line),
                                       ("2", 2.0, #line), ("0", 0.0, #line), ("1e-1", 0.1, #line)] {
            XCTAssertEqual(try NumberEntry.parse(text, range: range, unit: "s").get(), expected, line: UInt(line))
        }
    }

    func testTypedValuesThatAreNotNumbersOrOutOfRangeAreRefusedWithAReason() {
        func refusal(_ text: String, _ range: ClosedRange<Double> = 0...2, unit: String = "s") -> String? {
            if case .failure(let r) = NumberEntry.parse(text, range: range, unit: unit) { return r.message }
            return nil
        }
        XCTAssertEqual(refusal("abc"), "“abc” is not a number")
        XCTAssertEqual(refusal("0.3 ms"), "“0.3 ms” is not a number")
        XCTAssertEqual(refusal("nan"), "“nan” is not a number")
        XCTAssertEqual(refusal("inf"), "“inf” is not a number")
        XCTAssertEqual(refusal("  "), "type a number")
        XCTAssertEqual(refusal("2.5"), "2.5 s is outside 0…2 s")
        XCTAssertEqual(refusal("-1", -0.5...1.5, unit: ""), "-1 is outside -0.5…1.5")
    }

    /// An open lower bound is honoured where the value is typed: the bound itself is refused,
    /// with the declaration's own message for a declared parameter, and drags stop just above it.
    func testOpenLowerBoundsAreRefusedWithTheDeclarationsMessage() throws {
        let open = NumberBounds(range: 0...1, exclusiveLower: true)
        if case .failure(let r) = NumberEntry.parse("0", bounds: open, unit: "") { XCTAssertEqual(r.message, "0 is outside (0…1") } else { XCTFail("0 accepted") }
        XCTAssertEqual(try NumberEntry.parse("0.5", bounds: open, unit: "").get(), 0.5)
        XCTAssertEqual(open.lowestReachable(decimals: 3), 0.001)
        XCTAssertEqual(NumberBounds(range: 0...1).lowestReachable(decimals: 3), 0)

        let heightFraction = try XCTUnwrap(TimingsSchema.parameter("panel.heightFraction"))
        let declared = try XCTUnwrap(NumberBounds(heightFraction))
        if case .failure(let r) = NumberEntry.parse("0", bounds: declared, unit: "") {
            XCTAssertEqual(r.message, "panel.heightFraction must lie in (0, 1] (got 0.0)")
        } else { XCTFail("0 accepted") }
        XCTAssertEqual(try NumberEntry.parse("1", bounds: declared, unit: "").get(), 1)
        XCTAssertNil(NumberBounds(try XCTUnwrap(TimingsSchema.parameter("splash.logo.curve"))), "a curve has no bounds")
    }

    // MARK: Slider

    func testSliderEndsAreTheGrabCentresAndValuesRoundTrip() {
        let scale = SliderScale(range: -0.5...1.5, frameX: 100, frameWidth: 210, grabWidth: 10)
        XCTAssertEqual(scale.pixel(for: -0.5), 105)
        XCTAssertEqual(scale.pixel(for: 1.5), 305)
        XCTAssertEqual(scale.pixel(for: 0.5), 205)
        // Outside the range the grab stays at the end, and pixels outside the track clamp.
        XCTAssertEqual(scale.pixel(for: 9), 305)
        XCTAssertEqual(scale.value(atPixel: 0), -0.5)
        XCTAssertEqual(scale.value(atPixel: 1000), 1.5)
        for i in 0...200 {
            let v = -0.5 + Double(i) / 100
            XCTAssertEqual(scale.value(atPixel: scale.pixel(for: v)), v, accuracy: 1e-12)
        }
        // A degenerate range cannot divide by zero.
        XCTAssertEqual(SliderScale(range: 1...1, frameX: 0, frameWidth: 100, grabWidth: 10).pixel(for: 1), 5)
    }

    func testRoundingToShownDecimals() {
        XCTAssertEqual(rounded(0.123456, decimals: 3), 0.123)
        XCTAssertEqual(rounded(-0.0005, decimals: 3), -0.001)
        XCTAssertEqual(rounded(1234.56, decimals: 1), 1234.6)
    }

    // MARK: Curve plot

    func testCurvePlotShowsMinusHalfToOneAndAHalfWithTheUnitSquareInTheMiddle() {
        let m = CurvePlotMapping(x: 10, y: 20, width: 200, height: 400)
        XCTAssertTrue(m.pixel(x: 0, y: 1.5) == (10, 20))
        XCTAssertTrue(m.pixel(x: 1, y: -0.5) == (210, 420))
        XCTAssertTrue(m.pixel(x: 0, y: 0) == (10, 320))
        XCTAssertTrue(m.pixel(x: 1, y: 1) == (210, 120))
        for (x, y) in [(0.25, 0.1), (0.42, -0.3), (0.9, 1.4)] {
            let p = m.pixel(x: x, y: y)
            let back = m.point(atPixel: p.x, p.y)
            XCTAssertEqual(back.x, x, accuracy: 1e-12)
            XCTAssertEqual(back.y, y, accuracy: 1e-12)
        }
    }

    func testDraggedControlPointsAreClampedAndRounded() {
        let m = CurvePlotMapping(x: 0, y: 0, width: 200, height: 400)
        XCTAssertTrue(m.controlPoint(atPixel: -50, -50) == (0, 1.5))
        XCTAssertTrue(m.controlPoint(atPixel: 900, 900) == (1, -0.5))
        let p = m.controlPoint(atPixel: 83.333, 211.111)
        XCTAssertEqual(p.x, 0.417)
        XCTAssertEqual(p.y, 0.444)
    }

    func testPresetsCarryTheirPublishedControlPoints() {
        func points(_ name: String) -> BezierControlPoints? { CurvePreset.all.first { $0.name == name }?.points }
        XCTAssertEqual(points("linear"), BezierControlPoints(0, 0, 1, 1))
        XCTAssertEqual(points("easeIn"), BezierControlPoints(0.42, 0, 1, 1))
        XCTAssertEqual(points("easeOut"), BezierControlPoints(0, 0, 0.58, 1))
        XCTAssertEqual(points("easeInEaseOut"), BezierControlPoints(0.42, 0, 0.58, 1))
        XCTAssertEqual(points("default"), BezierControlPoints(0.25, 0.1, 0.25, 1))
        XCTAssertEqual(points("css ease"), BezierControlPoints(0.25, 0.1, 0.25, 1))
        XCTAssertEqual(points("material standard"), BezierControlPoints(0.4, 0, 0.2, 1))
        XCTAssertEqual(points("material decelerate"), BezierControlPoints(0, 0, 0.2, 1))
        XCTAssertEqual(points("material accelerate"), BezierControlPoints(0.4, 0, 1, 1))
        XCTAssertEqual(Set(CurvePreset.all.map(\.name)).count, CurvePreset.all.count)
    }

    func testControlPointsBecomeMotionCurves() {
        XCTAssertEqual(BezierControlPoints(0, 0, 1, 1).timingCurve, .linear)
        XCTAssertEqual(BezierControlPoints(0.42, 0, 1, 1).timingCurve, .easeIn)
        XCTAssertEqual(BezierControlPoints(.easeInEaseOut), BezierControlPoints(0.42, 0, 0.58, 1))
        // x outside [0, 1] is clamped rather than refused: the editor never produces it, a caller might.
        XCTAssertEqual(BezierControlPoints(-1, 0.2, 2, 0.8).timingCurve.controlPoints.0, 0)
        XCTAssertEqual(BezierControlPoints(0.4, 0, 0.2, 1).description, "cubic-bezier(0.4, 0, 0.2, 1)")
    }

    func testReadoutIsTheCurvesValueAndSlope() {
        XCTAssertTrue(curveReadout(BezierControlPoints(0, 0, 1, 1), at: 0.3) == (0.3, 1))
        let ease = BezierControlPoints(.easeInEaseOut)
        let mid = curveReadout(ease, at: 0.5)
        XCTAssertEqual(mid.value, 0.5, accuracy: 1e-6)
        // By symmetry t = 0.5 there: dy/dt = 6t − 6t² = 1.5 and dx/dt = 0.87, so dy/dx = 1.5 / 0.87.
        XCTAssertEqual(mid.velocity, 1.5 / 0.87, accuracy: 1e-9)
        // And it is the derivative of the value (h large enough that the solver's 1e-7 tolerance is noise).
        let h = 1e-3
        let numeric = (TimingCurve.easeInEaseOut.value(0.5 + h) - TimingCurve.easeInEaseOut.value(0.5 - h)) / (2 * h)
        XCTAssertEqual(mid.velocity, numeric, accuracy: 1e-3)
    }

    // MARK: Spring figures

    func testSpringFiguresText() throws {
        let bouncy = SpringResponseFigures(try SpringParameters(response: 1, dampingFraction: 0.5))
        let text = springFiguresText(bouncy)
        XCTAssertTrue(text.hasPrefix("settles in "), text)
        XCTAssertTrue(text.contains("overshoot 16.3%"), text)
        XCTAssertTrue(text.contains("period 1.155 s"), text)  // 2π / (2π √(1 − 0.25)) = 1.1547
        let undamped = springFiguresText(SpringResponseFigures(try SpringParameters(mass: 1, stiffness: 100, damping: 0)))
        XCTAssertTrue(undamped.hasPrefix("never settles"), undamped)
        XCTAssertFalse(springFiguresText(SpringResponseFigures(try SpringParameters(duration: 0.5, bounce: 0))).contains("period"))
    }

    func testSpringFormsRebuildTheSpringKeepingTheRestOfTheirForm() throws {
        let p = try SpringParameters(mass: 2, stiffness: 300, damping: 20)
        func field(_ name: String) -> SpringField { SpringField.forms.flatMap(\.fields).first { $0.name == name }! }
        let stiffer = try field("stiffness").rebuild(p, 400)
        XCTAssertEqual(stiffer, try SpringParameters(mass: 2, stiffness: 400, damping: 20))
        let slower = try field("response").rebuild(p, 1.2)
        XCTAssertEqual(slower.response, 1.2, accuracy: 1e-12)
        XCTAssertEqual(slower.dampingFraction, p.dampingFraction, accuracy: 1e-12)
        XCTAssertEqual(slower.mass, 2)
        let bouncier = try field("bounce").rebuild(p, 0.4)
        XCTAssertEqual(bouncier.bounce, 0.4, accuracy: 1e-12)
        XCTAssertEqual(bouncier.duration, p.duration, accuracy: 1e-12)
        for f in SpringField.forms.flatMap(\.fields) {
            // Every field reads back what it was set to, within its range.
            let v = (f.range.lowerBound + f.range.upperBound) / 2
            XCTAssertEqual(f.read(try f.rebuild(p, v)), v, accuracy: 1e-9, f.name)
        }
    }

    // MARK: Timeline

    func testTimelineScaleAndTicks() {
        let scale = TimelineScale(span: 0...3, trackX: 100, trackWidth: 600)
        XCTAssertEqual(scale.x(for: 1.5), 400)
        XCTAssertEqual(scale.time(atX: 400), 1.5)
        XCTAssertEqual(scale.time(atX: 0), 0)
        XCTAssertEqual(scale.time(atX: 9999), 3)
        // 56 px is 0.28 s here: the next 1-2-5 step is 0.5 s.
        XCTAssertEqual(scale.tickStep(), 0.5, accuracy: 1e-12)
        XCTAssertEqual(TimelineScale(span: 0...3, trackX: 0, trackWidth: 3000).tickStep(), 0.1, accuracy: 1e-12)
    }

    func testTimelineBarRegions() {
        let scale = TimelineScale(span: 0...4, trackX: 0, trackWidth: 400)  // 100 px a second
        let hole = TimelineLane(id: "hole", label: "hole", begin: 2, end: 2.6, keyframeTimes: [2, 2.12, 2.6],
                                delayEditable: true, durationEditable: true, delayOrigin: 2)
        XCTAssertEqual(TimelineGeometry.region(atX: 258, lane: hole, scale: scale), .durationHandle)
        XCTAssertEqual(TimelineGeometry.region(atX: 205, lane: hole, scale: scale), .body(segment: 0))
        XCTAssertEqual(TimelineGeometry.region(atX: 230, lane: hole, scale: scale), .body(segment: 1))
        XCTAssertEqual(TimelineGeometry.region(atX: 150, lane: hole, scale: scale), .outside)
        var fixed = hole
        fixed.durationEditable = false
        fixed.keyframeTimes = []
        XCTAssertEqual(TimelineGeometry.region(atX: 258, lane: fixed, scale: scale), .body(segment: nil))
    }

    func testTimelineDragsRoundToMillisecondsAndStayValid() {
        let lane = TimelineLane(id: "logo", label: "logo", begin: 2.1, end: 2.4, delayEditable: true, durationEditable: true, delayOrigin: 2)
        XCTAssertEqual(TimelineGeometry.draggedDelay(lane: lane, grabTime: 2.2, pointerTime: 2.35012), 0.25)
        // Dragged before its origin, the delay stops at 0.
        XCTAssertEqual(TimelineGeometry.draggedDelay(lane: lane, grabTime: 2.2, pointerTime: 1), 0)
        XCTAssertEqual(TimelineGeometry.draggedDuration(lane: lane, pointerTime: 2.8), 0.7, accuracy: 1e-12)
        XCTAssertEqual(TimelineGeometry.draggedDuration(lane: lane, pointerTime: 1), TimelineGeometry.minimumDuration)
        let moved = TimelineGeometry.apply(.moveDelay(laneId: "logo", delay: 0.25, isFinal: false), to: lane)
        XCTAssertEqual(moved.begin, 2.25, accuracy: 1e-12)
        XCTAssertEqual(moved.end, 2.55, accuracy: 1e-12)
    }

    func testTimelineDefaultSpanCoversEverythingDrawn() {
        let content = TimelineContent(lanes: [TimelineLane(id: "a", label: "a", begin: 0, end: 2.6, delayEditable: false, durationEditable: false)],
                                      liveLanes: [TimelineLiveLane(id: "panel", label: "panel", start: 3, settlingDuration: 0.8, targetLabel: "0 pt")],
                                      dismissalTime: 2, playhead: 1)
        XCTAssertEqual(content.span.upperBound, 3.8 * 1.05, accuracy: 1e-12)
        XCTAssertEqual(TimelineContent(lanes: [], playhead: 0).span, 0...1)
    }

    // MARK: Registry

    func testRegistryJSONIsValidAndKeepsOrder() throws {
        var registry = ControlRegistry()
        registry.register(RegisteredControl(id: "splash.logo.duration", kind: "number", x: 10, y: 20.5, width: 96, height: 19, value: .number(0.3)))
        registry.register(RegisteredControl(id: "curve.cp1", kind: "controlPoint", x: 1, y: 2, width: 18, height: 18, value: .point(x: 0.42, y: 0)))
        registry.register(RegisteredControl(id: "q\"uote\n", kind: "readout", x: 0, y: 0, width: 0, height: 0, value: .text("a\\b")))
        registry.register(RegisteredControl(id: "spring", kind: "springPlot", x: 0, y: 0, width: 1, height: 1, value: .number(.infinity)))
        registry.register(RegisteredControl(id: "timeline.logo", kind: "lane", x: 0, y: 0, width: 1, height: 1, value: .span(start: 2, end: 2.3)))
        let json = registry.json()
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let controls = parsed["controls"] as! [[String: Any]]
        XCTAssertEqual(controls.map { $0["id"] as! String }, ["splash.logo.duration", "curve.cp1", "q\"uote\n", "spring", "timeline.logo"])
        XCTAssertEqual(controls[0]["y"] as? Double, 20.5)
        XCTAssertEqual(controls[1]["value"] as? [Double], [0.42, 0])
        XCTAssertEqual(controls[2]["value"] as? String, "a\\b")
        XCTAssertTrue(controls[3]["value"] is NSNull)
        XCTAssertEqual((controls[4]["value"] as? [String: Double])?["end"], 2.3)
        XCTAssertTrue(json.hasPrefix("{\"controls\": [{\"id\": \"splash.logo.duration\", \"kind\": \"number\", \"x\": 10, \"y\": 20.5"))
        XCTAssertEqual(registry.control("curve.cp1")?.centre.x, 10)
    }

    // MARK: SDL events to input values

    func testSDLEventsBecomeInspectorInput() {
        var event = SDL_Event()
        event.type = SDL_MOUSEBUTTONDOWN.rawValue
        event.button.button = UInt8(SDL_BUTTON_RIGHT)
        event.button.x = 12; event.button.y = 34
        XCTAssertEqual(InspectorInput(sdlEvent: event), .mouseButton(button: 1, isDown: true, x: 12, y: 34))

        event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.y = 2
        event.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
        XCTAssertEqual(InspectorInput(sdlEvent: event), .wheel(dx: 0, dy: -2))

        event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.scancode = SDL_SCANCODE_RETURN
        event.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue | KMOD_RSHIFT.rawValue)
        XCTAssertEqual(InspectorInput(sdlEvent: event), .key(scancode: Int(SDL_SCANCODE_RETURN.rawValue), isDown: true, modifiers: [.control, .shift]))

        event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &event.text.text) { bytes in
            for (i, b) in "0,5é".utf8.enumerated() { bytes[i] = b }
        }
        XCTAssertEqual(InspectorInput(sdlEvent: event), .text("0,5é"))

        event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        XCTAssertNil(InspectorInput(sdlEvent: event))
    }
}
