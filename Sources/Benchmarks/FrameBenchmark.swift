import App
import Session
import Formats
import Foundation
import Geometry
import LaunchImport
import Motion
import Render
import Scenes

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) func keep(_ value: Double) { if value == .greatestFiniteMagnitude { print(value) } }

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

package func motionBenchmark() throws -> JSONOutput {
    let runs = 7
    // Bezier: solve and sample eased progress for x sweeping [0, 1], as a track's simulation does.
    let curve = ProgressSimulation(curve: .easeInEaseOut, duration: 1)
    let evaluations = 2_000_000
    var bezierRates = [Double]()
    for _ in 0..<runs {
        var sum = 0.0
        let start = MonotonicClock.now()
        var x = 0.0
        let step = 1.0 / Double(evaluations)
        for _ in 0..<evaluations { sum += curve.x(x); x += step }
        let elapsed = MonotonicClock.now() - start
        keep(sum)
        bezierRates.append(Double(evaluations) / elapsed)
    }
    // The whole splash choreography for one frame, on iPhone SE, across the disappearance.
    let device = Device.named("iphone-se")!
    let layout = LaunchDescription.fallback.layout(device: device, textSize: (300, 32))
    let sequence = SplashSequence(timings: Timings(), device: device, layout: layout, options: SplashOptions())
    let frames = 200_000
    var frameCosts = [Double]()
    for _ in 0..<runs {
        var sum = 0.0
        let start = MonotonicClock.now()
        for i in 0..<frames {
            let t = 1.9 + 0.8 * Double(i) / Double(frames)
            let f = sequence.frame(at: t)
            sum += f.feedScale + (f.layers?.hole?.width ?? 0)
        }
        let elapsed = MonotonicClock.now() - start
        keep(sum)
        frameCosts.append(elapsed / Double(frames) * 1e6)
    }
    return .object([
        ("bezierEvaluationsPerSecond", .object([("median", .number(median(bezierRates).rounded())), ("target", .number(20_000_000))])),
        ("splashFrameMicroseconds", .object([("median", .number(median(frameCosts))), ("target", .number(2))])),
        ("seek", seekBenchmark(device: device, layout: layout, runs: runs)),
        ("lint", lintBenchmark(device: device, layout: layout, runs: runs)),
        ("runs", .int(runs)),
        ("parse", parseBenchmark()),
        ("solver", try solverBenchmark()),
    ])
}

/// The Cassowary solver on made-up launch screens (`LinearSystemDescription.launchScreenLike`):
/// views' edges, centres and sizes tied at mixed priorities. Each run solves the whole system in
/// a new solver, as the launch screen's layout is solved: variables made, constraints added in
/// order, values read.
func solverBenchmark() throws -> JSONOutput {
    func measure(constraints: Int, runs: Int, target: Double?) throws -> JSONOutput {
        let system = LinearSystemDescription.launchScreenLike(constraintCount: constraints, seed: 1)
        var costs = [Double]()
        for _ in 0..<runs {
            let t0 = MonotonicClock.now()
            let values = try system.solve()
            costs.append(MonotonicClock.now() - t0)
            keep(values["root.w"] ?? 0)
        }
        var fields: [(String, JSONOutput)] = [
            ("constraints", .int(constraints)), ("variables", .int(system.variables.count)), ("runs", .int(runs)),
            ("ms", .object([("median", .number(roundMs(median(costs)))), ("max", .number(roundMs(costs.max() ?? 0)))])),
        ]
        if let target { fields.append(("target", .number(target))) }
        return .object(fields)
    }
    return .object([
        ("launchScreen1000", try measure(constraints: 1000, runs: 31, target: 5)),
        ("launchScreen10000", try measure(constraints: 10_000, runs: 1, target: nil)),
    ])
}

/// `lint` of the bench's 10 s scripted session (drags, flicks, a card, the panel): the whole
/// check on the model at 240 Hz, with its interruptions, without the logo's outline (read once
/// per run of the command, not per take).
func lintBenchmark(device: Device, layout: SplashLayout, runs: Int) -> JSONOutput {
    let start = Preview(splash: SplashSequence(timings: Timings(), device: device, layout: layout, options: SplashOptions()),
                        feed: FeedLayout(device: device, content: FeedContent(seed: 1)))
    let log = BenchScenario.script(for: start.feed).events
    var costs = [Double](), frames = 0, findings = 0
    for _ in 0..<runs {
        let t0 = MonotonicClock.now()
        let report = MotionLint.run(initial: start, log: log, thresholds: Timings().lint)
        costs.append((MonotonicClock.now() - t0) * 1000)
        frames = report.frames
        findings = report.findings.count
    }
    return .object([("takeSeconds", .number(Double(frames - 1) / MotionLint.frameRate)), ("inputs", .int(log.count)), ("frames", .int(frames)),
                    ("findings", .int(findings)),
                    ("ms", .object([("median", .number(roundMs(median(costs) / 1000))), ("max", .number(roundMs((costs.max() ?? 0) / 1000)))])),
                    ("target", .number(1000))])
}

