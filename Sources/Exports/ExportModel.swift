import Formats
import Foundation
import Motion
import Scenes

/// The splash and the interactions as every export reads them, in no platform's terms: the
/// declared constants, the tracks (the property each drives, where it starts and ends, its timing
/// and begin), and the springs with their conversions. Built from the timings once
/// (`ExportModel+Timings.swift`); each exporter only spells it.
public struct ExportModel: Sendable {
    /// Every declared parameter an export writes as a constant, in the declaration's order.
    public let constants: [ExportConstant]
    /// Every track of the splash, in the timeline's order.
    public let tracks: [ExportTrack]
    /// The card's and panel's motions an export writes as functions, in the table's order.
    public let interactions: [ExportInteraction]
    /// Every declared spring.
    public let springs: [ExportSpring]
    /// The splash's shortest and longest hold, `splash.minHold` and `splash.timeout`:
    /// d = min(max(shortest, ready), longest).
    public let shortestHold: ExportConstant
    public let longestHold: ExportConstant

    /// The tracks that count from `anchor` and play with Reduce Motion `on`, in the list's order.
    public func tracks(_ anchor: SplashTrack.Anchor, reduceMotion on: Bool) -> [ExportTrack] {
        tracks.filter { $0.anchor == anchor && $0.playing.includes(crossFade: on) }
    }

    /// The tracks that play with Reduce Motion `on`, from either anchor.
    public func tracks(reduceMotion on: Bool) -> [ExportTrack] { tracks.filter { $0.playing.includes(crossFade: on) } }

    /// The track that drives `property` when Reduce Motion is off, if one does.
    public func track(driving property: SplashProperty) -> ExportTrack? {
        tracks.first { $0.property == property && $0.playing.includes(crossFade: false) }
    }
}

/// A declared parameter as a constant of the generated code: the name every export gives it and
/// its value in the timings exported.
public struct ExportConstant: Sendable {
    /// The key path in the timings file (`splash.logo.duration`).
    public let path: String
    /// `logoDuration`: see `ExportNames.swiftName`.
    public let name: String
    public let doc: String
    /// "s", "pt", "×" or empty.
    public let unit: String
    public let value: ParameterValue

    public var isSeconds: Bool { unit == "s" }

    public var number: Double {
        if case let .number(v) = value { return v }
        return 0
    }

    public var numbers: [Double] {
        if case let .numbers(vs) = value { return vs }
        return []
    }

    public var curves: [TimingCurve] {
        switch value {
        case let .curve(c): return [c]
        case let .curves(cs): return cs
        default: return []
        }
    }
}

/// One track of the splash: the property it drives from `from` to `to`, over `duration` along
/// `curve`, `begin` after its anchor; a keyframe track also has its keyframes.
public struct ExportTrack: Sendable {
    public let id: String
    public let label: String
    public let property: SplashProperty
    public let anchor: SplashTrack.Anchor
    public let playing: SplashTrack.Playing
    /// The property's value where the motion starts and where it ends.
    public let from: Double
    public let to: Double
    /// The constants `from` and `to` are, where they are one (the logo's start and end size), so
    /// generated code animates to the constant rather than to its value.
    public let fromConstant: ExportConstant?
    public let toConstant: ExportConstant?
    /// The constants the track's values are made of, in the track's order (the logo's start and
    /// end size; the hole's scales, reference height and the logo's end size).
    public let reads: [ExportConstant]
    public let duration: ExportConstant
    /// A curve, or for a keyframe track one curve a segment.
    public let curve: ExportConstant
    /// The delay after the anchor, when the track has one.
    public let begin: ExportConstant?
    public let keyTimes: ExportConstant?
    /// The keyframes on the export's screen, for a keyframe track.
    public let keyframes: ExportKeyframes?

    public var curves: [TimingCurve] { curve.curves }
    public var firstCurve: TimingCurve { curves.first ?? .linear }
    public var delay: Double { begin?.number ?? 0 }

    /// Begin and end in preview time, given the dismissal time d.
    public func interval(dismissalTime d: Double) -> (begin: Double, end: Double) {
        let start = (anchor == .start ? 0 : d) + delay
        return (start, start + duration.number)
    }
}

/// A keyframe track on a screen `screenHeight` points tall: the property's value at each key
/// time, and which values grow with the screen (the hole's last size is stated for a reference
/// height and scales with the screen, so an export writes it as a multiple of the screen's height).
public struct ExportKeyframes: Sendable {
    public struct Value: Sendable {
        public let value: Double
        public let scalesWithScreen: Bool
    }

    public let screenHeight: Double
    public let values: [Value]
    public let keyTimes: [Double]
    /// One curve per segment.
    public let timingFunctions: [TimingCurve]
}

/// A card or panel motion as the UIKit export writes it: a curve, or the completion spring with
/// the completion modes its property is declared with.
public struct ExportInteraction: Sendable {
    public enum Kind: Sendable {
        case curve(duration: ExportConstant, curve: ExportConstant)
        case spring(ExportSpring, modes: [String])
    }

    public let id: String
    /// `card` or `panel`: the first part of the id.
    public let section: String
    public let kind: Kind
}

/// A declared spring and what each platform's spring is made of, each conversion written once.
public struct ExportSpring: Sendable {
    public let id: String
    public let label: String
    /// The undamped period, in seconds.
    public let response: Double
    /// ζ: 1 is critically damped, below 1 overshoots.
    public let dampingFraction: Double

    /// Mass 1, stiffness (2π / response)², damping 4π ζ / response (SwiftUI's
    /// `spring(response:dampingFraction:)`; `SpringParameters(response:dampingFraction:)`), or nil
    /// where the numbers make no spring.
    public var parameters: SpringParameters? { try? SpringParameters(response: response, dampingFraction: dampingFraction) }

    /// SwiftUI's `Spring(duration:bounce:)` for the same spring: duration = response and bounce =
    /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (WWDC23 "Animate with springs"; `SpringParameters(duration:bounce:)`).
    public var bounce: Double { dampingFraction <= 1 ? 1 - dampingFraction : 1 / dampingFraction - 1 }

    /// Compose's stiffness for the response: (2π / response)², mass 1, since Compose's spring is a
    /// mass-1 damped oscillator (androidx.compose.animation.core.SpringSimulation, ω = √stiffness)
    /// and the response is its undamped period 2π / ω.
    public var stiffness: Double { pow(2 * Double.pi / response, 2) }
}

/// How the exports write names and numbers.
public enum ExportNames {
    /// A parameter's or spring's name in code: the key path in camel case, without the leading
    /// `splash` (`splash.logo.duration` → `logoDuration`, `panel.spring` → `panelSpring`).
    public static func swiftName(_ path: String) -> String {
        var parts = path.split(separator: ".").map(String.init)
        if parts.first == "splash" && parts.count > 1 { parts.removeFirst() }
        return parts.enumerated().map { i, p in i == 0 ? p : p.prefix(1).uppercased() + p.dropFirst() }.joined()
    }

    /// A number as the timings file writes it (`JSONOutput`): the shortest text that reads back
    /// the same, so an export's numbers are the file's.
    public static func number(_ v: Double) -> String { JSONOutput.number(v).text }
}
