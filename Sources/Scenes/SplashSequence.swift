import Formats
import Foundation
import Motion

/// One layer as `state` reports it: centre in screen points (origin top-left, y down), on-screen
/// size before rotation with every scale applied, rotation in radians positive clockwise (UIKit),
/// and the layer's own opacity.
public struct LayerState: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double, rotation: Double, opacity: Double
    public init(x: Double, y: Double, width: Double, height: Double, rotation: Double = 0, opacity: Double = 1) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.rotation = rotation; self.opacity = opacity
    }
}

public enum SplashPhase: String, Sendable {
    case appearing, holding, disappearing, done
}

/// Where the splash's pieces sit once settled, in screen points. It comes from the launch scene
/// description and the text image's size, and is the same for the launch frame and the animation.
public struct SplashLayout: Equatable, Sendable {
    public var logoCenter: (x: Double, y: Double)
    public var textCenter: (x: Double, y: Double)
    public var textSize: (width: Double, height: Double)
    /// How the intro's logo fits the launch screen it starts from (seed 000: the intro is a copy
    /// of the launch screen whose logo view grows).
    public var logoFit = IntroLogoFit.builtIn
    /// False when the launch screen shows no logo (a project's colour-only launch screen): an
    /// intro file then has no logo frame to start from.
    public var launchShowsLogo = true

    public init(logoCenter: (x: Double, y: Double), textCenter: (x: Double, y: Double), textSize: (width: Double, height: Double)) {
        self.logoCenter = logoCenter; self.textCenter = textCenter; self.textSize = textSize
    }

    public static func == (a: SplashLayout, b: SplashLayout) -> Bool {
        a.logoCenter == b.logoCenter && a.textCenter == b.textCenter && a.textSize == b.textSize && a.logoFit == b.logoFit
            && a.launchShowsLogo == b.launchShowsLogo
    }

    /// The launch screen's logo frame in points: the intro starts there, and an intro file of
    /// the same shape is placed there.
    public var launchLogoFrame: Rect? {
        guard launchShowsLogo else { return nil }
        let width = LaunchDescription.defaultLogoSize * logoFit.sizeScale, height = width / logoFit.aspect
        return Rect(x: logoCenter.x - width / 2, y: logoCenter.y - height / 2, width: width, height: height)
    }
}

/// The intro's logo when it is a project's launch-screen image rather than the built-in square:
/// the timings' logo and hole sizes are in the built-in launch logo's units (72 pt), so they are
/// scaled by the launch logo's width over 72 (the intro starts at the launch screen's size with the
/// default timings); its height is its width over the image's aspect ratio; it keeps the image
/// view's opacity; and the splash text shows only when the user's assets give one.
public struct IntroLogoFit: Equatable, Sendable {
    public var sizeScale: Double
    /// Width over height.
    public var aspect: Double
    public var opacity: Double
    public var showsText: Bool
    public init(sizeScale: Double, aspect: Double, opacity: Double, showsText: Bool) {
        self.sizeScale = sizeScale; self.aspect = aspect; self.opacity = opacity; self.showsText = showsText
    }
    public static let builtIn = IntroLogoFit(sizeScale: 1, aspect: 1, opacity: 1, showsText: true)
}

/// The options that change the sequence rather than its numbers.
public struct SplashOptions: Equatable, Sendable {
    /// When the simulated feed load completes (s).
    public var feedLatency: Double = 0.8
    public var reduceMotion = false
    /// Preview time of the first click or key during the splash, if any.
    public var skipTime: Double?
    /// Which of the 17 splash text images this run shows (1...17), on the splash and the backdrop alike.
    public var textVariant: Int = 1
    /// An intro file played instead of the built-in logo and text (`--intro`), or nil.
    public var intro: IntroClip?
    public init(feedLatency: Double = 0.8, reduceMotion: Bool = false, skipTime: Double? = nil, textVariant: Int = 1, intro: IntroClip? = nil) {
        self.feedLatency = feedLatency; self.reduceMotion = reduceMotion; self.skipTime = skipTime; self.textVariant = textVariant
        self.intro = intro
    }
}

