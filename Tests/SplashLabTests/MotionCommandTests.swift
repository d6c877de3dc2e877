import Foundation
import XCTest
@testable import Formats
@testable import Scenes

/// `state --trace` and `lint` as a user runs them: the real binary, the fixtures' timings and
/// scripts, the logo's traced outline for the hole's coverage.
final class MotionCommandTests: XCTestCase {
    let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/lint").path

    func testTraceIsCSVOrJSONWithEveryPropertysValueAndVelocity() throws {
        let csv = try CLI.run(["state", "--trace", "--from", "2", "--to", "2.6", "--step", "0.1", "--seed", "1"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdout.split(separator: "\n")
        XCTAssertEqual(rows.count, 8)
        let header = rows[0].split(separator: ",").map(String.init)
        let hole = try XCTUnwrap(header.firstIndex(of: "splash.holeSize"))
        XCTAssertEqual(header[hole + 1], "splash.holeSize.velocity")
        // At 2.3 s the hole grows (its velocity is positive) between 0.85 and 23 times the logo.
        let row = rows[4].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(row[0], "2.3")
        XCTAssertGreaterThan(Double(row[hole + 1])!, 0)
        let json = try CLI.run(["state", "--trace", "--from", "2", "--to", "2.1", "--step", "0.05", "--json", "--seed", "1"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        XCTAssertEqual((object["samples"] as! [Any]).count, 3)
        XCTAssertEqual((object["properties"] as! [[String: Any]]).count, MotionProperty.all.count)
    }

    func testTraceRefusesBadRanges() throws {
        for (arguments, message) in [(["state", "--trace", "--from", "3", "--to", "1"], "--from 3 is later than --to 1"),
                                     (["state", "--trace", "--step", "0"], "--step must be at least 0.0001"),
                                     (["state", "--trace", "--to", "80000", "--step", "0.001"], "more than 1,000,000 samples"),
                                     (["state", "--at", "1", "--step", "0.1"], "--step belongs to a trace: add --trace")] {
            let r = try CLI.run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Fatal"), r.stderr)
        }
    }

    func testLintIsCleanOnTheDefaultsWithASession() throws {
        let r = try CLI.run(["lint", "--script", "\(fixtures)/session.json", "--seed", "1"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("clean: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("10 interruptions"), r.stdout)
    }

    func testLintNamesTheTrackAndTimeOfAPop() throws {
        let r = try CLI.run(["lint", "--timings", "\(fixtures)/hole-jump.json", "--json", "--seed", "1"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = object["findings"] as! [[String: Any]]
        XCTAssertEqual(findings.map { $0["rule"] as! String }, ["pop"])
        XCTAssertEqual(findings[0]["subject"] as? String, "hole")
        XCTAssertEqual(findings[0]["time"] as! Double, 2.12, accuracy: 1.0 / 240)
    }

    func testLintNamesTheInterruptionOfAVelocityJumpAndTheTrackOfAnOvershoot() throws {
        let jump = try CLI.run(["lint", "--timings", "\(fixtures)/percent-completion.json", "--script", "\(fixtures)/fast-flick.json", "--seed", "1"])
        XCTAssertEqual(jump.status, 1)
        XCTAssertTrue(jump.stdout.contains("velocity-jump  panel release at 3.649 s:"), jump.stdout)
        let overshoot = try CLI.run(["lint", "--timings", "\(fixtures)/overshooting-curve.json", "--seed", "1"])
        XCTAssertEqual(overshoot.status, 1)
        XCTAssertTrue(overshoot.stdout.contains("overshoot  logo:"), overshoot.stdout)
        // A flag overrides the file's threshold.
        let accepted = try CLI.run(["lint", "--timings", "\(fixtures)/overshooting-curve.json", "--threshold", "overshootShare=0.1", "--seed", "1"])
        XCTAssertEqual(accepted.status, 0, accepted.stdout)
    }

    func testLintChecksTheHoleAgainstTheLogosOutline() throws {
        let path = NSTemporaryDirectory() + "splashlab-lint-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"splash": {"hole": {"scales": [1, 0.85, 5]}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "--timings", path, "--seed", "1"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("hole-coverage  hole: at its end the hole"), r.stdout)
    }

    /// Seed 002's blink: a logo that starts at 40 pt makes the intro's first frame differ from the
    /// launch screen (72 pt); lint names it at 0 s. The defaults match, so nothing is found.
    func testLintFindsTheBlinkOfAFirstFrameThatIsNotTheLaunchScreen() throws {
        let path = NSTemporaryDirectory() + "splashlab-lint-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"splash": {"logo": {"startSize": 40}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "--timings", path, "--json", "--seed", "1"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = object["findings"] as! [[String: Any]]
        XCTAssertEqual(findings.map { $0["rule"] as! String }, ["blink"])
        XCTAssertEqual(findings[0]["time"] as? Double, 0)
        XCTAssertGreaterThan(findings[0]["amount"] as! Double, 1000)
        let clean = try CLI.run(["lint", "--json", "--seed", "1"])
        XCTAssertEqual(clean.status, 0, clean.stdout)
        let checked = try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as! [String: Any]
        XCTAssertEqual((checked["notChecked"] as! [Any]).count, 0, clean.stdout)
    }

    func testLintRefusesABadThreshold() throws {
        let r = try CLI.run(["lint", "--threshold", "popShare=2"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--threshold: lint.popShare must lie in (0, 1] (got 2.0)"), r.stderr)
        let name = try CLI.run(["lint", "--threshold", "pops=2"])
        XCTAssertEqual(name.status, 2)
        XCTAssertTrue(name.stderr.contains("--threshold takes NAME=VALUE with NAME one of popShare, velocityJumpShare, overshootShare, settleBudget (got 'pops=2')"), name.stderr)
        let file = try CLI.run(["lint", "--timings", "/dev/null"])
        XCTAssertEqual(file.status, 1)
    }

    func testRenderGraphWritesThePictureOfATake() throws {
        let path = NSTemporaryDirectory() + "splashlab-graph-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try CLI.run(["render", "--graph", "--script", "\(fixtures)/session.json", "--properties", "panel.top,card.progress",
                             "--seed", "1", "--out", path], environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("wrote \(path), 1200x760; 2 properties, 10 interruptions"), r.stderr)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(8))
        XCTAssertEqual(bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let bad = try CLI.run(["render", "--graph", "--properties", "panel.bottom", "--out", path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--properties: unknown property 'panel.bottom'; properties: splash.logoSize"), bad.stderr)
        let stray = try CLI.run(["render", "--graph", "--at", "1", "--out", path])
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.stderr.contains("--graph draws the take from --from to --to; leave out --at"), stray.stderr)
    }
}
