import Formats
import Motion
import Foundation

/// A target of an XcodeGen spec, with its templates merged in.
public struct XcodeGenTarget {
    public var name: String
    /// XcodeGen's product type as written: `application`, `framework`, `bundle.unit-test`, ...
    public var type: String
    public var platform: XcodePlatform
    /// `supportedDestinations`, as written (`iOS`, `macOS`, `macCatalyst`, ...).
    public var supportedDestinations: [String]
    /// The project's settings under the target's, for `configurationName`: each level's setting
    /// groups, then `base`, then the `configs` entries that match the configuration.
    public var settings: BuildSettings
    public var configurationName: String
    /// `info: path:`, the Info.plist XcodeGen writes, relative to the same folder as the spec's
    /// path given to `parse` (XcodeGen reads a spec's paths relative to the spec's own folder).
    public var infoPath: String?
    /// `info: properties:`, the entries XcodeGen writes into that Info.plist: strings, booleans,
    /// integers, reals, arrays and dictionaries, typed as XcodeGen's YAML reader types them.
    public var infoProperties: [String: Any]
    /// `sources` paths, relative like `infoPath`.
    public var sources: [String]

    /// The Xcode product type XcodeGen writes: `com.apple.product-type.` and the type.
    public var productType: String { type.isEmpty ? "" : "com.apple.product-type." + type }
    /// An app of any platform, as `XcodeTarget.isApplication`.
    public var isApplication: Bool { type == "application" || type.hasPrefix("application.") }
}

/// An XcodeGen project spec (`project.yml`) or a spec it includes (`target.yml`), read from its
/// YAML: the targets with their platform, type, build settings, Info.plist path and properties,
/// and sources (XcodeGen's Docs/ProjectSpec.md). Included specs are listed, not read: the caller
/// reads each through its own file access and parses it the same way.
///
/// The YAML read is the subset specs use: block mappings and sequences by indentation (a
/// sequence may sit at its key's indentation), compact `- key: value` items, plain, single- and
/// double-quoted scalars, `|` and `>` block scalars, flow `[...]` and `{...}` collections over
/// several lines, comments. Anchors are dropped and aliases read as empty values (noted in
/// `warnings`), so nothing expands beyond the file's own size. Tabs may not indent.
public struct XcodeGenManifest {
    /// Specs are tens of kilobytes; a megabyte is already far beyond any.
    public static let sizeLimit = FileSizeLimit(bytes: 1 << 20, kind: "an XcodeGen spec")

    /// `name`, the project's name (absent in a spec meant to be included).
    public var name: String?
    /// `include:` paths, relative like `XcodeGenTarget.infoPath`.
    public var includes: [String]
    public var targets: [XcodeGenTarget]
    /// What was passed over: aliases, templates not in this file, unknown platforms.
    public var warnings: [String]

    public var applicationTargets: [XcodeGenTarget] { targets.filter(\.isApplication) }

    public static func parse(bytes: [UInt8], path: String) throws -> XcodeGenManifest {
        guard bytes.count <= sizeLimit.bytes else {
            throw LaunchSourceError(path: path, "is \(bytes.count) bytes; \(sizeLimit.kind) over \(sizeLimit.bytes >> 20) MiB is refused")
        }
        do {
            var reader = try YAMLReader(bytes: bytes, path: path)
            let root = try reader.document()
            var spec = SpecReader(path: path, warnings: reader.warnings)
            return try spec.read(root)
        } catch var error as LaunchSourceError {
            // A value that is missing at the end of the file sits on the line after the last.
            let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            error.line = error.line.map { min(max($0, 1), lines) }
            throw error
        }
    }
}

// MARK: - The spec

private struct SpecReader {
    let path: String
    var warnings: [String]
    /// The folder paths in the spec are relative to, as given in `path`.
    let folder: String
    /// Nodes made while merging templates, bounded like the YAML reader's.
    var mergedNodes = 0

    init(path: String, warnings: [String]) {
        self.path = path
        self.warnings = warnings
        folder = XcodeProjectFile.parentFolder(path)
    }

    mutating func read(_ root: YAMLNode) throws -> XcodeGenManifest {
        guard case .mapping = root else {
            if case .null = root { return XcodeGenManifest(name: nil, includes: [], targets: [], warnings: warnings) }
            throw LaunchSourceError(path: path, line: root.line, "the top level of an XcodeGen spec must be a mapping")
        }
        let name = root["name"]?.scalarText
        let includes = try includePaths(root["include"])
        let options = root["options"]
        // XcodeGen's configurations: `configs:` names them, else Debug and Release; the default is
        // `options.defaultConfig`, else the first by name (as XcodeGen writes
        // `defaultConfigurationName`).
        var configNames = root["configs"]?.mappingKeys ?? []
        if configNames.isEmpty { configNames = ["Debug", "Release"] }
        let configuration = options?["defaultConfig"]?.scalarText ?? configNames.sorted().first ?? "Release"
        let groups = root["settingGroups"]?.mappingEntries ?? []
        let projectSettings = try settingsLevel(root["settings"], configuration: configuration, configNames: configNames, groups: groups, depth: 0)
        let templates = root["targetTemplates"]

        var targets: [XcodeGenTarget] = []
        for (key, spec) in root["targets"]?.mappingEntries ?? [] {
            var spec = spec
            if case let .null(line) = spec { spec = .mapping([], line: line) }
            guard case .mapping = spec else {
                throw LaunchSourceError(path: path, line: spec.line, "target \(abbreviatedForMessage(key)) must be a mapping")
            }
            let merged = try withTemplates(spec, targetName: key, templates: templates, depth: 0)
            let targetName = merged["name"]?.scalarText ?? key
            // `platform: [iOS, tvOS]` makes one target per platform, `NAME_iOS`, ... with
            // `${platform}` replaced in the spec.
            if case let .sequence(platforms, _) = merged["platform"] {
                let prefix = merged["platformPrefix"]?.scalarText ?? ""
                let suffix = merged["platformSuffix"]?.scalarText ?? "_${platform}"
                for platformNode in platforms {
                    guard let platformName = platformNode.scalarText else { continue }
                    var spec = try substituted(merged, ["platform": platformName])
                    spec = spec.replacing("platform", with: .scalar(platformName, plain: true, line: platformNode.line))
                    let variantName = try substitutedText(prefix, ["platform": platformName]) + targetName
                        + substitutedText(suffix, ["platform": platformName])
                    targets.append(try target(spec, name: variantName, productName: targetName, projectSettings: projectSettings,
                                              configuration: configuration, configNames: configNames, groups: groups))
                }
            } else {
                targets.append(try target(merged, name: targetName, productName: nil, projectSettings: projectSettings,
                                          configuration: configuration, configNames: configNames, groups: groups))
            }
        }
        return XcodeGenManifest(name: name, includes: includes, targets: targets, warnings: warnings)
    }

