import CImGui
import CSDL2
import Foundation
import XCTest
@testable import Inspector

/// The Graph view's pure parts (axes, layout, normalising, the nearest sample) and its drawing
/// into a given rect on an offscreen renderer: curves where the registry says, the hover readout,
/// and a press that seeks.
final class MotionGraphTests: XCTestCase {
    /// A sine of amplitude 100 pt over 2 s, sampled 201 times, with its exact velocity.
    func content(normalise: Bool = false) -> MotionGraphContent {
        let times = (0...200).map { Double($0) / 100 }
        let values: [Double?] = times.map { 100 * sin(.pi * $0) }
        let velocities: [Double?] = times.map { 100 * .pi * cos(.pi * $0) }
        return MotionGraphContent(times: times, series: [MotionGraphSeries(id: "panel.top", label: "panel top", unit: "pt", values: values, velocities: velocities)],
                                  normalise: normalise, playhead: 0.5, inputTimes: [0.25], marks: [MotionGraphMark(time: 1, label: "panel grab", flagged: true)])
    }

    func testAxesAreInTheSeriesUnitsAndTicksAreRound() {
        let axes = content().axes
        XCTAssertEqual(axes.value.unit, "pt")
        XCTAssertEqual(axes.velocity.unit, "pt/s")
        XCTAssertEqual(axes.value.low, -110, accuracy: 1e-9)
        XCTAssertEqual(axes.value.high, 110, accuracy: 1e-9)
        XCTAssertEqual(axes.value.ticks(pixels: 200, minimumGap: 28), [-100, -50, 0, 50, 100])
        XCTAssertEqual(axes.value.y(axes.value.low, top: 10, bottom: 110), 110)
        XCTAssertEqual(axes.value.y(axes.value.high, top: 10, bottom: 110), 10)
        // Mixed units: no unit on the axis; normalised: none either, and each series in 0…1 and −1…1.
        var mixed = content()
        mixed.series.append(MotionGraphSeries(id: "card.progress", label: "card progress", unit: "", values: [0.5], velocities: [1]))
        XCTAssertNil(mixed.axes.value.unit)
        let n = content(normalise: true)
        XCTAssertNil(n.axes.value.unit)
        let plotted = n.plotted(n.series[0])
        XCTAssertEqual(plotted.values.compactMap { $0 }.max()!, 1, accuracy: 1e-12)
        XCTAssertEqual(plotted.values.compactMap { $0 }.min()!, 0, accuracy: 1e-12)
        XCTAssertEqual(plotted.velocities.compactMap { $0 }.map(abs).max()!, 1, accuracy: 1e-12)
    }

    func testLayoutMapsTimeBothWaysAndFindsTheNearestSample() {
        let layout = MotionGraphLayout(x: 10, y: 20, width: 500, height: 300)
        let span = 0.0...2.0
        for t in [0, 0.37, 1, 2] { XCTAssertEqual(layout.time(atX: layout.x(for: t, span: span), span: span), t, accuracy: 1e-12) }
        XCTAssertLessThan(layout.valueBottom, layout.velocityTop)
        XCTAssertLessThanOrEqual(layout.inputTop + MotionGraphLayout.inputStrip, 20 + 300)
        XCTAssertEqual(content().sampleIndex(nearest: 0.304), 30)
        XCTAssertEqual(content().sampleIndex(nearest: 5), 200)
        XCTAssertEqual(MotionGraphText.number(1500), "1500")
        XCTAssertEqual(MotionGraphText.number(-81.63), "-81.6")
        XCTAssertEqual(MotionGraphText.number(0.25), "0.25")
    }

