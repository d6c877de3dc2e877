import Foundation
import XCTest
import TestFixtures
@testable import Formats

/// Every file read stops at its kind's limit: regular files by their size, devices and pipes at the
/// byte after the limit. Real files, a real FIFO and /dev/zero.
final class BoundedFileReaderTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("read", removedAfter: self) }

    let tiny = FileSizeLimit(bytes: 10, kind: "a test file")

    func testAFileOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let path = folder + "/ten"
        try Data(repeating: 0x41, count: 10).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try BoundedFileReader.read(path, limit: tiny), [UInt8](repeating: 0x41, count: 10))
        try Data(repeating: 0x41, count: 11).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try BoundedFileReader.read(path, limit: tiny)) {
            XCTAssertEqual("\($0)", "larger than the 10 bytes limit for a test file")
        }
    }

    /// A device with no end stops at the limit, with the file's name and the limit, never running
    /// out of memory: the timings limit holds /dev/zero to 16 MiB.
    func testADeviceWithNoEndStopsAtTheLimit() {
        XCTAssertThrowsError(try Timings.load(path: "/dev/zero")) {
            XCTAssertEqual("\($0)", "/dev/zero:1:1: larger than the 16 MiB limit for a timings file")
        }
        XCTAssertThrowsError(try BoundedFileReader.read("/dev/urandom", limit: tiny)) {
            XCTAssertEqual("\($0)", "larger than the 10 bytes limit for a test file")
        }
    }

    /// A regular file over the limit is refused from its size: a sparse 1 GiB script is refused
    /// without a gigabyte being read.
    func testARegularFileOverTheLimitIsRefusedFromItsSize() throws {
        let path = folder + "/sparse.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{\"events\": [".utf8)))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        XCTAssertThrowsError(try InputScript.load(path: path)) {
            XCTAssertEqual("\($0)", "\(path):1:1: larger than the 256 MiB limit for an input script")
        }
    }

    func testADirectoryGetsAMessage() {
        XCTAssertThrowsError(try BoundedFileReader.read(folder, limit: .timings)) {
            XCTAssertEqual("\($0)", "cannot read the file: it is a directory")
        }
    }

    /// A FIFO is read to its writer's end, as process substitution needs; past the limit it is
    /// refused like any other file.
    func testAFIFOIsReadToItsEndAndBoundedLikeAFile() throws {
        let fifo = folder + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0, String(cString: strerror(errno)))
        let text = #"{"events": [{"t": 0.5, "type": "down", "x": 100, "y": 300}]}"#
        writeInBackground(Data(text.utf8), to: fifo)
        XCTAssertEqual(try InputScript.load(path: fifo).events.count, 1)

        writeInBackground(Data(repeating: 0x20, count: 64), to: fifo)
        XCTAssertThrowsError(try BoundedFileReader.read(fifo, limit: tiny)) {
            XCTAssertEqual("\($0)", "larger than the 10 bytes limit for a test file")
        }
    }

    /// Images and fonts are opened by a library, by path, more than once: they must be regular
    /// files, which is checked without opening them, so a FIFO with no writer cannot block.
    func testALibraryOpenedFileMustBeRegularAndWithinTheLimit() throws {
        let fifo = folder + "/logo.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try BoundedFileReader.checkRegularFile(fifo, limit: .image)) {
            XCTAssertEqual("\($0)", "not a regular file; an image is read more than once")
        }
        XCTAssertThrowsError(try BoundedFileReader.checkRegularFile("/dev/zero", limit: .font)) {
            XCTAssertEqual("\($0)", "not a regular file; a font is read more than once")
        }
        let big = folder + "/big.ttf"
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: UInt64(FileSizeLimit.font.bytes) + 1)
        try handle.close()
        XCTAssertThrowsError(try BoundedFileReader.checkRegularFile(big, limit: .font)) {
            XCTAssertEqual("\($0)", "larger than the 64 MiB limit for a font")
        }
    }

    /// Opens the FIFO for writing on another thread (open blocks until the reader opens it too),
    /// writes `data` and closes it, which is the reader's end of file. A reader that stops early
    /// makes the write fail with EPIPE, not a signal.
    private func writeInBackground(_ data: Data, to fifo: String) {
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread {
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }
}
