/// What an animation shows outside its active interval, as `CAMediaTimingFillMode`.
public enum FillMode: String, Sendable {
    case removed, forwards, backwards, both
}

/// Maps parent time to an animation's normalised progress with `CAMediaTiming` semantics:
/// local time t = (t_parent − beginTime) × speed + timeOffset, then repeat and autoreverse,
/// then division by the duration. Outside the active interval the fill mode decides.
public struct MediaTiming: Equatable, Sendable {
    public var beginTime: Double
    public var duration: Double
    public var speed: Double
    public var timeOffset: Double
    public var repeatCount: Double
    public var autoreverses: Bool
    public var fillMode: FillMode

    public init(beginTime: Double = 0, duration: Double, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .both) throws {
        for (v, name) in [(beginTime, "beginTime"), (duration, "duration"), (speed, "speed"),
                          (timeOffset, "timeOffset"), (repeatCount, "repeatCount")] {
            guard v.isFinite || (name == "repeatCount" && v == .infinity) else { throw MotionError.notFinite(name) }
        }
        guard duration >= 0 else { throw MotionError.negative("duration", duration) }
        guard repeatCount >= 0 else { throw MotionError.negative("repeatCount", repeatCount) }
        self.beginTime = beginTime; self.duration = duration; self.speed = speed
        self.timeOffset = timeOffset; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.fillMode = fillMode
    }

    /// One pass forward (and back, if autoreversing).
    var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }
    /// Core Animation plays once when repeatCount is 0.
    var activeDuration: Double { cycleDuration * max(repeatCount, 1) }

    /// Normalised progress in [0, 1] at parent time, its rate d progress / d parent time,
    /// or nil when the fill mode removes the animation at that time.
    public func progress(atParentTime parentTime: Double) -> (progress: Double, rate: Double)? {
        let local = (parentTime - beginTime) * speed + timeOffset
        if duration == 0 {
            if local < 0 { return fillsBackwards ? (0, 0) : nil }
            return fillsForwards ? (1, 0) : nil
        }
        if local < 0 { return fillsBackwards ? (0, 0) : nil }
        if local >= activeDuration {
            guard fillsForwards else { return nil }
            // The final state: the end of the last pass, which is 0 when it played back.
            let endsReversed = autoreverses
            return (endsReversed ? 0 : 1, 0)
        }
        var cycleTime = local.truncatingRemainder(dividingBy: cycleDuration)
        var direction = 1.0
        if autoreverses && cycleTime >= duration {
            cycleTime = cycleDuration - cycleTime
            direction = -1
        }
        return (cycleTime / duration, direction * speed / duration)
    }

    var fillsForwards: Bool { fillMode == .forwards || fillMode == .both }
    var fillsBackwards: Bool { fillMode == .backwards || fillMode == .both }
}

/// A property animation: a timing feeding a curve between two values, the shape of
/// `CABasicAnimation` with `fromValue`, `toValue` and `timingFunction`.
public struct BasicAnimation: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var timing: MediaTiming
    public var curve: TimingCurve

    public init(from: Double, to: Double, timing: MediaTiming, curve: TimingCurve) {
        self.from = from; self.to = to; self.timing = timing; self.curve = curve
    }

    /// Value and velocity (units per second of parent time), or nil when removed.
    public func sample(at parentTime: Double) -> (value: Double, velocity: Double)? {
        guard let p = timing.progress(atParentTime: parentTime) else { return nil }
        let eased = curve.value(p.progress)
        let velocity = p.rate == 0 ? 0 : (to - from) * curve.slope(p.progress) * p.rate
        return (from + (to - from) * eased, velocity)
    }
}
