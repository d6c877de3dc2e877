import App
import CSDL2
import Foundation
import Render

/// The least any compositor of a changing frame must do: one full-screen textured copy and a
/// present, at the same size on the same renderer. The frame benchmark divides by it.
final class FloorFrame {
    let context: RenderContext
    let texture: OpaquePointer
    let width: Int, height: Int

    init(context: RenderContext, width: Int, height: Int) throws {
        self.context = context
        self.width = width
        self.height = height
        guard let t = SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(height)) else {
            throw RenderError("SDL could not make the floor texture: \(sdlError())")
        }
        // A gradient, so the copy is of real varied pixels.
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<width {
            let o = (y * width + x) * 4
            pixels[o] = UInt8(x * 255 / max(width - 1, 1)); pixels[o + 1] = UInt8(y * 255 / max(height - 1, 1)); pixels[o + 2] = 128
        } }
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(width * 4)) }
        // A 1:1 copy needs no filtering; nearest is what any compositor would use for it.
        SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest)
        texture = t
    }

    deinit { SDL_DestroyTexture(texture) }

    /// Draws and presents one floor frame; returns its duration in seconds.
    func draw() throws -> Double {
        let start = MonotonicClock.now()
        SDL_SetRenderTarget(context.renderer, nil)
        SDL_RenderSetClipRect(context.renderer, nil)
        // The copy covers every pixel, so there is nothing to clear.
        guard SDL_RenderCopy(context.renderer, texture, nil, nil) == 0 else { throw RenderError("floor frame: \(sdlError())") }
        context.present()
        context.finishDrawing()
        return MonotonicClock.now() - start
    }
}
