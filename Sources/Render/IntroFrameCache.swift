/// One frame of an intro at a pixel size: 4 bytes a pixel, row after row.
public struct IntroFrame: Sendable, Equatable {
    /// How a pixel's 4 bytes are laid out.
    public enum Layout: Sendable, Equatable {
        /// Straight-alpha R, G, B, A: what PNGs and the comparisons read.
        case straightRGBA
        /// rlottie's premultiplied ARGB32 words in this machine's byte order (SDL's ARGB8888):
        /// what the renderer uploads as it is and blends as premultiplied.
        case premultipliedARGB
    }
    public var pixels: [UInt8]
    public var width: Int
    public var height: Int
    public var layout: Layout
    public init(pixels: [UInt8], width: Int, height: Int, layout: Layout = .straightRGBA) {
        self.pixels = pixels; self.width = width; self.height = height; self.layout = layout
    }
    public var byteCount: Int { pixels.count }
}

/// Frames already drawn, by (frame, pixel size), within a byte budget: scrubbing back and forth
/// over an intro, or a loop, redraws nothing it drew recently. The least recently used frame goes
/// first when a new one passes the budget. A frame larger than `largestFrame` is not kept.
public struct IntroFrameCache {
    public struct Key: Hashable, Sendable {
        public var frame: Int
        public var width: Int
        public var height: Int
        /// Whether the frame is kept as rlottie draws it (`IntroFrame.Layout.premultipliedARGB`).
        public var premultiplied: Bool
        public init(frame: Int, width: Int, height: Int, premultiplied: Bool = false) {
            self.frame = frame; self.width = width; self.height = height; self.premultiplied = premultiplied
        }
    }

    /// 64 MiB: about 15 frames of a whole iPhone 15 Pro Max screen (1290 × 2796 × 4 bytes), or
    /// over 100 of a logo-sized intro.
    public static let defaultBudget = 64 << 20

    public let budget: Int
    /// The largest frame kept (bytes).
    public let largestFrame: Int
    /// 4 MiB, a sixteenth of the default budget: a window's frames (a whole iPhone screen shown
    /// in a 1920×1080 workbench is 1.2 MB) are kept, and a whole screen at 3× (14 MB, as a
    /// recording draws it) is not, since it would push out the many a scrub keeps and a
    /// recording draws each frame once.
    public static let defaultLargestFrame = 4 << 20
    public private(set) var byteCount = 0
    private var frames: [Key: (frame: IntroFrame, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    public init(budget: Int = IntroFrameCache.defaultBudget, largestFrame: Int = IntroFrameCache.defaultLargestFrame) {
        self.budget = budget; self.largestFrame = largestFrame
    }

    public var count: Int { frames.count }

    public func contains(_ key: Key) -> Bool { frames[key] != nil }

    /// The frame for `key`, drawn by `draw` when it is not kept.
    public mutating func frame(_ key: Key, draw: () throws -> IntroFrame) rethrows -> IntroFrame {
        clock += 1
        if let kept = frames[key] {
            frames[key] = (kept.frame, clock)
            return kept.frame
        }
        let drawn = try draw()
        insert(drawn, for: key)
        return drawn
    }

    /// Keeps a frame drawn ahead of its use (a run of video frames decoded together).
    mutating func insert(_ frame: IntroFrame, for key: Key) {
        guard frame.byteCount <= min(budget, largestFrame), frames[key] == nil else { return }
        clock += 1
        while byteCount + frame.byteCount > budget, let oldest = frames.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            byteCount -= oldest.value.frame.byteCount
            frames[oldest.key] = nil
        }
        frames[key] = (frame, clock)
        byteCount += frame.byteCount
    }
}
