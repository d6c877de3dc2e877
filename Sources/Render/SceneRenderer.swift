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
/// clear); this walks the plan and issues SDL calls. Static layers that cost more to draw than to copy
/// are cached as textures (the feed as tiles, card snapshots), because under software GL fill
/// rate is the cost; the panel, mostly one opaque fill, is drawn from its elements.
/// The logo-shaped hole is drawn as geometry (`HoleGeometry`): the feed texture mapped through
/// the logo's triangulated outline, with an anti-aliasing fringe.
///
/// Every texture here is a `Texture` owned by the context: dropping one from a cache frees it,
/// and the context frees whatever is left before its renderer.
public final class SceneRenderer {
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
    /// The user's first screen (a PNG's path) drawn where the feed would be, stretched over the
    /// device's points; nil for the mock feed. Setting it lets go of what was drawn from the old one.
    public var screenImage: String? {
        didSet { if screenImage != oldValue { feedTexture = nil; feedTextureKey = nil } }
    }
    public var feedLayout: FeedLayout
    public private(set) var mapping: PointToPixel
    let deviceWidth: Double, deviceHeight: Double

    private var feedTexture: Texture?
    private var feedTextureKey: (scrollOffset: Double, scale: Double)?
    private var groupTexture: Texture?
    /// Detail screens rendered once per card, the snapshots that grow from the cards.
    private var snapshots: [Int: Texture] = [:]
    /// Feed tiles by index, and the header and tab bar drawn once each.
    private var tiles: [Int: Texture] = [:]
    private var header: Texture?
    private var tabBar: Texture?
    /// The tiles the last frame showed, for warming their neighbours.
    private var lastVisibleTiles: ClosedRange<Int>?
    /// A card whose detail snapshot is likely next (the one under a press), from the scene.
    private var prefetchSnapshot: Int?
    /// The clip rectangle of the current target's screen, restored after a region's clip; nil
    /// while drawing into a texture, which is drawn whole.
    private var screenClip: PixelRect?
    /// Drawing of a frame stays inside this too (a wipe draws B right of its divider only).
    public var clipLimit: PixelRect?
    /// Where a frame is drawn: the window (nil), or a compare view's texture (`CompareCompositor`).
    var drawTarget: OpaquePointer?
    private var vertices: [SDL_Vertex] = []
    private var triangles: [ClipVertex] = []
    /// Letterbox colour around the device screen in a window.
    static let surround = Color(32, 33, 36)
    /// Full-screen snapshot textures kept (14 MB each at @3x): the card on screen and the likely
    /// next one. A third kept the iPhone 15 Pro Max over its 200 MB.
    static let snapshotsKept = 2
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
            feedTexture = nil; feedTextureKey = nil
            groupTexture = nil
            snapshots = [:]
            tiles = [:]; lastVisibleTiles = nil
            header = nil; tabBar = nil
            text.fitBudget(to: screenPixels)
        }
    }

    // MARK: Frames

    /// The plan for a scene at the current mapping: what is drawn, in order.
    /// False while drawing one of two screens side by side.
    private var clearsWholeOutput = true

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
        prefetchSnapshot = scene.likelyCard
        splashShown = scene.showsSplash
        if !splashShown {
            feedTexture = nil; feedTextureKey = nil
            groupTexture = nil
        }
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
        for step in plan.steps { try draw(step, scrollOffset: scene.feedScrollOffset, mapping) }
    }

    private func draw(_ step: RenderStep, scrollOffset: Double, _ m: PointToPixel) throws {
        switch step {
        case .clear:
            setColor(SceneRenderer.surround)
            if clearsWholeOutput {
                // SDL_RenderClear ignores the clip rectangle: the letterbox is cleared too.
                SDL_RenderClear(renderer)
            } else {
                let screen = screenPixels
                var rect = SDL_Rect(x: Pixels.int32(screen.x), y: Pixels.int32(screen.y), w: Pixels.int32(screen.width), h: Pixels.int32(screen.height))
                SDL_RenderFillRect(renderer, &rect)
            }
        case .launchScreen:
            try drawLaunchScreen(launchScreen, m)
        case .launchBackground(regions: nil):
            try drawLaunchBackground(m, within: nil)
        case let .launchBackground(regions?):
            for region in regions {
                clip(to: region, m)
                try drawLaunchBackground(m, within: region)
            }
            restoreClip()
        case let .image(ref, layer):
            try drawImage(try images.texture(ref), layer, m)
        case let .feedTiles(regions):
            for region in regions {
                clip(to: region, m)
                try drawFeedDirect(scrollOffset: scrollOffset, m)
            }
            restoreClip()
        case let .feedCopy(scale):
            guard let handle = feedTexture?.handle else { return }
            var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth * scale, height: deviceHeight * scale, m)
            SDL_SetTextureAlphaMod(handle, 255)
            // The feed is opaque; a 1:1 copy needs no filtering.
            SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureScaleMode(handle, scale == 1 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
            SDL_RenderCopyF(renderer, handle, nil, &dst)
        case let .feedThroughHole(feedScale, hole):
            try drawFeedThroughHole(feedScale: feedScale, hole: hole, m)
        case let .cardSnapshot(index, frame, radius):
            let texture = try snapshot(index)
            // The snapshot is opaque and its rounded outline is geometry: no blending needed.
            try fillRoundedRect(frame, radius: radius, color: .white, texture: texture, m, blend: SDL_BLENDMODE_NONE)
        case let .detail(index):
            for element in feedLayout.detail(index).elements { try draw(element, m) }
        case let .dim(alpha, bottom):
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: bottom), Color(0, 0, 0, alpha), m)
        case let .panel(top, height):
            // Drawn from its elements at its top, snapped to a whole pixel as a layer's frame is:
            // an opaque fill and a few cached texts cost less a frame than copying a texture of the
            // panel's size (ratio p50 about 1.45 -> 1.1 at @3x), and hold 12 MB less.
            let layout = PanelLayout(width: deviceWidth, height: height)
            let at = PointToPixel(scale: m.scale, offsetX: m.offsetX, offsetY: (m.offsetY + top * m.scale).rounded())
            for element in layout.elements { try draw(element, at) }
        case let .group(alpha, children):
            let texture = try groupTarget()
            try drawOffscreen(into: texture) {
                SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
                SDL_RenderClear(renderer)
                for child in children { try draw(child, scrollOffset: scrollOffset, m.local) }
            }
            guard let handle = texture.handle else { return }
            SDL_SetTextureAlphaMod(handle, alpha)
            var dst = SDL_FRect(x: Float(m.offsetX), y: Float(m.offsetY), w: Float(texture.width), h: Float(texture.height))
            SDL_RenderCopyF(renderer, handle, nil, &dst)
        }
    }

    // MARK: Targets and clipping

    /// A texture to draw into, at pixel size; `what` names it in an error.
    func makeTargetTexture(width: Int, height: Int, blend: SDL_BlendMode, what: String) throws -> Texture {
        try context.makeTexture(width: width, height: height, access: SDL_TEXTUREACCESS_TARGET, blend: blend, what: what)
    }

    /// Clips drawing to the device screen, as every frame's layers are.
    func clipToScreen() {
        screenClip = clipLimit.map { screenPixels.intersection($0) } ?? screenPixels
        restoreClip()
    }

    /// Back to the current target's clip after drawing within a region.
    func restoreClip() {
        guard let screen = screenClip else { SDL_RenderSetClipRect(renderer, nil); return }
        var clip = sdlRect(screen)
        SDL_RenderSetClipRect(renderer, &clip)
    }

    /// Clips drawing to a rectangle in points, rounded outward to whole pixels.
    func clip(to region: Rect, _ m: PointToPixel) {
        let wanted = m.clip(region)
        var clip = sdlRect(screenClip != nil ? clipLimit.map { wanted.intersection($0) } ?? wanted : wanted)
        SDL_RenderSetClipRect(renderer, &clip)
    }

    func sdlRect(_ r: PixelRect) -> SDL_Rect {
        SDL_Rect(x: Pixels.int32(r.x), y: Pixels.int32(r.y), w: Pixels.int32(r.width), h: Pixels.int32(r.height))
    }

    /// Runs drawing code into a target texture, then restores the frame's target and clip.
    func drawOffscreen(into texture: Texture, _ body: () throws -> Void) throws {
        let previous = SDL_GetRenderTarget(renderer)
        let previousClip = screenClip
        SDL_SetRenderTarget(renderer, texture.handle)
        screenClip = nil
        SDL_RenderSetClipRect(renderer, nil)
        defer {
            SDL_SetRenderTarget(renderer, previous)
            screenClip = previousClip
            restoreClip()
        }
        try body()
    }

    private func groupTarget() throws -> Texture {
        let screen = screenPixels
        if let groupTexture, groupTexture.width == max(screen.width, 1), groupTexture.height == max(screen.height, 1) { return groupTexture }
        groupTexture = nil
        let t = try makeTargetTexture(width: screen.width, height: screen.height, blend: SDL_BLENDMODE_BLEND, what: "a layer texture")
        groupTexture = t
        return t
    }

    // MARK: Cached layers

    /// The detail screen of card `index` rendered to a texture at the screen's pixel size, the
    /// snapshot a present animator grows from the card.
    func snapshot(_ index: Int) throws -> Texture {
        if let t = snapshots[index] { return t }
        // Room is made before the new one is allocated: a snapshot is a screen of pixels (15 MB
        // at ipad-air-11), and allocating first would put a third one briefly on the peak.
        for key in snapshots.keys where key != prefetchSnapshot {
            if snapshots.count < SceneRenderer.snapshotsKept { break }
            snapshots.removeValue(forKey: key)
        }
        context.releaseRetiredTargets()
        let screen = screenPixels
        let t = try makeTargetTexture(width: screen.width, height: screen.height, blend: SDL_BLENDMODE_BLEND, what: "a snapshot texture")
        try drawOffscreen(into: t) {
            for element in feedLayout.detail(index).elements { try draw(element, mapping.local) }
        }
        snapshots[index] = t
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
        guard let item = WarmUp.next(feed: feedLayout, scale: mapping.scale, likelyCard: prefetchSnapshot, splashShown: splashShown,
                                     visibleTiles: lastVisibleTiles, isReady: isReady) else { return false }
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
        case .feedTexture: return feedTexture != nil
        case let .tile(index): return tiles[index] != nil
        }
    }

    // MARK: The feed layer

    /// Renders the feed into its texture when the scroll offset or the scale changed. Only a
    /// scaled feed or the hole needs it; at scale 1 the feed is composed straight onto the screen.
    func prepareFeed(scrollOffset: Double) throws {
        if let key = feedTextureKey, key.scrollOffset == scrollOffset, key.scale == mapping.scale, feedTexture != nil { return }
        let texture: Texture
        if let feedTexture { texture = feedTexture } else {
            let screen = screenPixels
            texture = try makeTargetTexture(width: screen.width, height: screen.height, blend: SDL_BLENDMODE_BLEND, what: "the feed texture")
            feedTexture = texture
        }
        try drawOffscreen(into: texture) {
            try drawFeedDirect(scrollOffset: scrollOffset, mapping.local)
        }
        feedTextureKey = (scrollOffset, mapping.scale)
    }

    /// A texture of `elements` drawn at the current scale, `height` points tall and the screen's width.
    func pieceTexture(height: Double, _ elements: [FeedElement]) throws -> Texture {
        let t = try makeTargetTexture(width: screenPixels.width, height: Pixels.int(height * mapping.scale, .up),
                                      blend: SDL_BLENDMODE_NONE, what: "a feed texture")
        SDL_SetTextureScaleMode(t.handle, SDL_ScaleModeNearest)
        try drawOffscreen(into: t) {
            for element in elements { try draw(element, mapping.local) }
        }
        return t
    }

    func tile(_ index: Int) throws -> Texture {
        if let t = tiles[index] { return t }
        let pixels = FeedTiling.tileHeightPixels(scale: mapping.scale)
        let top = Double(index * pixels) / mapping.scale
        let t = try pieceTexture(height: Double(pixels) / mapping.scale, feedLayout.gridElements(top: top, height: FeedTiling.tileHeight + 1))
        tiles[index] = t
        return t
    }

    /// The feed at a scroll offset, composed onto the current target as `FeedTiling` lays it
    /// out: the grid from its tiles, background where the rubber band pulls past the content,
    /// then the header and the tab bar.
    func drawFeedDirect(scrollOffset: Double, _ m: PointToPixel) throws {
        let screen = m.screen(width: deviceWidth, height: deviceHeight)
        if let screenImage {
            let texture = try images.launchImageTexture(screenImage)
            var dst = sdlRect(screen)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(texture.handle, 255)
            SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeLinear)
            SDL_RenderCopy(renderer, texture.handle, nil, &dst)
            return
        }
        let tiling = FeedTiling(feed: feedLayout, scrollOffset: scrollOffset, scale: m.scale, screenWidth: screen.width, screenHeight: screen.height)
        let ox = screen.x, oy = screen.y, width = Int32(tiling.width)
        for band in tiling.backgroundBands {
            fillPixelRect(PixelRect(x: ox + band.x, y: oy + band.y, width: band.width, height: band.height), FeedLayout.background)
        }
        for copy in tiling.tileCopies {
            var src = SDL_Rect(x: 0, y: Int32(copy.sourceY), w: width, h: Int32(copy.height))
            var dst = SDL_Rect(x: Pixels.int32(ox), y: Pixels.int32(oy + copy.destinationY), w: width, h: Int32(copy.height))
            SDL_RenderCopy(renderer, try tile(copy.index).handle, &src, &dst)
        }
        if let visible = tiling.visibleTiles {
            lastVisibleTiles = visible
            // Tiles far from view are let go; memory stays a few screens' worth on every device.
            for index in tiles.keys where !tiling.keeps(tile: index) { tiles.removeValue(forKey: index) }
        }
        if header == nil { header = try pieceTexture(height: feedLayout.headerHeight, feedLayout.headerElements) }
        if tabBar == nil { tabBar = try pieceTexture(height: FeedLayout.tabBarHeight, feedLayout.tabBarElements) }
        for (texture, rect) in [(header, tiling.header), (tabBar, tiling.tabBar)] {
            var src = SDL_Rect(x: 0, y: 0, w: Pixels.int32(rect.width), h: Pixels.int32(rect.height))
            var dst = sdlRect(PixelRect(x: ox + rect.x, y: oy + rect.y, width: rect.width, height: rect.height))
            SDL_RenderCopy(renderer, texture?.handle, &src, &dst)
        }
    }

    func fillPixelRect(_ r: PixelRect, _ c: Color) {
        guard r.width > 0, r.height > 0 else { return }
        setColor(c)
        SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        var rect = sdlRect(r)
        SDL_RenderFillRect(renderer, &rect)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    // MARK: The hole

    /// The feed seen through the logo's outline (`HoleGeometry`): triangles textured with the
    /// feed at the positions they cover, clipped to the screen, and a fringe one pixel wide
    /// fading to alpha 0 outside the edge.
    private func drawFeedThroughHole(feedScale: Double, hole: LayerState, _ m: PointToPixel) throws {
        guard let feedTexture, let handle = feedTexture.handle else { return }
        let outline = try images.logoOutline()
        let placement = HolePlacement(hole: hole, screenWidth: deviceWidth, screenHeight: deviceHeight, textureScale: feedScale)
        triangles.removeAll(keepingCapacity: true)
        HoleGeometry.appendFill(outline, placement, to: &triangles)
        SDL_SetTextureAlphaMod(handle, 255)
        // Sampled 1:1 once the feed has settled to scale 1; filtered while it is scaled.
        SDL_SetTextureScaleMode(handle, abs(feedScale - 1) < 1e-4 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        // The inside is opaque: written without blending, which spares the rasteriser a read of
        // every covered pixel. Only the fringe blends.
        if !triangles.isEmpty { try renderGeometry(triangles, m, texture: feedTexture, blend: SDL_BLENDMODE_NONE) }
        triangles.removeAll(keepingCapacity: true)
        HoleGeometry.appendFringe(outline, placement, width: 1 / m.scale, to: &triangles)
        if !triangles.isEmpty { try renderGeometry(triangles, m, texture: feedTexture, blend: SDL_BLENDMODE_BLEND) }
    }

    /// Draws clipped hole triangles, in points, as SDL vertices in pixels.
    private func renderGeometry(_ triangles: [ClipVertex], _ m: PointToPixel, texture: Texture, blend: SDL_BlendMode) throws {
        vertices.removeAll(keepingCapacity: true)
        vertices.reserveCapacity(triangles.count)
        for t in triangles { vertices.append(t.sdl(m)) }
        try renderGeometry(texture, blend: blend)
    }

    // MARK: Pieces

    func setColor(_ c: Color) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a) }

    func pixelRect(centerX: Double, centerY: Double, width: Double, height: Double, _ m: PointToPixel) -> SDL_FRect {
        SDL_FRect(x: Pixels.float(m.offsetX + (centerX - width / 2) * m.scale), y: Pixels.float(m.offsetY + (centerY - height / 2) * m.scale),
                  w: Pixels.float(width * m.scale), h: Pixels.float(height * m.scale))
    }

    /// The launch screen: its background, then its logo, images and labels.
    /// The launch screen: its background, then its logo, images and labels. As the intro's
    /// backdrop (`within` a region, or nil for the screen) it leaves out its logo, which is the
    /// intro's own logo layer.
    private func drawLaunchScreen(_ screen: ResolvedLaunchScreen, _ m: PointToPixel, within region: Rect? = nil, withLogo: Bool = true) throws {
        try drawBackground(screen.background, m)
        /// Back to the region's clip, or the screen's.
        func restoreRegion() { if let region { clip(to: region, m) } else { restoreClip() } }
        for element in screen.elements {
            switch element {
            case let .logo(layer):
                if withLogo { try drawImage(try images.texture(.logo), layer, m) }
            case let .image(image):
                // A view at alpha 0 is not drawn at all (UIKit skips it), so its file is not decoded either.
                let opacity = image.opacity.isNaN ? 1 : min(max(image.opacity, 0), 1)
                guard opacity > 0 else { continue }
                let rect = image.rect
                let clip = region.map { image.clip.intersection($0) } ?? image.clip
                // A vector file is rasterized at the pixels its rectangle covers, so it is as sharp
                // as the device would draw it; a raster keeps its own size whatever this is.
                let pixelSize = (width: max(Pixels.int(rect.width * m.scale), 1), height: max(Pixels.int(rect.height * m.scale), 1))
                let texture = try images.launchImageTexture(image.path, pixelSize: pixelSize, tint: image.tint)
                clipIntersecting(clip, m)
                var dst = SDL_FRect(x: Pixels.float(m.offsetX + rect.x * m.scale), y: Pixels.float(m.offsetY + rect.y * m.scale),
                                    w: Pixels.float(rect.width * m.scale), h: Pixels.float(rect.height * m.scale))
                // Linear already: textures are made with SDL_HINT_RENDER_SCALE_QUALITY 1. Setting it
                // here bound the texture in GL behind SDL's cached draw state, and a copy of the
                // logo queued before it drew with this texture's pixels.
                SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
                SDL_SetTextureAlphaMod(texture.handle, UInt8((opacity * 255).rounded()))
                SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
                // The texture may be drawn elsewhere (a launch background of the same file) at full opacity.
                SDL_SetTextureAlphaMod(texture.handle, 255)
                restoreRegion()
            case let .label(string, frame, size, bold, color, alignment, lines):
                // The frame is laid out for SF Pro; DejaVu Sans, drawn in its place, runs up to a
                // fifth wider, so a single line may pass the frame by that much before it is cut.
                let pixelSize = Pixels.int(size * m.scale), width = Pixels.int(max(frame.width, 1) * m.scale * (lines == 1 ? 1.2 : 1), .towardZero)
                let rendered = lines == 1 || bold
                    ? try text.texture(string, pixelSize: pixelSize, bold: bold, color: color, maxWidth: width)
                    : try text.paragraph(string, pixelSize: pixelSize, color: color, wrapWidth: width)
                guard let t = rendered else { continue }
                // UILabel centres its text vertically in its frame; across, the alignment places it
                // (natural is left in a left-to-right language).
                let x: Double
                switch alignment {
                case .center: x = m.offsetX + frame.midX * m.scale - Double(t.width) / 2
                case .right: x = m.offsetX + frame.maxX * m.scale - Double(t.width)
                case .left, .natural, .justified: x = m.offsetX + frame.x * m.scale
                }
                let y = m.offsetY + frame.midY * m.scale - Double(t.height) / 2
                var dst = SDL_FRect(x: Pixels.float(x.rounded()), y: Pixels.float(y.rounded()), w: Float(t.width), h: Float(t.height))
                SDL_RenderCopyF(renderer, t.texture, nil, &dst)
            case let .fill(frame, color, clip):
                let limit = clip.map { c in region.map { c.intersection($0) } ?? c } ?? region
                if let limit { clipIntersecting(limit, m) }
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
                fillRect(frame, color, m)
                if limit != nil { restoreRegion() }
            }
        }
    }

    /// Clips to a rectangle in points within the current screen clip.
    private func clipIntersecting(_ region: Rect, _ m: PointToPixel) {
        let r = m.clip(region)
        var rect = sdlRect(r)
        if let screen = screenClip {
            var screenRect = sdlRect(screen), both = SDL_Rect()
            if SDL_IntersectRect(&rect, &screenRect, &both) == SDL_FALSE { both = SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
            rect = both
        }
        SDL_RenderSetClipRect(renderer, &rect)
    }

    /// The intro's background: the launch background, and, when the intro starts from a project's
    /// launch screen, that screen's other elements too (seed 000: the splash is a copy of the
    /// launch screen whose logo view animates).
    private func drawLaunchBackground(_ m: PointToPixel, within region: Rect?) throws {
        if introCopiesLaunchScreen {
            try drawLaunchScreen(ResolvedLaunchScreen(background: launchBackground, elements: launchScreen.elements), m, within: region, withLogo: false)
        } else {
            try drawBackground(launchBackground, m)
        }
    }

    private func drawBackground(_ background: LaunchBackground, _ m: PointToPixel) throws {
        switch background {
        case .white:
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: deviceHeight), .white, m)
        case let .image(path):
            var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth, height: deviceHeight, m)
            SDL_RenderCopyF(renderer, try images.launchImageTexture(path).handle, nil, &dst)
        case let .gradient(stops):
            try drawGradient(stops, m)
        }
    }

    /// The stops extended to cover 0...1 with the end colours.
    static func fullRange(_ stops: [GradientStop]) -> [GradientStop] {
        guard let first = stops.first, let last = stops.last else { return [] }
        var bands = stops
        if first.location > 0 { bands.insert(GradientStop(location: 0, color: first.color), at: 0) }
        if last.location < 1 { bands.append(GradientStop(location: 1, color: last.color)) }
        return bands
    }

    /// A vertical gradient as one band of two triangles per pair of stops, colours interpolated
    /// by the rasteriser.
    func drawGradient(_ stops: [GradientStop], _ m: PointToPixel) throws {
        let bands = SceneRenderer.fullRange(stops)
        vertices.removeAll(keepingCapacity: true)
        let left = Float(m.offsetX), right = Float(m.offsetX + deviceWidth * m.scale)
        for i in 0..<max(bands.count - 1, 0) {
            let a = bands[i], b = bands[i + 1]
            let ya = Float(m.offsetY + a.location * deviceHeight * m.scale), yb = Float(m.offsetY + b.location * deviceHeight * m.scale)
            guard yb > ya else { continue }
            let ca = SDL_Color(r: a.color.r, g: a.color.g, b: a.color.b, a: a.color.a)
            let cb = SDL_Color(r: b.color.r, g: b.color.g, b: b.color.b, a: b.color.a)
            let zero = SDL_FPoint(x: 0, y: 0)
            let tl = SDL_Vertex(position: SDL_FPoint(x: left, y: ya), color: ca, tex_coord: zero)
            let tr = SDL_Vertex(position: SDL_FPoint(x: right, y: ya), color: ca, tex_coord: zero)
            let br = SDL_Vertex(position: SDL_FPoint(x: right, y: yb), color: cb, tex_coord: zero)
            let bl = SDL_Vertex(position: SDL_FPoint(x: left, y: yb), color: cb, tex_coord: zero)
            vertices += [tl, tr, br, tl, br, bl]
        }
        try renderGeometry(nil, blend: stops.allSatisfy { $0.color.a == 255 } ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    func fillRect(_ r: Rect, _ c: Color, _ m: PointToPixel) {
        setColor(c)
        var dst = SDL_FRect(x: Pixels.float(m.offsetX + r.x * m.scale), y: Pixels.float(m.offsetY + r.y * m.scale),
                            w: Pixels.float(r.width * m.scale), h: Pixels.float(r.height * m.scale))
        SDL_RenderFillRectF(renderer, &dst)
    }

    /// A rounded rectangle as a triangle fan, filled with a colour or a texture stretched over it.
    func fillRoundedRect(_ r: Rect, radius: Double, color c: Color, texture: Texture?, _ m: PointToPixel,
                         blend: SDL_BlendMode = SDL_BLENDMODE_BLEND) throws {
        let radius = min(radius, r.width / 2, r.height / 2)
        if !(radius > 0) {
            if let texture {
                var dst = SDL_FRect(x: Pixels.float(m.offsetX + r.x * m.scale), y: Pixels.float(m.offsetY + r.y * m.scale),
                                    w: Pixels.float(r.width * m.scale), h: Pixels.float(r.height * m.scale))
                SDL_SetTextureBlendMode(texture.handle, blend)
                SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
            } else { fillRect(r, c, m) }
            return
        }
        vertices.removeAll(keepingCapacity: true)
        let color = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        func vertex(_ x: Double, _ y: Double) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Pixels.float(m.offsetX + x * m.scale), y: Pixels.float(m.offsetY + y * m.scale)), color: color,
                       // Clamped: SDL refuses the whole draw if rounding puts one a hair outside [0, 1].
                       tex_coord: SDL_FPoint(x: Float(min(max((x - r.x) / r.width, 0), 1)), y: Float(min(max((y - r.y) / r.height, 0), 1))))
        }
        // Enough segments per corner that the curve looks round at this pixel radius.
        let segments = max(3, min(12, Pixels.int(radius * m.scale / 2, .towardZero)))
        var rim = [SDL_Vertex]()
        rim.reserveCapacity(4 * (segments + 1))
        let corners = [(r.maxX - radius, r.y + radius, -Double.pi / 2), (r.maxX - radius, r.maxY - radius, 0),
                       (r.x + radius, r.maxY - radius, Double.pi / 2), (r.x + radius, r.y + radius, Double.pi)]
        for (cx, cy, start) in corners {
            for s in 0...segments {
                let angle = start + Double(s) / Double(segments) * Double.pi / 2
                rim.append(vertex(cx + cos(angle) * radius, cy + sin(angle) * radius))
            }
        }
        let centre = vertex(r.midX, r.midY)
        for i in 0..<rim.count { vertices += [centre, rim[i], rim[(i + 1) % rim.count]] }
        try renderGeometry(texture, blend: blend)
    }

    /// Draws `vertices` as triangles; SDL's refusal (bad texture coordinates, a lost context) is an
    /// error, not a blank. `blend` is the blend mode for this draw (the texture's, or the draw
    /// colour's without one); opaque layers pass NONE.
    func renderGeometry(_ texture: Texture?, blend: SDL_BlendMode = SDL_BLENDMODE_BLEND) throws {
        if let texture { SDL_SetTextureBlendMode(texture.handle, blend) } else { SDL_SetRenderDrawBlendMode(renderer, blend) }
        defer { if texture == nil { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) } }
        guard SDL_RenderGeometry(renderer, texture?.handle, vertices, Int32(clamping: vertices.count), nil, 0) == 0 else {
            throw RenderError("SDL could not draw geometry: \(sdlError())")
        }
    }

    /// True when the launch background has no transparency (a gradient of opaque stops, or white).
    var launchBackgroundIsOpaque: Bool { launchBackground.isOpaque }

    func drawImage(_ texture: Texture, _ layer: LayerState, _ m: PointToPixel) throws {
        let alpha = Pixels.alpha(layer.opacity)
        guard alpha > 0, let handle = texture.handle else { return }
        SDL_SetTextureAlphaMod(handle, alpha)
        var dst = pixelRect(centerX: layer.x, centerY: layer.y, width: layer.width, height: layer.height, m)
        // SDL's angle is in degrees, clockwise on screen, the same sense as UIKit's rotation.
        SDL_RenderCopyExF(renderer, handle, nil, &dst, layer.rotation.isFinite ? layer.rotation * 180 / Double.pi : 0, nil, SDL_FLIP_NONE)
        SDL_SetTextureAlphaMod(handle, 255)
    }

    func draw(_ element: FeedElement, _ m: PointToPixel) throws {
        switch element {
        case let .rect(r, c, radius):
            try fillRoundedRect(r, radius: radius, color: c, texture: nil, m)
        case let .image(ref, r, radius):
            try fillRoundedRect(r, radius: radius, color: .white, texture: try images.texture(ref), m)
        case let .text(string, x, y, size, bold, color, maxWidth):
            guard let t = try text.texture(string, pixelSize: Pixels.int(size * m.scale), bold: bold, color: color,
                                           maxWidth: Pixels.int(maxWidth * m.scale, .towardZero)) else { return }
            var dst = SDL_FRect(x: Pixels.float((m.offsetX + x * m.scale).rounded()), y: Pixels.float((m.offsetY + y * m.scale).rounded()), w: Float(t.width), h: Float(t.height))
            SDL_RenderCopyF(renderer, t.texture, nil, &dst)
        case let .paragraph(string, x, y, size, color, width):
            guard let t = try text.paragraph(string, pixelSize: Pixels.int(size * m.scale), color: color, wrapWidth: Pixels.int(width * m.scale, .towardZero)) else { return }
            var dst = SDL_FRect(x: Pixels.float((m.offsetX + x * m.scale).rounded()), y: Pixels.float((m.offsetY + y * m.scale).rounded()), w: Float(t.width), h: Float(t.height))
            SDL_RenderCopyF(renderer, t.texture, nil, &dst)
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

extension ClipVertex {
    /// As an SDL vertex in pixels. Texture coordinates are clamped to [0, 1]: clipping leaves
    /// them there up to rounding, and SDL rejects the whole draw for a coordinate a hair outside.
    @inline(__always) func sdl(_ m: PointToPixel) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Pixels.float(m.offsetX + x * m.scale), y: Pixels.float(m.offsetY + y * m.scale)),
                   color: SDL_Color(r: 255, g: 255, b: 255, a: Pixels.alpha(alpha)),
                   tex_coord: SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1))))
    }
}
