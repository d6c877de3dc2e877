@testable import App
import Session
import CSDL2
import Foundation
import Geometry
@testable import Render
import Scenes
import XCTest

/// The difference view's one-pass shader under desktop GL (the window's renderer) against the
/// blend passes it replaces: the same bytes, and SDL's own drawing unchanged after it.
final class CompareCompositorTests: XCTestCase {
    let se = Device.named("iphone-se")!

    /// The screen inside a larger output at an offset, as in the window, on desktop GL.
    struct Bench {
        let session: PreviewSession, context: RenderContext, scenes: SceneRenderer
        let compositor: CompareCompositor, width: Int, height: Int
        static let mapping = PointToPixel(scale: 1, offsetX: 17, offsetY: 11)
    }

    func makeBench() throws -> Bench {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let session = try PreviewSession(PreviewOptions(device: se, seed: 4), builtInAssets: RenderHarness.builtInAssets)
        let width = Int(se.width) + 40, height = Int(se.height) + 30
        let context = try RenderContext(target: .offscreen(width: width, height: height), rendererName: "opengl", vsync: false)
        let scenes = try session.makeSceneRenderer(context: context, mapping: Bench.mapping, logoPreparation: nil)
        return Bench(session: session, context: context, scenes: scenes, compositor: CompareCompositor(scenes: scenes), width: width, height: height)
    }

    func testTheOnePassDifferenceWritesTheBytesTheBlendPassesWriteAndLeavesSDLsStateAlone() throws {
        // The output is filled with another colour before each draw.
        let bench = try makeBench()
        let (session, context, scenes, compositor, width, height, mapping) = (bench.session, bench.context, bench.scenes, bench.compositor,
                                                                              bench.width, bench.height, Bench.mapping)
        XCTAssertNotNil(GLDifferencePass(context: context), "desktop GL compiles the difference shader")
        defer { compositor.release() }
        let a = session.preview.scene(at: 2.2), laterScene = session.preview.scene(at: 2.45)

        func fill() {
            SDL_SetRenderTarget(context.renderer, nil)
            SDL_SetRenderDrawColor(context.renderer, 30, 60, 90, 255)
            SDL_RenderClear(context.renderer)
        }
        // B as a picture of another size, stretched over the screen with a bilinear filter.
        let pictureWidth = Int(se.width) / 2 + 3, pictureHeight = Int(se.height) / 2 + 1
        var picture = [UInt8](repeating: 255, count: pictureWidth * pictureHeight * 4)
        for y in 0..<pictureHeight {
            for x in 0..<pictureWidth {
                let o = (y * pictureWidth + x) * 4
                picture[o] = UInt8((x * 7 + y) % 256); picture[o + 1] = UInt8((y * 5) % 256); picture[o + 2] = UInt8((x * y) % 256)
            }
        }
        let handle = try XCTUnwrap(SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                                     Int32(pictureWidth), Int32(pictureHeight)))
        defer { SDL_DestroyTexture(handle) }
        XCTAssertEqual(SDL_UpdateTexture(handle, nil, picture, Int32(pictureWidth * 4)), 0)

