import Formats
import CSDL2
import Foundation
import Motion
import Scenes

/// Maps device points to output pixels: a uniform scale and an offset (letterboxing in a window).
public struct PointToPixel: Equatable, Sendable {
    public var scale: Double
    public var offsetX: Double
    public var offsetY: Double
    public init(scale: Double, offsetX: Double = 0, offsetY: Double = 0) { self.scale = scale; self.offsetX = offsetX; self.offsetY = offsetY }

    /// The largest scale that fits a device of `width`×`height` points into `outputWidth`×`outputHeight`
    /// pixels, centred, keeping the device's aspect ratio.
    public static func letterbox(width: Double, height: Double, outputWidth: Int, outputHeight: Int) -> PointToPixel {
        let k = min(Double(outputWidth) / width, Double(outputHeight) / height)
        return PointToPixel(scale: k, offsetX: ((Double(outputWidth) - width * k) / 2).rounded(), offsetY: ((Double(outputHeight) - height * k) / 2).rounded())
    }
}

/// Draws a `Scene` with SDL. The only place scene values become pixels.
///
/// Static layers are cached as textures (the feed at a scroll offset), because under software GL
/// fill rate is the cost. The logo-shaped hole is drawn as geometry: the feed texture mapped
/// through the logo's triangulated outline, plus a one-pixel fringe whose outer vertices have
/// alpha 0 for anti-aliasing (the technique of Dear ImGui and NanoVG). So the hole costs fill only
/// where it is, and needs neither a render target nor a custom blend mode.
public final class SceneRenderer {
    public let context: RenderContext
    public let images: ImageLibrary
    public let text: TextRenderer
    public let launchBackground: LaunchBackground
    public var feedLayout: FeedLayout
    public private(set) var mapping: PointToPixel
    let deviceWidth: Double, deviceHeight: Double

    private var feedTexture: OpaquePointer?
    private var feedTextureKey: (scrollOffset: Double, scale: Double)?
    /// The scroll offset of the scene being drawn.
    private var currentScrollOffset = 0.0
    /// Points below which the scene being drawn is covered by an opaque panel.
    private var occludedBelow: Double?
    /// An opaque card snapshot over the feed, with its corner radius.
    private var occludingSnapshot: (Rect, Double)?
    private var groupTexture: OpaquePointer?
    /// Detail screens rendered once per card, the snapshots that grow from the cards.
    private var snapshots: [Int: OpaquePointer] = [:]
    /// The panel drawn once; moving it is one textured copy a frame.
    private var panel: (texture: OpaquePointer, height: Double)?
    private var groupTextureSize = (0, 0)
    private var vertices: [SDL_Vertex] = []
    /// Letterbox colour around the device screen in a window.
    static let surround = Color(32, 33, 36)

    public init(context: RenderContext, images: ImageLibrary, launchBackground: LaunchBackground,
                feedLayout: FeedLayout, mapping: PointToPixel) throws {
        self.context = context
        self.images = images
        self.text = try TextRenderer(renderer: context.renderer)
        self.launchBackground = launchBackground
        self.feedLayout = feedLayout
        self.mapping = mapping
        deviceWidth = feedLayout.device.width
        deviceHeight = feedLayout.device.height
    }

    deinit {
        if let feedTexture { SDL_DestroyTexture(feedTexture) }
        if let groupTexture { SDL_DestroyTexture(groupTexture) }
        for t in snapshots.values { SDL_DestroyTexture(t) }
        if let panel { SDL_DestroyTexture(panel.texture) }
        for t in tiles.values { SDL_DestroyTexture(t) }
        if let header { SDL_DestroyTexture(header) }
        if let tabBar { SDL_DestroyTexture(tabBar) }
    }

    var renderer: OpaquePointer { context.renderer }

    /// The pixel rectangle of the device screen.
    var screenPixels: (x: Int, y: Int, width: Int, height: Int) {
        (Int(mapping.offsetX), Int(mapping.offsetY), Int((deviceWidth * mapping.scale).rounded()), Int((deviceHeight * mapping.scale).rounded()))
    }

    /// Call when the output size changes (a window resize): refits the device and drops caches
    /// made at the old size.
    public func setMapping(_ newMapping: PointToPixel) {
        guard newMapping != mapping else { return }
        let rescaled = newMapping.scale != mapping.scale
        mapping = newMapping
        if rescaled {
            if let feedTexture { SDL_DestroyTexture(feedTexture) }
            feedTexture = nil; feedTextureKey = nil
            if let groupTexture { SDL_DestroyTexture(groupTexture) }
            groupTexture = nil
            for t in snapshots.values { SDL_DestroyTexture(t) }
            snapshots = [:]
            if let panel { SDL_DestroyTexture(panel.texture) }
            panel = nil
            for t in tiles.values { SDL_DestroyTexture(t) }
            tiles = [:]
            if let header { SDL_DestroyTexture(header) }
            if let tabBar { SDL_DestroyTexture(tabBar) }
            header = nil; tabBar = nil
        }
    }

