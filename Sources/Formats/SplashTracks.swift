import Foundation
import Motion

// MARK: - The splash's choreography as one list of tracks

/// A property of the splash's layers that a track animates, in the units `state` reports.
public enum SplashProperty: Int, CaseIterable, Sendable {
    /// The property's name as traces and exports spell it: its case name (`logoSize`).
    public var name: String { String(describing: self) }

    /// The logo's side (pt).
    case logoSize
    /// How far below its place the text is (pt).
    case textOffset
    case textOpacity
    case backdropTextOpacity
    /// The feed's scale about the screen centre (×).
    case feedScale
    /// The hole's side before the feed's scale (pt).
    case holeSize
    /// The hole's turn, as a share of its full turn toward the upper-left corner.
    case holeTurn
    /// The opacity of the logo drawn over the hole.
    case holeLogoOpacity
    /// With Reduce Motion: the still splash's opacity as it cross-fades to the feed.
    case splashOpacity
}

/// One animated track of the splash: the parameters it reads, how its motion is built, when it
/// begins and how long it lasts, and which layer property it drives. Evaluation
/// (`SplashSequence`), the phase durations, the timeline's lanes and the curve view's progress
/// dot all iterate `SplashTrack.all`; adding a track is one entry here (lottie-ios's model: one
/// keyframe model, one interpolator, the property apart).
public struct SplashTrack: Sendable {
    /// What the track's time counts from: the launch, or the dismissal time d.
    public enum Anchor: String, Sendable { case start, dismissal }

    /// Whether the track plays with Reduce Motion off (the animated intro) or on (its still
    /// version, which only cross-fades).
    public enum Playing: Sendable {
        case withMotion, withReduceMotion
        public func includes(reduceMotion: Bool) -> Bool { (self == .withReduceMotion) == reduceMotion }
    }

    /// How the track moves: eased progress 0 → 1 along its one curve, or a keyframe track of
    /// values (with its curves per segment and its key times) for a screen of a given height.
    public enum Motion: Sendable {
        case curve
        case keyframes(@Sendable (_ timings: Timings, _ screenHeight: Double) -> KeyframeTrack)
    }

    public let id: String
    public let label: String
    public let anchor: Anchor
    /// The parameter holding the delay after the anchor, if the track has one.
    public let delayPath: String?
    public let durationPath: String
    /// One curve parameter, or a keyframe track's curve list.
    public let curvePath: String
    public let keyTimesPath: String?
    public let playing: Playing
    public let motion: Motion
    public let drives: SplashProperty
    /// The other parameters the track reads: those its `value` maps the motion with.
    public let reads: [String]
    /// The property's value for the motion's value `x` (eased progress, or a keyframe value).
    public let value: @Sendable (_ timings: Timings, _ x: Double) -> Double
    /// The property's value where the track does not play: Reduce Motion's still pose.
    public let still: @Sendable (_ timings: Timings) -> Double

    public func delay(in t: Timings) -> Double { delayPath.flatMap { TimingsSchema.number($0, in: t) } ?? 0 }
    public func duration(in t: Timings) -> Double { TimingsSchema.number(durationPath, in: t) ?? 0 }
    /// Begin and end in preview time, given the dismissal time d.
    public func interval(in t: Timings, dismissalTime d: Double) -> (begin: Double, end: Double) {
        let begin = (anchor == .start ? 0 : d) + delay(in: t)
        return (begin, begin + duration(in: t))
    }
    /// Key times in [0, 1] of the track, or [0, 1] for a single curve.
    public func keyTimes(in t: Timings) -> [Double] {
        guard let keyTimesPath, case let .numbers(vs)? = TimingsSchema.parameter(keyTimesPath)?.value(in: t) else { return [0, 1] }
        return vs
    }
    /// The curves, one per keyframe segment.
    public func curves(in t: Timings) -> [TimingCurve] {
        switch TimingsSchema.parameter(curvePath)?.value(in: t) {
        case let .curve(c)?: return [c]
        case let .curves(cs)?: return cs
        default: return []
        }
    }

    /// The track's motion over its own time (0 at its begin) on a screen `screenHeight` points tall.
    public func simulation(in t: Timings, screenHeight: Double) -> any Simulation {
        switch motion {
        case .curve:
            return ProgressSimulation(curve: curves(in: t).first ?? .linear, duration: duration(in: t))
        case let .keyframes(track):
            return KeyframeSimulation(track: track(t, screenHeight), duration: duration(in: t))
        }
    }
}

