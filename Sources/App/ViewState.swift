import Foundation
import Formats
import Scenes

/// The view concern of the window: the inspector beside the device, which of A and B shows and
/// whether side by side, the touches drawn over the device, the appearance, the workbench's
/// splitters and compare modes, and the files written for whoever watches the window
/// (`--ui-dump`, `--state-out`) whose writes are failing.
public struct ViewState: Sendable {
    /// The inspector beside the device (I).
    public internal(set) var inspectorShown: Bool
    /// A/B: which values the device shows, and whether A and B play side by side.
    public internal(set) var showingA = false
    public internal(set) var split = false
    /// The pointer drawn as a finger over the device (and in captures' videos), as iOS shows touches.
    public internal(set) var showTouches = false
    /// The appearance the launch screen and the intro's background are shown in (D).
    public internal(set) var appearance: Appearance
    /// The workbench's splitters, compare mode and open property section.
    public internal(set) var workbench: WorkbenchView
    /// Kept files whose last write failed and has been reported: a failure is shown once, not at
    /// every attempt (the files are rewritten many times a second), until a write succeeds again.
    public internal(set) var failingKeptFiles: Set<String> = []
    /// A screen recording of the real app as the B side of every compare mode (`--reference`),
    /// with the offset `,` and `.` nudge.
    public internal(set) var reference: ReferenceTrack?
    /// A review's comments (`--comments`), by time; read once as the window opens.
    public internal(set) var comments: [ReviewComment]

    public init(inspectorShown: Bool = true, appearance: Appearance = .light, workbench: WorkbenchView = WorkbenchView(),
                reference: ReferenceTrack? = nil, comments: [ReviewComment] = []) {
        self.inspectorShown = inspectorShown
        self.appearance = appearance
        self.workbench = workbench
        self.reference = reference
        self.comments = comments
    }

    /// What the view reads of the rest of the window: whether there is an A to show, and the
    /// preview's time (where a nudge of the reference is measured).
    struct Context { var hasA: Bool; var time: Double }

    // MARK: The reducer

    mutating func reduce(_ action: ViewAction, in context: Context) -> ConcernOutcome {
        switch action {
        case .toggleAB: return ConcernOutcome(note: toggleAB(hasA: context.hasA))
        case .toggleSplit: return ConcernOutcome(note: toggleSplit(hasA: context.hasA))
        case let .nudgeReference(steps): return ConcernOutcome(note: nudgeReference(by: steps, at: context.time))
        case .toggleInspector: inspectorShown.toggle()
        case .showInspector: inspectorShown = true
        case .toggleTouches: return ConcernOutcome(note: toggleTouches())
        case .toggleAppearance: return ConcernOutcome(note: toggleAppearance())
        case .openSelectedTracksSection: workbench.openSection = nil
        case let .keptFileWritten(path, failure): return keptFileWritten(path: path, failure: failure)
        case let .workbench(action):
            if workbench.reduce(action) { return ConcernOutcome(effects: [.rememberLayout(workbench.remembered)]) }
        }
        return ConcernOutcome()
    }

    /// A toggles; without an A there is nothing to show.
    mutating func toggleAB(hasA: Bool) -> Note {
        guard hasA else { return Note("no A yet: press A to take the current values as A") }
        showingA.toggle()
        return Note(showingA ? "showing A" : "showing B")
    }

    mutating func toggleSplit(hasA: Bool) -> Note? {
        guard hasA || reference != nil else { return Note("no A yet: press A to take the current values as A") }
        split.toggle()
        return nil
    }

    /// `,` and `.`: the recording one frame earlier or later against the preview.
    mutating func nudgeReference(by steps: Int, at time: Double) -> Note {
        guard var track = reference else { return Note("no reference recording: open one with run --reference FILE") }
        track.nudge(by: steps, at: time)
        reference = track
        let shown = track.frameIndex(at: time).map { "frame \($0)" } ?? "before its first frame"
        return Note("reference offset " + String(format: "%.4f s", track.offset) + ": \(shown)")
    }

    mutating func toggleAppearance() -> Note {
        appearance = appearance == .light ? .dark : .light
        return Note("\(appearance.rawValue) appearance")
    }

    mutating func toggleTouches() -> Note {
        showTouches.toggle()
        return Note(showTouches ? "touches shown (and in F9 videos)" : "touches hidden")
    }

    /// A kept file was written (`failure` nil) or not: a failure is reported the first time only.
    mutating func keptFileWritten(path: String, failure: String?) -> ConcernOutcome {
        guard let failure else { failingKeptFiles.remove(path); return ConcernOutcome() }
        guard failingKeptFiles.insert(path).inserted else { return ConcernOutcome() }
        return ConcernOutcome(note: Note(failure, isError: true), effects: [.log("splashlab: \(failure)")])
    }
}

/// What the view concern is asked to do.
public enum ViewAction: Sendable {
    case toggleAB
    case toggleSplit
    /// The reference recording's offset by this many of its frames (`,` back, `.` forward).
    case nudgeReference(Int)
    case toggleInspector
    /// A tool's key, or an error in the timings file, brings the inspector back.
    case showInspector
    case toggleTouches
    /// D: light and dark appearance.
    case toggleAppearance
    /// A curve was chosen: the property panel opens the selected track's section.
    case openSelectedTracksSection
    /// A file the window keeps up to date (`--ui-dump`, `--state-out`) was written, or not (`failure`).
    case keptFileWritten(path: String, failure: String?)
    case workbench(WorkbenchAction)
}