        // The blend passes sample a stretched picture twice, on the screen and into A's texture;
        // llvmpipe interpolates the two from different origins, and they may disagree by a level.
        let screenWidth = Int(se.width), screenHeight = Int(se.height)
        fill()
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
        compositor.copy(handle, to: PixelRect(x: 17, y: 11, width: screenWidth, height: screenHeight))
        let pictureOnScreen = try context.readPixels(x: 17, y: 11, width: screenWidth, height: screenHeight)
        let target = try XCTUnwrap(SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                                     Int32(screenWidth), Int32(screenHeight)))
        defer { SDL_DestroyTexture(target) }
        SDL_SetRenderTarget(context.renderer, target)
        compositor.copy(handle, to: PixelRect(x: 0, y: 0, width: screenWidth, height: screenHeight))
        let pictureInTexture = try context.readPixels(x: 0, y: 0, width: screenWidth, height: screenHeight)
        SDL_SetRenderTarget(context.renderer, nil)
        let samplesDisagreeing = zip(pictureOnScreen, pictureInTexture).filter { $0 != $1 }.count

        let sides: [(String, CompareSide, exact: Bool)] = [("a scene", .scene(laterScene), true), ("a picture of the screen's size", .image(target), true),
                                                           ("a stretched picture", .image(handle), false)]
        for (name, b, exact) in sides {
            var frames = [[UInt8]]()
            for onePass in [true, false] {
                compositor.drawsDifferenceInOnePass = onePass
                fill()
                XCTAssertTrue(try compositor.drawDifference(a: a, b: b, mapping: mapping), name)
                frames.append(try context.readPixels(width: width, height: height))
            }
            if exact {
                XCTAssertEqual(differingBytes(frames[0], frames[1]), "0", "\(name): the one pass and the blend passes write the same bytes")
            } else {
                let differences = zip(frames[0], frames[1]).map { abs(Int($0) - Int($1)) }
                XCTAssertLessThanOrEqual(differences.max() ?? 0, 1, "\(name): within a level of the blend passes")
                XCTAssertLessThanOrEqual(differences.filter { $0 > 0 }.count, samplesDisagreeing,
                                         "\(name): only where the blend passes' two samples of the picture may disagree")
            }
            let frame = RenderHarness.Frame(pixels: frames[0], width: width, height: height)
            XCTAssertTrue(frame.pixel(5, 5) == (0, 0, 0, 255), "\(name): outside the screen is cleared, as the blend passes clear it")
            let screenPixels = (11..<(11 + Int(se.height))).flatMap { y in (17..<(17 + Int(se.width))).map { frame.pixel($0, y) } }
            XCTAssertTrue(screenPixels.contains { $0.0 + $0.1 + $0.2 > 0 }, "\(name): A and B differ somewhere")
        }

        // SDL's next drawing finds the state it left: a scene drawn after the one pass is the
        // scene drawn before it.
        compositor.drawsDifferenceInOnePass = true
        fill()
        try scenes.draw(a)
        let before = try context.readPixels(width: width, height: height)
        fill()
        XCTAssertTrue(try compositor.drawDifference(a: a, b: .image(handle), mapping: mapping))
        fill()
        try scenes.draw(a)
        XCTAssertEqual(differingBytes(try context.readPixels(width: width, height: height), before), "0", "SDL draws as before after the one pass")
    }

    /// A preview at rest beside a recording that plays: its scene, equal to the one drawn last at
    /// the same place, is not drawn into A's texture again, and the bytes are those of drawing it
    /// afresh. A different scene, another place, or `forgetDrawnScenes()` draws it again.
    func testAnEqualSceneIsNotDrawnAgainUntilTheCallerSaysSomethingChanged() throws {
        let bench = try makeBench()
        let (session, context, compositor, width, height) = (bench.session, bench.context, bench.compositor, bench.width, bench.height)
        defer { compositor.release() }
        let held = session.preview.scene(at: 1.5)
        XCTAssertEqual(held, session.preview.scene(at: 1.6), "the preview holds still between 1.5 and 1.6 s")
        func draw(_ a: Scene, _ bTime: Double, at place: PointToPixel = Bench.mapping) throws -> [UInt8] {
            XCTAssertTrue(try compositor.drawDifference(a: a, b: .scene(session.preview.scene(at: bTime)), mapping: place))
            return try context.readPixels(width: width, height: height)
        }
        _ = try draw(held, 2.2)
        XCTAssertEqual(compositor.drawsOfA, 1)
        let kept = try draw(session.preview.scene(at: 1.6), 2.45)
        XCTAssertEqual(compositor.drawsOfA, 1, "an equal scene at the same place is kept")
        compositor.forgetDrawnScenes()
        let fresh = try draw(held, 2.45)
        XCTAssertEqual(compositor.drawsOfA, 2, "drawn again once forgotten")
        XCTAssertEqual(differingBytes(kept, fresh), "0", "the kept picture is the one drawn afresh")
        _ = try draw(session.preview.scene(at: 2.3), 2.45)
        XCTAssertEqual(compositor.drawsOfA, 3, "another scene is drawn")
        _ = try draw(session.preview.scene(at: 2.3), 2.45, at: PointToPixel(scale: 1, offsetX: 20, offsetY: 11))
        XCTAssertEqual(compositor.drawsOfA, 4, "the same scene at another place is drawn")
    }

    /// How many bytes differ, and the largest difference: a count, not two frames, in a failure.
    private func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard a.count == b.count else { return "sizes \(a.count) and \(b.count)" }
        let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
        let count = differences.filter { $0 > 0 }.count
        return count == 0 ? "0" : "\(count), up to \(differences.max()!)"
    }
}
