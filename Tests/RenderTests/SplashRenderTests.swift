@testable import App
import Session
import Formats
import Foundation
import XCTest
@testable import Geometry
@testable import Render
import Scenes

final class SplashRenderTests: XCTestCase {
    let se = Device.named("iphone-se")!

    /// The classic blink: with the built-in launch.json and timings, the intro's first frame is
    /// the launch screen, pixel for pixel, though each is drawn from its own source.
    func testFrameZeroEqualsTheLaunchScreenWithTheDefaults() throws {
        for device in [se, Device.named("ipad-air-11", orientation: .landscape)!] {
            let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: device, seed: 4), scale: 1)
            let launch = try RenderHarness.draw(session.launchScene(), with: renderer, w, h)
            let first = try RenderHarness.draw(session.preview.scene(at: 0), with: renderer, w, h)
            XCTAssertEqual(launch.pixels, first.pixels, device.name)
        }
    }

    /// During the disappearance, inside the hole is the feed; outside it is the backdrop gradient.
    func testHoleShowsTheFeedInsideAndTheBackdropOutside() throws {
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: 2)
        let t = 2.2
        let frame = session.preview.splash.frame(at: t)
        let hole = frame.layers!.hole!
        XCTAssertNil(frame.layers!.holeLogo, "the probe wants the logo over the hole gone")
        let composite = try RenderHarness.draw(session.preview.scene(at: t), with: renderer, w, h)
        let feedOnly = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.feed(scale: frame.feedScale)]), with: renderer, w, h)
        let backdropOnly = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.launchBackground]), with: renderer, w, h)
        // The logo's body is around its centre; probe a small square there (in pixels).
        let cx = Int(hole.x * 2), cy = Int(hole.y * 2)
        for dy in stride(from: -10, through: 10, by: 5) {
            for dx in stride(from: -10, through: 10, by: 5) {
                // The hole samples the feed texture through geometry, the reference copies it whole:
                // allow a pixel of filtering difference.
                XCTAssertLessThanOrEqual(RenderHarness.nearestDistance(composite, feedOnly, cx + dx, cy + dy, radius: 1), 8, "inside at \(dx),\(dy)")
            }
        }
        // Corners are far outside the hole (a quarter of the screen wide at this time), away from the text.
        for (x, y) in [(4, 4), (w - 5, 4), (4, h - 5), (w - 5, h - 5)] {
            XCTAssertLessThanOrEqual(RenderHarness.distance(composite.pixel(x, y), backdropOnly.pixel(x, y)), 2, "outside at \(x),\(y)")
            XCTAssertGreaterThan(RenderHarness.distance(composite.pixel(x, y), feedOnly.pixel(x, y)), 20, "backdrop and feed differ at \(x),\(y)")
        }
    }

    func testAfterDoneTheFrameIsTheFeedAlone() throws {
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: 1)
        let done = try RenderHarness.draw(session.preview.scene(at: 3), with: renderer, w, h)
        let feed = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.feed(scale: 1)]), with: renderer, w, h)
        XCTAssertEqual(done.pixels, feed.pixels)
    }

    /// The GL renderer and SDL's software renderer agree, except for a sliver of edge pixels.
    func testGLAndSoftwareRenderersMatch() throws {
        for t in [0.1, 1.0, 2.16, 2.4, 3.0] {
            let (s1, gl, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: 1, renderer: "opengles2")
            let a = try RenderHarness.draw(s1.preview.scene(at: t), with: gl, w, h)
            let (s2, sw, _, _) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: 1, renderer: "software")
            let b = try RenderHarness.draw(s2.preview.scene(at: t), with: sw, w, h)
            // Edges may move by a pixel between GL's and SDL's software rasterisation and filtering.
            let share = RenderHarness.mismatchShare(a, b, colourTolerance: 40, radius: 1)
            // SDL's software geometry samples nearest-neighbour where GL filters linearly, so text in the
            // slightly scaled feed differs at glyph edges: allow 2 % of pixels.
            XCTAssertLessThan(share, 0.02, "t=\(t): \(share * 100)% of pixels differ")
        }
    }

    func testGoldenFrames() throws {
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: 1)
        try RenderHarness.assertMatchesGolden(try RenderHarness.draw(session.launchScene(), with: renderer, w, h), "launch-iphone-se")
        try RenderHarness.assertMatchesGolden(try RenderHarness.draw(session.preview.scene(at: 2.3), with: renderer, w, h), "hole-iphone-se-2.3")
    }

    func testReduceMotionCrossFadesWithoutAHole() throws {
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4, reduceMotion: true), scale: 1)
        // The still splash goes when loading completes (0.8 s), with no minimum hold.
        let mid = try RenderHarness.draw(session.preview.scene(at: 0.9), with: renderer, w, h)
        let splash = try RenderHarness.draw(session.preview.scene(at: 0.5), with: renderer, w, h)
        let feed = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.feed(scale: 1)]), with: renderer, w, h)
        // A corner pixel is a blend of the two, strictly between them.
        let m = mid.pixel(4, 4), s = splash.pixel(4, 4), f = feed.pixel(4, 4)
        XCTAssertTrue((min(s.0, f.0) + 2...max(s.0, f.0) - 2).contains(m.0), "\(m) between \(s) and \(f)")
    }
}

