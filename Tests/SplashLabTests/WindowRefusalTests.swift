import Foundation
import TestFixtures
import XCTest

/// What the window and the soak refuse before they start, through the real binary and script:
/// one line and an exit code each.
final class WindowRefusalTests: XCTestCase {
    /// Without a display the window refuses with one line, pointing to `splashlab render`, and exit code 2.
    func testNoDisplayIsOneLineAndExitCode2() throws {
        let r = try CLI.run(["run"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("splashlab render"), r.stderr)
    }

    /// A display named but not answering (no X server there) is refused by name within a few
    /// seconds, not left to SDL's fall-through to its offscreen driver, where the window would run unseen.
    func testADisplayThatDoesNotAnswerIsRefusedByName() throws {
        let r = try CLI.run(["run"], environment: ["DISPLAY": ":97"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("could not open the X display ':97'"), r.stderr)
    }

    /// The soak refuses a missing binary and a MINUTES that is not a positive number with a message
    /// and exit code 2, before it starts Xvfb.
    func testTheSoakRefusesWhatItCannotRun() throws {
        let soak = CLI.repositoryRoot.appendingPathComponent("scripts/soak.sh").path
        let missing = try CLI.run([soak, NSTemporaryDirectory() + "no-such-binary-\(UUID().uuidString)", "1"], executable: "/bin/bash")
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("is not an executable file"), missing.stderr)
        let soon = try CLI.run([soak, CLI.binary, "soon"], executable: "/bin/bash")
        XCTAssertEqual(soon.status, 2, soon.stderr)
        XCTAssertTrue(soon.stderr.contains("MINUTES must be a positive number"), soon.stderr)
    }
}
