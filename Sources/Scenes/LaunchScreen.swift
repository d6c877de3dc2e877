import Formats
import Foundation

/// The interface style a screen is drawn in, as iOS's `UIUserInterfaceStyle`.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark
}

/// A colour with an optional dark variant: an asset catalog's colour set, a system colour, or a
/// plain colour (no dark variant, so the same in both). `origin` says where it came from, for
/// `--explain` ("colour set LaunchBackground", "systemColor labelColor").
public struct AppearanceColor: Equatable, Sendable {
    public var light: Color
    public var dark: Color?
    public var origin: String
    public init(light: Color, dark: Color? = nil, origin: String = "") { self.light = light; self.dark = dark; self.origin = origin }
    public func resolved(_ appearance: Appearance) -> Color { appearance == .dark ? (dark ?? light) : light }
    /// The same colour, said to come from `origin`.
    public func from(_ origin: String) -> AppearanceColor { AppearanceColor(light: light, dark: dark, origin: origin) }
    public static func == (a: AppearanceColor, b: AppearanceColor) -> Bool { a.light == b.light && a.dark == b.dark }
}

/// One file of an image: its scale (1x, 2x, 3x), the appearance it is for (nil: any), and its
/// size: a raster's pixels from its header, a vector's (PDF, SVG) points from its page or root
/// element. A vector file is drawn at whatever pixel size it is shown at.
public struct LaunchImageFile: Equatable, Sendable {
    public var path: String
    public var scale: Double
    public var appearance: Appearance?
    public var pixelWidth: Int, pixelHeight: Int
    /// A vector's size in points; nil for a raster.
    public var vectorSize: (width: Double, height: Double)?
    public init(path: String, scale: Double, appearance: Appearance?, pixelWidth: Int, pixelHeight: Int) {
        self.path = path; self.scale = scale; self.appearance = appearance; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }
    public init(path: String, appearance: Appearance?, vectorWidth: Double, vectorHeight: Double) {
        self.init(path: path, scale: 1, appearance: appearance, pixelWidth: Int(vectorWidth.rounded()), pixelHeight: Int(vectorHeight.rounded()))
        vectorSize = (vectorWidth, vectorHeight)
    }
    public var isVector: Bool { vectorSize != nil }
    /// The size in points: a vector's own, a raster's pixels over the file's scale.
    public var pointSize: (width: Double, height: Double) { vectorSize ?? (Double(pixelWidth) / scale, Double(pixelHeight) / scale) }
    public static func == (a: LaunchImageFile, b: LaunchImageFile) -> Bool {
        a.path == b.path && a.scale == b.scale && a.appearance == b.appearance && a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight
            && a.vectorSize?.width == b.vectorSize?.width && a.vectorSize?.height == b.vectorSize?.height
    }
}

/// An image as UIKit's `UIImage(named:)` picks it: the files of an image set, by scale and appearance.
public struct LaunchImageAsset: Equatable, Sendable {
    public var name: String
    public var files: [LaunchImageFile]
    /// The image set's `template-rendering-intent` is `template`: drawn in the view's tint colour.
    public var isTemplate: Bool
    public init(name: String, files: [LaunchImageFile], isTemplate: Bool = false) { self.name = name; self.files = files; self.isTemplate = isTemplate }

