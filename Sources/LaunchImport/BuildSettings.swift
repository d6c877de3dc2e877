import Formats
import Motion
import Foundation

/// One build setting's value as a project file stores it: a string, or a list of strings
/// (`LD_RUNPATH_SEARCH_PATHS = ("$(inherited)", "@executable_path/Frameworks");`).
public enum BuildSettingValue: Equatable, Sendable {
    case string(String)
    case list([String])

    /// The value as one string, as Xcode joins a list: words separated by spaces, a word that holds
    /// a space, a quote or a backslash in double quotes (so `BuildSettings.words` splits it back).
    public var text: String {
        switch self {
        case let .string(text): return text
        case let .list(items): return items.map(BuildSettings.quotedWord).joined(separator: " ")
        }
    }

    /// A value from a property list: a string, a number or a boolean (XML project files can hold
    /// them), or an array of those. Anything else (a dictionary) is no build setting: nil.
    public init?(propertyListValue value: Any) {
        if let text = BuildSettingValue.scalarText(value) { self = .string(text); return }
        guard let items = value as? [Any] else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for item in items {
            guard let text = BuildSettingValue.scalarText(item) else { return nil }
            texts.append(text)
        }
        self = .list(texts)
    }

    private static func scalarText(_ value: Any) -> String? {
        if let text = value as? String { return text }
        if let flag = value as? Bool { return flag ? "YES" : "NO" }
        if let number = value as? Int { return String(number) }
        if let number = value as? Double { return String(number) }
        return nil
    }
}

/// A target's build settings for one configuration, as Xcode resolves them: levels stacked from
/// the lowest (the project's) to the highest (the target's), a higher level's assignment hiding a
/// lower one's, `$(inherited)` reaching down a level, and conditional assignments
/// (`KEY[sdk=iphoneos*]`, `[config=Debug]`, `[arch=arm64]`) taking precedence at their level when
/// they match (Xcode Help, "Build settings reference" and "Conditionalize build settings").
///
/// Values come back expanded (`$(VAR)`, `${VAR}`, `$VAR`), as `xcodebuild -showBuildSettings`
/// prints them. Xcode's derived paths (`BUILT_PRODUCTS_DIR` and the like) are not known here and
/// expand to nothing; the project's own folder (`SRCROOT`, `PROJECT_DIR`, `SOURCE_ROOT`) is the
/// relative path of the project root, `.` unless the project sets `projectDirPath`.
public struct BuildSettings: Sendable {
    /// One assignment of a setting: its conditions (none for a plain `KEY = value`) and its value.
    struct Assignment: Sendable {
        var key: String
        var conditions: [(name: String, pattern: String)]
        var value: BuildSettingValue
    }

    /// One level's assignments by setting name, built once and shared by the targets whose
    /// settings stack it.
    struct Level: Sendable {
        var assignments: [String: [Assignment]] = [:]

        init(_ settings: [String: BuildSettingValue]) {
            // Sorted so that which of two equally specific conditions wins does not depend on the
            // dictionary's order.
            for key in settings.keys.sorted() {
                let (name, conditions) = BuildSettings.splitConditions(key)
                assignments[name, default: []].append(Assignment(key: key, conditions: conditions, value: settings[key]!))
            }
        }
    }

    /// Each level's assignments by setting name, the lowest level first.
    private var levels: [[String: [Assignment]]] = []

    /// The target the settings are for (`TARGET_NAME`, and `PRODUCT_NAME` unless a level sets it).
    public var targetName: String
    /// The configuration chosen (`CONFIGURATION`, and what `[config=...]` conditions match).
    public var configurationName: String
    /// The project's name (`PROJECT_NAME`), when known.
    public var projectName: String?
    /// The project root relative to the folder holding the `.xcodeproj` (`SRCROOT`): `.` unless the
    /// project sets `projectDirPath`.
    public var sourceRoot: String = "."
    /// The SDK the computed properties (`infoPlistFile` and the like) are read for: the device SDK
    /// of the target's platform.
    public var defaultSDK: String = "iphoneos"

