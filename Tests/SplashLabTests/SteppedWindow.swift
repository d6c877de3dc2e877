import App
import CSDL2
import Foundation
@testable import PreviewWindow
import XCTest

/// The window of `splashlab run`, opened in this process on SDL's offscreen video driver, driven
/// by SDL events (`SDL_PushEvent`) and stepped on a scripted clock: each time round the real
/// loop, the clock moves only by what the loop itself waits (one frame's budget after a frame,
/// the look interval at rest), so what a test sees does not depend on the machine's speed or
/// load. Read back through the window's own `--ui-dump` (the control registry's ids, rectangles
/// and values, the view and the layout), and its pixels through the renderer.
/// SDL is not thread-safe: XCTest runs these tests one after another on the main thread.
final class SteppedWindow {
    private(set) var shell: WindowShell
    private var timer: FrameTimer
    private let clock: ScriptedClock
    let uiDumpPath: String
    /// Where the pointer is, in window units, as the events pushed so far put it.
    private(set) var pointer = (x: 0.0, y: 0.0)
    private var buttonDown = false
    /// The variables `init` set, as they were before.
    private let environmentBefore: [(String, String?)]

    /// A clock that moves only when the loop waits.
    final class ScriptedClock {
        /// Far from zero, as a monotonic clock is, so "the last look was long ago" holds at the start.
        var now = 1000.0
    }

    /// Opens `splashlab run ARGUMENTS --ui-dump FOLDER/ui.json`, with `--window-scale` given
    /// (nil: the window the desktop gives, which SDL's offscreen driver makes 1024 × 768); the
    /// layout is remembered and unsaved edits kept under FOLDER. SDL's offscreen driver does not
    /// resize a window's drawing surface, so pixels are read at the size the window opened with.
    init(_ arguments: [String], folder: String, windowScale: Double? = 1) throws {
        let environment = ["SDL_VIDEODRIVER": "offscreen", "SPLASHLAB_ASSETS": CLI.repositoryRoot.appendingPathComponent("Assets").path,
                           "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state"]
        environmentBefore = environment.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (name, value) in environment { setenv(name, value, 1) }
        uiDumpPath = folder + "/ui.json"
        // A dump left by an earlier window in the folder is not this one's.
        try? FileManager.default.removeItem(atPath: uiDumpPath)
        let scale = windowScale.map { ["--window-scale", "\($0)"] } ?? []
        let runArguments = scale + arguments + ["--ui-dump", uiDumpPath]
        shell = try openWindow(try RunOptions(runArguments), arguments: runArguments)
        let clock = ScriptedClock()
        self.clock = clock
        timer = FrameTimer(refreshRate: 1 / shell.state.frameStep, clock: { clock.now }, sleep: { clock.now += max($0, 0) })
        shell.waitForEvent = { clock.now += max($0, 0) }
    }

