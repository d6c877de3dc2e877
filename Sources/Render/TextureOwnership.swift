import CSDL2
import Formats
import Foundation
import Geometry

/// The textures and fonts one `RenderContext` made, unretained: each removes itself when it is
/// freed, and `freeAll()` frees what is left before the context destroys its renderer.
///
/// SDL_DestroyRenderer frees the renderer's textures itself (SDL2's `SDL_render.c`), so a texture
/// freed after its renderer is a use of freed memory: SDL usually refuses it as an invalid
/// parameter, and sometimes crashes. Textures and fonts are therefore `Texture` and `Font`
/// objects registered here. Each frees itself when its last user lets go; `freeAll()` frees every
/// one still alive, marks it dead, and from then on a texture let go is destroyed at once. Whatever
/// order the caches and the context are released in, nothing outlives the renderer, and nothing is
/// freed twice.
final class TextureOwnership {
    private var textures: [ObjectIdentifier: Unmanaged<Texture>] = [:]
    private var fonts: [ObjectIdentifier: Unmanaged<Font>] = [:]
    /// Pixel bytes (4 a pixel) of the textures alive now, and the most ever alive at once: the
    /// GL driver keeps each in memory (in RAM under software GL), so this is most of the RSS.
    private(set) var liveBytes = 0
    private(set) var peakBytes = 0
    /// Render targets let go and not yet destroyed (`RenderContext.releaseRetiredTargets`).
    private var retiredTargets: [OpaquePointer] = []
    /// True once `freeAll()` has run: the renderer is going or gone.
    private(set) var isFreed = false

    var textureCount: Int { textures.count }
    var fontCount: Int { fonts.count }

    func adopt(_ handle: OpaquePointer, width: Int, height: Int, isTarget: Bool) -> Texture {
        let texture = Texture(handle: handle, width: width, height: height, isTarget: isTarget, owner: self)
        textures[ObjectIdentifier(texture)] = Unmanaged.passUnretained(texture)
        liveBytes += width * height * 4
        peakBytes = max(peakBytes, liveBytes)
        return texture
    }

    func adopt(font handle: OpaquePointer) -> Font {
        let font = Font(handle: handle, owner: self)
        fonts[ObjectIdentifier(font)] = Unmanaged.passUnretained(font)
        return font
    }

    /// The render targets let go since the last call, for their owner to destroy.
    func takeRetiredTargets() -> [OpaquePointer] {
        defer { retiredTargets = [] }
        return retiredTargets
    }

    /// Frees every live texture and render target, then every font; fonts belong to SDL_ttf, not
    /// to the renderer, but must close before TTF_Quit (`SDLSession.stop`).
    func freeAll() {
        isFreed = true
        let liveTextures = textures.values, liveFonts = fonts.values
        textures = [:]; fonts = [:]
        for t in liveTextures { t.takeUnretainedValue().free() }
        for handle in takeRetiredTargets() { SDL_DestroyTexture(handle) }
        for f in liveFonts { f.takeUnretainedValue().free() }
    }

    fileprivate func forget(_ texture: Texture) {
        guard textures.removeValue(forKey: ObjectIdentifier(texture)) != nil else { return }
        liveBytes -= texture.width * texture.height * 4
    }

    fileprivate func forget(_ font: Font) { fonts[ObjectIdentifier(font)] = nil }

    /// Takes a freed render target, to be destroyed at the next safe point rather than at once:
    /// destroying it properly switches the render target, which makes SDL flush its batch, and
    /// in the middle of a frame (a tile let go while the feed is composed) that put the frame's
    /// rasterisation inside its command building.
    fileprivate func retire(_ handle: OpaquePointer) {
        guard !isFreed else { SDL_DestroyTexture(handle); return }
        retiredTargets.append(handle)
    }
}

extension RenderContext {
    /// A texture of `width`×`height` pixels (at least 1×1); `what` names it in an error.
    /// Straight RGBA bytes (`SDL_PIXELFORMAT_ABGR8888` on a little-endian machine) unless `format` says otherwise.
    public func makeTexture(width: Int, height: Int, access: SDL_TextureAccess, blend: SDL_BlendMode, what: String,
                            format: SDL_PixelFormatEnum = SDL_PIXELFORMAT_ABGR8888) throws -> Texture {
        guard !isClosed else { throw RenderError("SDL could not make \(what): the renderer is closed") }
        let w = max(min(width, PixelSize.maxSide), 1), h = max(min(height, PixelSize.maxSide), 1)
        guard let handle = SDL_CreateTexture(renderer, format.rawValue, Int32(access.rawValue), Int32(w), Int32(h)) else {
            throw RenderError("SDL could not make \(what): \(sdlError())")
        }
        SDL_SetTextureBlendMode(handle, blend)
        return ownership.adopt(handle, width: w, height: h, isTarget: access == SDL_TEXTUREACCESS_TARGET)
    }