final class AssetTests: XCTestCase {
    let se = Device.named("iphone-se")!

    func temporaryFolder() -> String {
        let dir = NSTemporaryDirectory() + "splashlab-assets-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func testMissingAssetFallsBackWithAWarning() throws {
        let dir = temporaryFolder()
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4, assetsDirectory: dir), scale: 1)
        _ = try RenderHarness.draw(session.preview.scene(at: 2.16), with: renderer, w, h)
        let warnings = session.catalog.warnings + renderer.images.catalog.warnings
        XCTAssertTrue(warnings.contains { $0.contains("\(dir)/logo.png not found; using the built-in logo.png") }, "\(warnings)")
    }

    /// A bad asset is refused when the renderer is made (it primes the first frames) or when the
    /// frame that needs it is drawn, whichever comes first; either way the message names the file.
    func makeAndDraw(_ options: PreviewOptions, at t: Double) throws {
        let (session, renderer, w, h) = try RenderHarness.make(options, scale: 1)
        _ = try RenderHarness.draw(session.preview.scene(at: t), with: renderer, w, h)
    }

    func testCorruptPNGNamesTheFile() throws {
        let dir = temporaryFolder()
        _ = FileManager.default.createFile(atPath: dir + "/logo.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 40)))
        XCTAssertThrowsError(try makeAndDraw(PreviewOptions(device: se, seed: 4, assetsDirectory: dir), at: 0)) {
            XCTAssertTrue("\($0)".contains("\(dir)/logo.png"), "\($0)")
        }
    }

    func testLogoWithoutAlphaIsRefused() throws {
        let dir = temporaryFolder()
        // An opaque RGB image: no alpha channel, so no shape for the hole.
        let pixels = [UInt8](repeating: 200, count: 64 * 64 * 4)
        try writePNG(pixels, width: 64, height: 64, to: dir + "/logo.png")
        XCTAssertThrowsError(try makeAndDraw(PreviewOptions(device: se, seed: 4, assetsDirectory: dir), at: 0)) {
            XCTAssertTrue("\($0)".contains("\(dir)/logo.png: the logo has no transparent pixels"), "\($0)")
        }
    }

    /// The logo decoded and traced on another thread while the context is made draws the same
    /// pixels, and a bad logo gives the same message, as when it is prepared in line.
    func testALogoPreparedEarlyDrawsTheSameAndFailsTheSame() throws {
        for t in [0.0, 0.15, 2.3] {
            let options = PreviewOptions(device: se, seed: 4)
            let (s1, inLine, w, h) = try RenderHarness.make(options)
            let a = try RenderHarness.draw(s1.preview.scene(at: t), with: inLine, w, h)
            let (s2, early, _, _) = try RenderHarness.make(options, preparingLogoEarly: true)
            let b = try RenderHarness.draw(s2.preview.scene(at: t), with: early, w, h)
            XCTAssertEqual(a.pixels, b.pixels, "at \(t) s")
        }
        let dir = temporaryFolder()
        try writePNG([UInt8](repeating: 200, count: 64 * 64 * 4), width: 64, height: 64, to: dir + "/logo.png")
        let options = PreviewOptions(device: se, seed: 4, assetsDirectory: dir)
        var messages: [String] = []
        for early in [false, true] {
            XCTAssertThrowsError(try RenderHarness.make(options, preparingLogoEarly: early)) { messages.append("\($0)") }
        }
        XCTAssertEqual(messages.count, 2)
        XCTAssertEqual(messages.first, messages.last)
        XCTAssertTrue(messages.first?.contains("\(dir)/logo.png: the logo has no transparent pixels") ?? false, "\(messages)")
    }

    func testOversizedImageIsRefusedBeforeDecoding() throws {
        let dir = temporaryFolder()
        // A PNG header claiming 9000×100 px: refused from the header alone.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x23, 0x28, 0, 0, 0, 100, 8, 6, 0, 0, 0]
        _ = FileManager.default.createFile(atPath: dir + "/logo.png", contents: Data(header))
        XCTAssertThrowsError(try AssetCatalog.pngSize(dir + "/logo.png")) {
            XCTAssertTrue("\($0)".contains("9000x100 px; images over 8192 px on a side are refused"), "\($0)")
        }
        XCTAssertThrowsError(try makeAndDraw(PreviewOptions(device: se, seed: 4, assetsDirectory: dir), at: 0)) {
            XCTAssertTrue("\($0)".contains("refused"), "\($0)")
        }
    }

    /// A broken launch.json is a warning with its line and column, and the next source is used.
    func testBrokenLaunchDescriptionWarnsWithLineAndColumnAndFallsBack() throws {
        let dir = temporaryFolder()
        try "{\n  \"gradient\": [\n    {\"color\": \"#12345\"}\n  ]\n}".write(toFile: dir + "/launch.json", atomically: true, encoding: .utf8)
        let session = try PreviewSession(PreviewOptions(device: se, seed: 1, assetsDirectory: dir), builtInAssets: RenderHarness.builtInAssets)
        XCTAssertTrue(session.catalog.warnings.contains { $0.contains("\(dir)/launch.json:3:15: gradient[0].color must be #RRGGBB") }, "\(session.catalog.warnings)")
        XCTAssertEqual(session.launchScreen.source, "built-in launch.json")
    }

    func testLaunchImageMatchedToTheDeviceIsUsedWhenThereIsNoDescription() throws {
        let dir = temporaryFolder()
        // A 375x667 red image for iPhone SE at @1x... the device's pixel size at @2x is 750x1334.
        let red = [UInt8](repeating: 0, count: 750 * 1334 * 4).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 } as [UInt8]
        try writePNG(red, width: 750, height: 1334, to: dir + "/launch-750x1334.png")
        let other = [UInt8](repeating: 255, count: 1334 * 750 * 4)
        try writePNG(other, width: 1334, height: 750, to: dir + "/launch-1334x750.png")
        var catalog = try AssetCatalog(builtIn: RenderHarness.builtInAssets, user: dir)
        XCTAssertEqual(catalog.launchScreen(device: se).background, .image(path: dir + "/launch-750x1334.png"))
        XCTAssertEqual(catalog.launchScreen(device: se.oriented(.landscape)).background, .image(path: dir + "/launch-1334x750.png"))
        // No match for another device: white, with a warning, as iOS shows when no launch image fits.
        XCTAssertEqual(catalog.launchScreen(device: Device.named("iphone-15")!), .white)
        XCTAssertTrue(catalog.warnings.contains { $0.contains("no launch image in \(dir) is 1179x2556 px") }, "\(catalog.warnings)")
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4, assetsDirectory: dir), scale: 1)
        let frame = try RenderHarness.draw(session.launchScene(), with: renderer, w, h)
        XCTAssertLessThanOrEqual(RenderHarness.distance(frame.pixel(5, 5), (255, 0, 0, 255)), 2)
        // A launch image is the whole screen: no logo is drawn over its centre.
        XCTAssertLessThanOrEqual(RenderHarness.distance(frame.pixel(w / 2, h / 2), (255, 0, 0, 255)), 2)
    }
}

