import Foundation
import XCTest
@testable import Formats
@testable import Motion
@testable import Scenes
import TestFixtures

/// The trace's velocities are the model's own, exact: they agree with central differences of the
/// values `state` reports, for every property, under the default timings, a bouncy spring and
/// overshooting curves, over a session of drags, flicks, grabs and reversals.
final class MotionTraceTests: XCTestCase {
    static let device = Device.named("iphone-se")!
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lint")

    /// The preview the trace and the lint play: the SE, text variant 1, feed seed 1.
    static func preview(_ timings: Timings = Timings(), options: SplashOptions = SplashOptions(textVariant: 1)) -> Preview {
        fixturePreview(on: Self.device, timings: timings, options: options, feedSeed: 1)
    }

    static func script(_ name: String) throws -> [InputEvent] {
        try InputScript.load(path: fixtures.appendingPathComponent(name).path).events
    }

    static func timings(_ name: String) throws -> Timings { try Timings.load(path: fixtures.appendingPathComponent(name).path) }

    /// The three timing sets of the check: as shipped, a bouncy completion spring and edge bounce,
    /// and curves that overshoot (first control point's y at 1.4) on the logo, the feed and the panel.
    static func timingSets() throws -> [(String, Timings)] {
        var bouncy = Timings()
        bouncy.panel.springDampingFraction = 0.4
        bouncy.scroll.bounceDampingFraction = 0.5
        var overshooting = Timings()
        let back = try TimingCurve(parsing: "cubic-bezier(0.3, 1.4, 0.7, 1)")
        overshooting.splash.logoCurve = back
        overshooting.splash.feedCurve = back
        overshooting.panel.curve = back
        overshooting.card.curve = back
        return [("defaults", Timings()), ("bouncy spring", bouncy), ("overshooting curve", overshooting)]
    }

    func testVelocityAgreesWithACentralDifferenceOfStateValues() throws {
        let log = try Self.script("session.json")
        for (name, timings) in try Self.timingSets() {
            let start = Self.preview(timings)
            let end = MotionLint.takeDuration(initial: start, log: log)
            // The property's range over the take, from 240 Hz samples.
            let dense = MotionTrace.samples(initial: start, log: log, times: (0...Int(end * 240)).map { Double($0) / 240 })
            let h = 1e-5
            let times = (0..<100).map { end * (Double($0) + 0.5) / 100 }
            var compared = 0
            for t in times {
                // A velocity is the motion's between inputs: skip a window an input falls in.
                if log.contains(where: { $0.time > t - h && $0.time <= t + h }) { continue }
                let s = MotionTrace.samples(initial: start, log: log, times: [t - h, t, t + h])
                for (i, property) in MotionProperty.all.enumerated() {
                    guard let before = s[0].values[i], let after = s[2].values[i], let velocity = s[1].velocities[i] else { continue }
                    let values = dense.compactMap { $0.values[i] }
                    let range = (values.max() ?? 0) - (values.min() ?? 0)
                    let difference = (after - before) / (2 * h)
                    XCTAssertEqual(velocity, difference, accuracy: max(1e-3 * range, 1e-9),
                                   "\(name): \(property.id) at \(t): velocity \(velocity), central difference \(difference), range \(range)")
                    compared += 1
                }
            }
            // Every property at (nearly) every one of the 100 times; the card exists only for part of the take.
            XCTAssertGreaterThan(compared, 90 * (MotionProperty.all.count - 5), name)
        }
    }

    /// The trace's values are the numbers `state` reports for the same things.
    func testValuesAreWhatStateReports() throws {
        let log = try Self.script("session.json")
        let start = Self.preview()
        let times = (0..<400).map { Double($0) * 0.025 }
        let samples = MotionTrace.samples(initial: start, log: log, times: times)
        func index(_ id: String) -> Int { MotionProperty.index(of: id)! }
        var sawCard = false
        for s in samples {
            let p = Playback(initial: start, log: log, time: s.time).preview
            let frame = p.splashFrame(at: s.time)
            XCTAssertEqual(s.values[index("splash.feedScale")], frame.feedScale, "\(s.time)")
            XCTAssertEqual(s.values[index("scroll.offset")], p.scroll.offset(at: s.time), "\(s.time)")
            XCTAssertEqual(s.values[index("panel.top")]!, p.panel.top(at: s.time), accuracy: 1e-9, "\(s.time)")
            if let layers = frame.layers {
                XCTAssertEqual(s.values[index("splash.logoSize")], layers.logo.width, "\(s.time)")
                XCTAssertEqual(s.values[index("splash.textOpacity")], layers.text.opacity, "\(s.time)")
                if let hole = layers.hole {
                    XCTAssertEqual(s.values[index("splash.holeSize")]! * frame.feedScale, hole.width, accuracy: 1e-9, "\(s.time)")
                    XCTAssertEqual(s.values[index("splash.holeRotation")]!, hole.rotation, accuracy: 1e-12, "\(s.time)")
                }
            }
            if let card = p.cardState(at: s.time) {
                sawCard = true
                let r = card.frame(at: s.time)
                XCTAssertEqual(s.values[index("card.width")]!, r.width, accuracy: 1e-9)
                XCTAssertEqual(s.values[index("card.y")]!, r.midY, accuracy: 1e-9)
                XCTAssertEqual(s.values[index("card.progress")], card.progress(at: s.time))
            } else {
                XCTAssertNil(s.values[index("card.progress")])
            }
        }
        XCTAssertTrue(sawCard)
    }

