import Foundation

// MARK: - The workbench's rectangles, as a pure function of the window

/// A rectangle in window units (SDL's window coordinates, the space of mouse events and of
/// `xdotool`), origin top-left.
public struct LayoutRect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
    public func intersects(_ other: LayoutRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
    /// The same rectangle in drawable pixels, `density` pixels a window unit, with whole-pixel edges.
    public func pixels(density: Double) -> (x: Int, y: Int, width: Int, height: Int) {
        let x0 = Int((x * density).rounded()), y0 = Int((y * density).rounded())
        let x1 = Int((maxX * density).rounded()), y1 = Int((maxY * density).rounded())
        return (x0, y0, max(x1 - x0, 0), max(y1 - y0, 0))
    }
}

/// Where the user put the splitters: the properties panel's width and the timeline dock's height,
/// in window units; nil is the default for the window's size. Remembered across runs
/// (`WorkbenchLayoutFile`), never in the timings file.
public struct WorkbenchSplitters: Equatable, Sendable {
    public var propertiesWidth: Double?
    public var timelineHeight: Double?
    public init(propertiesWidth: Double? = nil, timelineHeight: Double? = nil) {
        self.propertiesWidth = propertiesWidth
        self.timelineHeight = timelineHeight
    }
}

/// The workbench: the device canvas at the top left, the properties panel on the right above the
/// timeline dock, and the dock along the bottom across the window's whole width, with a splitter
/// on each inner edge. `make` is pure (window size, splitters, what is shown → rectangles); the
/// window draws and routes input by its answer, and the rectangles never overlap, so no tool pixel
/// ever covers the device.
public struct WorkbenchLayout: Equatable, Sendable {
    /// Where the device screens go: everything the tools leave.
    public var canvas: LayoutRect
    public var properties: LayoutRect?
    public var timeline: LayoutRect?
    /// The bar between the canvas and the properties panel, dragged to set its width.
    public var propertiesSplitter: LayoutRect?
    /// The bar above the timeline dock, dragged to set its height.
    public var timelineSplitter: LayoutRect?

    /// A splitter's thickness (window units): wide enough to grab with a mouse (macOS and GTK use 5–8).
    public static let splitterThickness = 6.0
    /// The properties panel holds ImGui's fields and the curve plot from about this width.
    public static let minimumPropertiesWidth = 360.0
    public static let defaultPropertiesWidth = 440.0
    /// Lanes of at least 20 px for the splash's tracks and the ruler need about this much.
    public static let minimumTimelineHeight = 140.0
    /// The default dock: a quarter of the window's height, between these bounds.
    public static let defaultTimelineHeights = 200.0...280.0
    /// What the canvas keeps at least, so a splitter can never squeeze the device away.
    public static let minimumCanvasWidth = 160.0
    public static let minimumCanvasHeight = 160.0

    public init(canvas: LayoutRect, properties: LayoutRect? = nil, timeline: LayoutRect? = nil,
                propertiesSplitter: LayoutRect? = nil, timelineSplitter: LayoutRect? = nil) {
        self.canvas = canvas
        self.properties = properties
        self.timeline = timeline
        self.propertiesSplitter = propertiesSplitter
        self.timelineSplitter = timelineSplitter
    }

    /// The default dock height for a window `height` units tall.
    public static func defaultTimelineHeight(windowHeight height: Double) -> Double {
        min(max((height * 0.25).rounded(), defaultTimelineHeights.lowerBound), defaultTimelineHeights.upperBound)
    }

    /// The properties width actually used: the wanted one, kept between the panel's minimum and
    /// what leaves the canvas its minimum (the canvas wins in a very narrow window).
    public static func propertiesWidth(_ wanted: Double?, windowWidth: Double) -> Double {
        let most = windowWidth - minimumCanvasWidth - splitterThickness
        return max(min(wanted ?? defaultPropertiesWidth, most), min(minimumPropertiesWidth, max(most, 0)))
    }

    /// The dock height actually used, kept between its minimum and what leaves the canvas its minimum.
    public static func timelineHeight(_ wanted: Double?, windowHeight: Double) -> Double {
        let most = windowHeight - minimumCanvasHeight - splitterThickness
        return max(min(wanted ?? defaultTimelineHeight(windowHeight: windowHeight), most), min(minimumTimelineHeight, max(most, 0)))
    }

