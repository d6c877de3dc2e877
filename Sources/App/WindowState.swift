import Formats
import Foundation
import Scenes

/// The tool overlays the window can show.
public enum Tool: String, CaseIterable, Sendable { case hud, timeline, curves, help }

/// A line at the bottom of the window: a reload, an error in the timings file, a capture.
public struct StatusMessage: Equatable, Sendable {
    public let text: String
    public let isError: Bool
    /// Wall-clock time (seconds, the window's monotonic clock) it disappears at; infinity stays.
    public let until: Double
}

/// Everything the window shows and remembers, apart from SDL itself, in five concerns, each with
/// its own state, actions and reducer of one shape (`WindowConcern`), embedded here as TCA's
/// `Scope(state:action:)` embeds a child: playback (the take, the one clock, scrubbing, the
/// loop), the document (edits, undo, A/B, saving), the tools (overlays, capture, the curve and
/// the timeline's view), the Graph view, and the view (inspector, A/B, touches, appearance,
/// workbench). `reduce` hands each action to its concern; what one concern's change means for
/// another comes back from it as actions. It is pure: files, processes and clocks are effects it
/// returns or inputs it is given (the tick's times, a save's result), so every key and click can
/// be tested without a window. Nothing else changes it: initial choices come through `init`.
public struct WindowState: Sendable {
    public internal(set) var playbackState: PlaybackState
    public internal(set) var documentState: DocumentState
    public internal(set) var toolState: ToolState
    public internal(set) var graphState = GraphState()
    public internal(set) var viewState: ViewState
    public internal(set) var message: StatusMessage?
    /// Q with unsaved edits asks for a second Q.
    public internal(set) var quitRequested = false
    public internal(set) var isRunning = true
    /// The window's monotonic clock at the last tick, for message lifetimes.
    public internal(set) var wallTime = 0.0

    /// The playback rates, as keys 1 2 3 4 set them and S cycles them.
    public static let rates = [1.0, 0.5, 0.25, 0.1]
    /// How long an information message stays (s).
    public static let messageSeconds = 4.0

    public init(playback: Playback, document: TimingsDocument, refreshRate: Double, configuration: WindowConfiguration = WindowConfiguration()) {
        playbackState = PlaybackState(playback: playback, frameStep: 1 / max(refreshRate, 1), screens: configuration.screens)
        documentState = DocumentState(document: document)
        toolState = ToolState(tools: configuration.tools)
        var workbench = WorkbenchView()
        workbench.splitters = configuration.splitters
        workbench.windowWidth = configuration.windowSize?.width
        workbench.windowHeight = configuration.windowSize?.height
        if let mode = configuration.comparing { workbench.compareMode = mode }
        viewState = ViewState(inspectorShown: configuration.inspectorShown, appearance: configuration.appearance, workbench: workbench,
                              reference: configuration.reference, comments: configuration.comments)
        if configuration.comparing != nil && configuration.reference != nil { viewState.split = true }
    }

    // MARK: Each concern's values, by their names

    public var playback: Playback { playbackState.playback }
    public var playbackA: Playback? { playbackState.playbackA }
    public var clock: PreviewClock { playbackState.clock }
    public var rate: Double { clock.rate }
    public var isPaused: Bool { clock.isPaused }
    /// The frame step for ← / → while paused: one frame of the display's refresh.
    public var frameStep: Double { clock.frameStep }
    public var scrubbing: Bool { playbackState.scrubbing }
    public var loopRegion: LoopRegion? { playbackState.loopRegion }
    public var replayFrom: Double { playbackState.replayFrom }
    public var time: Double { playbackState.time }
    /// The preview time the timeline spans: the splash and a little after, or the whole take.
    public var timelineRange: Double { playbackState.timelineRange }
    public var screens: [String] { playbackState.screens }
    public var screenIndex: Int { playbackState.screenIndex }

    public var document: TimingsDocument { documentState.document }
    public var pendingDiskVersion: PendingDiskVersion? { documentState.pendingDiskVersion }
    public var recoverable: Timings? { documentState.recoverable }

    public var tools: Set<Tool> { toolState.tools }
    public var toolsHidden: Bool { toolState.toolsHidden }
    public var capturing: Bool { toolState.capturing }
    public var selectedCurve: (path: String, segment: Int?) { toolState.selectedCurve }
    public var timelineView: TimelineView { toolState.timelineView }
    public var timelineDockMode: TimelineDockMode { toolState.timelineDockMode }
    public var selectedTrack: String? { toolState.selectedTrack }
    public func shows(_ tool: Tool) -> Bool { toolState.shows(tool) }

    public var inspectorShown: Bool { viewState.inspectorShown }
    public var showingA: Bool { viewState.showingA }
    public var split: Bool { viewState.split }
    /// The screen recording shown as B, with its offset.
    public var reference: ReferenceTrack? { viewState.reference }
    public var showTouches: Bool { viewState.showTouches }
    /// A review's comments (`--comments`), by time: pins on the ruler, a list in the inspector.
    public var comments: [ReviewComment] { viewState.comments }
    public var appearance: Appearance { viewState.appearance }
    /// The workbench's splitters, compare mode and open property section.
    public var workbench: WorkbenchView { viewState.workbench }

