import Formats

/// The tools concern of the window: which tool overlays show, Tab's clean screen, input capture
/// (F9), the curve the curve editor shows, and the timeline's view of time and its dock.
public struct ToolState: Sendable {
    public internal(set) var tools: Set<Tool>
    /// Tab: every tool hidden at once, for a clean screen recording.
    public internal(set) var toolsHidden = false
    public internal(set) var capturing = false
    /// The curve the curve editor shows: a curve parameter's key path, and for a keyframe list the segment.
    public internal(set) var selectedCurve: (path: String, segment: Int?) = ("splash.logo.curve", nil)
    /// The time the timeline shows, and what its dock shows.
    public internal(set) var timelineView = TimelineView()
    public internal(set) var timelineDockMode = TimelineDockMode.lanes
    /// The track of the lane last selected on the timeline (`SplashTrack.id`, or a live lane's id).
    public internal(set) var selectedTrack: String?

    public init(tools: Set<Tool> = []) { self.tools = tools }

    public func shows(_ tool: Tool) -> Bool { !toolsHidden && tools.contains(tool) }

    /// What the tools read of the rest of the window.
    struct Context {
        var inspectorShown: Bool
        /// The take so far and its time, for a capture's script and video.
        var takeSoFar: () -> (script: InputScript, time: Double)
        var showTouches: Bool
        /// The timeline's fitted spans and the longest it may show.
        var splashSpan: ClosedRange<Double>
        var takeSpan: ClosedRange<Double>
    }

    // MARK: The reducer

    mutating func reduce(_ action: ToolAction, in context: Context) -> ConcernOutcome {
        switch action {
        case let .toggle(tool):
            toggle(tool, inspectorShown: context.inspectorShown)
            return ConcernOutcome(events: [.toolToggled])
        case .toggleToolsHidden:
            toolsHidden.toggle()
        case .toggleCapture:
            let take = context.takeSoFar()
            return toggleCapture(takeSoFar: take.script, time: take.time, showTouches: context.showTouches)
        case let .selectCurve(path, segment):
            selectCurve(path: path, segment: segment)
            return ConcernOutcome(events: [.curveSelected])
        case let .timeline(timelineAction):
            return reduceTimeline(timelineAction, in: context)
        }
        return ConcernOutcome()
    }

    /// A tool's key never acts on nothing: with the tools or the inspector hidden it shows them
    /// with that tool, and hides the tool only when it was on screen.
    mutating func toggle(_ tool: Tool, inspectorShown: Bool) {
        if tools.contains(tool) && !toolsHidden && inspectorShown { tools.remove(tool) } else { tools.insert(tool) }
        toolsHidden = false
    }

    /// F9: starts a capture, or ends it with the take so far written as a script and rendered as
    /// a video, half a second longer than the take; the capture's standing message goes with it.
    mutating func toggleCapture(takeSoFar: InputScript, time: Double, showTouches: Bool) -> ConcernOutcome {
        capturing.toggle()
        if capturing { return ConcernOutcome(note: Note("● capturing input (F9 to stop)", forever: true)) }
        return ConcernOutcome(clearsMessage: true, effects: [.writeCapture(takeSoFar, duration: time + 0.5, showTouches: showTouches)])
    }

    mutating func selectCurve(path: String, segment: Int?) {
        selectedCurve = (path, segment)
        selectedTrack = SplashTrack.all.first { $0.curvePath == path }?.id ?? selectedTrack
    }
}

/// What the tools concern is asked to do.
public enum ToolAction: Sendable {
    case toggle(Tool)
    case toggleToolsHidden
    case toggleCapture
    case selectCurve(path: String, segment: Int?)
    case timeline(TimelineAction)
}
