import Formats
import CSDL2
import Foundation
import Geometry
import Scenes

/// Device points to output pixels; declared in Geometry, named here too for Render's users.
public typealias PointToPixel = Geometry.PointToPixel

/// Draws a `Scene` with SDL. The only place scene values become pixels.
///
/// What to draw is decided by Geometry's `RenderPlan` (occlusion, the hole's cases, whether to
/// clear); this walks the plan and hands each step to its drawer: the launch screen and the
/// intro's background (SceneRenderer+Launch.swift), the feed (+Feed), the logo-shaped hole
/// (+Hole), cards, the dim and the panel (+Cards), each on the primitives of +Primitives and the
/// clipping of +Clipping. Static layers that cost more to draw than to copy are cached as
/// textures in its three caches (SceneRenderCaches.swift), because under software GL fill rate is
/// the cost; the panel, mostly one opaque fill, is drawn from its elements.
/// The fast paths a renderer takes where a plain way gives the same pixels: each can be turned
/// off, per renderer, so a test draws both ways and compares the bytes.
public struct SceneRenderStrategies: Sendable {
    /// The background is left out under an opaque intro frame (else drawn whole).
    public var drawsOnlyVisibleIntroBackground = true
    /// An opaque intro frame is written into an RGBA draw target (else drawn).
    public var writesOpaqueIntroIntoTarget = true
    public init() {}
}

public final class SceneRenderer {
    /// The fast paths taken (all by default).
    public var strategies = SceneRenderStrategies()
    public let context: RenderContext
    public let images: ImageLibrary
    public let text: TextRenderer
    /// The intro's background (`LaunchScreen.introBackground`), for the appearance shown.
    public var launchBackground: LaunchBackground
    /// The launch screen (`LaunchScreen.resolved`) for the appearance shown; its background is
    /// `launchBackground`.
    public var launchScreen: ResolvedLaunchScreen
    /// The intro is a copy of the launch screen (a project's): its backdrop draws the launch
    /// screen's elements but the logo.
    public var introCopiesLaunchScreen = false
    /// The intro file the scene's `.intro` steps draw from, when one plays.
    public var introMedia: IntroMedia? {
        didSet { if introMedia !== oldValue { introTexture = IntroTextureSlot() } }
    }
    var introTexture = IntroTextureSlot()
    /// How many intro frames were written into the draw target rather than drawn, for tests.
    var opaqueIntroWrites = 0
    /// The user's first screen (a PNG's path) drawn where the feed would be, stretched over the
    /// device's points; nil for the mock feed. Setting it lets go of what was drawn from the old one.
    public var screenImage: String? {
        didSet { if screenImage != oldValue { splashLayers.letGoOfFeed() } }
    }
    public var feedLayout: FeedLayout
    public private(set) var mapping: PointToPixel
    let deviceWidth: Double, deviceHeight: Double

    /// Card detail snapshots, the feed's tiles and bars, and the splash's own layers.
    var snapshots = CardSnapshotCache()
    var feedPieces = FeedPieceCache()
    var splashLayers = SplashLayerCache()
    /// The clip rectangle of the current target's screen, restored after a region's clip; nil
    /// while drawing into a texture, which is drawn whole.
    var screenClip: PixelRect?
    /// Drawing of a frame stays inside this too (a wipe draws B right of its divider only).
    public var clipLimit: PixelRect?
    /// Where a frame is drawn: the window (nil), a compare view's texture (`CompareCompositor`),
    /// or a recording's frame texture (`ReviewReel`).
    public var drawTarget: OpaquePointer?
    /// Vertices and hole triangles of the draw being built, kept to reuse their storage.
    var vertices: [SDL_Vertex] = []
    var triangles: [ClipVertex] = []
    /// Letterbox colour around the device screen in a window.
    static let surround = Color(32, 33, 36)
    /// Whether the last drawn scene showed any of the splash. Once it does not, the textures only
    /// the splash uses (the feed texture its hole samples, the layer group's) are let go, and
    /// the warm-up stops making them; scrubbing back makes them again.
    private var splashShown = true

    public init(context: RenderContext, images: ImageLibrary, launchBackground: LaunchBackground,
                launchScreen: ResolvedLaunchScreen? = nil, feedLayout: FeedLayout, mapping: PointToPixel) throws {
        self.context = context
        self.images = images
        self.text = try TextRenderer(context: context)
        self.launchBackground = launchBackground
        self.launchScreen = launchScreen ?? ResolvedLaunchScreen(background: launchBackground, elements: [])
        self.feedLayout = feedLayout
        self.mapping = mapping
        deviceWidth = feedLayout.device.width
        deviceHeight = feedLayout.device.height
        text.fitBudget(to: screenPixels)
    }

