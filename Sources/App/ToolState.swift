import Formats

/// The tools concern of the window: which tool overlays show, Tab's clean screen, input capture
/// (F9) and the curve the curve editor shows.
public struct ToolState: Sendable {
    public var tools: Set<Tool> = []
    /// Tab: every tool hidden at once, for a clean screen recording.
    public var toolsHidden = false
    public var capturing = false
    /// The curve the curve editor shows: a curve parameter's key path, and for a keyframe list the segment.
    public var selectedCurve: (path: String, segment: Int?) = ("splash.logo.curve", nil)
    /// The time the timeline shows, and what its dock shows.
    public var timelineView = TimelineView()
    public var timelineDockMode = TimelineDockMode.lanes
    /// The track of the lane last selected on the timeline (`SplashTrack.id`, or a live lane's id).
    public var selectedTrack: String?

    public init() {}

    public func shows(_ tool: Tool) -> Bool { !toolsHidden && tools.contains(tool) }

    // MARK: The reducer

    /// A tool's key never acts on nothing: with the tools or the inspector hidden it shows them
    /// with that tool, and hides the tool only when it was on screen.
    mutating func toggle(_ tool: Tool, inspectorShown: Bool) {
        if tools.contains(tool) && !toolsHidden && inspectorShown { tools.remove(tool) } else { tools.insert(tool) }
        toolsHidden = false
    }

    mutating func toggleToolsHidden() { toolsHidden.toggle() }

    /// F9: starts a capture, or ends it with the take so far written as a script and rendered as
    /// a video, half a second longer than the take.
    mutating func toggleCapture(takeSoFar: InputScript, time: Double, showTouches: Bool) -> (note: Note?, effects: [WindowEffect]) {
        capturing.toggle()
        if capturing { return (Note("● capturing input (F9 to stop)", forever: true), []) }
        return (nil, [.writeCapture(takeSoFar, duration: time + 0.5, showTouches: showTouches)])
    }

    mutating func selectCurve(path: String, segment: Int?) {
        selectedCurve = (path, segment)
        selectedTrack = SplashTrack.all.first { $0.curvePath == path }?.id ?? selectedTrack
    }
}
