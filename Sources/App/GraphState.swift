import Foundation
import Formats
import Geometry
import Scenes

// MARK: The Graph view's choices

/// The stretch of time the Graph view shows: the whole take as it grows (as the lanes' live
/// animations and input marks run on past the splash), or whatever the timeline's ruler shows
/// (its zoom, pan and fit carry over).
public enum GraphSpan: Equatable, Sendable { case take, ruler }

/// The graph concern of the window: what the timeline dock's Graph view shows. Its caches are
/// not state: they are kept by the window in a `MotionGraphCache`.
public struct GraphState: Equatable, Sendable {
    public internal(set) var span = GraphSpan.take
    /// Each series scaled to its own range.
    public internal(set) var normalise = false
    /// The properties the user turned on or off, by `MotionProperty.id`; the others follow `plotsByDefault`.
    public internal(set) var choices: [String: Bool] = [:]

    public init() {}

    /// Plotted until turned off: the hole's size (the splash's main motion), and what the take's
    /// input moves (the card, the panel, the scroll), so a drag made a moment ago is on the graph.
    public static func plotsByDefault(_ property: MotionProperty) -> Bool {
        switch property.source {
        case let .splash(splashProperty): return splashProperty == .holeSize
        default: return true
        }
    }

    public func plots(_ property: MotionProperty) -> Bool { choices[property.id] ?? GraphState.plotsByDefault(property) }

    /// The properties the graph plots over a span: those it plots among `moving`, the indices into
    /// `MotionProperty.all` of the ones that move there, in that order.
    public func plotted(moving: [Int]) -> [Int] { moving.filter { plots(MotionProperty.all[$0]) } }

    // MARK: The reducer

    mutating func reduce(_ action: GraphAction, in _: Void) -> ConcernOutcome {
        switch action {
        case let .setSpan(span): self.span = span
        case let .setNormalise(on): normalise = on
        case let .plot(id, on): choices[id] = on
        }
        return ConcernOutcome()
    }
}

/// What the graph concern is asked to do.
public enum GraphAction: Equatable, Sendable {
    /// "Fit take" shows the whole take; the timeline's zoom, pan and fit show the ruler's span.
    case setSpan(GraphSpan)
    case setNormalise(Bool)
    /// A property's toggle: plotted or not.
    case plot(String, Bool)
}

extension WindowState {
    /// The span the Graph view shows now.
    public var graphSpan: ClosedRange<Double> {
        switch graphState.span {
        case .take: return timelineTakeSpan
        case .ruler: return timelineSpan
        }
    }
}

// MARK: What the graph computed

/// The Graph view's samples of one take over one span: every property's value and velocity at
/// one or two times a column of the plot, the properties that move in the span, and the take's
/// interruptions.
public struct MotionGraphSamples: Sendable {
    /// What the samples depend on.
    public struct Key: Equatable, Sendable {
        public internal(set) var take: TakeKey
        public internal(set) var span: ClosedRange<Double>
        public internal(set) var columns: Int
    }
    /// What the interruptions and lint depend on: the take's inputs and the timings (the graph's
    /// span grows while the take plays; they do not change with it).
    public struct TakeKey: Equatable, Sendable {
        public internal(set) var inputs: Int
        public internal(set) var lastInput: Double
        public internal(set) var timings: Timings
        public internal(set) var skipSplash: Bool

        public init(_ playback: Playback, timings: Timings) {
            inputs = playback.log.count
            lastInput = playback.log.last?.time ?? -1
            self.timings = timings
            skipSplash = playback.initial.skipSplash
        }

        /// The same take but for its inputs: a log that may have grown since.
        func differsOnlyInInputs(from other: TakeKey) -> Bool {
            var a = self, b = other
            (a.inputs, a.lastInput, b.inputs, b.lastInput) = (0, 0, 0, 0)
            return a == b
        }
    }

