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
        try prepareFeed(scrollOffset: scene.feedScrollOffset)
        SDL_SetRenderTarget(renderer, nil)
        setColor(SceneRenderer.surround)
        SDL_RenderClear(renderer)
        let screen = screenPixels
        var clip = SDL_Rect(x: Int32(screen.x), y: Int32(screen.y), w: Int32(screen.width), h: Int32(screen.height))
        SDL_RenderSetClipRect(renderer, &clip)
        defer { SDL_RenderSetClipRect(renderer, nil) }
        for command in scene.commands { try draw(command, mapping: mapping) }
    }

    private func draw(_ command: DrawCommand, mapping m: PointToPixel) throws {
        switch command {
        case .launchBackground:
            try drawLaunchBackground(m)
        case let .image(ref, layer):
            try drawImage(try images.texture(ref), layer, m)
        case let .feed(scale):
            guard let feedTexture else { return }
            var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth * scale, height: deviceHeight * scale, m)
            SDL_SetTextureAlphaMod(feedTexture, 255)
            SDL_RenderCopyF(renderer, feedTexture, nil, &dst)
        case let .feedThroughHole(feedScale, hole):
            try drawFeedThroughHole(feedScale: feedScale, hole: hole, m)
        case let .cardSnapshot(index, frame, radius):
            let texture = try snapshot(index)
            try fillRoundedRect(frame, radius: radius, color: .white, texture: texture, m)
        case let .detail(index):
            for element in feedLayout.detail(index).elements { try draw(element, m) }
        case let .dim(opacity):
            guard opacity > 0 else { return }
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: deviceHeight), Color(0, 0, 0, UInt8((min(opacity, 1) * 255).rounded())), m)
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
    func drawGradient(_ stops: [GradientStop], _ m: PointToPixel) throws {
        var bands = stops
        if bands.first!.location > 0 { bands.insert(GradientStop(location: 0, color: bands.first!.color), at: 0) }
        if bands.last!.location < 1 { bands.append(GradientStop(location: 1, color: bands.last!.color)) }
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
        try renderGeometry(nil)
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

    /// Draws `vertices` as triangles; SDL's refusal (bad texture coordinates, a lost context) is an error, not a blank.
    func renderGeometry(_ texture: OpaquePointer?) throws {
        guard SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), nil, 0) == 0 else {
            throw RenderError("SDL could not draw geometry: \(sdlError())")
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
        let outline = try images.logoOutline()
        let side = hole.width
        let cosA = cos(hole.rotation), sinA = sin(hole.rotation)
        let cx = deviceWidth / 2, cy = deviceHeight / 2
        let invW = 1 / deviceWidth, invH = 1 / deviceHeight, invScale = 1 / feedScale
        /// A vertex at a screen point (in points) with an alpha; texture coordinates undo the
        /// feed's scale about the screen centre.
        @inline(__always) func vertex(_ px: Double, _ py: Double, _ alpha: Double) -> ClipVertex {
            ClipVertex(x: px, y: py, u: (cx + (px - cx) * invScale) * invW, v: (cy + (py - cy) * invScale) * invH, alpha: alpha)
        }
        @inline(__always) func place(_ p: UnitPoint) -> (Double, Double) {
            let lx = (p.x - 0.5) * side, ly = (p.y - 0.5) * side
            return (hole.x + lx * cosA - ly * sinA, hole.y + lx * sinA + ly * cosA)
        }
        vertices.removeAll(keepingCapacity: true)
        let triangles = outline.fillTriangles
        var i = 0
        while i + 2 < triangles.count {
            let (ax, ay) = place(triangles[i]), (bx, by) = place(triangles[i + 1]), (qx, qy) = place(triangles[i + 2])
            emitClipped(vertex(ax, ay, 1), vertex(bx, by, 1), vertex(qx, qy, 1), m)
            i += 3
        }
        // The fringe: one pixel outward, in points.
        let fringe = 1 / m.scale
        for (loop, normals) in zip(outline.contours, outline.contourNormals) {
            let count = loop.count
            var inner = [ClipVertex](), outer = [ClipVertex]()
            inner.reserveCapacity(count); outer.reserveCapacity(count)
            for k in 0..<count {
                let (x, y) = place(loop[k])
                let n = normals[k]
                let nx = n.x * cosA - n.y * sinA, ny = n.x * sinA + n.y * cosA
                inner.append(vertex(x, y, 1))
                outer.append(vertex(x + nx * fringe, y + ny * fringe, 0))
            }
            for k in 0..<count {
                let j = (k + 1) % count
                emitClipped(inner[k], inner[j], outer[j], m)
                emitClipped(inner[k], outer[j], outer[k], m)
            }
        }
        guard !vertices.isEmpty else { return }
        SDL_SetTextureAlphaMod(feedTexture, 255)
        try renderGeometry(feedTexture)
    }

    /// Appends a triangle clipped to texture coordinates [0, 1]², as SDL vertices in pixels.
    private func emitClipped(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, _ m: PointToPixel) {
        @inline(__always) func inside(_ p: ClipVertex) -> Bool { p.u >= 0 && p.u <= 1 && p.v >= 0 && p.v <= 1 }
        if inside(a) && inside(b) && inside(c) {
            vertices.append(a.sdl(m)); vertices.append(b.sdl(m)); vertices.append(c.sdl(m))
            return
        }
        var polygon = [a, b, c]
        // Each plane keeps points where f(p) >= 0.
        let planes: [(ClipVertex) -> Double] = [{ $0.u }, { 1 - $0.u }, { $0.v }, { 1 - $0.v }]
        for plane in planes {
            guard !polygon.isEmpty else { return }
            var output = [ClipVertex]()
            output.reserveCapacity(polygon.count + 2)
            for k in 0..<polygon.count {
                let current = polygon[k], next = polygon[(k + 1) % polygon.count]
                let fc = plane(current), fn = plane(next)
                if fc >= 0 { output.append(current) }
                if (fc >= 0) != (fn >= 0) { output.append(current.lerp(next, fc / (fc - fn))) }
            }
            polygon = output
        }
        guard polygon.count >= 3 else { return }
        let first = polygon[0].sdl(m)
        for k in 1..<(polygon.count - 1) {
            vertices.append(first); vertices.append(polygon[k].sdl(m)); vertices.append(polygon[k + 1].sdl(m))
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
}
