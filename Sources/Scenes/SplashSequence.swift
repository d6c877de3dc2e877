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

    public init(logoCenter: (x: Double, y: Double), textCenter: (x: Double, y: Double), textSize: (width: Double, height: Double)) {
        self.logoCenter = logoCenter; self.textCenter = textCenter; self.textSize = textSize
    }

    public static func == (a: SplashLayout, b: SplashLayout) -> Bool {
        a.logoCenter == b.logoCenter && a.textCenter == b.textCenter && a.textSize == b.textSize
    }
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
    public init(feedLatency: Double = 0.8, reduceMotion: Bool = false, skipTime: Double? = nil, textVariant: Int = 1) {
        self.feedLatency = feedLatency; self.reduceMotion = reduceMotion; self.skipTime = skipTime; self.textVariant = textVariant
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

/// The launch choreography as a pure function of time: the splash appears, holds until d, then a
/// logo-shaped hole in a mask over the feed rotates and grows until it uncovers the screen.
public struct SplashSequence: Equatable, Sendable {
    public let timings: Timings
    public let device: Device
    public let layout: SplashLayout
    public let options: SplashOptions

    private let holeTrack: KeyframeTrack
    /// The hole turns toward the upper-left corner: −atan(cy / cx).
    public let holeEndRotation: Double

    public init(timings: Timings, device: Device, layout: SplashLayout, options: SplashOptions) {
        self.timings = timings; self.device = device; self.layout = layout; self.options = options
        holeTrack = timings.holeTrack(screenHeight: device.height)
        holeEndRotation = -atan2(layout.logoCenter.y, layout.logoCenter.x)
    }

    public var appearDuration: Double {
        let s = timings.splash
        return max(s.logoDuration, s.textRiseDuration, s.textFadeDuration)
    }

    public var disappearDuration: Double {
        let s = timings.splash
        if options.reduceMotion { return s.reduceMotionFadeDuration }
        return max(s.holeDuration, s.feedDuration, s.backdropTextFadeDuration, s.holeLogoFadeDelay + s.holeLogoFadeDuration)
    }

    /// d: the later of the minimum hold and the feed being ready, capped by the timeout, and
    /// brought forward by a skip.
    public var dismissalTime: Double {
        let s = timings.splash
        var d = min(max(s.minHold, options.feedLatency), s.timeout)
        if let skip = options.skipTime, skip < d { d = max(skip, 0) }
        return d
    }

    public var endTime: Double { dismissalTime + disappearDuration }

    public func phase(at t: Double) -> SplashPhase {
        let d = dismissalTime
        if t >= d + disappearDuration { return .done }
        if t >= d { return .disappearing }
        if t < appearDuration { return .appearing }
        return .holding
    }

    /// Eased progress of a one-shot animation that starts at `begin` and lasts `duration`.
    @inline(__always)
    static func eased(_ curve: TimingCurve, _ t: Double, begin: Double, duration: Double) -> Double {
        if duration <= 0 { return t >= begin ? 1 : 0 }
        let p = min(max((t - begin) / duration, 0), 1)
        return curve.value(p)
    }

    public func frame(at t: Double) -> SplashFrame {
        let s = timings.splash
        let d = dismissalTime
        let phase = self.phase(at: t)
        let reduce = options.reduceMotion

        // Foreground pieces: animated in normally, still under reduce motion. A skip freezes them
        // where they were at d, since the splash window is gone from then on.
        let tFront = min(t, d)
        let logoSize = reduce ? s.logoEndSize
            : s.logoStartSize + (s.logoEndSize - s.logoStartSize) * SplashSequence.eased(s.logoCurve, tFront, begin: 0, duration: s.logoDuration)
        let rise = reduce ? 0 : s.textRise * (1 - SplashSequence.eased(s.textRiseCurve, tFront, begin: 0, duration: s.textRiseDuration))
        let textOpacity = reduce ? 1 : SplashSequence.eased(s.textFadeCurve, tFront, begin: 0, duration: s.textFadeDuration)

        let feedScale: Double
        if reduce {
            feedScale = s.feedEndScale
        } else {
            feedScale = s.feedStartScale + (s.feedEndScale - s.feedStartScale) * SplashSequence.eased(s.feedCurve, t, begin: d, duration: s.feedDuration)
        }
        if phase == .done {
            return SplashFrame(time: t, phase: .done, dismissalTime: d, layers: nil, feedScale: feedScale)
        }

        let splashOpacity: Double
        if t < d { splashOpacity = 1 }
        else if reduce { splashOpacity = 1 - SplashSequence.eased(s.reduceMotionFadeCurve, t, begin: d, duration: s.reduceMotionFadeDuration) }
        else { splashOpacity = 0 }

        let logo = LayerState(x: layout.logoCenter.x, y: layout.logoCenter.y, width: logoSize, height: logoSize)
        let text = LayerState(x: layout.textCenter.x, y: layout.textCenter.y + rise,
                              width: layout.textSize.width, height: layout.textSize.height, opacity: textOpacity)
        let backdropTextOpacity = t < d ? 1 : 1 - SplashSequence.eased(s.backdropTextFadeCurve, t, begin: d, duration: s.backdropTextFadeDuration)
        let backdropText = LayerState(x: layout.textCenter.x, y: layout.textCenter.y,
                                      width: layout.textSize.width, height: layout.textSize.height, opacity: backdropTextOpacity)
        var hole: LayerState?
        var holeLogo: LayerState?
        if !reduce && t >= d {
            let local = s.holeDuration > 0 ? min(max((t - d) / s.holeDuration, 0), 1) : 1
            let scale = holeTrack.sample(local).value
            let rotation = holeEndRotation * s.holeRotationCurve.value(local)
            // The hole lives inside the feed's transform, which scales about the screen centre.
            let cx = device.width / 2, cy = device.height / 2
            let x = cx + (layout.logoCenter.x - cx) * feedScale
            let y = cy + (layout.logoCenter.y - cy) * feedScale
            let side = scale * s.logoEndSize * feedScale
            hole = LayerState(x: x, y: y, width: side, height: side, rotation: rotation)
            let fadeEnd = d + s.holeLogoFadeDelay + s.holeLogoFadeDuration
            if t < fadeEnd {
                let opacity = 1 - SplashSequence.eased(s.holeLogoFadeCurve, t, begin: d + s.holeLogoFadeDelay, duration: s.holeLogoFadeDuration)
                holeLogo = LayerState(x: x, y: y, width: side, height: side, rotation: rotation, opacity: opacity)
            }
        }
        let layers = SplashLayers(splashOpacity: splashOpacity, logo: logo, text: text,
                                  backdropOpacity: (t >= d && !reduce) ? 1 : 0,
                                  backdropText: backdropText, hole: hole, holeLogo: holeLogo)
        return SplashFrame(time: t, phase: phase, dismissalTime: d, layers: layers, feedScale: feedScale)
    }
}
