import App
import CSDL2
import Foundation
import Render

/// The least any compositor of a changing frame must do: one full-screen textured copy and a
/// present, at the same size on the same renderer. The frame benchmark divides by it.
///
/// The copy's source is a band of `bandRows` rows, copied 1:1 down the screen, rather than a
/// texture of the screen's size: every pixel is still written once from a texel, but the bench no
/// longer holds a second screen of pixels (15 MB at ipad-air-11) that the app never has, which
/// inflated `peakRSSMB` on the largest presets.
final class FloorFrame {
    let context: RenderContext
    let texture: OpaquePointer
    let width: Int, height: Int
    /// Rows in the source band: enough that each copy is a large draw.
    static let bandRows = 256
    let bandHeight: Int

    init(context: RenderContext, width: Int, height: Int) throws {
        self.context = context
        self.width = width
        self.height = height
        let bandHeight = min(height, FloorFrame.bandRows)
        self.bandHeight = bandHeight
        guard let t = SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(bandHeight)) else {
            throw RenderError("SDL could not make the floor texture: \(sdlError())")
        }
        // A gradient, so the copy is of real varied pixels.
        var pixels = [UInt8](repeating: 255, count: width * bandHeight * 4)
        for y in 0..<bandHeight { for x in 0..<width {
            let o = (y * width + x) * 4
            pixels[o] = UInt8(x * 255 / max(width - 1, 1)); pixels[o + 1] = UInt8(y * 255 / max(bandHeight - 1, 1)); pixels[o + 2] = 128
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
        // The copies cover every pixel, so there is nothing to clear. SDL batches them into one draw.
        var top = 0
        while top < height {
            let rows = min(bandHeight, height - top)
            var source = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(rows))
            var destination = SDL_Rect(x: 0, y: Int32(top), w: Int32(width), h: Int32(rows))
            guard SDL_RenderCopy(context.renderer, texture, &source, &destination) == 0 else { throw RenderError("floor frame: \(sdlError())") }
            top += rows
        }
        context.present()
        context.finishDrawing()
        return MonotonicClock.now() - start
    }
}
