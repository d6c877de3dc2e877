/// # Inspector
///
/// The tuning inspector's UI: Dear ImGui 1.86 (Debian `libimgui-dev`) drawn with an SDL renderer,
/// and the editor widgets SplashLab needs (number fields, a bezier curve editor, a spring editor, a
/// timeline). Widgets take plain Swift values and return edit events; nothing here knows about
/// scenes, timings files or undo. C++ interoperability is confined to this module and whatever
/// imports it, so the app keeps one thin executable target that imports `Inspector`.
///
/// How an app uses it, once per window:
/// ```swift
/// let inspector = try ImGuiSDLBridge(window: window, renderer: renderer)
/// // every event: let ImGui see it (queued, one change a frame); a key press only when it may be
/// // ImGui's, and the ones it does not take come back after the frame, in order
/// if isKeyPress(event) && !inspector.wantsKeyEvents { previewHandles(event) }
/// else { inspector.handle(sdlEvent: event); if !isKeyPress(event) { previewHandles(event) } }
/// // every frame, after drawing the preview and before presenting:
/// inspector.beginFrame(deltaTime: secondsSinceLastFrame)
/// inspector.panel(title: "Timings", x: 760, y: 0, width: 480, height: 900) {
///     switch inspector.numberField(id: "splash.logo.duration", label: "Logo", value: d,
///                                  range: 0...2, unit: "s") {
///     case .none: break
///     case let .changed(value, isFinal): apply(value); if isFinal { commitUndoStep() }
///     case let .refused(message): log(message)
///     }
///     _ = inspector.curveEditor(id: "curve", points: points, progress: 0.4)
/// }
/// inspector.endFrameAndRender()          // ImGui's draw data, through SDL_RenderGeometryRaw
/// for key in inspector.takeUnclaimedKeyEvents() { previewHandles(key.sdlEvent!) }
/// let json = inspector.registry.json()   // what was drawn where, for end-to-end tests
/// SDL_RenderPresent(renderer)
/// // quitting: the inspector's textures go before the renderer that made them
/// inspector.shutdown()
/// SDL_DestroyRenderer(renderer)
/// ```
/// `wantsMouse` / `wantsKeyboard` say where the next event belongs; `needsAnotherFrame` that
/// queued input is waiting for frames. `lastFrameCost` is what the inspector itself cost in the
/// last frame.
import CImGui
import CSDL2
import Formats
import Foundation

/// A failure to bring the inspector up, with SDL's reason.
public struct InspectorError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ message: String) { description = message }
}

/// What the inspector cost in one frame, in seconds of wall time on the calling thread.
public struct InspectorFrameCost: Equatable, Sendable {
    /// From `beginFrame` through ImGui's `Render()`: input, widgets and ImGui's own layout.
    public var buildSeconds: Double
    /// Issuing the draw data to the SDL renderer (`SDL_RenderGeometryRaw` per command).
    public var renderSeconds: Double
    public var totalSeconds: Double { buildSeconds + renderSeconds }
    public static let zero = InspectorFrameCost(buildSeconds: 0, renderSeconds: 0)
}

/// One ImGui context attached to one SDL window and renderer: input in, frames built, draw data out
/// through the renderer. The work is split as imgui's own backends split it: `ImGuiSDLPlatform`
/// (input, clipboard, cursor) and `ImGuiSDLRenderer` (draw data, font texture), with the font,
/// style and control registry in their own types; this class runs the frames and holds the
/// widgets' state. Not thread-safe (neither is SDL): use it from the thread that owns SDL.
public final class ImGuiSDLBridge {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    /// The TTF used when present; ImGui's built-in bitmap font otherwise.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Text size in window units; the atlas is rasterised at this times the pixel density.
    public static let defaultFontSize = 15.0

    private let context: UnsafeMutablePointer<ImGuiContext>
    private let platform: ImGuiSDLPlatform
    private let drawing: ImGuiSDLRenderer
    private var font: InspectorFont
    public private(set) var isShutDown = false
    public private(set) var isInFrame = false
    /// Whether the atlas is DejaVu Sans (false: the TTF was missing and ImGui's default is used).
    public var usesTrueTypeFont: Bool { font.usesTrueType }
    /// Whether the font draws `character` as itself rather than as ImGui's '?'.
    public func fontHasGlyph(_ character: Unicode.Scalar) -> Bool {
        guard !isShutDown, let atlas = ImGui.GetIO().pointee.Fonts else { return false }
        return CImGuiFontHasGlyph(atlas, character.value)
    }

