import Foundation
import XCTest
import TestFixtures
@testable import App
@testable import Formats

/// The window's reads of the timings file (hot reload, the save's look at its target) stop at the
/// timings file's limit too, with the file's name and the limit.
final class TimingsFileLimitTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("limit", removedAfter: self) }

    /// A file that grows past the limit is refused from its size, and the last good values stay.
    func testHotReloadOfAFileGrownPastTheLimitKeepsTheLastGoodValues() throws {
        let path = folder + "/timings.json"
        try "{\"card\": {\"duration\": 0.3}}".write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = TimingsFileWatcher(path: path, current: try Timings.load(path: path))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(FileSizeLimit.timings.bytes) + 1)
        try handle.close()
        guard case let .failed(error)? = watcher.poll() else { return XCTFail("expected the limit's message") }
        XCTAssertEqual("\(error)", "\(path):1:1: larger than the 16 MiB limit for a timings file")
        XCTAssertEqual(watcher.current.card.duration, 0.3)
    }

    /// A save reads its target to compare: a file past the limit is refused from its size, and a
    /// device or FIFO (`--save-to /dev/zero`) is never opened, so the window cannot block or read
    /// without end. The edit is kept and nothing is written.
    func testASaveWhoseTargetIsTooLargeOrNotARegularFileIsRefused() throws {
        let path = folder + "/mine.json"
        let text = "{\"card\": {\"duration\": 0.3}}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let big = folder + "/big.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: Data("{".utf8)))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: UInt64(FileSizeLimit.timings.bytes) + 1)
        try handle.close()
        let fifo = folder + "/fifo.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let expected = [
            (big, "\(big): larger than the 16 MiB limit for a timings file; not overwriting it"),
            ("/dev/zero", "cannot save /dev/zero: it is a device; your edits are kept: Ctrl+Shift+S saves them elsewhere"),
            (fifo, "cannot save \(fifo): it is a pipe (FIFO); your edits are kept: Ctrl+Shift+S saves them elsewhere"),
        ]
        for (target, message) in expected {
            var document = TimingsDocument(sourcePath: path, text: text, timings: try Timings.load(path: path), sourceIsBuiltIn: false,
                                           saveTo: target)
            XCTAssertNoThrow(try document.edit("card.duration", to: .number(0.4)))
            XCTAssertThrowsError(try document.save()) { XCTAssertEqual("\($0)", message) }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: big)).count, FileSizeLimit.timings.bytes + 1, "nothing written")
    }
}