    /// The rectangles of a window `width`×`height` (window units). With `toolsShown` false (Tab,
    /// or the inspector off) the canvas is the whole window.
    /// Without `timelineShown` (T) there is no dock and the canvas and panel take the height.
    public static func make(width: Double, height: Double, splitters: WorkbenchSplitters, toolsShown: Bool,
                            timelineShown: Bool = true) -> WorkbenchLayout {
        let w = max(width, 1), h = max(height, 1)
        guard toolsShown else { return WorkbenchLayout(canvas: LayoutRect(x: 0, y: 0, width: w, height: h)) }
        let t = splitterThickness
        guard timelineShown else {
            let panelWidth = propertiesWidth(splitters.propertiesWidth, windowWidth: w)
            let canvasWidth = max(w - panelWidth - t, 0)
            return WorkbenchLayout(canvas: LayoutRect(x: 0, y: 0, width: canvasWidth, height: h),
                                   properties: LayoutRect(x: canvasWidth + t, y: 0, width: panelWidth, height: h),
                                   propertiesSplitter: LayoutRect(x: canvasWidth, y: 0, width: t, height: h))
        }
        let dockHeight = timelineHeight(splitters.timelineHeight, windowHeight: h)
        let upperHeight = max(h - dockHeight - t, 0)
        let panelWidth = propertiesWidth(splitters.propertiesWidth, windowWidth: w)
        let canvasWidth = max(w - panelWidth - t, 0)
        return WorkbenchLayout(
            canvas: LayoutRect(x: 0, y: 0, width: canvasWidth, height: upperHeight),
            properties: LayoutRect(x: canvasWidth + t, y: 0, width: panelWidth, height: upperHeight),
            timeline: LayoutRect(x: 0, y: upperHeight + t, width: w, height: dockHeight),
            propertiesSplitter: LayoutRect(x: canvasWidth, y: 0, width: t, height: upperHeight),
            timelineSplitter: LayoutRect(x: 0, y: upperHeight, width: w, height: t))
    }

    /// The window size that shows a `deviceWidth`×`deviceHeight` point device at `scale` window
    /// units a point beside the tools at their default sizes (`--window-scale`).
    public static func windowSize(deviceWidth: Double, deviceHeight: Double, scale: Double, toolsShown: Bool,
                                  splitters: WorkbenchSplitters) -> (width: Double, height: Double) {
        let device = (width: (deviceWidth * scale).rounded(), height: (deviceHeight * scale).rounded())
        guard toolsShown else { return device }
        let panel = max(splitters.propertiesWidth ?? defaultPropertiesWidth, minimumPropertiesWidth)
        // The default dock is a quarter of the window, so d = (device + splitter + d) / 4, in whole
        // units: the one near a third of the rest that `defaultTimelineHeight` gives back.
        let upper = max(device.height, minimumCanvasHeight) + splitterThickness
        let third = (upper / 3).rounded()
        let defaultDock = (-2...2).map { third + Double($0) }.first { defaultTimelineHeight(windowHeight: upper + $0) == $0 }
            ?? min(max(third, defaultTimelineHeights.lowerBound), defaultTimelineHeights.upperBound)
        let dock = max(splitters.timelineHeight ?? defaultDock, minimumTimelineHeight)
        return (max(device.width, minimumCanvasWidth) + splitterThickness + panel,
                max(device.height, minimumCanvasHeight) + splitterThickness + dock)
    }

    /// The default window: about 90% of the usable desktop (inside panels and docks).
    public static func defaultWindowSize(usableWidth: Double, usableHeight: Double) -> (width: Double, height: Double) {
        ((usableWidth * 0.9).rounded(), (usableHeight * 0.9).rounded())
    }

    /// A splitter dragged to window point (x, y): the new splitters, kept to what `make` allows.
    public static func dragging(_ splitter: Splitter, to x: Double, _ y: Double, in size: (width: Double, height: Double),
                                from splitters: WorkbenchSplitters) -> WorkbenchSplitters {
        var next = splitters
        switch splitter {
        case .properties:
            next.propertiesWidth = propertiesWidth(size.width - x - splitterThickness / 2, windowWidth: size.width)
        case .timeline:
            next.timelineHeight = timelineHeight(size.height - y - splitterThickness / 2, windowHeight: size.height)
        }
        return next
    }

    public enum Splitter: String, Sendable { case properties, timeline }

    /// The splitter under window point (x, y), if any.
    public func splitter(at x: Double, _ y: Double) -> Splitter? {
        if propertiesSplitter?.contains(x: x, y: y) == true { return .properties }
        if timelineSplitter?.contains(x: x, y: y) == true { return .timeline }
        return nil
    }
}

