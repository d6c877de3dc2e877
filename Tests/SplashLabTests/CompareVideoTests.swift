import Foundation
import XCTest

/// `splashlab compare-video`, end to end and small: a reference made by SplashLab itself with the
/// hole 0.2 s slower, re-encoded as a phone records (120 fps, variable rate, HEVC in a .mov, a
/// status bar drawn in, 0.4 s of something else before the launch), at half a pixel a point.
final class CompareVideoTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "splashlab-compare-video-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let created = folder
        addTeardownBlock { try? FileManager.default.removeItem(atPath: created) }
    }

    @discardableResult
    func ffmpeg(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The slower hole recorded as PNGs, then encoded as a phone would: returns the .mov.
    func makeReference() throws -> String {
        let defaults = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Assets/timings.json"), encoding: .utf8)
        let slow = defaults.replacingOccurrences(of: "\"referenceHeight\": 667,\n      \"duration\": 0.6", with: "\"referenceHeight\": 667,\n      \"duration\": 0.8")
        XCTAssertNotEqual(slow, defaults, "the hole's duration is in the defaults")
        try slow.write(toFile: folder + "/slow-hole.json", atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "--timings", folder + "/slow-hole.json", "--seed", "7", "--fps", "120", "--scale", "0.5",
                                  "--out", folder + "/frames"])
        XCTAssertEqual(record.status, 0, record.stderr)
        // 0.4 s of a test pattern (the home screen), then the app; a status bar over both (20 pt at
        // 0.5 px a point); a frame that repeats the one before (no 8×8 block changed by more than
        // 64 levels in all) dropped, as an iPhone writes none, but at most 12 in a row.
        let graph = "[0:v]format=rgb24,setsar=1[a];[1:v]format=rgb24,setsar=1[b];[a][b]concat=n=2:v=1,"
            + "drawbox=x=0:y=0:w=iw:h=10:color=black:t=fill,drawbox=x=8:y=2:w=16:h=6:color=white:t=fill,mpdecimate=hi=64:lo=64:frac=0:max=12,format=yuv420p"
        let common = ["-f", "lavfi", "-i", "testsrc2=s=188x334:r=120:d=0.4", "-framerate", "120", "-i", "frames/frame-%05d.png",
                      "-filter_complex", graph, "-fps_mode", "vfr"]
        if try ffmpeg(common + ["-c:v", "libx265", "-x265-params", "log-level=error", "-crf", "23", "-tag:v", "hvc1", "phone.mov"]) != 0 {
            // An ffmpeg built without libx265: H.264, as older iPhones record.
            XCTAssertEqual(try ffmpeg(common + ["-c:v", "libx264", "-crf", "20", "phone.mov"]), 0)
        }
        return folder + "/phone.mov"
    }

    func testTheOffsetIsFoundWithinAFrameAndTheSlowerHoleFailsItsPhase() throws {
        let reference = try makeReference()
        let found = try CLI.run(["compare-video", reference, "--seed", "7", "--scale", "0.5"])
        XCTAssertEqual(found.status, 1, "the hole's phase differs: \(found.stdout)\(found.stderr)")
        let offsetLine = try XCTUnwrap(found.stdout.split(separator: "\n").first { $0.hasPrefix("offset: ") }, found.stdout)
        let offset = try XCTUnwrap(Double(offsetLine.dropFirst("offset: ".count).prefix { $0 != " " }))
        XCTAssertEqual(offset, 0.4, accuracy: 1.0 / 120, "within one frame of the 0.4 s lead: \(offsetLine)")
        XCTAssertTrue(offsetLine.contains("(launch-screen cut)"), String(offsetLine))
        func verdict(_ phase: String) -> String? {
            found.stdout.split(separator: "\n").first { $0.hasPrefix(phase + " ") }.map { String($0) }
        }
        XCTAssertTrue(verdict("appearing")?.hasSuffix("agrees") ?? false, found.stdout)
        XCTAssertTrue(verdict("holding")?.hasSuffix("agrees") ?? false, found.stdout)
        XCTAssertTrue(verdict("disappearing")?.contains("differs") ?? false, found.stdout)

        // The offset by hand, the curve as CSV, a threshold no phase passes.
        let csv = try CLI.run(["compare-video", reference, "--seed", "7", "--scale", "0.5", "--reference-offset", "0.4", "--csv", "--max-difference", "100"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdout.split(separator: "\n")
        XCTAssertEqual(rows.first, "time,phase,share,mean_distance")
        XCTAssertTrue(csv.stderr.contains("offset: 0.4000 s (manual)"), csv.stderr)
        let holding = rows.dropFirst().map { $0.split(separator: ",") }.filter { $0[1] == "holding" }.compactMap { Double($0[2]) }
        let disappearing = rows.dropFirst().map { $0.split(separator: ",") }.filter { $0[1] == "disappearing" }.compactMap { Double($0[2]) }
        XCTAssertFalse(holding.isEmpty || disappearing.isEmpty, csv.stdout)
        XCTAssertLessThan(holding.max() ?? 1, 0.01, "near zero where the timings agree")
        XCTAssertGreaterThan(disappearing.max() ?? 0, 0.1, "it rises where the hole is slower")
    }

    func testBadInputIsExitCodeTwoWithTheFileNamed() throws {
        try "not a video".write(toFile: folder + "/notes.mov", atomically: true, encoding: .utf8)
        let notVideo = try CLI.run(["compare-video", folder + "/notes.mov", "--scale", "0.5"])
        XCTAssertEqual(notVideo.status, 2, notVideo.stderr)
        XCTAssertTrue(notVideo.stderr.hasPrefix("splashlab: \(folder)/notes.mov: ffprobe could not read it"), notVideo.stderr)
        let none = try CLI.run(["compare-video"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("compare-video needs the recording: compare-video FILE"), none.stderr)
        let far = try CLI.run(["compare-video", folder + "/notes.mov", "--reference-offset", "500"])
        XCTAssertEqual(far.status, 2)
        XCTAssertTrue(far.stderr.contains("--reference-offset must be at most 120 s (got 500)"), far.stderr)
    }
}
