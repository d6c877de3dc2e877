import Formats
/// Screen orientation; landscape swaps the preset's width and height.
public enum Orientation: String, CaseIterable, Sendable {
    case portrait, landscape
}

/// Insets in points from a screen's edges, as UIKit's `UIEdgeInsets`.
public struct ScreenInsets: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = ScreenInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A device screen in points with its pixel scale, as UIScreen reports `bounds` and `scale`, and
/// what the system draws over it: the safe area, the status bar, the display's rounded corners,
/// and the size classes it gives a window that fills it.
public struct Device: Equatable, Sendable {
    public enum Idiom: String, Sendable { case phone, pad }

    public let name: String
    public let portraitWidth: Double
    public let portraitHeight: Double
    public let scale: Double
    public let note: String
    public var orientation: Orientation
    public let idiom: Idiom
    /// `UIView.safeAreaInsets` of a full-screen window, in each orientation.
    public let portraitSafeArea: ScreenInsets
    public let landscapeSafeArea: ScreenInsets
    /// The status bar's height, in each orientation (none on an iPhone in landscape).
    public let portraitStatusBar: Double
    public let landscapeStatusBar: Double
    /// The display's corner radius in points (0: square corners).
    public let cornerRadius: Double
    /// Whether a landscape window is regular wide (the Plus and Max iPhones, and every iPad).
    public let landscapeRegularWidth: Bool

    public init(name: String, portraitWidth: Double, portraitHeight: Double, scale: Double, note: String, orientation: Orientation,
                idiom: Idiom = .phone, portraitSafeArea: ScreenInsets = ScreenInsets(top: 20, left: 0, bottom: 0, right: 0),
                landscapeSafeArea: ScreenInsets = .zero, portraitStatusBar: Double = 20, landscapeStatusBar: Double = 0,
                cornerRadius: Double = 0, landscapeRegularWidth: Bool = false) {
        self.name = name; self.portraitWidth = portraitWidth; self.portraitHeight = portraitHeight; self.scale = scale
        self.note = note; self.orientation = orientation; self.idiom = idiom
        self.portraitSafeArea = portraitSafeArea; self.landscapeSafeArea = landscapeSafeArea
        self.portraitStatusBar = portraitStatusBar; self.landscapeStatusBar = landscapeStatusBar
        self.cornerRadius = cornerRadius; self.landscapeRegularWidth = landscapeRegularWidth
    }

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

    /// A device with a home button: the 20 pt status bar is its safe area's top in portrait.
    static func homeButtonPhone(_ name: String, _ width: Double, _ height: Double, scale: Double, note: String,
                                landscapeRegularWidth: Bool = false) -> Device {
        Device(name: name, portraitWidth: width, portraitHeight: height, scale: scale, note: note, orientation: .portrait,
               landscapeRegularWidth: landscapeRegularWidth)
    }

