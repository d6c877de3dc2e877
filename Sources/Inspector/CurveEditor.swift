import CImGui
import Foundation
import Motion

// MARK: Control points and presets

/// The two control points of a cubic bezier timing curve from (0, 0) to (1, 1), as CSS
/// `cubic-bezier(x1, y1, x2, y2)` and `CAMediaTimingFunction(controlPoints:)` take them.
public struct BezierControlPoints: Equatable, Sendable, CustomStringConvertible {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public init(_ curve: TimingCurve) {
        let p = curve.controlPoints
        self.init(p.0, p.1, p.2, p.3)
    }

    /// The curve Motion evaluates: `linear` for (0, 0, 1, 1), else a bezier with x clamped to
    /// [0, 1] (outside it x(t) is not monotonic and the curve is not a function of progress).
    public var timingCurve: TimingCurve {
        if self == BezierControlPoints(0, 0, 1, 1) { return .linear }
        let cx1 = min(max(x1, 0), 1), cx2 = min(max(x2, 0), 1)
        // x is in [0, 1] and every value is finite, the only two things CubicBezier checks.
        guard let bezier = try? CubicBezier(cx1, y1.isFinite ? y1 : 0, cx2, y2.isFinite ? y2 : 1) else { return .linear }
        return .bezier(bezier)
    }

    public var description: String {
        "cubic-bezier(\(formatNumber(x1)), \(formatNumber(y1)), \(formatNumber(x2)), \(formatNumber(y2)))"
    }
}

/// A named curve offered by the curve editor.
public struct CurvePreset: Equatable, Sendable {
    public let name: String
    public let points: BezierControlPoints

    public static let all: [CurvePreset] = [
        // Core Animation's named timing functions, from Motion's TimingCurve.
        CurvePreset(name: "linear", points: BezierControlPoints(.linear)),
        CurvePreset(name: "easeIn", points: BezierControlPoints(.easeIn)),
        CurvePreset(name: "easeOut", points: BezierControlPoints(.easeOut)),
        CurvePreset(name: "easeInEaseOut", points: BezierControlPoints(.easeInEaseOut)),
        CurvePreset(name: "default", points: BezierControlPoints(.caDefault)),
        // CSS Easing Functions Level 1, §2.2.1: `ease` is cubic-bezier(0.25, 0.1, 0.25, 1).
        CurvePreset(name: "css ease", points: BezierControlPoints(0.25, 0.1, 0.25, 1)),
        // Material Design's easing curves (material.io, "Speed": standard, deceleration and
        // acceleration; Android's FastOutSlowIn, LinearOutSlowIn and FastOutLinearIn interpolators).
        CurvePreset(name: "material standard", points: BezierControlPoints(0.4, 0, 0.2, 1)),
        CurvePreset(name: "material decelerate", points: BezierControlPoints(0, 0, 0.2, 1)),
        CurvePreset(name: "material accelerate", points: BezierControlPoints(0.4, 0, 1, 1)),
    ]
}

// MARK: The plot's mapping

/// Maps between the curve plot's pixels and curve coordinates. As on cubic-bezier.com, x spans
/// [0, 1] across the plot and y spans [−0.5, 1.5] from bottom to top, so the unit square is the
/// middle half of the plot's height and overshoot either way stays visible.
public struct CurvePlotMapping: Equatable, Sendable {
    public static let visibleY: ClosedRange<Double> = -0.5...1.5
    public static let controlX: ClosedRange<Double> = 0...1

    /// The plot's frame in window coordinates.
    public let x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public func pixel(x cx: Double, y cy: Double) -> (x: Double, y: Double) {
        let span = CurvePlotMapping.visibleY.upperBound - CurvePlotMapping.visibleY.lowerBound
        return (x + cx * width, y + (CurvePlotMapping.visibleY.upperBound - cy) / span * height)
    }

    public func point(atPixel px: Double, _ py: Double) -> (x: Double, y: Double) {
        let span = CurvePlotMapping.visibleY.upperBound - CurvePlotMapping.visibleY.lowerBound
        return ((px - x) / width, CurvePlotMapping.visibleY.upperBound - (py - y) / height * span)
    }

    /// Where a control point dragged to pixel (px, py) goes: x clamped to [0, 1], y to the
    /// visible [−0.5, 1.5], both rounded to `decimals` places as the fields show them.
    public func controlPoint(atPixel px: Double, _ py: Double, decimals: Int = 3) -> (x: Double, y: Double) {
        let p = point(atPixel: px, py)
        let cx = min(max(p.x, CurvePlotMapping.controlX.lowerBound), CurvePlotMapping.controlX.upperBound)
        let cy = min(max(p.y, CurvePlotMapping.visibleY.lowerBound), CurvePlotMapping.visibleY.upperBound)
        return (rounded(cx, decimals: decimals), rounded(cy, decimals: decimals))
    }
}

