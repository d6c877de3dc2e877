import Foundation
import XCTest
@testable import Formats
@testable import Scenes
import TestFixtures

final class PlaybackAndCaptureTests: XCTestCase {
    /// At rate 0.25 the one clock reaches the splash's end after four times the real time.
    func testSlowMotionMakesTheSplashLastFourTimesAsLong() {
        let device = Device.named("iphone-se")!
        let sequence = fixtureSplash(on: device)
        func realSecondsToFinish(rate: Double) -> Double {
            var clock = PreviewClock()
            clock.rate = rate
            var real = 0.0
            let frame = 1.0 / 1000  // fine steps, so frame quantisation does not blur the ratio
            while sequence.phase(at: clock.time) != .done { clock.advance(by: frame); real += frame }
            return real
        }
        let normal = realSecondsToFinish(rate: 1), slow = realSecondsToFinish(rate: 0.25)
        XCTAssertEqual(normal, sequence.endTime, accuracy: 0.002)
        XCTAssertEqual(slow / normal, 4, accuracy: 0.005)
        var paused = PreviewClock(time: 1)
        paused.isPaused = true
        paused.advance(by: 5)
        XCTAssertEqual(paused.time, 1)
    }

    /// A captured session (the inputs as the window applied them) written as a script and read
    /// back reproduces the session's final state exactly.
    func testACapturedScriptReplaysToTheSameFinalState() throws {
        let device = Device.named("iphone-se")!
        let start = fixturePreview(on: device, options: SplashOptions(textVariant: 4), feedSeed: 9)
        // A live session at irregular frame times: skip the splash, scroll, open a card, the panel.
        var live = start
        var log: [InputEvent] = []
        func send(_ t: Double, _ kind: InputEvent.Kind) { let e = InputEvent(time: t, kind: kind); live.apply(e); log.append(e) }
        send(0.733, .down(x: 40, y: 40)); send(0.781, .up(x: 40, y: 40))
        send(2.017, .down(x: 190, y: 520))
        for i in 1...9 { send(2.017 + Double(i) * 0.0161, .move(x: 190, y: 520 - Double(i * i) * 2.3)) }
        send(2.2, .up(x: 190, y: 330))
        send(3.9, .wheel(dy: 2))
        send(4.31, .key("p"))
        send(5.02, .down(x: 100, y: 420)); send(5.1, .move(x: 100, y: 470)); send(5.13, .up(x: 100, y: 480))
        let end = 7.5
        let text = InputScript(events: log).json.text
        let replayed = Playback(initial: start, log: try InputScript.parse(text: text, path: "capture.json").events, time: end).preview
        XCTAssertEqual(replayed.state(at: end).text, live.state(at: end).text)
        XCTAssertEqual(replayed.state(at: 5.2).text, live.state(at: 5.2).text)
    }
}
