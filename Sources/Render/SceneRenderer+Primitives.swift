import CSDL2
import Foundation
import Geometry
import Scenes

// MARK: Primitives: colours, rectangles, rounded rectangles, geometry, images and feed elements

extension SceneRenderer {
    func setColor(_ c: Color) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a) }

    func pixelRect(centerX: Double, centerY: Double, width: Double, height: Double, _ m: PointToPixel) -> SDL_FRect {
        SDL_FRect(x: Pixels.float(m.offsetX + (centerX - width / 2) * m.scale), y: Pixels.float(m.offsetY + (centerY - height / 2) * m.scale),
                  w: Pixels.float(width * m.scale), h: Pixels.float(height * m.scale))
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

    func fillPixelRect(_ r: PixelRect, _ c: Color) {
        guard r.width > 0, r.height > 0 else { return }
        setColor(c)
        SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        var rect = sdlRect(r)
        SDL_RenderFillRect(renderer, &rect)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }
}
