import App
import Formats
import Foundation
import Geometry
import Motion
import Render
import Scenes

func devicesCommand(_ arguments: [String]) throws -> Int32 {
    _ = try ParsedArguments(arguments, command: "devices")
    var lines = ["name                points     scale  note"]
    for d in Device.presets {
        let points = "\(Int(d.portraitWidth))x\(Int(d.portraitHeight))"
        let pad = { (s: String, n: Int) in s + String(repeating: " ", count: max(n - s.count, 1)) }
        lines.append(pad(d.name + (d.name == Device.defaultName ? " *" : ""), 20) + pad(points, 11) + pad("@\(Int(d.scale))x", 7) + d.note)
    }
    lines.append("* the default; every device also has --orientation landscape")
    try printOutput(lines.joined(separator: "\n"))
    return 0
}

func stateCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("state")
    let args = try ParsedArguments(arguments, command: "state")
    if args.flags.contains("--trace") { return try traceCommand(args, usage: usage) }
    if let stray = ["--from", "--to", "--step"].first(where: { args.values[$0] != nil }) ?? (args.flags.contains("--json") ? "--json" : nil) {
        throw UsageError(message: "\(stray) belongs to a trace: add --trace", usage: usage)
    }
    guard args.values["--at"] != nil else { throw UsageError(message: "state needs --at SECONDS (or --trace)", usage: usage) }
    let t = try args.double("--at", in: OptionBounds.previewTime, unit: " s", usage: usage)!
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let playback = try scriptedPlayback(session, scriptPath: args.values["--script"], at: t)
    session.reportWarnings()
    try printOutput(playback.state.text)
    return 0
}

func renderCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("render")
    let args = try ParsedArguments(arguments, command: "render")
    guard let out = args.values["--out"] else { throw UsageError(message: "render needs --out FILE.png", usage: usage) }
    if args.flags.contains("--graph") { return try renderGraphCommand(args, out: out, usage: usage) }
    if args.values["--properties"] != nil { throw UsageError(message: "--properties chooses what --graph plots: add --graph", usage: usage) }
    let launch = args.flags.contains("--launch")
    let filmstrip = args.flags.contains("--filmstrip")
    let compare = args.lists["--compare"] != nil
    if filmstrip {
        guard args.values["--at"] == nil && !launch else {
            throw UsageError(message: "--filmstrip takes --from, --to and --count instead of --at or --launch", usage: usage)
        }
        guard !compare else { throw UsageError(message: "--filmstrip shows one timings file; leave out --compare", usage: usage) }
    } else {
        guard launch != (args.values["--at"] != nil) else {
            throw UsageError(message: "render needs exactly one of --at SECONDS, --launch or --filmstrip", usage: usage)
        }
        if let stray = ["--from", "--to", "--count"].first(where: { args.values[$0] != nil }) {
            throw UsageError(message: "\(stray) sets a filmstrip's frames: add --filmstrip", usage: usage)
        }
        if compare && launch { throw UsageError(message: "--compare shows the variants at a time: use --at SECONDS, not --launch", usage: usage) }
    }
    let t = try args.double("--at", in: OptionBounds.previewTime, unit: " s", usage: usage) ?? 0
    let count = try args.int("--count", in: OptionBounds.filmstripFrames, usage: usage) ?? 8
    let from = try args.double("--from", in: OptionBounds.previewTime, unit: " s", usage: usage) ?? 0
    let toGiven = try args.double("--to", in: OptionBounds.previewTime, unit: " s", usage: usage)
    if let toGiven, from > toGiven {
        throw UsageError(message: "--from \(args.values["--from"]!) is later than --to \(args.values["--to"]!)", usage: usage)
    }
    let options = try PreviewOptions(args, usage: usage)
    let scale = try args.double("--scale", in: OptionBounds.scale, usage: usage) ?? options.device.scale
    let (sessions, names) = try reviewSessions(args, options: options, usage: usage)
    let script = try args.values["--script"].map { try InputScript.load(path: $0) } ?? InputScript(events: [])
    let reviewOptions = ReviewOptions(showTouches: args.flags.contains("--show-touches"), burnIn: args.flags.contains("--burn-in"))
    let reel: ReviewReel
    let tiles: [ReviewTile]
    if filmstrip {
        // By default the strip spans the splash, to its end.
        let to = toGiven ?? max(options.skipSplash ? 0 : sessions[0].preview.splash.endTime, from)
        if toGiven == nil && from > to {
            throw UsageError(message: "--from \(args.values["--from"]!) is later than the splash's end (\(JSONOutput.number(to).text) s): give --to", usage: usage)
        }
        let times = (0..<count).map { i in count == 1 ? from : from + (to - from) * Double(i) / Double(count - 1) }
        reel = try ReviewReel(kind: .filmstrip, sessions: sessions, names: names, script: script, scale: scale, tiles: count,
                              options: reviewOptions, rendererName: options.renderer)
        tiles = times.map { ReviewTile(variant: 0, time: $0) }
    } else {
        reel = try ReviewReel(kind: compare ? .compare : .single, sessions: sessions, names: names, script: script, scale: scale,
                              tiles: sessions.count, options: reviewOptions, rendererName: options.renderer)
        tiles = sessions.indices.map { ReviewTile(variant: $0, time: t, launch: launch) }
    }
    let pixels = try reel.compose(tiles)
    try writePNG(pixels, width: reel.width, height: reel.height, to: out)
    for v in reel.variants { v.session.reportWarnings(v.renderer.images.catalog.warnings) }
    if tiles.count > 1 { printError("wrote \(out), \(reel.width)x\(reel.height); tiles: \(reel.tileSummary(tiles))") }
    return 0
}

/// The session's preview with a script's inputs (or none), at time t.
func scriptedPlayback(_ session: PreviewSession, scriptPath: String?, at t: Double) throws -> Playback {
    let events = try scriptPath.map { try InputScript.load(path: $0).events } ?? []
    return Playback(initial: session.preview, log: events, time: t)
}

/// `splashlab timings`: the declaration of every tunable parameter (`--schema` as JSON,
/// `--markdown` as README's table), or, with neither, a check of the active timings file that
/// prints it back with every parameter filled in.
func timingsCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("timings")
    let args = try ParsedArguments(arguments, command: "timings")
    if args.flags.contains("--schema") && args.flags.contains("--markdown") {
        throw UsageError(message: "timings takes --schema or --markdown, not both", usage: usage)
    }
    if args.flags.contains("--schema") { try printOutput(TimingsSchema.json.text); return 0 }
    if args.flags.contains("--markdown") { try printOutput(TimingsSchema.markdown); return 0 }
    var options = PreviewOptions(device: Device.named(Device.defaultName)!)
    options.timingsPath = args.values["--timings"]
    let session = try makeSession(options)
    try printOutput(TimingsSchema.fileText(session.timings), terminator: "")
    printError("\(session.timingsPath): every value is valid")
    return 0
}
