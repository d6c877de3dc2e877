import Formats
import Foundation
import Motion

// MARK: - Every animated property, by name

/// One animated property of the preview, as the graph, `state --trace` and `lint` name it: the
/// splash's properties (one per `SplashProperty`, driven by the tracks of `SplashTrack.all`), the
/// card's frame and progress, the panel's top and progress, and the feed's scroll offset.
public struct MotionProperty: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case splash(SplashProperty)
        case cardX, cardY, cardWidth, cardHeight, cardProgress
        case panelTop, panelProgress
        case scrollOffset
    }
    /// `splash.logoSize`, `card.width`, `panel.top`, `scroll.offset`: the CSV column's stem.
    public let id: String
    public let label: String
    /// `pt`, `×`, `rad`, or empty for a plain number (an opacity, a progress).
    public let unit: String
    public let source: Source

    /// Every property, in the order the trace's columns and the graph's list show them: the
    /// splash's in `SplashProperty` order, then the card's, panel's and scroll's in `index(of:)`'s order.
    public static let all: [MotionProperty] = {
        let splash = SplashProperty.allCases.map { property -> MotionProperty in
            // The label of the first track that drives it; `SplashSequence` requires there is one.
            let label = SplashTrack.all.first { $0.drives == property }?.label ?? "\(property)"
            return MotionProperty(id: "splash.\(splashName(property))", label: label, unit: splashUnit(property), source: .splash(property))
        }
        return splash + [
            MotionProperty(id: "card.x", label: "card centre x", unit: "pt", source: .cardX),
            MotionProperty(id: "card.y", label: "card centre y", unit: "pt", source: .cardY),
            MotionProperty(id: "card.width", label: "card width", unit: "pt", source: .cardWidth),
            MotionProperty(id: "card.height", label: "card height", unit: "pt", source: .cardHeight),
            MotionProperty(id: "card.progress", label: "card progress", unit: "", source: .cardProgress),
            MotionProperty(id: "panel.top", label: "panel top", unit: "pt", source: .panelTop),
            MotionProperty(id: "panel.progress", label: "panel progress", unit: "", source: .panelProgress),
            MotionProperty(id: "scroll.offset", label: "scroll offset", unit: "pt", source: .scrollOffset),
        ]
    }()

    /// The index in `all` of the property `source` gives: no lookup by name, so nothing to miss.
    public static func index(of source: Source) -> Int {
        switch source {
        case let .splash(p): return p.rawValue
        case .cardX: return SplashProperty.allCases.count
        case .cardY: return SplashProperty.allCases.count + 1
        case .cardWidth: return SplashProperty.allCases.count + 2
        case .cardHeight: return SplashProperty.allCases.count + 3
        case .cardProgress: return SplashProperty.allCases.count + 4
        case .panelTop: return SplashProperty.allCases.count + 5
        case .panelProgress: return SplashProperty.allCases.count + 6
        case .scrollOffset: return SplashProperty.allCases.count + 7
        }
    }

    /// The property named `id` on the command line (`--properties`).
    public static func index(of id: String) -> Int? { all.firstIndex { $0.id == id } }

    /// The hole's turn is reported as its rotation in radians, as `state` reports the hole's layer.
    static func splashName(_ p: SplashProperty) -> String { p == .holeTurn ? "holeRotation" : p.name }

    static func splashUnit(_ p: SplashProperty) -> String { p == .holeTurn ? "rad" : p.unit }
}

/// Every property's value and velocity (units per second) at one time; nil where the property
/// does not exist then (the card before it opens and after it closes).
public struct MotionSample: Equatable, Sendable {
    public var time: Double
    public var values: [Double?]
    public var velocities: [Double?]
}

// MARK: - Sampling the preview

