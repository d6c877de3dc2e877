import Formats
import Foundation
import Geometry
import Render
import Motion
import Scenes

/// What a preview is made from: the device, the seed and the options a user gives.
public struct PreviewOptions: Sendable {
    public var device: Device
    public var seed: UInt64?
    public var feedLatency: Double = 0.8
    public var reduceMotion = false
    public var timingsPath: String?
    public var assetsDirectory: String?
    public var renderer: String?
    public var skipSplash = false

    public init(device: Device, seed: UInt64? = nil, feedLatency: Double = 0.8, reduceMotion: Bool = false,
                timingsPath: String? = nil, assetsDirectory: String? = nil, renderer: String? = nil, skipSplash: Bool = false) {
        self.device = device; self.seed = seed; self.feedLatency = feedLatency; self.reduceMotion = reduceMotion
        self.timingsPath = timingsPath; self.assetsDirectory = assetsDirectory; self.renderer = renderer; self.skipSplash = skipSplash
    }
}

/// Everything a preview command needs, built from its options: timings, assets, the launch
/// source, and the preview model. The command line, the window and the tests all build it the
/// same way.
public struct PreviewSession {
    public var options: PreviewOptions
    public var timings: Timings
    public var timingsPath: String
    /// The timings file's bytes as the session read them (`withTimings` keeps them): the window's document and the burn-in's hash use them
    /// rather than reading the file again, which a pipe (`--timings <(…)`) could not give twice.
    public var timingsBytes: [UInt8]
    public var catalog: AssetCatalog
    public var launchBackground: LaunchBackground
    public var preview: Preview
    /// The preview as it starts, before any input: what a replay goes back to.
    public private(set) var initialPreview: Preview
    public var seed: UInt64

    public init(_ options: PreviewOptions, builtInAssets builtIn: String) throws {
        self.options = options
        var catalog = try AssetCatalog(builtIn: builtIn, user: options.assetsDirectory)
        // Timings: --timings, else the assets folder's own timings.json, else the built-in defaults.
        let path = options.timingsPath ?? catalog.path("timings.json")
        guard FileManager.default.fileExists(atPath: path) else { throw RenderError("timings file \(path) not found") }
        timingsPath = path
        timingsBytes = try JSONParser.readFile(path, limit: .timings)
        timings = try Timings.parse(bytes: timingsBytes, path: path)
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
        initialPreview = preview
        self.catalog = catalog
    }

    /// The same session with other timings: a fresh preview, the same device, seed and layout.
    public func withTimings(_ newTimings: Timings) -> PreviewSession {
        var copy = self
        copy.timings = newTimings
        let s = preview.splash
        let sequence = SplashSequence(timings: newTimings, device: s.device, layout: s.layout, options: initialPreview.splash.options)
        copy.preview = Preview(splash: sequence, feed: preview.feed, skipSplash: preview.skipSplash)
        copy.initialPreview = copy.preview
        return copy
    }

    /// Warnings about assets that fell back to the built-in ones, each said once.
    public func reportWarnings(_ extra: [String] = []) {
        var seen = Set<String>()
        for w in catalog.warnings + extra where seen.insert(w).inserted { OutputFile.writeStandardError(w + "\n") }
    }

    /// A renderer for this session's scenes on a context.
    public func makeSceneRenderer(context: RenderContext, mapping: PointToPixel, primed: Bool = true) throws -> SceneRenderer {
        // The logo is never drawn larger than its end size while visible (the hole's logo fades out
        // while the hole is still small), so that is the size to prepare it at, with room for the
        // 0.85 → 1 swing and the 1.05 feed scale.
        let logoPixels = Int(clamping: (preview.splash.stillValue(.logoSize) * 1.1 * mapping.scale).rounded(.up))
        let images = ImageLibrary(context: context, catalog: catalog, logoPixelSize: logoPixels)
        let renderer = try SceneRenderer(context: context, images: images, launchBackground: launchBackground,
                                         feedLayout: preview.feed, mapping: mapping)
        // The launch frame always: the first frame is then as cheap as the others.
        try renderer.prime(with: [preview.scene(at: 0)])
        if primed { try primeAppearance(renderer) }
        return renderer
    }

    /// Draws the logo's first moves, with the text fading in, without presenting: the
    /// appearance's first frames then cost what the others do. The window and `bench` call it
    /// after their first present, so the launch frame is not kept waiting for it; offline renders
    /// before their first frame (`makeSceneRenderer(primed: true)`).
    public func primeAppearance(_ renderer: SceneRenderer) throws {
        let splash = preview.splash
        try renderer.prime(with: [0.05, splash.appearDuration * 0.5, splash.appearDuration].map { preview.scene(at: $0) })
    }
}
