import Foundation
import LaunchImport

/// The `projectfile` target: one input read as an Xcode project file, as an XcodeGen spec, as an
/// `.xcconfig` file, as build settings (`KEY = value` lines) to expand, and as paths to contain. Beyond not trapping
/// or hanging: errors are `LaunchSourceError`s naming the input's path at a line inside it with a
/// short message, and what is read stays within the readers' documented bounds.
extension FuzzTarget {
    /// Which readers accepted the input: the corpus test checks that the saved inputs reach past
    /// the parsers into target and settings extraction.
    public struct ProjectFileOutcome: Equatable, Sendable {
        public var projectFile: Bool
        public var spec: Bool
    }

    /// The SDKs settings are read for: a condition may name any of them.
    static let fuzzedSDKs = ["iphoneos", "iphonesimulator17.2", "appletvos", "macosx14.0", "xros"]

    func checkProjectFile(_ bytes: [UInt8]) throws { _ = try projectFileOutcome(bytes) }

    @discardableResult
    public func projectFileOutcome(_ bytes: [UInt8]) throws -> ProjectFileOutcome {
        var outcome = ProjectFileOutcome(projectFile: false, spec: false)
        if let file = try launchSource(bytes, { try XcodeProjectFile.parse(bytes: bytes, path: path) }) {
            outcome.projectFile = true
            try checkProject(file)
        }
        if let spec = try launchSource(bytes, { try XcodeGenManifest.parse(bytes: bytes, path: path) }) {
            outcome.spec = true
            guard spec.warnings.count <= bytes.count + 1 else { throw FuzzViolation("\(spec.warnings.count) warnings from \(bytes.count) bytes") }
            for target in spec.targets.prefix(5) {
                try checkSettings(target.settings, "spec target \(target.name.prefix(40))")
                for path in target.sources + [target.infoPath].compactMap({ $0 }) { try checkContained(path) }
            }
        }
        // As an .xcconfig: only the input itself can be included (itself, a cycle); others are missing.
        if let merged = try launchSource(bytes, { try XCConfigFile.settings(of: path, read: { $0 == path ? bytes : nil }) }) {
            var settings = BuildSettings(levels: [merged], targetName: "Fuzz")
            settings.defaultSDK = XcodePlatform(settings: settings).deviceSDK
            try checkSettings(settings, "xcconfig")
        }
        try checkExpansion(of: bytes)
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(200) {
            try checkContained(String(line))
        }
        return outcome
    }

    private func checkProject(_ file: XcodeProjectFile) throws {
        guard file.warnings.count <= 100 else { throw FuzzViolation("\(file.warnings.count) warnings, over the 100 kept") }
        var listed = 0
        for (i, target) in file.targets.enumerated() {
            guard XcodePlatform(settings: target.settings) == target.platform else {
                throw FuzzViolation("target \(target.name.prefix(40)): its platform is not its settings' platform")
            }
            let paths = target.resourceFiles + target.synchronizedFolders + target.synchronizedFolderExceptions
            listed += target.resourceFiles.count + target.synchronizedFolders.count + target.synchronizedFolderExceptions.count
            for path in paths + target.baseConfigurationFiles {
                guard XcodeProjectFile.normalizedPath(path) == path else { throw FuzzViolation("path \(path.prefix(80)) is not tidied") }
                try checkContained(path)
            }
            for path in target.resourceFiles {
                guard path.utf8.count <= XcodeProjectFile.maximumPathLength else { throw FuzzViolation("a \(path.utf8.count)-byte path") }
            }
            // Settings cost a few hundred expansions per target: the first few stand for the rest.
            if i < 5 { try checkSettings(target.settings, "target \(target.name.prefix(40))") }
        }
        guard listed <= XcodeProjectFile.maximumObjects else { throw FuzzViolation("\(listed) files listed over all targets") }
    }

