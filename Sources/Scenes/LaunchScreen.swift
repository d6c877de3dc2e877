import Formats
import Foundation

/// The interface style a screen is drawn in, as iOS's `UIUserInterfaceStyle`.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark
}

/// A colour with an optional dark variant: an asset catalog's colour set, a system colour, or a
/// plain colour (no dark variant, so the same in both).
public struct AppearanceColor: Equatable, Sendable {
    public var light: Color
    public var dark: Color?
    public init(light: Color, dark: Color? = nil) { self.light = light; self.dark = dark }
    public func resolved(_ appearance: Appearance) -> Color { appearance == .dark ? (dark ?? light) : light }
}

/// One file of an image: its scale (1x, 2x, 3x), the appearance it is for (nil: any), and its
/// pixel size from the PNG header.
public struct LaunchImageFile: Equatable, Sendable {
    public var path: String
    public var scale: Double
    public var appearance: Appearance?
    public var pixelWidth: Int, pixelHeight: Int
    public init(path: String, scale: Double, appearance: Appearance?, pixelWidth: Int, pixelHeight: Int) {
        self.path = path; self.scale = scale; self.appearance = appearance; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }
    /// The size in points: pixels over the file's scale.
    public var pointSize: (width: Double, height: Double) { (Double(pixelWidth) / scale, Double(pixelHeight) / scale) }
}

/// An image as UIKit's `UIImage(named:)` picks it: the files of an image set, by scale and appearance.
public struct LaunchImageAsset: Equatable, Sendable {
    public var name: String
    public var files: [LaunchImageFile]
    public init(name: String, files: [LaunchImageFile]) { self.name = name; self.files = files }

    /// The file for an appearance and a screen scale: files for that appearance before those for
    /// any, then the scale itself, else the nearest larger, else the largest (UIKit's asset lookup).
    public func file(appearance: Appearance, scale: Double) -> LaunchImageFile? {
        let mine = files.filter { $0.appearance == appearance }
        let pool = mine.isEmpty ? files.filter { $0.appearance == nil } : mine
        let candidates = pool.isEmpty ? files : pool
        if let exact = candidates.first(where: { $0.scale == scale }) { return exact }
        if let larger = candidates.filter({ $0.scale > scale }).min(by: { $0.scale < $1.scale }) { return larger }
        return candidates.max(by: { $0.scale < $1.scale })
    }
}

/// UIKit's `UIView.ContentMode`, the subset a launch image view uses.
public enum LaunchContentMode: String, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center

    /// The rectangle an image of `size` points is drawn into, within `frame`.
    public func imageRect(_ size: (width: Double, height: Double), in frame: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return frame }
        switch self {
        case .scaleToFill: return frame
        case .center:
            return Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height)
        case .scaleAspectFit, .scaleAspectFill:
            let sx = frame.width / size.width, sy = frame.height / size.height
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
        }
    }
}

/// What sits on a launch screen over its background, placed on the device in points.
public enum LaunchElement: Equatable, Sendable {
    /// The splash's own logo (the assets' `logo.png`), a square of `size` points about a centre.
    case logo(centerX: Double, centerY: Double, size: Double)
    /// An image view: the image, the view's frame and how the image fills it.
    case image(LaunchImageAsset, frame: Rect, contentMode: LaunchContentMode)
    /// A label: its text centred in its frame, at a font size in points, in a colour.
    case label(text: String, frame: Rect, fontSize: Double, bold: Bool, color: AppearanceColor)
}

/// The launch screen as iOS draws it before any of the app's code runs: a background and what
/// sits on it, read from its sources (an Xcode project's storyboard, xib or `UILaunchScreen`
/// dictionary with its asset catalog; `launch.json`; a launch image; white). It is never taken
/// from the animation: the intro's frame 0 is compared with it, and where the two differ the
/// user sees a blink.
public struct LaunchScreen: Equatable, Sendable {
    public enum Background: Equatable, Sendable {
        /// `launch.json`: top-to-bottom stops, and optional stops for dark mode.
        case gradient(light: [GradientStop], dark: [GradientStop]?)
        /// A colour, light and dark (a storyboard's background, `UIColorName`).
        case color(AppearanceColor)
        /// A launch image matched to the device: the whole screen, nothing drawn over it.
        case image(path: String)
    }

    public var background: Background
    public var elements: [LaunchElement]
    /// Where it came from, for `state` and warnings: a file, or "white".
    public var source: String
    /// Where the intro places its logo and text (launch.json's, or centred).
    public var introDescription: LaunchDescription

    public init(background: Background, elements: [LaunchElement], source: String, introDescription: LaunchDescription) {
        self.background = background; self.elements = elements; self.source = source; self.introDescription = introDescription
    }

    /// Nothing usable: white, as iOS shows, with the intro centred.
    public static let white = LaunchScreen(background: .color(AppearanceColor(light: .white)), elements: [], source: "white",
                                           introDescription: .fallback)