    func testGraphDrawsItsCurvesInTheGivenRectAndAPressSeeks() throws {
        let driver = try openFrameDriver(windowWidth: 800, windowHeight: 600, panelFillsWindow: true)
        let bridge = driver.bridge
        var edit = MotionGraphEdit.none
        let draw = { edit = bridge.motionGraph(id: "graph", self.content(), x: 20, y: 40, width: 700, height: 400) }
        driver.open(draw)
        let pixels = driver.window.readPixels(width: 800, height: 600)
        let graph = try XCTUnwrap(driver.control("graph"))
        XCTAssertEqual([graph.x, graph.y, graph.width, graph.height], [20, 40, 700, 400])
        for id in ["graph.value", "graph.velocity"] {
            let plot = try XCTUnwrap(driver.control(id))
            let blue = countPixels(pixels, stride: 800, x: Int(plot.x), y: Int(plot.y), width: Int(plot.width), height: Int(plot.height), near: InspectorFrameTests.curveBlue)
            XCTAssertGreaterThan(blue, 600, id)
        }
        XCTAssertEqual(driver.control("graph.mark.0")?.value, .text("panel grab"))
        XCTAssertEqual(driver.control("playhead")?.value, .number(0.5))
        XCTAssertEqual(edit, .none)

        // Hovering shows the readout of time, value and velocity at the nearest sample.
        let value = try XCTUnwrap(driver.control("graph.value"))
        let layout = MotionGraphLayout(x: 20, y: 40, width: 700, height: 400)
        let x = layout.x(for: 0.25, span: 0...2)
        driver.step([.mouseMoved(x: x, y: value.y + 40)], draw)
        driver.step([], draw)
        guard case let .text(readout)? = driver.control("graph.readout")?.value else { return XCTFail("no readout") }
        XCTAssertEqual(readout, "t = 0.25 s\npanel top: 70.7 pt, 222.1 pt/s")
        // A press seeks to the time under the pointer.
        driver.step([.mouseButton(button: 0, isDown: true, x: x, y: value.y + 40)], draw)
        guard case let .seek(t) = edit else { return XCTFail("no seek: \(edit)") }
        XCTAssertEqual(t, 0.25, accuracy: 2.0 / layout.plotWidth)
        driver.step([.mouseButton(button: 0, isDown: false, x: x, y: value.y + 40)], draw)
    }

    // MARK: The points a curve is drawn with

    func simplified(_ points: [(Float, Float)]) -> [ImVec2] {
        var run = PlotPolyline()
        for (x, y) in points { run.add(ImVec2(x, y)) }
        return run.finish()
    }

    /// The height at `x` of the polyline through `points` (ascending in x).
    func height(of points: [ImVec2], at x: Float) -> Float {
        let i = max(1, min(points.firstIndex { $0.x >= x } ?? points.count - 1, points.count - 1))
        let a = points[i - 1], b = points[i]
        return b.x == a.x ? b.y : a.y + (x - a.x) / (b.x - a.x) * (b.y - a.y)
    }

    func testAStraightStretchOfACurveIsDrawnAsOneSegment() {
        // A property at rest, two samples a column of a plot 1,600 columns wide.
        let flat = simplified((0..<3200).map { (Float($0) * 0.5, 40) })
        XCTAssertEqual(flat.map { $0.x }, [0, 1599.5])
        // A linear ramp, then rest: the corner is kept.
        let ramp = simplified((0...400).map { (i: Int) -> (Float, Float) in
            let x = Float(i)
            return (x, i < 200 ? 100 - x / 4 : 50)
        })
        XCTAssertEqual(ramp.map { $0.x }, [0, 200, 400])
        XCTAssertEqual(ramp.map { $0.y }, [100, 50, 50])
    }

    func testEveryPointLeftOutLiesWithinATenthOfAPixelOfTheLineDrawn() {
        // A spring's settle drawn with points a pixel or more apart, so that only the second rule
        // leaves points out.
        let points: [(Float, Float)] = (0...1500).map { (i: Int) -> (Float, Float) in
            let t = Double(i) / 1500
            let y = 80 - 70 * exp(-6 * t) * cos(20 * t)
            return (Float(i) * 1.25, Float(y))
        }
        let drawn = simplified(points)
        XCTAssertLessThan(drawn.count, points.count / 3, "a smooth curve needs far fewer points than samples")
        XCTAssertEqual(drawn.first?.x, points.first?.0)
        XCTAssertEqual(drawn.last?.x, points.last?.0)
        for (x, y) in points {
            XCTAssertLessThanOrEqual(abs(height(of: drawn, at: x) - y), PlotPolyline.tolerance * 1.001, "at x = \(x)")
        }
        // Every point drawn is one of the curve's.
        let xs = Set(points.map { $0.0 })
        XCTAssertTrue(drawn.allSatisfy { xs.contains($0.x) })
    }

    func testPointsUnderAPixelFromTheLastOneKeptAreLeftOutButARunsLast() {
        // Seven samples within a pixel of the first, then a jump: the jump is drawn from the first.
        let drawn = simplified([(0, 10), (0.1, 10.2), (0.2, 10.4), (0.3, 10.5), (0.4, 10.6), (0.5, 10.7), (0.6, 10.8), (0.7, 10.9), (5, 60)])
        XCTAssertEqual(drawn.map { $0.x }, [0, 5])
        // A run that ends within a pixel of its last point kept ends on its own last point.
        XCTAssertEqual(simplified([(0, 10), (4, 30), (4.5, 30.5)]).map { $0.x }, [0, 4, 4.5])
        XCTAssertTrue(simplified([(3, 4)]).count == 1)
        XCTAssertTrue(simplified([]).isEmpty)
    }
}