    var renderer: OpaquePointer { context.renderer }

    /// The pixel rectangle of the device screen.
    var screenPixels: PixelRect { mapping.screen(width: deviceWidth, height: deviceHeight) }

    /// Call when the output size changes (a window resize): refits the device and drops caches
    /// made at the old size.
    public func setMapping(_ newMapping: PointToPixel) {
        guard newMapping != mapping else { return }
        let rescaled = newMapping.scale != mapping.scale
        mapping = newMapping
        if rescaled {
            splashLayers.removeAll()
            snapshots.removeAll()
            feedPieces.removeAll()
            text.fitBudget(to: screenPixels)
        }
    }

    // MARK: Frames

    /// The plan for a scene at the current mapping: what is drawn, in order.
    /// False while drawing one of two screens side by side.
    var clearsWholeOutput = true

    public func plan(for scene: Scene) throws -> RenderPlan {
        let screen = screenPixels, output = context.outputSize
        // Drawing beside another screen, the output is never cleared whole: the plan is made as if
        // the screen filled it, and a clear fills the screen's rectangle only.
        let fills = !clearsWholeOutput || (screen.x == 0 && screen.y == 0 && screen.width == output.width && screen.height == output.height)
        // The outline is loaded only for a frame with a hole: the launch frame never waits for it.
        let shape = scene.commands.contains(where: \.hasHole) ? try images.logoOutline() : nil
        return RenderPlan.make(scene, RenderPlan.Context(screenWidth: deviceWidth, screenHeight: deviceHeight, screenFillsOutput: fills,
                                                         launchBackgroundIsOpaque: launchBackgroundIsOpaque, holeShape: shape))
    }

    /// Draws the scene into the device's rectangle, clearing the output first where the plan
    /// needs it. With `clearing` false only the device's rectangle is touched, so a second device
    /// screen can be drawn beside a first (A | B).
    public func draw(_ scene: Scene, clearing: Bool = true) throws {
        clearsWholeOutput = clearing
        defer { clearsWholeOutput = true }
        snapshots.likelyNext = scene.likelyCard
        splashShown = scene.showsSplash
        if !splashShown { splashLayers.removeAll() }
        // With no card on screen and none under a press, no snapshot is about to be drawn: let
        // them go (14 MB each at @3x). A press warms the one it needs before the card opens.
        if scene.likelyCard == nil && !scene.commands.contains(where: \.isCard) { snapshots.removeAll() }
        // What this and earlier frames let go is destroyed before this frame queues any drawing.
        context.releaseRetiredTargets()
        let plan = try plan(for: scene)
        // The feed is drawn into its texture only when a step samples it: the launch frame and
        // the splash's first second never pay for it.
        if let offset = plan.feedTextureScrollOffset { try prepareFeed(scrollOffset: offset) }
        SDL_SetRenderTarget(renderer, drawTarget)
        clipToScreen()
        defer { SDL_RenderSetClipRect(renderer, nil); screenClip = nil }
        for (i, step) in plan.steps.enumerated() {
            if case let .introBackground(color) = step {
                // The intro's frame drawn next decides how much of its background shows.
                var next: IntroPicture?
                if i + 1 < plan.steps.count, case let .intro(picture) = plan.steps[i + 1] { next = picture }
                try drawIntroBackground(color, over: next, mapping)
            } else {
                try draw(step, scrollOffset: scene.feedScrollOffset, mapping)
            }
        }
    }

    /// Hands one step of the plan to its drawer.
    private func draw(_ step: RenderStep, scrollOffset: Double, _ m: PointToPixel) throws {
        switch step {
        case .clear: clear()
        case .launchScreen: try drawLaunchScreen(launchScreen, m)
        case let .launchBackground(regions): try drawLaunchBackground(m, regions: regions)
        case let .introBackground(color): try drawIntroBackground(color, over: nil, m)
        case let .intro(layer): try drawIntro(layer, m)
        case let .image(ref, layer): try drawImage(try images.texture(ref), layer, m)
        case let .feedTiles(regions): try drawFeedTiles(regions, scrollOffset: scrollOffset, m)
        case let .feedCopy(scale): drawFeedCopy(scale: scale, m)
        case let .feedThroughHole(feedScale, hole): try drawFeedThroughHole(feedScale: feedScale, hole: hole, m)
        case let .cardSnapshot(index, frame, radius): try drawCardSnapshot(index, frame: frame, radius: radius, m)
        case let .detail(index): try drawDetail(index, m)
        case let .dim(alpha, bottom): drawDim(alpha: alpha, bottom: bottom, m)
        case let .panel(top, height): try drawPanel(top: top, height: height, m)
        case let .group(alpha, children):
            try drawGroup(alpha: alpha, m) { for child in children { try draw(child, scrollOffset: scrollOffset, m.local) } }
        }
    }