extension Preview {
    /// Every property's value and velocity at t, from the model's own motions (never from
    /// frames): exact at any time.
    public func motionSample(at t: Double) -> MotionSample {
        var values = [Double?](repeating: nil, count: MotionProperty.all.count)
        var velocities = values
        let splashValues: [(value: Double, velocity: Double)]
        if skipSplash {
            splashValues = SplashProperty.allCases.map { (splash.stillValue($0) * ($0 == .holeTurn ? splash.holeEndRotation : 1), 0) }
        } else {
            // The splash's tracks through the one interpolator `state` reads; the hole's turn as its
            // rotation in radians.
            let turn = SplashProperty.holeTurn.rawValue
            var motion = splash.motion(at: t)
            motion[turn] = (motion[turn].value * splash.holeEndRotation, motion[turn].velocity * splash.holeEndRotation)
            splashValues = motion
        }
        let card = cardState(at: t)
        let cardProgress = card.map { $0.animator.sample(at: t) }
        let panelSample = panel.animator.sample(at: t)
        let scrollSample = scroll.sample(at: t)
        for (i, property) in MotionProperty.all.enumerated() {
            switch property.source {
            case let .splash(p):
                values[i] = splashValues[p.rawValue].value; velocities[i] = splashValues[p.rawValue].velocity
            case .cardX, .cardY, .cardWidth, .cardHeight:
                guard let card, let (p, dp) = cardProgress else { continue }
                let from = card.cardFrame, to = card.screen
                let (a, b): (Double, Double)
                switch property.source {
                case .cardX: (a, b) = (from.midX, to.midX)
                case .cardY: (a, b) = (from.midY, to.midY)
                case .cardWidth: (a, b) = (from.width, to.width)
                default: (a, b) = (from.height, to.height)
                }
                values[i] = a + (b - a) * p; velocities[i] = (b - a) * dp
            case .cardProgress:
                guard let (p, dp) = cardProgress else { continue }
                values[i] = p; velocities[i] = dp
            case .panelTop:
                values[i] = panel.screenHeight - panelSample.value * panel.height; velocities[i] = -panelSample.velocity * panel.height
            case .panelProgress:
                values[i] = panelSample.value; velocities[i] = panelSample.velocity
            case .scrollOffset:
                values[i] = scrollSample.offset; velocities[i] = scrollSample.velocity
            }
        }
        return MotionSample(time: t, values: values, velocities: velocities)
    }
}

/// The take's motion as data: every property's value and velocity at given times, stepping one
/// `Playback` forward through the input log (so each sample has exactly the inputs up to its time).
public enum MotionTrace {
    /// Samples at `times`, which must not decrease.
    public static func samples(initial: Preview, log: [InputEvent], times: [Double]) -> [MotionSample] {
        var playback = Playback(initial: initial, log: log, time: 0, takingSnapshots: false)
        return times.map { t in
            playback.seek(to: t)
            return playback.preview.motionSample(at: t)
        }
    }

    /// The same samples, starting from `playback` as it stands (a take the window holds, at its
    /// current time): its snapshots make a seek cost at most `Playback.snapshotInterval` inputs,
    /// where a fresh take replays its log from the start. The Graph view computes its few new
    /// samples a frame, near the playhead, this way.
    public static func samples(of playback: Playback, times: [Double]) -> [MotionSample] {
        var playback = playback
        return times.map { t in
            playback.seek(to: t)
            return playback.preview.motionSample(at: t)
        }
    }

    /// `from` to `to` every `step` seconds, both ends included (the last step may be shorter).
    public static func times(from: Double, to: Double, step: Double) -> [Double] {
        guard step > 0, to >= from else { return [from] }
        let count = Int(((to - from) / step).rounded(.down))
        var out = (0...count).map { from + Double($0) * step }
        if let last = out.last, to - last > step * 1e-9 { out.append(to) }
        return out
    }

    /// The samples as CSV: `time` then, for each property, `ID` and `ID.velocity`; an empty cell
    /// where a property does not exist.
    public static func csv(_ samples: [MotionSample]) -> String {
        var lines = [(["time"] + MotionProperty.all.flatMap { [$0.id, "\($0.id).velocity"] }).joined(separator: ",")]
        for s in samples {
            var cells = [JSONOutput.number(s.time).text]
            for i in MotionProperty.all.indices {
                cells.append(s.values[i].map { JSONOutput.number($0).text } ?? "")
                cells.append(s.velocities[i].map { JSONOutput.number($0).text } ?? "")
            }
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    /// The samples as JSON: the properties with their units, then one object per sample.
    public static func json(_ samples: [MotionSample]) -> JSONOutput {
        .object([
            ("properties", .array(MotionProperty.all.map { .object([("id", .string($0.id)), ("label", .string($0.label)), ("unit", .string($0.unit))]) })),
            ("samples", .array(samples.map { s in
                .object([("time", .number(s.time)),
                         ("values", .object(MotionProperty.all.enumerated().map { i, p in (p.id, s.values[i].map { .number($0) } ?? .null) })),
                         ("velocities", .object(MotionProperty.all.enumerated().map { i, p in (p.id, s.velocities[i].map { .number($0) } ?? .null) }))])
            })),
        ])
    }
}
