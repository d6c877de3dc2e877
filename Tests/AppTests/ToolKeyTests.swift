import XCTest
@testable import App
@testable import Formats
@testable import Scenes

/// T, C, H and ? always act on something the user can see.
final class ToolKeyTests: XCTestCase {
    func state() -> WindowState {
        WindowState(playback: Playback(initial: windowPreview()), document: builtInDocument(), refreshRate: 60,
                    configuration: WindowConfiguration(tools: [.timeline, .curves]))
    }

    func testWithTheToolsHiddenAToolKeyShowsTheInspectorWithThatTool() {
        for (key, tool) in [("t", Tool.timeline), ("c", .curves), ("h", .hud), ("?", .help)] {
            guard let action = KeyBindings.action(forKey: key) else { return XCTFail("no action for \(key)") }
            var s = state()
            _ = s.reduce(.tools(.toggleToolsHidden))
            XCTAssertFalse(s.shows(tool))
            _ = s.reduce(action)
            XCTAssertTrue(s.shows(tool) && s.inspectorShown && !s.toolsHidden, "\(key) with the tools hidden")
            // Pressed again, with the tool on screen, it hides that tool alone.
            _ = s.reduce(action)
            XCTAssertFalse(s.shows(tool), key)
            XCTAssertFalse(s.toolsHidden, key)
            XCTAssertTrue(s.inspectorShown, key)
        }
    }

    func testWithTheInspectorHiddenAToolKeyShowsIt() {
        for key in ["t", "c", "h", "?"] {
            var s = state()
            _ = s.reduce(.view(.toggleInspector))
            XCTAssertFalse(s.inspectorShown)
            _ = s.reduce(KeyBindings.action(forKey: key)!)
            guard case let .tools(.toggle(tool))? = KeyBindings.action(forKey: key) else { return XCTFail(key) }
            XCTAssertTrue(s.inspectorShown && s.shows(tool), "\(key) with the inspector hidden")
        }
    }

    func testTheKeyListNamesEveryBoundKey() {
        let listed = KeyBindings.sections.flatMap(\.rows).map(\.label)
        XCTAssertEqual(listed.sorted(), KeyBindings.table.map(\.label).sorted(), "every row once")
    }
}