/// A 60 s take of 10,000 inputs: loading it (one pass over the log, taking the snapshots), then
/// seeking to its end from the start, and back and forth across it as a scrub does.
func seekBenchmark(device: Device, layout: SplashLayout, runs: Int) -> JSONOutput {
    let start = Preview(splash: SplashSequence(timings: Timings(), device: device, layout: layout, options: SplashOptions()),
                        feed: FeedLayout(device: device, content: FeedContent(seed: 1)))
    let log = BenchScenario.longSession(for: start.feed).events
    var load = [Double](), toEnd = [Double](), scrub = [Double](), worstScrub = 0.0
    for run in 0..<runs {
        let l0 = MonotonicClock.now()
        var playback = Playback(initial: start, log: log)
        load.append((MonotonicClock.now() - l0) * 1000)
        let t0 = MonotonicClock.now()
        playback.seek(to: 60)
        toEnd.append((MonotonicClock.now() - t0) * 1000)
        var rng = SeededGenerator(seed: UInt64(run + 1))
        for _ in 0..<200 {
            let t = Double(rng.next() % 60_000) / 1000
            let s0 = MonotonicClock.now()
            playback.seek(to: t)
            let ms = (MonotonicClock.now() - s0) * 1000
            scrub.append(ms)
            worstScrub = max(worstScrub, ms)
        }
        keep(playback.time)
    }
    return .object([("inputs", .int(log.count)), ("seconds", .number(60)),
                    ("loadMs", .object([("median", .number(roundMs(median(load) / 1000))), ("max", .number(roundMs((load.max() ?? 0) / 1000)))])),
                    ("toEndMs", .object([("median", .number(roundMs(median(toEnd) / 1000))), ("max", .number(roundMs((toEnd.max() ?? 0) / 1000)))])),
                    ("scrubMs", .object([("median", .number(roundMs(median(scrub) / 1000))), ("max", .number(roundMs(worstScrub / 1000)))])),
                    ("target", .number(16))])
}

// MARK: - The frame benchmark

struct PhaseTotals {
    var frames: [Double] = []
    var floors: [Double] = []
    var cpuTime = 0.0
    var count = 0
    var textureBytes = 0
    var residentMB = 0.0
}

