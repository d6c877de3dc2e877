import Foundation
import Motion

/// A place in a text file, 1-based, for messages of the form PATH:LINE:COLUMN.
/// Columns count Unicode scalars, not bytes, as an editor's cursor does; a leading byte-order
/// mark is not counted.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
}

/// A JSON value that remembers where it was written. Foundation's `JSONSerialization` forgets
/// positions, and a user editing a timings file wants to hear "line 12, column 18".
/// Not `indirect`: arrays already live on the heap, and boxing every number of a million-event
/// script would double its memory.
public enum JSONValue: Equatable, Sendable {
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
    public init(value: JSONValue, location: SourceLocation) { self.value = value; self.location = location }
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
///
/// Hardened for files nobody wrote by hand (minified exports, captures, fuzzed bytes):
/// - every step is linear in the input: the column is counted forward from the last place asked
///   for, never from the start of the line, and duplicate keys are found with a set;
/// - nesting is limited to `maximumDepth`, so a file of 40,000 `[` is an error, not a stack overflow;
/// - a leading UTF-8 byte-order mark is skipped and invalid UTF-8 is refused at its byte, whether
///   the file is timings, a script or `launch.json`;
/// - messages quote at most `abbreviatedForMessage`'s limit of any token from the file.
public struct JSONParser {
    /// Deeper nesting than any of our formats needs (they use 4 levels) by a wide margin, and
    /// shallow enough that the recursive descent cannot exhaust a thread's stack, even a
    /// secondary thread's 512 KiB.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    // The column at `columnIndex`, so the next location counts on from there (linear overall).
    private var columnIndex = 0
    private var column = 1
    // A root-object array whose elements go to `onElement` instead of into the tree (see `parse(bytes:path:streaming:)`).
    private var streamedKey: String?
    private var onElement: ((Int, JSONNode) throws -> Void)?

    // MARK: Entry points

    public static func parse(_ text: String, path: String) throws -> JSONNode {
        try parse(utf8: Array(text.utf8), path: path, validated: true, streaming: nil, element: nil)
    }

    /// Parses raw file bytes: a leading BOM is skipped, invalid UTF-8 is refused with its place.
    public static func parse(bytes: [UInt8], path: String) throws -> JSONNode {
        try parse(utf8: bytes, path: path, validated: false, streaming: nil, element: nil)
    }

    /// Like `parse(bytes:path:)`, but the elements of the array at `key` of the root object are
    /// handed to `element` one by one, as they are read, and left out of the returned tree (the
    /// array there is empty, at its place). A million-event script then costs the events, not a
    /// tree of them. Anything else at `key` is kept in the tree, for the caller to refuse.
    public static func parse(bytes: [UInt8], path: String, streaming key: String,
                             element: (_ index: Int, _ node: JSONNode) throws -> Void) throws -> JSONNode {
        try withoutActuallyEscaping(element) { element in
            try parse(utf8: bytes, path: path, validated: false, streaming: key, element: element)
        }
    }

    public static func parse(fileAt path: String, limit: FileSizeLimit) throws -> JSONNode {
        try parse(bytes: readFile(path, limit: limit), path: path)
    }

    /// The whole file, up to `limit` (see `BoundedFileReader`); a failure is a `JSONFileError` at
    /// the file's start naming the system's reason, a directory, or the limit.
    public static func readFile(_ path: String, limit: FileSizeLimit) throws -> [UInt8] {
        do { return try BoundedFileReader.read(path, limit: limit) } catch let failure as FileReadFailure {
            throw JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: failure.reason)
        }
    }

