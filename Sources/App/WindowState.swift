import Formats
import Foundation
import Scenes

/// The tool overlays the window can show.
public enum Tool: String, CaseIterable, Sendable { case hud, timeline, curves, help }

/// A line at the bottom of the window: a reload, an error in the timings file, a capture.
public struct StatusMessage: Equatable, Sendable {
    public var text: String
    public var isError: Bool
    /// Wall-clock time (seconds, the window's monotonic clock) it disappears at; infinity stays.
    public var until: Double
}

/// Everything the window shows and remembers, apart from SDL itself, in four concerns, each
/// with its own state and reducer (TCA's `Scope` shape): playback (the take, the one clock,
/// scrubbing), the document (edits, undo, A/B, saving), the tools and the view. `reduce` routes
/// each action to its concern and joins what one concern's change means for another. It is pure:
/// files, processes and clocks are effects it returns or inputs it is given (the tick's times, a
/// save's result), so every key and click can be tested without a window.
public struct WindowState: Sendable {
    public var playbackState: PlaybackState
    public var documentState: DocumentState
    public var toolState = ToolState()
    public var viewState = ViewState()
    /// The workbench's splitters, compare mode and open property section.
    public var workbench = WorkbenchView()
    public var message: StatusMessage?
    /// Q with unsaved edits asks for a second Q.
    public var quitRequested = false
    public var isRunning = true
    /// The window's monotonic clock at the last tick, for message lifetimes.
    public var wallTime = 0.0

    /// The playback rates, as keys 1 2 3 4 set them and S cycles them.
    public static let rates = [1.0, 0.5, 0.25, 0.1]
    /// How long an information message stays (s).
    public static let messageSeconds = 4.0

