import Formats
import Foundation
import Scenes

/// A screen recording of the real app (an iPhone's `.mov` or `.mp4`, HEVC or H.264, 60 or 120 fps
/// with a variable frame rate, a rotation flag, a status bar), read through ffprobe and decoded by
/// ffmpeg to set beside the preview.
///
/// - Every frame keeps its own timestamp: a variable frame rate stays variable, since an iPhone
///   writes a frame only when the screen changes.
/// - The rotation flag is applied: ffmpeg turns the picture upright when it decodes (its
///   `autorotate`, on by default), and `width` × `height` is the upright size.
/// - Frames are decoded once, in order, at the size shown, never at the file's own size: an 8K file
///   costs what a phone's does once scaled.
/// - Everything is bounded before a frame is decoded: the duration, the frame count, and each
///   ffmpeg run's time.
public struct ReferenceRecording: Sendable {
    public let path: String
    /// The upright picture's size in pixels, the rotation applied.
    public let width: Int
    public let height: Int
    /// The file's rotation flag in degrees (its display matrix), 0 when it has none.
    public let rotation: Int
    public let codec: String
    /// Each frame's start time in seconds from the first frame, ascending, as the file lists its
    /// packets; the decoded frames carry their own times too (`ReferenceFrame.time`).
    public let frameTimes: [Double]
    public let duration: Double

    /// Scenes' `ReferenceRecordingLimits.maximumDuration`, where the options' bounds read it too.
    public static let maximumDuration = ReferenceRecordingLimits.maximumDuration
    /// Two minutes at 240 fps, past any iPhone's screen recording rate (120 fps on ProMotion).
    public static let maximumFrames = 28_800
    /// How long the probe or the whole decode may take before it is stopped: decoding takes 1.4
    /// to 1.8 times a 120 fps recording's length here (`bench --reference`, 10 s of 1178×2556:
    /// HEVC 13.9 s, H.264 17.8 s), so two minutes take at most four; 10 minutes is far past a
    /// healthy run and stops a stuck one.
    public static let processTimeLimit = 600.0

    /// Reads the file's video stream, rotation and frame times, refusing what cannot be a reference:
    /// no ffprobe, an unreadable or corrupt file, audio only, no frames, longer than
    /// `maximumDuration`, more frames than `maximumFrames`. Every message names the file.
    public init(path: String) throws {
        self.path = path
        let probe = try VideoProbe(path: path, purpose: .reference)
        codec = probe.codec
        rotation = probe.rotation
        (width, height) = rotation % 180 == 90 ? (probe.height, probe.width) : (probe.width, probe.height)
        frameTimes = probe.frameTimes
        duration = max(probe.fileDuration ?? 0, frameTimes.last ?? 0)
        try VideoPurpose.reference.checkDuration(duration, of: path)
    }

    /// A warning when the upright picture's aspect ratio is not the device's by more than 1% (a
    /// phone's recording matches its screen to the pixel; 1% leaves room for an odd size rounded
    /// by the encoder): the picture is stretched to the device, so shapes are off by that much.
    public func aspectWarning(for device: Device) -> String? {
        let mine = Double(width) / Double(height), theirs = device.width / device.height
        guard abs(mine / theirs - 1) > 0.01 else { return nil }
        return "\(path): its picture is \(width)×\(height) (aspect \(String(format: "%.3f", mine))), not the \(device.name)'s "
            + "\(Int(device.width))×\(Int(device.height)) pt (aspect \(String(format: "%.3f", theirs))); it is stretched to the device's size"
    }