    /// A sample has exactly the inputs up to its time: the samples of a log cut short equal the
    /// whole log's before the first event cut, at every cut as a drag adds its events one by one.
    /// The Graph view keeps samples across frames on this.
    func testASampleBeforeAnEventDoesNotDependOnIt() throws {
        let log = try Self.script("session.json")
        let start = Self.preview()
        let times = (0...600).map { Double($0) * 10.5 / 600 }
        let whole = MotionTrace.samples(initial: start, log: log, times: times)
        for split in stride(from: 1, to: log.count, by: max(log.count / 25, 1)) {
            let before = MotionTrace.samples(initial: start, log: Array(log[..<split]), times: times)
            let kept = times.firstIndex { $0 >= log[split].time } ?? times.count
            XCTAssertEqual(Array(before[..<kept]), Array(whole[..<kept]), "split at event \(split) (t = \(log[split].time))")
            XCTAssertGreaterThan(kept, 0)
        }
    }

    /// Samples taken from a take as it stands, seeking through its snapshots from wherever it is,
    /// equal those of a fresh replay of its log.
    func testSamplesFromATakeAsItStandsEqualAFreshReplay() throws {
        let log = try Self.script("session.json")
        let start = Self.preview()
        let times = (0...300).map { Double($0) * 10.5 / 300 }
        let fresh = MotionTrace.samples(initial: start, log: log, times: times)
        for at in [0.0, 3.3, 7.9, 10.5] {
            let take = Playback(initial: start, log: log, time: at)
            XCTAssertEqual(MotionTrace.samples(of: take, times: times), fresh, "from \(at) s")
            XCTAssertEqual(MotionTrace.samples(of: take, times: Array(times[150...])), Array(fresh[150...]), "from \(at) s, the later half")
        }
    }

    /// The trace's splash values are `SplashSequence`'s own, through the one interpolator, with
    /// and without Reduce Motion and a skip: equal, not close.
    func testSplashValuesMatchTheSequence() {
        for options in [SplashOptions(textVariant: 1), SplashOptions(reduceMotion: true, textVariant: 1), SplashOptions(skipTime: 0.1, textVariant: 1)] {
            let p = Self.preview(options: options)
            for k in 0...400 {
                let t = Double(k) * 0.01
                let mine = p.motionSample(at: t), theirs = p.splash.values(at: t)
                for property in SplashProperty.allCases {
                    let scale = property == .holeTurn ? p.splash.holeEndRotation : 1
                    XCTAssertEqual(mine.values[MotionProperty.index(of: .splash(property))], theirs[property] * scale, "\(property) at \(t)")
                }
            }
        }
    }

    /// A track's value runs along the line from its `from` at 0 to its `to` at 1, reaches a zero end
    /// exactly, and its velocity is the motion's scaled by that line's slope.
    func testEveryTrackInterpolatesFromItsStartToItsEnd() {
        var t = Timings()
        t.splash.textRise = 0.3
        for track in SplashTrack.all {
            let a = track.from.value(in: t), b = track.to.value(in: t)
            XCTAssertEqual(track.value(t, 0), a, track.id)
            XCTAssertEqual(track.value(t, 1), b, accuracy: 1e-12 * max(abs(a), abs(b), 1), track.id)
            for x in [-0.5, 0.25, 0.5, 0.9, 2] {
                XCTAssertEqual(track.value(t, x), a + (b - a) * x, accuracy: 1e-12 * max(abs(a), abs(b), 1), "\(track.id) at \(x)")
            }
            XCTAssertEqual(track.velocity(t, 2), (b - a) * 2, track.id)
        }
    }

    /// `MotionProperty.index(of:)` finds each property where `all` lists it.
    func testIndexOfASourceIsItsPlaceInTheList() {
        for (i, property) in MotionProperty.all.enumerated() {
            XCTAssertEqual(MotionProperty.index(of: property.source), i, property.id)
        }
    }

    func testTraceTimesAndCSV() {
        XCTAssertEqual(MotionTrace.times(from: 1, to: 1.25, step: 0.1), [1, 1.1, 1.2, 1.25].map { $0 }, accuracy: 1e-12)
        let samples = MotionTrace.samples(initial: Self.preview(), log: [], times: [2.1])
        let lines = MotionTrace.csv(samples).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0].split(separator: ",", omittingEmptySubsequences: false).count, 1 + 2 * MotionProperty.all.count)
        XCTAssertTrue(lines[0].hasPrefix("time,splash.logoSize,splash.logoSize.velocity,"))
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
