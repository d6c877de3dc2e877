import Foundation
import Scenes

/// Times frames for the window, `bench` and `record` alike: each frame's preview time (the real
/// time since the last frame in the window, a fixed step offline), its stages on the monotonic
/// clock, and the interval between presents that hitches are counted from.
///
/// A frame is `beginFrame`, then `endInput`, `endUpdate`, `endRender`, `endPresent` as each
/// stage ends, then `finishFrame`, which gives its `FrameRecord`.
public struct FrameTimer {
    /// What one frame may take: the display's refresh in the window, the output's rate offline.
    public let budget: FrameBudget
    /// Offline, frame n shows preview time `step.time(ofFrame: n)`; nil in the window, which
    /// follows real time.
    public let step: FixedStepClock?
    private let clock: () -> Double
    /// Sleeps for the given seconds (real sleep in the window; a test's clock moves instead).
    private let sleep: (Double) -> Void
    private var previousStart: Double
    /// Where the next frame's interval starts: the last present, or nil after a pause in drawing
    /// (the interval is then the frame's own).
    private var intervalStart: Double?
    public private(set) var frameStart = 0.0
    private var afterInput = 0.0, afterUpdate = 0.0, afterRender = 0.0
    /// When the frame's present returned (after `sleepOutBudget`, when that ended).
    public private(set) var afterPresent = 0.0

    /// A timer for the window: preview time follows the real clock, frames are paced to `refreshRate`.
    public init(refreshRate: Double, clock: @escaping () -> Double = MonotonicClock.now,
                sleep: @escaping (Double) -> Void = { usleep(UInt32(min(max($0, 0), 1) * 1e6)) }) {
        self.init(budget: FrameBudget(refreshRate: refreshRate), step: nil, clock: clock, sleep: sleep)
    }

    /// A timer for offline frames at `fps`: frame n is at exactly start + n / fps.
    public init(fixedStep fps: Double, start: Double = 0, clock: @escaping () -> Double = MonotonicClock.now) {
        self.init(budget: FrameBudget(refreshRate: fps), step: FixedStepClock(start: start, fps: fps), clock: clock, sleep: { _ in })
    }

    private init(budget: FrameBudget, step: FixedStepClock?, clock: @escaping () -> Double, sleep: @escaping (Double) -> Void) {
        self.budget = budget
        self.step = step
        self.clock = clock
        self.sleep = sleep
        let now = clock()
        previousStart = now
        intervalStart = now
    }

    public func now() -> Double { clock() }

    /// The preview time of offline frame `n` (the fixed step's; 0 for a window's timer).
    public func previewTime(ofFrame n: Int) -> Double { step?.time(ofFrame: n) ?? 0 }

    /// Starts a frame; returns the real seconds since the previous frame started (what the
    /// window's preview advances by, times the rate).
    @discardableResult
    public mutating func beginFrame() -> Double {
        frameStart = clock()
        defer { previousStart = frameStart }
        return frameStart - previousStart
    }

    public mutating func endInput() { afterInput = clock() }
    public mutating func endUpdate() { afterUpdate = clock() }
    public mutating func endRender() { afterRender = clock() }
    public mutating func endPresent() { afterPresent = clock() }

    /// Seconds of `seconds` left since the frame began, never negative.
    public func timeLeft(of seconds: Double) -> Double { max(seconds - (clock() - frameStart), 0) }

    /// The present returned within half a budget: there is no vsync to wait for (some virtual
    /// displays), or time is left to use before it.
    public var presentedEarly: Bool { afterPresent - frameStart < budget.seconds * 0.5 }

    /// Sleeps out the rest of the budget, so a display without vsync is paced to its refresh
    /// rather than spun; the present counts as ending then.
    public mutating func sleepOutBudget() {
        sleep(budget.seconds - (afterPresent - frameStart))
        afterPresent = clock()
    }

    /// Where a display has no vsync to wait for (`RenderContext.presentWaitsForRefresh` false),
    /// frames are due on a grid of budget-long steps, and `sleepUntilDue` sleeps to the next.
    /// A frame that ran late leaves the next one less time, so late and early frames even out
    /// to the refresh rate; one that missed a whole step starts a new grid rather than hurry.
    private var nextDue: Double?

    /// Sleeps until the frame's due time on the refresh grid (see `nextDue`), which a display
    /// without vsync is paced by; the present counts as ending then.
    public mutating func sleepUntilDue() {
        let step = budget.seconds
        var due = (nextDue ?? frameStart) + step
        let now = clock()
        if now - due >= step { due = now }
        if due > now { sleep(due - now) }
        nextDue = due
        afterPresent = clock()
    }

    /// Nothing was drawn this time round: the next frame has no present to keep pace with,
    /// and no grid step to keep.
    public mutating func skipFrame() {
        intervalStart = nil
        nextDue = nil
    }

    /// Work between frames that is not theirs (bench's floor frame) ends now: the next interval
    /// starts here.
    public mutating func restartInterval() { intervalStart = clock() }

    /// The frame's stages and interval; the next interval starts at this present.
    public mutating func finishFrame(previewTime: Double) -> FrameRecord {
        let interval = afterPresent - (intervalStart ?? frameStart)
        intervalStart = afterPresent
        return FrameRecord(previewTime: previewTime, input: afterInput - frameStart, update: afterUpdate - afterInput,
                           render: afterRender - afterUpdate, present: afterPresent - afterRender, interval: interval)
    }
}
