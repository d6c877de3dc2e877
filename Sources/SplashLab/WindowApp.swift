import App
import Formats
import CSDL2
import Foundation
import Motion
import Render
import Scenes

/// `splashlab run`: the preview window, driven by the real clock.
func runWindow(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("run")
    let args = try ParsedArguments(arguments, command: "run")
    let options = try PreviewOptions(args, usage: usage)
    let requestedScale = try args.positiveDouble("--window-scale", usage: usage)
    let requestedFPS = try args.positiveDouble("--fps", usage: usage)
    let csvPath = args.values["--frames-csv"]
    let env = ProcessInfo.processInfo.environment
    let driver = env["SDL_VIDEODRIVER"]
    if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && driver != "offscreen" && driver != "dummy" {
        throw UsageError(message: "no display for the preview window (DISPLAY is not set); try 'splashlab render --at 2.3 --out frame.png' or 'splashlab record' instead", usage: nil)
    }
    let session = try makeSession(options)
    let replay = try args.values["--replay"].map { try InputScript.load(path: $0) }
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
    var app = WindowShell(session: session, renderer: renderer, refreshRate: requestedFPS ?? displayRefreshRate(),
                          replay: replay, launchArguments: arguments)
    if args.flags.contains("--hud") { _ = app.state.reduce(.toggle(.hud)) }
    app.keepAllFrames = csvPath != nil
    app.loop()
    session.reportWarnings(renderer.images.catalog.warnings)
    if let csvPath {
        let budget = FrameBudget(refreshRate: 1 / app.state.frameStep)
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

/// The window: SDL events become `WindowAction`s here and nowhere else, the pure
/// `WindowState.reduce` decides what they do, and this shell carries out the effects (files,
/// processes) and draws. It owns no preview state of its own.
struct WindowShell {
    var state: WindowState
    var session: PreviewSession
    let renderer: SceneRenderer
    let hud: HUDRenderer
    let overlays: OverlayRenderer
    let watcher: TimingsFileWatcher
    var lastWatch = 0.0
    var frames = FrameLog(capacity: 300)
    var keepAllFrames = false
    var allFrames: [FrameRecord] = []
    /// What drawing the HUD cost last frame; the HUD reports it.
    var hudCost = 0.0
    /// The left button is down on the device (not on the timeline): moves and a window leave are
    /// preview input only then, so hovering never writes into the take.
    var pointerPressed = false
    let launchArguments: [String]

    init(session: PreviewSession, renderer: SceneRenderer, refreshRate: Double, replay: InputScript?, launchArguments: [String]) {
        self.session = session
        self.renderer = renderer
        state = WindowState(playback: Playback(initial: session.preview, log: replay?.events ?? []), refreshRate: refreshRate)
        hud = HUDRenderer(renderer: renderer.context.renderer, text: renderer.text)
        overlays = OverlayRenderer(renderer: renderer.context.renderer, text: renderer.text)
        watcher = TimingsFileWatcher(path: session.timingsPath, current: session.timings)
        self.launchArguments = launchArguments
    }

    var preview: Preview { state.playback.preview }

    var density: Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        return Double(renderer.context.outputSize.width) / Double(max(Int(w), 1))
    }

    /// The device screen's rectangle in output pixels.
    var screenArea: (x: Int, y: Int, width: Int, height: Int) {
        let m = renderer.mapping
        let device = preview.feed.device
        return (pixelInt(m.offsetX), pixelInt(m.offsetY), pixelInt(device.width * m.scale), pixelInt(device.height * m.scale))
    }

    /// Window coordinates (SDL's mouse units) to device points.
    func devicePoint(_ x: Int32, _ y: Int32) -> (Double, Double) {
        let m = renderer.mapping, d = density
        return ((Double(x) * d - m.offsetX) / m.scale, (Double(y) * d - m.offsetY) / m.scale)
    }

    /// The preview time under window x on the timeline.
    func timelineTime(atWindowX x: Int32) -> Double {
        let area = screenArea
        let fraction = (Double(x) * density - Double(area.x)) / Double(max(area.width, 1))
        return min(max(fraction, 0), 1) * state.timelineRange
    }

    func isOnTimeline(windowY y: Int32) -> Bool {
        guard state.shows(.timeline) else { return false }
        let area = screenArea
        return Int(Double(y) * density) >= area.y + area.height - OverlayRenderer.timelineHeight(density: density)
    }

    // MARK: SDL events to actions (the one place)

    static func keyName(_ key: SDL_Keycode, shift: Bool) -> String? {
        func is_(_ k: SDL_KeyCode) -> Bool { key == Int32(bitPattern: k.rawValue) }
        if is_(SDLK_ESCAPE) { return "escape" }
        if is_(SDLK_SPACE) { return "space" }
        if is_(SDLK_RETURN) { return "return" }
        if is_(SDLK_TAB) { return "tab" }
        if is_(SDLK_LEFT) { return "left" }
        if is_(SDLK_RIGHT) { return "right" }
        if is_(SDLK_F9) { return "f9" }
        if is_(SDLK_QUESTION) || (is_(SDLK_SLASH) && shift) { return "?" }
        guard key > 0, key < 128, let scalar = UnicodeScalar(UInt32(key)) else { return nil }
        return String(Character(scalar)).lowercased()
    }

    mutating func actions(for event: SDL_Event) -> [WindowAction] {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_KEYDOWN:
            let shift = (UInt32(event.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
            guard let name = WindowShell.keyName(event.key.keysym.sym, shift: shift) else { return [] }
            // Stepping may repeat while held; everything else acts once per press.
            if event.key.repeat != 0 && !KeyBindings.repeating.contains(name) { return [] }
            if let action = KeyBindings.action(forKey: name) { return [action] }
            return [.input(.key(name))]
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            if isOnTimeline(windowY: event.button.y) { return [.scrubBegin(timelineTime(atWindowX: event.button.x))] }
            pointerPressed = true
            let (x, y) = devicePoint(event.button.x, event.button.y)
            return [.input(.down(x: x, y: y))]
        case SDL_MOUSEMOTION:
            if state.scrubbing { return [.seek(timelineTime(atWindowX: event.motion.x))] }
            guard pointerPressed else { return [] }
            let (x, y) = devicePoint(event.motion.x, event.motion.y)
            return [.input(.move(x: x, y: y))]
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            if state.scrubbing { return [.scrubEnd] }
            guard pointerPressed else { return [] }
            pointerPressed = false
            let (x, y) = devicePoint(event.button.x, event.button.y)
            return [.input(.up(x: x, y: y))]
        case SDL_MOUSEWHEEL:
            let dy = Double(event.wheel.preciseY) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            return dy != 0 ? [.input(.wheel(dy: dy))] : []
        case SDL_WINDOWEVENT:
            let kind = UInt32(event.window.event)
            if (kind == SDL_WINDOWEVENT_LEAVE.rawValue || kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue) && pointerPressed {
                // The pointer left or focus went elsewhere mid-drag: a release where it was, at rest.
                pointerPressed = false
                return [.input(.cancel)]
            }
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue {
                let output = renderer.context.outputSize
                renderer.setMapping(.letterbox(width: preview.feed.device.width, height: preview.feed.device.height,
                                               outputWidth: output.width, outputHeight: output.height))
            }
            return []
        default:
            return []
        }
    }

    mutating func dispatch(_ action: WindowAction) {
        for effect in state.reduce(action) { perform(effect) }
    }

    // MARK: Effects

    mutating func perform(_ effect: WindowEffect) {
        switch effect {
        case let .log(text):
            printError(text)
        case let .writeCapture(script, duration):
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
            let base = FileManager.default.currentDirectoryPath + "/capture-\(stamp)"
            do {
                try (script.json.text + "\n").write(toFile: base + ".json", atomically: true, encoding: .utf8)
            } catch {
                dispatch(.say("cannot write \(base).json: \(error.localizedDescription)", isError: true))
                return
            }
            // The video is rendered offline from the script: hitch-free, whatever this window's frame rate was.
            var arguments = ["record", "--out", base + ".mp4", "--script", base + ".json", "--seed", String(session.seed),
                             "--duration", JSONOutput.number(duration).text]
            arguments += CLI.forwardedToCapture(launchArguments)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                dispatch(.say("wrote \(base).json; could not start the video render: \(error.localizedDescription)", isError: true))
                return
            }
            printError("wrote \(base).json (\(script.events.count) inputs); rendering \(base).mp4")
            dispatch(.say("wrote \(base).json; rendering \(base).mp4", isError: false))
        }
    }

    // MARK: Hot reload

    mutating func watchTimings(now: Double) {
        // Ten looks a second: a saved edit shows within about 100 ms (the promise is 250).
        guard now - lastWatch >= 0.1 else { return }
        lastWatch = now
        switch watcher.poll() {
        case .none: break
        case let .reloaded(timings)?:
            session = session.withTimings(timings)
            dispatch(.reloaded(initial: session.preview, path: watcher.path))
        case let .failed(error)?:
            dispatch(.reloadFailed("\(error)"))
        }
    }

    // MARK: Tools

    /// The splash's curves, from the declared tracks, with a dot where each one is now.
    func curvePlots(at t: Double) -> [OverlayRenderer.Plot] {
        let timings = session.timings
        let sequence = preview.splash
        func sample(_ f: (Double) -> Double) -> [(Double, Double)] { (0...48).map { i in let x = Double(i) / 48; return (x, f(x)) } }
        var plots: [OverlayRenderer.Plot] = []
        for track in TimingsSchema.splashTracks where track.reduceMotionOnly == sequence.options.reduceMotion {
            let (begin, end) = track.interval(in: timings, dismissalTime: sequence.dismissalTime)
            let progress: Double? = end > begin && t >= begin && t <= end ? (t - begin) / (end - begin) : nil
            let curves = track.curves(in: timings)
            if curves.count == 1 {
                plots.append(.init(name: "\(track.label) \(curves[0].specification)", points: sample(curves[0].value), progress: progress))
            } else {
                let keyframes = timings.holeTrack(screenHeight: timings.splash.holeReferenceHeight)
                let lo = keyframes.values.min() ?? 0, hi = keyframes.values.max() ?? 1
                plots.append(.init(name: "\(track.label) (keyframes)", points: sample { (keyframes.sample($0).value - lo) / max(hi - lo, 1e-9) },
                                   progress: progress))
            }
        }
        let cardCurve = timings.card.curve
        plots.append(.init(name: "card \(cardCurve.specification)", points: sample(cardCurve.value),
                           progress: preview.cardState(at: t).map { min(max($0.progress(at: t), 0), 1) }))
        let panelCurve = timings.panel.curve
        let panelPhase = preview.panel.phase(at: t)
        plots.append(.init(name: "panel \(panelCurve.specification)", points: sample(panelCurve.value),
                           progress: panelPhase == .presenting || panelPhase == .dismissing ? min(max(preview.panel.progress(at: t), 0), 1) : nil))
        return plots
    }

    /// Keyframe marks on the timeline: each declared track's ends and key times.
    var timelineMarks: [Double] {
        let sequence = preview.splash
        var marks: [Double] = []
        for track in TimingsSchema.splashTracks where track.reduceMotionOnly == sequence.options.reduceMotion {
            let (begin, end) = track.interval(in: session.timings, dismissalTime: sequence.dismissalTime)
            marks += track.keyTimes(in: session.timings).map { begin + $0 * (end - begin) }
        }
        return marks
    }

    mutating func drawTools(now: Double) throws {
        let area = screenArea
        let t = state.time
        if state.shows(.curves) { try overlays.drawCurves(curvePlots(at: t), in: (area.x, area.y + area.height / 3, area.width, area.height), density: density) }
        if state.shows(.timeline) {
            try overlays.drawTimeline(preview.splash, marks: timelineMarks, time: t, range: state.timelineRange, in: area, density: density)
        }
        if state.shows(.help) { try overlays.drawHelp(KeyBindings.table.map { ($0.label, $0.help) }, in: area, density: density) }
        if let m = state.message, !state.toolsHidden {
            let bottom = state.shows(.timeline) ? area.height - OverlayRenderer.timelineHeight(density: density) : area.height
            try overlays.drawMessage(m.text, isError: m.isError, in: (area.x, area.y, area.width, bottom), density: density)
        }
        if state.shows(.hud) {
            // The HUD runs on real time: slow motion slows the preview, not the measurements.
            let hudStart = MonotonicClock.now()
            let readout = HUDReadout(records: frames.records, budget: FrameBudget(refreshRate: 1 / state.frameStep), previewTime: t,
                                     activity: state.playback.activity, rate: state.rate, paused: state.isPaused, hudCost: hudCost)
            try hud.draw(readout, x: area.x + Int(8 * density), y: area.y + Int(8 * density), density: density, now: hudStart)
            hudCost = MonotonicClock.now() - hudStart
        }
    }

    // MARK: The frame loop

    mutating func loop() {
        var lastPresent = MonotonicClock.now()
        var lastFrameStart = lastPresent
        let budget = state.frameStep
        var event = SDL_Event()
        while state.isRunning {
            let frameStart = MonotonicClock.now()
            while SDL_PollEvent(&event) != 0 { for action in actions(for: event) { dispatch(action) } }
            watchTimings(now: frameStart)
            let afterInput = MonotonicClock.now()
            dispatch(.tick(realSeconds: frameStart - lastFrameStart, wallTime: frameStart))
            lastFrameStart = frameStart
            let scene = state.playback.scene
            let afterUpdate = MonotonicClock.now()
            do {
                try renderer.draw(scene)
                try drawTools(now: afterUpdate)
            } catch {
                printError("splashlab: \(error)")
                dispatch(.quit)
            }
            let afterRender = MonotonicClock.now()
            renderer.context.present()
            var afterPresent = MonotonicClock.now()
            // Idle time until the next vsync: warm what later frames will need.
            do { try renderer.warmUp() } catch {
                printError("splashlab: \(error)")
                dispatch(.quit)
            }
            // Where vsync is unavailable (some virtual displays), pace to the refresh rate rather than spin.
            if afterPresent - frameStart < budget * 0.5 {
                usleep(UInt32(max(budget - (afterPresent - frameStart), 0) * 1e6))
                afterPresent = MonotonicClock.now()
            }
            let record = FrameRecord(previewTime: state.time, input: afterInput - frameStart, update: afterUpdate - afterInput,
                                     render: afterRender - afterUpdate, present: afterPresent - afterRender,
                                     interval: afterPresent - lastPresent)
            frames.append(record)
            if keepAllFrames { allFrames.append(record) }
            lastPresent = afterPresent
        }
    }
}

/// A pixel count from a Double, never trapping: NaN is 0 and the range is clamped to ±2^30.
func pixelInt(_ v: Double) -> Int {
    guard v.isFinite else { return v.isNaN ? 0 : (v > 0 ? 1 << 30 : -(1 << 30)) }
    return Int(min(max(v.rounded(), -Double(1 << 30)), Double(1 << 30)))
}
