import App
import Formats
import Foundation
import Geometry
import Render
import Motion
import Scenes
import LaunchImport

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
    /// The launch screen, from its sources (`LaunchScreen`), never from the animation.
    public var launchScreen: LaunchScreen
    /// The appearance shown; the intro's background and the launch screen follow it.
    public private(set) var appearance: Appearance
    /// The intro's background in that appearance.
    public var launchBackground: LaunchBackground { launchScreen.introBackground(shownAppearance) }
    /// The appearance drawn: the one asked for, unless the app forces one (`UIUserInterfaceStyle`).
    public var shownAppearance: Appearance { launchScreen.forcedAppearance ?? appearance }
    /// Warnings from reading the launch screen's sources.
    public var launchWarnings: [String] = []
    /// The user's first screens (`--screen`, else the assets' `screen.png` or
    /// `screen-landscape.png`), checked; the first is shown until the window cycles them.
    public private(set) var screens: [String] = []
    public var preview: Preview
    /// The intro file playing in the appearance shown (`--intro`, `--intro-dark`, or the assets'
    /// `intro.*`), decoded by Render; the splash holds its time structure (`SplashOptions.intro`).
    public private(set) var introMedia: IntroMedia?
    /// The preview as it starts, before any input: what a replay goes back to.
    public private(set) var initialPreview: Preview
    public var seed: UInt64

    public init(_ options: PreviewOptions, builtInAssets builtIn: String) throws {
        self.options = options
        var catalog = try AssetCatalog(builtIn: builtIn, user: options.assetsDirectory)
        // Timings: --timings, else the assets folder's own timings.json, else the built-in defaults.
        let path = options.timingsPath ?? catalog.path("timings.json")
        guard FileManager.default.fileExists(atPath: path) else { throw UserFacingError("timings file \(path) not found") }
        timingsPath = path
        timingsBytes = try JSONParser.readFile(path, limit: .timings)
        timings = try Timings.parse(bytes: timingsBytes, path: path)
        seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let variant = Preview.textVariant(seed: seed, count: AssetCatalog.splashTextCount)
        var screen = catalog.launchScreen(device: options.device)
        var logoFit = IntroLogoFit.builtIn
        if options.projectDirectory != nil {
            (screen, logoFit, launchWarnings) = PreviewSession.importProject(options, builtInScreen: screen, catalog: &catalog)
        }
        launchScreen = screen
        appearance = options.appearance
        if let forced = screen.forcedAppearance, forced != options.appearance {
            launchWarnings.append("warning: \(screen.source): the app forces UIUserInterfaceStyle \(forced.rawValue.capitalized); the launch screen shows \(forced.rawValue), as iOS shows it")
        }
        let description = screen.introDescription
        let textSize = try catalog.splashTextSize(variant: variant)
        var layout = description.layout(device: options.device, textSize: textSize)
        layout.logoFit = logoFit
        layout.launchShowsLogo = options.projectDirectory == nil || screen.introLogo != nil
        let shown = screen.forcedAppearance ?? options.appearance
        introMedia = try PreviewSession.loadIntro(options, appearance: shown)
        if let media = introMedia {
            launchWarnings += media.warnings
            launchWarnings += IntroPlayback(clip: media.clip, timings: timings, device: options.device, logoFrame: layout.launchLogoFrame).warnings
        }
        let sequence = SplashSequence(timings: timings, device: options.device, layout: layout,
                                      options: SplashOptions(feedLatency: options.feedLatency, reduceMotion: options.reduceMotion,
                                                             textVariant: variant, intro: introMedia?.clip))
        preview = Preview(splash: sequence, feed: FeedLayout(device: options.device, content: FeedContent(seed: seed)),
                          skipSplash: options.skipSplash)
        let given = options.screenPaths.isEmpty ? PreviewSession.assetsScreen(options) : options.screenPaths
        for path in given {
            if let warning = try PreviewSession.checkScreen(path, device: options.device) { launchWarnings.append(warning) }
        }
        screens = given
        preview.userScreen = given.first
        initialPreview = preview
        self.catalog = catalog
    }

    /// The project's launch screen in the options' appearance (an image view sized by its image
    /// takes that appearance's file's size), and the intro that starts from it.
    static func importProject(_ options: PreviewOptions, builtInScreen: LaunchScreen, catalog: inout AssetCatalog)
        -> (LaunchScreen, IntroLogoFit, [String]) {
        guard let project = options.projectDirectory else { return (builtInScreen, .builtIn, []) }
        let measurer = TextMeasurer()
        let importOptions = LaunchImportOptions(target: options.projectTarget, appearance: options.appearance, measure: { text, size, weight in
            measurer.measure(text, pointSize: size, weight: weight, lineHeight: SystemFontFace.lineHeight)
        })
        var (screen, warnings) = XcodeProjectLaunch.load(directory: project, device: options.device, intro: builtInScreen.introDescription, options: importOptions)
        warnings += measurer.warnings
        let fit = startIntroFromLaunchScreen(&screen, catalog: &catalog, options: options, warnings: &warnings)
        return (screen, fit, warnings)
    }

    /// Seed 000: with a project, the intro is a copy of its launch screen whose main image view
    /// grows and becomes the hole. Its centre, width and aspect ratio, its opacity and its image
    /// (unless `--assets` gives a logo) come from that view, so the defaults show no blink. A
    /// launch screen with no image view keeps the built-in logo.
    static func startIntroFromLaunchScreen(_ screen: inout LaunchScreen, catalog: inout AssetCatalog, options: PreviewOptions,
                                           warnings: inout [String]) -> IntroLogoFit {
        let device = options.device
        let appearance = screen.forcedAppearance ?? options.appearance
        var chosen: (index: Int, image: LaunchImageElement, file: LaunchImageFile)?
        for index in screen.logoImageCandidates(id: options.logoView, device: device) {
            guard case let .image(image) = screen.elements[index], let file = image.asset.file(appearance: appearance, scale: device.scale) else { continue }
            // An image with no visible pixel (Flutter's template ships a 1x1 transparent
            // placeholder) makes no hole: the next image view is taken, else the built-in logo.
            if let decoded = try? ImageLibrary.decode(file.path, pixelSize: nil), !ImageLibrary.hasVisiblePixel(decoded) {
                let name = image.origin.map { "\($0.element)\($0.id.map { " \($0)" } ?? "")" } ?? "an image view"
                warnings.append("warning: \(file.path): the image of \(name) is fully transparent, so it cannot be the intro's logo; "
                                + "the launch screen draws it as it is")
                continue
            }
            chosen = (index, image, file)
            break
        }
        guard let (index, image, file) = chosen else {
            if let id = options.logoView {
                let named = screen.elements.contains { if case let .image(i) = $0 { return i.origin?.id == id } else { return false } }
                if !named {
                    warnings.append("warning: \(screen.source): no image view with id \(id); the intro keeps the built-in logo")
                } else if !warnings.contains(where: { $0.contains("fully transparent") }) {
                    warnings.append("warning: \(screen.source): image view \(id) is not visible (alpha 0, or drawn off the screen); the intro keeps the built-in logo")
                }
            }
            return .builtIn
        }
        let rect = image.contentMode.imageRect(file.pointSize, in: image.frame)
        guard rect.width > 0, rect.height > 0 else { return .builtIn }
        screen.introLogo = index
        screen.introDescription.logoCenter = (rect.midX / device.width, rect.midY / device.height)
        screen.introDescription.logoSize = rect.width
        catalog.logoOverride = file.path
        catalog.logoTint = image.tint?.resolved(appearance)
        return IntroLogoFit(sizeScale: rect.width / LaunchDescription.defaultLogoSize, aspect: rect.width / rect.height,
                            opacity: image.opacity, showsText: catalog.userHasSplashTexts)
    }

    /// The same session with other timings: a fresh preview, the same device, seed and layout.
    public func withTimings(_ newTimings: Timings) -> PreviewSession {
        var copy = self
        copy.timings = newTimings
        let s = preview.splash
        let sequence = SplashSequence(timings: newTimings, device: s.device, layout: s.layout, options: initialPreview.splash.options)
        copy.preview = Preview(splash: sequence, feed: preview.feed, skipSplash: preview.skipSplash)
        copy.preview.userScreen = preview.userScreen
        copy.initialPreview = copy.preview
        return copy
    }

    /// Warnings about assets that fell back to the built-in ones and launch sources that failed, each said once.
    public func reportWarnings(_ extra: [String] = []) {
        var seen = Set<String>()
        for w in catalog.warnings + launchWarnings + extra where seen.insert(w).inserted { OutputFile.writeStandardError(w + "\n") }
    }

    // MARK: The user's first screen

    /// The smallest side a screen image may have, in pixels: a smaller one is no screenshot.
    public static let smallestScreenSide = 16
    /// A screen whose aspect ratio is off the device's by more than this share is stretched with a warning.
    public static let screenAspectTolerance = 0.02

    /// The assets folder's screen for the orientation, if it has one: `screen.png` in portrait,
    /// `screen-landscape.png` in landscape.
    static func assetsScreen(_ options: PreviewOptions) -> [String] {
        guard let folder = options.assetsDirectory else { return [] }
        let path = folder + (options.device.orientation == .landscape ? "/screen-landscape.png" : "/screen.png")
        return FileManager.default.fileExists(atPath: path) ? [path] : []
    }

    /// Checks a screen image's header: a PNG, within the size limits, at least 16 px a side. Returns
    /// a warning when its aspect ratio differs from the device's by more than 2%: it is stretched.
    public static func checkScreen(_ path: String, device: Device) throws -> String? {
        let (w, h) = try AssetCatalog.pngSize(path)
        guard min(w, h) >= smallestScreenSide else {
            throw UserFacingError("image is \(w)x\(h) px; a screen needs at least \(smallestScreenSide) px on a side", file: path)
        }
        let imageAspect = Double(w) / Double(h), deviceAspect = device.width / device.height
        guard abs(imageAspect / deviceAspect - 1) > screenAspectTolerance else { return nil }
        let aspect = { (v: Double) in String(format: "%.3f", v) }
        return "warning: \(path) is \(w)x\(h) px (aspect \(aspect(imageAspect))) but \(device.name) \(device.orientation.rawValue) is "
            + "\(Int(device.width))x\(Int(device.height)) pt (aspect \(aspect(deviceAspect))); it is stretched to fill"
    }

    /// The same session showing screen `index` of `screens` under the hole.
    public func showingScreen(_ index: Int) -> PreviewSession {
        var copy = self
        guard screens.indices.contains(index) else { return copy }
        copy.preview.userScreen = screens[index]
        copy.initialPreview.userScreen = screens[index]
        return copy
    }

    /// The intro file for an appearance: in dark, `--intro-dark` or the assets' `intro-dark.*`
    /// (apps ship a second file for dark mode), else the light one; nil when there is none.
    static func introPath(_ options: PreviewOptions, appearance: Appearance) -> String? {
        func inAssets(_ stem: String) -> String? {
            guard let folder = options.assetsDirectory else { return nil }
            return IntroMedia.assetExtensions.lazy.map { "\(folder)/\(stem).\($0)" }.first { FileManager.default.fileExists(atPath: $0) }
        }
        let light = options.introPath ?? inAssets("intro")
        guard appearance == .dark else { return light }
        return options.introDarkPath ?? inAssets("intro-dark") ?? light
    }

    static func loadIntro(_ options: PreviewOptions, appearance: Appearance) throws -> IntroMedia? {
        try introPath(options, appearance: appearance).map { try IntroMedia(path: $0, deviceScale: options.device.scale) }
    }

    /// The same session in another appearance. A project's launch screen is read again for it:
    /// its image views may take other files and sizes in dark mode, and the intro's logo with them;
    /// the intro file becomes the appearance's own.
    public func withAppearance(_ newAppearance: Appearance) throws -> PreviewSession {
        var copy = self
        copy.appearance = newAppearance
        guard newAppearance != appearance else { return copy }
        let introChanges = PreviewSession.introPath(options, appearance: newAppearance) != introMedia.map(\.clip.path)
        if introChanges {
            copy.introMedia = try PreviewSession.loadIntro(options, appearance: newAppearance)
            var splashOptions = initialPreview.splash.options
            splashOptions.intro = copy.introMedia?.clip
            let s = preview.splash
            copy.preview = Preview(splash: SplashSequence(timings: timings, device: s.device, layout: s.layout, options: splashOptions),
                                   feed: preview.feed, skipSplash: preview.skipSplash)
            copy.preview.userScreen = preview.userScreen
            copy.initialPreview = copy.preview
        }
        guard options.projectDirectory != nil else { return copy }
        copy.options.appearance = newAppearance
        var catalog = self.catalog
        catalog.logoOverride = nil
        catalog.logoTint = nil
        let (screen, fit, warnings) = PreviewSession.importProject(copy.options, builtInScreen: catalog.launchScreen(device: options.device), catalog: &catalog)
        copy.catalog = catalog
        copy.launchScreen = screen
        copy.launchWarnings = warnings
        let s = preview.splash
        var layout = screen.introDescription.layout(device: s.device, textSize: s.layout.textSize)
        layout.logoFit = fit
        layout.launchShowsLogo = screen.introLogo != nil
        let sequence = SplashSequence(timings: timings, device: s.device, layout: layout, options: copy.initialPreview.splash.options)
        copy.preview = Preview(splash: sequence, feed: preview.feed, skipSplash: preview.skipSplash)
        copy.preview.userScreen = preview.userScreen
        copy.initialPreview = copy.preview
        return copy
    }

    /// The launch frame: the launch screen alone, as iOS draws it before the app runs.
    public func launchScene() -> Scene { LaunchScreen.scene(device: options.device) }

    /// The launch screen resolved for the device and the appearance shown.
    public var resolvedLaunchScreen: ResolvedLaunchScreen { launchScreen.resolved(device: options.device, appearance: shownAppearance) }

    /// A renderer for this session's scenes on a context, primed as `priming` says.
    /// `logoPreparation`: the logo's decode and trace, begun while the context was made.
    public func makeSceneRenderer(context: RenderContext, mapping: PointToPixel, priming: RendererPriming = .launchAndAppearance,
                                  logoPreparation: LogoPreparation? = nil) throws -> SceneRenderer {
        // The logo is never drawn larger than its end size while visible (the hole's logo fades out
        // while the hole is still small), so that is the size to prepare it at, with room for the
        // 0.85 → 1 swing and the 1.05 feed scale.
        let logoPixels = Int(clamping: (preview.splash.stillValue(.logoSize) * 1.1 * mapping.scale).rounded(.up))
        let images = ImageLibrary(context: context, catalog: catalog, logoPixelSize: logoPixels, logoPreparation: logoPreparation)
        let renderer = try SceneRenderer(context: context, images: images, launchBackground: launchBackground, launchScreen: resolvedLaunchScreen,
                                         feedLayout: preview.feed, mapping: mapping)
        renderer.screenImage = preview.userScreen
        // A project's intro is a copy of its launch screen (seed 000): its backdrop draws the launch
        // screen's elements, the logo aside.
        renderer.introCopiesLaunchScreen = options.projectDirectory != nil
        renderer.introMedia = introMedia
        if priming == .launchAndAppearance {
            try renderer.prime(with: [preview.scene(at: 0)])
            try primeAppearance(renderer)
        }
        return renderer
    }

    /// Draws the logo's first moves, with the text fading in, without presenting: the
    /// appearance's first frames then cost what the others do. The window and `bench` call it
    /// after their first present, so the launch frame is not kept waiting for it; offline renders
    /// before their first frame (`makeSceneRenderer(priming: .launchAndAppearance)`).
    public func primeAppearance(_ renderer: SceneRenderer) throws {
        let splash = preview.splash
        try renderer.prime(with: [0.05, splash.appearDuration * 0.5, splash.appearDuration].map { preview.scene(at: $0) })
    }
}

/// What a new renderer draws into the framebuffer, without presenting, before its first frame:
/// the software GL compiles each pipeline state on its first use, and the textures are made, so
/// the frames that follow cost what the others do.
public enum RendererPriming: Sendable {
    /// Nothing. For a recording, whose frames are not timed one by one, and which then touches
    /// no framebuffer pixel before its first frame drawn there: a recording that opens on an
    /// intro draws it into a texture of its own, and its framebuffer's 21 MB at @3x (colour and
    /// depth) stay untouched until the intro is over. For the window and `bench`, whose first
    /// frame is the launch frame: drawing it beforehand as well drew it twice before the first
    /// present (3 to 5 ms), and its first uses are paid once either way. Both prime the
    /// appearance after their first present (`PreviewSession.primeAppearance`).
    case none
    /// The launch frame and the appearance's first moves: stills and the tests.
    case launchAndAppearance
}
