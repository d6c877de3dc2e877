import XCTest
@testable import App
@testable import Formats
@testable import Scenes

/// The timeline dock's Graph view, through the window's reducer and the graph's model: it follows
/// the take as the lanes do, and plots what moves in the span it shows.
final class GraphViewTests: XCTestCase {
    /// P at 6 s presents the panel; a drag down on it at 6.7 s, released at 6.85 s.
    func stateAfterAPanelDragAtSixSeconds() -> WindowState {
        var s = windowState()
        advance(&s, to: 6)
        _ = s.reduce(.playback(.input(.key("p"))))
        advance(&s, to: 6.7)
        _ = s.reduce(.playback(.input(.down(x: 187, y: 330))))
        advance(&s, to: 6.75)
        _ = s.reduce(.playback(.input(.move(x: 187, y: 380))))
        advance(&s, to: 6.8)
        _ = s.reduce(.playback(.input(.move(x: 187, y: 420))))
        advance(&s, to: 6.85)
        _ = s.reduce(.playback(.input(.up(x: 187, y: 450))))
        advance(&s, to: 7.5)
        return s
    }

    func ids(_ indices: [Int]) -> [String] { indices.map { MotionProperty.all[$0].id } }

    func testAfterAPanelDragAtSixSecondsTheGraphShowsTheTakeAndThePanel() {
        let s = stateAfterAPanelDragAtSixSeconds()
        XCTAssertEqual(s.graphState.span, .take)
        XCTAssertEqual(s.graphSpan, s.timelineTakeSpan)
        XCTAssertEqual(s.graphSpan.lowerBound, 0)
        XCTAssertGreaterThanOrEqual(s.graphSpan.upperBound, s.time - 1e-9, "the span reaches the playhead, past the drag")
        XCTAssertLessThan(s.timelineSplashSpan.upperBound, 6, "the splash's span alone would miss the drag")

        let graph = MotionGraphSamples.sampling(s.shownPlayback, timings: s.document.current, span: s.graphSpan, columns: 400, reusing: nil)
        let moving = ids(graph.moving)
        for id in ["panel.top", "panel.progress", "splash.holeSize"] { XCTAssertTrue(moving.contains(id), "\(id) moves in the take: \(moving)") }
        let plotted = ids(s.graphState.plotted(moving: graph.moving))
        XCTAssertTrue(plotted.contains("panel.top") && plotted.contains("panel.progress"), "the drag is on the graph: \(plotted)")
        XCTAssertTrue(plotted.contains("splash.holeSize"), "\(plotted)")
        XCTAssertFalse(plotted.contains("splash.logoSize"), "the splash's other tracks wait to be turned on: \(plotted)")

        // Over the splash alone nothing of the panel moves, so it is neither listed nor plotted.
        let splash = MotionGraphSamples.sampling(s.shownPlayback, timings: s.document.current, span: s.timelineSplashSpan, columns: 400, reusing: nil)
        XCTAssertFalse(ids(splash.moving).contains { $0.hasPrefix("panel.") }, "\(ids(splash.moving))")
        XCTAssertEqual(ids(s.graphState.plotted(moving: splash.moving)), ["splash.holeSize"])
    }

    func testTheGraphFollowsTheRulerAfterAZoomPanOrFitAndFitTakeBringsTheTakeBack() {
        var s = stateAfterAPanelDragAtSixSeconds()
        _ = s.reduce(.tools(.timeline(.fit(.splash))))
        XCTAssertEqual(s.graphState.span, .ruler)
        XCTAssertEqual(s.graphSpan, s.timelineSplashSpan)
        _ = s.reduce(.tools(.timeline(.zoom(notches: 1, about: 1))))
        XCTAssertEqual(s.graphSpan, s.timelineSpan, "zoom carries over")
        XCTAssertNotEqual(s.graphSpan, s.timelineSplashSpan)
        _ = s.reduce(.graph(.setSpan(.take)))
        XCTAssertEqual(s.graphSpan, s.timelineTakeSpan)
        XCTAssertNotEqual(s.timelineSpan, s.timelineTakeSpan, "the graph's fit leaves the ruler as it is")
    }

