import Geometry
import Scenes

/// Where the window's parts go: the workbench's rectangles (`WorkbenchLayout`: the device canvas,
/// the properties panel on the right, the timeline dock along the bottom, the splitters), the
/// device screens on the canvas (`CanvasLayout`: one, or A and B), and how window units map to
/// drawable pixels. A pure function of the window's size in window units (SDL's mouse units), its
/// drawable size in pixels (larger on HiDPI), the device, the splitters and what is shown; the
/// window builds one whenever it draws or routes an event.
public struct WindowLayout: Equatable, Sendable {
    public let windowWidth: Int
    public let windowHeight: Int
    public let outputWidth: Int
    public let outputHeight: Int
    public let device: Device
    public let workbench: WorkbenchLayout
    public let canvas: CanvasLayout
    /// A and B both shown (split, wipe, overlay or difference), and how.
    public let compareMode: CompareMode?

    public init(windowWidth: Int, windowHeight: Int, outputWidth: Int, outputHeight: Int, device: Device, toolsShown: Bool,
                timelineShown: Bool = true, splitters: WorkbenchSplitters = WorkbenchSplitters(), compareMode: CompareMode? = nil,
                differenceLines: Int = 0) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.device = device
        self.compareMode = compareMode
        workbench = WorkbenchLayout.make(width: Double(windowWidth), height: Double(windowHeight), splitters: splitters, toolsShown: toolsShown,
                                         timelineShown: timelineShown)
        canvas = CanvasLayout.make(canvas: workbench.canvas, deviceWidth: device.width, deviceHeight: device.height,
                                   comparing: compareMode != nil, mode: compareMode ?? .split, annotated: toolsShown,
                                   differenceLines: compareMode == .split ? max(differenceLines, 1) : 0)
    }

    /// Output pixels per window unit (2 on a HiDPI display that doubles).
    public var density: Double { Double(outputWidth) / Double(max(windowWidth, 1)) }

    public var inspectorVisible: Bool { workbench.properties != nil }

    /// A device screen's rectangle as a mapping to drawable pixels: the device is drawn at the
    /// drawable's own pixels, so it stays sharp at any scale and on HiDPI.
    public func mapping(for screen: LayoutRect) -> PointToPixel {
        let px = screen.pixels(density: density)
        let scale = max(min(Double(px.width) / device.width, Double(px.height) / device.height), 1e-3)
        return PointToPixel(scale: scale, offsetX: Double(px.x), offsetY: Double(px.y))
    }

    /// Where each shown device screen goes: one, or A and B side by side.
    public var deviceMappings: [PointToPixel] { canvas.screens.map(mapping(for:)) }

    /// The first device screen's rectangle in window units, for input and the UI dump.
    public var viewport: (x: Double, y: Double, width: Double, height: Double) {
        let m = deviceMappings[0], d = density
        return (m.offsetX / d, m.offsetY / d, device.width * m.scale / d, device.height * m.scale / d)
    }

    /// Window coordinates to device points, on whichever screen is under them (the nearer one in
    /// the gutter).
    public func devicePoint(windowX x: Double, windowY y: Double) -> (Double, Double) {
        let d = density
        let px = x * d, py = y * d
        let mappings = deviceMappings
        var m = mappings[0]
        if mappings.count == 2 {
            let aRight = mappings[0].offsetX + device.width * mappings[0].scale
            m = px >= (aRight + mappings[1].offsetX) / 2 ? mappings[1] : mappings[0]
        }
        return ((px - m.offsetX) / m.scale, (py - m.offsetY) / m.scale)
    }

    /// Whether a window point lies on the device canvas, where the pointer is the preview's,
    /// rather than on a tool or a splitter.
    public func isOnDevice(windowX x: Double, windowY y: Double) -> Bool { workbench.canvas.contains(x: x, y: y) }

    /// The wipe's divider in window units, at `position` (0...1) across the one screen.
    public func wipeDividerX(position: Double) -> Double? {
        guard compareMode == .wipe, let screen = canvas.screens.first else { return nil }
        return screen.x + screen.width * position
    }
}
