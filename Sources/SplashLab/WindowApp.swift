import CSDL2
import Foundation
import Motion
import Render
import Scenes

/// `splashlab run`: the preview window, driven by the real clock.
func runWindow(_ arguments: [String]) throws -> Int32 {
    let usage = usageLine("run")
    let args = try ParsedArguments(arguments, valueOptions: ["--window-scale"] + PreviewOptions.valueOptions,
                                   flagOptions: PreviewOptions.flagOptions, usage: usage)
    guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'", usage: usage) }
    let options = try PreviewOptions(args, usage: usage)
    let requestedScale = try args.positiveDouble("--window-scale", usage: usage)
    let env = ProcessInfo.processInfo.environment
    let driver = env["SDL_VIDEODRIVER"]
    if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && driver != "offscreen" && driver != "dummy" {
        throw UsageError(message: "no display for the preview window (DISPLAY is not set); try 'splashlab render --at 2.3 --out frame.png' or 'splashlab record' instead", usage: nil)
    }
    var session = try makeSession(options)
    try RenderContext.startSDL(offscreen: false)
    let windowScale = requestedScale ?? automaticWindowScale(device: options.device)
    let width = Int((options.device.width * windowScale).rounded()), height = Int((options.device.height * windowScale).rounded())
    let context = try RenderContext(target: .window(title: "SplashLab — \(options.device.name)", width: width, height: height, resizable: true),
                                    rendererName: options.renderer, vsync: true)
    let output = context.outputSize
    let renderer = try session.makeSceneRenderer(
        context: context,
        mapping: .letterbox(width: options.device.width, height: options.device.height, outputWidth: output.width, outputHeight: output.height))
    session.reportWarnings()
    var app = WindowApp(session: session, renderer: renderer, refreshRate: displayRefreshRate())
    app.loop()
    session.reportWarnings(renderer.images.catalog.warnings)
    return 0
}

/// The largest scale, at most 1 point per pixel, that fits the device in 90% of the desktop's
/// usable area; on HiDPI the drawable is larger still and rendering follows it.
func automaticWindowScale(device: Device) -> Double {
    var bounds = SDL_Rect()
    guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return 1 }
    let fit = min(Double(bounds.w) * 0.9 / device.width, Double(bounds.h) * 0.9 / device.height)
    return max(min(fit, 1), 0.25)
}

func displayRefreshRate() -> Double {
    var mode = SDL_DisplayMode()
    if SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
    return 60
}

struct WindowApp {
    var session: PreviewSession
    let renderer: SceneRenderer
    let refreshRate: Double
    var clock = PreviewClock()
    var frames = FrameLog(capacity: 300)
    var running = true

    init(session: PreviewSession, renderer: SceneRenderer, refreshRate: Double) {
        self.session = session
        self.renderer = renderer
        self.refreshRate = refreshRate
    }

    var preview: Preview { session.preview }

    /// The splash is still in front, so a click or key skips it.
    var splashIsShowing: Bool {
        let phase = preview.splashFrame(at: clock.time).phase
        return phase == .appearing || phase == .holding
    }

    mutating func skipSplash() {
        var options = session.preview.splash.options
        guard options.skipTime == nil else { return }
        options.skipTime = clock.time
        let s = session.preview.splash
        session.preview.splash = SplashSequence(timings: s.timings, device: s.device, layout: s.layout, options: options)
    }

    mutating func replaySplash() {
        var options = session.preview.splash.options
        options.skipTime = nil
        let s = session.preview.splash
        session.preview.splash = SplashSequence(timings: s.timings, device: s.device, layout: s.layout, options: options)
        clock.seek(to: 0)
    }

    mutating func handle(_ event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            running = false
        case SDL_KEYDOWN:
            let key = event.key.keysym.sym
            if key == Int32(bitPattern: SDLK_q.rawValue) { running = false; return }
            if key == Int32(bitPattern: SDLK_r.rawValue) { replaySplash(); return }
            if key == Int32(bitPattern: SDLK_SPACE.rawValue) { clock.isPaused.toggle(); return }
            if splashIsShowing { skipSplash() }
        case SDL_MOUSEBUTTONDOWN:
            if splashIsShowing { skipSplash() }
        case SDL_WINDOWEVENT:
            if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) {
                let output = renderer.context.outputSize
                renderer.setMapping(.letterbox(width: preview.feed.device.width, height: preview.feed.device.height,
                                               outputWidth: output.width, outputHeight: output.height))
            }
        default:
            break
        }
    }

    mutating func loop() {
        var lastPresent = MonotonicClock.now()
        var lastFrameStart = lastPresent
        let budget = 1 / refreshRate
        var event = SDL_Event()
        while running {
            let frameStart = MonotonicClock.now()
            while SDL_PollEvent(&event) != 0 { handle(event) }
            let afterInput = MonotonicClock.now()
            // The preview advances by the real time since the last frame began, times the rate.
            clock.advance(by: frameStart - lastFrameStart)
            lastFrameStart = frameStart
            let scene = preview.scene(at: clock.time)
            let afterUpdate = MonotonicClock.now()
            do { try renderer.draw(scene) } catch {
                printError("splashlab: \(error)")
                running = false
            }
            let afterRender = MonotonicClock.now()
            renderer.context.present()
            var afterPresent = MonotonicClock.now()
            // Where vsync is unavailable (some virtual displays), pace to the refresh rate rather than spin.
            if afterPresent - frameStart < budget * 0.5 {
                usleep(UInt32(max(budget - (afterPresent - frameStart), 0) * 1e6))
                afterPresent = MonotonicClock.now()
            }
            frames.append(FrameRecord(previewTime: clock.time, input: afterInput - frameStart, update: afterUpdate - afterInput,
                                      render: afterRender - afterUpdate, present: afterPresent - afterRender,
                                      interval: afterPresent - lastPresent))
            lastPresent = afterPresent
        }
    }
}
