import Foundation
import Motion

/// One input on the input timeline: seconds of preview time at playback rate 1, coordinates in
/// screen points. The same values come from a script file, from the window's SDL events, and
/// from a capture.
public struct InputEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case down(x: Double, y: Double)
        case move(x: Double, y: Double)
        case up(x: Double, y: Double)
        /// A key by name: "escape", "p", "space", "r", ...
        case key(String)
        /// Wheel clicks; positive scrolls toward the top, as SDL reports a wheel turned away.
        case wheel(dy: Double)
        /// The pointer left the window or the window lost focus mid-drag.
        case cancel
    }
    public var time: Double
    public var kind: Kind
    public init(time: Double, kind: Kind) { self.time = time; self.kind = kind }

    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [("t", .number(time))]
        switch kind {
        case let .down(x, y): members += [("type", .string("down")), ("x", .number(x)), ("y", .number(y))]
        case let .move(x, y): members += [("type", .string("move")), ("x", .number(x)), ("y", .number(y))]
        case let .up(x, y): members += [("type", .string("up")), ("x", .number(x)), ("y", .number(y))]
        case let .key(k): members += [("type", .string("key")), ("key", .string(k))]
        case let .wheel(dy): members += [("type", .string("wheel")), ("dy", .number(dy))]
        case .cancel: members += [("type", .string("cancel"))]
        }
        return .object(members)
    }
}

// MARK: - Ranges

extension InputEvent {
    /// Screen coordinates accepted from a script, in points from the screen's top-left: ±100,000.
    /// The largest device is 1,180 pt; a pointer dragged far outside the window still reads as a
    /// few thousand. The bound keeps everything derived from a position (scroll offsets,
    /// velocities, pixel rows) far inside Int and Float ranges. The window clamps its SDL input
    /// to the same range with `clampedToLimits()`.
    public static let coordinateLimit = 100_000.0
    /// Wheel clicks in one event: ±1,000. A flung wheel reports tens of clicks per event.
    public static let wheelLimit = 1_000.0
    /// The latest event time, in seconds: 24 hours. Longer sessions are not previews.
    public static let timeLimit = 86_400.0

    public static var coordinateRange: ClosedRange<Double> { -coordinateLimit...coordinateLimit }
    public static var wheelRange: ClosedRange<Double> { -wheelLimit...wheelLimit }
    public static var timeRange: ClosedRange<Double> { 0...timeLimit }

    /// The event with its time, coordinates and wheel clicks clamped into the documented ranges
    /// (NaN becomes 0): what the window does with SDL's input, which it cannot refuse.
    public func clampedToLimits() -> InputEvent {
        func clamp(_ v: Double, _ range: ClosedRange<Double>) -> Double { v.isNaN ? 0 : min(max(v, range.lowerBound), range.upperBound) }
        let c = InputEvent.coordinateRange
        let kind: Kind
        switch self.kind {
        case let .down(x, y): kind = .down(x: clamp(x, c), y: clamp(y, c))
        case let .move(x, y): kind = .move(x: clamp(x, c), y: clamp(y, c))
        case let .up(x, y): kind = .up(x: clamp(x, c), y: clamp(y, c))
        case let .wheel(dy): kind = .wheel(dy: clamp(dy, InputEvent.wheelRange))
        case .key, .cancel: kind = self.kind
        }
        return InputEvent(time: clamp(time, InputEvent.timeRange), kind: kind)
    }
}

/// An input script: `{"events": [{"t": 0.5, "type": "down", "x": 100, "y": 300}, ...]}`.
///
/// Times lie in `InputEvent.timeRange` and are sorted; x and y in `InputEvent.coordinateRange`;
/// wheel dy in `InputEvent.wheelRange`. A value outside is refused with its place rather than
/// clamped: a script is a file someone can fix, and a silently changed drag would replay as a
/// different session. Scripts of millions of events load in time and memory linear in their size:
/// events are read one by one as the parser reaches them, never kept as a JSON tree.
public struct InputScript: Equatable, Sendable {
    public var events: [InputEvent]
    public init(events: [InputEvent]) { self.events = events }

    public static let eventTypes = ["down", "move", "up", "key", "wheel", "cancel"]

    /// Parses and validates a script; errors name the event index and the field, with the place.
    public static func parse(text: String, path: String) throws -> InputScript {
        try parse(bytes: Array(text.utf8), path: path)
    }

    /// Parses a script from a file's bytes: a leading byte-order mark is skipped and invalid UTF-8
    /// is refused at its place, as for the timings file.
    public static func parse(bytes: [UInt8], path: String) throws -> InputScript {
        var events = [InputEvent]()
        let root = try JSONParser.parse(bytes: bytes, path: path, streaming: "events") { i, item in
            events.append(try event(item, index: i, previous: events.last, path: path))
        }
        let reader = try JSONObjectReader(root, path: path)
        try reader.rejectUnknown(["events", "$comment", "device", "seed"])
        guard try reader.array("events") != nil else {
            throw reader.failure(reader.node, "a script needs an \"events\" array")
        }
        return InputScript(events: events)
    }

    /// The fields each event type takes, in the order messages list them.
    private static let fieldsByType: [String: [String]] = [
        "down": ["t", "type", "x", "y"], "move": ["t", "type", "x", "y"], "up": ["t", "type", "x", "y"],
        "key": ["t", "type", "key"], "wheel": ["t", "type", "dy"], "cancel": ["t", "type"],
    ]

