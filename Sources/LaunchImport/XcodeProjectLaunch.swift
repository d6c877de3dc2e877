import Formats
import Scenes
import Motion
import Foundation

/// The launch screen of an Xcode project folder (`--project DIR`): its `Info.plist`, the
/// storyboard or xib it names, its `UILaunchScreen` dictionary, its launch images and its asset
/// catalogs, read as iOS reads them, in seed 004's order: storyboard, then xib, then launch
/// images, then white. `UILaunchScreen` (iOS 14) comes first when present. A source that fails
/// gives a warning naming the file and why, and the next one is tried.
public struct XcodeProjectLaunch {
    public let directory: String
    public let device: Device
    public private(set) var warnings: [String] = []

    public static let plistLimit = FileSizeLimit(bytes: 4 << 20, kind: "an Info.plist")

    /// Reads the project's launch screen for a device. Never throws: whatever fails is a warning,
    /// and white is what is left.
    public static func load(directory: String, device: Device, intro: LaunchDescription) -> (LaunchScreen, [String]) {
        var reader = XcodeProjectLaunch(directory: directory, device: device)
        var screen = reader.read()
        screen.introDescription = intro
        return (screen, reader.warnings)
    }

    init(directory: String, device: Device) { self.directory = directory; self.device = device }

    mutating func warn(_ message: String) { warnings.append("warning: " + message) }