    /// Expansion stops `maximumDepth` references deep, after `maximumSubstitutions` references in
    /// one value, and at `maximumLength` bytes of result, so `A = $(B)$(B)`, `B = $(C)$(C)`, ...
    /// cannot take exponential time or memory. A reference to another setting that is being
    /// expanded (a cycle: `A = $(B)`, `B = $(A)`) expands to nothing.
    public static let maximumDepth = 32
    public static let maximumSubstitutions = 10_000
    public static let maximumLength = 64 << 10

    /// Settings from levels of plain values, the lowest (project) level first. A key may carry
    /// conditions: `"INFOPLIST_FILE[sdk=iphoneos*]"`.
    public init(levels: [[String: BuildSettingValue]] = [], targetName: String = "", configurationName: String = "Release") {
        self.targetName = targetName
        self.configurationName = configurationName
        for level in levels { appendLevel(level) }
    }

    /// Adds a level above the others (a target's settings over a project's; an `.xcconfig`'s
    /// settings go below the level of the configuration that bases itself on it).
    public mutating func appendLevel(_ settings: [String: BuildSettingValue]) {
        insertLevel(settings, at: levels.count)
    }

    /// Adds a level at a position, 0 being the lowest.
    public mutating func insertLevel(_ settings: [String: BuildSettingValue], at index: Int) {
        insertLevel(Level(settings), at: index)
    }

    mutating func insertLevel(_ level: Level, at index: Int) {
        levels.insert(level.assignments, at: max(0, min(index, levels.count)))
    }

    /// The number of levels.
    public var levelCount: Int { levels.count }

    /// Every setting name assigned at some level, conditions stripped, sorted.
    public var names: [String] { Array(Set(levels.flatMap(\.keys))).sorted() }

    // MARK: Reading

    /// The setting's value for that SDK (`iphoneos`, `iphonesimulator17.0`, `appletvos`, ...),
    /// expanded; nil when no level assigns it (or only under conditions that do not match).
    public func value(_ key: String, sdk: String = "iphoneos") -> String? {
        // The setting itself is being expanded: a reference back to it is a cycle.
        var state = ExpansionState(inProgress: [key])
        return resolve(key, below: levels.count, sdk: sdk, depth: 0, state: &state).map { BuildSettings.text($0) }
    }

    /// The setting's value split into words as Xcode splits a list setting (spaces separate,
    /// quotes group): `INFOPLIST_PREPROCESSOR_DEFINITIONS`, `SUPPORTED_PLATFORMS`.
    public func values(_ key: String, sdk: String = "iphoneos") -> [String]? {
        value(key, sdk: sdk).map(BuildSettings.words)
    }

    /// The assignment that decides the setting for that SDK, unexpanded, as the project file
    /// holds it.
    public func rawValue(_ key: String, sdk: String = "iphoneos") -> BuildSettingValue? {
        for level in levels.reversed() {
            if let assignment = bestAssignment(level[key], sdk: sdk) { return assignment.value }
        }
        return nil
    }

    /// The text with its setting references expanded, `$(inherited)` being empty at this level.
    /// Undefined settings expand to nothing.
    public func expanded(_ text: String, sdk: String = "iphoneos") -> String {
        var state = ExpansionState()
        return BuildSettings.text(expand(Array(text.utf8), inheriting: nil, sdk: sdk, depth: 0, state: &state))
    }

    /// Whether a setting reads as YES (Xcode's booleans are YES and NO; XcodeGen writes `true`).
    public func isEnabled(_ key: String, sdk: String? = nil) -> Bool {
        guard let text = value(key, sdk: sdk ?? defaultSDK)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return text == "yes" || text == "true" || text == "1"
    }

    // MARK: Info.plist settings (Xcode Help, build settings reference: "Info.plist File",
    // "Generate Info.plist File", "Info.plist Preprocessor Prefix File", "Preprocess Info.plist File")

