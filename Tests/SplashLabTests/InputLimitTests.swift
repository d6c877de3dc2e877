import Foundation
import XCTest
import TestFixtures

/// Inputs that could exhaust the machine, through the real binary: options asking for absurd
/// work, and files with no end or past their kind's limit. Each gets its message, naming the
/// bound or the file and its limit, and its exit code; none gets a trap or a backtrace.
final class InputLimitTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("limits", removedAfter: self) }

    var builtInTimings: String { CLI.repositoryRoot.appendingPathComponent("Assets/timings.json").path }

    func assertRefused(_ args: [String], status: Int32, message: String, executable: String = CLI.binary, line: UInt = #line) throws {
        let r = try CLI.run(args, executable: executable)
        XCTAssertEqual(r.status, status, "\(args): \(r.stderr)", line: line)
        XCTAssertTrue(r.stderr.contains(message), "\(args) said: \(r.stderr)", line: line)
        XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("Stack dump") || r.stderr.contains("Backtrace"), r.stderr, line: line)
    }

    /// A file of `size` bytes that starts with `head` and is sparse after it, so the test writes
    /// no more than the head however large the file is.
    func sparseFile(_ path: String, head: [UInt8], size: Int) throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(head)))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    /// The first 33 bytes of a PNG of the given size: signature and IHDR chunk.
    func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        let be = { (v: UInt32) in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    // MARK: - Options

    /// Every option that sets an amount of work, past its bound, and NaN, infinity and negatives:
    /// a usage error (exit 2) naming the bound. Before the bounds, the first of these started a
    /// recording that would have run for decades, and the curve allocated until the process aborted.
    func testEveryAmountOfWorkPastItsBoundIsAUsageErrorNamingTheBound() throws {
        let lateScript = folder + "/late.json"
        try #"{"events": [{"t": 86000, "type": "key", "key": "escape"}]}"#.write(toFile: lateScript, atomically: true, encoding: .utf8)
        let out = folder + "/out"
        let cases: [(UInt, [String], String)] = [
            (#line, ["record", "--out", out, "--duration", "1e12", "--fps", "10"], "--duration must be at most 600 s (got 1e12)"),
            (#line, ["curve", "linear", "--samples", "1000000000000"], "--samples must be at most 100,000 (got 1000000000000)"),
            (#line, ["render", "--filmstrip", "--count", "100000000", "--out", out + ".png"], "--count must be at most 64 (got 100000000)"),
            (#line, ["record", "--out", out, "--duration", "100", "--rate", "0.1"], "--duration 100 s slowed 10× makes 1000 s of video; the limit is 600 s of video"),
            (#line, ["record", "--out", out, "--script", lateScript],
             "the recording would run 86000.5 s (to the end of the splash or the script's last input, and 0.5 s more); the limit is 600 s of video (10 minutes): give --duration"),
            (#line, ["record", "--out", out, "--duration", "nan"], "--duration must be a number"),
            (#line, ["record", "--out", out, "--duration", "-3"], "--duration must not be negative (got -3)"),
            (#line, ["record", "--out", out, "--fps", "1000"], "--fps must be at most 240 (got 1000)"),
            (#line, ["record", "--out", out, "--fps", "0.001"], "--fps must be at least 1 (got 0.001)"),
            (#line, ["record", "--out", out, "--fps", "inf"], "--fps must be a number"),
            (#line, ["run", "--fps", "-60"], "--fps must be at least 1 (got -60)"),
            (#line, ["record", "--out", out, "--scale", "1e6"], "--scale must be at most 4 (got 1e6)"),
            (#line, ["render", "--at", "1", "--out", out + ".png", "--scale", "0.001"], "--scale must be at least 0.1 (got 0.001)"),
            (#line, ["bench", "--scale", "100"], "--scale must be at most 4 (got 100)"),
            (#line, ["run", "--window-scale", "50"], "--window-scale must be at most 4 (got 50)"),
            (#line, ["state", "--at", "1e300"], "--at must be at most 86400 s (got 1e300)"),
            (#line, ["render", "--filmstrip", "--from", "0", "--to", "1e9", "--out", out + ".png"], "--to must be at most 86400 s (got 1e9)"),
            (#line, ["render", "--filmstrip", "--from", "-1", "--out", out + ".png"], "--from must not be negative (got -1)"),
            (#line, ["state", "--at", "1", "--feed-latency", "1e12"], "--feed-latency must be at most 60 s (got 1e12)"),
            (#line, ["bench", "--frames", "99999999"], "--frames must be at most 36,000 (got 99999999)"),
            (#line, ["bench", "--frames", "5"], "--frames must be at least 10 (got 5)"),
            (#line, ["bench", "--idle", "--seconds", "1e9"], "--seconds must be at most 600 s (got 1e9)"),
            (#line, ["curve", "linear", "--samples", "1"], "--samples must be at least 2 (got 1)"),
            (#line, ["render", "--at", "1", "--out", out + ".png", "--compare"] + Array(repeating: builtInTimings, count: 9),
             "--compare sets at most 8 timings files side by side (got 9)"),
        ]
        for (line, args, message) in cases { try assertRefused(args, status: 2, message: message, line: line) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing was recorded")
    }

    /// The bounds are inclusive and leave real use alone: the latest preview time a script can
    /// reach, and the most curve samples.
    func testTheBoundsThemselvesAreAccepted() throws {
        let state = try CLI.run(["state", "--at", "86400", "--seed", "3"])
        XCTAssertEqual(state.status, 0, state.stderr)
        XCTAssertTrue(state.stdout.hasPrefix("{"), state.stdout)
        let curve = try CLI.run(["curve", "linear", "--samples", "100000"])
        XCTAssertEqual(curve.status, 0, curve.stderr)
        XCTAssertEqual(curve.stdout.split(separator: "\n").count, 100_001, "a header and every sample")
    }

    func testHelpStatesTheBounds() throws {
        let expected: [(String, [String])] = [
            ("record", ["frames per second, 1 to 240", "at most 600 s of video", "pixels per point, 0.1 to 4", "2 to 8 timings files"]),
            ("render", ["how many frames the filmstrip shows, 1 to 64", "the preview time of the frame, 0 to 86400 s"]),
            ("bench", ["10 to 36,000", "up to 600"]),
            ("curve", ["2 to 100,000"]),
            ("run", ["window size in pixels per point, 0.1 to 4", "when the simulated feed load completes, 0 to 60 s"]),
        ]
        for (command, phrases) in expected {
            let help = try CLI.run([command, "--help"])
            XCTAssertEqual(help.status, 0)
            for phrase in phrases { XCTAssertTrue(help.stdout.contains(phrase), "\(command) --help lacks '\(phrase)':\n\(help.stdout)") }
        }
    }

    // MARK: - Files

    /// Devices with no end, files over their kind's limit, and a directory: each stops with a
    /// message naming the file and the limit, exit 1 (2 where --compare names its own files).
    func testEveryFileReadStopsAtItsLimitWithAMessage() throws {
        let bigTimings = folder + "/big.json"
        try sparseFile(bigTimings, head: Array("{".utf8), size: 16 << 20 + 1)
        let bigLaunch = folder + "/big-launch"
        try FileManager.default.createDirectory(atPath: bigLaunch, withIntermediateDirectories: true)
        try sparseFile(bigLaunch + "/launch.json", head: Array("{".utf8), size: 1 << 20 + 1)
        let hugeImage = folder + "/huge-image"
        try FileManager.default.createDirectory(atPath: hugeImage, withIntermediateDirectories: true)
        try Data(pngHeader(width: 8192, height: 8192)).write(to: URL(fileURLWithPath: hugeImage + "/launch-8192x8192.png"))
        let bigLogo = folder + "/big-logo"
        try FileManager.default.createDirectory(atPath: bigLogo, withIntermediateDirectories: true)
        try sparseFile(bigLogo + "/logo.png", head: pngHeader(width: 1024, height: 1024), size: 80 << 20 + 1)

        let cases: [(UInt, [String], Int32, String)] = [
            (#line, ["state", "--at", "1", "--timings", "/dev/zero"], 1, "/dev/zero:1:1: larger than the 16 MiB limit for a timings file"),
            (#line, ["state", "--at", "1", "--script", "/dev/zero"], 1, "/dev/zero:1:1: larger than the 256 MiB limit for an input script"),
            (#line, ["state", "--at", "1", "--timings", bigTimings], 1, "\(bigTimings):1:1: larger than the 16 MiB limit for a timings file"),
            (#line, ["state", "--at", "1", "--timings", folder], 1, "\(folder):1:1: cannot read the file: it is a directory"),
            (#line, ["render", "--at", "1", "--out", folder + "/ab.png", "--compare", builtInTimings, "/dev/urandom"], 2,
             "--compare: /dev/urandom:1:1: larger than the 16 MiB limit for a timings file"),
            // A launch source past its limit is a warning naming it and the limit, and the next source is used.
            (#line, ["state", "--at", "1", "--assets", bigLaunch], 0,
             "warning: \(bigLaunch)/launch.json:1:1: larger than the 1 MiB limit for launch.json; trying the next launch source"),
            (#line, ["state", "--at", "1", "--assets", hugeImage], 0,
             "warning: \(hugeImage)/launch-8192x8192.png: image is 8192x8192 px; images over 16 Mpx (16777216 pixels) are refused; trying the next launch source"),
            (#line, ["render", "--at", "0.5", "--out", folder + "/logo.png", "--assets", bigLogo], 1,
             "\(bigLogo)/logo.png: larger than the 80 MiB limit for an image"),
        ]
        for (line, args, status, message) in cases { try assertRefused(args, status: status, message: message, line: line) }
    }

    /// A FIFO in an assets folder is refused from its type, without opening it: with no writer,
    /// opening it would wait for ever. As a launch image it is a warning, and the next source is used.
    func testAnImageThatIsAFIFOIsRefusedWithoutWaiting() throws {
        let assets = folder + "/fifo-assets"
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(assets + "/launch-750x1334.png", 0o600), 0)
        try assertRefused(["state", "--at", "1", "--assets", assets], status: 0,
                          message: "warning: \(assets)/launch-750x1334.png: not a regular file; an image is read more than once")
        XCTAssertEqual(mkfifo(assets + "/screen.png", 0o600), 0)
        try assertRefused(["state", "--at", "1", "--assets", assets], status: 1,
                          message: "\(assets)/screen.png: not a regular file; an image is read more than once")
    }

    /// Process substitution and a named FIFO with a writer read like the file itself: the same
    /// state, for timings and scripts, and --compare reads two pipes.
    func testPipesAndFIFOsReadLikeTheFile() throws {
        let script = folder + "/script.json"
        try #"{"events": [{"t": 0.5, "type": "down", "x": 100, "y": 300}, {"t": 0.6, "type": "up", "x": 100, "y": 300}]}"#
            .write(toFile: script, atomically: true, encoding: .utf8)
        let direct = try CLI.run(["state", "--at", "3", "--seed", "3", "--timings", builtInTimings, "--script", script])
        XCTAssertEqual(direct.status, 0, direct.stderr)

        let substituted = try CLI.run(["-c", #""$0" state --at 3 --seed 3 --timings <(cat "$1") --script <(cat "$2")"#, CLI.binary, builtInTimings, script],
                                      executable: "/bin/bash")
        XCTAssertEqual(substituted.status, 0, substituted.stderr)
        XCTAssertEqual(substituted.stdout, direct.stdout)

        let fifo = folder + "/timings.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: builtInTimings))
        Thread.detachNewThread {
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let named = try CLI.run(["state", "--at", "3", "--seed", "3", "--timings", fifo, "--script", script])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stdout, direct.stdout)

        let out = folder + "/ab.png"
        let compared = try CLI.run(["-c", #""$0" render --at 1 --seed 3 --out "$2" --compare <(cat "$1") <(sed 's/"minHold": [0-9.]*/"minHold": 0.2/' "$1")"#,
                                    CLI.binary, builtInTimings, out], executable: "/bin/bash")
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertTrue(compared.stderr.contains("wrote \(out)"), compared.stderr)
    }
}