    private static func parse(utf8 input: [UInt8], path: String, validated: Bool, streaming key: String?,
                              element: ((Int, JSONNode) throws -> Void)?) throws -> JSONNode {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if !validated, let bad = firstInvalidUTF8(bytes) {
            throw JSONFileError(path: path, location: locationOfByte(bad, in: bytes),
                                message: "the file is not UTF-8 text: byte \(bad + 1) (0x\(String(bytes[bad], radix: 16, uppercase: true))) is not valid UTF-8")
        }
        var parser = JSONParser(bytes: bytes, path: path)
        parser.streamedKey = key
        parser.onElement = element
        if bytes.isEmpty { throw parser.error("the file is empty; expected a JSON value") }
        parser.skipWhitespace()
        if parser.index == bytes.count { throw parser.error("the file holds only whitespace; expected a JSON value") }
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value, starting with \(parser.describeCharacter())") }
        return node
    }

    private init(bytes: [UInt8], path: String) { self.bytes = bytes; self.path = path }

    // MARK: Places

    private mutating func location() -> SourceLocation {
        if columnIndex < lineStart { columnIndex = lineStart; column = 1 }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        while columnIndex < index {
            if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
            columnIndex += 1
        }
        return SourceLocation(line: line, column: column)
    }

    private mutating func error(_ message: String) -> JSONFileError {
        JSONFileError(path: path, location: location(), message: message)
    }

