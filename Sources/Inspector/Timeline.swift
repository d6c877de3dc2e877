import CImGui
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

    public init(id: String, label: String, begin: Double, end: Double, keyframeTimes: [Double] = [],
                delayEditable: Bool, durationEditable: Bool, delayOrigin: Double = 0) {
        self.id = id; self.label = label; self.begin = begin; self.end = end; self.keyframeTimes = keyframeTimes
        self.delayEditable = delayEditable; self.durationEditable = durationEditable; self.delayOrigin = delayOrigin
    }
}

/// A named stretch of the sequence (appearing, holding, disappearing), drawn behind the lanes.
public struct TimelinePhase: Equatable, Sendable {
    public var name: String
    public var start: Double
    public var end: Double
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
}

// MARK: Pure geometry

/// Maps preview time to x across the timeline's track.
public struct TimelineScale: Equatable, Sendable {
    public let span: ClosedRange<Double>
    public let trackX: Double
    public let trackWidth: Double

    public init(span: ClosedRange<Double>, trackX: Double, trackWidth: Double) {
        self.span = span; self.trackX = trackX; self.trackWidth = trackWidth
    }

    public func x(for time: Double) -> Double {
        let length = span.upperBound - span.lowerBound
        guard length > 0 else { return trackX }
        return trackX + (time - span.lowerBound) / length * trackWidth
    }

    /// The time under x, clamped to the visible span.
    public func time(atX x: Double) -> Double {
        guard trackWidth > 0 else { return span.lowerBound }
        let t = span.lowerBound + (x - trackX) / trackWidth * (span.upperBound - span.lowerBound)
        return min(max(t, span.lowerBound), span.upperBound)
    }

    /// A tick step of 1, 2 or 5 times a power of ten giving at least `minimumPixels` between ticks.
    public func tickStep(minimumPixels: Double = 56) -> Double {
        let length = span.upperBound - span.lowerBound
        guard length > 0, trackWidth > 0 else { return 1 }
        let raw = minimumPixels / trackWidth * length
        let power = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5, 10] where factor * power >= raw { return factor * power }
        return 10 * power
    }
}

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
}

// MARK: State and widget

final class TimelineState {
    struct Drag {
        var laneId: String
        var region: TimelineBarRegion
        var grabTime: Double
        /// The lane as it was when grabbed: drags are measured from it, not from a moving bar.
        var lane: TimelineLane
        var moved = false
        var pending: TimelineEdit?
    }
    var drag: Drag?
}

extension ImGuiSDLBridge {
    static let timelineLabelWidth: Float = 110
    static let timelineRowHeight: Float = 22

