/// How two frames of the same size differ: the launch screen against the intro's first frame,
/// whose difference is the blink a user sees when the intro replaces the launch screen (seed 002).
/// Single pixels compared (`PixelDifference` with blocks of one pixel), so one changed pixel counts.
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

    public init(differingPixels: Int, totalPixels: Int, largestColorDistance: Double) {
        self.differingPixels = differingPixels; self.totalPixels = totalPixels; self.largestColorDistance = largestColorDistance
    }

    /// Compares two RGBA frames of `width` × `height` pixels, each 4 bytes a pixel in the same order.
    public static func between(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> FrameDifference {
        precondition(a.count >= width * height * 4 && b.count >= width * height * 4, "both frames hold width × height pixels")
        let pixels = PixelDifference.measure(a, b, width: width, height: height, blockSide: 1, threshold: threshold)
        return FrameDifference(differingPixels: pixels.differingBlocks, totalPixels: width * height, largestColorDistance: pixels.largestDistance)
    }
}