    public init(playback: Playback, document: TimingsDocument, refreshRate: Double) {
        playbackState = PlaybackState(playback: playback, frameStep: 1 / max(refreshRate, 1))
        documentState = DocumentState(document: document)
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
    public var loopRegion: LoopRegion? {
        get { playbackState.loopRegion }
        set { playbackState.loopRegion = newValue }
    }
    public var replayFrom: Double { playbackState.replayFrom }
    public var time: Double { playbackState.time }
    /// The preview time the timeline spans: the splash and a little after, or the whole take.
    public var timelineRange: Double { playbackState.timelineRange }

    public var document: TimingsDocument { documentState.document }
    public var pendingDiskVersion: PendingDiskVersion? { documentState.pendingDiskVersion }
    public var recoverable: Timings? {
        get { documentState.recoverable }
        set { documentState.recoverable = newValue }
    }

    public var tools: Set<Tool> {
        get { toolState.tools }
        set { toolState.tools = newValue }
    }
    public var toolsHidden: Bool { toolState.toolsHidden }
    public var capturing: Bool { toolState.capturing }
    public var selectedCurve: (path: String, segment: Int?) {
        get { toolState.selectedCurve }
        set { toolState.selectedCurve = newValue }
    }
    public var timelineView: TimelineView {
        get { toolState.timelineView }
        set { toolState.timelineView = newValue }
    }
    public var timelineDockMode: TimelineDockMode {
        get { toolState.timelineDockMode }
        set { toolState.timelineDockMode = newValue }
    }
    public var selectedTrack: String? {
        get { toolState.selectedTrack }
        set { toolState.selectedTrack = newValue }
    }
    public func shows(_ tool: Tool) -> Bool { toolState.shows(tool) }

    public var inspectorShown: Bool {
        get { viewState.inspectorShown }
        set { viewState.inspectorShown = newValue }
    }
    public var showingA: Bool { viewState.showingA }
    public var split: Bool { viewState.split }
    public var showTouches: Bool { viewState.showTouches }
    public var appearance: Appearance {
        get { viewState.appearance }
        set { viewState.appearance = newValue }
    }
    public var screens: [String] {
        get { playbackState.screens }
        set { playbackState.screens = newValue }
    }
    public var screenIndex: Int { playbackState.screenIndex }

    /// The take the device shows alone: A's when A is showing.
    public var shownPlayback: Playback { showingA ? (playbackA ?? playback) : playback }
}

/// The timings file as someone else saved it.
public struct PendingDiskVersion: Sendable {
    public var text: String
    public var timings: Timings
    public var path: String
}

/// What the window can be asked to do: preview input, playback, tools, capture, reload, quit.
/// SDL events become these in one place (the window shell), and key bindings name them.
public enum WindowAction: Sendable {
    /// Input for the preview (a pointer, a wheel, a key the tools do not take), at the current time.
    case input(InputEvent.Kind)
    /// A frame began `realSeconds` after the previous one, at `wallTime` on the window's clock.
    case tick(realSeconds: Double, wallTime: Double)
    case setRate(Double)
    case cycleRate
    case togglePause
    /// ← / →: one frame back or forward, while paused.
    case step(Int)
    case seek(Double)
    /// R: from the start, the take's input again with it.
    case replay
    case scrubBegin(Double)
    case scrubEnd
    case toggle(Tool)
    case toggleToolsHidden
    case toggleCapture
    /// The timings file changed on disk and read well.
    case diskChanged(text: String, timings: Timings, path: String)
    case reloadFailed(String)
    /// With unsaved edits, after the file changed on disk: adopt theirs, or keep ours.
    case takeTheirs
    case keepOurs
    case restoreRecovery
    case discardRecovery
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
    /// Unsaved edits an earlier session kept in the recovery file at `keptIn`: offered, not applied.
    case recoveryFound(Timings, keptIn: String)
    /// A file the window keeps up to date (`--ui-dump`, `--state-out`) was written, or not (`failure`).
    case keptFileWritten(path: String, failure: String?)
    case snapshotA
    case toggleAB
    case toggleSplit
    case toggleInspector
    case toggleTouches
    case selectCurve(path: String, segment: Int?)
    case setReplayFrom(Double)
    case timeline(TimelineAction)
    /// D: light and dark appearance.
    case toggleAppearance
    /// N: the next `--screen` under the hole.
    case nextScreen
    case workbench(WorkbenchAction)
    case say(String, isError: Bool)
    case quit
    /// A signal (SIGTERM, SIGINT, SIGHUP) asked the process to end: nobody is there to answer
    /// "Q again", so it quits at once, and unsaved edits, a drag's included, stay in the recovery file.
    case quitOnSignal(Int32)
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

