import Foundation
import XCTest
@testable import Formats
@testable import Scenes
import TestFixtures

/// Seek is exact: whatever the order of seeks, the model at t is what a fresh run of the log up
/// to t gives.
final class PlaybackTests: XCTestCase {
    let device = Device.named("iphone-se")!

    func initial() -> Preview {
        fixturePreview(on: device, options: SplashOptions(textVariant: 2), feedSeed: 3)
    }

    func testSeekAnywhereEqualsAFreshRunOfTheLog() {
        let start = initial()
        let log = BenchScenario.longSession(for: start.feed, count: 2_000, duration: 30, seed: 7).events
        var playback = Playback(initial: start, log: log)
        var rng = SeededGenerator(seed: 11)
        // Forward, far back, just back, to the end, to the start: every path a scrub takes.
        var times = [29.9, 0.5, 12.25, 12.2, 30, 0] + (0..<30).map { _ in Double(rng.next() % 30_000) / 1000 }
        times += log.prefix(400).suffix(5).map(\.time)  // exactly at inputs
        for t in times {
            playback.seek(to: t)
            let fresh = Playback(initial: start, log: log, time: t)
            XCTAssertEqual(playback.state.text, fresh.state.text, "at \(t)")
            XCTAssertEqual(playback.scene, fresh.scene, "at \(t)")
        }
    }

    func testLogIsAppliedUpToAndIncludingTheTime() {
        let start = initial()
        let log = [InputEvent(time: 1, kind: .down(x: 10, y: 10))]
        XCTAssertEqual(Playback(initial: start, log: log, time: 0.999).preview.splash.dismissalTime, 2)
        XCTAssertEqual(Playback(initial: start, log: log, time: 1).preview.splash.dismissalTime, 1)
    }

    func testRecordingWhileScrubbedBackCutsTheTakeAndSeekStaysExact() {
        let start = initial()
        let log = BenchScenario.longSession(for: start.feed, count: 600, duration: 10, seed: 5).events
        var playback = Playback(initial: start, log: log)
        playback.seek(to: 10)
        XCTAssertEqual(playback.horizon, 10)
        playback.seek(to: 4)
        playback.record(.key("p"))
        let kept = log.filter { $0.time <= 4 }
        XCTAssertEqual(playback.log, kept + [InputEvent(time: 4, kind: .key("p"))])
        XCTAssertEqual(playback.horizon, 4, "the cut take ends where it was cut")
        for t in [3.0, 4, 6, 2] {
            playback.seek(to: t)
            XCTAssertEqual(playback.state.text, Playback(initial: start, log: playback.log, time: t).state.text, "at \(t)")
        }
    }

    func testScriptSoFarReplaysToTheSameState() {
        let start = initial()
        var playback = Playback(initial: start, log: BenchScenario.script(for: start.feed).events)
        playback.seek(to: 6.5)
        let script = playback.scriptSoFar
        XCTAssertTrue(script.events.allSatisfy { $0.time <= 6.5 })
        XCTAssertEqual(Playback(initial: start, log: script.events, time: 6.5).state.text, playback.state.text)
    }

    func testLongSessionIsSortedOnScreenAndOfTheAskedSize() {
        let feed = initial().feed
        let script = BenchScenario.longSession(for: feed, count: 10_000, duration: 60)
        XCTAssertEqual(script.events.count, 10_000)
        XCTAssertEqual(script.events.last!.time, 60, accuracy: 0.1)
        XCTAssertTrue(zip(script.events, script.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        for e in script.events {
            switch e.kind {
            case let .down(x, y), let .move(x, y), let .up(x, y):
                XCTAssertTrue(x >= 0 && x <= device.width && y >= 0 && y <= device.height, "\(e)")
            default: break
            }
        }
    }
}
