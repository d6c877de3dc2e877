import CSDL2
import Scenes
import Formats
import Foundation
import Geometry

/// Where frames go: a window on a desktop, or an offscreen surface for `render`, `record`,
/// `bench` and tests.
public enum RenderTarget {
    case window(title: String, width: Int, height: Int, resizable: Bool)
    case offscreen(width: Int, height: Int)
}


/// An SDL window and renderer, and the owner of every texture and font made for them
/// (`TextureOwnership`). SDL is not thread-safe: use one context from one thread.
///
/// `close()` (also run by `deinit`) frees every texture and font still alive first, then destroys
/// the renderer, then the window, so nothing outlives the renderer. SDL itself is started and
/// stopped by `SDLSession`; frames are read back by `readPixels` (FrameReadBack.swift) and
/// encoded by the PNG codec (PNGCodec.swift).
public final class RenderContext {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let rendererName: String
    public let isOffscreen: Bool
    /// Whether a present waits for the display's refresh (a real vsync); false offscreen, without
    /// vsync asked for, and where the driver has none (the caller then paces frames itself).
    public let presentWaitsForRefresh: Bool
    /// True once `close()` has run: the renderer and window are gone.
    public private(set) var isClosed = false
    /// The textures and fonts made here, freed before the renderer.
    let ownership = TextureOwnership()
    /// The GL entry points the context calls itself, nil under the software renderer.
    let gl: GLFunctions
    /// The byte order `readPixels(width:height:into:)` reads in: BGRA where the framebuffer has
    /// an alpha channel (`alphaFramebuffer`) and GL reads it, else RGBA.
    public let fastestReadOrder: ChannelOrder

