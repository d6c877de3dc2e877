import Foundation
import Formats
import Scenes

/// An intro file, whatever its kind: a Lottie animation drawn by rlottie, or a GIF or video
/// decoded by ffmpeg. It gives the splash its time structure (`clip`) and the renderer any frame
/// at any pixel size, keeping recent frames within `IntroFrameCache`'s bound, so scrubbing, a
/// loop or a recording redraws nothing it drew at that size already.
public final class IntroMedia {
    public enum Source {
        case lottie(LottieAnimation)
        case video(VideoIntro)
    }

    public let source: Source
    public let clip: IntroClip
    /// What the file lacks that a player copes with (a missing external image), each naming it.
    public let warnings: [String]
    private var cache = IntroFrameCache()
    /// Whether a Lottie's drawn frames are kept in the cache for scrubbing and loops; false draws
    /// each straight into the animation's own words, as for a frame too large to keep. A
    /// recording draws each frame once, in order: keeping them cost add-to-dock's (1290×433 px at
    /// @3x) a new 2.2 MB buffer a frame and 64 MiB of peak memory. A video's are kept either way:
    /// they are decoded a run at a time.
    public var keepsDrawnLottieFrames = true

    /// Lets go of what drawing a frame keeps for the next one (a Lottie's frame words), for a
    /// recording past the intro; the next frame drawn makes it again.
    public func releaseFrameBuffers() {
        if case let .lottie(animation) = source { animation.releaseFrameWords() }
    }

    /// The file extensions read as a Lottie animation; any other is handed to ffmpeg.
    public static let lottieExtensions: Set<String> = ["json", "lottie"]
    /// The names an assets folder's intro may have (`intro.json`, `intro.gif`, ...), in the order looked for.
    public static let assetExtensions = ["json", "lottie", "gif", "mp4", "mov", "m4v"]

    /// Reads and checks the file. A video's own size in points is its pixels over `deviceScale`,
    /// as a screen recording of that device would be.
    public init(path: String, deviceScale: Double) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        if IntroMedia.lottieExtensions.contains(ext) || (ext.isEmpty && IntroMedia.startsLikeJSON(path)) {
            let animation = try LottieAnimation(path: path)
            let summary = animation.summary
            source = .lottie(animation)
            let markers = summary.markers.map {
                IntroMarker(name: $0.name, start: ($0.startFrame - summary.inPoint) / summary.frameRate, duration: $0.durationFrames / summary.frameRate)
            }
            clip = IntroClip(path: path, kind: .lottie, width: summary.width, height: summary.height,
                             duration: Double(animation.frameCount) / summary.frameRate, frameCount: animation.frameCount,
                             timing: .rate(summary.frameRate), markers: markers)
            warnings = summary.warnings.map { "warning: \($0)" }
        } else {
            let video = try VideoIntro(path: path)
            source = .video(video)
            let scale = deviceScale > 0 ? deviceScale : 1
            clip = IntroClip(path: path, kind: .video, width: Double(video.width) / scale, height: Double(video.height) / scale,
                             duration: video.duration, frameCount: video.frameTimes.count, timing: .times(video.frameTimes))
            warnings = []
        }
    }

    /// A file with no extension is taken for Lottie when its first non-blank byte opens a JSON object.
    static func startsLikeJSON(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 64)
        return head.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{")
    }

    /// Frame `index` at `width` × `height` pixels: a Lottie aspect-fit into them (rlottie keeps
    /// the aspect ratio), a video scaled to them. With `premultiplied`, a Lottie frame comes as
    /// rlottie draws it (`IntroFrame.Layout.premultipliedARGB`), for the renderer; a video's is
    /// straight RGBA either way, as ffmpeg gives it.
    public func frame(_ index: Int, width: Int, height: Int, premultiplied: Bool = false) throws -> IntroFrame {
        // A video's frames are straight RGBA whatever is asked.
        let premultiplied = premultiplied && { if case .lottie = source { return true } else { return false } }()
        let key = IntroFrameCache.Key(frame: index, width: width, height: height, premultiplied: premultiplied)
        let frameBytes = width * height * 4
        if case let .video(video) = source, !cache.contains(key), frameBytes <= cache.largestFrame {
            // The frames after it come next as the intro plays: decoded in the same run and kept,
            // within a quarter of the cache's budget.
            let run = max(min(IntroMedia.videoRunLength, cache.budget / 4 / max(frameBytes, 1)), 1)
            for (k, frame) in try video.decode(frames: index, count: run, width: width, height: height).enumerated() {
                cache.insert(frame, for: IntroFrameCache.Key(frame: index + k, width: width, height: height))
            }
        }
        return try cache.frame(key) {
            switch source {
            case let .lottie(animation):
                return premultiplied ? animation.renderPremultiplied(frame: index, width: width, height: height)
                                     : animation.render(frame: index, width: width, height: height)
            // A frame the cache does not keep (larger than `largestFrame`) is decoded alone.
            case let .video(video): return try video.decode(frame: index, width: width, height: height)
            }
        }
    }

    /// Frame `index`'s bytes handed to `body` with their layout, as `frame` gives them, but a
    /// premultiplied Lottie frame too large for the cache straight from rlottie's buffer, with no
    /// copy (a whole screen at 3×, as a recording draws frame after frame).
    public func withFrame<T>(_ index: Int, width: Int, height: Int, premultiplied: Bool,
                             _ body: (UnsafeRawBufferPointer, IntroFrame.Layout) throws -> T) throws -> T {
        if premultiplied, case let .lottie(animation) = source, width * height * 4 > cache.largestFrame || !keepsDrawnLottieFrames {
            return try animation.withPremultipliedFrame(frame: index, width: width, height: height) { try body($0, .premultipliedARGB) }
        }
        let frame = try self.frame(index, width: width, height: height, premultiplied: premultiplied)
        return try frame.pixels.withUnsafeBytes { try body($0, frame.layout) }
    }

    /// How many video frames one ffmpeg run decodes ahead: half a second at 60 fps, so a run's
    /// start-up (tens of milliseconds) is shared by many frames.
    static let videoRunLength = 30

    /// The bytes of frames kept now.
    public var cachedBytes: Int { cache.byteCount }
}
