@testable import App
import CSDL2
import Foundation
import Geometry
@testable import Render
import Scenes
import XCTest

/// A frame drawn into a texture of its own (a recording with an intro) gets an opaque intro
/// frame's pixels written into that texture, not drawn: the same bytes as drawn, for a Lottie's
/// premultiplied BGRA frame and a video's straight RGBA one, at 1x and at the Pro Max's 3x.
final class IntroWrittenIntoTargetTests: FFmpegFixtureCase {
    let proMax = Device.named("iphone-15-pro-max")!

    /// The scene at `time` drawn into an RGBA target texture of the output's size, written and
    /// drawn: both frames, and whether the written one kept the frame's opaque rows.
    func writtenAndDrawn(_ options: PreviewOptions, scale: Double, at time: Double) throws -> (written: RenderHarness.Frame, drawn: RenderHarness.Frame, kept: Bool) {
        let (session, renderer, w, h) = try RenderHarness.make(options, scale: scale)
        let scene = session.preview.scene(at: time)
        XCTAssertTrue(scene.commands.contains { if case .intro = $0 { return true } else { return false } }, "the intro plays at \(time) s")
        let target = try renderer.context.makeTexture(width: w, height: h, access: SDL_TEXTUREACCESS_TARGET, blend: SDL_BLENDMODE_NONE, what: "a frame")
        renderer.drawTarget = target.handle
        renderer.strategies.writesOpaqueIntroIntoTarget = false
        let drawn = try RenderHarness.draw(scene, with: renderer, w, h)
        XCTAssertNil(renderer.introTexture.opaqueRows)
        renderer.strategies.writesOpaqueIntroIntoTarget = true
        renderer.introTexture = IntroTextureSlot()
        let written = try RenderHarness.draw(scene, with: renderer, w, h)
        XCTAssertEqual(renderer.opaqueIntroWrites, 1, "the frame was written, not drawn")
        return (written, drawn, renderer.introTexture.opaqueRows != nil)
    }

    /// `white-start.json` is a white solid over its whole frame for frames 0-9, over the launch
    /// screen's gradient; at 3x its rectangle falls between pixels and is put on whole ones.
    func testALottieFrameWrittenIntoTheTargetHasTheBytesItWouldBeDrawnWith() throws {
        for scale in [1.0, 3.0] {
            var options = PreviewOptions(device: proMax, seed: 3)
            options.introPath = IntroDrawingTests.intro + "/white-start.json"
            let frames = try writtenAndDrawn(options, scale: scale, at: 0.1)
            XCTAssertTrue(frames.kept, "the white frame's rows are kept to be written at \(scale)x")
            XCTAssertTrue(frames.written.pixels == frames.drawn.pixels, "the same bytes at \(scale)x")
            let w = frames.drawn.width, h = frames.drawn.height
            XCTAssertEqual(frames.written.pixel(w / 2, h / 2).0, 255)
            XCTAssertNotEqual(frames.written.pixel(w / 2, 2).0, 255, "the gradient above the frame")
        }
    }

    /// ffmpeg's `testsrc2` has bars of every colour: red and blue swapped would show.
    func testAVideoFrameWrittenIntoTheTargetHasTheBytesItWouldBeDrawnWith() throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=430x320:r=30", "-t", "1", "-pix_fmt", "yuv420p", "bars.mp4"])
        var options = PreviewOptions(device: proMax, seed: 3)
        options.introPath = folder + "/bars.mp4"
        let frames = try writtenAndDrawn(options, scale: 3, at: 0.3)
        XCTAssertTrue(frames.kept, "a video's frame is opaque")
        XCTAssertTrue(frames.written.pixels == frames.drawn.pixels, "the same bytes")
        XCTAssertGreaterThan(Set(frames.written.pixels).count, 50, "a frame with colours in it")
    }
}
