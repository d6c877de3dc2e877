import Formats
import Scenes
import Motion
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The subset of an Interface Builder document (`.storyboard`, `.xib`) a launch screen uses: the
/// root view's background, its image views and labels with their constraints, and the resources
/// that give images their sizes and named colours their fallbacks. Read with Foundation's
/// `XMLParser`, element by element in document order.
public struct InterfaceBuilderDocument: Equatable, Sendable {
    /// A colour as the document gives it.
    public enum ColorSpec: Equatable, Sendable {
        case rgba(Color)
        /// A colour set's name (`name=`), resolved from the asset catalog or `resources`.
        case named(String)
        /// `systemColor=` or `cocoaTouchSystemColor=`.
        case system(String)
    }

    /// `firstItem.firstAttribute = secondItem.secondAttribute × multiplier + constant`; a missing
    /// first item is the view that holds the constraint, a missing second item makes it a size.
    public struct Constraint: Equatable, Sendable {
        public var firstItem: String?, firstAttribute: String
        public var secondItem: String?, secondAttribute: String?
        public var constant: Double, multiplier: Double
        public var line: Int
    }

    public enum ViewKind: String, Sendable { case view, imageView, label }

    public struct View: Equatable, Sendable {
        public var kind: ViewKind
        public var id: String?
        public var line: Int
        public var frame: Rect?
        public var backgroundColor: ColorSpec?
        public var image: String?
        public var contentMode: String?
        public var text: String?
        public var fontSize: Double?
        public var bold = false
        public var textColor: ColorSpec?
        public var safeAreaID: String?
        public var constraints: [Constraint] = []
        public var subviews: [View] = []
    }

    public var root: View
    /// `resources > image`: an image's size in points by name.
    public var imageSizes: [String: (width: Double, height: Double)]
    /// `resources > namedColor` and `systemColor`: fallbacks by name.
    public var resourceColors: [String: Color]

    public static func == (a: InterfaceBuilderDocument, b: InterfaceBuilderDocument) -> Bool {
        a.root == b.root && a.resourceColors == b.resourceColors && a.imageSizes.keys.sorted() == b.imageSizes.keys.sorted()
            && a.imageSizes.allSatisfy { k, v in b.imageSizes[k].map { $0 == v } ?? false }
    }

    /// The most views a launch screen may hold: a few are usual, so a document with more is refused
    /// rather than laid out.
    public static let maximumViews = 500
    /// The deepest element nesting read.
    public static let maximumDepth = 64
    public static let sizeLimit = FileSizeLimit(bytes: 4 << 20, kind: "a storyboard or xib")

    /// Parses a document's bytes. `path` names the file in errors, with the line.
    public static func parse(bytes: [UInt8], path: String) throws -> InterfaceBuilderDocument {
        guard !bytes.isEmpty else { throw LaunchSourceError(path: path, "the file is empty") }
        try requireUTF8(bytes, path: path)
        let reader = InterfaceBuilderReader(path: path)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        if !ok {
            let code = parser.parserError.map { ($0 as NSError).code } ?? 0
            throw LaunchSourceError(path: path, line: max(reader.errorLine ?? parser.lineNumber, 1), "not a valid XML document (\(xmlProblem(code)))")
        }
        guard reader.sawDocument else {
            throw LaunchSourceError(path: path, line: 1, "not an Interface Builder document: the root element is not <document>")
        }
        guard let root = reader.root else {
            throw LaunchSourceError(path: path, "no view found: a launch screen needs a view controller's view (storyboard) or a top-level view (xib)")
        }
        return InterfaceBuilderDocument(root: root, imageSizes: reader.imageSizes, resourceColors: reader.resourceColors)
    }
}

