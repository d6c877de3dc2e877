import Foundation

/// A place in a text file, 1-based, for messages of the form PATH:LINE:COLUMN.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
}

/// A JSON value that remembers where it was written. Foundation's `JSONSerialization` forgets
/// positions, and a user editing a timings file wants to hear "line 12, column 18".
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, keyLocation: SourceLocation, value: JSONNode)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONNode: Equatable, Sendable {
    public var value: JSONValue
    public var location: SourceLocation
}

/// A problem in a JSON file, with its place.
public struct JSONFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation
    public var message: String
    public init(path: String, location: SourceLocation, message: String) {
        self.path = path; self.location = location; self.message = message
    }
    public var description: String { "\(path):\(location.line):\(location.column): \(message)" }
}

/// A strict RFC 8259 parser that keeps line and column for every value.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let path: String

    public static func parse(_ text: String, path: String) throws -> JSONNode {
        var parser = JSONParser(bytes: Array(text.utf8), path: path)
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    public static func parse(fileAt path: String) throws -> JSONNode {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "the file is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    private init(bytes: [UInt8], path: String) { self.bytes = bytes; self.path = path }

    private var location: SourceLocation {
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        var i = lineStart
        while i < index { if bytes[i] & 0xC0 != 0x80 { column += 1 }; i += 1 }
        return SourceLocation(line: line, column: column)
    }

    private func error(_ message: String) -> JSONFileError {
        JSONFileError(path: path, location: location, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> JSONNode {
        let at = location
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), location: at)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), location: at)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: at)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), location: at)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), location: at)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, location: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: at)
        default:
            throw error("unexpected character '\(String(UnicodeScalar(bytes[index])))'; expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected word; expected \(word)")
        }
        index += w.count
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("a number needs digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw error("a number must not start with 0") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("'\(text)' is not a usable number") }
        return value
    }

    private mutating func parseString() throws -> String {
        index += 1
        var scalars = [UInt8]()
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; break }
            if b < 0x20 { throw error("control character inside a string") }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                        throw error("\\u needs four hex digits")
                    }
                    index += 4
                    let scalar = UnicodeScalar(code) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(scalar).utf8))
                default: throw error("unknown escape '\\\(String(UnicodeScalar(e)))'")
                }
                continue
            }
            scalars.append(b)
            index += 1
        }
        return String(decoding: scalars, as: UTF8.self)
    }

    private mutating func parseArray() throws -> JSONValue {
        index += 1
        var items = [JSONNode]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        index += 1
        var members = [(key: String, keyLocation: SourceLocation, value: JSONNode)]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            let keyAt = location
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted field name") }
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw JSONFileError(path: path, location: keyAt, message: "field '\(key)' appears twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after field name '\(key)'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key, keyAt, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }
}

/// Reads typed fields out of a JSON object, naming the file, line, column and field path on error,
/// and refusing fields it does not know.
public struct JSONObjectReader {
    public let path: String
    public let fieldPath: String
    public let node: JSONNode
    private let members: [(key: String, keyLocation: SourceLocation, value: JSONNode)]

    public init(_ node: JSONNode, path: String, fieldPath: String = "") throws {
        guard case let .object(members) = node.value else {
            throw JSONFileError(path: path, location: node.location,
                                message: "\(fieldPath.isEmpty ? "the file" : fieldPath) must be an object, not \(node.value.typeName)")
        }
        self.path = path; self.fieldPath = fieldPath; self.node = node; self.members = members
    }

    public func name(_ key: String) -> String { fieldPath.isEmpty ? key : "\(fieldPath).\(key)" }

    public func failure(_ node: JSONNode, _ message: String) -> JSONFileError {
        JSONFileError(path: path, location: node.location, message: message)
    }

    /// Refuses any field not in `known`, pointing at the field's name.
    public func rejectUnknown(_ known: [String]) throws {
        for m in members where !known.contains(m.key) {
            throw JSONFileError(path: path, location: m.keyLocation,
                                message: "unknown field '\(name(m.key))'; expected one of \(known.joined(separator: ", "))")
        }
    }

    public func node(_ key: String) -> JSONNode? { members.first(where: { $0.key == key })?.value }
    public var keys: [String] { members.map(\.key) }

    public func number(_ key: String) throws -> Double? {
        guard let n = node(key) else { return nil }
        guard case let .number(v) = n.value else { throw failure(n, "\(name(key)) must be a number, not \(n.value.typeName)") }
        return v
    }

    public func number(_ key: String, default value: Double, range: ClosedRange<Double>? = nil, exclusiveLower: Bool = false) throws -> Double {
        guard let v = try number(key) else { return value }
        if let range {
            let n = node(key)!
            if v < range.lowerBound || v > range.upperBound || (exclusiveLower && v == range.lowerBound) {
                let lower = exclusiveLower ? "(\(formatRangeBound(range.lowerBound))" : "[\(formatRangeBound(range.lowerBound))"
                throw failure(n, "\(name(key)) must lie in \(lower), \(formatRangeBound(range.upperBound))] (got \(v))")
            }
        }
        return v
    }

    public func string(_ key: String) throws -> String? {
        guard let n = node(key) else { return nil }
        guard case let .string(s) = n.value else { throw failure(n, "\(name(key)) must be a string, not \(n.value.typeName)") }
        return s
    }

    public func bool(_ key: String) throws -> Bool? {
        guard let n = node(key) else { return nil }
        guard case let .bool(b) = n.value else { throw failure(n, "\(name(key)) must be true or false, not \(n.value.typeName)") }
        return b
    }

    public func object(_ key: String) throws -> JSONObjectReader? {
        guard let n = node(key) else { return nil }
        return try JSONObjectReader(n, path: path, fieldPath: name(key))
    }

    public func array(_ key: String) throws -> [JSONNode]? {
        guard let n = node(key) else { return nil }
        guard case let .array(items) = n.value else { throw failure(n, "\(name(key)) must be an array, not \(n.value.typeName)") }
        return items
    }

    public func numbers(_ key: String) throws -> [Double]? {
        guard let items = try array(key) else { return nil }
        return try items.enumerated().map { i, n in
            guard case let .number(v) = n.value else { throw failure(n, "\(name(key))[\(i)] must be a number, not \(n.value.typeName)") }
            return v
        }
    }
}

private func formatRangeBound(_ v: Double) -> String {
    if v == .infinity { return "∞" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