    /// Closes the window and puts back the environment it was opened with, for the tests that
    /// run after it in this process.
    func close() {
        shell.close()
        for (name, value) in environmentBefore {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }

    /// The window has not quit.
    var isOpen: Bool { shell.state.isRunning }

    /// Seconds on the scripted clock since the window opened.
    var seconds: Double { clock.now - 1000 }

    // MARK: Time

    /// `times` times round the window's loop.
    func step(_ times: Int = 1) {
        shell.loop(timer: &timer, timesRound: times)
    }

    /// Steps until `condition` holds for the UI dump, for at most `limit` times round; true if it did.
    @discardableResult
    func step(until condition: (UIDump) -> Bool, limit: Int = 600) -> Bool {
        for _ in 0..<limit {
            if condition(dump()) { return true }
            guard isOpen else { return false }
            step()
        }
        return condition(dump())
    }

    /// Steps until the scripted clock has moved on `seconds`.
    func run(seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end && isOpen { step() }
    }

    /// The window's UI dump as last written (empty before the first).
    func dump() -> UIDump { (try? UIDump(path: uiDumpPath)) ?? UIDump(json: [:]) }

    // MARK: Events

    private func push(_ event: SDL_Event) {
        var event = event
        event.common.timestamp = SDL_GetTicks()
        XCTAssertEqual(SDL_PushEvent(&event), 1, "SDL_PushEvent: \(String(cString: SDL_GetError()))")
    }

    private var windowID: UInt32 { SDL_GetWindowID(shell.renderer.context.window) }

    /// The pointer moved to (x, y), pressed or not.
    func move(to x: Double, _ y: Double) {
        var event = SDL_Event()
        event.motion.type = SDL_MOUSEMOTION.rawValue
        event.motion.windowID = windowID
        event.motion.x = Int32(x.rounded()); event.motion.y = Int32(y.rounded())
        event.motion.xrel = Int32((x - pointer.x).rounded()); event.motion.yrel = Int32((y - pointer.y).rounded())
        // SDL_BUTTON_LMASK, a macro Swift does not import: the left button is bit 0.
        event.motion.state = buttonDown ? 1 : 0
        pointer = (x, y)
        push(event)
    }

    /// The left button down (or up) where the pointer is.
    func button(down: Bool) {
        var event = SDL_Event()
        event.button.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
        event.button.windowID = windowID
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        event.button.clicks = 1
        event.button.x = Int32(pointer.x.rounded()); event.button.y = Int32(pointer.y.rounded())
        buttonDown = down
        push(event)
    }

    /// A person's click: the pointer rests on the point for a frame (ImGui takes a press for the
    /// item it saw hovered on the frame before), then a press and a release, a frame each.
    func click(_ x: Double, _ y: Double) {
        move(to: x, y); step(2)
        button(down: true); step(2)
        button(down: false); step(2)
    }

    /// Clicks the middle of control `id` in the UI dump.
    func click(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try XCTUnwrap(dump().control(id), "no control \(id) in the UI dump", file: file, line: line)
        click(c.centre.x, c.centre.y)
    }

    /// A press at the first point, moves through the others a frame apart, and a release at the last.
    func drag(_ points: [(Double, Double)]) {
        guard let first = points.first, let last = points.last else { return }
        move(to: first.0, first.1); step(2)
        button(down: true); step(2)
        for p in points.dropFirst() { move(to: p.0, p.1); step() }
        move(to: last.0, last.1)
        button(down: false); step(2)
    }

    /// A drag from (x0, y0) to (x1, y1) in `moves` even steps.
    func drag(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, moves: Int = 6) {
        let steps: [(Double, Double)] = (1...moves).map { i in
            let f = Double(i) / Double(moves)
            return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
        }
        drag([(x0, y0)] + steps)
    }

    /// Wheel clicks where the pointer is (positive `dy` toward the top).
    func wheel(_ dy: Int, at x: Double, _ y: Double) {
        move(to: x, y); step(2)
        var event = SDL_Event()
        event.wheel.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.windowID = windowID
        event.wheel.y = Int32(dy)
        event.wheel.preciseY = Float(dy)
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        push(event)
        step(2)
    }

    /// Modifiers held (for keys pushed and for what reads SDL's modifier state) until `release`.
    func hold(_ modifiers: SDL_Keymod) {
        SDL_SetModState(modifiers)
        for key in Self.modifierKeys(modifiers) { pushKey(key, down: true, modifiers: modifiers) }
    }

    func release(_ modifiers: SDL_Keymod) {
        for key in Self.modifierKeys(modifiers) { pushKey(key, down: false, modifiers: KMOD_NONE) }
        SDL_SetModState(KMOD_NONE)
    }

    private static func modifierKeys(_ modifiers: SDL_Keymod) -> [SDL_KeyCode] {
        (modifiers.rawValue & KMOD_CTRL.rawValue != 0 ? [SDLK_LCTRL] : []) + (modifiers.rawValue & KMOD_SHIFT.rawValue != 0 ? [SDLK_LSHIFT] : [])
    }

    private func pushKey(_ key: SDL_KeyCode, down: Bool, modifiers: SDL_Keymod) {
        var event = SDL_Event()
        event.key.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        event.key.keysym.sym = Int32(bitPattern: key.rawValue)
        event.key.keysym.scancode = SDL_GetScancodeFromKey(Int32(bitPattern: key.rawValue))
        event.key.keysym.mod = UInt16(modifiers.rawValue)
        push(event)
    }

    private func pushText(_ text: String) {
        var event = SDL_Event()
        event.text.type = SDL_TEXTINPUT.rawValue
        event.text.windowID = windowID
        withUnsafeMutableBytes(of: &event.text.text) { raw in
            for (i, byte) in text.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        push(event)
    }

    /// A key pressed and released as a keyboard sends it (a printable key with its text), with
    /// `modifiers` held; then `frames` times round the loop.
    func press(_ key: SDL_KeyCode, modifiers: SDL_Keymod = KMOD_NONE, frames: Int = 2) {
        if modifiers != KMOD_NONE { hold(modifiers) }
        pushKey(key, down: true, modifiers: modifiers)
        if modifiers.rawValue & KMOD_CTRL.rawValue == 0, key.rawValue >= 32, key.rawValue < 127 {
            let scalar = Character(UnicodeScalar(UInt8(key.rawValue)))
            pushText(String(modifiers.rawValue & KMOD_SHIFT.rawValue != 0 ? Character(scalar.uppercased()) : scalar))
        }
        pushKey(key, down: false, modifiers: modifiers)
        if modifiers != KMOD_NONE { release(modifiers) }
        step(frames)
    }

    /// The letter, digit or punctuation key of `character` (lower case), as `press` takes it.
    static func key(_ character: Character) -> SDL_KeyCode { SDL_KeyCode(UInt32(character.lowercased().unicodeScalars.first?.value ?? 0)) }

    /// `text` typed key by key, all queued before the next frame (as fast typing arrives).
    func type(_ text: String, frames: Int = 2) {
        for character in text {
            let key = Self.key(character)
            pushKey(key, down: true, modifiers: KMOD_NONE)
            pushText(String(character))
            pushKey(key, down: false, modifiers: KMOD_NONE)
        }
        step(frames)
    }

    /// A window event (a resize's SIZE_CHANGED, a LEAVE) as the video driver sends it.
    func windowEvent(_ kind: SDL_WindowEventID, _ data1: Int32 = 0, _ data2: Int32 = 0) {
        var event = SDL_Event()
        event.window.type = SDL_WINDOWEVENT.rawValue
        event.window.windowID = windowID
        event.window.event = UInt8(kind.rawValue)
        event.window.data1 = data1; event.window.data2 = data2
        push(event)
    }

    /// Resizes the window as a window manager does: the window's size, then SIZE_CHANGED (the
    /// layout follows; the offscreen drawing surface keeps its size).
    func resize(width: Int32, height: Int32) {
        SDL_SetWindowSize(shell.renderer.context.window, width, height)
        windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED, width, height)
        step(3)
    }

    // MARK: Pixels

    /// The window's pixels as last drawn, RGBA, in a rectangle of window pixels: the whole
    /// window, inspector and all, as the loop drew it before its present. Read after a present,
    /// a double-buffered GL surface may hold an older frame, so the loop's last frame must have
    /// been drawn twice over (the window draws one more frame after every change).
    func pixels(x: Int, y: Int, width: Int, height: Int) throws -> RenderedPixels {
        RenderedPixels(bytes: try shell.renderer.context.readPixels(x: x, y: y, width: width, height: height), width: width, height: height)
    }

    /// The device screens as they are now (one, A and B, or a compare view), drawn again and
    /// read back before any present, in a rectangle of window pixels.
    func devicePixels(x: Int, y: Int, width: Int, height: Int) throws -> RenderedPixels {
        let layout = shell.layout
        try shell.drawDeviceScreens(shell.scenesToShow(layout: layout), layout: layout)
        return try pixels(x: x, y: y, width: width, height: height)
    }

    /// The first device screen, drawn as it is now (see `devicePixels`); or with `asDrawn`, as
    /// the loop last drew it, with whatever it drew over it (see `pixels`).
    func screenPixels(asDrawn: Bool = false) throws -> RenderedPixels {
        let screen = try XCTUnwrap(dump().screens.first, "no device screen in the UI dump")
        let x = Int(screen.x), y = Int(screen.y), width = Int(screen.width), height = Int(screen.height)
        return asDrawn ? try pixels(x: x, y: y, width: width, height: height) : try devicePixels(x: x, y: y, width: width, height: height)
    }
}

/// RGBA pixels read back from the window.
struct RenderedPixels {
    var bytes: [UInt8]
    var width: Int, height: Int

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 4
        return (Int(bytes[o]), Int(bytes[o + 1]), Int(bytes[o + 2]))
    }