    mutating func read() -> LaunchScreen {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            warn("\(directory): not a folder; the launch screen is white")
            return .white
        }
        guard let plistPath = findFile(named: "Info.plist") else {
            warn("\(directory): no Info.plist found; the launch screen is white")
            return .white
        }
        let plist: [String: Any]
        do { plist = try XcodeProjectLaunch.readPlist(bytes: try readBytes(plistPath, limit: XcodeProjectLaunch.plistLimit), path: plistPath) } catch {
            warn("\(error); the launch screen is white")
            return .white
        }
        let catalog = AssetCatalogIndex(directory: directory)
        var declared = false
        if let dictionary = plist["UILaunchScreen"] {
            declared = true
            do { return try launchScreenDictionary(dictionary, plistPath: plistPath, catalog: catalog) } catch { warn("\(error); trying the next source") }
        }
        if let name = plist["UILaunchStoryboardName"] {
            declared = true
            if let name = name as? String, !name.isEmpty, !name.contains("/") {
                for ext in ["storyboard", "xib"] {
                    guard let path = findFile(named: "\(name).\(ext)") else {
                        warn("\(plistPath): UILaunchStoryboardName names \(name), but no \(name).\(ext) is in \(directory)")
                        continue
                    }
                    do {
                        let document = try InterfaceBuilderDocument.parse(bytes: try readBytes(path, limit: InterfaceBuilderDocument.sizeLimit), path: path)
                        return try screen(from: document, path: path, catalog: catalog)
                    } catch { warn("\(error); trying the next source") }
                }
            } else {
                warn("\(plistPath): UILaunchStoryboardName must be a file name without a folder")
            }
        }
        if let images = plist["UILaunchImages"] {
            declared = true
            do {
                if let path = try launchImage(images, plistPath: plistPath) { return LaunchScreen(background: .image(path: path), elements: [], source: path, introDescription: .fallback) }
                warn("\(plistPath): no UILaunchImages entry is \(Int(device.width))x\(Int(device.height)) pt \(device.orientation.rawValue); trying the next source")
            } catch { warn("\(error); trying the next source") }
        }
        warn(declared ? "\(directory): no launch screen source could be used; the launch screen is white"
                      : "\(plistPath): declares no UILaunchScreen, UILaunchStoryboardName or UILaunchImages; the launch screen is white")
        return .white
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
    /// size in the screen or, with `UIImageRespectsSafeAreaInsets`, in the safe area.
    func launchScreenDictionary(_ value: Any, plistPath: String, catalog: AssetCatalogIndex) throws -> LaunchScreen {
        guard let d = value as? [String: Any] else { throw LaunchSourceError(path: plistPath, "UILaunchScreen must be a dictionary") }
        var color = SystemColors.named("systemBackgroundColor")!
        if let name = d["UIColorName"] {
            guard let name = name as? String else { throw LaunchSourceError(path: plistPath, "UILaunchScreen.UIColorName must be a string") }
            color = try catalog.color(name)
        }
        var elements: [LaunchElement] = []
        if let name = d["UIImageName"] {
            guard let name = name as? String else { throw LaunchSourceError(path: plistPath, "UILaunchScreen.UIImageName must be a string") }
            let asset = try catalog.image(name)
            guard let file = asset.file(appearance: .light, scale: device.scale) else { throw LaunchSourceError(path: plistPath, "image set \(name) has no files") }
            let respects = (d["UIImageRespectsSafeAreaInsets"] as? Bool) ?? false
            let area = respects ? device.safeArea : Rect(x: 0, y: 0, width: device.width, height: device.height)
            let size = file.pointSize
            let frame = Rect(x: area.midX - size.width / 2, y: area.midY - size.height / 2, width: size.width, height: size.height)
            elements.append(.image(asset, frame: frame, contentMode: .scaleToFill))
        }
        return LaunchScreen(background: .color(color), elements: elements, source: plistPath + " UILaunchScreen", introDescription: .fallback)
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
                if let path = findFile(named: candidate) { return path }
            }
            throw LaunchSourceError(path: plistPath, "UILaunchImages[\(i)] names \(name), but no \(name)\(scaleSuffix).png is in \(directory)")
        }
        return nil
    }

    // MARK: Storyboards and xibs

    /// The launch screen a document describes, laid out on the device.
    func screen(from document: InterfaceBuilderDocument, path: String, catalog: AssetCatalogIndex) throws -> LaunchScreen {
        let root = document.root
        let background = try root.backgroundColor.map { try resolve($0, document: document, catalog: catalog, path: path, line: root.line) }
            ?? SystemColors.named("systemBackgroundColor")!
        let screenRect = Rect(x: 0, y: 0, width: device.width, height: device.height)
        var elements: [LaunchElement] = []
        try layOut(root, frame: screenRect, canvas: root.frame ?? screenRect, isRoot: true, document: document, catalog: catalog, path: path, into: &elements)
        return LaunchScreen(background: .color(background), elements: elements, source: path, introDescription: .fallback)
    }

    /// Places the subviews of `view` (whose frame on the device is `frame`) and appends them.
    func layOut(_ view: InterfaceBuilderDocument.View, frame: Rect, canvas: Rect, isRoot: Bool, document: InterfaceBuilderDocument,
                catalog: AssetCatalogIndex, path: String, into elements: inout [LaunchElement]) throws {
        var known: [String: Rect] = [:]
        if let id = view.id { known[id] = frame }
        if let guide = view.safeAreaID {
            // The safe area is the device's inside the root view; a nested view's guide is its own frame.
            known[guide] = isRoot ? device.safeArea : frame
        }
        for sub in view.subviews {
            var asset: LaunchImageAsset?
            var intrinsic: (width: Double, height: Double)?
            if sub.kind == .imageView, let name = sub.image {
                asset = try catalog.image(name)
                intrinsic = asset!.file(appearance: .light, scale: device.scale)?.pointSize ?? document.imageSizes[name]
            }
            let constraints = sub.constraints + view.constraints
            let placed = ConstraintLayout.place(sub, constraints: constraints, known: known, parentFrame: frame, canvas: canvas, intrinsic: intrinsic)
            if let id = sub.id { known[id] = placed }
            switch sub.kind {
            case .imageView:
                guard let asset else { continue }
                let mode = LaunchContentMode(rawValue: sub.contentMode ?? "scaleToFill") ?? .scaleToFill
                elements.append(.image(asset, frame: placed, contentMode: mode))
            case .label:
                guard let text = sub.text, !text.isEmpty else { continue }
                let color = try sub.textColor.map { try resolve($0, document: document, catalog: catalog, path: path, line: sub.line) }
                    ?? SystemColors.named("labelColor")!
                elements.append(.label(text: text, frame: placed, fontSize: sub.fontSize ?? 17, bold: sub.bold, color: color))
            case .view:
                try layOut(sub, frame: placed, canvas: sub.frame ?? placed, isRoot: false, document: document, catalog: catalog, path: path, into: &elements)
            }
        }
    }

    func resolve(_ spec: InterfaceBuilderDocument.ColorSpec, document: InterfaceBuilderDocument, catalog: AssetCatalogIndex,
                 path: String, line: Int) throws -> AppearanceColor {
        switch spec {
        case let .rgba(c): return AppearanceColor(light: c)
        case let .named(name):
            if catalog.hasColor(name) { return try catalog.color(name) }
            if let fallback = document.resourceColors[name] { return AppearanceColor(light: fallback) }
            throw LaunchSourceError(path: path, line: line, "colour \(abbreviatedForMessage(name)) is in no asset catalog and has no namedColor fallback")
        case let .system(name):
            if let system = SystemColors.named(name) { return system }
            if let fallback = document.resourceColors[name] { return AppearanceColor(light: fallback) }
            throw LaunchSourceError(path: path, line: line, "unknown system colour \(abbreviatedForMessage(name))")
        }
    }

    // MARK: Files

    /// The first file of that name in the project, nearest the top (then in name order): beside
    /// Info.plist, in `Base.lproj`, or deeper. Build folders and asset catalogs are not searched.
    func findFile(named name: String) -> String? {
        var level = [directory]
        for _ in 0..<5 {
            var next: [String] = []
            for folder in level {
                let candidate = folder + "/" + name
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
                for child in names.sorted() where !child.hasPrefix(".") && !child.hasSuffix(".xcassets") && child != "build" && child != "DerivedData" {
                    var childIsDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: folder + "/" + child, isDirectory: &childIsDirectory), childIsDirectory.boolValue {
                        next.append(folder + "/" + child)
                    }
                }
            }
            level = Array(next.prefix(2000))
            if level.isEmpty { break }
        }
        return nil
    }

    func readBytes(_ path: String, limit: FileSizeLimit) throws -> [UInt8] {
        do { return try BoundedFileReader.read(path, limit: limit) } catch { throw LaunchSourceError(path: path, "\(error)") }
    }
}