    /// Reads one event in a single pass over its fields: a script can hold millions, so this
    /// avoids a field lookup per field and builds the "events[i]" names only for a message.
    private static func event(_ item: JSONNode, index i: Int, previous: InputEvent?, path: String) throws -> InputEvent {
        func failure(_ node: JSONNode, _ message: String) -> JSONFileError {
            JSONFileError(path: path, location: node.location, message: message)
        }
        guard case let .object(members) = item.value else {
            throw failure(item, "events[\(i)] must be an object, not \(item.value.typeName)")
        }
        var t, type, x, y, dy, key: JSONNode?
        var unknown: (key: String, keyLocation: SourceLocation)?
        for m in members {
            switch m.key {
            case "t": t = m.value
            case "type": type = m.value
            case "x": x = m.value
            case "y": y = m.value
            case "dy": dy = m.value
            case "key": key = m.value
            default: if unknown == nil { unknown = (m.key, m.keyLocation) }
            }
        }
        func number(_ node: JSONNode, _ field: String, _ range: ClosedRange<Double>) throws -> Double {
            guard case let .number(v) = node.value else { throw failure(node, "events[\(i)].\(field) must be a number, not \(node.value.typeName)") }
            guard range.contains(v) else {
                throw failure(node, "events[\(i)].\(field) must lie in [\(formatNumber(range.lowerBound)), \(formatNumber(range.upperBound))] (got \(v))")
            }
            return v
        }
        guard let t else { throw failure(item, "events[\(i)]: missing field 't' (seconds)") }
        let time = try number(t, "t", InputEvent.timeRange)
        if let previous, time < previous.time {
            throw failure(t, "events[\(i)].t = \(time) comes before events[\(i - 1)].t = \(previous.time); events must be sorted by time")
        }
        guard let type else { throw failure(item, "events[\(i)]: missing field 'type' (one of \(eventTypes.joined(separator: ", ")))") }
        guard case let .string(name) = type.value else { throw failure(type, "events[\(i)].type must be a string, not \(type.value.typeName)") }
        guard let fields = fieldsByType[name] else {
            throw failure(type, "events[\(i)].type \(abbreviatedForMessage(name)) is unknown; expected one of \(eventTypes.joined(separator: ", "))")
        }
        // A field that is known to scripts but not to this event type is as wrong as an unknown one.
        let misplaced = members.first { !fields.contains($0.key) }
        if let field = misplaced ?? unknown.map({ (key: $0.key, keyLocation: $0.keyLocation, value: item) }) {
            throw JSONFileError(path: path, location: field.keyLocation,
                                message: "unknown field \(abbreviatedForMessage("events[\(i)].\(field.key)")); expected one of \(fields.joined(separator: ", "))")
        }
        func point() throws -> (Double, Double) {
            guard let x else { throw failure(item, "events[\(i)] (\(name)): missing field 'x'") }
            guard let y else { throw failure(item, "events[\(i)] (\(name)): missing field 'y'") }
            return (try number(x, "x", InputEvent.coordinateRange), try number(y, "y", InputEvent.coordinateRange))
        }
        let kind: InputEvent.Kind
        switch name {
        case "down": let p = try point(); kind = .down(x: p.0, y: p.1)
        case "move": let p = try point(); kind = .move(x: p.0, y: p.1)
        case "up": let p = try point(); kind = .up(x: p.0, y: p.1)
        case "key":
            guard let key else { throw failure(item, "events[\(i)] (key): missing field 'key'") }
            guard case let .string(k) = key.value else { throw failure(key, "events[\(i)].key must be a string, not \(key.value.typeName)") }
            guard !k.isEmpty else { throw failure(key, "events[\(i)].key must name a key, e.g. \"escape\"") }
            kind = .key(k.lowercased())
        case "wheel":
            guard let dy else { throw failure(item, "events[\(i)] (wheel): missing field 'dy'") }
            kind = .wheel(dy: try number(dy, "dy", InputEvent.wheelRange))
        default: kind = .cancel
        }
        return InputEvent(time: time, kind: kind)
    }

    public static func load(path: String) throws -> InputScript {
        try parse(bytes: JSONParser.readFile(path, limit: .script), path: path)
    }

    public var json: JSONOutput { .object([("events", .array(events.map(\.json)))]) }
}

/// Estimates the pointer's velocity from its recent motion, as a pan gesture recogniser does:
/// the displacement over the last `window` seconds.
public struct PointerVelocityTracker: Equatable, Sendable {
    /// 80 ms: long enough to smooth jitter, short enough that a pause before release reads as still.
    public static let window = 0.08
    private var samples: [(t: Double, x: Double, y: Double)] = []
    public init() {}

    public static func == (a: PointerVelocityTracker, b: PointerVelocityTracker) -> Bool {
        a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0 == $1 }
    }

    public mutating func reset(t: Double, x: Double, y: Double) { samples = [(t, x, y)] }

    public mutating func add(t: Double, x: Double, y: Double) {
        samples.append((t, x, y))
        // Keep the samples that can still fall inside a window ending now, and one older to span it.
        while samples.count > 2 && samples[1].t < t - PointerVelocityTracker.window { samples.removeFirst() }
    }

    /// Points per second at time t. Motion older than the window does not count, so a pointer
    /// that stopped reads 0.
    public func velocity(at t: Double) -> (x: Double, y: Double) {
        guard let last = samples.last else { return (0, 0) }
        let start = t - PointerVelocityTracker.window
        if last.t < start { return (0, 0) }
        // The position at the window's start: interpolated between the samples around it.
        var first = samples[0]
        for i in 1..<samples.count where samples[i].t <= start { first = samples[i] }
        if let index = samples.firstIndex(where: { $0.t > start }), index > 0 {
            let a = samples[index - 1], b = samples[index]
            if a.t < start && b.t > a.t {
                let f = (start - a.t) / (b.t - a.t)
                first = (start, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
            }
        }
        let dt = max(t, last.t) - first.t
        guard dt > 1e-4 else { return (0, 0) }
        return ((last.x - first.x) / dt, (last.y - first.y) / dt)
    }
}
