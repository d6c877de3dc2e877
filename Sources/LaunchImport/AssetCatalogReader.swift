import Formats
import Scenes
import Motion
import Foundation

/// A failure reading one of a launch screen's sources: the file, the line (and column) where there
/// is one, and why.
public struct LaunchSourceError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public init(path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.path = path; self.line = line; self.column = column; self.message = message
    }
    public var description: String {
        guard let line else { return "\(path): \(message)" }
        return column.map { "\(path):\(line):\($0): \(message)" } ?? "\(path):\(line): \(message)"
    }
    /// An image file's problem (Formats' `ImageFileError`), with the same file, line and words.
    public init(_ error: ImageFileError) { self.init(path: error.path, line: error.line, error.message) }
}

/// The `Contents.json` of an asset catalog's colour and image sets (Xcode's asset catalog format),
/// read from bytes so it is testable and fuzzable without files.
public enum AssetCatalogContents {
    /// The largest `Contents.json` read: Xcode writes a few kilobytes.
    public static let sizeLimit = FileSizeLimit(bytes: 1 << 20, kind: "an asset catalog's Contents.json")

    /// One entry of an image set: a file (nil: that scale is empty), its scale and appearance.
    public struct ImageEntry: Equatable, Sendable {
        public var filename: String?
        public var scale: Double
        public var appearance: Appearance?
    }

    /// An image set's `properties`: whether it is a template (`template-rendering-intent`), and
    /// whether a PDF keeps its vector data (`preserves-vector-representation`).
    public static func imageProperties(bytes: [UInt8], path: String) throws -> (template: Bool, preservesVector: Bool) {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        guard let properties = try root.object("properties") else { return (false, false) }
        return (try properties.string("template-rendering-intent") == "template", try properties.bool("preserves-vector-representation") ?? false)
    }

    /// A colour set's colour, light and dark, chosen among its entries as UIKit's asset lookup
    /// chooses for a device of `idiom` at normal contrast (`ColorSetEntry.rank`): an entry for the
    /// device's idiom before a universal one, then in light mode a Light entry before Any and in
    /// dark mode a Dark entry before Any, then Display P3 before an unmarked gamut before sRGB
    /// (every iPhone since the 7 has a P3 screen). High-contrast entries, other idioms' and other
    /// platforms' are not used. A `reference` to a system colour adapts as that colour does.
    public static func color(bytes: [UInt8], path: String, idiom: AssetIdiom = .iphone) throws -> AppearanceColor {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        guard let items = try root.array("colors"), !items.isEmpty else {
            throw root.failure(root.node, "a colour set needs a non-empty \"colors\" array")
        }
        var entries: [ColorSetEntry] = []
        for (i, item) in items.enumerated() {
            let entry = try JSONObjectReader(item, path: path, fieldPath: "colors[\(i)]")
            guard let traits = try colorSetTraits(entry), !traits.highContrast, traits.idiom == "universal" || traits.idiom == idiom.rawValue else { continue }
            guard let colorObject = try entry.object("color") else { throw entry.failure(item, "colors[\(i)] has no \"color\"") }
            entries.append(ColorSetEntry(index: i, idiomMatches: traits.idiom == idiom.rawValue, luminosity: traits.luminosity,
                                         gamut: traits.gamut, value: try colorValue(colorObject)))
        }
        // A set with only a Dark entry has no light colour: the Dark one is drawn in light too.
        guard let lightEntry = ColorSetEntry.best(entries, for: .light) ?? ColorSetEntry.best(entries, for: .dark) else {
            throw root.failure(root.node, "no colour for the any or light appearance at normal contrast on \(idiom.rawValue)")
        }
        let darkEntry = ColorSetEntry.best(entries, for: .dark) ?? lightEntry
        let light = lightEntry.value.resolved(.light)
        // One fixed entry for both: no dark variant, as a plain colour has none.
        let dark: Color? = darkEntry.index == lightEntry.index && !lightEntry.value.adapts ? nil : darkEntry.value.resolved(.dark)
        return AppearanceColor(light: light, dark: dark)
    }

