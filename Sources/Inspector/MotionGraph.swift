import CImGui
import Foundation

// MARK: - What the graph shows

/// One property's values and velocities at the graph's sample times (nil where it does not
/// exist then, as the card before it opens).
public struct MotionGraphSeries: Equatable, Sendable {
    public let id: String
    public let label: String
    /// `pt`, `×`, `rad`, or empty for a plain number.
    public let unit: String
    public let values: [Double?]
    public let velocities: [Double?]
    public init(id: String, label: String, unit: String, values: [Double?], velocities: [Double?]) {
        self.id = id; self.label = label; self.unit = unit; self.values = values; self.velocities = velocities
    }
}

/// A time marked on the graph: an interruption (flagged when its velocity jump is over the
/// threshold).
public struct MotionGraphMark: Equatable, Sendable {
    public let time: Double
    public let label: String
    public let flagged: Bool
    public init(time: Double, label: String, flagged: Bool) { self.time = time; self.label = label; self.flagged = flagged }
}

public struct MotionGraphContent: Equatable, Sendable {
    /// The sample times, ascending; the graph spans the first to the last.
    public var times: [Double]
    public var series: [MotionGraphSeries]
    /// Each series scaled to its own range (values to 0…1, velocities to −1…1 of their peak).
    public var normalise: Bool
    public var playhead: Double
    /// Input times (presses, releases, keys), drawn as ticks under the plots.
    public var inputTimes: [Double]
    public var marks: [MotionGraphMark]
    public init(times: [Double], series: [MotionGraphSeries], normalise: Bool, playhead: Double, inputTimes: [Double] = [], marks: [MotionGraphMark] = []) {
        self.times = times; self.series = series; self.normalise = normalise; self.playhead = playhead
        self.inputTimes = inputTimes; self.marks = marks
    }
    public var span: ClosedRange<Double> { (times.first ?? 0)...max(times.last ?? 1, (times.first ?? 0) + 1e-9) }
}

// MARK: - Axes and mapping (pure)

/// One plot's vertical axis: the range it shows and its tick values, in the series' units.
public struct MotionGraphAxis: Equatable, Sendable {
    public let low: Double
    public let high: Double
    /// The unit the tick labels carry, or nil when the series shown do not share one (or are normalised).
    public let unit: String?

    /// The range of every shown series' numbers, padded by 5 %; a flat range is opened to ±1.
    public static func fitting(_ columns: [[Double?]], unit: String?) -> MotionGraphAxis {
        var lo = Double.infinity, hi = -Double.infinity
        for column in columns { for v in column { if let v, v.isFinite { lo = min(lo, v); hi = max(hi, v) } } }
        guard lo.isFinite, hi.isFinite else { return MotionGraphAxis(low: -1, high: 1, unit: unit) }
        if hi - lo < 1e-12 { return MotionGraphAxis(low: lo - 1, high: hi + 1, unit: unit) }
        let pad = (hi - lo) * 0.05
        return MotionGraphAxis(low: lo - pad, high: hi + pad, unit: unit)
    }

    /// Round tick values (1, 2 or 5 × 10^n apart), at least `minimumGap` apart over `pixels`.
    public func ticks(pixels: Double, minimumGap: Double = 28) -> [Double] {
        let span = high - low
        guard span > 0, pixels > 0 else { return [] }
        let raw = span * minimumGap / pixels
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var out: [Double] = []
        var v = (low / step).rounded(.up) * step
        while v <= high + step * 1e-9 { out.append(abs(v) < step * 1e-9 ? 0 : v); v += step }
        return out
    }

    /// The pixel row of `value` in a plot from `top` to `bottom`.
    public func y(_ value: Double, top: Double, bottom: Double) -> Double { bottom - (value - low) / (high - low) * (bottom - top) }
}

