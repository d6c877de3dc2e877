import Formats
import CSDL2
import Foundation
import Geometry
import Scenes

/// Text through SDL2_ttf: fonts opened per pixel size, rendered strings kept as textures.
/// Fonts and textures belong to the context, so they are freed before its renderer whatever
/// outlives what.
public final class TextRenderer {
    let context: RenderContext
    let regularPath: String
    let boldPath: String
    private var fonts: [FontKey: Font] = [:]
    private var cache: [TextKey: Texture] = [:]
    /// When each cached string was last drawn, to let go of the least recent: the HUD and the
    /// timeline draw new numbers four times a second, and a long session must not keep them all.
    private var lastUse: [TextKey: Int] = [:]
    private var useCount = 0
    /// Strings kept as textures at most; a feed, a detail and the overlays need a few hundred.
    static let capacity = 600
    /// Pixel bytes kept at most, at any size of screen. Six hundred strings of a large size are
    /// tens of MB (the soak saw the process grow 16 MB over ten minutes of HUD and timeline
    /// numbers); a screen's worth of text is about 2 MB at @3x, and the HUD's figures are kept
    /// apart (`transientTexture`).
    static let largestByteBudget = 3 * 1_048_576
    /// Pixel bytes kept at least, whatever the screen: a few dozen strings of the overlays.
    static let smallestByteBudget = 256 * 1024
    /// Pixel bytes kept at most for the screen being drawn (`fitBudget`). Text is drawn at the
    /// screen's scale, so a screen's worth of it takes bytes in proportion to the screen's pixels:
    /// the budget is three quarters of the screen's own bytes, which keeps `largestByteBudget` for
    /// every device at its native scale (iPhone SE at @2x is 4 MB a screen) and about as many
    /// strings in a window that shows the device smaller. With a fixed 3 MB, a window at 1x kept
    /// three times the strings it needed: a soak's cache was still filling after ten minutes
    /// (0.7 MB at the first minute, 2 MB at the tenth), each string a size of the previews.
    public private(set) var byteBudget = TextRenderer.largestByteBudget
    private(set) var cachedBytes = 0

    /// The budget for a screen of `width` x `height` pixels.
    static func byteBudget(screenWidth width: Int, height: Int) -> Int {
        // In Double: a product of two Ints can overflow, and the result is clamped to Int's range below.
        let screenBytes = Double(max(width, 0)) * Double(max(height, 0)) * 4
        return Int(min(max(screenBytes * 0.75, Double(smallestByteBudget)), Double(largestByteBudget)))
    }

    /// Sizes the budget to the screen being drawn, letting go of the least recent strings at once
    /// when it shrinks.
    public func fitBudget(to screen: PixelRect) {
        byteBudget = TextRenderer.byteBudget(screenWidth: screen.width, height: screen.height)
        while cachedBytes > byteBudget && !cache.isEmpty { evictLeastRecent() }
    }

    struct FontKey: Hashable { var bold: Bool; var pixelSize: Int }
    struct TextKey: Hashable { var text: String; var font: FontKey; var color: Color; var maxWidth: Int }

