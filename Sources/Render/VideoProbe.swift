import Foundation

/// What a video file is for, which bounds it and names it in every message: a GIF or video intro,
/// or a screen recording of the real app set beside the preview.
public struct VideoPurpose: Sendable {
    /// Who needs the tools, in "… needs ffprobe on PATH".
    let user: String
    /// What the file would be, in "… needs pictures" and "longer than the 10 s … may".
    let role: String
    /// Said after a refusal for length: what to do about it.
    let lengthAdvice: String
    let maximumDuration: Double
    let maximumFrames: Int

    public static func intro(maximumFrames: Int) -> VideoPurpose {
        VideoPurpose(user: "a GIF or video intro", role: "an intro", lengthAdvice: "",
                     maximumDuration: VideoIntro.maximumDuration, maximumFrames: maximumFrames)
    }

    public static let reference = VideoPurpose(user: "a reference recording", role: "a reference recording", lengthAdvice: "; trim it to the launch",
                                               maximumDuration: ReferenceRecording.maximumDuration, maximumFrames: ReferenceRecording.maximumFrames)

    /// ffmpeg on PATH, or an error naming the file and who needs it.
    func ffmpeg(for path: String) throws -> String {
        guard let ffmpeg = findOnPath("ffmpeg") else { throw RenderError("\(path): \(user) needs ffmpeg on PATH") }
        return ffmpeg
    }

    /// Refuses a file that plays longer than the purpose allows.
    func checkDuration(_ duration: Double, of path: String) throws {
        guard duration <= maximumDuration else {
            throw RenderError("\(path): lasts \(Self.seconds(duration)), longer than the \(Self.seconds(maximumDuration)) \(role) may\(lengthAdvice)")
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.0f s", value) }
}

/// The one ffprobe front end: a file's first video stream (size, codec, rotation flag), its
/// duration, and every frame's own timestamp, as the video intro and the reference recording read
/// them. Everything is bounded before a frame is decoded: the file's stated duration first, then
/// the frame list, read no further than one frame past the purpose's bound.
struct VideoProbe {
    /// The stream's stored size in pixels, before any rotation flag is applied.
    let width: Int
    let height: Int
    let codec: String
    /// The rotation flag in degrees, 0 to 359 (the display matrix, or a `rotate` tag).
    let rotation: Int
    /// The container's duration, when it states one.
    let fileDuration: Double?
    /// The first frame's own timestamp in the file.
    let startTimestamp: Double
    /// Each frame's start time in seconds from the first, ascending.
    let frameTimes: [Double]

    init(path: String, purpose: VideoPurpose) throws {
        guard FileManager.default.isReadableFile(atPath: path) else { throw RenderError("\(path): cannot read the file") }
        guard let ffprobe = findOnPath("ffprobe") else { throw RenderError("\(path): \(purpose.user) needs ffprobe (Debian: ffmpeg) on PATH") }
        let probe = try ExternalTool.text(ffprobe, ["-v", "error", "-select_streams", "v:0",
                                                    "-show_entries", "stream=codec_name,width,height:stream_side_data=rotation:stream_tags=rotate:format=duration",
                                                    "-of", "default=noprint_wrappers=1", path], path: path)
        var fields: [String: String] = [:]
        for line in probe.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            // `TAG:rotate=90` is the flag of files written before FFmpeg 5's display matrix.
            if parts.count == 2, fields[String(parts[0])] == nil { fields[String(parts[0]).replacingOccurrences(of: "TAG:", with: "")] = String(parts[1]) }
        }
        guard let w = fields["width"].flatMap({ Int($0) }), let h = fields["height"].flatMap({ Int($0) }) else {
            throw RenderError("\(path): has no video stream (audio only?); \(purpose.role) needs pictures")
        }
        guard w > 0, h > 0 else { throw RenderError("\(path): its video is \(w)×\(h) pixels") }
        width = w; height = h
        codec = fields["codec_name"] ?? "unknown"
        let flag = Int(Double(fields["rotation"] ?? fields["rotate"] ?? "0") ?? 0)
        rotation = ((flag % 360) + 360) % 360
        fileDuration = fields["duration"].flatMap { Double($0) }
        if let fileDuration { try purpose.checkDuration(fileDuration, of: path) }
        // One packet past the bound is enough to know the file passed it.
        let packets = try ExternalTool.text(ffprobe, ["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#\(purpose.maximumFrames + 1)",
                                                      "-show_entries", "packet=pts_time", "-of", "csv=p=0", path], path: path)
        // Packets come in decoding order; a stream with B-frames shows them in time order.
        let timestamps = packets.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite).sorted()
        guard let first = timestamps.first else { throw RenderError("\(path): its video stream has no frames") }
        guard timestamps.count <= purpose.maximumFrames else {
            throw RenderError("\(path): has more than \(purpose.maximumFrames) frames, more than \(purpose.role) may have")
        }
        startTimestamp = first
        frameTimes = timestamps.map { $0 - first }
    }
}
