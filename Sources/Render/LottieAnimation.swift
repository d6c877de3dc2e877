import CRLottie
import DotLottie
import Formats
import Foundation

/// A Lottie intro drawn by rlottie at any frame and any pixel size. The file is checked by
/// `LottieDocument` before rlottie sees it (rlottie trusts its input), so what reaches rlottie
/// is a Lottie animation of a bounded size, frame count and image size, with no precomp cycle.
public final class LottieAnimation {
    public let path: String
    public let summary: LottieSummary
    private let handle: OpaquePointer
    /// The blend passes, bottom to top, each drawn by its own rlottie animation; empty when the
    /// file is drawn in one pass by `handle`.
    private let blendPasses: [(mode: LottieBlendMode?, handle: OpaquePointer)]
    private let compositing: LottieBlendCompositing
    private let rlottie: RLottieFunctions
    /// The frame being drawn and one blend pass's layers, kept from frame to frame (`withPremultipliedFrame`).
    private var scratch: [UInt32] = []
    private var passScratch: [UInt32] = []

    /// The file read and checked; a `JSONFileError` naming the file and place when it is refused.
    /// External images are looked for beside the file, as lottie-ios's `FilepathImageProvider`
    /// looks in the animation's folder; a missing one is in `summary.warnings`.
    /// Layers that blend other than normally are drawn in passes (`LottieBlendPasses`) composited
    /// here; a file without them is drawn in one rlottie pass.
    /// A `.lottie` file (dotLottie) is read by `DotLottieArchive`: its animation, with the
    /// archive's images embedded; a refusal is a `DotLottieError` naming the file and entry.
    public init(path: String) throws {
        let bytes: [UInt8]
        var summary: LottieSummary
        let messagePath: String
        if (path as NSString).pathExtension.lowercased() == "lottie" {
            let archived = try DotLottieArchive.load(path: path)
            bytes = archived.json
            summary = archived.summary
            messagePath = archived.jsonPath
        } else {
            bytes = try JSONParser.readFile(path, limit: LottieDocument.fileLimit)
            summary = try LottieDocument.check(bytes: bytes, path: path, fileExists: { FileManager.default.fileExists(atPath: $0) })
            messagePath = path
        }
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        // rlottie joins the resource path and an image's `u` + `p` with no separator.
        let resourcePath = (folder.isEmpty ? "." : folder) + "/"
        let blend = try LottieBlendPasses.make(json: bytes, path: messagePath)
        summary.warnings += blend?.warnings ?? []
        self.summary = summary
        let rlottie = try RLottieFunctions.load()
        self.rlottie = rlottie
        let whole = try LottieAnimation.load(bytes, resourcePath: resourcePath, path: messagePath, rlottie)
        var passes: [(mode: LottieBlendMode?, handle: OpaquePointer)] = []
        do {
            for pass in blend?.passes ?? [] {
                passes.append((pass.mode, try LottieAnimation.load(pass.json, resourcePath: resourcePath, path: messagePath, rlottie)))
            }
        } catch {
            // deinit does not run for an object that failed to initialise.
            passes.forEach { rlottie.destroy($0.handle) }
            rlottie.destroy(whole)
            throw error
        }
        handle = whole
        blendPasses = passes
        compositing = LottieBlendCompositing(modes: passes.compactMap(\.mode))
    }

    /// An rlottie animation from JSON bytes. The empty key keeps rlottie from caching the model by
    /// name, so a file edited on disk is read again.
    private static func load(_ json: [UInt8], resourcePath: String, path: String, _ rlottie: RLottieFunctions) throws -> OpaquePointer {
        let loaded: OpaquePointer? = (json + [0]).withUnsafeBufferPointer { text in
            text.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: text.count) { rlottie.fromData($0, "", resourcePath) }
            }
        }
        guard let loaded else {
            throw JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "rlottie could not read the animation")
        }
        return loaded
    }

    deinit {
        rlottie.destroy(handle)
        blendPasses.forEach { rlottie.destroy($0.handle) }
    }

    /// rlottie's frame count (`op - ip`, whole frames).
    public var frameCount: Int { rlottie.totalFrames(handle) }

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
        // rlottie's buffer is ARGB32 premultiplied in a 32-bit word, cairo's layout exactly
        // (rlottie.h, Surface: "Default surface format is ARGB32_Premultiplied"), so cairo's
        // conversion serves both.
        let pixels = withPremultipliedFrame(frame: frame, width: w, height: h) { raw in
            raw.baseAddress.map { VectorImage.straightRGBA($0, width: w, height: h, stride: w * 4) } ?? []
        }
        return IntroFrame(pixels: pixels, width: w, height: h)
    }

    /// The same frame as rlottie leaves it, premultiplied ARGB32 words (`IntroFrame.Layout
    /// .premultipliedARGB`), for a renderer that blends premultiplied pixels: a full-screen frame
    /// at 3× is 3.6 M pixels, and converting each to straight alpha costs as much as drawing it.
    public func renderPremultiplied(frame: Int, width: Int, height: Int) -> IntroFrame {
        let w = max(width, 1), h = max(height, 1)
        return withPremultipliedFrame(frame: frame, width: w, height: h) { IntroFrame(pixels: Array($0), width: w, height: h, layout: .premultipliedARGB) }
    }

    /// The frame drawn into words this animation keeps and reuses, handed to `body` as bytes
    /// (premultiplied ARGB32, `width` × 4 a row) and valid only during it: a whole screen at 3× is
    /// 14 MB, and a buffer that size made anew for every frame of a recording costs its page
    /// faults every time.
    public func withPremultipliedFrame<T>(frame: Int, width: Int, height: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let w = max(width, 1), h = max(height, 1)
        let clamped = min(max(frame, 0), max(frameCount - 1, 0))
        if blendPasses.isEmpty {
            draw(handle, frame: clamped, width: w, height: h, into: &scratch)
        } else {
            LottieAnimation.clear(&scratch, count: w * h)
            for pass in blendPasses {
                draw(pass.handle, frame: clamped, width: w, height: h, into: &passScratch)
                if let mode = pass.mode {
                    compositing.blend(passScratch, onto: &scratch, mode: mode)
                } else {
                    LottieBlendCompositing.over(passScratch, onto: &scratch)
                }
            }
        }
        return try scratch.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<(w * h * 4)])) }
    }

    /// Lets go of the words frames are drawn into; the next frame makes them again.
    public func releaseFrameWords() {
        scratch = []
        passScratch = []
    }

    /// `count` words of 0 in `words`, reusing its storage.
    private static func clear(_ words: inout [UInt32], count: Int) {
        if words.count != count { words = [UInt32](repeating: 0, count: count) } else { words.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
    }

    /// One rlottie pass into `words`, cleared first (rlottie draws over what the buffer holds).
    private func draw(_ animation: OpaquePointer, frame: Int, width: Int, height: Int, into words: inout [UInt32]) {
        LottieAnimation.clear(&words, count: width * height)
        words.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            rlottie.render(animation, frame, base, width, height, width * 4)
        }
    }
}
