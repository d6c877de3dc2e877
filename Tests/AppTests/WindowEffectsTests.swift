import Foundation
import XCTest
import TestFixtures
@testable import App
@testable import Formats
@testable import Scenes

/// The reducer asks, effects do: a whole save, from Ctrl+S to the message, through the window's
/// file effects into a temporary folder.
final class WindowEffectsTests: XCTestCase {
    var folder = ""
    var logs: [String] = []

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder("effects", removedAfter: self)
        logs = []
    }

    var recoveryPath: String { folder + "/recovery/timings.json" }

    /// A window over `path`'s timings, as the shell makes one.
    func window(_ path: String) throws -> WindowState {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let timings = try Timings.load(path: path)
        return windowState(preview: windowPreview(timings), document: TimingsDocument(sourcePath: path, text: text, timings: timings, sourceIsBuiltIn: false))
    }

    /// What the shell does with one action: reduce it, carry out the effects (the file effects for
    /// real, a log line kept here), and reduce what they report, until nothing more comes back.
    func run(_ action: WindowAction, on state: inout WindowState) {
        let files = WindowFileEffects(recoveryPath: recoveryPath)
        for effect in state.reduce(action) {
            if let reported = files.perform(effect) {
                for next in reported { run(next, on: &state) }
            } else if case let .log(text) = effect {
                logs.append(text)
            } else {
                XCTFail("unexpected effect \(effect)")
            }
        }
    }

    /// The shell writing a kept file (`--ui-dump`): the effect carried out, its result reduced.
    func writeKept(_ path: String, on state: inout WindowState) {
        for reported in WindowFileEffects(recoveryPath: recoveryPath).perform(.writeKeptFile("{}\n", path: path)) ?? [] { run(reported, on: &state) }
    }

    func testASaveIsAnEffectAndItsResultComesBackAsAnAction() throws {
        let path = folder + "/timings.json"
        let original = TimingsSchema.fileText(Timings())
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        var s = try window(path)
        run(.document(.edit(path: "card.duration", value: .number(0.5), isFinal: true)), on: &s)
        XCTAssertTrue(s.document.hasUnsavedEdits)
        XCTAssertEqual(try Timings.load(path: recoveryPath).card.duration, 0.5, "the unsaved edit is kept in the recovery file")

        // The reducer asks for the save and writes nothing itself.
        var asked = s
        let effects = asked.reduce(.document(.save))
        XCTAssertEqual(effects, [.save(s.document, besideSavePath: false)])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original)
        XCTAssertTrue(asked.document.hasUnsavedEdits)

        // Carried out, its result updates the state: saved, not dirty, the recovery file gone.
        run(.document(.save), on: &s)
        XCTAssertEqual(try Timings.load(path: path).card.duration, 0.5)
        XCTAssertFalse(s.document.hasUnsavedEdits)
        XCTAssertEqual(s.message?.text, "saved \(path) (card.duration)")
        XCTAssertEqual(s.message?.isError, false)
        XCTAssertEqual(logs, ["saved \(path)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: recoveryPath))
        run(.document(.save), on: &s)
        XCTAssertEqual(s.message?.text, "no unsaved edits")

        // Someone else changes the file: the save fails, says why, and keeps the edit (dirty, and in the recovery file).
        try "{\"card\": {\"duration\": 0.9}}\n".write(toFile: path, atomically: true, encoding: .utf8)
        run(.document(.edit(path: "card.duration", value: .number(0.6), isFinal: true)), on: &s)
        logs = []
        run(.document(.save), on: &s)
        XCTAssertEqual(s.message?.isError, true)
        XCTAssertTrue(s.message?.text.contains("changed on disk since it was saved") ?? false, s.message?.text ?? "no message")
        XCTAssertTrue(s.document.hasUnsavedEdits)
        XCTAssertEqual(s.document.current.card.duration, 0.6)
        XCTAssertEqual(logs, ["save failed: \(s.message?.text ?? "")"])
        XCTAssertEqual(try Timings.load(path: path).card.duration, 0.9, "their file is untouched")
        XCTAssertEqual(try Timings.load(path: recoveryPath).card.duration, 0.6)

        // Ctrl+Shift+S: the effect names a new file beside it (the clock and the folder are read there, not in reduce).
        run(.document(.saveElsewhere), on: &s)
        XCTAssertFalse(s.document.hasUnsavedEdits)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("timings-") }
        XCTAssertEqual(written.count, 1)
        let other = folder + "/" + (written.first ?? "")
        XCTAssertEqual(try Timings.load(path: other).card.duration, 0.6)
        XCTAssertEqual(s.message?.text, "saved \(other) (card.duration)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: recoveryPath))
    }

    func testAKeptFileThatFailsIsReportedOnceUntilItIsWrittenAgain() throws {
        let path = folder + "/timings.json"
        try TimingsSchema.fileText(Timings()).write(toFile: path, atomically: true, encoding: .utf8)
        var s = try window(path)
        let dump = folder + "/no-such-folder/ui.json"
        run(.quit, on: &s)  // no unsaved edits: quits
        XCTAssertFalse(s.isRunning)
        s = try window(path)
        run(.document(.edit(path: "card.duration", value: .number(0.5), isFinal: true)), on: &s)
        run(.quit, on: &s)
        XCTAssertTrue(s.quitRequested)
        for _ in 0..<3 { run(.view(.keptFileWritten(path: dump, failure: nil)), on: &s) }
        XCTAssertTrue(s.quitRequested, "a file written as asked is no answer to Q again?")
        for _ in 0..<3 { writeKept(dump, on: &s) }
        XCTAssertEqual(logs.filter { $0.hasPrefix("splashlab: ") }.count, 1, "reported once: \(logs)")
        XCTAssertEqual(s.message?.isError, true)
        try FileManager.default.createDirectory(atPath: folder + "/no-such-folder", withIntermediateDirectories: true)
        writeKept(dump, on: &s)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dump))
        try FileManager.default.removeItem(atPath: folder + "/no-such-folder")
        writeKept(dump, on: &s)
        XCTAssertEqual(logs.filter { $0.hasPrefix("splashlab: ") }.count, 2, "a new failure after a success is reported again")
    }
}
