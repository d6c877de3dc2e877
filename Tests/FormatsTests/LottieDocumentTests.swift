import Foundation
import XCTest
@testable import Formats

/// Lottie files checked before rlottie sees them: each bad file refused with a message naming the
/// file and the place, a missing external image a warning, markers read.
final class LottieDocumentTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Intro").standardized.path

    func path(_ name: String) -> String { Self.fixtures + "/" + name }

    /// The message `LottieDocument.load` refuses the fixture with, without the folder.
    func refusal(_ name: String) -> String? {
        do {
            _ = try LottieDocument.load(path: path(name))
            return nil
        } catch {
            return "\(error)".replacingOccurrences(of: Self.fixtures + "/", with: "")
        }
    }

    func testAGoodFileIsSummarisedWithItsMarkers() throws {
        let summary = try LottieDocument.load(path: path("red-square.json"))
        XCTAssertEqual([summary.width, summary.height, summary.frameRate, summary.inPoint, summary.outPoint], [100, 100, 30, 0, 30])
        XCTAssertEqual(summary.duration, 1)
        XCTAssertEqual(summary.markers, [LottieMarker(name: "intro", startFrame: 0, durationFrames: 10),
                                         LottieMarker(name: "outro", startFrame: 20, durationFrames: 10)])
        XCTAssertEqual(summary.warnings, [])
    }

    /// lottie-ios's frame for a time: ip + t · fr, held at the first and last frames.
    func testTheFrameForATimeIsInPointPlusTimeTimesFrameRate() throws {
        var summary = try LottieDocument.load(path: path("red-square.json"))
        summary.inPoint = 12
        summary.outPoint = 42
        XCTAssertEqual(summary.frame(at: 0), 12)
        XCTAssertEqual(summary.frame(at: 0.5), 27)
        XCTAssertEqual(summary.frame(at: -1), 12)
        XCTAssertEqual(summary.frame(at: 10), 41)
        XCTAssertEqual(summary.frame(at: .nan), 12)
    }

    func testAFileThatIsNotLottieNamesWhatItLacks() {
        XCTAssertEqual(refusal("not-lottie.json"),
                       "not-lottie.json:1:1: not a Lottie animation: it has no fr, layers; a Lottie file has v, fr, ip, op, w, h, layers")
        XCTAssertThrowsError(try LottieDocument.check(bytes: Array("[1]".utf8), path: "a.json", fileExists: { _ in true })) {
            XCTAssertEqual("\($0)", "a.json:1:1: not a Lottie animation: the file is an array, not an object")
        }
    }

    /// Each bad fixture with the whole message it is refused with, place included.
    static let refusals: [(file: String, message: String)] = [
        ("zero-frames.json", "5:8: the animation has 0 frames (ip 0, op 0): nothing to play"),
        ("zero-frame-rate.json", "3:8: fr (frame rate) must lie in [0.5, 240] frames a second (got 0)"),
        ("billion-frames.json", "5:8: the animation has 1000000000 frames (ip 0, op 1000000000), more than the 72000 an intro may have"),
        ("zero-width.json", "6:7: the width w must lie in [1, 16384] points (got 0)"),
        ("million-height.json", "7:7: the height h must lie in [1, 16384] points (got 1000000)"),
        ("precomp-contains-itself.json", "19:15: the precomp 'comp_0' contains itself ('comp_0' → 'comp_0')"),
        ("precomp-cycle.json", "73:15: the precomp 'comp_a' contains itself ('comp_a' → 'comp_b' → 'comp_a')"),
    ]

    /// Zero frames, a frame rate of 0, 10⁹ frames, a width of 0, a height of 10⁶, a precomp that
    /// contains itself directly or through another.
    func testEachBadFixtureIsRefusedWithItsPlaceAndMessage() {
        for (file, message) in Self.refusals {
            XCTAssertEqual(refusal(file), "\(file):\(message)")
        }
    }

    /// A chain of 100,000 precomps, each holding the next, is walked without recursion.
    func testALongChainOfPrecompsIsWalkedWithoutRecursion() throws {
        let count = 100_000
        let assets = (0..<count).map { i in
            let inner = i + 1 < count ? #"[{"ty":0,"refId":"c\#(i + 1)"}]"# : "[]"
            return #"{"id":"c\#(i)","layers":\#(inner)}"#
        }.joined(separator: ",")
        let text = #"{"v":"5","fr":30,"ip":0,"op":30,"w":10,"h":10,"assets":[\#(assets)],"layers":[{"ty":0,"refId":"c0"}]}"#
        XCTAssertEqual(try LottieDocument.check(bytes: Array(text.utf8), path: "chain.json", fileExists: { _ in true }).frameCount, 30)
        let cyclic = text.replacingOccurrences(of: #""c\#(count - 1)","layers":[]"#, with: #""c\#(count - 1)","layers":[{"ty":0,"refId":"c0"}]"#)
        XCTAssertThrowsError(try LottieDocument.check(bytes: Array(cyclic.utf8), path: "chain.json", fileExists: { _ in true })) {
            XCTAssertTrue("\($0)".contains("the precomp 'c0' contains itself"), "\($0)")
        }
    }

    func testAPrecompLayerWithoutItsAssetIsRefused() {
        let text = #"{"v":"5","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[{"ty":0,"refId":"gone"}]}"#
        XCTAssertThrowsError(try LottieDocument.check(bytes: Array(text.utf8), path: "a.json", fileExists: { _ in true })) {
            XCTAssertEqual("\($0)", "a.json:1:73: a precomp layer refers to 'gone', which is not a precomp in assets")
        }
    }

    /// As lottie-ios does, a missing image is drawn without: a warning, not a refusal.
    func testAMissingExternalImageIsAWarning() throws {
        let summary = try LottieDocument.load(path: path("missing-image.json"))
        XCTAssertEqual(summary.warnings.map { $0.replacingOccurrences(of: Self.fixtures + "/", with: "") },
                       ["missing-image.json: the image 'image_0' ('images/img_0.png') is missing; the animation is drawn without it"])
    }

    /// The W3C modes (1 to 15) are drawn by `LottieBlendPasses`; a mode past them (add, hard mix)
    /// is drawn as normal: a warning, once a mode.
    func testABlendModeNotDrawnIsAWarning() throws {
        let text = #"{"v":"5","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[{"ty":4,"nm":"Glow","bm":16},{"ty":4,"nm":"Other","bm":16},{"ty":4,"nm":"Wave","bm":8},{"ty":4,"bm":0}]}"#
        let summary = try LottieDocument.check(bytes: Array(text.utf8), path: "b.json", fileExists: { _ in true })
        XCTAssertEqual(summary.warnings, ["b.json:1:82: the layer 'Glow' blends as add, which is drawn here as normal (not a W3C blend mode, which are drawn)"])
    }

    func testASmallEmbeddedImageIsAccepted() throws {
        XCTAssertEqual(try LottieDocument.load(path: path("embedded-image.json")).warnings, [])
    }

    /// 50 MB of base64 is past the 16 MiB bound on an embedded image.
    func testAFiftyMegabyteEmbeddedImageIsRefused() {
        let base64 = String(repeating: "A", count: 50_000_000 / 3 * 4)
        let text = #"{"v":"5","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[],"assets":[{"id":"big","e":1,"u":"","p":"data:image/png;base64,\#(base64)"}]}"#
        XCTAssertThrowsError(try LottieDocument.check(bytes: Array(text.utf8), path: "big.json", fileExists: { _ in true })) {
            XCTAssertEqual("\($0)", "big.json:1:98: the image 'big' embedded in the file is 49999998 bytes, more than the 16 MiB an embedded image may be")
        }
    }

    func testAFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        XCTAssertEqual(LottieDocument.fileLimit.exceededMessage, "larger than the 25 MiB limit for a Lottie file")
    }

    func testAMarkerWithoutANameIsRefused() {
        let text = #"{"v":"5","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[],"markers":[{"tm":3}]}"#
        XCTAssertThrowsError(try LottieDocument.check(bytes: Array(text.utf8), path: "m.json", fileExists: { _ in true })) {
            XCTAssertEqual("\($0)", "m.json:1:70: markers[0] has no name (cm)")
        }
    }
}
