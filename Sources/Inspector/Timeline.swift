import CImGui
import CSDL2
import Foundation
import Motion

// MARK: What the caller shows

/// One layer's animation as a bar from `begin` to `end` (seconds on the preview clock).
public struct TimelineLane: Equatable, Sendable {
    public var id: String
    public var label: String
    public var begin: Double
    public var end: Double
    /// Keyframe times in seconds on the same clock (not fractions), in order; the segments between
    /// consecutive ones can be selected.
    public var keyframeTimes: [Double]
    public var delayEditable: Bool
    public var durationEditable: Bool
    /// What the delay counts from: `begin = delayOrigin + delay` (the dismissal time for the
    /// disappearance's layers, 0 for the launch's).
    public var delayOrigin: Double
    /// Named times on the bar (an intro file's markers), drawn as ticks with their names.
    public var markers: [TimelineMarker]
    /// Times drawn as thin unnamed ticks: a screen recording's frames, where a stretch with no
    /// frame (a dropped frame, or a still screen the phone wrote no frame for) shows as a gap.
    public var ticks: [Double] = []

    public init(id: String, label: String, begin: Double, end: Double, keyframeTimes: [Double] = [],
                delayEditable: Bool, durationEditable: Bool, delayOrigin: Double = 0, markers: [TimelineMarker] = []) {
        self.id = id; self.label = label; self.begin = begin; self.end = end; self.keyframeTimes = keyframeTimes
        self.delayEditable = delayEditable; self.durationEditable = durationEditable; self.delayOrigin = delayOrigin
        self.markers = markers
    }
}

/// A named time on a lane's bar.
public struct TimelineMarker: Equatable, Sendable {
    public var time: Double
    public var name: String
    public init(time: Double, name: String) { self.time = time; self.name = name }
}

/// A named stretch of the sequence (appearing, holding, disappearing), drawn behind the lanes.
public struct TimelinePhase: Equatable, Sendable {
    public var name: String
    public var start, end: Double
    public init(name: String, start: Double, end: Double) { self.name = name; self.start = start; self.end = end }
}

/// An interactive animation (the card's curve, the panel's curve or spring, the scroll's decay
/// and bounce): a bar from `start` to `start + settlingDuration` (a curve's duration, a spring's
/// settling time), labelled with the value it is heading to.
public struct TimelineLiveLane: Equatable, Sendable {
    public var id: String
    public var label: String
    public var start: Double
    public var settlingDuration: Double
    public var targetLabel: String
    public init(id: String, label: String, start: Double, settlingDuration: Double, targetLabel: String) {
        self.id = id; self.label = label; self.start = start; self.settlingDuration = settlingDuration; self.targetLabel = targetLabel
    }
}

public struct TimelineSegment: Equatable, Sendable {
    public var laneId: String
    public var index: Int
    public init(laneId: String, index: Int) { self.laneId = laneId; self.index = index }
}

/// One input of the take, drawn as a mark on the input row at its time.
public struct TimelineInputMark: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable { case down, up, key, wheel }
    public var time: Double
    public var kind: Kind
    public init(time: Double, kind: Kind) { self.time = time; self.kind = kind }
}

/// A review's comment, pinned on the ruler at its time; a click on the pin seeks there.
public struct TimelineCommentPin: Equatable, Sendable {
    public var time: Double
    /// What the pin's tooltip says: the author and the text.
    public var label: String
    public init(time: Double, label: String) { self.time = time; self.label = label }
}

/// Everything the timeline draws in one frame.
public struct TimelineContent: Equatable, Sendable {
    public var lanes: [TimelineLane]
    public var phases: [TimelinePhase]
    public var liveLanes: [TimelineLiveLane]
    public var dismissalTime: Double?
    public var playhead: Double
    /// The visible time range; by default from 0 to a little past the last thing drawn.
    public var visibleSpan: ClosedRange<Double>?
    public var selectedLaneId: String?
    public var selectedSegment: TimelineSegment?
    /// The range played on repeat, shown on the loop band and over the lanes.
    public var loopRegion: ClosedRange<Double>?
    /// The take's input, in time order.
    public var inputMarks: [TimelineInputMark] = []
    /// A review's comments (`run --comments`), by time, as pins on the ruler.
    public var commentPins: [TimelineCommentPin] = []

    public init(lanes: [TimelineLane], phases: [TimelinePhase] = [], liveLanes: [TimelineLiveLane] = [],
                dismissalTime: Double? = nil, playhead: Double, visibleSpan: ClosedRange<Double>? = nil,
                selectedLaneId: String? = nil, selectedSegment: TimelineSegment? = nil) {
        self.lanes = lanes; self.phases = phases; self.liveLanes = liveLanes; self.dismissalTime = dismissalTime
        self.playhead = playhead; self.visibleSpan = visibleSpan; self.selectedLaneId = selectedLaneId
        self.selectedSegment = selectedSegment
    }

    /// 0 to 5% past the latest end, dismissal or playhead; at least one second.
    public var span: ClosedRange<Double> {
        if let visibleSpan { return visibleSpan }
        let ends = lanes.map(\.end) + liveLanes.map { $0.start + ($0.settlingDuration.isFinite ? $0.settlingDuration : 0) }
            + phases.map(\.end) + [dismissalTime ?? 0, playhead]
        let latest = ends.filter(\.isFinite).max() ?? 1
        return 0...max(latest * 1.05, 1)
    }
}

