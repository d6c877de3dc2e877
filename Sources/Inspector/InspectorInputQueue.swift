import CSDL2

/// An input waiting for its frame, with the SDL event it came from, so a key the inspector does
/// not take goes back to the app as the app would have seen it.
public struct QueuedInput {
    public let input: InspectorInput
    public let sdlEvent: SDL_Event?

    public init(_ input: InspectorInput, sdlEvent: SDL_Event? = nil) {
        self.input = input
        self.sdlEvent = sdlEvent
    }
}

/// Who takes a key press that reaches the head of the queue, as ImGui's state stood after the
/// last frame.
enum KeyboardOwner: Equatable {
    /// No control takes keys: a key press goes back to the app.
    case app
    /// A control takes keys (a field is typed into, a control is held).
    case inspector
    /// A field asked for the keyboard and does not take keys yet (ImGui focuses a new text entry
    /// a frame or two later): keys and characters wait for it.
    case opening
}

/// What ImGui has been told so far, so that a queued input that would change nothing is not
/// counted as a change.
struct FedInput {
    /// Nil: ImGui's "no mouse" position, as after the pointer leaves the window.
    var position: (x: Double, y: Double)?
    var buttons = [Bool](repeating: false, count: 5)
    var keys = Set<Int>()
    var modifiers: KeyModifiers = []
}

/// One frame's share of the queue: what ImGui is told before that frame's NewFrame.
struct InputFrame {
    enum Change: Equatable { case position, button, wheel, key, text }
    /// The one kind of change this frame carries, or nil.
    var change: Change?
    var wheel = (dx: 0.0, dy: 0.0)
    var text = ""
    /// Key presses that reached the head while no control took keys, for the app.
    var unclaimed: [QueuedInput] = []
}

/// ImGui 1.86 reads input as state once a frame: a press and a release between two frames, or a
/// press that arrives with the move that brought the pointer to a control, or characters typed
/// before a field has the keyboard, can be lost. ImGui 1.87 queues input and trickles it, at
/// most one change of a kind per frame (imgui.cpp, `UpdateInputEvents`, "Trickling Rule"). This
/// queue does the same for 1.86, and more strictly: one change per frame (a new pointer
/// position, then a button, then a key or text), and keys and characters wait while a field is
/// opening. Consecutive moves, wheel turns and characters coalesce, as in 1.87.
struct InspectorInputQueue {
    private(set) var pending: [QueuedInput] = []
    private(set) var fed = FedInput()
    /// Keys ImGui acts on (its KeyMap): a change of another key is fed with the frame's change,
    /// since ImGui 1.86 reads only these and the modifiers.
    let significantScancodes: Set<Int>
    /// Left and right Ctrl and Shift.
    static let modifierScancodes = Set([SDL_SCANCODE_LCTRL, SDL_SCANCODE_RCTRL, SDL_SCANCODE_LSHIFT, SDL_SCANCODE_RSHIFT].map { Int($0.rawValue) })

    init(significantScancodes: Set<Int>) {
        self.significantScancodes = significantScancodes
    }

    var isEmpty: Bool { pending.isEmpty }

    /// Whether a queued input may still change who takes the keyboard (a click may open a field,
    /// a key may close one): key presses that arrive meanwhile queue behind it.
    var mayChangeKeyboardOwner: Bool {
        pending.contains {
            switch $0.input {
            case .mouseButton, .key: return true
            case .mouseMoved, .wheel, .mouseLeftWindow, .text: return false
            }
        }
    }

    mutating func append(_ input: QueuedInput) { pending.append(input) }

    /// Takes the next frame's input from the head of the queue and applies it to `fed`. `owner`
    /// is who takes keys as the last frame left it; a click or a key in this frame may change
    /// that, so key presses and characters after one wait for the next frame.
    mutating func nextFrame(keyboard owner: KeyboardOwner) -> InputFrame {
        var frame = InputFrame()
        var taken = 0
        func may(_ change: InputFrame.Change) -> Bool { frame.change == nil || frame.change == change }
        loop: while taken < pending.count {
            let item = pending[taken]
            switch item.input {
            case let .mouseMoved(x, y):
                guard fed.position?.x != x || fed.position?.y != y else { break }
                guard may(.position) else { break loop }
                fed.position = (x, y)
                frame.change = .position
            case .mouseLeftWindow:
                guard fed.position != nil else { break }
                guard may(.position) else { break loop }
                fed.position = nil
                frame.change = .position
            case let .mouseButton(button, isDown, x, y):
                if fed.position?.x != x || fed.position?.y != y {
                    // The pointer moves to the press first, in a frame of its own, so the
                    // control under it is hovered before it is pressed. The press stays queued.
                    guard may(.position) else { break loop }
                    fed.position = (x, y)
                    frame.change = .position
                    break loop
                }
                guard (0..<5).contains(button), fed.buttons[button] != isDown else { break }
                guard frame.change == nil else { break loop }
                fed.buttons[button] = isDown
                frame.change = .button
            case let .wheel(dx, dy):
                guard dx != 0 || dy != 0 else { break }
                guard may(.wheel) else { break loop }
                frame.wheel.dx += dx
                frame.wheel.dy += dy
                frame.change = .wheel
            case let .key(scancode, isDown, modifiers):
                if isDown {
                    // A click or a key in this frame may change who takes keys: decide next frame.
                    if frame.change == .button || frame.change == .key { break loop }
                    if owner == .opening { break loop }
                    // Ctrl or Shift alone is ImGui's as well: it types nothing, and the timeline
                    // reads it with the wheel (zoom) and a drag (free of snapping) that follow.
                    if owner == .app && !InspectorInputQueue.modifierScancodes.contains(scancode) { frame.unclaimed.append(item); break }
                }
                let keyChanges = isDown != fed.keys.contains(scancode)
                guard keyChanges || modifiers != fed.modifiers else { break }
                let significant = modifiers != fed.modifiers || (keyChanges && significantScancodes.contains(scancode))
                if significant {
                    guard frame.change == nil else { break loop }
                    frame.change = .key
                }
                if isDown { fed.keys.insert(scancode) } else { fed.keys.remove(scancode) }
                fed.modifiers = modifiers
            case let .text(text):
                if owner == .opening || frame.change == .button || frame.change == .key { break loop }
                // Nothing takes characters: they are dropped, as ImGui would drop them.
                if owner == .app { break }
                guard may(.text) else { break loop }
                frame.text += text
                frame.change = .text
            }
            taken += 1
        }
        pending.removeFirst(taken)
        return frame
    }

    /// Empties the queue at once, as when the inspector is hidden: the pointer, buttons and key
    /// releases in it take effect (ImGui sees them at its next frame), characters are dropped and
    /// key presses go back to the app.
    mutating func drain() -> [QueuedInput] {
        var keys: [QueuedInput] = []
        for item in pending {
            switch item.input {
            case let .mouseMoved(x, y): fed.position = (x, y)
            case .mouseLeftWindow: fed.position = nil
            case let .mouseButton(button, isDown, x, y):
                fed.position = (x, y)
                if (0..<5).contains(button) { fed.buttons[button] = isDown }
            case let .key(scancode, isDown, modifiers):
                if isDown { keys.append(item) } else if fed.keys.remove(scancode) != nil { fed.modifiers = modifiers }
            case .wheel, .text: break
            }
        }
        pending.removeAll()
        return keys
    }
}
