import Foundation
import Render
import XCTest

/// An intro file on the splash through the command line: `state` reports its frame and marker,
/// the blink is reported where it exists (and not where it does not) in `state` and `lint`, a
/// tap skips it within one frame, the timeout holds, Reduce Motion shows the chosen still, and
/// `render` and `record` draw it. Bad files are a message naming them.
final class IntroSplashTests: XCTestCase {
    static let intro = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro").path
    static let colourOnly = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/LaunchProjects/ColourOnlyProject").path

    func state(_ arguments: [String]) throws -> [String: Any] {
        let r = try CLI.run(["state"] + arguments)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
    }

    func introLayer(_ s: [String: Any]) -> [String: Any]? {
        ((s["splash"] as? [String: Any])?["layers"] as? [String: Any])?["intro"] as? [String: Any]
    }

    func timingsFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "splashlab-intro-timings-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testStateReportsTheFrameAndTheMarker() throws {
        // red-square.json: 30 frames at 30 fps, markers `intro` (frames 0-9) and `outro` (20-29).
        let early = try state(["--intro", Self.intro + "/red-square.json", "--at", "0.2"])
        XCTAssertEqual(introLayer(early)?["frame"] as? Int, 6)
        XCTAssertEqual(introLayer(early)?["marker"] as? String, "intro")
        let late = try state(["--intro", Self.intro + "/red-square.json", "--at", "0.8"])
        XCTAssertEqual(introLayer(late)?["frame"] as? Int, 24)
        XCTAssertEqual(introLayer(late)?["marker"] as? String, "outro")
        // After its one pass the last frame holds until d.
        let held = try state(["--intro", Self.intro + "/red-square.json", "--at", "1.5"])
        XCTAssertEqual(introLayer(held)?["frame"] as? Int, 29)
        XCTAssertEqual((held["splash"] as? [String: Any])?["phase"] as? String, "holding")
    }

    /// The assets folder's `intro.json` plays without `--intro`, and `intro-dark.json` in dark.
    func testTheAssetsFolderGivesTheIntroAndItsDarkTwin() throws {
        let assets = NSTemporaryDirectory() + "splashlab-intro-assets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: assets) }
        try FileManager.default.copyItem(atPath: Self.intro + "/red-square.json", toPath: assets + "/intro.json")
        try FileManager.default.copyItem(atPath: Self.intro + "/late-square.json", toPath: assets + "/intro-dark.json")
        let light = try state(["--assets", assets, "--at", "0.5"])
        XCTAssertEqual(introLayer(light)?["file"] as? String, assets + "/intro.json")
        let dark = try state(["--assets", assets, "--at", "0.5", "--appearance", "dark"])
        XCTAssertEqual(introLayer(dark)?["file"] as? String, assets + "/intro-dark.json")
        let given = try state(["--assets", assets, "--at", "0.5", "--intro", Self.intro + "/red-square.json"])
        XCTAssertEqual(introLayer(given)?["file"] as? String, Self.intro + "/red-square.json", "--intro wins over the assets' file")
    }

    func testNoBlinkWhereTheFirstFrameMatchesAndABlinkWhereItStartsOnWhite() throws {
        for appearance in ["light", "dark"] {
            let matching = try state(["--at", "0", "--project", Self.colourOnly, "--appearance", appearance, "--intro", Self.intro + "/late-square.json"])
            XCTAssertEqual((matching["launch"] as? [String: Any])?["differingPixels"] as? Int, 0, appearance)
        }
        let clean = try CLI.run(["lint", "--project", Self.colourOnly, "--intro", Self.intro + "/late-square.json"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        let white = try state(["--at", "0", "--project", Self.colourOnly, "--appearance", "dark", "--intro", Self.intro + "/white-start.json"])
        let launch = try XCTUnwrap(white["launch"] as? [String: Any])
        XCTAssertGreaterThan(launch["differingPixels"] as? Int ?? 0, 100_000)
        XCTAssertGreaterThan(launch["largestColorDistance"] as? Double ?? 0, 400, "white over near-black")
        let lint = try CLI.run(["lint", "--project", Self.colourOnly, "--appearance", "dark", "--intro", Self.intro + "/white-start.json"])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.contains("blink  launch screen (dark): in dark appearance the intro's first frame differs from the launch screen"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("blink  launch screen (light)"), lint.stdout)
    }

    func testATapSkipsTheIntroWithinOneFrameAndTheTimeoutHolds() throws {
        let script = try timingsFile(#"{"events": [{"t": 0.5, "type": "down", "x": 100, "y": 100}, {"t": 0.55, "type": "up", "x": 100, "y": 100}]}"#)
        let skipped = try state(["--intro", Self.intro + "/red-square.json", "--script", script, "--at", String(0.5 + 1.0 / 60)])
        XCTAssertEqual((skipped["splash"] as? [String: Any])?["phase"] as? String, "disappearing")
        XCTAssertEqual((skipped["splash"] as? [String: Any])?["dismissalTime"] as? Double, 0.5)
        // At a tenth of its speed the one-second file would play for 10 s; the 3 s timeout ends it.
        let slow = try timingsFile(#"{"intro": {"speed": 0.1}}"#)
        let cut = try state(["--intro", Self.intro + "/red-square.json", "--timings", slow, "--at", "3.1"])
        XCTAssertEqual((cut["splash"] as? [String: Any])?["dismissalTime"] as? Double, 3)
        XCTAssertEqual((cut["splash"] as? [String: Any])?["phase"] as? String, "disappearing")
        let lint = try CLI.run(["lint", "--intro", Self.intro + "/red-square.json", "--timings", slow])
        XCTAssertTrue(lint.stdout.contains("intro-timeout  intro: the intro plays for 10.000 s"), lint.stdout)
    }

    func testReduceMotionShowsTheChosenStill() throws {
        let timings = try timingsFile(#"{"intro": {"reduceMotionFrame": "outro"}}"#)
        for t in ["0", "0.5"] {
            let still = try state(["--intro", Self.intro + "/red-square.json", "--timings", timings, "--reduce-motion", "--at", t])
            XCTAssertEqual(introLayer(still)?["frame"] as? Int, 20, t)
        }
    }

    func testRenderAndRecordDrawTheIntro() throws {
        let png = NSTemporaryDirectory() + "splashlab-intro-\(UUID().uuidString).png"
        let mp4 = NSTemporaryDirectory() + "splashlab-intro-\(UUID().uuidString).mp4"
        defer { for f in [png, mp4] { try? FileManager.default.removeItem(atPath: f) } }
        let render = try CLI.run(["render", "--intro", Self.intro + "/red-square.json", "--at", "0.5", "--out", png])
        XCTAssertEqual(render.status, 0, render.stderr)
        // The red square is drawn: the frame's middle row has pure red in it.
        let image = try readPNG(png)
        let row = image.height / 2
        let reds = (0..<image.width).filter { x in
            let i = (row * image.width + x) * 4
            return image.pixels[i] > 240 && image.pixels[i + 1] < 20 && image.pixels[i + 2] < 20
        }
        XCTAssertGreaterThan(reds.count, 50)
        let record = try CLI.run(["record", "--intro", Self.intro + "/red-square.json", "--duration", "1", "--out", mp4])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: mp4)[.size] as? Int) ?? 0, 1000)
        // The video's frame at 0.5 s has the red square too: frames reach ffmpeg as BGRA, and a
        // byte order mistaken would make it blue. H.264 at QP 18 moves colours by a few levels.
        let still = png + "-video.png"
        defer { try? FileManager.default.removeItem(atPath: still) }
        let decode = try CLI.run(["-v", "error", "-ss", "0.5", "-i", mp4, "-frames:v", "1", "-y", still], executable: try XCTUnwrap(findOnPath("ffmpeg")))
        XCTAssertEqual(decode.status, 0, decode.stderr)
        let video = try readPNG(still)
        XCTAssertEqual(video.width, image.width)
        let videoReds = (0..<video.width).filter { x in
            let i = (row * video.width + x) * 4
            return video.pixels[i] > 225 && video.pixels[i + 1] < 35 && video.pixels[i + 2] < 35
        }
        XCTAssertGreaterThan(videoReds.count, 50)
        XCTAssertLessThanOrEqual(abs(videoReds.count - reds.count), 4, "the square is as wide in the video as in the still")
    }

    func testBadIntroFilesAreAMessageNamingThem() throws {
        let missing = try CLI.run(["state", "--at", "0", "--intro", "/nonexistent/intro.json"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/intro.json"), missing.stderr)
        let notLottie = try CLI.run(["render", "--at", "0", "--intro", Self.intro + "/not-lottie.json", "--out", "/tmp/unused.png"])
        XCTAssertEqual(notLottie.status, 1)
        XCTAssertTrue(notLottie.stderr.contains("not-lottie.json:1:1: not a Lottie animation"), notLottie.stderr)
        let two = try CLI.run(["state", "--at", "0", "--intro", Self.intro + "/red-square.json", Self.intro + "/late-square.json"])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("--intro takes one file here (got 2)"), two.stderr)
        let marker = try timingsFile(#"{"intro": {"range": {"fromMarker": "middle"}}}"#)
        let unknown = try CLI.run(["state", "--at", "0", "--intro", Self.intro + "/red-square.json", "--timings", marker])
        XCTAssertEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("no marker \"middle\" for intro.range.fromMarker (its markers are \"intro\", \"outro\")"), unknown.stderr)
        for output in [missing, notLottie, two, unknown] {
            XCTAssertFalse(output.stderr.contains("Fatal error") || output.stderr.contains("Stack dump"), output.stderr)
        }
    }
}
