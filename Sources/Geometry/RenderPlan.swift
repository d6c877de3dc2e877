import Scenes

/// One thing to draw, decided: what is hidden has been left out, the hole's cases resolved, and
/// opacities turned into 8-bit alphas. Render turns each into SDL calls and decides nothing.
public indirect enum RenderStep: Equatable, Sendable {
    /// Clear the output to the surround colour: the screen does not fill the output, or its first
    /// layer does not cover it.
    case clear
    /// The launch screen, full screen.
    case launchScreen
    /// The launch background; within `regions` (points) only, or the whole screen when nil.
    case launchBackground(regions: [Rect]?)
    /// An image centred at the layer's point, sized and rotated as the layer says.
    case image(ImageRef, LayerState)
    /// The feed at scale 1, composed from its tiles, within `regions` (points): the parts not
    /// hidden under a panel's body or a card snapshot.
    case feedTiles(regions: [Rect])
    /// The feed texture, scaled about the screen centre.
    case feedCopy(scale: Double)
    /// The feed seen through the logo-shaped hole, which does not cover the screen.
    case feedThroughHole(feedScale: Double, hole: LayerState)
    /// A snapshot of card `index`'s detail screen, stretched into `frame` with rounded corners.
    case cardSnapshot(index: Int, frame: Rect, cornerRadius: Double)
    /// The live detail screen of card `index`, full screen.
    case detail(index: Int)
    /// Black from the top of the screen down to `bottom` points, at `alpha`.
    case dim(alpha: UInt8, bottom: Double)
    /// The bottom panel with its top edge at `top` points.
    case panel(top: Double, height: Double)
    /// Steps composited together at `alpha` (never 0 or 255: those are left out or drawn inline).
    case group(alpha: UInt8, [RenderStep])
    /// An intro file's background, full screen: a colour, or nil for the launch background alone.
    case introBackground(Color?)
    /// An intro file's frame in its rectangle.
    case intro(IntroPicture)
}

/// What a frame draws, in order, and what it needs ready.
public struct RenderPlan: Equatable, Sendable {
    public var steps: [RenderStep]
    /// The feed texture must hold the feed at this scroll offset (nil: no step samples it).
    public var feedTextureScrollOffset: Double?

    /// What the renderer knows that the scene does not.
    public struct Context: Sendable {
        /// The device screen in points.
        public var screenWidth: Double, screenHeight: Double
        /// True when the screen's pixels fill the whole output (no letterbox).
        public var screenFillsOutput: Bool
        /// True when the launch background has no transparency.
        public var launchBackgroundIsOpaque: Bool
        /// The hole's shape, if loaded; without it no hole is taken to cover the screen.
        public var holeShape: LogoOutline?

        public init(screenWidth: Double, screenHeight: Double, screenFillsOutput: Bool, launchBackgroundIsOpaque: Bool, holeShape: LogoOutline?) {
            self.screenWidth = screenWidth; self.screenHeight = screenHeight; self.screenFillsOutput = screenFillsOutput
            self.launchBackgroundIsOpaque = launchBackgroundIsOpaque; self.holeShape = holeShape
        }
    }

    /// A square about the hole's centre smaller than this half side (points) is not worth cutting
    /// out of the backdrop: four clipped draws would cost more than the pixels they save.
    public static let smallestBackdropCutout = 8.0

    /// Plans `scene`. Each decision is one a frame would otherwise make while drawing:
    /// - the hole: once it covers the screen, the backdrop is skipped and the feed is one copy;
    ///   before that, the backdrop leaves out a square surely inside the hole;
    /// - occlusion: nothing before a step that covers the screen opaquely is drawn (an open
    ///   detail, the settled feed, an opaque launch background), and the feed at scale 1 is not
    ///   drawn under the opaque body of a panel or inside a growing card snapshot;
    /// - whether the output needs clearing first.
    public static func make(_ scene: Scene, _ context: Context) -> RenderPlan {
        var steps = plan(scene.commands, context)
        // Whatever comes before the last step that paints every pixel opaquely is never seen.
        if let last = steps.indices.last(where: { covers(steps, $0, context) }) { steps.removeFirst(last) }
        if !(context.screenFillsOutput && !steps.isEmpty && covers(steps, 0, context)) { steps.insert(.clear, at: 0) }
        let needsTexture = steps.contains(where: samplesFeedTexture)
        return RenderPlan(steps: steps, feedTextureScrollOffset: needsTexture ? scene.feedScrollOffset : nil)
    }

