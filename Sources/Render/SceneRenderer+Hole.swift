import CSDL2
import Foundation
import Geometry
import Scenes

// MARK: The hole

extension SceneRenderer {
    /// The feed seen through the logo's outline (`HoleGeometry`): triangles textured with the
    /// feed at the positions they cover, clipped to the screen, and a fringe one pixel wide
    /// fading to alpha 0 outside the edge.
    func drawFeedThroughHole(feedScale: Double, hole: LayerState, _ m: PointToPixel) throws {
        guard let feedTexture = splashLayers.feed, let handle = feedTexture.handle else { return }
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
