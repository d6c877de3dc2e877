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
        }
    }

    /// The panel's look in a texture of its width and its height plus room for a rubber-banded pull.
    func panelTexture(height: Double) throws -> OpaquePointer {
        if let panel, panel.height == height { return panel.texture }
        if let panel { SDL_DestroyTexture(panel.texture) }
        let layout = PanelLayout(width: deviceWidth, height: height)
        let pixelWidth = screenPixels.width, pixelHeight = Int(((height + 200) * mapping.scale).rounded())
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(pixelWidth), Int32(pixelHeight)) else {
            throw RenderError("SDL could not make the panel texture: \(sdlError())")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        try drawOffscreen(into: t) {
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
            SDL_RenderClear(renderer)
            for element in layout.elements { try draw(element, PointToPixel(scale: mapping.scale)) }
        }
        panel = (t, height)
        return t
    }

    /// Runs drawing code into a target texture, then restores the frame's target and clip.
    func drawOffscreen(into texture: OpaquePointer, _ body: () throws -> Void) throws {
        let previous = SDL_GetRenderTarget(renderer)
        SDL_SetRenderTarget(renderer, texture)
        SDL_RenderSetClipRect(renderer, nil)
        defer {
            SDL_SetRenderTarget(renderer, previous)
            if previous == nil {
                var clip = SDL_Rect(x: Int32(screenPixels.x), y: Int32(screenPixels.y), w: Int32(screenPixels.width), h: Int32(screenPixels.height))
                SDL_RenderSetClipRect(renderer, &clip)
            }
        }
        try body()
    }

    /// The detail screen of card `index` rendered to a texture at the screen's pixel size, the
    /// snapshot a present animator grows from the card.
    func snapshot(_ index: Int) throws -> OpaquePointer {
        if let t = snapshots[index] { return t }
        let size = (screenPixels.width, screenPixels.height)
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(size.0), Int32(size.1)) else {
            throw RenderError("SDL could not make a snapshot texture: \(sdlError())")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        try drawOffscreen(into: t) {
            let local = PointToPixel(scale: mapping.scale)
            for element in feedLayout.detail(index).elements { try draw(element, local) }
        }
        snapshots[index] = t
        return t
    }

    // MARK: Frames

    /// Clears the output and draws the scene into the device's rectangle.
    public func draw(_ scene: Scene) throws {
        // The feed is drawn into its texture only when a command shows it: the launch frame and
        // the splash's first second never pay for it.
        if scene.commands.contains(where: \.drawsFeed) { try prepareFeed(scrollOffset: scene.feedScrollOffset) }
        SDL_SetRenderTarget(renderer, nil)
        let screen = screenPixels
        let output = context.outputSize
        let fillsOutput = screen.x == 0 && screen.y == 0 && screen.width == output.width && screen.height == output.height
        // A clear is a full pass over the output: skip it when the first layer covers every pixel.
        let first = scene.commands.first
        let covered = first == .launchBackground ? launchBackgroundIsOpaque : (first?.coversScreen ?? false)
        if !(fillsOutput && covered) {
            setColor(SceneRenderer.surround)
            SDL_RenderClear(renderer)
        }
        var clip = SDL_Rect(x: Int32(screen.x), y: Int32(screen.y), w: Int32(screen.width), h: Int32(screen.height))
        SDL_RenderSetClipRect(renderer, &clip)
        defer { SDL_RenderSetClipRect(renderer, nil) }
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
            try fillRoundedRect(frame, radius: radius, color: .white, texture: texture, m)
        case let .detail(index):
            for element in feedLayout.detail(index).elements { try draw(element, m) }
        case let .dim(opacity, bottom):
            guard opacity > 0 else { return }
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: min(max(bottom, 0), deviceHeight)), Color(0, 0, 0, UInt8((min(opacity, 1) * 255).rounded())), m)
        case let .panel(top, height):
            let texture = try panelTexture(height: height)
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &w, &h)
            var dst = SDL_FRect(x: Float(m.offsetX), y: Float(m.offsetY + top * m.scale), w: Float(w), h: Float(h))
            SDL_RenderCopyF(renderer, texture, nil, &dst)
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
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(size.0), Int32(size.1)) else {
            throw RenderError("SDL could not make a layer texture: \(sdlError())")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
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
    /// The panel's height share, for warming its texture at the size it will be drawn.
    public var panelHeightFraction = 0.6

    /// Does the next warm-up step; false once there is nothing left to do.
    @discardableResult
    public func warmUp() throws -> Bool {
        guard warmUpIndex < warmUpSteps.count else { return false }
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
    func fillRoundedRect(_ r: Rect, radius: Double, color c: Color, texture: OpaquePointer?, _ m: PointToPixel) throws {
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
        try renderGeometry(texture)
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

    /// The backdrop around the hole. Drawing the whole background (a few vertex-coloured
    /// triangles) and the hole over it measured cheaper under Mesa's llvmpipe than cutting the
    /// hole out of it (hundreds of thin triangles), so the cut-out is not drawn; once the hole
    /// covers every corner of the screen nothing around it shows and the backdrop is skipped.
    private func drawLaunchBackgroundOutsideHole(_ hole: LayerState, _ m: PointToPixel) throws {
        if try holeCoversScreen(hole) { return }
        try drawLaunchBackground(m)
    }

    /// True when the hole's shape contains all four corners of the screen (and, for a convex
    /// screen inside a shape traced this finely, the screen).
    func holeCoversScreen(_ hole: LayerState) throws -> Bool {
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

    /// Renders the feed into its texture when the scroll offset or the scale changed.
    func prepareFeed(scrollOffset: Double) throws {
        if let key = feedTextureKey, key.scrollOffset == scrollOffset, key.scale == mapping.scale, feedTexture != nil { return }
        let size = (screenPixels.width, screenPixels.height)
        if feedTexture == nil {
            guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                            Int32(size.0), Int32(size.1)) else {
                throw RenderError("SDL could not make the feed texture: \(sdlError())")
            }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            feedTexture = t
        }
        SDL_SetRenderTarget(renderer, feedTexture)
        defer { SDL_SetRenderTarget(renderer, nil) }
        let local = PointToPixel(scale: mapping.scale)
        for element in feedLayout.elements(scrollOffset: scrollOffset) { try draw(element, local) }
        feedTextureKey = (scrollOffset, mapping.scale)
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

    /// True for commands that draw the feed's texture.
    var drawsFeed: Bool {
        switch self {
        case .feed, .feedThroughHole: return true
        case let .group(_, children): return children.contains(where: \.drawsFeed)
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
