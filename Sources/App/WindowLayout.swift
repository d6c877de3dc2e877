import Geometry
import Scenes

/// Where the window's parts go: the device screen (or A and B side by side) on the left, the
/// inspector column on the right, never over the device. A pure function of the window's size in
/// window units (SDL's mouse units), its drawable size in pixels (larger on HiDPI), the device,
/// and what is shown; the window builds one whenever it draws or routes an event.
public struct WindowLayout: Equatable, Sendable {
    /// The inspector column's widths in window units: what it asks for, and what it keeps when
    /// the window is too narrow for that.
    public struct Column: Equatable, Sendable {
        public var preferredWidth: Double
        public var minimumWidth: Double
        public init(preferredWidth: Double, minimumWidth: Double) { self.preferredWidth = preferredWidth; self.minimumWidth = minimumWidth }
    }

    public let windowWidth: Int
    public let outputWidth: Int
    public let outputHeight: Int
    public let device: Device
    /// The inspector column, nil while it is hidden.
    public let column: Column?
    /// A and B side by side, each in half of the device area.
    public let sideBySide: Bool
    /// However narrow the window, the device area keeps this much (window units) beside the column.
    public static let minimumDeviceAreaWidth = 120.0

    public init(windowWidth: Int, outputWidth: Int, outputHeight: Int, device: Device, column: Column?, sideBySide: Bool) {
        self.windowWidth = windowWidth
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.device = device
        self.column = column
        self.sideBySide = sideBySide
    }

    /// Output pixels per window unit (2 on a HiDPI display that doubles).
    public var density: Double { Double(outputWidth) / Double(max(windowWidth, 1)) }

    public var inspectorVisible: Bool { column != nil }

    /// The inspector column's width in output pixels (0 when hidden).
    public var columnPixels: Int {
        guard let column else { return 0 }
        let wanted = Int(column.preferredWidth * density)
        return min(wanted, max(outputWidth - Int(WindowLayout.minimumDeviceAreaWidth * density), Int(column.minimumWidth * density)))
    }

    /// Where the inspector column starts, in output pixels: the device area's width.
    public var columnX: Int { outputWidth - columnPixels }

    /// The inspector column in window units.
    public var columnFrame: (x: Double, width: Double, height: Double) {
        let d = density
        return (Double(columnX) / d, Double(columnPixels) / d, Double(outputHeight) / d)
    }

    /// Where each shown device screen goes: one, or A and B side by side.
    public var deviceMappings: [PointToPixel] {
        let area = max(outputWidth - columnPixels, 1)
        guard sideBySide else {
            return [.letterbox(width: device.width, height: device.height, outputWidth: area, outputHeight: outputHeight)]
        }
        let half = area / 2
        let left = PointToPixel.letterbox(width: device.width, height: device.height, outputWidth: half, outputHeight: outputHeight)
        var right = left
        right.offsetX += Double(half)
        return [left, right]
    }

    /// The first device screen's rectangle in window units, for input and the UI dump.
    public var viewport: (x: Double, y: Double, width: Double, height: Double) {
        let m = deviceMappings[0], d = density
        return (m.offsetX / d, m.offsetY / d, device.width * m.scale / d, device.height * m.scale / d)
    }

    /// Window coordinates to device points, on whichever screen is under them.
    public func devicePoint(windowX x: Double, windowY y: Double) -> (Double, Double) {
        let d = density
        let px = x * d, py = y * d
        let mappings = deviceMappings
        let m = mappings.last { px >= $0.offsetX } ?? mappings[0]
        return ((px - m.offsetX) / m.scale, (py - m.offsetY) / m.scale)
    }

    /// Whether a window x lies over the device area rather than the inspector column.
    public func isOnDevice(windowX x: Double) -> Bool { x * density < Double(columnX) }
}
