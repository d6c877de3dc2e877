import Foundation
import XCTest
@testable import Motion
@testable import Formats
@testable import Scenes
import TestFixtures

/// Script-driven tests of the feed and the card transition, with no window: inputs in, state out.
final class FeedInteractionTests: XCTestCase {
    let device = Device.named("iphone-se")!

    func preview(skipSplash: Bool = true) -> Preview {
        fixturePreview(on: device, feedSeed: 3, skipSplash: skipSplash)
    }

    func run(_ events: [InputEvent], until t: Double, on start: Preview? = nil) -> Preview {
        Playback(initial: start ?? preview(), log: events, time: t).preview
    }

    func click(_ x: Double, _ y: Double, at t: Double) -> [InputEvent] {
        [InputEvent(time: t, kind: .down(x: x, y: y)), InputEvent(time: t + 0.05, kind: .up(x: x, y: y))]
    }

    func testClickOpensTheCardFromItsFrameToFullScreenIn300ms() {
        let p0 = preview()
        let cardFrame = p0.feed.cardFrame(2, scrollOffset: 0)
        let events = click(cardFrame.midX, cardFrame.midY, at: 0.5)
        let up = 0.55
        let atStart = run(events, until: up).cardState(at: up)!
        XCTAssertEqual(atStart.cardIndex, 2)
        XCTAssertEqual(atStart.frame(at: up), cardFrame)
        XCTAssertEqual(atStart.phase(at: up), .opening)
        let p = run(events, until: 2)
        XCTAssertEqual(p.cardState(at: up + 0.15)!.progress(at: up + 0.15), 0.5, accuracy: 1e-6)
        XCTAssertEqual(p.cardState(at: up + 0.3)!.frame(at: up + 0.3), Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(p.cardState(at: up + 0.3)!.phase(at: up + 0.3), .open)
        XCTAssertLessThan(p.cardState(at: up + 0.299)!.progress(at: up + 0.299), 1)
        // The state object reports it with the card's id.
        let state = p.state(at: up + 0.1).text
        XCTAssertTrue(state.contains("\"card\": {\"id\": \(p.feed.content.ads[2].id), \"phase\": \"opening\""), state)
    }

    func testEscapeClosesBackToTheSameFrame() {
        let p0 = preview()
        let cardFrame = p0.feed.cardFrame(1, scrollOffset: 0)
        let events = click(cardFrame.midX, cardFrame.midY, at: 0.5) + [InputEvent(time: 1.5, kind: .key("escape"))]
        let p = run(events, until: 3)
        XCTAssertEqual(p.cardState(at: 1.6)!.phase(at: 1.6), .closing)
        let end = p.cardState(at: 1.7999)!.frame(at: 1.7999)
        XCTAssertEqual(end.x, cardFrame.x, accuracy: 0.1); XCTAssertEqual(end.width, cardFrame.width, accuracy: 0.1)
        XCTAssertNil(p.cardState(at: 1.8))
        XCTAssertTrue(p.state(at: 1.8).text.contains("\"card\": null, \"panel\""))
    }

    /// A click during opening reverses it: states 1 ms apart across the interruption differ only
    /// by what 1 ms of motion moves, in frame and in velocity.
    func testClickDuringOpeningReversesWithoutAJump() {
        let p0 = preview()
        let cardFrame = p0.feed.cardFrame(0, scrollOffset: 0)
        let interrupt = 0.55 + 0.12
        let events = click(cardFrame.midX, cardFrame.midY, at: 0.5) + [InputEvent(time: interrupt, kind: .down(x: 200, y: 300)),
                                                                        InputEvent(time: interrupt, kind: .up(x: 200, y: 300))]
        let p = run(events, until: 3)
        let before = run(events, until: interrupt - 0.001)
        let b = before.cardState(at: interrupt - 0.001)!, a = p.cardState(at: interrupt + 0.001)!
        XCTAssertEqual(a.phase(at: interrupt + 0.001), .closing)
        let fb = b.frame(at: interrupt - 0.001), fa = a.frame(at: interrupt + 0.001)
        // Opening at ~4 progress/s, 2 ms moves the frame by well under 1 % of the screen.
        XCTAssertEqual(fa.width, fb.width, accuracy: 375 * 0.01)
        XCTAssertEqual(fa.y, fb.y, accuracy: 667 * 0.01)
        // Velocity is continuous: the progress rate just after equals the rate just before.
        let rateBefore = b.animator.sample(at: interrupt - 0.001).velocity
        let rateAfter = a.animator.sample(at: interrupt + 0.001).velocity
        XCTAssertEqual(rateAfter, rateBefore, accuracy: abs(rateBefore) * 0.05)
        XCTAssertGreaterThan(rateBefore, 0)
        // Then it comes back to the card and goes away.
        XCTAssertNil(p.cardState(at: 2))
        // A click during closing reopens.
        let reopen = events + [InputEvent(time: interrupt + 0.03, kind: .down(x: 200, y: 300)), InputEvent(time: interrupt + 0.04, kind: .up(x: 200, y: 300))]
        let q = run(reopen, until: 3)
        XCTAssertEqual(q.cardState(at: 3)?.phase(at: 3), .open)
    }

    /// A fling: release velocity v carries the content by the WWDC projection (v/1000)·d/(1−d).
    func testFlingMovesByTheProjectedDistance() {
        // Drag up 100 pt over 100 ms at a steady 1000 pt/s, then release.
        var events = [InputEvent(time: 0.5, kind: .down(x: 180, y: 500))]
        for i in 1...10 { events.append(InputEvent(time: 0.5 + Double(i) * 0.01, kind: .move(x: 180, y: 500 - Double(i) * 10))) }
        events.append(InputEvent(time: 0.6, kind: .up(x: 180, y: 400)))
        let p = run(events, until: 10)
        let atRelease = p.scroll.offset(at: 0.6)
        let rest = p.scroll.offset(at: 10)
        let projected = projectedDistance(initialVelocity: 1000)
        XCTAssertEqual(rest - atRelease, projected, accuracy: projected * 0.05)
        XCTAssertEqual(p.scroll.sample(at: 0.6).velocity, 1000, accuracy: 50)
    }

    /// Pulling past the top rubber-bands: the content moves less than the finger, then springs back.
    func testRubberBandAtTheTopThenSettles() {
        var events = [InputEvent(time: 0.5, kind: .down(x: 180, y: 200))]
        for i in 1...20 { events.append(InputEvent(time: 0.5 + Double(i) * 0.02, kind: .move(x: 180, y: 200 + Double(i) * 10))) }
        events.append(InputEvent(time: 1.5, kind: .up(x: 180, y: 400)))
        let held = run(events, until: 1.4)
        let overshoot = held.scroll.offset(at: 1.4)
        XCTAssertLessThan(overshoot, 0)
        // The finger moved 200 pt (less the 4 pt slop); the content much less.
        XCTAssertLessThan(-overshoot, 196)
        XCTAssertEqual(-overshoot, rubberBand(offset: 200 - 4 - 6, dimension: held.feed.viewport.height), accuracy: 10)
        let p = run(events, until: 5)
        XCTAssertEqual(p.scroll.offset(at: 5), 0, accuracy: 0.01)
        XCTAssertTrue(p.state(at: 1.5).text.contains("\"scrollOffset\": -"))
    }

    func testFlingIntoTheBottomEdgeBouncesAndSettlesThere() {
        // Wheel most of the way down, then fling toward the end at 4000 pt/s.
        var events = [InputEvent(time: 0.1, kind: .wheel(dy: -80)), InputEvent(time: 0.5, kind: .down(x: 180, y: 550))]
        for i in 1...10 { events.append(InputEvent(time: 0.5 + Double(i) * 0.01, kind: .move(x: 180, y: 550 - Double(i) * 40))) }
        events.append(InputEvent(time: 0.6, kind: .up(x: 180, y: 150)))
        let p = run(events, until: 20)
        let maxOffset = p.feed.maxScrollOffset
        let samples = stride(from: 0.6, through: 15, by: 0.01).map { p.scroll.offset(at: $0) }
        XCTAssertGreaterThan(samples.max()!, maxOffset)
        XCTAssertEqual(p.scroll.offset(at: 20), maxOffset, accuracy: 0.01)
    }

    func testGrabDuringMomentumStopsWhereItIs() {
        var events = [InputEvent(time: 0.5, kind: .down(x: 180, y: 500))]
        for i in 1...10 { events.append(InputEvent(time: 0.5 + Double(i) * 0.01, kind: .move(x: 180, y: 500 - Double(i) * 10))) }
        events.append(InputEvent(time: 0.6, kind: .up(x: 180, y: 400)))
        events.append(InputEvent(time: 0.8, kind: .down(x: 180, y: 400)))
        let p = run(events, until: 2)
        let at = p.scroll.offset(at: 0.8)
        XCTAssertEqual(p.scroll.offset(at: 2), at, accuracy: 1e-9)
        // And that press was not a tap on a card: no detail opens on its release.
        let q = run(events + [InputEvent(time: 0.85, kind: .up(x: 180, y: 400))], until: 2)
        XCTAssertNil(q.cardState(at: 2))
    }

    func testWheelScrolls() {
        let p = run([InputEvent(time: 0.5, kind: .wheel(dy: -3))], until: 2)
        XCTAssertEqual(p.scroll.offset(at: 2), 3 * ScrollModel.wheelStep, accuracy: 1e-9)
    }

    func testCardsListedAreThoseOnScreenAfterScrolling() {
        let p = run([InputEvent(time: 0.5, kind: .wheel(dy: -10))], until: 2)
        let offset = p.scroll.offset(at: 2)
        let visible = p.feed.visibleCards(scrollOffset: offset)
        XCTAssertFalse(visible.contains(0))
        XCTAssertTrue(visible.allSatisfy { p.feed.cardFrame($0, scrollOffset: offset).intersects(p.feed.viewport) })
    }

    func testInputDuringTheSplashSkipsItAndDoesNotReachTheFeed() {
        let p = run(click(94, 230, at: 1.0), until: 3, on: preview(skipSplash: false))
        XCTAssertEqual(p.splash.dismissalTime, 1.0)
        XCTAssertNil(p.cardState(at: 3))
    }
}

final class InputScriptTests: XCTestCase {
    func testParsesEveryEventType() throws {
        let script = try InputScript.parse(text: """
        {"events": [{"t": 0.5, "type": "down", "x": 100, "y": 300}, {"t": 0.55, "type": "move", "x": 100, "y": 320},
                    {"t": 0.6, "type": "up", "x": 100, "y": 330}, {"t": 1.0, "type": "key", "key": "Escape"},
                    {"t": 1.2, "type": "wheel", "dy": -3}]}
        """, path: "s.json")
        XCTAssertEqual(script.events.map(\.kind), [.down(x: 100, y: 300), .move(x: 100, y: 320), .up(x: 100, y: 330), .key("escape"), .wheel(dy: -3)])
        // Round trip through its own JSON.
        XCTAssertEqual(try InputScript.parse(text: script.json.text, path: "s.json"), script)
    }