    /// An iPhone with a notch or the Dynamic Island: the safe area clears the sensor housing at the
    /// top in portrait and at both sides in landscape, and the home indicator at the bottom (34 pt
    /// portrait, 21 pt landscape).
    static func edgeToEdgePhone(_ name: String, _ width: Double, _ height: Double, scale: Double, top: Double, statusBar: Double,
                                corner: Double, note: String, landscapeRegularWidth: Bool = false) -> Device {
        Device(name: name, portraitWidth: width, portraitHeight: height, scale: scale, note: note, orientation: .portrait,
               portraitSafeArea: ScreenInsets(top: top, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: ScreenInsets(top: 0, left: top, bottom: 21, right: top),
               portraitStatusBar: statusBar, landscapeStatusBar: 0, cornerRadius: corner, landscapeRegularWidth: landscapeRegularWidth)
    }

    /// An iPad: the status bar shows in both orientations; one with rounded corners has a 24 pt
    /// status bar and a 20 pt home indicator, one with a home button a 20 pt status bar.
    static func pad(_ name: String, _ width: Double, _ height: Double, rounded: Bool, note: String) -> Device {
        let insets = rounded ? ScreenInsets(top: 24, left: 0, bottom: 20, right: 0) : ScreenInsets(top: 20, left: 0, bottom: 0, right: 0)
        return Device(name: name, portraitWidth: width, portraitHeight: height, scale: 2, note: note, orientation: .portrait, idiom: .pad,
                      portraitSafeArea: insets, landscapeSafeArea: insets, portraitStatusBar: insets.top, landscapeStatusBar: insets.top,
                      cornerRadius: rounded ? 18 : 0, landscapeRegularWidth: true)
    }

    /// The presets every choreography number is tuned on.
    public static let presets: [Device] = [
        homeButtonPhone("iphone-se", 375, 667, scale: 2, note: "the design reference of 667 pt height"),
        edgeToEdgePhone("iphone-15", 393, 852, scale: 3, top: 59, statusBar: 54, corner: 55, note: ""),
        edgeToEdgePhone("iphone-15-pro-max", 430, 932, scale: 3, top: 59, statusBar: 54, corner: 55, note: "", landscapeRegularWidth: true),
        pad("ipad-air-11", 820, 1180, rounded: true, note: ""),
    ]

    /// Every iPhone and iPad Interface Builder designs on, by the id a storyboard's
    /// `<device id=…>` names. Sizes and scales are UIScreen's; safe areas, status bars and corner
    /// radii are what UIKit reports on each model (Apple's Human Interface Guidelines, "Layout",
    /// device screen sizes; the safe-area insets as the simulators report them). A 6.5" and a
    /// 6.1" of 2018 share a point size and differ in scale and safe area.
    public static let interfaceBuilderDevices: [Device] = [
        homeButtonPhone("retina3_5", 320, 480, scale: 2, note: "iPhone 4s"),
        homeButtonPhone("retina4_0", 320, 568, scale: 2, note: "iPhone SE (1st generation), iPhone 5s"),
        homeButtonPhone("retina4_7", 375, 667, scale: 2, note: "iPhone SE (2nd, 3rd generation), iPhone 8"),
        homeButtonPhone("retina5_5", 414, 736, scale: 3, note: "iPhone 8 Plus", landscapeRegularWidth: true),
        edgeToEdgePhone("retina5_4", 375, 812, scale: 3, top: 50, statusBar: 50, corner: 44, note: "iPhone 12 mini, 13 mini"),
        edgeToEdgePhone("retina5_9", 375, 812, scale: 3, top: 44, statusBar: 44, corner: 39, note: "iPhone X, XS, 11 Pro"),
        edgeToEdgePhone("retina6_1", 414, 896, scale: 2, top: 48, statusBar: 48, corner: 41.5, note: "iPhone XR, 11", landscapeRegularWidth: true),
        edgeToEdgePhone("retina6_5", 414, 896, scale: 3, top: 44, statusBar: 44, corner: 39, note: "iPhone XS Max, 11 Pro Max", landscapeRegularWidth: true),
        edgeToEdgePhone("retina6_0", 390, 844, scale: 3, top: 47, statusBar: 47, corner: 47.33, note: "iPhone 12, 13, 14"),
        edgeToEdgePhone("retina6_7", 428, 926, scale: 3, top: 47, statusBar: 47, corner: 53.33, note: "iPhone 12 Pro Max, 13 Pro Max, 14 Plus",
                        landscapeRegularWidth: true),
        edgeToEdgePhone("retina6_12", 393, 852, scale: 3, top: 59, statusBar: 54, corner: 55, note: "iPhone 14 Pro, 15, 15 Pro, 16"),
        edgeToEdgePhone("retina6_72", 430, 932, scale: 3, top: 59, statusBar: 54, corner: 55, note: "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus",
                        landscapeRegularWidth: true),
        edgeToEdgePhone("retina6_3", 402, 874, scale: 3, top: 62, statusBar: 54, corner: 62, note: "iPhone 16 Pro"),
        edgeToEdgePhone("retina6_9", 440, 956, scale: 3, top: 62, statusBar: 54, corner: 62, note: "iPhone 16 Pro Max", landscapeRegularWidth: true),
        pad("ipad7_9", 768, 1024, rounded: false, note: "iPad mini (5th generation)"),
        pad("ipad8_3", 744, 1133, rounded: true, note: "iPad mini (6th generation)"),
        pad("ipad9_7", 768, 1024, rounded: false, note: "iPad (6th generation), iPad Air 2, iPad Pro 9.7\""),
        pad("ipad10_2", 810, 1080, rounded: false, note: "iPad (7th to 9th generation)"),
        pad("ipad10_5", 834, 1112, rounded: false, note: "iPad Air (3rd generation), iPad Pro 10.5\""),
        pad("ipad10_9rounded", 820, 1180, rounded: true, note: "iPad Air (4th, 5th generation), iPad (10th generation)"),
        pad("ipad11", 834, 1194, rounded: true, note: "iPad Pro 11\" (1st to 4th generation)"),
        pad("ipad12_9", 1024, 1366, rounded: false, note: "iPad Pro 12.9\" (1st, 2nd generation)"),
        pad("ipad12_9rounded", 1024, 1366, rounded: true, note: "iPad Pro 12.9\" (3rd to 6th generation)"),
        pad("ipad13", 1032, 1376, rounded: true, note: "iPad Pro 13\" (M4)"),
    ]

    /// The presets, then Interface Builder's devices.
    public static var all: [Device] { presets + interfaceBuilderDevices }

    /// iPhone SE: the 667 pt design reference every choreography number is stated against.
    public static let defaultName = "iphone-se"

    /// A preset by name, or a device by its Interface Builder id.
    public static func named(_ name: String, orientation: Orientation = .portrait) -> Device? {
        all.first(where: { $0.name == name })?.oriented(orientation)
    }

    public static var names: [String] { all.map(\.name) }
}
