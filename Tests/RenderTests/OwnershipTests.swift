@testable import App
import Session
import CSDL2
import Foundation
import XCTest
@testable import Render
import Scenes

/// Textures and fonts never outlive their renderer: the context frees what is left when it
/// closes, and a texture or font released later does not touch SDL again.
final class OwnershipTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "offscreen", 1) }

    func testTheContextFreesWhatOutlivesIt() throws {
        var text: TextRenderer?
        var texture: Texture?
        weak var closedContext: RenderContext?
        do {
            let context = try RenderContext(target: .offscreen(width: 16, height: 16), rendererName: nil, vsync: false)
            closedContext = context
            text = try TextRenderer(context: context)
            _ = try text?.texture("kept past the renderer", pixelSize: 12, bold: true, color: .white, maxWidth: 0)
            texture = try context.makeTexture(width: 8, height: 8, access: SDL_TEXTUREACCESS_TARGET, blend: SDL_BLENDMODE_BLEND, what: "a test texture")
            XCTAssertEqual(context.liveTextureCount, 2)
            XCTAssertEqual(context.liveFontCount, 1)
        }
        // The text renderer holds the context, so it is still open: closing it frees everything.
        let context = try XCTUnwrap(closedContext)
        context.close()
        XCTAssertTrue(context.isClosed)
        XCTAssertNil(texture?.handle, "marked dead by the context")
        XCTAssertEqual(context.liveTextureCount, 0)
        XCTAssertEqual(context.liveFontCount, 0)
        // Releasing them now calls nothing in SDL: no error is recorded.
        SDL_ClearError()
        texture = nil
        text = nil
        XCTAssertEqual(sdlError(), "")
        // A closed context makes no more textures, and says so.
        XCTAssertThrowsError(try context.makeTexture(width: 4, height: 4, access: SDL_TEXTUREACCESS_STATIC, blend: SDL_BLENDMODE_NONE, what: "x"))
    }

    func testADroppedTextureIsFreedAtOnceAndForgotten() throws {
        let context = try RenderContext(target: .offscreen(width: 16, height: 16), rendererName: nil, vsync: false)
        var texture: Texture? = try context.makeTexture(width: 8, height: 8, access: SDL_TEXTUREACCESS_STATIC, blend: SDL_BLENDMODE_NONE, what: "a test texture")
        XCTAssertEqual(context.liveTextureCount, 1)
        SDL_ClearError()
        texture = nil
        XCTAssertNil(texture)
        XCTAssertEqual(context.liveTextureCount, 0)
        XCTAssertEqual(sdlError(), "")
        context.close()
        context.close()   // a second close does nothing
        XCTAssertEqual(sdlError(), "")
    }

    /// The whole renderer of a session, released in the order a release build chooses (the
    /// context's last owner first), frees every texture before the renderer.
    func testASceneRendererReleasedInAnyOrderFreesNothingTwice() throws {
        let se = Device.named("iphone-se")!
        var (session, renderer, w, h): (PreviewSession?, SceneRenderer?, Int, Int) = try RenderHarness.make(PreviewOptions(device: se, seed: 3), scale: 1)
        for t in [0.0, 2.3, 2.5, 4] { _ = try RenderHarness.draw(session!.preview.scene(at: t), with: renderer!, w, h) }
        while try renderer!.warmUp() {}
        weak let context = renderer!.context
        var caches: (TextRenderer, ImageLibrary)? = (renderer!.text, renderer!.images)
        XCTAssertGreaterThan(renderer!.context.liveTextureCount, 10)
        SDL_ClearError()
        renderer = nil
        session = nil
        // The text and image caches outlive the scene renderer and keep the context alive; the
        // context closes when the last of them goes, freeing what they hold first.
        XCTAssertNotNil(context)
        caches = nil
        XCTAssertNil(caches)
        XCTAssertNil(context, "closed and gone with its last user")
        XCTAssertEqual(sdlError(), "")
    }

    /// A render target freed while another of the same size is being drawn into (a tile let go
    /// inside the feed texture's drawing) is destroyed at the next safe point, detached from SDL's
    /// shared framebuffer object; the drawing goes on into the same target, with the same clip.
    func testFreeingATargetMidDrawKeepsTheCurrentTargetAndClip() throws {
        let context = try RenderContext(target: .offscreen(width: 32, height: 32), rendererName: nil, vsync: false)
        let drawnInto = try context.makeTexture(width: 16, height: 16, access: SDL_TEXTUREACCESS_TARGET, blend: SDL_BLENDMODE_NONE, what: "a test target")
        var freed: Texture? = try context.makeTexture(width: 16, height: 16, access: SDL_TEXTUREACCESS_TARGET, blend: SDL_BLENDMODE_NONE, what: "a test target")
        SDL_SetRenderTarget(context.renderer, freed?.handle)
        SDL_SetRenderDrawColor(context.renderer, 0, 0, 255, 255)
        SDL_RenderClear(context.renderer)
        SDL_SetRenderTarget(context.renderer, drawnInto.handle)
        SDL_SetRenderDrawColor(context.renderer, 0, 0, 0, 255)
        SDL_RenderClear(context.renderer)
        var clip = SDL_Rect(x: 0, y: 0, w: 8, h: 8)
        SDL_RenderSetClipRect(context.renderer, &clip)
        SDL_ClearError()
        freed = nil
        XCTAssertNil(freed)
        XCTAssertEqual(context.liveTextureCount, 1)
        context.releaseRetiredTargets()
        XCTAssertEqual(SDL_GetRenderTarget(context.renderer), drawnInto.handle)
        var after = SDL_Rect()
        SDL_RenderGetClipRect(context.renderer, &after)
        XCTAssertEqual(SDL_RenderIsClipEnabled(context.renderer), SDL_TRUE)
        XCTAssertEqual([after.x, after.y, after.w, after.h], [0, 0, 8, 8])
        SDL_SetRenderDrawColor(context.renderer, 255, 0, 0, 255)
        SDL_RenderFillRect(context.renderer, nil)
        let pixels = try context.readPixels(width: 16, height: 16)
        XCTAssertEqual(Array(pixels[(2 * 16 + 2) * 4..<(2 * 16 + 2) * 4 + 4]), [255, 0, 0, 255], "inside the clip")
        XCTAssertEqual(Array(pixels[(12 * 16 + 12) * 4..<(12 * 16 + 12) * 4 + 4]), [0, 0, 0, 255], "outside the clip")
        XCTAssertEqual(context.liveTextureCount, 1)
        XCTAssertEqual(sdlError(), "")
    }

    /// Freeing the target being drawn into leaves the window as the target, as SDL does.
    func testFreeingTheCurrentTargetFallsBackToTheWindow() throws {
        let context = try RenderContext(target: .offscreen(width: 32, height: 32), rendererName: nil, vsync: false)
        var current: Texture? = try context.makeTexture(width: 32, height: 32, access: SDL_TEXTUREACCESS_TARGET, blend: SDL_BLENDMODE_NONE, what: "a test target")
        SDL_SetRenderTarget(context.renderer, current?.handle)
        SDL_ClearError()
        current = nil
        XCTAssertNil(current)
        context.releaseRetiredTargets()
        XCTAssertNil(SDL_GetRenderTarget(context.renderer))
        XCTAssertEqual(sdlError(), "")
    }

    /// The HUD's figures change with every refresh: they are kept apart, the last few only, and
    /// never take the cache's room.
    func testTransientTextIsBoundedAndStaysOutOfTheCache() throws {
        let context = try RenderContext(target: .offscreen(width: 64, height: 64), rendererName: nil, vsync: false)
        let text = try TextRenderer(context: context)
        _ = try text.texture("kept", pixelSize: 12, bold: false, color: .white, maxWidth: 0)
        let first = try XCTUnwrap(text.transientTexture("frame p50 0.0 ms", pixelSize: 11, bold: false, color: .white, maxWidth: 200))
        let again = try XCTUnwrap(text.transientTexture("frame p50 0.0 ms", pixelSize: 11, bold: false, color: .white, maxWidth: 200))
        XCTAssertEqual(first.texture, again.texture, "drawn again while it is still kept")
        for n in 1...200 { _ = try text.transientTexture("frame p50 \(n).0 ms", pixelSize: 11, bold: false, color: .white, maxWidth: 200) }
        XCTAssertEqual(text.transientCount, TextRenderer.transientCapacity)
        XCTAssertEqual(text.cachedCount, 1)
        XCTAssertEqual(context.liveTextureCount, 1 + TextRenderer.transientCapacity)
    }
}
