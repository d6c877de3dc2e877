import Foundation
import XCTest
@testable import Formats
@testable import Scenes

/// Runs the real `splashlab` binary with no display. The test target depends on the executable
/// target, so the binary in the products folder is the one built from these sources.
enum CLI {
    static let binary: String = {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return dir.appendingPathComponent("splashlab").path
    }()
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// Runs `executable` (splashlab by default) with no display and no input, and waits for it.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], executable: String = binary) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        env["SPLASHLAB_ASSETS"] = repositoryRoot.appendingPathComponent("Assets").path
        for (k, v) in extra { env[k] = v }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// One object of `splashlab state ARGUMENTS`' JSON (`launch`, `reference`), the run checked.
    static func stateObject(_ member: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try run(["state"] + arguments)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try XCTUnwrap(json?[member] as? [String: Any], r.stdout, file: file, line: line)
    }
}

final class CommandLineTests: XCTestCase {
    func temporaryPath(_ name: String) -> String { NSTemporaryDirectory() + "splashlab-cli-\(UUID().uuidString)-\(name)" }

    /// The table of bad inputs: each gets its message and exit code, and never a backtrace.
    func testBadInputGetsAMessageAndExitCode() throws {
        let cases: [(UInt, [String], Int32, String)] = [
            (#line, ["bogus"], 2, "unknown command 'bogus'; commands: run, render, state"),
            (#line, ["render", "--at", "1", "--out", "x.png", "--frobnicate"], 2, "unknown option --frobnicate; valid options:"),
            (#line, ["state", "--at", "1", "--device", "iphone-3g"], 2, "unknown device 'iphone-3g'; devices: iphone-se, iphone-15, iphone-15-pro-max, ipad-air-11"),
            (#line, ["state", "--at", "soon"], 2, "--at must be a number"),
            (#line, ["state", "--at", "-1"], 2, "--at must not be negative"),
            (#line, ["render", "--at", "nan", "--out", "x.png"], 2, "--at must be a number"),
            (#line, ["state", "--at", "1", "--orientation", "sideways"], 2, "unknown orientation 'sideways'"),
            (#line, ["run"], 2, "no display for the preview window"),
            (#line, ["render", "--at", "1", "--out", "x.png", "--renderer", "vulkan"], 1, "unknown renderer 'vulkan'"),
            (#line, ["state", "--at", "1", "--assets", "/nonexistent/dir"], 1, "assets folder /nonexistent/dir does not exist"),
            (#line, ["curve", "cubic-bezier(1.5, 0, 0.5, 1)"], 2, "x1 must lie in [0, 1]"),
            (#line, ["curve", "wobble"], 2, "unknown curve 'wobble'"),
            (#line, ["curve", "spring(response: 0, dampingFraction: 1)"], 2, "response must lie in (0, ∞)"),
            (#line, ["render", "--at", "1"], 2, "render needs --out FILE.png"),
        ]
        for (line, args, status, message) in cases {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)", line: line)
            XCTAssertTrue(r.stderr.contains(message), "\(args) said: \(r.stderr)", line: line)
            XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("Stack dump") || r.stderr.contains("backtrace"), r.stderr, line: line)
        }
        // No display: exactly one line, suggesting the offline commands.
        let noDisplay = try CLI.run(["run"])
        XCTAssertEqual(noDisplay.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(noDisplay.stderr.contains("splashlab render") && noDisplay.stderr.contains("splashlab record"))
    }

    func testSDLOrFileFailureNamesTheFileWithExitCodeOne() throws {
        let r = try CLI.run(["render", "--at", "0", "--out", "/nonexistent/dir/f.png"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("/nonexistent/dir/f.png"), r.stderr)
        let timings = temporaryPath("timings.json")
        try "{\n  \"splash\": {\"minHold\": -2}\n}".write(toFile: timings, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["state", "--at", "1", "--timings", timings])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("\(timings):2:25: splash.minHold must lie in [0, 600]"), bad.stderr)
    }

    func testHelpListsEverySubcommandWithAnExample() throws {
        let r = try CLI.run(["--help"])
        XCTAssertEqual(r.status, 0)
        for command in ["run", "render", "state", "record", "review", "compare-video", "lint", "devices", "layout", "curve", "timings", "bench", "export", "make-assets", "completion"] {
            XCTAssertTrue(r.stdout.contains("  \(command) "), command)
            XCTAssertTrue(r.stdout.contains("splashlab \(command)"), command)
            let own = try CLI.run([command, "--help"])
            XCTAssertEqual(own.status, 0)
            XCTAssertTrue(own.stdout.hasPrefix("splashlab \(command): "), own.stdout)
        }
        let usage = try CLI.run(["nonsense"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("[run|render|state|record|review|compare-video|lint|devices|layout|curve|timings|bench|export|make-assets|completion]"), usage.stderr)
    }

    /// The schema lists every parameter with its kind, unit, range, default and doc.
    func testTimingsSchemaIsJSONWithEveryParameter() throws {
        let r = try CLI.run(["timings", "--schema"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let parameters = try XCTUnwrap(object["parameters"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: parameters.map { ($0["path"] as? String ?? "", $0) })
        let logo = try XCTUnwrap(byPath["splash.logo.duration"])
        XCTAssertEqual(logo["kind"] as? String, "duration")
        XCTAssertEqual(logo["unit"] as? String, "s")
        XCTAssertEqual(logo["default"] as? Double, 0.3)
        XCTAssertEqual((logo["range"] as? [String: Any])?["max"] as? Double, 600)
        XCTAssertEqual(byPath["splash.hole.timingFunctions"]?["default"] as? [String], ["easeInEaseOut", "easeOut"])
        XCTAssertEqual(byPath["panel.completion"]?["choices"] as? [String], ["spring", "percent"])
        for p in parameters { XCTAssertFalse((p["doc"] as? String ?? "").isEmpty, "\(p)") }
        let check = try CLI.run(["timings"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.contains("every value is valid"), check.stderr)
    }

    func testDevicesListsThePresets() throws {
        let r = try CLI.run(["devices"])
        XCTAssertEqual(r.status, 0)
        for (name, size) in [("iphone-se", "375x667"), ("iphone-15", "393x852"), ("iphone-15-pro-max", "430x932"), ("ipad-air-11", "820x1180")] {
            XCTAssertTrue(r.stdout.contains(name) && r.stdout.contains(size), name)
        }
    }

    /// With DISPLAY unset, render picks the offscreen driver itself and writes a device-size PNG.
    func testRenderWithoutADisplayWritesADeviceSizePNG() throws {
        let out = temporaryPath("frame.png")
        let r = try CLI.run(["render", "--at", "0", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let header = try Data(contentsOf: URL(fileURLWithPath: out)).prefix(24)
        XCTAssertEqual(Array(header.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        func be32(_ i: Int) -> Int { header.dropFirst(i).prefix(4).reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be32(16), 750)
        XCTAssertEqual(be32(20), 1334)
        let landscape = temporaryPath("landscape.png")
        XCTAssertEqual(try CLI.run(["render", "--at", "2.3", "--out", landscape, "--device", "iphone-15", "--orientation", "landscape", "--scale", "1"]).status, 0)
        let h2 = try Data(contentsOf: URL(fileURLWithPath: landscape)).prefix(24)
        XCTAssertEqual(h2.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }, 852)
    }

    func testStatePrintsTheDocumentedObject() throws {
        let r = try CLI.run(["state", "--at", "2.3", "--seed", "7"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["time"] as? Double, 2.3)
        let device = object["device"] as! [String: Any]
        XCTAssertEqual(device["name"] as? String, "iphone-se")
        XCTAssertEqual(device["width"] as? Double, 375)
        let splash = object["splash"] as! [String: Any]
        XCTAssertEqual(splash["phase"] as? String, "disappearing")
        XCTAssertEqual(splash["textVariant"] as? Int, Preview.textVariant(seed: 7))
        let layers = splash["layers"] as! [String: Any]
        for key in ["splash", "logo", "text", "backdrop", "backdropText", "hole", "holeLogo"] { XCTAssertTrue(layers.keys.contains(key), key) }
        let hole = layers["hole"] as! [String: Double]
        XCTAssertEqual(Set(hole.keys), ["x", "y", "width", "height", "rotation", "opacity"])
        XCTAssertLessThan(hole["rotation"]!, 0)
        XCTAssertNotNil((object["feed"] as! [String: Any])["scale"])
        let done = try JSONSerialization.jsonObject(with: Data(try CLI.run(["state", "--at", "5"]).stdout.utf8)) as! [String: Any]
        XCTAssertTrue((done["splash"] as! [String: Any])["layers"] is NSNull)
    }

    func testCurvePrintsCSVAndPlots() throws {
        let r = try CLI.run(["curve", "cubic-bezier(0.25, 0, 0.75, 1)", "--at", "0.05,0.5,0.95"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "t,value,velocity")
        let values = lines.dropFirst().map { Double($0.split(separator: ",")[1])! }
        XCTAssertEqual(values[0], 0.01136, accuracy: 0.00015)
        XCTAssertEqual(values[1], 0.5, accuracy: 1e-9)
        XCTAssertEqual(values[2], 0.98863, accuracy: 0.00015)

        let plot = temporaryPath("spring.png")
        let s = try CLI.run(["curve", "spring(response: 0.5, dampingFraction: 0.825, initialVelocity: 1)", "--samples", "5", "--plot", plot])
        XCTAssertEqual(s.status, 0, s.stderr)
        let springLines = s.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(springLines[0].hasPrefix("# settlingDuration="))
        XCTAssertEqual(springLines[1], "t,value,velocity")
        XCTAssertEqual(springLines.count, 7)
        let settle = Double(springLines[0].dropFirst("# settlingDuration=".count))!
        XCTAssertEqual(Double(springLines.last!.split(separator: ",")[0])!, settle, accuracy: 1e-9)
        XCTAssertTrue(springLines[2].hasPrefix("0,0,1"))
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: plot)).count, 5_000)
    }

    /// The motion figures are present and plausible: numbers a working build on any machine gives,
    /// and that a broken measurement (zero, negative, or absurd) does not.
    func testBenchMotionPrintsSaneFigures() throws {
        let r = try CLI.run(["bench", "--motion"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        func median(_ key: String, in o: [String: Any]? = nil) -> Double { ((o ?? object)[key] as? [String: Any])?["median"] as? Double ?? -1 }
        XCTAssertGreaterThan(median("bezierEvaluationsPerSecond"), 100_000)
        XCTAssertLessThan(median("bezierEvaluationsPerSecond"), 10_000_000_000)
        XCTAssertGreaterThan(median("splashFrameMicroseconds"), 0)
        XCTAssertLessThan(median("splashFrameMicroseconds"), 1_000)
        let seek = try XCTUnwrap(object["seek"] as? [String: Any])
        XCTAssertEqual(seek["inputs"] as? Int, 10_000)
        XCTAssertGreaterThan(median("loadMs", in: seek), 0)
        XCTAssertGreaterThanOrEqual(median("toEndMs", in: seek), 0)
        XCTAssertLessThan(median("toEndMs", in: seek), median("loadMs", in: seek), "a seek with snapshots costs less than the pass that takes them")
        XCTAssertEqual(object["runs"] as? Int, 7)
    }

    /// A short frame benchmark: every key there, and figures that make sense together.
    func testBenchFramesPrintsSaneFigures() throws {
        let r = try CLI.run(["bench", "--frames", "60", "--scale", "0.5"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["frames"] as? Int, 60)
        XCTAssertEqual(object["width"] as? Int, 188)
        let frame = try XCTUnwrap(object["frame"] as? [String: Any]), floor = try XCTUnwrap(object["floor"] as? [String: Any])
        let p50 = try XCTUnwrap(frame["p50"] as? Double), p99 = try XCTUnwrap(frame["p99"] as? Double)
        XCTAssertGreaterThan(p50, 0)
        XCTAssertGreaterThanOrEqual(p99, p50)
        XCTAssertGreaterThan(try XCTUnwrap(floor["p50"] as? Double), 0)
        let ratio = try XCTUnwrap(object["ratio"] as? [String: Any])
        XCTAssertGreaterThan(try XCTUnwrap(ratio["p50"] as? Double), 0.05)
        XCTAssertLessThan(try XCTUnwrap(ratio["p50"] as? Double), 100)
        let phases = try XCTUnwrap(object["phases"] as? [String: Any])
        let counted = phases.values.compactMap { ($0 as? [String: Any])?["frames"] as? Int }.reduce(0, +)
        XCTAssertEqual(counted, 60, "every frame belongs to exactly one phase")
        XCTAssertNotNil(phases["splash-appearing"])
        let rss = try XCTUnwrap(object["peakRSSMB"] as? Double)
        XCTAssertTrue(rss > 5 && rss < 4_000, "\(rss)")
    }

    /// The window at rest draws nothing; with the HUD on it draws at its resting rate; a key
    /// through SDL's event queue wakes it for the panel's presentation. Frame counts, not times.
    func testBenchIdleDrawsNothingAtRestAndWakesForAKey() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let r = try CLI.run(["bench", "--idle", "--seconds", "1.5", "--inspector", "on"],
                            environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_STATE_HOME": state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        func frames(_ key: String) throws -> Int { try XCTUnwrap((object[key] as? [String: Any])?["framesDrawn"] as? Int, key) }
        XCTAssertEqual(try frames("rest"), 0)
        // 2 Hz over 1.5 s, plus the frame that shows the HUD appearing and the one after it.
        XCTAssertGreaterThanOrEqual(try frames("restWithHUD"), 2)
        XCTAssertLessThanOrEqual(try frames("restWithHUD"), 7)
        XCTAssertGreaterThan(try frames("afterKeyP"), 3, "P presents the panel: the window wakes and draws its motion")
        let cpu = try XCTUnwrap((object["rest"] as? [String: Any])?["cpuPercentOfCore"] as? Double)
        XCTAssertTrue(cpu >= 0 && cpu < 100, "\(cpu)")
        XCTAssertEqual(try CLI.run(["bench", "--idle", "--frames", "60"]).status, 2, "--frames is the scenario's")
    }

    /// The window driven through its scripted session: every phase met, with frames drawn in it
    /// (the replays, the injected drag and the Graph view each change what is shown), and each
    /// frame's cost against a floor measured beside it. Frame counts and signs, not times.
    func testBenchWindowMeasuresEveryPhaseAgainstItsFloor() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("window-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let r = try CLI.run(["bench", "--window", "--inspector", "on"], environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_STATE_HOME": state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let phases = try XCTUnwrap(object["phases"] as? [[String: Any]])
        XCTAssertEqual(phases.compactMap { $0["phase"] as? String },
                       ["appearing, tools shown", "disappearing, tools shown", "panel drag, tools shown",
                        "appearing, tools hidden", "disappearing, tools hidden", "panel drag, tools hidden", "panel drag, Graph view open"])
        for phase in phases {
            let name = try XCTUnwrap(phase["phase"] as? String)
            XCTAssertGreaterThan(try XCTUnwrap(phase["frames"] as? Int), name.hasPrefix("panel drag") ? 20 : 3, name)
            let cost = try XCTUnwrap((phase["costMs"] as? [String: Any])?["p50"] as? Double)
            let floor = try XCTUnwrap((phase["floorMs"] as? [String: Any])?["p50"] as? Double)
            let ratio = try XCTUnwrap((phase["ratio"] as? [String: Any])?["p50"] as? Double)
            XCTAssertTrue(cost > 0 && floor > 0 && ratio > 0, "\(name): \(phase)")
        }
        let size = try XCTUnwrap(object["window"] as? [String: Any])
        XCTAssertGreaterThan(try XCTUnwrap(size["width"] as? Int), 0)
        // The copy floor: a window-sized texture copied and presented, alternated with the clear.
        let copyFloor = try XCTUnwrap(object["copyFloor"] as? [String: Any], "\(object.keys)")
        XCTAssertEqual(copyFloor["frames"] as? Int, 60)
        for key in ["clearMs", "copyMs", "ratio"] {
            let p50 = try XCTUnwrap((copyFloor[key] as? [String: Any])?["p50"] as? Double, key)
            XCTAssertGreaterThan(p50, 0, "\(key): \(copyFloor)")
        }
    }
}
