import Foundation
import Motion

// MARK: - The card's, panel's and scroll's motions as one table

/// What an interaction's motion drives, in the units `state` reports.
public enum InteractionProperty: String, Sendable {
    /// The card's detail screen, 0 at the card's frame, 1 full screen.
    case cardProgress
    /// The panel's presentation, 0 hidden, 1 presented.
    case panelProgress
    /// The panel's height (pt).
    case panelHeight
    /// The dim's opacity behind the panel.
    case panelDim
    /// The feed's scroll offset (pt).
    case scrollOffset
}

/// How an interaction's motion is built from its parameters: a curve over a duration, a spring,
/// a momentum decay, a share of a screen quantity, or a choice between motions.
public enum InteractionMotionKind: Sendable {
    case curve(durationPath: String, curvePath: String)
    case spring(id: String, responsePath: String, dampingFractionPath: String)
    case decay(ratePath: String)
    case share(path: String)
    case choice(path: String)
}

/// One motion of the card, panel or scroll, as the exports and `timings --schema` list it: the
/// parameters it reads, how it is built and what it drives. The models read their numbers only
/// through the typed entries below (`CardMotions`, `PanelMotions`, `ScrollMotions`), which name
/// each parameter's field once, as `SplashTrack.all` does for the splash.
public struct InteractionMotion: Sendable {
    public let id: String
    public let label: String
    public let kind: InteractionMotionKind
    public let drives: InteractionProperty

    /// The parameter paths the motion reads, in declaration order.
    public var reads: [String] {
        switch kind {
        case let .curve(duration, curve): return [duration, curve]
        case let .spring(_, response, fraction): return [response, fraction]
        case let .decay(path), let .share(path), let .choice(path): return [path]
        }
    }

    /// The motion as a `MotionSpec` (a curve's eased progress, or a spring from rest), for a curve
    /// or spring entry.
    public func spec(in t: Timings) -> MotionSpec? {
        switch kind {
        case let .curve(_, curvePath):
            guard case let .curve(c)? = TimingsSchema.parameter(curvePath)?.value(in: t) else { return nil }
            return .curve(c)
        case let .spring(_, response, fraction):
            guard let r = TimingsSchema.number(response, in: t), let f = TimingsSchema.number(fraction, in: t),
                  let parameters = try? SpringParameters(response: r, dampingFraction: f),
                  let motion = try? SpringMotion(parameters: parameters) else { return nil }
            return .spring(motion)
        case .decay, .share, .choice:
            return nil
        }
    }

    /// A spring motion's id, label and its two numbers in some timings.
    public struct SpringValues: Sendable {
        public let id: String
        public let label: String
        public let response: Double
        public let dampingFraction: Double
    }

    /// The spring motions of `all` with their numbers in `t`, in the table's order.
    public static func springs(in t: Timings) -> [SpringValues] {
        all.compactMap { motion in
            guard case let .spring(id, responsePath, fractionPath) = motion.kind,
                  let response = TimingsSchema.number(responsePath, in: t), let fraction = TimingsSchema.number(fractionPath, in: t) else { return nil }
            return SpringValues(id: id, label: motion.label, response: response, dampingFraction: fraction)
        }
    }

    /// Every interaction motion, card first, then the panel, then the scroll.
    public static let all: [InteractionMotion] = [
        CardMotions.transition.motion,
        PanelMotions.height.motion, PanelMotions.dim.motion, PanelMotions.presentation.motion,
        PanelMotions.completion.motion, PanelMotions.completionSpring.motion,
        ScrollMotions.bounce.motion, ScrollMotions.deceleration.motion,
    ]
}

/// A curve over a duration, read from one section of the timings.
public struct CurveMotionEntry<Section: Sendable>: Sendable {
    public let motion: InteractionMotion
    let readDuration: @Sendable (Section) -> Double
    let readCurve: @Sendable (Section) -> TimingCurve

    public func duration(_ s: Section) -> Double { readDuration(s) }
    public func curve(_ s: Section) -> TimingCurve { readCurve(s) }
    /// The animator's timing for `share` of the whole way (the whole duration at 1).
    public func timing(_ s: Section, share: Double = 1) -> AnimationTiming { .curve(readCurve(s), duration: readDuration(s) * share) }
}