    static func plan(_ commands: [DrawCommand], _ context: Context) -> [RenderStep] {
        var steps: [RenderStep] = []
        for (i, command) in commands.enumerated() {
            switch command {
            case .launchScreen:
                steps.append(.launchScreen)
            case .launchBackground:
                steps.append(.launchBackground(regions: nil))
            case let .introBackground(color):
                steps.append(.introBackground(color))
            case let .intro(layer):
                if layer.opacity > 0 { steps.append(.intro(layer)) }
            case let .launchBackgroundOutsideHole(hole):
                if holeCovers(hole, context) { continue }
                steps.append(.launchBackground(regions: backdropRegions(hole, context)))
            case let .image(ref, layer):
                if layer.opacity > 0 { steps.append(.image(ref, layer)) }
            case let .feed(scale):
                steps.append(feed(scale: scale, occluders: commands[(i + 1)...], context))
            case let .feedThroughHole(feedScale, hole):
                if holeCovers(hole, context) {
                    // Once the hole covers the screen, it is the feed.
                    steps.append(feed(scale: feedScale, occluders: commands[(i + 1)...], context))
                } else {
                    steps.append(.feedThroughHole(feedScale: feedScale, hole: hole))
                }
            case let .cardSnapshot(index, frame, radius):
                steps.append(.cardSnapshot(index: index, frame: frame, cornerRadius: radius))
            case let .detail(index):
                steps.append(.detail(index: index))
            case let .dim(opacity, bottom):
                let alpha = Pixels.alpha(opacity)
                let clamped = min(max(bottom, 0), context.screenHeight)
                if alpha > 0 && clamped > 0 { steps.append(.dim(alpha: alpha, bottom: clamped)) }
            case let .panel(top, height):
                steps.append(.panel(top: top, height: height))
            case let .group(opacity, children):
                let alpha = Pixels.alpha(opacity)
                if alpha == 255 { steps += plan(children, context) }
                else if alpha > 0 {
                    let inner = plan(children, context)
                    if !inner.isEmpty { steps.append(.group(alpha: alpha, inner)) }
                }
            }
        }
        return steps
    }

    static func holeCovers(_ hole: LayerState, _ context: Context) -> Bool {
        guard let shape = context.holeShape else { return false }
        return HoleGeometry.coversScreen(shape, hole: hole, width: context.screenWidth, height: context.screenHeight)
    }

    /// The backdrop around the hole. Drawing the background (a few vertex-coloured triangles)
    /// with the hole over it measured cheaper under Mesa's llvmpipe than cutting the hole out of
    /// it exactly (hundreds of thin triangles), so it is drawn whole but for a square surely
    /// inside the hole, as up to four clipped copies.
    static func backdropRegions(_ hole: LayerState, _ context: Context) -> [Rect]? {
        guard let shape = context.holeShape else { return nil }
        let half = HoleGeometry.insideSquareHalfSide(shape, hole: hole)
        guard half > smallestBackdropCutout, hole.x.isFinite, hole.y.isFinite else { return nil }
        let w = context.screenWidth, h = context.screenHeight
        let inner = Rect(x: hole.x - half, y: hole.y - half, width: 2 * half, height: 2 * half)
        return [Rect(x: 0, y: 0, width: w, height: inner.y),
                Rect(x: 0, y: inner.maxY, width: w, height: h - inner.maxY),
                Rect(x: 0, y: inner.y, width: inner.x, height: inner.height),
                Rect(x: inner.maxX, y: inner.y, width: w - inner.maxX, height: inner.height)]
            .filter { $0.width > 0 && $0.height > 0 }
    }

    /// The feed at `scale`: composed from tiles at scale 1, where later steps leave it visible;
    /// a scaled copy of the feed texture otherwise.
    static func feed(scale: Double, occluders: ArraySlice<DrawCommand>, _ context: Context) -> RenderStep {
        guard scale == 1 else { return .feedCopy(scale: scale) }
        return .feedTiles(regions: visibleFeedRegions(under: occluders, context))
    }

    /// The parts of the screen where the feed can show, in points: all of it, less the body of a
    /// panel, less the inside of a card snapshot (its rounded corners stay drawn).
    static func visibleFeedRegions(under occluders: ArraySlice<DrawCommand>, _ context: Context) -> [Rect] {
        let width = context.screenWidth
        var bottom = context.screenHeight
        var snapshot: (Rect, Double)?
        for command in occluders {
            switch command {
            // The panel's body below its rounded top is opaque.
            case let .panel(top, _): bottom = min(bottom, top + PanelLayout.cornerRadius)
            case let .cardSnapshot(_, frame, radius): if snapshot == nil { snapshot = (frame, radius) }
            default: break
            }
        }
        guard bottom > 0 else { return [] }
        let whole = [Rect(x: 0, y: 0, width: width, height: bottom)]
        guard let (frame, radius) = snapshot else { return whole }
        let inner = Rect(x: frame.x + radius, y: frame.y + radius, width: frame.width - 2 * radius, height: frame.height - 2 * radius)
        guard inner.width > 0, inner.height > 0 else { return whole }
        let bandBottom = min(inner.maxY, bottom)
        return [Rect(x: 0, y: 0, width: width, height: min(inner.y, bottom)),
                Rect(x: 0, y: inner.maxY, width: width, height: bottom - inner.maxY),
                Rect(x: 0, y: inner.y, width: inner.x, height: bandBottom - inner.y),
                Rect(x: inner.maxX, y: inner.y, width: width - inner.maxX, height: bandBottom - inner.y)]
            .filter { $0.width > 0 && $0.height > 0 }
    }

