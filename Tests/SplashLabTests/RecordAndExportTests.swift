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

    /// A tool's standard output, run to its end.
    func output(of tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// A recording reports its progress (a line every second or so, stderr not being a
    /// terminal) and ends with its throughput against real time; the video has every frame,
    /// and a frame of the settled feed (one of the frames that repeat the one before, so are
    /// neither drawn nor sent but filled in by ffmpeg) is the still `render` draws at that time:
    /// upright, in its colours.
    func testRecordingReportsItsThroughputAndKeepsEveryFrame() throws {
        let dir = temporaryDirectory()
        let out = dir + "/splash.mp4"
        // At --scale 1 the SE is 375x667: an odd height, padded by ffmpeg to 668.
        let r = try CLI.run(["record", "--out", out, "--duration", "4", "--fps", "30", "--scale", "1", "--seed", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertFalse(r.stderr.contains("\r"), "no in-place updates when stderr is not a terminal: \(r.stderr)")
        let summary = try XCTUnwrap(lines.first { $0.hasPrefix("recorded ") }, r.stderr)
        let match = try XCTUnwrap(summary.wholeMatch(of: #/recorded 120 frames \(4\.0 s\) in ([0-9.]+) s: ([0-9.]+)x real time/#), summary)
        let seconds = try XCTUnwrap(Double(match.1)), speed = try XCTUnwrap(Double(match.2))
        // Both figures are rounded: the seconds to a tenth, the multiple to a hundredth.
        XCTAssertGreaterThanOrEqual(speed, 4 / (seconds + 0.05) - 0.01, summary)
        XCTAssertLessThanOrEqual(speed, 4 / max(seconds - 0.05, 0.01) + 0.01, summary)
        let progress = lines.filter { $0.hasPrefix("recording frame ") }
        for line in progress {
            XCTAssertNotNil(line.wholeMatch(of: #/recording frame [0-9]+\/120: [0-9.]+ fps, [0-9.]+ s left/#), line)
        }
        // About one a second: never more than the seconds taken, and one at least in a
        // recording that took a few.
        XCTAssertLessThanOrEqual(Double(progress.count), seconds + 1, r.stderr)
        if seconds >= 3 { XCTAssertGreaterThanOrEqual(progress.count, 1, r.stderr) }
        XCTAssertTrue(r.stderr.contains("wrote \(out): 120 frames, 4.00 s at 30 fps, 375x667"), r.stderr)

        let probe = try output(of: "/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                         "-show_entries", "stream=nb_read_frames,width,height,pix_fmt", "-of", "csv=p=0", out])
        XCTAssertEqual(String(decoding: probe, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "376,668,yuv420p,120")

        // Frame 114 is 3.8 s in, long after the feed has settled. Cropped to 375x667 in RGB:
        // in yuv420p ffmpeg would round the crop down to even sides.
        let still = dir + "/still.png"
        XCTAssertEqual(try CLI.run(["render", "--at", "3.8", "--scale", "1", "--seed", "3", "--out", still]).status, 0)
        let rgb = ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let expected = try output(of: "/usr/bin/ffmpeg", ["-v", "error", "-i", still] + rgb)
        let recorded = try output(of: "/usr/bin/ffmpeg", ["-v", "error", "-i", out, "-vf", "select=eq(n\\,114),format=rgb24,crop=375:667:0:0", "-frames:v", "1"] + rgb)
        XCTAssertEqual(expected.count, 375 * 667 * 3)
        XCTAssertEqual(recorded.count, expected.count)
        guard recorded.count == expected.count else { return }
        let difference = zip(recorded, expected).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        // H.264 at quantiser 18 in yuv420p is off by about a level a channel; a frame upside
        // down, in other colours or from another time is off by tens.
        XCTAssertLessThan(Double(difference) / Double(expected.count), 2.5)
    }

    /// At a terminal the progress is one line rewritten in place, which ends at the last frame;
    /// the summary follows on the next line.
    func testAtATerminalProgressIsOneLineRewrittenInPlace() throws {
        // script(1) runs the command with a terminal for its stderr. It is in bsdutils, which
        // Debian marks essential, so every machine that runs these tests has it.
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "/usr/bin/script (bsdutils) is missing")
        let out = temporaryDirectory() + "/tty.mp4"
        let r = try CLI.run(["-qec", "\(CLI.binary) record --out \(out) --duration 1 --fps 30 --scale 0.5 --seed 3", "/dev/null"],
                            executable: "/usr/bin/script")
        let text = r.stdout
        XCTAssertEqual(r.status, 0, text)
        let progress = text.components(separatedBy: "\n").filter { $0.contains("recording frame") }
        XCTAssertEqual(progress.count, 1, text)
        XCTAssertTrue(progress.first?.hasPrefix("\rrecording frame ") ?? false, text)
        XCTAssertTrue(progress.first?.contains("\rrecording frame 30/30: ") ?? false, text)
        XCTAssertTrue(text.contains("recorded 30 frames (1.0 s) in "), text)
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
        // Ten minutes at 240 fps, the most frames allowed: long enough to be mid-way at the
        // interrupt, even with the settled feed's repeated frames costing next to nothing.
        process.arguments = ["record", "--out", out, "--duration", "600", "--fps", "240", "--scale", "0.5"]
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
        XCTAssertTrue(stderr.contains("holds \(count) of 144000 frames"), "ffprobe counts \(count): \(stderr)")
    }

    /// The exported Swift carries the table's values.
    /// Each exported launch image is the same PNG as that device's launch screen (`render
    /// --launch`), and with the defaults also as its frame at t = 0: no blink.
    func testExportedLaunchImagesAreTheLaunchScreen() throws {
        let dir = temporaryDirectory()
        let r = try CLI.run(["export", "launch", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        for (device, orientation) in [("iphone-se", "portrait"), ("iphone-15-pro-max", "landscape"), ("ipad-air-11", "portrait")] {
            let exported = try Data(contentsOf: URL(fileURLWithPath: dir + "/launch-\(device)-\(orientation).png"))
            for (name, arguments) in [("launch", ["--launch"]), ("frame", ["--at", "0", "--seed", "11"])] {
                let path = dir + "/\(name)-\(device)-\(orientation).png"
                XCTAssertEqual(try CLI.run(["render", "--device", device, "--orientation", orientation, "--out", path] + arguments).status, 0)
                XCTAssertEqual(exported, try Data(contentsOf: URL(fileURLWithPath: path)), "\(device) \(orientation) against \(name)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("launch-") }.count, 8)
    }

    /// The launch screen comes from its sources, not the animation: a logo that starts at 40 pt
    /// changes the intro's first frame (a blink), never the exported launch image.
    func testExportedLaunchImageIgnoresTheIntrosFirstFrame() throws {
        let dir = temporaryDirectory()
        let timings = dir + "/small-start.json"
        try #"{"splash": {"logo": {"startSize": 40}}}"#.write(toFile: timings, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["export", "launch", "--out", dir + "/default"]).status, 0)
        XCTAssertEqual(try CLI.run(["export", "launch", "--timings", timings, "--out", dir + "/small"]).status, 0)
        XCTAssertEqual(try CLI.run(["render", "--at", "0", "--timings", timings, "--out", dir + "/frame.png"]).status, 0)
        let small = try Data(contentsOf: URL(fileURLWithPath: dir + "/small/launch-iphone-se-portrait.png"))
        XCTAssertEqual(small, try Data(contentsOf: URL(fileURLWithPath: dir + "/default/launch-iphone-se-portrait.png")))
        XCTAssertNotEqual(small, try Data(contentsOf: URL(fileURLWithPath: dir + "/frame.png")))
    }
}
