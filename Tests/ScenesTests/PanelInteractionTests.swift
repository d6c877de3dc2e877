import Foundation
import XCTest
@testable import Motion
@testable import Formats
@testable import Scenes
import TestFixtures

/// Script-driven tests of the bottom panel, asserting on the `state` values.
final class PanelInteractionTests: XCTestCase {
    let device = Device.named("iphone-se")!

    func preview(_ timings: Timings = Timings()) -> Preview {
        fixturePreview(on: device, timings: timings, feedSeed: 3, skipSplash: true)
    }

    /// Presses P at 0.2 and lets the presentation finish by 1.0.
    var presented: [InputEvent] { [InputEvent(time: 0.2, kind: .key("p"))] }

    /// A drag from y0 by `distance` points (positive down) over `duration`, in 10 ms steps,
    /// optionally holding still for `pause` before letting go.
    func drag(from y0: Double, by distance: Double, over duration: Double, at start: Double, pause: Double = 0) -> [InputEvent] {
        var events = [InputEvent(time: start, kind: .down(x: 180, y: y0))]
        let steps = max(Int((duration / 0.01).rounded()), 1)
        for i in 1...steps {
            events.append(InputEvent(time: start + Double(i) * duration / Double(steps), kind: .move(x: 180, y: y0 + distance * Double(i) / Double(steps))))
        }
        events.append(InputEvent(time: start + duration + pause, kind: .up(x: 180, y: y0 + distance)))
        return events
    }

    func run(_ events: [InputEvent], until t: Double, timings: Timings = Timings()) -> Preview {
        Playback(initial: preview(timings), log: events, time: t).preview
    }

    func testPresentsWithTheKeyAndDims() {
        let p = run(presented, until: 5)
        XCTAssertEqual(p.panel.phase(at: 0.3), .presenting)
        XCTAssertEqual(p.panel.phase(at: 0.56), .presented)
        XCTAssertEqual(p.panel.height, (667 * 0.6).rounded())
        XCTAssertEqual(p.panel.top(at: 1), 667 - p.panel.height)
        XCTAssertEqual(p.panel.dim(at: 1), 0.4, accuracy: 1e-12)
        XCTAssertEqual(p.panel.dim(at: 0.375), 0.4 * p.panel.progress(at: 0.375), accuracy: 1e-12)
        let state = p.state(at: 1).text
        XCTAssertTrue(state.contains("\"panel\": {\"phase\": \"presented\", \"progress\": 1, \"top\": 267, \"height\": 400, \"dim\": 0.4, \"velocity\": 0, \"bounces\": false}"), state)
    }

    func testFastShortFlickDownDismisses() {
        // 40 pt (10 % of the panel) in 30 ms: about 1300 pt/s.
        let events = presented + drag(from: 400, by: 40, over: 0.03, at: 1)
        let p = run(events, until: 5)
        XCTAssertEqual(p.panel.phase(at: 5), .hidden)
        XCTAssertEqual(p.panel.top(at: 5), 667)
    }

    func testSlowThirtyPercentDragWithAPauseReturns() {
        let events = presented + drag(from: 400, by: 120, over: 0.6, at: 1, pause: 0.3)
        let p = run(events, until: 5)
        XCTAssertEqual(p.panel.progress(at: 1.6), 0.7, accuracy: 1e-9)
        XCTAssertEqual(p.panel.phase(at: 5), .presented)
    }

    func testSlowSeventyPercentDragDismisses() {
        let events = presented + drag(from: 300, by: 280, over: 1.4, at: 1, pause: 0.3)
        let p = run(events, until: 6)
        XCTAssertEqual(p.panel.phase(at: 6), .hidden)
    }

    func testSeventyPercentDragEndedByAFastUpwardFlickReturns() {
        var events = presented + drag(from: 300, by: 280, over: 1.4, at: 1)
        events.removeLast()  // no release yet: flick up 60 pt in 40 ms, then let go
        for i in 1...4 { events.append(InputEvent(time: 2.4 + Double(i) * 0.01, kind: .move(x: 180, y: 580 - Double(i) * 15))) }
        events.append(InputEvent(time: 2.44, kind: .up(x: 180, y: 520)))
        let p = run(events, until: 6)
        XCTAssertEqual(p.panel.phase(at: 6), .presented)
    }

