import Foundation
import Motion

// MARK: - The declaration of every tunable parameter

/// What a parameter measures, which decides how it is read, shown and edited.
public enum ParameterKind: String, CaseIterable, Sendable {
    /// Seconds.
    case duration
    /// Points.
    case size
    /// A multiplier.
    case scale
    /// A share of something, usually within [0, 1].
    case fraction
    /// A timing curve: a name or `cubic-bezier(x1, y1, x2, y2)`.
    case curve
    /// An array of keyframe values, key times or keyframe curves.
    case keyframes
    /// One number of a spring (its response or damping fraction).
    case spring
    /// One of a few named options.
    case choice
    /// A short text with a rule of its own: a colour, a marker name, a frame.
    case text
}

/// A parameter's value, whatever its kind.
public enum ParameterValue: Equatable, Sendable {
    case number(Double)
    case numbers([Double])
    case curve(TimingCurve)
    case curves([TimingCurve])
    case choice(String)
    case text(String)

    public var json: JSONOutput {
        switch self {
        case let .number(v): return .number(v)
        case let .numbers(vs): return .array(vs.map { .number($0) })
        case let .curve(c): return .string(c.specification)
        case let .curves(cs): return .array(cs.map { .string($0.specification) })
        case let .choice(s), let .text(s): return .string(s)
        }
    }

    /// The numbers a value holds, for sweeping and comparing: a curve's four control points.
    public var numbers: [Double] {
        switch self {
        case let .number(v): return [v]
        case let .numbers(vs): return vs
        case let .curve(c): let p = c.controlPoints; return [p.0, p.1, p.2, p.3]
        case let .curves(cs): return cs.flatMap { c -> [Double] in let p = c.controlPoints; return [p.0, p.1, p.2, p.3] }
        case .choice, .text: return []
        }
    }
}

/// How the inspector edits a number: the slider's span (where tuned values live, inside the
/// declared range; typed and dragged values may use the whole range), how far one pixel of a
/// drag moves it, and the decimals it shows.
public struct NumberEditing: Equatable, Sendable {
    public let slider: ClosedRange<Double>
    public let step: Double
    public let decimals: Int

    /// The slider's span is `useful` kept inside `range`, or the whole range where that leaves
    /// nothing; a drag crosses the slider in 300 px.
    init(useful: ClosedRange<Double>, within range: ClosedRange<Double>, decimals: Int) {
        let low = max(useful.lowerBound, range.lowerBound), high = min(useful.upperBound, range.upperBound)
        slider = low < high ? low...high : range
        step = (slider.upperBound - slider.lowerBound) / 300
        self.decimals = decimals
    }
}

/// A parameter that is one number of a spring, and which: the inspector edits the spring's two
/// numbers together in the spring editor (in all three forms), under the spring's label.
public struct SpringMembership: Equatable, Sendable {
    public enum Role: String, Sendable { case response, dampingFraction }
    /// The spring's id (`panel.spring`) and what the inspector calls it.
    public let spring: String
    public let label: String
    public let role: Role
}

/// One tunable number (or curve, or array) of the choreography: where it lives in the timings
/// file, what it measures, its unit, the values it may take, how the inspector edits it, the
/// spring it belongs to, its default and what it does. Every other place that lists parameters
/// (parsing, `timings --schema`, `export swift`, the timeline, the curve view, the inspector, the
/// spring editor, the fuzz checks) reads this declaration.
public struct TimingParameter {
    /// The key path in the timings file, e.g. `splash.logo.duration`: the parameter's name at the
    /// edges (JSON, the command line, export text, the UI dump).
    public let path: String
    /// The field of `Timings` it declares: its name inside the program.
    public let keyPath: PartialKeyPath<Timings>
    /// The part of the timings file it belongs to; set by `TimingsSchema.section`.
    public internal(set) var section = TimingsSection.splash
    public let kind: ParameterKind
    /// `s`, `pt`, `×`, or empty for a plain number.
    public let unit: String
    /// For numbers (and each element of a number array): the allowed values.
    public let range: ClosedRange<Double>?
    /// True when the range's lower bound itself is not allowed.
    public let exclusiveLower: Bool
    /// For `choice`: the names allowed.
    public let choices: [String]
    /// For numbers (and number arrays): the slider, drag step and decimals.
    public let editing: NumberEditing?
    public let spring: SpringMembership?
    public let doc: String
    let read: (Timings) -> ParameterValue
    let write: (inout Timings, ParameterValue) -> Void

