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

    /// What the property is, in no platform's terms: the layer it acts on and the channel of that
    /// layer it sets. Every export derives its form from these two, so a new property of an
    /// existing layer and channel is this one line here and its track in `SplashTrack.all`.
    public var role: (layer: SplashLayer, channel: SplashChannel) {
        switch self {
        case .logoSize: return (.logo, .size)
        case .textOffset: return (.text, .verticalOffset)
        case .textOpacity: return (.text, .opacity)
        case .backdropTextOpacity: return (.backdropText, .opacity)
        case .feedScale: return (.feed, .scale)
        case .holeSize: return (.hole, .size)
        case .holeTurn: return (.hole, .turn)
        case .holeLogoOpacity: return (.holeLogo, .opacity)
        case .splashOpacity: return (.splash, .opacity)
        }
    }

    public var layer: SplashLayer { role.layer }
    public var channel: SplashChannel { role.channel }

    /// `pt`, `×`, or empty for a plain number (an opacity, a share of a turn).
    public var unit: String { channel.unit }
}

/// A layer of the splash a property acts on, named as `state` names its layers.
public enum SplashLayer: String, CaseIterable, Sendable {
    /// The launch screen's logo, and its text below it.
    case logo, text
    /// The text on the backdrop the hole opens over.
    case backdropText
    /// The screen behind the splash, scaled about its centre.
    case feed
    /// The logo-shaped hole in the feed's mask, and the logo drawn over it (both move together).
    case hole
    /// The logo drawn over the hole, on its own.
    case holeLogo
    /// The whole launch screen.
    case splash
}

/// What a property sets on its layer, in the order a layer's settings are applied.
public enum SplashChannel: CaseIterable, Sendable {
    /// A side in points, drawn as a scale of the layer's still size.
    case size
    /// A scale about the layer's centre (×).
    case scale
    /// A share of the hole's end rotation (toward the upper-left corner).
    case turn
    case opacity
    /// How far below its place the layer is drawn (pt).
    case verticalOffset

    public var unit: String {
        switch self {
        case .size, .verticalOffset: return "pt"
        case .scale: return "×"
        case .turn, .opacity: return ""
        }
    }
}

/// A field of `Timings`, as a key path that can be shared across threads (it captures nothing).
public typealias TimingsField<Value> = KeyPath<Timings, Value> & Sendable

/// A track's endpoint: a declared number of the timings, or a constant of the choreography.
public enum TrackValue: Sendable {
    case parameter(TimingsField<Double>)
    case constant(Double)

    public func value(in t: Timings) -> Double {
        switch self {
        case let .parameter(keyPath): return t[keyPath: keyPath]
        case let .constant(v): return v
        }
    }

    /// The declared parameter, if the endpoint reads one.
    public var keyPath: KeyPath<Timings, Double>? {
        if case let .parameter(keyPath) = self { return keyPath }
        return nil
    }
}

/// The keyframes a track plays: its values (the last stated for a screen `referenceHeight` points
/// tall, growing with the screen), key times and one curve per segment, as Core Animation's
/// `CAKeyframeAnimation` holds them.
public struct TrackKeyframes: Sendable {
    public let values: TimingsField<[Double]>
    public let keyTimes: TimingsField<[Double]>
    public let curves: TimingsField<[TimingCurve]>
    public let referenceHeight: TimingsField<Double>

    /// The keyframe track for a screen `height` points tall.
    public func track(in t: Timings, screenHeight height: Double) -> KeyframeTrack {
        var values = t[keyPath: values]
        if let last = values.last { values[values.count - 1] = last * height / t[keyPath: referenceHeight] }
        // Validated on load and on every edit (TimingsSchema), so the fallback is never reached.
        return (try? KeyframeTrack(values: values, keyTimes: t[keyPath: keyTimes], timingFunctions: t[keyPath: curves]))
            ?? KeyframeTrack.constant(1)
    }
}

/// One animated track of the splash: the parameters it reads, as key paths into `Timings`; when
/// it begins and how long it lasts; how it moves; and the property it drives from `from` to `to`.
/// The property's value is `from` at the motion's 0 and `to` at its 1, so every track is affine
/// by construction, and `value(_:_:)` is the one interpolator that evaluation (`SplashSequence`),
/// the trace and graphs, lint and the exports read (lottie-ios's `KeyframeGroup<T>`: the keyframe
/// model typed, its interpolation in one place). A track over declared parameters is one entry in
/// `all`; a new property is also a case of `SplashProperty` with its role, and its place in
/// `SplashSequence`'s frame.
public struct SplashTrack: Sendable {
    /// What the track's time counts from: the launch, or the dismissal time d.
    public enum Anchor: String, Sendable { case start, dismissal }

    /// Whether the track plays when the splash leaves by the hole (the animated intro) or by a
    /// cross-fade (Reduce Motion's still version, or an intro file that asks for a cross-fade).
    public enum Playing: Sendable {
        case withMotion, withCrossFade
        public func includes(crossFade: Bool) -> Bool { (self == .withCrossFade) == crossFade }
    }

