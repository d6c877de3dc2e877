import App
import Inspector
import Formats
import CSDL2
import Foundation
import Motion
import Render
import Scenes

/// `splashlab run`: the preview window, driven by the real clock, with the inspector beside it.
func runWindow(_ arguments: [String], idleProbeSeconds: Double? = nil) throws -> Int32 {
    let usage = CLI.usage("run")
    let args = try ParsedArguments(arguments, command: "run")
    let options = try PreviewOptions(args, usage: usage)
    let requestedScale = try args.double("--window-scale", in: OptionBounds.scale, usage: usage)
    let requestedFPS = try args.double("--fps", in: OptionBounds.fps, usage: usage)
    let csvPath = args.values["--frames-csv"]
    var inspectorChoice: Bool?
    if let value = args.values["--inspector"] {
        guard value == "on" || value == "off" else { throw UsageError(message: "--inspector must be on or off (got '\(value)')", usage: usage) }
        inspectorChoice = value == "on"
    }
    let env = ProcessInfo.processInfo.environment
    let driver = env["SDL_VIDEODRIVER"]
    if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && driver != "offscreen" && driver != "dummy" {
        throw UsageError(message: "no display for the preview window (DISPLAY is not set); try 'splashlab render --at 2.3 --out frame.png' or 'splashlab record' instead", usage: nil)
    }
    let session = try makeSession(options)
    let replay = try args.values["--replay"].map { try InputScript.load(path: $0) }
    let document = try openDocument(session, saveTo: args.values["--save-to"])
    try RenderContext.startSDL(offscreen: false)
    let (windowScale, inspectorFits) = automaticWindowScale(device: options.device, inspectorWidth: InspectorPanel.preferredWidth)
    let scale = requestedScale ?? windowScale
    let showInspector = inspectorChoice ?? inspectorFits
    let deviceWidth = (options.device.width * scale).rounded()
    let width = Int(deviceWidth + (showInspector ? InspectorPanel.preferredWidth : 0)), height = Int((options.device.height * scale).rounded())
    let context = try RenderContext(target: .window(title: "SplashLab - \(options.device.name)", width: width, height: height, resizable: true),
                                    rendererName: options.renderer, vsync: true)
    RenderContext.installQuitOnSignal()
    SDL_SetWindowMinimumSize(context.window, Int32(min(Double(width), InspectorPanel.minimumWidth + 120)), 200)
    let output = context.outputSize
    let renderer = try session.makeSceneRenderer(
        context: context,
        mapping: .letterbox(width: options.device.width, height: options.device.height, outputWidth: output.width, outputHeight: output.height))
    session.reportWarnings()
    var app = try WindowShell(session: session, renderer: renderer, refreshRate: requestedFPS ?? displayRefreshRate(),
                              replay: replay, document: document, launchArguments: arguments)
    app.uiDumpPath = args.values["--ui-dump"]
    app.stateOutPath = args.values["--state-out"]
    app.state.inspectorShown = showInspector
    if args.flags.contains("--hud") { _ = app.state.reduce(.toggle(.hud)) }
    app.keepAllFrames = csvPath != nil
    app.checkRecovery()
    if let seconds = idleProbeSeconds {
        app.idleProbe = IdleProbe(seconds: seconds)
        app.state.loopRegion = nil
    }
    app.loop()
    // The inspector's font atlas goes before the renderer that made it; then every context, then SDL.
    app.inspector.shutdown()
    context.close()
    RenderContext.stopSDL()
    session.reportWarnings(renderer.images.catalog.warnings)
    if let csvPath {
        let budget = FrameBudget(refreshRate: 1 / app.state.frameStep)
        let text = ([FrameRecord.csvHeader] + app.allFrames.map { $0.csvRow(budget: budget) }).joined(separator: "\n") + "\n"
        try OutputFile.write(text, to: csvPath)
        printError("wrote \(app.allFrames.count) frames to \(csvPath)")
    }
    if let report = app.idleProbe?.report { try printOutput(report.text) }
    return 0
}

