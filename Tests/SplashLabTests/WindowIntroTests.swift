import CSDL2
import Foundation
@testable import PreviewWindow
import TestFixtures
import XCTest

/// An intro file in the window: it plays in the device (its red square is on screen), the timeline
/// has its lane with its markers and no lanes for the built-in logo and text, dragging the lane's
/// end sets `intro.speed`, one edit that Ctrl+Z takes back, and the lane opens the intro's section
/// with Reduce Motion's still frame.
final class WindowIntroTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("window-intro", removedAfter: self) }

    func testTheIntroPlaysAndItsLaneSetsTheSpeed() throws {
        let intro = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro/red-square.json").path
        let window = try openSteppedWindow(["--seed", "3", "--intro", intro], folder: folder)
        XCTAssertTrue(window.step(until: { $0.control("timeline.intro") != nil }, limit: 120), "the timeline has the intro's lane")
        window.run(seconds: 0.5)
        window.press(SDLK_SPACE)
        // red-square.json draws a pure red square: it is in the device's picture.
        let red = try window.screenPixels().count { (pixel: (r: Int, g: Int, b: Int)) -> Bool in pixel.r > 230 && pixel.g < 30 && pixel.b < 30 }
        XCTAssertGreaterThan(red, 100, "the intro's red square is drawn")
        let dump = window.dump()
        XCTAssertNil(dump.control("timeline.logo"), "the built-in logo's lane gives way to the intro's")
        XCTAssertEqual(dump.control("intro.reduceMotionStill")?.number, 29, "the intro's section is open from the start, not the logo's")
        XCTAssertNotNil(dump.control("timeline.hole"), "the disappearance's lanes stay")
        XCTAssertEqual(dump.control("timeline.intro")?.span?.end, 1, "one pass of the one-second file")
        XCTAssertEqual(dump.control("timeline.intro.marker.0")?.number, 0)
        XCTAssertEqual(dump.control("timeline.intro.marker.1")?.number ?? .nan, 2.0 / 3, accuracy: 1e-6, "outro starts at frame 20 of 30")

        // Its end dragged to about 2 s: the file plays at half speed.
        let end = try XCTUnwrap(dump.control("timeline.intro.end")).centre
        let ruler = try XCTUnwrap(dump.control("timeline.ruler"))
        let toX = try XCTUnwrap(ruler.x(at: 2.0))
        window.hold(KMOD_LSHIFT)
        window.drag(from: end.x.rounded(), end.y.rounded(), to: toX.rounded(), end.y.rounded())
        window.release(KMOD_LSHIFT)
        XCTAssertTrue(window.step(until: { abs(($0.control("timeline.intro")?.span?.end ?? 0) - 2) < 0.05 }, limit: 30),
                      "the lane lasts about 2 s: \(window.dump().control("timeline.intro")?.span?.end ?? .nan)")
        XCTAssertEqual(window.shell.state.document.current.intro.speed, 0.5, accuracy: 0.02)
        window.press(SDLK_z, modifiers: KMOD_LCTRL)
        XCTAssertTrue(window.step(until: { $0.control("timeline.intro")?.span?.end == 1 }, limit: 30), "Ctrl+Z brings the speed back")

        // A click on the lane opens the intro's section, which shows Reduce Motion's still: the last frame by default.
        try window.click("timeline.intro")
        XCTAssertTrue(window.step(until: { $0.control("intro.reduceMotionStill")?.number == 29 }, limit: 30),
                      "the intro's section shows the still frame: \(window.dump().control("intro.reduceMotionStill")?.number ?? .nan)")
    }
}