    /// - Parameter rendererName: one of `knownRendererNames`, or nil for the first that works
    ///   (GL, then software).
    /// - Parameter alphaFramebuffer: ask GL for 8 bits of alpha in the framebuffer, so that its
    ///   pixels are BGRA words and `readPixels` can read them in `fastestReadOrder` (.bgra). Mesa
    ///   copies memory as it is only when the read's format is the framebuffer's own: a 1290x2796
    ///   read took 0.96 ms best (1.63 mean) as BGRA from such a framebuffer, against 2.69 (3.38)
    ///   as RGBA from SDL's default one without alpha. No blend mode here reads the destination's
    ///   alpha, so the colours drawn are the same; only the read-back's fourth byte differs.
    public init(target: RenderTarget, rendererName requested: String?, vsync: Bool, alphaFramebuffer: Bool = false) throws {
        let offscreen: Bool
        let width: Int, height: Int
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var title = "SplashLab"
        switch target {
        case let .window(t, w, h, resizable):
            offscreen = false; width = w; height = h; title = t
            flags |= SDL_WINDOW_SHOWN.rawValue
            if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        case let .offscreen(w, h):
            offscreen = true; width = w; height = h
            flags |= SDL_WINDOW_HIDDEN.rawValue
        }
        guard (1...PixelSize.maxSide).contains(width), (1...PixelSize.maxSide).contains(height) else {
            throw RenderError("a \(width)x\(height) frame cannot be drawn: each side must be 1 to \(PixelSize.maxSide) pixels")
        }
        try SDLSession.start(offscreen: offscreen)
        // Linear filtering: scaled images (the logo, photos, the feed during its 1.05 → 1 settle) stay smooth.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        // SDL batches draw calls only when told to if a renderer is picked by name, as here; batching
        // turns a frame's hundreds of small draws into a few GL calls.
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        // SDL's attributes are global: set for this window's GL context alone, then put back
        // to SDL's default (no alpha) for the contexts made after it.
        SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, alphaFramebuffer ? 8 : 0)
        defer { SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 0) }
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags) else {
            throw RenderError("SDL could not create a \(width)x\(height) window: \(sdlError())")
        }
        var candidates: [String]
        if let requested {
            guard knownRendererNames.contains(requested) else {
                SDL_DestroyWindow(window)
                throw RenderError("unknown renderer '\(requested)'; expected one of \(knownRendererNames.joined(separator: ", "))")
            }
            candidates = [requested]
        } else {
            candidates = offscreen ? ["opengles2", "software"] : ["opengl", "opengles2", "software"]
        }
        var made: (OpaquePointer, String)?
        var failures = [String]()
        for name in candidates {
            guard let index = RenderContext.driverIndex(name) else { failures.append("\(name): not available"); continue }
            var rendererFlags = SDL_RENDERER_TARGETTEXTURE.rawValue
            rendererFlags |= name == "software" ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
            if vsync { rendererFlags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            if let r = SDL_CreateRenderer(window, index, rendererFlags) { made = (r, name); break }
            failures.append("\(name): \(sdlError())")
        }
        guard let (renderer, name) = made else {
            SDL_DestroyWindow(window)
            throw RenderError("SDL could not create a renderer (\(failures.joined(separator: "; ")))")
        }
        self.window = window
        self.renderer = renderer
        self.rendererName = name
        self.isOffscreen = offscreen
        gl = GLFunctions(rendererName: name)
        var alphaBits: Int32 = 0
        if alphaFramebuffer && name != "software" { SDL_GL_GetAttribute(SDL_GL_ALPHA_SIZE, &alphaBits) }
        fastestReadOrder = alphaBits >= 8 && gl.readPixels != nil ? .bgra : .rgba
        // SDL 2.26 keeps the renderer's PRESENTVSYNC flag when the GL driver refuses a swap
        // interval, and then imitates vsync by sleeping in SDL_RenderPresent (SDL_render.c,
        // SDL_SimulateRenderVSync) on a grid of whole milliseconds. Mesa's llvmpipe refuses one
        // (measured here: the interval stays 0 under Xvfb), and that imitation cost the 1920x1080
        // workbench about one frame in six (49-53 fps during a panel drag, where frames took 8-11
        // ms to draw). Where the interval did not take, the imitation is turned off and the
        // window paces itself (`FrameTimer.sleepUntilDue`).
        presentWaitsForRefresh = vsync && !offscreen && name != "software" && SDL_GL_GetSwapInterval() != 0
        if vsync && !presentWaitsForRefresh { SDL_RenderSetVSync(renderer, 0) }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDLSession.register(self)
    }

    deinit { close() }

    /// Frees every live texture and font, then the renderer, then the window. Safe to call more
    /// than once; textures and fonts still referenced elsewhere are marked dead and never freed again.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        SDLSession.unregister(self)
        ownership.freeAll()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    static func driverIndex(_ name: String) -> Int32? {
        var info = SDL_RendererInfo()
        for i in 0..<SDL_GetNumRenderDrivers() {
            if SDL_GetRenderDriverInfo(i, &info) == 0, let n = info.name, String(cString: n) == name { return i }
        }
        return nil
    }

    /// The drawable's size in pixels, which on HiDPI is larger than the window's size in points.
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    public func present() {
        SDL_RenderPresent(renderer)
        releaseRetiredTargets()
    }

    /// The least a first frame can cost: a bare SDL window and renderer of this size, made,
    /// cleared, presented once and read back one pixel (so the drawing has finished), then
    /// destroyed. `bench` times it in the same run as its own first frame (`firstFrameFloorMs`).
    /// SDL is started already, as it is for the first frame it stands beside.
    public static func presentBareRenderer(target: RenderTarget, rendererName: String) throws {
        let (width, height, flags): (Int, Int, UInt32) = switch target {
        case let .window(_, w, h, _): (w, h, SDL_WINDOW_SHOWN.rawValue)
        case let .offscreen(w, h): (w, h, SDL_WINDOW_HIDDEN.rawValue)
        }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow("SplashLab floor", centered, centered, Int32(width), Int32(height), flags | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            throw RenderError("SDL could not create a \(width)x\(height) window: \(sdlError())")
        }
        defer { SDL_DestroyWindow(window) }
        let kind = rendererName == "software" ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        guard let index = driverIndex(rendererName), let renderer = SDL_CreateRenderer(window, index, kind) else {
            throw RenderError("SDL could not create the \(rendererName) renderer: \(sdlError())")
        }
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderPresent(renderer)
        var pixel: UInt32 = 0
        var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        SDL_RenderReadPixels(renderer, &one, SDL_PIXELFORMAT_ABGR8888.rawValue, &pixel, 4)
    }

    /// The least a frame can cost here: the whole output cleared and presented, and waited for
    /// as `finishDrawing` does. `bench --window` divides each frame's time by this one's.
    public func presentFloorFrame() {
        SDL_SetRenderTarget(renderer, nil)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        present()
        finishDrawing()
    }

    /// The least a frame can cost that covers the whole output with a texture, as a workbench
    /// frame covers most of its window with its panels' textures: `texture`, as large as the
    /// output and made unblended and unfiltered as the panels' are, copied over it, presented, and
    /// waited for as `finishDrawing` does. `bench --window` prints it beside the clear's floor:
    /// under a software GL a copy reads and writes every pixel where a clear only fills them.
    public func presentCopyFloorFrame(_ texture: OpaquePointer) {
        SDL_SetRenderTarget(renderer, nil)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_RenderCopy(renderer, texture, nil, nil)
        present()
        finishDrawing()
    }

    /// Waits until the GPU (or Mesa's rasteriser threads) has finished every queued command, so a
    /// measured frame includes the drawing itself and not only its submission.
    public func finishDrawing() {
        SDL_RenderFlush(renderer)
        releaseRetiredTargets()
        gl.finish?()
    }

    /// Hands the queued drawing to the GPU (under Mesa's llvmpipe, its rasteriser threads)
    /// without waiting for it, so it runs while this thread does other work before a read-back.
    public func startDrawing() {
        SDL_RenderFlush(renderer)
        gl.flush?()
    }
}

