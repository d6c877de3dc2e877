import Foundation
import Motion

/// What an image file is, told from its bytes and never from its name: Xcode projects hold JPEG
/// data behind `.png` names, and iOS decodes them by content (ImageIO sniffs the data), so the
/// preview does too.
public enum ImageFileKind: String, CaseIterable, Sendable {
    case png, jpeg, gif, pdf, svg

    /// PDF and SVG: drawn at the size they are shown at, not at a pixel size of their own.
    public var isVector: Bool { self == .pdf || self == .svg }

    /// "PNG", as messages name it.
    public var name: String { rawValue.uppercased() }

    /// What every other file is told.
    public static let unsupportedMessage = "not a PNG, JPEG, GIF, PDF or SVG image"

    /// The kind the bytes are, or nil for none of these. Rasters by their signatures (PNG 1.2
    /// §3.1; JPEG's SOI marker and the start of a marker segment, ITU T.81 §B.1.1.3; GIF87a and
    /// GIF89a, GIF89a spec §17), PDF by its `%PDF-` header, which ISO 32000-1 §7.5.2 puts first
    /// and readers (poppler among them) accept anywhere in the first 1024 bytes, and SVG by its
    /// first element being `svg` (in any namespace prefix) after an optional BOM, XML declaration,
    /// comments, processing instructions and document type declaration.
    public static func sniff(_ bytes: [UInt8]) -> ImageFileKind? {
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if pdfHeaderOffset(bytes) != nil { return .pdf }
        if SVGScan.firstElementIsSVG(bytes) { return .svg }
        return nil
    }

    /// The size limit a file whose first bytes are `head` is read under: a raster's signature is
    /// read under the raster limit (`FileSizeLimit.image`); anything else can only be a PDF or an
    /// SVG, whose limit (`FileSizeLimit.vectorImage`) is the smaller. So a caller reads the first
    /// `headByteCount` bytes, checks the file's size against this, and only then reads it whole.
    public static func sizeLimit(head: [UInt8]) -> FileSizeLimit {
        switch sniff(Array(head.prefix(headByteCount))) {
        case .png, .jpeg, .gif: return .image
        default: return .vectorImage
        }
    }

    /// How many first bytes `sizeLimit(head:)` reads: the longest raster signature.
    public static let headByteCount = 8

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Where `%PDF-` starts, within the first 1024 bytes.
    static func pdfHeaderOffset(_ bytes: [UInt8]) -> Int? {
        let marker = Array("%PDF-".utf8)
        let end = min(bytes.count, 1024)
        guard end >= marker.count else { return nil }
        for i in 0...(end - marker.count) where bytes[i] == 0x25 && bytes[i..<(i + marker.count)].elementsEqual(marker) { return i }
        return nil
    }
}

extension FileSizeLimit {
    /// A PDF or SVG logo from a design tool is tens of kilobytes; one with embedded photos a few
    /// megabytes. Rasterizing is the costly part and is bounded by pixels, but poppler and librsvg
    /// parse the whole file first, so the file is bounded too.
    public static let vectorImage = FileSizeLimit(bytes: 16 << 20, kind: "a PDF or SVG image")
}

/// A problem in an image file: the file, the line where there is one (an SVG's), and why. Written
/// as `PATH: MESSAGE` or `PATH:LINE: MESSAGE`, as LaunchImport's `LaunchSourceError`, which carries it
/// to a project's reader unchanged.
public struct ImageFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String
    public init(path: String, line: Int? = nil, _ message: String) { self.path = path; self.line = line; self.message = message }
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}

/// An image file's kind and intrinsic size, read from its bytes without decoding it. Rasters'
/// sizes are their pixels, from their headers; vectors' are points: a PDF's first page as poppler
/// sizes it (`PDFFirstPage`: its crop box within its media box, turned by its `/Rotate`, 1 pt =
/// 1/72 in),
/// an SVG's root `width` and `height` in CSS pixels (96 to the inch, so `72pt` is 96), which iOS
/// takes as points, as it does a PDF's.
public struct ImageFileInfo: Equatable, Sendable {
    public var kind: ImageFileKind
    /// Pixels for PNG, JPEG and GIF (whole numbers); points for PDF and SVG.
    public var width: Double
    public var height: Double

