import Formats
import Foundation
import Motion

/// One interruption of a motion in flight by input: what it was, when, the interrupted property's
/// value and velocity just before and just after, the velocity the new motion should have started
/// with, and the new motion. The panel's releases are listed too, with the projection that decided
/// them (WWDC 2018 "Designing Fluid Interfaces").
public struct Interruption: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A press on the panel while it presents or dismisses: the finger holds it.
        case panelGrab = "panel grab"
        /// The finger lets go of the panel: the projection picks an end.
        case panelRelease = "panel release"
        /// P, Escape or a click on the dim while the panel is in flight: it turns back.
        case panelReversal = "panel reversal"
        /// A click on the detail while it grows or shrinks: it turns back.
        case cardReversal = "card reversal"
        /// A press on the feed while it coasts or rubber-bands: the finger stops it.
        case scrollCatch = "scroll catch"
    }

    public let kind: Kind
    public let time: Double
    /// The interrupted property (an index into `MotionProperty.all`): the panel's top, the card's
    /// progress or the scroll offset.
    public let property: Int
    public let valueBefore: Double, valueAfter: Double
    public let velocityBefore: Double, velocityAfter: Double
    /// Where the new motion should start: where the old one was, or at a release where the
    /// finger let go (the release's own position may differ from the last move's).
    public let expectedValue: Double
    /// The velocity the new motion should start with: the old one's (a reversal), 0 (a finger
    /// holds it), or the pointer's as the release rule passes it on.
    public let expectedVelocity: Double
    /// Why that velocity, and for a release which end and why.
    public let rule: String
    /// A release's projected resting place and chosen end, as the property's values.
    public let projectedValue: Double?
    public let targetValue: Double?
    /// The pointer's velocity at a release, in the property's units per second.
    public let pointerVelocity: Double?
    /// How long the new motion takes to settle (0 when a finger holds it).
    public let settlingTime: Double
    /// What a velocity jump is measured against: the property's whole travel (the panel's height,
    /// progress 1, the viewport's height).
    public let travel: Double

    public var valueJump: Double { valueAfter - expectedValue }
    /// How far the new motion's start velocity is from the one expected.
    public var velocityJump: Double { velocityAfter - expectedVelocity }

    public var json: JSONOutput {
        let p = MotionProperty.all[property]
        func optional(_ v: Double?) -> JSONOutput { v.map { .number($0) } ?? .null }
        return .object([("kind", .string(kind.rawValue)), ("time", .number(time)), ("property", .string(p.id)), ("unit", .string(p.unit)),
                        ("valueBefore", .number(valueBefore)), ("valueAfter", .number(valueAfter)), ("expectedValue", .number(expectedValue)),
                        ("velocityBefore", .number(velocityBefore)), ("velocityAfter", .number(velocityAfter)),
                        ("expectedVelocity", .number(expectedVelocity)), ("valueJump", .number(valueJump)), ("velocityJump", .number(velocityJump)),
                        ("pointerVelocity", optional(pointerVelocity)), ("projected", optional(projectedValue)), ("target", optional(targetValue)),
                        ("rule", .string(rule)), ("settlingTime", .number(settlingTime))])
    }
}

