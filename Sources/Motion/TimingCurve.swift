import Foundation

/// A timing curve maps input progress to eased progress, with its derivative.
/// The named curves carry Core Animation's control points (`CAMediaTimingFunctionName`).
public enum TimingCurve: Equatable, Sendable {
    case linear
    case bezier(CubicBezier)

    /// kCAMediaTimingFunctionEaseIn.
    public static let easeIn = TimingCurve.bezier(CubicBezier(unchecked: 0.42, 0, 1, 1))
    /// kCAMediaTimingFunctionEaseOut.
    public static let easeOut = TimingCurve.bezier(CubicBezier(unchecked: 0, 0, 0.58, 1))
    /// kCAMediaTimingFunctionEaseInEaseOut; also UIKit's default curve for `UIView.animate`.
    public static let easeInEaseOut = TimingCurve.bezier(CubicBezier(unchecked: 0.42, 0, 0.58, 1))
    /// kCAMediaTimingFunctionDefault, what an implicit Core Animation action uses.
    public static let caDefault = TimingCurve.bezier(CubicBezier(unchecked: 0.25, 0.1, 0.25, 1))

    public static let namedCurves: [(String, TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .caDefault),
    ]
    public static var namedCurveNames: [String] { namedCurves.map(\.0) }

    @inline(__always)
    func value(_ x: Double) -> Double {
        switch self {
        case .linear: return x
        case .bezier(let b): return b.solve(x)
        }
    }

    @inline(__always)
    func slope(_ x: Double) -> Double {
        switch self {
        case .linear: return 1
        case .bezier(let b): return b.slope(x)
        }
    }

    /// Control points as Core Animation would take them; linear is (0, 0, 1, 1).
    public var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .bezier(let b): return (b.x1, b.y1, b.x2, b.y2)
        }
    }

    /// The name it was given, or `cubic-bezier(...)`.
    public var specification: String {
        if let named = TimingCurve.namedCurves.first(where: { $0.1 == self }) { return named.0 }
        let p = controlPoints
        return "cubic-bezier(\(formatNumber(p.0)), \(formatNumber(p.1)), \(formatNumber(p.2)), \(formatNumber(p.3)))"
    }

    /// Parses a curve name or `cubic-bezier(x1, y1, x2, y2)`.
    public init(parsing spec: String) throws {
        let trimmed = spec.trimmingCharacters(in: .whitespaces)
        if let named = TimingCurve.namedCurves.first(where: { $0.0 == trimmed }) {
            self = named.1
            return
        }
        guard trimmed.hasPrefix("cubic-bezier") else { throw MotionError.unknownCurve(abbreviatedForMessage(trimmed, quoted: false)) }
        let arguments = try parseCallArguments(trimmed, function: "cubic-bezier")
        guard arguments.count == 4, arguments.allSatisfy({ $0.label == nil }) else {
            throw MotionError.malformedSpec(abbreviatedForMessage(trimmed, quoted: false), "cubic-bezier takes four numbers x1, y1, x2, y2")
        }
        let v = arguments.map(\.value)
        self = .bezier(try CubicBezier(v[0], v[1], v[2], v[3]))
    }
}

/// One argument of `name(label: value, ...)`.
struct CallArgument { var label: String?; var value: Double }

/// Reads `function(a, b)` or `function(label: a, other: b)` into numbers, with a reason on failure.
/// Every message quotes the spec through `abbreviatedForMessage`, so a pasted megabyte stays a line.
func parseCallArguments(_ spec: String, function: String) throws -> [CallArgument] {
    let quotedSpec = abbreviatedForMessage(spec, quoted: false)
    var body = Substring(spec.trimmingCharacters(in: .whitespaces))
    guard body.hasPrefix(function) else { throw MotionError.malformedSpec(quotedSpec, "expected \(function)(...)") }
    body = body.dropFirst(function.count).drop(while: { $0 == " " })
    guard body.first == "(", body.last == ")" else {
        throw MotionError.malformedSpec(quotedSpec, "expected parentheses around the arguments")
    }
    body = body.dropFirst().dropLast()
    if body.trimmingCharacters(in: .whitespaces).isEmpty { return [] }
    return try body.split(separator: ",", omittingEmptySubsequences: false).map { part in
        let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let label = pieces.count == 2 ? pieces[0].trimmingCharacters(in: .whitespaces) : nil
        let text = (pieces.count == 2 ? pieces[1] : pieces[0]).trimmingCharacters(in: .whitespaces)
        // Double(_:) also reads "nan", "inf" and hex floats ("0x1p3"), which no one means in a
        // curve spec; "nan" and "inf" get the clearer 'must be finite' message below.
        guard isDecimalNumber(text) || isNonFiniteWord(text), let value = Double(text) else {
            throw MotionError.malformedSpec(quotedSpec, "\(abbreviatedForMessage(text)) is not a number")
        }
        guard value.isFinite else { throw MotionError.notFinite(abbreviatedForMessage(label ?? text, quoted: false)) }
        return CallArgument(label: label.map { abbreviatedForMessage($0, quoted: false) }, value: value)
    }
}

func isNonFiniteWord(_ text: String) -> Bool {
    ["nan", "inf", "infinity"].contains(text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "+-")))
}

/// `-1`, `0.5`, `.5`, `1e-3`, `+2`: what a person writes for a number; not hex floats, "nan" or "inf".
func isDecimalNumber(_ text: String) -> Bool {
    var sawDigit = false
    var sawExponent = false
    var previous: Character? = nil
    for c in text {
        switch c {
        case "0"..."9": sawDigit = true
        case "+", "-": guard previous == nil || previous == "e" || previous == "E" else { return false }
        case ".": guard !sawExponent else { return false }
        case "e", "E": guard sawDigit, !sawExponent else { return false }; sawExponent = true
        default: return false
        }
        previous = c
    }
    return sawDigit
}

/// A token from user input, for an error message: control characters escaped, and cut after
/// `limit` characters with an ellipsis and the full length, so that a million-digit number or a
/// pasted file yields a one-line message. Counts Unicode scalars, so one huge grapheme cannot slip through.
public func abbreviatedForMessage(_ text: some StringProtocol, limit: Int = 40, quoted: Bool = true) -> String {
    // The limit counts what is printed, so escaped control characters cannot make it longer.
    var out = ""
    var printed = 0
    for scalar in text.unicodeScalars {
        let piece = scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
            ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        let width = piece.unicodeScalars.count
        if printed + width > limit {
            let quote = quoted ? "'" : ""
            return quote + out + "…" + quote + " (\(text.unicodeScalars.count) characters)"
        }
        out += piece
        printed += width
    }
    return quoted ? "'" + out + "'" : out
}

/// Shortest decimal that reads back as the same Double, without a trailing ".0".
public func formatNumber(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
