import App
import CSDL2
import Formats
import Foundation
import Scenes
import Session

/// `splashlab bench --window`: the real window through a scripted session, every frame it draws
/// measured against a floor drawn in the same window right after it: a full-window clear and
/// present (`RenderContext.presentFloorFrame`). Frames per second say how fast this host is; the
/// ratio of a frame's cost to the floor's says how much more than the least possible frame the
/// workbench does, which holds from host to host.
///
/// The session is driven as a user would drive it, through SDL's event queue: with the tools
/// shown, then hidden (Tab), the splash replayed (R) twice, then the preview's bottom panel
/// presented (P) and dragged for `dragSeconds`; then, tools shown again, the timeline dock's
/// Graph view opened and the same drag made. The window runs without vsync, paced to its
/// refresh as on a display without one, so that a present is its own cost and no wait.
struct WindowCostProbe {
    /// One step of the session; each begins with what it presses and ends on its condition.
    enum Step: Equatable {
        /// The splash over and the window still for a second.
        case settle
        /// R, then until the splash is over again.
        case replay
        /// P, then a second for the panel to present.
        case presentPanel
        /// A press on the panel and a move every frame for `dragSeconds`, then the release.
        case drag
        /// Tab: the tools hidden or shown again, then half a second.
        case toggleTools
        /// The timeline dock's Graph view, then half a second.
        case openGraph
    }

    /// How long each drag lasts.
    static let dragSeconds = 2.0
    let steps: [Step]
    var index = 0
    var stepStart = 0.0
    var dragMoves = 0
    var graphOpen = false
    /// A measured frame: the phase it counts in, when it started, what it cost, its floor, and
    /// the tool panels it drew again rather than copied.
    struct MeasuredFrame {
        let phase: String
        let start: Double, cost: Double, floor: Double
        let panelsDrawn: [String]
    }
    var frames: [MeasuredFrame] = []
    var report: JSONOutput?

    /// The session, with the tools shown at the start; without them (`run --inspector off`)
    /// there is nothing to hide and no Graph view, so only the first part runs.
    init(toolsShown: Bool) {
        let part: [Step] = [.replay, .replay, .presentPanel, .drag]
        steps = [.settle] + part + (toolsShown ? [.toggleTools] + part + [.toggleTools, .openGraph, .replay, .presentPanel, .drag] : [])
    }

    var step: Step? { index < steps.count ? steps[index] : nil }

    /// The phase a frame drawn now counts in, from the step and the preview's time; nil for a
    /// frame that counts in none (settling, waiting for the panel, a replay's first frame).
    func phase(time: Double, splash: SplashSequence, toolsShown: Bool) -> String? {
        let tools = toolsShown ? "tools shown" : "tools hidden"
        switch step {
        case .replay? where !graphOpen && time > 0.05:
            if time < splash.dismissalTime { return "appearing, \(tools)" }
            if time <= splash.endTime { return "disappearing, \(tools)" }
            return nil
        case .drag? where dragMoves > 0:
            return graphOpen ? "panel drag, Graph view open" : "panel drag, \(tools)"
        default:
            return nil
        }
    }

    /// Seconds as milliseconds to the microsecond, p50 and p95.
    static func milliseconds(_ p: Percentiles) -> JSONOutput {
        .object([("p50", .number(roundMs(p.p50))), ("p95", .number(roundMs(p.p95)))])
    }

    /// Ratios to the hundredth, p50 and p95.
    static func ratios(_ p: Percentiles) -> JSONOutput {
        .object([("p50", .number((p.p50 * 100).rounded() / 100)), ("p95", .number((p.p95 * 100).rounded() / 100))])
    }

