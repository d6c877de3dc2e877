import CLibYUV
import Render

/// Converts `record`'s frames to yuv420p, the H.264 encoder's input, before they go to ffmpeg.
///
/// libyuv (Chromium's and WebRTC's conversion) does it with SIMD rows: 1.6 ms of CPU for a
/// 1290x2796 frame, where ffmpeg's swscale took 6.5, and the pipe then carries 5.4 MB a frame
/// rather than 14.4. It is BT.601 in limited range, as swscale's was and as players take an
/// untagged stream; each chroma sample is the mean of its 2×2 pixels. libyuv names a pixel as a
/// little-endian word: its "ARGB" is B, G, R, A in memory, its "ABGR" R, G, B, A.
///
/// yuv420p needs even sides: a frame with an odd side is copied into one a pixel larger, the
/// extra column or row black, as ffmpeg's `pad` filter made it before (its chroma then averages
/// the last pixels with black).
final class YUVFrameConverter {
    let width: Int, height: Int
    /// The sides of the yuv420p frame: the frame's, rounded up to even.
    let encodedWidth: Int, encodedHeight: Int
    let channels: ChannelOrder
    /// The last frame converted.
    let yuv: UnsafeMutableRawBufferPointer
    /// An odd-sided frame copied at the even size, top row first; nil when the sides are even.
    private let padded: UnsafeMutableRawBufferPointer?
    /// What `yuv` was converted from: a buffer and the count of frames read into it.
    private var converted: (source: ObjectIdentifier, generation: Int)?

    init(width: Int, height: Int, channels: ChannelOrder) {
        self.width = width
        self.height = height
        self.channels = channels
        encodedWidth = width + width % 2
        encodedHeight = height + height % 2
        yuv = .allocate(byteCount: RawVideoFormat.i420.frameBytes(width: encodedWidth, height: encodedHeight), alignment: 64)
        if encodedWidth != width || encodedHeight != height {
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: encodedWidth * encodedHeight * 4, alignment: 64)
            bytes.initializeMemory(as: UInt8.self, repeating: 0)
            padded = bytes
        } else {
            padded = nil
        }
    }

    deinit {
        yuv.deallocate()
        padded?.deallocate()
    }

    /// Converts `pixels` (`width`×`height` 4-byte pixels, rows in `order`) into `yuv`, unless
    /// it holds them already: `source` and `generation` name the frame, so a repeat of the last
    /// one costs nothing.
    func convert(_ pixels: UnsafeRawBufferPointer, order: RowOrder, source: ObjectIdentifier, generation: Int) {
        if let done = converted, done.source == source, done.generation == generation { return }
        guard var from = pixels.baseAddress, let y = yuv.baseAddress else { return }
        var rows = Int32(order == .topDown ? encodedHeight : -encodedHeight)
        if let padded, let base = padded.baseAddress {
            copyRows(from: from, order: order, rowBytes: width * 4, rows: height, to: base, destinationStride: encodedWidth * 4)
            from = UnsafeRawPointer(base)
            rows = Int32(encodedHeight)
        }
        let chromaWidth = encodedWidth / 2, chromaHeight = encodedHeight / 2
        let yPlane = y.assumingMemoryBound(to: UInt8.self)
        let u = yPlane + encodedWidth * encodedHeight, v = u + chromaWidth * chromaHeight
        // A negative height reads a bottom-up frame's rows upwards (libyuv's convention).
        let toI420 = channels == .bgra ? splashlab_bgra_to_i420 : splashlab_rgba_to_i420
        _ = toI420(from.assumingMemoryBound(to: UInt8.self), Int32(encodedWidth * 4), yPlane, Int32(encodedWidth),
                   u, Int32(chromaWidth), v, Int32(chromaWidth), Int32(encodedWidth), rows)
        converted = (source, generation)
    }
}