    func testAPropertysToggleAndNormaliseAreState() {
        var s = stateAfterAPanelDragAtSixSeconds()
        let graph = MotionGraphSamples.sampling(s.shownPlayback, timings: s.document.current, span: s.graphSpan, columns: 200, reusing: nil)
        _ = s.reduce(.graph(.plot("panel.top", false)))
        _ = s.reduce(.graph(.plot("splash.logoSize", true)))
        _ = s.reduce(.graph(.setNormalise(true)))
        let plotted = ids(s.graphState.plotted(moving: graph.moving))
        XCTAssertFalse(plotted.contains("panel.top"), "\(plotted)")
        XCTAssertTrue(plotted.contains("splash.logoSize") && plotted.contains("panel.progress"), "\(plotted)")
        XCTAssertTrue(s.graphState.normalise)
        XCTAssertEqual(plotted, ids(graph.moving.filter { plotted.contains(MotionProperty.all[$0].id) }), "in the trace's order")
    }

    /// Samples computed again as input streams in equal samples computed from scratch.
    func testSamplesReusedAsTheLogGrowsEqualThoseComputedAfresh() {
        var s = windowState()
        advance(&s, to: 6)
        _ = s.reduce(.playback(.input(.key("p"))))
        advance(&s, to: 6.7)
        _ = s.reduce(.playback(.input(.down(x: 187, y: 330))))
        let span = 0.0...8.0
        let before = MotionGraphSamples.sampling(s.playback, timings: s.document.current, span: span, columns: 300, reusing: nil)
        advance(&s, to: 6.8)
        _ = s.reduce(.playback(.input(.move(x: 187, y: 420))))
        let reused = MotionGraphSamples.sampling(s.playback, timings: s.document.current, span: span, columns: 300, reusing: before)
        let fresh = MotionGraphSamples.sampling(s.playback, timings: s.document.current, span: span, columns: 300, reusing: nil)
        XCTAssertEqual(reused.samples.map(\.values), fresh.samples.map(\.values))
        XCTAssertEqual(reused.moving, fresh.moving)
        XCTAssertEqual(reused.key, fresh.key)
    }

    /// The graph's times: both ends of the span, one or two a column between, on a grid that
    /// stays put as the span grows or pans.
    func testSampleTimesCoverTheSpanAtOneOrTwoAColumnOnAFixedGrid() {
        for (span, columns) in [(0.0...3.0, 1000), (0.0...61.7, 1130), (2.25...9.5, 400), (0.5...0.75, 50)] {
            let times = MotionGraphSamples.sampleTimes(span: span, columns: columns)
            XCTAssertEqual(times.first, span.lowerBound)
            XCTAssertEqual(times.last, span.upperBound)
            XCTAssertEqual(times, times.sorted())
            XCTAssertEqual(Set(times).count, times.count, "no time twice")
            XCTAssertGreaterThanOrEqual(times.count, columns, "\(span): never coarser than a sample a column")
            XCTAssertLessThanOrEqual(times.count, 2 * columns + 2, "\(span)")
        }
        let before = MotionGraphSamples.sampleTimes(span: 0...6, columns: 1000)
        let grown = MotionGraphSamples.sampleTimes(span: 0...6.02, columns: 1000)
        XCTAssertTrue(grown.starts(with: before.dropLast()), "growing keeps every time but the old end")
        XCTAssertEqual(grown.count - before.count, 6, "at 1/256 s, 6.02 s adds 6.0039 to 6.0195 and the new end; 6 stays as a grid time")
        let doubled = MotionGraphSamples.sampleTimes(span: 0...12.5, columns: 1000)
        let doubledEarly = doubled.filter { $0 < 6 }
        XCTAssertTrue(Set(doubledEarly).isSubset(of: Set(before)), "a doubled step keeps every other time")
        XCTAssertEqual(doubledEarly.count, (before.count - 1) / 2)
        XCTAssertEqual(MotionGraphSamples.sampleTimes(span: 1...1, columns: 100), [1])
    }