    /// Each phase's figures, in the order the session met them.
    func figures(refresh: Double) -> [JSONOutput] {
        var order: [String] = []
        var byPhase: [String: [MeasuredFrame]] = [:]
        for f in frames {
            if byPhase[f.phase] == nil { order.append(f.phase) }
            byPhase[f.phase, default: []].append(f)
        }
        return order.map { name in
            let list = byPhase[name] ?? []
            // Frames per second of the phase as if no floor were drawn: between two frames of
            // the phase, the time from one's start to the next's less the floor after it, but
            // never under a refresh, which the window waits out when a frame leaves time over.
            var elapsed = 0.0, gaps = 0
            for (a, b) in zip(list, list.dropFirst()) where b.start - a.start < 0.25 {
                elapsed += max(b.start - a.start - a.floor, refresh)
                gaps += 1
            }
            let cost = Percentiles(list.map(\.cost)), floor = Percentiles(list.map(\.floor))
            let ratio = Percentiles(list.map { $0.cost / max($0.floor, 1e-6) })
            // Which tool panels were drawn again rather than copied from their textures, and in
            // what share of the phase's frames: what the frame's cost above the floor is made of.
            var drawn: [String: Int] = [:]
            for f in list { for title in f.panelsDrawn { drawn[title, default: 0] += 1 } }
            let panels = drawn.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { ($0.key, JSONOutput.number((Double($0.value) / Double(list.count) * 100).rounded() / 100)) }
            return .object([("phase", .string(name)), ("frames", .int(list.count)),
                             ("framesPerSecond", .number(elapsed > 0 ? (Double(gaps) / elapsed * 10).rounded() / 10 : 0)),
                             ("costMs", WindowCostProbe.milliseconds(cost)), ("floorMs", WindowCostProbe.milliseconds(floor)),
                             ("ratio", WindowCostProbe.ratios(ratio)),
                             ("panelsDrawnAgain", .object(panels))])
        }
    }
}

extension WindowShell {
    /// One step of `bench --window`, called every loop iteration before the frame is drawn:
    /// presses what the session's step presses, and moves on when the step is over.
    mutating func probeWindowCost(now: Double) {
        guard var probe = costProbe, let step = probe.step else { return }
        defer { costProbe = probe }
        if probe.stepStart == 0 { begin(step, of: &probe, now: now) }
        let splash = preview.splash
        let elapsed = now - probe.stepStart
        let over: Bool
        switch step {
        case .settle: over = (preview.skipSplash || state.time > splash.endTime + 0.5) && now - lastDrawTime > 1 && elapsed > 1
        case .replay: over = elapsed > 0.2 && state.time > splash.endTime + 0.3
        case .presentPanel: over = elapsed > 1
        case .drag:
            over = elapsed > WindowCostProbe.dragSeconds
            let v = layout.viewport
            // Up the panel's lower half and back, a fortieth of the screen's height in 40 steps.
            let x = v.x + v.width / 2, y = v.y + v.height * 0.8 - Double(probe.dragMoves % 40) * v.height / 160
            if over {
                SDLEventInjection.mouseButton(SDL_MOUSEBUTTONUP, x: x, y: y, window: renderer.context.window)
            } else {
                if probe.dragMoves == 0 { SDLEventInjection.mouseButton(SDL_MOUSEBUTTONDOWN, x: x, y: y, window: renderer.context.window) }
                SDLEventInjection.mouseMotion(x: x, y: y, window: renderer.context.window)
                probe.dragMoves += 1
            }
        case .toggleTools, .openGraph: over = elapsed > 0.5
        }
        guard over else { return }
        probe.index += 1
        probe.dragMoves = 0
        if let next = probe.step { begin(next, of: &probe, now: now) } else { finishCostProbe(&probe) }
    }

    private mutating func begin(_ step: WindowCostProbe.Step, of probe: inout WindowCostProbe, now: Double) {
        probe.stepStart = now
        let window = renderer.context.window
        switch step {
        case .settle, .drag: break
        case .replay: SDLEventInjection.key(SDLK_r, window: window)
        case .presentPanel: SDLEventInjection.key(SDLK_p, window: window)
        case .toggleTools: SDLEventInjection.key(SDLK_TAB, window: window)
        case .openGraph:
            dispatch(.tools(.timeline(.setDockMode(.graph))))
            probe.graphOpen = true
        }
    }

    /// After a frame's present: its cost, then the floor drawn and presented in its place.
    mutating func measureFrameCost(frameStart: Double) {
        guard var probe = costProbe, let phase = probe.phase(time: state.time, splash: preview.splash, toolsShown: inspectorVisible) else { return }
        renderer.context.finishDrawing()
        let floorStart = MonotonicClock.now()
        renderer.context.presentFloorFrame()
        let floor = MonotonicClock.now() - floorStart
        let cost = floorStart - frameStart
        // With the tools hidden no panel is drawn (the renderer's list is the last frame's that drew some).
        probe.frames.append(WindowCostProbe.MeasuredFrame(phase: phase, start: frameStart, cost: cost, floor: floor,
                                                          panelsDrawn: inspectorVisible ? inspector.panelsRedrawnLastFrame : []))
        costProbe = probe
    }