/// Auto Layout, the subset a launch screen uses: sizes from constants, from another view's size
/// or from the image; positions from centre and edge constraints to the superview, its safe area
/// or a sibling already placed; what is left from the designed frame, kept at its share of the
/// canvas.
public enum ConstraintLayout {
    /// UIKit's default layout margin, for `leadingMargin` and the like.
    static let layoutMargin = 16.0

    /// Every view of a document placed on a device, depth first, with images at their
    /// `resources` sizes: what a launch screen's layout gives without its asset catalog.
    public static func frames(_ document: InterfaceBuilderDocument, device: Device) -> [Rect] {
        var out: [Rect] = []
        func walk(_ view: InterfaceBuilderDocument.View, frame: Rect, canvas: Rect, isRoot: Bool) {
            var known: [String: Rect] = [:]
            if let id = view.id { known[id] = frame }
            if let guide = view.safeAreaID { known[guide] = isRoot ? device.safeArea : frame }
            for sub in view.subviews {
                let intrinsic = sub.image.flatMap { document.imageSizes[$0] }
                let placed = place(sub, constraints: sub.constraints + view.constraints, known: known, parentFrame: frame, canvas: canvas, intrinsic: intrinsic)
                if let id = sub.id { known[id] = placed }
                out.append(placed)
                walk(sub, frame: placed, canvas: sub.frame ?? placed, isRoot: false)
            }
        }
        let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
        walk(document.root, frame: screen, canvas: document.root.frame ?? screen, isRoot: true)
        return out
    }

