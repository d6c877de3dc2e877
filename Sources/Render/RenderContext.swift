import CSDL2
import Formats
import Foundation
import Geometry

/// Where frames go: a window on a desktop, or an offscreen surface for `render`, `record`,
/// `bench` and tests.
public enum RenderTarget {
    case window(title: String, width: Int, height: Int, resizable: Bool)
    case offscreen(width: Int, height: Int)
}

/// The SDL renderer names SplashLab knows: Mesa's GL ES 2 (the headless default), desktop GL, and
/// SDL's software rasteriser as the fallback.
public let knownRendererNames = ["opengles2", "opengl", "software"]

/// An SDL window and renderer, and the owner of every texture and font made for them.
/// SDL is not thread-safe: use one context from one thread.
///
/// SDL_DestroyRenderer frees the renderer's textures itself (SDL2's `SDL_render.c`), so a texture
/// freed after its renderer is a use of freed memory: SDL usually refuses it as an invalid
/// parameter, and sometimes crashes. Textures and fonts are therefore `Texture` and `Font` objects
/// made here. Each frees itself when its last user lets go; `close()` (also run by `deinit`)
/// frees every one still alive first, marks it dead, then destroys the renderer, then the
/// window. Whatever order the caches and this context are released in, nothing outlives the
/// renderer, and nothing is freed twice.
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
    /// Live textures and fonts, unretained: each removes itself when it is freed.
    private var textures: [ObjectIdentifier: Unmanaged<Texture>] = [:]
    /// Pixel bytes (4 a pixel) of the textures alive now, and the most ever alive at once: the
    /// GL driver keeps each in memory (in RAM under software GL), so this is most of the RSS.
    public private(set) var liveTextureBytes = 0
    public private(set) var peakTextureBytes = 0
    private var fonts: [ObjectIdentifier: Unmanaged<Font>] = [:]
    nonisolated(unsafe) private static var sdlStarted = false
    /// Every open context, so that `stopSDL()` can close them before SDL goes.
    nonisolated(unsafe) private static var open: [ObjectIdentifier: Weak] = [:]
    private struct Weak { weak var context: RenderContext? }

    /// Brings up SDL video, SDL_image and SDL_ttf once per process.
    public static func startSDL(offscreen: Bool) throws {
        if sdlStarted { return }
        if offscreen && ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            // Offline frames are the same with or without a desktop: always draw them offscreen.
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        }
        if ProcessInfo.processInfo.environment["SPLASHLAB_CHECK_SDL_ERRORS"] == "1" { reportEverySDLError() }
        if offscreen {
            guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw RenderError("SDL could not start video: \(sdlError())") }
        } else {
            try startDisplayVideo()
        }
        guard IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            throw RenderError("SDL_image could not start PNG support: \(sdlError())")
        }
        guard TTF_Init() == 0 else { throw RenderError("SDL_ttf could not start: \(sdlError())") }
        sdlStarted = true
    }

    /// Starts SDL video on the desktop's display, for a window.
    ///
    /// Left to itself, SDL 2.26 goes down its driver list (x11, wayland, …, offscreen) when no
    /// display answers, and a window on the offscreen driver runs unseen for ever. So unless
    /// `SDL_VIDEODRIVER` asks otherwise, only the drivers of the displays named in the environment
    /// are allowed (`SDL_HINT_VIDEODRIVER` takes a comma-separated list). A display that does not
    /// answer (an X server too busy to accept at once, or none at all) is tried again for about
    /// three seconds, then refused by name.
    static func startDisplayVideo() throws {
        let environment = ProcessInfo.processInfo.environment
        if (environment["SDL_VIDEODRIVER"] ?? "").isEmpty {
            let drivers = [("DISPLAY", "x11"), ("WAYLAND_DISPLAY", "wayland")].filter { !(environment[$0.0] ?? "").isEmpty }.map(\.1)
            if !drivers.isEmpty { SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ",")) }
        }
        var failure = ""
        for wait in [100, 200, 400, 800, 1500, 0] as [UInt32] {
            if SDL_Init(SDL_INIT_VIDEO) == 0 { return }
            failure = sdlError()
            SDL_Delay(wait)
        }
        let display = [("DISPLAY", "X display"), ("WAYLAND_DISPLAY", "Wayland display")]
            .compactMap { name, kind in environment[name].flatMap { $0.isEmpty ? nil : "\(kind) '\($0)'" } }.joined(separator: " or ")
        throw RenderError("could not open the \(display.isEmpty ? "display" : display) for the preview window (\(failure)), tried for 3 s; "
            + "try 'splashlab render --at 2.3 --out frame.png' or 'splashlab record' instead")
    }

    /// Prints every error SDL records to stderr as `SDL error: MESSAGE`.
    ///
    /// A call SDL refuses, such as `SDL_DestroyTexture` on a texture whose renderer is gone, only
    /// sets the error string and returns; nothing is printed. But `SDL_SetError` also logs the
    /// message in the error category at debug priority (SDL2's `SDL_error.c`), so lowering that
    /// category's threshold to debug and taking over the log output makes every such error visible.
    /// Set `SPLASHLAB_CHECK_SDL_ERRORS=1` to turn it on; `scripts/e2e.sh` and the window tests do, and fail on any
    /// invalid-parameter error.
    static func reportEverySDLError() {
        SDL_LogGetOutputFunction(&previousLogOutput, &previousLogUserData)
        SDL_LogSetPriority(Int32(SDL_LOG_CATEGORY_ERROR.rawValue), SDL_LOG_PRIORITY_DEBUG)
        SDL_LogSetOutputFunction({ userData, category, priority, message in
            if category == Int32(SDL_LOG_CATEGORY_ERROR.rawValue), let message {
                fputs("SDL error: \(String(cString: message))\n", stderr)
            } else {
                RenderContext.previousLogOutput?(userData, category, priority, message)
            }
        }, previousLogUserData)
    }

    nonisolated(unsafe) private static var previousLogOutput: SDL_LogOutputFunction?
    nonisolated(unsafe) private static var previousLogUserData: UnsafeMutableRawPointer?

    /// - Parameter rendererName: one of `knownRendererNames`, or nil for the first that works
    ///   (GL, then software).
    public init(target: RenderTarget, rendererName requested: String?, vsync: Bool) throws {
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
        try RenderContext.startSDL(offscreen: offscreen)
        // Linear filtering: scaled images (the logo, photos, the feed during its 1.05 → 1 settle) stay smooth.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        // SDL batches draw calls only when told to if a renderer is picked by name, as here; batching
        // turns a frame's hundreds of small draws into a few GL calls.
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
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
        RenderContext.open[ObjectIdentifier(self)] = Weak(context: self)
    }

    deinit { close() }

    /// Frees every live texture and font, then the renderer, then the window. Safe to call more
    /// than once; textures and fonts still referenced elsewhere are marked dead and never freed again.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        RenderContext.open[ObjectIdentifier(self)] = nil
        let liveTextures = textures.values, liveFonts = fonts.values
        textures = [:]; fonts = [:]
        for t in liveTextures { t.takeUnretainedValue().free() }
        for handle in retiredTargets { SDL_DestroyTexture(handle) }
        retiredTargets = []
        // Fonts belong to SDL_ttf, not to the renderer, but must close before TTF_Quit (stopSDL).
        for f in liveFonts { f.takeUnretainedValue().free() }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// Closes every open context, then shuts SDL_ttf, SDL_image and SDL down: fonts close
    /// before TTF_Quit, textures before their renderer, renderers before their windows.
    public static func stopSDL() {
        for entry in open.values { entry.context?.close() }
        open = [:]
        guard sdlStarted else { return }
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
        sdlStarted = false
    }

    // MARK: Textures and fonts

    /// A texture of `width`×`height` pixels (at least 1×1); `what` names it in an error.
    public func makeTexture(width: Int, height: Int, access: SDL_TextureAccess, blend: SDL_BlendMode, what: String) throws -> Texture {
        guard !isClosed else { throw RenderError("SDL could not make \(what): the renderer is closed") }
        let w = max(min(width, PixelSize.maxSide), 1), h = max(min(height, PixelSize.maxSide), 1)
        guard let handle = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(access.rawValue), Int32(w), Int32(h)) else {
            throw RenderError("SDL could not make \(what): \(sdlError())")
        }
        SDL_SetTextureBlendMode(handle, blend)
        return adopt(handle, width: w, height: h, isTarget: access == SDL_TEXTUREACCESS_TARGET)
    }

    /// A texture with a surface's pixels; `what` names it in an error.
    public func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>, what: String) throws -> Texture {
        guard !isClosed else { throw RenderError("SDL could not make \(what): the renderer is closed") }
        guard let handle = SDL_CreateTextureFromSurface(renderer, surface) else { throw RenderError("SDL could not make \(what): \(sdlError())") }
        return adopt(handle, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
    }

    private func adopt(_ handle: OpaquePointer, width: Int, height: Int, isTarget: Bool = false) -> Texture {
        let texture = Texture(handle: handle, width: width, height: height, isTarget: isTarget, owner: self)
        textures[ObjectIdentifier(texture)] = Unmanaged.passUnretained(texture)
        liveTextureBytes += width * height * 4
        peakTextureBytes = max(peakTextureBytes, liveTextureBytes)
        return texture
    }

    /// A TrueType font at a pixel size, closed with this context at the latest.
    public func openFont(path: String, pixelSize: Int) throws -> Font {
        guard !isClosed else { throw RenderError("\(path): the renderer is closed") }
        do { try BoundedFileReader.checkRegularFile(path, limit: .font) } catch { throw RenderError("\(path): \(error)") }
        guard let handle = TTF_OpenFont(path, Int32(clamping: pixelSize)) else { throw RenderError("\(path): \(sdlError())") }
        let font = Font(handle: handle, owner: self)
        fonts[ObjectIdentifier(font)] = Unmanaged.passUnretained(font)
        return font
    }

    /// Textures and fonts alive now, for tests of the ownership rules.
    var liveTextureCount: Int { textures.count }
    var liveFontCount: Int { fonts.count }

    fileprivate func forget(_ texture: Texture) {
        guard textures.removeValue(forKey: ObjectIdentifier(texture)) != nil else { return }
        liveTextureBytes -= texture.width * texture.height * 4
    }
    fileprivate func forget(_ font: Font) { fonts[ObjectIdentifier(font)] = nil }

    // MARK: Render targets' memory

    /// glFramebufferTexture2D, for GL renderers; nil for the software renderer.
    private lazy var glFramebufferTexture2D: (@convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void)? = {
        guard rendererName != "software", let symbol = SDL_GL_GetProcAddress("glFramebufferTexture2D") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void).self)
    }()

    /// Render targets let go and not yet destroyed (`releaseRetiredTargets`).
    private var retiredTargets: [OpaquePointer] = []

    /// Takes a freed render target, to be destroyed at the next safe point rather than at once:
    /// destroying it properly switches the render target, which makes SDL flush its batch, and
    /// in the middle of a frame (a tile let go while the feed is composed) that put the frame's
    /// rasterisation inside its command building.
    fileprivate func retire(_ handle: OpaquePointer) {
        guard !isClosed else { SDL_DestroyTexture(handle); return }
        retiredTargets.append(handle)
    }

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
        guard !retiredTargets.isEmpty else { return }
        let handles = retiredTargets
        retiredTargets = []
        guard !isClosed, let detach = glFramebufferTexture2D else {
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

    // MARK: Signals

    /// Makes SIGINT (Ctrl-C), SIGTERM and SIGHUP post SDL_QUIT, so that a window's event loop
    /// ends and the normal quit path frees everything in order; `quitSignal` then says which
    /// signal it was, so the loop quits at once rather than asking about unsaved edits (nobody is
    /// there to answer). A second signal while that runs ends the process at once. A signal the
    /// process was started with ignored (as `nohup` or a non-interactive shell's `&` leave them)
    /// stays ignored.
    ///
    /// SDL installs a similar handler itself at SDL_Init when the signal's action is the default;
    /// this one does not depend on that (nor on SDL_HINT_NO_SIGNAL_HANDLERS), and a signal handler
    /// only sets a flag: SDL_PushEvent takes a lock, so it runs on an SDL timer thread instead.
    public static func installQuitOnSignal() {
        if SDL_WasInit(SDL_INIT_TIMER) == 0 { SDL_InitSubSystem(SDL_INIT_TIMER) }
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(sig, nil, &current)
            // SIG_IGN is the handler value 1 (<signal.h>), which Swift imports as a function pointer.
            if let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 { continue }
            signal(sig) { sig in
                if quitSignalled != 0 { signal(sig, SIG_DFL); raise(sig) }
                quitSignalled = sig
            }
        }
        guard quitTimer == 0 else { return }
        // Twenty looks a second: a quit within 50 ms, at no measurable cost.
        quitTimer = SDL_AddTimer(50, { interval, _ in
            if quitSignalled != 0 && quitPosted == 0 {
                quitPosted = 1
                var event = SDL_Event()
                event.type = SDL_QUIT.rawValue
                SDL_PushEvent(&event)
            }
            return interval
        }, nil)
    }

    /// The signal (SIGINT, SIGTERM or SIGHUP) that asked the process to end, once one has.
    public static var quitSignal: Int32? { quitSignalled == 0 ? nil : quitSignalled }

    nonisolated(unsafe) private static var quitTimer: SDL_TimerID = 0

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

    /// glFinish, looked up through SDL, for GL renderers; nil for the software renderer, whose
    /// present already completes the frame.
    private lazy var glFinish: (@convention(c) () -> Void)? = {
        guard rendererName != "software", let symbol = SDL_GL_GetProcAddress("glFinish") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    }()

    /// Waits until the GPU (or Mesa's rasteriser threads) has finished every queued command, so a
    /// measured frame includes the drawing itself and not only its submission.
    public func finishDrawing() {
        SDL_RenderFlush(renderer)
        releaseRetiredTargets()
        glFinish?()
    }

    /// glReadPixels, looked up through SDL, for GL renderers; nil for the software renderer.
    private lazy var glReadPixels: (@convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void)? = {
        guard rendererName != "software", let symbol = SDL_GL_GetProcAddress("glReadPixels") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void).self)
    }()
    private lazy var glPixelStorei: (@convention(c) (UInt32, Int32) -> Void)? = {
        guard rendererName != "software", let symbol = SDL_GL_GetProcAddress("glPixelStorei") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UInt32, Int32) -> Void).self)
    }()
    private lazy var glGetError: (@convention(c) () -> UInt32)? = {
        guard rendererName != "software", let symbol = SDL_GL_GetProcAddress("glGetError") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> UInt32).self)
    }()

    /// glFlush, looked up through SDL, for GL renderers.
    private lazy var glFlush: (@convention(c) () -> Void)? = {
        guard rendererName != "software", let symbol = SDL_GL_GetProcAddress("glFlush") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    }()

    /// Hands the queued drawing to the GPU (under Mesa's llvmpipe, its rasteriser threads)
    /// without waiting for it, so it runs while this thread does other work before a read-back.
    public func startDrawing() {
        SDL_RenderFlush(renderer)
        glFlush?()
    }

    /// Reads the screen's top-left `width`×`height` pixels as RGBA bytes into `destination`
    /// (`width * 4` bytes a row, no padding), for a recording's every frame.
    ///
    /// With a GL renderer drawing to the screen this is one glReadPixels into `destination`, in
    /// GL's row order, bottom row first: the caller flips rows where it copies them anyway (into
    /// ffmpeg's pipe, a canvas). SDL_RenderReadPixels takes two to three times as long (16 ms
    /// against 6 for a 14 MB @3x frame): it allocates a buffer, flips it in place and copies it
    /// out again. A pixel-pack buffer gains nothing: Mesa's llvmpipe, the headless renderer,
    /// does the copy within the glReadPixels call just the same. Otherwise (the software
    /// renderer, a texture target) it is SDL_RenderReadPixels, top row first.
    public func readPixels(width: Int, height: Int, into destination: UnsafeMutableRawBufferPointer) throws -> RowOrder {
        precondition(destination.count >= width * height * 4, "the destination holds the frame")
        if let glReadPixels, let glGetError, let glPixelStorei, SDL_GetRenderTarget(renderer) == nil,
           SDL_GL_GetCurrentWindow() == window {
            // Draws still queued in SDL's batch reach GL first.
            SDL_RenderFlush(renderer)
            // Errors from earlier calls are SDL's to report, not this read's.
            while glGetError() != 0 {}
            // SDL's desktop-GL read-back leaves its own row length set; 0 means rows of `width`.
            if rendererName == "opengl" { glPixelStorei(RenderContext.glPackRowLength, 0) }
            let bottom = Int32(outputSize.height - height)
            glReadPixels(0, bottom, Int32(width), Int32(height), RenderContext.glRGBA, RenderContext.glUnsignedByte, destination.baseAddress)
            let status = glGetError()
            guard status == 0 else { throw RenderError("GL could not read the frame back (error 0x\(String(status, radix: 16)))") }
            return .bottomUp
        }
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        guard SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ABGR8888.rawValue, destination.baseAddress, Int32(width * 4)) == 0 else {
            throw RenderError("SDL could not read the frame back: \(sdlError())")
        }
        return .topDown
    }

    // GL's enum values (gl2.h, gl3.h), which CSDL2 does not import.
    static let glRGBA: UInt32 = 0x1908, glUnsignedByte: UInt32 = 0x1401, glPackRowLength: UInt32 = 0x0D02

    /// Reads the current frame back as RGBA bytes (before present).
    public func readPixels(x: Int = 0, y: Int = 0, width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ABGR8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw RenderError("SDL could not read the frame back: \(sdlError())") }
        return pixels
    }
}