/// What the user did on the timeline this frame.
public enum TimelineEdit: Equatable, Sendable {
    case none
    case seek(Double)
    case moveDelay(laneId: String, delay: Double, isFinal: Bool)
    case setDuration(laneId: String, duration: Double, isFinal: Bool)
    case select(laneId: String)
    case selectSegment(laneId: String, index: Int)
    /// Ctrl+wheel over the timeline: `notches` clicks (positive zooms in) about the time under the pointer.
    case zoom(notches: Double, about: Double)
    /// The wheel over the timeline: `notches` clicks (positive toward 0).
    case pan(notches: Double)
    /// A drag on the loop band ended: play this range on repeat.
    case setLoop(start: Double, end: Double)
    /// A click on the loop band: no loop.
    case clearLoop
}

// MARK: Bars

/// Which part of a lane's bar the pointer is on.
public enum TimelineBarRegion: Equatable, Sendable {
    /// The right end, where a drag changes the duration.
    case durationHandle
    /// The body, where a drag moves the delay; `segment` is the keyframe segment under the pointer.
    case body(segment: Int?)
    case outside
}

public enum TimelineGeometry {
    /// Half-width of the grab zone at a bar's right end, in window units.
    public static let durationHandleHalfWidth = 5.0
    /// Shortest duration a drag can set: 10 ms, one frame at 100 Hz.
    public static let minimumDuration = 0.01
    /// Dragged times are rounded to milliseconds, the precision of the timings file.
    public static let timeDecimals = 3

    public static func region(atX x: Double, lane: TimelineLane, scale: TimelineScale) -> TimelineBarRegion {
        let start = scale.x(for: lane.begin), end = scale.x(for: lane.end)
        if lane.durationEditable && abs(x - end) <= durationHandleHalfWidth { return .durationHandle }
        guard x >= start && x <= end else { return .outside }
        let keys = lane.keyframeTimes.map { scale.x(for: $0) }
        guard keys.count >= 2 else { return .body(segment: nil) }
        for i in 0..<(keys.count - 1) where x >= keys[i] && x <= keys[i + 1] { return .body(segment: i) }
        return .body(segment: nil)
    }

    /// The delay after dragging a bar grabbed at `grabTime` to `pointerTime`: never negative.
    public static func draggedDelay(lane: TimelineLane, grabTime: Double, pointerTime: Double) -> Double {
        max(0, rounded(lane.begin + (pointerTime - grabTime) - lane.delayOrigin, decimals: timeDecimals))
    }

    /// The duration after dragging a bar's right end to `pointerTime`: at least `minimumDuration`.
    public static func draggedDuration(lane: TimelineLane, pointerTime: Double) -> Double {
        max(minimumDuration, rounded(pointerTime - lane.begin, decimals: timeDecimals))
    }

    /// The duration after dragging a bar's right end to `pointerTime`, the end snapped
    /// (`TimelineSnap`) unless `free`; and the target it snapped to.
    public static func snappedDuration(lane: TimelineLane, pointerTime: Double, targets: [TimelineSnapTarget], scale: TimelineScale,
                                       free: Bool) -> (duration: Double, target: TimelineSnapTarget?) {
        let end = TimelineSnap.snap(pointerTime, to: targets, scale: scale, free: free)
        return (max(minimumDuration, rounded(end.time - lane.begin, decimals: timeDecimals)), end.target)
    }

    /// The delay after dragging a bar grabbed at `grabTime` to `pointerTime`: whichever of its
    /// begin and end is nearer a target lands on it, else the begin goes to the grid (or, `free`,
    /// stays where the pointer put it). Never negative.
    public static func snappedDelay(lane: TimelineLane, grabTime: Double, pointerTime: Double, targets: [TimelineSnapTarget],
                                    scale: TimelineScale, free: Bool) -> (delay: Double, target: TimelineSnapTarget?) {
        let begin = lane.begin + (pointerTime - grabTime), duration = lane.end - lane.begin
        var snappedBegin: Double
        var target: TimelineSnapTarget?
        if free {
            snappedBegin = begin
        } else {
            let byBegin = TimelineSnap.nearest(begin, in: targets, scale: scale)
            let byEnd = TimelineSnap.nearest(begin + duration, in: targets, scale: scale)
            func gap(_ t: TimelineSnapTarget?, _ edge: Double) -> Double { t.map { abs($0.time - edge) } ?? .infinity }
            if let byBegin, gap(byBegin, begin) <= gap(byEnd, begin + duration) {
                snappedBegin = byBegin.time; target = byBegin
            } else if let byEnd {
                snappedBegin = byEnd.time - duration; target = byEnd
            } else {
                snappedBegin = lane.delayOrigin + TimelineSnap.onGrid(begin - lane.delayOrigin)
            }
        }
        return (max(0, rounded(snappedBegin - lane.delayOrigin, decimals: timeDecimals)), target)
    }

    /// What a drag shows beside the pointer: the value, and the target it snapped to.
    public static func dragReadout(_ edit: TimelineEdit, target: TimelineSnapTarget?) -> String? {
        let value: String
        switch edit {
        case let .setDuration(_, duration, _): value = String(format: "duration %.3f s", duration)
        case let .moveDelay(_, delay, _): value = String(format: "delay %.3f s", delay)
        case let .setLoop(start, end): value = String(format: "loop %.3f-%.3f s", start, end)
        default: return nil
        }
        return target.map { "\(value) = \($0.name)" } ?? value
    }
}


extension TimelineGeometry {
    /// The lane as a pending drag edit would leave it (the duration is kept when the delay moves).
    static func apply(_ edit: TimelineEdit, to lane: TimelineLane) -> TimelineLane {
        var lane = lane
        switch edit {
        case let .moveDelay(_, delay, _):
            let duration = lane.end - lane.begin
            lane.begin = lane.delayOrigin + delay
            lane.end = lane.begin + duration
        case let .setDuration(_, duration, _):
            lane.end = lane.begin + duration
        default: break
        }
        return lane
    }

