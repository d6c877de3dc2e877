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

/// How an interaction's motion is built from its parameters, named by their paths in the timings
/// file for the exports and `timings --schema`: a curve over a duration, a spring, a momentum
/// decay, a share of a screen quantity, or a choice between motions. The entries below derive it
/// from their key paths.
public enum InteractionMotionKind: Sendable {
    case curve(durationPath: String, curvePath: String)
    case spring(id: String, responsePath: String, dampingFractionPath: String)
    case decay(ratePath: String)
    case share(path: String)
    case choice(path: String)
}

/// One motion of the card, panel or scroll, as the exports and `timings --schema` list it: the
/// parameters it reads, how it is built and what it drives. The models read their numbers only
/// through the typed entries below (`CardMotions`, `PanelMotions`, `ScrollMotions`), which hold
/// each parameter's key path once, as `SplashTrack.all` does for the splash.
public struct InteractionMotion: Sendable {
    public let id: String
    public let label: String
    public let kind: InteractionMotionKind
    public let drives: InteractionProperty
    /// The motion as a `MotionSpec`, read through the entry's key paths.
    let readSpec: @Sendable (Timings) -> MotionSpec?

    init(id: String, label: String, kind: InteractionMotionKind, drives: InteractionProperty,
         spec: @escaping @Sendable (Timings) -> MotionSpec? = { _ in nil }) {
        self.id = id; self.label = label; self.kind = kind; self.drives = drives; readSpec = spec
    }

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
    public func spec(in t: Timings) -> MotionSpec? { readSpec(t) }

    /// A spring motion's id, label and its two numbers in some timings.
    public struct SpringValues: Sendable {
        public let id: String
        public let label: String
        public let response: Double
        public let dampingFraction: Double
    }

    /// The springs (`springFields`) with their numbers in `t`, in the table's order.
    public static func springs(in t: Timings) -> [SpringValues] {
        springFields.map { SpringValues(id: $0.id, label: $0.label, response: t[keyPath: $0.response], dampingFraction: t[keyPath: $0.dampingFraction]) }
    }

    /// Every spring of the interactions, each declared once as its entry; the schema's two
    /// parameters per spring and the inspector's spring editor derive from these.
    public static let springFields: [SpringDeclaration] = [PanelMotions.completionSpring.field, ScrollMotions.bounce.field]

    /// Every interaction motion, card first, then the panel, then the scroll.
    public static let all: [InteractionMotion] = [
        CardMotions.transition.motion,
        PanelMotions.height.motion, PanelMotions.dim.motion, PanelMotions.presentation.motion,
        PanelMotions.completion.motion, PanelMotions.completionSpring.motion,
        ScrollMotions.bounce.motion, ScrollMotions.deceleration.motion,
    ]
}

/// A field of one section of the timings, as a key path that can be shared across threads.
public typealias SectionField<Section, Value> = WritableKeyPath<Section, Value> & Sendable

/// A spring as the timings declare it: its id and label, and the key paths of its response and
/// damping fraction. The schema's two entries (`TimingsSchema.spring`) and the interaction's
/// motion derive from it, so a spring is named once.
public struct SpringDeclaration {
    /// `panel.spring`: the spring editor's id.
    public let id: String
    /// What the inspector calls it.
    public let label: String
    public let response: WritableKeyPath<Timings, Double>
    public let dampingFraction: WritableKeyPath<Timings, Double>
}

/// A curve over a duration, read from one section of the timings.
public struct CurveMotionEntry<Section: Sendable>: Sendable {
    let id: String, label: String, drives: InteractionProperty
    let section: SectionField<Timings, Section>
    let readDuration: SectionField<Section, Double>
    let readCurve: SectionField<Section, TimingCurve>

    public var motion: InteractionMotion {
        let section = self.section, readCurve = self.readCurve
        return InteractionMotion(id: id, label: label, kind: .curve(durationPath: TimingsSchema.path(of: section.appending(path: readDuration)),
                                                                    curvePath: TimingsSchema.path(of: section.appending(path: readCurve))),
                                 drives: drives, spec: { .curve($0[keyPath: section][keyPath: readCurve]) })
    }
    public func duration(_ s: Section) -> Double { s[keyPath: readDuration] }
    public func curve(_ s: Section) -> TimingCurve { s[keyPath: readCurve] }
    /// The animator's timing for `share` of the whole way (the whole duration at 1).
    public func timing(_ s: Section, share: Double = 1) -> AnimationTiming { .curve(curve(s), duration: duration(s) * share) }
}

/// A spring given by its response and damping fraction, read from one section of the timings:
/// the one declaration of the spring (`field`).
public struct SpringMotionEntry<Section: Sendable>: Sendable {
    let id: String, label: String, drives: InteractionProperty
    let section: SectionField<Timings, Section>
    let readResponse: SectionField<Section, Double>
    let readDampingFraction: SectionField<Section, Double>

