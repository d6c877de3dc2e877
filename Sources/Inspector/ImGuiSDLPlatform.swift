import CImGui
import CSDL2

/// The platform half of the inspector, after imgui's `imgui_impl_sdl2`: SDL's input into ImGuiIO
/// through `InspectorInputQueue`, the window's size and pixel density, the system clipboard and
/// the mouse cursor. It draws nothing. Use it from the thread that owns SDL, with the ImGui
/// context it was made for current.
final class ImGuiSDLPlatform {
    let window: OpaquePointer
    let renderer: OpaquePointer
    private var queue: InspectorInputQueue
    /// The scancodes last written down into `io.KeysDown`.
    private var keysShown = Set<Int>()
    /// Key presses ImGui did not take, for the app, in the order they came.
    private var unclaimed: [QueuedInput] = []
    /// Whether the last frame carried a change: ImGui shows a hover or a press a frame after it.
    private(set) var changedLastFrame = false
    private var cursors: [Int32: OpaquePointer] = [:]
    private var shownCursor: Int32?

    init(window: OpaquePointer, renderer: OpaquePointer, io: UnsafeMutablePointer<ImGuiIO>) {
        self.window = window
        self.renderer = renderer
        let keyMap = ImGuiSDLPlatform.keyMap
        let modifierScancodes: [SDL_Scancode] = [SDL_SCANCODE_LCTRL, SDL_SCANCODE_RCTRL, SDL_SCANCODE_LSHIFT, SDL_SCANCODE_RSHIFT,
                                                 SDL_SCANCODE_LALT, SDL_SCANCODE_RALT, SDL_SCANCODE_LGUI, SDL_SCANCODE_RGUI]
        queue = InspectorInputQueue(significantScancodes: Set((keyMap.map(\.1) + modifierScancodes).map { Int($0.rawValue) }))
        withUnsafeMutableBytes(of: &io.pointee.KeyMap) { map in
            for (key, scancode) in keyMap {
                map.storeBytes(of: Int32(scancode.rawValue), toByteOffset: Int(key.rawValue) * 4, as: Int32.self)
            }
        }
        ImGuiSDLPlatform.useSystemClipboard(io)
        io.pointee.BackendFlags |= ImGuiBackendFlags(ImGuiBackendFlags_HasMouseCursors.rawValue)
        for (imgui, sdl) in ImGuiSDLPlatform.cursorShapes {
            if let cursor = SDL_CreateSystemCursor(sdl) { cursors[Int32(imgui.rawValue)] = cursor }
        }
        // Characters arrive as SDL_TEXTINPUT only while text input is on. It stays on while the
        // inspector exists: keys typed right after a click on a field are pumped by SDL before
        // the field opens, and would otherwise carry no characters at all.
        SDL_StartTextInput()
    }

    func shutdown() {
        SDL_StopTextInput()
        if shownCursor != nil { SDL_SetCursor(SDL_GetDefaultCursor()) }
        for cursor in cursors.values { SDL_FreeCursor(cursor) }
        cursors.removeAll()
        ImGuiSDLPlatform.releaseClipboardCopy()
    }

    // MARK: Input

    func enqueue(_ item: QueuedInput) { queue.append(item) }

    /// Input is queued that ImGui has not been given yet.
    var hasPendingInput: Bool { !queue.isEmpty }

    /// A queued click or key may yet change who takes the keyboard.
    var mayChangeKeyboardOwner: Bool { queue.mayChangeKeyboardOwner }

    /// Key presses that reached the head of the queue while no control took keys, oldest first.
    func takeUnclaimed() -> [QueuedInput] {
        defer { unclaimed.removeAll() }
        return unclaimed
    }

    /// Empties the queue (see `InspectorInputQueue.drain`); returns the key presses in it, and
    /// any not yet taken, for the app.
    func drain() -> [QueuedInput] { takeUnclaimed() + queue.drain() }

    // MARK: Frames

    /// Before ImGui's NewFrame: the display's size and scale, the time step, and the next
    /// frame's share of the queued input.
    func newFrame(_ io: UnsafeMutablePointer<ImGuiIO>, deltaTime: Double, keyboard: KeyboardOwner) {
        let size = windowSize()
        io.pointee.DisplaySize = ImVec2(Float(size.width), Float(size.height))
        let scale = framebufferScale()
        io.pointee.DisplayFramebufferScale = ImVec2(Float(scale.x), Float(scale.y))
        // ImGui asserts DeltaTime > 0; a repeated timestamp must not stop the app.
        io.pointee.DeltaTime = Float(max(deltaTime, 1e-4))

        let frame = queue.nextFrame(keyboard: keyboard)
        changedLastFrame = frame.change != nil
        unclaimed += frame.unclaimed
        let fed = queue.fed
        // ImGui's "no mouse" position is -FLT_MAX (imgui_impl_sdl2.cpp).
        let none = -Float.greatestFiniteMagnitude
        io.pointee.MousePos = fed.position.map { ImVec2(Float($0.x), Float($0.y)) } ?? ImVec2(none, none)
        withUnsafeMutableBytes(of: &io.pointee.MouseDown) { down in
            for b in 0..<5 { down.storeBytes(of: fed.buttons[b], toByteOffset: b, as: Bool.self) }
        }
        io.pointee.MouseWheelH += Float(frame.wheel.dx)
        io.pointee.MouseWheel += Float(frame.wheel.dy)
        if fed.keys != keysShown {
            withUnsafeMutableBytes(of: &io.pointee.KeysDown) { keys in
                for scancode in keysShown.symmetricDifference(fed.keys) where (0..<keys.count).contains(scancode) {
                    keys.storeBytes(of: fed.keys.contains(scancode), toByteOffset: scancode, as: Bool.self)
                }
            }
            keysShown = fed.keys
        }
        // Set before NewFrame only: ImGui asserts that the modifiers do not change within a frame.
        io.pointee.KeyCtrl = fed.modifiers.contains(.control)
        io.pointee.KeyShift = fed.modifiers.contains(.shift)
        io.pointee.KeyAlt = fed.modifiers.contains(.alt)
        io.pointee.KeySuper = fed.modifiers.contains(.command)
        if !frame.text.isEmpty { io.pointee.AddInputCharactersUTF8(frame.text) }
    }