    /// The line and column of byte `offset`, counted the way `location()` counts.
    static func locationOfByte(_ offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1, column = 1
        for i in 0..<offset {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(line: line, column: column)
    }

    /// The character at the cursor for a message: quoted if printable, else its code point.
    private func describeCharacter() -> String {
        guard index < bytes.count else { return "end of file" }
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(index + length, bytes.count)
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "end of file" }
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
            || scalar.properties.generalCategory == .control {
            return "character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        return "character '\(text)'"
    }

    // MARK: Grammar

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        let at = location()
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            return JSONNode(value: try parseObject(depth: depth + 1), location: at)
        case UInt8(ascii: "["):
            try checkDepth(depth)
            return JSONNode(value: .array(try parseArray(depth: depth + 1, streaming: false)), location: at)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: at)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), location: at)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), location: at)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, location: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: at)
        default:
            throw error("unexpected \(describeCharacter()); expected a value")
        }
    }

    private mutating func checkDepth(_ depth: Int) throws {
        if depth >= JSONParser.maximumDepth {
            throw error("arrays and objects nest deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { w in
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == w[$0] }
        }
        guard matches else { throw error("unexpected word; expected \(word)") }
        index += count
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Powers of ten that a Double holds exactly, for the fast path of `parseNumber`.
    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    private mutating func parseNumber() throws -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // Digits are gathered into an integer as they are checked: most numbers in our files
        // (times, coordinates) have few digits and take the exact fast path below, not strtod.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        func digits(fraction: Bool) -> Int {
            let s = index
            while index < bytes.count, JSONParser.isDigit(bytes[index]) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    if mantissa > 0 { significantDigits += 1 }
                    if fraction { decimalExponent -= 1 }
                } else if !fraction {
                    decimalExponent += 1
                }
                index += 1
            }
            return index - s
        }
        let integerStart = index
        let integerDigits = digits(fraction: false)
        guard integerDigits > 0 else { throw error("a number needs digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw error("a number must not start with 0")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(fraction: true) > 0 else { throw error("a number needs digits after the decimal point") }
        }
        var exponent = 0
        var exponentDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < bytes.count, JSONParser.isDigit(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { throw error("a number needs digits in its exponent") }
            if exponentNegative { exponent = -exponent }
        }
        // Clinger's fast path: an integer below 2^53 times or over an exact power of ten is
        // correctly rounded by one IEEE operation.
        let scale = decimalExponent + exponent
        if significantDigits <= 15, abs(scale) <= 22 {
            let magnitude = scale >= 0 ? Double(mantissa) * JSONParser.exactPowersOfTen[scale]
                                       : Double(mantissa) / JSONParser.exactPowersOfTen[-scale]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("\(abbreviatedForMessage(text)) is not a usable number: it overflows a double")
        }
        return value
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Four hex digits after `\u`, exactly: `UInt32(_:radix:)` would also take "-000" or "+fff".
    private mutating func parseHexQuad() throws -> UInt32 {
        var code: UInt32 = 0
        for k in 0..<4 {
            guard index + k < bytes.count, let digit = JSONParser.hexValue(bytes[index + k]) else {
                throw error("\\u needs four hex digits")
            }
            code = code << 4 | digit
        }
        index += 4
        return code
    }

    private mutating func parseString() throws -> String {
        index += 1
        // Most strings have no escape: scan to the quote and decode the bytes in one go.
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character U+\(String(b, radix: 16, uppercase: true).leftPadded(to: 4)) inside a string; write it as an escape") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; break }
            if b < 0x20 { throw error("control character U+\(String(b, radix: 16, uppercase: true).leftPadded(to: 4)) inside a string; write it as an escape") }
            if b == UInt8(ascii: "\\") {
                let escapeStart = index
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
                    var code = try parseHexQuad()
                    // UTF-16 surrogates: a high one must be followed by `\u` and a low one.
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            index = escapeStart
                            throw error("\\u\(String(code, radix: 16, uppercase: true)) is half of a UTF-16 surrogate pair; the low half must follow")
                        }
                        index += 2
                        let low = try parseHexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            index = escapeStart
                            throw error("\\u\(String(code, radix: 16, uppercase: true)) is half of a UTF-16 surrogate pair; the low half must follow")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        index = escapeStart
                        throw error("\\u\(String(code, radix: 16, uppercase: true)) is a lone low surrogate, not a character")
                    }
                    // Not a surrogate, so always a scalar.
                    scalars.append(contentsOf: Array(String(UnicodeScalar(code)!).utf8))
                default:
                    index = escapeStart
                    throw error("unknown escape \\\(describeEscape(e)); expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                }
                continue
            }
            scalars.append(b)
            index += 1
        }
        return String(decoding: scalars, as: UTF8.self)
    }

    private func describeEscape(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? String(UnicodeScalar(b)) : "followed by byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    /// Parses an array; when `streaming`, elements go to `onElement` and the result is empty.
    private mutating func parseArray(depth: Int, streaming: Bool) throws -> [JSONNode] {
        index += 1
        var items = [JSONNode]()
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return items }
        while true {
            skipWhitespace()
            let item = try parseValue(depth: depth)
            if streaming, let onElement { try onElement(count, item) } else { items.append(item) }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return items }
            throw error("expected ',' or ']' in an array, not \(describeCharacter())")
        }
    }

    /// Below this many members a linear search beats building a set.
    private static let linearKeySearchLimit = 16

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        index += 1
        var members = [(key: String, keyLocation: SourceLocation, value: JSONNode)]()
        var seen: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            let keyAt = location()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted field name, not \(describeCharacter())")
            }
            let key = try parseString()
            let duplicate: Bool
            if members.count < JSONParser.linearKeySearchLimit {
                duplicate = members.contains(where: { $0.key == key })
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                duplicate = !seen!.insert(key).inserted
            }
            if duplicate {
                throw JSONFileError(path: path, location: keyAt, message: "field \(abbreviatedForMessage(key)) appears twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after field name \(abbreviatedForMessage(key))")
            }
            index += 1
            skipWhitespace()
            let value: JSONNode
            if depth == 1, key == streamedKey, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                let at = location()
                try checkDepth(depth)
                value = JSONNode(value: .array(try parseArray(depth: depth + 1, streaming: true)), location: at)
            } else {
                value = try parseValue(depth: depth)
            }
            members.append((key, keyAt, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object, not \(describeCharacter())")
        }
    }

    // MARK: UTF-8

    /// The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence
    /// (Unicode 15, table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + 1 < n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return i }
            var k = 2
            while k < length {
                guard i + k < n, bytes[i + k] & 0xC0 == 0x80 else { return i }
                k += 1
            }
            i += length
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
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
                                message: "unknown field \(abbreviatedForMessage(name(m.key))); expected one of \(known.joined(separator: ", "))")
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
        guard let n = node(key), let v = try number(key) else { return value }
        if let range {
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
    if v == -.infinity { return "-∞" }
    return formatNumber(v)
}
