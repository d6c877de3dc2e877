import Formats
import Scenes
import Motion
import Foundation

/// A failure reading one of a launch screen's sources: the file, the line where there is one, and why.
public struct LaunchSourceError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String
    public init(path: String, line: Int? = nil, _ message: String) { self.path = path; self.line = line; self.message = message }
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
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

    /// A colour set's colour, light and dark. Entries for other idioms' or high-contrast
    /// appearances are passed over; a universal entry with no appearance is the light colour.
    public static func color(bytes: [UInt8], path: String) throws -> AppearanceColor {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        guard let items = try root.array("colors"), !items.isEmpty else {
            throw root.failure(root.node, "a colour set needs a non-empty \"colors\" array")
        }
        var light: Color?, dark: Color?
        for (i, item) in items.enumerated() {
            let entry = try JSONObjectReader(item, path: path, fieldPath: "colors[\(i)]")
            guard let appearance = try appearance(entry) else { continue }
            guard let colorObject = try entry.object("color") else { throw entry.failure(item, "colors[\(i)] has no \"color\"") }
            let value = try color(colorObject)
            if appearance == .dark { dark = dark ?? value } else { light = light ?? value }
        }
        guard let light = light ?? dark else { throw root.failure(root.node, "no colour for the any or light appearance") }
        return AppearanceColor(light: light, dark: dark)
    }

    /// The entries of an image set.
    public static func images(bytes: [UInt8], path: String) throws -> [ImageEntry] {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        guard let items = try root.array("images") else { throw root.failure(root.node, "an image set needs an \"images\" array") }
        var entries: [ImageEntry] = []
        for (i, item) in items.enumerated() {
            let entry = try JSONObjectReader(item, path: path, fieldPath: "images[\(i)]")
            guard let appearance = try appearance(entry) else { continue }
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

    /// The entry's appearance: nil for one this preview does not show (high contrast, another
    /// idiom than universal, iPhone or iPad), `.light` for any or light.
    static func appearance(_ entry: JSONObjectReader) throws -> Appearance? {
        if let idiom = try entry.string("idiom"), !["universal", "iphone", "ipad"].contains(idiom) { return nil }
        var result = Appearance.light
        for (j, node) in (try entry.array("appearances") ?? []).enumerated() {
            let a = try JSONObjectReader(node, path: entry.path, fieldPath: entry.name("appearances[\(j)]"))
            guard try a.string("appearance") == "luminosity" else { return nil }
            switch try a.string("value") {
            case "dark": result = .dark
            case "light": result = .light
            default: return nil
            }
        }
        return result
    }

    /// `{"color-space", "components"}`, or a system colour by `reference`.
    static func color(_ object: JSONObjectReader) throws -> Color {
        if let reference = try object.string("reference") {
            guard let system = SystemColors.named(reference) else {
                throw object.failure(object.node("reference")!, "unknown system colour \(abbreviatedForMessage(reference))")
            }
            return system.light
        }
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
        guard let r = try component(components, "red"), let g = try component(components, "green"), let b = try component(components, "blue") else {
            throw components.failure(components.node, "\(components.fieldPath) needs red, green and blue sRGB components")
        }
        return Color(unit: r, unit: g, unit: b, alpha: alpha)
    }

    /// A component as Xcode writes it: a string `"0.267"` (0–1), `"0x44"` (hex) or `"68"` (0–255),
    /// or a plain number (0–1). Returned in 0...1.
    static func component(_ object: JSONObjectReader, _ key: String) throws -> Double? {
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
        guard let value, value.isFinite, value >= 0, value <= 1 else {
            throw object.failure(node, "\(object.name(key)) must be \"0.0\"–\"1.0\", \"0x00\"–\"0xFF\" or \"0\"–\"255\"")
        }
        return value
    }
}

extension Color {
    /// From components in 0...1, rounded to the nearest 8-bit value.
    public init(unit r: Double, unit g: Double, unit b: Double, alpha: Double) {
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        self.init(byte(r), byte(g), byte(b), byte(alpha))
    }
}

/// UIKit's system colours a launch screen uses, light and dark (sRGB values UIKit reports for
/// the default, non-high-contrast trait collection).
public enum SystemColors {
    static let table: [String: AppearanceColor] = [
        "systemBackgroundColor": AppearanceColor(light: .white, dark: .black),
        "secondarySystemBackgroundColor": AppearanceColor(light: Color(242, 242, 247), dark: Color(28, 28, 30)),
        "tertiarySystemBackgroundColor": AppearanceColor(light: .white, dark: Color(44, 44, 46)),
        "systemGroupedBackgroundColor": AppearanceColor(light: Color(242, 242, 247), dark: .black),
        "labelColor": AppearanceColor(light: .black, dark: .white),
        "secondaryLabelColor": AppearanceColor(light: Color(60, 60, 67, 153), dark: Color(235, 235, 245, 153)),
        "systemBlueColor": AppearanceColor(light: Color(0, 122, 255), dark: Color(10, 132, 255)),
        "systemRedColor": AppearanceColor(light: Color(255, 59, 48), dark: Color(255, 69, 58)),
        "systemGreenColor": AppearanceColor(light: Color(52, 199, 89), dark: Color(48, 209, 88)),
        "systemGrayColor": AppearanceColor(light: Color(142, 142, 147), dark: Color(142, 142, 147)),
        "whiteColor": AppearanceColor(light: .white), "blackColor": AppearanceColor(light: .black),
        "clearColor": AppearanceColor(light: Color(0, 0, 0, 0)),
        "tintColor": AppearanceColor(light: Color(0, 122, 255), dark: Color(10, 132, 255)),
    ]

    public static func named(_ name: String) -> AppearanceColor? { table[name] }
}
