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

/// Everything the window shows and remembers, apart from SDL itself: the take being played, the
/// playback rate and pause, the tools, the status line, capture and scrubbing. It changes only
/// through `reduce`, which is pure, so every key and click can be tested without a window.
public struct WindowState: Sendable {
    public var playback: Playback
    /// The timings being tuned: edits, undo, A/B, saving.
    public var document: TimingsDocument
    /// The inspector beside the device (I).
    public var inspectorShown = true
    /// A/B: which values the device shows, and whether A and B play side by side.
    public var showingA = false
    public var split = false
    /// The take played over A's values, kept in step with `playback` once A exists.
    public var playbackA: Playback?
    /// The curve the curve editor shows: a curve parameter's key path, and for a keyframe list the segment.
    public var selectedCurve: (path: String, segment: Int?) = ("splash.logo.curve", nil)
    /// After an edit of a splash parameter the splash replays from here (s): the start by default.
    public var replayFrom = 0.0
    /// The timeline's loop region: playback goes round it, again and again.
    public var loopRegion: LoopRegion?
    /// The time the timeline shows, and what its dock shows.
    public var timelineView = TimelineView()
    public var timelineDockMode = TimelineDockMode.lanes
    /// The track of the lane last selected on the timeline (`SplashTrack.id`, or a live lane's id).
    public var selectedTrack: String?
    /// The timings file changed on disk while there were unsaved edits here: theirs, waiting for a choice.
    public var pendingDiskVersion: PendingDiskVersion?
    /// Unsaved edits found from an earlier session, waiting for restore or discard.
    public var recoverable: Timings?
    /// Q with unsaved edits asks for a second Q.
    public var quitRequested = false
    /// The pointer drawn as a finger over the device (and in captures' videos), as iOS shows touches.
    public var showTouches = false
    public var rate = 1.0
    public var isPaused = false
    /// The frame step for ← / → while paused: one frame of the display's refresh.
    public let frameStep: Double
    public var tools: Set<Tool> = []
    /// Tab: every tool hidden at once, for a clean screen recording.
    public var toolsHidden = false
    public var message: StatusMessage?
    public var capturing = false
    /// A press on the timeline scrubs instead of reaching the preview.
    public var scrubbing = false
    public var isRunning = true
    /// The window's monotonic clock at the last tick, for message lifetimes.
    public var wallTime = 0.0

    /// The playback rates, as keys 1 2 3 4 set them and S cycles them.
    public static let rates = [1.0, 0.5, 0.25, 0.1]
    /// How long an information message stays (s).
    public static let messageSeconds = 4.0

    public init(playback: Playback, document: TimingsDocument, refreshRate: Double) {
        self.playback = playback
        self.document = document
        frameStep = 1 / max(refreshRate, 1)
    }

    /// The take the device shows alone: A's when A is showing.
    public var shownPlayback: Playback { showingA ? (playbackA ?? playback) : playback }

    public var time: Double { playback.time }

    public func shows(_ tool: Tool) -> Bool { !toolsHidden && tools.contains(tool) }

    /// The preview time the timeline spans: the splash and a little after, or the whole take.
    public var timelineRange: Double { max(playback.preview.splash.endTime + 0.6, playback.horizon, 1) }
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
    case undo
    case redo
    case save
    /// Ctrl+Shift+S: to a new file beside the save path.
    case saveElsewhere
    case snapshotA
    case toggleAB
    case toggleSplit
    case toggleInspector
    case toggleTouches
    case selectCurve(path: String, segment: Int?)
    case setReplayFrom(Double)
    case timeline(TimelineAction)
    case say(String, isError: Bool)
    case quit
    /// A signal (SIGTERM, SIGINT, SIGHUP) asked the process to end: nobody is there to answer
    /// "Q again", so it quits at once, and unsaved edits, a drag's included, stay in the recovery file.
    case quitOnSignal(Int32)
}

/// Work for the shell, outside the pure state: files and processes.
public enum WindowEffect: Equatable, Sendable {
    /// Write the take so far as a script and render it offline as a video, `duration` seconds long.
    case writeCapture(InputScript, duration: Double)
    /// Print a line on stderr too.
    case log(String)
    /// Keep the unsaved edits in the recovery file (or remove it when there are none).
    case updateRecovery
}