    /// After a frame: the cursor ImGui asked for (a text beam over a text entry, resize arrows),
    /// set only when it changes, as imgui_impl_sdl2's UpdateMouseCursor does.
    func updateCursor() {
        let wanted = Int32(ImGui.GetMouseCursor())
        guard wanted != shownCursor else { return }
        guard let cursor = cursors[wanted] ?? cursors[Int32(ImGuiMouseCursor_Arrow.rawValue)] else { return }
        SDL_SetCursor(cursor)
        shownCursor = wanted
    }

    // MARK: Sizes and density

    func windowSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    func outputSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Drawable pixels per window unit on each axis (2 on a Retina-style HiDPI window).
    func framebufferScale() -> (x: Double, y: Double) {
        let window = windowSize(), output = outputSize()
        guard window.width > 0, window.height > 0, output.width > 0, output.height > 0 else { return (1, 1) }
        return (Double(output.width) / Double(window.width), Double(output.height) / Double(window.height))
    }

    func pixelDensity() -> Double { max(framebufferScale().x, framebufferScale().y) }

    // MARK: Tables

    /// ImGui 1.86 reads navigation and editing keys through `KeyMap`, indexed by ImGuiKey and
    /// holding SDL scancodes, which `KeysDown` is indexed by (as in imgui_impl_sdl.cpp).
    static let keyMap: [(ImGuiKey_, SDL_Scancode)] = [
        (ImGuiKey_Tab, SDL_SCANCODE_TAB), (ImGuiKey_LeftArrow, SDL_SCANCODE_LEFT),
        (ImGuiKey_RightArrow, SDL_SCANCODE_RIGHT), (ImGuiKey_UpArrow, SDL_SCANCODE_UP),
        (ImGuiKey_DownArrow, SDL_SCANCODE_DOWN), (ImGuiKey_PageUp, SDL_SCANCODE_PAGEUP),
        (ImGuiKey_PageDown, SDL_SCANCODE_PAGEDOWN), (ImGuiKey_Home, SDL_SCANCODE_HOME),
        (ImGuiKey_End, SDL_SCANCODE_END), (ImGuiKey_Insert, SDL_SCANCODE_INSERT),
        (ImGuiKey_Delete, SDL_SCANCODE_DELETE), (ImGuiKey_Backspace, SDL_SCANCODE_BACKSPACE),
        (ImGuiKey_Space, SDL_SCANCODE_SPACE), (ImGuiKey_Enter, SDL_SCANCODE_RETURN),
        (ImGuiKey_Escape, SDL_SCANCODE_ESCAPE), (ImGuiKey_KeyPadEnter, SDL_SCANCODE_KP_ENTER),
        (ImGuiKey_A, SDL_SCANCODE_A), (ImGuiKey_C, SDL_SCANCODE_C), (ImGuiKey_V, SDL_SCANCODE_V),
        (ImGuiKey_X, SDL_SCANCODE_X), (ImGuiKey_Y, SDL_SCANCODE_Y), (ImGuiKey_Z, SDL_SCANCODE_Z),
    ]

    /// ImGui's cursors and SDL's system cursors for them (imgui_impl_sdl2.cpp's table).
    static let cursorShapes: [(ImGuiMouseCursor_, SDL_SystemCursor)] = [
        (ImGuiMouseCursor_Arrow, SDL_SYSTEM_CURSOR_ARROW), (ImGuiMouseCursor_TextInput, SDL_SYSTEM_CURSOR_IBEAM),
        (ImGuiMouseCursor_ResizeAll, SDL_SYSTEM_CURSOR_SIZEALL), (ImGuiMouseCursor_ResizeNS, SDL_SYSTEM_CURSOR_SIZENS),
        (ImGuiMouseCursor_ResizeEW, SDL_SYSTEM_CURSOR_SIZEWE), (ImGuiMouseCursor_ResizeNESW, SDL_SYSTEM_CURSOR_SIZENESW),
        (ImGuiMouseCursor_ResizeNWSE, SDL_SYSTEM_CURSOR_SIZENWSE), (ImGuiMouseCursor_Hand, SDL_SYSTEM_CURSOR_HAND),
        (ImGuiMouseCursor_NotAllowed, SDL_SYSTEM_CURSOR_NO),
    ]

    /// Copy and paste in text entries go through SDL's clipboard, so values can come from other
    /// apps; ImGui's default clipboard on Linux stays inside the process.
    private static func useSystemClipboard(_ io: UnsafeMutablePointer<ImGuiIO>) {
        io.pointee.GetClipboardTextFn = { _ in
            // SDL hands over a copy that must be freed; ImGui reads it before asking again.
            if let previous = clipboardCopy { SDL_free(previous) }
            clipboardCopy = SDL_GetClipboardText()
            return UnsafePointer(clipboardCopy)
        }
        io.pointee.SetClipboardTextFn = { _, text in
            if let text { SDL_SetClipboardText(text) }
        }
    }

    private static func releaseClipboardCopy() {
        if let previous = clipboardCopy { SDL_free(previous) }
        clipboardCopy = nil
    }
}

/// The clipboard text last handed to ImGui (C callbacks cannot capture, so it lives here).
private var clipboardCopy: UnsafeMutablePointer<CChar>?