    /// What an edge of `laneId` can snap to: d, and the begins and ends of the other lanes.
    static func snapTargets(_ content: TimelineContent, excluding laneId: String?) -> [TimelineSnapTarget] {
        var targets = content.dismissalTime.map { [TimelineSnapTarget(time: $0, name: "d")] } ?? []
        for lane in content.lanes where lane.id != laneId {
            targets.append(TimelineSnapTarget(time: lane.begin, name: "\(lane.label) begin"))
            targets.append(TimelineSnapTarget(time: lane.end, name: "\(lane.label) end"))
        }
        return targets
    }
}

// MARK: State and widget

final class TimelineState {
    struct Drag {
        var laneId: String
        var region: TimelineBarRegion
        /// Where the button went down, in window units (`grabTime` is clamped to the track).
        var pressX: Double
        var grabTime: Double
        /// The lane as it was when grabbed: drags are measured from it, not from a moving bar.
        var lane: TimelineLane
        var moved = false
        var pending: TimelineEdit?
        var target: TimelineSnapTarget?
    }
    /// A drag on the loop band, from where it was pressed to where the pointer is.
    struct LoopDrag {
        /// Where the button went down, in window units.
        var pressX: Double
        var anchor: Double
        var current: Double
        var moved = false
        var target: TimelineSnapTarget?
    }
    var drag: Drag?
    var loopDrag: LoopDrag?
}

enum TimelineColours {
    static let loop = InspectorColours.rgba(48, 209, 88, 200)
    static let loopShade = InspectorColours.rgba(48, 209, 88, 28)
    static let loopBand = InspectorColours.rgba(255, 255, 255, 14)
    static let readoutPlate = InspectorColours.rgba(0, 0, 0, 200)
    static let inputDown = InspectorColours.rgba(255, 159, 10)
    static let inputUp = InspectorColours.rgba(255, 214, 10)
    static let inputKey = InspectorColours.rgba(100, 210, 255)
    static let inputWheel = InspectorColours.rgba(191, 90, 242)
    /// The review page's pin colour, so a pin reads as the same thing in both.
    static let commentPin = InspectorColours.rgba(255, 107, 139)
}

extension ImGuiSDLBridge {
    /// Input marks registered in the UI dump at most, so a long take's dump stays small.
    static let registeredInputMarkLimit = 200

    /// Where the next item goes, in window units: a caller that lays the timeline out in a
    /// rectangle puts its own row above it there.
    public var cursorPosition: (x: Double, y: Double) {
        guard isInFrame else { return (0, 0) }
        let p = ImGui.GetCursorScreenPos()
        return (Double(p.x), Double(p.y))
    }

    public func moveCursor(x: Double, y: Double) {
        guard isInFrame else { return }
        ImGui.SetCursorScreenPos(ImVec2(Float(x), Float(y)))
    }

    /// Whether a modifier is held: as ImGui saw it, or as SDL has it now (the window gives ImGui
    /// keys only while a field is typed in, so a Ctrl or Shift held over the timeline reaches it
    /// through SDL's keyboard state).
    func modifierHeld(_ modifier: KeyModifiers) -> Bool {
        let io = ImGui.GetIO().pointee
        let sdl = UInt32(SDL_GetModState().rawValue)
        switch modifier {
        case .control: return io.KeyCtrl || sdl & KMOD_CTRL.rawValue != 0
        case .shift: return io.KeyShift || sdl & KMOD_SHIFT.rawValue != 0
        default: return false
        }
    }

    /// A timeline of the caller's lanes, phases, live lanes and input marks, with a loop band, a
    /// ruler, a dismissal marker and a playhead, laid out in `rect` (window units; nil: at the
    /// cursor, across the available width, as tall as its rows need).
    ///
    /// Drag in the ruler to seek (`.seek`); drag on the loop band above it to set a loop region
    /// (`.setLoop`), click there to clear it (`.clearLoop`); drag a bar to move its delay when
    /// `delayEditable`, its right end to set its duration when `durationEditable` (both snap to
    /// d, the other lanes' begins and ends and a 10 ms grid; Shift drags freely); click a lane to
    /// select it or a keyframe segment to select that. The wheel over it pans (`.pan`), Ctrl+wheel
    /// zooms about the pointer (`.zoom`). Labels are shortened or hidden so none overlaps another.
    ///
    /// Registers the whole widget as `id` (`timeline`), `id.ruler` (its span), `id.loopBand`,
    /// `id.loop` (the region), `id.zoom` (window units per second), each bar as `id.LANE` and
    /// its right end as `id.LANE.end`, keyframe segments as `id.LANE.segment.N`, the input row as
    /// `id.input` and its marks as `id.input.N`, every label drawn as `id.label.NAME` (kind
    /// `label`), the dismissal marker as `id.dismissal`, and the playhead as `playhead`.
    public func timeline(id: String = "timeline", _ content: TimelineContent, rect: TimelineRect? = nil) -> TimelineEdit {
        guard isInFrame else { return .none }
        let state = timelineStates[id] ?? TimelineState()
        timelineStates[id] = state
        pushID(id)
        defer { ImGui.PopID() }
        var pass = TimelinePass(bridge: self, id: id, state: state, content: content, rect: rect)
        pass.drawBackground()
        pass.beginTrackClip()
        pass.drawPhases()
        pass.loopBand()
        pass.ruler()
        pass.lanes()
        pass.liveLanes()
        pass.inputLane()
        let playheadTime = pass.markers()
        pass.endTrackClip()
        pass.placeLabels()
        pass.wholeWidget(playheadTime: playheadTime)
        return pass.edit
    }

