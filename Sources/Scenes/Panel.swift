import Formats
import Foundation
import Motion

/// The bottom panel's look, in its own coordinates (0, 0 at its top-left): a grabber, a title
/// and rows of feed filters.
public struct PanelLayout: Equatable, Sendable {
    public let width: Double
    public let height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let cornerRadius = 14.0

    public var elements: [FeedElement] {
        let m = 20.0
        var out: [FeedElement] = [
            // Taller than the panel so a rubber-banded pull shows no gap under it.
            .rect(Rect(x: 0, y: 0, width: width, height: height + 200), .white, radius: PanelLayout.cornerRadius),
            .rect(Rect(x: width / 2 - 18, y: 6, width: 36, height: 5), Color(199, 199, 204), radius: 2.5),
            .text("Filters", x: m, y: 22, size: 22, bold: true, color: .black, maxWidth: width - 2 * m),
            .text("Reset", x: width - m - 46, y: 27, size: 15, bold: false, color: FeedLayout.accent, maxWidth: 60),
        ]
        let rows = [("Price", "Any"), ("Distance", "Within 5 km"), ("Category", "All"), ("Condition", "Used, like new"),
                    ("Sort by", "Newest first"), ("Delivery", "Pick-up only")]
        var y = 66.0
        for (name, value) in rows where y + 44 < height - 70 {
            out.append(.text(name, x: m, y: y + 12, size: 16, bold: false, color: .black, maxWidth: width / 2))
            out.append(.text(value, x: width / 2, y: y + 12, size: 16, bold: false, color: FeedLayout.secondaryText, maxWidth: width / 2 - m))
            out.append(.rect(Rect(x: m, y: y + 44, width: width - 2 * m, height: 0.5), FeedLayout.separator, radius: 0))
            y += 45
        }
        let button = Rect(x: m, y: height - 34 - 50, width: width - 2 * m, height: 50)
        out.append(.rect(button, FeedLayout.accent, radius: 12))
        out.append(.text("Show 48 results", x: button.midX - 66, y: button.y + 14, size: 17, bold: true, color: .white, maxWidth: button.width))
        return out
    }
}

/// An interactive bottom panel, as the interruptible, gesture-driven transitions of WWDC 2018
/// "Designing Fluid Interfaces": it follows the pointer 1:1, decides on release by projecting the
/// pointer's velocity, can be grabbed mid-animation without a jump, and can be pulled up from the
/// bottom edge. Progress 0 is hidden, 1 presented.
///
/// There is no stored direction: where the panel is heading is always the animator's target, so
/// nothing can be left stale after a dismissal (the flaw of the technique this follows).
public struct PanelInteraction: Equatable, Sendable {
    public enum Phase: String, Sendable { case hidden, presenting, presented, dismissing, dragging }

    public let screenHeight: Double
    public let height: Double
    public let timings: Timings.Panel
    var animator = InterruptibleAnimator(value: 0)
    var drag: Drag?
    /// How the last release was decided, for the interruption inspector and `lint`.
    public private(set) var lastRelease: ReleaseDecision?

    struct Drag: Equatable, Sendable { var startProgress: Double; var startY: Double }

    /// A press this close to the bottom edge while hidden starts an edge drag (points).
    public static let edgeZone = 20.0

    public init(screenHeight: Double, timings: Timings.Panel) {
        self.screenHeight = screenHeight
        self.height = (screenHeight * PanelMotions.height.value(timings)).rounded()
        self.timings = timings
    }

    public func progress(at t: Double) -> Double { animator.value(at: t) }
    /// When the current presentation, dismissal or completion spring began, and how long it takes.
    public var animationStart: Double { animator.motionStart }
    public var animationDuration: Double { animator.motionDuration }
    public func top(at t: Double) -> Double { screenHeight - progress(at: t) * height }
    public func dim(at t: Double) -> Double { min(max(progress(at: t), 0), 1) * PanelMotions.dim.value(timings) }
    /// Points per second, positive downward.
    public func velocity(at t: Double) -> Double { -animator.sample(at: t).velocity * height }
    public var isDragging: Bool { drag != nil }

    public func phase(at t: Double) -> Phase {
        if drag != nil { return .dragging }
        if animator.isFinished(at: t) { return animator.target >= 0.5 ? .presented : .hidden }
        return animator.target >= 0.5 ? .presenting : .dismissing
    }

    /// True while any of the panel or its dim is on screen, or a drag holds it.
    public func isVisible(at t: Double) -> Bool { drag != nil || progress(at: t) > 1e-6 || !animator.isFinished(at: t) }

    func contains(_ y: Double, at t: Double) -> Bool { y >= top(at: t) }

    // MARK: Buttons and keys

    /// Presents without dragging; during a dismissal this reverses it from its value and velocity.
    public mutating func present(at t: Double) { animate(to: 1, at: t) }
    /// Dismisses without dragging; during a presentation this reverses it.
    public mutating func dismiss(at t: Double) { animate(to: 0, at: t) }
    /// The P key: toward whichever end it is not heading to.
    public mutating func toggle(at t: Double) { animator.target >= 0.5 ? dismiss(at: t) : present(at: t) }