    /// Panels' backgrounds, filled by the renderer half rather than drawn by ImGui (`panel`).
    private var panelFills: [ImGuiSDLRenderer.Fill] = []

    /// Whether each panel is kept in a texture and drawn again only when what it shows changed
    /// (`ImGuiSDLRenderer.render`); the pixels are the same either way but for a few anti-aliased
    /// text pixels, one level apart.
    public var cachesPanels: Bool {
        get { drawing.cachesPanels }
        set { drawing.cachesPanels = newValue }
    }

    /// The panels drawn again (not copied from their textures) in the last frame, by title.
    public var panelsRedrawnLastFrame: [String] { drawing.panelsRedrawnLastFrame }

    /// Drops the panels' textures, so each is drawn anew: SDL lost their contents
    /// (`SDL_RENDER_TARGETS_RESET`, `SDL_RENDER_DEVICE_RESET`).
    public func invalidatePanelLayers() { drawing.invalidatePanelLayers() }
    /// Whether ImGui will want the keyboard at its next frame, read as the last frame ended.
    private var keyboardWantedAfterFrame = false
    /// Frames drawn since a field asked for the keyboard without taking keys yet.
    private var openingFrames = 0
    /// A field takes keys within a few frames of asking (ImGui focuses it on the next one);
    /// past this many, keys stop waiting for it and go to ImGui as they come.
    static let openingFrameLimit = 8

    private var frameStartNanoseconds: UInt64 = 0
    /// Counts frames, so widget state can tell whether it was drawn in the current one.
    private(set) var frameIndex: UInt64 = 0
    public private(set) var lastFrameCost = InspectorFrameCost.zero
    private var controlRecorder = ControlRecorder()
    /// The controls drawn in the last completed frame.
    public var registry: ControlRegistry { controlRecorder.completed }

    // Widget state that outlives a frame, by the caller's id.
    var numberFieldStates: [String: NumberFieldState] = [:]
    var curveEditorStates: [String: CurveEditorState] = [:]
    var timelineStates: [String: TimelineState] = [:]

    /// - Parameters:
    ///   - fontPath: a TTF to load, or nil for ImGui's built-in font. A missing file also falls back.
    ///   - fontSize: in window units (points on HiDPI).
    public init(window: OpaquePointer, renderer: OpaquePointer,
                fontPath: String? = ImGuiSDLBridge.defaultFontPath,
                fontSize: Double = ImGuiSDLBridge.defaultFontSize) throws {
        self.window = window
        self.renderer = renderer
        guard let context = ImGui.CreateContext(nil) else { throw InspectorError("ImGui could not create a context") }
        self.context = context
        ImGui.SetCurrentContext(context)
        let io = ImGui.GetIO()
        // No imgui.ini: window placement is the app's, and tests must not leave files behind.
        io.pointee.IniFilename = nil
        io.pointee.LogFilename = nil
        platform = ImGuiSDLPlatform(window: window, renderer: renderer, io: io)
        drawing = ImGuiSDLRenderer(renderer: renderer, io: io)
        font = InspectorFont(path: fontPath, size: fontSize)
        InspectorStyle.apply()
        do {
            try font.build(io, density: platform.pixelDensity(), renderer: drawing)
        } catch {
            platform.shutdown()
            ImGui.DestroyContext(context)
            throw error
        }
    }

    deinit {
        // No SDL call here: the renderer may already be gone, and SDL frees a renderer's textures
        // with it. `shutdown()` is where the atlas texture is destroyed while the renderer lives.
        if !isShutDown { ImGui.DestroyContext(context) }
    }

    /// Destroys the font atlas texture, the cursors and the ImGui context. Call it before
    /// destroying the renderer; after it, the bridge makes no SDL or ImGui call (every method
    /// returns at once).
    public func shutdown() {
        guard !isShutDown else { return }
        ImGui.SetCurrentContext(context)
        if isInFrame {
            ImGui.EndFrame()
            isInFrame = false
        }
        drawing.shutdown(ImGui.GetIO())
        platform.shutdown()
        ImGui.DestroyContext(context)
        for state in numberFieldStates.values { state.endTyping() }
        numberFieldStates.removeAll()
        isShutDown = true
    }