    func drawInputMarks(_ marks: [TimelineInputMark], id: String, row: TimelineRect, scale: TimelineScale,
                                list: UnsafeMutablePointer<ImDrawList>) {
        let top = Float(row.y + 4), bottom = Float(row.maxY - 4), middle = Float(row.y + row.height / 2)
        var registered = 0, visible = 0
        var lastX: [TimelineInputMark.Kind: Float] = [:]
        for mark in marks where scale.span.contains(mark.time) {
            visible += 1
            let x = Float(scale.x(for: mark.time))
            // Marks of a kind closer than a pixel are one mark on screen.
            if let previous = lastX[mark.kind], x - previous < 1 { continue }
            lastX[mark.kind] = x
            switch mark.kind {
            case .down:
                list.pointee.AddTriangleFilled(ImVec2(x - 4, top), ImVec2(x + 4, top), ImVec2(x, middle), TimelineColours.inputDown)
            case .up:
                list.pointee.AddTriangleFilled(ImVec2(x - 4, bottom), ImVec2(x + 4, bottom), ImVec2(x, middle), TimelineColours.inputUp)
            case .key:
                list.pointee.AddRectFilled(ImVec2(x - 3, middle - 3), ImVec2(x + 3, middle + 3), TimelineColours.inputKey, 1, 0)
            case .wheel:
                list.pointee.AddLine(ImVec2(x, top), ImVec2(x, bottom), TimelineColours.inputWheel, 2)
            }
            if registered < ImGuiSDLBridge.registeredInputMarkLimit {
                registerRect(id: "\(id).input.\(registered)", kind: "inputMark", x: Double(x) - 4, y: row.y, width: 8, height: row.height,
                             value: .text(mark.kind.rawValue))
                registered += 1
            }
        }
        registerRect(id: id + ".input", kind: "inputLane", x: row.x, y: row.y, width: row.width, height: row.height, value: .number(Double(visible)))
    }

    /// Press, drag and release on one lane's row.
    func laneInteraction(_ lane: TimelineLane, state: TimelineState, pointerTime: Double, pointerX: Double,
                                 scale: TimelineScale, targets: [TimelineSnapTarget], free: Bool) -> TimelineEdit? {
        if ImGui.IsItemActivated() {
            state.drag = TimelineState.Drag(laneId: lane.id, region: TimelineGeometry.region(atX: pointerX, lane: lane, scale: scale),
                                            pressX: pointerX, grabTime: pointerTime, lane: lane)
        }
        guard var drag = state.drag, drag.laneId == lane.id else { return nil }
        /// The edit for the pointer where it is now, and the target it snapped to.
        func dragged(_ drag: TimelineState.Drag) -> (edit: TimelineEdit, target: TimelineSnapTarget?)? {
            switch drag.region {
            case .durationHandle:
                let snapped = TimelineGeometry.snappedDuration(lane: drag.lane, pointerTime: pointerTime, targets: targets, scale: scale, free: free)
                return (.setDuration(laneId: lane.id, duration: snapped.duration, isFinal: false), snapped.target)
            case .body where drag.lane.delayEditable:
                let snapped = TimelineGeometry.snappedDelay(lane: drag.lane, grabTime: drag.grabTime, pointerTime: pointerTime,
                                                            targets: targets, scale: scale, free: free)
                return (.moveDelay(laneId: lane.id, delay: snapped.delay, isFinal: false), snapped.target)
            case .body, .outside:
                return nil
            }
        }
        if ImGui.IsItemActive() {
            if ImGui.IsMouseDragging(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue), -1) { drag.moved = true }
            guard drag.moved else { state.drag = drag; return nil }
            let now = dragged(drag)
            let changed = now != nil && now?.edit != drag.pending
            if let now { drag.pending = now.edit; drag.target = now.target }
            state.drag = drag
            return changed ? now?.edit : nil
        }
        if ImGui.IsItemDeactivated() {
            state.drag = nil
            // The release may come in the same frame as the pointer's last move (a slow frame):
            // the drag ends where the pointer is, not where the last frame saw it.
            if !drag.moved && abs(pointerX - drag.pressX) > Double(ImGui.GetIO().pointee.MouseDragThreshold) { drag.moved = true }
            if drag.moved, let last = dragged(drag) { drag.pending = last.edit }
            if drag.moved {
                switch drag.pending {
                case let .setDuration(laneId, duration, _): return .setDuration(laneId: laneId, duration: duration, isFinal: true)
                case let .moveDelay(laneId, delay, _): return .moveDelay(laneId: laneId, delay: delay, isFinal: true)
                default: return nil
                }
            }
            if case .body(let segment?) = drag.region { return .selectSegment(laneId: lane.id, index: segment) }
            return .select(laneId: lane.id)
        }
        return nil
    }
}

/// One frame of one timeline widget: what every part of it reads (the layout, the scale, the
/// pointer), and what the parts build up in turn (the labels to place, the readout of a drag,
/// the edit the frame returns). `ImGuiSDLBridge.timeline` runs the parts in drawing order.
struct TimelinePass {
    /// Where controls are registered for the UI dump.
    let bridge: ImGuiSDLBridge
    /// The widget's id, which prefixes every control it registers.
    let id: String
    /// The drags in progress, kept between frames.
    let state: TimelineState
    let content: TimelineContent
    /// Where each row goes, and the whole widget's rectangle (`bounds`), in window units.
    let layout: TimelineLayout, bounds: TimelineRect
    /// Seconds to window units across the track, which ends at `trackEnd`.
    let scale: TimelineScale, trackEnd: Double
    /// The window's draw list, which every part draws into.
    let list: UnsafeMutablePointer<ImDrawList>
    /// ImGui's input this frame, the pointer in window units and the time under it.
    let io: ImGuiIO, mouse: ImVec2, pointerTime: Double
    /// Shift held: drags do not snap.
    let free: Bool
    /// One line of text's height, to centre labels in their rows.
    let textHeight: Double
    /// Labels of every part, placed together last so none overlaps another.
    var labels: [TimelineLabelRequest] = []
    /// The value being dragged, shown beside the pointer in `row`.
    var readout: (text: String, anchorX: Double, row: TimelineRect)?
    var edit = TimelineEdit.none

