import Formats
import Foundation

/// One take of the preview: the preview as it starts, the log of input given to it, and the time.
/// The model at time t is always the initial preview with every logged input up to t applied, in
/// order, so seeking anywhere (back as well as forward) shows exactly what a fresh run of the log
/// gives. The window, `record`, `bench`, `state`, `render`, `--replay` and the tests all step
/// through it: this is the only place inputs are applied in time order.
///
/// Seeking back is kept fast by snapshots of the model taken every `snapshotInterval` inputs:
/// a seek restores the nearest snapshot before t and applies at most that many inputs.
public struct Playback: Sendable {
    public let initial: Preview
    public private(set) var log: [InputEvent]
    public private(set) var time: Double
    /// The model at `time`: `initial` with the first `applied` inputs of the log applied.
    public private(set) var preview: Preview
    private var applied: Int
    /// (inputs applied, model after them), ascending; the first is always (0, initial).
    private var snapshots: [(count: Int, preview: Preview)]
    /// The latest time this take has reached, for the timeline's range.
    public private(set) var horizon: Double

    /// Inputs between two snapshots. A snapshot is one `Preview` value (about 13 KB), so a
    /// 10,000-input take keeps about 20 of them. At 128 the snapshots of a 10-minute soak's take
    /// (about 12,000 inputs) were over a megabyte of its memory growth; a seek now applies at most
    /// 512 inputs, well under a millisecond (`bench --motion`'s `seek.scrubMs`).
    public static let snapshotInterval = 512

    /// A take from its log. With `takingSnapshots` the log is run through once here, taking the
    /// snapshots, so that every later seek, to anywhere in it, costs at most `snapshotInterval`
    /// inputs; without, snapshots are taken as playback reaches them.
    public init(initial: Preview, log: [InputEvent] = [], time: Double = 0, takingSnapshots: Bool = true) {
        self.initial = initial
        self.log = log
        self.time = 0
        preview = initial
        applied = 0
        snapshots = [(0, initial)]
        horizon = 0
        if takingSnapshots, let last = log.last {
            seek(to: last.time)
            horizon = 0
        }
        seek(to: time)
    }

    /// How many inputs of the log happen at or before t.
    func inputCount(upTo t: Double) -> Int { log.countOfEvents(upTo: t) }

    /// The index of the last snapshot taken after at most `count` inputs.
    private func lastSnapshot(atMost count: Int) -> Int {
        max(snapshots.partitionPoint { $0.count <= count } - 1, 0)
    }

    /// Moves to time t, forward or back, exactly.
    public mutating func seek(to t: Double) {
        let target = inputCount(upTo: t)
        // The last snapshot at or before the target: restored when going back, or when it lies
        // ahead of where the model is; then forward from there.
        let nearest = lastSnapshot(atMost: target)
        if target < applied || snapshots[nearest].count > applied {
            preview = snapshots[nearest].preview
            applied = snapshots[nearest].count
        }
        while applied < target {
            preview.apply(log[applied])
            applied += 1
            if applied % Playback.snapshotInterval == 0 && snapshots.last!.count < applied {
                snapshots.append((applied, preview))
            }
        }
        time = t
        horizon = max(horizon, t)
    }

    /// Gives an input at the current time. Input given while scrubbed back cuts the log there and
    /// goes on from this point, as recording over a take does.
    public mutating func record(_ kind: InputEvent.Kind) {
        let keep = inputCount(upTo: time)
        if keep < log.count {
            log.removeSubrange(keep...)
            snapshots.removeAll { $0.count > keep }
            horizon = time
        }
        seek(to: time)
        let event = InputEvent(time: time, kind: kind)
        log.append(event)
        preview.apply(event)
        applied += 1
        if applied % Playback.snapshotInterval == 0 { snapshots.append((applied, preview)) }
    }

    /// The same take over another initial preview (new timings): the log is kept and the model
    /// rebuilt at the current time. An inspector drag does this every frame, so the log is not
    /// run through to its end first: snapshots are taken as playback goes on.
    public func replacingInitial(_ newInitial: Preview) -> Playback {
        var copy = Playback(initial: newInitial, log: log, time: time, takingSnapshots: false)
        copy.horizon = horizon
        return copy
    }

    /// The log up to the current time, as a script that replays it from a fresh preview.
    public var scriptSoFar: InputScript { InputScript(events: Array(log[..<inputCount(upTo: time)])) }

    public var scene: Scene { preview.scene(at: time) }
    public var state: JSONOutput { preview.state(at: time) }
    public var activity: String { preview.activity(at: time) }
}

extension Preview {
    /// The same preview (device, layout, options, feed) with other timings, as it starts.
    public func withTimings(_ timings: Timings) -> Preview {
        var preview = Preview(splash: SplashSequence(timings: timings, device: splash.device, layout: splash.layout, options: splash.options),
                              feed: feed, skipSplash: skipSplash)
        preview.userScreen = userScreen
        return preview
    }
}