/// Where the graph's parts lie in its rect: the value plot above, the velocity plot below, a
/// gutter on the left for the axes' labels and a strip at the bottom for the input marks.
public struct MotionGraphLayout: Equatable, Sendable {
    public let x: Double, y: Double, width: Double, height: Double
    public static let gutter = 64.0
    public static let inputStrip = 10.0
    public static let gap = 16.0

    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }

    public var plotX: Double { x + MotionGraphLayout.gutter }
    public var plotWidth: Double { max(width - MotionGraphLayout.gutter - 6, 10) }
    var plotsHeight: Double { max(height - MotionGraphLayout.inputStrip - MotionGraphLayout.gap - 4, 20) }
    public var valueTop: Double { y + 2 }
    public var valueBottom: Double { valueTop + plotsHeight / 2 }
    public var velocityTop: Double { valueBottom + MotionGraphLayout.gap }
    public var velocityBottom: Double { velocityTop + plotsHeight / 2 }
    public var inputTop: Double { velocityBottom + 2 }

    public func x(for time: Double, span: ClosedRange<Double>) -> Double {
        plotX + (time - span.lowerBound) / (span.upperBound - span.lowerBound) * plotWidth
    }
    public func time(atX px: Double, span: ClosedRange<Double>) -> Double {
        let f = min(max((px - plotX) / plotWidth, 0), 1)
        return span.lowerBound + f * (span.upperBound - span.lowerBound)
    }
}

extension MotionGraphContent {
    /// The numbers plotted for a series: as they are, or normalised (values to 0…1 over their
    /// range, velocities to −1…1 of their largest magnitude).
    public func plotted(_ s: MotionGraphSeries) -> (values: [Double?], velocities: [Double?]) {
        guard normalise else { return (s.values, s.velocities) }
        let vs = s.values.compactMap { $0 }
        let lo = vs.min() ?? 0, hi = vs.max() ?? 1
        let peak = s.velocities.compactMap { $0.map(abs) }.max() ?? 0
        return (s.values.map { $0.map { hi > lo ? ($0 - lo) / (hi - lo) : 0.5 } },
                s.velocities.map { $0.map { peak > 0 ? $0 / peak : 0 } })
    }

    /// The two plots' axes.
    public var axes: (value: MotionGraphAxis, velocity: MotionGraphAxis) {
        if normalise { return (MotionGraphAxis(low: -0.05, high: 1.05, unit: nil), MotionGraphAxis(low: -1.1, high: 1.1, unit: nil)) }
        let units = Set(series.map(\.unit))
        let unit = units.count == 1 ? units.first : nil
        return (MotionGraphAxis.fitting(series.map(\.values), unit: unit),
                MotionGraphAxis.fitting(series.map(\.velocities), unit: unit.map { $0.isEmpty ? "/s" : "\($0)/s" }))
    }

    /// The sample nearest to `time`.
    public func sampleIndex(nearest time: Double) -> Int? {
        guard !times.isEmpty else { return nil }
        var lo = 0, hi = times.count - 1
        while lo < hi { let mid = (lo + hi) / 2; if times[mid] < time { lo = mid + 1 } else { hi = mid } }
        if lo > 0 && abs(times[lo - 1] - time) <= abs(times[lo] - time) { return lo - 1 }
        return lo
    }
}

/// What a frame of the graph asks for.
public enum MotionGraphEdit: Equatable, Sendable { case none, seek(Double) }

/// Line colours of the series, in order: iOS's dark-appearance system blue, green, purple, cyan,
/// brown, indigo and gray, which read on the dark plot. Orange, yellow, red and pink are left out:
/// they are the interruption marks', the playhead's and a flagged mark's.
public enum MotionGraphPalette {
    public static let colours: [(UInt32, UInt32, UInt32)] = [
        (10, 132, 255), (48, 209, 88), (191, 90, 242), (100, 210, 255), (172, 142, 104), (94, 92, 230), (174, 174, 178),
    ]
    static func colour(_ i: Int, alpha: UInt32 = 255) -> UInt32 {
        let c = colours[i % colours.count]
        return InspectorColours.rgba(c.0, c.1, c.2, alpha)
    }
}