    /// The panel's look in a texture of its width and its height plus room for a rubber-banded pull.
    func panelTexture(height: Double) throws -> OpaquePointer {
        if let panel, panel.height == height { return panel.texture }
        if let panel { SDL_DestroyTexture(panel.texture) }
        let layout = PanelLayout(width: deviceWidth, height: height)
        let pixelWidth = screenPixels.width, pixelHeight = Int(((height + 200) * mapping.scale).rounded())
        let t = try makeTargetTexture(width: pixelWidth, height: pixelHeight, blend: SDL_BLENDMODE_BLEND, what: "the panel texture")
        try drawOffscreen(into: t) {
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
            SDL_RenderClear(renderer)
            for element in layout.elements { try draw(element, PointToPixel(scale: mapping.scale)) }
        }
        panel = (t, height)
        return t
    }

    /// A texture to draw into, at pixel size; `what` names it in an error.
    func makeTargetTexture(width: Int, height: Int, blend: SDL_BlendMode, what: String) throws -> OpaquePointer {
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(max(width, 1)), Int32(max(height, 1))) else {
            throw RenderError("SDL could not make \(what): \(sdlError())")
        }
        SDL_SetTextureBlendMode(t, blend)
        return t
    }

    /// Clips drawing to the device screen, as every frame's layers are.
    func clipToScreen() {
        let screen = screenPixels
        var clip = SDL_Rect(x: Int32(screen.x), y: Int32(screen.y), w: Int32(screen.width), h: Int32(screen.height))
        SDL_RenderSetClipRect(renderer, &clip)
    }

    /// Runs drawing code into a target texture, then restores the frame's target and clip.
    func drawOffscreen(into texture: OpaquePointer, _ body: () throws -> Void) throws {
        let previous = SDL_GetRenderTarget(renderer)
        SDL_SetRenderTarget(renderer, texture)
        SDL_RenderSetClipRect(renderer, nil)
        defer {
            SDL_SetRenderTarget(renderer, previous)
            if previous == nil { clipToScreen() }
        }
        try body()
    }

    /// The detail screen of card `index` rendered to a texture at the screen's pixel size, the
    /// snapshot a present animator grows from the card.
    func snapshot(_ index: Int) throws -> OpaquePointer {
        if let t = snapshots[index] { return t }
        let size = (screenPixels.width, screenPixels.height)
        let t = try makeTargetTexture(width: size.0, height: size.1, blend: SDL_BLENDMODE_BLEND, what: "a snapshot texture")
        try drawOffscreen(into: t) {
            let local = PointToPixel(scale: mapping.scale)
            for element in feedLayout.detail(index).elements { try draw(element, local) }
        }
        snapshots[index] = t
        // A full-screen texture per opened card adds up (14 MB each at @3x): keep the last few.
        if snapshots.count > SceneRenderer.snapshotsKept {
            for key in snapshots.keys where key != index && key != prefetchSnapshot {
                SDL_DestroyTexture(snapshots.removeValue(forKey: key)!)
                if snapshots.count <= SceneRenderer.snapshotsKept { break }
            }
        }
        return t
    }

    static let snapshotsKept = 3

    // MARK: Frames

    /// Clears the output and draws the scene into the device's rectangle. With `clearing` false
    /// the rest of the output is left as it is, so a second device screen can be drawn beside a first.
    public func draw(_ scene: Scene, clearing: Bool = true) throws {
        // The feed is drawn into its texture only when a command shows it: the launch frame and
        // the splash's first second never pay for it.
        currentScrollOffset = scene.feedScrollOffset
        prefetchSnapshot = scene.likelyCard
        if scene.commands.contains(where: \.needsFeedTexture) { try prepareFeed(scrollOffset: scene.feedScrollOffset) }
        SDL_SetRenderTarget(renderer, nil)
        let screen = screenPixels
        let output = context.outputSize
        let fillsOutput = screen.x == 0 && screen.y == 0 && screen.width == output.width && screen.height == output.height
        // A clear is a full pass over the output: skip it when the first layer covers every pixel.
        let first = scene.commands.first
        let covered = first == .launchBackground ? launchBackgroundIsOpaque : (first?.coversScreen ?? false)
        if !clearing {
            if !covered {
                setColor(SceneRenderer.surround)
                var rect = SDL_Rect(x: Int32(screen.x), y: Int32(screen.y), w: Int32(screen.width), h: Int32(screen.height))
                SDL_RenderFillRect(renderer, &rect)
            }
        } else if !(fillsOutput && covered) {
            setColor(SceneRenderer.surround)
            SDL_RenderClear(renderer)
        }
        clipToScreen()
        defer { SDL_RenderSetClipRect(renderer, nil) }
        // What lies under the opaque body of a panel is never seen: the feed stops at its top.
        occludedBelow = scene.commands.compactMap { command -> Double? in
            if case let .panel(top, _) = command { return top + PanelLayout.cornerRadius }
            return nil
        }.min()
        // Nor what lies under a growing snapshot, but for its rounded corners.
        occludingSnapshot = scene.commands.compactMap { command -> (Rect, Double)? in
            if case let .cardSnapshot(_, frame, radius) = command { return (frame, radius) }
            return nil
        }.first
        for command in scene.commands { try draw(command, mapping: mapping) }
    }

    private func draw(_ command: DrawCommand, mapping m: PointToPixel) throws {
        switch command {
        case .launchBackground:
            try drawLaunchBackground(m)
        case let .launchBackgroundOutsideHole(hole):
            try drawLaunchBackgroundOutsideHole(hole, m)
        case let .image(ref, layer):
            try drawImage(try images.texture(ref), layer, m)
        case let .feed(scale) where scale == 1:
            for region in visibleFeedRegions() {
                var clip = pixelClip(region, m)
                SDL_RenderSetClipRect(renderer, &clip)
                try drawFeedDirect(scrollOffset: currentScrollOffset, m)
            }
            clipToScreen()
        case let .feed(scale):
            guard let feedTexture else { return }
            var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth * scale, height: deviceHeight * scale, m)
            SDL_SetTextureAlphaMod(feedTexture, 255)
            // The feed is opaque; a 1:1 copy needs no filtering.
            SDL_SetTextureBlendMode(feedTexture, SDL_BLENDMODE_NONE)
            SDL_SetTextureScaleMode(feedTexture, scale == 1 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
            SDL_RenderCopyF(renderer, feedTexture, nil, &dst)
        case let .feedThroughHole(feedScale, hole):
            try drawFeedThroughHole(feedScale: feedScale, hole: hole, m)
        case let .cardSnapshot(index, frame, radius):
            let texture = try snapshot(index)
            // The snapshot is opaque and its rounded outline is geometry: no blending needed.
            try fillRoundedRect(frame, radius: radius, color: .white, texture: texture, m, blend: SDL_BLENDMODE_NONE)
        case let .detail(index):
            for element in feedLayout.detail(index).elements { try draw(element, m) }
        case let .dim(opacity, bottom):
            guard opacity > 0 else { return }
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: min(max(bottom, 0), deviceHeight)), Color(0, 0, 0, UInt8((min(opacity, 1) * 255).rounded())), m)
        case let .panel(top, height):
            let texture = try panelTexture(height: height)
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &w, &h)
            // The rounded top blends; the body below it is opaque and is copied without blending.
            let y = (m.offsetY + top * m.scale).rounded()
            let corner = Int32((PanelLayout.cornerRadius * m.scale).rounded(.up))
            var topSource = SDL_Rect(x: 0, y: 0, w: w, h: corner), bodySource = SDL_Rect(x: 0, y: corner, w: w, h: h - corner)
            var topRect = SDL_FRect(x: Float(m.offsetX), y: Float(y), w: Float(w), h: Float(corner))
            var bodyRect = SDL_FRect(x: Float(m.offsetX), y: Float(y) + Float(corner), w: Float(w), h: Float(h - corner))
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            SDL_RenderCopyF(renderer, texture, &topSource, &topRect)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            SDL_RenderCopyF(renderer, texture, &bodySource, &bodyRect)
        case let .group(opacity, children):
            if opacity >= 1 { for c in children { try draw(c, mapping: m) }; return }
            if opacity <= 0 { return }
            let texture = try groupTarget()
            SDL_SetRenderTarget(renderer, texture)
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
            SDL_RenderClear(renderer)
            let local = PointToPixel(scale: m.scale)
            for c in children { try draw(c, mapping: local) }
            SDL_SetRenderTarget(renderer, nil)
            var clip = SDL_Rect(x: Int32(m.offsetX), y: Int32(m.offsetY), w: Int32(groupTextureSize.0), h: Int32(groupTextureSize.1))
            SDL_RenderSetClipRect(renderer, &clip)
            SDL_SetTextureAlphaMod(texture, UInt8((opacity * 255).rounded()))
            var dst = SDL_FRect(x: Float(m.offsetX), y: Float(m.offsetY), w: Float(groupTextureSize.0), h: Float(groupTextureSize.1))
            SDL_RenderCopyF(renderer, texture, nil, &dst)
        }
    }

    private func groupTarget() throws -> OpaquePointer {
        let size = (screenPixels.width, screenPixels.height)
        if let groupTexture, groupTextureSize == size { return groupTexture }
        if let groupTexture { SDL_DestroyTexture(groupTexture) }
        let t = try makeTargetTexture(width: size.0, height: size.1, blend: SDL_BLENDMODE_BLEND, what: "a layer texture")
        groupTexture = t
        groupTextureSize = size
        return t
    }

    // MARK: Warming caches in idle time

    /// Work the coming frames will need, done ahead in the idle time after a present so that no
    /// frame pays for a first use: the textures behind the disappearance, the feed's photos, the
    /// panel. One step per call, each a few milliseconds at most.
    private lazy var warmUpSteps: [(SceneRenderer) throws -> Void] = {
        var steps: [(SceneRenderer) throws -> Void] = [{ _ = try $0.images.logoOutline() }]
        for index in feedLayout.visibleCards(scrollOffset: 0) {
            let photo = feedLayout.content.ads[index].photo
            steps.append { _ = try $0.images.texture(.photo(photo)) }
        }
        steps.append { try $0.prepareFeed(scrollOffset: 0) }
        steps.append { _ = try $0.panelTexture(height: ($0.deviceHeight * $0.panelHeightFraction).rounded()) }
        return steps
    }()
    private var warmUpIndex = 0
    /// A card whose detail snapshot is likely next (the one under a press), from the scene.
    private var prefetchSnapshot: Int?
    /// The panel's height share, for warming its texture at the size it will be drawn.
    public var panelHeightFraction = 0.6

    /// Does the next warm-up step; false once there is nothing left to do.
    @discardableResult
    public func warmUp() throws -> Bool {
        if let snapshotIndex = prefetchSnapshot, snapshots[snapshotIndex] == nil {
            _ = try snapshot(snapshotIndex)
            SDL_SetRenderTarget(renderer, nil)
            return true
        }
        guard warmUpIndex < warmUpSteps.count else {
            guard let index = nextTileToWarm() else { return false }
            _ = try tile(index)
            SDL_SetRenderTarget(renderer, nil)
            return true
        }
        let step = warmUpSteps[warmUpIndex]
        warmUpIndex += 1
        try step(self)
        SDL_SetRenderTarget(renderer, nil)
        return true
    }

    // MARK: Pieces

    func setColor(_ c: Color) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a) }

    func pixelRect(centerX: Double, centerY: Double, width: Double, height: Double, _ m: PointToPixel) -> SDL_FRect {
        SDL_FRect(x: Float(m.offsetX + (centerX - width / 2) * m.scale), y: Float(m.offsetY + (centerY - height / 2) * m.scale),
                  w: Float(width * m.scale), h: Float(height * m.scale))
    }

    private func drawLaunchBackground(_ m: PointToPixel) throws {
        switch launchBackground {
        case .white:
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: deviceHeight), .white, m)
        case let .image(path):
            var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth, height: deviceHeight, m)
            SDL_RenderCopyF(renderer, try images.launchImageTexture(path), nil, &dst)
        case let .gradient(stops):
            try drawGradient(stops, m)
        }
    }

    /// A vertical gradient as one band of two triangles per pair of stops, colours interpolated
    /// by the rasteriser.
    /// The stops extended to cover 0...1 with the end colours.
    static func fullRange(_ stops: [GradientStop]) -> [GradientStop] {
        var bands = stops
        if bands.first!.location > 0 { bands.insert(GradientStop(location: 0, color: bands.first!.color), at: 0) }
        if bands.last!.location < 1 { bands.append(GradientStop(location: 1, color: bands.last!.color)) }
        return bands
    }

    func drawGradient(_ stops: [GradientStop], _ m: PointToPixel) throws {
        let bands = SceneRenderer.fullRange(stops)
        vertices.removeAll(keepingCapacity: true)
        let left = Float(m.offsetX), right = Float(m.offsetX + deviceWidth * m.scale)
        for i in 0..<(bands.count - 1) {
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
        var dst = SDL_FRect(x: Float(m.offsetX + r.x * m.scale), y: Float(m.offsetY + r.y * m.scale), w: Float(r.width * m.scale), h: Float(r.height * m.scale))
        SDL_RenderFillRectF(renderer, &dst)
    }

    /// A rounded rectangle as a triangle fan, filled with a colour or a texture stretched over it.
    func fillRoundedRect(_ r: Rect, radius: Double, color c: Color, texture: OpaquePointer?, _ m: PointToPixel,
                         blend: SDL_BlendMode = SDL_BLENDMODE_BLEND) throws {
        let radius = min(radius, r.width / 2, r.height / 2)
        if radius <= 0 {
            if let texture {
                var dst = SDL_FRect(x: Float(m.offsetX + r.x * m.scale), y: Float(m.offsetY + r.y * m.scale), w: Float(r.width * m.scale), h: Float(r.height * m.scale))
                SDL_RenderCopyF(renderer, texture, nil, &dst)
            } else { fillRect(r, c, m) }
            return
        }
        vertices.removeAll(keepingCapacity: true)
        let color = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        func vertex(_ x: Double, _ y: Double) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(m.offsetX + x * m.scale), y: Float(m.offsetY + y * m.scale)), color: color,
                       // Clamped: SDL refuses the whole draw if rounding puts one a hair outside [0, 1].
                       tex_coord: SDL_FPoint(x: Float(min(max((x - r.x) / r.width, 0), 1)), y: Float(min(max((y - r.y) / r.height, 0), 1))))
        }
        // Enough segments per corner that the curve looks round at this pixel radius.
        let segments = max(3, min(12, Int(radius * m.scale / 2)))
        var rim = [SDL_Vertex]()
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

    /// The parts of the screen where the feed can show, in points: all of it, less the body of a
    /// panel, less the inside of a card snapshot (its rounded corners stay drawn).
    func visibleFeedRegions() -> [Rect] {
        let bottom = min(occludedBelow ?? deviceHeight, deviceHeight)
        guard bottom > 0 else { return [] }
        guard let (frame, radius) = occludingSnapshot else { return [Rect(x: 0, y: 0, width: deviceWidth, height: bottom)] }
        let inner = Rect(x: frame.x + radius, y: frame.y + radius, width: frame.width - 2 * radius, height: frame.height - 2 * radius)
        guard inner.width > 0, inner.height > 0 else { return [Rect(x: 0, y: 0, width: deviceWidth, height: bottom)] }
        var regions = [Rect(x: 0, y: 0, width: deviceWidth, height: min(inner.y, bottom)),
                       Rect(x: 0, y: inner.maxY, width: deviceWidth, height: bottom - inner.maxY)]
        let bandBottom = min(inner.maxY, bottom)
        regions.append(Rect(x: 0, y: inner.y, width: inner.x, height: bandBottom - inner.y))
        regions.append(Rect(x: inner.maxX, y: inner.y, width: deviceWidth - inner.maxX, height: bandBottom - inner.y))
        return regions.filter { $0.width > 0 && $0.height > 0 }
    }

    /// A rectangle in points as a pixel clip rectangle, rounded outward.
    func pixelClip(_ r: Rect, _ m: PointToPixel) -> SDL_Rect {
        let x0 = (m.offsetX + r.x * m.scale).rounded(.down), y0 = (m.offsetY + r.y * m.scale).rounded(.down)
        let x1 = (m.offsetX + r.maxX * m.scale).rounded(.up), y1 = (m.offsetY + r.maxY * m.scale).rounded(.up)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }

    /// Draws `vertices` as triangles; SDL's refusal (bad texture coordinates, a lost context) is an
    /// error, not a blank. `blend` is the blend mode for this draw (the texture's, or the draw
    /// colour's without one); opaque layers pass NONE.
    func renderGeometry(_ texture: OpaquePointer?, blend: SDL_BlendMode = SDL_BLENDMODE_BLEND) throws {
        if let texture { SDL_SetTextureBlendMode(texture, blend) } else { SDL_SetRenderDrawBlendMode(renderer, blend) }
        defer { if texture == nil { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) } }
        guard SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), nil, 0) == 0 else {
            throw RenderError("SDL could not draw geometry: \(sdlError())")
        }
    }

    /// True when the launch background has no transparency (a gradient of opaque stops, or white).
    var launchBackgroundIsOpaque: Bool {
        switch launchBackground {
        case .white: return true
        case let .gradient(stops): return stops.allSatisfy { $0.color.a == 255 }
        case .image: return false
        }
    }

    func drawImage(_ texture: OpaquePointer, _ layer: LayerState, _ m: PointToPixel) throws {
        guard layer.opacity > 0 else { return }
        SDL_SetTextureAlphaMod(texture, UInt8((min(layer.opacity, 1) * 255).rounded()))
        var dst = pixelRect(centerX: layer.x, centerY: layer.y, width: layer.width, height: layer.height, m)
        // SDL's angle is in degrees, clockwise on screen, the same sense as UIKit's rotation.
        SDL_RenderCopyExF(renderer, texture, nil, &dst, layer.rotation * 180 / Double.pi, nil, SDL_FLIP_NONE)
        SDL_SetTextureAlphaMod(texture, 255)
    }

    /// The feed seen through the logo's outline: triangles textured with the feed at the positions
    /// they cover, and a fringe one pixel wide fading to alpha 0 outside the edge.
    ///
    /// SDL_RenderGeometry refuses texture coordinates outside [0, 1], and a hole that grows past
    /// the screen has vertices far outside it, so triangles are clipped to the feed's rectangle
    /// (Sutherland–Hodgman, attributes interpolated); what stays is exactly the visible part,
    /// which also keeps fill to where the hole is.
    private func drawFeedThroughHole(feedScale: Double, hole: LayerState, _ m: PointToPixel) throws {
        guard let feedTexture else { return }
        // Once the hole covers the screen, it is the feed: one scaled copy.
        if try holeCoversScreen(hole) { return try draw(.feed(scale: feedScale), mapping: m) }
        let outline = try images.logoOutline()
        vertices.removeAll(keepingCapacity: true)
        let placement = HolePlacement(hole: hole, screenWidth: deviceWidth, screenHeight: deviceHeight, textureScale: feedScale)
        emitTriangles(outline.fillTriangles, placement, m)
        SDL_SetTextureAlphaMod(feedTexture, 255)
        // Sampled 1:1 once the feed has settled to scale 1; filtered while it is scaled.
        SDL_SetTextureScaleMode(feedTexture, abs(feedScale - 1) < 1e-4 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        // The inside is opaque: written without blending, which spares the rasteriser a read of
        // every covered pixel. Only the fringe blends.
        if !vertices.isEmpty { try renderGeometry(feedTexture, blend: SDL_BLENDMODE_NONE) }
        vertices.removeAll(keepingCapacity: true)
        // The fringe: one pixel outward, in points.
        let fringe = 1 / m.scale
        for (loop, normals) in zip(outline.contours, outline.contourNormals) {
            let count = loop.count
            var inner = [ClipVertex](), outer = [ClipVertex]()
            inner.reserveCapacity(count); outer.reserveCapacity(count)
            for k in 0..<count {
                let (x, y) = placement.place(loop[k])
                let (nx, ny) = placement.rotate(normals[k])
                inner.append(placement.vertex(x, y, alpha: 1))
                outer.append(placement.vertex(x + nx * fringe, y + ny * fringe, alpha: 0))
            }
            for k in 0..<count {
                let j = (k + 1) % count
                emitClipped(inner[k], inner[j], outer[j], m)
                emitClipped(inner[k], outer[j], outer[k], m)
            }
        }
        guard !vertices.isEmpty else { return }
        try renderGeometry(feedTexture, blend: SDL_BLENDMODE_BLEND)
    }

    /// The backdrop around the hole. Drawing the background (a few vertex-coloured triangles)
    /// with the hole over it measured cheaper under Mesa's llvmpipe than cutting the hole out of
    /// it exactly (hundreds of thin triangles). So it is drawn whole but for a square surely
    /// inside the hole, cut out with clip rectangles; once the hole covers every corner of the
    /// screen the backdrop is skipped.
    private func drawLaunchBackgroundOutsideHole(_ hole: LayerState, _ m: PointToPixel) throws {
        if try holeCoversScreen(hole) { return }
        // Around the square surely inside the hole, as up to four clipped copies of the background.
        let half = try images.logoOutline().inscribedRadius * hole.width / 2.0.squareRoot() - 1
        guard half > 8 else { return try drawLaunchBackground(m) }
        let inner = Rect(x: hole.x - half, y: hole.y - half, width: 2 * half, height: 2 * half)
        let regions = [Rect(x: 0, y: 0, width: deviceWidth, height: inner.y),
                       Rect(x: 0, y: inner.maxY, width: deviceWidth, height: deviceHeight - inner.maxY),
                       Rect(x: 0, y: inner.y, width: inner.x, height: inner.height),
                       Rect(x: inner.maxX, y: inner.y, width: deviceWidth - inner.maxX, height: inner.height)]
        for region in regions where region.width > 0 && region.height > 0 {
            var clip = pixelClip(region, m)
            SDL_RenderSetClipRect(renderer, &clip)
            try drawLaunchBackground(m)
        }
        clipToScreen()
    }

    /// True when the hole's shape contains all four corners of the screen (and, for a convex
    /// screen inside a shape traced this finely, the screen).
    func holeCoversScreen(_ hole: LayerState) throws -> Bool {
        // Asked by the backdrop and by the hole of the same frame: answer once.
        if let last = lastCoverage, last.hole == hole { return last.covers }
        let covers = try computeHoleCoversScreen(hole)
        lastCoverage = (hole, covers)
        return covers
    }

    private var lastCoverage: (hole: LayerState, covers: Bool)?

    private func computeHoleCoversScreen(_ hole: LayerState) throws -> Bool {
        let outline = try images.logoOutline()
        let cosA = cos(-hole.rotation), sinA = sin(-hole.rotation)
        for (x, y) in [(0.0, 0.0), (deviceWidth, 0), (0, deviceHeight), (deviceWidth, deviceHeight)] {
            let dx = x - hole.x, dy = y - hole.y
            let lx = dx * cosA - dy * sinA, ly = dx * sinA + dy * cosA
            if !outline.contains(UnitPoint(lx / hole.width + 0.5, ly / hole.height + 0.5)) { return false }
        }
        return true
    }

    private func emitTriangles(_ triangles: [UnitPoint], _ placement: HolePlacement, _ m: PointToPixel) {
        var i = 0
        while i + 2 < triangles.count {
            let (ax, ay) = placement.place(triangles[i]), (bx, by) = placement.place(triangles[i + 1]), (qx, qy) = placement.place(triangles[i + 2])
            emitClipped(placement.vertex(ax, ay, alpha: 1), placement.vertex(bx, by, alpha: 1), placement.vertex(qx, qy, alpha: 1), m)
            i += 3
        }
    }

    /// Appends a triangle clipped to texture coordinates [0, 1]², as SDL vertices in pixels.
    private func emitClipped(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, _ m: PointToPixel) {
        @inline(__always) func inside(_ p: ClipVertex) -> Bool { p.u >= 0 && p.u <= 1 && p.v >= 0 && p.v <= 1 }
        if inside(a) && inside(b) && inside(c) {
            vertices.append(a.sdl(m)); vertices.append(b.sdl(m)); vertices.append(c.sdl(m))
            return
        }
        emitFan(ClipVertex.clip([a, b, c]), m)
    }

    private func emitFan(_ polygon: [ClipVertex], _ m: PointToPixel) {
        guard polygon.count >= 3 else { return }
        let first = polygon[0].sdl(m)
        for k in 1..<(polygon.count - 1) {
            vertices.append(first)
            vertices.append(polygon[k].sdl(m))
            vertices.append(polygon[k + 1].sdl(m))
        }
    }

    // MARK: The feed layer

    /// Renders the feed into its texture when the scroll offset or the scale changed. Only a
    /// scaled feed or the hole needs it; at scale 1 the feed is composed straight onto the screen.
    func prepareFeed(scrollOffset: Double) throws {
        if let key = feedTextureKey, key.scrollOffset == scrollOffset, key.scale == mapping.scale, feedTexture != nil { return }
        let size = (screenPixels.width, screenPixels.height)
        if feedTexture == nil {
            let t = try makeTargetTexture(width: size.0, height: size.1, blend: SDL_BLENDMODE_BLEND, what: "the feed texture")
            feedTexture = t
        }
        try drawOffscreen(into: feedTexture!) {
            try drawFeedDirect(scrollOffset: scrollOffset, PointToPixel(scale: mapping.scale))
        }
        feedTextureKey = (scrollOffset, mapping.scale)
    }

    // MARK: The feed, composed from cached pieces

    /// The scrolling grid is cut into tiles this tall (points), each drawn once into a texture;
    /// a scrolled frame is then a few 1:1 copies instead of every card drawn again.
    static let tileHeight = 512.0
    private var tiles: [Int: OpaquePointer] = [:]
    private var header: OpaquePointer?
    private var tabBar: OpaquePointer?
    /// The tiles the last frame showed, for warming their neighbours.
    private var lastVisibleTiles: ClosedRange<Int> = 0...0

    var tileHeightPixels: Int { Int((SceneRenderer.tileHeight * mapping.scale).rounded()) }

    /// A texture of `elements` drawn at the current scale, `height` points tall and the screen's width.
    func pieceTexture(height: Double, _ elements: [FeedElement]) throws -> OpaquePointer {
        let h = Int((height * mapping.scale).rounded(.up))
        let t = try makeTargetTexture(width: screenPixels.width, height: max(h, 1), blend: SDL_BLENDMODE_NONE, what: "a feed texture")
        SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest)
        try drawOffscreen(into: t) {
            for element in elements { try draw(element, PointToPixel(scale: mapping.scale)) }
        }
        return t
    }

    func tile(_ index: Int) throws -> OpaquePointer {
        if let t = tiles[index] { return t }
        let top = Double(index * tileHeightPixels) / mapping.scale
        let t = try pieceTexture(height: Double(tileHeightPixels) / mapping.scale, feedLayout.gridElements(top: top, height: SceneRenderer.tileHeight + 1))
        tiles[index] = t
        return t
    }

    /// The feed at a scroll offset, composed onto the current target: the grid from its tiles
    /// (content snapped to whole pixels, as UIKit draws it), then the header and the tab bar.
    func drawFeedDirect(scrollOffset: Double, _ m: PointToPixel) throws {
        let k = m.scale
        let ox = Int(m.offsetX), oy = Int(m.offsetY), width = screenPixels.width
        let viewport = feedLayout.viewport
        let viewTop = Int((viewport.y * k).rounded()), viewBottom = Int((viewport.maxY * k).rounded())
        let offset = Int((scrollOffset * k).rounded())
        let contentBottom = Int((feedLayout.contentHeight * k).rounded(.up))
        let tileHeight = tileHeightPixels
        // Background where the rubber band pulls past either end of the content.
        if offset < 0 {
            fillPixelRect(x: ox, y: oy + viewTop, width: width, height: min(-offset, viewBottom - viewTop), FeedLayout.background)
        }
        let contentEnd = offset + (viewBottom - viewTop)
        if contentEnd > contentBottom {
            let gap = min(contentEnd - contentBottom, viewBottom - viewTop)
            fillPixelRect(x: ox, y: oy + viewBottom - gap, width: width, height: gap, FeedLayout.background)
        }
        let first = max(offset, 0), last = min(contentEnd, contentBottom)
        if last > first {
            let firstTile = first / tileHeight, lastTile = (last - 1) / tileHeight
            for index in firstTile...lastTile {
                let tileTop = index * tileHeight
                let from = max(first, tileTop), to = min(last, tileTop + tileHeight)
                guard to > from else { continue }
                var src = SDL_Rect(x: 0, y: Int32(from - tileTop), w: Int32(width), h: Int32(to - from))
                var dst = SDL_Rect(x: Int32(ox), y: Int32(oy + viewTop + from - offset), w: Int32(width), h: Int32(to - from))
                SDL_RenderCopy(renderer, try tile(index), &src, &dst)
            }
            lastVisibleTiles = firstTile...lastTile
            // Tiles far from view are dropped; memory stays a few screens' worth on every device.
            for key in tiles.keys where key < firstTile - 2 || key > lastTile + 2 {
                SDL_DestroyTexture(tiles.removeValue(forKey: key)!)
            }
        }
        if header == nil { header = try pieceTexture(height: feedLayout.headerHeight, feedLayout.headerElements) }
        if tabBar == nil { tabBar = try pieceTexture(height: FeedLayout.tabBarHeight, feedLayout.tabBarElements) }
        var headerRect = SDL_Rect(x: Int32(ox), y: Int32(oy), w: Int32(width), h: Int32(viewTop))
        var headerSource = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(viewTop))
        SDL_RenderCopy(renderer, header, &headerSource, &headerRect)
        let tabTop = viewBottom, tabHeight = screenPixels.height - viewBottom
        var tabRect = SDL_Rect(x: Int32(ox), y: Int32(oy + tabTop), w: Int32(width), h: Int32(tabHeight))
        var tabSource = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(tabHeight))
        SDL_RenderCopy(renderer, tabBar, &tabSource, &tabRect)
    }

    func fillPixelRect(x: Int, y: Int, width: Int, height: Int, _ c: Color) {
        guard width > 0, height > 0 else { return }
        setColor(c)
        SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        SDL_RenderFillRect(renderer, &r)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Tiles next to the ones on screen, warmed before a scroll reaches them.
    func nextTileToWarm() -> Int? {
        let maxTile = max(Int((feedLayout.contentHeight * mapping.scale).rounded(.up)) - 1, 0) / tileHeightPixels
        for index in [lastVisibleTiles.upperBound + 1, lastVisibleTiles.lowerBound - 1] where index >= 0 && index <= maxTile && tiles[index] == nil {
            return index
        }
        return nil
    }

    func draw(_ element: FeedElement, _ m: PointToPixel) throws {
        switch element {
        case let .rect(r, c, radius):
            try fillRoundedRect(r, radius: radius, color: c, texture: nil, m)
        case let .image(ref, r, radius):
            try fillRoundedRect(r, radius: radius, color: .white, texture: try images.texture(ref), m)
        case let .text(string, x, y, size, bold, color, maxWidth):
            guard let t = try text.texture(string, pixelSize: Int((size * m.scale).rounded()), bold: bold, color: color,
                                           maxWidth: Int(maxWidth * m.scale)) else { return }
            var dst = SDL_FRect(x: Float((m.offsetX + x * m.scale).rounded()), y: Float((m.offsetY + y * m.scale).rounded()), w: Float(t.width), h: Float(t.height))
            SDL_RenderCopyF(renderer, t.texture, nil, &dst)
        case let .paragraph(string, x, y, size, color, width):
            guard let t = try text.paragraph(string, pixelSize: Int((size * m.scale).rounded()), color: color, wrapWidth: Int(width * m.scale)) else { return }
            var dst = SDL_FRect(x: Float((m.offsetX + x * m.scale).rounded()), y: Float((m.offsetY + y * m.scale).rounded()), w: Float(t.width), h: Float(t.height))
            SDL_RenderCopyF(renderer, t.texture, nil, &dst)
        }
    }
}

