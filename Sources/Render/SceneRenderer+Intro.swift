import CSDL2
import Foundation
import Geometry
import Scenes

// MARK: An intro file's frame and its background

/// The texture of the intro frame drawn last, kept while the same frame is drawn at the same size
/// (a held last frame, a paused scrub): uploading it again would cost a frame's bytes each time.
struct IntroTextureSlot {
    var key: IntroFrameCache.Key?
    var texture: Texture?
    /// Whether the texture holds premultiplied ARGB (a Lottie's frame) or straight RGBA (a video's).
    var premultiplied = false
    /// A rectangle of the frame's pixels that are all opaque, in the frame's pixels: drawn at the
    /// size it is shown, the frame hides all under it (an intro with a background of its own).
    var opaqueArea = OpaqueArea.none
}

/// Where and how an intro's frame is drawn: its texture, its rectangle on the output in
/// pixels, and whether it is drawn texel for texel on whole pixels.
struct PlacedIntroFrame {
    var texture: Texture
    var destination: SDL_FRect
    var atShownSize: Bool
}

extension SceneRenderer {
    /// Source-over for premultiplied colour: result = src + dst × (1 − src alpha), in colour and
    /// in alpha (Porter and Duff's "over"), as SDL_ComposeCustomBlendMode states it. SDL's own
    /// BLEND mode multiplies the colour by alpha again, for straight-alpha pixels.
    static let premultipliedBlend = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                                               SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
}

extension SceneRenderer {
    /// The intro's background: a colour, or the launch background alone. With the intro's frame
    /// drawn over it (`over`) at full opacity and at the size it is shown, the background is
    /// left out under the frame's opaque area (`IntroTextureSlot.opaqueArea`): there every pixel
    /// is the frame's own (source-over with alpha 255 keeps the source exactly), and a
    /// full-screen intro's background would cost as much to draw as the frame (Boat_Loader at
    /// @3x: 1290×1547 of the 1290×2796 px over a gradient, all opaque but its last rows and an
    /// edge column that rlottie's scaling leaves partly covered).
    func drawIntroBackground(_ color: Color?, over intro: IntroPicture?, _ m: PointToPixel) throws {
        if SceneRenderer.drawsOnlyVisibleIntroBackground, let intro, Pixels.alpha(intro.opacity) == 255,
           let placed = try placeIntro(intro, m), placed.atShownSize, !introTexture.opaqueArea.isEmpty {
            let output = context.outputSize
            let screen = screenClip ?? PixelRect(x: 0, y: 0, width: output.width, height: output.height)
            let area = introTexture.opaqueArea
            let frame = PixelRect(x: Int(placed.destination.x) + area.columns.lowerBound, y: Int(placed.destination.y) + area.rows.lowerBound,
                                  width: area.columns.count, height: area.rows.count)
            for strip in SceneRenderer.strips(of: screen, around: frame) {
                var clip = sdlRect(strip)
                SDL_RenderSetClipRect(renderer, &clip)
                try fillIntroBackground(color, m)
            }
            restoreClip()
            return
        }
        try fillIntroBackground(color, m)
    }

    /// Whether the background is left out under an opaque intro frame; false draws it whole, to
    /// check that both give the same pixels.
    nonisolated(unsafe) static var drawsOnlyVisibleIntroBackground = true

    /// The parts of `screen` outside `hole`: the rows above and below it, and the columns beside
    /// it on its rows; none empty.
    static func strips(of screen: PixelRect, around hole: PixelRect) -> [PixelRect] {
        let inside = hole.intersection(screen)
        guard inside.width > 0, inside.height > 0 else { return [screen] }
        let left = inside.x, right = inside.x + inside.width, top = inside.y, bottom = inside.y + inside.height
        let strips = [PixelRect(x: screen.x, y: screen.y, width: screen.width, height: top - screen.y),
                      PixelRect(x: screen.x, y: bottom, width: screen.width, height: screen.y + screen.height - bottom),
                      PixelRect(x: screen.x, y: top, width: left - screen.x, height: bottom - top),
                      PixelRect(x: right, y: top, width: screen.x + screen.width - right, height: bottom - top)]
        return strips.filter { $0.width > 0 && $0.height > 0 }
    }

