import App
import CSDL2
import Inspector
import Render

/// SDL events become `WindowAction`s here and nowhere else. The inspector sees every event while
/// it shows. The pointer belongs to where it is pressed: a press on the device (and the drag that
/// follows) is the preview's, whatever ImGui made of the last frame; a press on the column is the
/// inspector's. Keys are the inspector's only while it types in a field.
struct WindowEventRouter {
    /// The left button went down on a device screen: moves and a window leave are preview
    /// input only then, so hovering never writes into the take.
    var pointerPressed = false

    /// The actions for one event; `inspector` is the shown inspector (nil while hidden).
    static func isModifierKey(_ key: SDL_Keycode) -> Bool {
        [SDLK_LCTRL, SDLK_RCTRL, SDLK_LSHIFT, SDLK_RSHIFT].contains { key == Int32(bitPattern: $0.rawValue) }
    }

    mutating func route(_ event: SDL_Event, layout: WindowLayout, workbench: WorkbenchView, inspector: ImGuiSDLBridge?) -> [WindowAction] {
        // The splitters, the wipe's divider and a resize are the workbench's own.
        if !pointerPressed, let actions = WindowEventRouter.workbenchActions(for: event, layout: layout, workbench: workbench) { return actions }
        guard let inspector else { return actions(for: event, layout: layout) }
        if SDL_EventType(event.type) == SDL_KEYDOWN {
            // A key press is ImGui's only while it types in a field: otherwise Tab and the
            // letters are the window's keys, and ImGui must not use Tab to focus a field.
            // Queued behind a click that may open a field, it is decided when its turn comes
            // (`takeUnclaimedKeyEvents`), so keys typed at once after the click reach the field.
            guard inspector.wantsKeyEvents else {
                // Ctrl and Shift alone reach ImGui in order with the wheel and the pointer: the
                // timeline zooms on Ctrl+wheel and drags freely with Shift.
                if WindowEventRouter.isModifierKey(event.key.keysym.sym) { _ = inspector.handle(sdlEvent: event) }
                return actions(for: event, layout: layout)
            }
            _ = inspector.handle(sdlEvent: event)
            return []
        }
        _ = inspector.handle(sdlEvent: event)
        return actions(for: event, layout: layout)
    }

    /// The actions for key presses that waited in the inspector's queue and were not its.
    mutating func actions(forUnclaimed keys: [QueuedInput], layout: WindowLayout) -> [WindowAction] {
        keys.flatMap { key in key.sdlEvent.map { actions(for: $0, layout: layout) } ?? [] }
    }

    static func keyName(_ key: SDL_Keycode, modifiers: UInt32) -> String? {
        func is_(_ k: SDL_KeyCode) -> Bool { key == Int32(bitPattern: k.rawValue) }
        let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
        let ctrl = modifiers & UInt32(KMOD_CTRL.rawValue) != 0
        var name: String?
        if is_(SDLK_ESCAPE) { name = "escape" }
        else if is_(SDLK_SPACE) { name = "space" }
        else if is_(SDLK_RETURN) { name = "return" }
        else if is_(SDLK_TAB) { name = "tab" }
        else if is_(SDLK_LEFT) { name = "left" }
        else if is_(SDLK_RIGHT) { name = "right" }
        else if is_(SDLK_F9) { name = "f9" }
        else if is_(SDLK_F8) { name = "f8" }
        else if is_(SDLK_QUESTION) || (is_(SDLK_SLASH) && shift) { return "?" }
        else if key > 0, key < 128, let scalar = UnicodeScalar(UInt32(key)) { name = String(Character(scalar)).lowercased() }
        guard let name else { return nil }
        if ctrl { return "ctrl+" + (shift ? "shift+" : "") + name }
        if shift && KeyBindings.action(forKey: "shift+" + name) != nil { return "shift+" + name }
        return name
    }

    mutating func actions(for event: SDL_Event, layout: WindowLayout) -> [WindowAction] {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            // A signal's quit is not the window's close button: it never waits for a second Q.
            if let signal = SDLSession.quitSignal { return [.quitOnSignal(signal)] }
            return [.quit]
        case SDL_KEYDOWN:
            guard let name = WindowEventRouter.keyName(event.key.keysym.sym, modifiers: UInt32(event.key.keysym.mod)) else { return [] }
            // Stepping may repeat while held; everything else acts once per press.
            if event.key.repeat != 0 && !KeyBindings.repeating.contains(name) { return [] }
            if let action = KeyBindings.action(forKey: name) { return [action] }
            return name.hasPrefix("ctrl+") ? [] : [.playback(.input(.key(name)))]
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), layout.isOnDevice(windowX: Double(event.button.x), windowY: Double(event.button.y)) else { return [] }
            pointerPressed = true
            let (x, y) = layout.devicePoint(windowX: Double(event.button.x), windowY: Double(event.button.y))
            return [.playback(.input(.down(x: x, y: y)))]
        case SDL_MOUSEMOTION:
            guard pointerPressed else { return [] }
            let (x, y) = layout.devicePoint(windowX: Double(event.motion.x), windowY: Double(event.motion.y))
            return [.playback(.input(.move(x: x, y: y)))]
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), pointerPressed else { return [] }
            pointerPressed = false
            let (x, y) = layout.devicePoint(windowX: Double(event.button.x), windowY: Double(event.button.y))
            return [.playback(.input(.up(x: x, y: y)))]
        case SDL_MOUSEWHEEL:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            guard layout.isOnDevice(windowX: Double(mx), windowY: Double(my)) else { return [] }
            let dy = Double(event.wheel.preciseY) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            return dy != 0 ? [.playback(.input(.wheel(dy: dy)))] : []
        case SDL_WINDOWEVENT:
            let kind = UInt32(event.window.event)
            if (kind == SDL_WINDOWEVENT_LEAVE.rawValue || kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue) && pointerPressed {
                // The pointer left or focus went elsewhere mid-drag: a release where it was, at rest.
                pointerPressed = false
                return [.playback(.input(.cancel))]
            }
            return []
        default:
            return []
        }
    }
}
