import CLibYAML
import Motion
import Foundation

/// A YAML value as XcodeGen sees it: mappings keep their keys' order (a repeated key is kept
/// twice; lookups take the last), merge keys (`<<`) are applied, aliases are copies of their
/// anchor's value, and scalars carry the type Yams (XcodeGen's YAML reader) gives them.
enum YAMLNode {
    case scalar(String, YAMLScalar, line: Int)
    case sequence([YAMLNode], line: Int)
    case mapping([(key: String, value: YAMLNode)], line: Int)
    /// An empty value, `~`, `null`, or an alias of one.
    case null(line: Int)

    var line: Int {
        switch self {
        case let .scalar(_, _, line), let .sequence(_, line), let .mapping(_, line), let .null(line): return line
        }
    }

    /// The value of a key (the last, if a key repeats).
    subscript(key: String) -> YAMLNode? {
        guard case let .mapping(entries, _) = self else { return nil }
        return entries.last { $0.key == key }?.value
    }

    var mappingEntries: [(key: String, value: YAMLNode)]? {
        guard case let .mapping(entries, _) = self else { return nil }
        return entries
    }

    var mappingKeys: [String]? { mappingEntries?.map(\.key) }

    /// A scalar's text as written, whatever its type.
    var scalarText: String? {
        guard case let .scalar(text, _, _) = self else { return nil }
        return text
    }

    /// A scalar as a one-item list, or a sequence's scalars.
    var scalarList: [String]? {
        switch self {
        case let .scalar(text, _, _): return [text]
        case let .sequence(items, _): return items.compactMap(\.scalarText)
        default: return nil
        }
    }

    func removing(_ key: String) -> YAMLNode {
        guard case let .mapping(entries, line) = self else { return self }
        return .mapping(entries.filter { $0.key != key }, line: line)
    }

    func replacing(_ key: String, with value: YAMLNode) -> YAMLNode {
        guard case let .mapping(entries, line) = self else { return self }
        return .mapping(entries.filter { $0.key != key } + [(key, value)], line: line)
    }

    /// The value as Foundation property-list objects, each scalar as its type. Nulls are left out
    /// of dictionaries and arrays, as Info.plist files have no null.
    var propertyListValue: Any? {
        switch self {
        case let .scalar(text, type, _):
            switch type {
            case .string: return text
            case let .bool(flag): return flag
            case let .int(number): return number
            case let .float(number): return number
            case let .timestamp(date): return date
            }
        case let .sequence(items, _): return items.compactMap(\.propertyListValue)
        case let .mapping(entries, _):
            var out: [String: Any] = [:]
            for (key, value) in entries { if let v = value.propertyListValue { out[key] = v } }
            return out
        case .null: return nil
        }
    }
}

/// A scalar's type, as Yams's default resolver and constructor give it (Yams's Resolver.swift and
/// Constructor.swift, the YAML 1.1 type repository at yaml.org/type). Only untagged plain scalars
/// are resolved by their text; a quoted one, or one tagged `!`, is a string; one tagged `!!bool`,
/// `!!int`, `!!float`, `!!null` or `!!timestamp` is read as that type, or is a string when its
/// text is not one.
enum YAMLScalar {
    case string
    case bool(Bool)
    case int(Int)
    case float(Double)
    case timestamp(Date)
}

/// Reads the first YAML document of a file with libyaml's event parser into `YAMLNode`s, bounded:
/// `maximumDepth` collections deep, `maximumNodes` values counting every alias as the values it
/// copies (so a "billion laughs" file is refused at the alias that passes the limit, not
/// expanded). Errors name the file, line and column.
struct YAMLReader {
    static let maximumDepth = 64
    static let maximumNodes = 250_000

    let path: String
    private(set) var warnings: [String] = []
    private let typing = YAMLScalarTyping()
    private var stack: [OpenCollection] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var nodes = 0
    private var root: YAMLNode?

    /// A sequence or mapping being read, with the number of values in it so far (its aliases'
    /// copies included) for an anchor on it.
    private struct OpenCollection {
        var isMapping: Bool
        var line: Int
        var anchor: String?
        var size = 1
        var items: [YAMLNode] = []
        var entries: [(key: String, value: YAMLNode)] = []
        /// Entries from merge keys, before the mapping's own (PyYAML's and Yams's flatten_mapping).
        var merged: [(key: String, value: YAMLNode)] = []
        /// A mapping's key, read and waiting for its value.
        var key: MappingKey?
    }

    private enum MappingKey {
        case text(String)
        /// `<<`, plain and untagged.
        case merge
        /// A sequence or mapping as a key: Yams leaves the entry out.
        case skipped
    }

    init(path: String) { self.path = path }

