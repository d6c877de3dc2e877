import CImGui

/// One row of a key list: what to press, what it does, and the id it is registered under.
public struct KeyListRow: Equatable, Sendable {
    public var id: String
    public var keys: String
    public var help: String

    public init(id: String, keys: String, help: String) {
        self.id = id; self.keys = keys; self.help = help
    }
}

extension ImGuiSDLBridge {
    /// Width of the keys column of a key list, in window units.
    static let keyColumnWidth: Float = 150

    /// A list of keys under headings: the keys in a column, what they do wrapped beside them.
    /// Each row is registered as `row.id` (kind `keyRow`, its keys as the value).
    public func keyList(_ sections: [(title: String, rows: [KeyListRow])]) {
        guard isInFrame else { return }
        for (index, section) in sections.enumerated() {
            if index > 0 { ImGui.Spacing() }
            ImGui.PushStyleColor(ImGuiCol(ImGuiCol_Text.rawValue), InspectorColours.dimText)
            ImGui.TextUnformatted(section.title, nil)
            ImGui.PopStyleColor(1)
            for row in section.rows {
                let top = ImGui.GetCursorScreenPos()
                ImGui.TextUnformatted(row.keys, nil)
                ImGui.SameLine(ImGuiSDLBridge.keyColumnWidth, -1)
                ImGui.PushTextWrapPos(0)
                ImGui.TextUnformatted(row.help, nil)
                ImGui.PopTextWrapPos()
                let bottom = ImGui.GetItemRectMax()
                registerRect(id: row.id, kind: "keyRow", x: Double(top.x), y: Double(top.y),
                             width: Double(bottom.x - top.x), height: Double(bottom.y - top.y), value: .text(row.keys))
            }
        }
    }
}
