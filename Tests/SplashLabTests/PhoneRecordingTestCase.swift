import Foundation
import XCTest

/// A reference made by SplashLab itself with the hole 0.2 s slower, re-encoded as a phone records
/// (120 fps, variable rate, HEVC in a .mov, a status bar drawn in, 0.4 s of something else before
/// the launch), at half a pixel a point, in a temporary folder of its own.
class PhoneRecordingTestCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
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
}
