import CSDL2
import Foundation

/// Where frames go: a window on a desktop, or an offscreen surface for `render`, `record`,
/// `bench` and tests.
public enum RenderTarget {
    case window(title: String, width: Int, height: Int, resizable: Bool)
    case offscreen(width: Int, height: Int)
}

/// The SDL renderer names SplashLab knows: Mesa's GL ES 2 (the headless default), desktop GL, and
/// SDL's software rasteriser as the fallback.
public let knownRendererNames = ["opengles2", "opengl", "software"]

/// An SDL window and renderer. SDL is not thread-safe: use one context from one thread.
public final class RenderContext {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let rendererName: String
    public let isOffscreen: Bool
    private static var sdlStarted = false

    /// Brings up SDL video, SDL_image and SDL_ttf once per process.
    public static func startSDL(offscreen: Bool) throws {
        if sdlStarted { return }
        if offscreen && ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            // Offline frames are the same with or without a desktop: always draw them offscreen.
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        }
        if ProcessInfo.processInfo.environment["SPLASHLAB_CHECK_SDL_ERRORS"] == "1" { reportEverySDLError() }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw RenderError("SDL could not start video: \(sdlError())") }
        guard IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            throw RenderError("SDL_image could not start PNG support: \(sdlError())")
        }
        guard TTF_Init() == 0 else { throw RenderError("SDL_ttf could not start: \(sdlError())") }
        sdlStarted = true
    }

    /// Prints every error SDL records to stderr as `SDL error: MESSAGE`.
    ///
    /// A call SDL refuses, such as `SDL_DestroyTexture` on a texture whose renderer is gone, only
    /// sets the error string and returns; nothing is printed. But `SDL_SetError` also logs the
    /// message in the error category at debug priority (SDL2's `SDL_error.c`), so lowering that
    /// category's threshold to debug and taking over the log output makes every such error visible.
    /// Set `SPLASHLAB_CHECK_SDL_ERRORS=1` to turn it on; `scripts/e2e-quit.sh` does, and fails on any
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
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
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

    public func present() { SDL_RenderPresent(renderer) }

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
        glFinish?()
    }

    /// Reads the current frame back as RGBA bytes (before present).
    public func readPixels(width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ABGR8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw RenderError("SDL could not read the frame back: \(sdlError())") }
        return pixels
    }
}

/// SDL's last error string.
public func sdlError() -> String { String(cString: SDL_GetError()) }

/// Writes RGBA bytes as a PNG through SDL_image.
public func writePNG(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
    var copy = pixels
    let status: Int32 = copy.withUnsafeMutableBytes { buffer in
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(width), Int32(height), 32,
                                                               Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -2 }
        defer { SDL_FreeSurface(surface) }
        return IMG_SavePNG(surface, path)
    }
    if status == -2 { throw RenderError("SDL could not wrap the frame for \(path): \(sdlError())") }
    guard status == 0 else { throw RenderError("could not write \(path): \(sdlError())") }
}

/// Reads a PNG into RGBA bytes through SDL_image, for tests and comparisons.
public func readPNG(_ path: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
    guard let loaded = IMG_Load(path) else { throw RenderError("\(path): \(sdlError())") }
    defer { SDL_FreeSurface(loaded) }
    guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
        throw RenderError("\(path): \(sdlError())")
    }
    defer { SDL_FreeSurface(rgba) }
    let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
    var out = [UInt8](repeating: 0, count: w * h * 4)
    let base = rgba.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
    for row in 0..<h { for i in 0..<(w * 4) { out[row * w * 4 + i] = base[row * pitch + i] } }
    return (out, w, h)
}
