import Foundation

// The timeline's pure geometry: time to x, the ruler's ticks, where each row goes in any
// rectangle, labels that never overlap, and snapping. No ImGui here, so all of it is tested
// without a window.

// MARK: Time and x

/// Maps preview time to x across the timeline's track.
public struct TimelineScale: Equatable, Sendable {
    public let span: ClosedRange<Double>
    public let trackX: Double
    public let trackWidth: Double

    public init(span: ClosedRange<Double>, trackX: Double, trackWidth: Double) {
        self.span = span; self.trackX = trackX; self.trackWidth = trackWidth
    }

    public var length: Double { span.upperBound - span.lowerBound }
    /// Window units per second of preview time: the zoom.
    public var pixelsPerSecond: Double { length > 0 ? trackWidth / length : 0 }

    public func x(for time: Double) -> Double {
        guard length > 0 else { return trackX }
        return trackX + (time - span.lowerBound) / length * trackWidth
    }

    /// The time under x, clamped to the visible span.
    public func time(atX x: Double) -> Double {
        guard trackWidth > 0 else { return span.lowerBound }
        let t = span.lowerBound + (x - trackX) / trackWidth * length
        return min(max(t, span.lowerBound), span.upperBound)
    }

    /// A tick step of 1, 2 or 5 times a power of ten giving at least `minimumPixels` between ticks.
    public func tickStep(minimumPixels: Double = 56) -> Double {
        guard length > 0, trackWidth > 0 else { return 1 }
        let raw = minimumPixels / trackWidth * length
        let power = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5, 10] where factor * power >= raw * (1 - 1e-12) { return factor * power }
        return 10 * power
    }
}

// MARK: Ticks

/// The ruler's ticks: a 1-2-5 step wide enough that the widest of its labels fits between two
/// ticks with a gap, so tick labels never touch.
public enum TimelineTicks {
    /// Space between two tick labels, in window units.
    public static let labelGap = 8.0
    /// Ticks are never closer than this, whatever the labels.
    public static let minimumSpacing = 24.0

    /// A tick's label: as many decimals as the step needs (0.05 s steps show "2.05s").
    public static func label(_ time: Double, step: Double) -> String {
        let decimals = max(0, min(3, Int((-log10(step)).rounded(.up) + 1e-9)))
        return String(format: "%.\(decimals)fs", time == 0 ? 0 : time)
    }

    /// The tick times and labels across the scale's span. `measure` gives a text's width.
    public static func ticks(_ scale: TimelineScale, measure: (String) -> Double) -> (step: Double, ticks: [(time: Double, label: String)]) {
        guard scale.length > 0, scale.trackWidth > 0 else { return (1, []) }
        var step = scale.tickStep(minimumPixels: minimumSpacing)
        // Widen the step until the widest label of its ticks fits (at most a few rounds: each is a 1-2-5 step up).
        for _ in 0..<12 {
            let widest = [scale.span.lowerBound, scale.span.upperBound].map { measure(label($0, step: step)) }.max() ?? 0
            if step * scale.pixelsPerSecond >= widest + labelGap { break }
            step = TimelineScale(span: scale.span, trackX: 0, trackWidth: scale.trackWidth)
                .tickStep(minimumPixels: step * scale.pixelsPerSecond * 1.01)
        }
        var out: [(Double, String)] = []
        var index = (scale.span.lowerBound / step).rounded(.up)
        while index * step <= scale.span.upperBound + 1e-9 && out.count < 1000 {
            let t = index * step
            out.append((t, label(t, step: step)))
            index += 1
        }
        return (step, out)
    }
}

// MARK: Rows in a rectangle

