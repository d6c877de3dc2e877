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
}