    /// Pixels of which `matches` holds.
    func count(where matches: ((r: Int, g: Int, b: Int)) -> Bool) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width where matches(pixel(x, y)) { n += 1 } }
        return n
    }

    /// Pixels differing from `other`'s (same size) by more than `tolerance` in a channel.
    func differing(from other: RenderedPixels, tolerance: Int = 15) -> Int {
        var n = 0
        for i in stride(from: 0, to: min(bytes.count, other.bytes.count), by: 4)
        where (0..<3).contains(where: { abs(Int(bytes[i + $0]) - Int(other.bytes[i + $0])) > tolerance }) { n += 1 }
        return n
    }
}

/// The window's `--ui-dump`: what it shows (`view`), the device viewport, the workbench's
/// rectangles (`layout`) and the inspector's controls, as the file holds them.
struct UIDump {
    let json: [String: Any]

    struct Control {
        let id: String, kind: String
        let x: Double, y: Double, width: Double, height: Double
        let value: Any?
        var centre: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
        var number: Double? { (value as? NSNumber)?.doubleValue }
        var text: String? { value as? String }
        /// A span value's start and end (the timeline's ruler, bars, loop).
        var span: (start: Double, end: Double)? {
            guard let v = value as? [String: Any], let s = (v["start"] as? NSNumber)?.doubleValue, let e = (v["end"] as? NSNumber)?.doubleValue else { return nil }
            return (s, e)
        }
        /// The window x of time `t` on a span control.
        func x(at t: Double) -> Double? { span.map { x + (t - $0.start) / ($0.end - $0.start) * width } }
    }