    /// The take the device shows alone: A's when A is showing.
    public var shownPlayback: Playback { showingA ? (playbackA ?? playback) : playback }
}

/// What the window starts with, as the command line and the remembered layout give it.
public struct WindowConfiguration: Sendable {
    public var tools: Set<Tool>
    public var inspectorShown: Bool
    public var appearance: Appearance
    /// The user's first screens (`--screen`), cycled under the hole by N.
    public var screens: [String]
    public var splitters: WorkbenchSplitters
    /// The window's size in window units, remembered with the splitters.
    public var windowSize: (width: Double, height: Double)?
    /// `--reference`: a screen recording as the B side.
    public var reference: ReferenceTrack?
    /// The compare mode the window opens showing, with a reference (`run --compare-mode`).
    public var comparing: CompareMode?
    /// `--comments`: a review's comments, by time.
    public var comments: [ReviewComment] = []

    public init(tools: Set<Tool> = [], inspectorShown: Bool = true, appearance: Appearance = .light, screens: [String] = [],
                splitters: WorkbenchSplitters = WorkbenchSplitters(), windowSize: (width: Double, height: Double)? = nil,
                reference: ReferenceTrack? = nil) {
        self.tools = tools; self.inspectorShown = inspectorShown; self.appearance = appearance; self.screens = screens
        self.splitters = splitters; self.windowSize = windowSize; self.reference = reference
    }
}

/// The timings file as someone else saved it.
public struct PendingDiskVersion: Sendable {
    public let text: String
    public let timings: Timings
    public let path: String
}

/// What the window can be asked to do: one concern's action, or the window's own (a frame's tick,
/// a message, quitting). SDL events become these in one place (the window shell), and key
/// bindings name them.
public enum WindowAction: Sendable {
    case playback(PlaybackAction)
    case document(DocumentAction)
    case tools(ToolAction)
    case graph(GraphAction)
    case view(ViewAction)
    /// A frame began `realSeconds` after the previous one, at `wallTime` on the window's clock.
    case tick(realSeconds: Double, wallTime: Double)
    case say(String, isError: Bool)
    case quit
    /// A signal (SIGTERM, SIGINT, SIGHUP) asked the process to end: nobody is there to answer
    /// "Q again", so it quits at once, and unsaved edits, a drag's included, stay in the recovery file.
    case quitOnSignal(Int32)
    /// The window cannot go on (a frame failed to draw) or has done what it was started for
    /// (`bench --idle`): it ends now, as a signal's quit does, without asking.
    case stop
}

/// What the document concern is asked to do.
public enum DocumentAction: Sendable {
    /// The timings file changed on disk and read well.
    case diskChanged(text: String, timings: Timings, path: String)
    case reloadFailed(String)
    /// With unsaved edits, after the file changed on disk: adopt theirs, or keep ours.
    case takeTheirs
    case keepOurs
    case restoreRecovery
    case discardRecovery
    /// Unsaved edits an earlier session kept in the recovery file at `keptIn`: offered, not applied.
    case recoveryFound(Timings, keptIn: String)
    /// One parameter set from the inspector; a drag sends `isFinal` false until it ends.
    case edit(path: String, value: ParameterValue, isFinal: Bool)
    /// Several parameters set by one control (a spring's two numbers): one edit, one undo step.
    case editTogether([ParameterChange], isFinal: Bool)
    case undo
    case redo
    case save
    /// Ctrl+Shift+S: to a new file beside the save path.
    case saveElsewhere
    /// A save asked for by `.save` or `.saveElsewhere` was carried out.
    case saveFinished(TimingsDocument.SaveResult)
    /// A: the current values become A; edits then change B.
    case snapshotA
}

/// Work for the shell, outside the pure state: files, processes, clocks. What comes of it comes
/// back as an action.
public enum WindowEffect: Equatable, Sendable {
    /// Write the take so far as a script and render it offline as a video, `duration` seconds
    /// long, with the touches drawn when they show in the window.
    case writeCapture(InputScript, duration: Double, showTouches: Bool)
    /// Print a line on stderr too.
    case log(String)
    /// Keep this text in the recovery file, or remove the file (nil: no unsaved edits).
    case writeRecovery(String?)
    /// Save the document's edited values to its save path, or to a new file beside it (a name
    /// stamped with the time, never an existing file); the result comes back as `saveFinished`.
    case save(TimingsDocument, besideSavePath: Bool)
    /// Write a file the window keeps up to date, whole or not at all; `keptFileWritten` follows.
    case writeKeptFile(String, path: String)
    /// Write the workbench's layout where it is remembered between runs.
    case rememberLayout(RememberedLayout)
}

extension WindowState {
    func say(_ text: String, isError: Bool = false, forever: Bool = false) -> StatusMessage {
        StatusMessage(text: text, isError: isError, until: forever ? .infinity : wallTime + (isError ? 6 : WindowState.messageSeconds))
    }

