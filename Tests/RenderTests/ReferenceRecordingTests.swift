import Foundation
import XCTest
@testable import Render
@testable import Scenes

/// A screen recording of the real app through ffprobe and ffmpeg: every frame keeps its own time,
/// the rotation is applied, frames decode at the size shown, and every bad file is refused with a
/// message naming it, boundedly. The files are made here by ffmpeg (a test dependency), small;
/// `Tests/Fixtures/Reference/zero-frames.y4m` is a stream header with no frame after it.
final class ReferenceRecordingTests: FFmpegFixtureCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Reference").standardized.path

    /// The message a file is refused with, the folder left out; "accepted" when it is read.
    func refusal(_ name: String) -> String {
        let path = name.hasPrefix("/") ? name : folder + "/" + name
        do {
            _ = try ReferenceRecording(path: path)
            return "accepted"
        } catch let error as RenderError {
            return error.message.replacingOccurrences(of: folder + "/", with: "").replacingOccurrences(of: Self.fixtures + "/", with: "")
        } catch {
            return "\(error)"
        }
    }

    func decodeAll(_ recording: ReferenceRecording, width: Int, height: Int) throws -> (frames: [ReferenceFrame], result: ReferenceDecoding) {
        var frames: [ReferenceFrame] = []
        let result = try recording.decodeFrames(width: width, height: height) { frames.append($0); return true }
        return (frames, result)
    }

    func pixel(_ frame: ReferenceFrame, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * frame.width + x) * 4
        return Array(frame.pixels[i..<i + 3])
    }

    // MARK: - Good recordings

    func testAVariableFrameRateKeepsEachFramesOwnTime() throws {
        // 120 fps with frames only at 0, 1/120, 2/120, 30/120, 31/120, 32/120: as an iPhone writes a
        // screen that changes, then rests.
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=size=32x64:rate=120:d=0.5", "-vf", "select='lt(mod(n\\,30)\\,3)'",
                    "-fps_mode", "vfr", "-c:v", "libx264", "-pix_fmt", "yuv420p", "vfr.mov"])
        let recording = try ReferenceRecording(path: folder + "/vfr.mov")
        XCTAssertEqual([recording.width, recording.height, recording.rotation], [32, 64, 0])
        let expected = [0, 1, 2, 30, 31, 32].map { Double($0) / 120 }
        XCTAssertEqual(recording.frameTimes.count, expected.count)
        for (a, b) in zip(recording.frameTimes, expected) { XCTAssertEqual(a, b, accuracy: 0.001) }
        let (frames, result) = try decodeAll(recording, width: 16, height: 32)
        XCTAssertEqual(frames.count, expected.count)
        XCTAssertNil(result.damage)
        for (frame, time) in zip(frames, expected) {
            XCTAssertEqual(frame.time, time, accuracy: 0.001)
            XCTAssertEqual([frame.width, frame.height, frame.pixels.count], [16, 32, 16 * 32 * 4])
        }
    }

    func testARotatedRecordingIsDecodedUprightAtItsUprightSize() throws {
        // 64×48 as stored: red on the left half, blue on the right; the flag turns it a quarter,
        // so upright it is 48×64 with the halves above and below each other.
        try ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=32x48:d=0.1", "-f", "lavfi", "-i", "color=c=blue:s=32x48:d=0.1",
                    "-filter_complex", "[0:v][1:v]hstack", "-c:v", "libx264", "-pix_fmt", "yuv420p", "flat.mp4"])
        try ffmpeg(["-i", "flat.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90", "rotated.mov"])
        let recording = try ReferenceRecording(path: folder + "/rotated.mov")
        XCTAssertEqual(recording.rotation, 90)
        XCTAssertEqual([recording.width, recording.height], [48, 64])
        XCTAssertNil(recording.aspectWarning(for: Device(name: "test", portraitWidth: 300, portraitHeight: 400, scale: 1, note: "", orientation: .portrait)))
        let frame = try XCTUnwrap(decodeAll(recording, width: 48, height: 64).frames.first)
        let top = pixel(frame, 24, 8), bottom = pixel(frame, 24, 56), left = pixel(frame, 4, 32), right = pixel(frame, 44, 32)
        XCTAssertGreaterThan(abs(Int(top[0]) - Int(bottom[0])), 150, "upright, the red and blue halves lie above each other: \(top) \(bottom)")
        XCTAssertLessThan(abs(Int(left[0]) - Int(right[0])), 60, "\(left) \(right)")
    }

    func testAnotherAspectRatioIsWarnedWithBothSizes() throws {
        try ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=64x64:d=0.1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "square.mp4"])
        let recording = try ReferenceRecording(path: folder + "/square.mp4")
        let warning = try XCTUnwrap(recording.aspectWarning(for: try XCTUnwrap(Device.named("iphone-se"))))
        XCTAssertEqual(warning.replacingOccurrences(of: folder + "/", with: ""),
                       "square.mp4: its picture is 64×64 (aspect 1.000), not the iphone-se's 375×667 pt (aspect 0.562); it is stretched to the device's size")
    }

    func testAn8KRecordingIsDecodedAtTheSizeShown() throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=7680x4320:r=30:d=0.07", "-c:v", "mjpeg", "-q:v", "10", "8k.mov"])
        let recording = try ReferenceRecording(path: folder + "/8k.mov")
        XCTAssertEqual([recording.width, recording.height], [7680, 4320])
        var sizes: [Int] = []
        try recording.decodeFrames(width: 96, height: 54) { sizes.append($0.pixels.count); return true }
        XCTAssertEqual(sizes, Array(repeating: 96 * 54 * 4, count: recording.frameTimes.count))
        // A size past the largest side is held to it: never a frame of 8K's 130 MB.
        var largest = 0
        try recording.decodeFrames(width: 100_000, height: 10) { largest = $0.width; return false }
        XCTAssertEqual(largest, VideoIntro.maximumSide)
    }

    func testAFileCorruptHalfwayGivesTheFramesBeforeTheDamageWithAWarning() throws {
        // Two seconds of 30 fps, every frame a keyframe, the index at the front; the second half's
        // bytes overwritten.
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x64:rate=30:d=2", "-c:v", "libx264", "-g", "1", "-pix_fmt", "yuv420p",
                    "-movflags", "+faststart", "whole.mp4"])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/whole.mp4")))
        for i in (bytes.count / 2)..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/damaged.mp4"))
        let recording = try ReferenceRecording(path: folder + "/damaged.mp4")
        let (frames, result) = try decodeAll(recording, width: 32, height: 32)
        let damage = try XCTUnwrap(result.damage, "a damaged file is warned about")
        XCTAssertTrue(damage.hasPrefix(folder + "/damaged.mp4: damaged after \(frames.count) frames ("), damage)
        XCTAssertTrue(damage.hasSuffix("the frames before it are used"), damage)
        XCTAssertGreaterThan(frames.count, 10, "the first half decodes")
        XCTAssertLessThan(frames.count, 60, "the damaged half is not handed on")
        XCTAssertEqual(frames.map(\.index), Array(0..<frames.count))
    }

    // MARK: - Refused

    func testEveryFileThatCannotBeAReferenceIsRefusedWithItsName() throws {
        try "not a video\n".write(toFile: folder + "/notes.mov", atomically: true, encoding: .utf8)
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.2", "-c:a", "aac", "voice.m4a"])
        // Ten hours at one frame every ten minutes: 60 frames, a few kilobytes.
        try ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=16x16:r=1/600:d=36000", "-c:v", "libx264", "-preset", "ultrafast", "ten-hours.mp4"])
        XCTAssertTrue(refusal("notes.mov").hasPrefix("notes.mov: ffprobe could not read it: "), refusal("notes.mov"))
        XCTAssertTrue(refusal("notes.mov").contains("Invalid data found when processing input"), refusal("notes.mov"))
        XCTAssertEqual(refusal("voice.m4a"), "voice.m4a: has no video stream (audio only?); a reference recording needs pictures")
        XCTAssertEqual(refusal(Self.fixtures + "/zero-frames.y4m"), "zero-frames.y4m: its video stream has no frames")
        XCTAssertEqual(refusal("ten-hours.mp4"), "ten-hours.mp4: lasts 36000 s, longer than the 120 s a reference recording may; trim it to the launch")
        XCTAssertEqual(refusal("missing.mov"), "missing.mov: cannot read the file")
    }

    // MARK: - The cache

    func testTheCacheKeepsTheNewestFramesWithinItsBudgetAndAnswersByTime() {
        func frame(_ i: Int) -> ReferenceFrame {
            ReferenceFrame(index: i, time: Double(i) / 10, pixels: [UInt8](repeating: UInt8(i), count: 400), width: 10, height: 10)
        }
        var cache = ReferenceFrameCache(byteBudget: 1_000)
        for i in 0..<5 { cache.append(frame(i)) }
        XCTAssertEqual(cache.frames.map(\.index), [3, 4], "two 400-byte frames fit in 1,000 bytes")
        XCTAssertLessThanOrEqual(cache.bytes, cache.byteBudget)
        XCTAssertEqual(cache.evictedThrough, 0.2)
        XCTAssertEqual(cache.frame(at: 0.35)?.index, 3, "the latest frame not after the time")
        XCTAssertEqual(cache.frame(at: 9)?.index, 4)
        XCTAssertNil(cache.frame(at: 0.25), "pushed out: not answered with another frame")
        cache.discard(before: 0.45)
        XCTAssertEqual(cache.frames.map(\.index), [4])
        var tiny = ReferenceFrameCache(byteBudget: 10)
        tiny.append(frame(0)); tiny.append(frame(1))
        XCTAssertEqual(tiny.frames.map(\.index), [1], "the newest frame is kept even past the budget")
    }
}
