import Formats

/// The document concern of the window: the timings being tuned (edits, undo, A/B), a version
/// of the file changed on disk waiting for a choice, and edits recovered from an earlier session.
/// Saving and the recovery file are effects: this state only asks for them and takes their results.
public struct DocumentState: Sendable {
    public var document: TimingsDocument
    /// The timings file changed on disk while there were unsaved edits here: theirs, waiting for a choice.
    public var pendingDiskVersion: PendingDiskVersion?
    /// Unsaved edits found from an earlier session, waiting for restore or discard.
    public var recoverable: Timings?

    public init(document: TimingsDocument) { self.document = document }

    /// What one document action did, for the window to show and carry out.
    struct Outcome {
        /// The values changed: the takes rebuild, and the splash replays when `replay`.
        var timingsChanged = false
        var replay = false
        var note: Note?
        var effects: [WindowEffect] = []
    }

    /// The recovery file follows the unsaved edits.
    var recoveryEffect: WindowEffect { .writeRecovery(document.recoveryText) }

    // MARK: The reducer

    mutating func diskChanged(text: String, timings: Timings, path: String) -> Outcome {
        // Our own save coming back through the watcher is no change.
        if text == document.baseText && timings == document.base { return Outcome() }
        guard document.hasUnsavedEdits else {
            // No unsaved edits: theirs, as one undo step, replayed from the start.
            document.adoptDiskVersion(text: text, timings: timings, takeTheirs: true)
            return Outcome(timingsChanged: true, replay: true, note: Note("reloaded timings from \(path)"), effects: [.log("reloaded timings from \(path)")])
        }
        pendingDiskVersion = PendingDiskVersion(text: text, timings: timings, path: path)
        return Outcome(note: Note("\(path) changed on disk; you have unsaved edits: take theirs or keep yours (inspector)", forever: true),
                       effects: [.log("\(path) changed on disk while there are unsaved edits here; waiting for take theirs / keep ours")])
    }

    mutating func resolveDiskVersion(takeTheirs: Bool) -> Outcome {
        guard let pending = pendingDiskVersion else { return Outcome() }
        document.adoptDiskVersion(text: pending.text, timings: pending.timings, takeTheirs: takeTheirs)
        pendingDiskVersion = nil
        if takeTheirs {
            return Outcome(timingsChanged: true, replay: true, note: Note("took the file's values (Ctrl+Z brings yours back)"), effects: [recoveryEffect])
        }
        return Outcome(note: Note("kept your values; Ctrl+S writes them over the file's"), effects: [recoveryEffect])
    }

    mutating func restoreRecovery() -> Outcome {
        guard let timings = recoverable else { return Outcome() }
        document.replaceAll(with: timings)
        recoverable = nil
        return Outcome(timingsChanged: true, replay: true, note: Note("restored the unsaved edits of an earlier session"), effects: [recoveryEffect])
    }

    mutating func discardRecovery() -> Outcome {
        recoverable = nil
        return Outcome(effects: [recoveryEffect])
    }

    mutating func edit(_ path: String, to value: ParameterValue, isFinal: Bool) -> Outcome {
        edit([ParameterChange(path: path, value: value)], isFinal: isFinal)
    }

    /// Several parameters set as one edit: one undo step, one replay.
    mutating func edit(_ changes: [ParameterChange], isFinal: Bool) -> Outcome {
        do {
            try document.edit(changes, isFinal: isFinal)
        } catch {
            return Outcome(note: Note("\(error)", isError: true))
        }
        // A change to the splash or its intro replays it from the start; the card's, panel's and scroll's take effect on their next motion.
        let replay = changes.contains { [.splash, .intro].contains(TimingsSchema.parameter($0.path)?.section) }
        return Outcome(timingsChanged: true, replay: replay, effects: isFinal ? [recoveryEffect] : [])
    }

    mutating func undo() -> Outcome {
        guard document.undo() else { return Outcome(note: Note("nothing to undo")) }
        return Outcome(timingsChanged: true, replay: true, effects: [recoveryEffect])
    }

    mutating func redo() -> Outcome {
        guard document.redo() else { return Outcome(note: Note("nothing to redo")) }
        return Outcome(timingsChanged: true, replay: true, effects: [recoveryEffect])
    }

    /// A save is an effect on the document as it is now; its result comes back as `saveFinished`.
    func save(besideSavePath: Bool) -> Outcome {
        Outcome(effects: [.save(document, besideSavePath: besideSavePath)])
    }

    mutating func saveFinished(_ result: TimingsDocument.SaveResult) -> Outcome {
        switch result {
        case .nothingToSave:
            return Outcome(note: Note("no unsaved edits"))
        case let .saved(file, changed):
            document.recordSave(file)
            return Outcome(note: Note("saved \(file.path) (\(changed.isEmpty ? "no value changed" : changed.joined(separator: ", ")))"),
                           effects: [.log("saved \(file.path)"), recoveryEffect])
        case let .failed(reason):
            return Outcome(note: Note(reason, isError: true), effects: [.log("save failed: \(reason)"), recoveryEffect])
        }
    }
}

/// A line for the status message, before the window's clock gives it an end.
struct Note {
    var text: String
    var isError = false
    var forever = false
    init(_ text: String, isError: Bool = false, forever: Bool = false) { self.text = text; self.isError = isError; self.forever = forever }
}
