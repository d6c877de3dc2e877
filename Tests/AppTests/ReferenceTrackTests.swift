import App
import XCTest

/// The window's reference recording on the preview's clock: which frame shows, and a nudge.
final class ReferenceTrackTests: XCTestCase {
    /// Frames at 120 fps with 3 left out after the second (a dropped or unchanged stretch).
    let times = [0, 1.0 / 120, 5.0 / 120, 6.0 / 120]

    func testTheFrameShownIsTheLatestNotAfterTheTimePlusTheOffset() {
        let track = ReferenceTrack(name: "app.mov", frameTimes: times, offset: 0.4)
        XCTAssertNil(track.frameIndex(at: -0.41), "before the first frame")
        XCTAssertEqual(track.frameIndex(at: -0.4), 0, "a frame exactly at the time shows")
        XCTAssertEqual(track.frameIndex(at: -0.4 + 4.0 / 120), 1, "the gap keeps the frame before it")
        XCTAssertEqual(track.frameIndex(at: -0.4 + 5.0 / 120), 2)
        XCTAssertEqual(track.frameIndex(at: 10), 3, "the last frame stays after the end")
    }

    func testANudgeStepsOneFrameOverAGapAndStopsAtTheEnds() {
        var track = ReferenceTrack(name: "app.mov", frameTimes: times, offset: 0)
        let t = 1.5 / 120
        XCTAssertEqual(track.frameIndex(at: t), 1)
        track.nudge(by: 1, at: t)
        XCTAssertEqual(track.frameIndex(at: t), 2, "the gap is one step")
        XCTAssertEqual(track.offset, 4.0 / 120, accuracy: 1e-12)
        track.nudge(by: -2, at: t)
        XCTAssertEqual(track.frameIndex(at: t), 0)
        track.nudge(by: -1, at: t)
        XCTAssertEqual(track.frameIndex(at: t), 0, "nothing before the first")
        track.nudge(by: 9, at: t)
        XCTAssertEqual(track.frameIndex(at: t), 3, "at most the last")
        var early = ReferenceTrack(name: "app.mov", frameTimes: times, offset: -1)
        early.nudge(by: 1, at: 0)
        XCTAssertEqual(early.frameIndex(at: 0), 0, "before the first frame, a step forward shows it")
    }
}
