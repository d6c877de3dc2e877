import XCTest
@testable import Inspector

/// The timeline's pure geometry: time and x, ticks, rows, labels and snapping.
final class TimelineGeometryTests: XCTestCase {
    /// A stand-in for the font: 7 units a character, as DejaVu Sans at 15 px is on average.
    let measure: (String) -> Double = { Double($0.count) * 7 }

    func testTimeAndXAreInversesAcrossZooms() {
        for (span, width) in [(0.0...3.6, 254.0), (0.0...3.6, 1800), (1.95...2.05, 600), (0.0...600, 300), (2.5...2.52, 1800)] {
            let scale = TimelineScale(span: span, trackX: 40, trackWidth: width)
            XCTAssertEqual(scale.x(for: span.lowerBound), 40)
            XCTAssertEqual(scale.x(for: span.upperBound), 40 + width, accuracy: 1e-9)
            XCTAssertEqual(scale.pixelsPerSecond, width / (span.upperBound - span.lowerBound), accuracy: 1e-9)
            for share in stride(from: 0.0, through: 1, by: 0.125) {
                let t = span.lowerBound + share * (span.upperBound - span.lowerBound)
                XCTAssertEqual(scale.time(atX: scale.x(for: t)), t, accuracy: 1e-9 * max(1, t))
            }
            XCTAssertEqual(scale.time(atX: -1000), span.lowerBound, "clamped to the span")
        }
    }

    func testTicksAre125StepsWhoseLabelsFitBetweenThem() {
        for width in [254.0, 400, 1200, 1800] {
            for length in [0.02, 0.05, 0.3, 1, 3.6, 10.9, 60, 600] {
                for start in [0.0, 1.95, 17.3] {
                    let scale = TimelineScale(span: start...(start + length), trackX: 0, trackWidth: width)
                    let (step, ticks) = TimelineTicks.ticks(scale, measure: measure)
                    let mantissa = step / pow(10, floor(log10(step)))
                    XCTAssertTrue([1, 2, 5].contains { abs(mantissa - $0) < 1e-6 }, "step \(step)")
                    XCTAssertFalse(ticks.isEmpty, "width \(width), span \(scale.span)")
                    let widest = ticks.map { measure($0.label) }.max() ?? 0
                    XCTAssertGreaterThanOrEqual(step * scale.pixelsPerSecond, widest + TimelineTicks.labelGap - 1e-9,
                                                "width \(width), span \(scale.span), step \(step)")
                    XCTAssertGreaterThanOrEqual(step * scale.pixelsPerSecond, TimelineTicks.minimumSpacing - 1e-9)
                    // No coarser than needed: the next step down would crowd them.
                    XCTAssertLessThan(step * scale.pixelsPerSecond, 5 * (widest + TimelineTicks.labelGap + TimelineTicks.minimumSpacing))
                    XCTAssertTrue(ticks.allSatisfy { scale.span.contains($0.time) || abs($0.time - scale.span.upperBound) < 1e-9 })
                }
            }
        }
        // The ticks adapt to the zoom: halving the span never coarsens the step.
        var previous = Double.infinity
        for length in [8.0, 4, 2, 1, 0.5, 0.25, 0.125] {
            let step = TimelineTicks.ticks(TimelineScale(span: 0...length, trackX: 0, trackWidth: 800), measure: measure).step
            XCTAssertLessThanOrEqual(step, previous)
            previous = step
        }
        XCTAssertEqual(TimelineTicks.label(2.05, step: 0.05), "2.05s")
        XCTAssertEqual(TimelineTicks.label(3, step: 1), "3s")
        XCTAssertEqual(TimelineTicks.label(0.5, step: 0.5), "0.5s")
    }

    func testRowsAreAtLeast20TallAtAnyWidth() {
        for width in [254.0, 400, 1800] {
            for height: Double? in [nil, 50, 200, 1000] {
                let layout = TimelineLayout(x: 10, y: 20, width: width, height: height, laneCount: 11)
                XCTAssertEqual(layout.rows.count, 12)
                XCTAssertTrue(layout.rows.allSatisfy { $0.height >= TimelineLayout.minimumRowHeight })
                XCTAssertEqual(layout.trackX + layout.trackWidth + TimelineLayout.rightMargin, 10 + width, accuracy: 1e-9)
                XCTAssertGreaterThanOrEqual(layout.trackWidth, width * 0.5, "the track keeps most of the width")
                for (a, b) in zip(layout.rows, layout.rows.dropFirst()) { XCTAssertEqual(a.maxY, b.y, accuracy: 1e-9) }
                XCTAssertEqual(layout.rows[0].y, layout.phaseRow.maxY)
                XCTAssertLessThanOrEqual(layout.inputRow.maxY, layout.bounds.maxY + 1e-9)
            }
        }
    }

