import Foundation

/// A JSON value to print, with object keys kept in the order given (the `state` contract reads
/// best in a fixed order, and Foundation's serializer does not keep one).
public indirect enum JSONOutput: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.text == b.text }

    /// Compact text on one line.
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let v): out += JSONOutput.format(v)
        case .string(let s): out += JSONOutput.quote(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() { if i > 0 { out += ", " }; item.write(into: &out) }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += ", " }
                out += JSONOutput.quote(key) + ": "
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// Numbers to 9 decimals: exact enough to compare states 1 ms apart, short enough to read.
    /// Non-finite values (never expected) print as null rather than break the JSON. From 1e15 up
    /// the value has no decimals to round, and scaling it by 1e9 could overflow to infinity
    /// (1e300 printed as `inf`), so it prints in exponent form, which JSON allows.
    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if abs(v) >= 1e15 { return "\(v)" }
        let rounded = (v * 1e9).rounded() / 1e9
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var s = String(format: "%.9f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
