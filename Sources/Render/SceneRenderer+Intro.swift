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
    /// The opaque area's pixels as RGBA rows, kept for a frame written straight into the draw
    /// target (`SceneRenderer.writeOpaqueIntro`); nil when the target cannot take them.
    var opaqueRows: OpaqueRows?
}

/// An intro frame's opaque area as RGBA bytes, rows `width` pixels long: what SDL_UpdateTexture
/// writes into an RGBA texture. Its storage is kept from frame to frame while it is large enough,
/// so a recording allocates none per frame.
final class OpaqueRows {
    private(set) var bytes: UnsafeMutableRawBufferPointer
    private(set) var width = 0, height = 0

    init() { bytes = .allocate(byteCount: 0, alignment: 64) }
    deinit { bytes.deallocate() }

    /// Copies `area` of a `frameWidth`-wide frame's pixels, turning a Lottie's BGRA words
    /// (premultiplied ARGB8888 on this little-endian machine) into RGBA. Opaque pixels are the
    /// same premultiplied or straight, so only the order changes.
    func keep(_ area: OpaqueArea, of frame: UnsafeRawBufferPointer, frameWidth: Int, swappingRedAndBlue: Bool) {
        width = area.columns.count
        height = area.rows.count
        if bytes.count < width * height * 4 {
            bytes.deallocate()
            bytes = .allocate(byteCount: width * height * 4, alignment: 64)
        }
        let source = frame.bindMemory(to: UInt32.self), destination = bytes.bindMemory(to: UInt32.self)
        for (k, row) in area.rows.enumerated() {
            let from = row * frameWidth + area.columns.lowerBound, to = k * width
            if swappingRedAndBlue {
                for i in 0..<width {
                    let word = source[from + i]
                    destination[to + i] = (word & 0xFF00_FF00) | (word & 0xFF) << 16 | (word >> 16) & 0xFF
                }
            } else {
                UnsafeMutableRawPointer(destination.baseAddress! + to).copyMemory(from: source.baseAddress! + from, byteCount: width * 4)
            }
        }
    }
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
        if strategies.drawsOnlyVisibleIntroBackground, let intro, Pixels.alpha(intro.opacity) == 255,
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

    /// Lets go of the intro's frame texture and the rows kept with it, and of its player's frame
    /// buffers: a recording past its intro keeps none of them (about 35 MB for a whole iPhone
    /// 15 Pro Max screen). A frame that shows the intro again makes them again.
    public func releaseIntroFrame() {
        introTexture = IntroTextureSlot()
        introMedia?.releaseFrameBuffers()
    }

    /// The intro's frame drawn at the pixels its rectangle covers on this output (at most
    /// `PixelSize.maxSide` a side; beyond that it is stretched), so a window shows it at its
    /// on-screen size and a recording at the device's.
    func drawIntro(_ layer: IntroPicture, _ m: PointToPixel) throws {
        guard let placed = try placeIntro(layer, m) else { return }
        if Pixels.alpha(layer.opacity) == 255, try writeOpaqueIntro(placed) { return }
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

    /// Writes the opaque area of an intro frame drawn at its shown size and full opacity straight
    /// into the draw target's texture, and draws only the rest of the frame; false, having drawn
    /// nothing, where the frame or the target does not allow it.
    ///
    /// Under Mesa's llvmpipe a texture drawn on the screen costs about 6.5 ns a pixel (23.6 ms of
    /// CPU for a 1290×2796 quad, measured), where writing the same pixels into a texture is a
    /// copy (0.6 ms for a 1290×1547 frame). Source-over with alpha 255 keeps the source exactly, and
    /// a frame at its shown size on whole pixels is copied texel for texel, so the pixels written
    /// are those the draw leaves.
    func writeOpaqueIntro(_ placed: PlacedIntroFrame) throws -> Bool {
        guard strategies.writesOpaqueIntroIntoTarget, placed.atShownSize, let rows = introTexture.opaqueRows,
              let target = rgbaDrawTarget, SDL_GetRenderTarget(renderer) == target else { return false }
        let area = introTexture.opaqueArea
        guard rows.width == area.columns.count, rows.height == area.rows.count, !area.isEmpty else { return false }
        var targetWidth: Int32 = 0, targetHeight: Int32 = 0
        SDL_QueryTexture(target, nil, nil, &targetWidth, &targetHeight)
        var clip = PixelRect(x: 0, y: 0, width: Int(targetWidth), height: Int(targetHeight))
        let clipping = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        var saved = SDL_Rect()
        if clipping {
            SDL_RenderGetClipRect(renderer, &saved)
            clip = clip.intersection(PixelRect(x: Int(saved.x), y: Int(saved.y), width: Int(saved.w), height: Int(saved.h)))
        }
        let opaque = PixelRect(x: Int(placed.destination.x) + area.columns.lowerBound, y: Int(placed.destination.y) + area.rows.lowerBound,
                               width: area.columns.count, height: area.rows.count)
        let written = opaque.intersection(clip)
        guard written.width > 0, written.height > 0 else { return false }
        // What is queued draws first: the frame goes over it.
        SDL_RenderFlush(renderer)
        var rect = sdlRect(written)
        let start = rows.bytes.baseAddress! + ((written.y - opaque.y) * opaque.width + (written.x - opaque.x)) * 4
        guard SDL_UpdateTexture(target, &rect, start, Int32(opaque.width * 4)) == 0 else {
            throw RenderError("SDL could not write the intro's frame: \(sdlError())")
        }
        SDL_SetTextureScaleMode(placed.texture.handle, SDL_ScaleModeNearest)
        var dst = placed.destination
        for strip in SceneRenderer.strips(of: clip, around: written) {
            var stripClip = sdlRect(strip)
            SDL_RenderSetClipRect(renderer, &stripClip)
            SDL_RenderCopyF(renderer, placed.texture.handle, nil, &dst)
        }
        if clipping { SDL_RenderSetClipRect(renderer, &saved) } else { SDL_RenderSetClipRect(renderer, nil) }
        opaqueIntroWrites += 1
        return true
    }


    /// The texture frames are drawn into, where it holds RGBA bytes as an intro frame's opaque
    /// rows are kept (`OpaqueRows`); nil for the window's framebuffer.
    var rgbaDrawTarget: OpaquePointer? {
        guard let drawTarget else { return nil }
        var format: UInt32 = 0
        SDL_QueryTexture(drawTarget, &format, nil, nil, nil)
        return format == SDL_PIXELFORMAT_ABGR8888.rawValue ? drawTarget : nil
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
                if strategies.writesOpaqueIntroIntoTarget, rgbaDrawTarget != nil, !introTexture.opaqueArea.isEmpty {
                    let rows = introTexture.opaqueRows ?? OpaqueRows()
                    rows.keep(introTexture.opaqueArea, of: bytes, frameWidth: pixelWidth, swappingRedAndBlue: premultiplied)
                    introTexture.opaqueRows = rows
                } else {
                    introTexture.opaqueRows = nil
                }
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
