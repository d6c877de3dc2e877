import Scenes

/// The pixel comparison behind the figures (Scenes' `FrameDifference`), done on read-back frames.
extension FrameDifference {
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