    /// The traits of a colour set's entry, or nil for one with a trait this lookup does not know
    /// (an appearance other than luminosity or contrast, another platform than iOS, an unknown gamut).
    static func colorSetTraits(_ entry: JSONObjectReader) throws
        -> (idiom: String, luminosity: ColorSetEntry.Luminosity, highContrast: Bool, gamut: ColorSetEntry.Gamut)? {
        let idiom = try entry.string("idiom") ?? "universal"
        if let platform = try entry.string("platform"), platform != "ios" { return nil }
        var luminosity = ColorSetEntry.Luminosity.any, highContrast = false
        for (j, node) in (try entry.array("appearances") ?? []).enumerated() {
            let a = try JSONObjectReader(node, path: entry.path, fieldPath: entry.name("appearances[\(j)]"))
            switch (try a.string("appearance"), try a.string("value")) {
            case ("luminosity", "light"): luminosity = .light
            case ("luminosity", "dark"): luminosity = .dark
            case ("luminosity", "any"): luminosity = .any
            case ("contrast", "high"): highContrast = true
            default: return nil
            }
        }
        let gamut: ColorSetEntry.Gamut
        switch try entry.string("display-gamut") {
        case nil: gamut = .unmarked
        case "sRGB"?: gamut = .sRGB
        case "display-P3"?: gamut = .displayP3
        default: return nil
        }
        return (idiom, luminosity, highContrast, gamut)
    }

    /// An entry's `color`: a system colour by `reference`, else components.
    static func colorValue(_ object: JSONObjectReader) throws -> ColorSetEntry.Value {
        if let reference = try object.string("reference") {
            guard let system = SystemColors.entry(reference) else {
                throw object.failure(object.node("reference")!, "unknown system colour \(abbreviatedForMessage(reference))")
            }
            return .system(system)
        }
        return .fixed(try color(object))
    }

    /// The entries of an image set.
    public static func images(bytes: [UInt8], path: String) throws -> [ImageEntry] {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        guard let items = try root.array("images") else { throw root.failure(root.node, "an image set needs an \"images\" array") }
        var entries: [ImageEntry] = []
        for (i, item) in items.enumerated() {
            let entry = try JSONObjectReader(item, path: path, fieldPath: "images[\(i)]")
            guard case let .shown(appearance) = try appearance(entry) else { continue }
            var scale = 1.0
            if let text = try entry.string("scale") {
                guard text.hasSuffix("x"), let s = Double(text.dropLast()), s >= 1, s <= 3, s == s.rounded() else {
                    throw entry.failure(entry.node("scale")!, "images[\(i)].scale must be 1x, 2x or 3x (got \(abbreviatedForMessage(text)))")
                }
                scale = s
            }
            let filename = try entry.string("filename")
            if let filename, filename.contains("/") || filename == ".." || filename.isEmpty {
                throw entry.failure(entry.node("filename")!, "images[\(i)].filename must name a file in the image set (got \(abbreviatedForMessage(filename)))")
            }
            entries.append(ImageEntry(filename: filename, scale: scale, appearance: appearance))
        }
        return entries
    }

    /// Whether a folder's Contents.json says its assets' names carry the folder's name.
    public static func providesNamespace(bytes: [UInt8], path: String) throws -> Bool {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        guard let properties = try root.object("properties") else { return false }
        return try properties.bool("provides-namespace") ?? false
    }

    /// Whether an image entry is shown here, and for which appearance (nil: any).
    enum ImageEntryAppearance: Equatable { case notShown, shown(Appearance?) }

    /// The entry's appearance: not shown for high contrast or another idiom than universal,
    /// iPhone or iPad; nil for Any, which serves an appearance only when the set has no entry of
    /// that appearance's own (a set with Any, Light and Dark shows Light in light mode, as UIKit's
    /// trait matching does).
    static func appearance(_ entry: JSONObjectReader) throws -> ImageEntryAppearance {
        if let idiom = try entry.string("idiom"), !["universal", "iphone", "ipad"].contains(idiom) { return .notShown }
        var result: Appearance?
        for (j, node) in (try entry.array("appearances") ?? []).enumerated() {
            let a = try JSONObjectReader(node, path: entry.path, fieldPath: entry.name("appearances[\(j)]"))
            guard try a.string("appearance") == "luminosity" else { return .notShown }
            switch try a.string("value") {
            case "dark": result = .dark
            case "light": result = .light
            case "any": result = nil
            default: return .notShown
            }
        }
        return .shown(result)
    }

