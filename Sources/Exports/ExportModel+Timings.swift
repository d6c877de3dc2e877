import Formats
import Motion
import Scenes

// The one place the export model is read from the declarations: the parameter table
// (`TimingsSchema`), the splash's tracks (`SplashTrack.all`) and the interactions' motions
// (`InteractionMotion.all`). No exporter reads those tables itself.

extension ExportModel {
    /// The model of timings `t` on a screen `screenHeight` points tall (the keyframes are laid out
    /// for it; everything else is the same on every screen).
    public init(timings t: Timings, screenHeight: Double) {
        let constants = TimingsSchema.parameters.filter { !$0.isLintThreshold }.map { ExportConstant($0, in: t) }
        func constant(_ path: String) -> ExportConstant {
            constants.first { $0.path == path } ?? ExportConstant(path: path, name: ExportNames.swiftName(path), doc: "", unit: "", value: .number(0))
        }
        self.constants = constants
        tracks = SplashTrack.all.map { track in
            var keyframes: ExportKeyframes?
            if case let .keyframes(make) = track.motion {
                // A value grows with the screen where it differs on a screen twice as tall.
                let here = make(t, screenHeight), twice = make(t, screenHeight * 2)
                let values = here.values.indices.map { i -> ExportKeyframes.Value in
                    let v = track.value(t, here.values[i]), v2 = track.value(t, twice.values[i])
                    return ExportKeyframes.Value(value: v, scalesWithScreen: abs(v2 - v) >= 1e-9 * max(1, abs(v)))
                }
                keyframes = ExportKeyframes(screenHeight: screenHeight, values: values, keyTimes: here.keyTimes, timingFunctions: here.timingFunctions)
            }
            let reads = track.reads.map(constant)
            return ExportTrack(id: track.id, label: track.label, property: track.drives, anchor: track.anchor, playing: track.playing,
                               from: keyframes?.values.first?.value ?? track.value(t, 0), to: keyframes?.values.last?.value ?? track.value(t, 1),
                               fromConstant: endpointConstant(track, at: 0, in: t, reads: reads),
                               toConstant: endpointConstant(track, at: 1, in: t, reads: reads), reads: reads, duration: constant(track.durationPath), curve: constant(track.curvePath),
                               begin: track.delayPath.map(constant), keyTimes: track.keyTimesPath.map(constant), keyframes: keyframes)
        }
        springs = InteractionMotion.springs(in: t).map {
            ExportSpring(id: $0.id, label: $0.label, response: $0.response, dampingFraction: $0.dampingFraction)
        }
        let springs = self.springs
        interactions = InteractionMotion.all.compactMap { motion -> ExportInteraction? in
            let section = String(motion.id.split(separator: ".")[0])
            switch motion.kind {
            case let .curve(durationPath, curvePath):
                return ExportInteraction(id: motion.id, section: section, kind: .curve(duration: constant(durationPath), curve: constant(curvePath)))
            case let .spring(id, _, _):
                guard let spring = springs.first(where: { $0.id == id }) else { return nil }
                let modes = InteractionMotion.all.compactMap { m -> String? in
                    guard m.drives == motion.drives, case let .choice(path) = m.kind, case let .choice(mode) = constant(path).value else { return nil }
                    return mode
                }
                return ExportInteraction(id: motion.id, section: section, kind: .spring(spring, modes: modes))
            case .decay, .share, .choice:
                return nil
            }
        }
        shortestHold = constant("splash.minHold")
        longestHold = constant("splash.timeout")
    }
}

/// The constant a curve track's value at motion `x` (0 where it starts, 1 where it ends) is: the
/// one of its reads that it equals and that it follows when that constant is moved, so a start
/// size is its constant, and a value worked out from constants (the text's end at 0 when it rises
/// by 0) is not. Seconds are left out: no property is a time.
private func endpointConstant(_ track: SplashTrack, at x: Double, in t: Timings, reads: [ExportConstant]) -> ExportConstant? {
    guard case .curve = track.motion else { return nil }
    func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }
    return reads.first { c in
        guard case let .number(v) = c.value, !c.isSeconds, same(track.value(t, x), v), let parameter = TimingsSchema.parameter(c.path) else { return false }
        // Half a unit up, or down where the declaration refuses up.
        for moved in [v + 0.5, v - 0.5] {
            if let changed = try? parameter.setting(.number(moved), in: t) { return same(track.value(changed, x), moved) }
        }
        return false
    }
}

extension ExportConstant {
    init(_ p: TimingParameter, in t: Timings) {
        self.init(path: p.path, name: ExportNames.swiftName(p.path), doc: p.doc, unit: p.unit, value: p.value(in: t))
    }
}