    /// A press mid-presentation holds the panel exactly where it is.
    func testGrabbingMidPresentationStopsDead() {
        let grab = 0.2 + 0.175
        let before = run(presented, until: grab - 0.0005)
        let events = presented + [InputEvent(time: grab, kind: .down(x: 180, y: 660))]
        let p = run(events, until: 3)
        let progressBefore = before.panel.progress(at: grab - 0.0005)
        XCTAssertGreaterThan(progressBefore, 0.2)
        XCTAssertLessThan(progressBefore, 0.9)
        XCTAssertEqual(p.panel.progress(at: grab), progressBefore, accuracy: 0.01)
        XCTAssertEqual(p.panel.phase(at: grab + 0.5), .dragging)
        XCTAssertEqual(p.panel.progress(at: grab + 1.5), p.panel.progress(at: grab), accuracy: 1e-12)
        XCTAssertEqual(p.panel.velocity(at: grab + 1), 0)
        // The drag then continues from there, and the same rule decides on release.
        let moved = events + drag(from: 660, by: -100, over: 0.2, at: grab + 0.6).dropFirst()
        let q = run(Array(moved), until: 5)
        XCTAssertEqual(q.panel.phase(at: 5), .presented)
    }

    func testEdgeDragPresents() {
        let events = drag(from: 660, by: -300, over: 0.5, at: 0.5)
        let during = run(events, until: 0.8)
        XCTAssertEqual(during.panel.phase(at: 0.8), .dragging)
        XCTAssertEqual(during.panel.progress(at: 0.8), 0.6 * 300 / 400, accuracy: 0.02)
        let p = run(events, until: 4)
        XCTAssertEqual(p.panel.phase(at: 4), .presented)
        // A short slow edge drag goes back down.
        let short = run(drag(from: 660, by: -60, over: 0.5, at: 0.5, pause: 0.2), until: 4)
        XCTAssertEqual(short.panel.phase(at: 4), .hidden)
    }

    func testRubberBandingMovesLessThanTheFinger() {
        let events = presented + drag(from: 400, by: -150, over: 0.5, at: 1)
        let p = run(events, until: 1.49)
        let raisedBy = 267 - p.panel.top(at: 1.49)
        XCTAssertGreaterThan(raisedBy, 10)
        XCTAssertLessThan(raisedBy, 0.5 * 150 * 0.98)
        // And springs back on release.
        XCTAssertEqual(run(events, until: 4).panel.top(at: 4), 267, accuracy: 0.01)
    }

    /// The completing spring starts at the pointer's release velocity.
    func testReleaseVelocityCarriesIntoTheCompletion() {
        // A steady 800 pt/s downward drag over 100 pt from presented.
        let events = presented + drag(from: 400, by: 100, over: 0.125, at: 1)
        let p = run(events, until: 3)
        let release = 1.125
        let pointer = 800.0
        XCTAssertEqual(p.panel.velocity(at: release + 0.001), pointer, accuracy: pointer * 0.25)
        XCTAssertEqual(p.panel.phase(at: 3), .hidden)
    }

    func testPercentCompletionFinishesAlongTheCurve() {
        var timings = Timings()
        timings.panel.completion = .percent
        let events = presented + drag(from: 300, by: 280, over: 1.4, at: 1, pause: 0.3)
        let p = run(events, until: 6, timings: timings)
        let release = 2.7
        XCTAssertEqual(p.panel.progress(at: release), 0.3, accuracy: 1e-9)
        XCTAssertEqual(p.panel.phase(at: release + 0.01), .dismissing)
        // From 30 % the rest of the curve runs its share of 0.35 s.
        XCTAssertEqual(p.panel.phase(at: release + 0.35), .hidden)
    }