    /// The file for an appearance and a screen scale: files for that appearance before those for
    /// any, then the scale itself, else the nearest larger, else the largest (UIKit's asset lookup).
    public func file(appearance: Appearance, scale: Double) -> LaunchImageFile? {
        let mine = files.filter { $0.appearance == appearance }
        let pool = mine.isEmpty ? files.filter { $0.appearance == nil } : mine
        let candidates = pool.isEmpty ? files : pool
        // A vector file (an image set with "preserves-vector-representation", or a single PDF or
        // SVG) serves every scale.
        if let vector = candidates.first(where: \.isVector) { return vector }
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

/// Where an element of a launch screen was declared, for warnings and `--explain`.
public struct LaunchElementOrigin: Equatable, Sendable {
    /// The element's name as written: `imageView`, `label`, `navigationBar`, `UILaunchScreen.UIImageName`.
    public var element: String
    public var id: String?
    public var file: String
    public var line: Int?
    public init(element: String, id: String? = nil, file: String, line: Int? = nil) {
        self.element = element; self.id = id; self.file = file; self.line = line
    }
}

/// An image view of a launch screen: the image, the view's frame, how the image fills it, and how
/// it is drawn (clipped to the frame or not, its opacity, a template tint).
public struct LaunchImageElement: Equatable, Sendable {
    public var asset: LaunchImageAsset
    public var frame: Rect
    public var contentMode: LaunchContentMode
    /// Where drawing is clipped: the view's frame when it or an ancestor clips, else nil.
    public var clip: Rect?
    /// The view's `alpha` times its ancestors'.
    public var opacity: Double
    /// For a template image (`template-rendering-intent` or `renderingMode="alwaysTemplate"`): the
    /// view's `tintColor`, inherited from its ancestors, else the system tint.
    public var tint: AppearanceColor?
    public var origin: LaunchElementOrigin?
    public init(asset: LaunchImageAsset, frame: Rect, contentMode: LaunchContentMode, clip: Rect? = nil, opacity: Double = 1,
                tint: AppearanceColor? = nil, origin: LaunchElementOrigin? = nil) {
        self.asset = asset; self.frame = frame; self.contentMode = contentMode; self.clip = clip; self.opacity = opacity
        self.tint = tint; self.origin = origin
    }
}

/// UIKit's font weights (`UIFont.Weight`), as Interface Builder names them.
public enum LaunchFontWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    /// Drawn with DejaVu Sans's bold face from semibold up, where Inter is missing (`SystemFontFace`).
    public var isBold: Bool { [.semibold, .bold, .heavy, .black].contains(self) }
}

/// `NSTextAlignment`; natural is left in a left-to-right language.
public enum LaunchTextAlignment: String, Sendable { case left, center, right, natural, justified }

/// A label of a launch screen.
public struct LaunchLabelElement: Equatable, Sendable {
    public var text: String
    public var frame: Rect
    public var fontSize: Double
    public var weight: LaunchFontWeight
    public var color: AppearanceColor
    public var alignment: LaunchTextAlignment
    /// `numberOfLines`: 0 is as many as fit.
    public var lines: Int
    public var opacity: Double
    public var origin: LaunchElementOrigin?
    public init(text: String, frame: Rect, fontSize: Double, weight: LaunchFontWeight = .regular, color: AppearanceColor,
                alignment: LaunchTextAlignment = .natural, lines: Int = 1, opacity: Double = 1, origin: LaunchElementOrigin? = nil) {
        self.text = text; self.frame = frame; self.fontSize = fontSize; self.weight = weight; self.color = color
        self.alignment = alignment; self.lines = lines; self.opacity = opacity; self.origin = origin
    }
    public var bold: Bool { weight.isBold }
}

/// A rectangle filled with a colour: a view's background, a bar's.
public struct LaunchFillElement: Equatable, Sendable {
    public var frame: Rect
    public var color: AppearanceColor
    public var opacity: Double
    public var clip: Rect?
    public var origin: LaunchElementOrigin?
    public init(frame: Rect, color: AppearanceColor, opacity: Double = 1, clip: Rect? = nil, origin: LaunchElementOrigin? = nil) {
        self.frame = frame; self.color = color; self.opacity = opacity; self.clip = clip; self.origin = origin
    }
}

/// What sits on a launch screen over its background, placed on the device in points.
public enum LaunchElement: Equatable, Sendable {
    /// The splash's own logo (the assets' `logo.png`, or a project's launch image that the intro
    /// grows), `size` points wide about a centre given as shares of the screen, `size / aspect` tall.
    case logo(centerX: Double, centerY: Double, size: Double, aspect: Double = 1, opacity: Double = 1)
    case image(LaunchImageElement)
    case label(LaunchLabelElement)
    case fill(LaunchFillElement)
}

/// One element of a launch screen's source as `--explain` lists it: where it was declared, its
/// frame in points, what drew it (`image`, `label`, `background`, `bar`, `nothing`) and, for what
/// is not drawn, why. `element` indexes `LaunchScreen.elements` for what depends on the
/// appearance (the image file chosen, the colour).
public struct LaunchExplainEntry: Equatable, Sendable {
    public var origin: LaunchElementOrigin
    public var frame: Rect?
    public var drawn: String
    public var why: String?
    public var element: Int?
    /// Further facts, in order: a label's font and how it was matched, a bar's title.
    public var details: [(String, JSONOutput)]
    public init(origin: LaunchElementOrigin, frame: Rect?, drawn: String, why: String? = nil, element: Int? = nil, details: [(String, JSONOutput)] = []) {
        self.origin = origin; self.frame = frame; self.drawn = drawn; self.why = why; self.element = element; self.details = details
    }
    public static func == (a: LaunchExplainEntry, b: LaunchExplainEntry) -> Bool {
        a.origin == b.origin && a.frame == b.frame && a.drawn == b.drawn && a.why == b.why && a.element == b.element
            && a.details.map { $0.0 + "=" + $0.1.text } == b.details.map { $0.0 + "=" + $0.1.text }
    }
}

/// Something a launch screen declares that is not drawn here, and why: named, never silent.
public struct LaunchSkip: Equatable, Sendable {
    public var origin: LaunchElementOrigin
    public var why: String
    public init(origin: LaunchElementOrigin, why: String) { self.origin = origin; self.why = why }
    /// One line: `file:line: element id: why`.
    public var warning: String {
        let place = origin.line.map { "\(origin.file):\($0)" } ?? origin.file
        return "warning: \(place): <\(origin.element)>\(origin.id.map { " \($0)" } ?? ""): \(why); the rest is drawn"
    }
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
    /// What the sources declare that is not drawn, and why.
    public var skipped: [LaunchSkip] = []
    /// Where the background colour came from, for `--explain`.
    public var backgroundOrigin: String?
    /// The appearance the app forces (`UIUserInterfaceStyle` Light or Dark), whatever the device's.
    public var forcedAppearance: Appearance?
    /// Every element of the source, drawn or not, for `--explain`.
    public var explained: [LaunchExplainEntry] = []
    /// The layout's linear system as solved, and its solution, for `--explain --json`.
    public var layoutSystem: JSONOutput?
    /// The Xcode target it belongs to, when a project file named one.
    public var target: String?
    /// Views whose frame, laid out on the file's own design device, differs from the frame
    /// Interface Builder saved there by more than 2 pt (and that the file does not mark
    /// misplaced or ambiguous): where this preview and Xcode disagree, said rather than hidden.
    public var designDisagreements: [LaunchSkip] = []
    /// The device those frames were checked on (an Interface Builder id, or freeform).
    public var designDevice: String?
    /// The project file (`.xcodeproj`, XcodeGen manifest) and the Info.plist it was found through.
    public var projectFile: String?
    public var infoPlist: String?
    /// The image view the intro grows (an index of `elements`): the largest that is not a
    /// full-screen background, or the one `--logo-view` names. Nil: the launch screen has none.
    public var introLogo: Int?

