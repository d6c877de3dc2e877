import Foundation
import XCTest
import TestFixtures

/// Every output the binary writes checks its result: a full device, a file-size limit reached
/// mid-write, a folder that cannot take a file and a closed pipe each end in exit status 1 and a
/// message naming the path (or standard output), and never leave half a file under the final name.
final class WriteFailureTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try makeTemporaryFolder("writes") }

    override func tearDown() {
        chmod(folder, 0o755)
        removeTemporaryFolder(folder)
    }

    /// The folder's entries, hidden ones (a leftover temporary file) included.
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    /// Runs splashlab with the given standard output, which is closed here once the child has it.
    func run(_ arguments: [String], standardOutput: FileHandle) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SPLASHLAB_ASSETS"] = CLI.repositoryRoot.appendingPathComponent("Assets").path
        environment.removeValue(forKey: "DISPLAY")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = standardOutput
        let err = Pipe()
        process.standardError = err
        try process.run()
        try standardOutput.close()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    /// The write end of a pipe whose read end is already closed: every write fails with EPIPE.
    func closedPipe() throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        return pipe.fileHandleForWriting
    }

    /// splashlab under a file-size limit (bytes), as a disk that fills up mid-write would be.
    func runLimitingFileSize(to bytes: Int, _ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["--fsize=\(bytes)", CLI.binary] + arguments, executable: "/usr/bin/prlimit")
    }

    // MARK: PNG

    /// SDL_image reported a PNG written to a full device as saved, with exit status 0.
    func testPNGToAFullDeviceFailsNamingIt() throws {
        let r = try CLI.run(["render", "--at", "1", "--scale", "0.5", "--out", "/dev/full"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write /dev/full: No space left on device\n")
    }

    /// A PNG cut short keeps the file that was there, whole, and leaves no temporary beside it.
    func testPNGCutShortKeepsTheOldFileAndNoTemporary() throws {
        let out = folder + "/still.png"
        try "the old file".write(toFile: out, atomically: false, encoding: .utf8)
        let r = try runLimitingFileSize(to: 2000, ["render", "--at", "1", "--scale", "0.5", "--seed", "2", "--out", out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write \(out): File too large\n")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "the old file")
        XCTAssertEqual(try entries(), ["still.png"])
    }

    /// A folder the user cannot write to: the message names the path and the folder. Root may
    /// write anywhere, so as root the binary runs as nobody: a copy of it in a folder anyone may
    /// enter (the checkout's own folders may be closed to others), drawing a curve's plot, which
    /// needs no assets from the checkout.
    func testPNGIntoAFolderThatIsNotWritableFailsNamingIt() throws {
        XCTAssertEqual(chmod(folder, 0o555), 0)
        let out = folder + "/still.png"
        let arguments = ["curve", "easeIn", "--plot", out]
        let r: CLI.Result
        if getuid() == 0 {
            let open = NSTemporaryDirectory() + "splashlab-as-nobody-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            defer { try? FileManager.default.removeItem(atPath: open) }
            try FileManager.default.copyItem(atPath: CLI.binary, toPath: open + "/splashlab")
            XCTAssertEqual(chmod(open + "/splashlab", 0o755), 0)
            r = try CLI.run(["--reuid=65534", "--regid=65534", "--clear-groups", open + "/splashlab"] + arguments, executable: "/usr/bin/setpriv")
        } else {
            r = try CLI.run(arguments)
        }
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write \(out): cannot create a file in \(folder): Permission denied\n")
        XCTAssertEqual(try entries(), [])
    }

    func testPNGIntoAMissingFolderFailsNamingIt() throws {
        let out = folder + "/missing/still.png"
        let r = try CLI.run(["render", "--at", "1", "--scale", "0.5", "--out", out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write \(out): cannot create a file in \(folder)/missing: No such file or directory\n")
    }

    /// The frames of a PNG sequence are written on the recording's writer thread, checked the same way.
    func testPNGSequenceFrameToAFullDeviceStopsTheRecording() throws {
        XCTAssertEqual(symlink("/dev/full", folder + "/frame-00001.png"), 0)
        let r = try CLI.run(["record", "--out", folder, "--duration", "0.3", "--fps", "10", "--scale", "0.3"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write \(folder)/frame-00001.png: No space left on device\n"), r.stderr)
    }

    /// A plot is a PNG too.
    func testCurvePlotToAFullDeviceFailsNamingIt() throws {
        let r = try CLI.run(["curve", "easeIn", "--samples", "3", "--plot", "/dev/full"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write /dev/full: No space left on device\n")
    }

    // MARK: What a rename must not replace, and what it must keep

    /// A replaced file keeps its mode, and a symbolic link stays a link with its target replaced.
    func testPNGThroughASymbolicLinkReplacesTheTargetAndKeepsItsMode() throws {
        let target = folder + "/target.png", link = folder + "/link.png"
        try "the old file".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o600), 0)
        XCTAssertEqual(symlink(target, link), 0)
        let r = try CLI.run(["render", "--at", "1", "--scale", "0.5", "--out", link])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertEqual(try entries(), ["link.png", "target.png"])
    }

    /// /dev/stdout is written straight into, not replaced: the PNG arrives whole on standard output.
    func testPNGToStandardOutputIsWrittenStraightInto() throws {
        let viaStandardOutput = folder + "/via-stdout.png", direct = folder + "/direct.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: viaStandardOutput, contents: nil))
        let arguments = ["render", "--at", "1", "--scale", "0.5", "--seed", "2", "--out"]
        let r = try run(arguments + ["/dev/stdout"], standardOutput: try XCTUnwrap(FileHandle(forWritingAtPath: viaStandardOutput)))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try CLI.run(arguments + [direct]).status, 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: direct))
        XCTAssertEqual(png.prefix(8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: viaStandardOutput)), png)
    }

    /// A FIFO (a shell's `>(…)`) is written into, not replaced by a regular file.
    func testPNGIntoAFIFOReachesItsReader() throws {
        let fifo = folder + "/frame.fifo", received = folder + "/received.png", direct = folder + "/direct.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: received, contents: nil))
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        reader.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: received))
        try reader.run()
        let arguments = ["render", "--at", "1", "--scale", "0.5", "--seed", "2", "--out"]
        let r = try CLI.run(arguments + [fifo])
        reader.waitUntilExit()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try CLI.run(arguments + [direct]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: received)), try Data(contentsOf: URL(fileURLWithPath: direct)))
        var status = stat()
        XCTAssertEqual(lstat(fifo, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "still a FIFO, not a regular file")
    }

    // MARK: Standard output

    /// Each command that prints its result fails on a closed pipe with a message, instead of
    /// ending silently on SIGPIPE (status 141).
    func testOutputToAClosedPipeFailsNamingStandardOutput() throws {
        let commands: [(UInt, [String])] = [
            (#line, ["state", "--at", "1"]),
            (#line, ["export", "swift"]),
            (#line, ["curve", "easeIn", "--samples", "5"]),
            (#line, ["devices"]),
            (#line, ["timings", "--schema"]),
            (#line, ["help"]),
        ]
        for (line, arguments) in commands {
            let r = try run(arguments, standardOutput: try closedPipe())
            XCTAssertEqual(r.status, 1, r.stderr, line: line)
            XCTAssertTrue(r.stderr.hasPrefix("splashlab: cannot write standard output: Broken pipe\n"), r.stderr, line: line)
        }
    }

    func testOutputToAFullDeviceFailsNamingStandardOutput() throws {
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let r = try run(["state", "--at", "1"], standardOutput: full)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write standard output: No space left on device\n")
    }

    /// Messages to a closed standard error are dropped: there is nowhere left to report them,
    /// and Foundation's FileHandle.write trapped there. A recording long enough to report its
    /// progress writes to standard error from its progress thread too.
    func testClosedStandardErrorDoesNotStopACommand() throws {
        let commands: [(UInt, [String])] = [
            (#line, ["timings"]),
            (#line, ["record", "--out", folder + "/frames", "--duration", "6", "--fps", "30", "--scale", "1", "--seed", "3"]),
        ]
        for (line, arguments) in commands {
            let r = try CLI.run(["-c", "exec \"$0\" \"$@\" 2>&-", CLI.binary] + arguments, executable: "/bin/sh")
            XCTAssertEqual(r.status, 0, r.stderr, line: line)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").count, 180)
    }

    // MARK: CSV

    func testFramesCSVToAFullDeviceFailsNamingIt() throws {
        let r = try CLI.run(["bench", "--frames", "10", "--frames-csv", "/dev/full"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("splashlab: cannot write /dev/full: No space left on device\n"), r.stderr)
    }

    // MARK: Video

    /// ffmpeg exits 0 when it cannot write the file's end; the cut-short video is not put under
    /// the final name, and the file that was there stays.
    func testVideoCutShortKeepsTheOldFileAndNoTemporary() throws {
        for name in ["splash.mp4", "splash.gif"] {
            let out = folder + "/" + name
            try "the old file".write(toFile: out, atomically: false, encoding: .utf8)
            let r = try runLimitingFileSize(to: 3000, ["record", "--out", out, "--duration", "1", "--fps", "10", "--scale", "0.5", "--seed", "1"])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("splashlab: ffmpeg failed writing \(out): Error writing trailer of \(out): File too large"), r.stderr)
            XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "the old file", name)
        }
        XCTAssertEqual(try entries(), ["splash.gif", "splash.mp4"])
    }

    /// A video to a full device (through a link, which keeps the .mp4 name) fails with ffmpeg's reason.
    func testVideoToAFullDeviceFailsNamingIt() throws {
        let out = folder + "/splash.mp4"
        XCTAssertEqual(symlink("/dev/full", out), 0)
        let r = try CLI.run(["record", "--out", out, "--duration", "0.3", "--fps", "10", "--scale", "0.3"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("splashlab: ffmpeg failed writing \(out) (status 1): "), r.stderr)
        XCTAssertTrue(r.stderr.contains("No space left on device"), r.stderr)
        XCTAssertEqual(try entries(), ["splash.mp4"])
    }

    /// A video that is written whole replaces the old file under its name, and nothing else is left.
    func testVideoWrittenWholeReplacesTheOldFile() throws {
        let out = folder + "/splash.mp4"
        try "the old file".write(toFile: out, atomically: false, encoding: .utf8)
        let r = try CLI.run(["record", "--out", out, "--duration", "0.3", "--fps", "10", "--scale", "0.3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)).dropFirst(4).prefix(4), Data("ftyp".utf8))
        XCTAssertEqual(try entries(), ["splash.mp4"])
    }

    // MARK: Folders

    func testOutputFolderThatIsAFileFailsNamingIt() throws {
        let file = folder + "/plain"
        try "a file".write(toFile: file, atomically: false, encoding: .utf8)
        let r = try CLI.run(["export", "launch", "--out", file + "/launch"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "splashlab: cannot write \(file)/launch: \(file) is not a folder\n")
    }
}
