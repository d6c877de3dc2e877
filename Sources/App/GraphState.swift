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
/// each column of the plot, the properties that move in the span, and the take's interruptions.
public struct MotionGraphSamples: Sendable {
    /// What the samples depend on.
    public struct Key: Equatable, Sendable {
        public internal(set) var take: TakeKey
        public internal(set) var span: ClosedRange<Double>
        public internal(set) var columns: Int

        /// The same plot of the same take but for its inputs: a log that may have grown since.
        func differsOnlyInInputs(from other: Key) -> Bool {
            var a = self, b = other
            (a.take.inputs, a.take.lastInput, b.take.inputs, b.take.lastInput) = (0, 0, 0, 0)
            return a == b
        }
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
    }

    public let key: Key
    /// The last input the samples saw, to tell a log that grew from one that was replaced.
    let lastEvent: InputEvent?
    public let samples: [MotionSample]
    public let interruptions: [Interruption]
    /// The indices into `MotionProperty.all` of the properties whose value changes in the span.
    public let moving: [Int]

    /// One sample per column from the span's start to its end. While input streams in (a drag
    /// adds an event a frame), only the samples from the first new event on are computed again
    /// from `previous`, whose log the take's must have grown from.
    public static func sampling(_ playback: Playback, timings: Timings, span: ClosedRange<Double>, columns: Int,
                                reusing previous: MotionGraphSamples?) -> MotionGraphSamples {
        let take = TakeKey(playback, timings: timings)
        let key = Key(take: take, span: span, columns: columns)
        if let previous, previous.key == key { return previous }
        let times = (0...columns).map { span.lowerBound + (span.upperBound - span.lowerBound) * Double($0) / Double(columns) }
        let log = playback.log
        let samples: [MotionSample]
        if let previous, previous.key.differsOnlyInInputs(from: key), let last = previous.lastEvent,
           previous.key.take.inputs < log.count, log[previous.key.take.inputs - 1] == last {
            samples = MotionTrace.samples(initial: playback.initial, log: log, times: times, keeping: previous.samples,
                                          before: log[previous.key.take.inputs].time)
        } else {
            samples = MotionTrace.samples(initial: playback.initial, log: log, times: times)
        }
        let moving = MotionProperty.all.indices.filter { i in
            let vs = samples.compactMap { $0.values[i] }
            return (vs.max() ?? 0) - (vs.min() ?? 0) > 1e-9
        }
        let interruptions = previous.flatMap { $0.key.take == take ? $0.interruptions : nil }
            ?? Interruption.all(initial: playback.initial, log: playback.log)
        return MotionGraphSamples(key: key, lastEvent: log.last, samples: samples, interruptions: interruptions, moving: moving)
    }
}

/// What the Graph view computed, kept by the window between frames until the take, the timings
/// or the graph's span and width change, and what the window measured that lint reads.
public final class MotionGraphCache {
    public private(set) var samples: MotionGraphSamples?
    public private(set) var lint: (key: MotionGraphSamples.TakeKey, report: LintReport, at: Double)?
    /// The logo's traced outline, for lint's hole-coverage rule (once the window's renderer has it).
    public let logoOutline: LogoOutline?
    /// The blink the window measured between the launch frame and the intro's first frame it drew.
    public var launchDifference: FrameDifference?

    /// Lint runs on the whole take at 240 Hz; while input streams in it runs at most this often (s).
    public static let lintInterval = 0.5

    public init(logoOutline: LogoOutline?) { self.logoOutline = logoOutline }

    /// The samples of `playback` over `span`, computed again only when what they depend on changed.
    public func samples(_ playback: Playback, timings: Timings, span: ClosedRange<Double>, columns: Int) -> MotionGraphSamples {
        let result = MotionGraphSamples.sampling(playback, timings: timings, span: span, columns: columns, reusing: samples)
        samples = result
        return result
    }

    /// Lint's report on the take, run again when it changed (at most every `lintInterval` while it
    /// does), or when the launch frame's blink it could not check has been measured since.
    public func lintReport(_ playback: Playback, timings: Timings, now: Double) -> LintReport {
        let key = MotionGraphSamples.TakeKey(playback, timings: timings)
        if let lint, lint.key == key || now - lint.at < MotionGraphCache.lintInterval,
           !(lint.report.notChecked.contains { $0.rule == "blink" } && launchDifference != nil) {
            return lint.report
        }
        let device = playback.initial.feed.device
        let covers = logoOutline.map { outline in
            { (hole: LayerState) in HoleGeometry.coversScreen(outline, hole: hole, width: device.width, height: device.height) }
        }
        let report = MotionLint.run(initial: playback.initial, log: playback.log, thresholds: timings.lint, holeCoversScreen: covers,
                                    launchDifference: launchDifference)
        lint = (key, report, now)
        return report
    }
}