    mutating func target(_ spec: YAMLNode, name: String, productName: String?, projectSettings: [String: BuildSettingValue],
                         configuration: String, configNames: [String], groups: [(key: String, value: YAMLNode)]) throws -> XcodeGenTarget {
        let type = spec["type"]?.scalarText ?? ""
        let destinations = spec["supportedDestinations"]?.scalarList ?? []
        let platformName = spec["platform"]?.scalarText ?? "auto"
        var platform = XcodeGenTargetPlatform.named(platformName)
        if platform == nil || platformName == "auto" {
            let fromDestinations = destinations.compactMap(XcodeGenTargetPlatform.named)
            platform = fromDestinations.contains(.iOS) ? .iOS : fromDestinations.first
        }
        if platform == nil, spec["platform"] != nil {
            warnings.append("\(path): target \(name) has platform \(platformName), which is not iOS, tvOS, macOS, watchOS or visionOS")
        }

        // Lowest: what XcodeGen's presets give every target of the platform; then the project's
        // settings; then the target's.
        var presets: [String: BuildSettingValue] = [:]
        if let platform, platform != .unknown { presets["SDKROOT"] = .string(platform.deviceSDK) }
        if let productName { presets["PRODUCT_NAME"] = .string(productName) }
        var own = try settingsLevel(spec["settings"], configuration: configuration, configNames: configNames, groups: groups, depth: 0)

        var infoPath: String?
        var infoProperties: [String: Any] = [:]
        if let info = spec["info"] {
            guard case .mapping = info else { throw LaunchSourceError(path: path, line: info.line, "target \(abbreviatedForMessage(name))'s info must be a mapping") }
            infoPath = info["path"]?.scalarText.map(relative)
            if let properties = info["properties"] {
                guard case .mapping = properties else {
                    throw LaunchSourceError(path: path, line: properties.line, "target \(abbreviatedForMessage(name))'s info properties must be a mapping")
                }
                infoProperties = properties.propertyListValue as? [String: Any] ?? [:]
            }
        }
        // XcodeGen sets INFOPLIST_FILE to the Info.plist it writes unless the settings set it.
        if let infoPath, BuildSettings(levels: [presets, projectSettings, own]).rawValue("INFOPLIST_FILE") == nil {
            own["INFOPLIST_FILE"] = .string(infoPath)
        }
        var settings = BuildSettings(levels: [presets, projectSettings, own], targetName: name, configurationName: configuration)
        settings.defaultSDK = (platform ?? .iOS).deviceSDK

        var sources: [String] = []
        if let node = spec["sources"] {
            let items: [YAMLNode]
            if case let .sequence(list, _) = node { items = list } else { items = [node] }
            for item in items {
                if let text = item.scalarText { sources.append(relative(text)) }
                else if let text = item["path"]?.scalarText { sources.append(relative(text)) }
            }
        }
        return XcodeGenTarget(name: name, type: type, platform: platform ?? .unknown, supportedDestinations: destinations,
                              settings: settings, configurationName: configuration, infoPath: infoPath,
                              infoProperties: infoProperties, sources: sources)
    }

    /// A spec path relative to the folder of the spec's `path`.
    func relative(_ text: String) -> String {
        XcodeProjectFile.normalizedPath(XcodeProjectFile.joinPath(folder, text))
    }

    func includePaths(_ node: YAMLNode?) throws -> [String] {
        guard let node else { return [] }
        let items: [YAMLNode]
        if case let .sequence(list, _) = node { items = list } else { items = [node] }
        return items.compactMap { item in (item.scalarText ?? item["path"]?.scalarText).map(relative) }
    }

    // MARK: Settings

