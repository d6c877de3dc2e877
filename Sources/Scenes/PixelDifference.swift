/// The one pixel comparison of two RGBA frames of the same size, behind both figures that compare
/// pictures: the launch blink (`FrameDifference`, single pixels, a rounding threshold) and a
/// reference recording against the preview (`ReferenceDifference`, 2×2 blocks, a lossy codec's
/// threshold). Pure arithmetic on bytes, so the lint and the reference figures stay free of drawing.
public struct PixelDifference: Equatable, Sendable {
    /// Blocks compared: `blockSide` × `blockSide` pixels each, fewer at a right or bottom edge.
    public var blocks: Int
    /// Blocks whose mean colours lie more than the threshold apart.
    public var differingBlocks: Int
    /// The sum over blocks of the Euclidean distance between their mean RGB, 8 bits a channel.
    public var totalDistance: Double
    /// The largest such distance (0 to 441.7).
    public var largestDistance: Double

    public static let none = PixelDifference(blocks: 0, differingBlocks: 0, totalDistance: 0, largestDistance: 0)

    public init(blocks: Int, differingBlocks: Int, totalDistance: Double, largestDistance: Double) {
        self.blocks = blocks; self.differingBlocks = differingBlocks; self.totalDistance = totalDistance; self.largestDistance = largestDistance
    }

    /// Compares frames `a` and `b`, each `width` × `height` pixels of 4 bytes (R, G, B, A; alpha
    /// is not compared), top row first, leaving out the top `skippedRows` rows. Each block's
    /// distance is that of its pixels' mean colours; a block differs when the distance is more
    /// than `threshold`. Frames too small for their size, or nothing left to compare, give `none`.
    public static func measure(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int,
                               blockSide: Int, threshold: Double, skippedRows: Int = 0) -> PixelDifference {
        let first = min(max(skippedRows, 0), height)
        let side = max(blockSide, 1)
        guard width > 0, height > first, a.count >= width * height * 4, b.count >= width * height * 4 else { return .none }
        let limit = threshold * threshold
        var blocks = 0, differing = 0
        var total = 0.0, largestSquared = 0.0
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var y = first
                while y < height {
                    let rows = min(side, height - y)
                    var x = 0
                    while x < width {
                        let columns = min(side, width - x)
                        var dr = 0, dg = 0, db = 0
                        for row in y..<(y + rows) {
                            for column in x..<(x + columns) {
                                let o = (row * width + column) * 4
                                dr += Int(pa[o]) - Int(pb[o]); dg += Int(pa[o + 1]) - Int(pb[o + 1]); db += Int(pa[o + 2]) - Int(pb[o + 2])
                            }
                        }
                        // The mean's squared distance: the sums' squared distance over the count squared.
                        let n = Double(rows * columns)
                        let squared = (Double(dr * dr) + Double(dg * dg) + Double(db * db)) / (n * n)
                        if squared > limit { differing += 1 }
                        if squared > largestSquared { largestSquared = squared }
                        total += squared.squareRoot()
                        blocks += 1
                        x += side
                    }
                    y += side
                }
            }
        }
        return PixelDifference(blocks: blocks, differingBlocks: differing, totalDistance: total, largestDistance: largestSquared.squareRoot())
    }
}
