/// One concern of the window: its own state, its own actions, and a reducer over them, the same
/// shape for each (TCA's `Reducer`). What the concern reads of the rest of the window comes in as
/// its `Context`; what its change means for another concern goes out as actions in its outcome.
protocol WindowConcern: Sendable {
    associatedtype Action
    associatedtype Context = Void
    mutating func reduce(_ action: Action, in context: Context) -> ConcernOutcome
}

/// What a concern's reducer hands back to the window: a line for the status message, work for
/// the shell, and actions for the other concerns, which the window reduces in turn (TCA's
/// effects, mapped into the parent's).
struct ConcernOutcome {
    var note: Note?
    /// The standing message goes (a capture's "● capturing" once it stops).
    var clearsMessage = false
    var effects: [WindowEffect] = []
    var actions: [WindowAction] = []

    init(note: Note? = nil, clearsMessage: Bool = false, effects: [WindowEffect] = [], actions: [WindowAction] = []) {
        self.note = note; self.clearsMessage = clearsMessage; self.effects = effects; self.actions = actions
    }
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
            return ConcernOutcome(note: Note("A = these values; your edits now change B"), actions: [.playback(.rebuildA(over: document.snapshotA))])
        case let .reloadFailed(error):
            // The last good values stay in force until the file is fixed; the inspector shows why.
            return ConcernOutcome(note: Note("timings error: \(error)", isError: true, forever: true), effects: [.log("timings error: \(error)")],
                                  actions: [.view(.showInspector)])
        }
        let follows: [WindowAction] = outcome.timingsChanged ? [.playback(.timingsChanged(document.current, replay: outcome.replay))] : []
        return ConcernOutcome(note: outcome.note, effects: outcome.effects, actions: follows)
    }
}