    /// One level of settings from a Settings spec: a plain map of settings, or `groups` (each a
    /// setting group, itself a Settings spec), `base` and `configs` merged in that order. A
    /// `configs` key applies to a configuration whose name contains it (ignoring case), or only to
    /// the one it names exactly when it names one.
    mutating func settingsLevel(_ node: YAMLNode?, configuration: String, configNames: [String],
                                groups: [(key: String, value: YAMLNode)], depth: Int) throws -> [String: BuildSettingValue] {
        guard let node else { return [:] }
        guard depth <= 8 else { throw LaunchSourceError(path: path, line: node.line, "setting groups nest deeper than 8") }
        guard case .mapping = node else {
            if case .null = node { return [:] }
            throw LaunchSourceError(path: path, line: node.line, "settings must be a mapping")
        }
        let structured = node["base"] != nil || node["configs"] != nil || node["groups"] != nil
        guard structured else { return plainSettings(node) }
        var level: [String: BuildSettingValue] = [:]
        for groupName in node["groups"]?.scalarList ?? [] {
            guard let group = groups.last(where: { $0.key == groupName })?.value else {
                warnings.append("\(path): setting group \(groupName) is not in this file")
                continue
            }
            level.merge(try settingsLevel(group, configuration: configuration, configNames: configNames, groups: groups, depth: depth + 1)) { $1 }
        }
        if let base = node["base"] { level.merge(plainSettings(base)) { $1 } }
        let wanted = configuration.lowercased()
        let exactNames = Set(configNames.map { $0.lowercased() })
        for (key, value) in node["configs"]?.mappingEntries ?? [] {
            let lowered = key.lowercased()
            let applies = exactNames.contains(lowered) ? lowered == wanted : wanted.contains(lowered)
            guard applies else { continue }
            level.merge(try settingsLevel(value, configuration: configuration, configNames: configNames, groups: groups, depth: depth + 1)) { $1 }
        }
        return level
    }

    /// A map of settings: scalars as written (booleans as YES and NO, as XcodeGen writes them),
    /// lists of scalars as lists.
    func plainSettings(_ node: YAMLNode) -> [String: BuildSettingValue] {
        var level: [String: BuildSettingValue] = [:]
        for (key, value) in node.mappingEntries ?? [] {
            switch value {
            case let .scalar(text, plain, _):
                if plain, let flag = YAMLNode.boolean(text) { level[key] = .string(flag ? "YES" : "NO") } else { level[key] = .string(text) }
            case let .sequence(items, _):
                level[key] = .list(items.compactMap(\.scalarText))
            case .null:
                level[key] = .string("")
            case .mapping:
                continue
            }
        }
        return level
    }

    // MARK: Templates

    /// The target merged over its templates, in order, each template itself over its own
    /// templates; `${target_name}` and the target's `templateAttributes` replaced in the
    /// templates' text. Dictionaries merge, lists append, a `key:REPLACE` replaces (XcodeGen's
    /// spec merging).
    mutating func withTemplates(_ spec: YAMLNode, targetName: String, templates: YAMLNode?, depth: Int) throws -> YAMLNode {
        let names = spec["templates"]?.scalarList ?? []
        guard !names.isEmpty else { return spec }
        guard depth < 8 else { throw LaunchSourceError(path: path, line: spec.line, "target templates nest deeper than 8") }
        var attributes: [String: String] = ["target_name": targetName]
        for (key, value) in spec["templateAttributes"]?.mappingEntries ?? [] { attributes[key] = value.scalarText ?? "" }
        var merged = YAMLNode.mapping([], line: spec.line)
        for name in names {
            guard let template = templates?[name] else {
                warnings.append("\(path): template \(name) of target \(targetName) is not in this file")
                continue
            }
            let expanded = try withTemplates(template, targetName: targetName, templates: templates, depth: depth + 1)
            merged = try merge(merged, try substituted(expanded, attributes))
        }
        return try merge(merged, spec.removing("templates"))
    }

    mutating func merge(_ base: YAMLNode, _ over: YAMLNode) throws -> YAMLNode {
        try count(1, at: over.line)
        switch (base, over) {
        case let (.mapping(baseEntries, line), .mapping(overEntries, _)):
            var entries = baseEntries
            for (key, value) in overEntries {
                if key.hasSuffix(":REPLACE") {
                    let plainKey = String(key.dropLast(":REPLACE".count))
                    entries.removeAll { $0.key == plainKey }
                    entries.append((plainKey, value))
                } else if let index = entries.lastIndex(where: { $0.key == key }) {
                    entries[index].value = try merge(entries[index].value, value)
                } else {
                    entries.append((key, value))
                }
            }
            return .mapping(entries, line: line)
        case let (.sequence(baseItems, line), .sequence(overItems, _)):
            try count(overItems.count, at: line)
            return .sequence(baseItems + overItems, line: line)
        default:
            return over
        }
    }

    /// `${name}` (and `$name` for `platform`, XcodeGen's older form) replaced in every scalar
    /// and key of the node.
    mutating func substituted(_ node: YAMLNode, _ values: [String: String]) throws -> YAMLNode {
        try count(1, at: node.line)
        switch node {
        case let .scalar(text, plain, line): return .scalar(try substitutedText(text, values), plain: plain, line: line)
        case let .sequence(items, line): return .sequence(try items.map { try substituted($0, values) }, line: line)
        case let .mapping(entries, line):
            return .mapping(try entries.map { (try substitutedText($0.key, values), try substituted($0.value, values)) }, line: line)
        case .null: return node
        }
    }

    func substitutedText(_ text: String, _ values: [String: String]) throws -> String {
        guard text.contains("$") else { return text }
        var result = text
        for (name, value) in values {
            result = result.replacingOccurrences(of: "${\(name)}", with: value)
            if name == "platform" { result = result.replacingOccurrences(of: "$platform", with: value) }
        }
        guard result.utf8.count <= XcodeGenManifest.sizeLimit.bytes else {
            throw LaunchSourceError(path: path, "a template's text grows past \(XcodeGenManifest.sizeLimit.bytes >> 20) MiB")
        }
        return result
    }

