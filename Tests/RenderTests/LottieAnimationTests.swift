import Foundation
import XCTest
import Formats
@testable import Render

/// Lottie frames drawn by rlottie at a requested pixel size, exactly by frame, in straight RGBA;
/// refused files never reach rlottie; the frame cache stays within its budget.
final class LottieAnimationTests: XCTestCase {
    static let fixtures = RenderHarness.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro").path

    func fixture(_ name: String) -> String { Self.fixtures + "/" + name }

    /// R, G, B, A of the pixel at (x, y).
    func pixel(_ frame: IntroFrame, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * frame.width + x) * 4
        return Array(frame.pixels[i..<i + 4])
    }

    /// The red 40 pt square moves from x 30 to 70 over 30 frames (eased), on a clear 100 pt canvas.
    func testFramesAreDrawnAtTheRequestedSizeInStraightRGBA() throws {
        let animation = try LottieAnimation(path: fixture("red-square.json"))
        XCTAssertEqual(animation.frameCount, 30)
        let first = animation.render(frame: 0, width: 200, height: 200)
        XCTAssertEqual([first.width, first.height, first.pixels.count], [200, 200, 200 * 200 * 4])
        // Frame 0: the square spans x 10...50 pt, so 20...100 px; its centre is red and opaque.
        XCTAssertEqual(pixel(first, 60, 100), [255, 0, 0, 255])
        XCTAssertEqual(pixel(first, 140, 100), [0, 0, 0, 0])
        // The last frame: the square has moved right, past x 60 pt.
        let last = animation.render(frame: 29, width: 200, height: 200)
        XCTAssertEqual(pixel(last, 60, 100), [0, 0, 0, 0])
        XCTAssertEqual(pixel(last, 140, 100), [255, 0, 0, 255])
        // Another aspect: the 100 pt canvas is fitted and centred, so at 200×100 px it spans x 50...150.
        let wide = animation.render(frame: 0, width: 200, height: 100)
        XCTAssertEqual(pixel(wide, 59, 50), [0, 0, 0, 0])
        XCTAssertEqual(pixel(wide, 61, 50), [255, 0, 0, 255])
        // A frame past the end is the last frame.
        XCTAssertEqual(animation.render(frame: 1000, width: 200, height: 200), last)
    }

    /// The same frame drawn twice is the same bytes: a time gives one picture.
    func testAFrameIsTheSameEveryTimeItIsDrawn() throws {
        let animation = try LottieAnimation(path: fixture("red-square.json"))
        let once = animation.render(frame: 13, width: 64, height: 64)
        _ = animation.render(frame: 2, width: 64, height: 64)
        XCTAssertEqual(animation.render(frame: 13, width: 64, height: 64), once)
    }

    func testTheFrameForATimeFollowsTheFrameRate() throws {
        let animation = try LottieAnimation(path: fixture("red-square.json"))
        XCTAssertEqual([0, 0.5, 0.999, 1, 5, -1].map { animation.frameNumber(at: $0) }, [0, 15, 29, 29, 29, 0])
    }

    /// The image the file refers to is missing: drawn without it, with the warning.
    func testAnAnimationWithAMissingImageIsDrawnWithoutIt() throws {
        let animation = try LottieAnimation(path: fixture("missing-image.json"))
        XCTAssertEqual(animation.summary.warnings.count, 1)
        XCTAssertEqual(pixel(animation.render(frame: 0, width: 100, height: 100), 30, 50), [255, 0, 0, 255])
    }

    func testAnEmbeddedImageIsDrawn() throws {
        let animation = try LottieAnimation(path: fixture("embedded-image.json"))
        // The 4×4 green image sits at the top left, under the square's layer; rlottie filters its
        // edge against the clear canvas, so its alpha is a little under opaque there.
        let corner = pixel(animation.render(frame: 0, width: 100, height: 100), 2, 2)
        XCTAssertEqual(Array(corner[0..<3]), [0, 255, 0])
        XCTAssertGreaterThan(corner[3], 240)
        XCTAssertEqual(pixel(animation.render(frame: 0, width: 100, height: 100), 8, 8), [0, 0, 0, 0])
    }

    /// A red solid multiplying a grey one, inside a precomp: (1, 0, 0) × (0.5, 0.5, 0.5) is
    /// (0.5, 0, 0) where they overlap (W3C multiply), as lottie-web draws it; rlottie alone drew red.
    func testABlendedLayerIsCompositedWithItsMode() throws {
        let animation = try LottieAnimation(path: fixture("blend-multiply.json"))
        XCTAssertEqual(animation.summary.warnings, [])
        let frame = animation.render(frame: 0, width: 100, height: 100)
        XCTAssertEqual(pixel(frame, 50, 25), [128, 0, 0, 255])
        XCTAssertEqual(pixel(frame, 50, 75), [128, 128, 128, 255])
    }

    func testRefusedFilesNeverReachRlottie() {
        for name in ["not-lottie.json", "precomp-contains-itself.json", "billion-frames.json"] {
            XCTAssertThrowsError(try LottieAnimation(path: fixture(name))) { error in
                XCTAssertTrue(error is JSONFileError, "\(name): \(error)")
                XCTAssertTrue("\(error)".contains(name), "\(error)")
            }
        }
    }

    func testTheFrameCacheKeepsWithinItsBudgetDroppingTheLeastRecentlyUsed() {
        let frameBytes = 10 * 10 * 4
        var cache = IntroFrameCache(budget: frameBytes * 3)
        var draws = 0
        func frame(_ n: Int) -> IntroFrame {
            cache.frame(IntroFrameCache.Key(frame: n, width: 10, height: 10)) {
                draws += 1
                return IntroFrame(pixels: [UInt8](repeating: UInt8(n), count: frameBytes), width: 10, height: 10)
            }
        }
        for n in [0, 1, 2] { _ = frame(n) }
        XCTAssertEqual(draws, 3)
        _ = frame(0)  // kept, and now the most recently used
        XCTAssertEqual(draws, 3)
        _ = frame(3)  // drops frame 1
        XCTAssertEqual([cache.count, cache.byteCount, draws], [3, frameBytes * 3, 4])
        XCTAssertEqual(frame(0).pixels[0], 0)
        XCTAssertEqual(draws, 4)
        _ = frame(1)
        XCTAssertEqual(draws, 5)
        XCTAssertLessThanOrEqual(cache.byteCount, cache.budget)
        // A frame larger than the whole budget is drawn and not kept.
        var small = IntroFrameCache(budget: 10)
        _ = small.frame(IntroFrameCache.Key(frame: 0, width: 10, height: 10)) { IntroFrame(pixels: [UInt8](repeating: 0, count: 400), width: 10, height: 10) }
        XCTAssertEqual(small.count, 0)
        XCTAssertEqual(IntroFrameCache.defaultBudget, 64 << 20)
    }
}
