import Foundation
import Formats
import Scenes

/// A GIF or video intro (mp4, mov), decoded by the ffmpeg the app already records with: ffprobe
/// lists every frame's own timestamp, so a variable frame rate stays variable, and ffmpeg decodes
/// the frame shown at a time to raw RGBA at the size it is shown. Every step is bounded: the
/// duration and frame count are checked before any frame is decoded, the frame list is read no
/// further than one frame past the bound, and each ffmpeg run has a time limit.
public struct VideoIntro: Sendable {
    public let path: String
    /// The video stream's size in pixels.
    public let width: Int
    public let height: Int
    /// Each frame's start time in seconds from the first frame, ascending; frame i shows from
    /// `frameTimes[i]` until `frameTimes[i + 1]` (the last until `duration`).
    public let frameTimes: [Double]
    public let duration: Double
    /// The first frame's own timestamp in the file, which `frameTimes` are counted from.
    private let startTimestamp: Double

    /// Ten minutes: as long as `record` writes, far past any intro.
    public static let maximumDuration = 600.0
    /// The same bound as a Lottie intro's frames.
    public static let maximumFrames = Int(LottieDocument.maximumFrames)
    /// The largest frame decoded, a side: the largest screen shown at 3×, with room.
    public static let maximumSide = 4096
    /// How long one ffprobe or ffmpeg run may take before it is stopped.
    public static let processTimeLimit = 30.0

    /// Reads the file's stream and frame times, refusing what is not a video a player could show:
    /// no ffprobe, an unreadable or corrupt file, audio only, longer than `maximumDuration`, more
    /// frames than `maximumFrames`. Every message names the file.
    public init(path: String, maximumFrames: Int = VideoIntro.maximumFrames) throws {
        self.path = path
        let purpose = VideoPurpose.intro(maximumFrames: maximumFrames)
        let probe = try VideoProbe(path: path, purpose: purpose)
        width = probe.width; height = probe.height
        startTimestamp = probe.startTimestamp
        frameTimes = probe.frameTimes
        let last = frameTimes.last ?? 0
        // The last frame lasts as long as the one before it (or 0.1 s, a GIF's usual delay, if alone).
        let lastLength = frameTimes.count > 1 ? last - frameTimes[frameTimes.count - 2] : 0.1
        duration = max(probe.fileDuration ?? 0, last + max(lastLength, 0))
        try purpose.checkDuration(duration, of: path)
    }

    /// The frame shown at `seconds` from the start: the last whose own time is not after it, held
    /// at the first before the start and at the last after the end.
    public func frameIndex(at seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return FrameTimes.latest(in: frameTimes, atOrBefore: seconds) ?? 0
    }

    /// Frame `index` decoded and scaled to `width` × `height` pixels (each side at most
    /// `maximumSide`), as RGBA bytes: ffmpeg seeks to the frame's own timestamp exactly
    /// (`-ss` before `-i` decodes from the keyframe before and drops frames until it).
    public func decode(frame index: Int, width: Int, height: Int) throws -> IntroFrame {
        let ffmpeg = try VideoPurpose.intro(maximumFrames: Self.maximumFrames).ffmpeg(for: path)
        let w = min(max(width, 1), Self.maximumSide), h = min(max(height, 1), Self.maximumSide)
        let clamped = min(max(index, 0), frameTimes.count - 1)
        let timestamp = startTimestamp + frameTimes[clamped]
        let bytes = try Self.runForBytes(ffmpeg, ["-v", "error", "-nostdin", "-ss", String(format: "%.6f", timestamp), "-i", path,
                                                  "-map", "0:v:0", "-frames:v", "1", "-vf", "scale=\(w):\(h):flags=bicubic",
                                                  "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"], path: path, limit: w * h * 4)
        guard bytes.count == w * h * 4 else {
            throw RenderError("\(path): ffmpeg gave \(bytes.count) bytes for frame \(clamped), not a \(w)×\(h) picture (\(w * h * 4))")
        }
        return IntroFrame(pixels: bytes, width: w, height: h)
    }

    /// Up to `count` frames from `index` on, decoded by one ffmpeg run and scaled to `width` ×
    /// `height` pixels: playing or recording a video intro asks for its frames in order, and one
    /// run decodes them in order, where a run a frame would decode from the keyframe before each.
    /// Frames are passed through as the file has them (`-fps_mode passthrough`), none duplicated
    /// or dropped to make a constant rate, so the k-th picture is frame `index + k`.
    public func decode(frames index: Int, count: Int, width: Int, height: Int) throws -> [IntroFrame] {
        let ffmpeg = try VideoPurpose.intro(maximumFrames: Self.maximumFrames).ffmpeg(for: path)
        let w = min(max(width, 1), Self.maximumSide), h = min(max(height, 1), Self.maximumSide)
        let first = min(max(index, 0), frameTimes.count - 1)
        let n = max(min(count, frameTimes.count - first), 1)
        let bytes = try Self.runForBytes(ffmpeg, ["-v", "error", "-nostdin", "-ss", String(format: "%.6f", startTimestamp + frameTimes[first]), "-i", path,
                                                  "-map", "0:v:0", "-fps_mode", "passthrough", "-frames:v", String(n),
                                                  "-vf", "scale=\(w):\(h):flags=bicubic", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
                                         path: path, limit: w * h * 4 * n)
        let frameBytes = w * h * 4
        guard bytes.count >= frameBytes, bytes.count % frameBytes == 0 else {
            throw RenderError("\(path): ffmpeg gave \(bytes.count) bytes for frames from \(first), not whole \(w)×\(h) pictures")
        }
        return stride(from: 0, to: bytes.count, by: frameBytes).map { IntroFrame(pixels: Array(bytes[$0..<($0 + frameBytes)]), width: w, height: h) }
    }

    private static func runForBytes(_ executable: String, _ arguments: [String], path: String, limit: Int) throws -> [UInt8] {
        try ExternalTool.bytes(executable, arguments, path: path, limit: limit, timeLimit: processTimeLimit)
    }
}
