import CRLottie
import Formats
import Foundation

/// A Lottie intro drawn by rlottie at any frame and any pixel size. The file is checked by
/// `LottieDocument` before rlottie sees it (rlottie trusts its input), so what reaches rlottie
/// is a Lottie animation of a bounded size, frame count and image size, with no precomp cycle.
public final class LottieAnimation {
    public let path: String
    public let summary: LottieSummary
    private let handle: OpaquePointer

    /// The file read and checked; a `JSONFileError` naming the file and place when it is refused.
    /// External images are looked for beside the file, as lottie-ios's `FilepathImageProvider`
    /// looks in the animation's folder; a missing one is in `summary.warnings`.
    public init(path: String) throws {
        let bytes = try JSONParser.readFile(path, limit: LottieDocument.fileLimit)
        summary = try LottieDocument.check(bytes: bytes, path: path, fileExists: { FileManager.default.fileExists(atPath: $0) })
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        // rlottie joins the resource path and an image's `u` + `p` with no separator.
        let resourcePath = (folder.isEmpty ? "." : folder) + "/"
        // The empty key keeps rlottie from caching the model by name, so a file edited on disk is
        // read again.
        let loaded: OpaquePointer? = (bytes + [0]).withUnsafeBufferPointer { text in
            text.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: text.count) { lottie_animation_from_data($0, "", resourcePath) }
            }
        }
        guard let loaded else {
            throw JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "rlottie could not read the animation")
        }
        handle = loaded
    }

    deinit { lottie_animation_destroy(handle) }

    /// rlottie's frame count (`op - ip`, whole frames).
    public var frameCount: Int { lottie_animation_get_totalframe(handle) }

    /// The whole frame rlottie draws at `seconds` (rlottie draws whole frames only: lottie-ios,
    /// which interpolates between them, differs by under a frame's motion).
    public func frameNumber(at seconds: Double) -> Int {
        let last = max(frameCount - 1, 0)
        let frame = summary.frame(at: seconds) - summary.inPoint
        return min(max(Int(frame.rounded(.down)), 0), last)
    }

    /// Frame `frame` (0 is `ip`: rlottie adds the start frame itself) drawn into `width` × `height`
    /// pixels, aspect fit and centred (rlottie's `renderSync` keeps the aspect ratio), as
    /// straight-alpha RGBA bytes, the renderer's texture format.
    public func render(frame: Int, width: Int, height: Int) -> IntroFrame {
        let w = max(width, 1), h = max(height, 1)
        var premultiplied = [UInt32](repeating: 0, count: w * h)
        let clamped = min(max(frame, 0), max(frameCount - 1, 0))
        premultiplied.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            lottie_animation_render(handle, clamped, base, w, h, w * 4)
        }
        // rlottie's buffer is ARGB32 premultiplied in a 32-bit word, cairo's layout exactly
        // (rlottie.h, Surface: "Default surface format is ARGB32_Premultiplied"), so cairo's
        // conversion serves both.
        let pixels = premultiplied.withUnsafeBytes { raw in
            raw.baseAddress.map { VectorImage.straightRGBA($0, width: w, height: h, stride: w * 4) } ?? []
        }
        return IntroFrame(pixels: pixels, width: w, height: h)
    }
}