// MARK: - Drawing

extension ImGuiSDLBridge {
    /// The value and velocity graph in the rect at window coordinates (x, y, width, height):
    /// both plots with axes in units (or normalised), the interruption marks, the input ticks,
    /// the playhead, and on hover a readout of time, value and velocity of every series. A press
    /// or drag in it seeks. Registers the whole as `id` (kind `graph`), the plots as `id.value`
    /// and `id.velocity`, each mark as `id.mark.N`, and the playhead as `playhead`.
    public func motionGraph(id: String = "graph", _ content: MotionGraphContent, x: Double, y: Double, width: Double, height: Double) -> MotionGraphEdit {
        guard isInFrame, let list = ImGui.GetWindowDrawList() else { return .none }
        pushID(id)
        defer { ImGui.PopID() }
        let layout = MotionGraphLayout(x: x, y: y, width: width, height: height)
        let span = content.span
        func px(_ t: Double) -> Float { Float(layout.x(for: t, span: span)) }
        func v(_ a: Double, _ b: Double) -> ImVec2 { ImVec2(Float(a), Float(b)) }
        let axes = content.axes
        var edit = MotionGraphEdit.none

        ImGui.SetCursorScreenPos(v(layout.plotX, layout.valueTop))
        ImGui.InvisibleButton("##plot", v(layout.plotWidth, layout.inputTop + MotionGraphLayout.inputStrip - layout.valueTop), ImGuiButtonFlags(0))
        let hovered = ImGui.IsItemHovered(ImGuiHoveredFlags(0))
        let mouse = ImGui.GetIO().pointee.MousePos
        if ImGui.IsItemActive() {
            let t = layout.time(atX: Double(mouse.x), span: span)
            if ImGui.IsItemActivated() || t != content.playhead { edit = .seek(t) }
        }

        for (axis, top, bottom, plotId, title) in [(axes.value, layout.valueTop, layout.valueBottom, "value", "value"),
                                                  (axes.velocity, layout.velocityTop, layout.velocityBottom, "velocity", "velocity")] {
            list.pointee.AddRectFilled(v(layout.plotX, top), v(layout.plotX + layout.plotWidth, bottom), InspectorColours.plotBackground, 0, 0)
            for tick in axis.ticks(pixels: bottom - top) {
                let ty = Float(axis.y(tick, top: top, bottom: bottom))
                list.pointee.AddLine(v(layout.plotX, Double(ty)), v(layout.plotX + layout.plotWidth, Double(ty)),
                                     tick == 0 ? InspectorColours.unitSquare : InspectorColours.grid, 1)
                let label = MotionGraphText.number(tick) + (axis.unit.map { $0.isEmpty ? "" : " \($0)" } ?? "")
                list.pointee.AddText(v(layout.x + 2, Double(ty) - 7), InspectorColours.dimText, label, nil)
            }
            let caption = title + (content.normalise ? " (normalised)" : "")
            list.pointee.AddText(v(layout.plotX + 4, top + 2), InspectorColours.dimText, caption, nil)
            registerRect(id: "\(id).\(plotId)", kind: "plot", x: layout.plotX, y: top, width: layout.plotWidth, height: bottom - top,
                         value: .span(start: axis.low, end: axis.high))
        }
        // Time ticks along the velocity plot's foot.
        let timeAxis = MotionGraphAxis(low: span.lowerBound, high: span.upperBound, unit: "s")
        for tick in timeAxis.ticks(pixels: layout.plotWidth, minimumGap: 60) {
            list.pointee.AddLine(v(Double(px(tick)), layout.valueTop), v(Double(px(tick)), layout.velocityBottom), InspectorColours.grid, 1)
            list.pointee.AddText(v(Double(px(tick)) + 2, layout.valueBottom + 1), InspectorColours.dimText, MotionGraphText.number(tick) + " s", nil)
        }

        // The curves: each series' values above, velocities below, clipped to its plot.
        for (index, s) in content.series.enumerated() {
            let plotted = content.plotted(s)
            for (numbers, axis, top, bottom) in [(plotted.values, axes.value, layout.valueTop, layout.valueBottom),
                                                 (plotted.velocities, axes.velocity, layout.velocityTop, layout.velocityBottom)] {
                list.pointee.PushClipRect(v(layout.plotX, top), v(layout.plotX + layout.plotWidth, bottom), true)
                var run = PlotPolyline()
                func flush() {
                    let points = run.finish()
                    if points.count >= 2 {
                        points.withUnsafeBufferPointer { b in
                            list.pointee.AddPolyline(b.baseAddress, Int32(b.count), MotionGraphPalette.colour(index), ImDrawFlags(0), 2)
                        }
                    }
                }
                for (i, number) in numbers.enumerated() {
                    guard let number, number.isFinite, i < content.times.count else {
                        flush()
                        continue
                    }
                    run.add(v(Double(px(content.times[i])), axis.y(number, top: top, bottom: bottom)))
                }
                flush()
                list.pointee.PopClipRect()
            }
        }

        // Input ticks and interruption marks.
        for t in content.inputTimes where span.contains(t) {
            list.pointee.AddLine(v(Double(px(t)), layout.inputTop), v(Double(px(t)), layout.inputTop + MotionGraphLayout.inputStrip - 2),
                                 InspectorColours.text, 1)
        }
        for (i, mark) in content.marks.enumerated() where span.contains(mark.time) {
            let colour = mark.flagged ? InspectorColours.refusal : InspectorColours.handle
            let mx = Double(px(mark.time))
            list.pointee.AddLine(v(mx, layout.valueTop), v(mx, layout.velocityBottom), colour, 1.5)
            list.pointee.AddTriangleFilled(v(mx - 5, layout.velocityBottom), v(mx + 5, layout.velocityBottom), v(mx, layout.velocityBottom - 7), colour)
            registerRect(id: "\(id).mark.\(i)", kind: "interruptionMark", x: mx - 5, y: layout.valueTop, width: 10,
                         height: layout.velocityBottom - layout.valueTop, value: .text(mark.label))
        }

        // The playhead.
        let playheadTime: Double
        if case let .seek(t) = edit { playheadTime = t } else { playheadTime = content.playhead }
        let ph = Double(px(min(max(playheadTime, span.lowerBound), span.upperBound)))
        list.pointee.AddLine(v(ph, layout.valueTop), v(ph, layout.velocityBottom), InspectorColours.playhead, 2)
        list.pointee.AddTriangleFilled(v(ph - 6, layout.valueTop), v(ph + 6, layout.valueTop), v(ph, layout.valueTop + 8), InspectorColours.playhead)
        registerRect(id: "playhead", kind: "playhead", x: ph - 6, y: layout.valueTop, width: 12, height: 10, value: .number(playheadTime))

        // The hover readout: time, and every series' value and velocity there.
        if hovered, let i = content.sampleIndex(nearest: layout.time(atX: Double(mouse.x), span: span)) {
            let hx = Double(px(content.times[i]))
            list.pointee.AddLine(v(hx, layout.valueTop), v(hx, layout.velocityBottom), InspectorColours.unitSquare, 1)
            var lines = ["t = \(MotionGraphText.number(content.times[i])) s"]
            for s in content.series {
                guard let value = s.values[i], let velocity = s.velocities[i] else { lines.append("\(s.label): —"); continue }
                let unit = s.unit.isEmpty ? "" : " \(s.unit)"
                lines.append("\(s.label): \(MotionGraphText.number(value))\(unit), \(MotionGraphText.number(velocity))\(unit)/s")
            }
            let text = lines.joined(separator: "\n")
            let size = ImGui.CalcTextSize(text, nil, false, -1)
            var bx = hx + 12
            if bx + Double(size.x) + 8 > layout.plotX + layout.plotWidth { bx = hx - 12 - Double(size.x) - 8 }
            let by = layout.valueTop + 4
            list.pointee.AddRectFilled(v(bx, by), v(bx + Double(size.x) + 8, by + Double(size.y) + 6), InspectorColours.rgba(0, 0, 0, 210), 4, 0)
            list.pointee.AddText(v(bx + 4, by + 3), InspectorColours.text, text, nil)
            registerRect(id: "\(id).readout", kind: "readout", x: bx, y: by, width: Double(size.x) + 8, height: Double(size.y) + 6, value: .text(text))
        }

        ImGui.SetCursorScreenPos(v(x, y))
        ImGui.Dummy(v(width, height))
        registerRect(id: id, kind: "graph", x: x, y: y, width: width, height: height, value: .span(start: span.lowerBound, end: span.upperBound))
        return edit
    }

