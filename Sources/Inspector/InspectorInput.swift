import CSDL2

/// Modifier keys held with a key or a click.
public struct KeyModifiers: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let control = KeyModifiers(rawValue: 1 << 0)
    public static let shift = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    public static let command = KeyModifiers(rawValue: 1 << 3)

    /// From SDL's `keysym.mod` bits (left and right keys alike).
    public init(sdlModifiers mod: UInt16) {
        var m: KeyModifiers = []
        let bits = UInt32(mod)
        if bits & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
        if bits & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if bits & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
        if bits & KMOD_GUI.rawValue != 0 { m.insert(.command) }
        self = m
    }
}

/// Input for the inspector as plain values, in window coordinates. SDL events become these
/// (`init?(sdlEvent:)`), and tests can script them without a window.
public enum InspectorInput: Equatable, Sendable {
    case mouseMoved(x: Double, y: Double)
    /// `button` 0 is the left (primary) button, 1 right, 2 middle, as ImGui counts them.
    case mouseButton(button: Int, isDown: Bool, x: Double, y: Double)
    /// Wheel clicks; positive `dy` scrolls toward the top, positive `dx` to the left (SDL's sense).
    case wheel(dx: Double, dy: Double)
    /// The pointer left the window: ImGui must stop seeing it hover anything.
    case mouseLeftWindow
    /// `scancode` is SDL's (`SDL_SCANCODE_*`), which ImGui's `KeyMap` indexes.
    case key(scancode: Int, isDown: Bool, modifiers: KeyModifiers)
    /// UTF-8 text typed (`SDL_TEXTINPUT`).
    case text(String)

    /// What the inspector needs from an SDL event, or nil for events it ignores.
    public init?(sdlEvent event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEMOTION:
            self = .mouseMoved(x: Double(event.motion.x), y: Double(event.motion.y))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            // SDL numbers buttons 1 left, 2 middle, 3 right; ImGui 0 left, 1 right, 2 middle.
            let button: Int
            switch Int32(event.button.button) {
            case SDL_BUTTON_LEFT: button = 0
            case SDL_BUTTON_RIGHT: button = 1
            case SDL_BUTTON_MIDDLE: button = 2
            case SDL_BUTTON_X1: button = 3
            case SDL_BUTTON_X2: button = 4
            default: return nil
            }
            self = .mouseButton(button: button, isDown: event.type == SDL_MOUSEBUTTONDOWN.rawValue,
                                x: Double(event.button.x), y: Double(event.button.y))
        case SDL_MOUSEWHEEL:
            let flip: Double = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // preciseX/Y (SDL 2.0.18+) carry fractional touchpad scrolling; whole clicks otherwise.
            let dx = event.wheel.preciseX != 0 ? Double(event.wheel.preciseX) : Double(event.wheel.x)
            let dy = event.wheel.preciseY != 0 ? Double(event.wheel.preciseY) : Double(event.wheel.y)
            self = .wheel(dx: dx * flip, dy: dy * flip)
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue):
            self = .mouseLeftWindow
        case SDL_KEYDOWN, SDL_KEYUP:
            self = .key(scancode: Int(event.key.keysym.scancode.rawValue), isDown: event.type == SDL_KEYDOWN.rawValue,
                        modifiers: KeyModifiers(sdlModifiers: event.key.keysym.mod))
        case SDL_TEXTINPUT:
            var text = event.text.text
            let string = withUnsafeBytes(of: &text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            self = .text(string)
        default:
            return nil
        }
    }

    var isMouse: Bool {
        switch self {
        case .mouseMoved, .mouseButton, .wheel, .mouseLeftWindow: return true
        case .key, .text: return false
        }
    }
}
