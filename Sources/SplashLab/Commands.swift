import App
import Formats
import Foundation
import Motion
import Render
import Scenes

func devicesCommand(_ arguments: [String]) throws -> Int32 {
    _ = try ParsedArguments(arguments, command: "devices")
    print("name                points     scale  note")
    for d in Device.presets {
        let points = "\(Int(d.portraitWidth))x\(Int(d.portraitHeight))"
        let pad = { (s: String, n: Int) in s + String(repeating: " ", count: max(n - s.count, 1)) }
        print(pad(d.name + (d.name == Device.defaultName ? " *" : ""), 20) + pad(points, 11) + pad("@\(Int(d.scale))x", 7) + d.note)
    }
    print("* the default; every device also has --orientation landscape")
    return 0
}

func stateCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("state")
    let args = try ParsedArguments(arguments, command: "state")
    guard args.values["--at"] != nil else { throw UsageError(message: "state needs --at SECONDS", usage: usage) }
    let t = try args.double("--at", usage: usage)!
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let playback = try scriptedPlayback(session, scriptPath: args.values["--script"], at: t)
    session.reportWarnings()
    print(playback.state.text)
    return 0
}

func renderCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("render")
    let args = try ParsedArguments(arguments, command: "render")
    guard let out = args.values["--out"] else { throw UsageError(message: "render needs --out FILE.png", usage: usage) }
    let launch = args.flags.contains("--launch")
    guard launch != (args.values["--at"] != nil) else {
        throw UsageError(message: "render needs exactly one of --at SECONDS or --launch", usage: usage)
    }
    let t = try args.double("--at", usage: usage) ?? 0
    let options = try PreviewOptions(args, usage: usage)
    let scale = try args.positiveDouble("--scale", usage: usage) ?? options.device.scale
    let session = try makeSession(options)
    let width = Int((options.device.width * scale).rounded()), height = Int((options.device.height * scale).rounded())
    guard width <= AssetCatalog.maxImageSide, height <= AssetCatalog.maxImageSide else {
        throw UsageError(message: "--scale \(scale) makes a \(width)x\(height) frame; the limit is \(AssetCatalog.maxImageSide) px a side", usage: usage)
    }
    let context = try RenderContext(target: .offscreen(width: width, height: height), rendererName: options.renderer, vsync: false)
    let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: scale))
    let playback = try scriptedPlayback(session, scriptPath: args.values["--script"], at: t)
    let scene = launch ? playback.preview.splash.launchScene() : playback.scene
    try renderer.draw(scene)
    let pixels = try context.readPixels(width: width, height: height)
    try writePNG(pixels, width: width, height: height, to: out)
    session.reportWarnings(renderer.images.catalog.warnings)
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
    if args.flags.contains("--schema") { print(TimingsSchema.json.text); return 0 }
    if args.flags.contains("--markdown") { print(TimingsSchema.markdown); return 0 }
    var options = PreviewOptions(device: Device.named(Device.defaultName)!)
    options.timingsPath = args.values["--timings"]
    let session = try makeSession(options)
    print(TimingsSchema.fileText(session.timings), terminator: "")
    printError("\(session.timingsPath): every value is valid")
    return 0
}