    /// A row of a list as a full-width selectable line, red when `flagged`; registered as `id`
    /// (kind `row`); true on the frame it is clicked.
    public func listRow(id: String, text: String, flagged: Bool) -> Bool {
        guard isInFrame else { return false }
        pushID(id)
        defer { ImGui.PopID() }
        if flagged { ImGui.PushStyleColor(ImGuiCol(ImGuiCol_Text.rawValue), InspectorColours.refusal) }
        let clicked = ImGui.Selectable(text, false, ImGuiSelectableFlags(0), ImVec2(0, 0))
        if flagged { ImGui.PopStyleColor(1) }
        registerLastItem(id: id, kind: "row", value: .text(text))
        return clicked
    }

    /// A toggle drawn as a checkbox, registered as `id` (kind `toggle`); the new state when clicked.
    public func toggle(id: String, label: String, isOn: Bool) -> Bool? {
        guard isInFrame else { return nil }
        pushID(id)
        defer { ImGui.PopID() }
        var value = isOn
        let changed = ImGui.Checkbox(label, &value)
        registerLastItem(id: id, kind: "toggle", value: .number(isOn ? 1 : 0))
        return changed ? value : nil
    }

    /// Text in the colour of a warning.
    public func warningText(_ string: String) {
        guard isInFrame else { return }
        ImGui.PushStyleColor(ImGuiCol(ImGuiCol_Text.rawValue), InspectorColours.refusal)
        ImGui.TextUnformatted(string, nil)
        ImGui.PopStyleColor(1)
    }