    /// Each action to its concern's reducer, and what it means for the others.
    private mutating func route(_ action: WindowAction) -> [WindowEffect] {
        switch action {
        // Playback
        case let .input(kind):
            playbackState.record(kind)
        case let .tick(realSeconds, now):
            wallTime = now
            if let m = message, now > m.until { message = nil }
            playbackState.advance(by: realSeconds)
        case let .setRate(r):
            playbackState.setRate(r)
            show(Note("playback rate \(JSONOutput.number(r).text)×"))
        case .cycleRate:
            let next = WindowState.rates[((WindowState.rates.firstIndex(of: rate) ?? 0) + 1) % WindowState.rates.count]
            return route(.setRate(next))
        case .togglePause:
            playbackState.togglePause()
        case let .step(frames):
            playbackState.step(frames)
        case let .seek(t):
            playbackState.seek(t)
        case .replay:
            playbackState.seekAll(0)
            show(Note("replaying from the start"))
        case let .scrubBegin(t):
            playbackState.beginScrub(at: t)
        case .scrubEnd:
            playbackState.scrubbing = false
        case let .setReplayFrom(t):
            playbackState.replayFrom = max(t, 0)
        case let .timeline(timelineAction):
            reduceTimeline(timelineAction)
        case .nextScreen:
            show(playbackState.nextScreen())
        case .toggleAppearance:
            show(viewState.toggleAppearance())

        // Document
        case let .diskChanged(text, timings, path):
            return apply(documentState.diskChanged(text: text, timings: timings, path: path))
        case .takeTheirs:
            return apply(documentState.resolveDiskVersion(takeTheirs: true))
        case .keepOurs:
            return apply(documentState.resolveDiskVersion(takeTheirs: false))
        case .restoreRecovery:
            return apply(documentState.restoreRecovery())
        case .discardRecovery:
            return apply(documentState.discardRecovery())
        case let .recoveryFound(timings, path):
            documentState.recoverable = timings
            return [.log("unsaved edits of \(document.sourcePath) from an earlier session are kept in \(path); the inspector offers them")]
        case let .edit(path, value, isFinal):
            return apply(documentState.edit(path, to: value, isFinal: isFinal))
        case let .editTogether(changes, isFinal):
            return apply(documentState.edit(changes, isFinal: isFinal))
        case .undo:
            return apply(documentState.undo())
        case .redo:
            return apply(documentState.redo())
        case .save:
            return apply(documentState.save(besideSavePath: false))
        case .saveElsewhere:
            return apply(documentState.save(besideSavePath: true))
        case let .saveFinished(result):
            return apply(documentState.saveFinished(result))
        case .snapshotA:
            documentState.document.snapshotAsA()
            playbackState.rebuildA(over: document.snapshotA)
            show(Note("A = these values; your edits now change B"))
        case let .reloadFailed(error):
            // The last good values stay in force until the file is fixed; the inspector shows why.
            show(Note("timings error: \(error)", isError: true, forever: true))
            viewState.inspectorShown = true
            return [.log("timings error: \(error)")]

        // Tools
        case let .toggle(tool):
            toolState.toggle(tool, inspectorShown: viewState.inspectorShown)
            viewState.inspectorShown = true
        case .toggleToolsHidden:
            toolState.toggleToolsHidden()
        case .toggleCapture:
            let (note, effects) = toolState.toggleCapture(takeSoFar: playback.scriptSoFar, time: playback.time, showTouches: showTouches)
            if capturing { show(note) } else { message = nil }
            return effects
        case let .selectCurve(path, segment):
            toolState.selectCurve(path: path, segment: segment)
            workbench.openSection = nil
        case let .workbench(action):
            if workbench.reduce(action) { return [.rememberLayout(workbench.remembered)] }

        // View
        case .toggleAB:
            show(viewState.toggleAB(hasA: playbackA != nil))
        case .toggleSplit:
            show(viewState.toggleSplit(hasA: playbackA != nil))
        case .toggleInspector:
            viewState.inspectorShown.toggle()
        case .toggleTouches:
            show(viewState.toggleTouches())
        case let .keptFileWritten(path, failure):
            let (note, effects) = viewState.keptFileWritten(path: path, failure: failure)
            show(note)
            return effects
        case let .say(text, isError):
            show(Note(text, isError: isError))

        // The window itself
        case .quit:
            if document.hasUnsavedEdits && !quitRequested {
                quitRequested = true
                show(Note("unsaved edits: Ctrl+S saves them; Q again quits without saving (they stay in the recovery file)", forever: true))
                break
            }
            isRunning = false
        case let .quitOnSignal(signal):
            isRunning = false
            let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
            // Only with unsaved edits: otherwise the effect would remove a recovery file an
            // earlier session left, which the inspector may be offering right now.
            guard document.hasUnsavedEdits else { return [.log("quit on \(name)")] }
            return [.log("quit on \(name); the unsaved edits are kept in the recovery file"), documentState.recoveryEffect]
        }
        return []
    }

    /// A document change: the takes follow the new values, and the message and effects it asks for.
    private mutating func apply(_ outcome: DocumentState.Outcome) -> [WindowEffect] {
        if outcome.timingsChanged { playbackState.timingsChanged(to: document.current, replay: outcome.replay) }
        show(outcome.note)
        return outcome.effects
    }
}

extension WindowAction {
    /// Changes nothing on screen by itself and is no answer to "Q again?": a tick (what it moves
    /// shows in the scenes and the message), and a kept file written as asked.
    public var isQuiet: Bool {
        switch self {
        case .tick, .keptFileWritten(_, failure: nil): return true
        default: return false
        }
    }
}
