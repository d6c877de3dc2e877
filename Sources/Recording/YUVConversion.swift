import CLibYUV
import Render

/// Converts `record`'s frames to yuv420p, the H.264 encoder's input, before they go to ffmpeg:
/// on the writer's thread, for frames that reach it as RGBA (a reference composite, a review's
/// canvas). A bare tile is read back as yuv420p (`StripedYUVReadBack`).
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
        padded = evenSidedPixels(width: width, height: height, rows: encodedHeight)
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
        convertToI420(from, channels: channels, width: encodedWidth, rows: rows, y: yPlane, u: u, v: v)
        converted = (source, generation)
    }
}

/// For a frame with an odd side, `rows` rows of 4-byte pixels at its width rounded up to even, all
/// zero (black), for the frame's pixels to be copied into: yuv420p's padding, as ffmpeg's `pad`
/// filter made it. Nil when both sides are even.
func evenSidedPixels(width: Int, height: Int, rows: Int) -> UnsafeMutableRawBufferPointer? {
    guard width % 2 == 1 || height % 2 == 1 else { return nil }
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: rows * (width + width % 2) * 4, alignment: 64)
    bytes.initializeMemory(as: UInt8.self, repeating: 0)
    return bytes
}

/// libyuv's conversion of `abs(rows)` rows of `width` 4-byte pixels in `channels` order into
/// yuv420p planes of the same width; a negative `rows` reads them upwards (libyuv's convention).
func convertToI420(_ pixels: UnsafeRawPointer, channels: ChannelOrder, width: Int, rows: Int32,
                   y: UnsafeMutablePointer<UInt8>, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>) {
    let toI420 = channels == .bgra ? splashlab_bgra_to_i420 : splashlab_rgba_to_i420
    let chromaWidth = Int32((width + 1) / 2)
    _ = toI420(pixels.assumingMemoryBound(to: UInt8.self), Int32(width * 4), y, Int32(width), u, chromaWidth, v, chromaWidth, Int32(width), rows)
}

/// Reads a recording's frame back as yuv420p a stripe of rows at a time, converting each while
/// it is in the cache: the frame's RGBA is never held whole. The writer's pool then holds 5.4 MB
/// a frame at @3x rather than 14.4, which keeps `record`'s peak within its 200 MB with the
/// yuv420p stream; converted on the drawing side, the frame costs the writer nothing but the
/// write. A frame with an odd side (an iPhone 15's 1179 px) is padded a stripe at a time as
/// `YUVFrameConverter` pads it whole, to the same bytes: that spared two whole RGBA frames
/// (23 MB at 1179×2556), the writer's and the converter's padded copy.
final class StripedYUVReadBack {
    /// 32 rows: 165 KB of a 1290 px wide frame, within a core's L2 cache. Even, so a stripe's
    /// chroma rows are its own.
    static let stripeRows = 32
    let width: Int, height: Int
    /// The yuv420p frame's sides: the frame's, rounded up to even.
    let encodedWidth: Int, encodedHeight: Int
    private let stripe: UnsafeMutableRawBufferPointer
    /// For a frame with an odd side, a stripe's rows top row first at the even width: the extra
    /// column black, and after an odd last stripe a black row.
    private let paddedStripe: UnsafeMutableRawBufferPointer?

    init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        encodedWidth = width + width % 2
        encodedHeight = height + height % 2
        stripe = .allocate(byteCount: StripedYUVReadBack.stripeRows * width * 4, alignment: 64)
        paddedStripe = evenSidedPixels(width: width, height: height, rows: StripedYUVReadBack.stripeRows)
    }

    deinit {
        stripe.deallocate()
        paddedStripe?.deallocate()
    }

    /// Reads the current target's top-left `width`×`height` pixels into `yuv`
    /// (`RawVideoFormat.i420.frameBytes` at the encoded sides), in `channels` order as GL reads
    /// them fastest there.
    func read(from context: RenderContext, channels: ChannelOrder, into yuv: UnsafeMutableRawBufferPointer) throws {
        precondition(yuv.count >= RawVideoFormat.i420.frameBytes(width: encodedWidth, height: encodedHeight), "the buffer holds a yuv420p frame")
        guard let base = yuv.baseAddress?.assumingMemoryBound(to: UInt8.self), let pixels = stripe.baseAddress else { return }
        let chromaWidth = encodedWidth / 2
        let u = base + encodedWidth * encodedHeight, v = u + chromaWidth * (encodedHeight / 2)
        var top = 0
        while top < height {
            // Even but for the last stripe of an odd height, which the black row makes even.
            let rows = min(StripedYUVReadBack.stripeRows, height - top)
            let order = try context.readPixels(top: top, width: width, height: rows, channels: channels, into: stripe)
            let y = base + top * encodedWidth, uRow = u + top / 2 * chromaWidth, vRow = v + top / 2 * chromaWidth
            if let paddedStripe, let padded = paddedStripe.baseAddress {
                let rowBytes = width * 4, paddedRowBytes = encodedWidth * 4
                for row in 0..<rows {
                    let from = order == .topDown ? row : rows - 1 - row
                    (padded + row * paddedRowBytes).copyMemory(from: pixels + from * rowBytes, byteCount: rowBytes)
                }
                if rows % 2 == 1 { (padded + rows * paddedRowBytes).initializeMemory(as: UInt8.self, repeating: 0, count: paddedRowBytes) }
                convertToI420(padded, channels: channels, width: encodedWidth, rows: Int32(rows + rows % 2), y: y, u: uRow, v: vRow)
            } else {
                convertToI420(pixels, channels: channels, width: width, rows: Int32(order == .topDown ? rows : -rows), y: y, u: uRow, v: vRow)
            }
            top += rows
        }
    }
}