    /// Every setting, for every SDK, expands within the length bound, and the Info.plist
    /// properties come out as what Xcode writes.
    private func checkSettings(_ settings: BuildSettings, _ what: String) throws {
        for sdk in FuzzTarget.fuzzedSDKs {
            for name in settings.names.prefix(50) {
                let value = settings.value(name, sdk: sdk) ?? ""
                guard value.utf8.count <= BuildSettings.maximumLength else { throw FuzzViolation("\(what): \(name.prefix(40)) is \(value.utf8.count) bytes") }
            }
            for (key, value) in settings.generatedInfoPlistKeys(sdk: sdk) {
                guard !key.isEmpty, value is String || value is Bool || value is [String] || value is [String: Any] else {
                    throw FuzzViolation("\(what): generated \(key.prefix(40)) is \(type(of: value))")
                }
            }
        }
        for path in [settings.infoPlistFile, settings.infoPlistPrefixHeader].compactMap({ $0 }) {
            guard XcodeProjectFile.normalizedPath(path) == path else { throw FuzzViolation("\(what): \(path.prefix(80)) is not tidied") }
            try checkContained(path)
        }
        _ = (settings.generatesInfoPlist, settings.preprocessesInfoPlist, settings.infoPlistPreprocessorDefinitions)
    }

    /// The input's `KEY = value` lines as two levels of settings (odd lines over even ones), each
    /// key expanded: cycles, doubling and deep nesting end within the bounds.
    private func checkExpansion(of bytes: [UInt8]) throws {
        var levels: [[String: BuildSettingValue]] = [[:], [:]]
        for (i, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(500).enumerated() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            levels[i % 2][key] = value.hasPrefix("(") ? .list(BuildSettings.words(String(value.dropFirst()))) : .string(value)
        }
        let settings = BuildSettings(levels: levels, targetName: "Fuzz", configurationName: "Release")
        for name in settings.names.prefix(100) {
            for sdk in FuzzTarget.fuzzedSDKs.prefix(2) {
                let value = settings.value(name, sdk: sdk) ?? ""
                guard value.utf8.count <= BuildSettings.maximumLength else { throw FuzzViolation("\(name.prefix(40)) expands to \(value.utf8.count) bytes") }
            }
        }
        let text = settings.expanded(String(decoding: bytes.prefix(4096), as: UTF8.self))
        guard text.utf8.count <= BuildSettings.maximumLength else { throw FuzzViolation("the input expands to \(text.utf8.count) bytes") }
        for (word, back) in zip(BuildSettings.words(text), BuildSettings.words(BuildSettingValue.list(BuildSettings.words(text)).text)) where word != back {
            throw FuzzViolation("the word \(word.prefix(40)) does not read back from its list")
        }
    }

    /// `containedPath` gives nil or a tidy relative path with no way up.
    private func checkContained(_ path: String) throws {
        guard let contained = XcodeProjectFile.containedPath(path) else { return }
        guard !contained.isEmpty, !contained.hasPrefix("/"), !contained.hasPrefix("~"), !contained.contains("\0"),
              !contained.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw FuzzViolation("containedPath(\(path.prefix(80))) gave \(contained.prefix(80))")
        }
    }

    /// Runs a reader: its result, or nil for a `LaunchSourceError` that names this target's path,
    /// a line inside the input and a short one-line message. Anything else is a violation.
    private func launchSource<T>(_ input: [UInt8], _ read: () throws -> T) throws -> T? {
        do { return try read() } catch let error as LaunchSourceError {
            guard error.path == path else { throw FuzzViolation("error names \(error.path.prefix(80)), not \(path): \(error)") }
            if let line = error.line {
                // Foundation's parser may count a lone carriage return as a line break too.
                let breaks = input.reduce(0) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
                guard line >= 1 && line <= breaks + 1 else { throw FuzzViolation("error at line \(line) of \(breaks + 1): \(error)") }
            }
            guard !error.message.isEmpty, error.message.unicodeScalars.count <= 400, !error.message.contains("\n") else {
                throw FuzzViolation("error message is empty, multi-line or \(error.message.unicodeScalars.count) characters long: \(error.message.prefix(200))")
            }
            return nil
        } catch {
            throw FuzzViolation("a reader threw \(type(of: error)), not a LaunchSourceError: \(error)")
        }
    }
}