    public let key: Key
    /// The last input the samples saw, to tell a log that grew from one that was replaced.
    let lastEvent: InputEvent?
    public let samples: [MotionSample]
    public let interruptions: [Interruption]
    /// The indices into `MotionProperty.all` of the properties whose value changes in the span.
    public let moving: [Int]
    /// How many of `samples` this call computed; the rest it kept from the call before.
    public let computedCount: Int

    /// The samples of a span drawn `columns` wide, at `sampleTimes(span:columns:)`. A sample the
    /// previous call computed at the same time is kept while it still holds: always for the same
    /// take, and for a log that grew from the previous one, before its first new input (a sample
    /// has exactly the inputs up to its time). So while the take grows, or input streams in (a
    /// drag adds an event a frame), only the samples at the new times, and from the first new
    /// input on, are computed: a few a frame, not the whole take again.
    public static func sampling(_ playback: Playback, timings: Timings, span: ClosedRange<Double>, columns: Int,
                                reusing previous: MotionGraphSamples?) -> MotionGraphSamples {
        let take = TakeKey(playback, timings: timings)
        let key = Key(take: take, span: span, columns: columns)
        if let previous, previous.key == key { return previous }
        let times = sampleTimes(span: span, columns: columns)
        let log = playback.log
        var holdsBefore = -Double.infinity
        if let previous {
            if previous.key.take == take {
                holdsBefore = .infinity
            } else if previous.key.take.differsOnlyInInputs(from: take), case let seen = previous.key.take.inputs, seen < log.count,
                      seen == 0 || log[seen - 1] == previous.lastEvent {
                holdsBefore = log[seen].time
            }
        }
        // Walk both ascending lists together: keep what holds, note the rest to compute in one pass.
        var kept: [MotionSample?] = []
        kept.reserveCapacity(times.count)
        var missing: [Double] = []
        var j = 0
        let old = previous?.samples ?? []
        for t in times {
            while j < old.count && old[j].time < t { j += 1 }
            if t < holdsBefore, j < old.count, old[j].time == t {
                kept.append(old[j])
            } else {
                kept.append(nil)
                missing.append(t)
            }
        }
        let computed = MotionTrace.samples(of: playback, times: missing)
        var next = 0
        let samples = kept.map { sample -> MotionSample in
            if let sample { return sample }
            defer { next += 1 }
            return computed[next]
        }
        let moving = MotionProperty.all.indices.filter { i in
            var low = Double.infinity, high = -Double.infinity
            for sample in samples {
                if let value = sample.values[i] { (low, high) = (min(low, value), max(high, value)) }
            }
            return high - low > 1e-9
        }
        let interruptions = previous.flatMap { $0.key.take == take ? $0.interruptions : nil }
            ?? Interruption.all(initial: playback.initial, log: playback.log)
        return MotionGraphSamples(key: key, lastEvent: log.last, samples: samples, interruptions: interruptions, moving: moving,
                                  computedCount: computed.count)
    }
}

extension MotionGraphSamples {
    /// The times a span `columns` wide is sampled at: its two ends, and every multiple of `step`
    /// between them, where `step` is the least power of two of seconds that gives at most two
    /// samples a column (so never fewer than one). The samples stay on the same times while the
    /// span grows or pans, and every other one stays when a zoom doubles the step: powers of two
    /// times whole numbers are exact, so a time sampled before is found again by equality.
    public static func sampleTimes(span: ClosedRange<Double>, columns: Int) -> [Double] {
        let low = span.lowerBound, high = span.upperBound
        guard high > low, columns > 0 else { return [low] }
        let step = exp2((log2((high - low) / Double(2 * columns))).rounded(.up))
        var times = [low]
        times.reserveCapacity(2 * columns + 2)
        var k = (low / step).rounded(.down) + 1
        while k * step < high {
            times.append(k * step)
            k += 1
        }
        times.append(high)
        return times
    }
}

