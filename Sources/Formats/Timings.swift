import Foundation
import Motion

/// Every number of the choreography, with the defaults of `Assets/timings.json`.
/// Field names here are the JSON field names, so an error can name them.
public struct Timings: Equatable, Sendable {
    public struct Splash: Equatable, Sendable {
        /// The splash stays at least this long (s).
        public var minHold = 2.0
        /// ... and never longer than this, whatever the feed's readiness (s).
        public var timeout = 3.0
        public var logoStartSize = 72.0
        public var logoEndSize = 88.0
        public var logoDuration = 0.3
        public var logoCurve = TimingCurve.easeInEaseOut
        /// The text starts this many points below its place.
        public var textRise = 20.0
        public var textRiseDuration = 0.3
        public var textRiseCurve = TimingCurve.easeInEaseOut
        public var textFadeDuration = 0.15
        public var textFadeCurve = TimingCurve.easeInEaseOut
        public var backdropTextFadeDuration = 0.3
        public var backdropTextFadeCurve = TimingCurve.easeInEaseOut
        public var feedStartScale = 1.05
        public var feedEndScale = 1.0
        public var feedDuration = 0.6
        public var feedCurve = TimingCurve.easeInEaseOut
        /// Hole size as multiples of `logoEndSize`. The last value is stated for a screen of
        /// `holeReferenceHeight` points and grows in proportion to the screen height, so the hole
        /// always covers the screen.
        public var holeScales: [Double] = [1, 0.85, 18]
        public var holeKeyTimes: [Double] = [0, 0.2, 1]
        public var holeCurves: [TimingCurve] = [.easeInEaseOut, .easeOut]
        public var holeReferenceHeight = 667.0
        public var holeDuration = 0.6
        public var holeRotationCurve = TimingCurve.linear
        public var holeLogoFadeDelay = 0.1
        public var holeLogoFadeDuration = 0.1
        public var holeLogoFadeCurve = TimingCurve.easeInEaseOut
        public var reduceMotionFadeDuration = 0.25
        public var reduceMotionFadeCurve = TimingCurve.easeOut
        public init() {}
    }

    public struct Card: Equatable, Sendable {
        public var duration = 0.3
        public var curve = TimingCurve.easeInEaseOut
        public init() {}
    }

    public enum PanelCompletion: String, Sendable { case spring, percent }

    public struct Panel: Equatable, Sendable {
        /// Panel height as a share of the screen height.
        public var heightFraction = 0.6
        public var maxDim = 0.4
        public var duration = 0.35
        public var curve = TimingCurve.easeInEaseOut
        public var completion = PanelCompletion.spring
        /// Response of the critically damped completion spring (s).
        public var springResponse = 0.35
        public init() {}
    }

    public var splash = Splash()
    public var card = Card()
    public var panel = Panel()
    public init() {}

    /// The hole's keyframe track for a screen `height` points tall.
    public func holeTrack(screenHeight height: Double) -> KeyframeTrack {
        var values = splash.holeScales
        if let last = values.last { values[values.count - 1] = last * height / splash.holeReferenceHeight }
        // Validated on load, so construction cannot fail here.
        return (try? KeyframeTrack(values: values, keyTimes: splash.holeKeyTimes, timingFunctions: splash.holeCurves))
            ?? (try! KeyframeTrack(values: [1]))
    }
}

// MARK: - Reading timings.json

extension Timings {
    /// Reads a timings file. Missing fields keep their defaults; unknown fields, wrong types and
    /// out-of-range values are refused with PATH:LINE:COLUMN.
    public static func load(path: String) throws -> Timings {
        try parse(JSONParser.parse(fileAt: path), path: path)
    }

    public static func parse(text: String, path: String) throws -> Timings {
        try parse(JSONParser.parse(text, path: path), path: path)
    }

