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
        let constants = TimingsSchema.parameters.filter(\.section.isExported).map { ExportConstant($0, in: t) }
        func constant(_ path: String) -> ExportConstant {
            constants.first { $0.path == path } ?? ExportConstant(path: path, name: ExportNames.swiftName(path), doc: "", unit: "", value: .number(0))
        }
        self.constants = constants
        tracks = SplashTrack.all.map { track in
            var keyframes: ExportKeyframes?
            if case let .keyframes(declared) = track.motion {
                // A value grows with the screen where it differs on a screen twice as tall.
                let here = declared.track(in: t, screenHeight: screenHeight), twice = declared.track(in: t, screenHeight: screenHeight * 2)
                let values = here.values.indices.map { i -> ExportKeyframes.Value in
                    let v = track.value(t, here.values[i]), v2 = track.value(t, twice.values[i])
                    return ExportKeyframes.Value(value: v, scalesWithScreen: abs(v2 - v) >= 1e-9 * max(1, abs(v)))
                }
                keyframes = ExportKeyframes(screenHeight: screenHeight, values: values, keyTimes: here.keyTimes, timingFunctions: here.timingFunctions)
            }
            let reads = track.reads.map(constant)
            return ExportTrack(id: track.id, label: track.label, property: track.drives, anchor: track.anchor, playing: track.playing,
                               from: keyframes?.values.first?.value ?? track.value(t, 0), to: keyframes?.values.last?.value ?? track.value(t, 1),
                               fromConstant: endpointConstant(track, track.from, constant),
                               toConstant: endpointConstant(track, track.to, constant), reads: reads, duration: constant(track.durationPath), curve: constant(track.curvePath),
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

/// The constant a curve track's endpoint is: the declared parameter it reads (a start size), or
/// none where the endpoint is the choreography's own number (the text's rise ends at 0). A keyframe
/// track's endpoints are its keyframe values, which are written as numbers.
private func endpointConstant(_ track: SplashTrack, _ endpoint: TrackValue, _ constant: (String) -> ExportConstant) -> ExportConstant? {
    guard case .curve = track.motion, let keyPath = endpoint.keyPath else { return nil }
    return constant(TimingsSchema.path(of: keyPath))
}

extension ExportConstant {
    init(_ p: TimingParameter, in t: Timings) {
        self.init(path: p.path, name: ExportNames.swiftName(p.path), doc: p.doc, unit: p.unit, value: p.value(in: t))
    }
}
