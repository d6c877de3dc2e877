import CSDL2
import Foundation
import Motion
import XCTest
@testable import Inspector

/// A hidden window with Mesa's GL ES 2 renderer on SDL's offscreen driver. SDL is not
/// thread-safe: XCTest runs these tests one after another on the main thread, and every test that
/// touches SDL goes through this type.
final class OffscreenWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let width: Int, height: Int
    private static var started = false

    enum Failure: Error { case sdl(String) }

    init(width: Int, height: Int) throws {
        if !OffscreenWindow.started {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw Failure.sdl(String(cString: SDL_GetError())) }
            OffscreenWindow.started = true
        }
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengles2")
        // As the app's RenderContext does: SDL batches only when told to once a driver is named.
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        let flags = SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow("inspector test", 0, 0, Int32(width), Int32(height), flags) else {
            throw Failure.sdl(String(cString: SDL_GetError()))
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue) else {
            SDL_DestroyWindow(window)
            throw Failure.sdl(String(cString: SDL_GetError()))
        }
        self.window = window; self.renderer = renderer; self.width = width; self.height = height
    }

    var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "?" }
        return String(cString: name)
    }

    func destroy() {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// Clears to magenta, a colour no widget uses, so untouched pixels are easy to tell apart.
    func clear() {
        SDL_SetRenderDrawColor(renderer, 255, 0, 255, 255)
        SDL_RenderClear(renderer)
    }

    /// RGBA bytes of the current render target (width × height pixels).
    func readPixels(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        _ = pixels.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ABGR8888.rawValue, $0.baseAddress, Int32(width * 4)) }
        return pixels
    }

    /// glFinish through SDL, so a measured frame includes Mesa's rasterisation.
    lazy var finish: () -> Void = {
        guard let symbol = SDL_GL_GetProcAddress("glFinish") else { return { SDL_RenderFlush(self.renderer) } }
        let glFinish = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        return { SDL_RenderFlush(self.renderer); glFinish() }
    }()
}

/// Pixels inside a rect that are close to a colour.
func countPixels(_ pixels: [UInt8], stride: Int, x: Int, y: Int, width: Int, height: Int,
                 near colour: (Int, Int, Int), tolerance: Int = 40) -> Int {
    var count = 0
    for py in max(y, 0)..<(y + height) {
        for px in max(x, 0)..<(x + width) {
            let o = (py * stride + px) * 4
            guard o + 2 < pixels.count else { continue }
            if abs(Int(pixels[o]) - colour.0) <= tolerance && abs(Int(pixels[o + 1]) - colour.1) <= tolerance
                && abs(Int(pixels[o + 2]) - colour.2) <= tolerance { count += 1 }
        }
    }
    return count
}

/// Drives frames with scripted input, as the app's loop would.
struct FrameDriver {
    let bridge: ImGuiSDLBridge
    let window: OffscreenWindow
    var panel = (x: 0.0, y: 0.0, width: 600.0, height: 900.0)

    func frame(_ draw: () -> Void) {
        window.clear()
        bridge.beginFrame(deltaTime: 1.0 / 60)
        bridge.panel(title: "Inspector", x: panel.x, y: panel.y, width: panel.width, height: panel.height, draw)
        bridge.endFrameAndRender()
    }

    /// Sends `inputs`, then draws a frame, and more while input is queued (ImGui takes one
    /// change a frame), as the app's loop does. Returns the frames drawn.
    @discardableResult
    func step(_ inputs: [InspectorInput], _ draw: () -> Void) -> Int {
        for input in inputs { bridge.handle(input) }
        var frames = 0
        repeat {
            frame(draw)
            frames += 1
        } while bridge.hasPendingInput && frames < 64
        return frames
    }

    func control(_ id: String) -> RegisteredControl? { bridge.registry.control(id) }
}

