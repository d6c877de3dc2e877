import Formats
import Foundation
import XCTest

/// The one way a child process is started: what it reads, what it says, how it ends, and the
/// bounds on its time and output.
final class SubprocessTests: XCTestCase {
    func testInputBytesComeBackThroughItsOutput() throws {
        // 1 MiB: larger than a pipe holds, so the input is written while the output is read.
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let child = try Subprocess("/bin/cat", [], input: .bytes(bytes), output: .pipe)
        XCTAssertEqual(try child.readOutput(limit: 2 << 20), bytes)
        XCTAssertEqual(child.wait(), .exited(0))
    }

    func testExitCodeAndSignalAreReportedAsAShellDoes() throws {
        let failing = try Subprocess("/bin/sh", ["-c", "exit 3"])
        XCTAssertEqual(failing.wait(), .exited(3))
        XCTAssertEqual(failing.wait().status, 3, "a second wait gives the same answer")
        let killed = try Subprocess("/bin/sh", ["-c", "kill -KILL $$"])
        XCTAssertEqual(killed.wait(), .signalled(SIGKILL))
        XCTAssertEqual(killed.wait().status, 128 + SIGKILL)
    }

    func testATimeLimitStopsTheChild() throws {
        let start = Date()
        let child = try Subprocess("/bin/sleep", ["30"], timeLimit: 0.2)
        XCTAssertEqual(child.wait(), .signalled(SIGTERM))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "stopped by the limit, not by sleeping out its 30 s")
        XCTAssertFalse(child.isRunning)
    }

    func testOutputPastItsLimitStopsTheChild() throws {
        let child = try Subprocess("/bin/sh", ["-c", "yes splash"], output: .pipe)
        XCTAssertThrowsError(try child.readOutput(limit: 100_000)) { error in
            XCTAssertEqual((error as? Subprocess.OutputLimitExceeded)?.limit, 100_000)
        }
        XCTAssertFalse(child.isRunning)
    }

    func testStandardErrorIsCollectedALineAtATime() throws {
        let long = String(repeating: "x", count: Subprocess.longestLine + 10)
        let child = try Subprocess("/bin/sh", ["-c", "echo one >&2; echo >&2; printf '%s\\n' \(long) >&2; echo last >&2"], errors: .collect)
        child.wait()
        XCTAssertEqual(child.errorLines.count, 4)
        XCTAssertEqual(child.errorLines[0], "one")
        XCTAssertEqual(child.errorLines[2].count, Subprocess.longestLine, "a line past the bound is cut")
        XCTAssertEqual(child.lastErrorLine, "last")
    }

    func testStandardErrorToAFileIsThereOnceTheChildHasEnded() throws {
        let path = NSTemporaryDirectory() + "subprocess-\(getpid()).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let child = try Subprocess("/bin/sh", ["-c", "echo said >&2"], errors: .file(path))
        XCTAssertEqual(child.wait(), .exited(0))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "said\n")
    }

    func testAMissingExecutableThrowsRatherThanTraps() {
        XCTAssertThrowsError(try Subprocess("/nonexistent/tool", []))
    }
}
