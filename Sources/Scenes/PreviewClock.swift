import Formats
/// The one clock of a preview: its time, the playback rate, pause and the frame step. In the
/// window it advances by real elapsed time times the rate; offline it advances by a fixed step.
/// Every animation reads this clock and no other, so slow motion slows them all together and
/// offline frames are exact.
public struct PreviewClock: Equatable, Sendable {
    public private(set) var time: Double = 0
    public var rate: Double = 1
    public var isPaused = false
    /// What ← / → step by while paused: one frame of the display's refresh (s).
    public let frameStep: Double
    public init(time: Double = 0, frameStep: Double = 1.0 / 60) { self.time = time; self.frameStep = frameStep }

    /// Advances by `realSeconds` of wall time (window) or of virtual time (offline), times the
    /// rate; paused, it stays. Returns whether it moved.
    @discardableResult
    public mutating func advance(by realSeconds: Double) -> Bool {
        guard !isPaused, realSeconds > 0 else { return false }
        time += realSeconds * rate
        return true
    }

    /// `frames` frames forward (or back, negative), never before 0; only while paused, since
    /// while playing the next tick would move on anyway. Returns whether it moved.
    @discardableResult
    public mutating func step(_ frames: Int) -> Bool {
        guard isPaused else { return false }
        time = max(time + Double(frames) * frameStep, 0)
        return true
    }

    public mutating func seek(to t: Double) { time = t }
}

/// Fixed-step virtual time for offline work: frame n is at exactly start + n / fps, with no
/// accumulated floating-point drift.
public struct FixedStepClock: Sendable {
    public let start: Double
    public let fps: Double
    public init(start: Double = 0, fps: Double) { self.start = start; self.fps = fps }
    public func time(ofFrame n: Int) -> Double { start + Double(n) / fps }
}

/// Durations of one frame's stages, in seconds, measured with a monotonic clock.
public struct FrameRecord: Equatable, Sendable {
    public var previewTime: Double
    public var input: Double
    public var update: Double
    public var render: Double
    public var present: Double
    /// Time between this frame's present and the previous one's.
    public var interval: Double
    public init(previewTime: Double, input: Double, update: Double, render: Double, present: Double, interval: Double) {
        self.previewTime = previewTime; self.input = input; self.update = update; self.render = render
        self.present = present; self.interval = interval
    }
}

/// The last `capacity` frame records, oldest first: what the HUD and the frames CSV read.
public struct FrameLog: Sendable {
    public let capacity: Int
    private var storage: [FrameRecord] = []
    private var next = 0
    public private(set) var totalFrames = 0

    public init(capacity: Int = 300) { self.capacity = capacity; storage.reserveCapacity(capacity) }

    public mutating func append(_ record: FrameRecord) {
        if storage.count < capacity { storage.append(record) } else { storage[next] = record }
        next = (next + 1) % capacity
        totalFrames += 1
    }

    public var records: [FrameRecord] {
        storage.count < capacity ? storage : Array(storage[next...] + storage[..<next])
    }
}
