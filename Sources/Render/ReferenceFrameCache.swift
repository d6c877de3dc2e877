import Scenes
/// The decoded frames of a reference recording at the size shown, in time order, within a byte
/// budget: a frame that would pass it pushes out the oldest. A consumer walking forward in time (the
/// difference curve) keeps only the frames it may still ask for; one asking for a frame that was
/// pushed out is told so rather than given another.
public struct ReferenceFrameCache: Sendable {
    /// 256 MiB: 180 frames of an iPhone 15 at 1 px a point (393×852 RGBA, 1.3 MiB), 1.5 s at
    /// 120 fps, far more than the alignment holds back (the preview's own cut, a few frames).
    public static let defaultByteBudget = 256 << 20

    public let byteBudget: Int
    public private(set) var frames: [ReferenceFrame] = []
    public private(set) var bytes = 0
    /// The latest time of a frame pushed out, so a question about it is known to be unanswerable.
    public private(set) var evictedThrough: Double?

    public init(byteBudget: Int = ReferenceFrameCache.defaultByteBudget) { self.byteBudget = byteBudget }

    /// Adds the next frame (later than every frame held), pushing out the oldest past the budget;
    /// the newest is always kept.
    public mutating func append(_ frame: ReferenceFrame) {
        frames.append(frame)
        bytes += frame.pixels.count
        var drop = 0
        while bytes > byteBudget && drop < frames.count - 1 {
            bytes -= frames[drop].pixels.count
            evictedThrough = frames[drop].time
            drop += 1
        }
        if drop > 0 { frames.removeFirst(drop) }
    }

    /// Pushes out every frame before the one shown at `time`: a consumer that never asks for an
    /// earlier time no longer needs them.
    public mutating func discard(before time: Double) {
        guard let keep = index(at: time), keep > 0 else { return }
        for f in frames[..<keep] { bytes -= f.pixels.count }
        evictedThrough = frames[keep - 1].time
        frames.removeFirst(keep)
    }

    /// The frame shown at `time`: the latest whose own time is not after it; nil when every frame
    /// held is later (or none is held).
    public func frame(at time: Double) -> ReferenceFrame? { index(at: time).map { frames[$0] } }

    private func index(at time: Double) -> Int? { FrameTimes.latest(in: frames, atOrBefore: time) { $0.time } }
}