extension SplashTrack {
    /// Every track of the splash, in the timeline's order.
    public static let all: [SplashTrack] = [
        SplashTrack(id: "logo", label: "logo size", anchor: .start, delayPath: nil, durationPath: "splash.logo.duration",
                    curvePath: "splash.logo.curve", keyTimesPath: nil, playing: .withMotion, motion: .curve, drives: .logoSize,
                    reads: ["splash.logo.startSize", "splash.logo.endSize"],
                    value: { t, p in t.splash.logoStartSize + (t.splash.logoEndSize - t.splash.logoStartSize) * p },
                    still: { t in t.splash.logoEndSize }),
        SplashTrack(id: "textRise", label: "text rise", anchor: .start, delayPath: nil, durationPath: "splash.text.riseDuration",
                    curvePath: "splash.text.riseCurve", keyTimesPath: nil, playing: .withMotion, motion: .curve, drives: .textOffset,
                    reads: ["splash.text.rise"],
                    value: { t, p in t.splash.textRise * (1 - p) }, still: { _ in 0 }),
        SplashTrack(id: "textFade", label: "text fade", anchor: .start, delayPath: nil, durationPath: "splash.text.fadeDuration",
                    curvePath: "splash.text.fadeCurve", keyTimesPath: nil, playing: .withMotion, motion: .curve, drives: .textOpacity,
                    reads: [], value: { _, p in p }, still: { _ in 1 }),
        SplashTrack(id: "hole", label: "hole size", anchor: .dismissal, delayPath: nil, durationPath: "splash.hole.duration",
                    curvePath: "splash.hole.timingFunctions", keyTimesPath: "splash.hole.keyTimes", playing: .withMotion,
                    motion: .keyframes { t, height in t.holeTrack(screenHeight: height) }, drives: .holeSize,
                    reads: ["splash.hole.scales", "splash.hole.referenceHeight", "splash.logo.endSize"],
                    value: { t, scale in scale * t.splash.logoEndSize }, still: { t in t.splash.logoEndSize }),
        SplashTrack(id: "holeRotation", label: "hole rotation", anchor: .dismissal, delayPath: nil, durationPath: "splash.hole.duration",
                    curvePath: "splash.hole.rotationCurve", keyTimesPath: nil, playing: .withMotion, motion: .curve, drives: .holeTurn,
                    reads: [], value: { _, p in p }, still: { _ in 0 }),
        SplashTrack(id: "feed", label: "feed scale", anchor: .dismissal, delayPath: nil, durationPath: "splash.feed.duration",
                    curvePath: "splash.feed.curve", keyTimesPath: nil, playing: .withMotion, motion: .curve, drives: .feedScale,
                    reads: ["splash.feed.startScale", "splash.feed.endScale"],
                    value: { t, p in t.splash.feedStartScale + (t.splash.feedEndScale - t.splash.feedStartScale) * p },
                    still: { t in t.splash.feedEndScale }),
        SplashTrack(id: "holeLogo", label: "hole logo fade", anchor: .dismissal, delayPath: "splash.holeLogo.fadeDelay",
                    durationPath: "splash.holeLogo.fadeDuration", curvePath: "splash.holeLogo.fadeCurve", keyTimesPath: nil,
                    playing: .withMotion, motion: .curve, drives: .holeLogoOpacity,
                    reads: [], value: { _, p in 1 - p }, still: { _ in 0 }),
        SplashTrack(id: "backdropText", label: "backdrop text fade", anchor: .dismissal, delayPath: nil,
                    durationPath: "splash.backdropText.fadeDuration", curvePath: "splash.backdropText.fadeCurve", keyTimesPath: nil,
                    playing: .withMotion, motion: .curve, drives: .backdropTextOpacity,
                    reads: [], value: { _, p in 1 - p }, still: { _ in 1 }),
        SplashTrack(id: "reduceMotion", label: "reduce-motion fade", anchor: .dismissal, delayPath: nil,
                    durationPath: "splash.reduceMotion.fadeDuration", curvePath: "splash.reduceMotion.fadeCurve", keyTimesPath: nil,
                    playing: .withReduceMotion, motion: .curve, drives: .splashOpacity,
                    reads: [], value: { _, p in 1 - p }, still: { _ in 1 }),
    ]
}

/// When the splash goes: the rule of the hold, which the tracks that count from d follow.
public enum SplashHold {
    /// d: the later of the minimum hold and the feed being ready, capped by the timeout, and
    /// brought forward by a skip (a click or key during the splash, at `skipTime`). With Reduce
    /// Motion there is no minimum hold: the still splash goes when loading completes, bounded by
    /// the timeout (seed 002: "a static pose that leaves with a short fade when loading completes").
    public static func dismissalTime(_ t: Timings, feedLatency: Double, skipTime: Double?, reduceMotion: Bool = false) -> Double {
        var d = min(reduceMotion ? feedLatency : max(t.splash.minHold, feedLatency), t.splash.timeout)
        if let skipTime, skipTime < d { d = max(skipTime, 0) }
        return d
    }
}

/// How the splash plays with Reduce Motion on (`splash.reduceMotionMode`).
public enum SplashReduceMotion {
    /// True in `skip` mode: no intro, the launch screen until d, then its fade.
    public static func skipsIntro(_ t: Timings) -> Bool { t.splash.reduceMotionMode == .skip }
}

extension TimingsSchema {
    /// The splash's animated tracks (`SplashTrack.all`), as `timings --schema` lists them.
    public static var splashTracks: [SplashTrack] { SplashTrack.all }
}