    /// Templates copy nodes per target: the copies are bounded like the file's own nodes.
    mutating func count(_ nodes: Int, at line: Int) throws {
        mergedNodes += nodes
        guard mergedNodes <= YAMLReader.maximumNodes else {
            throw LaunchSourceError(path: path, line: line, "templates expand to more than \(YAMLReader.maximumNodes) values")
        }
    }
}

/// XcodeGen's platform and destination names.
private enum XcodeGenTargetPlatform {
    static func named(_ name: String) -> XcodePlatform? {
        switch name.lowercased() {
        case "ios": return .iOS
        case "tvos": return .tvOS
        case "macos", "maccatalyst": return .macOS
        case "watchos": return .watchOS
        case "visionos": return .visionOS
        default: return nil
        }
    }
}

// MARK: - YAML

/// A YAML value of the subset read. Mappings keep their keys' order.
enum YAMLNode {
    case scalar(String, plain: Bool, line: Int)
    case sequence([YAMLNode], line: Int)
    case mapping([(key: String, value: YAMLNode)], line: Int)
    /// An empty value, `~`, `null`, or an alias.
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

    /// The value as Foundation property-list objects, plain scalars typed as YAML 1.1's core
    /// schema types them (what XcodeGen's YAML reader, Yams, does): booleans (`true`, `yes`,
    /// `on` and their opposites, in three casings), integers, reals; quoted scalars are strings.
    /// Nulls are left out of dictionaries and arrays.
    var propertyListValue: Any? {
        switch self {
        case let .scalar(text, plain, _):
            guard plain else { return text }
            if let flag = YAMLNode.boolean(text) { return flag }
            if let number = YAMLNode.integer(text) { return number }
            if let number = YAMLNode.real(text) { return number }
            return text
        case let .sequence(items, _): return items.compactMap(\.propertyListValue)
        case let .mapping(entries, _):
            var out: [String: Any] = [:]
            for (key, value) in entries { if let v = value.propertyListValue { out[key] = v } }
            return out
        case .null: return nil
        }
    }

    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.count <= 19 else { return nil }
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8) }
        let body = digits.first == "-" ? digits.dropFirst() : digits
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    static func real(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        // Digits, one point, an exponent: what YAML calls a float (not Swift's hex floats or "nan").
        let allowed = Set("0123456789.eE+-")
        guard text.count <= 64, text.contains(where: \.isNumber), text.allSatisfy({ allowed.contains($0) }) else { return nil }
        return Double(text)
    }
}

/// Reads the YAML subset line by line for the block structure and character by character inside
/// a line's value and flow collections. Recursion is bounded by `maximumDepth`, the nodes made by
/// `maximumNodes`, and every line is looked at a bounded number of times.
struct YAMLReader {
    static let maximumDepth = 64
    static let maximumNodes = 250_000

    let path: String
    private let bytes: [UInt8]
    /// Each line's byte range, without its line break.
    private var lineRanges: [Range<Int>] = []
    /// The next line to read.
    private var index = 0
    /// A compact sequence item (`- key: value`) is read as a line that starts at the item's
    /// column: its indentation and text stand in for the line's own.
    private var override: (index: Int, indent: Int, content: ArraySlice<UInt8>)?
    private var nodes = 0
    var warnings: [String] = []

