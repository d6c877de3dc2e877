import Formats
import Motion
import Foundation

/// The platform a target builds for, from its SDK.
public enum XcodePlatform: String, Sendable, CaseIterable {
    case iOS, tvOS, macOS, watchOS, visionOS, unknown

    /// The platform of an SDK name (`iphoneos`, `iphonesimulator17.0`, `appletvos`, `macosx`,
    /// `watchos`, `xros`) or an SDK's path (`.../iPhoneOS17.0.sdk`); nil for `auto` and others.
    public init?(sdkName: String) {
        var name = sdkName.trimmingCharacters(in: .whitespaces).lowercased()
        name = XcodeProjectFile.lastComponent(name)
        if name.hasSuffix(".sdk") { name.removeLast(4) }
        let table: [(String, XcodePlatform)] = [
            ("iphoneos", .iOS), ("iphonesimulator", .iOS), ("appletvos", .tvOS), ("appletvsimulator", .tvOS),
            ("macosx", .macOS), ("watchos", .watchOS), ("watchsimulator", .watchOS), ("xros", .visionOS), ("xrsimulator", .visionOS),
        ]
        guard let match = table.first(where: { name.hasPrefix($0.0) }) else { return nil }
        self = match.1
    }

    /// The device SDK's name, which `[sdk=...]` conditions match for this platform.
    public var deviceSDK: String {
        switch self {
        case .iOS, .unknown: return "iphoneos"
        case .tvOS: return "appletvos"
        case .macOS: return "macosx"
        case .watchOS: return "watchos"
        case .visionOS: return "xros"
        }
    }

    /// A target's platform from its settings: `SDKROOT` when it names an SDK; otherwise (`auto`,
    /// a multiplatform target) `SUPPORTED_PLATFORMS`, iOS when it is among them since the launch
    /// screen previewed is iOS's, else the first. With neither (both are often in an `.xcconfig`
    /// this reader does not see), `TARGETED_DEVICE_FAMILY`: 1 iPhone and 2 iPad are iOS, 3 Apple
    /// TV, 4 Apple Watch, 7 Apple Vision (Xcode Help, build settings reference, "Targeted Device
    /// Families").
    public init(settings: BuildSettings) {
        if let root = settings.value("SDKROOT"), let platform = XcodePlatform(sdkName: root) { self = platform; return }
        let supported = (settings.values("SUPPORTED_PLATFORMS") ?? []).compactMap { XcodePlatform(sdkName: $0) }
        if !supported.isEmpty { self = supported.contains(.iOS) ? .iOS : supported[0]; return }
        let families = (settings.value("TARGETED_DEVICE_FAMILY") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let byFamily: [String: XcodePlatform] = ["1": .iOS, "2": .iOS, "3": .tvOS, "4": .watchOS, "7": .visionOS]
        let platforms = families.compactMap { byFamily[$0] }
        self = platforms.contains(.iOS) ? .iOS : platforms.first ?? .unknown
    }
}

/// A native target of an Xcode project: what finding its launch screen needs.
public struct XcodeTarget {
    public var name: String
    /// `com.apple.product-type.application`, `...framework`, `...bundle.unit-test`, ...
    public var productType: String
    public var platform: XcodePlatform
    /// The settings of the configuration chosen (`configurationName`), the project's level under
    /// the target's.
    public var settings: BuildSettings
    /// The configuration `settings` are for: the target's configuration list's default, else
    /// Release, else the first.
    public var configurationName: String
    /// The files and folders of the Copy Bundle Resources phase (storyboards, xibs, asset
    /// catalogs, images; a localized file's every `.lproj` variant), relative to the project root,
    /// in the phase's order. A file outside the project comes as `../x` or `/x`: see
    /// `XcodeProjectFile.containedPath`. Files in build products or SDKs are left out.
    public var resourceFiles: [String]
    /// Xcode 16's folders kept in step with the disk (`PBXFileSystemSynchronizedRootGroup`) that
    /// belong to the target, relative to the project root: every file in them is the target's
    /// except `synchronizedFolderExceptions`.
    public var synchronizedFolders: [String]
    /// Files in `synchronizedFolders` that the project leaves out of this target
    /// (`membershipExceptions`), relative to the project root.
    public var synchronizedFolderExceptions: [String]
    /// The `.xcconfig` file the project's configuration bases its settings on, relative to the
    /// project root; `targetBaseConfigurationFile` the target's.
    public var projectBaseConfigurationFile: String?
    public var targetBaseConfigurationFile: String?