    /// Fonts searched for, in order: DejaVu Sans from Debian's fonts-dejavu-core.
    public static let regularCandidates = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    public static let boldCandidates = ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]
    /// Text larger than this many pixels is drawn at this size: a glyph bigger than any screen
    /// shows nothing more, and SDL_ttf's surfaces grow with the square of it.
    static let largestPixelSize = 1024

    public init(context: RenderContext) throws {
        self.context = context
        let fm = FileManager.default
        guard let regular = TextRenderer.regularCandidates.first(where: fm.fileExists(atPath:)),
              let bold = TextRenderer.boldCandidates.first(where: fm.fileExists(atPath:)) else {
            throw RenderError("font not found: \(TextRenderer.regularCandidates[0]) (install the fonts-dejavu-core package)")
        }
        regularPath = regular
        boldPath = bold
    }

    static func fontKey(bold: Bool, pixelSize: Int) -> FontKey {
        FontKey(bold: bold, pixelSize: min(max(pixelSize, 4), largestPixelSize))
    }

    func font(_ key: FontKey) throws -> OpaquePointer {
        if let f = fonts[key]?.handle { return f }
        let font = try context.openFont(path: key.bold ? boldPath : regularPath, pixelSize: key.pixelSize)
        fonts[key] = font
        guard let handle = font.handle else { throw RenderError("the font closed with its renderer") }
        return handle
    }

    /// A texture of `text` wrapped to `wrapWidth` pixels.
    public func paragraph(_ text: String, pixelSize: Int, color: Color, wrapWidth: Int) throws -> (texture: OpaquePointer, width: Int, height: Int)? {
        let key = TextKey(text: text, font: TextRenderer.fontKey(bold: false, pixelSize: pixelSize), color: color, maxWidth: -wrapWidth)
        if let hit = try cached(key) { return hit }
        guard !text.isEmpty else { return nil }
        let f = try font(key.font)
        guard let surface = TTF_RenderUTF8_Blended_Wrapped(f, text, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a), UInt32(min(max(wrapWidth, 1), Pixels.limit))) else {
            throw RenderError("SDL_ttf could not render text: \(sdlError())")
        }
        return try store(surface, as: key)
    }

    /// Turns a rendered surface into a cached texture, and frees the surface.
    private func store(_ surface: UnsafeMutablePointer<SDL_Surface>, as key: TextKey) throws -> (texture: OpaquePointer, width: Int, height: Int) {
        defer { SDL_FreeSurface(surface) }
        let texture = try context.makeTexture(from: surface, what: "a text texture")
        let bytes = texture.width * texture.height * 4
        if cache.count >= TextRenderer.capacity || cachedBytes + bytes > byteBudget { evictLeastRecent() }
        cache[key] = texture
        cachedBytes += bytes
        useCount += 1
        lastUse[key] = useCount
        return try entry(texture)
    }

    private func entry(_ texture: Texture) throws -> (texture: OpaquePointer, width: Int, height: Int) {
        guard let handle = texture.handle else { throw RenderError("a text texture was used after its renderer closed") }
        return (handle, texture.width, texture.height)
    }

    private func cached(_ key: TextKey) throws -> (texture: OpaquePointer, width: Int, height: Int)? {
        guard let hit = cache[key] else { return nil }
        useCount += 1
        lastUse[key] = useCount
        return try entry(hit)
    }

    /// Drops the least recently drawn strings: a quarter of those kept, and more until the rest fit in
    /// three quarters of the byte budget. SDL finishes any queued draw of a texture before
    /// destroying it, so one drawn earlier this frame is safe.
    private func evictLeastRecent() {
        let oldest = lastUse.sorted { $0.value < $1.value }
        let quarter = max(cache.count / 4, 1)
        for (index, (key, _)) in oldest.enumerated() {
            if index >= quarter && cachedBytes <= byteBudget * 3 / 4 { break }
            if let texture = cache.removeValue(forKey: key) { cachedBytes -= texture.width * texture.height * 4 }
            lastUse.removeValue(forKey: key)
        }
    }

    public var cachedCount: Int { cache.count }

    /// A texture of `text`, cut with an ellipsis to fit `maxWidth` pixels.
    public func texture(_ text: String, pixelSize: Int, bold: Bool, color: Color, maxWidth: Int) throws -> (texture: OpaquePointer, width: Int, height: Int)? {
        let key = TextKey(text: text, font: TextRenderer.fontKey(bold: bold, pixelSize: pixelSize), color: color, maxWidth: maxWidth)
        if let hit = try cached(key) { return hit }
        guard let surface = try render(key) else { return nil }
        return try store(surface, as: key)
    }

    /// Strings of the moment (the HUD's figures, new with every refresh) kept apart from the
    /// cache, the last `transientCapacity` of them. In the cache they filled its whole byte
    /// budget within a minute of HUD (7 MB of texture storage at a soak's peak) and pushed the
    /// feed's and the detail's text out of it.
    private var transient: [(key: TextKey, texture: Texture)] = []
    static let transientCapacity = 24

    /// A texture of `text` that is likely not drawn again after a few refreshes.
    public func transientTexture(_ text: String, pixelSize: Int, bold: Bool, color: Color, maxWidth: Int) throws -> (texture: OpaquePointer, width: Int, height: Int)? {
        let key = TextKey(text: text, font: TextRenderer.fontKey(bold: bold, pixelSize: pixelSize), color: color, maxWidth: maxWidth)
        if let index = transient.firstIndex(where: { $0.key == key }) { return try entry(transient[index].texture) }
        if let hit = try cached(key) { return hit }
        guard let rendered = try render(key) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        let texture = try context.makeTexture(from: rendered, what: "a text texture")
        if transient.count >= TextRenderer.transientCapacity { transient.removeFirst() }
        transient.append((key, texture))
        return try entry(texture)
    }

    public var transientCount: Int { transient.count }

    /// `key`'s text rendered by SDL_ttf, cut with an ellipsis to fit its width; nil for nothing to draw.
    private func render(_ key: TextKey) throws -> UnsafeMutablePointer<SDL_Surface>? {
        let text = key.text, maxWidth = key.maxWidth, color = key.color
        let f = try font(key.font)
        var shown = text
        func width(_ s: String) -> Int { var w: Int32 = 0, h: Int32 = 0; TTF_SizeUTF8(f, s, &w, &h); return Int(w) }
        if maxWidth > 0 && width(shown) > maxWidth {
            var chars = Array(text)
            while !chars.isEmpty && width(String(chars) + "…") > maxWidth { chars.removeLast() }
            shown = String(chars) + "…"
        }
        guard !shown.isEmpty else { return nil }
        guard let surface = TTF_RenderUTF8_Blended(f, shown, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)) else {
            throw RenderError("SDL_ttf could not render text: \(sdlError())")
        }
        return surface
    }
}