/// dy/dx of `points`' curve at progress x in [0, 1], and the eased value there: the curve's
/// simulation over one second, as a track plays it.
public func curveReadout(_ points: BezierControlPoints, at progress: Double) -> (value: Double, velocity: Double) {
    let simulation = MotionSpec.curve(points.timingCurve).simulation
    return (simulation.x(progress), simulation.dx(progress))
}

// MARK: Edit events and state

/// A curve edit. Dragging a control point or a field reports `isFinal: false` while it moves and
/// one `isFinal: true` on release; a preset or a typed value is one final change.
public enum CurveEdit: Equatable, Sendable {
    case none
    case changed(BezierControlPoints, isFinal: Bool)
    /// A typed value was refused; the curve is unchanged.
    case refused(String)
}

final class CurveEditorState {
    /// The curve as it was before the last edit began, drawn as a ghost.
    var ghost: BezierControlPoints?
    var editInProgress = false
    /// Pointer minus handle centre at grab, so a handle does not jump to the pointer.
    var grabOffset = (x: 0.0, y: 0.0)
    var pendingPoints: BezierControlPoints?
}

// MARK: The widget

extension ImGuiSDLBridge {
    /// Samples along a drawn curve; 96 segments keep the steepest presets smooth at 440 px.
    static let curveSamples = 96
    static let handleRadius: Float = 7

    /// A bezier curve editor: the plot with draggable control points (`id.cp1`, `id.cp2`), number
    /// fields (`id.x1`, `id.y1`, `id.x2`, `id.y2`), presets (`id.preset.NAME`), the curve before the
    /// last edit as a ghost, and, given `progress` in [0, 1], a dot on the curve there with the
    /// value and velocity (dy/dx). Registers the plot as `id` (kind `curveEditor`).
    /// - Parameter plotWidth: the unit's width in window units; the plot is twice as tall.
    public func curveEditor(id: String = "curve", points: BezierControlPoints, progress: Double? = nil,
                            plotWidth: Double = 200) -> CurveEdit {
        guard isInFrame else { return .none }
        let state = curveEditorStates[id] ?? CurveEditorState()
        curveEditorStates[id] = state
        pushID(id)
        defer { ImGui.PopID() }
        var edit = CurveEdit.none
        let shown = state.pendingPoints ?? points

        ImGui.BeginGroup()
        let origin = ImGui.GetCursorScreenPos()
        let width = Float(plotWidth), height = Float(plotWidth * 2)
        // Room beside the plot for handles dragged to x = 0 or 1.
        let inset = ImGuiSDLBridge.handleRadius + 2
        let mapping = CurvePlotMapping(x: Double(origin.x + inset), y: Double(origin.y), width: Double(width), height: Double(height))
        ImGui.Dummy(ImVec2(width + 2 * inset, height))
        registerLastItem(id: id, kind: "curveEditor", value: .text(shown.description))
        drawPlot(mapping, points: shown, ghost: state.ghost, progress: progress)
        let after = ImGui.GetCursorScreenPos()
        for (index, handle) in ["cp1", "cp2"].enumerated() {
            if let moved = dragHandle(id: "\(id).\(handle)", index: index, state: state, points: shown, mapping: mapping) { edit = moved }
        }
        ImGui.SetCursorScreenPos(after)
        if let progress {
            let readout = curveReadout(shown, at: progress)
            text(String(format: "at %.0f%%: value %.3f, velocity %.3f", progress * 100, readout.value, readout.velocity))
            registerLastItem(id: id + ".readout", kind: "readout", value: .number(readout.velocity))
        } else {
            text(" ")
        }
        ImGui.EndGroup()

        ImGui.SameLine(0, -1)
        ImGui.BeginGroup()
        ImGui.TextUnformatted("Presets", nil)
        for preset in CurvePreset.all {
            let selected = preset.points == shown
            if ImGui.Selectable(preset.name, selected, ImGuiSelectableFlags(0), ImVec2(0, 0)) {
                edit = .changed(preset.points, isFinal: true)
            }
            registerLastItem(id: "\(id).preset.\(preset.name)", kind: "preset", value: .text(preset.points.description))
        }
        ImGui.EndGroup()

        let fields: [(String, String, WritableKeyPath<BezierControlPoints, Double>, ClosedRange<Double>)] = [
            ("x1", "x1", \.x1, CurvePlotMapping.controlX), ("y1", "y1", \.y1, CurvePlotMapping.visibleY),
            ("x2", "x2", \.x2, CurvePlotMapping.controlX), ("y2", "y2", \.y2, CurvePlotMapping.visibleY),
        ]
        for (name, label, keyPath, range) in fields {
            switch numberField(id: "\(id).\(name)", label: label, value: shown[keyPath: keyPath], range: range) {
            case .none: break
            case let .changed(v, isFinal):
                var next = shown
                next[keyPath: keyPath] = v
                edit = .changed(next, isFinal: isFinal)
            case .refused(let message): edit = .refused(message)
            }
        }

        if case let .changed(next, isFinal) = edit {
            if !state.editInProgress { state.ghost = points; state.editInProgress = true }
            if isFinal { state.editInProgress = false; state.pendingPoints = nil }
            if next == points && isFinal && state.ghost == points { state.ghost = nil }
        }
        return edit
    }

