import CSDL2
import Formats
import Foundation

/// Writes RGBA bytes as a PNG through SDL_image.
public func writePNG(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
    try pixels.withUnsafeBytes { try writePNG($0, width: width, height: height, to: path) }
}

/// Writes RGBA bytes, top row first, as a PNG: the whole file or nothing, every write checked
/// (`OutputFile`). Safe off the main thread, since it uses no renderer.
public func writePNG(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, to path: String) throws {
    try OutputFile.write(try encodePNG(pixels, width: width, height: height, for: path), to: path)
}

/// RGBA bytes, top row first, encoded as a PNG file's bytes in memory. SDL_image's own file
/// writing ignores the results of its writes and of the close (a PNG "written" to a full disk
/// was reported as saved), so it writes to memory here, where a write cannot fail, and
/// `OutputFile` does the checked writing.
public func encodePNG(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, for path: String) throws -> [UInt8] {
    precondition(pixels.count >= width * height * 4, "the buffer holds the image")
    // SDL only reads the pixels of a surface it is given; the mutable pointer is its signature's.
    guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: pixels.baseAddress), Int32(width), Int32(height), 32,
                                                           Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else {
        throw RenderError("SDL could not wrap the frame for \(path): \(sdlError())")
    }
    defer { SDL_FreeSurface(surface) }
    let encoded = GrowingBytes()
    guard let stream = encoded.makeStream() else { throw RenderError("SDL could not make a stream for \(path): \(sdlError())") }
    defer { SDL_FreeRW(stream) }
    let status = withExtendedLifetime(encoded) { IMG_SavePNG_RW(surface, stream, 0) }
    guard status == 0 else { throw RenderError("could not encode \(path) as PNG: \(sdlError())") }
    return encoded.bytes
}

/// An `SDL_RWops` that writes into a byte array that grows as needed, for SDL_image to encode
/// into. It can seek, should an encoder go back to patch a length.
private final class GrowingBytes {
    var bytes: [UInt8] = []
    var position = 0

    /// The stream; it refers to this object without retaining it, so it must not outlive it.
    func makeStream() -> UnsafeMutablePointer<SDL_RWops>? {
        guard let stream = SDL_AllocRW() else { return nil }
        stream.pointee.type = SDL_RWOPS_UNKNOWN
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
        stream.pointee.size = { stream in GrowingBytes.of(stream).map { Int64($0.bytes.count) } ?? -1 }
        stream.pointee.seek = { stream, offset, whence in
            guard let target = GrowingBytes.of(stream) else { return -1 }
            let base: Int
            switch whence {
            case RW_SEEK_SET: base = 0
            case RW_SEEK_CUR: base = target.position
            case RW_SEEK_END: base = target.bytes.count
            default: return -1
            }
            guard let moved = Int(exactly: Int64(base) + offset), moved >= 0 else { return -1 }
            target.position = moved
            return Int64(moved)
        }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.write = { stream, source, size, count in
            guard let target = GrowingBytes.of(stream), let source else { return 0 }
            let (length, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            target.write(UnsafeRawBufferPointer(start: source, count: length))
            return count
        }
        stream.pointee.close = { _ in 0 }
        return stream
    }

    private static func of(_ stream: UnsafeMutablePointer<SDL_RWops>?) -> GrowingBytes? {
        guard let context = stream?.pointee.hidden.unknown.data1 else { return nil }
        return Unmanaged<GrowingBytes>.fromOpaque(context).takeUnretainedValue()
    }

    private func write(_ source: UnsafeRawBufferPointer) {
        if position > bytes.count { bytes.append(contentsOf: repeatElement(0, count: position - bytes.count)) }
        let overwritten = min(source.count, bytes.count - position)
        bytes.replaceSubrange(position..<(position + overwritten), with: source)
        position += source.count
    }
}

/// Reads a PNG into RGBA bytes through SDL_image, for tests and comparisons: the assets'
/// decoder (`ImageLibrary.decode`), with its limits.
public func readPNG(_ path: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
    let image = try ImageLibrary.decode(path)
    return (image.pixels, image.width, image.height)
}