    /// As the take plays on with the graph fitted to it, each frame computes only its new samples,
    /// and what it keeps equals what a fresh sampling computes.
    func testAGrowingTakeComputesOnlyItsNewSamples() {
        var s = windowState()
        advance(&s, to: 6)
        _ = s.reduce(.playback(.input(.key("p"))))
        advance(&s, to: 6.7)
        _ = s.reduce(.playback(.input(.down(x: 187, y: 330))))
        var graph = MotionGraphSamples.sampling(s.playback, timings: s.document.current, span: s.graphSpan, columns: 1000, reusing: nil)
        XCTAssertEqual(graph.computedCount, graph.samples.count)
        for (n, y) in [340.0, 360, 390, 420].enumerated() {
            advance(&s, to: 6.7 + Double(n + 1) / 60)
            _ = s.reduce(.playback(.input(.move(x: 187, y: y))))
            graph = MotionGraphSamples.sampling(s.playback, timings: s.document.current, span: s.graphSpan, columns: 1000, reusing: graph)
            XCTAssertLessThanOrEqual(graph.computedCount, 6, "a frame of a drag computes the samples from its input on: \(graph.computedCount)")
            let fresh = MotionGraphSamples.sampling(s.playback, timings: s.document.current, span: s.graphSpan, columns: 1000, reusing: nil)
            XCTAssertEqual(graph.samples.map(\.time), fresh.samples.map(\.time))
            XCTAssertEqual(graph.samples.map(\.values), fresh.samples.map(\.values))
            XCTAssertEqual(graph.samples.map(\.velocities), fresh.samples.map(\.velocities))
            XCTAssertEqual(graph.moving, fresh.moving)
        }
        // Another take (the timings changed): nothing is kept.
        var timings = s.document.current
        timings.panel.duration += 0.1
        let other = MotionGraphSamples.sampling(s.playback, timings: timings, span: s.graphSpan, columns: 1000, reusing: graph)
        XCTAssertEqual(other.computedCount, other.samples.count)
    }

    /// The first report is made at once; a take that changed is linted beside the frames, the
    /// report before it shown meanwhile, and what comes back is the new take's own report.
    func testLintOfAChangedTakeRunsBesideTheFramesAndComesBackAsTheTakesOwnReport() {
        var s = windowState()
        advance(&s, to: 6)
        _ = s.reduce(.playback(.input(.key("p"))))
        advance(&s, to: 6.5)
        let timings = s.document.current
        let cache = MotionGraphCache(logoOutline: nil)
        let first = cache.lintReport(s.shownPlayback, timings: timings, now: 100)
        let fresh = MotionLint.run(initial: s.shownPlayback.initial, log: s.shownPlayback.log, thresholds: timings.lint)
        XCTAssertEqual(first.text, fresh.text, "the first report is there at once")
        XCTAssertEqual(first.interruptions.count, 0)

        // A grab and a release of the panel: two interruptions the first report has not seen.
        _ = s.reduce(.playback(.input(.down(x: 187, y: 330))))
        advance(&s, to: 6.6)
        _ = s.reduce(.playback(.input(.move(x: 187, y: 400))))
        advance(&s, to: 6.65)
        _ = s.reduce(.playback(.input(.up(x: 187, y: 420))))
        advance(&s, to: 7)
        let changed = s.shownPlayback
        XCTAssertEqual(cache.lintReport(changed, timings: timings, now: 100.2).text, first.text, "within the interval, the report stands")
        XCTAssertEqual(cache.lintReport(changed, timings: timings, now: 101).text, first.text, "the lint runs beside; the old report shows")
        cache.waitForLint()
        let again = cache.lintReport(changed, timings: timings, now: 101.1)
        let freshAgain = MotionLint.run(initial: changed.initial, log: changed.log, thresholds: timings.lint)
        XCTAssertEqual(again.text, freshAgain.text)
        XCTAssertGreaterThan(again.interruptions.count, 0, "the grab is in the new report")
        XCTAssertEqual(cache.lint?.key, MotionGraphSamples.TakeKey(changed, timings: timings))
        XCTAssertEqual(cache.lint?.at, 101, "timed from when that lint began")
    }
}