    private func dragHandle(id: String, index: Int, state: CurveEditorState, points: BezierControlPoints,
                            mapping: CurvePlotMapping) -> CurveEdit? {
        let point = index == 0 ? (points.x1, points.y1) : (points.x2, points.y2)
        let centre = mapping.pixel(x: point.0, y: point.1)
        let r = ImGuiSDLBridge.handleRadius + 2
        ImGui.SetCursorScreenPos(ImVec2(Float(centre.x) - r, Float(centre.y) - r))
        ImGui.InvisibleButton(id, ImVec2(2 * r, 2 * r), ImGuiButtonFlags(0))
        registerLastItem(id: id, kind: "controlPoint", value: .point(x: point.0, y: point.1))
        let mouse = ImGui.GetIO().pointee.MousePos
        if ImGui.IsItemActivated() {
            state.grabOffset = (Double(mouse.x) - centre.x, Double(mouse.y) - centre.y)
        }
        if ImGui.IsItemActive() {
            let p = mapping.controlPoint(atPixel: Double(mouse.x) - state.grabOffset.x, Double(mouse.y) - state.grabOffset.y)
            var next = points
            if index == 0 { next.x1 = p.x; next.y1 = p.y } else { next.x2 = p.x; next.y2 = p.y }
            if next != points {
                state.pendingPoints = next
                return .changed(next, isFinal: false)
            }
        } else if ImGui.IsItemDeactivated(), let final = state.pendingPoints {
            state.pendingPoints = nil
            return .changed(final, isFinal: true)
        }
        return nil
    }

    private func drawPlot(_ m: CurvePlotMapping, points: BezierControlPoints, ghost: BezierControlPoints?, progress: Double?) {
        let list = ImGui.GetWindowDrawList()!
        func v(_ p: (x: Double, y: Double)) -> ImVec2 { ImVec2(Float(p.x), Float(p.y)) }
        list.pointee.AddRectFilled(v(m.pixel(x: 0, y: 1.5)), v(m.pixel(x: 1, y: -0.5)), InspectorColours.plotBackground, 0, 0)
        for i in 1..<10 {
            let t = Double(i) / 10
            list.pointee.AddLine(v(m.pixel(x: t, y: 1.5)), v(m.pixel(x: t, y: -0.5)), InspectorColours.grid, 1)
        }
        for i in -4...14 where i % 2 == 0 {
            let y = Double(i) / 10
            list.pointee.AddLine(v(m.pixel(x: 0, y: y)), v(m.pixel(x: 1, y: y)), InspectorColours.grid, 1)
        }
        list.pointee.AddRect(v(m.pixel(x: 0, y: 1)), v(m.pixel(x: 1, y: 0)), InspectorColours.unitSquare, 0, 0, 1)
        if let ghost, ghost != points { drawCurve(ghost, m, list, colour: InspectorColours.ghost, thickness: 2) }
        let p0 = v(m.pixel(x: 0, y: 0)), p3 = v(m.pixel(x: 1, y: 1))
        let c1 = v(m.pixel(x: points.x1, y: points.y1)), c2 = v(m.pixel(x: points.x2, y: points.y2))
        list.pointee.AddLine(p0, c1, InspectorColours.handle, 1.5)
        list.pointee.AddLine(p3, c2, InspectorColours.handle, 1.5)
        drawCurve(points, m, list, colour: InspectorColours.curve, thickness: 3)
        list.pointee.AddCircleFilled(c1, ImGuiSDLBridge.handleRadius, InspectorColours.handle, 0)
        list.pointee.AddCircleFilled(c2, ImGuiSDLBridge.handleRadius, InspectorColours.handle, 0)
        if let progress {
            let x = min(max(progress, 0), 1)
            let dot = v(m.pixel(x: x, y: MotionSpec.curve(points.timingCurve).simulation.x(x)))
            list.pointee.AddCircleFilled(dot, 5, InspectorColours.progress, 0)
        }
    }

    /// The curve as Motion evaluates it (y as a function of progress x), not the bezier's own
    /// parametric polyline, so the plot shows exactly what an animation will do.
    private func drawCurve(_ points: BezierControlPoints, _ m: CurvePlotMapping, _ list: UnsafeMutablePointer<ImDrawList>,
                           colour: UInt32, thickness: Float) {
        let simulation = MotionSpec.curve(points.timingCurve).simulation
        var polyline = (0...ImGuiSDLBridge.curveSamples).map { i -> ImVec2 in
            let x = Double(i) / Double(ImGuiSDLBridge.curveSamples)
            let p = m.pixel(x: x, y: simulation.x(x))
            return ImVec2(Float(p.x), Float(p.y))
        }
        polyline.withUnsafeMutableBufferPointer { buffer in
            list.pointee.AddPolyline(buffer.baseAddress, Int32(buffer.count), colour, ImDrawFlags(0), thickness)
        }
    }
}
