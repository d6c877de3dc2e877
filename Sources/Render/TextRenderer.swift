import Formats
import CSDL2
import Foundation
import Geometry
import Motion
import Scenes

/// Text through SDL2_ttf: fonts opened per pixel size, rendered strings kept as textures.
/// Fonts and textures belong to the context, so they are freed before its renderer whatever
/// outlives what.
public final class TextRenderer {
    let context: RenderContext
    let regularPath: String
    let boldPath: String
    private var fonts: [FaceKey: Font] = [:]
    private var cache: [TextKey: CachedText] = [:]
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
    struct FaceKey: Hashable { var path: String; var pixelSize: Int }
    /// A launch label's setting beyond its text and colour (`launchLabel`); nil for the app's own text.
    struct LaunchLabelKey: Hashable {
        var pointSize: Double, weight: LaunchFontWeight, scale: Double, width: Double, lines: Int, alignment: LaunchTextAlignment
    }
    struct TextKey: Hashable {
        var text: String; var font: FontKey; var color: Color; var maxWidth: Int
        var launch: LaunchLabelKey? = nil
    }
    /// A kept string: its texture and, for a launch label, the column of the texture where the
    /// label's frame begins.
    struct CachedText { var texture: Texture; var frameColumn = 0 }

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
        try font(path: key.bold ? boldPath : regularPath, pixelSize: key.pixelSize)
    }

    func font(path: String, pixelSize: Int) throws -> OpaquePointer {
        let key = FaceKey(path: path, pixelSize: pixelSize)
        if let f = fonts[key]?.handle { return f }
        let font = try context.openFont(path: path, pixelSize: pixelSize)
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
    private func store(_ surface: UnsafeMutablePointer<SDL_Surface>, as key: TextKey, frameColumn: Int = 0) throws -> (texture: OpaquePointer, width: Int, height: Int) {
        defer { SDL_FreeSurface(surface) }
        let texture = try context.makeTexture(from: surface, what: "a text texture")
        let bytes = texture.width * texture.height * 4
        if cache.count >= TextRenderer.capacity || cachedBytes + bytes > byteBudget { evictLeastRecent() }
        cache[key] = CachedText(texture: texture, frameColumn: frameColumn)
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
        return try entry(hit.texture)
    }

    /// Drops the least recently drawn strings: a quarter of those kept, and more until the rest fit in
    /// three quarters of the byte budget. SDL finishes any queued draw of a texture before
    /// destroying it, so one drawn earlier this frame is safe.
    private func evictLeastRecent() {
        let oldest = lastUse.sorted { $0.value < $1.value }
        let quarter = max(cache.count / 4, 1)
        for (index, (key, _)) in oldest.enumerated() {
            if index >= quarter && cachedBytes <= byteBudget * 3 / 4 { break }
            if let kept = cache.removeValue(forKey: key) { cachedBytes -= kept.texture.width * kept.texture.height * 4 }
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


// MARK: Launch-screen labels

/// How a launch screen's label is set, for its layout and for drawing alike: in the face standing
/// in for SF Pro at the label's size and weight (`SystemFontFace`: Inter below 20 pt, Inter
/// Display from 20 pt), with SF's tracking added after every character but the last.
/// SDL_ttf has no tracking, so a line is set glyph by glyph. Each glyph's pen position comes from
/// SDL_ttf's own widths at a large reference size, taken over pairs of characters, so the kerning
/// HarfBuzz applies is kept (Inter's kerning is in its GPOS table; it has no `kern` table that
/// FreeType could read pair by pair); the tracking is added to that. Drawing places each glyph at
/// the same position, scaled to the screen, so a label fills exactly the width it was laid out
/// with, at any scale. (Drawing the whole string in one call and spacing it afterwards cannot be
/// done: the glyphs of a kerned pair overlap.)
enum LaunchTypesetter {
    /// Pixel size at which positions are measured: SDL_ttf's widths are whole pixels, so at
    /// 1000 px each glyph's advance is within 0.05 % of an em.
    static let referencePixelSize = 1000

    /// How much wider than its frame a line may run before it is cut with an ellipsis or wrapped:
    /// Inter's widths are within 1.3 % of SF Pro's on the labels measured (`SystemFontFace`), so a
    /// frame fitted to SF Pro's text would otherwise cut a line that fits on the device.
    static let widthTolerance = 0.03

    /// One line of a label: its characters, the pen position of each in points from the line's
    /// start (tracking included), and its width, from the first pen position to the last
    /// glyph's advance.
    struct Line: Equatable {
        var scalars: [Unicode.Scalar]
        var positions: [Double]
        var width: Double
    }

    /// The face that draws a label: Inter at its size and weight when it is installed and has a
    /// glyph for every character; else DejaVu Sans (bold from semibold up), when that covers what
    /// Inter lacks or Inter is missing. `reference` opens a face at the reference size, nil when
    /// the file is missing or cannot be read.
    static func face(for scalars: [Unicode.Scalar], pointSize: Double, weight: LaunchFontWeight, interFolder: String = SystemFontFace.interFolder,
                     reference: (String) -> OpaquePointer?) -> (path: String, inter: Bool)? {
        let inter = interFolder + "/" + SystemFontFace(pointSize: pointSize, weight: weight).fileName
        let dejaVu = (weight.isBold ? TextRenderer.boldCandidates : TextRenderer.regularCandidates).first(where: FileManager.default.fileExists(atPath:))
        func covers(_ font: OpaquePointer) -> Bool {
            scalars.allSatisfy { $0.properties.isWhitespace || $0.properties.generalCategory == .control || TTF_GlyphIsProvided32(font, $0.value) != 0 }
        }
        if let font = reference(inter) {
            if covers(font) { return (inter, true) }
            if let dejaVu, let other = reference(dejaVu), covers(other) { return (dejaVu, false) }
            return (inter, true)
        }
        return dejaVu.map { ($0, false) }
    }

    /// `scalars` set on one line at `pointSize` with `tracking` points after each but the last.
    static func line(_ scalars: [Unicode.Scalar], font: OpaquePointer, pointSize: Double, tracking: Double) -> Line {
        guard !scalars.isEmpty else { return Line(scalars: [], positions: [], width: 0) }
        let toPoints = max(pointSize, 0) / Double(referencePixelSize)
        var positions: [Double] = [], pen = 0.0
        for (index, scalar) in scalars.enumerated() {
            positions.append(pen * toPoints + tracking * Double(index))
            pen += Double(advance(of: scalar, before: index + 1 < scalars.count ? scalars[index + 1] : nil, font: font))
        }
        return Line(scalars: scalars, positions: positions, width: pen * toPoints + tracking * Double(scalars.count - 1))
    }

    /// The advance of `scalar` in reference pixels, kerned with the one after it. SDL_ttf's width
    /// of a string runs from the leftmost ink (or the pen's start) to the rightmost ink (or the
    /// pen's end), so the width of the pair less the width of its second character is the first's
    /// kerned advance, once each one's ink left of its origin is taken back.
    static func advance(of scalar: Unicode.Scalar, before next: Unicode.Scalar?, font: OpaquePointer) -> Int {
        guard let next else { return metrics(scalar, font).advance }
        return width(String(String.UnicodeScalarView([scalar, next])), font) - width(String(next), font)
            - metrics(scalar, font).leftOverhang + metrics(next, font).leftOverhang
    }

    static func width(_ text: String, _ font: OpaquePointer) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        return TTF_SizeUTF8(font, text, &w, &h) == 0 ? Int(w) : 0
    }

    /// A glyph's advance, and how far its ink reaches left of its origin (0 when it does not).
    static func metrics(_ scalar: Unicode.Scalar, _ font: OpaquePointer) -> (advance: Int, leftOverhang: Int) {
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        guard TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 else { return (0, 0) }
        return (Int(advance), Int(max(0, -minX)))
    }

    /// `scalars` on one line cut with an ellipsis, as UILabel truncates a tail, when they run
    /// wider than `width` points (beyond the tolerance); kept whole otherwise.
    static func truncated(_ scalars: [Unicode.Scalar], width: Double, font: OpaquePointer, pointSize: Double, tracking: Double) -> Line {
        let whole = line(scalars, font: font, pointSize: pointSize, tracking: tracking)
        guard whole.width > width * (1 + widthTolerance) else { return whole }
        func cut(_ count: Int) -> Line {
            var kept = Array(scalars.prefix(count))
            while let last = kept.last, last.properties.isWhitespace { kept.removeLast() }
            return line(kept + ["\u{2026}"], font: font, pointSize: pointSize, tracking: tracking)
        }
        // The longest prefix that fits with its ellipsis; widths grow with the prefix.
        var low = 0, high = scalars.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if cut(mid).width <= width * (1 + widthTolerance) { low = mid } else { high = mid - 1 }
        }
        return cut(low)
    }

    /// The label's lines: its text broken at its own line breaks, each paragraph wrapped at spaces
    /// to `width` points (a word wider than the line is broken between characters), at most
    /// `maxLines` (0: as many as it takes), the last one cut with an ellipsis when text is left.
    static func lines(_ text: String, width: Double, maxLines: Int, font: OpaquePointer, pointSize: Double, tracking: Double) -> [Line] {
        let limit = width * (1 + widthTolerance), toPoints = max(pointSize, 0) / Double(referencePixelSize)
        if maxLines == 1 {
            let flat = text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }
            return [truncated(flat, width: width, font: font, pointSize: pointSize, tracking: tracking)]
        }
        var wrapped: [[Unicode.Scalar]] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(paragraph.unicodeScalars.filter { $0 != "\r" })
            var start = 0
            if scalars.isEmpty { wrapped.append([]) }
            while start < scalars.count {
                var end = start, lastBreak: Int?, pen = 0
                // Extend the line a character at a time (`pen`: the kerned advances before `end`,
                // in reference pixels); a break is remembered after each space.
                while end < scalars.count {
                    let isSpace = scalars[end].properties.isWhitespace
                    let width = Double(pen + metrics(scalars[end], font).advance) * toPoints + tracking * Double(end - start)
                    if width > limit && !isSpace { break }
                    if isSpace { lastBreak = end + 1 }
                    pen += advance(of: scalars[end], before: end + 1 < scalars.count ? scalars[end + 1] : nil, font: font)
                    end += 1
                }
                if end < scalars.count, let lastBreak, lastBreak > start { end = lastBreak }
                end = max(end, start + 1)
                var lineScalars = Array(scalars[start..<end])
                while let last = lineScalars.last, last.properties.isWhitespace { lineScalars.removeLast() }
                wrapped.append(lineScalars)
                start = end
                while start < scalars.count, scalars[start] == " " { start += 1 }
            }
        }
        if maxLines > 0 && wrapped.count > maxLines {
            let lastKept = wrapped[maxLines - 1] + [" "] + Array(wrapped[maxLines...].joined(separator: [" "]))
            wrapped = Array(wrapped.prefix(maxLines - 1)) + [lastKept]
            var result = wrapped.dropLast().map { line($0, font: font, pointSize: pointSize, tracking: tracking) }
            var last = truncated(lastKept, width: width, font: font, pointSize: pointSize, tracking: tracking)
            if last.scalars == lastKept { last = truncated(lastKept + ["\u{2026}"], width: width, font: font, pointSize: pointSize, tracking: tracking) }
            result.append(last)
            return result
        }
        return wrapped.map { line($0, font: font, pointSize: pointSize, tracking: tracking) }
    }
}

