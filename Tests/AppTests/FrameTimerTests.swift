import XCTest
@testable import App
@testable import Scenes

/// The frame timer on a clock the test moves by hand.
final class FrameTimerTests: XCTestCase {
    final class ManualClock {
        var now = 100.0
        func read() -> Double { now }
    }

    func testStagesAndIntervalsComeFromTheClock() {
        let clock = ManualClock()
        var timer = FrameTimer(refreshRate: 60, clock: clock.read)
        clock.now = 100.010
        XCTAssertEqual(timer.beginFrame(), 0.010, accuracy: 1e-12)
        clock.now = 100.011; timer.endInput()
        clock.now = 100.013; timer.endUpdate()
        clock.now = 100.017; timer.endRender()
        clock.now = 100.026; timer.endPresent()
        let first = timer.finishFrame(previewTime: 0.5)
        XCTAssertEqual(first.previewTime, 0.5)
        XCTAssertEqual(first.input, 0.001, accuracy: 1e-9)
        XCTAssertEqual(first.update, 0.002, accuracy: 1e-9)
        XCTAssertEqual(first.render, 0.004, accuracy: 1e-9)
        XCTAssertEqual(first.present, 0.009, accuracy: 1e-9)
        XCTAssertEqual(first.interval, 0.026, accuracy: 1e-9)  // from the timer's start
        // The next interval runs from this present; a frame's real seconds from the last start.
        clock.now = 100.030
        XCTAssertEqual(timer.beginFrame(), 0.020, accuracy: 1e-9)
        for stage in 0..<4 {
            clock.now += 0.001
            switch stage { case 0: timer.endInput(); case 1: timer.endUpdate(); case 2: timer.endRender(); default: timer.endPresent() }
        }
        XCTAssertEqual(timer.finishFrame(previewTime: 1).interval, 0.008, accuracy: 1e-9)
    }

    /// Without vsync the window sleeps to a grid of refresh steps: a frame drawn in 10 ms sleeps
    /// the rest of its 1/60 s, a late one leaves the next less time so the two even out, and one
    /// that missed a whole step starts a new grid instead of hurrying the frames after it.
    func testWithoutVSyncFramesAreDueOnTheRefreshGrid() {
        let clock = ManualClock()
        var slept: [Double] = []
        var timer = FrameTimer(refreshRate: 60, clock: clock.read, sleep: { slept.append($0); clock.now += $0 })
        let step = 1.0 / 60
        func frame(drawing seconds: Double) -> Double {
            timer.beginFrame()
            clock.now += seconds
            timer.endInput(); timer.endUpdate(); timer.endRender(); timer.endPresent()
            timer.sleepUntilDue()
            return timer.finishFrame(previewTime: 0).interval
        }
        let start = clock.now
        XCTAssertEqual(frame(drawing: 0.010), step, accuracy: 1e-9)
        XCTAssertEqual(slept.last!, step - 0.010, accuracy: 1e-9)
        XCTAssertEqual(frame(drawing: 0.020), 0.020, accuracy: 1e-9, "a late frame is not held further")
        XCTAssertEqual(frame(drawing: 0.005), 2 * step - 0.020, accuracy: 1e-9, "and the next one ends on the grid")
        XCTAssertEqual(clock.now - start, 3 * step, accuracy: 1e-9, "three frames in three steps")
        // A frame that missed a whole step: a new grid from its end, the next frame a full step.
        XCTAssertEqual(frame(drawing: 0.040), 0.040, accuracy: 1e-9)
        XCTAssertEqual(frame(drawing: 0.001), step, accuracy: 1e-9)
        // After a pause in drawing the grid starts again at the next frame.
        timer.beginFrame(); timer.skipFrame()
        clock.now += 3
        XCTAssertEqual(frame(drawing: 0.002), step, accuracy: 1e-9)
    }

    func testAfterAFrameNotDrawnTheIntervalIsTheFrameOwn() {
        let clock = ManualClock()
        var timer = FrameTimer(refreshRate: 60, clock: clock.read)
        timer.beginFrame()
        timer.skipFrame()
        clock.now = 105
        timer.beginFrame()
        clock.now = 105.004
        timer.endInput(); timer.endUpdate(); timer.endRender(); timer.endPresent()
        XCTAssertEqual(timer.finishFrame(previewTime: 0).interval, 0.004, accuracy: 1e-9)
    }

    func testARestartedIntervalLeavesOutWorkBetweenFrames() {
        let clock = ManualClock()
        var timer = FrameTimer(fixedStep: 60, clock: clock.read)
        timer.beginFrame()
        clock.now = 100.005
        timer.endInput(); timer.endUpdate(); timer.endRender(); timer.endPresent()
        _ = timer.finishFrame(previewTime: 0)
        clock.now = 100.050  // a floor frame, say
        timer.restartInterval()
        timer.beginFrame()
        clock.now = 100.056
        timer.endInput(); timer.endUpdate(); timer.endRender(); timer.endPresent()
        XCTAssertEqual(timer.finishFrame(previewTime: 0).interval, 0.006, accuracy: 1e-9)
    }

    func testOfflineFramesAreAtExactSteps() {
        let timer = FrameTimer(fixedStep: 30, start: 1)
        XCTAssertEqual(timer.previewTime(ofFrame: 0), 1)
        XCTAssertEqual(timer.previewTime(ofFrame: 90), 4)
        XCTAssertEqual(timer.previewTime(ofFrame: 7), 1 + 7.0 / 30)
        XCTAssertEqual(timer.budget.seconds, 1.0 / 30)
    }

    func testAPresentWithinHalfABudgetIsEarlyAndLeavesTheRestToWait() {
        let clock = ManualClock()
        var timer = FrameTimer(refreshRate: 50, clock: clock.read)  // 20 ms
        timer.beginFrame()
        clock.now = 100.009
        timer.endPresent()
        XCTAssertTrue(timer.presentedEarly)
        XCTAssertEqual(timer.timeLeft(of: 0.020), 0.011, accuracy: 1e-9)
        clock.now = 100.011
        timer.endPresent()
        XCTAssertFalse(timer.presentedEarly)
        clock.now = 100.5
        XCTAssertEqual(timer.timeLeft(of: 0.020), 0)
    }
}
