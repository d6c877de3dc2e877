/// The size a PNG declares in its IHDR chunk, read from the file's first 24 bytes without
/// decoding: the 8-byte signature, then the first chunk, which the PNG specification requires to
/// be IHDR (length, "IHDR", then width and height as big-endian 32-bit integers; PNG 1.2 §3.1,
/// §4.1.1). Layout, `state` and the launch image match need the size, not the pixels.
public enum PNGHeader {
    /// The bytes the size is read from: signature (8), chunk length (4), chunk type (4), width (4), height (4).
    public static let byteCount = 24

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why a header gives no usable size.
    public enum Problem: Error, Equatable, Sendable {
        /// Shorter than 24 bytes, a wrong signature, or a first chunk that is not IHDR.
        case notPNG
        /// A width or height of 0.
        case empty
        /// A side over the limit the caller set.
        case tooLarge(width: Int, height: Int)
    }

    /// Width and height in pixels, each in 1...maxSide; only the first 24 bytes are read.
    public static func size(_ header: [UInt8], maxSide: Int) throws(Problem) -> (width: Int, height: Int) {
        guard header.count >= byteCount, header[0..<8].elementsEqual(signature),
              header[12..<16].elementsEqual("IHDR".utf8) else { throw Problem.notPNG }
        func be32(_ i: Int) -> Int { Int(header[i]) << 24 | Int(header[i + 1]) << 16 | Int(header[i + 2]) << 8 | Int(header[i + 3]) }
        let w = be32(16), h = be32(20)
        guard w > 0, h > 0 else { throw Problem.empty }
        guard w <= maxSide, h <= maxSide else { throw Problem.tooLarge(width: w, height: h) }
        return (w, h)
    }

    /// The 24 header bytes of a PNG of this size, as `size` reads them (an IHDR length of 13).
    public static func bytes(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return signature + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
    }
}
