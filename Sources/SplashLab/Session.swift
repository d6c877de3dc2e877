import Foundation
import Motion
import Render
import Scenes

/// Everything a preview command needs, built from its options: timings, assets, the launch
/// source, and the preview model.
struct Session {
    var options: PreviewOptions
    var timings: Timings
    var timingsPath: String
    var catalog: AssetCatalog
    var launchBackground: LaunchBackground
    var preview: Preview
    var seed: UInt64

    static func builtInAssets() throws -> String {
        guard let dir = AssetCatalog.locateBuiltIn(executablePath: CommandLine.arguments[0]) else {
            throw RenderError("cannot find the built-in Assets folder (looked beside the executable and in ./Assets); set SPLASHLAB_ASSETS=/path/to/Assets")
        }
        return dir
    }

    init(_ options: PreviewOptions) throws {
        self.options = options
        let builtIn = try Session.builtInAssets()
        var catalog = try AssetCatalog(builtIn: builtIn, user: options.assetsDirectory)
        // Timings: --timings, else the assets folder's own timings.json, else the built-in defaults.
        let path = options.timingsPath ?? catalog.path("timings.json")
        guard FileManager.default.fileExists(atPath: path) else { throw RenderError("timings file \(path) not found") }
        timingsPath = path
        timings = try Timings.load(path: path)
        seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let variant = Preview.textVariant(seed: seed, count: AssetCatalog.splashTextCount)
        let (background, description) = try catalog.launchSource(device: options.device)
        launchBackground = background
        let textSize = try catalog.splashTextSize(variant: variant)
        let layout = description.layout(device: options.device, textSize: textSize)
        let sequence = SplashSequence(timings: timings, device: options.device, layout: layout,
                                      options: SplashOptions(feedLatency: options.feedLatency, reduceMotion: options.reduceMotion,
                                                             textVariant: variant))
        preview = Preview(splash: sequence, feed: FeedLayout(device: options.device, content: FeedContent(seed: seed)),
                          skipSplash: options.skipSplash)
        self.catalog = catalog
    }

    /// Warnings about assets that fell back to the built-in ones, each said once.
    func reportWarnings(_ extra: [String] = []) {
        var seen = Set<String>()
        for w in catalog.warnings + extra where seen.insert(w).inserted { FileHandle.standardError.write((w + "\n").data(using: .utf8)!) }
    }

    /// A renderer for this session's scenes on a context.
    func makeSceneRenderer(context: RenderContext, mapping: PointToPixel) throws -> SceneRenderer {
        // The logo is never drawn larger than its end size while visible (the hole's logo fades out
        // while the hole is still small), so that is the size to prepare it at, with room for the
        // 0.85 → 1 swing and the 1.05 feed scale.
        let logoPixels = Int((timings.splash.logoEndSize * 1.1 * mapping.scale).rounded(.up))
        let images = ImageLibrary(renderer: context.renderer, catalog: catalog, logoPixelSize: logoPixels)
        return try SceneRenderer(context: context, images: images, launchBackground: launchBackground,
                                 feedLayout: preview.feed, mapping: mapping)
    }
}
