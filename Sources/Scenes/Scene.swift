import Formats
/// An sRGB colour with straight alpha, 8 bits a channel.
public struct Color: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
        var s = Substring(hex)
        guard s.hasPrefix("#") else { return nil }
        s = s.dropFirst()
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        if s.count == 6 { self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)) }
        else { self.init(UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)) }
    }

    public static let white = Color(255, 255, 255)
    public static let black = Color(0, 0, 0)
}

/// A rectangle in points, origin top-left.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public func contains(_ px: Double, _ py: Double) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
    public func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
    /// The part both cover; an empty rectangle at the nearer corner when they do not meet.
    public func intersection(_ o: Rect) -> Rect {
        let left = max(x, o.x), top = max(y, o.y)
        return Rect(x: left, y: top, width: max(min(maxX, o.maxX) - left, 0), height: max(min(maxY, o.maxY) - top, 0))
    }
}

/// An image the renderer knows how to find.
public enum ImageRef: Hashable, Sendable {
    case logo
    case splashText(Int)
    case photo(Int)
}

/// A gradient stop: colour at a location in [0, 1] from top to bottom.
public struct GradientStop: Equatable, Sendable {
    public var location: Double
    public var color: Color
    public init(location: Double, color: Color) { self.location = location; self.color = color }
}

/// What the launch screen's background is made of, in the order it is looked for.
public enum LaunchBackground: Equatable, Sendable {
    /// From a launch scene description (`launch.json`).
    case gradient([GradientStop])
    /// A launch image matched to the device, by file path.
    case image(path: String)
    /// Nothing found: plain white.
    case white
}

/// What to draw, in order, back to front. Render turns it into SDL calls; nothing here knows SDL.
public indirect enum DrawCommand: Equatable, Sendable {
    /// The launch screen as iOS draws it before the app runs (`LaunchScreen`, resolved for the
    /// device and appearance by whoever draws), full screen.
    case launchScreen
    /// The intro's background, full screen.
    case launchBackground
    /// An intro file's background, full screen: a colour, or nil for the launch screen's own
    /// background (without its other elements: the intro file draws what is in front).
    case introBackground(Color?)
    /// An intro file's frame, drawn into its rectangle.
    case intro(IntroPicture)
    /// The launch background everywhere except inside the logo-shaped hole (the backdrop).
    case launchBackgroundOutsideHole(LayerState)
    /// An image centred at the layer's point, sized and rotated as the layer says.
    case image(ImageRef, LayerState)
    /// The feed, scaled about the screen centre.
    case feed(scale: Double)
    /// The feed seen through the logo-shaped hole. The hole is in screen points (its size already
    /// carries the feed's scale); the feed under it is scaled by `feedScale` about the screen centre.
    case feedThroughHole(feedScale: Double, hole: LayerState)
    /// Commands composited together at one opacity, as a layer's opacity applies to its sublayers.
    case group(opacity: Double, [DrawCommand])
    /// A snapshot of card `index`'s detail screen, stretched into `frame` with rounded corners.
    case cardSnapshot(index: Int, frame: Rect, cornerRadius: Double)
    /// The live detail screen of card `index`, full screen.
    case detail(index: Int)
    /// Black from the top of the screen down to `bottom` at this opacity, behind a presented panel.
    case dim(opacity: Double, bottom: Double)
    /// The bottom panel with its top edge at `top` points.
    case panel(top: Double, height: Double)
}

extension DrawCommand {
    /// True for what only the splash draws: the launch background, its images, the hole, a
    /// layer group, or the feed at a scale other than 1.
    var isSplash: Bool {
        switch self {
        case .launchScreen, .launchBackground, .introBackground, .intro, .launchBackgroundOutsideHole, .image, .feedThroughHole, .group: return true
        case let .feed(scale): return scale != 1
        case .cardSnapshot, .detail, .dim, .panel: return false
        }
    }
}

extension DrawCommand {
    /// A card's snapshot or its live detail screen.
    public var isCard: Bool {
        switch self {
        case .cardSnapshot, .detail: return true
        default: return false
        }
    }
}

/// A frame to draw: the device's size in points and the commands.
public struct Scene: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var commands: [DrawCommand]
    /// The feed's scroll offset for every command that draws the feed.
    public var feedScrollOffset: Double
    /// A card whose detail is likely to open next (one under a press): a renderer may prepare
    /// its snapshot in idle time. It changes nothing on screen.
    public var likelyCard: Int?
    public init(width: Double, height: Double, commands: [DrawCommand], feedScrollOffset: Double = 0) {
        self.width = width; self.height = height; self.commands = commands; self.feedScrollOffset = feedScrollOffset
    }
    /// Whether any of the splash is on screen (see `DrawCommand.isSplash`).
    public var showsSplash: Bool { commands.contains { $0.isSplash } }
    /// Whether an intro file's frame is drawn on the screen itself, not within a faded group.
    public var showsIntroFrame: Bool { commands.contains { if case .intro = $0 { return true } else { return false } } }
}

extension SplashSequence {
    func foregroundCommands(_ layers: SplashLayers) -> [DrawCommand] {
        if skipsIntro { return [.launchScreen] }
        if let intro = layers.intro { return [.introBackground(intro.background), .intro(intro.picture)] }
        var commands: [DrawCommand] = [.launchBackground, .image(.logo, layers.logo)]
        // A layer at opacity 0 draws nothing; leaving it out keeps the plan of frame 0 to what is seen.
        if layers.text.opacity > 0 { commands.append(.image(.splashText(textVariant), layers.text)) }
        return commands
    }

    /// `intro.background`: nil for the launch screen's.
    var introBackgroundColor: Color? {
        guard case let .color(r, g, b, a) = IntroBackgroundSpec(parsing: timings.intro.background) ?? .launch else { return nil }
        return Color(r, g, b, a)
    }

    /// The text variant comes with the sequence's layout; Scenes keeps it on the options.
    var textVariant: Int { options.textVariant }

    /// What is on screen at time t.
    public func scene(at t: Double) -> Scene {
        let f = frame(at: t)
        var commands: [DrawCommand] = []
        if let layers = f.layers {
            if f.phase == .disappearing {
                if crossFades {
                    commands.append(.feed(scale: f.feedScale))
                    commands.append(.group(opacity: layers.splashOpacity, foregroundCommands(layers)))
                } else {
                    // The backdrop only where the hole is not, so each pixel is drawn once.
                    if let hole = layers.hole { commands.append(.launchBackgroundOutsideHole(hole)) } else { commands.append(.launchBackground) }
                    if layers.backdropText.opacity > 0 { commands.append(.image(.splashText(textVariant), layers.backdropText)) }
                    if let hole = layers.hole { commands.append(.feedThroughHole(feedScale: f.feedScale, hole: hole)) }
                    if let holeLogo = layers.holeLogo, holeLogo.opacity > 0 { commands.append(.image(.logo, holeLogo)) }
                }
            } else {
                commands = foregroundCommands(layers)
            }
        } else {
            commands.append(.feed(scale: f.feedScale))
        }
        return Scene(width: device.width, height: device.height, commands: commands)
    }
}
