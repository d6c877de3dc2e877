/// How a keyframe animation moves between values, as `CAAnimationCalculationMode`.
public enum KeyframeCalculationMode: String, Sendable {
    /// Interpolate between neighbouring values (`kCAAnimationLinear`).
    case linear
    /// Hold each value until the next key time (`kCAAnimationDiscrete`).
    case discrete
}

/// A keyframe track with `CAKeyframeAnimation` semantics over normalised time [0, 1].
///
/// The model (values, key times, curves) is kept apart from the timing that feeds it
/// (`MediaTiming`), as lottie-ios keeps keyframes apart from interpolation. Interpolation is not
/// clamped: an overshooting segment curve overshoots the values too.
public struct KeyframeTrack: Equatable, Sendable {
    public let values: [Double]
    public let keyTimes: [Double]
    /// One curve per segment (values.count − 1) in linear mode.
    public let timingFunctions: [TimingCurve]
    public let calculationMode: KeyframeCalculationMode
    /// Applied to the whole track's time before the segment's curve, like CAAnimation.timingFunction.
    public let overallTiming: TimingCurve?

    /// A track that holds one value throughout: what a track falls back to when none can be built.
    public static func constant(_ value: Double) -> KeyframeTrack {
        KeyframeTrack(checkedValues: [value], keyTimes: [0], timingFunctions: [], calculationMode: .linear, overallTiming: nil)
    }

    private init(checkedValues values: [Double], keyTimes: [Double], timingFunctions: [TimingCurve],
                 calculationMode: KeyframeCalculationMode, overallTiming: TimingCurve?) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode; self.overallTiming = overallTiming
    }

    public init(values: [Double], keyTimes: [Double]? = nil, timingFunctions: [TimingCurve]? = nil,
                calculationMode: KeyframeCalculationMode = .linear, overallTiming: TimingCurve? = nil) throws {
        guard !values.isEmpty else { throw MotionError.keyframeCount("a keyframe track needs at least one value") }
        for (i, v) in values.enumerated() { try requireFinite(v, "values[\(i)]") }
        let times: [Double]
        if let keyTimes {
            times = keyTimes
        } else if values.count == 1 {
            times = [0]
        } else {
            // Core Animation spaces values evenly when keyTimes is nil.
            let n = calculationMode == .discrete ? values.count : values.count - 1
            times = (0..<values.count).map { Double($0) / Double(n) }
        }
        // In discrete mode Core Animation wants one more key time than values; accept both that and
        // the equal count, so the same table works in either mode.
        switch calculationMode {
        case .linear:
            guard times.count == values.count else {
                throw MotionError.keyframeCount("keyTimes has \(times.count) entries but values has \(values.count)")
            }
        case .discrete:
            guard times.count == values.count || times.count == values.count + 1 else {
                throw MotionError.keyframeCount("keyTimes has \(times.count) entries; discrete mode needs \(values.count) or \(values.count + 1)")
            }
        }
        for (i, t) in times.enumerated() { try requireFinite(t, "keyTimes[\(i)]") }
        if values.count > 1 || times.count > 1 {
            guard times.first == 0 else { throw MotionError.keyTimes("keyTimes must start at 0 (got \(times[0]))") }
            guard times.last == 1 else { throw MotionError.keyTimes("keyTimes must end at 1 (got \(times.last!))") }
        }
        for i in 1..<max(times.count, 1) where times[i] < times[i - 1] {
            throw MotionError.keyTimes("keyTimes must not decrease: keyTimes[\(i)] = \(times[i]) < keyTimes[\(i - 1)] = \(times[i - 1])")
        }
        let segments = max(values.count - 1, 0)
        let curves = timingFunctions ?? Array(repeating: .linear, count: segments)
        if calculationMode == .linear && curves.count != segments {
            throw MotionError.keyframeCount("timingFunctions has \(curves.count) entries; \(values.count) values make \(segments) segments")
        }
        self.values = values
        self.keyTimes = times
        self.timingFunctions = curves
        self.calculationMode = calculationMode
        self.overallTiming = overallTiming
    }

    /// Value and d value / d progress at normalised time `progress`.
    func sample(_ progress: Double) -> (value: Double, velocity: Double) {
        var x = progress, dxdp = 1.0
        if let overallTiming {
            dxdp = overallTiming.slope(x)
            x = overallTiming.value(x)
        }
        if values.count == 1 { return (values[0], 0) }
        switch calculationMode {
        case .discrete:
            var index = 0
            for i in 0..<min(values.count, keyTimes.count) where keyTimes[i] <= x { index = i }
            return (values[index], 0)
        case .linear:
            // Segment containing x; before 0 or after 1 the end segments extrapolate.
            var segment = 0
            while segment < values.count - 2 && x >= keyTimes[segment + 1] { segment += 1 }
            let t0 = keyTimes[segment], t1 = keyTimes[segment + 1]
            let v0 = values[segment], v1 = values[segment + 1]
            let span = t1 - t0
            if span <= 0 { return (x < t0 ? v0 : v1, 0) }
            let local = (x - t0) / span
            let curve = timingFunctions[segment]
            let eased = curve.value(local)
            let value = v0 + (v1 - v0) * eased
            let velocity = (v1 - v0) * curve.slope(local) / span * dxdp
            return (value, velocity)
        }
    }
}