final class LogoOutlineTests: XCTestCase {
    /// The built-in logo's art ends inside its square: no edge column or row is more than 1% opaque,
    /// so no launch screen or hole shows it cut.
    func testBuiltInLogoIsNotCutAtItsEdges() throws {
        let image = try readPNG(RenderHarness.builtInAssets + "/logo.png")
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
        let limit = UInt8(255 / 100)
        for i in 0..<image.width {
            for (x, y) in [(i, 0), (i, image.height - 1)] { XCTAssertLessThanOrEqual(alpha(x, y), limit, "row \(y), column \(x)") }
        }
        for i in 0..<image.height {
            for (x, y) in [(0, i), (image.width - 1, i)] { XCTAssertLessThanOrEqual(alpha(x, y), limit, "column \(x), row \(y)") }
        }
        // And the art is there: the centre is opaque.
        XCTAssertEqual(alpha(image.width / 2, image.height / 2), 255)
    }

    /// The built-in logo (a star and a droplet, neither inside the other) fills as fans, whose
    /// area matches the general fill's.
    func testStarShapedOutlinesFillAsFans() throws {
        let image = try readPNG(RenderHarness.builtInAssets + "/logo.png")
        let alpha = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        let outline = LogoOutline(alpha: alpha, width: image.width, height: image.height)
        XCTAssertEqual(outline.contours.count, 2)
        XCTAssertNotNil(LogoOutline.starFans(outline.contours))
        func area(_ t: [UnitPoint]) -> Double {
            stride(from: 0, to: t.count, by: 3).reduce(0.0) { sum, i in
                let a = t[i], b = t[i + 1], c = t[i + 2]
                return sum + abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2
            }
        }
        XCTAssertEqual(area(outline.fillTriangles), area(LogoOutline.trapezoids(outline.contours)), accuracy: 1e-9)
    }
}