extension Interruption {
    /// Every interruption of a take, in time order: the log is applied one input at a time and
    /// the model compared just before and just after each.
    public static func all(initial: Preview, log: [InputEvent]) -> [Interruption] {
        var preview = initial
        var out: [Interruption] = []
        let panelTop = MotionProperty.index(of: .panelTop)
        let cardProgress = MotionProperty.index(of: .cardProgress)
        let scrollOffset = MotionProperty.index(of: .scrollOffset)
        for event in log {
            let t = event.time
            let before = preview
            preview.apply(event)
            let after = preview
            func make(_ kind: Kind, _ property: Int, before b: (Double, Double), after a: (Double, Double), expected: Double, rule: String,
                      expectedValue: Double? = nil, projected: Double? = nil, target: Double? = nil, pointer: Double? = nil,
                      settling: Double, travel: Double) -> Interruption {
                Interruption(kind: kind, time: t, property: property, valueBefore: b.0, valueAfter: a.0, velocityBefore: b.1, velocityAfter: a.1,
                             expectedValue: expectedValue ?? b.0, expectedVelocity: expected, rule: rule, projectedValue: projected, targetValue: target, pointerVelocity: pointer,
                             settlingTime: settling, travel: travel)
            }

            // The panel.
            let pb = before.panel, pa = after.panel
            func top(_ panel: PanelInteraction) -> (Double, Double) {
                let s = panel.animator.sample(at: t)
                return (panel.screenHeight - s.value * panel.height, -s.velocity * panel.height)
            }
            let panelInFlight = !pb.isDragging && !pb.animator.isFinished(at: t)
            if panelInFlight && pa.isDragging {
                out.append(make(.panelGrab, panelTop, before: top(pb), after: top(pa), expected: 0,
                                rule: "the finger holds the panel where it is", settling: 0, travel: pb.height))
            } else if pb.isDragging && !pa.isDragging, let decision = pa.lastRelease, decision.time == t {
                let a = top(pa)
                let toTop = { (p: Double) in pa.screenHeight - p * pa.height }
                let end = decision.target >= 0.5 ? "presented" : "hidden"
                var rule = "projected to \(percent(decision.projectedProgress)) of the way up: \(decision.projectedProgress < 0.5 ? "below" : "at or above") half, so \(end)"
                let pointer = decision.pointerVelocity
                let expected: Double
                if let handoff = decision.handoffVelocity {
                    expected = -handoff * pa.height
                    let asGiven = -pointer / pa.height
                    if handoff == 0 && asGiven != 0 {
                        rule += "; let go past an end pushing outward, the wall takes the speed"
                    } else if abs(handoff - asGiven) > 1e-9 {
                        rule += "; the spring does not bounce, so its start speed is limited to the speed that reaches the end without passing it"
                    } else {
                        rule += "; the spring starts at the pointer's speed"
                    }
                } else {
                    expected = pointer
                    rule += "; completion \"percent\" finishes along panel.curve from where it is"
                }
                out.append(make(.panelRelease, panelTop, before: top(pb), after: a, expected: expected, rule: rule,
                                expectedValue: toTop(decision.progress), projected: toTop(decision.projectedProgress), target: toTop(decision.target), pointer: pointer,
                                settling: pa.animationDuration.isFinite ? pa.animationDuration : .infinity, travel: pa.height))
            } else if panelInFlight && !pa.isDragging && pa.animator.target != pb.animator.target {
                let b = top(pb)
                out.append(make(.panelReversal, panelTop, before: b, after: top(pa), expected: b.1,
                                rule: "turns back from where it is, with the speed it had",
                                settling: pa.animationDuration, travel: pb.height))
            }

            // The card.
            if let cb = before.cardState(at: t), let ca = after.cardState(at: t), cb.cardIndex == ca.cardIndex,
               !cb.animator.isFinished(at: t), ca.animator.target != cb.animator.target {
                let b = cb.animator.sample(at: t), a = ca.animator.sample(at: t)
                out.append(make(.cardReversal, cardProgress, before: (b.value, b.velocity), after: (a.value, a.velocity), expected: b.velocity,
                                rule: "turns back from where it is, with the speed it had", settling: ca.animationDuration, travel: 1))
            }

            // The scroll.
            if !before.scroll.isDragging && after.scroll.isDragging {
                let b = before.scroll.sample(at: t), a = after.scroll.sample(at: t)
                let bandedPast = b.offset < 0 || b.offset > before.scroll.maxOffset
                if b.velocity != 0 || bandedPast {
                    out.append(make(.scrollCatch, scrollOffset, before: (b.offset, b.velocity), after: (a.offset, a.velocity), expected: 0,
                                    rule: bandedPast ? "caught while rubber-banding: the finger holds it" : "caught while coasting: the finger stops it",
                                    settling: 0, travel: before.scroll.dimension))
                }
            }
        }
        return out
    }

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }
}