    /// `{"color-space", "components"}` as one sRGB colour (a `reference` is read by `colorValue`).
    static func color(_ object: JSONObjectReader) throws -> Color {
        let space = try object.string("color-space") ?? "srgb"
        guard let components = try object.object("components") else {
            throw object.failure(object.node, "\(object.fieldPath) has no \"components\"")
        }
        let alpha = try component(components, "alpha") ?? 1
        if ["gray-gamma-22", "extended-gray"].contains(space) {
            guard let white = try component(components, "white") else {
                throw components.failure(components.node, "\(components.fieldPath) has no \"white\" component for \(space)")
            }
            return Color(unit: white, unit: white, unit: white, alpha: alpha)
        }
        guard ["srgb", "extended-srgb", "display-p3", "extended-linear-srgb"].contains(space) else {
            throw object.failure(object.node("color-space")!, "colour space \(abbreviatedForMessage(space)) has no sRGB components")
        }
        let extended = space.hasPrefix("extended")
        guard let r = try component(components, "red", extended: extended), let g = try component(components, "green", extended: extended),
              let b = try component(components, "blue", extended: extended) else {
            throw components.failure(components.node, "\(components.fieldPath) needs red, green and blue sRGB components")
        }
        switch space {
        case "display-p3":
            // Display P3 components are converted, not read as sRGB (owntracks' dark blue is
            // 5/255 off read as sRGB).
            let (sr, sg, sb) = DisplayP3.toSRGB(r, g, b)
            return Color(unit: sr, unit: sg, unit: sb, alpha: alpha)
        case "extended-linear-srgb":
            return Color(unit: DisplayP3.encoded(min(max(r, 0), 1)), unit: DisplayP3.encoded(min(max(g, 0), 1)), unit: DisplayP3.encoded(min(max(b, 0), 1)), alpha: alpha)
        default:
            // Extended sRGB beyond 0...1 is clipped, as an sRGB screen shows it.
            return Color(unit: r, unit: g, unit: b, alpha: alpha)
        }
    }

    /// A component as Xcode writes it: a string `"0.267"` (0–1), `"0x44"` (hex) or `"68"` (0–255),
    /// or a plain number (0–1). Returned in 0...1.
    static func component(_ object: JSONObjectReader, _ key: String, extended: Bool = false) throws -> Double? {
        guard let node = object.node(key) else { return nil }
        let value: Double?
        switch node.value {
        case let .number(v): value = v
        case let .string(s):
            let text = s.trimmingCharacters(in: .whitespaces)
            if text.lowercased().hasPrefix("0x"), let v = Int(text.dropFirst(2), radix: 16), (0...255).contains(v) { value = Double(v) / 255 }
            else if !text.contains("."), let v = Int(text), (0...255).contains(v) { value = Double(v) / 255 }
            else { value = Double(text) }
        default: value = nil
        }
        guard let value, value.isFinite, extended || (value >= 0 && value <= 1), abs(value) <= 16 else {
            throw object.failure(node, "\(object.name(key)) must be \"0.0\"–\"1.0\", \"0x00\"–\"0xFF\" or \"0\"–\"255\"")
        }
        return value
    }
}

/// The device family an asset catalog's entries are chosen for (`idiom` in Contents.json).
public enum AssetIdiom: String, Sendable {
    case iphone, ipad

    /// The entries a device's idiom takes: an iPad's `ipad` ones, an iPhone's `iphone` ones.
    public init(_ device: Device) { self = device.idiom == .pad ? .ipad : .iphone }
}

/// One usable entry of a colour set, with the traits UIKit's asset lookup ranks it by.
struct ColorSetEntry {
    enum Luminosity { case any, light, dark }
    /// `display-gamut`; an entry without one serves every screen.
    enum Gamut: Int { case sRGB = 0, unmarked = 1, displayP3 = 2 }
    enum Value {
        case fixed(Color)
        case system(SystemColor)
        var adapts: Bool { if case let .system(c) = self { return c.dark != nil } else { return false } }
        func resolved(_ appearance: Appearance) -> Color {
            switch self {
            case let .fixed(c): return c
            case let .system(c): return c.resolved(appearance)
            }
        }
    }
    /// Its place in `colors`: the first of equally ranked entries wins.
    var index: Int
    var idiomMatches: Bool
    var luminosity: Luminosity
    var gamut: Gamut
    var value: Value