    private func fillIntroBackground(_ color: Color?, _ m: PointToPixel) throws {
        if let color {
            SDL_SetRenderDrawBlendMode(renderer, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: deviceHeight), color, m)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        } else {
            try drawBackground(launchBackground, m)
        }
    }

    /// The intro's frame drawn at the pixels its rectangle covers on this output (at most
    /// `PixelSize.maxSide` a side; beyond that it is stretched), so a window shows it at its
    /// on-screen size and a recording at the device's.
    func drawIntro(_ layer: IntroPicture, _ m: PointToPixel) throws {
        guard let placed = try placeIntro(layer, m) else { return }
        let texture = placed.texture
        var dst = placed.destination
        SDL_SetTextureScaleMode(texture.handle, placed.atShownSize ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        // Premultiplied pixels fade by scaling colour and alpha alike.
        let alpha = Pixels.alpha(layer.opacity)
        SDL_SetTextureAlphaMod(texture.handle, alpha)
        if introTexture.premultiplied { SDL_SetTextureColorMod(texture.handle, alpha, alpha, alpha) }
        SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
        SDL_SetTextureAlphaMod(texture.handle, 255)
        SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
    }

    /// The intro's frame for `layer` in its texture, drawn by the intro's player at the pixels
    /// the layer covers unless the texture holds it already, and where it goes; nil for an empty
    /// rectangle.
    func placeIntro(_ layer: IntroPicture, _ m: PointToPixel) throws -> PlacedIntroFrame? {
        guard let media = introMedia else { throw RenderError("the scene plays an intro file, but none is loaded") }
        let width = Pixels.int(layer.rect.width * m.scale), height = Pixels.int(layer.rect.height * m.scale)
        guard width > 0, height > 0 else { return nil }
        // A Lottie is drawn at its own aspect ratio (rlottie fits it), then stretched to the
        // rectangle: only `fill` stretches it.
        var pixelWidth = width, pixelHeight = height
        if case .lottie = media.source, media.clip.width > 0, media.clip.height > 0 {
            pixelHeight = max(Pixels.int(Double(width) * media.clip.height / media.clip.width), 1)
        }
        // At most what a texture and a decoded video frame may be, a side.
        let side = Double(min(PixelSize.maxSide, VideoIntro.maximumSide))
        let shrink = min(1, side / Double(pixelWidth), side / Double(pixelHeight))
        pixelWidth = max(Int(Double(pixelWidth) * shrink), 1); pixelHeight = max(Int(Double(pixelHeight) * shrink), 1)
        let key = IntroFrameCache.Key(frame: layer.frame, width: pixelWidth, height: pixelHeight, premultiplied: true)
        if introTexture.key != key || introTexture.texture == nil {
            try media.withFrame(layer.frame, width: pixelWidth, height: pixelHeight, premultiplied: true) { bytes, layout in
                let premultiplied = layout == .premultipliedARGB
                if introTexture.texture?.width != pixelWidth || introTexture.texture?.height != pixelHeight || introTexture.premultiplied != premultiplied {
                    introTexture.texture = try context.makeTexture(width: pixelWidth, height: pixelHeight, access: SDL_TEXTUREACCESS_STREAMING,
                                                                   blend: premultiplied ? SceneRenderer.premultipliedBlend : SDL_BLENDMODE_BLEND,
                                                                   what: "the intro's frame texture",
                                                                   format: premultiplied ? SDL_PIXELFORMAT_ARGB8888 : SDL_PIXELFORMAT_ABGR8888)
                    introTexture.premultiplied = premultiplied
                }
                guard let texture = introTexture.texture, bytes.count >= pixelWidth * pixelHeight * 4 else { return }
                SDL_UpdateTexture(texture.handle, nil, bytes.baseAddress, Int32(pixelWidth * 4))
                introTexture.opaqueArea = OpaqueArea(bytes, width: pixelWidth, height: pixelHeight)
            }
            introTexture.key = key
        }
        guard let texture = introTexture.texture else { return nil }
        var dst = SDL_FRect(x: Pixels.float(m.offsetX + layer.rect.x * m.scale), y: Pixels.float(m.offsetY + layer.rect.y * m.scale),
                            w: Pixels.float(layer.rect.width * m.scale), h: Pixels.float(layer.rect.height * m.scale))
        // A frame drawn at the size it is shown (within half a pixel a side) is put on whole
        // pixels and copied texel for texel: the intro's own pixels, as a layer on a pixel
        // boundary shows its contents, and not blurred by a fraction of a pixel's offset (0.39
        // px on an iPhone 15 Pro Max). Nearest sampling is also what Mesa's llvmpipe copies
        // fastest: a third less time for a frame the size of a Pro Max's screen, measured. A frame
        // shown larger or smaller than it was drawn (`fill`, a texture's size limit) stays
        // filtered.
        let drawnAtShownSize = abs(Double(dst.w) - Double(texture.width)) <= 0.5 && abs(Double(dst.h) - Double(texture.height)) <= 0.5
        if drawnAtShownSize {
            dst = SDL_FRect(x: dst.x.rounded(), y: dst.y.rounded(), w: Float(texture.width), h: Float(texture.height))
        }
        return PlacedIntroFrame(texture: texture, destination: dst, atShownSize: drawnAtShownSize)
    }
}

