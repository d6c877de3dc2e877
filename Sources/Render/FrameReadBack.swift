import CSDL2
import Foundation

// MARK: Reading a frame back

extension RenderContext {
    /// Reads the screen's top-left `width`×`height` pixels as RGBA bytes into `destination`
    /// (`width * 4` bytes a row, no padding), for a recording's every frame.
    ///
    /// With a GL renderer drawing to the screen this is one glReadPixels into `destination`, in
    /// GL's row order, bottom row first: the caller flips rows where it copies them anyway (into
    /// ffmpeg's pipe, a canvas). SDL_RenderReadPixels takes two to three times as long (16 ms
    /// against 6 for a 14 MB @3x frame): it allocates a buffer, flips it in place and copies it
    /// out again. A pixel-pack buffer gains nothing: Mesa's llvmpipe, the headless renderer,
    /// does the copy within the glReadPixels call just the same. From a texture target under
    /// GLES2 it is one glReadPixels too, top row first: an RGBA texture reads as RGBA fastest
    /// (0.9 ms for 1290x2796, measured). Otherwise (the software renderer, a target under desktop
    /// GL) it is SDL_RenderReadPixels, top row first.
    ///
    /// `channels` is the bytes' order in each pixel: RGBA, or BGRA, which is faster to read from a
    /// context made with `alphaFramebuffer` (`fastestReadOrder`). `top` reads a stripe of rows
    /// from there down (`StripedYUVReadBack`).
    public func readPixels(top: Int = 0, width: Int, height: Int, channels: ChannelOrder = .rgba, into destination: UnsafeMutableRawBufferPointer) throws -> RowOrder {
        precondition(destination.count >= width * height * 4, "the destination holds the frame")
        let target = SDL_GetRenderTarget(renderer)
        if let glReadPixels = gl.readPixels, let glGetError = gl.getError, let glPixelStorei = gl.pixelStorei,
           target == nil || rendererName == "opengles2", SDL_GL_GetCurrentWindow() == window {
            // Draws still queued in SDL's batch reach GL first; a texture target is bound as GL's
            // framebuffer once they have.
            SDL_RenderFlush(renderer)
            // Errors from earlier calls are SDL's to report, not this read's.
            while glGetError() != 0 {}
            // SDL's desktop-GL read-back leaves its own row length set; 0 means rows of `width`.
            if rendererName == "opengl" { glPixelStorei(GLFunctions.packRowLength, 0) }
            // GL counts rows from the framebuffer's bottom; SDL draws into a texture target (a
            // recording's frame texture) top row first, so there GL's row 0 is the top row.
            let (firstRow, order): (Int, RowOrder) = target == nil ? (outputSize.height - top - height, .bottomUp) : (top, .topDown)
            glReadPixels(0, Int32(firstRow), Int32(width), Int32(height), channels == .bgra ? GLFunctions.bgra : GLFunctions.rgba, GLFunctions.unsignedByte, destination.baseAddress)
            let status = glGetError()
            guard status == 0 else { throw RenderError("GL could not read the frame back (error 0x\(String(status, radix: 16)))") }
            return order
        }
        var rect = SDL_Rect(x: 0, y: Int32(top), w: Int32(width), h: Int32(height))
        // SDL's packed formats name a 32-bit word; on a little-endian machine ABGR8888's bytes are
        // R, G, B, A and ARGB8888's B, G, R, A.
        let format = channels == .bgra ? SDL_PIXELFORMAT_ARGB8888 : SDL_PIXELFORMAT_ABGR8888
        guard SDL_RenderReadPixels(renderer, &rect, format.rawValue, destination.baseAddress, Int32(width * 4)) == 0 else {
            throw RenderError("SDL could not read the frame back: \(sdlError())")
        }
        return .topDown
    }

    /// Reads the current frame back as RGBA bytes (before present).
    public func readPixels(x: Int = 0, y: Int = 0, width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ABGR8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw RenderError("SDL could not read the frame back: \(sdlError())") }
        return pixels
    }
}

/// The order of a read-back frame's rows in memory: GL reads bottom row first.
public enum RowOrder: Sendable {
    case topDown, bottomUp
}

/// The order of a read-back pixel's four bytes.
public enum ChannelOrder: Sendable {
    case rgba, bgra

    /// The FourCC of raw video in this order (Matroska's ColourSpace, as ffmpeg's raw formats name them).
    public var fourCC: String { self == .rgba ? "RGBA" : "BGRA" }
}

/// Copies a frame's rows to `destination` (rows `rowBytes` long, `destinationStride` bytes
/// apart) top row first, whichever order `source` holds them in.
public func copyRows(from source: UnsafeRawPointer, order: RowOrder, rowBytes: Int, rows: Int,
                     to destination: UnsafeMutableRawPointer, destinationStride: Int) {
    for row in 0..<rows {
        let from = order == .topDown ? row : rows - 1 - row
        memcpy(destination + row * destinationStride, source + from * rowBytes, rowBytes)
    }
}

/// Turns a frame's rows upside down in place: a bottom-up read-back for a PNG.
public func flipRows(_ buffer: UnsafeMutableRawBufferPointer, rowBytes: Int, rows: Int) {
    precondition(buffer.count >= rowBytes * rows, "the buffer holds the frame")
    guard let base = buffer.baseAddress, rows > 1 else { return }
    let spare = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
    defer { spare.deallocate() }
    for top in 0..<(rows / 2) {
        let a = base + top * rowBytes, b = base + (rows - 1 - top) * rowBytes
        memcpy(spare, a, rowBytes); memcpy(a, b, rowBytes); memcpy(b, spare, rowBytes)
    }
}
