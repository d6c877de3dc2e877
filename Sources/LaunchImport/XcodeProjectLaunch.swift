import Formats
import Scenes
import Motion
import Foundation

/// How wide and tall a label's text is, in points, for a font size and weight: the app measures
/// with the font it draws with; the pure module only asks.
public typealias LaunchTextMeasure = @Sendable (_ text: String, _ pointSize: Double, _ weight: LaunchFontWeight) -> (width: Double, height: Double)

/// What a user asks of a project: which target, which logo view, how text is measured.
public struct LaunchImportOptions: Sendable {
    public var target: String?
    public var measure: LaunchTextMeasure
    /// The appearance laid out: an image view sized by its image takes the size of that
    /// appearance's file (focus-ios's dark wordmark is taller than its light one).
    public var appearance: Appearance
    public init(target: String? = nil, appearance: Appearance = .light, measure: LaunchTextMeasure? = nil) {
        self.target = target
        self.appearance = appearance
        self.measure = measure ?? LaunchImportOptions.estimatedMeasure
    }

    /// Without a font: SF Pro's line height (1.193 of the point size) and an average advance of
    /// 0.55 em a character.
    public static let estimatedMeasure: LaunchTextMeasure = { text, size, _ in
        (Double(text.count) * size * 0.55, (size * SystemFontFace.lineHeight).rounded(.up))
    }
}

/// The launch screen of an Xcode project, read as iOS reads it: the project file (`--project`
/// takes the repository's root, any folder in it, an `.xcodeproj` or an `.xcworkspace`), the
/// target's Info.plist (its file, preprocessed where the target says so, plus the keys its build
/// settings generate), then the storyboard or xib it names, its `UILaunchScreen` dictionary or its
/// launch images, with the target's asset catalogs. A source that cannot be read gives a warning
/// naming the file and why, and the next one is tried; within a source, what cannot be drawn is
/// skipped with a warning and the rest is drawn.
public struct XcodeProjectLaunch {
    public let given: String
    public let device: Device
    public let options: LaunchImportOptions
    public private(set) var warnings: [String] = []
    var folder: ProjectFolder!
    var targetName: String?
    /// The project file read (an `.xcodeproj` or an XcodeGen manifest) and the Info.plist, for `--explain`.
    var projectFile: String?
    var infoPlistPath: String?
    /// The target's resource files (storyboards, catalogs, loose images), absolute; nil: search the folder.
    var resources: [String]? { didSet { resourceIndex = resources.map { ResourceIndex($0, folder: folder) } } }
    /// The resources by file name, and those that are folders: looked up for every launch file and
    /// loose image, built once (a large target lists thousands).
    var resourceIndex: ResourceIndex?

    public static let plistLimit = FileSizeLimit(bytes: 4 << 20, kind: "an Info.plist")
    public static let projectLimit = FileSizeLimit(bytes: 32 << 20, kind: "a project.pbxproj")

    /// Reads the project's launch screen for a device. Never throws: whatever fails is a warning,
    /// and white is what is left.
    public static func load(directory: String, device: Device, intro: LaunchDescription, options: LaunchImportOptions = LaunchImportOptions()) -> (LaunchScreen, [String]) {
        var reader = XcodeProjectLaunch(given: directory, device: device, options: options)
        var screen = reader.read()
        screen.introDescription = intro
        screen.target = reader.targetName
        screen.projectFile = reader.projectFile
        screen.infoPlist = reader.infoPlistPath
        return (screen, reader.warnings)
    }

    init(given: String, device: Device, options: LaunchImportOptions) { self.given = given; self.device = device; self.options = options }

    mutating func warn(_ message: String) { warnings.append("warning: " + message) }

    /// The folder holding a path; `.` for a bare name. (NSString's path methods trap on some short
    /// paths in Foundation on Linux.)
    static func parent(of path: String) -> String {
        let folder = XcodeProjectFile.parentFolder(path)
        return folder.isEmpty ? "." : folder
    }

