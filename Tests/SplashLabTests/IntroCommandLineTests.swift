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

    /// The libraries of PDF, SVG, Lottie and dotLottie files are opened when a file needs them,
    /// not when the binary starts (`OnDemandLibrary`): the dynamic loader's own log of the files
    /// it loads (LD_DEBUG=files) names none of them for `state`, and libzip and rlottie, as
    /// opened by the binary, for a dotLottie intro's frame.
    func testTheLibrariesOfLottieAndVectorFilesAreOpenedOnlyWhenAFileNeedsThem() throws {
        let onDemand = ["librlottie.so.0-1", "libzip.so.4", "librsvg-2.so.2", "libpoppler-glib.so.8", "libcairo.so.2", "libgobject-2.0.so.0"]
        let plain = try CLI.run(["state", "--at", "1"], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("file=libSDL2-2.0.so.0"), "the loader's log is there: \(plain.stderr.prefix(400))")
        for soname in onDemand { XCTAssertFalse(plain.stderr.contains("file=\(soname)"), "state loads \(soname)") }

        let out = NSTemporaryDirectory() + "splashlab-on-demand-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let intro = try CLI.run(["bench", "--intro", Self.fixtures + "/red-square.lottie", "--intro-frame", "0", "--out", out], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(intro.status, 0, intro.stderr)
        for soname in ["libzip.so.4", "librlottie.so.0-1"] {
            XCTAssertTrue(intro.stderr.contains("file=\(soname) [0];  dynamically loaded by"), "\(soname) opened for the intro")
        }
        for soname in ["librsvg-2.so.2", "libpoppler-glib.so.8"] { XCTAssertFalse(intro.stderr.contains("file=\(soname)"), "an intro loads \(soname)") }
    }
}
