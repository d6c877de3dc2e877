import Formats
import CSDL2
import Foundation
import Motion
import Render
import Scenes

/// `splashlab run`: the preview window, driven by the real clock.
func runWindow(_ arguments: [String]) throws -> Int32 {
    let usage = usageLine("run")
    let args = try ParsedArguments(arguments, valueOptions: ["--window-scale", "--fps", "--frames-csv", "--replay"] + PreviewOptions.valueOptions,
                                   flagOptions: PreviewOptions.flagOptions + ["--hud"], usage: usage)
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
    var app = WindowApp(session: session, renderer: renderer, refreshRate: requestedFPS ?? displayRefreshRate())
    app.showHUD = args.flags.contains("--hud")
    app.keepAllFrames = csvPath != nil
    app.replay = replay
    app.launchArguments = arguments
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
    let hud: HUDRenderer
    let overlays: OverlayRenderer
    /// What drawing the HUD cost last frame; the HUD reports it.
    var hudCost = 0.0
    var keepAllFrames = false
    var allFrames: [FrameRecord] = []

    // Overlays; Tab hides them all at once, so a screen recording shows the device screen alone.
    var showHUD = false
    var showTimeline = false
    var showCurves = false
    var showHelp = false
    var overlaysHidden = false
    /// A line at the bottom of the window: a reload, an error in the timings file, a capture.
    var message: (text: String, isError: Bool, until: Double)?

    let watcher: TimingsFileWatcher
    var lastWatch = 0.0
    /// The input applied since the preview last started from t = 0: a capture writes it whole,
    /// so replaying it from a fresh preview reproduces the session exactly.
    var inputLog: [InputEvent] = []
    var capturing = false
    var replay: InputScript?
    var replayNext = 0
    var launchArguments: [String] = []
    /// A press on the timeline scrubs instead of reaching the preview.
    var scrubbing = false

    static let rates = [1.0, 0.5, 0.25, 0.1]

    init(session: PreviewSession, renderer: SceneRenderer, refreshRate: Double) {
        self.session = session
        self.renderer = renderer
        self.refreshRate = refreshRate
        hud = HUDRenderer(renderer: renderer.context.renderer, text: renderer.text)
        overlays = OverlayRenderer(renderer: renderer.context.renderer, text: renderer.text)
        watcher = TimingsFileWatcher(path: session.timingsPath, current: session.timings)
    }

    var preview: Preview { session.preview }

    /// Back to t = 0: the splash again, over a fresh feed.
    mutating func restart() {
        session.preview = session.initialPreview
        clock.seek(to: 0)
        inputLog = []
        replayNext = 0
    }

    var windowWidth: Int {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        return Int(w)
    }

    var density: Double { Double(renderer.context.outputSize.width) / Double(max(windowWidth, 1)) }

    /// The device screen's rectangle in output pixels.
    var screenArea: (x: Int, y: Int, width: Int, height: Int) {
        let m = renderer.mapping
        return (Int(m.offsetX), Int(m.offsetY), Int((preview.feed.device.width * m.scale).rounded()), Int((preview.feed.device.height * m.scale).rounded()))
    }

    /// Window coordinates (SDL's mouse units) to device points.
    func devicePoint(_ x: Int32, _ y: Int32) -> (Double, Double) {
        let m = renderer.mapping
        return ((Double(x) * density - m.offsetX) / m.scale, (Double(y) * density - m.offsetY) / m.scale)
    }

    /// Output-pixel y of the timeline strip's top, when it shows.
    var timelineTop: Int? {
        guard showTimeline && !overlaysHidden else { return nil }
        let area = screenArea
        return area.y + area.height - OverlayRenderer.timelineHeight(density: density)
    }

    var timelineRange: Double { max(preview.splash.endTime + 0.6, 1) }

    mutating func scrub(toWindowX x: Int32) {
        let area = screenArea
        let fraction = (Double(x) * density - Double(area.x)) / Double(max(area.width, 1))
        clock.seek(to: min(max(fraction, 0), 1) * timelineRange)
    }

    mutating func send(_ kind: InputEvent.Kind) {
        let event = InputEvent(time: clock.time, kind: kind)
        // Inputs go in time order; one sent while scrubbed back in time is dropped.
        if let last = inputLog.last, event.time < last.time { return }
        session.preview.apply(event)
        inputLog.append(event)
    }

    func say(_ text: String) -> (text: String, isError: Bool, until: Double) { (text, false, MonotonicClock.now() + 4) }

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

    mutating func setRate(_ rate: Double) {
        clock.rate = rate
        message = say("playback rate \(JSONOutput.number(rate).text)×")
    }

    // MARK: Events

    mutating func handle(_ event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            running = false
        case SDL_KEYDOWN:
            let key = event.key.keysym.sym
            let isRepeat = event.key.repeat != 0
            func is_(_ k: SDL_KeyCode) -> Bool { key == Int32(bitPattern: k.rawValue) }
            // Stepping may repeat while held; everything else acts once per press.
            if is_(SDLK_RIGHT) || is_(SDLK_LEFT) {
                if clock.isPaused { clock.seek(to: max(clock.time + (is_(SDLK_RIGHT) ? 1 : -1) / refreshRate, 0)) }
                return
            }
            guard !isRepeat else { return }
            let shift = (UInt32(event.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
            if is_(SDLK_q) { running = false }
            else if is_(SDLK_r) { restart(); message = say("replaying from the start") }
            else if is_(SDLK_SPACE) { clock.isPaused.toggle() }
            else if is_(SDLK_h) { showHUD.toggle(); overlaysHidden = false }
            else if is_(SDLK_t) { showTimeline.toggle(); overlaysHidden = false }
            else if is_(SDLK_c) { showCurves.toggle(); overlaysHidden = false }
            else if is_(SDLK_SLASH) && shift || is_(SDLK_QUESTION) { showHelp.toggle(); overlaysHidden = false }
            else if is_(SDLK_TAB) { overlaysHidden.toggle() }
            else if is_(SDLK_1) { setRate(1) }
            else if is_(SDLK_2) { setRate(0.5) }
            else if is_(SDLK_3) { setRate(0.25) }
            else if is_(SDLK_4) { setRate(0.1) }
            else if is_(SDLK_s) { setRate(WindowApp.rates[((WindowApp.rates.firstIndex(of: clock.rate) ?? 0) + 1) % WindowApp.rates.count]) }
            else if is_(SDLK_F9) { toggleCapture() }
            else if let name = WindowApp.keyName(key) { send(.key(name)) }
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            if let top = timelineTop, Int(Double(event.button.y) * density) >= top {
                scrubbing = true
                clock.isPaused = true
                scrub(toWindowX: event.button.x)
                return
            }
            let (x, y) = devicePoint(event.button.x, event.button.y)
            send(.down(x: x, y: y))
        case SDL_MOUSEMOTION:
            if scrubbing { scrub(toWindowX: event.motion.x); return }
            let (x, y) = devicePoint(event.motion.x, event.motion.y)
            send(.move(x: x, y: y))
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            if scrubbing { scrubbing = false; return }
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
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue {
                let output = renderer.context.outputSize
                renderer.setMapping(.letterbox(width: preview.feed.device.width, height: preview.feed.device.height,
                                               outputWidth: output.width, outputHeight: output.height))
            }
        default:
            break
        }
    }

    // MARK: Hot reload

    mutating func watchTimings() {
        let now = MonotonicClock.now()
        // Ten looks a second: a saved edit shows within about 100 ms (the promise is 250).
        guard now - lastWatch >= 0.1 else { return }
        lastWatch = now
        switch watcher.poll() {
        case .none: break
        case let .reloaded(timings)?:
            session = session.withTimings(timings)
            restart()
            printError("reloaded timings from \(watcher.path)")
            message = say("reloaded timings from \(watcher.path)")
        case let .failed(error)?:
            // The last good values stay in force until the file is fixed.
            printError("timings error: \(error)")
            message = ("timings error: \(error)", true, .infinity)
        }
    }

    // MARK: Capture and replay

    mutating func toggleCapture() {
        if !capturing {
            capturing = true
            message = ("● capturing input (F9 to stop)", false, .infinity)
            return
        }
        capturing = false
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let base = FileManager.default.currentDirectoryPath + "/capture-\(stamp)"
        let script = InputScript(events: inputLog)
        do {
            try (script.json.text + "\n").write(toFile: base + ".json", atomically: true, encoding: .utf8)
        } catch {
            message = ("cannot write \(base).json: \(error.localizedDescription)", true, MonotonicClock.now() + 6)
            return
        }
        // The video is rendered offline from the script: hitch-free, whatever this window's frame rate was.
        var arguments = ["record", "--out", base + ".mp4", "--script", base + ".json", "--seed", String(session.seed),
                         "--duration", JSONOutput.number(clock.time + 0.5).text]
        arguments += WindowApp.forwardedOptions(launchArguments)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            message = ("wrote \(base).json; could not start the video render: \(error.localizedDescription)", true, MonotonicClock.now() + 6)
            return
        }
        printError("wrote \(base).json (\(inputLog.count) inputs); rendering \(base).mp4")
        message = say("wrote \(base).json; rendering \(base).mp4")
    }

    /// The preview options of this window's command line, for the offline render of a capture.
    static func forwardedOptions(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if ["--device", "--orientation", "--feed-latency", "--timings", "--assets", "--renderer"].contains(a), i + 1 < arguments.count {
                out += [a, arguments[i + 1]]; i += 2; continue
            }
            if ["--reduce-motion", "--skip-splash"].contains(a) { out.append(a) }
            i += 1
        }
        return out
    }

    mutating func feedReplay() {
        guard let replay else { return }
        while replayNext < replay.events.count && replay.events[replayNext].time <= clock.time {
            let event = replay.events[replayNext]
            session.preview.apply(event)
            inputLog.append(event)
            replayNext += 1
        }
    }

    // MARK: Overlays

    func curvePlots(at t: Double) -> [OverlayRenderer.Plot] {
        let s = session.timings.splash
        let d = preview.splash.dismissalTime
        func sample(_ f: (Double) -> Double) -> [(Double, Double)] { (0...48).map { i in let x = Double(i) / 48; return (x, f(x)) } }
        func progress(_ begin: Double, _ duration: Double) -> Double? {
            guard duration > 0, t >= begin, t <= begin + duration else { return nil }
            return (t - begin) / duration
        }
        let track = session.timings.holeTrack(screenHeight: s.holeReferenceHeight)
        let lo = track.values.min() ?? 0, hi = track.values.max() ?? 1
        var plots = [
            OverlayRenderer.Plot(name: "logo \(s.logoCurve.specification)", points: sample(s.logoCurve.value), progress: progress(0, s.logoDuration)),
            OverlayRenderer.Plot(name: "text rise", points: sample(s.textRiseCurve.value), progress: progress(0, s.textRiseDuration)),
            OverlayRenderer.Plot(name: "text fade", points: sample(s.textFadeCurve.value), progress: progress(0, s.textFadeDuration)),
            OverlayRenderer.Plot(name: "hole size (keyframes)", points: sample { (track.sample($0).value - lo) / max(hi - lo, 1e-9) }, progress: progress(d, s.holeDuration)),
            OverlayRenderer.Plot(name: "hole rotation", points: sample(s.holeRotationCurve.value), progress: progress(d, s.holeDuration)),
            OverlayRenderer.Plot(name: "feed scale", points: sample(s.feedCurve.value), progress: progress(d, s.feedDuration)),
            OverlayRenderer.Plot(name: "logo over hole fade", points: sample(s.holeLogoFadeCurve.value), progress: progress(d + s.holeLogoFadeDelay, s.holeLogoFadeDuration)),
        ]
        let cardCurve = session.timings.card.curve
        plots.append(.init(name: "card \(cardCurve.specification)", points: sample(cardCurve.value), progress: preview.cardState(at: t).map { min(max($0.progress(at: t), 0), 1) }))
        let panelCurve = session.timings.panel.curve
        let panelPhase = preview.panel.phase(at: t)
        plots.append(.init(name: "panel \(panelCurve.specification)", points: sample(panelCurve.value),
                           progress: panelPhase == .presenting || panelPhase == .dismissing ? min(max(preview.panel.progress(at: t), 0), 1) : nil))
        return plots
    }

    mutating func drawOverlays(now: Double) throws {
        let area = screenArea
        if let m = message, now > m.until { message = nil }
        guard !overlaysHidden else { return }
        if showCurves { try overlays.drawCurves(curvePlots(at: clock.time), in: (area.x, area.y + area.height / 3, area.width, area.height), density: density) }
        if showTimeline {
            try overlays.drawTimeline(preview.splash, time: clock.time, range: timelineRange, in: area, density: density)
        }
        if showHelp { try overlays.drawHelp(in: area, density: density) }
        if let m = message {
            let bottom = showTimeline ? area.height - OverlayRenderer.timelineHeight(density: density) : area.height
            try overlays.drawMessage(m.text, isError: m.isError, in: (area.x, area.y, area.width, bottom), density: density)
        }
        if showHUD {
            // The HUD runs on real time: slow motion slows the preview, not the measurements.
            let hudStart = MonotonicClock.now()
            let readout = HUDReadout(records: frames.records, budget: FrameBudget(refreshRate: refreshRate), previewTime: clock.time,
                                     activity: preview.activity(at: clock.time), rate: clock.rate, paused: clock.isPaused, hudCost: hudCost)
            try hud.draw(readout, x: area.x + Int(8 * density), y: area.y + Int(8 * density), density: density, now: hudStart)
            hudCost = MonotonicClock.now() - hudStart
        }
    }

    // MARK: The frame loop

    mutating func loop() {
        var lastPresent = MonotonicClock.now()
        var lastFrameStart = lastPresent
        let budget = 1 / refreshRate
        var event = SDL_Event()
        while running {
            let frameStart = MonotonicClock.now()
            while SDL_PollEvent(&event) != 0 { handle(event) }
            watchTimings()
            let afterInput = MonotonicClock.now()
            // The preview advances by the real time since the last frame began, times the rate.
            clock.advance(by: frameStart - lastFrameStart)
            lastFrameStart = frameStart
            feedReplay()
            let scene = preview.scene(at: clock.time)
            let afterUpdate = MonotonicClock.now()
            do {
                try renderer.draw(scene)
                try drawOverlays(now: afterUpdate)
            } catch {
                printError("splashlab: \(error)")
                running = false
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
