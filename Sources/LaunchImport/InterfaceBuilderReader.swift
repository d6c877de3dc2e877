import Formats
import Scenes
import Motion
import Foundation

/// One element of an Interface Builder document: its name, attributes, line and children, in
/// document order.
public struct InterfaceBuilderElement: Equatable, Sendable {
    public var name: String
    public var attributes: [String: String]
    public var line: Int
    public var children: [InterfaceBuilderElement]

    public subscript(_ attribute: String) -> String? { attributes[attribute] }
    /// The first child of that name (and `key`, when given).
    public func child(_ name: String, key: String? = nil) -> InterfaceBuilderElement? {
        children.first { $0.name == name && (key == nil || $0.attributes["key"] == key) }
    }
    public func children(_ name: String) -> [InterfaceBuilderElement] { children.filter { $0.name == name } }
    /// `YES` is true; absent is `default`.
    public func flag(_ attribute: String, default value: Bool = false) -> Bool {
        attributes[attribute].map { $0 == "YES" } ?? value
    }
    public func number(_ attribute: String) -> Double? {
        guard let text = attributes[attribute], let v = Double(text), v.isFinite else { return nil }
        return v
    }
}

/// An Interface Builder document (`.storyboard`, `.xib`) as a tree of elements, read with
/// Formats' `SafeXMLReader` (libxml2), bounded in size, depth and element count. What the elements mean on
/// a launch screen is `LaunchViewTree`'s business.
public struct InterfaceBuilderDocument: Equatable, Sendable {
    public var path: String
    /// `<document>`.
    public var root: InterfaceBuilderElement
    /// `resources > image`: an image's size in points by name (Interface Builder's cached size:
    /// stale where the catalog changed since, so the catalog's own files win).
    public var imageSizes: [String: Size]
    /// `resources > namedColor` and `systemColor`: fallbacks by name.
    public var resourceColors: [String: Color]

    public struct Size: Equatable, Sendable { public var width: Double, height: Double }

    /// The most elements read: a launch screen is a few hundred.
    public static let maximumElements = 50_000
    /// The most views a launch screen may hold: a few are usual, so a document with more is refused
    /// rather than laid out.
    public static let maximumViews = 500
    /// The deepest element nesting read.
    public static let maximumDepth = 64
    public static let sizeLimit = FileSizeLimit(bytes: 4 << 20, kind: "a storyboard or xib")

    /// Whether Interface Builder marks it as a launch screen (`launchScreen="YES"`).
    public var isLaunchScreen: Bool { root.flag("launchScreen") }
    /// A xib's top-level objects are its views; a storyboard holds scenes of view controllers.
    public var isStoryboard: Bool { root["type"]?.contains("Storyboard") ?? (root.child("scenes") != nil) }

    /// Every element with an `id`, for references (segues, constraints, masks).
    public func elementsByID() -> [String: InterfaceBuilderElement] {
        var out: [String: InterfaceBuilderElement] = [:]
        func walk(_ e: InterfaceBuilderElement) {
            if let id = e["id"], out[id] == nil { out[id] = e }
            for c in e.children { walk(c) }
        }
        walk(root)
        return out
    }

    /// The view a launch shows, before container controllers are unwrapped: the storyboard's
    /// initial view controller's `view` (or the first scene's), or a xib's first top-level view.
    public var launchViewController: InterfaceBuilderElement? {
        if let scenes = root.child("scenes") {
            let controllers = scenes.children("scene").compactMap { $0.child("objects")?.children.first { $0["sceneMemberID"] == "viewController" } }
            if let initial = root["initialViewController"], let c = controllers.first(where: { $0["id"] == initial }) { return c }
            return controllers.first
        }
        return nil
    }

    /// A xib's first top-level view.
    public var topLevelView: InterfaceBuilderElement? {
        root.child("objects")?.children.first { InterfaceBuilderDocument.viewElementNames.contains($0.name) }
    }

