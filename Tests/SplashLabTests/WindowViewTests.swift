import CSDL2
import Foundation
import Render
@testable import PreviewWindow
import TestFixtures
import XCTest

/// What the window shows under input, driven in-process by SDL events on the offscreen driver:
/// the splash and the feed, a card and the bottom panel, the HUD, the tools and the key list, the
/// launch screen and its blink, the appearance and the user's screens; and a quit after all of it.
final class WindowViewTests: XCTestCase {
    var folder = ""
    override func setUpWithError() throws { folder = try makeTemporaryFolder("window-view", removedAfter: self) }

    /// Distinct colours in a picture: a blank or single-colour screen has very few.
    func colours(_ pixels: RenderedPixels) -> Int {
        var seen = Set<Int>()
        for i in stride(from: 0, to: pixels.bytes.count, by: 4) {
            let r = Int(pixels.bytes[i]), g = Int(pixels.bytes[i + 1]), b = Int(pixels.bytes[i + 2])
            seen.insert(r << 16 | g << 8 | b)
        }
        return seen.count
    }

    /// The splash is drawn, then the feed; with the splash held for a minute, a click during it
    /// skips to the feed, whose nav bar is near-white at the top left (the splash there is dark blue).
    func testTheSplashThenTheFeedAreDrawnAndAClickSkipsTheSplash() throws {
        let timings = folder + "/long-hold.json"
        try #"{"splash": {"minHold": 60, "timeout": 60}}"#.write(toFile: timings, atomically: true, encoding: .utf8)
        let window = try openSteppedWindow(["--seed", "3", "--timings", timings], folder: folder)
        window.run(seconds: 1)
        let splash = try window.screenPixels()
        XCTAssertGreaterThan(colours(splash), 20, "the splash is drawn")
        XCTAssertLessThan(splash.pixel(20, 20).r, 100, "the splash is dark at the top left: \(splash.pixel(20, 20))")
        let viewport = try XCTUnwrap(window.dump().viewport)
        window.click(viewport.x + 100, viewport.y + 100)
        window.run(seconds: 2)
        let feed = try window.screenPixels()
        XCTAssertGreaterThan(feed.pixel(20, 20).r, 200, "after a click the feed shows: \(feed.pixel(20, 20))")
        XCTAssertGreaterThan(colours(feed), 200, "the feed is drawn")
    }

    /// A click on the first card opens its detail, whose "Message seller" button is blue at (30,
    /// 608); Escape closes it. An edge drag up presents the bottom panel (its "Show 48 results"
    /// button is blue there), a drag down dismisses it.
    func testACardOpensAndClosesAndTheBottomPanelFollowsEdgeDrags() throws {
        let window = try openSteppedWindow(["--seed", "3", "--skip-splash"], folder: folder)
        window.run(seconds: 0.5)
        let v = try XCTUnwrap(window.dump().viewport)
        func probe() throws -> (r: Int, g: Int, b: Int) { try window.screenPixels().pixel(30, 608) }
        window.click(v.x + 94, v.y + 200)
        window.run(seconds: 0.8)
        var p = try probe()
        XCTAssertTrue(p.r < 40 && p.b > 200, "a click on a card opens its detail: \(p)")
        window.press(SDLK_ESCAPE)
        window.run(seconds: 0.8)
        p = try probe()
        XCTAssertGreaterThan(p.r, 150, "Escape closes the detail: \(p)")

        window.drag([660, 630, 590, 540, 480, 420, 360, 330].map { (v.x + 180, v.y + $0) })
        window.run(seconds: 1)
        p = try probe()
        XCTAssertTrue(p.r < 40 && p.b > 200, "an edge drag up presents the panel: \(p)")
        window.drag([330, 360, 420, 480, 540, 600, 650].map { (v.x + 180, v.y + $0) })
        window.run(seconds: 1)
        p = try probe()
        XCTAssertTrue(p.b < 200 || p.r > 150, "a drag down dismisses the panel: \(p)")
    }

