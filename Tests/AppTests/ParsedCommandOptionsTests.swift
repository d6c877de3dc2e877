import App
import Foundation
import Scenes
import XCTest

/// Each command's options parsed once into its typed value, with the table's names and the same
/// mistakes as the command line prints.
final class ParsedCommandOptionsTests: XCTestCase {
    func mistake(_ body: () throws -> Any) -> String? {
        do { _ = try body(); return nil } catch let error as UsageError { return error.message } catch { return "\(error)" }
    }

    func testStateReadsTheSharedPreviewOptionsAndItsOwn() throws {
        let options = try StateOptions(["--at=2.5", "--device", "iphone-15", "--orientation", "landscape", "--seed", "9",
                                        "--feed-latency", "1.5", "--reduce-motion", "--skip-splash", "--script", "s.json"])
        XCTAssertEqual(options.time, 2.5)
        XCTAssertEqual(options.scriptPath, "s.json")
        XCTAssertEqual(options.preview.device.name, "iphone-15")
        XCTAssertEqual(options.preview.device.orientation, .landscape)
        XCTAssertEqual(options.preview.seed, 9)
        XCTAssertEqual(options.preview.feedLatency, 1.5)
        XCTAssertTrue(options.preview.reduceMotion && options.preview.skipSplash)
        XCTAssertEqual(mistake { try StateOptions([]) }, "state needs --at SECONDS")
        XCTAssertEqual(mistake { try StateOptions(["--at", "-1"]) }, "--at must not be negative (got -1)")
        XCTAssertEqual(mistake { try StateOptions(["--at", "1", "--seed", "x"]) }, "--seed must be a whole number ≥ 0 (got 'x')")
    }

    func testRenderTellsItsThreeKindsOfPictureApart() throws {
        XCTAssertEqual(try RenderOptions(["--out", "f.png", "--at", "2"]).frames, .at(2))
        XCTAssertEqual(try RenderOptions(["--out", "f.png", "--launch"]).frames, .launch)
        let strip = try RenderOptions(["--out", "f.png", "--filmstrip", "--from", "1", "--count", "3", "--scale", "0.5"])
        XCTAssertEqual(strip.frames, .filmstrip(from: 1, to: nil, count: 3))
        XCTAssertEqual(strip.review.scale, 0.5)
        XCTAssertEqual(RenderOptions.filmstripTimes(from: 1, to: nil, count: 3, splashEnd: 2), [1, 1.5, 2])
        XCTAssertEqual(try RenderOptions(["--out", "f.png", "--at", "1"]).review.scale, Device.named(Device.defaultName)!.scale)
        let compared = try RenderOptions(["--out", "f.png", "--at", "1", "--compare", "a.json", "b.json", "--burn-in"])
        XCTAssertEqual(compared.review.comparedFiles, ["a.json", "b.json"])
        XCTAssertTrue(compared.review.burnIn && !compared.review.showTouches)
        XCTAssertEqual(mistake { try RenderOptions(["--at", "1"]) }, "render needs --out FILE.png (--launch --explain alone prints the launch screen's elements)")
        XCTAssertNil(try RenderOptions(["--launch", "--explain"]).out, "--launch --explain prints without drawing")
        XCTAssertEqual(mistake { try RenderOptions(["--out", "f.png", "--at", "1", "--count", "3"]) }, "--count sets a filmstrip's frames: add --filmstrip")
        XCTAssertEqual(mistake { try RenderOptions(["--out", "f.png", "--filmstrip", "--from", "3", "--to", "2"]) }, "--from 3 is later than --to 2")
        XCTAssertEqual(mistake { try RenderOptions(["--out", "f.png", "--at", "1", "--compare", "a.json"]) },
                       "--compare needs two or more timings files to set side by side (got 1)")
        XCTAssertEqual(mistake { try RenderOptions(["--out", "f.png", "--at", "1", "--compare", "a.json", "b.json", "--timings", "c.json"]) },
                       "--compare takes the timings files itself; leave out --timings")
    }

