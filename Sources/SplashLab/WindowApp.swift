import CSDL2
import Foundation
import Motion
import Render
import Scenes

/// `splashlab run`: the preview window, driven by the real clock.
func runWindow(_ arguments: [String]) throws -> Int32 {
    let usage = usageLine("run")
    let args = try ParsedArguments(arguments, valueOptions: ["--window-scale", "--fps", "--frames-csv"] + PreviewOptions.valueOptions,
                                   flagOptions: PreviewOptions.flagOptions + ["--hud"], usage: usage)
    guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'", usage: usage) }
    let options = try PreviewOptions(args, usage: usage)
    let requestedScale = try args.positiveDouble("--window-scale", usage: usage)
    let requestedFPS = try args.positiveDouble("--fps", usage: usage)
    let csvPath = args.values["--frames-csv"]
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
    var app = WindowApp(session: session, renderer: renderer, refreshRate: requestedFPS ?? displayRefreshRate())
    app.showHUD = args.flags.contains("--hud")
    app.keepAllFrames = csvPath != nil
    app.loop()
    session.reportWarnings(renderer.images.catalog.warnings)
    if let csvPath {
        let budget = FrameBudget(refreshRate: app.refreshRate)
        let text = ([FrameRecord.csvHeader] + app.allFrames.map { $0.csvRow(budget: budget) }).joined(separator: "\n") + "\n"
        do { try text.write(toFile: csvPath, atomically: true, encoding: .utf8) } catch {
            throw RenderError("cannot write \(csvPath): \(error.localizedDescription)")
        }
        printError("wrote \(app.allFrames.count) frames to \(csvPath)")
    }
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
    var showHUD = false
    let hud: HUDRenderer
    /// What drawing the HUD cost last frame; the HUD reports it.
    var hudCost = 0.0
    var keepAllFrames = false
    var allFrames: [FrameRecord] = []

    init(session: PreviewSession, renderer: SceneRenderer, refreshRate: Double) {
        self.session = session
        self.renderer = renderer
        self.refreshRate = refreshRate
        hud = HUDRenderer(renderer: renderer.context.renderer, text: renderer.text)
    }

    var preview: Preview { session.preview }

    /// Replays from the start: the splash again, over a fresh feed.
    mutating func replaySplash() {
        session.preview = session.initialPreview
        clock.seek(to: 0)
    }

    var windowWidth: Int {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        return Int(w)
    }

    /// Window coordinates (SDL's mouse units) to device points.
    func devicePoint(_ x: Int32, _ y: Int32) -> (Double, Double) {
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &ww, &wh)
        let output = renderer.context.outputSize
        let density = ww > 0 ? Double(output.width) / Double(ww) : 1
        let m = renderer.mapping
        return ((Double(x) * density - m.offsetX) / m.scale, (Double(y) * density - m.offsetY) / m.scale)
    }

    mutating func send(_ kind: InputEvent.Kind) {
        session.preview.apply(InputEvent(time: clock.time, kind: kind))
    }

    static func keyName(_ key: SDL_Keycode) -> String? {
        switch key {
        case Int32(bitPattern: SDLK_ESCAPE.rawValue): return "escape"
        case Int32(bitPattern: SDLK_SPACE.rawValue): return "space"
        case Int32(bitPattern: SDLK_RETURN.rawValue): return "return"
        default:
            guard key > 0, key < 128, let scalar = UnicodeScalar(UInt32(key)) else { return nil }
            return String(Character(scalar)).lowercased()
        }
    }

    mutating func handle(_ event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            running = false
        case SDL_KEYDOWN:
            guard event.key.repeat == 0 else { return }
            let key = event.key.keysym.sym
            if key == Int32(bitPattern: SDLK_q.rawValue) { running = false; return }
            if key == Int32(bitPattern: SDLK_r.rawValue) { replaySplash(); return }
            if key == Int32(bitPattern: SDLK_SPACE.rawValue) { clock.isPaused.toggle(); return }
            if key == Int32(bitPattern: SDLK_h.rawValue) { showHUD.toggle(); return }
            if let name = WindowApp.keyName(key) { send(.key(name)) }
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            let (x, y) = devicePoint(event.button.x, event.button.y)
            send(.down(x: x, y: y))
        case SDL_MOUSEMOTION:
            let (x, y) = devicePoint(event.motion.x, event.motion.y)
            send(.move(x: x, y: y))
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            let (x, y) = devicePoint(event.button.x, event.button.y)
            send(.up(x: x, y: y))
        case SDL_MOUSEWHEEL:
            let dy = Double(event.wheel.preciseY) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            if dy != 0 { send(.wheel(dy: dy)) }
        case SDL_WINDOWEVENT:
            let kind = UInt32(event.window.event)
            if kind == SDL_WINDOWEVENT_LEAVE.rawValue || kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue {
                // The pointer left or focus went elsewhere mid-drag: a release where it was, at rest.
                send(.cancel)
            }
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
            if showHUD {
                // The HUD runs on real time: slow motion slows the preview, not the measurements.
                let hudStart = MonotonicClock.now()
                let density = Double(renderer.context.outputSize.width) / Double(max(windowWidth, 1))
                let readout = HUDReadout(records: frames.records, budget: FrameBudget(refreshRate: refreshRate), previewTime: clock.time,
                                         activity: preview.activity(at: clock.time), rate: clock.rate, paused: clock.isPaused, hudCost: hudCost)
                do { try hud.draw(readout, x: Int(8 * density), y: Int(8 * density), density: density, now: hudStart) } catch {
                    printError("splashlab: \(error)")
                    running = false
                }
                hudCost = MonotonicClock.now() - hudStart
            }
            let afterRender = MonotonicClock.now()
            renderer.context.present()
            var afterPresent = MonotonicClock.now()
            // Idle time until the next vsync: warm what later frames will need.
            do { try renderer.warmUp() } catch {
                printError("splashlab: \(error)")
                running = false
            }
            // Where vsync is unavailable (some virtual displays), pace to the refresh rate rather than spin.
            if afterPresent - frameStart < budget * 0.5 {
                usleep(UInt32(max(budget - (afterPresent - frameStart), 0) * 1e6))
                afterPresent = MonotonicClock.now()
            }
            let record = FrameRecord(previewTime: clock.time, input: afterInput - frameStart, update: afterUpdate - afterInput,
                                     render: afterRender - afterUpdate, present: afterPresent - afterRender,
                                     interval: afterPresent - lastPresent)
            frames.append(record)
            if keepAllFrames { allFrames.append(record) }
            lastPresent = afterPresent
        }
    }
}