// MARK: - Device screens on the canvas

/// How A and B are set against each other on the canvas.
public enum CompareMode: String, CaseIterable, Sendable {
    /// Side by side, with a gutter, large labels, and the differing values listed under them.
    case split
    /// One screen: A left of a draggable divider, B right of it.
    case wipe
    /// One screen: B over A at an adjustable opacity.
    case overlay
    /// One screen: the per-channel difference |A − B|; black where they agree.
    case difference
}

/// Where the device screens go on the canvas, in window units: one screen, or A and B side by
/// side with a gutter between them, a band above them for their labels and one below for the
/// values that differ.
public struct CanvasLayout: Equatable, Sendable {
    /// The device screens: one, or [A, B].
    public var screens: [LayoutRect]
    /// Above each screen of a split, where its label goes.
    public var labels: [LayoutRect]
    /// Under the split: the list of differing values.
    public var differences: LayoutRect?

    /// The gap between A and B in a split (window units): enough to read them as two screens.
    public static let gutter = 24.0
    public static let labelBand = 40.0
    /// The differences band: a third of the canvas at most, and this much at least when it shows.
    public static let differencesBand = 96.0...220.0

    public init(screens: [LayoutRect], labels: [LayoutRect] = [], differences: LayoutRect? = nil) {
        self.screens = screens
        self.labels = labels
        self.differences = differences
    }

    /// The largest rectangle of a `deviceWidth`×`deviceHeight` device's aspect inside `area`,
    /// centred: the device takes every scale that fits, above 1× too.
    public static func fit(deviceWidth: Double, deviceHeight: Double, in area: LayoutRect) -> LayoutRect {
        let k = max(min(area.width / deviceWidth, area.height / deviceHeight), 0)
        // Held to the area: k·height can land a rounding error past it.
        let w = min(deviceWidth * k, area.width), h = min(deviceHeight * k, area.height)
        return LayoutRect(x: area.x + ((area.width - w) / 2).rounded(), y: area.y + ((area.height - h) / 2).rounded(), width: w, height: h)
    }

    /// The screens on `canvas`. Comparing, with `annotated` (the tools show), a band above the
    /// screens holds their labels and one below lists the values that differ; `.split` sets A and
    /// B side by side with a gutter, the other modes show one screen with both in it.
    public static func make(canvas: LayoutRect, deviceWidth: Double, deviceHeight: Double, comparing: Bool, mode: CompareMode,
                            annotated: Bool, differenceLines: Int) -> CanvasLayout {
        guard comparing else { return CanvasLayout(screens: [fit(deviceWidth: deviceWidth, deviceHeight: deviceHeight, in: canvas)]) }
        let top = annotated ? min(labelBand, (canvas.height / 6).rounded(.down)) : 0
        var bottomBand = 0.0
        if annotated && differenceLines > 0 {
            let wanted = 16 + Double(differenceLines) * 18
            bottomBand = min(max(wanted, differencesBand.lowerBound), min(differencesBand.upperBound, (canvas.height / 3).rounded(.down)))
        }
        let area = LayoutRect(x: canvas.x, y: canvas.y + top, width: canvas.width, height: max(canvas.height - top - bottomBand, 0))
        let differences = bottomBand > 0 ? LayoutRect(x: canvas.x, y: canvas.maxY - bottomBand, width: canvas.width, height: bottomBand) : nil
        func label(over screen: LayoutRect) -> LayoutRect { LayoutRect(x: screen.x, y: canvas.y, width: screen.width, height: top) }
        guard mode == .split else {
            let one = fit(deviceWidth: deviceWidth, deviceHeight: deviceHeight, in: area)
            return CanvasLayout(screens: [one], labels: annotated ? [label(over: one)] : [], differences: differences)
        }
        let half = max((area.width - gutter) / 2, 0)
        var a = fit(deviceWidth: deviceWidth, deviceHeight: deviceHeight, in: LayoutRect(x: area.x, y: area.y, width: half, height: area.height))
        var b = a
        // The pair sits together in the middle of the canvas, the gutter between them.
        a.x = area.x + ((area.width - (a.width * 2 + gutter)) / 2).rounded()
        b.x = a.maxX + gutter
        return CanvasLayout(screens: [a, b], labels: annotated ? [label(over: a), label(over: b)] : [], differences: differences)
    }
}
