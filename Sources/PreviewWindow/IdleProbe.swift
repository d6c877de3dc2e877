import App
import CSDL2
import Formats
import Foundation

/// `splashlab bench --idle`: the real window measured at rest. Once the splash is over and the
/// preview has been still for a second, it counts the process's CPU time and the frames drawn
/// over `seconds`; again with the HUD on; then it presses P through SDL's event queue, as a user
/// would, and counts the frames the panel's presentation draws (the window must wake for input).
/// Then it quits and `runWindow` prints the report, with the window's first present since the
/// process started (`firstFrameMs`, as `bench` gives it for offscreen frames).
struct IdleProbe {
    enum Stage { case settling, resting, restingWithHUD, afterKey }
    let seconds: Double
    var stage = Stage.settling
    var stageStart = 0.0
    var cpuAtStart = 0.0
    var framesAtStart = 0
    var results: [(String, JSONOutput)] = []
    var report: JSONOutput?

    /// After the key, this long is counted: the panel presents in panel.duration (0.35 s by default).
    static let wakeSeconds = 1.0

    init(seconds: Double) { self.seconds = seconds }

    mutating func begin(_ stage: Stage, now: Double, framesDrawn: Int) {
        self.stage = stage
        stageStart = now
        cpuAtStart = processCPUTime()
        framesAtStart = framesDrawn
    }

    func figures(now: Double, framesDrawn: Int) -> JSONOutput {
        let elapsed = now - stageStart
        let cpu = processCPUTime() - cpuAtStart
        return .object([("seconds", .number((elapsed * 100).rounded() / 100)),
                        ("cpuPercentOfCore", .number((cpu / elapsed * 1000).rounded() / 10)),
                        ("cpuMsPerSecond", .number((cpu / elapsed * 10_000).rounded() / 10)),
                        ("framesDrawn", .int(framesDrawn - framesAtStart)),
                        ("framesPerSecond", .number((Double(framesDrawn - framesAtStart) / elapsed * 10).rounded() / 10))])
    }
}

extension WindowShell {
    /// One step of `bench --idle`, called every loop iteration, drawn or not.
    mutating func probeIdle(now: Double) {
        guard var probe = idleProbe else { return }
        defer { idleProbe = probe }
        let splash = preview.splash
        let splashOver = preview.skipSplash || state.time > splash.endTime + 0.5
        switch probe.stage {
        case .settling:
            if probe.stageStart == 0 { probe.stageStart = now }
            // Still for a second after the splash: nothing left to draw but what the probe asks for.
            if splashOver && now - lastDrawTime > 1 && now - probe.stageStart > 1 {
                probe.begin(.resting, now: now, framesDrawn: framesDrawn)
            }
        case .resting:
            guard now - probe.stageStart >= probe.seconds else { return }
            probe.results.append(("rest", probe.figures(now: now, framesDrawn: framesDrawn)))
            dispatch(.tools(.toggle(.hud)))
            probe.begin(.restingWithHUD, now: now, framesDrawn: framesDrawn)
        case .restingWithHUD:
            guard now - probe.stageStart >= probe.seconds else { return }
            probe.results.append(("restWithHUD", probe.figures(now: now, framesDrawn: framesDrawn)))
            dispatch(.tools(.toggle(.hud)))
            probe.begin(.afterKey, now: now, framesDrawn: framesDrawn)
            // P, through the same queue and routing as a key on the keyboard.
            SDLEventInjection.key(SDLK_p, window: renderer.context.window)
        case .afterKey:
            guard now - probe.stageStart >= IdleProbe.wakeSeconds else { return }
            probe.results.append(("afterKeyP", probe.figures(now: now, framesDrawn: framesDrawn)))
            probe.report = .object([("inspector", .bool(inspectorVisible)), ("device", .string(preview.feed.device.name)),
                                    ("firstFrameMs", firstPresentMs.map { .number(($0 * 10).rounded() / 10) } ?? .null),
                                    ("restingHUDRate", .number(WindowShell.restingHUDRate))] + probe.results)
            dispatch(.stop)
        }
    }
}
