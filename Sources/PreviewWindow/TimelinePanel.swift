import App
import Formats
import Foundation
import Inspector
import Scenes

/// The timeline of the take: its tools (fit, loop), then the splash's tracks (one lane each, from
/// `SplashTrack.all`), the interactive animations running now, and the take's input, in whatever
/// rectangle the window gives it. It turns what the user does there into `WindowAction`s.
enum TimelinePanel {
    /// Draws the timeline's tool row and, in the lanes mode, its lanes below it: in `rect` when
    /// given (window units), else at the cursor across the available width.
    static func draw(_ ui: ImGuiSDLBridge, state: WindowState, rect: TimelineRect? = nil) -> [WindowAction] {
        var actions: [WindowAction] = []
        if let rect { ui.moveCursor(x: rect.x, y: rect.y) }
        if ui.button(id: "timeline.fitSplash", label: "Fit splash") { actions.append(.tools(.timeline(.fit(.splash)))) }
        ui.sameLine()
        if ui.button(id: "timeline.fitTake", label: "Fit take") { actions.append(.tools(.timeline(.fit(.take)))) }
        if let loop = state.loopRegion {
            ui.sameLine()
            if ui.button(id: "timeline.clearLoop", label: String(format: "Loop %.2f-%.2f s: off", loop.start, loop.end)) {
                actions.append(.playback(.setLoop(nil)))
            }
        }
        let below = ui.cursorPosition.y
        let lanesRect = rect.map { TimelineRect(x: $0.x, y: below, width: $0.width, height: max($0.maxY - below, 0)) }
        switch state.timelineDockMode {
        case .lanes: actions += lanes(ui, state: state, rect: lanesRect)
        // The graph of the tracks' values is drawn by its own view in this place.
        case .graph: break
        }
        return actions
    }

    /// What the lanes show now: every track of the splash that plays with these options, the
    /// interactive animations in flight, the phases and the take's input.
    static func content(_ state: WindowState) -> TimelineContent {
        let preview = state.playback.preview
        let timings = state.document.current
        let sequence = preview.splash
        let d = sequence.dismissalTime
        var lanes: [TimelineLane] = []
        if let intro = introLane(sequence) { lanes.append(intro) }
        if let reference = state.reference.flatMap(referenceLane) { lanes.append(reference) }
        for bar in sequence.trackBars(timings: timings) {
            lanes.append(TimelineLane(id: bar.track.id, label: bar.track.label, begin: bar.begin, end: bar.end, keyframeTimes: bar.keyTimes,
                                      delayEditable: bar.track.delayPath != nil, durationEditable: true,
                                      delayOrigin: bar.track.anchor == .start ? 0 : d))
        }
        var live: [TimelineLiveLane] = []
        let t = state.time
        if let card = preview.cardState(at: t) {
            live.append(TimelineLiveLane(id: "card", label: "card", start: card.animationStart, settlingDuration: card.animationDuration,
                                         targetLabel: card.phase(at: t) == .closing ? "closed" : "open"))
        }
        if preview.panel.isVisible(at: t) && !preview.panel.isDragging {
            let panel = preview.panel
            live.append(TimelineLiveLane(id: "panel", label: "panel", start: panel.animationStart, settlingDuration: panel.animationDuration,
                                         targetLabel: panel.phase(at: t) == .dismissing || panel.phase(at: t) == .hidden ? "hidden" : "presented"))
        }
        if let scroll = preview.scroll.motionSpan(at: t) {
            live.append(TimelineLiveLane(id: "scroll", label: "scroll", start: scroll.start, settlingDuration: scroll.duration,
                                         targetLabel: String(format: "offset %.0f", scroll.target)))
        }
        let phases = [TimelinePhase(name: "appearing", start: 0, end: sequence.appearDuration),
                      TimelinePhase(name: "holding", start: sequence.appearDuration, end: d),
                      TimelinePhase(name: "disappearing", start: d, end: sequence.endTime)]
        let selectedLane = state.selectedTrack ?? SplashTrack.all.first { $0.curvePath == state.selectedCurve.path }?.id
        var content = TimelineContent(lanes: lanes, phases: phases, liveLanes: live, dismissalTime: d, playhead: t)
        content.visibleSpan = state.timelineSpan
        content.selectedLaneId = selectedLane
        if let segment = state.selectedCurve.segment, let lane = selectedLane { content.selectedSegment = TimelineSegment(laneId: lane, index: segment) }
        content.loopRegion = state.loopRegion.map { $0.start...$0.end }
        content.commentPins = state.comments.map { TimelineCommentPin(time: $0.time, label: ($0.author.isEmpty ? "" : $0.author + ": ") + $0.text) }
        content.inputMarks = state.playback.log.compactMap { event in
            switch event.kind {
            case .down: return TimelineInputMark(time: event.time, kind: .down)
            case .up: return TimelineInputMark(time: event.time, kind: .up)
            case .key: return TimelineInputMark(time: event.time, kind: .key)
            case .wheel: return TimelineInputMark(time: event.time, kind: .wheel)
            case .move, .cancel: return nil
            }
        }
        return content
    }

