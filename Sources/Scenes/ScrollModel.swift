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
    /// The edge bounce and the momentum's deceleration rate (`scroll` in the timings file).
    public let timings: Timings.Scroll
    /// One wheel click scrolls this far, over `wheelDuration`, easing out.
    public static let wheelStep = 48.0
    public static let wheelDuration = 0.2

    enum Motion: Equatable, Sendable {
        /// Held or still.
        case animator(InterruptibleAnimator)
        /// Following a finger: `rawAtStart` is the unbanded offset when the drag began.
        case dragging(rawAtStart: Double, pointerYAtStart: Double, displayed: Double)
        /// Momentum from `start`: a decay that hands off to the edge spring if it reaches an edge.
        case decaying(start: Double, motion: BoundedDecaySimulation)
    }
    var motion: Motion

    public init(dimension: Double, maxOffset: Double, timings: Timings.Scroll = Timings.Scroll(), offset: Double = 0) {
        self.dimension = dimension
        self.maxOffset = maxOffset
        self.timings = timings
        motion = .animator(InterruptibleAnimator(value: offset))
    }

    public var isDragging: Bool { if case .dragging = motion { return true }; return false }

    public func sample(at t: Double) -> (offset: Double, velocity: Double) {
        switch motion {
        case let .animator(a): let s = a.sample(at: t); return (s.value, s.velocity)
        case let .dragging(_, _, displayed): return (displayed, 0)
        case let .decaying(start, motion):
            return (motion.x(t - start), motion.dx(t - start))
        }
    }

    public func offset(at t: Double) -> Double { sample(at: t).offset }

    /// The motion under way at t, if any: when it began, how long it lasts, where it ends.
    public func motionSpan(at t: Double) -> (start: Double, duration: Double, target: Double)? {
        switch motion {
        case let .animator(a):
            guard !a.isFinished(at: t) else { return nil }
            return (a.motionStart, a.motionDuration, a.target)
        case .dragging:
            return nil
        case let .decaying(start, m):
            guard let duration = m.totalDuration, t < start + duration else { return nil }
            return (start, duration, m.x(duration))
        }
    }

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
            a.animate(to: displayed < 0 ? 0 : maxOffset, timing: .spring(ScrollMotions.bounce.parameters(timings)), at: t, initialVelocity: velocity)
            motion = .animator(a)
            return
        }
        guard let decay = try? DecayMotion(start: displayed, initialVelocity: velocity, rate: ScrollMotions.deceleration.value(timings)), velocity != 0 else {
            motion = .animator(InterruptibleAnimator(value: displayed))
            return
        }
        // Where the momentum would cross an edge, the bounce spring takes over with the velocity it has there.
        let edge = velocity < 0 ? 0.0 : maxOffset
        motion = .decaying(start: t, motion: BoundedDecaySimulation(decay: decay, edge: edge, bounce: ScrollMotions.bounce.parameters(timings)))
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