extension FrameDriver {
    /// An offscreen window of this size with a bridge on it; `close()` ends both. With
    /// `panelFillsWindow` the inspector panel is the whole window.
    init(windowWidth: Int, windowHeight: Int, panelFillsWindow: Bool = false) throws {
        let window = try OffscreenWindow(width: windowWidth, height: windowHeight)
        do {
            self.init(bridge: try ImGuiSDLBridge(window: window.window, renderer: window.renderer), window: window)
        } catch {
            window.destroy()
            throw error
        }
        if panelFillsWindow { panel = (0, 0, Double(windowWidth), Double(windowHeight)) }
    }

    /// Shuts the bridge down, then destroys the window it draws into.
    func close() {
        bridge.shutdown()
        window.destroy()
    }

    /// The first two frames: ImGui sizes a panel on its first frame and draws it from the second.
    func open(_ draw: () -> Void) {
        frame(draw)
        frame(draw)
    }

    /// A press and a release at `point`, each in a step of its own.
    func click(at point: (x: Double, y: Double), _ draw: () -> Void) {
        step([.mouseButton(button: 0, isDown: true, x: point.x, y: point.y)], draw)
        step([.mouseButton(button: 0, isDown: false, x: point.x, y: point.y)], draw)
    }

    /// A press at the first point, a move to each of the others, and a release at the last, each in
    /// a step of its own.
    func drag(through points: [(x: Double, y: Double)], _ draw: () -> Void) {
        guard let first = points.first, let last = points.last else { return }
        step([.mouseButton(button: 0, isDown: true, x: first.x, y: first.y)], draw)
        for point in points.dropFirst() { step([.mouseMoved(x: point.x, y: point.y)], draw) }
        step([.mouseButton(button: 0, isDown: false, x: last.x, y: last.y)], draw)
    }

    /// Return pressed and released, each in a step of its own.
    func pressReturn(_ draw: () -> Void) {
        step([.key(scancode: returnKey, isDown: true, modifiers: [])], draw)
        step([.key(scancode: returnKey, isDown: false, modifiers: [])], draw)
    }

    /// `text` typed into the open field, then Return.
    func enter(_ text: String, _ draw: () -> Void) {
        step([.text(text)], draw)
        pressReturn(draw)
    }
}

/// The properties panel's logo duration field (0…2 s, from 0.3 s), held as the app holds it: a
/// change sets the value, and every edit is kept.
final class LogoDurationField {
    static let id = "splash.logo.duration"
    var value = 0.3
    var edits: [NumberFieldEdit] = []

    func draw(_ bridge: ImGuiSDLBridge) {
        let edit = bridge.numberField(id: Self.id, label: "logo duration", value: value, range: 0...2, unit: "s")
        if case let .changed(v, _) = edit { value = v }
        if edit != .none { edits.append(edit) }
    }
}

/// A curve editor, from ease-in-ease-out, held as the app holds it: a change sets the points, and
/// every change is kept.
final class EditedCurve {
    var points = BezierControlPoints(.easeInEaseOut)
    var edits: [CurveEdit] = []

    func draw(_ bridge: ImGuiSDLBridge, progress: Double?) {
        let edit = bridge.curveEditor(id: "curve", points: points, progress: progress)
        if case let .changed(next, _) = edit { points = next; edits.append(edit) }
    }
}

let returnKey = Int(SDL_SCANCODE_RETURN.rawValue)

extension XCTestCase {
    /// A frame driver on an offscreen window of this size, closed when the test ends.
    func openFrameDriver(windowWidth: Int, windowHeight: Int, panelFillsWindow: Bool = false) throws -> FrameDriver {
        let driver = try FrameDriver(windowWidth: windowWidth, windowHeight: windowHeight, panelFillsWindow: panelFillsWindow)
        addTeardownBlock { driver.close() }
        return driver
    }

    /// The logo duration field alone in an 800 × 400 window, after its first frames.
    func openLogoDurationField() throws -> (driver: FrameDriver, field: LogoDurationField, draw: () -> Void) {
        let driver = try openFrameDriver(windowWidth: 800, windowHeight: 400)
        let field = LogoDurationField()
        let draw = { field.draw(driver.bridge) }
        driver.open(draw)
        return (driver, field, draw)
    }
}