    struct Rect: Equatable {
        let x: Double, y: Double, width: Double, height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }
        var centre: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
        func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
    }

    init(json: [String: Any]) { self.json = json }

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
        json = object
    }

    var controls: [Control] {
        (json["controls"] as? [[String: Any]] ?? []).compactMap { c in
            guard let id = c["id"] as? String, let x = (c["x"] as? NSNumber)?.doubleValue, let y = (c["y"] as? NSNumber)?.doubleValue,
                  let w = (c["width"] as? NSNumber)?.doubleValue, let h = (c["height"] as? NSNumber)?.doubleValue else { return nil }
            return Control(id: id, kind: c["kind"] as? String ?? "", x: x, y: y, width: w, height: h, value: c["value"])
        }
    }

    func control(_ id: String) -> Control? { controls.first { $0.id == id } }

    var view: [String: Any] { json["view"] as? [String: Any] ?? [:] }
    func view(_ field: String) -> Any? { view[field].flatMap { $0 is NSNull ? nil : $0 } }
    func flag(_ field: String) -> Bool? { (view[field] as? NSNumber)?.boolValue }
    var tools: [String] { view["tools"] as? [String] ?? [] }

    var layout: [String: Any] { json["layout"] as? [String: Any] ?? [:] }
    func rect(_ object: Any?) -> Rect? {
        guard let r = object as? [String: Any], let x = (r["x"] as? NSNumber)?.doubleValue, let y = (r["y"] as? NSNumber)?.doubleValue,
              let w = (r["width"] as? NSNumber)?.doubleValue, let h = (r["height"] as? NSNumber)?.doubleValue else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
    /// A rectangle of the layout (`properties`, `timeline`, `canvas`, a splitter), nil while hidden.
    func layout(_ name: String) -> Rect? { rect(layout[name]) }
    var screens: [Rect] { (layout["screens"] as? [Any] ?? []).compactMap(rect) }
    var window: (width: Double, height: Double) {
        let w = layout["window"] as? [String: Any]
        return ((w?["width"] as? NSNumber)?.doubleValue ?? 0, (w?["height"] as? NSNumber)?.doubleValue ?? 0)
    }
    var viewport: Rect? { rect(json["viewport"]) }
    func layoutNumber(_ name: String) -> Double? { (layout[name] as? NSNumber)?.doubleValue }
    var compare: String? { layout["compare"] as? String }
}

