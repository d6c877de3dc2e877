import XCTest
@testable import Scenes

/// The pure half of comparing a screen recording with the preview: the pixel measure, the launch
/// cut, the curve's phases and the status bar.
final class ReferenceComparisonTests: XCTestCase {
    func frame(width: Int, height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let c = colour(x, y); out += [c.0, c.1, c.2, 255] } }
        return out
    }

    func testTheMeasureCountsBlocksPastTheDistanceAndLeavesOutTheStatusBar() {
        let grey = frame(width: 4, height: 4) { _, _ in (100, 100, 100) }
        // The top row is a status bar (white); one pixel below it is red; one moves by the noise.
        let other = frame(width: 4, height: 4) { x, y in
            if y == 0 { return (255, 255, 255) }
            if x == 1 && y == 2 { return (200, 0, 0) }
            if x == 3 && y == 3 { return (120, 110, 100) }
            return (100, 100, 100)
        }
        // Below the bar: blocks of rows 1–2 and of row 3 alone. The red pixel moves its block's mean
        // by (25, −25, −25), 43.3, past 40; the noise moves its two-pixel block's by (10, 5, 0).
        let d = ReferenceDifference.between(grey, other, width: 4, height: 4, skippedRows: 1)
        XCTAssertEqual(d.share, 1.0 / 4, accuracy: 1e-12)
        let red: Double = (25.0 * 25 * 3).squareRoot()
        let noise: Double = (10.0 * 10 + 5 * 5).squareRoot()
        XCTAssertEqual(d.meanDistance, (red + noise) / 4, accuracy: 1e-9)
        // With the bar: both top blocks hold two white pixels, (77.5, 77.5, 77.5) apart; the noise
        // in a four-pixel block is (5, 2.5, 0).
        XCTAssertEqual(ReferenceDifference.between(grey, other, width: 4, height: 4, skippedRows: 0).share, 3.0 / 4, accuracy: 1e-12)
        XCTAssertEqual(ReferenceDifference.between(grey, grey, width: 4, height: 4, skippedRows: 4), ReferenceDifference(share: 0, meanDistance: 0))
    }

    /// Something else, the launch screen for three frames with the recording's noise, then the
    /// intro: the crossing is interpolated between the two frames about it, the noise taken off.
    func testTheLaunchCutIsFoundAfterTheLaunchFramesAndInterpolated() throws {
        var search = LaunchCutSearch(previewCut: 0.05)
        func feed(_ t: Double, _ share: Double, _ change: Double? = nil) -> ReferenceAlignment? {
            search.feed(time: t, fromLaunch: ReferenceDifference(share: share, meanDistance: 1), fromPrevious: change.map { ReferenceDifference(share: $0, meanDistance: 1) })
        }
        XCTAssertNil(feed(0.00, 0.9))
        XCTAssertNil(feed(0.10, 0.9, 0.0))
        XCTAssertNil(feed(0.20, 0.001, 0.9), "the launch screen")
        XCTAssertNil(feed(0.30, 0.002, 0.001))
        XCTAssertNil(feed(0.40, 0.001, 0.001))
        // 0.004 less the noise 0.001: under the bound, the intro has barely begun.
        XCTAssertNil(feed(0.50, 0.004, 0.003))
        let found = try XCTUnwrap(feed(0.60, 0.011, 0.007))
        // From 0.003 at 0.5 to 0.010 at 0.6 (noise off): the bound 0.005 is met 2/7 of the way.
        XCTAssertEqual(found.offset, 0.5 + 0.1 * 2 / 7 - 0.05, accuracy: 1e-9)
        XCTAssertEqual(found.method, .launchCut)
        XCTAssertEqual(found.certainty, 1)
        XCTAssertEqual(found.cutFrameTime, 0.6)
        XCTAssertEqual(feed(0.7, 0.5, 0.5), found, "found once")

        var halfway = LaunchCutSearch(previewCut: 0)
        _ = halfway.feed(time: 1, fromLaunch: ReferenceDifference(share: 0, meanDistance: 0), fromPrevious: nil)
        let cut = try XCTUnwrap(halfway.feed(time: 1.1, fromLaunch: ReferenceDifference(share: 0.015, meanDistance: 0), fromPrevious: nil))
        XCTAssertEqual(cut.offset, 1 + 0.1 / 3, accuracy: 1e-9, "0 → 1.5%: the 0.5% bound a third of the way")
        XCTAssertEqual(cut.certainty, 0.5, "one launch frame alone is less sure")
    }

    func testWithoutALaunchFrameTheFirstLargeChangeIsTakenAndSaidToBeAGuess() throws {
        var search = LaunchCutSearch(previewCut: 0.02)
        for (t, change) in [(0.0, nil), (0.1, 0.01), (0.2, 0.6), (0.3, 0.4)] as [(Double, Double?)] {
            XCTAssertNil(search.feed(time: t, fromLaunch: ReferenceDifference(share: 0.5, meanDistance: 50),
                                     fromPrevious: change.map { ReferenceDifference(share: $0, meanDistance: 1) }))
        }
        let guess = try XCTUnwrap(search.fallback())
        XCTAssertEqual(guess.method, .largeChange)
        XCTAssertEqual(guess.offset, 0.2 - 0.02, accuracy: 1e-12)
        XCTAssertLessThan(guess.certainty, 0.5)
        XCTAssertNil(LaunchCutSearch(previewCut: 0).fallback(), "nothing at all: no alignment")
    }

    func testTheCurveConfirmsTheOffsetAndSumsUpByPhase() {
        let samples = [(0.0, "appearing", 0.001), (0.1, "appearing", 0.002), (0.2, "appearing", 0.02), (0.3, "holding", 0.0),
                       (0.4, "holding", 0.0), (0.5, "disappearing", 0.3), (0.6, "disappearing", 0.1)].map {
            ReferenceCurveSample(time: $0.0, phase: $0.1, difference: ReferenceDifference(share: $0.2, meanDistance: $0.2 * 100), referenceTime: $0.0 + 0.4)
        }
        let summaries = ReferencePhaseSummary.summaries(samples)
        XCTAssertEqual(summaries.map(\.phase), ["appearing", "holding", "disappearing"])
        XCTAssertEqual(summaries.map(\.samples), [3, 2, 2])
        XCTAssertEqual(summaries[0].meanShare, 0.023 / 3, accuracy: 1e-12)
        XCTAssertEqual(summaries[0].largestShare, 0.02)
        XCTAssertEqual([summaries[2].from, summaries[2].to], [0.5, 0.6])
        XCTAssertEqual(summaries[2].meanDistance, 20, accuracy: 1e-9)
        XCTAssertEqual(summaries.map { $0.differs(past: ReferencePhaseSummary.defaultMaximumShare) }, [false, false, true])

        let found = ReferenceAlignment(offset: 0.4, method: .launchCut, certainty: 1, cutFrameTime: 0.45, detail: "cut")
        let confirmed = found.confirmed(by: samples, previewCut: 0.05)
        // 0.1 and 0.2 and 0.3 lie in the 0.25 s after 0.05; 0.2 differs 2%.
        XCTAssertEqual(confirmed.certainty, 2.0 / 3, accuracy: 1e-12)
        XCTAssertTrue(confirmed.detail.hasSuffix("2 of 3 preview frames in the 0.25 s after the cut agree"), confirmed.detail)
        XCTAssertEqual(referenceCurveTimes(fps: 60, end: 0.05).count, 4)
        XCTAssertEqual(referenceCurveTimes(fps: 60, end: -1), [])
    }

    func testTheStatusBarFollowsTheDevice() throws {
        XCTAssertEqual(StatusBar.height(of: try XCTUnwrap(Device.named("iphone-se"))), 20)
        XCTAssertEqual(StatusBar.height(of: try XCTUnwrap(Device.named("iphone-15"))), 54)
        XCTAssertEqual(StatusBar.height(of: try XCTUnwrap(Device.named("iphone-15", orientation: .landscape))), 0)
        XCTAssertEqual(StatusBar.height(of: try XCTUnwrap(Device.named("ipad-air-11", orientation: .landscape))), 24)
    }
}
