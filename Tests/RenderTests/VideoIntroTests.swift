import Foundation
import XCTest
@testable import Render

/// GIF and video intros through ffprobe and ffmpeg: each frame keeps its own time, frames decode
/// at the size asked for, and every bad file is refused with its name, boundedly. The files are
/// made here with ffmpeg (a test dependency) rather than kept in the repository.
final class VideoIntroTests: FFmpegFixtureCase {
    /// A GIF of a red, a green and a blue frame shown for 0.1, 0.3 and 0.05 s.
    func makeVariableRateGIF() throws -> String {
        for colour in ["red", "lime", "blue"] {
            try ffmpeg(["-f", "lavfi", "-i", "color=c=\(colour):s=8x8", "-frames:v", "1", "\(colour).png"])
        }
        try "file red.png\nduration 0.1\nfile lime.png\nduration 0.3\nfile blue.png\nduration 0.05\nfile blue.png\n"
            .write(toFile: folder + "/list.txt", atomically: true, encoding: .utf8)
        try ffmpeg(["-f", "concat", "-i", "list.txt", "-fps_mode", "vfr", "vfr.gif"])
        return folder + "/vfr.gif"
    }

    func pixel(_ frame: IntroFrame, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * frame.width + x) * 4
        return Array(frame.pixels[i..<i + 4])
    }

    func refusal(_ make: () throws -> String, maximumFrames: Int = VideoIntro.maximumFrames) throws -> String {
        let path = try make()
        do {
            _ = try VideoIntro(path: path, maximumFrames: maximumFrames)
            return "accepted"
        } catch let error as RenderError {
            return error.message.replacingOccurrences(of: folder + "/", with: "")
        }
    }

    func testAVariableFrameRateKeepsEachFramesOwnTime() throws {
        let video = try VideoIntro(path: try makeVariableRateGIF())
        XCTAssertEqual([video.width, video.height], [8, 8])
        let times = video.frameTimes
        XCTAssertGreaterThanOrEqual(times.count, 3)
        XCTAssertEqual(times.first, 0)
        XCTAssertEqual(times, times.sorted())
        // The green frame is shown about three times as long as the red one: not one rate.
        XCTAssertGreaterThan((times[2] - times[1]) - (times[1] - times[0]), 0.1, "\(times)")
        XCTAssertEqual(video.frameIndex(at: 0), 0)
        XCTAssertEqual(video.frameIndex(at: times[1] + 0.01), 1)
        XCTAssertEqual(video.frameIndex(at: times[2] - 0.01), 1)
        XCTAssertEqual(video.frameIndex(at: times[2]), 2)
        XCTAssertEqual(video.frameIndex(at: 100), times.count - 1)
        XCTAssertEqual(video.frameIndex(at: -1), 0)
        XCTAssertEqual(video.frameIndex(at: .nan), 0)
    }

    func testAFrameDecodesAtTheSizeAskedForByItsOwnTime() throws {
        let video = try VideoIntro(path: try makeVariableRateGIF())
        let green = try video.decode(frame: video.frameIndex(at: 0.2), width: 16, height: 12)
        XCTAssertEqual([green.width, green.height, green.pixels.count], [16, 12, 16 * 12 * 4])
        let centre = pixel(green, 8, 6)
        XCTAssertLessThan(centre[0], 16)
        XCTAssertGreaterThan(centre[1], 240)
        XCTAssertEqual(centre[3], 255)
        let red = pixel(try video.decode(frame: 0, width: 16, height: 12), 8, 6)
        XCTAssertGreaterThan(red[0], 240)
        XCTAssertLessThan(red[1], 16)
    }

    func testAudioOnlyIsRefused() throws {
        XCTAssertEqual(try refusal { try ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "audio.m4a"]); return folder + "/audio.m4a" },
                       "audio.m4a: has no video stream (audio only?); an intro needs pictures")
    }

    func testACorruptFileIsRefused() throws {
        let message = try refusal {
            var bytes = [UInt8](repeating: 0, count: 4000)
            for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/corrupt.mp4"))
            return folder + "/corrupt.mp4"
        }
        XCTAssertTrue(message.hasPrefix("corrupt.mp4: ffprobe could not read it"), message)
    }

    /// Ten hours at one frame every 100 s: refused from its duration, before any frame is read.
    func testATenHourVideoIsRefusedFromItsDuration() throws {
        XCTAssertEqual(try refusal {
            try ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16:r=0.01", "-t", "36000", "-c:v", "libx264", "long.mp4"])
            return folder + "/long.mp4"
        }, "long.mp4: lasts 36000 s, longer than the 600 s an intro may")
    }

    /// A GIF of more frames than the bound is refused after reading one frame past it; the bound
    /// is lowered here so the test makes 50 frames, not 100,000.
    func testAGIFOfTooManyFramesIsRefused() throws {
        XCTAssertEqual(try refusal({
            try ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=4x4:r=25", "-t", "2", "many.gif"])
            return folder + "/many.gif"
        }, maximumFrames: 20), "many.gif: has more than 20 frames, more than an intro may have")
        XCTAssertEqual(VideoIntro.maximumFrames, 72_000)
    }

    func testAMissingFileIsRefused() throws {
        XCTAssertEqual(try refusal { folder + "/none.mp4" }, "none.mp4: cannot read the file")
    }
}