    // MARK: Input

    /// Whether ImGui wants the mouse (the pointer is over, or dragging, an inspector control).
    public var wantsMouse: Bool { !isShutDown && withContext { $0.pointee.WantCaptureMouse } }
    /// Whether ImGui wants the keyboard (a field is being typed into, or a control is held), as
    /// the last frame left it. True from the click that opens typing, although ImGui itself
    /// takes two more frames to focus the text entry.
    public var wantsKeyboard: Bool { !isShutDown && (isTypingInField || keyboardWantedAfterFrame) }

    /// Whether a key press must go to `handle` rather than straight to the app: ImGui wants the
    /// keyboard, or a click or key still queued may change that (a click on a field opens it).
    /// Such a press is queued, and taken by ImGui or handed back by `takeUnclaimedKeyEvents()`
    /// when it reaches the head of the queue, in the order it came.
    public var wantsKeyEvents: Bool { !isShutDown && (wantsKeyboard || platform.mayChangeKeyboardOwner) }

    var isTypingInField: Bool { numberFieldStates.values.contains { $0.typingBuffer != nil } }

    /// Who takes a key press at the head of the queue now.
    private var keyboardOwner: KeyboardOwner {
        let opening = numberFieldStates.values.contains { $0.typingBuffer != nil && !$0.entryTakesKeys }
        if opening && openingFrames <= ImGuiSDLBridge.openingFrameLimit { return .opening }
        return wantsKeyboard ? .inspector : .app
    }

    /// Queues one input for ImGui, always, since ImGui must track the pointer even when it is
    /// over the preview. ImGui is given queued input one change per frame from `beginFrame`
    /// (see `InspectorInputQueue`). Returns whether the input is the inspector's: true means the
    /// app should not also act on it. The answer uses ImGui's wants from the last frame, as
    /// ImGui intends.
    @discardableResult
    public func handle(_ input: InspectorInput) -> Bool { handle(QueuedInput(input)) }

    /// Shorthand for `InspectorInput(sdlEvent:)` then `handle(_:)`; false for events it ignores.
    /// A key press that ImGui does not take comes back as this event from `takeUnclaimedKeyEvents()`.
    @discardableResult
    public func handle(sdlEvent event: SDL_Event) -> Bool {
        guard let input = InspectorInput(sdlEvent: event) else { return false }
        return handle(QueuedInput(input, sdlEvent: event))
    }

    private func handle(_ item: QueuedInput) -> Bool {
        guard !isShutDown else { return false }
        platform.enqueue(item)
        let io = withContext { $0 }
        if item.input.isMouse { return io.pointee.WantCaptureMouse }
        if case .text = item.input { return io.pointee.WantTextInput || isTypingInField }
        return wantsKeyboard
    }

    /// Key presses that reached the head of the queue while no control took keys, oldest first:
    /// the app's, to act on as if it had had them at once. Take them after every frame.
    public func takeUnclaimedKeyEvents() -> [QueuedInput] { isShutDown ? [] : platform.takeUnclaimed() }

    /// Empties the queue at once, for when the inspector stops drawing (hidden): returns the key
    /// presses in it, and those not taken yet, for the app.
    public func releasePendingInput() -> [QueuedInput] { isShutDown ? [] : platform.drain() }

    /// Input is queued that ImGui has not been given yet.
    public var hasPendingInput: Bool { !isShutDown && platform.hasPendingInput }

    /// True while input is queued, or the last frame gave ImGui a change (it shows a hover or a
    /// press a frame later), or a field is being typed in (its caret blinks): a window that draws
    /// only on change must draw again.
    public var needsAnotherFrame: Bool {
        !isShutDown && (platform.hasPendingInput || platform.changedLastFrame || isTypingInField || withContext { $0.pointee.WantTextInput })
    }

    // MARK: Frames