/// A spring given by its response and damping fraction, read from one section of the timings.
public struct SpringMotionEntry<Section: Sendable>: Sendable {
    public let motion: InteractionMotion
    let readResponse: @Sendable (Section) -> Double
    let readDampingFraction: @Sendable (Section) -> Double

    public func parameters(_ s: Section) -> SpringParameters {
        // Validated on load (both in their declared ranges, above 0), so this cannot fail.
        (try? SpringParameters(response: readResponse(s), dampingFraction: readDampingFraction(s))) ?? SpringParameters.critical
    }
}

/// One number (a share, a rate) read from one section of the timings.
public struct NumberMotionEntry<Section: Sendable>: Sendable {
    public let motion: InteractionMotion
    let read: @Sendable (Section) -> Double
    public func value(_ s: Section) -> Double { read(s) }
}

/// A named choice read from one section of the timings.
public struct ChoiceMotionEntry<Section: Sendable, Choice: Sendable>: Sendable {
    public let motion: InteractionMotion
    let read: @Sendable (Section) -> Choice
    public func value(_ s: Section) -> Choice { read(s) }
}

/// The card transition's motion.
public enum CardMotions {
    public static let transition = CurveMotionEntry<Timings.Card>(
        motion: InteractionMotion(id: "card.transition", label: "card transition",
                                  kind: .curve(durationPath: "card.duration", curvePath: "card.curve"), drives: .cardProgress),
        readDuration: { $0.duration }, readCurve: { $0.curve })
}

/// The bottom panel's motions.
public enum PanelMotions {
    public static let height = NumberMotionEntry<Timings.Panel>(
        motion: InteractionMotion(id: "panel.height", label: "panel height", kind: .share(path: "panel.heightFraction"), drives: .panelHeight),
        read: { $0.heightFraction })
    public static let dim = NumberMotionEntry<Timings.Panel>(
        motion: InteractionMotion(id: "panel.dim", label: "panel dim", kind: .share(path: "panel.maxDim"), drives: .panelDim),
        read: { $0.maxDim })
    public static let presentation = CurveMotionEntry<Timings.Panel>(
        motion: InteractionMotion(id: "panel.presentation", label: "panel presentation",
                                  kind: .curve(durationPath: "panel.duration", curvePath: "panel.curve"), drives: .panelProgress),
        readDuration: { $0.duration }, readCurve: { $0.curve })
    public static let completion = ChoiceMotionEntry<Timings.Panel, Timings.PanelCompletion>(
        motion: InteractionMotion(id: "panel.completion", label: "panel completion mode", kind: .choice(path: "panel.completion"),
                                  drives: .panelProgress),
        read: { $0.completion })
    public static let completionSpring = SpringMotionEntry<Timings.Panel>(
        motion: InteractionMotion(id: "panel.spring", label: "panel completion",
                                  kind: .spring(id: "panel.spring", responsePath: "panel.springResponse",
                                                dampingFractionPath: "panel.springDampingFraction"), drives: .panelProgress),
        readResponse: { $0.springResponse }, readDampingFraction: { $0.springDampingFraction })
}

/// The feed scroll's motions.
public enum ScrollMotions {
    public static let bounce = SpringMotionEntry<Timings.Scroll>(
        motion: InteractionMotion(id: "scroll.bounce", label: "scroll edge bounce",
                                  kind: .spring(id: "scroll.bounce", responsePath: "scroll.bounceResponse",
                                                dampingFractionPath: "scroll.bounceDampingFraction"), drives: .scrollOffset),
        readResponse: { $0.bounceResponse }, readDampingFraction: { $0.bounceDampingFraction })
    public static let deceleration = NumberMotionEntry<Timings.Scroll>(
        motion: InteractionMotion(id: "scroll.deceleration", label: "scroll momentum", kind: .decay(ratePath: "scroll.decelerationRate"),
                                  drives: .scrollOffset),
        read: { $0.decelerationRate })
}