    private mutating func finishCostProbe(_ probe: inout WindowCostProbe) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer.context.renderer, &w, &h)
        // The first frame's floor: a bare window and renderer of this size, in a child process.
        var windowWidth: Int32 = 0, windowHeight: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &windowWidth, &windowHeight)
        let bare = FirstFrameFloor.measure(window: true, width: Int(windowWidth), height: Int(windowHeight), rendererName: renderer.context.rendererName)
        probe.report = .object([("window", .object([("width", .int(Int(w))), ("height", .int(Int(h)))])),
                                ("renderer", .string(renderer.context.rendererName)), ("device", .string(preview.feed.device.name)),
                                ("firstFrameMs", firstPresentMs.map { .number(($0 * 10).rounded() / 10) } ?? .null),
                                ("firstFrameFloorMs", bare.map(JSONOutput.number) ?? .null),
                                ("copyFloor", measureCopyFloor()),
                                ("phases", .array(probe.figures(refresh: state.frameStep)))])
        dispatch(.stop)
    }
}

extension WindowShell {
    /// How many of each floor `measureCopyFloor` draws, alternated.
    static let copyFloorFrames = 60

    /// The floor a frame that composes the window pays, beside the clear's: a window-sized
    /// texture copied over the window and presented (`RenderContext.presentCopyFloorFrame`),
    /// alternated with the clear and present every phase is measured against. With the tools
    /// shown a frame copies the panels' textures over most of the window, so its ratio to the
    /// clear cannot come under most of this one's. Null where no texture can be made.
    func measureCopyFloor() -> JSONOutput {
        let context = renderer.context
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(context.renderer, &w, &h)
        guard let texture = SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else {
            return .null
        }
        defer { SDL_DestroyTexture(texture) }
        // Copied 1:1 and opaque, as a panel's texture is; set as it is made, before SDL's drawing
        // state caches a bound texture (setting the scale mode binds this one in GL).
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        // Filled once, as a panel's texture is drawn once and copied every frame after.
        SDL_SetRenderTarget(context.renderer, texture)
        SDL_SetRenderDrawColor(context.renderer, 40, 40, 48, 255)
        SDL_RenderClear(context.renderer)
        context.finishDrawing()
        var clears: [Double] = [], copies: [Double] = []
        for _ in 0..<WindowShell.copyFloorFrames {
            let clearStart = MonotonicClock.now()
            context.presentFloorFrame()
            let copyStart = MonotonicClock.now()
            context.presentCopyFloorFrame(texture)
            clears.append(copyStart - clearStart)
            copies.append(MonotonicClock.now() - copyStart)
        }
        let clear = Percentiles(clears), copy = Percentiles(copies)
        let ratio = Percentiles(zip(copies, clears).map { $0 / max($1, 1e-6) })
        return .object([("frames", .int(WindowShell.copyFloorFrames)),
                        ("clearMs", WindowCostProbe.milliseconds(clear)), ("copyMs", WindowCostProbe.milliseconds(copy)),
                        ("ratio", WindowCostProbe.ratios(ratio))])
    }
}

/// Input pushed through SDL's event queue, as the keyboard and mouse would give it, so that it
/// takes the same routing as theirs.
enum SDLEventInjection {
    static func key(_ sym: SDL_KeyCode, window: OpaquePointer) {
        for type in [SDL_KEYDOWN, SDL_KEYUP] {
            var event = SDL_Event()
            event.type = type.rawValue
            event.key.keysym.sym = SDL_Keycode(sym.rawValue)
            event.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
            event.key.windowID = SDL_GetWindowID(window)
            SDL_PushEvent(&event)
        }
    }

    static func mouseButton(_ type: SDL_EventType, x: Double, y: Double, window: OpaquePointer) {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        event.button.clicks = 1
        event.button.x = Int32(x.rounded())
        event.button.y = Int32(y.rounded())
        event.button.windowID = SDL_GetWindowID(window)
        SDL_PushEvent(&event)
    }

    static func mouseMotion(x: Double, y: Double, window: OpaquePointer) {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.state = 1 // SDL_BUTTON_LMASK: the left button held
        event.motion.x = Int32(x.rounded())
        event.motion.y = Int32(y.rounded())
        event.motion.windowID = SDL_GetWindowID(window)
        SDL_PushEvent(&event)
    }
}