    func testRecordChecksItsRateAndLength() throws {
        let options = try RecordOptions(["--out", "v.mp4", "--fps", "30", "--rate", "0.25", "--show-touches"])
        XCTAssertEqual(options.fps, 30)
        XCTAssertEqual(options.rate, 0.25)
        XCTAssertNil(options.duration)
        XCTAssertTrue(options.review.showTouches)
        XCTAssertEqual(mistake { try RecordOptions(["--out", "v.mp4", "--rate", "0.3"]) }, "--rate must be one of 1, 0.5, 0.25, 0.1 (got '0.3')")
        XCTAssertNoThrow(try options.checkLength(duration: 150, stretch: 4))
        XCTAssertEqual(mistake { try options.checkLength(duration: 151, stretch: 4) as Any },
                       "the recording would run 151 s (to the end of the splash or the script's last input, and 0.5 s more) slowed 4× makes 604 s of video; the limit is 600 s of video (10 minutes): give --duration")
        let given = try RecordOptions(["--out", "v.mp4", "--duration", "200", "--rate", "0.25"])
        XCTAssertEqual(mistake { try given.checkLength(duration: 200, stretch: 4) as Any },
                       "--duration 200 s slowed 4× makes 800 s of video; the limit is 600 s of video (10 minutes)")
    }

    func testBenchModes() throws {
        guard case .motion = try BenchOptions(["--motion"]).mode else { return XCTFail("--motion") }
        guard case let .idle(seconds, window) = try BenchOptions(["--device", "iphone-15", "--idle", "--seconds", "2", "--inspector", "on"]).mode else {
            return XCTFail("--idle")
        }
        XCTAssertEqual(seconds, 2)
        XCTAssertEqual(window, ["--device", "iphone-15", "--inspector", "on"])
        guard case let .frames(preview, scale, frames, csv) = try BenchOptions(["--frames", "60", "--scale", "1", "--frames-csv", "f.csv"]).mode else {
            return XCTFail("frames")
        }
        XCTAssertEqual(preview.device.name, Device.defaultName)
        XCTAssertEqual([scale, Double(frames)], [1, 60])
        XCTAssertEqual(csv, "f.csv")
        XCTAssertEqual(mistake { try BenchOptions(["--idle", "--frames", "60"]) }, "--idle measures the window; --frames is for the rendered scenario")
        XCTAssertEqual(mistake { try BenchOptions(["--seconds", "3"]) }, "--seconds is for --idle or --window")
        guard case let .window(forwarded) = try BenchOptions(["--window", "--inspector", "off", "--renderer", "opengl"]).mode else {
            return XCTFail("--window")
        }
        XCTAssertEqual(forwarded, ["--inspector", "off", "--renderer", "opengl"])
        XCTAssertEqual(mistake { try BenchOptions(["--window", "--scale", "2"]) }, "--window measures the window; --scale is for the rendered scenario")
        XCTAssertEqual(mistake { try BenchOptions(["--window", "--seconds", "2"]) }, "--seconds is for --idle")
        XCTAssertEqual(mistake { try BenchOptions(["--window", "--idle"]) }, "--idle measures the window at rest, --window while it works: give one")
    }