extension XCTestCase {
    /// The window opened with `arguments` (see `SteppedWindow.init`), closed when the test ends.
    func openSteppedWindow(_ arguments: [String], folder: String) throws -> SteppedWindow {
        let window = try SteppedWindow(arguments, folder: folder)
        addTeardownBlock { window.close() }
        return window
    }
}

extension SteppedWindow {
    /// Scrolls the panel `panel` of the layout (the wheel over its middle) until control `id` is
    /// well inside it (60 units below its top, 10 above its bottom); false if it never comes.
    @discardableResult
    func scrollIntoView(_ id: String, panel: String = "properties", top: Double = 60, bottom: Double = 10) -> Bool {
        for _ in 0..<60 {
            let dump = dump()
            guard let area = dump.layout(panel) else { step(); continue }
            if let c = dump.control(id) {
                let y = c.centre.y
                if y > area.y + top && y < area.maxY - bottom { return true }
                wheel(y <= area.y + top ? 1 : -1, at: area.centre.x, area.centre.y)
            } else {
                wheel(-1, at: area.centre.x, area.centre.y)
            }
        }
        return false
    }

    /// Opens number field `id` (scrolled into view first) for typing, replaces its text with
    /// `text` and enters it; true once the field shows the value.
    @discardableResult
    func typeInto(_ id: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        XCTAssertTrue(scrollIntoView(id), "\(id) never came into view", file: file, line: line)
        try click(id, file: file, line: line)
        XCTAssertTrue(step(until: { $0.control(id + ".entry") != nil }, limit: 30), "\(id) did not open for typing", file: file, line: line)
        press(SDLK_a, modifiers: KMOD_LCTRL)
        type(text)
        press(SDLK_RETURN)
        let value = Double(text) ?? .nan
        return step(until: { ($0.control(id)?.number).map { abs($0 - value) < 1e-9 } ?? false }, limit: 30)
    }
}

/// Standard error of this process (file descriptor 2) sent to a file until `end()`, so a test can
/// read what the window said there.
final class StandardErrorCapture {
    let path: String
    private let saved: Int32

    init(folder: String) {
        path = folder + "/stderr.txt"
        fflush(stderr)
        saved = dup(2)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        dup2(fd, 2)
        Foundation.close(fd)
    }

    /// What was written so far.
    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    func end() {
        fflush(stderr)
        dup2(saved, 2)
        Foundation.close(saved)
    }
}

extension XCTestCase {
    /// Standard error captured from now until the test ends.
    func captureStandardError(folder: String) -> StandardErrorCapture {
        let capture = StandardErrorCapture(folder: folder)
        addTeardownBlock { capture.end() }
        return capture
    }
}
