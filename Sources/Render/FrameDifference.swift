/// How two frames of the same size differ: the launch screen against the intro's first frame,
/// whose difference is the blink a user sees when the intro replaces the launch screen (seed 002).
public struct FrameDifference: Equatable, Sendable {
    /// Pixels whose colour differs by more than `threshold`.
    public var differingPixels: Int
    public var totalPixels: Int
    /// The largest Euclidean distance between two pixels' RGB, 8 bits a channel (0 to 441.7).
    public var largestColorDistance: Double

    /// A distance at or below this is the rounding of two draws of the same picture, not a change
    /// a user sees (2 of 255 on each of three channels).
    public static let threshold = 3.5

    public var isNone: Bool { differingPixels == 0 }

    /// Compares two RGBA frames of `width` × `height` pixels, each 4 bytes a pixel in the same order.
    public static func between(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> FrameDifference {
        let count = width * height
        precondition(a.count >= count * 4 && b.count >= count * 4, "both frames hold width × height pixels")
        var differing = 0
        var largestSquared = 0
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for i in 0..<count {
                    let o = i * 4
                    let dr = Int(pa[o]) - Int(pb[o]), dg = Int(pa[o + 1]) - Int(pb[o + 1]), db = Int(pa[o + 2]) - Int(pb[o + 2])
                    let squared = dr * dr + dg * dg + db * db
                    if squared > largestSquared { largestSquared = squared }
                    if Double(squared) > threshold * threshold { differing += 1 }
                }
            }
        }
        return FrameDifference(differingPixels: differing, totalPixels: count, largestColorDistance: Double(largestSquared).squareRoot())
    }
}