/// A rectangle of a frame's pixels that are all opaque (alpha 255): the longest run of rows
/// opaque from edge to edge but for at most `edge` pixels at each end, which scaling leaves
/// partly covered where a full-frame layer's side falls inside a pixel; its columns are those
/// opaque in every row of the run.
///
/// A pixel is opaque when its alpha byte, the last in memory of both layouts (RGBA's A;
/// ARGB8888's high byte on this little-endian machine), is 255. A row is given up at its
/// first pixel past the edge that is not, checked 64 at a time: a logo on a transparent ground
/// costs a few pixels a row.
struct OpaqueArea: Equatable {
    var columns: Range<Int>
    var rows: Range<Int>

    static let none = OpaqueArea(columns: 0..<0, rows: 0..<0)
    static let edge = 4

    var isEmpty: Bool { columns.isEmpty || rows.isEmpty }

    init(columns: Range<Int>, rows: Range<Int>) { self.columns = columns; self.rows = rows }

    init(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int) {
        self = .none
        guard width > 2 * OpaqueArea.edge, height > 0, bytes.count >= width * height * 4 else { return }
        let found = UnsafeRawBufferPointer(rebasing: bytes[0..<(width * height * 4)]).withMemoryRebound(to: UInt32.self) { words -> OpaqueArea in
            guard let base = words.baseAddress else { return .none }
            func opaque(_ word: UInt32) -> Bool { word >> 24 == 0xFF }
            var best = OpaqueArea.none
            var run = OpaqueArea(columns: 0..<width, rows: 0..<0)
            for row in 0..<height {
                let pixels = base + row * width
                var left = 0, right = width
                while left < OpaqueArea.edge && !opaque(pixels[left]) { left += 1 }
                while right > width - OpaqueArea.edge && !opaque(pixels[right - 1]) { right -= 1 }
                var inside = left < OpaqueArea.edge && right > width - OpaqueArea.edge
                var i = left
                while inside && i < right {
                    let end = min(i + 64, right)
                    var all: UInt32 = 0xFFFF_FFFF
                    for j in i..<end { all &= pixels[j] }
                    inside = opaque(all)
                    i = end
                }
                guard inside else {
                    run = OpaqueArea(columns: 0..<width, rows: (row + 1)..<(row + 1))
                    continue
                }
                run = OpaqueArea(columns: max(run.columns.lowerBound, left)..<min(run.columns.upperBound, right), rows: run.rows.lowerBound..<(row + 1))
                if run.rows.count * run.columns.count > best.rows.count * best.columns.count { best = run }
            }
            return best
        }
        self = found
    }
}