    /// How the track moves: eased progress 0 → 1 along its one curve, or a keyframe track of
    /// values (with its curves per segment and its key times).
    public enum Motion: Sendable {
        case curve(TimingsField<TimingCurve>)
        case keyframes(TrackKeyframes)
    }

    public let id: String
    public let label: String
    public let anchor: Anchor
    /// The parameter holding the delay after the anchor, if the track has one.
    public let delay: (TimingsField<Double>)?
    public let duration: TimingsField<Double>
    public let motion: Motion
    public let playing: Playing
    public let drives: SplashProperty
    /// The property's value where the motion is 0 and where it is 1.
    public let from: TrackValue
    public let to: TrackValue
    /// The property's value where the track does not play: Reduce Motion's still pose.
    public let still: TrackValue

    public func delay(in t: Timings) -> Double { delay.map { t[keyPath: $0] } ?? 0 }
    public func duration(in t: Timings) -> Double { t[keyPath: duration] }
    /// Begin and end in preview time, given the dismissal time d.
    public func interval(in t: Timings, dismissalTime d: Double) -> (begin: Double, end: Double) {
        let begin = (anchor == .start ? 0 : d) + delay(in: t)
        return (begin, begin + duration(in: t))
    }
    /// Key times in [0, 1] of the track, or [0, 1] for a single curve.
    public func keyTimes(in t: Timings) -> [Double] {
        guard case let .keyframes(keyframes) = motion else { return [0, 1] }
        return t[keyPath: keyframes.keyTimes]
    }
    /// The curves, one per keyframe segment.
    public func curves(in t: Timings) -> [TimingCurve] {
        switch motion {
        case let .curve(curve): return [t[keyPath: curve]]
        case let .keyframes(keyframes): return t[keyPath: keyframes.curves]
        }
    }

    /// The track's motion over its own time (0 at its begin) on a screen `screenHeight` points tall.
    public func simulation(in t: Timings, screenHeight: Double) -> any Simulation {
        switch motion {
        case let .curve(curve):
            return ProgressSimulation(curve: t[keyPath: curve], duration: duration(in: t))
        case let .keyframes(keyframes):
            return KeyframeSimulation(track: keyframes.track(in: t, screenHeight: screenHeight), duration: duration(in: t))
        }
    }

    // MARK: The one interpolator

    /// The property's value for the motion's value `x` (eased progress, or a keyframe value):
    /// `from` at 0, `to` at 1, along the line through them. Where an endpoint is 0 the product form
    /// is used, so that end is reached exactly (a fade ends at opacity 0, not a rounding away).
    public func value(_ t: Timings, _ x: Double) -> Double {
        TrackInterpolation(from: from.value(in: t), to: to.value(in: t)).value(x)
    }

    /// The property's velocity (units per second) for the motion's velocity `dx`.
    public func velocity(_ t: Timings, _ dx: Double) -> Double {
        TrackInterpolation(from: from.value(in: t), to: to.value(in: t)).velocity(dx)
    }

    // MARK: The parameters, by key path and at the edges by path

    /// Every parameter the track reads: delay, duration, its curve (or keyframes' values, key
    /// times, curves and reference height), then its endpoints.
    public var parameters: [PartialKeyPath<Timings>] {
        var out: [PartialKeyPath<Timings>] = []
        if let delay { out.append(delay) }
        out.append(duration)
        switch motion {
        case let .curve(curve): out.append(curve)
        case let .keyframes(k): out += [k.curves, k.keyTimes]
        }
        return out + readKeyPaths
    }

    /// The other parameters the track reads: those its endpoints (and a keyframe track's values)
    /// map the motion with, keyframe values first, then `from`, then `to`.
    public var readKeyPaths: [PartialKeyPath<Timings>] {
        var out: [PartialKeyPath<Timings>] = []
        if case let .keyframes(k) = motion { out += [k.values, k.referenceHeight] }
        return out + [from.keyPath, to.keyPath].compactMap { $0 }
    }

    /// The parameters' paths in the timings file, for the schema, the inspector and the exports.
    public var delayPath: String? { delay.map(TimingsSchema.path(of:)) }
    public var durationPath: String { TimingsSchema.path(of: duration) }
    /// One curve parameter, or a keyframe track's curve list.
    public var curvePath: String {
        switch motion {
        case let .curve(curve): return TimingsSchema.path(of: curve)
        case let .keyframes(k): return TimingsSchema.path(of: k.curves)
        }
    }
    public var keyTimesPath: String? {
        if case let .keyframes(k) = motion { return TimingsSchema.path(of: k.keyTimes) }
        return nil
    }
    /// `readKeyPaths` as paths, in the same order.
    public var reads: [String] { readKeyPaths.map(TimingsSchema.path(of:)) }
}

/// The line from a track's `from` (at 0) to its `to` (at 1).
struct TrackInterpolation {
    let from: Double
    let to: Double

    func value(_ x: Double) -> Double {
        if from == 0 { return to * x }
        if to == 0 { return from * (1 - x) }
        return from + (to - from) * x
    }