    /// A toggle's width: its box, the gap after it and its label.
    public func toggleWidth(label: String) -> Double {
        guard isInFrame else { return 0 }
        return Double(ImGui.GetFrameHeight() + ImGui.GetStyle().pointee.ItemInnerSpacing.x + ImGui.CalcTextSize(label, nil, false, -1).x)
    }

    /// Keeps the next item on the current row when `width` more fits before the region's right
    /// edge, else lets it start a new row: a row of toggles that wraps with the panel's width.
    public func sameLineIfRoom(for width: Double) {
        guard isInFrame else { return }
        let next = Double(ImGui.GetItemRectMax().x + ImGui.GetStyle().pointee.ItemSpacing.x)
        let edge = Double(ImGui.GetWindowPos().x + ImGui.GetWindowContentRegionMax().x)
        if next + width <= edge { ImGui.SameLine(0, -1) }
    }

    /// The width of the current region's rows, whatever is already on this one.
    public var rowWidth: Double {
        guard isInFrame else { return 0 }
        return Double(ImGui.GetWindowContentRegionMax().x - ImGui.GetWindowContentRegionMin().x)
    }

    /// The height of a line of text with the spacing after it.
    public var textRowHeight: Double {
        guard isInFrame else { return 0 }
        return Double(ImGui.GetTextLineHeightWithSpacing())
    }

    /// Where the next item goes and how much room there is, in window coordinates.
    public var cursor: (x: Double, y: Double, width: Double, height: Double) {
        guard isInFrame else { return (0, 0, 0, 0) }
        let p = ImGui.GetCursorScreenPos(), room = ImGui.GetContentRegionAvail()
        return (Double(p.x), Double(p.y), Double(room.x), Double(room.y))
    }
}