    init(bytes input: [UInt8], path: String) throws {
        self.path = path
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw LaunchSourceError(path: path, "is not UTF-8 text") }
        self.bytes = bytes
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            lineRanges.append(start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i))
            start = i + 1
        }
        if start < bytes.count { lineRanges.append(start..<bytes.count) }
    }

    // MARK: Lines

    /// A line's indentation and text after it; nil for a blank or comment-only line. A tab before
    /// the text is an error: YAML indents with spaces only.
    private func lineInfo(_ i: Int) throws -> (indent: Int, content: ArraySlice<UInt8>)? {
        if let override, override.index == i { return (override.indent, override.content) }
        let range = lineRanges[i]
        var j = range.lowerBound
        while j < range.upperBound && bytes[j] == 0x20 { j += 1 }
        var k = j
        while k < range.upperBound && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        guard k < range.upperBound, bytes[k] != UInt8(ascii: "#") else { return nil }
        if k != j { throw failure(line: i + 1, "a tab in the indentation (YAML indents with spaces)") }
        return (j - range.lowerBound, bytes[j..<range.upperBound])
    }

    /// The next line with content, skipping blank and comment lines; nil at the end or at a
    /// document's end (`---` after content, `...`).
    private mutating func peek() throws -> (indent: Int, content: ArraySlice<UInt8>)? {
        while index < lineRanges.count {
            if let info = try lineInfo(index) {
                if info.indent == 0 && (YAMLReader.isMarker(info.content, "---") || YAMLReader.isMarker(info.content, "...")) { return nil }
                return info
            }
            index += 1
        }
        return nil
    }

    private static func isMarker(_ content: ArraySlice<UInt8>, _ marker: String) -> Bool {
        let m = Array(marker.utf8)
        guard content.starts(with: m) else { return false }
        let rest = content.dropFirst(m.count)
        return rest.isEmpty || rest.first == 0x20 || rest.first == 0x09
    }

    private func failure(line: Int, _ message: String) -> LaunchSourceError {
        LaunchSourceError(path: path, line: line, message)
    }

    private mutating func made(_ line: Int) throws {
        nodes += 1
        guard nodes <= YAMLReader.maximumNodes else { throw failure(line: line, "more than \(YAMLReader.maximumNodes) values") }
    }

    // MARK: Documents and blocks

    /// The first document. Directives (`%YAML`) and a leading `---` are skipped; a later document
    /// is ignored.
    mutating func document() throws -> YAMLNode {
        while index < lineRanges.count {
            guard let info = try lineInfo(index) else { index += 1; continue }
            guard info.indent == 0, info.content.first == UInt8(ascii: "%") else { break }
            index += 1
        }
        if index < lineRanges.count, let info = try lineInfo(index), info.indent == 0, YAMLReader.isMarker(info.content, "---") {
            let rest = info.content.dropFirst(3).drop { $0 == 0x20 || $0 == 0x09 }
            if rest.isEmpty || rest.first == UInt8(ascii: "#") { index += 1 } else {
                override = (index, 4, rest)
            }
        }
        let root = try block(minimumIndent: 0, parentIndent: -1, depth: 0)
        if let info = try peek() {
            throw failure(line: index + 1, info.indent > 0 ? "indentation that matches no enclosing block" : "more than one value at the top level")
        }
        if index < lineRanges.count, let info = try lineInfo(index), YAMLReader.isMarker(info.content, "---") {
            warnings.append("\(path):\(index + 1): only the first YAML document is read")
        }
        return root
    }

    private mutating func block(minimumIndent: Int, parentIndent: Int, depth: Int) throws -> YAMLNode {
        guard depth <= YAMLReader.maximumDepth else { throw failure(line: index + 1, "values nest deeper than \(YAMLReader.maximumDepth) levels") }
        guard let info = try peek(), info.indent >= minimumIndent else { return .null(line: index + 1) }
        if YAMLReader.isSequenceItem(info.content) { return try sequence(indent: info.indent, depth: depth) }
        if try mappingKey(info.content, line: index + 1) != nil { return try mapping(indent: info.indent, depth: depth) }
        let line = index + 1
        let content = info.content
        index += 1
        override = nil
        return try inlineValue(content, line: line, parentIndent: parentIndent, depth: depth)
    }

    private static func isSequenceItem(_ content: ArraySlice<UInt8>) -> Bool {
        content.first == UInt8(ascii: "-") && (content.count == 1 || content.dropFirst().first == 0x20 || content.dropFirst().first == 0x09)
    }

    private mutating func sequence(indent: Int, depth: Int) throws -> YAMLNode {
        let line = index + 1
        var items: [YAMLNode] = []
        while let info = try peek(), info.indent == indent, YAMLReader.isSequenceItem(info.content) {
            try made(index + 1)
            let rest = info.content.dropFirst()
            let spaces = rest.prefix { $0 == 0x20 || $0 == 0x09 }.count
            let text = rest.dropFirst(spaces)
            if text.isEmpty || text.first == UInt8(ascii: "#") {
                index += 1
                override = nil
                items.append(try block(minimumIndent: indent + 1, parentIndent: indent, depth: depth + 1))
            } else {
                // `- key: value` or `- - x`: the rest of the line is read as a line of its own at its column.
                override = (index, indent + 1 + spaces, text)
                items.append(try block(minimumIndent: indent + 1 + spaces, parentIndent: indent, depth: depth + 1))
            }
        }
        return .sequence(items, line: line)
    }

    private mutating func mapping(indent: Int, depth: Int) throws -> YAMLNode {
        let line = index + 1
        var entries: [(key: String, value: YAMLNode)] = []
        while let info = try peek(), info.indent == indent {
            let keyLine = index + 1
            guard let (key, valueStart) = try mappingKey(info.content, line: keyLine) else {
                throw failure(line: keyLine, YAMLReader.isSequenceItem(info.content)
                    ? "a list item where a key was expected" : "expected `key: value`")
            }
            try made(keyLine)
            var text = info.content[valueStart...].drop { $0 == 0x20 || $0 == 0x09 }
            text = dropProperties(text)
            index += 1
            override = nil
            let value: YAMLNode
            if text.isEmpty || text.first == UInt8(ascii: "#") {
                if let next = try peek(), next.indent > indent {
                    value = try block(minimumIndent: indent + 1, parentIndent: indent, depth: depth + 1)
                } else if let next = try peek(), next.indent == indent, YAMLReader.isSequenceItem(next.content) {
                    value = try sequence(indent: indent, depth: depth + 1)
                } else {
                    value = .null(line: keyLine)
                }
            } else {
                value = try inlineValue(text, line: keyLine, parentIndent: indent, depth: depth + 1)
            }
            entries.append((key, value))
        }
        return .mapping(entries, line: line)
    }

    /// `key:` at the start of the text: the key and where its value starts. A plain key ends at
    /// the first `:` followed by a space or the line's end; a quoted key at its closing quote.
    private func mappingKey(_ content: ArraySlice<UInt8>, line: Int) throws -> (String, Int)? {
        guard let first = content.first else { return nil }
        if first == UInt8(ascii: "?") && (content.count == 1 || content.dropFirst().first == 0x20) {
            throw failure(line: line, "complex keys (`? `) are not supported")
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var scanner = FlowScanner(bytes: Array(content), line: line, path: path)
            guard let key = try? scanner.quoted() else { return nil }
            scanner.skipSpaces()
            guard scanner.peek == UInt8(ascii: ":"), scanner.isColonIndicator(at: scanner.position) else { return nil }
            return (key, content.startIndex + scanner.position + 1)
        }
        guard !"[]{}#&*!|>%@`,-".utf8.contains(first) || (first == UInt8(ascii: "-") && !YAMLReader.isSequenceItem(content)) else { return nil }
        var i = content.startIndex
        while i < content.endIndex {
            let b = content[i]
            if b == UInt8(ascii: "#") && i > content.startIndex && (content[i - 1] == 0x20 || content[i - 1] == 0x09) { return nil }
            if b == UInt8(ascii: ":") && (i + 1 == content.endIndex || content[i + 1] == 0x20 || content[i + 1] == 0x09) {
                var keyBytes = content[content.startIndex..<i]
                while let last = keyBytes.last, last == 0x20 || last == 0x09 { keyBytes = keyBytes.dropLast() }
                return (String(decoding: keyBytes, as: UTF8.self), i + 1)
            }
            i += 1
        }
        return nil
    }

    /// Drops an anchor (`&name`) or a tag (`!tag`, `!!str`) before a value: anchors are not kept,
    /// tags do not change how a value reads here.
    private func dropProperties(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = text
        while let first = text.first, first == UInt8(ascii: "&") || first == UInt8(ascii: "!") {
            text = text.drop { $0 != 0x20 && $0 != 0x09 }.drop { $0 == 0x20 || $0 == 0x09 }
        }
        return text
    }

    /// A value that starts on a key's or item's line: an alias, a block scalar, a flow
    /// collection, a quoted or a plain scalar (the last two may go on over more-indented lines).
    private mutating func inlineValue(_ start: ArraySlice<UInt8>, line: Int, parentIndent: Int, depth: Int) throws -> YAMLNode {
        try made(line)
        let text = dropProperties(start)
        guard let first = text.first else { return .null(line: line) }
        switch first {
        case UInt8(ascii: "*"):
            noteAlias(line: line)
            return .null(line: line)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return try blockScalar(header: text, line: line, parentIndent: parentIndent)
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try flowValue(text, line: line, depth: depth)
        default:
            return try plainScalar(text, line: line, parentIndent: parentIndent)
        }
    }

    /// A plain scalar: to a comment or the line's end, then each following line indented more
    /// than the parent, folded in with a space.
    private mutating func plainScalar(_ text: ArraySlice<UInt8>, line: Int, parentIndent: Int) throws -> YAMLNode {
        var parts = [YAMLReader.plainText(text)]
        while index < lineRanges.count, let info = try lineInfo(index), info.indent > parentIndent,
              !(info.indent == 0 && (YAMLReader.isMarker(info.content, "---") || YAMLReader.isMarker(info.content, "..."))) {
            parts.append(YAMLReader.plainText(info.content))
            index += 1
        }
        let joined = parts.joined(separator: " ")
        if parts.count == 1, ["~", "null", "Null", "NULL", ""].contains(joined) { return .null(line: line) }
        return .scalar(joined, plain: true, line: line)
    }

    private static func plainText(_ content: ArraySlice<UInt8>) -> String {
        var end = content.endIndex
        var i = content.startIndex
        while i < content.endIndex {
            if content[i] == UInt8(ascii: "#") && i > content.startIndex && (content[i - 1] == 0x20 || content[i - 1] == 0x09) { end = i; break }
            i += 1
        }
        var slice = content[content.startIndex..<end]
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// `|` keeps line breaks, `>` folds lines into one; `-` strips the final break, `+` keeps every
    /// trailing one; a digit gives the indentation. The lines are every following one indented
    /// at least that much, and blank lines.
    private mutating func blockScalar(header: ArraySlice<UInt8>, line: Int, parentIndent: Int) throws -> YAMLNode {
        let literal = header.first == UInt8(ascii: "|")
        var chomp: UInt8 = 0
        var explicitIndent: Int?
        for b in header.dropFirst() {
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "+") { chomp = b }
            else if b >= 0x31 && b <= 0x39 { explicitIndent = Int(b - 0x30) }
            else if b == 0x20 || b == 0x09 { break }
            else { throw failure(line: line, "a block scalar header is `|` or `>` with `-`, `+` or a digit") }
        }
        var contentIndent = explicitIndent.map { max(parentIndent, 0) + $0 }
        var lines: [String] = []
        while index < lineRanges.count {
            let range = lineRanges[index]
            let spaces = bytes[range].prefix { $0 == 0x20 }.count
            let isBlank = bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if isBlank { lines.append(""); index += 1; continue }
            if contentIndent == nil { contentIndent = spaces }
            guard let indent = contentIndent, indent > parentIndent, spaces >= indent else { break }
            lines.append(String(decoding: bytes[(range.lowerBound + indent)..<range.upperBound], as: UTF8.self))
            index += 1
        }
        // Blank lines after the scalar belong to what follows; `+` keeps them as line breaks.
        var trailing = 0
        while let last = lines.last, last.isEmpty { lines.removeLast(); trailing += 1 }
        if lines.isEmpty { return .scalar("", plain: false, line: line) }
        var text: String
        if literal {
            text = lines.joined(separator: "\n")
        } else {
            text = ""
            for (i, part) in lines.enumerated() {
                // A line break between two lines folds to a space; each empty line is a line break.
                if i > 0 { text += part.isEmpty ? "\n" : lines[i - 1].isEmpty ? "" : " " }
                text += part
            }
        }
        switch chomp {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"): text += String(repeating: "\n", count: trailing + 1)
        default: text += "\n"
        }
        return .scalar(text, plain: false, line: line)
    }

    /// A flow collection or a quoted scalar, read to its end across lines, then what follows it
    /// on its last line must be nothing or a comment.
    private mutating func flowValue(_ text: ArraySlice<UInt8>, line: Int, depth: Int) throws -> YAMLNode {
        // The value's text: this line's rest, then whole lines, until the brackets and quotes close.
        var extent = FlowExtent(path: path, line: line)
        var buffer = Array(text)
        var lastLine = index - 1
        var closed = try extent.feed(buffer[...])
        while !closed {
            guard lastLine + 1 < lineRanges.count else {
                let what = text.first == UInt8(ascii: "[") ? "[...] list" : text.first == UInt8(ascii: "{") ? "{...} mapping" : "quoted value"
                throw failure(line: line, "a \(what) opened here is not closed")
            }
            lastLine += 1
            buffer.append(0x0A)
            let start = buffer.count
            buffer.append(contentsOf: bytes[lineRanges[lastLine]])
            closed = try extent.feed(buffer[(start - 1)...])
        }
        index = lastLine + 1
        var scanner = FlowScanner(bytes: buffer, line: line, path: path)
        let node = try scanner.node(depth: depth, reader: &self)
        scanner.skipSpaces(comments: true)
        guard scanner.atEnd else { throw scanner.failure("unexpected text after the value") }
        return node
    }

    fileprivate mutating func noteAlias(line: Int) {
        warnings.append("\(path):\(line): an alias is read as an empty value; anchors and aliases are not expanded")
    }

    fileprivate mutating func countNode(line: Int) throws { try made(line) }
}