    /// Larger is preferred: the device's own idiom, then the exact luminosity, then the gamut.
    var rank: (Int, Int, Int) {
        (idiomMatches ? 1 : 0, luminosity == .any ? 0 : 1, gamut.rawValue)
    }

    /// The entry drawn in `appearance`: among those for it or for any, the best ranked.
    static func best(_ entries: [ColorSetEntry], for appearance: Appearance) -> ColorSetEntry? {
        let wanted: Luminosity = appearance == .dark ? .dark : .light
        var best: ColorSetEntry?
        for entry in entries where entry.luminosity == .any || entry.luminosity == wanted {
            if let current = best, !(entry.rank > current.rank) { continue }
            best = entry
        }
        return best
    }
}

extension Color {
    /// From components in 0...1, rounded to the nearest 8-bit value.
    public init(unit r: Double, unit g: Double, unit b: Double, alpha: Double) {
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        self.init(byte(r), byte(g), byte(b), byte(alpha))
    }
}

/// UIKit's system colours by name (`SystemColorTable`), as a launch screen draws them: the base
/// level at normal contrast, light and dark.
public enum SystemColors {
    public static func named(_ name: String) -> AppearanceColor? { SystemColorTable.byName[name]?.baseLevel }
    /// The whole entry: every level and contrast, and what a deprecated name is drawn as.
    public static func entry(_ name: String) -> SystemColor? { SystemColorTable.byName[name] }
    /// A deprecated name UIKit still knows but Apple publishes no value for.
    public static func isUnpublishedLegacy(_ name: String) -> Bool {
        SystemColorTable.unpublishedLegacyNames.contains(name) || SystemColorTable.unpublishedLegacyNames.contains(name + "Color")
    }
}

/// The asset catalogs (`*.xcassets`) of a target: colour and image sets by name (folders that
/// provide a namespace prefix their contents' names; plain group folders do not), read through
/// the project's folder.
public struct AssetCatalogIndex: Sendable {
    public private(set) var colorSets: [String: String] = [:]
    public private(set) var imageSets: [String: String] = [:]
    public private(set) var launchImageSets: [String] = []
    let folder: ProjectFolder?
    /// Folders walked at most: a project's catalogs hold hundreds, not tens of thousands.
    static let maximumFolders = 20_000

    /// Every catalog under a folder (no project file to say which).
    public init(directory: String) {
        let folder = try? ProjectFolder(root: directory)
        self.init(folder: folder, catalogs: folder?.find(under: folder!.root, depth: 6, limit: 100, { $0.hasSuffix(".xcassets") }) ?? [])
    }

    public init(folder: ProjectFolder?, catalogs: [String]) {
        self.folder = folder
        var walked = 0
        for catalog in catalogs where folder?.kind(catalog) == .folder { walk(catalog, prefix: "", depth: 0, walked: &walked) }
    }

    private mutating func walk(_ path: String, prefix: String, depth: Int, walked: inout Int) {
        guard depth < 8, walked < AssetCatalogIndex.maximumFolders, let folder else { return }
        walked += 1
        for name in folder.names(in: path) {
            let child = path + "/" + name
            if name.hasSuffix(".colorset") {
                let key = prefix + String(name.dropLast(".colorset".count))
                colorSets[key] = colorSets[key] ?? child
            } else if name.hasSuffix(".imageset") {
                let key = prefix + String(name.dropLast(".imageset".count))
                imageSets[key] = imageSets[key] ?? child
            } else if name.hasSuffix(".launchimage") {
                launchImageSets.append(child)
            } else if folder.kind(child) == .folder && !name.hasSuffix("set") && !name.hasSuffix(".appiconset") {
                // A group folder (its name may hold spaces, parentheses, even dots); it prefixes
                // its contents' names only when it provides a namespace.
                let contents = child + "/Contents.json"
                let namespaced = (try? folder.read(contents, limit: AssetCatalogContents.sizeLimit))
                    .flatMap { try? AssetCatalogContents.providesNamespace(bytes: $0, path: contents) } ?? false
                walk(child, prefix: namespaced ? prefix + name + "/" : prefix, depth: depth + 1, walked: &walked)
            }
        }
    }

