import Motion
import Scenes

extension LaunchViewTree {
    /// Refuses a tree in which two views share an id: Interface Builder gives every object its
    /// own, constraints name views by it, and a layout keyed by id would make a view its own
    /// ancestor (a hand-edited or merged file can hold such a pair). The message names both lines.
    public static func checkUniqueIDs(_ root: LaunchView, path: String) throws {
        var lines: [String: Int] = [:]
        var pending = [root]
        while let view = pending.popLast() {
            if let first = lines[view.id] {
                throw LaunchSourceError(path: path, line: view.element.line,
                                        "id \(abbreviatedForMessage(view.id)) is also the id of the view on line \(first): every view needs its own")
            }
            lines[view.id] = view.element.line
            pending += view.subviews
        }
    }
}