    /// The intro file's lane: from 0 to the end of its last pass, each pass a segment (its in and
    /// out points), the markers of the first pass named on it. Its end is draggable: dragging it
    /// sets the speed, the range and loops kept.
    static let introLaneId = "intro"

    static func introLane(_ sequence: SplashSequence) -> TimelineLane? {
        guard let intro = sequence.intro, !sequence.options.reduceMotion else { return nil }
        let passes = Int(intro.loops.rounded(.up))
        let keys = intro.loops > 1 ? (0...passes).map { min(Double($0) * intro.passDuration, intro.playedDuration) } : []
        let markers = intro.clip.markers.filter { $0.start >= intro.rangeStart && $0.start < intro.rangeEnd }.map {
            TimelineMarker(time: ($0.start - intro.rangeStart) / intro.speed, name: $0.name)
        }
        let name = (intro.clip.path as NSString).lastPathComponent
        return TimelineLane(id: introLaneId, label: "intro \(name)", begin: 0, end: intro.playedDuration, keyframeTimes: keys,
                            delayEditable: false, durationEditable: true, markers: markers)
    }

    /// The reference recording's lane (`run --reference`): from its first frame to its last on
    /// the preview's clock (the offset taken off), a tick at each frame's own time, so a stretch
    /// the phone wrote no frame for shows as a gap. Nothing on it is editable; `,` and `.` move it.
    static let referenceLaneId = "reference"

    static func referenceLane(_ track: ReferenceTrack) -> TimelineLane? {
        guard let first = track.frameTimes.first, let last = track.frameTimes.last else { return nil }
        var lane = TimelineLane(id: referenceLaneId, label: "reference \(track.name)", begin: first - track.offset, end: last - track.offset,
                                delayEditable: false, durationEditable: false)
        lane.ticks = track.frameTimes.map { $0 - track.offset }
        return lane
    }

    /// The speed that makes the intro's passes last `duration` in all, within the declared range.
    static func introSpeed(_ sequence: SplashSequence, duration: Double) -> Double? {
        guard let intro = sequence.intro, duration > 0, let range = TimingsSchema.parameter(for: \Timings.intro.speed)?.range else { return nil }
        let speed = (intro.rangeEnd - intro.rangeStart) * intro.loops / duration
        return min(max(speed, 0.01), range.upperBound)
    }

    static func lanes(_ ui: ImGuiSDLBridge, state: WindowState, rect: TimelineRect?) -> [WindowAction] {
        func track(_ id: String) -> SplashTrack? { SplashTrack.all.first { $0.id == id } }
        switch ui.timeline(id: "timeline", content(state), rect: rect) {
        case .none: return []
        case let .seek(time): return [.playback(.seek(time))]
        case let .moveDelay(laneId, delay, isFinal):
            guard let path = track(laneId)?.delayPath else { return [] }
            return [.document(.edit(path: path, value: .number(delay), isFinal: isFinal))]
        case let .setDuration(laneId, duration, isFinal) where laneId == introLaneId:
            guard let speed = introSpeed(state.playback.preview.splash, duration: duration) else { return [] }
            return [.document(.edit(path: TimingsSchema.path(of: \Timings.intro.speed), value: .number((speed * 1000).rounded() / 1000), isFinal: isFinal))]
        case let .setDuration(laneId, duration, isFinal):
            guard let path = track(laneId)?.durationPath else { return [] }
            return [.document(.edit(path: path, value: .number(duration), isFinal: isFinal))]
        case let .select(laneId):
            return [.tools(.timeline(.selectTrack(laneId)))]
        case let .selectSegment(laneId, index):
            guard let track = track(laneId) else { return [] }
            return [.tools(.timeline(.selectTrack(laneId))), .tools(.selectCurve(path: track.curvePath, segment: track.keyTimesPath == nil ? nil : index))]
        case let .zoom(notches, anchor): return [.tools(.timeline(.zoom(notches: notches, about: anchor)))]
        case let .pan(notches): return [.tools(.timeline(.pan(notches: notches)))]
        case let .setLoop(start, end): return LoopRegion(from: start, to: end).map { [.playback(.setLoop($0))] } ?? []
        case .clearLoop: return state.loopRegion == nil ? [] : [.playback(.setLoop(nil))]
        }
    }
}
