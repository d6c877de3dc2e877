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
}

extension SceneRenderer {
    /// Source-over for premultiplied colour: result = src + dst × (1 − src alpha), in colour and
    /// in alpha (Porter and Duff's "over"), as SDL_ComposeCustomBlendMode states it. SDL's own
    /// BLEND mode multiplies the colour by alpha again, for straight-alpha pixels.
    static let premultipliedBlend = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                                               SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
}

extension SceneRenderer {
    /// The intro's background: a colour, or the launch background alone.
    func drawIntroBackground(_ color: Color?, _ m: PointToPixel) throws {
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
        guard let media = introMedia else { throw RenderError("the scene plays an intro file, but none is loaded") }
        let width = Pixels.int(layer.rect.width * m.scale), height = Pixels.int(layer.rect.height * m.scale)
        guard width > 0, height > 0 else { return }
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
            }
            introTexture.key = key
        }
        guard let texture = introTexture.texture else { return }
        var dst = SDL_FRect(x: Pixels.float(m.offsetX + layer.rect.x * m.scale), y: Pixels.float(m.offsetY + layer.rect.y * m.scale),
                            w: Pixels.float(layer.rect.width * m.scale), h: Pixels.float(layer.rect.height * m.scale))
        // Premultiplied pixels fade by scaling colour and alpha alike.
        let alpha = Pixels.alpha(layer.opacity)
        SDL_SetTextureAlphaMod(texture.handle, alpha)
        if introTexture.premultiplied { SDL_SetTextureColorMod(texture.handle, alpha, alpha, alpha) }
        SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
        SDL_SetTextureAlphaMod(texture.handle, 255)
        SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
    }
}
