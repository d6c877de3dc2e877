import CImGui

/// The inspector's look: ImGui's dark style with slightly rounder frames, which reads as a tool
/// panel beside the device.
enum InspectorStyle {
    static func apply() {
        ImGui.StyleColorsDark(nil)
        let style = ImGui.GetStyle()
        style.pointee.FrameRounding = 3
        style.pointee.GrabRounding = 3
        style.pointee.WindowRounding = 0
    }
}
