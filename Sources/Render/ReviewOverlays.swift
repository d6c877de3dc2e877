import CSDL2
import Formats
import Foundation
import Scenes

// MARK: - Finger markers

/// Draws `TouchMarkers` over the device screen: a translucent grey disc with a light rim, as the
/// iOS Simulator shows touches, so it reads over the dark gradient and the white feed alike.
/// Drawn after the scene, clipped to the device, and never into the model.
public final class TouchMarkerRenderer {
    let renderer: OpaquePointer
    private var vertices: [SDL_Vertex] = []

    static let fill = Color(110, 110, 118)
    static let rim = Color(255, 255, 255)
    /// The disc's and the rim's opacity at full strength: the app stays readable through the disc.
    static let fillAlpha = 0.5, rimAlpha = 0.9
    /// The rim's width in points.
    static let rimWidth = 2.0
    /// Vertices handed to SDL at a time. A long drag's trail is hundreds of markers of up to 96
    /// segments: over a 10-minute soak this buffer grew to 2.6 MB and, emptied with its capacity
    /// kept, stayed that size (heaptrack, live heap at 100 s and at 460 s). In batches, each
    /// flushed to GL, this buffer, SDL's vertex copy and the driver's vertex buffer stay near
    /// this size (160 KB) however many markers a frame shows.
    static let batchVertices = 8192

    public init(renderer: OpaquePointer) { self.renderer = renderer }

    /// Draws the markers over a device of `width` × `height` points placed by `mapping`, clipped to
    /// it; the clip rectangle is left unset afterwards.
    public func draw(_ markers: [TouchMarker], mapping m: PointToPixel, deviceWidth: Double, deviceHeight: Double) throws {
        guard !markers.isEmpty else { return }
        var clip = SDL_Rect(x: Int32(m.offsetX.rounded()), y: Int32(m.offsetY.rounded()),
                            w: Int32((deviceWidth * m.scale).rounded()), h: Int32((deviceHeight * m.scale).rounded()))
        SDL_RenderSetClipRect(renderer, &clip)
        defer { SDL_RenderSetClipRect(renderer, nil) }
        vertices.removeAll(keepingCapacity: true)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        for marker in markers where marker.opacity > 0 {
            if vertices.count >= TouchMarkerRenderer.batchVertices { try send(flushing: true) }
            let cx = m.offsetX + marker.x * m.scale, cy = m.offsetY + marker.y * m.scale
            let r = marker.radius * m.scale
            // Enough segments that the edge looks round at this pixel radius.
            let segments = max(16, min(96, Int(r)))
            let fillColor = TouchMarkerRenderer.fill.with(alpha: TouchMarkerRenderer.fillAlpha * marker.opacity)
            if marker.isHead {
                let rimWidth = max(TouchMarkerRenderer.rimWidth * m.scale, 1)
                disc(cx, cy, radius: r - rimWidth, color: fillColor, segments: segments)
                ring(cx, cy, inner: r - rimWidth, outer: r, color: TouchMarkerRenderer.rim.with(alpha: TouchMarkerRenderer.rimAlpha * marker.opacity),
                     segments: segments)
            } else {
                disc(cx, cy, radius: r, color: fillColor, segments: segments)
            }
        }
        try send(flushing: false)
    }

