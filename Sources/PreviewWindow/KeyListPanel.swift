import App
import Inspector

/// `?`: every key of the window, drawn from the key table, in a panel at the top of the tools
/// column (above the inspector, never over the device).
enum KeyListPanel {
    /// The share of the column it takes, so the inspector stays in reach below it; it scrolls.
    static func height(columnHeight: Double) -> Double { (columnHeight * 0.5).rounded() }

    static func draw(_ ui: ImGuiSDLBridge, x: Double, y: Double, width: Double, height: Double) {
        let sections = KeyBindings.sections.map { group in
            (title: group.section.rawValue,
             rows: group.rows.map { KeyListRow(id: "keys." + ($0.keys.first?.name ?? $0.label), keys: $0.label, help: $0.help) })
        }
        ui.panel(title: "Keys", x: x, y: y, width: width, height: height) { ui.keyList(sections) }
    }
}