/// Every layer of the splash at one instant.
public struct SplashLayers: Equatable, Sendable {
    public var splashOpacity: Double
    public var logo: LayerState
    public var text: LayerState
    public var backdropOpacity: Double
    public var backdropText: LayerState
    public var hole: LayerState?
    public var holeLogo: LayerState?
    /// The intro file's frame, when one plays.
    public var intro: IntroLayer?
}

public struct SplashFrame: Equatable, Sendable {
    public var time: Double
    public var phase: SplashPhase
    /// The dismissal time d.
    public var dismissalTime: Double
    /// nil once done.
    public var layers: SplashLayers?
    public var feedScale: Double
}

/// A value for every `SplashProperty`, held inline (SIMD storage, no heap allocation): a frame
/// fills one from its tracks, many times a second.
struct SplashPropertyValues: Sendable {
    private var storage = SIMD16<Double>()
    init() { precondition(SplashProperty.allCases.count <= 16, "SplashPropertyValues holds 16 properties") }
    subscript(property: SplashProperty) -> Double {
        get { storage[property.rawValue] }
        set { storage[property.rawValue] = newValue }
    }
}

/// The launch choreography as a pure function of time: the splash appears, holds until d, then a
/// logo-shaped hole in a mask over the feed rotates and grows until it uncovers the screen.
///
/// Every animated value comes from a track of `SplashTrack.all`, through the track's own
/// simulation; what is left here is how the layers are put together.
public struct SplashSequence: Equatable, Sendable {
    public let timings: Timings
    public let device: Device
    public let layout: SplashLayout
    public let options: SplashOptions

    /// A track that plays in this sequence: what a frame needs of it, taken from the track once.
    private struct PlayingTrack: Sendable {
        let property: SplashProperty
        let countsFromStart: Bool
        let track: SplashTrack
        let simulation: any Simulation
        /// Begin and end in preview time.
        let begin: Double
        let end: Double
    }
    /// The playing tracks, and every property's still value (where no playing track drives it).
    private let playing: [PlayingTrack]
    private let stills: SplashPropertyValues
    /// The hole turns toward the upper-left corner: −atan(cy / cx).
    public let holeEndRotation: Double
    /// d: the later of the minimum hold and the feed being ready, capped by the timeout, and
    /// brought forward by a skip.
    public let dismissalTime: Double
    /// How long the appearing tracks last: the latest end of a track that counts from the start.
    public let appearDuration: Double
    /// How long the disappearance lasts from d: the latest end of a playing track that counts from d.
    public let disappearDuration: Double
    /// The intro file as it plays here, when one is given.
    public let intro: IntroPlayback?
    /// Whether the splash leaves by a cross-fade (Reduce Motion, or an intro that asks for one)
    /// rather than the hole.
    public let crossFades: Bool

    public init(timings: Timings, device: Device, layout: SplashLayout, options: SplashOptions) {
        self.timings = timings; self.device = device; self.layout = layout; self.options = options
        holeEndRotation = -atan2(layout.logoCenter.y, layout.logoCenter.x)
        let intro = options.intro.map { IntroPlayback(clip: $0, timings: timings, device: device, logoFrame: layout.launchLogoFrame) }
        self.intro = intro
        let crossFades = options.reduceMotion || (intro != nil && timings.intro.disappearance == .crossFade)
        self.crossFades = crossFades
        // Seed 002: the intro plays to its end (or the timeout), and a tap skips it unless the
        // timings say nothing may; Reduce Motion shows its still instead, so nothing waits for it.
        let skipTime = intro != nil && timings.intro.skip == .never ? nil : options.skipTime
        let introPlays = options.reduceMotion ? 0 : (intro?.playedDuration ?? 0)
        let d = SplashHold.dismissalTime(timings, feedLatency: options.feedLatency, skipTime: skipTime, reduceMotion: options.reduceMotion,
                                         introDuration: introPlays)
        dismissalTime = d
        playing = SplashTrack.all.filter { $0.playing.includes(crossFade: crossFades) }.map { track in
            let (begin, end) = track.interval(in: timings, dismissalTime: d)
            return PlayingTrack(property: track.drives, countsFromStart: track.anchor == .start, track: track,
                                simulation: track.simulation(in: timings, screenHeight: device.height), begin: begin, end: end)
        }
        var stills = SplashPropertyValues()
        for property in SplashProperty.allCases {
            guard let track = SplashTrack.all.first(where: { $0.drives == property }) else {
                preconditionFailure("SplashTrack.all drives every SplashProperty; none drives \(property)")
            }
            stills[property] = track.still.value(in: timings)
        }
        self.stills = stills
        // Found once: every frame asks for the phase.
        func latestEnd(_ tracks: [SplashTrack]) -> Double {
            let ends = tracks.map { $0.interval(in: timings, dismissalTime: 0).end }
            return ends.dropFirst().reduce(ends.first ?? 0) { max($0, $1) }
        }
        // With an intro file, the intro is what appears: its logo and text tracks draw nothing.
        appearDuration = intro != nil ? introPlays : latestEnd(SplashTrack.all.filter { $0.anchor == .start })
        disappearDuration = latestEnd(SplashTrack.all.filter { $0.anchor == .dismissal && $0.playing.includes(crossFade: crossFades) })
    }