/// The timings file of a session as a document to tune: its text as read, and where a save goes.
func openDocument(_ session: PreviewSession, saveTo: String?) throws -> TimingsDocument {
    let builtIn = URL(fileURLWithPath: session.timingsPath).deletingLastPathComponent().standardized.path
        == URL(fileURLWithPath: session.catalog.builtIn).standardized.path
    return TimingsDocument(sourcePath: session.timingsPath, text: String(decoding: session.timingsBytes, as: UTF8.self), timings: session.timings,
                           sourceIsBuiltIn: builtIn, saveTo: saveTo)
}

/// The largest scale, at most 1 point per pixel, that fits the device in 90% of the desktop's
/// usable area, and whether the inspector fits beside it at that scale; on HiDPI the drawable is
/// larger still and rendering follows it.
func automaticWindowScale(device: Device, inspectorWidth: Double) -> (scale: Double, inspectorFits: Bool) {
    var bounds = SDL_Rect()
    guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return (1, true) }
    let fit = min(Double(bounds.w) * 0.9 / device.width, Double(bounds.h) * 0.9 / device.height)
    let scale = max(min(fit, 1), 0.25)
    return (scale, device.width * scale + inspectorWidth <= Double(bounds.w) * 0.95)
}

func displayRefreshRate() -> Double {
    var mode = SDL_DisplayMode()
    if SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
    return 60
}

/// The window: SDL events become `WindowAction`s here and nowhere else, the pure
/// `WindowState.reduce` decides what they do, and this shell carries out the effects (files,
/// processes) and draws: the device (or A and B side by side) on the left, the inspector on the
/// right, never over the device.
struct WindowShell {
    var state: WindowState
    let session: PreviewSession
    let renderer: SceneRenderer
    let hud: HUDRenderer
    let touches: TouchMarkerRenderer
    let inspector: ImGuiSDLBridge
    let watcher: TimingsFileWatcher
    let recoveryPath: String
    var lastWatch = 0.0
    var frames = FrameLog(capacity: 300)
    var keepAllFrames = false
    var allFrames: [FrameRecord] = []
    /// What drawing the HUD cost last frame; the HUD reports it.
    var hudCost = 0.0
    /// The left button went down on a device screen: moves and a window leave are preview
    /// input only then, so hovering never writes into the take.
    var pointerPressed = false
    let launchArguments: [String]
    var uiDumpPath: String?
    var lastUIDump = ""
    var stateOutPath: String?
    var lastStateOut = 0.0
    /// Kept files whose last write failed, and has been reported (`writeKeptFile`).
    var failingOutputs: Set<String> = []
    /// Captures' videos being rendered by a child `splashlab record` (`checkCaptureRenders`).
    var captureRenders: [(process: Process, video: String)] = []
    var lastTitle = ""
    /// Nothing is drawn while nothing on screen would change: a change (an event, an action, a
    /// new message, the inspector's own need) sets this, and the preview's scenes are compared
    /// with the last drawn ones, which catches playback and scheduled animations within a frame.
    var changedSinceDraw = true
    /// ImGui shows a hover or press one frame after the input that caused it, so every frame
    /// drawn for a change is followed by one more.
    var settleFrames = 0
    var drawnScenes: [Scene] = []
    var lastDrawTime = -Double.infinity
    var framesDrawn = 0
    /// When the heap was last trimmed, and the frame count then (`trimHeapIfDue`).
    var lastHeapTrim = 0.0
    var framesAtLastHeapTrim = -1
    /// With the HUD on and nothing moving, its figures refresh at this rate (Hz): often enough to
    /// read, a small fraction of a core under software GL.
    static let restingHUDRate = 2.0
    /// How long the window sleeps between looks while the preview is at rest (s).
    static let restingLookInterval = 0.1
    /// `bench --idle`: measures this window at rest, then quits.
    var idleProbe: IdleProbe?

    init(session: PreviewSession, renderer: SceneRenderer, refreshRate: Double, replay: InputScript?, document: TimingsDocument,
         launchArguments: [String]) throws {
        self.session = session
        self.renderer = renderer
        state = WindowState(playback: Playback(initial: session.preview, log: replay?.events ?? []), document: document, refreshRate: refreshRate)
        state.tools = [.timeline, .curves]
        hud = HUDRenderer(renderer: renderer.context.renderer, text: renderer.text)
        touches = TouchMarkerRenderer(renderer: renderer.context.renderer)
        inspector = try ImGuiSDLBridge(window: renderer.context.window, renderer: renderer.context.renderer)
        watcher = TimingsFileWatcher(path: session.timingsPath, current: session.timings, contents: session.timingsBytes)
        recoveryPath = TimingsDocument.recoveryPath(for: session.timingsPath)
        self.launchArguments = launchArguments
    }

