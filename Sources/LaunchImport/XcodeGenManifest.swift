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
/// The YAML is read by libyaml (`YAMLReader`), typed as XcodeGen's reader (Yams) types it, with
/// anchors, aliases and merge keys; the file's size, its values (aliases' copies counted) and
/// their nesting are bounded.
public struct XcodeGenManifest {
    /// Specs are tens of kilobytes; a megabyte is already far beyond any.
    public static let sizeLimit = FileSizeLimit(bytes: 1 << 20, kind: "an XcodeGen spec")

    /// `name`, the project's name (absent in a spec meant to be included).
    public var name: String?
    /// `include:` paths, relative like `XcodeGenTarget.infoPath`.
    public var includes: [String]
    public var targets: [XcodeGenTarget]
    /// What was passed over: later YAML documents, templates not in this file, unknown platforms.
    public var warnings: [String]

    public var applicationTargets: [XcodeGenTarget] { targets.filter(\.isApplication) }

    public static func parse(bytes: [UInt8], path: String) throws -> XcodeGenManifest {
        guard bytes.count <= sizeLimit.bytes else {
            throw LaunchSourceError(path: path, "is \(bytes.count) bytes; \(sizeLimit.kind) over \(sizeLimit.bytes >> 20) MiB is refused")
        }
        do {
            var reader = YAMLReader(path: path)
            let root = try reader.document(bytes: bytes)
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
                    spec = spec.replacing("platform", with: .scalar(platformName, .string, line: platformNode.line))
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
            case let .scalar(_, .bool(flag), _):
                level[key] = .string(flag ? "YES" : "NO")
            case let .scalar(text, _, _):
                level[key] = .string(text)
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
        case let .scalar(text, type, line): return .scalar(try substitutedText(text, values), type, line: line)
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
