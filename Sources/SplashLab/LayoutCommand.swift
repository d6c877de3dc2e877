import App
import Formats
import Foundation
import LaunchImport
import Render
import Scenes

/// `splashlab layout FILE`: every scene of a storyboard or xib laid out, each view's frame in its
/// superview's coordinates beside the frame Interface Builder saved; where they differ by more than
/// 2 pt (and the file does not mark the view misplaced or ambiguous), a line says so. Text is
/// measured as `render --launch` measures it.
func layoutCommand(_ arguments: [String]) throws -> Int32 {
    let options = try LayoutOptions(arguments)
    let bytes = try BoundedFileReader.read(options.path, limit: InterfaceBuilderDocument.sizeLimit)
    let document = try InterfaceBuilderDocument.parse(bytes: bytes, path: options.path, viewLimit: DocumentLayout.maximumViews)
    let measurer = TextMeasurer()
    let layout = try DocumentLayout(document: document, device: options.device) { text, size, weight in
        measurer.measure(text, pointSize: size, bold: weight.isBold, lineHeight: LaunchImportOptions.lineHeight)
    }
    for warning in layout.warnings { printError("warning: \(warning.warning)") }
    try printOutput(options.json ? layoutJSON(layout).text : layoutText(layout))
    return 0
}

func layoutJSON(_ layout: DocumentLayout) -> JSONOutput {
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

func layoutText(_ layout: DocumentLayout) -> String {
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