    /// A texture with a surface's pixels; `what` names it in an error.
    public func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>, what: String) throws -> Texture {
        guard !isClosed else { throw RenderError("SDL could not make \(what): the renderer is closed") }
        guard let handle = SDL_CreateTextureFromSurface(renderer, surface) else { throw RenderError("SDL could not make \(what): \(sdlError())") }
        return ownership.adopt(handle, width: Int(surface.pointee.w), height: Int(surface.pointee.h), isTarget: false)
    }

    /// A TrueType font at a pixel size, closed with this context at the latest.
    public func openFont(path: String, pixelSize: Int) throws -> Font {
        guard !isClosed else { throw RenderError("\(path): the renderer is closed") }
        do { try BoundedFileReader.checkRegularFile(path, limit: .font) } catch { throw RenderError("\(path): \(error)") }
        guard let handle = TTF_OpenFont(path, Int32(clamping: pixelSize)) else { throw RenderError("\(path): \(sdlError())") }
        return ownership.adopt(font: handle)
    }

    /// Pixel bytes of the textures alive now, and the most ever alive at once (`TextureOwnership`).
    public var liveTextureBytes: Int { ownership.liveBytes }
    public var peakTextureBytes: Int { ownership.peakBytes }

    /// Textures and fonts alive now, for tests of the ownership rules.
    var liveTextureCount: Int { ownership.textureCount }
    var liveFontCount: Int { ownership.fontCount }

    /// Destroys the render targets let go since the last call so that their pixels really go.
    /// Called where SDL's batch is empty or about to be flushed anyway: at the start of a scene's
    /// drawing, after a present, when drawing is finished, and before a screen-sized target is made.
    ///
    /// SDL's GL renderers keep one framebuffer object per target size and leave the last texture
    /// drawn into attached to it (`GLES2_GetFBO` in SDL_render_gles2.c, `GL_GetFBO` in
    /// SDL_render_gl.c). GL keeps a deleted texture's storage while it is attached to a framebuffer
    /// that is not bound (OpenGL ES 2.0 §4.4.5), so a destroyed screen-sized target stayed resident
    /// until the next texture of the same size was drawn into, which put both on the peak: 15 MB
    /// at ipad-air-11. Binding each target once more and detaching it frees the storage with the
    /// texture. The current target, viewport, clip and scale are put back as they were.
    public func releaseRetiredTargets() {
        let handles = ownership.takeRetiredTargets()
        guard !handles.isEmpty else { return }
        guard !isClosed, let detach = gl.framebufferTexture2D else {
            for handle in handles { SDL_DestroyTexture(handle) }
            return
        }
        // A retired target is never the current one (nothing draws into what it let go), but if it
        // were, SDL's own fallback, the window, is where drawing goes on.
        let current = SDL_GetRenderTarget(renderer)
        let previous = handles.contains(where: { $0 == current }) ? nil : current
        var viewport = SDL_Rect(), clip = SDL_Rect()
        var scaleX: Float = 1, scaleY: Float = 1
        SDL_RenderGetViewport(renderer, &viewport)
        let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        SDL_RenderGetClipRect(renderer, &clip)
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        for handle in handles where SDL_SetRenderTarget(renderer, handle) == 0 {
            // GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture 0: detach.
            detach(0x8D40, 0x8CE0, 0x0DE1, 0, 0)
        }
        SDL_SetRenderTarget(renderer, previous)
        if previous == current {
            SDL_RenderSetScale(renderer, scaleX, scaleY)
            SDL_RenderSetViewport(renderer, &viewport)
            if clipped { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
        }
        for handle in handles { SDL_DestroyTexture(handle) }
    }
}

/// An SDL texture that frees itself, and never outlives its renderer: its context's
/// `TextureOwnership` frees it first when the context closes, and from then on `handle` is nil.
public final class Texture {
    /// The SDL texture, nil once freed.
    public private(set) var handle: OpaquePointer?
    public let width: Int
    public let height: Int
    /// Made to be drawn into (`SDL_TEXTUREACCESS_TARGET`).
    let isTarget: Bool
    private weak var owner: TextureOwnership?

    fileprivate init(handle: OpaquePointer, width: Int, height: Int, isTarget: Bool, owner: TextureOwnership) {
        self.handle = handle; self.width = width; self.height = height; self.isTarget = isTarget; self.owner = owner
    }

    fileprivate func free() {
        guard let handle else { return }
        if isTarget, let owner { owner.retire(handle) } else { SDL_DestroyTexture(handle) }
        self.handle = nil
    }

    deinit {
        // A live handle means the owner has not freed everything, so it is still there to forget this one.
        owner?.forget(self)
        free()
    }
}

/// An SDL_ttf font that closes itself, and is closed with its `RenderContext` at the latest.
public final class Font {
    public private(set) var handle: OpaquePointer?
    private weak var owner: TextureOwnership?

    fileprivate init(handle: OpaquePointer, owner: TextureOwnership) { self.handle = handle; self.owner = owner }

    fileprivate func free() {
        guard let handle else { return }
        TTF_CloseFont(handle)
        self.handle = nil
    }

    deinit {
        owner?.forget(self)
        free()
    }
}