    func velocity(_ dx: Double) -> Double { (to - from) * dx }
}

extension SplashTrack {
    /// Every track of the splash, in the timeline's order.
    public static let all: [SplashTrack] = [
        SplashTrack(id: "logo", label: "logo size", anchor: .start, delay: nil, duration: \.splash.logoDuration,
                    motion: .curve(\.splash.logoCurve), playing: .withMotion, drives: .logoSize,
                    from: .parameter(\.splash.logoStartSize), to: .parameter(\.splash.logoEndSize), still: .parameter(\.splash.logoEndSize)),
        SplashTrack(id: "textRise", label: "text rise", anchor: .start, delay: nil, duration: \.splash.textRiseDuration,
                    motion: .curve(\.splash.textRiseCurve), playing: .withMotion, drives: .textOffset,
                    from: .parameter(\.splash.textRise), to: .constant(0), still: .constant(0)),
        SplashTrack(id: "textFade", label: "text fade", anchor: .start, delay: nil, duration: \.splash.textFadeDuration,
                    motion: .curve(\.splash.textFadeCurve), playing: .withMotion, drives: .textOpacity,
                    from: .constant(0), to: .constant(1), still: .constant(1)),
        SplashTrack(id: "hole", label: "hole size", anchor: .dismissal, delay: nil, duration: \.splash.holeDuration,
                    motion: .keyframes(TrackKeyframes(values: \.splash.holeScales, keyTimes: \.splash.holeKeyTimes,
                                                      curves: \.splash.holeCurves, referenceHeight: \.splash.holeReferenceHeight)),
                    playing: .withMotion, drives: .holeSize,
                    // The keyframes are multiples of the grown logo's side.
                    from: .constant(0), to: .parameter(\.splash.logoEndSize), still: .parameter(\.splash.logoEndSize)),
        SplashTrack(id: "holeRotation", label: "hole rotation", anchor: .dismissal, delay: nil, duration: \.splash.holeDuration,
                    motion: .curve(\.splash.holeRotationCurve), playing: .withMotion, drives: .holeTurn,
                    from: .constant(0), to: .constant(1), still: .constant(0)),
        SplashTrack(id: "feed", label: "feed scale", anchor: .dismissal, delay: nil, duration: \.splash.feedDuration,
                    motion: .curve(\.splash.feedCurve), playing: .withMotion, drives: .feedScale,
                    from: .parameter(\.splash.feedStartScale), to: .parameter(\.splash.feedEndScale), still: .parameter(\.splash.feedEndScale)),
        SplashTrack(id: "holeLogo", label: "hole logo fade", anchor: .dismissal, delay: \Timings.splash.holeLogoFadeDelay,
                    duration: \.splash.holeLogoFadeDuration, motion: .curve(\.splash.holeLogoFadeCurve), playing: .withMotion,
                    drives: .holeLogoOpacity, from: .constant(1), to: .constant(0), still: .constant(0)),
        SplashTrack(id: "backdropText", label: "backdrop text fade", anchor: .dismissal, delay: nil,
                    duration: \.splash.backdropTextFadeDuration, motion: .curve(\.splash.backdropTextFadeCurve), playing: .withMotion,
                    drives: .backdropTextOpacity, from: .constant(1), to: .constant(0), still: .constant(1)),
        SplashTrack(id: "reduceMotion", label: "reduce-motion fade", anchor: .dismissal, delay: nil,
                    duration: \.splash.reduceMotionFadeDuration, motion: .curve(\.splash.reduceMotionFadeCurve), playing: .withCrossFade,
                    drives: .splashOpacity, from: .constant(1), to: .constant(0), still: .constant(1)),
    ]
}

/// When the splash goes: the rule of the hold, which the tracks that count from d follow.
public enum SplashHold {
    /// d: the later of the minimum hold and the feed being ready, capped by the timeout, and
    /// brought forward by a skip (a click or key during the splash, at `skipTime`). With Reduce
    /// Motion there is no minimum hold: the still splash goes when loading completes, bounded by
    /// the timeout (seed 002: "a static pose that leaves with a short fade when loading completes").
    /// An intro file holds the splash until it has played (`introDuration`), within the same cap.
    public static func dismissalTime(_ t: Timings, feedLatency: Double, skipTime: Double?, reduceMotion: Bool = false,
                                     introDuration: Double = 0) -> Double {
        var d = min(reduceMotion ? feedLatency : max(t.splash.minHold, feedLatency, introDuration), t.splash.timeout)
        if let skipTime, skipTime < d { d = max(skipTime, 0) }
        return d
    }

    /// The longest the splash stays, whatever the feed's readiness.
    public static func timeout(_ t: Timings) -> Double { t.splash.timeout }

    /// How long a user who cannot skip waits with an intro of `introDuration` and a feed ready
    /// in time: the intro, at least the minimum hold, at most the timeout.
    public static func unskippableWait(_ t: Timings, introDuration: Double) -> Double {
        min(max(introDuration, t.splash.minHold), t.splash.timeout)
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
