import CSDL2
import Geometry
import Scenes

// MARK: Targets and clipping

extension SceneRenderer {
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

    /// Clips to a rectangle in points within the current screen clip.
    func clipIntersecting(_ region: Rect, _ m: PointToPixel) {
        let r = m.clip(region)
        var rect = sdlRect(r)
        if let screen = screenClip {
            var screenRect = sdlRect(screen), both = SDL_Rect()
            if SDL_IntersectRect(&rect, &screenRect, &both) == SDL_FALSE { both = SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
            rect = both
        }
        SDL_RenderSetClipRect(renderer, &rect)
    }
}