package func frameBenchmark(options: PreviewOptions, scale: Double, frames: Int, csvPath: String?, processStart: Double) throws -> JSONOutput {
    let session = try makeSession(options)
    let device = options.device
    let width = Int(clamping: (device.width * scale).rounded()), height = Int(clamping: (device.height * scale).rounded())
    // As the window does: the logo is decoded and traced while the context is made.
    try SDLSession.start(offscreen: true)
    let logoPreparation = LogoPreparation(catalog: session.catalog)
    let context = try RenderContext(target: .offscreen(width: width, height: height), rendererName: options.renderer, vsync: false)
    // Not primed: the launch frame comes first, and the appearance is primed once it is presented.
    let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: scale), priming: .none,
                                                 logoPreparation: logoPreparation)
    // Made once the first frame is timed: the window makes no such texture, and its 4 MB
    // gradient (8 ms at 750x1334) would count in `firstFrameMs`.
    var floor: FloorFrame?
    let script = BenchScenario.script(for: session.preview.feed)
    var playback = Playback(initial: session.preview, log: script.events)
    var records: [FrameRecord] = []
    var floorTimes: [Double] = []
    var phases: [String: PhaseTotals] = [:]
    var phaseOrder: [String] = []
    var floorCPUTotal = 0.0
    var warmUpCPU = 0.0
    // The first frame is the launch frame alone, drawn and presented as the window's is
    // (`WindowShell.drawLaunchFrame`), and timed from the process's start as `firstFrameMs`:
    // it pays the software GL's first use of each pipeline state it draws with, which no frame
    // of the scenario then pays again. Like the window's, it is not one of the frames timed.
    try renderer.draw(session.launchScene())
    context.present()
    context.finishDrawing()
    let firstFrameMs = (secondsSinceProcessStart() ?? (MonotonicClock.now() - processStart)) * 1000
    try session.primeAppearance(renderer)
    let cpuStart = processCPUTime()
    var timer = FrameTimer(fixedStep: Double(frames) / BenchScenario.duration)
    for i in 0..<frames {
        let t = timer.previewTime(ofFrame: i)
        let cpu0 = processCPUTime()
        timer.beginFrame()
        playback.seek(to: t)
        timer.endInput()
        let scene = playback.scene
        timer.endUpdate()
        try renderer.draw(scene)
        timer.endRender()
        context.present()
        context.finishDrawing()
        timer.endPresent()
        let cpu1 = processCPUTime()
        let record = timer.finishFrame(previewTime: t)
        records.append(record)
        // The floor, interleaved so that both see the same machine load.
        let floorFrame = try floor ?? FloorFrame(context: context, width: width, height: height)
        floor = floorFrame
        let floorCPU0 = processCPUTime()
        let floorTime = try floorFrame.draw()
        floorCPUTotal += processCPUTime() - floorCPU0
        floorTimes.append(floorTime)
        // Idle time after the present: what the window does before its next vsync.
        let warm0 = processCPUTime()
        try renderer.warmUp()
        warmUpCPU += processCPUTime() - warm0
        timer.restartInterval()
        let name = playback.activity
        if phases[name] == nil { phaseOrder.append(name) }
        phases[name, default: PhaseTotals()].frames.append(timer.afterPresent - timer.frameStart)
        phases[name, default: PhaseTotals()].floors.append(floorTime)
        phases[name, default: PhaseTotals()].cpuTime += cpu1 - cpu0
        phases[name, default: PhaseTotals()].count += 1
        phases[name, default: PhaseTotals()].textureBytes = max(phases[name]!.textureBytes, context.liveTextureBytes)
        phases[name, default: PhaseTotals()].residentMB = max(phases[name]!.residentMB, residentMegabytes())
    }
    let cpuTotal = processCPUTime() - cpuStart
    let frameTimes = records.map { $0.input + $0.update + $0.render + $0.present }
    let ourTimes = records.map { $0.update + $0.render }
    let firstFrameFloor = FirstFrameFloor.measure(window: false, width: width, height: height, rendererName: context.rendererName)
    let frame = Percentiles(frameTimes), floorStats = Percentiles(floorTimes)
    func ratio(_ f: Percentiles, _ g: Percentiles) -> JSONOutput {
        .object([("p50", .number((f.p50 / g.p50 * 1000).rounded() / 1000)), ("p99", .number((f.p99 / g.p99 * 1000).rounded() / 1000))])
    }
    // The floor frames' own CPU is not the scenario's: count the scenario frames' CPU alone.
    let scenarioCPU = phases.values.reduce(0) { $0 + $1.cpuTime }
    let phaseJSON: [(String, JSONOutput)] = phaseOrder.map { name in
        let p = phases[name]!
        let f = Percentiles(p.frames), g = Percentiles(p.floors)
        return (name, .object([("frames", .int(p.count)), ("frame", f.millisecondsJSON), ("ratio", ratio(f, g)),
                               ("process", .object([("cpuMsPerFrame", .number(roundMs(p.cpuTime / Double(p.count))))])),
                               ("textureMB", .number((Double(p.textureBytes) / 1_048_576 * 10).rounded() / 10)),
                               ("rssMB", .number((p.residentMB * 10).rounded() / 10))]))
    }
    if let csvPath {
        let budget = FrameBudget(refreshRate: 60)
        let text = ([FrameRecord.csvHeader] + records.map { $0.csvRow(budget: budget) }).joined(separator: "\n") + "\n"
        try OutputFile.write(text, to: csvPath)
    }
    return .object([
        ("renderer", .string(context.rendererName)), ("width", .int(width)), ("height", .int(height)), ("frames", .int(frames)),
        ("cpu", Percentiles(ourTimes).millisecondsJSON),
        ("frame", frame.millisecondsJSON),
        ("floor", .object([("p50", .number(roundMs(floorStats.p50))), ("p95", .number(roundMs(floorStats.p95))),
                           ("p99", .number(roundMs(floorStats.p99))), ("max", .number(roundMs(floorStats.max))),
                           ("process", .object([("cpuMsPerFrame", .number(roundMs(floorCPUTotal / Double(frames))))]))])),
        ("ratio", ratio(frame, floorStats)),
        // Overall: the scenario's frames plus the idle-time warm-up, without the floor frames.
        ("process", .object([("cpuMsPerFrame", .number(roundMs((cpuTotal - floorCPUTotal) / Double(frames)))),
                             ("framesOnlyCpuMsPerFrame", .number(roundMs(scenarioCPU / Double(frames)))),
                             ("warmUpCpuMs", .number(roundMs(warmUpCPU)))])),
        ("phases", .object(phaseJSON)),
        ("firstFrameMs", .number((firstFrameMs * 10).rounded() / 10)),
        ("firstFrameFloorMs", firstFrameFloor.map(JSONOutput.number) ?? .null),
        ("peakRSSMB", .number((peakResidentMegabytes() * 10).rounded() / 10)),
        ("peakTextureMB", .number((Double(context.peakTextureBytes) / 1_048_576 * 10).rounded() / 10)),
    ])
}
