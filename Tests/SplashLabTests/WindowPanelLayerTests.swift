import CSDL2
import Foundation
@testable import PreviewWindow
import TestFixtures
import XCTest

/// The workbench's panels kept in textures (`ImGuiSDLRenderer.render`): a panel is drawn again
/// only when what it shows changed, and the window's pixels are those of drawing every panel
/// every frame, within one level in a few anti-aliased pixels of text.
final class WindowPanelLayerTests: XCTestCase {
    func testPanelsAreDrawnAgainOnlyWhenTheyChangeAndLookAsDrawn() throws {
        let folder = try makeTemporaryFolder("window-panel-layers", removedAfter: self)
        let window = try SteppedWindow(["--seed", "3"], folder: folder)
        defer { window.close() }
        XCTAssertTrue(window.step(until: { $0.layout("canvas") != nil }, limit: 120), "no UI dump")
        // While the splash plays, the clock and the playhead move every frame, over the panels:
        // the panels themselves are drawn again only when a track starts or ends.
        var redrawnWhilePlaying: [[String]] = []
        while window.seconds < 2.6 {
            window.step()
            if window.seconds > 1.9 { redrawnWhilePlaying.append(window.shell.inspector.panelsRedrawnLastFrame) }
        }
        let framesRedrawn = redrawnWhilePlaying.filter { !$0.isEmpty }.count
        XCTAssertLessThan(framesRedrawn * 4, redrawnWhilePlaying.count, "panels drawn again in \(framesRedrawn) of \(redrawnWhilePlaying.count) frames: \(redrawnWhilePlaying)")
        // Past the splash and the take, the pointer over the device: a frame drawn where no panel changed.
        window.run(seconds: 8)
        let canvas = try XCTUnwrap(window.dump().layout("canvas"))
        window.move(to: canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
        window.step(3)
        window.move(to: canvas.x + canvas.width / 2 + 1, canvas.y + canvas.height / 2)
        window.step()
        XCTAssertEqual(window.shell.inspector.panelsRedrawnLastFrame, [], "a frame where nothing changed draws no panel again")
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(window.shell.renderer.context.renderer, &width, &height)
        let copied = try window.pixels(x: 0, y: 0, width: Int(width), height: Int(height))

        window.shell.inspector.cachesPanels = false
        window.move(to: canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
        window.step()
        XCTAssertGreaterThan(window.shell.inspector.panelsRedrawnLastFrame.count, 1, "every panel drawn")
        let drawn = try window.pixels(x: 0, y: 0, width: Int(width), height: Int(height))
        window.move(to: canvas.x + canvas.width / 2 + 1, canvas.y + canvas.height / 2)
        window.step()
        let drawnAgain = try window.pixels(x: 0, y: 0, width: Int(width), height: Int(height))
        // The clock's line changes from frame to frame whatever draws it: its rows are left out.
        let liveRows = Set((0..<drawn.height).filter { y in (0..<drawn.width).contains { drawn.pixel($0, y) != drawnAgain.pixel($0, y) } })
        XCTAssertLessThan(liveRows.count, 30, "only the clock's line changes between two frames at rest")
        // A panel copied from its texture is the panel drawn, but for anti-aliased text: the font
        // atlas is sampled bilinearly, and through the texture's projection a glyph's texture
        // coordinates round a hair apart, which moves a few edge pixels by one level.
        var differing = 0, largest = 0
        for y in 0..<drawn.height where !liveRows.contains(y) {
            for x in 0..<drawn.width {
                let a = copied.pixel(x, y), b = drawn.pixel(x, y)
                let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                if d > 0 { differing += 1; largest = max(largest, d) }
            }
        }
        XCTAssertLessThanOrEqual(largest, 1, "a copied panel differs from the drawn one by more than a level (\(differing) pixels differ)")
        XCTAssertLessThan(differing, drawn.width * drawn.height / 1000, "more than one pixel in a thousand differs")

        // A click in the properties changes what that panel shows: it is drawn that frame, then
        // kept once it holds still, and frames at rest draw no panel again.
        window.shell.inspector.cachesPanels = true
        window.step(3)
        let filter = try XCTUnwrap(window.dump().control("properties.filter")).centre
        window.move(to: filter.x, filter.y); window.step(3)
        window.button(down: true); window.step()
        window.button(down: false); window.step()
        XCTAssertTrue(window.shell.inspector.panelsRedrawnLastFrame.contains("Properties"), "the clicked panel is drawn")
        XCTAssertTrue(window.step(until: { _ in window.shell.inspector.panelsRedrawnLastFrame.isEmpty }, limit: 4),
                      "still drawing \(window.shell.inspector.panelsRedrawnLastFrame) after the click")
    }
}