extension TextRenderer {
    /// A launch label's texture: its lines set by `LaunchTypesetter` at `scale` pixels a point,
    /// placed across a frame `width` points wide by `alignment`, each `SystemFontFace.lineHeight`
    /// times the point size below the one before (SF Pro's line height, which the layout used).
    /// `frameColumn` is the texture's column where the frame begins (lines that run past the
    /// frame, within the tolerance, start left of it when centred or right-aligned).
    public func launchLabel(_ text: String, pointSize: Double, weight: LaunchFontWeight, scale: Double, color: Color,
                            width: Double, lines maxLines: Int, alignment: LaunchTextAlignment)
        throws -> (texture: OpaquePointer, width: Int, height: Int, frameColumn: Int)? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, pointSize > 0, scale > 0 else { return nil }
        let pixelSize = TextRenderer.fontKey(bold: weight.isBold, pixelSize: Pixels.int(pointSize * scale)).pixelSize
        // Looked up before the face is chosen: a launch screen is drawn every frame of the intro.
        let key = TextKey(text: text, font: FontKey(bold: weight.isBold, pixelSize: pixelSize), color: color, maxWidth: 0,
                          launch: LaunchLabelKey(pointSize: pointSize, weight: weight, scale: scale, width: width, lines: maxLines, alignment: alignment))
        if let hit = cache[key] {
            guard let drawn = try cached(key) else { return nil }
            return (drawn.texture, drawn.width, drawn.height, hit.frameColumn)
        }
        let reference: (String) -> OpaquePointer? = { [self] path in
            FileManager.default.fileExists(atPath: path) ? try? font(path: path, pixelSize: LaunchTypesetter.referencePixelSize) : nil
        }
        guard let face = LaunchTypesetter.face(for: scalars, pointSize: pointSize, weight: weight, reference: reference),
              let measuring = reference(face.path) else {
            throw RenderError("no font to draw launch labels: install fonts-inter (or fonts-dejavu-core)")
        }
        let tracking = SystemFontFace.tracking(pointSize: pointSize)
        let set = LaunchTypesetter.lines(text, width: max(width, 0), maxLines: maxLines, font: measuring, pointSize: pointSize, tracking: tracking)
        guard set.contains(where: { !$0.scalars.isEmpty }) else { return nil }
        let drawing = try font(path: face.path, pixelSize: pixelSize)

