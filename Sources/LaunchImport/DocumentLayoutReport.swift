import Formats
import Scenes

/// What `splashlab layout` prints.
extension DocumentLayout {
    /// `splashlab layout --json`: the device, then every view with its frame, the saved frame and flags.
    public var json: JSONOutput {
        let layout = self
        func rect(_ r: Rect) -> JSONOutput {
            .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
        }
        let d = layout.device
        let device = JSONOutput.object([("name", .string(d.name)), ("width", .number(d.width)), ("height", .number(d.height)),
                                        ("scale", .number(d.scale)), ("orientation", .string(d.orientation.rawValue)), ("from", .string(layout.deviceSource))])
        let views = layout.views.map { v -> JSONOutput in
            var members: [(String, JSONOutput)] = [("id", .string(v.id)), ("element", .string(v.element)), ("file", .string(v.file)),
                                                   ("line", .number(Double(v.line))), ("frame", rect(v.frame))]
            if let saved = v.saved { members.append(("saved", rect(saved))) }
            if v.misplaced { members.append(("misplaced", .bool(true))) }
            if v.ambiguous { members.append(("ambiguous", .bool(true))) }
            if v.disagrees() { members.append(("disagrees", .bool(true))) }
            return .object(members)
        }
        return .object([("device", device), ("views", .array(views))])
    }

    /// `splashlab layout`: a line per view, and a line naming each that disagrees with Interface Builder.
    public var text: String {
        let layout = self
        func rect(_ r: Rect) -> String {
            [r.x, r.y, r.width, r.height].map { JSONOutput.number(($0 * 1000).rounded() / 1000).text }.joined(separator: " ")
        }
        let d = layout.device
        var lines = ["device: \(d.name) \(JSONOutput.number(d.width).text)x\(JSONOutput.number(d.height).text) @\(JSONOutput.number(d.scale).text)x \(d.orientation.rawValue) (\(layout.deviceSource))"]
        var disagreeing = 0
        for v in layout.views {
            var line = "\(v.file):\(v.line): \(v.element) \(v.id): \(rect(v.frame))"
            if v.misplaced { line += " (misplaced in the file)" }
            if v.ambiguous { line += " (ambiguous in the file)" }
            lines.append(line)
            if v.disagrees(), let saved = v.saved {
                disagreeing += 1
                lines.append("\(v.file):\(v.line): \(v.element) \(v.id) disagrees with Interface Builder: laid out at \(rect(v.frame)), saved at \(rect(saved))")
            }
        }
        let saved = layout.views.filter { $0.saved != nil && !$0.misplaced && !$0.ambiguous }.count
        lines.append("\(saved - disagreeing) of \(saved) saved frames within \(JSONOutput.number(DocumentLayout.tolerance).text) pt")
        return lines.joined(separator: "\n")
    }
}