extension WindowState {
    func say(_ text: String, isError: Bool = false, forever: Bool = false) -> StatusMessage {
        StatusMessage(text: text, isError: isError, until: forever ? .infinity : wallTime + (isError ? 6 : WindowState.messageSeconds))
    }

    /// Applies one action; returns the effects for the shell to carry out.
    public mutating func reduce(_ action: WindowAction) -> [WindowEffect] {
        switch action {
        case let .input(kind):
            // The window's input obeys the same ranges as a script's (a pointer far outside the
            // window, a wheel of absurd clicks), so a capture always reads back.
            let clamped = InputEvent(time: 0, kind: kind).clampedToLimits().kind
            playback.record(clamped)
            playbackA?.record(clamped)
        case let .tick(realSeconds, now):
            wallTime = now
            if let m = message, now > m.until { message = nil }
            // The preview advances by the real time since the last frame, times the rate.
            if !isPaused && !scrubbing && realSeconds > 0 {
                let played = realSeconds * rate
                seekAll(loopRegion?.advanced(from: playback.time, by: played) ?? playback.time + played)
            }
        case let .setRate(r):
            rate = r
            message = say("playback rate \(JSONOutput.number(r).text)×")
        case .cycleRate:
            let next = WindowState.rates[((WindowState.rates.firstIndex(of: rate) ?? 0) + 1) % WindowState.rates.count]
            return reduce(.setRate(next))
        case .togglePause:
            isPaused.toggle()
        case let .step(frames):
            guard isPaused else { break }
            seekAll(max(playback.time + Double(frames) * frameStep, 0))
        case let .seek(t):
            seekAll(min(max(t, 0), timelineRange))
        case .replay:
            seekAll(0)
            message = say("replaying from the start")
        case let .scrubBegin(t):
            scrubbing = true
            isPaused = true
            return reduce(.seek(t))
        case .scrubEnd:
            scrubbing = false
        case let .toggle(tool):
            // A tool's key never acts on nothing: with the tools or the inspector hidden it shows
            // them with that tool, and hides the tool only when it was on screen.
            if tools.contains(tool) && !toolsHidden && inspectorShown { tools.remove(tool) } else { tools.insert(tool) }
            toolsHidden = false
            inspectorShown = true
        case .toggleToolsHidden:
            toolsHidden.toggle()
        case .toggleCapture:
            capturing.toggle()
            if capturing {
                message = say("● capturing input (F9 to stop)", forever: true)
            } else {
                message = nil
                return [.writeCapture(playback.scriptSoFar, duration: playback.time + 0.5)]
            }
        case let .diskChanged(text, timings, path):
            // Our own save coming back through the watcher is no change.
            if text == document.baseText && timings == document.base { break }
            guard document.hasUnsavedEdits else {
                // No unsaved edits: theirs, as one undo step, replayed from the start.
                document.adoptDiskVersion(text: text, timings: timings, takeTheirs: true)
                timingsChanged(replay: true)
                message = say("reloaded timings from \(path)")
                return [.log("reloaded timings from \(path)")]
            }
            pendingDiskVersion = PendingDiskVersion(text: text, timings: timings, path: path)
            message = say("\(path) changed on disk; you have unsaved edits: take theirs or keep yours (inspector)", forever: true)
            return [.log("\(path) changed on disk while there are unsaved edits here; waiting for take theirs / keep ours")]
        case .takeTheirs:
            guard let pending = pendingDiskVersion else { break }
            document.adoptDiskVersion(text: pending.text, timings: pending.timings, takeTheirs: true)
            pendingDiskVersion = nil
            timingsChanged(replay: true)
            message = say("took the file's values (Ctrl+Z brings yours back)")
            return [.updateRecovery]
        case .keepOurs:
            guard let pending = pendingDiskVersion else { break }
            document.adoptDiskVersion(text: pending.text, timings: pending.timings, takeTheirs: false)
            pendingDiskVersion = nil
            message = say("kept your values; Ctrl+S writes them over the file's")
            return [.updateRecovery]
        case .restoreRecovery:
            guard let timings = recoverable else { break }
            document.replaceAll(with: timings)
            recoverable = nil
            timingsChanged(replay: true)
            message = say("restored the unsaved edits of an earlier session")
            return [.updateRecovery]
        case .discardRecovery:
            recoverable = nil
            return [.updateRecovery]
        case let .edit(path, value, isFinal):
            do {
                try document.edit(path, to: value, isFinal: isFinal)
            } catch {
                message = say("\(error)", isError: true)
                break
            }
            timingsChanged(replay: path.hasPrefix("splash."))
            return isFinal ? [.updateRecovery] : []
        case .undo:
            if document.undo() { timingsChanged(replay: true); return [.updateRecovery] }
            message = say("nothing to undo")
        case .redo:
            if document.redo() { timingsChanged(replay: true); return [.updateRecovery] }
            message = say("nothing to redo")
        case .save, .saveElsewhere:
            let target = action.isSaveElsewhere ? document.alternativeSavePath() : nil
            do {
                switch try document.save(to: target) {
                case .nothingToSave:
                    message = say("no unsaved edits")
                case let .saved(path, changed):
                    message = say("saved \(path) (\(changed.isEmpty ? "no value changed" : changed.joined(separator: ", ")))")
                    return [.log("saved \(path)"), .updateRecovery]
                }
            } catch {
                message = say("\(error)", isError: true)
                return [.log("save failed: \(error)"), .updateRecovery]
            }
        case .snapshotA:
            document.snapshotAsA()
            rebuildA()
            message = say("A = these values; your edits now change B")
        case .toggleAB:
            guard playbackA != nil else { message = say("no A yet: press A to take the current values as A"); break }
            showingA.toggle()
            message = say(showingA ? "showing A" : "showing B")
        case .toggleSplit:
            guard playbackA != nil else { message = say("no A yet: press A to take the current values as A"); break }
            split.toggle()
        case .toggleInspector:
            inspectorShown.toggle()
        case .toggleTouches:
            showTouches.toggle()
            message = say(showTouches ? "touches shown (and in F9 videos)" : "touches hidden")
        case let .selectCurve(path, segment):
            selectedCurve = (path, segment)
            selectedTrack = SplashTrack.all.first { $0.curvePath == path }?.id ?? selectedTrack
        case let .setReplayFrom(t):
            replayFrom = max(t, 0)
        case let .timeline(timelineAction):
            reduceTimeline(timelineAction)
        case let .reloadFailed(error):
            // The last good values stay in force until the file is fixed; the inspector shows why.
            message = say("timings error: \(error)", isError: true, forever: true)
            inspectorShown = true
            return [.log("timings error: \(error)")]
        case let .say(text, isError):
            message = say(text, isError: isError)
        case .quit:
            if document.hasUnsavedEdits && !quitRequested {
                quitRequested = true
                message = say("unsaved edits: Ctrl+S saves them; Q again quits without saving (they stay in the recovery file)", forever: true)
                break
            }
            isRunning = false
        case let .quitOnSignal(signal):
            isRunning = false
            let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
            // Only with unsaved edits: otherwise the effect would remove a recovery file an
            // earlier session left, which the inspector may be offering right now.
            guard document.hasUnsavedEdits else { return [.log("quit on \(name)")] }
            return [.log("quit on \(name); the unsaved edits are kept in the recovery file"), .updateRecovery]
        }
        if case .quit = action {} else if case .tick = action {} else { quitRequested = false }
        return []
    }

    mutating func seekAll(_ t: Double) {
        playback.seek(to: t)
        playbackA?.seek(to: t)
    }

    /// The edited values are the take's new initial preview; after a splash parameter the splash
    /// replays from `replayFrom`, otherwise the take goes on where it is.
    mutating func timingsChanged(replay: Bool) {
        playback = playback.replacingInitial(playback.initial.withTimings(document.current))
        if replay { seekAll(loopRegion?.start ?? replayFrom) }
    }

    /// A's take: the same log and time over A's values.
    mutating func rebuildA() {
        guard let a = document.snapshotA else { playbackA = nil; return }
        playbackA = Playback(initial: playback.initial.withTimings(a), log: playback.log, time: playback.time)
    }
}

extension WindowAction {
    var isSaveElsewhere: Bool { if case .saveElsewhere = self { return true }; return false }
}