    /// `INFOPLIST_FILE`, expanded and tidied (`./`, `//` and `a/..` collapsed): relative to the
    /// project root as the project writes it. It may leave the project (`../x`, `/etc/x`): pass it
    /// through `XcodeProjectFile.containedPath` before reading.
    public var infoPlistFile: String? {
        guard let text = value("INFOPLIST_FILE", sdk: defaultSDK), !text.isEmpty else { return nil }
        let path = XcodeProjectFile.normalizedPath(text)
        return path.isEmpty ? nil : path
    }

    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode writes Info.plist from the `INFOPLIST_KEY_*`
    /// settings, merged with `INFOPLIST_FILE` when both are set.
    public var generatesInfoPlist: Bool { isEnabled("GENERATE_INFOPLIST_FILE") }

    /// `INFOPLIST_PREPROCESS = YES`: Info.plist goes through the C preprocessor first.
    public var preprocessesInfoPlist: Bool { isEnabled("INFOPLIST_PREPROCESS") }

    /// `INFOPLIST_PREFIX_HEADER`, expanded and tidied like `infoPlistFile`.
    public var infoPlistPrefixHeader: String? {
        guard let text = value("INFOPLIST_PREFIX_HEADER", sdk: defaultSDK), !text.isEmpty else { return nil }
        let path = XcodeProjectFile.normalizedPath(text)
        return path.isEmpty ? nil : path
    }

    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`: `NAME` or `NAME=value` words.
    public var infoPlistPreprocessorDefinitions: [String] { values("INFOPLIST_PREPROCESSOR_DEFINITIONS", sdk: defaultSDK) ?? [] }

    /// Settings whose value is a list of words in Info.plist.
    static let listValuedInfoPlistKeys: Set<String> = [
        "UISupportedInterfaceOrientations", "UIRequiredDeviceCapabilities",
    ]

    /// The Info.plist entries the `INFOPLIST_KEY_*` settings give, as Xcode generates them when
    /// `generatesInfoPlist` (Xcode Help, build settings reference, "Info.plist Values"):
    /// - `INFOPLIST_KEY_NAME = value` is `NAME`; YES and NO become booleans;
    /// - a `_iPhone` or `_iPad` suffix is the device-specific key `NAME~iphone`, `NAME~ipad`;
    /// - the orientation and device-capability keys are arrays of their words;
    /// - `UILaunchScreen_Generation = YES` is an empty `UILaunchScreen` dictionary (the system's
    ///   default launch screen) and `UIApplicationSceneManifest_Generation = YES` a scene manifest
    ///   that supports multiple scenes; NO gives no entry.
    /// The reference lists no other `UILaunchScreen_*` settings: a launch screen's colour or image
    /// comes from Info.plist itself.
    public func generatedInfoPlistKeys(sdk: String = "iphoneos") -> [String: Any] {
        let prefix = "INFOPLIST_KEY_"
        var out: [String: Any] = [:]
        for name in names where name.hasPrefix(prefix) && name.count > prefix.count {
            guard let text = value(name, sdk: sdk) else { continue }
            var key = String(name.dropFirst(prefix.count))
            let flag = BuildSettings.boolean(text)
            if key.hasSuffix("_Generation") {
                key.removeLast("_Generation".count)
                guard flag == true else { continue }
                switch key {
                case "UILaunchScreen": out[key] = [String: Any]()
                case "UIApplicationSceneManifest": out[key] = ["UIApplicationSupportsMultipleScenes": true] as [String: Any]
                default: out[key] = [String: Any]()
                }
                continue
            }
            var base = key
            if key.hasSuffix("_iPhone") { base = String(key.dropLast("_iPhone".count)); key = base + "~iphone" }
            else if key.hasSuffix("_iPad") { base = String(key.dropLast("_iPad".count)); key = base + "~ipad" }
            if BuildSettings.listValuedInfoPlistKeys.contains(base) {
                out[key] = BuildSettings.words(text)
            } else if let flag {
                out[key] = flag
            } else {
                out[key] = text
            }
        }
        return out
    }

    // MARK: Conditions

    /// `KEY[sdk=iphoneos*][arch=*]` → (`KEY`, [(sdk, iphoneos*), (arch, *)]). A key whose brackets
    /// do not close stays whole, so no query for a plain name finds it.
    static func splitConditions(_ key: String) -> (String, [(name: String, pattern: String)]) {
        guard let open = key.firstIndex(of: "[") else { return (key, []) }
        var conditions: [(name: String, pattern: String)] = []
        var rest = key[open...]
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return (key, []) }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            guard let equals = body.firstIndex(of: "=") else { return (key, []) }
            conditions.append((String(body[..<equals]).trimmingCharacters(in: .whitespaces),
                               String(body[body.index(after: equals)...]).trimmingCharacters(in: .whitespaces)))
            rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty else { return (key, []) }
        return (String(key[..<open]), conditions)
    }

    /// The assignment that applies: among those whose conditions all match, the one with the most
    /// conditions, then the one whose patterns are the most literal (`iphoneos*` over `*`); an
    /// unconditional assignment only when no conditional one matches.
    func bestAssignment(_ assignments: [Assignment]?, sdk: String) -> Assignment? {
        guard let assignments else { return nil }
        var best: Assignment?
        var bestRank = (-1, -1)
        for assignment in assignments where assignment.conditions.allSatisfy({ matches($0.name, $0.pattern, sdk: sdk) }) {
            let literal = assignment.conditions.reduce(0) { $0 + $1.pattern.filter { $0 != "*" && $0 != "?" }.count }
            let rank = (assignment.conditions.count, literal)
            if rank > bestRank { best = assignment; bestRank = rank }
        }
        return best
    }

    /// Whether one condition matches: `sdk` against the SDK asked for, `config` against the
    /// configuration, `arch` against arm64 (what devices and Apple-silicon simulators build),
    /// `variant` against `normal`. Other conditions match only `*`.
    func matches(_ name: String, _ pattern: String, sdk: String) -> Bool {
        switch name {
        case "sdk": return BuildSettings.glob(pattern, matches: sdk)
        case "config": return BuildSettings.glob(pattern, matches: configurationName)
        case "arch": return BuildSettings.glob(pattern, matches: "arm64")
        case "variant": return BuildSettings.glob(pattern, matches: "normal")
        default: return pattern == "*"
        }
    }

    /// Shell-style matching with `*` and `?`, case-sensitive, in time proportional to the lengths'
    /// product at most; patterns over 256 characters match nothing.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        guard p.count <= 256, t.count <= 4096 else { return false }
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == UInt8(ascii: "?") || p[pi] == t[ti]) { pi += 1; ti += 1 }
            else if pi < p.count && p[pi] == UInt8(ascii: "*") { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }

    // MARK: Expansion

    struct ExpansionState {
        var substitutions = 0
        var inProgress: [String] = []
        var exhausted: Bool { substitutions > BuildSettings.maximumSubstitutions }
    }

    /// The setting's expanded bytes from the levels below `levelCount`, or a built-in's value.
    private func resolve(_ key: String, below levelCount: Int, sdk: String, depth: Int, state: inout ExpansionState) -> [UInt8]? {
        var level = min(levelCount, levels.count) - 1
        while level >= 0 {
            if let assignment = bestAssignment(levels[level][key], sdk: sdk) {
                return expand(Array(assignment.value.text.utf8), inheriting: (key, level), sdk: sdk, depth: depth + 1, state: &state)
            }
            level -= 1
        }
        return builtIn(key, sdk: sdk).map { Array($0.utf8) }
    }

    /// What Xcode defines itself, for the settings a launch screen's paths use.
    private func builtIn(_ key: String, sdk: String) -> String? {
        switch key {
        case "SRCROOT", "PROJECT_DIR", "SOURCE_ROOT": return sourceRoot
        case "TARGET_NAME", "TARGETNAME", "PRODUCT_NAME": return targetName
        case "CONFIGURATION": return configurationName
        case "PROJECT_NAME": return projectName
        case "SDK_NAME": return sdk
        case "PLATFORM_NAME": return BuildSettings.platformName(sdk)
        case "EFFECTIVE_PLATFORM_NAME":
            let platform = BuildSettings.platformName(sdk)
            return platform == "macosx" ? "" : "-" + platform
        default: return nil
        }
    }

    /// `iphoneos17.2` → `iphoneos`.
    static func platformName(_ sdk: String) -> String {
        String(sdk.lowercased().prefix { $0.isLetter })
    }

    private static let dollar = UInt8(ascii: "$")

    private func expand(_ text: [UInt8], inheriting: (key: String, level: Int)?, sdk: String, depth: Int,
                        state: inout ExpansionState) -> [UInt8] {
        guard text.contains(BuildSettings.dollar) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        let n = text.count
        while i < n {
            guard out.count <= BuildSettings.maximumLength else { break }
            let c = text[i]
            guard c == BuildSettings.dollar, i + 1 < n else { out.append(c); i += 1; continue }
            let next = text[i + 1]
            if next == BuildSettings.dollar {
                out.append(BuildSettings.dollar)
                i += 2
            } else if next == UInt8(ascii: "(") || next == UInt8(ascii: "{") {
                let close = next == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
                var nesting = 0, j = i + 2, end = -1
                while j < n {
                    if text[j] == next { nesting += 1 }
                    else if text[j] == close {
                        if nesting == 0 { end = j; break }
                        nesting -= 1
                    }
                    j += 1
                }
                guard end >= 0 else { out.append(contentsOf: text[i...]); break }
                // The reference's name may itself hold references: $(PRODUCT_NAME_$(CONFIGURATION)).
                let inner = depth < BuildSettings.maximumDepth
                    ? expand(Array(text[(i + 2)..<end]), inheriting: inheriting, sdk: sdk, depth: depth + 1, state: &state)
                    : Array(text[(i + 2)..<end])
                out.append(contentsOf: reference(BuildSettings.text(inner), inheriting: inheriting, sdk: sdk, depth: depth, state: &state))
                i = end + 1
            } else if BuildSettings.isNameStart(next) {
                var j = i + 1
                while j < n && BuildSettings.isNameByte(text[j]) { j += 1 }
                out.append(contentsOf: reference(String(decoding: text[(i + 1)..<j], as: UTF8.self), inheriting: inheriting, sdk: sdk,
                                                 depth: depth, state: &state))
                i = j
            } else {
                out.append(c)
                i += 1
            }
        }
        if out.count > BuildSettings.maximumLength {
            // Cut at a character's start so the text stays valid UTF-8.
            var cut = BuildSettings.maximumLength
            while cut > 0 && out[cut] & 0xC0 == 0x80 { cut -= 1 }
            out.removeSubrange(cut...)
        }
        return out
    }

    /// One reference's value: `NAME`, `NAME:operator:operator`, or `inherited`.
    private func reference(_ body: String, inheriting: (key: String, level: Int)?, sdk: String, depth: Int,
                           state: inout ExpansionState) -> [UInt8] {
        state.substitutions += 1
        guard !state.exhausted, depth < BuildSettings.maximumDepth else { return [] }
        var parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts.removeFirst()).trimmingCharacters(in: .whitespaces)
        var value: [UInt8]
        // `$(inherited)`, and a setting's reference to itself (`MARKETING_VERSION =
        // $(MARKETING_VERSION)`), are the value from the levels below.
        if name == "inherited" || name == inheriting?.key {
            guard let inheriting else { return [] }
            value = resolve(inheriting.key, below: inheriting.level, sdk: sdk, depth: depth, state: &state) ?? []
        } else {
            guard !state.inProgress.contains(name) else { return [] }
            state.inProgress.append(name)
            value = resolve(name, below: levels.count, sdk: sdk, depth: depth, state: &state) ?? []
            state.inProgress.removeLast()
        }
        guard let operators = parts.first else { return value }
        return Array(BuildSettings.apply(operators: String(operators), to: BuildSettings.text(value)).utf8)
    }

    /// Xcode's value operators (build settings reference, "Build setting operators" in Xcode
    /// Help). `default=` takes the rest of the reference, colons and all. An unknown operator
    /// leaves the value as it is.
    static func apply(operators: String, to value: String) -> String {
        var result = value
        var rest = Substring(operators)
        while !rest.isEmpty {
            if rest.hasPrefix("default=") {
                if result.isEmpty { result = String(rest.dropFirst("default=".count)) }
                break
            }
            let op: Substring
            if let colon = rest.firstIndex(of: ":") { op = rest[..<colon]; rest = rest[rest.index(after: colon)...] } else { op = rest; rest = "" }
            switch op {
            case "lower": result = result.lowercased()
            case "upper": result = result.uppercased()
            case "rfc1034identifier":
                result = String(result.unicodeScalars.map { isASCIIAlphanumeric($0) || $0 == "-" || $0 == "." ? Character($0) : "-" })
            case "c99extidentifier", "identifier":
                var text = String(result.unicodeScalars.map { isASCIIAlphanumeric($0) || $0 == "_" ? Character($0) : "_" })
                if let first = text.unicodeScalars.first, ("0"..."9").contains(first) { text = "_" + text }
                result = text
            case "file": result = XcodeProjectFile.lastComponent(result)
            case "dir":
                let dir = XcodeProjectFile.parentFolder(result)
                result = dir.isEmpty ? "./" : dir.hasSuffix("/") ? dir : dir + "/"
            case "base":
                let file = XcodeProjectFile.lastComponent(result), ext = XcodeProjectFile.pathExtension(file)
                result = ext.isEmpty ? file : String(file.dropLast(ext.count + 1))
            case "suffix":
                let ext = XcodeProjectFile.pathExtension(result)
                result = ext.isEmpty ? "" : "." + ext
            case "standardizepath": result = XcodeProjectFile.normalizedPath(result)
            case "quote": result = quotedWord(result)
            default: break
            }
        }
        return result
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
    }

    private static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Words

    /// A list setting's words: ASCII whitespace separates, single and double quotes group, a
    /// backslash keeps the next character. Read scalar by scalar, so a combining mark after a
    /// quote does not hide the quote.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped { current.append(scalar); escaped = false; continue }
            if scalar == "\\" && quote != "'" { escaped = true; inWord = true; continue }
            if let q = quote {
                if scalar == q { quote = nil } else { current.append(scalar) }
                continue
            }
            if scalar == "\"" || scalar == "'" { quote = scalar; inWord = true; continue }
            if isListSpace(scalar) {
                if inWord { words.append(String(current)); current = String.UnicodeScalarView(); inWord = false }
                continue
            }
            current.append(scalar)
            inWord = true
        }
        if inWord { words.append(String(current)) }
        return words
    }

    static func isListSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    /// A word as a list setting writes it: quoted when it is empty or holds whitespace, a quote
    /// or a backslash.
    static func quotedWord(_ word: String) -> String {
        guard word.isEmpty || word.unicodeScalars.contains(where: { isListSpace($0) || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return word }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in word.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }

    /// YES/NO (and XcodeGen's true/false) as a boolean; anything else nil.
    static func boolean(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: return nil
        }
    }
}

