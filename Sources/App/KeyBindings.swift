import Formats
import Foundation
import Scenes

/// One row of the window's key table: what the user presses (as README and the help show it),
/// the key names that trigger it, the action, and what it does. A row with no action describes
/// input that goes to the preview itself (a click, a drag, Esc, P).
public struct KeyBinding: Sendable {
    /// As shown to the user: `H`, `1 2 3 4`, `drag, wheel`.
    public let label: String
    /// Key names (see `KeyBindings.action(forKey:)`) and the action each triggers.
    public let keys: [(name: String, action: WindowAction)]
    public let help: String
    /// Where the key list shows it.
    public var section = KeySection.preview
}

/// The key list's headings, in the order it shows them.
public enum KeySection: String, CaseIterable, Sendable {
    case preview = "The device"
    case playback = "Playback"
    case tools = "Tools"
    case document = "The timings file"
    case compare = "A and B"
    case capture = "Touches and capture"
    case window = "Window"
}

public enum KeyBindings {
    /// The window's keys and mouse, in the order the help and README list them.
    public static let table: [KeyBinding] = [
        KeyBinding(label: "click or any key during the splash", keys: [], help: "skip: the disappearance starts at once"),
        KeyBinding(label: "drag, wheel", keys: [], help: "scroll the feed (momentum, rubber-banded edges)"),
        KeyBinding(label: "click a card", keys: [], help: "open its detail; click again mid-way to reverse"),
        KeyBinding(label: "Esc, or the × button", keys: [], help: "close the detail"),
        KeyBinding(label: "P, or the Filters button", keys: [],
                   help: "present the bottom panel (P again, or Esc, or a click on the dim, dismisses)"),
        KeyBinding(label: "drag the panel", keys: [],
                   help: "it follows 1:1; on release the projected position decides; grab it mid-flight to stop it"),
        KeyBinding(label: "drag up from the bottom edge", keys: [], help: "present the panel interactively"),
        KeyBinding(label: "1 2 3 4, S", keys: [("1", .playback(.setRate(1))), ("2", .playback(.setRate(0.5))), ("3", .playback(.setRate(0.25))), ("4", .playback(.setRate(0.1))), ("s", .playback(.cycleRate))],
                   help: "playback rate 1, 0.5, 0.25, 0.1; S cycles (every animation slows together; the HUD does not)", section: .playback),
        KeyBinding(label: "Space, ← →", keys: [("space", .playback(.togglePause)), ("left", .playback(.step(-1))), ("right", .playback(.step(1)))],
                   help: "pause; step one frame back or forward while paused, exactly", section: .playback),
        KeyBinding(label: "R", keys: [("r", .playback(.replay))],
                   help: "replay from the start: the splash again, and your input since it started; new input takes over from there", section: .playback),
        KeyBinding(label: "I", keys: [("i", .view(.toggleInspector))],
                   help: "the inspector beside the device: every timing, editable with the mouse (it never covers the device)", section: .tools),
        KeyBinding(label: "Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y", keys: [("ctrl+z", .document(.undo)), ("ctrl+shift+z", .document(.redo)), ("ctrl+y", .document(.redo))],
                   help: "undo, redo (one drag is one step; the history survives a reload)", section: .document),
        KeyBinding(label: "Ctrl+S, Ctrl+Shift+S", keys: [("ctrl+s", .document(.save)), ("ctrl+shift+s", .document(.saveElsewhere))],
                   help: "save the timings file in place (only the changed values); save to a new file beside it", section: .document),
        KeyBinding(label: "A, B, V", keys: [("a", .document(.snapshotA)), ("b", .view(.toggleAB)), ("v", .view(.toggleSplit))],
                   help: "take the current values as A (edits then change B); show A or B; A and B side by side, in sync", section: .compare),
        KeyBinding(label: ", .", keys: [(",", .view(.nudgeReference(-1))), (".", .view(.nudgeReference(1)))],
                   help: "with run --reference (the recording is B; V compares): its offset one of its frames earlier or later", section: .compare),
        KeyBinding(label: "H", keys: [("h", .tools(.toggle(.hud)))], help: "frame-budget HUD", section: .tools),
        KeyBinding(label: "T", keys: [("t", .tools(.toggle(.timeline)))],
                   help: "timeline of the splash's tracks and phases with keyframe marks; drag the playhead to scrub, exactly, through the whole take", section: .tools),
        KeyBinding(label: "F, Shift+F", keys: [("f", .tools(.timeline(.fit(.splash)))), ("shift+f", .tools(.timeline(.fit(.take))))],
                   help: "fit the timeline to the splash; to the whole take. Over it, Ctrl+wheel zooms and the wheel pans; drag on the band above its ruler to loop a range (a click there ends the loop)", section: .tools),
        KeyBinding(label: "C", keys: [("c", .tools(.toggle(.curves)))], help: "curve view: the splash's timing curves with a dot at the current progress", section: .tools),
        KeyBinding(label: "D", keys: [("d", .view(.toggleAppearance))],
                   help: "light or dark: the launch screen, named colours and launch.json's dark stops", section: .preview),
        KeyBinding(label: "N", keys: [("n", .playback(.nextScreen))],
                   help: "the next --screen under the hole, as a push or a link lands the user on another screen", section: .preview),
        KeyBinding(label: "F8", keys: [("f8", .view(.toggleTouches))],
                   help: "show touches: the pointer as a 44 pt finger over the device, with a trail, in the window and in F9 videos", section: .capture),
        KeyBinding(label: "F9", keys: [("f9", .tools(.toggleCapture))],
                   help: "start / stop capturing input: writes `capture-TIMESTAMP.json` (the input since the preview last started, so it replays exactly) and renders `capture-TIMESTAMP.mp4` from it offline", section: .capture),
        KeyBinding(label: "?", keys: [("?", .tools(.toggle(.help)))], help: "this list of every key, at the top of the inspector", section: .tools),
        KeyBinding(label: "Tab", keys: [("tab", .tools(.toggleToolsHidden))], help: "hide every tool at once, for a clean screen recording; H, T, C or ? bring the inspector back with that tool", section: .tools),
        KeyBinding(label: "Q", keys: [("q", .quit)], help: "quit (with unsaved edits, press it twice)", section: .window),
    ]

    /// The table by section, for the key list (`?`).
    public static var sections: [(section: KeySection, rows: [KeyBinding])] {
        KeySection.allCases.map { section in (section, table.filter { $0.section == section }) }.filter { !$0.rows.isEmpty }
    }

    /// Keys that act while held down (auto-repeat); the others act once per press.
    public static let repeating: Set<String> = ["left", "right"]

    /// The window action a key triggers, or nil when the key is input for the preview.
    public static func action(forKey name: String) -> WindowAction? {
        for binding in table { if let hit = binding.keys.first(where: { $0.name == name }) { return hit.action } }
        return nil
    }

    /// README's key table.
    public static var markdown: String {
        (["| key / mouse | what it does |", "|---|---|"] + table.map { "| \($0.label) | \($0.help) |" }).joined(separator: "\n")
    }
}