    /// H shows the HUD at the top of the inspector (which moves down to make room) and H hides it;
    /// the device screen is never covered: its pixels are the same with the HUD shown.
    func testHShowsTheHUDBesideTheDeviceAndHHidesIt() throws {
        let window = try openSteppedWindow(["--seed", "3", "--skip-splash"], folder: folder)
        XCTAssertTrue(window.step(until: { $0.control("save") != nil }))
        window.run(seconds: 0.8)
        let before = try XCTUnwrap(window.dump().control("save")).y
        XCTAssertFalse(window.dump().tools.contains("hud"))
        let off = try window.screenPixels(asDrawn: true)
        window.press(SDLK_h)
        XCTAssertTrue(window.step(until: { $0.tools.contains("hud") }))
        window.step(4)
        let during = try XCTUnwrap(window.dump().control("save")).y
        XCTAssertGreaterThan(during, before + 100, "the inspector moves down under the HUD")
        XCTAssertLessThan(try window.screenPixels(asDrawn: true).differing(from: off, tolerance: 0), 2000, "the HUD covers none of the device")
        window.press(SDLK_h)
        XCTAssertTrue(window.step(until: { !$0.tools.contains("hud") }))
        window.step(4)
        XCTAssertEqual(try XCTUnwrap(window.dump().control("save")).y, before)
    }

    /// With every tool hidden (Tab), T, C and H show the inspector with that tool; with the
    /// inspector hidden (I), T shows it with the timeline; with the tools hidden, ? lists the
    /// keys. Q twice quits.
    func testKeysShowWhatTheyNameEvenWithTheToolsHidden() throws {
        let window = try openSteppedWindow(["--seed", "3", "--skip-splash"], folder: folder)
        XCTAssertTrue(window.step(until: { $0.control("curve") != nil }))
        for (key, tool) in [(SDLK_t, "timeline"), (SDLK_c, "curves"), (SDLK_h, "hud")] {
            // The tool is on when the tools are hidden: the key must show it, not turn it off unseen.
            if !window.dump().tools.contains(tool) {
                window.press(key)
                XCTAssertTrue(window.step(until: { $0.tools.contains(tool) }))
            }
            window.press(SDLK_TAB)
            XCTAssertTrue(window.step(until: { $0.flag("toolsHidden") == true }), "Tab hides the tools")
            window.press(key)
            XCTAssertTrue(window.step(until: { $0.flag("toolsHidden") == false }), "\(tool): the key shows the tools")
            let dump = window.dump()
            XCTAssertTrue(dump.tools.contains(tool) && dump.flag("inspector") == true, "tools hidden, the key shows the inspector with the \(tool): \(dump.view)")
        }
        window.press(SDLK_i)
        XCTAssertTrue(window.step(until: { $0.flag("inspector") == false }), "I hides the inspector")
        window.press(SDLK_t)
        XCTAssertTrue(window.step(until: { $0.flag("inspector") == true && $0.tools.contains("timeline") }), "inspector hidden, T shows it with the timeline")
        window.press(SDLK_TAB)
        XCTAssertTrue(window.step(until: { $0.flag("toolsHidden") == true }))
        window.press(SDLK_SLASH, modifiers: KMOD_LSHIFT)
        XCTAssertTrue(window.step(until: { $0.flag("toolsHidden") == false && $0.control("keys.tab") != nil && $0.control("keys.q") != nil }),
                      "tools hidden, ? shows the key list")
        window.press(SDLK_q, frames: 4)
        window.press(SDLK_q, frames: 4)
        XCTAssertFalse(window.isOpen, "Q twice quits")
    }