    static func place(_ view: InterfaceBuilderDocument.View, constraints: [InterfaceBuilderDocument.Constraint], known: [String: Rect],
                      parentFrame: Rect, canvas: Rect, intrinsic: (width: Double, height: Double)?) -> Rect {
        // What each constraint says about this view: attribute = value.
        var values: [String: Double] = [:]
        for c in constraints {
            let own = c.firstItem == nil ? view.id : c.firstItem
            if own == view.id && c.firstItem == nil && c.secondItem == nil && view.constraints.contains(c) {
                values[c.firstAttribute] = c.constant
                continue
            }
            guard let id = view.id else { continue }
            let first = c.firstItem ?? view.id
            if first == id, let second = c.secondItem, let rect = known[second], let attribute = c.secondAttribute,
               let v = value(attribute, of: rect) {
                values[base(c.firstAttribute)] = v * c.multiplier + c.constant + margin(c.firstAttribute)
            } else if c.secondItem == id, let first, let rect = known[first], let v = value(c.firstAttribute, of: rect),
                      let attribute = c.secondAttribute, c.multiplier != 0 {
                values[base(attribute)] = (v - c.constant) / c.multiplier + margin(attribute)
            }
        }
        let designed = view.frame ?? Rect(x: 0, y: 0, width: intrinsic?.width ?? 0, height: intrinsic?.height ?? 0)
        func axis(size: String, center: String, start: String, end: String, intrinsic: Double?, designedStart: Double, designedSize: Double,
                  parentStart: Double, parentSize: Double, canvasSize: Double) -> (Double, Double) {
            var length = values[size] ?? intrinsic ?? designedSize
            if values[size] == nil, let s = values[start], let e = values[end] { length = e - s }
            let origin: Double
            if let c = values[center] { origin = c - length / 2 }
            else if let s = values[start] { origin = s }
            else if let e = values[end] { origin = e - length }
            else {
                // No position constraint: the designed centre at its share of the canvas.
                let share = canvasSize > 0 ? (designedStart + designedSize / 2) / canvasSize : 0.5
                origin = parentStart + share * parentSize - length / 2
            }
            return (origin, length)
        }
        let (x, w) = axis(size: "width", center: "centerX", start: "leading", end: "trailing", intrinsic: intrinsic?.width,
                          designedStart: designed.x, designedSize: designed.width, parentStart: parentFrame.x, parentSize: parentFrame.width, canvasSize: canvas.width)
        let (y, h) = axis(size: "height", center: "centerY", start: "top", end: "bottom", intrinsic: intrinsic?.height,
                          designedStart: designed.y, designedSize: designed.height, parentStart: parentFrame.y, parentSize: parentFrame.height, canvasSize: canvas.height)
        // Constants and multipliers are finite, but their products need not be: what overflows
        // falls back to the parent's origin and no size.
        func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
        return Rect(x: finite(x, parentFrame.x), y: finite(y, parentFrame.y), width: max(finite(w, 0), 0), height: max(finite(h, 0), 0))
    }

    /// `left`/`right` are `leading`/`trailing` in a left-to-right language; margins are the edge.
    static func base(_ attribute: String) -> String {
        var a = attribute
        if a.hasSuffix("Margin") { a.removeLast("Margin".count) }
        switch a {
        case "left": return "leading"
        case "right": return "trailing"
        case "centerXWithinMargins": return "centerX"
        case "centerYWithinMargins": return "centerY"
        default: return a
        }
    }

    /// The margin inset a `...Margin` attribute adds on this side.
    static func margin(_ attribute: String) -> Double {
        guard attribute.hasSuffix("Margin") else { return 0 }
        switch base(attribute) {
        case "leading", "top": return layoutMargin
        case "trailing", "bottom": return -layoutMargin
        default: return 0
        }
    }

    static func value(_ attribute: String, of r: Rect) -> Double? {
        let m = margin(attribute)
        switch base(attribute) {
        case "centerX": return r.midX
        case "centerY": return r.midY
        case "leading": return r.x + m
        case "trailing": return r.maxX + m
        case "top": return r.y + m
        case "bottom": return r.maxY + m
        case "width": return r.width
        case "height": return r.height
        default: return nil
        }
    }
}

/// The asset catalogs (`*.xcassets`) of a project: colour and image sets by name, folders that
/// provide a namespace prefixing their contents' names.
public struct AssetCatalogIndex: Sendable {
    public private(set) var colorSets: [String: String] = [:]
    public private(set) var imageSets: [String: String] = [:]
    /// Folders walked at most: a project's catalogs hold hundreds, not tens of thousands.
    static let maximumFolders = 20_000