    /// The `.xcconfig` files the chosen configuration bases its settings on, project's then
    /// target's. Their settings are not in `settings` until the caller reads them
    /// (`XCConfigFile.settings(of:read:)`) and adds them (`addBaseConfiguration`).
    public var baseConfigurationFiles: [String] { [projectBaseConfigurationFile, targetBaseConfigurationFile].compactMap { $0 } }

    /// Whether the project's file's settings are in `settings` yet: they go under its level.
    var projectBaseAdded = false

    /// Adds the settings of one of `baseConfigurationFiles` where Xcode puts them, just under the
    /// configuration that bases itself on the file (`settings`' levels are then: the project's
    /// file, the project's configuration, the target's file, the target's configuration), and
    /// reads the platform again, since `SDKROOT` is often set in one. False for another file.
    @discardableResult
    public mutating func addBaseConfiguration(_ level: [String: BuildSettingValue], file: String) -> Bool {
        var added = false
        if file == targetBaseConfigurationFile {
            settings.insertLevel(level, at: settings.levelCount - 1)
            added = true
        }
        if file == projectBaseConfigurationFile && !projectBaseAdded {
            settings.insertLevel(level, at: 0)
            projectBaseAdded = true
            added = true
        }
        if added {
            platform = XcodePlatform(settings: settings)
            settings.defaultSDK = platform.deviceSDK
        }
        return added
    }

    /// An app: `com.apple.product-type.application`, or one of its kinds
    /// (`application.watchapp2`, `application.messages`, `application.on-demand-install-capable`
    /// for App Clips); `platform` tells an iOS app from a tvOS, watchOS or visionOS one.
    public var isApplication: Bool {
        productType == "com.apple.product-type.application" || productType.hasPrefix("com.apple.product-type.application.")
    }
}

/// An Xcode project file (`NAME.xcodeproj/project.pbxproj`): an old-style (OpenStep) property
/// list whose `objects` dictionary holds every object by identifier, each with an `isa`, and
/// whose `rootObject` is the `PBXProject`. Read from bytes with Foundation's property-list parser,
/// which reads that format (and XML) on Linux too (`PropertyListValues`).
///
/// Paths are resolved from the group tree as Xcode does: a `sourceTree` of `<group>` is relative
/// to the enclosing group's folder, `SOURCE_ROOT` to the project root, `<absolute>` absolute; a
/// group's `path` (not its `name`, which is what Xcode shows) adds to its folder.
public struct XcodeProjectFile {
    /// Project files of large apps are a megabyte or a few (about 4,000 objects a megabyte in the
    /// public apps' projects checked); 16 MiB leaves room for several times the largest.
    public static let sizeLimit = FileSizeLimit(bytes: 16 << 20, kind: "an Xcode project file")
    /// At most this many objects are read, three times what 16 MiB of Xcode's own writing holds.
    /// Foundation reads 200,000 in a few seconds; the reader's own work is linear in them.
    public static let maximumObjects = 200_000
    /// Groups nest at most this deep: projects nest a few levels, and each level lengthens every
    /// path below it.
    public static let maximumGroupDepth = 256
    /// A resolved path longer than this (macOS's PATH_MAX, where projects are made) is left out
    /// with a warning, so that a long group path repeated under many files cannot take memory
    /// out of proportion to the file.
    public static let maximumPathLength = 1024

    /// The native targets, in the project's order.
    public var targets: [XcodeTarget]
    /// What was passed over and why: a file a build phase lists that is not in the project, a group
    /// listed twice.
    public var warnings: [String]
    /// The project root relative to the folder holding the `.xcodeproj` (`projectDirPath`): empty
    /// for almost every project.
    public var projectDirectory: String

    /// The targets that build apps.
    public var applicationTargets: [XcodeTarget] { targets.filter(\.isApplication) }

