import App
import Session
import Exports
import Formats
import Foundation
import Render
import Scenes

/// `splashlab export WHAT`: tuned values back to the platforms. What each target writes is the
/// `Exports` library's; this parses the options the target takes, makes the session, and draws
/// the images a target asks for.
func exportCommand(_ arguments: [String], targets: ExportTargets = .standard) throws -> Int32 {
    let target: any ExportTarget, rest: [String]
    do {
        (target, rest) = try targets.resolve(arguments)
    } catch let error as ExportTargetError {
        throw UsageError(message: error.description, usage: CLI.usage("export"))
    }
    let what = target.name
    switch target.options {
    case .timings:
        let export = try ExportOptions(rest)
        try export.checkPrintsToStandardOutput(what)
        var options = PreviewOptions(device: try defaultDevice())
        options.timingsPath = export.timingsPath
        options.assetsDirectory = export.assetsDirectory
        try write(try target.export(makeSession(options).exportSource(page: false)), of: what, to: nil)
    case .preview:
        let export = try PlatformExportOptions(what, rest)
        let session = try makeSession(export.preview)
        let output = try target.export(session.exportSource(page: export.html))
        // The launch screen's warnings (assets that fell back, sources that failed).
        session.reportWarnings()
        try write(output, of: what, to: export.out)
    case .folder:
        let export = try ExportOptions(rest)
        let out = try export.outputFolder(what)
        try OutputFile.createFolder(out)
        var options = PreviewOptions(device: try defaultDevice(), seed: 0)
        options.assetsDirectory = export.assetsDirectory
        options.timingsPath = export.timingsPath
        options.renderer = export.renderer
        try write(try target.export(makeSession(options).exportSource(page: false)), of: what, to: out)
    }
    return 0
}

/// Writes what export `what` made: text to standard output, or to the file `out`; files into the
/// folder `out`, each whole or not at all (`OutputFile`), drawn one at a time.
func write(_ output: ExportOutput, of what: String, to out: String?) throws {
    switch output {
    case let .text(text):
        guard let out else { return try printOutput(text) }
        try OutputFile.write(text + "\n", to: out)
        printError("wrote \(out)")
    case let .files(files, description):
        guard let out else { throw UsageError(message: "export \(what) writes files and needs --out DIR", usage: CLI.usage("export")) }
        for file in files { try OutputFile.write(try file.contents(), to: "\(out)/\(file.name)") }
        printError("wrote \(files.count) \(description) to \(out)")
    }
}

/// The device an export starts from when none is asked for (the launch images draw every device).
func defaultDevice() throws -> Device {
    guard let device = Device.named(Device.defaultName) else { throw UsageError(message: "no device preset is named \(Device.defaultName)", usage: CLI.usage("export")) }
    return device
}

extension PreviewSession {
    /// What an export reads from this session; its images are drawn by the app's renderer.
    func exportSource(page: Bool) -> ExportSource {
        ExportSource(splash: preview.splash, timingsPath: timingsPath, launch: launchBackground,
                     launchDescription: launchScreen.introDescription, page: page, images: SessionExportImages(session: self))
    }
}

/// The images of an export, from the session's assets and drawn offscreen at each device's pixel size.
struct SessionExportImages: ExportImages {
    let session: PreviewSession

    func logo() throws -> [UInt8] {
        var catalog = session.catalog
        return try JSONParser.readFile(catalog.path(AssetCatalog.fileName(.logo)), limit: .image)
    }

    func splashText() throws -> [UInt8] {
        var catalog = session.catalog
        return try JSONParser.readFile(catalog.path(AssetCatalog.fileName(.splashText(session.preview.splash.options.textVariant))), limit: .image)
    }

    func screen() throws -> [UInt8] {
        let device = session.options.device
        return try draw(session, on: device, naming: "the screen image") { Scene(width: device.width, height: device.height, commands: [.feed(scale: 1)]) }
    }

    /// A session of its own per device, as the launch screen is laid out for it.
    func launchScreen(on device: Device) throws -> [UInt8] {
        var options = session.options
        options.device = device
        let deviceSession = try makeSession(options)
        return try draw(deviceSession, on: device, naming: "the launch image of \(device.name) (\(device.orientation.rawValue))") { deviceSession.launchScene() }
    }

    /// `scene` drawn offscreen as a PNG; `name` is what an error says could not be encoded.
    func draw(_ session: PreviewSession, on device: Device, naming name: String, _ scene: () -> Scene) throws -> [UInt8] {
        let context = try RenderContext(target: .offscreen(width: device.pixelWidth, height: device.pixelHeight),
                                        rendererName: session.options.renderer, vsync: false)
        let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: device.scale))
        try renderer.draw(scene())
        let pixels = try context.readPixels(width: device.pixelWidth, height: device.pixelHeight)
        session.reportWarnings(renderer.images.catalog.warnings)
        return try pixels.withUnsafeBytes { try encodePNG($0, width: device.pixelWidth, height: device.pixelHeight, for: name) }
    }
}
