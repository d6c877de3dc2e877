import Foundation
import XCTest
@testable import App
@testable import Formats
@testable import Scenes

/// The timeline's view of time (zoom, pan, fit) and its loop region, through the window's reducer.
final class TimelineViewTests: XCTestCase {
    func length(_ span: ClosedRange<Double>) -> Double { span.upperBound - span.lowerBound }

    func testCtrlWheelHalvesAndDoublesTheSpanAboutThePointer() {
        var s = windowState()
        let fitted = s.timelineSpan
        XCTAssertEqual(fitted, s.timelineSplashSpan)
        _ = s.reduce(.tools(.timeline(.zoom(notches: 1, about: 2))))
        XCTAssertEqual(length(s.timelineSpan), length(fitted) / 2, accuracy: 1e-12)
        // The time under the pointer stays under it: 2 s was at the same share of the span before.
        let shareBefore = (2 - fitted.lowerBound) / length(fitted)
        XCTAssertEqual((2 - s.timelineSpan.lowerBound) / length(s.timelineSpan), shareBefore, accuracy: 1e-12)
        _ = s.reduce(.tools(.timeline(.zoom(notches: -1, about: 2))))
        XCTAssertEqual(length(s.timelineSpan), length(fitted), accuracy: 1e-12)
        _ = s.reduce(.tools(.timeline(.zoom(notches: -1, about: 2))))
        XCTAssertEqual(length(s.timelineSpan), 2 * length(fitted), accuracy: 1e-12)
        XCTAssertGreaterThanOrEqual(s.timelineSpan.lowerBound, 0, "zoomed out, the span starts at 0 at the earliest")
        XCTAssertNil(s.timelineView.fit)
    }

    func testZoomStopsAtItsLimitsAndPanStopsAtZero() {
        let span = 1.0...3.0
        XCTAssertEqual(length(TimelineView.zoomed(span, notches: 40, about: 2, longest: 100)), TimelineView.minimumLength, accuracy: 1e-12)
        XCTAssertEqual(length(TimelineView.zoomed(span, notches: -40, about: 2, longest: 100)), 100, accuracy: 1e-9)
        XCTAssertEqual(TimelineView.panned(span, notches: -1), 1.2...3.2)
        XCTAssertEqual(TimelineView.panned(span, notches: 50), 0...2)
        XCTAssertEqual(TimelineView.zoomed(span, notches: .nan, about: 2, longest: 100), span)
    }

    func testFitFollowsTheSplashAndTheTake() {
        var s = windowState()
        _ = s.reduce(.tools(.timeline(.pan(notches: -3))))
        XCTAssertNotEqual(s.timelineSpan, s.timelineSplashSpan)
        _ = s.reduce(.tools(.timeline(.fit(.splash))))
        XCTAssertEqual(s.timelineSpan, 0...(s.playback.preview.splash.endTime + 0.6))
        _ = s.reduce(.tools(.timeline(.fit(.take))))
        _ = s.reduce(.playback(.seek(3)))
        for _ in 0..<600 { _ = s.reduce(.tick(realSeconds: 1.0 / 60, wallTime: s.wallTime + 1.0 / 60)) }
        XCTAssertEqual(s.timelineSpan.upperBound, s.playback.horizon, accuracy: 1e-9, "fitted to the take, the span grows with it")
        XCTAssertGreaterThan(s.timelineSpan.upperBound, s.timelineSplashSpan.upperBound)
        XCTAssertEqual(KeyBindings.action(forKey: "f").map { "\($0)" }, "\(WindowAction.tools(.timeline(.fit(.splash))))")
        XCTAssertEqual(KeyBindings.action(forKey: "shift+f").map { "\($0)" }, "\(WindowAction.tools(.timeline(.fit(.take))))")
    }

