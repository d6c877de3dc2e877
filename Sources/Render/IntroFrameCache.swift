/// One frame of an intro at a pixel size: straight-alpha RGBA bytes, row after row.
public struct IntroFrame: Sendable, Equatable {
    public var pixels: [UInt8]
    public var width: Int
    public var height: Int
    public init(pixels: [UInt8], width: Int, height: Int) { self.pixels = pixels; self.width = width; self.height = height }
    public var byteCount: Int { pixels.count }
}

/// Frames already drawn, by (frame, pixel size), within a byte budget: scrubbing back and forth
/// over an intro, or a loop, redraws nothing it drew recently. The least recently used frame goes
/// first when a new one passes the budget. A frame larger than the whole budget is not kept.
public struct IntroFrameCache {
    public struct Key: Hashable, Sendable {
        public var frame: Int
        public var width: Int
        public var height: Int
        public init(frame: Int, width: Int, height: Int) { self.frame = frame; self.width = width; self.height = height }
    }

    /// 64 MiB: about 15 frames of a whole iPhone 15 Pro Max screen (1290 × 2796 × 4 bytes), or
    /// over 100 of a logo-sized intro.
    public static let defaultBudget = 64 << 20

    public let budget: Int
    public private(set) var byteCount = 0
    private var frames: [Key: (frame: IntroFrame, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    public init(budget: Int = IntroFrameCache.defaultBudget) { self.budget = budget }

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
        guard frame.byteCount <= budget, frames[key] == nil else { return }
        clock += 1
        while byteCount + frame.byteCount > budget, let oldest = frames.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            byteCount -= oldest.value.frame.byteCount
            frames[oldest.key] = nil
        }
        frames[key] = (frame, clock)
        byteCount += frame.byteCount
    }
}
