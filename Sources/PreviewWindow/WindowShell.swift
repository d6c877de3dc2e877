import App
import Session
import CSDL2
import Formats
import Foundation
import Inspector
import Render
import Scenes

/// The window: `WindowEventRouter` turns SDL events into `WindowAction`s, the pure
/// `WindowState.reduce` decides what they do, `WindowEffectsRunner` carries out the effects
/// (files, processes), `WindowLayout` says where things go, and the frame loop
/// (WindowFrameLoop.swift) draws: the device (or A and B side by side) on the left, the inspector
/// on the right, never over the device.
struct WindowShell {
    var state: WindowState
    let session: PreviewSession
    let renderer: SceneRenderer
    let hud: HUDRenderer
    let touches: TouchMarkerRenderer
    let inspector: ImGuiSDLBridge
    /// A and B on one screen (wipe, overlay, difference).
    let compositor: CompareCompositor
    var router = WindowEventRouter()
    var effects: WindowEffectsRunner
    var frames = FrameLog(capacity: 300)
    var keepAllFrames = false
    var allFrames: [FrameRecord] = []
    /// What drawing the HUD cost last frame; the HUD reports it.
    var hudCost = 0.0
    var inspectorCost = 0.0
    var uiDumpPath: String?
    var lastUIDump = ""
    var stateOutPath: String?
    var lastStateOut = 0.0
    var lastTitle = ""
    /// The difference view's refusal (a renderer without subtractive blending) has been said once.
    var differenceRefusalShown = false
    /// Nothing is drawn while nothing on screen would change: a change (an event, an action, a
    /// new message, the inspector's own need) sets this, and the preview's scenes are compared
    /// with the last drawn ones, which catches playback and scheduled animations within a frame.
    var changedSinceDraw = true
    /// ImGui shows a hover or press one frame after the input that caused it, so every frame
    /// drawn for a change is followed by one more.
    var settleFrames = 0
    var drawnScenes: [Scene] = []
    /// `--reference`: the recording's frames at the size shown, the B side of every compare mode,
    /// and the frame last drawn.
    var referenceFrames: ReferenceFrameTexture?
    var drawnReferenceIndex: Int?
    var lastDrawTime = -Double.infinity
    var framesDrawn = 0
    /// When the heap was last trimmed, and the frame count then (`trimHeapIfDue`).
    var lastHeapTrim = 0.0
    var framesAtLastHeapTrim = -1
    /// `bench --idle`: measures this window at rest, then quits.
    var idleProbe: IdleProbe?
    /// `bench --window`: measures this window's frames against a floor through a scripted session, then quits.
    var costProbe: WindowCostProbe?
    /// Milliseconds from the process's start to the window's first present (the launch
    /// screen's, or the first frame's with --skip-splash), as `bench`'s firstFrameMs counts them.
    var firstPresentMs: Double?
    /// The launch screen as the first frame, and the blink after it (WindowLaunchFrame.swift).
    var launchFramesShown = 0
    var launchPixels: [UInt8]?
    var launchBlink: FrameDifference?
    var holdClockOnce = false
    /// While nothing is to be drawn, the loop waits up to this many seconds for an event.
    var waitForEvent: (Double) -> Void = { seconds in _ = SDL_WaitEventTimeout(nil, Int32(seconds * 1000)) }
    /// What the renderer was last set to show: the appearance (D) and the user's screen (N).
    var shownAppearance: Appearance
    var shownScreen: String?
    /// The Graph view's samples and lint report, kept between frames, and what lint reads of the
    /// window (the logo's outline, the launch frame's blink).
    let graphCache: MotionGraphCache

    /// The window as `configuration` sets it up; its tools are the timeline and the curves, plus
    /// any the configuration names.
    init(session: PreviewSession, renderer: SceneRenderer, refreshRate: Double, replay: InputScript?, document: TimingsDocument,
         configuration: WindowConfiguration, launchArguments: [String]) throws {
        self.session = session
        self.renderer = renderer
        var configuration = configuration
        configuration.tools.formUnion([.timeline, .curves])
        configuration.appearance = session.appearance
        configuration.screens = session.screens
        state = WindowState(playback: Playback(initial: session.preview, log: replay?.events ?? []), document: document, refreshRate: refreshRate,
                            configuration: configuration)
        graphCache = MotionGraphCache(logoOutline: try? renderer.images.logoOutline())
        hud = HUDRenderer(renderer: renderer.context.renderer, text: renderer.text)
        touches = TouchMarkerRenderer(renderer: renderer.context.renderer)
        inspector = try ImGuiSDLBridge(window: renderer.context.window, renderer: renderer.context.renderer)
        compositor = CompareCompositor(scenes: renderer)
        effects = WindowEffectsRunner(session: session, launchArguments: launchArguments)
        shownAppearance = session.appearance
        shownScreen = session.preview.userScreen
    }

