import Formats
import Foundation

/// The timings being tuned in the window: the values as last read from or written to disk, the
/// edited values, undo and redo, the A/B snapshot, and how a save reaches the file. Edits are
/// checked against the declaration (`TimingsSchema`), so an edited value is always a valid one.
///
/// Files: it reads the file it was opened from, writes only on an explicit save (to that file,
/// to `--save-to`, or, for the built-in defaults, to `timings.json` in the current folder, never
/// into `Assets/`), and keeps unsaved edits in a recovery file outside the project so that a
/// crash loses nothing.
/// One parameter's new value, named by its path in the timings file (as the inspector's controls are).
public struct ParameterChange: Equatable, Sendable {
    public let path: String
    public let value: ParameterValue
    public init(path: String, value: ParameterValue) { self.path = path; self.value = value }
}

public struct TimingsDocument: Equatable, Sendable {
    /// The file the values came from.
    public let sourcePath: String
    /// Where a save writes.
    public private(set) var savePath: String
    /// True when the source is the built-in defaults, which are never written.
    public let sourceIsBuiltIn: Bool
    /// The file's text as last read or saved: what a save patches, so other bytes stay as they are.
    public private(set) var baseText: String
    public private(set) var base: Timings
    public private(set) var current: Timings
    private var undoStack: [Timings] = []
    private var redoStack: [Timings] = []
    /// The parameters the drag in progress sets: its edits coalesce into one undo step.
    private var openGesture: [String]?
    /// The A of an A/B comparison, once snapshotted.
    public private(set) var snapshotA: Timings?
    /// The source file's text as last read or saved here: a save to it checks the disk against this.
    private var sourceText: String
    /// The last file this document wrote, and what it wrote.
    private var lastWritten: SavedFile?

    public init(sourcePath: String, text: String, timings: Timings, sourceIsBuiltIn: Bool, saveTo: String? = nil) {
        self.sourcePath = sourcePath
        self.sourceIsBuiltIn = sourceIsBuiltIn
        baseText = text
        sourceText = text
        base = timings
        current = timings
        savePath = saveTo ?? (sourceIsBuiltIn ? FileManager.default.currentDirectoryPath + "/timings.json" : sourcePath)
    }

    public var hasUnsavedEdits: Bool { current != base }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Editing

    /// Sets one parameter. A drag sends many edits with `isFinal` false and one with true: they
    /// make one undo step. Throws the declaration's message for a value it refuses; nothing changes then.
    public mutating func edit(_ path: String, to value: ParameterValue, isFinal: Bool = true) throws {
        try edit([ParameterChange(path: path, value: value)], isFinal: isFinal)
    }

    /// Sets several parameters as one edit (a spring's response and damping fraction): one undo
    /// step, and one per drag of them. Each value is checked in turn; if any is refused, nothing changes.
    public mutating func edit(_ changes: [ParameterChange], isFinal: Bool = true) throws {
        var next = current
        for change in changes {
            guard let parameter = TimingsSchema.parameter(change.path) else {
                throw TimingsEditError(path: change.path, message: "no parameter \(change.path)")
            }
            next = try parameter.setting(change.value, in: next)
        }
        let paths = changes.map(\.path)
        if openGesture != paths {
            undoStack.append(current)
            redoStack.removeAll()
        }
        openGesture = isFinal ? nil : paths
        current = next
    }