    init(bridge: ImGuiSDLBridge, id: String, state: TimelineState, content: TimelineContent, rect: TimelineRect?) {
        self.bridge = bridge
        self.id = id
        self.state = state
        self.content = content
        let cursor = ImGui.GetCursorScreenPos()
        let area = rect ?? TimelineRect(x: Double(cursor.x), y: Double(cursor.y), width: Double(max(ImGui.GetContentRegionAvail().x, 120)), height: 0)
        layout = TimelineLayout(x: area.x, y: area.y, width: area.width, height: rect?.height,
                                laneCount: content.lanes.count + content.liveLanes.count)
        bounds = layout.bounds
        scale = TimelineScale(span: content.span, trackX: layout.trackX, trackWidth: layout.trackWidth)
        trackEnd = layout.trackX + layout.trackWidth
        list = ImGui.GetWindowDrawList()!
        io = ImGui.GetIO().pointee
        mouse = io.MousePos
        pointerTime = scale.time(atX: Double(mouse.x))
        free = bridge.modifierHeld(.shift)
        textHeight = Double(ImGui.GetTextLineHeight())
    }

    func x(_ t: Double) -> Float { Float(scale.x(for: t)) }
    func v(_ x: Double, _ y: Double) -> ImVec2 { ImVec2(Float(x), Float(y)) }
    func v(_ x: Float, _ y: Double) -> ImVec2 { ImVec2(x, Float(y)) }
    func measure(_ text: String) -> Double { Double(ImGui.CalcTextSize(text, nil, false, -1).x) }
    func centredY(_ row: TimelineRect) -> Double { row.y + (row.height - textHeight) / 2 }

    /// The plot's background and the loop band's.
    func drawBackground() {
        list.pointee.AddRectFilled(v(bounds.x, bounds.y), v(bounds.maxX, bounds.maxY), InspectorColours.plotBackground, 0, 0)
        list.pointee.AddRectFilled(v(layout.loopBand.x, layout.loopBand.y), v(layout.loopBand.maxX, layout.loopBand.maxY), TimelineColours.loopBand, 0, 0)
    }

    /// What lies in the track (phases, the loop, bars, marks, the playhead) is clipped to it.
    func beginTrackClip() { list.pointee.PushClipRect(v(layout.trackX, bounds.y), v(trackEnd, bounds.maxY), true) }
    func endTrackClip() { list.pointee.PopClipRect() }

    /// Phase bands behind everything, labelled in their own row.
    mutating func drawPhases() {
        for (i, phase) in content.phases.enumerated() {
            let colour = i % 2 == 0 ? InspectorColours.phase : InspectorColours.rgba(255, 255, 255, 8)
            list.pointee.AddRectFilled(v(x(phase.start), layout.phaseRow.y), v(x(phase.end), bounds.maxY), colour, 0, 0)
            let left = max(scale.x(for: phase.start), layout.trackX) + 3, right = min(scale.x(for: phase.end), trackEnd)
            labels.append(TimelineLabelRequest(id: "phase.\(phase.name)", text: phase.name, x: left, y: centredY(layout.phaseRow),
                                               height: textHeight, maxWidth: right - left - 3, priority: 2))
        }
    }

