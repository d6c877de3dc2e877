import Formats
import Motion

// MARK: Registered controls

/// What a control showed when it was drawn, for tests that read the frame's controls as JSON.
public enum ControlValue: Equatable, Sendable {
    case none
    case number(Double)
    case point(x: Double, y: Double)
    /// A stretch of time (a lane's bar), in seconds.
    case span(start: Double, end: Double)
    case text(String)
}

/// One control as drawn in the last frame: where it is, in window coordinates (SDL's window
/// units, the space of mouse events and of `xdotool`), what kind it is and the value it showed.
public struct RegisteredControl: Equatable, Sendable {
    public var id: String
    public var kind: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var value: ControlValue

    /// The centre, where an end-to-end test clicks.
    public var centre: (x: Double, y: Double) { (x + width / 2, y + height / 2) }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}

/// The controls of one frame, in drawing order. Ids are the caller's (`splash.logo.duration`,
/// `curve.cp1`); a later registration of the same id replaces nothing, so a duplicate is visible in
/// the list and in the JSON.
public struct ControlRegistry: Equatable, Sendable {
    public private(set) var controls: [RegisteredControl] = []

    public init() {}

    public mutating func register(_ control: RegisteredControl) { controls.append(control) }
    public mutating func removeAll() { controls.removeAll(keepingCapacity: true) }

    /// The first control registered with `id`.
    public func control(_ id: String) -> RegisteredControl? { controls.first { $0.id == id } }

    /// `{"controls": [{"id", "kind", "x", "y", "width", "height", "value"}, ...]}`, keys in that
    /// order. A point value is `[x, y]`, a span `{"start", "end"}`, no value is `null`; non-finite numbers are `null`, since
    /// JSON has no infinity.
    public func json() -> String {
        var out = "{\"controls\": ["
        for (index, c) in controls.enumerated() {
            if index > 0 { out += ",\n " }
            out += "{\"id\": \(jsonString(c.id)), \"kind\": \(jsonString(c.kind)), "
            out += "\"x\": \(jsonNumber(c.x)), \"y\": \(jsonNumber(c.y)), "
            out += "\"width\": \(jsonNumber(c.width)), \"height\": \(jsonNumber(c.height)), \"value\": "
            switch c.value {
            case .none: out += "null"
            case .number(let v): out += jsonNumber(v)
            case let .point(x, y): out += "[\(jsonNumber(x)), \(jsonNumber(y))]"
            case let .span(start, end): out += "{\"start\": \(jsonNumber(start)), \"end\": \(jsonNumber(end))}"
            case .text(let s): out += jsonString(s)
            }
            out += "}"
        }
        out += "]}\n"
        return out
    }
}

/// Numbers as the rest of SplashLab's JSON prints them; non-finite ones are null, as JSON has no infinity.
func jsonNumber(_ v: Double) -> String { v.isFinite ? JSONOutput.number(v).text : "null" }

func jsonString(_ s: String) -> String { JSONOutput.string(s).text }

/// The controls of the frame being drawn, and of the last one completed (what tests and the UI
/// dump read).
struct ControlRecorder {
    private var inProgress = ControlRegistry()
    private(set) var completed = ControlRegistry()

    mutating func beginFrame() { inProgress.removeAll() }
    mutating func register(_ control: RegisteredControl) { inProgress.register(control) }
    mutating func endFrame() { completed = inProgress }
}
