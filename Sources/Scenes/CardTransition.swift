import Formats
import Foundation
import Motion

/// A detail screen that grows from its card's frame to the full screen and shrinks back, as a
/// custom present/dismiss animator grows a snapshot from a start frame. Progress 0 is the card's
/// frame, 1 is full screen; an interruptible animator drives it, so reversing mid-way is continuous
/// in frame and velocity.
public struct CardTransition: Equatable, Sendable {
    public enum Phase: String, Sendable { case opening, open, closing }

    public let cardIndex: Int
    /// The card's frame on screen when it was opened; the feed does not scroll while a detail is up.
    public let cardFrame: Rect
    public let screen: Rect
    var animator: InterruptibleAnimator
    let timing: AnimationTiming

    public init(cardIndex: Int, cardFrame: Rect, screen: Rect, timings: Timings.Card, at t: Double) {
        self.cardIndex = cardIndex
        self.cardFrame = cardFrame
        self.screen = screen
        timing = CardMotions.transition.timing(timings)
        animator = InterruptibleAnimator(value: 0)
        animator.animate(to: 1, timing: timing, at: t)
    }

    public func progress(at t: Double) -> Double { animator.value(at: t) }
    /// When the current opening or closing began, and how long it takes.
    public var animationStart: Double { animator.motionStart }
    public var animationDuration: Double { animator.motionDuration }

    public func phase(at t: Double) -> Phase {
        if animator.target == 0 { return .closing }
        return animator.isFinished(at: t) ? .open : .opening
    }

    /// True once a close has brought it all the way back.
    public func isClosed(at t: Double) -> Bool { animator.target == 0 && animator.isFinished(at: t) }

    /// The snapshot's frame: the card's frame carried to the screen's by progress.
    public func frame(at t: Double) -> Rect {
        let p = progress(at: t)
        return Rect(x: cardFrame.x + (screen.x - cardFrame.x) * p, y: cardFrame.y + (screen.y - cardFrame.y) * p,
                    width: cardFrame.width + (screen.width - cardFrame.width) * p,
                    height: cardFrame.height + (screen.height - cardFrame.height) * p)
    }

    /// The card's corner radius fades to square as it fills the screen.
    public func cornerRadius(at t: Double) -> Double { 10 * (1 - min(max(progress(at: t), 0), 1)) }

    public mutating func close(at t: Double) { head(to: 0, at: t) }
    public mutating func reopen(at t: Double) { head(to: 1, at: t) }

    /// Turns toward `target` from the current progress and velocity; the time is the configured
    /// duration's share for the distance left, so reversing at 40 % takes 40 % of the time.
    mutating func head(to target: Double, at t: Double) {
        guard animator.target != target else { return }
        let share = min(max(abs(target - progress(at: t)), 0.05), 1)
        if case let .curve(curve, duration) = timing {
            animator.animate(to: target, timing: .curve(curve, duration: duration * share), at: t)
        } else {
            animator.animate(to: target, timing: timing, at: t)
        }
    }
}