    func testBenchIntroModes() throws {
        guard case let .intro(files) = try BenchOptions(["--intro", "a.json", "b.json"]).mode else { return XCTFail("--intro") }
        XCTAssertEqual(files, ["a.json", "b.json"])
        guard case let .introFrame(file, frame, scale, out) = try BenchOptions(["--intro", "a.json", "--intro-frame", "12", "--out", "f.png"]).mode else {
            return XCTFail("--intro-frame")
        }
        XCTAssertEqual(file, "a.json")
        XCTAssertEqual([Double(frame), scale], [12, 1])
        XCTAssertEqual(out, "f.png")
        XCTAssertEqual(mistake { try BenchOptions(["--intro", "a.json", "b.json", "--intro-frame", "1", "--out", "f.png"]) },
                       "--intro-frame writes one intro's frame: give one --intro FILE")
        XCTAssertEqual(mistake { try BenchOptions(["--intro", "a.json", "--intro-frame", "1"]) }, "--intro-frame needs --out FILE.png")
        XCTAssertEqual(mistake { try BenchOptions(["--intro-frame", "1"]) }, "--intro-frame needs --intro FILE")
        XCTAssertEqual(mistake { try BenchOptions(["--intro", "a.json", "--out", "f.png"]) }, "--out is for --intro-frame")
        XCTAssertEqual(mistake { try BenchOptions(["--intro", "a.json", "--frames", "60"]) }, "--intro times the intro's frames; leave out --frames")
    }

    func testCurveSamplesItsSpan() throws {
        let options = try CurveOptions(["linear", "--samples", "3"])
        XCTAssertEqual(options.times, [0, 0.5, 1])
        XCTAssertEqual(try CurveOptions(["easeIn", "--at", "0.1, 0.9"]).times, [0.1, 0.9])
        XCTAssertEqual(mistake { try CurveOptions(["linear", "--samples", "3", "--at", "1"]) }, "give --samples or --at, not both")
        XCTAssertEqual(mistake { try CurveOptions(["spring(response: 0.5, dampingFraction: 0)"]) }, "an undamped spring never settles; give it some damping")
    }

    func testTimingsExportMakeAssetsAndRun() throws {
        XCTAssertEqual(try TimingsOptions(["--schema"]).mode, .schema)
        XCTAssertEqual(try TimingsOptions(["--timings", "t.json"]).mode, .check(timingsPath: "t.json"))
        XCTAssertEqual(mistake { try TimingsOptions(["--schema", "--markdown"]) }, "timings takes --schema or --markdown, not both")
        XCTAssertEqual(mistake { try ExportOptions(["--renderer", "software"]).checkPrintsToStandardOutput("swift") as Any },
                       "export swift prints to standard output and takes only --timings and --assets (got --renderer)")
        XCTAssertEqual(mistake { try ExportOptions([]).outputFolder("launch") }, "export launch needs --out DIR")
        XCTAssertEqual(try MakeAssetsOptions(["--out", "art"]).out, "art")
        let run = try RunOptions(["--window-scale", "0.5", "--inspector", "off", "--hud", "--save-to", "s.json"])
        XCTAssertEqual(run.windowScale, 0.5)
        XCTAssertEqual(run.inspector, false)
        XCTAssertTrue(run.hud)
        XCTAssertEqual(run.saveTo, "s.json")
        XCTAssertEqual(mistake { try RunOptions(["--inspector", "maybe"]) }, "--inspector must be on or off (got 'maybe')")
    }

    func testACaptureRecordsWithTheWindowsDrawingOptions() {
        XCTAssertEqual(CLI.captureCommand(video: "c.mp4", script: "c.json", seed: 4, duration: 2.5, showTouches: true,
                                          windowArguments: ["--device", "iphone-15", "--hud", "--timings=t.json"]),
                       ["record", "--out", "c.mp4", "--script", "c.json", "--seed", "4", "--duration", "2.5",
                        "--device", "iphone-15", "--timings", "t.json", "--show-touches"])
    }

    /// Command code reads its options' fields: only the option table and the typed options spell
    /// an option, so renaming one is one edit and a command cannot read one it does not declare.
    /// The executable and the libraries its commands run in (record, bench, the window) alike.
    func testNoCommandSpellsAnOption() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        for module in ["SplashLab", "Recording", "Benchmarks", "PreviewWindow"] {
            let folder = sources.appendingPathComponent(module)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            XCTAssertFalse(names.isEmpty, "no sources in \(folder.path)")
            for name in names {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("\"--") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    XCTFail("\(module)/\(name):\(number + 1) spells an option; read it from the command's options: \(line)")
                }
            }
        }
    }
}