    mutating func show(_ note: Note?) {
        if let note { message = say(note.text, isError: note.isError, forever: note.forever) }
    }

    /// Applies one action; returns the effects for the shell to carry out.
    public mutating func reduce(_ action: WindowAction) -> [WindowEffect] {
        let effects = route(action)
        if case .quit = action {} else if !action.isQuiet { quitRequested = false }
        return effects
    }

    /// A concern's action to its scope; the window's own actions here.
    private mutating func route(_ action: WindowAction) -> [WindowEffect] {
        let outcome: ConcernOutcome?
        switch action {
        case .playback: outcome = WindowState.playbackScope.reduce(&self, action)
        case .document: outcome = WindowState.documentScope.reduce(&self, action)
        case .tools: outcome = WindowState.toolScope.reduce(&self, action)
        case .graph: outcome = WindowState.graphScope.reduce(&self, action)
        case .view: outcome = WindowState.viewScope.reduce(&self, action)
        case let .tick(realSeconds, now):
            wallTime = now
            if let m = message, now > m.until { message = nil }
            return route(.playback(.advance(realSeconds: realSeconds)))
        case let .say(text, isError):
            show(Note(text, isError: isError))
            return []
        case .quit:
            if document.hasUnsavedEdits && !quitRequested {
                quitRequested = true
                show(Note("unsaved edits: Ctrl+S saves them; Q again quits without saving (they stay in the recovery file)", forever: true))
                return []
            }
            isRunning = false
            return []
        case let .quitOnSignal(signal):
            isRunning = false
            let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
            // Only with unsaved edits: otherwise the effect would remove a recovery file an
            // earlier session left, which the inspector may be offering right now.
            guard document.hasUnsavedEdits else { return [.log("quit on \(name)")] }
            return [.log("quit on \(name); the unsaved edits are kept in the recovery file"), documentState.recoveryEffect]
        case .stop:
            isRunning = false
            return []
        }
        guard let outcome else { return [] }
        return apply(outcome)
    }

    /// A concern's outcome, mapped into the window's: its message shown, the actions that follow
    /// its events reduced in turn, and every effect returned in the order asked.
    private mutating func apply(_ outcome: ConcernOutcome) -> [WindowEffect] {
        if outcome.clearsMessage { message = nil }
        show(outcome.note)
        return outcome.events.reduce(into: outcome.effects) { effects, event in effects += route(WindowState.follow(event)) }
    }

    /// The parent's routing: what each concern's event means for the others.
    static func follow(_ event: ConcernEvent) -> WindowAction {
        switch event {
        case .rulerSpanChanged: return .graph(.setSpan(.ruler))              // the Graph view plots what the ruler shows
        case .toolToggled, .timingsFileFailed: return .view(.showInspector)  // the tool, or why the file failed, is in the inspector
        case .curveSelected: return .view(.openSelectedTracksSection)
        case let .snapshotTaken(timings): return .playback(.rebuildA(over: timings))
        case let .timingsChanged(timings, replay): return .playback(.timingsChanged(timings, replay: replay))
        }
    }

    // MARK: The scopes (made where used: a key path is no `Sendable` constant)

    static var playbackScope: Scope<PlaybackState> { Scope(state: \.playbackState, action: { (action: WindowAction) -> PlaybackAction? in
        if case let .playback(a) = action { return a } else { return nil }
    }, context: { _ in () }) }

    static var documentScope: Scope<DocumentState> { Scope(state: \.documentState, action: { (action: WindowAction) -> DocumentAction? in
        if case let .document(a) = action { return a } else { return nil }
    }, context: { _ in () }) }

    static var toolScope: Scope<ToolState> { Scope(state: \.toolState, action: { (action: WindowAction) -> ToolAction? in
        if case let .tools(a) = action { return a } else { return nil }
    }, context: { window in
        let playback = window.playback
        return ToolState.Context(inspectorShown: window.inspectorShown, takeSoFar: { (playback.scriptSoFar, playback.time) },
                                 showTouches: window.showTouches, splashSpan: window.timelineSplashSpan, takeSpan: window.timelineTakeSpan)
    }) }

    static var graphScope: Scope<GraphState> { Scope(state: \.graphState, action: { (action: WindowAction) -> GraphAction? in
        if case let .graph(a) = action { return a } else { return nil }
    }, context: { _ in () }) }

    static var viewScope: Scope<ViewState> { Scope(state: \.viewState, action: { (action: WindowAction) -> ViewAction? in
        if case let .view(a) = action { return a } else { return nil }
    }, context: { window in ViewState.Context(hasA: window.playbackA != nil, time: window.time) }) }
}

extension WindowAction {
    /// Changes nothing on screen by itself and is no answer to "Q again?": a tick (what it moves
    /// shows in the scenes and the message), a kept file written as asked, and the end.
    public var isQuiet: Bool {
        switch self {
        case .tick, .view(.keptFileWritten(_, failure: nil)), .stop: return true
        default: return false
        }
    }
}