    /// The element names UIKit's views are written as.
    public static let viewElementNames: Set<String> = [
        "view", "imageView", "label", "stackView", "tableView", "collectionView", "scrollView", "navigationBar", "toolbar",
        "tabBar", "button", "activityIndicatorView", "visualEffectView", "textView", "textField", "segmentedControl",
        "progressView", "switch", "slider", "pageControl", "searchBar", "datePicker", "pickerView", "mapView", "webView",
        "wkWebView", "containerView", "tableViewCell", "collectionViewCell", "glkView", "mtkView", "arscnView", "sceneKitView",
    ]

    /// Parses a document's bytes. `path` names the file in errors, with the line. `viewLimit`: the
    /// most views read (a launch screen's few by default; `splashlab layout` reads whole documents).
    public static func parse(bytes: [UInt8], path: String, viewLimit: Int = maximumViews) throws -> InterfaceBuilderDocument {
        guard !bytes.isEmpty else { throw LaunchSourceError(path: path, "the file is empty") }
        try requireUTF8(bytes, path: path)
        let builder = InterfaceBuilderTreeBuilder(path: path, viewLimit: viewLimit)
        do {
            try SafeXMLReader.read(bytes, rules: interfaceBuilderXMLRules) { try builder.take($0) }
        } catch let failure as SafeXMLReader.Failure {
            throw LaunchSourceError(path: path, line: failure.line, failure.message)
        }
        guard let root = builder.root, root.name == "document" else {
            throw LaunchSourceError(path: path, line: 1, "not an Interface Builder document: the root element is not <document>")
        }
        var document = InterfaceBuilderDocument(path: path, root: root, imageSizes: [:], resourceColors: [:])
        if let resources = root.child("resources") {
            for image in resources.children("image") {
                if let n = image["name"], let w = image.number("width"), let h = image.number("height"), w > 0, h > 0 {
                    document.imageSizes[n] = Size(width: w, height: h)
                }
            }
            for named in resources.children where named.name == "namedColor" || named.name == "systemColor" {
                if let n = named["name"], let c = named.child("color"), case let .rgba(color)? = InterfaceBuilderDocument.colorSpec(c) {
                    document.resourceColors[n] = color
                }
            }
        }
        // A macOS xib's views are its windows' content views: `splashlab layout` lays them out; a
        // launch screen has none and is refused where its view is looked for.
        let windowContent = root.child("objects")?.children.contains { $0.name == "window" && $0.child("view", key: "contentView") != nil } ?? false
        guard document.launchViewController != nil || document.topLevelView != nil || windowContent else {
            throw LaunchSourceError(path: path, "no view found: a launch screen needs a view controller's view (storyboard) or a top-level view (xib)")
        }
        return document
    }

    /// A colour as the document gives it.
    public enum ColorSpec: Equatable, Sendable {
        case rgba(Color)
        /// A colour set's name (`name=`), resolved from the asset catalog or `resources`.
        case named(String)
        /// `systemColor=`, or the older `cocoaTouchSystemColor=`.
        case system(String)
    }

    /// A `<color>` element's value: named, system, or components in sRGB, display P3 (converted),
    /// grey (`white=`) or calibrated/device RGB (read as sRGB).
    public static func colorSpec(_ e: InterfaceBuilderElement) -> ColorSpec? {
        if let name = e["name"] { return .named(name) }
        if let system = e["systemColor"] ?? e["xcode11CocoaTouchSystemColor"] ?? e["cocoaTouchSystemColor"] { return .system(system) }
        let alpha = e.number("alpha") ?? 1
        if let r = e.number("red"), let g = e.number("green"), let b = e.number("blue") {
            if e["customColorSpace"] == "displayP3" {
                let (sr, sg, sb) = DisplayP3.toSRGB(r, g, b)
                return .rgba(Color(unit: sr, unit: sg, unit: sb, alpha: alpha))
            }
            return .rgba(Color(unit: r, unit: g, unit: b, alpha: alpha))
        }
        if let w = e.number("white") { return .rgba(Color(unit: w, unit: w, unit: w, alpha: alpha)) }
        return nil
    }
}

