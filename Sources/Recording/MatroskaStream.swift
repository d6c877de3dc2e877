import Render

/// The pixels of the frames `record` sends ffmpeg: 4-byte pixels as they were read back, or
/// yuv420p converted from them (`FrameWriter`).
enum RawVideoFormat: Equatable {
    case packed(ChannelOrder)
    /// Planar Y, then U and V at half the width and height (rounded up): ffmpeg's yuv420p.
    case i420

    /// The FourCC of the format in Matroska's ColourSpace, as ffmpeg's raw formats name them.
    var fourCC: String {
        switch self {
        case let .packed(order): return order.fourCC
        case .i420: return "I420"
        }
    }

    /// A `width`×`height` frame's bytes.
    func frameBytes(width: Int, height: Int) -> Int {
        switch self {
        case .packed: return width * height * 4
        case .i420: return width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
        }
    }
}

/// The few bytes of Matroska that carry `record`'s raw frames (RGBA, BGRA or yuv420p) to ffmpeg with a timestamp
/// each: one uncompressed video track, one cluster per frame, in a segment of unknown size.
///
/// Raw video on a pipe has no timestamps, so every frame had to be sent, converted and encoded
/// even when it repeats the one before (most of a splash recording: the hold before the hole and
/// the settled feed). With a timestamp on each, a repeated frame is not sent at all: ffmpeg's
/// `fps` filter repeats the last frame up to the next one's time, so a repeat costs neither the
/// pipe nor the encoder's input.
enum MatroskaStream {
    /// Timestamps count microseconds (TimestampScale in nanoseconds): exact enough for any
    /// frame rate, and a frame's time is never more than half a microsecond off.
    static let timestampScale = 1000

    /// The EBML header, the start of the segment, and the one track: `width`×`height` frames in
    /// `format` (top row first), `fps` a second.
    static func header(width: Int, height: Int, fps: Double, format: RawVideoFormat = .packed(.rgba)) -> [UInt8] {
        var bytes: [UInt8] = []
        element(0x1A45_DFA3, to: &bytes) { ebml in
            unsigned(0x4286, 1, to: &ebml)          // EBMLVersion
            unsigned(0x42F7, 1, to: &ebml)          // EBMLReadVersion
            unsigned(0x42F2, 4, to: &ebml)          // EBMLMaxIDLength
            unsigned(0x42F3, 8, to: &ebml)          // EBMLMaxSizeLength
            string(0x4282, "matroska", to: &ebml)   // DocType
            unsigned(0x4287, 4, to: &ebml)          // DocTypeVersion
            unsigned(0x4285, 2, to: &ebml)          // DocTypeReadVersion
        }
        // The Segment, of unknown size: the stream ends where the pipe does.
        id(0x1853_8067, to: &bytes)
        bytes += [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        element(0x1549_A966, to: &bytes) { info in
            unsigned(0x2AD7B1, timestampScale, to: &info)  // TimestampScale
            string(0x4D80, "splashlab", to: &info)         // MuxingApp
            string(0x5741, "splashlab", to: &info)         // WritingApp
        }
        element(0x1654_AE6B, to: &bytes) { tracks in
            element(0xAE, to: &tracks) { track in
                unsigned(0xD7, 1, to: &track)                     // TrackNumber
                unsigned(0x73C5, 1, to: &track)                   // TrackUID
                unsigned(0x83, 1, to: &track)                     // TrackType: video
                string(0x86, "V_UNCOMPRESSED", to: &track)        // CodecID
                // DefaultDuration, in nanoseconds: it gives the last frame its length, so
                // ffmpeg's fps filter keeps it.
                unsigned(0x23E383, Int((1e9 / fps).rounded()), to: &track)
                element(0xE0, to: &track) { video in
                    unsigned(0xB0, width, to: &video)             // PixelWidth
                    unsigned(0xBA, height, to: &video)            // PixelHeight
                    string(0x2EB524, format.fourCC, to: &video)   // ColourSpace: the FourCC
                }
            }
        }
        return bytes
    }

    /// What goes before frame `index`'s `pixelBytes` bytes of pixels: a cluster at the frame's
    /// time holding one SimpleBlock. Written into `bytes`, which keeps its capacity.
    static func frameHeader(index: Int, fps: Double, pixelBytes: Int, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        let time = Int((Double(index) * 1e9 / fps / Double(timestampScale)).rounded())
        var timestamp: [UInt8] = []
        unsigned(0xE7, time, to: &timestamp)
        // SimpleBlock: track 1, at the cluster's time, a keyframe; then the pixels.
        let block: [UInt8] = [0x81, 0x00, 0x00, 0x80]
        let blockSize = block.count + pixelBytes
        id(0x1F43_B675, to: &bytes)
        size(timestamp.count + 1 + 8 + blockSize, to: &bytes)
        bytes += timestamp
        id(0xA3, to: &bytes)
        size(blockSize, to: &bytes)
        bytes += block
    }

    // MARK: EBML

    private static func id(_ id: UInt32, to bytes: inout [UInt8]) {
        // An element ID keeps its marker bits: it is written as it is spelt, in 1 to 4 bytes.
        let length = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        for shift in stride(from: (length - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: id >> UInt32(shift))) }
    }

    /// A size, always as 8 bytes: the length marker 0x01, then 7 bytes of value.
    private static func size(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(0x01)
        for shift in stride(from: 48, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    private static func element(_ elementID: UInt32, to bytes: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        var payload: [UInt8] = []
        body(&payload)
        id(elementID, to: &bytes)
        size(payload.count, to: &bytes)
        bytes += payload
    }

    private static func unsigned(_ elementID: UInt32, _ value: Int, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = UInt64(value)
        repeat {
            digits.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        } while rest > 0
        element(elementID, to: &bytes) { $0 += digits }
    }

    private static func string(_ elementID: UInt32, _ value: String, to bytes: inout [UInt8]) {
        element(elementID, to: &bytes) { $0 += Array(value.utf8) }
    }
}