    /// From a launch description: its gradient (dark stops in dark mode) with the logo at its
    /// launch size and place.
    public static func described(_ description: LaunchDescription, source: String) -> LaunchScreen {
        LaunchScreen(background: .gradient(light: description.gradient, dark: description.darkGradient),
                     elements: [.logo(centerX: description.logoCenter.x, centerY: description.logoCenter.y, size: description.logoSize)],
                     source: source, introDescription: description)
    }

    /// The background the intro draws behind its layers: the launch screen's own, so a launch
    /// screen and an intro made from the same named colour match in both appearances (seed 002).
    public func introBackground(_ appearance: Appearance) -> LaunchBackground {
        switch background {
        case let .gradient(light, dark): return .gradient(appearance == .dark ? (dark ?? light) : light)
        case let .color(color): return .gradient([GradientStop(location: 0, color: color.resolved(appearance))])
        case let .image(path): return .image(path: path)
        }
    }

    /// Everything to draw for a device and appearance, resolved to files, colours and rectangles.
    public func resolved(device: Device, appearance: Appearance) -> ResolvedLaunchScreen {
        var items: [ResolvedLaunchElement] = []
        if case .image = background {} else {
            for element in elements {
                switch element {
                case let .logo(cx, cy, size):
                    items.append(.logo(LayerState(x: device.width * cx, y: device.height * cy, width: size, height: size)))
                case let .image(asset, frame, mode):
                    guard let file = asset.file(appearance: appearance, scale: device.scale) else { continue }
                    items.append(.image(ResolvedLaunchImage(path: file.path, rect: mode.imageRect(file.pointSize, in: frame), clip: frame)))
                case let .label(text, frame, size, bold, color):
                    items.append(.label(text: text, frame: frame, fontSize: size, bold: bold, color: color.resolved(appearance)))
                }
            }
        }
        return ResolvedLaunchScreen(background: introBackground(appearance), elements: items)
    }

    /// The launch frame: the launch screen alone, full screen.
    public static func scene(device: Device) -> Scene {
        Scene(width: device.width, height: device.height, commands: [.launchScreen])
    }
}

/// One element of a launch screen, ready to draw.
public enum ResolvedLaunchElement: Equatable, Sendable {
    /// The splash's logo, drawn exactly as the intro draws it.
    case logo(LayerState)
    /// An image file drawn into `rect`, clipped to its view's frame.
    case image(ResolvedLaunchImage)
    case label(text: String, frame: Rect, fontSize: Double, bold: Bool, color: Color)
}

/// An image of a launch screen, ready to draw: the file drawn into `rect` (in points), clipped to
/// `clip` (its view's frame when the view clips, else the screen), at an opacity (the view's
/// `alpha` times its ancestors'), and, for a template image, tinted: every pixel takes the tint's
/// colour and keeps its own alpha (UIKit's `.alwaysTemplate` rendering with the view's `tintColor`).
/// A vector file (PDF, SVG) is drawn at the pixel size of `rect`, so it stays sharp at any scale.
public struct ResolvedLaunchImage: Equatable, Sendable {
    public var path: String
    public var rect: Rect
    public var clip: Rect
    public var opacity: Double
    public var tint: Color?
    public init(path: String, rect: Rect, clip: Rect, opacity: Double = 1, tint: Color? = nil) {
        self.path = path; self.rect = rect; self.clip = clip; self.opacity = opacity; self.tint = tint
    }
}

/// A launch screen for one device and appearance.
public struct ResolvedLaunchScreen: Equatable, Sendable {
    public var background: LaunchBackground
    public var elements: [ResolvedLaunchElement]
    public init(background: LaunchBackground, elements: [ResolvedLaunchElement]) { self.background = background; self.elements = elements }
}

extension Device {
    /// The safe area's insets in points (top, left, bottom, right), as UIKit reports them on
    /// these devices: the status bar (20 pt) on iPhone SE; the Dynamic Island (59 pt) and home
    /// indicator (34 pt portrait, 21 pt landscape) on iPhone 15 and 15 Pro Max; the status bar
    /// (24 pt) and home indicator (20 pt) on iPad Air 11".
    public var safeAreaInsets: (top: Double, left: Double, bottom: Double, right: Double) {
        let landscape = orientation == .landscape
        switch name {
        case "iphone-15", "iphone-15-pro-max": return landscape ? (0, 59, 21, 59) : (59, 0, 34, 0)
        case "ipad-air-11": return (24, 0, 20, 0)
        default: return landscape ? (0, 0, 0, 0) : (20, 0, 0, 0)
        }
    }

    public var safeArea: Rect {
        let i = safeAreaInsets
        return Rect(x: i.left, y: i.top, width: width - i.left - i.right, height: height - i.top - i.bottom)
    }
}

extension LaunchBackground {
    /// True when it has no transparency: opaque stops, or white. A launch image may have alpha.
    public var isOpaque: Bool {
        switch self {
        case .white: return true
        case let .gradient(stops): return stops.allSatisfy { $0.color.a == 255 }
        case .image: return false
        }
    }
}