    var preview: Preview { state.playback.preview }

    var inspectorVisible: Bool { state.inspectorShown && !state.toolsHidden }

    /// Where things go in the window as it is now.
    var layout: WindowLayout {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        let output = renderer.context.outputSize
        let comparing = state.split && (state.playbackA != nil || comparesReference)
        return WindowLayout(windowWidth: Int(w), windowHeight: Int(h), outputWidth: output.width, outputHeight: output.height,
                            device: preview.feed.device, toolsShown: inspectorVisible, timelineShown: state.tools.contains(.timeline),
                            splitters: state.workbench.splitters, compareMode: comparing ? state.workbench.compareMode : nil,
                            differenceLines: comparing && !comparesReference ? state.document.differencesFromA.count : 0)
    }

    /// Whether the B side is the reference recording rather than A's take.
    var comparesReference: Bool { state.reference != nil && referenceFrames != nil }

    /// The reference frame shown now, locked to the preview's clock (nil: none, or before its first).
    var referenceIndexToShow: Int? { comparesReference && state.split ? state.reference?.frameIndex(at: state.time) : nil }

    /// Applies an action, then carries out its effects and the actions they report back.
    mutating func dispatch(_ action: WindowAction) {
        if !action.isQuiet { changedSinceDraw = true }
        for effect in state.reduce(action) { dispatch(effects.perform(effect)) }
    }

    mutating func dispatch(_ actions: [WindowAction]) {
        for action in actions { dispatch(action) }
    }

    /// Unsaved edits kept by an earlier session that ended without saving: offered, not applied.
    mutating func checkRecovery() {
        dispatch(effects.lookForRecovery(of: state.document))
    }

    // MARK: Files the window keeps up to date

    /// `--ui-dump`: what the window shows (the view: inspector, tools, A / B, touches, rate), the
    /// device viewport and the inspector's controls, rewritten whenever they change.
    mutating func writeUIDump() {
        guard let path = uiDumpPath else { return }
        let layout = self.layout
        let v = layout.viewport
        var controls = layout.inspectorVisible ? inspector.registry.json() : "{\"controls\": []}\n"
        controls.removeFirst()
        let view = JSONOutput.object([
            ("inspector", .bool(state.inspectorShown)), ("toolsHidden", .bool(state.toolsHidden)),
            ("tools", .array(Tool.allCases.filter { state.tools.contains($0) }.map { .string($0.rawValue) })),
            ("split", .bool(state.split)), ("showingA", .bool(state.showingA)), ("touches", .bool(state.showTouches)),
            ("rate", .number(state.rate)), ("paused", .bool(state.isPaused)),
            ("hasA", .bool(state.playbackA != nil)), ("capturing", .bool(state.capturing)),
            ("appearance", .string(state.appearance.rawValue)), ("screen", state.shownPlayback.preview.userScreen.map(JSONOutput.string) ?? .null),
            ("launchFramesShown", .int(launchFramesShown)),
            ("launchBlink", launchBlink.map { .object([("differingPixels", .int($0.differingPixels)), ("largestColorDistance", .number($0.largestColorDistance))]) } ?? .null),
            ("selectedTrack", state.selectedTrack.map { .string($0) } ?? .null),
        ])
        let text = "{\"view\": \(view.text),\n \"viewport\": {\"x\": \(JSONOutput.number(v.x).text), \"y\": \(JSONOutput.number(v.y).text), "
            + "\"width\": \(JSONOutput.number(v.width).text), \"height\": \(JSONOutput.number(v.height).text)},\n "
            + "\"layout\": \(layoutJSON(layout).text),\n "
            + "\"comments\": \(JSONOutput.array(state.comments.map(\.json)).text),\n " + controls
        guard text != lastUIDump else { return }
        let reported = effects.perform(.writeKeptFile(text, path: path))
        if case .view(.keptFileWritten(_, failure: nil))? = reported.first { lastUIDump = text }
        dispatch(reported)
    }

    /// `--state-out`: the shown take's `state` object, ten times a second, written whole (a
    /// temporary file and a rename) so a reader never sees half of it.
    mutating func writeStateOut(now: Double) {
        guard let path = stateOutPath, now - lastStateOut >= 0.1 else { return }
        lastStateOut = now
        dispatch(effects.perform(.writeKeptFile(state.shownPlayback.state.text + "\n", path: path)))
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
}