/// What the Graph view computed, kept by the window between frames until the take, the timings
/// or the graph's span and width change, and what the window measured that lint reads.
public final class MotionGraphCache {
    public private(set) var samples: MotionGraphSamples?
    /// The report shown, the take it is of, and when that lint began.
    public private(set) var lint: (key: MotionGraphSamples.TakeKey, report: LintReport, at: Double)?
    /// The logo's traced outline, for lint's hole-coverage rule (once the window's renderer has it).
    public let logoOutline: LogoOutline?
    /// The blink the window measured between the launch frame and the intro's first frame it drew.
    public var launchDifference: FrameDifference?
    /// Lint of a take that changed, running beside the frames.
    private let pendingLint = BackgroundLint()

    /// Lint runs on the whole take at 240 Hz; while input streams in it runs at most this often (s).
    public static let lintInterval = 0.5

    public init(logoOutline: LogoOutline?) { self.logoOutline = logoOutline }

    /// The samples of `playback` over `span`, computed again only when what they depend on changed.
    public func samples(_ playback: Playback, timings: Timings, span: ClosedRange<Double>, columns: Int) -> MotionGraphSamples {
        let result = MotionGraphSamples.sampling(playback, timings: timings, span: span, columns: columns, reusing: samples)
        samples = result
        return result
    }

    /// Lint's report on the take. The first is made at once, so the Graph view opens with it.
    /// After that, a take that changed (at most every `lintInterval` while it does), or a launch
    /// frame's blink measured since the report could not check it, is linted on a thread of its
    /// own while the frames go on, and the report before it is shown until that lint is done: a
    /// long take's lint costs tens of milliseconds on a slow host, a frame and more.
    public func lintReport(_ playback: Playback, timings: Timings, now: Double) -> LintReport {
        if let done = pendingLint.takeFinished() { lint = done }
        let key = MotionGraphSamples.TakeKey(playback, timings: timings)
        let blinkUnchecked = lint.map { lint in lint.report.notChecked.contains { $0.rule == "blink" } && launchDifference != nil } ?? false
        if let lint, ((lint.key == key || now - lint.at < MotionGraphCache.lintInterval) && !blinkUnchecked) || pendingLint.isRunning {
            return lint.report
        }
        let work = lintWork(playback, timings: timings)
        guard let lint else {
            let report = work()
            lint = (key, report, now)
            return report
        }
        pendingLint.start(key: key, at: now, work)
        return lint.report
    }

    /// Waits for a lint running beside the frames, if any; the next `lintReport` shows its report.
    public func waitForLint() { pendingLint.wait() }

    /// The lint of this take, as a closure of values only: it may run on another thread.
    private func lintWork(_ playback: Playback, timings: Timings) -> @Sendable () -> LintReport {
        let device = playback.initial.feed.device
        let covers = logoOutline.map { outline in
            { @Sendable (hole: LayerState) in HoleGeometry.coversScreen(outline, hole: hole, width: device.width, height: device.height) }
        }
        let (initial, log, thresholds, launchDifference) = (playback.initial, playback.log, timings.lint, launchDifference)
        return {
            MotionLint.run(initial: initial, log: log, thresholds: thresholds, holeCoversScreen: covers, launchDifference: launchDifference)
        }
    }
}

/// One lint at a time on a thread of its own, its result handed over once.
private final class BackgroundLint: @unchecked Sendable {
    private let lock = NSCondition()
    private var running = false
    private var finished: (key: MotionGraphSamples.TakeKey, report: LintReport, at: Double)?

    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    func start(key: MotionGraphSamples.TakeKey, at: Double, _ work: @escaping @Sendable () -> LintReport) {
        lock.lock()
        running = true
        lock.unlock()
        Thread.detachNewThread { [self] in
            let report = work()
            lock.lock()
            finished = (key, report, at)
            running = false
            lock.broadcast()
            lock.unlock()
        }
    }

    /// The report of the lint that finished since the last call, if one did.
    func takeFinished() -> (key: MotionGraphSamples.TakeKey, report: LintReport, at: Double)? {
        lock.lock(); defer { lock.unlock() }
        let done = finished
        finished = nil
        return done
    }

    func wait() {
        lock.lock()
        while running { lock.wait() }
        lock.unlock()
    }
}