    /// The sequence is its inputs; the tracks and d are derived from them.
    public static func == (a: SplashSequence, b: SplashSequence) -> Bool {
        a.timings == b.timings && a.device == b.device && a.layout == b.layout && a.options == b.options
    }

    public var endTime: Double { dismissalTime + disappearDuration }

    /// Reduce Motion in `skip` mode: no intro, the launch screen until d, then its fade.
    public var skipsIntro: Bool { options.reduceMotion && SplashReduceMotion.skipsIntro(timings) }

    public func phase(at t: Double) -> SplashPhase {
        let d = dismissalTime
        if t >= d + disappearDuration { return .done }
        if t >= d { return .disappearing }
        if t < appearDuration { return .appearing }
        return .holding
    }

    /// The intro file at t: the frame playing until d (frozen at d, when the splash window goes),
    /// or Reduce Motion's still frame.
    public func introLayer(at t: Double) -> IntroLayer? {
        guard let intro, !skipsIntro else { return nil }
        let fileTime = options.reduceMotion ? intro.stillTime : intro.fileTime(at: min(t, dismissalTime))
        return IntroLayer(file: intro.clip.path, frame: intro.clip.frameIndex(at: fileTime), fileTime: fileTime, marker: intro.clip.marker(at: fileTime)?.name,
                          rect: intro.contentRect, opacity: 1, background: introBackgroundColor)
    }

    /// Every property's value at t: from its track where the track plays, else its still value.
    /// The tracks that count from the start freeze at d, where the splash window goes (a skip
    /// brings d forward); those that count from d play on.
    func values(at t: Double) -> SplashPropertyValues {
        var values = stills
        let tFront = min(t, dismissalTime)
        for p in playing {
            let local = (p.countsFromStart ? tFront : t) - p.begin
            values[p.property] = p.track.value(timings, p.simulation.x(local))
        }
        return values
    }

    /// Every property's value and velocity (units per second) at t, in `SplashProperty` order,
    /// through the same interpolator as `values(at:)`; a track frozen at d has no velocity.
    func motion(at t: Double) -> [(value: Double, velocity: Double)] {
        let values = values(at: t)
        var out = SplashProperty.allCases.map { (value: values[$0], velocity: 0.0) }
        for p in playing where !(p.countsFromStart && t > dismissalTime) {
            let local = (p.countsFromStart ? min(t, dismissalTime) : t) - p.begin
            out[p.property.rawValue].velocity = p.track.velocity(timings, p.simulation.dx(local))
        }
        return out
    }

    /// Where the track that drives `property` leaves it at rest: the grown logo, the settled feed.
    public func stillValue(_ property: SplashProperty) -> Double { stills[property] }

    /// When a playing track drives `property`: its begin and end in preview time.
    func interval(driving property: SplashProperty) -> (begin: Double, end: Double)? {
        playing.first { $0.property == property }.map { ($0.begin, $0.end) }
    }