/// An Xcode build configuration file (`.xcconfig`): `KEY = value` lines (a key may carry
/// conditions, `KEY[sdk=iphoneos*]`), `//` comments to the end of a line (even inside quotes, as
/// in Xcode, which is why URLs there are written `https:/$()/`), and `#include "path"` or
/// `#include? "path"` (optional) lines, paths relative to the including file (Xcode Help,
/// "Adding a build configuration file to your project"). Read from bytes; `settings(of:read:)`
/// follows the includes through the caller's file access.
public struct XCConfigFile: Sendable {
    public enum Line: Equatable, Sendable {
        case setting(key: String, value: String)
        /// The included path as the project root sees it (joined to the including file's folder).
        case include(path: String, isOptional: Bool, line: Int)
    }

    public var lines: [Line]

    /// Configuration files are a few kilobytes.
    public static let sizeLimit = FileSizeLimit(bytes: 1 << 20, kind: "an .xcconfig file")
    /// Includes nest at most this deep, and all the files an include tree reads hold at most
    /// `maximumLines` settings between them, however often a file is included.
    public static let maximumIncludeDepth = 16
    public static let maximumLines = 100_000

    public static func parse(bytes: [UInt8], path: String) throws -> XCConfigFile {
        guard bytes.count <= sizeLimit.bytes else {
            throw LaunchSourceError(path: path, "is \(bytes.count) bytes; \(sizeLimit.kind) over \(sizeLimit.bytes >> 20) MiB is refused")
        }
        let folder = XcodeProjectFile.parentFolder(path)
        var lines: [Line] = []
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop { $0 == " " || $0 == "\t" }
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            if line.hasPrefix("#include") {
                var rest = line.dropFirst("#include".count)
                let isOptional = rest.first == "?"
                if isOptional { rest = rest.dropFirst() }
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                    throw LaunchSourceError(path: path, line: index + 1, "an #include names its file in double quotes")
                }
                let included = String(rest.dropFirst().dropLast())
                // `<DEVELOPER_DIR>/...` and the like name files outside the project.
                guard !included.hasPrefix("<") else { continue }
                lines.append(.include(path: XcodeProjectFile.normalizedPath(XcodeProjectFile.joinPath(folder, included)),
                                      isOptional: isOptional, line: index + 1))
                continue
            }
            // The `=` after the name and its conditions, not the one inside `[sdk=...]`.
            var depth = 0
            let assignment = line.firstIndex { ch in
                if ch == "[" { depth += 1 } else if ch == "]" { depth -= 1 }
                return ch == "=" && depth <= 0
            }
            guard let equals = assignment else {
                throw LaunchSourceError(path: path, line: index + 1, "expected `NAME = value` or `#include \"file\"`")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let (name, _) = BuildSettings.splitConditions(key)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }) else {
                throw LaunchSourceError(path: path, line: index + 1, "\(abbreviatedForMessage(key)) is not a setting's name")
            }
            var value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            if value.last == ";" { value = value.dropLast() }
            lines.append(.setting(key: key, value: String(value)))
        }
        return XCConfigFile(lines: lines)
    }

    /// The settings of the file at `path` with its includes read in place: a later line replaces
    /// an earlier one, and `$(inherited)` in it stands for the earlier value. `read` gives a file's
    /// bytes, or nil when it does not exist (an error unless the include is optional); paths are
    /// relative to the project root, as `XcodeTarget.baseConfigurationFiles` gives them.
    public static func settings(of path: String, read: (String) throws -> [UInt8]?) throws -> [String: BuildSettingValue] {
        guard let bytes = try read(path) else { throw LaunchSourceError(path: path, "the configuration file is not there") }
        var merged: [String: BuildSettingValue] = [:]
        var budget = maximumLines
        try merge(parse(bytes: bytes, path: path), path: path, into: &merged, including: [path], budget: &budget, read: read)
        return merged
    }

    private static func merge(_ file: XCConfigFile, path: String, into merged: inout [String: BuildSettingValue], including: [String],
                              budget: inout Int, read: (String) throws -> [UInt8]?) throws {
        for line in file.lines {
            budget -= 1
            guard budget >= 0 else { throw LaunchSourceError(path: path, "its includes hold more than \(maximumLines) lines") }
            switch line {
            case let .setting(key, value):
                var text = value
                if let earlier = merged[key]?.text {
                    text = text.replacingOccurrences(of: "$(inherited)", with: earlier).replacingOccurrences(of: "${inherited}", with: earlier)
                }
                guard text.utf8.count <= BuildSettings.maximumLength else {
                    throw LaunchSourceError(path: path, "\(abbreviatedForMessage(key)) grows past \(BuildSettings.maximumLength) bytes")
                }
                merged[key] = .string(text)
            case let .include(included, isOptional, lineNumber):
                guard !including.contains(included) else {
                    throw LaunchSourceError(path: path, line: lineNumber, "\(abbreviatedForMessage(included)) includes itself")
                }
                guard including.count < maximumIncludeDepth else {
                    throw LaunchSourceError(path: path, line: lineNumber, "includes nest deeper than \(maximumIncludeDepth)")
                }
                guard let bytes = try read(included) else {
                    if isOptional { continue }
                    throw LaunchSourceError(path: path, line: lineNumber, "includes \(abbreviatedForMessage(included)), which is not there")
                }
                try merge(parse(bytes: bytes, path: included), path: included, into: &merged, including: including + [included],
                          budget: &budget, read: read)
            }
        }
    }
}