/// Interface Builder writes UTF-8, and Foundation's XMLParser traps on an element name that is not
/// valid UTF-8 (found by the storyboard fuzz target): so the bytes are checked first, and a
/// declared encoding other than UTF-8 is refused.
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
    try requireNoDeclarationsBeyondTheXMLOne(bytes, path: path)
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
/// document type declaration; FoundationXML's callbacks for those crash on what libxml2 passes as
/// NULL (a processing instruction with no data: found by the storyboard fuzz target; a DTD's
/// entity and notation declarations without public or system ids). So a `<?` after the leading
/// declaration, a declaration without a version, or a `<!` that opens neither a comment nor
/// CDATA, is refused before the parser sees it.
func requireNoDeclarationsBeyondTheXMLOne(_ bytes: [UInt8], path: String) throws {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let declaration = Array("<?xml".utf8)
    if bytes[start...].starts(with: declaration) {
        guard let end = firstIndex(of: Array("?>".utf8), in: bytes, from: start),
              firstIndex(of: Array("version".utf8), in: Array(bytes[start..<end]), from: 0) != nil else {
            throw LaunchSourceError(path: path, line: 1, "the XML declaration has no version or no end")
        }
        start = end + 2
    }
    var line = 1 + bytes[..<start].filter { $0 == 0x0A }.count
    var i = start
    while i + 1 < bytes.count {
        if bytes[i] == 0x0A { line += 1 }
        if bytes[i] == 0x3C && bytes[i + 1] == 0x3F {
            throw LaunchSourceError(path: path, line: line, "a processing instruction (<?...?>): Interface Builder documents have none")
        }
        if bytes[i] == 0x3C && bytes[i + 1] == 0x21 && !bytes[(i + 2)...].starts(with: Array("--".utf8))
            && !bytes[(i + 2)...].starts(with: Array("[CDATA[".utf8)) {
            throw LaunchSourceError(path: path, line: line, "a document type declaration (<!...>): Interface Builder documents have none")
        }
        i += 1
    }
}

private func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    var i = from
    while i + needle.count <= haystack.count {
        if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        i += 1
    }
    return nil
}

/// What libxml2's error code (`xmlParserErrors`, which `XMLParser` passes on) says, for the
/// codes a damaged document gives.
func xmlProblem(_ code: Int) -> String {
    switch code {
    case 3: return "no document start"
    case 4: return "the document is empty"
    case 5: return "content after the root element"
    case 9: return "an invalid character"
    case 26: return "an undeclared entity"
    case 39, 40, 41: return "a malformed attribute"
    case 68: return "a name is missing"
    case 73: return "'>' is missing"
    case 76: return "an end tag does not match its start tag"
    case 77: return "a tag is not finished: the document ends early"
    default: return "libxml2 error \(code)"
    }
}

/// The `XMLParser` delegate behind `InterfaceBuilderDocument.parse`.
final class InterfaceBuilderReader: NSObject, XMLParserDelegate {
    let path: String
    var failure: LaunchSourceError?
    var sawDocument = false
    var root: InterfaceBuilderDocument.View?
    var imageSizes: [String: (width: Double, height: Double)] = [:]
    var resourceColors: [String: Color] = [:]

    /// Element names from the document down to the current one.
    private var elements: [String] = []
    /// Views being read, outermost first; each is closed into its parent's subviews.
    private var open: [(view: InterfaceBuilderDocument.View, depth: Int)] = []
    private var viewCount = 0
    /// The resource (named or system colour) whose `color` child is being read.
    private var resourceColorName: String?
    private var rootClosed = false

    init(path: String) { self.path = path }

