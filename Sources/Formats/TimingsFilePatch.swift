import Foundation

/// Rewrites a timings file's text with some parameters changed, leaving every other byte as the
/// user wrote it: the value of a key path present in the file is replaced where it stands, and a
/// missing one is added to the innermost object that exists, in that object's own layout (one
/// line or one member a line). So a saved file's diff shows only what changed.
public enum TimingsFilePatch {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// `text` with each (key path, JSON value text) applied in order. A leading UTF-8 BOM (which
    /// the parser skips) stays where it is.
    public static func apply(_ changes: [(path: String, json: String)], to text: String) throws -> String {
        var bytes = Array(text.utf8)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasByteOrderMark = bytes.starts(with: byteOrderMark)
        if hasByteOrderMark { bytes.removeFirst(byteOrderMark.count) }
        for change in changes {
            bytes = try apply(path: change.path.split(separator: ".").map(String.init), json: Array(change.json.utf8), to: bytes)
        }
        return String(decoding: (hasByteOrderMark ? byteOrderMark : []) + bytes, as: UTF8.self)
    }

    /// Every parameter whose value differs between `old` and `new`, as (key path, JSON text).
    public static func changes(from old: Timings, to new: Timings) -> [(path: String, json: String)] {
        TimingsSchema.parameters.compactMap { p in
            let a = p.value(in: old), b = p.value(in: new)
            return a == b ? nil : (p.path, b.json.text)
        }
    }

    // MARK: Finding a key path's value in the text

    private static func apply(path: [String], json: [UInt8], to bytes: [UInt8]) throws -> [UInt8] {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{") else { throw Failure(message: "the file is not a JSON object") }
        var objectStart = scanner.index
        var depth = 0
        while depth < path.count {
            guard let member = try scanner.findMember(path[depth], inObjectAt: objectStart) else {
                return insert(path: Array(path[depth...]), json: json, intoObjectAt: objectStart, bytes: bytes)
            }
            if depth == path.count - 1 {
                return Array(bytes[..<member.valueStart]) + json + Array(bytes[member.valueEnd...])
            }
            guard bytes[member.valueStart] == UInt8(ascii: "{") else {
                throw Failure(message: "\(path[...depth].joined(separator: ".")) is not an object")
            }
            objectStart = member.valueStart
            depth += 1
        }
        return bytes
    }

    /// Adds `"a": {"b": value}` for the missing `path` to the object starting at `start`.
    private static func insert(path: [String], json: [UInt8], intoObjectAt start: Int, bytes: [UInt8]) -> [UInt8] {
        let scanner = Scanner(bytes: bytes)
        let end = scanner.endOfValue(at: start)  // one past the closing brace
        let close = end - 1
        var value = json
        for key in path.dropFirst().reversed() { value = Array("{\"\(key)\": ".utf8) + value + Array("}".utf8) }
        let member = Array("\"\(path[0])\": ".utf8) + value
        // Is the object empty, and is it laid out one member a line?
        var i = close - 1
        while i > start && isSpace(bytes[i]) { i -= 1 }
        let empty = i == start
        let multiline = bytes[(i + 1)..<close].contains(UInt8(ascii: "\n"))
        if empty { return Array(bytes[...start]) + member + Array(bytes[close...]) }
        if multiline {
            // The indentation of the closing brace's line, plus two, after the line break that
            // line ends with (CRLF in a file written on Windows).
            var lineStart = close
            while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let indent = bytes[lineStart..<close].filter { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let lineBreak = lineStart >= 2 && bytes[lineStart - 2] == UInt8(ascii: "\r") ? Array("\r\n".utf8) : Array("\n".utf8)
            return Array(bytes[...i]) + Array(",".utf8) + lineBreak + indent + Array("  ".utf8) + member + Array(bytes[(i + 1)...])
        }
        return Array(bytes[...i]) + Array(", ".utf8) + member + Array(bytes[(i + 1)...])
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// A forward scanner over JSON text that the file's parser has already accepted, so it only
    /// needs to find where values start and end.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() { while index < bytes.count && TimingsFilePatch.isSpace(bytes[index]) { index += 1 } }

        /// One past the end of the string starting at `start` (a quote).
        func endOfString(at start: Int) -> Int {
            var i = start + 1
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
                i += 1
            }
            return bytes.count
        }

        /// One past the end of the value starting at `start`.
        func endOfValue(at start: Int) -> Int {
            switch bytes[start] {
            case UInt8(ascii: "\""): return endOfString(at: start)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0, i = start
                while i < bytes.count {
                    let b = bytes[i]
                    if b == UInt8(ascii: "\"") { i = endOfString(at: i); continue }
                    if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth += 1 }
                    if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") { depth -= 1; if depth == 0 { return i + 1 } }
                    i += 1
                }
                return bytes.count
            default:
                var i = start
                while i < bytes.count && !TimingsFilePatch.isSpace(bytes[i]) && bytes[i] != UInt8(ascii: ",")
                        && bytes[i] != UInt8(ascii: "}") && bytes[i] != UInt8(ascii: "]") { i += 1 }
                return i
            }
        }

        /// The value span of `key` among the members of the object at `start`, if present.
        mutating func findMember(_ key: String, inObjectAt start: Int) throws -> (valueStart: Int, valueEnd: Int)? {
            index = start + 1
            let wanted = Array(key.utf8)
            while true {
                skipSpace()
                guard let b = peek else { throw Failure(message: "the file ends inside an object") }
                if b == UInt8(ascii: "}") { return nil }
                if b == UInt8(ascii: ",") { index += 1; continue }
                guard b == UInt8(ascii: "\"") else { throw Failure(message: "expected a field name") }
                let keyEnd = endOfString(at: index)
                let name = Array(bytes[(index + 1)..<(keyEnd - 1)])
                index = keyEnd
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw Failure(message: "expected ':'") }
                index += 1
                skipSpace()
                let valueStart = index
                let valueEnd = endOfValue(at: valueStart)
                index = valueEnd
                // Field names in a timings file have no escapes; compare the raw bytes.
                if name == wanted { return (valueStart, valueEnd) }
            }
        }
    }
}