/// A rectangle in window units.
public struct TimelineRect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public func intersects(_ other: TimelineRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// Where each part of the timeline goes in the rectangle it is given: the label column on the
/// left; on the right, top to bottom, the loop band, the ruler, the phase row, one row a lane,
/// and the input row.
public struct TimelineLayout: Equatable, Sendable {
    /// Lanes are never shorter than this, so a bar stays a target for a pointer.
    public static let minimumRowHeight = 20.0
    public static let preferredRowHeight = 22.0
    public static let loopBandHeight = 12.0
    public static let rulerHeight = 20.0
    public static let phaseRowHeight = 20.0
    /// The label column: a share of the width, between these bounds.
    public static let labelColumnShare = 0.28
    public static let labelColumnRange = 60.0...150.0
    public static let rightMargin = 6.0

    public let bounds: TimelineRect
    public let labelColumnWidth: Double
    public let loopBand: TimelineRect
    public let ruler: TimelineRect
    public let phaseRow: TimelineRect
    /// One a lane, in the order given, then the input row last.
    public let rows: [TimelineRect]
    public var inputRow: TimelineRect { rows[rows.count - 1] }
    public var trackX: Double { ruler.x }
    public var trackWidth: Double { ruler.width }

    /// - Parameters:
    ///   - height: the height to fill, or nil to take what the rows need; rows never go below
    ///     `minimumRowHeight`, so the result may be taller than asked.
    ///   - laneCount: lanes, not counting the input row.
    public init(x: Double, y: Double, width: Double, height: Double? = nil, laneCount: Int) {
        let w = max(width, 1)
        labelColumnWidth = min(max(w * TimelineLayout.labelColumnShare, TimelineLayout.labelColumnRange.lowerBound),
                               TimelineLayout.labelColumnRange.upperBound)
        let trackX = x + labelColumnWidth
        let trackWidth = max(w - labelColumnWidth - TimelineLayout.rightMargin, 1)
        let header = TimelineLayout.loopBandHeight + TimelineLayout.rulerHeight + TimelineLayout.phaseRowHeight
        let rowCount = laneCount + 1
        var rowHeight = TimelineLayout.preferredRowHeight
        if let height { rowHeight = max((height - header) / Double(rowCount), TimelineLayout.minimumRowHeight) }
        rowHeight = min(rowHeight, 2 * TimelineLayout.preferredRowHeight)
        loopBand = TimelineRect(x: trackX, y: y, width: trackWidth, height: TimelineLayout.loopBandHeight)
        ruler = TimelineRect(x: trackX, y: loopBand.maxY, width: trackWidth, height: TimelineLayout.rulerHeight)
        phaseRow = TimelineRect(x: trackX, y: ruler.maxY, width: trackWidth, height: TimelineLayout.phaseRowHeight)
        rows = (0..<rowCount).map { TimelineRect(x: x, y: y + header + Double($0) * rowHeight, width: w, height: rowHeight) }
        let total = header + Double(rowCount) * rowHeight
        bounds = TimelineRect(x: x, y: y, width: w, height: max(total, height ?? 0))
    }
}

// MARK: Labels that never overlap

/// A label the timeline wants to draw: its text, where it starts, and the widest it may be.
public struct TimelineLabelRequest: Equatable, Sendable {
    public var id: String
    public var text: String
    public var x: Double
    public var y: Double
    public var height: Double
    public var maxWidth: Double
    /// Higher goes first: a label placed earlier is never shortened or hidden by a later one.
    public var priority: Int
}

/// A label as drawn: perhaps shortened, with the rectangle it covers.
public struct TimelinePlacedLabel: Equatable, Sendable {
    public var id: String
    public var text: String
    public var rect: TimelineRect
}

public enum TimelineLabelLayout {
    /// Space kept between two labels.
    public static let gap = 3.0
    /// The mark of a shortened label. ASCII: the inspector's font atlas holds Latin-1 only.
    public static let ellipsis = ".."

    /// The text, then shorter forms: its first n-1, n-2, ... 1 characters and the ellipsis.
    public static func forms(_ text: String) -> [String] {
        let characters = Array(text)
        guard characters.count > 1 else { return [text] }
        return [text] + (1..<characters.count).reversed().map { String(characters[0..<$0]).trimmingCharacters(in: .whitespaces) + ellipsis }
    }

    /// The labels placed in priority order (ties in the order given). Each takes its longest form
    /// that fits its `maxWidth` and touches no label placed before it; a label with no such form
    /// is hidden (left out).
    public static func place(_ requests: [TimelineLabelRequest], measure: (String) -> Double) -> [TimelinePlacedLabel] {
        let order = requests.indices.sorted { (requests[$0].priority, -$0) > (requests[$1].priority, -$1) }
        var placed: [TimelinePlacedLabel] = []
        for index in order {
            let request = requests[index]
            guard request.maxWidth > 0, !request.text.isEmpty else { continue }
            for form in forms(request.text) {
                let width = measure(form)
                guard width <= request.maxWidth else { continue }
                let rect = TimelineRect(x: request.x, y: request.y, width: width, height: request.height)
                let padded = TimelineRect(x: rect.x - gap, y: rect.y, width: rect.width + 2 * gap, height: rect.height)
                if placed.contains(where: { $0.rect.intersects(padded) }) { continue }
                placed.append(TimelinePlacedLabel(id: request.id, text: form, rect: rect))
                break
            }
        }
        return placed
    }
}

// MARK: Snapping

/// A time a dragged edge can snap to, with what it is (shown while dragging).
public struct TimelineSnapTarget: Equatable, Sendable {
    public var time: Double
    public var name: String
    public init(time: Double, name: String) { self.time = time; self.name = name }
}

public enum TimelineSnap {
    /// An edge within this many window units of a target lands on it (6: a bit more than the
    /// 5 px a person aims within, after ImGui floors the pointer to whole units).
    public static let distance = 6.0
    /// Away from every target, dragged times go to a 10 ms grid.
    public static let grid = 0.01

    /// Where a dragged edge at `time` lands, and the target it snapped to (nil on the grid or free).
    /// `free` (Shift held) keeps the pointer's time, to the millisecond of the timings file.
    public static func snap(_ time: Double, to targets: [TimelineSnapTarget], scale: TimelineScale, free: Bool) -> (time: Double, target: TimelineSnapTarget?) {
        if free { return (rounded(time, decimals: TimelineGeometry.timeDecimals), nil) }
        if let best = nearest(time, in: targets, scale: scale) { return (best.time, best) }
        return (onGrid(time), nil)
    }

    /// The target nearest to `time` within `distance` on screen.
    public static func nearest(_ time: Double, in targets: [TimelineSnapTarget], scale: TimelineScale) -> TimelineSnapTarget? {
        let x = scale.x(for: time)
        return targets.filter { abs(scale.x(for: $0.time) - x) <= distance }
            .min { abs(scale.x(for: $0.time) - x) < abs(scale.x(for: $1.time) - x) }
    }

    public static func onGrid(_ time: Double) -> Double { rounded((time / grid).rounded() * grid, decimals: TimelineGeometry.timeDecimals) }
}