    private func fail(_ parser: XMLParser, _ message: String) {
        guard failure == nil else { return }
        failure = LaunchSourceError(path: path, line: parser.lineNumber, message)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes a: [String: String] = [:]) {
        guard failure == nil else { return }
        if elements.isEmpty {
            guard name == "document" else { return fail(parser, "not an Interface Builder document: the root element is <\(name)>, not <document>") }
            sawDocument = true
        }
        let parent = elements.last
        elements.append(name)
        guard elements.count <= InterfaceBuilderDocument.maximumDepth else {
            return fail(parser, "elements nest deeper than \(InterfaceBuilderDocument.maximumDepth)")
        }
        if let kind = InterfaceBuilderDocument.ViewKind(rawValue: name), startsView(parent: parent, attributes: a) {
            viewCount += 1
            guard viewCount <= InterfaceBuilderDocument.maximumViews else {
                return fail(parser, "more than \(InterfaceBuilderDocument.maximumViews) views: a launch screen holds a few")
            }
            var view = InterfaceBuilderDocument.View(kind: kind, id: a["id"], line: parser.lineNumber)
            view.image = a["image"]
            view.contentMode = a["contentMode"]
            view.text = a["text"]
            open.append((view, elements.count))
            return
        }
        let directChildOfView = open.last.map { $0.depth == elements.count - 1 } ?? false
        switch name {
        case "rect" where directChildOfView && a["key"] == "frame":
            if let x = number(a["x"]), let y = number(a["y"]), let w = number(a["width"]), let h = number(a["height"]) {
                open[open.count - 1].view.frame = Rect(x: x, y: y, width: w, height: h)
            }
        case "color":
            guard let spec = color(a) else {
                return fail(parser, "colour \(a["key"].map { "'\($0)' " } ?? "")has no sRGB, white, named or system value")
            }
            if directChildOfView, let key = a["key"] {
                if key == "backgroundColor" { open[open.count - 1].view.backgroundColor = spec }
                if key == "textColor" { open[open.count - 1].view.textColor = spec }
            } else if let resource = resourceColorName, case let .rgba(c) = spec {
                resourceColors[resource] = c
            }
        case "fontDescription" where directChildOfView:
            open[open.count - 1].view.fontSize = number(a["pointSize"])
            open[open.count - 1].view.bold = a["type"] == "boldSystem" || (a["name"]?.lowercased().contains("bold") ?? false)
        case "viewLayoutGuide" where directChildOfView && a["key"] == "safeArea":
            open[open.count - 1].view.safeAreaID = a["id"]
        case "constraint" where parent == "constraints" && open.last.map({ $0.depth == elements.count - 2 }) == true:
            guard let first = a["firstAttribute"] else { return fail(parser, "a constraint has no firstAttribute") }
            guard let multiplier = multiplierValue(a["multiplier"]) else {
                return fail(parser, "constraint multiplier \(abbreviatedForMessage(a["multiplier"] ?? ""))is not a number or a ratio like 1:2")
            }
            let constraint = InterfaceBuilderDocument.Constraint(firstItem: a["firstItem"], firstAttribute: first, secondItem: a["secondItem"],
                                                                 secondAttribute: a["secondAttribute"], constant: number(a["constant"]) ?? 0,
                                                                 multiplier: multiplier, line: parser.lineNumber)
            open[open.count - 1].view.constraints.append(constraint)
        case "image" where parent == "resources":
            if let n = a["name"], let w = number(a["width"]), let h = number(a["height"]), w > 0, h > 0 { imageSizes[n] = (w, h) }
        case "namedColor" where parent == "resources", "systemColor" where parent == "resources":
            resourceColorName = a["name"]
        default: break
        }
    }

    /// Where libxml2 found the first error: `lineNumber` after `parse()` returns is where it stopped reading.
    var errorLine: Int?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if errorLine == nil { errorLine = parser.lineNumber }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil else { return }
        if let last = open.last, last.depth == elements.count {
            open.removeLast()
            if open.isEmpty {
                if root == nil { root = last.view }
                rootClosed = true
            } else {
                open[open.count - 1].view.subviews.append(last.view)
            }
        }
        if name == "namedColor" || name == "systemColor" { resourceColorName = nil }
        elements.removeLast()
    }

    /// Whether a view element starts a view read here: the first view controller's `view`
    /// (storyboard), the first top-level view (xib), or a subview of a view being read.
    private func startsView(parent: String?, attributes a: [String: String]) -> Bool {
        if !open.isEmpty { return parent == "subviews" && open.last!.depth == elements.count - 2 }
        guard root == nil, !rootClosed else { return false }
        if a["key"] == "view" && parent == "viewController" { return true }
        // A xib's top-level objects sit in document > objects.
        return parent == "objects" && elements.count == 3
    }

    private func color(_ a: [String: String]) -> InterfaceBuilderDocument.ColorSpec? {
        if let name = a["name"] { return .named(name) }
        if let system = a["systemColor"] ?? a["cocoaTouchSystemColor"] { return .system(system) }
        let alpha = number(a["alpha"]) ?? 1
        if let r = number(a["red"]), let g = number(a["green"]), let b = number(a["blue"]) {
            return .rgba(Color(unit: r, unit: g, unit: b, alpha: alpha))
        }
        if let w = number(a["white"]) { return .rgba(Color(unit: w, unit: w, unit: w, alpha: alpha)) }
        return nil
    }

    private func number(_ text: String?) -> Double? {
        guard let text, let v = Double(text), v.isFinite else { return nil }
        return v
    }

    /// `multiplier="0.5"` or `multiplier="1:2"`; absent is 1.
    private func multiplierValue(_ text: String?) -> Double? {
        guard let text else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0, (a / b).isFinite { return a / b }
        return number(text)
    }
}