    /// The file's first document; an empty file is a null. A later document is noted in
    /// `warnings` and not read.
    mutating func document(bytes: [UInt8]) throws -> YAMLNode {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw LaunchSourceError(path: path, "is not UTF-8 text") }
        guard !bytes.isEmpty else { return .null(line: 1) }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw LaunchSourceError(path: path, "libyaml could not start a parser") }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw failure(parser, bytes) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_DOCUMENT_END_EVENT || event.type == YAML_STREAM_END_EVENT { break }
                try read(event)
            }
            // A second document's start; an error after the first document is not the first's.
            if yaml_parser_parse(&parser, &event) == 1 {
                if event.type == YAML_DOCUMENT_START_EVENT {
                    warnings.append("\(path):\(event.start_mark.line + 1): only the first YAML document is read")
                }
                yaml_event_delete(&event)
            }
            return root ?? .null(line: 1)
        }
    }

    private mutating func read(_ event: yaml_event_t) throws {
        let line = event.start_mark.line + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            try count(1, event.start_mark)
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let tag = data.tag.map { String(cString: $0) }
            let plain = data.style == YAML_PLAIN_SCALAR_STYLE
            let node: YAMLNode
            if let type = typing.type(of: text, plain: plain, tag: tag) {
                node = .scalar(text, type, line: line)
            } else {
                node = .null(line: line)
            }
            let key: MappingKey = plain && tag == nil && text == "<<" ? .merge : .text(text)
            try complete(node, size: 1, anchor: data.anchor.map { String(cString: $0) }, key: key, event.start_mark)
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let (node, size) = anchors[name].map({ ($0.node, $0.size) }) else {
                throw failure(event.start_mark, "the alias *\(abbreviatedForMessage(name, quoted: false)) names no anchor before it")
            }
            try count(size, event.start_mark, alias: true)
            let key: MappingKey
            switch node {
            case let .scalar(text, _, _): key = .text(text)
            case .null: key = .text("")
            default: key = .skipped
            }
            try complete(node, size: size, anchor: nil, key: key, event.start_mark)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            try count(1, event.start_mark)
            guard stack.count < YAMLReader.maximumDepth else {
                throw failure(event.start_mark, "values nest deeper than \(YAMLReader.maximumDepth) levels")
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            stack.append(OpenCollection(isMapping: isMapping, line: line, anchor: anchor.map { String(cString: $0) }))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let open = stack.removeLast()
            let node: YAMLNode
            if open.isMapping {
                // Merged keys the mapping sets itself, or a later merge sets, give way.
                var seen = Set(open.entries.map(\.key))
                var merged: [(key: String, value: YAMLNode)] = []
                for entry in open.merged.reversed() where seen.insert(entry.key).inserted { merged.append(entry) }
                node = .mapping(merged.reversed() + open.entries, line: open.line)
            } else {
                node = .sequence(open.items, line: open.line)
            }
            try complete(node, size: open.size, anchor: open.anchor, key: .skipped, event.start_mark)
        default:
            break
        }
    }

    /// A value read: into the open collection (as a mapping's key or value, or a sequence's item),
    /// or as the document.
    private mutating func complete(_ node: YAMLNode, size: Int, anchor: String?, key: MappingKey, _ mark: yaml_mark_t) throws {
        if let anchor { anchors[anchor] = (node, size) }
        guard let last = stack.indices.last else { root = node; return }
        stack[last].size += size
        guard stack[last].isMapping else { stack[last].items.append(node); return }
        guard let pending = stack[last].key else { stack[last].key = key; return }
        stack[last].key = nil
        switch pending {
        case let .text(text): stack[last].entries.append((text, node))
        case .skipped: break
        case .merge:
            // A mapping, or a list of mappings of which the earlier win (the merge key's spec,
            // yaml.org/type/merge.html).
            var sources: [YAMLNode] = [node]
            if case let .sequence(items, _) = node { sources = items.reversed() }
            for source in sources {
                guard let entries = source.mappingEntries else {
                    throw failure(mark, "a merge key `<<` takes a mapping or a list of mappings")
                }
                stack[last].merged += entries
            }
        }
    }

    private mutating func count(_ values: Int, _ mark: yaml_mark_t, alias: Bool = false) throws {
        nodes += values
        guard nodes <= YAMLReader.maximumNodes else {
            throw failure(mark, alias ? "aliases expand to more than \(YAMLReader.maximumNodes) values"
                                      : "more than \(YAMLReader.maximumNodes) values")
        }
    }

    private func failure(_ mark: yaml_mark_t, _ message: String) -> LaunchSourceError {
        LaunchSourceError(path: path, line: mark.line + 1, column: mark.column + 1, message)
    }

    /// libyaml's own error: its problem, where it is, and what it was reading.
    private func failure(_ parser: yaml_parser_t, _ bytes: [UInt8]) -> LaunchSourceError {
        let problem = parser.problem.map { String(cString: $0) } ?? "is not valid YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        if parser.error == YAML_READER_ERROR {
            // A reader error has an offset, not a mark.
            let before = bytes.prefix(parser.problem_offset)
            let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return LaunchSourceError(path: path, line: line, column: column, message)
        }
        return failure(parser.problem_mark, message)
    }
}