    public init(kind: ImageFileKind, width: Double, height: Double) { self.kind = kind; self.width = width; self.height = height }

    /// The size in points of a file of this image at a scale (an asset catalog entry's 1x, 2x,
    /// 3x): a raster's pixels over the scale; a vector's own points at any scale.
    public func pointSize(scale: Double) -> (width: Double, height: Double) {
        kind.isVector || !(scale > 0) ? (width, height) : (width / scale, height / scale)
    }

    /// Reads the kind and size; `path` names the file in errors. Throws an `ImageFileError` for
    /// a file of none of the kinds, a header with no size, a PDF poppler cannot open or whose first
    /// page is missing or empty (`PDFFirstPage.open`), and an SVG that is not UTF-8, has a DTD internal subset or entity declarations (the
    /// billion laughs), is not well-formed up to its root, or gives no size.
    public static func read(_ bytes: [UInt8], path: String) throws -> ImageFileInfo {
        guard let kind = ImageFileKind.sniff(bytes) else { throw ImageFileError(path: path, ImageFileKind.unsupportedMessage) }
        let size: (width: Double, height: Double)
        switch kind {
        case .png: size = try pngSize(bytes, path: path)
        case .jpeg: size = try jpegSize(bytes, path: path)
        case .gif: size = try gifSize(bytes, path: path)
        case .pdf: size = try PDFFirstPage.size(bytes, path: path)
        case .svg: size = try SVGScan.size(bytes, path: path)
        }
        return ImageFileInfo(kind: kind, width: size.width, height: size.height)
    }

    static func pngSize(_ bytes: [UInt8], path: String) throws -> (width: Double, height: Double) {
        // PNG 1.2 §11.2.2: each side at most 2^31 - 1.
        do {
            let (w, h) = try PNGHeader.size(Array(bytes.prefix(PNGHeader.byteCount)), maxSide: Int(Int32.max))
            return (Double(w), Double(h))
        } catch {
            switch error {
            case .notPNG: throw ImageFileError(path: path, "a PNG signature without an IHDR chunk after it")
            case .empty: throw ImageFileError(path: path, "the PNG header gives an empty image")
            case let .tooLarge(w, h): throw ImageFileError(path: path, "the PNG header gives \(w)x\(h) px, over the format's limit")
            }
        }
    }

    /// The frame size from the first start-of-frame marker (ITU T.81 §B.2.2: SOF0-SOF15 but DHT
    /// C4, JPG C8 and DAC CC; after the segment length, the sample precision, then height and
    /// width as big-endian 16-bit numbers), walking the marker segments from SOI.
    static func jpegSize(_ bytes: [UInt8], path: String) throws -> (width: Double, height: Double) {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var i = 2
        while i < bytes.count {
            guard bytes[i] == 0xFF else { throw ImageFileError(path: path, "a damaged JPEG: no marker at byte \(i)") }
            // Any number of 0xFF fill bytes may precede a marker (§B.1.1.2).
            while i < bytes.count && bytes[i] == 0xFF { i += 1 }
            guard i < bytes.count else { break }
            let marker = bytes[i]
            i += 1
            // Markers that stand alone, with no length: TEM, RST0-7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { throw ImageFileError(path: path, "a JPEG with no frame header before its image data") }
            guard i + 2 <= bytes.count else { break }
            let length = be16(i)
            guard length >= 2 else { throw ImageFileError(path: path, "a damaged JPEG: a marker segment of length \(length)") }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7, i + 7 <= bytes.count else { break }
                let height = be16(i + 3), width = be16(i + 5)
                // A height of 0 defers it to a DNL marker after the first scan (§B.2.5), which
                // no launch image uses and ImageIO does not support either.
                guard width > 0, height > 0 else { throw ImageFileError(path: path, "the JPEG frame header gives \(width)x\(height) px") }
                return (Double(width), Double(height))
            }
            i += length
        }
        throw ImageFileError(path: path, "a JPEG that ends before its frame header")
    }

    /// The logical screen's size: GIF89a §18, little-endian 16-bit width and height after the
    /// 6-byte signature. The first frame is composited onto it.
    static func gifSize(_ bytes: [UInt8], path: String) throws -> (width: Double, height: Double) {
        guard bytes.count >= 10 else { throw ImageFileError(path: path, "a GIF that ends before its logical screen size") }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8, height = Int(bytes[8]) | Int(bytes[9]) << 8
        guard width > 0, height > 0 else { throw ImageFileError(path: path, "the GIF header gives \(width)x\(height) px") }
        return (Double(width), Double(height))
    }
}

