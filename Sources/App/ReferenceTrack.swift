import Scenes
/// A screen recording as the window's B side: its frames' own times and where preview time 0 lies
/// in it. Locked to the preview's one clock: at preview time t the recording shows the frame whose
/// timestamp is the latest not after t + offset, so pause, step, scrub, slow motion and the loop
/// region move it with the preview.
public struct ReferenceTrack: Equatable, Sendable {
    /// The file, as the labels name it.
    public let name: String
    /// Each frame's own time in seconds from the first, ascending.
    public let frameTimes: [Double]
    /// Reference time = preview time + offset.
    public private(set) var offset: Double
    /// The difference curve (`compare-video --csv`): preview times, ascending, and the share (0…1)
    /// of 2×2 pixel blocks that differ from the recording's frame then; empty when not made.
    public var curveTimes: [Double] = []
    public var curveShares: [Double] = []

    /// A frame's time and t + offset are sums of decimals; a frame exactly at the time is shown,
    /// not lost to the last bit of a subtraction.
    static let timeTolerance = 1e-9

    public init(name: String, frameTimes: [Double], offset: Double) {
        self.name = name; self.frameTimes = frameTimes; self.offset = offset
    }

    /// The frame shown at preview time `t`: the latest whose time is not after t + offset; nil
    /// before the first.
    public func frameIndex(at t: Double) -> Int? {
        FrameTimes.latest(in: frameTimes, atOrBefore: t + offset + Self.timeTolerance)
    }

    /// The offset moved so that at preview time `t` the frame `steps` after the one shown now is
    /// shown (before it for negative steps), by the interval between the two frames' own times,
    /// so a dropped frame is stepped over as one. Before the first frame, a step forward shows
    /// the first; past the last, nothing moves.
    public mutating func nudge(by steps: Int, at t: Double) {
        guard !frameTimes.isEmpty else { return }
        let shown = frameIndex(at: t)
        let target = min(max((shown ?? -1) + steps, 0), frameTimes.count - 1)
        guard target != shown else { return }
        offset += frameTimes[target] - (shown.map { frameTimes[$0] } ?? t + offset)
    }
}