    /// Hands the vertices gathered so far to SDL and empties the buffer. `flushing` also sends
    /// SDL's batch on to GL, so that its copy of the vertices does not grow with the frame's.
    private func send(flushing: Bool) throws {
        guard !vertices.isEmpty else { return }
        guard SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0) == 0 else {
            throw RenderError("SDL could not draw the touch markers: \(sdlError())")
        }
        vertices.removeAll(keepingCapacity: true)
        if flushing { SDL_RenderFlush(renderer) }
    }

    /// The vertex buffer's capacity, in vertices: bounded by `batchVertices` and one marker.
    var vertexCapacity: Int { vertices.capacity }

    /// A filled disc as a fan, with a one-pixel fringe fading to alpha 0 for a smooth edge (the
    /// technique SceneRenderer uses for the hole).
    private func disc(_ cx: Double, _ cy: Double, radius: Double, color: SDL_Color, segments: Int) {
        let centre = vertex(cx, cy, color)
        var clear = color
        clear.a = 0
        for s in 0..<segments {
            let a0 = Double(s) / Double(segments) * 2 * .pi, a1 = Double(s + 1) / Double(segments) * 2 * .pi
            let p0 = vertex(cx + cos(a0) * radius, cy + sin(a0) * radius, color)
            let p1 = vertex(cx + cos(a1) * radius, cy + sin(a1) * radius, color)
            let q0 = vertex(cx + cos(a0) * (radius + 1), cy + sin(a0) * (radius + 1), clear)
            let q1 = vertex(cx + cos(a1) * (radius + 1), cy + sin(a1) * (radius + 1), clear)
            triangle(centre, p0, p1); triangle(p0, q0, q1); triangle(p0, q1, p1)
        }
    }

    private func ring(_ cx: Double, _ cy: Double, inner: Double, outer: Double, color: SDL_Color, segments: Int) {
        var clear = color
        clear.a = 0
        for s in 0..<segments {
            let a0 = Double(s) / Double(segments) * 2 * .pi, a1 = Double(s + 1) / Double(segments) * 2 * .pi
            func at(_ a: Double, _ r: Double, _ c: SDL_Color) -> SDL_Vertex { vertex(cx + cos(a) * r, cy + sin(a) * r, c) }
            let i0 = at(a0, inner, color), i1 = at(a1, inner, color), o0 = at(a0, outer, color), o1 = at(a1, outer, color)
            let f0 = at(a0, outer + 1, clear), f1 = at(a1, outer + 1, clear)
            triangle(i0, o0, o1); triangle(i0, o1, i1); triangle(o0, f0, f1); triangle(o0, f1, o1)
        }
    }

    /// Appends one triangle. An array literal per segment allocated on every call: 80,000
    /// allocations a second with touches shown (heaptrack, debug build).
    @inline(__always) private func triangle(_ a: SDL_Vertex, _ b: SDL_Vertex, _ c: SDL_Vertex) {
        vertices.append(a); vertices.append(b); vertices.append(c)
    }

    private func vertex(_ x: Double, _ y: Double, _ c: SDL_Color) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
    }
}

extension Color {
    func with(alpha: Double) -> SDL_Color {
        SDL_Color(r: r, g: g, b: b, a: UInt8((min(max(alpha, 0), 1) * 255).rounded()))
    }
}

// MARK: - Review sheet layout