/// The order of a read-back frame's rows in memory: GL reads bottom row first.
public enum RowOrder: Sendable {
    case topDown, bottomUp
}

/// Copies a frame's rows to `destination` (rows `rowBytes` long, `destinationStride` bytes
/// apart) top row first, whichever order `source` holds them in.
public func copyRows(from source: UnsafeRawPointer, order: RowOrder, rowBytes: Int, rows: Int,
                     to destination: UnsafeMutableRawPointer, destinationStride: Int) {
    for row in 0..<rows {
        let from = order == .topDown ? row : rows - 1 - row
        memcpy(destination + row * destinationStride, source + from * rowBytes, rowBytes)
    }
}

/// Turns a frame's rows upside down in place: a bottom-up read-back for a PNG.
public func flipRows(_ buffer: UnsafeMutableRawBufferPointer, rowBytes: Int, rows: Int) {
    precondition(buffer.count >= rowBytes * rows, "the buffer holds the frame")
    guard let base = buffer.baseAddress, rows > 1 else { return }
    let spare = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
    defer { spare.deallocate() }
    for top in 0..<(rows / 2) {
        let a = base + top * rowBytes, b = base + (rows - 1 - top) * rowBytes
        memcpy(spare, a, rowBytes); memcpy(a, b, rowBytes); memcpy(b, spare, rowBytes)
    }
}

