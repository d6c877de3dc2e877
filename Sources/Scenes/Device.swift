import Formats
/// Screen orientation; landscape swaps the preset's width and height.
public enum Orientation: String, CaseIterable, Sendable {
    case portrait, landscape
}

/// A device screen in points with its pixel scale, as UIScreen reports `bounds` and `scale`.
public struct Device: Equatable, Sendable {
    public let name: String
    public let portraitWidth: Double
    public let portraitHeight: Double
    public let scale: Double
    public let note: String
    public var orientation: Orientation

    /// Screen size in points for the current orientation.
    public var width: Double { orientation == .portrait ? portraitWidth : portraitHeight }
    public var height: Double { orientation == .portrait ? portraitHeight : portraitWidth }
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }

    public func oriented(_ orientation: Orientation) -> Device {
        var copy = self
        copy.orientation = orientation
        return copy
    }

    public static let presets: [Device] = [
        Device(name: "iphone-se", portraitWidth: 375, portraitHeight: 667, scale: 2,
               note: "the design reference of 667 pt height", orientation: .portrait),
        Device(name: "iphone-15", portraitWidth: 393, portraitHeight: 852, scale: 3, note: "", orientation: .portrait),
        Device(name: "iphone-15-pro-max", portraitWidth: 430, portraitHeight: 932, scale: 3, note: "", orientation: .portrait),
        Device(name: "ipad-air-11", portraitWidth: 820, portraitHeight: 1180, scale: 2, note: "", orientation: .portrait),
    ]

    /// iPhone SE: the 667 pt design reference every choreography number is stated against.
    public static let defaultName = "iphone-se"

    public static func named(_ name: String, orientation: Orientation = .portrait) -> Device? {
        presets.first(where: { $0.name == name })?.oriented(orientation)
    }

    public static var names: [String] { presets.map(\.name) }
}