/// Where each device tile, its label and the strip go on a review frame (a side-by-side grid, a
/// filmstrip, or one device with a burn-in strip), in output pixels. Labels and the strip sit
/// outside the tiles, so no overlay ever covers the app. Pure arithmetic, tested without SDL.
public struct ReviewLayout: Equatable, Sendable {
    public struct Box: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    }
    public let tileWidth: Int, tileHeight: Int
    public let columns: Int, rows: Int
    /// Space between and around tiles: none for a single tile, so its pixels start at the edge.
    public let gap: Int
    public let labelHeight: Int
    public let stripHeight: Int
    public let width: Int, height: Int
    public let tileCount: Int

    /// The aspect a grid is fitted to: a 16:9 screen or video player.
    public static let targetAspect = 16.0 / 9.0

    /// - Parameters:
    ///   - labelHeight: pixels above each tile for its label (0 for none).
    ///   - stripHeight: pixels below the grid for the shared strip (0 for none).
    ///   - gap: pixels between and around tiles when there is more than one.
    public init(tileWidth: Int, tileHeight: Int, count: Int, labelHeight: Int, stripHeight: Int, gap: Int) {
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        tileCount = max(count, 1)
        self.labelHeight = labelHeight
        self.stripHeight = stripHeight
        self.gap = tileCount > 1 ? gap : 0
        columns = ReviewLayout.columns(count: tileCount, cellWidth: tileWidth + self.gap, cellHeight: tileHeight + labelHeight + self.gap)
        rows = (tileCount + columns - 1) / columns
        width = columns * tileWidth + (columns + 1) * self.gap
        height = rows * (labelHeight + tileHeight) + (rows + 1) * self.gap + stripHeight
    }

    /// The column count whose grid is closest in shape to `targetAspect` (on a log scale, so
    /// twice too wide and twice too tall weigh the same), among grids whose last row is nearly
    /// full (fewer empty places than rows: 8 tiles are 4 × 2, never 7 and 1); ties go to fewer
    /// columns.
    public static func columns(count: Int, cellWidth: Int, cellHeight: Int) -> Int {
        var best = 1, bestScore = Double.infinity
        for c in 1...max(count, 1) {
            let r = (count + c - 1) / c
            if r * c - count >= r { continue }
            let aspect = Double(c * cellWidth) / Double(max(r * cellHeight, 1))
            let score = abs(log(aspect / targetAspect))
            if score < bestScore - 1e-9 { best = c; bestScore = score }
        }
        return best
    }

    /// The device area of tile `i`, filled left to right, top to bottom.
    public func tile(_ i: Int) -> Box {
        let column = i % columns, row = i / columns
        return Box(x: gap + column * (tileWidth + gap), y: gap + row * (labelHeight + tileHeight + gap) + labelHeight,
                   width: tileWidth, height: tileHeight)
    }

    /// The label above tile `i`.
    public func label(_ i: Int) -> Box {
        let t = tile(i)
        return Box(x: t.x, y: t.y - labelHeight, width: t.width, height: labelHeight)
    }

    /// The shared strip at the bottom.
    public var strip: Box { Box(x: 0, y: height - stripHeight, width: width, height: stripHeight) }

    /// True when the frame is exactly one tile: the device frame is the output, untouched.
    public var isBareTile: Bool { tileCount == 1 && labelHeight == 0 && stripHeight == 0 }
}

// MARK: - Review sheet canvas

/// One review frame in memory as RGBA bytes: device frames copied into their tiles, labels and
/// the strip drawn around them with SDL_ttf on the CPU. The device pixels are copied byte for
/// byte, so nothing drawn here can change the app's pixels. One canvas is reused for every frame:
/// a recording holds one frame at a time, whatever its length or the number of tiles.
public final class ReviewCanvas {
    public let width: Int, height: Int
    public private(set) var pixels: [UInt8]
    private var fonts: [Int: OpaquePointer] = [:]
    private let fontPath: String
    /// Rendered strings, by text, size and colour: labels repeat on every frame.
    private var texts: [TextKey: UnsafeMutablePointer<SDL_Surface>] = [:]
    struct TextKey: Hashable { var text: String; var size: Int; var color: Color; var maxWidth: Int }
    /// Strings kept at most; a recording's time counter makes a new one every frame.
    static let textCapacity = 256

    public static let background = Color(32, 33, 36)
    public static let labelColor = Color(235, 235, 245)
    public static let secondaryColor = Color(160, 160, 170)

    public init(width: Int, height: Int) throws {
        guard let path = TextRenderer.regularCandidates.first(where: FileManager.default.fileExists(atPath:)) else {
            throw RenderError("font not found: \(TextRenderer.regularCandidates[0]) (install the fonts-dejavu-core package)")
        }
        try SDLSession.start(offscreen: true)
        fontPath = path
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        fill(ReviewLayout.Box(x: 0, y: 0, width: width, height: height), ReviewCanvas.background)
    }

    deinit {
        for s in texts.values { SDL_FreeSurface(s) }
        for f in fonts.values { TTF_CloseFont(f) }
    }