extension DrawCommand {
    /// True for commands that paint every pixel of the screen opaquely.
    var coversScreen: Bool {
        switch self {
        case .launchBackgroundOutsideHole, .detail: return true
        case let .feed(scale): return scale >= 1
        default: return false
        }
    }

    /// True for commands that draw the feed from its texture: scaled, or through the hole. At
    /// scale 1 the feed is composed straight from its tiles.
    var needsFeedTexture: Bool {
        switch self {
        case let .feed(scale): return scale != 1
        case .feedThroughHole: return true
        case let .group(_, children): return children.contains(where: \.needsFeedTexture)
        default: return false
        }
    }
}

/// A vertex of the hole's geometry before clipping: screen position in points, texture
/// coordinates and alpha, all interpolated together.
struct ClipVertex {
    var x: Double, y: Double, u: Double, v: Double, alpha: Double

    @inline(__always) func lerp(_ o: ClipVertex, _ t: Double) -> ClipVertex {
        ClipVertex(x: x + (o.x - x) * t, y: y + (o.y - y) * t, u: u + (o.u - u) * t, v: v + (o.v - v) * t, alpha: alpha + (o.alpha - alpha) * t)
    }

    /// Texture coordinates are clamped to [0, 1]: clipping leaves them there up to rounding, and
    /// SDL rejects the whole draw for a coordinate a hair outside.
    @inline(__always) func sdl(_ m: PointToPixel) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(m.offsetX + x * m.scale), y: Float(m.offsetY + y * m.scale)),
                   color: SDL_Color(r: 255, g: 255, b: 255, a: UInt8((min(max(alpha, 0), 1) * 255).rounded())),
                   tex_coord: SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1))))
    }

    /// Sutherland–Hodgman: the part of a convex polygon with texture coordinates in [0, 1]²,
    /// attributes interpolated along the cut edges.
    static func clip(_ input: [ClipVertex]) -> [ClipVertex] {
        var polygon = input
        @inline(__always) func distance(_ p: ClipVertex, _ plane: Int) -> Double {
            switch plane {
            case 0: return p.v
            case 1: return 1 - p.v
            case 2: return p.u
            default: return 1 - p.u
            }
        }
        for plane in 0..<4 {
            guard !polygon.isEmpty else { return [] }
            var output = [ClipVertex]()
            output.reserveCapacity(polygon.count + 2)
            for k in 0..<polygon.count {
                let current = polygon[k], next = polygon[(k + 1) % polygon.count]
                let fc = distance(current, plane), fn = distance(next, plane)
                if fc >= 0 { output.append(current) }
                if (fc >= 0) != (fn >= 0) { output.append(current.lerp(next, fc / (fc - fn))) }
            }
            polygon = output
        }
        return polygon
    }
}

