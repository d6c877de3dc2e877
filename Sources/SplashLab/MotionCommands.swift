import App
import CSDL2
import Formats
import Foundation
import Geometry
import Inspector
import Motion
import Render
import Scenes

/// `state --trace`: every animated property's value and velocity, from the model, at
/// `--from` + k × `--step` up to `--to`, as CSV or (`--json`) JSON.
func traceCommand(_ args: ParsedArguments, usage: String) throws -> Int32 {
    if args.values["--at"] != nil { throw UsageError(message: "--trace takes --from, --to and --step instead of --at", usage: usage) }
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let events = try args.values["--script"].map { try InputScript.load(path: $0).events } ?? []
    let from = try args.double("--from", in: OptionBounds.previewTime, unit: " s", usage: usage) ?? 0
    let to = try args.double("--to", in: OptionBounds.previewTime, unit: " s", usage: usage)
        ?? max(MotionLint.takeDuration(initial: session.preview, log: events), from)
    guard from <= to else { throw UsageError(message: "--from \(args.values["--from"]!) is later than --to \(args.values["--to"] ?? JSONOutput.number(to).text)", usage: usage) }
    let step = try args.double("--step", in: OptionBounds.traceStep, unit: " s", usage: usage) ?? 1.0 / 60
    guard (to - from) / step < Double(OptionBounds.traceSamples) else {
        throw UsageError(message: "--from \(JSONOutput.number(from).text) to --to \(JSONOutput.number(to).text) every \(JSONOutput.number(step).text) s is more than \(OptionBounds.grouped(OptionBounds.traceSamples)) samples: give a larger --step", usage: usage)
    }
    let samples = MotionTrace.samples(initial: session.preview, log: events, times: MotionTrace.times(from: from, to: to, step: step))
    session.reportWarnings()
    try printOutput(args.flags.contains("--json") ? MotionTrace.json(samples).text : MotionTrace.csv(samples))
    return 0
}

/// `splashlab lint`: plays the take on the model and reports what `MotionLint` finds. Exit 0
/// when clean, 1 with findings.
func lintCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("lint")
    let args = try ParsedArguments(arguments, command: "lint")
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let events = try args.values["--script"].map { try InputScript.load(path: $0).events } ?? []
    let thresholds = try lintThresholds(args, base: session.timings.lint, usage: usage)
    let outline = try ImageLibrary.logoOutline(catalog: session.catalog)
    let device = session.options.device
    let report = MotionLint.run(initial: session.preview, log: events, thresholds: thresholds) { hole in
        HoleGeometry.coversScreen(outline, hole: hole, width: device.width, height: device.height)
    }
    session.reportWarnings()
    try printOutput(args.flags.contains("--json") ? report.json.text : report.text)
    return report.isClean ? 0 : ExitCode.failure
}

/// The timings file's `lint` section, with any threshold the command line gives instead.
func lintThresholds(_ args: ParsedArguments, base: Timings.Lint, usage: String) throws -> Timings.Lint {
    var t = base
    let flags: [(String, String, WritableKeyPath<Timings.Lint, Double>)] = [
        ("--pop-share", "lint.popShare", \.popShare), ("--velocity-jump-share", "lint.velocityJumpShare", \.velocityJumpShare),
        ("--overshoot-share", "lint.overshootShare", \.overshootShare), ("--settle-budget", "lint.settleBudget", \.settleBudget),
    ]
    for (flag, path, key) in flags {
        guard let v = try args.double(flag, in: OptionBounds.lintThreshold, usage: usage) else { continue }
        // The declaration's own range decides, as for the same value in the timings file.
        if let problem = TimingsSchema.parameter(path)?.problem(with: .number(v)) {
            throw UsageError(message: "\(flag): \(problem)", usage: usage)
        }
        t[keyPath: key] = v
    }
    return t
}

// MARK: - render --graph