    /// Starts a frame: window size, pixel density and the next queued input go to ImGui, and
    /// widgets may be drawn until `endFrameAndRender()`. `deltaTime` is the wall time since the
    /// last frame, in seconds.
    public func beginFrame(deltaTime: Double) {
        guard !isShutDown else { return }
        precondition(!isInFrame, "beginFrame called twice without endFrameAndRender")
        frameStartNanoseconds = monotonicNanoseconds()
        ImGui.SetCurrentContext(context)
        let io = ImGui.GetIO()
        let density = platform.pixelDensity()
        if font.isStale(for: density) {
            // Moved to a display of another density: rasterise text for it. A failure keeps the old
            // atlas, which is only blurrier.
            try? font.build(io, density: density, renderer: drawing)
        }
        platform.newFrame(io, deltaTime: deltaTime, keyboard: keyboardOwner)
        ImGui.NewFrame()
        controlRecorder.beginFrame()
        panelFills.removeAll(keepingCapacity: true)
        isInFrame = true
    }

    /// Ends the frame and draws it with the renderer, over whatever the app drew. The renderer's
    /// viewport, clip rect and scale are as they were before the call.
    public func endFrameAndRender() {
        guard !isShutDown, isInFrame else { return }
        ImGui.SetCurrentContext(context)
        ImGui.Render()
        isInFrame = false
        controlRecorder.endFrame()
        let built = monotonicNanoseconds()
        // A field that was typing but is no longer drawn must not keep the keyboard.
        for state in numberFieldStates.values where state.typingBuffer != nil && state.lastDrawnFrame != frameIndex {
            state.endTyping()
        }
        frameIndex &+= 1
        keyboardWantedAfterFrame = CImGuiKeyboardWantedAfterFrame()
        let opening = numberFieldStates.values.contains { $0.typingBuffer != nil && !$0.entryTakesKeys }
        openingFrames = opening ? openingFrames + 1 : 0
        platform.updateCursor()
        if let drawData = ImGui.GetDrawData() { drawing.render(drawData, fills: panelFills) }
        let rendered = monotonicNanoseconds()
        lastFrameCost = InspectorFrameCost(buildSeconds: Double(built - frameStartNanoseconds) / 1e9,
                                           renderSeconds: Double(rendered - built) / 1e9)
    }

    /// The controls drawn in the last completed frame, in drawing order.
    public var controls: [RegisteredControl] { registry.controls }

    /// Records the last ImGui item under `id`.
    func registerLastItem(id: String, kind: String, value: ControlValue) {
        let min = ImGui.GetItemRectMin(), max = ImGui.GetItemRectMax()
        registerRect(id: id, kind: kind, x: Double(min.x), y: Double(min.y),
                     width: Double(max.x - min.x), height: Double(max.y - min.y), value: value)
    }

    func registerRect(id: String, kind: String, x: Double, y: Double, width: Double, height: Double, value: ControlValue) {
        controlRecorder.register(RegisteredControl(id: id, kind: kind, x: x, y: y, width: width, height: height, value: value))
    }

    // MARK: Panels and plain items

    /// A fixed, opaque inspector panel (no moving, resizing or collapsing: the app lays the window
    /// out) at window coordinates, with `content` drawn inside it.
    public func panel(title: String, x: Double, y: Double, width: Double, height: Double, _ content: () -> Void) {
        guard isInFrame else { return }
        ImGui.SetNextWindowPos(ImVec2(Float(x), Float(y)), ImGuiCond(ImGuiCond_Always.rawValue), ImVec2(0, 0))
        ImGui.SetNextWindowSize(ImVec2(Float(width), Float(height)), ImGuiCond(ImGuiCond_Always.rawValue))
        let flags = ImGuiWindowFlags(ImGuiWindowFlags_NoMove.rawValue | ImGuiWindowFlags_NoResize.rawValue
                                     | ImGuiWindowFlags_NoCollapse.rawValue | ImGuiWindowFlags_NoSavedSettings.rawValue)
        // The background is filled by the renderer half, opaque and untextured (`ImGuiSDLRenderer.render`);
        // ImGui skips a window background whose alpha is 0. Panels are therefore opaque, and are
        // meant to sit side by side, not over each other.
        let colour = ImGui.GetStyleColorVec4(ImGuiCol(ImGuiCol_WindowBg.rawValue)).pointee
        func byte(_ c: Float) -> UInt8 { UInt8(min(max(c, 0), 1) * 255) }
        panelFills.append(ImGuiSDLRenderer.Fill(x: Float(x), y: Float(y), width: Float(width), height: Float(height),
                                                red: byte(colour.x), green: byte(colour.y), blue: byte(colour.z), title: title))
        ImGui.PushStyleColor(ImGuiCol(ImGuiCol_WindowBg.rawValue), UInt32(0))
        let visible = ImGui.Begin(title, nil, flags)
        ImGui.PopStyleColor(1)
        if visible { content() }
        // End() is owed whatever Begin() returned (imgui.h, "Windows").
        ImGui.End()
    }

