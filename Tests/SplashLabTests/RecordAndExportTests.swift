import Foundation
import XCTest

final class RecordAndExportTests: XCTestCase {
    func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "splashlab-record-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A 3 s recording at 30 fps holds 90 frames, H.264 in yuv420p, counted by ffprobe.
    func testRecordedMP4HasEveryFrame() throws {
        let out = temporaryDirectory() + "/splash.mp4"
        let r = try CLI.run(["record", "--out", out, "--duration", "3", "--fps", "30", "--scale", "1", "--seed", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0",
                           "-show_entries", "stream=nb_read_frames,codec_name,pix_fmt", "-of", "csv=p=0", out]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "h264,yuv420p,90")
    }

    /// Without ffmpeg on PATH, the same recording is 90 numbered PNGs, and it says so.
    func testWithoutFFmpegWritesAPNGSequence() throws {
        let dir = temporaryDirectory()
        let r = try CLI.run(["record", "--out", dir + "/splash.mp4", "--duration", "3", "--fps", "30", "--scale", "0.5", "--seed", "3"],
                            environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("ffmpeg not found on PATH"), r.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/splash-frames").filter { $0.hasSuffix(".png") }
        XCTAssertEqual(frames.count, 90)
        XCTAssertTrue(frames.contains("frame-00001.png") && frames.contains("frame-00090.png"))
    }

    func testUnwritableOutputIsAClearError() throws {
        let r = try CLI.run(["record", "--out", "/nonexistent/dir/x.mp4", "--duration", "1"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("cannot write /nonexistent/dir/x.mp4: the folder /nonexistent/dir does not exist"), r.stderr)
    }

    /// Ctrl-C mid-recording still leaves a playable file and says how many frames it holds.
    func testInterruptedRecordingIsStillPlayable() throws {
        let out = temporaryDirectory() + "/long.mp4"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["record", "--out", out, "--duration", "60", "--fps", "30", "--scale", "0.5"]
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env["SPLASHLAB_ASSETS"] = CLI.repositoryRoot.appendingPathComponent("Assets").path
        process.environment = env
        let err = Pipe()
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted: \(out) holds"), stderr)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", out]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let count = Int(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        probe.waitUntilExit()
        XCTAssertGreaterThan(count, 0)
        XCTAssertTrue(stderr.contains("holds \(count) of 1800 frames"), "ffprobe counts \(count): \(stderr)")
    }

    /// The exported Swift carries the table's values.
    func testExportSwiftContainsTheTimings() throws {
        let r = try CLI.run(["export", "swift"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for expected in ["static let minHold: TimeInterval = 2", "static let timeout: TimeInterval = 3",
                         "CGAffineTransform(scaleX: 72 / 88", "UIViewPropertyAnimator(duration: 0.3,",
                         "controlPoint1: CGPoint(x: 0.42, y: 0)", "controlPoint2: CGPoint(x: 0.58, y: 1)",
                         "scale.values = [1, 0.85, 18 * screenHeight / SplashTimings.holeReferenceHeight]",
                         "scale.keyTimes = [0, 0.2, 1]", "CAMediaTimingFunction(controlPoints: 0, 0, 0.58, 1)",
                         "rotation.toValue = -atan(logoCenter.y / logoCenter.x)", "logoFade.duration = 0.1",
                         "CGAffineTransform(scaleX: 1.05, y: 1.05)", "UIViewPropertyAnimator(duration: 0.6,",
                         "UIViewPropertyAnimator(duration: 0.25,", "static let panelMaxDim: CGFloat = 0.4",
                         "UISpringTimingParameters(mass: 1, stiffness: 322.27"] {
            XCTAssertTrue(r.stdout.contains(expected), "missing: \(expected)")
        }
        // A tuned file's values come through.
        let tuned = NSTemporaryDirectory() + "splashlab-tuned-\(UUID().uuidString).json"
        try "{\"splash\": {\"logo\": {\"duration\": 0.45, \"curve\": \"cubic-bezier(0.2, 0.9, 0.3, 1.1)\"}}}".write(toFile: tuned, atomically: true, encoding: .utf8)
        let t = try CLI.run(["export", "swift", "--timings", tuned])
        XCTAssertTrue(t.stdout.contains("UIViewPropertyAnimator(duration: 0.45,") && t.stdout.contains("controlPoint1: CGPoint(x: 0.2, y: 0.9)"), t.stdout)
    }

    /// The exported Swift type-checks against the UIKit and Core Animation declarations it uses
    /// (Apple's signatures, restated in Tests/Fixtures since UIKit does not exist on Linux).
    func testExportedSwiftTypeChecks() throws {
        let dir = temporaryDirectory()
        let r = try CLI.run(["export", "swift"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Foundation stands in for UIKit's re-export of it.
        try r.stdout.replacingOccurrences(of: "import UIKit", with: "import Foundation").write(toFile: dir + "/Export.swift", atomically: true, encoding: .utf8)
        let swiftc = Process()
        swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swiftc.arguments = ["swiftc", "-typecheck", CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/UIKitDeclarations.swift").path, dir + "/Export.swift"]
        let err = Pipe()
        swiftc.standardError = err
        try swiftc.run()
        let output = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swiftc.waitUntilExit()
        XCTAssertEqual(swiftc.terminationStatus, 0, output)
    }

    /// Each exported launch image is the same PNG as that device's frame at t = 0.
    func testExportedLaunchImagesEqualTheFirstFrame() throws {
        let dir = temporaryDirectory()
        let r = try CLI.run(["export", "launch", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        for (device, orientation) in [("iphone-se", "portrait"), ("iphone-15-pro-max", "landscape"), ("ipad-air-11", "portrait")] {
            let frame = dir + "/frame-\(device)-\(orientation).png"
            XCTAssertEqual(try CLI.run(["render", "--at", "0", "--device", device, "--orientation", orientation, "--out", frame, "--seed", "11"]).status, 0)
            let exported = try Data(contentsOf: URL(fileURLWithPath: dir + "/launch-\(device)-\(orientation).png"))
            XCTAssertEqual(exported, try Data(contentsOf: URL(fileURLWithPath: frame)), "\(device) \(orientation)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("launch-") }.count, 8)
    }
}
