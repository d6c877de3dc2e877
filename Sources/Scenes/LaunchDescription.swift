import Formats
import Motion
/// The launch scene description, `launch.json`: what the static launch screen shows and where.
/// Positions are shares of the screen so one description serves every device and orientation.
public struct LaunchDescription: Equatable, Sendable {
    /// Top-to-bottom gradient stops.
    public var gradient: [GradientStop]
    /// The stops in dark mode; nil: the same as in light mode.
    public var darkGradient: [GradientStop]?
    /// The logo's side on the launch screen, in points. The intro starts at its own
    /// `splash.logo.startSize`; where the two differ the user sees a blink.
    public var logoSize: Double
    /// Logo centre as a share of the screen's width and height.
    public var logoCenter: (x: Double, y: Double)
    /// Distance in points from the logo's centre down to the text's centre, once settled.
    public var textOffset: Double

    public static func == (a: LaunchDescription, b: LaunchDescription) -> Bool {
        a.gradient == b.gradient && a.darkGradient == b.darkGradient && a.logoSize == b.logoSize
            && a.logoCenter == b.logoCenter && a.textOffset == b.textOffset
    }

    /// The launch logo's side when launch.json does not give one: the built-in intro's start size.
    public static let defaultLogoSize = 72.0

    public init(gradient: [GradientStop], darkGradient: [GradientStop]? = nil, logoCenter: (x: Double, y: Double),
                logoSize: Double = LaunchDescription.defaultLogoSize, textOffset: Double) {
        self.gradient = gradient; self.darkGradient = darkGradient; self.logoCenter = logoCenter; self.logoSize = logoSize
        self.textOffset = textOffset
    }

    public static func parse(text: String, path: String) throws -> LaunchDescription {
        try parse(root: JSONParser.parse(text, path: path), path: path)
    }

    /// Parses the file's bytes: a leading byte-order mark is skipped and invalid UTF-8 refused at
    /// its place, as for timings and scripts.
    public static func parse(bytes: [UInt8], path: String) throws -> LaunchDescription {
        try parse(root: JSONParser.parse(bytes: bytes, path: path), path: path)
    }

    private static func parse(root node: JSONNode, path: String) throws -> LaunchDescription {
        let root = try JSONObjectReader(node, path: path)
        try root.rejectUnknown(["gradient", "darkGradient", "logo", "text", "$comment"])
        guard let stops = try gradientStops(root, "gradient", path: path) else {
            throw root.failure(root.node, "launch description needs a 'gradient' array of stops")
        }
        let darkStops = try gradientStops(root, "darkGradient", path: path)
        var center = (x: 0.5, y: 0.5)
        var logoSize = defaultLogoSize
        if let logo = try root.object("logo") {
            try logo.rejectUnknown(["centerX", "centerY", "size"])
            center.x = try logo.number("centerX", default: 0.5, range: 0...1, exclusiveLower: true)
            center.y = try logo.number("centerY", default: 0.5, range: 0...1)
            logoSize = try logo.number("size", default: logoSize, range: 0...10_000, exclusiveLower: true)
        }
        var textOffset = 84.0
        if let text = try root.object("text") {
            try text.rejectUnknown(["offsetBelowLogo"])
            textOffset = try text.number("offsetBelowLogo", default: textOffset, range: -2000...2000)
        }
        return LaunchDescription(gradient: stops, darkGradient: darkStops, logoCenter: center, logoSize: logoSize, textOffset: textOffset)
    }

    /// The stops of the gradient under `key`, or nil when the key is absent.
    private static func gradientStops(_ root: JSONObjectReader, _ key: String, path: String) throws -> [GradientStop]? {
        guard let stopsNode = root.node(key) else { return nil }
        guard case let .array(items) = stopsNode.value, !items.isEmpty else {
            throw root.failure(stopsNode, "\(key) must be a non-empty array of {\"location\", \"color\"} stops")
        }
        var stops = [GradientStop]()
        for (i, item) in items.enumerated() {
            let stop = try JSONObjectReader(item, path: path, fieldPath: "\(key)[\(i)]")
            try stop.rejectUnknown(["location", "color"])
            let location = try stop.number("location", default: items.count == 1 ? 0 : Double(i) / Double(items.count - 1), range: 0...1)
            guard let hex = try stop.string("color") else { throw stop.failure(item, "\(key)[\(i)] needs a \"color\" like \"#1E5AA8\"") }
            // Color(hex:) reads with UInt32(_:radix:), which also takes "+" and "-" signs.
            let hexDigits = hex.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
            guard hexDigits, let color = Color(hex: hex) else { throw stop.failure(stop.node("color") ?? item, "\(key)[\(i)].color must be #RRGGBB or #RRGGBBAA (got \(abbreviatedForMessage(hex)))") }
            if let previous = stops.last, location < previous.location {
                throw stop.failure(stop.node("location") ?? item, "\(key)[\(i)].location must not be less than the stop before it")
            }
            stops.append(GradientStop(location: location, color: color))
        }
        return stops
    }

    /// The splash layout on a device, given the text image's size in points.
    public func layout(device: Device, textSize: (width: Double, height: Double)) -> SplashLayout {
        let cx = device.width * logoCenter.x, cy = device.height * logoCenter.y
        return SplashLayout(logoCenter: (cx, cy), textCenter: (cx, cy + textOffset), textSize: textSize)
    }

    /// What the launch screen looks like when nothing describes it: centred, white.
    public static let fallback = LaunchDescription(gradient: [GradientStop(location: 0, color: .white)],
                                                   logoCenter: (0.5, 0.5), textOffset: 84)
}