// MARK: SVG

/// The root of an SVG document, and the checks made before any XML parser sees it.
enum SVGScan {
    /// Whether the first element, after what may precede it, is `svg` or `prefix:svg`. A cheap
    /// scan of bytes, not a parse: `ImageFileInfo.read` parses.
    static func firstElementIsSVG(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            guard b == 0x3C, i + 1 < n else { return false }
            let next = bytes[i + 1]
            if next == 0x3F { // <? ... ?>
                guard let end = index(of: Array("?>".utf8), in: bytes, from: i + 2) else { return false }
                i = end + 2
            } else if next == 0x21 { // <!-- ... --> or <!DOCTYPE ... >
                if bytes[(i + 2)...].starts(with: Array("--".utf8)) {
                    guard let end = index(of: Array("-->".utf8), in: bytes, from: i + 4) else { return false }
                    i = end + 3
                } else {
                    guard let end = declarationEnd(bytes, from: i + 2) else { return false }
                    i = end + 1
                }
            } else {
                var j = i + 1
                while j < n && !isNameEnd(bytes[j]) { j += 1 }
                let name = bytes[(i + 1)..<j]
                guard j < n else { return false }
                let local = name.lastIndex(of: 0x3A).map { name[($0 + 1)...] } ?? name
                return local.elementsEqual("svg".utf8)
            }
        }
        return false
    }

    static func isNameEnd(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x3E || b == 0x2F }

    /// The `>` closing a `<!...` declaration, past quoted strings and any `[...]` internal subset.
    static func declarationEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        var quote: UInt8?
        var brackets = 0
        while i < bytes.count {
            let b = bytes[i]
            if let q = quote { if b == q { quote = nil } } else if b == 0x22 || b == 0x27 { quote = b } else if b == 0x5B { brackets += 1 } else if b == 0x5D {
                brackets -= 1
            } else if b == 0x3E && brackets <= 0 { return i }
            i += 1
        }
        return nil
    }

    static func index(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, haystack.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// UTF-8 only: an SVG from a design tool is UTF-8, and the message names the line of the
    /// first byte that is not.
    static func requireUTF8(_ bytes: [UInt8], path: String) throws {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            var line = 1
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while case let .scalarValue(scalar) = decoder.decode(&iterator) { if scalar == "\n" { line += 1 } }
            throw ImageFileError(path: path, line: line, "not UTF-8 text (SVG images are read as UTF-8)")
        }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        if head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>"),
           let encoding = head[..<end.lowerBound].range(of: "encoding=") {
            let name = head[encoding.upperBound..<end.lowerBound].dropFirst().prefix { $0 != "\"" && $0 != "'" }
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) else {
                throw ImageFileError(path: path, line: 1, "declares encoding \(abbreviatedForMessage(name, quoted: false)); SVG images are read as UTF-8")
            }
        }
    }

    /// The root's size in CSS pixels: `width` and `height` in absolute units (SVG 2 §8.2; CSS
    /// Values 3 §5.2: px, and 96 px = 1 in = 2.54 cm = 25.4 mm = 72 pt = 6 pc); a side given as a
    /// percentage, in font units, `auto` or not at all takes the viewBox's aspect ratio from the
    /// other side, or the viewBox's size when neither is absolute (SVG 2 §8.2's intrinsic
    /// dimensions, as librsvg's `rsvg_handle_get_intrinsic_size_in_pixels` and browsers size an
    /// image).
    static func size(_ bytes: [UInt8], path: String) throws -> (width: Double, height: Double) {
        try requireUTF8(bytes, path: path)
        let root = try rootAttributes(bytes, path: path)
        func attribute(_ name: String) -> String? { root.attributes[name] }
        var viewBox: (width: Double, height: Double)?
        if let text = attribute("viewBox") {
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            let values = parts.compactMap { Double($0) }
            guard parts.count == 4, values.count == 4, values.allSatisfy(\.isFinite) else {
                throw ImageFileError(path: path, line: root.line, "the root's viewBox \(abbreviatedForMessage(text)) is not four numbers")
            }
            guard values[2] > 0, values[3] > 0 else {
                throw ImageFileError(path: path, line: root.line, "the root's viewBox has a width or height of 0 or less, which draws nothing")
            }
            viewBox = (values[2], values[3])
        }
        let width = try length(attribute("width"), "width", path: path, line: root.line)
        let height = try length(attribute("height"), "height", path: path, line: root.line)
        switch (width, height, viewBox) {
        case let (w?, h?, _): return (w, h)
        case let (w?, nil, box?): return (w, w * box.height / box.width)
        case let (nil, h?, box?): return (h * box.width / box.height, h)
        case let (nil, nil, box?): return box
        default:
            throw ImageFileError(path: path, line: root.line, "the SVG gives no size: its root needs a width and a height in absolute units, or a viewBox")
        }
    }

    /// A length in CSS pixels; nil when it is relative (a percentage, em, ex, `auto`) or absent.
    static func length(_ text: String?, _ name: String, path: String, line: Int) throws -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty, text != "auto" else { return nil }
        let units: [(String, Double)] = [("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4),
                                         ("%", .nan), ("em", .nan), ("ex", .nan)]
        var number = Substring(text), factor = 1.0
        if let unit = units.first(where: { text.lowercased().hasSuffix($0.0) }) {
            number = text.dropLast(unit.0.count)
            factor = unit.1
        }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw ImageFileError(path: path, line: line, "the root's \(name) \(abbreviatedForMessage(text)) is not a length")
        }
        if factor.isNaN { return nil }
        guard value > 0 else { throw ImageFileError(path: path, line: line, "the root's \(name) is \(abbreviatedForMessage(text, quoted: false)), which draws nothing") }
        let pixels = value * factor
        guard pixels.isFinite else { throw ImageFileError(path: path, line: line, "the root's \(name) \(abbreviatedForMessage(text)) is too large") }
        return pixels
    }

    /// What an SVG may not hold: no launch logo needs a processing instruction or an internal
    /// subset (where `<!ENTITY`s live: nested entities expand exponentially, the "billion
    /// laughs"). A `<!DOCTYPE svg PUBLIC "..." "...">` naming SVG 1.1's external DTD, which design
    /// tools write, is read: the reader never loads it, nor does librsvg, which reads no file
    /// without a base URL.
    static let xmlRules = SafeXMLReader.Rules(
        processingInstruction: "a processing instruction (<?...?>) after the XML declaration: SVG images here have none",
        documentType: nil,
        internalSubset: "a document type declaration with an internal subset (<!DOCTYPE ... [...]>), where entities are declared: refused, as entity expansion can grow without bound")

    /// The root element's attributes, read by the safe XML reader through the whole document, so
    /// one that is not well-formed is refused here, with its line, rather than when it is drawn.
    static func rootAttributes(_ bytes: [UInt8], path: String) throws -> (attributes: [String: String], line: Int) {
        var root: SafeXMLReader.StartTag?
        do {
            try SafeXMLReader.read(bytes, rules: xmlRules) { event in
                if case let .start(tag) = event, root == nil { root = tag }
                return .continue
            }
        } catch let failure as SafeXMLReader.Failure {
            throw ImageFileError(path: path, line: failure.line, failure.message)
        }
        guard let root else { throw ImageFileError(path: path, line: 1, "no root element") }
        guard root.name == "svg" || root.name.hasSuffix(":svg") else {
            throw ImageFileError(path: path, line: root.line, "the root element is <\(abbreviatedForMessage(root.name, quoted: false))>, not <svg>")
        }
        return (root.attributes, root.line)
    }
}