    /// The image view to grow: `id`'s, else the one whose image is drawn largest while covering
    /// less than nine tenths of the screen (a full-screen image is a background, not a logo; a
    /// small image centred in a full-screen view, as Flutter's launch screens draw theirs, is one).
    public func logoImage(id: String?, device: Device) -> Int? { logoImageCandidates(id: id, device: device).first }

    /// The image views that could grow, best first: `id`'s alone, else every image drawn on less
    /// than nine tenths of the screen, largest first (ties in document order). The caller passes
    /// over one whose image shows nothing (the Flutter template's transparent placeholder).
    public func logoImageCandidates(id: String?, device: Device) -> [Int] {
        let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
        let screenArea = device.width * device.height
        var candidates: [(index: Int, area: Double)] = []
        for (i, element) in elements.enumerated() {
            guard case let .image(image) = element, image.opacity > 0 else { continue }
            if let id { if image.origin?.id == id { return [i] } else { continue } }
            guard let file = image.asset.file(appearance: .light, scale: device.scale) else { continue }
            let drawn = image.contentMode.imageRect(file.pointSize, in: image.frame).intersection(screen)
            let area = drawn.width * drawn.height
            guard area < 0.9 * screenArea, area > 0 else { continue }
            candidates.append((i, area))
        }
        return candidates.enumerated().sorted { ($0.element.area, -$0.offset) > ($1.element.area, -$1.offset) }.map(\.element.index)
    }

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
            for (index, element) in elements.enumerated() {
                switch element {
                case let .logo(cx, cy, size, aspect, opacity):
                    items.append(.logo(LayerState(x: device.width * cx, y: device.height * cy, width: size, height: size / aspect, opacity: opacity)))
                case let .image(image):
                    guard let file = image.asset.file(appearance: appearance, scale: device.scale) else { continue }
                    if index == introLogo {
                        // Drawn as the intro's logo layer, so the intro's first frame draws it alike.
                        let rect = image.contentMode.imageRect(file.pointSize, in: image.frame)
                        items.append(.logo(LayerState(x: rect.midX, y: rect.midY, width: rect.width, height: rect.height, opacity: image.opacity)))
                        continue
                    }
                    let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
                    items.append(.image(ResolvedLaunchImage(path: file.path, rect: image.contentMode.imageRect(file.pointSize, in: image.frame),
                                                            clip: image.clip ?? screen, opacity: image.opacity, tint: image.tint?.resolved(appearance))))
                case let .label(label):
                    var color = label.color.resolved(appearance)
                    color.a = UInt8((Double(color.a) * min(max(label.opacity, 0), 1)).rounded())
                    items.append(.label(text: label.text, frame: label.frame, fontSize: label.fontSize, weight: label.weight, color: color,
                                        alignment: label.alignment, lines: label.lines))
                case let .fill(fill):
                    var color = fill.color.resolved(appearance)
                    color.a = UInt8((Double(color.a) * min(max(fill.opacity, 0), 1)).rounded())
                    items.append(.fill(frame: fill.frame, color: color, clip: fill.clip))
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
    /// A label: its text in its frame, centred vertically and placed by its alignment across,
    /// wrapped to its width when it may take more than one line.
    case label(text: String, frame: Rect, fontSize: Double, weight: LaunchFontWeight, color: Color, alignment: LaunchTextAlignment, lines: Int)
    /// A rectangle filled with a colour, clipped to `clip` when given.
    case fill(frame: Rect, color: Color, clip: Rect?)
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
    /// The safe area's insets in points (top, left, bottom, right) in the current orientation, as
    /// UIKit reports them (`portraitSafeArea`, `landscapeSafeArea`).
    public var safeAreaInsets: (top: Double, left: Double, bottom: Double, right: Double) {
        let i = orientation == .landscape ? landscapeSafeArea : portraitSafeArea
        return (i.top, i.left, i.bottom, i.right)
    }

    /// The status bar's height in points, where a navigation bar starts: beside the Dynamic Island
    /// it is less than the safe area's top (54 against 59 pt), which clears the island's curve;
    /// none on an iPhone in landscape.
    public var statusBarHeight: Double { orientation == .landscape ? landscapeStatusBar : portraitStatusBar }

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