    mutating func animate(to target: Double, at t: Double) {
        guard drag == nil, animator.target != target else { return }
        // The configured duration covers the whole way; a partial way takes its share.
        let share = min(max(abs(target - progress(at: t)), 0.05), 1)
        // Hidden and presented are walls: a reversal during a fast flight keeps the flight's
        // velocity but may not carry the panel past either end.
        animator.animate(to: target, timing: PanelMotions.presentation.timing(timings, share: share), at: t, within: 0...1)
    }

    // MARK: Dragging

    /// A press on the panel (or the bottom edge, when hidden) holds it exactly where it is.
    public mutating func grab(at t: Double, y: Double) {
        let p = progress(at: t)
        animator.set(value: p, at: t)
        drag = Drag(startProgress: p, startY: y)
    }

    public mutating func drag(to y: Double, at t: Double) {
        guard let d = drag else { return }
        var p = d.startProgress - (y - d.startY) / height
        if p > 1 {
            // Past fully presented the panel resists: UIScrollView's rubber band over its height.
            p = 1 + rubberBand(offset: (p - 1) * height, dimension: height) / height
        }
        animator.set(value: max(p, 0), at: t)
    }

    /// Lets go with the pointer's velocity (points per second, positive downward). The projected
    /// resting place (WWDC 2018, deceleration rate 0.998) decides: more than half the panel's
    /// height below presented dismisses, otherwise it presents.
    public mutating func release(at t: Double, velocityY: Double) {
        guard drag != nil else { return }
        drag = nil
        let p = progress(at: t)
        let projected = p - projectedDistance(initialVelocity: velocityY, decelerationRate: DecelerationRate.normal) / height
        let target: Double = projected < 0.5 ? 0 : 1
        lastRelease = ReleaseDecision(time: t, progress: p, pointerVelocity: velocityY, projectedProgress: projected, target: target,
                                      handoffVelocity: nil)
        switch PanelMotions.completion.value(timings) {
        case .spring:
            // The completion spring (critically damped by default) starts at the pointer's speed,
            // up to the speed at which it would pass its target. From x0 = p − target, a spring
            // with ζ ≥ 1 is x(t) = A e^(r1 t) + B e^(r2 t), r1,2 = −ω(ζ ∓ √(ζ² − 1)); it crosses
            // zero for t > 0 only when the slow mode's A has the other sign from x0, that is when
            // v0 reaches the target faster than −r2 |x0| = ω(ζ + √(ζ² − 1)) |x0| (at ζ = 1, the
            // repeated root: x(t) = (x0 + (v0 + ω x0) t) e^(−ωt), the same bound ω |x0|). So a
            // fast flick does not fly past presented or hidden. A spring tuned to bounce (damping
            // fraction below 1) keeps the full speed: overshoot is what was asked for.
            var velocity = -velocityY / height
            // Let go at or past an end while still pushing beyond it (a rubber-banded pull), the
            // wall takes the outward speed: the spring brings the panel straight back.
            if (p >= 1 && velocity > 0) || (p <= 0 && velocity < 0) { velocity = 0 }
            let spring = PanelMotions.completionSpring.parameters(timings)
            if !bounces {
                let towardTarget = (target - p) * velocity > 0
                let zeta = max(spring.dampingRatio, 1)
                let limit = spring.naturalFrequency * (zeta + (zeta * zeta - 1).squareRoot()) * abs(target - p)
                if towardTarget && abs(velocity) > limit { velocity = velocity < 0 ? -limit : limit }
            }
            lastRelease?.handoffVelocity = velocity
            animator.animate(to: target, timing: .spring(spring), at: t, initialVelocity: velocity)
        case .percent:
            if p > 1 || p < 0 {
                animator.animate(to: target, timing: PanelMotions.presentation.timing(timings, share: 0.3), at: t)
            } else {
                animator.continueAlongCurve(PanelMotions.presentation.curve(timings), duration: PanelMotions.presentation.duration(timings), from: 1 - target, to: target, at: t)
            }
        }
    }

    /// What a release saw and chose: the pointer's velocity (points per second, positive
    /// downward), the resting place projected from it (WWDC 2018, rate 0.998), the end chosen by
    /// the half-way rule, and the velocity handed to the completion spring (progress per second,
    /// after the wall and no-overshoot limits; nil when the panel finishes along its curve).
    public struct ReleaseDecision: Equatable, Sendable {
        public let time: Double
        public let progress: Double
        public let pointerVelocity: Double
        public let projectedProgress: Double
        public let target: Double
        public internal(set) var handoffVelocity: Double?
    }

    /// True when the timings ask for overshoot: a completion spring tuned to bounce (damping
    /// fraction below 1), or a panel.curve that itself leaves [0, 1] (a back easing). Only then
    /// may the panel pass presented or hidden outside a drag.
    public var bounces: Bool {
        let range = PanelMotions.presentation.curve(timings).outputRange
        return (PanelMotions.completion.value(timings) == .spring && PanelMotions.completionSpring.parameters(timings).dampingRatio < 1 - 1e-9) || range.lowerBound < 0 || range.upperBound > 1
    }

    /// The `state` inspector's `panel` object.
    public func json(at t: Double) -> JSONOutput {
        .object([("phase", .string(phase(at: t).rawValue)), ("progress", .number(progress(at: t))),
                 ("top", .number(top(at: t))), ("height", .number(height)), ("dim", .number(dim(at: t))),
                 ("velocity", .number(velocity(at: t))), ("bounces", .bool(bounces))])
    }
}