/// Numbers as the graph writes them: few digits, no trailing zeros.
public enum MotionGraphText {
    public static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        let a = abs(v)
        let text: String
        if a >= 1000 { text = String(format: "%.0f", v) } else if a >= 10 { text = String(format: "%.1f", v) } else if a >= 0.01 { text = String(format: "%.3f", v) } else { text = String(format: "%.2g", v) }
        guard text.contains("."), !text.contains("e") else { return text }
        var t = text
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t
    }
}

/// One run of a curve's points as the plot draws them, with the points it can do without left
/// out. Each point of ImGui's polyline is a textured quad that Mesa's llvmpipe sets up and
/// rasterises one by one: at two samples a column, the plots of a drag cost it about 8 ms a
/// frame, more than the rest of the workbench (`bench --window`, the Graph view's phase). Two
/// rules, in turn:
/// - a point under a pixel from the last one kept, across and up, is left out (the run's last
///   point is kept): the 2-pixel line moves by under a pixel, at the corners of a drag's steps;
/// - of what remains, a point is left out while the segment from the last point kept to the
///   next passes within `tolerance` pixels of it, measured up or down. The points of a straight
///   stretch (a property at rest, a velocity of 0, a linear ramp) then make one segment however
///   long, where there was one a column: the line moves by a tenth of a pixel at most.
/// The second is sleeve fitting (Zhao and Saalfeld, "Linear-time sleeve-fitting polyline
/// simplification algorithms", 1997), in O(1) a point: the slopes from the last point kept that
/// pass within the tolerance of every point left out since form a range, narrowed by each, and a
/// point whose slope falls outside it ends the straight stretch. Times ascend, so x never falls;
/// a point straight above the last one kept ends the stretch.
public struct PlotPolyline {
    /// The greatest distance, in pixels up or down, from a point left out to the line drawn.
    public static let tolerance: Float = 0.1

    private var kept: [ImVec2] = []
    /// The last point under a pixel from the last one passed on (the first rule).
    private var nearby: ImVec2?
    /// The last point passed on and not yet kept: the straight stretch's end so far.
    private var end: ImVec2?
    /// The least and greatest slopes from `kept.last` that pass within the tolerance of every
    /// point left out since.
    private var lowestSlope = -Float.infinity, highestSlope = Float.infinity
    /// The last point the first rule passed on: the stretch's end, or the point kept last.
    private var lastPassed: ImVec2? { end ?? kept.last }

    public init() {}

    public mutating func add(_ point: ImVec2) {
        if let last = lastPassed, abs(point.x - last.x) < 1, abs(point.y - last.y) < 1 {
            nearby = point
            return
        }
        nearby = nil
        straighten(point)
    }

    /// The run's points to draw, and a fresh run after.
    public mutating func finish() -> [ImVec2] {
        if let nearby { straighten(nearby) }
        if let end { kept.append(end) }
        defer { self = PlotPolyline() }
        return kept
    }

    /// The second rule: `point` extends the straight stretch from the last point kept, or ends it.
    private mutating func straighten(_ point: ImVec2) {
        guard let anchor = kept.last else { kept.append(point); return }
        guard let candidate = end else { end = point; return }
        let tolerance = PlotPolyline.tolerance
        let across = candidate.x - anchor.x, ahead = point.x - anchor.x
        if across > 0, ahead > 0 {
            let lowest = max(lowestSlope, (candidate.y - tolerance - anchor.y) / across)
            let highest = min(highestSlope, (candidate.y + tolerance - anchor.y) / across)
            let slope = (point.y - anchor.y) / ahead
            if lowest <= slope, slope <= highest {
                (lowestSlope, highestSlope) = (lowest, highest)
                end = point
                return
            }
        }
        kept.append(candidate)
        (lowestSlope, highestSlope) = (-.infinity, .infinity)
        end = point
    }
}