        // Each line's start across the frame, in pixels from its left edge.
        let frameWidth = max(width, 0) * scale
        let starts = set.map { line -> Double in
            switch alignment {
            case .center: (frameWidth - line.width * scale) / 2
            case .right: frameWidth - line.width * scale
            case .left, .natural, .justified: 0
            }
        }
        // Room for ink beyond a glyph's advance box (a j's hook, an f's overhang).
        let pad = pixelSize / 4 + 2
        // Clamped conversions: a hostile frame or point size (1e19 pt) must not trap.
        let left = Pixels.int(starts.min() ?? 0, .down), right = Pixels.int(zip(starts, set).map { $0 + $1.width * scale }.max() ?? 0, .towardZero)
        let frameColumn = pad - min(left, 0)
        let surfaceWidth = min(frameColumn + max(Pixels.int(frameWidth, .up), right) + pad, PixelSize.maxSide)
        let pitch = SystemFontFace.lineHeight * pointSize * scale
        let lineHeight = Int(TTF_FontHeight(drawing))
        let surfaceHeight = min(Pixels.int(pitch * Double(set.count - 1)) + lineHeight, PixelSize.maxSide)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(surfaceWidth), Int32(max(surfaceHeight, 1)), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw RenderError("SDL could not make a surface for a label: \(sdlError())")
        }
        // Transparent in the text's colour, so blending a glyph's edge over it keeps the colour.
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, color.r, color.g, color.b, 0))
        let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        for (row, line) in set.enumerated() {
            let top = Pixels.int32(pitch * Double(row))
            if Int(top) >= surfaceHeight { break }
            for (scalar, position) in zip(line.scalars, line.positions) where !scalar.properties.isWhitespace {
                // A glyph's surface starts at its leftmost ink when that is left of its origin.
                guard let glyph = TTF_RenderGlyph32_Blended(drawing, scalar.value, sdlColor) else { continue }
                defer { SDL_FreeSurface(glyph) }
                SDL_SetSurfaceBlendMode(glyph, SDL_BLENDMODE_BLEND)
                let x = frameColumn + Pixels.int(starts[row] + position * scale) - LaunchTypesetter.metrics(scalar, drawing).leftOverhang
                var dst = SDL_Rect(x: Pixels.int32(x), y: top, w: glyph.pointee.w, h: glyph.pointee.h)
                SDL_UpperBlit(glyph, nil, surface, &dst)
            }
        }
        let stored = try store(surface, as: key, frameColumn: frameColumn)
        return (stored.texture, stored.width, stored.height, frameColumn)
    }
}