    public init(directory: String) {
        var queue = [(directory, 0)]
        var seen = 0
        while let (folder, depth) = queue.popLast(), seen < AssetCatalogIndex.maximumFolders {
            seen += 1
            guard depth < 6, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(".xcassets") && !name.hasPrefix(".") {
                walk(folder + "/" + name, prefix: "", depth: 0)
            }
            for name in names.sorted(by: >) where !name.hasPrefix(".") && !name.hasSuffix(".xcassets") && !name.contains(".") {
                queue.append((folder + "/" + name, depth + 1))
            }
        }
    }

    private mutating func walk(_ folder: String, prefix: String, depth: Int) {
        guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name.hasSuffix(".colorset") {
                colorSets[prefix + String(name.dropLast(".colorset".count))] = colorSets[prefix + String(name.dropLast(".colorset".count))] ?? path
            } else if name.hasSuffix(".imageset") {
                imageSets[prefix + String(name.dropLast(".imageset".count))] = imageSets[prefix + String(name.dropLast(".imageset".count))] ?? path
            } else if !name.contains(".") {
                let contents = path + "/Contents.json"
                let namespaced = (try? BoundedFileReader.read(contents, limit: AssetCatalogContents.sizeLimit))
                    .flatMap { try? AssetCatalogContents.providesNamespace(bytes: $0, path: contents) } ?? false
                walk(path, prefix: namespaced ? prefix + name + "/" : prefix, depth: depth + 1)
            }
        }
    }

    public func hasColor(_ name: String) -> Bool { colorSets[name] != nil }

    public func color(_ name: String) throws -> AppearanceColor {
        guard let folder = colorSets[name] else { throw LaunchSourceError(path: name, "no colour set of that name in the project's asset catalogs") }
        let path = folder + "/Contents.json"
        let bytes: [UInt8]
        do { bytes = try BoundedFileReader.read(path, limit: AssetCatalogContents.sizeLimit) } catch { throw LaunchSourceError(path: path, "\(error)") }
        return try AssetCatalogContents.color(bytes: bytes, path: path)
    }

    /// The image set's files, each with its PNG size. A file it names that is missing or is not a
    /// PNG is an error naming it.
    public func image(_ name: String) throws -> LaunchImageAsset {
        guard let folder = imageSets[name] else { throw LaunchSourceError(path: name, "no image set of that name in the project's asset catalogs") }
        let path = folder + "/Contents.json"
        let bytes: [UInt8]
        do { bytes = try BoundedFileReader.read(path, limit: AssetCatalogContents.sizeLimit) } catch { throw LaunchSourceError(path: path, "\(error)") }
        var files: [LaunchImageFile] = []
        for entry in try AssetCatalogContents.images(bytes: bytes, path: path) {
            guard let filename = entry.filename else { continue }
            let file = folder + "/" + filename
            guard FileManager.default.fileExists(atPath: file) else { throw LaunchSourceError(path: path, "names \(filename), which is not in \(folder)") }
            let (w, h) = try AssetCatalogIndex.pngSize(file)
            files.append(LaunchImageFile(path: file, scale: entry.scale, appearance: entry.appearance, pixelWidth: w, pixelHeight: h))
        }
        guard !files.isEmpty else { throw LaunchSourceError(path: path, "image set \(name) names no files") }
        return LaunchImageAsset(name: name, files: files)
    }

    /// A PNG's pixel size from its header, refused past 8192 px a side.
    public static func pngSize(_ path: String) throws -> (Int, Int) {
        do { try BoundedFileReader.checkRegularFile(path, limit: .image) } catch { throw LaunchSourceError(path: path, "\(error)") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw LaunchSourceError(path: path, "cannot open the file") }
        defer { try? handle.close() }
        do { return try PNGHeader.size([UInt8](handle.readData(ofLength: PNGHeader.byteCount)), maxSide: 8192) } catch {
            switch error {
            case .notPNG: throw LaunchSourceError(path: path, "not a PNG file (only PNG images are drawn)")
            case .empty: throw LaunchSourceError(path: path, "the PNG header gives an empty image")
            case let .tooLarge(w, h): throw LaunchSourceError(path: path, "image is \(w)x\(h) px; images over 8192 px on a side are refused")
            }
        }
    }
}