    /// Every overlay used (the HUD, the timeline, curves, the key list, the tools hidden and shown,
    /// a card opened and closed, the panel presented by P and by a drag, a scrub on the timeline
    /// strip), then Q: the window closes with no invalid-parameter error from SDL and no crash.
    func testQAfterEveryOverlayFreesEverythingInOrder() throws {
        setenv("SPLASHLAB_CHECK_SDL_ERRORS", "1", 1)
        addTeardownBlock { unsetenv("SPLASHLAB_CHECK_SDL_ERRORS") }
        let standardError = captureStandardError(folder: folder)
        let window = try SteppedWindow(["--seed", "3"], folder: folder)
        window.run(seconds: 3.4)  // past the splash and its hole, so its textures exist too
        let v = try XCTUnwrap(window.dump().viewport)
        for key in [SDLK_h, SDLK_t, SDLK_c] { window.press(key) }
        window.press(SDLK_SLASH, modifiers: KMOD_LSHIFT)
        window.press(SDLK_TAB); window.press(SDLK_TAB)
        window.click(v.x + 94, v.y + 200); window.run(seconds: 0.8)
        window.press(SDLK_ESCAPE); window.run(seconds: 0.6)
        window.press(SDLK_p); window.run(seconds: 0.8); window.press(SDLK_p); window.run(seconds: 0.8)
        window.drag(from: v.x + 180, v.y + 660, to: v.x + 180, v.y + 330); window.run(seconds: 0.8)
        window.drag(from: v.x + 180, v.y + 330, to: v.x + 180, v.y + 650); window.run(seconds: 0.6)
        window.drag(from: v.x + 40, v.y + 650, to: v.x + 300, v.y + 650)
        window.press(SDLK_SLASH, modifiers: KMOD_LSHIFT)
        for key in [SDLK_c, SDLK_t, SDLK_h] { window.press(key) }
        window.run(seconds: 0.3)
        window.press(SDLK_q, frames: 4)
        XCTAssertFalse(window.isOpen, "Q quits")
        window.close()
        let invalid = standardError.text.split(separator: "\n").filter {
            $0.range(of: #"^SDL error: (Parameter '.*' is invalid|Invalid (texture|renderer|window))"#, options: [.regularExpression, .caseInsensitive]) != nil
        }
        XCTAssertEqual(invalid, [], "no invalid-parameter error from SDL")
    }

    // MARK: The launch screen

    /// The window's first frame is the launch screen, and it measures the blink between that and
    /// the intro's frame 0: none with the defaults, a large one when the logo starts at 40 pt.
    func testTheLaunchScreenIsTheFirstFrameAndTheBlinkIsMeasured() throws {
        for (name, startSize) in [("defaults", nil), ("start-size-40", 40)] as [(String, Int?)] {
            let sub = folder + "/" + name
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            var arguments = ["--inspector", "off", "--seed", "3"]
            if let startSize {
                try #"{"splash": {"logo": {"startSize": \#(startSize)}}}"#.write(toFile: sub + "/timings.json", atomically: true, encoding: .utf8)
                arguments += ["--timings", sub + "/timings.json"]
            }
            let window = try SteppedWindow(arguments, folder: sub)
            defer { window.close() }
            XCTAssertTrue(window.step(until: { $0.view("launchBlink") != nil }, limit: 60), "\(name): no launchBlink in the UI dump")
            let dump = window.dump()
            XCTAssertEqual((dump.view("launchFramesShown") as? NSNumber)?.intValue, 1, "\(name): the launch screen is the one first frame")
            let pixels = try XCTUnwrap(((dump.view("launchBlink") as? [String: Any])?["differingPixels"] as? NSNumber)?.intValue)
            if startSize == nil { XCTAssertEqual(pixels, 0, "the intro's first frame is the launch screen (no blink)") }
            else { XCTAssertGreaterThan(pixels, 1000, "a logo starting at 40 pt blinks") }
        }
    }

    /// D switches to dark: the project's launch colour set's dark value (28, 40, 51) is the
    /// intro's background; the --screen files come under the hole, and N shows the next.
    func testDSwitchesTheAppearanceAndNShowsTheNextScreen() throws {
        let red = folder + "/red.png", blue = folder + "/blue.png"
        try writePNG([UInt8](repeating: 0, count: 375 * 667 * 4).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 }, width: 375, height: 667, to: red)
        try writePNG([UInt8](repeating: 0, count: 375 * 667 * 4).enumerated().map { $0.offset % 4 >= 2 ? 255 : 0 }, width: 375, height: 667, to: blue)
        let project = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/LaunchProjects/StoryboardProject").path
        let window = try openSteppedWindow(["--inspector", "off", "--seed", "3", "--project", project, "--screen", red, blue], folder: folder)
        XCTAssertTrue(window.step(until: { $0.view("launchBlink") != nil }, limit: 60))
        window.press(SDLK_d)
        XCTAssertTrue(window.step(until: { $0.view("appearance") as? String == "dark" }), "D shows the dark appearance")
        window.press(SDLK_r)  // the splash again, over the dark launch colour
        window.run(seconds: 0.3)
        let corner = try window.screenPixels().pixel(4, 4)
        XCTAssertTrue(corner == (28, 40, 51), "the intro's background is the dark value: \(corner)")
        window.press(SDLK_ESCAPE)  // a key during the splash skips it: the hole opens on the first screen
        window.run(seconds: 1.5)
        let first = try window.screenPixels().pixel(187, 333)
        XCTAssertTrue(first == (255, 0, 0), "the first screen is under the hole: \(first)")
        window.press(SDLK_n)
        XCTAssertTrue(window.step(until: { $0.view("screen") as? String == blue }), "N shows the next screen")
        window.run(seconds: 0.3)
        let next = try window.screenPixels().pixel(187, 333)
        XCTAssertTrue(next == (0, 0, 255), "blue is under the hole now: \(next)")
        window.press(SDLK_q, frames: 4)
        XCTAssertFalse(window.isOpen)
    }
}