    var preview: Preview { state.playback.preview }

    /// Unsaved edits kept by an earlier session that ended without saving: offered, not applied.
    mutating func checkRecovery() {
        guard FileManager.default.fileExists(atPath: recoveryPath), let kept = try? Timings.load(path: recoveryPath),
              kept != state.document.current else { return }
        state.recoverable = kept
        printError("unsaved edits of \(session.timingsPath) from an earlier session are kept in \(recoveryPath); the inspector offers them")
    }

    // MARK: Layout

    var density: Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        return Double(renderer.context.outputSize.width) / Double(max(Int(w), 1))
    }

    var inspectorVisible: Bool { state.inspectorShown && !state.toolsHidden }

    /// The inspector column's width in output pixels (0 when hidden).
    var columnPixels: Int {
        guard inspectorVisible else { return 0 }
        let output = renderer.context.outputSize
        let wanted = Int(InspectorPanel.preferredWidth * density)
        return min(wanted, max(output.width - Int(120 * density), Int(InspectorPanel.minimumWidth * density)))
    }

    /// Where each shown device screen goes: one, or A and B side by side.
    func deviceMappings() -> [PointToPixel] {
        let output = renderer.context.outputSize
        let area = max(output.width - columnPixels, 1)
        let device = preview.feed.device
        guard state.split && state.playbackA != nil else {
            return [.letterbox(width: device.width, height: device.height, outputWidth: area, outputHeight: output.height)]
        }
        let half = area / 2
        let left = PointToPixel.letterbox(width: device.width, height: device.height, outputWidth: half, outputHeight: output.height)
        var right = left
        right.offsetX += Double(half)
        return [left, right]
    }

    /// The first device screen's rectangle in window units, for input and the UI dump.
    var viewport: (x: Double, y: Double, width: Double, height: Double) {
        let m = deviceMappings()[0], d = density, device = preview.feed.device
        return (m.offsetX / d, m.offsetY / d, device.width * m.scale / d, device.height * m.scale / d)
    }

    /// Window coordinates (SDL's mouse units) to device points, on whichever screen is under them.
    func devicePoint(_ x: Int32, _ y: Int32) -> (Double, Double) {
        let d = density
        let px = Double(x) * d, py = Double(y) * d
        let mappings = deviceMappings()
        let m = mappings.last { px >= $0.offsetX } ?? mappings[0]
        return ((px - m.offsetX) / m.scale, (py - m.offsetY) / m.scale)
    }

    func isOnDevice(windowX x: Int32) -> Bool { Double(x) * density < Double(renderer.context.outputSize.width - columnPixels) }

    // MARK: SDL events to actions (the one place)

    static func keyName(_ key: SDL_Keycode, modifiers: UInt32) -> String? {
        func is_(_ k: SDL_KeyCode) -> Bool { key == Int32(bitPattern: k.rawValue) }
        let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
        let ctrl = modifiers & UInt32(KMOD_CTRL.rawValue) != 0
        var name: String?
        if is_(SDLK_ESCAPE) { name = "escape" }
        else if is_(SDLK_SPACE) { name = "space" }
        else if is_(SDLK_RETURN) { name = "return" }
        else if is_(SDLK_TAB) { name = "tab" }
        else if is_(SDLK_LEFT) { name = "left" }
        else if is_(SDLK_RIGHT) { name = "right" }
        else if is_(SDLK_F9) { name = "f9" }
        else if is_(SDLK_F8) { name = "f8" }
        else if is_(SDLK_QUESTION) || (is_(SDLK_SLASH) && shift) { return "?" }
        else if key > 0, key < 128, let scalar = UnicodeScalar(UInt32(key)) { name = String(Character(scalar)).lowercased() }
        guard let name else { return nil }
        if ctrl { return "ctrl+" + (shift ? "shift+" : "") + name }
        if shift && KeyBindings.action(forKey: "shift+" + name) != nil { return "shift+" + name }
        return name
    }

    mutating func actions(for event: SDL_Event) -> [WindowAction] {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            // A signal's quit is not the window's close button: it never waits for a second Q.
            if let signal = RenderContext.quitSignal { return [.quitOnSignal(signal)] }
            return [.quit]
        case SDL_KEYDOWN:
            guard let name = WindowShell.keyName(event.key.keysym.sym, modifiers: UInt32(event.key.keysym.mod)) else { return [] }
            // Stepping may repeat while held; everything else acts once per press.
            if event.key.repeat != 0 && !KeyBindings.repeating.contains(name) { return [] }
            if let action = KeyBindings.action(forKey: name) { return [action] }
            return name.hasPrefix("ctrl+") ? [] : [.input(.key(name))]
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), isOnDevice(windowX: event.button.x) else { return [] }
            pointerPressed = true
            let (x, y) = devicePoint(event.button.x, event.button.y)
            return [.input(.down(x: x, y: y))]
        case SDL_MOUSEMOTION:
            guard pointerPressed else { return [] }
            let (x, y) = devicePoint(event.motion.x, event.motion.y)
            return [.input(.move(x: x, y: y))]
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), pointerPressed else { return [] }
            pointerPressed = false
            let (x, y) = devicePoint(event.button.x, event.button.y)
            return [.input(.up(x: x, y: y))]
        case SDL_MOUSEWHEEL:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            guard isOnDevice(windowX: mx) else { return [] }
            let dy = Double(event.wheel.preciseY) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            return dy != 0 ? [.input(.wheel(dy: dy))] : []
        case SDL_WINDOWEVENT:
            let kind = UInt32(event.window.event)
            if (kind == SDL_WINDOWEVENT_LEAVE.rawValue || kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue) && pointerPressed {
                // The pointer left or focus went elsewhere mid-drag: a release where it was, at rest.
                pointerPressed = false
                return [.input(.cancel)]
            }
            return []
        default:
            return []
        }
    }

    /// The inspector sees every event while it shows. The pointer belongs to where it is pressed:
    /// a press on the device (and the drag that follows) is the preview's, whatever ImGui made of
    /// the last frame; a press on the column is the inspector's. Keys are the inspector's only
    /// while it types in a field.
    static func isModifierKey(_ key: SDL_Keycode) -> Bool {
        [SDLK_LCTRL, SDLK_RCTRL, SDLK_LSHIFT, SDLK_RSHIFT].contains { key == Int32(bitPattern: $0.rawValue) }
    }

    mutating func route(_ event: SDL_Event) -> [WindowAction] {
        guard inspectorVisible else { return actions(for: event) }
        if SDL_EventType(event.type) == SDL_KEYDOWN {
            // A key press is ImGui's only while it types in a field: otherwise Tab and the
            // letters are the window's keys, and ImGui must not use Tab to focus a field.
            guard inspector.wantsKeyboard else {
                // Ctrl and Shift alone reach ImGui in order with the wheel and the pointer: the
                // timeline zooms on Ctrl+wheel and drags freely with Shift, even when the key is
                // let go before the frame that reads them.
                if WindowShell.isModifierKey(event.key.keysym.sym) { _ = inspector.handle(sdlEvent: event) }
                return actions(for: event)
            }
            _ = inspector.handle(sdlEvent: event)
            return []
        }
        _ = inspector.handle(sdlEvent: event)
        return actions(for: event)
    }

    mutating func dispatch(_ action: WindowAction) {
        if case .tick = action {} else { changedSinceDraw = true }
        for effect in state.reduce(action) { perform(effect) }
    }

    // MARK: Effects

    mutating func perform(_ effect: WindowEffect) {
        switch effect {
        case let .log(text):
            printError(text)
        case .updateRecovery:
            state.document.updateRecovery(at: recoveryPath)
        case let .writeCapture(script, duration):
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
            let base = FileManager.default.currentDirectoryPath + "/capture-\(stamp)"
            do { try OutputFile.write(script.json.text + "\n", to: base + ".json") } catch {
                printError("splashlab: \(error)")
                dispatch(.say("\(error)", isError: true))
                return
            }
            // The video is rendered offline from the script: hitch-free, whatever this window's frame rate was.
            guard duration <= OptionBounds.recordingSeconds else {
                dispatch(.say("wrote \(base).json; no video: the take is \(Int(duration)) s, over the \(Int(OptionBounds.recordingSeconds)) s a recording may be",
                              isError: true))
                return
            }
            var arguments = ["record", "--out", base + ".mp4", "--script", base + ".json", "--seed", String(session.seed),
                             "--duration", JSONOutput.number(duration).text]
            arguments += CLI.forwardedToCapture(launchArguments)
            if state.showTouches { arguments.append("--show-touches") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                dispatch(.say("wrote \(base).json; could not start the video render: \(error.localizedDescription)", isError: true))
                return
            }
            captureRenders.append((process, base + ".mp4"))
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
            let text = String(decoding: watcher.lastContents ?? [], as: UTF8.self)
            dispatch(.diskChanged(text: text, timings: timings, path: watcher.path))
        case let .failed(error)?:
            dispatch(.reloadFailed("\(error)"))
        }
    }

    // MARK: Drawing

    /// What the device screens show now: A and B side by side at the same moment of the same
    /// take, or the shown take alone.
    func scenesToShow() -> [Scene] {
        if deviceMappings().count == 2, let a = state.playbackA { return [a.scene, state.playback.scene] }
        return [state.shownPlayback.scene]
    }

    /// Whether this iteration of the loop must draw (see `changedSinceDraw`).
    func needsFrame(showing scenes: [Scene], now: Double) -> Bool {
        if changedSinceDraw || settleFrames > 0 || scenes != drawnScenes { return true }
        guard inspectorVisible else { return false }
        return inspector.needsAnotherFrame || (state.shows(.hud) && now - lastDrawTime >= 1 / WindowShell.restingHUDRate)
    }

    mutating func drawFrame(_ scenes: [Scene], sinceLastDraw: Double) throws {
        let mappings = deviceMappings()
        for (index, scene) in scenes.enumerated() {
            renderer.setMapping(mappings[min(index, mappings.count - 1)])
            try renderer.draw(scene, clearing: index == 0)
        }
        if state.showTouches {
            // Over each device screen, never into the model: markers come from the take's log.
            let markers = TouchMarkers.markers(at: state.time, log: state.playback.log)
            let device = preview.feed.device
            for m in mappings { try touches.draw(markers, mapping: m, deviceWidth: device.width, deviceHeight: device.height) }
        }
        guard inspectorVisible else { inspectorCost = 0; writeUIDump(); return }
        let d = density
        let column = renderer.context.outputSize.width - columnPixels
        var hudHeight = 0.0
        if state.shows(.hud) {
            // The HUD runs on real time: slow motion slows the preview, not the measurements.
            let hudStart = MonotonicClock.now()
            let readout = HUDReadout(records: frames.records, budget: FrameBudget(refreshRate: 1 / state.frameStep), previewTime: state.time,
                                     activity: state.shownPlayback.activity, rate: state.rate, paused: state.isPaused, hudCost: hudCost + inspectorCost)
            try hud.draw(readout, x: column + Int(8 * d), y: Int(8 * d), density: d, now: hudStart)
            hudCost = MonotonicClock.now() - hudStart
            hudHeight = 190
        }
        inspector.beginFrame(deltaTime: min(max(sinceLastDraw, 1.0 / 240), 1))
        let asked = InspectorPanel.draw(inspector, state: state, x: Double(column) / d, width: Double(columnPixels) / d,
                                        height: Double(renderer.context.outputSize.height) / d, hudHeight: hudHeight, inspectorCost: inspectorCost)
        if state.split {
            // The labels of the two screens, in the inspector's style, above each.
            inspector.label("A", x: mappings[0].offsetX / d + 8, y: 8)
            if mappings.count == 2 { inspector.label("B", x: mappings[1].offsetX / d + 8, y: 8) }
        }
        inspector.endFrameAndRender()
        inspectorCost = inspector.lastFrameCost.totalSeconds
        // Edits take effect on the next frame.
        for action in asked { dispatch(action) }
        writeUIDump()
    }

    var inspectorCost = 0.0

    /// `--ui-dump`: what the window shows (the view: inspector, tools, A / B, touches, rate), the
    /// device viewport and the inspector's controls, rewritten whenever they change.
    mutating func writeUIDump() {
        guard let path = uiDumpPath else { return }
        let v = viewport
        var controls = inspectorVisible ? inspector.registry.json() : "{\"controls\": []}\n"
        controls.removeFirst()
        let view = JSONOutput.object([
            ("inspector", .bool(state.inspectorShown)), ("toolsHidden", .bool(state.toolsHidden)),
            ("tools", .array(Tool.allCases.filter { state.tools.contains($0) }.map { .string($0.rawValue) })),
            ("split", .bool(state.split)), ("showingA", .bool(state.showingA)), ("touches", .bool(state.showTouches)),
            ("rate", .number(state.rate)), ("paused", .bool(state.isPaused)),
            ("hasA", .bool(state.playbackA != nil)), ("capturing", .bool(state.capturing)),
        ])
        let text = "{\"view\": \(view.text),\n \"viewport\": {\"x\": \(JSONOutput.number(v.x).text), \"y\": \(JSONOutput.number(v.y).text), "
            + "\"width\": \(JSONOutput.number(v.width).text), \"height\": \(JSONOutput.number(v.height).text)},\n " + controls
        guard text != lastUIDump else { return }
        if writeKeptFile(text, to: path) { lastUIDump = text }
    }

    /// `--state-out`: the shown take's `state` object, ten times a second, written whole (a
    /// temporary file and a rename) so a reader never sees half of it.
    mutating func writeStateOut(now: Double) {
        guard let path = stateOutPath, now - lastStateOut >= 0.1 else { return }
        lastStateOut = now
        writeKeptFile(state.shownPlayback.state.text + "\n", to: path)
    }

    /// Writes a file the window keeps up to date (`--ui-dump`, `--state-out`), whole or not at
    /// all. A failure shows in the window and on standard error once, not at every attempt (the
    /// files are rewritten many times a second), until a write to that path succeeds again.
    @discardableResult
    mutating func writeKeptFile(_ text: String, to path: String) -> Bool {
        do {
            try OutputFile.write(text, to: path)
            failingOutputs.remove(path)
            return true
        } catch {
            if failingOutputs.insert(path).inserted {
                printError("splashlab: \(error)")
                dispatch(.say("\(error)", isError: true))
            }
            return false
        }
    }

    /// A capture's video is rendered by a child process, and its end is shown, so a render that
    /// failed (a full disk, say) is not taken for one still on its way. The child shares this
    /// process's standard error, where its own message says why.
    mutating func checkCaptureRenders() {
        let finished = captureRenders.filter { !$0.process.isRunning }
        guard !finished.isEmpty else { return }
        captureRenders.removeAll { render in finished.contains { $0.process === render.process } }
        for render in finished {
            let status = render.process.terminationStatus
            if status == 0 {
                dispatch(.say("wrote \(render.video)", isError: false))
            } else {
                printError("splashlab: could not write \(render.video): its render ended with status \(status)")
                dispatch(.say("could not write \(render.video) (status \(status); the reason is on standard error)", isError: true))
            }
        }
    }

    mutating func updateTitle() {
        let doc = state.document
        let name = URL(fileURLWithPath: doc.sourcePath).lastPathComponent
        // ASCII only: X servers without a UTF-8 locale (Xvfb here) refuse other titles.
        let title = "SplashLab - \(preview.feed.device.name) - \(name)\(doc.hasUnsavedEdits ? " * unsaved edits" : "")"
            + (state.split ? " - A | B" : state.showingA ? " - A" : "")
        guard title != lastTitle else { return }
        lastTitle = title
        SDL_SetWindowTitle(renderer.context.window, title)
    }

    // MARK: The frame loop

    /// At most this often, and only after drawing, the heap's free pages go back to the system.
    static let heapTrimInterval = 10.0

    /// Gives the heap's free pages back to the system, in idle time (at rest, or after a frame
    /// that left half its budget), at most every `heapTrimInterval` seconds and only if a frame
    /// was drawn since. Text textures and the GL driver's small blocks come and go from the heap
    /// between its live blocks, and glibc returns only the heap's top by itself. Measured in a
    /// soak's 8th minute, that free space was small (3.7 MB of 58.5; a trim gave back 1.3 MB):
    /// the soak's growth is live memory, and this only keeps holes from adding to it.
    /// malloc_trim(3) costs about 2 ms on a 40 MB heap.
    mutating func trimHeapIfDue(now: Double) {
        guard framesDrawn != framesAtLastHeapTrim, now - lastHeapTrim >= WindowShell.heapTrimInterval else { return }
        _ = malloc_trim(0)
        lastHeapTrim = now
        framesAtLastHeapTrim = framesDrawn
    }

    mutating func loop() {
        var lastPresent = MonotonicClock.now()
        var lastFrameStart = lastPresent
        let budget = state.frameStep
        var event = SDL_Event()
        var drewLastIteration = true
        while state.isRunning {
            let frameStart = MonotonicClock.now()
            while SDL_PollEvent(&event) != 0 {
                changedSinceDraw = true
                for action in route(event) { dispatch(action) }
            }
            // A quit ends the loop here: no frame is drawn after it (one costs up to 0.1 s under software GL).
            guard state.isRunning else { break }
            watchTimings(now: frameStart)
            let afterInput = MonotonicClock.now()
            let realSeconds = frameStart - lastFrameStart
            let messageBefore = state.message
            dispatch(.tick(realSeconds: realSeconds, wallTime: frameStart))
            if state.message != messageBefore { changedSinceDraw = true }
            lastFrameStart = frameStart
            updateTitle()
            writeStateOut(now: frameStart)
            checkCaptureRenders()
            if idleProbe != nil { probeIdle(now: frameStart) }
            let scenes = scenesToShow()
            let afterUpdate = MonotonicClock.now()
            guard needsFrame(showing: scenes, now: frameStart) else {
                // Nothing on screen would change: sleep until an event arrives or the next frame
                // is due (a scheduled animation shows up in the scene comparison then). With the
                // preview at rest nothing is scheduled: look ten times a second (the timings
                // file's watch, a message's end, the resting HUD) instead of every frame.
                let atRest = state.shownPlayback.preview.isAtRest(at: state.time) && (state.playbackA?.preview.isAtRest(at: state.time) ?? true)
                if atRest { trimHeapIfDue(now: frameStart) }
                let wait = (atRest ? WindowShell.restingLookInterval : budget) - (MonotonicClock.now() - frameStart)
                SDL_WaitEventTimeout(nil, Int32(max(wait, 0) * 1000))
                drewLastIteration = false
                continue
            }
            if changedSinceDraw { settleFrames = 1 } else if settleFrames > 0 { settleFrames -= 1 }
            changedSinceDraw = false
            do {
                try drawFrame(scenes, sinceLastDraw: frameStart - lastDrawTime)
            } catch {
                printError("splashlab: \(error)")
                state.isRunning = false
            }
            drawnScenes = scenes
            lastDrawTime = frameStart
            framesDrawn += 1
            let afterRender = MonotonicClock.now()
            renderer.context.present()
            var afterPresent = MonotonicClock.now()
            // Idle time until the next vsync: warm what later frames will need.
            do { try renderer.warmUp() } catch {
                printError("splashlab: \(error)")
                state.isRunning = false
            }
            // Where vsync is unavailable (some virtual displays), pace to the refresh rate rather than spin.
            if afterPresent - frameStart < budget * 0.5 {
                trimHeapIfDue(now: afterPresent)
                usleep(UInt32(max(budget - (afterPresent - frameStart), 0) * 1e6))
                afterPresent = MonotonicClock.now()
            }
            // After a rest there was no frame to keep pace with: the interval is this frame's own.
            let interval = drewLastIteration ? afterPresent - lastPresent : afterPresent - frameStart
            let record = FrameRecord(previewTime: state.time, input: afterInput - frameStart, update: afterUpdate - afterInput,
                                     render: afterRender - afterUpdate, present: afterPresent - afterRender, interval: interval)
            frames.append(record)
            if keepAllFrames { allFrames.append(record) }
            lastPresent = afterPresent
            drewLastIteration = true
        }
    }
}
