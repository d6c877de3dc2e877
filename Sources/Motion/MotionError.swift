/// Why a motion description was refused. Every invalid input ends here as a typed error,
/// never as a trap, so callers can name the field that was wrong.
public enum MotionError: Error, Equatable, CustomStringConvertible {
    case notFinite(String)
    case negative(String, Double)
    case outOfRange(String, Double, String)
    case unknownCurve(String)
    case malformedSpec(String, String)
    case keyframeCount(String)
    case keyTimes(String)

    public var description: String {
        switch self {
        case .notFinite(let field): return "\(field) must be a finite number"
        case .negative(let field, let v): return "\(field) must not be negative (got \(v))"
        case .outOfRange(let field, let v, let range): return "\(field) must lie in \(range) (got \(v))"
        case .unknownCurve(let name):
            return "unknown curve '\(name)'; expected one of \(TimingCurve.namedCurveNames.joined(separator: ", ")) or cubic-bezier(x1, y1, x2, y2)"
        case .malformedSpec(let spec, let why): return "cannot read '\(spec)': \(why)"
        case .keyframeCount(let why): return why
        case .keyTimes(let why): return why
        }
    }
}

@inline(__always)
func requireFinite(_ value: Double, _ field: String) throws {
    guard value.isFinite else { throw MotionError.notFinite(field) }
}
