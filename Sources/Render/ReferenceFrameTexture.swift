import CSDL2
import Scenes

/// A screen recording held for the window: every frame decoded once at the size shown (within
/// `byteBudget`), and one streaming texture that holds the frame on screen, updated only when the
/// frame shown changes. Scrubbing back is as exact as forward: every frame stays in memory.
public final class ReferenceFrameTexture {
    /// 256 MiB, the frame cache's budget (`ReferenceFrameCache.defaultByteBudget`): a launch
    /// recording of 4 s at 120 fps, 480 frames, at 0.53 MiB a frame, 375×667 px (an iPhone SE as a
    /// 1920×1080 workbench shows it is about 430×765: 1.3 MiB, so 200 frames at that size).
    public static let byteBudget = ReferenceFrameCache.defaultByteBudget

    public let frames: [ReferenceFrame]
    public let width: Int, height: Int
    /// Said once on standard error by the caller: the size was cut to fit the budget, or the file
    /// is damaged partway.
    public let warnings: [String]
    private let context: RenderContext
    private var texture: Texture?
    private var shownIndex: Int?

    /// Decodes `recording` at `width` × `height` pixels, or smaller, the aspect kept, where every
    /// frame at that size would pass `byteBudget`.
    public init(recording: ReferenceRecording, width: Int, height: Int, context: RenderContext) throws {
        let count = max(recording.frameTimes.count, 1)
        let wanted = Double(max(width, 1) * max(height, 1) * 4 * count)
        let shrink = min(1, (Double(Self.byteBudget) / wanted).squareRoot())
        self.width = max(Int((Double(width) * shrink).rounded(.down)), 1)
        self.height = max(Int((Double(height) * shrink).rounded(.down)), 1)
        var held: [ReferenceFrame] = []
        let decoding = try recording.decodeFrames(width: self.width, height: self.height) { frame in
            held.append(frame)
            return true
        }
        frames = held
        var notes: [String] = []
        if shrink < 1 {
            notes.append("\(recording.path): its \(count) frames are held at \(self.width)×\(self.height) px, not \(width)×\(height), to stay within \(Self.byteBudget >> 20) MiB")
        }
        if let damage = decoding.damage { notes.append(damage) }
        warnings = notes
        self.context = context
    }

    /// The texture showing frame `index`, or nil for none (before the recording's first frame).
    public func texture(for index: Int?) throws -> OpaquePointer? {
        guard let index, frames.indices.contains(index) else { return nil }
        if texture == nil {
            texture = try context.makeTexture(width: width, height: height, access: SDL_TEXTUREACCESS_STREAMING, blend: SDL_BLENDMODE_NONE,
                                              what: "the reference recording's texture")
            shownIndex = nil
        }
        guard let handle = texture?.handle else { return nil }
        if shownIndex != index {
            frames[index].pixels.withUnsafeBytes { _ = SDL_UpdateTexture(handle, nil, $0.baseAddress, Int32(width * 4)) }
            shownIndex = index
        }
        return handle
    }

    /// Frees the texture (before the renderer goes).
    public func release() { texture = nil; shownIndex = nil }
}