/// Yams's default resolver (bool, int, float, null and timestamp patterns, tried in that order)
/// and its constructors, which give up to a string when a matched text does not convert (an
/// integer past 64 bits, `-0`). Where PyYAML's YAML 1.1 resolver differs, Yams is followed, as
/// it is what XcodeGen reads with: `0o17` and `017` are octal in both but `0o` only in Yams;
/// `1e3`, `08` and `.5e3` are floats in Yams and a string, a string and a float in PyYAML; `-0` is a
/// string in Yams.
struct YAMLScalarTyping {
    private let bool = #/yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF/#
    private let int = #/[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+/#
    private let float = #/[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)/#
    private let null = #/~|null|Null|NULL|/#
    private let timestamp = #/([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?)?/#

    private static let yamlTag = "tag:yaml.org,2002:"

    /// The scalar's type; nil for a null.
    func type(of text: String, plain: Bool, tag: String?) -> YAMLScalar? {
        guard let tag else { return plain ? resolved(text) : .string }
        switch tag {
        case Self.yamlTag + "bool": return boolean(text).map(YAMLScalar.bool) ?? .string
        case Self.yamlTag + "int": return (plain ? integer(text) : nil).map(YAMLScalar.int) ?? .string
        case Self.yamlTag + "float": return (plain ? real(text) : nil).map(YAMLScalar.float) ?? .string
        case Self.yamlTag + "timestamp": return date(text).map(YAMLScalar.timestamp) ?? .string
        case Self.yamlTag + "null": return text.wholeMatch(of: null) != nil ? nil : .string
        default: return .string
        }
    }

    private func resolved(_ text: String) -> YAMLScalar? {
        // Every pattern but null's starts with a sign, a digit, a point or a letter of a boolean.
        guard let first = text.utf8.first, !text.isEmpty else { return nil }
        if first >= UInt8(ascii: "A") && text.utf8.count <= 5 {
            if text.wholeMatch(of: bool) != nil { return boolean(text).map(YAMLScalar.bool) ?? .string }
            return text.wholeMatch(of: null) != nil ? nil : .string
        }
        guard "+-.0123456789~".utf8.contains(first) else { return .string }
        if text == "~" { return nil }
        if text.wholeMatch(of: int) != nil { return integer(text).map(YAMLScalar.int) ?? .string }
        if text.wholeMatch(of: float) != nil { return real(text).map(YAMLScalar.float) ?? .string }
        // Yams's resolver takes a date alone only with two-digit months and days (ten characters).
        if let date = date(text), text.utf8.count >= 10 { return .timestamp(date) }
        return .string
    }

    private func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// Underscores dropped; `0x`, `0b`, `0o` and a leading `0` give the radix; `a:b:c` is base 60.
    private func integer(_ written: String) -> Int? {
        let text = written.replacingOccurrences(of: "_", with: "")
        if text == "0" { return 0 }
        let negative = text.hasPrefix("-")
        let body = text.dropFirst(negative || text.hasPrefix("+") ? 1 : 0)
        let sign = negative ? "-" : ""
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where body.hasPrefix(prefix) {
            return Int(sign + body.dropFirst(prefix.count), radix: radix)
        }
        guard body.contains(":") else { return Int(text) }
        var value = 0
        for part in body.split(separator: ":", omittingEmptySubsequences: false) {
            guard let digit = Int(part, radix: 10) else { return nil }
            let (shifted, over) = value.multipliedReportingOverflow(by: 60)
            guard !over, shifted <= Int.max - digit else { return nil }
            value = shifted + digit
        }
        return negative ? -value : value
    }

    private func real(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: return Double(text.replacingOccurrences(of: "_", with: ""))
        }
    }

    /// A date, or a date and time in UTC unless a zone is given; fractions to nanoseconds.
    private func date(_ text: String) -> Date? {
        guard let match = text.wholeMatch(of: timestamp) else { return nil }
        let out = match.output
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.year = Int(out.1)
        components.month = Int(out.2)
        components.day = Int(out.3)
        components.hour = out.4.flatMap { Int($0) }
        components.minute = out.5.flatMap { Int($0) }
        components.second = out.6.flatMap { Int($0) }
        var zoneSeconds = (out.10.flatMap { Int($0) } ?? 0) * 3600 + (out.11.flatMap { Int($0) } ?? 0) * 60
        if out.9 == "-" { zoneSeconds = -zoneSeconds }
        components.timeZone = TimeZone(secondsFromGMT: zoneSeconds)
        guard let date = components.date else { return nil }
        guard let fraction = out.7, !fraction.isEmpty else { return date }
        return date.addingTimeInterval((Double("0." + fraction.prefix(9)) ?? 0))
    }
}