    func testShortenedLabelsKeepTheirStartAndFit() {
        XCTAssertEqual(TimelineLabelLayout.forms("hold"), ["hold", "hol..", "ho..", "h.."])
        let placed = TimelineLabelLayout.place([TimelineLabelRequest(id: "a", text: "appearing", x: 0, y: 0, height: 15, maxWidth: 40, priority: 0)],
                                               measure: measure)
        XCTAssertEqual(placed.map(\.text), ["app.."], "5 characters of 7 units fit in 40")
        XCTAssertTrue(TimelineLabelLayout.place([TimelineLabelRequest(id: "a", text: "appearing", x: 0, y: 0, height: 15, maxWidth: 10, priority: 0)],
                                                measure: measure).isEmpty, "no form fits: hidden")
    }

    /// The labels the widget asks for, as it asks for them: ticks, phase names, lane names.
    func requests(width: Double, span: ClosedRange<Double>) -> [TimelineLabelRequest] {
        let layout = TimelineLayout(x: 0, y: 0, width: width, laneCount: 8)
        let scale = TimelineScale(span: span, trackX: layout.trackX, trackWidth: layout.trackWidth)
        let trackEnd = layout.trackX + layout.trackWidth
        var out: [TimelineLabelRequest] = []
        let ticks = TimelineTicks.ticks(scale, measure: measure)
        for (i, tick) in ticks.ticks.enumerated() {
            let left = scale.x(for: tick.time) + 2
            out.append(TimelineLabelRequest(id: "tick.\(i)", text: tick.label, x: left, y: layout.ruler.y + 2, height: 15,
                                            maxWidth: min(ticks.step * scale.pixelsPerSecond - 4, trackEnd - left), priority: 1))
        }
        for (name, start, end) in [("appearing", 0.0, 0.3), ("holding", 0.3, 2.0), ("disappearing", 2.0, 2.6)] {
            let left = max(scale.x(for: start), layout.trackX) + 3, right = min(scale.x(for: end), trackEnd)
            out.append(TimelineLabelRequest(id: "phase.\(name)", text: name, x: left, y: layout.phaseRow.y + 2, height: 15,
                                            maxWidth: right - left - 3, priority: 2))
        }
        for (i, name) in ["logo size", "text rise", "text fade", "hole size", "hole rotation", "feed scale", "hole logo fade", "backdrop text fade"].enumerated() {
            out.append(TimelineLabelRequest(id: "lane.\(i)", text: name, x: 4, y: layout.rows[i].y + 3, height: 15,
                                            maxWidth: layout.labelColumnWidth - 8, priority: 3))
        }
        // A drag readout over the first lane, near the phase boundary.
        out.append(TimelineLabelRequest(id: "drag", text: "duration 0.300 s = d", x: scale.x(for: 0.3) + 12, y: layout.rows[0].y + 3,
                                        height: 15, maxWidth: width - scale.x(for: 0.3) - 12, priority: 10))
        return out
    }

