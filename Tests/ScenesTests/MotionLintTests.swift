import Foundation
import XCTest
@testable import Formats
@testable import Motion
@testable import Scenes
import TestFixtures

/// `lint` finds what it should and nothing else, and lists the interruptions a take has, with
/// the velocities the trace shows on either side.
final class MotionLintTests: XCTestCase {
    /// The trace tests' device and preview: the lint reads the trace they check.
    let device = MotionTraceTests.device
    func preview(_ timings: Timings = Timings()) -> Preview { MotionTraceTests.preview(timings) }

    /// A hole whose on-screen square holds the screen's half diagonal: enough for the rule's wiring
    /// (the CLI checks it with the logo's traced outline).
    func roughCoverage(_ hole: LayerState) -> Bool { hole.width / 2 >= hypot(device.width, device.height) / 2 }

    func lint(_ timings: Timings = Timings(), _ log: [InputEvent]) -> LintReport {
        MotionLint.run(initial: preview(timings), log: log, thresholds: timings.lint, holeCoversScreen: roughCoverage)
    }

    func testCleanOnTheDefaultsWithASessionOfDragsFlicksGrabsAndReversals() throws {
        let report = lint(Timings(), try MotionTraceTests.script("session.json"))
        XCTAssertEqual(report.findings.map(\.line), [])
        let kinds = Set(report.interruptions.map(\.kind))
        XCTAssertEqual(kinds, [.panelGrab, .panelRelease, .panelReversal, .cardReversal, .scrollCatch])
        XCTAssertTrue(report.interruptions.contains { $0.rule.contains("rubber-banding") })
        XCTAssertTrue(report.interruptions.contains { $0.rule.contains("coasting") })
    }

