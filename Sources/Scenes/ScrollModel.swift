import Formats
import Foundation
import Motion

/// The feed's vertical scrolling, with UIScrollView's behaviour: the content follows the finger,
/// rubber-bands past the edges (c = 0.55), carries momentum on release (decay at rate 0.998), hands
/// off to a spring at an edge, and stops dead when grabbed. `offset` is `contentOffset.y`.
public struct ScrollModel: Equatable, Sendable {
    /// The viewport's height: the rubber band's dimension.
    public let dimension: Double
    public let maxOffset: Double
    /// UIScrollView's bounce feels like a critically damped spring of about 0.4 s (tuned by eye;
    /// UIKit does not publish its constant).
    public static let bounce = try! SpringParameters(response: 0.4, dampingFraction: 1)
    /// One wheel click scrolls this far, over `wheelDuration`, easing out.
    public static let wheelStep = 48.0
    public static let wheelDuration = 0.2

    enum Motion: Equatable, Sendable {
        /// Held or still.
        case animator(InterruptibleAnimator)
        /// Following a finger: `rawAtStart` is the unbanded offset when the drag began.
        case dragging(rawAtStart: Double, pointerYAtStart: Double, displayed: Double)
        /// Momentum: a decay from `start`, handing off to `bounce` at `handoffTime` if it reaches an edge.
        case decaying(start: Double, decay: DecayMotion, handoffTime: Double?, bounce: InterruptibleAnimator?)
    }
    var motion: Motion

    public init(dimension: Double, maxOffset: Double, offset: Double = 0) {
        self.dimension = dimension
        self.maxOffset = maxOffset
        motion = .animator(InterruptibleAnimator(value: offset))
    }

    public var isDragging: Bool { if case .dragging = motion { return true }; return false }

    public func sample(at t: Double) -> (offset: Double, velocity: Double) {
        switch motion {
        case let .animator(a): let s = a.sample(at: t); return (s.value, s.velocity)
        case let .dragging(_, _, displayed): return (displayed, 0)
        case let .decaying(start, decay, handoff, bounce):
            if let handoff, let bounce, t >= handoff { let s = bounce.sample(at: t); return (s.value, s.velocity) }
            let s = decay.value(t - start), v = decay.velocity(t - start)
            // A decay that never reaches an edge comes to rest where it would stop.
            if t - start >= decay.duration { return (decay.value(decay.duration), 0) }
            return (s, v)
        }
    }

    public func offset(at t: Double) -> Double { sample(at: t).offset }

    // MARK: The rubber band

    /// Displayed offset for an unbanded one: inside [0, max] it is itself; past an edge the excess
    /// shows as UIScrollView's rubber band of the viewport's height.
    func banded(_ raw: Double) -> Double {
        if raw < 0 { return -rubberBand(offset: -raw, dimension: dimension) }
        if raw > maxOffset { return maxOffset + rubberBand(offset: raw - maxOffset, dimension: dimension) }
        return raw
    }

    /// The inverse of `banded`, so a grab during an overshoot continues without a jump.
    func unbanded(_ displayed: Double) -> Double {
        func inverse(_ y: Double) -> Double {
            let f = min(y / dimension, 0.999_999)
            return dimension / rubberBandCoefficient * (1 / (1 - f) - 1)
        }
        if displayed < 0 { return -inverse(-displayed) }
        if displayed > maxOffset { return maxOffset + inverse(displayed - maxOffset) }
        return displayed
    }

    // MARK: Input

    /// A finger lands: whatever moved stops where it is.
    public mutating func grab(at t: Double, pointerY: Double) {
        let here = offset(at: t)
        motion = .dragging(rawAtStart: unbanded(here), pointerYAtStart: pointerY, displayed: here)
    }

    public mutating func drag(to pointerY: Double) {
        guard case let .dragging(raw, y0, _) = motion else { return }
        // Moving the finger down moves the content down: the offset falls.
        motion = .dragging(rawAtStart: raw, pointerYAtStart: y0, displayed: banded(raw - (pointerY - y0)))
    }

    /// The finger lifts with `pointerVelocityY` points per second (positive downward).
    public mutating func release(at t: Double, pointerVelocityY: Double) {
        guard case let .dragging(_, _, displayed) = motion else { return }
        let velocity = -pointerVelocityY
        if displayed < 0 || displayed > maxOffset {
            var a = InterruptibleAnimator(value: displayed)
            a.animate(to: displayed < 0 ? 0 : maxOffset, timing: .spring(ScrollModel.bounce), at: t, initialVelocity: velocity)
            motion = .animator(a)
            return
        }
        guard let decay = try? DecayMotion(start: displayed, initialVelocity: velocity), velocity != 0 else {
            motion = .animator(InterruptibleAnimator(value: displayed))
            return
        }
        // Where the momentum would cross an edge, a spring takes over with the velocity it has there.
        let edge = velocity < 0 ? 0.0 : maxOffset
        if let reach = decay.time(toReach: edge), reach < decay.duration {
            var bounce = InterruptibleAnimator(value: edge)
            bounce.animate(to: edge, timing: .spring(ScrollModel.bounce), at: t + reach, initialVelocity: decay.velocity(reach))
            motion = .decaying(start: t, decay: decay, handoffTime: t + reach, bounce: bounce)
        } else {
            motion = .decaying(start: t, decay: decay, handoffTime: nil, bounce: nil)
        }
    }

    /// Wheel clicks: an eased scroll by whole steps, clamped to the content.
    public mutating func wheel(at t: Double, clicks: Double) {
        let now = sample(at: t)
        let target = min(max(now.offset - clicks * ScrollModel.wheelStep, 0), maxOffset)
        var a = InterruptibleAnimator(value: now.offset)
        a.animate(to: target, timing: .curve(.easeOut, duration: ScrollModel.wheelDuration), at: t, initialVelocity: now.velocity)
        motion = .animator(a)
    }
}
