@testable import App
import Session
import Formats
import Foundation
import XCTest
@testable import Render
import Scenes

final class TimingsReloadTests: XCTestCase {
    func testReloadAppliesAChangedDurationAndABrokenEditKeepsTheOld() throws {
        let path = NSTemporaryDirectory() + "splashlab-reload-\(UUID().uuidString).json"
        try "{\"card\": {\"duration\": 0.3}}".write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = TimingsFileWatcher(path: path, current: try Timings.load(path: path))
        XCTAssertNil(watcher.poll(), "nothing changed yet")
        // The modification time has a resolution of a few ms on some filesystems; make sure it moves.
        Thread.sleep(forTimeInterval: 0.02)
        try "{\"card\": {\"duration\": 0.45}}".write(toFile: path, atomically: true, encoding: .utf8)
        guard case let .reloaded(timings)? = watcher.poll() else { return XCTFail("expected a reload") }
        XCTAssertEqual(timings.card.duration, 0.45)
        XCTAssertEqual(watcher.current.card.duration, 0.45)
        Thread.sleep(forTimeInterval: 0.02)
        try "{\n  \"card\": {\"duration\": -1}\n}".write(toFile: path, atomically: true, encoding: .utf8)
        guard case let .failed(error)? = watcher.poll() else { return XCTFail("expected an error") }
        XCTAssertEqual("\(error)", "\(path):2:24: card.duration must lie in [0, 600] (got -1.0)")
        XCTAssertEqual(watcher.current.card.duration, 0.45, "the last good values stay in force")
        Thread.sleep(forTimeInterval: 0.02)
        try "{\"card\": {\"duration\": 0.2,}}".write(toFile: path, atomically: true, encoding: .utf8)
        guard case let .failed(syntax)? = watcher.poll() else { return XCTFail("expected an error") }
        XCTAssertTrue("\(syntax)".hasPrefix("\(path):1:27: expected a quoted field name"), "\(syntax)")
        // And the file is never written by the watcher.
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\"card\": {\"duration\": 0.2,}}")
        // Bytes that are not UTF-8 are refused at their byte, as at start, not read as U+FFFD;
        // a byte-order mark is skipped.
        Thread.sleep(forTimeInterval: 0.02)
        try Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).write(to: URL(fileURLWithPath: path))
        guard case let .failed(bytes)? = watcher.poll() else { return XCTFail("expected an error") }
        XCTAssertTrue("\(bytes)".contains("byte 3 (0xFF) is not valid UTF-8"), "\(bytes)")
        Thread.sleep(forTimeInterval: 0.02)
        try Data([0xEF, 0xBB, 0xBF] + Array("{\"card\": {\"duration\": 0.25}}".utf8)).write(to: URL(fileURLWithPath: path))
        guard case let .reloaded(withBOM)? = watcher.poll() else { return XCTFail("expected a reload") }
        XCTAssertEqual(withBOM.card.duration, 0.25)
    }

    /// The window reads the file at start and makes its watcher later, after the window opens:
    /// an edit saved in between is seen at the first poll, not lost until the next save.
    func testAnEditSavedBetweenTheStartAndTheWatcherIsSeenAtTheFirstPoll() throws {
        let path = NSTemporaryDirectory() + "splashlab-reload-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{\"splash\": {\"minHold\": 2.0}}".write(toFile: path, atomically: true, encoding: .utf8)
        let bytesAtStart = try JSONParser.readFile(path, limit: .timings)
        let timingsAtStart = try Timings.parse(bytes: bytesAtStart, path: path)
        // The same size, written within the same clock tick: neither stamp moves after the watcher.
        try "{\"splash\": {\"minHold\": 1.2}}".write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = TimingsFileWatcher(path: path, current: timingsAtStart, contents: bytesAtStart)
        guard case let .reloaded(timings)? = watcher.poll() else { return XCTFail("expected the edit made before the watcher to be reloaded") }
        XCTAssertEqual(timings.splash.minHold, 1.2)
        XCTAssertNil(watcher.poll(), "and read once, not at every poll")
        // Given the bytes it was started with and an unchanged file, the first poll reports nothing.
        let unchanged = TimingsFileWatcher(path: path, current: timings, contents: try JSONParser.readFile(path, limit: .timings))
        XCTAssertNil(unchanged.poll())
    }

    func testSessionWithNewTimingsReplaysTheSequenceWithThem() throws {
        let session = try PreviewSession(PreviewOptions(device: Device.named("iphone-se")!, seed: 1), builtInAssets: RenderHarness.builtInAssets)
        var timings = session.timings
        timings.splash.minHold = 1.2
        let reloaded = session.withTimings(timings)
        XCTAssertEqual(reloaded.preview.splash.dismissalTime, 1.2)
        XCTAssertEqual(reloaded.initialPreview.splash.dismissalTime, 1.2)
        XCTAssertEqual(reloaded.preview.splash.options.textVariant, session.preview.splash.options.textVariant)
    }
}
