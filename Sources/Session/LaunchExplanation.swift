import App
import Formats
import Foundation
import Scenes

/// `render --launch --explain`: every element of the launch screen's source, its frame in
/// points, what drew it (the image file and scale chosen, the colour and where it came from) and
/// what was skipped and why, for the device and appearance shown.
public enum LaunchExplanation {
    static func rect(_ r: Rect) -> JSONOutput {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }

    static func hex(_ c: Color) -> String { String(format: "#%02X%02X%02X%02X", c.r, c.g, c.b, c.a) }

    /// A skipped element, or a view that disagrees with Interface Builder: where, and why.
    static func skipJSON(_ s: LaunchSkip) -> JSONOutput {
        var m: [(String, JSONOutput)] = [("element", .string(s.origin.element))]
        if let id = s.origin.id { m.append(("id", .string(id))) }
        m.append(("file", .string(s.origin.file)))
        if let line = s.origin.line { m.append(("line", .int(line))) }
        m.append(("why", .string(s.why)))
        return .object(m)
    }

    public static func json(_ session: PreviewSession) -> JSONOutput {
        let screen = session.launchScreen
        let device = session.options.device
        let appearance = session.shownAppearance
        let resolved = screen.resolved(device: device, appearance: appearance)
        var background: [(String, JSONOutput)] = []
        switch resolved.background {
        case let .gradient(stops) where stops.count == 1: background = [("color", .string(hex(stops[0].color)))]
        case let .gradient(stops): background = [("gradient", .array(stops.map { .string(hex($0.color)) }))]
        case let .image(path): background = [("image", .string(path))]
        case .white: background = [("color", .string(hex(.white)))]
        }
        background.append(("from", .string(screen.backgroundOrigin ?? screen.source)))
        var elements: [JSONOutput] = []
        for entry in screen.explained {
            var m: [(String, JSONOutput)] = [("element", .string(entry.origin.element))]
            if let id = entry.origin.id { m.append(("id", .string(id))) }
            m.append(("file", .string(entry.origin.file)))
            if let line = entry.origin.line { m.append(("line", .int(line))) }
            if let frame = entry.frame { m.append(("frame", rect(frame))) }
            m.append(("drawn", .string(entry.drawn)))
            if let why = entry.why { m.append(("why", .string(why))) }
            if let index = entry.element, screen.elements.indices.contains(index) {
                m += details(screen.elements[index], device: device, appearance: appearance)
            }
            for (key, value) in entry.details where !m.contains(where: { $0.0 == key }) { m.append((key, value)) }
            elements.append(.object(m))
        }
        let skipped = screen.skipped.map(skipJSON)
        let disagreements = screen.designDisagreements.map(skipJSON)
        var root: [(String, JSONOutput)] = [
            ("project", session.options.projectDirectory.map(JSONOutput.string) ?? .null),
            ("projectFile", screen.projectFile.map(JSONOutput.string) ?? .null),
            ("target", screen.target.map(JSONOutput.string) ?? .null),
            ("infoPlist", screen.infoPlist.map(JSONOutput.string) ?? .null),
            ("source", .string(screen.source)),
            ("appearance", .string(appearance.rawValue)),
            ("device", .string(device.name)),
            ("size", .object([("width", .number(device.width)), ("height", .number(device.height))])),
            ("background", .object(background)),
            ("elements", .array(elements)),
            ("skipped", .array(skipped)),
            ("designDevice", screen.designDevice.map(JSONOutput.string) ?? .null),
            ("disagreesWithInterfaceBuilder", .array(disagreements)),
            ("warnings", .array(session.launchWarnings.map(JSONOutput.string))),
        ]
        if let system = screen.layoutSystem { root.append(("layout", system)) }
        return .object(root)
    }

