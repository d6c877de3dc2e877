import Formats
import Foundation
import Geometry
import Motion
import Render
import Scenes

func devicesCommand(_ arguments: [String]) throws -> Int32 {
    _ = try ParsedArguments(arguments, valueOptions: [], flagOptions: [], usage: "usage: splashlab devices")
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
    let usage = usageLine("state")
    let args = try ParsedArguments(arguments, valueOptions: ["--at", "--script"] + PreviewOptions.valueOptions,
                                   flagOptions: PreviewOptions.flagOptions, usage: usage)
    guard args.values["--at"] != nil else { throw UsageError(message: "state needs --at SECONDS", usage: usage) }
    let t = try args.double("--at", usage: usage)!
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let preview = try scriptedPreview(session, scriptPath: args.values["--script"], until: t)
    session.reportWarnings()
    print(preview.state(at: t).text)
    return 0
}

func renderCommand(_ arguments: [String]) throws -> Int32 {
    let usage = usageLine("render")
    let args = try ParsedArguments(arguments, valueOptions: ["--at", "--out", "--scale", "--script"] + PreviewOptions.valueOptions,
                                   flagOptions: ["--launch"] + PreviewOptions.flagOptions, usage: usage)
    guard let out = args.values["--out"] else { throw UsageError(message: "render needs --out FILE.png", usage: usage) }
    let launch = args.flags.contains("--launch")
    guard launch != (args.values["--at"] != nil) else {
        throw UsageError(message: "render needs exactly one of --at SECONDS or --launch", usage: usage)
    }
    let t = try args.double("--at", usage: usage) ?? 0
    let options = try PreviewOptions(args, usage: usage)
    let scale = try args.positiveDouble("--scale", usage: usage) ?? options.device.scale
    let session = try makeSession(options)
    let width = Int(clamping: (options.device.width * scale).rounded()), height = Int(clamping: (options.device.height * scale).rounded())
    guard width <= AssetCatalog.maxImageSide, height <= AssetCatalog.maxImageSide else {
        throw UsageError(message: "--scale \(scale) makes a \(width)x\(height) frame; the limit is \(AssetCatalog.maxImageSide) px a side", usage: usage)
    }
    let context = try RenderContext(target: .offscreen(width: width, height: height), rendererName: options.renderer, vsync: false)
    let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: scale))
    let preview = try scriptedPreview(session, scriptPath: args.values["--script"], until: t)
    let scene = launch ? preview.splash.launchScene() : preview.scene(at: t)
    try renderer.draw(scene)
    let pixels = try context.readPixels(width: width, height: height)
    try writePNG(pixels, width: width, height: height, to: out)
    session.reportWarnings(renderer.images.catalog.warnings)
    return 0
}

/// The session's preview after a script's inputs up to time t (or as it starts, with no script).
func scriptedPreview(_ session: PreviewSession, scriptPath: String?, until t: Double) throws -> Preview {
    guard let scriptPath else { return session.preview }
    return session.preview.replaying(try InputScript.load(path: scriptPath), until: t)
}