    /// Clears the output, or only the screen's rectangle while drawing beside another screen.
    private func clear() {
        setColor(SceneRenderer.surround)
        if clearsWholeOutput {
            // SDL_RenderClear ignores the clip rectangle: the letterbox is cleared too.
            SDL_RenderClear(renderer)
        } else {
            let screen = screenPixels
            var rect = SDL_Rect(x: Pixels.int32(screen.x), y: Pixels.int32(screen.y), w: Pixels.int32(screen.width), h: Pixels.int32(screen.height))
            SDL_RenderFillRect(renderer, &rect)
        }
    }

    /// A layer group: its children composed in a screen-sized target, then drawn at the group's alpha.
    private func drawGroup(alpha: UInt8, _ m: PointToPixel, _ children: () throws -> Void) throws {
        let texture = try groupTarget()
        try drawOffscreen(into: texture) {
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
            SDL_RenderClear(renderer)
            try children()
        }
        guard let handle = texture.handle else { return }
        SDL_SetTextureAlphaMod(handle, alpha)
        var dst = SDL_FRect(x: Float(m.offsetX), y: Float(m.offsetY), w: Float(texture.width), h: Float(texture.height))
        SDL_RenderCopyF(renderer, handle, nil, &dst)
    }

    private func groupTarget() throws -> Texture {
        let screen = screenPixels
        if let group = splashLayers.group, group.width == max(screen.width, 1), group.height == max(screen.height, 1) { return group }
        splashLayers.group = nil
        let t = try makeTargetTexture(width: screen.width, height: screen.height, blend: SDL_BLENDMODE_BLEND, what: "a layer texture")
        splashLayers.group = t
        return t
    }

    /// Draws `scenes` into the back buffer and waits for the GL to finish, without presenting,
    /// so that what their first frames would otherwise pay for (image decoding, text, and above
    /// all the software GL's compiling of each new pipeline state on first use: 60-140 ms) is
    /// paid before the first frame. The next frame draws over all of it.
    public func prime(with scenes: [Scene]) throws {
        for scene in scenes { try draw(scene) }
        context.finishDrawing()
    }

    // MARK: Warming caches in idle time

    /// Does the next warm-up step (`WarmUp.next`), a few milliseconds at most; false once there
    /// is nothing left to do.
    @discardableResult
    public func warmUp() throws -> Bool {
        guard let item = WarmUp.next(feed: feedLayout, scale: mapping.scale, likelyCard: snapshots.likelyNext, splashShown: splashShown,
                                     visibleTiles: feedPieces.lastVisibleTiles, isReady: isReady) else { return false }
        switch item {
        case let .snapshot(index): _ = try snapshot(index)
        case .logoOutline: _ = try images.logoOutline()
        case let .photo(n): _ = try images.texture(.photo(n))
        case .feedTexture: try prepareFeed(scrollOffset: 0)
        case let .tile(index): _ = try tile(index)
        }
        SDL_SetRenderTarget(renderer, nil)
        // SDL batches draw calls and the software GL rasterises at a flush: without finishing
        // here the warm-up's drawing would be done inside the next frame, the very spike it is
        // meant to keep off the frame path.
        context.finishDrawing()
        return true
    }

    func isReady(_ item: WarmUpItem) -> Bool {
        switch item {
        case let .snapshot(index): return snapshots[index] != nil
        case .logoOutline: return images.isLogoPrepared
        case let .photo(n): return images.isLoaded(.photo(n))
        // Made once ahead of the disappearance; after that each frame keeps it current.
        case .feedTexture: return splashLayers.feed != nil
        case let .tile(index): return feedPieces[tile: index] != nil
        }
    }
}

extension DrawCommand {
    /// True for a command with the logo-shaped hole in it.
    var hasHole: Bool {
        switch self {
        case .launchBackgroundOutsideHole, .feedThroughHole: return true
        case let .group(_, children): return children.contains(where: \.hasHole)
        default: return false
        }
    }
}