    static func parse(_ root: JSONNode, path: String) throws -> Timings {
        let top = try JSONObjectReader(root, path: path)
        try top.rejectUnknown(["splash", "card", "panel", "$comment"])
        var t = Timings()
        let seconds: ClosedRange<Double> = 0...600
        if let s = try top.object("splash") {
            try s.rejectUnknown(["minHold", "timeout", "logo", "text", "backdropText", "feed", "hole", "holeLogo", "reduceMotion"])
            t.splash.minHold = try s.number("minHold", default: t.splash.minHold, range: seconds)
            t.splash.timeout = try s.number("timeout", default: t.splash.timeout, range: seconds)
            if t.splash.timeout < t.splash.minHold, let n = s.node("timeout") {
                throw s.failure(n, "splash.timeout (\(t.splash.timeout)) must not be less than splash.minHold (\(t.splash.minHold))")
            }
            if let o = try s.object("logo") {
                try o.rejectUnknown(["startSize", "endSize", "duration", "curve"])
                t.splash.logoStartSize = try o.number("startSize", default: t.splash.logoStartSize, range: 0...10_000, exclusiveLower: true)
                t.splash.logoEndSize = try o.number("endSize", default: t.splash.logoEndSize, range: 0...10_000, exclusiveLower: true)
                t.splash.logoDuration = try o.number("duration", default: t.splash.logoDuration, range: seconds)
                t.splash.logoCurve = try curve(o, "curve", default: t.splash.logoCurve)
            }
            if let o = try s.object("text") {
                try o.rejectUnknown(["rise", "riseDuration", "riseCurve", "fadeDuration", "fadeCurve"])
                t.splash.textRise = try o.number("rise", default: t.splash.textRise, range: -10_000...10_000)
                t.splash.textRiseDuration = try o.number("riseDuration", default: t.splash.textRiseDuration, range: seconds)
                t.splash.textRiseCurve = try curve(o, "riseCurve", default: t.splash.textRiseCurve)
                t.splash.textFadeDuration = try o.number("fadeDuration", default: t.splash.textFadeDuration, range: seconds)
                t.splash.textFadeCurve = try curve(o, "fadeCurve", default: t.splash.textFadeCurve)
            }
            if let o = try s.object("backdropText") {
                try o.rejectUnknown(["fadeDuration", "fadeCurve"])
                t.splash.backdropTextFadeDuration = try o.number("fadeDuration", default: t.splash.backdropTextFadeDuration, range: seconds)
                t.splash.backdropTextFadeCurve = try curve(o, "fadeCurve", default: t.splash.backdropTextFadeCurve)
            }
            if let o = try s.object("feed") {
                try o.rejectUnknown(["startScale", "endScale", "duration", "curve"])
                t.splash.feedStartScale = try o.number("startScale", default: t.splash.feedStartScale, range: 0...100, exclusiveLower: true)
                t.splash.feedEndScale = try o.number("endScale", default: t.splash.feedEndScale, range: 0...100, exclusiveLower: true)
                t.splash.feedDuration = try o.number("duration", default: t.splash.feedDuration, range: seconds)
                t.splash.feedCurve = try curve(o, "curve", default: t.splash.feedCurve)
            }
            if let o = try s.object("hole") {
                try o.rejectUnknown(["scales", "keyTimes", "timingFunctions", "referenceHeight", "duration", "rotationCurve"])
                t.splash.holeScales = try o.numbers("scales") ?? t.splash.holeScales
                t.splash.holeKeyTimes = try o.numbers("keyTimes") ?? t.splash.holeKeyTimes
                if let items = try o.array("timingFunctions") {
                    t.splash.holeCurves = try items.enumerated().map { i, n in
                        guard case let .string(spec) = n.value else {
                            throw o.failure(n, "\(o.name("timingFunctions"))[\(i)] must be a curve name string, not \(n.value.typeName)")
                        }
                        do { return try TimingCurve(parsing: spec) } catch let e as MotionError {
                            throw o.failure(n, "\(o.name("timingFunctions"))[\(i)]: \(e)")
                        }
                    }
                }
                t.splash.holeReferenceHeight = try o.number("referenceHeight", default: t.splash.holeReferenceHeight, range: 0...100_000, exclusiveLower: true)
                t.splash.holeDuration = try o.number("duration", default: t.splash.holeDuration, range: seconds)
                t.splash.holeRotationCurve = try curve(o, "rotationCurve", default: t.splash.holeRotationCurve)
                do {
                    _ = try KeyframeTrack(values: t.splash.holeScales, keyTimes: t.splash.holeKeyTimes, timingFunctions: t.splash.holeCurves)
                } catch let e as MotionError {
                    let blame = o.node("keyTimes") ?? o.node("scales") ?? o.node
                    throw o.failure(blame, "splash.hole: \(e)")
                }
            }
            if let o = try s.object("holeLogo") {
                try o.rejectUnknown(["fadeDelay", "fadeDuration", "fadeCurve"])
                t.splash.holeLogoFadeDelay = try o.number("fadeDelay", default: t.splash.holeLogoFadeDelay, range: seconds)
                t.splash.holeLogoFadeDuration = try o.number("fadeDuration", default: t.splash.holeLogoFadeDuration, range: seconds)
                t.splash.holeLogoFadeCurve = try curve(o, "fadeCurve", default: t.splash.holeLogoFadeCurve)
            }
            if let o = try s.object("reduceMotion") {
                try o.rejectUnknown(["fadeDuration", "fadeCurve"])
                t.splash.reduceMotionFadeDuration = try o.number("fadeDuration", default: t.splash.reduceMotionFadeDuration, range: seconds)
                t.splash.reduceMotionFadeCurve = try curve(o, "fadeCurve", default: t.splash.reduceMotionFadeCurve)
            }
        }
        if let c = try top.object("card") {
            try c.rejectUnknown(["duration", "curve"])
            t.card.duration = try c.number("duration", default: t.card.duration, range: seconds)
            t.card.curve = try curve(c, "curve", default: t.card.curve)
        }
        if let p = try top.object("panel") {
            try p.rejectUnknown(["heightFraction", "maxDim", "duration", "curve", "completion", "springResponse"])
            t.panel.heightFraction = try p.number("heightFraction", default: t.panel.heightFraction, range: 0...1, exclusiveLower: true)
            t.panel.maxDim = try p.number("maxDim", default: t.panel.maxDim, range: 0...1)
            t.panel.duration = try p.number("duration", default: t.panel.duration, range: seconds)
            t.panel.curve = try curve(p, "curve", default: t.panel.curve)
            if let text = try p.string("completion") {
                guard let mode = PanelCompletion(rawValue: text) else {
                    throw p.failure(p.node("completion")!, "panel.completion must be \"spring\" or \"percent\" (got \"\(text)\")")
                }
                t.panel.completion = mode
            }
            t.panel.springResponse = try p.number("springResponse", default: t.panel.springResponse, range: 0...60, exclusiveLower: true)
        }
        return t
    }

    private static func curve(_ o: JSONObjectReader, _ key: String, default value: TimingCurve) throws -> TimingCurve {
        guard let spec = try o.string(key) else { return value }
        do { return try TimingCurve(parsing: spec) } catch let e as MotionError {
            throw o.failure(o.node(key)!, "\(o.name(key)): \(e)")
        }
    }
}