/// Where the logo's unit square lands on screen for a hole (centre, size, rotation), and the
/// texture coordinates of a screen point for a texture drawn full screen at `textureScale`
/// about the screen centre.
struct HolePlacement {
    let hole: LayerState
    let cosA: Double, sinA: Double
    let cx: Double, cy: Double, invW: Double, invH: Double, invScale: Double

    init(hole: LayerState, screenWidth: Double, screenHeight: Double, textureScale: Double) {
        self.hole = hole
        cosA = cos(hole.rotation); sinA = sin(hole.rotation)
        cx = screenWidth / 2; cy = screenHeight / 2
        invW = 1 / screenWidth; invH = 1 / screenHeight; invScale = 1 / textureScale
    }

    /// Screen point, in points, of a point of the logo's unit square.
    @inline(__always) func place(_ p: UnitPoint) -> (Double, Double) {
        let lx = (p.x - 0.5) * hole.width, ly = (p.y - 0.5) * hole.height
        return (hole.x + lx * cosA - ly * sinA, hole.y + lx * sinA + ly * cosA)
    }

    @inline(__always) func rotate(_ n: UnitPoint) -> (Double, Double) { (n.x * cosA - n.y * sinA, n.x * sinA + n.y * cosA) }

    @inline(__always) func vertex(_ px: Double, _ py: Double, alpha: Double) -> ClipVertex {
        ClipVertex(x: px, y: py, u: (cx + (px - cx) * invScale) * invW, v: (cy + (py - cy) * invScale) * invH, alpha: alpha)
    }
}