    func testNoTwoLabelsOverlapAtManyZoomsAndWidths() {
        var checked = 0
        for width in [254.0, 320, 400, 800, 1200, 1800] {
            for length in [0.05, 0.3, 1, 2.6, 3.6, 10.9, 40] {
                for start in [0.0, 0.25, 1.9] {
                    let reqs = requests(width: width, span: start...(start + length))
                    let placed = TimelineLabelLayout.place(reqs, measure: measure)
                    for (i, a) in placed.enumerated() {
                        let request = reqs.first { $0.id == a.id }!
                        XCTAssertLessThanOrEqual(a.rect.width, request.maxWidth + 1e-9, a.id)
                        XCTAssertEqual(a.rect.x, request.x, "a label keeps its start")
                        for b in placed[(i + 1)...] {
                            XCTAssertFalse(a.rect.intersects(b.rect), "\(a.id) '\(a.text)' and \(b.id) '\(b.text)' overlap at \(width) px, \(start)+\(length) s")
                        }
                    }
                    if width >= 400 && start == 0 && length == 3.6 {
                        XCTAssertTrue(placed.contains { $0.id == "phase.holding" && $0.text == "holding" }, "with room, a label is whole")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 6 * 7 * 3)
        // Today's case: at 254 px for the splash, "appearing" (0-0.3 s) is shortened or hidden, never drawn over "holding".
        let placed = TimelineLabelLayout.place(requests(width: 254, span: 0...3.6), measure: measure)
        XCTAssertNotEqual(placed.first { $0.id == "phase.appearing" }?.text, "appearing")
        XCTAssertEqual(placed.first { $0.id == "drag" }?.text, "duration 0.300 s = d", "the readout goes first")
    }

    func testAnEdgeWithin5PixelsOfDLandsExactlyOnDAndShiftDoesNotSnap() {
        let d = 2.0
        let targets = [TimelineSnapTarget(time: d, name: "d"), TimelineSnapTarget(time: 2.6, name: "hole size end")]
        for width in [254.0, 1800] {
            let scale = TimelineScale(span: 0...3.6, trackX: 100, trackWidth: width)
            let perPixel = 3.6 / width
            for pixels in [-5.0, -3, -0.5, 0, 1, 4.9, 5] {
                let t = d + pixels * perPixel
                XCTAssertEqual(TimelineSnap.snap(t, to: targets, scale: scale, free: false).time, d, "\(pixels) px at \(width)")
                XCTAssertEqual(TimelineSnap.snap(t, to: targets, scale: scale, free: false).target?.name, "d")
                XCTAssertEqual(TimelineSnap.snap(t, to: targets, scale: scale, free: true).time, rounded(t, decimals: 3))
                XCTAssertNil(TimelineSnap.snap(t, to: targets, scale: scale, free: true).target)
            }
            // Away from every target: the 10 ms grid.
            let far = TimelineSnap.snap(1.23456, to: targets, scale: scale, free: false)
            XCTAssertEqual(far.time, 1.23)
            XCTAssertNil(far.target)
            XCTAssertEqual(TimelineSnap.snap(1.23456, to: targets, scale: scale, free: true).time, 1.235)
        }
        // The logo's end dragged to 3 px left of d: its duration lands on d exactly; with Shift, where the pointer is.
        let scale = TimelineScale(span: 0...3.6, trackX: 100, trackWidth: 254)
        let logo = TimelineLane(id: "logo", label: "logo size", begin: 0, end: 0.3, delayEditable: false, durationEditable: true)
        let pointer = d - 3 * 3.6 / 254
        XCTAssertEqual(TimelineGeometry.snappedDuration(lane: logo, pointerTime: pointer, targets: targets, scale: scale, free: false).duration, d)
        let free = TimelineGeometry.snappedDuration(lane: logo, pointerTime: pointer, targets: targets, scale: scale, free: true).duration
        XCTAssertNotEqual(free, d)
        XCTAssertEqual(free, rounded(pointer, decimals: 3))
        // A moved bar snaps whichever edge is nearer a target: here its end onto the hole's end.
        let fade = TimelineLane(id: "holeLogo", label: "hole logo fade", begin: 2.1, end: 2.2, delayEditable: true, durationEditable: true, delayOrigin: 2)
        let moved = TimelineGeometry.snappedDelay(lane: fade, grabTime: 2.15, pointerTime: 2.15 + 0.398, targets: targets, scale: scale, free: false)
        XCTAssertEqual(moved.delay, 0.5, accuracy: 1e-12)
        XCTAssertEqual(moved.target?.name, "hole size end")
        XCTAssertEqual(TimelineGeometry.snappedDelay(lane: fade, grabTime: 2.15, pointerTime: 2.15 + 0.2234, targets: targets, scale: scale, free: false).delay,
                       0.32, accuracy: 1e-12, "on the grid")
        XCTAssertEqual(TimelineGeometry.dragReadout(.setDuration(laneId: "logo", duration: 2, isFinal: false), target: targets[0]), "duration 2.000 s = d")
    }
}
