import Scenes

/// The view concern of the window: the inspector beside the device, which of A and B shows and
/// whether side by side, the touches drawn over the device, and the files written for whoever
/// watches the window (`--ui-dump`, `--state-out`) whose writes are failing.
public struct ViewState: Sendable {
    /// The inspector beside the device (I).
    public var inspectorShown = true
    /// A/B: which values the device shows, and whether A and B play side by side.
    public var showingA = false
    public var split = false
    /// The pointer drawn as a finger over the device (and in captures' videos), as iOS shows touches.
    public var showTouches = false
    /// The appearance the launch screen and the intro's background are shown in (D).
    public var appearance: Appearance = .light
    /// Kept files whose last write failed and has been reported: a failure is shown once, not at
    /// every attempt (the files are rewritten many times a second), until a write succeeds again.
    public var failingKeptFiles: Set<String> = []

    public init() {}

    // MARK: The reducer

    /// A toggles; without an A there is nothing to show.
    mutating func toggleAB(hasA: Bool) -> Note {
        guard hasA else { return Note("no A yet: press A to take the current values as A") }
        showingA.toggle()
        return Note(showingA ? "showing A" : "showing B")
    }

    mutating func toggleSplit(hasA: Bool) -> Note? {
        guard hasA else { return Note("no A yet: press A to take the current values as A") }
        split.toggle()
        return nil
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
    mutating func keptFileWritten(path: String, failure: String?) -> (note: Note?, effects: [WindowEffect]) {
        guard let failure else { failingKeptFiles.remove(path); return (nil, []) }
        guard failingKeptFiles.insert(path).inserted else { return (nil, []) }
        return (Note(failure, isError: true), [.log("splashlab: \(failure)")])
    }
}