/// SDL's last error string.
public func sdlError() -> String { String(cString: SDL_GetError()) }

/// Writes RGBA bytes as a PNG through SDL_image.
public func writePNG(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
    try pixels.withUnsafeBytes { try writePNG($0, width: width, height: height, to: path) }
}

/// Writes RGBA bytes, top row first, as a PNG: the whole file or nothing, every write checked
/// (`OutputFile`). Safe off the main thread, since it uses no renderer.
public func writePNG(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, to path: String) throws {
    try OutputFile.write(try encodePNG(pixels, width: width, height: height, for: path), to: path)
}

/// RGBA bytes, top row first, encoded as a PNG file's bytes in memory. SDL_image's own file
/// writing ignores the results of its writes and of the close (a PNG "written" to a full disk
/// was reported as saved), so it writes to memory here, where a write cannot fail, and
/// `OutputFile` does the checked writing.
public func encodePNG(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, for path: String) throws -> [UInt8] {
    precondition(pixels.count >= width * height * 4, "the buffer holds the image")
    // SDL only reads the pixels of a surface it is given; the mutable pointer is its signature's.
    guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: pixels.baseAddress), Int32(width), Int32(height), 32,
                                                           Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else {
        throw RenderError("SDL could not wrap the frame for \(path): \(sdlError())")
    }
    defer { SDL_FreeSurface(surface) }
    let encoded = GrowingBytes()
    guard let stream = encoded.makeStream() else { throw RenderError("SDL could not make a stream for \(path): \(sdlError())") }
    defer { SDL_FreeRW(stream) }
    let status = withExtendedLifetime(encoded) { IMG_SavePNG_RW(surface, stream, 0) }
    guard status == 0 else { throw RenderError("could not encode \(path) as PNG: \(sdlError())") }
    return encoded.bytes
}