    public func frame(at t: Double) -> SplashFrame {
        let d = dismissalTime
        let phase = self.phase(at: t)
        let reduce = crossFades
        let v = values(at: t)
        func value(_ property: SplashProperty) -> Double { v[property] }

        let feedScale = value(.feedScale)
        if phase == .done {
            return SplashFrame(time: t, phase: .done, dismissalTime: d, layers: nil, feedScale: feedScale)
        }

        // The splash window is gone from d; with Reduce Motion it cross-fades instead.
        let splashOpacity: Double
        if t < d { splashOpacity = 1 } else if reduce { splashOpacity = value(.splashOpacity) } else { splashOpacity = 0 }

        let fit = layout.logoFit
        let logoSize = value(.logoSize) * fit.sizeScale
        // Skipping the intro under Reduce Motion, its logo and text are never shown: the launch
        // screen is. An intro file shows instead of them.
        let intro = skipsIntro || self.intro != nil ? 0.0 : 1.0
        let showsText = fit.showsText ? 1.0 : 0.0
        let logo = LayerState(x: layout.logoCenter.x, y: layout.logoCenter.y, width: logoSize, height: logoSize / fit.aspect, opacity: intro * fit.opacity)
        let text = LayerState(x: layout.textCenter.x, y: layout.textCenter.y + value(.textOffset),
                              width: layout.textSize.width, height: layout.textSize.height, opacity: value(.textOpacity) * intro * showsText)
        let backdropText = LayerState(x: layout.textCenter.x, y: layout.textCenter.y,
                                      width: layout.textSize.width, height: layout.textSize.height,
                                      opacity: (t < d ? 1 : value(.backdropTextOpacity)) * showsText * (self.intro != nil ? 0 : 1))
        var hole: LayerState?
        var holeLogo: LayerState?
        if !reduce && t >= d {
            let rotation = holeEndRotation * value(.holeTurn)
            // The hole lives inside the feed's transform, which scales about the screen centre.
            let cx = device.width / 2, cy = device.height / 2
            let x = cx + (layout.logoCenter.x - cx) * feedScale
            let y = cy + (layout.logoCenter.y - cy) * feedScale
            let side = value(.holeSize) * feedScale * fit.sizeScale
            hole = LayerState(x: x, y: y, width: side, height: side / fit.aspect, rotation: rotation)
            if let fade = interval(driving: .holeLogoOpacity), t < fade.end {
                holeLogo = LayerState(x: x, y: y, width: side, height: side / fit.aspect, rotation: rotation, opacity: value(.holeLogoOpacity) * fit.opacity)
            }
        }
        let layers = SplashLayers(splashOpacity: splashOpacity, logo: logo, text: text,
                                  backdropOpacity: (t >= d && !reduce) ? 1 : 0,
                                  backdropText: backdropText, hole: hole, holeLogo: holeLogo, intro: introLayer(at: t))
        return SplashFrame(time: t, phase: phase, dismissalTime: d, layers: layers, feedScale: feedScale)
    }
}

/// One splash track as a take plays it: its bar from `begin` to `end` and its keyframes' times,
/// in seconds of the take. The workbench's timeline lanes and the review page's tracks are these.
public struct SplashTrackBar: Sendable {
    public let track: SplashTrack
    public let begin: Double
    public let end: Double
    public let keyTimes: [Double]
}

extension SplashSequence {
    /// The tracks that play with these options, each with its bar for `timings`. With an intro
    /// file the tracks that count from the start draw nothing: the intro's lane stands for them.
    public func trackBars(timings: Timings) -> [SplashTrackBar] {
        SplashTrack.all.filter { $0.playing.includes(crossFade: crossFades) && !(intro != nil && $0.anchor == .start) }.map { track in
            let (begin, end) = track.interval(in: timings, dismissalTime: dismissalTime)
            let keyTimes = track.keyTimesPath == nil ? [] : track.keyTimes(in: timings).map { begin + $0 * (end - begin) }
            return SplashTrackBar(track: track, begin: begin, end: end, keyTimes: keyTimes)
        }
    }
}