    /// Reads a project file. Errors are `LaunchSourceError`s naming `path` and, where the object at
    /// fault or Foundation's parser gives one, the line.
    public static func parse(bytes: [UInt8], path: String) throws -> XcodeProjectFile {
        try parse(bytes: bytes, path: path, maximumObjects: maximumObjects)
    }

    static func parse(bytes: [UInt8], path: String, maximumObjects: Int) throws -> XcodeProjectFile {
        guard bytes.count <= sizeLimit.bytes else {
            throw LaunchSourceError(path: path, "is \(bytes.count) bytes; \(sizeLimit.kind) over \(sizeLimit.bytes >> 20) MiB is refused")
        }
        guard !bytes.starts(with: Array("bplist".utf8)) else {
            throw LaunchSourceError(path: path, "is a binary property list; Xcode writes project files as text")
        }
        let value: Any
        do { value = try PropertyListValues.read(bytes) ?? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) } catch {
            let (line, detail) = parseFailure(error)
            throw LaunchSourceError(path: path, line: line, "not a property list (\(abbreviatedForMessage(detail, limit: 160, quoted: false)))")
        }
        var reader = ProjectReader(bytes: bytes, path: path)
        return try reader.read(value, maximumObjects: maximumObjects)
    }

    /// Foundation's reason and line: the old-style parser's message, which says "at line N" or
    /// "on line N", is nested under `kCFPropertyListOldStyleParsingError` as a CoreFoundation
    /// error that Swift cannot cast on Linux, so it is read from its description
    /// (`Error Domain=... UserInfo={NSDebugDescription=MESSAGE}`).
    static func parseFailure(_ error: Error) -> (Int?, String) {
        let info = (error as NSError).userInfo
        var nested: String?
        if let inner = info["kCFPropertyListOldStyleParsingError"] {
            let text = "\(inner)"
            if let start = text.range(of: "NSDebugDescription=") {
                nested = String(text[start.upperBound...].dropLast(text.hasSuffix("}") ? 1 : 0))
            }
        }
        let detail = nested ?? info[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var line: Int?
        let words = detail.split(separator: " ")
        for (i, word) in words.enumerated().dropLast() where word == "line" {
            line = Int(words[i + 1].trimmingCharacters(in: .punctuationCharacters))
        }
        return (line, detail)
    }

    // MARK: Paths

    /// The path lexically tidied: empty and `.` components dropped, `a/..` collapsed, a leading
    /// `/` kept and `..` that would climb above it dropped; `..` at the start of a relative path
    /// kept. `./a//b/../c` → `a/c`; `.` → empty.
    public static func normalizedPath(_ path: String) -> String {
        let absolute = PathText.isAbsolute(path)
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." { parts.removeLast() }
                else if !absolute { parts.append(part) }
                continue
            }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// A relative path made safe to join to the project root: tidied, or nil when it is empty,
    /// absolute (`/...`, `~...`, also once tidied: `a/../~/x`), holds a NUL, or climbs out of the
    /// root (`../../etc/passwd`, `a/../../b`). Build settings and group trees are the project
    /// author's, so a caller passes every path it will open through this and refuses, with a
    /// message, what comes back nil.
    public static func containedPath(_ relative: String) -> String? {
        guard !relative.isEmpty, !PathText.isAbsolute(relative), !relative.contains("\0") else { return nil }
        let path = normalizedPath(relative)
        // Tidied, a path climbs out only through a leading `..`.
        guard !path.isEmpty, path.split(separator: "/").first != "..", path.first != "~" else { return nil }
        return path
    }

    // Path pieces are taken apart here rather than with NSString's path methods, which trap on
    // some short paths in Foundation on Linux (`"p"`'s `deletingLastPathComponent`).

    /// The last component: `a/b.png` → `b.png`, `a/b/` → `b`, `/` → empty.
    public static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    }