    func testMalformedScriptsNameTheEventAndField() {
        assertRefusals([
            Refusal("{\"events\": [{\"t\": 0.5, \"type\": \"tap\", \"x\": 1, \"y\": 2}]}", "s.json:1:32: events[0].type 'tap' is unknown"),
            Refusal("{\"events\": [{\"t\": 0.5, \"type\": \"down\", \"x\": 1, \"y\": 2}, {\"t\": 0.4, \"type\": \"up\", \"x\": 1, \"y\": 2}]}", "events[1].t = 0.4 comes before events[0].t = 0.5"),
            Refusal("{\"events\": [{\"t\": 0.5, \"type\": \"down\", \"x\": 1}]}", "events[0] (down): missing field 'y'"),
            Refusal("{\"events\": [{\"type\": \"down\", \"x\": 1, \"y\": 1}]}", "events[0]: missing field 't'"),
            Refusal("{\"events\": [{\"t\": 1, \"type\": \"wheel\"}]}", "events[0] (wheel): missing field 'dy'"),
            Refusal("{\"events\": [{\"t\": 1, \"type\": \"key\", \"key\": \"p\", \"x\": 3}]}", "unknown field 'events[0].x'"),
            Refusal("{\"evts\": []}", "unknown field 'evts'"),
        ]) { _ = try InputScript.parse(text: $0, path: "s.json") }
    }

    func testVelocityTrackerReadsAPauseAsStill() {
        var tracker = PointerVelocityTracker()
        tracker.reset(t: 0, x: 0, y: 0)
        for i in 1...10 { tracker.add(t: Double(i) * 0.01, x: 0, y: Double(i) * 5) }
        XCTAssertEqual(tracker.velocity(at: 0.1).y, 500, accuracy: 1)
        tracker.add(t: 0.4, x: 0, y: 50)
        XCTAssertEqual(tracker.velocity(at: 0.4).y, 0, accuracy: 1e-9)
    }
}
