import App
import Session
import CSDL2
import Formats
import Foundation
import Geometry
import Inspector
import Motion
import Render
import Scenes

/// `state --trace`: every animated property's value and velocity, from the model, at
/// `from` + k × `step` up to `to` (the end of the take unless given), as CSV or JSON.
func traceCommand(_ options: StateOptions, from: Double, to given: Double?, step: Double, json: Bool) throws -> Int32 {
    let session = try makeSession(options.preview)
    let events = try options.scriptPath.map { try InputScript.load(path: $0).events } ?? []
    let to = given ?? max(MotionLint.takeDuration(initial: session.preview, log: events), from)
    guard (to - from) / step < Double(OptionBounds.traceSamples) else {
        throw UsageError(message: "\(CLIOption.from.name) \(JSONOutput.number(from).text) to the take's end \(JSONOutput.number(to).text) every \(JSONOutput.number(step).text) s is more than \(OptionBounds.grouped(OptionBounds.traceSamples)) samples: give a larger \(CLIOption.step.name) or \(CLIOption.to.name)", usage: CLI.usage("state"))
    }
    let samples = MotionTrace.samples(initial: session.preview, log: events, times: MotionTrace.times(from: from, to: to, step: step))
    session.reportWarnings()
    try printOutput(json ? MotionTrace.json(samples).text : MotionTrace.csv(samples))
    return 0
}

/// `splashlab lint`: plays the take on the model and reports what `MotionLint` finds. Exit 0
/// when clean, 1 with findings.
func lintCommand(_ arguments: [String]) throws -> Int32 {
    let options = try LintOptions(arguments)
    let session = try makeSession(options.preview)
    let events = try options.scriptPath.map { try InputScript.load(path: $0).events } ?? []
    let thresholds = try options.thresholds(over: session.timings)
    let outline = try ImageLibrary.logoOutline(catalog: session.catalog)
    let device = session.options.device
    let blink = try LaunchBlink.measure(session)
    // An intro file is checked in both appearances (seed 002: a light intro after a dark launch
    // screen is the white flash), unless the app forces one.
    var otherAppearances: [(appearance: String, difference: FrameDifference)] = []
    if session.introMedia != nil && session.launchScreen.forcedAppearance == nil {
        let other: Appearance = session.appearance == .light ? .dark : .light
        otherAppearances.append((other.rawValue, try LaunchBlink.measure(try session.withAppearance(other))))
    }
    let report = MotionLint.run(initial: session.preview, log: events, thresholds: thresholds, holeCoversScreen: { hole in
        HoleGeometry.coversScreen(outline, hole: hole, width: device.width, height: device.height)
    }, launchDifference: blink, launchAppearance: otherAppearances.isEmpty ? nil : session.appearance.rawValue, otherAppearances: otherAppearances)
    session.reportWarnings()
    try printOutput(options.json ? report.json.text : report.text)
    return report.isClean ? 0 : ExitCode.failure
}

// MARK: - render --graph

/// `render --graph`: the Graph view of a take (value and velocity of the chosen properties, the
/// interruption marks and list, the input ticks) drawn headless by the window's own widget, as a
/// PNG for a review document.
func renderGraphCommand(_ options: RenderOptions, from: Double, to given: Double?, properties: [String]?) throws -> Int32 {
    guard let out = options.out else { throw UsageError(message: "render --graph needs --out FILE.png", usage: CLI.usage("render")) }
    let session = try makeSession(options.review.preview)
    let events = try options.review.scriptPath.map { try InputScript.load(path: $0).events } ?? []
    let to = given ?? max(MotionLint.takeDuration(initial: session.preview, log: events), from + 1)
    let graph = GraphPicture(width: 1200, height: 760)
    let times = (0...graph.columns).map { from + (to - from) * Double($0) / Double(graph.columns) }
    let samples = MotionTrace.samples(initial: session.preview, log: events, times: times)
    let chosen: [Int]
    if let properties {
        // RenderOptions has checked every id.
        chosen = properties.compactMap { MotionProperty.index(of: $0) }
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
