import Foundation

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

/// An input script: `{"events": [{"t": 0.5, "type": "down", "x": 100, "y": 300}, ...]}`.
public struct InputScript: Equatable, Sendable {
    public var events: [InputEvent]
    public init(events: [InputEvent]) { self.events = events }

    public static let eventTypes = ["down", "move", "up", "key", "wheel", "cancel"]

    /// Parses and validates a script; errors name the event index and the field, with the place.
    public static func parse(text: String, path: String) throws -> InputScript {
        let root = try JSONObjectReader(JSONParser.parse(text, path: path), path: path)
        try root.rejectUnknown(["events", "$comment", "device", "seed"])
        guard let items = try root.array("events") else {
            throw root.failure(root.node, "a script needs an \"events\" array")
        }
        var events = [InputEvent]()
        for (i, item) in items.enumerated() {
            let e = try JSONObjectReader(item, path: path, fieldPath: "events[\(i)]")
            guard let t = try e.number("t") else { throw e.failure(item, "events[\(i)]: missing field 't' (seconds)") }
            guard t >= 0 else { throw e.failure(e.node("t")!, "events[\(i)].t must not be negative (got \(t))") }
            if let previous = events.last, t < previous.time {
                throw e.failure(e.node("t")!, "events[\(i)].t = \(t) comes before events[\(i - 1)].t = \(previous.time); events must be sorted by time")
            }
            guard let type = try e.string("type") else { throw e.failure(item, "events[\(i)]: missing field 'type' (one of \(eventTypes.joined(separator: ", ")))") }
            func point() throws -> (Double, Double) {
                guard let x = try e.number("x") else { throw e.failure(item, "events[\(i)] (\(type)): missing field 'x'") }
                guard let y = try e.number("y") else { throw e.failure(item, "events[\(i)] (\(type)): missing field 'y'") }
                return (x, y)
            }
            let kind: InputEvent.Kind
            switch type {
            case "down": try e.rejectUnknown(["t", "type", "x", "y"]); let p = try point(); kind = .down(x: p.0, y: p.1)
            case "move": try e.rejectUnknown(["t", "type", "x", "y"]); let p = try point(); kind = .move(x: p.0, y: p.1)
            case "up": try e.rejectUnknown(["t", "type", "x", "y"]); let p = try point(); kind = .up(x: p.0, y: p.1)
            case "key":
                try e.rejectUnknown(["t", "type", "key"])
                guard let k = try e.string("key"), !k.isEmpty else { throw e.failure(item, "events[\(i)] (key): missing field 'key'") }
                kind = .key(k.lowercased())
            case "wheel":
                try e.rejectUnknown(["t", "type", "dy"])
                guard let dy = try e.number("dy") else { throw e.failure(item, "events[\(i)] (wheel): missing field 'dy'") }
                kind = .wheel(dy: dy)
            case "cancel": try e.rejectUnknown(["t", "type"]); kind = .cancel
            default:
                throw e.failure(e.node("type")!, "events[\(i)].type '\(type)' is unknown; expected one of \(eventTypes.joined(separator: ", "))")
            }
            events.append(InputEvent(time: t, kind: kind))
        }
        return InputScript(events: events)
    }

    public static func load(path: String) throws -> InputScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "cannot read the script")
        }
        return try parse(text: String(decoding: data, as: UTF8.self), path: path)
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