    mutating func read() -> LaunchScreen {
        let info: [String: Any]
        let plistPath: String
        do {
            guard let found = try locate() else { return .white }
            (info, plistPath) = found
            infoPlistPath = plistPath
        } catch {
            warn("\(error); the launch screen is white")
            return .white
        }
        var screen = sources(info, plistPath: plistPath)
        switch info["UIUserInterfaceStyle"] as? String {
        case "Dark": screen.forcedAppearance = .dark
        case "Light": screen.forcedAppearance = .light
        default: break
        }
        return screen
    }

    // MARK: Finding the project, the target and its Info.plist

    /// The Info.plist's entries (its file's and its build settings'), or nil with a warning.
    mutating func locate() throws -> (info: [String: Any], path: String)? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory) else {
            warn("\(given): not found; the launch screen is white")
            return nil
        }
        var start = given
        if given.hasSuffix("/project.pbxproj") { start = XcodeProjectLaunch.parent(of: given) }
        if !isDirectory.boolValue && !given.hasSuffix("/project.pbxproj") {
            warn("\(given): not a folder, an .xcodeproj or an .xcworkspace; the launch screen is white")
            return nil
        }
        let projectFile = try findProjectFile(start)
        if let projectFile { return try fromProjectFile(projectFile) }
        folder = try ProjectFolder(root: start)
        if let manifest = folder.find(under: folder.root, depth: 2, limit: 1, { $0 == "project.yml" || $0 == "project.yaml" }).first {
            if let found = try fromXcodeGen(manifest) { return found }
        }
        if !folder.find(under: folder.root, depth: 2, limit: 1, { $0 == "Project.swift" }).isEmpty {
            warn("\(folder.root)/Project.swift: a Tuist manifest is Swift code and is not run here; the launch files are guessed")
        }
        return try guessedInfoPlist()
    }

    /// The `.xcodeproj` the user means: the one given, the one a workspace names, the one in the
    /// folder (an app's, not a dependency's), or one in a folder above it.
    mutating func findProjectFile(_ start: String) throws -> String? {
        if start.hasSuffix(".xcodeproj") { return start }
        if start.hasSuffix(".xcworkspace") {
            let data = try ProjectFolder(root: XcodeProjectLaunch.parent(of: start)).read(start + "/contents.xcworkspacedata", limit: XcodeProjectLaunch.plistLimit)
            let text = String(decoding: data, as: UTF8.self)
            let projects = text.components(separatedBy: "location = \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
                + text.components(separatedBy: "location=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            let base = XcodeProjectLaunch.parent(of: start)
            let candidates = projects.compactMap { location -> String? in
                guard let colon = location.firstIndex(of: ":") else { return nil }
                let path = String(location[location.index(after: colon)...])
                return path.hasSuffix(".xcodeproj") && !path.hasSuffix("Pods.xcodeproj") ? base + "/" + path : nil
            }
            guard let first = candidates.first else { throw LaunchSourceError(path: start, "the workspace names no project of its own (only Pods)") }
            return first
        }
        let here = try ProjectFolder(root: start)
        let inside = here.find(under: here.root, depth: 3, limit: 50, descendInto: ProjectFolder.isPlainFolder, { $0.hasSuffix(".xcodeproj") })
            .filter { !$0.hasSuffix("/Pods.xcodeproj") }
        if inside.count == 1 { return inside[0] }
        if inside.count > 1 { return chooseProject(inside, in: here) }
        // A folder inside the project: look above it, up to the repository's root.
        var folder = here.root
        for _ in 0..<6 {
            let parent = XcodeProjectLaunch.parent(of: folder)
            guard parent != folder, !parent.isEmpty else { break }
            folder = parent
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if let project = names.sorted().first(where: { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }) { return folder + "/" + project }
            if names.contains(".git") { break }
        }
        return nil
    }

    /// Of several projects under a folder, the one Xcode users mean: one with an iOS application
    /// target, then any application target, then none (a library's or a sample's); nearest the
    /// top, then first by name, among equals. The choice is said, with the others.
    mutating func chooseProject(_ candidates: [String], in folder: ProjectFolder) -> String {
        var unreadable: [String] = []
        func rank(_ path: String) -> Int {
            let pbxproj = path + "/project.pbxproj"
            let project: XcodeProjectFile
            do { project = try XcodeProjectFile.parse(bytes: try folder.read(pbxproj, limit: XcodeProjectLaunch.projectLimit), path: pbxproj) } catch {
                unreadable.append("\(error)")
                return 4
            }
            let applications = project.applicationTargets
            if applications.contains(where: { $0.platform == .iOS }) { return 0 }
            if applications.contains(where: { $0.platform == .unknown }) { return 1 }
            return applications.isEmpty ? 3 : 2
        }
        // `find` lists nearest first, then by name: the order breaks ties.
        let ranked = candidates.enumerated().map { (rank: rank($0.element), order: $0.offset, path: $0.element) }
        let chosen = ranked.min { ($0.rank, $0.order) < ($1.rank, $1.order) }!
        for message in unreadable { warn("\(message); that project is passed over") }
        let why = ["it has an iOS application target", "it has an application target", "it has an application target, for another platform",
                   "none has an application target", "none could be read"][chosen.rank]
        warn("\(folder.root): \(candidates.count) projects (\(candidates.map { XcodeProjectFile.lastComponent($0) }.joined(separator: ", "))); "
             + "reading \(chosen.path): \(why) (--project PATH for another)")
        return chosen.path
    }

    /// The target's Info.plist through the project file.
    mutating func fromProjectFile(_ projectPath: String) throws -> (info: [String: Any], path: String)? {
        let sourceRoot = XcodeProjectLaunch.parent(of: projectPath)
        // The project folder is the one given when the project sits inside it, else the project's own.
        let givenRoot = ProjectFolder.realPath(given.hasSuffix(".xcodeproj") || given.hasSuffix(".pbxproj") || given.hasSuffix(".xcworkspace") ? sourceRoot : given) ?? sourceRoot
        let realSource = ProjectFolder.realPath(sourceRoot) ?? sourceRoot
        folder = try ProjectFolder(root: realSource.hasPrefix(givenRoot + "/") || realSource == givenRoot ? givenRoot : realSource)
        let pbxproj = projectPath + "/project.pbxproj"
        projectFile = projectPath
        var project = try XcodeProjectFile.parse(bytes: try folder.read(pbxproj, limit: XcodeProjectLaunch.projectLimit), path: pbxproj)
        // Settings an .xcconfig file holds (SDKROOT, INFOPLIST_FILE) go in where Xcode puts them; a
        // file that is missing or unreadable is named and passed over, but for CocoaPods' own,
        // which `pod install` writes and repositories leave out.
        for i in project.targets.indices where project.targets[i].isApplication {
            for file in project.targets[i].baseConfigurationFiles where !file.hasPrefix("Pods/") && !file.contains("/Pods/") {
                let path = sourceRoot + "/" + file
                do {
                    let level = try XCConfigFile.settings(of: path) { [folder] in
                        folder!.kind($0) == .file ? try folder!.read($0, limit: XCConfigFile.sizeLimit) : nil
                    }
                    project.targets[i].addBaseConfiguration(level, file: file)
                } catch { warn("\(error); its settings are left out") }
            }
        }
        let applications = project.applicationTargets
        guard !applications.isEmpty else {
            warn("\(pbxproj): no application target; the launch files are guessed")
            return try guessedInfoPlist()
        }
        let target: XcodeTarget
        if let wanted = options.target {
            guard let named = project.targets.first(where: { $0.name == wanted }) else {
                throw LaunchSourceError(path: pbxproj, "no target named \(abbreviatedForMessage(wanted)); its application targets: \(applications.map(\.name).joined(separator: ", "))")
            }
            target = named
        } else {
            // The iOS app first: the preview is of an iPhone or iPad. A target whose platform its
            // settings leave to an .xcconfig file counts as iOS when its name says so.
            func rank(_ t: XcodeTarget) -> Int {
                switch t.platform {
                case .iOS: return 0
                case .unknown: return t.name.range(of: "ios", options: .caseInsensitive) != nil || t.name.contains("iPhone") ? 1 : 2
                default: return 3
                }
            }
            target = applications.enumerated().min { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }!.element
            if applications.count > 1 {
                warn("\(pbxproj): \(applications.count) application targets (\(applications.map(\.name).joined(separator: ", "))); showing \(target.name) (--target NAME for another)")
            }
        }
        targetName = target.name
        var files = target.resourceFiles.map { sourceRoot + "/" + $0 }
        for synchronized in target.synchronizedFolders {
            files += folder.find(under: sourceRoot + "/" + synchronized, depth: 6, limit: 2_000, descendInto: { !$0.hasSuffix(".xcassets") }, { _ in true })
        }
        resources = files
        let settings = target.settings
        var info: [String: Any] = [:]
        var plistPath = pbxproj + " (\(target.name)'s build settings)"
        if let file = settings.infoPlistFile, !file.isEmpty {
            let path = sourceRoot + "/" + file
            _ = try folder.contained(path)
            var prefixHeader: String?
            if settings.preprocessesInfoPlist, let header = settings.infoPlistPrefixHeader {
                // A prefix header under the build folder (`${BUILD_DIR}/…`, `$(DERIVED_FILE_DIR)/…`)
                // exists only after a build: the Info.plist is preprocessed without it, as far as
                // its own definitions go, rather than dropped.
                let headerPath = sourceRoot + "/" + header
                if (try? folder.contained(headerPath)) != nil, folder.kind(headerPath) == .file {
                    prefixHeader = headerPath
                } else {
                    warn("\(pbxproj): target \(target.name)'s INFOPLIST_PREFIX_HEADER names \(header), which is not in the project (a build generates it); "
                         + "\(file) is preprocessed without it")
                }
            }
            let bytes = settings.preprocessesInfoPlist
                ? try folder.preprocess(path, definitions: settings.infoPlistPreprocessorDefinitions, prefixHeader: prefixHeader, limit: XcodeProjectLaunch.plistLimit)
                : try folder.read(path, limit: XcodeProjectLaunch.plistLimit)
            info = try XcodeProjectLaunch.readPlist(bytes: bytes, path: path)
            plistPath = path
        } else if !settings.generatesInfoPlist {
            warn("\(pbxproj): target \(target.name) names no INFOPLIST_FILE and does not generate one; the Info.plist is guessed")
            return try guessedInfoPlist()
        }
        if settings.generatesInfoPlist {
            // Xcode merges the generated keys into the file's; the file's own entries win.
            for (key, value) in settings.generatedInfoPlistKeys() where info[key] == nil { info[key] = value }
        }
        return (info, plistPath)
    }

    /// An XcodeGen manifest's application target: its Info.plist and the keys its settings generate.
    mutating func fromXcodeGen(_ manifestPath: String) throws -> (info: [String: Any], path: String)? {
        let manifest = try XcodeGenManifest.parse(bytes: try folder.read(manifestPath, limit: XcodeProjectLaunch.plistLimit), path: manifestPath)
        projectFile = manifestPath
        let base = XcodeProjectLaunch.parent(of: manifestPath)
        let applications = manifest.applicationTargets
        let chosen = options.target.flatMap { name in manifest.targets.first { $0.name == name } }
            ?? applications.first { $0.platform == .iOS } ?? applications.first
        guard let target = chosen else { return nil }
        targetName = target.name
        var info: [String: Any] = target.infoProperties
        var path = manifestPath + " (\(target.name))"
        if let infoPath = target.infoPath ?? target.settings.infoPlistFile {
            let full = base + "/" + infoPath
            if folder.kind(full) == .file {
                for (k, v) in try XcodeProjectLaunch.readPlist(bytes: try folder.read(full, limit: XcodeProjectLaunch.plistLimit), path: full) where info[k] == nil { info[k] = v }
                path = full
            }
        }
        for (key, value) in target.settings.generatedInfoPlistKeys() where info[key] == nil { info[key] = value }
        warn("\(manifestPath): an XcodeGen manifest (no project file committed); read for target \(target.name)")
        return (info, path)
    }

    /// No project file to say which: the Info.plist nearest the top that declares a launch screen.
    /// One that cannot be read is named in a warning and passed over.
    mutating func guessedInfoPlist() throws -> (info: [String: Any], path: String)? {
        let plists = folder.find(under: folder.root, depth: 6, limit: 50, { $0 == "Info.plist" || $0.hasSuffix("-Info.plist") })
        var fallback: (info: [String: Any], path: String)?
        for path in plists {
            let info: [String: Any]
            do { info = try XcodeProjectLaunch.readPlist(bytes: try folder.read(path, limit: XcodeProjectLaunch.plistLimit), path: path) } catch {
                warn("\(error); trying the next source")
                continue
            }
            if info["UILaunchStoryboardName"] != nil || info["UILaunchScreen"] != nil || info["UILaunchImages"] != nil {
                warn("\(path): guessed as the app's Info.plist (the first that declares a launch screen)")
                return (info, path)
            }
            if fallback == nil { fallback = (info, path) }
        }
        if let fallback { warn("\(fallback.path): guessed as the app's Info.plist"); return fallback }
        // Last, a storyboard marked as a launch screen.
        if let storyboard = folder.find(under: folder.root, depth: 6, limit: 20, { $0.hasSuffix(".storyboard") }).first(where: { path in
            (try? folder.read(path, limit: InterfaceBuilderDocument.sizeLimit)).map { String(decoding: $0, as: UTF8.self).contains("launchScreen=\"YES\"") } ?? false
        }) {
            warn("\(storyboard): no Info.plist found; guessed as the launch screen (the storyboard marked launchScreen)")
            let file = XcodeProjectFile.lastComponent(storyboard)
            let name = String(file.dropLast(XcodeProjectFile.pathExtension(file).count + 1))
            return (["UILaunchStoryboardName": name], storyboard)
        }
        warn("\(folder.root): no Info.plist found; the launch screen is white")
        return nil
    }

    // MARK: The sources, in iOS's order

    mutating func sources(_ plist: [String: Any], plistPath: String) -> LaunchScreen {
        let catalog = AssetCatalogIndex(folder: folder, catalogs: catalogs())
        var declared = false
        let idiomKey = device.name.hasPrefix("ipad") ? "~ipad" : "~iphone"
        // A launch storyboard wins over UILaunchScreen where both are given (kiwix's project sets
        // both): iOS uses the storyboard.
        if let name = plist["UILaunchStoryboardName" + idiomKey] ?? plist["UILaunchStoryboardName"] {
            declared = true
            if let name = name as? String, !name.isEmpty, !name.contains("/") {
                let bare = name.hasSuffix(".storyboard") ? String(name.dropLast(".storyboard".count)) : name.hasSuffix(".xib") ? String(name.dropLast(4)) : name
                // As Xcode resolves it: the target's own files first (a storyboard or a xib of
                // that name among its resources), and only then a search of the folder, said aloud.
                var found = ["storyboard", "xib"].compactMap { ownResource(named: "\(bare).\($0)") }
                if found.isEmpty {
                    found = searchedResources(named: ["\(bare).storyboard", "\(bare).xib"], near: plistPath)
                    // Said where the target's resources are known (a project file lists them); an
                    // XcodeGen spec's sources are globs this does not expand, so there it is a search.
                    if resources != nil, let targetName, let guess = found.first {
                        warn("\(plistPath): UILaunchStoryboardName names \(name), which is not among target \(targetName)'s resources; guessed \(guess), found by searching \(folder.root)")
                    }
                }
                var tried = false
                for path in found {
                    tried = true
                    do {
                        let document = try InterfaceBuilderDocument.parse(bytes: try folder.read(path, limit: InterfaceBuilderDocument.sizeLimit), path: path)
                        var builder = StoryboardLaunchScreen(document: document, device: device, catalog: catalog, measure: options.measure,
                                                             appearance: options.appearance, looseImage: { [self] in resource(named: $0) })
                        let screen = try builder.build()
                        for skip in screen.skipped { warnings.append(skip.warning) }
                        if !screen.designDisagreements.isEmpty, let design = screen.designDevice {
                            let count = screen.designDisagreements.count
                            warn("\(path): \(count) view\(count == 1 ? "" : "s") laid out more than 2 pt from the frame\(count == 1 ? "" : "s") Interface Builder saved on \(design) (--explain names them)")
                        }
                        return screen
                    } catch { warn("\(error); trying the next source") }
                }
                if !tried { warn("\(plistPath): UILaunchStoryboardName names \(name), but no \(bare).storyboard or \(bare).xib is among the target's files") }
            } else {
                warn("\(plistPath): UILaunchStoryboardName must be a file name without a folder")
            }
        }
        if let dictionary = plist["UILaunchScreen" + idiomKey] ?? plist["UILaunchScreen"] {
            declared = true
            do { return try launchScreenDictionary(dictionary, plistPath: plistPath, catalog: catalog) } catch { warn("\(error); trying the next source") }
        }
        if let images = plist["UILaunchImages"] {
            declared = true
            do {
                if let path = try launchImage(images, plistPath: plistPath) { return LaunchScreen(background: .image(path: path), elements: [], source: path, introDescription: .fallback) }
                warn("\(plistPath): no UILaunchImages entry is \(Int(device.width))x\(Int(device.height)) pt \(device.orientation.rawValue); trying the next source")
            } catch { warn("\(error); trying the next source") }
        }
        if let set = catalog.launchImageSet() {
            declared = true
            if let path = set.file(for: device) { return LaunchScreen(background: .image(path: path), elements: [], source: path, introDescription: .fallback) }
        }
        warn(declared ? "\(folder.root): no launch screen source could be used; the launch screen is white"
                      : "\(plistPath): declares no UILaunchScreen, UILaunchStoryboardName or UILaunchImages; the launch screen is white")
        return .white
    }

    /// The target's asset catalogs, or every catalog in the folder without a project file.
    func catalogs() -> [String] {
        if let resources { return resources.filter { $0.hasSuffix(".xcassets") } }
        return folder.find(under: folder.root, depth: 6, limit: 100, descendInto: ProjectFolder.isPlainFolder, { $0.hasSuffix(".xcassets") })
    }

    /// A resource of the target by file name (in a `.lproj` folder too), else from the folder.
    func resource(named name: String) -> String? {
        ownResource(named: name) ?? searchedResource(named: name, near: nil)
    }

    /// A file the target lists among its resources (Copy Bundle Resources, a synchronised folder,
    /// a variant group's `.lproj` files), or nil; nil too when no project file lists resources.
    func ownResource(named name: String) -> String? {
        guard let index = resourceIndex else { return nil }
        let hits = index.byName[name] ?? []
        // Base.lproj, then English, then any.
        if let best = hits.first(where: { $0.contains("/Base.lproj/") }) ?? hits.first(where: { $0.contains("/en.lproj/") }) ?? hits.first { return best }
        // A variant group names its folder; the files are inside it.
        for folderPath in index.folders {
            if let hit = folder.find(under: folderPath, depth: 3, limit: 1, descendInto: { !$0.hasSuffix(".xcassets") }, { $0 == name }).first { return hit }
        }
        return nil
    }

    /// A target's resource files by name, in the order listed, and its folders (variant groups'
    /// and synchronised folders', not asset catalogs, whose insides their reader reads). Which
    /// resources are folders is asked of the disk once, and only when a name is not found by
    /// itself: a large target lists thousands of files.
    final class ResourceIndex {
        let byName: [String: [String]]
        private let resources: [String]
        private let folder: ProjectFolder?
        private(set) lazy var folders: [String] = resources.filter { !$0.hasSuffix(".xcassets") && folder?.kind($0) == .folder }
        init(_ resources: [String], folder: ProjectFolder?) {
            self.resources = resources
            self.folder = folder
            var byName: [String: [String]] = [:]
            for path in resources { byName[XcodeProjectFile.lastComponent(path), default: []].append(path) }
            self.byName = byName
        }
    }

    /// A file of that name found by searching the folder, nearest the top first.
    func searchedResource(named name: String, near: String?) -> String? { searchedResources(named: [name], near: near).first }

    /// Files of these names found by searching the folder, best first: those sharing the longest
    /// folder path with `near` (the target's Info.plist, so a sample app's copy elsewhere in the
    /// repository loses to the target's own, whichever its extension), then the shallowest, then
    /// in the order the names are given.
    func searchedResources(named names: [String], near: String?) -> [String] {
        let hits = folder.find(under: folder.root, depth: 7, limit: near == nil && names.count == 1 ? 1 : 50, descendInto: ProjectFolder.isPlainFolder, { names.contains($0) })
        let anchor = near.map { $0.split(separator: "/").dropLast() } ?? []
        func shared(_ path: String) -> Int {
            zip(anchor, path.split(separator: "/").dropLast()).prefix { $0 == $1 }.count
        }
        func nameRank(_ path: String) -> Int { names.firstIndex(of: XcodeProjectFile.lastComponent(path)) ?? names.count }
        // `find` lists nearest the top first: its order breaks the remaining ties.
        return hits.enumerated().sorted { a, b in
            (-shared(a.element), nameRank(a.element), a.offset) < (-shared(b.element), nameRank(b.element), b.offset)
        }.map(\.element)
    }

    // MARK: Info.plist

    /// The plist's top-level dictionary, XML or binary.
    public static func readPlist(bytes: [UInt8], path: String) throws -> [String: Any] {
        let value: Any
        do { value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String).map { " (\($0))" } ?? ""
            throw LaunchSourceError(path: path, "not a property list\(detail)")
        }
        guard let dictionary = value as? [String: Any] else { throw LaunchSourceError(path: path, "the property list is not a dictionary") }
        return dictionary
    }

    /// `UILaunchScreen`: a colour set's colour behind an image set's image, centred at its own
    /// size in the screen or, with `UIImageRespectsSafeAreaInsets`, in the safe area. A name that
    /// is in no catalog is a warning, and iOS's default stands in (the system background; no image).
    mutating func launchScreenDictionary(_ value: Any, plistPath: String, catalog: AssetCatalogIndex) throws -> LaunchScreen {
        guard let d = value as? [String: Any] else { throw LaunchSourceError(path: plistPath, "UILaunchScreen must be a dictionary") }
        var color = SystemColors.named("systemBackgroundColor")!.from("the system background (UILaunchScreen has no UIColorName)")
        var explained: [LaunchExplainEntry] = []
        if let name = d["UIColorName"] {
            guard let name = name as? String else { throw LaunchSourceError(path: plistPath, "UILaunchScreen.UIColorName must be a string") }
            do { color = try catalog.color(name, idiom: AssetIdiom(device)).from("colour set \(name)") } catch {
                warn("\(plistPath): UILaunchScreen.UIColorName names \(name): \(error); the system background is shown, as iOS shows it")
                color = color.from("the system background (colour set \(name) not found)")
            }
        }
        var elements: [LaunchElement] = []
        if let name = d["UIImageName"] {
            guard let name = name as? String else { throw LaunchSourceError(path: plistPath, "UILaunchScreen.UIImageName must be a string") }
            let origin = LaunchElementOrigin(element: "UILaunchScreen.UIImageName", id: name, file: plistPath)
            do {
                let asset = try catalog.image(name)
                if let file = asset.file(appearance: options.appearance, scale: device.scale) {
                    let respects = (d["UIImageRespectsSafeAreaInsets"] as? Bool) ?? false
                    let area = respects ? device.safeArea : Rect(x: 0, y: 0, width: device.width, height: device.height)
                    let size = file.pointSize
                    let frame = Rect(x: area.midX - size.width / 2, y: area.midY - size.height / 2, width: size.width, height: size.height)
                    explained.append(LaunchExplainEntry(origin: origin, frame: frame, drawn: "image", element: elements.count))
                    elements.append(.image(LaunchImageElement(asset: asset, frame: frame, contentMode: .scaleToFill,
                                                              tint: asset.isTemplate ? SystemColors.named("tintColor") : nil, origin: origin)))
                }
            } catch {
                warn("\(plistPath): UILaunchScreen.UIImageName: \(error); no image is drawn")
                explained.append(LaunchExplainEntry(origin: origin, frame: nil, drawn: "nothing", why: "\(error)"))
            }
        }
        for bar in ["UINavigationBar", "UITabBar", "UIToolbar"] where d[bar] != nil {
            explained.append(LaunchExplainEntry(origin: LaunchElementOrigin(element: "UILaunchScreen.\(bar)", file: plistPath), frame: nil, drawn: "nothing",
                                                why: "launch-screen bars are not drawn here"))
        }
        var screen = LaunchScreen(background: .color(color), elements: elements, source: plistPath, introDescription: .fallback)
        screen.backgroundOrigin = color.origin + " (UILaunchScreen)"
        screen.explained = explained
        return screen
    }

    /// `UILaunchImages`: the entry whose size is the device's in points and whose orientation is
    /// its own, as seed 004's `launchImageName` picks it; its file at the device's scale.
    func launchImage(_ value: Any, plistPath: String) throws -> String? {
        guard let entries = value as? [Any] else { throw LaunchSourceError(path: plistPath, "UILaunchImages must be an array") }
        let wanted = device.orientation == .portrait ? "Portrait" : "Landscape"
        for (i, item) in entries.enumerated() {
            guard let entry = item as? [String: Any], let name = entry["UILaunchImageName"] as? String, let sizeText = entry["UILaunchImageSize"] as? String else {
                throw LaunchSourceError(path: plistPath, "UILaunchImages[\(i)] needs UILaunchImageName and UILaunchImageSize strings")
            }
            let numbers = sizeText.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
            guard numbers.count == 2 else { throw LaunchSourceError(path: plistPath, "UILaunchImages[\(i)].UILaunchImageSize must be like {375, 667}") }
            let (w, h) = (min(numbers[0], numbers[1]), max(numbers[0], numbers[1]))
            let orientation = entry["UILaunchImageOrientation"] as? String ?? "Portrait"
            guard w == min(device.width, device.height), h == max(device.width, device.height), orientation == wanted, !name.contains("/") else { continue }
            let scaleSuffix = device.scale == 1 ? "" : "@\(Int(device.scale))x"
            for candidate in ["\(name)\(scaleSuffix).png", "\(name).png"] {
                if let path = resource(named: candidate) { return path }
            }
            throw LaunchSourceError(path: plistPath, "UILaunchImages[\(i)] names \(name), but no \(name)\(scaleSuffix).png is in \(folder.root)")
        }
        return nil
    }
}