    /// A short label drawn over everything at window coordinates, outside any panel (the A and B
    /// of a side-by-side comparison), on a dark plate so it reads over any picture.
    public func label(_ string: String, x: Double, y: Double) {
        guard isInFrame, let list = ImGui.GetForegroundDrawList() else { return }
        let size = ImGui.CalcTextSize(string, nil, false, -1)
        let origin = ImVec2(Float(x), Float(y))
        list.pointee.AddRectFilled(ImVec2(origin.x - 4, origin.y - 2), ImVec2(origin.x + size.x + 4, origin.y + size.y + 2),
                                   0xE0_18_18_18, 4, ImDrawFlags(0))
        list.pointee.AddText(origin, 0xFF_FF_FF_FF, string, nil)
        registerRect(id: "label.\(string)", kind: "label", x: x, y: y, width: Double(size.x), height: Double(size.y), value: .text(string))
    }

    /// The next item goes on the same line as the last one.
    public func sameLine() {
        guard isInFrame else { return }
        ImGui.SameLine(0, -1)
    }

    /// A line of text.
    public func text(_ string: String) {
        guard isInFrame else { return }
        ImGui.TextUnformatted(string, nil)
    }

    /// A line of text that changes every frame (a clock, a cost): drawn over the panels rather than
    /// in the one it sits in, at the place and in the clip `text` would use, so that panel's own
    /// drawing stays the same from frame to frame and is copied from its texture
    /// (`ImGuiSDLRenderer.render`). The line keeps the room `text` keeps.
    public func liveText(_ string: String) {
        guard isInFrame, let overlay = ImGui.GetForegroundDrawList(), let own = ImGui.GetWindowDrawList() else { return }
        let position = ImGui.GetCursorScreenPos()
        let size = ImGui.CalcTextSize(string, nil, false, -1)
        overlay.pointee.PushClipRect(own.pointee.GetClipRectMin(), own.pointee.GetClipRectMax(), false)
        overlay.pointee.AddText(position, ImGui.GetColorU32(ImGuiCol(ImGuiCol_Text.rawValue), 1), string, nil)
        overlay.pointee.PopClipRect()
        ImGui.Dummy(size)
    }

    /// A line of text whose value the UI dump carries under `id`, for scripts and tests.
    public func readout(id: String, _ string: String, value: ControlValue) {
        text(string)
        registerLastItem(id: id, kind: "readout", value: value)
    }

    /// A horizontal rule between sections.
    public func separator() {
        guard isInFrame else { return }
        ImGui.Separator()
    }

    /// A push button, registered as `id` (kind `button`); true on the frame it is clicked.
    public func button(id: String, label: String) -> Bool {
        guard isInFrame else { return false }
        pushID(id)
        defer { ImGui.PopID() }
        let clicked = ImGui.Button(label, ImVec2(0, 0))
        registerLastItem(id: id, kind: "button", value: .text(label))
        return clicked
    }

    private func withContext<T>(_ body: (UnsafeMutablePointer<ImGuiIO>) -> T) -> T {
        ImGui.SetCurrentContext(context)
        return body(ImGui.GetIO())
    }
}

/// ImGui's PushID for a string id. The one-pointer overloads (`const char*`, `const void*`) are
/// ambiguous from Swift; the begin/end form is not, and hashes the same bytes.
func pushID(_ id: String) {
    var bytes = Array(id.utf8CString)
    bytes.withUnsafeMutableBufferPointer { buffer in
        let begin = UnsafePointer(buffer.baseAddress!)
        ImGui.PushID(begin, begin + (buffer.count - 1))
    }
}

func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