    public var field: SpringDeclaration {
        let section: WritableKeyPath<Timings, Section> = self.section
        let response: WritableKeyPath<Section, Double> = readResponse, dampingFraction: WritableKeyPath<Section, Double> = readDampingFraction
        return SpringDeclaration(id: id, label: label, response: section.appending(path: response), dampingFraction: section.appending(path: dampingFraction))
    }
    public var motion: InteractionMotion {
        let section = self.section, response = readResponse, dampingFraction = readDampingFraction
        return InteractionMotion(id: id, label: label, kind: .spring(id: id, responsePath: TimingsSchema.path(of: field.response),
                                                                     dampingFractionPath: TimingsSchema.path(of: field.dampingFraction)),
                                 drives: drives, spec: { t in
            guard let parameters = try? SpringParameters(response: t[keyPath: section][keyPath: response],
                                                         dampingFraction: t[keyPath: section][keyPath: dampingFraction]),
                  let motion = try? SpringMotion(parameters: parameters) else { return nil }
            return .spring(motion)
        })
    }
    public func parameters(_ s: Section) -> SpringParameters {
        // Validated on load (both in their declared ranges, above 0), so this cannot fail.
        (try? SpringParameters(response: s[keyPath: readResponse], dampingFraction: s[keyPath: readDampingFraction])) ?? SpringParameters.critical
    }
}

/// One number (a share, a rate) read from one section of the timings.
public struct NumberMotionEntry<Section: Sendable>: Sendable {
    /// What the number is: a share of a screen quantity, or a decay's rate.
    enum Role: Sendable { case share, decay }
    let id: String, label: String, role: Role, drives: InteractionProperty
    let section: SectionField<Timings, Section>
    let read: SectionField<Section, Double>

    public var motion: InteractionMotion {
        let path = TimingsSchema.path(of: section.appending(path: read))
        return InteractionMotion(id: id, label: label, kind: role == .share ? .share(path: path) : .decay(ratePath: path), drives: drives)
    }
    public func value(_ s: Section) -> Double { s[keyPath: read] }
}

/// A named choice read from one section of the timings.
public struct ChoiceMotionEntry<Section: Sendable, Choice: Sendable>: Sendable {
    let id: String, label: String, drives: InteractionProperty
    let section: SectionField<Timings, Section>
    let read: SectionField<Section, Choice>

    public var motion: InteractionMotion {
        InteractionMotion(id: id, label: label, kind: .choice(path: TimingsSchema.path(of: section.appending(path: read))), drives: drives)
    }
    public func value(_ s: Section) -> Choice { s[keyPath: read] }
}

/// The card transition's motion.
public enum CardMotions {
    public static let transition = CurveMotionEntry<Timings.Card>(
        id: "card.transition", label: "card transition", drives: .cardProgress, section: \.card, readDuration: \.duration, readCurve: \.curve)
}

/// The bottom panel's motions.
public enum PanelMotions {
    public static let height = NumberMotionEntry<Timings.Panel>(
        id: "panel.height", label: "panel height", role: .share, drives: .panelHeight, section: \.panel, read: \.heightFraction)
    public static let dim = NumberMotionEntry<Timings.Panel>(
        id: "panel.dim", label: "panel dim", role: .share, drives: .panelDim, section: \.panel, read: \.maxDim)
    public static let presentation = CurveMotionEntry<Timings.Panel>(
        id: "panel.presentation", label: "panel presentation", drives: .panelProgress, section: \.panel, readDuration: \.duration, readCurve: \.curve)
    public static let completion = ChoiceMotionEntry<Timings.Panel, Timings.PanelCompletion>(
        id: "panel.completion", label: "panel completion mode", drives: .panelProgress, section: \.panel, read: \.completion)
    public static let completionSpring = SpringMotionEntry<Timings.Panel>(
        id: "panel.spring", label: "panel completion", drives: .panelProgress, section: \.panel,
        readResponse: \.springResponse, readDampingFraction: \.springDampingFraction)
}

/// The feed scroll's motions.
public enum ScrollMotions {
    public static let bounce = SpringMotionEntry<Timings.Scroll>(
        id: "scroll.bounce", label: "scroll edge bounce", drives: .scrollOffset, section: \.scroll,
        readResponse: \.bounceResponse, readDampingFraction: \.bounceDampingFraction)
    public static let deceleration = NumberMotionEntry<Timings.Scroll>(
        id: "scroll.deceleration", label: "scroll momentum", role: .decay, drives: .scrollOffset, section: \.scroll, read: \.decelerationRate)
}
