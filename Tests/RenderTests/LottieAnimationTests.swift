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

    /// Every mode composited in 8-bit integers (through its table of B) agrees with the W3C
    /// formula in floating point, co = cs(1 − αb) + cb(1 − αs) + αs·αb·B(Cb, Cs), within two
    /// steps a channel, over a sweep of premultiplied pixels.
    func testBlendCompositingAgreesWithTheFormula() {
        var state: UInt32 = 12345
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state >> 8 }
        func pixel() -> UInt32 {
            let alpha = next() % 256
            let channels = (0..<3).map { _ in alpha == 0 ? 0 : next() % (alpha + 1) }
            return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
        }
        let sources = (0..<2000).map { _ in pixel() }, backdrops = (0..<2000).map { _ in pixel() }
        let compositing = LottieBlendCompositing(modes: LottieBlendMode.allCases)
        for mode in LottieBlendMode.allCases {
            var result = backdrops
            compositing.blend(sources, onto: &result, mode: mode)
            for index in sources.indices {
                let s = sources[index], b = backdrops[index]
                let sa = Double(s >> 24) / 255, ba = Double(b >> 24) / 255
                func channels(_ p: UInt32) -> SIMD3<Double> { SIMD3(Double((p >> 16) & 255), Double((p >> 8) & 255), Double(p & 255)) / 255 }
                let cs = channels(s), cb = channels(b)
                let straightSource = sa > 0 ? cs / sa : cs, straightBackdrop = ba > 0 ? cb / ba : cb
                let blended = sa == 0 ? cb : (ba == 0 ? cs : cs * (1 - ba) + cb * (1 - sa) + sa * ba * mode.blend(backdrop: straightBackdrop, source: straightSource))
                let alpha = sa + ba * (1 - sa)
                let expected = [alpha, blended.x, blended.y, blended.z].map { $0 * 255 }
                let got = [result[index] >> 24, (result[index] >> 16) & 255, (result[index] >> 8) & 255, result[index] & 255].map(Double.init)
                for channel in 0..<4 where abs(got[channel] - expected[channel]) > 2 {
                    XCTFail("\(mode): source \(String(s, radix: 16)) over \(String(b, radix: 16)): channel \(channel) is \(got[channel]), the formula gives \(expected[channel])")
                    return
                }
            }
        }
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
