import Formats

/// One concern of the window: its own state, its own actions, and a reducer over them, the same
/// shape for each (TCA's `Reducer`). What the concern reads of the rest of the window comes in as
/// its `Context`; what happened that others follow goes out as events in its outcome, and the
/// window, the parent, decides what each means for the other concerns.
protocol WindowConcern: Sendable {
    associatedtype Action
    associatedtype Context = Void
    mutating func reduce(_ action: Action, in context: Context) -> ConcernOutcome
}

/// What a concern's reducer hands back to the window: a line for the status message, work for
/// the shell, and what happened that the other concerns follow, which the window routes (TCA's
/// effects, mapped into the parent's, and its delegate actions: a child says what happened and
/// never builds a sibling's action).
struct ConcernOutcome {
    var note: Note?
    /// The standing message goes (a capture's "● capturing" once it stops).
    var clearsMessage = false
    var effects: [WindowEffect] = []
    var events: [ConcernEvent] = []

    init(note: Note? = nil, clearsMessage: Bool = false, effects: [WindowEffect] = [], events: [ConcernEvent] = []) {
        self.note = note; self.clearsMessage = clearsMessage; self.effects = effects; self.events = events
    }
}

/// What happened in one concern that another follows. The concern that reports it does not know
/// who follows; `WindowState.follow` says.
enum ConcernEvent: Sendable {
    /// The timeline's ruler zoomed, panned or was fitted.
    case rulerSpanChanged
    /// A tool was shown or hidden.
    case toolToggled
    /// A track's curve was selected for editing.
    case curveSelected
    /// The document's values were kept as A.
    case snapshotTaken(Timings?)
    /// The timings file failed to load again; the last good values stay.
    case timingsFileFailed
    /// The document's values changed; `replay` plays the take again from its start.
    case timingsChanged(Timings, replay: Bool)
}

/// A concern embedded in the window, as TCA's `Scope(state:action:)` embeds a child reducer: its
/// state at a key path of the window's, its actions as one case of `WindowAction`, and what it
/// reads of the window.
struct Scope<Concern: WindowConcern> {
    let state: WritableKeyPath<WindowState, Concern>
    let action: (WindowAction) -> Concern.Action?
    let context: (WindowState) -> Concern.Context

    /// The concern's outcome for `action`, or nil when the action is not the concern's.
    func reduce(_ window: inout WindowState, _ action: WindowAction) -> ConcernOutcome? {
        guard let own = self.action(action) else { return nil }
        let context = self.context(window)
        return window[keyPath: state].reduce(own, in: context)
    }
}

extension PlaybackState: WindowConcern {}
extension ToolState: WindowConcern {}
extension GraphState: WindowConcern {}
extension ViewState: WindowConcern {}

extension DocumentState: WindowConcern {
    /// A document action: the document's own reducer, and the takes follow its values.
    mutating func reduce(_ action: DocumentAction, in _: Void) -> ConcernOutcome {
        let outcome: Outcome
        switch action {
        case let .diskChanged(text, timings, path): outcome = diskChanged(text: text, timings: timings, path: path)
        case .takeTheirs: outcome = resolveDiskVersion(takeTheirs: true)
        case .keepOurs: outcome = resolveDiskVersion(takeTheirs: false)
        case .restoreRecovery: outcome = restoreRecovery()
        case .discardRecovery: outcome = discardRecovery()
        case let .recoveryFound(timings, path):
            recoverable = timings
            return ConcernOutcome(effects: [.log("unsaved edits of \(document.sourcePath) from an earlier session are kept in \(path); the inspector offers them")])
        case let .edit(path, value, isFinal): outcome = edit(path, to: value, isFinal: isFinal)
        case let .editTogether(changes, isFinal): outcome = edit(changes, isFinal: isFinal)
        case .undo: outcome = undo()
        case .redo: outcome = redo()
        case .save: outcome = save(besideSavePath: false)
        case .saveElsewhere: outcome = save(besideSavePath: true)
        case let .saveFinished(result): outcome = saveFinished(result)
        case .snapshotA:
            document.snapshotAsA()
            return ConcernOutcome(note: Note("A = these values; your edits now change B"), events: [.snapshotTaken(document.snapshotA)])
        case let .reloadFailed(error):
            // The last good values stay in force until the file is fixed; the inspector shows why.
            return ConcernOutcome(note: Note("timings error: \(error)", isError: true, forever: true), effects: [.log("timings error: \(error)")],
                                  events: [.timingsFileFailed])
        }
        let events: [ConcernEvent] = outcome.timingsChanged ? [.timingsChanged(document.current, replay: outcome.replay)] : []
        return ConcernOutcome(note: outcome.note, effects: outcome.effects, events: events)
    }
}
