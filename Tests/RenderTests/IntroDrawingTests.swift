@testable import App
import Session
import Foundation
import Geometry
@testable import Render
import Scenes
import XCTest

/// How an intro's frame reaches the screen: texel for texel on whole pixels when drawn at the
/// size it is shown, its background left out under its opaque area with the same pixels as
/// drawn whole, and a frame read back as BGRA (for `record`'s encoder) holding the colours read
/// as RGBA.
final class IntroDrawingTests: XCTestCase {
    static let intro = RenderHarness.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro").path
    let proMax = Device.named("iphone-15-pro-max")!

    /// Premultiplied ARGB words (alpha in the high byte), `width` × `height`, all opaque but
    /// those `transparent` names.
    func frame(width: Int, height: Int, transparent: (Int, Int) -> Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where !transparent(x, y) {
                let o = (y * width + x) * 4
                bytes[o] = 10; bytes[o + 1] = 20; bytes[o + 2] = 30; bytes[o + 3] = 255
            }
        }
        return bytes
    }

    func area(_ bytes: [UInt8], _ width: Int, _ height: Int) -> OpaqueArea {
        bytes.withUnsafeBytes { OpaqueArea($0, width: width, height: height) }
    }

    func testTheOpaqueAreaIsTheLongestRunOfOpaqueRowsWithinTheirEdges() {
        XCTAssertEqual(area(frame(width: 100, height: 80) { _, _ in false }, 100, 80), OpaqueArea(columns: 0..<100, rows: 0..<80))
        // A last column partly covered, as scaling leaves a full-frame layer's side, and the last
        // rows under a wave's edge: the columns inside, the rows above.
        let scaled = frame(width: 100, height: 80) { x, y in x == 99 || (y >= 70 && x % 9 == 0) }
        XCTAssertEqual(area(scaled, 100, 80), OpaqueArea(columns: 0..<99, rows: 0..<70))
        // One transparent pixel in the middle of row 30 splits the rows: the longer run wins.
        let split = frame(width: 100, height: 80) { x, y in x == 50 && y == 30 }
        XCTAssertEqual(area(split, 100, 80), OpaqueArea(columns: 0..<100, rows: 31..<80))
        // A logo on a transparent ground: no row is opaque from edge to edge.
        let logo = frame(width: 100, height: 80) { x, y in (x - 50) * (x - 50) + (y - 40) * (y - 40) > 900 }
        XCTAssertTrue(area(logo, 100, 80).isEmpty)
        // More than `edge` transparent pixels at a side is not an edge.
        let inset = frame(width: 100, height: 80) { x, _ in x < OpaqueArea.edge + 1 }
        XCTAssertTrue(area(inset, 100, 80).isEmpty)
        XCTAssertTrue(area([], 0, 0).isEmpty)
    }

    func testTheStripsAroundARectangleCoverTheRestOfTheScreenOnce() {
        let screen = PixelRect(x: 10, y: 20, width: 300, height: 500)
        for hole in [PixelRect(x: 10, y: 100, width: 300, height: 200), PixelRect(x: 50, y: 60, width: 100, height: 100),
                     PixelRect(x: 0, y: 0, width: 400, height: 700), PixelRect(x: 400, y: 0, width: 10, height: 10)] {
            let strips = SceneRenderer.strips(of: screen, around: hole)
            var covered = 0
            for y in screen.y..<(screen.y + screen.height) {
                for x in screen.x..<(screen.x + screen.width) {
                    let inHole = x >= hole.x && x < hole.x + hole.width && y >= hole.y && y < hole.y + hole.height
                    let count = strips.filter { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }.count
                    XCTAssertEqual(count, inHole ? 0 : 1, "(\(x), \(y)) around \(hole)")
                    covered += count
                    if count != (inHole ? 0 : 1) { return }
                }
            }
            XCTAssertTrue(strips.allSatisfy { $0.width > 0 && $0.height > 0 })
            XCTAssertGreaterThan(covered + (hole.width * hole.height), 0)
        }
    }

    /// `white-start.json` holds a white solid over its whole frame for frames 0-9: opaque, drawn
    /// over the launch screen's gradient. Left out under the frame, the background gives the
    /// same bytes as drawn whole, at 1x and at the Pro Max's 3x (where the frame's rectangle
    /// falls between pixels and is put on whole ones).
    func testTheBackgroundLeftOutUnderAnOpaqueIntroGivesTheSamePixels() throws {
        for scale in [1.0, 3.0] {
            var options = PreviewOptions(device: proMax, seed: 3)
            options.introPath = Self.intro + "/white-start.json"
            let (session, renderer, w, h) = try RenderHarness.make(options, scale: scale)
            let scene = session.preview.scene(at: 0.1)
            XCTAssertTrue(scene.commands.contains { if case .intro = $0 { return true } else { return false } }, "the intro plays at 0.1 s")
            renderer.strategies.drawsOnlyVisibleIntroBackground = false
            let whole = try RenderHarness.draw(scene, with: renderer, w, h)
            renderer.strategies.drawsOnlyVisibleIntroBackground = true
            renderer.introTexture = IntroTextureSlot()
            let visible = try RenderHarness.draw(scene, with: renderer, w, h)
            XCTAssertFalse(renderer.introTexture.opaqueArea.isEmpty, "the white frame is found opaque at \(scale)x")
            XCTAssertTrue(whole.pixels == visible.pixels, "the same bytes at \(scale)x")
            // The frame is there: white in the middle of the screen, the gradient at the top.
            XCTAssertEqual(whole.pixel(w / 2, h / 2).0, 255)
            XCTAssertNotEqual(whole.pixel(w / 2, 2).0, 255)
        }
    }

    /// A recording keeps no Lottie frame (`IntroMedia.keepsDrawnLottieFrames`): each is drawn into
    /// the animation's own words, with the pixels the cache would have kept.
    func testALottieFrameNotKeptHasThePixelsOfAKeptOne() throws {
        let kept = try IntroMedia(path: Self.intro + "/red-square.json", deviceScale: 3)
        let keptPixels = try kept.withFrame(3, width: 120, height: 90, premultiplied: true) { bytes, _ in Array(bytes) }
        XCTAssertGreaterThan(kept.cachedBytes, 0, "a window keeps the frame for scrubbing")
        let drawnOnce = try IntroMedia(path: Self.intro + "/red-square.json", deviceScale: 3)
        drawnOnce.keepsDrawnLottieFrames = false
        let pixels = try drawnOnce.withFrame(3, width: 120, height: 90, premultiplied: true) { bytes, _ in Array(bytes) }
        XCTAssertEqual(drawnOnce.cachedBytes, 0)
        XCTAssertEqual(pixels, keptPixels)
        XCTAssertTrue(pixels.contains { $0 != 0 }, "the square is drawn")
    }

    /// A frame drawn at the size it is shown is copied texel for texel: `red-square.json`'s
    /// edges are sharp, every pixel of the square's middle row either pure red or not red at all
    /// but for the square's own anti-aliased sides, as rlottie drew them.
    func testAnIntroAtItsShownSizeIsDrawnOnWholePixels() throws {
        var options = PreviewOptions(device: proMax, seed: 3)
        options.introPath = Self.intro + "/red-square.json"
        let (session, renderer, w, h) = try RenderHarness.make(options, scale: 3)
        let scene = session.preview.scene(at: 0.2)
        guard let picture = scene.commands.lazy.compactMap({ command -> IntroPicture? in
            if case let .intro(p) = command { return p } else { return nil }
        }).first else { return XCTFail("the intro plays at 0.2 s") }
        _ = try RenderHarness.draw(scene, with: renderer, w, h)
        let placed = try XCTUnwrap(renderer.placeIntro(picture, PointToPixel(scale: 3)))
        XCTAssertTrue(placed.atShownSize)
        XCTAssertEqual(placed.destination.x, placed.destination.x.rounded())
        XCTAssertEqual(placed.destination.y, placed.destination.y.rounded())
        XCTAssertEqual(Int(placed.destination.w), placed.texture.width)
    }

    /// A context with an alpha channel reads BGRA: the bytes of its RGBA read in another order,
    /// and the colours a context without alpha (SDL's default) draws for the same scene.
    func testABGRAReadBackHoldsTheColoursOfTheRGBAOne() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        var options = PreviewOptions(device: Device.named("iphone-se")!, seed: 3)
        options.introPath = Self.intro + "/red-square.json"
        let session = try PreviewSession(options, builtInAssets: RenderHarness.builtInAssets)
        let w = Int(session.options.device.width), h = Int(session.options.device.height)
        var reads: [(ChannelOrder, [UInt8])] = []
        for alpha in [false, true] {
            let context = try RenderContext(target: .offscreen(width: w, height: h), rendererName: nil, vsync: false, alphaFramebuffer: alpha)
            XCTAssertEqual(context.fastestReadOrder, alpha ? .bgra : .rgba)
            let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: 1), logoPreparation: nil)
            for t in [0.2, 2.3] {
                try renderer.draw(session.preview.scene(at: t))
                for order in alpha ? [ChannelOrder.rgba, .bgra] : [.rgba] {
                    var bytes = [UInt8](repeating: 0, count: w * h * 4)
                    let rows = try bytes.withUnsafeMutableBytes { try context.readPixels(width: w, height: h, channels: order, into: $0) }
                    XCTAssertEqual(rows, .bottomUp)
                    reads.append((order, bytes))
                }
            }
            context.close()
        }
        // Per time: the default context's RGBA, then the alpha context's RGBA and BGRA.
        for t in 0..<2 {
            let plain = reads[t].1, rgba = reads[2 + 2 * t].1, bgra = reads[3 + 2 * t].1
            var differing = 0
            for p in 0..<(w * h) {
                let o = p * 4
                if plain[o] != rgba[o] || plain[o + 1] != rgba[o + 1] || plain[o + 2] != rgba[o + 2] { differing += 1 }
                if bgra[o] != rgba[o + 2] || bgra[o + 1] != rgba[o + 1] || bgra[o + 2] != rgba[o] || bgra[o + 3] != rgba[o + 3] { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "frame \(t)")
            XCTAssertGreaterThan(Set(plain).count, 10, "a frame with colours in it")
        }
    }
}