    /// The folder holding a path, as written: `a/b/c.yml` → `a/b`, `c.yml` → empty, `/c` → `/`.
    public static func parentFolder(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The extension of the last component, without its dot: `a/b.tar.gz` → `gz`, `.profile` → empty.
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// A path inside a folder: the path itself when it is absolute or the folder is empty.
    public static func joinPath(_ folder: String, _ path: String) -> String {
        if PathText.isAbsolute(path) || folder.isEmpty { return path }
        if path.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}

/// One pass over a parsed project file's object graph.
private struct ProjectReader {
    let bytes: [UInt8]
    let path: String
    var objects: [String: Any] = [:]
    var warnings: [String] = []
    /// Each group-tree object's folder or file, relative to the folder holding the `.xcodeproj`;
    /// nil for one in build products, an SDK or the developer folder.
    var locations: [String: String?] = [:]
    var projectDirectory = ""
    var configurationLists: [String: Configurations] = [:]
    /// Resource files, synchronized folders and exceptions listed over all targets: targets can
    /// share build phases, so this is bounded apart from the object count.
    var listedFiles = 0

    init(bytes: [UInt8], path: String) { self.bytes = bytes; self.path = path }

    mutating func read(_ value: Any, maximumObjects: Int) throws -> XcodeProjectFile {
        guard let root = value as? [String: Any] else { throw failure(nil, "the top level is not a dictionary") }
        guard let objectsValue = root["objects"] else { throw failure(nil, "has no objects dictionary") }
        guard let objects = objectsValue as? [String: Any] else { throw failure(nil, "objects is not a dictionary") }
        guard objects.count <= maximumObjects else {
            throw failure(nil, "holds \(objects.count) objects; more than \(maximumObjects) are refused")
        }
        self.objects = objects
        guard let rootID = root["rootObject"] else { throw failure(nil, "has no rootObject") }
        guard let rootID = rootID as? String else { throw failure(nil, "rootObject is not an object identifier") }
        let project = try object(rootID, isa: ["PBXProject"], "rootObject")

        if let directory = project["projectDirPath"] as? String { projectDirectory = XcodeProjectFile.normalizedPath(directory) }
        let projectName = XcodeProjectReader.projectName(path)
        if let mainGroup = project["mainGroup"] {
            guard let mainGroup = mainGroup as? String else { throw failure(rootID, "mainGroup is not an object identifier") }
            try resolveGroupTree(from: mainGroup)
        }
        let projectConfigurations = try configurations(of: project, id: rootID, what: "the project")

        var targets: [XcodeTarget] = []
        for targetID in try identifiers(project, "targets", of: rootID) {
            let target = try object(targetID, isa: nil, "the project's targets")
            let isa = target["isa"] as? String ?? ""
            // Aggregate and legacy (external build tool) targets build no bundle.
            guard isa == "PBXNativeTarget" else { continue }
            targets.append(try nativeTarget(target, id: targetID, projectConfigurations: projectConfigurations, projectName: projectName))
        }
        return XcodeProjectFile(targets: targets, warnings: warnings, projectDirectory: projectDirectory)
    }

    // MARK: Targets

    mutating func nativeTarget(_ target: [String: Any], id: String, projectConfigurations: Configurations,
                               projectName: String?) throws -> XcodeTarget {
        guard let name = target["name"] as? String else { throw failure(id, "a native target has no name") }
        let productType = target["productType"] as? String ?? ""
        let own = try configurations(of: target, id: id, what: "target \(abbreviatedForMessage(name))")
        let chosen = own.chosen
        var settings = BuildSettings(targetName: name, configurationName: chosen?.name ?? "Release")
        settings.projectName = projectName
        settings.sourceRoot = projectDirectory.isEmpty ? "." : projectDirectory
        // The project's configuration of the same name lies under the target's, as in Xcode.
        let projectConfiguration = projectConfigurations.named(chosen?.name) ?? projectConfigurations.chosen
        // Always two levels, the project's then the target's (empty when a list has no
        // configuration), so that base configuration files know where they go.
        for configuration in [projectConfiguration, chosen] {
            settings.insertLevel(configuration?.settings ?? BuildSettings.Level([:]), at: settings.levelCount)
        }
        let platform = XcodePlatform(settings: settings)
        settings.defaultSDK = platform.deviceSDK

        var resources: [String] = []
        for phaseID in try identifiers(target, "buildPhases", of: id) {
            let phase = try object(phaseID, isa: nil, "the build phases of target \(abbreviatedForMessage(name))")
            guard phase["isa"] as? String == "PBXResourcesBuildPhase" else { continue }
            for fileID in try identifiers(phase, "files", of: phaseID) {
                guard let buildFile = objects[fileID] as? [String: Any] else {
                    warn("target \(name)'s resources list \(fileID), which is not a build file in the project")
                    continue
                }
                // Swift packages' products (`productRef`) are not files of the project.
                guard let referenceID = buildFile["fileRef"] as? String else { continue }
                let found = files(of: referenceID, for: name)
                try countListed(found.count, in: id)
                resources.append(contentsOf: found)
            }
        }

        var folders: [String] = [], exceptions: [String] = []
        for folderID in try identifiers(target, "fileSystemSynchronizedGroups", of: id) {
            guard let folder = objects[folderID] as? [String: Any], let location = location(of: folderID) else {
                warn("target \(name)'s synchronized folder \(folderID) is not a folder in the project")
                continue
            }
            try countListed(1, in: id)
            folders.append(location)
            guard let exceptionIDs = folder["exceptions"] as? [Any] else { continue }
            for case let exceptionID as String in exceptionIDs {
                guard let set = objects[exceptionID] as? [String: Any],
                      set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      set["target"] as? String == id, let members = set["membershipExceptions"] as? [Any] else { continue }
                for case let member as String in members {
                    try countListed(1, in: id)
                    exceptions.append(XcodeProjectFile.normalizedPath(XcodeProjectFile.joinPath(location, member)))
                }
            }
        }
        return XcodeTarget(name: name, productType: productType, platform: platform, settings: settings,
                           configurationName: settings.configurationName, resourceFiles: resources, synchronizedFolders: folders,
                           synchronizedFolderExceptions: exceptions, projectBaseConfigurationFile: projectConfiguration?.baseFile,
                           targetBaseConfigurationFile: chosen?.baseFile)
    }

    /// The file or files a build file's reference stands for: a file or folder reference's path; a
    /// variant group's (`Base.lproj/LaunchScreen.storyboard`, `fr.lproj/...`) every child's.
    mutating func files(of referenceID: String, for targetName: String) -> [String] {
        guard let reference = objects[referenceID] as? [String: Any] else {
            warn("target \(targetName)'s resources name \(referenceID), which is not in the project")
            return []
        }
        switch reference["isa"] as? String {
        case "PBXVariantGroup":
            guard let children = reference["children"] as? [Any] else { return [] }
            return children.compactMap { ($0 as? String).flatMap { location(of: $0) } }
        case "PBXFileReference", "XCVersionGroup", "PBXGroup", "PBXFileSystemSynchronizedRootGroup":
            return location(of: referenceID).map { [$0] } ?? []
        default:
            // Products of other projects (`PBXReferenceProxy`) are built, not in the folder.
            return []
        }
    }

    // MARK: The group tree

    /// Resolves every object reachable from the main group, depth first without recursion, each
    /// object once. A group that lists itself or an ancestor is an error; a group listed by two
    /// parents keeps the first one's folder.
    mutating func resolveGroupTree(from mainGroup: String) throws {
        let main = try object(mainGroup, isa: nil, "the project's mainGroup")
        let rootFolder: String? = projectDirectory
        locations[mainGroup] = place(main, in: rootFolder)
        var mainChildren: [Any] = []
        if let children = main["children"] {
            guard let children = children as? [Any] else { throw failure(mainGroup, "a group's children must be a list") }
            mainChildren = children
        }
        // `onPath`: groups between the main group and the one being expanded, for the cycle check.
        var onPath: Set<String> = [mainGroup]
        var stack: [(id: String, children: [Any], next: Int)] = [(mainGroup, mainChildren, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].children.count else {
                onPath.remove(stack[top].id)
                stack.removeLast()
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            let parentID = stack[top].id
            guard let childID = child as? String else { throw failure(parentID, "a group's children must be object identifiers") }
            if onPath.contains(childID) {
                throw failure(parentID, "group \(abbreviatedForMessage(childID)) lists itself or a group that holds it among its children")
            }
            guard locations[childID] == nil else {
                warn("\(childID) is in two groups; its place in the first is used")
                continue
            }
            guard let object = objects[childID] as? [String: Any] else {
                warn("group \(parentID) lists \(childID), which is not in the project")
                continue
            }
            let folder = locations[parentID] ?? nil
            locations[childID] = place(object, in: folder)
            if let children = object["children"] {
                guard let children = children as? [Any] else { throw failure(childID, "a group's children must be a list") }
                guard stack.count < XcodeProjectFile.maximumGroupDepth else {
                    throw failure(childID, "groups nest deeper than \(XcodeProjectFile.maximumGroupDepth)")
                }
                onPath.insert(childID)
                stack.append((childID, children, 0))
            }
        }
    }

    /// Where one group-tree object lies, given its group's folder (nil when that is outside the
    /// project's folder).
    mutating func place(_ object: [String: Any], in folder: String?) -> String? {
        let isa = object["isa"] as? String ?? ""
        let own = object["path"] as? String
        // A file reference with no `path` is found by its `name`; a group without one is only a
        // heading in the navigator and lies in its parent's folder.
        let path = own ?? (isa == "PBXFileReference" ? object["name"] as? String : nil) ?? ""
        let place: String?
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<group>": place = folder.map { XcodeProjectFile.joinPath($0, path) }
        case "SOURCE_ROOT": place = XcodeProjectFile.joinPath(projectDirectory, path)
        case "<absolute>": place = path
        default: place = nil
        }
        guard let place else { return nil }
        guard place.utf8.count <= XcodeProjectFile.maximumPathLength else {
            warn("a path of \(place.utf8.count) bytes, over \(XcodeProjectFile.maximumPathLength), is left out: \(abbreviatedForMessage(place))")
            return nil
        }
        return XcodeProjectFile.normalizedPath(place)
    }

    /// An object's place: from the tree, or, for one no group holds, from its own source tree with
    /// `<group>` taken as the project root.
    mutating func location(of id: String) -> String? {
        if let known = locations[id] { return known }
        guard let object = objects[id] as? [String: Any] else { return nil }
        let place = place(object, in: projectDirectory)
        locations[id] = place
        return place
    }

    // MARK: Configurations

    struct Configuration {
        var name: String
        var settings: BuildSettings.Level
        var baseFile: String?
    }

    struct Configurations {
        var all: [Configuration]
        var defaultName: String?
        /// The list's default, else Release, else the first.
        var chosen: Configuration? {
            defaultName.flatMap(named) ?? named("Release") ?? all.first
        }
        func named(_ name: String?) -> Configuration? { name.flatMap { n in all.first { $0.name == n } } }
    }

    mutating func configurations(of owner: [String: Any], id: String, what: String) throws -> Configurations {
        guard let listID = owner["buildConfigurationList"] else { throw failure(id, "\(what) has no buildConfigurationList") }
        guard let listID = listID as? String else { throw failure(id, "\(what)'s buildConfigurationList is not an object identifier") }
        // Targets may share a list: each is read once.
        if let known = configurationLists[listID] { return known }
        let list = try object(listID, isa: ["XCConfigurationList"], "the configuration list of \(what)")
        var all: [Configuration] = []
        for configurationID in try identifiers(list, "buildConfigurations", of: listID) {
            let configuration = try object(configurationID, isa: ["XCBuildConfiguration"], "the configurations of \(what)")
            guard let name = configuration["name"] as? String else { throw failure(configurationID, "a build configuration has no name") }
            var settings: [String: BuildSettingValue] = [:]
            if let raw = configuration["buildSettings"] {
                guard let raw = raw as? [String: Any] else { throw failure(configurationID, "buildSettings is not a dictionary") }
                for (key, value) in raw {
                    if let value = BuildSettingValue(propertyListValue: value) { settings[key] = value }
                }
            }
            var baseFile: String?
            if let reference = configuration["baseConfigurationReference"] as? String {
                baseFile = location(of: reference)
            } else if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
                      let relative = configuration["baseConfigurationReferenceRelativePath"] as? String,
                      let folder = location(of: anchor) {
                // Xcode 16: an .xcconfig inside a synchronized folder, named by the folder and a path in it.
                baseFile = XcodeProjectFile.normalizedPath(XcodeProjectFile.joinPath(folder, relative))
            }
            all.append(Configuration(name: name, settings: BuildSettings.Level(settings), baseFile: baseFile))
        }
        let configurations = Configurations(all: all, defaultName: list["defaultConfigurationName"] as? String)
        configurationLists[listID] = configurations
        return configurations
    }

    // MARK: Objects

    /// An object that must exist, as a dictionary, with one of the `isa`s given.
    func object(_ id: String, isa allowed: Set<String>?, _ role: String) throws -> [String: Any] {
        guard let value = objects[id] else { throw failure(nil, "\(role) names \(abbreviatedForMessage(id)), which is not in objects") }
        guard let object = value as? [String: Any] else { throw failure(id, "object \(abbreviatedForMessage(id)) is not a dictionary") }
        if let allowed {
            let isa = object["isa"] as? String ?? "nothing"
            guard allowed.contains(isa) else {
                throw failure(id, "\(role) names \(abbreviatedForMessage(id)), which is \(abbreviatedForMessage(isa)), not \(allowed.sorted().joined(separator: " or "))")
            }
        }
        return object
    }

    /// A list of object identifiers; absent is empty.
    func identifiers(_ owner: [String: Any], _ key: String, of id: String) throws -> [String] {
        guard let value = owner[key] else { return [] }
        guard let items = value as? [Any] else { throw failure(id, "\(key) is not a list") }
        return try items.map {
            guard let item = $0 as? String else { throw failure(id, "\(key) holds something that is not an object identifier") }
            return item
        }
    }

    mutating func countListed(_ count: Int, in targetID: String) throws {
        listedFiles += count
        guard listedFiles <= XcodeProjectFile.maximumObjects else {
            throw failure(targetID, "the targets list more than \(XcodeProjectFile.maximumObjects) resource files and folders between them")
        }
    }

    mutating func warn(_ message: String) {
        // A broken project could produce one per object; the first hundred say enough.
        if warnings.count < 100 { warnings.append("\(path): \(message)") }
    }

    /// An error at the line where the object is defined, when it can be found.
    func failure(_ id: String?, _ message: String) -> LaunchSourceError {
        LaunchSourceError(path: path, line: id.flatMap { XcodeProjectReader.line(ofObject: $0, in: bytes) }, message)
    }
}

/// Helpers that need no reader state.
enum XcodeProjectReader {
    /// `.../Name.xcodeproj/project.pbxproj` → `Name`.
    static func projectName(_ path: String) -> String? {
        let folder = XcodeProjectFile.lastComponent(XcodeProjectFile.parentFolder(path))
        guard folder.hasSuffix(".xcodeproj"), folder.count > ".xcodeproj".count else { return nil }
        return String(folder.dropLast(".xcodeproj".count))
    }

    /// The line on which an object's definition starts: the identifier first on its line (after
    /// tabs or spaces, maybe quoted), followed by a space, a comment or `=`. Only looked up for
    /// an error message, so one pass over the bytes is fine.
    static func line(ofObject id: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(id.utf8)
        guard !needle.isEmpty, needle.count < 1024 else { return nil }
        var line = 1, i = 0
        let n = bytes.count
        while i < n {
            var j = i
            while j < n && (bytes[j] == 0x20 || bytes[j] == 0x09) { j += 1 }
            if j < n && bytes[j] == UInt8(ascii: "\"") { j += 1 }
            if j + needle.count <= n && bytes[j..<(j + needle.count)].elementsEqual(needle) {
                var k = j + needle.count
                if k < n && bytes[k] == UInt8(ascii: "\"") { k += 1 }
                if k == n || [0x20, 0x09, UInt8(ascii: "="), UInt8(ascii: "/")].contains(bytes[k]) { return line }
            }
            guard let newline = bytes[i...].firstIndex(of: 0x0A) else { break }
            i = newline + 1
            line += 1
        }
        return nil
    }
}