    public func hasColor(_ name: String) -> Bool { colorSets[name] != nil }
    public func hasImage(_ name: String) -> Bool { imageSets[name] != nil }

    func read(_ path: String) throws -> [UInt8] {
        guard let folder else { throw LaunchSourceError(path: path, "no project folder") }
        return try folder.read(path, limit: AssetCatalogContents.sizeLimit)
    }

    public func color(_ name: String, idiom: AssetIdiom = .iphone) throws -> AppearanceColor {
        guard let set = colorSets[name] else { throw LaunchSourceError(path: name, "no colour set of that name in the project's asset catalogs") }
        let path = set + "/Contents.json"
        return try AssetCatalogContents.color(bytes: try read(path), path: path, idiom: idiom)
    }

    /// The image set's files, each with its size. A file it names that is missing or is no image
    /// this reads is an error naming it.
    public func image(_ name: String) throws -> LaunchImageAsset {
        guard let set = imageSets[name] else { throw LaunchSourceError(path: name, "no image set of that name in the project's asset catalogs") }
        let path = set + "/Contents.json"
        let bytes = try read(path)
        var files: [LaunchImageFile] = []
        for entry in try AssetCatalogContents.images(bytes: bytes, path: path) {
            guard let filename = entry.filename else { continue }
            let file = set + "/" + filename
            guard folder?.kind(file) == .file else { throw LaunchSourceError(path: path, "names \(filename), which is not in \(set)") }
            files.append(try imageFile(file, scale: entry.scale, appearance: entry.appearance))
        }
        guard !files.isEmpty else { throw LaunchSourceError(path: path, "image set \(name) names no files") }
        let properties = try AssetCatalogContents.imageProperties(bytes: bytes, path: path)
        return LaunchImageAsset(name: name, files: files, isTemplate: properties.template)
    }

    /// One image file and its size: a raster's pixels, a vector's points. Told by its bytes (a
    /// JPEG behind a `.png` name is a JPEG), read bounded by the limit of its kind.
    /// Read through the project's folder, so a file outside it (a symbolic link pointing out) is refused.
    public func imageFile(_ path: String, scale: Double, appearance: Appearance?) throws -> LaunchImageFile {
        guard let folder else { throw LaunchSourceError(path: path, "no project folder") }
        let info: ImageFileInfo
        do {
            let bytes = try folder.readImage(path)
            info = try ImageFileInfo.read(bytes, path: path)
        } catch let error as LaunchSourceError { throw error } catch let error as ImageFileError { throw LaunchSourceError(error) } catch {
            throw LaunchSourceError(path: path, "\(error)")
        }
        if info.kind.isVector { return LaunchImageFile(path: path, appearance: appearance, vectorWidth: info.width, vectorHeight: info.height) }
        let (w, h) = (Int(info.width), Int(info.height))
        guard w <= 8192, h <= 8192 else { throw LaunchSourceError(path: path, "image is \(w)x\(h) px; images over 8192 px on a side are refused") }
        return LaunchImageFile(path: path, scale: scale, appearance: appearance, pixelWidth: w, pixelHeight: h)
    }

    /// A legacy `LaunchImage.launchimage` set, if the catalogs hold one.
    public func launchImageSet() -> LaunchImageSet? { launchImageSets.first.map { LaunchImageSet(folder: $0, index: self) } }
}

/// A legacy launch image set (`.launchimage`): full-screen images by device size and orientation.
public struct LaunchImageSet {
    let folder: String
    let index: AssetCatalogIndex
    /// The file whose pixel size is the device's screen in its orientation, if any.
    public func file(for device: Device) -> String? {
        guard let bytes = try? index.read(folder + "/Contents.json"),
              let files = try? AssetCatalogContents.images(bytes: bytes, path: folder + "/Contents.json") else { return nil }
        let wanted = (Int((device.width * device.scale).rounded()), Int((device.height * device.scale).rounded()))
        for entry in files {
            guard let name = entry.filename, let file = try? index.imageFile(folder + "/" + name, scale: entry.scale, appearance: nil) else { continue }
            if file.pixelWidth == wanted.0 && file.pixelHeight == wanted.1 { return file.path }
        }
        return nil
    }
}