    /// The loop band: a drag sets the region, a click clears it; the region drawn as it stands.
    mutating func loopBand() {
        ImGui.SetCursorScreenPos(v(layout.loopBand.x, layout.loopBand.y))
        ImGui.InvisibleButton("##loop", v(layout.loopBand.width, layout.loopBand.height), ImGuiButtonFlags(0))
        ImGui.SetItemUsingMouseWheel()
        bridge.registerLastItem(id: id + ".loopBand", kind: "loopBand", value: .span(start: scale.span.lowerBound, end: scale.span.upperBound))
        let loopTargets = TimelineGeometry.snapTargets(content, excluding: nil)
            + content.phases.map { TimelineSnapTarget(time: $0.start, name: "\($0.name) begin") }
        if ImGui.IsItemActivated() {
            let anchor = TimelineSnap.snap(pointerTime, to: loopTargets, scale: scale, free: free)
            state.loopDrag = TimelineState.LoopDrag(pressX: Double(mouse.x), anchor: anchor.time, current: anchor.time, target: anchor.target)
        }
        if var loopDrag = state.loopDrag {
            if ImGui.IsItemActive() {
                if ImGui.IsMouseDragging(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue), -1) { loopDrag.moved = true }
                let current = TimelineSnap.snap(pointerTime, to: loopTargets, scale: scale, free: free)
                loopDrag.current = current.time
                loopDrag.target = current.target
                state.loopDrag = loopDrag
                if loopDrag.moved {
                    let shown = TimelineEdit.setLoop(start: min(loopDrag.anchor, loopDrag.current), end: max(loopDrag.anchor, loopDrag.current))
                    readout = TimelineGeometry.dragReadout(shown, target: loopDrag.target).map { ($0, Double(mouse.x), layout.phaseRow) }
                }
            } else {
                // Released: a drag sets the region (to where the pointer is, which may have moved
                // in the same frame), a click clears it. A press the widget lost without a release
                // (it was hidden meanwhile) does neither.
                state.loopDrag = nil
                let travelled = abs(Double(mouse.x) - loopDrag.pressX) > Double(io.MouseDragThreshold)
                if loopDrag.moved || travelled {
                    loopDrag.moved = true
                    loopDrag.current = TimelineSnap.snap(pointerTime, to: loopTargets, scale: scale, free: free).time
                }
                let start = min(loopDrag.anchor, loopDrag.current), end = max(loopDrag.anchor, loopDrag.current)
                if ImGui.IsItemDeactivated() {
                    if !loopDrag.moved { edit = .clearLoop } else if end - start >= TimelineSnap.grid - 1e-9 { edit = .setLoop(start: start, end: end) }
                }
            }
        }
        var loopShown = content.loopRegion
        if let loopDrag = state.loopDrag, loopDrag.moved { loopShown = min(loopDrag.anchor, loopDrag.current)...max(loopDrag.anchor, loopDrag.current) }
        if case let .setLoop(start, end) = edit { loopShown = start...end } else if edit == .clearLoop { loopShown = nil }
        if let loop = loopShown {
            list.pointee.AddRectFilled(v(x(loop.lowerBound), layout.loopBand.y + 2), v(x(loop.upperBound), layout.loopBand.maxY - 2), TimelineColours.loop, 2, 0)
            list.pointee.AddRectFilled(v(x(loop.lowerBound), layout.ruler.y), v(x(loop.upperBound), bounds.maxY), TimelineColours.loopShade, 0, 0)
            for t in [loop.lowerBound, loop.upperBound] {
                list.pointee.AddLine(v(x(t), layout.loopBand.y), v(x(t), bounds.maxY), TimelineColours.loop, 1)
            }
            bridge.registerRect(id: id + ".loop", kind: "loopRegion", x: Double(x(loop.lowerBound)), y: layout.loopBand.y,
                                width: Double(x(loop.upperBound) - x(loop.lowerBound)), height: layout.loopBand.height,
                                value: .span(start: loop.lowerBound, end: loop.upperBound))
        }
    }

    /// The ruler: ticks whose labels fit between them, the comments' pins, and the seek area.
    mutating func ruler() {
        commentPins()
        ImGui.SetCursorScreenPos(v(layout.ruler.x, layout.ruler.y))
        ImGui.InvisibleButton("##ruler", v(layout.ruler.width, layout.ruler.height), ImGuiButtonFlags(0))
        ImGui.SetItemUsingMouseWheel()
        bridge.registerLastItem(id: id + ".ruler", kind: "ruler", value: .span(start: scale.span.lowerBound, end: scale.span.upperBound))
        bridge.registerRect(id: id + ".zoom", kind: "zoom", x: layout.ruler.x, y: layout.ruler.y, width: layout.ruler.width, height: layout.ruler.height,
                            value: .number(scale.pixelsPerSecond))
        if ImGui.IsItemActive() {
            let t = rounded(pointerTime, decimals: TimelineGeometry.timeDecimals)
            if ImGui.IsItemActivated() || t != content.playhead { edit = .seek(t) }
        }
        let ticks = TimelineTicks.ticks(scale, measure: measure)
        for (i, tick) in ticks.ticks.enumerated() {
            list.pointee.AddLine(v(x(tick.time), layout.ruler.maxY - 6), v(x(tick.time), layout.ruler.maxY), InspectorColours.dimText, 1)
            let left = scale.x(for: tick.time) + 2
            labels.append(TimelineLabelRequest(id: "tick.\(i)", text: tick.label, x: left, y: centredY(layout.ruler) - 2, height: textHeight,
                                               maxWidth: min(ticks.step * scale.pixelsPerSecond - 4, trackEnd - left), priority: 1))
        }
    }

    /// A pin for each comment in view at the top of the ruler, before the ruler's own seek area so
    /// that a click on a pin is the pin's: it seeks to the comment's time exactly, not to where the
    /// pointer lies. A pin registers as `id.comment.N` (N its place among the comments), kind
    /// `commentPin`, its value the comment's time.
    mutating func commentPins() {
        let half = 5.0, height = 9.0
        for (i, pin) in content.commentPins.enumerated() where scale.span.contains(pin.time) {
            let px = scale.x(for: pin.time), top = layout.ruler.y + 1
            list.pointee.AddTriangleFilled(v(px - half, top), v(px + half, top), v(px, top + height), TimelineColours.commentPin)
            ImGui.SetCursorScreenPos(v(px - half, top))
            ImGui.InvisibleButton("##comment.\(i)", v(2 * half, height), ImGuiButtonFlags(0))
            bridge.registerLastItem(id: "\(id).comment.\(i)", kind: "commentPin", value: .number(pin.time))
            if ImGui.IsItemHovered(ImGuiHoveredFlags(0)) {
                ImGui.BeginTooltip()
                ImGui.TextUnformatted(String(format: "%.3f s  ", pin.time) + pin.label, nil)
                ImGui.EndTooltip()
            }
            if ImGui.IsItemClicked(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue)) { edit = .seek(pin.time) }
        }
    }

    /// Lanes: a row each, the whole width (a click on the label selects too), drawn as a drag in
    /// progress has them.
    mutating func lanes() {
        for (index, lane) in content.lanes.enumerated() {
            let row = layout.rows[index]
            labels.append(TimelineLabelRequest(id: "lane.\(lane.id)", text: lane.label, x: row.x + 4, y: centredY(row), height: textHeight,
                                               maxWidth: layout.labelColumnWidth - 8, priority: 3))
            ImGui.SetCursorScreenPos(v(row.x, row.y))
            ImGui.InvisibleButton(lane.id, v(row.width, row.height), ImGuiButtonFlags(0))
            ImGui.SetItemUsingMouseWheel()
            let targets = TimelineGeometry.snapTargets(content, excluding: lane.id)
            if let laneEdit = bridge.laneInteraction(lane, state: state, pointerTime: pointerTime, pointerX: Double(mouse.x), scale: scale,
                                                     targets: targets, free: free) {
                edit = laneEdit
            }
            // Draw the lane as the drag in progress has it, so the bar follows the pointer.
            var shown = lane
            if let drag = state.drag, drag.laneId == lane.id, let pending = drag.pending {
                shown = TimelineGeometry.apply(pending, to: drag.lane)
                readout = TimelineGeometry.dragReadout(pending, target: drag.target).map { ($0, Double(mouse.x), row) }
            }
            let selected = content.selectedLaneId == lane.id
            // The corners go to ImGui as new ImVec2s: a local ImVec2 handed to a `const ImVec2&`
            // parameter inside this loop crashed Swift 6.3.1's SIL generation.
            let barMin = v(x(shown.begin), row.y + 3), barMax = v(max(x(shown.end), x(shown.begin) + 2), row.maxY - 3)
            list.pointee.AddRectFilled(ImVec2(barMin.x, barMin.y), ImVec2(barMax.x, barMax.y), selected ? InspectorColours.barSelected : InspectorColours.bar, 3, 0)
            bridge.registerRect(id: "\(id).\(lane.id)", kind: "lane", x: Double(barMin.x), y: row.y,
                                width: Double(barMax.x - barMin.x), height: row.height, value: .span(start: shown.begin, end: shown.end))
            if lane.durationEditable {
                let end = Double(barMax.x), half = TimelineGeometry.durationHandleHalfWidth
                list.pointee.AddRectFilled(v(end - half + 1, Double(barMin.y)), v(end + half - 1, Double(barMax.y)), InspectorColours.handle, 2, 0)
                bridge.registerRect(id: "\(id).\(lane.id).end", kind: "durationHandle", x: end - half, y: row.y,
                                    width: 2 * half, height: row.height, value: .number(shown.end - shown.begin))
            }
            let offset = shown.begin - lane.begin
            let keys = lane.keyframeTimes.map { $0 + offset }
            if keys.count >= 2 {
                for i in 0..<(keys.count - 1) {
                    if content.selectedSegment == TimelineSegment(laneId: lane.id, index: i) {
                        list.pointee.AddRectFilled(v(x(keys[i]), Double(barMin.y)), v(x(keys[i + 1]), Double(barMax.y)), InspectorColours.handle, 0, 0)
                    }
                    bridge.registerRect(id: "\(id).\(lane.id).segment.\(i)", kind: "keyframeSegment", x: Double(x(keys[i])), y: row.y,
                                        width: Double(x(keys[i + 1]) - x(keys[i])), height: row.height, value: .span(start: keys[i], end: keys[i + 1]))
                }
            }
            for key in keys {
                let c = v(x(key), row.y + row.height / 2)
                list.pointee.AddQuadFilled(ImVec2(c.x, c.y - 5), ImVec2(c.x + 5, c.y), ImVec2(c.x, c.y + 5), ImVec2(c.x - 5, c.y), InspectorColours.text)
            }
            if !lane.ticks.isEmpty {
                var visible = 0
                for tick in lane.ticks {
                    let tx = Double(x(tick + offset))
                    guard tx >= row.x, tx <= trackEnd else { continue }
                    list.pointee.AddLine(v(tx, Double(barMin.y)), v(tx, Double(barMax.y)), InspectorColours.text, 1)
                    visible += 1
                }
                bridge.registerRect(id: "\(id).\(lane.id).ticks", kind: "ticks", x: Double(barMin.x), y: row.y,
                                    width: Double(barMax.x - barMin.x), height: row.height, value: .number(Double(visible)))
            }
            for (n, marker) in lane.markers.enumerated() {
                let mx = Double(x(marker.time + offset))
                list.pointee.AddLine(v(mx, Double(barMin.y)), v(mx, Double(barMax.y)), InspectorColours.text, 1)
                labels.append(TimelineLabelRequest(id: "marker.\(lane.id).\(n)", text: marker.name, x: mx + 3, y: centredY(row), height: textHeight,
                                                   maxWidth: max(min(Double(barMax.x), trackEnd) - mx - 4, 0), priority: 2))
                bridge.registerRect(id: "\(id).\(lane.id).marker.\(n)", kind: "marker", x: mx - 1, y: row.y, width: 2, height: row.height,
                                    value: .number(marker.time + offset))
            }
        }
    }

    /// Live lanes: an interactive animation from its start to its settling time.
    mutating func liveLanes() {
        for (index, live) in content.liveLanes.enumerated() {
            let row = layout.rows[content.lanes.count + index]
            labels.append(TimelineLabelRequest(id: "lane.\(live.id)", text: live.label, x: row.x + 4, y: centredY(row), height: textHeight,
                                               maxWidth: layout.labelColumnWidth - 8, priority: 3))
            let end = live.settlingDuration.isFinite ? live.start + live.settlingDuration : scale.span.upperBound
            ImGui.SetCursorScreenPos(v(row.x, row.y))
            ImGui.InvisibleButton(live.id, v(row.width, row.height), ImGuiButtonFlags(0))
            ImGui.SetItemUsingMouseWheel()
            if ImGui.IsItemClicked(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue)) { edit = .select(laneId: live.id) }
            let barMin = v(x(live.start), row.y + 3), barMax = v(max(x(end), x(live.start) + 2), row.maxY - 3)
            let colour = content.selectedLaneId == live.id ? InspectorColours.barSelected : InspectorColours.liveBar
            list.pointee.AddRectFilled(ImVec2(barMin.x, barMin.y), ImVec2(barMax.x, barMax.y), colour, 3, 0)
            let left = max(Double(barMin.x), layout.trackX) + 4
            labels.append(TimelineLabelRequest(id: "target.\(live.id)", text: "-> " + live.targetLabel, x: left, y: centredY(row), height: textHeight,
                                               maxWidth: min(Double(barMax.x), trackEnd) - left - 2, priority: 1))
            bridge.registerRect(id: "\(id).\(live.id)", kind: "liveLane", x: Double(barMin.x), y: row.y,
                                width: Double(barMax.x - barMin.x), height: row.height, value: .span(start: live.start, end: end))
        }
    }

    /// The take's input: presses, releases, keys and wheel clicks as marks at their times.
    mutating func inputLane() {
        let inputRow = layout.inputRow
        labels.append(TimelineLabelRequest(id: "lane.input", text: "input", x: inputRow.x + 4, y: centredY(inputRow), height: textHeight,
                                           maxWidth: layout.labelColumnWidth - 8, priority: 3))
        bridge.drawInputMarks(content.inputMarks, id: id, row: inputRow, scale: scale, list: list)
    }

    /// The dismissal marker and the playhead (where a seek this frame puts it); the playhead's time.
    func markers() -> Double {
        if let dismissal = content.dismissalTime {
            list.pointee.AddLine(v(x(dismissal), layout.ruler.y), v(x(dismissal), bounds.maxY), InspectorColours.dismissal, 2)
            bridge.registerRect(id: id + ".dismissal", kind: "marker", x: Double(x(dismissal)) - 2, y: layout.ruler.y,
                                width: 4, height: bounds.maxY - layout.ruler.y, value: .number(dismissal))
        }
        let playheadTime: Double
        if case .seek(let t) = edit { playheadTime = t } else { playheadTime = content.playhead }
        let px = x(playheadTime)
        // Over the panels, in the clip the timeline's own list has here: the playhead moves every
        // frame of playback, and the rest of the timeline then stays as it was (ImGuiSDLRenderer.render).
        if let overlay = ImGui.GetForegroundDrawList() {
            overlay.pointee.PushClipRect(list.pointee.GetClipRectMin(), list.pointee.GetClipRectMax(), false)
            overlay.pointee.AddLine(v(px, layout.ruler.y), v(px, bounds.maxY), InspectorColours.playhead, 2)
            overlay.pointee.AddTriangleFilled(v(px - 6, layout.ruler.y), v(px + 6, layout.ruler.y), v(px, layout.ruler.y + 8), InspectorColours.playhead)
            overlay.pointee.PopClipRect()
        }
        bridge.registerRect(id: "playhead", kind: "playhead", x: Double(px) - 6, y: layout.ruler.y, width: 12, height: layout.ruler.height,
                            value: .number(playheadTime))

        return playheadTime
    }

    /// Every label placed so none overlaps another; the value being dragged beside the pointer,
    /// first, so nothing covers it.
    mutating func placeLabels() {
        if let readout {
            let width = measure(readout.text)
            var left = readout.anchorX + 12
            if left + width > bounds.maxX { left = max(readout.anchorX - 12 - width, bounds.x) }
            labels.append(TimelineLabelRequest(id: "drag", text: readout.text, x: left, y: centredY(readout.row), height: textHeight,
                                               maxWidth: bounds.maxX - left, priority: 10))
        }
        for label in TimelineLabelLayout.place(labels, measure: measure) {
            let r = label.rect
            if label.id == "drag" {
                list.pointee.AddRectFilled(v(r.x - 3, r.y - 1), v(r.maxX + 3, r.maxY + 1), TimelineColours.readoutPlate, 3, 0)
            }
            let bright = label.id == "drag" || label.id.hasPrefix("lane.") || label.id.hasPrefix("target.")
            list.pointee.AddText(v(r.x, r.y), bright ? InspectorColours.text : InspectorColours.dimText, label.text, nil)
            bridge.registerRect(id: "\(id).label.\(label.id)", kind: "label", x: r.x, y: r.y, width: r.width, height: r.height, value: .text(label.text))
        }
    }

    /// Last, so every row above is hovered first: the rest of the widget, which keeps the wheel
    /// from scrolling the panel and reads it here.
    mutating func wholeWidget(playheadTime: Double) {
        ImGui.SetCursorScreenPos(v(bounds.x, bounds.y))
        ImGui.InvisibleButton("##timeline", v(bounds.width, bounds.height), ImGuiButtonFlags(0))
        ImGui.SetItemUsingMouseWheel()
        bridge.registerLastItem(id: id, kind: "timeline", value: .number(playheadTime))
        let overTimeline = ImGui.IsWindowHovered(ImGuiHoveredFlags(0)) && bounds.contains(x: Double(mouse.x), y: Double(mouse.y))
        if overTimeline && edit == .none && (io.MouseWheel != 0 || io.MouseWheelH != 0) {
            if bridge.modifierHeld(.control) {
                if io.MouseWheel != 0 { edit = .zoom(notches: Double(io.MouseWheel), about: pointerTime) }
            } else {
                edit = .pan(notches: Double(io.MouseWheel + io.MouseWheelH))
            }
        }
    }
}