    /// A timeline of the caller's lanes, phases and live lanes with a dismissal marker and a
    /// playhead. Drag in the ruler to seek (`.seek`), drag a bar to move its delay when
    /// `delayEditable`, drag its right end to set its duration when `durationEditable`, click a
    /// lane to select it or a keyframe segment to select that. Registers the whole widget as `id`
    /// (`timeline`), each bar as `id.LANE` and its right end as `id.LANE.end`, keyframe segments
    /// as `id.LANE.segment.N`, the dismissal marker as `id.dismissal`, and the playhead as
    /// `playhead`.
    public func timeline(id: String = "timeline", _ content: TimelineContent) -> TimelineEdit {
        guard isInFrame else { return .none }
        let state = timelineStates[id] ?? TimelineState()
        timelineStates[id] = state
        pushID(id)
        defer { ImGui.PopID() }
        var edit = TimelineEdit.none

        let origin = ImGui.GetCursorScreenPos()
        let width = max(ImGui.GetContentRegionAvail().x, 200)
        let row = ImGuiSDLBridge.timelineRowHeight
        let labelWidth = ImGuiSDLBridge.timelineLabelWidth
        let rows = 1 + content.lanes.count + content.liveLanes.count
        let height = Float(rows) * row
        let scale = TimelineScale(span: content.span, trackX: Double(origin.x + labelWidth), trackWidth: Double(width - labelWidth - 6))
        let list = ImGui.GetWindowDrawList()!
        let mouse = ImGui.GetIO().pointee.MousePos
        let pointerTime = scale.time(atX: Double(mouse.x))
        func x(_ t: Double) -> Float { Float(scale.x(for: t)) }

        list.pointee.AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), InspectorColours.plotBackground, 0, 0)
        for (i, phase) in content.phases.enumerated() {
            let colour = i % 2 == 0 ? InspectorColours.phase : InspectorColours.rgba(255, 255, 255, 8)
            list.pointee.AddRectFilled(ImVec2(x(phase.start), origin.y), ImVec2(x(phase.end), origin.y + height), colour, 0, 0)
            list.pointee.AddText(ImVec2(x(phase.start) + 3, origin.y + row - 2), InspectorColours.dimText, phase.name, nil)
        }

        // The ruler: ticks, and the seek area.
        ImGui.SetCursorScreenPos(ImVec2(origin.x + labelWidth, origin.y))
        ImGui.InvisibleButton("##ruler", ImVec2(Float(scale.trackWidth), row), ImGuiButtonFlags(0))
        registerLastItem(id: id + ".ruler", kind: "ruler", value: .span(start: scale.span.lowerBound, end: scale.span.upperBound))
        if ImGui.IsItemActive() {
            let t = rounded(pointerTime, decimals: TimelineGeometry.timeDecimals)
            if ImGui.IsItemActivated() || t != content.playhead { edit = .seek(t) }
        }
        let step = scale.tickStep()
        var tick = (scale.span.lowerBound / step).rounded(.up) * step
        while tick <= scale.span.upperBound + 1e-9 {
            list.pointee.AddLine(ImVec2(x(tick), origin.y + row - 6), ImVec2(x(tick), origin.y + row), InspectorColours.dimText, 1)
            list.pointee.AddText(ImVec2(x(tick) + 2, origin.y + 1), InspectorColours.dimText, formatNumber(rounded(tick, decimals: 3)) + "s", nil)
            tick += step
        }

        // Lanes.
        for (index, lane) in content.lanes.enumerated() {
            let top = origin.y + Float(index + 1) * row
            list.pointee.AddText(ImVec2(origin.x + 4, top + 3), InspectorColours.text, lane.label, nil)
            ImGui.SetCursorScreenPos(ImVec2(origin.x + labelWidth, top))
            ImGui.InvisibleButton(lane.id, ImVec2(Float(scale.trackWidth), row), ImGuiButtonFlags(0))
            if let laneEdit = laneInteraction(lane, state: state, pointerTime: pointerTime, pointerX: Double(mouse.x), scale: scale) {
                edit = laneEdit
            }
            // Draw the lane as the drag in progress has it, so the bar follows the pointer.
            var shown = lane
            if let drag = state.drag, drag.laneId == lane.id, let pending = drag.pending {
                shown = TimelineGeometry.apply(pending, to: drag.lane)
            }
            let selected = content.selectedLaneId == lane.id
            let barMin = ImVec2(x(shown.begin), top + 3), barMax = ImVec2(max(x(shown.end), x(shown.begin) + 2), top + row - 3)
            list.pointee.AddRectFilled(barMin, barMax, selected ? InspectorColours.barSelected : InspectorColours.bar, 3, 0)
            registerRect(id: "\(id).\(lane.id)", kind: "lane", x: Double(barMin.x), y: Double(top),
                         width: Double(barMax.x - barMin.x), height: Double(row), value: .span(start: shown.begin, end: shown.end))
            if lane.durationEditable {
                let end = Double(barMax.x), half = TimelineGeometry.durationHandleHalfWidth
                list.pointee.AddRectFilled(ImVec2(barMax.x - 3, barMin.y), barMax, InspectorColours.handle, 2, 0)
                registerRect(id: "\(id).\(lane.id).end", kind: "durationHandle", x: end - half, y: Double(top),
                             width: 2 * half, height: Double(row), value: .number(shown.end - shown.begin))
            }
            let offset = shown.begin - lane.begin
            let keys = lane.keyframeTimes.map { $0 + offset }
            if keys.count >= 2 {
                for i in 0..<(keys.count - 1) {
                    if content.selectedSegment == TimelineSegment(laneId: lane.id, index: i) {
                        list.pointee.AddRectFilled(ImVec2(x(keys[i]), barMin.y), ImVec2(x(keys[i + 1]), barMax.y), InspectorColours.handle, 0, 0)
                    }
                    registerRect(id: "\(id).\(lane.id).segment.\(i)", kind: "keyframeSegment", x: Double(x(keys[i])), y: Double(top),
                                 width: Double(x(keys[i + 1]) - x(keys[i])), height: Double(row), value: .span(start: keys[i], end: keys[i + 1]))
                }
            }
            for key in keys {
                let c = ImVec2(x(key), top + row / 2)
                list.pointee.AddQuadFilled(ImVec2(c.x, c.y - 5), ImVec2(c.x + 5, c.y), ImVec2(c.x, c.y + 5), ImVec2(c.x - 5, c.y), InspectorColours.text)
            }
        }

        // Live lanes: springs, from their start to their settling time.
        for (index, live) in content.liveLanes.enumerated() {
            let top = origin.y + Float(1 + content.lanes.count + index) * row
            list.pointee.AddText(ImVec2(origin.x + 4, top + 3), InspectorColours.text, live.label, nil)
            let end = live.settlingDuration.isFinite ? live.start + live.settlingDuration : scale.span.upperBound
            ImGui.SetCursorScreenPos(ImVec2(origin.x + labelWidth, top))
            ImGui.InvisibleButton(live.id, ImVec2(Float(scale.trackWidth), row), ImGuiButtonFlags(0))
            if ImGui.IsItemClicked(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue)) { edit = .select(laneId: live.id) }
            let barMin = ImVec2(x(live.start), top + 3), barMax = ImVec2(max(x(end), x(live.start) + 2), top + row - 3)
            let colour = content.selectedLaneId == live.id ? InspectorColours.barSelected : InspectorColours.liveBar
            list.pointee.AddRectFilled(barMin, barMax, colour, 3, 0)
            list.pointee.AddText(ImVec2(barMin.x + 4, top + 3), InspectorColours.text, "→ " + live.targetLabel, nil)
            registerRect(id: "\(id).\(live.id)", kind: "liveLane", x: Double(barMin.x), y: Double(top),
                         width: Double(barMax.x - barMin.x), height: Double(row), value: .span(start: live.start, end: end))
        }

        if let dismissal = content.dismissalTime {
            list.pointee.AddLine(ImVec2(x(dismissal), origin.y), ImVec2(x(dismissal), origin.y + height), InspectorColours.dismissal, 2)
            registerRect(id: id + ".dismissal", kind: "marker", x: Double(x(dismissal)) - 2, y: Double(origin.y),
                         width: 4, height: Double(height), value: .number(dismissal))
        }
        let playheadTime: Double
        if case .seek(let t) = edit { playheadTime = t } else { playheadTime = content.playhead }
        let px = x(playheadTime)
        list.pointee.AddLine(ImVec2(px, origin.y), ImVec2(px, origin.y + height), InspectorColours.playhead, 2)
        list.pointee.AddTriangleFilled(ImVec2(px - 6, origin.y), ImVec2(px + 6, origin.y), ImVec2(px, origin.y + 8), InspectorColours.playhead)
        registerRect(id: "playhead", kind: "playhead", x: Double(px) - 6, y: Double(origin.y), width: 12, height: Double(row),
                     value: .number(playheadTime))

        ImGui.SetCursorScreenPos(origin)
        ImGui.Dummy(ImVec2(width, height))
        registerLastItem(id: id, kind: "timeline", value: .number(playheadTime))
        return edit
    }

    /// Press, drag and release on one lane's row.
    private func laneInteraction(_ lane: TimelineLane, state: TimelineState, pointerTime: Double, pointerX: Double,
                                 scale: TimelineScale) -> TimelineEdit? {
        if ImGui.IsItemActivated() {
            state.drag = TimelineState.Drag(laneId: lane.id, region: TimelineGeometry.region(atX: pointerX, lane: lane, scale: scale),
                                            grabTime: pointerTime, lane: lane)
        }
        guard var drag = state.drag, drag.laneId == lane.id else { return nil }
        if ImGui.IsItemActive() {
            if ImGui.IsMouseDragging(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue), -1) { drag.moved = true }
            guard drag.moved else { state.drag = drag; return nil }
            var edit: TimelineEdit?
            switch drag.region {
            case .durationHandle:
                edit = .setDuration(laneId: lane.id, duration: TimelineGeometry.draggedDuration(lane: drag.lane, pointerTime: pointerTime), isFinal: false)
            case .body where drag.lane.delayEditable:
                edit = .moveDelay(laneId: lane.id, delay: TimelineGeometry.draggedDelay(lane: drag.lane, grabTime: drag.grabTime, pointerTime: pointerTime), isFinal: false)
            case .body, .outside:
                edit = nil
            }
            let changed = edit != nil && edit != drag.pending
            if let edit { drag.pending = edit }
            state.drag = drag
            return changed ? edit : nil
        }
        if ImGui.IsItemDeactivated() {
            state.drag = nil
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
}
