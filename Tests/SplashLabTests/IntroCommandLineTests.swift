import Foundation
import XCTest
import Formats

/// `splashlab bench --intro`: a refused Lottie file is a message naming it and exit code 1, never
/// a crash; `--intro-frame` writes the frame as a PNG of the size asked for.
final class IntroCommandLineTests: XCTestCase {
    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro").path

    func testEveryRefusedLottieFileIsAMessageAndExitCodeOne() throws {
        let cases = [
            ("not-lottie.json", "not-lottie.json:1:1: not a Lottie animation"),
            ("zero-frame-rate.json", "zero-frame-rate.json:3:8: fr (frame rate) must lie in"),
            ("billion-frames.json", "billion-frames.json:5:8: the animation has 1000000000 frames"),
            ("precomp-cycle.json", "precomp-cycle.json:73:15: the precomp 'comp_a' contains itself"),
        ]
        for (file, message) in cases {
            let r = try CLI.run(["bench", "--intro", Self.fixtures + "/" + file])
            XCTAssertEqual(r.status, 1, "\(file): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("splashlab: " + Self.fixtures + "/") && r.stderr.contains(message), r.stderr)
            XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("Stack dump"), r.stderr)
        }
    }

    func testAFrameIsWrittenAsAPNGAndAMissingImageIsAWarning() throws {
        let out = NSTemporaryDirectory() + "splashlab-intro-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["bench", "--intro", Self.fixtures + "/missing-image.json", "--intro-frame", "29", "--scale", "2", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: ") && r.stderr.contains("the image 'image_0' ('images/img_0.png') is missing"), r.stderr)
        let size = try PNGHeader.size([UInt8](Data(contentsOf: URL(fileURLWithPath: out))), maxSide: 4096)
        XCTAssertEqual([size.width, size.height], [200, 200])
        let past = try CLI.run(["bench", "--intro", Self.fixtures + "/red-square.json", "--intro-frame", "30", "--out", out])
        XCTAssertEqual(past.status, 1)
        XCTAssertTrue(past.stderr.contains("red-square.json: --intro-frame 30 is past the animation's last frame, 29"), past.stderr)
    }
}