/// Reads flow collections (`[a, b]`, `{k: v}`) and quoted scalars from a buffer that may span
/// lines (joined with line breaks).
private struct FlowScanner {
    let bytes: [UInt8]
    /// The line the buffer starts on.
    let line: Int
    let path: String
    var position = 0

    /// Where each line break is, to give a position's line without counting from the start.
    let lineBreaks: [Int]

    init(bytes: [UInt8], line: Int, path: String) {
        self.bytes = bytes; self.line = line; self.path = path
        lineBreaks = bytes.indices.filter { bytes[$0] == 0x0A }
    }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The line of the current position.
    var currentLine: Int {
        var low = 0, high = lineBreaks.count
        while low < high {
            let mid = (low + high) / 2
            if lineBreaks[mid] < position { low = mid + 1 } else { high = mid }
        }
        return line + low
    }

    func failure(_ message: String) -> LaunchSourceError { LaunchSourceError(path: path, line: currentLine, message) }

    mutating func skipSpaces(comments: Bool = false) {
        while position < bytes.count {
            let b = bytes[position]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1; continue }
            if comments && b == UInt8(ascii: "#") && (position == 0 || [0x20, 0x09, 0x0A].contains(bytes[position - 1])) {
                while position < bytes.count && bytes[position] != 0x0A { position += 1 }
                continue
            }
            break
        }
    }

    /// `:` ends a key when a space, a line break, a flow indicator or the end follows.
    func isColonIndicator(at i: Int) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
        guard i + 1 < bytes.count else { return true }
        return [0x20, 0x09, 0x0A, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[i + 1])
    }

    mutating func node(depth: Int, reader: inout YAMLReader) throws -> YAMLNode {
        guard depth <= YAMLReader.maximumDepth else { throw failure("values nest deeper than \(YAMLReader.maximumDepth) levels") }
        skipSpaces(comments: true)
        let startLine = currentLine
        try reader.countNode(line: startLine)
        // Anchors and tags before a value are dropped.
        while let b = peek, b == UInt8(ascii: "&") || b == UInt8(ascii: "!") {
            while let c = peek, ![0x20, 0x09, 0x0A, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(c) { position += 1 }
            skipSpaces(comments: true)
        }
        guard let b = peek else { return .null(line: startLine) }
        switch b {
        case UInt8(ascii: "["):
            position += 1
            var items: [YAMLNode] = []
            while true {
                skipSpaces(comments: true)
                guard let c = peek else { throw failure("a [...] list is not closed") }
                if c == UInt8(ascii: "]") { position += 1; break }
                var item = try node(depth: depth + 1, reader: &reader)
                skipSpaces(comments: true)
                // `[key: value]`: a one-entry mapping inside a list.
                if isColonIndicator(at: position), let key = item.scalarText {
                    position += 1
                    skipSpaces(comments: true)
                    let value = peek == UInt8(ascii: ",") || peek == UInt8(ascii: "]") ? .null(line: currentLine) : try node(depth: depth + 2, reader: &reader)
                    item = .mapping([(key, value)], line: item.line)
                    skipSpaces(comments: true)
                }
                items.append(item)
                guard let d = peek else { throw failure("a [...] list is not closed") }
                if d == UInt8(ascii: ",") { position += 1; continue }
                if d == UInt8(ascii: "]") { position += 1; break }
                throw failure("expected `,` or `]` in a [...] list")
            }
            return .sequence(items, line: startLine)
        case UInt8(ascii: "{"):
            position += 1
            var entries: [(key: String, value: YAMLNode)] = []
            while true {
                skipSpaces(comments: true)
                guard let c = peek else { throw failure("a {...} mapping is not closed") }
                if c == UInt8(ascii: "}") { position += 1; break }
                let keyNode = try node(depth: depth + 1, reader: &reader)
                guard let key = keyNode.scalarText ?? (keyNode.isNull ? "" : nil) else { throw failure("a {...} mapping's key must be a scalar") }
                skipSpaces(comments: true)
                var value = YAMLNode.null(line: currentLine)
                if isColonIndicator(at: position) {
                    position += 1
                    skipSpaces(comments: true)
                    if peek != UInt8(ascii: ",") && peek != UInt8(ascii: "}") { value = try node(depth: depth + 1, reader: &reader) }
                    skipSpaces(comments: true)
                }
                entries.append((key, value))
                guard let d = peek else { throw failure("a {...} mapping is not closed") }
                if d == UInt8(ascii: ",") { position += 1; continue }
                if d == UInt8(ascii: "}") { position += 1; break }
                throw failure("expected `,` or `}` in a {...} mapping")
            }
            return .mapping(entries, line: startLine)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .scalar(try quoted(), plain: false, line: startLine)
        case UInt8(ascii: "*"):
            while let c = peek, ![0x20, 0x09, 0x0A, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(c) { position += 1 }
            reader.noteAlias(line: startLine)
            return .null(line: startLine)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            return .null(line: startLine)
        default:
            // A plain scalar in flow: to `,`, a bracket, a `: `, or a comment; line breaks fold to spaces.
            let start = position
            while position < bytes.count {
                let c = bytes[position]
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { break }
                if isColonIndicator(at: position) { break }
                if c == UInt8(ascii: "#") && position > start && [0x20, 0x09, 0x0A].contains(bytes[position - 1]) { break }
                position += 1
            }
            let words = String(decoding: bytes[start..<position], as: UTF8.self)
                .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
            if ["~", "null", "Null", "NULL", ""].contains(words) { return .null(line: startLine) }
            return .scalar(words, plain: true, line: startLine)
        }
    }

    /// A single- or double-quoted scalar at the position; the position moves past its closing
    /// quote. Line breaks inside fold to a space (an empty line to a line break).
    mutating func quoted() throws -> String {
        let quote = bytes[position]
        let startLine = currentLine
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let b = bytes[position]
            if b == quote {
                if quote == UInt8(ascii: "'") && position + 1 < bytes.count && bytes[position + 1] == quote {
                    out.append(quote)
                    position += 2
                    continue
                }
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b == 0x0A {
                // Folding: trailing spaces before the break and leading ones after it go.
                while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
                position += 1
                var breaks = 0
                while position < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
                    if bytes[position] == 0x0A { breaks += 1 }
                    position += 1
                }
                out.append(contentsOf: breaks == 0 ? [0x20] : [UInt8](repeating: 0x0A, count: breaks))
                continue
            }
            if quote == UInt8(ascii: "\"") && b == UInt8(ascii: "\\") {
                guard position + 1 < bytes.count else { break }
                let e = bytes[position + 1]
                position += 2
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"), 0x09: out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "0"): out.append(0)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: " "): out.append(e)
                case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let count = e == UInt8(ascii: "x") ? 2 : e == UInt8(ascii: "u") ? 4 : 8
                    guard position + count <= bytes.count,
                          let value = UInt32(String(decoding: bytes[position..<(position + count)], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(value) else {
                        throw LaunchSourceError(path: path, line: currentLine, "a \\\(Character(Unicode.Scalar(e))) escape needs \(count) hex digits of a character")
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    position += count
                case 0x0A:
                    // An escaped line break joins the lines with nothing between.
                    while position < bytes.count && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
                default:
                    throw LaunchSourceError(path: path, line: currentLine,
                                            "unknown escape \\\(abbreviatedForMessage(String(Character(Unicode.Scalar(e))), quoted: false)) in a double-quoted value")
                }
                continue
            }
            out.append(b)
            position += 1
        }
        throw LaunchSourceError(path: path, line: startLine, "a quoted value opened here is not closed")
    }
}

/// Finds where a flow collection or quoted scalar ends, fed one line at a time so that a value
/// over many lines is scanned once: brackets counted outside quotes and comments; a quote opens
/// only where a value starts (after a bracket, a comma, a `: ` or at the start), so the
/// apostrophe in a plain `don't` opens nothing.
private struct FlowExtent {
    let path: String
    let line: Int
    var depth = 0
    var quote: UInt8?
    /// The last byte that was not a space: what decides whether a quote starts a value.
    var last: UInt8 = UInt8(ascii: ",")

    init(path: String, line: Int) { self.path = path; self.line = line }

    /// Reads more of the value (a line, led by its line break after the first); true once it ends.
    mutating func feed(_ chunk: ArraySlice<UInt8>) throws -> Bool {
        var i = chunk.startIndex
        while i < chunk.endIndex {
            let b = chunk[i]
            if let q = quote {
                if q == UInt8(ascii: "\"") && b == UInt8(ascii: "\\") { i += 2; continue }
                if b == q {
                    if q == UInt8(ascii: "'") && i + 1 < chunk.endIndex && chunk[i + 1] == q { i += 2; continue }
                    quote = nil
                    last = b
                    if depth == 0 { return true }
                }
                i += 1
                continue
            }
            let opensValue = [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(last)
            if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && opensValue {
                quote = b
                i += 1
                continue
            }
            switch b {
            case 0x20, 0x09, 0x0D, 0x0A:
                break
            case UInt8(ascii: "#") where i == chunk.startIndex || [0x20, 0x09, 0x0A].contains(chunk[i - 1]):
                while i < chunk.endIndex && chunk[i] != 0x0A { i += 1 }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= YAMLReader.maximumDepth else {
                    throw LaunchSourceError(path: path, line: line, "values nest deeper than \(YAMLReader.maximumDepth) levels")
                }
                last = b
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth <= 0 { return true }
                last = b
            default:
                last = b
            }
            i += 1
        }
        return false
    }
}

private extension YAMLNode {
    var isNull: Bool { if case .null = self { return true } else { return false } }
}