/// An `SDL_RWops` that writes into a byte array that grows as needed, for SDL_image to encode
/// into. It can seek, should an encoder go back to patch a length.
private final class GrowingBytes {
    var bytes: [UInt8] = []
    var position = 0

    /// The stream; it refers to this object without retaining it, so it must not outlive it.
    func makeStream() -> UnsafeMutablePointer<SDL_RWops>? {
        guard let stream = SDL_AllocRW() else { return nil }
        stream.pointee.type = SDL_RWOPS_UNKNOWN
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
        stream.pointee.size = { stream in GrowingBytes.of(stream).map { Int64($0.bytes.count) } ?? -1 }
        stream.pointee.seek = { stream, offset, whence in
            guard let target = GrowingBytes.of(stream) else { return -1 }
            let base: Int
            switch whence {
            case RW_SEEK_SET: base = 0
            case RW_SEEK_CUR: base = target.position
            case RW_SEEK_END: base = target.bytes.count
            default: return -1
            }
            guard let moved = Int(exactly: Int64(base) + offset), moved >= 0 else { return -1 }
            target.position = moved
            return Int64(moved)
        }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.write = { stream, source, size, count in
            guard let target = GrowingBytes.of(stream), let source else { return 0 }
            let (length, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            target.write(UnsafeRawBufferPointer(start: source, count: length))
            return count
        }
        stream.pointee.close = { _ in 0 }
        return stream
    }

    private static func of(_ stream: UnsafeMutablePointer<SDL_RWops>?) -> GrowingBytes? {
        guard let context = stream?.pointee.hidden.unknown.data1 else { return nil }
        return Unmanaged<GrowingBytes>.fromOpaque(context).takeUnretainedValue()
    }

    private func write(_ source: UnsafeRawBufferPointer) {
        if position > bytes.count { bytes.append(contentsOf: repeatElement(0, count: position - bytes.count)) }
        let overwritten = min(source.count, bytes.count - position)
        bytes.replaceSubrange(position..<(position + overwritten), with: source)
        position += source.count
    }
}

/// Reads a PNG into RGBA bytes through SDL_image, for tests and comparisons: the assets'
/// decoder (`ImageLibrary.decode`), with its limits.
public func readPNG(_ path: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
    let image = try ImageLibrary.decode(path)
    return (image.pixels, image.width, image.height)
}

/// Set by SIGINT, SIGTERM or SIGHUP once `installQuitOnSignal()` is in place: the signal's number.
nonisolated(unsafe) private var quitSignalled: sig_atomic_t = 0
/// 1 once the signal has been posted as SDL_QUIT (by the timer thread, the only writer).
nonisolated(unsafe) private var quitPosted: sig_atomic_t = 0

/// An SDL texture that frees itself, and never outlives its renderer: its `RenderContext` frees
/// it first when the context closes, and from then on `handle` is nil.
public final class Texture {
    /// The SDL texture, nil once freed.
    public private(set) var handle: OpaquePointer?
    public let width: Int
    public let height: Int
    /// Made to be drawn into (`SDL_TEXTUREACCESS_TARGET`).
    let isTarget: Bool
    private weak var owner: RenderContext?

    fileprivate init(handle: OpaquePointer, width: Int, height: Int, isTarget: Bool, owner: RenderContext) {
        self.handle = handle; self.width = width; self.height = height; self.isTarget = isTarget; self.owner = owner
    }

    fileprivate func free() {
        guard let handle else { return }
        if isTarget, let owner { owner.retire(handle) } else { SDL_DestroyTexture(handle) }
        self.handle = nil
    }

    deinit {
        // A live handle means the owner has not closed, so it is still there to forget this one.
        owner?.forget(self)
        free()
    }
}

/// An SDL_ttf font that closes itself, and is closed with its `RenderContext` at the latest.
public final class Font {
    public private(set) var handle: OpaquePointer?
    private weak var owner: RenderContext?

    fileprivate init(handle: OpaquePointer, owner: RenderContext) { self.handle = handle; self.owner = owner }

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
