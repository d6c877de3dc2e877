import Formats

/// One translucent finger circle to draw over the device: where, how big and how strong.
public struct TouchMarker: Equatable, Sendable {
    /// The centre, in screen points.
    public var x: Double
    public var y: Double
    /// The radius, in points.
    public var radius: Double
    /// 1 while pressed, fading to 0 after the release and along the trail.
    public var opacity: Double
    /// True for the current (or last) position of a touch, false for a trail dot behind it.
    public var isHead: Bool
    public init(x: Double, y: Double, radius: Double, opacity: Double, isHead: Bool) {
        self.x = x; self.y = y; self.radius = radius; self.opacity = opacity; self.isHead = isHead
    }
}

/// The pointer as iOS shows touches in screen recordings: a finger-sized circle at the press, a
/// short fading trail behind it while dragging, fading out after the release. A pure function of
/// the input log and the time, so a recording, a seek and the window all show the same markers,
/// and nothing of it reaches the model.
public enum TouchMarkers {
    /// iOS's minimum touch target (Human Interface Guidelines: 44 × 44 pt), about a fingertip.
    public static let diameter = 44.0
    /// How far back a drag's trail reaches.
    public static let trailDuration = 0.2
    /// How long a marker takes to fade out after its release.
    public static let fadeOutDuration = 0.3
    /// Trail dots shrink to this share of the head's radius at the trail's far end.
    static let trailEndRadiusShare = 0.35

    /// The markers to draw at time t, trail dots first (oldest first) and heads last, so a head
    /// is drawn over its own trail.
    public static func markers(at t: Double, log: [InputEvent]) -> [TouchMarker] {
        let end = log.countOfEvents(upTo: t)
        guard end > 0 else { return [] }
        // Walk back to the first press that can still show: an earlier touch that was released
        // more than the fade-out ago is gone, and so is everything before it.
        var first = end
        var i = end - 1
        while i >= 0 {
            let e = log[i]
            if e.isRelease && e.time < t - fadeOutDuration { break }
            first = i
            i -= 1
        }
        var touches: [[InputEvent]] = []
        var current: [InputEvent]?
        for e in log[first..<end] {
            switch e.kind {
            case .down:
                if let c = current { touches.append(c) }
                current = [e]
            case .move:
                current?.append(e)
            case .up, .cancel:
                if var c = current { c.append(e); touches.append(c) }
                current = nil
            case .key, .wheel:
                break
            }
        }
        if let c = current { touches.append(c) }

        let radius = diameter / 2
        var trail: [TouchMarker] = [], heads: [TouchMarker] = []
        for touch in touches {
            guard let last = touch.last, let position = touch.last(where: { $0.position != nil })?.position ?? touch.first?.position else { continue }
            // A release fades the whole touch out; while held it is at full strength.
            let released = last.isRelease ? last.time : nil
            let strength = released.map { max(0, 1 - (t - $0) / fadeOutDuration) } ?? 1
            guard strength > 0 else { continue }
            heads.append(TouchMarker(x: position.x, y: position.y, radius: radius, opacity: strength, isHead: true))
            // Trail: the positions the pointer passed through in the last trailDuration, not
            // counting the head's own, thinner and fainter with age.
            for e in touch.dropLast() {
                guard let p = e.position else { continue }
                let age = t - e.time
                guard age < trailDuration, p != position else { continue }
                let share = 1 - age / trailDuration
                trail.append(TouchMarker(x: p.x, y: p.y, radius: radius * (trailEndRadiusShare + (1 - trailEndRadiusShare) * share),
                                         opacity: strength * share * 0.8, isHead: false))
            }
        }
        return trail + heads
    }

}

extension Array where Element == InputEvent {
    /// How many events of this time-ordered log happen at or before t, by bisection: a seek and
    /// the touch markers ask it every frame of a take of thousands of inputs.
    func countOfEvents(upTo t: Double) -> Int { partitionPoint { $0.time <= t } }
}

extension RandomAccessCollection where Index == Int {
    /// How many leading elements satisfy `isBefore`, for a collection where every element that
    /// does comes before every one that does not (a time-ordered log, snapshots by input count):
    /// found by bisection.
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isBefore(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo - startIndex
    }
}

extension InputEvent {
    /// Where the pointer is for a press, a move or a release; nil otherwise.
    var position: (x: Double, y: Double)? {
        switch kind {
        case let .down(x, y), let .move(x, y), let .up(x, y): return (x, y)
        case .key, .wheel, .cancel: return nil
        }
    }

    var isRelease: Bool {
        switch kind {
        case .up, .cancel: return true
        default: return false
        }
    }
}