    func testKeyDuringAnAnimationReversesIt() {
        let events = presented + [InputEvent(time: 0.35, kind: .key("escape"))]
        let before = run(presented, until: 0.35)
        let p = run(events, until: 3)
        XCTAssertEqual(p.panel.progress(at: 0.35), before.panel.progress(at: 0.35), accuracy: 1e-9)
        XCTAssertEqual(p.panel.phase(at: 0.36), .dismissing)
        XCTAssertEqual(p.panel.velocity(at: 0.3501), before.panel.velocity(at: 0.3499), accuracy: abs(before.panel.velocity(at: 0.3499)) * 0.05)
        XCTAssertEqual(p.panel.phase(at: 3), .hidden)
    }

    func testClickOnTheDimDismissesAndTheFiltersButtonPresents() {
        let button = preview().feed.filtersButton
        let events = [InputEvent(time: 0.2, kind: .down(x: button.midX, y: button.midY)), InputEvent(time: 0.25, kind: .up(x: button.midX, y: button.midY)),
                      InputEvent(time: 1.0, kind: .down(x: 100, y: 100)), InputEvent(time: 1.05, kind: .up(x: 100, y: 100))]
        // The model answers for times after the inputs it has seen, so each check replays up to its time.
        XCTAssertEqual(run(events, until: 0.9).panel.phase(at: 0.9), .presented)
        let p = run(events, until: 3)
        XCTAssertEqual(p.panel.phase(at: 1.1), .dismissing)
        XCTAssertEqual(p.panel.phase(at: 3), .hidden)
    }

    func testPointerLeavingMidDragReleasesAtRest() {
        let events = presented + Array(drag(from: 300, by: 280, over: 0.3, at: 1).dropLast()) + [InputEvent(time: 1.31, kind: .cancel)]
        let p = run(events, until: 4)
        // 70 % down with zero velocity: projected stays at 30 %, so it dismisses.
        XCTAssertEqual(p.panel.velocity(at: 1.3101), 0, accuracy: 20)
        XCTAssertEqual(p.panel.phase(at: 4), .hidden)
        // A second press during a drag is ignored.
        let second = presented + [InputEvent(time: 1, kind: .down(x: 180, y: 400)), InputEvent(time: 1.1, kind: .move(x: 180, y: 440)),
                                  InputEvent(time: 1.2, kind: .down(x: 50, y: 100)), InputEvent(time: 1.3, kind: .move(x: 180, y: 450))]
        XCTAssertEqual(run(second, until: 1.4).panel.top(at: 1.4), 267 + 50, accuracy: 1e-9)
    }

    /// Fifty cycles by every means, then the 50th behaves like the first.
    func testFiftyMixedCyclesKeepWorking() {
        var events: [InputEvent] = []
        var t = 0.2
        let button = preview().feed.filtersButton
        for cycle in 0..<50 {
            switch cycle % 3 {
            case 0: events.append(InputEvent(time: t, kind: .key("p")))
            case 1: events += [InputEvent(time: t, kind: .down(x: button.midX, y: button.midY)), InputEvent(time: t + 0.02, kind: .up(x: button.midX, y: button.midY))]
            default: events += drag(from: 662, by: -320, over: 0.3, at: t)
            }
            t += 1
            switch cycle % 4 {
            case 0: events.append(InputEvent(time: t, kind: .key("escape")))
            case 1: events += [InputEvent(time: t, kind: .down(x: 100, y: 100)), InputEvent(time: t + 0.02, kind: .up(x: 100, y: 100))]
            case 2: events += drag(from: 400, by: 40, over: 0.03, at: t)
            default: events.append(InputEvent(time: t, kind: .key("p")))
            }
            t += 1
        }
        let p = run(events, until: t + 1)
        XCTAssertEqual(p.panel.phase(at: t), .hidden)
        // And the 50th presentation behaved like the first.
        XCTAssertEqual(run(events, until: t - 1.1).panel.phase(at: t - 1.1), .presented)
        let first = run(presented, until: 1)
        XCTAssertEqual(run(events + [InputEvent(time: t + 1, kind: .key("p"))], until: t + 2).panel.progress(at: t + 1.1), first.panel.progress(at: 0.3), accuracy: 1e-9)
    }
}