/// Measures text as a launch screen's layout needs it, with no renderer: the width of `text` in
/// the face drawn (DejaVu Sans, or its bold) narrowed to SF Pro's, and a height of `lineHeight`
/// times the point size, the line height of SF Pro, so labels lay out as on the device. Fonts are
/// opened at 100 px on first use and closed with the measurer.
public final class TextMeasurer: @unchecked Sendable {
    private static let pixelSize = 100
    private var fonts: [Bool: OpaquePointer] = [:]
    private let startedTTF: Bool

    public init() {
        startedTTF = TTF_WasInit() == 0 && TTF_Init() == 0
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
        if startedTTF { TTF_Quit() }
    }

    public func measure(_ text: String, pointSize: Double, bold: Bool, lineHeight: Double) -> (width: Double, height: Double) {
        let size = max(pointSize, 0)
        if fonts[bold] == nil, let path = (bold ? TextRenderer.boldCandidates : TextRenderer.regularCandidates).first(where: FileManager.default.fileExists(atPath:)),
           let font = TTF_OpenFont(path, Int32(TextMeasurer.pixelSize)) {
            fonts[bold] = font
        }
        var w: Int32 = 0, h: Int32 = 0
        guard let font = fonts[bold], TTF_SizeUTF8(font, text, &w, &h) == 0 else { return (Double(text.count) * size * 0.55, size * lineHeight) }
        return (Double(w) * size / Double(TextMeasurer.pixelSize) * TextMeasurer.systemFontWidthRatio, size * lineHeight)
    }

    /// SF Pro's advances over DejaVu Sans's, the face drawn in its place: DejaVu runs wider.
    /// Measured on two real launch labels, owntracks' "OwnTracks" (bold 36 pt: 185 pt in SF Pro,
    /// 222.7 in DejaVu Sans Bold, 0.83) and home-assistant's "A PROJECT FROM THE" (semibold 13 pt:
    /// 144 pt against 162, 0.89); their mean.
    static let systemFontWidthRatio = 0.86
}