    /// What depends on the appearance: the image file and scale chosen and where it lands, a
    /// label's or fill's colour.
    static func details(_ element: LaunchElement, device: Device, appearance: Appearance) -> [(String, JSONOutput)] {
        switch element {
        case let .image(image):
            guard let file = image.asset.file(appearance: appearance, scale: device.scale) else { return [] }
            var info: [(String, JSONOutput)] = [("name", .string(image.asset.name)), ("file", .string(file.path)),
                                                ("scale", file.isVector ? .string("vector") : .number(file.scale)),
                                                ("rect", rect(image.contentMode.imageRect(file.pointSize, in: image.frame)))]
            if let appearanceOfFile = file.appearance { info.append(("appearance", .string(appearanceOfFile.rawValue))) }
            var out: [(String, JSONOutput)] = [("image", .object(info)), ("alpha", .number(image.opacity))]
            out.append(("tint", image.tint.map { .string(hex($0.resolved(appearance))) } ?? .null))
            return out
        case let .label(label):
            return [("text", .string(label.text)), ("color", .string(hex(label.color.resolved(appearance)))), ("colorFrom", .string(label.color.origin)),
                    ("fontSize", .number(label.fontSize)), ("weight", .string(label.weight.rawValue)), ("alignment", .string(label.alignment.rawValue)),
                    ("alpha", .number(label.opacity))]
        case let .fill(fill):
            return [("color", .string(hex(fill.color.resolved(appearance)))), ("colorFrom", .string(fill.color.origin)), ("alpha", .number(fill.opacity))]
        case .logo:
            return []
        }
    }

    /// The same as lines to read: one an element.
    public static func text(_ session: PreviewSession) -> String {
        let screen = session.launchScreen
        let device = session.options.device
        let appearance = session.shownAppearance
        var lines: [String] = []
        // Where it came from, first: what a user checks before anything else.
        if let project = screen.projectFile { lines.append("project: \(project)") }
        if let target = screen.target { lines.append("target: \(target)") }
        if let plist = screen.infoPlist { lines.append("Info.plist: \(plist)") }
        if session.options.projectDirectory != nil { lines.append("launch file: \(screen.source)") }
        lines += ["\(screen.source)\(screen.target.map { " (target \($0))" } ?? ""): \(device.name) \(device.orientation.rawValue), \(appearance.rawValue)",
                  "background: \(screen.backgroundOrigin ?? "")"]
        func f(_ v: Double) -> String { JSONOutput.number(v).text }
        for entry in screen.explained {
            var line = "  \(entry.origin.element)\(entry.origin.id.map { " \($0)" } ?? "")"
            if let l = entry.origin.line { line += " (line \(l))" }
            if let r = entry.frame { line += " [\(f(r.x)), \(f(r.y)), \(f(r.width))×\(f(r.height))]" }
            line += ": \(entry.drawn)"
            if let index = entry.element, screen.elements.indices.contains(index) {
                for (key, value) in details(screen.elements[index], device: device, appearance: appearance) {
                    switch value {
                    case let .object(members): line += ", \(key) " + members.map { "\($0.0)=\($0.1.text)" }.joined(separator: " ")
                    default: line += ", \(key) \(value.text)"
                    }
                }
            }
            for (key, value) in entry.details {
                if case let .string(text) = value { line += ", \(key): \(text)" } else { line += ", \(key): \(value.text)" }
            }
            if let why = entry.why { line += " (\(why))" }
            lines.append(line)
        }
        if !screen.skipped.isEmpty {
            lines.append("skipped:")
            for s in screen.skipped { lines.append("  " + s.warning.replacingOccurrences(of: "warning: ", with: "")) }
        }
        if !screen.designDisagreements.isEmpty {
            lines.append("disagrees with Interface Builder:")
            for s in screen.designDisagreements {
                lines.append("  \(s.origin.line.map { "\(s.origin.file):\($0)" } ?? s.origin.file): <\(s.origin.element)>\(s.origin.id.map { " \($0)" } ?? ""): \(s.why)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