/// Measures a launch screen's labels as `LaunchTypesetter` sets them, with no renderer: the width
/// of the text's widest line in the face that draws it, SF's tracking included, and a height of
/// `lineHeight` times the point size, the line height of SF Pro, so labels lay out as on the
/// device. Faces are opened at the reference size on first use and closed with the measurer.
public final class TextMeasurer: @unchecked Sendable {
    private var fonts: [String: OpaquePointer] = [:]
    private let startedTTF: Bool
    /// What a user should know about the faces used: Inter missing (once), a label's characters
    /// that Inter lacks.
    public private(set) var warnings: [String] = []
    private var warnedInterMissing = false
    /// Where Inter's files are looked for (another folder in tests of its absence).
    let interFolder: String

    public init(interFolder: String = SystemFontFace.interFolder) {
        self.interFolder = interFolder
        startedTTF = TTF_WasInit() == 0 && TTF_Init() == 0
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
        if startedTTF { TTF_Quit() }
    }

    private func reference(_ path: String) -> OpaquePointer? {
        if let font = fonts[path] { return font }
        guard FileManager.default.fileExists(atPath: path), let font = TTF_OpenFont(path, Int32(LaunchTypesetter.referencePixelSize)) else { return nil }
        fonts[path] = font
        return font
    }