    public func fill(_ box: ReviewLayout.Box, _ c: Color) {
        let x0 = max(box.x, 0), x1 = min(box.x + box.width, width), y0 = max(box.y, 0), y1 = min(box.y + box.height, height)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            // One row filled, then copied to the others.
            let first = base + (y0 * width + x0) * 4
            for i in 0..<(x1 - x0) { first[i * 4] = c.r; first[i * 4 + 1] = c.g; first[i * 4 + 2] = c.b; first[i * 4 + 3] = c.a }
            for y in (y0 + 1)..<max(y1, y0 + 1) { memcpy(base + (y * width + x0) * 4, first, (x1 - x0) * 4) }
        }
    }

    /// Copies a device frame (RGBA, `box.width` × `box.height`) into its box.
    public func place(_ frame: [UInt8], in box: ReviewLayout.Box) {
        frame.withUnsafeBytes { place($0, order: .topDown, in: box) }
    }

    /// Copies a device frame (RGBA, `box.width` × `box.height`, rows in `order`) into its box.
    public func place(_ frame: UnsafeRawBufferPointer, order: RowOrder, in box: ReviewLayout.Box) {
        precondition(frame.count >= box.width * box.height * 4, "a tile's frame has the tile's size")
        pixels.withUnsafeMutableBytes { out in
            copyRows(from: frame.baseAddress!, order: order, rowBytes: box.width * 4, rows: box.height,
                     to: out.baseAddress! + (box.y * width + box.x) * 4, destinationStride: width * 4)
        }
    }

    /// Draws one line of text with its top-left at (x, y), cut with an ellipsis to `maxWidth`
    /// pixels; returns its width.
    @discardableResult
    public func text(_ s: String, x: Int, y: Int, size: Int, color: Color = ReviewCanvas.labelColor, maxWidth: Int) throws -> Int {
        guard !s.isEmpty, maxWidth > 0 else { return 0 }
        let key = TextKey(text: s, size: size, color: color, maxWidth: maxWidth)
        let surface: UnsafeMutablePointer<SDL_Surface>
        if let hit = texts[key] { surface = hit } else {
            let f = try font(size)
            let shown = ReviewCanvas.fitting(s, maxWidth: maxWidth) { candidate in
                var w: Int32 = 0, h: Int32 = 0
                TTF_SizeUTF8(f, candidate, &w, &h)
                return Int(w)
            }
            guard let rendered = TTF_RenderUTF8_Blended(f, shown, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)) else {
                throw RenderError("SDL_ttf could not render text: \(sdlError())")
            }
            // The time counter renders a new string every frame: drop all at the limit rather than
            // tracking use, since everything else is redrawn at once on the next frame anyway.
            if texts.count >= ReviewCanvas.textCapacity {
                for s in texts.values { SDL_FreeSurface(s) }
                texts.removeAll(keepingCapacity: true)
            }
            texts[key] = rendered
            surface = rendered
        }
        let status: Int32 = pixels.withUnsafeMutableBytes { buffer in
            guard let canvas = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                                                                  SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(canvas) }
            var dst = SDL_Rect(x: Int32(x), y: Int32(y), w: surface.pointee.w, h: surface.pointee.h)
            return SDL_UpperBlit(surface, nil, canvas, &dst)
        }
        guard status == 0 else { throw RenderError("SDL could not draw text onto the frame: \(sdlError())") }
        return Int(surface.pointee.w)
    }

    /// The string, cut with an ellipsis until `measure` says it fits.
    static func fitting(_ s: String, maxWidth: Int, measure: (String) -> Int) -> String {
        guard measure(s) > maxWidth else { return s }
        var chars = Array(s)
        while !chars.isEmpty && measure(String(chars) + "…") > maxWidth { chars.removeLast() }
        return String(chars) + "…"
    }

    private func font(_ size: Int) throws -> OpaquePointer {
        if let f = fonts[size] { return f }
        do { try BoundedFileReader.checkRegularFile(fontPath, limit: .font) } catch { throw RenderError("\(fontPath): \(error)") }
        guard let f = TTF_OpenFont(fontPath, Int32(size)) else { throw RenderError("\(fontPath): \(sdlError())") }
        fonts[size] = f
        return f
    }
}