/// `render --graph`: the Graph view of a take (value and velocity of the chosen properties, the
/// interruption marks and list, the input ticks) drawn headless by the window's own widget, as a
/// PNG for a review document.
func renderGraphCommand(_ args: ParsedArguments, out: String, usage: String) throws -> Int32 {
    for stray in ["--at", "--count", "--compare", "--scale"] where args.values[stray] != nil {
        throw UsageError(message: "--graph draws the take from --from to --to; leave out \(stray)", usage: usage)
    }
    for stray in ["--launch", "--filmstrip", "--show-touches", "--burn-in"] where args.flags.contains(stray) {
        throw UsageError(message: "--graph draws the take's graph; leave out \(stray)", usage: usage)
    }
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let events = try args.values["--script"].map { try InputScript.load(path: $0).events } ?? []
    let from = try args.double("--from", in: OptionBounds.previewTime, unit: " s", usage: usage) ?? 0
    let to = try args.double("--to", in: OptionBounds.previewTime, unit: " s", usage: usage)
        ?? max(MotionLint.takeDuration(initial: session.preview, log: events), from + 1)
    guard from < to else { throw UsageError(message: "--from \(JSONOutput.number(from).text) must be earlier than --to \(JSONOutput.number(to).text)", usage: usage) }
    let graph = GraphPicture(width: 1200, height: 760)
    let times = (0...graph.columns).map { from + (to - from) * Double($0) / Double(graph.columns) }
    let samples = MotionTrace.samples(initial: session.preview, log: events, times: times)
    let chosen: [Int]
    if let list = args.values["--properties"] {
        chosen = try list.split(separator: ",").map { id in
            let id = id.trimmingCharacters(in: .whitespaces)
            guard let i = MotionProperty.index(of: id) else {
                throw UsageError(message: "--properties: unknown property '\(abbreviatedForMessage(id, quoted: false))'; properties: \(MotionProperty.all.map(\.id).joined(separator: ", "))", usage: usage)
            }
            return i
        }
    } else {
        chosen = MotionProperty.all.indices.filter { i in
            let vs = samples.compactMap { $0.values[i] }
            return (vs.max() ?? 0) - (vs.min() ?? 0) > 1e-9
        }
    }
    let series = chosen.map { i in
        MotionGraphSeries(id: MotionProperty.all[i].id, label: MotionProperty.all[i].label, unit: MotionProperty.all[i].unit,
                          values: samples.map { $0.values[i] }, velocities: samples.map { $0.velocities[i] })
    }
    let interruptions = Interruption.all(initial: session.preview, log: events)
    let threshold = session.timings.lint.velocityJumpShare
    // Series of different units share one plot only normalised: their axes could not be in units.
    let content = MotionGraphContent(times: times, series: series, normalise: Set(series.map(\.unit)).count > 1, playhead: from,
                                     inputTimes: events.compactMap { if case .move = $0.kind { return nil } else { return $0.time } },
                                     marks: interruptions.map { MotionGraphMark(time: $0.time, label: $0.kind.rawValue, flagged: abs($0.velocityJump) > threshold * $0.travel) })
    let pixels = try graph.draw(content, interruptions: interruptions, threshold: threshold, rendererName: session.options.renderer)
    try writePNG(pixels, width: graph.width, height: graph.height, to: out)
    session.reportWarnings()
    printError("wrote \(out), \(graph.width)x\(graph.height); \(series.count) propert\(series.count == 1 ? "y" : "ies"), \(interruptions.count) interruption\(interruptions.count == 1 ? "" : "s")")
    return 0
}

/// The Graph view alone in an offscreen window of its own.
struct GraphPicture {
    let width: Int, height: Int
    var columns: Int { width - Int(MotionGraphLayout.gutter) - 30 }

    func draw(_ content: MotionGraphContent, interruptions: [Interruption], threshold: Double, rendererName: String?) throws -> [UInt8] {
        let context = try RenderContext(target: .offscreen(width: width, height: height), rendererName: rendererName, vsync: false)
        let ui = try ImGuiSDLBridge(window: context.window, renderer: context.renderer)
        defer { ui.shutdown() }
        var pixels: [UInt8] = []
        // ImGui sizes a window in its first frame and draws it from the second.
        for frame in 0..<3 {
            SDL_SetRenderDrawColor(context.renderer, 24, 24, 28, 255)
            SDL_RenderClear(context.renderer)
            ui.beginFrame(deltaTime: 1.0 / 60)
            ui.panel(title: "Graph", x: 0, y: 0, width: Double(width), height: Double(height)) {
                var legend = ""
                for (i, s) in content.series.enumerated() {
                    legend += (i == 0 ? "" : "   ") + "\(i + 1). \(s.label)\(s.unit.isEmpty ? "" : " (\(s.unit))")"
                }
                ui.text("value and velocity from the model\(content.normalise ? ", each normalised to its own range" : ""): " + legend)
                let at = ui.cursor
                _ = ui.motionGraph(id: "graph", content, x: at.x, y: at.y, width: at.width, height: 520)
                for (n, i) in interruptions.enumerated() {
                    let p = MotionProperty.all[i.property]
                    let unit = p.unit.isEmpty ? "/s" : " \(p.unit)/s"
                    _ = ui.listRow(id: "interruption.\(n)", text: String(format: "%.3f s  %@: velocity %@ -> %@%@; %@", i.time, i.kind.rawValue,
                                                                        MotionGraphText.number(i.velocityBefore), MotionGraphText.number(i.velocityAfter), unit, i.rule),
                                   flagged: abs(i.velocityJump) > threshold * i.travel)
                }
            }
            ui.endFrameAndRender()
            if frame == 2 { pixels = try context.readPixels(width: width, height: height) }
        }
        return pixels
    }
}