    public func measure(_ text: String, pointSize: Double, weight: LaunchFontWeight, lineHeight: Double) -> (width: Double, height: Double) {
        let size = max(pointSize, 0)
        let scalars = Array(text.unicodeScalars)
        guard let face = LaunchTypesetter.face(for: scalars, pointSize: size, weight: weight, interFolder: interFolder, reference: reference),
              let font = reference(face.path) else {
            note("warning: no font to measure launch labels with (\(interFolder) and \(TextRenderer.regularCandidates[0]) are missing; install fonts-inter): widths are estimated")
            return (Double(text.count) * size * 0.55, size * lineHeight)
        }
        if !face.inter {
            let wanted = interFolder + "/" + SystemFontFace(pointSize: size, weight: weight).fileName
            if let inter = reference(wanted) {
                let lacking = scalars.filter { !$0.properties.isWhitespace && TTF_GlyphIsProvided32(inter, $0.value) == 0 }
                    .prefix(3).map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
                note("warning: the label \(abbreviatedForMessage(text)) has characters Inter lacks (\(lacking)); it is measured and drawn with DejaVu Sans")
            } else if !warnedInterMissing {
                warnedInterMissing = true
                note("warning: \(wanted) is missing (install fonts-inter): launch labels are measured and drawn with DejaVu Sans, which runs 10 to 20 % wider than SF Pro")
            }
        }
        let tracking = SystemFontFace.tracking(pointSize: size)
        let widest = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { LaunchTypesetter.line(Array($0.unicodeScalars), font: font, pointSize: size, tracking: tracking).width }.max() ?? 0
        return (widest, size * lineHeight)
    }

    private func note(_ warning: String) {
        if !warnings.contains(warning) { warnings.append(warning) }
    }
}