    /// True when `steps[i]` paints every pixel of the screen opaquely, alone or with the steps
    /// after it that cover what it leaves out: the hole over the backdrop's cut-out square, a
    /// panel or a snapshot over the feed.
    static func covers(_ steps: [RenderStep], _ i: Int, _ context: Context) -> Bool {
        let screen = Rect(x: 0, y: 0, width: context.screenWidth, height: context.screenHeight)
        switch steps[i] {
        // It is drawn on its background, the intro's.
        case .launchScreen: return context.launchBackgroundIsOpaque
        case .launchBackground(regions: nil), .introBackground(nil): return context.launchBackgroundIsOpaque
        case let .introBackground(color?): return color.a == 255
        case .launchBackground:
            return context.launchBackgroundIsOpaque && steps[(i + 1)...].contains { if case .feedThroughHole = $0 { return true } else { return false } }
        case .detail: return true
        case let .feedCopy(scale): return scale >= 1
        // Its regions leave out only what later steps paint opaquely (a panel's body, a
        // snapshot's inside), so with them it paints every pixel.
        case .feedTiles: return true
        case let .cardSnapshot(_, frame, radius):
            return radius <= 0 && frame.x <= 0 && frame.y <= 0 && frame.maxX >= screen.width && frame.maxY >= screen.height
        default: return false
        }
    }

    /// True for a step drawn from the feed texture.
    static func samplesFeedTexture(_ step: RenderStep) -> Bool {
        switch step {
        case .feedCopy, .feedThroughHole: return true
        case let .group(_, children): return children.contains(where: samplesFeedTexture)
        default: return false
        }
    }
}

// MARK: Warming caches in idle time

/// Something a coming frame will need, made ahead in idle time so that no frame pays for a
/// first use.
public enum WarmUpItem: Hashable, Sendable {
    /// The card snapshot likely next: the card under a press.
    case snapshot(Int)
    /// The hole's traced outline.
    case logoOutline
    case photo(Int)
    /// The feed texture the disappearance samples, at the top of the feed.
    case feedTexture
    /// A feed tile next to the visible ones, before a scroll reaches it.
    case tile(Int)
}

public enum WarmUp {
    /// The first of what the coming frames will need that is not ready, in the order it is
    /// likely needed: the snapshot under a press, then what the disappearance and the first
    /// feed frames draw (the outline, the photos on the first screen, the feed texture), the
    /// tiles next to those on screen, and last every other photo of the feed. nil when
    /// everything is ready.
    ///
    /// The photos are a fixed set (`FeedContent.photoCount`, about 0.7 MB each), so decoding
    /// them all ahead costs no more memory than a long session ends up with, and keeps a
    /// ~5 ms PNG decode out of the frames of a scroll that first reaches one.
    /// - Parameter isReady: whether an item is already made.
    /// - Parameter splashShown: false once the splash is over: what only it draws is not made.
    public static func next(feed: FeedLayout, scale: Double, likelyCard: Int?, splashShown: Bool = true,
                            visibleTiles: ClosedRange<Int>?, isReady: (WarmUpItem) -> Bool) -> WarmUpItem? {
        var candidates: [WarmUpItem] = []
        if let likelyCard { candidates.append(.snapshot(likelyCard)) }
        if splashShown { candidates.append(.logoOutline) }
        candidates += feed.visibleCards(scrollOffset: 0).map { .photo(feed.content.ads[$0].photo) }
        if splashShown { candidates.append(.feedTexture) }
        let visible = visibleTiles ?? 0...0
        let lastTile = FeedTiling.lastTileIndex(feed: feed, scale: scale)
        for index in [visible.upperBound + 1, visible.lowerBound - 1] where index >= 0 && index <= lastTile {
            candidates.append(.tile(index))
        }
        if let item = candidates.first(where: { !isReady($0) }) { return item }
        // Only once all of that is ready are the feed's other photos looked through.
        return feed.content.ads.lazy.map { WarmUpItem.photo($0.photo) }.first { !isReady($0) }
    }
}