/// Display P3 to sRGB: both share the sRGB transfer curve and D65 white; the linear matrix is
/// the product of P3's RGB→XYZ and XYZ→sRGB (IEC 61966-2-1 and SMPTE EG 432-1 primaries).
/// Out-of-gamut results are clipped, as an sRGB screen shows them.
public enum DisplayP3 {
    static let matrix: [[Double]] = [
        [1.2249401, -0.2249404, 0.0],
        [-0.0420569, 1.0420571, 0.0],
        [-0.0196376, -0.0786361, 1.0982735],
    ]
    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encoded(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
    public static func toSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let l = [linear(r), linear(g), linear(b)]
        let out = matrix.map { row in encoded(min(max(row[0] * l[0] + row[1] * l[1] + row[2] * l[2], 0), 1)) }
        return (out[0], out[1], out[2])
    }
}

/// Interface Builder writes UTF-8: the bytes are checked first, so the message names the line of
/// the first byte that is not, and a declared encoding other than UTF-8 is refused.
func requireUTF8(_ bytes: [UInt8], path: String) throws {
    var line = 1
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    decoding: while true {
        switch decoder.decode(&iterator) {
        case let .scalarValue(scalar):
            if scalar == "\n" { line += 1 }
        case .emptyInput: break decoding
        case .error: throw LaunchSourceError(path: path, line: line, "not UTF-8 text (Interface Builder documents are UTF-8)")
        }
    }
    // `<?xml version="1.0" encoding="UTF-8"?>`: the declaration, if any, is the first thing.
    let head = String(decoding: bytes.prefix(200), as: UTF8.self)
    if head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>"),
       let encoding = head[..<end.lowerBound].range(of: "encoding=") {
        let rest = head[encoding.upperBound...].dropFirst()
        let name = rest.prefix { $0 != "\"" && $0 != "'" }
        guard name.lowercased() == "utf-8" || name.lowercased() == "utf8" else {
            throw LaunchSourceError(path: path, line: 1, "declares encoding \(abbreviatedForMessage(String(name))); Interface Builder documents are UTF-8")
        }
    }
}

/// Interface Builder documents hold no processing instruction but the XML declaration and no
/// document type declaration.
let interfaceBuilderXMLRules = SafeXMLReader.Rules(
    processingInstruction: "a processing instruction (<?...?>): Interface Builder documents have none",
    documentType: "a document type declaration (<!...>): Interface Builder documents have none",
    internalSubset: "a document type declaration (<!...>): Interface Builder documents have none")

/// Builds `InterfaceBuilderDocument.parse`'s element tree from the reader's tags, within the
/// element, depth and view limits, refusing a document whose root is not `<document>` at its first tag.
final class InterfaceBuilderTreeBuilder {
    let path: String
    let viewLimit: Int
    var root: InterfaceBuilderElement?
    private var open: [InterfaceBuilderElement] = []
    private var elementCount = 0
    private var viewCount = 0

    init(path: String, viewLimit: Int) { self.path = path; self.viewLimit = viewLimit }

    func take(_ event: SafeXMLReader.Event) throws -> SafeXMLReader.Next {
        switch event {
        case let .start(tag):
            func refuse(_ message: String) -> LaunchSourceError { LaunchSourceError(path: path, line: tag.line, message) }
            if open.isEmpty && root == nil && tag.name != "document" {
                throw refuse("not an Interface Builder document: the root element is <\(tag.name)>, not <document>")
            }
            elementCount += 1
            guard elementCount <= InterfaceBuilderDocument.maximumElements else {
                throw refuse("more than \(InterfaceBuilderDocument.maximumElements) elements: a launch screen holds a few hundred")
            }
            guard open.count < InterfaceBuilderDocument.maximumDepth else {
                throw refuse("elements nest deeper than \(InterfaceBuilderDocument.maximumDepth)")
            }
            if InterfaceBuilderDocument.viewElementNames.contains(tag.name) {
                viewCount += 1
                guard viewCount <= viewLimit else {
                    throw refuse(viewLimit == InterfaceBuilderDocument.maximumViews ? "more than \(viewLimit) views: a launch screen holds a few"
                                                                                    : "more than \(viewLimit) views: more than are laid out")
                }
            }
            open.append(InterfaceBuilderElement(name: tag.name, attributes: tag.attributes, line: tag.line, children: []))
        case .end:
            guard let last = open.popLast() else { return .continue }
            if open.isEmpty { root = root ?? last } else { open[open.count - 1].children.append(last) }
        }
        return .continue
    }
}