    func testLoopRegionArithmetic() {
        XCTAssertNil(LoopRegion(from: 1, to: 1.005), "shorter than the 10 ms grid")
        XCTAssertNil(LoopRegion(from: -0.5, to: 1))
        let loop = LoopRegion(from: 2.4, to: 1.9)!
        XCTAssertEqual(loop.start, 1.9)
        XCTAssertEqual(loop.end, 2.4)
        XCTAssertEqual(loop.advanced(from: 2.0, by: 0.1), 2.1, accuracy: 1e-12)
        XCTAssertEqual(loop.advanced(from: 2.35, by: 0.1), 1.95, accuracy: 1e-12)
        // A long frame wraps as many times as it covers.
        XCTAssertEqual(loop.advanced(from: 2.0, by: 1.6), 2.1, accuracy: 1e-12)
        // Before the region it plays into it; after it (a seek past the end) it starts again.
        XCTAssertEqual(loop.advanced(from: 1.0, by: 0.1), 1.1, accuracy: 1e-12)
        XCTAssertEqual(loop.advanced(from: 5.0, by: 0.1), 2.1, accuracy: 1e-12)
    }

    func testTheLoopRegionPlaysOnlyItsRangeSeveralTimesOver() {
        var s = windowState()
        let loop = LoopRegion(from: 1.9, to: 2.4)!
        _ = s.reduce(.playback(.setLoop(loop)))
        XCTAssertEqual(s.time, 1.9, "setting a region the playhead is outside of starts it at the region's start")
        var times: [Double] = [], wraps = 0
        for _ in 0..<(60 * 3) {
            let before = s.time
            _ = s.reduce(.tick(realSeconds: 1.0 / 60, wallTime: s.wallTime + 1.0 / 60))
            times.append(s.time)
            if s.time < before { wraps += 1 }
            XCTAssertTrue(loop.start...loop.end ~= s.time, "\(s.time) is outside the loop")
        }
        XCTAssertGreaterThanOrEqual(wraps, 5, "3 s of a 0.5 s loop goes round about six times")
        XCTAssertLessThan(times.min()!, 1.95)
        XCTAssertGreaterThan(times.max()!, 2.35)
        // Each pass shows exactly what a seek to the same time shows: the take's model, not a drift.
        var fresh = windowState()
        _ = fresh.reduce(.playback(.seek(s.time)))
        XCTAssertEqual(fresh.playback.state, s.playback.state)
        // After an edit of the splash, playback starts over at the loop's start.
        _ = s.reduce(.document(.edit(path: "splash.logo.duration", value: .number(0.4), isFinal: true)))
        XCTAssertEqual(s.time, 1.9)
        _ = s.reduce(.playback(.setLoop(nil)))
        for _ in 0..<60 { _ = s.reduce(.tick(realSeconds: 1.0 / 60, wallTime: s.wallTime + 1.0 / 60)) }
        XCTAssertGreaterThan(s.time, 2.4, "with the loop cleared, playback goes on")
    }

    func testSelectingALaneExposesItsTrackAndCurve() {
        var s = windowState()
        _ = s.reduce(.tools(.timeline(.selectTrack("hole"))))
        XCTAssertEqual(s.selectedTrack, "hole")
        XCTAssertEqual(s.selectedCurve.path, "splash.hole.timingFunctions")
        XCTAssertEqual(s.selectedCurve.segment, 0)
        _ = s.reduce(.tools(.selectCurve(path: "splash.feed.curve", segment: nil)))
        XCTAssertEqual(s.selectedTrack, "feed", "a curve chosen elsewhere selects its track too")
        _ = s.reduce(.tools(.timeline(.selectTrack("panel"))))
        XCTAssertEqual(s.selectedTrack, "panel")
        XCTAssertEqual(s.selectedCurve.path, "splash.feed.curve", "a live lane has no splash curve: the curve stays")
        _ = s.reduce(.tools(.timeline(.setDockMode(.graph))))
        XCTAssertEqual(s.timelineDockMode, .graph)
    }
}
