import CImGui
import Foundation

// MARK: Sections and a filter field for the properties panel

/// The text of a one-line entry field, kept between frames where ImGui edits it in place.
public final class TextEntryBuffer {
    let capacity: Int
    let bytes: UnsafeMutablePointer<CChar>

    public init(capacity: Int = 128) {
        self.capacity = capacity
        bytes = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
    }

    deinit { bytes.deallocate() }

    public var text: String { String(cString: bytes) }
}

extension ImGuiSDLBridge {
    /// A full-width section header, open or closed as the caller says (the app decides which
    /// sections are open). Registered as `section.ID` (kind `section`, value `open` or `closed`);
    /// true on the frame it is clicked.
    public func sectionHeader(id: String, title: String, isOpen: Bool) -> Bool {
        guard isInFrame else { return false }
        pushID("section." + id)
        defer { ImGui.PopID() }
        ImGui.SetNextItemOpen(isOpen, ImGuiCond(ImGuiCond_Always.rawValue))
        _ = ImGui.CollapsingHeader(title, ImGuiTreeNodeFlags(0))
        let clicked = ImGui.IsItemToggledOpen()
        registerLastItem(id: "section." + id, kind: "section", value: .text(isOpen ? "open" : "closed"))
        return clicked
    }

    /// A one-line text field across the panel, with a hint shown while it is empty. Registered as
    /// `id` (kind `textEntry`, its text), and `id.typing` while it has the keyboard; its Clear
    /// button is `id.clear`. Returns the text.
    public func filterField(id: String, hint: String, buffer: TextEntryBuffer) -> String {
        guard isInFrame else { return buffer.text }
        pushID(id)
        defer { ImGui.PopID() }
        // Room on the right for the clear button.
        ImGui.SetNextItemWidth(-ImGui.CalcTextSize("Clear", nil, false, -1).x - 3 * ImGui.GetStyle().pointee.FramePadding.x)
        _ = ImGui.InputTextWithHint("##filter", hint, buffer.bytes, buffer.capacity, ImGuiInputTextFlags(0), nil, nil)
        var text = buffer.text
        registerLastItem(id: id, kind: "textEntry", value: .text(text))
        // While it has the keyboard, a second registration says so (for scripts that type into it).
        if ImGui.IsItemActive() { registerLastItem(id: id + ".typing", kind: "state", value: .text(text)) }
        ImGui.SameLine(0, -1)
        if ImGui.Button("Clear", ImVec2(0, 0)) {
            buffer.bytes[0] = 0
            text = ""
        }
        registerLastItem(id: id + ".clear", kind: "button", value: .text("Clear"))
        return text
    }

    /// A slider of a share 0...1 across the rest of the line, for the compare modes' divider and
    /// opacity. Registered as `id` (kind `slider`). Returns the new value while it is dragged.
    public func shareSlider(id: String, label: String, value: Double) -> Double? {
        guard isInFrame else { return nil }
        pushID(id)
        defer { ImGui.PopID() }
        var v = Float(value)
        ImGui.SetNextItemWidth(-1)
        let changed = ImGui.SliderFloat("##share", &v, 0, 1, label + " %.2f", ImGuiSliderFlags(ImGuiSliderFlags_AlwaysClamp.rawValue))
        registerLastItem(id: id, kind: "slider", value: .number(Double(v)))
        return changed ? Double(v) : nil
    }

    /// A line of large text at window coordinates inside a rectangle, outside any panel (a compare
    /// screen's label), on a dark plate; registered as `label.ID`.
    /// With `maxWidth`, a label wider than that is drawn smaller to fit, down to the text's own
    /// size: over a narrow screen a long file name ran into the properties panel.
    public func largeLabel(id: String, _ string: String, x: Double, y: Double, scale: Double = 1.6, maxWidth: Double? = nil) {
        guard isInFrame, let list = ImGui.GetForegroundDrawList(), let font = ImGui.GetFont() else { return }
        var size = Float(Double(ImGui.GetFontSize()) * scale)
        var extent = font.pointee.CalcTextSizeA(size, Float.greatestFiniteMagnitude, 0, string, nil, nil)
        if let maxWidth, Double(extent.x) > maxWidth, extent.x > 0 {
            size = max(size * Float(maxWidth) / extent.x, ImGui.GetFontSize())
            extent = font.pointee.CalcTextSizeA(size, Float.greatestFiniteMagnitude, 0, string, nil, nil)
        }
        let origin = ImVec2(Float(x), Float(y))
        list.pointee.AddRectFilled(ImVec2(origin.x - 6, origin.y - 3), ImVec2(origin.x + extent.x + 6, origin.y + extent.y + 3),
                                   0xE0_18_18_18, 5, ImDrawFlags(0))
        list.pointee.AddText(font, size, origin, 0xFF_FF_FF_FF, string, nil, 0, nil)
        registerRect(id: "label." + id, kind: "label", x: x, y: y, width: Double(extent.x), height: Double(extent.y), value: .text(string))
    }
}

extension ImGuiSDLBridge {
    /// A line of text registered as `id` (kind `text`), for tests that read what a list says.
    public func textItem(id: String, _ string: String) {
        guard isInFrame else { return }
        ImGui.TextUnformatted(string, nil)
        registerLastItem(id: id, kind: "text", value: .text(string))
    }
}

extension ImGuiSDLBridge {
    /// The height of one section header with the spacing after it, in window units.
    public var sectionHeaderHeight: Double {
        guard isInFrame else { return 0 }
        return Double(ImGui.GetFrameHeight() + ImGui.GetStyle().pointee.ItemSpacing.y)
    }

    /// A region across the panel that takes the height left but `reservedBelow` and scrolls by
    /// itself if its content is taller, so what comes after it stays in sight.
    public func region(id: String, reservedBelow: Double, _ content: () -> Void) {
        guard isInFrame else { return }
        let height = max(Double(ImGui.GetContentRegionAvail().y) - reservedBelow, 4 * Double(ImGui.GetFrameHeight()))
        if ImGui.BeginChild(id, ImVec2(0, Float(height)), false, ImGuiWindowFlags(0)) { content() }
        ImGui.EndChild()
    }
}

extension ImGuiSDLBridge {
    /// Closed section headers two to a row, so that every one stays in sight beside an open
    /// section. Each is registered as `section.ID` (kind `section`, value `closed`); returns the
    /// id clicked this frame, if any.
    public func sectionGrid(id: String, sections: [(id: String, title: String)]) -> String? {
        guard isInFrame, !sections.isEmpty else { return nil }
        var clicked: String?
        pushID(id)
        defer { ImGui.PopID() }
        // Rows as tight as the panel's own lines: no vertical cell padding.
        ImGui.PushStyleVar(ImGuiStyleVar(ImGuiStyleVar_CellPadding.rawValue), ImVec2(2, 0))
        defer { ImGui.PopStyleVar(1) }
        guard ImGui.BeginTable("##grid", 2, ImGuiTableFlags(0), ImVec2(0, 0), 0) else { return nil }
        for section in sections {
            ImGui.TableNextColumn()
            if sectionHeader(id: section.id, title: section.title, isOpen: false) { clicked = section.id }
        }
        ImGui.EndTable()
        return clicked
    }

    /// How many rows `count` closed headers take in `sectionGrid`, in window units.
    public func sectionGridHeight(count: Int) -> Double { Double((count + 1) / 2) * sectionHeaderHeight }
}

extension ImGuiSDLBridge {
    /// The height left in the current window or region below the cursor, in window units.
    public var availableHeight: Double {
        guard isInFrame else { return 0 }
        return Double(ImGui.GetContentRegionAvail().y)
    }
}
