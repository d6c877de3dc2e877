import Foundation
import XCTest
import TestFixtures
@testable import App
@testable import Formats
import Motion

/// Editing, undo, A/B and saving the timings file, with real files in a temporary folder.
final class TimingsDocumentTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("doc", removedAfter: self) }

    let userText = """
    {
      "$comment": "ours",
      "splash": {
        "minHold": 2.0,
        "logo": {"startSize": 72, "duration": 0.3, "curve": "easeInEaseOut"},
        "hole": {"scales": [1, 0.85, 18]}
      },
      "card": {"duration": 0.3}
    }

    """

    func document(_ text: String? = nil) throws -> (TimingsDocument, String) {
        let path = folder + "/mine.json"
        try (text ?? userText).write(toFile: path, atomically: true, encoding: .utf8)
        let t = try Timings.load(path: path)
        return (TimingsDocument(sourcePath: path, text: text ?? userText, timings: t, sourceIsBuiltIn: false), path)
    }

    func testPatchChangesOnlyTheEditedValuesAndAddsMissingOnesInPlace() throws {
        let patched = try TimingsFilePatch.apply([("splash.logo.duration", "0.45"), ("splash.logo.curve", "\"cubic-bezier(0.2, 0, 0, 1)\""),
                                                  ("splash.hole.scales", "[1, 0.8, 18]"), ("splash.logo.endSize", "90"),
                                                  ("panel.maxDim", "0.5"), ("splash.feed.duration", "0.7")], to: userText)
        XCTAssertEqual(patched, """
        {
          "$comment": "ours",
          "splash": {
            "minHold": 2.0,
            "logo": {"startSize": 72, "duration": 0.45, "curve": "cubic-bezier(0.2, 0, 0, 1)", "endSize": 90},
            "hole": {"scales": [1, 0.8, 18]},
            "feed": {"duration": 0.7}
          },
          "card": {"duration": 0.3},
          "panel": {"maxDim": 0.5}
        }

        """)
        var expected = try Timings.parse(text: userText, path: "t")
        expected.splash.logoDuration = 0.45
        expected.splash.logoCurve = try TimingCurve(parsing: "cubic-bezier(0.2, 0, 0, 1)")
        expected.splash.holeScales = [1, 0.8, 18]
        expected.splash.logoEndSize = 90
        expected.panel.maxDim = 0.5
        expected.splash.feedDuration = 0.7
        XCTAssertEqual(try Timings.parse(text: patched, path: "t"), expected)
        XCTAssertEqual(try TimingsFilePatch.apply([("card.duration", "1")], to: "{}"), "{\"card\": {\"duration\": 1}}")
    }

    func testADragIsOneUndoStepAndRedoComesBack() throws {
        var (doc, _) = try document()
        for v in [0.31, 0.35, 0.4] { try doc.edit("splash.logo.duration", to: .number(v), isFinal: false) }
        try doc.edit("splash.logo.duration", to: .number(0.42), isFinal: true)
        try doc.edit("card.duration", to: .number(0.5))
        XCTAssertEqual(doc.current.splash.logoDuration, 0.42)
        XCTAssertTrue(doc.undo())
        XCTAssertEqual(doc.current.card.duration, 0.3)
        XCTAssertEqual(doc.current.splash.logoDuration, 0.42)
        XCTAssertTrue(doc.undo())
        XCTAssertEqual(doc.current.splash.logoDuration, 0.3, "the whole drag undone at once")
        XCTAssertFalse(doc.undo())
        XCTAssertTrue(doc.redo()); XCTAssertTrue(doc.redo())
        XCTAssertEqual(doc.current.card.duration, 0.5)
        XCTAssertFalse(doc.redo())
    }

    /// A spring drag sets its response and damping fraction together: one edit per frame, one
    /// undo step for the whole drag; a refused number leaves the other unset too.
    func testASpringDragIsOneEditAndOneUndoStep() throws {
        var (doc, _) = try document()
        func spring(_ response: Double, _ fraction: Double) -> [ParameterChange] {
            [ParameterChange(path: "panel.springResponse", value: .number(response)),
             ParameterChange(path: "panel.springDampingFraction", value: .number(fraction))]
        }
        for (r, f) in [(0.4, 0.9), (0.45, 0.8), (0.5, 0.7)] { try doc.edit(spring(r, f), isFinal: false) }
        try doc.edit(spring(0.55, 0.6), isFinal: true)
        XCTAssertEqual(doc.current.panel.springResponse, 0.55)
        XCTAssertEqual(doc.current.panel.springDampingFraction, 0.6)
        XCTAssertTrue(doc.undo())
        XCTAssertEqual(doc.current.panel.springResponse, 0.35, "the whole drag undone at once")
        XCTAssertEqual(doc.current.panel.springDampingFraction, 1)
        XCTAssertFalse(doc.undo())
        XCTAssertThrowsError(try doc.edit(spring(0.6, 0), isFinal: true)) {
            XCTAssertEqual("\($0)", "panel.springDampingFraction must lie in (0, 10] (got 0.0)")
        }
        XCTAssertEqual(doc.current.panel.springResponse, 0.35)
        XCTAssertFalse(doc.canUndo)
    }

    func testRefusedValuesChangeNothing() throws {
        var (doc, _) = try document()
        XCTAssertThrowsError(try doc.edit("splash.logo.duration", to: .number(-1))) { XCTAssertTrue("\($0)".contains("must lie in [0, 600]")) }
        XCTAssertThrowsError(try doc.edit("splash.timeout", to: .number(1)))
        XCTAssertFalse(doc.hasUnsavedEdits)
        XCTAssertFalse(doc.canUndo)
    }

    func testSaveWritesOnlyTheChangesAtomicallyAndRefusesAfterAnExternalEdit() throws {
        var (doc, path) = try document()
        try doc.edit("splash.logo.duration", to: .number(0.45))
        XCTAssertTrue(doc.hasUnsavedEdits)
        XCTAssertEqual(try doc.save(), .saved(path: path, changed: ["splash.logo.duration"]))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), userText.replacingOccurrences(of: "\"duration\": 0.3, \"curve\"", with: "\"duration\": 0.45, \"curve\""))
        XCTAssertFalse(doc.hasUnsavedEdits)
        XCTAssertEqual(try doc.save(), .nothingToSave)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["mine.json"], "no temporary file left")
        // Someone else edits the file: a save refuses and keeps our edit.
        try "{\"card\": {\"duration\": 0.9}}\n".write(toFile: path, atomically: true, encoding: .utf8)
        try doc.edit("card.duration", to: .number(0.6))
        XCTAssertThrowsError(try doc.save()) { XCTAssertTrue("\($0)".contains("changed on disk since it was saved"), "\($0)") }
        XCTAssertEqual(doc.current.card.duration, 0.6)
        // Saving elsewhere works, and never over an existing file.
        let other = doc.alternativeSavePath()
        XCTAssertEqual(try doc.save(to: other), .saved(path: other, changed: ["card.duration"]))
        XCTAssertEqual(try Timings.load(path: other).card.duration, 0.6)
        XCTAssertThrowsError(try doc.save(to: path)) { XCTAssertTrue("\($0)".contains("changed on disk"), "\($0)") }
    }

    func testDeletedFileAndUnwritableFolderKeepTheEdits() throws {
        var (doc, path) = try document()
        try doc.edit("card.duration", to: .number(0.6))
        try FileManager.default.removeItem(atPath: path)
        XCTAssertThrowsError(try doc.save()) { XCTAssertTrue("\($0)".contains("is gone"), "\($0)") }
        XCTAssertThrowsError(try doc.save(to: "/nonexistent-folder/t.json")) { XCTAssertTrue("\($0)".contains("does not exist"), "\($0)") }
        if getuid() != 0 {
            let locked = folder + "/locked"
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
            chmod(locked, 0o500)
            XCTAssertThrowsError(try doc.save(to: locked + "/t.json")) { XCTAssertTrue("\($0)".contains("not writable"), "\($0)") }
            chmod(locked, 0o700)
        }
        XCTAssertEqual(doc.current.card.duration, 0.6)
        XCTAssertTrue(doc.hasUnsavedEdits)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, path)
        return info.st_mode & 0o7777
    }

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    func testSaveThroughAChainOfSymbolicLinksWritesTheTargetAndKeepsTheLinks() throws {
        for sub in ["/real", "/links"] { try FileManager.default.createDirectory(atPath: folder + sub, withIntermediateDirectories: true) }
        let real = folder + "/real/mine.json"
        try userText.write(toFile: real, atomically: false, encoding: .utf8)
        // A relative link is read from its own folder, not from the current one.
        XCTAssertEqual(symlink("../real/mine.json", folder + "/links/inner.json"), 0)
        XCTAssertEqual(symlink(folder + "/links/inner.json", folder + "/outer.json"), 0)
        let opened = folder + "/outer.json"
        var doc = TimingsDocument(sourcePath: opened, text: userText, timings: try Timings.load(path: opened), sourceIsBuiltIn: false)
        try doc.edit("card.duration", to: .number(0.6))
        XCTAssertEqual(try doc.save(), .saved(path: opened, changed: ["card.duration"]))
        XCTAssertTrue(isLink(opened), "the link stays a link")
        XCTAssertTrue(isLink(folder + "/links/inner.json"))
        XCTAssertEqual(try Timings.load(path: real).card.duration, 0.6, "the target has the edit")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/real"), ["mine.json"], "no temporary file left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/links"), ["inner.json"])
        // The next save compares with the target's text as written: no "changed on disk".
        try doc.edit("card.duration", to: .number(0.7))
        XCTAssertEqual(try doc.save(), .saved(path: opened, changed: ["card.duration"]))
        XCTAssertEqual(try Timings.load(path: real).card.duration, 0.7)
    }

    func testALoopOfLinksIsRefusedWithAMessage() throws {
        XCTAssertEqual(symlink(folder + "/b.json", folder + "/a.json"), 0)
        XCTAssertEqual(symlink("a.json", folder + "/b.json"), 0)
        XCTAssertThrowsError(try TimingsDocument.writeAtomically("{}", to: folder + "/a.json")) {
            XCTAssertTrue("\($0)".contains("symbolic links in a chain"), "\($0)")
        }
        XCTAssertTrue(isLink(folder + "/a.json") && isLink(folder + "/b.json"))
    }

    func testSaveKeepsTheModeAndTheOwnerWherePermitted() throws {
        var (doc, path) = try document()
        for wanted: mode_t in [0o600, 0o640, 0o755] {
            XCTAssertEqual(chmod(path, wanted), 0)
            try doc.edit("card.duration", to: .number(doc.current.card.duration + 0.1))
            _ = try doc.save()
            XCTAssertEqual(mode(path), wanted, "mode \(String(wanted, radix: 8))")
        }
        if getuid() == 0 {
            XCTAssertEqual(chown(path, 4321, 4322), 0)
            try doc.edit("card.duration", to: .number(0.9))
            _ = try doc.save()
            var info = stat()
            stat(path, &info)
            XCTAssertEqual([info.st_uid, info.st_gid], [4321, 4322], "root keeps the owner and group")
        }
        // A new file gets the usual mode: 0666 less the umask.
        let mask = umask(0o022); umask(mask)
        _ = try doc.save(to: folder + "/new.json")
        XCTAssertEqual(mode(folder + "/new.json"), 0o666 & ~mask)
    }

    func testSaveKeepsCRLFLineEndingsAndTheByteOrderMark() throws {
        let windowsText = "\u{FEFF}" + userText.replacingOccurrences(of: "\n", with: "\r\n")
        var (doc, path) = try document(windowsText)
        try doc.edit("splash.logo.duration", to: .number(0.45))  // present: replaced in place
        try doc.edit("panel.maxDim", to: .number(0.5))  // missing: a new line in the top object
        _ = try doc.save()
        let saved = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(Array(saved.prefix(3)), [0xEF, 0xBB, 0xBF], "the BOM stays")
        let expected = userText
            .replacingOccurrences(of: "\"duration\": 0.3, \"curve\"", with: "\"duration\": 0.45, \"curve\"")
            .replacingOccurrences(of: "\"card\": {\"duration\": 0.3}\n", with: "\"card\": {\"duration\": 0.3},\n  \"panel\": {\"maxDim\": 0.5}\n")
        XCTAssertEqual(String(decoding: saved, as: UTF8.self), "\u{FEFF}" + expected.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(try Timings.load(path: path).panel.maxDim, 0.5)
    }

    func testSaveRefusesWhatIsNotARegularFileAndKeepsTheEdits() throws {
        var (doc, _) = try document()
        try doc.edit("card.duration", to: .number(0.6))
        let fifo = folder + "/pipe.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Read, a FIFO with no writer would wait for ever; renamed over, it would be gone.
        XCTAssertThrowsError(try doc.save(to: fifo)) { XCTAssertTrue("\($0)".contains("is a pipe (FIFO); your edits are kept"), "\($0)") }
        XCTAssertThrowsError(try doc.save(to: folder)) { XCTAssertTrue("\($0)".contains("is a folder"), "\($0)") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: fifo))
        XCTAssertTrue(doc.hasUnsavedEdits)
    }

    func testBuiltInDefaultsSaveToTheCurrentFolderNeverIntoAssets() throws {
        let assets = folder + "/Assets"
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        let builtIn = assets + "/timings.json"
        try userText.write(toFile: builtIn, atomically: true, encoding: .utf8)
        var doc = TimingsDocument(sourcePath: builtIn, text: userText, timings: try Timings.load(path: builtIn), sourceIsBuiltIn: true,
                                  saveTo: folder + "/timings.json")
        try doc.edit("card.duration", to: .number(0.5))
        XCTAssertThrowsError(try doc.save(to: builtIn)) { XCTAssertTrue("\($0)".contains("built-in Assets"), "\($0)") }
        XCTAssertEqual(try doc.save(), .saved(path: folder + "/timings.json", changed: ["card.duration"]))
        XCTAssertEqual(try String(contentsOfFile: builtIn, encoding: .utf8), userText)
        XCTAssertEqual(try Timings.load(path: folder + "/timings.json").card.duration, 0.5)
    }

    func testABSnapshotListsTheDifferences() throws {
        var (doc, _) = try document()
        doc.snapshotAsA()
        try doc.edit("splash.logo.startSize", to: .number(60))
        try doc.edit("splash.hole.keyTimes", to: .numbers([0, 0.3, 1]))
        XCTAssertEqual(doc.differencesFromA, ["splash.logo.startSize", "splash.hole.keyTimes"])
        XCTAssertEqual(doc.snapshotA?.splash.logoStartSize, 72)
    }

    func testRecoveryFileFollowsUnsavedEdits() throws {
        var (doc, path) = try document()
        let recovery = TimingsDocument.recoveryPath(for: path, environment: ["XDG_STATE_HOME": folder + "/state"])
        XCTAssertTrue(recovery.hasPrefix(folder + "/state/splashlab/recovery-"))
        try doc.edit("card.duration", to: .number(0.7))
        doc.updateRecovery(at: recovery)
        XCTAssertEqual(try Timings.load(path: recovery).card.duration, 0.7)
        _ = try doc.save()
        doc.updateRecovery(at: recovery)
        XCTAssertFalse(FileManager.default.fileExists(atPath: recovery))
    }
}