    /// Sets every parameter at once (a take-theirs reload, a restore): one undo step.
    public mutating func replaceAll(with timings: Timings) {
        guard timings != current else { return }
        undoStack.append(current)
        redoStack.removeAll()
        openGesture = nil
        current = timings
    }

    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(current)
        current = previous
        openGesture = nil
        return true
    }

    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(current)
        current = next
        openGesture = nil
        return true
    }

    // MARK: A/B

    public mutating func snapshotAsA() { snapshotA = current }

    /// What differs between A and the current values (B), as key paths.
    public var differencesFromA: [String] {
        guard let a = snapshotA else { return [] }
        return TimingsFilePatch.changes(from: a, to: current).map(\.path)
    }

    // MARK: The file on disk

    /// The file was edited elsewhere. Its text and values become the new base (what a save
    /// patches and what "unsaved" compares with); with `takeTheirs` its values replace the edited
    /// ones too (one undo step), otherwise the edited values stay, to be saved over theirs on purpose.
    public mutating func adoptDiskVersion(text: String, timings: Timings, takeTheirs: Bool) {
        baseText = text
        base = timings
        sourceText = text
        if takeTheirs { replaceAll(with: timings) }
    }

    public enum SaveOutcome: Equatable, Sendable {
        case saved(path: String, changed: [String])
        case nothingToSave
    }

    /// A file a save wrote: where, its whole text, and the values it holds.
    public struct SavedFile: Equatable, Sendable {
        public let path: String
        public let text: String
        public let timings: Timings
    }

    /// What carrying out a save gave: the window's reducer asks for a save and is told this.
    public enum SaveResult: Equatable, Sendable {
        case saved(SavedFile, changed: [String])
        case nothingToSave
        /// Nothing was written; the message says why.
        case failed(String)
    }

    public struct SaveFailure: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// A name for Ctrl+Shift+S: beside the save path, stamped with the time, never an existing file.
    public func alternativeSavePath(now: Date = Date()) -> String {
        let url = URL(fileURLWithPath: savePath)
        let stem = url.deletingPathExtension().lastPathComponent
        let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "")
        var candidate = url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(stamp).json").path
        var n = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(stamp)-\(n).json").path
            n += 1
        }
        return candidate
    }

    /// Writes the edited values to `path` (default: `savePath`): the base text with only the
    /// changed values rewritten, through a temporary file in the same folder and a rename, so a
    /// reader never sees half a file. Everything else about the file stays: a symbolic link stays
    /// a link and its target gets the edits, and the mode and owner are kept
    /// (`writeAtomically`); the BOM and line endings are the base text's. It refuses, saying why
    /// and keeping every edit, when the target changed on disk since it was read or saved here,
    /// when it is some other existing file or not a regular file, when it is gone, or when it
    /// lies in the built-in Assets folder (a link into it included).
    public mutating func save(to path: String? = nil) throws -> SaveOutcome {
        switch try writeToDisk(path) {
        case .nothingToSave:
            return .nothingToSave
        case let .saved(file, changed):
            recordSave(file)
            return .saved(path: file.path, changed: changed)
        }
    }

    /// The disk half of a save, leaving the document as it is: `save(to:)`'s checks and write,
    /// its outcome as a value. `recordSave` then makes what was written the new base.
    public func writeSave(to path: String? = nil) -> SaveResult {
        do {
            switch try writeToDisk(path) {
            case .nothingToSave: return .nothingToSave
            case let .saved(file, changed): return .saved(file, changed: changed)
            }
        } catch {
            return .failed("\(error)")
        }
    }

    /// A save wrote `file`: its text and values are now what "unsaved" compares with and what
    /// the next save patches and checks the disk against.
    public mutating func recordSave(_ file: SavedFile) {
        baseText = file.text
        base = file.timings
        lastWritten = file
        if file.path == sourcePath { sourceText = file.text }
    }

    private enum WriteOutcome {
        case saved(SavedFile, changed: [String])
        case nothingToSave
    }

    private func writeToDisk(_ path: String?) throws -> WriteOutcome {
        let target = path ?? savePath
        let file = try TimingsDocument.followingLinks(target)
        let changes = TimingsFilePatch.changes(from: base, to: current)
        if sourceIsBuiltIn {
            let assets = URL(fileURLWithPath: sourcePath).deletingLastPathComponent().resolvingSymlinksInPath()
            if [target, file].contains(where: { URL(fileURLWithPath: $0).deletingLastPathComponent().resolvingSymlinksInPath() == assets }) {
                throw SaveFailure(message: "not writing into the built-in Assets folder; run with --timings FILE or --save-to FILE")
            }
        }
        // Read only a regular file: a FIFO's read could wait for ever, and a rename would replace a device.
        try TimingsDocument.refuseIfNotRegular(file, saving: target)
        let onDisk = try TimingsDocument.textOnDisk(file)
        if let written = lastWritten, written.path == target {
            if changes.isEmpty && onDisk == written.text { return .nothingToSave }
            guard onDisk == written.text else {
                throw SaveFailure(message: "\(target) changed on disk since it was saved; not overwriting it. Ctrl+Shift+S saves elsewhere")
            }
        } else if target == sourcePath && !sourceIsBuiltIn {
            guard let onDisk else {
                throw SaveFailure(message: "\(target) is gone (deleted or moved); your edits are kept: Ctrl+Shift+S saves them elsewhere")
            }
            if changes.isEmpty && onDisk == sourceText { return .nothingToSave }
            guard onDisk == sourceText else {
                throw SaveFailure(message: "\(target) changed on disk since it was read; not overwriting it. Ctrl+Shift+S saves elsewhere")
            }
        } else if onDisk != nil {
            throw SaveFailure(message: "\(target) already exists and is not the file being tuned; not overwriting it")
        }
        let text: String
        do { text = try TimingsFilePatch.apply(changes, to: baseText) } catch {
            throw SaveFailure(message: "cannot update \(target): \(error); your edits are kept")
        }
        try TimingsDocument.writeAtomically(text, to: target, syncing: true)
        return .saved(SavedFile(path: target, text: text, timings: current), changed: changes.map(\.path))
    }

    // MARK: Recovery

    /// Where unsaved edits of `sourcePath` are kept: `$XDG_STATE_HOME/splashlab` (by default
    /// `~/.local/state/splashlab`), one file per timings file.
    public static func recoveryPath(for sourcePath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/state")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64-bit: a stable name for the path
        for b in sourcePath.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        let name = URL(fileURLWithPath: sourcePath).lastPathComponent
        return "\(state)/splashlab/recovery-\(String(hash, radix: 16))-\(name)"
    }

    /// Keeps the current values in the recovery file while they differ from the file's, and
    /// removes it once they do not.
    public func updateRecovery(at path: String) {
        TimingsDocument.writeRecovery(recoveryText, at: path)
    }

    /// What the recovery file holds while there are unsaved edits; nil when there is none.
    public var recoveryText: String? {
        hasUnsavedEdits ? TimingsSchema.fileText(current, comment: "unsaved edits of \(sourcePath)") : nil
    }

    /// Writes `text` to the recovery file at `path`, or removes the file when `text` is nil.
    /// Best effort: the recovery file is a safety net, and failing to keep it must not stop an edit.
    public static func writeRecovery(_ text: String?, at path: String) {
        if let text {
            try? OutputFile.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
            try? TimingsDocument.writeAtomically(text, to: path)
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