    /// A release whose own position differs from the last move's: the panel goes where the
    /// finger let go, which is not a pop.
    func testAReleaseAwayFromTheLastMoveIsNotAPop() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let log = try InputScript.load(path: root.appendingPathComponent("scripts/fingerprint-interactions.json").path).events
        var start = preview()
        start.skipSplash = true
        let report = MotionLint.run(initial: start, log: log, thresholds: Timings().lint, holeCoversScreen: roughCoverage)
        XCTAssertEqual(report.findings.map(\.line), [])
        let releases = report.interruptions.filter { $0.kind == .panelRelease }
        XCTAssertFalse(releases.isEmpty)
        XCTAssertTrue(releases.contains { abs($0.valueBefore - $0.expectedValue) > 5 }, "the script lets go away from its last move")
        for r in releases { XCTAssertEqual(r.valueJump, 0, accuracy: 1e-9) }
    }

    func testFindsAPopInTheHolesKeyframes() throws {
        let timings = try MotionTraceTests.timings("hole-jump.json")
        let report = lint(timings, [])
        XCTAssertEqual(report.findings.map(\.rule), [.pop])
        let pop = try XCTUnwrap(report.findings.first)
        XCTAssertEqual(pop.subject, "hole")
        // The jump is at key time 0.2 of the hole's 0.6 s from d = 2: 2.12 s, inside the frame that ends there.
        XCTAssertEqual(pop.time, 2.12, accuracy: 1 / MotionLint.frameRate + 1e-9)
    }

    func testFindsAVelocityJumpFromPercentCompletionWithAFastFlick() throws {
        let timings = try MotionTraceTests.timings("percent-completion.json")
        let flick = try MotionTraceTests.script("fast-flick.json")
        let report = lint(timings, flick)
        XCTAssertEqual(report.findings.map(\.rule), [.velocityJump])
        XCTAssertEqual(report.findings.first?.subject, "panel release at 3.649 s")
        // The same flick with the spring completion hands the pointer's speed on: clean.
        XCTAssertEqual(lint(Timings(), flick).findings.map(\.line), [])
    }

    func testFindsOvershootFromACurveWhoseY1Is1Point4() throws {
        let timings = try MotionTraceTests.timings("overshooting-curve.json")
        let report = lint(timings, [])
        XCTAssertEqual(report.findings.map(\.rule), [.overshoot])
        XCTAssertEqual(report.findings.first?.subject, "logo")
        // On the panel's curve, P's presentation passes presented.
        var panelCurve = Timings()
        panelCurve.panel.curve = try TimingCurve(parsing: "cubic-bezier(0.3, 1.4, 0.7, 1)")
        let p = lint(panelCurve, [InputEvent(time: 3, kind: .key("p"))])
        XCTAssertEqual(p.findings.map(\.rule), [.overshoot])
        XCTAssertEqual(p.findings.first?.subject, "panel.top")
        // A bouncing completion spring asks for it: a release into it is not reported.
        var bouncy = Timings()
        bouncy.panel.springDampingFraction = 0.3
        XCTAssertEqual(lint(bouncy, try MotionTraceTests.script("fast-flick.json")).findings.filter { $0.rule == .overshoot }.map(\.line), [])
    }

    func testSplashEndAndHoleCoverage() {
        var t = Timings()
        t.splash.logoDuration = 2.5
        t.splash.holeScales = [1, 0.85, 3]
        let report = lint(t, [])
        XCTAssertEqual(report.findings.map(\.rule), [.splashEnd, .holeCoverage])
        XCTAssertEqual(report.findings.map(\.subject), ["logo", "hole"])
    }

    /// A grab mid-flight and a release are both listed; the velocities before and after are the
    /// trace's just before and at the input's time.
    func testInterruptionsOfAGrabAndAReleaseMatchTheTrace() throws {
        let log = try MotionTraceTests.script("session.json").filter { $0.time >= 6 && $0.time < 6.5 }
        let list = Interruption.all(initial: preview(), log: log)
        XCTAssertEqual(list.map(\.kind), [.panelGrab, .panelRelease])
        let top = MotionProperty.index(of: .panelTop)
        for i in list {
            let s = MotionTrace.samples(initial: preview(), log: log, times: [i.time - 1e-9, i.time])
            XCTAssertEqual(i.velocityBefore, s[0].velocities[top]!, accuracy: 1e-3, "\(i.kind)")
            XCTAssertEqual(i.velocityAfter, s[1].velocities[top]!, "\(i.kind)")
            XCTAssertEqual(i.valueBefore, s[0].values[top]!, accuracy: 1e-3, "\(i.kind)")
            XCTAssertEqual(i.valueAfter, s[1].values[top]!, "\(i.kind)")
        }
        let grab = list[0], release = list[1]
        XCTAssertLessThan(grab.velocityBefore, -500, "presenting: the top rises fast")
        XCTAssertEqual(grab.velocityAfter, 0)
        XCTAssertEqual(release.targetValue, Double(device.height), "flicked down: hidden")
        XCTAssertEqual(release.velocityAfter, release.pointerVelocity!, accuracy: 1e-9)
        XCTAssertGreaterThan(release.projectedValue!, release.valueAfter)
        XCTAssertGreaterThan(release.settlingTime, 0)
    }

    /// Each threshold in the timings file's `lint` section changes what lint reports.
    func testEveryLintThresholdIsRead() throws {
        let hole = try MotionTraceTests.timings("hole-jump.json")
        let percent = try MotionTraceTests.timings("percent-completion.json")
        let flick = try MotionTraceTests.script("fast-flick.json")
        let overshooting = try MotionTraceTests.timings("overshooting-curve.json")
        let cases: [(String, Timings, [InputEvent], Double)] = [
            ("lint.popShare", hole, [], 0.5),
            ("lint.velocityJumpShare", percent, flick, 5),
            ("lint.overshootShare", overshooting, [], 0.2),
            ("lint.settleBudget", Timings(), flick, 0.01),
        ]
        for p in TimingsSchema.parameters where p.isLintThreshold {
            let c = try XCTUnwrap(cases.first { $0.0 == p.path }, "\(p.path) has no case here")
            let changed = try p.setting(.number(c.3), in: c.1)
            XCTAssertNotEqual(lint(c.1, c.2).findings.map(\.line), lint(changed, c.2).findings.map(\.line), p.path)
        }
    }
}