    /// Decodes every frame in order, scaled to `width` × `height` (each side at most
    /// `VideoIntro.maximumSide`), and hands each to `body` with its own time, until `body` returns
    /// false or the file ends. One ffmpeg run; only one frame is held here at a time.
    ///
    /// A file damaged partway: the frames before the first decoding error are handed on, the rest
    /// are not, and the result says where the damage began.
    @discardableResult
    public func decodeFrames(width: Int, height: Int, _ body: (ReferenceFrame) throws -> Bool) throws -> ReferenceDecoding {
        let ffmpeg = try VideoPurpose.reference.ffmpeg(for: path)
        let w = min(max(width, 1), VideoIntro.maximumSide), h = min(max(height, 1), VideoIntro.maximumSide)
        let log = DecodeLog()
        // `showinfo` writes each frame's own time as it passes, before the frame reaches standard
        // output; `level` prefixes every line with its severity, so an [error] is a damaged packet.
        // The passthrough frame mode keeps the variable rate: no frame is duplicated or dropped.
        let run = try ExternalTool.start(ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "level+info", "-i", path, "-map", "0:v:0",
                                                  "-vf", "scale=\(w):\(h):flags=area,showinfo", "-fps_mode", "passthrough",
                                                  "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
                                         timeLimit: Self.processTimeLimit,
                                         standardError: .lines({ log.read($0) }, end: { log.finish() }))
        let frameBytes = w * h * 4
        var buffer = [UInt8](repeating: 0, count: frameBytes)
        var filled = 0, index = 0, stoppedEarly = false
        var firstTime: Double?
        guard let handle = run.output else { preconditionFailure("ExternalTool.start pipes standard output") }
        reading: while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            var offset = 0
            while offset < chunk.count {
                let take = min(frameBytes - filled, chunk.count - offset)
                buffer.withUnsafeMutableBytes { target in
                    chunk.withUnsafeBytes { source in
                        target.baseAddress!.advanced(by: filled).copyMemory(from: source.baseAddress!.advanced(by: offset), byteCount: take)
                    }
                }
                filled += take; offset += take
                guard filled == frameBytes else { continue }
                filled = 0
                guard let (time, damaged) = log.frame(index) else { break reading }
                if damaged { stoppedEarly = true; break reading }
                let start = firstTime ?? time
                firstTime = start
                let keepGoing = try body(ReferenceFrame(index: index, time: time - start, pixels: buffer, width: w, height: h))
                index += 1
                if !keepGoing { stoppedEarly = true; break reading }
            }
        }
        if stoppedEarly {
            // What ffmpeg says from here on is about the pipe closing, not the file.
            log.stopListening()
            // ffmpeg may be blocked writing the next frame: closing the pipe ends that write, which
            // SIGTERM alone would wait behind.
            try? handle.close()
            run.terminate()
            run.wait()
        } else {
            do {
                try ExternalTool.finish(run, path: path, timeLimit: Self.processTimeLimit, lastError: log.firstError ?? "")
            } catch let failure as RenderError {
                // ffmpeg gives up on a damaged stream; what it decoded before the damage stands.
                guard index > 0, log.firstError != nil else { throw failure }
            }
        }
        let damage = log.firstError.map { "\(path): damaged after \(index) frame\(index == 1 ? "" : "s") (\(Self.seconds(log.lastGoodTime(before: index) ?? 0, decimals: 3))): \($0); the frames before it are used" }
        if index == 0 {
            throw RenderError(damage ?? "\(path): ffmpeg decoded no frames from it")
        }
        return ReferenceDecoding(frames: index, damage: damage, endedEarly: stoppedEarly && log.firstError == nil)
    }

    private static func seconds(_ value: Double, decimals: Int = 0) -> String { String(format: "%.\(decimals)f s", value) }
}

/// One decoded frame of a reference recording: RGBA, `width` × `height`, top row first.
public struct ReferenceFrame: Sendable {
    public let index: Int
    /// Seconds from the recording's first frame, the frame's own timestamp.
    public let time: Double
    public let pixels: [UInt8]
    public let width: Int
    public let height: Int
}

/// How a decode went.
public struct ReferenceDecoding: Sendable {
    /// How many frames were handed on.
    public let frames: Int
    /// The warning for a file damaged partway, naming it and where.
    public let damage: String?
    /// The caller stopped before the end.
    public let endedEarly: Bool
}

/// What ffmpeg's standard error says, read on its own thread while the frames arrive: each frame's
/// time from `showinfo`, and the first error with how many frames had passed before it.
private final class DecodeLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var times: [Double] = []
    private var framesBeforeError: Int?
    private var error: String?
    private var finished = false

    private var listening = true

    func stopListening() { condition.lock(); listening = false; condition.unlock() }

    /// Standard error has closed: no more frame times will come.
    func finish() {
        condition.lock(); defer { condition.broadcast(); condition.unlock() }
        finished = true
    }

    func read(_ line: String) {
        condition.lock(); defer { condition.broadcast(); condition.unlock() }
        guard listening else { return }
        if line.contains("[error]") || line.contains("[fatal]") {
            if error == nil {
                framesBeforeError = times.count
                let text = line.components(separatedBy: "] ").last ?? line
                error = String(text.trimmingCharacters(in: .whitespaces).prefix(200))
            }
            return
        }
        // `[Parsed_showinfo_1 @ 0x…] [info] n:   0 pts:      0 pts_time:0       pos: …`
        guard line.contains("Parsed_showinfo"), let range = line.range(of: " pts_time:") else { return }
        let rest = line[range.upperBound...].prefix { $0 != " " }
        if let t = Double(rest), t.isFinite { times.append(t) }
    }

    /// Frame `index`'s own time, waiting for its line if ffmpeg has not yet written it; `damaged`
    /// when it came after the first error. Nil when standard error ended without it.
    func frame(_ index: Int) -> (time: Double, damaged: Bool)? {
        condition.lock(); defer { condition.unlock() }
        while times.count <= index && !finished { condition.wait() }
        guard index < times.count else { return nil }
        return (times[index], framesBeforeError.map { index >= $0 } ?? false)
    }

    var firstError: String? { condition.lock(); defer { condition.unlock() }; return error }

    func lastGoodTime(before count: Int) -> Double? {
        condition.lock(); defer { condition.unlock() }
        guard count > 0, count <= times.count, let first = times.first else { return nil }
        return times[count - 1] - first
    }
}