    public func value(in timings: Timings) -> ParameterValue { read(timings) }
    public var defaultValue: ParameterValue { read(Timings()) }

    /// The same timings with this parameter set to `value`, after checking it against the
    /// declaration; the message names the parameter, the range and the value.
    public func setting(_ value: ParameterValue, in timings: Timings) throws -> Timings {
        if let problem = problem(with: value) { throw TimingsEditError(path: path, message: problem) }
        var copy = timings
        write(&copy, value)
        if let problem = TimingsSchema.crossFieldProblem(copy) { throw TimingsEditError(path: path, message: problem.message) }
        return copy
    }

    /// Why `value` is not acceptable here, or nil.
    public func problem(with value: ParameterValue) -> String? {
        switch (kind, value) {
        case (.curve, .curve), (.choice, .choice), (.text, .text): break
        case (.keyframes, .curves): break
        case (.keyframes, .numbers), (_, .number): break
        default: return "\(path) does not take that kind of value"
        }
        if case let .choice(name) = value, !choices.contains(name) {
            return "\(path) must be one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")) (got \(abbreviatedForMessage(name)))"
        }
        if case let .text(text) = value, let rule = TimingsSchema.textRules[path], !rule.accepts(text) {
            return "\(path) must be \(rule.description) (got \(abbreviatedForMessage(text)))"
        }
        if case let .curve(c) = value, let message = TimingParameter.curveProblem(c) { return "\(path): \(message)" }
        if case let .curves(cs) = value {
            for (i, c) in cs.enumerated() { if let message = TimingParameter.curveProblem(c) { return "\(path)[\(i)]: \(message)" } }
        }
        guard let range else { return nil }
        let values: [Double]
        switch value {
        case let .number(v): values = [v]
        case let .numbers(vs): values = vs
        default: return nil
        }
        for v in values where !v.isFinite || v < range.lowerBound || v > range.upperBound || (exclusiveLower && v == range.lowerBound) {
            return "\(path) must lie in \(rangeText) (got \(v))"
        }
        return nil
    }

    /// A curve whose control points are finite and whose x lie in [0, 1] (CSS's rule): only those
    /// evaluate to finite values everywhere.
    static func curveProblem(_ c: TimingCurve) -> String? {
        let p = c.controlPoints
        guard [p.0, p.1, p.2, p.3].allSatisfy({ $0.isFinite }) else { return "control points must be finite numbers" }
        return nil
    }

    /// The range as interval notation: `[0, 600]`, `(0, 1]`.
    public var rangeText: String {
        guard let range else { return "" }
        return "\(exclusiveLower ? "(" : "[")\(TimingParameter.bound(range.lowerBound)), \(TimingParameter.bound(range.upperBound))]"
    }

    static func bound(_ v: Double) -> String {
        if v == .infinity { return "∞" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    /// True for a threshold of `splashlab lint` (the `lint` section): it judges the motion and
    /// changes nothing on screen, so exports of the choreography leave it out.
    public var isLintThreshold: Bool { section == .lint }

    /// The same parameter, declared in `section`.
    func declared(in section: TimingsSection) -> TimingParameter {
        var copy = self
        copy.section = section
        return copy
    }
}

/// Which texts a `text` parameter takes, and the rule in words for a refusal.
struct TextRule: Sendable {
    let accepts: @Sendable (String) -> Bool
    let description: String
}

/// An edit that the declaration refuses: out of range, the wrong kind, or breaking a rule between
/// fields.
public struct TimingsEditError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { message }
}

/// A part of the timings file: its top-level object.
public enum TimingsSection: String, CaseIterable, Sendable {
    case splash, intro, card, panel, scroll, lint

    /// Whether the exports of the choreography carry the section's constants: not the lint
    /// thresholds (they tune the checker), nor the intro's (an intro file is played by its own
    /// player, `LottieAnimationView` or `AVPlayer`, which takes them as settings, not as a
    /// choreography to export).
    public var isExported: Bool { self != .lint && self != .intro }
}

public enum TimingsSchema {
    /// The section of the timings file that holds `splashlab lint`'s thresholds.
    public static let lintSection = TimingsSection.lint.rawValue
    static let seconds: ClosedRange<Double> = 0...600

    static func number(_ path: String, _ kind: ParameterKind, _ unit: String, _ key: WritableKeyPath<Timings, Double>,
                       range: ClosedRange<Double>, exclusiveLower: Bool = false, slider: ClosedRange<Double>,
                       spring: SpringMembership? = nil, _ doc: String) -> TimingParameter {
        TimingParameter(path: path, keyPath: key, kind: kind, unit: unit, range: range, exclusiveLower: exclusiveLower, choices: [],
                        editing: NumberEditing(useful: slider, within: range, decimals: kind == .size ? 1 : 3), spring: spring, doc: doc,
                        read: { .number($0[keyPath: key]) },
                        write: { t, v in if case let .number(n) = v { t[keyPath: key] = n } })
    }

    /// Durations slide over 0 to 2 s, where the choreography's live, unless told otherwise.
    static func duration(_ path: String, _ key: WritableKeyPath<Timings, Double>, slider: ClosedRange<Double> = 0...2,
                         _ doc: String) -> TimingParameter {
        number(path, .duration, "s", key, range: seconds, slider: slider, doc)
    }

    static func curve(_ path: String, _ key: WritableKeyPath<Timings, TimingCurve>, _ doc: String) -> TimingParameter {
        TimingParameter(path: path, keyPath: key, kind: .curve, unit: "", range: nil, exclusiveLower: false, choices: [], editing: nil, spring: nil, doc: doc,
                        read: { .curve($0[keyPath: key]) },
                        write: { t, v in if case let .curve(c) = v { t[keyPath: key] = c } })
    }

    static func numbers(_ path: String, _ unit: String, _ key: WritableKeyPath<Timings, [Double]>, range: ClosedRange<Double>,
                        slider: ClosedRange<Double>, _ doc: String) -> TimingParameter {
        TimingParameter(path: path, keyPath: key, kind: .keyframes, unit: unit, range: range, exclusiveLower: false, choices: [],
                        editing: NumberEditing(useful: slider, within: range, decimals: 3), spring: nil, doc: doc,
                        read: { .numbers($0[keyPath: key]) },
                        write: { t, v in if case let .numbers(n) = v { t[keyPath: key] = n } })
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(_ path: String, _ key: WritableKeyPath<Timings, Choice>, _ doc: String)
        -> TimingParameter where Choice.RawValue == String {
        TimingParameter(path: path, keyPath: key, kind: .choice, unit: "", range: nil, exclusiveLower: false,
                        choices: Choice.allCases.map(\.rawValue), editing: nil, spring: nil, doc: doc,
                        read: { .choice($0[keyPath: key].rawValue) },
                        write: { t, v in if case let .choice(s) = v, let c = Choice(rawValue: s) { t[keyPath: key] = c } })
    }

    static func text(_ path: String, _ key: WritableKeyPath<Timings, String>, _ doc: String) -> TimingParameter {
        TimingParameter(path: path, keyPath: key, kind: .text, unit: "", range: nil, exclusiveLower: false, choices: [], editing: nil,
                        spring: nil, doc: doc,
                        read: { .text($0[keyPath: key]) },
                        write: { t, v in if case let .text(s) = v { t[keyPath: key] = s } })
    }

    /// The texts a `text` parameter takes, by its path (a marker name may be any text).
    static let textRules: [String: TextRule] = [
        "intro.background": TextRule(accepts: { IntroBackgroundSpec(parsing: $0) != nil }, description: IntroBackgroundSpec.rule),
        "intro.reduceMotionFrame": TextRule(accepts: { IntroStillFrame(parsing: $0) != nil }, description: IntroStillFrame.rule),
    ]

    /// The intro's parameters (`Timings.Intro`): how an intro file sits and plays.
    static let introParameters: [TimingParameter] = [
        choice("intro.contentMode", \.intro.contentMode, "How the intro fits its frame, as LottieAnimationView's contentMode: aspectFit, aspectFill, center (its own size) or fill."),
        choice("intro.frame.mode", \.intro.frameMode,
               "Where the intro is: auto (the launch screen's logo frame when the file's aspect ratio matches it, else the screen), logo, screen, or custom (intro.frame.x, y, width, height)."),
        number("intro.frame.x", .size, "pt", \.intro.frameX, range: -10_000...10_000, slider: -100...500, "With intro.frame.mode custom: the frame's left edge."),
        number("intro.frame.y", .size, "pt", \.intro.frameY, range: -10_000...10_000, slider: -100...1000, "With intro.frame.mode custom: the frame's top edge."),
        number("intro.frame.width", .size, "pt", \.intro.frameWidth, range: 0...10_000, exclusiveLower: true, slider: 0...500, "With intro.frame.mode custom: the frame's width."),
        number("intro.frame.height", .size, "pt", \.intro.frameHeight, range: 0...10_000, exclusiveLower: true, slider: 0...1000, "With intro.frame.mode custom: the frame's height."),
        text("intro.background", \.intro.background,
             "Behind the intro: launch (the launch screen's background, so the two match in light and dark) or a colour #RRGGBB or #RRGGBBAA."),
        number("intro.speed", .scale, "×", \.intro.speed, range: 0...10, exclusiveLower: true, slider: 0.1...3, "The intro's speed, as LottieAnimationView's animationSpeed: 2 plays twice as fast."),
        number("intro.loops", .scale, "×", \.intro.loops, range: 1...1_000, slider: 1...10, "How many times the range plays (1: once); its last frame holds after."),
        number("intro.range.fromProgress", .fraction, "", \.intro.fromProgress, range: 0...1, slider: 0...1, "Where in the file the range starts, as a share of its length (play(fromProgress:toProgress:))."),
        number("intro.range.toProgress", .fraction, "", \.intro.toProgress, range: 0...1, slider: 0...1, "Where in the file the range ends, as a share of its length."),
        text("intro.range.fromMarker", \.intro.fromMarker,
             "A Lottie marker the range starts at, instead of fromProgress; alone, its own span plays (play(marker:)). Empty for none."),
        text("intro.range.toMarker", \.intro.toMarker,
             "A Lottie marker whose start ends the range (play(fromMarker:toMarker:)). Empty for none."),
        text("intro.reduceMotionFrame", \.intro.reduceMotionFrame,
             "With Reduce Motion in still mode: the frame shown still, first, last, a frame number or a marker name."),
        choice("intro.disappearance", \.intro.disappearance, "After the hold: hole (the logo-shaped hole opens over the feed) or crossFade (over splash.reduceMotion.fadeDuration)."),
        choice("intro.skip", \.intro.skip, "What ends the intro early: onTap (a click or key, as seed 002 asks) or never."),
    ]

    /// Every tunable parameter, in the order of `Assets/timings.json`.
    public static let parameters: [TimingParameter] = section(.splash, [
        duration("splash.minHold", \.splash.minHold, slider: 0...10, "The splash stays at least this long, even when the feed is ready sooner."),
        duration("splash.timeout", \.splash.timeout, slider: 0...10, "The splash never stays longer than this, whether the feed is ready or not."),
        number("splash.logo.startSize", .size, "pt", \.splash.logoStartSize, range: 0...10_000, exclusiveLower: true, slider: 0...300, "Logo side when the splash appears."),
        number("splash.logo.endSize", .size, "pt", \.splash.logoEndSize, range: 0...10_000, exclusiveLower: true, slider: 0...300, "Logo side once grown; also the hole's unit size."),
        duration("splash.logo.duration", \.splash.logoDuration, "How long the logo takes to grow."),
        curve("splash.logo.curve", \.splash.logoCurve, "The logo's growth curve."),
        number("splash.text.rise", .size, "pt", \.splash.textRise, range: -10_000...10_000, slider: -100...100, "The text starts this far below its place and rises to it."),
        duration("splash.text.riseDuration", \.splash.textRiseDuration, "How long the text takes to rise."),
        curve("splash.text.riseCurve", \.splash.textRiseCurve, "The text's rise curve."),
        duration("splash.text.fadeDuration", \.splash.textFadeDuration, "How long the text takes to fade in."),
        curve("splash.text.fadeCurve", \.splash.textFadeCurve, "The text's fade-in curve."),
        duration("splash.backdropText.fadeDuration", \.splash.backdropTextFadeDuration, "From d, the backdrop's text fades out over this long."),
        curve("splash.backdropText.fadeCurve", \.splash.backdropTextFadeCurve, "The backdrop text's fade-out curve."),
        number("splash.feed.startScale", .scale, "×", \.splash.feedStartScale, range: 0...100, exclusiveLower: true, slider: 0.5...1.5, "The feed's scale about the screen centre at d."),
        number("splash.feed.endScale", .scale, "×", \.splash.feedEndScale, range: 0...100, exclusiveLower: true, slider: 0.5...1.5, "The feed's scale once settled."),
        duration("splash.feed.duration", \.splash.feedDuration, "How long the feed takes to settle from d."),
        curve("splash.feed.curve", \.splash.feedCurve, "The feed's settling curve."),
        numbers("splash.hole.scales", "×", \.splash.holeScales, range: 0...10_000, slider: 0...30,
                "Hole size keyframes, in multiples of logo.endSize; the last is for a screen referenceHeight tall and grows with the screen."),
        numbers("splash.hole.keyTimes", "", \.splash.holeKeyTimes, range: 0...1, slider: 0...1,
                "When each size keyframe is reached, as a share of hole.duration: from 0, rising, to 1."),
        TimingParameter(path: "splash.hole.timingFunctions", keyPath: \Timings.splash.holeCurves, kind: .keyframes, unit: "", range: nil, exclusiveLower: false, choices: [],
                        editing: nil, spring: nil, doc: "One curve per keyframe segment.",
                        read: { .curves($0.splash.holeCurves) },
                        write: { t, v in if case let .curves(c) = v { t.splash.holeCurves = c } }),
        number("splash.hole.referenceHeight", .size, "pt", \.splash.holeReferenceHeight, range: 0...100_000, exclusiveLower: true, slider: 300...1500,
               "The screen height the last hole scale is stated for."),
        duration("splash.hole.duration", \.splash.holeDuration, "How long the hole takes to grow and turn, from d."),
        curve("splash.hole.rotationCurve", \.splash.holeRotationCurve, "The hole's turn toward −atan(cy / cx)."),
        duration("splash.holeLogo.fadeDelay", \.splash.holeLogoFadeDelay, "The logo over the hole starts fading this long after d."),
        duration("splash.holeLogo.fadeDuration", \.splash.holeLogoFadeDuration, "How long the logo over the hole takes to fade out."),
        curve("splash.holeLogo.fadeCurve", \.splash.holeLogoFadeCurve, "The fade-out curve of the logo over the hole."),
        duration("splash.reduceMotion.fadeDuration", \.splash.reduceMotionFadeDuration, "With Reduce Motion: the still splash cross-fades to the feed over this long."),
        curve("splash.reduceMotion.fadeCurve", \.splash.reduceMotionFadeCurve, "With Reduce Motion: the cross-fade's curve."),
        choice("splash.reduceMotion.mode", \.splash.reduceMotionMode,
               "With Reduce Motion: \"still\" shows the intro's still pose until loading completes, \"skip\" shows the launch screen instead; either fades to the content."),
    ]) + section(.intro, introParameters) + section(.card, [
        duration("card.duration", \.card.duration, "A card grows to its detail screen (and shrinks back) over this long."),
        curve("card.curve", \.card.curve, "The card transition's curve."),
    ]) + section(.panel, [
        number("panel.heightFraction", .fraction, "", \.panel.heightFraction, range: 0...1, exclusiveLower: true, slider: 0...1, "The panel's height as a share of the screen's."),
        number("panel.maxDim", .fraction, "", \.panel.maxDim, range: 0...1, slider: 0...1, "The dim's opacity behind a fully presented panel."),
        duration("panel.duration", \.panel.duration, "Presenting or dismissing the whole way (P, the button, a click on the dim) takes this long."),
        curve("panel.curve", \.panel.curve, "The curve of presenting and dismissing."),
        choice("panel.completion", \.panel.completion,
               "After a drag: \"spring\" springs from the pointer's velocity, \"percent\" finishes along panel.curve."),
    ] + spring(PanelMotions.completionSpring.field,
               "panel.springResponse", "The completion spring's response (its undamped period).",
               "panel.springDampingFraction", "The completion spring's damping fraction: 1 is critically damped, below 1 overshoots.")
    ) + section(.scroll, spring(ScrollMotions.bounce.field,
               "scroll.bounceResponse", "The spring that brings the feed back from past an edge: its response.",
               "scroll.bounceDampingFraction", "The edge bounce spring's damping fraction.") + [
        number("scroll.decelerationRate", .fraction, "", \.scroll.decelerationRate, range: 0.9...0.9999, slider: 0.9...0.9999,
               "Momentum kept per millisecond after a flick; UIScrollView's normal rate is 0.998, fast is 0.99."),
    ]) + section(.lint, [
        number("lint.popShare", .fraction, "", \.lint.popShare, range: 0...1, exclusiveLower: true, slider: 0.001...0.1,
               "lint: a change between 240 Hz frames that the motion's velocity does not explain, as a share of the property's range, is a pop."),
        number("lint.velocityJumpShare", .fraction, "", \.lint.velocityJumpShare, range: 0...100, exclusiveLower: true, slider: 0.01...2,
               "lint: a new motion's start velocity this far off the one expected, as a share of the property's travel per second, is a velocity jump."),
        number("lint.overshootShare", .fraction, "", \.lint.overshootShare, range: 0...10, slider: 0...0.2,
               "lint: passing a motion's end by more than this share of its travel, where no bouncing spring asks for it, is an overshoot."),
        duration("lint.settleBudget", \.lint.settleBudget, slider: 0...5, "lint: a motion started by input that takes longer than this to settle is reported."),
    ])

    /// A spring's two numbers, from its one declaration (`SpringDeclaration`): the response in seconds
    /// and the damping fraction, each above 0; the slider spans the springs of UI motion.
    static func spring(_ field: SpringDeclaration, _ responsePath: String, _ responseDoc: String,
                       _ dampingFractionPath: String, _ dampingFractionDoc: String) -> [TimingParameter] {
        [number(responsePath, .spring, "s", field.response, range: 0...60, exclusiveLower: true, slider: 0.05...2,
                spring: SpringMembership(spring: field.id, label: field.label, role: .response), responseDoc),
         number(dampingFractionPath, .spring, "", field.dampingFraction, range: 0...10, exclusiveLower: true, slider: 0.05...2,
                spring: SpringMembership(spring: field.id, label: field.label, role: .dampingFraction), dampingFractionDoc)]
    }

    static func section(_ section: TimingsSection, _ parameters: [TimingParameter]) -> [TimingParameter] {
        parameters.map { $0.declared(in: section) }
    }

    /// A spring the inspector edits as one: its id, label and the parameters of its two numbers.
    public struct Spring {
        public let id: String
        public let label: String
        public let response: TimingParameter
        public let dampingFraction: TimingParameter

        /// The parameter of one of its two numbers.
        public func parameter(_ role: SpringMembership.Role) -> TimingParameter {
            switch role {
            case .response: return response
            case .dampingFraction: return dampingFraction
            }
        }
    }

    /// The springs (`InteractionMotion.springFields`), each with its two declared parameters.
    public static let springs: [Spring] = InteractionMotion.springFields.compactMap { field in
        guard let response = parameter(for: field.response), let fraction = parameter(for: field.dampingFraction) else { return nil }
        return Spring(id: field.id, label: field.label, response: response, dampingFraction: fraction)
    }

    static let byPath: [String: TimingParameter] = Dictionary(uniqueKeysWithValues: parameters.map { ($0.path, $0) })
    static let byKeyPath: [PartialKeyPath<Timings>: TimingParameter] = Dictionary(uniqueKeysWithValues: parameters.map { ($0.keyPath, $0) })

    /// The parameter named `path` at an edge (a timings file, the command line, the UI dump).
    public static func parameter(_ path: String) -> TimingParameter? { byPath[path] }

    /// The declaration of a field of `Timings`.
    public static func parameter(for keyPath: PartialKeyPath<Timings>) -> TimingParameter? { byKeyPath[keyPath] }

    /// The path a declared field has in the timings file. Only declared fields are asked for: the
    /// tracks and motions name theirs, and a test holds each of them to a declaration.
    public static func path(of keyPath: PartialKeyPath<Timings>) -> String {
        guard let parameter = byKeyPath[keyPath] else { preconditionFailure("\(keyPath) is not declared in TimingsSchema.parameters") }
        return parameter.path
    }

    // MARK: Rules between fields

    /// A rule that one field alone cannot state; `blame` lists the fields to point at, first present wins.
    struct Problem { var message: String; var blame: [String] }

    static func crossFieldProblem(_ t: Timings) -> Problem? {
        if t.splash.timeout < t.splash.minHold {
            return Problem(message: "splash.timeout (\(t.splash.timeout)) must not be less than splash.minHold (\(t.splash.minHold))",
                           blame: ["splash.timeout", "splash.minHold"])
        }
        do {
            _ = try KeyframeTrack(values: t.splash.holeScales, keyTimes: t.splash.holeKeyTimes, timingFunctions: t.splash.holeCurves)
        } catch {
            return Problem(message: "splash.hole: \(error)", blame: ["splash.hole.keyTimes", "splash.hole.scales", "splash.hole.timingFunctions", "splash.hole"])
        }
        if t.intro.fromProgress >= t.intro.toProgress {
            return Problem(message: "intro.range.fromProgress (\(t.intro.fromProgress)) must be less than intro.range.toProgress (\(t.intro.toProgress))",
                           blame: ["intro.range.fromProgress", "intro.range.toProgress"])
        }
        return nil
    }

    // MARK: Reading a timings file

    /// The object keys the declaration expects under `prefix` ("" for the top level).
    static func children(of prefix: String) -> [String] {
        let parent = prefix.isEmpty ? [] : prefix.split(separator: ".")
        var out: [String] = []
        for p in parameters {
            let components = p.path.split(separator: ".")
            guard components.count > parent.count, components.starts(with: parent) else { continue }
            let head = String(components[parent.count])
            if !out.contains(head) { out.append(head) }
        }
        return out
    }

    static func parse(_ root: JSONNode, path: String) throws -> Timings {
        var timings = Timings()
        var nodes: [String: JSONNode] = [:]
        let top = try JSONObjectReader(root, path: path)
        try read(top, prefix: "", into: &timings, nodes: &nodes)
        if let problem = crossFieldProblem(timings) {
            let node = problem.blame.lazy.compactMap { nodes[$0] }.first ?? root
            throw JSONFileError(path: path, location: node.location, message: problem.message)
        }
        return timings
    }

    private static func read(_ object: JSONObjectReader, prefix: String, into timings: inout Timings, nodes: inout [String: JSONNode]) throws {
        let keys = children(of: prefix)
        try object.rejectUnknown(keys + (prefix.isEmpty ? ["$comment"] : []))
        for key in keys {
            let full = prefix.isEmpty ? key : "\(prefix).\(key)"
            guard let node = object.node(key) else { continue }
            nodes[full] = node
            guard let parameter = byPath[full] else {
                // A section, not a parameter: `object(key)` refuses any node but an object.
                if let section = try object.object(key) { try read(section, prefix: full, into: &timings, nodes: &nodes) }
                continue
            }
            let value = try readValue(parameter, key: key, node: node, in: object)
            if let problem = parameter.problem(with: value) { throw object.failure(node, problem) }
            parameter.write(&timings, value)
        }
    }

    private static func readValue(_ p: TimingParameter, key: String, node: JSONNode, in o: JSONObjectReader) throws -> ParameterValue {
        switch p.kind {
        case .curve:
            return .curve(try curve(node, name: o.name(key), in: o))
        case .choice:
            guard case let .string(text) = node.value else { throw o.failure(node, "\(o.name(key)) must be a string, not \(node.value.typeName)") }
            guard p.choices.contains(text) else {
                throw o.failure(node, "\(o.name(key)) must be \(p.choices.map { "\"\($0)\"" }.joined(separator: " or ")) (got \(abbreviatedForMessage(text)))")
            }
            return .choice(text)
        case .text:
            guard case let .string(text) = node.value else { throw o.failure(node, "\(o.name(key)) must be a string, not \(node.value.typeName)") }
            return .text(text)
        case .keyframes where p.defaultValue.isCurveList:
            guard let items = try o.array(key) else { return p.defaultValue }
            return .curves(try items.enumerated().map { i, n in try curve(n, name: "\(o.name(key))[\(i)]", in: o) })
        case .keyframes:
            return .numbers(try o.numbers(key) ?? [])
        default:
            // The node is there (the caller found it), so a number or a refusal comes back.
            return .number(try o.number(key) ?? 0)
        }
    }

    private static func curve(_ node: JSONNode, name: String, in o: JSONObjectReader) throws -> TimingCurve {
        guard case let .string(spec) = node.value else {
            throw o.failure(node, "\(name) must be a curve name string, not \(node.value.typeName)")
        }
        do { return try TimingCurve(parsing: spec) } catch { throw o.failure(node, "\(name): \(error)") }
    }

    // MARK: Printing the declaration

    /// `splashlab timings --schema`: every parameter with its kind, unit, range, default and doc.
    public static var json: JSONOutput {
        .object([("parameters", .array(parameters.map { p in
            var members: [(String, JSONOutput)] = [("path", .string(p.path)), ("kind", .string(p.kind.rawValue)), ("unit", .string(p.unit))]
            if let r = p.range {
                members.append(("range", .object([("min", .number(r.lowerBound)), ("max", .number(r.upperBound)),
                                                  ("exclusiveMin", .bool(p.exclusiveLower))])))
            } else {
                members.append(("range", .null))
            }
            if !p.choices.isEmpty { members.append(("choices", .array(p.choices.map { .string($0) }))) }
            if let e = p.editing {
                members.append(("editing", .object([("slider", .array([.number(e.slider.lowerBound), .number(e.slider.upperBound)])),
                                                    ("step", .number(e.step)), ("decimals", .number(Double(e.decimals)))])))
            }
            if let s = p.spring { members.append(("spring", .object([("id", .string(s.spring)), ("role", .string(s.role.rawValue))]))) }
            members += [("default", p.defaultValue.json), ("doc", .string(p.doc))]
            return .object(members)
        })),
         ("tracks", .array(splashTracks.map { t in
            .object([("id", .string(t.id)), ("label", .string(t.label)), ("anchor", .string(t.anchor.rawValue)),
                     ("delay", t.delayPath.map { .string($0) } ?? .null), ("duration", .string(t.durationPath)),
                     ("curve", .string(t.curvePath)), ("keyTimes", t.keyTimesPath.map { .string($0) } ?? .null)])
         }))])
    }

    /// `splashlab timings --markdown`: README's table of parameters.
    public static var markdown: String {
        var lines = ["| key | kind | unit | range | default | what it does |", "|---|---|---|---|---|---|"]
        for p in parameters where !p.isLintThreshold {
            let range = p.range != nil ? p.rangeText : (p.choices.isEmpty ? "" : p.choices.joined(separator: ", "))
            lines.append("| `\(p.path)` | \(p.kind.rawValue) | \(p.unit) | \(range) | `\(p.defaultValue.json.text)` | \(p.doc) |")
        }
        // `splashlab lint`'s thresholds judge the motion and draw nothing: one row for the section.
        let thresholds = parameters.filter(\.isLintThreshold)
        if !thresholds.isEmpty {
            lines.append("| \(thresholds.map { "`\($0.path)`" }.joined(separator: ", ")) | \(Set(thresholds.map(\.kind.rawValue)).sorted().joined(separator: ", ")) | "
                         + "| | \(thresholds.map { "`\($0.defaultValue.json.text)`" }.joined(separator: ", ")) | `splashlab lint`'s thresholds, each in its own range (`timings --schema`) |")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Writing a timings file

    /// The timings as a file, every parameter present, in the declaration's order; numbers printed
    /// as `state` prints them. Nested objects on one line each, as `Assets/timings.json` is laid out.
    public static func fileText(_ t: Timings, comment: String? = nil) -> String {
        var out = "{\n"
        var firstTop = true
        func topSeparator() { if !firstTop { out += ",\n" }; firstTop = false }
        if let comment { topSeparator(); out += "  \"$comment\": \(JSONOutput.string(comment).text)" }
        for top in children(of: "") {
            topSeparator()
            out += "  \(JSONOutput.string(top).text): " + objectText(t, prefix: top, indent: "  ")
        }
        return out + "\n}\n"
    }

    private static func objectText(_ t: Timings, prefix: String, indent: String) -> String {
        let keys = children(of: prefix)
        let nested = keys.contains { byPath["\(prefix).\($0)"] == nil }
        let items = keys.map { key -> String in
            let full = "\(prefix).\(key)"
            let value = byPath[full].map { $0.value(in: t).json.text } ?? objectText(t, prefix: full, indent: indent + "  ")
            return "\(JSONOutput.string(key).text): \(value)"
        }
        if !nested { return "{" + items.joined(separator: ", ") + "}" }
        return "{\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n\(indent)}"
    }
}

extension ParameterValue {
    var isCurveList: Bool { if case .curves = self { return true }; return false }
}