/// The GL functions SplashLab calls beside SDL's own drawing, looked up through SDL once the
/// renderer exists; each nil for the software renderer.
struct GLFunctions {
    /// glFinish: the present of the software renderer already completes the frame.
    let finish: (@convention(c) () -> Void)?
    /// glFlush.
    let flush: (@convention(c) () -> Void)?
    /// glFramebufferTexture2D, to detach a retired render target (`releaseRetiredTargets`).
    let framebufferTexture2D: (@convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void)?
    /// glReadPixels, glPixelStorei and glGetError, for a frame's read-back.
    let readPixels: (@convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void)?
    let pixelStorei: (@convention(c) (UInt32, Int32) -> Void)?
    let getError: (@convention(c) () -> UInt32)?

    // GL's enum values (gl2.h, gl3.h), which CSDL2 does not import.
    /// GL_BGRA_EXT is EXT_read_format_bgra's, which Mesa's GL ES 2 and desktop GL both read.
    static let rgba: UInt32 = 0x1908, bgra: UInt32 = 0x80E1, unsignedByte: UInt32 = 0x1401, packRowLength: UInt32 = 0x0D02

    init(rendererName: String) {
        func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
            guard rendererName != "software", let symbol = SDL_GL_GetProcAddress(name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }
        finish = lookUp("glFinish", as: (@convention(c) () -> Void).self)
        flush = lookUp("glFlush", as: (@convention(c) () -> Void).self)
        framebufferTexture2D = lookUp("glFramebufferTexture2D", as: (@convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void).self)
        readPixels = lookUp("glReadPixels", as: (@convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void).self)
        pixelStorei = lookUp("glPixelStorei", as: (@convention(c) (UInt32, Int32) -> Void).self)
        getError = lookUp("glGetError", as: (@convention(c) () -> UInt32).self)
    }
}
